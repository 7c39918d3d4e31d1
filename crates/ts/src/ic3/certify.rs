//! The check of an IC3 proof with fresh solvers, sharing nothing with the run that found
//! it: the invariant `Inv` contains the initial states (`I ⇒ Inv`), is closed under the
//! transition relation (`Inv ∧ T ⇒ Inv'`, with `U` in both steps) and excludes the goal
//! (`Inv ∧ U ∧ G` unsatisfiable). Only then is TRUE reported.

use super::{Invariant, Model};
use crate::sat::{Cadical, SatAnswer, SatSolver};
use std::time::Instant;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertifyError {
    #[error("an initial state violates invariant clause {0}")]
    Initiation(usize),
    #[error("the invariant is not inductive")]
    Consecution,
    #[error("the invariant does not exclude the error states")]
    Safety,
    #[error("the certificate check ran out of time")]
    Timeout,
}

fn answer(a: SatAnswer) -> Result<bool, CertifyError> {
    match a {
        SatAnswer::Sat => Ok(true),
        SatAnswer::Unsat => Ok(false),
        SatAnswer::Unknown => Err(CertifyError::Timeout),
    }
}

pub fn certify(m: &Model, inv: &Invariant, deadline: Option<Instant>) -> Result<(), CertifyError> {
    // Initiation: I ∧ U ∧ ¬C unsatisfiable for every clause C.
    let mut s = Cadical::new();
    s.set_deadline(deadline);
    for c in &m.constraints {
        s.add_clause(c);
    }
    for l in &m.init {
        s.add_clause(&[*l]);
    }
    for (i, c) in inv.clauses.iter().enumerate() {
        let neg: Vec<i32> = c.iter().map(|l| -l).collect();
        if answer(s.solve(&neg))? {
            return Err(CertifyError::Initiation(i));
        }
    }

    // Consecution: Inv ∧ T ∧ U ∧ U' ∧ ¬Inv' unsatisfiable; ¬Inv' as "some clause is
    // false": a selector per clause.
    let mut s = Cadical::new();
    s.set_deadline(deadline);
    for c in m.constraints.iter().chain(&m.trans).chain(&inv.clauses) {
        s.add_clause(c);
    }
    let first = 2 * m.n as i32 + 1;
    let selectors: Vec<i32> = (0..inv.clauses.len() as i32).map(|i| first + i).collect();
    s.add_clause(&selectors);
    for (c, d) in inv.clauses.iter().zip(&selectors) {
        for l in c {
            s.add_clause(&[-d, -m.prime(*l)]);
        }
    }
    if answer(s.solve(&[]))? {
        return Err(CertifyError::Consecution);
    }

    // Safety: Inv ∧ U ∧ G unsatisfiable (without T: a bad state need not have a
    // successor).
    let mut s = Cadical::new();
    s.set_deadline(deadline);
    for c in m.constraints.iter().chain(&inv.clauses).chain(&m.goal) {
        s.add_clause(c);
    }
    if answer(s.solve(&[]))? {
        return Err(CertifyError::Safety);
    }
    Ok(())
}
