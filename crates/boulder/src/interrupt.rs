//! SIGINT and SIGTERM during `verify` (Ctrl-C; `timeout`, BenchExec and batch systems send
//! SIGTERM): the run ends with the conventional `Verification result: UNKNOWN
//! (interrupted)` line (JSON with `--json`) instead of dying silently, and the exit
//! status 128 + the signal (5 with `--verdict-exit-code`).
//!
//! The two signals are blocked in every thread (the mask is inherited by the threads
//! spawned after [`install`]) and taken by one thread with `sigwait`, which prints the
//! answer, unless one was printed already, and ends the process. A child started with
//! `std::process::Command` gets an empty mask (std resets it before `exec`); the engine
//! children the portfolio forks die with it (`PR_SET_PDEATHSIG`).

/// Installs the handling thread; call before any other thread is spawned.
pub fn install(json: bool, file: String) {
    // SAFETY: plain signal-set calls on a local set.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGINT);
        libc::sigaddset(&mut set, libc::SIGTERM);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        set
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let mut sig = 0;
            // SAFETY: `set` is a valid signal set; `sig` receives the signal number.
            if unsafe { libc::sigwait(&set, &mut sig) } != 0 {
                return;
            }
            crate::report::print_unknown("interrupted", file, json);
            // The shell's convention (128 + the signal: a loop around `boulder` stops at
            // Ctrl-C), unless the status is to say the verdict (`--verdict-exit-code`).
            let status = if crate::report::exit_by_verdict_on() {
                crate::report::exit_status()
            } else {
                128 + sig
            };
            // `_exit`: the other threads may be inside Z3 (see the watchdog).
            unsafe { libc::_exit(status) };
        })
        .expect("a thread for signals");
}
