//! `cfront` owns C: it turns an SV-COMP C program into a procedural CFA (a single-block
//! CFA per function, joined by call edges) with exact, bit-precise semantics (C11 6.3
//! conversions, two's complement, ILP32 or LP64), models the SV-COMP intrinsics and
//! instruments the property (`unreach-call` or `no-overflow`); `translate` also flattens
//! it with `cfa::inline`. It also reads property files and task definitions.
//!
//! It knows `lang-c`'s AST, the CFA and terms; it knows no engine and no solver.
//!
//! Choices where C leaves the behaviour undefined (documented in the README too):
//! - signed overflow wraps (two's complement) for `unreach-call`; for `no-overflow` it is
//!   the property;
//! - division by zero and `INT_MIN / -1` (`/` and `%`) end the execution, as they do on
//!   x86 (`idiv` traps): no path continues past them, so no counterexample relies on a
//!   value the compiled program never computes;
//! - shifts by negative or too large amounts give a nondeterministic value (any value:
//!   nothing is hidden, nothing invented);
//! - an array access out of bounds leads to a location that makes the verdict UNKNOWN
//!   (if reachable), as do a call through a null function pointer or through a pointer to
//!   a function of an incompatible type (calls through pointers are case splits over the
//!   functions whose address the program takes, `lower/fnptr.rs`), and any construct the
//!   front end does not support.

#![forbid(unsafe_code)]

pub mod dialect;
pub mod lower;
pub mod property;
pub mod record;
pub mod source;
pub mod svcomp;
pub mod types;

pub use lower::{
    translate, translate_program, translate_with, unsupported, FrontOptions, Procedural,
    Translation, EXIT_STATUS, HEAP_BOUND,
};

/// The input function that stands for the value of an uninitialised scalar local.
pub const UNINIT_FUNCTION: &str = "__boulder_uninit";
pub use ctext::svcomp::ARGC_INPUT;

/// The program text for replay: the preprocessed source with every uninitialised local
/// (scalars, arrays and structs of integers) initialised by calls of `__boulder_uninit()`,
/// which the replay harness answers with the counterexample's values in order. Reading an
/// uninitialised local is nondeterministic for Boulder; this makes the compiled program
/// read exactly the counterexample's values.
/// Built in one pass (inserting into the text one site at a time was quadratic: 18 % of
/// `boulder cfa` on a 3 MB program).
pub fn replay_source(source: &Source, sites: &[(usize, String)]) -> String {
    let text = &source.text;
    let mut order: Vec<&(usize, String)> = sites
        .iter()
        .filter(|(at, _)| *at <= text.len() && text.is_char_boundary(*at))
        .collect();
    // Stable: sites at one offset keep their order.
    order.sort_by_key(|(at, _)| *at);
    let mut out =
        String::with_capacity(text.len() + order.iter().map(|(_, s)| s.len()).sum::<usize>());
    let mut done = 0;
    for (at, init) in order {
        out.push_str(&text[done..*at]);
        out.push_str(init);
        done = *at;
    }
    out.push_str(&text[done..]);
    out
}
pub use property::{parse_task, read_prp, read_task, Property, Task};
pub use source::{DataModel, Source};

/// Why a program could not be turned into a CFA.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrontError {
    /// The file cannot be read.
    #[error("{0}")]
    Io(String),
    /// The input is not a usable program (empty, binary, no `main`, preprocessor error).
    #[error("{0}")]
    Input(String),
    /// A syntax error, located in the user's file.
    #[error("{file}:{line}:{col}: syntax error: {message}")]
    Syntax {
        file: String,
        line: u32,
        col: u32,
        message: String,
    },
    /// A program no C compiler accepts (a constraint violation: an undeclared identifier,
    /// a call with the wrong number of arguments to a prototype, …), located in the
    /// user's file, wherever it stands in the program: reported as gcc reports it.
    #[error("{file}:{line}:{col}: error: {message}")]
    Invalid {
        file: String,
        line: u32,
        col: u32,
        message: String,
    },
    /// A construct the front end does not support, outside any function body (inside one,
    /// it becomes a location that makes the verdict UNKNOWN only if reachable).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The time limit ran out (inlining).
    #[error("timeout")]
    Timeout,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_source_inserts_every_site_at_its_offset_of_the_original_text() {
        let source = Source::from_text("t.i", "int a; int b;");
        let sites = vec![
            (12, " = y()".to_string()),
            (5, " = x()".to_string()),
            (12, "".to_string()),
            (99, "beyond the text".to_string()),
        ];
        assert_eq!(replay_source(&source, &sites), "int a = x(); int b = y();");
        let both = vec![(5, "1".to_string()), (5, "2".to_string())];
        assert_eq!(replay_source(&source, &both), "int a12; int b;");
    }
}
