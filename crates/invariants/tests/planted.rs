//! Property: on random loops with planted polynomial invariants, every invariant Houdini
//! keeps is inductive — checked again, independently, by Z3's plain bit-vector solver
//! (the SMT kernel, without the equation solving and polynomial normalisation the
//! learning checks use) — and the planted equations follow from what it keeps.
//!
//! The loop: `x = 0; y = c; z = 0; while (x < n) { z += y; y += a·x + b; x++; }`, `c` an
//! input kept in a variable, so that the invariants are
//! `2y = 2c + a·x² + (2b - a)·x` (degree 2) and
//! `6z = 6c·x + a·x³ - 3a·x² + 2a·x + 3b·x² - 3b·x` (degree 3), over 16-bit words.

use invariants::{candidates, houdini, Limits};
use logic::chc::{Atom, Clause, Horn, RelId};
use logic::{SatResult, SolverFactory, Term, TermStore, Value, Z3SolverKind, Z3};
use proptest::prelude::*;
use std::rc::Rc;
use std::time::Duration;

const W: u32 = 16;

struct Planted {
    horn: Horn,
    inv: RelId,
    samples: Vec<Vec<Value>>,
}

fn planted(store: &TermStore, a: i128, b: i128, n: i128) -> Planted {
    let k = |v: i128| store.bv_signed(v, W);
    let var = |s: &str| store.var(s, logic::Sort::Bv(W));
    let mut horn = Horn::new("err");
    let sort = logic::Sort::Bv(W);
    let inv = horn.add_relation("Inv", vec![sort; 4]);
    let (x, y, z, c) = (var("x"), var("y"), var("z"), var("c"));
    let (x1, y1, z1) = (var("x1"), var("y1"), var("z1"));
    horn.add(Clause {
        body: vec![],
        constraint: store.and(&[
            store.eq(x, k(0)),
            store.eq(z, k(0)),
            store.eq(y, c),
            store.bvsle(k(-8), c),
            store.bvsle(c, k(8)),
        ]),
        head: Atom {
            rel: inv,
            args: vec![x, y, z, c],
        },
    });
    horn.add(Clause {
        body: vec![Atom {
            rel: inv,
            args: vec![x, y, z, c],
        }],
        constraint: store.and(&[
            store.bvslt(x, k(n)),
            store.eq(z1, store.bvadd(z, y)),
            store.eq(y1, store.bvadd(y, store.bvadd(store.bvmul(k(a), x), k(b)))),
            store.eq(x1, store.bvadd(x, k(1))),
        ]),
        head: Atom {
            rel: inv,
            args: vec![x1, y1, z1, c],
        },
    });
    // The runs, one per input c.
    let mut samples = Vec::new();
    let word = |v: i128| Value::Bv((v as u128) & logic::value::mask(W), W);
    for c in -8..=8i128 {
        let (mut x, mut y, mut z) = (0i128, c, 0i128);
        loop {
            samples.push(vec![word(x), word(y), word(z), word(c)]);
            if x >= n {
                break;
            }
            z += y;
            y += a * x + b;
            x += 1;
        }
    }
    Planted { horn, inv, samples }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3, ..ProptestConfig::default() })]

    #[test]
    fn kept_invariants_are_inductive_and_imply_the_planted_ones(
        a in -4i128..=4, b in -4i128..=4, n in 3i128..=12
    ) {
        let store = Rc::new(TermStore::new());
        let p = planted(&store, a, b, n);
        let formals = p.horn.formals(&store, p.inv);
        let constants = vec![-8, 0, 8, n];
        let cands = candidates(&store, &formals, &p.samples, &constants, &[], &Limits::default());
        let algebraic = Z3::new(store.clone());
        algebraic.set_solver_kind(Z3SolverKind::Algebraic);
        let mut per_rel = vec![Vec::new(); p.horn.relations.len()];
        per_rel[p.inv.index()] = cands;
        let found = houdini(&store, &p.horn, per_rel, &algebraic, Duration::from_secs(10), None)
            .expect("no deadline");
        let formulas = found.formulas(&store, &p.horn);
        // Independently: the plain SMT kernel on every clause.
        let plain = Z3::new(store.clone());
        for i in 0..p.horn.clauses.len() {
            let answer = p.horn.check_clause(&store, &formulas, i, &plain, Some(Duration::from_secs(60)));
            prop_assert_eq!(answer, SatResult::Unsat, "clause {} of a={} b={} n={}", i, a, b, n);
        }
        // The planted equations follow from the kept conjunction.
        let (x, y, z, c) = (formals[0], formals[1], formals[2], formals[3]);
        let k = |v: i128| store.bv_signed(v, W);
        let m = |p: Term, q: Term| store.bvmul(p, q);
        let x2 = m(x, x);
        let x3 = m(x2, x);
        let planted_y = store.eq(
            m(k(2), y),
            store.bvadd(store.bvadd(m(k(2), c), m(k(a), x2)), m(k(2 * b - a), x)),
        );
        let rhs_z = [m(k(6), m(x, c)), m(k(a), x3), m(k(-3 * a + 3 * b), x2), m(k(2 * a - 3 * b), x)];
        let planted_z = store.eq(m(k(6), z), rhs_z.iter().copied().reduce(|s, t| store.bvadd(s, t)).expect("terms"));
        for (what, eq) in [("y", planted_y), ("z", planted_z)] {
            let mut s = plain.new_solver();
            s.set_timeout(Some(Duration::from_secs(60)));
            s.assert(formulas[p.inv.index()]);
            s.assert(store.not(eq));
            prop_assert_eq!(s.check(), SatResult::Unsat, "{} of a={} b={} n={}", what, a, b, n);
        }
    }
}
