//! `logic` owns Boulder's term language: hash-consed terms and sorts (Bool, bit-vectors,
//! mathematical integers, arrays), the simplifying builder, substitution and SSA renaming,
//! evaluation under concrete values, the infix syntax and SMT-LIB 2 printing, the
//! [`Solver`] interface and its Z3 backend.
//!
//! It knows nothing of programs: no locations, edges, C or verdicts. Everything above it
//! speaks in [`Term`]s of one shared [`TermStore`].

pub mod build;
pub mod bv_int;
pub mod chc;
pub mod eval;
pub mod float;
mod ite;
pub mod program;
pub mod progress;
pub mod qe;
pub mod random;
mod simplify;
pub mod smtlib;
pub mod solver;
pub mod sort;
pub mod stop;
pub mod syntax;
pub mod term;
pub mod traverse;
pub mod value;
pub mod z3;

pub use build::SortError;
pub use solver::{SatResult, Solver, SolverFactory, SolverStats};
pub use sort::{ScalarSort, Sort};
pub use stop::Stop;
pub use term::{Op, Term, TermStore, VarId, VarInfo};
pub use value::{EvalError, Value};
pub use z3::{Z3Solver, Z3SolverKind, Z3};
