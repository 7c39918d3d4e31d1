//! Running one engine on a program's single-block CFA: each engine builds the CFA it works
//! on (BMC: the `--lbe` level; CEGAR: its block operator; the bit-level engines: their
//! transition system), and reports a common outcome, the CFA its counterexample refers
//! to, and its statistics.

use crate::config::{Config, Engine};
use crate::values::AbstractionBackendArg;
use anyhow::{Context, Result};
use bmc::{bmc, BmcOptions, BmcOutcome};
use cegar::{cegar, cegar_with, CegarOutcome};
use cfa::Cfa;
use logic::SolverFactory;
use logic::Z3;
use serde_json::{json, Value as Json};
use std::rc::Rc;
use std::time::Instant;
use ts::blast_solver::BlastSolverFactory;
use witness::Counterexample;

pub enum Outcome {
    Unsafe(Counterexample),
    Safe,
    /// The engine's own reason ([`crate::unknown::Unknown::from_engine`]).
    Unknown(logic::Stop),
    /// A run reaches a special location (symex, which handles them itself).
    Special {
        special: cfa::Special,
        settled: bool,
    },
}

pub struct EngineRun {
    pub outcome: Outcome,
    /// The CFA the counterexample's path is over.
    pub cfa: Cfa,
    pub stats: Vec<(String, Json)>,
    /// For a certified TRUE of CEGAR: the certificate's formula per location of the
    /// single-block CFA (the correctness witness is written from it).
    pub invariant: Option<Vec<Option<logic::Term>>>,
    /// For a certified TRUE of the `chc` engine: function contracts in C (function,
    /// `requires`, `ensures`; `witness::contract`).
    pub contracts: Vec<(String, String, String)>,
}

pub fn run_engine(
    args: &Config,
    sbe: &Cfa,
    z3: &Z3,
    deadline: Option<Instant>,
) -> Result<EngineRun> {
    match args.engine {
        // symex runs on the procedural CFA (`verify.rs` calls it directly).
        Engine::Symex | Engine::Chc => {
            anyhow::bail!("{} runs on the procedural program", args.engine.name())
        }
        Engine::Bmc => Ok(run_bmc(args, sbe, z3, deadline)),
        Engine::Kind => Ok(run_kind(args, sbe, z3, deadline)),
        Engine::Cegar => run_cegar(args, sbe, z3, deadline),
        // `verify` runs the portfolio's engines as processes (`portfolio.rs`).
        Engine::Portfolio => anyhow::bail!("the portfolio is not an engine of one process"),
        Engine::TsBmc => Ok(crate::ts_engines::run_ts_bmc(args, sbe, z3, deadline)),
        Engine::Ic3 => crate::ts_engines::run_ic3(args, sbe, z3, deadline),
        Engine::Sim => Ok(crate::ts_engines::run_sim(args, sbe, z3, deadline)),
        Engine::AbcPdr => crate::ts_engines::run_abc(args, sbe, z3, deadline),
    }
}

pub fn lbe_stats(stats: &mut Vec<(String, Json)>, level: &str, s: &cfa::LbeStats) {
    stats.push(("lbe.level".into(), json!(level)));
    stats.push(("lbe.locations".into(), json!(s.locations_after)));
    stats.push(("lbe.edges".into(), json!(s.edges_after)));
    stats.push(("time.lbe".into(), json!(secs(s.time))));
}

fn run_bmc(args: &Config, sbe: &Cfa, z3: &Z3, deadline: Option<Instant>) -> EngineRun {
    let level = args.lbe.level();
    let (cfa, lbe) = cfa::reduce(sbe, level);
    let mut stats = Vec::new();
    lbe_stats(&mut stats, level.name(), &lbe);
    let opts = BmcOptions {
        bound: args.bound,
        check_completion: !args.no_completion_check,
        deadline,
    };
    let (o, s) = bmc(&cfa, z3, &opts);
    stats.push(("bmc.bound".into(), json!(s.bound)));
    stats.push(("bmc.queries".into(), json!(s.queries)));
    stats.push(("bmc.nodes".into(), json!(s.nodes)));
    stats.push(("bmc.edge_instances".into(), json!(s.edges)));
    stats.push(("bmc.max_frontier".into(), json!(s.max_frontier)));
    let outcome = match o {
        BmcOutcome::Unsafe(c) => Outcome::Unsafe(c),
        BmcOutcome::Safe(_) => Outcome::Safe,
        BmcOutcome::Unknown(r) => Outcome::Unknown(r),
    };
    EngineRun {
        outcome,
        cfa,
        stats,
        invariant: None,
        contracts: Vec::new(),
    }
}

fn run_kind(args: &Config, sbe: &Cfa, z3: &Z3, deadline: Option<Instant>) -> EngineRun {
    let level = args.lbe.level();
    let (cfa, lbe) = cfa::reduce(sbe, level);
    let mut stats = Vec::new();
    lbe_stats(&mut stats, level.name(), &lbe);
    let opts = bmc::KindOptions {
        max_k: args.bound,
        deadline,
    };
    // The proof is checked again on CaDiCaL: Z3 took 56 s on the re-check of a proof
    // whose search took 1 s (a witness of pc_sfifo_1; the same queries were 0.9 s with
    // another declaration order), CaDiCaL 3.7 s.
    let checker = BlastSolverFactory::new(cfa.terms.clone(), Rc::new(z3.clone()));
    checker.set_deadline(deadline);
    let (o, s) = bmc::kind(&cfa, z3, &checker, &opts);
    stats.push((crate::report::stat::KIND_K.into(), json!(s.k)));
    stats.push(("kind.base_queries".into(), json!(s.base.queries)));
    stats.push(("kind.step_queries".into(), json!(s.step.queries)));
    stats.push(("kind.step_nodes".into(), json!(s.step.nodes)));
    stats.push(("time.kind_check".into(), json!(secs(s.time_check))));
    let outcome = match o {
        BmcOutcome::Unsafe(c) => Outcome::Unsafe(c),
        BmcOutcome::Safe(why) => {
            stats.push(("kind.proof".into(), json!(why)));
            Outcome::Safe
        }
        BmcOutcome::Unknown(r) => Outcome::Unknown(r),
    };
    EngineRun {
        outcome,
        cfa,
        stats,
        invariant: None,
        contracts: Vec::new(),
    }
}

fn run_cegar(args: &Config, sbe: &Cfa, z3: &Z3, deadline: Option<Instant>) -> Result<EngineRun> {
    let opts = args.cegar_options(deadline);
    let mut stats = Vec::new();
    let run = match args.abstraction_backend {
        AbstractionBackendArg::Z3 => cegar(sbe, z3, &opts),
        AbstractionBackendArg::Sat => {
            let sat = BlastSolverFactory::new(z3.store().clone(), Rc::new(z3.clone()));
            sat.set_deadline(deadline);
            let run = cegar_with(sbe, z3, &sat, &opts);
            let s = sat.stats();
            stats.push(("cegar.sat.checks".into(), json!(s.checks)));
            stats.push(("cegar.sat.time".into(), json!(secs(s.check_time))));
            stats.push(("cegar.sat.gates".into(), json!(s.translated)));
            stats.push(("cegar.sat.fallbacks".into(), json!(sat.fallbacks())));
            run
        }
    };
    stats.push((
        "cegar.abstraction_backend".into(),
        json!(args.abstraction_backend.name()),
    ));
    let s = &run.stats;
    let level = match opts.block {
        cegar::BlockOperator::Lbe(level) => level.name().to_string(),
        b => format!("block {}", b.name()),
    };
    lbe_stats(&mut stats, &level, &s.blocks);
    let a = &s.abstraction;
    let avg = |sum: u64, n: u64| {
        if n == 0 {
            0.0
        } else {
            ((sum as f64 / n as f64) * 100.0).round() / 100.0
        }
    };
    let methods: Vec<String> = s
        .refine_methods
        .iter()
        .map(|(m, n)| {
            if *n == 1 {
                m.to_string()
            } else {
                format!("{m}×{n}")
            }
        })
        .collect();
    let entries: Vec<(&str, Json)> = vec![
        ("cegar.block", json!(s.block)),
        ("cegar.search", json!(s.search)),
        ("cegar.abstraction", json!(s.abstraction_kind)),
        ("cegar.abstraction_solver", json!(s.abstraction_solver)),
        ("cegar.refine", json!(s.refine_kind)),
        ("cegar.split", json!(s.split)),
        ("cegar.precision", json!(s.precision_scope)),
        ("cegar.abstraction_points", json!(s.blocks.locations_after)),
        ("cegar.art_nodes", json!(s.art_nodes)),
        ("cegar.art_nodes_final", json!(s.art_live)),
        ("cegar.covered", json!(s.art_covered)),
        ("cegar.removed", json!(s.art_removed)),
        ("cegar.max_waitlist", json!(s.max_waitlist)),
        ("cegar.abstractions", json!(a.computations)),
        ("cegar.abstraction_cache_hits", json!(a.cache_hits)),
        ("cegar.infeasible_successors", json!(a.infeasible)),
        ("cegar.allsat_models", json!(a.models_sum)),
        (
            "cegar.allsat_models_avg",
            json!(avg(a.models_sum, a.computations)),
        ),
        ("cegar.allsat_models_max", json!(a.models_max)),
        ("cegar.allsat_lifted_literals", json!(a.lifted_literals)),
        ("cegar.allsat_lift_evaluations", json!(a.lift_evaluations)),
        ("cegar.allsat_lift_mismatches", json!(a.lift_mismatches)),
        (
            "cegar.predicates_per_abstraction_avg",
            json!(avg(a.predicates_sum, a.computations)),
        ),
        (
            "cegar.predicates_per_abstraction_max",
            json!(a.predicates_max),
        ),
        ("cegar.refinements", json!(s.refinements)),
        (
            "cegar.progress_by_interpolants",
            json!(s.progress_by_interpolants),
        ),
        ("cegar.refine_methods", json!(methods.join(" "))),
        ("cegar.predicates", json!(s.predicates)),
        (
            "cegar.max_predicates_per_location",
            json!(s.max_predicates_per_location),
        ),
        ("cegar.qe_calls", json!(s.qe_calls)),
        ("cegar.qe_failures", json!(s.qe_failures)),
        ("cegar.path_statements", json!(s.path_occurrences)),
        ("cegar.core_statements", json!(s.core_occurrences)),
        ("time.abstraction", json!(secs(a.time))),
        ("time.refinement", json!(secs(s.refinement_time))),
    ];
    stats.extend(entries.into_iter().map(|(k, v)| (k.to_string(), v)));
    if let Some(d) = &s.dependences {
        stats.push(("dependences.edges".into(), json!(d.edges)));
        stats.push(("dependences.data".into(), json!(d.data_dependences)));
        stats.push(("dependences.control".into(), json!(d.control_dependences)));
        if d.flow_insensitive {
            stats.push(("dependences.flow_insensitive".into(), json!(true)));
        }
        stats.push(("time.dependences".into(), json!(secs(d.time))));
    }
    // The study's CPU-time metric: the analysis without parsing and dependence graphs.
    let analysis = s.time.saturating_sub(
        s.dependences
            .as_ref()
            .map_or(Default::default(), |d| d.time),
    );
    stats.push(("time.analysis".into(), json!(secs(analysis))));
    if let Some(c) = &s.certificate {
        stats.push((crate::report::stat::CERTIFICATE.into(), json!(c.label())));
        stats.push((
            "certificate.queries".into(),
            json!(s.certificate_stats.queries),
        ));
        stats.push((
            "certificate.hint_misses".into(),
            json!(s.certificate_stats.hint_misses),
        ));
        stats.push((
            "time.certificate".into(),
            json!(secs(s.certificate_stats.time)),
        ));
    }
    if let (Some(path), Some(dot)) = (&args.dot_art, &run.art_dot) {
        std::fs::write(path, dot).with_context(|| format!("cannot write {}", path.display()))?;
    }
    let outcome = match run.outcome {
        CegarOutcome::Unsafe(c) => Outcome::Unsafe(c),
        CegarOutcome::Safe => Outcome::Safe,
        CegarOutcome::Unknown(r) => Outcome::Unknown(r),
    };
    Ok(EngineRun {
        outcome,
        cfa: run.cfa,
        stats,
        invariant: run.invariant,
        contracts: Vec::new(),
    })
}

pub fn secs(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}
