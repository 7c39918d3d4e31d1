//! Building terms: constants, sort checking, and the named builders; every node goes
//! through the simplifier (`simplify.rs`).

use crate::sort::{ScalarSort, Sort, MAX_BV_WIDTH};
use crate::term::{Op, Term, TermStore};
use crate::value::{mask, Value};
use smallvec::SmallVec;

/// An ill-sorted application.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SortError(pub String);

type Args = SmallVec<[Term; 4]>;

impl TermStore {
    // ---------------------------------------------------------------- constants

    pub fn bool_const(&self, b: bool) -> Term {
        self.intern_raw(Op::BoolConst(b), Sort::Bool, &[])
    }

    pub fn tru(&self) -> Term {
        self.bool_const(true)
    }

    pub fn fls(&self) -> Term {
        self.bool_const(false)
    }

    /// Bit-vector constant; `value` is reduced modulo 2^width.
    pub fn bv_const(&self, value: u128, width: u32) -> Term {
        assert!(
            (1..=MAX_BV_WIDTH).contains(&width),
            "bit-vector width {width}"
        );
        self.intern_raw(
            Op::BvConst(value & mask(width), width),
            Sort::Bv(width),
            &[],
        )
    }

    /// Bit-vector constant from a signed number (two's complement).
    pub fn bv_signed(&self, value: i128, width: u32) -> Term {
        self.bv_const(value as u128, width)
    }

    pub fn int_const(&self, value: i128) -> Term {
        self.intern_raw(Op::IntConst(value), Sort::Int, &[])
    }

    /// The constant term of a concrete scalar value.
    pub fn value_term(&self, v: &Value) -> Term {
        match v {
            Value::Bool(b) => self.bool_const(*b),
            Value::Bv(x, w) => self.bv_const(*x, *w),
            Value::Int(i) => self.int_const(*i),
            Value::Array(a) => {
                let mut t = self.const_array(a.index, self.value_term(&a.default));
                for (k, v) in &a.entries {
                    t = self.store(t, self.value_term(k), self.value_term(v));
                }
                t
            }
        }
    }

    // ---------------------------------------------------------------- generic entry

    /// Builds `op(args)`, checking sorts and simplifying. Use for input that may be
    /// ill-sorted (parsers, solver read-back); the named builders below panic instead.
    pub fn try_mk(&self, op: Op, args: &[Term]) -> Result<Term, SortError> {
        let sorts: SmallVec<[Sort; 4]> = args.iter().map(|a| self.sort(*a)).collect();
        let sort = self.result_sort(op, args, &sorts)?;
        Ok(self.simplify(op, sort, args))
    }

    /// [`TermStore::try_mk`] for callers that construct well-sorted terms by design.
    ///
    /// # Panics
    /// On an ill-sorted application: that is a bug in Boulder, not in its input.
    pub fn mk(&self, op: Op, args: &[Term]) -> Term {
        match self.try_mk(op, args) {
            Ok(t) => t,
            Err(e) => panic!("internal error: ill-sorted term: {e}"),
        }
    }

    fn result_sort(&self, op: Op, args: &[Term], sorts: &[Sort]) -> Result<Sort, SortError> {
        use Op::*;
        let arity = |n: usize| -> Result<(), SortError> {
            if sorts.len() == n {
                Ok(())
            } else {
                Err(SortError(format!(
                    "{op:?} takes {n} arguments, got {}",
                    sorts.len()
                )))
            }
        };
        let all_bool = || -> Result<(), SortError> {
            match sorts.iter().find(|s| **s != Sort::Bool) {
                None => Ok(()),
                Some(s) => Err(SortError(format!("{op:?} expects bool, got {s}"))),
            }
        };
        let same_bv = || -> Result<u32, SortError> {
            match sorts.first() {
                Some(Sort::Bv(w)) if sorts.iter().all(|s| *s == Sort::Bv(*w)) => Ok(*w),
                _ => Err(SortError(format!(
                    "{op:?} expects bit-vectors of one width, got {}",
                    list(sorts)
                ))),
            }
        };
        let all_int = || -> Result<(), SortError> {
            if sorts.iter().all(|s| *s == Sort::Int) {
                Ok(())
            } else {
                Err(SortError(format!(
                    "{op:?} expects int, got {}",
                    list(sorts)
                )))
            }
        };
        let bv_of = |s: Sort| -> Result<u32, SortError> {
            s.bv_width()
                .ok_or_else(|| SortError(format!("{op:?} expects a bit-vector, got {s}")))
        };
        let width_ok = |w: u32| -> Result<Sort, SortError> {
            if w == 0 || w > MAX_BV_WIDTH {
                Err(SortError(format!("bit-vector width {w} out of range")))
            } else {
                Ok(Sort::Bv(w))
            }
        };
        match op {
            Var(_) | BoolConst(_) | BvConst(..) | IntConst(_) => {
                Err(SortError(format!("{op:?} is a leaf, not an application")))
            }
            Not => {
                arity(1)?;
                all_bool()?;
                Ok(Sort::Bool)
            }
            And | Or => {
                all_bool()?;
                Ok(Sort::Bool)
            }
            Xor | Implies => {
                arity(2)?;
                all_bool()?;
                Ok(Sort::Bool)
            }
            Ite => {
                arity(3)?;
                if sorts[0] != Sort::Bool || sorts[1] != sorts[2] {
                    return Err(SortError(format!(
                        "ite expects (bool, s, s), got {}",
                        list(sorts)
                    )));
                }
                Ok(sorts[1])
            }
            Eq => {
                arity(2)?;
                if sorts[0] != sorts[1] {
                    return Err(SortError(format!(
                        "= expects equal sorts, got {}",
                        list(sorts)
                    )));
                }
                Ok(Sort::Bool)
            }
            BvNeg | BvNot => {
                arity(1)?;
                Ok(Sort::Bv(same_bv()?))
            }
            BvAdd | BvSub | BvMul | BvUdiv | BvSdiv | BvUrem | BvSrem | BvShl | BvLshr | BvAshr
            | BvAnd | BvOr | BvXor => {
                arity(2)?;
                Ok(Sort::Bv(same_bv()?))
            }
            BvUlt | BvUle | BvSlt | BvSle => {
                arity(2)?;
                same_bv()?;
                Ok(Sort::Bool)
            }
            Concat => {
                arity(2)?;
                width_ok(bv_of(sorts[0])? + bv_of(sorts[1])?)
            }
            Extract(hi, lo) => {
                arity(1)?;
                let w = bv_of(sorts[0])?;
                if lo > hi || hi >= w {
                    return Err(SortError(format!("extract [{hi}:{lo}] of a bv{w}")));
                }
                Ok(Sort::Bv(hi - lo + 1))
            }
            ZeroExt(n) | SignExt(n) => {
                arity(1)?;
                width_ok(bv_of(sorts[0])? + n)
            }
            IntNeg => {
                arity(1)?;
                all_int()?;
                Ok(Sort::Int)
            }
            IntAdd | IntSub | IntMul | IntDiv | IntMod => {
                arity(2)?;
                all_int()?;
                Ok(Sort::Int)
            }
            IntLt | IntLe => {
                arity(2)?;
                all_int()?;
                Ok(Sort::Bool)
            }
            ConstArray(index) => {
                arity(1)?;
                let e = sorts[0]
                    .as_scalar()
                    .ok_or_else(|| SortError("array elements must be scalar".into()))?;
                Ok(Sort::Array(index, e))
            }
            Select => {
                arity(2)?;
                match sorts[0] {
                    Sort::Array(i, e) if i.to_sort() == sorts[1] => Ok(e.to_sort()),
                    _ => Err(SortError(format!(
                        "select expects (array, index), got {}",
                        list(sorts)
                    ))),
                }
            }
            Store => {
                arity(3)?;
                match sorts[0] {
                    Sort::Array(i, e) if i.to_sort() == sorts[1] && e.to_sort() == sorts[2] => {
                        Ok(sorts[0])
                    }
                    _ => Err(SortError(format!(
                        "store expects (array, index, element), got {}",
                        list(sorts)
                    ))),
                }
            }
            Forall | Exists => {
                if sorts.len() < 2 || *sorts.last().expect("body") != Sort::Bool {
                    return Err(SortError(
                        "quantifier expects variables and a bool body".into(),
                    ));
                }
                for v in &args[..args.len() - 1] {
                    if self.as_var(*v).is_none() {
                        return Err(SortError("quantifier binds variables only".into()));
                    }
                }
                Ok(Sort::Bool)
            }
        }
    }

    // ---------------------------------------------------------------- named builders

    pub fn not(&self, a: Term) -> Term {
        self.mk(Op::Not, &[a])
    }
    pub fn and(&self, args: &[Term]) -> Term {
        self.mk(Op::And, args)
    }
    pub fn or(&self, args: &[Term]) -> Term {
        self.mk(Op::Or, args)
    }
    pub fn and2(&self, a: Term, b: Term) -> Term {
        self.mk(Op::And, &[a, b])
    }
    pub fn or2(&self, a: Term, b: Term) -> Term {
        self.mk(Op::Or, &[a, b])
    }
    pub fn xor(&self, a: Term, b: Term) -> Term {
        self.mk(Op::Xor, &[a, b])
    }
    pub fn implies(&self, a: Term, b: Term) -> Term {
        self.mk(Op::Implies, &[a, b])
    }
    pub fn iff(&self, a: Term, b: Term) -> Term {
        self.mk(Op::Eq, &[a, b])
    }
    pub fn ite(&self, c: Term, a: Term, b: Term) -> Term {
        self.mk(Op::Ite, &[c, a, b])
    }
    pub fn eq(&self, a: Term, b: Term) -> Term {
        self.mk(Op::Eq, &[a, b])
    }
    pub fn neq(&self, a: Term, b: Term) -> Term {
        let e = self.eq(a, b);
        self.not(e)
    }

    pub fn bvneg(&self, a: Term) -> Term {
        self.mk(Op::BvNeg, &[a])
    }
    pub fn bvnot(&self, a: Term) -> Term {
        self.mk(Op::BvNot, &[a])
    }
    pub fn bvadd(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvAdd, &[a, b])
    }
    pub fn bvsub(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvSub, &[a, b])
    }
    pub fn bvmul(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvMul, &[a, b])
    }
    pub fn bvudiv(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvUdiv, &[a, b])
    }
    pub fn bvsdiv(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvSdiv, &[a, b])
    }
    pub fn bvurem(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvUrem, &[a, b])
    }
    pub fn bvsrem(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvSrem, &[a, b])
    }
    pub fn bvshl(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvShl, &[a, b])
    }
    pub fn bvlshr(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvLshr, &[a, b])
    }
    pub fn bvashr(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvAshr, &[a, b])
    }
    pub fn bvand(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvAnd, &[a, b])
    }
    pub fn bvor(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvOr, &[a, b])
    }
    pub fn bvxor(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvXor, &[a, b])
    }
    pub fn concat(&self, a: Term, b: Term) -> Term {
        self.mk(Op::Concat, &[a, b])
    }
    pub fn extract(&self, a: Term, hi: u32, lo: u32) -> Term {
        self.mk(Op::Extract(hi, lo), &[a])
    }
    pub fn zext(&self, a: Term, by: u32) -> Term {
        self.mk(Op::ZeroExt(by), &[a])
    }
    pub fn sext(&self, a: Term, by: u32) -> Term {
        self.mk(Op::SignExt(by), &[a])
    }
    pub fn bvult(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvUlt, &[a, b])
    }
    pub fn bvule(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvUle, &[a, b])
    }
    pub fn bvugt(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvUlt, &[b, a])
    }
    pub fn bvuge(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvUle, &[b, a])
    }
    pub fn bvslt(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvSlt, &[a, b])
    }
    pub fn bvsle(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvSle, &[a, b])
    }
    pub fn bvsgt(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvSlt, &[b, a])
    }
    pub fn bvsge(&self, a: Term, b: Term) -> Term {
        self.mk(Op::BvSle, &[b, a])
    }

    pub fn int_neg(&self, a: Term) -> Term {
        self.mk(Op::IntNeg, &[a])
    }
    pub fn int_add(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntAdd, &[a, b])
    }
    pub fn int_sub(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntSub, &[a, b])
    }
    pub fn int_mul(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntMul, &[a, b])
    }
    pub fn int_div(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntDiv, &[a, b])
    }
    pub fn int_mod(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntMod, &[a, b])
    }
    pub fn int_lt(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntLt, &[a, b])
    }
    pub fn int_le(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntLe, &[a, b])
    }
    pub fn int_gt(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntLt, &[b, a])
    }
    pub fn int_ge(&self, a: Term, b: Term) -> Term {
        self.mk(Op::IntLe, &[b, a])
    }

    pub fn const_array(&self, index: ScalarSort, elem: Term) -> Term {
        self.mk(Op::ConstArray(index), &[elem])
    }
    pub fn select(&self, a: Term, i: Term) -> Term {
        self.mk(Op::Select, &[a, i])
    }
    pub fn store(&self, a: Term, i: Term, v: Term) -> Term {
        self.mk(Op::Store, &[a, i, v])
    }

    pub fn forall(&self, vars: &[Term], body: Term) -> Term {
        self.quantifier(Op::Forall, vars, body)
    }
    pub fn exists(&self, vars: &[Term], body: Term) -> Term {
        self.quantifier(Op::Exists, vars, body)
    }

    /// A quantifier over those of `vars` that occur free in `body` (none: the body).
    fn quantifier(&self, op: Op, vars: &[Term], body: Term) -> Term {
        let used: Args = vars
            .iter()
            .copied()
            .filter(|v| self.occurs_free(self.as_var(*v).expect("variable"), body))
            .collect();
        if used.is_empty() {
            return body;
        }
        let mut args = used;
        args.push(body);
        self.mk(op, &args)
    }
}

fn list(sorts: &[Sort]) -> String {
    let v: Vec<String> = sorts.iter().map(|s| s.to_string()).collect();
    format!("({})", v.join(", "))
}
