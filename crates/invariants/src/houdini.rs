//! The largest inductive subset of candidate invariants over a Horn system (Houdini:
//! Flanagan and Leino, "Houdini, an annotation assistant for ESC/Java", FME 2001).
//!
//! Each relation starts with its candidates. A clause whose body's candidates and
//! constraint admit a state that breaks some candidate of its head loses those candidates
//! (read from the solver's model), and the clauses whose bodies mention that relation are
//! checked again. What remains when every clause passes is inductive: the conjunction of
//! each relation's survivors is a solution of the system without its query clauses.
//! Every check is on the clause as it is (the program's bit-vectors): a head's equations
//! first by algebra (`preserve`), the rest in rounds of one solver per clause visit.

use crate::preserve::non_linear;
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
    let mut unshown: rustc_hash::FxHashSet<(usize, Term)> = Default::default();
    while let Some(i) = work.pop_front() {
        queued[i] = false;
        let c = &horn.clauses[i];
        let head = c.head.rel.index();
        if head == horn.query.index() || candidates[head].is_empty() {
            continue;
        }
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
        let bodies: Vec<Term> = c
            .body
            .iter()
            .map(|b| horn.instantiate(store, &solution, b))
            .collect();
        // Equations the clause preserves by algebra need no SMT check (`preserve`). What
        // the algebra could not show it will not show with fewer facts: asked once.
        let ask: Vec<usize> = (0..heads.len())
            .filter(|k| !unshown.contains(&(i, candidates[head][*k])))
            .collect();
        let asked: Vec<Term> = ask.iter().map(|k| heads[*k]).collect();
        let answers =
            crate::preserve::preserved(store, c.constraint, &bodies, &asked, Some(solvers));
        let mut shown = vec![false; heads.len()];
        for (k, yes) in ask.iter().zip(answers) {
            shown[*k] = yes;
            if !yes {
                unshown.insert((i, candidates[head][*k]));
            }
        }
        let open: Vec<usize> = (0..heads.len()).filter(|k| !shown[*k]).collect();
        if open.is_empty() {
            continue;
        }
        let facts: Vec<Term> = bodies
            .iter()
            .flat_map(|b| crate::preserve::conjuncts(store, *b))
            .collect();
        // A linear candidate is checked against the body's linear facts only when the
        // clause's own constraint is linear: products in the hypotheses make the
        // bit-blasted check slow and rarely matter to a bound (weaker hypotheses: what
        // passes is preserved all the same, and what fails is dropped, which Houdini may
        // always do). Non-linear candidates the algebra did not show, and every candidate
        // of a clause that computes a product (`__VERIFIER_assert(a * a <= n)` passing its
        // condition), are checked against everything.
        // The constraint without the products the algebra decides under the body's
        // current candidates (`preserve::simplify`): recomputed per visit, as those
        // candidates shrink.
        let constraint = crate::preserve::simplify(store, c.constraint, &bodies, Some(solvers));
        let products_here = non_linear(store, constraint);
        let (linear, products): (Vec<usize>, Vec<usize>) = open
            .iter()
            .partition(|k| !products_here && !non_linear(store, heads[**k]));
        let mut alive = vec![true; heads.len()];
        let before = candidates[head].len();
        for (group, only_linear) in [(linear, true), (products, false)] {
            if group.is_empty() || alive.iter().all(|a| !a) {
                continue;
            }
            let base: Vec<Term> = std::iter::once(constraint)
                .chain(
                    facts
                        .iter()
                        .copied()
                        .filter(|f| !only_linear || !non_linear(store, *f)),
                )
                .collect();
            let round = Rounds {
                store,
                solvers,
                base: &base,
                heads: &heads,
                group: &group,
                // Products: a fresh solver per round, as before stop 56 (a one-shot
                // check is where Z3's equation solving and polynomial normalisation,
                // `Z3SolverKind::Algebraic`, apply).
                incremental: only_linear,
                only_group: false,
                per_check,
                deadline,
            };
            let was = alive.clone();
            checks += round.run(&mut alive)?;
            if only_linear {
                // What the linear facts could not keep is checked again against all of
                // them before it is dropped (a bound may need an equation's product).
                let suspects: Vec<usize> = group
                    .iter()
                    .copied()
                    .filter(|k| was[*k] && !alive[*k])
                    .collect();
                if !suspects.is_empty() {
                    let mut again = was.clone();
                    let all: Vec<Term> = std::iter::once(constraint)
                        .chain(facts.iter().copied())
                        .collect();
                    let recheck = Rounds {
                        base: &all,
                        group: &suspects,
                        incremental: false,
                        only_group: true,
                        ..round
                    };
                    checks += recheck.run(&mut again)?;
                    for k in suspects {
                        alive[k] = again[k];
                    }
                }
            }
        }
        let mut k = alive.iter();
        candidates[head].retain(|_| *k.next().expect("one per candidate"));
        if candidates[head].len() == before {
            continue;
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
        if crate::preserve::check_clause(store, horn, &solution, i, solvers, Some(limit))
            != SatResult::Unsat
        {
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

/// Checks of one clause's candidates in rounds: each model drops the candidates it
/// breaks, and the next round asks again about the rest — in the same solver, keeping
/// what it learned, or in a fresh one.
struct Rounds<'a> {
    store: &'a TermStore,
    solvers: &'a dyn SolverFactory,
    /// What every check assumes: the clause's constraint and the body's facts.
    base: &'a [Term],
    /// One solver for every round, or a fresh one per round.
    incremental: bool,
    /// When the solver gives up or its model breaks no candidate singly: drop the group
    /// only, not the head's other candidates.
    only_group: bool,
    /// The head's candidates, instantiated; `group`: those this solver checks.
    heads: &'a [Term],
    group: &'a [usize],
    per_check: Duration,
    deadline: Option<Instant>,
}

impl Rounds<'_> {
    /// Clears `alive` for the candidates that are not preserved (all of the head's when a
    /// model breaks none singly; the non-linear ones of the group, or all, when the solver
    /// gives up); the number of checks.
    fn run(&self, alive: &mut [bool]) -> Result<usize, Stop> {
        let store = self.store;
        let mut checks = 0;
        let fresh = || {
            let mut s = self.solvers.new_solver();
            for t in self.base {
                s.assert(*t);
            }
            s
        };
        let mut s = fresh();
        loop {
            let open: Vec<usize> = self.group.iter().copied().filter(|k| alive[*k]).collect();
            if open.is_empty() {
                return Ok(checks);
            }
            let all: Vec<Term> = open.iter().map(|k| self.heads[*k]).collect();
            let broken = store.not(store.and(&all));
            let assumptions = if self.incremental {
                let act = store.fresh_var("houdini!round", logic::Sort::Bool);
                s.assert(store.implies(act, broken));
                vec![act]
            } else {
                if checks > 0 {
                    s = fresh();
                }
                s.assert(broken);
                Vec::new()
            };
            s.set_timeout(Some(budget(self.per_check, self.deadline)?));
            checks += 1;
            match s.check_assuming(&assumptions) {
                SatResult::Unsat => return Ok(checks),
                SatResult::Sat => {
                    let mut any = false;
                    for k in &open {
                        if s.value(self.heads[*k]) != Some(Value::Bool(true)) {
                            alive[*k] = false;
                            any = true;
                        }
                    }
                    if !any {
                        // A model that breaks no candidate singly: the check's own answer
                        // is not to be trusted, so nothing of the head is.
                        self.give_up(alive);
                        return Ok(checks);
                    }
                }
                SatResult::Unknown(Stop::Timeout)
                    if self.deadline.is_some_and(|d| Instant::now() >= d) =>
                {
                    return Err(Stop::Timeout)
                }
                SatResult::Unknown(_) => {
                    // The non-linear ones go first; if there are none, everything.
                    let mut changed = false;
                    for k in &open {
                        if non_linear(store, self.heads[*k]) {
                            alive[*k] = false;
                            changed = true;
                        }
                    }
                    if !changed {
                        self.give_up(alive);
                    }
                    return Ok(checks);
                }
            }
        }
    }

    /// Drops the group's candidates (`only_group`) or all of the head's.
    fn give_up(&self, alive: &mut [bool]) {
        if self.only_group {
            self.group.iter().for_each(|k| alive[*k] = false);
        } else {
            alive.iter_mut().for_each(|a| *a = false);
        }
    }
}
