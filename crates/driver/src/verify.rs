//! `boulder verify`.

use crate::config::{Config, Z3SolverArg};
use crate::engines::{run_engine, secs, EngineRun, Outcome};
use crate::load::{load, Program};
use crate::report::{print_once, Report, Verdict};
use crate::unknown::Unknown;
use anyhow::{Context, Result};
use cfa::{Cfa, LocationKind, SpecialKind};
use logic::{Z3SolverKind, Z3};
use serde_json::json;
use std::time::{Duration, Instant};
use witness::{CexFile, Counterexample};

/// How often a run may stop at an "unsupported" location and continue without it.
const MAX_SPECIAL_RESTARTS: usize = 8;

pub fn run(args: &Config) -> Result<()> {
    if args.file.extension().is_some_and(|e| e == "dimspec") {
        return crate::ts_engines::verify_dimspec(args);
    }
    if args.engine == crate::config::Engine::Portfolio {
        return crate::portfolio::run(args);
    }
    if args.engine == crate::config::Engine::Cegar && args.split == crate::config::SplitArg::Auto {
        return crate::split_auto::run(args);
    }
    let started = Instant::now();
    let deadline = deadline_of(args, started);
    if let Some(d) = deadline {
        watchdog(d, args.json, args.file.display().to_string());
    }
    let choices = crate::load::Choices {
        flatten: !args.engine.is_procedural(),
        deadline,
        ..args.program.choices()
    };
    let program = load(&args.file, &choices)?;
    crate::load::note_unchecked_asserts(&program, args.json);
    let parse_time = started.elapsed();
    run_loaded(args, program, started, parse_time)
}

/// When a run that started at `started` must end (`--timelimit`).
pub fn deadline_of(args: &Config, started: Instant) -> Option<Instant> {
    args.timelimit
        .map(|s| started + Duration::from_secs_f64(s.max(0.0)))
}

/// The run of one engine on a program loaded already (in `parse_time`, by this process or
/// by the portfolio that forked it): the verdict, its checks, witnesses and report.
pub fn run_loaded(
    args: &Config,
    mut program: Program,
    started: Instant,
    parse_time: Duration,
) -> Result<()> {
    let deadline = deadline_of(args, started);
    crate::report::set_engine(&args.engine.name());
    let accelerated = if args.accelerate.applies_to(args.engine) {
        program.accelerate()
    } else {
        0
    };
    let mut stats: Vec<(String, serde_json::Value)> = vec![
        ("property".into(), json!(program.property.name())),
        ("data_model".into(), json!(program.model.name())),
        ("locations".into(), json!(program.cfa.num_locations())),
        ("edges".into(), json!(program.cfa.num_edges())),
        ("time.parse".into(), json!(secs(parse_time))),
        ("accelerated_loops".into(), json!(accelerated)),
    ];
    let learned =
        if args.learn_invariants && !args.engine.is_procedural() && program.unsupported.is_none() {
            crate::lemmas::learn_and_assume(&mut program, deadline, &mut stats)
        } else {
            None
        };
    let (verdict, cex, cfa, invariant, contracts) = match program.unsupported.clone() {
        Some(why) => (
            Verdict::Unknown(why),
            None,
            program.cfa.clone(),
            None,
            Vec::new(),
        ),
        None => {
            crate::report::progress(format_args!(
                "{}: starts on {} locations, {} edges (parsed in {:.2} s)",
                args.engine.name(),
                program.cfa.num_locations(),
                program.cfa.num_edges(),
                parse_time.as_secs_f64()
            ));
            verify_program(args, &mut program, deadline, &mut stats)?
        }
    };
    // The assumed lemmas hold wherever their locations are reached: the witness states
    // them beside (conjoined with) the engine's own invariants.
    let invariant = match (&learned, &verdict) {
        (Some(l), Verdict::True) => {
            Some(l.merge(&program.terms, invariant, program.cfa.location_capacity()))
        }
        _ => invariant,
    };
    // A certified TRUE about a C program: its loop invariants as C expressions, for the
    // correctness witness (written here, and carried in the JSON for a raced run's parent,
    // which passes `--json` but not `--witness`; a plain run without either skips it).
    // An engine without an invariant (BMC with every path exhausted) still gets a
    // correctness witness: one that claims nothing beyond the verdict.
    let wanted = !args.witness.is_empty() || args.json;
    let invariants = match (&program.c_file, &verdict) {
        (Some(c), Verdict::True) if wanted => {
            let text = std::fs::read_to_string(c)
                .with_context(|| format!("cannot read {}", c.display()))?;
            // The engines on the procedural program (chc) state their invariants on the
            // flat CFA they return; the others on the program's flat CFA.
            let on = if args.engine.is_procedural() {
                &cfa
            } else if let Some(l) = &learned {
                &l.original
            } else {
                &program.cfa
            };
            let loops = match &invariant {
                Some(f) => witness::correctness::invariants(on, f, &text),
                None => Vec::new(),
            };
            Some(crate::witness_out::CorrectnessWitness {
                program: c.display().to_string(),
                property: program.property.name().to_string(),
                data_model: program.model.name().to_string(),
                invariants: loops,
                contracts: witness::contract::place(contracts, &text),
            })
        }
        _ => None,
    };
    if let Some(w) = &invariants {
        crate::witness_out::write_correctness(args, w)?;
    }
    let cfa = &cfa;
    let file = cex.as_ref().map(|c| {
        CexFile::new(
            c,
            cfa,
            program.property.name(),
            program.model.name(),
            program
                .c_file
                .as_ref()
                .map(|p| p.display().to_string())
                .as_deref(),
        )
    });
    if let Some(f) = &file {
        if let Some(out) = &args.cex_out {
            std::fs::write(out, f.to_json())
                .with_context(|| format!("cannot write {}", out.display()))?;
        }
    }
    let mut verdict = verdict;
    // How the replay showed the violation (the sanitizer's words for an overflow).
    let mut replayed: Option<String> = None;
    if let (Some(f), Some(text)) = (&file, &program.replay_text) {
        if !args.no_replay {
            let start = Instant::now();
            // At least 10 s, and what is left of the time limit: an accelerated loop's
            // counterexample may run 2^31 iterations compiled without optimisation.
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            let limit = left.unwrap_or_default().max(Duration::from_secs(10));
            let outcome = witness::replay(text, f, limit);
            stats.push(("time.replay".into(), json!(secs(start.elapsed()))));
            let why = match outcome {
                Ok(witness::Replay::Reproduced(how)) => {
                    stats.push(("replay".into(), json!(format!("reproduced: {how}"))));
                    replayed = Some(how);
                    None
                }
                Ok(witness::Replay::NotReproduced(why)) => Some(why),
                Err(e) => Some(e),
            };
            if let Some(why) = why {
                stats.push(("replay".into(), json!(format!("not reproduced: {why}"))));
                verdict = Verdict::Unknown(Unknown::NotReplayed { why });
            }
        }
    }
    if let (Some(f), Verdict::False { .. }) = (&file, &verdict) {
        crate::witness_out::write(args, f)?;
    }
    // A child that a race (`race.rs`) runs in the background says so: its times were
    // measured at a lower CPU priority.
    let nice = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    if nice != 0 {
        stats.push(("process.nice".into(), json!(nice)));
    }
    stats.push(("time.total".into(), json!(secs(started.elapsed()))));
    // After the replay, which may have turned a FALSE into UNKNOWN.
    crate::report::progress(format_args!(
        "{}: answers {} after {:.2} s",
        args.engine.name(),
        verdict.word(),
        started.elapsed().as_secs_f64()
    ));
    let report = Report {
        verdict,
        engine: args.engine.name(),
        file: args.file.display().to_string(),
        stats,
        cex_text: cex
            .as_ref()
            .map(|c| c.render_replayed(cfa, replayed.as_deref())),
        cex_json: file
            .as_ref()
            .map(|f| serde_json::to_value(f).expect("serialisable")),
        invariants,
    };
    print_once(
        &report.verdict,
        &report.render(args.json, args.stats, args.cex),
    );
    Ok(())
}

/// The verdict, its counterexample, the CFA that is on, a TRUE's invariant per
/// location (CEGAR's certificate), and its function contracts in C (the `chc` engine's).
type Verified = (
    Verdict,
    Option<Counterexample>,
    Cfa,
    Option<Vec<Option<logic::Term>>>,
    Vec<(String, String, String)>,
);

/// Runs the engine; a counterexample into an "unsupported" location is not a FALSE: that
/// location becomes a sink, its reason is remembered, and the search goes on. TRUE then
/// means UNKNOWN for the first remembered reason, settled: every other run was searched.
/// Returns the CFA the counterexample is on.
fn verify_program(
    args: &Config,
    program: &mut Program,
    deadline: Option<Instant>,
    stats: &mut Vec<(String, serde_json::Value)>,
) -> Result<Verified> {
    let z3 = Z3::new(program.terms.clone());
    z3.set_deadline(deadline);
    z3.set_solver_kind(match args.z3_solver {
        Z3SolverArg::Smt => Z3SolverKind::Smt,
        Z3SolverArg::Combined => Z3SolverKind::Combined,
    });
    let engine_start = Instant::now();
    let mut reached_special: Vec<cfa::Special> = Vec::new();
    let run = if args.engine == crate::config::Engine::Symex {
        // Special locations are symex's own business: its UNKNOWN names them.
        crate::symex_engine::run_symex(args, program, &z3, deadline)?
    } else if args.engine == crate::config::Engine::Chc {
        crate::chc_engine::run_chc(args, program, &z3, deadline)?
    } else {
        loop {
            let run = run_engine(args, &program.cfa, &z3, deadline)?;
            if let Outcome::Unsafe(cex) = &run.outcome {
                let last = run.cfa.edge(*cex.path.last().expect("a path")).dst;
                if let Some(why) = program.special.get(&last).cloned() {
                    // A call beyond the recursion depth: the program is inlined twice as
                    // deep and the engine starts again (deepening, docs/design.md §1).
                    if why.kind == SpecialKind::RecursionBound && deepen(program, deadline) {
                        reached_special.clear();
                        continue;
                    }
                    reached_special.push(why);
                    program.cfa.set_kind(last, LocationKind::Sink);
                    if reached_special.len() <= MAX_SPECIAL_RESTARTS {
                        continue;
                    }
                    break EngineRun {
                        outcome: Outcome::Special {
                            special: reached_special[0].clone(),
                            settled: false,
                        },
                        ..run
                    };
                }
            }
            break run;
        }
    };
    stats.extend(run.stats);
    if !args.engine.is_procedural() && program.procedural.as_ref().is_some_and(|p| !p.is_flat()) {
        stats.push(("recursion_depth".into(), json!(program.recursion_depth)));
    }
    stats.push(("time.engine".into(), json!(secs(engine_start.elapsed()))));
    let s = z3.stats();
    stats.push(("solver.kind".into(), json!(z3.solver_kind().name())));
    stats.push(("solver.checks".into(), json!(s.checks)));
    stats.push(("solver.time".into(), json!(secs(s.check_time))));
    stats.push(("solver.terms_translated".into(), json!(s.translated)));
    let property = program.property.name().to_string();
    let (verdict, cex) = match run.outcome {
        Outcome::Unsafe(c) => (Verdict::False { property }, Some(c)),
        // Settled only if every location reached is one that every engine meets alike: a
        // call beyond the recursion depth or the heap bound, reached too, may hide a run to
        // the error that a deeper translation finds.
        Outcome::Safe => match reached_special.iter().find(|s| !s.kind.is_final()) {
            Some(bound) => (
                Verdict::Unknown(Unknown::Special {
                    special: bound.clone(),
                    settled: false,
                }),
                None,
            ),
            None => match reached_special.into_iter().next() {
                Some(special) => (
                    Verdict::Unknown(Unknown::Special {
                        special,
                        settled: true,
                    }),
                    None,
                ),
                None => (Verdict::True, None),
            },
        },
        Outcome::Special { special, settled } => (
            Verdict::Unknown(Unknown::Special { special, settled }),
            None,
        ),
        Outcome::Unknown(reason) => (Verdict::Unknown(Unknown::from_engine(reason)), None),
    };
    let (invariant, contracts) = match verdict {
        Verdict::True => (run.invariant, run.contracts),
        _ => (None, Vec::new()),
    };
    Ok((verdict, cex, run.cfa, invariant, contracts))
}

/// Inlines `program` twice as deep, up to the largest depth, before the deadline; whether
/// it did.
fn deepen(program: &mut Program, deadline: Option<Instant>) -> bool {
    let max = cfront::FrontOptions::MAX_RECURSION_DEPTH;
    let depth = program.recursion_depth.saturating_mul(2).min(max);
    if depth <= program.recursion_depth || deadline.is_some_and(|d| Instant::now() >= d) {
        return false;
    }
    program.reflatten(depth, deadline).is_ok()
}

/// Prints UNKNOWN (timeout) and exits if the run is still going shortly after the deadline:
/// the time limit holds even where neither the solver's interrupt nor the engines' own
/// deadline checks are reached in time.
pub fn watchdog(deadline: Instant, json: bool, file: String) {
    std::thread::spawn(move || {
        let grace = Duration::from_millis(500);
        std::thread::sleep(deadline.saturating_duration_since(Instant::now()) + grace);
        if crate::report::print_unknown(Unknown::timeout(), file, json) {
            // `_exit`, not `exit`: the main thread may still be inside Z3, and `exit` would
            // run libz3's static destructors under it. The verdict is flushed already.
            unsafe { libc::_exit(crate::report::exit_status()) };
        }
    });
}
