//! The procedural CFA (docs/design.md §1, §4): one CFA per function, joined by call edges.
//!
//! All functions live in one [`Cfa`] graph, each in its own part: a function's part is
//! what its entry reaches along edges, and a call is an edge of the *caller* from the
//! call site to where the caller goes on, labelled [`Stmt::Call`] (parameters, results).
//! So every graph algorithm of `Cfa` works per function unchanged, and the graph holds no
//! edge between functions. The part the init location reaches is the program's top level
//! (globals initialised, `main` called, `atexit` handlers); locations without outgoing
//! edges (error, sink, special and exit locations) belong to the top level too, and an
//! edge of a function into the top level ends every active call (`exit`, `abort`, an
//! error).
//!
//! Each function lists its *locals*: the variables with one copy per activation. A
//! function that is not recursive has at most one activation at a time, so its locals
//! need no copies at all: the inlining pass ([`crate::inline`]) and the symbolic
//! executor keep one copy of them, and only the functions on a cycle of the call graph
//! ([`Program::is_recursive`]) get a copy per instance (inlining) or have their locals
//! saved and restored around a call (execution).

use crate::graph::{Cfa, EdgeId, LocationId};
use crate::stmt::{Call, Stmt};
use logic::VarId;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A function of a [`Program`]: its index.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FnId(pub u32);

impl FnId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A function: where it starts and returns, and its per-activation storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub name: Rc<str>,
    pub entry: LocationId,
    /// Where it returns: a location without outgoing edges.
    pub exit: LocationId,
    /// The variables with one copy per activation (parameters, the return slot, locals
    /// and temporaries of the body).
    pub locals: Vec<VarId>,
}

/// A procedural program: functions in one graph, and what is derived from it (which
/// function each location and each local belongs to, the call edges, recursion).
#[derive(Clone, Debug)]
pub struct Program {
    pub cfa: Cfa,
    functions: Vec<Function>,
    by_name: FxHashMap<Rc<str>, FnId>,
    /// Per location id: the function it belongs to (`None`: the top level).
    owner: Vec<Option<FnId>>,
    /// Per variable: the function it is a local of.
    local_of: FxHashMap<VarId, FnId>,
    /// Every live call edge, in id order.
    calls: Vec<EdgeId>,
    /// Per function: whether it lies on a cycle of the call graph.
    recursive: Vec<bool>,
}

impl Program {
    /// A program without functions: a flat CFA.
    pub fn flat(cfa: Cfa) -> Result<Program, String> {
        Program::new(cfa, Vec::new())
    }

    /// Checks that `functions` partition `cfa` as the module docs say and derives
    /// ownership, call edges and recursion. The error says what is wrong (for `.cfa` files
    /// a user wrote; the front end's programs always pass).
    pub fn new(cfa: Cfa, functions: Vec<Function>) -> Result<Program, String> {
        if !cfa.has_init() {
            return Err("the program has no init location".into());
        }
        let mut by_name = FxHashMap::default();
        for (i, f) in functions.iter().enumerate() {
            if by_name.insert(f.name.clone(), FnId(i as u32)).is_some() {
                return Err(format!("function `{}` defined twice", f.name));
            }
            for l in [f.entry, f.exit] {
                if l.index() >= cfa.location_capacity() || !cfa.is_alive(l) {
                    return Err(format!(
                        "function `{}`: a location it names is gone",
                        f.name
                    ));
                }
            }
            if f.entry == cfa.init() {
                return Err(format!("function `{}` starts at the init location", f.name));
            }
            if !cfa.out_edges(f.exit).is_empty() {
                return Err(format!(
                    "function `{}`: its exit `{}` has outgoing edges",
                    f.name,
                    cfa.location(f.exit).name
                ));
            }
        }
        let mut local_of = FxHashMap::default();
        for (i, f) in functions.iter().enumerate() {
            for v in &f.locals {
                if cfa.var_decl(*v).is_none() {
                    return Err(format!("function `{}`: a local is not declared", f.name));
                }
                if let Some(g) = local_of.insert(*v, FnId(i as u32)) {
                    if g != FnId(i as u32) {
                        return Err(format!(
                            "`{}` is a local of two functions",
                            cfa.terms.var_name(*v)
                        ));
                    }
                }
            }
        }
        let (owner, reached) = ownership(&cfa, &functions)?;
        let mut calls = Vec::new();
        for e in cfa.edges() {
            let edge = cfa.edge(e);
            if !reached[edge.src.index()] {
                // Dead code: no run takes the edge, and no pass copies it.
                continue;
            }
            let (from, to) = (owner[edge.src.index()], owner[edge.dst.index()]);
            if let Stmt::Call(c) = cfa.stmts.get(edge.stmt) {
                if !by_name.contains_key(&c.callee) {
                    return Err(format!("a call of the undefined function `{}`", c.callee));
                }
                if from != to {
                    return Err(format!(
                        "the call of `{}` from `{}` leaves its function",
                        c.callee,
                        cfa.location(edge.src).name
                    ));
                }
                calls.push(e);
            } else if cfa
                .stmts
                .leaves(edge.stmt)
                .iter()
                .any(|s| matches!(cfa.stmts.get(*s), Stmt::Call(_)))
            {
                return Err(format!(
                    "the edge from `{}` has a call inside a block: calls stand alone",
                    cfa.location(edge.src).name
                ));
            }
            if from != to && to.is_some() {
                return Err(format!(
                    "the edge `{}` -> `{}` joins two functions",
                    cfa.location(edge.src).name,
                    cfa.location(edge.dst).name
                ));
            }
        }
        let recursive = recursion(&cfa, &functions, &by_name, &owner, &calls);
        Ok(Program {
            cfa,
            functions,
            by_name,
            owner,
            local_of,
            calls,
            recursive,
        })
    }

    pub fn functions(&self) -> &[Function] {
        &self.functions
    }

    pub fn function(&self, f: FnId) -> &Function {
        &self.functions[f.index()]
    }

    pub fn lookup(&self, name: &str) -> Option<FnId> {
        self.by_name.get(name).copied()
    }

    /// The function a location belongs to; `None` for the top level.
    pub fn owner(&self, l: LocationId) -> Option<FnId> {
        self.owner.get(l.index()).copied().flatten()
    }

    /// The function `v` is a local of; `None` for a global.
    pub fn local_of(&self, v: VarId) -> Option<FnId> {
        self.local_of.get(&v).copied()
    }

    /// Whether `f` lies on a cycle of the call graph (calls itself, directly or not).
    pub fn is_recursive(&self, f: FnId) -> bool {
        self.recursive[f.index()]
    }

    /// Whether some function lies on a cycle of the call graph.
    pub fn has_recursion(&self) -> bool {
        self.recursive.iter().any(|r| *r)
    }

    /// Every call edge, in id order.
    pub fn call_edges(&self) -> &[EdgeId] {
        &self.calls
    }

    /// The call an edge makes, with its callee.
    pub fn call_of(&self, e: EdgeId) -> Option<(FnId, Rc<Call>)> {
        match self.cfa.stmts.get(self.cfa.edge(e).stmt) {
            Stmt::Call(c) => Some((self.by_name[&c.callee], c)),
            _ => None,
        }
    }

    /// Whether the program has no calls (its CFA is flat as it is).
    pub fn is_flat(&self) -> bool {
        self.calls.is_empty()
    }

    /// Locations of the program: its number of locations and edges, over all functions.
    pub fn size(&self) -> (usize, usize) {
        (self.cfa.num_locations(), self.cfa.num_edges())
    }
}

/// Owners and reached locations.
type Ownership = (Vec<Option<FnId>>, Vec<bool>);

/// The owner of every location (see the module docs) and whether the top level or a
/// function's entry reaches it, or why there is no owner.
fn ownership(cfa: &Cfa, functions: &[Function]) -> Result<Ownership, String> {
    const UNSEEN: u32 = u32::MAX;
    const TOP: u32 = u32::MAX - 1;
    let mut mark = vec![UNSEEN; cfa.location_capacity()];
    for (i, f) in functions.iter().enumerate() {
        mark[f.exit.index()] = i as u32;
    }
    let visit = |start: LocationId, who: u32, mark: &mut Vec<u32>| -> Result<(), String> {
        let mut stack = vec![start];
        while let Some(l) = stack.pop() {
            let m = mark[l.index()];
            if m == who {
                continue;
            }
            let terminal = cfa.out_edges(l).is_empty();
            if m != UNSEEN {
                // A location without successors that is no function's exit is shared (an
                // error or sink); a function's exit and the top level's own locations
                // are not entered from elsewhere.
                if m == TOP && (terminal || who != TOP) {
                    continue;
                }
                let name = |m: u32| match m {
                    TOP => "the top level".to_string(),
                    i => format!("`{}`", functions[i as usize].name),
                };
                return Err(format!(
                    "location `{}` belongs to {} and {}",
                    cfa.location(l).name,
                    name(m),
                    name(who)
                ));
            }
            mark[l.index()] = if terminal { TOP } else { who };
            for e in cfa.out_edges(l) {
                stack.push(cfa.edge(*e).dst);
            }
        }
        Ok(())
    };
    visit(cfa.init(), TOP, &mut mark)?;
    for (i, f) in functions.iter().enumerate() {
        if mark[f.entry.index()] == TOP {
            return Err(format!(
                "the entry of `{}` is reached from the top level",
                f.name
            ));
        }
        visit(f.entry, i as u32, &mut mark)?;
    }
    let reached = mark.iter().map(|m| *m != UNSEEN).collect();
    let owner = mark
        .into_iter()
        .map(|m| (m < TOP).then_some(FnId(m)))
        .collect();
    Ok((owner, reached))
}

/// Per function: whether it lies on a cycle of the call graph (Tarjan's SCCs over
/// functions, a self-call counting as a cycle).
fn recursion(
    cfa: &Cfa,
    functions: &[Function],
    by_name: &FxHashMap<Rc<str>, FnId>,
    owner: &[Option<FnId>],
    calls: &[EdgeId],
) -> Vec<bool> {
    let n = functions.len();
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut self_call = vec![false; n];
    for e in calls {
        let edge = cfa.edge(*e);
        let Some(caller) = owner[edge.src.index()] else {
            continue;
        };
        let Stmt::Call(c) = cfa.stmts.get(edge.stmt) else {
            continue;
        };
        let callee = by_name[&c.callee].index();
        if callee == caller.index() {
            self_call[callee] = true;
        }
        succ[caller.index()].push(callee);
    }
    let comp = sccs(&succ);
    let mut size = vec![0usize; n];
    for c in &comp {
        size[*c] += 1;
    }
    (0..n).map(|f| self_call[f] || size[comp[f]] > 1).collect()
}

/// Strongly connected components of a graph given by successor lists: a component
/// number per node (iterative Tarjan).
pub fn sccs(succ: &[Vec<usize>]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let n = succ.len();
    let (mut index, mut low, mut comp) = (vec![NONE; n], vec![0; n], vec![NONE; n]);
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let (mut next, mut ncomp) = (0, 0);
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((v, i)) = work.pop() {
            if i < succ[v].len() {
                work.push((v, i + 1));
                let w = succ[v][i];
                if index[w] == NONE {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            if let Some((p, _)) = work.last() {
                low[*p] = low[*p].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(x) = stack.pop() {
                    on_stack[x] = false;
                    comp[x] = ncomp;
                    if x == v {
                        break;
                    }
                }
                ncomp += 1;
            }
        }
    }
    comp
}
