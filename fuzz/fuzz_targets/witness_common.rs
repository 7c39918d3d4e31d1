//! What the two witness targets share: the program the witnesses are about, and every
//! reader of a witness file.

/// A small program with a loop, nondet calls, scanf and `argc` (the program of the seed
/// witnesses): what the violation reader searches for the calls a waypoint names, and
/// for how a variable is stored.
pub const PROGRAM: &str = include_str!("../../crates/witness/tests/witnesses/loop.c");

/// Classifies the witness, reads it as a violation witness (and turns what it prescribes
/// into a counterexample file, for both data models) and as a correctness witness: each
/// an answer or an error.
pub fn read_all(text: &str) {
    let _ = witness::kind::classify(text);
    let _ = witness::kind::specification(text);
    if let Ok(w) = witness::read_violation::parse(text, PROGRAM) {
        let _ = witness::read_violation::to_cexfile(&w, "unreach-call", "ILP32");
        let _ = witness::read_violation::to_cexfile(&w, "no-overflow", "LP64");
    }
    let _ = witness::correctness::read(text);
}
