//! Weakest preconditions and strongest postconditions of statements.
//!
//! `havoc x` is handled by a quantifier over a fresh variable:
//! `wp(havoc x, Q) = ∀x'. Q[x'/x]` and `sp(havoc x, P) = ∃x'. P[x'/x]`. The refinement
//! eliminates these quantifiers (Z3's `qe`) or falls back as DESIGN §6 describes; keeping
//! them explicit here keeps WP exact (`wp(S, Q)` holds in a state iff every execution of `S`
//! from it ends in `Q`).

use crate::stmt::{Stmt, StmtId, StmtStore};
use logic::{Term, TermStore};
use rustc_hash::FxHashMap;

/// `wp(s, q)`.
pub fn wp(terms: &TermStore, stmts: &StmtStore, s: StmtId, q: Term) -> Term {
    match stmts.get(s) {
        Stmt::Assume(c) => terms.implies(c, q),
        Stmt::Assign(x, e) => {
            let mut m = FxHashMap::default();
            m.insert(x, e);
            terms.substitute(q, &m)
        }
        Stmt::Havoc(x) => {
            let name = terms.var_name(terms.as_var(x).expect("variable"));
            let fresh = terms.fresh_var(&format!("{name}'"), terms.sort(x));
            let mut m = FxHashMap::default();
            m.insert(x, fresh);
            terms.forall(&[fresh], terms.substitute(q, &m))
        }
        Stmt::Skip => q,
        Stmt::Seq(_) => stmts
            .parts(s)
            .into_iter()
            .rev()
            .fold(q, |acc, p| wp(terms, stmts, p, acc)),
        Stmt::Choice(_) => {
            let ws: Vec<Term> = stmts
                .branches(s)
                .into_iter()
                .map(|b| wp(terms, stmts, b, q))
                .collect();
            terms.and(&ws)
        }
    }
}

/// `sp(s, p)`: the strongest condition that holds after executing `s` from `p`.
pub fn sp(terms: &TermStore, stmts: &StmtStore, s: StmtId, p: Term) -> Term {
    match stmts.get(s) {
        Stmt::Assume(c) => terms.and2(p, c),
        Stmt::Assign(x, e) => {
            let name = terms.var_name(terms.as_var(x).expect("variable"));
            let old = terms.fresh_var(&format!("{name}'"), terms.sort(x));
            let mut m = FxHashMap::default();
            m.insert(x, old);
            let body = terms.and2(
                terms.substitute(p, &m),
                terms.eq(x, terms.substitute(e, &m)),
            );
            terms.exists(&[old], body)
        }
        Stmt::Havoc(x) => {
            let name = terms.var_name(terms.as_var(x).expect("variable"));
            let old = terms.fresh_var(&format!("{name}'"), terms.sort(x));
            let mut m = FxHashMap::default();
            m.insert(x, old);
            terms.exists(&[old], terms.substitute(p, &m))
        }
        Stmt::Skip => p,
        Stmt::Seq(_) => stmts
            .parts(s)
            .into_iter()
            .fold(p, |acc, x| sp(terms, stmts, x, acc)),
        Stmt::Choice(_) => {
            let ss: Vec<Term> = stmts
                .branches(s)
                .into_iter()
                .map(|b| sp(terms, stmts, b, p))
                .collect();
            terms.or(&ss)
        }
    }
}
