//! Predicate split strategies: what each keeps whole and what it splits, on hand-made
//! interpolants and dependence graphs, and that no strategy drops anything of an
//! interpolant.

use cegar::dependence::Dependences;
use cegar::split::{SplitContext, SplitKind};
use cfa::{parse_cfa, Cfa, EdgeId, StmtStore};
use logic::syntax::parse_term;
use logic::{Op, SatResult, SolverFactory, Sort, Term, TermStore, Z3};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// `if (a) x = 1; else x = 0; z = y + 1; if (x != 1) error;` — `x` depends on `a` by
/// control, the error on `x` by data; `z` and `y` are unrelated to the error.
const PROGRAM: &str = "\
var a: bv8
var x: bv8
var y: bv8
var z: bv8
loc start init
loc t
loc f
loc j
loc k
loc err error
loc done exit
start -> t { assume a != 0 }
start -> f { assume a == 0 }
t -> j { x := 1 }
f -> j { x := 0 }
j -> k { z := y + 1 }
k -> err { assume x != 1 }
k -> done { assume x == 1 }
";

struct Fixture {
    terms: Rc<TermStore>,
    cfa: Cfa,
    deps: Rc<Dependences>,
}

fn fixture() -> Fixture {
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(PROGRAM, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let deps = Rc::new(Dependences::new(&cfa));
    Fixture { terms, cfa, deps }
}

fn t(f: &Fixture, text: &str) -> Term {
    parse_term(&f.terms, &*f.terms, text, Some(Sort::Bool)).unwrap()
}

fn edge(f: &Fixture, from: &str, to: &str) -> EdgeId {
    let s = f.cfa.find_location(from).unwrap();
    let d = f.cfa.find_location(to).unwrap();
    *f.cfa
        .out_edges(s)
        .iter()
        .find(|e| f.cfa.edge(**e).dst == d)
        .unwrap()
}

/// The path start → t → j → k → error.
fn path(f: &Fixture) -> Vec<EdgeId> {
    vec![
        edge(f, "start", "t"),
        edge(f, "t", "j"),
        edge(f, "j", "k"),
        edge(f, "k", "err"),
    ]
}

fn split(f: &Fixture, kind: SplitKind, itp: Term, position: usize) -> FxHashSet<Term> {
    let strategy = kind.strategy(Some(f.deps.clone()));
    let p = path(f);
    let ctx = SplitContext {
        cfa: &f.cfa,
        path: &p,
        position,
    };
    strategy.split(&f.terms, itp, &ctx).into_iter().collect()
}

fn set(f: &Fixture, texts: &[&str]) -> FxHashSet<Term> {
    texts.iter().map(|s| t(f, s)).collect()
}

/// `(a == 0 || x == 1) && z <= 5` after `t → j`, before `j → k` (which assigns `z`).
const ITP: &str = "(a == 0 || x == 1) && z <=u 5";

#[test]
fn atomic_and_none_are_the_two_ends() {
    let f = fixture();
    let itp = t(&f, ITP);
    assert_eq!(
        split(&f, SplitKind::Atomic, itp, 2),
        set(&f, &["a == 0", "x == 1", "z <=u 5"])
    );
    assert_eq!(
        split(&f, SplitKind::None, itp, 2),
        [itp].into_iter().collect()
    );
}

#[test]
fn conjuncts_keeps_each_top_level_conjunct() {
    let f = fixture();
    let itp = t(&f, ITP);
    assert_eq!(
        split(&f, SplitKind::Conjuncts, itp, 2),
        set(&f, &["a == 0 || x == 1", "z <=u 5"])
    );
    // A disjunction is one conjunct.
    let d = t(&f, "a == 0 || x == 1");
    assert_eq!(
        split(&f, SplitKind::Conjuncts, d, 2),
        [d].into_iter().collect()
    );
}

#[test]
fn pdg_keeps_whole_what_the_error_depends_on() {
    let f = fixture();
    let itp = t(&f, ITP);
    // The slice over data and control dependences reaches `x` (the error's condition),
    // its definitions, and `a` (which decides them): the disjunction stays whole; `z` is
    // outside the slice.
    assert_eq!(
        split(&f, SplitKind::Pdg, itp, 2),
        set(&f, &["a == 0 || x == 1", "z <=u 5"])
    );
}

#[test]
fn cdg_follows_control_dependences_only() {
    let f = fixture();
    let itp = t(&f, ITP);
    // The error edge depends on no branch, and data dependences are not followed: the
    // slice is `x` alone, so the disjunction over `a` and `x` is split.
    assert_eq!(
        split(&f, SplitKind::Cdg, itp, 2),
        set(&f, &["a == 0", "x == 1", "z <=u 5"])
    );
    // A part over `x` alone stays whole.
    let only_x = t(&f, "(x == 1 || x == 2) && z <=u 5");
    assert_eq!(
        split(&f, SplitKind::Cdg, only_x, 2),
        set(&f, &["x == 1 || x == 2", "z <=u 5"])
    );
}

#[test]
fn pdg_restricts_the_slice_to_the_interpolants_variables() {
    let f = fixture();
    // Without `a` among its variables, the branches on `a` are not entered; `x` alone is
    // in the slice.
    let itp = t(&f, "(x == 1 || x == 3) && (x == 2 || y == 0)");
    assert_eq!(
        split(&f, SplitKind::Pdg, itp, 2),
        set(&f, &["x == 1 || x == 3", "x == 2", "y == 0"])
    );
}

#[test]
fn ssa_splits_what_the_next_block_changes() {
    let f = fixture();
    let itp = t(&f, ITP);
    // Before `j → k`, which assigns `z`: the part over `z` is split, the rest stays whole.
    assert_eq!(
        split(&f, SplitKind::Ssa, itp, 2),
        set(&f, &["a == 0 || x == 1", "z <=u 5"])
    );
    // Before `t → j`, which assigns `x`: the disjunction mentions `x` and is split.
    assert_eq!(
        split(&f, SplitKind::Ssa, itp, 1),
        set(&f, &["a == 0", "x == 1", "z <=u 5"])
    );
    // After the last block nothing changes: whole.
    assert_eq!(
        split(&f, SplitKind::Ssa, itp, 4),
        [itp].into_iter().collect()
    );
}

/// Whether `itp` is a Boolean combination of `preds`: no two states that agree on every
/// predicate disagree on `itp`.
fn expressible(terms: &TermStore, z3: &Z3, itp: Term, preds: &[Term]) -> bool {
    let mut prime = FxHashMap::default();
    for v in terms.free_vars(itp) {
        let x = terms.var_term(v);
        let name = format!("{}'", terms.var_name(v));
        let p = match terms.lookup_var(&name) {
            Some(p) => terms.var_term(p),
            None => terms.var(&name, terms.sort(x)),
        };
        prime.insert(x, p);
    }
    let mut s = z3.new_solver();
    s.assert(itp);
    s.assert(terms.not(terms.substitute(itp, &prime)));
    for p in preds {
        s.assert(terms.iff(*p, terms.substitute(*p, &prime)));
    }
    s.check() == SatResult::Unsat
}

/// Every strategy, on random interpolants over the program's variables at every position
/// of the path: the predicates express the interpolant and cover all its atoms.
#[test]
fn no_strategy_drops_anything_of_an_interpolant() {
    let f = fixture();
    let z3 = Z3::new(f.terms.clone());
    let vars: Vec<Term> = ["a", "x", "y", "z"]
        .iter()
        .map(|n| f.terms.var_term(f.terms.lookup_var(n).unwrap()))
        .collect();
    let mut checked = 0;
    for seed in 0..400u64 {
        let mut g = logic::random::TreeGen::with_vars(&f.terms, seed, &vars);
        let itp = g.gen(Sort::Bool, 5).build(&f.terms);
        if f.terms.as_bool_const(itp).is_some() {
            continue;
        }
        for kind in SplitKind::ALL {
            for position in 0..=4 {
                let preds: Vec<Term> = split(&f, kind, itp, position).into_iter().collect();
                assert!(
                    expressible(&f.terms, &z3, itp, &preds),
                    "{kind:?} at {position} drops part of {}",
                    f.terms.display(itp)
                );
                let covered: FxHashSet<Term> =
                    preds.iter().flat_map(|p| f.terms.atoms(*p)).collect();
                for a in f.terms.atoms(itp) {
                    assert!(covered.contains(&a), "{kind:?} loses an atom");
                }
                checked += 1;
            }
        }
    }
    // 6 strategies × 5 positions per non-constant interpolant: at least 50 of them.
    assert!(checked >= 1500, "only {checked} cases");
}

#[test]
fn every_strategy_has_its_name() {
    let f = fixture();
    let names: Vec<&str> = SplitKind::ALL
        .iter()
        .map(|k| k.strategy(Some(f.deps.clone())).name())
        .collect();
    assert_eq!(names, ["atomic", "none", "conjuncts", "pdg", "cdg", "ssa"]);
    assert!(SplitKind::ALL
        .iter()
        .all(|k| k.needs_dependences() == matches!(k, SplitKind::Pdg | SplitKind::Cdg)));
    // A connective is never a predicate unless a strategy keeps it whole.
    let itp = t(&f, ITP);
    for p in split(&f, SplitKind::Atomic, itp, 2) {
        assert!(!matches!(f.terms.op(p), Op::And | Op::Or | Op::Not));
    }
}
