//! How far an engine has got, for whoever watches the run: the driver's `-v` lines and the
//! reason of a timeout or an interrupt ("timeout (bound 12)"). Engines report milestones
//! and do not know who listens; one process runs one engine, so one milestone is current.

use std::fmt;
use std::sync::{Mutex, OnceLock};

/// A point an engine has passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Milestone {
    /// Every path of up to this many steps searched (BMC, k-induction, symbolic
    /// execution, bit-level BMC).
    Bound(u64),
    /// IC3: the frame being blocked.
    Frame(u64),
    /// CEGAR: refinements done.
    Refinements(u64),
    /// Random simulation: rounds done.
    Rounds(u64),
}

impl fmt::Display for Milestone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Milestone::Bound(k) => write!(f, "bound {k}"),
            Milestone::Frame(k) => write!(f, "frame {k}"),
            Milestone::Refinements(1) => write!(f, "1 refinement"),
            Milestone::Refinements(n) => write!(f, "{n} refinements"),
            Milestone::Rounds(1) => write!(f, "1 round of simulation"),
            Milestone::Rounds(n) => write!(f, "{n} rounds of simulation"),
        }
    }
}

static LAST: Mutex<Option<Milestone>> = Mutex::new(None);
static OBSERVER: OnceLock<fn(Milestone)> = OnceLock::new();

/// The engine has passed `m`.
pub fn reached(m: Milestone) {
    *LAST.lock().unwrap_or_else(|e| e.into_inner()) = Some(m);
    if let Some(f) = OBSERVER.get() {
        f(m);
    }
}

/// The last milestone passed in this process.
pub fn last() -> Option<Milestone> {
    *LAST.lock().unwrap_or_else(|e| e.into_inner())
}

/// Calls `f` at every milestone from now on (once per process: the first call wins).
pub fn observe(f: fn(Milestone)) {
    let _ = OBSERVER.set(f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_milestone_is_kept_and_said_in_words() {
        reached(Milestone::Bound(3));
        reached(Milestone::Refinements(12));
        assert_eq!(last(), Some(Milestone::Refinements(12)));
        assert_eq!(last().unwrap().to_string(), "12 refinements");
        assert_eq!(Milestone::Frame(4).to_string(), "frame 4");
        assert_eq!(Milestone::Rounds(1).to_string(), "1 round of simulation");
    }
}
