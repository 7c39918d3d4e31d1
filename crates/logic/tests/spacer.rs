//! Spacer on small Horn systems (McCarthy's 91 function over 32-bit bit-vectors): a safe
//! system's solution passes the clause-by-clause check, a wrong solution does not, and an
//! unsafe system's derivation names its clauses and ends in the query.

use logic::chc::{Atom, Clause, Horn};
use logic::z3::HornAnswer;
use logic::{Op, Sort, TermStore, Z3};
use std::rc::Rc;

/// `F(n, r)`: `r = mc91(n)`; the query asks for `n <= limit ∧ F(n, r) ∧ r ≠ 91`.
fn mc91(store: &TermStore, limit: i128) -> Horn {
    let bv = Sort::Bv(32);
    let mut h = Horn::new("Err");
    let f = h.add_relation("F", vec![bv, bv]);
    let (n, t, r) = (store.var("n", bv), store.var("t", bv), store.var("r", bv));
    let k = |v: i128| store.bv_signed(v, 32);
    let gt = |a, b| store.mk(Op::BvSlt, &[b, a]);
    let le = |a, b| store.mk(Op::BvSle, &[a, b]);
    // Arguments are kept small so that `n + 11` does not wrap.
    let small = store.and(&[le(k(-1000), n), le(n, k(1000))]);
    h.add(Clause {
        body: vec![],
        constraint: store.and(&[gt(n, k(100)), small, store.eq(r, store.bvsub(n, k(10)))]),
        head: Atom {
            rel: f,
            args: vec![n, r],
        },
    });
    h.add(Clause {
        body: vec![
            Atom {
                rel: f,
                args: vec![store.bvadd(n, k(11)), t],
            },
            Atom {
                rel: f,
                args: vec![t, r],
            },
        ],
        constraint: store.and(&[le(n, k(100)), small]),
        head: Atom {
            rel: f,
            args: vec![n, r],
        },
    });
    h.add(Clause {
        body: vec![Atom {
            rel: f,
            args: vec![n, r],
        }],
        constraint: store.and(&[le(n, k(limit)), store.not(store.eq(r, k(91)))]),
        head: Atom {
            rel: h.query,
            args: vec![],
        },
    });
    h
}

#[test]
fn mc91_safe_solution_certifies() {
    let store = Rc::new(TermStore::new());
    let z3 = Z3::new(store.clone());
    let h = mc91(&store, 101);
    let sol = match z3.solve_horn(&h, None) {
        HornAnswer::Solution(sol) => sol,
        other => panic!("mc91 is safe: {other:?}"),
    };
    assert_eq!(h.check_solution(&store, &sol, &z3), Ok(()));
    // The solution with `F := r = 91` is not one: the base case derives F(101, 91)… and
    // F(200, 190), so the first clause fails.
    let f = h.formals(&store, logic::chc::RelId(1));
    let wrong = vec![store.fls(), store.eq(f[1], store.bv_signed(91, 32))];
    assert_eq!(
        h.check_solution(&store, &wrong, &z3).map_err(|e| e.clause),
        Err(0)
    );
    // `F := true` satisfies every clause but the query's: it is no solution (a query
    // clause's head is `false`, not `true`).
    let everything = vec![store.fls(), store.tru()];
    assert_eq!(
        h.check_solution(&store, &everything, &z3)
            .map_err(|e| e.clause),
        Err(2)
    );
}

#[test]
fn mc91_unsafe_derivation_is_explained() {
    let store = Rc::new(TermStore::new());
    let z3 = Z3::new(store.clone());
    let h = mc91(&store, 102);
    let HornAnswer::Derivation(d) = z3.solve_horn(&h, None) else {
        panic!("mc91(102) = 92");
    };
    let d = h
        .explain(&store, &d, &z3)
        .expect("every step has its clause");
    assert_eq!(d.rel, h.query);
    assert_eq!(d.clause, Some(2));
    let fact = &d.premises[0];
    assert_eq!(fact.args[0], logic::Value::Bv(102, 32));
    assert_eq!(fact.args[1], logic::Value::Bv(92, 32));
    assert_eq!(fact.clause, Some(0));
}

#[test]
fn horn_text_parses_in_z3() {
    let store = Rc::new(TermStore::new());
    let z3 = Z3::new(store.clone());
    let text = mc91(&store, 101).to_smtlib(&store);
    assert!(text.starts_with("(set-logic HORN)"));
    // Z3's SMT-LIB parser reads it (the check itself is a HORN problem, left to Spacer).
    let n = z3
        .count_smtlib_assertions(&text)
        .expect("Z3 parses the HORN text");
    assert_eq!(n, 4, "three clauses and the query");
}
