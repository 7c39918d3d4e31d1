//! Quantifier elimination interrupted by the run's deadline: Z3 is interrupted at every moment of
//! its work, and the process survives with a usable context (Z3 4.8.12's `qe` tactic
//! crashed when interrupted; `eliminate_quantifiers` no longer calls it).

use logic::syntax::parse_term;
use logic::{SatResult, Solver, SolverFactory, Sort, TermStore, Z3};
use std::rc::Rc;
use std::time::{Duration, Instant};

#[test]
fn quantifier_elimination_interrupted_at_any_moment_fails_cleanly() {
    let s = Rc::new(TermStore::new());
    for n in ["x", "y", "z", "w", "v"] {
        s.var(n, Sort::Bv(32));
    }
    let z3 = Z3::new(s.clone());
    let text = "exists(a: bv32; exists(b: bv32; x == a * b && y <u a && (z == b || w == a + 3) && v <u b + 7))";
    let q = parse_term(&s, &*s, text, Some(Sort::Bool)).unwrap();
    // From 50 µs to 5 ms: the interrupt lands in every phase of the elimination.
    for i in 0..400u64 {
        let limit = Duration::from_micros(50 + (i * 37) % 5000);
        z3.set_deadline(Some(Instant::now() + limit));
        let _ = z3.eliminate_quantifiers(q);
    }
    z3.set_deadline(None);
    let mut solver = z3.solver();
    solver.assert(parse_term(&s, &*s, "x == y", Some(Sort::Bool)).unwrap());
    assert_eq!(solver.check(), SatResult::Sat);
}
