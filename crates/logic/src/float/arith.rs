//! The arithmetic operations of IEEE 754 §5.4.1: addition, subtraction, multiplication,
//! division and square root, each correctly rounded (one rounding of the exact result).

use super::FloatFormat;
use crate::term::{Term, TermStore};

/// Guard bits kept below the significand during addition: guard, round and sticky are
/// enough for a correctly rounded sum (the classic argument: bits shifted out only when
/// the exponents differ by two or more, and then the result loses at most one leading bit).
const ADD_GUARD: u32 = 3;

impl TermStore {
    /// `a + b`.
    pub fn fp_add(&self, a: Term, b: Term, f: FloatFormat) -> Term {
        self.fp_add_signed(a, b, b, f)
    }

    /// `a - b`: `a + (-b)`, except that a NaN `b` propagates with its own sign.
    pub fn fp_sub(&self, a: Term, b: Term, f: FloatFormat) -> Term {
        self.fp_add_signed(a, b, self.fp_neg(b, f), f)
    }

    /// `a + b_eff`, where `b_eff` is `b` or `-b`; NaNs propagate from `a` and `b`.
    fn fp_add_signed(&self, a: Term, b: Term, b_eff: Term, f: FloatFormat) -> Term {
        let (sa, sb) = (self.fp_sign(a, f), self.fp_sign(b_eff, f));
        let (inf_a, inf_b) = (self.fp_is_inf(a, f), self.fp_is_inf(b_eff, f));
        let finite = self.fp_add_finite(a, b_eff, f);
        let r = self.ite(inf_b, b_eff, finite);
        let r = self.ite(inf_a, a, r);
        let cancel = self.and(&[inf_a, inf_b, self.xor(sa, sb)]);
        let r = self.ite(cancel, self.fp_default_nan(f), r);
        self.fp_propagate_nan(&[a, b], f, r)
    }

    /// The sum of two finite values.
    fn fp_add_finite(&self, a: Term, b: Term, f: FloatFormat) -> Term {
        let m = f.frac_bits();
        let a_big = self.bvuge(self.fp_abs(a, f), self.fp_abs(b, f));
        let big = self.fp_unpack(self.ite(a_big, a, b), f);
        let small = self.fp_unpack(self.ite(a_big, b, a), f);
        // Both significands at `ADD_GUARD` bits above the big one's quantum, one carry
        // bit on top; the small one shifted right by the exponent difference, with the
        // bits shifted out collected into a sticky bit.
        let w = m + 1 + ADD_GUARD + 1;
        let widen = |sig: Term| {
            self.bvshl(
                self.zext(sig, w - (m + 1)),
                self.bv_const(ADD_GUARD as u128, w),
            )
        };
        let big_sig = widen(big.sig);
        let small_sig = widen(small.sig);
        let diff = self.bvsub(big.exp, small.exp);
        let diff = self.exp_min(diff, self.exp_const(w as i64));
        let diff = self.exp_as_width(diff, w);
        let shifted = self.bvlshr(small_sig, diff);
        let lost_mask = self.bvsub(self.bvshl(self.bv_const(1, w), diff), self.bv_const(1, w));
        let lost = self.neq(self.bvand(small_sig, lost_mask), self.bv_const(0, w));
        let shifted = self.ite(lost, self.bvor(shifted, self.bv_const(1, w)), shifted);
        let opposite = self.xor(big.sign, small.sign);
        let sum = self.ite(
            opposite,
            self.bvsub(big_sig, shifted),
            self.bvadd(big_sig, shifted),
        );
        let exp = self.bvsub(big.exp, self.exp_const(ADD_GUARD as i64));
        let r = self.fp_round_pack(big.sign, exp, sum, f);
        // An exact zero sum is +0 under round-to-nearest, unless both operands are −0
        // (IEEE 754 §6.3).
        let zero_sign = self.and2(self.fp_sign(a, f), self.fp_sign(b, f));
        self.ite(
            self.eq(sum, self.bv_const(0, w)),
            self.fp_signed(zero_sign, 0, f),
            r,
        )
    }

    /// `a * b`.
    pub fn fp_mul(&self, a: Term, b: Term, f: FloatFormat) -> Term {
        let m = f.frac_bits();
        let sign = self.xor(self.fp_sign(a, f), self.fp_sign(b, f));
        let (inf_a, inf_b) = (self.fp_is_inf(a, f), self.fp_is_inf(b, f));
        let (zero_a, zero_b) = (self.fp_is_zero(a, f), self.fp_is_zero(b, f));
        let (ua, ub) = (self.fp_unpack(a, f), self.fp_unpack(b, f));
        // The exact product: 2(m+1) bits, no sticky bit needed.
        let w = 2 * (m + 1);
        let sig = self.bvmul(self.zext(ua.sig, m + 1), self.zext(ub.sig, m + 1));
        debug_assert_eq!(self.sort(sig).bv_width(), Some(w));
        let r = self.fp_round_pack(sign, self.bvadd(ua.exp, ub.exp), sig, f);
        let r = self.ite(
            self.or2(inf_a, inf_b),
            self.fp_signed(sign, f.inf_bits(), f),
            r,
        );
        let invalid = self.or2(self.and2(inf_a, zero_b), self.and2(zero_a, inf_b));
        let r = self.ite(invalid, self.fp_default_nan(f), r);
        self.fp_propagate_nan(&[a, b], f, r)
    }

    /// `a / b` (IEEE 754 §7.3: a finite nonzero `a` over zero is an infinity, with gcc's
    /// `__STDC_IEC_559__` C Annex F semantics rather than C11 6.5.5:5's undefined
    /// behaviour).
    pub fn fp_div(&self, a: Term, b: Term, f: FloatFormat) -> Term {
        let m = f.frac_bits();
        let sign = self.xor(self.fp_sign(a, f), self.fp_sign(b, f));
        let (inf_a, inf_b) = (self.fp_is_inf(a, f), self.fp_is_inf(b, f));
        let (zero_a, zero_b) = (self.fp_is_zero(a, f), self.fp_is_zero(b, f));
        let (na, ea) = self.fp_normalized(a, f);
        let (nb, eb) = self.fp_normalized(b, f);
        // Both significands in [2^m, 2^(m+1)): the quotient of `na · 2^k` by `nb` has at
        // least k bits, two more than the precision needs, and the remainder is the
        // sticky bit.
        let k = m + 4;
        let w = (m + 1) + k;
        let num = self.bvshl(self.zext(na, k), self.bv_const(k as u128, w));
        let den = self.zext(nb, k);
        let q = self.bvudiv(num, den);
        let rem = self.bvurem(num, den);
        let q = self.ite(
            self.neq(rem, self.bv_const(0, w)),
            self.bvor(q, self.bv_const(1, w)),
            q,
        );
        let exp = self.bvsub(self.bvsub(ea, eb), self.exp_const(k as i64));
        let r = self.fp_round_pack(sign, exp, q, f);
        let inf = self.fp_signed(sign, f.inf_bits(), f);
        let zero = self.fp_signed(sign, 0, f);
        let r = self.ite(zero_b, inf, r);
        let r = self.ite(self.or2(zero_a, inf_b), zero, r);
        let r = self.ite(inf_a, inf, r);
        let invalid = self.or2(self.and2(inf_a, inf_b), self.and2(zero_a, zero_b));
        let r = self.ite(invalid, self.fp_default_nan(f), r);
        self.fp_propagate_nan(&[a, b], f, r)
    }

    /// The significand of a finite nonzero `x` shifted so that its leading bit is at
    /// position `frac_bits` (subnormals normalized), with the matching exponent.
    pub(crate) fn fp_normalized(&self, x: Term, f: FloatFormat) -> (Term, Term) {
        let u = self.fp_unpack(x, f);
        let w = f.frac_bits() + 1;
        let lz = self.count_leading_zeros(u.sig);
        let lz = self.exp_min(lz, self.exp_const(w as i64 - 1));
        let sig = self.bvshl(u.sig, self.exp_as_width(lz, w));
        (sig, self.bvsub(u.exp, lz))
    }

    /// `sqrt(x)` (IEEE 754 §5.4.1 squareRoot; `sqrt(-0) = -0`, C11 F.10.4.5).
    pub fn fp_sqrt(&self, x: Term, f: FloatFormat) -> Term {
        let m = f.frac_bits();
        let (n, e) = self.fp_normalized(x, f);
        // `n · 2^e` = `(n · 2^(2k + odd)) · 2^(e - 2k - odd)` with an even exponent; the
        // integer root of the first factor has m/2 + k ≥ m + 3 bits.
        let k = m / 2 + 3;
        let odd = self.extract(e, 0, 0);
        let w = {
            let w = (m + 1) + 2 * k + 1;
            w + (w & 1)
        };
        let wide = self.zext(n, w - (m + 1));
        let shift = self.bvadd(self.bv_const(2 * k as u128, w), self.zext(odd, w - 1));
        let radicand = self.bvshl(wide, shift);
        let e2 = self.bvsub(
            self.bvsub(e, self.exp_const(2 * k as i64)),
            self.zext(odd, super::EXP_WIDTH - 1),
        );
        let half_exp = self.bvashr(e2, self.exp_const(1));
        let (root, rem) = self.isqrt(radicand);
        let root = self.ite(
            self.neq(rem, self.bv_const(0, w)),
            self.bvor(root, self.bv_const(1, w)),
            root,
        );
        let r = self.fp_round_pack(self.fls(), half_exp, root, f);
        let r = self.ite(self.fp_is_inf(x, f), x, r);
        let negative = self.and2(self.fp_sign(x, f), self.not(self.fp_is_zero(x, f)));
        let r = self.ite(negative, self.fp_default_nan(f), r);
        let r = self.ite(self.fp_is_zero(x, f), x, r);
        self.fp_propagate_nan(&[x], f, r)
    }

    /// Integer square root of an even-width bit-vector, digit by digit (two bits of the
    /// radicand per bit of the root, subtractions only): `(⌊√x⌋, x − ⌊√x⌋²)`.
    fn isqrt(&self, x: Term) -> (Term, Term) {
        let w = self.sort(x).bv_width().expect("a bit-vector");
        debug_assert!(w.is_multiple_of(2));
        let mut rem = x;
        let mut root = self.bv_const(0, w);
        let mut bit = 1u128 << (w - 2);
        let one = self.bv_const(1, w);
        while bit != 0 {
            let b = self.bv_const(bit, w);
            let trial = self.bvadd(root, b);
            let fits = self.bvuge(rem, trial);
            rem = self.ite(fits, self.bvsub(rem, trial), rem);
            let halved = self.bvlshr(root, one);
            root = self.ite(fits, self.bvadd(halved, b), halved);
            bit >>= 2;
        }
        (root, rem)
    }
}
