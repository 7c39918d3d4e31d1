//! Byte views: a pointer to an integer cast to a pointer to a character type (`(char *)
//! &i`, `(unsigned char *) a`) reads and writes the integer's bytes, little-endian as gcc
//! lays integers out on x86; likewise a float's (its bit pattern) and a union's word. The
//! view is a target of its own whose offset counts bytes of the leaf (or of the array it
//! points into); a `char` it designates is the leaf's element with a byte index, read by
//! shifting and written by masking. Views of other objects (structs, pointers) and casts
//! back from a view stay UNKNOWN by name (`first_member.rs` has the struct conversions).

use super::memory::TargetKey;
use super::object::Storage;
use super::{unsup, LVal, ObjId, PtrVal, Translator, R};
use crate::types::{CType, IntKind};

pub(crate) fn is_char(t: &CType) -> bool {
    matches!(
        t,
        CType::Int(IntKind::Char | IntKind::SChar | IntKind::UChar)
    )
}

impl<'a> Translator<'a> {
    /// The bytes of a leaf of type `ty` a byte view can see: an integer (not `_Bool`), a
    /// float (its bit pattern) or a union's word (`union.rs`). `None` for other types.
    fn viewable_bytes(&self, ty: &CType) -> Option<u64> {
        match ty {
            CType::Int(IntKind::Bool) => None,
            CType::Int(k) => Some((k.width(self.model) / 8) as u64),
            CType::Float(k) => k.format().map(|f| (f.width() / 8) as u64),
            CType::Struct(id) if self.structs[id.0].union => {
                self.union_word_bits(*id).ok().map(|b| (b / 8) as u64)
            }
            _ => None,
        }
    }

    /// Bytes of the leaf `lv` designates (or whose elements it designates), which a byte
    /// view sees.
    pub fn leaf_int_size(&self, lv: &LVal) -> u64 {
        let leaf = self.leaf(lv, 0).expect("a byte view designates a leaf");
        self.viewable_bytes(&leaf.ty)
            .expect("byte views are of integer, float and union leaves")
    }

    /// `(char *) p` for `p` pointing to an integer wider than a byte: its byte view, or
    /// `None` where the cast is not one.
    pub fn byte_view(&mut self, p: &PtrVal, to: &CType, at: usize) -> R<Option<PtrVal>> {
        let viewable = self.viewable_bytes(&p.pointee);
        if is_char(to) && viewable.is_none() && self.has_bitfields(&p.pointee) {
            // Its bytes mix several leaves (and padding): not a view of one integer.
            return unsup("a character pointer into a struct with bit-fields", at);
        }
        let Some(size) = viewable else {
            return Ok(None);
        };
        if !is_char(to) || size == 1 {
            return Ok(None);
        }
        // A union with several members is one leaf only when it is a word.
        if let CType::Struct(id) = &p.pointee {
            if self.structs[id.0]
                .fields
                .as_ref()
                .is_some_and(|f| f.len() < 2)
            {
                return Ok(None);
            }
        }
        let size = size as u128;
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        let offset = t.bvmul(p.offset, t.bv_const(size, w));
        // Each target of the integer type maps to its view; null stays null.
        let ids: Vec<u32> = match t.as_bv_const(p.base) {
            Some((0, _)) => {
                return Ok(Some(PtrVal {
                    offset,
                    pointee: to.clone(),
                    ..p.clone()
                }))
            }
            Some((id, _)) => vec![id as u32],
            None => {
                self.mem.enumerated = true;
                (1..=self.mem.targets.len() as u32)
                    .filter(|id| {
                        let tg = self.mem.target(*id);
                        tg.pointee == p.pointee && !tg.key.bytes
                    })
                    .collect()
            }
        };
        let mut pairs = Vec::with_capacity(ids.len());
        for id in ids {
            let key = self.mem.target(id).key.clone();
            if key.bytes {
                return unsup(
                    "a character pointer into an object cast to another pointer type",
                    at,
                );
            }
            let obj = self.target_object(id, at)?;
            let elements = key.count.unwrap_or(1);
            let view = self.target_id(obj, &key.path, Some(elements * size as u64), true, true, to);
            pairs.push((id, view));
        }
        Ok(Some(PtrVal {
            base: self.remap_targets(p.base, &pairs),
            offset,
            pointee: to.clone(),
        }))
    }

    /// `*p` for a byte view: the element and the byte in it, with the bounds check.
    pub fn deref_bytes(&mut self, obj: ObjId, key: &TargetKey, p: &PtrVal, at: usize) -> R<LVal> {
        let count = key.count.expect("a byte view knows its size");
        self.check_bounds(p.offset, count, at);
        let leaf = self.objects[obj.0]
            .leaves
            .iter()
            .find(|l| l.path == key.path)
            .cloned();
        let Some(leaf) = leaf else {
            return unsup("a character pointer into an object of this type", at);
        };
        let Some(size) = self.viewable_bytes(&leaf.ty) else {
            return unsup(
                "a character pointer into an object other than an integer",
                at,
            );
        };
        let size = size as u128;
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        let element = t.bvudiv(p.offset, t.bv_const(size, w));
        let byte = t.bvurem(p.offset, t.bv_const(size, w));
        let index = match leaf.store {
            Storage::Array(_) => Some((element, count / size as u64)),
            Storage::Scalar(_) => None,
            _ => return unsup("a character pointer into an object of this type", at),
        };
        Ok(LVal {
            obj,
            path: key.path.clone(),
            ty: p.pointee.clone(),
            index,
            indexed_last: true,
            byte: Some(byte),
            slice: None,
        })
    }
}
