//! Why a solver or an engine stopped without an answer, typed: the driver decides on the
//! kind (a timeout is not a bound), never on the words, which are for the user.

use std::fmt;

/// Why there is no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The deadline passed (or the run was interrupted at it).
    Timeout,
    /// A solver's work limit (Z3's resource limit, CaDiCaL's conflicts) ran out before
    /// the deadline: the caller may try another way.
    WorkLimit,
    /// The engine reached the bound it was given (BMC's `--bound`, symex's unwinding,
    /// k-induction's largest k, IC3's frames): the words say which.
    Bound(String),
    /// Anything else, in words: a size limit, refinement without progress, a solver's own
    /// reason, a check that failed.
    Other(String),
}

impl Stop {
    pub fn is_timeout(&self) -> bool {
        *self == Stop::Timeout
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Timeout => f.write_str("timeout"),
            Stop::WorkLimit => f.write_str("work limit"),
            Stop::Bound(why) | Stop::Other(why) => f.write_str(why),
        }
    }
}

/// A reason in words is [`Stop::Other`].
impl From<String> for Stop {
    fn from(why: String) -> Stop {
        Stop::Other(why)
    }
}

impl From<&str> for Stop {
    fn from(why: &str) -> Stop {
        Stop::Other(why.to_string())
    }
}
