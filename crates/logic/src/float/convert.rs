//! Conversions (IEEE 754 §5.4.1–5.4.2: between formats, from and to integers), rounding
//! to integral values (§5.3.1, C11 7.12.9), comparisons (§5.11) and minimum/maximum.

use super::FloatFormat;
use crate::term::{Term, TermStore};

/// A comparison of C (C11 6.5.8, 6.5.9 with Annex F): ordered except `!=`, which holds
/// when either operand is a NaN.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FloatCmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// The rounding of `floor`, `ceil`, `trunc`, `round` and `rint`/`nearbyint` (C11 7.12.9).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IntegralRounding {
    /// Toward −∞ (`floor`).
    Floor,
    /// Toward +∞ (`ceil`).
    Ceil,
    /// Toward zero (`trunc`).
    Trunc,
    /// To nearest, halfway cases away from zero (`round`).
    HalfAway,
    /// To nearest, halfway cases to even (`rint`, `nearbyint` in the default mode).
    HalfEven,
}

impl TermStore {
    /// A float's pattern read as a signed integer that orders like the numbers it denotes
    /// (one more bit than the format; ±0 both map to 0). Meaningless for NaNs.
    fn fp_ordered(&self, x: Term, f: FloatFormat) -> Term {
        let mag = self.zext(self.fp_abs(x, f), 1);
        self.ite(self.fp_sign(x, f), self.bvneg(mag), mag)
    }

    pub fn fp_compare(&self, op: FloatCmp, a: Term, b: Term, f: FloatFormat) -> Term {
        let ordered = self.not(self.or2(self.fp_is_nan(a, f), self.fp_is_nan(b, f)));
        let (oa, ob) = (self.fp_ordered(a, f), self.fp_ordered(b, f));
        let rel = match op {
            FloatCmp::Lt => self.bvslt(oa, ob),
            FloatCmp::Le => self.bvsle(oa, ob),
            FloatCmp::Gt => self.bvslt(ob, oa),
            FloatCmp::Ge => self.bvsle(ob, oa),
            FloatCmp::Eq | FloatCmp::Ne => self.eq(oa, ob),
        };
        let r = self.and2(ordered, rel);
        if op == FloatCmp::Ne {
            self.not(r)
        } else {
            r
        }
    }

    /// The value of an integer (`signed` two's complement, or unsigned) rounded to `f`.
    pub fn fp_from_int(&self, x: Term, signed: bool, f: FloatFormat) -> Term {
        let n = self.sort(x).bv_width().expect("a bit-vector");
        let negative = if signed {
            self.bvslt(x, self.bv_const(0, n))
        } else {
            self.fls()
        };
        // |INT_MIN| is 2^(n-1), which the unsigned reading of `-x` gives.
        let magnitude = self.ite(negative, self.bvneg(x), x);
        self.fp_round_pack(negative, self.exp_const(0), magnitude, f)
    }

    /// The constant `sig · 2^exp` rounded to format `f` (a positive value; `sig` may carry
    /// a sticky bit in its lowest position): how literals written in binary become
    /// values.
    pub fn fp_from_scaled(&self, sig: u128, exp: i64, f: FloatFormat) -> Term {
        // Far outside the range every nonzero value is an infinity or rounds to zero;
        // clamping keeps the exponent within the operation's exponent width.
        let exp = exp.clamp(-4000, 4000);
        let bits = self.bv_const(sig, 128);
        self.fp_round_pack(self.fls(), self.exp_const(exp), bits, f)
    }

    /// `x` converted to format `to` (exact when widening; rounded when narrowing). A NaN
    /// keeps its sign and the top bits of its payload and is quieted (x86 `cvtss2sd`,
    /// `cvtsd2ss`).
    pub fn fp_convert(&self, x: Term, from: FloatFormat, to: FloatFormat) -> Term {
        if from == to {
            return x;
        }
        let u = self.fp_unpack(x, from);
        let finite = self.fp_round_pack(u.sign, u.exp, u.sig, to);
        let inf = self.fp_signed(u.sign, to.inf_bits(), to);
        let frac = self.extract(x, from.frac_bits() - 1, 0);
        let payload = if to.frac_bits() > from.frac_bits() {
            self.bvshl(
                self.zext(frac, to.width() - from.frac_bits()),
                self.bv_const((to.frac_bits() - from.frac_bits()) as u128, to.width()),
            )
        } else {
            self.extract(
                frac,
                from.frac_bits() - 1,
                from.frac_bits() - to.frac_bits(),
            )
        };
        let payload = if to.frac_bits() > from.frac_bits() {
            payload
        } else {
            self.zext(payload, to.width() - to.frac_bits())
        };
        let nan = self.fp_quiet(self.bvor(inf, payload), to);
        let r = self.ite(self.fp_is_inf(x, from), inf, finite);
        self.ite(self.fp_is_nan(x, from), nan, r)
    }

    /// `x` truncated toward zero to an `n`-bit integer (`signed` or not), and whether the
    /// conversion is defined: C11 6.3.1.4:1 makes it undefined when the integral part is
    /// not representable (NaNs and infinities included).
    pub fn fp_to_int(&self, x: Term, f: FloatFormat, n: u32, signed: bool) -> (Term, Term) {
        let m = f.frac_bits();
        let u = self.fp_unpack(x, f);
        // Wide enough for every significand shifted past the target width.
        let w = n + m + 2;
        let sig = self.zext(u.sig, w - (m + 1));
        let zero = self.exp_const(0);
        let left = self.exp_min(u.exp, self.exp_const(n as i64 + 1));
        let right = self.exp_min(self.bvneg(u.exp), self.exp_const(w as i64));
        let mag = self.ite(
            self.bvsge(u.exp, zero),
            self.bvshl(sig, self.exp_as_width(self.exp_max(left, zero), w)),
            self.bvlshr(sig, self.exp_as_width(self.exp_max(right, zero), w)),
        );
        let limit = |v: u128| self.bv_const(v, w);
        let in_range = if signed {
            let half = 1u128 << (n - 1);
            self.ite(
                u.sign,
                self.bvule(mag, limit(half)),
                self.bvult(mag, limit(half)),
            )
        } else {
            let all = if n >= 128 { u128::MAX } else { 1u128 << n };
            self.ite(u.sign, self.eq(mag, limit(0)), self.bvult(mag, limit(all)))
        };
        let defined = self.and2(self.fp_is_finite(x, f), in_range);
        let value = self.ite(u.sign, self.bvneg(mag), mag);
        (self.extract(value, n - 1, 0), defined)
    }

    /// `x` rounded to an integral value in format `f` (C11 7.12.9; ±0, infinities and
    /// the sign of a zero result kept, NaNs quieted).
    pub fn fp_round_integral(&self, x: Term, mode: IntegralRounding, f: FloatFormat) -> Term {
        let m = f.frac_bits();
        let u = self.fp_unpack(x, f);
        let w = m + 2;
        let sig = self.zext(u.sig, 1);
        // Fraction bits: `-exp` of them (all of them when `-exp` exceeds the width).
        let sh = self.exp_min(self.bvneg(u.exp), self.exp_const(w as i64));
        let sh = self.exp_as_width(self.exp_max(sh, self.exp_const(0)), w);
        let one = self.bv_const(1, w);
        let zero = self.bv_const(0, w);
        let int_part = self.bvlshr(sig, sh);
        let frac_mask = self.bvsub(self.bvshl(one, sh), one);
        let has_frac = self.neq(self.bvand(sig, frac_mask), zero);
        let sh1 = self.bvsub(sh, one);
        let half = self.eq(self.bvand(self.bvlshr(sig, sh1), one), one);
        let below_mask = self.bvsub(self.bvshl(one, sh1), one);
        let below = self.neq(self.bvand(sig, below_mask), zero);
        let odd = self.eq(self.bvand(int_part, one), one);
        let up = match mode {
            IntegralRounding::Trunc => self.fls(),
            IntegralRounding::Floor => self.and2(u.sign, has_frac),
            IntegralRounding::Ceil => self.and2(self.not(u.sign), has_frac),
            IntegralRounding::HalfAway => half,
            IntegralRounding::HalfEven => self.and2(half, self.or2(below, odd)),
        };
        let r = self.ite(up, self.bvadd(int_part, one), int_part);
        let rounded = self.fp_round_pack(u.sign, self.exp_const(0), r, f);
        let integral = self.or2(
            self.bvsge(u.exp, self.exp_const(0)),
            self.not(self.fp_is_finite(x, f)),
        );
        let r = self.ite(integral, x, rounded);
        let r = self.ite(self.fp_is_zero(x, f), x, r);
        self.fp_propagate_nan(&[x], f, r)
    }

    /// `fmin`/`fmax` as glibc's x86-64 implementation computes them: a quiet NaN operand
    /// is ignored, a signalling one propagates as in arithmetic; otherwise `minsd`/`maxsd`
    /// semantics: the second operand when the comparison fails, which includes two zeros
    /// (C11 F.10.9.2 leaves the sign of that zero to the implementation: callers that
    /// want to stay independent of it treat that case separately).
    pub fn fp_min_max(&self, x: Term, y: Term, max: bool, f: FloatFormat) -> Term {
        let (nx, ny) = (self.fp_is_nan(x, f), self.fp_is_nan(y, f));
        let first = if max {
            self.fp_compare(FloatCmp::Gt, x, y, f)
        } else {
            self.fp_compare(FloatCmp::Lt, x, y, f)
        };
        let r = self.ite(first, x, y);
        let r = self.ite(ny, x, r);
        let r = self.ite(nx, y, r);
        let propagate = self.or(&[
            self.and2(nx, ny),
            self.fp_is_signalling(x, f),
            self.fp_is_signalling(y, f),
        ]);
        self.ite(propagate, self.fp_propagate_nan(&[x, y], f, r), r)
    }
}
