//! The `chc` engine: procedure summaries and invariants of the procedural CFA by
//! constrained Horn clauses (docs/design.md §12; docs/engines/chc.md).
//!
//! The program's clauses (`encode`: a relation per location over a function's entry and
//! current state, a summary per function, a clause per edge, calls through the callee's
//! summary) go to Z3's Spacer (`logic::z3::solve_horn`). Its answers are evidence to be
//! checked, never verdicts: a solution — an invariant per location, a summary per
//! function — is re-checked clause by clause in fresh solvers over the program's exact
//! bit-vector semantics before it counts as TRUE; a derivation of the error is read as a
//! path of the procedural program (`cex`) and becomes a counterexample only if that path,
//! solved on its own, executes (`witness::chain`), and the driver replays it with gcc.
//!
//! Owns: the frames of functions (`frame`), the encoding, the reading of derivations.
//! Must not know: C, the flat CFA, other engines.

pub mod certify;
pub mod cex;
pub mod encode;
pub mod frame;
pub mod int;
pub mod live;

pub use certify::Certificate;
pub use encode::{encode, ClauseRole, Encoding};

use cfa::{Cfa, LbeStats, LocationId, Program, Special};
use logic::z3::HornAnswer;
use logic::{SolverFactory, Stop, Term, Z3};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};
use witness::Counterexample;

/// The theory Spacer solves the clauses in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theory {
    /// Mathematical integers with exact wrap-around (`int`), where the program's
    /// operations allow it (linear arithmetic, constant divisors and shifts, masks);
    /// bit-vectors otherwise.
    Int,
    /// The program's bit-vectors as they are.
    Bv,
    /// Integers for half of the time, then bit-vectors.
    Auto,
}

/// How the engine runs.
#[derive(Clone, Debug)]
pub struct ChcOptions {
    /// Clauses over large blocks (relations only at cut points) instead of single edges.
    pub large_blocks: bool,
    pub theory: Theory,
    pub deadline: Option<Instant>,
}

impl Default for ChcOptions {
    fn default() -> Self {
        ChcOptions {
            large_blocks: true,
            theory: Theory::Auto,
            deadline: None,
        }
    }
}

/// What the engine found.
pub enum ChcOutcome {
    /// A solution that passed the clause-by-clause check.
    Safe(Box<Solution>),
    /// A checked counterexample, on the chain CFA of its path.
    Unsafe {
        cfa: Box<Cfa>,
        cex: Box<Counterexample>,
    },
    /// A derivation reaches a special location (never settled: its path is not checked).
    Special(Special),
    Unknown(Stop),
}

/// A certified solution: a formula per relation over its (bit-vector) formals.
pub struct Solution {
    pub encoding: Encoding,
    pub formulas: Vec<Term>,
    pub certificate: Certificate,
}

/// What the run did.
#[derive(Clone, Debug, Default)]
pub struct ChcStats {
    pub relations: usize,
    pub clauses: usize,
    /// The theory the clauses were solved in, and why not integers if they were not.
    pub theory: Option<Theory>,
    pub not_int: Option<String>,
    pub lbe: Option<LbeStats>,
    pub time_encode: Duration,
    pub time_solve: Duration,
    pub time_check: Duration,
    pub time_cex: Duration,
}

/// Runs the engine on `program`; `specials` are its special locations (reaching one is
/// UNKNOWN for its reason). `z3` solves the clauses; `solvers` check the solution and solve
/// the counterexample's path, each query in a fresh solver.
pub fn chc(
    program: &Program,
    specials: &FxHashMap<LocationId, Special>,
    opts: &ChcOptions,
    z3: &Z3,
    solvers: &dyn SolverFactory,
) -> (ChcOutcome, ChcStats) {
    let mut stats = ChcStats::default();
    let t0 = Instant::now();
    let enc = match encode(program, opts.large_blocks) {
        Ok(e) => e,
        Err(why) => {
            let why = format!("the program has no Horn encoding: {why}");
            return (ChcOutcome::Unknown(why.into()), stats);
        }
    };
    stats.relations = enc.horn.relations.len();
    stats.clauses = enc.horn.clauses.len();
    stats.lbe = enc.lbe.clone();
    let store = &*program.cfa.terms;
    let int = match opts.theory {
        Theory::Int | Theory::Auto => match int::int_system(store, &enc.horn) {
            Ok(h) => Some(h),
            Err(why) => {
                stats.not_int = Some(why.0);
                None
            }
        },
        Theory::Bv => None,
    };
    stats.time_encode = t0.elapsed();
    // Auto: integers for half of the time left, then bit-vectors (each finds what the
    // other misses: linear summaries on integers, parity and masks on bits).
    let mut attempts: Vec<(Option<&logic::chc::Horn>, Option<Instant>)> = Vec::new();
    match (&int, opts.theory) {
        (Some(h), Theory::Auto) => {
            let half = opts
                .deadline
                .map(|d| Instant::now() + d.saturating_duration_since(Instant::now()) / 2)
                .or_else(|| Some(Instant::now() + AUTO_INT_WITHOUT_DEADLINE));
            attempts.push((Some(h), half));
            attempts.push((None, opts.deadline));
        }
        (Some(h), _) => attempts.push((Some(h), opts.deadline)),
        (None, _) => attempts.push((None, opts.deadline)),
    }
    let mut outcome = ChcOutcome::Unknown(Stop::Timeout);
    for (int, deadline) in attempts {
        stats.theory = Some(if int.is_some() {
            Theory::Int
        } else {
            Theory::Bv
        });
        let solved = int.unwrap_or(&enc.horn);
        let t1 = Instant::now();
        // A context of its own per query: an interrupt at the end of one (Spacer's own
        // timeout and the context's alarm may both fire) must not cancel the next.
        let spacer = Z3::new(program.cfa.terms.clone());
        let answer = spacer.solve_horn(solved, deadline);
        stats.time_solve += t1.elapsed();
        outcome = match answer {
            HornAnswer::Unknown(why) => ChcOutcome::Unknown(why),
            HornAnswer::Solution(formulas) => {
                let t2 = Instant::now();
                let checked =
                    certify::certify(store, &enc.horn, int, &formulas, z3, solvers, opts.deadline);
                stats.time_check += t2.elapsed();
                match checked {
                    Ok((formulas, certificate)) => {
                        let solution = Solution {
                            encoding: enc,
                            formulas,
                            certificate,
                        };
                        return (ChcOutcome::Safe(Box::new(solution)), stats);
                    }
                    Err(why) => ChcOutcome::Unknown(why),
                }
            }
            HornAnswer::Derivation(d) => {
                let t2 = Instant::now();
                let r = counterexample(&enc, solved, specials, &d, solvers);
                stats.time_cex += t2.elapsed();
                r
            }
        };
        if !matches!(outcome, ChcOutcome::Unknown(_)) {
            break;
        }
    }
    (outcome, stats)
}

/// Without a deadline, how long `Theory::Auto` tries integers before bit-vectors.
const AUTO_INT_WITHOUT_DEADLINE: std::time::Duration = std::time::Duration::from_secs(30);

fn counterexample(
    enc: &Encoding,
    solved: &logic::chc::Horn,
    specials: &FxHashMap<LocationId, Special>,
    d: &logic::chc::Derivation,
    solvers: &dyn SolverFactory,
) -> ChcOutcome {
    let store = &*enc.program.cfa.terms;
    let d = match solved.explain(store, d, solvers) {
        Ok(d) => d,
        Err(why) => return ChcOutcome::Unknown(format!("Spacer's derivation: {why}").into()),
    };
    let steps = match cex::path(enc, &d) {
        Ok(s) => s,
        Err(why) => return ChcOutcome::Unknown(format!("Spacer's derivation: {why}").into()),
    };
    // The last step enters the location the query was derived from.
    if let Some(witness::chain::Step::Edge { edge, .. }) = steps.last() {
        let dst = enc.program.cfa.edge(*edge).dst;
        if let Some(s) = specials.get(&dst) {
            return ChcOutcome::Special(s.clone());
        }
    }
    match witness::chain::counterexample(&enc.program, specials, &steps, None, solvers) {
        Ok((cfa, cex)) => ChcOutcome::Unsafe {
            cfa: Box::new(cfa),
            cex: Box::new(cex),
        },
        Err(Stop::Timeout) => ChcOutcome::Unknown(Stop::Timeout),
        Err(why) => ChcOutcome::Unknown(format!("Spacer's counterexample: {why}").into()),
    }
}
