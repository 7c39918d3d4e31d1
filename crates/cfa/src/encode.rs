//! Path formulas: the SSA encoding of statements (docs/design.md §4).
//!
//! Encoding a statement turns an SSA map (variable → index) into a formula and a new SSA
//! map. `x := e` makes a globally fresh instance `x@k` with `x@k = e[current instances]`;
//! `seq` threads the map through its parts; `choice` encodes each branch from the same map
//! and then *merges*: a variable whose index differs between branches takes the largest of
//! them, and every lagging branch gets the frame equality `x@new = x@old` (the variable
//! propagation of Mertens, Sect. 4.5). Each branch is guarded by a fresh selector `s_i`:
//! `(s_1 ∨ … ∨ s_n) ∧ ⋀_i (s_i ⇒ branch_i ∧ frame_i)`, so any selector true in a model
//! names a branch that really ran (traces and witnesses read them).

use crate::stmt::{Stmt, StmtId, StmtStore};
use logic::{Sort, Term, TermStore, Value, VarId};
use rustc_hash::FxHashMap;

/// Current SSA index of every variable (0 when never assigned), with an undo log so that
/// `choice` can encode its branches from the same map without copying it.
#[derive(Clone, Debug, Default)]
pub struct SsaMap {
    cur: FxHashMap<VarId, u32>,
    log: Vec<(VarId, Option<u32>)>,
    depth: u32,
}

impl SsaMap {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn index(&self, v: VarId) -> u32 {
        self.cur.get(&v).copied().unwrap_or(0)
    }

    pub fn set(&mut self, v: VarId, i: u32) {
        let old = self.cur.insert(v, i);
        if self.depth > 0 {
            self.log.push((v, old));
        }
    }

    /// Variables with a non-zero index.
    pub fn assigned(&self) -> impl Iterator<Item = (VarId, u32)> + '_ {
        self.cur.iter().map(|(v, i)| (*v, *i))
    }

    fn checkpoint(&mut self) -> usize {
        self.depth += 1;
        self.log.len()
    }

    /// The variables changed since `cp` with their current index, then restores `cp`.
    fn rollback(&mut self, cp: usize) -> FxHashMap<VarId, u32> {
        let mut changed = FxHashMap::default();
        for (v, _) in &self.log[cp..] {
            changed.insert(*v, self.index(*v));
        }
        while self.log.len() > cp {
            let (v, old) = self.log.pop().expect("log entry");
            match old {
                Some(i) => self.cur.insert(v, i),
                None => self.cur.remove(&v),
            };
        }
        changed
    }

    fn release(&mut self) {
        self.depth -= 1;
        if self.depth == 0 {
            self.log.clear();
        }
    }
}

/// What the encoder remembers of a statement for trace extraction.
#[derive(Clone, Debug)]
pub enum Rec {
    /// A primitive statement; for `x := e` and `havoc x` the instance it wrote.
    Leaf { stmt: StmtId, written: Option<Term> },
    /// A choice: one selector per branch, and each branch's records.
    Choice {
        selectors: Vec<Term>,
        branches: Vec<Vec<Rec>>,
    },
}

/// One executed primitive statement of a trace; `value` is what an assignment or havoc
/// wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceStep {
    pub stmt: StmtId,
    pub value: Option<Value>,
}

/// The resolution of one block by a model: the branches taken (in execution order) and
/// the primitive statements executed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockTrace {
    pub choices: Vec<usize>,
    pub steps: Vec<TraceStep>,
}

/// Encodes statements into path formulas. One encoder per query family: its fresh
/// indices and selectors are unique among the formulas it makes.
pub struct Encoder<'a> {
    pub terms: &'a TermStore,
    pub stmts: &'a StmtStore,
    next: FxHashMap<VarId, u32>,
    selectors: u64,
    selector_prefix: String,
    /// Record [`Rec`]s (costs memory; needed only for traces).
    pub record: bool,
    /// Guard every primitive statement's constraint by a fresh literal (`lit ⇒ c`), listed
    /// in [`Encoder::tracked`] in encoding order: an unsat core over them tells which
    /// statement occurrences an infeasibility needs.
    pub track: bool,
    pub tracked: Vec<Term>,
}

impl<'a> Encoder<'a> {
    pub fn new(terms: &'a TermStore, stmts: &'a StmtStore) -> Self {
        Encoder {
            terms,
            stmts,
            next: FxHashMap::default(),
            selectors: 0,
            selector_prefix: "sel".into(),
            record: false,
            track: false,
            tracked: Vec::new(),
        }
    }

    fn tracked_constraint(&mut self, c: Term) -> Term {
        if !self.track {
            return c;
        }
        self.selectors += 1;
        let name = format!("{}.track!{}", self.selector_prefix, self.selectors);
        let lit = match self.terms.lookup_var(&name) {
            Some(v) => self.terms.var_term(v),
            None => self.terms.var(&name, Sort::Bool),
        };
        self.tracked.push(lit);
        self.terms.implies(lit, c)
    }

    /// Names selectors `prefix!n` (distinct encoders used together need distinct prefixes).
    pub fn with_selector_prefix(mut self, prefix: &str) -> Self {
        self.selector_prefix = prefix.to_string();
        self
    }

    /// The instance of program variable `v` under `ssa`.
    pub fn instance(&self, v: VarId, ssa: &SsaMap) -> Term {
        self.terms.ssa_var(v, ssa.index(v))
    }

    /// A term over program variables, renamed to the instances of `ssa`.
    pub fn rename(&self, t: Term, ssa: &SsaMap) -> Term {
        self.terms.rename_ssa(t, &mut |v| ssa.index(v))
    }

    /// A fresh index for `v`, larger than every index this encoder has used for it.
    pub fn fresh_index(&mut self, v: VarId) -> u32 {
        let n = self.next.entry(v).or_insert(0);
        *n += 1;
        *n
    }

    /// Makes sure fresh indices of `v` start above `i` (for maps built elsewhere).
    pub fn reserve_index(&mut self, v: VarId, i: u32) {
        let n = self.next.entry(v).or_insert(0);
        *n = (*n).max(i);
    }

    fn selector(&mut self) -> Term {
        self.selectors += 1;
        let name = format!("{}!{}", self.selector_prefix, self.selectors);
        match self.terms.lookup_var(&name) {
            Some(v) => self.terms.var_term(v),
            None => self.terms.var(&name, Sort::Bool),
        }
    }

    /// The formula of `s` from `ssa` (which is advanced past `s`), and its records when
    /// recording.
    pub fn encode(&mut self, s: StmtId, ssa: &mut SsaMap) -> (Term, Vec<Rec>) {
        let mut recs = Vec::new();
        let f = self.encode_into(s, ssa, &mut recs);
        (f, recs)
    }

    fn encode_into(&mut self, s: StmtId, ssa: &mut SsaMap, recs: &mut Vec<Rec>) -> Term {
        let t = self.terms;
        match self.stmts.get(s) {
            Stmt::Assume(c) => {
                if self.record {
                    recs.push(Rec::Leaf {
                        stmt: s,
                        written: None,
                    });
                }
                let c = self.rename(c, ssa);
                self.tracked_constraint(c)
            }
            Stmt::Assign(x, e) => {
                let rhs = self.rename(e, ssa);
                let v = t.as_var(x).expect("assignment to a variable");
                let k = self.fresh_index(v);
                ssa.set(v, k);
                let lhs = t.ssa_var(v, k);
                if self.record {
                    recs.push(Rec::Leaf {
                        stmt: s,
                        written: Some(lhs),
                    });
                }
                let c = t.eq(lhs, rhs);
                self.tracked_constraint(c)
            }
            Stmt::Havoc(x) => {
                let v = t.as_var(x).expect("havoc of a variable");
                let k = self.fresh_index(v);
                ssa.set(v, k);
                if self.record {
                    recs.push(Rec::Leaf {
                        stmt: s,
                        written: Some(t.ssa_var(v, k)),
                    });
                }
                // Every primitive gets its literal (a havoc's constrains nothing), so that
                // occurrences count the same in the encoder and in a relaxation.
                let tru = t.tru();
                self.tracked_constraint(tru)
            }
            Stmt::Call(_) => unreachable!("{}", crate::stmt::CALL_IN_FLAT_CFA),
            Stmt::Skip => {
                if self.record {
                    recs.push(Rec::Leaf {
                        stmt: s,
                        written: None,
                    });
                }
                let tru = t.tru();
                self.tracked_constraint(tru)
            }
            Stmt::Seq(_) => {
                let fs: Vec<Term> = self
                    .stmts
                    .parts(s)
                    .into_iter()
                    .map(|p| self.encode_into(p, ssa, recs))
                    .collect();
                t.and(&fs)
            }
            Stmt::Choice(_) => {
                let branches = self.stmts.branches(s);
                self.encode_choice(&branches, ssa, recs)
            }
        }
    }

    fn encode_choice(
        &mut self,
        branches: &[StmtId],
        ssa: &mut SsaMap,
        recs: &mut Vec<Rec>,
    ) -> Term {
        let t = self.terms;
        let cp = ssa.checkpoint();
        let mut encoded = Vec::with_capacity(branches.len());
        for b in branches {
            let mut brecs = Vec::new();
            let f = self.encode_into(*b, ssa, &mut brecs);
            let changed = ssa.rollback(cp);
            encoded.push((f, changed, brecs));
        }
        ssa.release();
        // The merged index of every variable some branch changed: the largest final index
        // (fresh indices are unique, so exactly one branch ends there).
        let mut merged: FxHashMap<VarId, u32> = FxHashMap::default();
        let mut order: Vec<VarId> = Vec::new();
        for (_, changed, _) in &encoded {
            for (v, i) in changed {
                let e = merged.entry(*v).or_insert_with(|| {
                    order.push(*v);
                    0
                });
                *e = (*e).max(*i);
            }
        }
        order.sort();
        let mut selectors = Vec::with_capacity(branches.len());
        let mut guarded = Vec::with_capacity(branches.len());
        let mut branch_recs = Vec::with_capacity(branches.len());
        for (f, changed, brecs) in encoded {
            let mut parts = vec![f];
            for v in &order {
                let mine = changed.get(v).copied().unwrap_or_else(|| ssa.index(*v));
                let target = merged[v];
                if mine != target {
                    parts.push(t.eq(t.ssa_var(*v, target), t.ssa_var(*v, mine)));
                }
            }
            let sel = self.selector();
            guarded.push(t.implies(sel, t.and(&parts)));
            selectors.push(sel);
            branch_recs.push(brecs);
        }
        for v in &order {
            ssa.set(*v, merged[v]);
        }
        if self.record {
            recs.push(Rec::Choice {
                selectors: selectors.clone(),
                branches: branch_recs,
            });
        }
        guarded.push(t.or(&selectors));
        t.and(&guarded)
    }
}

/// Resolves recorded blocks by a model: the first true selector of each choice, and the
/// values written along the way. `value` answers the model's value of a term.
pub fn extract_trace(recs: &[Rec], value: &mut dyn FnMut(Term) -> Option<Value>) -> BlockTrace {
    let mut out = BlockTrace::default();
    extract_into(recs, value, &mut out);
    out
}

fn extract_into(recs: &[Rec], value: &mut dyn FnMut(Term) -> Option<Value>, out: &mut BlockTrace) {
    for r in recs {
        match r {
            Rec::Leaf { stmt, written } => out.steps.push(TraceStep {
                stmt: *stmt,
                value: written.and_then(&mut *value),
            }),
            Rec::Choice {
                selectors,
                branches,
            } => {
                let i = selectors
                    .iter()
                    .position(|s| value(*s) == Some(Value::Bool(true)))
                    .unwrap_or(0);
                out.choices.push(i);
                extract_into(&branches[i], value, out);
            }
        }
    }
}

/// Merges the SSA maps of paths that join at one point: a variable at different indices
/// takes the largest, and each path that left it lower needs `x@max = x@mine` — returned,
/// per path, as the frame equalities to conjoin to it (as in the choice merge).
pub fn merge_maps(terms: &TermStore, maps: &[SsaMap]) -> (SsaMap, Vec<Vec<Term>>) {
    if maps.len() == 1 {
        return (maps[0].clone(), vec![Vec::new()]);
    }
    let mut vars: Vec<VarId> = maps
        .iter()
        .flat_map(|m| m.assigned().map(|(v, _)| v))
        .collect();
    vars.sort();
    vars.dedup();
    let mut merged = SsaMap::new();
    let mut frames: Vec<Vec<Term>> = vec![Vec::new(); maps.len()];
    for v in vars {
        let max = maps.iter().map(|m| m.index(v)).max().expect("maps");
        merged.set(v, max);
        for (k, m) in maps.iter().enumerate() {
            let mine = m.index(v);
            if mine != max {
                frames[k].push(terms.eq(terms.ssa_var(v, max), terms.ssa_var(v, mine)));
            }
        }
    }
    (merged, frames)
}
