//! Invariants learned from executions and checked by induction (docs/engines/invariants.md).
//!
//! Guess and check: the states an engine samples at a relation (a loop head, a function's
//! entry, its summary) suggest candidates — polynomial equations from the exact null space
//! of the samples' monomial values (`poly`, `nullspace`), bounds of variables and of
//! differences (`candidates`) — and Houdini keeps the largest subset that every clause of a
//! Horn system preserves (`houdini`). Samples only propose: a candidate counts once a
//! fresh solver has checked it on the system's own (bit-vector) clauses — or, for an
//! equation, once the algebra has shown the clause preserves it (`preserve`: cofactors
//! over Z/2^W, `algebra`), exact with wrap-around where bit-blasting products does not
//! finish.
//!
//! Owns: the arithmetic of learning (exact, arbitrary precision), the polynomial algebra
//! of words, and the Houdini loop.
//! Must not know: C, CFAs, engines, where samples come from.

pub mod algebra;
pub mod candidates;
pub mod houdini;
pub mod nullspace;
pub mod poly;
pub mod preserve;

pub use candidates::{candidates, table, tightest, Column, Limits};
pub use houdini::{houdini, Inductive};
