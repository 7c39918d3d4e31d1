//! Pointer variables and pointers stored in objects: reading and writing the (target,
//! offset) pair. A pointer variable's target stays a constant while it only ever holds
//! one; the first write of another (or a read before any write) gives it a target
//! variable, in this pass and, from its creation, in every later one (`target.rs`).

use super::memory::BASE_BITS;
use super::object::{PtrVar, PtrVarBase, Storage};
use super::{unsup, LVal, PtrVal, PtrVarId, Translator, R};
use crate::types::CType;
use cfa::VarKind;
use logic::{Sort, Term};

impl<'a> Translator<'a> {
    pub fn new_pointer(&mut self, name: &str, pointee: CType) -> PtrVarId {
        let offset = self.new_var(&format!("{name}.off"), self.index_sort(), VarKind::Program);
        let index = self.ptrs.len();
        let base = if self.mem.hints.dynamic_ptrs.contains(&index) {
            let v = self.new_var(
                &format!("{name}.base"),
                Sort::Bv(BASE_BITS),
                VarKind::Program,
            );
            PtrVarBase::Dynamic(v)
        } else {
            PtrVarBase::Unset
        };
        self.ptrs.push(PtrVar {
            name: name.to_string(),
            pointee,
            offset,
            base,
        });
        PtrVarId(index)
    }

    /// The value of pointer variable `p`.
    pub fn read_ptr(&mut self, p: PtrVarId, _at: usize) -> R<PtrVal> {
        let v = &self.ptrs[p.0];
        let base = match &v.base {
            PtrVarBase::Static(b) | PtrVarBase::Dynamic(b) => *b,
            PtrVarBase::Unset => {
                // Read before any assignment in translation order (a loop assigns it
                // later, or it is uninitialised): its target must be a variable.
                self.make_dynamic(p)
            }
        };
        let v = &self.ptrs[p.0];
        Ok(PtrVal {
            base,
            offset: v.offset,
            pointee: v.pointee.clone(),
        })
    }

    /// `p = value`. A second constant target, or a target that is not a constant, makes
    /// the variable's target a variable in the next translation (`target.rs`).
    pub fn write_ptr(&mut self, p: PtrVarId, value: &PtrVal, _at: usize) -> R<()> {
        let constant = self.terms.as_bv_const(value.base).is_some();
        let var = &mut self.ptrs[p.0];
        match &var.base {
            PtrVarBase::Unset if constant => var.base = PtrVarBase::Static(value.base),
            PtrVarBase::Static(b) if *b == value.base => {}
            PtrVarBase::Dynamic(b) => {
                let b = *b;
                self.emit_store(b, value.base);
            }
            _ => {
                // This pass goes on with a target variable, to find every such pointer
                // at once; it is repeated with them known from the start.
                let b = self.make_dynamic(p);
                self.emit_store(b, value.base);
            }
        }
        let off = self.ptrs[p.0].offset;
        self.emit_store(off, value.offset);
        Ok(())
    }

    /// Pointer variable `p` declared without an initializer. A pointer to a function gets
    /// a target variable (havocked with the declaration): its value is indeterminate
    /// (C11 6.7.9:10), and a call through it must reach the special location of a
    /// pointer to no function, not the function a later assignment stores. (Data pointers
    /// keep their constant target until a second one turns up.)
    pub fn declared_uninitialised(&mut self, p: PtrVarId) {
        let v = &self.ptrs[p.0];
        if matches!(v.pointee, CType::Function { .. }) && !matches!(v.base, PtrVarBase::Dynamic(_))
        {
            self.make_dynamic(p);
        }
    }

    /// Gives pointer variable `p` a target variable from here on (in this pass, whose
    /// CFA is then discarded) and in every later pass from its creation.
    fn make_dynamic(&mut self, p: PtrVarId) -> Term {
        self.mem.make_dynamic(p.0);
        let name = format!("{}.base", self.ptrs[p.0].name);
        let b = self.new_var(&name, Sort::Bv(BASE_BITS), VarKind::Program);
        self.ptrs[p.0].base = PtrVarBase::Dynamic(b);
        b
    }

    /// The value of a pointer stored in an object.
    pub fn read_ptr_leaf(&mut self, lv: &LVal, pointee: &CType, at: usize) -> R<PtrVal> {
        let leaf = self.leaf(lv, at)?;
        let Storage::Ptr { base, off, array } = leaf.store else {
            return match leaf.store {
                Storage::Opaque(why) => unsup(why, at),
                _ => unsup("an integer used as a pointer", at),
            };
        };
        let (base, offset) = if array {
            let idx = lv.index.as_ref().expect("an index into an array leaf").0;
            (self.terms.select(base, idx), self.terms.select(off, idx))
        } else {
            (base, off)
        };
        Ok(PtrVal {
            base,
            offset,
            pointee: pointee.clone(),
        })
    }

    /// Stores a pointer into an object.
    pub fn write_ptr_leaf(&mut self, lv: &LVal, value: &PtrVal, at: usize) -> R<()> {
        let leaf = self.leaf(lv, at)?;
        let Storage::Ptr { base, off, array } = leaf.store else {
            return match leaf.store {
                Storage::Opaque(why) => unsup(why, at),
                _ => unsup("a pointer stored into an integer", at),
            };
        };
        if array {
            let idx = lv.index.as_ref().expect("an index into an array leaf").0;
            let b = self.terms.store(base, idx, value.base);
            let o = self.terms.store(off, idx, value.offset);
            self.emit_store(base, b);
            self.emit_store(off, o);
        } else {
            self.emit_store(base, value.base);
            self.emit_store(off, value.offset);
        }
        Ok(())
    }
}
