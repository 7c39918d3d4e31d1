//! The memory model: C objects as sets of scalar leaves, lvalues into them, and pointers
//! with a static target and a dynamic offset.
//!
//! An object of aggregate type is stored leaf by leaf: every scalar reached through struct
//! fields and array dimensions is one CFA variable, an SMT array (index sort: the pointer
//! width) when arrays lie on its path, flattened row-major as C lays arrays out. So
//! `struct {int v[4];} s[3]` has one leaf `s.v`, an array of 12 elements, and `s[i].v[j]`
//! is element `i*4 + j`.
//!
//! A pointer is a pair (target, offset): the target a number naming an object and a
//! position in it (see `target.rs`), 0 for the null pointer; the offset an element index.
//! Where a pointer variable only ever holds one target (`&x`, `&a[i]`, an array decayed,
//! an argument of an inlined call), the target is a constant and only the offset is a CFA
//! variable; otherwise both are (see `target.rs` for how the translation finds out).

use super::bitfield::BitField;
use super::memory::{ObjKey, BASE_BITS};
use super::Translator;
use crate::types::{CType, FloatKind};
use cfa::VarKind;
use logic::{ScalarSort, Sort, Term};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ObjId(pub usize);

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct PtrVarId(pub usize);

#[derive(Clone, Debug)]
pub(crate) enum Storage {
    Scalar(Term),
    Array(Term),
    /// A pointer: its target and offset, scalars or (inside arrays) SMT arrays.
    Ptr {
        base: Term,
        off: Term,
        array: bool,
    },
    /// Cannot be used; the reason.
    Opaque(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Leaf {
    pub path: Vec<String>,
    pub ty: CType,
    /// The array dimensions on the leaf's path, outermost first.
    #[allow(dead_code)]
    pub dims: Vec<u64>,
    pub store: Storage,
    /// A bit-field: its store has `bits.width` bits, `ty` is its declared type.
    pub bits: Option<BitField>,
}

#[derive(Clone, Debug)]
pub(crate) struct Object {
    #[allow(dead_code)]
    pub name: String,
    pub key: ObjKey,
    pub ty: CType,
    pub leaves: Vec<Leaf>,
    /// For an object `malloc` made: whether it is allocated and not yet freed (a
    /// one-bit variable).
    pub alive: Option<Term>,
    /// For an object allocated with a size known only at run time: its length in
    /// elements (accesses at or beyond it are undefined behaviour).
    pub length: Option<Term>,
    /// For a local of a recursive function whose address the program takes: the
    /// activation (a depth of its function) whose copy the last `&` took, and the
    /// function's depth variable (`call.rs`).
    pub frame: Option<(Term, Term)>,
}

/// A pointer variable. Its target is a constant while it only ever holds one; the
/// translation is repeated with a target variable otherwise (`target.rs`).
#[derive(Clone, Debug)]
pub(crate) struct PtrVar {
    pub name: String,
    pub pointee: CType,
    pub offset: Term,
    pub base: PtrVarBase,
}

#[derive(Clone, Debug)]
pub(crate) enum PtrVarBase {
    /// Not assigned yet in the translation.
    Unset,
    /// Always this target (a constant).
    Static(Term),
    /// A CFA variable of [`BASE_BITS`] bits.
    Dynamic(Term),
}

#[derive(Clone, Debug)]
pub(crate) struct PtrVal {
    /// The target: a [`BASE_BITS`]-bit term, 0 for the null pointer.
    pub base: Term,
    /// Element index, a bit-vector of the pointer width.
    pub offset: Term,
    pub pointee: CType,
}

/// A place inside an object: a path of fields, and the flattened index of the array
/// dimensions consumed so far (with the number of elements it ranges over).
#[derive(Clone, Debug)]
pub(crate) struct LVal {
    pub obj: ObjId,
    pub path: Vec<String>,
    pub ty: CType,
    pub index: Option<(Term, u64)>,
    pub indexed_last: bool,
    /// A `char` seen through a byte view of a wider integer (`(char *) &i`): which byte
    /// of the element (little-endian, as gcc lays integers out on x86).
    pub byte: Option<Term>,
    /// Inside a union's word (`path` names the word's leaf): where (`union.rs`).
    pub slice: Option<super::union::Slice>,
}

/// What an lvalue expression designates.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    Mem(LVal),
    Ptr(PtrVarId),
    /// Through a pointer whose target is not a constant: one lvalue per target it may
    /// hold, each with the condition (on the pointer's target) under which it is meant.
    Dyn(Vec<(Term, LVal)>),
}

/// A leaf found while walking a type: path, type, dimensions, why it is unusable.
type RawLeaf = (Vec<String>, CType, Vec<u64>, Option<String>);

impl<'a> Translator<'a> {
    pub fn index_sort(&self) -> Sort {
        Sort::Bv(self.model.pointer_width())
    }

    fn collect_leaves(
        &self,
        ty: &CType,
        path: &mut Vec<String>,
        dims: &mut Vec<u64>,
        out: &mut Vec<RawLeaf>,
    ) {
        match ty {
            CType::Int(_) => out.push((path.clone(), ty.clone(), dims.clone(), None)),
            // Pointers to functions too: their target is a function's (`fnptr.rs`).
            CType::Pointer(_) => out.push((path.clone(), ty.clone(), dims.clone(), None)),
            CType::Float(k) => out.push((
                path.clone(),
                ty.clone(),
                dims.clone(),
                k.format().is_none().then(|| FloatKind::LONG_DOUBLE.into()),
            )),
            CType::Opaque(what) => out.push((
                path.clone(),
                ty.clone(),
                dims.clone(),
                Some(what.to_string()),
            )),
            CType::Array(e, Some(n)) => {
                dims.push(*n);
                self.collect_leaves(e, path, dims, out);
                dims.pop();
            }
            CType::Array(_, None) => out.push((
                path.clone(),
                ty.clone(),
                dims.clone(),
                Some("an array of unknown size".into()),
            )),
            CType::Struct(id) => {
                let def = &self.structs[id.0];
                let Some(fields) = def.fields.clone() else {
                    out.push((
                        path.clone(),
                        ty.clone(),
                        dims.clone(),
                        Some(format!("incomplete struct {}", def.name)),
                    ));
                    return;
                };
                // A union with several members: one word, when its members are bytes
                // only (`union.rs`); otherwise its members are unusable, with the reason.
                let opaque_union = if def.union && fields.len() > 1 {
                    match self.union_word_bits(*id) {
                        Ok(_) => {
                            out.push((path.clone(), ty.clone(), dims.clone(), None));
                            return;
                        }
                        Err(why) => Some(why),
                    }
                } else {
                    None
                };
                let start = out.len();
                // Unnamed bit-fields are padding: no value to keep.
                for f in fields.iter().filter(|f| !f.name.is_empty()) {
                    path.push(f.name.clone());
                    self.collect_leaves(&f.ty, path, dims, out);
                    path.pop();
                }
                if let Some(why) = opaque_union {
                    for leaf in &mut out[start..] {
                        leaf.3 = Some(why.clone());
                    }
                }
            }
            CType::Void | CType::Function { .. } => {}
        }
    }

    /// Creates the storage of a C object of type `ty` named `name` (`name.field…` for
    /// leaves).
    pub fn new_object(&mut self, name: &str, ty: CType) -> ObjId {
        let key = self.mem.object_key(name);
        // Made already, where a pointer first reached it (`memory::Creator::Local`).
        if let Some(o) = self.mem.objects_by_key.get(&key) {
            if self.objects[o.0].ty == ty {
                return *o;
            }
        }
        self.new_object_keyed(name, ty, key)
    }

    /// [`Translator::new_object`] under a key chosen by the caller.
    pub fn new_object_keyed(&mut self, name: &str, ty: CType, key: ObjKey) -> ObjId {
        let mut raw = Vec::new();
        self.collect_leaves(&ty, &mut Vec::new(), &mut Vec::new(), &mut raw);
        let mut leaves = Vec::new();
        for (path, lty, dims, opaque) in raw {
            let bits = self.bitfield_at(&ty, &path);
            let vname = if path.is_empty() {
                name.to_string()
            } else {
                format!("{name}.{}", path.join("."))
            };
            let store = match (opaque, &lty) {
                (Some(why), _) => Storage::Opaque(why),
                (None, CType::Int(_) | CType::Float(_) | CType::Struct(_)) => {
                    // A float is stored as its bit pattern, like an integer of its width;
                    // a union (the only struct type a leaf has) as its bytes.
                    let w = match (&lty, bits) {
                        (_, Some(b)) => b.width,
                        (CType::Int(k), None) => k.width(self.model),
                        (CType::Float(k), None) => k.format().expect("modelled").width(),
                        (CType::Struct(id), None) => {
                            self.union_word_bits(*id).expect("a union's word")
                        }
                        _ => unreachable!("an integer or float leaf"),
                    };
                    // A union's word is no C lvalue of an integer type: its name says so
                    // (`$` is in no C name witnesses print, `witness::cexfile::c_lvalue`),
                    // so that no invariant names it.
                    let vname = if matches!(lty, CType::Struct(_)) {
                        format!("{vname}$bytes")
                    } else {
                        vname
                    };
                    let signed = match &lty {
                        CType::Int(k) => Some(k.signed()),
                        _ => None,
                    };
                    if dims.is_empty() {
                        let x = self.new_var(&vname, Sort::Bv(w), VarKind::Program);
                        if let (Some(v), Some(s)) = (self.terms.as_var(x), signed) {
                            self.cfa.set_var_signed(v, s);
                        }
                        Storage::Scalar(x)
                    } else {
                        let s = Sort::Array(
                            ScalarSort::Bv(self.model.pointer_width()),
                            ScalarSort::Bv(w),
                        );
                        let a = self.new_var(&vname, s, VarKind::Program);
                        if let (Some(v), Some(s)) = (self.terms.as_var(a), signed) {
                            self.cfa.set_var_signed(v, s);
                        }
                        // Accesses are bounds-checked (UB otherwise): the elements
                        // beyond are never read.
                        // Only an array variable of its own is `name[i][j]…` in C (a
                        // member's elements are `s[i].f[j]`): it alone gets its dimensions.
                        match (self.terms.as_var(a), path.is_empty()) {
                            (Some(v), true) => self.cfa.set_array_dims(v, &dims),
                            (Some(v), false) => {
                                if let Some(n) =
                                    dims.iter().try_fold(1u64, |acc, d| acc.checked_mul(*d))
                                {
                                    self.cfa.set_array_len(v, n);
                                }
                            }
                            (None, _) => {}
                        }
                        Storage::Array(a)
                    }
                }
                (None, CType::Pointer(_)) => {
                    let w = self.model.pointer_width();
                    let (bsort, osort) = if dims.is_empty() {
                        (Sort::Bv(BASE_BITS), Sort::Bv(w))
                    } else {
                        (
                            Sort::Array(ScalarSort::Bv(w), ScalarSort::Bv(BASE_BITS)),
                            Sort::Array(ScalarSort::Bv(w), ScalarSort::Bv(w)),
                        )
                    };
                    let base = self.new_var(&format!("{vname}.base"), bsort, VarKind::Program);
                    let off = self.new_var(&format!("{vname}.off"), osort, VarKind::Program);
                    if let Some(n) = dims.iter().try_fold(1u64, |acc, d| acc.checked_mul(*d)) {
                        for t in [base, off] {
                            if let (Some(v), false) = (self.terms.as_var(t), dims.is_empty()) {
                                self.cfa.set_array_len(v, n);
                            }
                        }
                    }
                    Storage::Ptr {
                        base,
                        off,
                        array: !dims.is_empty(),
                    }
                }
                (None, _) => Storage::Opaque("an unsupported type".into()),
            };
            leaves.push(Leaf {
                path,
                ty: lty,
                dims,
                store,
                bits,
            });
        }
        self.objects.push(Object {
            name: name.to_string(),
            key: key.clone(),
            ty,
            leaves,
            alive: None,
            length: None,
            frame: None,
        });
        let id = ObjId(self.objects.len() - 1);
        self.mem.objects_by_key.insert(key, id);
        id
    }

    pub fn whole(&self, obj: ObjId) -> LVal {
        LVal {
            obj,
            path: Vec::new(),
            ty: self.objects[obj.0].ty.clone(),
            index: None,
            indexed_last: false,
            byte: None,
            slice: None,
        }
    }

    /// The leaves at or below `lv` (relative paths).
    pub fn leaves_under(&self, lv: &LVal) -> Vec<Leaf> {
        self.objects[lv.obj.0]
            .leaves
            .iter()
            .filter(|l| l.path.starts_with(&lv.path))
            .cloned()
            .collect()
    }
}
