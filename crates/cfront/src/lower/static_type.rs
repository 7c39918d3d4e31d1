//! The static type of an expression, without translating it (C11 6.5: the type each
//! operator gives its result), for `sizeof`, `typeof`, conversions and the choice of an
//! operation's width.

use super::literal::string_bytes;
use super::value::Val;
use super::{unsup, Binding, Translator, R};
use crate::types::{CType, FloatKind, IntKind};
use lang_c::ast::{Constant, Expression, UnaryOperator};
use lang_c::span::Node;

impl Translator<'_> {
    /// The type of an expression, without translating it.
    pub fn type_of(&mut self, e: &Node<Expression>) -> R<CType> {
        use lang_c::ast::BinaryOperator as B;
        let at = e.span.start;
        Ok(match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some(Binding::Object(o)) => self.objects[o.0].ty.clone(),
                Some(Binding::Pointer(p)) => {
                    CType::Pointer(Box::new(self.ptrs[p.0].pointee.clone()))
                }
                Some(Binding::Const(_)) => CType::int(),
                Some(Binding::Function(f)) => self.fn_sigs.get(&f).cloned().unwrap_or(CType::int()),
                None => {
                    return super::ill_formed(
                        format!("use of undeclared identifier `{}`", id.node.name),
                        at,
                    )
                }
            },
            Expression::Constant(c) => match &c.node {
                Constant::Integer(_) => match self.probe(|t| t.constant(c)) {
                    Some(Ok(Val::Int(_, k))) => CType::Int(k),
                    _ => CType::int(),
                },
                Constant::Character(_) => CType::int(),
                Constant::Float(f) => CType::Float(match f.suffix.format {
                    lang_c::ast::FloatFormat::Float => FloatKind::Float,
                    lang_c::ast::FloatFormat::Double => FloatKind::Double,
                    _ => FloatKind::LongDouble,
                }),
            },
            Expression::StringLiteral(s) => {
                let n = string_bytes(&s.node).map_or(1, |b| b.len() as u64);
                CType::Array(Box::new(CType::Int(IntKind::Char)), Some(n))
            }
            Expression::Member(m) => {
                let base = self.type_of(&m.node.expression)?;
                let st = match (&m.node.operator.node, base) {
                    (lang_c::ast::MemberOperator::Direct, t) => t,
                    (_, CType::Pointer(t)) => *t,
                    _ => return unsup("`->` on a non-pointer", at),
                };
                let CType::Struct(id) = st else {
                    return super::ill_formed(
                        "member reference base type is not a structure or union",
                        at,
                    );
                };
                let name = &m.node.identifier.node.name;
                let Some(f) = crate::types::member(&self.structs, id, name) else {
                    return super::ill_formed(format!("no member named `{name}`"), at);
                };
                match (f.bits, &f.ty) {
                    // A bit-field's value has its promoted type (`bitfield.rs`).
                    (Some(w), CType::Int(k)) => {
                        CType::Int(super::bitfield::value_kind(*k, w, self.model).unwrap_or(*k))
                    }
                    _ => f.ty.clone(),
                }
            }
            Expression::Call(c) => self.call_type(c)?,
            Expression::SizeOfTy(_)
            | Expression::SizeOfVal(_)
            | Expression::AlignOf(_)
            | Expression::OffsetOf(_) => CType::Int(IntKind::size_t(self.model)),
            Expression::CompoundLiteral(c) => self.type_name(&c.node.type_name)?,
            Expression::UnaryOperator(u) => {
                let t = self.type_of(&u.node.operand)?;
                match u.node.operator.node {
                    UnaryOperator::Address => CType::Pointer(Box::new(t)),
                    UnaryOperator::Indirection => match t {
                        CType::Pointer(p) => *p,
                        CType::Array(e, _) => *e,
                        // `**fp`: the function designator decays first (C11 6.3.2.1:4).
                        f @ CType::Function { .. } => f,
                        _ => return unsup("`*` on a non-pointer", at),
                    },
                    UnaryOperator::Negate => CType::int(),
                    UnaryOperator::Plus | UnaryOperator::Minus | UnaryOperator::Complement => {
                        match t {
                            CType::Int(k) => CType::Int(k.promote()),
                            t => t,
                        }
                    }
                    _ => t,
                }
            }
            Expression::Cast(c) => self.type_name(&c.node.type_name)?,
            Expression::BinaryOperator(b) => {
                let op = &b.node.operator.node;
                match op {
                    B::Index => match self.type_of(&b.node.lhs)? {
                        CType::Pointer(p) => *p,
                        CType::Array(e, _) => *e,
                        _ => match self.type_of(&b.node.rhs)? {
                            CType::Pointer(p) => *p,
                            CType::Array(e, _) => *e,
                            _ => return unsup("indexing a non-array", at),
                        },
                    },
                    B::Less
                    | B::Greater
                    | B::LessOrEqual
                    | B::GreaterOrEqual
                    | B::Equals
                    | B::NotEquals
                    | B::LogicalAnd
                    | B::LogicalOr => CType::int(),
                    B::Assign
                    | B::AssignMultiply
                    | B::AssignDivide
                    | B::AssignModulo
                    | B::AssignPlus
                    | B::AssignMinus
                    | B::AssignShiftLeft
                    | B::AssignShiftRight
                    | B::AssignBitwiseAnd
                    | B::AssignBitwiseXor
                    | B::AssignBitwiseOr => self.type_of(&b.node.lhs)?,
                    B::ShiftLeft | B::ShiftRight => match self.type_of(&b.node.lhs)? {
                        CType::Int(k) => CType::Int(k.promote()),
                        t => t,
                    },
                    _ => {
                        let l = self.type_of(&b.node.lhs)?;
                        let r = self.type_of(&b.node.rhs)?;
                        match (l, r) {
                            (CType::Int(a), CType::Int(b)) => {
                                CType::Int(crate::types::usual_arithmetic(a, b, self.model))
                            }
                            (CType::Float(a), CType::Float(b)) => CType::Float(a.max(b)),
                            (f @ CType::Float(_), CType::Int(_))
                            | (CType::Int(_), f @ CType::Float(_)) => f,
                            (
                                CType::Pointer(_) | CType::Array(..),
                                CType::Pointer(_) | CType::Array(..),
                            ) if *op == B::Minus => CType::Int(IntKind::ptrdiff_t(self.model)),
                            (CType::Pointer(p), _) | (_, CType::Pointer(p)) => CType::Pointer(p),
                            (CType::Array(e, _), _) | (_, CType::Array(e, _)) => CType::Pointer(e),
                            (l, _) => l,
                        }
                    }
                }
            }
            Expression::Conditional(c) => {
                let a = if super::arith::is_elvis(&c.node.then_expression) {
                    self.type_of(&c.node.condition)?
                } else {
                    self.type_of(&c.node.then_expression)?
                };
                let a = super::arith::decay_function(a);
                let b = super::arith::decay_function(self.type_of(&c.node.else_expression)?);
                match (a, b) {
                    (CType::Int(x), CType::Int(y)) => {
                        CType::Int(crate::types::usual_arithmetic(x, y, self.model))
                    }
                    (CType::Float(a), CType::Float(b)) => CType::Float(a.max(b)),
                    (f @ CType::Float(_), CType::Int(_)) | (CType::Int(_), f @ CType::Float(_)) => {
                        f
                    }
                    (CType::Void, _) | (_, CType::Void) => CType::Void,
                    // `c ? 0 : p`: the pointer's type, as `conditional` gives it.
                    (CType::Int(_), b @ CType::Pointer(_)) => b,
                    (a @ CType::Pointer(_), b @ CType::Pointer(_)) => {
                        self.pointer_conditional_type(&a, &b, c)
                    }
                    (a, _) => a,
                }
            }
            Expression::Comma(list) => match list.last() {
                Some(x) => self.type_of(x)?,
                None => CType::Void,
            },
            _ => return unsup("the type of this expression", at),
        })
    }
}
