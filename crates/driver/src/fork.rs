//! A child process that is a copy of this one (`fork` without `exec`): it starts with the
//! program the parent has loaded already, so it pays neither the executable's start (the
//! dynamic loading of libz3) nor the front end (`gcc -E`, parsing, translation) again.
//! The portfolio runs its first slot so (`race.rs`): on the many tasks that symbolic
//! execution decides in milliseconds, that start is most of the wall time.
//!
//! POSIX allows only async-signal-safe calls after `fork` in a process with more than one
//! thread. This process has three when it forks: `main`, blocked in `join` on the
//! command's thread (`main.rs`), which forks, and the thread blocked in `sigwait` for
//! SIGINT and SIGTERM (`interrupt.rs`). Blocked so, neither holds a lock that the child
//! could need (no allocator, stdio or Z3 lock), so the child may go on as an ordinary
//! single-threaded program; a race therefore forks only before it starts any thread of its
//! own (its waiters). The child has no `sigwait` thread: it unblocks the two signals, so
//! that they end it as they end any program.

use anyhow::{bail, Result};
use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};

/// A pipe whose both ends are closed in any program a later child `exec`s.
fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        bail!("cannot make a pipe: {}", std::io::Error::last_os_error());
    }
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Runs `body` in a forked copy of this process, its standard output and error captured;
/// returns it as a [`subprocess::Running`] (waited for, reaped and killed as every child
/// is). The child dies with the thread that forked it, and exits with 0 if `body`
/// succeeded, 1 (the error on standard error) if it failed, 101 if it panicked.
pub fn spawn(body: &dyn Fn() -> Result<()>) -> Result<subprocess::Running> {
    let (out_r, out_w) = pipe()?;
    let (err_r, err_w) = pipe()?;
    // Nothing buffered may be written twice, by the parent and by the child.
    let _ = std::io::stdout().flush();
    let parent = unsafe { libc::getpid() };
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        bail!("cannot fork: {}", std::io::Error::last_os_error());
    }
    if pid == 0 {
        use std::os::fd::AsRawFd;
        unsafe {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            // The parent died before the signal was set up: nobody waits for this child.
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            let mut signals: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut signals);
            libc::sigaddset(&mut signals, libc::SIGINT);
            libc::sigaddset(&mut signals, libc::SIGTERM);
            libc::sigprocmask(libc::SIG_UNBLOCK, &signals, std::ptr::null_mut());
            // No input, as the `exec`ed children have none.
            let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDONLY);
            if null >= 0 {
                libc::dup2(null, 0);
                libc::close(null);
            }
            libc::dup2(out_w.as_raw_fd(), 1);
            libc::dup2(err_w.as_raw_fd(), 2);
        }
        drop((out_r, out_w, err_r, err_w));
        let code = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
            Ok(Ok(())) => 0,
            Ok(Err(e)) => {
                eprintln!("boulder: error: {e:#}");
                1
            }
            Err(_) => 101,
        };
        let _ = std::io::stdout().flush();
        // `_exit`: the parent's state (its other thread, libz3's static objects) is not
        // this process's to tear down.
        unsafe { libc::_exit(code) };
    }
    drop((out_w, err_w));
    Ok(subprocess::Running::adopt(
        pid as u32,
        std::fs::File::from(out_r),
        std::fs::File::from(err_r),
        None,
    ))
}
