//! Regions: Boolean functions over predicates, as BDDs (DESIGN §6), and their meaning as
//! terms.
//!
//! A region is a `Bdd` over the predicate table's variables. Coverage (`r ⇒ r'`) is the
//! BDD test `r ∧ ¬r' = false`, never a solver call. To use a region in a formula it is
//! turned into a term by Shannon expansion over its nodes (`ite(p, high, low)` written as
//! `(p ∧ high) ∨ (¬p ∧ low)`), with one shared sub-term per BDD node.

use crate::precision::{PredicateId, PredicateTable};
use biodivine_lib_bdd::{Bdd, BddPartialValuation, BddPointer};
use logic::{Term, TermStore};
use rustc_hash::FxHashMap;

pub type Region = Bdd;

pub fn top(table: &PredicateTable) -> Region {
    table.bdd_vars().mk_true()
}

pub fn bottom(table: &PredicateTable) -> Region {
    table.bdd_vars().mk_false()
}

/// The conjunction of literals `p` (if `true`) or `¬p` (if `false`).
pub fn cube(table: &PredicateTable, literals: &[(PredicateId, bool)]) -> Region {
    let values: Vec<_> = literals
        .iter()
        .map(|(p, b)| (PredicateTable::bdd_var(*p), *b))
        .collect();
    table
        .bdd_vars()
        .mk_conjunctive_clause(&BddPartialValuation::from_values(&values))
}

/// `a ⇒ b`.
pub fn implies(a: &Region, b: &Region) -> bool {
    a.and_not(b).is_false()
}

/// The region as a formula over the predicates' terms.
pub fn to_term(terms: &TermStore, table: &PredicateTable, r: &Region) -> Term {
    if r.is_false() {
        return terms.fls();
    }
    if r.is_true() {
        return terms.tru();
    }
    let mut memo: FxHashMap<BddPointer, Term> = FxHashMap::default();
    memo.insert(BddPointer::zero(), terms.fls());
    memo.insert(BddPointer::one(), terms.tru());
    // Nodes are stored children first, so one pass in index order sees every child
    // before its parent.
    for ptr in r.pointers().skip(2) {
        let p = table.term(r.var_of(ptr).to_index() as PredicateId);
        let hi = memo[&r.high_link_of(ptr)];
        let lo = memo[&r.low_link_of(ptr)];
        let t = if terms.is_true(hi) && terms.is_false(lo) {
            p
        } else if terms.is_false(hi) && terms.is_true(lo) {
            terms.not(p)
        } else {
            terms.or2(terms.and2(p, hi), terms.and2(terms.not(p), lo))
        };
        memo.insert(ptr, t);
    }
    memo[&r.root_pointer()]
}

/// A short human-readable form: the region's cubes, `true` or `false`.
pub fn render(terms: &TermStore, table: &PredicateTable, r: &Region) -> String {
    if r.is_false() {
        return "false".into();
    }
    if r.is_true() {
        return "true".into();
    }
    let cubes: Vec<String> = r
        .sat_clauses()
        .map(|c| {
            let lits: Vec<String> = c
                .to_values()
                .into_iter()
                .map(|(v, b)| {
                    let p = terms.display(table.term(v.to_index() as u16)).to_string();
                    if b {
                        p
                    } else {
                        format!("!({p})")
                    }
                })
                .collect();
            lits.join(" && ")
        })
        .collect();
    if cubes.len() == 1 {
        cubes[0].clone()
    } else {
        cubes
            .iter()
            .map(|c| format!("({c})"))
            .collect::<Vec<_>>()
            .join(" || ")
    }
}
