//! `witness` owns the evidence behind verdicts: concrete counterexamples (found by
//! solving a path, checked by executing it), the counterexample file, the C harness and
//! replay with the system compiler, and SV-COMP
//! violation and correctness witnesses (written, and read back for validation; invariants
//! printed as C expressions).
//!
//! It knows the CFA and terms, and asks solvers only through `logic::SolverFactory`; it
//! knows no engine and no C front end: the C text it must read (places a witness names,
//! the SV-COMP dialect's names) it reads through `ctext`.

#![forbid(unsafe_code)]

pub mod c_expr;
pub mod cex;
pub mod cexfile;
pub mod chain;
pub mod contract;
pub mod correctness;
pub mod float_text;
mod graphml;
pub mod kind;
pub mod names;
pub mod read_violation;
pub mod replay;
pub mod trace_text;
pub mod violation;

pub use cex::{
    checked, concretize, concretize_in_windows, execute_path, render_value, Counterexample,
    InputValue,
};
pub use cexfile::CexFile;
pub use replay::{replay, Replay};
