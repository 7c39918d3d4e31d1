//! Time limits for Z3 calls without Z3's own timers.
//!
//! Z3 4.8.12 implements the `timeout` parameter and `try_for` with `scoped_timer`, whose
//! thread-pool implementation of that release has data races (Z3Prover/z3#5371, #5990,
//! #6102, fixed only in later releases). A run makes thousands of checks, each with a
//! timeout, and under load the race turned into an occasional SIGSEGV. Instead, one thread
//! per context waits for the armed instant and then calls `Z3_interrupt`, which Z3 allows
//! from another thread and which makes the running call return `unknown (canceled)`.
//!
//! An interrupt that arrives while no call runs has no lasting effect (Z3 resets the
//! cancel flag when the next call starts; tested against 4.8.12), so it is harmless if
//! the alarm fires just after a call returned; and if it fires just before a call starts,
//! the alarm fires again every [`REPEAT`] while it stays armed and past due.

use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use z3_sys::{Z3_context, Z3_interrupt};

/// How often an armed, past-due alarm interrupts again until it is disarmed.
const REPEAT: Duration = Duration::from_millis(20);

#[derive(Default)]
struct State {
    armed: Option<Instant>,
    shutdown: bool,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

/// The alarm of one Z3 context; its thread starts at the first [`Alarm::arm`].
pub(crate) struct Alarm {
    /// The context, as an address: `Z3_interrupt` is the only call the thread makes.
    context: usize,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Alarm {
    pub(crate) fn new(z3: Z3_context) -> Self {
        Alarm {
            context: z3.as_ptr() as usize,
            shared: Arc::new(Shared {
                state: Mutex::new(State::default()),
                wake: Condvar::new(),
            }),
            thread: None,
        }
    }

    /// Interrupts the context's running call at `at` (and repeatedly after) until
    /// [`Alarm::disarm`].
    pub(crate) fn arm(&mut self, at: Instant) {
        if self.thread.is_none() {
            let shared = self.shared.clone();
            let context = self.context;
            self.thread = Some(std::thread::spawn(move || watch(&shared, context)));
        }
        let mut st = self.shared.state.lock().expect("alarm lock");
        st.armed = Some(at);
        self.shared.wake.notify_one();
    }

    pub(crate) fn disarm(&self) {
        let mut st = self.shared.state.lock().expect("alarm lock");
        st.armed = None;
    }
}

impl Drop for Alarm {
    /// Stops the thread before the context it interrupts is deleted.
    fn drop(&mut self) {
        if let Some(t) = self.thread.take() {
            {
                let mut st = self.shared.state.lock().expect("alarm lock");
                st.shutdown = true;
                self.shared.wake.notify_one();
            }
            let _ = t.join();
        }
    }
}

fn watch(shared: &Shared, context: usize) {
    let mut st = shared.state.lock().expect("alarm lock");
    loop {
        if st.shutdown {
            return;
        }
        st = match st.armed {
            None => shared.wake.wait(st).expect("alarm lock"),
            Some(at) => {
                let now = Instant::now();
                if now >= at {
                    let ctx = std::ptr::NonNull::new(context as *mut _).expect("a context");
                    // SAFETY: the context outlives this thread (`Drop` joins it first), and
                    // Z3_interrupt is Z3's one call meant for other threads.
                    unsafe { Z3_interrupt(ctx) };
                    shared.wake.wait_timeout(st, REPEAT).expect("alarm lock").0
                } else {
                    shared
                        .wake
                        .wait_timeout(st, at - now)
                        .expect("alarm lock")
                        .0
                }
            }
        };
    }
}
