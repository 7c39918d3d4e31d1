//! The SAT solver interface the bit-level engines need — new variables, clauses, solving
//! under assumptions, model values, failed assumptions — and its CaDiCaL implementation.
//! Literals are DIMACS integers (`-v` is the negation of variable `v`).

use std::time::Instant;

/// The answer of a SAT call.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SatAnswer {
    Sat,
    Unsat,
    /// Interrupted (deadline).
    Unknown,
}

pub trait SatSolver {
    fn add_clause(&mut self, clause: &[i32]);
    fn solve(&mut self, assumptions: &[i32]) -> SatAnswer;
    /// The value of a literal in the last model (`None` when unassigned).
    fn value(&self, lit: i32) -> Option<bool>;
    /// Whether an assumption was used to refute the last query.
    fn failed(&self, lit: i32) -> bool;
    /// Stops solving at the deadline (the call answers [`SatAnswer::Unknown`]).
    fn set_deadline(&mut self, deadline: Option<Instant>);
    /// Number of `solve` calls so far.
    fn calls(&self) -> u64;
}

/// Terminates CaDiCaL at a deadline.
pub struct Deadline {
    at: Option<Instant>,
}

impl cadical::Callbacks for Deadline {
    fn terminate(&mut self) -> bool {
        self.at.is_some_and(|d| Instant::now() >= d)
    }
}

/// CaDiCaL through the `cadical` crate.
pub struct Cadical {
    solver: cadical::Solver<Deadline>,
    calls: u64,
    deadline: Option<Instant>,
}

impl Default for Cadical {
    fn default() -> Self {
        Self::new()
    }
}

impl Cadical {
    pub fn new() -> Self {
        Cadical {
            solver: cadical::Solver::new(),
            calls: 0,
            deadline: None,
        }
    }

    /// CaDiCaL without its preprocessing and inprocessing: many tiny incremental queries
    /// (IC3) pay for them on every call.
    pub fn plain() -> Self {
        Cadical {
            solver: cadical::Solver::with_config("plain").unwrap_or_default(),
            calls: 0,
            deadline: None,
        }
    }
}

impl Cadical {
    /// The next `solve` gives up (answers [`SatAnswer::Unknown`]) after `conflicts`
    /// conflicts; the limit holds for that call only.
    pub fn limit_conflicts(&mut self, conflicts: i32) {
        self.solver
            .set_limit("conflicts", conflicts)
            .expect("CaDiCaL knows the conflicts limit");
    }
}

impl SatSolver for Cadical {
    fn add_clause(&mut self, clause: &[i32]) {
        self.solver.add_clause(clause.iter().copied());
    }

    fn solve(&mut self, assumptions: &[i32]) -> SatAnswer {
        self.calls += 1;
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return SatAnswer::Unknown;
        }
        match self.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => SatAnswer::Sat,
            Some(false) => SatAnswer::Unsat,
            None => SatAnswer::Unknown,
        }
    }

    fn value(&self, lit: i32) -> Option<bool> {
        self.solver.value(lit)
    }

    fn failed(&self, lit: i32) -> bool {
        self.solver.failed(lit)
    }

    fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.solver
            .set_callbacks(deadline.map(|d| Deadline { at: Some(d) }));
    }

    fn calls(&self) -> u64 {
        self.calls
    }
}
