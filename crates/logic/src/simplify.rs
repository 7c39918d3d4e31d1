//! Simplification: the rewrites the builder applies to every new node — constant
//! folding, neutral and absorbing elements, offsets gathered as `x ± c`, `ite` and equality
//! rules, flattening of `and`/`or`.
//!
//! Every rewrite is an identity of SMT-LIB semantics; the property tests build random
//! expressions both through the builder and directly, and compare the results.

use crate::sort::Sort;
use crate::term::{Op, Term, TermStore};
use crate::value::{apply, mask, Value};
use smallvec::SmallVec;

type Args = SmallVec<[Term; 4]>;

impl TermStore {
    fn all_const(&self, args: &[Term]) -> Option<SmallVec<[Value; 4]>> {
        args.iter().map(|a| self.const_value(*a)).collect()
    }

    /// The value of a constant term (including constant arrays built from constants).
    pub fn const_value(&self, t: Term) -> Option<Value> {
        match self.op(t) {
            Op::BoolConst(b) => Some(Value::Bool(b)),
            Op::BvConst(v, w) => Some(Value::Bv(v, w)),
            Op::IntConst(i) => Some(Value::Int(i)),
            _ => None,
        }
    }

    fn is_bv_value(&self, t: Term, v: u128) -> bool {
        matches!(self.op(t), Op::BvConst(x, _) if x == v)
    }

    /// `(x ± c1) ± c2` as `x ± c` with one constant (or `x` when they cancel): repeated
    /// increments, as loop unwindings and weakest preconditions produce them, stay small.
    fn fold_offsets(&self, op: Op, args: &[Term]) -> Option<Term> {
        let Op::BvConst(k, w) = self.op(args[1]) else {
            return None;
        };
        let inner = args[0];
        let (base, c) = match self.op(inner) {
            Op::BvAdd => match self.op(self.arg(inner, 1)) {
                Op::BvConst(c, _) => (self.arg(inner, 0), c),
                _ => return None,
            },
            Op::BvSub => match self.op(self.arg(inner, 1)) {
                Op::BvConst(c, _) => (self.arg(inner, 0), c.wrapping_neg() & mask(w)),
                _ => return None,
            },
            _ => return None,
        };
        let k = if op == Op::BvAdd {
            k
        } else {
            k.wrapping_neg() & mask(w)
        };
        let total = c.wrapping_add(k) & mask(w);
        if total == 0 {
            return Some(base);
        }
        let neg = total.wrapping_neg() & mask(w);
        Some(if neg < total {
            self.mk(Op::BvSub, &[base, self.bv_const(neg, w)])
        } else {
            self.mk(Op::BvAdd, &[base, self.bv_const(total, w)])
        })
    }

    /// `x + c` as `(x, c)` and `x - c` as `(x, -c)`, for a constant `c`.
    fn split_offset(&self, t: Term) -> Option<(Term, Term)> {
        match self.op(t) {
            Op::BvAdd => match self.op(self.arg(t, 1)) {
                Op::BvConst(..) => Some((self.arg(t, 0), self.arg(t, 1))),
                _ => None,
            },
            Op::BvSub => match self.op(self.arg(t, 1)) {
                Op::BvConst(c, w) => {
                    Some((self.arg(t, 0), self.bv_const(c.wrapping_neg() & mask(w), w)))
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn is_ones(&self, t: Term) -> bool {
        matches!(self.op(t), Op::BvConst(x, w) if x == mask(w))
    }

    pub(crate) fn simplify(&self, op: Op, sort: Sort, args: &[Term]) -> Term {
        use Op::*;
        if !op.is_quantifier() && !matches!(op, ConstArray(_) | Select | Store) {
            if let Some(vals) = self.all_const(args) {
                if let Ok(v) = apply(op, sort, &vals) {
                    return self.value_term(&v);
                }
            }
        }
        match op {
            Not => return self.simplify_not(args[0]),
            And => return self.simplify_junction(true, args),
            Or => return self.simplify_junction(false, args),
            Implies => {
                let (a, b) = (args[0], args[1]);
                if self.is_true(a) {
                    return b;
                }
                if self.is_false(a) || self.is_true(b) || a == b {
                    return self.tru();
                }
                if self.is_false(b) {
                    return self.simplify_not(a);
                }
            }
            Xor => {
                let (a, b) = (args[0], args[1]);
                if a == b {
                    return self.fls();
                }
                for (x, y) in [(a, b), (b, a)] {
                    if self.is_false(x) {
                        return y;
                    }
                    if self.is_true(x) {
                        return self.simplify_not(y);
                    }
                }
            }
            Ite => {
                let (c, a, b) = (args[0], args[1], args[2]);
                if let Some(cv) = self.as_bool_const(c) {
                    return if cv { a } else { b };
                }
                if a == b {
                    return a;
                }
                if let Not = self.op(c) {
                    let inner = self.arg(c, 0);
                    return self.simplify(Ite, sort, &[inner, b, a]);
                }
                if sort == Sort::Bool {
                    match (self.as_bool_const(a), self.as_bool_const(b)) {
                        (Some(true), Some(false)) => return c,
                        (Some(false), Some(true)) => return self.simplify_not(c),
                        (Some(true), None) => return self.simplify_junction(false, &[c, b]),
                        (Some(false), None) => {
                            let nc = self.simplify_not(c);
                            return self.simplify_junction(true, &[nc, b]);
                        }
                        (None, Some(true)) => {
                            let nc = self.simplify_not(c);
                            return self.simplify_junction(false, &[nc, a]);
                        }
                        (None, Some(false)) => return self.simplify_junction(true, &[c, a]),
                        _ => {}
                    }
                }
            }
            Eq => {
                let (a, b) = (args[0], args[1]);
                if a == b {
                    return self.tru();
                }
                if self.sort(a) == Sort::Bool {
                    for (x, y) in [(a, b), (b, a)] {
                        if self.is_true(x) {
                            return y;
                        }
                        if self.is_false(x) {
                            return self.simplify_not(y);
                        }
                    }
                }
                if let (Some(x), Some(y)) = (self.const_value(a), self.const_value(b)) {
                    return self.bool_const(x == y);
                }
                // `ite(c, k1, k2) = k` with constants: `c`, `¬c`, true or false. C's
                // `cond ? 1 : 0` compared with 0 is the condition itself.
                for (x, k) in [(a, b), (b, a)] {
                    if self.op(x) == Ite {
                        let (c, t, e) = (self.arg(x, 0), self.arg(x, 1), self.arg(x, 2));
                        if let (Some(t), Some(e), Some(k)) = (
                            self.const_value(t),
                            self.const_value(e),
                            self.const_value(k),
                        ) {
                            return match (t == k, e == k) {
                                (true, true) => self.tru(),
                                (true, false) => c,
                                (false, true) => self.simplify_not(c),
                                (false, false) => self.fls(),
                            };
                        }
                    }
                }
                // `x + c1 = t` is `x = t - c1` (modular arithmetic: an equivalence), so that
                // constants gather on the right and `x + 1 = y + 1` becomes `x = y`.
                if let Some((x, c)) = self.split_offset(a) {
                    return self.mk(Eq, &[x, self.mk(BvSub, &[b, c])]);
                }
                if self.const_value(a).is_some() {
                    if let Some((y, c)) = self.split_offset(b) {
                        return self.mk(Eq, &[y, self.mk(BvSub, &[a, c])]);
                    }
                }
            }
            BvAdd => {
                if self.is_bv_value(args[1], 0) {
                    return args[0];
                }
                if self.is_bv_value(args[0], 0) {
                    return args[1];
                }
                if let Some(t) = self.fold_offsets(op, args) {
                    return t;
                }
            }
            BvSub => {
                if self.is_bv_value(args[1], 0) {
                    return args[0];
                }
                if args[0] == args[1] {
                    return self.bv_const(0, sort.bv_width().expect("bv"));
                }
                if let Some(t) = self.fold_offsets(op, args) {
                    return t;
                }
            }
            BvMul => {
                for (x, y) in [(args[0], args[1]), (args[1], args[0])] {
                    if self.is_bv_value(x, 0) {
                        return x;
                    }
                    if self.is_bv_value(x, 1) {
                        return y;
                    }
                }
            }
            BvAnd | BvOr => {
                let (absorbing, neutral) = if op == BvAnd {
                    (0u128, mask(sort.bv_width().expect("bv")))
                } else {
                    (mask(sort.bv_width().expect("bv")), 0u128)
                };
                if args[0] == args[1] {
                    return args[0];
                }
                for (x, y) in [(args[0], args[1]), (args[1], args[0])] {
                    if self.is_bv_value(x, absorbing) {
                        return x;
                    }
                    if self.is_bv_value(x, neutral) {
                        return y;
                    }
                }
            }
            BvXor => {
                if args[0] == args[1] {
                    return self.bv_const(0, sort.bv_width().expect("bv"));
                }
                for (x, y) in [(args[0], args[1]), (args[1], args[0])] {
                    if self.is_bv_value(x, 0) {
                        return y;
                    }
                }
            }
            BvNot | BvNeg if self.op(args[0]) == op => return self.arg(args[0], 0),
            BvShl | BvLshr | BvAshr if self.is_bv_value(args[1], 0) => return args[0],
            BvUdiv | BvSdiv if self.is_bv_value(args[1], 1) => return args[0],
            Extract(hi, lo) => {
                let x = args[0];
                let w = self.sort(x).bv_width().expect("bv");
                if lo == 0 && hi + 1 == w {
                    return x;
                }
                match self.op(x) {
                    Extract(_, lo2) => {
                        let inner = self.arg(x, 0);
                        return self.mk(Extract(hi + lo2, lo + lo2), &[inner]);
                    }
                    ZeroExt(_) | SignExt(_) => {
                        let inner = self.arg(x, 0);
                        let iw = self.sort(inner).bv_width().expect("bv");
                        if hi < iw {
                            return self.mk(Extract(hi, lo), &[inner]);
                        }
                        if lo >= iw && matches!(self.op(x), ZeroExt(_)) {
                            return self.bv_const(0, hi - lo + 1);
                        }
                    }
                    Concat => {
                        let (a, b) = (self.arg(x, 0), self.arg(x, 1));
                        let bw = self.sort(b).bv_width().expect("bv");
                        if hi < bw {
                            return self.mk(Extract(hi, lo), &[b]);
                        }
                        if lo >= bw {
                            return self.mk(Extract(hi - bw, lo - bw), &[a]);
                        }
                    }
                    _ => {}
                }
            }
            ZeroExt(0) | SignExt(0) => return args[0],
            ZeroExt(n) => {
                if let ZeroExt(m) = self.op(args[0]) {
                    let inner = self.arg(args[0], 0);
                    return self.mk(ZeroExt(n + m), &[inner]);
                }
            }
            SignExt(n) => {
                if let SignExt(m) = self.op(args[0]) {
                    let inner = self.arg(args[0], 0);
                    return self.mk(SignExt(n + m), &[inner]);
                }
            }
            BvUlt | BvSlt => {
                if args[0] == args[1] {
                    return self.fls();
                }
                if op == BvUlt && self.is_bv_value(args[1], 0) {
                    return self.fls();
                }
            }
            BvUle | BvSle => {
                if args[0] == args[1] {
                    return self.tru();
                }
                if op == BvUle && (self.is_bv_value(args[0], 0) || self.is_ones(args[1])) {
                    return self.tru();
                }
            }
            IntAdd | IntSub => {
                if self.const_value(args[1]) == Some(Value::Int(0)) {
                    return args[0];
                }
                if op == IntAdd && self.const_value(args[0]) == Some(Value::Int(0)) {
                    return args[1];
                }
            }
            IntMul => {
                for (x, y) in [(args[0], args[1]), (args[1], args[0])] {
                    match self.const_value(x) {
                        Some(Value::Int(0)) => return x,
                        Some(Value::Int(1)) => return y,
                        _ => {}
                    }
                }
            }
            IntLt | IntLe if args[0] == args[1] => return self.bool_const(op == IntLe),
            Select => {
                let (a, i) = (args[0], args[1]);
                match self.op(a) {
                    ConstArray(_) => return self.arg(a, 0),
                    Store => {
                        let (inner, j, v) = (self.arg(a, 0), self.arg(a, 1), self.arg(a, 2));
                        if i == j {
                            return v;
                        }
                        if let (Some(x), Some(y)) = (self.const_value(i), self.const_value(j)) {
                            if x != y {
                                return self.simplify(Select, sort, &[inner, i]);
                            }
                        }
                    }
                    _ => {}
                }
            }
            Forall | Exists => {
                let body = *args.last().expect("body");
                if self.as_bool_const(body).is_some() {
                    return body;
                }
            }
            _ => {}
        }
        self.intern_raw(op, sort, args)
    }

    fn simplify_not(&self, a: Term) -> Term {
        match self.op(a) {
            Op::BoolConst(b) => self.bool_const(!b),
            Op::Not => self.arg(a, 0),
            _ => self.intern_raw(Op::Not, Sort::Bool, &[a]),
        }
    }

    /// `and` (conj = true) or `or`: flattens, drops neutral elements, removes duplicates
    /// (keeping the first occurrence, so printing keeps the user's order) and detects
    /// complementary pairs.
    fn simplify_junction(&self, conj: bool, args: &[Term]) -> Term {
        let op = if conj { Op::And } else { Op::Or };
        let mut flat: Args = SmallVec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack: Vec<Term> = args.iter().rev().copied().collect();
        while let Some(a) = stack.pop() {
            match self.op(a) {
                Op::BoolConst(b) if b == conj => continue,
                Op::BoolConst(_) => return self.bool_const(!conj),
                o if o == op => stack.extend(self.args(a).into_iter().rev()),
                _ => {
                    if seen.insert(a) {
                        flat.push(a);
                    }
                }
            }
        }
        for a in &flat {
            if self.op(*a) == Op::Not && seen.contains(&self.arg(*a, 0)) {
                return self.bool_const(!conj);
            }
        }
        match flat.len() {
            0 => self.bool_const(conj),
            1 => flat[0],
            _ => self.intern_raw(op, Sort::Bool, &flat),
        }
    }
}
