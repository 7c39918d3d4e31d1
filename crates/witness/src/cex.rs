//! Counterexamples: a path of CFA edges from init to an error location, resolved by a
//! model into a concrete single-block trace (branches taken, values written, inputs).
//!
//! Every engine produces its FALSE the same way: it finds a path, [`concretize`] solves
//! that path alone and reads the trace, and [`Counterexample::check`] executes the trace on
//! the CFA with the reference semantics before anything is reported.

use cfa::exec::{execute, RecordedChoices, State};
use cfa::{
    extract_trace, BlockTrace, Cfa, EdgeId, Encoder, Rec, SsaMap, Stmt, StmtId, TraceStep, VarKind,
};
use logic::Stop;
use logic::{SatResult, SolverFactory, Value, VarId};

/// A concrete counterexample.
#[derive(Clone, Debug, PartialEq)]
pub struct Counterexample {
    /// Edges from init to an error location (of the CFA the engine ran on).
    pub path: Vec<EdgeId>,
    /// How the model resolves each edge's statement.
    pub blocks: Vec<BlockTrace>,
    /// The initial value of every declared variable (uninitialised variables included).
    pub initial: Vec<(VarId, Value)>,
}

/// One value returned by an input function, in call order.
#[derive(Clone, Debug, PartialEq)]
pub struct InputValue {
    pub function: String,
    pub var: VarId,
    pub value: Value,
    /// Source line and column of the call, when known.
    pub line: Option<u32>,
    pub col: Option<u32>,
}

/// A path solved ([`concretize`], [`concretize_in_windows`]) and its model executed on
/// the CFA ([`Counterexample::check`]): the one way every engine turns a path into a
/// counterexample. `Ok(None)`: the path is infeasible; an execution that fails is an
/// internal error (the encoding and the reference semantics disagree), never a FALSE.
pub fn checked(
    cfa: &Cfa,
    solved: Result<Option<Counterexample>, Stop>,
) -> Result<Option<Counterexample>, Stop> {
    match solved? {
        Some(cex) => match cex.check(cfa) {
            Ok(()) => Ok(Some(cex)),
            Err(e) => Err(Stop::Other(format!(
                "internal error: the counterexample does not execute ({e})"
            ))),
        },
        None => Ok(None),
    }
}

/// Solves `path` on its own and reads the concrete trace from the model. `Ok(None)` when
/// the path is infeasible.
pub fn concretize(
    cfa: &Cfa,
    path: &[EdgeId],
    solvers: &dyn SolverFactory,
) -> Result<Option<Counterexample>, Stop> {
    let terms = &*cfa.terms;
    let mut enc = Encoder::new(terms, &cfa.stmts).with_selector_prefix("cex");
    enc.record = true;
    let mut ssa = SsaMap::new();
    let mut recs = Vec::with_capacity(path.len());
    let mut solver = solvers.new_solver();
    for e in path {
        let (f, r) = enc.encode(cfa.edge(*e).stmt, &mut ssa);
        solver.assert(f);
        recs.push(r);
    }
    match solver.check() {
        SatResult::Unsat => return Ok(None),
        SatResult::Unknown(r) => return Err(r),
        SatResult::Sat => {}
    }
    // Feasible (CEGAR asks this of every abstract counterexample, most of them infeasible:
    // only now is a second query worth it). Inputs of small magnitude if they take the
    // path: a model may pick `n = INT_MIN` where `n = 0` runs the same path, and in C the
    // first is undefined behaviour on `2 * n` (the CFA wraps, gcc's code need not), so the
    // replay would fail; small values are easier to read too. Briefly: a hard path keeps
    // its first model.
    let first = read_model(cfa, path, &recs, &mut *solver);
    let small = small_inputs(cfa, &recs);
    if terms.is_true(small) {
        return Ok(Some(first));
    }
    solver.set_timeout(Some(SMALL_INPUTS_LIMIT));
    let answer = solver.check_assuming(&[small]);
    solver.set_timeout(None);
    Ok(Some(if answer == SatResult::Sat {
        read_model(cfa, path, &recs, &mut *solver)
    } else {
        first
    }))
}

/// How long [`concretize`] looks for a model with small inputs.
const SMALL_INPUTS_LIMIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Every input (havoc) wider than 16 bits between `-2^15` and `2^15` (read signed).
fn small_inputs(cfa: &Cfa, recs: &[Vec<Rec>]) -> logic::Term {
    let terms = &*cfa.terms;
    let mut parts = Vec::new();
    let mut todo: Vec<&Rec> = recs.iter().flatten().collect();
    while let Some(r) = todo.pop() {
        match r {
            Rec::Leaf {
                stmt,
                written: Some(x),
            } if matches!(cfa.stmts.get(*stmt), Stmt::Havoc(_)) => {
                if let Some(w) = terms.sort(*x).bv_width().filter(|w| *w > 16) {
                    // x + 2^15 ≤ 2^16, unsigned: x in [-2^15, 2^15] as two's complement.
                    let shifted = terms.bvadd(*x, terms.bv_const(1 << 15, w));
                    parts.push(terms.bvule(shifted, terms.bv_const(1 << 16, w)));
                }
            }
            Rec::Leaf { .. } => {}
            Rec::Choice { branches, .. } => todo.extend(branches.iter().flatten()),
        }
    }
    terms.and(&parts)
}

/// The counterexample a satisfied path formula's model gives.
fn read_model(
    cfa: &Cfa,
    path: &[EdgeId],
    recs: &[Vec<Rec>],
    solver: &mut dyn logic::Solver,
) -> Counterexample {
    let mut value = |t| solver.value(t);
    let blocks = recs.iter().map(|r| extract_trace(r, &mut value)).collect();
    let initial = initial_values(cfa, &mut value);
    Counterexample {
        path: path.to_vec(),
        blocks,
        initial,
    }
}

/// Runs `path` (edges from init, without choices) from `initial`, the havocs of each edge
/// taking `havocs`' values in order, and records the trace: for an engine that knows a
/// path's inputs already (a model of the whole path), where solving the path again would
/// cost as much as finding it. `Err` when an assumption blocks, the values do not fit, or
/// an edge has a choice.
pub fn execute_path(
    cfa: &Cfa,
    path: &[EdgeId],
    initial: Vec<(VarId, Value)>,
    havocs: &[Vec<Value>],
) -> Result<Counterexample, String> {
    let terms = &*cfa.terms;
    let mut state: State = initial.iter().cloned().collect();
    let mut blocks = Vec::with_capacity(path.len());
    for (i, e) in path.iter().enumerate() {
        let mut values = havocs.get(i).map(|v| v.iter()).into_iter().flatten();
        let mut block = BlockTrace::default();
        for s in cfa.stmts.parts(cfa.edge(*e).stmt) {
            let value = match cfa.stmts.get(s) {
                Stmt::Assume(c) => {
                    let ok = terms.eval_map(c, &state).map_err(|x| x.to_string())?;
                    if ok != Value::Bool(true) {
                        return Err(format!("an assumption blocks edge {i}"));
                    }
                    None
                }
                Stmt::Assign(x, v) => {
                    let val = terms.eval_map(v, &state).map_err(|x| x.to_string())?;
                    state.insert(terms.as_var(x).expect("variable"), val.clone());
                    Some(val)
                }
                Stmt::Havoc(x) => {
                    let v = terms.as_var(x).expect("variable");
                    let val = values
                        .next()
                        .cloned()
                        .filter(|val| val.sort() == terms.var_sort(v))
                        .ok_or_else(|| format!("no value for a havoc of edge {i}"))?;
                    state.insert(v, val.clone());
                    Some(val)
                }
                Stmt::Skip => None,
                Stmt::Choice(_) => return Err(format!("edge {i} has a choice")),
                Stmt::Seq(_) => unreachable!("parts flattens sequences"),
                Stmt::Call(_) => unreachable!("{}", cfa::stmt::CALL_IN_FLAT_CFA),
            };
            block.steps.push(TraceStep { stmt: s, value });
        }
        blocks.push(block);
    }
    Ok(Counterexample {
        path: path.to_vec(),
        blocks,
        initial,
    })
}

/// The values some variables must have after a number of edges, as the engine that found
/// the path knows them (a bit-level trace knows every live variable in every step).
pub type Waypoint<'a> = &'a dyn Fn(usize) -> Vec<(VarId, Value)>;

/// Concretizes a long path `window` edges at a time: each window is solved from the
/// concrete state the previous windows reached, with the state after each of its edges
/// held to `waypoint` (so that a choice made in one window cannot strand the next), and
/// then executed to get the next window's start. Memory and time grow with the window,
/// not the path: one query over 32,000 loop iterations took 10 GB in a bit-blaster. `Err`
/// when a window has no model (the waypoints did not fit the path); the path's
/// feasibility is then unknown.
pub fn concretize_in_windows(
    cfa: &Cfa,
    path: &[EdgeId],
    solvers: &dyn SolverFactory,
    window: usize,
    waypoint: Waypoint<'_>,
) -> Result<Option<Counterexample>, Stop> {
    let window = window.max(1);
    if path.len() <= window {
        return concretize(cfa, path, solvers);
    }
    let terms = &*cfa.terms;
    let mut state: State = State::default();
    let mut initial: Vec<(VarId, Value)> = Vec::new();
    let mut blocks = Vec::with_capacity(path.len());
    for (w, edges) in path.chunks(window).enumerate() {
        let start = w * window;
        let end = start + edges.len();
        if w > 0 && edges.iter().all(|e| !has_havoc(cfa, cfa.edge(*e).stmt)) {
            // Nothing to choose but branches: run the blocks, each to the state the
            // engine's trace has after it.
            for (i, e) in edges.iter().enumerate() {
                let known = waypoint(start + i + 1);
                let accept = |st: &State| known.iter().all(|(v, val)| st.get(v) == Some(val));
                let mut block = BlockTrace::default();
                let mut todo = vec![cfa.edge(*e).stmt];
                let ran =
                    run_to(cfa, &mut todo, &mut state, &mut block, &accept).map_err(|err| {
                        Stop::Other(format!("evaluation failed on edge {}: {err}", start + i))
                    })?;
                if !ran {
                    return Err(Stop::Other(format!(
                        "internal error: edge {} of the counterexample does not run to the \
                         engine's state",
                        start + i
                    )));
                }
                blocks.push(block);
            }
            continue;
        }
        let mut enc = Encoder::new(terms, &cfa.stmts).with_selector_prefix("cex");
        enc.record = true;
        let mut ssa = SsaMap::new();
        let mut solver = solvers.new_solver();
        for (v, val) in &state {
            solver.assert(terms.eq(terms.ssa_var(*v, 0), terms.value_term(val)));
        }
        let mut recs = Vec::with_capacity(edges.len());
        for (i, e) in edges.iter().enumerate() {
            let (f, r) = enc.encode(cfa.edge(*e).stmt, &mut ssa);
            solver.assert(f);
            recs.push(r);
            // Every step, not only the window's last: a count over the window's inputs
            // held only at its end is a cardinality constraint, hard for CDCL (35 s for
            // 512 parities); held at each step, unit propagation settles each input.
            for (v, val) in waypoint(start + i + 1) {
                let now = terms.ssa_var(v, ssa.index(v));
                solver.assert(terms.eq(now, terms.value_term(&val)));
            }
        }
        match solver.check() {
            SatResult::Unsat => {
                return Err(Stop::Other(format!(
                    "internal error: edges {start}..{end} of the counterexample have no \
                     model from the state reached before them"
                )))
            }
            SatResult::Unknown(r) => return Err(r),
            SatResult::Sat => {}
        }
        let mut value = |t| solver.value(t);
        if w == 0 {
            initial = initial_values(cfa, &mut value);
            state = initial.iter().cloned().collect();
        }
        let found: Vec<BlockTrace> = recs.iter().map(|r| extract_trace(r, &mut value)).collect();
        for (i, (e, block)) in edges.iter().zip(&found).enumerate() {
            run_recorded(cfa, *e, block, &mut state).map_err(|err| {
                format!(
                    "internal error: the model of edges {start}..{end} does not execute \
                     (edge {}: {err})",
                    start + i
                )
            })?;
        }
        blocks.extend(found);
    }
    Ok(Some(Counterexample {
        path: path.to_vec(),
        blocks,
        initial,
    }))
}

/// Every declared variable's value before the path (SSA index 0) in a model; zero for
/// those the path never reads.
fn initial_values(
    cfa: &Cfa,
    value: &mut dyn FnMut(logic::Term) -> Option<Value>,
) -> Vec<(VarId, Value)> {
    let terms = &*cfa.terms;
    cfa.vars()
        .iter()
        .map(|d| {
            let v = value(terms.ssa_var(d.var, 0))
                .unwrap_or_else(|| Value::zero(terms.var_sort(d.var)));
            (d.var, v)
        })
        .collect()
}

fn has_havoc(cfa: &Cfa, s: StmtId) -> bool {
    match cfa.stmts.get(s) {
        Stmt::Havoc(_) => true,
        Stmt::Seq(_) => cfa.stmts.parts(s).into_iter().any(|p| has_havoc(cfa, p)),
        Stmt::Choice(_) => cfa.stmts.branches(s).into_iter().any(|b| has_havoc(cfa, b)),
        _ => false,
    }
}

/// Runs the statements of `todo` (the last one first) from `state`, searching the
/// branches of choices depth first, until a run ends in a state `accept` takes; records
/// that run in `block` as the encoder's trace extraction would. On `false`, `state`,
/// `block` and `todo` are as they were.
fn run_to(
    cfa: &Cfa,
    todo: &mut Vec<StmtId>,
    state: &mut State,
    block: &mut BlockTrace,
    accept: &dyn Fn(&State) -> bool,
) -> Result<bool, logic::EvalError> {
    let terms = &*cfa.terms;
    let Some(s) = todo.pop() else {
        return Ok(accept(state));
    };
    let steps = block.steps.len();
    let ok = match cfa.stmts.get(s) {
        Stmt::Seq(_) => {
            let parts = cfa.stmts.parts(s);
            let depth = todo.len();
            todo.extend(parts.iter().rev());
            let ok = run_to(cfa, todo, state, block, accept)?;
            if !ok {
                todo.truncate(depth);
            }
            ok
        }
        Stmt::Choice(_) => {
            let mut ok = false;
            for (i, b) in cfa.stmts.branches(s).into_iter().enumerate() {
                block.choices.push(i);
                todo.push(b);
                if run_to(cfa, todo, state, block, accept)? {
                    ok = true;
                    break;
                }
                todo.pop();
                block.choices.pop();
            }
            ok
        }
        Stmt::Assume(c) => {
            terms.eval_map(c, state)? == Value::Bool(true) && {
                block.steps.push(TraceStep {
                    stmt: s,
                    value: None,
                });
                run_to(cfa, todo, state, block, accept)?
            }
        }
        Stmt::Skip => {
            block.steps.push(TraceStep {
                stmt: s,
                value: None,
            });
            run_to(cfa, todo, state, block, accept)?
        }
        Stmt::Assign(x, e) => {
            let v = terms.as_var(x).expect("variable");
            let val = terms.eval_map(e, state)?;
            let old = state.insert(v, val.clone());
            block.steps.push(TraceStep {
                stmt: s,
                value: Some(val),
            });
            let ok = run_to(cfa, todo, state, block, accept)?;
            if !ok {
                match old {
                    Some(o) => state.insert(v, o),
                    None => state.remove(&v),
                };
            }
            ok
        }
        Stmt::Havoc(_) => unreachable!("run_to is only given havoc-free blocks"),
        Stmt::Call(_) => unreachable!("{}", cfa::stmt::CALL_IN_FLAT_CFA),
    };
    if !ok {
        block.steps.truncate(steps);
        todo.push(s);
    }
    Ok(ok)
}

/// Executes edge `e` from `state` with the decisions `block` recorded, which it must use
/// exactly; the error says why not.
fn run_recorded(cfa: &Cfa, e: EdgeId, block: &BlockTrace, state: &mut State) -> Result<(), String> {
    let havocs = havoc_values(cfa, block);
    let mut replay = RecordedChoices::new(&block.choices, &havocs);
    let ok = execute(&cfa.terms, &cfa.stmts, cfa.edge(e).stmt, state, &mut replay)
        .map_err(|err| format!("evaluation failed: {err}"))?;
    if !ok {
        return Err("an assumption blocks the trace".into());
    }
    if replay.exhausted || replay.choices.next().is_some() || replay.havocs.next().is_some() {
        return Err("the recorded decisions do not fit".into());
    }
    Ok(())
}

/// The values a block's `havoc`s wrote, in order.
fn havoc_values(cfa: &Cfa, block: &BlockTrace) -> Vec<Value> {
    block
        .steps
        .iter()
        .filter(|s| matches!(cfa.stmts.get(s.stmt), Stmt::Havoc(_)))
        .map(|s| s.value.clone().unwrap_or(Value::Bool(false)))
        .collect()
}

impl Counterexample {
    /// The values the trace's `havoc`s wrote, in execution order (its inputs, with the
    /// initial state: a run from them follows the trace).
    pub fn havocs(&self, cfa: &Cfa) -> Vec<Value> {
        self.blocks
            .iter()
            .flat_map(|b| havoc_values(cfa, b))
            .collect()
    }

    /// Executes the trace on `cfa` with the reference semantics: the path must start at
    /// init, follow the edges, never block, use exactly the recorded decisions, and end in
    /// an error location.
    pub fn check(&self, cfa: &Cfa) -> Result<(), String> {
        let mut state: State = self.initial.iter().cloned().collect();
        let mut at = cfa.init();
        if self.path.len() != self.blocks.len() {
            return Err("path and trace differ in length".into());
        }
        for (i, (e, block)) in self.path.iter().zip(&self.blocks).enumerate() {
            let edge = cfa.edge(*e);
            if edge.src != at {
                return Err(format!("edge {i} does not start where the path is"));
            }
            run_recorded(cfa, *e, block, &mut state).map_err(|err| format!("{err} on edge {i}"))?;
            at = edge.dst;
        }
        if !cfa.is_error(at) {
            return Err("the trace does not end in an error location".into());
        }
        Ok(())
    }

    /// The values the input functions return, in call order.
    pub fn inputs(&self, cfa: &Cfa) -> Vec<InputValue> {
        let terms = &*cfa.terms;
        let mut out = Vec::new();
        for block in &self.blocks {
            for step in &block.steps {
                let Stmt::Havoc(x) = cfa.stmts.get(step.stmt) else {
                    continue;
                };
                let v = terms.as_var(x).expect("variable");
                if let Some(VarKind::Input { function }) = cfa.var_kind(v) {
                    let origin = cfa.stmts.origin(step.stmt);
                    out.push(InputValue {
                        function: function.clone(),
                        var: v,
                        value: step.value.clone().expect("havoc value"),
                        line: origin.as_ref().map(|o| o.line),
                        col: origin.as_ref().map(|o| o.col),
                    });
                }
            }
        }
        out
    }

    /// Number of single-block steps.
    pub fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.steps.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The trace for people, in C terms (`crate::trace_text`).
    pub fn render(&self, cfa: &Cfa) -> String {
        crate::trace_text::render(self, cfa, None)
    }

    /// The trace as [`Counterexample::render`], its last line also saying what the replay
    /// saw (`replayed`: the sanitizer's words for an overflow, e.g. `2147483647 + 1
    /// cannot be represented in type 'int'`, which the CFA's trace does not spell out).
    pub fn render_replayed(&self, cfa: &Cfa, replayed: Option<&str>) -> String {
        crate::trace_text::render(self, cfa, replayed)
    }
}

/// A value as a person reads it: bit-vectors as unsigned and, where it differs, signed.
pub fn render_value(v: &Value) -> String {
    match v {
        Value::Bv(x, w) => {
            let s = logic::value::to_signed(*x, *w);
            if s < 0 {
                format!("{x} (signed {s})")
            } else {
                format!("{x}")
            }
        }
        other => other.to_string(),
    }
}
