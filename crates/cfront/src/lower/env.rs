//! Scopes, bindings and C types from declaration specifiers and declarators.

use super::{unsup, ObjId, PtrVarId, Translator, R};
use crate::types::{CType, Field, FloatKind, IntKind, StructDef, StructId};
use lang_c::ast::{
    ArraySize, DeclarationSpecifier, Declarator, DeclaratorKind, DerivedDeclarator, Enumerator,
    Expression, SpecifierQualifier, StructDeclaration, StructKind, StructType, TypeName,
    TypeSpecifier,
};
use lang_c::span::Node;
use rustc_hash::FxHashMap;

/// What a name stands for.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    /// A variable other than a pointer (integer, array, struct).
    Object(ObjId),
    /// A pointer variable.
    Pointer(PtrVarId),
    /// An enumeration constant.
    Const(i128),
    /// A function.
    Function(String),
}

#[derive(Clone, Default, Debug)]
pub(crate) struct Scope {
    pub vars: FxHashMap<String, Binding>,
    pub typedefs: FxHashMap<String, CType>,
    /// `struct`/`union`/`enum` tags.
    pub tags: FxHashMap<String, CType>,
}

/// What declaration specifiers say besides the type.
#[derive(Default, Debug, Clone, Copy)]
pub(crate) struct Storage {
    pub typedef: bool,
    pub is_static: bool,
    pub is_extern: bool,
}

impl<'a> Translator<'a> {
    fn scopes(&self) -> impl Iterator<Item = &Scope> {
        let frame: Vec<&Scope> = self
            .frames
            .last()
            .map(|f| f.scopes.iter().rev().collect())
            .unwrap_or_default();
        frame.into_iter().chain(std::iter::once(&self.global))
    }

    pub fn innermost(&mut self) -> &mut Scope {
        match self.frames.last_mut() {
            Some(f) => f.scopes.last_mut().expect("a scope"),
            None => &mut self.global,
        }
    }

    pub fn lookup(&mut self, name: &str) -> Option<Binding> {
        if let Some(b) = self.scopes().find_map(|s| s.vars.get(name).cloned()) {
            return Some(b);
        }
        self.materialize_global(name)
    }

    fn lookup_typedef(&self, name: &str) -> Option<CType> {
        self.scopes().find_map(|s| s.typedefs.get(name).cloned())
    }

    fn lookup_tag(&self, name: &str) -> Option<CType> {
        self.scopes().find_map(|s| s.tags.get(name).cloned())
    }

    pub fn push_scope(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            f.scopes.push(Scope::default());
        }
    }

    pub fn pop_scope(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            f.scopes.pop();
        }
    }

    // ---------------------------------------------------------------- types

    /// The base type and storage class of declaration specifiers.
    pub fn specifiers(&mut self, specs: &[Node<DeclarationSpecifier>]) -> R<(CType, Storage)> {
        let mut storage = Storage::default();
        let mut types = Vec::new();
        for s in specs {
            match &s.node {
                DeclarationSpecifier::StorageClass(c) => {
                    use lang_c::ast::StorageClassSpecifier as S;
                    match c.node {
                        S::Typedef => storage.typedef = true,
                        S::Static => storage.is_static = true,
                        S::Extern => storage.is_extern = true,
                        S::ThreadLocal => return unsup("_Thread_local", s.span.start),
                        S::Auto | S::Register => {}
                    }
                }
                DeclarationSpecifier::TypeSpecifier(t) => types.push(t),
                _ => {}
            }
        }
        let at = specs.first().map_or(0, |s| s.span.start);
        let ty = self.type_specifiers(&types, at)?;
        // `struct S {…} __attribute__((packed))`: a type attribute (GCC); before the
        // struct keyword an attribute belongs to the declaration and GCC ignores it.
        if let CType::Struct(id) = &ty {
            let mut seen_struct = false;
            for s in specs {
                match &s.node {
                    DeclarationSpecifier::TypeSpecifier(t) if matches!(&t.node, TypeSpecifier::Struct(st) if st.node.declarations.is_some()) => {
                        seen_struct = true
                    }
                    DeclarationSpecifier::Extension(ext) if seen_struct => {
                        if let Some((packed, aligned)) = layout_attributes(ext) {
                            let def = &mut self.structs[id.0];
                            def.packed |= packed;
                            match aligned {
                                Some(0) => def.layout_unknown = true,
                                Some(n) => def.aligned = Some(n),
                                None => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Ok((ty, storage))
    }

    pub fn type_name(&mut self, tn: &Node<TypeName>) -> R<CType> {
        let types: Vec<&Node<TypeSpecifier>> = tn
            .node
            .specifiers
            .iter()
            .filter_map(|s| match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => Some(t),
                _ => None,
            })
            .collect();
        let base = self.type_specifiers(&types, tn.span.start)?;
        match &tn.node.declarator {
            Some(d) => self.declarator_type(base, &d.node, tn.span.start),
            None => Ok(base),
        }
    }

    fn type_specifiers(&mut self, types: &[&Node<TypeSpecifier>], at: usize) -> R<CType> {
        let (mut signed, mut unsigned, mut short, mut long, mut char_, mut int, mut bool_) =
            (false, false, false, 0, false, false, false);
        let mut other: Option<CType> = None;
        let mut floating: Option<FloatKind> = None;
        for t in types {
            match &t.node {
                TypeSpecifier::Void => other = Some(CType::Void),
                TypeSpecifier::Char => char_ = true,
                TypeSpecifier::Short => short = true,
                TypeSpecifier::Int => int = true,
                TypeSpecifier::Long => long += 1,
                TypeSpecifier::Float => floating = Some(FloatKind::Float),
                TypeSpecifier::Double => floating = Some(FloatKind::Double),
                // TS 18661-3 names: `_Float32` and `_Float64` are float and double on
                // x86; the wider ones (`_Float128`, `_Float64x`) are not modelled.
                TypeSpecifier::TS18661Float(ft) => {
                    use lang_c::ast::TS18661FloatFormat as F;
                    other = Some(match (&ft.format, ft.width) {
                        (F::BinaryInterchange, 32) => CType::Float(FloatKind::Float),
                        (F::BinaryInterchange, 64) | (F::BinaryExtended, 32) => {
                            CType::Float(FloatKind::Double)
                        }
                        _ => CType::Opaque("a floating type wider than double"),
                    })
                }
                TypeSpecifier::Signed => signed = true,
                TypeSpecifier::Unsigned => unsigned = true,
                TypeSpecifier::Bool => bool_ = true,
                TypeSpecifier::Complex => return unsup("complex numbers", t.span.start),
                // Single-threaded programs: an atomic object behaves as a plain one.
                TypeSpecifier::Atomic(tn) => other = Some(self.type_name(tn)?),
                TypeSpecifier::Struct(st) => other = Some(self.struct_type(st)?),
                TypeSpecifier::Enum(en) => {
                    let name = en.node.identifier.as_ref().map(|i| i.node.name.clone());
                    let ty = if en.node.enumerators.is_empty() {
                        // A reference to an enum declared before (or an incomplete one:
                        // gcc gives those unsigned int).
                        name.as_deref()
                            .and_then(|n| self.lookup_tag(n))
                            .unwrap_or(CType::Int(IntKind::UInt))
                    } else {
                        let ty = self.enumerators(&en.node.enumerators)?;
                        if let Some(n) = name {
                            self.innermost().tags.insert(n, ty.clone());
                        }
                        ty
                    };
                    other = Some(ty);
                }
                TypeSpecifier::TypedefName(id) => {
                    other = Some(self.lookup_typedef(&id.node.name).ok_or_else(|| {
                        super::Unsup::new(
                            format!("unknown type name `{}`", id.node.name),
                            t.span.start,
                        )
                    })?)
                }
                TypeSpecifier::TypeOf(to) => {
                    other = Some(match &to.node {
                        lang_c::ast::TypeOf::Type(tn) => self.type_name(tn)?,
                        lang_c::ast::TypeOf::Expression(e) => self.type_of(e)?,
                    })
                }
            }
        }
        if let Some(t) = other {
            return Ok(t);
        }
        if let Some(k) = floating {
            return Ok(CType::Float(match (k, long) {
                (FloatKind::Double, 1..) => FloatKind::LongDouble,
                (k, _) => k,
            }));
        }
        use IntKind::*;
        let kind = if bool_ {
            Bool
        } else if char_ {
            if unsigned {
                UChar
            } else if signed {
                SChar
            } else {
                Char
            }
        } else if short {
            if unsigned {
                UShort
            } else {
                Short
            }
        } else if long >= 2 {
            if unsigned {
                ULongLong
            } else {
                LongLong
            }
        } else if long == 1 {
            if unsigned {
                ULong
            } else {
                Long
            }
        } else if int || signed || unsigned {
            if unsigned {
                UInt
            } else {
                Int
            }
        } else {
            // Implicit int (old C).
            let _ = at;
            Int
        };
        Ok(CType::Int(kind))
    }

    fn struct_type(&mut self, st: &Node<StructType>) -> R<CType> {
        let union = st.node.kind.node == StructKind::Union;
        let tag = st.node.identifier.as_ref().map(|i| i.node.name.clone());
        let existing = tag.as_ref().and_then(|t| {
            // A definition opens a new tag in the innermost scope; a reference finds it.
            if st.node.declarations.is_some() {
                self.innermost().tags.get(t).cloned()
            } else {
                self.lookup_tag(t)
            }
        });
        let id = match existing {
            Some(CType::Struct(id)) => id,
            _ => {
                let id = StructId(self.structs.len());
                self.structs.push(StructDef {
                    name: tag.clone().unwrap_or_else(|| format!("anonymous{}", id.0)),
                    union,
                    packed: false,
                    aligned: None,
                    layout_unknown: false,
                    fields: None,
                });
                if let Some(t) = &tag {
                    self.innermost().tags.insert(t.clone(), CType::Struct(id));
                }
                id
            }
        };
        if let Some(decls) = &st.node.declarations {
            // `#pragma pack` changes the layout in ways Boulder does not follow.
            if self.src.pack_in_effect(st.span.start) {
                self.structs[id.0].layout_unknown = true;
            }
            let mut fields = Vec::new();
            for d in decls {
                let StructDeclaration::Field(f) = &d.node else {
                    continue;
                };
                let types: Vec<&Node<TypeSpecifier>> = f
                    .node
                    .specifiers
                    .iter()
                    .filter_map(|s| match &s.node {
                        SpecifierQualifier::TypeSpecifier(t) => Some(t),
                        _ => None,
                    })
                    .collect();
                let base = self.type_specifiers(&types, f.span.start)?;
                if f.node.declarators.is_empty() {
                    // Anonymous struct/union member (C11 6.7.2.1:13): a member of its
                    // own (its alignment, padding and, for a union, shared storage as
                    // any member's), with a name no C access uses; its members are the
                    // parent's by name (`crate::types::member_path`).
                    if let CType::Struct(_) = &base {
                        let k = fields
                            .iter()
                            .filter(|f: &&Field| crate::types::is_anonymous_member(&f.name))
                            .count();
                        fields.push(Field {
                            name: crate::types::anonymous_member(k),
                            ty: base,
                            bits: None,
                        });
                    }
                    continue;
                }
                let field_attrs = f.node.specifiers.iter().any(|s| match &s.node {
                    SpecifierQualifier::Extension(ext) => layout_attributes(ext).is_some(),
                    _ => false,
                });
                if field_attrs {
                    self.structs[id.0].layout_unknown = true;
                }
                for sd in &f.node.declarators {
                    let (name, ty) = match &sd.node.declarator {
                        Some(d) => {
                            if layout_attributes(&d.node.extensions).is_some() {
                                self.structs[id.0].layout_unknown = true;
                            }
                            let name = super::decl::declarator_name(&d.node).unwrap_or_default();
                            (
                                name,
                                self.declarator_type(base.clone(), &d.node, d.span.start)?,
                            )
                        }
                        // An unnamed bit-field: padding (C11 6.7.2.1:12).
                        None => (String::new(), base.clone()),
                    };
                    let bits = match &sd.node.bit_width {
                        Some(w) => Some(self.bit_width(&name, &ty, w)?),
                        None if name.is_empty() => continue,
                        None => None,
                    };
                    fields.push(Field { name, ty, bits });
                }
            }
            self.structs[id.0].fields = Some(fields);
        }
        Ok(CType::Struct(id))
    }

    /// The width of a bit-field of type `ty` (C11 6.7.2.1:4-5: an integer constant
    /// expression, at most the width of the type, 0 only without a name; gcc takes any
    /// integer type, enums too). Violations are constraint violations, reported as such.
    fn bit_width(&mut self, name: &str, ty: &CType, w: &Node<Expression>) -> R<u32> {
        let at = w.span.start;
        let CType::Int(k) = ty else {
            return unsup("a bit-field of a type other than an integer type", at);
        };
        let n = self.const_int(w)?;
        let max = if *k == IntKind::Bool {
            1
        } else {
            k.width(self.model)
        };
        if n < 0 || n > max as i128 {
            return unsup(
                format!("a bit-field width {n} outside 0..={max} (a constraint violation)"),
                at,
            );
        }
        if n == 0 && !name.is_empty() {
            return unsup("a named bit-field of width 0 (a constraint violation)", at);
        }
        Ok(n as u32)
    }

    /// Declares the constants (of type `int`, C11 6.7.2.2:3) and returns the enum's
    /// type as gcc chooses it: `unsigned int` when no constant is negative, `int`
    /// otherwise, and the 64-bit types for constants beyond 32 bits (a GNU extension).
    fn enumerators(&mut self, list: &[Node<Enumerator>]) -> R<CType> {
        let mut next: i128 = 0;
        let (mut min, mut max) = (i128::MAX, i128::MIN);
        for e in list {
            if let Some(x) = &e.node.expression {
                next = self.const_int(x)?;
            }
            min = min.min(next);
            max = max.max(next);
            self.innermost()
                .vars
                .insert(e.node.identifier.node.name.clone(), Binding::Const(next));
            next += 1;
        }
        let kind = if min >= 0 {
            if max <= u32::MAX as i128 {
                IntKind::UInt
            } else {
                IntKind::ULongLong
            }
        } else if min >= i32::MIN as i128 && max <= i32::MAX as i128 {
            IntKind::Int
        } else {
            IntKind::LongLong
        };
        Ok(CType::Int(kind))
    }

    /// The type a declarator gives to its name, from the base type of the specifiers.
    pub fn declarator_type(&mut self, base: CType, d: &Declarator, at: usize) -> R<CType> {
        let chain = self.derivation_chain(d);
        let mut ty = base;
        for der in chain.into_iter().rev() {
            ty = match &der.node {
                DerivedDeclarator::Pointer(_) => CType::Pointer(Box::new(ty)),
                DerivedDeclarator::Array(a) => {
                    let n = match &a.node.size {
                        ArraySize::Unknown => None,
                        ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                            match self.const_int(e) {
                                Ok(n) if n >= 0 => Some(n as u64),
                                Ok(_) => {
                                    return super::ill_formed(
                                        "array has negative size",
                                        der.span.start,
                                    )
                                }
                                Err(_) => return unsup("variable-length array", der.span.start),
                            }
                        }
                        ArraySize::VariableUnknown => {
                            return unsup("variable-length array", der.span.start)
                        }
                    };
                    CType::Array(Box::new(ty), n)
                }
                DerivedDeclarator::Function(f) => {
                    let mut params = Vec::new();
                    for p in &f.node.parameters {
                        let (pt, _) = self.specifiers(&p.node.specifiers)?;
                        let pt = match &p.node.declarator {
                            Some(pd) => self.declarator_type(pt, &pd.node, p.span.start)?,
                            None => pt,
                        };
                        if pt != CType::Void {
                            params.push(adjust_parameter(pt));
                        }
                    }
                    CType::Function {
                        ret: Box::new(ty),
                        params,
                        variadic: f.node.ellipsis == lang_c::ast::Ellipsis::Some,
                    }
                }
                DerivedDeclarator::KRFunction(_) => CType::Function {
                    ret: Box::new(ty),
                    params: Vec::new(),
                    variadic: true,
                },
                DerivedDeclarator::Block(_) => return unsup("block pointer", at),
            };
        }
        Ok(ty)
    }

    /// "name is D1 of D2 of …": lang-c lists a declarator's pointers first, then its
    /// postfix array/function parts, each in source order; postfix parts bind tighter, and
    /// a parenthesised inner declarator comes first.
    fn derivation_chain<'d>(&self, d: &'d Declarator) -> Vec<&'d Node<DerivedDeclarator>> {
        let mut chain = match &d.kind.node {
            DeclaratorKind::Declarator(inner) => self.derivation_chain(&inner.node),
            _ => Vec::new(),
        };
        let (prefix, postfix): (Vec<_>, Vec<_>) = d.derived.iter().partition(|x| {
            matches!(
                x.node,
                DerivedDeclarator::Pointer(_) | DerivedDeclarator::Block(_)
            )
        });
        chain.extend(postfix);
        chain.extend(prefix.into_iter().rev());
        chain
    }
}

/// Parameters of array type are pointers, of function type function pointers (C11 6.7.6.3).
pub(crate) fn adjust_parameter(t: CType) -> CType {
    match t {
        CType::Array(e, _) => CType::Pointer(e),
        f @ CType::Function { .. } => CType::Pointer(Box::new(f)),
        t => t,
    }
}

/// The layout attributes in a list: (`packed`, `aligned(N)`); `None` if there are none.
/// `aligned` without an argument is the target's largest alignment (16).
fn layout_attributes(ext: &[Node<lang_c::ast::Extension>]) -> Option<(bool, Option<u64>)> {
    let mut found = None;
    for e in ext {
        let lang_c::ast::Extension::Attribute(a) = &e.node else {
            continue;
        };
        let name = a.name.node.trim_matches('_');
        let (mut packed, mut aligned) = found.unwrap_or((false, None));
        match name {
            "packed" => packed = true,
            "aligned" => {
                let n = match a.arguments.first().map(|x| &x.node) {
                    Some(lang_c::ast::Expression::Constant(c)) => match &c.node {
                        lang_c::ast::Constant::Integer(i) => i.number.parse::<u64>().ok(),
                        _ => None,
                    },
                    None => Some(16),
                    _ => None,
                };
                // 0: an alignment that is not a plain number (the layout is then unknown).
                aligned = Some(n.unwrap_or(0));
            }
            _ => continue,
        }
        found = Some((packed, aligned));
    }
    found
}
