//! Unions with several members: one word of the union's size, every member a slice of it.
//!
//! C11 6.5.2.3:3 footnote 95 (and 6.2.6.1): reading a union member other than the one
//! last stored reinterprets the stored bytes as the member's type. gcc documents that it
//! does exactly that ("type-punning through a union"), little-endian on x86. So a union
//! whose members are all integers, floats, and structs and arrays of those is stored as
//! one bit-vector of `8 * sizeof` bits (an SMT array of such words where arrays lie on its
//! path, as any leaf); a member, or anything inside it, is the bits at its offset in the
//! union (`crate::record` gives gcc's offsets, bit-fields included). Reading a slice
//! extracts its bits, writing one replaces them and keeps the others.
//!
//! Words are at most 128 bits (the width the concrete evaluator and constants carry);
//! larger unions, unions holding pointers (a pointer is a target and an offset, not
//! bytes) and the address of a member (a pointer into a word) stay UNKNOWN by name.

use super::bitfield::BitField;
use super::object::{Leaf, Storage};
use super::{unsup, LVal, Translator, R};
use crate::types::{CType, StructId};
use logic::Term;

/// The widest union word (bits).
const MAX_WORD_BITS: u64 = 128;

/// Width of slice offsets (bits into a word of at most [`MAX_WORD_BITS`]).
const OFFSET_BITS: u32 = 32;

/// Where an lvalue inside a union's word lies: its first bit, and for a bit-field its
/// width (the lvalue's type is then the declared type).
#[derive(Clone, Debug)]
pub(crate) struct Slice {
    pub offset: Term,
    pub bits: Option<BitField>,
}

impl Translator<'_> {
    /// The bits of a union stored as one word, or why it cannot be.
    pub(crate) fn union_word_bits(&self, id: StructId) -> Result<u32, String> {
        let Some(layout) = self.layout().record(id) else {
            return Err(
                "a union laid out in a way Boulder does not follow (a layout attribute)".into(),
            );
        };
        if layout.size * 8 > MAX_WORD_BITS {
            return Err(format!(
                "a union of more than {} bytes with several members",
                MAX_WORD_BITS / 8
            ));
        }
        let fields = self.structs[id.0].fields.clone().unwrap_or_default();
        for f in &fields {
            self.word_member(&f.ty)?;
        }
        Ok((layout.size * 8) as u32)
    }

    /// Whether a member's type is bytes only (integers, floats, aggregates of them).
    fn word_member(&self, ty: &CType) -> Result<(), String> {
        match ty {
            CType::Int(_) => Ok(()),
            CType::Float(k) => match k.format() {
                Some(_) => Ok(()),
                None => Err(crate::types::FloatKind::LONG_DOUBLE.into()),
            },
            CType::Array(e, Some(_)) => self.word_member(e),
            CType::Struct(id) => match &self.structs[id.0].fields {
                Some(fields) => fields.iter().try_for_each(|f| self.word_member(&f.ty)),
                None => Err(format!("incomplete struct {}", self.structs[id.0].name)),
            },
            CType::Pointer(_) => Err("a union with a pointer member".into()),
            CType::Opaque(what) => Err(what.to_string()),
            CType::Array(_, None) => Err("an array of unknown size".into()),
            CType::Void | CType::Function { .. } => Err("a union with a member of no size".into()),
        }
    }

    /// Whether a leaf is a union's word.
    pub(crate) fn is_word(leaf: &Leaf) -> bool {
        matches!(leaf.ty, CType::Struct(_))
            && matches!(leaf.store, Storage::Scalar(_) | Storage::Array(_))
    }

    /// `lv` as a slice: its own, or the whole word where `lv` designates a union's word.
    fn as_slice(&self, lv: &LVal) -> Option<Slice> {
        if let Some(s) = &lv.slice {
            return Some(s.clone());
        }
        let word = self.objects[lv.obj.0]
            .leaves
            .iter()
            .any(|l| l.path == lv.path && Self::is_word(l));
        word.then(|| Slice {
            offset: self.terms.bv_const(0, OFFSET_BITS),
            bits: None,
        })
    }

    /// `lv.name` where `lv` is a union's word or lies inside one; `None` otherwise.
    pub(crate) fn slice_field(
        &self,
        lv: &LVal,
        id: StructId,
        name: &str,
        at: usize,
    ) -> R<Option<LVal>> {
        let Some(slice) = self.as_slice(lv) else {
            return Ok(None);
        };
        let fields = self.structs[id.0]
            .fields
            .as_ref()
            .expect("a complete struct");
        let i = fields
            .iter()
            .position(|f| f.name == name)
            .expect("the member exists");
        let Some(layout) = self.layout().record(id) else {
            return unsup("a struct of unknown layout inside a union", at);
        };
        let bit = layout.offsets[i];
        let t = &self.terms;
        let offset = t.bvadd(slice.offset, t.bv_const(bit as u128, OFFSET_BITS));
        let bits = fields[i].bits.map(|width| BitField {
            width,
            shift: Some((bit % 8) as u32),
        });
        Ok(Some(LVal {
            ty: fields[i].ty.clone(),
            indexed_last: false,
            slice: Some(Slice { offset, bits }),
            ..lv.clone()
        }))
    }

    /// `lv[i]` for an array inside a union's word (`i` of the pointer width, checked).
    pub(crate) fn slice_index(&mut self, lv: &LVal, i: Term, at: usize) -> R<LVal> {
        let slice = lv.slice.clone().expect("a slice");
        let CType::Array(elem, Some(n)) = &lv.ty else {
            unreachable!("indexing an array")
        };
        self.check_bounds(i, *n, at);
        let Some(size) = self.layout().size(elem) else {
            return unsup("an array of elements of unknown size inside a union", at);
        };
        let t = self.terms.clone();
        let pw = self.model.pointer_width();
        // In bounds, `i < n <= 16`: its low bits are it.
        let i = if pw > OFFSET_BITS {
            t.extract(i, OFFSET_BITS - 1, 0)
        } else {
            i
        };
        let step = t.bvmul(i, t.bv_const((size * 8) as u128, OFFSET_BITS));
        Ok(LVal {
            ty: (**elem).clone(),
            indexed_last: true,
            slice: Some(Slice {
                offset: t.bvadd(slice.offset, step),
                bits: None,
            }),
            ..lv.clone()
        })
    }

    /// The word `lv` lies in: its current value and how to store a new one.
    fn word(&self, lv: &LVal, at: usize) -> R<(Term, Storage)> {
        let leaf = self.leaf(lv, at)?;
        let value = match &leaf.store {
            Storage::Scalar(v) => *v,
            Storage::Array(a) => {
                let idx = lv.index.as_ref().expect("an index into an array leaf").0;
                self.terms.select(*a, idx)
            }
            Storage::Opaque(why) => return unsup(why.clone(), at),
            Storage::Ptr { .. } => unreachable!("a union's word is not a pointer"),
        };
        Ok((value, leaf.store))
    }

    /// The width of what `lv` designates in a word (its bits).
    fn slice_width(&self, lv: &LVal, slice: &Slice, at: usize) -> R<u32> {
        if let Some(b) = slice.bits {
            return Ok(b.width);
        }
        match self.layout().size(&lv.ty) {
            Some(n) if n > 0 => Ok((n * 8) as u32),
            _ => unsup("a union member of unknown size", at),
        }
    }

    /// The offset as a term of the word's width.
    fn offset_in(&self, offset: Term, w: u32) -> Term {
        let t = &self.terms;
        if w == OFFSET_BITS {
            offset
        } else if w > OFFSET_BITS {
            t.zext(offset, w - OFFSET_BITS)
        } else {
            t.extract(offset, w - 1, 0)
        }
    }

    /// The raw bits of a slice (`width` of them).
    fn slice_bits(&self, lv: &LVal, slice: &Slice, width: u32, at: usize) -> R<Term> {
        let (word, _) = self.word(lv, at)?;
        let t = &self.terms;
        let w = t.sort(word).bv_width().expect("a word is a bit-vector");
        if width == w {
            return Ok(word);
        }
        Ok(match t.as_bv_const(slice.offset) {
            Some((c, _)) => {
                let c = c as u32;
                t.extract(word, c + width - 1, c)
            }
            None => t.extract(
                t.bvlshr(word, self.offset_in(slice.offset, w)),
                width - 1,
                0,
            ),
        })
    }

    /// Replaces a slice's `width` bits by `bits`.
    fn store_slice_bits(&mut self, lv: &LVal, slice: &Slice, bits: Term, at: usize) -> R<()> {
        let (word, store) = self.word(lv, at)?;
        let t = self.terms.clone();
        let w = t.sort(word).bv_width().expect("a word is a bit-vector");
        let width = t.sort(bits).bv_width().expect("bits are a bit-vector");
        let new = if width == w {
            bits
        } else {
            match t.as_bv_const(slice.offset) {
                Some((c, _)) => {
                    let c = c as u32;
                    let mut v = bits;
                    if c > 0 {
                        v = t.concat(v, t.extract(word, c - 1, 0));
                    }
                    if c + width < w {
                        v = t.concat(t.extract(word, w - 1, c + width), v);
                    }
                    v
                }
                None => {
                    let off = self.offset_in(slice.offset, w);
                    let ones = t.bv_const((1u128 << width) - 1, width);
                    let mask = t.bvshl(t.zext(ones, w - width), off);
                    let kept = t.bvand(word, t.bvnot(mask));
                    t.bvor(kept, t.bvshl(t.zext(bits, w - width), off))
                }
            }
        };
        match store {
            Storage::Scalar(v) => self.emit_store(v, new),
            Storage::Array(a) => {
                let idx = lv.index.as_ref().expect("an index into an array leaf").0;
                let stored = t.store(a, idx, new);
                self.emit_store(a, stored);
            }
            _ => unreachable!("a word is a scalar or an array"),
        }
        Ok(())
    }

    /// The value of a scalar inside a word, of its type's width (a bit-field extended
    /// to its declared type, as `bitfield.rs` reads one).
    pub(crate) fn read_slice(&mut self, lv: &LVal, at: usize) -> R<Term> {
        let slice = lv.slice.clone().expect("a slice");
        let width = self.slice_width(lv, &slice, at)?;
        let bits = self.slice_bits(lv, &slice, width, at)?;
        if lv.ty == CType::Int(crate::types::IntKind::Bool) && slice.bits.is_none() {
            // A byte other than 0 or 1 is no value of `_Bool` (C11 6.2.6.1:5), and gcc
            // computes with such a byte in ways no `_Bool` value gives (`!b` as `b ^ 1`).
            let t = &self.terms;
            let bad = t.bvugt(bits, t.bv_const(1, width));
            self.check_special(bad, "a _Bool read from a byte other than 0 or 1", at);
        }
        let (Some(k), Some(_)) = (lv.ty.as_int(), slice.bits) else {
            return Ok(bits);
        };
        let t = &self.terms;
        let to = k.width(self.model);
        Ok(if to == width {
            bits
        } else if k.signed() {
            t.sext(bits, to - width)
        } else {
            t.zext(bits, to - width)
        })
    }

    /// Stores a scalar of `lv`'s type inside a word (a bit-field keeps its low bits).
    pub(crate) fn write_slice(&mut self, lv: &LVal, value: Term, at: usize) -> R<()> {
        let slice = lv.slice.clone().expect("a slice");
        let width = self.slice_width(lv, &slice, at)?;
        let t = &self.terms;
        let w = t.sort(value).bv_width().expect("scalars are bit-vectors");
        let bits = if w == width {
            value
        } else {
            t.extract(value, width - 1, 0)
        };
        self.store_slice_bits(lv, &slice, bits, at)
    }

    /// `dst = src` where either lies in a union's word (or is one): a copy of the bits.
    /// `None` where neither does.
    pub(crate) fn copy_slice(&mut self, dst: &LVal, src: &LVal, at: usize) -> R<Option<()>> {
        let (d, s) = (self.as_slice(dst), self.as_slice(src));
        match (d, s) {
            (Some(d), Some(s)) => {
                let width = self.slice_width(src, &s, at)?;
                let bits = self.slice_bits(src, &s, width, at)?;
                self.store_slice_bits(dst, &d, bits, at)?;
            }
            (Some(d), None) => {
                let scalars = self.scalars(&src.ty, at)?;
                // The padding bytes of the struct stored take unspecified values (C11
                // 6.2.6.1:6; gcc copies the source's, which Boulder does not keep): any.
                let width = self.slice_width(dst, &d, at)?;
                if scalars.iter().map(|x| x.width).sum::<u32>() < width {
                    let any = self.temp(logic::Sort::Bv(width));
                    self.emit_havoc(any);
                    self.store_slice_bits(dst, &d, any, at)?;
                }
                for x in scalars {
                    let bits = self.object_scalar(src, &x, None, at)?;
                    let at_x = self.shifted(&d, &x);
                    self.store_slice_bits(dst, &at_x, bits, at)?;
                }
            }
            (None, Some(s)) => {
                for x in self.scalars(&dst.ty, at)? {
                    let bits = self.slice_bits(src, &self.shifted(&s, &x), x.width, at)?;
                    self.object_scalar(dst, &x, Some(bits), at)?;
                }
            }
            (None, None) => return Ok(None),
        }
        Ok(Some(()))
    }

    /// Before an automatic union's member `sub` is initialized: its padding bytes take
    /// any value, its scalars zero (C11 6.7.9:10 zeroes padding only in static objects;
    /// gcc leaves the stack's bytes there when the member covers the union), where the
    /// member has padding.
    pub(crate) fn member_padding_unspecified(&mut self, sub: &LVal, at: usize) -> R<()> {
        let Some(slice) = sub.slice.clone() else {
            return Ok(());
        };
        if !matches!(sub.ty, CType::Struct(_) | CType::Array(..)) {
            return Ok(());
        }
        let scalars = self.scalars(&sub.ty, at)?;
        let width = self.slice_width(sub, &slice, at)?;
        if scalars.iter().map(|x| x.width).sum::<u32>() >= width {
            return Ok(());
        }
        let any = self.temp(logic::Sort::Bv(width));
        self.emit_havoc(any);
        self.store_slice_bits(sub, &slice, any, at)?;
        for x in scalars {
            let zero = self.terms.bv_const(0, x.width);
            let at_x = self.shifted(&slice, &x);
            self.store_slice_bits(sub, &at_x, zero, at)?;
        }
        Ok(())
    }

    /// `slice` moved on to where scalar `x` lies in it.
    fn shifted(&self, slice: &Slice, x: &Scalar) -> Slice {
        let t = &self.terms;
        Slice {
            offset: t.bvadd(slice.offset, t.bv_const(x.bit as u128, OFFSET_BITS)),
            bits: None,
        }
    }

    /// The stored bits of scalar `x` of the object `lv` designates (an object of its own,
    /// not in a word); with `store`, replaces them by it.
    fn object_scalar(&mut self, lv: &LVal, x: &Scalar, store: Option<Term>, at: usize) -> R<Term> {
        let mut path = lv.path.clone();
        path.extend(x.path.iter().cloned());
        let leaf = self.leaf(&LVal { path, ..lv.clone() }, at)?;
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        match leaf.store {
            Storage::Scalar(v) => {
                if let Some(bits) = store {
                    self.emit_store(v, bits);
                }
                Ok(v)
            }
            Storage::Array(a) => {
                // Row-major: the object's elements of this leaf follow one another.
                let first = lv.index.as_ref().map_or(t.bv_const(0, w), |(i, _)| {
                    t.bvmul(*i, t.bv_const(x.per as u128, w))
                });
                let idx = t.bvadd(first, t.bv_const(x.elem as u128, w));
                if let Some(bits) = store {
                    let stored = t.store(a, idx, bits);
                    self.emit_store(a, stored);
                }
                Ok(t.select(a, idx))
            }
            Storage::Opaque(why) => unsup(why, at),
            Storage::Ptr { .. } => unsup("a struct with pointers copied into a union", at),
        }
    }

    /// The scalars of an object of type `ty`, where they lie in its bytes (gcc's layout),
    /// in the leaves' terms: an integer, a float, a bit-field's bits, a union's word.
    fn scalars(&self, ty: &CType, at: usize) -> R<Vec<Scalar>> {
        let mut out = Vec::new();
        self.collect_scalars(ty, &mut Vec::new(), 0, &mut out, at)?;
        // Each leaf's elements per object: how many scalars share its path.
        for i in 0..out.len() {
            out[i].per = out.iter().filter(|y| y.path == out[i].path).count() as u64;
        }
        Ok(out)
    }

    fn collect_scalars(
        &self,
        ty: &CType,
        path: &mut Vec<String>,
        bit: u64,
        out: &mut Vec<Scalar>,
        at: usize,
    ) -> R<()> {
        const MAX_SCALARS: usize = 256;
        if out.len() > MAX_SCALARS {
            return unsup("a struct of more than 256 scalars copied into a union", at);
        }
        let elem = out.iter().filter(|y| y.path == *path).count() as u64;
        let scalar = |width: u64| Scalar {
            path: path.clone(),
            elem,
            per: 0,
            bit,
            width: width as u32,
        };
        match ty {
            CType::Int(_) | CType::Float(_) => {
                let bytes = self.layout().size(ty).filter(|b| *b > 0);
                let Some(bytes) = bytes else {
                    return unsup("a scalar of unknown size copied into a union", at);
                };
                out.push(scalar(bytes * 8));
            }
            CType::Struct(id) => {
                let def = &self.structs[id.0];
                let fields = def.fields.clone().unwrap_or_default();
                if def.union && fields.len() > 1 {
                    let bits = self.union_word_bits(*id).or_else(|why| unsup(why, at))?;
                    out.push(scalar(bits as u64));
                    return Ok(());
                }
                let Some(layout) = self.layout().record(*id) else {
                    return unsup("a struct of unknown layout copied into a union", at);
                };
                for (i, f) in fields.iter().enumerate() {
                    if f.name.is_empty() {
                        continue;
                    }
                    path.push(f.name.clone());
                    let at_bit = bit + layout.offsets[i];
                    match f.bits {
                        Some(width) => out.push(Scalar {
                            path: path.clone(),
                            elem: out.iter().filter(|y| y.path == *path).count() as u64,
                            per: 0,
                            bit: at_bit,
                            width,
                        }),
                        None => self.collect_scalars(&f.ty, path, at_bit, out, at)?,
                    }
                    path.pop();
                }
            }
            CType::Array(e, Some(n)) => {
                let Some(size) = self.layout().size(e) else {
                    return unsup("an array of unknown size copied into a union", at);
                };
                for j in 0..*n {
                    self.collect_scalars(e, path, bit + j * size * 8, out, at)?;
                }
            }
            _ => return unsup("a struct with pointers copied into a union", at),
        }
        Ok(())
    }
}

/// A scalar of an object, for copies between a union's word and an object of its own:
/// its leaf (path below the object), its element in that leaf within one object (`per`
/// of them), and its bits in the object's bytes.
struct Scalar {
    path: Vec<String>,
    elem: u64,
    per: u64,
    bit: u64,
    width: u32,
}
