//! Bounded model checking by symbolic execution over the procedural CFA (docs/design.md §7), in
//! the manner of CBMC's and ESBMC's symex.
//!
//! The program is executed symbolically from its init location (`run.rs`): loops and
//! calls are unwound on demand, up to a bound on the iterations of each loop and on the
//! activations of each recursive function; constants are carried forward and folded by
//! the term builder, so a call with concrete arguments is computed rather than encoded;
//! paths are merged where they join; a comparison that the intervals a path has assumed
//! decide is replaced by its value (`facts.rs`), and sums are built linear (`sums.rs`).
//! Values are terms over the program's inputs, so what
//! does not reach a guard never reaches the solver (the execution is its own slice).
//! Then one query per property per bound, each on a fresh solver of the back end chosen
//! by measurement (docs/engines/symex.md): is an error location reachable (a FALSE, whose
//! counterexample `trace.rs` builds), is a special location reachable (the answer can
//! then be no better than UNKNOWN), and is a path cut by a bound (the unwinding
//! assertions): if none is, every run ends within the bounds and the answer is exact,
//! TRUE when no error and no special location is reachable. The bound is deepened (1, 2,
//! 4, …), so shallow bugs come first.

mod facts;
mod layout;
mod run;
mod state;
mod sums;
mod trace;

use cfa::{Cfa, LocationId, Program, Special};
use logic::{SatResult, SolverFactory, Term};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};
use witness::Counterexample;

#[derive(Clone, Debug)]
pub struct SymexOptions {
    /// The first bound (iterations of each loop, activations of each recursive function).
    pub first_bound: u32,
    /// The largest bound; deepening doubles the bound up to it.
    pub max_bound: u32,
    /// Give up (UNKNOWN) at this instant.
    pub deadline: Option<Instant>,
    /// Steps one execution may record before it gives up (memory).
    pub max_steps: usize,
    /// Terms the store may hold before an execution gives up (memory: about 100 bytes a
    /// term with its solver's share).
    pub max_terms: usize,
}

impl Default for SymexOptions {
    fn default() -> Self {
        SymexOptions {
            first_bound: 1,
            max_bound: 1 << 20,
            deadline: None,
            max_steps: 4_000_000,
            max_terms: 8_000_000,
        }
    }
}

/// How a symbolic execution ended.
#[derive(Debug)]
pub enum SymexOutcome {
    /// A counterexample, checked on the flat CFA of its path (`cfa`).
    Unsafe {
        cfa: Box<Cfa>,
        cex: Box<Counterexample>,
    },
    /// No error location is reachable, and every run ends within the bound.
    Safe {
        bound: u32,
    },
    /// A run reaches a special location (an unsupported construct, undefined behaviour):
    /// its reason. `settled`: every run ends within the bound and none reaches an error
    /// location (so no engine can find one: only the special location stands in the way);
    /// otherwise the bound was reached first.
    Special {
        special: Special,
        settled: bool,
    },
    Unknown(logic::Stop),
}

#[derive(Clone, Debug, Default)]
pub struct SymexStats {
    /// The last bound whose queries were answered.
    pub bound: u32,
    pub executions: u32,
    pub queries: u64,
    /// Of the last execution: states processed, states merged into others, activations of
    /// functions, recorded steps.
    pub states: u64,
    pub merges: u64,
    pub activations: u64,
    /// Calls answered by the summary of an identical call on constants.
    pub summaries: u64,
    pub steps: u64,
    pub time_exec: Duration,
    pub time_solve: Duration,
    pub time_trace: Duration,
}

/// Runs symbolic execution with deepening bounds. `special` names the error locations
/// that stand for UNKNOWN; `queries` makes the solvers of the queries, `z3` solves the
/// path of a counterexample whose statements have choices.
pub fn symex(
    program: &Program,
    special: &FxHashMap<LocationId, Special>,
    opts: &SymexOptions,
    queries: &dyn SolverFactory,
    z3: &dyn SolverFactory,
) -> (SymexOutcome, SymexStats) {
    let mut stats = SymexStats::default();
    let layout = layout::Layout::new(program);
    let terms = &*program.cfa.terms;
    let mut reached_special: Option<Special> = None;
    let mut bound = opts.first_bound;
    loop {
        stats.bound = bound;
        let t0 = Instant::now();
        let exec = state::Exec::new(terms, &program.cfa.stmts, &layout);
        let mut sx = run::Symex::new(program, &layout, exec, special, bound);
        sx.deadline = opts.deadline;
        sx.max_steps = opts.max_steps;
        sx.max_terms = opts.max_terms;
        let ran = sx.run_program();
        stats.executions += 1;
        stats.time_exec += t0.elapsed();
        let found = sx.found;
        let defs = sx.exec.defs;
        stats.states = found.states;
        stats.merges = found.merges;
        stats.activations = found.activations;
        stats.summaries = found.summaries;
        stats.steps = found.steps.len() as u64;
        match ran {
            Ok(()) => {}
            Err(run::Stop::Timeout) => return (SymexOutcome::Unknown(logic::Stop::Timeout), stats),
            Err(run::Stop::TooLarge) => {
                let why = format!(
                    "bound {bound}: the execution exceeds {} steps or {} terms",
                    opts.max_steps, opts.max_terms
                );
                return (SymexOutcome::Unknown(why.into()), stats);
            }
        }
        // Is an error reachable?
        let errors = terms.or(&found.errors);
        match ask(terms, queries, &defs, errors, &mut stats) {
            Query::Sat(mut solver) => {
                let t1 = Instant::now();
                let mut model = |t: Term| solver.value(t);
                let r = trace::counterexample(program, special, &found.steps, &mut model, z3);
                stats.time_trace += t1.elapsed();
                return match r {
                    Ok((cfa, cex)) => (
                        SymexOutcome::Unsafe {
                            cfa: Box::new(cfa),
                            cex: Box::new(cex),
                        },
                        stats,
                    ),
                    Err(e) => (SymexOutcome::Unknown(e), stats),
                };
            }
            Query::Unknown(r) => return (SymexOutcome::Unknown(r), stats),
            Query::Unsat => {}
        }
        // Is a special location reachable?
        if reached_special.is_none() && !found.specials.is_empty() {
            let any = terms.or(&found.specials.iter().map(|(_, g)| *g).collect::<Vec<_>>());
            match ask(terms, queries, &defs, any, &mut stats) {
                Query::Sat(mut solver) => {
                    let first = found
                        .specials
                        .iter()
                        .find(|(_, g)| solver.value(*g) == Some(logic::Value::Bool(true)));
                    let l = first.map_or(found.specials[0].0, |(l, _)| *l);
                    reached_special = Some(special[&l].clone());
                }
                Query::Unknown(r) => return (SymexOutcome::Unknown(r), stats),
                Query::Unsat => {}
            }
        }
        // Does every run end within the bound?
        let cut = terms.or(&found.cut);
        match ask(terms, queries, &defs, cut, &mut stats) {
            Query::Unsat => {
                return match reached_special {
                    Some(special) => (
                        SymexOutcome::Special {
                            special,
                            settled: true,
                        },
                        stats,
                    ),
                    None => (SymexOutcome::Safe { bound }, stats),
                };
            }
            Query::Unknown(r) => return (SymexOutcome::Unknown(r), stats),
            Query::Sat(_) => {}
        }
        logic::progress::reached(logic::progress::Milestone::Bound(bound as u64));
        // The next execution is about twice as large: it must fit.
        let half = |used: usize, limit: usize| used > limit / 2;
        if bound >= opts.max_bound
            || half(stats.steps as usize, opts.max_steps)
            || half(terms.len(), opts.max_terms)
        {
            let outcome = match reached_special {
                Some(special) => SymexOutcome::Special {
                    special,
                    settled: false,
                },
                None => SymexOutcome::Unknown(logic::Stop::Bound(format!("bound {bound} reached"))),
            };
            return (outcome, stats);
        }
        bound = bound.saturating_mul(2).clamp(1, opts.max_bound);
    }
}

enum Query {
    Sat(Box<dyn logic::Solver>),
    Unsat,
    Unknown(logic::Stop),
}

/// Whether `t` is satisfiable, on a fresh solver (`false` needs none). The definitions are
/// asserted again for every query, on purpose: one solver per execution with the
/// properties as assumptions was measured slower (stop 35, `hyperfine`, symex alone:
/// `tree_safe.c` 0.39 → 0.52 s on CaDiCaL and 0.14 → 0.41 s on Z3's tactic,
/// `many_functions_safe.c` 1.23 → 1.72 s; assumptions keep the preprocessors from
/// simplifying the query).
fn ask(
    terms: &logic::TermStore,
    solvers: &dyn SolverFactory,
    defs: &[Term],
    t: Term,
    stats: &mut SymexStats,
) -> Query {
    if terms.is_false(t) {
        return Query::Unsat;
    }
    let t0 = Instant::now();
    let mut solver = solvers.new_solver();
    for d in defs {
        solver.assert(*d);
    }
    solver.assert(t);
    stats.queries += 1;
    let r = solver.check();
    stats.time_solve += t0.elapsed();
    match r {
        SatResult::Sat => Query::Sat(solver),
        SatResult::Unsat => Query::Unsat,
        SatResult::Unknown(r) => Query::Unknown(r),
    }
}
