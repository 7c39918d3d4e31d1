//! Horn systems ([`crate::chc::Horn`]) solved by Z3's fixedpoint engine Spacer.
//!
//! The set-up follows what was measured on libz3 4.8.12 (docs/research/chc-spacer-z3-4.8.12.md):
//! `engine=spacer` always (on clauses over bit-vectors and Booleans only, Z3 would pick its
//! Datalog engine and tabulate 2^32 rows); `xform.slice=false` (with slicing 4.8.12 answers a
//! satisfiable system unsat, Z3Prover/z3#7466 reproduces) and no inlining
//! (`xform.inline_linear`, `xform.inline_eager`), so that the query relation stays and the
//! counterexample proof speaks of the relations we declared; `ctrl_c=false` (no SIGINT
//! handler of Z3's during a query). The answer is never trusted: a solution goes back to
//! the caller for [`crate::chc::Horn::check_solution`], a derivation for
//! [`crate::chc::Horn::explain`] and, in the engine, for replay.

use super::{Ctx, Z3};
use crate::chc::{Derivation, Horn, RelId};
use crate::stop::Stop;
use crate::term::{Term, VarId};
use std::collections::BTreeSet;
use std::ffi::CStr;
use std::time::Instant;
use z3_sys::*;

/// Z3's transformations of the clauses, all off, so that Spacer solves the clauses as
/// given: each of them removed or rewrote relations or rules in the derivations of random
/// CFAs (a query that became a fact, relations with compressed arguments), and with them
/// on, `get_cover_delta` of a relation they removed crashed (SIGSEGV in 4.8.12); slicing
/// also answers a satisfiable system unsat (Z3Prover/z3#7466). They make Spacer faster
/// (`examples/c/recursion/fibo_safe.c`: 0.6 s with Z3's defaults, 2.4 s without), but a
/// derivation must speak of our clauses and a solution of our relations.
const TRANSFORMATIONS_OFF: [&str; 7] = [
    "xform.slice",
    "xform.inline_linear",
    "xform.inline_eager",
    "xform.compress_unbound",
    "xform.coi",
    "xform.subsumption_checker",
    "xform.tail_simplifier_pve",
];

/// Spacer's answer.
#[derive(Clone, Debug)]
pub enum HornAnswer {
    /// The query is underivable; a formula per relation over its formals (unchecked).
    Solution(Vec<Term>),
    /// A derivation of the query from ground facts (its clauses not yet named).
    Derivation(Derivation),
    Unknown(Stop),
}

/// A Z3 fixedpoint object, released on drop.
struct Fixedpoint<'c> {
    ctx: &'c Ctx,
    fp: Z3_fixedpoint,
}

impl Drop for Fixedpoint<'_> {
    fn drop(&mut self) {
        unsafe { Z3_fixedpoint_dec_ref(self.ctx.z3(), self.fp) };
    }
}

impl Z3 {
    /// Solves `horn` with Spacer until `deadline`.
    pub fn solve_horn(&self, horn: &Horn, deadline: Option<Instant>) -> HornAnswer {
        let ctx = &*self.ctx;
        let z = ctx.z3();
        if deadline.is_some_and(|d| d <= Instant::now()) {
            return HornAnswer::Unknown(Stop::Timeout);
        }
        unsafe {
            let fp = Fixedpoint {
                ctx,
                fp: Z3_mk_fixedpoint(z).expect("Z3 fixedpoint"),
            };
            Z3_fixedpoint_inc_ref(z, fp.fp);
            set_params(ctx, fp.fp, deadline);
            let decls: Vec<Z3_func_decl> = horn
                .relations
                .iter()
                .map(|r| {
                    let domain: Vec<Z3_sort> = r.sorts.iter().map(|s| ctx.sort(*s)).collect();
                    let d = Z3_mk_func_decl(
                        z,
                        ctx.symbol(&r.name),
                        domain.len() as u32,
                        domain.as_ptr(),
                        Z3_mk_bool_sort(z).expect("bool"),
                    )
                    .expect("relation");
                    Z3_fixedpoint_register_relation(z, fp.fp, d);
                    d
                })
                .collect();
            let mut keep = Keep::new(ctx);
            for d in &decls {
                keep.keep(Z3_func_decl_to_ast(z, *d), "relation");
            }
            for (i, c) in horn.clauses.iter().enumerate() {
                let rule = rule_ast(&mut keep, &decls, c);
                Z3_fixedpoint_add_rule(z, fp.fp, rule, Some(ctx.symbol(&format!("c{i}"))));
                if let Some(e) = ctx.error_message() {
                    return HornAnswer::Unknown(format!("Spacer rejected clause {i}: {e}").into());
                }
            }
            let query = decls[horn.query.index()];
            let r = ctx.limited(deadline, || {
                Z3_fixedpoint_query_relations(z, fp.fp, 1, &query)
            });
            match r {
                Z3_L_FALSE => self.solution(horn, &fp, &decls, &mut keep),
                Z3_L_TRUE => {
                    let Some(answer) = Z3_fixedpoint_get_answer(z, fp.fp) else {
                        return HornAnswer::Unknown("Spacer gave no counterexample".into());
                    };
                    keep.keep(Some(answer), "answer");
                    match derivation(self, &decls, answer, horn.query) {
                        Ok(d) => HornAnswer::Derivation(d),
                        Err(e) => HornAnswer::Unknown(
                            format!("Spacer's counterexample cannot be read: {e}").into(),
                        ),
                    }
                }
                _ => {
                    if deadline.is_some_and(|d| d <= Instant::now()) {
                        return HornAnswer::Unknown(Stop::Timeout);
                    }
                    let why = CStr::from_ptr(Z3_fixedpoint_get_reason_unknown(z, fp.fp))
                        .to_string_lossy()
                        .into_owned();
                    let why = ctx.error_message().unwrap_or(why);
                    HornAnswer::Unknown(format!("Spacer: {why}").into())
                }
            }
        }
    }

    /// The formula of every relation at Spacer's fixpoint (`get_cover_delta` at level −1:
    /// the lemmas that hold at every level), over the relation's formals.
    unsafe fn solution(
        &self,
        horn: &Horn,
        fp: &Fixedpoint<'_>,
        decls: &[Z3_func_decl],
        keep: &mut Keep<'_>,
    ) -> HornAnswer {
        let ctx = &*self.ctx;
        let z = ctx.z3();
        let mut out = Vec::with_capacity(decls.len());
        for (i, d) in decls.iter().enumerate() {
            let r = RelId(i as u32);
            if r == horn.query {
                out.push(ctx.store.fls());
                continue;
            }
            let Some(cover) = Z3_fixedpoint_get_cover_delta(z, fp.fp, -1, *d) else {
                return HornAnswer::Unknown("Spacer gave no solution".into());
            };
            keep.keep(Some(cover), "solution");
            let formals: Vec<Z3_ast> = horn
                .formals(&ctx.store, r)
                .into_iter()
                .map(|t| ctx.ast(t))
                .collect();
            let body = keep.keep(
                Z3_substitute_vars(z, cover, formals.len() as u32, formals.as_ptr()),
                "solution",
            );
            match self.read_term(body) {
                Ok(t) => out.push(t),
                Err(e) => {
                    return HornAnswer::Unknown(
                        format!("Spacer's solution cannot be read: {e}").into(),
                    )
                }
            }
        }
        HornAnswer::Solution(out)
    }
}

unsafe fn set_params(ctx: &Ctx, fp: Z3_fixedpoint, deadline: Option<Instant>) {
    let z = ctx.z3();
    let p = Z3_mk_params(z).expect("params");
    Z3_params_inc_ref(z, p);
    Z3_params_set_symbol(z, p, ctx.symbol("engine"), ctx.symbol("spacer"));
    Z3_params_set_bool(z, p, ctx.symbol("ctrl_c"), false);
    for off in TRANSFORMATIONS_OFF {
        Z3_params_set_bool(z, p, ctx.symbol(off), false);
    }
    if let Some(d) = deadline {
        let ms = d.saturating_duration_since(Instant::now()).as_millis();
        Z3_params_set_uint(
            z,
            p,
            ctx.symbol("timeout"),
            ms.clamp(1, u32::MAX as u128) as u32,
        );
    }
    Z3_fixedpoint_set_params(z, fp, p);
    Z3_params_dec_ref(z, p);
    ctx.check_error("setting Spacer's parameters");
}

/// Z3 terms made in a reference-counted context, each kept alive (`Z3_inc_ref`) until
/// the keeper is dropped: a new term of refcount zero may be collected at the next call.
struct Keep<'c> {
    ctx: &'c Ctx,
    asts: Vec<Z3_ast>,
}

impl<'c> Keep<'c> {
    fn new(ctx: &'c Ctx) -> Self {
        Keep {
            ctx,
            asts: Vec::new(),
        }
    }

    fn keep(&mut self, a: Option<Z3_ast>, what: &str) -> Z3_ast {
        let a = a.unwrap_or_else(|| {
            self.ctx.check_error(what);
            panic!("internal error: Z3 made no {what}")
        });
        unsafe { Z3_inc_ref(self.ctx.z3(), a) };
        self.asts.push(a);
        a
    }
}

impl Drop for Keep<'_> {
    fn drop(&mut self) {
        for a in self.asts.drain(..) {
            unsafe { Z3_dec_ref(self.ctx.z3(), a) };
        }
    }
}

/// `∀ vars. body ∧ constraint → head` as a Z3 rule (kept alive by `keep`).
unsafe fn rule_ast(keep: &mut Keep<'_>, decls: &[Z3_func_decl], c: &crate::chc::Clause) -> Z3_ast {
    let ctx = keep.ctx;
    let z = ctx.z3();
    let store = &ctx.store;
    let app = |a: &crate::chc::Atom, keep: &mut Keep<'_>| {
        let args: Vec<Z3_ast> = a.args.iter().map(|t| ctx.ast(*t)).collect();
        keep.keep(
            Z3_mk_app(z, decls[a.rel.index()], args.len() as u32, args.as_ptr()),
            "atom",
        )
    };
    let mut tail: Vec<Z3_ast> = c.body.iter().map(|b| app(b, keep)).collect();
    tail.push(ctx.ast(c.constraint));
    let body = keep.keep(
        Z3_mk_and(z, tail.len() as u32, tail.as_ptr()),
        "conjunction",
    );
    let head = app(&c.head, keep);
    let rule = keep.keep(Z3_mk_implies(z, body, head), "implication");
    let mut vars: BTreeSet<VarId> = store.free_vars(c.constraint);
    for a in c.body.iter().chain([&c.head]) {
        for t in &a.args {
            vars.extend(store.free_vars(*t));
        }
    }
    if vars.is_empty() {
        return rule;
    }
    let bound: Vec<Z3_app> = vars
        .iter()
        .map(|v| Z3_to_app(z, ctx.ast(store.var_term(*v))).expect("constant"))
        .collect();
    keep.keep(
        Z3_mk_forall_const(
            z,
            0,
            bound.len() as u32,
            bound.as_ptr(),
            0,
            std::ptr::null(),
            rule,
        ),
        "rule",
    )
}

fn decl_name(ctx: &Ctx, d: Z3_func_decl) -> String {
    unsafe {
        let sym = Z3_get_decl_name(ctx.z3(), d).expect("decl name");
        CStr::from_ptr(Z3_get_symbol_string(ctx.z3(), sym))
            .to_string_lossy()
            .into_owned()
    }
}

/// The derivation of `goal` in Spacer's answer: a refutation proof whose `hyper-res` steps
/// each end in the ground fact they prove (their last argument), their premises' proofs
/// before it. Read by declaration names, never by Z3's proof-rule numbers (they differ
/// between the bindings and 4.8.12).
unsafe fn derivation(
    z3: &Z3,
    decls: &[Z3_func_decl],
    proof: Z3_ast,
    goal: RelId,
) -> Result<Derivation, String> {
    let ctx = &*z3.ctx;
    let z = ctx.z3();
    // The fact a proof node proves, if it is an atom of one of our relations.
    let fact = |a: Z3_ast| -> Option<(RelId, Z3_app)> {
        if Z3_get_ast_kind(z, a) != AstKind::App {
            return None;
        }
        let app = Z3_to_app(z, a)?;
        let d = Z3_get_app_decl(z, app)?;
        let i = decls.iter().position(|x| Z3_is_eq_func_decl(z, *x, d))?;
        Some((RelId(i as u32), app))
    };
    // Depth-first: a node proving a fact of ours becomes a derivation step with the steps
    // below it (nested through other nodes) as premises.
    fn walk(
        z3: &Z3,
        node: Z3_ast,
        fact: &dyn Fn(Z3_ast) -> Option<(RelId, Z3_app)>,
        out: &mut Vec<Derivation>,
        depth: usize,
    ) -> Result<(), String> {
        if depth > MAX_PROOF_DEPTH {
            return Err("the proof is too deep".into());
        }
        let ctx = &*z3.ctx;
        let z = ctx.z3();
        unsafe {
            if Z3_get_ast_kind(z, node) != AstKind::App {
                return Ok(());
            }
            let app = Z3_to_app(z, node).ok_or("app")?;
            let d = Z3_get_app_decl(z, app).ok_or("decl")?;
            let n = Z3_get_app_num_args(z, app);
            if n == 0 || !is_proof(ctx, node) {
                return Ok(());
            }
            let name = decl_name(ctx, d);
            let concl = Z3_get_app_arg(z, app, n - 1).ok_or("conclusion")?;
            let mut below = Vec::new();
            for i in 0..n - 1 {
                let arg = Z3_get_app_arg(z, app, i).ok_or("premise")?;
                walk(z3, arg, fact, &mut below, depth + 1)?;
            }
            match (name.as_str(), fact(concl)) {
                ("hyper-res", Some((rel, fact_app))) => {
                    let m = Z3_get_app_num_args(z, fact_app);
                    let mut args = Vec::with_capacity(m as usize);
                    for k in 0..m {
                        let a = Z3_get_app_arg(z, fact_app, k).ok_or("argument")?;
                        let t = z3.read_term(a)?;
                        let v = ctx
                            .store
                            .eval(t, &|_| None)
                            .map_err(|e| format!("a fact's argument is not ground: {e:?}"))?;
                        args.push(v);
                    }
                    out.push(Derivation {
                        rel,
                        args,
                        premises: below,
                        clause: None,
                    });
                }
                _ => out.extend(below),
            }
            Ok(())
        }
    }
    let mut found = Vec::new();
    walk(z3, proof, &fact, &mut found, 0)?;
    found
        .into_iter()
        .find(|d| d.rel == goal)
        .ok_or_else(|| "no step derives the query".to_string())
}

/// How deep a proof is read (recursively, here and in `Horn::explain`): a derivation as
/// deep as a path of thousands of steps, not one that would exhaust the thread's stack.
const MAX_PROOF_DEPTH: usize = 4_000;

/// Whether `a` is a proof node (of Z3's sort `Proof`), not a formula inside one.
unsafe fn is_proof(ctx: &Ctx, a: Z3_ast) -> bool {
    let z = ctx.z3();
    let Some(sort) = Z3_get_sort(z, a) else {
        return false;
    };
    let Some(sym) = Z3_get_sort_name(z, sort) else {
        return false;
    };
    Z3_get_symbol_kind(z, sym) == SymbolKind::String
        && CStr::from_ptr(Z3_get_symbol_string(z, sym)).to_bytes() == b"Proof"
}
