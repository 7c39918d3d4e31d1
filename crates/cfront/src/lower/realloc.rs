//! `realloc`: an allocation at its own call, the old memory's first elements copied into
//! it, and the old memory freed (C11 7.22.3.5). Allocation succeeds, as for `malloc`, so
//! the old memory is never kept. The new size must be a constant; the old memory may have
//! a size known only at run time (then exactly the elements below its length are copied).

use super::memory::{Creator, BASE_BITS};
use super::object::Place;
use super::value::Val;
use super::{unsup, LVal, ObjId, PtrVal, Translator, R};
use crate::types::CType;
use lang_c::ast::Expression;
use lang_c::span::Node;
use logic::Term;

/// Assignments `(variable of the new object, its value)`.
type Copies = Vec<(Term, Term)>;

impl<'a> Translator<'a> {
    /// `realloc(p, n)`: an allocation at this call (as `malloc(n)`), the first elements of
    /// `*p` copied into it — as many as both hold —, and `p` freed (with `free`'s checks).
    /// `realloc(NULL, n)` is `malloc(n)`; allocation succeeds, so `p` is never kept.
    pub(super) fn reallocate(&mut self, args: &[Node<Expression>], at: usize) -> R<Val> {
        let (Some(old), Some(size)) = (args.first(), args.get(1)) else {
            return unsup("`realloc` without a pointer and a size", at);
        };
        let p = self.pointer_arg(old, at)?;
        // A run-time size is UNKNOWN by name: the copy's elements would depend on two
        // lengths, and the exact encoding of that (a chain of stores per old length) was
        // too slow for every engine on a growing array (`realloc_grow_safe.c`).
        let new = self.allocate(std::slice::from_ref(size), false, None, at)?;
        let Val::Ptr(np) = &new else {
            unreachable!("an allocation is a pointer")
        };
        let t = self.terms.clone();
        if matches!(t.as_bv_const(p.base), Some((0, _))) {
            return Ok(new);
        }
        let not_null = t.neq(p.base, t.bv_const(0, BASE_BITS));
        self.mem.guard.push(not_null);
        let r = self.realloc_copy(&p, np, at);
        self.mem.guard.pop();
        r?;
        self.free(&p, at)?;
        Ok(new)
    }

    /// The copy of `realloc`: element j of `*p` into element j of `*np` where j is below
    /// the old length (constant, or the length variable of a run-time size) and the new
    /// object's (constant) room.
    fn realloc_copy(&mut self, p: &PtrVal, np: &PtrVal, at: usize) -> R<()> {
        let t = self.terms.clone();
        let w = self.model.pointer_width();
        let dst = self.deref_place(np, at)?;
        let first = match &dst {
            Place::Mem(lv) => lv.clone(),
            Place::Dyn(alts) => alts[0].1.clone(),
            Place::Ptr(_) => unreachable!("heap objects are memory"),
        };
        // Every object of the new site has the same type and capacity.
        let new_count = first.index.map_or(1, |(_, n)| n);

        let below = |s: &Self, obj: ObjId, j: u64| {
            s.objects[obj.0]
                .length
                .map(|len| t.bvult(t.bv_const(j as u128, w), len))
        };
        let copy = |s: &mut Self, from: &LVal| -> R<()> {
            // Array objects: each leaf array of the new object becomes a chain of stores
            // of the old elements below the old length (one assignment per leaf).
            let targets: Vec<(Option<Term>, ObjId)> = match &dst {
                Place::Mem(lv) => vec![(None, lv.obj)],
                Place::Dyn(alts) => alts.iter().map(|(g, lv)| (Some(*g), lv.obj)).collect(),
                Place::Ptr(_) => Vec::new(),
            };
            let copies: Option<Vec<(Option<Term>, Copies)>> = targets
                .iter()
                .map(|(g, to)| s.array_copy(from.obj, *to).map(|c| (*g, c)))
                .collect();
            if let Some(copies) = copies {
                for (g, copies) in copies {
                    s.mem.guard.extend(g);
                    for (var, value) in copies {
                        s.emit_store(var, value);
                    }
                    if g.is_some() {
                        s.mem.guard.pop();
                    }
                }
                return Ok(());
            }
            let old_count = from.index.map_or(1, |(_, n)| n);
            for j in 0..old_count.min(new_count) {
                // The new size is a constant: only the old length bounds the copy.
                let conds = below(s, from.obj, j);
                let depth = s.mem.guard.len();
                s.mem.guard.extend(conds);
                let r = s.element_after(from, j, at).and_then(|element| {
                    let v = s.load(element, at)?;
                    let to = s.place_element(&dst, j, at)?;
                    s.store_place(&to, v, at)
                });
                s.mem.guard.truncate(depth);
                r?;
            }
            Ok(())
        };
        // The old memory: the start of an object from `malloc` (anything else is `free`'s
        // undefined behaviour, reported after the copy), of the new memory's type.
        let cases =
            self.heap_start_cases(p, "`realloc` of memory that `malloc` did not return", at)?;
        let old = PtrVal {
            pointee: np.pointee.clone(),
            ..p.clone()
        };
        self.batched(|s| {
            for (g, id) in cases {
                let target = s.mem.target(id);
                if !matches!(target.creator, Creator::Heap { .. }) || !target.key.path.is_empty() {
                    continue;
                }
                if target.pointee != np.pointee {
                    let mut when = s.mem.guard.clone();
                    when.extend(g);
                    let what = "`realloc` to a type other than the old memory's".to_string();
                    s.unsupported_when(t.and(&when), &super::Unsup::new(what, at));
                    continue;
                }
                s.mem.guard.extend(g);
                let r = s.deref_target(id, &old, at).and_then(|lv| copy(s, &lv));
                if g.is_some() {
                    s.mem.guard.pop();
                }
                r?;
            }
            Ok(())
        })
    }

    /// The assignments `(variable of `to`, new value)` that copy array object `from` into
    /// array object `to`: element j of each leaf where j is below `from`'s length (its
    /// element count, or its length variable) and `to`'s room; the other elements of `to`
    /// keep their values. `None` where the layouts differ.
    fn array_copy(&self, from: ObjId, to: ObjId) -> Option<Copies> {
        use super::object::Storage;
        let (CType::Array(a, Some(m)), CType::Array(b, Some(n))) =
            (&self.objects[from.0].ty, &self.objects[to.0].ty)
        else {
            return None;
        };
        let (src, dst) = (&self.objects[from.0].leaves, &self.objects[to.0].leaves);
        if a != b || src.len() != dst.len() {
            return None;
        }
        let mut arrays = Vec::new();
        for (f, t) in src.iter().zip(dst) {
            if f.path != t.path {
                return None;
            }
            match (&f.store, &t.store) {
                (Storage::Array(x), Storage::Array(y)) => arrays.push((*y, *x)),
                (
                    Storage::Ptr {
                        base: xb,
                        off: xo,
                        array: true,
                    },
                    Storage::Ptr {
                        base: yb,
                        off: yo,
                        array: true,
                    },
                ) => arrays.extend([(*yb, *xb), (*yo, *xo)]),
                _ => return None,
            }
        }
        let t = &self.terms;
        if arrays.iter().any(|(y, x)| t.sort(*y) != t.sort(*x)) {
            return None;
        }
        let w = self.model.pointer_width();
        let length = self.objects[from.0].length;
        // Constant sizes, nothing to grow into: the whole arrays (elements beyond `to`'s
        // room are never read).
        if length.is_none() && n <= m {
            return Some(arrays);
        }
        Some(
            arrays
                .into_iter()
                .map(|(y, x)| {
                    // A chain of plain stores per possible old length (Z3 handles these
                    // far better than stores of `ite(j < length, …)`).
                    let chain = |k: u64| {
                        (0..k).fold(y, |acc, j| {
                            let i = t.bv_const(j as u128, w);
                            t.store(acc, i, t.select(x, i))
                        })
                    };
                    let k = *m.min(n);
                    let value = match length {
                        None => chain(k),
                        Some(len) => (0..k).rev().fold(chain(k), |rest, j| {
                            t.ite(t.eq(len, t.bv_const(j as u128, w)), chain(j), rest)
                        }),
                    };
                    (y, value)
                })
                .collect(),
        )
    }
}
