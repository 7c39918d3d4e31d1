//! Summaries as tables: a recursion over a finite set of arguments is proved by
//! exhaustion over the calls it makes, as explicit-state tabulation does in
//! interprocedural analysis. Calls are memoised (`Tabulation`), so one sampling run of
//! `fib(30)` records every call `fib(k)`, `k <= 30`, and its result with 31 runs of the
//! body instead of 1.6 million; every relation of a recursive function gets the candidate
//! "one of the recorded tuples" (`invariants::table`); Houdini decides whether the tables
//! are closed under the clauses. Where a table misses calls that callers which are not
//! recursive make (random inputs rarely hit `ack(3, 5)`), the solver's models of the
//! clauses into the function's entry name them (`missing_calls`), and sampling runs those
//! calls — counterexamples to the table's induction turned into samples, as ICE learning
//! does.

use crate::encode::Encoding;
use cfa::exec::{Memo, Recall, State};
use cfa::{FnId, Program, Stmt, VarKind};
use invariants::Column;
use logic::chc::RelId;
use logic::{SatResult, SolverFactory, Term, Value, VarId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::{Duration, Instant};

/// Calls answered from earlier runs and earlier calls of this one ([`Memo`]): a call is
/// keyed by its frame's entry (globals and parameters: all the callee reads but its
/// uninitialised locals, which the clauses leave arbitrary as well) and answered
/// with its frame's outputs (globals and results: all it writes), so a memoised run is an
/// execution of the program and its tuples are reachable states. Only calls of recursive
/// functions that read no input are memoised: a function that reads an input
/// (`__VERIFIER_nondet_int()` in a helper) would otherwise give every run the first
/// run's value, which is still an execution but not the variety samples need; a
/// function without recursion repeats no subtree.
pub(crate) struct Tabulation {
    memoised: Vec<bool>,
    entries: Vec<Vec<VarId>>,
    outputs: Vec<Vec<VarId>>,
    known: FxHashMap<(FnId, Vec<Value>), Outputs>,
}

/// What a call leaves in the variables it writes.
type Outputs = Vec<(VarId, Value)>;

/// At most this many calls are remembered.
const MEMO_CALLS: usize = 100_000;

impl Tabulation {
    pub(crate) fn new(program: &Program, enc: &Encoding) -> Tabulation {
        let deterministic = deterministic(program);
        Tabulation {
            memoised: (0..program.functions().len())
                .map(|f| deterministic[f] && program.is_recursive(FnId(f as u32)))
                .collect(),
            entries: enc.frames.functions.iter().map(|f| f.entry()).collect(),
            outputs: enc.frames.functions.iter().map(|f| f.outputs()).collect(),
            known: FxHashMap::default(),
        }
    }
}

impl Memo for Tabulation {
    type Key = Vec<Value>;
    fn recall(&mut self, f: FnId, state: &State) -> Recall<Vec<Value>> {
        if !self.memoised[f.index()] {
            return Recall::Run;
        }
        let key: Option<Vec<Value>> = self.entries[f.index()]
            .iter()
            .map(|v| state.get(v).cloned())
            .collect();
        let Some(key) = key else {
            return Recall::Run;
        };
        let call = (f, key);
        match self.known.get(&call) {
            Some(outputs) => Recall::Known(outputs.clone()),
            None if self.known.len() < MEMO_CALLS => Recall::Remember(call.1),
            None => Recall::Run,
        }
    }
    fn remember(&mut self, f: FnId, key: Vec<Value>, state: &State) {
        let outputs: Option<Outputs> = self.outputs[f.index()]
            .iter()
            .map(|v| state.get(v).map(|x| (*v, x.clone())))
            .collect();
        if let Some(outputs) = outputs {
            self.known.insert((f, key), outputs);
        }
    }
}

/// Per function: whether neither it nor a function it calls, directly or not, reads an
/// input (`havoc` of an input variable) or makes a choice. (The `havoc` of an uninitialised
/// local does not count: the front end gives one to every function's return variable, and
/// a memoised call still answers with what one execution gave.)
fn deterministic(program: &Program) -> Vec<bool> {
    let cfa = &program.cfa;
    let n = program.functions().len();
    let mut chooses = vec![false; n];
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in cfa.edges() {
        let Some(owner) = program.owner(cfa.edge(e).src) else {
            continue;
        };
        if let Some((callee, _)) = program.call_of(e) {
            callers[callee.index()].push(owner.index());
            continue;
        }
        let mut stack = vec![cfa.edge(e).stmt];
        while let Some(s) = stack.pop() {
            match cfa.stmts.get(s) {
                Stmt::Havoc(x) => {
                    let var = cfa.terms.as_var(x);
                    let decl = var.and_then(|v| cfa.var_decl(v));
                    chooses[owner.index()] |= decl.is_some_and(|d| d.kind != VarKind::Program);
                }
                Stmt::Choice(_) => chooses[owner.index()] = true,
                Stmt::Seq(parts) => stack.extend(parts.iter().copied()),
                _ => {}
            }
        }
    }
    // A choice reaches every caller.
    let mut work: Vec<usize> = (0..n).filter(|f| chooses[*f]).collect();
    while let Some(f) = work.pop() {
        for c in &callers[f] {
            if !chooses[*c] {
                chooses[*c] = true;
                work.push(*c);
            }
        }
    }
    chooses.iter().map(|c| !c).collect()
}

/// A relation of a recursive function with at most this many distinct tuples gets the
/// candidate "one of these" ([`invariants::table`]).
pub(crate) const TABLE_ROWS: usize = 2048;

/// How a relation is tabled ([`tabled`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tabling {
    /// No table.
    No,
    /// A relation of a recursive function: its table alone, and a table it must have
    /// (more tuples than [`TABLE_ROWS`]: a domain tables do not cover).
    Recursion,
    /// Another function's relation in a recursive program: a table where the samples
    /// repeat themselves, alone, then with the templates once Houdini drops it. The
    /// contexts of a recursion are states of its callers: a list built by a loop of
    /// `main` is a shape templates do not state (`n` nodes allocated, each pointing to
    /// the one before), but a table of the loop head's few live heaps does.
    Beside,
}

/// Per relation: how it is tabled. A recursion over a finite set of arguments
/// (`fib(n)` for `0 <= n <= 30`; Ackermann's function with `m <= 3`, `n <= 5`) has a
/// summary that is its table of values, and often none that linear or polynomial
/// templates state (`fib(n) <= 2^n`, which is what shows that `fib(n - 1) + fib(n - 2)`
/// does not wrap); the memoised runs record the whole table (`Tabulation`), and Houdini
/// decides whether it is closed under the clauses — a proof by exhaustion over the
/// reachable calls, as explicit-state tabulation gives.
pub(crate) fn tabled(program: &Program, enc: &Encoding) -> Vec<Tabling> {
    let recursive = program.has_recursion();
    // Not the top level's: its state is the initial one, arbitrary until the program's
    // initialisers have run (templates state what they set).
    let of = |f: Option<FnId>| match f {
        Some(f) if program.is_recursive(f) => Tabling::Recursion,
        Some(_) if recursive => Tabling::Beside,
        _ => Tabling::No,
    };
    owners(program, enc).into_iter().map(of).collect()
}

/// Per relation, per formal: when its value matters ([`invariants::Column`]), as far as
/// the relation itself shows it — a part of a heap object while the object's `alive` bit
/// is set, where the relation has the bit in the same state (entry or current;
/// `cfa::VarDecl::heap_alive`), and a function's entry value of a global only when it is
/// live at the entry (otherwise every path writes it before reading it: no output depends
/// on it).
pub(crate) fn columns(program: &Program, enc: &Encoding) -> Vec<Vec<Column>> {
    let cfa = &program.cfa;
    let mut out = vec![Vec::new(); enc.horn.relations.len()];
    let columns = |parts: &[(&[VarId], Option<&FxHashSet<VarId>>)]| {
        let mut row = Vec::new();
        for (part, live) in parts {
            let at: FxHashMap<VarId, usize> = part
                .iter()
                .enumerate()
                .map(|(i, v)| (*v, row.len() + i))
                .collect();
            for v in *part {
                let alive = cfa.var_decl(*v).and_then(|d| d.heap_alive);
                row.push(match alive.and_then(|a| at.get(&a)) {
                    _ if live.is_some_and(|l| !l.contains(v)) => Column::Never,
                    Some(j) => Column::While(*j),
                    None => Column::Always,
                });
            }
        }
        row
    };
    let live: Vec<Option<FxHashSet<VarId>>> = program
        .functions()
        .iter()
        .map(|f| {
            enc.states
                .get(&f.entry)
                .map(|s| s.iter().copied().collect())
        })
        .collect();
    let entry = |f: FnId| {
        (
            enc.frames.functions[f.index()].entry(),
            live[f.index()].as_ref(),
        )
    };
    for (l, r) in &enc.at {
        let state = enc.states[l].as_slice();
        out[r.index()] = match program.owner(*l) {
            Some(f) => {
                let (vars, live) = entry(f);
                columns(&[(&vars, live), (state, None)])
            }
            None => columns(&[(state, None)]),
        };
    }
    for (f, r) in enc.summaries.iter().enumerate() {
        let (vars, live) = entry(FnId(f as u32));
        let outputs = enc.frames.functions[f].outputs();
        out[r.index()] = columns(&[(&vars, live), (&outputs, None)]);
    }
    out
}

/// Per relation: the function whose location or summary it is (`None`: the top level's,
/// the query).
fn owners(program: &Program, enc: &Encoding) -> Vec<Option<FnId>> {
    let mut out = vec![None; enc.horn.relations.len()];
    for (l, r) in &enc.at {
        out[r.index()] = program.owner(*l);
    }
    for (f, r) in enc.summaries.iter().enumerate() {
        out[r.index()] = Some(FnId(f as u32));
    }
    out
}

/// At most this many missing calls are asked for per function and round.
const MISSING: usize = 64;

/// The calls of recursive functions that their tables miss: for each recursive function
/// whose entry relation's table (`tables`) Houdini dropped, the entry states (frame entry
/// values) of the clauses into that relation from relations of functions that are not
/// recursive, or of the top level, that the invariants Houdini kept (`kept`, per relation)
/// admit and the table does not — up to [`MISSING`] per function, each check within
/// `per_check` — and whether some function had that many (its domain is then larger than
/// tables are made for). The states are candidates' counterexamples, not necessarily reachable:
/// a run from one only adds samples, which weakens candidates and never makes one wrong.
pub(crate) fn missing_calls(
    program: &Program,
    enc: &Encoding,
    tables: &[Option<Term>],
    kept: &[Vec<Term>],
    solvers: &dyn SolverFactory,
    per_check: Duration,
    deadline: Option<Instant>,
) -> (Vec<(FnId, Vec<Value>)>, bool) {
    let store = &*program.cfa.terms;
    let owners = owners(program, enc);
    let solution: Vec<Term> = kept.iter().map(|k| store.and(k)).collect();
    let outside = |r: RelId| owners[r.index()].is_none_or(|g| !program.is_recursive(g));
    let (mut out, mut saturated) = (Vec::new(), false);
    for (i, f) in program.functions().iter().enumerate() {
        let f_id = FnId(i as u32);
        let Some(entry_rel) = enc.at.get(&f.entry).copied() else {
            continue;
        };
        let Some(table) = tables[entry_rel.index()] else {
            continue;
        };
        if !program.is_recursive(f_id) || kept[entry_rel.index()].contains(&table) {
            continue;
        }
        let width = enc.frames.functions[i].entry().len();
        let formals = enc.horn.formals(store, entry_rel);
        let mut found = 0;
        for c in &enc.horn.clauses {
            if c.head.rel != entry_rel || !c.body.iter().all(|b| outside(b.rel)) {
                continue;
            }
            let at_head: FxHashMap<Term, Term> = formals
                .iter()
                .copied()
                .zip(c.head.args.iter().copied())
                .collect();
            let mut solver = solvers.new_solver();
            solver.assert(c.constraint);
            for b in &c.body {
                solver.assert(enc.horn.instantiate(store, &solution, b));
            }
            solver.assert(store.not(store.substitute(table, &at_head)));
            while found < MISSING {
                let left = deadline.map_or(per_check, |d| {
                    d.saturating_duration_since(Instant::now()).min(per_check)
                });
                if left.is_zero() {
                    return (out, saturated);
                }
                solver.set_timeout(Some(left));
                if solver.check() != SatResult::Sat {
                    break;
                }
                let args = &c.head.args[..width];
                let values: Option<Vec<Value>> = args.iter().map(|a| solver.value(*a)).collect();
                let Some(values) = values else {
                    break;
                };
                let same: Vec<Term> = args
                    .iter()
                    .zip(&values)
                    .map(|(a, v)| store.eq(*a, store.value_term(v)))
                    .collect();
                solver.assert(store.not(store.and(&same)));
                out.push((f_id, values));
                found += 1;
            }
        }
        saturated |= found == MISSING;
    }
    (out, saturated)
}
