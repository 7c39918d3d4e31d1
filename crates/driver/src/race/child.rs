//! Starting a race's children and what they are given: a new `boulder` reading its
//! [`Config`] as JSON on standard input, or a forked copy of this process (`fork.rs`).

use super::Slot;
use crate::config::Config;
use crate::report::JsonReport;
use anyhow::{Context, Result};
use std::ffi::OsString;
use std::process::Command;
use std::sync::mpsc;
use std::time::Instant;

/// The hidden subcommand of `boulder` that a race's child runs: `boulder engine-child`,
/// its configuration as JSON on standard input (the binary passes it to `verify`).
pub const CHILD_COMMAND: &str = "engine-child";

/// The configuration a race gave this process on standard input.
pub fn read_child_config() -> Result<Config> {
    serde_json::from_reader(std::io::stdin().lock())
        .context("an engine child's configuration (JSON on standard input)")
}

/// Runs `config` in a new `boulder` (with `env` added to its environment) until it ends,
/// which its own time limit sees to: its report, or why there is none (its standard
/// error's first line).
pub fn run_child(config: &Config, env: &[(String, OsString)]) -> Result<JsonReport, String> {
    let exe = std::env::current_exe().map_err(|e| format!("the boulder executable: {e}"))?;
    let input = serde_json::to_vec(config).map_err(|e| e.to_string())?;
    let out = subprocess::run(
        Command::new(exe)
            .arg(CHILD_COMMAND)
            .envs(env.iter().map(|(k, v)| (k, v))),
        subprocess::Options {
            input: Some(input),
            die_with_parent: true,
            ..Default::default()
        },
    )
    .map_err(|e| format!("cannot run boulder: {e}"))?;
    serde_json::from_slice(&out.stdout).map_err(|_| {
        let err = out.stderr_text();
        out_of_memory(&err).unwrap_or_else(|| err.lines().next().unwrap_or("no output").into())
    })
}

/// "Out of memory" when a child that gave no report failed an allocation: it met the
/// address-space limit a benchmark run sets, Rust's allocation-error handler printed the
/// size, and the aborting panic machinery added words of its own that say nothing of the
/// cause ("skipping backtrace printing to avoid potential recursion").
pub(super) fn out_of_memory(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .find(|l| l.starts_with("memory allocation of") && l.ends_with("failed"))
        .map(|line| format!("out of memory ({line})"))
}

/// The niceness of a background child. 19 is the lowest priority: under Linux's fair
/// scheduler, weight 15 against 1024 for nice 0, so about 1.5 % of a core it shares.
const BACKGROUND_NICE: i32 = 19;

/// A child's end: its index in the race and how it ended.
pub(super) type Done = (usize, std::io::Result<subprocess::Finished>);

/// Starts `slot` as a new `boulder` process; returns the handle that stops it. A thread
/// waits for it and sends how it ended on `tx`.
pub(super) fn spawn(
    slot: &Slot,
    deadline: Option<Instant>,
    tx: &mpsc::Sender<Done>,
    index: usize,
) -> Result<subprocess::Killer> {
    let config = Config {
        timelimit: limit_of(slot, deadline).map(|l| l.max(0.01)),
        ..slot.config.clone()
    };
    let exe = std::env::current_exe().context("the boulder executable")?;
    let running = subprocess::start(
        Command::new(exe)
            .arg(CHILD_COMMAND)
            .envs(slot.env.iter().map(|(k, v)| (k, v))),
        subprocess::Options {
            input: Some(serde_json::to_vec(&config).context("an engine child's configuration")?),
            // The child dies with the parent: a killed or timed-out parent leaves nothing
            // behind.
            die_with_parent: true,
            nice: slot.background.then_some(BACKGROUND_NICE),
            // With `-v` the child's progress goes to the terminal as it comes.
            inherit_stderr: crate::report::verbose(),
            ..Default::default()
        },
    )
    .context("cannot start an engine process")?;
    Ok(wait_on_thread(running, tx, index))
}

/// Starts `slot` in a forked copy of this process (`fork.rs`), which runs `run` with the
/// slot's time limit.
pub(super) fn spawn_forked(
    slot: &Slot,
    run: &dyn Fn(Option<f64>) -> Result<()>,
    deadline: Option<Instant>,
    tx: &mpsc::Sender<Done>,
    index: usize,
) -> Result<subprocess::Killer> {
    let limit = limit_of(slot, deadline);
    let running = crate::fork::spawn(&|| run(limit))?;
    Ok(wait_on_thread(running, tx, index))
}

/// Waits for `running` on a thread of its own, which sends how it ended on `tx`.
fn wait_on_thread(
    running: subprocess::Running,
    tx: &mpsc::Sender<Done>,
    index: usize,
) -> subprocess::Killer {
    let killer = running.killer();
    let tx = tx.clone();
    std::thread::spawn(move || {
        let _ = tx.send((index, running.wait()));
    });
    killer
}

/// The seconds `slot` may run: its budget, within what is left before `deadline`.
pub(super) fn limit_of(slot: &Slot, deadline: Option<Instant>) -> Option<f64> {
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
    match (slot.budget, left) {
        (Some(b), Some(l)) => Some(b.min(l)),
        (b, l) => b.or(l),
    }
}

#[cfg(test)]
mod tests {
    use super::out_of_memory;

    #[test]
    fn a_child_that_ran_out_of_memory_says_so() {
        let stderr = "memory allocation of 64 bytes failed\nmemory allocation of 512 bytes \
                      failed\nskipping backtrace printing to avoid potential recursion\n";
        assert_eq!(
            out_of_memory(stderr).as_deref(),
            Some("out of memory (memory allocation of 64 bytes failed)")
        );
        assert_eq!(
            out_of_memory("thread 'main' panicked at x.rs:1:1:\nboom\n"),
            None
        );
    }
}
