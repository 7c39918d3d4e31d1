//! DAG traversals: post-order, free variables, substitution, SSA renaming, atoms.
//!
//! All traversals are iterative and visit each shared node once, so neither deep terms
//! (weakest preconditions of long paths) nor heavily shared ones (large blocks) hurt.

use crate::term::{Op, Term, TermStore, VarId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;

impl TermStore {
    /// Every node below `root` once, children before parents. Bodies of quantifiers are
    /// entered only if `into_quantifiers`; otherwise a quantifier node is a leaf.
    pub fn postorder(&self, root: Term, into_quantifiers: bool) -> Vec<Term> {
        let mut order = Vec::new();
        let mut done = FxHashSet::default();
        let mut stack = vec![(root, false)];
        while let Some((t, expanded)) = stack.pop() {
            if expanded {
                order.push(t);
                continue;
            }
            if done.contains(&t) {
                continue;
            }
            done.insert(t);
            stack.push((t, true));
            if !into_quantifiers && self.op(t).is_quantifier() {
                continue;
            }
            for a in self.args(t).into_iter().rev() {
                if !done.contains(&a) {
                    stack.push((a, false));
                }
            }
        }
        order
    }

    /// The free variables of `t`, in order of first occurrence in post-order.
    pub fn free_vars(&self, t: Term) -> BTreeSet<VarId> {
        let mut out = BTreeSet::new();
        for n in self.postorder(t, false) {
            match self.op(n) {
                Op::Var(v) => {
                    out.insert(v);
                }
                Op::Forall | Op::Exists => {
                    let args = self.args(n);
                    let (bound, body) = args.split_at(args.len() - 1);
                    let bound: FxHashSet<VarId> = bound
                        .iter()
                        .map(|b| self.as_var(*b).expect("bound"))
                        .collect();
                    out.extend(
                        self.free_vars(body[0])
                            .into_iter()
                            .filter(|v| !bound.contains(v)),
                    );
                }
                _ => {}
            }
        }
        out
    }

    /// Replaces sub-terms by the map (simultaneously), rebuilding through the simplifying
    /// builder. Bound variables of quantifiers are never replaced inside their scope.
    ///
    /// Sub-terms that cannot contain a key (by their variable signature) are not visited:
    /// substituting one variable in a large formula costs the part that mentions it.
    pub fn substitute(&self, t: Term, map: &FxHashMap<Term, Term>) -> Term {
        if map.is_empty() {
            return t;
        }
        // A key without variables (a constant) can occur anywhere: no pruning then.
        let sig = map.keys().try_fold(0u64, |acc, k| {
            let s = self.vars_sig(*k);
            (s != 0).then_some(acc | s)
        });
        let mut memo: FxHashMap<Term, Term> = FxHashMap::default();
        let mut stack = vec![(t, false)];
        while let Some((n, expanded)) = stack.pop() {
            if memo.contains_key(&n) {
                continue;
            }
            if let Some(r) = map.get(&n) {
                memo.insert(n, *r);
                continue;
            }
            let op = self.op(n);
            if op.is_leaf() || sig.is_some_and(|s| !self.may_contain(n, s)) {
                memo.insert(n, n);
                continue;
            }
            if op.is_quantifier() {
                let args = self.args(n);
                let (bound, body) = args.split_at(args.len() - 1);
                let mut inner = map.clone();
                for b in bound {
                    inner.remove(b);
                }
                let new_body = self.substitute(body[0], &inner);
                let new = if new_body == body[0] {
                    n
                } else {
                    let mut new_args: Vec<Term> = bound.to_vec();
                    new_args.push(new_body);
                    self.mk(op, &new_args)
                };
                memo.insert(n, new);
                continue;
            }
            let args = self.args(n);
            if !expanded {
                stack.push((n, true));
                for a in args.iter().rev() {
                    if !memo.contains_key(a) {
                        stack.push((*a, false));
                    }
                }
                continue;
            }
            let new_args: smallvec::SmallVec<[Term; 4]> = args.iter().map(|a| memo[a]).collect();
            let new = if new_args == args {
                n
            } else {
                self.mk(op, &new_args)
            };
            memo.insert(n, new);
        }
        memo[&t]
    }

    /// Replaces free variables by `f(v)` where it returns a term.
    pub fn substitute_vars(&self, t: Term, f: &mut dyn FnMut(VarId) -> Option<Term>) -> Term {
        let mut map = FxHashMap::default();
        for v in self.free_vars(t) {
            if let Some(r) = f(v) {
                map.insert(self.var_term(v), r);
            }
        }
        self.substitute(t, &map)
    }

    /// SSA renaming: every free program variable `x` becomes its instance `x@index(x)`.
    pub fn rename_ssa(&self, t: Term, index: &mut dyn FnMut(VarId) -> u32) -> Term {
        self.substitute_vars(t, &mut |v| Some(self.ssa_var(v, index(v))))
    }

    /// Undoes SSA renaming: every instance `x@i` becomes `x`.
    pub fn unrename_ssa(&self, t: Term) -> Term {
        self.substitute_vars(t, &mut |v| self.ssa_base(v).map(|(b, _)| self.var_term(b)))
    }

    /// The atoms of a Boolean term: its maximal sub-terms that are not Boolean connectives
    /// (`not`, `and`, `or`, `=>`, `xor`, Boolean `=`, Boolean `ite`), in order of first
    /// occurrence. Quantified sub-terms count as atoms.
    pub fn atoms(&self, t: Term) -> Vec<Term> {
        let mut out = Vec::new();
        let mut seen = FxHashSet::default();
        let mut stack = vec![t];
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            if self.is_connective(n) {
                for a in self.args(n).into_iter().rev() {
                    stack.push(a);
                }
            } else if self.as_bool_const(n).is_none() {
                out.push(n);
            }
        }
        out
    }

    /// Whether `t` is a Boolean connective node (see [`TermStore::atoms`]).
    pub fn is_connective(&self, t: Term) -> bool {
        match self.op(t) {
            Op::Not | Op::And | Op::Or | Op::Implies | Op::Xor => true,
            Op::Eq => self.sort(self.arg(t, 0)).is_bool(),
            Op::Ite => self.sort(t).is_bool(),
            _ => false,
        }
    }

    /// Whether no state satisfies both `a` and `b`, by their conjuncts: one conjunct is
    /// the negation of another, or two equate one term with different constants. A
    /// syntactic test (symbolic execution uses it to merge an `if`/`else` or a `switch`
    /// by the branches' own guards); `false` means only "not shown".
    pub fn excludes(&self, a: Term, b: Term) -> bool {
        if self.not(a) == b || self.not(b) == a {
            return true;
        }
        let (conj_a, conj_b) = (self.conjuncts(a), self.conjuncts(b));
        conj_a.iter().any(|x| {
            conj_b.iter().any(|y| {
                if self.not(*x) == *y || self.not(*y) == *x {
                    return true;
                }
                if (self.op(*x), self.op(*y)) != (Op::Eq, Op::Eq) {
                    return false;
                }
                let (x0, x1) = (self.arg(*x, 0), self.arg(*x, 1));
                let (y0, y1) = (self.arg(*y, 0), self.arg(*y, 1));
                let distinct_consts =
                    |p: Term, q: Term| self.op(p).is_const() && self.op(q).is_const() && p != q;
                (x0 == y0 && distinct_consts(x1, y1))
                    || (x1 == y1 && distinct_consts(x0, y0))
                    || (x0 == y1 && distinct_consts(x1, y0))
                    || (x1 == y0 && distinct_consts(x0, y1))
            })
        })
    }

    /// Top-level conjuncts of `t` (itself when it is not a conjunction).
    pub fn conjuncts(&self, t: Term) -> Vec<Term> {
        match self.op(t) {
            Op::And => self.args(t).to_vec(),
            Op::BoolConst(true) => vec![],
            _ => vec![t],
        }
    }
}
