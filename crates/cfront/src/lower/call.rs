//! Calls: SV-COMP intrinsics, known library functions, and inlining of user functions
//! (each call gets its own copies of the callee's locals). Recursion is inlined too, up to
//! `FrontOptions::recursion_depth` active calls of a function: a call beyond the depth
//! cannot be followed and ends the path in a special location, so that a verdict of TRUE
//! is claimed only when no execution recurses deeper, and a bug within the depth is found
//! on the exact unfolded program (the bounded inlining of CBMC's recursion unwinding).

use super::expr::Val;
use super::object::Place;
use super::{unsup, Binding, Frame, Scope, Translator, R};
use crate::property::Property;
use crate::svcomp::{nondet_type, ERROR_FUNCTIONS};
use crate::types::{CType, IntKind};
use cfa::VarKind;
use lang_c::ast::{CallExpression, DerivedDeclarator, Expression, FunctionDefinition};
use lang_c::span::Node;
use logic::Sort;

/// Library functions without effects on the program's state that Boulder models as
/// returning an arbitrary `int` (their output is not observable by the property).
const PRINTING: [&str; 9] = [
    "printf", "puts", "putchar", "fprintf", "fputs", "fflush", "perror", "putc", "fputc",
];

/// Deeper inlining than this is reported as unsupported (it is almost certainly a
/// program that cannot be unfolded).
const MAX_INLINE_DEPTH: usize = 256;

/// The unfolded recursion is at most this many instances: a function that calls itself
/// twice (`fibo`, `hanoi`) doubles them with every level of depth. Calls beyond the budget
/// are bounded like calls beyond the depth.
pub(crate) const MAX_RECURSIVE_INSTANCES: usize = 1 << 12;

impl<'a> Translator<'a> {
    fn callee_name(&self, c: &Node<CallExpression>) -> Option<String> {
        match &c.node.callee.node {
            Expression::Identifier(id) => Some(id.node.name.clone()),
            _ => None,
        }
    }

    /// The type of a call expression.
    pub fn call_type(&mut self, c: &Node<CallExpression>) -> R<CType> {
        let Some(name) = self.callee_name(c) else {
            return unsup("a call through a function pointer", c.span.start);
        };
        if let Some(k) = nondet_type(&name) {
            return Ok(CType::Int(k));
        }
        Ok(match self.fn_sigs.get(&name) {
            Some(CType::Function { ret, .. }) => (**ret).clone(),
            _ => CType::int(),
        })
    }

    pub fn call(&mut self, c: &Node<CallExpression>, at: usize) -> R<Val> {
        let Some(name) = self.callee_name(c) else {
            return unsup("a call through a function pointer", at);
        };
        let args = &c.node.arguments;
        if ERROR_FUNCTIONS.contains(&name.as_str()) {
            let target = match self.property {
                Property::UnreachCall => self.error_loc,
                // Under no-overflow the error function only ends the program.
                Property::NoOverflow => self.sink_loc,
            };
            self.goto_stmt(target);
            return Ok(Val::Void);
        }
        if let Some(k) = nondet_type(&name) {
            return Ok(self.nondet(&name, k));
        }
        match name.as_str() {
            "__VERIFIER_assume" => {
                let c = self.cond(self.arg(args, 0, at)?)?;
                self.emit_assume(c);
                return Ok(Val::Void);
            }
            "abort" | "__assert_fail" | "__builtin_trap" | "__builtin_abort" => {
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
                let target = self
                    .special_location("undefined behaviour: __builtin_unreachable() reached", at);
                self.mark_ub(target);
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
        if let Some(def) = self.functions.get(&name).copied() {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(self.rvalue(a)?);
            }
            return self.inline_call(&name, def, vals, at);
        }
        match name.as_str() {
            // Without a body: the SV-COMP meaning.
            "__VERIFIER_assert" => {
                let c = self.cond(self.arg(args, 0, at)?)?;
                let bad = self.terms.not(c);
                match self.property {
                    Property::UnreachCall => self.check_property(bad),
                    Property::NoOverflow => {
                        let ok = self.new_loc();
                        self.branch(bad, self.sink_loc, ok);
                        self.set_here(Some(ok));
                    }
                }
                Ok(Val::Void)
            }
            "assert" => {
                let c = self.cond(self.arg(args, 0, at)?)?;
                let ok = self.new_loc();
                self.branch(self.terms.not(c), self.sink_loc, ok);
                self.set_here(Some(ok));
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
            _ => unsup(format!("a call of `{name}`, which has no body"), at),
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
        self.emit_havoc(v);
        if k == IntKind::Bool {
            Val::Int(self.terms.zext(v, k.width(self.model) - 1), k)
        } else {
            Val::Int(v, k)
        }
    }

    /// Inlines a call of `name` with argument values `args`.
    pub fn inline_call(
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
        if self.frames.len() >= MAX_INLINE_DEPTH {
            return unsup("calls nested too deeply to inline", at);
        }
        let d = &def.node.declarator;
        let (base, _) = self.specifiers(&def.node.specifiers)?;
        let fty = self.declarator_type(base, &d.node, d.span.start)?;
        let CType::Function { ret, params, .. } = fty else {
            return unsup(format!("`{name}` is not a function"), at);
        };
        let active = self.frames.iter().filter(|f| f.function == name).count();
        if active > 0 {
            let depth = self.recursion_depth as usize;
            let beyond = if active >= depth {
                Some(format!(
                    "recursion deeper than {depth} active calls of `{name}` ({})",
                    crate::RECURSION_BOUND
                ))
            } else if self.recursive_instances >= MAX_RECURSIVE_INSTANCES {
                Some(format!(
                    "recursion of `{name}` unfolding into more than \
                     {MAX_RECURSIVE_INSTANCES} instances"
                ))
            } else {
                None
            };
            if let Some(why) = beyond {
                return self.call_beyond_bound(&why, &ret, at);
            }
            self.recursive_instances += 1;
        }
        let param_names = parameter_names(&d.node);
        if param_names.is_none() {
            return unsup(format!("the old-style definition of `{name}`"), at);
        }
        let param_names = param_names.unwrap_or_default();
        if args.len() < params.len() && name != "main" {
            return unsup(format!("a call of `{name}` with too few arguments"), at);
        }
        let k = self.instances.entry(name.to_string()).or_insert(0);
        *k += 1;
        let prefix = if *k == 1 {
            name.to_string()
        } else {
            format!("{name}.{k}")
        };
        self.inlined += 1;
        let ret_loc = self.new_loc();
        let ret_ty = (*ret).clone();
        self.frames.push(Frame {
            function: name.to_string(),
            prefix: prefix.clone(),
            scopes: vec![Scope::default()],
            ret_loc,
            ret: None,
            ret_ty: ret_ty.clone(),
            labels: Default::default(),
            defined_labels: Default::default(),
            jumps: Vec::new(),
            cases: Vec::new(),
            had_unsupported: false,
        });
        let result = self.inline_body(name, def, &prefix, &params, &param_names, args, &ret_ty, at);
        let frame = self.frames.pop().expect("the frame pushed above");
        result?;
        // Labels jumped to whose code could not be translated: the jump cannot be
        // followed exactly.
        for (label, loc) in &frame.labels {
            if self.cfa.out_edges(*loc).is_empty() && *loc != ret_loc {
                let why = if frame.defined_labels.contains(label) {
                    format!("the code after label `{label}`")
                } else {
                    format!("a jump to the undefined label `{label}`")
                };
                let target = self.special_location(&format!("unsupported: {why}"), at);
                let s = self.stmts.skip(None);
                self.cfa.add_edge(*loc, target, s);
            }
        }
        self.set_here(Some(ret_loc));
        self.cfa.location_mut(ret_loc).function_exit = true;
        match frame.ret {
            None => Ok(Val::Void),
            Some(Binding::Object(o)) => {
                let lv = self.whole(o);
                self.load(lv, at)
            }
            Some(Binding::Pointer(p)) => match self.read_ptr(p, at) {
                Ok(v) => Ok(Val::Ptr(v)),
                // No return statement assigned it: the function returns no pointer.
                Err(_) => unsup(format!("the pointer returned by `{name}`"), at),
            },
            Some(_) => Ok(Val::Void),
        }
    }

    /// A call the recursion bound does not let us inline: the path ends, at the call
    /// itself, in the special location for `why` (so a condition around the call, as in
    /// `n == 0 ? 1 : f(n - 1)`, still decides whether it is reached). The value returned
    /// belongs to dead code.
    fn call_beyond_bound(&mut self, why: &str, ret: &CType, at: usize) -> R<Val> {
        let value = match ret {
            CType::Void => Val::Void,
            CType::Int(k) => Val::Int(self.bv(0, *k), *k),
            // A value of another type cannot be made up here: the whole statement goes
            // to the special location instead.
            _ => return unsup(why.to_string(), at),
        };
        let target = self.special_location(&format!("unsupported: {why}"), at);
        self.goto_stmt(target);
        Ok(value)
    }

    #[allow(clippy::too_many_arguments)]
    fn inline_body(
        &mut self,
        name: &str,
        def: &'a Node<FunctionDefinition>,
        prefix: &str,
        params: &[CType],
        param_names: &[Option<String>],
        args: Vec<Val>,
        ret_ty: &CType,
        at: usize,
    ) -> R<()> {
        let entry = self.here();
        self.cfa.location_mut(entry).function_entry = true;
        let mut args = args.into_iter();
        for (ty, pname) in params.iter().zip(param_names) {
            let pname = pname.clone().unwrap_or_else(|| self.fresh_name("param"));
            let b = self.bind_variable(&format!("{prefix}.{pname}"), ty, at)?;
            self.innermost().vars.insert(pname, b.clone());
            match args.next() {
                Some(v) => {
                    let v = self.convert(v, ty, at)?;
                    let place = match b {
                        Binding::Object(o) => Place::Mem(self.whole(o)),
                        Binding::Pointer(p) => Place::Ptr(p),
                        _ => unreachable!("parameters are variables"),
                    };
                    self.store_place(&place, v, at)?;
                }
                // `main(int argc, char **argv)`: arbitrary arguments.
                None => self.havoc_binding(&b),
            }
        }
        // `main`'s value is the program's exit status (C11 5.1.2.2.3): `return` in it
        // assigns `exit.status` directly (see `Statement::Return`).
        let is_main = name == "main" && self.frames.len() == 1;
        if *ret_ty != CType::Void && !is_main {
            let b = self.bind_variable(&format!("{prefix}.return"), ret_ty, at)?;
            // Falling off the end of a non-void function leaves the value indeterminate.
            self.havoc_binding(&b);
            self.frames.last_mut().expect("frame").ret = Some(b);
        }
        self.guarded_statement(&def.node.statement);
        if is_main && self.cur.is_some() {
            // Reaching the `}` of main returns 0.
            self.origin = None;
            let zero = self.bv(0, IntKind::Int);
            self.emit_assign(self.exit_status, zero);
        }
        let ret_loc = self.frames.last().expect("frame").ret_loc;
        self.goto(ret_loc);
        Ok(())
    }
}

/// Names of a function definition's parameters (`None` entries for unnamed ones); `None`
/// for old-style (K&R) definitions.
fn parameter_names(d: &lang_c::ast::Declarator) -> Option<Vec<Option<String>>> {
    for x in &d.derived {
        match &x.node {
            DerivedDeclarator::Function(f) => {
                return Some(
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
                )
            }
            // `f()`: no parameters.
            DerivedDeclarator::KRFunction(ids) if ids.is_empty() => return Some(Vec::new()),
            DerivedDeclarator::KRFunction(_) => return None,
            _ => {}
        }
    }
    match &d.kind.node {
        lang_c::ast::DeclaratorKind::Declarator(inner) => parameter_names(&inner.node),
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
