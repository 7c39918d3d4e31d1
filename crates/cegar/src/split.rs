//! Predicate split strategies (Böhm, *Predicate Granularity in Predicate Abstraction*):
//! how an interpolant becomes predicates before it enters the precision.
//!
//! A strategy sees the interpolant and where it comes from (the path, the position), so
//! that strategies that need dependence information (PDG, CDG, SSA) plug in here without
//! touching the refinement. Whatever the strategy, nothing of the interpolant may be
//! dropped: the predicates together must be able to express it.

use cfa::{Cfa, EdgeId};
use logic::{Term, TermStore};

/// Where an interpolant was found.
pub struct SplitContext<'a> {
    pub cfa: &'a Cfa,
    /// The abstract path's edges.
    pub path: &'a [EdgeId],
    /// The interpolant holds after `path[position - 1]`.
    pub position: usize,
}

pub trait SplitStrategy {
    fn name(&self) -> &'static str;
    /// The predicates for `interpolant` (constants are dropped by the caller).
    fn split(&self, terms: &TermStore, interpolant: Term, ctx: &SplitContext) -> Vec<Term>;
}

/// Every atom becomes a predicate (the classic choice; ATOMIC in Böhm's study).
pub struct Atomic;

impl SplitStrategy for Atomic {
    fn name(&self) -> &'static str {
        "atomic"
    }
    fn split(&self, terms: &TermStore, interpolant: Term, _: &SplitContext) -> Vec<Term> {
        terms.atoms(interpolant)
    }
}

/// The interpolant as a whole is one predicate (NONE in Böhm's study).
pub struct Whole;

impl SplitStrategy for Whole {
    fn name(&self) -> &'static str {
        "none"
    }
    fn split(&self, _: &TermStore, interpolant: Term, _: &SplitContext) -> Vec<Term> {
        vec![interpolant]
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SplitKind {
    Atomic,
    None,
}

impl SplitKind {
    pub fn strategy(self) -> Box<dyn SplitStrategy> {
        match self {
            SplitKind::Atomic => Box::new(Atomic),
            SplitKind::None => Box::new(Whole),
        }
    }
}
