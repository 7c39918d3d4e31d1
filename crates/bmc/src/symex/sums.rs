//! Sums as symbolic execution builds them: `a + b` with the constants of both operands
//! gathered into one and like terms collected (`k·x + x` is `(k+1)·x`), so that a value
//! accumulated over many steps (`s += f(x)` for 500 calls whose results are `x + i`) is
//! `500·x + c`, one product by a constant, instead of a chain of 500 adders that CDCL must
//! reason through bit by bit (`many_functions_unsafe.c`: 0.25 s of CaDiCaL before).
//! Z3's rewriter normalises such sums too; the term store's own rules stay local (the
//! other engines' terms keep their shapes).
//!
//! Exact: both are identities of arithmetic modulo 2^w ((a + c) + (b + d) = (a + b) +
//! (c + d); k·x + m·x = (k + m)·x).

use logic::{Op, Sort, Term, TermStore, Value};

/// `a + b` (bit-vectors of one width), constants gathered and like terms collected.
pub(crate) fn add(terms: &TermStore, a: Term, b: Term) -> Term {
    let Sort::Bv(w) = terms.sort(a) else {
        return terms.bvadd(a, b);
    };
    let (x, c) = split(terms, a);
    let (y, d) = split(terms, b);
    let constant = terms.bv_const(c.wrapping_add(d) & mask(w), w);
    let sum = match (x, y) {
        (None, None) => return constant,
        (Some(x), None) | (None, Some(x)) => x,
        (Some(x), Some(y)) => {
            let ((k, u), (m, v)) = (coefficient(terms, x), coefficient(terms, y));
            if u == v {
                terms.bvmul(terms.bv_const(k.wrapping_add(m) & mask(w), w), u)
            } else {
                terms.bvadd(x, y)
            }
        }
    };
    terms.bvadd(sum, constant)
}

/// `t` as a non-constant part and a constant: `x + c` is `(x, c)`, a constant `(None, c)`.
fn split(terms: &TermStore, t: Term) -> (Option<Term>, u128) {
    if let Some(Value::Bv(c, _)) = terms.const_value(t) {
        return (None, c);
    }
    let (op, _, args) = terms.node(t);
    if op == Op::BvAdd && args.len() == 2 {
        for (x, c) in [(args[0], args[1]), (args[1], args[0])] {
            if let Some(Value::Bv(c, _)) = terms.const_value(c) {
                return (Some(x), c);
            }
        }
    }
    (Some(t), 0)
}

/// `t` as a constant factor and a term: `k·x` is `(k, x)`, anything else `(1, t)`.
fn coefficient(terms: &TermStore, t: Term) -> (u128, Term) {
    let (op, _, args) = terms.node(t);
    if op == Op::BvMul && args.len() == 2 {
        for (k, x) in [(args[0], args[1]), (args[1], args[0])] {
            if let Some(Value::Bv(k, _)) = terms.const_value(k) {
                return (k, x);
            }
        }
    }
    (1, t)
}

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    #[test]
    fn an_accumulated_sum_is_one_product() {
        let t = TermStore::new();
        let x = t.var("x", Sort::Bv(32));
        let mut s = t.bv_const(0, 32);
        for i in 0..500 {
            s = add(&t, s, t.bvadd(x, t.bv_const(i, 32)));
        }
        let want = t.bvadd(
            t.bvmul(t.bv_const(500, 32), x),
            t.bv_const((0..500).sum(), 32),
        );
        assert_eq!(s, want);
    }

    /// An 8-bit term from a few leaves, sums, products by constants and constants.
    fn term(t: &TermStore, x: Term, y: Term, code: &[u8]) -> Term {
        let mut stack: Vec<Term> = Vec::new();
        for c in code {
            let leaf = match c % 6 {
                0 => Some(x),
                1 => Some(y),
                2 => Some(t.bv_const(u128::from(*c), 8)),
                _ => None,
            };
            let next = match (leaf, stack.pop(), stack.pop()) {
                (Some(l), a, b) => {
                    stack.extend(b);
                    stack.extend(a);
                    l
                }
                (None, Some(a), Some(b)) if c % 6 == 3 => add(t, a, b),
                (None, Some(a), Some(b)) if c % 6 == 4 => t.bvadd(a, b),
                (None, Some(a), b) => {
                    stack.extend(b);
                    t.bvmul(t.bv_const(u128::from(*c), 8), a)
                }
                (None, None, _) => x,
            };
            stack.push(next);
        }
        stack
            .into_iter()
            .fold(t.bv_const(0, 8), |a, b| add(t, a, b))
    }

    proptest::proptest! {
        /// `add` builds a term with the value of `bvadd` on every pair of 8-bit values.
        #[test]
        fn sums_keep_their_value(
            code_a in proptest::collection::vec(proptest::prelude::any::<u8>(), 1..12),
            code_b in proptest::collection::vec(proptest::prelude::any::<u8>(), 1..12),
        ) {
            let t = TermStore::new();
            let (x, y) = (t.var("x", Sort::Bv(8)), t.var("y", Sort::Bv(8)));
            let (a, b) = (term(&t, x, y, &code_a), term(&t, x, y, &code_b));
            let (ours, plain) = (add(&t, a, b), t.bvadd(a, b));
            let (vx, vy) = (t.as_var(x).unwrap(), t.as_var(y).unwrap());
            for i in 0..=255u128 {
                for j in (0..=255u128).step_by(7) {
                    let mut m = FxHashMap::default();
                    m.insert(vx, Value::Bv(i, 8));
                    m.insert(vy, Value::Bv(j, 8));
                    proptest::prop_assert_eq!(
                        t.eval_map(ours, &m).unwrap(),
                        t.eval_map(plain, &m).unwrap()
                    );
                }
            }
        }
    }
}
