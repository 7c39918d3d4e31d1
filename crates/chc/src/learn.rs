//! Invariants and summaries learned from executions (docs/engines/invariants.md): the
//! program is run on random inputs (`cfa::exec::run_program_observed`), and on inputs
//! that reach the locations random runs starve (`Reach`: BMC's models), the values of each
//! relation's formals are recorded wherever a run passes its location (the entry state of
//! the active call, then the live state; at a function's exit, its summary's tuple),
//! `invariants::candidates` proposes equations and bounds, and `invariants::houdini` keeps
//! those the bit-vector clauses preserve.
//!
//! Every recorded tuple is a state some run reaches, so a true invariant is never refuted
//! by a sample; a candidate is kept only when the clauses preserve it, so what is kept is
//! an inductive invariant whatever the samples were. When it already makes the error
//! underivable the program is safe; otherwise it strengthens the clauses Spacer solves.

use crate::encode::Encoding;
use cfa::exec::{run_program_observed, Oracle, State, Visit};
use cfa::{LocationId, LocationKind, Program, Stmt, StmtId};
use logic::random::Rng;
use logic::value::to_signed;
use logic::{Op, SolverFactory, Sort, Stop, Term, Value, VarId, Z3SolverKind, Z3};
use std::time::{Duration, Instant};

/// Runs, steps per run, tuples kept per relation, and the time sampling may take.
const RUNS: usize = 400;
const STEPS: usize = 200_000;
const TUPLES: usize = 4000;
const SAMPLING_TIME: Duration = Duration::from_millis(1500);
/// The time one Houdini check may take.
const PER_CHECK: Duration = Duration::from_secs(3);

/// What learning found.
pub struct Learned {
    /// Per relation of the encoding: the conjunction of its inductive invariants (`false`
    /// for the query when `safe`).
    pub formulas: Vec<Term>,
    /// Whether they make the error underivable.
    pub safe: bool,
    pub candidates: usize,
    pub kept: usize,
    pub samples: usize,
}

/// The solvers learning checks with: Z3 after equation solving and polynomial
/// normalisation (`Z3SolverKind::Algebraic`), in a context of their own.
pub fn checker(program: &Program, deadline: Option<Instant>) -> Z3 {
    let z3 = Z3::new(program.cfa.terms.clone());
    z3.set_solver_kind(Z3SolverKind::Algebraic);
    z3.set_deadline(deadline);
    z3
}

/// Learns inductive invariants of `enc` from runs of `program` (the program `enc` was
/// encoded from: its locations are the encoding's) — random runs, and runs from the
/// inputs `reach` finds for locations they starve — checking them with `solvers`.
pub fn learn(
    program: &Program,
    enc: &Encoding,
    solvers: &dyn SolverFactory,
    reach: &dyn Reach,
    deadline: Option<Instant>,
) -> Result<Learned, Stop> {
    let store = &*program.cfa.terms;
    let constants = constants(enc);
    let (tuples, erred) = sample(program, enc, &constants, reach, deadline);
    let samples = tuples.iter().map(Vec::len).sum();
    if erred {
        // A run reached an error location: there is no invariant to find, and the time is
        // better spent on the counterexample.
        return Ok(Learned {
            formulas: vec![store.tru(); enc.horn.relations.len()],
            safe: false,
            candidates: 0,
            kept: 0,
            samples,
        });
    }
    let limits = invariants::Limits::default();
    let atoms = program_atoms(program);
    let given = given(enc, &atoms);
    let cands: Vec<Vec<Term>> = (0..enc.horn.relations.len())
        .map(|r| {
            let formals = enc.horn.formals(store, logic::chc::RelId(r as u32));
            if tuples[r].is_empty() {
                // No run got there: nothing to learn (not `false`: runs are few).
                Vec::new()
            } else {
                let given = &given[r];
                invariants::candidates(store, &formals, &tuples[r], &constants, given, &limits)
            }
        })
        .collect();
    let candidates = cands.iter().map(Vec::len).sum();
    let found = invariants::houdini(store, &enc.horn, cands, solvers, PER_CHECK, deadline)?;
    Ok(Learned {
        formulas: found.formulas(store, &enc.horn),
        safe: found.safe,
        candidates,
        kept: found.invariants.iter().map(Vec::len).sum(),
        samples,
    })
}

/// At most this many of the program's comparisons become candidates.
const MAX_ATOMS: usize = 300;

/// The comparisons the program makes — the conditions it branches on and the Boolean
/// values it computes or passes (an asserted `a * a <= n`) — and their negations, over
/// program variables.
fn program_atoms(program: &Program) -> Vec<Term> {
    let cfa = &program.cfa;
    let store = &*cfa.terms;
    let mut roots = Vec::new();
    for e in program.call_edges() {
        if let Some((_, call)) = program.call_of(*e) {
            roots.extend(call.args.iter().map(|(_, a)| *a));
        }
    }
    for e in cfa.edges() {
        for leaf in cfa.stmts.leaves(cfa.edge(e).stmt) {
            match cfa.stmts.get(leaf) {
                Stmt::Assume(c) => roots.push(c),
                Stmt::Assign(_, v) => roots.push(v),
                _ => {}
            }
        }
    }
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    for root in roots {
        for t in store.postorder(root, false) {
            let comparison = matches!(
                store.op(t),
                Op::BvSle | Op::BvSlt | Op::BvUle | Op::BvUlt | Op::Eq
            ) && store
                .args(t)
                .iter()
                .all(|a| store.sort(*a).bv_width().is_some());
            if comparison && !store.is_ground(t) && seen.insert(t) {
                out.extend([t, store.not(t)]);
                if out.len() >= MAX_ATOMS {
                    return out;
                }
            }
        }
    }
    out
}

/// Per relation: the program's comparisons over the variables it ranges over, stated over
/// its formals (a location's current state; a summary's outputs).
fn given(enc: &Encoding, atoms: &[Term]) -> Vec<Vec<Term>> {
    let store = &*enc.program.cfa.terms;
    let mut out = vec![Vec::new(); enc.horn.relations.len()];
    let mut over = |r: logic::chc::RelId, skip: usize, vars: &[VarId]| {
        let formals = enc.horn.formals(store, r);
        let map: rustc_hash::FxHashMap<Term, Term> = vars
            .iter()
            .zip(&formals[skip..])
            .map(|(v, f)| (store.var_term(*v), *f))
            .collect();
        for a in atoms {
            if store
                .free_vars(*a)
                .iter()
                .all(|v| map.contains_key(&store.var_term(*v)))
            {
                out[r.index()].push(store.substitute(*a, &map));
            }
        }
    };
    for (l, r) in &enc.at {
        let vars = &enc.states[l];
        let skip = enc.horn.relations[r.index()].sorts.len() - vars.len();
        over(*r, skip, vars);
    }
    for (f, r) in enc.summaries.iter().enumerate() {
        let frame = &enc.frames.functions[f];
        over(*r, frame.entry().len(), &frame.outputs());
    }
    out
}

/// The program's constants (signed, with their neighbours, and 0): where bounds snap to.
fn constants(enc: &Encoding) -> Vec<i128> {
    let store = &*enc.program.cfa.terms;
    let mut out = vec![0i128];
    for c in &enc.horn.clauses {
        for t in store.postorder(c.constraint, false) {
            if let Some((x, w)) = store.as_bv_const(t) {
                let k = to_signed(x, w);
                out.extend([k - 1, k, k + 1]);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Inputs of runs that reach given locations, from whoever can find them: the driver
/// answers with the models of BMC queries (`bmc::reaching`); this crate knows no other
/// engine. `()` finds none.
pub trait Reach {
    /// Up to `runs` recorded inputs whose runs reach one of `locations` (of the program
    /// being learned about), found before `deadline`.
    fn reaching(&self, locations: &[LocationId], runs: usize, deadline: Instant) -> Vec<Inputs>;
}

impl Reach for () {
    fn reaching(&self, _: &[LocationId], _: usize, _: Instant) -> Vec<Inputs> {
        Vec::new()
    }
}

/// What a run needs to go a recorded way: the initial values of variables and the values
/// of its `havoc`s in order (the rest random, as for any sampling run).
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    pub initial: Vec<(VarId, Value)>,
    pub havocs: Vec<Value>,
}

/// A relation with fewer tuples than this after the random runs asks for runs that reach
/// its location ([`Reach`]); at most [`REACH_RUNS`] of them, found within [`REACH_TIME`].
const STARVED: usize = 16;
const REACH_RUNS: usize = 16;
const REACH_TIME: Duration = Duration::from_millis(1500);

/// Per relation: the tuples of its formals' values recorded on random runs, and on runs
/// from the inputs `reach` finds for relations the random runs starved; whether a run
/// reached an error location.
fn sample(
    program: &Program,
    enc: &Encoding,
    constants: &[i128],
    reach: &dyn Reach,
    deadline: Option<Instant>,
) -> (Vec<Vec<Vec<Value>>>, bool) {
    let cfa = &program.cfa;
    let store = &*cfa.terms;
    let started = Instant::now();
    let mut rec = Recorder {
        out: vec![Vec::new(); enc.horn.relations.len()],
        outs: enc.frames.functions.iter().map(|f| f.outputs()).collect(),
        erred: false,
    };
    let mut rng = Rng::new(0x5eed_1ea2);
    let mut random = || SampleOracle {
        rng: Rng::new(rng.next_u64()),
        constants: constants.to_vec(),
    };
    let expired = || deadline.is_some_and(|d| Instant::now() >= d);
    // Every variable's initial value: `given`'s where it has one of the variable's sort,
    // the oracle's otherwise.
    let initial = |given: &rustc_hash::FxHashMap<VarId, Value>, oracle: &mut SampleOracle| {
        cfa.vars()
            .iter()
            .map(|d| {
                let sort = store.var_sort(d.var);
                let v = match given.get(&d.var) {
                    Some(x) if x.sort() == sort => x.clone(),
                    _ => oracle.havoc(d.var, sort),
                };
                (d.var, v)
            })
            .collect::<State>()
    };
    for _ in 0..RUNS {
        if rec.erred || started.elapsed() > SAMPLING_TIME || expired() {
            break;
        }
        let mut oracle = random();
        let state = initial(&Default::default(), &mut oracle);
        rec.run(program, enc, state, &mut oracle);
    }
    let starved: Vec<LocationId> = enc
        .at
        .iter()
        .filter(|(_, r)| rec.out[r.index()].len() < STARVED)
        .map(|(l, _)| *l)
        .collect();
    if rec.erred || starved.is_empty() || expired() {
        return (rec.out, rec.erred);
    }
    let until = Instant::now() + REACH_TIME;
    let until = deadline.map_or(until, |d| d.min(until));
    for inputs in reach.reaching(&starved, REACH_RUNS, until) {
        if rec.erred {
            break;
        }
        let mut oracle = Replay {
            havocs: inputs.havocs.into_iter(),
            rest: random(),
        };
        let state = initial(&inputs.initial.into_iter().collect(), &mut oracle.rest);
        rec.run(program, enc, state, &mut oracle);
    }
    (rec.out, rec.erred)
}

/// The tuples recorded so far; whether a run reached an error location.
struct Recorder {
    out: Vec<Vec<Vec<Value>>>,
    /// Per function: the variables its summary states after the entry state.
    outs: Vec<Vec<VarId>>,
    erred: bool,
}

impl Recorder {
    /// One run of `program` from `state`, recording the tuples of every relation whose
    /// location it passes.
    fn run<O: Oracle + Clone>(
        &mut self,
        program: &Program,
        enc: &Encoding,
        mut state: State,
        oracle: &mut O,
    ) {
        let cfa = &program.cfa;
        let Recorder { out, outs, erred } = self;
        // The entry state of each active call.
        let mut entries: Vec<Vec<Value>> = Vec::new();
        let mut observe = |v: Visit, s: &State| match v {
            Visit::Enter(f) => {
                let entry = enc.frames.functions[f.index()].entry();
                // (A variable without a value makes no tuple: `None` here, skipped below.)
                entries.push(
                    entry
                        .iter()
                        .map(|x| s.get(x).cloned().unwrap_or(Value::Bool(false)))
                        .collect(),
                );
            }
            Visit::Leave(_) => {
                entries.pop();
            }
            Visit::At(l) => {
                *erred |= cfa.kind(l) == LocationKind::Error;
                let owner = program.owner(l);
                if owner.is_none() {
                    entries.clear();
                }
                let entry: &[Value] = match (owner, entries.last()) {
                    (None, _) => &[],
                    (Some(_), Some(e)) => e,
                    (Some(_), None) => return,
                };
                if let Some(r) = enc.at.get(&l) {
                    record(&mut out[r.index()], entry, &enc.states[&l], s);
                }
                if let Some(f) = owner.filter(|f| program.function(*f).exit == l) {
                    let r = enc.summaries[f.index()];
                    record(&mut out[r.index()], entry, &outs[f.index()], s);
                }
            }
        };
        // An execution error or a step limit ends the run; what it recorded stands.
        let _ = run_program_observed(program, &mut state, oracle, STEPS, &mut observe);
    }
}

/// Recorded `havoc` values first (while their sorts fit), then [`SampleOracle`]'s.
#[derive(Clone)]
struct Replay {
    havocs: std::vec::IntoIter<Value>,
    rest: SampleOracle,
}

impl Oracle for Replay {
    fn branch(&mut self, s: StmtId, n: usize) -> usize {
        self.rest.branch(s, n)
    }
    fn havoc(&mut self, v: VarId, sort: Sort) -> Value {
        match self.havocs.next() {
            Some(x) if x.sort() == sort => x,
            _ => self.rest.havoc(v, sort),
        }
    }
}

/// Adds the tuple `entry`, then `vars`' values in `s` (none if one has no value).
fn record(tuples: &mut Vec<Vec<Value>>, entry: &[Value], vars: &[VarId], s: &State) {
    if tuples.len() >= TUPLES {
        return;
    }
    let mut t = entry.to_vec();
    for v in vars {
        match s.get(v) {
            Some(x) => t.push(x.clone()),
            None => return,
        }
    }
    tuples.push(t);
}

/// Inputs for sampling runs: mostly small numbers (loops run briefly and often), the
/// program's constants and their neighbours (where guards switch), sometimes any value.
#[derive(Clone)]
struct SampleOracle {
    rng: Rng,
    constants: Vec<i128>,
}

impl Oracle for SampleOracle {
    fn branch(&mut self, _: StmtId, n: usize) -> usize {
        self.rng.below(n as u64) as usize
    }
    fn havoc(&mut self, _: VarId, sort: Sort) -> Value {
        match sort {
            Sort::Bool => Value::Bool(self.rng.chance(50)),
            Sort::Bv(w) => {
                let x: i128 = match self.rng.below(10) {
                    0..=3 => self.rng.below(24) as i128 - 4,
                    4..=5 => self.rng.below(601) as i128 - 300,
                    6..=7 => *self.rng.pick(&self.constants),
                    _ => self.rng.bv_value(w) as i128,
                };
                Value::Bv(x as u128 & logic::value::mask(w), w)
            }
            other => Value::zero(other),
        }
    }
}
