//! LBE preserves reachability of some error location (docs/design.md §5): on random CFAs with
//! loops, parallel edges, compound labels and several error locations, decided
//! exhaustively by explicit state enumeration over small domains, at every level.

use cfa::exec::{all_executions, State};
use cfa::random::random_cfa;
use cfa::{reduce, Cfa, LbeLevel, LocationId, StmtStore};
use logic::{Sort, TermStore, Value, VarId};
use proptest::prelude::*;
use rustc_hash::FxHashSet;
use std::rc::Rc;

fn domain(s: Sort) -> Vec<Value> {
    match s {
        Sort::Bool => vec![Value::Bool(false), Value::Bool(true)],
        Sort::Bv(w) => (0..1u128 << w).map(|v| Value::Bv(v, w)).collect(),
        _ => unreachable!("small sorts"),
    }
}

type Key = (LocationId, Vec<(VarId, Value)>);

fn key(l: LocationId, s: &State) -> Key {
    let mut v: Vec<(VarId, Value)> = s.iter().map(|(k, v)| (*k, v.clone())).collect();
    v.sort();
    (l, v)
}

/// Whether some error location is reachable from init, from any initial valuation.
fn error_reachable(cfa: &Cfa, vars: &[VarId]) -> bool {
    let mut initial = vec![State::default()];
    for v in vars {
        let mut next = Vec::new();
        for s in &initial {
            for val in domain(cfa.terms.var_sort(*v)) {
                let mut t = s.clone();
                t.insert(*v, val);
                next.push(t);
            }
        }
        initial = next;
    }
    let mut seen: FxHashSet<Key> = FxHashSet::default();
    let mut stack: Vec<(LocationId, State)> =
        initial.into_iter().map(|s| (cfa.init(), s)).collect();
    while let Some((l, s)) = stack.pop() {
        if !seen.insert(key(l, &s)) {
            continue;
        }
        if cfa.is_error(l) {
            return true;
        }
        for e in cfa.out_edges(l) {
            let edge = cfa.edge(*e);
            for t in all_executions(&cfa.terms, &cfa.stmts, edge.stmt, &s, &domain).unwrap() {
                stack.push((edge.dst, t));
            }
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_level_preserves_error_reachability(seed in any::<u64>(), n in 3usize..12, errors in 1usize..3, depth in 0u32..3) {
        let terms = Rc::new(TermStore::new());
        let stmts = Rc::new(StmtStore::new());
        let vars = vec![terms.var("x", Sort::Bv(2)), terms.var("y", Sort::Bv(2)), terms.var("b", Sort::Bool)];
        let ids: Vec<VarId> = vars.iter().map(|v| terms.as_var(*v).unwrap()).collect();
        let cfa = random_cfa(terms.clone(), stmts, seed, n, errors.min(n - 1), &vars, depth);
        let before = error_reachable(&cfa, &ids);
        for level in [LbeLevel::Seq, LbeLevel::Full, LbeLevel::Advanced] {
            let (r, stats) = reduce(&cfa, level);
            prop_assert!(r.num_locations() <= cfa.num_locations());
            prop_assert_eq!(error_reachable(&r, &ids), before, "level {:?} {:?}", level, stats);
            // The result is at its fixpoint: reducing again changes nothing.
            let (again, s2) = reduce(&r, level);
            prop_assert_eq!(again.num_edges(), r.num_edges(), "{:?}", s2);
        }
    }
}

/// The property above is not vacuous: the generator yields CFAs with and without a
/// reachable error, and LBE shrinks them.
#[test]
fn random_cfas_cover_both_outcomes_and_shrink() {
    let (mut reachable, mut unreachable, mut shrunk) = (0, 0, 0);
    for seed in 0..200u64 {
        let terms = Rc::new(TermStore::new());
        let vars = vec![
            terms.var("x", Sort::Bv(2)),
            terms.var("y", Sort::Bv(2)),
            terms.var("b", Sort::Bool),
        ];
        let ids: Vec<VarId> = vars.iter().map(|v| terms.as_var(*v).unwrap()).collect();
        let cfa = random_cfa(
            terms.clone(),
            Rc::new(StmtStore::new()),
            seed,
            8,
            2,
            &vars,
            1,
        );
        if error_reachable(&cfa, &ids) {
            reachable += 1;
        } else {
            unreachable += 1;
        }
        if reduce(&cfa, LbeLevel::Full).0.num_edges() < cfa.num_edges() {
            shrunk += 1;
        }
    }
    assert!(
        reachable >= 20 && unreachable >= 20,
        "{reachable} reachable, {unreachable} not"
    );
    assert!(shrunk >= 150, "LBE shrank only {shrunk} of 200");
}
