//! First-member views: a pointer to a struct converted to a pointer to the type of its
//! first member (or of that member's first member, …, or of the first element of a first
//! member that is an array) points to that member (C11 6.7.2.1:15): the cast gives the
//! member's address (not for `char`: a character pointer views all the bytes, `view.rs`).
//! And back: a pointer to that member converted to a pointer to the struct points to the
//! struct, when the object there is one. A `void *` that kept a struct's target,
//! dereferenced at either type, reads the member or the struct. Other casts between
//! struct pointers (a common initial sequence of two struct types) stay UNKNOWN.

use super::memory::BASE_BITS;
use super::object::{LVal, PtrVal};
use super::view::is_char;
use super::{unsup, Translator, R};
use crate::types::{CType, IntKind};

/// The way from a struct type to its first member of type `to`: member names (each the
/// first, at offset 0), and where the last step is the first element of an array, that
/// array's length.
pub(crate) fn first_member_path(
    structs: &[crate::types::StructDef],
    from: &CType,
    to: &CType,
) -> Option<(Vec<String>, Option<u64>)> {
    let mut names = Vec::new();
    let mut ty = from.clone();
    loop {
        if !names.is_empty() {
            if ty == *to {
                return Some((names, None));
            }
            if let CType::Array(e, Some(n)) = &ty {
                if **e == *to && *n > 0 {
                    return Some((names, Some(*n)));
                }
            }
        }
        let CType::Struct(id) = ty else { return None };
        let def = &structs[id.0];
        // A union's members share a word (`union.rs`): no member has an address.
        if def.union && def.fields.as_ref().is_none_or(|f| f.len() > 1) {
            return None;
        }
        let first = def.fields.as_ref()?.first()?;
        if first.name.is_empty() || first.bits.is_some() {
            return None;
        }
        names.push(first.name.clone());
        ty = first.ty.clone();
    }
}

impl<'a> Translator<'a> {
    /// `(T *) p` for `p` pointing to a struct whose first member is a `T` (through nested
    /// first members): the member's address, `None` where the cast is not one. The
    /// offset counts `T`s: a pointer to struct `k` becomes one to element `k * per` of
    /// the member's leaf, `per` being the member array's length (1 for a scalar).
    pub fn first_member_view(&mut self, p: &PtrVal, to: &CType, at: usize) -> R<Option<PtrVal>> {
        // A `char *` to a struct is a view of all its bytes (C11 6.3.2.3:7), which its
        // first member does not give.
        if is_char(to) {
            return Ok(None);
        }
        let Some((names, element)) = first_member_path(&self.structs, &p.pointee, to) else {
            return Ok(None);
        };
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        let per = element.unwrap_or(1);
        let offset = t.bvmul(p.offset, t.bv_const(per as u128, w));
        let base = match t.as_bv_const(p.base) {
            Some((0, _)) => return Ok(Some(self.null(to))),
            Some((id, _)) => {
                let m = self.member_target(id as u32, &names, element, at)?;
                t.bv_const(m as u128, BASE_BITS)
            }
            None => {
                // Each target of the struct type maps to its member's; others stay
                // (a dereference at `T` then checks them as any other).
                self.mem.enumerated = true;
                let ids: Vec<u32> = (1..=self.mem.targets.len() as u32)
                    .filter(|id| {
                        let tg = self.mem.target(*id);
                        tg.pointee == p.pointee && !tg.key.bytes
                    })
                    .collect();
                let mut pairs = Vec::with_capacity(ids.len());
                for id in ids {
                    pairs.push((id, self.member_target(id, &names, element, at)?));
                }
                self.remap_targets(p.base, &pairs)
            }
        };
        Ok(Some(PtrVal {
            base,
            offset,
            pointee: to.clone(),
        }))
    }

    /// The target of the first member (along `names`, and its first element where
    /// `element`) of the struct target `id` designates.
    fn member_target(
        &mut self,
        id: u32,
        names: &[String],
        element: Option<u64>,
        at: usize,
    ) -> R<u32> {
        let obj = self.target_object(id, at)?;
        let tg = self.mem.target(id).clone();
        let w = self.model.pointer_width();
        let zero = self.terms.bv_const(0, w);
        let mut lv = LVal {
            obj,
            path: tg.key.path.clone(),
            ty: tg.pointee.clone(),
            index: tg.key.count.map(|n| (zero, n)),
            indexed_last: tg.key.arith,
            byte: None,
            slice: None,
        };
        for name in names {
            lv = self.field(&lv, name, at)?;
        }
        if element.is_some() {
            lv = self.index(&lv, zero, IntKind::Long, at)?;
        }
        let a = self.address_of(&lv);
        Ok(self.terms.as_bv_const(a.base).expect("a constant target").0 as u32)
    }

    /// `*p` where `p`, of type `T *`, holds target `id`, a struct whose first member is a
    /// `T` (a `void *` took the struct's address): that member, or the element `p`'s
    /// offset names in it where it is an array (the offset counts `T`s once the pointer
    /// is a `T *`). `None` where the target is not such a struct.
    pub fn deref_first_member(&mut self, id: u32, p: &PtrVal, at: usize) -> R<Option<LVal>> {
        let whole = self.mem.target(id).pointee.clone();
        if whole == p.pointee || is_char(&p.pointee) {
            return Ok(None);
        }
        let Some((names, element)) = first_member_path(&self.structs, &whole, &p.pointee) else {
            return Ok(None);
        };
        if self.mem.target(id).key.count.is_some() {
            // Its offset counts structs before the conversion and `T`s after it: which
            // is which is lost through the `void *`.
            return unsup(
                "a pointer into an array of structs used through `void *` at its first member's type",
                at,
            );
        }
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        let mut lv = self.deref_target(
            id,
            &PtrVal {
                pointee: whole,
                offset: t.bv_const(0, w),
                base: p.base,
            },
            at,
        )?;
        for name in &names {
            lv = self.field(&lv, name, at)?;
        }
        if element.is_some() {
            lv = self.index(&lv, p.offset, IntKind::Long, at)?;
        } else {
            let bad = t.neq(p.offset, t.bv_const(0, w));
            self.check_special(bad, "pointer dereference outside its object", at);
        }
        Ok(Some(lv))
    }

    /// The target of the struct of type `to` whose first member target `id` designates
    /// (through nested first members): `None` where the object there is no such struct.
    pub fn container_target(&mut self, id: u32, to: &CType, at: usize) -> R<Option<u32>> {
        if !matches!(to, CType::Struct(_)) {
            return Ok(None);
        }
        let tg = self.mem.target(id).clone();
        let Some((names, None)) = first_member_path(&self.structs, to, &tg.pointee) else {
            return Ok(None);
        };
        let path = &tg.key.path;
        if tg.key.bytes || !path.ends_with(&names) {
            return Ok(None);
        }
        let parent = &path[..path.len() - names.len()];
        let obj = self.target_object(id, at)?;
        // The object at `parent` must be a `to` (C11 6.7.2.1:15 speaks of a struct
        // object), not another struct with a first member of the same type.
        let strip = |mut t: CType| {
            while let CType::Array(e, _) = t {
                t = *e;
            }
            t
        };
        let mut ty = strip(self.objects[obj.0].ty.clone());
        for name in parent {
            let CType::Struct(s) = ty else {
                return Ok(None);
            };
            let Some(f) = self.structs[s.0].field(name) else {
                return Ok(None);
            };
            ty = strip(f.ty.clone());
        }
        if ty != *to {
            return Ok(None);
        }
        // With a count, the struct is an array element: its offset is the member's.
        let arith = tg.key.count.is_some();
        Ok(Some(self.target_id(
            obj,
            parent,
            tg.key.count,
            arith,
            false,
            to,
        )))
    }

    /// `(S *) p` for `p` pointing to the first member of a struct `S`: the struct's
    /// address, `None` where the cast is not one.
    pub fn container_view(&mut self, p: &PtrVal, to: &CType, at: usize) -> R<Option<PtrVal>> {
        if first_member_path(&self.structs, to, &p.pointee).is_none_or(|(_, e)| e.is_some()) {
            return Ok(None);
        }
        let t = self.terms.clone();
        let id = match t.as_bv_const(p.base) {
            Some((0, _)) => return Ok(Some(self.null(to))),
            Some((id, _)) => id as u32,
            None => {
                // Each target that is such a member maps to its struct's; the others
                // stay (a dereference at `to` is then checked as any other).
                self.mem.enumerated = true;
                let mut pairs = Vec::new();
                for id in 1..=self.mem.targets.len() as u32 {
                    if let Some(parent) = self.container_target(id, to, at)? {
                        pairs.push((id, parent));
                    }
                }
                return Ok(Some(PtrVal {
                    base: self.remap_targets(p.base, &pairs),
                    offset: p.offset,
                    pointee: to.clone(),
                }));
            }
        };
        let Some(parent) = self.container_target(id, to, at)? else {
            return Ok(None);
        };
        Ok(Some(PtrVal {
            base: t.bv_const(parent as u128, BASE_BITS),
            offset: p.offset,
            pointee: to.clone(),
        }))
    }
}
