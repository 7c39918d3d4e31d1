//! Property: whatever the algebraic preservation check (`invariants::preserve`) shows is
//! true — Z3's plain bit-vector solver, on 4-bit words where bit-blasting products is
//! quick, finds no state of the clause that breaks it — and it shows every equation that
//! is a polynomial multiple of the body's.
//!
//! The clauses: body `B(x₀..x₃)` with the invariant `p(x) = 0`, head `H(y₀..y₃)`, and a
//! constraint that defines each `xᵢ` as a polynomial `gᵢ(y)` (on one path, or on two
//! paths of a large block's choice with different guards, one defining through an
//! intermediate variable). The head's candidate is `q(y)·p(g(y)) + noise(y) = 0`: preserved when the
//! noise is zero (or happens to vanish where `p(g(y))` does), usually not otherwise.

use invariants::preserve::{non_linear, preserved, simplify};
use logic::random::Rng;
use logic::{SatResult, SolverFactory, Sort, Term, TermStore, Z3};
use std::rc::Rc;
use std::time::Duration;

const W: u32 = 4;

/// A random polynomial of degree at most `degree` over `vars`, as a term: a sum of a few
/// monomials with small coefficients.
fn poly(store: &TermStore, rng: &mut Rng, vars: &[Term], degree: u32) -> Term {
    let mut sum = store.bv_signed(rng.below(7) as i128 - 3, W);
    for _ in 0..1 + rng.below(3) {
        let mut m = store.bv_signed(rng.below(7) as i128 - 3, W);
        for _ in 0..rng.below(degree as u64 + 1) {
            m = store.bvmul(m, *rng.pick(vars));
        }
        sum = store.bvadd(sum, m);
    }
    sum
}

struct Case {
    constraint: Term,
    body: Term,
    head: Term,
    noisy: bool,
    /// The definitions are top-level conjuncts of the constraint (no choice of paths).
    one_path: bool,
}

fn case(store: &TermStore, rng: &mut Rng) -> Case {
    let bv = Sort::Bv(W);
    let xs: Vec<Term> = (0..4).map(|i| store.var(&format!("x{i}"), bv)).collect();
    let ys: Vec<Term> = (0..4).map(|i| store.var(&format!("y{i}"), bv)).collect();
    let gs: Vec<Term> = (0..4).map(|_| poly(store, rng, &ys, 2)).collect();
    let p = |v: &[Term], store: &TermStore| {
        // p(v) = v₀·v₁ − 3·v₂ + v₃ − 1.
        store.bvsub(
            store.bvadd(store.bvmul(v[0], v[1]), v[3]),
            store.bvadd(
                store.bvmul(store.bv_signed(3, W), v[2]),
                store.bv_signed(1, W),
            ),
        )
    };
    let body = store.eq(p(&xs, store), store.bv_signed(0, W));
    let q = poly(store, rng, &ys, 1);
    let noisy = rng.chance(50);
    let mut h = store.bvmul(q, p(&gs, store));
    if noisy {
        h = store.bvadd(h, poly(store, rng, &ys, 2));
    }
    let head = if rng.chance(50) {
        store.eq(h, store.bv_signed(0, W))
    } else {
        store.eq(store.bv_signed(0, W), h)
    };
    let defs = || -> Vec<Term> { xs.iter().zip(&gs).map(|(x, g)| store.eq(*x, *g)).collect() };
    let shape = rng.below(3);
    let constraint = match shape {
        0 => store.and(&defs()),
        1 => {
            // Two paths of a choice; the second defines x₀ through `u`.
            let (c1, c2) = (store.var("c1", Sort::Bool), store.var("c2", Sort::Bool));
            let guard = store.bvsle(ys[0], ys[1]);
            let mut one = defs();
            one.push(guard);
            let u = store.var("u", bv);
            let mut two = defs();
            two[0] = store.eq(u, gs[0]);
            two.push(store.eq(xs[0], u));
            two.push(store.not(guard));
            store.and(&[
                store.implies(c1, store.and(&one)),
                store.implies(c2, store.and(&two)),
                store.or(&[c1, c2]),
            ])
        }
        _ => {
            // A definition through an intermediate variable, and a guard that is an equation.
            let t = store.var("t", bv);
            let mut d = defs();
            d[0] = store.eq(xs[0], t);
            d.push(store.eq(t, gs[0]));
            d.push(store.eq(ys[2], store.bv_signed(1, W)));
            store.and(&d)
        }
    };
    Case {
        constraint,
        body,
        head,
        noisy,
        one_path: shape != 1,
    }
}

#[test]
fn what_algebra_shows_the_bit_vector_solver_confirms() {
    let store = Rc::new(TermStore::new());
    let z3 = Z3::new(store.clone());
    let mut rng = Rng::new(0x0a19_eb7a);
    let (mut clean, mut clean_shown, mut noisy_shown) = (0, 0, 0);
    for n in 0..300 {
        let c = case(&store, &mut rng);
        let shown = preserved(&store, c.constraint, &[c.body], &[c.head], None)[0];
        if shown {
            let mut s = z3.new_solver();
            s.set_timeout(Some(Duration::from_secs(60)));
            s.assert(c.constraint);
            s.assert(c.body);
            s.assert(store.not(c.head));
            assert_eq!(
                s.check(),
                SatResult::Unsat,
                "case {n}: shown preserved, but a state breaks it\n  constraint {}\n  body {}\n  head {}",
                store.to_smtlib(c.constraint),
                store.to_smtlib(c.body),
                store.to_smtlib(c.head)
            );
            noisy_shown += c.noisy as usize;
        }
        // (At 4 bits the builder may fold the candidate to `true`: no equation to show.)
        if !c.noisy && store.op(c.head) == logic::Op::Eq {
            clean += 1;
            clean_shown += shown as usize;
        }
    }
    // Every noise-free candidate is a multiple of the body's equation by construction.
    assert_eq!(clean_shown, clean, "noise-free candidates not shown");
    assert!(clean > 100, "{clean} noise-free cases");
    eprintln!("noise-free {clean}, all shown; noisy shown {noisy_shown}");
}

#[test]
fn a_simplified_constraint_holds_wherever_the_clause_does() {
    // `preserve::simplify` replaces the non-linear equations inside a constraint that the
    // body's facts imply by `true`. Sound when every state of the clause (constraint and
    // body) satisfies the simplified constraint: Z3 at 4 bits finds none that does not.
    // The candidate sits where the validator's checker has it: `z = ite(E ∧ guard, 1, 0)`.
    let store = Rc::new(TermStore::new());
    let z3 = Z3::new(store.clone());
    let mut rng = Rng::new(0x51_3b1f);
    let (mut clean, mut clean_linear) = (0, 0);
    for n in 0..300 {
        let c = case(&store, &mut rng);
        let z = store.var("z", Sort::Bv(W));
        let guard = store.bvsle(store.var("y0", Sort::Bv(W)), store.var("y1", Sort::Bv(W)));
        let checker = store.eq(
            z,
            store.ite(
                store.and(&[c.head, guard]),
                store.bv_signed(1, W),
                store.bv_signed(0, W),
            ),
        );
        let constraint = store.and(&[c.constraint, checker]);
        let simpler = simplify(&store, constraint, &[c.body], None);
        let mut s = z3.new_solver();
        s.set_timeout(Some(Duration::from_secs(60)));
        s.assert(constraint);
        s.assert(c.body);
        s.assert(store.not(simpler));
        assert_eq!(
            s.check(),
            SatResult::Unsat,
            "case {n}: a state of the clause breaks the simplified constraint\n  constraint {}\n  body {}\n  simplified {}",
            store.to_smtlib(constraint),
            store.to_smtlib(c.body),
            store.to_smtlib(simpler)
        );
        // A noise-free candidate is implied where the definitions are top-level conjuncts
        // (`simplify` reads no paths): the checker's condition loses its products (the
        // definitions are products too, hence the checker's conjunct alone).
        if c.one_path && !c.noisy && store.op(c.head) == logic::Op::Eq && non_linear(&store, c.head)
        {
            clean += 1;
            let left = invariants::preserve::conjuncts(&store, simpler)
                .into_iter()
                .filter(|t| !invariants::preserve::conjuncts(&store, c.constraint).contains(t))
                .collect::<Vec<_>>();
            clean_linear += left.iter().all(|t| !non_linear(&store, *t)) as usize;
        }
    }
    assert!(clean > 50, "{clean} noise-free cases");
    assert_eq!(
        clean_linear, clean,
        "noise-free checker conditions left with products"
    );
}

#[test]
fn the_division_identities_hold_of_every_word() {
    // The identities `preserve` assumes, checked by Z3 for all 4-bit operands (module doc).
    let store = Rc::new(TermStore::new());
    let z3 = Z3::new(store.clone());
    let (a, b) = (store.var("a", Sort::Bv(W)), store.var("b", Sort::Bv(W)));
    let sum = |q: Term, r: Term| store.bvadd(store.bvmul(q, b), r);
    let mut claims = vec![
        store.eq(a, sum(store.bvsdiv(a, b), store.bvsrem(a, b))),
        store.eq(a, sum(store.bvudiv(a, b), store.bvurem(a, b))),
    ];
    for k in 1..W as i128 {
        let kk = store.bv_signed(k, W);
        let low = store.bvand(a, store.bv_signed((1 << k) - 1, W));
        let times = store.bv_signed(1 << k, W);
        for shifted in [store.bvashr(a, kk), store.bvlshr(a, kk)] {
            claims.push(store.eq(a, store.bvadd(store.bvmul(shifted, times), low)));
        }
    }
    for claim in claims {
        let mut s = z3.new_solver();
        s.assert(store.not(claim));
        assert_eq!(s.check(), SatResult::Unsat, "{}", store.to_smtlib(claim));
    }
}

#[test]
fn a_quotient_by_two_of_an_even_number_is_exact() {
    // product_binary's step: b even (b % 2 == 0), a := 2a, b := b / 2 keeps z + a·b.
    let store = Rc::new(TermStore::new());
    let bv = Sort::Bv(32);
    let v = |s: &str| store.var(s, bv);
    let (a, b, z, k) = (v("a"), v("b"), v("z"), v("k"));
    let (a1, b1) = (v("a1"), v("b1"));
    let c = |x: i128| store.bv_signed(x, 32);
    let constraint = store.and(&[
        store.eq(store.bvsrem(b, c(2)), c(0)),
        store.eq(a1, store.bvmul(c(2), a)),
        store.eq(b1, store.bvsdiv(b, c(2))),
    ]);
    let inv = |a: Term, b: Term| store.eq(store.bvadd(z, store.bvmul(a, b)), k);
    assert_eq!(
        preserved(&store, constraint, &[inv(a, b)], &[inv(a1, b1)], None),
        vec![true]
    );
    // Without the guard the quotient is not exact: not shown.
    let unguarded = store.and(&[
        store.eq(a1, store.bvmul(c(2), a)),
        store.eq(b1, store.bvsdiv(b, c(2))),
    ]);
    assert_eq!(
        preserved(&store, unguarded, &[inv(a, b)], &[inv(a1, b1)], None),
        vec![false]
    );
}
