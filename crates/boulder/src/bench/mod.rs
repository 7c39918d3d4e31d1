//! `boulder bench`: runs a task set, each task in its own process under resource limits,
//! validates every FALSE by replaying it, records everything, and summarises the run as
//! SV-COMP scores it. `boulder bench compare` tabulates and plots several runs.

pub mod compare;
mod process;
pub mod record;
pub mod summary;

use crate::cli::BenchRunArgs;
use anyhow::{anyhow, bail, Context, Result};
use boulder::families::FamilySpec;
use cfront::{DataModel, Property};
use indicatif::{ProgressBar, ProgressStyle};
use record::{classify, judge, Record};
use std::collections::VecDeque;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};

/// A task to run.
#[derive(Clone, Debug)]
pub struct BenchTask {
    pub name: String,
    pub file: PathBuf,
    pub property: Property,
    pub expected: Option<bool>,
    pub model: DataModel,
    pub category: String,
    pub size: Option<usize>,
}

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
            for t in boulder::manifest::read(Path::new(input))? {
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
    if args.inputs.is_empty() {
        bail!("give a manifest or a family spec (see boulder bench --help)");
    }
    let out_dir = args.out.clone().unwrap_or_else(default_out_dir);
    std::fs::create_dir_all(out_dir.join("cex"))
        .with_context(|| format!("cannot create {}", out_dir.display()))?;
    let config = split_args(&args.config)?;
    let tool = match &args.tool {
        Some(t) => t.clone(),
        None => std::env::current_exe().context("cannot find the boulder executable")?,
    };
    let tasks = tasks(
        &args.inputs,
        args.filter.as_deref(),
        &out_dir.join("programs"),
    )?;
    if tasks.is_empty() {
        bail!("no tasks (check the manifest and --filter)");
    }
    let meta = serde_json::json!({
        "inputs": args.inputs,
        "config": args.config,
        "timelimit": args.timelimit,
        "memlimit_mb": args.memlimit,
        "jobs": args.jobs,
        "tool": tool.display().to_string(),
        "version": env!("CARGO_PKG_VERSION"),
        "tasks": tasks.len(),
    });
    std::fs::write(
        out_dir.join("run.json"),
        serde_json::to_string_pretty(&meta)?,
    )?;
    let limits = process::Limits {
        time: args.timelimit,
        memory_mb: Some(args.memlimit),
    };
    let queue: Arc<Mutex<VecDeque<(usize, BenchTask)>>> =
        Arc::new(Mutex::new(tasks.iter().cloned().enumerate().collect()));
    let (tx, rx) = mpsc::channel::<(usize, Record)>();
    let mut workers = Vec::new();
    for _ in 0..args.jobs.max(1) {
        let queue = queue.clone();
        let tx = tx.clone();
        let (tool, config, limits, out_dir) = (
            tool.clone(),
            config.clone(),
            limits.clone(),
            out_dir.clone(),
        );
        let checks = Checks {
            validate: !args.no_validate,
            correctness_seconds: args.witness_timelimit,
        };
        workers.push(std::thread::spawn(move || loop {
            let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
            let Some((i, task)) = next else { break };
            let record = run_task(&tool, &config, &limits, &out_dir, i, &task, checks);
            if tx.send((i, record)).is_err() {
                break;
            }
        }));
    }
    drop(tx);
    let bar = ProgressBar::new(tasks.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} [{elapsed_precise}] {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut jsonl = std::fs::File::create(out_dir.join("records.jsonl"))?;
    let mut records: Vec<Option<Record>> = vec![None; tasks.len()];
    let mut counts = summary::Counts::default();
    for (i, r) in rx {
        writeln!(jsonl, "{}", serde_json::to_string(&r)?)?;
        counts.add(&r);
        bar.set_message(format!(
            "correct {}, wrong {}, unknown {}",
            counts.correct_true + counts.correct_false,
            counts.wrong(),
            counts.unknown
        ));
        // A line per finished task, above the bar (on standard error without a terminal).
        let line = task_line(&r);
        if bar.is_hidden() {
            eprintln!("{line}");
        } else {
            bar.println(line);
        }
        bar.inc(1);
        records[i] = Some(r);
    }
    bar.finish_and_clear();
    for w in workers {
        let _ = w.join();
    }
    let records: Vec<Record> = records.into_iter().flatten().collect();
    write_csv(&out_dir.join("records.csv"), &records)?;
    let text = summary::render(&records);
    std::fs::write(out_dir.join("summary.txt"), &text)?;
    print!("{text}");
    println!("records: {}", out_dir.join("records.jsonl").display());
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
    let [y, m, d, hh, mm, ss] = crate::witness_out::utc_now();
    PathBuf::from(format!(
        "bench-out/{y:04}{m:02}{d:02}-{hh:02}{mm:02}{ss:02}"
    ))
}

/// What `bench` checks besides the verdict.
#[derive(Clone, Copy)]
struct Checks {
    /// Replay FALSE, validate witnesses.
    validate: bool,
    /// The validator's time for one correctness witness.
    correctness_seconds: u32,
}

fn run_task(
    tool: &Path,
    config: &[String],
    limits: &process::Limits,
    out_dir: &Path,
    index: usize,
    task: &BenchTask,
    checks: Checks,
) -> Record {
    let validate = checks.validate;
    let cex = out_dir.join("cex").join(format!("{index}.json"));
    let _ = std::fs::remove_file(&cex);
    let witnesses = [
        out_dir.join("cex").join(format!("{index}.graphml")),
        out_dir.join("cex").join(format!("{index}.yml")),
    ];
    for w in &witnesses {
        let _ = std::fs::remove_file(w);
    }
    let mut args: Vec<String> = vec![
        "verify".into(),
        task.file.display().to_string(),
        "--prop".into(),
        task.property.name().into(),
        "--json".into(),
        "--timelimit".into(),
        format!("{}", limits.time),
        "--no-replay".into(),
        "--cex-out".into(),
        cex.display().to_string(),
    ];
    if is_c(&task.file) {
        for w in &witnesses {
            args.push("--witness".into());
            args.push(w.display().to_string());
        }
    }
    if task.model == DataModel::Lp64 {
        args.push("--64".into());
    }
    args.extend(config.iter().cloned());
    let mut record = Record {
        task: task.name.clone(),
        file: task.file.display().to_string(),
        property: task.property.name().into(),
        expected: task.expected,
        data_model: task.model.name().into(),
        category: task.category.clone(),
        size: task.size,
        verdict: "ERROR".into(),
        status: "unknown".into(),
        reason: None,
        reason_class: None,
        cpu_time: 0.0,
        wall_time: 0.0,
        memory_kb: 0,
        replay: None,
        witness: None,
        certificate: None,
        stats: serde_json::Value::Null,
    };
    let outcome = match process::run(tool, &args, limits) {
        Ok(o) => o,
        Err(e) => {
            record.reason = Some(format!("crash: cannot run {}: {e}", tool.display()));
            record.reason_class = Some("crash".into());
            return record;
        }
    };
    record.cpu_time = outcome.cpu.as_secs_f64();
    record.wall_time = outcome.wall.as_secs_f64();
    record.memory_kb = outcome.peak_memory_kb;
    let parsed: Option<serde_json::Value> = serde_json::from_str(outcome.stdout.trim()).ok();
    match parsed {
        Some(v) if v.get("verdict").is_some() => {
            record.verdict = v["verdict"].as_str().unwrap_or("ERROR").to_string();
            record.reason = v["reason"].as_str().map(str::to_string);
            record.stats = v["stats"].clone();
            record.certificate = v["stats"]["certificate"].as_str().map(str::to_string);
        }
        _ => {
            let cpu_out = outcome.cpu.as_secs_f64() >= limits.time;
            let near_mem = limits
                .memory_mb
                .is_some_and(|mb| outcome.peak_memory_kb >= mb * 1024 * 8 / 10);
            // CaDiCaL throws only `std::bad_alloc`, which Rust reports as a foreign
            // exception when it unwinds into Rust code.
            let mem_msg = outcome.stderr.contains("memory allocation")
                || outcome.stderr.contains("out of memory")
                || (limits.memory_mb.is_some()
                    && outcome
                        .stderr
                        .contains("Rust cannot catch foreign exceptions"));
            let (reason, class) =
                if outcome.wall_timeout || cpu_out || outcome.signal == Some(libc::SIGXCPU) {
                    ("timeout".to_string(), "timeout")
                } else if mem_msg || near_mem {
                    ("memout".to_string(), "memout")
                } else {
                    let what = match (outcome.exit_code, outcome.signal) {
                        (_, Some(s)) => format!("signal {s}"),
                        (Some(c), None) => format!("exit status {c}"),
                        _ => "no status".into(),
                    };
                    let first = outcome
                        .stderr
                        .lines()
                        .next()
                        .unwrap_or("")
                        .trim()
                        .to_string();
                    // The whole error output of a crash is kept for diagnosis.
                    let log = out_dir.join("crashes").join(format!("{index}.stderr"));
                    if std::fs::create_dir_all(out_dir.join("crashes")).is_ok() {
                        let _ = std::fs::write(&log, &outcome.stderr);
                    }
                    (format!("crash: {what}: {first}"), "crash")
                };
            record.verdict = "UNKNOWN".into();
            record.reason = Some(reason);
            record.reason_class = Some(class.into());
        }
    }
    if record.verdict == "UNKNOWN" && record.reason_class.is_none() {
        record.reason_class = Some(classify(record.reason.as_deref().unwrap_or("")).into());
    }
    record.status = judge(&record.verdict, task.expected).into();
    // Validation: a FALSE counts only if its counterexample replays.
    if record.verdict == "FALSE" && validate && is_c(&task.file) {
        let replay = replay(tool, &task.file, &cex);
        let ok = replay.starts_with("reproduced");
        record.replay = Some(replay);
        let answers: Vec<String> = witnesses
            .iter()
            .map(|w| {
                let kind = w.extension().and_then(|e| e.to_str()).unwrap_or("?");
                format!("{kind} {}", validate_witness(tool, task, w, "FALSE", 20))
            })
            .collect();
        record.witness = Some(answers.join(", "));
        if !ok {
            record.status = if task.expected.is_some() {
                "wrong".into()
            } else {
                "unscored".into()
            };
        }
    }
    // A TRUE's correctness witness. One without invariants asks the validator to prove
    // the program on its own (it is counted apart). The YAML one only: the GraphML witness
    // states the same invariants, and each validation is a k-induction.
    if record.verdict == "TRUE" && validate && is_c(&task.file) {
        let answers: Vec<String> = witnesses
            .iter()
            .filter(|w| w.extension().is_some_and(|e| e == "yml"))
            .map(|w| {
                let kind = w.extension().and_then(|e| e.to_str()).unwrap_or("?");
                let claims = std::fs::read_to_string(w)
                    .ok()
                    .and_then(|t| witness::correctness::read(&t).ok())
                    .is_some_and(|c| !c.invariants.is_empty());
                let answer = validate_witness(tool, task, w, "TRUE", checks.correctness_seconds);
                if claims {
                    format!("{kind} {answer}")
                } else {
                    format!("{kind} without invariants: {answer}")
                }
            })
            .collect();
        record.witness = Some(answers.join(", "));
    }
    if record.verdict == "TRUE" && record.certificate.as_deref().is_some_and(|c| c != "valid") {
        record.status = "wrong".into();
    }
    record
}

/// Validates a witness with `boulder validate` in its own process: "confirmed" (the
/// validator answered `expect`), "refuted" (it answered the other verdict) or "not
/// confirmed: why". `seconds`: the validator's limit — a violation witness is one compile
/// and run, a correctness witness a k-induction proof (`--witness-timelimit`).
fn validate_witness(
    tool: &Path,
    task: &BenchTask,
    witness: &Path,
    expect: &str,
    seconds: u32,
) -> String {
    if !witness.exists() {
        return "not confirmed: no witness written".into();
    }
    let mut args: Vec<String> = vec![
        "validate".into(),
        task.file.display().to_string(),
        "--prop".into(),
        task.property.name().into(),
        "--witness".into(),
        witness.display().to_string(),
    ];
    if task.model == DataModel::Lp64 {
        args.push("--64".into());
    }
    args.extend(["--timelimit".into(), seconds.to_string()]);
    let limits = process::Limits {
        time: CHECK_LIMITS.time.max(f64::from(seconds) + 10.0),
        ..CHECK_LIMITS
    };
    match process::run(tool, &args, &limits) {
        Ok(o) => {
            let line = o.stdout.lines().next().unwrap_or("").to_string();
            let answer = line
                .strip_prefix("Verification result: ")
                .unwrap_or("")
                .split('(')
                .next()
                .unwrap_or("");
            if answer == expect {
                "confirmed".into()
            } else if matches!(answer, "TRUE" | "FALSE") {
                format!("refuted: validate answered {answer}")
            } else if let Some(why) =
                line.strip_prefix("Verification result: UNKNOWN (witness refuted: ")
            {
                format!("refuted: {}", why.strip_suffix(')').unwrap_or(why))
            } else {
                let why = line
                    .strip_prefix("Verification result: UNKNOWN (witness not confirmed: ")
                    .map(|r| r.trim_end_matches(')').to_string())
                    .unwrap_or_else(|| o.stderr.lines().next().unwrap_or("no verdict").into());
                format!("not confirmed: {why}")
            }
        }
        Err(e) => format!("not confirmed: {e}"),
    }
}

/// Limits of the bench's own checking processes (`replay`, `validate`).
const CHECK_LIMITS: process::Limits = process::Limits {
    time: 60.0,
    memory_mb: Some(4096),
};

fn is_c(p: &Path) -> bool {
    matches!(p.extension().and_then(|e| e.to_str()), Some("c" | "i"))
}

/// Replays with `boulder replay` in its own process.
fn replay(tool: &Path, program: &Path, cex: &Path) -> String {
    if !cex.exists() {
        return "not reproduced: no counterexample file".into();
    }
    let args: Vec<String> = vec![
        "replay".into(),
        program.display().to_string(),
        "--cex".into(),
        cex.display().to_string(),
        "--timelimit".into(),
        "10".into(),
    ];
    match process::run(tool, &args, &CHECK_LIMITS) {
        Ok(o) => {
            let line = o.stdout.lines().next().unwrap_or("").to_string();
            if let Some(rest) = line.strip_prefix("Replay result: REPRODUCED") {
                format!("reproduced{rest}")
            } else if let Some(rest) = line.strip_prefix("Replay result: NOT REPRODUCED") {
                format!("not reproduced{rest}")
            } else {
                format!(
                    "not reproduced: {}",
                    o.stderr.lines().next().unwrap_or("the replay failed")
                )
            }
        }
        Err(e) => format!("not reproduced: {e}"),
    }
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
