//! `boulder reproduce`: the sources' published tables regenerated on today's Boulder, each
//! by one command. A table is a set of `boulder bench` runs (same isolation, limits and
//! validation: every FALSE replayed, every TRUE certified by its engine) over the
//! source's tasks, rendered as Markdown beside the published values (`reproduce/*.csv`,
//! transcribed from the sources) with a line saying how the setup differs, plus the
//! bench's SVG plots.

mod boehm;
mod fmcad;
mod lbe;
mod llumc;
mod published;

use crate as bench;
use crate::args::{BenchRunArgs, ReproduceArgs};
use anyhow::{anyhow, bail, Context, Result};
use bench::record::Record;
use published::Published;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One reproducible table.
pub(crate) struct Table {
    pub name: &'static str,
    pub source: &'static str,
    pub what: &'static str,
    /// `None`: ready; `Some(why)`: not reproducible yet.
    pending: Option<&'static str>,
}

const TABLES: &[Table] = &[
    Table {
        name: "llumc-1",
        source: "Kleine Büning, Balyo, Sinz: LLUMC, Table 1",
        what: "incremental-SAT BMC (ts-bmc) and IC3 on the LBE transition system against IncPlan (abcdSAT) and MinireachIC3: answer, time, memory, steps",
        pending: None,
    },
    Table {
        name: "llumc-2",
        source: "LLUMC, Table 2",
        what: "transition-system sizes (state and input bits, AND gates, CNF variables and clauses of T), SBE-TS and LBE-TS",
        pending: None,
    },
    Table {
        name: "llumc-3",
        source: "LLUMC, Table 3",
        what: "incremental-SAT BMC on the transition system (ts-bmc): answer, time, memory, steps; SBE-TS and LBE-TS",
        pending: None,
    },
    Table {
        name: "llumc-4",
        source: "LLUMC, Table 4",
        what: "IC3 on the transition system: answer, time, memory, frames; SBE-TS and LBE-TS; and the default portfolio",
        pending: None,
    },
    Table {
        name: "llumc-5",
        source: "LLUMC, Table 5",
        what: "IC3 against a bounded checker (Boulder's SMT BMC with bounds 10, 100, 1000 where the paper used LLBMC)",
        pending: None,
    },
    Table {
        name: "mertens-5.1",
        source: "Mertens, thesis, Table 5.1",
        what: "CFA sizes without LBE, with LBE+ and with LBE (test_locks_5..15 and the generated families)",
        pending: None,
    },
    Table {
        name: "mertens-5.2",
        source: "Mertens, thesis, Table 5.2",
        what: "time of LBE, CEGAR with LBE (and Σ) and with SBE, and the saving, for test_locks_5..15",
        pending: None,
    },
    Table {
        name: "fmcad09-locks",
        source: "Beyer et al., FMCAD'09 slides: test_locks_N",
        what: "LBE+Boolean vs SBE+Cartesian on test_locks_5..20: time, ART size, refinements",
        pending: None,
    },
    Table {
        name: "fmcad09-drivers",
        source: "FMCAD'09 slides: ntdrivers-simplified and ssh-simplified",
        what: "per-task times, ART sizes and refinements of both configurations on the corpus's tasks of these categories",
        pending: None,
    },
    Table {
        name: "boehm-5.3",
        source: "Böhm, thesis, §5.3 (SCENARIOS)",
        what: "split strategies on SEQUENTIAL, REACTIVE, SEQ+RCT (N = 1..64): solved, and Figure 5.3's plots",
        pending: None,
    },
    Table {
        name: "boehm-5.1",
        source: "Böhm, thesis, §5.1 (SV-COMP)",
        what: "solved per category and split strategy (and auto) on the corpus",
        pending: None,
    },
];

pub fn run(args: &ReproduceArgs) -> Result<()> {
    if args.list || args.table.is_none() {
        println!("{:<16} {:<10} source: what", "table", "status");
        for t in TABLES {
            let status = if t.pending.is_none() {
                "ready"
            } else {
                "pending"
            };
            println!("{:<16} {:<10} {}: {}", t.name, status, t.source, t.what);
            if let Some(why) = t.pending {
                println!("{:<16} {:<10} ({why})", "", "");
            }
        }
        return Ok(());
    }
    let name = args.table.as_deref().unwrap_or_default();
    let table = TABLES
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| anyhow!("no table `{name}` (boulder reproduce --list)"))?;
    if let Some(why) = table.pending {
        bail!("table `{name}` cannot be reproduced yet: {why}");
    }
    let out = args.out.clone();
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let md = match name {
        "mertens-5.1" => lbe::sizes(args, &Published::read(name)?)?,
        "mertens-5.2" => lbe::times(args, &Published::read(name)?)?,
        "fmcad09-locks" => fmcad::locks(args, &Published::read(name)?)?,
        "fmcad09-drivers" => fmcad::drivers(args, &Published::read(name)?)?,
        "boehm-5.3" => boehm::scenarios(args, &Published::read(name)?)?,
        "boehm-5.1" => boehm::corpus(args)?,
        _ => llumc::run(args, table)?,
    };
    write_table(&out, name, &md)
}

/// A manifest (absolute paths, in the output folder) of the corpus tasks whose name
/// matches `pattern`; with `--quick` the first two only.
pub(crate) fn corpus_manifest(args: &ReproduceArgs, pattern: &str, name: &str) -> Result<PathBuf> {
    let re = regex::Regex::new(pattern)?;
    let all = crate::manifest::read(&args.benchmarks.join("manifest.csv"))?;
    let mut text = String::from("task,property,expected,data_model,category,source\n");
    let chosen = all
        .iter()
        .filter(|t| re.is_match(&t.name))
        .take(if args.quick { 2 } else { usize::MAX });
    for t in chosen {
        let expected = match t.expected {
            Some(true) => "true",
            Some(false) => "false",
            None => "",
        };
        writeln!(
            text,
            "{},{},{expected},{},{},{name}",
            std::fs::canonicalize(&t.file)?.display(),
            t.property.name(),
            t.model.name(),
            t.category
        )?;
    }
    let file = std::fs::canonicalize(&args.out)?.join(format!("{name}-manifest.csv"));
    std::fs::write(&file, text)?;
    Ok(file)
}

/// One `boulder bench` run of a table: every task of `input` with `config`, under the
/// reproduction's limits, validated, records in `dir`.
pub(crate) fn bench_run(args: &ReproduceArgs, input: &str, config: &str, dir: &Path) -> Result<()> {
    bench::run(&BenchRunArgs {
        inputs: vec![input.to_string()],
        config: config.to_string(),
        timelimit: args.timelimit,
        memlimit: args.memlimit,
        jobs: args.jobs,
        out: Some(dir.to_path_buf()),
        filter: None,
        tool: None,
        no_validate: false,
        // The tables compare verdicts and times with the sources; a correctness witness gets
        // less time here than in a corpus run, so that the tables stay within their budget
        // (the driver tasks' witnesses need minutes, see `bench --witness-timelimit`).
        witness_timelimit: 50,
        fail_on_wrong: false,
        executor: crate::args::Executor::Local,
        resume: None,
        slurm: Default::default(),
    })
}

fn write_table(out: &Path, name: &str, md: &str) -> Result<()> {
    let file = out.join(format!("{name}.md"));
    std::fs::write(&file, md)?;
    println!("{md}");
    eprintln!("written: {}", file.display());
    Ok(())
}

/// The records of the bench run of `config` on `input` in `dir`. A complete run (its
/// summary is written last) is reused: the table can be rendered again without the runs
/// (delete DIR/runs to run them again).
pub(crate) fn run_or_reuse(
    args: &ReproduceArgs,
    input: &str,
    config: &str,
    dir: &Path,
) -> Result<Vec<Record>> {
    if dir.join("summary.txt").exists() {
        let records = bench::read_records(dir)?;
        // A run of a task list is reused only if it ran the whole list (not `--quick`'s
        // first two tasks), and only with the configuration and limit asked for now.
        let complete = !input.ends_with(".csv")
            || crate::manifest::read(Path::new(input)).is_ok_and(|t| t.len() == records.len());
        let run: serde_json::Value = std::fs::read_to_string(dir.join("run.json"))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        let same = run["config"].as_str() == Some(config)
            && run["timelimit"].as_f64() == Some(args.timelimit);
        if complete && same {
            eprintln!("reproduce: reusing the complete run in {}", dir.display());
            return Ok(records);
        }
    }
    bench_run(args, input, config, dir)?;
    bench::read_records(dir)
}
