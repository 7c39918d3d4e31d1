//! The interface every engine uses to ask satisfiability questions.

use crate::term::Term;
use crate::value::Value;
use std::time::Duration;

/// Outcome of a satisfiability check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    Sat,
    Unsat,
    /// The solver gave up, and why.
    Unknown(crate::Stop),
}

impl SatResult {
    pub fn is_sat(&self) -> bool {
        *self == SatResult::Sat
    }
    pub fn is_unsat(&self) -> bool {
        *self == SatResult::Unsat
    }
}

/// Counters of solver work, summed over every solver of one backend.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolverStats {
    /// Solver instances created.
    pub solvers: u64,
    /// Satisfiability checks.
    pub checks: u64,
    pub sat: u64,
    pub unsat: u64,
    pub unknown: u64,
    /// Time spent inside checks.
    pub check_time: Duration,
    /// Terms translated into the solver's representation (each shared term once).
    pub translated: u64,
}

/// An incremental SMT solver over Boulder terms.
pub trait Solver {
    /// Adds a Boolean term at the current scope.
    fn assert(&mut self, t: Term);
    /// Opens a scope.
    fn push(&mut self);
    /// Closes the innermost scope, forgetting its assertions.
    fn pop(&mut self);
    /// Checks the assertions under the extra Boolean `assumptions`.
    fn check_assuming(&mut self, assumptions: &[Term]) -> SatResult;
    /// Checks the assertions.
    fn check(&mut self) -> SatResult {
        self.check_assuming(&[])
    }
    /// After `Sat`: the value of a term in the model (completed: every variable has one).
    fn value(&mut self, t: Term) -> Option<Value>;
    /// After `Unsat` under assumptions: a subset of them that is already unsatisfiable.
    fn unsat_core(&mut self) -> Vec<Term>;
    /// A time limit for each following check (`None`: no limit beyond the global one).
    fn set_timeout(&mut self, limit: Option<Duration>);
    /// A deterministic limit on the work of each following check, in the solver's own
    /// units (Z3's `rlimit`): unlike a time limit, the same query gives up at the same
    /// point in every run. A solver without such a limit ignores it.
    fn set_work_limit(&mut self, _limit: Option<u64>) {}
}

/// Makes fresh solvers; engines take one so that they can open independent contexts
/// (e.g. a clean solver to concretise a counterexample or check a certificate).
pub trait SolverFactory {
    fn new_solver(&self) -> Box<dyn Solver>;
    /// Work done by every solver made so far.
    fn stats(&self) -> SolverStats;
    /// An equivalent quantifier-free term, or an error when the backend cannot eliminate
    /// the quantifiers of `t`. Refinement uses it for the quantifiers that weakest
    /// preconditions and strongest postconditions of `havoc` introduce. It answers the
    /// same on any machine and under any load: no clock of its own decides it (only the
    /// run's deadline stops it, and then the run ends).
    fn eliminate_quantifiers(&self, t: Term) -> Result<Term, String> {
        let _ = t;
        Err("this solver backend cannot eliminate quantifiers".into())
    }
}
