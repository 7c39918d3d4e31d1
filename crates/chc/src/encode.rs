//! The procedural CFA as constrained Horn clauses (the encoding of SeaHorn and of Bjørner,
//! Gurfinkel, McMillan and Rybalchenko, "Horn clause solvers for program verification",
//! 2015, with summaries per function).
//!
//! - A relation `P!f!l` per location `l` of function `f` that carries a state (every
//!   location with outgoing edges, and the function's exit) over the function's state at
//!   entry (its frame's globals and parameters, `v!in`) and its current state (globals and
//!   locals): `P!f!l(in, x)` holds when some activation of `f` entered with `in` reaches
//!   `l` with `x`. The top level's relations range over its state alone.
//! - A summary `S!f(in, out)` per function: entered with `in` (globals, parameters), it
//!   returns with `out` (globals, results).
//! - Clauses: the top level's init location holds for every state; a call edge enters its
//!   callee (the entry relation from the caller's state at the call site: the callee's
//!   globals and arguments, its other locals anything), so relations hold only in
//!   contexts that occur; each edge is a clause from its source to its target,
//!   its statement's SSA formula (`cfa::encode`) the constraint; a call edge has the
//!   callee's summary in its body, through which the callee's globals and results change;
//!   the exit gives the summary; an edge into an error location derives the query.
//!
//! With `large_blocks`, the CFA is first summarised (`cfa::summarize`) down to the
//! locations a relation must stand for: function entries and exits, call sites, loop heads
//! (targets of back edges) and the init location; blocks of statements become the clauses'
//! constraints (docs/design.md §5: LBE, here for clauses instead of abstraction points).

use crate::frame::{frames, Frames};
use cfa::{Cfa, EdgeId, Encoder, FnId, LbeStats, LocationId, LocationKind, Program, SsaMap};
use logic::chc::{Atom, Clause, Horn, RelId};
use logic::{Term, TermStore, VarId};
use rustc_hash::FxHashMap;

/// What a clause stands for (a counterexample's steps are read from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClauseRole {
    /// The top level's init location, any state.
    Init,
    /// A call edge enters its callee: the callee's entry state from the caller's state
    /// at the call site.
    Enter(EdgeId, FnId),
    /// An edge that is no call (into an error location: the query).
    Edge(EdgeId),
    /// A call edge, through the callee's summary.
    Call(EdgeId, FnId),
    /// A function's exit gives its summary.
    Exit(FnId),
}

/// A program's Horn clauses and what they stand for.
pub struct Encoding {
    pub horn: Horn,
    /// Per clause: where it comes from.
    pub roles: Vec<ClauseRole>,
    /// The program the roles' edges are of (summarised to large blocks when asked).
    pub program: Program,
    pub frames: Frames,
    /// The relation of each location that has one.
    pub at: FxHashMap<LocationId, RelId>,
    /// Per location with a relation: the state variables its relation ranges over after
    /// the entry state (the live ones among its frame's globals and locals).
    pub states: FxHashMap<LocationId, Vec<VarId>>,
    /// Per function: its summary relation.
    pub summaries: Vec<RelId>,
    /// How large blocks were formed, if they were.
    pub lbe: Option<LbeStats>,
}

/// The Horn clauses of `program`; `Err` for a program the encoding does not cover.
pub fn encode(program: &Program, large_blocks: bool) -> Result<Encoding, String> {
    let frames = frames(program)?;
    let (program, lbe) = if large_blocks {
        let keep = cut_points(program);
        let (cfa, stats) = cfa::summarize(&program.cfa, &|l| keep[l.index()]);
        match Program::new(cfa, program.functions().to_vec()) {
            Ok(p) => (p, Some(stats)),
            // Large blocks put two calls into one choice: single blocks then.
            Err(_) => (program.clone(), None),
        }
    } else {
        (program.clone(), None)
    };
    let mut e = ClauseBuilder {
        terms: &program.cfa.terms,
        cfa: &program.cfa,
        program: &program,
        frames: &frames,
        horn: Horn::new("error!"),
        roles: Vec::new(),
        at: FxHashMap::default(),
        states: FxHashMap::default(),
        live: crate::live::live(&program, &frames),
        summaries: Vec::new(),
    };
    e.relations();
    e.clauses()?;
    let ClauseBuilder {
        horn,
        roles,
        at,
        states,
        summaries,
        ..
    } = e;
    // The strict form: Spacer is an order of magnitude faster on it (`Horn::strict`).
    let horn = horn.strict(&program.cfa.terms);
    Ok(Encoding {
        horn,
        roles,
        program,
        frames,
        at,
        states,
        summaries,
        lbe,
    })
}

/// The locations large blocks must keep: init, function entries and exits, both ends of
/// every call edge, and loop heads (targets of back edges of a depth-first search from
/// init and from every entry, so that every cycle keeps a location).
fn cut_points(program: &Program) -> Vec<bool> {
    let cfa = &program.cfa;
    let mut keep = vec![false; cfa.location_capacity()];
    keep[cfa.init().index()] = true;
    for f in program.functions() {
        keep[f.entry.index()] = true;
        keep[f.exit.index()] = true;
    }
    for e in program.call_edges() {
        keep[cfa.edge(*e).src.index()] = true;
        keep[cfa.edge(*e).dst.index()] = true;
    }
    // 0: unseen, 1: on the stack, 2: done.
    let mut color = vec![0u8; cfa.location_capacity()];
    let roots = std::iter::once(cfa.init()).chain(program.functions().iter().map(|f| f.entry));
    for root in roots {
        if color[root.index()] != 0 {
            continue;
        }
        color[root.index()] = 1;
        let mut stack: Vec<(LocationId, usize)> = vec![(root, 0)];
        while let Some((l, i)) = stack.pop() {
            let outs = cfa.out_edges(l);
            if i < outs.len() {
                stack.push((l, i + 1));
                let d = cfa.edge(outs[i]).dst;
                match color[d.index()] {
                    0 => {
                        color[d.index()] = 1;
                        stack.push((d, 0));
                    }
                    1 => keep[d.index()] = true,
                    _ => {}
                }
            } else {
                color[l.index()] = 2;
            }
        }
    }
    keep
}

/// The locations some run may reach: from init along edges, and from a call edge into
/// its callee's entry.
fn reached(program: &Program) -> Vec<bool> {
    let cfa = &program.cfa;
    let mut seen = vec![false; cfa.location_capacity()];
    let mut stack = vec![cfa.init()];
    seen[cfa.init().index()] = true;
    while let Some(l) = stack.pop() {
        for e in cfa.out_edges(l) {
            let mut next = vec![cfa.edge(*e).dst];
            if let Some((g, _)) = program.call_of(*e) {
                next.push(program.function(g).entry);
            }
            for d in next {
                if !seen[d.index()] {
                    seen[d.index()] = true;
                    stack.push(d);
                }
            }
        }
    }
    seen
}

struct ClauseBuilder<'a> {
    terms: &'a TermStore,
    cfa: &'a Cfa,
    program: &'a Program,
    frames: &'a Frames,
    horn: Horn,
    roles: Vec<ClauseRole>,
    at: FxHashMap<LocationId, RelId>,
    /// Per location with a relation: the state variables it ranges over (the live ones).
    states: FxHashMap<LocationId, Vec<VarId>>,
    live: crate::live::Live,
    summaries: Vec<RelId>,
}

impl ClauseBuilder<'_> {
    fn sorts(&self, vars: &[VarId]) -> Vec<logic::Sort> {
        vars.iter().map(|v| self.terms.var_sort(*v)).collect()
    }

    fn relations(&mut self) {
        let reached = reached(self.program);
        for l in self.cfa.locations() {
            if !reached[l.index()] {
                // Dead code: no run gets there (and large blocks may have put calls
                // inside its blocks, which only live code is checked for).
                continue;
            }
            let owner = self.program.owner(l);
            let exit = owner.is_some_and(|f| self.program.function(f).exit == l);
            if self.cfa.out_edges(l).is_empty() && !exit {
                continue;
            }
            if owner.is_none() && self.cfa.kind(l) == LocationKind::Error {
                continue;
            }
            let name = match owner {
                Some(f) => format!("P!{}!{}", self.program.function(f).name, l.index()),
                None => format!("P!!{}", l.index()),
            };
            let frame = self.frames.of(owner);
            let live = self.live.get(&l);
            let state: Vec<VarId> = frame
                .state()
                .into_iter()
                .filter(|v| live.is_some_and(|s| s.contains(v)))
                .collect();
            let entry = match owner {
                Some(_) => frame.entry(),
                None => Vec::new(),
            };
            let sorts = self.sorts(&[entry, state.clone()].concat());
            let r = self.horn.add_relation(&name, sorts);
            self.at.insert(l, r);
            self.states.insert(l, state);
        }
        for (i, f) in self.program.functions().iter().enumerate() {
            let frame = &self.frames.functions[i];
            let vars: Vec<VarId> = [frame.entry(), frame.outputs()].concat();
            let sorts = self.sorts(&vars);
            let r = self.horn.add_relation(&format!("S!{}", f.name), sorts);
            self.summaries.push(r);
        }
    }

    fn add(&mut self, clause: Clause, role: ClauseRole) {
        self.horn.add(clause);
        self.roles.push(role);
    }

    /// `v` named with a suffix (`x!in`, `x!out`, …): a variable of the clauses only.
    fn tagged(&self, v: VarId, tag: &str) -> Term {
        let t = self.terms;
        t.var(&format!("{}!{tag}", t.var_name(v)), t.var_sort(v))
    }

    /// The entry part of a function's atoms (`x!in`); empty at the top level.
    fn entry_args(&self, f: Option<FnId>) -> Vec<Term> {
        match f {
            Some(f) => self.frames.functions[f.index()]
                .entry()
                .into_iter()
                .map(|v| self.tagged(v, "in"))
                .collect(),
            None => Vec::new(),
        }
    }

    /// `P_l(entry, value(x) for each state variable x of l)`.
    fn atom(&self, l: LocationId, entry: &[Term], value: &dyn Fn(VarId) -> Term) -> Atom {
        Atom {
            rel: self.at[&l],
            args: entry
                .iter()
                .copied()
                .chain(self.states[&l].iter().map(|v| value(*v)))
                .collect(),
        }
    }

    fn clauses(&mut self) -> Result<(), String> {
        let t = self.terms;
        let init = self.cfa.init();
        if self.at.contains_key(&init) {
            let head = self.atom(init, &[], &|v| t.ssa_var(v, 0));
            let clause = Clause {
                body: Vec::new(),
                constraint: t.tru(),
                head,
            };
            self.add(clause, ClauseRole::Init);
        }
        for (i, f) in self.program.functions().iter().enumerate() {
            let fid = FnId(i as u32);
            let frame = &self.frames.functions[i];
            if !self.at.contains_key(&f.exit) {
                continue;
            }
            let entry = self.entry_args(Some(fid));
            // Exit: the summary of the activation.
            let body = vec![self.atom(f.exit, &entry, &|v| t.ssa_var(v, 0))];
            let out = frame
                .globals
                .iter()
                .chain(&frame.results)
                .map(|v| t.ssa_var(*v, 0));
            let head = Atom {
                rel: self.summaries[i],
                args: entry.iter().copied().chain(out).collect(),
            };
            let clause = Clause {
                body,
                constraint: t.tru(),
                head,
            };
            self.add(clause, ClauseRole::Exit(fid));
        }
        let mut enc = Encoder::new(t, &self.cfa.stmts).with_selector_prefix("chc");
        for e in self.cfa.edges() {
            let edge = self.cfa.edge(e);
            if !self.at.contains_key(&edge.src) {
                continue;
            }
            if let Some((g, call)) = self.program.call_of(e) {
                self.call(e, g, &call);
                continue;
            }
            let owner = self.program.owner(edge.src);
            let entry = self.entry_args(owner);
            let mut ssa = SsaMap::new();
            let (constraint, _) = enc.encode(edge.stmt, &mut ssa);
            let body = vec![self.atom(edge.src, &entry, &|v| t.ssa_var(v, 0))];
            let head = if self.cfa.kind(edge.dst) == LocationKind::Error {
                Atom {
                    rel: self.horn.query,
                    args: Vec::new(),
                }
            } else if self.at.contains_key(&edge.dst) {
                if self.program.owner(edge.dst) != owner {
                    return Err("an edge leaves its function".into());
                }
                self.atom(edge.dst, &entry, &|v| enc.instance(v, &ssa))
            } else {
                // Into a location where runs end (a sink, `exit`): no clause.
                continue;
            };
            self.add(
                Clause {
                    body,
                    constraint,
                    head,
                },
                ClauseRole::Edge(e),
            );
        }
        Ok(())
    }

    /// The clause by which call edge `e` enters `g`: the caller's state at the call site
    /// gives the callee's entry state `values` (its globals and parameters; its other
    /// locals are anything).
    fn enter(&mut self, e: EdgeId, g: FnId, entry: &[Term], values: &[Term]) {
        let t = self.terms;
        let edge = self.cfa.edge(e);
        let callee = &self.frames.functions[g.index()];
        let g_entry = self.program.function(g).entry;
        if !self.at.contains_key(&g_entry) {
            return;
        }
        let body = vec![self.atom(edge.src, entry, &|v| t.ssa_var(v, 0))];
        // The callee's atom: entry state `in`, current state `in` on globals and
        // parameters, fresh elsewhere.
        // (`x!cin`, not the caller's `x!in`: a recursive call's two entry states differ.)
        let ins: Vec<Term> = callee
            .entry()
            .into_iter()
            .map(|v| self.tagged(v, "cin"))
            .collect();
        let remembered: FxHashMap<VarId, Term> = callee
            .entry()
            .into_iter()
            .zip(ins.iter().copied())
            .collect();
        let current = |v: VarId| {
            remembered
                .get(&v)
                .copied()
                .unwrap_or_else(|| self.tagged(v, "new"))
        };
        let head = self.atom(g_entry, &ins, &current);
        let bind: Vec<Term> = ins.iter().zip(values).map(|(i, v)| t.eq(*i, *v)).collect();
        self.add(
            Clause {
                body,
                constraint: t.and(&bind),
                head,
            },
            ClauseRole::Enter(e, g),
        );
    }

    /// The clause of call edge `e` of `g`: the caller's state before, the callee's summary
    /// from the arguments and the caller's values of its globals, the caller's state after
    /// (the callee's globals out, then its results into the caller's variables).
    fn call(&mut self, e: EdgeId, g: FnId, call: &cfa::Call) {
        let t = self.terms;
        let edge = self.cfa.edge(e);
        if !self.at.contains_key(&edge.dst) {
            // The caller's run ends after the call (nothing follows it): no clause.
            return;
        }
        let owner = self.program.owner(edge.src);
        let entry = self.entry_args(owner);
        let callee = &self.frames.functions[g.index()];
        let pre = |v: VarId| t.ssa_var(v, 0);
        let args: FxHashMap<VarId, Term> = call
            .args
            .iter()
            .map(|(p, a)| {
                let p = t.as_var(*p).expect("frames checked the parameters");
                (p, t.rename_ssa(*a, &mut |_| 0))
            })
            .collect();
        let mut summary: Vec<Term> = callee.globals.iter().map(|v| pre(*v)).collect();
        summary.extend(callee.params.iter().map(|p| {
            args.get(p)
                .copied()
                .unwrap_or_else(|| self.tagged(*p, "pin"))
        }));
        let mut after: FxHashMap<VarId, Term> = FxHashMap::default();
        for v in &callee.globals {
            let out = self.tagged(*v, "out");
            summary.push(out);
            after.insert(*v, out);
        }
        let results: FxHashMap<VarId, Term> = callee
            .results
            .iter()
            .map(|r| (*r, self.tagged(*r, "res")))
            .collect();
        summary.extend(callee.results.iter().map(|r| results[r]));
        for (x, r) in call.results.iter() {
            let x = t.as_var(*x).expect("a result goes to a variable");
            let r = t.as_var(*r).expect("frames checked the results");
            after.insert(x, results[&r]);
        }
        self.enter(e, g, &entry, &summary[..callee.entry().len()]);
        let body = vec![
            self.atom(edge.src, &entry, &pre),
            Atom {
                rel: self.summaries[g.index()],
                args: summary,
            },
        ];
        let head = self.atom(edge.dst, &entry, &|v| {
            after.get(&v).copied().unwrap_or_else(|| pre(v))
        });
        self.add(
            Clause {
                body,
                constraint: t.tru(),
                head,
            },
            ClauseRole::Call(e, g),
        );
    }
}
