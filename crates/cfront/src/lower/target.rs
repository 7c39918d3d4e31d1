//! Pointer targets: what a pointer's first component names, and how a dereference of a
//! pointer that may hold several targets becomes one lvalue per target.
//!
//! A *target* is a position inside an object that `&` (or an array decaying, or `malloc`)
//! produced: the object, the path of fields, and, for an array element, how many
//! elements the offset ranges over. Each gets a number (1, 2, …; 0 is the null pointer), a
//! constant of [`BASE_BITS`] bits. So `c ? &a : &b` is the pair (`ite(c, 1, 2)`, 0), and
//! `*p` for a pointer whose target is not a constant is a case split over every target of
//! the pointer's type: `p.base = 1 → a`, `p.base = 2 → b` — the value-set view of
//! pointers that bounded model checkers use (CBMC's value sets), here with the exact
//! target kept in the state, so nothing is approximated.
//!
//! The translation is one pass in program text order, but a loop makes a later `&b` or
//! `malloc` reach an earlier `*p`. So the translation is repeated until nothing new turns
//! up ([`MemoryHints`]): the first pass treats every pointer variable as having a single
//! target (no CFA variable for it); one that meets a second target, or is read before it
//! is assigned, gets a target variable in the next pass; and a pass in which a case split
//! was made is repeated while it registered targets the split did not know yet (the next
//! pass knows them all from the start, and creates their objects on demand). The last
//! pass is accepted only when it found nothing new, so each case split covers every
//! target the CFA can produce.

use super::memory::{Creator, Target, TargetKey, BASE_BITS};
use super::object::Place;
use super::{unsup, LVal, ObjId, PtrVal, Translator, Unsup, R};
use crate::types::CType;
use cfa::SpecialKind;
use logic::Term;
use rustc_hash::FxHashSet;

impl<'a> Translator<'a> {
    /// The number of the target (`obj`, `path`, `count`), registered on first use.
    pub fn target_id(
        &mut self,
        obj: ObjId,
        path: &[String],
        count: Option<u64>,
        arith: bool,
        bytes: bool,
        pointee: &CType,
    ) -> u32 {
        if let Some(f) = self.frame_objects.get(&obj).copied() {
            // Each activation has its own copy, and a pointer's target does not say
            // which: the activation whose copy `&` took last is recorded, and a
            // dereference is exact only in it (`deref_target`).
            let (owner, depth) = self.frame_tracking(obj, f);
            self.emit_assign(owner, depth);
        }
        let o = &self.objects[obj.0];
        let key = TargetKey {
            obj: o.key.clone(),
            path: path.to_vec(),
            count,
            arith,
            bytes,
        };
        if let Some(&id) = self.mem.ids.get(&key) {
            self.mem.target_mut(id).produced = true;
            return id;
        }
        let creator = if o.alive.is_some() {
            Creator::Heap {
                name: o.name.clone(),
                ty: o.ty.clone(),
                sized: o.length.is_some(),
            }
        } else if self.global.vars.contains_key(&o.name) && key.obj.ordinal == 0 {
            Creator::Global(o.name.clone())
        } else if o.frame.is_some() {
            Creator::Frame
        } else {
            Creator::Local {
                name: o.name.clone(),
                ty: o.ty.clone(),
            }
        };
        self.mem.targets.push(Target {
            key: key.clone(),
            pointee: pointee.clone(),
            creator,
            produced: true,
        });
        let id = self.mem.targets.len() as u32;
        self.mem.ids.insert(key, id);
        id
    }

    /// The object of target `id`, created now if the program text creates it later.
    pub fn target_object(&mut self, id: u32, at: usize) -> R<ObjId> {
        let t = self.mem.target(id).clone();
        if let Some(o) = self.mem.objects_by_key.get(&t.key.obj) {
            return Ok(*o);
        }
        let o = match &t.creator {
            // C11 6.5.3.2:4: `*fp` designates a function, which is no object: only a call
            // or its own address can use it (data pointers never reach here, their case
            // splits take the targets of their own type only).
            Creator::Function(_) => return unsup("a function used as an object", at),
            Creator::Heap { name, ty, sized } => self.heap_object(name, ty.clone(), *sized),
            Creator::Global(name) => match self.materialize_global(name) {
                Some(super::Binding::Object(o)) => o,
                _ => return unsup(format!("a pointer to global `{name}`"), at),
            },
            Creator::Frame => {
                return unsup(
                    format!(
                        "a pointer that may point to `{}`, declared later in its function",
                        t.key.obj.name
                    ),
                    at,
                )
            }
            Creator::Local { name, ty } => {
                let (name, ty, key) = (name.clone(), ty.clone(), t.key.obj.clone());
                self.globally(|s| s.new_object_keyed(&name, ty, key))
            }
        };
        if self.objects[o.0].key != t.key.obj {
            return unsup("pointer targets that differ between translations", at);
        }
        Ok(o)
    }

    /// `*p`.
    pub fn deref_place(&mut self, p: &PtrVal, at: usize) -> R<Place> {
        if let CType::Function { .. } = p.pointee {
            return unsup("a function used as an object", at);
        }
        if let Some((id, _)) = self.terms.as_bv_const(p.base) {
            if id == 0 {
                return unsup("dereference of a null pointer", at);
            }
            return Ok(Place::Mem(self.deref_as(id as u32, p, at)?));
        }
        // The targets `*p` may mean: of its type or one with the same representation, a
        // struct whose first member is a `*p` or such a first member (`first_member.rs`).
        // Decided per distinct target type, once, not per target.
        let mut pointees: Vec<&CType> = Vec::new();
        for t in &self.mem.targets {
            if !pointees.contains(&&t.pointee) {
                pointees.push(&t.pointee);
            }
        }
        let views: Vec<(CType, Option<Vec<String>>)> = pointees
            .into_iter()
            .filter_map(|tp| {
                use super::first_member::first_member_path;
                if first_member_path(&self.structs, tp, &p.pointee).is_some() {
                    return Some((tp.clone(), None));
                }
                match first_member_path(&self.structs, &p.pointee, tp) {
                    Some((names, None)) => Some((tp.clone(), Some(names))),
                    _ => None,
                }
            })
            .collect();
        let model = self.model;
        let cases = self.split_targets(
            p.base,
            |t| {
                t.pointee == p.pointee
                    || same_representation(&t.pointee, &p.pointee, model)
                    || views.iter().any(|(ty, names)| {
                        *ty == t.pointee && names.as_ref().is_none_or(|n| t.key.path.ends_with(n))
                    })
            },
            Some("dereference of a null pointer"),
            UNTYPED,
            at,
        )?;
        let mut alts = Vec::new();
        let mut failed = Vec::new();
        self.batched(|s| {
            for (g, id) in cases {
                s.mem.guard.push(g);
                let lv = s.deref_as(id, p, at);
                s.mem.guard.pop();
                match lv {
                    Ok(lv) => alts.push((g, lv)),
                    Err(u) => failed.push((g, u)),
                }
            }
        });
        for (g, u) in failed {
            self.unsupported_when(g, &u);
        }
        if alts.is_empty() {
            return unsup("a pointer that points to no object of its type", at);
        }
        Ok(Place::Dyn(alts))
    }

    /// `base` with each target `from` of `pairs` replaced by `to` (a view of it): a
    /// constant `base` by its image, a variable one by a case split of `ite`s (targets not
    /// in `pairs` stay).
    pub fn remap_targets(&self, base: Term, pairs: &[(u32, u32)]) -> Term {
        let t = &self.terms;
        let c = |id: u32| t.bv_const(id as u128, BASE_BITS);
        if let Some((b, _)) = t.as_bv_const(base) {
            return pairs
                .iter()
                .find(|(from, _)| *from as u128 == b)
                .map_or(base, |(_, to)| c(*to));
        }
        pairs.iter().fold(base, |acc, (from, to)| {
            t.ite(t.eq(base, c(*from)), c(*to), acc)
        })
    }

    /// `*p` where `p` holds target `id`: a struct seen at its first member's type, or a
    /// first member seen as its struct (`first_member.rs`; a `void *` kept the target, not
    /// the type); else the object at its type or one with the same representation.
    fn deref_as(&mut self, id: u32, p: &PtrVal, at: usize) -> R<LVal> {
        if let Some(lv) = self.deref_first_member(id, p, at)? {
            return Ok(lv);
        }
        if let Some(parent) = self.container_target(id, &p.pointee, at)? {
            return self.deref_target(parent, p, at);
        }
        let tp = &self.mem.target(id).pointee;
        if *tp != p.pointee && !same_representation(tp, &p.pointee, self.model) {
            return unsup(UNTYPED, at);
        }
        self.deref_target(id, p, at)
    }

    /// A case split over the targets `base` may hold that satisfy `fits`: each case with
    /// its condition. A target outside the cases is undefined behaviour (checked here),
    /// and so is the null pointer where `null_is` names it so.
    pub fn split_targets(
        &mut self,
        base: Term,
        fits: impl Fn(&Target) -> bool,
        null_is: Option<&str>,
        outside: &str,
        at: usize,
    ) -> R<Vec<(Term, u32)>> {
        self.mem.enumerated = true;
        let t = self.terms.clone();
        let null = t.eq(base, t.bv_const(0, BASE_BITS));
        if let Some(why) = null_is {
            self.check_special(null, why, at);
        }
        let ids: Vec<u32> = (1..=self.mem.targets.len() as u32)
            .filter(|id| fits(self.mem.target(*id)))
            .collect();
        let cases: Vec<(Term, u32)> = ids
            .into_iter()
            .map(|id| (t.eq(base, t.bv_const(id as u128, BASE_BITS)), id))
            .collect();
        let mut known: Vec<Term> = cases.iter().map(|(g, _)| *g).collect();
        known.push(null);
        let any = t.or(&known);
        self.check_special(t.not(any), outside, at);
        Ok(cases)
    }

    /// Under `guard`, the path ends in the special location for `u`.
    pub fn unsupported_when(&mut self, guard: Term, u: &Unsup) {
        self.note_ill_formed(u);
        self.special_when(guard, SpecialKind::Unsupported, &u.what, u.at);
    }

    /// Under `guard`, the path ends in the special location of `kind` for `why`.
    pub fn special_when(&mut self, guard: Term, kind: SpecialKind, why: &str, at: usize) {
        if self.collecting.is_some() {
            self.collect_failed = true;
            return;
        }
        let target = self.special_location(kind, why, at);
        let ok = self.new_loc();
        self.branch(guard, target, ok);
        self.cur = Some(ok);
    }

    /// The conjunction of the guards in force.
    pub fn current_guard(&self) -> Option<Term> {
        match self.mem.guard.len() {
            0 => None,
            1 => Some(self.mem.guard[0]),
            _ => Some(self.terms.and(&self.mem.guard)),
        }
    }

    /// `var := value` for a store into memory: under the guards in force, a store only
    /// where they hold.
    pub fn emit_store(&mut self, var: Term, value: Term) {
        match self.current_guard() {
            None => self.emit_assign(var, value),
            Some(g) => {
                let v = self.terms.ite(g, value, var);
                self.emit_assign(var, v)
            }
        }
    }

    /// Runs `f` once per case of a dynamic place, under its condition.
    pub fn per_case<T>(
        &mut self,
        alts: &[(Term, LVal)],
        mut f: impl FnMut(&mut Self, &LVal) -> R<T>,
    ) -> R<Vec<(Term, T)>> {
        self.batched(|s| {
            let mut out = Vec::with_capacity(alts.len());
            for (g, lv) in alts {
                s.mem.guard.push(*g);
                let r = f(s, lv);
                s.mem.guard.pop();
                out.push((*g, r?));
            }
            Ok(out)
        })
    }

    /// Runs `f` with its checks gathered, then emits one check per reason (the
    /// disjunction of the cases' conditions): a split over n targets adds one branch
    /// per kind of check, not n.
    pub fn batched<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = self.mem.batch.replace(Vec::new());
        let r = f(self);
        let checks = std::mem::replace(&mut self.mem.batch, outer).unwrap_or_default();
        let mut groups: Vec<((String, usize, SpecialKind), Vec<Term>)> = Vec::new();
        for (why, at, bad, ub) in checks {
            match groups
                .iter_mut()
                .find(|(k, _)| k.0 == why && k.1 == at && k.2 == ub)
            {
                Some((_, v)) => v.push(bad),
                None => groups.push(((why, at, ub), vec![bad])),
            }
        }
        // Emitted outside the cases: the conditions already carry them.
        let guard = std::mem::take(&mut self.mem.guard);
        for ((why, at, kind), bads) in groups {
            let bad = self.terms.or(&bads);
            self.check_special_as(bad, &why, at, kind);
        }
        self.mem.guard = guard;
        r
    }

    /// The value read from a dynamic place: the case's value where its condition holds.
    pub fn read_dyn(&mut self, alts: &[(Term, LVal)], at: usize) -> R<super::value::Val> {
        use super::value::Val;
        let ty = alts[0].1.ty.clone();
        if let CType::Array(..) = ty {
            return unsup("an array reached through a pointer to several objects", at);
        }
        if let CType::Struct(_) = ty {
            // A struct value: copied, case by case, into a fresh object.
            let name = self.fresh_name("struct");
            let tmp = self.new_object(&name, ty);
            let dst = self.whole(tmp);
            for (g, lv) in alts {
                self.mem.guard.push(*g);
                let r = self.copy_aggregate(&dst, lv, at);
                self.mem.guard.pop();
                r?;
            }
            return Ok(Val::Agg(dst));
        }
        let vals = self.per_case(alts, |s, lv| s.load(lv.clone(), at))?;
        let t = self.terms.clone();
        let mut it = vals.into_iter().rev();
        let (_, mut acc) = it.next().expect("a dynamic place has a case");
        for (g, v) in it {
            acc = match (v, acc) {
                (Val::Int(a, k), Val::Int(b, _)) => Val::Int(t.ite(g, a, b), k),
                (Val::Ptr(a), Val::Ptr(b)) => Val::Ptr(PtrVal {
                    base: t.ite(g, a.base, b.base),
                    offset: t.ite(g, a.offset, b.offset),
                    pointee: a.pointee,
                }),
                _ => return unsup("a value of this type through a pointer", at),
            };
        }
        Ok(acc)
    }

    /// `&place` for a dynamic place: the case's target where its condition holds.
    pub fn address_of_dyn(&mut self, alts: &[(Term, LVal)]) -> PtrVal {
        let ptrs: Vec<(Term, PtrVal)> = alts
            .iter()
            .map(|(g, lv)| (*g, self.address_of(lv)))
            .collect();
        let t = self.terms.clone();
        let mut it = ptrs.into_iter().rev();
        let (_, mut acc) = it.next().expect("a dynamic place has a case");
        for (g, p) in it {
            acc = PtrVal {
                base: t.ite(g, p.base, acc.base),
                offset: t.ite(g, p.offset, acc.offset),
                pointee: p.pointee,
            };
        }
        acc
    }
}

/// The identifiers whose address the program takes (`&p`), by name in any scope: a
/// pointer variable among them is stored as an object with a pointer leaf (which `&` can
/// point to), not as a pointer variable.
pub(crate) fn address_taken(unit: &lang_c::ast::TranslationUnit) -> FxHashSet<String> {
    use lang_c::ast::{Expression, UnaryOperator, UnaryOperatorExpression};
    use lang_c::visit::Visit;
    struct Scan(FxHashSet<String>);
    impl<'ast> Visit<'ast> for Scan {
        fn visit_unary_operator_expression(
            &mut self,
            u: &'ast UnaryOperatorExpression,
            span: &'ast lang_c::span::Span,
        ) {
            if u.operator.node == UnaryOperator::Address {
                if let Expression::Identifier(id) = &u.operand.node {
                    self.0.insert(id.node.name.clone());
                }
            }
            lang_c::visit::visit_unary_operator_expression(self, u, span);
        }
    }
    let mut scan = Scan(FxHashSet::default());
    scan.visit_translation_unit(unit);
    scan.0
}

/// Why a dereference at a type that is not its object's is unsupported.
const UNTYPED: &str =
    "a pointer used at a type other than its object's, or not pointing to an object";

/// Whether an object of type `a` may be accessed as `b` without reinterpreting bytes:
/// integer types of one width (`int` through `unsigned *`: C11 6.5:7 allows the signed
/// or unsigned variant; the other same-width types read the same bits under gcc), and a
/// float and an integer of its width (`*(unsigned *) &f`: a float is stored as its bit
/// pattern, which gcc at -O0 reads so). `_Bool` is excluded: not every bit pattern is a
/// value of it.
pub(crate) fn same_representation(a: &CType, b: &CType, model: crate::source::DataModel) -> bool {
    use crate::types::IntKind;
    let bits = |t: &CType| match t {
        CType::Int(IntKind::Bool) => None,
        CType::Int(k) => Some(k.width(model)),
        CType::Float(k) => k.format().map(|f| f.width()),
        _ => None,
    };
    match (a, b) {
        (CType::Float(x), CType::Float(y)) => x == y,
        _ => bits(a).is_some() && bits(a) == bits(b),
    }
}
