//! `boulder verify`.

use crate::cli::{Engine, VerifyArgs};
use crate::load::load;
use crate::report::{print_once, Report, Verdict};
use anyhow::Result;
use bmc::{bmc, BmcOptions, BmcOutcome};
use logic::Z3;
use serde_json::json;
use std::time::{Duration, Instant};

pub fn run(args: &VerifyArgs) -> Result<()> {
    let started = Instant::now();
    let deadline = args
        .timelimit
        .map(|s| started + Duration::from_secs_f64(s.max(0.0)));
    if let Some(d) = deadline {
        watchdog(d, args.json, args.file.display().to_string());
    }
    let program = load(&args.file)?;
    let parse_time = started.elapsed();
    let cfa = &program.cfa;
    let z3 = Z3::new(program.terms.clone());
    z3.set_deadline(deadline);
    let mut stats: Vec<(String, serde_json::Value)> = vec![
        ("locations".into(), json!(cfa.num_locations())),
        ("edges".into(), json!(cfa.num_edges())),
        ("time.parse".into(), json!(secs(parse_time))),
    ];
    let engine_start = Instant::now();
    let (verdict, cex) = match args.engine {
        Engine::Bmc => {
            let opts = BmcOptions {
                bound: args.bound,
                check_completion: !args.no_completion_check,
                deadline,
            };
            let (outcome, s) = bmc(cfa, &z3, &opts);
            stats.push(("bmc.bound".into(), json!(s.bound)));
            stats.push(("bmc.queries".into(), json!(s.queries)));
            stats.push(("bmc.nodes".into(), json!(s.nodes)));
            stats.push(("bmc.edge_instances".into(), json!(s.edges)));
            stats.push(("bmc.max_frontier".into(), json!(s.max_frontier)));
            match outcome {
                BmcOutcome::Unsafe(c) => (
                    Verdict::False {
                        property: "unreach-call".into(),
                    },
                    Some(c),
                ),
                BmcOutcome::Safe(_) => (Verdict::True, None),
                BmcOutcome::Unknown(reason) => (Verdict::Unknown { reason }, None),
            }
        }
    };
    stats.push(("time.engine".into(), json!(secs(engine_start.elapsed()))));
    let s = z3.stats();
    stats.push(("solver.checks".into(), json!(s.checks)));
    stats.push(("solver.time".into(), json!(secs(s.check_time))));
    stats.push(("solver.terms_translated".into(), json!(s.translated)));
    stats.push(("time.total".into(), json!(secs(started.elapsed()))));
    let report = Report {
        verdict,
        engine: format!("{:?}", args.engine).to_lowercase(),
        file: args.file.display().to_string(),
        stats,
        cex_text: cex.as_ref().map(|c| c.render(cfa)),
        cex_json: cex.as_ref().map(|c| crate::cexjson::to_json(c, cfa)),
    };
    let text = if args.json {
        format!("{}\n", report.to_json())
    } else {
        report.to_text(args.stats, args.cex)
    };
    print_once(&text);
    Ok(())
}

fn secs(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}

/// Prints UNKNOWN (timeout) and exits if the run is still going shortly after the deadline:
/// the time limit holds even while a solver call ignores its own limit.
fn watchdog(deadline: Instant, json: bool, file: String) {
    std::thread::spawn(move || {
        let grace = Duration::from_millis(500);
        std::thread::sleep(deadline.saturating_duration_since(Instant::now()) + grace);
        let report = Report {
            verdict: Verdict::Unknown {
                reason: "timeout".into(),
            },
            engine: String::new(),
            file,
            stats: vec![],
            cex_text: None,
            cex_json: None,
        };
        let text = if json {
            format!("{}\n", report.to_json())
        } else {
            report.to_text(false, false)
        };
        if print_once(&text) {
            std::process::exit(0);
        }
    });
}
