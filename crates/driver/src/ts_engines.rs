//! The bit-level engines (`ts-bmc`, `ic3`, `sim`) on a program: build the CFA they run
//! on, its transition system, run the engine, and turn its answer into the common
//! outcome — a counterexample becomes a path of CFA edges that Z3 concretises and the
//! reference semantics executes (then `verify` replays it with gcc), a proof is printed
//! only after its invariant passed the certificate check.

use crate::config::{Config, TsCfaArg};
use crate::engines::{lbe_stats, secs, EngineRun, Outcome};
use crate::unknown::Unknown;
use anyhow::{Context, Result};
use cfa::Cfa;
use logic::Z3;
use serde_json::{json, Value as Json};
use std::time::Instant;
use ts::bmc::{sat_bmc, SatBmcOptions, SatBmcOutcome};
use ts::ic3::{certify, ic3, Ic3Outcome, Model};
use ts::sim::{simulate, SimOptions, SimOutcome};
use ts::system::{PcCode, Step};
use ts::{BitSystem, BuildOptions, Transys};

/// The CFA a transition system is built from.
fn ts_cfa(args: &Config, sbe: &Cfa, stats: &mut Vec<(String, Json)>) -> Cfa {
    match args.ts_cfa {
        TsCfaArg::Sbe => {
            stats.push(("lbe.level".into(), json!("none")));
            sbe.clone()
        }
        TsCfaArg::Lbe => {
            let level = args.lbe.level();
            let (cfa, s) = cfa::reduce(sbe, level);
            lbe_stats(stats, level.name(), &s);
            cfa
        }
    }
}

pub fn system_stats(stats: &mut Vec<(String, Json)>, sys: &BitSystem, ts: &Transys) {
    let s = &sys.stats;
    let entries: Vec<(&str, Json)> = vec![
        ("ts.locations", json!(s.locations)),
        ("ts.edges", json!(s.edges)),
        ("ts.variables", json!(s.variables)),
        ("ts.variables_kept", json!(s.variables_kept)),
        ("ts.pc_bits", json!(s.pc_bits)),
        ("ts.state_bits", json!(s.state_bits)),
        (
            "ts.state_bits_without_liveness",
            json!(s.state_bits_without_liveness),
        ),
        ("ts.input_bits", json!(s.input_bits)),
        ("ts.and_gates", json!(s.ands)),
        (
            "ts.nondeterministic_locations",
            json!(s.nondeterministic_locations),
        ),
        ("ts.cnf_variables", json!(ts.n)),
        ("ts.clauses_i", json!(ts.init.len())),
        ("ts.clauses_u", json!(ts.universal.len())),
        ("ts.clauses_g", json!(ts.goal.len())),
        ("ts.clauses_t", json!(ts.trans.len())),
        ("time.ts_symex", json!(secs(s.time_symex))),
        ("time.ts_blast", json!(secs(s.time_blast))),
    ];
    stats.extend(entries.into_iter().map(|(k, v)| (k.to_string(), v)));
}

struct Built {
    cfa: Cfa,
    sys: BitSystem,
    ts: Transys,
    map: ts::cnf::VarMap,
}

/// The run of an engine whose CFA the bit-level encoding refuses: UNKNOWN naming why.
fn refused(sbe: &Cfa, why: String, stats: Vec<(String, Json)>) -> EngineRun {
    EngineRun {
        outcome: Outcome::Unknown(why.into()),
        cfa: sbe.clone(),
        stats,
        invariant: None,
        contracts: Vec::new(),
    }
}

fn build(args: &Config, sbe: &Cfa, stats: &mut Vec<(String, Json)>) -> Result<Built, String> {
    let cfa = ts_cfa(args, sbe, stats);
    let started = Instant::now();
    let opts = BuildOptions {
        max_state_bits: args.ts_max_state_bits,
        ..Default::default()
    };
    let sys = ts::build(&cfa, &opts).map_err(|e| e.to_string())?;
    let (ts, map) = Transys::from_bits(&sys);
    stats.push(("time.ts_build".into(), json!(secs(started.elapsed()))));
    system_stats(stats, &sys, &ts);
    Ok(Built { cfa, sys, ts, map })
}

/// Edges of a bit-level counterexample solved at a time: queries stay small whatever the
/// path's length (`jain_5_false`'s 32,770 edges in 1.9 s).
const CONCRETIZE_WINDOW: usize = 512;

/// A bit-level trace as a concrete counterexample of the CFA.
fn counterexample(b: &Built, steps: &[Step], z3: &Z3) -> Outcome {
    let Some(last) = steps.last() else {
        return Outcome::Unknown("internal error: an empty bit-level trace".into());
    };
    if b.sys.codes.get(b.sys.pc_value(&last.latches)) == Some(&PcCode::OutOfRange) {
        return Outcome::Unknown(
            "an array access beyond the elements the bit-level encoding keeps".into(),
        );
    }
    let Some(path) = b.sys.edge_path(steps) else {
        return Outcome::Unknown("internal error: a bit-level step fires no CFA edge".into());
    };
    // Z3, as for every engine: its models pick small values where the path leaves them
    // free, and gcc agrees with those. CaDiCaL's (bits 1 first) once made `2*n == 0` true
    // with n = INT_MIN, a signed overflow gcc folds away (`zero_is_even.c` did not replay).
    // Long paths go window by window, which keeps each query small for Z3 too.
    let waypoint = |j: usize| b.sys.known_values(&b.cfa.terms, &steps[j].latches);
    let solved = witness::concretize_in_windows(&b.cfa, &path, z3, CONCRETIZE_WINDOW, &waypoint);
    match witness::checked(&b.cfa, solved) {
        Ok(Some(cex)) => Outcome::Unsafe(cex),
        Ok(None) => Outcome::Unknown(
            "internal error: the bit-level counterexample is infeasible in the CFA".into(),
        ),
        Err(r) => Outcome::Unknown(r),
    }
}

pub fn run_ts_bmc(args: &Config, sbe: &Cfa, z3: &Z3, deadline: Option<Instant>) -> EngineRun {
    let mut stats = Vec::new();
    let b = match build(args, sbe, &mut stats) {
        Ok(b) => b,
        Err(e) => return refused(sbe, e, stats),
    };
    let opts = SatBmcOptions {
        bound: args.bound as usize,
        deadline,
        alive: if args.no_completion_check {
            None
        } else {
            b.sys.alive_clause(&b.map)
        },
    };
    let (o, s) = sat_bmc(&b.ts, &opts);
    stats.push(("ts_bmc.steps".into(), json!(s.steps)));
    stats.push(("ts_bmc.solves".into(), json!(s.solves)));
    stats.push(("ts_bmc.clauses".into(), json!(s.clauses)));
    let outcome = match o {
        SatBmcOutcome::Unsafe(trace) => counterexample(&b, &b.sys.steps(&b.map, &trace), z3),
        SatBmcOutcome::Safe(_) => Outcome::Safe,
        SatBmcOutcome::Unknown(r) => Outcome::Unknown(r),
    };
    EngineRun {
        outcome,
        cfa: b.cfa,
        stats,
        invariant: None,
        contracts: Vec::new(),
    }
}

pub fn run_sim(args: &Config, sbe: &Cfa, z3: &Z3, deadline: Option<Instant>) -> EngineRun {
    let mut stats = Vec::new();
    let b = match build(args, sbe, &mut stats) {
        Ok(b) => b,
        Err(e) => return refused(sbe, e, stats),
    };
    let search_ends = args
        .sim_seconds
        .map(|s| Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
    let opts = SimOptions {
        deadline: match (deadline, search_ends) {
            (Some(d), Some(s)) => Some(d.min(s)),
            (d, s) => d.or(s),
        },
        ..Default::default()
    };
    let (o, s) = simulate(&b.sys, &opts);
    stats.push(("sim.rounds".into(), json!(s.rounds)));
    stats.push(("sim.steps".into(), json!(s.steps)));
    stats.push(("sim.longest_round".into(), json!(s.longest_round)));
    let outcome = match o {
        SimOutcome::Unsafe(steps) => {
            stats.push(("sim.trace_steps".into(), json!(steps.len())));
            counterexample(&b, &steps, z3)
        }
        SimOutcome::NotFound if deadline.is_some_and(|d| Instant::now() >= d) => {
            Outcome::Unknown(logic::Stop::Timeout)
        }
        SimOutcome::NotFound if args.sim_seconds.is_some() => {
            Outcome::Unknown(format!("{} within --sim-seconds", s.no_bad_state()).into())
        }
        SimOutcome::NotFound => Outcome::Unknown(s.no_bad_state().into()),
    };
    EngineRun {
        outcome,
        cfa: b.cfa,
        stats,
        invariant: None,
        contracts: Vec::new(),
    }
}

pub fn run_ic3(args: &Config, sbe: &Cfa, z3: &Z3, deadline: Option<Instant>) -> Result<EngineRun> {
    let mut stats = Vec::new();
    let b = match build(args, sbe, &mut stats) {
        Ok(b) => b,
        Err(e) => return Ok(refused(sbe, e, stats)),
    };
    let model = Model::from_bits(&b.sys, &b.ts, &b.map);
    let started = Instant::now();
    let (o, s) = ic3(&model, &args.ic3_options(deadline));
    stats.push(("time.ic3".into(), json!(secs(started.elapsed()))));
    ic3_stats(&mut stats, &s);
    let mut invariant = None;
    let outcome = match o {
        Ic3Outcome::Unsafe(trace) => {
            let inputs = &trace.inputs[..trace.inputs.len() - 1];
            let states = b.sys.run(&trace.states[0], inputs);
            let steps: Vec<Step> = states
                .into_iter()
                .zip(trace.inputs.iter())
                .map(|(latches, inputs)| Step {
                    latches,
                    inputs: inputs.clone(),
                })
                .collect();
            counterexample(&b, &steps, z3)
        }
        Ic3Outcome::Safe(inv) => {
            let started = Instant::now();
            let checked = certify(&model, &inv, deadline);
            stats.push(("time.certificate".into(), json!(secs(started.elapsed()))));
            match checked {
                Ok(()) => {
                    stats.push((crate::report::stat::CERTIFICATE.into(), json!("valid")));
                    if let Some(path) = &args.invariant_out {
                        let text = ts::invariant::describe(&b.sys, &b.map, &inv, &b.cfa);
                        std::fs::write(path, text)
                            .with_context(|| format!("cannot write {}", path.display()))?;
                    }
                    invariant = Some(ts::invariant::location_formulas(
                        &b.sys, &b.map, &inv, &b.cfa,
                    ));
                    Outcome::Safe
                }
                Err(e) => Outcome::Unknown(format!("IC3's invariant fails its check: {e}").into()),
            }
        }
        Ic3Outcome::Unknown(r) => Outcome::Unknown(r),
    };
    Ok(EngineRun {
        outcome,
        cfa: b.cfa,
        stats,
        invariant,
        contracts: Vec::new(),
    })
}

/// ABC's `pdr` on the AIGER export (a comparison configuration for `bench`).
pub fn run_abc(args: &Config, sbe: &Cfa, z3: &Z3, deadline: Option<Instant>) -> Result<EngineRun> {
    let mut stats = Vec::new();
    let b = match build(args, sbe, &mut stats) {
        Ok(b) => b,
        Err(e) => return Ok(refused(sbe, e, stats)),
    };
    let dir = tempfile::tempdir().context("a temporary directory")?;
    let aig = dir.path().join("model.aig");
    let cex = dir.path().join("model.cex");
    let names = ts::aiger::latch_names(&b.sys, &b.cfa.terms);
    std::fs::write(&aig, ts::aiger::write_binary(&b.sys, &names))?;
    let script = format!(
        "read_aiger {}; pdr; write_cex -a {}",
        aig.display(),
        cex.display()
    );
    let started = Instant::now();
    // The `subprocess` helper kills ABC at the deadline only while it is ABC's pid.
    let run = subprocess::run(
        std::process::Command::new("berkeley-abc").args(["-c", &script]),
        subprocess::Options {
            deadline,
            own_group: true,
            ..Default::default()
        },
    );
    let out = match run {
        Ok(r) => r.stdout_text(),
        Err(e) => anyhow::bail!("cannot run berkeley-abc (install it with ./setup.sh): {e}"),
    };
    stats.push(("time.abc".into(), json!(secs(started.elapsed()))));
    let outcome = if out.contains("Property proved") {
        stats.push((
            "abc.invariant_checked".into(),
            json!(out.contains("Verification of invariant")),
        ));
        Outcome::Safe
    } else if out.contains("was asserted in frame") {
        let text = std::fs::read_to_string(&cex).unwrap_or_default();
        let frame = out
            .split("was asserted in frame ")
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse::<usize>().ok());
        match frame.and_then(|k| abc_steps(&text, &b.sys, k)) {
            Some(steps) => counterexample(&b, &steps, z3),
            None => Outcome::Unknown("ABC's counterexample could not be read".into()),
        }
    } else if deadline.is_some_and(|d| Instant::now() >= d) {
        Outcome::Unknown(logic::Stop::Timeout)
    } else {
        Outcome::Unknown("ABC gave no answer".into())
    };
    Ok(EngineRun {
        outcome,
        cfa: b.cfa,
        stats,
        invariant: None,
        contracts: Vec::new(),
    })
}

/// ABC's `write_cex -a` output: the initial latch values, then one line of input values
/// per frame (none when the system has no inputs); the bad state is in frame `frame`;
/// the states follow by simulation.
fn abc_steps(text: &str, sys: &BitSystem, frame: usize) -> Option<Vec<Step>> {
    let mut lines = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && *l != "." && *l != "1" && !l.starts_with('b'));
    let bits = |l: &str| -> Vec<bool> { l.chars().map(|c| c == '1').collect() };
    let init = bits(lines.next()?);
    let mut inputs: Vec<Vec<bool>> = lines.map(bits).collect();
    if sys.aig.inputs().is_empty() {
        inputs = vec![Vec::new(); frame + 1];
    }
    if inputs.len() != frame + 1 {
        return None;
    }
    if init.len() != sys.latches.len() || inputs.iter().any(|i| i.len() != sys.aig.inputs().len()) {
        return None;
    }
    let states = sys.run(&init, &inputs[..inputs.len().saturating_sub(1)]);
    Some(
        states
            .into_iter()
            .zip(inputs)
            .map(|(latches, inputs)| Step { latches, inputs })
            .collect(),
    )
}

pub fn ic3_stats(stats: &mut Vec<(String, Json)>, s: &ts::ic3::Ic3Stats) {
    let entries: Vec<(&str, Json)> = vec![
        ("ic3.frames", json!(s.frames)),
        ("ic3.lemmas", json!(s.lemmas)),
        ("ic3.obligations", json!(s.obligations)),
        ("ic3.ctgs", json!(s.ctgs)),
        ("ic3.sat_calls", json!(s.sat_calls)),
        ("ic3.solver_rebuilds", json!(s.solver_rebuilds)),
        ("ic3.lift_removed_literals", json!(s.lift_removed)),
        (
            "ic3.generalize_removed_literals",
            json!(s.generalize_removed),
        ),
        ("ic3.invariant_clauses", json!(s.invariant_clauses)),
        ("time.ic3_generalize", json!(secs(s.time_generalize))),
        ("time.ic3_propagate", json!(secs(s.time_propagate))),
        ("time.ic3_lift", json!(secs(s.time_lift))),
    ];
    stats.extend(entries.into_iter().map(|(k, v)| (k.to_string(), v)));
}

/// `boulder verify FILE.dimspec`: the goal of a DimSpec problem reachable (FALSE, with the
/// trace of states) or not (TRUE, IC3 only, with a checked invariant).
pub fn verify_dimspec(args: &Config) -> Result<()> {
    use crate::config::Engine;
    use crate::report::{print_once, Report, Verdict};
    let started = Instant::now();
    let deadline = crate::verify::deadline_of(args, started);
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let ts =
        ts::dimspec::read(&text).map_err(|e| anyhow::anyhow!("{}:{e}", args.file.display()))?;
    let mut stats: Vec<(String, Json)> = vec![
        ("ts.cnf_variables".into(), json!(ts.n)),
        ("ts.state_variables".into(), json!(ts.latches.len())),
        ("ts.clauses_i".into(), json!(ts.init.len())),
        ("ts.clauses_u".into(), json!(ts.universal.len())),
        ("ts.clauses_g".into(), json!(ts.goal.len())),
        ("ts.clauses_t".into(), json!(ts.trans.len())),
        ("time.parse".into(), json!(secs(started.elapsed()))),
    ];
    let render = |states: &[Vec<bool>], vars: &[u32]| -> String {
        let mut out = format!("Counterexample: {} steps\n", states.len());
        for (k, s) in states.iter().enumerate() {
            let lits: Vec<String> = vars
                .iter()
                .zip(s)
                .map(|(v, b)| if *b { format!("{v}") } else { format!("-{v}") })
                .collect();
            out.push_str(&format!("  step {k}: {}\n", lits.join(" ")));
        }
        out
    };
    let (verdict, cex_text) = match args.engine {
        Engine::TsBmc | Engine::Bmc => {
            let (o, s) = sat_bmc(
                &ts,
                &SatBmcOptions {
                    bound: args.bound as usize,
                    deadline,
                    alive: None,
                },
            );
            stats.push(("ts_bmc.steps".into(), json!(s.steps)));
            stats.push(("ts_bmc.solves".into(), json!(s.solves)));
            match o {
                SatBmcOutcome::Unsafe(trace) => {
                    let vars: Vec<u32> = (1..=ts.n).collect();
                    let states: Vec<Vec<bool>> =
                        trace.steps.iter().map(|s| s[1..].to_vec()).collect();
                    (
                        Verdict::False {
                            property: "goal".into(),
                        },
                        Some(render(&states, &vars)),
                    )
                }
                SatBmcOutcome::Safe(_) => (Verdict::True, None),
                SatBmcOutcome::Unknown(reason) => {
                    (Verdict::Unknown(Unknown::from_engine(reason)), None)
                }
            }
        }
        Engine::Ic3 | Engine::Portfolio => {
            let model = Model::from_transys(&ts);
            let (o, s) = ic3(&model, &args.ic3_options(deadline));
            ic3_stats(&mut stats, &s);
            match o {
                Ic3Outcome::Unsafe(trace) => (
                    Verdict::False {
                        property: "goal".into(),
                    },
                    Some(render(&trace.states, &model.latches)),
                ),
                Ic3Outcome::Safe(inv) => match certify(&model, &inv, deadline) {
                    Ok(()) => {
                        stats.push((crate::report::stat::CERTIFICATE.into(), json!("valid")));
                        if let Some(path) = &args.invariant_out {
                            let mut text = String::from("c inductive invariant (checked)\n");
                            for c in &inv.clauses {
                                for l in c {
                                    text.push_str(&format!("{l} "));
                                }
                                text.push_str("0\n");
                            }
                            std::fs::write(path, text)
                                .with_context(|| format!("cannot write {}", path.display()))?;
                        }
                        (Verdict::True, None)
                    }
                    Err(e) => (
                        Verdict::Unknown(Unknown::Stopped {
                            why: format!("IC3's invariant fails its check: {e}"),
                        }),
                        None,
                    ),
                },
                Ic3Outcome::Unknown(reason) => {
                    (Verdict::Unknown(Unknown::from_engine(reason)), None)
                }
            }
        }
        other => {
            let why = if matches!(other, Engine::Sim) {
                " (random simulation needs the circuit, which CNF does not keep)"
            } else {
                ""
            };
            anyhow::bail!(
                "{}: DimSpec files are solved by --engine ts-bmc or --engine ic3 (the default), \
                 not {other:?}{why}",
                args.file.display()
            )
        }
    };
    stats.push(("time.total".into(), json!(secs(started.elapsed()))));
    let report = Report {
        verdict,
        engine: format!("{:?}", args.engine).to_lowercase(),
        file: args.file.display().to_string(),
        stats,
        cex_text,
        cex_json: None,
        invariants: None,
    };
    print_once(
        &report.verdict,
        &report.render(args.json, args.stats, args.cex),
    );
    Ok(())
}
