//! Symbolic execution of one edge's statement into a functional transition: the guard
//! under which the edge can run and the new value of every variable it assigns, as terms
//! over the variables' values before the edge and over input variables.
//!
//! This is what makes one step of the transition system run a whole large block: the
//! block's intermediate values are sub-terms (step-local), never state. `havoc` reads a
//! fresh input; `choice` runs every branch from the same state and merges the results —
//! by the branches' own guards when they exclude each other (an `if`/`else`, a `switch`
//! over distinct constants), otherwise by selector inputs, so that every branch stays
//! possible and nothing of the block's nondeterminism is lost.
//!
//! Inputs are shared between edges (only one edge runs per step) and between the branches
//! of a choice (only one branch runs): the k-th havoc of a sort on a path reads the k-th
//! input of that sort.

use cfa::{Stmt, StmtId, StmtStore};
use logic::{Op, Sort, Term, TermStore, VarId};
use rustc_hash::FxHashMap;

/// The transition of one edge.
#[derive(Clone, Debug)]
pub struct EdgeTransition {
    /// When the edge can run (its assumptions, in terms of the values before it).
    pub guard: Term,
    /// Variables the edge assigns and their new values.
    pub updates: Vec<(VarId, Term)>,
    /// When an execution of the edge accesses an array beyond the elements the
    /// transition system keeps.
    pub out_of_range: Term,
}

/// Where the encoder finds inputs and array lengths.
pub trait InputPool {
    /// The `k`-th input variable of `sort` (a variable of the term store).
    fn input(&mut self, sort: Sort, k: usize) -> Term;
    /// The `k`-th selector input (a bit-vector of `bits`), for choices whose branches
    /// may overlap; never one of [`InputPool::input`]'s.
    fn selector(&mut self, bits: u32, k: usize) -> Term;
    /// The number of elements of an array variable, if it is one.
    fn array_len(&self, v: VarId) -> Option<usize>;
}

#[derive(Clone)]
struct SymState {
    vals: FxHashMap<VarId, Term>,
    /// Order in which variables were first assigned (for a deterministic update list).
    order: Vec<VarId>,
    guard: Term,
    oob: Term,
    /// Havocs per sort so far on this path.
    used: FxHashMap<Sort, usize>,
    /// Selector inputs used so far on this path.
    selectors: usize,
}

pub struct SymExec<'a> {
    terms: &'a TermStore,
    stmts: &'a StmtStore,
    pool: &'a mut dyn InputPool,
    oob_memo: FxHashMap<Term, Term>,
}

impl<'a> SymExec<'a> {
    pub fn new(terms: &'a TermStore, stmts: &'a StmtStore, pool: &'a mut dyn InputPool) -> Self {
        SymExec {
            terms,
            stmts,
            pool,
            oob_memo: FxHashMap::default(),
        }
    }

    /// The transition of statement `s`.
    pub fn edge(&mut self, s: StmtId) -> EdgeTransition {
        let t = self.terms;
        let mut st = SymState {
            vals: FxHashMap::default(),
            order: Vec::new(),
            guard: t.tru(),
            oob: t.fls(),
            used: FxHashMap::default(),
            selectors: 0,
        };
        self.exec(s, &mut st);
        let updates = st.order.iter().map(|v| (*v, st.vals[v])).collect();
        EdgeTransition {
            guard: st.guard,
            updates,
            out_of_range: st.oob,
        }
    }

    fn value(&self, st: &SymState, e: Term) -> Term {
        if st.vals.is_empty() {
            return e;
        }
        self.terms
            .substitute_vars(e, &mut |v| st.vals.get(&v).copied())
    }

    fn note_access(&mut self, st: &mut SymState, e: Term) {
        let o = self.out_of_range(e);
        if !self.terms.is_false(o) {
            let here = self.terms.and2(st.guard, o);
            st.oob = self.terms.or2(st.oob, here);
        }
    }

    fn assign(&mut self, st: &mut SymState, v: VarId, value: Term) {
        if st.vals.insert(v, value).is_none() {
            st.order.push(v);
        }
    }

    fn exec(&mut self, s: StmtId, st: &mut SymState) {
        let t = self.terms;
        if t.is_false(st.guard) {
            return;
        }
        match self.stmts.get(s) {
            Stmt::Assume(c) => {
                let c = self.value(st, c);
                self.note_access(st, c);
                st.guard = t.and2(st.guard, c);
            }
            Stmt::Assign(x, e) => {
                let e = self.value(st, e);
                let v = t.as_var(x).expect("assignment to a variable");
                self.note_access(st, e);
                if let Some(len) = self.pool.array_len(v) {
                    // Stores beyond the kept elements would be lost between steps.
                    let o = self.stores_beyond(e, len);
                    let here = t.and2(st.guard, o);
                    st.oob = t.or2(st.oob, here);
                }
                self.assign(st, v, e);
            }
            Stmt::Havoc(x) => {
                let v = t.as_var(x).expect("havoc of a variable");
                let sort = t.var_sort(v);
                let k = st.used.entry(sort).or_insert(0);
                let input = self.pool.input(sort, *k);
                *k += 1;
                self.assign(st, v, input);
            }
            Stmt::Skip => {}
            Stmt::Call(_) => unreachable!("{}", cfa::stmt::CALL_IN_FLAT_CFA),
            Stmt::Seq(_) => {
                for p in self.stmts.parts(s) {
                    self.exec(p, st);
                }
            }
            Stmt::Choice(_) => self.choice(s, st),
        }
    }

    fn choice(&mut self, s: StmtId, st: &mut SymState) {
        let t = self.terms;
        let branches = self.stmts.branches(s);
        let exclusive = self.exclusive(&branches);
        let mut outs: Vec<SymState> = Vec::with_capacity(branches.len());
        let mut selectors = st.selectors;
        for b in &branches {
            let mut bs = st.clone();
            bs.selectors = st.selectors + if exclusive { 0 } else { 1 };
            self.exec(*b, &mut bs);
            selectors = selectors.max(bs.selectors);
            outs.push(bs);
        }
        // Which branch a merged value comes from: the branch's guard when the guards
        // exclude each other, else the value of one selector input (a binary number).
        let picks: Vec<Term> = if exclusive {
            outs.iter().map(|o| o.guard).collect()
        } else {
            let n = branches.len();
            let bits = (usize::BITS - (n - 1).leading_zeros()).max(1);
            let sel = self.pool.selector(bits, st.selectors);
            (0..n)
                .map(|i| {
                    if i + 1 < n {
                        t.eq(sel, t.bv_const(i as u128, bits))
                    } else {
                        t.bvuge(sel, t.bv_const(i as u128, bits))
                    }
                })
                .collect()
        };
        let guards: Vec<Term> = outs
            .iter()
            .zip(&picks)
            .map(|(o, p)| {
                if exclusive {
                    o.guard
                } else {
                    t.and2(*p, o.guard)
                }
            })
            .collect();
        // Merge every variable any branch assigned; the last branch is the default.
        let mut vars: Vec<VarId> = Vec::new();
        for o in &outs {
            for v in &o.order {
                let changed = !st.vals.contains_key(v) || st.vals[v] != o.vals[v];
                if changed && !vars.contains(v) {
                    vars.push(*v);
                }
            }
        }
        let n = outs.len();
        // A branch whose guard became false stopped executing, so its values are stale;
        // it never fires, and taking a feasible branch's values instead keeps the merge
        // from reading variables that liveness rightly found dead (every path assigns
        // them first).
        let stand_in = (0..n)
            .rev()
            .find(|i| !t.is_false(outs[*i].guard))
            .unwrap_or(n - 1);
        for v in vars {
            let before = st.vals.get(&v).copied().unwrap_or_else(|| t.var_term(v));
            let of = |i: usize| {
                let o = if t.is_false(outs[i].guard) {
                    &outs[stand_in]
                } else {
                    &outs[i]
                };
                o.vals.get(&v).copied().unwrap_or(before)
            };
            let mut merged = of(n - 1);
            for i in (0..n - 1).rev() {
                merged = t.ite(picks[i], of(i), merged);
            }
            self.assign(st, v, merged);
        }
        let mut oob = outs[n - 1].oob;
        for i in (0..n - 1).rev() {
            oob = t.ite(picks[i], outs[i].oob, oob);
        }
        st.oob = oob;
        st.guard = t.or(&guards);
        st.selectors = selectors;
        for o in &outs {
            for (sort, k) in &o.used {
                let e = st.used.entry(*sort).or_insert(0);
                *e = (*e).max(*k);
            }
        }
    }

    /// Whether the branches' first assumptions exclude each other pairwise: `c` and its
    /// negation, or `x = c1` and `x = c2` with different constants. Checked on the
    /// statements' own conditions, so it holds whatever state the choice runs in.
    fn exclusive(&self, branches: &[StmtId]) -> bool {
        let firsts: Vec<Option<Term>> = branches
            .iter()
            .map(|b| {
                let first = self.stmts.parts(*b).into_iter().next()?;
                match self.stmts.get(first) {
                    Stmt::Assume(c) => Some(c),
                    _ => None,
                }
            })
            .collect();
        if firsts.iter().any(|f| f.is_none()) {
            return false;
        }
        let conds: Vec<Term> = firsts.into_iter().flatten().collect();
        for i in 0..conds.len() {
            for j in i + 1..conds.len() {
                if !self.terms.excludes(conds[i], conds[j]) {
                    return false;
                }
            }
        }
        true
    }

    /// When a `select` or `store` in `e` uses an index beyond the elements of the array
    /// variable it reads from (conservatively: any index of any access).
    fn out_of_range(&mut self, e: Term) -> Term {
        let t = self.terms;
        if let Some(r) = self.oob_memo.get(&e) {
            return *r;
        }
        let mut conds = Vec::new();
        for n in t.postorder(e, false) {
            if matches!(t.op(n), Op::Select | Op::Store) {
                let arr = t.arg(n, 0);
                let idx = t.arg(n, 1);
                for len in self.base_lengths(arr) {
                    conds.push(self.index_beyond(idx, len));
                }
            }
        }
        let r = t.or(&conds);
        self.oob_memo.insert(e, r);
        r
    }

    fn stores_beyond(&mut self, e: Term, len: usize) -> Term {
        let t = self.terms;
        let mut conds = Vec::new();
        for n in t.postorder(e, false) {
            if t.op(n) == Op::Store {
                conds.push(self.index_beyond(t.arg(n, 1), len));
            }
        }
        t.or(&conds)
    }

    fn index_beyond(&self, idx: Term, len: usize) -> Term {
        let t = self.terms;
        match t.sort(idx).bv_width() {
            Some(w) if w >= 128 || (len as u128) < (1u128 << w) => {
                t.bvuge(idx, t.bv_const(len as u128, w))
            }
            // Every index of this width names a kept element.
            Some(_) => t.fls(),
            None => t.tru(),
        }
    }

    /// The lengths of the array variables an array term is built from.
    fn base_lengths(&self, arr: Term) -> Vec<usize> {
        let t = self.terms;
        let mut out = Vec::new();
        let mut stack = vec![arr];
        while let Some(x) = stack.pop() {
            match t.op(x) {
                Op::Var(v) => out.extend(self.pool.array_len(v)),
                Op::Store => stack.push(t.arg(x, 0)),
                Op::Ite => {
                    stack.push(t.arg(x, 1));
                    stack.push(t.arg(x, 2));
                }
                _ => {}
            }
        }
        out
    }
}
