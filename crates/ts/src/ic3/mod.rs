//! IC3 / property-directed reachability (Bradley, VMCAI 2011; Eén, Mishchenko, Brayton,
//! FMCAD 2011) over a [`Transys`].
//!
//! - Frames are delta-encoded: a lemma lives at the highest level it is known to hold
//!   at, and `F_i` is the union of levels `≥ i` (plus the proven invariant, level ∞).
//!   Each level has its own incremental CaDiCaL solver holding `T`, `U` and the lemmas of
//!   `F_i`; temporary clauses (`¬c` in a relative-induction query) sit behind activation
//!   literals, and a solver is rebuilt when too many of them have been retired.
//! - Proof obligations wait in a priority queue ordered by level (then by depth); a
//!   blocked obligation is re-queued one level up (PDR's trick for finding longer
//!   counterexamples without restarting).
//! - A blocked cube is shrunk by the unsat core of its query and generalised by MIC with
//!   counterexamples to generalisation (Hassan, Bradley, Somenzi, FMCAD 2013: `down` with
//!   CTG blocking up to `ctg_max` per literal, recursion depth `ctg_depth`), then pushed to
//!   the highest level where it is still inductive.
//! - Predecessors are lifted by ternary simulation when the system comes with its AIG.
//! - Propagation pushes lemmas forward; a level that empties proves the property, and the
//!   levels above it are the inductive invariant, which [`certify`] re-checks with a fresh
//!   solver before anyone calls it a proof.

mod blocking;
mod certify;
mod generalize;
mod lift;
mod model;

pub use certify::{certify, CertifyError};
pub use lift::Lifter;
pub use model::Model;

use crate::cnf::Clause;
use crate::sat::{Cadical, SatAnswer, SatSolver};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Ic3Options {
    /// Generalise blocked cubes (MIC); off: keep the unsat core only.
    pub generalize: bool,
    /// Counterexamples to generalisation blocked per literal drop (0: none).
    pub ctg_max: usize,
    /// Recursion depth of CTG blocking.
    pub ctg_depth: usize,
    /// Lift predecessors by ternary simulation (needs the system's AIG).
    pub lift: bool,
    pub deadline: Option<Instant>,
    /// Give up (UNKNOWN) beyond this many frames.
    pub max_frames: usize,
}

impl Default for Ic3Options {
    fn default() -> Self {
        Ic3Options {
            generalize: true,
            ctg_max: 3,
            ctg_depth: 1,
            lift: true,
            deadline: None,
            max_frames: 100_000,
        }
    }
}

/// An inductive invariant: clauses over the state variables (DIMACS literals of the
/// [`Transys`]'s step variables) that hold in every reachable state and exclude the goal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invariant {
    pub clauses: Vec<Clause>,
}

/// A counterexample: for each step, the full state (latch values by latch index) and the
/// inputs (by input index, when the model has an AIG; empty otherwise).
#[derive(Clone, Debug)]
pub struct Ic3Trace {
    pub states: Vec<Vec<bool>>,
    pub inputs: Vec<Vec<bool>>,
}

#[derive(Clone, Debug)]
pub enum Ic3Outcome {
    Safe(Invariant),
    Unsafe(Ic3Trace),
    Unknown(logic::Stop),
}

#[derive(Clone, Debug, Default)]
pub struct Ic3Stats {
    pub frames: usize,
    pub lemmas: usize,
    pub obligations: usize,
    pub ctgs: usize,
    pub sat_calls: u64,
    /// State literals that lifting removed from predecessors.
    pub lift_removed: u64,
    /// Literals that generalisation removed from blocked cubes (beyond the unsat core).
    pub generalize_removed: u64,
    pub solver_rebuilds: usize,
    pub invariant_clauses: usize,
    pub time_generalize: Duration,
    pub time_propagate: Duration,
    pub time_lift: Duration,
}

/// A cube: sorted, duplicate-free literals over state variables.
type Cube = Vec<i32>;

struct Obligation {
    cube: Cube,
    level: usize,
    depth: usize,
    /// The obligation this one is a predecessor of.
    next: Option<usize>,
    /// The concrete state and inputs the cube was lifted from (for the trace).
    state: Vec<bool>,
    inputs: Vec<bool>,
}

struct FrameSolver {
    sat: Cadical,
    next_var: i32,
    retired: usize,
    /// With lazy loading: the variables whose definitions the solver has.
    loaded: Vec<bool>,
}

/// The answer of a relative-induction query.
enum RelInd {
    /// Blocked: the literals of the cube the proof used.
    Blocked(Cube),
    /// A predecessor: its full state and inputs (lift it with [`Ic3::lifted`]).
    Predecessor {
        state: Vec<bool>,
        inputs: Vec<bool>,
    },
    Timeout,
}

pub struct Ic3<'m> {
    m: &'m Model,
    opts: Ic3Options,
    /// `lemmas[i]`: lemmas (as cubes they block) at level i; the last is level ∞.
    lemmas: Vec<Vec<Cube>>,
    infinity: Vec<Cube>,
    solvers: Vec<FrameSolver>,
    obligations: Vec<Obligation>,
    activity: Vec<f64>,
    lifter: Option<Lifter>,
    pub stats: Ic3Stats,
}

const REBUILD_AFTER: usize = 1000;

impl<'m> Ic3<'m> {
    pub fn new(m: &'m Model, opts: Ic3Options) -> Self {
        Ic3 {
            m,
            opts,
            lemmas: Vec::new(),
            infinity: Vec::new(),
            solvers: Vec::new(),
            obligations: Vec::new(),
            activity: vec![0.0; m.n as usize + 1],
            lifter: m.aig.as_ref().map(Lifter::new),
            stats: Ic3Stats::default(),
        }
    }

    fn timed_out(&self) -> bool {
        self.opts.deadline.is_some_and(|d| Instant::now() >= d)
    }

    // ------------------------------------------------------------------ solvers

    fn new_solver(&self, level: usize) -> FrameSolver {
        let m = self.m;
        let mut sat = Cadical::plain();
        sat.set_deadline(self.opts.deadline);
        for c in &m.constraints {
            sat.add_clause(c);
        }
        if m.defs.is_none() {
            for c in &m.trans {
                if m.total {
                    sat.add_clause(c);
                } else {
                    let mut c = c.clone();
                    c.push(-m.trans_act());
                    sat.add_clause(&c);
                }
            }
        }
        let bad = m.bad_act();
        for c in &m.goal {
            let mut c = c.clone();
            c.push(-bad);
            sat.add_clause(&c);
        }
        if level == 0 {
            for l in &m.init {
                sat.add_clause(&[*l]);
            }
        }
        let mut fs = FrameSolver {
            sat,
            next_var: m.trans_act() + 1,
            retired: 0,
            loaded: if m.defs.is_some() {
                vec![false; 2 * m.n as usize + 1]
            } else {
                Vec::new()
            },
        };
        for cubes in self
            .lemmas
            .iter()
            .skip(level.max(1))
            .chain([&self.infinity])
        {
            for c in cubes {
                fs.sat.add_clause(&negate(c));
            }
        }
        fs
    }

    fn push_frame(&mut self) {
        let level = self.solvers.len();
        self.lemmas.push(Vec::new());
        let s = self.new_solver(level);
        self.solvers.push(s);
    }

    fn solve(&mut self, level: usize, assumptions: &[i32]) -> SatAnswer {
        self.stats.sat_calls += 1;
        self.solvers[level].sat.solve(assumptions)
    }

    /// Loads into the level's solver the definitions of the next-state copies of the
    /// cube's variables, and everything they read (lazy cone of influence).
    fn load_cone(&mut self, level: usize, cube: &Cube) {
        let m = self.m;
        let Some(defs) = &m.defs else { return };
        let s = &mut self.solvers[level];
        let mut stack: Vec<u32> = cube.iter().map(|l| m.prime(*l).unsigned_abs()).collect();
        while let Some(v) = stack.pop() {
            if s.loaded[v as usize] {
                continue;
            }
            s.loaded[v as usize] = true;
            for c in &defs.clauses[v as usize] {
                s.sat.add_clause(&m.trans[*c as usize]);
            }
            stack.extend(
                defs.reads[v as usize]
                    .iter()
                    .filter(|r| !s.loaded[**r as usize]),
            );
        }
    }

    fn fresh_act(&mut self, level: usize) -> i32 {
        let s = &mut self.solvers[level];
        let a = s.next_var;
        s.next_var += 1;
        a
    }

    fn retire(&mut self, level: usize, act: i32) {
        let s = &mut self.solvers[level];
        s.sat.add_clause(&[-act]);
        s.retired += 1;
        if s.retired > REBUILD_AFTER {
            self.stats.solver_rebuilds += 1;
            self.solvers[level] = self.new_solver(level);
        }
    }

    fn state_of(&self, level: usize) -> (Vec<bool>, Vec<bool>) {
        let sat = &self.solvers[level].sat;
        let state = self
            .m
            .latches
            .iter()
            .map(|v| sat.value(*v as i32).unwrap_or(false))
            .collect();
        let inputs = self
            .m
            .inputs
            .iter()
            .map(|v| sat.value(*v as i32).unwrap_or(false))
            .collect();
        (state, inputs)
    }

    // ------------------------------------------------------------------ cubes

    fn full_cube(&self, state: &[bool]) -> Cube {
        let mut c: Cube = self
            .m
            .latches
            .iter()
            .zip(state)
            .map(|(v, b)| if *b { *v as i32 } else { -(*v as i32) })
            .collect();
        c.sort_unstable_by_key(|l| l.abs());
        c
    }

    /// Lifts a predecessor state towards a target.
    fn lifted(&mut self, state: &[bool], inputs: &[bool], target: Option<&Cube>) -> Cube {
        let started = Instant::now();
        let m = self.m;
        let cube = match (&self.lifter, self.opts.lift) {
            (Some(_), true) => {
                let tgt: Vec<(u32, bool)>;
                let target = match target {
                    Some(c) => {
                        tgt = c
                            .iter()
                            .map(|l| (m.latch_index(l.unsigned_abs()), *l > 0))
                            .collect();
                        lift::Target::Next(&tgt)
                    }
                    None => lift::Target::Bad,
                };
                // Try to drop the least active variables first.
                let activity = &self.activity;
                let priority = |k: u32| activity[m.latches[k as usize] as usize];
                let lifter = self.lifter.as_mut().expect("a lifter");
                let kept = lifter.lift(state, inputs, target, &priority);
                let mut c: Cube = kept
                    .iter()
                    .map(|k| {
                        let v = m.latches[*k as usize] as i32;
                        if state[*k as usize] {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect();
                c.sort_unstable_by_key(|l| l.abs());
                c
            }
            _ => self.full_cube(state),
        };
        self.stats.lift_removed += (m.latches.len() - cube.len()) as u64;
        self.stats.time_lift += started.elapsed();
        cube
    }

    fn intersects_init(&self, cube: &Cube) -> bool {
        !cube
            .iter()
            .any(|l| self.m.init_value(l.unsigned_abs()) == Some(*l < 0))
    }

    /// Whether a lemma at a level ≥ `level` blocks the cube (syntactic subsumption).
    fn blocked_at(&self, cube: &Cube, level: usize) -> bool {
        self.lemmas
            .iter()
            .skip(level)
            .chain([&self.infinity])
            .any(|cs| cs.iter().any(|c| subsumes(c, cube)))
    }

    // ------------------------------------------------------------------ queries

    /// Is `cube` inductive relative to `F_level`: `F_level ∧ ¬cube ∧ T ∧ cube'` unsat?
    fn relative_induction(&mut self, cube: &Cube, level: usize, with_negation: bool) -> RelInd {
        let m = self.m;
        self.load_cone(level, cube);
        let act = if with_negation {
            let a = self.fresh_act(level);
            let mut cl = negate(cube);
            cl.push(-a);
            self.solvers[level].sat.add_clause(&cl);
            Some(a)
        } else {
            None
        };
        let mut assumptions: Vec<i32> = act.into_iter().collect();
        if !m.total {
            assumptions.push(m.trans_act());
        }
        assumptions.extend(cube.iter().map(|l| m.prime(*l)));
        let answer = self.solve(level, &assumptions);
        let r = match answer {
            SatAnswer::Unsat => {
                let sat = &self.solvers[level].sat;
                let mut core: Cube = cube
                    .iter()
                    .copied()
                    .filter(|l| sat.failed(m.prime(*l)))
                    .collect();
                // The core must still exclude the initial states.
                if self.intersects_init(&core) {
                    if let Some(l) = cube
                        .iter()
                        .find(|l| m.init_value(l.unsigned_abs()) == Some(**l < 0))
                    {
                        core.push(*l);
                        core.sort_unstable_by_key(|l| l.abs());
                    }
                }
                RelInd::Blocked(core)
            }
            SatAnswer::Sat => {
                let (state, inputs) = self.state_of(level);
                RelInd::Predecessor { state, inputs }
            }
            SatAnswer::Unknown => RelInd::Timeout,
        };
        if let Some(a) = act {
            self.retire(level, a);
        }
        r
    }

    // ------------------------------------------------------------------ lemmas

    fn add_lemma(&mut self, cube: Cube, level: usize) {
        for l in &cube {
            self.activity[l.unsigned_abs() as usize] += 1.0;
        }
        // Drop weaker lemmas at the levels the new one covers.
        let top = level.min(self.lemmas.len() - 1);
        for cs in self.lemmas.iter_mut().take(top + 1).skip(1) {
            cs.retain(|c| !subsumes(&cube, c));
        }
        let clause = negate(&cube);
        for s in self.solvers.iter_mut().take(top + 1).skip(1) {
            s.sat.add_clause(&clause);
        }
        self.stats.lemmas += 1;
        self.lemmas[top].push(cube);
    }

    /// The highest level (≤ the top frame) at which a blocked cube stays relatively
    /// inductive, starting from `level`.
    fn push_up(&mut self, cube: &Cube, mut level: usize) -> Option<usize> {
        let top = self.lemmas.len() - 1;
        while level < top {
            match self.relative_induction(cube, level, true) {
                RelInd::Blocked(_) => level += 1,
                RelInd::Predecessor { .. } => break,
                RelInd::Timeout => return None,
            }
        }
        Some(level)
    }

    fn trace(&self, start: usize) -> Ic3Trace {
        let mut states = Vec::new();
        let mut inputs = Vec::new();
        let mut cur = Some(start);
        while let Some(o) = cur {
            let ob = &self.obligations[o];
            states.push(ob.state.clone());
            inputs.push(ob.inputs.clone());
            cur = ob.next;
        }
        Ic3Trace { states, inputs }
    }

    pub fn run(&mut self) -> Ic3Outcome {
        let m = self.m;
        self.push_frame();
        // A bad initial state?
        let bad = m.bad_act();
        match self.solve(0, &[bad]) {
            SatAnswer::Sat => {
                let (state, inputs) = self.state_of(0);
                return Ic3Outcome::Unsafe(Ic3Trace {
                    states: vec![state],
                    inputs: vec![inputs],
                });
            }
            SatAnswer::Unknown => return Ic3Outcome::Unknown(logic::Stop::Timeout),
            SatAnswer::Unsat => {}
        }
        self.push_frame();
        loop {
            let k = self.lemmas.len() - 1;
            self.stats.frames = k;
            logic::progress::reached(logic::progress::Milestone::Frame(k as u64));
            // Blocking: every bad state in F_k.
            loop {
                if self.timed_out() {
                    return Ic3Outcome::Unknown(logic::Stop::Timeout);
                }
                match self.solve(k, &[bad]) {
                    SatAnswer::Unknown => return Ic3Outcome::Unknown(logic::Stop::Timeout),
                    SatAnswer::Unsat => break,
                    SatAnswer::Sat => {
                        let (state, inputs) = self.state_of(k);
                        let cube = self.lifted(&state, &inputs, None);
                        self.obligations.push(Obligation {
                            cube,
                            level: k,
                            depth: 0,
                            next: None,
                            state,
                            inputs,
                        });
                        let ob = self.obligations.len() - 1;
                        match self.block(ob) {
                            Ok(true) => {}
                            Ok(false) => return Ic3Outcome::Unknown(logic::Stop::Timeout),
                            Err(init) => return Ic3Outcome::Unsafe(self.trace(init)),
                        }
                    }
                }
            }
            if k >= self.opts.max_frames {
                return Ic3Outcome::Unknown(logic::Stop::Bound(format!("{k} frames")));
            }
            self.push_frame();
            match self.propagate() {
                Err(()) => return Ic3Outcome::Unknown(logic::Stop::Timeout),
                Ok(Some(i)) => {
                    let mut clauses: Vec<Clause> = self
                        .lemmas
                        .iter()
                        .skip(i + 1)
                        .chain([&self.infinity])
                        .flatten()
                        .map(|c| negate(c))
                        .collect();
                    clauses.sort();
                    clauses.dedup();
                    self.stats.invariant_clauses = clauses.len();
                    self.stats.frames = self.lemmas.len() - 1;
                    return Ic3Outcome::Safe(Invariant { clauses });
                }
                Ok(None) => {}
            }
        }
    }
}

fn negate(cube: &[i32]) -> Clause {
    cube.iter().map(|l| -l).collect()
}

/// Whether cube `a` ⊆ cube `b` (then the lemma `¬a` blocks everything `b` does).
fn subsumes(a: &Cube, b: &Cube) -> bool {
    if a.len() > b.len() {
        return false;
    }
    let mut j = 0;
    for l in a {
        while j < b.len() && b[j].abs() < l.abs() {
            j += 1;
        }
        if j == b.len() || b[j] != *l {
            return false;
        }
        j += 1;
    }
    true
}

/// Runs IC3 on a model.
pub fn ic3(m: &Model, opts: &Ic3Options) -> (Ic3Outcome, Ic3Stats) {
    let mut engine = Ic3::new(m, opts.clone());
    let outcome = engine.run();
    (outcome, engine.stats)
}
