//! A bit-level counterexample of a [`crate::cnf::Transys`]: what incremental-SAT BMC finds
//! and what `system.rs` reads as a path of CFA edges (its own file, so that the system does
//! not depend on the engine that finds traces).

/// The value of every variable (index `v`, 1-based) in each step.
#[derive(Clone, Debug)]
pub struct Trace {
    pub steps: Vec<Vec<bool>>,
}

impl Trace {
    pub fn value(&self, step: usize, var: u32) -> bool {
        self.steps[step][var as usize]
    }
}
