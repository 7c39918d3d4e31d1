//! Symbolic states: a path condition and a value per variable, terms over the program's
//! inputs; statements executed on them with constants carried forward (the term builder
//! folds what is concrete, so a computation on constants is computed, not encoded), and
//! states merged where paths join (CBMC's phi: `ite` on the guards).

use super::facts::Facts;
use super::layout::Layout;
use cfa::{LocationId, Stmt, StmtId, StmtStore};
use logic::{Sort, Term, TermStore, VarId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Iteration counts of the loops a state is in: (head, back edges taken since it entered).
pub(crate) type Counters = SmallVec<[(LocationId, u32); 2]>;

#[derive(Clone, Debug)]
pub(crate) struct State {
    /// The path condition: the inputs under which some path reaches here.
    pub guard: Term,
    /// Per variable (by [`Layout::index`]): its value.
    pub values: Vec<Term>,
    /// The loops of the current function the state is in.
    pub loops: Counters,
    /// Intervals the guard implies (`facts.rs`).
    pub facts: Facts,
}

/// Makes fresh symbols and executes statements on states.
pub(crate) struct Exec<'a> {
    pub terms: &'a TermStore,
    pub stmts: &'a StmtStore,
    pub layout: &'a Layout,
    /// Per variable: the SSA index of its last fresh symbol (`x@0` is its initial value).
    next: FxHashMap<VarId, u32>,
    memo: FxHashMap<Term, Term>,
    /// The selector variable of branches whose guards may overlap.
    selector: VarId,
    /// How many inputs have been read (havocs of input variables).
    pub inputs: u64,
    /// How many assumptions the facts of their path decided (`facts.rs`).
    pub decisions: u64,
    /// The variable whose instances name path conditions (`conjoin`, `merge`).
    guard_var: VarId,
    /// The definitions of the guard literals, `g ⇔ …`: every query asserts them.
    pub defs: Vec<Term>,
}

impl<'a> Exec<'a> {
    pub fn new(terms: &'a TermStore, stmts: &'a StmtStore, layout: &'a Layout) -> Self {
        let sel = terms.var("symex.branch", Sort::Bv(32));
        let guard = terms.var("symex.guard", Sort::Bool);
        Exec {
            terms,
            stmts,
            layout,
            next: FxHashMap::default(),
            memo: FxHashMap::default(),
            selector: terms.as_var(sel).expect("a variable"),
            inputs: 0,
            decisions: 0,
            guard_var: terms.as_var(guard).expect("a variable"),
            defs: Vec::new(),
        }
    }

    /// The state at program start: every variable its initial value `x@0`.
    pub fn initial(&self) -> State {
        State {
            guard: self.terms.bool_const(true),
            values: self
                .layout
                .vars
                .iter()
                .map(|v| self.terms.ssa_var(*v, 0))
                .collect(),
            loops: Counters::new(),
            facts: Facts::default(),
        }
    }

    /// A fresh symbol for a new value of `v` (a havoc, a new activation's local).
    pub fn fresh(&mut self, v: VarId) -> Term {
        let k = self.next.entry(v).or_insert(0);
        *k += 1;
        self.terms.ssa_var(v, *k)
    }

    /// A fresh branch selector.
    pub fn fresh_selector(&mut self) -> Term {
        self.fresh(self.selector)
    }

    /// The path condition `g ∧ c`, as a literal of its own where it is neither constant
    /// nor one of its parts (CBMC's guard literals): the term builder flattens
    /// conjunctions, so a guard built by conjoining along a path, or disjoining at
    /// merges, would be copied at every step and grow without bound.
    pub fn conjoin(&mut self, g: Term, c: Term) -> Term {
        let t = self.terms.and2(g, c);
        self.named(t, &[g, c])
    }

    /// `t`, or a fresh literal defined as `t` unless `t` is a constant or one of `parts`.
    fn named(&mut self, t: Term, parts: &[Term]) -> Term {
        if self.terms.const_value(t).is_some() || parts.contains(&t) {
            return t;
        }
        let l = self.fresh(self.guard_var);
        self.defs.push(self.terms.eq(l, t));
        l
    }

    /// `t` with every program variable replaced by its value in `values`.
    pub fn eval(&mut self, t: Term, values: &[Term]) -> Term {
        if self.terms.is_ground(t) {
            return t;
        }
        self.memo.clear();
        self.eval_rec(t, values)
    }

    fn eval_rec(&mut self, t: Term, values: &[Term]) -> Term {
        if let Some(r) = self.memo.get(&t) {
            return *r;
        }
        let terms = self.terms;
        let (op, _, args) = terms.node(t);
        let r = if let logic::Op::Var(v) = op {
            match self.layout.index.get(&v) {
                Some(i) => values[*i],
                None => t,
            }
        } else if args.is_empty() || terms.is_ground(t) {
            t
        } else {
            debug_assert!(
                !op.is_quantifier(),
                "program statements are quantifier-free"
            );
            let new: SmallVec<[Term; 4]> = args.iter().map(|a| self.eval_rec(*a, values)).collect();
            if op == logic::Op::BvAdd && new.len() == 2 {
                super::sums::add(terms, new[0], new[1])
            } else if new == args {
                t
            } else {
                terms.mk(op, &new)
            }
        };
        self.memo.insert(t, r);
        r
    }

    fn index(&self, x: Term) -> usize {
        let v = self.terms.as_var(x).expect("an assigned variable");
        self.layout.index[&v]
    }

    /// Executes statement `s` on `st`; appends the fresh symbols of its havocs, in order,
    /// to `havocs`. A call is not a statement here (see `run.rs`).
    pub fn exec(&mut self, s: StmtId, st: &mut State, havocs: &mut Vec<Term>) {
        if self.terms.is_false(st.guard) {
            return;
        }
        match self.stmts.get(s) {
            Stmt::Assume(c) => {
                let c = self.eval(c, &st.values);
                // Decided by what the path assumed before: a branch no input takes ends
                // here, one every input takes adds nothing to the guard.
                let decided = st.facts.decide(self.terms, c);
                self.decisions += u64::from(decided != c);
                let c = decided;
                if !st.facts.learn(self.terms, c) {
                    st.guard = self.terms.fls();
                    return;
                }
                st.guard = self.conjoin(st.guard, c);
            }
            Stmt::Assign(x, e) => {
                let v = self.eval(e, &st.values);
                let i = self.index(x);
                st.values[i] = v;
            }
            Stmt::Havoc(x) => {
                let i = self.index(x);
                let sym = self.fresh(self.layout.vars[i]);
                st.values[i] = sym;
                havocs.push(sym);
                self.inputs += u64::from(self.layout.is_input[i]);
            }
            Stmt::Skip => {}
            Stmt::Seq(_) => {
                for p in self.stmts.parts(s) {
                    self.exec(p, st, havocs);
                }
            }
            Stmt::Choice(_) => {
                let branches = self.stmts.branches(s);
                let sel = self.fresh_selector();
                let mut outs = Vec::with_capacity(branches.len());
                for (i, b) in branches.iter().enumerate() {
                    let mut c = st.clone();
                    let pick = self.terms.eq(sel, self.terms.bv_const(i as u128, 32));
                    c.guard = self.conjoin(c.guard, pick);
                    self.exec(*b, &mut c, havocs);
                    outs.push(c);
                }
                // No branch feasible (each assumes something false): neither is the path.
                match self.merge(outs) {
                    Some(merged) => *st = merged,
                    None => st.guard = self.terms.fls(),
                }
            }
            Stmt::Call(_) => unreachable!("calls are edges of their own (Program::new)"),
        }
    }

    /// One state for the paths of `states` (all at one location, with the same loop
    /// counters): the disjunction of their guards, and where their values differ, a fresh
    /// symbol defined as the `ite` over the guards (SSA's φ, as CBMC's equation has it:
    /// values built by nesting `ite`s merge after merge would make Z3's rewriting, which
    /// lifts operations into `ite` branches, exponential). Guards must exclude each other
    /// (branch selectors make them).
    pub fn merge(&mut self, mut states: Vec<State>) -> Option<State> {
        let t = self.terms;
        states.retain(|s| !t.is_false(s.guard));
        let mut last = states.pop()?;
        if states.is_empty() {
            return Some(last);
        }
        let guards: Vec<Term> = states.iter().map(|s| s.guard).chain([last.guard]).collect();
        for i in 0..last.values.len() {
            let base = last.values[i];
            if states.iter().all(|s| s.values[i] == base) {
                continue;
            }
            let mut v = base;
            for s in states.iter().rev() {
                if s.values[i] != v {
                    v = t.ite(s.guard, s.values[i], v);
                }
            }
            let phi = self.fresh(self.layout.vars[i]);
            self.defs.push(t.eq(phi, v));
            last.values[i] = phi;
        }
        let any = t.or(&guards);
        last.guard = self.named(any, &guards);
        last.facts = Facts::join(states.iter().map(|s| &s.facts).chain([&last.facts]));
        Some(last)
    }
}
