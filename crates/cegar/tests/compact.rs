//! Interpolant compaction (`cegar::compact`): the result means what its input means, is
//! never larger, and collapses redundant Boolean structure.

use cegar::compact::{compact, forall_by_bdd};
use logic::{Sort, Term, TermStore, Value};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

const VARS: [&str; 3] = ["x", "y", "z"];

/// Every state with each variable in 0..4 (the atoms compare with 0..3).
fn states(s: &TermStore) -> Vec<FxHashMap<logic::VarId, Value>> {
    (0..64u128)
        .map(|n| {
            VARS.iter()
                .enumerate()
                .map(|(i, v)| {
                    let var = s.as_var(s.var(v, Sort::Bv(8))).unwrap();
                    (var, Value::Bv((n >> (2 * i)) & 3, 8))
                })
                .collect()
        })
        .collect()
}

fn assert_same_meaning(s: &TermStore, a: Term, b: Term) {
    for st in states(s) {
        assert_eq!(s.eval_map(a, &st).unwrap(), s.eval_map(b, &st).unwrap());
    }
}

/// A random Boolean formula over comparisons `v == c`, `v <u c`, built bottom-up from a
/// pool so that sub-formulas are shared, as in weakest preconditions.
fn random_formula(s: &TermStore, seed: u64, steps: usize) -> Term {
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut pool: Vec<Term> = Vec::new();
    for v in VARS {
        for c in 0..4u128 {
            let (x, k) = (s.var(v, Sort::Bv(8)), s.bv_const(c, 8));
            pool.push(s.eq(x, k));
            pool.push(s.bvult(x, k));
        }
    }
    for _ in 0..steps {
        // One operand among the newest: deep formulas, as preconditions are.
        let a = pool[pool.len() - 1 - next() as usize % 40.min(pool.len())];
        let b = pool[next() as usize % pool.len()];
        let c = pool[next() as usize % pool.len()];
        let t = match next() % 8 {
            // Redundant shapes that branches leave in preconditions (both mean `a`).
            6 => s.and2(s.implies(c, a), s.implies(s.not(c), a)),
            7 => s.or2(s.and2(c, a), s.and2(s.not(c), s.or2(a, s.and2(a, b)))),
            0 => s.and2(a, b),
            1 => s.or2(a, b),
            2 => s.not(a),
            3 => s.implies(a, b),
            4 => s.ite(a, b, c),
            _ => s.xor(a, b),
        };
        pool.push(t);
    }
    pool[pool.len() - 1]
}

/// A random formula over the pool's atoms and `random_formula`'s: `rounds` times, one
/// atom of the pool joins the formula by `∧`, `∨` or as an `ite` condition.
fn woven(s: &TermStore, seed: u64, steps: usize, pool: &[Term], rounds: usize) -> Term {
    let mut rng = seed | 1;
    let mut f = random_formula(s, seed, steps);
    for _ in 0..rounds {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let a = pool[rng as usize % pool.len()];
        f = match rng % 3 {
            0 => s.and2(f, s.or2(a, random_formula(s, rng, 8))),
            1 => s.or2(f, s.and2(a, random_formula(s, rng, 8))),
            _ => s.ite(a, f, random_formula(s, rng, 8)),
        };
    }
    f
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn compaction_keeps_the_meaning_and_never_grows(seed in any::<u64>(), steps in 400usize..3000) {
        let s = TermStore::new();
        let f = random_formula(&s, seed, steps);
        let g = compact(&s, f);
        prop_assert!(s.dag_size(g) <= s.dag_size(f));
        assert_same_meaning(&s, f, g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `∀h g. φ` with `h` a 2-bit variable compared with constants (all four of them, so
    /// that "none holds" is impossible, or fewer) and `g` Boolean: the elimination on the
    /// BDD means what the quantifier means, and removes both when nothing else mentions
    /// them; `h < 2` is no equation, and then `h` is left to the solver's elimination.
    #[test]
    fn universal_elimination_on_the_bdd_is_exact(seed in any::<u64>(), constants in 1u128..5, order in any::<bool>()) {
        let s = TermStore::new();
        let (h, g) = (s.var("h", Sort::Bv(2)), s.var("g", Sort::Bool));
        let mut pool = vec![g];
        for k in 0..constants {
            pool.push(s.eq(h, s.bv_const(k, 2)));
        }
        if order {
            pool.push(s.bvult(h, s.bv_const(2, 2)));
        }
        let f = woven(&s, seed, 60, &pool, 12);
        let q = s.forall(&[h, g], f);
        let r = forall_by_bdd(&s, q);
        assert_same_meaning(&s, q, r);
        // Without `h < 2` nothing may stay bound (with it, `h` may, unless the result no
        // longer depends on it).
        prop_assert!(order || !s.has_quantifier(r), "{}", s.display(r));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `∀h. φ` where `h` is compared with terms over other variables (`h = x`, `h = y + 1`,
    /// `h = 2`): every value of `h` is one of them or none, and the elimination by those
    /// cases means what the quantifier means and leaves no quantifier.
    #[test]
    fn universal_elimination_by_equations_is_exact(seed in any::<u64>()) {
        let s = TermStore::new();
        let h = s.var("h", Sort::Bv(8));
        let (x, y) = (s.var("x", Sort::Bv(8)), s.var("y", Sort::Bv(8)));
        let pool = [
            s.eq(h, x),
            s.eq(h, s.bvadd(y, s.bv_const(1, 8))),
            s.eq(h, s.bv_const(2, 8)),
        ];
        let f = woven(&s, seed, 40, &pool, 10);
        let q = s.forall(&[h], f);
        let r = forall_by_bdd(&s, q);
        prop_assert!(!s.has_quantifier(r), "{}", s.display(r));
        assert_same_meaning(&s, q, r);
    }
}

#[test]
fn redundant_structure_collapses() {
    // `A_k = (c_k ⇒ A_{k-1}) ∧ (¬c_k ⇒ A_{k-1})` is `A_0` whatever the `c_k`: a weakest
    // precondition over branches that both lead to the same postcondition.
    let s = TermStore::new();
    let (x, y, z) = (
        s.var("x", Sort::Bv(8)),
        s.var("y", Sort::Bv(8)),
        s.var("z", Sort::Bv(8)),
    );
    let base = s.or2(s.eq(x, s.bv_const(1, 8)), s.bvult(y, s.bv_const(2, 8)));
    let mut a = base;
    for k in 0..400u128 {
        let c = s.eq(z, s.bv_const(k % 4, 8));
        let d = s.bvult(x, s.bv_const(k % 3, 8));
        a = s.and2(s.implies(c, s.or2(a, d)), s.implies(s.not(c), a));
    }
    assert!(s.dag_size(a) > 1_000, "{}", s.dag_size(a));
    let g = compact(&s, a);
    assert_same_meaning(&s, a, g);
    assert!(
        s.dag_size(g) * 10 < s.dag_size(a),
        "{} → {}",
        s.dag_size(a),
        s.dag_size(g)
    );
}

#[test]
fn universal_elimination_knows_when_the_constants_cover_the_sort() {
    // A 2-bit `h` is one of 0..3: `∀h. h = 0 ∨ … ∨ h = 3` is true, `∀h. h = 0 ∨ h = 1` is
    // false, and `∀h. ¬(h = 0 ∧ h = 1)` is true (no value is two constants).
    let s = TermStore::new();
    let h = s.var("h", Sort::Bv(2));
    let is = |k| s.eq(h, s.bv_const(k, 2));
    let all = s.or(&[is(0), is(1), is(2), is(3)]);
    assert!(s.is_true(forall_by_bdd(&s, s.forall(&[h], all))));
    let two = s.or(&[is(0), is(1)]);
    assert!(s.is_false(forall_by_bdd(&s, s.forall(&[h], two))));
    let both = s.not(s.and2(is(0), is(1)));
    assert!(s.is_true(forall_by_bdd(&s, s.forall(&[h], both))));
}
