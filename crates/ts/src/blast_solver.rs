//! A [`logic::Solver`] that decides bit-vector formulas by bit-blasting them ([`blast`])
//! and asking CaDiCaL ([`sat`]): the word-level engines' solver interface over the
//! bit-level half's SAT solver.
//!
//! Why: CEGAR's Boolean abstraction enumerates the models of one block formula, one check
//! per model (ALLSAT with blocking clauses). Z3's SMT kernel spends about 20 ms per such
//! check on an ssh state machine's block (#15, `s3_srvr_2`: 2,868 checks, 59 s). CPAchecker
//! avoids the same cost with MathSAT's built-in ALLSAT; here the formula is blasted once
//! per solver and every further check is an incremental SAT call under assumptions, which
//! only adds a blocking clause.
//!
//! Terms are blasted as they come: each free variable gets fresh AIG inputs on first use,
//! new AND gates are Tseitin-encoded into the SAT solver incrementally, and `push` levels
//! are activation literals (a `pop` disables its level for good). Model values are read
//! back as the variables' bits and the term is evaluated with [`logic`]'s reference
//! semantics, which the blaster's property tests hold it to.
//!
//! What cannot be blasted — mathematical integers, arrays (whose index space is not
//! bounded here, unlike in the transition systems of [`build`](crate::build)), quantifiers
//! — and what is better left to Z3 (non-linear products and quotients of wide words) is
//! not approximated: the solver replays everything it was told into a solver of the
//! fallback factory the caller gives it (Z3, for Boulder), which answers the checks SAT
//! cannot: all of them once an assertion could not be blasted. Quantifier elimination is
//! the fallback's too.
//!
//! A check that SAT does not answer within [`MAX_CONFLICTS`] is raced against the fallback
//! in turns of geometrically growing length, the fallback kept told
//! of everything from then on: neither solver dominates. Z3's rewriting normalises sums
//! of words that CDCL must prove equal bit by bit (`count_safe.c`: `s == 2 * n`), while
//! Z3's SMT kernel is orders of magnitude slower than CaDiCaL on byte remainders
//! (`gcd_1`: 1.4 s of SAT against more than 50 s of Z3 for the same abstractions).

use crate::aig::{Aig, Lit};
use crate::blast::Blaster;
use crate::cnf::Tseitin;
use crate::sat::{Cadical, SatAnswer, SatSolver};
use logic::{SatResult, Solver, SolverFactory, SolverStats, Sort, Term, TermStore, Value, VarId};
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Conflicts a check may take before the fallback gets its first turn. SAT is fast on the
/// control-heavy blocks of state machines (a model in 1–2 ms on `s3_srvr_2`), slow where
/// a block's arithmetic needs word-level reasoning (`hhk2008`: about 400 ms per check on
/// sums of 32-bit words, which Z3's rewriting normalises away).
pub const MAX_CONFLICTS: i32 = 500;

/// The fallback's first turn, in its deterministic work units (Z3's `rlimit`; 100,000 are
/// 1–140 ms on this project's machine, 20–60 ms on most ALLSAT checks); every later turn,
/// of either solver, is four times longer. Work, not time, so that which solver answers a
/// check does not depend on the machine's load.
pub const FALLBACK_TURN: u64 = 100_000;

/// Makes [`BlastSolver`]s; they share its statistics and deadline.
pub struct BlastSolverFactory {
    terms: Rc<TermStore>,
    fallback: Rc<dyn SolverFactory>,
    shared: Rc<Shared>,
}

#[derive(Default)]
struct Shared {
    stats: RefCell<SolverStats>,
    deadline: Cell<Option<Instant>>,
    /// Solvers that made a fallback solver.
    fallbacks: Cell<u64>,
    /// Whether products and quotients of wide words are blasted too.
    nonlinear: Cell<bool>,
}

impl BlastSolverFactory {
    /// Solvers over `terms`; what they cannot blast goes to solvers of `fallback`.
    pub fn new(terms: Rc<TermStore>, fallback: Rc<dyn SolverFactory>) -> Self {
        BlastSolverFactory {
            terms,
            fallback,
            shared: Rc::default(),
        }
    }

    /// No check of any solver of this factory runs past `deadline` (it answers unknown).
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        self.shared.deadline.set(deadline);
    }

    /// Products and quotients of wide words are blasted too, not left to the fallback:
    /// for one-shot queries over concrete loop bodies (symbolic execution), where CaDiCaL
    /// on a 64-bit multiplier beats Z3's SMT kernel (docs/engines/symex.md); CEGAR's
    /// incremental ALLSAT checks keep them in Z3.
    pub fn blast_nonlinear(&self, yes: bool) {
        self.shared.nonlinear.set(yes);
    }

    /// How many solvers used the fallback: for a term they could not blast or in a race.
    pub fn fallbacks(&self) -> u64 {
        self.shared.fallbacks.get()
    }
}

impl SolverFactory for BlastSolverFactory {
    fn new_solver(&self) -> Box<dyn Solver> {
        self.shared.stats.borrow_mut().solvers += 1;
        Box::new(BlastSolver::new(
            self.terms.clone(),
            self.fallback.clone(),
            self.shared.clone(),
        ))
    }

    /// The checks answered by SAT (those of solvers that fell back are the fallback's);
    /// `translated` counts AND gates encoded.
    fn stats(&self) -> SolverStats {
        self.shared.stats.borrow().clone()
    }

    fn eliminate_quantifiers(&self, t: Term) -> Result<Term, String> {
        self.fallback.eliminate_quantifiers(t)
    }
}

/// What the solver was told, for a replay into the fallback.
enum Told {
    Assert(Term),
    Push,
    Pop,
}

/// A term the blaster refused: the solver falls back.
struct Unblastable;

pub struct BlastSolver {
    terms: Rc<TermStore>,
    aig: Aig,
    blaster: Blaster<Rc<TermStore>>,
    sat: Cadical,
    tseitin: Tseitin,
    /// The activation variable of each open `push` level.
    levels: Vec<i32>,
    timeout: Option<Duration>,
    /// The last check's assumptions with their literals (`None`: constant false).
    last_assumptions: Vec<(Term, Option<i32>)>,
    /// Everything asserted, pushed and popped, until there is a fallback solver.
    told: Vec<Told>,
    fallback_factory: Rc<dyn SolverFactory>,
    /// Told everything once it exists.
    fallback: Option<Box<dyn Solver>>,
    /// False once an assertion could not be blasted: only the fallback can answer.
    sat_complete: bool,
    /// Whether the fallback answered the last check (its model and core are the ones).
    fallback_answered: bool,
    /// Conflicts SAT gets at first: the most a check has needed so far.
    conflicts: i32,
    shared: Rc<Shared>,
}

impl BlastSolver {
    fn new(terms: Rc<TermStore>, fallback: Rc<dyn SolverFactory>, shared: Rc<Shared>) -> Self {
        let mut blaster = Blaster::new(terms.clone());
        blaster.refuse_nonlinear = !shared.nonlinear.get();
        BlastSolver {
            blaster,
            terms,
            aig: Aig::new(),
            sat: Cadical::new(),
            tseitin: Tseitin::default(),
            levels: Vec::new(),
            timeout: None,
            last_assumptions: Vec::new(),
            told: Vec::new(),
            fallback_factory: fallback,
            fallback: None,
            sat_complete: true,
            fallback_answered: false,
            conflicts: MAX_CONFLICTS,
            shared,
        }
    }

    /// The DIMACS literal of `l`, its cone encoded.
    fn sat_lit(&mut self, l: Lit) -> i32 {
        let before = self.tseitin.gates;
        let x = self.tseitin.lit(&self.aig, l, &mut self.sat);
        self.shared.stats.borrow_mut().translated += self.tseitin.gates - before;
        x
    }

    /// The AIG literal of a Boolean term, giving its unseen variables fresh inputs.
    fn blast(&mut self, t: Term) -> Result<Lit, Unblastable> {
        let mut registered = false;
        loop {
            match self.blaster.bool(&mut self.aig, t) {
                Ok(l) => return Ok(l),
                Err(crate::blast::BlastError::UnknownVar(_)) if !registered => {
                    registered = true;
                    for v in self.terms.free_vars(t) {
                        self.register(v)?;
                    }
                }
                Err(_) => return Err(Unblastable),
            }
        }
    }

    fn register(&mut self, v: VarId) -> Result<(), Unblastable> {
        if self.blaster.scalars.contains_key(&v) {
            return Ok(());
        }
        let width = match self.terms.var_sort(v) {
            Sort::Bool => 1,
            Sort::Bv(w) => w,
            _ => return Err(Unblastable),
        };
        let bits = (0..width).map(|_| self.aig.new_input()).collect();
        self.blaster.scalars.insert(v, bits);
        Ok(())
    }

    /// The fallback solver, told everything this one was told.
    fn fall_back(&mut self) -> &mut dyn Solver {
        if self.fallback.is_none() {
            self.shared.fallbacks.set(self.shared.fallbacks.get() + 1);
            let mut s = self.fallback_factory.new_solver();
            s.set_timeout(self.timeout);
            for t in std::mem::take(&mut self.told) {
                match t {
                    Told::Assert(t) => s.assert(t),
                    Told::Push => s.push(),
                    Told::Pop => s.pop(),
                }
            }
            self.fallback = Some(s);
        }
        &mut **self.fallback.as_mut().expect("just set")
    }

    /// A check by the fallback, within `work` (its units).
    fn fallback_check(&mut self, assumptions: &[Term], work: Option<u64>) -> SatResult {
        let f = self.fall_back();
        f.set_work_limit(work);
        let answer = f.check_assuming(assumptions);
        f.set_work_limit(None);
        self.fallback_answered = true;
        answer
    }

    fn count(&self, answer: SatResult, time: Duration) {
        let mut st = self.shared.stats.borrow_mut();
        st.checks += 1;
        st.check_time += time;
        match answer {
            SatResult::Sat => st.sat += 1,
            SatResult::Unsat => st.unsat += 1,
            SatResult::Unknown(_) => st.unknown += 1,
        }
    }

    fn deadline(&self) -> Option<Instant> {
        let own = self.timeout.map(|d| Instant::now() + d);
        match (own, self.shared.deadline.get()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The value of variable `v` in the last model (its bits; unconstrained bits and
    /// variables the solver never saw are 0).
    fn var_value(&self, v: VarId) -> Option<Value> {
        let bits = self.blaster.scalars.get(&v);
        let bit = |i: usize| {
            bits.and_then(|b| b.get(i))
                .and_then(|l| self.tseitin.encoded(*l))
                .and_then(|x| self.sat.value(x))
                .unwrap_or(false)
        };
        match self.terms.var_sort(v) {
            Sort::Bool => Some(Value::Bool(bit(0))),
            Sort::Bv(w) => {
                let x = (0..w as usize).fold(0u128, |acc, i| acc | (bit(i) as u128) << i);
                Some(Value::Bv(x, w))
            }
            _ => None,
        }
    }
}

impl Solver for BlastSolver {
    fn assert(&mut self, t: Term) {
        match self.fallback.as_mut() {
            Some(f) => f.assert(t),
            None => self.told.push(Told::Assert(t)),
        }
        if !self.sat_complete {
            return;
        }
        let Ok(l) = self.blast(t) else {
            self.sat_complete = false;
            self.fall_back();
            return;
        };
        if l == Lit::TRUE {
            return;
        }
        let act = self.levels.last().copied();
        let mut clause: Vec<i32> = act.map(|a| -a).into_iter().collect();
        if l != Lit::FALSE {
            clause.push(self.sat_lit(l));
        }
        self.sat.add_clause(&clause);
    }

    fn push(&mut self) {
        match self.fallback.as_mut() {
            Some(f) => f.push(),
            None => self.told.push(Told::Push),
        }
        let act = self.tseitin.fresh_var();
        self.levels.push(act);
    }

    fn pop(&mut self) {
        match self.fallback.as_mut() {
            Some(f) => f.pop(),
            None => self.told.push(Told::Pop),
        }
        let act = self.levels.pop().expect("pop without push");
        self.sat.add_clause(&[-act]);
    }

    fn check_assuming(&mut self, assumptions: &[Term]) -> SatResult {
        self.fallback_answered = false;
        if !self.sat_complete {
            return self.fallback_check(assumptions, None);
        }
        let mut lits = Vec::with_capacity(assumptions.len());
        for a in assumptions {
            match self.blast(*a) {
                Ok(l) => lits.push(l),
                Err(Unblastable) => return self.fallback_check(assumptions, None),
            }
        }
        self.last_assumptions.clear();
        let mut assume = self.levels.clone();
        for (t, l) in assumptions.iter().zip(lits) {
            if l == Lit::FALSE {
                self.last_assumptions.push((*t, None));
                self.count(SatResult::Unsat, Duration::ZERO);
                return SatResult::Unsat;
            } else if l != Lit::TRUE {
                let s = self.sat_lit(l);
                assume.push(s);
                self.last_assumptions.push((*t, Some(s)));
            }
        }
        let mut conflicts = self.conflicts;
        let mut turn = FALLBACK_TURN;
        loop {
            let started = Instant::now();
            let deadline = self.deadline();
            self.sat.set_deadline(deadline);
            self.sat.limit_conflicts(conflicts);
            let answer = match self.sat.solve(&assume) {
                SatAnswer::Sat => SatResult::Sat,
                SatAnswer::Unsat => SatResult::Unsat,
                SatAnswer::Unknown if deadline.is_some_and(|d| Instant::now() >= d) => {
                    SatResult::Unknown(logic::Stop::Timeout)
                }
                SatAnswer::Unknown => {
                    self.shared.stats.borrow_mut().check_time += started.elapsed();
                    match self.fallback_check(assumptions, Some(turn)) {
                        SatResult::Unknown(logic::Stop::WorkLimit) => {
                            conflicts = conflicts.saturating_mul(4);
                            turn = turn.saturating_mul(4);
                            continue;
                        }
                        answer => return answer,
                    }
                }
            };
            self.fallback_answered = false;
            self.conflicts = conflicts;
            self.count(answer.clone(), started.elapsed());
            return answer;
        }
    }

    fn value(&mut self, t: Term) -> Option<Value> {
        if self.fallback_answered {
            return self.fallback.as_mut().expect("it answered").value(t);
        }
        let mut values = FxHashMap::default();
        for v in self.terms.free_vars(t) {
            values.insert(v, self.var_value(v)?);
        }
        self.terms.eval_map(t, &values).ok()
    }

    fn unsat_core(&mut self) -> Vec<Term> {
        if self.fallback_answered {
            return self.fallback.as_mut().expect("it answered").unsat_core();
        }
        if let Some((t, _)) = self.last_assumptions.iter().find(|(_, l)| l.is_none()) {
            return vec![*t];
        }
        self.last_assumptions
            .iter()
            .filter(|(_, l)| l.is_some_and(|l| self.sat.failed(l)))
            .map(|(t, _)| *t)
            .collect()
    }

    fn set_timeout(&mut self, limit: Option<Duration>) {
        self.timeout = limit;
        if let Some(f) = self.fallback.as_mut() {
            f.set_timeout(limit);
        }
    }
}
