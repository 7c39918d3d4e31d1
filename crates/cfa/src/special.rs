//! Special locations: error locations that do not stand for the property. A run that
//! reaches one ends UNKNOWN, for a reason the location carries; what kind of reason it is
//! decides what a portfolio may still try (a deeper inlining, more heap objects) and what
//! no engine can change (a construct the front end does not model).

use std::fmt;

/// Why reaching a special location ends a run without a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecialKind {
    /// A construct the translation does not model: whatever follows it is unknown, for
    /// every engine alike.
    Unsupported,
    /// Undefined behaviour (C11 3.4.3) other than the property's own: the program has no
    /// meaning from there on.
    UndefinedBehaviour,
    /// More objects allocated at one call than the heap bound provides: a run with a
    /// larger bound may decide.
    HeapBound,
    /// A call beyond the recursion depth of the inlining: a deeper inlining may decide.
    RecursionBound,
}

impl SpecialKind {
    /// The kind's name in reports (`--json`'s `unknown.kind`, bench's reason classes).
    pub fn name(self) -> &'static str {
        match self {
            SpecialKind::Unsupported => "unsupported",
            SpecialKind::UndefinedBehaviour => "undefined-behaviour",
            SpecialKind::HeapBound => "heap-bound",
            SpecialKind::RecursionBound => "recursion-bound",
        }
    }

    /// The kind named `name` ([`SpecialKind::name`]).
    pub fn from_name(name: &str) -> Option<SpecialKind> {
        [
            SpecialKind::Unsupported,
            SpecialKind::UndefinedBehaviour,
            SpecialKind::HeapBound,
            SpecialKind::RecursionBound,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }

    /// Whether every engine meets it alike, so that one engine that searched all the
    /// other runs settles the question for all (a bound can be raised; a construct the
    /// front end does not model, or undefined behaviour, stays).
    pub fn is_final(self) -> bool {
        matches!(
            self,
            SpecialKind::Unsupported | SpecialKind::UndefinedBehaviour
        )
    }
}

/// The reason a special location carries.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Special {
    pub kind: SpecialKind,
    /// What the run met, in a C programmer's words ("a pointer stored into an integer").
    pub what: String,
    /// Where, as a compiler says it (`file:line:col`), if the construct has a place.
    pub at: Option<String>,
}

impl Special {
    pub fn new(kind: SpecialKind, what: impl Into<String>, at: Option<String>) -> Special {
        Special {
            kind,
            what: what.into(),
            at,
        }
    }
}

/// `unsupported: a pointer stored into an integer at f.c:6:12`: the words of an UNKNOWN.
impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = match self.kind {
            SpecialKind::Unsupported => "unsupported",
            SpecialKind::UndefinedBehaviour => "undefined behaviour",
            SpecialKind::HeapBound | SpecialKind::RecursionBound => "bound reached",
        };
        write!(f, "{head}: {}", self.what)?;
        if let Some(at) = &self.at {
            write!(f, " at {at}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_special_reads_kind_what_and_place() {
        let s = Special::new(
            SpecialKind::Unsupported,
            "a pointer stored into an integer",
            Some("f.c:6:12".into()),
        );
        assert_eq!(
            s.to_string(),
            "unsupported: a pointer stored into an integer at f.c:6:12"
        );
        let r = Special::new(SpecialKind::RecursionBound, "recursion deeper than 2", None);
        assert_eq!(r.to_string(), "bound reached: recursion deeper than 2");
        for k in [
            SpecialKind::Unsupported,
            SpecialKind::UndefinedBehaviour,
            SpecialKind::HeapBound,
            SpecialKind::RecursionBound,
        ] {
            assert_eq!(SpecialKind::from_name(k.name()), Some(k));
        }
        assert!(SpecialKind::Unsupported.is_final() && !SpecialKind::HeapBound.is_final());
    }
}
