//! Evaluation of terms under a concrete assignment of their free variables.

use crate::sort::Sort;
use crate::term::{Op, Term, TermStore, VarId};
use crate::value::{apply, EvalError, Value};
use rustc_hash::FxHashMap;

/// Quantifiers are evaluated by enumeration when their bound variables have at most this
/// many bits together.
pub const MAX_QUANTIFIER_BITS: u32 = 16;

impl TermStore {
    /// The value of `t` when each free variable `v` has value `assignment(v)`.
    pub fn eval(
        &self,
        t: Term,
        assignment: &dyn Fn(VarId) -> Option<Value>,
    ) -> Result<Value, EvalError> {
        let mut memo: FxHashMap<Term, Value> = FxHashMap::default();
        for n in self.postorder(t, false) {
            let (op, sort, args) = self.node(n);
            let v = match op {
                Op::Var(v) => {
                    assignment(v).ok_or_else(|| EvalError::Unassigned(self.var_name(v).into()))?
                }
                Op::BoolConst(b) => Value::Bool(b),
                Op::BvConst(x, w) => Value::Bv(x, w),
                Op::IntConst(i) => Value::Int(i),
                Op::Forall | Op::Exists => self.eval_quantifier(op, &args, assignment)?,
                _ => {
                    let vals: smallvec::SmallVec<[Value; 4]> =
                        args.iter().map(|a| memo[a].clone()).collect();
                    apply(op, sort, &vals)?
                }
            };
            memo.insert(n, v);
        }
        Ok(memo.remove(&t).expect("root evaluated"))
    }

    /// Convenience: evaluation under a map.
    pub fn eval_map(&self, t: Term, values: &FxHashMap<VarId, Value>) -> Result<Value, EvalError> {
        self.eval(t, &|v| values.get(&v).cloned())
    }

    fn eval_quantifier(
        &self,
        op: Op,
        args: &[Term],
        assignment: &dyn Fn(VarId) -> Option<Value>,
    ) -> Result<Value, EvalError> {
        let (bound, body) = args.split_at(args.len() - 1);
        let bound: Vec<(VarId, Sort)> = bound
            .iter()
            .map(|b| {
                let v = self.as_var(*b).expect("bound variable");
                (v, self.var_sort(v))
            })
            .collect();
        let mut bits = 0u32;
        for (_, s) in &bound {
            bits += match s {
                Sort::Bool => 1,
                Sort::Bv(w) => *w,
                _ => MAX_QUANTIFIER_BITS + 1,
            };
        }
        if bits > MAX_QUANTIFIER_BITS {
            return Err(EvalError::QuantifierDomain(bits));
        }
        let want = op == Op::Forall;
        for code in 0u128..(1u128 << bits) {
            let mut rest = code;
            let mut local: FxHashMap<VarId, Value> = FxHashMap::default();
            for (v, s) in &bound {
                let val = match s {
                    Sort::Bool => {
                        let b = rest & 1 == 1;
                        rest >>= 1;
                        Value::Bool(b)
                    }
                    Sort::Bv(w) => {
                        let x = rest & crate::value::mask(*w);
                        rest >>= *w;
                        Value::Bv(x, *w)
                    }
                    _ => unreachable!("checked above"),
                };
                local.insert(*v, val);
            }
            let inner = |v: VarId| local.get(&v).cloned().or_else(|| assignment(v));
            let r = self.eval(body[0], &inner)?;
            if r.as_bool() != Some(want) {
                return Ok(Value::Bool(!want));
            }
        }
        Ok(Value::Bool(want))
    }
}
