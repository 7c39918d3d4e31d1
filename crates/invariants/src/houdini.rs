//! The largest inductive subset of candidate invariants over a Horn system (Houdini:
//! Flanagan and Leino, "Houdini, an annotation assistant for ESC/Java", FME 2001).
//!
//! Each relation starts with its candidates. A clause whose body's candidates and
//! constraint admit a state that breaks some candidate of its head loses those candidates
//! (read from the solver's model), and the clauses whose bodies mention that relation are
//! checked again. What remains when every clause passes is inductive: the conjunction of
//! each relation's survivors is a solution of the system without its query clauses.
//! Every check is a fresh solver's, on the clause as it is (the program's bit-vectors).

use logic::chc::Horn;
use logic::{SatResult, SolverFactory, Stop, Term, TermStore, Value};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// What the check found.
pub struct Inductive {
    /// Per relation: the surviving candidates.
    pub invariants: Vec<Vec<Term>>,
    /// Whether the survivors also make every query clause unsatisfiable (they prove the
    /// system safe).
    pub safe: bool,
    /// Solver calls made, candidates dropped.
    pub checks: usize,
    pub dropped: usize,
}

impl Inductive {
    /// Per relation: the conjunction of its survivors (the query's `false` when safe).
    pub fn formulas(&self, store: &TermStore, horn: &Horn) -> Vec<Term> {
        self.invariants
            .iter()
            .enumerate()
            .map(|(r, c)| {
                if r == horn.query.index() && self.safe {
                    store.fls()
                } else {
                    store.and(c)
                }
            })
            .collect()
    }
}

/// The largest subset of `candidates` (per relation, over its formals `Horn::formals`) that
/// every clause of `horn` preserves. A check that runs out of `per_check` drops the
/// head's non-linear candidates first, then all of them (never keeps an unchecked one);
/// `Err(Stop::Timeout)` at `deadline`.
pub fn houdini(
    store: &TermStore,
    horn: &Horn,
    mut candidates: Vec<Vec<Term>>,
    solvers: &dyn SolverFactory,
    per_check: Duration,
    deadline: Option<Instant>,
) -> Result<Inductive, Stop> {
    let n = horn.clauses.len();
    // Per relation: the clauses whose bodies mention it.
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); horn.relations.len()];
    for (i, c) in horn.clauses.iter().enumerate() {
        for b in &c.body {
            users[b.rel.index()].push(i);
        }
    }
    candidates[horn.query.index()].clear();
    let mut queued = vec![true; n];
    let mut work: VecDeque<usize> = (0..n).collect();
    let (mut checks, mut dropped) = (0, 0);
    while let Some(i) = work.pop_front() {
        queued[i] = false;
        let c = &horn.clauses[i];
        let head = c.head.rel.index();
        if head == horn.query.index() || candidates[head].is_empty() {
            continue;
        }
        let limit = budget(per_check, deadline)?;
        let solution: Vec<Term> = candidates.iter().map(|c| store.and(c)).collect();
        let at_head: rustc_hash::FxHashMap<Term, Term> = horn
            .formals(store, c.head.rel)
            .into_iter()
            .zip(c.head.args.iter().copied())
            .collect();
        let heads: Vec<Term> = candidates[head]
            .iter()
            .map(|t| store.substitute(*t, &at_head))
            .collect();
        let mut s = solvers.new_solver();
        s.set_timeout(Some(limit));
        s.assert(c.constraint);
        for b in &c.body {
            s.assert(horn.instantiate(store, &solution, b));
        }
        s.assert(store.not(store.and(&heads)));
        checks += 1;
        let before = candidates[head].len();
        match s.check() {
            SatResult::Unsat => continue,
            SatResult::Sat => {
                let keep: Vec<bool> = heads
                    .iter()
                    .map(|h| s.value(*h) == Some(Value::Bool(true)))
                    .collect();
                let mut k = keep.iter();
                candidates[head].retain(|_| *k.next().expect("one per candidate"));
                if candidates[head].len() == before {
                    // A model that breaks no candidate singly: the check's own answer is
                    // not to be trusted, so nothing of the head is.
                    candidates[head].clear();
                }
            }
            SatResult::Unknown(Stop::Timeout) if deadline.is_some_and(|d| Instant::now() >= d) => {
                return Err(Stop::Timeout)
            }
            SatResult::Unknown(_) => {
                let linear: Vec<Term> = candidates[head]
                    .iter()
                    .copied()
                    .filter(|t| !non_linear(store, *t))
                    .collect();
                candidates[head] = if linear.len() < before {
                    linear
                } else {
                    Vec::new()
                };
            }
        }
        dropped += before - candidates[head].len();
        // The head's relation lost candidates: the clauses that assume them, and this one
        // (its own head, weaker now, may still fail), are checked again.
        for j in users[c.head.rel.index()].iter().copied().chain([i]) {
            if !queued[j] {
                queued[j] = true;
                work.push_back(j);
            }
        }
    }
    // What a survivor implies is no invariant of its own.
    let candidates: Vec<Vec<Term>> = candidates
        .iter()
        .map(|c| crate::candidates::tightest(store, c))
        .collect();
    let solution: Vec<Term> = candidates.iter().map(|c| store.and(c)).collect();
    let mut safe = true;
    for (i, c) in horn.clauses.iter().enumerate() {
        if c.head.rel != horn.query {
            continue;
        }
        let limit = budget(per_check, deadline)?;
        checks += 1;
        if horn.check_clause(store, &solution, i, solvers, Some(limit)) != SatResult::Unsat {
            safe = false;
            break;
        }
    }
    Ok(Inductive {
        invariants: candidates,
        safe,
        checks,
        dropped,
    })
}

/// The time a check may take: `per_check`, or what is left before `deadline`.
fn budget(per_check: Duration, deadline: Option<Instant>) -> Result<Duration, Stop> {
    match deadline {
        Some(d) => {
            let left = d.saturating_duration_since(Instant::now());
            if left.is_zero() {
                Err(Stop::Timeout)
            } else {
                Ok(left.min(per_check))
            }
        }
        None => Ok(per_check),
    }
}

/// Whether `t` multiplies two non-constant terms.
fn non_linear(store: &TermStore, t: Term) -> bool {
    store.postorder(t, false).into_iter().any(|x| {
        matches!(store.op(x), logic::Op::BvMul)
            && store
                .args(x)
                .iter()
                .filter(|a| store.as_bv_const(**a).is_none())
                .count()
                > 1
    })
}
