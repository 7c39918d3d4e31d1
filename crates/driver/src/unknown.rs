//! Why a run ended without a verdict, typed from the engine to the verdict line: through
//! the JSON a portfolio child prints (`unknown`), into the portfolio's one reason, into
//! bench's reason classes. Decisions read the type, never the wording; the wording
//! ([`fmt::Display`]) is for the user.

use cfa::{Special, SpecialKind};
use logic::progress::Milestone;
use logic::Stop;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Value as Json};
use std::fmt;

/// Why there is no verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// A run reaches a special location: a construct the front end does not model,
    /// undefined behaviour, or a bound of the translation. `settled`: the engine searched
    /// every other run and none reaches the error location, so (for a kind that every
    /// engine meets alike, [`SpecialKind::is_final`]) no other engine can decide either.
    Special { special: Special, settled: bool },
    /// The time limit passed; how far the engine got, if it said.
    Timeout { reached: Option<String> },
    /// SIGINT or SIGTERM; how far the engine got.
    Interrupted { reached: Option<String> },
    /// The engine reached a bound it was given (`--bound`, `--max-unwind`,
    /// `--max-refinements`, …): a larger one may decide.
    EngineBound { why: String },
    /// The engine stopped for a reason of its own: its size limits, a refinement without
    /// progress, a simulation without a bad state, a check it could not finish.
    Stopped { why: String },
    /// The counterexample found did not replay (docs/design.md §9: then it is no FALSE).
    NotReplayed { why: String },
    /// An engine's process ended without a report.
    Failed { why: String },
    /// `validate`: the witness was not confirmed (`refuted`: shown not to hold).
    Witness { why: String, refuted: bool },
}

impl Unknown {
    /// The engine's own reason.
    pub fn from_engine(reason: Stop) -> Unknown {
        match reason {
            Stop::Timeout => Unknown::timeout(),
            Stop::Bound(why) => Unknown::EngineBound { why },
            other @ (Stop::WorkLimit | Stop::Other(_)) => Unknown::Stopped {
                why: other.to_string(),
            },
        }
    }

    /// A timeout, with the last milestone this process's engine reported.
    pub fn timeout() -> Unknown {
        Unknown::Timeout {
            reached: logic::progress::last().map(|m: Milestone| m.to_string()),
        }
    }

    /// An interrupt, with the last milestone this process's engine reported.
    pub fn interrupted() -> Unknown {
        Unknown::Interrupted {
            reached: logic::progress::last().map(|m: Milestone| m.to_string()),
        }
    }

    /// The class of the reason: `--json`'s `unknown.class` and bench's reason classes.
    pub fn class(&self) -> &'static str {
        match self {
            Unknown::Special { special, .. } => special.kind.name(),
            Unknown::Timeout { .. } => "timeout",
            Unknown::Interrupted { .. } => "interrupted",
            Unknown::EngineBound { .. } => "bound",
            Unknown::Stopped { .. } => "stopped",
            Unknown::NotReplayed { .. } => "no-replay",
            Unknown::Failed { .. } => "crash",
            Unknown::Witness { .. } => "witness",
        }
    }

    /// Whether no other engine can decide the program either: a construct or undefined
    /// behaviour every engine meets alike, reached where every other run was searched.
    pub fn is_final(&self) -> bool {
        matches!(self, Unknown::Special { special, settled: true } if special.kind.is_final())
    }

    pub fn is_timeout(&self) -> bool {
        matches!(self, Unknown::Timeout { .. })
    }

    /// The typed form of `--json`'s `unknown`.
    pub fn to_json(&self) -> Json {
        let mut o = json!({ "class": self.class() });
        match self {
            Unknown::Special { special, settled } => {
                o["what"] = json!(special.what);
                o["at"] = json!(special.at);
                o["settled"] = json!(settled);
            }
            Unknown::Timeout { reached } | Unknown::Interrupted { reached } => {
                o["reached"] = json!(reached);
            }
            Unknown::EngineBound { why }
            | Unknown::Stopped { why }
            | Unknown::NotReplayed { why }
            | Unknown::Failed { why } => {
                o["why"] = json!(why);
            }
            Unknown::Witness { why, refuted } => {
                o["why"] = json!(why);
                o["refuted"] = json!(refuted);
            }
        }
        o
    }

    /// Reads [`Unknown::to_json`]'s form back.
    pub fn from_json(v: &Json) -> Option<Unknown> {
        let text = |k: &str| v[k].as_str().map(str::to_string);
        let class = v["class"].as_str()?;
        Some(match class {
            "timeout" => Unknown::Timeout {
                reached: text("reached"),
            },
            "interrupted" => Unknown::Interrupted {
                reached: text("reached"),
            },
            "bound" => Unknown::EngineBound { why: text("why")? },
            "stopped" => Unknown::Stopped { why: text("why")? },
            "no-replay" => Unknown::NotReplayed { why: text("why")? },
            "crash" => Unknown::Failed { why: text("why")? },
            "witness" => Unknown::Witness {
                why: text("why")?,
                refuted: v["refuted"].as_bool()?,
            },
            kind => Unknown::Special {
                special: Special::new(SpecialKind::from_name(kind)?, text("what")?, text("at")),
                settled: v["settled"].as_bool()?,
            },
        })
    }
}

/// As [`Unknown::to_json`] writes it.
impl Serialize for Unknown {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Unknown {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unknown, D::Error> {
        let v = Json::deserialize(d)?;
        Unknown::from_json(&v)
            .ok_or_else(|| serde::de::Error::custom(format!("not a reason of UNKNOWN: {v}")))
    }
}

/// The words after `UNKNOWN` on the verdict line.
impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unknown::Special { special, .. } => write!(f, "{special}"),
            Unknown::Timeout { reached: None } => write!(f, "timeout"),
            Unknown::Timeout { reached: Some(r) } => write!(f, "timeout; reached {r}"),
            Unknown::Interrupted { reached: None } => write!(f, "interrupted"),
            Unknown::Interrupted { reached: Some(r) } => write!(f, "interrupted; reached {r}"),
            Unknown::EngineBound { why } | Unknown::Stopped { why } => write!(f, "{why}"),
            Unknown::NotReplayed { why } => write!(f, "the counterexample does not replay: {why}"),
            Unknown::Failed { why } => write!(f, "failed: {why}"),
            Unknown::Witness { why, refuted: true } => write!(f, "witness refuted: {why}"),
            Unknown::Witness {
                why,
                refuted: false,
            } => {
                write!(f, "witness not confirmed: {why}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_goes_through_json_unchanged() {
        let all = [
            Unknown::Special {
                special: Special::new(SpecialKind::Unsupported, "x", Some("f.c:1:2".into())),
                settled: true,
            },
            Unknown::Special {
                special: Special::new(SpecialKind::RecursionBound, "recursion", None),
                settled: false,
            },
            Unknown::Timeout { reached: None },
            Unknown::Timeout {
                reached: Some("bound 3".into()),
            },
            Unknown::Interrupted { reached: None },
            Unknown::EngineBound {
                why: "bound 100 reached".into(),
            },
            Unknown::Stopped {
                why: "refinement made no progress".into(),
            },
            Unknown::NotReplayed { why: "w".into() },
            Unknown::Failed {
                why: "killed".into(),
            },
            Unknown::Witness {
                why: "w".into(),
                refuted: true,
            },
        ];
        for u in all {
            assert_eq!(Unknown::from_json(&u.to_json()), Some(u.clone()), "{u}");
        }
    }

    #[test]
    fn only_a_settled_construct_every_engine_meets_is_final() {
        let at = |kind, settled| Unknown::Special {
            special: Special::new(kind, "x", None),
            settled,
        };
        assert!(at(SpecialKind::Unsupported, true).is_final());
        assert!(at(SpecialKind::UndefinedBehaviour, true).is_final());
        assert!(!at(SpecialKind::Unsupported, false).is_final());
        assert!(!at(SpecialKind::HeapBound, true).is_final());
        assert!(!at(SpecialKind::RecursionBound, true).is_final());
        assert_eq!(Unknown::from_engine(Stop::Timeout).class(), "timeout");
        let bound = Stop::Bound("bound 9 reached".into());
        assert_eq!(Unknown::from_engine(bound).class(), "bound");
        assert_eq!(
            Unknown::from_engine("no bad state".into()).class(),
            "stopped"
        );
    }
}
