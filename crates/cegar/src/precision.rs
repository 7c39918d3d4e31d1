//! Predicates and precisions.
//!
//! Every predicate the analysis ever uses is interned once in the [`PredicateTable`]; its
//! index is its BDD variable, so a region means the same thing at every location and
//! under every precision, and coverage between states built with different precisions is
//! a plain BDD implication. A [`Precision`] says which predicates each location tracks
//! (docs/design.md §6: per location by default, global as an option).

use biodivine_lib_bdd::BddVariable;
use cfa::LocationId;
use logic::{Op, Term, TermStore};
use rustc_hash::FxHashMap;

/// The most predicates one run may create (BDD variables are 16-bit).
pub const MAX_PREDICATES: usize = 65_000;

/// Index of a predicate in the table, equal to its BDD variable's index.
pub type PredicateId = u16;

pub struct PredicateTable {
    preds: Vec<Term>,
    index: FxHashMap<Term, PredicateId>,
}

impl Default for PredicateTable {
    fn default() -> Self {
        Self::new()
    }
}

impl PredicateTable {
    pub fn new() -> Self {
        PredicateTable {
            preds: Vec::new(),
            index: FxHashMap::default(),
        }
    }

    /// The id of `p`, adding it if new; `None` when the table is full.
    pub fn intern(&mut self, p: Term) -> Option<PredicateId> {
        if let Some(i) = self.index.get(&p) {
            return Some(*i);
        }
        if self.preds.len() >= MAX_PREDICATES {
            return None;
        }
        let i = self.preds.len() as PredicateId;
        self.preds.push(p);
        self.index.insert(p, i);
        Some(i)
    }

    /// The id of `p` if it is in the table.
    pub fn lookup(&self, p: Term) -> Option<PredicateId> {
        self.index.get(&p).copied()
    }

    pub fn term(&self, i: PredicateId) -> Term {
        self.preds[i as usize]
    }

    pub fn len(&self) -> usize {
        self.preds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.preds.is_empty()
    }

    pub fn bdd_var(i: PredicateId) -> BddVariable {
        BddVariable::from_index(i as usize)
    }
}

/// Whether predicates belong to one location or to all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PrecisionScope {
    /// Each location tracks the predicates found for it (the default, docs/design.md §6).
    Location,
    /// Every location tracks every predicate.
    Global,
}

impl PrecisionScope {
    pub fn name(self) -> &'static str {
        match self {
            PrecisionScope::Location => "location",
            PrecisionScope::Global => "global",
        }
    }
}

/// The predicates tracked at each location, sorted. Precisions only grow, so the number of
/// predicates at a location identifies the version of its precision.
pub struct Precision {
    scope: PrecisionScope,
    per_location: Vec<Vec<PredicateId>>,
    global: Vec<PredicateId>,
}

impl Precision {
    pub fn new(scope: PrecisionScope, locations: usize) -> Self {
        Precision {
            scope,
            per_location: vec![Vec::new(); locations],
            global: Vec::new(),
        }
    }

    pub fn scope(&self) -> PrecisionScope {
        self.scope
    }

    pub fn at(&self, l: LocationId) -> &[PredicateId] {
        match self.scope {
            PrecisionScope::Location => &self.per_location[l.index()],
            PrecisionScope::Global => &self.global,
        }
    }

    /// Adds `p` at `l` (everywhere for a global precision); whether it was new.
    pub fn add(&mut self, l: LocationId, p: PredicateId) -> bool {
        let set = match self.scope {
            PrecisionScope::Location => &mut self.per_location[l.index()],
            PrecisionScope::Global => &mut self.global,
        };
        match set.binary_search(&p) {
            Ok(_) => false,
            Err(pos) => {
                set.insert(pos, p);
                true
            }
        }
    }
}

/// The representative of a predicate: a predicate and its negation carry the same
/// information, so `¬p` is `p`, and a strict comparison `a < b` is `b ≤ a` (its negation):
/// `x <u 10` and `x >=u 10` become one predicate, not two.
pub fn canonical_predicate(terms: &TermStore, p: Term) -> Term {
    let mut p = p;
    while terms.op(p) == Op::Not {
        p = terms.arg(p, 0);
    }
    let (a, b) = match terms.num_args(p) {
        2 => (terms.arg(p, 0), terms.arg(p, 1)),
        _ => return p,
    };
    match terms.op(p) {
        Op::BvUlt => terms.bvule(b, a),
        Op::BvSlt => terms.bvsle(b, a),
        Op::IntLt => terms.int_le(b, a),
        _ => p,
    }
}
