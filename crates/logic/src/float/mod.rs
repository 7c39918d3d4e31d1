//! IEEE 754 binary32 and binary64 as bit-vector terms: a floating-point value *is* its
//! bit pattern (a `Bv(32)` or `Bv(64)` term), and every operation is a bit-vector term
//! over those patterns that computes exactly what x86-64 with SSE computes
//! (round-to-nearest-even, subnormals kept, no flush-to-zero).
//!
//! Why bit-vectors and no floating-point sort: every consumer of terms — the SMT engines,
//! the bit-blaster of the transition-system engines, CEGAR's predicates, the evaluator,
//! the simplifier, witnesses — already speaks bit-vectors, so floating point reaches every
//! engine at once, with one semantics, and the concrete evaluator *is* the reference the
//! differential test compares against gcc. The encoding is the classic one of software
//! floating point (unpack, exact integer operation with guard and sticky bits, one
//! rounding): IEEE 754-2008 §4.3 (rounding), §5.4 (operations), §6.2 (NaNs), §5.11
//! (comparisons).
//!
//! NaN results follow x86 SSE (Intel SDM vol. 1, table 4-7), which is what a replayed
//! program sees when it inspects the bits of a NaN: an operation with a NaN operand returns
//! the first NaN operand (left to right), quieted; an invalid operation (∞ − ∞, 0 · ∞,
//! 0/0, ∞/∞, √−x) returns the default NaN (sign set, quiet bit set, payload zero).
//!
//! Layout: `mod.rs` formats, classification, unpacking and the one rounding function;
//! `arith.rs` the arithmetic; `convert.rs` conversions, rounding to integers and
//! comparisons.

mod arith;
mod convert;

pub use convert::{FloatCmp, IntegralRounding};

use crate::term::{Term, TermStore};

/// Width of the signed bit-vectors that carry exponents inside an operation: wide enough
/// for the sum of two binary64 exponents and the shifts of division and square root.
const EXP_WIDTH: u32 = 16;

/// An IEEE 754 binary interchange format.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum FloatFormat {
    /// binary32: C's `float`.
    Single,
    /// binary64: C's `double`.
    Double,
}

impl FloatFormat {
    /// Total width of the bit pattern.
    pub fn width(self) -> u32 {
        match self {
            FloatFormat::Single => 32,
            FloatFormat::Double => 64,
        }
    }

    /// Width of the biased exponent field.
    pub fn exp_bits(self) -> u32 {
        match self {
            FloatFormat::Single => 8,
            FloatFormat::Double => 11,
        }
    }

    /// Width of the trailing significand field (the precision less the hidden bit).
    pub fn frac_bits(self) -> u32 {
        self.width() - 1 - self.exp_bits()
    }

    pub fn bias(self) -> i64 {
        (1 << (self.exp_bits() - 1)) - 1
    }

    /// Exponent of the smallest normal number.
    fn emin(self) -> i64 {
        1 - self.bias()
    }

    /// Exponent of the largest finite number.
    fn emax(self) -> i64 {
        self.bias()
    }

    fn sign_mask(self) -> u128 {
        1u128 << (self.width() - 1)
    }

    /// The pattern of +∞.
    pub fn inf_bits(self) -> u128 {
        ((1u128 << self.exp_bits()) - 1) << self.frac_bits()
    }

    /// The bit that distinguishes quiet from signalling NaNs (set: quiet).
    pub fn quiet_bit(self) -> u128 {
        1u128 << (self.frac_bits() - 1)
    }

    /// x86's default NaN: sign set, quiet, payload zero (`0xffc00000` for binary32).
    pub fn default_nan(self) -> u128 {
        self.sign_mask() | self.inf_bits() | self.quiet_bit()
    }

    pub fn name(self) -> &'static str {
        match self {
            FloatFormat::Single => "float",
            FloatFormat::Double => "double",
        }
    }
}

/// A finite value as `(-1)^sign · sig · 2^exp`: `sig` has the hidden bit made explicit
/// (`frac_bits + 1` bits, zero for subnormals) and `exp` is the exponent of its least
/// significant bit (`EXP_WIDTH` bits, two's complement).
pub(crate) struct Unpacked {
    pub sign: Term,
    pub exp: Term,
    pub sig: Term,
}

impl TermStore {
    /// The floating-point constant with bit pattern `bits`.
    pub fn fp_bits(&self, bits: u128, f: FloatFormat) -> Term {
        self.bv_const(bits, f.width())
    }

    /// The sign bit, as a truth value (set for negative numbers, −0 and negative NaNs).
    pub fn fp_sign(&self, x: Term, f: FloatFormat) -> Term {
        let w = f.width();
        self.eq(self.extract(x, w - 1, w - 1), self.bv_const(1, 1))
    }

    fn fp_exp_field(&self, x: Term, f: FloatFormat) -> Term {
        self.extract(x, f.width() - 2, f.frac_bits())
    }

    fn fp_frac_field(&self, x: Term, f: FloatFormat) -> Term {
        self.extract(x, f.frac_bits() - 1, 0)
    }

    /// `x` with the sign bit cleared: the magnitude's bit pattern.
    pub fn fp_abs(&self, x: Term, f: FloatFormat) -> Term {
        self.bvand(x, self.bv_const(!f.sign_mask(), f.width()))
    }

    /// `-x`: the sign bit flipped, for every `x` including NaNs (x86 negates by `xorps`).
    pub fn fp_neg(&self, x: Term, f: FloatFormat) -> Term {
        self.bvxor(x, self.bv_const(f.sign_mask(), f.width()))
    }

    /// `copysign(x, y)`: the magnitude of `x` with the sign of `y` (C11 7.12.11.1).
    pub fn fp_copysign(&self, x: Term, y: Term, f: FloatFormat) -> Term {
        let sign = self.bvand(y, self.bv_const(f.sign_mask(), f.width()));
        self.bvor(self.fp_abs(x, f), sign)
    }

    pub fn fp_is_nan(&self, x: Term, f: FloatFormat) -> Term {
        self.bvugt(self.fp_abs(x, f), self.bv_const(f.inf_bits(), f.width()))
    }

    pub fn fp_is_inf(&self, x: Term, f: FloatFormat) -> Term {
        self.eq(self.fp_abs(x, f), self.bv_const(f.inf_bits(), f.width()))
    }

    /// `x` is +0 or −0.
    pub fn fp_is_zero(&self, x: Term, f: FloatFormat) -> Term {
        self.eq(self.fp_abs(x, f), self.bv_const(0, f.width()))
    }

    /// `x` is neither infinite nor NaN.
    pub fn fp_is_finite(&self, x: Term, f: FloatFormat) -> Term {
        self.bvult(self.fp_abs(x, f), self.bv_const(f.inf_bits(), f.width()))
    }

    /// `x` is a nonzero number below the smallest normal in magnitude.
    pub fn fp_is_subnormal(&self, x: Term, f: FloatFormat) -> Term {
        let zero_exp = self.eq(self.fp_exp_field(x, f), self.bv_const(0, f.exp_bits()));
        self.and2(zero_exp, self.not(self.fp_is_zero(x, f)))
    }

    /// `x` is a signalling NaN (a NaN with the quiet bit clear).
    pub fn fp_is_signalling(&self, x: Term, f: FloatFormat) -> Term {
        let quiet_clear = self.eq(
            self.bvand(x, self.bv_const(f.quiet_bit(), f.width())),
            self.bv_const(0, f.width()),
        );
        self.and2(self.fp_is_nan(x, f), quiet_clear)
    }

    /// `x` with the quiet bit set (IEEE 754 §6.2: an operation returns quiet NaNs).
    pub fn fp_quiet(&self, x: Term, f: FloatFormat) -> Term {
        self.bvor(x, self.bv_const(f.quiet_bit(), f.width()))
    }

    pub(crate) fn fp_default_nan(&self, f: FloatFormat) -> Term {
        self.fp_bits(f.default_nan(), f)
    }

    /// Signed zero or infinity with the given sign (a truth value).
    pub(crate) fn fp_signed(&self, sign: Term, magnitude: u128, f: FloatFormat) -> Term {
        let w = f.width();
        self.ite(
            sign,
            self.bv_const(magnitude | f.sign_mask(), w),
            self.bv_const(magnitude, w),
        )
    }

    /// The result of an operation with NaN operands (x86: the first NaN, quieted), or
    /// `otherwise` when neither operand is a NaN.
    pub fn fp_propagate_nan(&self, operands: &[Term], f: FloatFormat, otherwise: Term) -> Term {
        operands.iter().rev().fold(otherwise, |acc, &x| {
            self.ite(self.fp_is_nan(x, f), self.fp_quiet(x, f), acc)
        })
    }

    pub(crate) fn exp_const(&self, v: i64) -> Term {
        self.bv_signed(v as i128, EXP_WIDTH)
    }

    /// Splits a finite `x` into sign, significand and exponent (see [`Unpacked`]).
    pub(crate) fn fp_unpack(&self, x: Term, f: FloatFormat) -> Unpacked {
        let m = f.frac_bits();
        let ef = self.fp_exp_field(x, f);
        let subnormal = self.eq(ef, self.bv_const(0, f.exp_bits()));
        let hidden = self.ite(subnormal, self.bv_const(0, 1), self.bv_const(1, 1));
        let sig = self.concat(hidden, self.fp_frac_field(x, f));
        let normal_exp = self.bvadd(
            self.zext(ef, EXP_WIDTH - f.exp_bits()),
            self.exp_const(-f.bias() - m as i64),
        );
        let exp = self.ite(subnormal, self.exp_const(f.emin() - m as i64), normal_exp);
        Unpacked {
            sign: self.fp_sign(x, f),
            exp,
            sig,
        }
    }

    /// Number of leading zero bits of `x` (`EXP_WIDTH` bits); meaningless for `x = 0`.
    /// A binary search over the width: log2 steps of test-and-shift.
    pub(crate) fn count_leading_zeros(&self, x: Term) -> Term {
        let w = self.sort(x).bv_width().expect("a bit-vector");
        let mut n = self.exp_const(0);
        let mut v = x;
        let mut k = 1u32;
        while k * 2 < w {
            k *= 2;
        }
        while k >= 1 {
            if k < w {
                let top_zero = self.eq(self.extract(v, w - 1, w - k), self.bv_const(0, k));
                v = self.ite(top_zero, self.bvshl(v, self.bv_const(k as u128, w)), v);
                n = self.ite(top_zero, self.bvadd(n, self.exp_const(k as i64)), n);
            }
            k /= 2;
        }
        n
    }

    /// A non-negative exponent-sized value known to be below `2^w`, as `w` bits (a shift
    /// amount for a `w`-bit operand).
    pub(crate) fn exp_as_width(&self, x: Term, w: u32) -> Term {
        let xw = self.sort(x).bv_width().expect("a bit-vector");
        match xw.cmp(&w) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Less => self.zext(x, w - xw),
            std::cmp::Ordering::Greater => self.extract(x, w - 1, 0),
        }
    }

    /// The signed minimum and maximum of two exponents.
    pub(crate) fn exp_min(&self, a: Term, b: Term) -> Term {
        self.ite(self.bvslt(a, b), a, b)
    }

    pub(crate) fn exp_max(&self, a: Term, b: Term) -> Term {
        self.ite(self.bvslt(a, b), b, a)
    }

    /// Rounds `(-1)^sign · sig · 2^exp` to the nearest value of format `f`, ties to even
    /// (IEEE 754 §4.3.1), and packs it: subnormal results keep the bits above the
    /// smallest subnormal's quantum, results beyond the largest finite value become
    /// infinities, and `sig = 0` gives a zero of the given sign.
    ///
    /// `sig` may carry a sticky bit in its least significant position (an inexact
    /// operation ORs "some nonzero bits were dropped" into it); callers keep at least two
    /// bits below the rounding position, so the sticky bit never reaches it.
    pub(crate) fn fp_round_pack(&self, sign: Term, exp: Term, sig: Term, f: FloatFormat) -> Term {
        let m = f.frac_bits();
        let n = self.sort(sig).bv_width().expect("a bit-vector");
        // At least a guard and a round bit below the kept precision.
        let w = n.max(m + 3);
        let sig = if w > n { self.zext(sig, w - n) } else { sig };
        let lz = self.count_leading_zeros(sig);
        let norm = self.bvshl(sig, self.exp_as_width(lz, w));
        // Exponent of the leading bit.
        let e_msb = self.bvsub(self.bvadd(exp, self.exp_const(w as i64 - 1)), lz);
        let overflow = self.bvsgt(e_msb, self.exp_const(f.emax()));
        // Bits kept above the quantum: the precision for normal results, fewer below
        // the normal range (gradual underflow, §3.4); possibly none at all.
        let d = self.exp_min(
            self.exp_const(m as i64),
            self.bvadd(e_msb, self.exp_const(m as i64 - f.emin())),
        );
        let s = self.bvsub(self.exp_const(w as i64 - 1), d);
        let s = self.exp_min(s, self.exp_const(w as i64 + 1));
        let s = self.exp_as_width(s, w);
        let one = self.bv_const(1, w);
        let kept = self.bvlshr(norm, s);
        let s1 = self.bvsub(s, one);
        let half = self.eq(self.bvand(self.bvlshr(norm, s1), one), one);
        let below = self.bvsub(self.bvshl(one, s1), one);
        let sticky = self.neq(self.bvand(norm, below), self.bv_const(0, w));
        let odd = self.eq(self.bvand(kept, one), one);
        let up = self.and2(half, self.or2(sticky, odd));
        let rounded = self.ite(up, self.bvadd(kept, one), kept);
        // Packing by addition: the hidden bit of a normal result adds one to the exponent
        // field, and a rounding carry into the next binade adds one more, which is exactly
        // the next exponent with a zero fraction (or the smallest normal number, coming
        // from the subnormal range).
        // The packed magnitude never exceeds the infinity's pattern (the exponent is at most
        // `emax` here), so the format's width holds it.
        let pw = f.width();
        let base = self.exp_max(
            self.bvadd(e_msb, self.exp_const(f.bias() - 1)),
            self.exp_const(0),
        );
        let base = self.ite(overflow, self.exp_const(0), base);
        let field = self.bvshl(self.exp_as_width(base, pw), self.bv_const(m as u128, pw));
        let rounded = if w >= pw {
            self.extract(rounded, pw - 1, 0)
        } else {
            self.zext(rounded, pw - w)
        };
        let packed = self.bvadd(field, rounded);
        let inf = self.bv_const(f.inf_bits(), pw);
        let magnitude = self.ite(self.or2(overflow, self.bvuge(packed, inf)), inf, packed);
        let magnitude = self.ite(
            self.eq(sig, self.bv_const(0, w)),
            self.bv_const(0, pw),
            magnitude,
        );
        let sign_bit = self.bv_const(f.sign_mask(), pw);
        self.ite(sign, self.bvor(magnitude, sign_bit), magnitude)
    }
}
