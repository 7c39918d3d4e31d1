//! Bit-vector terms as integer terms, exactly, and integer formulas back as bit-vector
//! formulas, exactly: the two directions the `chc` engine needs to let a solver that is
//! strong on linear integer arithmetic (Spacer) work on a program whose semantics is
//! bit-vectors, and to check its answer on the bit-vectors again.
//!
//! **To integers** ([`ToInt`]): a bit-vector of width `w` is the integer it denotes
//! read as two's complement (signed, in `[-2^(w-1), 2^(w-1))`) for `w > 1`, and unsigned
//! (`{0, 1}`) for `w = 1`; every operator is its integer meaning followed by the wrap-around
//! of `w` bits (an `ite` for `+`, `-` and negation, `mod 2^w` for multiplication by a
//! constant and shifts), so the translation is exact for every value, not an
//! approximation that assumes no overflow. What linear arithmetic cannot say (a product
//! of two variables, division by a variable, bitwise `and`/`or`/`xor` other than masks and
//! single bits, floating point through those) is [`Untranslatable`]: the caller keeps the
//! bit-vectors — or, with [`ToInt::abstracting`], over-approximated (`opaque.rs`).
//! Variables get range constraints ([`ToInt::ranges`]). Two variants are not exact on
//! their own and say so: without wrap-around ([`ToInt::without_wrap`], `guard.rs`: the
//! arithmetic as integers, the wrap-arounds as conditions of their own) and abstracting;
//! their users check every answer on the bit-vectors.
//!
//! **Back** ([`to_bv`]): an integer formula over variables that stand for bit-vectors
//! (Spacer's invariants) is evaluated in bit-vectors wide enough that no sub-term can
//! overflow — the width is computed from bounds on every sub-term's magnitude — so the
//! bit-vector formula means exactly what the integer formula means.

use crate::sort::{ScalarSort, Sort};
use crate::term::{Op, Term, TermStore, VarId};
use rustc_hash::FxHashMap;

mod back;
mod guard;
mod opaque;

pub use back::to_bv;

/// Why a term has no exact linear-integer translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untranslatable(pub String);

/// The widest bit-vector translated (`2^w` must be an `i128`).
const MAX_WIDTH: u32 = 120;

/// Whether a width is read unsigned (see the module docs).
fn unsigned(w: u32) -> bool {
    w <= 1
}

/// The integer sort of a sort (bit-vectors become integers, inside arrays too).
pub fn int_sort(s: Sort) -> Sort {
    let scalar = |s: ScalarSort| match s {
        ScalarSort::Bv(_) => ScalarSort::Int,
        s => s,
    };
    match s {
        Sort::Bv(_) => Sort::Int,
        Sort::Array(i, e) => Sort::Array(scalar(i), scalar(e)),
        s => s,
    }
}

/// The translation to integers; memoised, with the variables it met.
pub struct ToInt<'s> {
    store: &'s TermStore,
    memo: FxHashMap<Term, Term>,
    /// Quotient and remainder variables of divisions by constants, with their
    /// definitions in `side`.
    divisions: FxHashMap<(Term, i128), (Term, Term)>,
    side: Vec<Term>,
    /// Each bit-vector (or array) variable met, with its integer variable.
    vars: FxHashMap<VarId, Term>,
    suffix: String,
    /// Arithmetic without wrap-around (see [`ToInt::without_wrap`]).
    no_wrap: bool,
    /// Without wrap-around: each bit-vector term whose operator may wrap, with the
    /// condition that its exact integer is in range.
    obligations: FxHashMap<Term, Term>,
    /// [`ToInt::ok`] of each term.
    ok_memo: FxHashMap<Term, Term>,
    /// Over-approximate instead of refusing (see [`ToInt::abstracting`]).
    abstracting: bool,
    abstracted: usize,
}

impl<'s> ToInt<'s> {
    /// Integer variables are named `<name><suffix>`.
    pub fn new(store: &'s TermStore, suffix: &str) -> Self {
        ToInt {
            store,
            memo: FxHashMap::default(),
            divisions: FxHashMap::default(),
            side: Vec::new(),
            vars: FxHashMap::default(),
            suffix: suffix.to_string(),
            no_wrap: false,
            obligations: FxHashMap::default(),
            ok_memo: FxHashMap::default(),
            abstracting: false,
            abstracted: 0,
        }
    }

    /// The integer variable of variable `v` (itself when it has no bit-vectors).
    pub fn var(&mut self, v: VarId) -> Term {
        let s = self.store;
        let sort = s.var_sort(v);
        if int_sort(sort) == sort {
            return s.var_term(v);
        }
        if let Some(t) = self.vars.get(&v) {
            return *t;
        }
        let t = s.var(&format!("{}{}", s.var_name(v), self.suffix), int_sort(sort));
        self.vars.insert(v, t);
        t
    }

    /// The range constraint of the integer variable of `v` (`true` for sorts without one).
    pub fn range(&mut self, v: VarId) -> Term {
        let s = self.store;
        match s.var_sort(v) {
            Sort::Bv(w) => {
                let x = self.var(v);
                let (lo, hi) = bounds(w);
                s.and(&[s.int_le(s.int_const(lo), x), s.int_lt(x, s.int_const(hi))])
            }
            // Arrays: their elements are read through `select`, whose results are not
            // constrained; an array variable's elements in range would need a quantifier.
            // Exactness does not need them: a translated program only stores in-range
            // values, and reads of an unconstrained initial array are arbitrary either way.
            _ => s.tru(),
        }
    }

    /// The range constraints of every variable of `t`.
    pub fn ranges(&mut self, t: Term) -> Term {
        let vars: Vec<VarId> = self.store.free_vars(t).into_iter().collect();
        let parts: Vec<Term> = vars.into_iter().map(|v| self.range(v)).collect();
        self.store.and(&parts)
    }

    /// The definitions of the quotients and remainders the translated terms use (a
    /// division `x / d` by a constant is a fresh `q` with a fresh `r`, `x = d·q + r`,
    /// `0 ≤ r < d`: linear, where `div` and `mod` terms slow Spacer down). They hold for
    /// exactly one `q`, `r` whatever `x` is, so they may be conjoined to any clause that
    /// uses the terms, under any condition.
    pub fn side_conditions(&self) -> Term {
        self.store.and(&self.side)
    }

    /// `(x div d, x mod d)` for a constant `d > 0` (Euclidean, as SMT-LIB's).
    fn divmod(&mut self, x: Term, d: i128) -> (Term, Term) {
        if let Some(qr) = self.divisions.get(&(x, d)) {
            return *qr;
        }
        let s = self.store;
        let q = s.fresh_var("div", Sort::Int);
        let r = s.fresh_var("mod", Sort::Int);
        let k = |v: i128| s.int_const(v);
        self.side.push(s.eq(x, s.int_add(s.int_mul(k(d), q), r)));
        self.side.push(s.int_le(k(0), r));
        self.side.push(s.int_lt(r, k(d)));
        self.divisions.insert((x, d), (q, r));
        (q, r)
    }

    fn quot(&mut self, x: Term, d: i128) -> Term {
        self.divmod(x, d).0
    }

    fn rem(&mut self, x: Term, d: i128) -> Term {
        self.divmod(x, d).1
    }

    /// Any integer `x` brought into the range of `w` bits (modulo `2^w`).
    fn normalize(&mut self, x: Term, w: u32) -> Term {
        let s = self.store;
        let (lo, _) = bounds(w);
        // ((x - lo) mod 2^w) + lo.
        let r = self.rem(s.int_sub(x, s.int_const(lo)), 1i128 << w);
        s.int_add(r, s.int_const(lo))
    }

    /// The integer term of `t`.
    pub fn term(&mut self, t: Term) -> Result<Term, Untranslatable> {
        if let Some(x) = self.memo.get(&t) {
            return Ok(*x);
        }
        for n in self.store.postorder(t, true) {
            if self.memo.contains_key(&n) {
                continue;
            }
            let x = self.node(n)?;
            self.memo.insert(n, x);
        }
        Ok(self.memo[&t])
    }

    fn node(&mut self, t: Term) -> Result<Term, Untranslatable> {
        let s = self.store;
        let (op, sort, args) = s.node(t);
        let a: Vec<Term> = args.iter().map(|x| self.memo[x]).collect();
        let w = |x: Term| s.sort(x).bv_width().unwrap_or(0);
        let k = |v: i128| s.int_const(v);
        if let Sort::Bv(width) = sort {
            if width > MAX_WIDTH {
                return Err(Untranslatable(format!("a {width}-bit value")));
            }
        }
        for x in args.iter() {
            if w(*x) > MAX_WIDTH {
                return Err(Untranslatable(format!("a {}-bit value", w(*x))));
            }
        }
        let width = sort.bv_width().unwrap_or(0);
        // The value of argument i read unsigned / signed (in its own width).
        let u = |i: usize| to_unsigned(s, a[i], w(args[i]));
        let sg = |i: usize| to_signed(s, a[i], w(args[i]));
        // A result computed unsigned / signed, in the result's representation.
        let from_u = |x: Term| from_unsigned(s, x, width);
        let from_s = |x: Term| from_signed(s, x, width);
        let konst = |i: usize| s.as_bv_const(args[i]);
        Ok(match op {
            Op::Var(v) => self.var(v),
            Op::BvConst(v, w) => {
                if unsigned(w) {
                    k(v as i128)
                } else {
                    k(crate::value::to_signed(v, w))
                }
            }
            Op::BoolConst(_) | Op::IntConst(_) => t,
            Op::ConstArray(i) => {
                let index = match i {
                    ScalarSort::Bv(_) => ScalarSort::Int,
                    i => i,
                };
                s.const_array(index, a[0])
            }
            Op::Forall | Op::Exists => return Err(Untranslatable("a quantifier".into())),
            Op::BvNeg => {
                let x = s.int_neg(a[0]);
                self.arith(t, x, width, || wrap(s, x, width))
            }
            Op::BvNot => {
                if unsigned(width) {
                    s.int_sub(k(1), a[0])
                } else {
                    s.int_sub(s.int_neg(a[0]), k(1))
                }
            }
            Op::BvAdd => {
                let x = s.int_add(a[0], a[1]);
                self.arith(t, x, width, || wrap(s, x, width))
            }
            Op::BvSub => {
                let x = s.int_sub(a[0], a[1]);
                self.arith(t, x, width, || wrap(s, x, width))
            }
            Op::BvMul => match (konst(0), konst(1)) {
                (Some((c, w)), _) | (_, Some((c, w))) => {
                    let x = if konst(0).is_some() { a[1] } else { a[0] };
                    let c = crate::value::to_signed(c, w);
                    if self.no_wrap && !unsigned(width) {
                        // Linear: a product by a constant.
                        let exact = s.int_mul(k(c), x);
                        self.arith(t, exact, width, || exact)
                    } else if c.unsigned_abs() <= MAX_SMALL_FACTOR {
                        mul_small(s, x, c, width)
                    } else {
                        self.normalize(s.int_mul(a[0], a[1]), width)
                    }
                }
                _ => return self.opaque(op, &args, &a, width),
            },
            Op::BvUdiv => match konst(1) {
                Some((0, _)) => from_u(k(max_unsigned(width))),
                Some((d, _)) => from_u(self.quot(u(0), d as i128)),
                None => return self.opaque(op, &args, &a, width),
            },
            Op::BvUrem => match konst(1) {
                Some((0, _)) => a[0],
                Some((d, _)) => from_u(self.rem(u(0), d as i128)),
                None => return self.opaque(op, &args, &a, width),
            },
            Op::BvSdiv | Op::BvSrem => {
                let d = match konst(1) {
                    Some((d, w)) if crate::value::to_signed(d, w) > 0 => {
                        crate::value::to_signed(d, w)
                    }
                    _ => return self.opaque(op, &args, &a, width),
                };
                // C's division truncates towards zero; SMT-LIB's `div` floors.
                let x = sg(0);
                let nonneg = s.int_le(k(0), x);
                let (up, down) = (self.quot(x, d), self.quot(s.int_neg(x), d));
                let q = s.ite(nonneg, up, s.int_neg(down));
                if op == Op::BvSdiv {
                    from_s(q)
                } else {
                    from_s(s.int_sub(x, s.int_mul(k(d), q)))
                }
            }
            Op::BvShl => match konst(1) {
                Some((n, _)) if n >= width as u128 => k(0),
                Some((n, _)) if self.no_wrap && !unsigned(width) => {
                    let exact = s.int_mul(a[0], k(1i128 << n));
                    self.arith(t, exact, width, || exact)
                }
                Some((n, _)) if (1u128 << n) <= MAX_SMALL_FACTOR => {
                    mul_small(s, a[0], 1i128 << n, width)
                }
                Some((n, _)) => self.normalize(s.int_mul(a[0], k(1i128 << n)), width),
                None => return self.opaque(op, &args, &a, width),
            },
            Op::BvLshr => match konst(1) {
                Some((n, _)) if n >= width as u128 => k(0),
                Some((n, _)) => from_u(self.quot(u(0), 1i128 << n)),
                None => return self.opaque(op, &args, &a, width),
            },
            Op::BvAshr => match konst(1) {
                Some((n, _)) => {
                    let n = n.min(width as u128 - 1);
                    from_s(self.quot(sg(0), 1i128 << n))
                }
                None => return self.opaque(op, &args, &a, width),
            },
            Op::BvAnd | Op::BvOr | Op::BvXor => self.bitwise(op, &args, &a, width)?,
            Op::Concat => {
                let low = w(args[1]);
                from_u(s.int_add(s.int_mul(u(0), k(1i128 << low)), u(1)))
            }
            Op::Extract(hi, lo) => {
                let x = self.quot(u(0), 1i128 << lo);
                from_u(self.rem(x, 1i128 << (hi - lo + 1)))
            }
            Op::ZeroExt(_) => from_u(u(0)),
            Op::SignExt(_) => from_s(sg(0)),
            Op::BvUlt => s.int_lt(u(0), u(1)),
            Op::BvUle => s.int_le(u(0), u(1)),
            Op::BvSlt => s.int_lt(sg(0), sg(1)),
            Op::BvSle => s.int_le(sg(0), sg(1)),
            Op::Not
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::Implies
            | Op::Ite
            | Op::Eq
            | Op::IntNeg
            | Op::IntAdd
            | Op::IntSub
            | Op::IntMul
            | Op::IntDiv
            | Op::IntMod
            | Op::IntLt
            | Op::IntLe
            | Op::Select
            | Op::Store => s
                .try_mk(op, &a)
                .map_err(|e| Untranslatable(format!("{op:?}: {e}")))?,
        })
    }

    /// `and`, `or`, `xor`: on single bits as Boolean functions, with a constant all-zero
    /// or all-one operand as the identity or constant, `and` with a low mask as `mod`.
    fn bitwise(
        &mut self,
        op: Op,
        args: &[Term],
        a: &[Term],
        width: u32,
    ) -> Result<Term, Untranslatable> {
        let s = self.store;
        let k = |v: i128| s.int_const(v);
        if width == 1 {
            let (x, y) = (s.eq(a[0], k(1)), s.eq(a[1], k(1)));
            let b = match op {
                Op::BvAnd => s.and2(x, y),
                Op::BvOr => s.or2(x, y),
                _ => s.xor(x, y),
            };
            return Ok(s.ite(b, k(1), k(0)));
        }
        let ones = max_unsigned(width);
        for (c, other) in [(0, 1), (1, 0)] {
            let Some((v, _)) = s.as_bv_const(args[c]) else {
                continue;
            };
            match (op, v) {
                (Op::BvAnd, 0) => return Ok(k(0)),
                (Op::BvAnd, v) if v as i128 == ones => return Ok(a[other]),
                (Op::BvOr | Op::BvXor, 0) => return Ok(a[other]),
                (Op::BvOr, v) if v as i128 == ones => return Ok(k(-1)),
                (Op::BvXor, v) if v as i128 == ones => {
                    return Ok(s.int_sub(s.int_neg(a[other]), k(1)));
                }
                (Op::BvAnd, v) if (v + 1).is_power_of_two() => {
                    let m = to_unsigned(s, a[other], width);
                    let r = self.rem(m, v as i128 + 1);
                    return Ok(from_unsigned(s, r, width));
                }
                _ => {}
            }
        }
        self.opaque(op, args, a, width)
    }
}

/// Products with a constant factor up to this are sums with a wrap-around each (see
/// [`mul_small`]); larger ones a remainder. Spacer is fast on the first and slow on the
/// second: `s > 2 * n` with a remainder kept Z3 4.8.12 from finding a four-step
/// counterexample in 30 s, written as `s > n + n` it took 0.19 s.
const MAX_SMALL_FACTOR: u128 = 16;

/// `c · x` in `w` bits for a small constant `c`: double-and-add, each step one
/// wrap-around (the sum of two in-range values is at most one wrap away).
fn mul_small(s: &TermStore, x: Term, c: i128, w: u32) -> Term {
    let m = c.unsigned_abs();
    if m == 0 {
        return s.int_const(0);
    }
    let mut r = x;
    for bit in (0..127 - m.leading_zeros()).rev() {
        r = wrap(s, s.int_add(r, r), w);
        if m >> bit & 1 == 1 {
            r = wrap(s, s.int_add(r, x), w);
        }
    }
    if c < 0 {
        wrap(s, s.int_neg(r), w)
    } else {
        r
    }
}

/// The range of a `w`-bit value's integer: `[lo, hi)`.
fn bounds(w: u32) -> (i128, i128) {
    if unsigned(w) {
        (0, 1i128 << w)
    } else {
        (-(1i128 << (w - 1)), 1i128 << (w - 1))
    }
}

fn max_unsigned(w: u32) -> i128 {
    (1i128 << w) - 1
}

/// `x` in `[-2^(w-1), 2^(w-1))` as the same `w` bits read unsigned.
fn signed_as_unsigned(s: &TermStore, x: Term, w: u32) -> Term {
    let neg = s.int_lt(x, s.int_const(0));
    s.ite(neg, s.int_add(x, s.int_const(1i128 << w)), x)
}

/// `x` in `[0, 2^w)` as the same `w` bits read signed.
fn unsigned_as_signed(s: &TermStore, x: Term, w: u32) -> Term {
    let high = s.int_le(s.int_const(1i128 << (w - 1)), x);
    s.ite(high, s.int_sub(x, s.int_const(1i128 << w)), x)
}

/// The unsigned reading of a `w`-bit value's integer.
fn to_unsigned(s: &TermStore, x: Term, w: u32) -> Term {
    if unsigned(w) {
        x
    } else {
        signed_as_unsigned(s, x, w)
    }
}

/// The signed reading of a `w`-bit value's integer.
fn to_signed(s: &TermStore, x: Term, w: u32) -> Term {
    if unsigned(w) {
        unsigned_as_signed(s, x, w)
    } else {
        x
    }
}

/// The integer of the `w`-bit value whose unsigned reading is `x` (in `[0, 2^w)`).
fn from_unsigned(s: &TermStore, x: Term, w: u32) -> Term {
    if unsigned(w) {
        x
    } else {
        unsigned_as_signed(s, x, w)
    }
}

/// The integer of the `w`-bit value whose signed reading is `x` (in `[-2^(w-1), 2^(w-1))`).
fn from_signed(s: &TermStore, x: Term, w: u32) -> Term {
    if unsigned(w) {
        signed_as_unsigned(s, x, w)
    } else {
        x
    }
}

/// `x` (the sum or difference of two in-range values, or a negation: at most one
/// wrap-around away from the range) brought into the range of `w` bits.
fn wrap(s: &TermStore, x: Term, w: u32) -> Term {
    let (lo, hi) = bounds(w);
    let span = s.int_const(1i128 << w);
    let above = s.int_le(s.int_const(hi), x);
    let below = s.int_lt(x, s.int_const(lo));
    s.ite(
        above,
        s.int_sub(x, span),
        s.ite(below, s.int_add(x, span), x),
    )
}
