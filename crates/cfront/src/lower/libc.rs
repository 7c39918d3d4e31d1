//! `memset`, `memcpy` and `strlen` on objects of known size: element by element over the
//! memory model's leaves, with the bounds checks an access would have. A size that is not
//! a constant multiple of the element size, or a byte pattern other than zero written
//! over pointers, is UNKNOWN by name (the model has no bytes to write it into).

use super::object::Place;
use super::value::Val;
use super::{unsup, LVal, Translator, R};
use crate::types::{CType, IntKind};
use lang_c::ast::Expression;
use lang_c::span::Node;
use logic::Term;

/// The most elements one call may touch (each is an edge of the CFA).
const MAX_ELEMENTS: u64 = 1024;

impl<'a> Translator<'a> {
    /// The string functions; `None` for other names and where the program defines its own.
    pub fn libc_builtin(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        at: usize,
    ) -> Option<R<Val>> {
        if self.functions.contains_key(name) {
            return None;
        }
        Some(match name {
            "memset" | "__builtin_memset" => self.memset(args, at),
            "memcpy" | "__builtin_memcpy" => self.memcpy(args, at),
            "strlen" | "__builtin_strlen" => self.strlen(args, at),
            _ => return None,
        })
    }

    /// The constant value of argument `i`, converted to `size_t`.
    fn const_size(&mut self, args: &[Node<Expression>], i: usize, at: usize) -> R<u64> {
        let Some(a) = args.get(i) else {
            return unsup("a library function called with too few arguments", at);
        };
        let v = self.rvalue(a)?;
        let Val::Int(t, _) = self.convert(v, &CType::Int(IntKind::size_t(self.model)), at)? else {
            return unsup("a size that is not an integer", at);
        };
        match self.terms.as_bv_const(t) {
            Some((n, _)) => Ok(n as u64),
            None => unsup("a size that is not a constant", at),
        }
    }

    /// How many elements of `ty` make `bytes` bytes.
    fn elements(&self, ty: &CType, bytes: u64, at: usize) -> R<u64> {
        let Some(size) = self.layout().size(ty).filter(|s| *s > 0) else {
            return unsup("a library function on a type without a known size", at);
        };
        if !bytes.is_multiple_of(size) {
            return unsup(
                "a library function on part of an element (a size not a multiple of the element's)",
                at,
            );
        }
        let n = bytes / size;
        if n > MAX_ELEMENTS {
            return unsup("a library function on more than 1,024 elements", at);
        }
        Ok(n)
    }

    /// Element `j` after `lv` (which `*p` designates), with the bounds check.
    pub(crate) fn element_after(&mut self, lv: &LVal, j: u64, at: usize) -> R<LVal> {
        if lv.byte.is_some() {
            return unsup(
                "a library function on a character pointer into an integer",
                at,
            );
        }
        if lv.slice.is_some() {
            return unsup("a library function on a member of a union", at);
        }
        if j == 0 {
            return Ok(lv.clone());
        }
        let Some((o, n)) = lv.index else {
            return unsup("a library function writing beyond its object", at);
        };
        let w = self.model.pointer_width();
        let i = self.terms.bvadd(o, self.terms.bv_const(j as u128, w));
        self.check_bounds(i, n, at);
        // Memory of a size known only at run time: its length, not its room, bounds it.
        if let Some(len) = self.objects[lv.obj.0].length {
            let beyond = self.terms.bvuge(i, len);
            self.check_special(beyond, "an access beyond the allocated size", at);
        }
        Ok(LVal {
            index: Some((i, n)),
            ..lv.clone()
        })
    }

    /// Element `j` of a place.
    pub(crate) fn place_element(&mut self, place: &Place, j: u64, at: usize) -> R<Place> {
        match place {
            Place::Mem(lv) => Ok(Place::Mem(self.element_after(lv, j, at)?)),
            Place::Dyn(alts) => Ok(Place::Dyn(
                self.per_case(alts, |s, lv| s.element_after(lv, j, at))?,
            )),
            Place::Ptr(_) => unsup("a library function on a pointer variable", at),
        }
    }

    /// `byte` repeated over an integer of `width` bits.
    fn repeated(&self, byte: Term, width: u32) -> Term {
        let t = &self.terms;
        let b = t.zext(t.extract(byte, 7, 0), width - 8);
        let mut v = b;
        for i in 1..width / 8 {
            v = t.bvor(v, t.bvshl(b, t.bv_const(8 * i as u128, width)));
        }
        v
    }

    /// The width of a leaf stored as a bit-vector (an integer or a modelled float).
    fn leaf_width(&self, ty: &CType) -> u32 {
        match ty {
            CType::Int(k) => k.width(self.model),
            CType::Float(k) => k.format().expect("a modelled float leaf").width(),
            // A union's word: its bytes.
            CType::Struct(id) => self.union_word_bits(*id).expect("a union's word"),
            _ => unreachable!("a bit-vector leaf"),
        }
    }

    /// Every scalar under `lv` set to `byte` repeated (zero only, for pointers).
    fn fill_bytes(&mut self, lv: &LVal, byte: Term, at: usize) -> R<()> {
        use super::object::Storage;
        let zero = self
            .terms
            .as_bv_const(byte)
            .is_some_and(|(b, _)| b & 0xff == 0);
        let w = self.model.pointer_width();
        for leaf in self.leaves_under(lv) {
            let elements: u64 = leaf.dims.iter().product();
            // An array inside the element: set whole when the element is a whole object.
            let inner = match (&leaf.store, lv.index) {
                (Storage::Array(_) | Storage::Ptr { array: true, .. }, None) => true,
                (_, Some((_, count))) => elements != count,
                _ => false,
            };
            if inner {
                let t = self.terms.clone();
                let index = logic::ScalarSort::Bv(w);
                match (&leaf.store, &leaf.ty, lv.index) {
                    (
                        Storage::Array(a),
                        CType::Int(_) | CType::Float(_) | CType::Struct(_),
                        None,
                    ) => {
                        let v = match leaf.bits {
                            Some(b) => self.repeated_bits(b, byte, at)?,
                            None => self.repeated(byte, self.leaf_width(&leaf.ty)),
                        };
                        self.emit_store(*a, t.const_array(index, v));
                    }
                    (Storage::Ptr { base, off, .. }, CType::Pointer(_), None) if zero => {
                        let b = t.const_array(index, t.bv_const(0, super::memory::BASE_BITS));
                        self.emit_store(*base, b);
                        self.emit_store(*off, t.const_array(index, t.bv_const(0, w)));
                    }
                    _ => return unsup("memset of part of an array inside a struct", at),
                }
                continue;
            }
            let target = LVal {
                path: leaf.path.clone(),
                ty: leaf.ty.clone(),
                ..lv.clone()
            };
            match &leaf.ty {
                // A float's bytes are its pattern's (little-endian), like an integer's;
                // a union's word is its bytes.
                CType::Int(_) | CType::Float(_) | CType::Struct(_) => {
                    // A bit-field gets the pattern's bits where it lies in its bytes.
                    let v = match leaf.bits {
                        Some(b) => {
                            let bits = self.repeated_bits(b, byte, at)?;
                            self.widen_bits(&leaf, bits)
                        }
                        None => self.repeated(byte, self.leaf_width(&leaf.ty)),
                    };
                    self.write_int(&target, v, at)?;
                }
                CType::Pointer(p) if zero => {
                    let null = self.null(p);
                    self.write_ptr_leaf(&target, &null, at)?;
                }
                _ => return unsup("memset of memory that holds pointers", at),
            }
        }
        Ok(())
    }

    fn memset(&mut self, args: &[Node<Expression>], at: usize) -> R<Val> {
        let Some(dst) = args.first() else {
            return unsup("memset without arguments", at);
        };
        let p = self.pointer_value(dst)?;
        let byte = match args.get(1) {
            Some(c) => self.int_value(c)?,
            None => return unsup("memset without a value", at),
        };
        let byte = self.convert_int(byte.0, byte.1, IntKind::UChar);
        let bytes = self.const_size(args, 2, at)?;
        let n = self.elements(&p.pointee, bytes, at)?;
        if n > 0 {
            let place = self.deref_place(&p, at)?;
            for j in 0..n {
                match self.place_element(&place, j, at)? {
                    Place::Mem(lv) => self.fill_bytes(&lv, byte, at)?,
                    Place::Dyn(alts) => {
                        self.per_case(&alts, |s, lv| s.fill_bytes(lv, byte, at))?;
                    }
                    Place::Ptr(_) => unreachable!("elements are memory"),
                }
            }
        }
        Ok(Val::Ptr(p))
    }

    fn memcpy(&mut self, args: &[Node<Expression>], at: usize) -> R<Val> {
        let (Some(d), Some(s)) = (args.first(), args.get(1)) else {
            return unsup("memcpy without two pointers", at);
        };
        let dp = self.pointer_value(d)?;
        let sp = self.pointer_value(s)?;
        let ty = match (&dp.pointee, &sp.pointee) {
            (CType::Void, t) | (t, CType::Void) => t.clone(),
            (a, b) if a == b => a.clone(),
            _ => return unsup("memcpy between objects of different types", at),
        };
        if ty == CType::Void {
            return unsup("memcpy between untyped pointers", at);
        }
        let bytes = self.const_size(args, 2, at)?;
        let n = self.elements(&ty, bytes, at)?;
        if n > 0 {
            let dst = self.deref_place(
                &super::PtrVal {
                    pointee: ty.clone(),
                    ..dp.clone()
                },
                at,
            )?;
            let src = self.deref_place(
                &super::PtrVal {
                    pointee: ty.clone(),
                    ..sp
                },
                at,
            )?;
            for j in 0..n {
                let from = self.place_element(&src, j, at)?;
                let to = self.place_element(&dst, j, at)?;
                let v = self.read_place(&from, at)?;
                self.store_place(&to, v, at)?;
            }
        }
        Ok(Val::Ptr(dp))
    }

    fn strlen(&mut self, args: &[Node<Expression>], at: usize) -> R<Val> {
        let Some(s) = args.first() else {
            return unsup("strlen without an argument", at);
        };
        let p = self.pointer_value(s)?;
        let lv = self.deref(&p, at)?;
        let (CType::Int(IntKind::Char | IntKind::SChar | IntKind::UChar), Some((o, n)), None) =
            (&lv.ty, lv.index, lv.byte)
        else {
            return unsup("strlen of something other than a char array", at);
        };
        if n > MAX_ELEMENTS {
            return unsup("strlen of an array of more than 1,024 chars", at);
        }
        let k = IntKind::size_t(self.model);
        let w = self.model.pointer_width();
        let t = self.terms.clone();
        // From the last element back: the length is the first j with s[j] == 0.
        let mut len = t.bv_const(0, k.width(self.model));
        let mut none = t.tru();
        // The string must end inside the object: its room, or its length where its size
        // is known only at run time.
        let limit = self.objects[lv.obj.0]
            .length
            .unwrap_or_else(|| t.bv_const(n as u128, w));
        for j in (0..n).rev() {
            let i = t.bvadd(o, t.bv_const(j as u128, w));
            let inside = t.bvult(i, limit);
            let elem = self.read_int(
                &LVal {
                    index: Some((i, n)),
                    ..lv.clone()
                },
                at,
            )?;
            let ends = t.and(&[inside, t.eq(elem, t.bv_const(0, 8))]);
            len = t.ite(ends, t.bv_const(j as u128, k.width(self.model)), len);
            none = t.and(&[none, t.not(ends)]);
        }
        self.check_special(none, "strlen of a string without its terminating zero", at);
        Ok(Val::Int(len, k))
    }
}
