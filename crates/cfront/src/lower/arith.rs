//! Operators: the usual arithmetic conversions, C's integer operations on bit-vectors,
//! pointer arithmetic, short-circuit logic, and the checks that operations need:
//! signed overflow (the `no-overflow` property, LLUMC Def. 1), the traps of integer
//! division (division by zero, `INT_MIN / -1`: the execution ends) and the undefined
//! shifts (out of range: a nondeterministic value).

use super::memory::BASE_BITS;
use super::value::Val;
use super::{unsup, PtrVal, Translator, R};
use crate::property::Property;
use crate::types::{usual_arithmetic, IntKind};
use lang_c::ast::{
    BinaryOperator as B, BinaryOperatorExpression, ConditionalExpression, UnaryOperator,
    UnaryOperatorExpression,
};
use lang_c::span::Node;
use logic::Term;

impl<'a> Translator<'a> {
    pub fn binary(&mut self, b: &Node<BinaryOperatorExpression>, at: usize) -> R<Val> {
        let op = b.node.operator.node.clone();
        match op {
            B::LogicalAnd | B::LogicalOr => {
                self.logical(op == B::LogicalAnd, &b.node.lhs, &b.node.rhs)
            }
            B::Assign => self.assign_expr(&b.node.lhs, &b.node.rhs, at),
            B::AssignMultiply
            | B::AssignDivide
            | B::AssignModulo
            | B::AssignPlus
            | B::AssignMinus
            | B::AssignShiftLeft
            | B::AssignShiftRight
            | B::AssignBitwiseAnd
            | B::AssignBitwiseXor
            | B::AssignBitwiseOr => {
                let base = match op {
                    B::AssignMultiply => B::Multiply,
                    B::AssignDivide => B::Divide,
                    B::AssignModulo => B::Modulo,
                    B::AssignPlus => B::Plus,
                    B::AssignMinus => B::Minus,
                    B::AssignShiftLeft => B::ShiftLeft,
                    B::AssignShiftRight => B::ShiftRight,
                    B::AssignBitwiseAnd => B::BitwiseAnd,
                    B::AssignBitwiseXor => B::BitwiseXor,
                    _ => B::BitwiseOr,
                };
                self.compound_assign(base, &b.node.lhs, &b.node.rhs, at)
            }
            _ => {
                let l = self.rvalue(&b.node.lhs)?;
                let r = self.rvalue(&b.node.rhs)?;
                self.apply_binary(op, l, r, at)
            }
        }
    }

    /// `l op r` on values (no assignment operators, no short-circuit).
    pub fn apply_binary(&mut self, op: B, l: Val, r: Val, at: usize) -> R<Val> {
        if let (Val::Ptr(_), _) | (_, Val::Ptr(_)) = (&l, &r) {
            return self.pointer_binary(op, l, r, at);
        }
        if let (Val::Float(..), _) | (_, Val::Float(..)) = (&l, &r) {
            return self.float_binary(op, l, r, at);
        }
        let (ta, ka) = self.integer(l, at)?;
        let (tb, kb) = self.integer(r, at)?;
        if matches!(op, B::ShiftLeft | B::ShiftRight) {
            return Ok(self.shift(op == B::ShiftLeft, ta, ka, tb, kb, at));
        }
        let k = usual_arithmetic(ka, kb, self.model);
        let a = self.convert_int(ta, ka, k);
        let b = self.convert_int(tb, kb, k);
        let t = self.terms.clone();
        let signed = k.signed();
        Ok(match op {
            B::Plus | B::Minus | B::Multiply => {
                if signed && self.property == Property::NoOverflow {
                    let bad = self.overflows(&op, a, b, k);
                    self.check_property(bad);
                }
                let v = match op {
                    B::Plus => t.bvadd(a, b),
                    B::Minus => t.bvsub(a, b),
                    _ => t.bvmul(a, b),
                };
                Val::Int(v, k)
            }
            B::Divide | B::Modulo => Val::Int(self.division(op == B::Divide, a, b, k, at), k),
            B::BitwiseAnd => Val::Int(t.bvand(a, b), k),
            B::BitwiseOr => Val::Int(t.bvor(a, b), k),
            B::BitwiseXor => Val::Int(t.bvxor(a, b), k),
            B::Equals => Val::Cond(t.eq(a, b)),
            B::NotEquals => Val::Cond(t.neq(a, b)),
            B::Less => Val::Cond(if signed { t.bvslt(a, b) } else { t.bvult(a, b) }),
            B::LessOrEqual => Val::Cond(if signed { t.bvsle(a, b) } else { t.bvule(a, b) }),
            B::Greater => Val::Cond(if signed { t.bvsgt(a, b) } else { t.bvugt(a, b) }),
            B::GreaterOrEqual => Val::Cond(if signed { t.bvsge(a, b) } else { t.bvuge(a, b) }),
            _ => return unsup(format!("the operator {op:?}"), at),
        })
    }

    /// Whether `a op b` overflows in the signed type `k` (LLUMC Def. 1): computed exactly
    /// in a wider bit-vector.
    fn overflows(&self, op: &B, a: Term, b: Term, k: IntKind) -> Term {
        let t = &self.terms;
        let w = k.width(self.model);
        let extra = if *op == B::Multiply { w } else { 1 };
        let (xa, xb) = (t.sext(a, extra), t.sext(b, extra));
        let wide = match op {
            B::Plus => t.bvadd(xa, xb),
            B::Minus => t.bvsub(xa, xb),
            _ => t.bvmul(xa, xb),
        };
        let narrow = t.sext(t.extract(wide, w - 1, 0), extra);
        t.neq(wide, narrow)
    }

    fn min_value(&self, k: IntKind) -> Term {
        let w = k.width(self.model);
        self.terms.bv_const(1u128 << (w - 1), w)
    }

    /// `/` or `%` (truncating, as SMT-LIB's `bvsdiv`/`bvsrem`). Division by zero and
    /// `INT_MIN / -1` (also `INT_MIN % -1`) trap on x86 — `idiv` raises SIGFPE and the
    /// program ends there — so no execution continues past them: they are assumed not to
    /// happen, and a path on which they do is cut. A nondeterministic result instead would
    /// let a counterexample run on past a trap, and that counterexample could not replay
    /// (docs/design.md §9). For `no-overflow`, `INT_MIN / -1` is first the violation it is.
    fn division(&mut self, div: bool, a: Term, b: Term, k: IntKind, at: usize) -> Term {
        let t = self.terms.clone();
        let signed = k.signed();
        let mut trap = t.eq(b, self.bv(0, k));
        if signed {
            let overflow = t.and2(t.eq(a, self.min_value(k)), t.eq(b, self.bv(-1, k)));
            if self.property == Property::NoOverflow {
                // The branch that continues already excludes the overflow.
                let _ = at;
                self.check_property(overflow);
            } else {
                trap = t.or2(trap, overflow);
            }
        }
        if !t.is_false(trap) {
            self.emit_assume(t.not(trap));
        }
        match (div, signed) {
            (true, true) => t.bvsdiv(a, b),
            (true, false) => t.bvudiv(a, b),
            (false, true) => t.bvsrem(a, b),
            (false, false) => t.bvurem(a, b),
        }
    }

    /// `exact` where `undefined` is false; any value of kind `k` where it holds.
    pub fn nondet_where(&mut self, undefined: Term, exact: Term, k: IntKind) -> Term {
        if self.terms.is_false(undefined) {
            return exact;
        }
        let any = self.temp(logic::Sort::Bv(k.width(self.model)));
        self.emit_havoc(any);
        self.terms.ite(undefined, any, exact)
    }

    /// `a << b` / `a >> b`: operands promoted separately, the result has the left
    /// operand's type (C11 6.5.7). A negative or too large amount gives a
    /// nondeterministic value; for `no-overflow`, a left shift of a signed value that is
    /// negative or does not fit violates the property.
    fn shift(
        &mut self,
        left: bool,
        ta: Term,
        ka: IntKind,
        tb: Term,
        kb: IntKind,
        _at: usize,
    ) -> Val {
        let t = self.terms.clone();
        let (pa, pb) = (ka.promote(), kb.promote());
        let a = self.convert_int(ta, ka, pa);
        let b = self.convert_int(tb, kb, pb);
        let w = pa.width(self.model);
        let wb = pb.width(self.model);
        let too_far = t.bvuge(b, t.bv_const(w as u128, wb));
        let out_of_range = if pb.signed() {
            t.or2(t.bvslt(b, t.bv_const(0, wb)), too_far)
        } else {
            too_far
        };
        let amount = self.resize(b, pb, pa, w);
        let exact = if left {
            t.bvshl(a, amount)
        } else if pa.signed() {
            t.bvashr(a, amount)
        } else {
            t.bvlshr(a, amount)
        };
        if left && pa.signed() && self.property == Property::NoOverflow {
            // C11 6.5.7:4: E1 must be non-negative and E1 × 2^E2 representable.
            let negative = t.bvslt(a, self.bv(0, pa));
            let lost = t.neq(t.bvashr(exact, amount), a);
            let sign_flip = t.bvslt(exact, self.bv(0, pa));
            let bad = t.and(&[t.not(out_of_range), t.or(&[negative, lost, sign_flip])]);
            self.check_property(bad);
        }
        Val::Int(self.nondet_where(out_of_range, exact, pa), pa)
    }

    fn pointer_binary(&mut self, op: B, l: Val, r: Val, at: usize) -> R<Val> {
        let t = self.terms.clone();
        match (op.clone(), l, r) {
            (B::Plus, Val::Ptr(p), n) | (B::Plus, n, Val::Ptr(p)) => {
                let (tn, kn) = self.integer(n, at)?;
                self.pointer_offset(p, tn, kn, false, at)
            }
            (B::Minus, Val::Ptr(p), n @ (Val::Int(..) | Val::Cond(_))) => {
                let (tn, kn) = self.integer(n, at)?;
                self.pointer_offset(p, tn, kn, true, at)
            }
            (_, Val::Ptr(p), Val::Ptr(q)) => {
                let same_base = t.eq(p.base, q.base);
                let is_fn = |v: &PtrVal| matches!(v.pointee, crate::types::CType::Function { .. });
                if !matches!(op, B::Equals | B::NotEquals) && (is_fn(&p) || is_fn(&q)) {
                    // C11 6.5.6:3, 6.5.8:2: only `==` and `!=` take function pointers.
                    return unsup(format!("the operator {op:?} on function pointers"), at);
                }
                match op {
                    B::Equals | B::NotEquals => {
                        // Null pointers are equal whatever their offsets (only the
                        // translation's own arithmetic on them could make one nonzero).
                        let null = t.eq(p.base, t.bv_const(0, BASE_BITS));
                        let same_off = t.or(&[null, t.eq(p.offset, q.offset)]);
                        let eq = t.and(&[same_base, same_off]);
                        Ok(Val::Cond(if op == B::Equals { eq } else { t.not(eq) }))
                    }
                    _ if t.is_false(same_base) => {
                        unsup("comparing or subtracting pointers to different objects", at)
                    }
                    _ if !t.is_true(same_base) => {
                        // C11 6.5.6:9, 6.5.8:5: only within one object.
                        self.check_special(
                            t.not(same_base),
                            "comparing or subtracting pointers to different objects",
                            at,
                        );
                        self.pointer_binary_same(op, p, q, at)
                    }
                    _ => self.pointer_binary_same(op, p, q, at),
                }
            }
            (B::Equals | B::NotEquals, Val::Ptr(p), n)
            | (B::Equals | B::NotEquals, n, Val::Ptr(p)) => {
                // A pointer compared with the null pointer constant.
                let (tn, _) = self.integer(n, at)?;
                if t.as_bv_const(tn).map(|(x, _)| x) != Some(0) {
                    return unsup("comparing a pointer with an integer", at);
                }
                let is_null = t.eq(p.base, t.bv_const(0, BASE_BITS));
                Ok(Val::Cond(if op == B::Equals {
                    is_null
                } else {
                    t.not(is_null)
                }))
            }
            _ => unsup(format!("the operator {op:?} on pointers"), at),
        }
    }

    /// The type of `c ? x : y` whose arms have the pointer types `a` and `b` (C11
    /// 6.5.15:6): where one arm is a null pointer constant, the other's type; else where
    /// one points to `void`, `void *` (which GNU C steps by bytes: `(c ? vp : ip) + 1` is
    /// one byte on); else the first's.
    pub(crate) fn pointer_conditional_type(
        &mut self,
        a: &crate::types::CType,
        b: &crate::types::CType,
        c: &Node<ConditionalExpression>,
    ) -> crate::types::CType {
        use crate::types::CType::{Pointer, Void};
        let void = |t: &crate::types::CType| matches!(t, Pointer(p) if **p == Void);
        if void(a) && self.is_null_pointer_constant(&c.node.then_expression) {
            return b.clone();
        }
        if void(b) && self.is_null_pointer_constant(&c.node.else_expression) {
            return a.clone();
        }
        if void(b) {
            return b.clone();
        }
        a.clone()
    }

    /// Whether `e` is a null pointer constant (C11 6.3.2.3:3): an integer constant
    /// expression with the value 0, or one cast to `void *`.
    fn is_null_pointer_constant(&mut self, e: &Node<lang_c::ast::Expression>) -> bool {
        if let lang_c::ast::Expression::Cast(cast) = &e.node {
            let to_void = matches!(
                self.type_of(e),
                Ok(crate::types::CType::Pointer(p)) if *p == crate::types::CType::Void
            );
            return to_void && self.is_null_pointer_constant(&cast.node.expression);
        }
        matches!(self.type_of(e), Ok(crate::types::CType::Int(_)))
            && matches!(self.const_int(e), Ok(0))
    }

    /// GNU C steps a `void *` by bytes (gcc's extension of C11 6.5.6:2), while an offset
    /// here counts the elements of its target: the same only where they are bytes (a
    /// `char` array, a byte view). Anywhere else the step is unsupported: where `p` may
    /// point at such a target, a special location (an element step would be a wrong
    /// verdict: `(void *) a + 4` is `a[1]` for gcc, not `a[4]`).
    fn void_steps_are_bytes(&mut self, p: &PtrVal, at: usize) -> R<()> {
        const WHAT: &str = "arithmetic on a `void *` into elements wider than a byte";
        let layout = self.layout();
        let wide: Vec<u32> = (1..=self.mem.targets.len() as u32)
            .filter(|id| {
                let t = self.mem.target(*id);
                !t.key.bytes && layout.size(&t.pointee) != Some(1)
            })
            .collect();
        match self.terms.as_bv_const(p.base) {
            Some((0, _)) => Ok(()),
            Some((id, _)) if wide.contains(&(id as u32)) => unsup(WHAT, at),
            Some(_) => Ok(()),
            None => {
                if !wide.is_empty() {
                    let t = self.terms.clone();
                    let bad: Vec<Term> = wide
                        .iter()
                        .map(|id| t.eq(p.base, t.bv_const(u128::from(*id), BASE_BITS)))
                        .collect();
                    self.mem.enumerated = true;
                    let u = super::Unsup::new(WHAT, at);
                    self.unsupported_when(t.or(&bad), &u);
                }
                Ok(())
            }
        }
    }

    /// `p - q`, `p < q`, … for pointers into the same object.
    fn pointer_binary_same(&mut self, op: B, p: PtrVal, q: PtrVal, at: usize) -> R<Val> {
        let t = self.terms.clone();
        if op == B::Minus && p.pointee == crate::types::CType::Void {
            self.void_steps_are_bytes(&p, at)?;
        }
        match op {
            B::Minus => {
                let k = IntKind::ptrdiff_t(self.model);
                Ok(Val::Int(t.bvsub(p.offset, q.offset), k))
            }
            B::Less => Ok(Val::Cond(t.bvslt(p.offset, q.offset))),
            B::LessOrEqual => Ok(Val::Cond(t.bvsle(p.offset, q.offset))),
            B::Greater => Ok(Val::Cond(t.bvsgt(p.offset, q.offset))),
            B::GreaterOrEqual => Ok(Val::Cond(t.bvsge(p.offset, q.offset))),
            _ => unsup(format!("the operator {op:?} on pointers"), at),
        }
    }

    /// `p + n` / `p - n`.
    pub fn pointer_offset(
        &mut self,
        p: PtrVal,
        n: Term,
        kn: IntKind,
        minus: bool,
        at: usize,
    ) -> R<Val> {
        if let crate::types::CType::Function { .. } = p.pointee {
            // C11 6.5.6:2: arithmetic needs a pointer to an object type.
            return unsup("arithmetic on a function pointer", at);
        }
        if p.pointee == crate::types::CType::Void {
            self.void_steps_are_bytes(&p, at)?;
        }
        let inexact = |t: &super::memory::Target| !t.key.arith && t.key.count.is_some();
        match self.terms.as_bv_const(p.base) {
            Some((0, _)) => return unsup("arithmetic on a null pointer", at),
            Some((id, _)) => {
                if inexact(self.mem.target(id)) {
                    return unsup(
                        "pointer arithmetic on a pointer into a struct inside an array",
                        at,
                    );
                }
            }
            None => {
                let t = self.terms.clone();
                let null = t.eq(p.base, t.bv_const(0, BASE_BITS));
                self.check_special(null, "arithmetic on a null pointer", at);
                let bad: Vec<logic::Term> = (1..=self.mem.targets.len() as u32)
                    .filter(|id| inexact(self.mem.target(*id)))
                    .map(|id| t.eq(p.base, t.bv_const(id as u128, BASE_BITS)))
                    .collect();
                if !bad.is_empty() {
                    self.mem.enumerated = true;
                    let u = super::Unsup::new(
                        "pointer arithmetic on a pointer into a struct inside an array",
                        at,
                    );
                    self.unsupported_when(t.or(&bad), &u);
                }
            }
        }
        let w = self.model.pointer_width();
        let step = self.resize(n, kn, IntKind::Long, w);
        let t = &self.terms;
        let offset = if minus {
            t.bvsub(p.offset, step)
        } else {
            t.bvadd(p.offset, step)
        };
        Ok(Val::Ptr(PtrVal { offset, ..p }))
    }

    pub fn unary(&mut self, u: &Node<UnaryOperatorExpression>, at: usize) -> R<Val> {
        let t = self.terms.clone();
        match u.node.operator.node {
            UnaryOperator::PostIncrement => self.increment(&u.node.operand, true, true, at),
            UnaryOperator::PostDecrement => self.increment(&u.node.operand, false, true, at),
            UnaryOperator::PreIncrement => self.increment(&u.node.operand, true, false, at),
            UnaryOperator::PreDecrement => self.increment(&u.node.operand, false, false, at),
            UnaryOperator::Address => match self.designated(&u.node.operand)? {
                super::lvalue::Designated::Function(f) => Ok(Val::Ptr(f)),
                super::lvalue::Designated::Object(place) => match place {
                    super::object::Place::Mem(lv) => Ok(Val::Ptr(self.address_of(&lv))),
                    super::object::Place::Dyn(alts) => Ok(Val::Ptr(self.address_of_dyn(&alts))),
                    super::object::Place::Ptr(_) => unsup("a pointer to a pointer", at),
                },
            },
            UnaryOperator::Indirection => unreachable!("translated as an lvalue"),
            UnaryOperator::Negate => {
                let v = self.rvalue(&u.node.operand)?;
                let c = self.truth(&v, at)?;
                Ok(Val::Cond(t.not(c)))
            }
            UnaryOperator::Plus | UnaryOperator::Minus | UnaryOperator::Complement => {
                let v = self.rvalue(&u.node.operand)?;
                if let Val::Float(a, f) = v {
                    return match u.node.operator.node {
                        UnaryOperator::Plus => Ok(Val::Float(a, f)),
                        UnaryOperator::Minus => Ok(Val::Float(t.fp_neg(a, f), f)),
                        _ => super::ill_formed(
                            "invalid argument type to unary `~` (a floating operand)",
                            at,
                        ),
                    };
                }
                let (a, k) = self.integer(v, at)?;
                let p = k.promote();
                let a = self.convert_int(a, k, p);
                Ok(match u.node.operator.node {
                    UnaryOperator::Plus => Val::Int(a, p),
                    UnaryOperator::Complement => Val::Int(t.bvnot(a), p),
                    _ => {
                        if p.signed() && self.property == Property::NoOverflow {
                            let bad = t.eq(a, self.min_value(p));
                            self.check_property(bad);
                        }
                        Val::Int(t.bvneg(a), p)
                    }
                })
            }
        }
    }

    /// `a && b` / `a || b`: a term when `b` is free of side effects and checks, otherwise
    /// control flow so that `b` runs only when it must.
    fn logical(
        &mut self,
        and: bool,
        a: &Node<lang_c::ast::Expression>,
        b: &Node<lang_c::ast::Expression>,
    ) -> R<Val> {
        let t = self.terms.clone();
        let ca = self.cond(a)?;
        if let Some(cb) = self.probe(|s| s.cond(b)) {
            let cb = cb?;
            return Ok(Val::Cond(if and { t.and2(ca, cb) } else { t.or2(ca, cb) }));
        }
        let k = IntKind::Int;
        let result = self.temp(logic::Sort::Bv(32));
        let (eval_b, short) = (self.new_loc(), self.new_loc());
        let join = self.new_loc();
        if and {
            self.branch(ca, eval_b, short);
        } else {
            self.branch(ca, short, eval_b);
        }
        self.set_here(Some(short));
        self.emit_assign(result, self.bv(if and { 0 } else { 1 }, k));
        self.goto(join);
        self.set_here(Some(eval_b));
        let cb = self.cond(b)?;
        self.emit_assign(result, t.ite(cb, self.bv(1, k), self.bv(0, k)));
        self.goto(join);
        self.set_here(Some(join));
        Ok(Val::Int(result, k))
    }

    /// GCC's `c ?: b`: `c ? c : b` with `c` evaluated once (`crate::dialect` wrote the
    /// missing middle operand as `__boulder_elvis()`).
    fn elvis(&mut self, c: &Node<ConditionalExpression>, at: usize) -> R<Val> {
        let t = self.terms.clone();
        let first_ty = self.type_of(&c.node.condition)?;
        let else_ty = self.type_of(&c.node.else_expression)?;
        let (crate::types::CType::Int(x), crate::types::CType::Int(y)) = (&first_ty, &else_ty)
        else {
            return unsup("the GNU `?:` operator on non-integers", at);
        };
        let result_ty = crate::types::CType::Int(usual_arithmetic(*x, *y, self.model));
        let k = usual_arithmetic(*x, *y, self.model);
        let first = self.rvalue(&c.node.condition)?;
        let Val::Int(first, _) = self.convert(first, &result_ty, at)? else {
            unreachable!("converted to an integer type")
        };
        let result = self.temp(logic::Sort::Bv(k.width(self.model)));
        self.emit_assign(result, first);
        let nonzero = t.neq(result, self.bv(0, k));
        let (lf, join) = (self.new_loc(), self.new_loc());
        self.branch(nonzero, join, lf);
        self.set_here(Some(lf));
        let b = self.rvalue(&c.node.else_expression)?;
        if let Val::Int(b, _) = self.convert(b, &result_ty, at)? {
            self.emit_assign(result, b);
        }
        self.goto(join);
        self.set_here(Some(join));
        Ok(Val::Int(result, k))
    }

    /// `cond ? a : b` of two values that convert to the pointer type `to`, without
    /// branching (both are side-effect free by now).
    fn select_pointer(
        &mut self,
        cond: Term,
        a: Val,
        b: Val,
        to: &crate::types::CType,
        at: usize,
    ) -> R<Val> {
        let (Val::Ptr(p), Val::Ptr(q)) = (self.convert(a, to, at)?, self.convert(b, to, at)?)
        else {
            unreachable!("converted to a pointer type")
        };
        let t = &self.terms;
        Ok(Val::Ptr(PtrVal {
            base: t.ite(cond, p.base, q.base),
            offset: t.ite(cond, p.offset, q.offset),
            pointee: p.pointee,
        }))
    }

    /// `c ? a : b`.
    pub fn conditional(&mut self, c: &Node<ConditionalExpression>, at: usize) -> R<Val> {
        if is_elvis(&c.node.then_expression) {
            return self.elvis(c, at);
        }
        let t = self.terms.clone();
        let cond = self.cond(&c.node.condition)?;
        // A function designator arm is its address (C11 6.3.2.1:4): `c ? inc : dec`.
        let then_ty = decay_function(self.type_of(&c.node.then_expression)?);
        let else_ty = decay_function(self.type_of(&c.node.else_expression)?);
        let result_ty = match (&then_ty, &else_ty) {
            (crate::types::CType::Int(x), crate::types::CType::Int(y)) => {
                crate::types::CType::Int(usual_arithmetic(*x, *y, self.model))
            }
            (crate::types::CType::Float(x), crate::types::CType::Float(y)) => {
                crate::types::CType::Float(*x.max(y))
            }
            (f @ crate::types::CType::Float(_), crate::types::CType::Int(_))
            | (crate::types::CType::Int(_), f @ crate::types::CType::Float(_)) => f.clone(),
            (crate::types::CType::Void, _) | (_, crate::types::CType::Void) => {
                crate::types::CType::Void
            }
            (a @ crate::types::CType::Pointer(_), b @ crate::types::CType::Pointer(_)) => {
                let (a, b) = (a.clone(), b.clone());
                self.pointer_conditional_type(&a, &b, c)
            }
            // `c ? 0 : p`: the pointer's type.
            (crate::types::CType::Int(_), b @ crate::types::CType::Pointer(_)) => b.clone(),
            _ => then_ty.clone(),
        };
        let scalar = match &result_ty {
            crate::types::CType::Int(k) => Some(Val::Int(self.bv(0, *k), *k)),
            crate::types::CType::Float(k) => {
                let f = self.float_format(*k, at)?;
                Some(Val::Float(t.fp_bits(0, f), f))
            }
            _ => None,
        };
        if let Some(shape) = scalar {
            // An integer or a floating value: one bit-vector, chosen by the condition.
            let bits = |v: Val| match v {
                Val::Int(x, _) | Val::Float(x, _) => x,
                _ => unreachable!("converted to an arithmetic type"),
            };
            let wrap = |x: Term| match &shape {
                Val::Int(_, k) => Val::Int(x, *k),
                Val::Float(_, f) => Val::Float(x, *f),
                _ => unreachable!("an arithmetic shape"),
            };
            let pure = self.probe(|s| {
                let a = s.rvalue(&c.node.then_expression)?;
                let a = s.convert(a, &result_ty, at)?;
                let b = s.rvalue(&c.node.else_expression)?;
                let b = s.convert(b, &result_ty, at)?;
                Ok((a, b))
            });
            if let Some(r) = pure {
                let (a, b) = r?;
                return Ok(wrap(t.ite(cond, bits(a), bits(b))));
            }
            let result = self.temp(t.sort(bits(shape.clone())));
            let (lt, lf, join) = (self.new_loc(), self.new_loc(), self.new_loc());
            self.user_branch(cond, lt, lf);
            for (loc, e) in [(lt, &c.node.then_expression), (lf, &c.node.else_expression)] {
                self.set_here(Some(loc));
                let v = self.rvalue(e)?;
                let x = bits(self.convert(v, &result_ty, at)?);
                self.emit_assign(result, x);
                self.goto(join);
            }
            self.set_here(Some(join));
            return Ok(wrap(result));
        }
        if result_ty == crate::types::CType::Void {
            let (lt, lf, join) = (self.new_loc(), self.new_loc(), self.new_loc());
            self.user_branch(cond, lt, lf);
            for (loc, e) in [(lt, &c.node.then_expression), (lf, &c.node.else_expression)] {
                self.set_here(Some(loc));
                self.rvalue(e)?;
                self.goto(join);
            }
            self.set_here(Some(join));
            return Ok(Val::Void);
        }
        // Pointers: the target and the offset each chosen by the condition; arms with
        // side effects are evaluated in branches, into temporaries.
        let arms = self.probe(|s| {
            let a = s.rvalue(&c.node.then_expression)?;
            let b = s.rvalue(&c.node.else_expression)?;
            Ok((a, b))
        });
        match arms {
            // `c ? p : 0`, `c ? 0 : p`: the null pointer constant converts to the
            // pointer's type (C11 6.5.15:6).
            Some(Ok((a, b)))
                if matches!(result_ty, crate::types::CType::Pointer(_))
                    && matches!(
                        (&a, &b),
                        (Val::Ptr(_), Val::Int(..) | Val::Cond(_))
                            | (Val::Int(..) | Val::Cond(_), Val::Ptr(_))
                    ) =>
            {
                self.select_pointer(cond, a, b, &result_ty, at)
            }
            Some(Ok((Val::Ptr(p), Val::Ptr(q)))) => {
                let to = match &result_ty {
                    crate::types::CType::Pointer(_) => result_ty.clone(),
                    _ => crate::types::CType::Pointer(Box::new(p.pointee.clone())),
                };
                self.select_pointer(cond, Val::Ptr(p), Val::Ptr(q), &to, at)
            }
            Some(Err(e)) => Err(e),
            None if matches!(result_ty, crate::types::CType::Pointer(_)) => {
                let base = self.temp(logic::Sort::Bv(BASE_BITS));
                let offset = self.temp(self.index_sort());
                let (lt, lf, join) = (self.new_loc(), self.new_loc(), self.new_loc());
                self.user_branch(cond, lt, lf);
                let mut pointee = None;
                for (loc, e) in [(lt, &c.node.then_expression), (lf, &c.node.else_expression)] {
                    self.set_here(Some(loc));
                    let v = self.rvalue_for(e, &result_ty)?;
                    let Val::Ptr(p) = self.convert(v, &result_ty, at)? else {
                        unreachable!("converted to a pointer type")
                    };
                    self.emit_assign(base, p.base);
                    self.emit_assign(offset, p.offset);
                    pointee = Some(p.pointee);
                    self.goto(join);
                }
                self.set_here(Some(join));
                Ok(Val::Ptr(PtrVal {
                    base,
                    offset,
                    pointee: pointee.expect("two arms"),
                }))
            }
            _ => unsup("a conditional expression of this type", at),
        }
    }
}

/// A function type as the pointer its designator converts to (C11 6.3.2.1:4); other
/// types as they are.
pub(crate) fn decay_function(t: crate::types::CType) -> crate::types::CType {
    match t {
        f @ crate::types::CType::Function { .. } => crate::types::CType::Pointer(Box::new(f)),
        t => t,
    }
}

/// The middle operand `crate::dialect` writes for GCC's `a ?: b`.
pub(crate) fn is_elvis(e: &Node<lang_c::ast::Expression>) -> bool {
    matches!(&e.node, lang_c::ast::Expression::Call(call)
        if matches!(&call.node.callee.node, lang_c::ast::Expression::Identifier(id)
            if id.node.name == "__boulder_elvis"))
}
