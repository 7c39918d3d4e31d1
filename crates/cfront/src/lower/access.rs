//! Access to the memory model of `object.rs`: the leaf an lvalue designates, reading and
//! writing scalars (through byte views and union words where they lie in one), member
//! and element lvalues with their bounds checks, addresses, and the lvalue a pointer with
//! a known target designates (with the checks of a dereference).

use super::memory::BASE_BITS;
use super::object::{LVal, Leaf, Place, PtrVal, Storage};
use super::{unsup, Translator, R};
use crate::types::{CType, IntKind};
use logic::Term;

impl<'a> Translator<'a> {
    pub fn leaf(&self, lv: &LVal, at: usize) -> R<Leaf> {
        match self.objects[lv.obj.0]
            .leaves
            .iter()
            .find(|l| l.path == lv.path)
        {
            Some(l) => Ok(l.clone()),
            None => unsup("an access to an unsupported object", at),
        }
    }

    /// The value of a scalar integer lvalue.
    pub fn read_int(&mut self, lv: &LVal, at: usize) -> R<Term> {
        if lv.slice.is_some() {
            return self.read_slice(lv, at);
        }
        if let Some(b) = lv.byte {
            let whole = self.read_int(
                &LVal {
                    byte: None,
                    ..lv.clone()
                },
                at,
            )?;
            let t = &self.terms;
            let w = t.sort(whole).bv_width().expect("integers are bit-vectors");
            let shift = t.bvmul(self.resize_index(b, w), t.bv_const(8, w));
            return Ok(t.extract(t.bvlshr(whole, shift), 7, 0));
        }
        let leaf = self.leaf(lv, at)?;
        match leaf.store {
            Storage::Scalar(v) => Ok(self.widen_bits(&leaf, v)),
            Storage::Array(a) => {
                let idx = lv.index.as_ref().expect("an index into an array leaf").0;
                Ok(self.widen_bits(&leaf, self.terms.select(a, idx)))
            }
            Storage::Ptr { .. } => unsup("a pointer used as an integer", at),
            Storage::Opaque(why) => unsup(why, at),
        }
    }

    /// Assigns a scalar integer lvalue.
    pub fn write_int(&mut self, lv: &LVal, value: Term, at: usize) -> R<()> {
        if lv.slice.is_some() {
            return self.write_slice(lv, value, at);
        }
        if let Some(b) = lv.byte {
            let element = LVal {
                byte: None,
                ..lv.clone()
            };
            let whole = self.read_int(&element, at)?;
            let t = self.terms.clone();
            let w = t.sort(whole).bv_width().expect("integers are bit-vectors");
            let shift = t.bvmul(self.resize_index(b, w), t.bv_const(8, w));
            let mask = t.bvshl(t.bv_const(0xff, w), shift);
            let kept = t.bvand(whole, t.bvnot(mask));
            let new = t.bvor(kept, t.bvshl(t.zext(value, w - 8), shift));
            return self.write_int(&element, new, at);
        }
        let leaf = self.leaf(lv, at)?;
        let value = self.narrow_bits(&leaf, value);
        match leaf.store {
            Storage::Scalar(v) => {
                self.emit_store(v, value);
                Ok(())
            }
            Storage::Array(a) => {
                let idx = lv.index.as_ref().expect("an index into an array leaf").0;
                let stored = self.terms.store(a, idx, value);
                self.emit_store(a, stored);
                Ok(())
            }
            Storage::Ptr { .. } => unsup("an integer stored into a pointer", at),
            Storage::Opaque(why) => unsup(why, at),
        }
    }

    /// A byte index (pointer width) as a bit-vector of `w` bits (it is below 8).
    fn resize_index(&self, b: Term, w: u32) -> Term {
        let pw = self.model.pointer_width();
        let t = &self.terms;
        if w == pw {
            b
        } else if w < pw {
            t.extract(b, w - 1, 0)
        } else {
            t.zext(b, w - pw)
        }
    }

    /// `lv.field`.
    pub fn field(&self, lv: &LVal, name: &str, at: usize) -> R<LVal> {
        let CType::Struct(id) = &lv.ty else {
            return super::ill_formed("member reference base type is not a structure or union", at);
        };
        if self.structs[id.0].fields.is_none() {
            return unsup("member of an incomplete struct", at);
        }
        let Some(f) = self.structs[id.0].field(name).filter(|_| !name.is_empty()) else {
            // A member of an anonymous member: through it (C11 6.7.2.1:13).
            if let Some(path) = crate::types::member_path(&self.structs, *id, name) {
                let mut out = lv.clone();
                for n in &path {
                    out = self.field(&out, n, at)?;
                }
                return Ok(out);
            }
            return super::ill_formed(format!("no member named `{name}`"), at);
        };
        if let Some(inside) = self.slice_field(lv, *id, name, at)? {
            return Ok(inside);
        }
        let mut out = lv.clone();
        out.path.push(name.to_string());
        out.ty = f.ty.clone();
        out.indexed_last = false;
        Ok(out)
    }

    /// `lv[i]` for an lvalue of array type, with the bounds check.
    pub fn index(&mut self, lv: &LVal, i: Term, i_kind: IntKind, at: usize) -> R<LVal> {
        let CType::Array(elem, n) = &lv.ty else {
            return unsup("indexing a value that is not an array", at);
        };
        let Some(n) = *n else {
            return unsup("an array of unknown size", at);
        };
        let w = self.model.pointer_width();
        let i = self.resize(i, i_kind, IntKind::Long, w);
        if lv.slice.is_some() {
            return self.slice_index(lv, i, at);
        }
        self.check_bounds(i, n, at);
        let t = &self.terms;
        let (idx, count) = match &lv.index {
            None => (i, n),
            Some((old, c)) => (t.bvadd(t.bvmul(*old, t.bv_const(n as u128, w)), i), c * n),
        };
        Ok(LVal {
            obj: lv.obj,
            path: lv.path.clone(),
            ty: (**elem).clone(),
            index: Some((idx, count)),
            indexed_last: true,
            byte: None,
            slice: None,
        })
    }

    /// An index outside `0..n` is undefined behaviour.
    pub fn check_bounds(&mut self, i: Term, n: u64, at: usize) {
        let w = self.model.pointer_width();
        let bad = self.terms.bvuge(i, self.terms.bv_const(n as u128, w));
        self.check_special(bad, "array index out of bounds", at);
    }

    /// Resizes an integer term of kind `from` to `to_width` bits as a conversion from
    /// `from` (sign- or zero-extension, or truncation). `to` only documents the target.
    pub fn resize(&self, t: Term, from: IntKind, _to: IntKind, to_width: u32) -> Term {
        let w = from.width(self.model);
        let terms = &self.terms;
        if to_width == w {
            t
        } else if to_width < w {
            terms.extract(t, to_width - 1, 0)
        } else if from.signed() {
            terms.sext(t, to_width - w)
        } else {
            terms.zext(t, to_width - w)
        }
    }

    /// `&lv`.
    pub fn address_of(&mut self, lv: &LVal) -> PtrVal {
        let w = self.model.pointer_width();
        if let Some(b) = lv.byte {
            // A byte of a view: offsets count the bytes of the integer leaf.
            let size = self.leaf_int_size(lv);
            let t = self.terms.clone();
            let (count, offset) = match &lv.index {
                Some((idx, count)) => (
                    count * size,
                    t.bvadd(t.bvmul(*idx, t.bv_const(size as u128, w)), b),
                ),
                None => (size, b),
            };
            let id = self.target_id(lv.obj, &lv.path, Some(count), true, true, &lv.ty);
            return PtrVal {
                base: t.bv_const(id as u128, BASE_BITS),
                offset,
                pointee: lv.ty.clone(),
            };
        }
        let (count, offset) = match &lv.index {
            Some((idx, count)) => (Some(*count), *idx),
            None => (None, self.terms.bv_const(0, w)),
        };
        let arith = lv.index.is_some() && lv.indexed_last;
        let id = self.target_id(lv.obj, &lv.path, count, arith, false, &lv.ty);
        PtrVal {
            base: self.terms.bv_const(id as u128, BASE_BITS),
            offset,
            pointee: lv.ty.clone(),
        }
    }

    /// An array lvalue used as a value: a pointer to its first element.
    pub fn decay(&mut self, lv: &LVal, at: usize) -> R<PtrVal> {
        if lv.slice.is_some() {
            return unsup(
                "the address of a member of a union with several members",
                at,
            );
        }
        let w = self.model.pointer_width();
        let zero = self.terms.bv_const(0, w);
        let first = self.index(lv, zero, IntKind::Long, at)?;
        Ok(self.address_of(&first))
    }

    /// `*p` where `p` is known to hold target `id`: the lvalue, with the checks that the
    /// offset stays inside (and, for memory from `malloc`, that it is not freed).
    pub fn deref_target(&mut self, id: u32, p: &PtrVal, at: usize) -> R<LVal> {
        let w = self.model.pointer_width();
        let obj = self.target_object(id, at)?;
        let t = self.mem.target(id).clone();
        if let Some((owner, depth)) = self.objects[obj.0].frame {
            // Exact while the copy the pointer means is the innermost activation's.
            let outer = self.terms.neq(owner, depth);
            let what = format!(
                "a pointer to `{}` used in another activation of its recursive function",
                self.objects[obj.0].name
            );
            self.check_unsupported(outer, &what, at);
        }
        if let Some(alive) = self.objects[obj.0].alive {
            let freed = self.terms.eq(alive, self.terms.bv_const(0, 1));
            self.check_special(freed, "access to memory after it is freed", at);
        }
        if let Some(len) = self.objects[obj.0].length {
            // Elements of the object, or bytes of a byte view of it.
            let units = if t.key.bytes {
                let leaf = LVal {
                    path: t.key.path.clone(),
                    ..self.whole(obj)
                };
                let size = self.leaf_int_size(&leaf);
                self.terms.bvmul(len, self.terms.bv_const(size as u128, w))
            } else {
                len
            };
            let beyond = self.terms.bvuge(p.offset, units);
            self.check_special(beyond, "an access beyond the allocated size", at);
        }
        if t.key.bytes {
            return self.deref_bytes(obj, &t.key, p, at);
        }
        match t.key.count {
            Some(n) => {
                self.check_bounds(p.offset, n, at);
                Ok(LVal {
                    obj,
                    path: t.key.path.clone(),
                    ty: p.pointee.clone(),
                    index: Some((p.offset, n)),
                    indexed_last: t.key.arith,
                    byte: None,
                    slice: None,
                })
            }
            None => {
                let bad = self.terms.neq(p.offset, self.terms.bv_const(0, w));
                self.check_special(bad, "pointer dereference outside its object", at);
                Ok(LVal {
                    obj,
                    path: t.key.path.clone(),
                    ty: p.pointee.clone(),
                    index: None,
                    indexed_last: false,
                    byte: None,
                    slice: None,
                })
            }
        }
    }

    /// `*p` for a pointer whose target is a constant (builtins that need one lvalue).
    pub fn deref(&mut self, p: &PtrVal, at: usize) -> R<LVal> {
        match self.deref_place(p, at)? {
            Place::Mem(lv) => Ok(lv),
            _ => unsup(
                "a library function given a pointer that may point to several objects",
                at,
            ),
        }
    }
}
