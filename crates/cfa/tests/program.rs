//! The procedural CFA: its text format, and the inlining pass held to the procedural
//! semantics (`exec::run_program`) on random programs.

use cfa::exec::{run_cfa, run_program, run_program_observed, Oracle, RunEnd, State, Visit};
use cfa::random::random_program;
use cfa::{inline, parse_program, print_program, InlineOptions, LocationKind, StmtStore};
use logic::random::Rng;
use logic::{Sort, TermStore, Value, VarId};
use std::rc::Rc;

#[derive(Clone)]
struct Seeded(Rng);

impl Oracle for Seeded {
    fn branch(&mut self, _: cfa::StmtId, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
    fn havoc(&mut self, _: VarId, sort: Sort) -> Value {
        self.0.value(sort)
    }
}

fn program(seed: u64) -> cfa::Program {
    let terms = Rc::new(TermStore::new());
    random_program(terms, Rc::new(StmtStore::new()), seed, 3, 5, 5)
}

#[test]
fn printed_programs_parse_back_to_the_same_text() {
    for seed in 0..40 {
        let p = program(seed);
        let text = print_program(&p);
        let q = parse_program(&text, Rc::new(TermStore::new()), Rc::new(StmtStore::new()))
            .unwrap_or_else(|e| panic!("seed {seed}: {}:{}: {}\n{text}", e.line, e.col, e.message));
        assert_eq!(print_program(&q), text, "seed {seed}");
        assert_eq!(q.functions().len(), 3);
    }
}

#[test]
fn a_program_with_a_call_across_functions_is_refused() {
    let text = "var x: bv8\nloc a init\nloc b\nloc c\nloc d\nloc e\n\
                function f entry c exit d\nfunction g entry e exit b\n\
                a -> b { call f() }\nc -> e { x := 1 }\n";
    let e = parse_program(text, Rc::new(TermStore::new()), Rc::new(StmtStore::new()))
        .expect_err("refused");
    assert!(
        e.message.contains("joins two functions") || e.message.contains("belongs to"),
        "{}",
        e.message
    );
}

/// How a run ended, in terms both CFAs share: the kind of the final location (for a run
/// that blocked inside a function, that it blocked), and the globals.
fn outcome(cfa: &cfa::Cfa, end: &RunEnd, state: &State, globals: &[VarId]) -> Option<String> {
    let RunEnd::Stopped(l) = end else {
        return None;
    };
    let kind = match cfa.kind(*l) {
        LocationKind::Plain => "blocked".to_string(),
        k => format!("{k:?}"),
    };
    let values: Vec<String> = globals
        .iter()
        .map(|g| format!("{:?}", state.get(g)))
        .collect();
    Some(format!("{kind} {}", values.join(" ")))
}

#[test]
fn inlined_programs_run_as_the_procedural_semantics_says() {
    let (mut compared, mut calls, mut bounded) = (0, 0, 0);
    for seed in 0..300 {
        let p = program(seed);
        let opts = InlineOptions {
            max_recursive_instances: 256,
            ..InlineOptions::default()
        };
        let flat = inline(&p, &opts).expect("small");
        let terms = p.cfa.terms.clone();
        let globals: Vec<VarId> = ["g0", "g1", "g2", "fuel"]
            .iter()
            .map(|n| terms.lookup_var(n).unwrap())
            .collect();
        for run in 0..6u64 {
            let mut rng = Rng::new(seed * 1000 + run);
            let init: State = flat
                .cfa
                .vars()
                .iter()
                .map(|d| (d.var, rng.value(terms.var_sort(d.var))))
                .collect();
            let oracle = Seeded(Rng::new(seed * 7 + run));
            let (mut s1, mut o1) = (init.clone(), oracle.clone());
            let (path, end1) = run_program(&p, &mut s1, &mut o1, 400).unwrap();
            // The observed run is the same run, and reports it: a location per step
            // (the init location first, a call's entry after its `Enter`), calls entered
            // and left in a stack's order.
            let (mut s3, mut o3) = (init.clone(), oracle.clone());
            let mut visits = Vec::new();
            let (path3, end3) =
                run_program_observed(&p, &mut s3, &mut o3, 400, &mut |v, _| visits.push(v))
                    .unwrap();
            assert_eq!(
                (&path3, &end3, &s3),
                (&path, &end1, &s1),
                "seed {seed} run {run}"
            );
            let mut stack = Vec::new();
            for v in &visits {
                match v {
                    Visit::Enter(f) => stack.push(*f),
                    Visit::Leave(f) => assert_eq!(stack.pop(), Some(*f), "seed {seed}"),
                    Visit::At(l) if p.owner(*l).is_none() => stack.clear(),
                    Visit::At(l) => assert_eq!(p.owner(*l), stack.last().copied(), "seed {seed}"),
                }
            }
            assert_eq!(visits.first(), Some(&Visit::At(p.cfa.init())));
            let (mut s2, mut o2) = (init.clone(), oracle.clone());
            let (_, end2) = run_cfa(&flat.cfa, &mut s2, &mut o2, 2000).unwrap();
            // Fuel 5 keeps every run within the depth of 8 calls the pass unfolds, but
            // the budget of recursive instances may end a run early (`bounded`): such a
            // run says nothing about the semantics.
            if let RunEnd::Stopped(l) = end2 {
                if flat.bounded.iter().any(|(b, _)| *b == l) {
                    bounded += 1;
                    continue;
                }
            }
            let a = outcome(&p.cfa, &end1, &s1, &globals);
            let b = outcome(&flat.cfa, &end2, &s2, &globals);
            if let (Some(a), Some(b)) = (&a, &b) {
                assert_eq!(a, b, "seed {seed} run {run}");
                compared += 1;
                calls += path.iter().filter(|e| p.call_of(**e).is_some()).count();
            } else {
                // A run too long for the procedural step limit may end within the flat
                // one (which counts parameter edges too), never the other way round.
                assert!(
                    a.is_none() || matches!(end2, RunEnd::StepLimit),
                    "seed {seed} run {run}"
                );
            }
        }
    }
    eprintln!("{compared} runs compared, {bounded} bounded, {calls} calls");
    assert!(
        compared > 1000,
        "only {compared} runs compared ({bounded} bounded)"
    );
    assert!(calls > 2000, "only {calls} calls made");
}

#[test]
fn recursion_beyond_the_depth_ends_in_a_special_location() {
    let text = "var n: bv8\nvar f.n: bv8\nloc a init\nloc b\nloc z exit\n\
                loc e\nloc r\nloc x\nloc m\n\
                function f entry e exit x locals (f.n)\n\
                a -> b { call f(f.n := n) }\nb -> z { skip }\n\
                e -> r { assume f.n != 0 }\nr -> m { call f(f.n := f.n - 1) }\nm -> x { skip }\n\
                e -> x { assume f.n == 0 }\n";
    let p = parse_program(text, Rc::new(TermStore::new()), Rc::new(StmtStore::new())).unwrap();
    assert!(p.is_recursive(p.lookup("f").unwrap()));
    let opts = InlineOptions {
        recursion_depth: 3,
        ..InlineOptions::default()
    };
    let flat = inline(&p, &opts).unwrap();
    assert_eq!(flat.instances, 3);
    assert_eq!(flat.bounded.len(), 1);
    assert_eq!(flat.bounded[0].1.kind, cfa::SpecialKind::RecursionBound);
    assert!(flat.bounded[0]
        .1
        .what
        .contains("recursion deeper than 3 active calls of `f`"));
    // Three instances, each with its own parameter.
    for name in ["f.n", "f.2.n", "f.3.n"] {
        assert!(p.cfa.terms.lookup_var(name).is_some(), "{name}");
    }
    let small = InlineOptions {
        max_locations: 12,
        ..opts
    };
    assert_eq!(
        inline(&p, &small).err(),
        Some(cfa::InlineError::TooLarge { limit: 12 })
    );
}

/// `fib` over the procedural format: every call from an `n` seen before repeats a whole
/// subtree of calls.
const FIB: &str = "var n: bv32\nvar r: bv32\nvar fib.n: bv32\nvar fib.ret: bv32\n\
    var fib.a: bv32\nvar fib.b: bv32\n\
    loc m0 init\nloc m1\nloc m2 exit\nloc f0 fentry\nloc f1\nloc f2\nloc f3\nloc f9 fexit\n\
    function fib entry f0 exit f9 locals (fib.n, fib.ret, fib.a, fib.b)\n\
    m0 -> m1 { call fib(fib.n := n) returns (r := fib.ret) }\n\
    m1 -> m2 { skip }\n\
    f0 -> f9 { assume fib.n <s 2; fib.ret := fib.n }\n\
    f0 -> f1 { assume fib.n >=s 2 }\n\
    f1 -> f2 { call fib(fib.n := fib.n - 1) returns (fib.a := fib.ret) }\n\
    f2 -> f3 { call fib(fib.n := fib.n - 2) returns (fib.b := fib.ret) }\n\
    f3 -> f9 { fib.ret := fib.a + fib.b }\n";

/// A memo of `fib`'s calls by their argument, answering with the result.
struct FibMemo {
    n: VarId,
    ret: VarId,
    known: rustc_hash::FxHashMap<Value, Value>,
    hits: usize,
}

impl cfa::exec::Memo for FibMemo {
    type Key = Value;
    fn recall(&mut self, _: cfa::FnId, s: &State) -> cfa::exec::Recall<Value> {
        let arg = s[&self.n].clone();
        match self.known.get(&arg) {
            Some(r) => {
                self.hits += 1;
                cfa::exec::Recall::Known(vec![(self.ret, r.clone())])
            }
            None => cfa::exec::Recall::Remember(arg),
        }
    }
    fn remember(&mut self, _: cfa::FnId, arg: Value, s: &State) {
        self.known.insert(arg, s[&self.ret].clone());
    }
}

#[test]
fn a_memoised_run_ends_as_the_plain_run_in_fewer_steps() {
    let terms = Rc::new(TermStore::new());
    let p = parse_program(FIB, terms.clone(), Rc::new(StmtStore::new())).expect("parses");
    let var = |name: &str| terms.lookup_var(name).unwrap();
    let (input, r) = (var("n"), var("r"));
    for n in [0u128, 1, 2, 7, 15] {
        let init: State = p
            .cfa
            .vars()
            .iter()
            .map(|d| (d.var, Value::Bv(if d.var == input { n } else { 0 }, 32)))
            .collect();
        let oracle = Seeded(Rng::new(n as u64));
        let (mut s1, mut o1) = (init.clone(), oracle.clone());
        let (plain, end1) = run_program(&p, &mut s1, &mut o1, 1_000_000).unwrap();
        let (mut s2, mut o2) = (init.clone(), oracle.clone());
        let mut memo = FibMemo {
            n: var("fib.n"),
            ret: var("fib.ret"),
            known: Default::default(),
            hits: 0,
        };
        let mut visits = Vec::new();
        let (memoised, end2) = cfa::exec::run_memo(
            &p,
            cfa::exec::Start::Init,
            &mut s2,
            &mut o2,
            1_000_000,
            &mut memo,
            &mut |v, _| visits.push(v),
        )
        .unwrap();
        assert_eq!(end1, end2, "n = {n}");
        assert_eq!(s1[&r], s2[&r], "n = {n}");
        let fib = |k: u128| (0..k).fold((0u128, 1u128), |(a, b), _| (b, a + b)).0;
        assert_eq!(s2[&r], Value::Bv(fib(n), 32), "n = {n}");
        // One call per argument from n down to 0 runs its body; every other call is a hit.
        let entered = visits
            .iter()
            .filter(|v| matches!(v, Visit::Enter(_)))
            .count();
        assert_eq!(entered as u128, if n <= 1 { 1 } else { n + 1 }, "n = {n}");
        if n >= 3 {
            assert!(memo.hits > 0 && memoised.len() < plain.len(), "n = {n}");
        }
        let left = visits
            .iter()
            .filter(|v| matches!(v, Visit::Leave(_)))
            .count();
        assert_eq!(entered, left, "n = {n}");
    }
}
