//! Expressions: values, conversions (C11 6.3), and the rvalue dispatch. Operators are in
//! `arith.rs`, lvalues and assignment in `lvalue.rs`, constants and string literals in
//! `literal.rs`, static types in `static_type.rs`.

pub(crate) use super::value::Val;
use super::{unsup, Binding, LVal, PtrVal, Translator, R};
use crate::types::{CType, IntKind, Layout};
use lang_c::ast::{Expression, UnaryOperator};
use lang_c::span::Node;
use logic::Term;

impl<'a> Translator<'a> {
    pub fn layout(&self) -> Layout<'_> {
        Layout {
            model: self.model,
            structs: &self.structs,
        }
    }

    pub fn bv(&self, v: i128, k: IntKind) -> Term {
        self.terms.bv_signed(v, k.width(self.model))
    }

    /// Runs a translation tentatively: keeps it if it added no edge (the expression is
    /// free of side effects and checks), otherwise undoes it and returns `None`.
    ///
    /// A call of a user function would add edges, so the probe stops at the first one
    /// instead of inlining it: a probe that inlined its calls before being undone would
    /// translate nested calls (recursion under `?:` or `&&`) exponentially often.
    pub fn probe<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> Option<R<T>> {
        let mark = self.cfa.edge_capacity();
        let cur = self.cur;
        let origin = self.origin.clone();
        let outer_hit = std::mem::replace(&mut self.probe_met_call, false);
        self.probing += 1;
        let r = f(self);
        self.probing -= 1;
        let hit = std::mem::replace(&mut self.probe_met_call, outer_hit);
        if hit || self.cfa.edge_capacity() > mark {
            self.cfa.remove_edges_from(mark);
            self.cur = cur;
            self.origin = origin;
            return None;
        }
        self.cur = cur;
        Some(r)
    }

    /// The value of an integer constant expression.
    pub fn const_int(&mut self, e: &Node<Expression>) -> R<i128> {
        let not_const = || super::Unsup::new("not an integer constant expression", e.span.start);
        let v = self.probe(|t| t.rvalue(e)).ok_or_else(not_const)??;
        match v {
            Val::Int(t, k) => match self.terms.as_bv_const(t) {
                Some((x, w)) => Ok(if k.signed() {
                    logic::value::to_signed(x, w)
                } else {
                    x as i128
                }),
                None => Err(not_const()),
            },
            Val::Cond(c) => self
                .terms
                .as_bool_const(c)
                .map(|b| b as i128)
                .ok_or_else(not_const),
            _ => Err(not_const()),
        }
    }

    // ---------------------------------------------------------------- conversions

    pub fn truth(&mut self, v: &Val, at: usize) -> R<Term> {
        Ok(match v {
            Val::Cond(c) => *c,
            Val::Int(t, k) => self.terms.neq(*t, self.bv(0, *k)),
            Val::Ptr(p) => self.is_not_null(p),
            // C11 6.5.3.3:5, 6.8.4.1:2: compared with 0, so a NaN is true.
            Val::Float(t, f) => self.terms.not(self.terms.fp_is_zero(*t, *f)),
            Val::Agg(_) => {
                return super::ill_formed("a struct or union used where a scalar is required", at)
            }
            Val::Void => return super::ill_formed("a void value used as a condition", at),
        })
    }

    pub fn integer(&mut self, v: Val, at: usize) -> R<(Term, IntKind)> {
        match v {
            Val::Int(t, k) => Ok((t, k)),
            Val::Cond(c) => {
                let k = IntKind::Int;
                Ok((self.terms.ite(c, self.bv(1, k), self.bv(0, k)), k))
            }
            Val::Ptr(_) => unsup("a pointer used as an integer", at),
            Val::Float(..) => unsup("a floating value where an integer is required", at),
            Val::Agg(_) => unsup("a struct used as an integer", at),
            Val::Void => unsup("a void value used as an integer", at),
        }
    }

    /// Integer conversion to `to` (C11 6.3.1.3; `_Bool`: 6.3.1.2).
    pub fn convert_int(&mut self, t: Term, from: IntKind, to: IntKind) -> Term {
        if to == IntKind::Bool {
            let nz = self.terms.neq(t, self.bv(0, from));
            return self.terms.ite(nz, self.bv(1, to), self.bv(0, to));
        }
        self.resize(t, from, to, to.width(self.model))
    }

    pub fn convert(&mut self, v: Val, to: &CType, at: usize) -> R<Val> {
        match to {
            CType::Void => Ok(Val::Void),
            CType::Int(k) => match v {
                Val::Ptr(p) if *k == IntKind::Bool => {
                    let b = self.is_not_null(&p);
                    Ok(Val::Int(
                        self.terms.ite(b, self.bv(1, *k), self.bv(0, *k)),
                        *k,
                    ))
                }
                // The null pointer converts to 0 (gcc); other addresses are unknown.
                Val::Ptr(p) if self.is_null_const(&p) => Ok(Val::Int(self.bv(0, *k), *k)),
                Val::Float(t, f) => Ok(Val::Int(self.float_to_int(t, f, *k), *k)),
                other => {
                    let (t, from) = self.integer(other, at)?;
                    Ok(Val::Int(self.convert_int(t, from, *k), *k))
                }
            },
            CType::Pointer(pointee) => match v {
                Val::Ptr(p) => {
                    let is_fn = |t: &CType| matches!(t, CType::Function { .. });
                    if is_fn(&p.pointee) != is_fn(pointee)
                        && **pointee != CType::Void
                        && p.pointee != CType::Void
                        && !self.is_null_const(&p)
                    {
                        // C11 6.3.2.3 converts function pointers only to one another
                        // (`void *` and back is the POSIX extension gcc has).
                        return unsup(
                            "a cast between a function pointer and an object pointer",
                            at,
                        );
                    }
                    if p.pointee == **pointee
                        // C11 6.3.2.3:8: any function pointer type to any other; a call
                        // checks the type against the function's (`fnptr.rs`).
                        || (is_fn(&p.pointee) && is_fn(pointee))
                        || **pointee == CType::Void
                        || p.pointee == CType::Void
                        || self.is_null_const(&p)
                        || super::target::same_representation(&p.pointee, pointee, self.model)
                    {
                        let pointee = if **pointee == CType::Void {
                            p.pointee.clone()
                        } else {
                            (**pointee).clone()
                        };
                        Ok(Val::Ptr(PtrVal { pointee, ..p }))
                    } else if let Some(v) = self.byte_view(&p, pointee, at)? {
                        Ok(Val::Ptr(v))
                    } else if let Some(v) = self.first_member_view(&p, pointee, at)? {
                        Ok(Val::Ptr(v))
                    } else if let Some(v) = self.container_view(&p, pointee, at)? {
                        Ok(Val::Ptr(v))
                    } else if matches!(
                        (&p.pointee, &**pointee),
                        (CType::Struct(_), CType::Struct(_))
                    ) {
                        unsup(
                            "a cast between pointers to different struct types (other than to or from the first member)",
                            at,
                        )
                    } else {
                        unsup("a cast between pointer types", at)
                    }
                }
                Val::Int(t, _) if self.terms.as_bv_const(t).is_some_and(|(x, _)| x == 0) => {
                    Ok(Val::Ptr(self.null(pointee)))
                }
                _ => unsup("an integer converted to a pointer", at),
            },
            CType::Struct(_) => match v {
                Val::Agg(lv) if lv.ty == *to => Ok(Val::Agg(lv)),
                _ => unsup("a conversion to a struct type", at),
            },
            CType::Float(k) => {
                let f = self.float_format(*k, at)?;
                Ok(Val::Float(self.float_of(v, f, at)?, f))
            }
            CType::Opaque(what) => unsup(*what, at),
            CType::Array(..) | CType::Function { .. } => {
                unsup("a conversion to an array or function type", at)
            }
        }
    }

    /// Whether `p` is the null pointer, known without looking at the state.
    pub fn is_null_const(&self, p: &PtrVal) -> bool {
        self.terms.as_bv_const(p.base).is_some_and(|(b, _)| b == 0)
    }

    /// `p != NULL`.
    pub fn is_not_null(&self, p: &PtrVal) -> Term {
        self.terms
            .neq(p.base, self.terms.bv_const(0, super::memory::BASE_BITS))
    }

    pub fn null(&self, pointee: &CType) -> PtrVal {
        PtrVal {
            base: self.terms.bv_const(0, super::memory::BASE_BITS),
            offset: self.terms.bv_const(0, self.model.pointer_width()),
            pointee: pointee.clone(),
        }
    }

    // ---------------------------------------------------------------- rvalues

    pub fn cond(&mut self, e: &Node<Expression>) -> R<Term> {
        let v = self.rvalue(e)?;
        self.truth(&v, e.span.start)
    }

    pub fn int_value(&mut self, e: &Node<Expression>) -> R<(Term, IntKind)> {
        let v = self.rvalue(e)?;
        self.integer(v, e.span.start)
    }

    /// The value of an lvalue in an rvalue context (arrays decay to pointers).
    pub fn load(&mut self, lv: LVal, at: usize) -> R<Val> {
        match &lv.ty {
            CType::Int(k) => {
                let k = *k;
                let v = self.read_int(&lv, at)?;
                self.promote_bitfield(&lv, v, k, at)
            }
            CType::Array(..) => Ok(Val::Ptr(self.decay(&lv, at)?)),
            CType::Struct(_) => Ok(Val::Agg(lv)),
            CType::Pointer(p) => {
                let p = (**p).clone();
                Ok(Val::Ptr(self.read_ptr_leaf(&lv, &p, at)?))
            }
            CType::Float(k) => {
                let f = self.float_format(*k, at)?;
                Ok(Val::Float(self.read_int(&lv, at)?, f))
            }
            CType::Opaque(what) => unsup(*what, at),
            CType::Void | CType::Function { .. } => unsup("a value of void or function type", at),
        }
    }

    pub fn rvalue(&mut self, e: &Node<Expression>) -> R<Val> {
        let at = e.span.start;
        match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some(Binding::Object(o)) => {
                    let lv = self.whole(o);
                    self.load(lv, at)
                }
                Some(Binding::Pointer(p)) => Ok(Val::Ptr(self.read_ptr(p, at)?)),
                Some(Binding::Const(v)) => Ok(Val::Int(self.bv(v, IntKind::Int), IntKind::Int)),
                // C11 6.3.2.1:4: a function designator used as a value is its address.
                Some(Binding::Function(f)) => Ok(Val::Ptr(self.function_address(&f, at)?)),
                None => super::ill_formed(
                    format!("use of undeclared identifier `{}`", id.node.name),
                    at,
                ),
            },
            Expression::Constant(c) => self.constant(c),
            Expression::StringLiteral(s) => {
                let lv = self.string_object(&s.node, at)?;
                Ok(Val::Ptr(self.decay(&lv, at)?))
            }
            Expression::Member(_) => {
                let place = self.lvalue(e)?;
                self.read_place(&place, at)
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                // `*fp` designates the function, which as a value is `fp` again (C11
                // 6.5.3.2:4, 6.3.2.1:4): `(*fp)(x)`, `**fp`.
                let p = self.pointer_value(&u.node.operand)?;
                if let CType::Function { .. } = p.pointee {
                    return Ok(Val::Ptr(p));
                }
                let place = self.deref_place(&p, at)?;
                self.read_place(&place, at)
            }
            Expression::BinaryOperator(_) | Expression::UnaryOperator(_)
                if self.is_lvalue_expr(e) =>
            {
                let place = self.lvalue(e)?;
                self.read_place(&place, at)
            }
            Expression::BinaryOperator(b) => self.binary(b, at),
            Expression::UnaryOperator(u) => self.unary(u, at),
            Expression::Call(c) => self.call(c, at),
            Expression::Cast(c) => {
                let to = self.type_name(&c.node.type_name)?;
                let v = self.rvalue_for(&c.node.expression, &to)?;
                self.convert(v, &to, at)
            }
            Expression::SizeOfTy(s) => {
                let t = self.type_name(&s.node.0)?;
                self.size_value(&t, at)
            }
            Expression::SizeOfVal(s) => {
                let t = self.type_of(&s.node.0)?;
                self.size_value(&t, at)
            }
            Expression::AlignOf(a) => {
                let t = self.type_name(&a.node.0)?;
                let k = IntKind::size_t(self.model);
                // GNU `__alignof__` is the preferred alignment: on i386 8 for `double`
                // and `long long` (and arrays of them) where C11 `_Alignof` is their
                // ABI alignment, 4 (the dialect rewrote both to one form: the user's
                // text tells them apart).
                let gnu = self
                    .src
                    .text
                    .get(self.parsed.original(at)..)
                    .is_some_and(|s| s.starts_with("__alignof"));
                let mut elem = &t;
                while let CType::Array(e, _) = elem {
                    elem = e;
                }
                let prefers_8 = matches!(
                    elem,
                    CType::Float(crate::types::FloatKind::Double)
                        | CType::Int(IntKind::LongLong | IntKind::ULongLong)
                );
                let align = if gnu && prefers_8 && self.model == crate::DataModel::Ilp32 {
                    Some(8)
                } else {
                    self.layout().align(&t)
                };
                match align {
                    Some(n) => Ok(Val::Int(self.bv(n as i128, k), k)),
                    None => unsup("_Alignof of an incomplete type", at),
                }
            }
            Expression::Conditional(c) => self.conditional(c, at),
            Expression::Comma(list) => {
                let mut last = Val::Void;
                for x in list.iter() {
                    last = self.rvalue(x)?;
                }
                Ok(last)
            }
            Expression::Statement(s) => self.statement_expression(s),
            Expression::GenericSelection(_) => unsup("_Generic", at),
            Expression::CompoundLiteral(c) => {
                let lv = self.compound_literal(c, at)?;
                self.load(lv, at)
            }
            Expression::OffsetOf(o) => {
                let k = IntKind::size_t(self.model);
                let n = self.offset_of(o, at)?;
                Ok(Val::Int(self.bv(n as i128, k), k))
            }
            Expression::VaArg(_) => unsup("va_arg", at),
        }
    }

    fn size_value(&mut self, t: &CType, at: usize) -> R<Val> {
        let k = IntKind::size_t(self.model);
        match self.layout().size(t) {
            Some(n) => Ok(Val::Int(self.bv(n as i128, k), k)),
            None if matches!(t, CType::Struct(id) if self.structs[id.0].layout_unknown) => unsup(
                "sizeof of a struct laid out in a way Boulder does not follow (#pragma pack, \
                 an anonymous member, a layout attribute)",
                at,
            ),
            None => unsup("sizeof of an incomplete type", at),
        }
    }

    fn statement_expression(&mut self, s: &Node<lang_c::ast::Statement>) -> R<Val> {
        let lang_c::ast::Statement::Compound(items) = &s.node else {
            return unsup("a statement expression", s.span.start);
        };
        self.push_scope();
        let mut result = Val::Void;
        for (i, item) in items.iter().enumerate() {
            let last = i + 1 == items.len();
            match &item.node {
                lang_c::ast::BlockItem::Statement(st) if last => {
                    if let lang_c::ast::Statement::Expression(Some(e)) = &st.node {
                        result = self.rvalue(e)?;
                    } else {
                        self.statement(st)?;
                    }
                }
                _ => self.block_item(item)?,
            }
        }
        self.pop_scope();
        Ok(result)
    }

    /// Whether the expression designates an object (is translated through `lvalue`).
    pub fn is_lvalue_expr(&self, e: &Node<Expression>) -> bool {
        use lang_c::ast::BinaryOperator as B;
        match &e.node {
            Expression::Member(_) => true,
            Expression::BinaryOperator(b) => b.node.operator.node == B::Index,
            Expression::UnaryOperator(u) => u.node.operator.node == UnaryOperator::Indirection,
            _ => false,
        }
    }
}

impl<'a> Translator<'a> {
    /// `offsetof(type, member designator)`, from the layout (C11 7.19:3).
    pub fn offset_of(&mut self, o: &Node<lang_c::ast::OffsetOfExpression>, at: usize) -> R<u64> {
        use lang_c::ast::OffsetMember;
        let mut ty = self.type_name(&o.node.type_name)?;
        let mut offset = 0u64;
        let step = |s: &mut Self, ty: &CType, name: &str| -> R<(u64, CType)> {
            let CType::Struct(id) = ty else {
                return unsup("offsetof of a member of a non-struct", at);
            };
            // Through the anonymous members it lies in (C11 6.7.2.1:13).
            let path = crate::types::member_path(&s.structs, *id, name).unwrap_or_default();
            let (mut offset, mut ty) = (0u64, ty.clone());
            for n in path
                .iter()
                .map(String::as_str)
                .chain(path.is_empty().then_some(name))
            {
                let CType::Struct(id) = ty else {
                    return unsup("offsetof of a member of a non-struct", at);
                };
                match s.layout().field_offset(id, n) {
                    Some((o, t)) => {
                        offset += o;
                        ty = t;
                    }
                    None => return unsup(format!("offsetof `{name}` (layout unknown)"), at),
                }
            }
            Ok((offset, ty))
        };
        let (o0, t0) = step(self, &ty, &o.node.designator.node.base.node.name)?;
        offset += o0;
        ty = t0;
        for m in &o.node.designator.node.members {
            match &m.node {
                OffsetMember::Member(id) => {
                    let (off, t) = step(self, &ty, &id.node.name)?;
                    offset += off;
                    ty = t;
                }
                OffsetMember::Index(e) => {
                    let CType::Array(elem, _) = ty else {
                        return unsup("offsetof indexing a non-array", at);
                    };
                    let i = self.const_int(e)?;
                    let size = self.layout().size(&elem).ok_or_else(|| {
                        super::Unsup::new("offsetof into an array of incomplete type", at)
                    })?;
                    offset = offset.wrapping_add((i as u64).wrapping_mul(size));
                    ty = *elem;
                }
                OffsetMember::IndirectMember(_) => return unsup("offsetof with `->`", at),
            }
        }
        Ok(offset)
    }

    /// `(T){ … }`: an unnamed object, initialised, living in the enclosing block.
    pub fn compound_literal(
        &mut self,
        c: &Node<lang_c::ast::CompoundLiteral>,
        at: usize,
    ) -> R<super::LVal> {
        let mut ty = self.type_name(&c.node.type_name)?;
        let init = Node::new(
            lang_c::ast::Initializer::List(c.node.initializer_list.clone()),
            c.span,
        );
        if let CType::Array(e, None) = &ty {
            ty = CType::Array(e.clone(), Some(c.node.initializer_list.len() as u64));
        }
        let name = format!("literal.{at}");
        let b = self.bind_local(&name, &ty, at)?;
        let super::Binding::Object(o) = b else {
            return unsup("a compound literal of pointer type", at);
        };
        self.initialize(&b, &ty, Some(&init), at)?;
        Ok(self.whole(o))
    }
}
