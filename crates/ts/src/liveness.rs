//! Live variables of a CFA (backward may-analysis over its edges): a variable is live at a
//! location when some path from there reads it before writing it. The transition system
//! keeps as state only variables live at some location, and a variable dead at the target
//! of a step is set to zero there, so no step carries a value nobody reads.

use cfa::{Cfa, LocationId, Stmt, StmtId};
use logic::VarId;
use rustc_hash::FxHashMap;

/// A set of variables as bits over the CFA's declared variables.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VarSet(Vec<u64>);

impl VarSet {
    pub fn new(n: usize) -> Self {
        VarSet(vec![0; n.div_ceil(64)])
    }
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn union_with(&mut self, o: &VarSet) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    fn minus(&self, o: &VarSet) -> VarSet {
        VarSet(self.0.iter().zip(&o.0).map(|(a, b)| a & !b).collect())
    }
    fn intersect(&self, o: &VarSet) -> VarSet {
        VarSet(self.0.iter().zip(&o.0).map(|(a, b)| a & b).collect())
    }
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// Liveness of a CFA's variables.
pub struct Liveness {
    /// Dense index of each declared variable.
    pub index: FxHashMap<VarId, usize>,
    pub vars: Vec<VarId>,
    /// Variables live at each location (indexed by location id).
    pub live_in: Vec<VarSet>,
}

impl Liveness {
    pub fn compute(cfa: &Cfa) -> Liveness {
        let vars: Vec<VarId> = cfa.vars().iter().map(|d| d.var).collect();
        let index: FxHashMap<VarId, usize> =
            vars.iter().enumerate().map(|(i, v)| (*v, i)).collect();
        let n = vars.len();
        let mut summaries: FxHashMap<StmtId, (VarSet, VarSet)> = FxHashMap::default();
        let mut edge_summary = FxHashMap::default();
        for e in cfa.edges() {
            let s = cfa.edge(e).stmt;
            let sum = summary(cfa, &index, n, s, &mut summaries);
            edge_summary.insert(e, sum);
        }
        let cap = cfa.location_capacity();
        let mut live_in = vec![VarSet::new(n); cap];
        let mut work: Vec<LocationId> = cfa.locations().collect();
        let mut queued = vec![false; cap];
        for l in &work {
            queued[l.index()] = true;
        }
        while let Some(l) = work.pop() {
            queued[l.index()] = false;
            let mut live = VarSet::new(n);
            for e in cfa.out_edges(l) {
                let (uses, defs) = &edge_summary[e];
                let after = live_in[cfa.edge(*e).dst.index()].minus(defs);
                live.union_with(uses);
                live.union_with(&after);
            }
            if live != live_in[l.index()] {
                live_in[l.index()] = live;
                for e in cfa.in_edges(l) {
                    let p = cfa.edge(*e).src;
                    if !queued[p.index()] {
                        queued[p.index()] = true;
                        work.push(p);
                    }
                }
            }
        }
        Liveness {
            index,
            vars,
            live_in,
        }
    }

    pub fn is_live(&self, l: LocationId, v: VarId) -> bool {
        self.index
            .get(&v)
            .is_some_and(|i| self.live_in[l.index()].contains(*i))
    }

    /// Variables live at some location.
    pub fn live_somewhere(&self, cfa: &Cfa) -> VarSet {
        let mut all = VarSet::new(self.vars.len());
        for l in cfa.locations() {
            all.union_with(&self.live_in[l.index()]);
        }
        all
    }
}

/// (variables read before written, variables written on every path) of a statement.
fn summary(
    cfa: &Cfa,
    index: &FxHashMap<VarId, usize>,
    n: usize,
    s: StmtId,
    memo: &mut FxHashMap<StmtId, (VarSet, VarSet)>,
) -> (VarSet, VarSet) {
    if let Some(r) = memo.get(&s) {
        return r.clone();
    }
    let terms = &cfa.terms;
    let reads = |t: logic::Term| {
        let mut set = VarSet::new(n);
        for v in terms.free_vars(t) {
            if let Some(i) = index.get(&v) {
                set.insert(*i);
            }
        }
        set
    };
    let written = |x: logic::Term| {
        let mut set = VarSet::new(n);
        if let Some(i) = terms.as_var(x).and_then(|v| index.get(&v)) {
            set.insert(*i);
        }
        set
    };
    let r = match cfa.stmts.get(s) {
        Stmt::Assume(c) => (reads(c), VarSet::new(n)),
        Stmt::Assign(x, e) => (reads(e), written(x)),
        Stmt::Havoc(x) => (VarSet::new(n), written(x)),
        Stmt::Skip => (VarSet::new(n), VarSet::new(n)),
        Stmt::Seq(_) => {
            let mut uses = VarSet::new(n);
            let mut defs = VarSet::new(n);
            for p in cfa.stmts.parts(s) {
                let (u, d) = summary(cfa, index, n, p, memo);
                uses.union_with(&u.minus(&defs));
                defs.union_with(&d);
            }
            (uses, defs)
        }
        Stmt::Choice(_) => {
            let mut uses = VarSet::new(n);
            let mut defs: Option<VarSet> = None;
            for b in cfa.stmts.branches(s) {
                let (u, d) = summary(cfa, index, n, b, memo);
                uses.union_with(&u);
                defs = Some(match defs {
                    None => d,
                    Some(x) => x.intersect(&d),
                });
            }
            (uses, defs.unwrap_or_else(|| VarSet::new(n)))
        }
    };
    memo.insert(s, r.clone());
    r
}
