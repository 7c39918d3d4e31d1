//! Incremental-SAT bounded model checking over a [`Transys`] (LLUMC §4, IncPlan's
//! scheme): one solver for the whole run; step `k` adds `T(k-1, k)` and `U(k)` for good,
//! and the goal `G(k)` behind an activation literal `a_k` (each goal clause gets `¬a_k`);
//! the query is one `solve` under the assumption `a_k`; when it is unsatisfiable the unit
//! `¬a_k` retires that goal. The first satisfiable step is a shortest counterexample.
//!
//! Variables of step `k` are `v + k·(n+2)`; the last two of each block are the step's
//! activation literals (goal, completion check), so the solver's variables stay dense.

pub use crate::trace::Trace;

use crate::cnf::{Clause, Transys};
use crate::sat::{Cadical, SatAnswer, SatSolver};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct SatBmcOptions {
    /// The largest step to check.
    pub bound: usize,
    pub deadline: Option<Instant>,
    /// A clause over the step's variables that holds while the system can still move
    /// (for a program: the program counter is not `blocked`). When no state of step `k`
    /// satisfies it, no path is longer than `k` and BMC proves safety.
    pub alive: Option<Clause>,
}

#[derive(Clone, Debug)]
pub enum SatBmcOutcome {
    Unsafe(Trace),
    /// No path reaches the goal, and none is longer than the step given.
    Safe(usize),
    Unknown(logic::Stop),
}

#[derive(Clone, Debug, Default)]
pub struct SatBmcStats {
    pub steps: usize,
    pub solves: u64,
    pub clauses: usize,
    /// Time of each step's query.
    pub step_times: Vec<Duration>,
}

pub struct Unroller<'a> {
    ts: &'a Transys,
    solver: Cadical,
    stride: i32,
    clauses: usize,
}

impl<'a> Unroller<'a> {
    pub fn new(ts: &'a Transys) -> Self {
        Unroller {
            ts,
            solver: Cadical::new(),
            stride: ts.n as i32 + 2,
            clauses: 0,
        }
    }

    /// Literal `l` (over `2n` variables for `T`) of step `k`.
    fn shift(&self, l: i32, k: usize) -> i32 {
        let n = self.ts.n as i32;
        let v = l.abs();
        let (v, k) = if v > n { (v - n, k + 1) } else { (v, k) };
        let x = v + k as i32 * self.stride;
        if l < 0 {
            -x
        } else {
            x
        }
    }

    fn add(&mut self, clauses: &[Clause], k: usize, guard: Option<i32>) {
        for c in clauses {
            let mut lits: Vec<i32> = c.iter().map(|l| self.shift(*l, k)).collect();
            if let Some(g) = guard {
                lits.push(-g);
            }
            self.solver.add_clause(&lits);
            self.clauses += 1;
        }
    }

    fn activation(&self, k: usize) -> i32 {
        k as i32 * self.stride + self.ts.n as i32 + 1
    }

    fn alive_activation(&self, k: usize) -> i32 {
        k as i32 * self.stride + self.ts.n as i32 + 2
    }
}

pub fn sat_bmc(ts: &Transys, opts: &SatBmcOptions) -> (SatBmcOutcome, SatBmcStats) {
    let mut u = Unroller::new(ts);
    u.solver.set_deadline(opts.deadline);
    let mut stats = SatBmcStats::default();
    for k in 0..=opts.bound {
        if opts.deadline.is_some_and(|d| Instant::now() >= d) {
            return (SatBmcOutcome::Unknown(logic::Stop::Timeout), stats);
        }
        let started = Instant::now();
        if k == 0 {
            u.add(&ts.init, 0, None);
        } else {
            u.add(&ts.trans, k - 1, None);
        }
        u.add(&ts.universal, k, None);
        if let Some(alive) = &opts.alive {
            // Completion: can step k be reached by a state that still moves?
            let a = u.alive_activation(k);
            u.add(std::slice::from_ref(alive), k, Some(a));
            let answer = u.solver.solve(&[a]);
            u.solver.add_clause(&[-a]);
            match answer {
                SatAnswer::Unsat => {
                    // Every state of step k is dead (so none is bad), and the goal was
                    // unreachable in steps 0..k: no path reaches it at all.
                    stats.steps = k;
                    stats.solves = u.solver.calls();
                    stats.clauses = u.clauses;
                    return (SatBmcOutcome::Safe(k), stats);
                }
                SatAnswer::Unknown => return (SatBmcOutcome::Unknown(logic::Stop::Timeout), stats),
                SatAnswer::Sat => {}
            }
        }
        let act = u.activation(k);
        u.add(&ts.goal, k, Some(act));
        let answer = u.solver.solve(&[act]);
        stats.step_times.push(started.elapsed());
        stats.steps = k;
        stats.solves = u.solver.calls();
        stats.clauses = u.clauses;
        match answer {
            SatAnswer::Sat => return (SatBmcOutcome::Unsafe(trace(&u, k)), stats),
            SatAnswer::Unsat => {
                u.solver.add_clause(&[-act]);
                logic::progress::reached(logic::progress::Milestone::Bound(k as u64));
            }
            SatAnswer::Unknown => return (SatBmcOutcome::Unknown(logic::Stop::Timeout), stats),
        }
    }
    (
        SatBmcOutcome::Unknown(logic::Stop::Bound(format!("bound {} reached", opts.bound))),
        stats,
    )
}

fn trace(u: &Unroller, k: usize) -> Trace {
    let n = u.ts.n;
    let steps = (0..=k)
        .map(|s| {
            let mut vals = vec![false; n as usize + 1];
            for (v, val) in vals.iter_mut().enumerate().skip(1) {
                let x = u.shift(v as i32, s);
                *val = u.solver.value(x).unwrap_or(false);
            }
            vals
        })
        .collect();
    Trace { steps }
}
