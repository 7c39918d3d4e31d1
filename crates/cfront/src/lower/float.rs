//! Floating-point values: `float` and `double` as IEEE 754 binary32 and binary64 (C11
//! Annex F, which gcc on x86-64 follows with SSE arithmetic: `FLT_EVAL_METHOD` 0, every
//! operation rounded to its type, round-to-nearest-even). A value is its bit pattern; the
//! operations are `logic::float`'s. `long double` (x87 80-bit) is not modelled: any value
//! of that type is UNKNOWN by name.
//!
//! Conversions (C11 6.3.1.4, 6.3.1.5), the usual arithmetic conversions with floating
//! operands (6.3.1.8), the arithmetic and relational operators, and literals (6.4.4.2).

use super::value::Val;
use super::{unsup, Translator, R};
use crate::property::Property;
use crate::types::{CType, FloatKind, IntKind};
use lang_c::ast::BinaryOperator as B;
use logic::float::{FloatCmp, FloatFormat};
use logic::Term;

impl<'a> Translator<'a> {
    /// The format of a floating type, or UNKNOWN for `long double`.
    pub fn float_format(&self, k: FloatKind, at: usize) -> R<FloatFormat> {
        k.format()
            .map_or_else(|| unsup(FloatKind::LONG_DOUBLE, at), Ok)
    }

    /// An arithmetic value converted to format `f` (C11 6.3.1.4:2 from integers: rounded
    /// to nearest; 6.3.1.5 between floating types).
    pub fn float_of(&mut self, v: Val, f: FloatFormat, at: usize) -> R<Term> {
        match v {
            Val::Float(t, from) => Ok(self.terms.fp_convert(t, from, f)),
            Val::Ptr(_) => unsup("a pointer converted to a floating type", at),
            other => {
                let (t, k) = self.integer(other, at)?;
                Ok(self.terms.fp_from_int(t, k.signed(), f))
            }
        }
    }

    /// A floating value converted to integer type `k` (C11 6.3.1.4:1): truncated toward
    /// zero; `_Bool` is `x != 0` (6.3.1.2). An integral part that `k` cannot represent
    /// is undefined behaviour: for `no-overflow` a violation (gcc's
    /// `-fsanitize=float-cast-overflow` confirms it on replay), otherwise any value.
    pub fn float_to_int(&mut self, t: Term, f: FloatFormat, k: IntKind) -> Term {
        let terms = self.terms.clone();
        if k == IntKind::Bool {
            let zero = terms.fp_is_zero(t, f);
            return terms.ite(zero, self.bv(0, k), self.bv(1, k));
        }
        let (v, defined) = terms.fp_to_int(t, f, k.width(self.model), k.signed());
        let undefined = terms.not(defined);
        // SV-COMP's `no-overflow` is about results of signed type.
        if self.property == Property::NoOverflow && k.signed() {
            self.check_property(undefined);
        }
        self.nondet_where(undefined, v, k)
    }

    /// The common format of two arithmetic operands of which at least one is floating
    /// (C11 6.3.1.8:1: the wider floating type; an integer operand takes the other's).
    fn common_format(l: &Val, r: &Val) -> FloatFormat {
        let fmt = |v: &Val| match v {
            Val::Float(_, f) => Some(*f),
            _ => None,
        };
        match (fmt(l), fmt(r)) {
            (Some(a), Some(b)) => a.max(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => unreachable!("a floating operand"),
        }
    }

    /// `l op r` where an operand is floating.
    pub fn float_binary(&mut self, op: B, l: Val, r: Val, at: usize) -> R<Val> {
        let f = Self::common_format(&l, &r);
        let a = self.float_of(l, f, at)?;
        let b = self.float_of(r, f, at)?;
        let t = self.terms.clone();
        let cmp = |c| Ok(Val::Cond(t.fp_compare(c, a, b, f)));
        match op {
            B::Plus | B::Minus => {
                let r = if op == B::Plus {
                    t.fp_add(a, b, f)
                } else {
                    t.fp_sub(a, b, f)
                };
                // gcc folds `0.0 - e` into `-e` (and `0.0 + -e` likewise) even at -O0,
                // which gives −0 where IEEE gives +0: with a constant zero operand, a zero
                // result may have either sign. Constant as gcc folds it: any operand
                // without variables (`floorf(0x1p-200f) - e` too).
                let const_zero = |x: Term| {
                    let c = t.as_bv_const(x).or_else(|| match t.eval(x, &|_| None) {
                        Ok(logic::Value::Bv(v, w)) => Some((v, w)),
                        _ => None,
                    });
                    c.is_some_and(|(v, w)| v << (129 - w) == 0)
                };
                if const_zero(a) || const_zero(b) {
                    let sign = self.temp(logic::Sort::Bool);
                    self.emit_havoc(sign);
                    let zero = t.fp_is_zero(r, f);
                    return Ok(Val::Float(t.ite(t.and2(zero, sign), t.fp_neg(r, f), r), f));
                }
                Ok(Val::Float(r, f))
            }
            B::Multiply => Ok(Val::Float(t.fp_mul(a, b, f), f)),
            B::Divide => Ok(Val::Float(t.fp_div(a, b, f), f)),
            B::Less => cmp(FloatCmp::Lt),
            B::LessOrEqual => cmp(FloatCmp::Le),
            B::Greater => cmp(FloatCmp::Gt),
            B::GreaterOrEqual => cmp(FloatCmp::Ge),
            B::Equals => cmp(FloatCmp::Eq),
            B::NotEquals => cmp(FloatCmp::Ne),
            _ => unsup(format!("the operator {op:?} on a floating operand"), at),
        }
    }

    /// The value of a floating constant (C11 6.4.4.2): the nearest value of its type
    /// (gcc rounds decimal constants to nearest, and hexadecimal ones are exact or
    /// rounded the same way).
    pub fn float_constant(&mut self, c: &lang_c::ast::Float, at: usize) -> R<Val> {
        use lang_c::ast::{FloatBase, FloatFormat as Suffix};
        if c.suffix.imaginary {
            return unsup("complex numbers", at);
        }
        let f = match c.suffix.format {
            Suffix::Float => FloatFormat::Single,
            Suffix::Double => FloatFormat::Double,
            Suffix::LongDouble => return unsup(FloatKind::LONG_DOUBLE, at),
            Suffix::TS18661Format(_) => return unsup("a floating constant of a TS 18661 type", at),
        };
        let bad = || super::Unsup::new(format!("the floating constant {}", c.number), at);
        let bits = match c.base {
            FloatBase::Decimal => match f {
                FloatFormat::Single => c
                    .number
                    .parse::<f32>()
                    .map(|x| x.to_bits() as u128)
                    .map_err(|_| bad())?,
                FloatFormat::Double => c
                    .number
                    .parse::<f64>()
                    .map(|x| x.to_bits() as u128)
                    .map_err(|_| bad())?,
            },
            FloatBase::Hexadecimal => {
                let (sig, exp) = hex_float(&c.number).ok_or_else(bad)?;
                let t = self.terms.fp_from_scaled(sig, exp, f);
                self.terms.as_bv_const(t).ok_or_else(bad)?.0
            }
        };
        Ok(Val::Float(self.terms.fp_bits(bits, f), f))
    }

    /// The floating type of a value's C type, for conversions by type.
    pub fn float_type(f: FloatFormat) -> CType {
        CType::Float(FloatKind::of_format(f))
    }
}

/// A hexadecimal floating constant's digits (`1.8p3`, with or without `0x`) as
/// `sig · 2^exp`, where `sig` carries a sticky bit in its lowest position if digits beyond
/// 128 bits were dropped.
fn hex_float(s: &str) -> Option<(u128, i64)> {
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    let (mantissa, exp) = s.split_once(['p', 'P'])?;
    let exp: i64 = exp.parse().ok()?;
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut sig: u128 = 0;
    let mut scale: i64 = 0;
    let mut sticky = false;
    for (i, ch) in int.chars().chain(frac.chars()).enumerate() {
        let d = ch.to_digit(16)? as u128;
        let in_frac = i >= int.len();
        if sig >> 120 == 0 {
            sig = sig << 4 | d;
            if in_frac {
                scale -= 4;
            }
        } else {
            // No room: the digit only says whether something nonzero was dropped.
            sticky |= d != 0;
            if !in_frac {
                scale += 4;
            }
        }
    }
    let exp = exp.clamp(-1 << 20, 1 << 20) + scale;
    Some((sig | sticky as u128, exp))
}

#[cfg(test)]
mod tests {
    use super::hex_float;

    #[test]
    fn hex_constants() {
        assert_eq!(hex_float("0x1.8p3"), Some((0x18, -1)));
        assert_eq!(hex_float("1p-2"), Some((1, -2)));
        assert_eq!(hex_float("0xA.p0"), Some((10, 0)));
        assert_eq!(hex_float("0x1.8"), None);
    }
}
