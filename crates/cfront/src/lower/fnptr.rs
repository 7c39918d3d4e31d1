//! Function pointers: addresses of functions as values, and calls through them.
//!
//! A function's address is a pointer target of its own (`memory::Creator::Function`): a
//! number like an object's (offset 0, null stays 0) with no object behind it. A function
//! designator used as a value is its address (C11 6.3.2.1:4), so `f`, `&f`, `*fp`, pointer
//! variables and parameters (callbacks), struct fields and arrays of them (dispatch
//! tables), static initializers, `==`/`!=` and `?:` are the pointer machinery's, and a
//! pointer that may hold several functions gets a target variable as a data pointer does
//! (`target.rs`). Data dereferences never take a function target: their case splits take
//! the targets of their own type, and `*fp` used as an object is refused by name.
//!
//! A call through a pointer (`fp(x)`, `(*fp)(x)`, `tbl[i](x)`, `s->op(x)`, `cb(x)`)
//! evaluates its arguments once, converted as the pointer's function type says (C11
//! 6.5.2.2:6-7). A constant target is a direct call. Otherwise the call is a case split
//! over the function targets of the pass (the passes of `target.rs` repeat the
//! translation until the split knows every target the program produces): per function of
//! a type compatible with the pointer's (C11 6.7.6.3:15), an `assume` edge and an ordinary
//! call edge, the result copied to temporaries shared by the cases, which join after. So
//! the `cfa` crate sees only direct calls (as `builtins::run_exit_handlers` dispatches
//! atexit handlers). The null pointer, a function of an incompatible type (C11 6.5.2.2:9)
//! and a pointer to no function are undefined behaviour: special locations, UNKNOWN when
//! reachable. Types are compared without qualifiers (the model drops them), so a call
//! through `int (*)(const char *)` of `int f(char *)` is taken as gcc runs it.
//!
//! `callgraph.rs` counts every call through a pointer as a possible call of every function
//! whose name is used as a value, so recursion through pointers is recursion there too.

use super::memory::{Creator, ObjKey, Target, TargetKey, BASE_BITS};
use super::value::Val;
use super::{unsup, PtrVal, Translator, R};
use crate::svcomp::ERROR_FUNCTIONS;
use crate::types::CType;
use cfa::SpecialKind;
use lang_c::ast::{CallExpression, Expression};
use lang_c::span::Node;
use logic::{Sort, Term};

/// Undefined behaviour: the callee is the null pointer.
pub(crate) const NULL_CALL: &str = "call through a null function pointer";
/// Undefined behaviour: the callee points to no function (C11 6.5.2.2:1 needs one).
const NO_FUNCTION: &str = "call through a pointer that points to no function";
/// Undefined behaviour (C11 6.5.2.2:9).
const INCOMPATIBLE: &str =
    "call through a function pointer of a type incompatible with the function's";

impl<'a> Translator<'a> {
    /// The address of function `name`: its target, registered on first use.
    pub fn function_address(&mut self, name: &str, at: usize) -> R<PtrVal> {
        let Some(ty) = self.fn_sigs.get(name).cloned() else {
            return unsup(
                format!("the address of `{name}`, whose type is unknown"),
                at,
            );
        };
        // `&` is no identifier character: no object has this name.
        let key = TargetKey {
            obj: ObjKey {
                name: format!("&{name}"),
                ordinal: 0,
            },
            path: Vec::new(),
            count: None,
            arith: false,
            bytes: false,
        };
        let id = match self.mem.ids.get(&key).copied() {
            Some(id) => {
                self.mem.target_mut(id).produced = true;
                id
            }
            None => {
                self.mem.targets.push(Target {
                    key: key.clone(),
                    pointee: ty.clone(),
                    creator: Creator::Function(name.to_string()),
                    produced: true,
                });
                let id = self.mem.targets.len() as u32;
                self.mem.ids.insert(key, id);
                id
            }
        };
        Ok(PtrVal {
            base: self.terms.bv_const(id as u128, BASE_BITS),
            offset: self.terms.bv_const(0, self.model.pointer_width()),
            pointee: ty,
        })
    }

    /// The type of a call through a pointer: the pointed-to function type's result.
    pub fn pointer_call_type(&mut self, c: &Node<CallExpression>) -> R<CType> {
        let f = match self.type_of(&c.node.callee)? {
            CType::Pointer(f) => *f,
            f => f,
        };
        match f {
            CType::Function { ret, .. } => Ok(*ret),
            _ => unsup("a call of a value that is not a function", c.span.start),
        }
    }

    /// A call through a pointer (see the module comment).
    pub fn call_through_pointer(&mut self, c: &Node<CallExpression>, at: usize) -> R<Val> {
        if self.probing > 0 {
            self.probe_met_call = true;
            return unsup("a call through a function pointer inside a probe", at);
        }
        if self.collecting.is_some() {
            self.collect_failed = true;
            return unsup("a call through a function pointer in an initializer", at);
        }
        let args = &c.node.arguments;
        let p = self.pointer_value(&c.node.callee)?;
        let fty = p.pointee.clone();
        let CType::Function { ret, .. } = &fty else {
            return unsup("a call of a value that is not a function", at);
        };
        let ret = (**ret).clone();
        if !matches!(
            ret,
            CType::Void | CType::Int(_) | CType::Pointer(_) | CType::Struct(_)
        ) {
            return unsup("a call through a function pointer of this result type", at);
        }
        let promoted = self.promoted_arguments(&fty, args);
        match self.terms.as_bv_const(p.base) {
            Some((0, _)) => return self.undefined_call(NULL_CALL, &ret, at),
            Some((id, _)) => {
                let t = self.mem.target(id).clone();
                let Creator::Function(name) = &t.creator else {
                    return self.undefined_call(NO_FUNCTION, &ret, at);
                };
                if !self.compatible(&fty, &t.pointee, name, &promoted) {
                    return self.undefined_call(INCOMPATIBLE, &ret, at);
                }
                let Some(def) = self.functions.get(name).copied() else {
                    // A library function or intrinsic: as if called by name.
                    return self.call_named(name, args, at);
                };
                let vals = self.pointer_call_arguments(&fty, args, at)?;
                return self.call_function(name, def, vals, at);
            }
            None => {}
        }
        // The target read now: the arguments may call functions that change the pointer.
        let base = self.temp(Sort::Bv(BASE_BITS));
        self.emit_assign(base, p.base);
        let vals = self.pointer_call_arguments(&fty, args, at)?;
        self.dispatch(base, &fty, &ret, &promoted, vals, at)
    }

    /// The case split of a call through pointer target `base`: a call per compatible
    /// function, the other targets special locations.
    fn dispatch(
        &mut self,
        base: Term,
        fty: &CType,
        ret: &CType,
        promoted: &[Option<CType>],
        vals: Vec<Val>,
        at: usize,
    ) -> R<Val> {
        let is_function = |t: &Target| matches!(t.creator, Creator::Function(_));
        let cases = self.split_targets(base, is_function, Some(NULL_CALL), NO_FUNCTION, at)?;
        let mut calls = Vec::new();
        let mut incompatible = Vec::new();
        for (g, id) in cases {
            if self.terms.is_false(g) {
                // `ite(c, f, g) == h`: no run takes it.
                continue;
            }
            let t = self.mem.target(id).clone();
            let Creator::Function(name) = t.creator else {
                unreachable!("the split took function targets only")
            };
            if self.compatible(fty, &t.pointee, &name, promoted) {
                calls.push((g, name));
            } else {
                incompatible.push(g);
            }
        }
        if !incompatible.is_empty() {
            let bad = self.terms.or(&incompatible);
            self.check_special(bad, INCOMPATIBLE, at);
        }
        let result = self.result_slot(ret, at)?;
        let from = self.here();
        let join = self.new_loc();
        for (g, name) in calls {
            let case = self.new_loc();
            let s = self.stmts.assume(g, self.origin());
            self.cfa.add_edge(from, case, s);
            self.set_here(Some(case));
            // A case that cannot be translated ends in its own special location: an error
            // returned instead would make the statement's translation be undone, callee
            // bodies translated at this first call included.
            match self.call_case(&name, ret, vals.clone(), &result, at) {
                Ok(()) => self.goto(join),
                Err(u) => self.emit_unsupported(&u),
            }
        }
        self.set_here(Some(join));
        Ok(result)
    }

    /// One case of a dispatch: the call of `name`, its result stored into `result`.
    fn call_case(
        &mut self,
        name: &str,
        ret: &CType,
        vals: Vec<Val>,
        result: &Val,
        at: usize,
    ) -> R<()> {
        let Some(def) = self.functions.get(name).copied() else {
            return self.call_without_body(name, at);
        };
        let v = self.call_function(name, def, vals, at)?;
        let v = self.convert(v, ret, at)?;
        match (result, v) {
            (Val::Void, _) => {}
            (Val::Int(x, _), Val::Int(t, _)) => self.emit_assign(*x, t),
            (Val::Ptr(x), Val::Ptr(p)) => {
                self.emit_assign(x.base, p.base);
                self.emit_assign(x.offset, p.offset);
            }
            (Val::Agg(dst), Val::Agg(src)) => self.copy_aggregate(dst, &src, at)?,
            _ => return unsup("a call result of another type", at),
        }
        Ok(())
    }

    /// A case of a dispatch that calls a function without a body: the error function and
    /// `abort` as by name; others are unsupported.
    fn call_without_body(&mut self, name: &str, at: usize) -> R<()> {
        if ERROR_FUNCTIONS.contains(&name) {
            self.goto_stmt(self.error_function_target());
            return Ok(());
        }
        if matches!(name, "abort" | "__builtin_abort" | "__builtin_trap") {
            self.goto_stmt(self.sink_loc);
            return Ok(());
        }
        unsup(
            format!("a call through a function pointer of `{name}`, a function declared but not defined"),
            at,
        )
    }

    /// Where the cases of a dispatch leave the call's value: fresh variables of type `ret`.
    fn result_slot(&mut self, ret: &CType, at: usize) -> R<Val> {
        Ok(match ret {
            CType::Void => Val::Void,
            CType::Int(k) => Val::Int(self.temp(Sort::Bv(k.width(self.model))), *k),
            CType::Pointer(p) => Val::Ptr(PtrVal {
                base: self.temp(Sort::Bv(BASE_BITS)),
                offset: self.temp(self.index_sort()),
                pointee: (**p).clone(),
            }),
            CType::Struct(_) => {
                let name = self.fresh_name("result");
                let o = self.new_object(&name, ret.clone());
                Val::Agg(self.whole(o))
            }
            _ => return unsup("a call through a function pointer of this result type", at),
        })
    }

    /// The path ends in the special location of undefined behaviour `why`; the value of
    /// the call (dead code follows) is a fresh one.
    fn undefined_call(&mut self, why: &str, ret: &CType, at: usize) -> R<Val> {
        let target = self.special_location(SpecialKind::UndefinedBehaviour, why, at);
        self.goto_stmt(target);
        self.result_slot(ret, at)
    }

    /// The arguments of a call through a pointer to `fty`: converted to the parameter
    /// types where it has a prototype (C11 6.5.2.2:7), the default argument promotions
    /// otherwise and beyond `...` (C11 6.5.2.2:6-7).
    fn pointer_call_arguments(
        &mut self,
        fty: &CType,
        args: &[Node<Expression>],
        at: usize,
    ) -> R<Vec<Val>> {
        let CType::Function { params, .. } = fty else {
            return unsup("a call of a value that is not a function", at);
        };
        if let Some(few) = fty.wrong_arity(args.len()) {
            // A constraint violation (C11 6.5.2.2:2).
            return super::ill_formed(
                format!(
                    "too {few} arguments to a call through a function pointer (expected {}, have {})",
                    params.len(),
                    args.len()
                ),
                at,
            );
        }
        let mut vals = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let v = match params.get(i) {
                Some(ty) => {
                    let v = self.rvalue_for(a, ty)?;
                    self.convert(v, ty, a.span.start)?
                }
                None => match self.rvalue(a)? {
                    Val::Int(t, k) => Val::Int(self.convert_int(t, k, k.promote()), k.promote()),
                    Val::Float(t, logic::float::FloatFormat::Single) => {
                        let d = logic::float::FloatFormat::Double;
                        Val::Float(
                            self.terms
                                .fp_convert(t, logic::float::FloatFormat::Single, d),
                            d,
                        )
                    }
                    Val::Cond(c) => {
                        let (t, k) = self.integer(Val::Cond(c), at)?;
                        Val::Int(t, k)
                    }
                    v => v,
                },
            };
            vals.push(v);
        }
        Ok(vals)
    }

    /// For a call through a pointer to a function type without a prototype: the argument
    /// types after the default argument promotions (`None` where unknown); empty otherwise.
    fn promoted_arguments(&mut self, fty: &CType, args: &[Node<Expression>]) -> Vec<Option<CType>> {
        if !matches!(fty, CType::Function { params, variadic: true, .. } if params.is_empty()) {
            return Vec::new();
        }
        args.iter()
            .map(|a| {
                let t = self.type_of(a).ok()?;
                Some(match super::arith::decay_function(t) {
                    CType::Int(k) => CType::Int(k.promote()),
                    // The default argument promotions (C11 6.5.2.2:6).
                    CType::Float(crate::types::FloatKind::Float) => {
                        CType::Float(crate::types::FloatKind::Double)
                    }
                    CType::Array(e, _) => CType::Pointer(e),
                    t => t,
                })
            })
            .collect()
    }

    /// Whether a call through a pointer to `called`, with arguments of the `promoted`
    /// types (for `called` without a prototype), is a defined call of the function `name`
    /// of type `def`: C11 6.5.2.2:6 and :9 with the compatibility of 6.7.6.3:15.
    fn compatible(
        &self,
        called: &CType,
        def: &CType,
        name: &str,
        promoted: &[Option<CType>],
    ) -> bool {
        let (
            CType::Function {
                ret: r1,
                params: p1,
                variadic: v1,
            },
            CType::Function {
                ret: r2,
                params: p2,
                variadic: v2,
            },
        ) = (called, def)
        else {
            return false;
        };
        if r1 != r2 {
            return false;
        }
        // `T f()`: no prototype.
        let (u1, u2) = (p1.is_empty() && *v1, p2.is_empty() && *v2);
        let defined = self.functions.contains_key(name);
        // Types the default argument promotions leave alone.
        let promotes_to_itself = |t: &CType| match t {
            CType::Int(k) => k.promote() == *k,
            CType::Float(k) => *k != crate::types::FloatKind::Float,
            _ => true,
        };
        match (u1, u2) {
            (false, false) => p1 == p2 && v1 == v2,
            // The promoted arguments must be the parameters (C11 6.5.2.2:6).
            (true, false) => {
                !v2 && p2.len() == promoted.len()
                    && promoted.iter().zip(p2).all(|(a, p)| a.as_ref() == Some(p))
            }
            // A definition `T f() {…}` has no parameters; a declaration `T f();` takes
            // a prototype of promoted types without `...` (C11 6.7.6.3:15).
            (false, true) if defined => p1.is_empty(),
            (false, true) => !v1 && p1.iter().all(promotes_to_itself),
            // Without a definition the call is by name (which takes any arguments).
            (true, true) => !defined || promoted.is_empty(),
        }
    }
}
