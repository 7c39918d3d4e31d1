//! `realloc`: an allocation at its own call, the old memory's first elements copied into
//! it, and the old memory freed (C11 7.22.3.5). Allocation succeeds, as for `malloc`, so
//! the old memory is never kept.

use super::expr::Val;
use super::object::Place;
use super::target::{Creator, BASE_BITS};
use super::{unsup, LVal, ObjId, PtrVal, Translator, R};
use crate::types::CType;
use lang_c::ast::Expression;
use lang_c::span::Node;
use logic::Term;

/// Assignments `(variable of the new object, variable of the old one)`.
type Copies = Vec<(Term, Term)>;

impl<'a> Translator<'a> {
    /// `realloc(p, n)`: an allocation at this call (as `malloc(n)`), the first elements of
    /// `*p` copied into it — as many as both hold —, and `p` freed (with `free`'s checks).
    /// `realloc(NULL, n)` is `malloc(n)`; allocation succeeds, so `p` is never kept.
    pub(super) fn reallocate(&mut self, args: &[Node<Expression>], at: usize) -> R<Val> {
        let (Some(old), Some(size)) = (args.first(), args.get(1)) else {
            return unsup("`realloc` without a pointer and a size", at);
        };
        let p = self.pointer_arg(old, at)?;
        let new = self.allocate(std::slice::from_ref(size), false, at)?;
        let Val::Ptr(np) = &new else {
            unreachable!("an allocation is a pointer")
        };
        let t = self.terms.clone();
        if matches!(t.as_bv_const(p.base), Some((0, _))) {
            return Ok(new);
        }
        let not_null = t.neq(p.base, t.bv_const(0, BASE_BITS));
        self.mem.guard.push(not_null);
        let r = self.realloc_copy(&p, np, at);
        self.mem.guard.pop();
        r?;
        self.free(&p, at)?;
        Ok(new)
    }

    /// The copy of `realloc`: element j of `*p` into element j of `*np` where j is below
    /// both objects' lengths (constant, or the length variable of a run-time size).
    fn realloc_copy(&mut self, p: &PtrVal, np: &PtrVal, at: usize) -> R<()> {
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        let dst = self.deref_place(np, at)?;
        let first = match &dst {
            Place::Mem(lv) => lv.clone(),
            Place::Dyn(alts) => alts[0].1.clone(),
            Place::Ptr(_) => unreachable!("heap objects are memory"),
        };
        // Every object of the new site has the same type and capacity.
        let new_count = first.index.map_or(1, |(_, n)| n);

        let below = |s: &Self, obj: ObjId, j: u64| {
            s.objects[obj.0]
                .length
                .map(|len| t.bvult(t.bv_const(j as u128, w), len))
        };
        let copy = |s: &mut Self, from: &LVal| -> R<()> {
            // Arrays are copied whole where their layouts agree: the elements beyond the
            // old length are values no run can read (the old object's are never written
            // and it is freed), so the new object's are as unconstrained as before.
            let targets: Vec<(Option<Term>, ObjId)> = match &dst {
                Place::Mem(lv) => vec![(None, lv.obj)],
                Place::Dyn(alts) => alts.iter().map(|(g, lv)| (Some(*g), lv.obj)).collect(),
                Place::Ptr(_) => Vec::new(),
            };
            let pairs: Option<Vec<(Option<Term>, Copies)>> = targets
                .iter()
                .map(|(g, to)| s.whole_copy(from.obj, *to).map(|p| (*g, p)))
                .collect();
            if let Some(pairs) = pairs {
                for (g, pairs) in pairs {
                    s.mem.guard.extend(g);
                    for (to, from) in pairs {
                        s.emit_store(to, from);
                    }
                    if g.is_some() {
                        s.mem.guard.pop();
                    }
                }
                return Ok(());
            }
            let old_count = from.index.map_or(1, |(_, n)| n);
            for j in 0..old_count.min(new_count) {
                let mut conds: Vec<Term> = below(s, from.obj, j).into_iter().collect();
                match &dst {
                    Place::Dyn(alts) => {
                        let fits: Vec<Term> = alts
                            .iter()
                            .map(|(g, lv)| match below(s, lv.obj, j) {
                                Some(c) => t.and(&[*g, c]),
                                None => *g,
                            })
                            .collect();
                        conds.push(t.or(&fits));
                    }
                    Place::Mem(lv) => conds.extend(below(s, lv.obj, j)),
                    Place::Ptr(_) => {}
                }
                let depth = s.mem.guard.len();
                s.mem.guard.extend(conds);
                let r = s.element_after(from, j, at).and_then(|element| {
                    let v = s.load(element, at)?;
                    let to = s.place_element(&dst, j, at)?;
                    s.store_place(&to, v, at)
                });
                s.mem.guard.truncate(depth);
                r?;
            }
            Ok(())
        };
        // The old memory: the start of an object from `malloc` (anything else is `free`'s
        // undefined behaviour, reported after the copy), of the new memory's type.
        let cases: Vec<(Option<Term>, u32)> = match t.as_bv_const(p.base) {
            Some((id, _)) => vec![(None, id as u32)],
            None => self
                .split_targets(
                    p.base,
                    |t| matches!(t.creator, Creator::Heap { .. }) && t.key.path.is_empty(),
                    None,
                    "`realloc` of memory that `malloc` did not return",
                    at,
                )?
                .into_iter()
                .map(|(g, id)| (Some(g), id))
                .collect(),
        };
        let old = PtrVal {
            pointee: np.pointee.clone(),
            ..p.clone()
        };
        self.batched(|s| {
            for (g, id) in cases {
                let target = &s.mem.targets[id as usize - 1];
                if !matches!(target.creator, Creator::Heap { .. }) || !target.key.path.is_empty() {
                    continue;
                }
                if target.pointee != np.pointee {
                    let mut when = s.mem.guard.clone();
                    when.extend(g);
                    let what = "`realloc` to a type other than the old memory's".to_string();
                    s.unsupported_when(t.and(&when), &super::Unsup { what, at });
                    continue;
                }
                s.mem.guard.extend(g);
                let r = s.deref_target(id, &old, at).and_then(|lv| copy(s, &lv));
                if g.is_some() {
                    s.mem.guard.pop();
                }
                r?;
            }
            Ok(())
        })
    }

    /// The variables of array object `to` and the variables of array object `from` that a
    /// copy of the whole of `from` into `to` assigns; `None` where their layouts differ.
    fn whole_copy(&self, from: ObjId, to: ObjId) -> Option<Copies> {
        use super::object::Storage;
        let (CType::Array(a, _), CType::Array(b, _)) =
            (&self.objects[from.0].ty, &self.objects[to.0].ty)
        else {
            return None;
        };
        if a != b {
            return None;
        }
        let (src, dst) = (&self.objects[from.0].leaves, &self.objects[to.0].leaves);
        if src.len() != dst.len() {
            return None;
        }
        let mut pairs = Vec::new();
        for (f, t) in src.iter().zip(dst) {
            if f.path != t.path {
                return None;
            }
            match (&f.store, &t.store) {
                (Storage::Array(x), Storage::Array(y)) => pairs.push((*y, *x)),
                (
                    Storage::Ptr {
                        base: xb,
                        off: xo,
                        array: true,
                    },
                    Storage::Ptr {
                        base: yb,
                        off: yo,
                        array: true,
                    },
                ) => pairs.extend([(*yb, *xb), (*yo, *xo)]),
                _ => return None,
            }
        }
        pairs
            .iter()
            .all(|(y, x)| self.terms.sort(*y) == self.terms.sort(*x))
            .then_some(pairs)
    }
}
