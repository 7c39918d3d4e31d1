//! `bmc` owns bounded model checking over a CFA (docs/design.md §7): the CFA is unrolled step by
//! step from init into one incremental SMT problem; each bound adds one step and asks one
//! query, so the first satisfiable bound gives a shortest counterexample.
//!
//! k-induction (`kind`) reuses the unrolling: its step case starts at every location;
//! `reaching` asks it for executions that reach given locations (samples for invariant
//! learning).
//!
//! It knows CFAs, path formulas and the `Solver` interface, not C and not Z3.

#![forbid(unsafe_code)]

mod kind;
mod reach;
pub mod symex;
mod unroll;

pub use kind::{kind, KindOptions, KindStats};
pub use reach::reaching;
pub use symex::{symex, SymexOptions, SymexOutcome, SymexStats};
pub use unroll::{bmc, BmcOptions, BmcOutcome, BmcStats};
