//! A last word before dying of a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE): where it
//! happened, on standard error, so that a crash inside the solver library can be told from
//! one in Boulder (`bench` keeps the error output of every crashed task). After that the
//! signal's default action runs, so the process still ends by the same signal.
//!
//! Formatting a backtrace in a signal handler is not async-signal-safe; it is a best
//! effort on the way out, on an alternate stack large enough for it.

use std::sync::atomic::{AtomicBool, Ordering};

/// Size of the alternate signal stack of the thread that runs the command.
const ALT_STACK_BYTES: usize = 1 << 20;

static REPORTING: AtomicBool = AtomicBool::new(false);

/// Installs the handler for the whole process.
pub fn install() {
    let signals = [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE];
    for sig in signals {
        // SAFETY: a plain sigaction with a handler of the right signature.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as *const () as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK | libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

/// Gives the calling thread an alternate signal stack large enough for the report (the
/// default one is a few kilobytes). The memory lives as long as the process.
pub fn alternate_stack_for_this_thread() {
    let stack: &'static mut [u8] = Box::leak(vec![0u8; ALT_STACK_BYTES].into_boxed_slice());
    let ss = libc::stack_t {
        ss_sp: stack.as_mut_ptr().cast(),
        ss_flags: 0,
        ss_size: ALT_STACK_BYTES,
    };
    // SAFETY: the stack is valid for the rest of the process.
    unsafe { libc::sigaltstack(&ss, std::ptr::null_mut()) };
}

extern "C" fn handler(sig: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
    if !REPORTING.swap(true, Ordering::SeqCst) {
        // The first line goes out with a bare write(2), which is async-signal-safe: if the
        // backtrace below fails (a thread without an alternate stack, a lock held by the
        // interrupted code), the cause is still on record.
        let line: &[u8] = match sig {
            libc::SIGSEGV => b"boulder: fatal signal 11 (segmentation fault)\n",
            libc::SIGBUS => b"boulder: fatal signal 7 (bus error)\n",
            libc::SIGILL => b"boulder: fatal signal 4 (illegal instruction)\n",
            _ => b"boulder: fatal signal 8 (arithmetic exception)\n",
        };
        // SAFETY: writing a valid buffer to file descriptor 2.
        unsafe { libc::write(2, line.as_ptr().cast(), line.len()) };
        // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
        let addr = unsafe { (*info).si_addr() };
        let bt = std::backtrace::Backtrace::force_capture();
        eprintln!("at address {addr:?}\n{bt}");
    }
    // SA_RESETHAND restored the default action: end by the same signal.
    unsafe { libc::raise(sig) };
}
