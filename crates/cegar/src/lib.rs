//! `cegar` owns predicate abstraction with counterexample-guided abstraction refinement
//! (docs/design.md §6): the abstract reachability tree, precisions and the predicate table, regions
//! as BDDs, Boolean and Cartesian abstraction, block operators (`lbe`, `sbe`, `l`, `lf`),
//! refinement by WP/SP sequence interpolants with unsat cores, predicate split strategies,
//! and the certificate check of a TRUE verdict.
//!
//! It knows CFAs, terms and the `Solver` interface; it knows neither C nor Z3 (quantifier
//! elimination is asked of the solver backend through `SolverFactory`).

#![forbid(unsafe_code)]

pub mod abstraction;
pub mod art;
pub mod blocks;
pub mod candidates;
pub mod certificate;
pub mod compact;
pub mod dependence;
pub mod dot;
mod engine;
pub mod lift;
pub mod precision;
pub mod refine;
pub mod region;
pub mod split;
pub mod waitlist;

pub use abstraction::{AbstractionKind, AbstractionStats, Abstractor};
pub use blocks::BlockOperator;
pub use certificate::{Certificate, CertificateStats};
pub use engine::{cegar, cegar_with, CegarOptions, CegarOutcome, CegarRun, CegarStats};
pub use precision::{PrecisionScope, PredicateTable};
pub use refine::RefineKind;
pub use split::{SplitKind, SplitStrategy};
pub use waitlist::SearchOrder;
