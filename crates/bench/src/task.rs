//! One task, start to record: `boulder verify` in its own process under the plan's limits,
//! the verdict read from its `--json` report, and the checks a verdict must pass to count:
//! a FALSE's counterexample replayed and its violation witnesses validated, a TRUE's
//! certificate and its correctness witness validated (docs/design.md §9).

use crate::plan::{BenchTask, Plan};
use crate::process;
use crate::record::{classify_words, judge, Record};
use cfront::DataModel;
use driver::report::JsonReport;
use std::path::{Path, PathBuf};

/// Runs task `index` of `plan`, with its counterexample and witnesses in `out_dir/cex`.
pub fn run_task(plan: &Plan, out_dir: &Path, index: usize) -> Record {
    let task = &plan.tasks[index];
    let files = TaskFiles::new(out_dir, index);
    let limits = process::Limits {
        time: plan.timelimit,
        memory_mb: Some(plan.memlimit_mb),
    };
    let mut record = Record::for_task(task);
    let outcome = match process::run(&plan.tool, &verify_args(plan, task, &files), &limits) {
        Ok(o) => o,
        Err(e) => {
            record.reason = Some(format!("crash: cannot run {}: {e}", plan.tool.display()));
            record.reason_class = Some("crash".into());
            return record;
        }
    };
    read_outcome(&mut record, &outcome, &limits, out_dir, index);
    record.stopped = matches!(outcome.signal, Some(libc::SIGTERM | libc::SIGINT));
    record.status = judge(&record.verdict, task.expected).into();
    if plan.validate && is_c(&task.file) {
        match record.verdict.as_str() {
            "FALSE" => check_false(&mut record, &plan.tool, task, &files),
            "TRUE" => check_true(&mut record, plan, task, &files),
            _ => {}
        }
    }
    if record.verdict == "TRUE" && record.certificate.as_deref().is_some_and(|c| c != "valid") {
        record.status = "wrong".into();
    }
    record
}

/// Where a task's counterexample and witnesses go, emptied before it runs (a rerun must
/// not validate an earlier attempt's files).
struct TaskFiles {
    cex: PathBuf,
    witnesses: [PathBuf; 2],
}

impl TaskFiles {
    fn new(out_dir: &Path, index: usize) -> TaskFiles {
        let cex_dir = out_dir.join("cex");
        let _ = std::fs::create_dir_all(&cex_dir);
        let files = TaskFiles {
            cex: cex_dir.join(format!("{index}.json")),
            witnesses: [
                cex_dir.join(format!("{index}.graphml")),
                cex_dir.join(format!("{index}.yml")),
            ],
        };
        for f in std::iter::once(&files.cex).chain(&files.witnesses) {
            let _ = std::fs::remove_file(f);
        }
        files
    }
}

fn verify_args(plan: &Plan, task: &BenchTask, files: &TaskFiles) -> Vec<String> {
    let mut args: Vec<String> = vec![
        "verify".into(),
        task.file.display().to_string(),
        "--prop".into(),
        task.property.name().into(),
        "--json".into(),
        "--timelimit".into(),
        format!("{}", plan.timelimit),
        "--no-replay".into(),
        "--cex-out".into(),
        files.cex.display().to_string(),
    ];
    if is_c(&task.file) {
        for w in &files.witnesses {
            args.push("--witness".into());
            args.push(w.display().to_string());
        }
    }
    if task.model == DataModel::Lp64 {
        args.push("--64".into());
    }
    args.extend(plan.config.iter().cloned());
    args
}

/// The verdict, reason and costs of the tool's run: its JSON report, or, without one, a
/// timeout, memory-out or crash judged from how the process ended.
fn read_outcome(
    record: &mut Record,
    outcome: &process::Outcome,
    limits: &process::Limits,
    out_dir: &Path,
    index: usize,
) {
    record.cpu_time = outcome.cpu.as_secs_f64();
    record.wall_time = outcome.wall.as_secs_f64();
    record.memory_kb = outcome.peak_memory_kb;
    // Boulder's `--json` report, read as the type it was written from.
    let parsed: Option<JsonReport> = serde_json::from_str(outcome.stdout.trim()).ok();
    match parsed {
        Some(v) => {
            record.verdict = v.verdict.word().to_string();
            record.reason = v.reason.clone();
            // The typed class; an engine's reason of its own ("stopped") is "other" in
            // the summary.
            record.reason_class = v.unknown.as_ref().map(|u| match u {
                driver::unknown::Unknown::Stopped { .. } => "other".to_string(),
                u => u.class().to_string(),
            });
            record.certificate = v.certificate().map(str::to_string);
            record.stats = serde_json::Value::Object(v.stats);
        }
        _ => {
            let (reason, class) = no_report(outcome, limits, out_dir, index);
            record.verdict = "UNKNOWN".into();
            record.reason = Some(reason);
            record.reason_class = Some(class.into());
        }
    }
    if record.verdict == "UNKNOWN" && record.reason_class.is_none() {
        // A tool without Boulder's typed `unknown` (`--tool`): its words are all there is.
        record.reason_class = Some(classify_words(record.reason.as_deref().unwrap_or("")).into());
    }
}

/// Why a run ended without a report, and its class. A crash keeps its whole error output
/// in `out_dir/crashes` for diagnosis.
fn no_report(
    outcome: &process::Outcome,
    limits: &process::Limits,
    out_dir: &Path,
    index: usize,
) -> (String, &'static str) {
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
    if outcome.wall_timeout || cpu_out || outcome.signal == Some(libc::SIGXCPU) {
        return ("timeout".to_string(), "timeout");
    }
    if mem_msg || near_mem {
        return ("memout".to_string(), "memout");
    }
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
    let crashes = out_dir.join("crashes");
    if std::fs::create_dir_all(&crashes).is_ok() {
        let _ = std::fs::write(crashes.join(format!("{index}.stderr")), &outcome.stderr);
    }
    (format!("crash: {what}: {first}"), "crash")
}

/// A FALSE counts only if its counterexample replays; its witnesses are validated too.
fn check_false(record: &mut Record, tool: &Path, task: &BenchTask, files: &TaskFiles) {
    let replay = replay(tool, &task.file, &files.cex);
    let ok = replay.starts_with("reproduced");
    record.replay = Some(replay);
    let answers: Vec<String> = files
        .witnesses
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

/// A TRUE's correctness witness. One without invariants asks the validator to prove the
/// program on its own (it is counted apart). The YAML one only: the GraphML witness states
/// the same invariants, and each validation is a k-induction.
fn check_true(record: &mut Record, plan: &Plan, task: &BenchTask, files: &TaskFiles) {
    let w = &files.witnesses[1];
    let claims = std::fs::read_to_string(w)
        .ok()
        .and_then(|t| witness::correctness::read(&t).ok())
        .is_some_and(|c| !c.invariants.is_empty());
    let answer = validate_witness(&plan.tool, task, w, "TRUE", plan.witness_timelimit);
    record.witness = Some(if claims {
        format!("yml {answer}")
    } else {
        format!("yml without invariants: {answer}")
    });
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
pub const CHECK_LIMITS: process::Limits = process::Limits {
    time: 60.0,
    memory_mb: Some(4096),
};

pub fn is_c(p: &Path) -> bool {
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
