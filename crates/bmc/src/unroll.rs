//! The unrolling.
//!
//! Step `i` has one node per location reachable in exactly `i` edges, each with a
//! reachability literal `r` and an SSA map. An edge `l -> m` taken from node `(l, i)` is a
//! fresh literal `t` with `t ⇒ r ∧ path-formula(edge) ∧ frame`, and node `(m, i+1)` gets
//! `r' ⇒ ⋁ t`. Where incoming edges leave a variable at different SSA indices the node
//! takes the largest and the others get frame equalities, as in the choice merge of
//! path formulas (DESIGN §4). Assertions are implications guarded by these literals, so the
//! whole unrolling lives in one solver and each query is just an assumption:
//! "some error node of step i is reached".

use cfa::{Cfa, EdgeId, Encoder, LocationId, SsaMap};
use logic::{SatResult, Solver, SolverFactory, Sort, Term};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};
use witness::{concretize, Counterexample};

#[derive(Clone, Debug)]
pub struct BmcOptions {
    /// Largest number of edges a path may have.
    pub bound: u32,
    /// Also prove TRUE when no feasible path continues past some bound (one extra query
    /// per bound); without it, TRUE needs the reachable part to end structurally.
    pub check_completion: bool,
    /// Give up (UNKNOWN) at this instant.
    pub deadline: Option<Instant>,
}

impl Default for BmcOptions {
    fn default() -> Self {
        BmcOptions {
            bound: 100,
            check_completion: true,
            deadline: None,
        }
    }
}

#[derive(Clone, Debug)]
pub enum BmcOutcome {
    /// A checked counterexample.
    Unsafe(Counterexample),
    /// No error location is reachable; the reason says why the search is complete.
    Safe(String),
    Unknown(String),
}

#[derive(Clone, Debug, Default)]
pub struct BmcStats {
    /// The last bound whose queries were answered.
    pub bound: u32,
    pub queries: u64,
    /// Nodes (location, step) of the unrolling.
    pub nodes: u64,
    /// Edge instances encoded.
    pub edges: u64,
    pub max_frontier: usize,
    pub time: Duration,
}

struct Node {
    loc: LocationId,
    reach: Term,
    ssa: SsaMap,
    /// Incoming edge instances: literal, source node (previous step), edge.
    incoming: Vec<(Term, usize, EdgeId)>,
}

/// Bounded model checking of `cfa` up to `opts.bound` edges.
pub fn bmc(cfa: &Cfa, solvers: &dyn SolverFactory, opts: &BmcOptions) -> (BmcOutcome, BmcStats) {
    let start = Instant::now();
    let mut stats = BmcStats::default();
    let outcome = run(cfa, solvers, opts, &mut stats);
    stats.time = start.elapsed();
    (outcome, stats)
}

fn run(
    cfa: &Cfa,
    solvers: &dyn SolverFactory,
    opts: &BmcOptions,
    stats: &mut BmcStats,
) -> BmcOutcome {
    let t = &*cfa.terms;
    let mut solver = solvers.new_solver();
    let mut enc = Encoder::new(t, &cfa.stmts).with_selector_prefix("bmc.sel");
    let mut lit_counter = 0u64;
    let mut fresh_lit = |prefix: &str| {
        lit_counter += 1;
        let name = format!("bmc.{prefix}!{lit_counter}");
        t.lookup_var(&name)
            .map(|v| t.var_term(v))
            .unwrap_or_else(|| t.var(&name, Sort::Bool))
    };
    let mut steps: Vec<Vec<Node>> = vec![vec![Node {
        loc: cfa.init(),
        reach: fresh_lit("r"),
        ssa: SsaMap::new(),
        incoming: Vec::new(),
    }]];
    stats.nodes = 1;
    for i in 0..=opts.bound {
        if opts.deadline.is_some_and(|d| Instant::now() >= d) {
            return BmcOutcome::Unknown("timeout".into());
        }
        stats.bound = i;
        let frontier = steps.last().expect("a step");
        stats.max_frontier = stats.max_frontier.max(frontier.len());
        let errors: Vec<Term> = frontier
            .iter()
            .filter(|n| cfa.is_error(n.loc))
            .map(|n| n.reach)
            .collect();
        if !errors.is_empty() {
            stats.queries += 1;
            match solver.check_assuming(&[t.or(&errors)]) {
                SatResult::Sat => {
                    let path = extract_path(&steps, &mut *solver, cfa);
                    return counterexample(cfa, &path, solvers);
                }
                SatResult::Unsat => {}
                SatResult::Unknown(r) => return BmcOutcome::Unknown(r),
            }
        }
        let live: Vec<usize> = (0..frontier.len())
            .filter(|k| {
                let n = &frontier[*k];
                !cfa.is_error(n.loc) && !cfa.out_edges(n.loc).is_empty()
            })
            .collect();
        if live.is_empty() {
            return BmcOutcome::Safe(format!("every path ends within {i} edges"));
        }
        if opts.check_completion {
            let lits: Vec<Term> = live.iter().map(|k| frontier[*k].reach).collect();
            stats.queries += 1;
            match solver.check_assuming(&[t.or(&lits)]) {
                SatResult::Unsat => {
                    return BmcOutcome::Safe(format!("no feasible path is longer than {i} edges"))
                }
                SatResult::Sat => {}
                SatResult::Unknown(r) => return BmcOutcome::Unknown(r),
            }
        }
        if i == opts.bound {
            break;
        }
        // Step i+1.
        let mut by_target: FxHashMap<LocationId, usize> = FxHashMap::default();
        let mut next: Vec<Node> = Vec::new();
        let mut arriving: Vec<Vec<SsaMap>> = Vec::new();
        for k in live {
            let node = &frontier[k];
            for e in cfa.out_edges(node.loc) {
                let edge = cfa.edge(*e);
                let mut ssa = node.ssa.clone();
                let (f, _) = enc.encode(edge.stmt, &mut ssa);
                stats.edges += 1;
                if t.is_false(f) {
                    continue;
                }
                let lit = fresh_lit("t");
                let idx = match by_target.get(&edge.dst) {
                    Some(idx) => *idx,
                    None => {
                        next.push(Node {
                            loc: edge.dst,
                            reach: fresh_lit("r"),
                            ssa: SsaMap::new(),
                            incoming: Vec::new(),
                        });
                        arriving.push(Vec::new());
                        by_target.insert(edge.dst, next.len() - 1);
                        next.len() - 1
                    }
                };
                next[idx].incoming.push((lit, k, *e));
                arriving[idx].push(ssa);
                solver.assert(t.implies(lit, t.and(&[node.reach, f])));
            }
        }
        for (idx, node) in next.iter_mut().enumerate() {
            node.ssa = merge(cfa, &mut *solver, &node.incoming, &arriving[idx]);
            let lits: Vec<Term> = node.incoming.iter().map(|(l, _, _)| *l).collect();
            solver.assert(t.implies(node.reach, t.or(&lits)));
        }
        stats.nodes += next.len() as u64;
        steps.push(next);
    }
    BmcOutcome::Unknown(format!("bound {} reached", opts.bound))
}

/// The SSA map of a node from those of its incoming edges (see `cfa::merge_maps`); the
/// frame equalities hold under each edge's literal.
fn merge(
    cfa: &Cfa,
    solver: &mut dyn Solver,
    incoming: &[(Term, usize, EdgeId)],
    maps: &[SsaMap],
) -> SsaMap {
    let t = &*cfa.terms;
    let (merged, frames) = cfa::merge_maps(t, maps);
    for ((lit, _, _), frame) in incoming.iter().zip(frames) {
        if !frame.is_empty() {
            solver.assert(t.implies(*lit, t.and(&frame)));
        }
    }
    merged
}

/// Walks back from a reached error node along edge literals true in the model.
fn extract_path(steps: &[Vec<Node>], solver: &mut dyn Solver, cfa: &Cfa) -> Vec<EdgeId> {
    let is_true =
        |solver: &mut dyn Solver, l: Term| solver.value(l) == Some(logic::Value::Bool(true));
    let last = steps.last().expect("a step");
    let mut k = last
        .iter()
        .position(|n| cfa.is_error(n.loc) && is_true(solver, n.reach))
        .expect("a reached error node");
    let mut path = Vec::new();
    for step in (1..steps.len()).rev() {
        let node = &steps[step][k];
        let (_, src, e) = *node
            .incoming
            .iter()
            .find(|(l, _, _)| is_true(solver, *l))
            .expect("a taken edge into a reached node");
        path.push(e);
        k = src;
    }
    path.reverse();
    path
}

fn counterexample(cfa: &Cfa, path: &[EdgeId], solvers: &dyn SolverFactory) -> BmcOutcome {
    match concretize(cfa, path, solvers) {
        Ok(Some(cex)) => match cex.check(cfa) {
            Ok(()) => BmcOutcome::Unsafe(cex),
            Err(e) => BmcOutcome::Unknown(format!(
                "internal error: the counterexample does not execute ({e})"
            )),
        },
        Ok(None) => BmcOutcome::Unknown(
            "internal error: the unrolling's path is infeasible on its own".into(),
        ),
        Err(r) => BmcOutcome::Unknown(r),
    }
}
