//! The translation without wrap-around (`ToInt::without_wrap`) and the two readings of a
//! formula it gives (`ToInt::guarded`): the executions on which nothing wraps, and an
//! alarm for those on which something does — the overflow queries of the `chc` engine's
//! `int-overflow` theory.

use super::{bounds, unsigned, ToInt, Untranslatable};
use crate::sort::Sort;
use crate::term::{Op, Term, TermStore};
use rustc_hash::FxHashMap;

/// How deep the Boolean structure of a formula [`ToInt::guarded`] reads may nest.
/// (A frame of `walk` is small, but a test thread's stack is 2 MiB in a debug build.)
const MAX_GUARD_DEPTH: usize = 1000;

impl<'s> ToInt<'s> {
    /// The translation **without** wrap-around: `+`, `-`, negation and products by
    /// constants (shifts left too) are their exact integers, and each such term has an
    /// *obligation*, its integer in the range of its width. Not exact on its own: a
    /// caller uses [`ToInt::guarded`] to assume the obligations where the operations are
    /// evaluated and to state, as a separate formula, that one of them fails — the
    /// overflow conditions as queries of their own (issue 37, docs/design.md §12). Without
    /// the `ite` of every wrap-around Spacer's lemmas stay linear and simple: McCarthy's
    /// 91 function is proved in 1.1 s instead of 2.3 s (docs/engines/chc.md).
    pub fn without_wrap(store: &'s TermStore, suffix: &str) -> Self {
        ToInt {
            no_wrap: true,
            ..ToInt::new(store, suffix)
        }
    }

    /// `exact` for the bit-vector term `t` of width `w`: as it is, with its obligation,
    /// without wrap-around; `wrapped()` otherwise.
    pub(super) fn arith(
        &mut self,
        t: Term,
        exact: Term,
        w: u32,
        wrapped: impl FnOnce() -> Term,
    ) -> Term {
        // Single bits are unsigned and their arithmetic is meant to wrap (`xor`).
        if !self.no_wrap || unsigned(w) {
            return wrapped();
        }
        let s = self.store;
        let (lo, hi) = bounds(w);
        let in_range = s.and2(
            s.int_le(s.int_const(lo), exact),
            s.int_lt(exact, s.int_const(hi)),
        );
        self.obligations.insert(t, in_range);
        exact
    }

    /// The condition under which evaluating the (translated) term `t` wraps nowhere: the
    /// obligations of its sub-terms, those under an `ite` only on the branch taken. `true`
    /// with wrap-around (nothing to oblige).
    pub fn ok(&mut self, t: Term) -> Result<Term, Untranslatable> {
        self.term(t)?;
        let s = self.store;
        for n in s.postorder(t, true) {
            if self.ok_memo.contains_key(&n) {
                continue;
            }
            let (op, _, args) = s.node(n);
            let ok = if op == Op::Ite {
                let (c, a, b) = (
                    self.ok_memo[&args[0]],
                    self.ok_memo[&args[1]],
                    self.ok_memo[&args[2]],
                );
                let branch = if s.is_true(a) && s.is_true(b) {
                    s.tru()
                } else {
                    s.ite(self.memo[&args[0]], a, b)
                };
                s.and2(c, branch)
            } else {
                let mut parts: Vec<Term> = args
                    .iter()
                    .map(|x| self.ok_memo[x])
                    .filter(|o| !s.is_true(*o))
                    .collect();
                parts.extend(self.obligations.get(&n).copied());
                s.and(&parts)
            };
            self.ok_memo.insert(n, ok);
        }
        Ok(self.ok_memo[&t])
    }

    /// The formula `f` twice, for a translation without wrap-around: `assume`, every atom
    /// with the obligations of its operations (the executions on which nothing wraps, on
    /// which the integers are exact), and `alarm`, satisfied by the values of every
    /// execution on which some evaluated operation wraps (each atom holds or has a failing
    /// obligation — with the execution's values an atom without one means what its
    /// bit-vectors mean — and at least one evaluated atom has a failing obligation).
    /// Atoms are the formula's non-Boolean-connective sub-formulas read in negation normal
    /// form, so an operation counts where its atom is evaluated: `x < MAX ∧ x' = x + 1`
    /// obliges `x + 1` in range only on that branch. `None` for `alarm` when no atom has an
    /// obligation.
    pub fn guarded(&mut self, f: Term) -> Result<(Term, Option<Term>), Untranslatable> {
        let mut memo = FxHashMap::default();
        let (assume, _, alarm) = self.walk(f, true, &mut memo, 0)?;
        let obliged = !self.store.is_true(self.ok(f)?);
        Ok((assume, obliged.then_some(alarm)))
    }

    /// [`ToInt::guarded`]'s walk of `f` (negated when not `positive`): the formula with
    /// each atom's obligations (`assume`), the formula with each atom holding or failing an
    /// obligation (`holds`), and `holds` with a failing obligation on an evaluated atom
    /// (`alarm`).
    fn walk(
        &mut self,
        f: Term,
        positive: bool,
        memo: &mut FxHashMap<(Term, bool), (Term, Term, Term)>,
        depth: usize,
    ) -> Result<(Term, Term, Term), Untranslatable> {
        if let Some(x) = memo.get(&(f, positive)) {
            return Ok(*x);
        }
        if depth > MAX_GUARD_DEPTH {
            return Err(Untranslatable("a formula nested too deeply".into()));
        }
        let s = self.store;
        let (op, _, args) = s.node(f);
        let bool_args = args.iter().all(|a| s.sort(*a) == Sort::Bool);
        let mut w = |me: &mut Self, x: Term, p: bool| me.walk(x, p, memo, depth + 1);
        // Conjunctions and disjunctions of walked parts.
        let conj = |parts: &[(Term, Term, Term)]| {
            let assume: Vec<Term> = parts.iter().map(|p| p.0).collect();
            let holds: Vec<Term> = parts.iter().map(|p| p.1).collect();
            let alarms: Vec<Term> = parts.iter().map(|p| p.2).collect();
            let holds = s.and(&holds);
            (s.and(&assume), holds, s.and2(holds, s.or(&alarms)))
        };
        let disj = |parts: &[(Term, Term, Term)]| {
            let assume: Vec<Term> = parts.iter().map(|p| p.0).collect();
            let holds: Vec<Term> = parts.iter().map(|p| p.1).collect();
            let alarms: Vec<Term> = parts.iter().map(|p| p.2).collect();
            (s.or(&assume), s.or(&holds), s.or(&alarms))
        };
        let r = match op {
            Op::Not => w(self, args[0], !positive)?,
            Op::And | Op::Or => {
                let parts = args
                    .iter()
                    .map(|a| w(self, *a, positive))
                    .collect::<Result<Vec<_>, _>>()?;
                // De Morgan: a negated `and` is the `or` of the negations.
                if (op == Op::And) == positive {
                    conj(&parts)
                } else {
                    disj(&parts)
                }
            }
            Op::Implies => {
                let parts = [w(self, args[0], !positive)?, w(self, args[1], positive)?];
                if positive {
                    disj(&parts)
                } else {
                    conj(&parts)
                }
            }
            Op::Ite if bool_args => {
                let (c, nc) = (w(self, args[0], true)?, w(self, args[0], false)?);
                let (a, b) = (w(self, args[1], positive)?, w(self, args[2], positive)?);
                disj(&[conj(&[c, a]), conj(&[nc, b])])
            }
            Op::Eq | Op::Xor if bool_args && args.len() == 2 => {
                // `a = b` is `(a ∧ b) ∨ (¬a ∧ ¬b)`; `xor` its negation.
                let same = (op == Op::Eq) == positive;
                let (a, na) = (w(self, args[0], true)?, w(self, args[0], false)?);
                let (b, nb) = (w(self, args[1], same)?, w(self, args[1], !same)?);
                disj(&[conj(&[a, b]), conj(&[na, nb])])
            }
            _ => {
                let e = self.term(f)?;
                let lit = if positive { e } else { s.not(e) };
                let ok = self.ok(f)?;
                let fails = s.not(ok);
                (s.and2(ok, lit), s.or2(fails, lit), fails)
            }
        };
        memo.insert((f, positive), r);
        Ok(r)
    }
}
