//! Lvalues and everything that writes: assignment, compound assignment, `++`/`--`.

use super::object::Place;
use super::value::Val;
use super::{unsup, Binding, LVal, Translator, R};
use crate::types::{CType, IntKind};
use lang_c::ast::{BinaryOperator as B, Expression, MemberOperator, UnaryOperator};
use lang_c::span::Node;

/// What the operand of `&` designates (C11 6.5.3.2:3).
pub(crate) enum Designated {
    Object(Place),
    /// A function: the operand is a function designator (`f`, `*fp`), its address.
    Function(super::PtrVal),
}

impl<'a> Translator<'a> {
    /// The operand of `&`: an object, or a function (`&f`, `&*fp`).
    pub fn designated(&mut self, e: &Node<Expression>) -> R<Designated> {
        let at = e.span.start;
        match &e.node {
            Expression::Identifier(id) => {
                if let Some(Binding::Function(f)) = self.lookup(&id.node.name) {
                    return Ok(Designated::Function(self.function_address(&f, at)?));
                }
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                // `&*p` is `p` (C11 6.5.3.2:3), also for a pointer to a function.
                let p = self.pointer_value(&u.node.operand)?;
                if let CType::Function { .. } = p.pointee {
                    return Ok(Designated::Function(p));
                }
                return Ok(Designated::Object(self.deref_place(&p, at)?));
            }
            _ => {}
        }
        let place = self.lvalue(e)?;
        if self.is_bitfield_place(&place) {
            return unsup(
                "the address of a bit-field (a constraint violation, C11 6.5.3.2:1)",
                at,
            );
        }
        if in_union_word(&place) {
            return unsup(
                "the address of a member of a union with several members",
                at,
            );
        }
        Ok(Designated::Object(place))
    }

    /// What an lvalue expression designates.
    pub fn lvalue(&mut self, e: &Node<Expression>) -> R<Place> {
        let at = e.span.start;
        match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some(Binding::Object(o)) => Ok(Place::Mem(self.whole(o))),
                Some(Binding::Pointer(p)) => Ok(Place::Ptr(p)),
                Some(_) => unsup(format!("`{}` is not an lvalue", id.node.name), at),
                None => super::ill_formed(
                    format!("use of undeclared identifier `{}`", id.node.name),
                    at,
                ),
            },
            Expression::Member(m) => {
                let base = match m.node.operator.node {
                    MemberOperator::Direct => self.lvalue(&m.node.expression)?,
                    MemberOperator::Indirect => {
                        let p = self.pointer_value(&m.node.expression)?;
                        self.deref_place(&p, at)?
                    }
                };
                let name = &m.node.identifier.node.name;
                match base {
                    Place::Mem(lv) => Ok(Place::Mem(self.field(&lv, name, at)?)),
                    Place::Ptr(_) => unsup("member access on a pointer", at),
                    Place::Dyn(alts) => {
                        let cases = self.per_case(&alts, |s, lv| s.field(lv, name, at))?;
                        Ok(Place::Dyn(cases))
                    }
                }
            }
            Expression::BinaryOperator(b) if b.node.operator.node == B::Index => {
                let (arr, idx) = match self.type_of(&b.node.lhs)? {
                    CType::Int(_) => (&b.node.rhs, &b.node.lhs),
                    _ => (&b.node.lhs, &b.node.rhs),
                };
                if let CType::Array(..) = self.type_of(arr)? {
                    match self.lvalue(arr)? {
                        Place::Mem(lv) => {
                            let (i, k) = self.int_value(idx)?;
                            return Ok(Place::Mem(self.index(&lv, i, k, at)?));
                        }
                        Place::Dyn(alts) => {
                            let (i, k) = self.int_value(idx)?;
                            let cases = self.per_case(&alts, |s, lv| s.index(lv, i, k, at))?;
                            return Ok(Place::Dyn(cases));
                        }
                        Place::Ptr(_) => {}
                    }
                }
                let p = self.pointer_value(arr)?;
                let (i, k) = self.int_value(idx)?;
                let Val::Ptr(q) = self.pointer_offset(p, i, k, false, at)? else {
                    unreachable!("pointer arithmetic gives a pointer")
                };
                self.deref_place(&q, at)
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                let p = self.pointer_value(&u.node.operand)?;
                self.deref_place(&p, at)
            }
            Expression::CompoundLiteral(c) => Ok(Place::Mem(self.compound_literal(c, at)?)),
            _ => unsup("an expression that is not an lvalue", at),
        }
    }

    /// The value of an expression that must be a pointer (arrays decay).
    pub fn pointer_value(&mut self, e: &Node<Expression>) -> R<super::PtrVal> {
        match self.rvalue(e)? {
            Val::Ptr(p) => Ok(p),
            _ => unsup("dereferencing a value that is not a pointer", e.span.start),
        }
    }

    /// The declared type of what a place holds.
    pub fn place_type(&self, p: &Place) -> CType {
        match p {
            Place::Mem(lv) => lv.ty.clone(),
            Place::Ptr(id) => CType::Pointer(Box::new(self.ptrs[id.0].pointee.clone())),
            Place::Dyn(alts) => alts[0].1.ty.clone(),
        }
    }

    /// Stores `v` (already converted to the place's type) into the place.
    pub fn store_place(&mut self, place: &Place, v: Val, at: usize) -> R<()> {
        match (place, v) {
            (Place::Ptr(p), Val::Ptr(pv)) => self.write_ptr(*p, &pv, at),
            (Place::Mem(lv), Val::Int(t, _) | Val::Float(t, _)) => self.write_int(lv, t, at),
            (Place::Mem(lv), Val::Agg(src)) => self.copy_aggregate(lv, &src, at),
            (Place::Mem(lv), Val::Ptr(p)) if matches!(lv.ty, CType::Pointer(_)) => {
                self.write_ptr_leaf(lv, &p, at)
            }
            (Place::Dyn(alts), v) => {
                self.per_case(alts, |s, lv| {
                    s.store_place(&Place::Mem(lv.clone()), v.clone(), at)
                })?;
                Ok(())
            }
            _ => unsup("an assignment of incompatible types", at),
        }
    }

    /// `dst = src` for structs: leaf by leaf, element by element where arrays lie inside
    /// (whole arrays at once where both sides are whole objects).
    pub fn copy_aggregate(&mut self, dst: &LVal, src: &LVal, at: usize) -> R<()> {
        use super::object::Storage;
        if dst.ty != src.ty {
            return unsup("an assignment between different struct types", at);
        }
        if self.copy_slice(dst, src, at)?.is_some() {
            return Ok(());
        }
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        let dleaves = self.leaves_under(dst);
        let sleaves = self.leaves_under(src);
        for (dl, sl) in dleaves.iter().zip(sleaves.iter()) {
            let rel = &dl.path[dst.path.len()..];
            // Elements of this leaf within one object of the copied type.
            let inner: u64 = remaining_dims(&dst.ty, rel, &self.structs).iter().product();
            // The leaf's variables (a pointer has two), each a scalar or an array.
            let parts = |s: &Storage| match s {
                Storage::Scalar(v) => Some(vec![(*v, false)]),
                Storage::Array(a) => Some(vec![(*a, true)]),
                Storage::Ptr { base, off, array } => Some(vec![(*base, *array), (*off, *array)]),
                Storage::Opaque(_) => None,
            };
            let (Some(dparts), Some(sparts)) = (parts(&dl.store), parts(&sl.store)) else {
                let why = match (&dl.store, &sl.store) {
                    (Storage::Opaque(why), _) | (_, Storage::Opaque(why)) => why.clone(),
                    _ => unreachable!("only opaque leaves have no parts"),
                };
                return unsup(why, at);
            };
            let base = |lv: &LVal| {
                lv.index.as_ref().map_or(t.bv_const(0, w), |(i, _)| {
                    t.bvmul(*i, t.bv_const(inner as u128, w))
                })
            };
            let (db, sb) = (base(dst), base(src));
            for ((d, d_array), (s, s_array)) in dparts.into_iter().zip(sparts) {
                if d_array && s_array && dst.index.is_none() && src.index.is_none() {
                    self.emit_store(d, s);
                    continue;
                }
                if inner > 256 {
                    return unsup("copying a large array inside a struct", at);
                }
                let read = |j: u64| {
                    if s_array {
                        t.select(s, t.bvadd(sb, t.bv_const(j as u128, w)))
                    } else {
                        s
                    }
                };
                if d_array {
                    let mut arr = d;
                    for j in 0..inner {
                        arr = t.store(arr, t.bvadd(db, t.bv_const(j as u128, w)), read(j));
                    }
                    self.emit_store(d, arr);
                } else {
                    self.emit_store(d, read(0));
                }
            }
        }
        Ok(())
    }

    pub fn assign_expr(
        &mut self,
        lhs: &Node<Expression>,
        rhs: &Node<Expression>,
        at: usize,
    ) -> R<Val> {
        let place = self.lvalue(lhs)?;
        let ty = self.place_type(&place);
        let v = self.rvalue_for(rhs, &ty)?;
        let v = self.convert(v, &ty, at)?;
        if !(matches!(rhs.node, Expression::Call(_)) && self.result_into(&place, &v)) {
            self.store_place(&place, v.clone(), at)?;
        }
        Ok(self.reread(&place, v, at))
    }

    /// `x = f(…)` with `x` a scalar variable and the value `f`'s result as it is: the call
    /// just emitted gives its result to `x` itself instead of to a temporary that is then
    /// copied (the flat CFA stays as small as when calls were inlined by the front end,
    /// whose formulas the engines were measured on). Whether it did.
    fn result_into(&mut self, place: &Place, v: &Val) -> bool {
        let (Place::Mem(lv), Val::Int(tmp, _) | Val::Float(tmp, _)) = (place, v) else {
            return false;
        };
        if lv.index.is_some()
            || lv.byte.is_some()
            || lv.slice.is_some()
            || !self.mem.guard.is_empty()
        {
            return false;
        }
        let Ok(leaf) = self.leaf(lv, 0) else {
            return false;
        };
        let super::object::Storage::Scalar(x) = leaf.store else {
            return false;
        };
        let Some((_, from, to, _)) = self.call_sites.last().copied() else {
            return false;
        };
        if self.cur != Some(to) || self.terms.sort(x) != self.terms.sort(*tmp) {
            return false;
        }
        let Some(e) = self.cfa.in_edges(to).first().copied() else {
            return false;
        };
        let stmt = self.cfa.edge(e).stmt;
        let cfa::Stmt::Call(call) = self.stmts.get(stmt) else {
            return false;
        };
        if self.cfa.edge(e).src != from || call.results.len() != 1 || call.results[0].0 != *tmp {
            return false;
        }
        let call = cfa::Call {
            callee: call.callee.clone(),
            args: call.args.clone(),
            results: Box::new([(x, call.results[0].1)]),
        };
        let s = self.stmts.call(call, self.stmts.origin(stmt));
        self.cfa.remove_edge(e);
        self.cfa.add_edge(from, to, s);
        true
    }

    /// The value of an assignment expression: the stored value, re-read for arrays so that
    /// a later use sees the variable, not a stale term.
    fn reread(&mut self, place: &Place, stored: Val, at: usize) -> Val {
        match (place, &stored) {
            // A bit-field's value is the truncated one, in its promoted type.
            (Place::Mem(lv), Val::Int(..) | Val::Float(..)) => {
                self.load(lv.clone(), at).unwrap_or(stored)
            }
            (Place::Ptr(p), Val::Ptr(_)) => self.read_ptr(*p, at).map(Val::Ptr).unwrap_or(stored),
            (Place::Mem(lv), Val::Ptr(_)) => self.load(lv.clone(), at).unwrap_or(stored),
            (Place::Dyn(_), Val::Int(..) | Val::Float(..) | Val::Ptr(_)) => {
                self.read_place(place, at).unwrap_or(stored)
            }
            _ => stored,
        }
    }

    pub fn compound_assign(
        &mut self,
        op: B,
        lhs: &Node<Expression>,
        rhs: &Node<Expression>,
        at: usize,
    ) -> R<Val> {
        let place = self.lvalue(lhs)?;
        let ty = self.place_type(&place);
        let old = self.read_place(&place, at)?;
        let r = self.rvalue(rhs)?;
        let result = self.apply_binary(op, old, r, at)?;
        let v = self.convert(result, &ty, at)?;
        self.store_place(&place, v.clone(), at)?;
        Ok(self.reread(&place, v, at))
    }

    pub fn read_place(&mut self, place: &Place, at: usize) -> R<Val> {
        match place {
            Place::Mem(lv) => self.load(lv.clone(), at),
            Place::Ptr(p) => Ok(Val::Ptr(self.read_ptr(*p, at)?)),
            Place::Dyn(alts) => self.read_dyn(alts, at),
        }
    }

    /// `++x`, `x++`, `--x`, `x--`: computed in the promoted type (so `char` never
    /// overflows; `int` does, for `no-overflow`), then converted back.
    pub fn increment(&mut self, e: &Node<Expression>, up: bool, post: bool, at: usize) -> R<Val> {
        let place = self.lvalue(e)?;
        let ty = self.place_type(&place);
        let old = self.read_place(&place, at)?;
        let one = Val::Int(self.bv(1, IntKind::Int), IntKind::Int);
        let op = if up { B::Plus } else { B::Minus };
        let new = self.apply_binary(op, old.clone(), one, at)?;
        let new = self.convert(new, &ty, at)?;
        let old = if post {
            // Keep the old value in a temporary: the variable changes next.
            match old {
                Val::Int(t, k) => {
                    let tmp = self.temp(logic::Sort::Bv(k.width(self.model)));
                    self.emit_assign(tmp, t);
                    Val::Int(tmp, k)
                }
                Val::Float(t, f) => {
                    let tmp = self.temp(logic::Sort::Bv(f.width()));
                    self.emit_assign(tmp, t);
                    Val::Float(tmp, f)
                }
                Val::Ptr(p) => {
                    let tmp = self.temp(self.index_sort());
                    self.emit_assign(tmp, p.offset);
                    let base = if self.terms.as_bv_const(p.base).is_some() {
                        p.base
                    } else {
                        let b = self.temp(logic::Sort::Bv(super::memory::BASE_BITS));
                        self.emit_assign(b, p.base);
                        b
                    };
                    Val::Ptr(super::PtrVal {
                        offset: tmp,
                        base,
                        ..p
                    })
                }
                other => other,
            }
        } else {
            old
        };
        self.store_place(&place, new.clone(), at)?;
        Ok(if post {
            old
        } else {
            self.reread(&place, new, at)
        })
    }
}

/// Whether a place lies inside a union's word (`union.rs`): it has no address of its own.
pub(crate) fn in_union_word(place: &Place) -> bool {
    match place {
        Place::Mem(lv) => lv.slice.is_some(),
        Place::Dyn(alts) => alts.iter().any(|(_, lv)| lv.slice.is_some()),
        Place::Ptr(_) => false,
    }
}

/// The array dimensions of `ty` along `path` (below the current position).
fn remaining_dims(ty: &CType, path: &[String], structs: &[crate::types::StructDef]) -> Vec<u64> {
    let mut dims = Vec::new();
    let mut t = ty.clone();
    let mut path = path.iter();
    loop {
        match t {
            CType::Array(e, Some(n)) => {
                dims.push(n);
                t = *e;
            }
            CType::Struct(id) => {
                let Some(f) = path.next() else { break };
                match structs[id.0].field(f) {
                    Some(field) => t = field.ty.clone(),
                    None => break,
                }
            }
            _ => break,
        }
    }
    dims
}
