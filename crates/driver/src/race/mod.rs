//! Engine runs side by side as child processes of one `verify`, the first decided verdict
//! wins: the machinery of the portfolio (`portfolio.rs`) and of `--split auto`
//! (`split_auto.rs`).
//!
//! Each child is `boulder` running one engine on its own [`Config`] — given to it
//! serialized on standard input (`child.rs`), never as re-filtered command-line words —
//! with its own solvers and its own checks (every FALSE replayed, every TRUE certified
//! inside the child), so a verdict that arrives here is already checked. Its answer is
//! the typed `--json` report ([`JsonReport`]). Processes rather than threads: a run that
//! crashes or runs out of memory takes only itself down, and stopping one is a signal.

mod child;
mod verdict;

pub use child::{read_child_config, run_child, CHILD_COMMAND};
pub use verdict::{load_supported, one_reason, report};

use crate::config::{Config, Engine};
use crate::report::{JsonReport, VerdictWord};
use crate::unknown::Unknown;
use anyhow::Result;
use child::{limit_of, spawn, spawn_forked};
use serde_json::{json, Value as Json};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One child run.
#[derive(Clone, Debug)]
pub struct Slot {
    /// How the statistics name it (`<prefix>.<name>`).
    pub name: String,
    /// The child's configuration: its engine and options (the time limit is set when it
    /// starts, from [`Slot::budget`] and the race's deadline).
    pub config: Config,
    /// Seconds this run may take (`None`: the rest of the budget).
    pub budget: Option<f64>,
    /// Runs at the lowest CPU priority (nice 19): on an idle machine it gets a core like
    /// any other child, on a loaded one it gets only the cycles the others leave. A slot
    /// started in the place of a child that gave up takes over that child's priority.
    pub background: bool,
    /// Added to the child's environment (the validator's `CPATH`: the instrumented
    /// program finds the original's `#include "…"` files beside it).
    pub env: Vec<(String, std::ffi::OsString)>,
}

impl Slot {
    /// A run of `engine`, named after it, on the parent's configuration.
    pub fn new(parent: &Config, engine: Engine, budget: Option<f64>) -> Slot {
        Slot {
            name: engine.name().to_string(),
            config: child_config(parent, engine),
            budget,
            background: false,
            env: Vec::new(),
        }
    }

    pub fn engine(&self) -> Engine {
        self.config.engine
    }
}

/// What a child of `parent` running `engine` is configured with: the parent's options
/// about the program and the engines, none about what the parent prints or writes (the
/// child answers in JSON; the parent writes the counterexample and witnesses of the
/// winner), and no time limit yet.
pub fn child_config(parent: &Config, engine: Engine) -> Config {
    Config {
        engine,
        timelimit: None,
        json: true,
        stats: false,
        cex: false,
        cex_out: None,
        dot_art: None,
        witness: Vec::new(),
        witness_format: None,
        verdict_exit_code: false,
        ..parent.clone()
    }
}

struct Running {
    slot: Slot,
    child: subprocess::Killer,
    started: Instant,
}

/// What a race ended with.
pub struct RaceOutcome {
    /// The winning child's report.
    pub winner: Option<JsonReport>,
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
    pub engine: Engine,
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
        let child = match &first {
            Some(f) if i == 0 => {
                assert_eq!(
                    slot.engine(),
                    f.engine,
                    "the forked slot runs its own engine"
                );
                spawn_forked(&slot, f.forked, deadline, &tx, i)?
            }
            _ => spawn(&slot, deadline, &tx, i)?,
        };
        crate::interrupt::child_started(child.clone());
        let limit = limit_of(&slot, deadline).map_or("no limit".into(), |l| format!("{l:.1} s"));
        crate::report::progress(format_args!("{prefix}: {} starts ({limit})", slot.name));
        running.push(Some(Running {
            slot,
            child,
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
        crate::interrupt::child_ended(run.child.pid());
        let secs = (run.started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
        let name = format!("{prefix}.{}", run.slot.name);
        let (parsed, stderr) = match output {
            Ok(o) => (
                serde_json::from_slice::<JsonReport>(&o.stdout).ok(),
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
                let why = child::out_of_memory(&stderr)
                    .unwrap_or_else(|| stderr.lines().last().unwrap_or("no output").to_string());
                out.stats
                    .push((name, json!(format!("failed after {secs} s: {why}"))));
                Unknown::Failed { why }
            }
            Some(v) if v.verdict == VerdictWord::Unknown => {
                let reason = v.unknown.clone().unwrap_or_else(|| Unknown::Failed {
                    why: "an UNKNOWN without its reason".into(),
                });
                out.stats
                    .push((name, json!(format!("UNKNOWN ({reason}) after {secs} s"))));
                reason
            }
            Some(v) => {
                let verdict = v.verdict.word();
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
        r.child.kill();
        crate::interrupt::child_ended(r.child.pid());
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
