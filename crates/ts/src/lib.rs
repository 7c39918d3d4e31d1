//! `ts` owns the bit-level half of Boulder (docs/design.md §8, the LLUMC paper): a CFA becomes a
//! transition system over bits — a binary program counter and the live program variables
//! as latches, `havoc` values and choice selectors as inputs, one step of the transition
//! relation running one CFA edge (on the LBE CFA, a whole loop-free block). It is
//! bit-blasted into an and-inverter graph ([`aig`], [`blast`]), turned into CNF by Tseitin
//! ([`cnf`]), written as DimSpec and AIGER ([`dimspec`], [`aiger`]), and solved by
//! incremental-SAT BMC ([`bmc`]) and IC3 ([`ic3`]) on CaDiCaL behind a small trait
//! ([`sat`]), and searched for long counterexamples by random simulation ([`sim`]).
//! DimSpec files written by other tools are read and solved the same way.
//! The same blaster and SAT solver also serve the word-level engines as a
//! `logic::Solver` ([`blast_solver`]: CEGAR's abstractions).
//!
//! It knows CFAs and terms, not C; it decides nothing with Z3. A counterexample leaves
//! this crate as a path of CFA edges, which the caller concretises and replays like every
//! other engine's.

#![forbid(unsafe_code)]

pub mod aiger;
pub mod blast_solver;
pub mod bmc;
pub mod build;
pub mod cnf;
pub mod dimspec;
pub mod ic3;
pub mod invariant;
pub mod sim;
pub mod system;
pub mod trace;

/// Modules of the bit-level machinery that other crates do not use: private, and public
/// with the `test-support` feature, which the crate's own tests and the criterion
/// benchmarks turn on to test the and-inverter graph and the blaster on their own.
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

internal!(aig, blast, liveness, sat, symex, words);

pub use build::{build, BuildOptions, EncodeError};
pub use cnf::Transys;
pub use system::BitSystem;
