//! The certificate of a TRUE verdict (issue: "a TRUE whose certificate fails is a bug").
//!
//! The final ART gives each abstraction point `c` the formula `C(c)`: the disjunction of
//! the regions of its live uncovered nodes (covered nodes lie inside their coverer's
//! region). The check is independent of the ART, with a fresh solver, on the
//! *single-block* CFA:
//! * the init location's formula is valid;
//! * from every abstraction point `c`, every path through the other (non-abstraction)
//!   locations to the next abstraction point or error location `t` maps `C(c)` into
//!   `C(t)`, where an error location's formula is `false`.
//!
//! The abstraction points cut every cycle (LBE and summarisation never remove a location
//! with a self-loop), so the paths from `c` form a DAG; it is encoded like a BMC unrolling:
//! a reachability literal per location, an edge literal per edge, SSA maps merged with
//! frame equalities. Together the checks say the formulas are an inductive invariant of the
//! single-block CFA that excludes the error locations.
//!
//! A point's formula is kept as its list of disjuncts (one per ART node), and each
//! entailment is checked one disjunct at a time: `(∨ᵢ Rᵢ) ∧ T ⇒ C(t)` holds iff every
//! `Rᵢ ∧ T ⇒ C(t)` does. The ART also says where each node's successors went (a child
//! or the node covering it), so `Rᵢ ∧ T ⇒ H` is tried first with `H` the disjunction of
//! just those disjuncts of `C(t)` — `H ⇒ C(t)` by construction — and only if that fails
//! against all of `C(t)`. This is the issue's "split large disjunctions": hhk2008's
//! five whole-formula queries ran out of 60 s on Z3 and on SAT alike.

use cfa::{Cfa, EdgeId, Encoder, LocationId, SsaMap};
use logic::{SatResult, Solver, SolverFactory, Sort, Term, TermStore};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate {
    Valid,
    /// The formulas are not inductive or do not exclude the error: a bug of the engine.
    Invalid(String),
    /// The check could not be completed (the solver gave up).
    Unknown(logic::Stop),
}

impl Certificate {
    pub fn label(&self) -> String {
        match self {
            Certificate::Valid => "valid".into(),
            Certificate::Invalid(why) => format!("invalid: {why}"),
            Certificate::Unknown(why) => format!("unknown: {why}"),
        }
    }
}

/// The certificate's formula at one abstraction point: the disjunction of `disjuncts`.
#[derive(Clone, Debug, Default)]
pub struct PointFormula {
    pub disjuncts: Vec<Term>,
    /// Per disjunct, if known: for each successor point, the indices of the disjuncts of
    /// that point that contain the disjunct's image (a point missing from the map: the
    /// image there is empty). A hint only: it is checked like everything else.
    pub successors: Vec<Option<FxHashMap<LocationId, Vec<usize>>>>,
}

impl PointFormula {
    /// A single formula, without hints.
    pub fn whole(f: Term) -> Self {
        PointFormula {
            disjuncts: vec![f],
            successors: vec![None],
        }
    }

    /// The disjunction.
    pub fn formula(&self, terms: &TermStore) -> Term {
        terms.or(&self.disjuncts)
    }
}

#[derive(Clone, Debug, Default)]
pub struct CertificateStats {
    /// Entailment queries (per disjunct and path segment target, plus the fallbacks).
    pub queries: u64,
    /// Queries whose hint did not suffice and that were asked of the whole formula.
    pub hint_misses: u64,
    /// Single-block edges encoded.
    pub edges: u64,
    pub time: Duration,
}

/// Checks `formulas` (indexed by location; `Some` exactly at the abstraction points, over
/// program variables) on the single-block CFA `sbe`.
#[cfg(any(test, feature = "test-support"))] // for the tests: the engine does without
pub fn check(
    sbe: &Cfa,
    formulas: &[Option<Term>],
    solvers: &dyn SolverFactory,
) -> (Certificate, CertificateStats) {
    let points: Vec<Option<PointFormula>> = formulas
        .iter()
        .map(|f| f.map(PointFormula::whole))
        .collect();
    check_points(sbe, &points, solvers)
}

/// [`check`] with each point's formula given as disjuncts, checked one at a time.
pub fn check_points(
    sbe: &Cfa,
    points: &[Option<PointFormula>],
    solvers: &dyn SolverFactory,
) -> (Certificate, CertificateStats) {
    let start = Instant::now();
    let mut stats = CertificateStats::default();
    let result = check_all(sbe, points, solvers, &mut stats);
    stats.time = start.elapsed();
    (result, stats)
}

fn point_at(points: &[Option<PointFormula>], l: LocationId) -> Option<&PointFormula> {
    points.get(l.index()).and_then(|p| p.as_ref())
}

/// The formula at `l` as disjuncts (none at an error location), if `l` is a point.
fn disjuncts_at<'p>(
    sbe: &Cfa,
    points: &'p [Option<PointFormula>],
    l: LocationId,
) -> Option<&'p [Term]> {
    if sbe.is_error(l) {
        return Some(&[]);
    }
    point_at(points, l).map(|p| p.disjuncts.as_slice())
}

fn check_all(
    sbe: &Cfa,
    points: &[Option<PointFormula>],
    solvers: &dyn SolverFactory,
    stats: &mut CertificateStats,
) -> Certificate {
    let terms = &*sbe.terms;
    for l in sbe.error_locations() {
        if let Some(p) = point_at(points, l) {
            if !terms.is_false(p.formula(terms)) {
                return Certificate::Invalid(format!(
                    "error location {} has a satisfiable formula",
                    sbe.location(l).name
                ));
            }
        }
    }
    let init = sbe.init();
    let Some(init_formula) = point_at(points, init).map(|p| p.formula(terms)) else {
        return Certificate::Invalid("the init location has no formula".into());
    };
    let mut solver = solvers.new_solver();
    stats.queries += 1;
    match solver.check_assuming(&[terms.not(terms.rename_ssa(init_formula, &mut |_| 0))]) {
        SatResult::Unsat => {}
        SatResult::Sat => {
            return Certificate::Invalid("the init location's formula is not valid".into())
        }
        SatResult::Unknown(r) => return Certificate::Unknown(r),
    }
    for c in sbe.locations() {
        if sbe.is_error(c) {
            continue;
        }
        let Some(pc) = point_at(points, c) else {
            continue;
        };
        if pc.disjuncts.iter().all(|d| terms.is_false(*d)) {
            continue;
        }
        if let Err(cert) = check_from(sbe, points, solvers, c, pc, stats) {
            return cert;
        }
    }
    Certificate::Valid
}

struct Node {
    reach: Term,
    ssa: SsaMap,
    incoming: Vec<(Term, SsaMap)>,
}

/// All path segments from abstraction point `c` to the next abstraction points.
fn check_from(
    sbe: &Cfa,
    points: &[Option<PointFormula>],
    solvers: &dyn SolverFactory,
    c: LocationId,
    pc: &PointFormula,
    stats: &mut CertificateStats,
) -> Result<(), Certificate> {
    let terms = &*sbe.terms;
    let is_point = |l: LocationId| disjuncts_at(sbe, points, l).is_some();
    let order = segment_order(sbe, c, &is_point).map_err(Certificate::Invalid)?;
    let mut solver = solvers.new_solver();
    let mut enc = Encoder::new(terms, &sbe.stmts).with_selector_prefix("cert");
    let mut lits = 0u64;
    let mut fresh = |what: &str| {
        lits += 1;
        let name = format!("cert.{what}!{lits}");
        match terms.lookup_var(&name) {
            Some(v) => terms.var_term(v),
            None => terms.var(&name, Sort::Bool),
        }
    };
    // Node keys: (location, is_target). The start is (c, false); a segment that returns
    // to `c` ends in the target (c, true).
    let mut nodes: FxHashMap<(LocationId, bool), Node> = FxHashMap::default();
    nodes.insert(
        (c, false),
        Node {
            reach: terms.tru(),
            ssa: SsaMap::new(),
            incoming: Vec::new(),
        },
    );
    let mut targets: Vec<LocationId> = Vec::new();
    for (k, l) in order.iter().enumerate() {
        let key = (*l, false);
        if k > 0 {
            let node = nodes.get_mut(&key).expect("reached before it is ordered");
            close(terms, &mut *solver, node);
        }
        let (reach, ssa) = {
            let n = &nodes[&key];
            (n.reach, n.ssa.clone())
        };
        for e in sbe.out_edges(*l) {
            let edge = sbe.edge(*e);
            let mut out = ssa.clone();
            let (f, _) = enc.encode(edge.stmt, &mut out);
            stats.edges += 1;
            let lit = fresh("t");
            solver.assert(terms.implies(lit, terms.and2(reach, f)));
            let target = is_point(edge.dst);
            if target && !targets.contains(&edge.dst) {
                targets.push(edge.dst);
            }
            nodes
                .entry((edge.dst, target))
                .or_insert_with(|| Node {
                    reach: fresh("r"),
                    ssa: SsaMap::new(),
                    incoming: Vec::new(),
                })
                .incoming
                .push((lit, out));
        }
    }
    let starts: Vec<Term> = pc
        .disjuncts
        .iter()
        .map(|d| terms.rename_ssa(*d, &mut |_| 0))
        .collect();
    for t in targets {
        let node = nodes.get_mut(&(t, true)).expect("target node");
        close(terms, &mut *solver, node);
        // `t`'s disjuncts at the instances after the segment, renamed once for every start.
        let dt: Vec<Term> = disjuncts_at(sbe, points, t)
            .expect("a point")
            .iter()
            .map(|d| terms.rename_ssa(*d, &mut |v| node.ssa.index(v)))
            .collect();
        let whole = terms.not(terms.or(&dt));
        for (i, start) in starts.iter().enumerate() {
            if terms.is_false(*start) {
                continue;
            }
            let hint = pc.successors.get(i).and_then(|h| h.as_ref()).and_then(|h| {
                let js = h.get(&t).map(Vec::as_slice).unwrap_or(&[]);
                // An index outside `t`'s disjuncts is no hint at all.
                js.iter().all(|j| *j < dt.len()).then(|| {
                    let hint: Vec<Term> = js.iter().map(|j| dt[*j]).collect();
                    terms.not(terms.or(&hint))
                })
            });
            if let Some(not_hint) = hint {
                stats.queries += 1;
                match solver.check_assuming(&[*start, node.reach, not_hint]) {
                    SatResult::Unsat => continue,
                    SatResult::Sat => stats.hint_misses += 1,
                    SatResult::Unknown(r) => return Err(Certificate::Unknown(r)),
                }
            }
            stats.queries += 1;
            match solver.check_assuming(&[*start, node.reach, whole]) {
                SatResult::Unsat => {}
                SatResult::Sat => {
                    return Err(Certificate::Invalid(format!(
                        "a path from {} to {} leaves the formulas",
                        sbe.location(c).name,
                        sbe.location(t).name
                    )))
                }
                SatResult::Unknown(r) => return Err(Certificate::Unknown(r)),
            }
        }
    }
    Ok(())
}

/// Merges a node's incoming SSA maps and asserts its reachability constraint.
fn close(terms: &TermStore, solver: &mut dyn Solver, node: &mut Node) {
    let maps: Vec<SsaMap> = node.incoming.iter().map(|(_, m)| m.clone()).collect();
    let (merged, frames) = cfa::merge_maps(terms, &maps);
    for ((lit, _), frame) in node.incoming.iter().zip(frames) {
        if !frame.is_empty() {
            solver.assert(terms.implies(*lit, terms.and(&frame)));
        }
    }
    let lits: Vec<Term> = node.incoming.iter().map(|(l, _)| *l).collect();
    solver.assert(terms.implies(node.reach, terms.or(&lits)));
    node.ssa = merged;
}

/// `c`, then the non-point locations reachable from it without passing a point, in
/// topological order; an error if they contain a cycle (the points are no cut set).
fn segment_order(
    sbe: &Cfa,
    c: LocationId,
    is_point: &dyn Fn(LocationId) -> bool,
) -> Result<Vec<LocationId>, String> {
    // 0 = unseen, 1 = on the stack, 2 = done.
    let mut state: FxHashMap<LocationId, u8> = FxHashMap::default();
    let mut post = Vec::new();
    let succ = |l: LocationId| -> Vec<LocationId> {
        sbe.out_edges(l)
            .iter()
            .map(|e: &EdgeId| sbe.edge(*e).dst)
            .filter(|m| !is_point(*m))
            .collect()
    };
    let mut stack: Vec<(LocationId, Vec<LocationId>)> = vec![(c, succ(c))];
    state.insert(c, 1);
    while let Some((l, pending)) = stack.last_mut() {
        match pending.pop() {
            Some(m) => match state.get(&m).copied().unwrap_or(0) {
                0 => {
                    state.insert(m, 1);
                    let s = succ(m);
                    stack.push((m, s));
                }
                1 => {
                    return Err(format!(
                        "the abstraction points do not cut the cycle through {}",
                        sbe.location(m).name
                    ))
                }
                _ => {}
            },
            None => {
                state.insert(*l, 2);
                post.push(*l);
                stack.pop();
            }
        }
    }
    post.reverse();
    Ok(post)
}
