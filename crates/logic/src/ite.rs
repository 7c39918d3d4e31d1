//! Atoms without `ite` inside: a comparison of `ite` terms becomes a Boolean combination of
//! comparisons of their branches.
//!
//! Preconditions computed by symbolic execution (`cfa::symbolic`) keep a block's merges as
//! `ite` terms inside the postcondition's atoms, e.g. `ite(p = 1, d + 1, d) = t`. As
//! predicates such atoms are poor (each mixes a branch condition with a relation), and the
//! BDD compaction of interpolants cannot see the conditions they share. Lifting splits an
//! atom on the condition of an `ite` it contains:
//!
//! ```text
//!     A  ≡  (c ∧ A[c := ⊤]) ∨ (¬c ∧ A[c := ⊥])
//! ```
//!
//! and the builder folds `ite(⊤, a, b)` to `a`, so each side has one `ite` less. This is
//! Shannon expansion of the atom on `c`; it is an equivalence, so the result means what
//! the input means. Bodies of quantifiers are lifted inside their scope, so that no
//! condition over a bound variable leaves it.

use crate::term::{Op, Term, TermStore};
use rustc_hash::{FxHashMap, FxHashSet};

impl TermStore {
    /// `t` with every atom free of non-Boolean `ite` terms, or `None` when more than
    /// `budget` case splits would be needed.
    pub fn lift_ite(&self, t: Term, budget: usize) -> Option<Term> {
        let mut run = Lift {
            terms: self,
            with_ite: FxHashMap::default(),
            memo: FxHashMap::default(),
            budget,
        };
        if !run.contains_ite(t) {
            return Some(t);
        }
        run.lift(t)
    }
}

struct Lift<'a> {
    terms: &'a TermStore,
    /// Whether a non-Boolean `ite` occurs at or below a node (for every node seen so far).
    with_ite: FxHashMap<Term, bool>,
    memo: FxHashMap<Term, Term>,
    budget: usize,
}

impl Lift<'_> {
    fn lift(&mut self, t: Term) -> Option<Term> {
        let terms = self.terms;
        if let Some(r) = self.memo.get(&t) {
            return Some(*r);
        }
        let r = if !self.contains_ite(t) {
            t
        } else if terms.is_connective(t) || terms.op(t).is_quantifier() {
            let args = terms.args(t);
            let n = args.len();
            let mut new = Vec::with_capacity(n);
            for (i, a) in args.iter().enumerate() {
                let bound = terms.op(t).is_quantifier() && i + 1 < n;
                new.push(if bound { *a } else { self.lift(*a)? });
            }
            terms.mk(terms.op(t), &new)
        } else if let Some(c) = self.condition(t) {
            self.budget = self.budget.checked_sub(1)?;
            let on = |v: bool| {
                let mut m = FxHashMap::default();
                m.insert(c, terms.bool_const(v));
                terms.substitute(t, &m)
            };
            let (pos, neg) = (on(true), on(false));
            let (c, pos, neg) = (self.lift(c)?, self.lift(pos)?, self.lift(neg)?);
            terms.ite(c, pos, neg)
        } else {
            // Its `ite`s lie inside a quantifier within the atom (only as part of another
            // `ite`'s condition, which is split first); left as it is.
            t
        };
        self.memo.insert(t, r);
        Some(r)
    }

    fn contains_ite(&mut self, t: Term) -> bool {
        if let Some(b) = self.with_ite.get(&t) {
            return *b;
        }
        for n in self.terms.postorder(t, true) {
            if self.with_ite.contains_key(&n) {
                continue;
            }
            let own = self.terms.op(n) == Op::Ite && !self.terms.sort(n).is_bool();
            let below = own || self.terms.args(n).iter().any(|a| self.with_ite[a]);
            self.with_ite.insert(n, below);
        }
        self.with_ite[&t]
    }

    /// The condition of the outermost non-Boolean `ite` in the atom `t`, outside any
    /// quantifier (a condition over a bound variable must not leave its scope).
    fn condition(&self, t: Term) -> Option<Term> {
        let mut stack = vec![t];
        let mut seen = FxHashSet::default();
        while let Some(n) = stack.pop() {
            if !seen.insert(n) || self.terms.op(n).is_quantifier() {
                continue;
            }
            if self.terms.op(n) == Op::Ite && !self.terms.sort(n).is_bool() {
                return Some(self.terms.arg(n, 0));
            }
            stack.extend(self.terms.args(n).iter().rev());
        }
        None
    }
}
