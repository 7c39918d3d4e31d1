//! Refinement without an interpolating solver (docs/design.md §6).
//!
//! For an infeasible abstract path `e_1 … e_k` (root to error):
//! 1. *Unsat core.* The path formula is encoded with one tracking literal per primitive
//!    statement occurrence; the solver's core names the occurrences the infeasibility
//!    needs.
//! 2. *Relaxation.* Every occurrence outside the core is weakened: `assume c` becomes
//!    `skip`, `x := e` becomes `havoc x`. The relaxed path is still infeasible (its formula
//!    is the core's) and mentions fewer variables, so the predicates it yields are fewer
//!    and simpler.
//! 3. *Sequence interpolants* along the relaxed path, as in Ultimate's and Theta's
//!    interpolation-free refinement: by weakest preconditions
//!    `I_k = false, I_{i-1} = wp(e_i, I_i)` (the default), or strongest postconditions
//!    `I_0 = true, I_i = sp(e_i, I_{i-1})`. Either sequence satisfies
//!    `sp(e_i, I_{i-1}) ⇒ I_i` and `I_k = false`, which is what makes the path infeasible
//!    under any precision that can express the `I_i` at the path's locations.
//!    Quantifiers from `havoc` (and from `sp` of assignments) are eliminated by the solver
//!    backend after each block. When that fails, WP hands over to SP; SP over-approximates
//!    an `∃` it cannot eliminate by dropping the conjuncts that mention the bound variable
//!    (weaker, still implied by the path prefix), and the unrenamed atoms of the core are
//!    added as well. Whether the result suffices is decided by the engine's progress
//!    check, never assumed. Each interpolant is made smaller where its Boolean structure
//!    allows (`compact.rs`; exact) before it becomes the next step's postcondition.

use cfa::{Cfa, EdgeId, Encoder, SsaMap, Stmt, StmtId, StmtStore};
use logic::{Op, SatResult, SolverFactory, Term, TermStore};
use rustc_hash::{FxHashMap, FxHashSet};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RefineKind {
    /// Weakest preconditions backwards from the error.
    Wp,
    /// Strongest postconditions forwards from the root.
    Sp,
}

impl RefineKind {
    pub fn name(self) -> &'static str {
        match self {
            RefineKind::Wp => "wp",
            RefineKind::Sp => "sp",
        }
    }
}

/// The result of analysing one infeasible path.
#[derive(Clone, Debug)]
pub struct Interpolants {
    /// `I_0 … I_k` over program variables (`I_i` holds after edge `i`).
    pub formulas: Vec<Term>,
    /// Extra predicates for every inner location of the path (the fallback's core atoms).
    pub extra: Vec<Term>,
    /// How they were obtained: `wp`, `sp`, or `sp-approx` (an `∃` was over-approximated).
    pub method: &'static str,
    /// Quantifier eliminations asked of the backend, and how many failed.
    pub qe_calls: u64,
    pub qe_failures: u64,
    /// Primitive statement occurrences on the path, and how many the core kept.
    pub occurrences: usize,
    pub core_size: usize,
}

/// Terms larger than this are not handed to quantifier elimination or used whole.
const MAX_INTERPOLANT_SIZE: usize = 200_000;

pub fn interpolants(
    cfa: &Cfa,
    solvers: &dyn SolverFactory,
    path: &[EdgeId],
    kind: RefineKind,
) -> Result<Interpolants, logic::Stop> {
    let terms = &*cfa.terms;
    let (relaxed, core_atoms, occurrences, core_size) = relax_path(cfa, solvers, path)?;
    let mut out = Interpolants {
        formulas: Vec::new(),
        extra: Vec::new(),
        method: kind.name(),
        qe_calls: 0,
        qe_failures: 0,
        occurrences,
        core_size,
    };
    let qe = |t: Term, out: &mut Interpolants| -> Option<Term> {
        if !terms.has_quantifier(t) {
            return Some(t);
        }
        out.qe_calls += 1;
        if terms.dag_size(t) > MAX_INTERPOLANT_SIZE {
            out.qe_failures += 1;
            return None;
        }
        match solvers.eliminate_quantifiers(t) {
            Ok(qf) => Some(qf),
            Err(_) => {
                out.qe_failures += 1;
                None
            }
        }
    };
    if kind == RefineKind::Wp {
        let mut seq = vec![terms.fls()];
        let mut ok = true;
        // I_0 = wp(path, false) is valid because the relaxed path is infeasible: it is
        // `true` by that theorem and need not be computed (its quantifiers, from the
        // nondet inputs before the first abstraction point, are often the costliest).
        for s in relaxed.iter().skip(1).rev() {
            let w = precondition(terms, &cfa.stmts, *s, *seq.last().expect("I_i"));
            match qe(w, &mut out) {
                Some(w) => seq.push(crate::compact::compact(terms, w)),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            seq.push(terms.tru());
            seq.reverse();
            out.formulas = seq;
            return Ok(out);
        }
    }
    // Strongest postconditions (chosen, or because WP could not eliminate a quantifier).
    let mut seq = vec![terms.tru()];
    let mut approximated = false;
    // Symmetrically, I_k = sp(path, true) is unsatisfiable: `false` without computing it.
    for s in relaxed.iter().take(relaxed.len().saturating_sub(1)) {
        let p = cfa::wp::sp(terms, &cfa.stmts, *s, *seq.last().expect("I_i"));
        let p = match qe(p, &mut out) {
            Some(p) => p,
            None => {
                approximated = true;
                // Light elimination first where it is affordable; above the size that
                // quantifier elimination refuses it is not (toy: 2.2 million nodes).
                let p = if terms.dag_size(p) > MAX_INTERPOLANT_SIZE {
                    p
                } else {
                    terms.qe_light(p)
                };
                drop_quantified(terms, p)
            }
        };
        seq.push(crate::compact::compact(terms, p));
    }
    if !relaxed.is_empty() {
        seq.push(terms.fls());
    }
    out.formulas = seq;
    if approximated {
        out.method = "sp-approx";
        out.extra = core_atoms;
    } else if kind == RefineKind::Wp {
        out.method = "sp";
    }
    Ok(out)
}

/// `wp(s, q)`. By the per-branch rule (`cfa::wp`) while that stays small: its atoms are
/// the postcondition's, substituted, and the ssh and driver tasks were measured with them.
/// A block with `k` branch points in sequence makes up to `2^k` copies of `q`, though; past
/// `MAX_PER_BRANCH_SIZE` nodes the precondition comes from symbolic execution of the block
/// (`cfa::symbolic`, linear in it), its atoms freed of the `ite`s the block's merges leave
/// in them and the quantifiers over branch selectors and nondeterministic conditions
/// eliminated on the BDD (`compact::forall_by_bdd`). Both are exact.
fn precondition(terms: &TermStore, stmts: &StmtStore, s: StmtId, q: Term) -> Term {
    if let Some(by_branch) = cfa::wp::wp_bounded(terms, stmts, s, q, MAX_PER_BRANCH_SIZE) {
        return by_branch;
    }
    let w = cfa::symbolic::wp_by_execution(terms, stmts, s, q);
    match terms.lift_ite(w, MAX_ITE_SPLITS) {
        Some(w) => crate::compact::forall_by_bdd(terms, w),
        None => cfa::wp::wp(terms, stmts, s, q),
    }
}

/// On systemc's `toy` the per-branch precondition grows 536 → 60,168 nodes through one
/// block of its scheduler (and 2,711 → 507,116 later), where symbolic execution gives a
/// few hundred.
const MAX_PER_BRANCH_SIZE: usize = 20_000;
const MAX_ITE_SPLITS: usize = 10_000;

/// Steps 1 and 2: the relaxed statement of every edge, the atoms of the core constraints
/// over program variables, and the numbers of occurrences and of core members.
#[allow(clippy::type_complexity)]
fn relax_path(
    cfa: &Cfa,
    solvers: &dyn SolverFactory,
    path: &[EdgeId],
) -> Result<(Vec<StmtId>, Vec<Term>, usize, usize), logic::Stop> {
    let terms = &*cfa.terms;
    let mut enc = Encoder::new(terms, &cfa.stmts).with_selector_prefix("refine");
    enc.track = true;
    let mut ssa = SsaMap::new();
    let mut solver = solvers.new_solver();
    for e in path {
        let (f, _) = enc.encode(cfa.edge(*e).stmt, &mut ssa);
        solver.assert(f);
    }
    let tracked = enc.tracked.clone();
    match solver.check_assuming(&tracked) {
        SatResult::Unsat => {}
        SatResult::Sat => return Err("internal error: the path to refine is feasible".into()),
        SatResult::Unknown(r) => return Err(r),
    }
    let first = solver.unsat_core();
    let core: FxHashSet<Term> = shrink_core(&mut *solver, first).into_iter().collect();
    let keep: Vec<bool> = tracked.iter().map(|l| core.contains(l)).collect();
    let mut it = keep.iter().copied();
    let mut atoms = Vec::new();
    let mut seen = FxHashSet::default();
    let relaxed: Vec<StmtId> = path
        .iter()
        .map(|e| {
            relax(
                terms,
                &cfa.stmts,
                cfa.edge(*e).stmt,
                &mut it,
                &mut atoms,
                &mut seen,
            )
        })
        .collect();
    debug_assert!(it.next().is_none(), "relaxation visits every occurrence");
    Ok((relaxed, atoms, keep.len(), core.len()))
}

/// Z3's cores from assumptions are far from minimal (on a path through N independent
/// branches it keeps most of them). Solving again under the core alone usually shrinks it;
/// repeat while it shrinks by a tenth, a few rounds at most. Every core is a valid core, so
/// stopping early only costs precision, never soundness.
fn shrink_core(solver: &mut dyn logic::Solver, mut core: Vec<Term>) -> Vec<Term> {
    for _ in 0..MAX_CORE_ROUNDS {
        if solver.check_assuming(&core) != SatResult::Unsat {
            break;
        }
        let next = solver.unsat_core();
        let shrunk = next.len() * 10 < core.len() * 9;
        core = next;
        if !shrunk {
            break;
        }
    }
    core
}

const MAX_CORE_ROUNDS: usize = 4;

/// Rebuilds `s` with every primitive occurrence not in the core weakened; the traversal
/// order is the encoder's (parts, then branches, in order), so `keep` lines up with the
/// tracking literals.
fn relax(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    keep: &mut dyn Iterator<Item = bool>,
    atoms: &mut Vec<Term>,
    seen: &mut FxHashSet<Term>,
) -> StmtId {
    match stmts.get(s) {
        Stmt::Assume(c) => {
            if keep.next().expect("an occurrence") {
                for a in terms.atoms(c) {
                    if seen.insert(a) {
                        atoms.push(a);
                    }
                }
                s
            } else {
                stmts.skip(None)
            }
        }
        Stmt::Assign(x, _) => {
            if keep.next().expect("an occurrence") {
                s
            } else {
                stmts.havoc(x, stmts.origin(s))
            }
        }
        Stmt::Call(_) => unreachable!("{}", cfa::stmt::CALL_IN_FLAT_CFA),
        Stmt::Havoc(_) | Stmt::Skip => {
            keep.next();
            s
        }
        Stmt::Seq(_) => {
            let parts: Vec<StmtId> = stmts
                .parts(s)
                .into_iter()
                .map(|p| relax(terms, stmts, p, keep, atoms, seen))
                .collect();
            stmts.seq(&parts)
        }
        Stmt::Choice(_) => {
            let branches: Vec<StmtId> = stmts
                .branches(s)
                .into_iter()
                .map(|b| relax(terms, stmts, b, keep, atoms, seen))
                .collect();
            stmts.choice(&branches)
        }
    }
}

/// An over-approximation of `t` without quantifiers, for formulas in which quantifiers
/// occur only positively under `∧`/`∨` (as in strongest postconditions): `∃v. b` becomes
/// the conjuncts of `b` free of `v`; anything else that still has a quantifier becomes
/// `true`.
fn drop_quantified(terms: &TermStore, t: Term) -> Term {
    // The formulas are DAGs: each shared sub-term is rewritten once (`memo`), and what
    // lies above a quantifier is found in one pass (`above`).
    let mut above: FxHashSet<Term> = FxHashSet::default();
    for n in terms.postorder(t, false) {
        if terms.op(n).is_quantifier() || terms.args(n).iter().any(|a| above.contains(a)) {
            above.insert(n);
        }
    }
    drop_quantified_in(terms, t, &above, &mut FxHashMap::default())
}

fn drop_quantified_in(
    terms: &TermStore,
    t: Term,
    above: &FxHashSet<Term>,
    memo: &mut FxHashMap<Term, Term>,
) -> Term {
    if !above.contains(&t) {
        return t;
    }
    if let Some(r) = memo.get(&t) {
        return *r;
    }
    let args = terms.args(t);
    let r = match terms.op(t) {
        op @ (Op::And | Op::Or) => {
            let xs: Vec<Term> = args
                .iter()
                .map(|a| drop_quantified_in(terms, *a, above, memo))
                .collect();
            if op == Op::And {
                terms.and(&xs)
            } else {
                terms.or(&xs)
            }
        }
        Op::Exists => {
            let bound: FxHashSet<_> = args[..args.len() - 1]
                .iter()
                .filter_map(|v| terms.as_var(*v))
                .collect();
            // The body's own quantifiers lie below this one: `above` was computed without
            // entering quantifiers, so the body is rewritten on its own.
            let body = drop_quantified(terms, args[args.len() - 1]);
            let kept: Vec<Term> = terms
                .conjuncts(body)
                .into_iter()
                .filter(|c| terms.free_vars(*c).iter().all(|v| !bound.contains(v)))
                .collect();
            terms.and(&kept)
        }
        _ => terms.tru(),
    };
    memo.insert(t, r);
    r
}
