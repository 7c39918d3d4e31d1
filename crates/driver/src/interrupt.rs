//! SIGINT and SIGTERM during `verify` (Ctrl-C; `timeout`, BenchExec and batch systems send
//! SIGTERM): the run ends with the conventional `Verification result: UNKNOWN
//! (interrupted; reached …)` line (JSON with `--json`), with the statistics so far under
//! `--stats`, instead of dying silently, and the exit status 128 + the signal (5 with
//! `--verdict-exit-code`).
//!
//! The two signals are blocked in every thread (the mask is inherited by the threads
//! spawned after [`install`]) and taken by one thread with `sigwait`. A run of one engine
//! answers at once, with how far its engine got ([`logic::progress`]). A race (the
//! portfolio) passes the signal on to its engine processes and gives them a moment to
//! answer the same way, so that its one answer says how far each got; it answers itself
//! if they do not. A child started with `std::process::Command` gets an empty mask (std
//! resets it before `exec`); the engine children the portfolio forks die with it
//! (`PR_SET_PDEATHSIG`).

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The signal that interrupted the run (0: none yet).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// The engine processes of a race that is running.
static CHILDREN: Mutex<Vec<subprocess::Killer>> = Mutex::new(Vec::new());

/// How long a race's children have to answer an interrupt.
const CHILDREN_GRACE: Duration = Duration::from_millis(1500);

/// The signal that interrupted the run, if one did.
pub fn signal() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// A race started an engine process (passed the signal on an interrupt, while it has not
/// been reaped: [`subprocess::Killer`]).
pub fn child_started(child: subprocess::Killer) {
    CHILDREN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(child);
}

/// Engine process `pid` has ended.
pub fn child_ended(pid: u32) {
    CHILDREN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|k| k.pid() != pid);
}

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
            SIGNAL.store(sig, Ordering::SeqCst);
            let children = CHILDREN.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if !children.is_empty() {
                for child in children {
                    child.signal(libc::SIGTERM);
                }
                let until = Instant::now() + CHILDREN_GRACE;
                while !crate::report::printed() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
            crate::report::print_unknown(crate::unknown::Unknown::interrupted(), file, json);
            // `_exit`: the other threads may be inside Z3 (see the watchdog).
            unsafe { libc::_exit(crate::report::exit_status()) };
        })
        .expect("a thread for signals");
}
