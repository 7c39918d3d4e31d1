//! Dependence information over the single-block CFA, for the dependence-based split
//! strategies (Böhm, *Predicate Granularity in Predicate Abstraction*, §4.3; docs/design.md §6).
//!
//! The nodes of the program dependence graph are the CFA's edges (one C statement or
//! condition each). An edge *data-depends* on an edge whose definition of a variable it
//! reads reaches it (reaching definitions, killed by definitions every execution of an
//! edge makes), and *control-depends* on a branch edge when that branch decides whether it
//! runs (post-dominators, Ferrante/Ottenstein/Warren). Everything is computed once, before
//! the analysis, and timed on its own.
//!
//! The slice the strategies ask for is the backward slice from the error locations,
//! restricted — Böhm's "path slicing" optimisation — to edges whose variables all occur in
//! the interpolant: the traversal never enters an edge that mentions another variable, so
//! the slice says which of the interpolant's variables are connected to the error through
//! dependences among themselves.

use cfa::{Cfa, EdgeId, LocationId, Stmt, StmtId, StmtStore};
use logic::{TermStore, VarId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// What a statement writes and reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DefUse {
    /// Variables some execution assigns or havocs.
    pub may_def: BTreeSet<VarId>,
    /// Variables every execution assigns or havocs.
    pub must_def: BTreeSet<VarId>,
    /// Variables read: assigned values and conditions.
    pub uses: BTreeSet<VarId>,
}

impl DefUse {
    pub fn vars(&self) -> BTreeSet<VarId> {
        self.may_def.union(&self.uses).copied().collect()
    }
}

/// What `s` writes and reads. Large blocks share their parts (statements are
/// hash-consed DAGs), so each part is summarised once.
pub fn def_use(terms: &TermStore, stmts: &StmtStore, s: StmtId) -> DefUse {
    def_use_memo(terms, stmts, s, &mut FxHashMap::default())
}

fn def_use_memo(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    memo: &mut FxHashMap<StmtId, DefUse>,
) -> DefUse {
    if let Some(du) = memo.get(&s) {
        return du.clone();
    }
    let du = match stmts.get(s) {
        Stmt::Assume(c) => DefUse {
            uses: terms.free_vars(c),
            ..Default::default()
        },
        Stmt::Assign(x, e) => {
            let d: BTreeSet<VarId> = terms.as_var(x).into_iter().collect();
            DefUse {
                may_def: d.clone(),
                must_def: d,
                uses: terms.free_vars(e),
            }
        }
        Stmt::Havoc(x) => {
            let d: BTreeSet<VarId> = terms.as_var(x).into_iter().collect();
            DefUse {
                may_def: d.clone(),
                must_def: d,
                uses: BTreeSet::new(),
            }
        }
        Stmt::Skip => DefUse::default(),
        Stmt::Call(_) => unreachable!("{}", cfa::stmt::CALL_IN_FLAT_CFA),
        Stmt::Seq(parts) => parts.iter().fold(DefUse::default(), |mut acc, p| {
            let du = def_use_memo(terms, stmts, *p, memo);
            acc.may_def.extend(du.may_def);
            acc.must_def.extend(du.must_def);
            acc.uses.extend(du.uses);
            acc
        }),
        Stmt::Choice(branches) => {
            let mut acc: Option<DefUse> = None;
            for b in branches.iter() {
                let du = def_use_memo(terms, stmts, *b, memo);
                acc = Some(match acc {
                    None => du,
                    Some(mut a) => {
                        a.may_def.extend(du.may_def);
                        a.must_def = a.must_def.intersection(&du.must_def).copied().collect();
                        a.uses.extend(du.uses);
                        a
                    }
                });
            }
            acc.unwrap_or_default()
        }
    };
    memo.insert(s, du.clone());
    du
}

#[derive(Clone, Debug, Default)]
pub struct DependenceStats {
    pub edges: u64,
    pub data_dependences: u64,
    pub control_dependences: u64,
    /// Reaching definitions were too large to compute and every definition of a variable
    /// was taken to reach every use (a larger slice, never a smaller one).
    pub flow_insensitive: bool,
    pub time: Duration,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceKind {
    /// Data and control dependences (PDG).
    Program,
    /// Control dependences only (CDG).
    Control,
}

/// The program dependence graph of a CFA.
pub struct Dependences {
    /// Per edge index: the variables it mentions (sorted), `None` for dead edges.
    vars: Vec<Option<Box<[VarId]>>>,
    /// Per edge index: the edges whose definitions it reads.
    data: Vec<Vec<EdgeId>>,
    /// Per location index: the branch edges deciding whether it is reached.
    control: Vec<Vec<EdgeId>>,
    src: Vec<LocationId>,
    /// Edges into error locations.
    seeds: Vec<EdgeId>,
    pub stats: DependenceStats,
}

/// Reaching-definition sets are bit sets of locations × definitions; above this many bits
/// the analysis is flow-insensitive instead.
const MAX_REACHING_BITS: usize = 1 << 28;

impl Dependences {
    pub fn new(cfa: &Cfa) -> Dependences {
        let start = Instant::now();
        let terms = &*cfa.terms;
        let cap = cfa.edge_capacity();
        let mut du: Vec<Option<DefUse>> = vec![None; cap];
        let mut vars = vec![None; cap];
        let mut src = vec![LocationId(0); cap];
        for e in cfa.edges() {
            let edge = cfa.edge(e);
            let d = def_use(terms, &cfa.stmts, edge.stmt);
            vars[e.index()] = Some(d.vars().into_iter().collect());
            du[e.index()] = Some(d);
            src[e.index()] = edge.src;
        }
        let mut stats = DependenceStats {
            edges: cfa.num_edges() as u64,
            ..Default::default()
        };
        let data = data_dependences(cfa, &du, &mut stats);
        let control = control_dependences(cfa);
        stats.data_dependences = data.iter().map(|d| d.len() as u64).sum();
        stats.control_dependences = cfa
            .edges()
            .map(|e| control[cfa.edge(e).src.index()].len() as u64)
            .sum();
        let seeds = cfa
            .error_locations()
            .flat_map(|l| cfa.in_edges(l).to_vec())
            .collect();
        stats.time = start.elapsed();
        Dependences {
            vars,
            data,
            control,
            src,
            seeds,
            stats,
        }
    }

    /// The edges `e` data-depends on.
    pub fn data_of(&self, e: EdgeId) -> &[EdgeId] {
        &self.data[e.index()]
    }

    /// The branch edges `e` control-depends on.
    pub fn control_of(&self, e: EdgeId) -> &[EdgeId] {
        &self.control[self.src[e.index()].index()]
    }

    /// The variables of the backward slice from the error locations over `kind`'s
    /// dependences, through edges whose variables all lie in `allowed` only.
    pub fn slice_vars(&self, allowed: &FxHashSet<VarId>, kind: SliceKind) -> FxHashSet<VarId> {
        let admitted = |e: EdgeId| {
            self.vars[e.index()]
                .as_ref()
                .is_some_and(|vs| vs.iter().all(|v| allowed.contains(v)))
        };
        let mut seen: FxHashSet<EdgeId> = FxHashSet::default();
        let mut stack: Vec<EdgeId> = Vec::new();
        for e in &self.seeds {
            if admitted(*e) && seen.insert(*e) {
                stack.push(*e);
            }
        }
        let mut out = FxHashSet::default();
        while let Some(e) = stack.pop() {
            out.extend(self.vars[e.index()].iter().flat_map(|v| v.iter().copied()));
            let data: &[EdgeId] = match kind {
                SliceKind::Program => self.data_of(e),
                SliceKind::Control => &[],
            };
            for d in self.control_of(e).iter().chain(data) {
                if admitted(*d) && seen.insert(*d) {
                    stack.push(*d);
                }
            }
        }
        out
    }
}

/// Reaching definitions over locations; per edge, the edges whose definitions it reads.
fn data_dependences(
    cfa: &Cfa,
    du: &[Option<DefUse>],
    stats: &mut DependenceStats,
) -> Vec<Vec<EdgeId>> {
    let mut defs: Vec<(EdgeId, VarId)> = Vec::new();
    let mut defs_of: FxHashMap<VarId, Vec<usize>> = Default::default();
    for e in cfa.edges() {
        for v in &du[e.index()].as_ref().expect("live edge").may_def {
            defs_of.entry(*v).or_default().push(defs.len());
            defs.push((e, *v));
        }
    }
    let mut data: Vec<Vec<EdgeId>> = vec![Vec::new(); du.len()];
    let words = defs.len().div_ceil(64);
    let locs = cfa.location_capacity();
    if locs.saturating_mul(words * 64) > MAX_REACHING_BITS {
        stats.flow_insensitive = true;
        for e in cfa.edges() {
            let mut preds: BTreeSet<EdgeId> = BTreeSet::new();
            for v in &du[e.index()].as_ref().expect("live edge").uses {
                for d in defs_of.get(v).into_iter().flatten() {
                    preds.insert(defs[*d].0);
                }
            }
            data[e.index()] = preds.into_iter().collect();
        }
        return data;
    }
    let mut reach_in: Vec<Vec<u64>> = vec![vec![0; words]; locs];
    let mut queued = vec![false; locs];
    let mut work: Vec<LocationId> = cfa.locations().collect();
    for l in &work {
        queued[l.index()] = true;
    }
    let gen: Vec<Vec<usize>> = {
        let mut g = vec![Vec::new(); du.len()];
        for (i, (e, _)) in defs.iter().enumerate() {
            g[e.index()].push(i);
        }
        g
    };
    while let Some(l) = work.pop() {
        queued[l.index()] = false;
        for e in cfa.out_edges(l) {
            let mut out = reach_in[l.index()].clone();
            for v in &du[e.index()].as_ref().expect("live edge").must_def {
                for d in &defs_of[v] {
                    out[d / 64] &= !(1u64 << (d % 64));
                }
            }
            for d in &gen[e.index()] {
                out[d / 64] |= 1u64 << (d % 64);
            }
            let dst = cfa.edge(*e).dst;
            let target = &mut reach_in[dst.index()];
            let mut changed = false;
            for (t, o) in target.iter_mut().zip(&out) {
                let n = *t | o;
                changed |= n != *t;
                *t = n;
            }
            if changed && !queued[dst.index()] {
                queued[dst.index()] = true;
                work.push(dst);
            }
        }
    }
    for e in cfa.edges() {
        let reach = &reach_in[cfa.edge(e).src.index()];
        let mut preds: BTreeSet<EdgeId> = BTreeSet::new();
        for v in &du[e.index()].as_ref().expect("live edge").uses {
            for d in defs_of.get(v).into_iter().flatten() {
                if reach[d / 64] >> (d % 64) & 1 == 1 {
                    preds.insert(defs[*d].0);
                }
            }
        }
        data[e.index()] = preds.into_iter().collect();
    }
    data
}

/// Per location, the branch edges it control-depends on: for a branch edge `p → q`, every
/// location on the post-dominator tree path from `q` up to (not including) `p`'s immediate
/// post-dominator.
fn control_dependences(cfa: &Cfa) -> Vec<Vec<EdgeId>> {
    let ipdom = post_dominators(cfa);
    let cap = cfa.location_capacity();
    let exit = cap;
    let mut control: Vec<Vec<EdgeId>> = vec![Vec::new(); cap];
    for p in cfa.locations() {
        let succs: BTreeSet<LocationId> =
            cfa.out_edges(p).iter().map(|e| cfa.edge(*e).dst).collect();
        if succs.len() < 2 {
            continue;
        }
        let stop = ipdom[p.index()];
        for e in cfa.out_edges(p) {
            let mut runner = cfa.edge(*e).dst.index();
            while runner != stop && runner != exit && runner != usize::MAX {
                if !control[runner].contains(e) {
                    control[runner].push(*e);
                }
                runner = ipdom[runner];
            }
        }
    }
    control
}

/// Immediate post-dominators (Cooper, Harvey, Kennedy: "A Simple, Fast Dominance
/// Algorithm") on the reversed CFA with a virtual exit (index `location_capacity`) after
/// every location without successors and after every location from which no such location
/// is reachable (an endless loop). `usize::MAX` for dead locations.
fn post_dominators(cfa: &Cfa) -> Vec<usize> {
    let cap = cfa.location_capacity();
    let exit = cap;
    // Locations that reach a location without successors.
    let mut reaches = vec![false; cap];
    let mut stack: Vec<LocationId> = cfa
        .locations()
        .filter(|l| cfa.out_edges(*l).is_empty())
        .collect();
    for l in &stack {
        reaches[l.index()] = true;
    }
    while let Some(l) = stack.pop() {
        for e in cfa.in_edges(l) {
            let p = cfa.edge(*e).src;
            if !reaches[p.index()] {
                reaches[p.index()] = true;
                stack.push(p);
            }
        }
    }
    // Successors in the reversed graph are CFA predecessors; predecessors in the reversed
    // graph are CFA successors (plus the exit).
    let to_exit = |l: LocationId| cfa.out_edges(l).is_empty() || !reaches[l.index()];
    let rev_preds = |n: usize| -> Vec<usize> {
        let l = LocationId(n as u32);
        let mut v: Vec<usize> = cfa
            .out_edges(l)
            .iter()
            .map(|e| cfa.edge(*e).dst.index())
            .collect();
        if to_exit(l) {
            v.push(exit);
        }
        v
    };
    // Reverse postorder of the reversed graph from the exit.
    let roots: Vec<usize> = cfa
        .locations()
        .filter(|l| to_exit(*l))
        .map(|l| l.index())
        .collect();
    let mut order: Vec<usize> = Vec::new();
    let mut visited = vec![false; cap + 1];
    visited[exit] = true;
    let mut dfs: Vec<(usize, Vec<usize>)> = vec![(exit, roots)];
    while let Some((n, pending)) = dfs.last_mut() {
        match pending.pop() {
            Some(m) if !visited[m] => {
                visited[m] = true;
                let next: Vec<usize> = cfa
                    .in_edges(LocationId(m as u32))
                    .iter()
                    .map(|e| cfa.edge(*e).src.index())
                    .collect();
                dfs.push((m, next));
            }
            Some(_) => {}
            None => {
                order.push(*n);
                dfs.pop();
            }
        }
    }
    order.reverse();
    let mut rank = vec![usize::MAX; cap + 1];
    for (i, n) in order.iter().enumerate() {
        rank[*n] = i;
    }
    let mut idom = vec![usize::MAX; cap + 1];
    idom[exit] = exit;
    let intersect = |idom: &[usize], mut a: usize, mut b: usize| {
        while a != b {
            while rank[a] > rank[b] {
                a = idom[a];
            }
            while rank[b] > rank[a] {
                b = idom[b];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for n in order.iter().skip(1) {
            let mut new: Option<usize> = None;
            for p in rev_preds(*n) {
                if idom[p] == usize::MAX {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(q) => intersect(&idom, p, q),
                });
            }
            if let Some(d) = new {
                if idom[*n] != d {
                    idom[*n] = d;
                    changed = true;
                }
            }
        }
    }
    idom.truncate(cap);
    idom
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Cfa {
        let terms = std::rc::Rc::new(TermStore::new());
        cfa::parse_cfa(text, terms, std::rc::Rc::new(StmtStore::new())).expect("a valid CFA")
    }

    fn var(cfa: &Cfa, name: &str) -> VarId {
        cfa.terms.lookup_var(name).expect("declared")
    }

    fn edge(cfa: &Cfa, from: &str, to: &str) -> EdgeId {
        let s = cfa.find_location(from).expect("src");
        let d = cfa.find_location(to).expect("dst");
        *cfa.out_edges(s)
            .iter()
            .find(|e| cfa.edge(**e).dst == d)
            .expect("edge")
    }

    /// `if (a) x = 1; else x = 0; y = 5; if (x != 1) error;`
    const BRANCH: &str = "\
var a: bv32
var x: bv32
var y: bv32
loc start init
loc t
loc f
loc j
loc k
loc err error
loc done exit
start -> t { assume a != 0 }
start -> f { assume a == 0 }
t -> j { x := 1 }
f -> j { x := 0 }
j -> k { y := 5 }
k -> err { assume x != 1 }
k -> done { assume x == 1 }
";

    #[test]
    fn control_dependences_follow_the_branches() {
        let c = parse(BRANCH);
        let d = Dependences::new(&c);
        let then = edge(&c, "start", "t");
        let els = edge(&c, "start", "f");
        assert_eq!(d.control_of(edge(&c, "t", "j")), &[then]);
        assert_eq!(d.control_of(edge(&c, "f", "j")), &[els]);
        // After the join nothing depends on `a`.
        assert!(d.control_of(edge(&c, "j", "k")).is_empty());
        assert!(d.control_of(edge(&c, "k", "err")).is_empty());
    }

    #[test]
    fn data_dependences_come_from_reaching_definitions() {
        let c = parse(BRANCH);
        let d = Dependences::new(&c);
        let mut defs = d.data_of(edge(&c, "k", "err")).to_vec();
        defs.sort();
        let mut want = vec![edge(&c, "t", "j"), edge(&c, "f", "j")];
        want.sort();
        assert_eq!(defs, want);
        assert!(d.data_of(edge(&c, "j", "k")).is_empty());
    }

    #[test]
    fn a_definition_on_every_path_kills_the_earlier_one() {
        let c = parse(
            "var x: bv32\nloc s init\nloc m\nloc n\nloc err error\n\
             s -> m { x := 1 }\nm -> n { x := 2 }\nn -> err { assume x == 1 }\n",
        );
        let d = Dependences::new(&c);
        assert_eq!(d.data_of(edge(&c, "n", "err")), &[edge(&c, "m", "n")]);
    }

    #[test]
    fn the_slice_keeps_to_the_interpolants_variables() {
        let c = parse(BRANCH);
        let d = Dependences::new(&c);
        let (a, x, y) = (var(&c, "a"), var(&c, "x"), var(&c, "y"));
        let all: FxHashSet<VarId> = [a, x, y].into_iter().collect();
        let s = d.slice_vars(&all, SliceKind::Program);
        // `y` is written but nothing the error reads depends on it.
        assert_eq!(s, [a, x].into_iter().collect());
        // Over control dependences alone the error edge itself is the slice.
        let s = d.slice_vars(&all, SliceKind::Control);
        assert_eq!(s, [x].into_iter().collect());
        // Without `a` among the variables the branches are not entered.
        let xy: FxHashSet<VarId> = [x, y].into_iter().collect();
        assert_eq!(
            d.slice_vars(&xy, SliceKind::Program),
            [x].into_iter().collect()
        );
    }

    #[test]
    fn a_loop_body_depends_on_the_loop_condition() {
        let c = parse(
            "var i: bv32\nloc s init\nloc h\nloc b\nloc e exit\n\
             s -> h { i := 0 }\nh -> b { assume i <u 10 }\nb -> h { i := i + 1 }\n\
             h -> e { assume 10 <=u i }\n",
        );
        let d = Dependences::new(&c);
        assert_eq!(d.control_of(edge(&c, "b", "h")), &[edge(&c, "h", "b")]);
        assert_eq!(d.control_of(edge(&c, "h", "b")), &[edge(&c, "h", "b")]);
        let mut uses = d.data_of(edge(&c, "b", "h")).to_vec();
        uses.sort();
        let mut want = vec![edge(&c, "s", "h"), edge(&c, "b", "h")];
        want.sort();
        assert_eq!(uses, want);
    }
}
