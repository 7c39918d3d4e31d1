//! Loop acceleration (`cfa::accelerate`) against concrete execution: whenever the
//! accelerated edge runs `n` iterations from a state, the cycle it summarises runs `n` times
//! from that state, every condition holding, and ends in the same state (the edge is
//! inside the cycle's transitive closure, so no engine can reach more on the accelerated
//! CFA). Counters are 8 bits wide so that runs wrap around and the ranges' ends are met.

use cfa::exec::{execute, RecordedChoices, State};
use cfa::{accelerate, Cfa, LocationKind, StmtId, StmtStore, VarKind};
use logic::{Sort, Term, TermStore, Value};
use proptest::prelude::*;
use std::rc::Rc;

const W: u32 = 8;

/// A statement of a random loop body: `assume` of a comparison (or of a conjunction of
/// two), or `var += k`.
#[derive(Clone, Debug)]
enum Part {
    Assume(Vec<(u8, u8, u8, bool)>),
    Add(u8, u8),
    /// `s += side` (or `s -= side`): `s` is an accumulator, read by no condition.
    Acc(u8, bool),
    /// `t := side`: `t` is a copy (the temporary of `i++`), read by nothing.
    Copy(u8),
}

fn part() -> impl Strategy<Value = Part> {
    let atom = (0u8..7, 0u8..6, 0u8..6, any::<bool>());
    prop_oneof![
        prop::collection::vec(atom, 1..=2).prop_map(Part::Assume),
        (0u8..2, any::<u8>()).prop_map(|(v, k)| Part::Add(v, k)),
        (0u8..6, any::<bool>()).prop_map(|(e, sub)| Part::Acc(e, sub)),
        (0u8..6).prop_map(Part::Copy),
    ]
}

struct Loop {
    cfa: Cfa,
    vars: Vec<Term>,
    /// The body's edges in order.
    body: Vec<StmtId>,
}

/// Sides of comparisons: counters, a variable the loop never writes, constants and
/// affine combinations.
fn side(terms: &TermStore, vars: &[Term], i: u8) -> Term {
    let (x, y, z) = (vars[0], vars[1], vars[2]);
    match i {
        0 => x,
        1 => y,
        2 => z,
        3 => terms.bvadd(x, y),
        4 => terms.bvsub(terms.bvmul(terms.bv_const(2, W), x), y),
        _ => terms.bv_const(100, W),
    }
}

fn atom(terms: &TermStore, vars: &[Term], (op, a, b, neg): (u8, u8, u8, bool)) -> Term {
    let (a, b) = (side(terms, vars, a), side(terms, vars, b));
    let t = match op {
        0 => terms.bvule(a, b),
        1 => terms.bvult(a, b),
        2 => terms.bvsle(a, b),
        3 => terms.bvslt(a, b),
        4 => terms.eq(a, b),
        5 => terms.bvuge(a, b),
        _ => terms.bvsgt(a, b),
    };
    if neg {
        terms.not(t)
    } else {
        t
    }
}

fn build(parts: &[Part]) -> Loop {
    let terms = Rc::new(TermStore::new());
    let stmts = Rc::new(StmtStore::new());
    let mut cfa = Cfa::new(terms.clone(), stmts.clone());
    let vars: Vec<Term> = ["x", "y", "z", "s", "t"]
        .iter()
        .map(|n| terms.var(n, Sort::Bv(W)))
        .collect();
    for v in &vars {
        cfa.declare_var(*v, VarKind::Program);
    }
    let init = cfa.add_location("init", LocationKind::Init);
    let head = cfa.add_location("head", LocationKind::Plain);
    cfa.location_mut(head).loop_head = true;
    cfa.add_edge(init, head, stmts.skip(None));
    let mut body = Vec::new();
    let mut at = head;
    for (i, p) in parts.iter().enumerate() {
        let s = match p {
            Part::Assume(atoms) => {
                let conj: Vec<Term> = atoms.iter().map(|a| atom(&terms, &vars, *a)).collect();
                stmts.assume(terms.and(&conj), None)
            }
            Part::Add(v, k) => {
                let x = vars[*v as usize];
                stmts.assign(x, terms.bvadd(x, terms.bv_const(*k as u128, W)), None)
            }
            Part::Acc(e, sub) => {
                let (s, e) = (vars[3], side(&terms, &vars, *e));
                let v = if *sub {
                    terms.bvsub(s, e)
                } else {
                    terms.bvadd(s, e)
                };
                stmts.assign(s, v, None)
            }
            Part::Copy(e) => stmts.assign(vars[4], side(&terms, &vars, *e), None),
        };
        let next = if i + 1 == parts.len() {
            head
        } else {
            cfa.add_location(format!("b{i}"), LocationKind::Plain)
        };
        cfa.add_edge(at, next, s);
        body.push(s);
        at = next;
    }
    Loop { cfa, vars, body }
}

fn state(l: &Loop, values: [u8; 5]) -> State {
    let terms = &l.cfa.terms;
    l.vars
        .iter()
        .zip(values)
        .map(|(v, x)| (terms.as_var(*v).unwrap(), Value::Bv(x as u128, W)))
        .collect()
}

/// Runs the body `n` times; `None` when a condition blocks it.
fn iterate(l: &Loop, mut st: State, n: u64) -> Option<State> {
    let mut none = RecordedChoices::new(&[], &[]);
    for _ in 0..n {
        for s in &l.body {
            if !execute(&l.cfa.terms, &l.cfa.stmts, *s, &mut st, &mut none).unwrap() {
                return None;
            }
        }
    }
    Some(st)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn an_accelerated_edge_runs_only_what_the_loop_runs(
        guard in prop::collection::vec(
            (0u8..7, prop::sample::select(vec![0u8, 1, 3, 4]), 1u8..6, any::<bool>())
                .prop_map(|(op, a, r, neg)| (op, a, (a + r) % 6, neg)),
            1..=2,
        ),
        add in (0u8..2, any::<u8>()),
        rest in prop::collection::vec(part(), 0..3),
        starts in prop::collection::vec((any::<[u8; 5]>(), 1u64..300), 40),
    ) {
        // A loop condition over a counter first (most loops), then the body.
        let mut parts = vec![Part::Assume(guard), Part::Add(add.0, add.1)];
        parts.extend(rest);
        let mut l = build(&parts);
        let added = accelerate(&mut l.cfa);
        let adds = parts
            .iter()
            .any(|p| matches!(p, Part::Add(_, k) if *k != 0) || matches!(p, Part::Acc(..)));
        if !adds {
            prop_assert!(added.is_empty(), "a loop that changes nothing is not accelerated");
        }
        for acc in &added {
            let stmt = l.cfa.edge(acc.edge).stmt;
            for (values, n) in &starts {
                let start = state(&l, *values);
                let mut st = start.clone();
                let havocs = [Value::Bv(*n as u128, W + 1)];
                let mut choices = RecordedChoices::new(&[], &havocs);
                let ran = execute(&l.cfa.terms, &l.cfa.stmts, stmt, &mut st, &mut choices).unwrap();
                if !ran {
                    continue;
                }
                let looped = iterate(&l, start, *n);
                prop_assert!(looped.is_some(), "{parts:?} from {values:?}: the loop blocks within {n} iterations");
                let looped = looped.unwrap();
                for v in &l.vars {
                    let v = l.cfa.terms.as_var(*v).unwrap();
                    prop_assert_eq!(&st[&v], &looped[&v], "{:?} from {:?}, n = {}", parts, values, n);
                }
            }
        }
    }
}

/// The accelerated edge is not vacuous: on a counting loop it takes every number of
/// iterations the loop can run without its condition's sides wrapping, and the last one
/// may wrap the counter (LLUMC's `overflow_false-unreach-call1`: `x += 2` from 10 while
/// `x >= 10` ends at 0 after 2^31 − 5 iterations).
#[test]
fn a_counting_loop_runs_to_its_wrap_around_in_one_step() {
    let terms = Rc::new(TermStore::new());
    let stmts = Rc::new(StmtStore::new());
    let mut cfa = Cfa::new(terms.clone(), stmts.clone());
    let x = terms.var("x", Sort::Bv(32));
    cfa.declare_var(x, VarKind::Program);
    let init = cfa.add_location("init", LocationKind::Init);
    let head = cfa.add_location("head", LocationKind::Plain);
    let body = cfa.add_location("body", LocationKind::Plain);
    cfa.location_mut(head).loop_head = true;
    cfa.add_edge(init, head, stmts.assign(x, terms.bv_const(10, 32), None));
    let guard = terms.bvuge(x, terms.bv_const(10, 32));
    cfa.add_edge(head, body, stmts.assume(guard, None));
    let step = terms.bvadd(x, terms.bv_const(2, 32));
    cfa.add_edge(body, head, stmts.assign(x, step, None));
    let added = accelerate(&mut cfa);
    assert_eq!(added.len(), 1);
    let stmt = cfa.edge(added[0].edge).stmt;
    let xv = terms.as_var(x).unwrap();
    let run = |n: u128| {
        let mut st: State = [(xv, Value::Bv(10, 32))].into_iter().collect();
        let havocs = [Value::Bv(n, 33)];
        let mut choices = RecordedChoices::new(&[], &havocs);
        execute(&terms, &stmts, stmt, &mut st, &mut choices)
            .unwrap()
            .then(|| st[&xv].clone())
    };
    assert_eq!(run(1), Some(Value::Bv(12, 32)));
    assert_eq!(run(1000), Some(Value::Bv(2010, 32)));
    assert_eq!(run((1 << 31) - 5), Some(Value::Bv(0, 32)));
    // One more: at its last iteration x would be 0, and the condition fails.
    assert_eq!(run((1 << 31) - 4), None);
    assert_eq!(run(0), None);
}

/// Bodies the module does not summarise keep their CFA as it was.
#[test]
fn other_loops_are_left_alone() {
    let terms = Rc::new(TermStore::new());
    let stmts = Rc::new(StmtStore::new());
    let x = terms.var("x", Sort::Bv(32));
    let y = terms.var("y", Sort::Bv(32));
    let bodies = [
        // x := 2x: not an addition of a constant.
        stmts.assign(x, terms.bvmul(x, terms.bv_const(2, 32)), None),
        // x := x + x: an added term that reads the accumulator.
        stmts.assign(x, terms.bvadd(x, x), None),
        // x := x + y with x in the condition: an accumulator must be read by none.
        stmts.seq(&[
            stmts.assume(terms.bvult(x, terms.bv_const(100, 32)), None),
            stmts.assign(x, terms.bvadd(x, y), None),
        ]),
        // y := y + x·x: an added term that is not affine in the counters.
        stmts.seq(&[
            stmts.assign(y, terms.bvadd(y, terms.bvmul(x, x)), None),
            stmts.assign(x, terms.bvadd(x, terms.bv_const(1, 32)), None),
        ]),
        // an input in the body.
        stmts.seq(&[
            stmts.havoc(y, None),
            stmts.assign(x, terms.bvadd(x, terms.bv_const(1, 32)), None),
        ]),
        // x != y with x moving: holds at both ends and fails between.
        stmts.seq(&[
            stmts.assume(terms.neq(x, y), None),
            stmts.assign(x, terms.bvadd(x, terms.bv_const(1, 32)), None),
        ]),
        // a cast of the counter: its range is not the counter's.
        stmts.seq(&[
            stmts.assume(
                terms.bvult(terms.extract(x, 7, 0), terms.bv_const(100, 8)),
                None,
            ),
            stmts.assign(x, terms.bvadd(x, terms.bv_const(1, 32)), None),
        ]),
    ];
    for body in bodies {
        let mut cfa = Cfa::new(terms.clone(), stmts.clone());
        cfa.declare_var(x, VarKind::Program);
        cfa.declare_var(y, VarKind::Program);
        let init = cfa.add_location("init", LocationKind::Init);
        let head = cfa.add_location("head", LocationKind::Plain);
        cfa.location_mut(head).loop_head = true;
        cfa.add_edge(init, head, stmts.skip(None));
        cfa.add_edge(head, head, body);
        let edges = cfa.num_edges();
        assert!(
            accelerate(&mut cfa).is_empty(),
            "{}",
            cfa::print_stmt(&terms, &stmts, body)
        );
        assert_eq!(cfa.num_edges(), edges);
    }
}

/// An accumulator: `s += i; i += 1` from `s = i = 0` runs `n` iterations in one step to
/// `s = n(n−1)/2` modulo 2^32, past the wrap-around of the product (`n = 100000`).
#[test]
fn an_accumulated_sum_has_its_closed_form() {
    let terms = Rc::new(TermStore::new());
    let stmts = Rc::new(StmtStore::new());
    let mut cfa = Cfa::new(terms.clone(), stmts.clone());
    let i = terms.var("i", Sort::Bv(32));
    let s = terms.var("s", Sort::Bv(32));
    cfa.declare_var(i, VarKind::Program);
    cfa.declare_var(s, VarKind::Program);
    let init = cfa.add_location("init", LocationKind::Init);
    let head = cfa.add_location("head", LocationKind::Plain);
    cfa.location_mut(head).loop_head = true;
    cfa.add_edge(init, head, stmts.skip(None));
    let body = stmts.seq(&[
        stmts.assume(terms.bvult(i, terms.bv_const(1 << 20, 32)), None),
        stmts.assign(s, terms.bvadd(s, i), None),
        stmts.assign(i, terms.bvadd(i, terms.bv_const(1, 32)), None),
    ]);
    cfa.add_edge(head, head, body);
    let added = accelerate(&mut cfa);
    assert_eq!(added.len(), 1);
    let stmt = cfa.edge(added[0].edge).stmt;
    let (iv, sv) = (terms.as_var(i).unwrap(), terms.as_var(s).unwrap());
    for n in [1u128, 2, 7, 100_000] {
        let mut st: State = [(iv, Value::Bv(0, 32)), (sv, Value::Bv(0, 32))]
            .into_iter()
            .collect();
        let havocs = [Value::Bv(n, 33)];
        let mut choices = RecordedChoices::new(&[], &havocs);
        assert!(execute(&terms, &stmts, stmt, &mut st, &mut choices).unwrap());
        let sum = (n * (n - 1) / 2) % (1u128 << 32);
        assert_eq!(st[&sv], Value::Bv(sum, 32), "n = {n}");
        assert_eq!(st[&iv], Value::Bv(n, 32), "n = {n}");
    }
}
