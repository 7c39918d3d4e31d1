//! One incremental Z3 solver: assertions, push/pop, checks under assumptions (proxies
//! for non-literal ones) within the context's time limits, models and unsat cores.

use super::{Ctx, Z3};
use crate::solver::{SatResult, Solver};
use crate::term::Term;
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::ffi::CStr;
use std::rc::Rc;
use std::time::{Duration, Instant};
use z3_sys::*;

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
    work_limit: Option<u64>,
}

impl Drop for Z3Solver {
    fn drop(&mut self) {
        unsafe {
            self.drop_model();
            for (_, p, _) in self.proxies.drain(..) {
                Z3_dec_ref(self.ctx.z3(), p);
            }
            Z3_solver_dec_ref(self.ctx.z3(), self.solver);
        }
    }
}

impl Z3Solver {
    /// Wraps a Z3 solver whose reference the caller has taken.
    pub(super) fn new(ctx: Rc<Ctx>, solver: Z3_solver) -> Self {
        Z3Solver {
            ctx,
            solver,
            model: None,
            proxies: Vec::new(),
            proxy_of: FxHashMap::default(),
            level: 0,
            last_assumptions: Vec::new(),
            timeout: None,
            work_limit: None,
        }
    }

    fn drop_model(&mut self) {
        if let Some(m) = self.model.take() {
            unsafe { Z3_model_dec_ref(self.ctx.z3(), m) };
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
        let z = self.ctx.z3();
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
            match Z3_solver_get_statistics(self.ctx.z3(), self.solver) {
                Some(s) => {
                    Z3_stats_inc_ref(self.ctx.z3(), s);
                    let text = CStr::from_ptr(Z3_stats_to_string(self.ctx.z3(), s))
                        .to_string_lossy()
                        .into_owned();
                    Z3_stats_dec_ref(self.ctx.z3(), s);
                    text
                }
                None => String::new(),
            }
        }
    }
}

impl Z3Solver {
    /// Debugging aid: with `BOULDER_DUMP_SLOW_QUERIES=DIR`, every check that took over a
    /// second is written to `DIR` as an SMT-LIB script (Z3's rendering of the solver),
    /// so that it can be studied or handed to another solver.
    fn dump_slow(&self, dir: &std::path::Path, elapsed: Duration) {
        if elapsed < Duration::from_secs(1) {
            return;
        }
        let mut text = unsafe {
            CStr::from_ptr(Z3_solver_to_string(self.ctx.z3(), self.solver))
                .to_string_lossy()
                .into_owned()
        };
        // The check's assumptions, as assertions: the file is then the query that was slow.
        for (lit, _) in &self.last_assumptions {
            let lit = unsafe { CStr::from_ptr(Z3_ast_to_string(self.ctx.z3(), *lit)) };
            text.push_str(&format!("(assert {})\n", lit.to_string_lossy()));
        }
        let n = self.ctx.stats.borrow().checks;
        let path = dir.join(format!("query-{n}-{}ms.smt2", elapsed.as_millis()));
        let _ = std::fs::write(path, text);
    }
}

impl Solver for Z3Solver {
    fn assert(&mut self, t: Term) {
        self.drop_model();
        let a = self.ctx.ast(t);
        unsafe { Z3_solver_assert(self.ctx.z3(), self.solver, a) };
        self.ctx.check_error("assert");
    }

    fn push(&mut self) {
        self.drop_model();
        self.level += 1;
        unsafe { Z3_solver_push(self.ctx.z3(), self.solver) };
    }

    fn pop(&mut self) {
        self.drop_model();
        assert!(self.level > 0, "pop without push");
        self.level -= 1;
        unsafe { Z3_solver_pop(self.ctx.z3(), self.solver, 1) };
        while let Some((t, p, l)) = self.proxies.last().copied() {
            if l <= self.level {
                break;
            }
            self.proxies.pop();
            self.proxy_of.remove(&t);
            unsafe { Z3_dec_ref(self.ctx.z3(), p) };
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
            return SatResult::Unknown(crate::Stop::Timeout);
        }
        let lits: Vec<Z3_ast> = assumptions.iter().map(|t| self.literal(*t)).collect();
        self.last_assumptions = lits
            .iter()
            .copied()
            .zip(assumptions.iter().copied())
            .collect();
        let z = self.ctx.z3();
        let start = Instant::now();
        let solver = self.solver;
        let limit_until = limit.map(|l| Instant::now() + l);
        let r = self.ctx.limited(limit_until, || unsafe {
            Z3_solver_check_assumptions(z, solver, lits.len() as u32, lits.as_ptr())
        });
        let elapsed = start.elapsed();
        if let Some(dir) = std::env::var_os("BOULDER_DUMP_SLOW_QUERIES") {
            self.dump_slow(std::path::Path::new(&dir), elapsed);
        }
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
                // Z3 4.8.12 reports an exhausted `rlimit` as "canceled", like an interrupt, or
                // as "unknown" when it runs out while preprocessing.
                let deadline_passed = limit_until.is_some_and(|d| Instant::now() >= d);
                // Z3's reasons are its own words: this is where they are read, once.
                let reason = if self.work_limit.is_some() && !deadline_passed {
                    crate::Stop::WorkLimit
                } else if reason == "canceled"
                    || reason.contains("timeout")
                    || reason.contains("interrupt")
                {
                    crate::Stop::Timeout
                } else {
                    crate::Stop::Other(reason)
                };
                SatResult::Unknown(reason)
            }
        }
    }

    fn value(&mut self, t: Term) -> Option<Value> {
        let z = self.ctx.z3();
        if self.model.is_none() {
            let m = unsafe { Z3_solver_get_model(z, self.solver) }?;
            unsafe { Z3_model_inc_ref(z, m) };
            self.model = Some(m);
        }
        let m = self.model.expect("model");
        let a = self.ctx.ast(t);
        let sort = self.ctx.store.sort(t);
        super::readback::model_value(&self.ctx, m, a, sort)
    }

    fn unsat_core(&mut self) -> Vec<Term> {
        let z = self.ctx.z3();
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

    fn set_work_limit(&mut self, limit: Option<u64>) {
        self.work_limit = limit;
        let z = self.ctx.z3();
        unsafe {
            let params = Z3_mk_params(z).expect("a parameter set");
            Z3_params_inc_ref(z, params);
            let name = self.ctx.symbol("rlimit");
            let n = limit.map_or(0, |l| l.clamp(1, u32::MAX as u64) as u32);
            Z3_params_set_uint(z, params, name, n);
            Z3_solver_set_params(z, self.solver, params);
            Z3_params_dec_ref(z, params);
        }
    }
}
