//! Starting a race's children and what they are given: a new `boulder` reading its
//! [`Config`] as JSON on standard input, or a forked copy of this process (`fork.rs`).

use super::Slot;
use crate::config::Config;
use crate::report::JsonReport;
use anyhow::{Context, Result};
use std::ffi::OsString;
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
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
pub fn run_child(config: &Config, env: &[(&str, OsString)]) -> Result<JsonReport, String> {
    let exe = std::env::current_exe().map_err(|e| format!("the boulder executable: {e}"))?;
    let mut child = Command::new(exe)
        .arg(CHILD_COMMAND)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run boulder: {e}"))?;
    let mut input = child.stdin.take().expect("a piped standard input");
    serde_json::to_writer(&mut input, config).map_err(|e| e.to_string())?;
    drop(input);
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    serde_json::from_slice(&out.stdout).map_err(|_| {
        let err = String::from_utf8_lossy(&out.stderr);
        err.lines().next().unwrap_or("no output").to_string()
    })
}

/// The niceness of a background child. 19 is the lowest priority: under Linux's fair
/// scheduler, weight 15 against 1024 for nice 0, so about 1.5 % of a core it shares.
const BACKGROUND_NICE: libc::c_int = 19;

/// A child's end: its index in the race and its output.
pub(super) type Done = (usize, std::io::Result<std::process::Output>);

/// Starts `slot` as a new `boulder` process; returns its pid. A thread waits for it and
/// sends its output on `tx`.
pub(super) fn spawn(
    slot: &Slot,
    deadline: Option<Instant>,
    tx: &mpsc::Sender<Done>,
    index: usize,
) -> Result<u32> {
    let config = Config {
        timelimit: limit_of(slot, deadline).map(|l| l.max(0.01)),
        ..slot.config.clone()
    };
    let mut cmd = Command::new(std::env::current_exe().context("the boulder executable")?);
    cmd.arg(CHILD_COMMAND)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        // With `-v` the child's progress goes to the terminal as it comes.
        .stderr(if crate::report::verbose() {
            Stdio::inherit()
        } else {
            Stdio::piped()
        });
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
    let mut child = cmd.spawn().context("cannot start an engine process")?;
    // A few hundred bytes: the pipe takes them whole, before the child reads a byte.
    let mut input = child.stdin.take().expect("a piped standard input");
    serde_json::to_writer(&mut input, &config).context("an engine child's configuration")?;
    input.flush().context("an engine child's configuration")?;
    drop(input);
    let pid = child.id();
    let tx = tx.clone();
    std::thread::spawn(move || {
        let _ = tx.send((index, child.wait_with_output()));
    });
    Ok(pid)
}

/// Starts `slot` in a forked copy of this process (`fork.rs`), which runs `run` with the
/// slot's time limit.
pub(super) fn spawn_forked(
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
pub(super) fn limit_of(slot: &Slot, deadline: Option<Instant>) -> Option<f64> {
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
    match (slot.budget, left) {
        (Some(b), Some(l)) => Some(b.min(l)),
        (b, l) => b.or(l),
    }
}

/// Stops a child that has not been reaped yet (its waiter thread reaps it only after it
/// ends, so the pid is still the child's).
pub(super) fn kill(pid: u32) {
    unsafe {
        libc::kill(pid as i32, libc::SIGKILL);
    }
}
