//! Running one task in its own process with resource limits: CPU time and address space
//! by `setrlimit` in the child, wall time by the parent; CPU time and peak memory come
//! from `wait4`'s resource usage.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
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
    let mem = limits.memory_mb.map(|mb| mb.saturating_mul(1024 * 1024));
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    unsafe {
        cmd.pre_exec(move || {
            // Its own process group, so that a timeout ends its children too (a child that
            // kept the output pipes open would otherwise hold up the run).
            if libc::setpgid(0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let cpu = libc::rlimit {
                rlim_cur: cpu_secs,
                rlim_max: cpu_secs + 1,
            };
            if libc::setrlimit(libc::RLIMIT_CPU, &cpu) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if let Some(bytes) = mem {
                let m = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &m) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    // Read the pipes on threads so that a chatty child never blocks.
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let wall_limit = Duration::from_secs_f64(limits.time + 2.0);
    let mut wall_timeout = false;
    let mut status: libc::c_int = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 {
            return Err(std::io::Error::last_os_error());
        }
        if !wall_timeout && start.elapsed() > wall_limit {
            wall_timeout = true;
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(
            if start.elapsed() < Duration::from_millis(200) {
                2
            } else {
                20
            },
        ));
    }
    let wall = start.elapsed();
    // Whatever the task left running in its group goes with it.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    // `child` was reaped by wait4; forget it without waiting again.
    std::mem::forget(child);
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    let (exit_code, signal) = if libc::WIFEXITED(status) {
        (Some(libc::WEXITSTATUS(status)), None)
    } else if libc::WIFSIGNALED(status) {
        (None, Some(libc::WTERMSIG(status)))
    } else {
        (None, None)
    };
    Ok(Outcome {
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        exit_code,
        signal,
        wall,
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        peak_memory_kb: usage.ru_maxrss as u64,
        wall_timeout,
    })
}
