//! Over-approximation of what linear arithmetic cannot say (`ToInt::abstracting`): a
//! fresh variable with linear facts its true value always satisfies.

use super::{bounds, to_signed, to_unsigned, unsigned, ToInt, Untranslatable};
use crate::sort::Sort;
use crate::term::{Op, Term};

impl<'s> ToInt<'s> {
    /// With [`ToInt::abstracting`], an operation linear arithmetic cannot say (a product
    /// of variables, a division or shift by a variable, a bitwise operation of variables)
    /// as a fresh variable in the result's range, with linear facts its value always
    /// satisfies (a remainder is smaller than the divisor and the dividend, with the
    /// dividend's sign; a quotient lies between 0 and the dividend for a positive divisor;
    /// `x & y` is at most either operand, unsigned; …). The facts hold of the true value
    /// whatever the operands are, so they may be conjoined anywhere (`side_conditions`);
    /// the translation is then an over-approximation. Otherwise `Err`.
    pub(super) fn opaque(
        &mut self,
        op: Op,
        args: &[Term],
        a: &[Term],
        width: u32,
    ) -> Result<Term, Untranslatable> {
        if !self.abstracting {
            return Err(Untranslatable(format!("{op:?} of non-constant operands")));
        }
        let s = self.store;
        let k = |v: i128| s.int_const(v);
        let w = |x: Term| s.sort(x).bv_width().unwrap_or(0);
        let (lo, hi) = bounds(width);
        let v = s.fresh_var("opaque", Sort::Int);
        self.side.push(s.int_le(k(lo), v));
        self.side.push(s.int_lt(v, k(hi)));
        self.abstracted += 1;
        if unsigned(width) || args.len() != 2 {
            return Ok(v);
        }
        let (x, y) = (
            to_signed(s, a[0], w(args[0])),
            to_signed(s, a[1], w(args[1])),
        );
        let (xu, yu) = (
            to_unsigned(s, a[0], w(args[0])),
            to_unsigned(s, a[1], w(args[1])),
        );
        let vu = to_unsigned(s, v, width);
        let le = |p: Term, q: Term| s.int_le(p, q);
        let lt = |p: Term, q: Term| s.int_lt(p, q);
        let zero = k(0);
        let facts: Vec<(Term, Term)> = match op {
            // C's remainder (SMT-LIB's bvsrem): the dividend itself when it is smaller in
            // magnitude than the divisor, else smaller than it by at least the divisor's
            // magnitude (so `x % y == 0` with `x > 0` says `|y| <= x`); the dividend's
            // sign; by zero, the dividend.
            Op::BvSrem => {
                let (neg_x, neg_y) = (s.int_neg(x), s.int_neg(y));
                let case = |x_pos: bool, y_pos: bool| {
                    let sx = if x_pos { le(zero, x) } else { lt(x, zero) };
                    let sy = if y_pos { lt(zero, y) } else { lt(y, zero) };
                    (
                        s.and2(sx, sy),
                        if x_pos { x } else { neg_x },
                        if y_pos { y } else { neg_y },
                    )
                };
                let mut facts = vec![(s.eq(y, zero), s.eq(v, x))];
                for (x_pos, y_pos) in [(true, true), (true, false), (false, true), (false, false)] {
                    // |x|, |y| and |v| (v has x's sign).
                    let (when, ax, ay) = case(x_pos, y_pos);
                    let av = if x_pos { v } else { s.int_neg(v) };
                    facts.push((when, s.and(&[le(zero, av), lt(av, ay), le(av, ax)])));
                    facts.push((s.and2(when, lt(ax, ay)), s.eq(v, x)));
                    facts.push((s.and2(when, le(ay, ax)), le(av, s.int_sub(ax, ay))));
                }
                facts
            }
            Op::BvSdiv => vec![
                (
                    s.and2(le(zero, x), lt(zero, y)),
                    s.and2(le(zero, v), le(v, x)),
                ),
                (
                    s.and2(lt(x, zero), lt(zero, y)),
                    s.and2(le(x, v), le(v, zero)),
                ),
                (s.and2(le(zero, x), lt(x, y)), s.eq(v, zero)),
                (s.and2(lt(zero, y), le(y, x)), le(k(1), v)),
            ],
            Op::BvUrem => vec![
                (s.eq(yu, zero), s.eq(vu, xu)),
                (lt(zero, yu), s.and2(lt(vu, yu), le(vu, xu))),
                (lt(xu, yu), s.eq(vu, xu)),
                (s.and2(lt(zero, yu), le(yu, xu)), le(vu, s.int_sub(xu, yu))),
            ],
            Op::BvUdiv => vec![
                (lt(zero, yu), le(vu, xu)),
                (lt(xu, yu), s.eq(vu, zero)),
                (s.and2(lt(zero, yu), le(yu, xu)), le(k(1), vu)),
            ],
            Op::BvLshr => vec![(s.tru(), le(vu, xu))],
            Op::BvAnd => vec![(s.tru(), s.and2(le(vu, xu), le(vu, yu)))],
            Op::BvOr => vec![(s.tru(), s.and2(le(xu, vu), le(yu, vu)))],
            _ => vec![],
        };
        // Without wrap-around an operand may be an exact integer outside its range (`a + b`
        // past the maximum): the facts are about in-range operands, and such an operand's
        // own obligation raises the alarm. Unguarded, `y = 0 → v = x` would contradict
        // `v`'s range and hide that execution from the alarm too.
        let operands_in_range = if self.no_wrap {
            let in_range = |x: Term, w: u32| {
                let (lo, hi) = bounds(w);
                s.and2(le(k(lo), x), lt(x, k(hi)))
            };
            s.and2(in_range(a[0], w(args[0])), in_range(a[1], w(args[1])))
        } else {
            s.tru()
        };
        for (when, then) in facts {
            self.side
                .push(s.implies(s.and2(operands_in_range, when), then));
        }
        Ok(v)
    }

    /// Over-approximates what linear arithmetic cannot say instead of refusing it (see
    /// [`ToInt::opaque`]); how many operations were, in [`ToInt::abstracted`].
    pub fn abstracting(mut self) -> Self {
        self.abstracting = true;
        self
    }

    /// How many operations were over-approximated.
    pub fn abstracted(&self) -> usize {
        self.abstracted
    }
}
