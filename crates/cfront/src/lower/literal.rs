//! Constants and string literals: integer constants with their C11 6.4.4.1 types,
//! character constants, and string literals as anonymous static `char` arrays.

use super::value::Val;
use super::{unsup, LVal, Translator, R};
use crate::types::{CType, IntKind};
use lang_c::ast::{Constant, IntegerBase, IntegerSize};
use lang_c::span::Node;

impl<'a> Translator<'a> {
    pub(super) fn constant(&mut self, c: &Node<Constant>) -> R<Val> {
        let at = c.span.start;
        match &c.node {
            Constant::Integer(i) => {
                let radix = match i.base {
                    IntegerBase::Decimal => 10,
                    IntegerBase::Octal => 8,
                    IntegerBase::Hexadecimal => 16,
                    IntegerBase::Binary => 2,
                };
                let digits = i.number.trim_start_matches("0x").trim_start_matches("0X");
                let value = if digits.is_empty() {
                    0
                } else {
                    u128::from_str_radix(digits, radix)
                        .map_err(|_| super::Unsup::new("an integer constant too large", at))?
                };
                if i.suffix.imaginary {
                    return unsup("an imaginary constant", at);
                }
                let k = self
                    .constant_kind(
                        value,
                        i.base == IntegerBase::Decimal,
                        i.suffix.unsigned,
                        i.suffix.size,
                    )
                    .ok_or_else(|| {
                        super::Unsup::new("an integer constant too large for its type", at)
                    })?;
                Ok(Val::Int(self.terms.bv_const(value, k.width(self.model)), k))
            }
            Constant::Character(s) => {
                let v = char_constant(s)
                    .ok_or_else(|| super::Unsup::new(format!("the character constant {s}"), at))?;
                Ok(Val::Int(self.bv(v, IntKind::Int), IntKind::Int))
            }
            Constant::Float(f) => self.float_constant(f, at),
        }
    }

    /// The type of an integer constant (C11 6.4.4.1:5): the first of the candidate types
    /// that can represent it.
    fn constant_kind(
        &self,
        v: u128,
        decimal: bool,
        unsigned: bool,
        size: IntegerSize,
    ) -> Option<IntKind> {
        use IntKind::*;
        let candidates: &[IntKind] = match (unsigned, size, decimal) {
            (false, IntegerSize::Int, true) => &[Int, Long, LongLong],
            (false, IntegerSize::Int, false) => &[Int, UInt, Long, ULong, LongLong, ULongLong],
            (true, IntegerSize::Int, _) => &[UInt, ULong, ULongLong],
            (false, IntegerSize::Long, true) => &[Long, LongLong],
            (false, IntegerSize::Long, false) => &[Long, ULong, LongLong, ULongLong],
            (true, IntegerSize::Long, _) => &[ULong, ULongLong],
            (false, IntegerSize::LongLong, true) => &[LongLong],
            (false, IntegerSize::LongLong, false) => &[LongLong, ULongLong],
            (true, IntegerSize::LongLong, _) => &[ULongLong],
        };
        candidates.iter().copied().find(|k| {
            let w = k.width(self.model);
            let max = if k.signed() {
                (1u128 << (w - 1)) - 1
            } else {
                logic::value::mask(w)
            };
            v <= max
        })
    }

    /// A string literal as an anonymous static `char` array.
    pub fn string_object(&mut self, parts: &[String], at: usize) -> R<LVal> {
        let bytes = string_bytes(parts)
            .ok_or_else(|| super::Unsup::new("a wide or malformed string literal", at))?;
        let ty = CType::Array(
            Box::new(CType::Int(IntKind::Char)),
            Some(bytes.len() as u64),
        );
        let name = format!("string.{at}");
        let obj = self.globally(|s| s.new_object(&name, ty));
        let lv = self.whole(obj);
        let leaf = self.objects[obj.0].leaves[0].store.clone();
        if let super::object::Storage::Array(a) = leaf {
            let w = self.model.pointer_width();
            let mut v = self
                .terms
                .const_array(logic::ScalarSort::Bv(w), self.terms.bv_const(0, 8));
            for (i, b) in bytes.iter().enumerate() {
                v = self.terms.store(
                    v,
                    self.terms.bv_const(i as u128, w),
                    self.terms.bv_const(*b as u128, 8),
                );
            }
            let s = self.stmts.assign(a, v, None);
            self.init.push(s);
        }
        Ok(lv)
    }
}

/// The value of a character constant as an `int` (plain `char` is signed).
pub(crate) fn char_constant(s: &str) -> Option<i128> {
    let wide = s.starts_with('L') || s.starts_with('u') || s.starts_with('U');
    let inner = s
        .trim_start_matches(['L', 'u', 'U', '8'])
        .strip_prefix('\'')?
        .strip_suffix('\'')?;
    let bytes = unescape(inner)?;
    if bytes.len() != 1 {
        return None;
    }
    let b = bytes[0] as i128;
    Some(if !wide && b >= 128 { b - 256 } else { b })
}

/// The bytes of concatenated string literal parts, with the terminating NUL.
pub(crate) fn string_bytes(parts: &[String]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for p in parts {
        if p.starts_with('L') || p.starts_with('u') || p.starts_with('U') {
            return None;
        }
        let inner = p.strip_prefix('"')?.strip_suffix('"')?;
        out.extend(unescape(inner)?);
    }
    out.push(0);
    Some(out)
}

fn unescape(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let c = *b.get(i)?;
        i += 1;
        out.push(match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' => 27,
            b'\\' | b'\'' | b'"' | b'?' => c,
            b'x' => {
                let start = i;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    i += 1;
                }
                u32::from_str_radix(std::str::from_utf8(&b[start..i]).ok()?, 16).ok()? as u8
            }
            b'0'..=b'7' => {
                let start = i - 1;
                while i < b.len() && i < start + 3 && (b'0'..=b'7').contains(&b[i]) {
                    i += 1;
                }
                u32::from_str_radix(std::str::from_utf8(&b[start..i]).ok()?, 8).ok()? as u8
            }
            _ => return None,
        });
    }
    Some(out)
}
