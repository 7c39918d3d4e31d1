//! Calls: SV-COMP intrinsics, known library functions, and calls of the program's own
//! functions, each an edge labelled with the call (`cfa::Call`) into the function's body,
//! which is translated once (docs/design.md §1: the procedural CFA). Recursion stays recursion
//! here; `cfa::inline` unfolds it for the engines that need a flat CFA, and the symbolic
//! executor follows it.

use super::object::Place;
use super::value::Val;
use super::Frame;
use super::{unsup, Binding, Scope, Translator, R};
use crate::property::Property;
use crate::svcomp::{nondet_type, ERROR_FUNCTIONS};
use crate::types::{CType, IntKind};
use cfa::SpecialKind;
use cfa::{LocationId, LocationKind, Stmt, VarKind};
use lang_c::ast::{CallExpression, DerivedDeclarator, Expression, FunctionDefinition};
use lang_c::span::Node;
use logic::{Sort, Term};

/// Library functions without effects on the program's state that Boulder models as
/// returning an arbitrary `int` (their output is not observable by the property).
const PRINTING: [&str; 9] = [
    "printf", "puts", "putchar", "fprintf", "fputs", "fflush", "perror", "putc", "fputc",
];

/// Bodies translated inside one another at their first calls: a chain of first calls
/// deeper than this is reported as unsupported.
const MAX_NESTED_BODIES: usize = 256;

impl<'a> Translator<'a> {
    /// The name a call calls directly: an identifier that names a function (or nothing
    /// the program declares: a library function); `None` for a call through a pointer
    /// (`fp(x)` with `fp` a variable or parameter, `(*fp)(x)`, `tbl[i](x)`, `s->op(x)`).
    fn callee_name(&mut self, c: &Node<CallExpression>) -> Option<String> {
        match &c.node.callee.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some(Binding::Pointer(_) | Binding::Object(_)) => None,
                _ => Some(id.node.name.clone()),
            },
            _ => None,
        }
    }

    /// The type of a call expression.
    pub fn call_type(&mut self, c: &Node<CallExpression>) -> R<CType> {
        let Some(name) = self.callee_name(c) else {
            return self.pointer_call_type(c);
        };
        if let Some(k) = nondet_type(&name) {
            return Ok(CType::Int(k));
        }
        if let Some(f) = crate::svcomp::nondet_float_type(&name) {
            return Ok(Self::float_type(f));
        }
        Ok(match self.fn_sigs.get(&name) {
            Some(CType::Function { ret, .. }) => (**ret).clone(),
            _ => super::libm::math_return_type(&name).unwrap_or(CType::int()),
        })
    }

    pub fn call(&mut self, c: &Node<CallExpression>, at: usize) -> R<Val> {
        match self.callee_name(c) {
            Some(name) => {
                self.check_arity(&name, c.node.arguments.len(), at)?;
                self.call_named(&name, &c.node.arguments, at)
            }
            None => self.call_through_pointer(c, at),
        }
    }

    /// Records a file-scope declaration or definition of `name` of type `ty` at `at`.
    pub fn note_prototype(&mut self, name: &str, ty: &CType, at: usize) {
        if ty.is_prototype() {
            let first = self.prototyped_from.entry(name.to_string()).or_insert(at);
            *first = (*first).min(at);
        }
    }

    /// A call of a function declared with a prototype has as many arguments as it has
    /// parameters, or at least as many if it ends in `...` (C11 6.5.2.2:2, a constraint:
    /// gcc rejects `exit()` after `#include <stdlib.h>`). A function declared without
    /// one (`int f();`, a K&R definition, no declaration at all) takes any number, and so
    /// does a call before the first prototype in the text (gcc checks a call against the
    /// declarations before it; block-scope ones are not looked at here).
    fn check_arity(&self, name: &str, given: usize, at: usize) -> R<()> {
        if self
            .prototyped_from
            .get(name)
            .is_none_or(|&first| first > at)
        {
            return Ok(());
        }
        let Some(
            ty @ CType::Function {
                params, variadic, ..
            },
        ) = self.fn_sigs.get(name)
        else {
            return Ok(());
        };
        let Some(few) = ty.wrong_arity(given) else {
            return Ok(());
        };
        let at_least = if *variadic { "at least " } else { "" };
        super::ill_formed(
            format!(
                "too {few} arguments to function `{name}` (expected {at_least}{}, have {given})",
                params.len()
            ),
            at,
        )
    }

    /// A call of the function, intrinsic or library function `name`.
    pub fn call_named(&mut self, name: &str, args: &[Node<Expression>], at: usize) -> R<Val> {
        let name = name.to_string();
        if ERROR_FUNCTIONS.contains(&name.as_str()) {
            self.goto_stmt(self.error_function_target());
            return Ok(Val::Void);
        }
        if let Some(k) = nondet_type(&name) {
            return Ok(self.nondet(&name, k));
        }
        if let Some(f) = crate::svcomp::nondet_float_type(&name) {
            // Any bit pattern: every number, ±0, infinities and NaNs (SV-COMP's
            // `__VERIFIER_nondet_float` returns any value of the type).
            let name2 = self.fresh_name("nondet");
            let v = self.new_var(
                &name2,
                Sort::Bv(f.width()),
                VarKind::Input {
                    function: name.clone(),
                },
            );
            self.emit_havoc(v);
            return Ok(Val::Float(v, f));
        }
        match name.as_str() {
            "__VERIFIER_assume" => {
                let c = self.cond(self.arg(args, 0, at)?)?;
                self.emit_assume(c);
                return Ok(Val::Void);
            }
            // A failing `assert` of <assert.h> (glibc's expansion calls `__assert_fail`).
            "__assert_fail" => {
                self.calls_assert = true;
                let target = match self.property {
                    Property::Assert => self.error_loc,
                    // It aborts: not a violation of unreach-call (SV-COMP's reading).
                    Property::UnreachCall | Property::NoOverflow => self.sink_loc,
                };
                self.goto_stmt(target);
                return Ok(Val::Void);
            }
            "abort" | "__builtin_trap" | "__builtin_abort" => {
                self.goto_stmt(self.sink_loc);
                return Ok(Val::Void);
            }
            // `exit` runs the atexit handlers (the code at `exit_loc`); `_exit` and
            // `_Exit` end the program at once (C11 7.22.4.5).
            "exit" | "_exit" | "_Exit" => {
                if let Some(a) = args.first() {
                    let v = self.rvalue(a)?;
                    let v = self.convert(v, &CType::int(), at)?;
                    self.set_exit_status(v);
                }
                let target = if name == "exit" {
                    self.exit_loc
                } else {
                    self.final_loc
                };
                self.goto_stmt(target);
                return Ok(Val::Void);
            }
            "__builtin_expect" => return self.rvalue(self.arg(args, 0, at)?),
            // Reaching it is undefined behaviour (GCC manual, "Other Builtins").
            "__builtin_unreachable" => {
                let target = self.special_location(
                    SpecialKind::UndefinedBehaviour,
                    "__builtin_unreachable() reached",
                    at,
                );
                self.goto_stmt(target);
                return Ok(Val::Void);
            }
            // 1 for an integer constant expression, 0 otherwise (what gcc answers without
            // optimisation, which is how counterexamples are replayed).
            "__builtin_constant_p" => {
                let a = self.arg(args, 0, at)?;
                let constant = self.probe(|s| s.const_int(a)).is_some_and(|r| r.is_ok());
                return Ok(Val::Int(
                    self.bv(constant as i128, IntKind::Int),
                    IntKind::Int,
                ));
            }
            "__VERIFIER_atomic_begin" | "__VERIFIER_atomic_end" => return Ok(Val::Void),
            _ => {}
        }
        if let Some(r) = self.builtin(&name, args, at) {
            return r;
        }
        if let Some(r) = self.heap_builtin(&name, args, at) {
            return r;
        }
        if let Some(r) = self.libc_builtin(&name, args, at) {
            return r;
        }
        if let Some(r) = self.libm_builtin(&name, args, at) {
            return r;
        }
        if let Some(def) = self.functions.get(&name).copied() {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(self.rvalue(a)?);
            }
            return self.call_function(&name, def, vals, at);
        }
        match name.as_str() {
            // Without a body: the SV-COMP meaning.
            "__VERIFIER_assert" => {
                let c = self.cond(self.arg(args, 0, at)?)?;
                let bad = self.terms.not(c);
                match self.property {
                    Property::UnreachCall | Property::Assert => self.check_property(bad),
                    Property::NoOverflow => {
                        let ok = self.new_loc();
                        self.branch(bad, self.sink_loc, ok);
                        self.set_here(Some(ok));
                    }
                }
                Ok(Val::Void)
            }
            // `assert` called as a function (no <assert.h>): as the macro.
            "assert" => {
                self.calls_assert = true;
                let c = self.cond(self.arg(args, 0, at)?)?;
                let bad = self.terms.not(c);
                if self.property == Property::Assert {
                    self.check_property(bad);
                } else {
                    let ok = self.new_loc();
                    self.branch(bad, self.sink_loc, ok);
                    self.set_here(Some(ok));
                }
                Ok(Val::Void)
            }
            n if PRINTING.contains(&n) => {
                for a in args {
                    if !matches!(a.node, Expression::StringLiteral(_)) {
                        self.rvalue(a)?;
                    }
                }
                let r = self.temp(Sort::Bv(32));
                self.emit_havoc(r);
                Ok(Val::Int(r, IntKind::Int))
            }
            // POSIX threads: what a C programmer calls it, not a missing body.
            n if n.starts_with("pthread_") => unsup(format!("threads (`{name}`)"), at),
            _ => unsup(
                format!("a call of `{name}`, a function declared but not defined"),
                at,
            ),
        }
    }

    /// `argc` is an input of the program (a counterexample says how many arguments the
    /// replay passes), and nonnegative (C11 5.1.2.2.1:2) — any nonnegative value, so a
    /// TRUE holds for every command line. Returns the variable to assume nonnegative (a
    /// signed `argc`).
    fn main_argc(&mut self, b: &Binding) -> Option<Term> {
        let Binding::Object(o) = b else { return None };
        let leaf = self.objects[o.0].leaves.first()?;
        let (super::object::Storage::Scalar(v), CType::Int(k)) =
            (leaf.store.clone(), leaf.ty.clone())
        else {
            return None;
        };
        self.cfa.declare_var(
            v,
            VarKind::Input {
                function: crate::ARGC_INPUT.into(),
            },
        );
        k.signed().then_some(v)
    }

    /// Where a call of the error function goes: the error location, or under
    /// no-overflow the end of the program (the call only ends it there).
    pub fn error_function_target(&self) -> LocationId {
        match self.property {
            Property::UnreachCall | Property::Assert => self.error_loc,
            Property::NoOverflow => self.sink_loc,
        }
    }

    fn arg<'e>(
        &self,
        args: &'e [Node<Expression>],
        i: usize,
        at: usize,
    ) -> R<&'e Node<Expression>> {
        match args.get(i) {
            Some(a) => Ok(a),
            None => unsup("a call with too few arguments", at),
        }
    }

    /// `__VERIFIER_nondet_T()`: a fresh input variable per call site, havocked; every
    /// havoc is one value the program reads, in order.
    fn nondet(&mut self, function: &str, k: IntKind) -> Val {
        // `_Bool` inputs are 0 or 1: one bit, widened.
        let bits = if k == IntKind::Bool {
            1
        } else {
            k.width(self.model)
        };
        let name = self.fresh_name("nondet");
        let v = self.new_var(
            &name,
            Sort::Bv(bits),
            VarKind::Input {
                function: function.to_string(),
            },
        );
        if let Some(x) = self.terms.as_var(v) {
            self.cfa.set_var_signed(x, k.signed());
        }
        self.emit_havoc(v);
        if k == IntKind::Bool {
            Val::Int(self.terms.zext(v, k.width(self.model) - 1), k)
        } else {
            Val::Int(v, k)
        }
    }

    /// A call of the program's function `name` with argument values `args`: an edge
    /// labelled with the call (parameters assigned, results read into fresh temporaries of
    /// the caller). The callee's body is translated at its first call, so that pointers
    /// it returns have the targets its body gives them when the caller reads them.
    pub fn call_function(
        &mut self,
        name: &str,
        def: &'a Node<FunctionDefinition>,
        args: Vec<Val>,
        at: usize,
    ) -> R<Val> {
        if self.probing > 0 {
            self.probe_met_call = true;
            return unsup(format!("a call of `{name}` inside a probe"), at);
        }
        if self.collecting.is_some() {
            self.collect_failed = true;
            return unsup(format!("a call of `{name}` in an initializer"), at);
        }
        if name == "main" && !self.frames.is_empty() {
            return unsup("a call of `main`", at);
        }
        let id = self.function_interface(name, def, at)?;
        if !self.fns[id].translated {
            if self.frames.len() >= MAX_NESTED_BODIES {
                return unsup("calls nested too deeply to translate", at);
            }
            self.fns[id].translated = true;
            self.translate_body(id, at);
        }
        let info = &self.fns[id];
        let (params, ret, ret_ty) = (info.params.clone(), info.ret.clone(), info.ret_ty.clone());
        if args.len() < params.len() && name != "main" {
            return unsup(format!("a call of `{name}` with too few arguments"), at);
        }
        let args = self.argument_pairs(&params, args, at)?;
        let (results, value) = self.result_pairs(ret, &ret_ty, at)?;
        let call = cfa::Call {
            callee: name.into(),
            args: args.into_boxed_slice(),
            results: results.into_boxed_slice(),
        };
        let s = self.stmts.call(call, self.origin());
        let from = self.here();
        self.emit(s);
        let to = self.here();
        self.call_sites.push((self.locals_of, from, to, id));
        Ok(value)
    }

    /// Per function: how many times it runs at most in one run of the program (`None`:
    /// unboundedly often: it is recursive, or some call of it lies on a cycle of its
    /// caller or in a function that runs unboundedly often).
    pub fn activations(&self) -> Vec<Option<u64>> {
        let comp = self.cfa.strongly_connected_components();
        let mut memo: Vec<Option<Option<u64>>> = vec![None; self.fns.len()];
        for f in 0..self.fns.len() {
            self.runs(f, &comp, &mut memo);
        }
        memo.into_iter().map(|m| m.flatten()).collect()
    }

    fn runs(&self, f: usize, comp: &[u32], memo: &mut Vec<Option<Option<u64>>>) -> Option<u64> {
        if let Some(m) = memo[f] {
            return m;
        }
        // While its callers are counted: a cycle back to `f` means unboundedly often
        // (`recursive` foresees every cycle, `callgraph.rs`; this keeps the count finite
        // if one were missed, and `unforeseen_recursion` rejects the translation then).
        memo[f] = Some(None);
        let r = if self.recursive.contains(&self.fns[f].name) {
            None
        } else {
            let mut total: u64 = 0;
            let mut bounded = true;
            for (caller, a, b, callee) in &self.call_sites {
                if *callee != f {
                    continue;
                }
                let caller_runs = match caller {
                    Some(g) => self.runs(*g, comp, memo),
                    None => Some(1),
                };
                match caller_runs {
                    Some(n) if comp[a.index()] != comp[b.index()] => {
                        total = total.saturating_add(n)
                    }
                    _ => bounded = false,
                }
            }
            bounded.then_some(total)
        };
        memo[f] = Some(r);
        r
    }

    /// The parameter assignments of a call: what storing each argument into its parameter
    /// emits, which must be plain assignments (no control flow, no checks).
    fn argument_pairs(
        &mut self,
        params: &[(CType, Option<String>, Binding)],
        args: Vec<Val>,
        at: usize,
    ) -> R<Vec<(Term, Term)>> {
        let saved = self.collecting.replace(Vec::new());
        let saved_failed = std::mem::replace(&mut self.collect_failed, false);
        let stored = (|| {
            for ((ty, _, b), v) in params.iter().zip(args) {
                let v = self.convert(v, ty, at)?;
                let place = match b {
                    Binding::Object(o) => Place::Mem(self.whole(*o)),
                    Binding::Pointer(p) => Place::Ptr(*p),
                    _ => unreachable!("parameters are variables"),
                };
                self.store_place(&place, v, at)?;
            }
            Ok(())
        })();
        let collected = std::mem::replace(&mut self.collecting, saved).unwrap_or_default();
        let failed = std::mem::replace(&mut self.collect_failed, saved_failed);
        stored?;
        if failed {
            return unsup("an argument that needs a check to be passed", at);
        }
        let mut pairs = Vec::with_capacity(collected.len());
        for s in collected {
            for leaf in self.stmts.leaves(s) {
                match self.stmts.get(leaf) {
                    Stmt::Assign(x, e) => pairs.push((x, e)),
                    _ => return unsup("an argument that needs a check to be passed", at),
                }
            }
        }
        Ok(pairs)
    }

    /// The results of a call: pairs (caller's temporary, callee's return variable), and
    /// the call's value over those temporaries.
    fn result_pairs(
        &mut self,
        ret: Option<Binding>,
        ret_ty: &CType,
        at: usize,
    ) -> R<(Vec<(Term, Term)>, Val)> {
        match ret {
            None => Ok((Vec::new(), Val::Void)),
            Some(Binding::Pointer(p)) => {
                let v = self.read_ptr(p, at)?;
                let offset = self.temp(self.index_sort());
                let mut pairs = vec![(offset, v.offset)];
                let base = if self.terms.as_bv_const(v.base).is_some() {
                    v.base
                } else {
                    let b = self.temp(Sort::Bv(super::memory::BASE_BITS));
                    pairs.push((b, v.base));
                    b
                };
                Ok((
                    pairs,
                    Val::Ptr(super::PtrVal {
                        base,
                        offset,
                        pointee: v.pointee,
                    }),
                ))
            }
            Some(Binding::Object(o)) => {
                let name = self.fresh_name("result");
                let tmp = self.new_object(&name, ret_ty.clone());
                let mut pairs = Vec::new();
                let leaves = self.objects[o.0].leaves.clone();
                let mine = self.objects[tmp.0].leaves.clone();
                for (from, to) in leaves.iter().zip(&mine) {
                    use super::object::Storage;
                    match (&from.store, &to.store) {
                        (Storage::Scalar(a), Storage::Scalar(b))
                        | (Storage::Array(a), Storage::Array(b)) => pairs.push((*b, *a)),
                        (
                            Storage::Ptr { base, off, .. },
                            Storage::Ptr {
                                base: b2, off: o2, ..
                            },
                        ) => {
                            pairs.push((*b2, *base));
                            pairs.push((*o2, *off));
                        }
                        (Storage::Opaque(why), _) => return unsup(why.clone(), at),
                        _ => unreachable!("two objects of one type"),
                    }
                }
                let lv = self.whole(tmp);
                Ok((pairs, self.load(lv, at)?))
            }
            Some(_) => Ok((Vec::new(), Val::Void)),
        }
    }

    /// The function `name` as calls see it (entry, exit, parameter and return storage),
    /// made at its first call.
    fn function_interface(
        &mut self,
        name: &str,
        def: &'a Node<FunctionDefinition>,
        at: usize,
    ) -> R<usize> {
        if let Some(id) = self.fn_ids.get(name) {
            return Ok(*id);
        }
        let d = &def.node.declarator;
        let (base, _) = self.specifiers(&def.node.specifiers)?;
        let fty = self.declarator_type(base, &d.node, d.span.start)?;
        let CType::Function { ret, params, .. } = fty else {
            return unsup(format!("`{name}` is not a function"), at);
        };
        let Some(param_names) = parameter_names(&d.node) else {
            return unsup(format!("the old-style definition of `{name}`"), at);
        };
        let id = self.fns.len();
        let entry = self
            .cfa
            .add_location(format!("{name}.entry"), LocationKind::Plain);
        self.cfa.location_mut(entry).function_entry = true;
        let exit = self
            .cfa
            .add_location(format!("{name}.exit"), LocationKind::Plain);
        self.cfa.location_mut(exit).function_exit = true;
        self.fns.push(FnInfo {
            name: name.to_string(),
            def,
            entry,
            exit,
            params: Vec::new(),
            ret: None,
            ret_ty: (*ret).clone(),
            locals: Vec::new(),
            depth: None,
            translated: false,
        });
        self.fn_ids.insert(name.to_string(), id);
        // The parameters and the return slot are the callee's locals.
        let saved = self.locals_of.replace(id);
        let bound = (|| {
            let mut bound = Vec::new();
            for (ty, pname) in params.iter().zip(&param_names) {
                let var = pname.clone().unwrap_or_else(|| self.fresh_name("param"));
                let b = self.bind_local(&format!("{name}.{var}"), ty, at)?;
                bound.push((ty.clone(), pname.clone(), b));
            }
            // `main`'s value is the program's exit status (C11 5.1.2.2.3): `return` in it
            // assigns `exit.status` directly (see `Statement::Return`).
            let ret_slot = if *ret != CType::Void && name != "main" {
                Some(self.bind_local(&format!("{name}.return"), &ret, at)?)
            } else {
                None
            };
            Ok((bound, ret_slot))
        })();
        self.locals_of = saved;
        let (bound, ret_slot) = bound?;
        self.fns[id].params = bound;
        self.fns[id].ret = ret_slot;
        Ok(id)
    }

    /// Translates the body of function `id` from its entry to its exit.
    fn translate_body(&mut self, id: usize, at: usize) {
        let info = &self.fns[id];
        let (name, def, entry, exit) = (info.name.clone(), info.def, info.entry, info.exit);
        let (params, ret) = (info.params.clone(), info.ret.clone());
        let saved_cur = self.cur.replace(entry);
        let saved_origin = self.origin.take();
        let saved_locals = self.locals_of.replace(id);
        let saved_guard = std::mem::take(&mut self.mem.guard);
        let saved_batch = self.mem.batch.take();
        let first_edge = self.cfa.edge_capacity();
        self.frames.push(Frame {
            function: name.clone(),
            prefix: name.clone(),
            scopes: vec![Scope::default()],
            ret_loc: exit,
            ret: ret.clone(),
            ret_ty: self.fns[id].ret_ty.clone(),
            labels: Default::default(),
            defined_labels: Default::default(),
            jumps: Vec::new(),
            cases: Vec::new(),
            had_unsupported: false,
        });
        if name == "main" {
            // Its parameters' values come from the command line: a trace and a witness
            // name them at main's declarator.
            let d = &def.node.declarator.span;
            self.set_origin(d.start, d.end);
        }
        for (i, (_, pname, b)) in params.iter().enumerate() {
            if let Some(p) = pname {
                self.innermost().vars.insert(p.clone(), b.clone());
            }
            // `main(int argc, char **argv)`: arbitrary arguments.
            if name == "main" {
                let argc = if i == 0 { self.main_argc(b) } else { None };
                self.havoc_binding(b);
                if let Some(v) = argc {
                    let Sort::Bv(w) = self.terms.sort(v) else {
                        unreachable!("an integer leaf is a bit-vector")
                    };
                    let zero = self.terms.bv_const(0, w);
                    let nonnegative = self.terms.bvsge(v, zero);
                    self.emit_assume(nonnegative);
                }
            }
        }
        if let Some(b) = &ret {
            // Falling off the end of a non-void function leaves the value indeterminate.
            self.havoc_binding(b);
        }
        self.guarded_statement(&def.node.statement);
        if name == "main" && self.cur.is_some() {
            // Reaching the `}` of main returns 0.
            self.origin = None;
            let zero = self.bv(0, IntKind::Int);
            self.emit_assign(self.exit_status, zero);
        }
        self.goto(exit);
        let frame = self.frames.pop().expect("the frame pushed above");
        // Labels jumped to whose code could not be translated: the jump cannot be
        // followed exactly.
        for (label, loc) in &frame.labels {
            if self.cfa.out_edges(*loc).is_empty() && *loc != exit {
                let why = if frame.defined_labels.contains(label) {
                    format!("the code after label `{label}`")
                } else {
                    format!("a jump to the undefined label `{label}`")
                };
                let target = self.special_location(SpecialKind::Unsupported, &why, at);
                let s = self.stmts.skip(None);
                self.cfa.add_edge(*loc, target, s);
            }
        }
        if let Some(d) = self.fns[id].depth {
            // Count the activations: around the body, a new entry and a new exit.
            let t = self.terms.clone();
            let (new_entry, new_exit) = (self.new_loc(), self.new_loc());
            let up = self.stmts.assign(d, t.bvadd(d, t.bv_const(1, 32)), None);
            let down = self.stmts.assign(d, t.bvsub(d, t.bv_const(1, 32)), None);
            self.cfa.add_edge(new_entry, entry, up);
            self.cfa.add_edge(exit, new_exit, down);
            for (old, new) in [(entry, new_entry), (exit, new_exit)] {
                let (e, x) = {
                    let l = self.cfa.location(old);
                    (l.function_entry, l.function_exit)
                };
                let l = self.cfa.location_mut(new);
                (l.function_entry, l.function_exit) = (e, x);
                let l = self.cfa.location_mut(old);
                (l.function_entry, l.function_exit) = (false, false);
            }
            self.fns[id].entry = new_entry;
            self.fns[id].exit = new_exit;
        }
        self.bodies.push(first_edge..self.cfa.edge_capacity());
        self.mem.guard = saved_guard;
        self.mem.batch = saved_batch;
        self.locals_of = saved_locals;
        self.origin = saved_origin;
        self.cur = saved_cur;
    }

    /// Storage for a local of the function being translated (or whose interface is being
    /// made): in a recursive function, one copy per activation, whose address the
    /// program must not take.
    pub fn bind_local(&mut self, name: &str, ty: &CType, at: usize) -> R<Binding> {
        let b = self.bind_variable(name, ty, at)?;
        let recursive = self
            .locals_of
            .is_some_and(|f| self.recursive.contains(&self.fns[f].name));
        if let (true, Binding::Object(o), Some(f)) = (recursive, &b, self.locals_of) {
            self.frame_objects.insert(*o, f);
        }
        Ok(b)
    }

    /// The variables that make a pointer to `obj`, a local of the recursive function `f`,
    /// exact-or-UNKNOWN (`deref_target`): the activation whose copy `&` took last, and
    /// `f`'s depth (counted at its entry and exit, see `translate_body`); made on first use.
    pub fn frame_tracking(&mut self, obj: super::ObjId, f: usize) -> (Term, Term) {
        if let Some(pair) = self.objects[obj.0].frame {
            return pair;
        }
        let depth = match self.fns[f].depth {
            Some(d) => d,
            None => {
                let name = format!("{}.depth", self.fns[f].name);
                let d = self.globally(|s| s.new_var(&name, Sort::Bv(32), VarKind::Program));
                self.init
                    .push(self.stmts.assign(d, self.terms.bv_const(0, 32), None));
                self.fns[f].depth = Some(d);
                d
            }
        };
        let name = format!("{}.activation", self.objects[obj.0].name);
        let owner = self.globally(|s| s.new_var(&name, Sort::Bv(32), VarKind::Program));
        self.init
            .push(self.stmts.assign(owner, self.terms.bv_const(0, 32), None));
        self.objects[obj.0].frame = Some((owner, depth));
        (owner, depth)
    }
}

/// A function of the program as the translation knows it.
pub(crate) struct FnInfo<'a> {
    pub name: String,
    pub def: &'a Node<FunctionDefinition>,
    pub entry: LocationId,
    pub exit: LocationId,
    /// Type, name (if any) and storage of each parameter.
    pub params: Vec<(CType, Option<String>, Binding)>,
    pub ret: Option<Binding>,
    pub ret_ty: CType,
    /// The variables with one copy per activation.
    pub locals: Vec<logic::VarId>,
    /// For a recursive function some of whose locals' addresses the program takes: how
    /// many activations are running (`frame_tracking`).
    pub depth: Option<Term>,
    /// Whether its body has been (or is being) translated.
    pub translated: bool,
}

/// Names of a function definition's parameters (`None` entries for unnamed ones); `None`
/// for old-style (K&R) definitions.
fn parameter_names(d: &lang_c::ast::Declarator) -> Option<Vec<Option<String>>> {
    // The derivation closest to the name (`int (*f(int c))(int)`: `f(int c)`, not the
    // parameters of the function type `f` returns a pointer to).
    match super::callgraph::name_derivation(d)? {
        DerivedDeclarator::Function(f) => Some(
            f.node
                .parameters
                .iter()
                .filter(|p| !is_void_parameter(p))
                .map(|p| {
                    p.node
                        .declarator
                        .as_ref()
                        .and_then(|d| super::decl::declarator_name(&d.node))
                })
                .collect(),
        ),
        // `f()`: no parameters.
        DerivedDeclarator::KRFunction(ids) if ids.is_empty() => Some(Vec::new()),
        _ => None,
    }
}

/// The `void` of `f(void)`.
fn is_void_parameter(p: &Node<lang_c::ast::ParameterDeclaration>) -> bool {
    p.node.declarator.is_none()
        && p.node.specifiers.iter().any(|s| {
            matches!(&s.node, lang_c::ast::DeclarationSpecifier::TypeSpecifier(t)
                if matches!(t.node, lang_c::ast::TypeSpecifier::Void))
        })
}
