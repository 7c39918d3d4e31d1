//! The control-flow automaton: locations, edges labelled with statements, variables.
//!
//! Location ids are stable: transformations (LBE) remove locations and edges but never
//! renumber the survivors, so a location of a large-block CFA is the same location of the
//! single-block CFA it came from, and invariants, traces and witnesses map between them.

use crate::stmt::{StmtId, StmtStore};
use logic::{Term, TermStore, VarId};
use std::rc::Rc;

#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct LocationId(pub u32);

#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct EdgeId(pub u32);

impl LocationId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl EdgeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocationKind {
    Plain,
    /// The one start location.
    Init,
    /// Reaching it violates the property.
    Error,
    /// Normal termination.
    Exit,
    /// Execution stops here without error (abort, exit, assume(false)).
    Sink,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub name: String,
    pub kind: LocationKind,
    /// Head of a loop (every cycle of the CFA passes through a loop head).
    pub loop_head: bool,
    /// Entry of an inlined function body.
    pub function_entry: bool,
    /// Exit of an inlined function body.
    pub function_exit: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub src: LocationId,
    pub dst: LocationId,
    pub stmt: StmtId,
}

/// What a variable stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// A program variable (or a temporary of the front end).
    Program,
    /// Holds the result of a nondeterministic input function, e.g.
    /// `__VERIFIER_nondet_int`: every `havoc` of it is one input of the program, in order.
    Input { function: String },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDecl {
    pub var: VarId,
    pub kind: VarKind,
    /// For an array variable that stands for a C array: its number of elements. Every
    /// access beyond them is guarded by the front end (it reaches a special location
    /// first), so an engine may keep just these elements.
    pub len: Option<u64>,
    /// For an array variable that stands for a C array of integers: its C dimensions,
    /// outermost first (`int m[2][3]` is `[2, 3]`, elements numbered row by row); empty
    /// when unknown. Witnesses print elements with them.
    pub dims: Vec<u64>,
    /// For a variable (or an array's elements) that holds a C integer: whether its type
    /// is signed (C11 6.2.5), so that a trace prints `-7`, not `4294967289`; `None` when
    /// the variable is not a C integer or the front end did not say.
    pub signed: Option<bool>,
    /// How the C program names the variable, as the front end recorded it; `None` for a
    /// variable of the front end's own (a temporary, an input's slot, a return value, a
    /// pointer's parts, a heap object) and for programs not written in C.
    pub c_name: Option<CName>,
    /// For a part of a heap object (a field, a pointer's part, its length): the object's
    /// `alive` bit, 0 while `malloc` has not returned it or after `free`. Every access
    /// to a dead object is undefined behaviour the front end sends to a special
    /// location, so the part's value then matters to no run: an invariant may leave it
    /// open there (`chc`'s tables over the live heap).
    pub heap_alive: Option<VarId>,
}

/// A variable's name in the C program: what a trace shows and a witness may write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CName {
    /// The C lvalue (`x`, `s.f`).
    pub lvalue: String,
    /// The function instance whose local it is: `f`, or `f.2`, `f.3`, … for the copies
    /// that inlining a recursive function makes (`crate::inline`); `None` for a global.
    pub scope: Option<String>,
    /// Declared under another name because its own was taken (a block-scope variable that
    /// shadows another of the same function): a trace may show its C name, but a witness
    /// must not, since where it is read C's name may mean the variable it shadows.
    pub renamed: bool,
}

impl CName {
    /// The lvalue a witness may write for this variable: not for a renamed one.
    pub fn witness_lvalue(&self) -> Option<&str> {
        (!self.renamed).then_some(self.lvalue.as_str())
    }
}

/// A control-flow automaton.
#[derive(Clone)]
pub struct Cfa {
    pub terms: Rc<TermStore>,
    pub stmts: Rc<StmtStore>,
    vars: Vec<VarDecl>,
    var_index: rustc_hash::FxHashMap<VarId, usize>,
    locations: Vec<Location>,
    loc_alive: Vec<bool>,
    edges: Vec<Edge>,
    edge_alive: Vec<bool>,
    out: Vec<Vec<EdgeId>>,
    inc: Vec<Vec<EdgeId>>,
    /// Where each edge sits in its source's `out` and its target's `inc` list, so that
    /// removing an edge is O(1).
    out_pos: Vec<u32>,
    in_pos: Vec<u32>,
    init: Option<LocationId>,
    num_edges: usize,
    num_locations: usize,
}

impl std::fmt::Debug for Cfa {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Cfa({} locations, {} edges)",
            self.num_locations, self.num_edges
        )
    }
}

impl Cfa {
    pub fn new(terms: Rc<TermStore>, stmts: Rc<StmtStore>) -> Cfa {
        Cfa {
            terms,
            stmts,
            vars: Vec::new(),
            var_index: Default::default(),
            locations: Vec::new(),
            loc_alive: Vec::new(),
            edges: Vec::new(),
            edge_alive: Vec::new(),
            out: Vec::new(),
            inc: Vec::new(),
            out_pos: Vec::new(),
            in_pos: Vec::new(),
            init: None,
            num_edges: 0,
            num_locations: 0,
        }
    }

    // ------------------------------------------------------------------ variables

    pub fn declare_var(&mut self, var: Term, kind: VarKind) {
        let v = self
            .terms
            .as_var(var)
            .expect("declare_var expects a variable");
        match self.var_index.get(&v) {
            Some(i) => self.vars[*i].kind = kind,
            None => {
                self.var_index.insert(v, self.vars.len());
                self.vars.push(VarDecl {
                    var: v,
                    kind,
                    len: None,
                    dims: Vec::new(),
                    signed: None,
                    c_name: None,
                    heap_alive: None,
                });
            }
        }
    }

    /// Declares `var` as `decl` declares its variable: its kind, length, dimensions,
    /// signedness and C name (a copy of a variable: an inlined instance, a trace's own
    /// CFA).
    pub fn declare_like(&mut self, var: Term, decl: &VarDecl) {
        self.declare_var(var, decl.kind.clone());
        let v = self
            .terms
            .as_var(var)
            .expect("declare_like expects a variable");
        let i = self.var_index[&v];
        let d = &mut self.vars[i];
        d.len = decl.len;
        d.dims = decl.dims.clone();
        d.signed = decl.signed;
        d.c_name = decl.c_name.clone();
        d.heap_alive = decl.heap_alive;
    }

    /// Records how the C program names a declared variable.
    pub fn set_c_name(&mut self, var: VarId, name: CName) {
        if let Some(i) = self.var_index.get(&var) {
            self.vars[*i].c_name = Some(name);
        }
    }

    /// Records the number of elements of a declared array variable.
    pub fn set_array_len(&mut self, var: VarId, len: u64) {
        if let Some(i) = self.var_index.get(&var) {
            self.vars[*i].len = Some(len);
        }
    }

    /// Records the C dimensions of a declared array variable (and so its length).
    pub fn set_array_dims(&mut self, var: VarId, dims: &[u64]) {
        if let Some(i) = self.var_index.get(&var) {
            self.vars[*i].len = dims.iter().try_fold(1u64, |acc, d| acc.checked_mul(*d));
            self.vars[*i].dims = dims.to_vec();
        }
    }

    /// Records whether a declared variable holds a signed C integer.
    pub fn set_var_signed(&mut self, var: VarId, signed: bool) {
        if let Some(i) = self.var_index.get(&var) {
            self.vars[*i].signed = Some(signed);
        }
    }

    /// Records that a declared variable is a part of the heap object whose `alive` bit
    /// is `alive`.
    pub fn set_heap_alive(&mut self, var: VarId, alive: VarId) {
        if let Some(i) = self.var_index.get(&var) {
            self.vars[*i].heap_alive = Some(alive);
        }
    }

    /// Keeps the declarations of the variables `keep` accepts, in their order (for
    /// variables no statement reads or writes any more).
    pub fn retain_vars(&mut self, mut keep: impl FnMut(VarId) -> bool) {
        self.vars.retain(|d| keep(d.var));
        self.var_index = self
            .vars
            .iter()
            .enumerate()
            .map(|(i, d)| (d.var, i))
            .collect();
    }

    /// The declaration of a variable.
    pub fn var_decl(&self, v: VarId) -> Option<&VarDecl> {
        self.var_index.get(&v).map(|i| &self.vars[*i])
    }

    pub fn vars(&self) -> &[VarDecl] {
        &self.vars
    }

    pub fn var_kind(&self, v: VarId) -> Option<&VarKind> {
        self.var_index.get(&v).map(|i| &self.vars[*i].kind)
    }

    // ------------------------------------------------------------------ locations

    pub fn add_location(&mut self, name: impl Into<String>, kind: LocationKind) -> LocationId {
        let id = LocationId(self.locations.len() as u32);
        if kind == LocationKind::Init {
            assert!(self.init.is_none(), "a CFA has one init location");
            self.init = Some(id);
        }
        self.locations.push(Location {
            name: name.into(),
            kind,
            loop_head: false,
            function_entry: false,
            function_exit: false,
        });
        self.loc_alive.push(true);
        self.out.push(Vec::new());
        self.inc.push(Vec::new());
        self.num_locations += 1;
        id
    }

    pub fn location(&self, l: LocationId) -> &Location {
        &self.locations[l.index()]
    }

    pub fn location_mut(&mut self, l: LocationId) -> &mut Location {
        &mut self.locations[l.index()]
    }

    /// Changes a location's kind (the init location cannot be changed).
    pub fn set_kind(&mut self, l: LocationId, kind: LocationKind) {
        assert!(
            kind != LocationKind::Init && self.locations[l.index()].kind != LocationKind::Init,
            "the init location is fixed at creation"
        );
        self.locations[l.index()].kind = kind;
    }

    pub fn init(&self) -> LocationId {
        self.init.expect("CFA without init location")
    }

    pub fn has_init(&self) -> bool {
        self.init.is_some()
    }

    pub fn is_alive(&self, l: LocationId) -> bool {
        self.loc_alive[l.index()]
    }

    /// Live locations in id order.
    pub fn locations(&self) -> impl Iterator<Item = LocationId> + '_ {
        (0..self.locations.len() as u32)
            .map(LocationId)
            .filter(|l| self.loc_alive[l.index()])
    }

    /// One more than the largest location id ever used (live or removed).
    pub fn location_capacity(&self) -> usize {
        self.locations.len()
    }

    pub fn num_locations(&self) -> usize {
        self.num_locations
    }

    pub fn error_locations(&self) -> impl Iterator<Item = LocationId> + '_ {
        self.locations()
            .filter(|l| self.locations[l.index()].kind == LocationKind::Error)
    }

    pub fn kind(&self, l: LocationId) -> LocationKind {
        self.locations[l.index()].kind
    }

    pub fn is_error(&self, l: LocationId) -> bool {
        self.kind(l) == LocationKind::Error
    }

    pub fn find_location(&self, name: &str) -> Option<LocationId> {
        self.locations()
            .find(|l| self.locations[l.index()].name == name)
    }

    /// Removes a location with no edges left.
    pub fn remove_location(&mut self, l: LocationId) {
        assert!(
            self.out[l.index()].is_empty() && self.inc[l.index()].is_empty(),
            "removing a location that still has edges"
        );
        assert!(self.loc_alive[l.index()], "location removed twice");
        assert_ne!(Some(l), self.init, "removing the init location");
        self.loc_alive[l.index()] = false;
        self.num_locations -= 1;
    }

    // ------------------------------------------------------------------ edges

    pub fn add_edge(&mut self, src: LocationId, dst: LocationId, stmt: StmtId) -> EdgeId {
        debug_assert!(self.loc_alive[src.index()] && self.loc_alive[dst.index()]);
        let id = EdgeId(self.edges.len() as u32);
        self.edges.push(Edge { src, dst, stmt });
        self.edge_alive.push(true);
        self.out_pos.push(self.out[src.index()].len() as u32);
        self.in_pos.push(self.inc[dst.index()].len() as u32);
        self.out[src.index()].push(id);
        self.inc[dst.index()].push(id);
        self.num_edges += 1;
        id
    }

    /// Removes an edge in O(1) (the last edge of each adjacency list takes its place).
    pub fn remove_edge(&mut self, e: EdgeId) {
        assert!(self.edge_alive[e.index()], "edge removed twice");
        self.edge_alive[e.index()] = false;
        let Edge { src, dst, .. } = self.edges[e.index()];
        let p = self.out_pos[e.index()] as usize;
        let o = &mut self.out[src.index()];
        debug_assert_eq!(o[p], e);
        o.swap_remove(p);
        if let Some(moved) = o.get(p).copied() {
            self.out_pos[moved.index()] = p as u32;
        }
        let p = self.in_pos[e.index()] as usize;
        let i = &mut self.inc[dst.index()];
        debug_assert_eq!(i[p], e);
        i.swap_remove(p);
        if let Some(moved) = i.get(p).copied() {
            self.in_pos[moved.index()] = p as u32;
        }
        self.num_edges -= 1;
    }

    /// Gives an edge another statement (its ends and id stay).
    pub fn set_stmt(&mut self, e: EdgeId, stmt: StmtId) {
        assert!(self.edge_alive[e.index()], "statement of a removed edge");
        self.edges[e.index()].stmt = stmt;
    }

    pub fn edge(&self, e: EdgeId) -> &Edge {
        &self.edges[e.index()]
    }

    pub fn edge_is_alive(&self, e: EdgeId) -> bool {
        self.edge_alive[e.index()]
    }

    /// Live edges in id order.
    pub fn edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        (0..self.edges.len() as u32)
            .map(EdgeId)
            .filter(|e| self.edge_alive[e.index()])
    }

    pub fn num_edges(&self) -> usize {
        self.num_edges
    }

    /// One more than the largest edge id ever used: a high-water mark, so that a caller
    /// can remove the edges it added since (see [`Cfa::remove_edges_from`]).
    pub fn edge_capacity(&self) -> usize {
        self.edges.len()
    }

    /// Removes every live edge with an id at or above `mark`.
    pub fn remove_edges_from(&mut self, mark: usize) {
        for i in mark..self.edges.len() {
            if self.edge_alive[i] {
                self.remove_edge(EdgeId(i as u32));
            }
        }
    }

    /// Outgoing live edges of `l` (in insertion order while no edge was removed).
    pub fn out_edges(&self, l: LocationId) -> &[EdgeId] {
        &self.out[l.index()]
    }

    /// Incoming live edges of `l` (in insertion order while no edge was removed).
    pub fn in_edges(&self, l: LocationId) -> &[EdgeId] {
        &self.inc[l.index()]
    }

    /// Locations reachable from init along edges (ignoring their labels).
    pub fn reachable(&self) -> Vec<bool> {
        match self.init {
            Some(init) => self.reachable_from(&[init]),
            None => vec![false; self.locations.len()],
        }
    }

    /// Locations reachable from `starts` along edges (the starts included).
    pub fn reachable_from(&self, starts: &[LocationId]) -> Vec<bool> {
        let mut seen = vec![false; self.locations.len()];
        let mut stack = starts.to_vec();
        for s in starts {
            seen[s.index()] = true;
        }
        while let Some(l) = stack.pop() {
            for e in self.out_edges(l) {
                let d = self.edges[e.index()].dst;
                if !seen[d.index()] {
                    seen[d.index()] = true;
                    stack.push(d);
                }
            }
        }
        seen
    }

    /// Whether the part reachable from init has a cycle.
    pub fn reachable_part_has_cycle(&self) -> bool {
        // Iterative DFS with colours: 0 new, 1 on stack, 2 done.
        let mut colour = vec![0u8; self.locations.len()];
        let Some(init) = self.init else { return false };
        let mut stack: Vec<(LocationId, usize)> = vec![(init, 0)];
        colour[init.index()] = 1;
        while let Some((l, i)) = stack.pop() {
            let outs = self.out_edges(l);
            if i < outs.len() {
                stack.push((l, i + 1));
                let d = self.edges[outs[i].index()].dst;
                match colour[d.index()] {
                    0 => {
                        colour[d.index()] = 1;
                        stack.push((d, 0));
                    }
                    1 => return true,
                    _ => {}
                }
            } else {
                colour[l.index()] = 2;
            }
        }
        false
    }

    /// Reverse post-order of the locations reachable from init (a topological order where
    /// the CFA is acyclic; loop heads before their bodies).
    pub fn reverse_postorder(&self) -> Vec<LocationId> {
        match self.init {
            Some(init) => self.reverse_postorder_from(init, |_| true),
            None => Vec::new(),
        }
    }

    /// Reverse post-order of a DFS from `start` through the locations `within` accepts
    /// (one function's part of a procedural CFA, `bmc::symex`).
    pub fn reverse_postorder_from(
        &self,
        start: LocationId,
        within: impl Fn(LocationId) -> bool,
    ) -> Vec<LocationId> {
        let mut order = Vec::new();
        let mut seen = vec![false; self.locations.len()];
        let mut stack: Vec<(LocationId, usize)> = vec![(start, 0)];
        seen[start.index()] = true;
        while let Some((l, i)) = stack.pop() {
            let outs = self.out_edges(l);
            if i < outs.len() {
                stack.push((l, i + 1));
                let d = self.edges[outs[i].index()].dst;
                if !seen[d.index()] && within(d) {
                    seen[d.index()] = true;
                    stack.push((d, 0));
                }
            } else {
                order.push(l);
            }
        }
        order.reverse();
        order
    }

    /// Marks as loop heads the targets of back edges of a DFS from init (every cycle then
    /// contains a marked location). Keeps existing marks.
    pub fn mark_loop_heads(&mut self) {
        if let Some(init) = self.init {
            self.mark_loop_heads_from(&[init]);
        }
    }

    /// [`Cfa::mark_loop_heads`] by DFSs from each of `starts` in turn (the functions of a
    /// procedural program: each reached from its entry).
    pub fn mark_loop_heads_from(&mut self, starts: &[LocationId]) {
        let mut colour = vec![0u8; self.locations.len()];
        let mut heads = Vec::new();
        for s in starts {
            if colour[s.index()] == 0 {
                self.back_edge_targets(*s, &mut colour, &mut heads);
            }
        }
        for h in heads {
            self.locations[h.index()].loop_head = true;
        }
    }

    fn back_edge_targets(&self, root: LocationId, colour: &mut [u8], heads: &mut Vec<LocationId>) {
        let mut stack: Vec<(LocationId, usize)> = vec![(root, 0)];
        colour[root.index()] = 1;
        while let Some((l, i)) = stack.pop() {
            let outs = self.out_edges(l);
            if i < outs.len() {
                stack.push((l, i + 1));
                let d = self.edges[outs[i].index()].dst;
                match colour[d.index()] {
                    0 => {
                        colour[d.index()] = 1;
                        stack.push((d, 0));
                    }
                    1 => heads.push(d),
                    _ => {}
                }
            } else {
                colour[l.index()] = 2;
            }
        }
    }

    /// Strongly connected components (Tarjan, iterative): a component number per
    /// location (indexed by location id; dead locations get `u32::MAX`). An edge lies on
    /// a cycle iff its source and target have the same number.
    pub fn strongly_connected_components(&self) -> Vec<u32> {
        const NONE: u32 = u32::MAX;
        let n = self.locations.len();
        let mut index = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut comp = vec![NONE; n];
        let mut tarjan: Vec<LocationId> = Vec::new();
        let (mut next_index, mut next_comp) = (0u32, 0u32);
        for root in self.locations() {
            if index[root.index()] != NONE {
                continue;
            }
            let mut stack: Vec<(LocationId, usize)> = vec![(root, 0)];
            index[root.index()] = next_index;
            low[root.index()] = next_index;
            next_index += 1;
            tarjan.push(root);
            on_stack[root.index()] = true;
            while let Some((l, i)) = stack.pop() {
                let outs = self.out_edges(l);
                if i < outs.len() {
                    stack.push((l, i + 1));
                    let d = self.edges[outs[i].index()].dst;
                    if index[d.index()] == NONE {
                        index[d.index()] = next_index;
                        low[d.index()] = next_index;
                        next_index += 1;
                        tarjan.push(d);
                        on_stack[d.index()] = true;
                        stack.push((d, 0));
                    } else if on_stack[d.index()] {
                        low[l.index()] = low[l.index()].min(index[d.index()]);
                    }
                    continue;
                }
                if let Some((parent, _)) = stack.last() {
                    low[parent.index()] = low[parent.index()].min(low[l.index()]);
                }
                if low[l.index()] == index[l.index()] {
                    while let Some(x) = tarjan.pop() {
                        on_stack[x.index()] = false;
                        comp[x.index()] = next_comp;
                        if x == l {
                            break;
                        }
                    }
                    next_comp += 1;
                }
            }
        }
        comp
    }

    /// Removes locations (and their edges) that are not reachable from init.
    pub fn prune_unreachable(&mut self) {
        let seen = self.reachable();
        self.remove_unseen(&seen);
    }

    /// Removes locations (and their edges) that are not reachable from `starts`.
    pub fn prune_unreachable_from(&mut self, starts: &[LocationId]) {
        let seen = self.reachable_from(starts);
        self.remove_unseen(&seen);
    }

    fn remove_unseen(&mut self, seen: &[bool]) {
        let dead: Vec<LocationId> = self.locations().filter(|l| !seen[l.index()]).collect();
        for l in dead {
            for e in self.out_edges(l).to_vec() {
                self.remove_edge(e);
            }
            for e in self.in_edges(l).to_vec() {
                self.remove_edge(e);
            }
            self.remove_location(l);
        }
    }
}
