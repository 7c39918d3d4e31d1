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
    let cfa = &program.cfa;
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
            })
        );
    } else {
        println!("{}", args.file.display());
        println!(
            "  locations {:>7}   edges {:>7}   loop heads {}   error locations {}",
            cfa.num_locations(),
            cfa.num_edges(),
            loop_heads,
            errors
        );
        for u in &program.unsupported_parts {
            println!("  unsupported (UNKNOWN if reached): {u}");
        }
    }
    if args.print {
        print!("{}", cfa::print_cfa(cfa));
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
