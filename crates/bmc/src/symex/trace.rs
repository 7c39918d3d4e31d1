//! A model of the error query as a counterexample: the recorded steps whose guards hold
//! in the model form the path (in the order they were executed), with the model's values
//! of their inputs; `witness::chain` checks it as a path of the procedural program, runs
//! it as a chain CFA of its own and checks the trace like every other engine's.

use super::run::Step;
use cfa::{Cfa, LocationId, Program};
use logic::{SolverFactory, Term, Value, VarId};
use rustc_hash::FxHashMap;
use witness::chain::Step as PathStep;
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
    let terms = program.cfa.terms.clone();
    let taken = taken(program, steps, model);
    let vars: Vec<VarId> = program.cfa.vars().iter().map(|d| d.var).collect();
    let mut value = |t: Term| model(t).unwrap_or_else(|| Value::zero(terms.sort(t)));
    let initial: FxHashMap<VarId, Value> = vars
        .iter()
        .map(|v| (*v, value(terms.ssa_var(*v, 0))))
        .collect();
    let path: Vec<PathStep> = taken
        .iter()
        .map(|s| match s {
            Step::Edge {
                edge, act, havocs, ..
            } => PathStep::Edge {
                edge: *edge,
                act: *act,
                havocs: Some(havocs.iter().map(|t| value(*t)).collect()),
            },
            Step::Call {
                edge,
                caller,
                callee,
                function,
                fresh,
                ..
            } => PathStep::Call {
                edge: *edge,
                caller: *caller,
                callee: *callee,
                function: *function,
                fresh: Some(fresh.iter().map(|(i, t)| (vars[*i], value(*t))).collect()),
            },
            Step::Return {
                edge,
                caller,
                callee,
                ..
            } => PathStep::Return {
                edge: *edge,
                caller: *caller,
                callee: *callee,
            },
            // The call's effect as the constants an earlier, identical call computed.
            Step::Summary {
                edge,
                caller,
                results,
                globals,
                ..
            } => PathStep::Constants {
                edge: *edge,
                caller: *caller,
                assigns: results
                    .iter()
                    .copied()
                    .chain(globals.iter().map(|(i, v)| (terms.var_term(vars[*i]), *v)))
                    .collect(),
            },
        })
        .collect();
    witness::chain::counterexample(program, specials, &path, Some(initial), solvers)
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
