//! Counterexamples: a path of CFA edges from init to an error location, resolved by a
//! model into a concrete single-block trace (branches taken, values written, inputs).
//!
//! Every engine produces its FALSE the same way: it finds a path, [`concretize`] solves
//! that path alone and reads the trace, and [`Counterexample::check`] executes the trace on
//! the CFA with the reference semantics before anything is reported.

use cfa::exec::{execute, Replay, State};
use cfa::{extract_trace, BlockTrace, Cfa, EdgeId, Encoder, SsaMap, Stmt, VarKind};
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

/// Solves `path` on its own and reads the concrete trace from the model. `Ok(None)` when
/// the path is infeasible.
pub fn concretize(
    cfa: &Cfa,
    path: &[EdgeId],
    solvers: &dyn SolverFactory,
) -> Result<Option<Counterexample>, String> {
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
        SatResult::Unsat => Ok(None),
        SatResult::Unknown(r) => Err(r),
        SatResult::Sat => {
            let mut value = |t| solver.value(t);
            let blocks = recs.iter().map(|r| extract_trace(r, &mut value)).collect();
            let initial = cfa
                .vars()
                .iter()
                .map(|d| {
                    let v = value(terms.ssa_var(d.var, 0))
                        .unwrap_or_else(|| Value::zero(terms.var_sort(d.var)));
                    (d.var, v)
                })
                .collect();
            Ok(Some(Counterexample {
                path: path.to_vec(),
                blocks,
                initial,
            }))
        }
    }
}

impl Counterexample {
    /// Executes the trace on `cfa` with the reference semantics: the path must start at
    /// init, follow the edges, never block, use exactly the recorded decisions, and end in
    /// an error location.
    pub fn check(&self, cfa: &Cfa) -> Result<(), String> {
        let terms = &*cfa.terms;
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
            let havocs = self.havoc_values(cfa, block);
            let mut replay = Replay::new(&block.choices, &havocs);
            let ok = execute(terms, &cfa.stmts, edge.stmt, &mut state, &mut replay)
                .map_err(|e| format!("evaluation failed on edge {i}: {e}"))?;
            if !ok {
                return Err(format!("an assumption blocks the trace on edge {i}"));
            }
            if replay.exhausted || replay.choices.next().is_some() || replay.havocs.next().is_some()
            {
                return Err(format!("the recorded decisions do not fit edge {i}"));
            }
            at = edge.dst;
        }
        if !cfa.is_error(at) {
            return Err("the trace does not end in an error location".into());
        }
        Ok(())
    }

    fn havoc_values(&self, cfa: &Cfa, block: &BlockTrace) -> Vec<Value> {
        block
            .steps
            .iter()
            .filter(|s| matches!(cfa.stmts.get(s.stmt), Stmt::Havoc(_)))
            .map(|s| s.value.clone().unwrap_or(Value::Bool(false)))
            .collect()
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
        crate::trace_text::render(self, cfa)
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
