//! The C name of each variable the translator declares, recorded in its declaration
//! (`cfa::CName`): traces and witnesses read it there instead of decoding the
//! translator's naming, which only this module knows.
//!
//! The names the translator builds: a global keeps its C name (`g`, `s.f` for a member's
//! leaf); a local or a static local of function `f` is `f.x` (`f.s.f`) — no global can be
//! called `f` too (C11 6.2.1: one ordinary identifier per file scope); its own variables live under scopes of their own
//! (`tmp.3`, `nondet.2`, `exit.status`, `scanf.result.2`, `input.4`, `atexit.slot0`) or
//! have a part that is no C identifier: a keyword (`f.return`), a `$` (a union's word
//! `u$bytes`), a number (a heap object `f.heap.l12c12.0`).

use cfa::CName;

/// Scopes of the translator's own variables.
const OWN_SCOPES: [&str; 6] = ["exit", "nondet", "tmp", "scanf", "input", "atexit"];

/// The C name of the variable the translator asked to call `requested` (declared under
/// another name if `renamed`); `is_function` tells the program's functions.
pub(crate) fn c_name(
    requested: &str,
    renamed: bool,
    is_function: &dyn Fn(&str) -> bool,
) -> Option<CName> {
    let (scope, lvalue) = match requested.split_once('.') {
        Some((scope, _)) if OWN_SCOPES.contains(&scope) => return None,
        Some((scope, rest)) if is_function(scope) => (Some(scope.to_string()), rest),
        _ => (None, requested),
    };
    // A keyword is never the user's name: `f.return` is the function's return value.
    (!lvalue.is_empty() && lvalue.split('.').all(ctext::is_identifier)).then(|| CName {
        lvalue: lvalue.to_string(),
        scope,
        renamed,
    })
}

#[cfg(test)]
mod tests {
    use super::c_name;

    fn named(name: &str, renamed: bool) -> Option<cfa::CName> {
        c_name(name, renamed, &|f| f == "main")
    }

    fn lvalue(name: &str) -> Option<String> {
        named(name, false).map(|c| c.lvalue)
    }

    #[test]
    fn user_variables_have_c_names_and_the_translators_do_not() {
        assert_eq!(lvalue("g").as_deref(), Some("g"));
        assert_eq!(lvalue("main.s.f").as_deref(), Some("s.f"));
        assert_eq!(
            named("main.s.f", false).unwrap().scope.as_deref(),
            Some("main")
        );
        assert_eq!(named("g", false).unwrap().scope, None);
        // A global struct's member is no local of a function `s`.
        let member = named("s.f", false).unwrap();
        assert_eq!((member.lvalue.as_str(), member.scope), ("s.f", None));
        assert_eq!(lvalue("main.return"), None);
        assert_eq!(lvalue("nondet.3"), None);
        assert_eq!(lvalue("tmp.7"), None);
        assert_eq!(lvalue("main.u$bytes"), None);
        assert_eq!(lvalue("main.heap.l12c12.0"), None);
        assert!(named("main.x", true).unwrap().renamed);
    }
}
