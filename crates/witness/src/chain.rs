//! A path of a procedural program (docs/design.md §4) as a counterexample: the steps an
//! engine's answer takes — edges, calls, returns — are checked to be a path of the
//! program (each step starts where the last ended, returns match their calls, it ends in
//! an error location), and become a flat CFA of their own: a chain of the path's
//! statements, each activation of a recursive function with its own copy of its locals,
//! named as inlining names them (`f.k.x`). With every input known (symbolic execution's
//! model) the chain runs; otherwise (a CHC solver's derivation, which names states but not
//! every input) the chain alone is solved. Either way the trace is checked on the chain
//! like every other engine's counterexample, and replay with gcc judges it against the
//! program.

use crate::cex::{concretize, execute_path, Counterexample};
use cfa::inline::{fresh_locals, rename_stmt};
use cfa::{Cfa, EdgeId, FnId, LocationId, LocationKind, Program, Special, Stmt, StmtId};
use logic::{SolverFactory, Stop, Term, Value, VarId};
use rustc_hash::FxHashMap;

/// One step of a path of a procedural program. Activations are numbered by the engine
/// (the top level's is any number no call creates).
#[derive(Clone, Debug)]
pub enum Step {
    /// An edge taken in activation `act`, with the values of its havocs in order when
    /// they are known.
    Edge {
        edge: EdgeId,
        act: u32,
        havocs: Option<Vec<Value>>,
    },
    /// A call: activation `callee` of `function` starts; `fresh`, when known, the values
    /// its locals start with.
    Call {
        edge: EdgeId,
        caller: u32,
        callee: u32,
        function: FnId,
        fresh: Option<Vec<(VarId, Value)>>,
    },
    /// Activation `callee` returns to `caller` through the call edge.
    Return {
        edge: EdgeId,
        caller: u32,
        callee: u32,
    },
    /// A call's effect as constants known in advance (symbolic execution's summary of a
    /// call it computed before): the caller's variables and the globals it assigns.
    Constants {
        edge: EdgeId,
        caller: u32,
        assigns: Vec<(Term, Term)>,
    },
}

impl Step {
    fn edge(&self) -> EdgeId {
        match self {
            Step::Edge { edge, .. }
            | Step::Call { edge, .. }
            | Step::Return { edge, .. }
            | Step::Constants { edge, .. } => *edge,
        }
    }
}

/// The counterexample the path gives, on the chain CFA it is over. `initial`, when known:
/// the value of every variable at the start (variables missing from it start at zero).
pub fn counterexample(
    program: &Program,
    specials: &FxHashMap<LocationId, Special>,
    steps: &[Step],
    initial: Option<FxHashMap<VarId, Value>>,
    solvers: &dyn SolverFactory,
) -> Result<(Cfa, Counterexample), Stop> {
    check_path(program, specials, steps)?;
    let mut chain = build(program, steps, initial);
    let cex = match chain.values.take() {
        Some((initial, havocs)) => match execute_path(&chain.cfa, &chain.path, initial, &havocs) {
            Ok(c) => c,
            // A choice inside a statement: the chain is solved instead of run.
            Err(_) if has_choice(&chain.cfa, &chain.path) => solve(&chain, solvers)?,
            Err(e) => return Err(format!("the path does not run: {e}").into()),
        },
        None => solve(&chain, solvers)?,
    };
    cex.check(&chain.cfa)
        .map_err(|e| format!("the counterexample does not execute: {e}"))?;
    Ok((chain.cfa, cex))
}

fn solve(chain: &Chain, solvers: &dyn SolverFactory) -> Result<Counterexample, Stop> {
    match concretize(&chain.cfa, &chain.path, solvers)? {
        Some(c) => Ok(c),
        None => Err("the path is infeasible".into()),
    }
}

/// Checks that `steps` is a path of the program from init into an error location.
pub fn check_path(
    program: &Program,
    specials: &FxHashMap<LocationId, Special>,
    steps: &[Step],
) -> Result<(), String> {
    let cfa = &program.cfa;
    let mut at = cfa.init();
    let mut calls: Vec<EdgeId> = Vec::new();
    let broken = |i: usize| {
        Err(format!(
            "internal error: step {i} of the path is not a step of the program"
        ))
    };
    for (i, s) in steps.iter().enumerate() {
        if cfa.edge(s.edge()).src != at && !matches!(s, Step::Return { .. }) {
            return broken(i);
        }
        match s {
            Step::Edge { edge, .. } => {
                if program.call_of(*edge).is_some() {
                    return broken(i);
                }
                at = cfa.edge(*edge).dst;
                if program.owner(at).is_none() {
                    calls.clear();
                }
            }
            Step::Call { edge, function, .. } => {
                if program.call_of(*edge).map(|c| c.0) != Some(*function) {
                    return broken(i);
                }
                calls.push(*edge);
                at = program.function(*function).entry;
            }
            Step::Return { edge, .. } => {
                let Some((f, _)) = program.call_of(*edge) else {
                    return broken(i);
                };
                if calls.pop() != Some(*edge) || at != program.function(f).exit {
                    return broken(i);
                }
                at = cfa.edge(*edge).dst;
            }
            Step::Constants { edge, .. } => {
                if program.call_of(*edge).is_none() {
                    return broken(i);
                }
                at = cfa.edge(*edge).dst;
            }
        }
    }
    if cfa.kind(at) != LocationKind::Error || specials.contains_key(&at) {
        return Err("internal error: the path does not end in an error location".into());
    }
    Ok(())
}

/// Whether a statement on `path` makes a choice (its branch is no havoc's value).
pub fn has_choice(cfa: &Cfa, path: &[EdgeId]) -> bool {
    path.iter().any(|e| {
        let s = cfa.edge(*e).stmt;
        cfa.stmts.leaves(s).len() != cfa.stmts.parts(s).len()
    })
}

/// What a chain runs on: the initial value of every variable, each edge's havoc values.
type Inputs = (Vec<(VarId, Value)>, Vec<Vec<Value>>);

/// The path as a flat CFA, with the values it runs on when all are known.
struct Chain {
    cfa: Cfa,
    path: Vec<EdgeId>,
    values: Option<Inputs>,
}

struct Builder<'p> {
    program: &'p Program,
    cfa: Cfa,
    at: LocationId,
    path: Vec<EdgeId>,
    havocs: Option<Vec<Vec<Value>>>,
    /// Per activation: the renaming of its function's locals (empty: the plain names).
    maps: FxHashMap<u32, FxHashMap<Term, Term>>,
    memo: FxHashMap<(u32, StmtId), StmtId>,
}

impl Builder<'_> {
    fn add(&mut self, s: StmtId, values: Option<Vec<Value>>) {
        let name = format!("c{}", self.cfa.location_capacity());
        let next = self.cfa.add_location(name, LocationKind::Plain);
        self.path.push(self.cfa.add_edge(self.at, next, s));
        match (&mut self.havocs, values) {
            (Some(h), Some(v)) => h.push(v),
            (h, _) => *h = None,
        }
        self.at = next;
    }

    fn map(&self, act: u32) -> Option<&FxHashMap<Term, Term>> {
        self.maps.get(&act).filter(|m| !m.is_empty())
    }

    fn rename(&mut self, act: u32, s: StmtId) -> StmtId {
        let Some(map) = self.maps.get(&act).filter(|m| !m.is_empty()) else {
            return s;
        };
        if let Some(r) = self.memo.get(&(act, s)) {
            return *r;
        }
        let cfa = &self.program.cfa;
        let r = rename_stmt(&cfa.terms, &cfa.stmts, s, map, &mut FxHashMap::default());
        self.memo.insert((act, s), r);
        r
    }

    fn sub(&self, t: Term, act: u32) -> Term {
        match self.map(act) {
            Some(m) => self.program.cfa.terms.substitute(t, m),
            None => t,
        }
    }

    /// The assignments of a call's parameters (`args`) or results, each side renamed in
    /// its activation.
    fn transfer(&mut self, edge: EdgeId, args: bool, caller: u32, callee: u32) -> StmtId {
        let pcfa = &self.program.cfa;
        let s = pcfa.edge(edge).stmt;
        let Stmt::Call(call) = pcfa.stmts.get(s) else {
            unreachable!("check_path checked the call edges");
        };
        // The results are assigned after the call: the call's text is not theirs.
        let origin = if args { pcfa.stmts.origin(s) } else { None };
        let parts: Vec<StmtId> = if args {
            call.args
                .iter()
                .map(|(p, a)| {
                    let (p, a) = (self.sub(*p, callee), self.sub(*a, caller));
                    pcfa.stmts.assign(p, a, origin.clone())
                })
                .collect()
        } else {
            call.results
                .iter()
                .map(|(x, r)| {
                    let (x, r) = (self.sub(*x, caller), self.sub(*r, callee));
                    pcfa.stmts.assign(x, r, origin.clone())
                })
                .collect()
        };
        pcfa.stmts.seq(&parts)
    }
}

fn build(program: &Program, steps: &[Step], initial: Option<FxHashMap<VarId, Value>>) -> Chain {
    let pcfa = &program.cfa;
    let terms = pcfa.terms.clone();
    let mut cfa = Cfa::new(terms.clone(), pcfa.stmts.clone());
    for d in pcfa.vars() {
        cfa.declare_like(terms.var_term(d.var), d);
    }
    let mut initial = initial;
    let at = cfa.add_location("c0", LocationKind::Init);
    let mut b = Builder {
        program,
        cfa,
        at,
        path: Vec::new(),
        havocs: Some(Vec::new()),
        maps: FxHashMap::default(),
        memo: FxHashMap::default(),
    };
    let mut count: FxHashMap<FnId, u32> = FxHashMap::default();
    for s in steps {
        match s {
            Step::Edge { edge, act, havocs } => {
                let stmt = b.rename(*act, pcfa.edge(*edge).stmt);
                b.add(stmt, havocs.clone());
            }
            Step::Call {
                edge,
                caller,
                callee,
                function,
                fresh,
            } => {
                let k = count.entry(*function).or_insert(0);
                *k += 1;
                let f = program.function(*function);
                // As inlining names instances: the caller's renaming of enclosing
                // activations' locals, and from the second activation on, copies of the
                // function's own.
                let mut map = b.maps.get(caller).cloned().unwrap_or_default();
                for v in &f.locals {
                    map.remove(&terms.var_term(*v));
                }
                if *k > 1 {
                    map.extend(fresh_locals(&mut b.cfa, &f.name, &f.locals, *k));
                }
                // The values the activation's locals start with.
                match (fresh, &mut initial) {
                    (Some(fresh), Some(initial)) => {
                        for (v, value) in fresh {
                            let v = terms.var_term(*v);
                            let copy = map.get(&v).copied().unwrap_or(v);
                            initial.insert(terms.as_var(copy).expect("a variable"), value.clone());
                        }
                    }
                    (_, init) => *init = None,
                }
                b.maps.insert(*callee, map);
                let s = b.transfer(*edge, true, *caller, *callee);
                b.add(s, Some(Vec::new()));
            }
            Step::Return {
                edge,
                caller,
                callee,
            } => {
                let s = b.transfer(*edge, false, *caller, *callee);
                b.add(s, Some(Vec::new()));
            }
            Step::Constants {
                edge,
                caller,
                assigns,
            } => {
                let origin = pcfa.stmts.origin(pcfa.edge(*edge).stmt);
                let parts: Vec<StmtId> = assigns
                    .iter()
                    .map(|(x, v)| pcfa.stmts.assign(b.sub(*x, *caller), *v, origin.clone()))
                    .collect();
                let s = pcfa.stmts.seq(&parts);
                b.add(s, Some(Vec::new()));
            }
        }
    }
    let mut cfa = b.cfa;
    cfa.set_kind(b.at, LocationKind::Error);
    let values = match (initial, b.havocs) {
        (Some(initial), Some(havocs)) => {
            let initial = cfa
                .vars()
                .iter()
                .map(|d| {
                    let v = initial
                        .get(&d.var)
                        .cloned()
                        .unwrap_or_else(|| Value::zero(terms.var_sort(d.var)));
                    (d.var, v)
                })
                .collect();
            Some((initial, havocs))
        }
        _ => None,
    };
    Chain {
        cfa,
        path: b.path,
        values,
    }
}
