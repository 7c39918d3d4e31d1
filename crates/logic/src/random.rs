//! Random well-sorted expression trees for property tests, here and in the crates above.
//!
//! A [`Tree`] is kept apart from the term store so that tests can evaluate it *directly*
//! (operator by operator, with [`crate::value::apply`]) and compare with the built,
//! simplified term: a wrong simplification then shows up.

use crate::sort::{ScalarSort, Sort};
use crate::term::{Op, Term, TermStore, VarId};
use crate::value::{apply, EvalError, Value};
use rustc_hash::FxHashMap;

/// SplitMix64: small, fast and reproducible from a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
    /// A bit-vector value biased towards the interesting ones (0, 1, -1, extremes).
    pub fn bv_value(&mut self, w: u32) -> u128 {
        let m = crate::value::mask(w);
        match self.below(6) {
            0 => 0,
            1 => 1,
            2 => m,
            3 => m >> 1,
            4 => (m >> 1) + 1,
            _ => ((self.next_u64() as u128) << 64 | self.next_u64() as u128) & m,
        }
    }
    /// A random value of a sort (arrays: a few stored entries over a default).
    pub fn value(&mut self, sort: Sort) -> Value {
        match sort {
            Sort::Bool => Value::Bool(self.chance(50)),
            Sort::Bv(w) => Value::Bv(self.bv_value(w), w),
            Sort::Int => Value::Int(self.below(41) as i128 - 20),
            Sort::Array(i, e) => {
                let mut a = Value::Array(std::rc::Rc::new(crate::value::ArrayValue {
                    index: i,
                    default: self.value(e.to_sort()),
                    entries: Default::default(),
                }));
                for _ in 0..self.below(4) {
                    let k = self.value(i.to_sort());
                    let v = self.value(e.to_sort());
                    a = a.store(k, v);
                }
                a
            }
        }
    }
}

/// A random expression, not yet simplified.
#[derive(Clone, Debug)]
pub enum Tree {
    Var(Term),
    Const(Value),
    App(Op, Sort, Vec<Tree>),
}

impl Tree {
    /// Direct evaluation, operator by operator.
    pub fn eval(
        &self,
        store: &TermStore,
        env: &dyn Fn(VarId) -> Option<Value>,
    ) -> Result<Value, EvalError> {
        match self {
            Tree::Var(t) => {
                let v = store.as_var(*t).expect("variable");
                env(v).ok_or_else(|| EvalError::Unassigned(store.var_name(v).into()))
            }
            Tree::Const(v) => Ok(v.clone()),
            Tree::App(op, sort, kids) => {
                let vals: Result<Vec<Value>, EvalError> =
                    kids.iter().map(|k| k.eval(store, env)).collect();
                apply(*op, *sort, &vals?)
            }
        }
    }

    /// The term, through the simplifying builder.
    pub fn build(&self, store: &TermStore) -> Term {
        match self {
            Tree::Var(t) => *t,
            Tree::Const(v) => store.value_term(v),
            Tree::App(op, _, kids) => {
                let args: Vec<Term> = kids.iter().map(|k| k.build(store)).collect();
                store.mk(*op, &args)
            }
        }
    }
}

/// Generates random trees over a fixed set of variables.
pub struct TreeGen<'a> {
    pub store: &'a TermStore,
    pub rng: Rng,
    /// Variables by sort.
    pub vars: FxHashMap<Sort, Vec<Term>>,
    /// Include mathematical-integer terms.
    pub ints: bool,
    /// Widths of bit-vector comparisons and extensions.
    pub widths: Vec<u32>,
    /// The array sort to use, if any.
    pub array: Option<Sort>,
}

/// The bit-vector widths the generator uses.
pub const WIDTHS: [u32; 6] = [1, 3, 8, 16, 32, 64];

impl<'a> TreeGen<'a> {
    /// A generator with two variables of every width, two Booleans, two integers and an
    /// array `[bv4]bv8`, named with `prefix`.
    pub fn new(store: &'a TermStore, seed: u64, prefix: &str) -> Self {
        let mut vars: FxHashMap<Sort, Vec<Term>> = FxHashMap::default();
        let mut add = |name: String, s: Sort| vars.entry(s).or_default().push(store.var(&name, s));
        for w in WIDTHS {
            for k in 0..2 {
                add(format!("{prefix}v{w}_{k}"), Sort::Bv(w));
            }
        }
        add(format!("{prefix}b0"), Sort::Bool);
        add(format!("{prefix}b1"), Sort::Bool);
        add(format!("{prefix}i0"), Sort::Int);
        add(format!("{prefix}i1"), Sort::Int);
        let arr = Sort::Array(ScalarSort::Bv(32), ScalarSort::Bv(8));
        add(format!("{prefix}a0"), arr);
        TreeGen {
            store,
            rng: Rng::new(seed),
            vars,
            ints: true,
            widths: WIDTHS.to_vec(),
            array: Some(arr),
        }
    }

    /// A generator over exactly the given variables: comparisons and arrays only at the
    /// sorts they have, integers only if one is an integer.
    pub fn with_vars(store: &'a TermStore, seed: u64, vars: &[Term]) -> Self {
        let mut by_sort: FxHashMap<Sort, Vec<Term>> = FxHashMap::default();
        for v in vars {
            by_sort.entry(store.sort(*v)).or_default().push(*v);
        }
        let mut widths: Vec<u32> = by_sort.keys().filter_map(|s| s.bv_width()).collect();
        widths.sort();
        if widths.is_empty() {
            widths.push(4);
        }
        let ints = by_sort.contains_key(&Sort::Int);
        let array = by_sort
            .keys()
            .find(|s| matches!(s, Sort::Array(..)))
            .copied();
        TreeGen {
            store,
            rng: Rng::new(seed),
            vars: by_sort,
            ints,
            widths,
            array,
        }
    }

    pub fn all_vars(&self) -> Vec<Term> {
        let mut v: Vec<Term> = self.vars.values().flatten().copied().collect();
        v.sort();
        v
    }

    fn leaf(&mut self, sort: Sort) -> Tree {
        if self.rng.chance(40) {
            if let Some(vs) = self.vars.get(&sort) {
                return Tree::Var(*self.rng.pick(vs));
            }
        }
        Tree::Const(self.rng.value(sort))
    }

    pub fn gen(&mut self, sort: Sort, depth: u32) -> Tree {
        if depth == 0 || self.rng.chance(15) {
            return self.leaf(sort);
        }
        let d = depth - 1;
        match sort {
            Sort::Bool => self.gen_bool(d),
            Sort::Bv(w) => self.gen_bv(w, d),
            Sort::Int => self.gen_int(d),
            Sort::Array(i, e) => {
                if self.rng.chance(50) {
                    self.leaf(sort)
                } else {
                    let a = self.gen(sort, d);
                    let i = self.gen(i.to_sort(), d);
                    let v = self.gen(e.to_sort(), d);
                    Tree::App(Op::Store, sort, vec![a, i, v])
                }
            }
        }
    }

    fn gen_bool(&mut self, d: u32) -> Tree {
        let b = Sort::Bool;
        match self.rng.below(12) {
            0 => Tree::App(Op::Not, b, vec![self.gen(b, d)]),
            1 | 2 => {
                let n = 2 + self.rng.below(2) as usize;
                let op = if self.rng.chance(50) { Op::And } else { Op::Or };
                Tree::App(op, b, (0..n).map(|_| self.gen(b, d)).collect())
            }
            3 => {
                let op = *self.rng.pick(&[Op::Xor, Op::Implies]);
                Tree::App(op, b, vec![self.gen(b, d), self.gen(b, d)])
            }
            4 => Tree::App(
                Op::Ite,
                b,
                vec![self.gen(b, d), self.gen(b, d), self.gen(b, d)],
            ),
            5 if self.ints => {
                let op = *self.rng.pick(&[Op::IntLt, Op::IntLe, Op::Eq]);
                Tree::App(op, b, vec![self.gen(Sort::Int, d), self.gen(Sort::Int, d)])
            }
            6 if self.array.is_some() => {
                let arr = self.array.expect("array sort");
                Tree::App(Op::Eq, b, vec![self.gen(arr, d), self.gen(arr, d)])
            }
            _ => {
                let w = *self.rng.pick(&self.widths.clone());
                let op = *self
                    .rng
                    .pick(&[Op::Eq, Op::BvUlt, Op::BvUle, Op::BvSlt, Op::BvSle]);
                Tree::App(
                    op,
                    b,
                    vec![self.gen(Sort::Bv(w), d), self.gen(Sort::Bv(w), d)],
                )
            }
        }
    }

    fn gen_bv(&mut self, w: u32, d: u32) -> Tree {
        let s = Sort::Bv(w);
        match self.rng.below(10) {
            0 => {
                let op = *self.rng.pick(&[Op::BvNeg, Op::BvNot]);
                Tree::App(op, s, vec![self.gen(s, d)])
            }
            1..=4 => {
                let op = *self.rng.pick(&[
                    Op::BvAdd,
                    Op::BvSub,
                    Op::BvMul,
                    Op::BvUdiv,
                    Op::BvSdiv,
                    Op::BvUrem,
                    Op::BvSrem,
                    Op::BvShl,
                    Op::BvLshr,
                    Op::BvAshr,
                    Op::BvAnd,
                    Op::BvOr,
                    Op::BvXor,
                ]);
                Tree::App(op, s, vec![self.gen(s, d), self.gen(s, d)])
            }
            5 => Tree::App(
                Op::Ite,
                s,
                vec![self.gen(Sort::Bool, d), self.gen(s, d), self.gen(s, d)],
            ),
            6 => {
                let wider = (w + 1 + self.rng.below(8) as u32).min(128);
                if wider == w {
                    return self.leaf(s);
                }
                let lo = self.rng.below((wider - w + 1) as u64) as u32;
                Tree::App(
                    Op::Extract(lo + w - 1, lo),
                    s,
                    vec![self.gen(Sort::Bv(wider), d)],
                )
            }
            7 if w > 1 => {
                let narrow = 1 + self.rng.below((w - 1) as u64) as u32;
                let op = if self.rng.chance(50) {
                    Op::ZeroExt(w - narrow)
                } else {
                    Op::SignExt(w - narrow)
                };
                Tree::App(op, s, vec![self.gen(Sort::Bv(narrow), d)])
            }
            8 if w > 1 => {
                let hi = 1 + self.rng.below((w - 1) as u64) as u32;
                Tree::App(
                    Op::Concat,
                    s,
                    vec![self.gen(Sort::Bv(hi), d), self.gen(Sort::Bv(w - hi), d)],
                )
            }
            9 if w == 8 => {
                let arr = Sort::Array(ScalarSort::Bv(32), ScalarSort::Bv(8));
                Tree::App(
                    Op::Select,
                    s,
                    vec![self.gen(arr, d), self.gen(Sort::Bv(32), d)],
                )
            }
            _ => self.leaf(s),
        }
    }

    fn gen_int(&mut self, d: u32) -> Tree {
        let s = Sort::Int;
        match self.rng.below(6) {
            0 => Tree::App(Op::IntNeg, s, vec![self.gen(s, d)]),
            1..=3 => {
                let op = *self.rng.pick(&[Op::IntAdd, Op::IntSub, Op::IntMul]);
                Tree::App(op, s, vec![self.gen(s, d), self.gen(s, d)])
            }
            4 => {
                // Division by a non-zero constant: SMT-LIB leaves `x div 0` unspecified.
                let op = *self.rng.pick(&[Op::IntDiv, Op::IntMod]);
                let k = self.rng.below(7) as i128 - 3;
                let k = if k == 0 { 2 } else { k };
                Tree::App(op, s, vec![self.gen(s, d), Tree::Const(Value::Int(k))])
            }
            _ => Tree::App(
                Op::Ite,
                s,
                vec![self.gen(Sort::Bool, d), self.gen(s, d), self.gen(s, d)],
            ),
        }
    }
}
