//! Regions: Boolean functions over predicates, as BDDs (docs/design.md §6), and their meaning as
//! terms.
//!
//! A region is a `Bdd` over the predicate table's variables. Coverage (`r ⇒ r'`) is the
//! BDD test `r ∧ ¬r' = false`, never a solver call. To use a region in a formula it is
//! turned into a term by Shannon expansion over its nodes (`ite(p, high, low)` written as
//! `(p ∧ high) ∨ (¬p ∧ low)`), with one shared sub-term per BDD node.

use crate::precision::{PredicateId, PredicateTable, MAX_PREDICATES};
use biodivine_lib_bdd::{Bdd, BddNode, BddPointer, BddVariable};
use logic::{Term, TermStore};
use rustc_hash::FxHashMap;

pub type Region = Bdd;

/// Every region has one BDD variable per possible predicate. The BDDs are built from
/// their nodes rather than through a `BddVariableSet`, whose constructor names all 65,000
/// variables: that alone was most of CEGAR's fixed cost on a small task (about 40 ms).
const NUM_VARS: u16 = MAX_PREDICATES as u16;

pub fn top(_table: &PredicateTable) -> Region {
    Bdd::from_nodes(&[BddNode::mk_zero(NUM_VARS), BddNode::mk_one(NUM_VARS)])
        .expect("the terminals")
}

pub fn bottom(_table: &PredicateTable) -> Region {
    Bdd::from_nodes(&[BddNode::mk_zero(NUM_VARS)]).expect("the zero terminal")
}

/// The predicate `p` as a region.
#[cfg(any(test, feature = "test-support"))] // for the tests: the engine does without
pub fn var(table: &PredicateTable, p: PredicateId) -> Region {
    cube(table, &[(p, true)])
}

/// The conjunction of literals `p` (if `true`) or `¬p` (if `false`): a chain of nodes,
/// the highest variable nearest the terminals.
pub fn cube(table: &PredicateTable, literals: &[(PredicateId, bool)]) -> Region {
    let mut lits = literals.to_vec();
    lits.sort_unstable();
    lits.dedup();
    if lits.windows(2).any(|w| w[0].0 == w[1].0) {
        return bottom(table);
    }
    let mut nodes = vec![BddNode::mk_zero(NUM_VARS), BddNode::mk_one(NUM_VARS)];
    let mut below = BddPointer::one();
    for (p, value) in lits.into_iter().rev() {
        let var = PredicateTable::bdd_var(p);
        nodes.push(if value {
            BddNode::mk_node(var, BddPointer::zero(), below)
        } else {
            BddNode::mk_node(var, below, BddPointer::zero())
        });
        below = BddPointer::from_index(nodes.len() - 1);
    }
    Bdd::from_nodes(&nodes).expect("a chain in variable order")
}

/// `a ⇒ b`.
pub fn implies(a: &Region, b: &Region) -> bool {
    a.and_not(b).is_false()
}

/// The region as a formula over the predicates' terms.
pub fn to_term(terms: &TermStore, table: &PredicateTable, r: &Region) -> Term {
    shannon(terms, r, &|v| table.term(v.to_index() as PredicateId))
}

/// A BDD as a formula by Shannon expansion over its nodes (`atom` gives each variable's
/// term), one shared sub-term per node.
pub fn shannon(terms: &TermStore, b: &Bdd, atom: &dyn Fn(BddVariable) -> Term) -> Term {
    if b.is_false() {
        return terms.fls();
    }
    if b.is_true() {
        return terms.tru();
    }
    let mut memo: FxHashMap<BddPointer, Term> = FxHashMap::default();
    memo.insert(BddPointer::zero(), terms.fls());
    memo.insert(BddPointer::one(), terms.tru());
    // Nodes are stored children first, so one pass in index order sees every child
    // before its parent.
    for ptr in b.pointers().skip(2) {
        let p = atom(b.var_of(ptr));
        let hi = memo[&b.high_link_of(ptr)];
        let lo = memo[&b.low_link_of(ptr)];
        let t = if terms.is_true(hi) && terms.is_false(lo) {
            p
        } else if terms.is_false(hi) && terms.is_true(lo) {
            terms.not(p)
        } else {
            terms.or2(terms.and2(p, hi), terms.and2(terms.not(p), lo))
        };
        memo.insert(ptr, t);
    }
    memo[&b.root_pointer()]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubes_are_conjunctions_of_their_literals_in_any_order() {
        let table = PredicateTable::new();
        let (a, b, c) = (var(&table, 0), var(&table, 7), var(&table, 300));
        let want = a.and(&b.not()).and(&c);
        assert_eq!(cube(&table, &[(300, true), (0, true), (7, false)]), want);
        assert_eq!(
            cube(&table, &[(7, false), (0, true), (300, true), (0, true)]),
            want
        );
        assert!(cube(&table, &[(7, false), (7, true)]).is_false());
        assert!(cube(&table, &[]).is_true());
        assert!(implies(&bottom(&table), &top(&table)));
        assert!(!implies(&top(&table), &a));
        assert_eq!(a.or(&a.not()), top(&table));
    }
}
