//! The check of Spacer's solution, clause by clause in fresh solvers (docs/design.md §12:
//! the solution is re-checked clause by clause on the bit-vector semantics before TRUE is
//! printed).
//!
//! Over bit-vectors the solution is checked against the bit-vector clauses, the program
//! itself. Over integers, the solution is first checked against the integer clauses (in
//! linear integer arithmetic: milliseconds, and it catches a wrong solution before the
//! expensive check), then translated back exactly (`bv_int::to_bv`: integer formulas
//! evaluated in words wide enough that no sub-term overflows) and every clause is checked
//! on the bit-vectors, with the time the run has left. A SAT solver can take long on the
//! carry chains of such checks (a summary of `sum(n - 1, m + 1)`: over 30 s on CaDiCaL and
//! on Z3's bit-vector kernel, the integer check milliseconds); then the run ends UNKNOWN,
//! not TRUE. A clause that holds on integers and fails on bit-vectors is a translation
//! error: UNKNOWN too.

use crate::int;
use logic::chc::Horn;
use logic::{SatResult, SolverFactory, Stop, Term, TermStore};
use std::time::Instant;

/// How a solution was checked: always on the bit-vectors, first on integers or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// Solved over bit-vectors, every clause checked on them.
    BitVectors,
    /// Solved over integers, every clause checked on the integer clauses and then on
    /// the bit-vectors.
    IntegersThenBitVectors,
    /// Learned from executions (`learn`), every clause checked on the bit-vectors (its
    /// polynomial equations by algebra over Z/2^W where it shows them: exact with
    /// wrap-around, `invariants::preserve`).
    Learned,
}

impl Certificate {
    /// In words, for reports.
    pub fn label(&self) -> &'static str {
        match self {
            Certificate::BitVectors => "chc solution, checked on bit-vectors",
            Certificate::IntegersThenBitVectors => {
                "chc solution (integers), checked on integers and on bit-vectors"
            }
            Certificate::Learned => "invariants learned from executions, checked on bit-vectors",
        }
    }
}

/// Checks Spacer's `formulas` (over `int`'s formals when the clauses were solved over
/// integers); the solution as bit-vector formulas and how it was checked, or why it is
/// no certificate.
pub fn certify(
    store: &TermStore,
    bv: &Horn,
    int: Option<&Horn>,
    formulas: &[Term],
    lia: &dyn SolverFactory,
    bits: &dyn SolverFactory,
    deadline: Option<Instant>,
) -> Result<(Vec<Term>, Certificate), Stop> {
    let fails = |what: &str, clause: usize, answer: SatResult| -> Stop {
        match answer {
            SatResult::Unknown(Stop::Timeout) => Stop::Timeout,
            answer => format!(
                "Spacer's solution fails the check of clause {clause} on {what} ({answer:?})"
            )
            .into(),
        }
    };
    let Some(int) = int else {
        return match bv.check_solution(store, formulas, bits) {
            Ok(()) => Ok((formulas.to_vec(), Certificate::BitVectors)),
            Err(e) => Err(fails("bit-vectors", e.clause, e.answer)),
        };
    };
    if let Err(e) = int.check_solution(store, formulas, lia) {
        return Err(fails("integers", e.clause, e.answer));
    }
    let on_bv = int::solution_to_bv(store, bv, int, formulas)
        .map_err(|why| format!("Spacer's solution has no bit-vector form: {}", why.0))?;
    for i in 0..bv.clauses.len() {
        let limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if limit.is_some_and(|l| l.is_zero()) {
            return Err(Stop::Timeout);
        }
        match bv.check_clause(store, &on_bv, i, bits, limit) {
            SatResult::Unsat => {}
            SatResult::Unknown(Stop::Timeout) => return Err(Stop::Timeout),
            SatResult::Unknown(why) => {
                return Err(format!("the bit-vector check of clause {i}: {why}").into())
            }
            SatResult::Sat => {
                return Err(format!(
                    "internal error: the solution holds of clause {i} on integers but not on \
                     bit-vectors (the integer translation is wrong)"
                )
                .into())
            }
        }
    }
    Ok((on_bv, Certificate::IntegersThenBitVectors))
}

/// Checks learned invariants `formulas` (a solution of the bit-vector clauses `bv`),
/// clause by clause in fresh solvers within `deadline`, their polynomial equations by
/// algebra where it shows them (`invariants::preserve::check_clause`: cofactors over
/// Z/2^W, exact with wrap-around) and the rest by SMT.
pub fn certify_learned(
    store: &TermStore,
    bv: &Horn,
    formulas: &[Term],
    solvers: &dyn SolverFactory,
    deadline: Option<Instant>,
) -> Result<Vec<Term>, Stop> {
    check_clauses(store, bv, formulas, 0..bv.clauses.len(), solvers, deadline)?;
    Ok(formulas.to_vec())
}

/// Checks `formulas` on each of `clauses` of `horn` as [`certify_learned`] does; the
/// first that fails or is not decided before `deadline` is the error.
pub fn check_clauses(
    store: &TermStore,
    horn: &Horn,
    formulas: &[Term],
    clauses: impl IntoIterator<Item = usize>,
    solvers: &dyn SolverFactory,
    deadline: Option<Instant>,
) -> Result<(), Stop> {
    for i in clauses {
        let limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if limit.is_some_and(|l| l.is_zero()) {
            return Err(Stop::Timeout);
        }
        match invariants::preserve::check_clause(store, horn, formulas, i, solvers, limit) {
            SatResult::Unsat => {}
            SatResult::Unknown(why) => return Err(why),
            SatResult::Sat => {
                return Err(
                    format!("the learned invariants fail the fresh check of clause {i}").into(),
                )
            }
        }
    }
    Ok(())
}
