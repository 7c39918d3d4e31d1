//! Executions that reach given locations, from the models of BMC queries (issue 36,
//! docs/engines/invariants.md "Samples"): where random inputs almost never satisfy a
//! program's assumptions (`x == 7*y + 3`), no random run reaches its loop and invariant
//! learning has no state to learn from. A query "some node of step i at a target location
//! is reached" of the same unrolling as BMC's finds inputs that get there; the path is
//! solved on its own (`witness::concretize`) and its trace — initial state and the values
//! of its `havoc`s — is what a run needs to go the same way.

use crate::unroll::{path_to, Unrolling};
use crate::BmcStats;
use cfa::{Cfa, LocationId};
use logic::{SatResult, SolverFactory};
use std::time::Instant;
use witness::{concretize, Counterexample};

/// Up to `runs` traces of `cfa` from init, each ending at one of `targets`, at most one
/// per (location, number of edges), shortest first, found within `bound` edges and before
/// `deadline`. A trace is the path's own solution: an execution of `cfa` (not checked to
/// end in an error location, which it does not).
pub fn reaching(
    cfa: &Cfa,
    solvers: &dyn SolverFactory,
    targets: &[LocationId],
    bound: u32,
    runs: usize,
    deadline: Option<Instant>,
) -> Vec<Counterexample> {
    let mut out = Vec::new();
    if targets.is_empty() || runs == 0 {
        return out;
    }
    let past = || deadline.is_some_and(|d| Instant::now() >= d);
    let mut u = Unrolling::new(cfa, solvers, &[cfa.init()], "reach");
    let mut stats = BmcStats::default();
    for i in 0..=bound {
        let here: Vec<usize> = (0..u.frontier().len())
            .filter(|k| targets.contains(&u.frontier()[*k].loc))
            .collect();
        for k in here {
            if past() || out.len() >= runs {
                return out;
            }
            let reach = u.frontier()[k].reach;
            if u.solver.check_assuming(&[reach]) != SatResult::Sat {
                continue;
            }
            let path = path_to(&u.steps, &mut *u.solver, k);
            if let Ok(Some(trace)) = concretize(cfa, &path, solvers) {
                out.push(trace);
            }
        }
        if i == bound || u.live().is_empty() || past() {
            break;
        }
        u.extend(&mut stats);
    }
    out
}
