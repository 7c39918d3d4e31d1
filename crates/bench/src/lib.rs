//! Boulder's evaluation harness. `boulder bench` runs a task set, each task in its own
//! process under resource limits, validates every FALSE by replaying it, records
//! everything, and summarises the run as SV-COMP scores it; `boulder bench compare`
//! tabulates and plots several runs; `boulder reproduce` regenerates the sources' tables;
//! `coverage`, `lbe-table` and `gen` measure the front end and make benchmark families.
//!
//! A run is a directory: its plan, one result file per task, and the summary made from
//! them (`plan.rs`). Executors only fill in results — `local` with worker threads on this
//! machine, `slurm` with array jobs on a cluster — so the summary, replays and witness
//! checks are the same whichever ran the tasks, and `--resume` continues any run.
//!
//! It runs the verifier only as a process (`boulder verify`, or `--tool`), and reads its
//! answers from its output: no verdict of a run is taken from the driver in this process.

pub mod args;
pub mod compare;
pub mod coverage;
pub mod families;
pub mod gen_cmd;
pub mod lbe_table;
mod local;
pub mod manifest;
mod plan;
mod process;
pub mod record;
pub mod reproduce;
mod slurm;
pub mod summary;
mod task;

pub use plan::BenchTask;

use crate::args::{BenchElementArgs, BenchRunArgs, Executor};
use crate::families::FamilySpec;
use anyhow::{anyhow, bail, Context, Result};
use cfront::{DataModel, Property};
use indicatif::{ProgressBar, ProgressStyle};
use plan::Plan;
use record::Record;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Splits a configuration string like a shell would (whitespace, quotes).
pub fn split_args(s: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if quote.is_some() {
        bail!("unbalanced quote in --config");
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    Ok(out)
}

/// The tasks of the inputs (manifests and family specs), filtered.
pub fn tasks(
    inputs: &[String],
    filter: Option<&str>,
    programs_dir: &Path,
) -> Result<Vec<BenchTask>> {
    let filter = filter
        .map(regex::Regex::new)
        .transpose()
        .map_err(|e| anyhow!("--filter: {e}"))?;
    let mut out = Vec::new();
    for input in inputs {
        if input.starts_with("family:") {
            let spec = FamilySpec::parse(input).map_err(|e| anyhow!(e))?;
            std::fs::create_dir_all(programs_dir)?;
            for (n, (name, text, expected)) in spec.sizes.iter().zip(spec.programs()) {
                let file = programs_dir.join(format!("{name}.c"));
                std::fs::write(&file, text)?;
                out.push(BenchTask {
                    name: format!("{}/{name}", spec.family),
                    file,
                    property: Property::UnreachCall,
                    expected: Some(expected),
                    model: DataModel::Ilp32,
                    category: spec.family.clone(),
                    size: Some(*n),
                });
            }
        } else {
            for t in crate::manifest::read(Path::new(input))? {
                out.push(BenchTask {
                    name: t.name,
                    file: t.file,
                    property: t.property,
                    expected: t.expected,
                    model: t.model,
                    category: t.category,
                    size: None,
                });
            }
        }
    }
    if let Some(f) = filter {
        out.retain(|t| f.is_match(&t.name));
    }
    Ok(out)
}

pub fn run(args: &BenchRunArgs) -> Result<()> {
    let (out_dir, plan) = match &args.resume {
        Some(dir) => {
            if !args.inputs.is_empty() {
                bail!("--resume continues a run with its own tasks: give no manifest");
            }
            (dir.clone(), Plan::read(dir)?)
        }
        None => prepare(args)?,
    };
    let failures = match args.executor {
        Executor::Local => local::run(&plan, &out_dir, args.jobs)?,
        Executor::Slurm => slurm::run(&plan, &out_dir, &args.slurm)?,
    };
    finish(&plan, &out_dir, &failures, args)
}

/// `boulder bench element`: one Slurm array element's share of a run.
pub fn element(args: &BenchElementArgs) -> Result<()> {
    slurm::element(args)
}

/// A new run: its directory (emptied of an earlier run's results), `run.json` and plan.
fn prepare(args: &BenchRunArgs) -> Result<(PathBuf, Plan)> {
    if args.inputs.is_empty() {
        bail!("give a manifest or a family spec (see boulder bench --help)");
    }
    let out_dir = args.out.clone().unwrap_or_else(default_out_dir);
    std::fs::create_dir_all(&out_dir)
        .with_context(|| format!("cannot create {}", out_dir.display()))?;
    // Array elements on other machines find the run by an absolute path.
    let out_dir = std::path::absolute(&out_dir)?;
    for old in ["results", "slurm", "cex", "crashes"] {
        let _ = std::fs::remove_dir_all(out_dir.join(old));
    }
    let tool = match &args.tool {
        Some(t) => std::path::absolute(t)?,
        None => std::env::current_exe().context("cannot find the boulder executable")?,
    };
    let mut tasks = tasks(
        &args.inputs,
        args.filter.as_deref(),
        &out_dir.join("programs"),
    )?;
    if tasks.is_empty() {
        bail!("no tasks (check the manifest and --filter)");
    }
    for t in &mut tasks {
        if !t.file.is_file() {
            bail!(
                "task {}: no such file {} (a manifest's paths are relative to the manifest)",
                t.name,
                t.file.display()
            );
        }
        t.file = std::path::absolute(&t.file)?;
    }
    let plan = Plan {
        tool,
        config: split_args(&args.config)?,
        timelimit: args.timelimit,
        memlimit_mb: args.memlimit,
        validate: !args.no_validate,
        witness_timelimit: args.witness_timelimit,
        tasks,
    };
    let meta = serde_json::json!({
        "inputs": args.inputs,
        "config": args.config,
        "timelimit": args.timelimit,
        "memlimit_mb": args.memlimit,
        "jobs": args.jobs,
        "executor": args.executor.name(),
        "tool": plan.tool.display().to_string(),
        "version": env!("CARGO_PKG_VERSION"),
        "tasks": plan.tasks.len(),
    });
    std::fs::write(
        out_dir.join("run.json"),
        serde_json::to_string_pretty(&meta)?,
    )?;
    plan.write(&out_dir)?;
    Ok((out_dir, plan))
}

/// The progress of a run on standard error: a bar with the counts so far, and a line per
/// finished task (above the bar; plain lines without a terminal).
pub(crate) struct Progress {
    bar: ProgressBar,
    counts: summary::Counts,
}

impl Progress {
    /// `done`: the results a resumed run starts with.
    fn new(total: usize, done: &[Record]) -> Progress {
        let bar = ProgressBar::new(total as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} [{elapsed_precise}] {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let mut p = Progress {
            bar,
            counts: summary::Counts::default(),
        };
        for r in done {
            p.count(r);
        }
        p
    }

    fn count(&mut self, r: &Record) {
        self.counts.add(r);
        self.bar.set_message(format!(
            "correct {}, wrong {}, unknown {}",
            self.counts.correct_true + self.counts.correct_false,
            self.counts.wrong(),
            self.counts.unknown
        ));
        self.bar.inc(1);
    }

    /// A task finished.
    fn finished(&mut self, r: &Record) {
        self.say(&task_line(r));
        self.count(r);
    }

    /// A line about the run (above the bar).
    fn say(&self, line: &str) {
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }

    fn done(self) {
        self.bar.finish_and_clear();
    }
}

/// The results of a run's tasks, in the plan's order (`None`: no result yet).
fn results(plan: &Plan, out_dir: &Path) -> Result<Vec<Option<Record>>> {
    let done = plan::done(out_dir)?;
    (0..plan.tasks.len())
        .map(|i| {
            if done.contains(&i) {
                plan::read_result(out_dir, i)
            } else {
                Ok(None)
            }
        })
        .collect()
}

/// Assembles the run from its results: `records.jsonl` and `records.csv` in the plan's
/// order, the summary printed and written. A task without a result gets the executor's
/// `failures` entry as its record.
fn finish(
    plan: &Plan,
    out_dir: &Path,
    failures: &BTreeMap<usize, record::Failure>,
    args: &BenchRunArgs,
) -> Result<()> {
    let mut records = Vec::with_capacity(plan.tasks.len());
    for (i, r) in results(plan, out_dir)?.into_iter().enumerate() {
        records.push(match r {
            Some(r) => r,
            None => {
                let failure = failures.get(&i).copied().unwrap_or(record::Failure::Lost);
                Record::failed(&plan.tasks[i], failure)
            }
        });
    }
    let mut jsonl = std::fs::File::create(out_dir.join("records.jsonl"))?;
    for r in &records {
        writeln!(jsonl, "{}", serde_json::to_string(r)?)?;
    }
    write_csv(&out_dir.join("records.csv"), &records)?;
    let text = summary::render(&records);
    std::fs::write(out_dir.join("summary.txt"), &text)?;
    print!("{text}");
    println!("records: {}", out_dir.join("records.jsonl").display());
    if records.iter().any(|r| r.failure.is_some()) {
        println!(
            "to run the tasks without a result again: boulder bench --resume {} --executor {}",
            out_dir.display(),
            args.executor.name()
        );
    }
    let wrong: Vec<&Record> = records.iter().filter(|r| r.status == "wrong").collect();
    for r in &wrong {
        eprintln!(
            "WRONG {} ({}): {} expected {:?}{}",
            r.task,
            r.property,
            r.verdict,
            r.expected,
            r.replay
                .as_ref()
                .map(|s| format!(", replay {s}"))
                .unwrap_or_default()
        );
    }
    if args.fail_on_wrong && !wrong.is_empty() {
        bail!("{} wrong verdicts", wrong.len());
    }
    Ok(())
}

fn default_out_dir() -> PathBuf {
    let [y, m, d, hh, mm, ss] = driver::witness_out::utc_now();
    PathBuf::from(format!(
        "bench-out/{y:04}{m:02}{d:02}-{hh:02}{mm:02}{ss:02}"
    ))
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn write_csv(path: &Path, records: &[Record]) -> Result<()> {
    let mut f = std::fs::File::create(path)?;
    writeln!(f, "task,property,expected,data_model,category,size,verdict,status,reason,cpu_time,wall_time,memory_kb,replay")?;
    for r in records {
        writeln!(
            f,
            "{},{},{},{},{},{},{},{},{},{:.3},{:.3},{},{}",
            csv_field(&r.task),
            r.property,
            r.expected.map_or(String::new(), |e| e.to_string()),
            r.data_model,
            csv_field(&r.category),
            r.size.map_or(String::new(), |n| n.to_string()),
            r.verdict,
            r.status,
            csv_field(r.reason.as_deref().unwrap_or("")),
            r.cpu_time,
            r.wall_time,
            r.memory_kb,
            csv_field(r.replay.as_deref().unwrap_or("")),
        )?;
    }
    Ok(())
}

/// Reads the records of a run directory.
pub fn read_records(dir: &Path) -> Result<Vec<Record>> {
    let path = dir.join("records.jsonl");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| anyhow!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// What `bench` prints when a task ends: its status, verdict (with the reason's class for
/// an UNKNOWN), CPU time and name.
fn task_line(r: &Record) -> String {
    let verdict = match (r.verdict.as_str(), r.reason_class.as_deref()) {
        ("UNKNOWN", Some(class)) => format!("UNKNOWN ({class})"),
        (v, _) => v.to_string(),
    };
    format!(
        "{:<7} {verdict:<20} {:>7.2} s  {} ({})",
        r.status, r.cpu_time, r.task, r.property
    )
}
