//! `boulder cfa`.

use crate::config::{LbeArg, ProgramOptions};
use crate::load::load;
use anyhow::{Context, Result};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CfaArgs {
    /// The program (.c, .i, .yml or .cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramOptions,

    /// Large-block encoding: with a level other than none, sizes before and after are
    /// printed, and --print/--dot show the result.
    #[arg(long, value_enum, default_value_t = LbeArg::None)]
    pub lbe: LbeArg,

    /// Print the time and how often each LBE rule fired.
    #[arg(long)]
    pub stats: bool,

    /// Write the CFA as a Graphviz DOT file.
    #[arg(long, value_name = "OUT")]
    pub dot: Option<PathBuf>,

    /// Print the CFA in the textual format.
    #[arg(long)]
    pub print: bool,

    /// --print and --dot show the procedural CFA (a part per function, call edges)
    /// instead of the flat one the inlining pass makes.
    #[arg(long)]
    pub procedural: bool,

    /// Print sizes as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &CfaArgs) -> Result<()> {
    let program = load(&args.file, &args.program.choices())?;
    if let Some(why) = &program.unsupported {
        anyhow::bail!("{}: {why}", args.file.display());
    }
    let level = args.lbe.level();
    let (reduced, lbe) = cfa::reduce(&program.cfa, level);
    let before = &program.cfa;
    let cfa = &reduced;
    let loop_heads = cfa
        .locations()
        .filter(|l| cfa.location(*l).loop_head)
        .count();
    let errors = cfa.error_locations().count();
    // The procedural CFA's size beside the flat one's: what inlining cost.
    let procedural = program.procedural.as_ref().map(|p| {
        json!({
            "functions": p.functions().len(),
            "locations": p.cfa.num_locations(),
            "edges": p.cfa.num_edges(),
            "calls": p.call_edges().len(),
            "recursive": p.functions().iter().filter(|f| p.is_recursive(p.lookup(&f.name).expect("its own function"))).count(),
        })
    });
    if args.json {
        println!(
            "{}",
            json!({
                "file": args.file.display().to_string(),
                "locations": cfa.num_locations(),
                "edges": cfa.num_edges(),
                "loop_heads": loop_heads,
                "error_locations": errors,
                "unsupported": program.unsupported_parts(),
                "procedural": procedural,
                "inlined": { "locations": before.num_locations(), "edges": before.num_edges() },
                "lbe": {
                    "level": level.name(),
                    "locations_before": lbe.locations_before,
                    "edges_before": lbe.edges_before,
                    "error_sink": lbe.error_sink,
                    "sequence": lbe.sequence,
                    "choice": lbe.choice,
                    "advanced": lbe.advanced,
                    "time_ms": lbe.time.as_secs_f64() * 1000.0,
                },
            })
        );
    } else {
        use std::fmt::Write as _;
        let mut h = String::new();
        let _ = writeln!(h, "{}", args.file.display());
        if level != cfa::LbeLevel::None {
            let _ = writeln!(
                h,
                "  locations {:>7}   edges {:>7}   (single-block)",
                before.num_locations(),
                before.num_edges()
            );
            let _ = write!(h, "  LBE {:<9}", level.name());
        }
        let _ = writeln!(
            h,
            "  locations {:>7}   edges {:>7}   loop heads {}   error locations {}",
            cfa.num_locations(),
            cfa.num_edges(),
            loop_heads,
            errors
        );
        if args.stats {
            let _ = writeln!(h,
                "  LBE time {:.3} ms, {} edges created; rules fired: error sink {}, sequence {}, choice {}, advanced sequence {}{}",
                lbe.time.as_secs_f64() * 1000.0,
                lbe.edges_created,
                lbe.error_sink,
                lbe.sequence,
                lbe.choice,
                lbe.advanced,
                if lbe.advanced_skipped > 0 {
                    format!(" ({} skipped at the edge cap)", lbe.advanced_skipped)
                } else {
                    String::new()
                }
            );
        }
        if let Some(p) = &procedural {
            let _ = writeln!(h,
                "  procedural CFA: functions {} (recursive {})   locations {}   edges {}   calls {}",
                p["functions"], p["recursive"], p["locations"], p["edges"], p["calls"]
            );
        }
        for u in &program.unsupported_parts() {
            let _ = writeln!(h, "  UNKNOWN if reached: {u}");
        }
        // Printed with the CFA text, the summary is a comment: the output reads back.
        for line in h.lines() {
            if args.print {
                println!("# {line}");
            } else {
                println!("{line}");
            }
        }
    }
    let shown = if args.procedural {
        program.procedural.as_ref()
    } else {
        None
    };
    if args.print {
        let text = match shown {
            Some(p) => cfa::print_program(p),
            None => cfa::print_cfa(cfa),
        };
        crate::report::write_stdout(&text)?;
    }
    if let Some(out) = &args.dot {
        let name = args
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dot = match shown {
            Some(p) => cfa::program_to_dot(p, &name),
            None => cfa::dot::to_dot(cfa, &name),
        };
        std::fs::write(out, dot).with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}
