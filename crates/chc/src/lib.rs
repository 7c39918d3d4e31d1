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
pub mod learn;
pub mod lemmas;
pub mod live;
mod sample;
mod tabulate;

pub use certify::Certificate;
pub use encode::{encode, ClauseRole, Encoding};
pub use lemmas::{lemmas, Lemmas};
pub use sample::ErrorRun;

use cfa::{Cfa, LbeStats, LocationId, Program, Special};
use logic::z3::HornAnswer;
use logic::{SolverFactory, Stop, Term, Z3};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};
use witness::Counterexample;

/// The theory Spacer solves the clauses in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theory {
    /// Mathematical integers with exact wrap-around (`int`); what linear arithmetic cannot
    /// say (`a % b`, products of variables) over-approximated (`ToInt::abstracting`).
    Int,
    /// Mathematical integers without wrap-around, with an overflow query per operation
    /// that may wrap (`int::Wrap::Overflow`): a solution shows that nothing wraps; a
    /// derivation through an overflow query is no verdict.
    IntOverflow,
    /// The program's bit-vectors as they are.
    Bv,
    /// Integers without wrap-around for a third of the time, with exact wrap-around for
    /// the next third, then bit-vectors.
    Auto,
}

/// How the engine runs.
#[derive(Clone, Debug)]
pub struct ChcOptions {
    /// Clauses over large blocks (relations only at cut points) instead of single edges.
    pub large_blocks: bool,
    pub theory: Theory,
    /// Learn invariants from executions first (`learn`): they may prove the program on
    /// their own, and strengthen the clauses Spacer solves.
    pub learn: bool,
    /// Solve the clauses with Spacer (after learning); without it the engine proves only
    /// what learned invariants prove alone.
    pub spacer: bool,
    pub deadline: Option<Instant>,
}

impl Default for ChcOptions {
    fn default() -> Self {
        ChcOptions {
            large_blocks: true,
            theory: Theory::Auto,
            learn: true,
            spacer: true,
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

impl Solution {
    /// The solution as invariants of the program's locations, over the program's
    /// variables (for correctness witnesses): per location with a relation, the conjuncts
    /// of its formula over the current state. A conjunct that mentions the function's
    /// entry values is left out — no C expression at the location can name them — which
    /// weakens the invariant and never falsifies it.
    pub fn location_invariants(&self, store: &logic::TermStore) -> FxHashMap<LocationId, Term> {
        let enc = &self.encoding;
        let mut out = FxHashMap::default();
        for (l, r) in &enc.at {
            let formals = enc.horn.formals(store, *r);
            let state = &enc.states[l];
            let (entry, current) = formals.split_at(formals.len() - state.len());
            let map: FxHashMap<Term, Term> = current
                .iter()
                .zip(state)
                .map(|(f, v)| (*f, store.var_term(*v)))
                .collect();
            let entry: rustc_hash::FxHashSet<logic::VarId> =
                entry.iter().filter_map(|f| store.as_var(*f)).collect();
            let kept: Vec<Term> = store
                .conjuncts(self.formulas[r.index()])
                .into_iter()
                .filter(|c| store.free_vars(*c).iter().all(|v| !entry.contains(v)))
                .map(|c| store.substitute(c, &map))
                .collect();
            out.insert(*l, store.and(&kept));
        }
        out
    }

    /// The solution as function contracts (for correctness witnesses), one per function
    /// but `main`: `requires` is the formula of the function's entry location, whose
    /// entry state and current state are the same there (when nothing jumps back to the
    /// entry); `ensures` is its summary, `S!f(in, out)`, with the entry state's globals
    /// as `\old`, its parameters as themselves and the one result as `\result`. Both
    /// hold of every activation in a reachable context, which is what the solution's
    /// clause-by-clause check shows.
    pub fn contracts(&self, store: &logic::TermStore) -> Vec<witness::contract::ContractTerms> {
        use witness::contract::{ContractTerms, ContractVar};
        let enc = &self.encoding;
        let cfa = &enc.program.cfa;
        let mut out = Vec::new();
        for (i, f) in enc.program.functions().iter().enumerate() {
            if &*f.name == "main" {
                continue;
            }
            let frame = &enc.frames.functions[i];
            let entry = frame.entry();
            let params: rustc_hash::FxHashSet<logic::VarId> =
                frame.params.iter().copied().collect();
            let formal_var = |t: Term| store.as_var(t);
            let mut names = std::collections::HashMap::new();
            let requires = match enc.at.get(&f.entry) {
                Some(r) => {
                    let formals = enc.horn.formals(store, *r);
                    let (ins, current) = formals.split_at(entry.len());
                    let now = |v: &logic::VarId| match params.contains(v) {
                        true => ContractVar::Param(*v),
                        false => ContractVar::Global(*v),
                    };
                    if cfa.in_edges(f.entry).is_empty() {
                        for (t, v) in ins.iter().zip(&entry) {
                            names.extend(formal_var(*t).map(|x| (x, now(v))));
                        }
                    }
                    for (t, v) in current.iter().zip(&enc.states[&f.entry]) {
                        // A local other than a parameter is not yet set at entry.
                        if frame.globals.contains(v) || params.contains(v) {
                            names.extend(formal_var(*t).map(|x| (x, now(v))));
                        }
                    }
                    self.formulas[r.index()]
                }
                None => store.tru(),
            };
            let s = enc.summaries[i];
            let formals = enc.horn.formals(store, s);
            let outputs = frame.outputs();
            if formals.len() != entry.len() + outputs.len() {
                continue;
            }
            let (ins, outs) = formals.split_at(entry.len());
            for (t, v) in ins.iter().zip(&entry) {
                let n = match params.contains(v) {
                    true => ContractVar::Param(*v),
                    false => ContractVar::Old(*v),
                };
                names.extend(formal_var(*t).map(|x| (x, n)));
            }
            let (globals, results) = outs.split_at(frame.globals.len());
            for (t, v) in globals.iter().zip(&frame.globals) {
                names.extend(formal_var(*t).map(|x| (x, ContractVar::Global(*v))));
            }
            if let ([r], [v]) = (results, &frame.results[..]) {
                names.extend(formal_var(*r).map(|x| (x, ContractVar::Result(*v))));
            }
            out.push(ContractTerms {
                function: f.name.to_string(),
                params: frame.params.clone(),
                requires,
                ensures: self.formulas[s.index()],
                names,
            });
        }
        out
    }
}

/// What the run did.
#[derive(Clone, Debug, Default)]
pub struct ChcStats {
    pub relations: usize,
    pub clauses: usize,
    /// The theory the clauses were solved in, and why not integers if they were not.
    pub theory: Option<Theory>,
    pub not_int: Option<String>,
    /// Operations the integer clauses over-approximate (`int::IntSystem::abstracted`).
    pub abstracted: usize,
    pub lbe: Option<LbeStats>,
    /// Learning: candidates proposed, invariants kept, tuples sampled, calls run that
    /// tables missed.
    pub learned: Option<(usize, usize, usize, usize)>,
    pub time_learn: Duration,
    pub time_encode: Duration,
    pub time_solve: Duration,
    pub time_check: Duration,
    pub time_cex: Duration,
}

/// Runs the engine on `program`; `specials` are its special locations (reaching one is
/// UNKNOWN for its reason). `z3` solves the clauses; `solvers` check the solution and solve
/// the counterexample's path, each query in a fresh solver; `reach` finds inputs for
/// learning where random runs do not get (`learn::Reach`).
pub fn chc(
    program: &Program,
    specials: &FxHashMap<LocationId, Special>,
    opts: &ChcOptions,
    z3: &Z3,
    solvers: &dyn SolverFactory,
    reach: &dyn learn::Reach,
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
    stats.time_encode = t0.elapsed();
    let facts = if opts.learn {
        let t1 = Instant::now();
        let learned = learned(program, &enc, opts, reach, &mut stats);
        stats.time_learn = t1.elapsed();
        match learned {
            Learning::Proved(formulas) => {
                let solution = Solution {
                    encoding: enc,
                    formulas,
                    certificate: Certificate::Learned,
                };
                return (ChcOutcome::Safe(Box::new(solution)), stats);
            }
            Learning::Facts(f) => Some(f),
            Learning::Erred(run) => {
                // The run's path, run as a chain; where that fails, Spacer's turn.
                let t = Instant::now();
                let steps = cex::run_path(program, &run);
                let initial = Some(run.initial);
                let found = sampled_counterexample(program, specials, &steps, initial, solvers);
                stats.time_cex += t.elapsed();
                match found {
                    Some(outcome) => return (outcome, stats),
                    None => None,
                }
            }
            Learning::Nothing => None,
        }
    } else {
        None
    };
    if !opts.spacer {
        let why = "the invariants learned from executions do not prove the program";
        return (ChcOutcome::Unknown(why.into()), stats);
    }
    let t0 = Instant::now();
    // Spacer solves the clauses strengthened by what learning kept (inductive, so the
    // strengthened system derives what the program does).
    let bv = match &facts {
        Some(f) => enc.horn.strengthened(store, f),
        None => enc.horn.clone(),
    };
    let systems = systems(store, &bv, facts.as_deref(), opts.theory, &mut stats);
    stats.time_encode += t0.elapsed();
    let mut outcome = ChcOutcome::Unknown(Stop::Timeout);
    let mut special: Option<Special> = None;
    let n = systems.len();
    for (i, (theory, int)) in systems.iter().enumerate() {
        // An equal share of the time left for each attempt still to come, measured when
        // the attempt starts (one that ends early leaves its time to the next).
        let deadline = if i + 1 == n {
            opts.deadline
        } else {
            let now = Instant::now();
            Some(match opts.deadline {
                Some(d) => now + d.saturating_duration_since(now) / (n - i) as u32,
                None => now + AUTO_SHARE_WITHOUT_DEADLINE,
            })
        };
        stats.theory = Some(*theory);
        stats.abstracted = int.as_ref().map_or(0, |i| i.abstracted);
        let int = int.as_ref().map(|i| &i.horn);
        let solved = int.unwrap_or(&bv);
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
                    certify::certify(store, &bv, int, &formulas, z3, solvers, opts.deadline);
                stats.time_check += t2.elapsed();
                match checked {
                    Ok((formulas, certificate)) => {
                        // A solution of the strengthened clauses, conjoined with the
                        // facts (which every clause preserves: Houdini's checks), is one
                        // of the program's clauses.
                        let formulas = match &facts {
                            Some(f) => {
                                let both = formulas.iter().zip(f);
                                both.map(|(a, b)| store.and2(*a, *b)).collect()
                            }
                            None => formulas,
                        };
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
        match outcome {
            // A derivation into a special location is not checked as a path: from
            // over-approximated clauses it may be spurious, so the next theory still runs;
            // it is the answer if none decides.
            ChcOutcome::Special(s) => {
                special.get_or_insert(s);
                outcome = ChcOutcome::Unknown(Stop::Timeout);
            }
            ChcOutcome::Unknown(_) => {}
            _ => return (outcome, stats),
        }
    }
    match special {
        Some(s) => (ChcOutcome::Special(s), stats),
        None => (outcome, stats),
    }
}

/// What learning gave.
enum Learning {
    /// Invariants that prove the program, certified clause by clause.
    Proved(Vec<Term>),
    /// Inductive invariants, not enough alone.
    Facts(Vec<Term>),
    /// A run reached an error location.
    Erred(Box<sample::ErrorRun>),
    Nothing,
}

/// Learns invariants from executions within a share of the time left
/// ([`LEARN_SHARE`]; [`LEARN_WITHOUT_DEADLINE`] without a deadline).
fn learned(
    program: &Program,
    enc: &Encoding,
    opts: &ChcOptions,
    reach: &dyn learn::Reach,
    stats: &mut ChcStats,
) -> Learning {
    let store = &*program.cfa.terms;
    let now = Instant::now();
    let share = if opts.spacer { LEARN_SHARE } else { 1 };
    let deadline = match opts.deadline {
        Some(d) => now + d.saturating_duration_since(now) / share,
        None => now + LEARN_WITHOUT_DEADLINE,
    };
    let checker = learn::checker(program, opts.deadline);
    let Ok(l) = learn::learn(program, enc, &checker, reach, Some(deadline)) else {
        return Learning::Nothing;
    };
    stats.learned = Some((l.candidates, l.kept, l.samples, l.missing_calls));
    if let Some(run) = l.error_run {
        return Learning::Erred(Box::new(run));
    }
    if l.safe {
        // Houdini's own checks showed it; the certificate is a fresh check of every clause.
        let checked =
            certify::certify_learned(store, &enc.horn, &l.formulas, &checker, opts.deadline);
        if let Ok(formulas) = checked {
            return Learning::Proved(formulas);
        }
    }
    if l.kept > 0 {
        Learning::Facts(l.formulas)
    } else {
        Learning::Nothing
    }
}

/// Learning takes at most this part of the time left, or this long without a deadline.
const LEARN_SHARE: u32 = 4;
const LEARN_WITHOUT_DEADLINE: Duration = Duration::from_secs(15);

/// The systems to solve, in order, with their theory (`None`: the bit-vector clauses):
/// Auto tries each for a share of the time (each finds what the others miss: bounds that
/// show nothing wraps without wrap-around, linear summaries of wrapping programs with it,
/// parity and masks on bits).
fn systems(
    store: &logic::TermStore,
    bv: &logic::chc::Horn,
    facts: Option<&[Term]>,
    theory: Theory,
    stats: &mut ChcStats,
) -> Vec<(Theory, Option<int::IntSystem>)> {
    let wanted: &[Theory] = match theory {
        Theory::Auto => &[Theory::IntOverflow, Theory::Int, Theory::Bv],
        Theory::Int => &[Theory::Int],
        Theory::IntOverflow => &[Theory::IntOverflow],
        Theory::Bv => &[Theory::Bv],
    };
    let mut systems = Vec::new();
    for &theory in wanted {
        let wrap = match theory {
            Theory::Int => int::Wrap::Exact,
            Theory::IntOverflow => int::Wrap::Overflow,
            _ => {
                systems.push((Theory::Bv, None));
                continue;
            }
        };
        match int::int_system(store, bv, wrap, facts) {
            Ok(sys) => systems.push((theory, Some(sys))),
            Err(why) => stats.not_int = Some(why.0),
        }
    }
    if systems.is_empty() {
        // Integers were asked for and the program has no integer clauses.
        systems.push((Theory::Bv, None));
    }
    systems
}

/// Without a deadline, how long `Theory::Auto` tries each theory before the last.
const AUTO_SHARE_WITHOUT_DEADLINE: std::time::Duration = std::time::Duration::from_secs(20);

/// The counterexample of a sampling run's path (`cex::run_path`), if its chain is one.
fn sampled_counterexample(
    program: &Program,
    specials: &FxHashMap<LocationId, Special>,
    steps: &[witness::chain::Step],
    initial: Option<cfa::exec::State>,
    solvers: &dyn SolverFactory,
) -> Option<ChcOutcome> {
    match witness::chain::counterexample(program, specials, steps, initial, solvers) {
        Ok((cfa, cex)) => Some(ChcOutcome::Unsafe {
            cfa: Box::new(cfa),
            cex: Box::new(cex),
        }),
        Err(_) => None,
    }
}

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
    // Past the program's clauses come the overflow clauses of `int::Wrap::Overflow`.
    if d.clause.is_some_and(|c| c >= enc.horn.clauses.len()) {
        return ChcOutcome::Unknown(
            "an operation may wrap around (integers without wrap-around)".into(),
        );
    }
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
