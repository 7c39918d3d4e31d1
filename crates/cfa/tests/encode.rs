//! Path formulas, WP and SP against concrete execution (docs/design.md §4).

use cfa::exec::{all_executions, execute, Oracle, RecordedChoices, State};
use cfa::random::StmtGen;
use cfa::{extract_trace, Encoder, Rec, SsaMap, Stmt, StmtStore};
use logic::random::Rng;
use logic::{SatResult, Solver, Sort, Term, TermStore, Value, VarId, Z3};
use proptest::prelude::*;
use std::rc::Rc;

struct Setup {
    terms: Rc<TermStore>,
    stmts: StmtStore,
    vars: Vec<Term>,
}

fn setup() -> Setup {
    let terms = Rc::new(TermStore::new());
    let vars = vec![
        terms.var("x", Sort::Bv(4)),
        terms.var("y", Sort::Bv(4)),
        terms.var("z", Sort::Bv(3)),
        terms.var("b", Sort::Bool),
    ];
    Setup {
        terms,
        stmts: StmtStore::new(),
        vars,
    }
}

fn domain(s: Sort) -> Vec<Value> {
    match s {
        Sort::Bool => vec![Value::Bool(false), Value::Bool(true)],
        Sort::Bv(w) => (0..1u128 << w).map(|v| Value::Bv(v, w)).collect(),
        _ => unreachable!("small sorts only"),
    }
}

fn random_state(su: &Setup, rng: &mut Rng) -> State {
    su.vars
        .iter()
        .map(|v| {
            let id = su.terms.as_var(*v).unwrap();
            (id, rng.value(su.terms.var_sort(id)))
        })
        .collect()
}

/// Random decisions, remembered so that the path formula can be pinned to them.
struct RandomOracle {
    rng: Rng,
    choices: Vec<usize>,
    havocs: Vec<Value>,
}

impl Oracle for RandomOracle {
    fn branch(&mut self, _: cfa::StmtId, n: usize) -> usize {
        let i = self.rng.below(n as u64) as usize;
        self.choices.push(i);
        i
    }
    fn havoc(&mut self, _: VarId, sort: Sort) -> Value {
        let v = self.rng.value(sort);
        self.havocs.push(v.clone());
        v
    }
}

/// Constraints naming the execution's decisions in the formula: the taken branches'
/// selectors and the havoc instances' values.
fn pin(
    terms: &TermStore,
    stmts: &StmtStore,
    recs: &[Rec],
    choices: &mut std::slice::Iter<usize>,
    havocs: &mut std::slice::Iter<Value>,
    out: &mut Vec<Term>,
) {
    for r in recs {
        match r {
            Rec::Leaf { stmt, written } => {
                if let (Stmt::Havoc(_), Some(w)) = (stmts.get(*stmt), written) {
                    out.push(terms.eq(*w, terms.value_term(havocs.next().unwrap())));
                }
            }
            Rec::Choice {
                selectors,
                branches,
            } => {
                let i = *choices.next().unwrap();
                out.push(selectors[i]);
                pin(terms, stmts, &branches[i], choices, havocs, out);
            }
        }
    }
}

fn init_constraints(su: &Setup, state: &State) -> Vec<Term> {
    su.vars
        .iter()
        .map(|v| {
            let id = su.terms.as_var(*v).unwrap();
            su.terms
                .eq(su.terms.ssa_var(id, 0), su.terms.value_term(&state[&id]))
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every concrete execution is a model of the path formula with the same final values,
    /// and every model of the path formula is an execution (read its branch selectors and
    /// havoc values, execute, compare).
    #[test]
    fn path_formula_is_exactly_the_executions(seed in any::<u64>()) {
        let su = setup();
        let t = &*su.terms;
        let mut g = StmtGen::new(t, &su.stmts, seed, &su.vars);
        let s = g.stmt(3);
        let mut rng = Rng::new(seed ^ 77);
        let init = random_state(&su, &mut rng);

        let mut enc = Encoder::new(t, &su.stmts);
        enc.record = true;
        let mut ssa = SsaMap::new();
        let (f, recs) = enc.encode(s, &mut ssa);
        let finals: Vec<(VarId, Term)> = su.vars.iter().map(|v| {
            let id = t.as_var(*v).unwrap();
            (id, enc.instance(id, &ssa))
        }).collect();
        let z3 = Z3::new(su.terms.clone());

        // Execution => model.
        let mut state = init.clone();
        let mut oracle = RandomOracle { rng: Rng::new(seed ^ 99), choices: vec![], havocs: vec![] };
        if execute(t, &su.stmts, s, &mut state, &mut oracle).unwrap() {
            let mut pins = init_constraints(&su, &init);
            pin(t, &su.stmts, &recs, &mut oracle.choices.iter(), &mut oracle.havocs.iter(), &mut pins);
            let mut solver = z3.solver();
            solver.assert(f);
            for p in &pins { solver.assert(*p); }
            prop_assert_eq!(solver.check(), SatResult::Sat, "execution is not a model");
            let differs: Vec<Term> = finals.iter()
                .map(|(v, inst)| t.neq(*inst, t.value_term(&state[v])))
                .collect();
            solver.assert(t.or(&differs));
            prop_assert_eq!(solver.check(), SatResult::Unsat, "final values differ");
        }

        // Model => execution.
        let mut solver = z3.solver();
        solver.assert(f);
        for c in init_constraints(&su, &init) { solver.assert(c); }
        match solver.check() {
            SatResult::Sat => {
                let bt = extract_trace(&recs, &mut |x| solver.value(x));
                let havocs: Vec<Value> = bt.steps.iter()
                    .filter(|st| matches!(su.stmts.get(st.stmt), Stmt::Havoc(_)))
                    .map(|st| st.value.clone().unwrap())
                    .collect();
                let mut replay = RecordedChoices::new(&bt.choices, &havocs);
                let mut state = init.clone();
                let ok = execute(t, &su.stmts, s, &mut state, &mut replay).unwrap();
                prop_assert!(ok && !replay.exhausted, "the model's trace does not execute");
                for (v, inst) in &finals {
                    prop_assert_eq!(solver.value(*inst), Some(state[v].clone()));
                }
            }
            SatResult::Unsat => {
                let all = all_executions(t, &su.stmts, s, &init, &domain).unwrap();
                prop_assert!(all.is_empty(), "formula unsat but {} executions exist", all.len());
            }
            SatResult::Unknown(r) => prop_assert!(false, "unknown: {}", r),
        }
    }

    /// A state satisfies wp(S, Q) iff every execution of S from it ends in Q.
    #[test]
    fn wp_is_exact(seed in any::<u64>()) {
        let su = setup();
        let t = &*su.terms;
        let mut g = StmtGen::new(t, &su.stmts, seed, &su.vars);
        let s = g.stmt(3);
        let q = g.trees.gen(Sort::Bool, 2).build(t);
        let mut rng = Rng::new(seed ^ 5);
        for _ in 0..4 {
            let state = random_state(&su, &mut rng);
            let all = all_executions(t, &su.stmts, s, &state, &domain).unwrap();
            let expected = all.iter().all(|end| t.eval_map(q, end).unwrap() == Value::Bool(true));
            let w = cfa::wp::wp(t, &su.stmts, s, q);
            prop_assert_eq!(t.eval_map(w, &state).unwrap(), Value::Bool(expected));
            // Light quantifier elimination keeps the meaning.
            let light = t.qe_light(w);
            prop_assert_eq!(t.eval_map(light, &state).unwrap(), Value::Bool(expected), "{}", t.display(light));
        }
    }
}

/// The precondition by symbolic execution (`cfa::symbolic`) means what `wp` means, on
/// random statements (whose choices are mostly not exclusive: branch selectors) and on a
/// branch point as C's conditions make one (`assume c` against `assume ¬c`: merged by
/// `ite`); and so does the same formula with its atoms freed of `ite`. The evaluator
/// enumerates a quantifier's domain, so formulas whose `∀` is still too wide after light
/// elimination are not evaluated; the test requires that most are.
#[test]
fn wp_by_execution_is_exact() {
    let su = setup();
    let t = &*su.terms;
    let (mut checked, mut too_wide) = (0, 0);
    for seed in 0..300u64 {
        let mut g = StmtGen::new(t, &su.stmts, seed, &su.vars);
        let s = g.stmt(3);
        let c = g.trees.gen(Sort::Bool, 2).build(t);
        let (a, b, tail) = (g.stmt(2), g.stmt(2), g.stmt(1));
        let branch = su.stmts.choice(&[
            su.stmts.seq(&[su.stmts.assume(c, None), a]),
            su.stmts.seq(&[su.stmts.assume(t.not(c), None), b]),
        ]);
        let q = g.trees.gen(Sort::Bool, 2).build(t);
        let mut rng = Rng::new(seed ^ 9);
        for stmt in [
            s,
            su.stmts.seq(&[branch, tail]),
            su.stmts.seq(&[tail, branch, branch]),
        ] {
            let w = cfa::symbolic::wp_by_execution(t, &su.stmts, stmt, q);
            let lifted = t.lift_ite(w, 100_000).expect("small formulas lift");
            assert!(
                !t.postorder(lifted, true)
                    .iter()
                    .any(|n| t.op(*n) == logic::Op::Ite && !t.sort(*n).is_bool()),
                "an ite left in {}",
                t.display(lifted)
            );
            for _ in 0..4 {
                let state = random_state(&su, &mut rng);
                let all = all_executions(t, &su.stmts, stmt, &state, &domain).unwrap();
                let expected = Value::Bool(
                    all.iter()
                        .all(|end| t.eval_map(q, end).unwrap() == Value::Bool(true)),
                );
                match (
                    t.eval_map(t.qe_light(w), &state),
                    t.eval_map(t.qe_light(lifted), &state),
                ) {
                    (Ok(x), Ok(y)) => {
                        assert_eq!(x, expected, "seed {seed}: {}", t.display(w));
                        assert_eq!(y, expected, "seed {seed}: {}", t.display(lifted));
                        checked += 1;
                    }
                    (Err(logic::EvalError::QuantifierDomain(_)), _)
                    | (_, Err(logic::EvalError::QuantifierDomain(_))) => too_wide += 1,
                    (Err(e), _) | (_, Err(e)) => panic!("seed {seed}: {e:?}"),
                }
            }
        }
    }
    assert!(
        checked >= 3 * too_wide,
        "{checked} checked, {too_wide} too wide"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// A state satisfies sp(S, P) iff some execution of S from a state satisfying P ends
    /// in it (checked over all 16 states of a bv3 and a bool).
    #[test]
    fn sp_is_exact(seed in any::<u64>()) {
        let terms = Rc::new(TermStore::new());
        let stmts = StmtStore::new();
        let vars = vec![terms.var("u", Sort::Bv(3)), terms.var("c", Sort::Bool)];
        let t = &*terms;
        let mut g = StmtGen::new(t, &stmts, seed, &vars);
        let s = g.stmt(2);
        let p = g.trees.gen(Sort::Bool, 2).build(t);
        let (u, c) = (t.as_var(vars[0]).unwrap(), t.as_var(vars[1]).unwrap());
        let states: Vec<State> = (0..8u128).flat_map(|x| [false, true].map(move |b| {
            let mut st = State::default();
            st.insert(u, Value::Bv(x, 3));
            st.insert(c, Value::Bool(b));
            st
        })).collect();
        let dom = |s: Sort| domain(s);
        let mut reachable = Vec::new();
        for st in &states {
            if t.eval_map(p, st).unwrap() == Value::Bool(true) {
                reachable.extend(all_executions(t, &stmts, s, st, &dom).unwrap());
            }
        }
        let post = cfa::wp::sp(t, &stmts, s, p);
        let light = t.qe_light(post);
        for st in &states {
            prop_assert_eq!(
                t.eval_map(post, st).unwrap() == Value::Bool(true),
                reachable.contains(st)
            );
            prop_assert_eq!(
                t.eval_map(light, st).unwrap() == Value::Bool(true),
                reachable.contains(st),
                "{}", t.display(light)
            );
        }
    }
}

#[test]
fn choice_merge_adds_frame_equalities_and_selectors() {
    let su = setup();
    let t = &*su.terms;
    let scope: rustc_hash::FxHashMap<String, Term> = su
        .vars
        .iter()
        .map(|v| (t.var_name(t.as_var(*v).unwrap()).to_string(), *v))
        .collect();
    let e = |s: &str| logic::syntax::parse_term(t, &scope, s, Some(Sort::Bv(4))).unwrap();
    let (x, y) = (su.vars[0], su.vars[1]);
    let a = su.stmts.assign(x, e("x + 1"), None);
    let b = su.stmts.assign(y, e("2"), None);
    let ch = su.stmts.choice(&[a, b]);
    let mut enc = Encoder::new(t, &su.stmts);
    let mut ssa = SsaMap::new();
    let (f, _) = enc.encode(ch, &mut ssa);
    assert_eq!(
        t.print_infix(f, Some(Sort::Bool)),
        "(sel!1 => x@1 == x@0 + 1 && y@1 == y@0) && (sel!2 => y@1 == 2 && x@1 == x@0) && (sel!1 || sel!2)"
    );
    assert_eq!(ssa.index(t.as_var(x).unwrap()), 1);
}
