//! The portfolio (the default engine): engines run side by side as child processes of
//! one `verify`, each with its own solvers and its own checks (every FALSE is replayed,
//! every TRUE certified inside the child), and the first decided verdict wins; the others
//! are killed.
//!
//! How the time is shared on two cores: a short BMC run (bound 40 blocks, at most a tenth
//! of the time limit or 10 s) catches shallow bugs at once, while CEGAR and IC3 run for the
//! whole budget; when the short BMC is done, CEGAR and IC3 have a core each. An engine
//! that gives up early (CEGAR: refinement made no progress) hands its core to BMC for the
//! time that is left. Processes rather than threads: an engine that crashes or runs out of
//! memory takes only itself down, and stopping one is a signal.

use crate::cli::VerifyArgs;
use crate::report::{print_once, Report, Verdict};
use anyhow::{Context, Result};
use serde_json::{json, Value as Json};
use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One engine run of the portfolio.
struct Slot {
    engine: &'static str,
    extra: Vec<String>,
    /// Seconds this run may take (`None`: the rest of the budget).
    budget: Option<f64>,
}

/// The command-line words of `verify` to pass on to every engine: everything but the
/// engine choice and the options about what the parent prints or writes.
fn inherited_args() -> Vec<OsString> {
    let all: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut out = Vec::new();
    let mut skip_value = false;
    for a in all {
        if skip_value {
            skip_value = false;
            continue;
        }
        let s = a.to_string_lossy();
        let with_value = [
            "--engine",
            "--timelimit",
            "--cex-out",
            "--dot-art",
            "--witness",
            "--witness-format",
        ];
        if with_value.contains(&s.as_ref()) {
            skip_value = true;
            continue;
        }
        if with_value.iter().any(|o| s.starts_with(&format!("{o}="))) {
            continue;
        }
        if ["--json", "--cex", "--stats"].contains(&s.as_ref()) {
            continue;
        }
        out.push(a);
    }
    out
}

struct Running {
    slot: Slot,
    pid: u32,
    started: Instant,
}

fn spawn(
    slot: &Slot,
    base: &[OsString],
    deadline: Option<Instant>,
    tx: &mpsc::Sender<(usize, std::io::Result<std::process::Output>)>,
    index: usize,
) -> Result<u32> {
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
    let limit = match (slot.budget, left) {
        (Some(b), Some(l)) => Some(b.min(l)),
        (b, l) => b.or(l),
    };
    let mut cmd = Command::new(std::env::current_exe().context("the boulder executable")?);
    cmd.args(base)
        .args(["--engine", slot.engine, "--json"])
        .args(&slot.extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(l) = limit {
        cmd.args(["--timelimit", &format!("{:.3}", l.max(0.01))]);
    }
    // The engine dies with the portfolio (a killed or timed-out parent leaves nothing
    // behind).
    unsafe {
        cmd.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let child: Child = cmd.spawn().context("cannot start an engine process")?;
    let pid = child.id();
    let tx = tx.clone();
    std::thread::spawn(move || {
        let _ = tx.send((index, child.wait_with_output()));
    });
    Ok(pid)
}

fn kill(pid: u32) {
    unsafe {
        libc::kill(pid as i32, libc::SIGKILL);
    }
}

pub fn run(args: &VerifyArgs) -> Result<()> {
    let started = Instant::now();
    // Unusable input is one error here, not one per engine; a program without a CFA is
    // UNKNOWN for every engine.
    let program = crate::load::load(&args.file, &args.program.choices())?;
    if let Some(reason) = program.unsupported {
        let report = Report {
            verdict: Verdict::Unknown { reason },
            engine: "portfolio".into(),
            file: args.file.display().to_string(),
            stats: vec![],
            cex_text: None,
            cex_json: None,
        };
        print_once(&if args.json {
            format!("{}\n", report.to_json())
        } else {
            report.to_text(args.stats, args.cex)
        });
        return Ok(());
    }
    drop(program);
    let deadline = args
        .timelimit
        .map(|s| started + Duration::from_secs_f64(s.max(0.0)));
    let total = args.timelimit.unwrap_or(f64::INFINITY);
    let short = (total / 10.0).min(10.0);
    let base = inherited_args();
    let mut queue: Vec<Slot> = vec![
        Slot {
            engine: "bmc",
            extra: vec!["--bound".into(), "40".into()],
            budget: Some(short),
        },
        Slot {
            engine: "cegar",
            extra: vec![],
            budget: None,
        },
        Slot {
            engine: "ic3",
            extra: vec![],
            budget: None,
        },
    ];
    // Taken when an engine gives up before the deadline.
    let mut fallback = vec![Slot {
        engine: "bmc",
        extra: vec![],
        budget: None,
    }];
    let (tx, rx) = mpsc::channel();
    let mut running: Vec<Option<Running>> = Vec::new();
    for slot in queue.drain(..) {
        let i = running.len();
        let pid = spawn(&slot, &base, deadline, &tx, i)?;
        running.push(Some(Running {
            slot,
            pid,
            started: Instant::now(),
        }));
    }
    let mut stats: Vec<(String, Json)> = Vec::new();
    let mut reasons: Vec<String> = Vec::new();
    let mut winner: Option<Json> = None;
    while running.iter().any(|r| r.is_some()) {
        let wait = deadline
            .map(|d| d.saturating_duration_since(Instant::now()) + Duration::from_millis(300))
            .unwrap_or(Duration::from_secs(3600));
        let Ok((i, output)) = rx.recv_timeout(wait) else {
            break;
        };
        let Some(run) = running[i].take() else {
            continue;
        };
        let secs = (run.started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        let name = format!("portfolio.{}", run.slot.engine);
        let (parsed, stderr) = match output {
            Ok(o) => (
                serde_json::from_slice::<Json>(&o.stdout).ok(),
                String::from_utf8_lossy(&o.stderr).into_owned(),
            ),
            Err(e) => (None, e.to_string()),
        };
        let Some(v) = parsed else {
            let last = stderr.lines().last().unwrap_or("no output").to_string();
            stats.push((name, json!(format!("failed after {secs} s: {last}"))));
            reasons.push(format!("{} failed: {last}", run.slot.engine));
            continue;
        };
        let verdict = v["verdict"].as_str().unwrap_or("UNKNOWN").to_string();
        if verdict == "UNKNOWN" {
            let reason = v["reason"].as_str().unwrap_or("unknown").to_string();
            stats.push((name, json!(format!("UNKNOWN ({reason}) after {secs} s"))));
            reasons.push(format!("{}: {reason}", run.slot.engine));
            let early = deadline.is_none_or(|d| Instant::now() + Duration::from_secs(1) < d);
            if early && reason != "timeout" && run.slot.engine != "bmc" {
                if let Some(slot) = fallback.pop() {
                    let i = running.len();
                    let pid = spawn(&slot, &base, deadline, &tx, i)?;
                    running.push(Some(Running {
                        slot,
                        pid,
                        started: Instant::now(),
                    }));
                }
            }
            continue;
        }
        stats.push((name, json!(format!("{verdict} after {secs} s"))));
        stats.push(("portfolio.decided_by".into(), json!(run.slot.engine)));
        winner = Some(v);
        break;
    }
    for r in running.iter().flatten() {
        kill(r.pid);
        stats.push((
            format!("portfolio.{}", r.slot.engine),
            json!(format!(
                "stopped after {:.3} s",
                r.started.elapsed().as_secs_f64()
            )),
        ));
    }
    let report = match winner {
        Some(v) => {
            let verdict = match v["verdict"].as_str() {
                Some("TRUE") => Verdict::True,
                _ => Verdict::False {
                    property: v["violated_property"]
                        .as_str()
                        .unwrap_or("unreach-call")
                        .to_string(),
                },
            };
            let mut all = stats;
            if let Some(o) = v["stats"].as_object() {
                all.extend(
                    o.iter()
                        .filter(|(k, _)| *k != "time.total")
                        .map(|(k, v)| (k.clone(), v.clone())),
                );
            }
            if let (Some(out), Some(c)) = (&args.cex_out, v.get("counterexample")) {
                std::fs::write(out, serde_json::to_string_pretty(c)?)
                    .with_context(|| format!("cannot write {}", out.display()))?;
            }
            if let Some(c) = v.get("counterexample") {
                let cex: witness::CexFile =
                    serde_json::from_value(c.clone()).context("the engine's counterexample")?;
                crate::witness_out::write(args, &cex)?;
            }
            Report {
                verdict,
                engine: format!("portfolio ({})", v["engine"].as_str().unwrap_or("?")),
                file: args.file.display().to_string(),
                stats: all,
                cex_text: v["counterexample_text"].as_str().map(str::to_string),
                cex_json: v.get("counterexample").cloned(),
            }
        }
        None => {
            let timed_out = deadline.is_some_and(|d| Instant::now() >= d);
            let reason = if timed_out || reasons.iter().all(|r| r.ends_with("timeout")) {
                "timeout".to_string()
            } else {
                reasons.join("; ")
            };
            Report {
                verdict: Verdict::Unknown { reason },
                engine: "portfolio".into(),
                file: args.file.display().to_string(),
                stats,
                cex_text: None,
                cex_json: None,
            }
        }
    };
    let mut report = report;
    report.stats.push((
        "time.total".into(),
        json!((started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0),
    ));
    let text = if args.json {
        format!("{}\n", report.to_json())
    } else {
        report.to_text(args.stats, args.cex)
    };
    print_once(&text);
    Ok(())
}
