//! Concrete execution of statements: the reference semantics that path formulas, WP and
//! every engine's traces are tested against.

use crate::stmt::{Stmt, StmtId, StmtStore};
use logic::{EvalError, Sort, TermStore, Value, VarId};
use rustc_hash::FxHashMap;

/// Values of program variables.
pub type State = FxHashMap<VarId, Value>;

/// Resolves the nondeterminism of an execution.
pub trait Oracle {
    /// Which of the `n` branches of choice `s` to take.
    fn branch(&mut self, s: StmtId, n: usize) -> usize;
    /// The value a `havoc` of `v` produces.
    fn havoc(&mut self, v: VarId, sort: Sort) -> Value;
}

/// An oracle that gives recorded decisions back: branch indices and havoc values, each in
/// order (a CFA path's block choices and inputs; not the replay of a program with gcc,
/// which is `witness::replay`).
pub struct RecordedChoices<'a> {
    pub choices: std::slice::Iter<'a, usize>,
    pub havocs: std::slice::Iter<'a, Value>,
    /// Set when the recording ran out (the replay then takes branch 0 / zero values).
    pub exhausted: bool,
}

impl<'a> RecordedChoices<'a> {
    pub fn new(choices: &'a [usize], havocs: &'a [Value]) -> Self {
        RecordedChoices {
            choices: choices.iter(),
            havocs: havocs.iter(),
            exhausted: false,
        }
    }
}

impl Oracle for RecordedChoices<'_> {
    fn branch(&mut self, _s: StmtId, n: usize) -> usize {
        match self.choices.next() {
            Some(i) if *i < n => *i,
            _ => {
                self.exhausted = true;
                0
            }
        }
    }
    fn havoc(&mut self, _v: VarId, sort: Sort) -> Value {
        match self.havocs.next() {
            Some(v) if v.sort() == sort => v.clone(),
            _ => {
                self.exhausted = true;
                Value::zero(sort)
            }
        }
    }
}

/// Executes `s` in `state`; `Ok(false)` when an `assume` blocks the execution.
pub fn execute(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    state: &mut State,
    oracle: &mut dyn Oracle,
) -> Result<bool, EvalError> {
    match stmts.get(s) {
        Stmt::Assume(c) => Ok(terms.eval_map(c, state)? == Value::Bool(true)),
        Stmt::Assign(x, e) => {
            let v = terms.eval_map(e, state)?;
            state.insert(terms.as_var(x).expect("variable"), v);
            Ok(true)
        }
        Stmt::Havoc(x) => {
            let v = terms.as_var(x).expect("variable");
            let val = oracle.havoc(v, terms.var_sort(v));
            state.insert(v, val);
            Ok(true)
        }
        Stmt::Skip => Ok(true),
        Stmt::Call(_) => unreachable!("{}", crate::stmt::CALL_IN_FLAT_CFA),
        Stmt::Seq(_) => {
            for p in stmts.parts(s) {
                if !execute(terms, stmts, p, state, oracle)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Stmt::Choice(_) => {
            let branches = stmts.branches(s);
            let i = oracle.branch(s, branches.len());
            execute(terms, stmts, branches[i], state, oracle)
        }
    }
}

/// Every final state of every non-blocked execution of `s` from `state`, with havoc values
/// drawn from `domain(sort)`, each state once (keep domains and sorts small: the number of
/// executions is exponential, the number of distinct states after each statement at most
/// the product of the sizes of the variables' sorts, which is what keeps memory bounded —
/// without merging, a sequence of havocs and choices grew past 13 GiB).
pub fn all_executions(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    state: &State,
    domain: &dyn Fn(Sort) -> Vec<Value>,
) -> Result<Vec<State>, EvalError> {
    match stmts.get(s) {
        Stmt::Seq(_) => {
            let mut states = vec![state.clone()];
            for p in stmts.parts(s) {
                let mut next = Vec::new();
                for st in &states {
                    next.extend(all_executions(terms, stmts, p, st, domain)?);
                }
                states = distinct(next);
            }
            Ok(states)
        }
        Stmt::Choice(_) => {
            let mut out = Vec::new();
            for b in stmts.branches(s) {
                out.extend(all_executions(terms, stmts, b, state, domain)?);
            }
            Ok(distinct(out))
        }
        Stmt::Havoc(x) => {
            let v = terms.as_var(x).expect("variable");
            Ok(domain(terms.var_sort(v))
                .into_iter()
                .map(|val| {
                    let mut st = state.clone();
                    st.insert(v, val);
                    st
                })
                .collect())
        }
        _ => {
            let mut st = state.clone();
            struct NoOracle;
            impl Oracle for NoOracle {
                fn branch(&mut self, _: StmtId, _: usize) -> usize {
                    unreachable!("primitive statement")
                }
                fn havoc(&mut self, _: VarId, _: Sort) -> Value {
                    unreachable!("primitive statement")
                }
            }
            Ok(if execute(terms, stmts, s, &mut st, &mut NoOracle)? {
                vec![st]
            } else {
                vec![]
            })
        }
    }
}

/// `states` without repetitions (in their first order).
fn distinct(states: Vec<State>) -> Vec<State> {
    let mut seen: rustc_hash::FxHashSet<Vec<(VarId, Value)>> = Default::default();
    states
        .into_iter()
        .filter(|st| {
            let mut key: Vec<(VarId, Value)> = st.iter().map(|(v, x)| (*v, x.clone())).collect();
            key.sort();
            seen.insert(key)
        })
        .collect()
}

/// How a run of a CFA ended.
#[derive(Clone, Debug, PartialEq)]
pub enum RunEnd {
    /// At a location without enabled outgoing edges (exit, sink, error, or blocked).
    Stopped(crate::LocationId),
    /// More than the allowed number of steps.
    StepLimit,
    /// More than one outgoing edge is enabled: the run is not determined by the oracle.
    Nondeterministic(crate::LocationId),
}

/// Runs a CFA from its init location: at every location, the one outgoing edge whose
/// statement executes (its assumptions hold) is taken. The oracle answers havocs; each
/// edge is tried on a copy of the state and oracle, so a blocked edge consumes nothing.
/// Returns the final state, the edges taken and how the run ended.
pub fn run_cfa<O: Oracle + Clone>(
    cfa: &crate::Cfa,
    state: &mut State,
    oracle: &mut O,
    max_steps: usize,
) -> Result<(Vec<crate::EdgeId>, RunEnd), EvalError> {
    let mut at = cfa.init();
    let mut path = Vec::new();
    for _ in 0..max_steps {
        let mut taken: Option<(crate::EdgeId, State, O)> = None;
        for e in cfa.out_edges(at) {
            let mut s = state.clone();
            let mut o = oracle.clone();
            if execute(&cfa.terms, &cfa.stmts, cfa.edge(*e).stmt, &mut s, &mut o)? {
                if taken.is_some() {
                    return Ok((path, RunEnd::Nondeterministic(at)));
                }
                taken = Some((*e, s, o));
            }
        }
        match taken {
            None => return Ok((path, RunEnd::Stopped(at))),
            Some((e, s, o)) => {
                *state = s;
                *oracle = o;
                path.push(e);
                at = cfa.edge(e).dst;
            }
        }
    }
    Ok((path, RunEnd::StepLimit))
}

/// One active call of a procedural run: the call edge, the values of the callee's locals
/// it saved (a recursive callee's, whose copies the call overwrites), and what a [`Memo`]
/// remembers its entry by.
struct RunFrame<K> {
    call: crate::EdgeId,
    callee: crate::program::FnId,
    saved: Vec<(VarId, Option<Value>)>,
    key: Option<K>,
}

/// The outputs of calls made before (tabulation, as in the summaries of interprocedural
/// analysis): a call from an entry state seen before may take the outputs that call had
/// instead of running the callee again. What the run then reports is still an execution
/// when the memo keys a call by everything the callee reads and answers with everything
/// it writes (the frames of `chc`); a deep recursion such as `fib(30)` then takes one run
/// of the body per distinct argument instead of 1.6 million.
pub trait Memo {
    /// What a call's entry is remembered by until it returns.
    type Key;
    /// A call of `f`, its parameters assigned in `state`.
    fn recall(&mut self, f: crate::program::FnId, state: &State) -> Recall<Self::Key>;
    /// The call remembered by `key` is at `f`'s exit in `state`.
    fn remember(&mut self, f: crate::program::FnId, key: Self::Key, state: &State);
}

/// What a [`Memo`] knows of a call.
pub enum Recall<K> {
    /// Its outputs: the values it leaves in these variables; the callee is not run.
    Known(Vec<(VarId, Value)>),
    /// Run it, and tell the memo its outputs under this key when it returns.
    Remember(K),
    /// Run it.
    Run,
}

/// No memo: every call runs.
impl Memo for () {
    type Key = ();
    fn recall(&mut self, _: crate::program::FnId, _: &State) -> Recall<()> {
        Recall::Run
    }
    fn remember(&mut self, _: crate::program::FnId, _: (), _: &State) {}
}

/// Ends the call `call` whose callee is at its exit in `state`: its results are read into
/// the caller's variables and the locals it saved are restored.
fn finish_call(
    program: &crate::Program,
    call: crate::EdgeId,
    saved: Vec<(VarId, Option<Value>)>,
    state: &mut State,
) -> Result<(), EvalError> {
    let terms = &*program.cfa.terms;
    let (_, call) = program.call_of(call).expect("a call edge");
    let mut values = Vec::with_capacity(call.results.len());
    for (_, r) in call.results.iter() {
        values.push(terms.eval_map(*r, state)?);
    }
    for (v, old) in saved {
        match old {
            Some(x) => state.insert(v, x),
            None => state.remove(&v),
        };
    }
    for ((x, _), val) in call.results.iter().zip(values) {
        state.insert(terms.as_var(*x).expect("a variable"), val);
    }
    Ok(())
}

/// Runs a procedural program from its init location, as [`run_cfa`] runs a flat CFA: a
/// call assigns the parameters (all arguments evaluated first), saves a recursive callee's
/// locals, and enters the callee; reaching the callee's exit reads the results, restores
/// the saved locals and continues after the call; an edge into the top level ends every
/// active call (`crate::program`). The path lists the edges taken, calls included.
pub fn run_program<O: Oracle + Clone>(
    program: &crate::Program,
    state: &mut State,
    oracle: &mut O,
    max_steps: usize,
) -> Result<(Vec<crate::EdgeId>, RunEnd), EvalError> {
    run_program_observed(program, state, oracle, max_steps, &mut |_, _| {})
}

/// What [`run_program_observed`] reports, with the state at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit {
    /// The run is at this location (every location it reaches, the init location first;
    /// at a location of the top level, no call is active any more).
    At(crate::LocationId),
    /// A call entered this function: its parameters are assigned (reported before the
    /// callee's entry location).
    Enter(crate::program::FnId),
    /// The active call of this function returned: its results are in the caller's
    /// variables, its saved locals restored.
    Leave(crate::program::FnId),
}

/// [`run_program`], reporting every location reached and every call's entry and return
/// to `observe` (the states an engine samples: each is reachable).
pub fn run_program_observed<O: Oracle + Clone>(
    program: &crate::Program,
    state: &mut State,
    oracle: &mut O,
    max_steps: usize,
    observe: &mut dyn FnMut(Visit, &State),
) -> Result<(Vec<crate::EdgeId>, RunEnd), EvalError> {
    run_memo(
        program,
        Start::Init,
        state,
        oracle,
        max_steps,
        &mut (),
        observe,
    )
}

/// Where a run starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// At the init location: a run of the program.
    Init,
    /// At the entry of one call of this function, from the given state (its parameters and
    /// the globals it reads assigned): reported as entered, and ended at the function's
    /// exit (`RunEnd::Stopped`), where no caller takes the results, or where an edge leaves
    /// for the top level (not reported). The states reported are those of that call in any
    /// run that calls the function from that state.
    Call(crate::program::FnId),
}

/// [`run_program_observed`] from `start`, with calls answered by `memo` where it knows
/// them: such a call is reported neither entered nor left, only the location after it,
/// and its edge is in the path with no steps of the callee.
pub fn run_memo<O: Oracle + Clone, M: Memo>(
    program: &crate::Program,
    start: Start,
    state: &mut State,
    oracle: &mut O,
    max_steps: usize,
    memo: &mut M,
    observe: &mut dyn FnMut(Visit, &State),
) -> Result<(Vec<crate::EdgeId>, RunEnd), EvalError> {
    let cfa = &program.cfa;
    let terms = &*cfa.terms;
    let mut at = match start {
        Start::Init => cfa.init(),
        Start::Call(f) => {
            observe(Visit::Enter(f), state);
            program.function(f).entry
        }
    };
    let mut path = Vec::new();
    let mut frames: Vec<RunFrame<M::Key>> = Vec::new();
    observe(Visit::At(at), state);
    for _ in 0..max_steps {
        if let Some(top) = frames.last() {
            if at == program.function(top.callee).exit {
                let top = frames.pop().expect("a frame");
                if let Some(key) = top.key {
                    memo.remember(top.callee, key, state);
                }
                finish_call(program, top.call, top.saved, state)?;
                observe(Visit::Leave(top.callee), state);
                at = cfa.edge(top.call).dst;
                observe(Visit::At(at), state);
                continue;
            }
        }
        let mut taken: Option<(crate::EdgeId, State, O)> = None;
        for e in cfa.out_edges(at) {
            let mut s = state.clone();
            let mut o = oracle.clone();
            let enabled = match program.call_of(*e) {
                Some(_) => true,
                None => execute(terms, &cfa.stmts, cfa.edge(*e).stmt, &mut s, &mut o)?,
            };
            if enabled {
                if taken.is_some() {
                    return Ok((path, RunEnd::Nondeterministic(at)));
                }
                taken = Some((*e, s, o));
            }
        }
        let Some((e, s, o)) = taken else {
            return Ok((path, RunEnd::Stopped(at)));
        };
        path.push(e);
        *oracle = o;
        if let Some((f, call)) = program.call_of(e) {
            let mut values = Vec::with_capacity(call.args.len());
            for (_, a) in call.args.iter() {
                values.push(terms.eval_map(*a, state)?);
            }
            let saved = if program.is_recursive(f) {
                let locals = &program.function(f).locals;
                locals.iter().map(|v| (*v, state.get(v).cloned())).collect()
            } else {
                Vec::new()
            };
            for ((p, _), val) in call.args.iter().zip(values) {
                state.insert(terms.as_var(*p).expect("a variable"), val);
            }
            let key = match memo.recall(f, state) {
                Recall::Known(outputs) => {
                    state.extend(outputs);
                    finish_call(program, e, saved, state)?;
                    at = cfa.edge(e).dst;
                    observe(Visit::At(at), state);
                    continue;
                }
                Recall::Remember(k) => Some(k),
                Recall::Run => None,
            };
            frames.push(RunFrame {
                call: e,
                callee: f,
                saved,
                key,
            });
            observe(Visit::Enter(f), state);
            at = program.function(f).entry;
            observe(Visit::At(at), state);
            continue;
        }
        *state = s;
        at = cfa.edge(e).dst;
        if program.owner(at).is_none() {
            if start != Start::Init {
                // The call leaves the program (`exit`, `abort`): what follows is no part
                // of it, and the caller's state it would run in is not given.
                return Ok((path, RunEnd::Stopped(at)));
            }
            frames.clear();
        }
        observe(Visit::At(at), state);
    }
    Ok((path, RunEnd::StepLimit))
}
