//! The memory model: C objects as sets of scalar leaves, lvalues into them, and pointers
//! with a static target and a dynamic offset.
//!
//! An object of aggregate type is stored leaf by leaf: every scalar reached through struct
//! fields and array dimensions is one CFA variable, an SMT array (index sort: the pointer
//! width) when arrays lie on its path, flattened row-major as C lays arrays out. So
//! `struct {int v[4];} s[3]` has one leaf `s.v`, an array of 12 elements, and `s[i].v[j]`
//! is element `i*4 + j`.
//!
//! A pointer is exact when its target object is known statically (`&x`, `&a[i]`, an array
//! decayed, an argument of an inlined call): the target is fixed per pointer variable and
//! only the offset (an element index) is a CFA variable.

use super::{unsup, Translator, R};
use crate::types::{CType, IntKind};
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
}

#[derive(Clone, Debug)]
pub(crate) struct Object {
    #[allow(dead_code)]
    pub name: String,
    pub ty: CType,
    pub leaves: Vec<Leaf>,
}

/// A pointer variable: static target, dynamic offset.
#[derive(Clone, Debug)]
pub(crate) struct PtrVar {
    pub name: String,
    pub pointee: CType,
    pub offset: Term,
    pub base: Option<PtrBase>,
}

#[derive(Clone, PartialEq, Debug)]
pub(crate) enum PtrBase {
    Null,
    Obj {
        obj: ObjId,
        path: Vec<String>,
        /// For a pointer to an array element: the number of elements the offset ranges
        /// over (the flattened dimensions consumed). `None`: a pointer to a whole object,
        /// whose offset must be 0 to dereference.
        count: Option<u64>,
        /// Whether pointer arithmetic stays exact: the last step to the target was an
        /// array index (not a struct field inside an array of structs).
        arith: bool,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct PtrVal {
    pub base: PtrBase,
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
}

/// What an lvalue expression designates.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    Mem(LVal),
    Ptr(PtrVarId),
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
            CType::Pointer(_) => out.push((
                path.clone(),
                ty.clone(),
                dims.clone(),
                Some("a pointer inside a struct or array".into()),
            )),
            CType::Float => out.push((
                path.clone(),
                ty.clone(),
                dims.clone(),
                Some("floating point".into()),
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
                let opaque_union = def.union && fields.len() > 1;
                let start = out.len();
                for (f, ft) in &fields {
                    path.push(f.clone());
                    self.collect_leaves(ft, path, dims, out);
                    path.pop();
                }
                if opaque_union {
                    for leaf in &mut out[start..] {
                        leaf.3 = Some("a union with several members".into());
                    }
                }
            }
            CType::Void | CType::Function { .. } => {}
        }
    }

    /// Creates the storage of a C object of type `ty` named `name` (`name.field…` for
    /// leaves).
    pub fn new_object(&mut self, name: &str, ty: CType) -> ObjId {
        let mut raw = Vec::new();
        self.collect_leaves(&ty, &mut Vec::new(), &mut Vec::new(), &mut raw);
        let mut leaves = Vec::new();
        for (path, lty, dims, opaque) in raw {
            let vname = if path.is_empty() {
                name.to_string()
            } else {
                format!("{name}.{}", path.join("."))
            };
            let store = match (opaque, &lty) {
                (Some(why), _) => Storage::Opaque(why),
                (None, CType::Int(k)) => {
                    let w = k.width(self.model);
                    if dims.is_empty() {
                        Storage::Scalar(self.new_var(&vname, Sort::Bv(w), VarKind::Program))
                    } else {
                        let s = Sort::Array(
                            ScalarSort::Bv(self.model.pointer_width()),
                            ScalarSort::Bv(w),
                        );
                        let a = self.new_var(&vname, s, VarKind::Program);
                        // Accesses are bounds-checked (UB otherwise): the elements
                        // beyond are never read.
                        if let (Some(v), Some(n)) = (
                            self.terms.as_var(a),
                            dims.iter().try_fold(1u64, |acc, d| acc.checked_mul(*d)),
                        ) {
                            self.cfa.set_array_len(v, n);
                        }
                        Storage::Array(a)
                    }
                }
                (None, _) => Storage::Opaque("an unsupported type".into()),
            };
            leaves.push(Leaf {
                path,
                ty: lty,
                dims,
                store,
            });
        }
        self.objects.push(Object {
            name: name.to_string(),
            ty,
            leaves,
        });
        ObjId(self.objects.len() - 1)
    }

    pub fn new_pointer(&mut self, name: &str, pointee: CType) -> PtrVarId {
        let offset = self.new_var(&format!("{name}.off"), self.index_sort(), VarKind::Program);
        self.ptrs.push(PtrVar {
            name: name.to_string(),
            pointee,
            offset,
            base: None,
        });
        PtrVarId(self.ptrs.len() - 1)
    }

    pub fn whole(&self, obj: ObjId) -> LVal {
        LVal {
            obj,
            path: Vec::new(),
            ty: self.objects[obj.0].ty.clone(),
            index: None,
            indexed_last: false,
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

    fn leaf(&self, lv: &LVal, at: usize) -> R<Leaf> {
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
        let leaf = self.leaf(lv, at)?;
        match leaf.store {
            Storage::Scalar(v) => Ok(v),
            Storage::Array(a) => {
                let idx = lv.index.as_ref().expect("an index into an array leaf").0;
                Ok(self.terms.select(a, idx))
            }
            Storage::Opaque(why) => unsup(why, at),
        }
    }

    /// Assigns a scalar integer lvalue.
    pub fn write_int(&mut self, lv: &LVal, value: Term, at: usize) -> R<()> {
        let leaf = self.leaf(lv, at)?;
        match leaf.store {
            Storage::Scalar(v) => {
                self.emit_assign(v, value);
                Ok(())
            }
            Storage::Array(a) => {
                let idx = lv.index.as_ref().expect("an index into an array leaf").0;
                let stored = self.terms.store(a, idx, value);
                self.emit_assign(a, stored);
                Ok(())
            }
            Storage::Opaque(why) => unsup(why, at),
        }
    }

    /// `lv.field`.
    pub fn field(&self, lv: &LVal, name: &str, at: usize) -> R<LVal> {
        let CType::Struct(id) = &lv.ty else {
            return unsup("member access on a non-struct value", at);
        };
        let Some(fields) = &self.structs[id.0].fields else {
            return unsup("member of an incomplete struct", at);
        };
        let Some((_, ty)) = fields.iter().find(|(f, _)| f == name) else {
            return unsup(format!("no member `{name}`"), at);
        };
        let mut out = lv.clone();
        out.path.push(name.to_string());
        out.ty = ty.clone();
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
    pub fn address_of(&self, lv: &LVal) -> PtrVal {
        let w = self.model.pointer_width();
        match &lv.index {
            Some((idx, count)) => PtrVal {
                base: PtrBase::Obj {
                    obj: lv.obj,
                    path: lv.path.clone(),
                    count: Some(*count),
                    arith: lv.indexed_last,
                },
                offset: *idx,
                pointee: lv.ty.clone(),
            },
            None => PtrVal {
                base: PtrBase::Obj {
                    obj: lv.obj,
                    path: lv.path.clone(),
                    count: None,
                    arith: false,
                },
                offset: self.terms.bv_const(0, w),
                pointee: lv.ty.clone(),
            },
        }
    }

    /// An array lvalue used as a value: a pointer to its first element.
    pub fn decay(&mut self, lv: &LVal, at: usize) -> R<PtrVal> {
        let w = self.model.pointer_width();
        let zero = self.terms.bv_const(0, w);
        let first = self.index(lv, zero, IntKind::Long, at)?;
        Ok(self.address_of(&first))
    }

    /// `*p`.
    pub fn deref(&mut self, p: &PtrVal, at: usize) -> R<LVal> {
        let w = self.model.pointer_width();
        match &p.base {
            PtrBase::Null => unsup("dereference of a null pointer", at),
            PtrBase::Obj {
                obj,
                path,
                count,
                arith,
            } => match count {
                Some(n) => {
                    self.check_bounds(p.offset, *n, at);
                    Ok(LVal {
                        obj: *obj,
                        path: path.clone(),
                        ty: p.pointee.clone(),
                        index: Some((p.offset, *n)),
                        indexed_last: *arith,
                    })
                }
                None => {
                    let bad = self.terms.neq(p.offset, self.terms.bv_const(0, w));
                    self.check_special(bad, "pointer dereference outside its object", at);
                    Ok(LVal {
                        obj: *obj,
                        path: path.clone(),
                        ty: p.pointee.clone(),
                        index: None,
                        indexed_last: false,
                    })
                }
            },
        }
    }

    /// The value of pointer variable `p`.
    pub fn read_ptr(&self, p: PtrVarId, at: usize) -> R<PtrVal> {
        let v = &self.ptrs[p.0];
        match &v.base {
            Some(b) => Ok(PtrVal {
                base: b.clone(),
                offset: v.offset,
                pointee: v.pointee.clone(),
            }),
            None => unsup(
                format!("pointer `{}` used before it is assigned", v.name),
                at,
            ),
        }
    }

    /// `p = value`: the target must stay the same object.
    pub fn write_ptr(&mut self, p: PtrVarId, value: &PtrVal, at: usize) -> R<()> {
        let var = &mut self.ptrs[p.0];
        match &var.base {
            None => var.base = Some(value.base.clone()),
            Some(b) if *b == value.base => {}
            Some(_) => {
                return unsup(
                    format!("pointer `{}` pointing to different objects", var.name),
                    at,
                )
            }
        }
        let off = var.offset;
        self.emit_assign(off, value.offset);
        Ok(())
    }
}
