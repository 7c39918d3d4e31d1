//! The unrolling.
//!
//! Step `i` has one node per location reachable in exactly `i` edges, each with a
//! reachability literal `r` and an SSA map. An edge `l -> m` taken from node `(l, i)` is a
//! fresh literal `t` with `t ⇒ r ∧ path-formula(edge) ∧ frame`, and node `(m, i+1)` gets
//! `r' ⇒ ⋁ t`. Where incoming edges leave a variable at different SSA indices the node
//! takes the largest and the others get frame equalities, as in the choice merge of
//! path formulas (docs/design.md §4). Assertions are implications guarded by these literals, so the
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
    Unknown(logic::Stop),
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

pub(crate) struct Node {
    pub(crate) loc: LocationId,
    pub(crate) reach: Term,
    ssa: SsaMap,
    /// Incoming edge instances: literal, source node (previous step), edge.
    incoming: Vec<(Term, usize, EdgeId)>,
}

/// An unrolling of a CFA in one incremental solver: step 0 holds the start locations
/// (the initial location for BMC; every location for the step case of k-induction), each
/// later step the locations reachable in one more edge.
pub(crate) struct Unrolling<'a> {
    cfa: &'a Cfa,
    pub(crate) solver: Box<dyn Solver>,
    enc: Encoder<'a>,
    pub(crate) steps: Vec<Vec<Node>>,
    lits: u64,
    prefix: &'static str,
}

impl<'a> Unrolling<'a> {
    pub(crate) fn new(
        cfa: &'a Cfa,
        solvers: &dyn SolverFactory,
        start: &[LocationId],
        prefix: &'static str,
    ) -> Self {
        let mut u = Unrolling {
            cfa,
            solver: solvers.new_solver(),
            enc: Encoder::new(&cfa.terms, &cfa.stmts)
                .with_selector_prefix(&format!("{prefix}.sel")),
            steps: Vec::new(),
            lits: 0,
            prefix,
        };
        let first = start
            .iter()
            .map(|l| Node {
                loc: *l,
                reach: u.fresh_lit("r"),
                ssa: SsaMap::new(),
                incoming: Vec::new(),
            })
            .collect();
        u.steps.push(first);
        u
    }

    fn fresh_lit(&mut self, kind: &str) -> Term {
        let t = &*self.cfa.terms;
        self.lits += 1;
        let name = format!("{}.{kind}!{}", self.prefix, self.lits);
        t.lookup_var(&name)
            .map(|v| t.var_term(v))
            .unwrap_or_else(|| t.var(&name, Sort::Bool))
    }

    pub(crate) fn frontier(&self) -> &[Node] {
        self.steps.last().expect("a step")
    }

    /// Reachability literals of the error nodes of the last step.
    pub(crate) fn errors(&self) -> Vec<Term> {
        self.frontier()
            .iter()
            .filter(|n| self.cfa.is_error(n.loc))
            .map(|n| n.reach)
            .collect()
    }

    /// Nodes of the last step from which the unrolling continues.
    pub(crate) fn live(&self) -> Vec<usize> {
        let cfa = self.cfa;
        (0..self.frontier().len())
            .filter(|k| {
                let n = &self.frontier()[*k];
                !cfa.is_error(n.loc) && !cfa.out_edges(n.loc).is_empty()
            })
            .collect()
    }

    /// Adds the next step: every edge out of a live node of the last step.
    pub(crate) fn extend(&mut self, stats: &mut BmcStats) {
        let cfa = self.cfa;
        let t = &*cfa.terms;
        let live = self.live();
        let mut by_target: FxHashMap<LocationId, usize> = FxHashMap::default();
        let mut next: Vec<Node> = Vec::new();
        let mut arriving: Vec<Vec<SsaMap>> = Vec::new();
        for k in live {
            let (loc, reach, base) = {
                let node = &self.frontier()[k];
                (node.loc, node.reach, node.ssa.clone())
            };
            for e in cfa.out_edges(loc) {
                let edge = cfa.edge(*e);
                let mut ssa = base.clone();
                let (f, _) = self.enc.encode(edge.stmt, &mut ssa);
                stats.edges += 1;
                if t.is_false(f) {
                    continue;
                }
                let lit = self.fresh_lit("t");
                let idx = match by_target.get(&edge.dst) {
                    Some(idx) => *idx,
                    None => {
                        let reach = self.fresh_lit("r");
                        next.push(Node {
                            loc: edge.dst,
                            reach,
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
                self.solver.assert(t.implies(lit, t.and(&[reach, f])));
            }
        }
        for (idx, node) in next.iter_mut().enumerate() {
            node.ssa = merge(cfa, &mut *self.solver, &node.incoming, &arriving[idx]);
            let lits: Vec<Term> = node.incoming.iter().map(|(l, _, _)| *l).collect();
            self.solver.assert(t.implies(node.reach, t.or(&lits)));
        }
        stats.nodes += next.len() as u64;
        self.steps.push(next);
    }

    /// The path to a reached error node of the last step, in the solver's model.
    pub(crate) fn path(&mut self) -> Vec<EdgeId> {
        extract_path(&self.steps, &mut *self.solver, self.cfa)
    }
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
    let mut u = Unrolling::new(cfa, solvers, &[cfa.init()], "bmc");
    stats.nodes = 1;
    for i in 0..=opts.bound {
        if opts.deadline.is_some_and(|d| Instant::now() >= d) {
            return BmcOutcome::Unknown(logic::Stop::Timeout);
        }
        stats.bound = i;
        if i > 0 {
            logic::progress::reached(logic::progress::Milestone::Bound(i as u64 - 1));
        }
        stats.max_frontier = stats.max_frontier.max(u.frontier().len());
        let errors = u.errors();
        if !errors.is_empty() {
            stats.queries += 1;
            match u.solver.check_assuming(&[t.or(&errors)]) {
                SatResult::Sat => {
                    let path = u.path();
                    return counterexample(cfa, &path, solvers);
                }
                SatResult::Unsat => {}
                SatResult::Unknown(r) => return BmcOutcome::Unknown(r),
            }
        }
        let live = u.live();
        if live.is_empty() {
            return BmcOutcome::Safe(format!("every path ends within {i} edges"));
        }
        if opts.check_completion {
            let lits: Vec<Term> = live.iter().map(|k| u.frontier()[*k].reach).collect();
            stats.queries += 1;
            match u.solver.check_assuming(&[t.or(&lits)]) {
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
        u.extend(stats);
    }
    BmcOutcome::Unknown(logic::Stop::Bound(format!("bound {} reached", opts.bound)))
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
    let last = steps.last().expect("a step");
    let k = last
        .iter()
        .position(|n| {
            cfa.is_error(n.loc) && solver.value(n.reach) == Some(logic::Value::Bool(true))
        })
        .expect("a reached error node");
    path_to(steps, solver, k)
}

/// Walks back from node `k` of the last step, reached in the model, along edge literals
/// true in it.
pub(crate) fn path_to(steps: &[Vec<Node>], solver: &mut dyn Solver, mut k: usize) -> Vec<EdgeId> {
    let is_true =
        |solver: &mut dyn Solver, l: Term| solver.value(l) == Some(logic::Value::Bool(true));
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

pub(crate) fn counterexample(
    cfa: &Cfa,
    path: &[EdgeId],
    solvers: &dyn SolverFactory,
) -> BmcOutcome {
    match witness::checked(cfa, concretize(cfa, path, solvers)) {
        Ok(Some(cex)) => BmcOutcome::Unsafe(cex),
        Ok(None) => BmcOutcome::Unknown(
            "internal error: the unrolling's path is infeasible on its own".into(),
        ),
        Err(r) => BmcOutcome::Unknown(r),
    }
}
