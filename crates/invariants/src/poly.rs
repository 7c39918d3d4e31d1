//! Polynomial equations among a relation's variables, from the null space of the matrix of
//! monomial values on the samples (Sharma et al., "A data driven approach for algebraic
//! loop invariants", ESOP 2013; DIG, Nguyen et al., ICSE 2012).
//!
//! The equations hold of the samples over the integers (values read as signed). As
//! candidates they are stated over bit-vectors, modulo 2^W for the widest variable W
//! involved: integer arithmetic maps onto arithmetic modulo 2^W, so an equation true of
//! integers is true of the words, and one that the program keeps modulo 2^W survives
//! wrap-around. Whether they are invariants is for the Houdini check to say.

use logic::{Term, TermStore};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// Exponents, one per variable.
pub type Monomial = Vec<u32>;

/// Every monomial of total degree at most `degree` over `k` variables, by degree (the
/// constant 1 first), lexicographically within a degree.
pub fn monomials(k: usize, degree: u32) -> Vec<Monomial> {
    let mut out = Vec::new();
    for d in 0..=degree {
        let mut m = vec![0u32; k];
        of_degree(&mut m, 0, d, &mut out);
    }
    out
}

fn of_degree(m: &mut Monomial, i: usize, left: u32, out: &mut Vec<Monomial>) {
    if i == m.len() {
        if left == 0 {
            out.push(m.clone());
        }
        return;
    }
    for e in (0..=left).rev() {
        m[i] = e;
        of_degree(m, i + 1, left - e, out);
    }
    m[i] = 0;
}

/// How many monomials of degree at most `d` over `k` variables: C(k + d, d).
pub fn count(k: usize, d: u32) -> usize {
    let mut c: u128 = 1;
    for i in 1..=d as u128 {
        c = c * (k as u128 + i) / i;
    }
    usize::try_from(c).unwrap_or(usize::MAX)
}

/// The value of `m` at `x`.
pub fn eval(m: &Monomial, x: &[BigInt]) -> BigInt {
    let mut v = BigInt::one();
    for (e, xi) in m.iter().zip(x) {
        for _ in 0..*e {
            v *= xi;
        }
    }
    v
}

/// `Σ c·m(x) = 0` (coefficients `coeffs`, one per monomial of `monos`) as a bit-vector
/// equation modulo 2^W, W the widest variable it involves (narrower ones sign-extended):
/// positive terms on the left, the others on the right. `None` when it involves no
/// variable.
pub fn equation(
    store: &TermStore,
    vars: &[Term],
    widths: &[u32],
    monos: &[Monomial],
    coeffs: &[BigInt],
) -> Option<Term> {
    let w = monos
        .iter()
        .zip(coeffs)
        .filter(|(_, c)| !c.is_zero())
        .flat_map(|(m, _)| m.iter().zip(widths).filter(|(e, _)| **e > 0))
        .map(|(_, w)| *w)
        .max()?;
    let modulus = BigInt::one() << w;
    let word = |c: &BigInt| -> Term {
        let r = c.mod_floor(&modulus);
        store.bv_const(r.to_u128().expect("below 2^128"), w)
    };
    let widened: Vec<Term> = vars
        .iter()
        .zip(widths)
        .map(|(v, vw)| if *vw < w { store.sext(*v, w - vw) } else { *v })
        .collect();
    let mut left: Option<Term> = None;
    let mut right: Option<Term> = None;
    let add = |side: &mut Option<Term>, t: Term| {
        *side = Some(match *side {
            None => t,
            Some(s) => store.bvadd(s, t),
        })
    };
    for (m, c) in monos.iter().zip(coeffs) {
        if c.is_zero() {
            continue;
        }
        let mut t: Option<Term> = None;
        for (i, e) in m.iter().enumerate() {
            for _ in 0..*e {
                t = Some(match t {
                    None => widened[i],
                    Some(p) => store.bvmul(p, widened[i]),
                });
            }
        }
        let a = c.abs();
        let term = match t {
            None => word(&a),
            Some(p) if a.is_one() => p,
            Some(p) => store.bvmul(word(&a), p),
        };
        if c.is_positive() {
            add(&mut left, term);
        } else {
            add(&mut right, term);
        }
    }
    let zero = store.bv_const(0, w);
    Some(store.eq(left.unwrap_or(zero), right.unwrap_or(zero)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monomials_are_counted_and_ordered() {
        let ms = monomials(2, 2);
        assert_eq!(
            ms,
            vec![
                vec![0, 0],
                vec![1, 0],
                vec![0, 1],
                vec![2, 0],
                vec![1, 1],
                vec![0, 2]
            ]
        );
        for k in 0..5 {
            for d in 0..6 {
                assert_eq!(monomials(k, d).len(), count(k, d));
            }
        }
    }
}
