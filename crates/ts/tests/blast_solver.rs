//! The bit-blasting solver against Z3 on random bit-vector formulas: the same answers, models
//! that satisfy the formula, unsat cores that are unsat, push/pop as Z3 has them, and the
//! hand-over to the fallback for what cannot be blasted.

use logic::random::TreeGen;
use logic::{SatResult, Solver, SolverFactory, Sort, Term, TermStore, Value, Z3};
use std::rc::Rc;
use ts::blast_solver::BlastSolverFactory;

fn setup() -> (Rc<TermStore>, Z3, BlastSolverFactory, Vec<Term>) {
    let store = Rc::new(TermStore::new());
    let z3 = Z3::new(store.clone());
    let sat = BlastSolverFactory::new(store.clone(), Rc::new(z3.clone()));
    let vars = vec![
        store.var("x", Sort::Bv(8)),
        store.var("y", Sort::Bv(8)),
        // At most 8 bits: wider non-linear products are left to the fallback.
        store.var("z", Sort::Bv(5)),
        store.var("w", Sort::Bv(3)),
        store.var("p", Sort::Bool),
        store.var("q", Sort::Bool),
    ];
    (store, z3, sat, vars)
}

fn formulas(store: &TermStore, vars: &[Term], seed: u64, n: usize) -> Vec<Term> {
    let mut g = TreeGen::with_vars(store, seed, vars);
    (0..n).map(|_| g.gen(Sort::Bool, 5).build(store)).collect()
}

fn is_true(store: &TermStore, s: &mut dyn Solver, t: Term) -> bool {
    let mut values = rustc_hash::FxHashMap::default();
    for v in store.free_vars(t) {
        let var = store.var(&store.var_name(v), store.var_sort(v));
        values.insert(v, s.value(var).expect("a model value"));
    }
    store.eval_map(t, &values) == Ok(Value::Bool(true))
}

#[test]
fn answers_and_models_agree_with_z3_on_random_formulas() {
    let (store, z3, sat, vars) = setup();
    let (mut sats, mut unsats) = (0, 0);
    for (k, f) in formulas(&store, &vars, 7, 400).into_iter().enumerate() {
        let mut a = sat.new_solver();
        let mut b = z3.new_solver();
        a.assert(f);
        b.assert(f);
        let (ra, rb) = (a.check(), b.check());
        assert_eq!(ra, rb, "formula {k}: {}", store.display(f));
        match ra {
            SatResult::Sat => {
                sats += 1;
                assert!(is_true(&store, &mut *a, f), "model of {}", store.display(f));
                assert_eq!(a.value(f), Some(Value::Bool(true)));
            }
            SatResult::Unsat => unsats += 1,
            SatResult::Unknown(r) => panic!("unknown: {r}"),
        }
    }
    assert!(
        sats > 50 && unsats > 20,
        "a mix of answers: {sats} sat, {unsats} unsat"
    );
    assert_eq!(sat.fallbacks(), 0);
}

#[test]
fn push_pop_and_assumptions_as_in_z3_with_cores_that_are_unsat() {
    let (store, z3, sat, vars) = setup();
    let fs = formulas(&store, &vars, 11, 240);
    let mut cores = 0;
    for chunk in fs.chunks(6) {
        let mut a = sat.new_solver();
        let mut b = z3.new_solver();
        a.assert(chunk[0]);
        b.assert(chunk[0]);
        a.push();
        b.push();
        a.assert(chunk[1]);
        b.assert(chunk[1]);
        assert_eq!(a.check(), b.check());
        a.pop();
        b.pop();
        assert_eq!(a.check(), b.check(), "after pop");
        let assumptions = &chunk[2..];
        let ra = a.check_assuming(assumptions);
        assert_eq!(ra, b.check_assuming(assumptions));
        if ra == SatResult::Unsat {
            let core = a.unsat_core();
            assert!(core.iter().all(|c| assumptions.contains(c)));
            let mut c = z3.new_solver();
            c.assert(chunk[0]);
            for t in &core {
                c.assert(*t);
            }
            assert_eq!(c.check(), SatResult::Unsat, "the core alone is unsat");
            cores += 1;
        } else if ra == SatResult::Sat {
            for t in assumptions {
                assert!(is_true(&store, &mut *a, *t));
            }
        }
    }
    assert!(cores > 3, "some cores checked: {cores}");
}

#[test]
fn what_cannot_be_blasted_goes_to_the_fallback() {
    let (store, z3, sat, vars) = setup();
    let i = store.var("i", Sort::Int);
    let x = vars[0];
    let mut a = sat.new_solver();
    a.assert(store.bvult(x, store.bv_const(3, 8)));
    a.push();
    // i > 5 ∧ i < 7: only i = 6.
    a.assert(store.int_lt(store.int_const(5), i));
    a.assert(store.int_lt(i, store.int_const(7)));
    assert_eq!(a.check(), SatResult::Sat);
    assert_eq!(a.value(i), Some(Value::Int(6)));
    assert_eq!(sat.fallbacks(), 1);
    a.assert(store.eq(i, store.int_const(0)));
    assert_eq!(a.check(), SatResult::Unsat);
    a.pop();
    assert_eq!(
        a.check(),
        SatResult::Sat,
        "the popped level went to the fallback too"
    );
    assert_eq!(
        z3.stats().checks,
        3,
        "the fallback answered every check after it"
    );
    // A product of two 32-bit variables is left to Z3 too.
    let (u, v) = (store.var("u", Sort::Bv(32)), store.var("v", Sort::Bv(32)));
    let mut b = sat.new_solver();
    b.assert(store.eq(store.bvmul(u, v), store.bv_const(35, 32)));
    b.assert(store.bvult(u, store.bv_const(6, 32)));
    b.assert(store.bvult(store.bv_const(1, 32), u));
    assert_eq!(b.check(), SatResult::Sat);
    assert_eq!(b.value(store.bvmul(u, v)), Some(Value::Bv(35, 32)));
    assert_eq!(sat.fallbacks(), 2);
    // A product with a constant is blasted.
    let mut c = sat.new_solver();
    c.assert(store.eq(
        store.bvmul(u, store.bv_const(3, 32)),
        store.bv_const(21, 32),
    ));
    assert_eq!(c.check(), SatResult::Sat);
    let Some(Value::Bv(x, 32)) = c.value(u) else {
        panic!("a value of u")
    };
    assert_eq!(x.wrapping_mul(3) & 0xffff_ffff, 21);
    assert_eq!(sat.fallbacks(), 2);
}

#[test]
fn a_check_too_hard_for_sat_is_raced_against_the_fallback() {
    let (store, z3, sat, _) = setup();
    // Associativity of an 8-bit product: thousands of conflicts for CDCL on the
    // multiplier circuits, nothing for Z3's rewriter.
    let (u, v, w) = (
        store.var("cu", Sort::Bv(8)),
        store.var("cv", Sort::Bv(8)),
        store.var("cw", Sort::Bv(8)),
    );
    let mut a = sat.new_solver();
    a.assert(store.bvult(u, store.bv_const(100, 8)));
    a.push();
    let left = store.bvmul(store.bvmul(u, v), w);
    let right = store.bvmul(u, store.bvmul(v, w));
    a.assert(store.not(store.eq(left, right)));
    assert_eq!(a.check(), SatResult::Unsat);
    assert_eq!(sat.fallbacks(), 1, "the fallback took a turn");
    let z3_checks = z3.stats().checks;
    assert!(z3_checks >= 1);
    // Not handed over for good: after the pop an easy check is SAT's again, with SAT's
    // model, and the fallback was told of the pop.
    a.pop();
    let sat_checks = sat.stats().checks;
    let easy = store.eq(store.bvadd(u, v), store.bv_const(7, 8));
    assert_eq!(a.check_assuming(&[easy]), SatResult::Sat);
    assert_eq!(sat.stats().checks, sat_checks + 1, "SAT answered");
    assert_eq!(z3.stats().checks, z3_checks, "the fallback did not");
    assert!(is_true(&store, &mut *a, easy));
    assert!(is_true(
        &store,
        &mut *a,
        store.bvult(u, store.bv_const(100, 8))
    ));
}
