//! The textual CFA format, for tests, research and exchange.
//!
//! ```text
//! var x: bv32
//! var n: bv32 input(__VERIFIER_nondet_int)
//! loc l0 init
//! loc l1 loophead
//! loc err error
//! l0 -> l1 { havoc n @2:3 "int n = __VERIFIER_nondet_int();"; x := 0 }
//! l1 -> l1 { assume x <u n; x := x + 1 }
//! l1 -> err { choice { assume x >u 10 } or { assume x == 3 } }
//! ```
//! Location attributes: `init` (exactly one), `error`, `exit`, `sink`, `loophead`,
//! `fentry`, `fexit`. Statements: `assume e`, `x := e`, `havoc x`, `skip`, `{ s; s }`,
//! `choice { s } or { s }`; each primitive may carry its source origin `@line:col "text"`.
//! Terms use the infix syntax of `logic::syntax`. `print(parse(t)) == t` for printed `t`.
//!
//! A procedural program (`crate::program`) adds its functions and calls:
//!
//! ```text
//! function fibo entry f0 exit f9 locals (fibo.n, fibo.return, fibo.t)
//! f3 -> f4 { call fibo(fibo.n := fibo.n - 1) returns (fibo.t := fibo.return) }
//! ```

mod parse;
mod print;

pub use parse::{parse_cfa, parse_program};
pub(crate) use print::call_text;
pub use print::{primitive_text, print_cfa, print_program, print_stmt};

/// Location attribute keywords (not usable as location names).
pub(crate) const LOC_ATTRS: [&str; 7] = [
    "init", "error", "exit", "sink", "loophead", "fentry", "fexit",
];
