//! A model of the error query as a counterexample: the recorded steps whose guards hold
//! in the model form the path (in the order they were executed). The path is checked to
//! be a path of the procedural program (each step starts where the last ended, returns
//! match their calls, it ends in an error location), and becomes a flat CFA of its own:
//! a chain of the path's statements, each activation of a recursive function with its
//! own copy of its locals, named as inlining names them (`f.k.x`). The chain runs with
//! the model's inputs, and the trace it gives is checked on it like every other engine's
//! counterexample; replay with gcc judges it against the program.

use super::run::Step;
use cfa::inline::{fresh_locals, rename_stmt};
use cfa::{Cfa, EdgeId, LocationId, LocationKind, Program, Stmt, StmtId};
use logic::{SolverFactory, Term, Value, VarId};
use rustc_hash::FxHashMap;
use witness::Counterexample;

/// Evaluates terms in a model.
pub(crate) type Model<'m> = dyn FnMut(Term) -> Option<Value> + 'm;

/// The counterexample the model gives, on the chain CFA it is over.
pub(crate) fn counterexample(
    program: &Program,
    specials: &FxHashMap<LocationId, cfa::Special>,
    steps: &[Step],
    model: &mut Model<'_>,
    solvers: &dyn SolverFactory,
) -> Result<(Cfa, Counterexample), logic::Stop> {
    let taken = taken(program, steps, model);
    check_path(program, specials, &taken)?;
    let chain = build(program, &taken, model);
    let cex = match witness::execute_path(&chain.cfa, &chain.path, chain.initial, &chain.havocs) {
        Ok(c) => c,
        // A choice inside a statement: the chain is solved instead of run.
        Err(_) if has_choice(&chain.cfa, &chain.path) => {
            match witness::concretize(&chain.cfa, &chain.path, solvers)? {
                Some(c) => c,
                None => return Err("the path the model gives is infeasible".into()),
            }
        }
        Err(e) => return Err(format!("the path the model gives does not run: {e}").into()),
    };
    cex.check(&chain.cfa)
        .map_err(|e| format!("the counterexample does not execute: {e}"))?;
    Ok((chain.cfa, cex))
}

/// The steps the model's path takes.
fn taken<'s>(program: &Program, steps: &'s [Step], model: &mut Model<'_>) -> Vec<&'s Step> {
    let terms = &program.cfa.terms;
    let mut truth: FxHashMap<Term, bool> = FxHashMap::default();
    let mut out = Vec::new();
    for s in steps {
        let g = match s {
            Step::Edge { guard, .. }
            | Step::Call { guard, .. }
            | Step::Return { guard, .. }
            | Step::Summary { guard, .. } => *guard,
        };
        let holds = match terms.const_value(g) {
            Some(b) => b == Value::Bool(true),
            None => *truth
                .entry(g)
                .or_insert_with(|| model(g) == Some(Value::Bool(true))),
        };
        if holds {
            out.push(s);
        }
    }
    out
}

/// Checks that `taken` is a path of the program from init into an error location.
fn check_path(
    program: &Program,
    specials: &FxHashMap<LocationId, cfa::Special>,
    taken: &[&Step],
) -> Result<(), String> {
    let cfa = &program.cfa;
    let mut at = cfa.init();
    let mut calls: Vec<EdgeId> = Vec::new();
    let broken = |i: usize| {
        Err(format!(
            "internal error: step {i} of the model's path is not a step of the program"
        ))
    };
    for (i, s) in taken.iter().enumerate() {
        match s {
            Step::Edge { edge, .. } => {
                if cfa.edge(*edge).src != at || program.call_of(*edge).is_some() {
                    return broken(i);
                }
                at = cfa.edge(*edge).dst;
                if program.owner(at).is_none() {
                    calls.clear();
                }
            }
            Step::Call { edge, function, .. } => {
                if cfa.edge(*edge).src != at
                    || program.call_of(*edge).map(|c| c.0) != Some(*function)
                {
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
            Step::Summary { edge, .. } => {
                if cfa.edge(*edge).src != at || program.call_of(*edge).is_none() {
                    return broken(i);
                }
                at = cfa.edge(*edge).dst;
            }
        }
    }
    if cfa.kind(at) != LocationKind::Error || specials.contains_key(&at) {
        return Err("internal error: the model's path does not end in an error location".into());
    }
    Ok(())
}

fn has_choice(cfa: &Cfa, path: &[EdgeId]) -> bool {
    path.iter().any(|e| {
        let s = cfa.edge(*e).stmt;
        cfa.stmts.leaves(s).len() != cfa.stmts.parts(s).len()
    })
}

/// The path as a flat CFA.
struct Chain {
    cfa: Cfa,
    path: Vec<EdgeId>,
    initial: Vec<(VarId, Value)>,
    havocs: Vec<Vec<Value>>,
}

struct Builder<'p> {
    program: &'p Program,
    cfa: Cfa,
    at: LocationId,
    path: Vec<EdgeId>,
    havocs: Vec<Vec<Value>>,
    /// Per activation: the renaming of its function's locals (empty: the plain names).
    maps: FxHashMap<u32, FxHashMap<Term, Term>>,
    memo: FxHashMap<(u32, StmtId), StmtId>,
}

impl Builder<'_> {
    fn add(&mut self, s: StmtId, values: Vec<Value>) {
        let name = format!("c{}", self.cfa.location_capacity());
        let next = self.cfa.add_location(name, LocationKind::Plain);
        self.path.push(self.cfa.add_edge(self.at, next, s));
        self.havocs.push(values);
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

fn build(program: &Program, taken: &[&Step], model: &mut Model<'_>) -> Chain {
    let pcfa = &program.cfa;
    let terms = pcfa.terms.clone();
    let mut cfa = Cfa::new(terms.clone(), pcfa.stmts.clone());
    for d in pcfa.vars() {
        cfa.declare_like(terms.var_term(d.var), d);
    }
    let mut value = |t: Term| model(t).unwrap_or_else(|| Value::zero(terms.sort(t)));
    let vars: Vec<VarId> = pcfa.vars().iter().map(|d| d.var).collect();
    let mut initial: FxHashMap<VarId, Value> = vars
        .iter()
        .map(|v| (*v, value(terms.ssa_var(*v, 0))))
        .collect();
    let at = cfa.add_location("c0", LocationKind::Init);
    let mut b = Builder {
        program,
        cfa,
        at,
        path: Vec::new(),
        havocs: Vec::new(),
        maps: FxHashMap::default(),
        memo: FxHashMap::default(),
    };
    let mut count: FxHashMap<cfa::FnId, u32> = FxHashMap::default();
    for s in taken {
        match s {
            Step::Edge {
                edge, act, havocs, ..
            } => {
                let stmt = b.rename(*act, pcfa.edge(*edge).stmt);
                let values = havocs.iter().map(|t| value(*t)).collect();
                b.add(stmt, values);
            }
            Step::Call {
                edge,
                caller,
                callee,
                function,
                fresh,
                ..
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
                for (i, sym) in fresh {
                    let v = terms.var_term(vars[*i]);
                    let copy = map.get(&v).copied().unwrap_or(v);
                    initial.insert(terms.as_var(copy).expect("a variable"), value(*sym));
                }
                b.maps.insert(*callee, map);
                let s = b.transfer(*edge, true, *caller, *callee);
                b.add(s, Vec::new());
            }
            Step::Return {
                edge,
                caller,
                callee,
                ..
            } => {
                let s = b.transfer(*edge, false, *caller, *callee);
                b.add(s, Vec::new());
            }
            Step::Summary {
                edge,
                caller,
                results,
                globals,
                ..
            } => {
                // The call's effect as the constants an earlier, identical call computed.
                let origin = pcfa.stmts.origin(pcfa.edge(*edge).stmt);
                let mut parts: Vec<StmtId> = results
                    .iter()
                    .map(|(x, v)| pcfa.stmts.assign(b.sub(*x, *caller), *v, origin.clone()))
                    .collect();
                for (i, v) in globals {
                    let g = terms.var_term(vars[*i]);
                    parts.push(pcfa.stmts.assign(g, *v, origin.clone()));
                }
                let s = pcfa.stmts.seq(&parts);
                b.add(s, Vec::new());
            }
        }
    }
    let mut cfa = b.cfa;
    cfa.set_kind(b.at, LocationKind::Error);
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
    Chain {
        cfa,
        path: b.path,
        initial,
        havocs: b.havocs,
    }
}
