//! `witness` owns the evidence behind verdicts: concrete counterexamples (found by
//! solving a path, checked by executing it), their JSON form, SV-COMP witnesses, C test
//! harnesses and replay with the system compiler.
//!
//! It knows the CFA and terms, and asks solvers only through `logic::SolverFactory`; it
//! knows no engine.

pub mod cex;

pub use cex::{concretize, render_value, Counterexample, InputValue};
