//! A derivation of the query as a path of the procedural program, read in execution
//! order into the steps `witness::chain` turns into a counterexample. The derivation names
//! states, not every input, so the chain is solved, not run.
//!
//! The derivation is a tree. Along the *chain* to the error, a function's entry was
//! derived from its caller's state at the call site (an `Enter` clause): the caller's run
//! up to the call comes first, then the call, then the callee's run. A call the run
//! returns from is derived through the callee's summary, whose own derivation runs from
//! the callee's entry to its exit: the caller's run up to the call, the call, the
//! callee's run, the return. Inside a summary, the callee's entry was derived from *some*
//! context with the same entry state (Spacer's choice); that context is not this run's
//! and is not followed: the activation starts at the call that asked for the summary.

use crate::encode::{ClauseRole, Encoding};
use crate::sample::ErrorRun;
use cfa::{EdgeId, FnId, Program, Stmt};
use logic::chc::Derivation;
use witness::chain::Step;

/// The steps of `d` (every node's clause named, premises in body order), or why the
/// derivation is no path.
pub fn path(enc: &Encoding, d: &Derivation) -> Result<Vec<Step>, String> {
    enum Work<'d> {
        /// A derivation step in activation `act`; `summary`: the activation was started
        /// by a call whose summary this is (its entry ends the walk back).
        Visit(&'d Derivation, u32, bool),
        Emit(Step),
    }
    let mut steps = Vec::new();
    let mut next_act = 1u32;
    let mut fresh = || {
        next_act += 1;
        next_act
    };
    // Depth-first with an explicit stack (a derivation is as deep as its path is long);
    // what comes later in the run is pushed first.
    let mut work = vec![Work::Visit(d, 0, false)];
    while let Some(w) = work.pop() {
        let (d, act, summary) = match w {
            Work::Emit(s) => {
                steps.push(s);
                continue;
            }
            Work::Visit(d, act, summary) => (d, act, summary),
        };
        let clause = d.clause.ok_or("a derivation step without its clause")?;
        match enc.roles[clause] {
            ClauseRole::Init => {}
            ClauseRole::Enter(..) if summary => {}
            ClauseRole::Enter(edge, function) => {
                let caller = fresh();
                work.push(Work::Emit(Step::Call {
                    edge,
                    caller,
                    callee: act,
                    function,
                    fresh: None,
                }));
                work.push(Work::Visit(premise(d, 0)?, caller, false));
            }
            ClauseRole::Edge(edge) => {
                work.push(Work::Emit(Step::Edge {
                    edge,
                    act,
                    havocs: None,
                }));
                work.push(Work::Visit(premise(d, 0)?, act, summary));
            }
            ClauseRole::Exit(_) => work.push(Work::Visit(premise(d, 0)?, act, summary)),
            ClauseRole::Call(edge, _) => {
                let callee = fresh();
                let function = match enc.program.call_of(edge) {
                    Some((f, _)) => f,
                    None => return Err("a call clause of no call edge".into()),
                };
                work.push(Work::Emit(Step::Return {
                    edge,
                    caller: act,
                    callee,
                }));
                work.push(Work::Visit(premise(d, 1)?, callee, true));
                work.push(Work::Emit(Step::Call {
                    edge,
                    caller: act,
                    callee,
                    function,
                    fresh: None,
                }));
                work.push(Work::Visit(premise(d, 0)?, act, summary));
            }
        }
    }
    Ok(steps)
}

fn premise(d: &Derivation, i: usize) -> Result<&Derivation, String> {
    d.premises
        .get(i)
        .ok_or_else(|| "a derivation step lacks a premise".to_string())
}

/// The steps of a run of `program` that reached an error location: a call edge enters
/// its callee, whose activation returns through it once the run is at the callee's exit;
/// a location of the top level ends every activation (`exit`, `abort`), as it ends the
/// run's frames. Each edge gets the values its `havoc`s drew and each call what its
/// locals started with, so the chain runs instead of being solved — unless a statement
/// makes a choice, whose branch the draws do not say (then none is given, and the chain
/// is solved).
pub fn run_path(program: &Program, run: &ErrorRun) -> Vec<Step> {
    let cfa = &program.cfa;
    let stmts = &cfa.stmts;
    let choice = witness::chain::has_choice(cfa, &run.path);
    let mut draws = (!choice).then(|| run.draws.iter());
    let mut entries = run.entries.iter();
    let mut steps = Vec::with_capacity(run.path.len() + 2);
    // The active calls: call edge, callee, its activation (the top level's is 0).
    let mut active: Vec<(EdgeId, FnId, u32)> = Vec::new();
    let mut next_act = 0u32;
    let act = |active: &[(EdgeId, FnId, u32)]| active.last().map_or(0, |a| a.2);
    for &edge in &run.path {
        let mut at = match program.call_of(edge) {
            Some((function, _)) => {
                next_act += 1;
                steps.push(Step::Call {
                    edge,
                    caller: act(&active),
                    callee: next_act,
                    function,
                    fresh: entries.next().filter(|_| draws.is_some()).cloned(),
                });
                active.push((edge, function, next_act));
                program.function(function).entry
            }
            None => {
                let s = cfa.edge(edge).stmt;
                let havocs = stmts
                    .leaves(s)
                    .iter()
                    .filter(|l| matches!(stmts.get(**l), Stmt::Havoc(_)))
                    .count();
                let havocs = draws
                    .as_mut()
                    .map(|d| d.by_ref().take(havocs).cloned().collect());
                steps.push(Step::Edge {
                    edge,
                    act: act(&active),
                    havocs,
                });
                cfa.edge(edge).dst
            }
        };
        while let Some(&(call, f, callee)) = active.last() {
            if at != program.function(f).exit {
                break;
            }
            active.pop();
            steps.push(Step::Return {
                edge: call,
                caller: act(&active),
                callee,
            });
            at = cfa.edge(call).dst;
        }
        if program.owner(at).is_none() {
            active.clear();
        }
    }
    steps
}
