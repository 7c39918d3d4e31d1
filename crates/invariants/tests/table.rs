//! `invariants::table`: the candidate "one of the sampled tuples" holds of exactly the
//! sampled tuples (over the scalar formals; arrays left free), and is not made beyond its
//! size limit.

use invariants::table;
use logic::random::Rng;
use logic::{ScalarSort, Sort, TermStore, Value, VarId};
use rustc_hash::{FxHashMap, FxHashSet};

#[test]
fn a_table_holds_of_its_samples_and_of_nothing_else() {
    let store = TermStore::new();
    let x = store.var("x", Sort::Bv(4));
    let b = store.var("b", Sort::Bool);
    let a = store.var("a", Sort::Array(ScalarSort::Bv(4), ScalarSort::Bv(4)));
    let formals = [x, b, a];
    let id = |t| store.as_var(t).expect("a variable");
    let (vx, vb, va): (VarId, VarId, VarId) = (id(x), id(b), id(a));
    for seed in 0..50 {
        let mut rng = Rng::new(seed);
        let n = 1 + rng.below(20) as usize;
        let samples: Vec<Vec<Value>> = (0..n)
            .map(|_| {
                vec![
                    Value::Bv(rng.below(16) as u128, 4),
                    Value::Bool(rng.chance(50)),
                    Value::zero(store.sort(a)),
                ]
            })
            .collect();
        let distinct: FxHashSet<(Value, Value)> = samples
            .iter()
            .map(|s| (s[0].clone(), s[1].clone()))
            .collect();
        let t = table(&store, &formals, &samples, 32).expect("few tuples");
        // Every state of the two scalars, with an array that no sample has.
        let other_array = {
            let mut rng = Rng::new(seed + 1000);
            rng.value(store.sort(a))
        };
        for xv in 0..16u128 {
            for bv in [false, true] {
                let state: FxHashMap<VarId, Value> = [
                    (vx, Value::Bv(xv, 4)),
                    (vb, Value::Bool(bv)),
                    (va, other_array.clone()),
                ]
                .into_iter()
                .collect();
                let holds = store.eval_map(t, &state) == Ok(Value::Bool(true));
                let sampled = distinct.contains(&(Value::Bv(xv, 4), Value::Bool(bv)));
                assert_eq!(holds, sampled, "seed {seed}: x = {xv}, b = {bv}");
            }
        }
        // More distinct tuples than allowed: no table.
        assert!(
            table(&store, &formals, &samples, distinct.len() - 1).is_none(),
            "seed {seed}"
        );
        assert!(table(&store, &formals, &samples, distinct.len()).is_some());
    }
    // Nothing to tabulate over: no table.
    assert!(table(&store, &[a], &[vec![Value::zero(store.sort(a))]], 8).is_none());
}
