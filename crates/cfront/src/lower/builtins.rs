//! Library functions and GCC builtins with exact models: the `__atomic_*` builtins (a
//! single-threaded program sees them as plain reads and writes), `atexit`, and `scanf` /
//! `fscanf(stdin, …)` with simple conversions (each value read is a program input).

use super::object::Place;
use super::value::Val;
use super::{unsup, Translator, R};
use crate::types::{CType, IntKind};
use cfa::SpecialKind;
use cfa::{LocationId, VarKind};
use lang_c::ast::Expression;
use lang_c::span::Node;
use logic::Sort;

/// How many `atexit` registrations the model holds where calls can repeat: C11 7.22.4.2
/// guarantees at least 32 (glibc has no limit); twice that.
/// One more reaches a special location (UNKNOWN), never a silent drop.
pub(crate) const ATEXIT_CAPACITY: usize = 64;

/// The `atexit` handler stack (C11 7.22.4.2, 7.22.4.4): `count` registrations in
/// `slots[0..count]`, each the 1-based index of its handler in `handlers`. `exit` pops
/// and runs handlers until the stack is empty, so a handler registered while `exit` runs
/// is run next, and an `exit` called by a handler goes on with the handlers left (what
/// glibc does; the standard leaves a second `exit` undefined).
#[derive(Clone, Debug)]
pub(crate) struct AtExitStack {
    pub count: logic::Term,
    pub slots: Vec<logic::Term>,
    /// The functions the program passes to `atexit` anywhere (found before translation,
    /// so that the handler run at exit can dispatch to any of them).
    pub handlers: Vec<String>,
}

/// The names of the functions passed to `atexit` in the translation unit.
pub(crate) fn atexit_handlers(unit: &lang_c::ast::TranslationUnit) -> Vec<String> {
    use lang_c::visit::Visit;
    struct Scan(Vec<String>);
    impl<'ast> Visit<'ast> for Scan {
        fn visit_call_expression(
            &mut self,
            c: &'ast lang_c::ast::CallExpression,
            span: &'ast lang_c::span::Span,
        ) {
            if let Expression::Identifier(f) = &c.callee.node {
                if f.node.name == "atexit" {
                    if let Some(Expression::Identifier(h)) = c.arguments.first().map(|a| &a.node) {
                        if !self.0.contains(&h.node.name) {
                            self.0.push(h.node.name.clone());
                        }
                    }
                }
            }
            lang_c::visit::visit_call_expression(self, c, span);
        }
    }
    let mut scan = Scan(Vec::new());
    scan.visit_translation_unit(unit);
    scan.0
}

impl<'a> Translator<'a> {
    /// Translates a call of a modelled builtin; `None` if `name` is not one.
    pub fn builtin(&mut self, name: &str, args: &[Node<Expression>], at: usize) -> Option<R<Val>> {
        Some(match name {
            n if n.starts_with("__atomic_") => self.atomic(n, args, at),
            "atexit" => self.atexit(args, at),
            "scanf" | "__isoc99_scanf" => self.scanf(&args.iter().collect::<Vec<_>>(), at),
            "fscanf" | "__isoc99_fscanf" => match args.first().map(|a| &a.node) {
                Some(Expression::Identifier(id)) if id.node.name == "stdin" => {
                    self.scanf(&args[1..].iter().collect::<Vec<_>>(), at)
                }
                _ => unsup("fscanf from a stream other than stdin", at),
            },
            _ => return None,
        })
    }

    fn deref_arg(&mut self, args: &[Node<Expression>], i: usize, at: usize) -> R<super::LVal> {
        let Some(a) = args.get(i) else {
            return unsup("a builtin called with too few arguments", at);
        };
        let p = self.pointer_value(a)?;
        self.deref(&p, at)
    }

    fn atomic(&mut self, name: &str, args: &[Node<Expression>], at: usize) -> R<Val> {
        use lang_c::ast::BinaryOperator as B;
        let op = |s: &str| match s {
            "add" => Some(B::Plus),
            "sub" => Some(B::Minus),
            "and" => Some(B::BitwiseAnd),
            "or" => Some(B::BitwiseOr),
            "xor" => Some(B::BitwiseXor),
            // `nand`: `~(a & b)` (gcc's `__atomic_fetch_nand`, `__atomic_nand_fetch`).
            "nand" => Some(B::LogicalAnd),
            _ => None,
        };
        let rest = name.trim_start_matches("__atomic_");
        if let Some(generic) = rest.strip_prefix("compare_exchange") {
            return self.compare_exchange(generic != "_n", args, at);
        }
        let target = self.deref_arg(args, 0, at)?;
        let ty = target.ty.clone();
        let old = self.load(target.clone(), at)?;
        // The old value, kept: the object changes next.
        let old = self.snapshot(old);
        let store = |s: &mut Self, v: Val| -> R<()> {
            let v = s.convert(v, &ty, at)?;
            s.store_place(&Place::Mem(target.clone()), v, at)
        };
        match rest {
            "load_n" => Ok(old),
            "load" => {
                let ret = self.deref_arg(args, 1, at)?;
                self.store_place(&Place::Mem(ret), old, at)?;
                Ok(Val::Void)
            }
            "store_n" => {
                let v = self.rvalue(&args[1])?;
                store(self, v)?;
                Ok(Val::Void)
            }
            "store" => {
                let src = self.deref_arg(args, 1, at)?;
                let v = self.load(src, at)?;
                store(self, v)?;
                Ok(Val::Void)
            }
            "exchange_n" => {
                let v = self.rvalue(&args[1])?;
                store(self, v)?;
                Ok(old)
            }
            "exchange" => {
                let src = self.deref_arg(args, 1, at)?;
                let v = self.load(src, at)?;
                let v = self.snapshot(v);
                store(self, v)?;
                let ret = self.deref_arg(args, 2, at)?;
                self.store_place(&Place::Mem(ret), old, at)?;
                Ok(Val::Void)
            }
            "clear" => {
                store(self, Val::Int(self.bv(0, IntKind::Int), IntKind::Int))?;
                Ok(Val::Void)
            }
            "test_and_set" => {
                store(self, Val::Int(self.bv(1, IntKind::Int), IntKind::Int))?;
                let c = self.truth(&old, at)?;
                Ok(Val::Cond(c))
            }
            r => {
                // fetch_OP returns the old value, OP_fetch the new one; both wrap (atomic
                // arithmetic has no undefined results, C11 7.17.7.5:3).
                let (fetch_first, opname) = match r.strip_prefix("fetch_") {
                    Some(o) => (true, o),
                    None => (false, r.strip_suffix("_fetch").unwrap_or(r)),
                };
                let Some(bop) = op(opname) else {
                    return unsup(format!("the builtin `{name}`"), at);
                };
                let v = self.rvalue(&args[1])?;
                let (a, ka) = self.integer(old.clone(), at)?;
                let (b, kb) = self.integer(v, at)?;
                let b = self.convert_int(b, kb, ka);
                let t = &self.terms;
                let new = match bop {
                    B::Plus => t.bvadd(a, b),
                    B::Minus => t.bvsub(a, b),
                    B::BitwiseAnd => t.bvand(a, b),
                    B::BitwiseOr => t.bvor(a, b),
                    B::LogicalAnd => t.bvnot(t.bvand(a, b)),
                    _ => t.bvxor(a, b),
                };
                store(self, Val::Int(new, ka))?;
                Ok(if fetch_first { old } else { Val::Int(new, ka) })
            }
        }
    }

    /// `__atomic_compare_exchange_n(ptr, expected, desired, weak, success, failure)`, and
    /// with `generic` `__atomic_compare_exchange(ptr, expected, desired_ptr, …)`: if
    /// `*ptr` equals `*expected`, `*ptr` becomes the desired value and the result is true;
    /// otherwise `*expected` becomes `*ptr` and the result is false (gcc's manual, "Built-in
    /// Functions for Memory Model Aware Atomic Operations"). A weak exchange may fail
    /// spuriously in C11 (7.17.7.4:4), but gcc compiles both to x86's `lock cmpxchg`,
    /// which never does: strong and weak are the same here, as in the replayed program.
    /// Single-threaded, the memory orders change nothing.
    fn compare_exchange(&mut self, generic: bool, args: &[Node<Expression>], at: usize) -> R<Val> {
        if args.len() < 3 {
            return unsup("a builtin called with too few arguments", at);
        }
        let target = self.deref_arg(args, 0, at)?;
        let expected = self.deref_arg(args, 1, at)?;
        let ty = target.ty.clone();
        let desired = if generic {
            let src = self.deref_arg(args, 2, at)?;
            self.load(src, at)?
        } else {
            self.rvalue(&args[2])?
        };
        let desired = self.convert(desired, &ty, at)?;
        let desired = self.snapshot(desired);
        let old = self.load(target.clone(), at)?;
        let old = self.snapshot(old);
        let want = self.load(expected.clone(), at)?;
        let want = self.convert(want, &ty, at)?;
        let t = self.terms.clone();
        let (same, new, seen) = match (&old, &want, &desired) {
            (Val::Int(o, _), Val::Int(e, _), Val::Int(d, k)) => {
                let same = t.eq(*o, *e);
                (
                    same,
                    Val::Int(t.ite(same, *d, *o), *k),
                    Val::Int(t.ite(same, *e, *o), *k),
                )
            }
            (Val::Ptr(o), Val::Ptr(e), Val::Ptr(d)) => {
                let same = t.and(&[t.eq(o.base, e.base), t.eq(o.offset, e.offset)]);
                let pick = |a: &super::PtrVal, b: &super::PtrVal| super::PtrVal {
                    base: t.ite(same, a.base, b.base),
                    offset: t.ite(same, a.offset, b.offset),
                    pointee: b.pointee.clone(),
                };
                (same, Val::Ptr(pick(d, o)), Val::Ptr(pick(e, o)))
            }
            _ => {
                return unsup(
                    "a compare-exchange of values other than integers or pointers",
                    at,
                )
            }
        };
        let same = self.snapshot_cond(same);
        self.store_place(&Place::Mem(target), new, at)?;
        let seen = self.convert(seen, &expected.ty, at)?;
        self.store_place(&Place::Mem(expected), seen, at)?;
        Ok(Val::Cond(same))
    }

    /// A truth value kept in a one-bit temporary (its variables change next).
    fn snapshot_cond(&mut self, c: logic::Term) -> logic::Term {
        if self.terms.as_bool_const(c).is_some() {
            return c;
        }
        let tmp = self.temp(Sort::Bv(1));
        let t = self.terms.clone();
        self.emit_assign(tmp, t.ite(c, t.bv_const(1, 1), t.bv_const(0, 1)));
        t.eq(tmp, t.bv_const(1, 1))
    }

    /// A value that stays what it is now even when variables change later.
    fn snapshot(&mut self, v: Val) -> Val {
        match v {
            Val::Int(t, k) if !self.terms.op(t).is_const() => {
                let tmp = self.temp(Sort::Bv(k.width(self.model)));
                self.emit_assign(tmp, t);
                Val::Int(tmp, k)
            }
            other => other,
        }
    }

    /// The handler stack, created on first use.
    fn atexit_stack(&mut self) -> AtExitStack {
        if let Some(st) = &self.atexit {
            return st.clone();
        }
        let width = Sort::Bv(8);
        let count = self.globally(|s| s.new_var("atexit.count", Sort::Bv(32), VarKind::Program));
        let zero = self.stmts.assign(count, self.terms.bv_const(0, 32), None);
        self.init.push(zero);
        let slots = (0..self.atexit_capacity)
            .map(|k| {
                self.globally(|s| s.new_var(&format!("atexit.slot{k}"), width, VarKind::Program))
            })
            .collect();
        let st = AtExitStack {
            count,
            slots,
            handlers: self.atexit_handlers.clone(),
        };
        self.atexit = Some(st.clone());
        st
    }

    /// `atexit(f)`: pushes `f` on the handler stack and returns 0.
    fn atexit(&mut self, args: &[Node<Expression>], at: usize) -> R<Val> {
        let Some(Expression::Identifier(id)) = args.first().map(|a| &a.node) else {
            return unsup("atexit with a handler that is not a function name", at);
        };
        if !self.functions.contains_key(&id.node.name) {
            return unsup(
                format!(
                    "atexit of `{}`, a function declared but not defined",
                    id.node.name
                ),
                at,
            );
        }
        let st = self.atexit_stack();
        let Some(k) = st.handlers.iter().position(|h| *h == id.node.name) else {
            return unsup("atexit of a function found only while translating", at);
        };
        let capacity = st.slots.len();
        let full = self
            .terms
            .eq(st.count, self.terms.bv_const(capacity as u128, 32));
        let why = format!("more than {capacity} atexit registrations");
        let target = self.special_location(SpecialKind::Unsupported, &why, at);
        let ok = self.new_loc();
        self.branch(full, target, ok);
        self.set_here(Some(ok));
        let handler = self.terms.bv_const(k as u128 + 1, 8);
        let mut parts = Vec::with_capacity(st.slots.len() + 1);
        for (i, slot) in st.slots.iter().enumerate() {
            let here = self.terms.eq(st.count, self.terms.bv_const(i as u128, 32));
            let v = self.terms.ite(here, handler, *slot);
            parts.push(self.stmts.assign(*slot, v, self.origin()));
        }
        let next = self.terms.bvadd(st.count, self.terms.bv_const(1, 32));
        parts.push(self.stmts.assign(st.count, next, self.origin()));
        let push = self.stmts.seq(&parts);
        let from = self.here();
        self.emit(push);
        let to = self.here();
        self.atexit_sites.push((self.locals_of, from, to));
        Ok(Val::Int(self.bv(0, IntKind::Int), IntKind::Int))
    }

    /// The code between normal program end (`return` from main, `exit`: both jump to
    /// `end`) and termination: while the stack is not empty, pop a handler and run it.
    /// Each handler is inlined once, inside this loop; its own `exit` jumps back to `end`.
    pub fn run_exit_handlers(&mut self, end: LocationId, exit: LocationId) -> R<()> {
        self.set_here(Some(end));
        let Some(st) = self.atexit.clone() else {
            self.goto(exit);
            return Ok(());
        };
        self.origin = None;
        let empty = self.terms.eq(st.count, self.terms.bv_const(0, 32));
        let pop = self.new_loc();
        self.branch(empty, exit, pop);
        self.set_here(Some(pop));
        let top = self.terms.bvsub(st.count, self.terms.bv_const(1, 32));
        let current = self.new_var("atexit.current", Sort::Bv(8), VarKind::Program);
        let mut slot = st.slots[0];
        for (i, s) in st.slots.iter().enumerate().skip(1) {
            let here = self.terms.eq(top, self.terms.bv_const(i as u128, 32));
            slot = self.terms.ite(here, *s, slot);
        }
        let read = self.stmts.seq(&[
            self.stmts.assign(current, slot, None),
            self.stmts.assign(st.count, top, None),
        ]);
        self.emit(read);
        let dispatch = self.here();
        for (k, h) in st.handlers.iter().enumerate() {
            let Some(def) = self.functions.get(h).copied() else {
                continue;
            };
            let run = self.new_loc();
            let is = self
                .terms
                .eq(current, self.terms.bv_const(k as u128 + 1, 8));
            let s = self.stmts.assume(is, None);
            self.cfa.add_edge(dispatch, run, s);
            self.set_here(Some(run));
            self.call_function(h, def, Vec::new(), def.span.start)?;
            self.goto(end);
        }
        Ok(())
    }

    /// `scanf(format, &x, …)`: every conversion reads one input of its type into its
    /// argument. The call either assigns the first `r` items and returns `r` (0 ≤ r ≤ n,
    /// fewer on a matching failure) or returns EOF (-1).
    fn scanf(&mut self, args: &[&Node<Expression>], at: usize) -> R<Val> {
        let Some(Expression::StringLiteral(fmt)) = args.first().map(|a| &a.node) else {
            return unsup("scanf with a format that is not a string literal", at);
        };
        let fmt = super::literal::string_bytes(&fmt.node)
            .map(|b| String::from_utf8_lossy(&b[..b.len() - 1]).into_owned())
            .unwrap_or_default();
        let convs = scanf_conversions(&fmt)
            .ok_or_else(|| super::Unsup::new(format!("the scanf format \"{fmt}\""), at))?;
        if convs.len() + 1 != args.len() {
            return unsup("scanf with as many arguments as conversions", at);
        }
        let k = IntKind::Int;
        let name = self.fresh_name("scanf.result");
        let r = self.new_var(&name, Sort::Bv(32), VarKind::Program);
        self.emit_havoc(r);
        let t = self.terms.clone();
        let n = convs.len() as i128;
        let ok = t.or2(
            t.eq(r, self.bv(-1, k)),
            t.and2(t.bvsle(self.bv(0, k), r), t.bvsle(r, self.bv(n, k))),
        );
        self.emit_assume(ok);
        for (i, (conv, scanned)) in convs.iter().enumerate() {
            let target = {
                let p = self.pointer_value(args[i + 1])?;
                self.deref(&p, at)?
            };
            let fits = match scanned {
                Scanned::Int(kind) => {
                    target.ty == CType::Int(*kind) || same_size(&target.ty, *kind, self)
                }
                Scanned::Float(f) => target.ty == Self::float_type(*f),
            };
            if !fits {
                return unsup(format!("scanf %{conv} into a variable of another type"), at);
            }
            let (read, skip, join) = (self.new_loc(), self.new_loc(), self.new_loc());
            self.branch(t.bvsgt(r, self.bv(i as i128, k)), read, skip);
            self.set_here(Some(read));
            let name = self.fresh_name("input");
            let width = match scanned {
                Scanned::Int(kind) => kind.width(self.model),
                Scanned::Float(f) => f.width(),
            };
            let v = self.new_var(
                &name,
                Sort::Bv(width),
                VarKind::Input {
                    function: format!("scanf:%{conv}"),
                },
            );
            self.emit_havoc(v);
            let value = match scanned {
                Scanned::Int(kind) => Val::Int(v, *kind),
                Scanned::Float(f) => {
                    // strtod never produces a signalling NaN (C11 7.22.1.3:4 reads "NAN"
                    // as a quiet one): every other pattern is some text's value.
                    self.emit_assume(t.not(t.fp_is_signalling(v, *f)));
                    Val::Float(v, *f)
                }
            };
            self.store_place(&Place::Mem(target), value, at)?;
            self.goto(join);
            self.set_here(Some(skip));
            self.goto(join);
            self.set_here(Some(join));
        }
        Ok(Val::Int(r, k))
    }
}

fn same_size(ty: &CType, k: IntKind, t: &Translator) -> bool {
    matches!(ty, CType::Int(x) if x.width(t.model) == k.width(t.model) && x.signed() == k.signed())
}

/// What a scanf conversion stores.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) enum Scanned {
    Int(IntKind),
    /// `%f %e %g %a` (`float`) and with `l` (`double`).
    Float(logic::float::FloatFormat),
}

/// The conversions of a scanf format: (conversion text, type); `None` for formats with
/// conversions Boulder does not model (strings, `long double`, character sets).
pub(crate) fn scanf_conversions(fmt: &str) -> Option<Vec<(String, Scanned)>> {
    use IntKind::*;
    let mut out = Vec::new();
    let b = fmt.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if b.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        if b.get(i) == Some(&b'*') {
            return None;
        }
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let start = i;
        while i < b.len() && matches!(b[i], b'h' | b'l' | b'j' | b'z' | b't') {
            i += 1;
        }
        let len = std::str::from_utf8(&b[start..i]).ok()?;
        let c = *b.get(i)?;
        i += 1;
        let signed = matches!(c, b'd' | b'i');
        if matches!(c, b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A') {
            let f = match len {
                "" => logic::float::FloatFormat::Single,
                "l" => logic::float::FloatFormat::Double,
                _ => return None,
            };
            out.push((format!("{len}{}", c as char), Scanned::Float(f)));
            continue;
        }
        if !matches!(c, b'd' | b'i' | b'u' | b'x' | b'X' | b'o') {
            return None;
        }
        let kind = match (len, signed) {
            ("hh", true) => SChar,
            ("hh", false) => UChar,
            ("h", true) => Short,
            ("h", false) => UShort,
            ("", true) => Int,
            ("", false) => UInt,
            ("l", true) => Long,
            ("l", false) => ULong,
            ("ll", true) => LongLong,
            ("ll", false) => ULongLong,
            _ => return None,
        };
        out.push((format!("{len}{}", c as char), Scanned::Int(kind)));
    }
    Some(out)
}
