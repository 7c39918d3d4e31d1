//! The heap: `malloc`, `calloc`, `realloc`, `alloca` and `free` over objects per allocation
//! site.
//!
//! Each call site of an allocation function owns a fixed number of objects of the type the
//! result is converted to: as many as the call can run in one run where that is bounded
//! (once per activation of its function, `call::activations`), `--heap-bound` per
//! activation where the call is on a cycle of its function, and `--heap-bound` in all
//! where its function runs unboundedly often (recursion, a call in a loop). The k-th allocation at
//! a site returns its k-th object; one more reaches a special location naming the bound,
//! so a TRUE is claimed only when no run allocates more, and a bug within the bound is a
//! FALSE that replays. Each object has an `alive` bit: set by the allocation, cleared by
//! `free`; an access to a freed object, a double `free` and a `free` of memory `malloc`
//! did not return are undefined behaviour (special locations). Allocation succeeds
//! (SV-COMP's convention): `malloc` never returns NULL. Fresh memory from `malloc` and
//! `alloca` holds arbitrary values (each object is allocated once, so the values it
//! starts the program with serve); `calloc` zeroes it. A size known only at run time
//! gives room for [`DYNAMIC_ELEMENTS`] and a length variable that bounds the accesses.

use super::memory::{Creator, BASE_BITS};
use super::value::Val;
use super::{unsup, ObjId, PtrVal, Translator, R};
use crate::types::{CType, IntKind};
use cfa::SpecialKind;
use cfa::{LocationId, VarKind};
use lang_c::ast::Expression;
use lang_c::span::Node;
use logic::{Sort, Term};

/// Elements of an object whose allocation size is known only when the program runs
/// (`malloc(n * sizeof *a)`); a larger allocation is a special location.
pub(crate) const DYNAMIC_ELEMENTS: u64 = 256;

/// The words that end the reason of a special location for one allocation more than
/// `FrontOptions::heap_bound` (the portfolio raises the bound when it reads them).
pub const HEAP_BOUND: &str = "the bound of --heap-bound";

/// An allocation call site of one pass.
#[derive(Clone, Debug)]
pub(crate) struct HeapSite {
    pub key: String,
    /// The function it is in (`None`: the top level).
    pub function: Option<usize>,
    /// The edge every allocation at the site takes (to find whether it is on a cycle).
    pub edge: (LocationId, LocationId),
}

const ALLOCATORS: [&str; 5] = ["malloc", "calloc", "realloc", "alloca", "__builtin_alloca"];

/// The call of an allocation function that `e` is, under casts: its offset.
fn allocation_call(e: &Node<Expression>) -> Option<usize> {
    match &e.node {
        Expression::Cast(c) => allocation_call(&c.node.expression),
        Expression::Call(c) => match &c.node.callee.node {
            Expression::Identifier(id) if ALLOCATORS.contains(&id.node.name.as_str()) => {
                Some(e.span.start)
            }
            _ => None,
        },
        _ => None,
    }
}

impl<'a> Translator<'a> {
    /// The value of `e`, converted next to type `to`: an allocation in `e` makes objects
    /// of the type `to` points to.
    pub fn rvalue_for(&mut self, e: &Node<Expression>, to: &CType) -> R<Val> {
        if let (CType::Pointer(pointee), Some(call)) = (to, allocation_call(e)) {
            if **pointee != CType::Void {
                let saved = self.alloc_hint.replace((call, (**pointee).clone()));
                let r = self.rvalue(e);
                self.alloc_hint = saved;
                return r;
            }
        }
        self.rvalue(e)
    }

    /// The heap functions; `None` for other names and where the program defines its own.
    pub fn heap_builtin(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        at: usize,
    ) -> Option<R<Val>> {
        if self.functions.contains_key(name) {
            return None;
        }
        Some(match name {
            "malloc" | "alloca" | "__builtin_alloca" => {
                self.allocate(args, false, Some(DYNAMIC_ELEMENTS), at)
            }
            "calloc" => self.allocate(args, true, Some(DYNAMIC_ELEMENTS), at),
            "realloc" => self.reallocate(args, at),
            "free" => match args.first() {
                Some(a) => self.pointer_arg(a, at).and_then(|p| self.free(&p, at)),
                None => unsup("`free` without an argument", at),
            },
            _ => return None,
        })
    }

    /// An allocation call; `room` is the number of elements an object has where the size
    /// is known only at run time (`None`: such sizes are UNKNOWN by name).
    pub(super) fn allocate(
        &mut self,
        args: &[Node<Expression>],
        zero: bool,
        room: Option<u64>,
        at: usize,
    ) -> R<Val> {
        let size_t = IntKind::size_t(self.model);
        let sw = size_t.width(self.model);
        let t = self.terms.clone();
        let mut size: u128 = 1;
        // A size that is not a constant: its term, as a bit-vector twice as wide as
        // `size_t` (so that `n * s` cannot wrap).
        let mut dynamic: Option<logic::Term> = None;
        for a in args.iter().take(if zero { 2 } else { 1 }) {
            let v = self.rvalue(a)?;
            let v = self.convert(v, &CType::Int(size_t), at)?;
            let Val::Int(s, _) = v else {
                return unsup("an allocation size that is not an integer", at);
            };
            match t.as_bv_const(s) {
                Some((n, _)) => size = size.saturating_mul(n),
                None => {
                    let wide = t.zext(s, sw);
                    dynamic = Some(match dynamic {
                        Some(d) => t.bvmul(d, wide),
                        None => wide,
                    });
                }
            }
        }
        let ty = match self.alloc_hint.take() {
            Some((call, ty)) if call == at => ty,
            _ => {
                return unsup(
                    "an allocation whose type is not known (its result is not assigned or cast to a typed pointer)",
                    at,
                )
            }
        };
        let Some(elem) = self.layout().size(&ty).filter(|s| *s > 0) else {
            return unsup("an allocation of a type without a known size", at);
        };
        // The number of elements where the size is not a constant: the object has room for
        // `room` elements and a length variable that bounds its accesses.
        let length = match (dynamic, room) {
            (None, _) => None,
            (Some(_), None) => {
                return unsup("`realloc` to a size known only when the program runs", at)
            }
            (Some(d), Some(room)) => {
                let d = t.bvmul(d, t.bv_const(size, 2 * sw));
                let e = t.bv_const(elem as u128, 2 * sw);
                let partial = t.neq(t.bvurem(d, e), t.bv_const(0, 2 * sw));
                let what = "an allocation whose size is not a multiple of its type's";
                self.unsupported_when(partial, &super::Unsup::new(what, at));
                let n = t.bvudiv(d, e);
                let big = t.bvugt(n, t.bv_const(room as u128, 2 * sw));
                let what = format!(
                    "an allocation of more than {room} elements of a size known only when it runs"
                );
                self.unsupported_when(big, &super::Unsup::new(what, at));
                let pw = self.model.pointer_width();
                Some(t.extract(n, pw - 1, 0))
            }
        };
        if let (Some(_), Some(room)) = (length, room) {
            size = room as u128 * elem as u128;
        }
        if size == 0 || !size.is_multiple_of(elem as u128) {
            return unsup(
                format!("an allocation of {size} bytes, not a multiple of the size of its type"),
                at,
            );
        }
        let n = (size / elem as u128) as u64;
        if n > 1 << 16 {
            return unsup("an allocation of more than 65,536 elements", at);
        }
        // One element of a constant size: the object is the element itself.
        let single = n == 1 && length.is_none();
        let obj_ty = if single {
            ty.clone()
        } else {
            CType::Array(Box::new(ty.clone()), Some(n))
        };
        let (line, col) = self.src.locate(self.parsed.original(at));
        let prefix = self
            .frames
            .last()
            .map_or_else(|| "global".to_string(), |f| f.prefix.clone());
        let site = format!("{prefix}.heap.l{}c{col}", line.unwrap_or(0));
        let capacity = match self.mem.hints.site_capacity.get(&site) {
            Some(c) => *c,
            None => self.heap_bound,
        };
        let mut targets = Vec::new();
        let mut objects = Vec::new();
        for k in 0..capacity {
            let o = self.heap_object(&format!("{site}.{k}"), obj_ty.clone(), length.is_some());
            if self.objects[o.0].ty != obj_ty {
                return unsup(
                    "an allocation site whose type differs between translations",
                    at,
                );
            }
            let lv = self.whole(o);
            let p = if single {
                self.address_of(&lv)
            } else {
                self.decay(&lv, at)?
            };
            targets.push(p.base);
            objects.push(o);
        }
        let one = t.bv_const(1, 1);
        let base = if capacity == 1 {
            let alive = self.objects[objects[0].0].alive.expect("a heap object");
            if let (Some(n), Some(len)) = (length, self.objects[objects[0].0].length) {
                self.emit_assign(len, n);
            }
            let from = self.here();
            self.emit_assign(alive, one);
            let to = self.here();
            self.mem.sites.push(HeapSite {
                key: site,
                function: self.locals_of,
                edge: (from, to),
            });
            if zero {
                self.zero_object(objects[0]);
            }
            targets[0]
        } else {
            // The site's own counter: no C name (`main.heap.l12c12.count` reads like one).
            let count = self.globally(|s| {
                s.declare_fresh(&format!("{site}.count"), Sort::Bv(32), VarKind::Program)
            });
            let init = self.stmts.assign(count, t.bv_const(0, 32), None);
            self.init.push(init);
            let full = t.bvuge(count, t.bv_const(capacity as u128, 32));
            let why = format!("more than {capacity} objects allocated at this call ({HEAP_BOUND})");
            self.special_when(full, SpecialKind::HeapBound, &why, at);
            let is = |k: u32| t.eq(count, t.bv_const(k as u128, 32));
            let mut chosen = targets[capacity as usize - 1];
            for k in (0..capacity - 1).rev() {
                chosen = t.ite(is(k), targets[k as usize], chosen);
            }
            let base = self.temp(Sort::Bv(BASE_BITS));
            self.emit_assign(base, chosen);
            for (k, o) in objects.iter().enumerate() {
                let alive = self.objects[o.0].alive.expect("a heap object");
                self.mem.guard.push(is(k as u32));
                self.emit_store(alive, one);
                if let (Some(n), Some(len)) = (length, self.objects[o.0].length) {
                    self.emit_store(len, n);
                }
                if zero {
                    self.zero_object(*o);
                }
                self.mem.guard.pop();
            }
            let from = self.here();
            self.emit_assign(count, t.bvadd(count, t.bv_const(1, 32)));
            let to = self.here();
            self.mem.sites.push(HeapSite {
                key: site,
                function: self.locals_of,
                edge: (from, to),
            });
            base
        };
        Ok(Val::Ptr(PtrVal {
            base,
            offset: t.bv_const(0, self.model.pointer_width()),
            pointee: ty,
        }))
    }

    /// The heap object named `name` (an allocation site's k-th), created on first use with
    /// its `alive` bit clear (and, where `sized`, a variable for its length in elements).
    pub fn heap_object(&mut self, name: &str, ty: CType, sized: bool) -> ObjId {
        self.globally(|s| s.heap_object_now(name, ty, sized))
    }

    fn heap_object_now(&mut self, name: &str, ty: CType, sized: bool) -> ObjId {
        let key = super::memory::ObjKey {
            name: name.to_string(),
            ordinal: 0,
        };
        if let Some(o) = self.mem.objects_by_key.get(&key) {
            return *o;
        }
        let o = self.new_object(name, ty);
        let alive = self.new_var(&format!("{name}.alive"), Sort::Bv(1), VarKind::Program);
        self.objects[o.0].alive = Some(alive);
        let init = self.stmts.assign(alive, self.terms.bv_const(0, 1), None);
        self.init.push(init);
        if sized {
            let len = self.new_var(
                &format!("{name}.length"),
                self.index_sort(),
                VarKind::Program,
            );
            self.objects[o.0].length = Some(len);
        }
        self.record_heap_parts(o, alive);
        o
    }

    /// Records in the CFA that every part of the heap object `o` lives while `alive`
    /// (`cfa::VarDecl::heap_alive`).
    fn record_heap_parts(&mut self, o: ObjId, alive: Term) {
        use super::object::Storage;
        let alive = self.terms.as_var(alive).expect("a variable");
        let object = &self.objects[o.0];
        let mut parts: Vec<Term> = object.length.into_iter().collect();
        for l in &object.leaves {
            match l.store {
                Storage::Scalar(v) | Storage::Array(v) => parts.push(v),
                Storage::Ptr { base, off, .. } => parts.extend([base, off]),
                Storage::Opaque(_) => {}
            }
        }
        for p in parts {
            if let Some(v) = self.terms.as_var(p) {
                self.cfa.set_heap_alive(v, alive);
            }
        }
    }

    /// Zero in every leaf of `o` (under the guards in force).
    pub fn zero_object(&mut self, o: ObjId) {
        use super::object::Storage;
        let leaves = self.objects[o.0].leaves.clone();
        let t = self.terms.clone();
        let zero_of = |sort: Sort| match sort {
            Sort::Bv(n) => t.bv_const(0, n),
            Sort::Array(i, e) => {
                let Sort::Bv(n) = e.to_sort() else {
                    unreachable!("array elements are bit-vectors")
                };
                t.const_array(i, t.bv_const(0, n))
            }
            _ => unreachable!("memory is bit-vectors"),
        };
        for l in leaves {
            let vars: Vec<Term> = match l.store {
                Storage::Scalar(v) | Storage::Array(v) => vec![v],
                Storage::Ptr { base, off, .. } => vec![base, off],
                Storage::Opaque(_) => continue,
            };
            for v in vars {
                let z = zero_of(t.sort(v));
                self.emit_store(v, z);
            }
        }
    }

    /// A pointer argument, converted to `void *` as a call does (so `0` is NULL).
    pub(super) fn pointer_arg(&mut self, e: &Node<Expression>, at: usize) -> R<PtrVal> {
        let v = self.rvalue(e)?;
        match self.convert(v, &CType::Pointer(Box::new(CType::Void)), at)? {
            Val::Ptr(p) => Ok(p),
            _ => unsup("a heap function's argument that is not a pointer", at),
        }
    }

    /// The targets `p` may hold, with their guards (`None`: `p`'s target is a constant):
    /// for a variable target, the starts of heap objects, any other target reaching the
    /// special location `outside`. A null `p` is none of the cases.
    pub(super) fn heap_start_cases(
        &mut self,
        p: &PtrVal,
        outside: &str,
        at: usize,
    ) -> R<Vec<(Option<Term>, u32)>> {
        if let Some((id, _)) = self.terms.as_bv_const(p.base) {
            return Ok(vec![(None, id as u32)]);
        }
        Ok(self
            .split_targets(
                p.base,
                |t| matches!(t.creator, Creator::Heap { .. }) && t.key.path.is_empty(),
                None,
                outside,
                at,
            )?
            .into_iter()
            .map(|(g, id)| (Some(g), id))
            .collect())
    }

    /// `free(p)`: with its checks, the `alive` bit of `p`'s object cleared.
    pub(super) fn free(&mut self, p: &PtrVal, at: usize) -> R<Val> {
        let t = self.terms.clone();
        if matches!(t.as_bv_const(p.base), Some((0, _))) {
            return Ok(Val::Void);
        }
        let cases =
            self.heap_start_cases(p, "`free` of memory that `malloc` did not return", at)?;
        let w = self.model.pointer_width();
        for (g, id) in cases {
            let obj = self.target_object(id, at)?;
            let heap_start = self.mem.target(id).key.path.is_empty();
            let Some(alive) = self.objects[obj.0].alive.filter(|_| heap_start) else {
                // Only a constant target gets here.
                let target = self.special_location(
                    SpecialKind::UndefinedBehaviour,
                    "`free` of memory that `malloc` did not return",
                    at,
                );
                self.goto_stmt(target);
                return Ok(Val::Void);
            };
            if let Some(g) = g {
                self.mem.guard.push(g);
            }
            let inside = t.neq(p.offset, t.bv_const(0, w));
            self.check_special(
                inside,
                "`free` of a pointer into the middle of an object",
                at,
            );
            let freed = t.eq(alive, t.bv_const(0, 1));
            self.check_special(freed, "`free` of memory already freed", at);
            self.emit_store(alive, t.bv_const(0, 1));
            if g.is_some() {
                self.mem.guard.pop();
            }
        }
        Ok(Val::Void)
    }
}
