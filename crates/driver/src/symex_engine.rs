//! `--engine symex`: bounded model checking by symbolic execution over the procedural CFA
//! (`bmc::symex`), with its queries on the back end `--symex-backend` names.

use crate::config::{Config, SymexBackendArg};
use crate::engines::{secs, EngineRun, Outcome};
use crate::load::Program;
use anyhow::Result;
use bmc::{symex, SymexOptions, SymexOutcome};
use logic::{SolverFactory, Z3SolverKind, Z3};
use serde_json::json;
use std::rc::Rc;
use std::time::Instant;
use ts::blast_solver::BlastSolverFactory;

/// Runs symex on the program; special locations it reaches make the outcome UNKNOWN for
/// their reason (they never end a counterexample).
pub fn run_symex(
    args: &Config,
    program: &Program,
    z3: &Z3,
    deadline: Option<Instant>,
) -> Result<EngineRun> {
    let procedural = match &program.procedural {
        Some(p) => p.clone(),
        None => cfa::Program::flat(program.cfa.clone()).map_err(anyhow::Error::msg)?,
    };
    let opts = SymexOptions {
        max_bound: args.max_unwind,
        deadline,
        ..SymexOptions::default()
    };
    // A Z3 context of its own for the queries: fresh tactic solvers, whatever kind of
    // solver the rest of the run uses.
    let tactic = Z3::new(program.terms.clone());
    tactic.set_deadline(deadline);
    tactic.set_solver_kind(Z3SolverKind::Combined);
    let sat = BlastSolverFactory::new(program.terms.clone(), Rc::new(tactic.clone()));
    sat.set_deadline(deadline);
    sat.blast_nonlinear(true);
    let queries: &dyn SolverFactory = match args.symex_backend {
        SymexBackendArg::Sat => &sat,
        SymexBackendArg::Z3 => &tactic,
    };
    let (outcome, s) = symex(&procedural, &program.special, &opts, queries, z3);
    let mut stats = vec![
        (
            "symex.backend".to_string(),
            json!(format!("{:?}", args.symex_backend).to_lowercase()),
        ),
        ("symex.bound".into(), json!(s.bound)),
        ("symex.executions".into(), json!(s.executions)),
        ("symex.queries".into(), json!(s.queries)),
        ("symex.states".into(), json!(s.states)),
        ("symex.merges".into(), json!(s.merges)),
        ("symex.activations".into(), json!(s.activations)),
        ("symex.summaries".into(), json!(s.summaries)),
        ("symex.steps".into(), json!(s.steps)),
        ("time.symex_exec".into(), json!(secs(s.time_exec))),
        ("time.symex_solve".into(), json!(secs(s.time_solve))),
        ("time.symex_trace".into(), json!(secs(s.time_trace))),
    ];
    if args.symex_backend == SymexBackendArg::Sat {
        stats.push(("symex.sat_fallbacks".into(), json!(sat.fallbacks())));
    }
    let (outcome, cfa) = match outcome {
        SymexOutcome::Unsafe { cfa, cex } => (Outcome::Unsafe(*cex), *cfa),
        SymexOutcome::Safe { .. } => (Outcome::Safe, program.cfa.clone()),
        // Never settled: symex asks whether some run reaches a special location, but
        // (unlike its counterexamples) that run is not checked on a path. It was wrong
        // once (`examples/c/heap/choose_unsafe.c`: a null dereference no run makes, in a
        // FALSE program, when states of different locations shared a merge), and one such
        // answer taken as settled would cost a verdict. The engines that settle are those
        // whose run into the location is a checked path (`verify.rs`).
        SymexOutcome::Special { special, .. } => (
            Outcome::Special {
                special,
                settled: false,
            },
            program.cfa.clone(),
        ),
        SymexOutcome::Unknown(why) => (Outcome::Unknown(why), program.cfa.clone()),
    };
    Ok(EngineRun {
        outcome,
        cfa,
        stats,
        invariant: None,
        contracts: Vec::new(),
    })
}
