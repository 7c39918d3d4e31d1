//! Child processes, run one way by every crate that starts one (the replay's compiler
//! and harness, a race's engine processes, bench's tasks, ABC): limits set in the child
//! before it runs (CPU time, address space, priority, its own process group, death with
//! the parent), a deadline after which it is killed, its standard output and error read
//! at the same time on threads (a child that fills one pipe while the parent waits on the
//! other would stall until the deadline), and its input written on a thread too.
//!
//! A kill reaches only a child that has not been reaped. The waiter first waits for the
//! exit without reaping (`waitid` with `WNOWAIT`: the pid stays the child's, a zombie),
//! then reaps it (`wait4`, which also gives the CPU time and peak memory) under the same
//! lock a [`Killer`] takes: once reaped, its pid may belong to another process, and no
//! kill is sent. It owns nothing of what the children do.
//!
//! Not for a copy of this process (`fork` without `exec`): that is the driver's `fork.rs`,
//! whose child it then hands to [`Running::adopt`].

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the child is given and held to.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Bytes for its standard input, which is then closed (`None`: `/dev/null`).
    pub input: Option<Vec<u8>>,
    /// When it is killed if it still runs.
    pub deadline: Option<Instant>,
    /// `RLIMIT_CPU` in seconds (the hard limit one second above: SIGXCPU first).
    pub cpu_seconds: Option<u64>,
    /// `RLIMIT_AS` in bytes.
    pub memory_bytes: Option<u64>,
    /// Its niceness (raising one's own needs no privilege; failing to is ignored).
    pub nice: Option<i32>,
    /// `PR_SET_PDEATHSIG`: it is killed when the thread that started it ends, and does not
    /// start at all if this process is gone by then.
    pub die_with_parent: bool,
    /// Its own process group, killed with it (a compiler or a tool that starts children
    /// of its own leaves none behind).
    pub own_group: bool,
    /// Its standard error goes to ours instead of being captured (progress lines).
    pub inherit_stderr: bool,
    /// Bytes kept of each output (its head and its tail, half each; 0: everything).
    pub keep: usize,
}

/// How the child ended.
#[derive(Debug)]
pub struct Finished {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Killed at the deadline.
    pub timed_out: bool,
    pub wall: Duration,
    /// User and system time of the child (and of its reaped children).
    pub cpu: Duration,
    /// Peak resident memory (kB).
    pub max_rss_kb: u64,
}

impl Finished {
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
}

/// A started child.
pub struct Running {
    pid: libc::pid_t,
    killer: Killer,
    started: Instant,
    deadline: Option<Instant>,
    stdout: Option<JoinHandle<Vec<u8>>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
    input: Option<JoinHandle<()>>,
    /// Keeps std's handle from being dropped while its pipes are in use; never waited
    /// on through it (reaping is this crate's, under the lock).
    _child: Option<Child>,
}

/// Stops a child, if it has not been reaped yet.
#[derive(Clone, Debug)]
pub struct Killer {
    pid: libc::pid_t,
    group: bool,
    reaped: Arc<Mutex<bool>>,
}

impl Killer {
    /// Sends `signal` to the child (and its group, if it has its own) unless it was
    /// reaped; whether it was sent.
    pub fn signal(&self, signal: libc::c_int) -> bool {
        let reaped = self.reaped.lock().unwrap_or_else(|e| e.into_inner());
        if *reaped {
            return false;
        }
        let target = if self.group { -self.pid } else { self.pid };
        unsafe { libc::kill(target, signal) == 0 }
    }

    /// SIGKILL, as [`Killer::signal`].
    pub fn kill(&self) -> bool {
        self.signal(libc::SIGKILL)
    }

    pub fn pid(&self) -> u32 {
        self.pid as u32
    }
}

/// Starts `cmd` with `opts` (its stdin, stdout and stderr are set here).
pub fn start(cmd: &mut Command, opts: Options) -> std::io::Result<Running> {
    let Options {
        input,
        deadline,
        cpu_seconds,
        memory_bytes,
        nice,
        die_with_parent,
        own_group,
        inherit_stderr,
        keep,
    } = opts;
    cmd.stdin(if input.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(if inherit_stderr {
        Stdio::inherit()
    } else {
        Stdio::piped()
    });
    if own_group {
        // Through `posix_spawn`'s own attribute: no `pre_exec` for it.
        cmd.process_group(0);
    }
    // A `pre_exec` makes std fork the whole process instead of `posix_spawn`ing it, which
    // costs page tables in proportion to this process's memory: only when a limit needs
    // it (the replay's compilers and `gcc -E` run without).
    let needs_pre_exec =
        die_with_parent || cpu_seconds.is_some() || memory_bytes.is_some() || nice.is_some();
    let parent = std::process::id() as libc::pid_t;
    if needs_pre_exec {
        unsafe {
            cmd.pre_exec(move || {
                if die_with_parent {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    if libc::getppid() != parent {
                        libc::_exit(0);
                    }
                }
                if let Some(s) = cpu_seconds {
                    let l = libc::rlimit {
                        rlim_cur: s,
                        rlim_max: s.saturating_add(1),
                    };
                    if libc::setrlimit(libc::RLIMIT_CPU, &l) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                if let Some(b) = memory_bytes {
                    let l = libc::rlimit {
                        rlim_cur: b,
                        rlim_max: b,
                    };
                    if libc::setrlimit(libc::RLIMIT_AS, &l) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                if let Some(n) = nice {
                    libc::setpriority(libc::PRIO_PROCESS, 0, n);
                }
                Ok(())
            });
        }
    }
    let started = Instant::now();
    let mut child = cmd.spawn()?;
    let stdout = child.stdout.take().map(|p| read_on_thread(p, keep));
    let stderr = child.stderr.take().map(|p| read_on_thread(p, keep));
    let input = match (child.stdin.take(), input) {
        (Some(mut pipe), Some(bytes)) => Some(std::thread::spawn(move || {
            // A child that exits without reading its input closes the pipe: not an error.
            let _ = pipe.write_all(&bytes);
        })),
        _ => None,
    };
    let pid = child.id() as libc::pid_t;
    Ok(Running {
        pid,
        killer: Killer {
            pid,
            group: own_group,
            reaped: Arc::new(Mutex::new(false)),
        },
        started,
        deadline,
        stdout,
        stderr,
        input,
        _child: Some(child),
    })
}

/// Starts `cmd` and waits for it: [`start`], then [`Running::wait`].
pub fn run(cmd: &mut Command, opts: Options) -> std::io::Result<Finished> {
    start(cmd, opts)?.wait()
}

impl Running {
    /// A child this process forked itself (no `exec`), with the read ends of its output
    /// pipes: waited for, reaped and killed like any other.
    pub fn adopt(
        pid: u32,
        stdout: std::fs::File,
        stderr: std::fs::File,
        deadline: Option<Instant>,
    ) -> Running {
        let pid = pid as libc::pid_t;
        Running {
            pid,
            killer: Killer {
                pid,
                group: false,
                reaped: Arc::new(Mutex::new(false)),
            },
            started: Instant::now(),
            deadline,
            stdout: Some(read_on_thread(stdout, 0)),
            stderr: Some(read_on_thread(stderr, 0)),
            input: None,
            _child: None,
        }
    }

    pub fn pid(&self) -> u32 {
        self.pid as u32
    }

    /// A handle that stops the child from another thread.
    pub fn killer(&self) -> Killer {
        self.killer.clone()
    }

    /// Waits until the child exits (killed at the deadline), reaps it, and collects its
    /// output.
    pub fn wait(mut self) -> std::io::Result<Finished> {
        let timed_out = Arc::new(AtomicBool::new(false));
        let (exited, timer) = match self.deadline {
            Some(d) => {
                let (tx, rx) = mpsc::channel::<()>();
                let killer = self.killer.clone();
                let flag = timed_out.clone();
                let timer = std::thread::spawn(move || {
                    let left = d.saturating_duration_since(Instant::now());
                    if let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(left) {
                        flag.store(killer.kill(), Ordering::Relaxed);
                    }
                });
                (Some(tx), Some(timer))
            }
            None => (None, None),
        };
        // The exit, without reaping: the pid stays the child's until `reap`.
        loop {
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            let r = unsafe {
                libc::waitid(
                    libc::P_PID,
                    self.pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOWAIT,
                )
            };
            if r == 0 {
                break;
            }
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
        let wall = self.started.elapsed();
        if let Some(tx) = exited {
            let _ = tx.send(());
        }
        if let Some(t) = timer {
            let _ = t.join();
        }
        let (status, usage) = {
            let mut reaped = self.killer.reaped.lock().unwrap_or_else(|e| e.into_inner());
            if self.killer.group {
                // What the child left running in its group goes with it (its pid, the
                // group's id, is still reserved by the zombie).
                unsafe { libc::kill(-self.pid, libc::SIGKILL) };
            }
            let mut status: libc::c_int = 0;
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            let r = unsafe { libc::wait4(self.pid, &mut status, 0, &mut usage) };
            *reaped = true;
            if r != self.pid {
                return Err(std::io::Error::last_os_error());
            }
            (status, usage)
        };
        if let Some(t) = self.input.take() {
            let _ = t.join();
        }
        let stdout = self.stdout.take().map(|t| t.join().unwrap_or_default());
        let stderr = self.stderr.take().map(|t| t.join().unwrap_or_default());
        let tv = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
        };
        Ok(Finished {
            status: ExitStatus::from_raw(status),
            stdout: stdout.unwrap_or_default(),
            stderr: stderr.unwrap_or_default(),
            timed_out: timed_out.load(Ordering::Relaxed),
            wall,
            cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
            max_rss_kb: usage.ru_maxrss as u64,
        })
    }
}

/// Reads `pipe` to its end on a thread, keeping its first and last `keep / 2` bytes
/// (everything when `keep` is 0).
fn read_on_thread(mut pipe: impl Read + Send + 'static, keep: usize) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        if keep == 0 {
            let mut all = Vec::new();
            let _ = pipe.read_to_end(&mut all);
            return all;
        }
        let half = keep / 2;
        let mut head = Vec::new();
        let mut tail: std::collections::VecDeque<u8> = std::collections::VecDeque::new();
        let mut buf = [0u8; 8192];
        let mut dropped = false;
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let mut chunk = &buf[..n];
            if head.len() < half {
                let take = (half - head.len()).min(chunk.len());
                head.extend_from_slice(&chunk[..take]);
                chunk = &chunk[take..];
            }
            tail.extend(chunk);
            while tail.len() > half {
                tail.pop_front();
                dropped = true;
            }
        }
        if dropped {
            head.extend_from_slice(b"\n[...]\n");
        }
        head.extend(tail);
        head
    })
}

#[cfg(test)]
mod tests;
