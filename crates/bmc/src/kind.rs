//! k-induction over the (large-block) CFA (docs/design.md §7).
//!
//! Base case: the BMC unrolling from the initial location (no error within k edges); when
//! no feasible path is longer than k edges (the forward condition), that alone is a proof.
//! Step case: the same unrolling started at *every* non-error location with arbitrary
//! values; if no path of k+1 edges whose first k edges stay outside the error locations
//! ends in one, the property is (k+1)-inductive: a shortest path to an error from the
//! initial location would, if longer than k, end in such a path. The step-case unrolling
//! lets several start locations be "reached" at once; that only adds behaviours, so its
//! UNSAT answers stay sound.
//!
//! A TRUE is checked before it is reported: base and step case are decided again, each in
//! a fresh solver, at the k found.

use crate::unroll::{counterexample, BmcOutcome, BmcStats, Unrolling};
use cfa::{Cfa, LocationId};
use logic::{SatResult, SolverFactory};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct KindOptions {
    /// Largest k tried.
    pub max_k: u32,
    pub deadline: Option<Instant>,
}

impl Default for KindOptions {
    fn default() -> Self {
        KindOptions {
            max_k: 100,
            deadline: None,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct KindStats {
    /// The k of the last answered step case (the proof's k for TRUE).
    pub k: u32,
    pub base: BmcStats,
    pub step: BmcStats,
    pub time_check: Duration,
}

/// k-induction; `Safe` carries the k of the proof. The search asks `solvers`; a proof
/// is checked again by `checker` (another back end, so that one solver's luck on one
/// query neither makes nor breaks the certificate).
pub fn kind(
    cfa: &Cfa,
    solvers: &dyn SolverFactory,
    checker: &dyn SolverFactory,
    opts: &KindOptions,
) -> (BmcOutcome, KindStats) {
    let mut stats = KindStats::default();
    let outcome = run(cfa, solvers, checker, opts, &mut stats);
    (outcome, stats)
}

fn starts(cfa: &Cfa) -> Vec<LocationId> {
    cfa.locations().filter(|l| !cfa.is_error(*l)).collect()
}

fn run(
    cfa: &Cfa,
    solvers: &dyn SolverFactory,
    checker: &dyn SolverFactory,
    opts: &KindOptions,
    stats: &mut KindStats,
) -> BmcOutcome {
    let t = &*cfa.terms;
    let mut base = Unrolling::new(cfa, solvers, &[cfa.init()], "kind.base");
    let mut step = Unrolling::new(cfa, solvers, &starts(cfa), "kind.step");
    // At least one start location is taken.
    let first: Vec<_> = step.frontier().iter().map(|n| n.reach).collect();
    step.solver.assert(t.or(&first));
    for k in 0..=opts.max_k {
        if opts.deadline.is_some_and(|d| Instant::now() >= d) {
            return BmcOutcome::Unknown(logic::Stop::Timeout);
        }
        // Base case at depth k.
        stats.base.bound = k;
        if k > 0 {
            logic::progress::reached(logic::progress::Milestone::Bound(k as u64 - 1));
        }
        let errors = base.errors();
        if !errors.is_empty() {
            stats.base.queries += 1;
            match base.solver.check_assuming(&[t.or(&errors)]) {
                SatResult::Sat => {
                    let path = base.path();
                    return counterexample(cfa, &path, solvers);
                }
                SatResult::Unsat => {}
                SatResult::Unknown(r) => return BmcOutcome::Unknown(r),
            }
        }
        let live = base.live();
        if live.is_empty() {
            return BmcOutcome::Safe(format!("every path ends within {k} edges"));
        }
        // The forward condition: once no feasible path goes on beyond depth k, the base
        // case has covered every execution (a bounded loop, the atexit handlers' loop).
        let going_on: Vec<_> = live.iter().map(|i| base.frontier()[*i].reach).collect();
        stats.base.queries += 1;
        match base.solver.check_assuming(&[t.or(&going_on)]) {
            SatResult::Unsat => {
                return BmcOutcome::Safe(format!("no feasible path is longer than {k} edges"))
            }
            SatResult::Sat => {}
            SatResult::Unknown(r) => return BmcOutcome::Unknown(r),
        }
        // Step case: error at depth k+1 from anywhere, the first k+1 states not errors.
        step.extend(&mut stats.step);
        stats.step.bound = k + 1;
        let errors = step.errors();
        let inductive = if errors.is_empty() {
            true
        } else {
            stats.step.queries += 1;
            match step.solver.check_assuming(&[t.or(&errors)]) {
                SatResult::Unsat => true,
                SatResult::Sat => false,
                SatResult::Unknown(r) => return BmcOutcome::Unknown(r),
            }
        };
        stats.k = k + 1;
        if inductive {
            let started = Instant::now();
            let checked = recheck(cfa, checker, k);
            stats.time_check = started.elapsed();
            return match checked {
                Ok(()) => BmcOutcome::Safe(format!(
                    "the property is {}-inductive (checked again in fresh solvers)",
                    k + 1
                )),
                Err(Recheck::Fails(why)) => BmcOutcome::Unknown(
                    format!("internal error: the k-induction proof does not check: {why}").into(),
                ),
                Err(Recheck::Undecided(why)) => BmcOutcome::Unknown(
                    format!("the k-induction proof could not be checked again ({why})").into(),
                ),
            };
        }
        base.extend(&mut stats.base);
    }
    BmcOutcome::Unknown(logic::Stop::Bound(format!(
        "no k up to {} is inductive",
        opts.max_k
    )))
}

/// Decides base case (no error within k edges from init) and step case (no error at
/// depth k+1 from anywhere after k non-error states) again, in fresh solvers. The step
/// solver is first asked the search's queries at the smaller depths, whose answers are not
/// used: they let it learn what the search's solver learned. Asked only the last query,
/// a fresh solver took 360 s on `pc_sfifo_2` (with a witness's invariants), where the
/// search took 16 s. The answer that counts is still the last query's, in a solver that
/// shares nothing with the search's.
fn recheck(cfa: &Cfa, solvers: &dyn SolverFactory, k: u32) -> Result<(), Recheck> {
    let t = &*cfa.terms;
    let mut scratch = BmcStats::default();
    let mut base = Unrolling::new(cfa, solvers, &[cfa.init()], "kind.check.base");
    let mut reached = Vec::new();
    for i in 0..=k {
        reached.extend(base.errors());
        if i < k {
            base.extend(&mut scratch);
        }
    }
    if !reached.is_empty() {
        decided(
            base.solver.check_assuming(&[t.or(&reached)]),
            format!("an error is reachable within {k} edges"),
        )?;
    }
    let mut step = Unrolling::new(cfa, solvers, &starts(cfa), "kind.check.step");
    let first: Vec<_> = step.frontier().iter().map(|n| n.reach).collect();
    step.solver.assert(t.or(&first));
    for depth in 0..=k {
        step.extend(&mut scratch);
        let errors = step.errors();
        if errors.is_empty() {
            continue;
        }
        let answer = step.solver.check_assuming(&[t.or(&errors)]);
        if depth == k {
            decided(
                answer,
                format!("the step case at depth {} is satisfiable", k + 1),
            )?;
        } else if let SatResult::Unknown(why) = answer {
            return Err(Recheck::Undecided(why));
        }
    }
    Ok(())
}

/// Why a re-check did not confirm the proof.
enum Recheck {
    /// The fresh solver contradicts the proof: a bug.
    Fails(String),
    /// The fresh solver gave up (time limit, resources): no verdict either way.
    Undecided(logic::Stop),
}

fn decided(answer: SatResult, if_sat: String) -> Result<(), Recheck> {
    match answer {
        SatResult::Unsat => Ok(()),
        SatResult::Sat => Err(Recheck::Fails(if_sat)),
        SatResult::Unknown(why) => Err(Recheck::Undecided(why)),
    }
}
