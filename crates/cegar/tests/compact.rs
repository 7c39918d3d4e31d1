//! Interpolant compaction (`cegar::compact`): the result means what its input means, is
//! never larger, and collapses redundant Boolean structure.

use cegar::compact::compact;
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
