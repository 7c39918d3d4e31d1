//! Atoms between terms of a width C has no type for (the integer engines' formulas brought
//! back to a width where nothing wraps, `logic::bv_int::back`: `sext(n, 4) - sext(r, 4)
//! <= 10` at 36 bits), printed in `long long` arithmetic where that is exact.

use super::Printer;
use logic::{Op, Term};

impl Printer<'_> {
    /// A comparison of two terms of a width `w` C has no type for, printed in `long long`
    /// arithmetic: only where every sub-term's value provably stays within the signed
    /// range of `w` bits (so nothing wraps and the bit-vector operation is the integer
    /// one) and of 64 bits (so `long long` computes it without overflow); `None` else.
    pub(super) fn exact_atom(&self, op: Op, a: Term, b: Term) -> Option<String> {
        let (ea, alo, _) = self.exact(a)?;
        let (eb, blo, _) = self.exact(b)?;
        let c = match op {
            Op::Eq => "==",
            Op::BvSlt => "<",
            Op::BvSle => "<=",
            // Unsigned order is the signed one on values that are never negative.
            Op::BvUlt if alo >= 0 && blo >= 0 => "<",
            Op::BvUle if alo >= 0 && blo >= 0 => "<=",
            _ => return None,
        };
        Some(format!("({ea} {c} {eb})"))
    }

    /// `t`'s signed value as a `long long` expression, with bounds on it; see
    /// [`Self::exact_atom`].
    fn exact(&self, t: Term) -> Option<(String, i128, i128)> {
        let terms = self.terms;
        let w = self.width(t)?;
        if w > 64 {
            return None;
        }
        let (min, max) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
        let fits = |lo: i128, hi: i128| lo >= min && hi <= max;
        let args = terms.args(t);
        let (e, lo, hi) = match terms.op(t) {
            Op::BvConst(v, _) => {
                let v = if v >> (w - 1) & 1 == 1 {
                    v as i128 - (1i128 << w)
                } else {
                    v as i128
                };
                (format!("{v}LL"), v, v)
            }
            Op::SignExt(_) => {
                let n = self.width(args[0])?;
                let e = self.signed(args[0])?;
                (
                    format!("(long long){e}"),
                    -(1i128 << (n - 1)),
                    (1i128 << (n - 1)) - 1,
                )
            }
            Op::ZeroExt(_) => {
                let n = self.width(args[0])?;
                if n >= 64 {
                    return None;
                }
                (
                    format!("(long long){}", self.bv(args[0])?),
                    0,
                    (1i128 << n) - 1,
                )
            }
            Op::BvAdd | Op::BvSub | Op::BvMul => {
                let parts: Vec<(String, i128, i128)> =
                    args.iter().map(|a| self.exact(*a)).collect::<Option<_>>()?;
                let sym = match terms.op(t) {
                    Op::BvAdd => " + ",
                    Op::BvSub => " - ",
                    _ => " * ",
                };
                let mut lo = parts[0].1;
                let mut hi = parts[0].2;
                for p in &parts[1..] {
                    (lo, hi) = match terms.op(t) {
                        Op::BvAdd => (lo + p.1, hi + p.2),
                        Op::BvSub => (lo - p.2, hi - p.1),
                        _ => {
                            let c = [lo * p.1, lo * p.2, hi * p.1, hi * p.2];
                            (*c.iter().min()?, *c.iter().max()?)
                        }
                    };
                    // Every partial result must fit too (C evaluates left to right).
                    if !fits(lo, hi) {
                        return None;
                    }
                }
                let text: Vec<&str> = parts.iter().map(|p| p.0.as_str()).collect();
                (format!("({})", text.join(sym)), lo, hi)
            }
            Op::BvNeg => {
                let (e, lo, hi) = self.exact(args[0])?;
                (format!("(-({e}))"), -hi, -lo)
            }
            _ => return None,
        };
        (fits(lo, hi) && lo >= i128::from(i64::MIN) && hi <= i128::from(i64::MAX))
            .then_some((e, lo, hi))
    }
}
