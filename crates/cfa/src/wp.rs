//! Weakest preconditions and strongest postconditions of statements.
//!
//! `havoc x` is handled by a quantifier over a fresh variable:
//! `wp(havoc x, Q) = ∀x'. Q[x'/x]` and `sp(havoc x, P) = ∃x'. P[x'/x]`. The refinement
//! eliminates these quantifiers (`logic::qe` and Z3's `qe-light`) or falls back as docs/design.md §6 describes; keeping
//! them explicit here keeps WP exact (`wp(S, Q)` holds in a state iff every execution of `S`
//! from it ends in `Q`).
//!
//! Both are memoised on (statement, formula): a large block shares its parts, and the same
//! part meets the same formula again on every path through it.

use crate::stmt::{Stmt, StmtId, StmtStore};
use logic::{Op, Term, TermStore};
use rustc_hash::FxHashMap;

/// `wp(s, q)`.
pub fn wp(terms: &TermStore, stmts: &StmtStore, s: StmtId, q: Term) -> Term {
    wp_memo(terms, stmts, s, q, &mut FxHashMap::default(), None).expect("no bound")
}

/// `wp(s, q)` if no precondition of a choice inside `s` has more than `max_size` nodes.
/// The rule for a choice copies `q` once per branch, so the result, and the time to build
/// it, can be exponential in the number of branch points; this stops early instead.
pub fn wp_bounded(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    q: Term,
    max_size: usize,
) -> Option<Term> {
    wp_memo(
        terms,
        stmts,
        s,
        q,
        &mut FxHashMap::default(),
        Some(max_size),
    )
}

fn wp_memo(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    q: Term,
    memo: &mut FxHashMap<(StmtId, Term), Term>,
    max_size: Option<usize>,
) -> Option<Term> {
    if let Some(r) = memo.get(&(s, q)) {
        return Some(*r);
    }
    let r = match stmts.get(s) {
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
        Stmt::Call(_) => unreachable!("{}", crate::stmt::CALL_IN_FLAT_CFA),
        Stmt::Seq(_) => {
            let mut acc = q;
            for p in stmts.parts(s).into_iter().rev() {
                acc = wp_memo(terms, stmts, p, acc, memo, max_size)?;
            }
            acc
        }
        Stmt::Choice(_) => {
            let mut ws = Vec::new();
            for b in stmts.branches(s) {
                ws.push(wp_memo(terms, stmts, b, q, memo, max_size)?);
            }
            let r = terms.and(&ws);
            if max_size.is_some_and(|m| terms.dag_size(r) > m) {
                return None;
            }
            r
        }
    };
    memo.insert((s, q), r);
    Some(r)
}

/// `sp(s, p)`: the strongest condition that holds after executing `s` from `p`.
pub fn sp(terms: &TermStore, stmts: &StmtStore, s: StmtId, p: Term) -> Term {
    sp_memo(terms, stmts, s, p, &mut FxHashMap::default())
}

fn sp_memo(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    p: Term,
    memo: &mut FxHashMap<(StmtId, Term), Term>,
) -> Term {
    if let Some(r) = memo.get(&(s, p)) {
        return *r;
    }
    let r = match stmts.get(s) {
        Stmt::Assume(c) => terms.and2(p, c),
        Stmt::Assign(x, e) => sp_assign(terms, x, e, p),
        Stmt::Havoc(x) => {
            let name = terms.var_name(terms.as_var(x).expect("variable"));
            let old = terms.fresh_var(&format!("{name}'"), terms.sort(x));
            let mut m = FxHashMap::default();
            m.insert(x, old);
            terms.exists(&[old], terms.substitute(p, &m))
        }
        Stmt::Skip => p,
        Stmt::Call(_) => unreachable!("{}", crate::stmt::CALL_IN_FLAT_CFA),
        Stmt::Seq(_) => stmts
            .parts(s)
            .into_iter()
            .fold(p, |acc, x| sp_memo(terms, stmts, x, acc, memo)),
        Stmt::Choice(_) => {
            let ss: Vec<Term> = stmts
                .branches(s)
                .into_iter()
                .map(|b| sp_memo(terms, stmts, b, p, memo))
                .collect();
            terms.or(&ss)
        }
    };
    memo.insert((s, p), r);
    r
}

/// `sp(x := e, p) = ∃x'. p[x'/x] ∧ x = e[x'/x]`, without the quantifier where the old
/// value is not needed (`x` in neither `p` nor `e`) or can be recovered (`e = x ± c`:
/// the old value is `x ∓ c`, bit-vector arithmetic being modular).
fn sp_assign(terms: &TermStore, x: Term, e: Term, p: Term) -> Term {
    let v = terms.as_var(x).expect("variable");
    if !terms.occurs_free(v, e) {
        if !terms.occurs_free(v, p) {
            return terms.and2(p, terms.eq(x, e));
        }
    } else if let Some(old) = inverse_offset(terms, x, e) {
        let mut m = FxHashMap::default();
        m.insert(x, old);
        return terms.substitute(p, &m);
    }
    let name = terms.var_name(v);
    let old = terms.fresh_var(&format!("{name}'"), terms.sort(x));
    let mut m = FxHashMap::default();
    m.insert(x, old);
    let body = terms.and2(
        terms.substitute(p, &m),
        terms.eq(x, terms.substitute(e, &m)),
    );
    terms.exists(&[old], body)
}

/// For `e = x + c`, `c + x` or `x - c` with `c` free of `x`: the old value of `x` in
/// terms of the new one.
fn inverse_offset(terms: &TermStore, x: Term, e: Term) -> Option<Term> {
    let v = terms.as_var(x)?;
    let free_of_x = |t: Term| !terms.occurs_free(v, t);
    let args = terms.args(e);
    match terms.op(e) {
        Op::BvAdd if args.len() == 2 => {
            if args[0] == x && free_of_x(args[1]) {
                Some(terms.bvsub(x, args[1]))
            } else if args[1] == x && free_of_x(args[0]) {
                Some(terms.bvsub(x, args[0]))
            } else {
                None
            }
        }
        Op::BvSub if args.len() == 2 && args[0] == x && free_of_x(args[1]) => {
            Some(terms.bvadd(x, args[1]))
        }
        _ => None,
    }
}
