//! The inlining pass: a procedural [`Program`] as one flat [`Cfa`], for the engines that
//! need one automaton (CEGAR, k-induction, the bit-level engines).
//!
//! Every call edge is replaced by an instance of the callee's body: an edge from the call
//! site into the instance's entry that assigns the parameters (with the call's origin),
//! and one from its exit to where the caller goes on that assigns the results. The first instance of a function
//! is its own body (its locations keep their ids); later ones are copies, with locals of
//! their own: `f.k.x` for `f.x` in the `k`-th instance (a function that is not recursive
//! would not need them, but the engines on the flat CFA were measured with them). Inside
//! an instance, a local of a function of an enclosing instance (reached through a
//! pointer) is that instance's copy: the procedural semantics' innermost activation.
//! Calls are expanded depth first in the order of the program's edges, so instance
//! numbers follow the program text.
//!
//! Recursion is unfolded up to a depth (CBMC's recursion unwinding): a call that would
//! make more than `recursion_depth` calls of one function active, or a recursive instance
//! beyond `max_recursive_instances`, ends the path in a special location that names the
//! bound, so a TRUE of an engine on the flat CFA is claimed only when no run recurses
//! deeper. The flat CFA's size is the pass's visible cost: linear in the program without
//! recursion (one instance per call site), exponential in the depth for a function that
//! calls itself twice; `max_locations` turns that into an error instead of an exhausted
//! machine.

use crate::graph::{Cfa, EdgeId, LocationId, LocationKind, VarKind};
use crate::program::{FnId, Program};
use crate::special::{Special, SpecialKind};
use crate::stmt::{Call, Origin, Stmt, StmtId, StmtStore};
use logic::{Term, TermStore};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::Instant;

/// The words that end the reason of a special location for a call beyond the recursion
/// depth: they tell the user which option raises it.
pub const RECURSION_BOUND: &str = "the bound of --recursion-depth";

/// How far the pass unfolds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineOptions {
    /// How many calls of one function may be active at once.
    pub recursion_depth: u32,
    /// How many instances may be made while another instance of the same function is
    /// active (a function that calls itself twice doubles them with every level).
    pub max_recursive_instances: usize,
    /// The largest flat CFA the pass builds, in locations.
    pub max_locations: usize,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
}

impl InlineOptions {
    /// The default recursion depth: binary recursions (`fibo`, `hanoi`) unfold into about
    /// 2^depth instances (docs/recursion.md).
    pub const DEFAULT_RECURSION_DEPTH: u32 = 8;
    /// The default bound on recursive instances.
    pub const DEFAULT_RECURSIVE_INSTANCES: usize = 1 << 12;
    /// The default size limit: two million locations are about 1 GB of CFA and more than
    /// any engine on a flat CFA decides in minutes.
    pub const DEFAULT_MAX_LOCATIONS: usize = 2_000_000;
}

impl Default for InlineOptions {
    fn default() -> Self {
        InlineOptions {
            recursion_depth: Self::DEFAULT_RECURSION_DEPTH,
            max_recursive_instances: Self::DEFAULT_RECURSIVE_INSTANCES,
            max_locations: Self::DEFAULT_MAX_LOCATIONS,
            deadline: None,
        }
    }
}

/// Why the pass stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InlineError {
    #[error("the inlined CFA exceeds {limit} locations")]
    TooLarge { limit: usize },
    #[error("timeout")]
    Timeout,
}

/// The flat CFA and what the pass added to it.
#[derive(Debug)]
pub struct Inlined {
    pub cfa: Cfa,
    /// The special locations of calls beyond the recursion bound, with their reasons
    /// (of kind [`SpecialKind::RecursionBound`]).
    pub bounded: Vec<(LocationId, Special)>,
    /// Function bodies in the flat CFA.
    pub instances: usize,
}

impl Inlined {
    /// The flat CFA's special locations: those of the procedural program (`procedural`)
    /// that inlining kept, and the calls beyond the recursion bound.
    pub fn special(
        &self,
        procedural: &FxHashMap<LocationId, Special>,
    ) -> FxHashMap<LocationId, Special> {
        let mut special: FxHashMap<LocationId, Special> = procedural
            .iter()
            .filter(|(l, _)| self.cfa.is_alive(**l))
            .map(|(l, m)| (*l, m.clone()))
            .collect();
        special.extend(self.bounded.iter().cloned());
        special
    }

    /// The special locations of calls beyond the recursion bound.
    pub fn recursion_bounds(&self) -> rustc_hash::FxHashSet<LocationId> {
        self.bounded.iter().map(|(l, _)| *l).collect()
    }
}

/// One function body in the flat CFA, and the instance that called it.
struct Instance {
    function: Option<FnId>,
    parent: usize,
    /// The renaming of its body: its function's locals to the instance's copies, and the
    /// locals of the functions of enclosing instances to theirs.
    map: Rc<FxHashMap<Term, Term>>,
    /// Its edges (its body's, and those that pass its calls' arguments).
    edges: Vec<EdgeId>,
    /// Its calls' result temporaries, each read as the callee instance's result variable
    /// (`Pass::substitute_results`).
    results: FxHashMap<Term, Term>,
}

/// The part of the program each function's copies are made from.
struct Body {
    locations: Vec<LocationId>,
    edges: Vec<EdgeId>,
}

/// Inlines every call of `program`.
pub fn inline(program: &Program, opts: &InlineOptions) -> Result<Inlined, InlineError> {
    let mut pass = Pass::new(program, opts);
    let top: Vec<EdgeId> = program
        .call_edges()
        .iter()
        .copied()
        .filter(|e| program.owner(program.cfa.edge(*e).src).is_none())
        .collect();
    // Depth first: a callee's calls are expanded before its caller's next call.
    let mut stack: Vec<(usize, Vec<EdgeId>, usize)> = vec![(0, top, 0)];
    let mut steps = 0u32;
    while let Some((inst, calls, next)) = stack.last_mut() {
        let Some(e) = calls.get(*next).copied() else {
            let inst = *inst;
            stack.pop();
            pass.substitute_results(inst);
            continue;
        };
        *next += 1;
        let inst = *inst;
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(64) && opts.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(InlineError::Timeout);
        }
        if let Some(child) = pass.expand(inst, e)? {
            stack.push(child);
        }
    }
    let mut cfa = pass.flat;
    // The result temporaries are read as the callee instances' result variables: no
    // statement names them any more.
    let temps: rustc_hash::FxHashSet<_> = pass
        .temps
        .iter()
        .filter_map(|t| cfa.terms.as_var(*t))
        .collect();
    cfa.retain_vars(|v| !temps.contains(&v));
    cfa.prune_unreachable();
    cfa.mark_loop_heads();
    let bounded = pass
        .bounded
        .into_iter()
        .filter(|(_, l)| cfa.is_alive(*l))
        .map(|(why, l)| (l, why))
        .collect();
    Ok(Inlined {
        cfa,
        bounded,
        instances: pass.instances.len() - 1,
    })
}

struct Pass<'a> {
    program: &'a Program,
    opts: &'a InlineOptions,
    flat: Cfa,
    bodies: Vec<Body>,
    instances: Vec<Instance>,
    /// Instances made per function.
    count: Vec<u32>,
    recursive_instances: usize,
    /// Special locations by reason, in the order made.
    bounded: Vec<(Special, LocationId)>,
    /// Result temporaries (`result_temporaries`), with their copies in instances.
    temps: rustc_hash::FxHashSet<Term>,
}

impl<'a> Pass<'a> {
    fn new(program: &'a Program, opts: &'a InlineOptions) -> Self {
        let n = program.functions().len();
        let mut bodies: Vec<Body> = (0..n)
            .map(|_| Body {
                locations: Vec::new(),
                edges: Vec::new(),
            })
            .collect();
        let cfa = &program.cfa;
        for l in cfa.locations() {
            if let Some(f) = program.owner(l) {
                bodies[f.index()].locations.push(l);
            }
        }
        for e in cfa.edges() {
            if let Some(f) = program.owner(cfa.edge(e).src) {
                bodies[f.index()].edges.push(e);
            }
        }
        Pass {
            program,
            opts,
            flat: cfa.clone(),
            bodies,
            instances: vec![Instance {
                function: None,
                parent: 0,
                map: Rc::default(),
                edges: Vec::new(),
                results: FxHashMap::default(),
            }],
            temps: result_temporaries(program),
            count: vec![0; n],
            recursive_instances: 0,
            bounded: Vec::new(),
        }
    }

    /// How many instances of `f` are active in `inst` (itself included).
    fn active(&self, mut inst: usize, f: FnId) -> usize {
        let mut n = 0;
        while inst != 0 {
            let i = &self.instances[inst];
            n += usize::from(i.function == Some(f));
            inst = i.parent;
        }
        n
    }

    /// Replaces call edge `e` of instance `inst` by an instance of its callee; returns the
    /// new instance with its call edges, or `None` when the call is beyond the bounds.
    fn expand(
        &mut self,
        inst: usize,
        e: EdgeId,
    ) -> Result<Option<(usize, Vec<EdgeId>, usize)>, InlineError> {
        let edge = self.flat.edge(e).clone();
        let stmts = self.flat.stmts.clone();
        let Stmt::Call(call) = stmts.get(edge.stmt) else {
            unreachable!("expand is given call edges");
        };
        let origin = stmts.origin(edge.stmt);
        let f = self
            .program
            .lookup(&call.callee)
            .expect("Program::new checks callees");
        let active = self.active(inst, f);
        if active > 0 {
            let depth = self.opts.recursion_depth as usize;
            let max = self.opts.max_recursive_instances;
            let name = &call.callee;
            let beyond = if active >= depth {
                Some(format!(
                    "recursion deeper than {depth} active calls of `{name}` ({RECURSION_BOUND})"
                ))
            } else if self.recursive_instances >= max {
                Some(format!(
                    "recursion of `{name}` unfolding into more than {max} instances"
                ))
            } else {
                None
            };
            if let Some(why) = beyond {
                let target =
                    self.bound_location(Special::new(SpecialKind::RecursionBound, why, None));
                self.flat.remove_edge(e);
                self.flat.add_edge(edge.src, target, stmts.skip(origin));
                return Ok(None);
            }
            self.recursive_instances += 1;
        }
        self.count[f.index()] += 1;
        let k = self.count[f.index()];
        let rename = Rc::new(self.instance_map(inst, f, k));
        let (entry, exit, edges) = if k == 1 && rename.is_empty() {
            let func = self.program.function(f);
            (func.entry, func.exit, self.bodies[f.index()].edges.clone())
        } else {
            self.copy(f, k, &rename)?
        };
        let calls = edges
            .iter()
            .copied()
            .filter(|e| matches!(stmts.get(self.flat.edge(*e).stmt), Stmt::Call(_)))
            .collect();
        let terms = self.flat.terms.clone();
        let subst = |t: Term| terms.substitute(t, &rename);
        let args: Vec<StmtId> = call
            .args
            .iter()
            .map(|(p, a)| stmts.assign(subst(*p), *a, origin.clone()))
            .collect();
        let mut results: Vec<StmtId> = Vec::new();
        for (x, r) in call.results.iter() {
            if self.temps.contains(x) {
                // Read where it is used, as the callee instance's own result variable
                // (written by that instance alone): no copy, as when the front end inlined.
                self.instances[inst].results.insert(*x, subst(*r));
            } else {
                // Without the call's origin: the edge is after the call, and a statement
                // that starts there would place an invariant before it (witnesses).
                results.push(stmts.assign(*x, subst(*r), None));
            }
        }
        self.flat.remove_edge(e);
        let pass_args = self.flat.add_edge(edge.src, entry, stmts.seq(&args));
        self.instances[inst].edges.push(pass_args);
        self.flat.add_edge(exit, edge.dst, stmts.seq(&results));
        self.instances.push(Instance {
            function: Some(f),
            parent: inst,
            map: rename,
            edges,
            results: FxHashMap::default(),
        });
        Ok(Some((self.instances.len() - 1, calls, 0)))
    }

    /// The special location for `why`, made on first use.
    fn bound_location(&mut self, why: Special) -> LocationId {
        if let Some((_, l)) = self.bounded.iter().find(|(w, _)| *w == why) {
            return *l;
        }
        let name = format!("bound{}", self.bounded.len());
        let l = self.flat.add_location(name, LocationKind::Error);
        self.bounded.push((why, l));
        l
    }

    /// The renaming of the `k`-th instance of `f`, called from instance `parent`: the
    /// enclosing instances' copies of their functions' locals (a pointer to a local of an
    /// active call means the innermost one's, as in the procedural semantics), and `f`'s
    /// locals to copies of their own from the second instance on.
    fn instance_map(&mut self, parent: usize, f: FnId, k: u32) -> FxHashMap<Term, Term> {
        let func = self.program.function(f);
        let mut map: FxHashMap<Term, Term> = (*self.instances[parent].map).clone();
        if !map.is_empty() {
            let terms = &self.flat.terms;
            for v in &func.locals {
                map.remove(&terms.var_term(*v));
            }
        }
        if k > 1 {
            let (name, locals) = (func.name.clone(), func.locals.clone());
            let own = fresh_locals(&mut self.flat, &name, &locals, k);
            for (v, copy) in &own {
                if self.temps.contains(v) {
                    self.temps.insert(*copy);
                }
            }
            map.extend(own);
        }
        map
    }

    /// Instance `inst`, all its calls expanded: its edges read its calls' result
    /// temporaries as the callee instances' result variables.
    fn substitute_results(&mut self, inst: usize) {
        let map = std::mem::take(&mut self.instances[inst].results);
        if map.is_empty() {
            return;
        }
        let edges = std::mem::take(&mut self.instances[inst].edges);
        let (terms, stmts) = (self.flat.terms.clone(), self.flat.stmts.clone());
        let mut memo = FxHashMap::default();
        for e in edges {
            if !self.flat.edge_is_alive(e) {
                continue;
            }
            let edge = self.flat.edge(e).clone();
            let s = rename_stmt(&terms, &stmts, edge.stmt, &map, &mut memo);
            if s != edge.stmt {
                self.flat.remove_edge(e);
                self.flat.add_edge(edge.src, edge.dst, s);
            }
        }
    }

    /// An instance of `f` as a copy of its body, renamed by `rename`: entry, exit and
    /// edges.
    fn copy(
        &mut self,
        f: FnId,
        k: u32,
        rename: &FxHashMap<Term, Term>,
    ) -> Result<(LocationId, LocationId, Vec<EdgeId>), InlineError> {
        let program = self.program;
        let body = &self.bodies[f.index()];
        if self.flat.num_locations() + body.locations.len() > self.opts.max_locations {
            return Err(InlineError::TooLarge {
                limit: self.opts.max_locations,
            });
        }
        let func = program.function(f);
        let mut map: FxHashMap<LocationId, LocationId> = FxHashMap::default();
        for l in &body.locations {
            let loc = program.cfa.location(*l).clone();
            let new = self
                .flat
                .add_location(format!("{}.i{k}", loc.name), loc.kind);
            let m = self.flat.location_mut(new);
            m.loop_head = loc.loop_head;
            m.function_entry = loc.function_entry;
            m.function_exit = loc.function_exit;
            map.insert(*l, new);
        }
        let stmts = self.flat.stmts.clone();
        let terms = self.flat.terms.clone();
        let mut memo = FxHashMap::default();
        let mut edges = Vec::with_capacity(body.edges.len());
        for e in &body.edges {
            let edge = program.cfa.edge(*e);
            let src = map[&edge.src];
            let dst = map.get(&edge.dst).copied().unwrap_or(edge.dst);
            let s = rename_stmt(&terms, &stmts, edge.stmt, rename, &mut memo);
            edges.push(self.flat.add_edge(src, dst, s));
        }
        Ok((map[&func.entry], map[&func.exit], edges))
    }
}

/// The result temporaries of calls: variables a call's results write, that nothing else
/// writes and that no other function names (the front end's temporaries for a call's
/// value). Each is, after its call, the callee instance's result variable, which only that
/// instance writes: the flat CFA reads that variable instead.
fn result_temporaries(program: &Program) -> rustc_hash::FxHashSet<Term> {
    let cfa = &program.cfa;
    let terms = &cfa.terms;
    let mut defs: FxHashMap<Term, u32> = FxHashMap::default();
    let mut named: FxHashMap<logic::VarId, Option<FnId>> = FxHashMap::default();
    let mut candidates = Vec::new();
    for e in cfa.edges() {
        let owner = program.owner(cfa.edge(e).src);
        let mut note = |v: logic::VarId| {
            let o = named.entry(v).or_insert(owner);
            if *o != owner {
                *o = None;
            }
        };
        for leaf in cfa.stmts.leaves(cfa.edge(e).stmt) {
            match cfa.stmts.get(leaf) {
                Stmt::Assign(x, v) => {
                    *defs.entry(x).or_default() += 1;
                    terms.free_vars(v).into_iter().for_each(&mut note);
                    terms.as_var(x).into_iter().for_each(&mut note);
                }
                Stmt::Havoc(x) => {
                    *defs.entry(x).or_default() += 1;
                    terms.as_var(x).into_iter().for_each(&mut note);
                }
                Stmt::Assume(c) => terms.free_vars(c).into_iter().for_each(&mut note),
                Stmt::Call(c) => {
                    // A parameter is written by every call of its function: a callee's
                    // parameter that also receives a call's result (`e = g();` in `f(int
                    // e)`) is not a temporary, and reads of it before that call must see
                    // the argument.
                    for (p, a) in c.args.iter() {
                        *defs.entry(*p).or_default() += 1;
                        terms.free_vars(*a).into_iter().for_each(&mut note);
                    }
                    for (x, _) in c.results.iter() {
                        *defs.entry(*x).or_default() += 1;
                        terms.as_var(*x).into_iter().for_each(&mut note);
                        if owner.is_some() {
                            candidates.push((*x, owner));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    candidates
        .into_iter()
        .filter(|(x, owner)| {
            let v = terms.as_var(*x).expect("a variable");
            defs.get(x) == Some(&1) && program.local_of(v) == *owner && named.get(&v) == Some(owner)
        })
        .map(|(x, _)| x)
        .collect()
}

/// Fresh copies of a recursive function's locals for its `k`-th instance, declared in
/// `cfa` like the originals: `f.k.x` for `f.x`, `f.k.tmp.3` for a temporary `tmp.3`.
pub fn fresh_locals(
    cfa: &mut Cfa,
    function: &str,
    locals: &[logic::VarId],
    k: u32,
) -> FxHashMap<Term, Term> {
    let terms = cfa.terms.clone();
    let mut map = FxHashMap::default();
    for v in locals {
        let name = terms.var_name(*v);
        let rest = name
            .strip_prefix(function)
            .and_then(|r| r.strip_prefix('.'))
            .unwrap_or(&name);
        let base = format!("{function}.{k}.{rest}");
        let mut fresh = base.clone();
        let mut n = 0;
        while terms.lookup_var(&fresh).is_some() {
            n += 1;
            fresh = format!("{base}.{n}");
        }
        let sort = terms.var_sort(*v);
        let t = terms.var(&fresh, sort);
        match cfa.var_decl(*v).cloned() {
            Some(mut d) => {
                // The same C variable, in the `k`-th instance's scope.
                if let Some(c) = &mut d.c_name {
                    c.scope = Some(format!("{function}.{k}"));
                }
                cfa.declare_like(t, &d)
            }
            None => cfa.declare_var(t, VarKind::Program),
        }
        map.insert(terms.var_term(*v), t);
    }
    map
}

/// `s` with the variables of `map` replaced (origins kept; a call's parameters and
/// results on the callee's side are the callee instance's business, not renamed here).
pub fn rename_stmt(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    map: &FxHashMap<Term, Term>,
    memo: &mut FxHashMap<StmtId, StmtId>,
) -> StmtId {
    if map.is_empty() {
        return s;
    }
    if let Some(r) = memo.get(&s) {
        return *r;
    }
    let sub = |t: Term| terms.substitute(t, map);
    let origin: Option<Origin> = stmts.origin(s);
    let r = match stmts.get(s) {
        Stmt::Assume(c) => stmts.assume(sub(c), origin),
        Stmt::Assign(x, e) => stmts.assign(sub(x), sub(e), origin),
        Stmt::Havoc(x) => stmts.havoc(sub(x), origin),
        Stmt::Skip => s,
        Stmt::Seq(parts) => {
            let parts: Vec<StmtId> = parts
                .iter()
                .map(|p| rename_stmt(terms, stmts, *p, map, memo))
                .collect();
            stmts.seq(&parts)
        }
        Stmt::Choice(branches) => {
            let branches: Vec<StmtId> = branches
                .iter()
                .map(|b| rename_stmt(terms, stmts, *b, map, memo))
                .collect();
            stmts.choice(&branches)
        }
        Stmt::Call(c) => stmts.call(
            Call {
                callee: c.callee.clone(),
                args: c.args.iter().map(|(p, a)| (*p, sub(*a))).collect(),
                results: c.results.iter().map(|(x, r)| (sub(*x), *r)).collect(),
            },
            origin,
        ),
    };
    memo.insert(s, r);
    r
}
