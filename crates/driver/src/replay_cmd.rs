//! `boulder replay`.

use anyhow::{anyhow, Context, Result};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;
use witness::{CexFile, Replay};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The C program (.c or .i).
    pub program: PathBuf,

    /// The counterexample file written by `verify --cex-out`.
    #[arg(long, value_name = "FILE")]
    pub cex: PathBuf,

    /// Stop the program after this long: seconds, or with a unit (`500ms`, `1min`).
    #[arg(long, default_value = "10", value_name = "TIME", value_parser = crate::values::seconds)]
    pub timelimit: f64,
}

pub fn run(args: &ReplayArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.cex)
        .with_context(|| format!("cannot read {}", args.cex.display()))?;
    let cex = CexFile::from_json(&text).map_err(|e| anyhow!("{}: {e}", args.cex.display()))?;
    let property = cfront::Property::from_name(&cex.property)
        .ok_or_else(|| anyhow!("{}: unknown property {}", args.cex.display(), cex.property))?;
    let model = if cex.data_model == "LP64" {
        cfront::DataModel::Lp64
    } else {
        cfront::DataModel::Ilp32
    };
    // The front end finds the declarations whose values the counterexample supplies.
    let program = crate::load::load_c(&args.program, property, model, &Default::default())?;
    let text = program.replay_text.expect("C programs have a replay text");
    let limit = Duration::from_secs_f64(args.timelimit.max(0.1));
    match witness::replay(&text, &cex, limit).map_err(|e| anyhow!(e))? {
        Replay::Reproduced(how) => println!("Replay result: REPRODUCED ({how})"),
        Replay::NotReproduced(why) => println!("Replay result: NOT REPRODUCED ({why})"),
    }
    Ok(())
}
