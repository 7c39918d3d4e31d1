//! What each function's relations range over (its *frame*): the variables it shares with
//! its callers and callees, and its own.
//!
//! A function reads and writes its locals (one copy per activation: a caller's locals are
//! untouched by a call, as `cfa::exec::run_program` saves and restores a recursive
//! callee's) and the variables of its frame's `globals`: every variable its edges or its
//! callees' frames mention that is not its own local — the program's globals, and a local
//! of another function reached through a pointer while that function is active. A call
//! passes the callee's globals in and out, its parameters in and its results out; nothing
//! else crosses it.

use cfa::{FnId, Program, Stmt, StmtId};
use logic::{TermStore, VarId};
use rustc_hash::FxHashSet;
use std::collections::BTreeSet;

/// The variables of one function (or of the top level).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// Shared with callers and callees, in id order.
    pub globals: Vec<VarId>,
    /// One copy per activation: the function's locals (none at the top level).
    pub locals: Vec<VarId>,
    /// The locals calls assign on entry (in id order).
    pub params: Vec<VarId>,
    /// The locals calls read on return (in id order).
    pub results: Vec<VarId>,
}

impl Frame {
    /// The state at a location: globals, then locals.
    pub fn state(&self) -> Vec<VarId> {
        self.globals.iter().chain(&self.locals).copied().collect()
    }

    /// What a function's summary states after its entry state: globals, then results.
    pub fn outputs(&self) -> Vec<VarId> {
        self.globals.iter().chain(&self.results).copied().collect()
    }

    /// What a function's state at entry is remembered by: globals, then parameters.
    pub fn entry(&self) -> Vec<VarId> {
        self.globals.iter().chain(&self.params).copied().collect()
    }
}

/// The frame of the top level and of every function.
#[derive(Clone, Debug)]
pub struct Frames {
    pub top: Frame,
    pub functions: Vec<Frame>,
}

impl Frames {
    pub fn of(&self, f: Option<FnId>) -> &Frame {
        match f {
            Some(f) => &self.functions[f.index()],
            None => &self.top,
        }
    }
}

/// The frames of `program`; `Err` when a call's parameter or result is not a local of the
/// callee (a hand-written `.cfa` file may do that; the front end never does).
pub fn frames(program: &Program) -> Result<Frames, String> {
    let cfa = &program.cfa;
    let terms = &*cfa.terms;
    let n = program.functions().len();
    // Per function (index n: the top level): the variables its edges mention, callees.
    let mut mentioned: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); n + 1];
    let mut callees: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n + 1];
    let mut params: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); n];
    let mut results: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); n];
    for e in cfa.edges() {
        let edge = cfa.edge(e);
        let who = program.owner(edge.src).map_or(n, |f| f.index());
        if let Some((g, call)) = program.call_of(e) {
            callees[who].insert(g.index());
            for (p, a) in call.args.iter() {
                params[g.index()].insert(terms.as_var(*p).ok_or("a parameter is no variable")?);
                mentioned[who].extend(terms.free_vars(*a));
            }
            for (x, r) in call.results.iter() {
                mentioned[who].extend(terms.free_vars(*x));
                results[g.index()].insert(terms.as_var(*r).ok_or("a result is no variable")?);
            }
        } else {
            mentions(terms, &cfa.stmts, edge.stmt, &mut mentioned[who]);
        }
    }
    let locals: Vec<FxHashSet<VarId>> = program
        .functions()
        .iter()
        .map(|f| f.locals.iter().copied().collect())
        .chain([FxHashSet::default()])
        .collect();
    for g in 0..n {
        for v in params[g].iter().chain(&results[g]) {
            if !locals[g].contains(v) {
                return Err(format!(
                    "`{}` passes `{}` across a call but it is no local of the function",
                    program.functions()[g].name,
                    terms.var_name(*v)
                ));
            }
        }
    }
    // Globals: what a function or its callees mention, less its own locals, to a fixpoint
    // over the call graph (sets only grow).
    let mut globals: Vec<BTreeSet<VarId>> = (0..=n)
        .map(|f| {
            mentioned[f]
                .iter()
                .filter(|v| !locals[f].contains(v))
                .copied()
                .collect()
        })
        .collect();
    loop {
        let mut changed = false;
        for f in 0..=n {
            let add: Vec<VarId> = callees[f]
                .iter()
                .flat_map(|g| globals[*g].iter())
                .filter(|v| !locals[f].contains(v) && !globals[f].contains(v))
                .copied()
                .collect();
            changed |= !add.is_empty();
            globals[f].extend(add);
        }
        if !changed {
            break;
        }
    }
    let functions: Vec<Frame> = program
        .functions()
        .iter()
        .enumerate()
        .map(|(i, f)| Frame {
            globals: globals[i].iter().copied().collect(),
            locals: f.locals.clone(),
            params: params[i].iter().copied().collect(),
            results: results[i].iter().copied().collect(),
        })
        .collect();
    let top = Frame {
        globals: globals[n].iter().copied().collect(),
        ..Frame::default()
    };
    Ok(Frames { top, functions })
}

/// Adds the variables statement `s` mentions (each shared part of a block visited once).
pub(crate) fn mentions(
    terms: &TermStore,
    stmts: &cfa::StmtStore,
    s: StmtId,
    out: &mut BTreeSet<VarId>,
) {
    let mut seen: FxHashSet<StmtId> = FxHashSet::default();
    let mut stack = vec![s];
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        match stmts.get(x) {
            Stmt::Assume(c) => out.extend(terms.free_vars(c)),
            Stmt::Assign(x, e) => {
                out.extend(terms.free_vars(x));
                out.extend(terms.free_vars(e));
            }
            Stmt::Havoc(x) => out.extend(terms.free_vars(x)),
            Stmt::Seq(xs) | Stmt::Choice(xs) => stack.extend(xs.iter().copied()),
            Stmt::Skip | Stmt::Call(_) => {}
        }
    }
}
