//! The value of an expression as the translation carries it: a bit-vector with its C
//! integer kind, a truth value, a pointer, a floating bit pattern, an aggregate or nothing.
//! Conversions between them (C11 6.3) are in `expr.rs`.

use super::{LVal, PtrVal};
use crate::types::IntKind;
use logic::Term;

/// The value of an expression.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A bit-vector of the kind's width.
    Int(Term, IntKind),
    /// A truth value (comparisons, `!`, `&&`): an `int` 0 or 1 when used as a number.
    Cond(Term),
    Ptr(PtrVal),
    /// A floating value: its IEEE 754 bit pattern (`float.rs`).
    Float(Term, logic::float::FloatFormat),
    /// A struct (or array) as a whole.
    Agg(LVal),
    Void,
}
