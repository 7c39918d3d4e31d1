//! Word-level circuits over AIG literals, least significant bit first, with the SMT-LIB
//! semantics of `logic::value` (the bit-blaster's property test holds them to it):
//! division by zero gives all ones, remainder by zero the dividend, shifts by the width or
//! more give zero (or the sign for `bvashr`).

use crate::aig::{Aig, Lit};

pub type Word = Vec<Lit>;

pub fn constant(value: u128, width: u32) -> Word {
    (0..width)
        .map(|i| {
            if i < 128 && (value >> i) & 1 == 1 {
                Lit::TRUE
            } else {
                Lit::FALSE
            }
        })
        .collect()
}

pub fn not(a: &[Lit]) -> Word {
    a.iter().map(|l| !*l).collect()
}

pub fn bitwise(g: &mut Aig, a: &[Lit], b: &[Lit], f: fn(&mut Aig, Lit, Lit) -> Lit) -> Word {
    a.iter().zip(b).map(|(x, y)| f(g, *x, *y)).collect()
}

pub fn mux(g: &mut Aig, c: Lit, a: &[Lit], b: &[Lit]) -> Word {
    a.iter().zip(b).map(|(x, y)| g.mux(c, *x, *y)).collect()
}

/// `a + b + carry_in`, truncated to the width; also the carry out.
pub fn add_carry(g: &mut Aig, a: &[Lit], b: &[Lit], carry_in: Lit) -> (Word, Lit) {
    let mut carry = carry_in;
    let mut out = Vec::with_capacity(a.len());
    for (x, y) in a.iter().zip(b) {
        let t = g.xor(*x, *y);
        out.push(g.xor(t, carry));
        let c1 = g.and(*x, *y);
        let c2 = g.and(t, carry);
        carry = g.or(c1, c2);
    }
    (out, carry)
}

pub fn add(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    add_carry(g, a, b, Lit::FALSE).0
}

pub fn sub(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    add_carry(g, a, &not(b), Lit::TRUE).0
}

pub fn neg(g: &mut Aig, a: &[Lit]) -> Word {
    let zero = constant(0, a.len() as u32);
    sub(g, &zero, a)
}

/// Shift-and-add multiplication, computing only the bits below the width.
pub fn mul(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let w = a.len();
    let mut acc = constant(0, w as u32);
    for (i, bi) in b.iter().enumerate() {
        if *bi == Lit::FALSE {
            continue;
        }
        // Partial product a·b_i shifted by i, bits i..w.
        let mut carry = Lit::FALSE;
        for j in i..w {
            let p = g.and(a[j - i], *bi);
            let t = g.xor(acc[j], p);
            let s = g.xor(t, carry);
            let c1 = g.and(acc[j], p);
            let c2 = g.and(t, carry);
            carry = g.or(c1, c2);
            acc[j] = s;
        }
    }
    acc
}

/// `a <u b`.
pub fn ult(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    // a - b borrows iff a < b: the carry of a + ¬b + 1 is 0.
    let (_, carry) = add_carry(g, a, &not(b), Lit::TRUE);
    !carry
}

pub fn ule(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    !ult(g, b, a)
}

/// `a <s b`: unsigned comparison with the sign bits swapped.
pub fn slt(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    let w = a.len();
    let mut a2 = a.to_vec();
    let mut b2 = b.to_vec();
    a2[w - 1] = !a[w - 1];
    b2[w - 1] = !b[w - 1];
    ult(g, &a2, &b2)
}

pub fn sle(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    !slt(g, b, a)
}

pub fn eq(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    let bits: Vec<Lit> = a.iter().zip(b).map(|(x, y)| g.iff(*x, *y)).collect();
    let mut acc = Lit::TRUE;
    for l in bits {
        acc = g.and(acc, l);
    }
    acc
}

/// Restoring division: quotient and remainder of unsigned words. With `b = 0` every step
/// subtracts nothing and succeeds, which gives exactly SMT-LIB's all-ones quotient and
/// the dividend as remainder.
pub fn udivrem(g: &mut Aig, a: &[Lit], b: &[Lit]) -> (Word, Word) {
    let w = a.len();
    let mut rem = constant(0, w as u32);
    let mut quot = vec![Lit::FALSE; w];
    for i in (0..w).rev() {
        // rem = (rem << 1) | a_i, with the bit shifted out kept: the partial remainder
        // before the subtraction needs w + 1 bits.
        let top = rem[w - 1];
        let mut shifted = Vec::with_capacity(w);
        shifted.push(a[i]);
        shifted.extend_from_slice(&rem[..w - 1]);
        // shifted (with `top` as bit w) >= b  <=>  top ∨ shifted >=u b.
        let ge = {
            let lt = ult(g, &shifted, b);
            g.or(top, !lt)
        };
        let diff = sub(g, &shifted, b);
        rem = mux(g, ge, &diff, &shifted);
        quot[i] = ge;
    }
    (quot, rem)
}

fn abs(g: &mut Aig, a: &[Lit]) -> Word {
    let n = neg(g, a);
    let sign = a[a.len() - 1];
    mux(g, sign, &n, a)
}

/// `bvsdiv`: the quotient of the magnitudes, negated when the signs differ.
pub fn sdiv(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let (sa, sb) = (a[a.len() - 1], b[b.len() - 1]);
    let (ma, mb) = (abs(g, a), abs(g, b));
    let (q, _) = udivrem(g, &ma, &mb);
    let nq = neg(g, &q);
    let differ = g.xor(sa, sb);
    mux(g, differ, &nq, &q)
}

/// `bvsrem`: the remainder of the magnitudes with the dividend's sign.
pub fn srem(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let sa = a[a.len() - 1];
    let (ma, mb) = (abs(g, a), abs(g, b));
    let (_, r) = udivrem(g, &ma, &mb);
    let nr = neg(g, &r);
    mux(g, sa, &nr, &r)
}

#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Shift {
    Left,
    LogicalRight,
    ArithmeticRight,
}

/// A barrel shifter over the low bits of the amount; an amount of the width or more gives
/// the fill (zero, or the sign for an arithmetic right shift).
pub fn shift(g: &mut Aig, a: &[Lit], amount: &[Lit], kind: Shift) -> Word {
    let w = a.len();
    let fill = match kind {
        Shift::ArithmeticRight => a[w - 1],
        _ => Lit::FALSE,
    };
    let mut stages = 0;
    while (1usize << stages) < w {
        stages += 1;
    }
    let mut cur = a.to_vec();
    for (k, bit) in amount.iter().enumerate().take(stages) {
        let by = 1usize << k;
        let shifted: Word = (0..w)
            .map(|i| match kind {
                Shift::Left => {
                    if i >= by {
                        cur[i - by]
                    } else {
                        Lit::FALSE
                    }
                }
                _ => {
                    if i + by < w {
                        cur[i + by]
                    } else {
                        fill
                    }
                }
            })
            .collect();
        cur = mux(g, *bit, &shifted, &cur);
    }
    // amount > w - 1: everything is shifted out.
    let limit = constant(w as u128 - 1, amount.len() as u32);
    let too_far = if amount.len() < 128 && (w as u128 - 1) >> amount.len() != 0 {
        Lit::FALSE
    } else {
        ult(g, &limit, amount)
    };
    cur.iter().map(|l| g.mux(too_far, fill, *l)).collect()
}

/// The fewest low bits of which `a` is the sign extension (at least one).
pub fn signed_width(a: &[Lit]) -> usize {
    let top = a[a.len() - 1];
    let same = a.iter().rev().take_while(|l| **l == top).count();
    a.len() + 1 - same
}

/// The fewest low bits of which `a` is the zero extension.
pub fn unsigned_width(a: &[Lit]) -> usize {
    a.len() - a.iter().rev().take_while(|l| **l == Lit::FALSE).count()
}

fn extend(a: &[Lit], width: usize, signed: bool) -> Word {
    let fill = if signed { a[a.len() - 1] } else { Lit::FALSE };
    let mut w = a.to_vec();
    w.resize(width, fill);
    w
}

/// The non-linear operators, which [`nonlinear`] builds at reduced width.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NonLinear {
    Mul,
    Udiv,
    Urem,
    Sdiv,
    Srem,
}

/// The width at which [`nonlinear`] builds `op` on `a` and `b`, and whether it extends
/// the result by its sign (else by zeros).
pub fn nonlinear_width(op: NonLinear, a: &[Lit], b: &[Lit]) -> (usize, bool) {
    let w = a.len();
    let (sa, sb) = (signed_width(a), signed_width(b));
    let (za, zb) = (unsigned_width(a).max(1), unsigned_width(b).max(1));
    match op {
        // The exact product of an sa-bit and an sb-bit number fits in sa + sb bits (signed)
        // or za + zb bits (unsigned), and the product modulo 2^w is its extension.
        NonLinear::Mul => {
            let (s, z) = ((sa + sb).min(w), (za + zb).min(w));
            if s <= z {
                (s, true)
            } else {
                (z, false)
            }
        }
        // Quotient and remainder are no wider than the operands; division by zero gives
        // all ones, which `nonlinear` extends with the "divisor is zero" bit.
        NonLinear::Udiv | NonLinear::Urem => (za.max(zb), false),
        // One more bit for the quotient: INT_MIN / -1 overflows only at the full width.
        // Division by zero gives -1 or 1, the same at every width.
        NonLinear::Sdiv => ((sa.max(sb) + 1).min(w), true),
        NonLinear::Srem => (sa.max(sb), true),
    }
}

/// `op` on `a` and `b`, built at the narrowest width that gives the same result: C's
/// integer promotions turn a `char % char` into the 32-bit remainder of two sign-extended
/// bytes, whose circuit is 16 times larger than the byte remainder's.
pub fn nonlinear(g: &mut Aig, op: NonLinear, a: &[Lit], b: &[Lit]) -> Word {
    let w = a.len();
    let (k, signed) = nonlinear_width(op, a, b);
    let (an, bn) = (&a[..k], &b[..k]);
    let r = match op {
        NonLinear::Mul => mul(g, an, bn),
        NonLinear::Udiv => udivrem(g, an, bn).0,
        NonLinear::Urem => udivrem(g, an, bn).1,
        NonLinear::Sdiv => sdiv(g, an, bn),
        NonLinear::Srem => srem(g, an, bn),
    };
    if op == NonLinear::Udiv && k < w {
        let zero = constant(0, k as u32);
        let by_zero = eq(g, bn, &zero);
        let mut q = r;
        q.resize(w, by_zero);
        return q;
    }
    extend(&r, w, signed)
}
