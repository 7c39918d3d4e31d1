//! Live variables of a CFA (backward may-analysis over its edges): a variable is live at a
//! location when some path from there reads it before writing it, in a condition or in
//! the value of a variable that is itself live there (strong liveness, so faint variables
//! are dropped too). The transition system
//! keeps as state only variables live at some location, and a variable dead at the target
//! of a step is set to zero there, so no step carries a value nobody reads.

use cfa::{Cfa, LocationId, Stmt, StmtId};
use logic::{Op, VarId};
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
    pub fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
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
    #[cfg(any(test, feature = "test-support"))] // for the tests
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
        let mut reads_memo: FxHashMap<logic::Term, VarSet> = FxHashMap::default();
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
                let edge = cfa.edge(*e);
                let after = live_in[edge.dst.index()].clone();
                let before = live_before(cfa, &index, n, edge.stmt, after, &mut reads_memo);
                live.union_with(&before);
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

    /// Per location, those of `vars` dead there (the transition system zeroes them).
    pub fn dead_at(
        &self,
        cfa: &Cfa,
        vars: impl Iterator<Item = VarId> + Clone,
    ) -> FxHashMap<LocationId, Vec<VarId>> {
        cfa.locations()
            .map(|l| (l, vars.clone().filter(|v| !self.is_live(l, *v)).collect()))
            .collect()
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

/// Variables live before `s` given those live after it. Strong liveness: an assignment's
/// right-hand side is read only when its target is live afterwards, so a variable that
/// only feeds itself (an array written and never read, a counter nobody tests) is faint
/// and not kept — a plain liveness analysis would keep it because `a := store(a, i, v)`
/// reads `a`. The indices of its array accesses are still read.
fn live_before(
    cfa: &Cfa,
    index: &FxHashMap<VarId, usize>,
    n: usize,
    s: StmtId,
    mut live: VarSet,
    memo: &mut FxHashMap<logic::Term, VarSet>,
) -> VarSet {
    let terms = &cfa.terms;
    let mut reads = |t: logic::Term| {
        memo.entry(t)
            .or_insert_with(|| {
                let mut set = VarSet::new(n);
                for v in terms.free_vars(t) {
                    if let Some(i) = index.get(&v) {
                        set.insert(*i);
                    }
                }
                set
            })
            .clone()
    };
    let target = |x: logic::Term| terms.as_var(x).and_then(|v| index.get(&v)).copied();
    match cfa.stmts.get(s) {
        Stmt::Assume(c) => {
            live.union_with(&reads(c));
            live
        }
        Stmt::Assign(x, e) => match target(x) {
            Some(i) if !live.contains(i) => {
                // The encoding checks every array index against the kept elements
                // (`symex::out_of_range`), whether or not the value is used.
                let mut index_reads = VarSet::new(n);
                for node in terms.postorder(e, false) {
                    if matches!(terms.op(node), Op::Select | Op::Store) {
                        index_reads.union_with(&reads(terms.arg(node, 1)));
                    }
                }
                live.union_with(&index_reads);
                live
            }
            Some(i) => {
                live.remove(i);
                live.union_with(&reads(e));
                live
            }
            None => {
                live.union_with(&reads(e));
                live
            }
        },
        Stmt::Havoc(x) => {
            if let Some(i) = target(x) {
                live.remove(i);
            }
            live
        }
        Stmt::Skip => live,
        Stmt::Call(_) => unreachable!("{}", cfa::stmt::CALL_IN_FLAT_CFA),
        Stmt::Seq(_) => {
            let parts: Vec<StmtId> = cfa.stmts.parts(s);
            for p in parts.into_iter().rev() {
                live = live_before(cfa, index, n, p, live, memo);
            }
            live
        }
        Stmt::Choice(_) => {
            let mut all = VarSet::new(n);
            for b in cfa.stmts.branches(s) {
                all.union_with(&live_before(cfa, index, n, b, live.clone(), memo));
            }
            all
        }
    }
}
