//! Concrete values and the concrete semantics of every operator (SMT-LIB 2 semantics,
//! including the total bit-vector division: `x / 0 = ~0`, `x % 0 = x`).
//!
//! Constant folding in the builder and evaluation both call [`apply`], so the two can
//! never disagree; the property tests check [`apply`] against Z3.

use crate::sort::{ScalarSort, Sort};
use crate::term::Op;
use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

/// A concrete value of some sort.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Value {
    Bool(bool),
    /// Value (< 2^width) and width.
    Bv(u128, u32),
    Int(i128),
    Array(Rc<ArrayValue>),
}

/// An array value: a default for every index, and the indices where it differs.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ArrayValue {
    pub index: ScalarSort,
    pub default: Value,
    pub entries: BTreeMap<Value, Value>,
}

/// Why a term could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("no value for variable {0}")]
    Unassigned(String),
    #[error("integer overflow while evaluating (values beyond 128 bits)")]
    IntOverflow,
    #[error("integer division by zero is unspecified in SMT-LIB")]
    IntDivByZero,
    #[error("cannot evaluate a quantifier over a domain of {0} bits")]
    QuantifierDomain(u32),
    #[error("ill-sorted value for operator {0:?}")]
    IllSorted(Op),
}

pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// Two's-complement reading of a `width`-bit value.
pub fn to_signed(v: u128, width: u32) -> i128 {
    if width >= 128 {
        v as i128
    } else if v >> (width - 1) & 1 == 1 {
        (v | !mask(width)) as i128
    } else {
        v as i128
    }
}

/// The `width`-bit pattern of a (possibly negative) number.
pub fn from_signed(v: i128, width: u32) -> u128 {
    (v as u128) & mask(width)
}

fn msb(v: u128, w: u32) -> bool {
    (v >> (w - 1)) & 1 == 1
}

fn udiv(a: u128, b: u128, w: u32) -> u128 {
    a.checked_div(b).unwrap_or(mask(w))
}

fn urem(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        a % b
    }
}

fn neg(a: u128, w: u32) -> u128 {
    0u128.wrapping_sub(a) & mask(w)
}

/// `bvsdiv` as SMT-LIB defines it through `bvudiv` on magnitudes.
pub fn sdiv(a: u128, b: u128, w: u32) -> u128 {
    match (msb(a, w), msb(b, w)) {
        (false, false) => udiv(a, b, w),
        (true, false) => neg(udiv(neg(a, w), b, w), w),
        (false, true) => neg(udiv(a, neg(b, w), w), w),
        (true, true) => udiv(neg(a, w), neg(b, w), w),
    }
}

/// `bvsrem` as SMT-LIB defines it (sign follows the dividend).
pub fn srem(a: u128, b: u128, w: u32) -> u128 {
    match (msb(a, w), msb(b, w)) {
        (false, false) => urem(a, b),
        (true, false) => neg(urem(neg(a, w), b), w),
        (false, true) => urem(a, neg(b, w)),
        (true, true) => neg(urem(neg(a, w), neg(b, w)), w),
    }
}

impl Value {
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_bv(&self) -> Option<(u128, u32)> {
        match self {
            Value::Bv(v, w) => Some((*v, *w)),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i128> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn sort(&self) -> Sort {
        match self {
            Value::Bool(_) => Sort::Bool,
            Value::Bv(_, w) => Sort::Bv(*w),
            Value::Int(_) => Sort::Int,
            Value::Array(a) => Sort::Array(
                a.index,
                a.default.sort().as_scalar().expect("scalar element"),
            ),
        }
    }

    /// The default value of a sort (false, 0, the all-zero array), used for model completion.
    pub fn zero(sort: Sort) -> Value {
        match sort {
            Sort::Bool => Value::Bool(false),
            Sort::Bv(w) => Value::Bv(0, w),
            Sort::Int => Value::Int(0),
            Sort::Array(i, e) => Value::Array(Rc::new(ArrayValue {
                index: i,
                default: Value::zero(e.to_sort()),
                entries: BTreeMap::new(),
            })),
        }
    }

    pub fn select(&self, index: &Value) -> Value {
        match self {
            Value::Array(a) => a.entries.get(index).cloned().unwrap_or(a.default.clone()),
            _ => panic!("select on a non-array value"),
        }
    }

    pub fn store(&self, index: Value, v: Value) -> Value {
        match self {
            Value::Array(a) => {
                let mut a = (**a).clone();
                if v == a.default {
                    a.entries.remove(&index);
                } else {
                    a.entries.insert(index, v);
                }
                Value::Array(Rc::new(a))
            }
            _ => panic!("store on a non-array value"),
        }
    }
}

/// Extensional equality of arrays over small finite index domains needs a look at every
/// index; elsewhere the normal form (entries differing from the default) decides.
fn values_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            if let ScalarSort::Bv(w) = x.index {
                if w <= 16 {
                    return (0..(1u128 << w)).all(|i| {
                        let i = Value::Bv(i, w);
                        a.select(&i) == b.select(&i)
                    });
                }
            }
            if x.index == ScalarSort::Bool {
                return [false, true]
                    .iter()
                    .all(|i| a.select(&Value::Bool(*i)) == b.select(&Value::Bool(*i)));
            }
            x == y
        }
        _ => a == b,
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Bv(v, w) => write!(f, "{v}bv{w}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Array(a) => {
                write!(f, "[")?;
                for (k, v) in &a.entries {
                    write!(f, "{k} -> {v}, ")?;
                }
                write!(f, "else -> {}]", a.default)
            }
        }
    }
}

fn bv(v: &Value, op: Op) -> Result<(u128, u32), EvalError> {
    v.as_bv().ok_or(EvalError::IllSorted(op))
}

fn int(v: &Value, op: Op) -> Result<i128, EvalError> {
    v.as_int().ok_or(EvalError::IllSorted(op))
}

fn boolean(v: &Value, op: Op) -> Result<bool, EvalError> {
    v.as_bool().ok_or(EvalError::IllSorted(op))
}

/// Applies a non-leaf, non-quantifier operator to concrete arguments. `sort` is the sort of
/// the result (it fixes the width of extensions and the index sort of constant arrays).
pub fn apply(op: Op, sort: Sort, args: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    let bv2 = |f: fn(u128, u128, u32) -> u128| -> Result<Value, EvalError> {
        let (a, w) = bv(&args[0], op)?;
        let (b, _) = bv(&args[1], op)?;
        Ok(Value::Bv(f(a, b, w) & mask(w), w))
    };
    let cmp = |f: fn(u128, u128, u32) -> bool| -> Result<Value, EvalError> {
        let (a, w) = bv(&args[0], op)?;
        let (b, _) = bv(&args[1], op)?;
        Ok(Value::Bool(f(a, b, w)))
    };
    let int2 = |f: fn(i128, i128) -> Option<i128>| -> Result<Value, EvalError> {
        let a = int(&args[0], op)?;
        let b = int(&args[1], op)?;
        f(a, b).map(Value::Int).ok_or(EvalError::IntOverflow)
    };
    Ok(match op {
        Var(_) | BoolConst(_) | BvConst(..) | IntConst(_) | Forall | Exists => {
            unreachable!("apply on a leaf or quantifier")
        }
        ConstArray(index) => Value::Array(Rc::new(ArrayValue {
            index,
            default: args[0].clone(),
            entries: BTreeMap::new(),
        })),
        Not => Value::Bool(!boolean(&args[0], op)?),
        And => {
            let mut r = true;
            for a in args {
                r &= boolean(a, op)?;
            }
            Value::Bool(r)
        }
        Or => {
            let mut r = false;
            for a in args {
                r |= boolean(a, op)?;
            }
            Value::Bool(r)
        }
        Xor => Value::Bool(boolean(&args[0], op)? ^ boolean(&args[1], op)?),
        Implies => Value::Bool(!boolean(&args[0], op)? || boolean(&args[1], op)?),
        Ite => {
            if boolean(&args[0], op)? {
                args[1].clone()
            } else {
                args[2].clone()
            }
        }
        Eq => Value::Bool(values_equal(&args[0], &args[1])),
        BvNeg => {
            let (a, w) = bv(&args[0], op)?;
            Value::Bv(neg(a, w), w)
        }
        BvNot => {
            let (a, w) = bv(&args[0], op)?;
            Value::Bv(!a & mask(w), w)
        }
        BvAdd => bv2(|a, b, _| a.wrapping_add(b))?,
        BvSub => bv2(|a, b, _| a.wrapping_sub(b))?,
        BvMul => bv2(|a, b, _| a.wrapping_mul(b))?,
        BvUdiv => bv2(udiv)?,
        BvUrem => bv2(|a, b, _| urem(a, b))?,
        BvSdiv => bv2(sdiv)?,
        BvSrem => bv2(srem)?,
        BvShl => bv2(|a, b, w| if b >= w as u128 { 0 } else { a << b })?,
        BvLshr => bv2(|a, b, w| if b >= w as u128 { 0 } else { a >> b })?,
        BvAshr => bv2(|a, b, w| {
            if b >= w as u128 {
                if msb(a, w) {
                    mask(w)
                } else {
                    0
                }
            } else {
                from_signed(to_signed(a, w) >> b, w)
            }
        })?,
        BvAnd => bv2(|a, b, _| a & b)?,
        BvOr => bv2(|a, b, _| a | b)?,
        BvXor => bv2(|a, b, _| a ^ b)?,
        Concat => {
            let (a, w1) = bv(&args[0], op)?;
            let (b, w2) = bv(&args[1], op)?;
            let w = w1 + w2;
            let hi = if w2 >= 128 { 0 } else { a << w2 };
            Value::Bv((hi | b) & mask(w), w)
        }
        Extract(hi, lo) => {
            let (a, _) = bv(&args[0], op)?;
            let w = hi - lo + 1;
            Value::Bv((a >> lo) & mask(w), w)
        }
        ZeroExt(n) => {
            let (a, w) = bv(&args[0], op)?;
            Value::Bv(a, w + n)
        }
        SignExt(n) => {
            let (a, w) = bv(&args[0], op)?;
            Value::Bv(from_signed(to_signed(a, w), w + n), w + n)
        }
        BvUlt => cmp(|a, b, _| a < b)?,
        BvUle => cmp(|a, b, _| a <= b)?,
        BvSlt => cmp(|a, b, w| to_signed(a, w) < to_signed(b, w))?,
        BvSle => cmp(|a, b, w| to_signed(a, w) <= to_signed(b, w))?,
        IntNeg => Value::Int(
            int(&args[0], op)?
                .checked_neg()
                .ok_or(EvalError::IntOverflow)?,
        ),
        IntAdd => int2(i128::checked_add)?,
        IntSub => int2(i128::checked_sub)?,
        IntMul => int2(i128::checked_mul)?,
        IntDiv | IntMod => {
            let a = int(&args[0], op)?;
            let b = int(&args[1], op)?;
            if b == 0 {
                return Err(EvalError::IntDivByZero);
            }
            let r = if op == IntDiv {
                a.checked_div_euclid(b)
            } else {
                a.checked_rem_euclid(b)
            };
            Value::Int(r.ok_or(EvalError::IntOverflow)?)
        }
        IntLt => Value::Bool(int(&args[0], op)? < int(&args[1], op)?),
        IntLe => Value::Bool(int(&args[0], op)? <= int(&args[1], op)?),
        Select => {
            if !matches!(args[0], Value::Array(_)) {
                return Err(EvalError::IllSorted(op));
            }
            args[0].select(&args[1])
        }
        Store => {
            if !matches!(args[0], Value::Array(_)) {
                return Err(EvalError::IllSorted(op));
            }
            args[0].store(args[1].clone(), args[2].clone())
        }
    })
    .map(|v| {
        debug_assert!(
            matches!(sort, Sort::Array(..)) || v.sort() == sort,
            "{op:?} produced {v:?} for {sort:?}"
        );
        v
    })
}
