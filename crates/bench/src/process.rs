//! Running one task in its own process with resource limits (the `subprocess` helper):
//! CPU time and address space by `setrlimit` in the child, wall time by the parent; CPU
//! time and peak memory from `wait4`'s resource usage.

use std::os::unix::process::ExitStatusExt;
use std::process::Command;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Wall and CPU time (seconds).
    pub time: f64,
    /// Address space (MB).
    pub memory_mb: Option<u64>,
}

/// How a process ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    pub wall: Duration,
    pub cpu: Duration,
    pub peak_memory_kb: u64,
    /// Killed by the parent for exceeding the wall time.
    pub wall_timeout: bool,
}

/// Runs `program args` under `limits`. The child gets a grace second of CPU time beyond
/// the limit (the tool's own `--timelimit` should answer first); the wall clock a second
/// more.
pub fn run(
    program: &std::path::Path,
    args: &[String],
    limits: &Limits,
) -> std::io::Result<Outcome> {
    let cpu_secs = (limits.time.ceil() as u64).saturating_add(1);
    let f = subprocess::run(
        Command::new(program).args(args),
        subprocess::Options {
            deadline: Some(Instant::now() + Duration::from_secs_f64(limits.time + 2.0)),
            cpu_seconds: Some(cpu_secs),
            memory_bytes: limits.memory_mb.map(|mb| mb.saturating_mul(1024 * 1024)),
            // Its own process group, so that a timeout ends its children too (a child that
            // kept the output pipes open would otherwise hold up the run).
            own_group: true,
            ..Default::default()
        },
    )?;
    Ok(Outcome {
        stdout: f.stdout_text(),
        stderr: f.stderr_text(),
        exit_code: f.status.code(),
        signal: f.status.signal(),
        wall: f.wall,
        cpu: f.cpu,
        peak_memory_kb: f.max_rss_kb,
        wall_timeout: f.timed_out,
    })
}
