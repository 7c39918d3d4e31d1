//! The Z3 backend: translation of terms into Z3 (memoised over the shared DAG, one
//! translation cache for every solver of a run), incremental solvers, models, unsat cores,
//! tactics (quantifier elimination) and read-back of Z3 terms.
//!
//! Built on `z3-sys`, the `z3` crate's bindings to the system's libz3 (Debian's 4.8.12):
//! the raw API gives us our own context, exact reference counting, and the declaration
//! names and parameters we need for read-back. Z3's `DeclKind` numbers differ between the
//! bindings and 4.8.12, so read-back goes by declaration *name*, never by kind.

mod readback;
mod translate;

use crate::solver::{SatResult, Solver, SolverFactory, SolverStats};
use crate::term::{Term, TermStore};
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::ffi::{CStr, CString};
use std::rc::Rc;
use std::time::{Duration, Instant};
use z3_sys::*;

/// A Z3 context bound to one term store, shared by the solvers it makes.
#[derive(Clone)]
pub struct Z3 {
    ctx: Rc<Ctx>,
}

pub(crate) struct Ctx {
    pub(crate) z3: Z3_context,
    pub(crate) store: Rc<TermStore>,
    pub(crate) memo: RefCell<FxHashMap<Term, Z3_ast>>,
    pub(crate) sorts: RefCell<FxHashMap<crate::sort::Sort, Z3_sort>>,
    stats: RefCell<SolverStats>,
    deadline: Cell<Option<Instant>>,
    proxy_counter: Cell<u64>,
}

impl Drop for Ctx {
    fn drop(&mut self) {
        unsafe {
            for (_, a) in self.memo.borrow_mut().drain() {
                Z3_dec_ref(self.z3, a);
            }
            for (_, s) in self.sorts.borrow_mut().drain() {
                if let Some(a) = Z3_sort_to_ast(self.z3, s) {
                    Z3_dec_ref(self.z3, a);
                }
            }
            Z3_del_context(self.z3);
        }
    }
}

impl Ctx {
    /// Panics with Z3's message: for failures that well-sorted input cannot cause.
    pub(crate) fn check_error(&self, what: &str) {
        unsafe {
            let code = Z3_get_error_code(self.z3);
            if code != ErrorCode::Ok {
                let msg = CStr::from_ptr(Z3_get_error_msg(self.z3, code)).to_string_lossy();
                panic!("internal error: Z3 failed in {what}: {msg}");
            }
        }
    }

    pub(crate) fn error_message(&self) -> Option<String> {
        unsafe {
            let code = Z3_get_error_code(self.z3);
            if code == ErrorCode::Ok {
                None
            } else {
                Some(
                    CStr::from_ptr(Z3_get_error_msg(self.z3, code))
                        .to_string_lossy()
                        .into_owned(),
                )
            }
        }
    }

    pub(crate) fn symbol(&self, name: &str) -> Z3_symbol {
        let c = CString::new(name).expect("symbol without NUL");
        unsafe { Z3_mk_string_symbol(self.z3, c.as_ptr()).expect("symbol") }
    }
}

impl Z3 {
    /// A new Z3 context for terms of `store`.
    pub fn new(store: Rc<TermStore>) -> Z3 {
        unsafe {
            let cfg = Z3_mk_config().expect("Z3 config");
            let z3 = Z3_mk_context_rc(cfg).expect("Z3 context");
            Z3_del_config(cfg);
            Z3_set_error_handler(z3, None);
            Z3 {
                ctx: Rc::new(Ctx {
                    z3,
                    store,
                    memo: RefCell::new(FxHashMap::default()),
                    sorts: RefCell::new(FxHashMap::default()),
                    stats: RefCell::new(SolverStats::default()),
                    deadline: Cell::new(None),
                    proxy_counter: Cell::new(0),
                }),
            }
        }
    }

    pub fn store(&self) -> &Rc<TermStore> {
        &self.ctx.store
    }

    /// A new, empty incremental solver.
    pub fn solver(&self) -> Z3Solver {
        self.ctx.stats.borrow_mut().solvers += 1;
        unsafe {
            let s = Z3_mk_solver(self.ctx.z3).expect("Z3 solver");
            Z3_solver_inc_ref(self.ctx.z3, s);
            Z3Solver {
                ctx: self.ctx.clone(),
                solver: s,
                model: None,
                proxies: Vec::new(),
                proxy_of: FxHashMap::default(),
                level: 0,
                last_assumptions: Vec::new(),
                timeout: None,
            }
        }
    }

    /// Every check of every solver of this context returns `Unknown("timeout")` from this
    /// instant on (and Z3 is told the remaining time).
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        self.ctx.deadline.set(deadline);
    }

    pub fn stats(&self) -> SolverStats {
        self.ctx.stats.borrow().clone()
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
            let z = ctx.z3;
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
            let mut tac = tac.ok_or("no tactic given")?;
            let limit = self.remaining(timeout);
            if let Some(limit) = limit {
                if limit.is_zero() {
                    Z3_tactic_dec_ref(z, tac);
                    return Err("timeout".into());
                }
                let limited =
                    Z3_tactic_try_for(z, tac, limit.as_millis().min(u32::MAX as u128) as u32)
                        .expect("try_for");
                Z3_tactic_inc_ref(z, limited);
                Z3_tactic_dec_ref(z, tac);
                tac = limited;
            }
            let goal = Z3_mk_goal(z, false, false, false).expect("goal");
            Z3_goal_inc_ref(z, goal);
            Z3_goal_assert(z, goal, a);
            let result = Z3_tactic_apply(z, tac, goal);
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
        let z = self.ctx.z3;
        // Z3's parser executes no commands: drop the ones it would reject.
        let body: String = script
            .lines()
            .filter(|l| !l.starts_with("(check-sat") && !l.starts_with("(set-logic"))
            .collect::<Vec<_>>()
            .join("\n");
        let c = CString::new(body).map_err(|e| e.to_string())?;
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
            let v = match v {
                Some(v) if self.ctx.error_message().is_none() => v,
                _ => {
                    return Err(self
                        .ctx
                        .error_message()
                        .unwrap_or_else(|| "parse error".into()))
                }
            };
            Z3_ast_vector_inc_ref(z, v);
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

    /// Z3's own SMT-LIB rendering of the translated term (for debugging and tests).
    pub fn z3_text(&self, t: Term) -> String {
        let a = self.ctx.ast(t);
        unsafe {
            CStr::from_ptr(Z3_ast_to_string(self.ctx.z3, a))
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
}

/// One incremental Z3 solver.
pub struct Z3Solver {
    ctx: Rc<Ctx>,
    solver: Z3_solver,
    model: Option<Z3_model>,
    /// Proxy literals for non-literal assumptions, with the scope level they were made at.
    proxies: Vec<(Term, Z3_ast, u32)>,
    proxy_of: FxHashMap<Term, Z3_ast>,
    level: u32,
    last_assumptions: Vec<(Z3_ast, Term)>,
    timeout: Option<Duration>,
}

impl Drop for Z3Solver {
    fn drop(&mut self) {
        unsafe {
            self.drop_model();
            for (_, p, _) in self.proxies.drain(..) {
                Z3_dec_ref(self.ctx.z3, p);
            }
            Z3_solver_dec_ref(self.ctx.z3, self.solver);
        }
    }
}

impl Z3Solver {
    fn drop_model(&mut self) {
        if let Some(m) = self.model.take() {
            unsafe { Z3_model_dec_ref(self.ctx.z3, m) };
        }
    }

    /// A literal standing for assumption `t`: `t` itself when it is a Boolean variable or
    /// its negation (Z3 wants literals), otherwise a proxy `p` with `p => t` asserted.
    fn literal(&mut self, t: Term) -> Z3_ast {
        let store = &self.ctx.store;
        let is_lit = store.as_var(t).is_some()
            || (store.op(t) == crate::term::Op::Not && store.as_var(store.arg(t, 0)).is_some());
        if is_lit {
            return self.ctx.ast(t);
        }
        if let Some(p) = self.proxy_of.get(&t) {
            return *p;
        }
        let z = self.ctx.z3;
        let n = self.ctx.proxy_counter.get() + 1;
        self.ctx.proxy_counter.set(n);
        unsafe {
            let sort = Z3_mk_bool_sort(z).expect("bool sort");
            let p =
                Z3_mk_const(z, self.ctx.symbol(&format!("assumption!{n}")), sort).expect("proxy");
            Z3_inc_ref(z, p);
            let a = self.ctx.ast(t);
            let imp = Z3_mk_implies(z, p, a).expect("implies");
            Z3_inc_ref(z, imp);
            Z3_solver_assert(z, self.solver, imp);
            Z3_dec_ref(z, imp);
            self.proxies.push((t, p, self.level));
            self.proxy_of.insert(t, p);
            p
        }
    }

    /// Z3's statistics of this solver, as text.
    pub fn z3_statistics(&self) -> String {
        unsafe {
            match Z3_solver_get_statistics(self.ctx.z3, self.solver) {
                Some(s) => {
                    Z3_stats_inc_ref(self.ctx.z3, s);
                    let text = CStr::from_ptr(Z3_stats_to_string(self.ctx.z3, s))
                        .to_string_lossy()
                        .into_owned();
                    Z3_stats_dec_ref(self.ctx.z3, s);
                    text
                }
                None => String::new(),
            }
        }
    }
}

impl Solver for Z3Solver {
    fn assert(&mut self, t: Term) {
        self.drop_model();
        let a = self.ctx.ast(t);
        unsafe { Z3_solver_assert(self.ctx.z3, self.solver, a) };
        self.ctx.check_error("assert");
    }

    fn push(&mut self) {
        self.drop_model();
        self.level += 1;
        unsafe { Z3_solver_push(self.ctx.z3, self.solver) };
    }

    fn pop(&mut self) {
        self.drop_model();
        assert!(self.level > 0, "pop without push");
        self.level -= 1;
        unsafe { Z3_solver_pop(self.ctx.z3, self.solver, 1) };
        while let Some((t, p, l)) = self.proxies.last().copied() {
            if l <= self.level {
                break;
            }
            self.proxies.pop();
            self.proxy_of.remove(&t);
            unsafe { Z3_dec_ref(self.ctx.z3, p) };
        }
    }

    fn check_assuming(&mut self, assumptions: &[Term]) -> SatResult {
        self.drop_model();
        let z3 = Z3 {
            ctx: self.ctx.clone(),
        };
        let limit = z3.remaining(self.timeout);
        if limit.is_some_and(|l| l.is_zero()) {
            self.ctx.stats.borrow_mut().unknown += 1;
            return SatResult::Unknown("timeout".into());
        }
        let lits: Vec<Z3_ast> = assumptions.iter().map(|t| self.literal(*t)).collect();
        self.last_assumptions = lits
            .iter()
            .copied()
            .zip(assumptions.iter().copied())
            .collect();
        let z = self.ctx.z3;
        unsafe {
            let params = Z3_mk_params(z).expect("params");
            Z3_params_inc_ref(z, params);
            let ms = limit.map_or(u32::MAX, |l| {
                l.as_millis().clamp(1, u32::MAX as u128) as u32
            });
            Z3_params_set_uint(z, params, self.ctx.symbol("timeout"), ms);
            Z3_solver_set_params(z, self.solver, params);
            Z3_params_dec_ref(z, params);
        }
        let start = Instant::now();
        let r = unsafe {
            Z3_solver_check_assumptions(z, self.solver, lits.len() as u32, lits.as_ptr())
        };
        let elapsed = start.elapsed();
        let mut stats = self.ctx.stats.borrow_mut();
        stats.checks += 1;
        stats.check_time += elapsed;
        match r {
            Z3_L_TRUE => {
                stats.sat += 1;
                SatResult::Sat
            }
            Z3_L_FALSE => {
                stats.unsat += 1;
                SatResult::Unsat
            }
            _ => {
                stats.unknown += 1;
                let reason = unsafe {
                    CStr::from_ptr(Z3_solver_get_reason_unknown(z, self.solver))
                        .to_string_lossy()
                        .into_owned()
                };
                let reason = if reason == "canceled" || reason.contains("timeout") {
                    "timeout".to_string()
                } else {
                    reason
                };
                SatResult::Unknown(reason)
            }
        }
    }

    fn value(&mut self, t: Term) -> Option<Value> {
        let z = self.ctx.z3;
        if self.model.is_none() {
            let m = unsafe { Z3_solver_get_model(z, self.solver) }?;
            unsafe { Z3_model_inc_ref(z, m) };
            self.model = Some(m);
        }
        let m = self.model.expect("model");
        let a = self.ctx.ast(t);
        let sort = self.ctx.store.sort(t);
        readback::model_value(&self.ctx, m, a, sort)
    }

    fn unsat_core(&mut self) -> Vec<Term> {
        let z = self.ctx.z3;
        unsafe {
            let Some(v) = Z3_solver_get_unsat_core(z, self.solver) else {
                return Vec::new();
            };
            Z3_ast_vector_inc_ref(z, v);
            let mut out = Vec::new();
            for i in 0..Z3_ast_vector_size(z, v) {
                let a = Z3_ast_vector_get(z, v, i).expect("core element");
                if let Some((_, t)) = self.last_assumptions.iter().find(|(x, _)| *x == a) {
                    out.push(*t);
                }
            }
            Z3_ast_vector_dec_ref(z, v);
            out
        }
    }

    fn set_timeout(&mut self, limit: Option<Duration>) {
        self.timeout = limit;
    }
}
