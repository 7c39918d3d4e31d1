//! Predicate split strategies (Böhm, *Predicate Granularity in Predicate Abstraction*;
//! docs/design.md §6): how an interpolant becomes predicates before it enters the precision.
//!
//! Splitting into atoms makes the Boolean abstraction enumerate up to 2^n models
//! (Böhm's SEQUENTIAL scenario); keeping the interpolant whole multiplies predicates and
//! refinements (REACTIVE). The dependence-based strategies keep whole what belongs
//! together and split the rest.
//!
//! Every strategy cuts the interpolant's formula tree top-down: a sub-formula is either
//! kept whole as one predicate or, being a connective, cut into its arguments; an atom is
//! always kept. The predicates are therefore the leaves of a cut of the tree, and the
//! interpolant is a Boolean combination of them — nothing is dropped, whatever the
//! strategy (the property the tests check).

use crate::dependence::{def_use, Dependences, SliceKind};
use cfa::{Cfa, EdgeId};
use logic::{Op, Term, TermStore, VarId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// Where an interpolant was found.
pub struct SplitContext<'a> {
    /// The CFA the analysis runs on (its edges are the path's blocks).
    pub cfa: &'a Cfa,
    /// The abstract path's edges.
    pub path: &'a [EdgeId],
    /// The interpolant holds after `path[position - 1]` and before `path[position]`.
    pub position: usize,
}

pub trait SplitStrategy {
    fn name(&self) -> &'static str;
    /// The predicates for `interpolant` (constants are dropped by the caller).
    fn split(&self, terms: &TermStore, interpolant: Term, ctx: &SplitContext) -> Vec<Term>;
}

/// Cuts `t` top-down: a sub-formula `keep` accepts is one predicate, any other
/// connective is cut into its arguments, an atom is one predicate; constants are dropped.
pub fn cut(terms: &TermStore, t: Term, keep: &mut dyn FnMut(Term) -> bool) -> Vec<Term> {
    let mut out = Vec::new();
    let mut seen = FxHashSet::default();
    let mut stack = vec![t];
    while let Some(n) = stack.pop() {
        if !seen.insert(n) || terms.as_bool_const(n).is_some() {
            continue;
        }
        if !terms.is_connective(n) || keep(n) {
            out.push(n);
        } else {
            stack.extend(terms.args(n).into_iter().rev());
        }
    }
    out
}

/// Whether every variable of `t` satisfies `ok`, memoised over the term DAG: the cut asks
/// it of nested sub-formulas, and asking each for its free variables anew would be
/// quadratic in the interpolant. (Interpolants are quantifier-free; a quantifier's bound
/// variables would only be asked about too, which can keep less whole, never drop.)
fn vars_all(
    terms: &TermStore,
    t: Term,
    ok: &dyn Fn(VarId) -> bool,
    memo: &mut FxHashMap<Term, bool>,
) -> bool {
    if let Some(b) = memo.get(&t) {
        return *b;
    }
    let b = match terms.op(t) {
        Op::Var(v) => ok(v),
        _ => terms.args(t).iter().all(|a| vars_all(terms, *a, ok, memo)),
    };
    memo.insert(t, b);
    b
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

/// The top-level conjuncts (nested conjunctions flattened) are the predicates.
pub struct Conjuncts;

impl SplitStrategy for Conjuncts {
    fn name(&self) -> &'static str {
        "conjuncts"
    }
    fn split(&self, terms: &TermStore, interpolant: Term, _: &SplitContext) -> Vec<Term> {
        cut(terms, interpolant, &mut |n| terms.op(n) != Op::And)
    }
}

/// PDG and CDG: a sub-formula whose variables all lie in the backward slice of the error
/// locations — over data and control dependences (PDG) or control dependences only (CDG),
/// restricted to the interpolant's variables — stays whole; the rest is split.
pub struct Sliced {
    deps: Rc<Dependences>,
    kind: SliceKind,
}

impl Sliced {
    pub fn new(deps: Rc<Dependences>, kind: SliceKind) -> Sliced {
        Sliced { deps, kind }
    }
}

impl SplitStrategy for Sliced {
    fn name(&self) -> &'static str {
        match self.kind {
            SliceKind::Program => "pdg",
            SliceKind::Control => "cdg",
        }
    }
    fn split(&self, terms: &TermStore, interpolant: Term, _: &SplitContext) -> Vec<Term> {
        let vars: FxHashSet<VarId> = terms.free_vars(interpolant).into_iter().collect();
        let slice = self.deps.slice_vars(&vars, self.kind);
        let mut memo = FxHashMap::default();
        cut(terms, interpolant, &mut |n| {
            vars_all(terms, n, &|v| slice.contains(&v), &mut memo)
        })
    }
}

/// SSA: a part that mentions a variable whose SSA index changes along the trace segment
/// that follows the interpolant — the block from this abstraction point to the next, i.e.
/// a variable that block may assign — is split into atoms; the rest, whose variables the
/// block leaves alone, stays whole (its truth is carried across the block unchanged).
pub struct Ssa;

impl SplitStrategy for Ssa {
    fn name(&self) -> &'static str {
        "ssa"
    }
    fn split(&self, terms: &TermStore, interpolant: Term, ctx: &SplitContext) -> Vec<Term> {
        let changed: FxHashSet<VarId> = match ctx.path.get(ctx.position) {
            Some(e) => def_use(terms, &ctx.cfa.stmts, ctx.cfa.edge(*e).stmt)
                .may_def
                .into_iter()
                .collect(),
            None => FxHashSet::default(),
        };
        let mut memo = FxHashMap::default();
        cut(terms, interpolant, &mut |n| {
            vars_all(terms, n, &|v| !changed.contains(&v), &mut memo)
        })
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SplitKind {
    Atomic,
    None,
    Conjuncts,
    Pdg,
    Cdg,
    Ssa,
}

impl SplitKind {
    pub const ALL: [SplitKind; 6] = [
        SplitKind::Atomic,
        SplitKind::None,
        SplitKind::Conjuncts,
        SplitKind::Pdg,
        SplitKind::Cdg,
        SplitKind::Ssa,
    ];

    /// Whether the strategy needs the dependence graph of the single-block CFA.
    pub fn needs_dependences(self) -> bool {
        matches!(self, SplitKind::Pdg | SplitKind::Cdg)
    }

    /// The strategy; `deps` must be given when [`SplitKind::needs_dependences`].
    pub fn strategy(self, deps: Option<Rc<Dependences>>) -> Box<dyn SplitStrategy> {
        let deps = || deps.clone().expect("dependences computed for pdg/cdg");
        match self {
            SplitKind::Atomic => Box::new(Atomic),
            SplitKind::None => Box::new(Whole),
            SplitKind::Conjuncts => Box::new(Conjuncts),
            SplitKind::Pdg => Box::new(Sliced::new(deps(), SliceKind::Program)),
            SplitKind::Cdg => Box::new(Sliced::new(deps(), SliceKind::Control)),
            SplitKind::Ssa => Box::new(Ssa),
        }
    }
}
