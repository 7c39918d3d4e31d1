//! Property tests of the term language against Z3 and against direct evaluation.

use logic::random::{Rng, Tree, TreeGen};
use logic::syntax::parse_term;
use logic::{SatResult, Solver, Sort, TermStore, Value, Z3};
use proptest::prelude::*;
use rustc_hash::FxHashMap;
use std::rc::Rc;

const SORTS: [Sort; 5] = [
    Sort::Bool,
    Sort::Bv(8),
    Sort::Bv(32),
    Sort::Bv(3),
    Sort::Int,
];

struct Case {
    store: Rc<TermStore>,
    tree: Tree,
    env: FxHashMap<logic::VarId, Value>,
    vars: Vec<logic::Term>,
}

fn case(seed: u64) -> Case {
    let store = Rc::new(TermStore::new());
    let mut g = TreeGen::new(&store, seed, "");
    let mut rng = Rng::new(seed ^ 0x5eed);
    let sort = *rng.pick(&SORTS);
    let depth = 1 + rng.below(5) as u32;
    let tree = g.gen(sort, depth);
    let vars = g.all_vars();
    let mut env = FxHashMap::default();
    for v in &vars {
        let id = store.as_var(*v).unwrap();
        env.insert(id, rng.value(store.var_sort(id)));
    }
    Case {
        store,
        tree,
        env,
        vars,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The builder's simplifications preserve meaning, `eval` computes it, and Z3 agrees:
    /// under the assignment, Z3 proves `t = eval(t)`.
    #[test]
    fn eval_matches_direct_semantics_and_z3(seed in any::<u64>()) {
        let c = case(seed);
        let s = &c.store;
        let direct = match c.tree.eval(s, &|v| c.env.get(&v).cloned()) {
            Ok(v) => v,
            Err(_) => return Ok(()), // integer overflow beyond 128 bits: not comparable
        };
        let t = c.tree.build(s);
        let evaluated = s.eval_map(t, &c.env).expect("evaluation");
        prop_assert_eq!(&evaluated, &direct, "term {}", s.display(t));

        let z3 = Z3::new(s.clone());
        let mut solver = z3.solver();
        for v in &c.vars {
            let id = s.as_var(*v).unwrap();
            solver.assert(s.eq(*v, s.value_term(&c.env[&id])));
        }
        solver.assert(s.neq(t, s.value_term(&direct)));
        prop_assert_eq!(solver.check(), SatResult::Unsat, "term {}", s.display(t));
    }

    /// Printing in the infix syntax and parsing back gives the same term.
    #[test]
    fn infix_round_trip(seed in any::<u64>()) {
        let c = case(seed);
        let s = &c.store;
        let t = c.tree.build(s);
        let text = s.print_infix(t, Some(s.sort(t)));
        let back = parse_term(s, &**s, &text, Some(s.sort(t)));
        prop_assert_eq!(back, Ok(t), "text {}", text);
    }

    /// Translating into Z3 and reading back by declaration name gives the same term.
    #[test]
    fn z3_round_trip(seed in any::<u64>()) {
        let c = case(seed);
        let s = &c.store;
        let t = c.tree.build(s);
        let z3 = Z3::new(s.clone());
        prop_assert_eq!(z3.round_trip(t), Ok(t), "term {}", s.display(t));
    }

    /// Terms that Z3 has rewritten (its `simplify` tactic introduces n-ary and derived
    /// operators) read back to equivalent terms.
    #[test]
    fn z3_simplified_terms_read_back_equivalent(seed in any::<u64>()) {
        let c = case(seed);
        let s = &c.store;
        let t = c.tree.build(s);
        if s.sort(t) != Sort::Bool {
            return Ok(());
        }
        let z3 = Z3::new(s.clone());
        let back = z3.apply_tactics(t, &["simplify"], None).expect("read back");
        let mut solver = z3.solver();
        solver.assert(s.not(s.iff(t, back)));
        prop_assert_eq!(solver.check(), SatResult::Unsat);
    }

    /// Boulder's SMT-LIB script of `t != v` (v the value of t) is unsatisfiable to Z3's own
    /// parser too: the printed text means what the term means.
    #[test]
    fn smtlib_text_means_the_term(seed in any::<u64>()) {
        let c = case(seed);
        let s = &c.store;
        let Ok(direct) = c.tree.eval(s, &|v| c.env.get(&v).cloned()) else { return Ok(()) };
        let t = c.tree.build(s);
        let mut assertions: Vec<_> = c.vars.iter().map(|v| {
            let id = s.as_var(*v).unwrap();
            s.eq(*v, s.value_term(&c.env[&id]))
        }).collect();
        assertions.push(s.neq(t, s.value_term(&direct)));
        let script = s.smtlib_script(&assertions);
        let z3 = Z3::new(s.clone());
        prop_assert_eq!(z3.check_smtlib(&script), Ok(SatResult::Unsat), "script {}", script);
    }

    /// A compiled term re-evaluated after changing some variables gives what evaluating it
    /// afresh under the changed assignment gives (CEGAR's model lifting relies on it).
    #[test]
    fn reevaluation_matches_evaluation(seed in any::<u64>()) {
        let c = case(seed);
        let s = &c.store;
        let t = c.tree.build(s);
        let Some(program) = s.program(&[t]) else { return Ok(()) };
        let Ok(base) = program.evaluate(s, &|v| c.env.get(&v).cloned()) else { return Ok(()) };
        let mut rng = Rng::new(seed ^ 0xc4a9);
        let mut env = c.env.clone();
        let mut changes = Vec::new();
        for v in &c.vars {
            let id = s.as_var(*v).unwrap();
            if rng.below(2) == 0 {
                let value = rng.value(s.var_sort(id));
                env.insert(id, value.clone());
                changes.push((id, value));
            }
        }
        let Ok(expected) = s.eval_map(t, &env) else { return Ok(()) };
        let again = program.reevaluate(&base, &changes).expect("evaluates where eval does");
        prop_assert_eq!(&again[0], &expected, "term {}", s.display(t));
    }
}
