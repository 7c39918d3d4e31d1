//! What the symbolic executor knows of a program before it starts: the order in which it
//! visits each function's locations, which edges close loops, which loops each location
//! lies in, which locations branch exclusively, and the dense numbering of variables.

use cfa::{Cfa, EdgeId, FnId, LocationId, Program, Stmt, StmtId};

use logic::{Term, VarId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The loops a location lies in, innermost last (their heads).
pub(crate) type Loops = SmallVec<[LocationId; 2]>;

pub(crate) struct Layout {
    /// Per location: its position in a reverse post-order of its function (the top level
    /// counts as a function), from the function's entry. Every edge that is not a back
    /// edge goes to a larger position.
    pub rpo: Vec<u32>,
    /// Per location: the heads of the loops it lies in.
    pub loops: Vec<Loops>,
    /// Per location: its outgoing edges exclude each other by their guards (one edge,
    /// or `assume c` and `assume !c`), so states need no branch selector to be merged.
    pub exclusive: Vec<bool>,
    /// Per variable of the program: its index in a state's values.
    pub index: FxHashMap<VarId, usize>,
    pub vars: Vec<VarId>,
    /// Per function: its locals as indices.
    pub locals: Vec<Vec<usize>>,
    /// Per function: the locals a new activation may read before it writes them (read
    /// before any assignment on some path from the entry, or named by another function:
    /// through a pointer), which start from fresh symbols; the others need none.
    pub exposed: Vec<Vec<usize>>,
    /// Per function: the global variables it reads and writes, with its callees
    /// (indices): what a call's effect depends on and what it changes.
    pub global_reads: Vec<Vec<usize>>,
    pub global_writes: Vec<Vec<usize>>,
    /// Per variable: whether its havocs are the program's inputs.
    pub is_input: Vec<bool>,
}

impl Layout {
    pub fn new(program: &Program) -> Layout {
        let cfa = &program.cfa;
        let n = cfa.location_capacity();
        let mut rpo = vec![u32::MAX; n];
        let mut loops: Vec<Loops> = vec![Loops::new(); n];
        let mut starts = vec![cfa.init()];
        starts.extend(program.functions().iter().map(|f| f.entry));
        for s in starts {
            let order = reverse_postorder(program, s);
            for (i, l) in order.iter().enumerate() {
                rpo[l.index()] = i as u32;
            }
            natural_loops(program, &order, &rpo, &mut loops);
        }
        let exclusive = (0..n)
            .map(|i| {
                let l = LocationId(i as u32);
                cfa.is_alive(l) && exclusive_branch(cfa, cfa.out_edges(l))
            })
            .collect();
        let vars: Vec<VarId> = cfa.vars().iter().map(|d| d.var).collect();
        let index: FxHashMap<VarId, usize> =
            vars.iter().enumerate().map(|(i, v)| (*v, i)).collect();
        let locals: Vec<Vec<usize>> = program
            .functions()
            .iter()
            .map(|f| {
                f.locals
                    .iter()
                    .filter_map(|v| index.get(v).copied())
                    .collect()
            })
            .collect();
        let exposed = exposed_locals(program)
            .into_iter()
            .map(|vs| vs.iter().filter_map(|v| index.get(v).copied()).collect())
            .collect();
        let (global_reads, global_writes) = global_effects(program, &index);
        let is_input = vars
            .iter()
            .map(|v| matches!(cfa.var_kind(*v), Some(cfa::VarKind::Input { .. })))
            .collect();
        Layout {
            rpo,
            loops,
            exclusive,
            index,
            vars,
            locals,
            exposed,
            global_reads,
            global_writes,
            is_input,
        }
    }

    pub fn locals(&self, f: FnId) -> &[usize] {
        &self.locals[f.index()]
    }

    /// Whether edge `src -> dst` closes a loop (goes back in the visiting order).
    pub fn is_back_edge(&self, src: LocationId, dst: LocationId) -> bool {
        self.rpo[dst.index()] <= self.rpo[src.index()]
    }
}

/// The locations of its own function that `start` reaches, in reverse post-order of a
/// DFS (edges into the top level end the function's part).
fn reverse_postorder(program: &Program, start: LocationId) -> Vec<LocationId> {
    let own = program.owner(start);
    program
        .cfa
        .reverse_postorder_from(start, |d| program.owner(d) == own)
}

/// For every back edge `u -> h` among `order`: `h`'s natural loop (`h` and what reaches
/// `u` without passing `h`), recorded in `loops` of its members. Every cycle contains a
/// back edge, and an infinite path stays, from some point on, inside the natural loop of
/// the first-visited head it passes infinitely often: so counting a head's back edges
/// while a path stays in its loop bounds every path.
fn natural_loops(program: &Program, order: &[LocationId], rpo: &[u32], loops: &mut [Loops]) {
    let cfa = &program.cfa;
    let mut heads: Vec<(LocationId, Vec<LocationId>)> = Vec::new();
    for l in order {
        for e in cfa.out_edges(*l) {
            let d = cfa.edge(*e).dst;
            if rpo[d.index()] != u32::MAX && rpo[d.index()] <= rpo[l.index()] {
                match heads.iter_mut().find(|(h, _)| *h == d) {
                    Some((_, srcs)) => srcs.push(*l),
                    None => heads.push((d, vec![*l])),
                }
            }
        }
    }
    // Outer loops first (heads earlier in the order), so that inner heads come last.
    heads.sort_by_key(|(h, _)| rpo[h.index()]);
    for (h, sources) in heads {
        let mut inside = vec![h];
        let mut seen: rustc_hash::FxHashSet<LocationId> = [h].into_iter().collect();
        let mut stack = sources;
        while let Some(l) = stack.pop() {
            if !seen.insert(l) {
                continue;
            }
            inside.push(l);
            for e in cfa.in_edges(l) {
                // Within the function: a function's `exit()` reaches the top level's
                // code, not its loops.
                let s = cfa.edge(*e).src;
                if rpo[s.index()] != u32::MAX && program.owner(s) == program.owner(h) {
                    stack.push(s);
                }
            }
        }
        for l in inside {
            loops[l.index()].push(h);
        }
    }
}

/// Whether the guards of `edges` exclude each other as they stand: one edge, or `assume
/// c` and `assume !c` (the front end's branches).
fn exclusive_branch(cfa: &Cfa, edges: &[EdgeId]) -> bool {
    match edges {
        [] | [_] => true,
        [a, b] => {
            let cond = |e: &EdgeId| match cfa.stmts.get(cfa.edge(*e).stmt) {
                Stmt::Assume(c) => Some(c),
                _ => None,
            };
            match (cond(a), cond(b)) {
                (Some(x), Some(y)) => complementary(cfa, x, y),
                _ => false,
            }
        }
        _ => false,
    }
}

fn complementary(cfa: &Cfa, x: Term, y: Term) -> bool {
    let t = &cfa.terms;
    t.not(x) == y || t.not(y) == x
}

/// What an edge's statement reads before it writes, and what it writes (a call: its
/// arguments' variables, and its results).
fn uses_defs(cfa: &Cfa, s: StmtId) -> (Vec<VarId>, Vec<VarId>) {
    let terms = &cfa.terms;
    let (mut uses, mut defs): (Vec<VarId>, Vec<VarId>) = (Vec::new(), Vec::new());
    let read = |t: Term, defs: &Vec<VarId>, uses: &mut Vec<VarId>| {
        for v in terms.free_vars(t) {
            if !defs.contains(&v) {
                uses.push(v);
            }
        }
    };
    match cfa.stmts.get(s) {
        Stmt::Call(c) => {
            for (_, a) in c.args.iter() {
                read(*a, &defs, &mut uses);
            }
            defs.extend(c.results.iter().filter_map(|(x, _)| terms.as_var(*x)));
        }
        // Choices read what any branch reads and define nothing for sure.
        Stmt::Choice(_) => {
            for l in cfa.stmts.leaves(s) {
                let (u, _) = uses_defs(cfa, l);
                uses.extend(u);
            }
        }
        _ => {
            for p in cfa.stmts.parts(s) {
                match cfa.stmts.get(p) {
                    Stmt::Assume(c) => read(c, &defs, &mut uses),
                    Stmt::Assign(x, e) => {
                        read(e, &defs, &mut uses);
                        defs.extend(terms.as_var(x));
                    }
                    Stmt::Havoc(x) => defs.extend(terms.as_var(x)),
                    Stmt::Choice(_) => uses.extend(uses_defs(cfa, p).0),
                    _ => {}
                }
            }
        }
    }
    (uses, defs)
}

/// Per function: its locals that an activation may read before it writes them (live at
/// its entry, by the classic backward analysis over its body), or that another function's
/// statements name (a pointer's case split reads them there).
fn exposed_locals(program: &Program) -> Vec<Vec<VarId>> {
    let cfa = &program.cfa;
    let n = program.functions().len();
    // Who names each variable.
    let mut named_by: FxHashMap<VarId, Vec<Option<FnId>>> = FxHashMap::default();
    let mut info: FxHashMap<cfa::EdgeId, (Vec<VarId>, Vec<VarId>)> = FxHashMap::default();
    for e in cfa.edges() {
        let owner = program.owner(cfa.edge(e).src);
        let (u, d) = uses_defs(cfa, e_stmt(cfa, e));
        for v in u.iter().chain(&d) {
            let who = named_by.entry(*v).or_default();
            if !who.contains(&owner) {
                who.push(owner);
            }
        }
        info.insert(e, (u, d));
    }
    let mut out = vec![Vec::new(); n];
    for (i, f) in program.functions().iter().enumerate() {
        let me = Some(FnId(i as u32));
        let locals: rustc_hash::FxHashSet<VarId> = f.locals.iter().copied().collect();
        // Backward liveness of the locals over the function's locations, to a fixpoint.
        let body: Vec<LocationId> = cfa
            .locations()
            .filter(|l| program.owner(*l) == me)
            .collect();
        let mut live: FxHashMap<LocationId, rustc_hash::FxHashSet<VarId>> = FxHashMap::default();
        // At the exit, the callers read the results.
        let results = program
            .call_edges()
            .iter()
            .filter_map(|e| match program.call_of(*e) {
                Some((g, c)) if g == FnId(i as u32) => Some(c),
                _ => None,
            });
        let at_exit: rustc_hash::FxHashSet<VarId> = results
            .flat_map(|c| {
                c.results
                    .iter()
                    .filter_map(|(_, r)| cfa.terms.as_var(*r))
                    .collect::<Vec<_>>()
            })
            .collect();
        // The least fixpoint, from empty sets: the exit's own contribution is the
        // callers' reads, and sets only grow (compared whole: equal sizes can differ).
        let mut changed = true;
        while changed {
            changed = false;
            for l in body.iter().rev() {
                let mut now: rustc_hash::FxHashSet<VarId> = if *l == f.exit {
                    at_exit.clone()
                } else {
                    Default::default()
                };
                for e in cfa.out_edges(*l) {
                    let (u, d) = &info[e];
                    if let Some(after) = live.get(&cfa.edge(*e).dst) {
                        now.extend(after.iter().filter(|v| !d.contains(v)));
                    }
                    now.extend(u.iter().filter(|v| locals.contains(v)));
                }
                let old = live.entry(*l).or_default();
                if now != *old {
                    *old = now;
                    changed = true;
                }
            }
        }
        let mut exposed: Vec<VarId> = live
            .remove(&f.entry)
            .unwrap_or_default()
            .into_iter()
            .collect();
        for v in &f.locals {
            let elsewhere = named_by
                .get(v)
                .is_some_and(|who| who.iter().any(|w| *w != me));
            if elsewhere && !exposed.contains(v) {
                exposed.push(*v);
            }
        }
        exposed.sort();
        out[i] = exposed;
    }
    out
}

fn e_stmt(cfa: &Cfa, e: cfa::EdgeId) -> StmtId {
    cfa.edge(e).stmt
}

/// Per function, with everything it calls: the globals (variables no function owns) its
/// statements read and write, as indices.
fn global_effects(
    program: &Program,
    index: &FxHashMap<VarId, usize>,
) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let cfa = &program.cfa;
    let n = program.functions().len();
    let mut reads: Vec<rustc_hash::FxHashSet<usize>> = vec![Default::default(); n];
    let mut writes: Vec<rustc_hash::FxHashSet<usize>> = vec![Default::default(); n];
    let mut callees: Vec<Vec<usize>> = vec![Vec::new(); n];
    let global = |v: &VarId| program.local_of(*v).is_none();
    for e in cfa.edges() {
        let Some(f) = program.owner(cfa.edge(e).src) else {
            continue;
        };
        let f = f.index();
        if let Some((g, _)) = program.call_of(e) {
            callees[f].push(g.index());
        }
        let (u, d) = uses_defs(cfa, cfa.edge(e).stmt);
        reads[f].extend(u.iter().filter(|v| global(v)).filter_map(|v| index.get(v)));
        writes[f].extend(d.iter().filter(|v| global(v)).filter_map(|v| index.get(v)));
        // An assumption's or assignment's variables are read even where it also writes.
        for l in cfa.stmts.leaves(cfa.edge(e).stmt) {
            if let Stmt::Assign(x, _) | Stmt::Havoc(x) = cfa.stmts.get(l) {
                if let Some(v) = cfa.terms.as_var(x).filter(global) {
                    writes[f].extend(index.get(&v));
                }
            }
        }
    }
    // To a fixpoint over the call graph.
    let mut changed = true;
    while changed {
        changed = false;
        for f in 0..n {
            for g in callees[f].clone() {
                let (r, w) = (reads[g].clone(), writes[g].clone());
                let before = (reads[f].len(), writes[f].len());
                reads[f].extend(r);
                writes[f].extend(w);
                changed |= before != (reads[f].len(), writes[f].len());
            }
        }
    }
    let sorted = |s: Vec<rustc_hash::FxHashSet<usize>>| {
        s.into_iter()
            .map(|x| {
                let mut v: Vec<usize> = x.into_iter().collect();
                v.sort_unstable();
                v
            })
            .collect()
    };
    (sorted(reads), sorted(writes))
}
