//! Declarations and initializers.
//!
//! Globals are translated on first use (only what the program reaches is translated);
//! their initializers, and those of `static` locals, become statements that run before
//! `main`. Locals without an initializer are havocked at their declaration (their value is
//! indeterminate each time the declaration is reached).

use super::object::{Place, Storage};
use super::{unsup, Binding, LVal, Translator, R};
use crate::types::{CType, IntKind};
use lang_c::ast::{
    Declaration, Declarator, DeclaratorKind, Expression, Initializer, InitializerListItem,
};
use lang_c::span::Node;

/// A global declarator not yet translated.
#[derive(Clone, Copy)]
pub(crate) struct PendingGlobal<'a> {
    pub decl: &'a Node<Declaration>,
    pub index: usize,
}

pub(crate) fn declarator_name(d: &Declarator) -> Option<String> {
    match &d.kind.node {
        DeclaratorKind::Identifier(id) => Some(id.node.name.clone()),
        DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        DeclaratorKind::Abstract => None,
    }
}

impl<'a> Translator<'a> {
    /// A file-scope declaration: types and functions now, variables on first use.
    pub fn global_declaration(&mut self, d: &'a Node<Declaration>) -> R<()> {
        let (base, storage) = self.specifiers(&d.node.specifiers)?;
        for (i, id) in d.node.declarators.iter().enumerate() {
            let Some(name) = declarator_name(&id.node.declarator.node) else {
                continue;
            };
            let ty = self.declarator_type(base.clone(), &id.node.declarator.node, id.span.start)?;
            if storage.typedef {
                // The dialect rewrite's own type names keep their predefined meaning.
                if !(name.starts_with("__boulder_") && self.global.typedefs.contains_key(&name)) {
                    self.global.typedefs.insert(name, ty);
                }
            } else if let CType::Function { .. } = ty {
                self.note_prototype(&name, &ty, id.span.start);
                // A definition's type stands (a later `int f();` must not make its
                // address look unprototyped to calls through pointers).
                if !self.functions.contains_key(&name) {
                    self.fn_sigs.insert(name.clone(), ty);
                }
                self.global
                    .vars
                    .insert(name.clone(), Binding::Function(name));
            } else {
                let keep_existing =
                    self.pending_globals.get(&name).is_some_and(|p| {
                        p.decl.node.declarators[p.index].node.initializer.is_some()
                    }) && id.node.initializer.is_none();
                if !keep_existing {
                    self.pending_globals
                        .insert(name, PendingGlobal { decl: d, index: i });
                }
            }
        }
        Ok(())
    }

    /// Translates global `name` on first use.
    pub fn materialize_global(&mut self, name: &str) -> Option<Binding> {
        if let Some(b) = self.global.vars.get(name) {
            return Some(b.clone());
        }
        let pending = self.pending_globals.remove(name)?;
        Some(self.globally(|s| s.materialize(name, pending)))
    }

    fn materialize(&mut self, name: &str, pending: PendingGlobal<'a>) -> Binding {
        let id = &pending.decl.node.declarators[pending.index];
        // The initialising statements carry the declaration's text, not the text of the
        // statement that happens to use the global first.
        let saved_origin = self.origin.take();
        self.set_origin(id.span.start, id.span.end);
        let result = (|| -> R<Binding> {
            let (base, _) = self.specifiers(&pending.decl.node.specifiers)?;
            let ty = self.declarator_type(base, &id.node.declarator.node, id.span.start)?;
            self.static_object(name, ty, id.node.initializer.as_ref(), id.span.start)
        })();
        let binding = match result {
            Ok(b) => b,
            Err(u) => {
                // The global cannot be represented: every use of it is unsupported.
                self.note_ill_formed(&u);
                let msg = self.describe(&u);
                let obj = self.objects.len();
                let key = self.mem.object_key(name);
                self.objects.push(super::Object {
                    name: name.to_string(),
                    key,
                    alive: None,
                    length: None,
                    frame: None,
                    ty: CType::Int(IntKind::Int),
                    leaves: vec![super::object::Leaf {
                        path: vec![],
                        ty: CType::Int(IntKind::Int),
                        dims: vec![],
                        store: Storage::Opaque(msg),
                        bits: None,
                    }],
                });
                Binding::Object(super::ObjId(obj))
            }
        };
        self.origin = saved_origin;
        self.global.vars.insert(name.to_string(), binding.clone());
        binding
    }

    /// An object with static storage duration: created now, initialised before `main`
    /// (zero where the initializer says nothing, C11 6.7.9:10).
    fn static_object(
        &mut self,
        name: &str,
        mut ty: CType,
        init: Option<&Node<Initializer>>,
        at: usize,
    ) -> R<Binding> {
        if let Some(i) = init {
            ty = self.complete_array_type(ty, i)?;
        }
        let binding = self.bind_variable(name, &ty, at)?;
        // Initialisers are constant expressions: translate them into the init list, with
        // no control flow.
        let saved = self.collecting.replace(Vec::new());
        let r = self.initialize(&binding, &ty, init, at);
        let collected = std::mem::replace(&mut self.collecting, saved).unwrap_or_default();
        r?;
        if self.collect_failed {
            self.collect_failed = false;
            return unsup("an initializer that is not a constant expression", at);
        }
        self.init.extend(collected);
        Ok(binding)
    }

    /// Storage for a variable of type `ty`.
    pub fn bind_variable(&mut self, name: &str, ty: &CType, at: usize) -> R<Binding> {
        Ok(match ty {
            // Pointers to functions included: their target is a function (`fnptr.rs`).
            CType::Pointer(p) => {
                // `&p` somewhere: `p` must be memory that a pointer can point to.
                let ident = name.rsplit('.').next().unwrap_or(name);
                if self.address_taken.contains(ident) {
                    Binding::Object(self.new_object(name, ty.clone()))
                } else {
                    Binding::Pointer(self.new_pointer(name, (**p).clone()))
                }
            }
            CType::Function { .. } => Binding::Function(name.to_string()),
            CType::Void => return unsup("a variable of type void", at),
            _ => Binding::Object(self.new_object(name, ty.clone())),
        })
    }

    /// `T a[] = {…}` / `char s[] = "…"`: the length comes from the initializer.
    fn complete_array_type(&mut self, ty: CType, init: &Node<Initializer>) -> R<CType> {
        let CType::Array(elem, None) = ty else {
            return Ok(ty);
        };
        let n = match &init.node {
            Initializer::List(items) => {
                let mut pos = 0i128;
                let mut max = 0i128;
                for it in items {
                    if let Some(d) = it.node.designation.first() {
                        if let lang_c::ast::Designator::Index(e) = &d.node {
                            pos = self.const_int(e)?;
                        }
                    }
                    pos += 1;
                    max = max.max(pos);
                }
                max as u64
            }
            Initializer::Expression(e) => match &e.node {
                Expression::StringLiteral(s) => super::literal::string_bytes(&s.node)
                    .map(|b| b.len() as u64)
                    .ok_or_else(|| super::Unsup::new("a wide string literal", e.span.start))?,
                _ => return unsup("an array initialised by an expression", e.span.start),
            },
        };
        Ok(CType::Array(elem, Some(n)))
    }

    /// A block-scope declaration.
    pub fn local_declaration(&mut self, d: &Node<Declaration>) -> R<()> {
        let (base, storage) = self.specifiers(&d.node.specifiers)?;
        for id in &d.node.declarators {
            let Some(name) = declarator_name(&id.node.declarator.node) else {
                continue;
            };
            let at = id.span.start;
            let mut ty = self.declarator_type(base.clone(), &id.node.declarator.node, at)?;
            if storage.typedef {
                self.innermost().typedefs.insert(name, ty);
                continue;
            }
            if let CType::Function { .. } = ty {
                self.fn_sigs.entry(name.clone()).or_insert(ty);
                self.innermost()
                    .vars
                    .insert(name.clone(), Binding::Function(name));
                continue;
            }
            if storage.is_extern {
                // Refers to a global.
                if let Some(b) = self.materialize_global(&name) {
                    self.innermost().vars.insert(name, b);
                }
                continue;
            }
            self.set_origin(id.span.start, id.span.end);
            // `int *p = malloc(…)` declares and sets `p`: its trace line reads
            // `p = malloc(…)`, not the declarator's `*p = …`, which reads as a store
            // through `p` (C11 6.7.6.1: the `*` belongs to the declarator).
            if let Some(o) = &mut self.origin {
                if let Some(rest) = o.text.strip_prefix('*') {
                    o.text = rest.trim_start_matches(['*', ' ']).into();
                }
            }
            if storage.is_static {
                // One object for every activation of the function.
                let key = (at, name.clone());
                let b = match self.statics.get(&key) {
                    Some(b) => b.clone(),
                    None => {
                        let fname = self
                            .frames
                            .last()
                            .map_or(String::new(), |f| f.function.clone());
                        let b = self.globally(|s| {
                            s.static_object(
                                &format!("{fname}.{name}"),
                                ty,
                                id.node.initializer.as_ref(),
                                at,
                            )
                        })?;
                        self.statics.insert(key, b.clone());
                        b
                    }
                };
                self.innermost().vars.insert(name, b);
                continue;
            }
            if let Some(i) = &id.node.initializer {
                ty = self.complete_array_type(ty, i)?;
            }
            let prefix = self
                .frames
                .last()
                .map_or(String::new(), |f| f.prefix.clone());
            let b = self.bind_local(&format!("{prefix}.{name}"), &ty, at)?;
            // The name is in scope in its own initializer (C11 6.2.1:7).
            self.innermost().vars.insert(name, b.clone());
            match &id.node.initializer {
                Some(i) => {
                    self.automatic_init = true;
                    let r = self.initialize(&b, &ty, Some(i), at);
                    self.automatic_init = false;
                    r?
                }
                None => {
                    // An uninitialised object is an input of the program: replay supplies
                    // its values by an initializer inserted at this declaration.
                    if let Some(init) = self.uninit_initializer(&b, &ty) {
                        self.uninit_sites
                            .push((self.parsed.original(id.span.end), init));
                    }
                    if let Binding::Pointer(p) = &b {
                        self.declared_uninitialised(*p);
                    }
                    self.havoc_binding(&b)
                }
            }
        }
        Ok(())
    }

    /// For an uninitialised local whose leaves are integers: marks them as inputs (in leaf
    /// order, which `havoc_binding` follows) and returns the initializer replay inserts,
    /// its elements in the same order. Objects whose C initializer order differs from the
    /// leaf order (arrays of structs) or with non-integer leaves get none.
    fn uninit_initializer(&mut self, b: &Binding, ty: &CType) -> Option<String> {
        let Binding::Object(o) = b else { return None };
        let leaves = self.objects[o.0].leaves.clone();
        if let CType::Int(k) = ty {
            let Some(Storage::Scalar(v)) = leaves.first().map(|l| l.store.clone()) else {
                return None;
            };
            self.mark_uninit_input(v);
            return Some(format!(" = ({}) {}()", k.name(), crate::UNINIT_FUNCTION));
        }
        let struct_in_array = |t: &CType| {
            let mut t = t;
            while let CType::Array(e, _) = t {
                if matches!(**e, CType::Struct(_)) {
                    return true;
                }
                t = e;
            }
            false
        };
        if struct_in_array(ty) || !matches!(ty, CType::Array(..) | CType::Struct(_)) {
            return None;
        }
        let mut elems = Vec::new();
        for l in &leaves {
            let CType::Int(k) = l.ty else { return None };
            let n: u64 = l.dims.iter().product();
            match l.store {
                Storage::Scalar(_) | Storage::Array(_) => {
                    for _ in 0..n {
                        elems.push(format!("({}) {}()", k.name(), crate::UNINIT_FUNCTION));
                    }
                }
                Storage::Opaque(_) | Storage::Ptr { .. } => return None,
            }
        }
        if elems.is_empty() || elems.len() > 4096 {
            return None;
        }
        for l in &leaves {
            if let Storage::Scalar(v) | Storage::Array(v) = l.store {
                self.mark_uninit_input(v);
            }
        }
        Some(format!(" = {{{}}}", elems.join(", ")))
    }

    fn mark_uninit_input(&mut self, v: logic::Term) {
        self.cfa.declare_var(
            v,
            cfa::VarKind::Input {
                function: crate::UNINIT_FUNCTION.into(),
            },
        );
    }

    /// Gives every leaf of the variable an arbitrary value.
    pub fn havoc_binding(&mut self, b: &Binding) {
        match b {
            Binding::Object(o) => {
                let leaves = self.objects[o.0].leaves.clone();
                for l in leaves {
                    match l.store {
                        Storage::Scalar(v) | Storage::Array(v) => self.emit_havoc(v),
                        Storage::Ptr { base, off, .. } => {
                            self.emit_havoc(base);
                            self.emit_havoc(off);
                        }
                        Storage::Opaque(_) => {}
                    }
                }
            }
            Binding::Pointer(p) => {
                let off = self.ptrs[p.0].offset;
                self.emit_havoc(off);
                if let super::object::PtrVarBase::Dynamic(b) = self.ptrs[p.0].base {
                    self.emit_havoc(b);
                }
            }
            _ => {}
        }
    }

    /// Zero for every leaf (and the null pointer).
    fn zero_binding(&mut self, b: &Binding) {
        match b {
            Binding::Object(o) => self.zero_object(*o),
            Binding::Pointer(p) => {
                let pointee = self.ptrs[p.0].pointee.clone();
                let null = self.null(&pointee);
                let p = *p;
                let _ = self.write_ptr(p, &null, 0);
            }
            _ => {}
        }
    }

    /// Initialises a variable: zero everywhere, then what the initializer says.
    pub fn initialize(
        &mut self,
        b: &Binding,
        ty: &CType,
        init: Option<&Node<Initializer>>,
        at: usize,
    ) -> R<()> {
        match (b, init) {
            (Binding::Pointer(p), Some(i)) => {
                let Initializer::Expression(e) = &i.node else {
                    return unsup("a braced pointer initializer", at);
                };
                let v = self.rvalue_for(e, ty)?;
                let v = self.convert(v, ty, at)?;
                self.store_place(&Place::Ptr(*p), v, at)
            }
            (Binding::Object(o), Some(i)) => {
                // Aggregates are zero where the initializer says nothing (C11 6.7.9:21); a
                // scalar's initializer sets all of it.
                if !matches!(ty, CType::Int(_)) {
                    self.zero_binding(b);
                }
                let lv = self.whole(*o);
                self.init_value(&lv, i)
            }
            (_, None) => {
                self.zero_binding(b);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn init_value(&mut self, lv: &LVal, init: &Node<Initializer>) -> R<()> {
        match &init.node {
            Initializer::List(items) => {
                let mut pos = 0;
                self.fill(lv, items, &mut pos, true)
            }
            Initializer::Expression(e) => self.init_expr(lv, e),
        }
    }

    /// One object initialised by one expression (a scalar, a struct copy, a string into a
    /// `char` array).
    fn init_expr(&mut self, lv: &LVal, e: &Node<Expression>) -> R<()> {
        let at = e.span.start;
        if let (CType::Array(elem, Some(n)), Expression::StringLiteral(s)) = (&lv.ty, &e.node) {
            if matches!(
                **elem,
                CType::Int(IntKind::Char | IntKind::SChar | IntKind::UChar)
            ) {
                let bytes = super::literal::string_bytes(&s.node)
                    .ok_or_else(|| super::Unsup::new("a wide string literal", at))?;
                for (i, byte) in bytes.iter().enumerate().take(*n as usize) {
                    let k = IntKind::Long;
                    let cell = self.index(lv, self.bv(i as i128, k), k, at)?;
                    self.write_int(&cell, self.terms.bv_const(*byte as u128, 8), at)?;
                }
                return Ok(());
            }
        }
        let ty = lv.ty.clone();
        let v = self.rvalue_for(e, &ty)?;
        let v = self.convert(v, &ty, at)?;
        self.store_place(&Place::Mem(lv.clone()), v, at)
    }

    /// Fills an aggregate from initializer items starting at `*pos` (C11 6.7.9: braces may
    /// be elided; then the items fill the sub-aggregate's elements in order).
    fn fill(
        &mut self,
        lv: &LVal,
        items: &[Node<InitializerListItem>],
        pos: &mut usize,
        braced: bool,
    ) -> R<()> {
        let count = match &lv.ty {
            CType::Array(_, Some(n)) => *n as usize,
            // Unnamed bit-fields take no part (C11 6.7.9:9).
            CType::Struct(id) => self.structs[id.0].named_fields().map_or(0, |f| f.count()),
            _ => {
                // A scalar in braces: `int x = {5};`.
                if let Some(item) = items.get(*pos) {
                    *pos += 1;
                    return self.init_value(lv, &item.node.initializer);
                }
                return Ok(());
            }
        };
        // A union's initializer gives one member: the first, or the designated one
        // (C11 6.7.9:17); what follows without a designator is excess.
        let union = matches!(&lv.ty, CType::Struct(id) if self.structs[id.0].union);
        let mut k = 0usize;
        while *pos < items.len() {
            let item = &items[*pos];
            if union && k > 0 && item.node.designation.is_empty() {
                if braced {
                    return unsup("excess elements in a union initializer", item.span.start);
                }
                return Ok(());
            }
            if let Some(d) = item.node.designation.first() {
                if !braced {
                    return Ok(());
                }
                k = match &d.node {
                    lang_c::ast::Designator::Index(e) => self.const_int(e)? as usize,
                    lang_c::ast::Designator::Member(m) => match &lv.ty {
                        CType::Struct(id) => self.structs[id.0]
                            .named_fields()
                            .and_then(|mut fs| fs.position(|f| f.name == m.node.name))
                            .ok_or_else(|| {
                                if crate::types::member_path(&self.structs, *id, &m.node.name)
                                    .is_some()
                                {
                                    super::Unsup::new(
                                        "a designator of a member of an anonymous struct or union",
                                        d.span.start,
                                    )
                                } else {
                                    super::Unsup {
                                        ill_formed: true,
                                        ..super::Unsup::new(
                                            format!("no member named `{}`", m.node.name),
                                            d.span.start,
                                        )
                                    }
                                }
                            })?,
                        _ => return unsup("a member designator for a non-struct", d.span.start),
                    },
                    lang_c::ast::Designator::Range(_) => {
                        return unsup("a range designator", d.span.start)
                    }
                };
                if item.node.designation.len() > 1 {
                    return unsup("a nested designator", d.span.start);
                }
            }
            if k >= count {
                if braced {
                    return unsup("excess elements in an initializer", item.span.start);
                }
                return Ok(());
            }
            let sub = self.element(lv, k, item.span.start)?;
            if union && self.automatic_init {
                self.member_padding_unspecified(&sub, item.span.start)?;
            }
            match &item.node.initializer.node {
                Initializer::List(inner) => {
                    *pos += 1;
                    let mut p = 0;
                    self.fill(&sub, inner, &mut p, true)?;
                }
                Initializer::Expression(e) => {
                    let whole = match &sub.ty {
                        CType::Int(_) | CType::Pointer(_) | CType::Float(_) | CType::Opaque(_) => {
                            true
                        }
                        CType::Array(..) => matches!(e.node, Expression::StringLiteral(_)),
                        CType::Struct(_) => self.type_of(e).is_ok_and(|t| t == sub.ty),
                        _ => true,
                    };
                    if whole {
                        *pos += 1;
                        self.init_expr(&sub, e)?;
                    } else {
                        self.fill(&sub, items, pos, false)?;
                    }
                }
            }
            k += 1;
        }
        Ok(())
    }

    /// The `k`-th element (array) or field (struct) of an aggregate lvalue.
    fn element(&mut self, lv: &LVal, k: usize, at: usize) -> R<LVal> {
        match &lv.ty {
            CType::Array(..) => {
                let kind = IntKind::Long;
                self.index(lv, self.bv(k as i128, kind), kind, at)
            }
            CType::Struct(id) => {
                let name = self.structs[id.0]
                    .named_fields()
                    .and_then(|mut f| f.nth(k))
                    .map(|f| f.name.clone())
                    .unwrap_or_default();
                self.field(lv, &name, at)
            }
            _ => unsup("an initializer for a scalar with several values", at),
        }
    }
}
