//! Boulder term → Z3 term, memoised per context.

use super::Ctx;
use crate::sort::Sort;
use crate::term::{Op, Term};
use std::ffi::CString;
use z3_sys::*;

impl Ctx {
    pub(crate) fn sort(&self, s: Sort) -> Z3_sort {
        if let Some(z) = self.sorts.borrow().get(&s) {
            return *z;
        }
        let z = self.z3();
        let made = unsafe {
            match s {
                Sort::Bool => Z3_mk_bool_sort(z),
                Sort::Int => Z3_mk_int_sort(z),
                Sort::Bv(w) => Z3_mk_bv_sort(z, w),
                Sort::Array(i, e) => {
                    Z3_mk_array_sort(z, self.sort(i.to_sort()), self.sort(e.to_sort()))
                }
            }
        }
        .expect("Z3 sort");
        unsafe { Z3_inc_ref(z, Z3_sort_to_ast(z, made).expect("sort ast")) };
        self.sorts.borrow_mut().insert(s, made);
        made
    }

    /// The Z3 term of `t`; valid as long as the context lives.
    pub(crate) fn ast(&self, t: Term) -> Z3_ast {
        if let Some(a) = self.memo.borrow().get(&t) {
            return *a;
        }
        let store = self.store.clone();
        let mut translated = 0;
        for n in store.postorder(t, true) {
            if self.memo.borrow().contains_key(&n) {
                continue;
            }
            let (op, sort, args) = store.node(n);
            let a: Vec<Z3_ast> = {
                let memo = self.memo.borrow();
                args.iter().map(|x| memo[x]).collect()
            };
            let made = unsafe { self.mk(op, sort, &a, n) };
            let made = made.unwrap_or_else(|| {
                self.check_error("translation");
                panic!("internal error: Z3 returned no term for {op:?}")
            });
            unsafe { Z3_inc_ref(self.z3(), made) };
            self.memo.borrow_mut().insert(n, made);
            translated += 1;
        }
        self.stats.borrow_mut().translated += translated;
        self.memo.borrow()[&t]
    }

    unsafe fn mk(&self, op: Op, sort: Sort, a: &[Z3_ast], t: Term) -> Option<Z3_ast> {
        let z = self.z3();
        let numeral = |text: String, s: Sort| {
            let c = CString::new(text).expect("numeral");
            Z3_mk_numeral(z, c.as_ptr(), self.sort(s))
        };
        use Op::*;
        match op {
            Var(v) => Z3_mk_const(z, self.symbol(&self.store.var_name(v)), self.sort(sort)),
            BoolConst(true) => Z3_mk_true(z),
            BoolConst(false) => Z3_mk_false(z),
            BvConst(v, _) => numeral(v.to_string(), sort),
            IntConst(i) => numeral(i.to_string(), sort),
            ConstArray(i) => Z3_mk_const_array(z, self.sort(i.to_sort()), a[0]),
            Not => Z3_mk_not(z, a[0]),
            And => Z3_mk_and(z, a.len() as u32, a.as_ptr()),
            Or => Z3_mk_or(z, a.len() as u32, a.as_ptr()),
            Xor => Z3_mk_xor(z, a[0], a[1]),
            Implies => Z3_mk_implies(z, a[0], a[1]),
            Ite => Z3_mk_ite(z, a[0], a[1], a[2]),
            Eq => Z3_mk_eq(z, a[0], a[1]),
            BvNeg => Z3_mk_bvneg(z, a[0]),
            BvNot => Z3_mk_bvnot(z, a[0]),
            BvAdd => Z3_mk_bvadd(z, a[0], a[1]),
            BvSub => Z3_mk_bvsub(z, a[0], a[1]),
            BvMul => Z3_mk_bvmul(z, a[0], a[1]),
            BvUdiv => Z3_mk_bvudiv(z, a[0], a[1]),
            BvSdiv => Z3_mk_bvsdiv(z, a[0], a[1]),
            BvUrem => Z3_mk_bvurem(z, a[0], a[1]),
            BvSrem => Z3_mk_bvsrem(z, a[0], a[1]),
            BvShl => Z3_mk_bvshl(z, a[0], a[1]),
            BvLshr => Z3_mk_bvlshr(z, a[0], a[1]),
            BvAshr => Z3_mk_bvashr(z, a[0], a[1]),
            BvAnd => Z3_mk_bvand(z, a[0], a[1]),
            BvOr => Z3_mk_bvor(z, a[0], a[1]),
            BvXor => Z3_mk_bvxor(z, a[0], a[1]),
            Concat => Z3_mk_concat(z, a[0], a[1]),
            Extract(hi, lo) => Z3_mk_extract(z, hi, lo, a[0]),
            ZeroExt(n) => Z3_mk_zero_ext(z, n, a[0]),
            SignExt(n) => Z3_mk_sign_ext(z, n, a[0]),
            BvUlt => Z3_mk_bvult(z, a[0], a[1]),
            BvUle => Z3_mk_bvule(z, a[0], a[1]),
            BvSlt => Z3_mk_bvslt(z, a[0], a[1]),
            BvSle => Z3_mk_bvsle(z, a[0], a[1]),
            IntNeg => Z3_mk_unary_minus(z, a[0]),
            IntAdd => Z3_mk_add(z, 2, a.as_ptr()),
            IntSub => Z3_mk_sub(z, 2, a.as_ptr()),
            IntMul => Z3_mk_mul(z, 2, a.as_ptr()),
            IntDiv => Z3_mk_div(z, a[0], a[1]),
            IntMod => Z3_mk_mod(z, a[0], a[1]),
            IntLt => Z3_mk_lt(z, a[0], a[1]),
            IntLe => Z3_mk_le(z, a[0], a[1]),
            Select => Z3_mk_select(z, a[0], a[1]),
            Store => Z3_mk_store(z, a[0], a[1], a[2]),
            Forall | Exists => {
                let (bound, body) = a.split_at(a.len() - 1);
                let apps: Vec<Z3_app> = bound
                    .iter()
                    .map(|b| Z3_to_app(z, *b).expect("bound variable"))
                    .collect();
                let _ = t;
                if op == Forall {
                    Z3_mk_forall_const(
                        z,
                        0,
                        apps.len() as u32,
                        apps.as_ptr(),
                        0,
                        std::ptr::null(),
                        body[0],
                    )
                } else {
                    Z3_mk_exists_const(
                        z,
                        0,
                        apps.len() as u32,
                        apps.as_ptr(),
                        0,
                        std::ptr::null(),
                        body[0],
                    )
                }
            }
        }
    }
}
