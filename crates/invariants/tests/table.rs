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
        let t = table(&store, &formals, &samples, &[], 32).expect("few tuples");
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
            table(&store, &formals, &samples, &[], distinct.len() - 1).is_none(),
            "seed {seed}"
        );
        assert!(table(&store, &formals, &samples, &[], distinct.len()).is_some());
    }
    // Nothing to tabulate over: no table.
    assert!(table(&store, &[a], &[vec![Value::zero(store.sort(a))]], &[], 8).is_none());
}

/// A column that matters `While` another is not zero is free in the rows where that one
/// is zero, and one that matters `Never` is free everywhere: the table holds of exactly
/// the states that agree with a sample on what matters there.
#[test]
fn a_table_leaves_free_what_does_not_matter() {
    use invariants::Column;
    let store = TermStore::new();
    let alive = store.var("alive", Sort::Bv(1));
    let field = store.var("field", Sort::Bv(3));
    let junk = store.var("junk", Sort::Bv(3));
    let formals = [alive, field, junk];
    let columns = [Column::Always, Column::While(0), Column::Never];
    let id = |t| store.as_var(t).expect("a variable");
    for seed in 0..50 {
        let mut rng = Rng::new(seed);
        let samples: Vec<Vec<Value>> = (0..1 + rng.below(12))
            .map(|_| {
                vec![
                    Value::Bv(rng.below(2) as u128, 1),
                    Value::Bv(rng.below(8) as u128, 3),
                    Value::Bv(rng.below(8) as u128, 3),
                ]
            })
            .collect();
        // What matters of each sample: the field only while alive.
        let kept: FxHashSet<(u128, Option<u128>)> = samples
            .iter()
            .map(|s| {
                let (a, f) = (s[0].as_bv().unwrap().0, s[1].as_bv().unwrap().0);
                (a, (a == 1).then_some(f))
            })
            .collect();
        let t = table(&store, &formals, &samples, &columns, 32).expect("few rows");
        for a in 0..2u128 {
            for f in 0..8u128 {
                for j in 0..8u128 {
                    let state: FxHashMap<VarId, Value> = [
                        (id(alive), Value::Bv(a, 1)),
                        (id(field), Value::Bv(f, 3)),
                        (id(junk), Value::Bv(j, 3)),
                    ]
                    .into_iter()
                    .collect();
                    let holds = store.eval_map(t, &state) == Ok(Value::Bool(true));
                    let want = kept.contains(&(a, (a == 1).then_some(f)));
                    assert_eq!(holds, want, "seed {seed}: alive {a}, field {f}, junk {j}");
                }
            }
        }
        // Rows are counted after what does not matter is left out.
        assert!(table(&store, &formals, &samples, &columns, kept.len()).is_some());
        assert!(table(&store, &formals, &samples, &columns, kept.len() - 1).is_none());
    }
}
