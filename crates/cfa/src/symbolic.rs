//! Weakest preconditions of a loop-free block by symbolic execution, linear in the block.
//!
//! [`crate::wp::wp`] follows the rule `wp(choice(a, b), Q) = wp(a, Q) ∧ wp(b, Q)`: each
//! branch substitutes into its own copy of `Q`, so `k` branch points in sequence that assign
//! the same variables give up to `2^k` distinct copies (systemc's `toy`: a 2,711-node
//! postcondition became a 507,116-node precondition through one block of its scheduler).
//!
//! Here the block is executed once, forwards, from a symbolic entry state. The result is a
//! *guard* (the entry states from which some run of the block ends) and the final value of
//! every variable the block writes, as terms over the entry state, where a choice's
//! branches merge into `ite` terms. Then
//!
//! ```text
//!     wp(S, Q) = ∀h. guard → Q[x := value(x)]
//! ```
//!
//! with `h` the fresh values of the block's `havoc`s. `Q` is substituted once; the values
//! share their sub-terms, so the size is `|Q|` plus the block's. This is the
//! path-formula view of a block (its SSA formula with the intermediate values solved for)
//! that Beyer/Cimatti/Griggio/Keremoglu/Sebastiani's LBE paper (FMCAD'09) uses for
//! abstraction, applied to the precondition.
//!
//! A merge by `ite` picks one branch per entry state, which is the meaning of a choice
//! only when at most one branch can run from each state. A choice whose branches' guards
//! are not syntactically exclusive (`c` against `¬c`, `x = 1` against `x = 2`) selects its
//! branch by fresh Boolean variables instead, universally quantified with the `havoc`
//! values: `∀s. guard(s) → Q[value(s)]` is `∧_i (guard_i → Q[value_i])`, exactly the
//! conjunction rule. The result is therefore exact in every case; `wp_is_exact` and the
//! comparison with [`crate::wp::wp`] in the tests check it on random statements.

use crate::stmt::{Stmt, StmtId, StmtStore};
use logic::{Sort, Term, TermStore};
use rustc_hash::FxHashMap;

/// `wp(s, q)`, computed by symbolic execution of `s`.
pub fn wp_by_execution(terms: &TermStore, stmts: &StmtStore, s: StmtId, q: Term) -> Term {
    let mut run = Execution {
        terms,
        stmts,
        fresh: Vec::new(),
    };
    let end = run.exec(s, State::entry(terms));
    let body = terms.implies(end.guard, terms.substitute(q, &end.values));
    terms.forall(&run.fresh, body)
}

/// A symbolic state: the condition under which it is reached and the current value of
/// every variable written so far (a variable not in `values` still has its entry value).
#[derive(Clone)]
struct State {
    guard: Term,
    values: FxHashMap<Term, Term>,
}

impl State {
    fn entry(terms: &TermStore) -> State {
        State {
            guard: terms.tru(),
            values: FxHashMap::default(),
        }
    }

    fn value(&self, x: Term) -> Term {
        self.values.get(&x).copied().unwrap_or(x)
    }
}

struct Execution<'a> {
    terms: &'a TermStore,
    stmts: &'a StmtStore,
    /// The universally quantified variables: `havoc` values and branch selectors.
    fresh: Vec<Term>,
}

impl Execution<'_> {
    fn exec(&mut self, s: StmtId, mut st: State) -> State {
        let terms = self.terms;
        match self.stmts.get(s) {
            Stmt::Assume(c) => {
                let c = terms.substitute(c, &st.values);
                st.guard = terms.and2(st.guard, c);
            }
            Stmt::Assign(x, e) => {
                let v = terms.substitute(e, &st.values);
                st.values.insert(x, v);
            }
            Stmt::Havoc(x) => {
                let name = terms.var_name(terms.as_var(x).expect("variable"));
                let h = terms.fresh_var(&format!("{name}'"), terms.sort(x));
                self.fresh.push(h);
                st.values.insert(x, h);
            }
            Stmt::Skip => {}
            Stmt::Call(_) => unreachable!("{}", crate::stmt::CALL_IN_FLAT_CFA),
            Stmt::Seq(_) => {
                for p in self.stmts.parts(s) {
                    if terms.is_false(st.guard) {
                        break;
                    }
                    st = self.exec(p, st);
                }
            }
            Stmt::Choice(_) => st = self.choice(s, st),
        }
        st
    }

    /// Each branch runs from `st` with guard `true`; the branches that can run merge into
    /// one state whose guard is `st`'s conjoined with the branches' selection.
    fn choice(&mut self, s: StmtId, st: State) -> State {
        let terms = self.terms;
        let inner = State {
            guard: terms.tru(),
            values: st.values.clone(),
        };
        // Branches that end with the same values are one branch under the disjunction of
        // their guards (after relaxation many branches are `skip` or the same `havoc`).
        let mut ends: Vec<State> = Vec::new();
        for b in self.stmts.branches(s) {
            let e = self.exec(b, inner.clone());
            if terms.is_false(e.guard) {
                continue;
            }
            match ends.iter_mut().find(|o| o.values == e.values) {
                Some(o) => o.guard = terms.or2(o.guard, e.guard),
                None => ends.push(e),
            }
        }
        match ends.len() {
            0 => {
                return State {
                    guard: terms.fls(),
                    values: st.values,
                }
            }
            1 => {
                let end = ends.into_iter().next().expect("one branch");
                return State {
                    guard: terms.and2(st.guard, end.guard),
                    values: end.values,
                };
            }
            _ => {}
        }
        let exclusive = (0..ends.len())
            .all(|i| (i + 1..ends.len()).all(|j| terms.excludes(ends[i].guard, ends[j].guard)));
        // Branch `i` is taken where `select[i]` holds and no earlier one does; the last
        // branch takes the rest (so it needs no selector of its own).
        let select: Vec<Term> = if exclusive {
            ends.iter().map(|e| e.guard).collect()
        } else {
            (0..ends.len() - 1)
                .map(|_| {
                    let s = terms.fresh_var("branch", Sort::Bool);
                    self.fresh.push(s);
                    s
                })
                .collect()
        };
        let last = ends.len() - 1;
        let merge = |pick: &dyn Fn(&State) -> Term| -> Term {
            (0..last).rev().fold(pick(&ends[last]), |acc, i| {
                terms.ite(select[i], pick(&ends[i]), acc)
            })
        };
        let guard = if exclusive {
            terms.or(&select)
        } else {
            merge(&|e| e.guard)
        };
        let mut written: Vec<Term> = Vec::new();
        for e in &ends {
            for (x, v) in &e.values {
                if st.values.get(x) != Some(v) && !written.contains(x) {
                    written.push(*x);
                }
            }
        }
        let mut values = st.values.clone();
        for x in written {
            values.insert(x, merge(&|e| e.value(x)));
        }
        State {
            guard: terms.and2(st.guard, guard),
            values,
        }
    }
}
