//! Struct and union layout as gcc lays them out on x86 and x86-64 (System V; i386 under
//! ILP32), bit-fields included.
//!
//! Ordinary members go at the next multiple of their alignment (1 in a packed struct).
//! Bit-fields follow gcc's `PCC_BITFIELD_TYPE_MATTERS` rules (`place_field` and
//! `excess_unit_span` in gcc's `stor-layout.c`):
//! - a bit-field goes at the next free bit, unless from there it would span more
//!   alignment units of its declared type than the type itself has: then it starts at the
//!   next unit (`int` bit-fields never straddle a 4-byte boundary; a `long long` one under
//!   i386, 4-aligned in structs, may cross one 4-byte boundary);
//! - a zero-width bit-field (`int : 0;`) moves the next member to the next unit of its
//!   type, also in a packed struct;
//! - a named bit-field gives the struct the alignment of its declared type (1 if packed);
//!   unnamed ones (padding) give none;
//! - in a packed struct bit-fields are placed at the next free bit, whatever units they
//!   cross;
//! - in a union every member is at offset 0; a bit-field takes its width rounded up to
//!   bytes.
//!
//! The size is the last bit used, rounded up to bytes and then to the alignment.
//! (C11 6.7.2.1:11 leaves all of this to the implementation.)

use crate::types::{Layout, StructId};

/// Where the members of a struct or union lie.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordLayout {
    pub size: u64,
    pub align: u64,
    /// The bit offset of each member, in the order of `StructDef::fields`.
    pub offsets: Vec<u64>,
}

impl Layout<'_> {
    /// The layout of a complete struct or union (`None`: incomplete, or a member whose
    /// size is unknown, or a layout attribute the model does not follow).
    pub fn record(&self, id: StructId) -> Option<RecordLayout> {
        let def = &self.structs[id.0];
        if def.layout_unknown {
            return None;
        }
        let fields = def.fields.as_ref()?;
        // A struct: the next free bit; a union: the largest member in bits.
        let mut bitpos = 0u64;
        let mut align = 1u64;
        let mut offsets = Vec::with_capacity(fields.len());
        for f in fields {
            let Some(width) = f.bits else {
                let fa = if def.packed { 1 } else { self.align(&f.ty)? };
                let size = self.size(&f.ty)?;
                align = align.max(fa);
                if def.union {
                    offsets.push(0);
                    bitpos = bitpos.max(size * 8);
                } else {
                    let at = bitpos.div_ceil(8).div_ceil(fa) * fa;
                    offsets.push(at * 8);
                    bitpos = (at + size) * 8;
                }
                continue;
            };
            let width = width as u64;
            // The type's alignment in a struct (i386: 4 for `long long`) is its unit.
            let unit = self.align(&f.ty)? * 8;
            let type_bits = self.size(&f.ty)? * 8;
            if !f.name.is_empty() && width > 0 {
                align = align.max(if def.packed { 1 } else { unit / 8 });
            }
            if def.union {
                offsets.push(0);
                bitpos = bitpos.max(width.div_ceil(8) * 8);
                continue;
            }
            if width == 0 {
                bitpos = bitpos.div_ceil(unit) * unit;
            } else if !def.packed {
                let into = bitpos % unit;
                if (into + width).div_ceil(unit) > type_bits / unit {
                    bitpos = bitpos.div_ceil(unit) * unit;
                }
            }
            offsets.push(bitpos);
            bitpos += width;
        }
        let align = align.max(def.aligned.unwrap_or(1));
        Some(RecordLayout {
            size: bitpos.div_ceil(8).div_ceil(align) * align,
            align,
            offsets,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::DataModel;
    use crate::types::{CType, Field, IntKind, StructDef};

    fn def(fields: &[(&str, IntKind, Option<u32>)], packed: bool) -> StructDef {
        StructDef {
            name: "s".into(),
            union: false,
            packed,
            aligned: None,
            layout_unknown: false,
            fields: Some(
                fields
                    .iter()
                    .map(|(n, k, b)| Field {
                        name: n.to_string(),
                        ty: CType::Int(*k),
                        bits: *b,
                    })
                    .collect(),
            ),
        }
    }

    fn layout(d: StructDef, model: DataModel) -> RecordLayout {
        let structs = [d];
        Layout {
            model,
            structs: &structs,
        }
        .record(StructId(0))
        .unwrap()
    }

    // Golden values printed by gcc 12.2 (x86-64, and -m32 where it differs).
    #[test]
    fn bit_fields_are_laid_out_as_gcc_lays_them_out() {
        use IntKind::*;
        // struct { char c; int a : 30; int b : 4; char d; }: a does not fit after c in
        // the first int unit (8 + 30 > 32), b goes on from a's end, d after b's byte.
        let d = def(
            &[
                ("c", Char, None),
                ("a", Int, Some(30)),
                ("b", Int, Some(4)),
                ("d", Char, None),
            ],
            false,
        );
        let l = layout(d.clone(), DataModel::Lp64);
        assert_eq!((l.size, l.align), (12, 4));
        assert_eq!(l.offsets, vec![0, 32, 64, 72]);
        // Packed: bit by bit.
        let mut p = d;
        p.packed = true;
        let l = layout(p, DataModel::Lp64);
        assert_eq!((l.size, l.align), (7, 1));
        assert_eq!(l.offsets, vec![0, 8, 38, 48]);
        // A zero-width bit-field moves on to the next int; unnamed ones do not align.
        let z = def(
            &[("a", Char, None), ("", Int, Some(0)), ("b", Char, None)],
            false,
        );
        let l = layout(z, DataModel::Lp64);
        assert_eq!((l.size, l.align), (5, 1));
        // long long : 40 after 20 bits: i386 units are 4 bytes (two of them suffice),
        // x86-64 units 8 bytes (60 bits fit in one).
        let ll = def(&[("a", Int, Some(20)), ("b", LongLong, Some(40))], false);
        let l32 = layout(ll.clone(), DataModel::Ilp32);
        assert_eq!((l32.size, l32.align, l32.offsets[1]), (8, 4, 20));
        let l64 = layout(ll, DataModel::Lp64);
        assert_eq!((l64.size, l64.align, l64.offsets[1]), (8, 8, 20));
    }
}
