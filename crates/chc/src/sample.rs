//! The samples of learning: the values of each relation's formals wherever a run of the
//! program passes its location — the entry state of the active call, then the live state;
//! at a function's exit, its summary's tuple. Runs are random, replayed from inputs found
//! by another engine (`learn::Reach`), or single calls from given entry states
//! (`tabulate`). Calls are memoised (`tabulate::Tabulation`): a run is an execution all
//! the same, and a recursion repeats no subtree of calls.

use crate::encode::Encoding;
use crate::learn::Inputs;
use crate::tabulate::Tabulation;
use cfa::exec::{run_memo, Oracle, Start, State, Visit};
use cfa::{EdgeId, FnId, LocationId, LocationKind, Program, StmtId};
use logic::random::Rng;
use logic::{Sort, Value, VarId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::{Duration, Instant};

/// Runs, steps per run, tuples kept per relation, and the time random runs may take.
const RUNS: usize = 400;
const STEPS: usize = 200_000;
const TUPLES: usize = 4000;
const SAMPLING_TIME: Duration = Duration::from_millis(1500);

/// The distinct tuples recorded so far, per relation, and how runs are made.
pub(crate) struct Sampler<'a> {
    program: &'a Program,
    enc: &'a Encoding,
    constants: Vec<i128>,
    rng: Rng,
    pub tuples: Vec<Vec<Vec<Value>>>,
    seen: Vec<FxHashSet<Vec<Value>>>,
    /// Per relation: how often runs passed its location (repetitions included).
    visits: Vec<usize>,
    /// Per function: the variables its summary states after the entry state.
    outs: Vec<Vec<VarId>>,
    /// Whether a run of the program (not a call from a given state) reached an error.
    pub erred: bool,
    /// The first such run, its calls run, not memoised.
    pub error_run: Option<ErrorRun>,
    memo: Tabulation,
}

impl<'a> Sampler<'a> {
    /// No samples yet; inputs drawn around `constants` (the program's, sorted).
    pub fn new(program: &'a Program, enc: &'a Encoding, constants: &[i128]) -> Sampler<'a> {
        let n = enc.horn.relations.len();
        Sampler {
            program,
            enc,
            constants: constants.to_vec(),
            rng: Rng::new(0x5eed_1ea2),
            tuples: vec![Vec::new(); n],
            seen: vec![FxHashSet::default(); n],
            visits: vec![0; n],
            outs: enc.frames.functions.iter().map(|f| f.outputs()).collect(),
            erred: false,
            error_run: None,
            memo: Tabulation::new(program, enc),
        }
    }

    /// Up to [`RUNS`] random runs within [`SAMPLING_TIME`]; stops at a run that reaches
    /// an error location.
    pub fn random_runs(&mut self, deadline: Option<Instant>) {
        let started = Instant::now();
        for _ in 0..RUNS {
            let expired = deadline.is_some_and(|d| Instant::now() >= d);
            if self.erred || started.elapsed() > SAMPLING_TIME || expired {
                break;
            }
            let mut oracle = self.random();
            let state = self.initial(&FxHashMap::default(), &mut oracle);
            self.run(Start::Init, state, &mut oracle);
        }
    }

    /// The locations that runs passed fewer than `few` times. (Visits, not distinct
    /// tuples: the location after `main` returns has one state however often it is
    /// reached, and asking BMC for more runs there costs its time for nothing.)
    pub fn starved(&self, few: usize) -> Vec<LocationId> {
        self.enc
            .at
            .iter()
            .filter(|(_, r)| self.visits[r.index()] < few)
            .map(|(l, _)| *l)
            .collect()
    }

    /// A run from recorded inputs (the rest random).
    pub fn replay(&mut self, inputs: Inputs) {
        let mut rest = self.random();
        let state = self.initial(&inputs.initial.into_iter().collect(), &mut rest);
        let mut oracle = Replay {
            havocs: inputs.havocs.into_iter(),
            rest,
        };
        self.run(Start::Init, state, &mut oracle);
    }

    /// A call of `f` whose frame's entry (globals, then parameters) has the values
    /// `entry`; the other variables random.
    pub fn call(&mut self, f: FnId, entry: &[Value]) {
        let vars = self.enc.frames.functions[f.index()].entry();
        let given: FxHashMap<VarId, Value> = vars.into_iter().zip(entry.iter().cloned()).collect();
        let mut oracle = self.random();
        let state = self.initial(&given, &mut oracle);
        self.run(Start::Call(f), state, &mut oracle);
    }

    fn random(&mut self) -> SampleOracle {
        SampleOracle {
            rng: Rng::new(self.rng.next_u64()),
            constants: self.constants.clone(),
        }
    }

    /// Every variable's initial value: `given`'s where it has one of the variable's sort,
    /// the oracle's otherwise.
    fn initial(&self, given: &FxHashMap<VarId, Value>, oracle: &mut SampleOracle) -> State {
        let store = &*self.program.cfa.terms;
        self.program
            .cfa
            .vars()
            .iter()
            .map(|d| {
                let sort = store.var_sort(d.var);
                let v = match given.get(&d.var) {
                    Some(x) if x.sort() == sort => x.clone(),
                    _ => oracle.havoc(d.var, sort),
                };
                (d.var, v)
            })
            .collect()
    }

    /// One run from `state`, recording the tuples of every relation whose location it
    /// passes.
    fn run<O: Oracle + Clone>(&mut self, start: Start, state: State, oracle: &mut O) {
        let erred_before = self.erred;
        // What the run starts from, to run it again when it errs.
        let again = (start == Start::Init).then(|| (state.clone(), oracle.clone()));
        self.record_run(start, state, oracle);
        if let (false, true, Some((state, oracle))) = (erred_before, self.erred, again) {
            self.error_run = self.error_run(state, oracle);
        }
    }

    /// The run from `state` with `oracle` again, every call run (memoised calls leave out
    /// their steps), what it draws and what each call's locals start with recorded. Only
    /// calls of functions that read no input and make no choice are memoised, so the
    /// oracle answers as before and the run takes the same way; `None` if it does not end
    /// in an error location after all.
    fn error_run<O: Oracle + Clone>(&self, state: State, oracle: O) -> Option<ErrorRun> {
        let program = self.program;
        let initial = state.clone();
        let mut state = state;
        let mut oracle = Recording {
            inner: oracle,
            log: None,
        };
        let mut entries = Vec::new();
        let mut observe = |v: Visit, s: &State| {
            if let Visit::Enter(f) = v {
                let locals = &program.function(f).locals;
                entries.push(
                    locals
                        .iter()
                        .filter_map(|x| s.get(x).map(|value| (*x, value.clone())))
                        .collect(),
                );
            }
        };
        let (path, _) = run_memo(
            program,
            Start::Init,
            &mut state,
            &mut oracle,
            STEPS,
            &mut (),
            &mut observe,
        )
        .ok()?;
        let cfa = &program.cfa;
        let last = path.last()?;
        if cfa.kind(cfa.edge(*last).dst) != LocationKind::Error {
            return None;
        }
        let mut draws = Vec::new();
        let mut node = oracle.log;
        while let Some(n) = node {
            draws.push(n.value.clone());
            node = n.prev.clone();
        }
        draws.reverse();
        Some(ErrorRun {
            path,
            initial,
            draws,
            entries,
        })
    }

    /// [`Sampler::run`] with calls memoised.
    fn record_run<O: Oracle + Clone>(&mut self, start: Start, mut state: State, oracle: &mut O) {
        let (program, enc) = (self.program, self.enc);
        let cfa = &program.cfa;
        let Sampler {
            tuples,
            seen,
            visits,
            outs,
            erred,
            memo,
            ..
        } = self;
        let program_run = matches!(start, Start::Init);
        // The entry state of each active call.
        let mut entries: Vec<Vec<Value>> = Vec::new();
        let mut observe = |v: Visit, s: &State| match v {
            Visit::Enter(f) => {
                let entry = enc.frames.functions[f.index()].entry();
                // (Every variable has a value: `initial` gives each one.)
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
                *erred |= program_run && cfa.kind(l) == LocationKind::Error;
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
                    let r = r.index();
                    visits[r] += 1;
                    record(&mut tuples[r], &mut seen[r], entry, &enc.states[&l], s);
                }
                if let Some(f) = owner.filter(|f| program.function(*f).exit == l) {
                    let r = enc.summaries[f.index()].index();
                    record(&mut tuples[r], &mut seen[r], entry, &outs[f.index()], s);
                }
            }
        };
        // An execution error or a step limit ends the run; what it recorded stands.
        let _ = run_memo(
            program,
            start,
            &mut state,
            oracle,
            STEPS,
            memo,
            &mut observe,
        );
    }
}

/// A run of the program that reached an error location: the way to a counterexample
/// (`cex::run_path`).
pub struct ErrorRun {
    /// Its edges (`cfa::exec::run_memo`'s path: a call edge enters its callee).
    pub path: Vec<EdgeId>,
    /// Every variable's value at the start.
    pub initial: State,
    /// The values its `havoc`s drew, in order.
    pub draws: Vec<Value>,
    /// Per call entered, in order: its function's locals' values then.
    pub entries: Vec<Vec<(VarId, Value)>>,
}

/// An oracle that logs the values `inner` draws. The run tries each edge with a clone and
/// keeps the taken edge's, so the log is shared between clones (a persistent list, O(1)
/// to clone) and the kept one's is what the taken edges drew.
#[derive(Clone)]
struct Recording<O> {
    inner: O,
    log: Option<std::rc::Rc<Drawn>>,
}

struct Drawn {
    value: Value,
    prev: Option<std::rc::Rc<Drawn>>,
}

impl Drop for Drawn {
    // Iteratively: a long run's log would overflow the stack dropped recursively.
    fn drop(&mut self) {
        let mut next = self.prev.take();
        while let Some(rc) = next {
            match std::rc::Rc::try_unwrap(rc) {
                Ok(mut node) => next = node.prev.take(),
                Err(_) => break,
            }
        }
    }
}

impl<O: Oracle> Oracle for Recording<O> {
    fn branch(&mut self, s: StmtId, n: usize) -> usize {
        self.inner.branch(s, n)
    }
    fn havoc(&mut self, v: VarId, sort: Sort) -> Value {
        let value = self.inner.havoc(v, sort);
        self.log = Some(std::rc::Rc::new(Drawn {
            value: value.clone(),
            prev: self.log.take(),
        }));
        value
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

/// Adds the tuple `entry`, then `vars`' values in `s` (none if one has no value), unless
/// `seen` has it.
fn record(
    tuples: &mut Vec<Vec<Value>>,
    seen: &mut FxHashSet<Vec<Value>>,
    entry: &[Value],
    vars: &[VarId],
    s: &State,
) {
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
    if seen.insert(t.clone()) {
        tuples.push(t);
    }
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
