//! The bit-blaster against the reference semantics (`logic::value`, via term evaluation):
//! random terms over every operator at widths 1..64, evaluated under random values and
//! simulated as AIGs under the same values, must agree bit for bit. Array variables are
//! flattened into their elements: a test over a full index domain checks `select`,
//! `store` and array equality.

use logic::random::{Rng, TreeGen};
use logic::{Op, ScalarSort, Sort, Term, TermStore, Value, VarId};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use ts::aig::{lit_value, Aig, Lit};
use ts::blast::Blaster;

const WIDTHS: [u32; 12] = [1, 2, 3, 5, 7, 8, 13, 16, 31, 32, 33, 64];

fn op_name(op: Op) -> &'static str {
    match op {
        Op::Not => "not",
        Op::And => "and",
        Op::Or => "or",
        Op::Xor => "xor",
        Op::Implies => "=>",
        Op::Ite => "ite",
        Op::Eq => "=",
        Op::BvNeg => "bvneg",
        Op::BvNot => "bvnot",
        Op::BvAdd => "bvadd",
        Op::BvSub => "bvsub",
        Op::BvMul => "bvmul",
        Op::BvUdiv => "bvudiv",
        Op::BvSdiv => "bvsdiv",
        Op::BvUrem => "bvurem",
        Op::BvSrem => "bvsrem",
        Op::BvShl => "bvshl",
        Op::BvLshr => "bvlshr",
        Op::BvAshr => "bvashr",
        Op::BvAnd => "bvand",
        Op::BvOr => "bvor",
        Op::BvXor => "bvxor",
        Op::Concat => "concat",
        Op::Extract(..) => "extract",
        Op::ZeroExt(_) => "zero_extend",
        Op::SignExt(_) => "sign_extend",
        Op::BvUlt => "bvult",
        Op::BvUle => "bvule",
        Op::BvSlt => "bvslt",
        Op::BvSle => "bvsle",
        Op::Select => "select",
        Op::Store => "store",
        Op::ConstArray(_) => "const-array",
        _ => "other",
    }
}

/// Blasts `t` with every variable an AIG input, and compares the AIG's value with the
/// term's under `values`.
fn agrees(store: &TermStore, t: Term, values: &FxHashMap<VarId, Value>) -> Result<(), String> {
    let mut aig = Aig::new();
    let mut b = Blaster::new(store);
    let mut input_values = Vec::new();
    let mut vars: Vec<VarId> = values.keys().copied().collect();
    vars.sort();
    for v in &vars {
        let Value::Bv(x, w) = values[v].clone() else {
            let Value::Bool(x) = values[v] else { continue };
            b.scalars.insert(*v, vec![aig.new_input()]);
            input_values.push(x);
            continue;
        };
        let word: Vec<Lit> = (0..w).map(|_| aig.new_input()).collect();
        for i in 0..w {
            input_values.push(x >> i & 1 == 1);
        }
        b.scalars.insert(*v, word);
    }
    let word = b.word(&mut aig, t).map_err(|e| e.to_string())?;
    let sim = aig.simulate(&input_values, &[]);
    let got: u128 = word
        .iter()
        .enumerate()
        .map(|(i, l)| (lit_value(&sim, *l) as u128) << i)
        .sum();
    let want = match store.eval_map(t, values).map_err(|e| e.to_string())? {
        Value::Bool(x) => x as u128,
        Value::Bv(x, _) => x,
        other => return Err(format!("unexpected value {other}")),
    };
    if got == want {
        Ok(())
    } else {
        Err(format!("AIG gives {got}, the semantics {want}"))
    }
}

#[test]
fn bit_blasting_agrees_with_the_semantics_on_random_terms() {
    let store = TermStore::new();
    let mut vars = Vec::new();
    for w in WIDTHS {
        for k in 0..2 {
            vars.push(store.var(&format!("v{w}_{k}"), Sort::Bv(w)));
        }
    }
    vars.push(store.var("b0", Sort::Bool));
    vars.push(store.var("b1", Sort::Bool));
    let mut gen = TreeGen::with_vars(&store, 0xb1a57, &vars);
    gen.ints = false;
    gen.array = None;
    let mut rng = Rng::new(7);
    let mut ops: BTreeMap<&str, usize> = BTreeMap::new();
    let n = std::env::var("BOULDER_BLAST_TERMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12_000);
    for i in 0..n {
        let sort = if i % 5 == 0 {
            Sort::Bool
        } else {
            Sort::Bv(WIDTHS[i % WIDTHS.len()])
        };
        let tree = gen.gen(sort, 4);
        let t = tree.build(&store);
        for x in store.postorder(t, false) {
            *ops.entry(op_name(store.op(x))).or_default() += 1;
        }
        let values: FxHashMap<VarId, Value> = vars
            .iter()
            .map(|v| {
                let id = store.as_var(*v).unwrap();
                (id, rng.value(store.sort(*v)))
            })
            .collect();
        if let Err(e) = agrees(&store, t, &values) {
            panic!("term {i}: {}: {e}", store.display(t));
        }
    }
    // Every operator of the bit-vector language was exercised, many times.
    for op in [
        "not",
        "and",
        "or",
        "xor",
        "ite",
        "=",
        "bvneg",
        "bvnot",
        "bvadd",
        "bvsub",
        "bvmul",
        "bvudiv",
        "bvsdiv",
        "bvurem",
        "bvsrem",
        "bvshl",
        "bvlshr",
        "bvashr",
        "bvand",
        "bvor",
        "bvxor",
        "concat",
        "extract",
        "zero_extend",
        "sign_extend",
        "bvult",
        "bvule",
        "bvslt",
        "bvsle",
        "select",
        "store",
    ] {
        let count = ops.get(op).copied().unwrap_or(0);
        assert!(count >= 50, "operator {op} occurred {count} times: {ops:?}");
    }
}

#[test]
fn division_and_shifts_at_the_edges() {
    // Division by zero, INT_MIN / -1, shifts by the width and beyond, at every width.
    let store = TermStore::new();
    for w in 1..=64u32 {
        let m = logic::value::mask(w);
        let interesting = [0, 1, 2, m, m >> 1, (m >> 1) + 1, w as u128, w as u128 - 1];
        let x = store.var(&format!("x{w}"), Sort::Bv(w));
        let y = store.var(&format!("y{w}"), Sort::Bv(w));
        let (xv, yv) = (store.as_var(x).unwrap(), store.as_var(y).unwrap());
        for op in [
            Op::BvUdiv,
            Op::BvSdiv,
            Op::BvUrem,
            Op::BvSrem,
            Op::BvShl,
            Op::BvLshr,
            Op::BvAshr,
            Op::BvMul,
            Op::BvUlt,
            Op::BvSlt,
        ] {
            let t = store.mk(op, &[x, y]);
            for a in interesting {
                for b in interesting {
                    let values: FxHashMap<VarId, Value> =
                        [(xv, Value::Bv(a & m, w)), (yv, Value::Bv(b & m, w))]
                            .into_iter()
                            .collect();
                    if let Err(e) = agrees(&store, t, &values) {
                        panic!("{op:?} at width {w} on {a}, {b}: {e}");
                    }
                }
            }
        }
    }
}

#[test]
fn nonlinear_operators_on_extended_operands_are_exact() {
    // The blaster builds products and quotients of sign- and zero-extended words at a
    // reduced width (C promotes `char % char` to 32 bits); the result must not change,
    // including division by zero and the narrow INT_MIN / -1.
    let store = TermStore::new();
    let mut rng = Rng::new(11);
    for k in [1u32, 2, 3, 7, 8, 12] {
        let m = logic::value::mask(k);
        let interesting = [0, 1, m, m >> 1, (m >> 1) + 1, 2 & m];
        let x = store.var(&format!("nx{k}"), Sort::Bv(k));
        let y = store.var(&format!("ny{k}"), Sort::Bv(k));
        let (xv, yv) = (store.as_var(x).unwrap(), store.as_var(y).unwrap());
        for w in [k, k + 1, 16, 32, 64] {
            if w < k {
                continue;
            }
            let by = w - k;
            let ext = |t: Term, signed: bool| {
                if by == 0 {
                    t
                } else if signed {
                    store.mk(Op::SignExt(by), &[t])
                } else {
                    store.mk(Op::ZeroExt(by), &[t])
                }
            };
            for op in [Op::BvMul, Op::BvUdiv, Op::BvUrem, Op::BvSdiv, Op::BvSrem] {
                for (sx, sy) in [(true, true), (false, false), (true, false), (false, true)] {
                    let t = store.mk(op, &[ext(x, sx), ext(y, sy)]);
                    let mut pairs: Vec<(u128, u128)> = interesting
                        .iter()
                        .flat_map(|a| interesting.iter().map(move |b| (*a, *b)))
                        .collect();
                    for _ in 0..8 {
                        let (Value::Bv(a, _), Value::Bv(b, _)) =
                            (rng.value(Sort::Bv(k)), rng.value(Sort::Bv(k)))
                        else {
                            unreachable!("bit-vector values")
                        };
                        pairs.push((a, b));
                    }
                    for (a, b) in pairs {
                        let values: FxHashMap<VarId, Value> =
                            [(xv, Value::Bv(a & m, k)), (yv, Value::Bv(b & m, k))]
                                .into_iter()
                                .collect();
                        if let Err(e) = agrees(&store, t, &values) {
                            panic!("{}: on {a}, {b}: {e}", store.display(t));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn array_variables_are_flattened_exactly() {
    // Index sort bv4 and 16 elements: every index names a kept element.
    let store = TermStore::new();
    let sort = Sort::Array(ScalarSort::Bv(4), ScalarSort::Bv(8));
    let a = store.var("a", sort);
    let c = store.var("c", sort);
    let i = store.var("i", Sort::Bv(4));
    let j = store.var("j", Sort::Bv(4));
    let v = store.var("v", Sort::Bv(8));
    let mut rng = Rng::new(99);
    for round in 0..300 {
        // A random store chain over a, then a select, and an equality with c.
        let mut arr = if rng.chance(20) {
            store.const_array(ScalarSort::Bv(4), v)
        } else {
            a
        };
        for _ in 0..rng.below(4) {
            let k = store.bv_const(rng.below(16) as u128, 4);
            let idx = *rng.pick(&[i, j, k]);
            let k = store.bv_const(rng.below(256) as u128, 8);
            let val = *rng.pick(&[v, k]);
            arr = store.store(arr, idx, val);
        }
        let idx = *rng.pick(&[i, j, store.bvadd(i, j)]);
        let sel = store.select(arr, idx);
        let eq = store.eq(arr, c);
        let values_of = |rng: &mut Rng| -> FxHashMap<VarId, Value> {
            let mut m = FxHashMap::default();
            for (t, s) in [(a, sort), (c, sort)] {
                // Arrays over all 16 indices, mostly equal to each other.
                let mut x = Value::zero(s);
                for k in 0..16u128 {
                    x = x.store(Value::Bv(k, 4), Value::Bv(rng.below(3) as u128, 8));
                }
                m.insert(store.as_var(t).unwrap(), x);
            }
            for (t, w) in [(i, 4), (j, 4), (v, 8)] {
                m.insert(store.as_var(t).unwrap(), Value::Bv(rng.bv_value(w), w));
            }
            m
        };
        for _ in 0..4 {
            let values = values_of(&mut rng);
            let mut aig = Aig::new();
            let mut b = Blaster::new(&store);
            let mut inputs = Vec::new();
            for (t, s) in [(a, sort), (c, sort)] {
                let id = store.as_var(t).unwrap();
                let mut elems = Vec::new();
                for k in 0..16u128 {
                    let Value::Bv(x, _) = values[&id].select(&Value::Bv(k, 4)) else {
                        unreachable!()
                    };
                    elems.push((0..8).map(|_| aig.new_input()).collect::<Vec<_>>());
                    inputs.extend((0..8).map(|bit| x >> bit & 1 == 1));
                }
                let _ = s;
                b.arrays.insert(id, elems);
            }
            for (t, w) in [(i, 4u32), (j, 4), (v, 8)] {
                let id = store.as_var(t).unwrap();
                let Value::Bv(x, _) = values[&id] else {
                    unreachable!()
                };
                b.scalars
                    .insert(id, (0..w).map(|_| aig.new_input()).collect());
                inputs.extend((0..w).map(|bit| x >> bit & 1 == 1));
            }
            for t in [sel, eq] {
                let word = b.word(&mut aig, t).unwrap();
                let sim = aig.simulate(&inputs, &[]);
                let got: u128 = word
                    .iter()
                    .enumerate()
                    .map(|(k, l)| (lit_value(&sim, *l) as u128) << k)
                    .sum();
                let want = match store.eval_map(t, &values).unwrap() {
                    Value::Bool(x) => x as u128,
                    Value::Bv(x, _) => x,
                    other => panic!("{other}"),
                };
                assert_eq!(got, want, "round {round}: {}", store.display(t));
            }
        }
    }
}
