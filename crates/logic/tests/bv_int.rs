//! The exact translations between bit-vector and integer terms (`logic::bv_int`) against
//! concrete evaluation: a random bit-vector term and its integer translation agree on
//! random values (read as `ToInt` reads them), and a random linear integer formula and its
//! bit-vector translation agree too.

use logic::bv_int::{to_bv, ToInt};
use logic::random::{Rng, TreeGen};
use logic::{SatResult, Solver, Sort, Term, TermStore, Value, VarId, Z3};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The integer a bit-vector value is read as (signed above one bit), inside arrays too.
fn int_value(v: &Value) -> Value {
    match v {
        Value::Bv(x, w) if *w <= 1 => Value::Int(*x as i128),
        Value::Bv(x, w) => Value::Int(logic::value::to_signed(*x, *w)),
        Value::Array(a) => {
            let index = match a.index {
                logic::ScalarSort::Bv(_) => logic::ScalarSort::Int,
                i => i,
            };
            let mut out = Value::Array(std::rc::Rc::new(logic::value::ArrayValue {
                index,
                default: int_value(&a.default),
                entries: Default::default(),
            }));
            for (k, x) in &a.entries {
                out = out.store(int_value(k), int_value(x));
            }
            out
        }
        v => v.clone(),
    }
}

/// Random values for the variables of `t`: the translation's side conditions with each
/// integer variable pinned to its value's integer, and the bit-vector values.
fn pin_random_values(
    store: &TermStore,
    to_int: &mut ToInt<'_>,
    t: Term,
    rng: &mut Rng,
) -> (Vec<Term>, FxHashMap<VarId, Value>) {
    let mut bv_env: FxHashMap<VarId, Value> = FxHashMap::default();
    let mut pins = vec![to_int.side_conditions()];
    for v in store.free_vars(t) {
        let value = rng.value(store.var_sort(v));
        let iv = to_int.var(v);
        pins.push(store.eq(iv, store.value_term(&int_value(&value))));
        bv_env.insert(v, value);
    }
    (pins, bv_env)
}

const SORTS: [Sort; 5] = [
    Sort::Bool,
    Sort::Bv(1),
    Sort::Bv(3),
    Sort::Bv(8),
    Sort::Bv(32),
];

#[test]
fn bit_vector_terms_as_integers_agree_with_evaluation() {
    let (mut translated, mut total) = (0, 0);
    for seed in 0..1500u64 {
        let store = Rc::new(TermStore::new());
        let mut g = TreeGen::new(&store, seed, "");
        g.ints = false;
        let mut rng = Rng::new(seed ^ 0xb1);
        let sort = *rng.pick(&SORTS);
        let t = g.gen(sort, 1 + rng.below(4) as u32).build(&store);
        total += 1;
        let mut to_int = ToInt::new(&store, "!Z");
        let Ok(x) = to_int.term(t) else { continue };
        translated += 1;
        let mut bv_env: FxHashMap<VarId, Value> = FxHashMap::default();
        let mut int_env: FxHashMap<VarId, Value> = FxHashMap::default();
        for v in store.free_vars(t) {
            let value = rng.value(store.var_sort(v));
            let iv = store.as_var(to_int.var(v)).unwrap();
            int_env.insert(iv, int_value(&value));
            bv_env.insert(v, value);
            // The range constraint holds of the value's integer.
            let r = to_int.range(v);
            assert_eq!(store.eval_map(r, &int_env), Ok(Value::Bool(true)));
        }
        let Ok(expected) = store.eval_map(t, &bv_env) else {
            // Undefined reads (of arrays beyond the test's values) are not compared.
            continue;
        };
        // With the variables at their values, the divisions' definitions force the
        // translation to the expected integer: that it differs is unsatisfiable.
        let mut parts = vec![to_int.side_conditions()];
        for (v, value) in &int_env {
            parts.push(store.eq(store.var_term(*v), store.value_term(value)));
        }
        parts.push(store.not(store.eq(x, store.value_term(&int_value(&expected)))));
        let mut solver = Z3::new(store.clone()).solver();
        solver.assert(store.and(&parts));
        assert_eq!(
            solver.check(),
            SatResult::Unsat,
            "seed {seed}: {} as {}",
            store.to_smtlib(t),
            store.to_smtlib(x)
        );
    }
    assert!(
        translated * 2 > total,
        "{translated} of {total} terms translated"
    );
}

#[test]
fn integer_formulas_as_bit_vectors_agree_with_evaluation() {
    let mut translated = 0;
    for seed in 0..3000u64 {
        let store = TermStore::new();
        let mut rng = Rng::new(seed ^ 0x1b);
        // Integer variables standing for bit-vectors of several widths.
        let widths = [1, 3, 8, 32];
        let bvs: Vec<Term> = (0..4)
            .map(|i| store.var(&format!("b{i}"), Sort::Bv(widths[i])))
            .collect();
        let ints: Vec<Term> = (0..4)
            .map(|i| store.var(&format!("x{i}"), Sort::Int))
            .collect();
        let mut g = TreeGen::with_vars(&store, seed, &ints);
        let f = g.gen(Sort::Bool, 1 + rng.below(4) as u32).build(&store);
        let vars: FxHashMap<VarId, Term> = ints
            .iter()
            .zip(&bvs)
            .map(|(x, b)| (store.as_var(*x).unwrap(), *b))
            .collect();
        let Ok(g_bv) = to_bv(&store, f, &vars) else {
            continue;
        };
        translated += 1;
        let mut bv_env: FxHashMap<VarId, Value> = FxHashMap::default();
        let mut int_env: FxHashMap<VarId, Value> = FxHashMap::default();
        for (x, b) in ints.iter().zip(&bvs) {
            let v = rng.value(store.sort(*b));
            int_env.insert(store.as_var(*x).unwrap(), int_value(&v));
            bv_env.insert(store.as_var(*b).unwrap(), v);
        }
        let Ok(expected) = store.eval_map(f, &int_env) else {
            continue;
        };
        assert_eq!(
            store.eval_map(g_bv, &bv_env),
            Ok(expected),
            "seed {seed}: {} as {}",
            store.to_smtlib(f),
            store.to_smtlib(g_bv)
        );
    }
    assert!(translated > 1000, "{translated} formulas translated");
}

#[test]
fn products_with_small_constants_agree_with_evaluation() {
    let store = TermStore::new();
    let mut rng = Rng::new(7);
    for w in [3u32, 8, 32] {
        let x = store.var(&format!("x{w}"), Sort::Bv(w));
        for c in -17i128..=17 {
            let t = store.bvmul(x, store.bv_signed(c, w));
            let mut to_int = ToInt::new(&store, "!Z");
            let tx = to_int.term(t).expect("a product with a constant");
            for _ in 0..20 {
                let v = Value::Bv(rng.bv_value(w), w);
                let bv_env: FxHashMap<VarId, Value> = [(store.as_var(x).unwrap(), v.clone())]
                    .into_iter()
                    .collect();
                let int_env: FxHashMap<VarId, Value> = [(
                    store.as_var(to_int.var(store.as_var(x).unwrap())).unwrap(),
                    int_value(&v),
                )]
                .into_iter()
                .collect();
                let expected = int_value(&store.eval_map(t, &bv_env).unwrap());
                if to_int.side_conditions() == store.tru() {
                    assert_eq!(store.eval_map(tx, &int_env), Ok(expected), "{c} * {v:?}");
                }
            }
        }
    }
}

/// Without wrap-around (`ToInt::without_wrap`, `ToInt::guarded`): on random formulas and
/// values, `assume` holds only where the formula holds on the bit-vectors (it never admits
/// a wrapped execution as another one), and where the formula holds, `assume` or `alarm`
/// does (an execution with a wrap-around is never lost: the alarm sees it).
#[test]
fn formulas_without_wrap_around_assume_exact_executions_and_alarm_on_the_rest() {
    let (mut assumed, mut alarmed, mut compared) = (0, 0, 0);
    for seed in 0..3000u64 {
        let store = Rc::new(TermStore::new());
        let mut g = TreeGen::new(&store, seed, "");
        g.ints = false;
        let mut rng = Rng::new(seed ^ 0x9e);
        let f = g.gen(Sort::Bool, 2 + rng.below(3) as u32).build(&store);
        let mut to_int = ToInt::without_wrap(&store, "!Z");
        let Ok((assume, alarm)) = to_int.guarded(f) else {
            continue;
        };
        let alarm = alarm.unwrap_or_else(|| store.fls());
        let (pins, bv_env) = pin_random_values(&store, &mut to_int, f, &mut rng);
        let Ok(Value::Bool(holds)) = store.eval_map(f, &bv_env) else {
            continue;
        };
        compared += 1;
        let z3 = Z3::new(store.clone());
        let sat = |extra: Term| {
            let mut solver = z3.solver();
            solver.assert(store.and(&pins));
            solver.assert(extra);
            solver.check()
        };
        let shown = |what: &str| format!("seed {seed}: {what} of {}", store.to_smtlib(f));
        if holds {
            assert_eq!(
                sat(store.or2(assume, alarm)),
                SatResult::Sat,
                "{}",
                shown("an execution lost")
            );
        } else {
            assert_eq!(
                sat(assume),
                SatResult::Unsat,
                "{}",
                shown("a wrong execution")
            );
        }
        if sat(assume) == SatResult::Sat {
            assumed += 1;
        }
        if sat(alarm) == SatResult::Sat {
            alarmed += 1;
        }
    }
    assert!(compared > 2000, "{compared} formulas compared");
    assert!(
        assumed > 200 && alarmed > 15,
        "assumed {assumed}, alarmed {alarmed}"
    );
}

/// Over-approximated operations (`ToInt::abstracting`): whatever the operands, the
/// facts about the fresh variable admit the true value — the translation may say more
/// executions exist, never fewer.
#[test]
fn abstracted_operations_admit_their_true_values() {
    let mut abstracted = 0;
    for seed in 0..3000u64 {
        let store = Rc::new(TermStore::new());
        let mut g = TreeGen::new(&store, seed, "");
        g.ints = false;
        let mut rng = Rng::new(seed ^ 0xab);
        let sort = *rng.pick(&SORTS[1..]);
        let t = g.gen(sort, 1 + rng.below(3) as u32).build(&store);
        if ToInt::new(&store, "!Z").term(t).is_ok() {
            continue;
        }
        let mut to_int = ToInt::new(&store, "!Z").abstracting();
        let Ok(x) = to_int.term(t) else { continue };
        assert!(to_int.abstracted() > 0);
        abstracted += 1;
        let (mut parts, bv_env) = pin_random_values(&store, &mut to_int, t, &mut rng);
        let Ok(expected) = store.eval_map(t, &bv_env) else {
            continue;
        };
        parts.push(store.eq(x, store.value_term(&int_value(&expected))));
        let mut solver = Z3::new(store.clone()).solver();
        solver.assert(store.and(&parts));
        assert_eq!(
            solver.check(),
            SatResult::Sat,
            "seed {seed}: {} as {}",
            store.to_smtlib(t),
            store.to_smtlib(x)
        );
    }
    assert!(abstracted > 200, "{abstracted} terms abstracted");
}

/// Both at once, as the `int-overflow` theory translates (`without_wrap` and
/// `abstracting`): where the formula holds on the bit-vectors, some value of the
/// over-approximated operations satisfies `assume` or `alarm` — an over-approximation
/// whose operand wrapped must not hide the execution from the alarm.
#[test]
fn abstracted_formulas_without_wrap_around_still_alarm_on_every_wrap() {
    let mut compared = 0;
    for seed in 0..20000u64 {
        let store = Rc::new(TermStore::new());
        let mut g = TreeGen::new(&store, seed, "");
        g.ints = false;
        let mut rng = Rng::new(seed ^ 0x5c);
        let f = g.gen(Sort::Bool, 2 + rng.below(3) as u32).build(&store);
        if ToInt::without_wrap(&store, "!Z").guarded(f).is_ok() {
            continue;
        }
        let mut to_int = ToInt::without_wrap(&store, "!Z").abstracting();
        let Ok((assume, alarm)) = to_int.guarded(f) else {
            continue;
        };
        let alarm = alarm.unwrap_or_else(|| store.fls());
        let (pins, bv_env) = pin_random_values(&store, &mut to_int, f, &mut rng);
        let Ok(Value::Bool(true)) = store.eval_map(f, &bv_env) else {
            continue;
        };
        compared += 1;
        let mut solver = Z3::new(store.clone()).solver();
        solver.assert(store.and(&pins));
        solver.assert(store.or2(assume, alarm));
        assert_eq!(
            solver.check(),
            SatResult::Sat,
            "seed {seed}: an execution lost of {}",
            store.to_smtlib(f)
        );
    }
    assert!(compared > 100, "{compared} formulas compared");
}
