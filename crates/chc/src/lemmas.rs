//! Learned invariants for the other engines (issue 36: "checked by induction, used by
//! every prover"; docs/engines/invariants.md).
//!
//! The same learning as the engine's first phase (`learn`: samples, candidates, Houdini on
//! the bit-vector clauses), then a certificate of its own: every clause that does not
//! derive the query is checked again, each in a fresh solver, with the survivors as the
//! solution. What passes is an inductive invariant of the program — it holds initially and
//! every transition preserves it — so it holds in every reachable state, and an engine may
//! assume it at its location without losing a behaviour (k-induction's step case, IC3's
//! frames, CEGAR's paths all start from states it admits). Whether the query clauses hold
//! too is asked last: then the invariants prove the program on their own. Polynomial
//! equations are checked by algebra where bit-blasting their products would not finish
//! (`invariants::preserve`: cofactors over Z/2^W, exact with wrap-around).

use crate::encode::{encode, Encoding};
use crate::{learn, Certificate, Solution};
use cfa::Program;
use invariants::preserve::check_clause;
use logic::{SatResult, SolverFactory, Stop, Term};
use std::time::Instant;

/// Certified inductive invariants of a program's relations.
pub struct Lemmas {
    /// The invariants as a solution of the clauses without the query (`formulas` of the
    /// query relation: `false` when `proves`, else `true`).
    pub solution: Solution,
    /// They also make every query clause unsatisfiable: the program is safe.
    pub proves: bool,
    pub candidates: usize,
    pub kept: usize,
    pub samples: usize,
}

/// Learns inductive invariants of `program` (encoded with large blocks) within `deadline`,
/// (samples from random runs and from the inputs `reach` finds), checking candidates with
/// `solvers` and the result again clause by clause with fresh ones. `Ok(None)`: nothing
/// was kept (or a sampled run reached an error). `Err`: no encoding, the deadline, or a
/// failed re-check (never an unchecked invariant).
pub fn lemmas(
    program: &Program,
    solvers: &dyn SolverFactory,
    reach: &dyn crate::learn::Reach,
    deadline: Option<Instant>,
) -> Result<Option<Lemmas>, Stop> {
    let enc: Encoding =
        encode(program, true).map_err(|why| Stop::from(format!("no Horn encoding: {why}")))?;
    let l = learn::learn(program, &enc, solvers, reach, deadline)?;
    if l.kept == 0 {
        return Ok(None);
    }
    let store = &*program.cfa.terms;
    let query = enc.horn.query;
    // The query's formula `true` makes the query clauses hold whatever their bodies: this
    // pass certifies the invariants, not safety.
    let mut formulas: Vec<Term> = l.formulas;
    formulas[query.index()] = store.tru();
    let derives_query = |i: usize| enc.horn.clauses[i].head.rel == query;
    let clauses = (0..enc.horn.clauses.len()).filter(|i| !derives_query(*i));
    crate::certify::check_clauses(store, &enc.horn, &formulas, clauses, solvers, deadline)?;
    // `check_clause` reads a query clause's head as `false`: all unsatisfiable means safe.
    let proves = l.safe
        && (0..enc.horn.clauses.len())
            .filter(|i| derives_query(*i))
            .all(|i| {
                let limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                check_clause(store, &enc.horn, &formulas, i, solvers, limit) == SatResult::Unsat
            });
    if proves {
        formulas[query.index()] = store.fls();
    }
    Ok(Some(Lemmas {
        solution: Solution {
            encoding: enc,
            formulas,
            certificate: Certificate::Learned,
        },
        proves,
        candidates: l.candidates,
        kept: l.kept,
        samples: l.samples,
    }))
}
