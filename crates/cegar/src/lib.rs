//! `cegar` owns predicate abstraction with counterexample-guided abstraction refinement
//! (docs/design.md §6): the abstract reachability tree, precisions and the predicate table, regions
//! as BDDs, Boolean and Cartesian abstraction, block operators (`lbe`, `sbe`, `l`, `lf`),
//! refinement by WP/SP sequence interpolants with unsat cores, predicate split strategies,
//! and the certificate check of a TRUE verdict.
//!
//! It knows CFAs, terms and the `Solver` interface; it knows neither C nor Z3 (quantifier
//! elimination is asked of the solver backend through `SolverFactory`).

#![forbid(unsafe_code)]

/// The crate's modules: private, its interface being the re-exports below; public with
/// the `test-support` feature, which the crate's own tests and the criterion benchmarks
/// turn on to reach single ingredients (an abstraction, an interpolant, a certificate
/// check) without a whole run.
macro_rules! internal {
    ($($m:ident),* $(,)?) => {
        $(
            #[cfg(feature = "test-support")]
            pub mod $m;
            #[cfg(not(feature = "test-support"))]
            mod $m;
        )*
    };
}

internal!(
    abstraction,
    art,
    blocks,
    candidates,
    certificate,
    compact,
    dependence,
    dot,
    engine,
    lift,
    precision,
    refine,
    region,
    split,
    waitlist,
);

pub use abstraction::{AbstractionKind, AbstractionStats, Abstractor};
pub use blocks::BlockOperator;
pub use certificate::{Certificate, CertificateStats};
pub use engine::{cegar, cegar_with, CegarOptions, CegarOutcome, CegarRun, CegarStats};
pub use precision::{PrecisionScope, PredicateTable};
pub use refine::RefineKind;
pub use split::{SplitKind, SplitStrategy};
pub use waitlist::SearchOrder;
