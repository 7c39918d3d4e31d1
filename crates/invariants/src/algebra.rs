//! Polynomials over the integers modulo 2^W, read from bit-vector terms, and ideal
//! membership with cofactors: the algebra of [`crate::preserve`].
//!
//! A bit-vector term built from `bvadd`, `bvsub`, `bvneg`, `bvmul`, constants and shifts
//! left by constants is a polynomial over Z/2^W in its other sub-terms (its *atoms*:
//! variables, divisions, `ite`s, …): evaluation is a ring homomorphism from
//! (Z/2^W)[atoms] to the words, so two terms with the same normal form are equal for
//! every value of their atoms. If `T = Σ cⱼ·Hⱼ` holds as polynomials, then `T = 0` holds
//! wherever every `Hⱼ = 0` does — exactly, with wrap-around (the ring *is* the words'
//! arithmetic). This is the certificate: the cofactors `cⱼ`, re-checked by multiplying
//! out. Finding them is linear algebra over Z/2^W ([`solve`]) on cofactors of bounded
//! degree; failing to find them proves nothing.

use logic::{Op, Term, TermStore};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// The sub-terms a polynomial is over, numbered in order of appearance.
#[derive(Default)]
pub struct Atoms {
    pub terms: Vec<Term>,
    index: FxHashMap<Term, u32>,
}

impl Atoms {
    /// The number of `t`, numbering it if new.
    pub fn of(&mut self, t: Term) -> u32 {
        let next = self.terms.len() as u32;
        *self.index.entry(t).or_insert_with(|| {
            self.terms.push(t);
            next
        })
    }
}

/// A monomial: (atom, exponent) pairs, by atom, exponents positive.
pub type Mono = Vec<(u32, u32)>;

/// A polynomial over Z/2^width: its non-zero coefficients (reduced) by monomial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poly {
    pub width: u32,
    pub terms: BTreeMap<Mono, u128>,
}

/// 2^w − 1 (w ≤ 128).
pub fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn mono_mul(a: &Mono, b: &Mono) -> Mono {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x.0 == y.0 => {
                out.push((x.0, x.1 + y.1));
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x.0 < y.0 => {
                out.push(*x);
                i += 1;
            }
            (Some(x), None) => {
                out.push(*x);
                i += 1;
            }
            (_, Some(y)) => {
                out.push(*y);
                j += 1;
            }
            (None, None) => unreachable!("the loop condition"),
        }
    }
    out
}

impl Poly {
    pub fn zero(width: u32) -> Poly {
        Poly {
            width,
            terms: BTreeMap::new(),
        }
    }

    pub fn constant(c: u128, width: u32) -> Poly {
        let mut p = Poly::zero(width);
        p.add_term(Vec::new(), c);
        p
    }

    pub fn atom(a: u32, width: u32) -> Poly {
        let mut p = Poly::zero(width);
        p.add_term(vec![(a, 1)], 1);
        p
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Total degree (0 for the zero polynomial).
    pub fn degree(&self) -> u32 {
        self.terms
            .keys()
            .map(|m| m.iter().map(|(_, e)| e).sum())
            .max()
            .unwrap_or(0)
    }

    /// The atoms it mentions.
    pub fn atoms(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self.terms.keys().flatten().map(|(a, _)| *a).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn add_term(&mut self, m: Mono, c: u128) {
        let k = mask(self.width);
        let e = self.terms.entry(m).or_insert(0);
        *e = e.wrapping_add(c) & k;
        if *e == 0 {
            self.terms.retain(|_, c| *c != 0);
        }
    }

    pub fn add(&self, o: &Poly) -> Poly {
        let mut p = self.clone();
        for (m, c) in &o.terms {
            p.add_term(m.clone(), *c);
        }
        p
    }

    pub fn scale(&self, c: u128) -> Poly {
        let k = mask(self.width);
        let mut p = Poly::zero(self.width);
        for (m, x) in &self.terms {
            let v = x.wrapping_mul(c) & k;
            if v != 0 {
                p.terms.insert(m.clone(), v);
            }
        }
        p
    }

    pub fn neg(&self) -> Poly {
        self.scale(u128::MAX)
    }

    pub fn sub(&self, o: &Poly) -> Poly {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Poly) -> Poly {
        let mut p = Poly::zero(self.width);
        for (m, c) in &self.terms {
            for (n, d) in &o.terms {
                p.add_term(mono_mul(m, n), c.wrapping_mul(*d));
            }
        }
        p
    }

    /// `m · self` for a monomial `m`.
    pub fn times_mono(&self, m: &Mono) -> Poly {
        Poly {
            width: self.width,
            terms: self
                .terms
                .iter()
                .map(|(n, c)| (mono_mul(m, n), *c))
                .collect(),
        }
    }
}

/// Polynomials larger than this many monomials are not read (a blow-up, not an identity).
const MAX_TERMS: usize = 4000;

/// Reads bit-vector terms of one width as polynomials, numbering their atoms.
pub struct Reader<'a> {
    store: &'a TermStore,
    pub width: u32,
    pub atoms: Atoms,
    cache: FxHashMap<Term, Option<Poly>>,
}

impl<'a> Reader<'a> {
    pub fn new(store: &'a TermStore, width: u32) -> Self {
        Reader {
            store,
            width,
            atoms: Atoms::default(),
            cache: FxHashMap::default(),
        }
    }

    /// `t` (a bit-vector term of the reader's width) as a polynomial; `None` when it is of
    /// another sort or too large.
    pub fn read(&mut self, t: Term) -> Option<Poly> {
        if self.store.sort(t).bv_width() != Some(self.width) {
            return None;
        }
        if let Some(p) = self.cache.get(&t) {
            return p.clone();
        }
        let p = self.read_node(t);
        self.cache.insert(t, p.clone());
        p
    }

    fn read_node(&mut self, t: Term) -> Option<Poly> {
        let w = self.width;
        let store = self.store;
        let args = store.args(t);
        let p = match store.op(t) {
            Op::BvConst(c, _) => Poly::constant(c, w),
            Op::BvAdd => {
                let mut p = Poly::zero(w);
                for a in args {
                    p = p.add(&self.read(a)?);
                }
                p
            }
            Op::BvSub => {
                let mut p = self.read(args[0])?;
                for a in &args[1..] {
                    p = p.sub(&self.read(*a)?);
                }
                p
            }
            Op::BvNeg => self.read(args[0])?.neg(),
            Op::BvMul => {
                let mut p = Poly::constant(1, w);
                for a in args {
                    p = p.mul(&self.read(a)?);
                    if p.terms.len() > MAX_TERMS {
                        return None;
                    }
                }
                p
            }
            // x << k = x · 2^k (0 once k ≥ w).
            Op::BvShl if store.as_bv_const(args[1]).is_some() => {
                let (k, _) = store.as_bv_const(args[1]).expect("matched");
                let factor = if k >= w as u128 { 0 } else { 1u128 << k };
                self.read(args[0])?.scale(factor)
            }
            _ => Poly::atom(self.atoms.of(t), w),
        };
        (p.terms.len() <= MAX_TERMS).then_some(p)
    }
}

/// The inverse of an odd `u` modulo 2^128 (Newton's iteration doubles the correct bits).
fn inverse(u: u128) -> u128 {
    debug_assert!(u & 1 == 1);
    let mut x = u;
    for _ in 0..7 {
        x = x.wrapping_mul(2u128.wrapping_sub(u.wrapping_mul(x)));
    }
    x
}

/// A sparse row: (column, non-zero coefficient) by column.
type Row = Vec<(usize, u128)>;

/// `a − k·b` modulo 2^w.
fn row_sub(a: &Row, k: u128, b: &Row, w: u32) -> Row {
    let m = mask(w);
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let (col, v) = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x.0 == y.0 => {
                i += 1;
                j += 1;
                (x.0, x.1.wrapping_sub(k.wrapping_mul(y.1)) & m)
            }
            (Some(x), Some(y)) if x.0 < y.0 => {
                i += 1;
                *x
            }
            (Some(x), None) => {
                i += 1;
                *x
            }
            (_, Some(y)) => {
                j += 1;
                (y.0, 0u128.wrapping_sub(k.wrapping_mul(y.1)) & m)
            }
            (None, None) => unreachable!("the loop condition"),
        };
        if v != 0 {
            out.push((col, v));
        }
    }
    out
}

/// Limits on the linear systems [`solve`] takes.
const MAX_UNKNOWNS: usize = 4000;
const MAX_ROWS: usize = 8000;
/// Row reductions before the search gives up.
const MAX_STEPS: usize = 2_000_000;

/// A solution `x` of `Σ rows[i][col]·x[col] = rhs[i]` (mod 2^w) over `cols` unknowns, if
/// the elimination finds one. Echelon form over Z/2^w (a local ring: the pivot of a column
/// is the entry of least 2-adic valuation, which divides the others; a pivot `2^v·u` also
/// contributes its row times 2^(w−v), where that column vanishes). The caller checks the
/// solution; `None` proves nothing.
pub fn solve(rows: Vec<Row>, rhs: &[u128], cols: usize, w: u32) -> Option<Vec<u128>> {
    if cols > MAX_UNKNOWNS || rows.len() > MAX_ROWS {
        return None;
    }
    let m = mask(w);
    // The right-hand side as the last column.
    let mut work: Vec<Row> = rows
        .into_iter()
        .zip(rhs)
        .map(|(mut r, b)| {
            if *b & m != 0 {
                r.push((cols, *b & m));
            }
            r
        })
        .collect();
    let mut pivots: BTreeMap<usize, Row> = BTreeMap::new();
    let mut steps = 0;
    while let Some(mut r) = work.pop() {
        loop {
            steps += 1;
            if steps > MAX_STEPS {
                return None;
            }
            let Some(&(c, a)) = r.first() else { break };
            if c == cols {
                // 0 = b with b ≠ 0: no solution.
                return None;
            }
            match pivots.get(&c) {
                Some(p) if a.trailing_zeros() >= p[0].1.trailing_zeros() => {
                    let vp = p[0].1.trailing_zeros();
                    let k = (a >> vp).wrapping_mul(inverse(p[0].1 >> vp)) & m;
                    r = row_sub(&r, k, p, w);
                }
                _ => {
                    // `r` becomes the column's pivot; the old one is reduced by it later.
                    let old = pivots.insert(c, r.clone());
                    let v = a.trailing_zeros();
                    if v > 0 {
                        let killed: Row = r
                            .iter()
                            .map(|(col, x)| (*col, x.wrapping_shl(w - v) & m))
                            .filter(|(_, x)| *x != 0)
                            .collect();
                        work.push(killed);
                    }
                    if let Some(o) = old {
                        work.push(o);
                    }
                    break;
                }
            }
        }
    }
    // Back substitution, free unknowns 0.
    let mut x = vec![0u128; cols];
    for (c, p) in pivots.iter().rev() {
        let mut rest: u128 = 0;
        let mut b: u128 = 0;
        for (col, v) in &p[1..] {
            if *col == cols {
                b = *v;
            } else {
                rest = rest.wrapping_add(v.wrapping_mul(x[*col]));
            }
        }
        let rhs = b.wrapping_sub(rest) & m;
        let a = p[0].1;
        let v = a.trailing_zeros();
        if rhs != 0 && rhs.trailing_zeros() < v {
            return None;
        }
        x[*c] = (rhs >> v).wrapping_mul(inverse(a >> v)) & m;
    }
    Some(x)
}

/// Cofactors `c` with `target = Σ c[j]·hyps[j]`, each of degree at most `degree` over the
/// target's atoms (tried by degree: 0, then 1, …), checked by multiplying out. All
/// polynomials of one width.
pub fn cofactors(target: &Poly, hyps: &[Poly], degree: u32) -> Option<Vec<Poly>> {
    let w = target.width;
    if target.is_zero() {
        return Some(vec![Poly::zero(w); hyps.len()]);
    }
    let over = target.atoms();
    for d in 0..=degree {
        let multipliers = monomials(&over, d);
        if let Some(c) = cofactors_with(target, hyps, &multipliers) {
            return Some(c);
        }
    }
    None
}

/// Every monomial of degree at most `d` over `atoms`.
fn monomials(atoms: &[u32], d: u32) -> Vec<Mono> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..d {
        let mut next = Vec::new();
        for m in &frontier {
            // Extend by atoms no smaller than the last one: each monomial once.
            let last = m.last().map(|(a, _): &(u32, u32)| *a);
            for a in atoms.iter().filter(|a| last.is_none_or(|l| **a >= l)) {
                let n = mono_mul(m, &vec![(*a, 1)]);
                next.push(n);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

fn cofactors_with(target: &Poly, hyps: &[Poly], multipliers: &[Mono]) -> Option<Vec<Poly>> {
    let w = target.width;
    let cols = hyps.len() * multipliers.len();
    if cols == 0 || cols > MAX_UNKNOWNS {
        return None;
    }
    // One equation per monomial: the coefficients of every column's product there.
    let mut row_of: BTreeMap<Mono, usize> = BTreeMap::new();
    let mut rows: Vec<Row> = Vec::new();
    for (j, h) in hyps.iter().enumerate() {
        for (k, mu) in multipliers.iter().enumerate() {
            let col = j * multipliers.len() + k;
            for (m, c) in h.times_mono(mu).terms {
                let next = rows.len();
                let r = *row_of.entry(m).or_insert(next);
                if r == rows.len() {
                    rows.push(Vec::new());
                }
                rows[r].push((col, c));
            }
        }
    }
    let mut rhs = vec![0u128; rows.len()];
    for (m, c) in &target.terms {
        // A monomial of the target no product reaches: no solution of this degree.
        let r = *row_of.get(m)?;
        rhs[r] = *c;
    }
    let x = solve(rows, &rhs, cols, w)?;
    let mut out = vec![Poly::zero(w); hyps.len()];
    for (col, v) in x.iter().enumerate().filter(|(_, v)| **v != 0) {
        let (j, k) = (col / multipliers.len(), col % multipliers.len());
        let mut term = Poly::zero(w);
        term.add_term(multipliers[k].clone(), *v);
        out[j] = out[j].add(&term);
    }
    // The certificate: multiplied out, the combination is the target.
    let sum = hyps
        .iter()
        .zip(&out)
        .fold(Poly::zero(w), |s, (h, c)| s.add(&c.mul(h)));
    (sum == *target).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverses_are_inverses() {
        for u in [1u128, 3, 5, 0xffff_ffff, 12345677, u128::MAX] {
            assert_eq!(u.wrapping_mul(inverse(u)), 1);
        }
    }

    #[test]
    fn solves_modulo_a_power_of_two() {
        // 2x + 4y = 6 (mod 16), x + y = 5: x = 7, y = 14 (mod 16) among others.
        let rows = vec![vec![(0, 2), (1, 4)], vec![(0, 1), (1, 1)]];
        let x = solve(rows.clone(), &[6, 5], 2, 4).expect("solvable");
        assert_eq!((2 * x[0] + 4 * x[1]) % 16, 6);
        assert_eq!((x[0] + x[1]) % 16, 5);
        // 2x = 1 has no solution modulo 16.
        assert!(solve(vec![vec![(0, 2)]], &[1], 1, 4).is_none());
        // 4x = 8 and 2x = 6 (mod 16): x = 3 or 11, and 4·3 = 12 ≠ 8: none.
        assert!(solve(vec![vec![(0, 4)], vec![(0, 2)]], &[8, 6], 1, 4).is_none());
    }

    #[test]
    fn geometric_step_is_z_times_the_invariant() {
        // p = x·z − x − y + 1; after x := x·z + 1, y := y·z it is z·p.
        let (x, y, z) = (Poly::atom(0, 32), Poly::atom(1, 32), Poly::atom(2, 32));
        let one = Poly::constant(1, 32);
        let p = |x: &Poly, y: &Poly| x.mul(&z).sub(x).sub(y).add(&one);
        let x2 = x.mul(&z).add(&one);
        let y2 = y.mul(&z);
        let target = p(&x2, &y2);
        let c = cofactors(&target, &[p(&x, &y)], 2).expect("z is a cofactor");
        assert_eq!(c[0], z);
        // Not a consequence of a different equation.
        assert!(cofactors(&target, &[x.sub(&y)], 2).is_none());
    }
}
