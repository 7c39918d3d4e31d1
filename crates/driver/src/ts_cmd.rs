//! `boulder ts`: a program's bit-level transition system — sizes (LLUMC's Table 2
//! columns), DimSpec and AIGER output.

use crate::config::{LbeArg, ProgramOptions, TsCfaArg};
use crate::load::load;
use anyhow::{Context, Result};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;
use ts::{BuildOptions, Transys};

#[derive(Args, Debug)]
pub struct TsArgs {
    /// The program (.c, .i, .yml or .cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramOptions,

    /// Build from the large-block CFA (level --lbe) or the single-block CFA.
    #[arg(long, value_enum, default_value_t = TsCfaArg::Lbe)]
    pub ts_cfa: TsCfaArg,

    /// The LBE level for --ts-cfa lbe.
    #[arg(long, value_enum, default_value_t = LbeArg::Full)]
    pub lbe: LbeArg,

    /// Write the system in DimSpec.
    #[arg(long, value_name = "OUT")]
    pub dimspec: Option<PathBuf>,

    /// Write the system as binary AIGER 1.9 (bad-state property in the B section).
    #[arg(long, value_name = "OUT.aig")]
    pub aiger: Option<PathBuf>,

    /// Keep every variable as state (no liveness analysis), to see what liveness saves.
    #[arg(long)]
    pub no_liveness: bool,

    /// Larger systems are not built (an error naming the size).
    #[arg(long, default_value_t = 1 << 16, value_name = "N")]
    pub max_state_bits: usize,

    /// Print sizes and times of each phase.
    #[arg(long)]
    pub stats: bool,

    /// Print sizes as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &TsArgs) -> Result<()> {
    let started = Instant::now();
    let program = load(&args.file, &args.program.choices())?;
    if let Some(why) = &program.unsupported {
        anyhow::bail!("{}: {why}", args.file.display());
    }
    let time_parse = started.elapsed();
    let (cfa, level) = match args.ts_cfa {
        TsCfaArg::Sbe => (program.cfa.clone(), "none"),
        TsCfaArg::Lbe => (
            cfa::reduce(&program.cfa, args.lbe.level()).0,
            args.lbe.level().name(),
        ),
    };
    let t = Instant::now();
    let opts = BuildOptions {
        liveness: !args.no_liveness,
        max_state_bits: args.max_state_bits,
        ..Default::default()
    };
    let sys =
        ts::build(&cfa, &opts).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    let time_build = t.elapsed();
    let t = Instant::now();
    let (tsys, _) = Transys::from_bits(&sys);
    let time_cnf = t.elapsed();
    let source_lines = program
        .c_file
        .as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .map(|s| s.lines().count());
    let mut time_dimspec = None;
    if let Some(out) = &args.dimspec {
        let t = Instant::now();
        let comments = vec![
            format!(
                "Boulder: {} as a bit-level transition system",
                args.file.display()
            ),
            format!(
                "from the CFA with LBE level {level}; state: {} bits ({} program counter)",
                sys.stats.state_bits, sys.stats.pc_bits
            ),
        ];
        std::fs::write(out, ts::dimspec::write(&tsys, &comments))
            .with_context(|| format!("cannot write {}", out.display()))?;
        time_dimspec = Some(t.elapsed());
    }
    if let Some(out) = &args.aiger {
        let names = ts::aiger::latch_names(&sys, &cfa.terms);
        std::fs::write(out, ts::aiger::write_binary(&sys, &names))
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    let s = &sys.stats;
    let ms = |d: std::time::Duration| (d.as_secs_f64() * 1e6).round() / 1e3;
    if args.json {
        println!(
            "{}",
            json!({
                "file": args.file.display().to_string(),
                "lbe": level,
                "lines": source_lines,
                "locations": s.locations,
                "edges": s.edges,
                "variables": s.variables,
                "variables_kept": s.variables_kept,
                "pc_bits": s.pc_bits,
                "state_bits": s.state_bits,
                "state_bits_without_liveness": s.state_bits_without_liveness,
                "input_bits": s.input_bits,
                "and_gates": s.ands,
                "nondeterministic_locations": s.nondeterministic_locations,
                "cnf_variables": tsys.n,
                "clauses": {"i": tsys.init.len(), "u": tsys.universal.len(),
                            "g": tsys.goal.len(), "t": tsys.trans.len()},
                "time_ms": {"parse": ms(time_parse), "build": ms(time_build),
                            "symex": ms(s.time_symex), "blast": ms(s.time_blast),
                            "cnf": ms(time_cnf), "dimspec": time_dimspec.map(ms)},
            })
        );
        return Ok(());
    }
    println!(
        "{} (transition system from the CFA with LBE level {level})",
        args.file.display()
    );
    println!(
        "  locations {:>7}   edges {:>7}   variables {} ({} kept as state)",
        s.locations, s.edges, s.variables, s.variables_kept
    );
    println!(
        "  state bits {:>6}   (program counter {}, without liveness {})   input bits {}",
        s.state_bits, s.pc_bits, s.state_bits_without_liveness, s.input_bits
    );
    println!(
        "  AND gates {:>7}   CNF variables {}   clauses I {} U {} G {} T {}",
        s.ands,
        tsys.n,
        tsys.init.len(),
        tsys.universal.len(),
        tsys.goal.len(),
        tsys.trans.len()
    );
    if args.stats {
        println!(
            "  time (ms): parse {}  build {} (symbolic execution {}, bit-blasting {})  CNF {}{}",
            ms(time_parse),
            ms(time_build),
            ms(s.time_symex),
            ms(s.time_blast),
            ms(time_cnf),
            time_dimspec
                .map(|d| format!("  DimSpec {}", ms(d)))
                .unwrap_or_default()
        );
        println!(
            "  locations whose edges need an edge selector: {}",
            s.nondeterministic_locations
        );
    }
    Ok(())
}
