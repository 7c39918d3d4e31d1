//! Engine runs side by side as child processes of one `verify`, the first decided verdict
//! wins: the machinery of the portfolio (`portfolio.rs`) and of `--split auto`
//! (`split_auto.rs`).
//!
//! Each child is `boulder verify … --engine E --json` with its own solvers and its own
//! checks (every FALSE replayed, every TRUE certified inside the child), so a verdict that
//! arrives here is already checked. Processes rather than threads: a run that crashes or
//! runs out of memory takes only itself down, and stopping one is a signal.

use crate::cli::VerifyArgs;
use crate::report::{print_once, Report, Verdict};
use crate::unknown::Unknown;
use anyhow::{Context, Result};
use serde_json::{json, Value as Json};
use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One child run.
pub struct Slot {
    /// How the statistics name it (`<prefix>.<name>`).
    pub name: String,
    pub engine: &'static str,
    pub extra: Vec<String>,
    /// Seconds this run may take (`None`: the rest of the budget).
    pub budget: Option<f64>,
    /// Runs at the lowest CPU priority (nice 19): on an idle machine it gets a core like
    /// any other child, on a loaded one it gets only the cycles the others leave. A slot
    /// started in the place of a child that gave up takes over that child's priority.
    pub background: bool,
}

/// The niceness of a background child. 19 is the lowest priority: under Linux's fair
/// scheduler, weight 15 against 1024 for nice 0, so about 1.5 % of a core it shares.
const BACKGROUND_NICE: libc::c_int = 19;

/// The command-line words of `verify` to pass on to every child: everything but the
/// engine choice, the options about what the parent prints or writes, and `drop` (options
/// the children get their own values of).
pub fn inherited_args(drop: &[&str]) -> Vec<OsString> {
    let all: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut with_value = vec![
        "--engine",
        "--timelimit",
        "--cex-out",
        "--dot-art",
        "--witness",
        "--witness-format",
    ];
    with_value.extend_from_slice(drop);
    let mut out = Vec::new();
    let mut skip_value = false;
    for a in all {
        if skip_value {
            skip_value = false;
            continue;
        }
        let s = a.to_string_lossy();
        if with_value.contains(&s.as_ref()) {
            skip_value = true;
            continue;
        }
        if with_value.iter().any(|o| s.starts_with(&format!("{o}="))) {
            continue;
        }
        if ["--json", "--cex", "--stats", "--verdict-exit-code"].contains(&s.as_ref()) {
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

type Done = (usize, std::io::Result<std::process::Output>);

fn spawn(
    slot: &Slot,
    base: &[OsString],
    deadline: Option<Instant>,
    tx: &mpsc::Sender<Done>,
    index: usize,
) -> Result<u32> {
    let limit = limit_of(slot, deadline);
    let mut cmd = Command::new(std::env::current_exe().context("the boulder executable")?);
    cmd.args(base)
        .args(["--engine", slot.engine, "--json"])
        .args(&slot.extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        // With `-v` the child's progress goes to the terminal as it comes.
        .stderr(if crate::report::verbose() {
            Stdio::inherit()
        } else {
            Stdio::piped()
        });
    if let Some(l) = limit {
        cmd.args(["--timelimit", &format!("{:.3}", l.max(0.01))]);
    }
    // The child dies with the parent (a killed or timed-out parent leaves nothing behind);
    // a parent that died before `prctl` took effect is noticed by its pid.
    let background = slot.background;
    let parent = std::process::id() as libc::pid_t;
    unsafe {
        cmd.pre_exec(move || {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != parent {
                libc::_exit(0);
            }
            if background {
                // Raising one's own niceness needs no privilege; failing to is harmless.
                libc::setpriority(libc::PRIO_PROCESS, 0, BACKGROUND_NICE);
            }
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

/// Starts `slot` in a forked copy of this process (`fork.rs`), which runs `run` with the
/// slot's time limit.
fn spawn_forked(
    slot: &Slot,
    run: &dyn Fn(Option<f64>) -> Result<()>,
    deadline: Option<Instant>,
    tx: &mpsc::Sender<Done>,
    index: usize,
) -> Result<u32> {
    let limit = limit_of(slot, deadline);
    let (pid, wait) = crate::fork::spawn(&|| run(limit))?;
    let tx = tx.clone();
    std::thread::spawn(move || {
        let _ = tx.send((index, Ok(wait())));
    });
    Ok(pid)
}

/// The seconds `slot` may run: its budget, within what is left before `deadline`.
fn limit_of(slot: &Slot, deadline: Option<Instant>) -> Option<f64> {
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
    match (slot.budget, left) {
        (Some(b), Some(l)) => Some(b.min(l)),
        (b, l) => b.or(l),
    }
}

fn kill(pid: u32) {
    unsafe {
        libc::kill(pid as i32, libc::SIGKILL);
    }
}

/// What a race ended with.
pub struct RaceOutcome {
    /// The winning child's JSON report.
    pub winner: Option<Json>,
    /// One line per child (`<prefix>.<name>`) and who decided.
    pub stats: Vec<(String, Json)>,
    /// Why each child that gave up did, in the order they did.
    pub reasons: Vec<(String, Unknown)>,
    /// A child's UNKNOWN that no other child can change ([`Unknown::is_final`]): the race
    /// stopped at it.
    pub settled: Option<Unknown>,
}

/// How the first slot of a race starts.
pub struct First<'a> {
    /// The engine `forked` runs: the first slot's.
    pub engine: &'static str,
    /// Runs the first slot's engine in this process with the given time limit, printing
    /// its JSON report: the first slot is then a forked copy of this process (`fork.rs`)
    /// rather than a new `boulder`, and starts without loading the program again.
    pub forked: &'a dyn Fn(Option<f64>) -> Result<()>,
    /// How long the first slot runs alone before the others start (they start at once
    /// if it ends sooner).
    pub head_start: Duration,
}

/// Runs `queue` in order, at most `parallel` children at a time (the first alone for
/// `first`'s head start); a child that ends without a verdict frees its place for the
/// next one, or for the slot `on_unknown` returns (given the slot and its reason; it goes
/// first). Stops at the first verdict, at an UNKNOWN no other child can change (a
/// construct the front end does not model, reached where every other run was searched),
/// or at `deadline`, and kills what still runs.
pub fn race(
    prefix: &str,
    base: &[OsString],
    deadline: Option<Instant>,
    queue: Vec<Slot>,
    parallel: usize,
    on_unknown: &mut dyn FnMut(&Slot, &Unknown) -> Option<Slot>,
    first: Option<First>,
) -> Result<RaceOutcome> {
    let mut queue: std::collections::VecDeque<Slot> = queue.into();
    let (tx, rx) = mpsc::channel();
    let mut running: Vec<Option<Running>> = Vec::new();
    let start = |slot: Slot, running: &mut Vec<Option<Running>>| -> Result<()> {
        let i = running.len();
        // Forked only before any other child and its waiter thread exist (`fork.rs`).
        let pid = match &first {
            Some(f) if i == 0 => {
                assert_eq!(slot.engine, f.engine, "the forked slot runs its own engine");
                spawn_forked(&slot, f.forked, deadline, &tx, i)?
            }
            _ => spawn(&slot, base, deadline, &tx, i)?,
        };
        crate::interrupt::child_started(pid);
        let limit = limit_of(&slot, deadline).map_or("no limit".into(), |l| format!("{l:.1} s"));
        crate::report::progress(format_args!("{prefix}: {} starts ({limit})", slot.name));
        running.push(Some(Running {
            slot,
            pid,
            started: Instant::now(),
        }));
        Ok(())
    };
    let fill = |running: &mut Vec<Option<Running>>,
                queue: &mut std::collections::VecDeque<Slot>|
     -> Result<()> {
        while running.iter().flatten().count() < parallel.max(1) {
            match queue.pop_front() {
                Some(slot) => start(slot, running)?,
                None => break,
            }
        }
        Ok(())
    };
    // Until this instant only the first slot runs.
    let mut alone_until = first.as_ref().map(|f| Instant::now() + f.head_start);
    match alone_until {
        Some(_) => {
            if let Some(slot) = queue.pop_front() {
                start(slot, &mut running)?;
            }
        }
        None => fill(&mut running, &mut queue)?,
    }
    let mut out = RaceOutcome {
        winner: None,
        stats: Vec::new(),
        reasons: Vec::new(),
        settled: None,
    };
    while running.iter().any(|r| r.is_some()) {
        let mut wait = deadline
            .map(|d| d.saturating_duration_since(Instant::now()) + Duration::from_millis(300))
            .unwrap_or(Duration::from_secs(3600));
        if let Some(t) = alone_until {
            wait = wait.min(t.saturating_duration_since(Instant::now()));
        }
        let (i, output) = match rx.recv_timeout(wait) {
            Ok(m) => m,
            Err(mpsc::RecvTimeoutError::Timeout) if alone_until.take().is_some() => {
                // The head start is over (unless the whole race is).
                if deadline.is_none_or(|d| Instant::now() + Duration::from_millis(200) < d) {
                    fill(&mut running, &mut queue)?;
                }
                continue;
            }
            Err(_) => break,
        };
        let Some(run) = running[i].take() else {
            continue;
        };
        crate::interrupt::child_ended(run.pid);
        let secs = (run.started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        let name = format!("{prefix}.{}", run.slot.name);
        let (parsed, stderr) = match output {
            Ok(o) => (
                serde_json::from_slice::<Json>(&o.stdout).ok(),
                String::from_utf8_lossy(&o.stderr).into_owned(),
            ),
            Err(e) => (None, e.to_string()),
        };
        let reason = match &parsed {
            // A forked child (`fork.rs`) dies of the signal it was passed.
            None if crate::interrupt::signal().is_some() => {
                out.stats
                    .push((name, json!(format!("interrupted after {secs} s"))));
                Unknown::Interrupted { reached: None }
            }
            None => {
                let last = stderr.lines().last().unwrap_or("no output").to_string();
                out.stats
                    .push((name, json!(format!("failed after {secs} s: {last}"))));
                Unknown::Failed { why: last }
            }
            Some(v) if v["verdict"].as_str().unwrap_or("UNKNOWN") == "UNKNOWN" => {
                let reason = Unknown::from_json(&v["unknown"]).unwrap_or_else(|| Unknown::Failed {
                    why: "an UNKNOWN without its reason".into(),
                });
                out.stats
                    .push((name, json!(format!("UNKNOWN ({reason}) after {secs} s"))));
                reason
            }
            Some(v) => {
                let verdict = v["verdict"].as_str().unwrap_or("?");
                out.stats
                    .push((name, json!(format!("{verdict} after {secs} s"))));
                out.stats
                    .push((format!("{prefix}.decided_by"), json!(run.slot.name)));
                crate::report::progress(format_args!(
                    "{prefix}: {} answers {verdict} after {secs} s",
                    run.slot.name
                ));
                out.winner = parsed;
                break;
            }
        };
        crate::report::progress(format_args!(
            "{prefix}: {} gave up after {secs} s: {reason}",
            run.slot.name
        ));
        if reason.is_final() {
            crate::report::progress(format_args!(
                "{prefix}: {} settles it: no other engine can decide",
                run.slot.name
            ));
            out.stats
                .push((format!("{prefix}.decided_by"), json!(run.slot.name)));
            out.settled = Some(reason);
            break;
        }
        out.reasons.push((run.slot.name.clone(), reason.clone()));
        let time_left = deadline.is_none_or(|d| Instant::now() + Duration::from_millis(200) < d)
            && crate::interrupt::signal().is_none();
        if time_left {
            if let Some(mut next) = on_unknown(&run.slot, &reason).or_else(|| queue.pop_front()) {
                next.background = run.slot.background;
                start(next, &mut running)?;
            }
            // The first slot ended within its head start: the others start now.
            if alone_until.take().is_some() {
                fill(&mut running, &mut queue)?;
            }
        }
    }
    for r in running.iter().flatten() {
        kill(r.pid);
        crate::interrupt::child_ended(r.pid);
        out.stats.push((
            format!("{prefix}.{}", r.slot.name),
            json!(format!(
                "stopped after {:.3} s",
                r.started.elapsed().as_secs_f64()
            )),
        ));
    }
    for slot in queue {
        out.stats
            .push((format!("{prefix}.{}", slot.name), json!("not started")));
    }
    Ok(out)
}

/// Prints the verdict of a race the way `verify` prints its own (and writes the
/// counterexample and witnesses the user asked for).
pub fn report(
    args: &VerifyArgs,
    engine: &str,
    started: Instant,
    deadline: Option<Instant>,
    outcome: RaceOutcome,
) -> Result<()> {
    let RaceOutcome {
        winner,
        stats,
        reasons,
        settled,
    } = outcome;
    let mut report = match winner {
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
            let invariants: Option<crate::witness_out::CorrectnessWitness> = v
                .get("correctness_witness")
                .map(|w| serde_json::from_value(w.clone()))
                .transpose()
                .context("the engine's correctness witness")?;
            if let Some(w) = &invariants {
                crate::witness_out::write_correctness(args, w)?;
            }
            Report {
                verdict,
                engine: format!("{engine} ({})", v["engine"].as_str().unwrap_or("?")),
                file: args.file.display().to_string(),
                stats: all,
                cex_text: v["counterexample_text"].as_str().map(str::to_string),
                cex_json: v.get("counterexample").cloned(),
                invariants,
            }
        }
        None => {
            let timed_out = deadline.is_some_and(|d| Instant::now() >= d);
            let reason = settled.unwrap_or_else(|| one_reason(&reasons, timed_out));
            Report {
                verdict: Verdict::Unknown(reason),
                engine: engine.into(),
                file: args.file.display().to_string(),
                stats,
                cex_text: None,
                cex_json: None,
                invariants: None,
            }
        }
    };
    report.stats.push((
        "time.total".into(),
        json!((started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0),
    ));
    print_once(
        &report.verdict,
        &report.render(args.json, args.stats, args.cex),
    );
    Ok(())
}

/// The one reason of a race that no child decided, from the children's reasons (each
/// child's own stays in the statistics): what stands in the way of every engine first — a
/// construct the front end does not model or undefined behaviour that a run reaches, then
/// a bound of the translation; else, past the time limit, a timeout with how far each
/// engine got; else the first child's own reason, a counterexample that did not replay
/// before the rest.
fn one_reason(reasons: &[(String, Unknown)], timed_out: bool) -> Unknown {
    let special = |finals: bool| {
        reasons.iter().find_map(|(_, r)| match r {
            Unknown::Special { special, .. } if special.kind.is_final() == finals => {
                Some(r.clone())
            }
            _ => None,
        })
    };
    if let Some(r) = special(true).or_else(|| special(false)) {
        return r;
    }
    // How far each engine got, as each said when it stopped.
    let reached = || {
        let reached: Vec<String> = reasons
            .iter()
            .filter_map(|(name, r)| match r {
                Unknown::Timeout { reached: Some(m) }
                | Unknown::Interrupted { reached: Some(m) } => Some(format!("{name} {m}")),
                _ => None,
            })
            .collect();
        (!reached.is_empty()).then(|| reached.join(", "))
    };
    if crate::interrupt::signal().is_some() {
        return Unknown::Interrupted { reached: reached() };
    }
    if timed_out || reasons.iter().all(|(_, r)| r.is_timeout()) {
        return Unknown::Timeout { reached: reached() };
    }
    let replay = reasons
        .iter()
        .find(|(_, r)| matches!(r, Unknown::NotReplayed { .. }));
    match replay.or(reasons.iter().find(|(_, r)| !r.is_timeout())) {
        Some((_, r)) => r.clone(),
        None => Unknown::Timeout { reached: None },
    }
}

/// The program as the race's children will see it (procedural: each child inlines for
/// itself, within its own time limit), or `None` after printing UNKNOWN for a program the
/// front end cannot translate: that is one UNKNOWN for the whole race (and an input error
/// is one error, not one per child).
pub fn load_supported(
    args: &VerifyArgs,
    engine: &str,
    deadline: Option<Instant>,
) -> Result<Option<crate::load::Program>> {
    let choices = crate::load::Choices {
        flatten: false,
        deadline,
        ..args.program.choices()
    };
    let program = crate::load::load(&args.file, &choices)?;
    crate::load::note_unchecked_asserts(&program, args.json);
    let Some(reason) = program.unsupported.clone() else {
        return Ok(Some(program));
    };
    let report = Report {
        verdict: Verdict::Unknown(reason),
        engine: engine.into(),
        file: args.file.display().to_string(),
        stats: vec![],
        cex_text: None,
        cex_json: None,
        invariants: None,
    };
    print_once(
        &report.verdict,
        &report.render(args.json, args.stats, args.cex),
    );
    Ok(None)
}
