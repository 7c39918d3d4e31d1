//! `boulder cfa`.

use crate::cli::CfaArgs;
use crate::load::load;
use anyhow::{Context, Result};
use serde_json::json;

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
    if args.json {
        println!(
            "{}",
            json!({
                "file": args.file.display().to_string(),
                "locations": cfa.num_locations(),
                "edges": cfa.num_edges(),
                "loop_heads": loop_heads,
                "error_locations": errors,
                "unsupported": program.unsupported_parts,
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
        println!("{}", args.file.display());
        if level != cfa::LbeLevel::None {
            println!(
                "  locations {:>7}   edges {:>7}   (single-block)",
                before.num_locations(),
                before.num_edges()
            );
            print!("  LBE {:<9}", level.name());
        }
        println!(
            "  locations {:>7}   edges {:>7}   loop heads {}   error locations {}",
            cfa.num_locations(),
            cfa.num_edges(),
            loop_heads,
            errors
        );
        if args.stats {
            println!(
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
        for u in &program.unsupported_parts {
            println!("  unsupported (UNKNOWN if reached): {u}");
        }
    }
    if args.print {
        crate::report::write_stdout(&cfa::print_cfa(cfa))?;
    }
    if let Some(out) = &args.dot {
        let name = args
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        std::fs::write(out, cfa::dot::to_dot(cfa, &name))
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}
