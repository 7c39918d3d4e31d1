//! Bit-fields: a leaf of their own width, read by extension and written by truncation.
//!
//! A bit-field's storage is a CFA variable of exactly its width (so solvers see narrow
//! sorts); its declared type gives the signedness (plain `int` bit-fields are signed, as
//! gcc makes them; `_Bool` and enum types as gcc allows). Reading one sign- or
//! zero-extends it to its declared type and then gives it gcc's promoted type; writing
//! one converts the value to the declared type and keeps the low bits (C11 6.3.1.3:3
//! leaves the signed case to the implementation: gcc truncates modulo 2^width). That is a
//! conversion, never an arithmetic overflow. Where the bits lie in the struct is
//! `crate::record`'s matter; here only their position in a byte matters (`memset`).

use super::object::{Leaf, Place};
use super::{unsup, LVal, Translator, R};
use crate::source::DataModel;
use crate::types::IntKind;
use logic::Term;

/// What makes a leaf a bit-field.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct BitField {
    pub width: u32,
    /// Its first bit's position in its byte (`None`: the struct's layout is unknown).
    pub shift: Option<u32>,
}

/// The type a bit-field's value has in an expression, as gcc gives it (C11 6.3.1.1:2
/// promotes a bit-field to `int` if `int` holds all its values, else to `unsigned int`):
/// narrower than `int`: `int`; exactly 32 bits: `int` or `unsigned int` by its
/// signedness; as wide as its declared type: that type. gcc computes with a bit-field of
/// 33 to 63 bits in a type of its own width (`long long x : 40`: `s.x + 1` wraps at
/// 2^40); that has no kind here (`None`).
pub(crate) fn value_kind(declared: IntKind, width: u32, model: DataModel) -> Option<IntKind> {
    let int = IntKind::Int.width(model);
    if width < int {
        Some(IntKind::Int)
    } else if width == int {
        Some(if declared.signed() {
            IntKind::Int
        } else {
            IntKind::UInt
        })
    } else if width == declared.width(model) {
        Some(declared)
    } else {
        None
    }
}

impl Translator<'_> {
    /// The bit-field a scalar lvalue designates, if it is one.
    pub(crate) fn bitfield_of(&self, lv: &LVal) -> Option<BitField> {
        if lv.byte.is_some() {
            return None;
        }
        if let Some(s) = &lv.slice {
            return s.bits;
        }
        self.objects[lv.obj.0]
            .leaves
            .iter()
            .find(|l| l.path == lv.path)
            .and_then(|l| l.bits)
    }

    /// The bit-field at `path` (member names, arrays skipped) in an object of type `ty`.
    pub(crate) fn bitfield_at(
        &self,
        ty: &crate::types::CType,
        path: &[String],
    ) -> Option<BitField> {
        use crate::types::CType;
        let mut t = ty;
        let mut found = None;
        for name in path {
            while let CType::Array(e, _) = t {
                t = e;
            }
            let CType::Struct(id) = t else { return None };
            let fields = self.structs[id.0].fields.as_ref()?;
            let i = fields.iter().position(|f| f.name == *name)?;
            found = fields[i].bits.map(|width| BitField {
                width,
                shift: self.layout().record(*id).map(|r| (r.offsets[i] % 8) as u32),
            });
            t = &fields[i].ty;
        }
        found
    }

    /// Whether objects of type `ty` hold bit-fields (in members, nested, or elements).
    pub(crate) fn has_bitfields(&self, ty: &crate::types::CType) -> bool {
        use crate::types::CType;
        match ty {
            CType::Array(e, _) => self.has_bitfields(e),
            CType::Struct(id) => self.structs[id.0].fields.as_ref().is_some_and(|fs| {
                fs.iter()
                    .any(|f| f.bits.is_some() || self.has_bitfields(&f.ty))
            }),
            _ => false,
        }
    }

    /// Whether a place is a bit-field (whose address cannot be taken, C11 6.5.3.2:1).
    pub(crate) fn is_bitfield_place(&self, place: &Place) -> bool {
        match place {
            Place::Mem(lv) => self.bitfield_of(lv).is_some(),
            Place::Dyn(alts) => alts.iter().any(|(_, lv)| self.bitfield_of(lv).is_some()),
            Place::Ptr(_) => false,
        }
    }

    /// A bit-field leaf's stored bits, extended to its declared type.
    pub(crate) fn widen_bits(&self, leaf: &Leaf, bits: Term) -> Term {
        let (Some(k), Some(_)) = (leaf.ty.as_int(), leaf.bits) else {
            return bits;
        };
        let t = &self.terms;
        let w = t.sort(bits).bv_width().expect("bit-fields are bit-vectors");
        let to = k.width(self.model);
        if to == w {
            bits
        } else if k.signed() {
            t.sext(bits, to - w)
        } else {
            t.zext(bits, to - w)
        }
    }

    /// A value of a bit-field leaf's declared type, cut to its width.
    pub(crate) fn narrow_bits(&self, leaf: &Leaf, value: Term) -> Term {
        match leaf.bits {
            Some(b) => {
                let w = self.terms.sort(value).bv_width().expect("integers");
                if w == b.width {
                    value
                } else {
                    self.terms.extract(value, b.width - 1, 0)
                }
            }
            None => value,
        }
    }

    /// The value an lvalue of integer kind `k` read as `v` has in an expression: `v`
    /// itself, or for a bit-field `v` in the bit-field's promoted type.
    pub(crate) fn promote_bitfield(
        &mut self,
        lv: &LVal,
        v: Term,
        k: IntKind,
        at: usize,
    ) -> R<super::value::Val> {
        use super::value::Val;
        let Some(b) = self.bitfield_of(lv) else {
            return Ok(Val::Int(v, k));
        };
        match value_kind(k, b.width, self.model) {
            Some(to) => Ok(Val::Int(self.resize(v, k, to, to.width(self.model)), to)),
            None => unsup(
                "a bit-field of 33 to 63 bits used as a value (gcc computes in its own width)",
                at,
            ),
        }
    }

    /// `byte` repeated over a bit-field's bits (`memset`): the bits of the repeated
    /// pattern from its shift on.
    pub(crate) fn repeated_bits(&mut self, b: BitField, byte: Term, at: usize) -> R<Term> {
        let Some(shift) = b.shift else {
            return unsup("memset over a bit-field of a struct of unknown layout", at);
        };
        let t = self.terms.clone();
        let b8 = t.extract(byte, 7, 0);
        let bytes = (shift + b.width).div_ceil(8);
        let mut v = b8;
        for _ in 1..bytes {
            v = t.concat(b8, v);
        }
        Ok(t.extract(v, shift + b.width - 1, shift))
    }
}
