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
    Unknown(String),
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

#[derive(Clone, Debug, Default)]
pub struct CertificateStats {
    /// Entailment queries (one per path segment target).
    pub queries: u64,
    /// Single-block edges encoded.
    pub edges: u64,
    pub time: Duration,
}

/// Checks `formulas` (indexed by location; `Some` exactly at the abstraction points, over
/// program variables) on the single-block CFA `sbe`.
pub fn check(
    sbe: &Cfa,
    formulas: &[Option<Term>],
    solvers: &dyn SolverFactory,
) -> (Certificate, CertificateStats) {
    let start = Instant::now();
    let mut stats = CertificateStats::default();
    let result = check_all(sbe, formulas, solvers, &mut stats);
    stats.time = start.elapsed();
    (result, stats)
}

fn formula_at(sbe: &Cfa, formulas: &[Option<Term>], l: LocationId) -> Option<Term> {
    if sbe.is_error(l) {
        return Some(sbe.terms.fls());
    }
    formulas.get(l.index()).copied().flatten()
}

fn check_all(
    sbe: &Cfa,
    formulas: &[Option<Term>],
    solvers: &dyn SolverFactory,
    stats: &mut CertificateStats,
) -> Certificate {
    let terms = &*sbe.terms;
    for l in sbe.error_locations() {
        if let Some(f) = formulas.get(l.index()).copied().flatten() {
            if !terms.is_false(f) {
                return Certificate::Invalid(format!(
                    "error location {} has a satisfiable formula",
                    sbe.location(l).name
                ));
            }
        }
    }
    let init = sbe.init();
    let Some(init_formula) = formulas.get(init.index()).copied().flatten() else {
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
        let Some(fc) = formula_at(sbe, formulas, c) else {
            continue;
        };
        if terms.is_false(fc) || sbe.is_error(c) {
            continue;
        }
        if let Err(cert) = check_from(sbe, formulas, solvers, c, fc, stats) {
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
    formulas: &[Option<Term>],
    solvers: &dyn SolverFactory,
    c: LocationId,
    fc: Term,
    stats: &mut CertificateStats,
) -> Result<(), Certificate> {
    let terms = &*sbe.terms;
    let is_point = |l: LocationId| formula_at(sbe, formulas, l).is_some();
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
    solver.assert(terms.rename_ssa(fc, &mut |_| 0));
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
    for t in targets {
        let node = nodes.get_mut(&(t, true)).expect("target node");
        close(terms, &mut *solver, node);
        let ft = formula_at(sbe, formulas, t).expect("a point");
        let goal = terms.and2(
            node.reach,
            terms.not(terms.rename_ssa(ft, &mut |v| node.ssa.index(v))),
        );
        stats.queries += 1;
        match solver.check_assuming(&[goal]) {
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
