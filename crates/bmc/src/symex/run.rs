//! Symbolic execution of a procedural program up to a bound, in the manner of CBMC's and
//! ESBMC's symex: each activation of a function is a run over that function's locations
//! in reverse post-order, states that meet at a location (with the same loop counts) are
//! merged, a back edge is followed while its loop has been iterated fewer times than the
//! bound, and a call runs its callee as a nested run from the caller's state (a recursive
//! callee while fewer activations of it than the bound are running). Paths cut by a
//! bound are collected (the unwinding assertions): when none is feasible, every run of the
//! program ends within the bounds.

use super::layout::Layout;
use super::state::{Counters, Exec, State};
use cfa::{EdgeId, FnId, LocationId, LocationKind, Program};
use logic::Term;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::time::Instant;

/// One step of the executed program, recorded in execution order: a path's steps are
/// those whose guard holds in a model, in this order (`trace.rs`).
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// An edge taken by the paths of `guard` (the guard after the edge's assumptions) in
    /// activation `act`, with the fresh symbols of its havocs in order.
    Edge {
        edge: EdgeId,
        guard: Term,
        act: u32,
        havocs: Vec<Term>,
    },
    /// A call: activation `callee` (of function `function`) starts; `fresh` are the
    /// symbols its locals start with (a recursive callee's).
    Call {
        edge: EdgeId,
        guard: Term,
        caller: u32,
        callee: u32,
        function: FnId,
        fresh: Vec<(usize, Term)>,
    },
    /// Activation `callee` returns to `caller` through the call edge.
    Return {
        edge: EdgeId,
        guard: Term,
        caller: u32,
        callee: u32,
    },
    /// A call computed before with the same constant arguments and globals: its results
    /// and the globals it writes, as constants (`Symex::call`).
    Summary {
        edge: EdgeId,
        guard: Term,
        caller: u32,
        results: Vec<(Term, Term)>,
        globals: Vec<(usize, Term)>,
    },
}

/// What one execution up to a bound found.
#[derive(Default)]
pub(crate) struct Found {
    /// Guards of the paths that reach an error location.
    pub errors: Vec<Term>,
    /// Per special location reached: the guards of the paths that reach it.
    pub specials: Vec<(LocationId, Term)>,
    /// Guards of the paths cut by a bound.
    pub cut: Vec<Term>,
    pub steps: Vec<Step>,
    /// Statistics: states processed, merges, activations, calls answered by a summary.
    pub states: u64,
    pub merges: u64,
    pub activations: u64,
    pub summaries: u64,
}

/// What a call computed on constants: its results and the globals it writes.
struct Summary {
    results: Vec<Term>,
    globals: Vec<(usize, Term)>,
}

/// Why a run stopped early.
pub(crate) enum Stop {
    Timeout,
    /// The execution grew beyond `max_steps` or `max_terms`.
    TooLarge,
}

pub(crate) struct Symex<'a> {
    pub program: &'a Program,
    pub layout: &'a Layout,
    pub exec: Exec<'a>,
    pub specials: &'a FxHashMap<LocationId, cfa::Special>,
    /// Iterations of each loop and activations of each recursive function allowed.
    pub bound: u32,
    pub deadline: Option<Instant>,
    pub max_steps: usize,
    /// The size of the term store at which the execution gives up (memory).
    pub max_terms: usize,
    pub found: Found,
    /// Per function: how many of its activations are running.
    active: Vec<u32>,
    next_act: u32,
    /// Calls computed on constants: (callee, arguments and the globals it reads) → effect.
    summaries: FxHashMap<(FnId, Vec<Term>), Summary>,
}

/// What an activation hands back to its caller.
struct Outcome {
    /// The merged state of the paths that return.
    ret: Option<State>,
    /// States that left the function into the top level (`exit`, `abort`), which the top
    /// level's run continues.
    escapes: Vec<(LocationId, State)>,
}

/// The states waiting at each location, in reverse post-order (a location's states are
/// merged and run once every predecessor in the order has run). The location is part of
/// the key: locations outside the function's own order (the error location and the
/// special locations, shared by every function, have no number in it) must never share
/// an entry, or a run into the error location would be merged into a special location's
/// and lost (`examples/c/heap/choose_unsafe.c`: a null dereference reported for a program
/// whose error is reachable).
type Pending = BTreeMap<(u32, Counters, LocationId), Vec<State>>;

impl<'a> Symex<'a> {
    pub fn new(
        program: &'a Program,
        layout: &'a Layout,
        exec: Exec<'a>,
        specials: &'a FxHashMap<LocationId, cfa::Special>,
        bound: u32,
    ) -> Self {
        Symex {
            program,
            layout,
            exec,
            specials,
            bound,
            deadline: None,
            max_steps: usize::MAX,
            max_terms: usize::MAX,
            found: Found::default(),
            active: vec![0; program.functions().len()],
            next_act: 1,
            summaries: FxHashMap::default(),
        }
    }

    /// Executes the program from its init location.
    pub fn run_program(&mut self) -> Result<(), Stop> {
        let init = self.exec.initial();
        let start = self.program.cfa.init();
        self.activation(None, 0, start, init).map(|_| ())
    }

    fn push(&self, pending: &mut Pending, l: LocationId, st: State) {
        let key = (self.layout.rpo[l.index()], st.loops.clone(), l);
        pending.entry(key).or_default().push(st);
    }

    /// Runs activation `act` of `function` (`None`: the top level) from `start`.
    fn activation(
        &mut self,
        function: Option<FnId>,
        act: u32,
        start: LocationId,
        init: State,
    ) -> Result<Outcome, Stop> {
        let cfa = &self.program.cfa;
        let mut pending: Pending = BTreeMap::new();
        self.push(&mut pending, start, init);
        let mut out = Outcome {
            ret: None,
            escapes: Vec::new(),
        };
        let mut returned: Vec<State> = Vec::new();
        let exit = function.map(|f| self.program.function(f).exit);
        while let Some(((_, _, l), states)) = pending.pop_first() {
            self.found.states += 1;
            if self.found.states.is_multiple_of(1024) {
                if self.deadline.is_some_and(|d| Instant::now() >= d) {
                    return Err(Stop::Timeout);
                }
                if self.found.steps.len() > self.max_steps || self.exec.terms.len() > self.max_terms
                {
                    return Err(Stop::TooLarge);
                }
            }
            self.found.merges += states.len() as u64 - 1;
            let Some(st) = self.exec.merge(states) else {
                continue;
            };
            if Some(l) == exit {
                returned.push(st);
                continue;
            }
            if self.program.owner(l) != function {
                // An edge of a function into the top level: every active call ends.
                if function.is_some() && !cfa.out_edges(l).is_empty() {
                    out.escapes.push((l, st));
                    continue;
                }
            }
            if cfa.out_edges(l).is_empty() {
                self.end(l, st.guard);
                continue;
            }
            self.successors(function, act, l, st, &mut pending, &mut out)?;
        }
        out.ret = self.exec.merge(returned);
        Ok(out)
    }

    /// A path that ends at `l` (no outgoing edges): an error, a special location, or
    /// termination.
    fn end(&mut self, l: LocationId, guard: Term) {
        if self.specials.contains_key(&l) {
            self.found.specials.push((l, guard));
        } else if self.program.cfa.kind(l) == LocationKind::Error {
            self.found.errors.push(guard);
        }
    }

    /// Follows every edge out of `l` from `st`.
    fn successors(
        &mut self,
        function: Option<FnId>,
        act: u32,
        l: LocationId,
        st: State,
        pending: &mut Pending,
        out: &mut Outcome,
    ) -> Result<(), Stop> {
        let cfa = &self.program.cfa;
        let terms = self.exec.terms;
        let edges = cfa.out_edges(l).to_vec();
        // Where the guards may overlap, a fresh selector names the edge taken, so that the
        // states can be merged again.
        let selector = (!self.layout.exclusive[l.index()]).then(|| self.exec.fresh_selector());
        let n = edges.len();
        let mut st = Some(st);
        for (i, e) in edges.into_iter().enumerate() {
            let mut s = if i + 1 == n {
                st.take().expect("the state")
            } else {
                st.clone().expect("the state")
            };
            if let Some(sel) = selector {
                let pick = terms.eq(sel, terms.bv_const(i as u128, 32));
                s.guard = self.exec.conjoin(s.guard, pick);
            }
            let edge = cfa.edge(e).clone();
            if let Some((callee, call)) = self.program.call_of(e) {
                let r = self.call(act, e, callee, &call, s)?;
                for (at, esc) in r.escapes {
                    match function {
                        None => self.push(pending, at, esc),
                        Some(_) => out.escapes.push((at, esc)),
                    }
                }
                if let Some(ret) = r.ret {
                    self.follow(function, edge.src, edge.dst, ret, pending);
                }
                continue;
            }
            let mut havocs = Vec::new();
            self.exec.exec(edge.stmt, &mut s, &mut havocs);
            if terms.is_false(s.guard) {
                continue;
            }
            // The paths that take the edge: the guard after its assumptions.
            self.found.steps.push(Step::Edge {
                edge: e,
                guard: s.guard,
                act,
                havocs,
            });
            self.follow(function, edge.src, edge.dst, s, pending);
        }
        Ok(())
    }

    /// Moves `s` along an edge `src -> dst`: leaves the loops `dst` is not in, counts a
    /// back edge (cutting the path at the bound).
    fn follow(
        &mut self,
        function: Option<FnId>,
        src: LocationId,
        dst: LocationId,
        mut s: State,
        pending: &mut Pending,
    ) {
        if self.program.owner(dst) != function {
            // Into the top level (or a shared end): no loops of this function there.
            s.loops.clear();
            self.push(pending, dst, s);
            return;
        }
        let inside = &self.layout.loops[dst.index()];
        s.loops.retain(|(h, _)| inside.contains(h));
        if self.layout.is_back_edge(src, dst) {
            match s.loops.iter_mut().find(|(h, _)| *h == dst) {
                Some((_, k)) => {
                    if *k >= self.bound {
                        self.found.cut.push(s.guard);
                        return;
                    }
                    *k += 1;
                }
                None => {
                    if self.bound == 0 {
                        self.found.cut.push(s.guard);
                        return;
                    }
                    s.loops.push((dst, 1));
                }
            }
        }
        self.push(pending, dst, s);
    }

    /// A call from activation `caller` along edge `e` in state `s`.
    fn call(
        &mut self,
        caller: u32,
        e: EdgeId,
        callee: FnId,
        call: &cfa::Call,
        mut s: State,
    ) -> Result<Outcome, Stop> {
        let terms = self.exec.terms;
        let none = Outcome {
            ret: None,
            escapes: Vec::new(),
        };
        let args: Vec<Term> = call
            .args
            .iter()
            .map(|(_, a)| self.exec.eval(*a, &s.values))
            .collect();
        let layout = self.layout;
        // A call on constants is computed once: its effect depends on nothing else.
        let key = self.summary_key(callee, &args, &s);
        if let Some(k) = &key {
            if let Some(sum) = self.summaries.get(k) {
                let results: Vec<(Term, Term)> = call
                    .results
                    .iter()
                    .zip(&sum.results)
                    .map(|((x, _), v)| (*x, *v))
                    .collect();
                for (x, v) in &results {
                    let x = terms.as_var(*x).expect("a caller variable");
                    s.values[layout.index[&x]] = *v;
                }
                for (i, v) in &sum.globals {
                    s.values[*i] = *v;
                }
                self.found.summaries += 1;
                self.found.steps.push(Step::Summary {
                    edge: e,
                    guard: s.guard,
                    caller,
                    results,
                    globals: sum.globals.clone(),
                });
                return Ok(Outcome {
                    ret: Some(s),
                    escapes: Vec::new(),
                });
            }
        }
        let recursive = self.program.is_recursive(callee);
        if recursive && self.active[callee.index()] >= self.bound {
            // The recursion bound: the unwinding assertion of this call.
            self.found.cut.push(s.guard);
            return Ok(none);
        }
        let before = (
            self.found.errors.len(),
            self.found.specials.len(),
            self.found.cut.len(),
            self.exec.inputs,
            self.exec.decisions,
            s.guard,
        );
        // A recursive callee's locals are its own: the caller's copies are saved. Every
        // new activation starts from arbitrary values (C11 6.2.4: indeterminate), for the
        // locals it may read before it writes them.
        let saved: Vec<(usize, Term)> = if recursive {
            layout
                .locals(callee)
                .iter()
                .map(|i| (*i, s.values[*i]))
                .collect()
        } else {
            Vec::new()
        };
        let mut fresh = Vec::new();
        for i in &layout.exposed[callee.index()] {
            let sym = self.exec.fresh(layout.vars[*i]);
            s.values[*i] = sym;
            fresh.push((*i, sym));
        }
        for ((p, _), v) in call.args.iter().zip(args) {
            let v_id = terms.as_var(*p).expect("a parameter variable");
            s.values[layout.index[&v_id]] = v;
        }
        let loops = std::mem::take(&mut s.loops);
        let act = self.next_act;
        self.next_act += 1;
        self.found.activations += 1;
        self.found.steps.push(Step::Call {
            edge: e,
            guard: s.guard,
            caller,
            callee: act,
            function: callee,
            fresh,
        });
        let entry = self.program.function(callee).entry;
        self.active[callee.index()] += 1;
        let r = self.activation(Some(callee), act, entry, s);
        self.active[callee.index()] -= 1;
        let mut r = r?;
        if let Some(ret) = &mut r.ret {
            let results: Vec<Term> = call
                .results
                .iter()
                .map(|(_, x)| {
                    let v = terms.as_var(*x).expect("a result variable");
                    ret.values[layout.index[&v]]
                })
                .collect();
            for (i, v) in saved {
                ret.values[i] = v;
            }
            for ((x, _), v) in call.results.iter().zip(results) {
                let x = terms.as_var(*x).expect("a caller variable");
                ret.values[layout.index[&x]] = v;
            }
            ret.loops = loops;
            self.found.steps.push(Step::Return {
                edge: e,
                guard: ret.guard,
                caller,
                callee: act,
            });
            // Computed on constants alone (no branch on an input, nothing cut or reached,
            // no input read, no comparison decided by the facts of this call's path,
            // which another call's path need not share): its effect is a summary for the
            // same call again.
            let after = (
                self.found.errors.len(),
                self.found.specials.len(),
                self.found.cut.len(),
                self.exec.inputs,
                self.exec.decisions,
                ret.guard,
            );
            if let (Some(k), true) = (key, after == before && r.escapes.is_empty()) {
                let results: Vec<Term> = call
                    .results
                    .iter()
                    .map(|(x, _)| ret.values[layout.index[&terms.as_var(*x).expect("a var")]])
                    .collect();
                let globals: Vec<(usize, Term)> = layout.global_writes[callee.index()]
                    .iter()
                    .map(|i| (*i, ret.values[*i]))
                    .collect();
                let constant = |t: &Term| terms.const_value(*t).is_some();
                if results.iter().all(constant) && globals.iter().all(|(_, v)| constant(v)) {
                    self.summaries.insert(k, Summary { results, globals });
                }
            }
        }
        Ok(r)
    }

    /// The key of a call's summary: the callee, its arguments and the globals it reads,
    /// if all are constants.
    fn summary_key(&self, callee: FnId, args: &[Term], s: &State) -> Option<(FnId, Vec<Term>)> {
        let terms = self.exec.terms;
        let constant = |t: &Term| terms.const_value(*t).is_some();
        if !args.iter().all(constant) {
            return None;
        }
        let reads = &self.layout.global_reads[callee.index()];
        let mut key = Vec::with_capacity(args.len() + reads.len());
        key.extend_from_slice(args);
        for i in reads {
            let v = s.values[*i];
            if !constant(&v) {
                return None;
            }
            key.push(v);
        }
        Some((callee, key))
    }
}
