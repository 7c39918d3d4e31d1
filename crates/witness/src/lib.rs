//! `witness` owns the evidence behind verdicts: concrete counterexamples (found by
//! solving a path, checked by executing it), the counterexample file, the SV-COMP
//! conventions the harness needs, and replay with the system compiler.
//!
//! It knows the CFA and terms, and asks solvers only through `logic::SolverFactory`; it
//! knows no engine and no C front end.

pub mod cex;
pub mod cexfile;
pub mod replay;
pub mod svcomp;

pub use cex::{concretize, render_value, Counterexample, InputValue};
pub use cexfile::CexFile;
pub use replay::{replay, Replay};
