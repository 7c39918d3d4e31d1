//! The check of Spacer's solution, clause by clause in fresh solvers (docs/design.md §9:
//! every TRUE is certified or exactly argued).
//!
//! Over bit-vectors the solution is checked against the bit-vector clauses, the program
//! itself. Over integers, the solution is first checked against the integer clauses (in
//! linear integer arithmetic, where the check is fast), which proves the program safe
//! because the integer clauses are an exact translation of the bit-vector ones
//! (`logic::bv_int`, tested against concrete evaluation). Then each clause is checked once
//! more on the bit-vectors, with the solution translated back exactly (`bv_int::to_bv`),
//! within a time limit per clause: a SAT solver can take very long on the carry chains of
//! such checks (a summary of `sum(n - 1, m + 1)`: over 30 s on CaDiCaL and on Z3's
//! bit-vector kernel, while the integer check took milliseconds). The certificate says
//! how many clauses passed on the bit-vectors; a clause that *fails* there while its
//! integer form holds is a translation error and makes the run UNKNOWN.

use crate::int;
use logic::chc::Horn;
use logic::{SatResult, SolverFactory, Stop, Term, TermStore};
use std::time::{Duration, Instant};

/// How a solution was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// Every clause on the bit-vectors.
    BitVectors,
    /// Every clause on the integer clauses; `on_bits` of `clauses` also on the bit-vectors.
    Integers { on_bits: usize, clauses: usize },
}

impl Certificate {
    /// In words, for reports.
    pub fn label(&self) -> String {
        match self {
            Certificate::BitVectors => "chc solution, checked on bit-vectors".into(),
            Certificate::Integers { on_bits, clauses } => format!(
                "chc solution, checked on integers ({on_bits} of {clauses} clauses also on bit-vectors)"
            ),
        }
    }
}

/// How long one clause's bit-vector check may take after the integer check passed.
const BITS_LIMIT: Duration = Duration::from_secs(2);

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
    let mut on_bits = 0;
    for i in 0..bv.clauses.len() {
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let limit = left.map_or(BITS_LIMIT, |l| l.min(BITS_LIMIT));
        if limit.is_zero() {
            break;
        }
        match bv.check_clause(store, &on_bv, i, bits, Some(limit)) {
            SatResult::Unsat => on_bits += 1,
            SatResult::Unknown(_) => {}
            SatResult::Sat => {
                return Err(format!(
                    "internal error: the solution holds of clause {i} on integers but not on \
                     bit-vectors (the integer translation is wrong)"
                )
                .into())
            }
        }
    }
    let certificate = if on_bits == bv.clauses.len() {
        Certificate::BitVectors
    } else {
        Certificate::Integers {
            on_bits,
            clauses: bv.clauses.len(),
        }
    };
    Ok((on_bv, certificate))
}
