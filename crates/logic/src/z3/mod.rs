//! The Z3 backend: translation of terms into Z3 (memoised over the shared DAG, one
//! translation cache for every solver of a run), incremental solvers, models, unsat cores,
//! tactics (quantifier elimination) and read-back of Z3 terms.
//!
//! Built on `z3-sys`, the `z3` crate's bindings to the system's libz3 (Debian's 4.8.12):
//! the raw API gives us our own context, exact reference counting, and the declaration
//! names and parameters we need for read-back. Z3's `DeclKind` numbers differ between the
//! bindings and 4.8.12, so read-back goes by declaration *name*, never by kind.

mod alarm;
mod readback;
mod solver;
mod spacer;
mod translate;

pub use solver::Z3Solver;
pub use spacer::HornAnswer;

use crate::solver::{SatResult, Solver, SolverFactory, SolverStats};
use crate::term::{Term, TermStore};
use alarm::Alarm;
use rustc_hash::FxHashMap;
use std::cell::{Cell, OnceCell, RefCell};
use std::ffi::{CStr, CString};
use std::rc::Rc;
use std::time::{Duration, Instant};
use z3_sys::*;

/// Which of Z3's solvers [`Z3::solver`] makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Z3SolverKind {
    /// `Z3_mk_simple_solver`: the SMT kernel for every check. The default: on the large
    /// disjunctive blocks of LBE it is an order of magnitude faster (test-locks N=100:
    /// 0.8 s instead of 20 s for the same queries).
    Smt,
    /// `Z3_mk_solver`: a tactic-based, bit-blasting solver for the first check without
    /// assumptions, the SMT kernel afterwards.
    Combined,
    /// A solver from tactics that first solve equations (`solve-eqs`) and put arithmetic
    /// in sum-of-monomials form (`simplify` with `som`), then the SMT kernel: after it,
    /// `2·t = (n-1)·(n-1) + (n-1)` and `2·t = n·n - n` share one product, so the check of
    /// a polynomial invariant is linear in it instead of a comparison of two multipliers
    /// (which no SAT solver does in time at 32 bits). Not incremental: for one-shot
    /// checks.
    Algebraic,
}

impl Z3SolverKind {
    pub fn name(self) -> &'static str {
        match self {
            Z3SolverKind::Smt => "smt",
            Z3SolverKind::Combined => "combined",
            Z3SolverKind::Algebraic => "algebraic",
        }
    }
}

/// A Z3 context bound to one term store, shared by the solvers it makes.
#[derive(Clone)]
pub struct Z3 {
    ctx: Rc<Ctx>,
}

pub(crate) struct Ctx {
    /// Made at the first call that needs it: a Z3 context costs about 5 ms and 17 MB of
    /// page faults to create (two 8.5 MB tables initialised at once, measured with
    /// `perf record -e page-faults` on 4.8.12), and a run whose queries all go to CaDiCaL
    /// or that ends before its first query never needs one.
    z3: OnceCell<Z3_context>,
    pub(crate) store: Rc<TermStore>,
    pub(crate) memo: RefCell<FxHashMap<Term, Z3_ast>>,
    pub(crate) sorts: RefCell<FxHashMap<crate::sort::Sort, Z3_sort>>,
    stats: RefCell<SolverStats>,
    deadline: Cell<Option<Instant>>,
    proxy_counter: Cell<u64>,
    kind: Cell<Z3SolverKind>,
    /// Time limits of calls (see `alarm.rs`); `Some` from the context's creation until it
    /// is dropped.
    alarm: RefCell<Option<Alarm>>,
}

impl Drop for Ctx {
    fn drop(&mut self) {
        // The alarm's thread must stop before the context it interrupts is deleted.
        drop(self.alarm.borrow_mut().take());
        if self.z3.get().is_none() {
            return;
        }
        unsafe {
            for (_, a) in self.memo.borrow_mut().drain() {
                Z3_dec_ref(self.z3(), a);
            }
            for (_, s) in self.sorts.borrow_mut().drain() {
                if let Some(a) = Z3_sort_to_ast(self.z3(), s) {
                    Z3_dec_ref(self.z3(), a);
                }
            }
            Z3_del_context(self.z3());
        }
    }
}

impl Ctx {
    /// The context, made (with its alarm) at the first call.
    pub(crate) fn z3(&self) -> Z3_context {
        *self.z3.get_or_init(|| unsafe {
            let cfg = Z3_mk_config().expect("Z3 config");
            let z3 = Z3_mk_context_rc(cfg).expect("Z3 context");
            Z3_del_config(cfg);
            Z3_set_error_handler(z3, None);
            *self.alarm.borrow_mut() = Some(Alarm::new(z3));
            z3
        })
    }

    /// Panics with Z3's message: for failures that well-sorted input cannot cause.
    pub(crate) fn check_error(&self, what: &str) {
        unsafe {
            let code = Z3_get_error_code(self.z3());
            if code != ErrorCode::Ok {
                let msg = CStr::from_ptr(Z3_get_error_msg(self.z3(), code)).to_string_lossy();
                panic!("internal error: Z3 failed in {what}: {msg}");
            }
        }
    }

    pub(crate) fn error_message(&self) -> Option<String> {
        unsafe {
            let code = Z3_get_error_code(self.z3());
            if code == ErrorCode::Ok {
                None
            } else {
                Some(
                    CStr::from_ptr(Z3_get_error_msg(self.z3(), code))
                        .to_string_lossy()
                        .into_owned(),
                )
            }
        }
    }

    /// Runs `call` (one Z3 call of this context) so that it is interrupted at `until`.
    pub(crate) fn limited<R>(&self, until: Option<Instant>, call: impl FnOnce() -> R) -> R {
        let Some(at) = until else {
            return call();
        };
        self.z3();
        self.alarm
            .borrow_mut()
            .as_mut()
            .expect("the context is alive")
            .arm(at);
        let r = call();
        if let Some(a) = self.alarm.borrow().as_ref() {
            a.disarm();
        }
        r
    }

    pub(crate) fn symbol(&self, name: &str) -> Z3_symbol {
        let c = CString::new(name).expect("symbol without NUL");
        unsafe { Z3_mk_string_symbol(self.z3(), c.as_ptr()).expect("symbol") }
    }
}

impl Z3 {
    /// A new Z3 context for terms of `store`.
    pub fn new(store: Rc<TermStore>) -> Z3 {
        Z3 {
            ctx: Rc::new(Ctx {
                z3: OnceCell::new(),
                store,
                memo: RefCell::new(FxHashMap::default()),
                sorts: RefCell::new(FxHashMap::default()),
                stats: RefCell::new(SolverStats::default()),
                deadline: Cell::new(None),
                proxy_counter: Cell::new(0),
                kind: Cell::new(Z3SolverKind::Smt),
                alarm: RefCell::new(None),
            }),
        }
    }

    pub fn store(&self) -> &Rc<TermStore> {
        &self.ctx.store
    }

    /// A new, empty incremental solver.
    pub fn solver(&self) -> Z3Solver {
        self.ctx.stats.borrow_mut().solvers += 1;
        unsafe {
            let s = match self.ctx.kind.get() {
                Z3SolverKind::Smt => Z3_mk_simple_solver(self.ctx.z3()),
                Z3SolverKind::Combined => Z3_mk_solver(self.ctx.z3()),
                Z3SolverKind::Algebraic => self.algebraic_solver(),
            }
            .expect("Z3 solver");
            Z3_solver_inc_ref(self.ctx.z3(), s);
            Z3Solver::new(self.ctx.clone(), s)
        }
    }

    /// The solver of [`Z3SolverKind::Algebraic`].
    unsafe fn algebraic_solver(&self) -> Option<Z3_solver> {
        let z = self.ctx.z3();
        // Every object is referenced while it is used (a reference-counted context frees
        // what nobody holds) and released once the solver holds the tactic.
        let held = |t: Z3_tactic| {
            Z3_tactic_inc_ref(z, t);
            t
        };
        let tactic = |name: &str| {
            let c = CString::new(name).expect("tactic name");
            held(Z3_mk_tactic(z, c.as_ptr()).expect("a tactic of Z3"))
        };
        let params = Z3_mk_params(z).expect("params");
        Z3_params_inc_ref(z, params);
        Z3_params_set_bool(z, params, self.ctx.symbol("som"), true);
        let plain = tactic("simplify");
        let som = held(Z3_tactic_using_params(z, plain, params).expect("tactic"));
        let steps = [
            tactic("simplify"),
            tactic("propagate-values"),
            tactic("solve-eqs"),
            som,
            tactic("smt"),
        ];
        let mut t = steps[0];
        Z3_tactic_inc_ref(z, t);
        for next in &steps[1..] {
            let both = held(Z3_tactic_and_then(z, t, *next).expect("and_then"));
            Z3_tactic_dec_ref(z, t);
            t = both;
        }
        let s = Z3_mk_solver_from_tactic(z, t);
        Z3_tactic_dec_ref(z, t);
        for x in steps.into_iter().chain([plain]) {
            Z3_tactic_dec_ref(z, x);
        }
        Z3_params_dec_ref(z, params);
        s
    }

    /// Every check of every solver of this context returns `Unknown(Stop::Timeout)` from this
    /// instant on (and Z3 is told the remaining time).
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        self.ctx.deadline.set(deadline);
    }

    pub fn stats(&self) -> SolverStats {
        self.ctx.stats.borrow().clone()
    }

    /// The kind of solver the following [`Z3::solver`] calls make.
    pub fn set_solver_kind(&self, kind: Z3SolverKind) {
        self.ctx.kind.set(kind);
    }

    /// The kind of solver [`Z3::solver`] makes.
    pub fn solver_kind(&self) -> Z3SolverKind {
        self.ctx.kind.get()
    }

    /// Applies Z3 tactics in sequence (e.g. `["qe", "simplify"]`) to a Boolean term and
    /// reads the result back: the disjunction of the resulting goals' conjunctions.
    pub fn apply_tactics(
        &self,
        t: Term,
        tactics: &[&str],
        timeout: Option<Duration>,
    ) -> Result<Term, String> {
        let ctx = &*self.ctx;
        let a = ctx.ast(t);
        unsafe {
            let z = ctx.z3();
            let mut tac: Option<Z3_tactic> = None;
            for name in tactics {
                let c = CString::new(*name).expect("tactic name");
                let t1 = Z3_mk_tactic(z, c.as_ptr())
                    .ok_or_else(|| format!("unknown Z3 tactic `{name}`"))?;
                Z3_tactic_inc_ref(z, t1);
                tac = Some(match tac {
                    None => t1,
                    Some(t0) => {
                        let both = Z3_tactic_and_then(z, t0, t1).expect("and_then");
                        Z3_tactic_inc_ref(z, both);
                        Z3_tactic_dec_ref(z, t0);
                        Z3_tactic_dec_ref(z, t1);
                        both
                    }
                });
            }
            let tac = tac.ok_or("no tactic given")?;
            let limit = self.remaining(timeout);
            if limit.is_some_and(|l| l.is_zero()) {
                Z3_tactic_dec_ref(z, tac);
                return Err(crate::Stop::Timeout.to_string());
            }
            let goal = Z3_mk_goal(z, false, false, false).expect("goal");
            Z3_goal_inc_ref(z, goal);
            Z3_goal_assert(z, goal, a);
            let result = ctx.limited(limit.map(|l| Instant::now() + l), || {
                Z3_tactic_apply(z, tac, goal)
            });
            let out = match result {
                None => Err(ctx
                    .error_message()
                    .unwrap_or_else(|| "tactic failed".into())),
                Some(r) => {
                    Z3_apply_result_inc_ref(z, r);
                    let mut disjuncts = Vec::new();
                    let mut failed = None;
                    for i in 0..Z3_apply_result_get_num_subgoals(z, r) {
                        let g = Z3_apply_result_get_subgoal(z, r, i).expect("subgoal");
                        let mut conj = Vec::new();
                        for j in 0..Z3_goal_size(z, g) {
                            let f = Z3_goal_formula(z, g, j).expect("formula");
                            match self.read_term(f) {
                                Ok(t) => conj.push(t),
                                Err(e) => failed = Some(e),
                            }
                        }
                        disjuncts.push(ctx.store.and(&conj));
                    }
                    Z3_apply_result_dec_ref(z, r);
                    match failed {
                        Some(e) => Err(e),
                        None => Ok(ctx.store.or(&disjuncts)),
                    }
                }
            };
            Z3_goal_dec_ref(z, goal);
            Z3_tactic_dec_ref(z, tac);
            out
        }
    }

    /// Reads a Z3 term back as a Boulder term (by declaration names).
    pub(crate) fn read_term(&self, a: Z3_ast) -> Result<Term, String> {
        readback::read_term(&self.ctx, a)
    }

    /// Round trip through Z3: translate, then read back. Exposed for tests of both
    /// directions of the translation.
    pub fn round_trip(&self, t: Term) -> Result<Term, String> {
        let a = self.ctx.ast(t);
        self.read_term(a)
    }

    /// Parses an SMT-LIB 2 script with Z3's own parser and checks its assertions in a
    /// fresh solver. Lets tests confirm that Boulder's SMT-LIB output means what it should
    /// to another tool.
    pub fn check_smtlib(&self, script: &str) -> Result<SatResult, String> {
        let z = self.ctx.z3();
        // Z3's parser executes no commands: drop the ones it would reject.
        let body: String = script
            .lines()
            .filter(|l| !l.starts_with("(check-sat") && !l.starts_with("(set-logic"))
            .collect::<Vec<_>>()
            .join("\n");
        let v = self.parse_smtlib(&body)?;
        unsafe {
            let s = Z3_mk_solver(z).expect("solver");
            Z3_solver_inc_ref(z, s);
            for i in 0..Z3_ast_vector_size(z, v) {
                Z3_solver_assert(z, s, Z3_ast_vector_get(z, v, i).expect("assertion"));
            }
            let r = Z3_solver_check(z, s);
            Z3_solver_dec_ref(z, s);
            Z3_ast_vector_dec_ref(z, v);
            Ok(match r {
                Z3_L_TRUE => SatResult::Sat,
                Z3_L_FALSE => SatResult::Unsat,
                _ => SatResult::Unknown("unknown".into()),
            })
        }
    }

    /// How many assertions Z3's own SMT-LIB 2 parser reads in `script` (commands other
    /// than declarations and assertions are ignored by it), or its error: lets tests
    /// confirm that text Boulder writes parses in another front end.
    pub fn count_smtlib_assertions(&self, script: &str) -> Result<u32, String> {
        let v = self.parse_smtlib(script)?;
        let z = self.ctx.z3();
        unsafe {
            let n = Z3_ast_vector_size(z, v);
            Z3_ast_vector_dec_ref(z, v);
            Ok(n)
        }
    }

    /// The assertions of `script` (with a reference the caller releases).
    fn parse_smtlib(&self, script: &str) -> Result<Z3_ast_vector, String> {
        let z = self.ctx.z3();
        let c = CString::new(script).map_err(|e| e.to_string())?;
        unsafe {
            let v = Z3_parse_smtlib2_string(
                z,
                c.as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null(),
                0,
                std::ptr::null(),
                std::ptr::null(),
            );
            match v {
                Some(v) if self.ctx.error_message().is_none() => {
                    Z3_ast_vector_inc_ref(z, v);
                    Ok(v)
                }
                _ => Err(self
                    .ctx
                    .error_message()
                    .unwrap_or_else(|| "parse error".into())),
            }
        }
    }

    /// Z3's own SMT-LIB rendering of the translated term (for debugging and tests).
    pub fn z3_text(&self, t: Term) -> String {
        let a = self.ctx.ast(t);
        unsafe {
            CStr::from_ptr(Z3_ast_to_string(self.ctx.z3(), a))
                .to_string_lossy()
                .into_owned()
        }
    }

    fn remaining(&self, own: Option<Duration>) -> Option<Duration> {
        let global = self
            .ctx
            .deadline
            .get()
            .map(|d| d.saturating_duration_since(Instant::now()));
        match (own, global) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

impl SolverFactory for Z3 {
    fn new_solver(&self) -> Box<dyn Solver> {
        Box::new(self.solver())
    }
    fn stats(&self) -> SolverStats {
        Z3::stats(self)
    }
    /// Boulder's own exact rewrites first ([`TermStore::qe_light`]); then each quantified
    /// sub-term that remains goes to Z3's `qe-light`. A quantifier left over is an error
    /// (the caller falls back, docs/design.md §6).
    ///
    /// Deterministic: both steps are rewrites without search, polynomial in the term
    /// (the caller bounds its size), so no time limit of their own is set — a wall-clock
    /// limit here (500 ms until stop 50) made CEGAR's refinements depend on the machine's
    /// load. Only the context's deadline (the run's) interrupts them. Measured: a
    /// `qe-light` call takes microseconds on refinement formulas. Z3's complete `qe`
    /// is not called (below).
    fn eliminate_quantifiers(&self, t: Term) -> Result<Term, String> {
        let store = &self.ctx.store;
        let light = store.qe_light(t);
        let quantified: Vec<Term> = store
            .postorder(light, false)
            .into_iter()
            .filter(|n| store.op(*n).is_quantifier())
            .collect();
        if quantified.is_empty() {
            return Ok(light);
        }
        let mut map = FxHashMap::default();
        for q in quantified {
            let by_z3 = self
                .apply_tactics(q, &["qe-light", "simplify"], None)
                .ok()
                .filter(|r| !store.has_quantifier(*r));
            // Z3's complete eliminations are not tried: its `qe` tactic, interrupted at the
            // time limit, can dereference a missing model in 4.8.12 (a SIGSEGV in 1 of 30
            // CEGAR runs of examples/c/heap/list_safe.c, the pattern of Z3Prover/z3#6500),
            // and where it was interrupted, it had not finished anyway (list_safe: not in
            // 60 s); where it finished within the limit, the caller now falls back as it
            // did on a timeout, without waiting for one. QSAT's `qe2` does not crash, but its eliminations changed CEGAR's
            // predicates and made the invariants of three witness tests too weak for
            // k-induction to validate, with no task of the corpus gained (stop 35).
            let Some(qf) = by_z3 else {
                return Err("a quantifier is left after light elimination".into());
            };
            map.insert(q, qf);
        }
        Ok(store.substitute(light, &map))
    }
}
