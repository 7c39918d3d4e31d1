//! Bit-blasting: terms of the `logic` language to AIG literals, for every operator at
//! every width (Booleans are one bit).
//!
//! Variables are given by the caller: a word of literals per scalar variable and a word
//! per element for an array variable (arrays are flattened into their elements; the
//! length comes from the CFA's declaration). `select` on an array variable is a
//! multiplexer over its elements; an index beyond them reads zero, and the encoder that
//! uses this blaster flags such accesses separately (`symex`), so nothing is silently
//! approximated.

use crate::aig::{Aig, Lit};
use crate::words::{self, NonLinear, Shift, Word};
use logic::{Op, Sort, Term, TermStore, VarId};
use rustc_hash::FxHashMap;
use std::ops::Deref;

/// A term the bit-level encoding cannot represent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BlastError {
    #[error("mathematical integers (the bit-level engines need bit-vectors)")]
    Int,
    #[error("a quantifier")]
    Quantifier,
    #[error("variable `{0}` has no bits in the transition system")]
    UnknownVar(String),
    #[error("an array value without a variable to give its length")]
    ArrayLength,
    #[error(
        "a product or quotient of two non-constant words wider than {MAX_NONLINEAR_WIDTH} bits"
    )]
    NonLinear,
}

/// The widest non-constant product, quotient or remainder a blaster with
/// `refuse_nonlinear` blasts.
pub const MAX_NONLINEAR_WIDTH: u32 = 8;

/// Bit-blasts terms into one AIG, sharing work across calls.
/// Generic over how it holds the store (`&TermStore`, or `Rc<TermStore>` for a blaster
/// that outlives the borrow, as [`crate::blast_solver`]'s does).
pub struct Blaster<S: Deref<Target = TermStore> + Clone> {
    pub terms: S,
    memo: FxHashMap<Term, Word>,
    select_memo: FxHashMap<(Term, Term), Word>,
    /// Bits of scalar variables (one literal for a Boolean).
    pub scalars: FxHashMap<VarId, Word>,
    /// Elements of array variables.
    pub arrays: FxHashMap<VarId, Vec<Word>>,
    /// Variables dead at every location: not state, and zero wherever they are read, as
    /// a kept variable is zero where it is dead. (Such reads occur only where the value
    /// cannot matter, e.g. in the stale values of a branch whose guard became false.)
    pub dead: rustc_hash::FxHashSet<VarId>,
    /// Refuse ([`BlastError::NonLinear`]) products and quotients of two non-constant words
    /// wider than [`MAX_NONLINEAR_WIDTH`] (the width their circuit is built at, which is
    /// less for extended operands, see [`words::nonlinear`]): their circuits are quadratic in the width and
    /// notoriously hard for CDCL, where Z3's word-level rewriting can often avoid them
    /// (the solver of [`crate::blast_solver`] leaves such terms to Z3).
    pub refuse_nonlinear: bool,
}

impl<S: Deref<Target = TermStore> + Clone> Blaster<S> {
    pub fn new(terms: S) -> Self {
        Blaster {
            terms,
            memo: FxHashMap::default(),
            select_memo: FxHashMap::default(),
            scalars: FxHashMap::default(),
            arrays: FxHashMap::default(),
            dead: Default::default(),
            refuse_nonlinear: false,
        }
    }

    /// The literal of a Boolean term.
    pub fn bool(&mut self, g: &mut Aig, t: Term) -> Result<Lit, BlastError> {
        Ok(self.word(g, t)?[0])
    }

    /// The bits of a scalar term (least significant first; one bit for a Boolean).
    pub fn word(&mut self, g: &mut Aig, root: Term) -> Result<Word, BlastError> {
        if let Some(w) = self.memo.get(&root) {
            return Ok(w.clone());
        }
        // Post-order without recursion: LBE blocks give deep terms.
        let mut stack = vec![(root, false)];
        while let Some((t, expanded)) = stack.pop() {
            if self.memo.contains_key(&t) {
                continue;
            }
            let op = self.terms.op(t);
            let scalar_args = !matches!(op, Op::Select | Op::Eq)
                || !matches!(self.terms.sort(self.terms.arg(t, 0)), Sort::Array(..));
            if !expanded && scalar_args && !op.is_leaf() {
                stack.push((t, true));
                for a in self.terms.args(t).iter().rev() {
                    if !self.memo.contains_key(a) && !matches!(self.terms.sort(*a), Sort::Array(..))
                    {
                        stack.push((*a, false));
                    }
                }
                continue;
            }
            let w = self.node(g, t)?;
            self.memo.insert(t, w);
        }
        Ok(self.memo[&root].clone())
    }

    fn arg(&self, t: Term, i: usize) -> &Word {
        &self.memo[&self.terms.arg(t, i)]
    }

    /// One node, its scalar arguments already blasted.
    fn node(&mut self, g: &mut Aig, t: Term) -> Result<Word, BlastError> {
        let terms = self.terms.clone();
        let op = terms.op(t);
        let a = |s: &Self, i: usize| s.arg(t, i).clone();
        let nonlinear = match op {
            Op::BvMul => Some(NonLinear::Mul),
            Op::BvUdiv => Some(NonLinear::Udiv),
            Op::BvUrem => Some(NonLinear::Urem),
            Op::BvSdiv => Some(NonLinear::Sdiv),
            Op::BvSrem => Some(NonLinear::Srem),
            _ => None,
        };
        if let Some(nl) = nonlinear {
            let (x, y) = (a(self, 0), a(self, 1));
            if self.refuse_nonlinear
                && words::nonlinear_width(nl, &x, &y).0 > MAX_NONLINEAR_WIDTH as usize
                && (0..2).all(|i| terms.as_bv_const(terms.arg(t, i)).is_none())
            {
                return Err(BlastError::NonLinear);
            }
            return Ok(words::nonlinear(g, nl, &x, &y));
        }
        Ok(match op {
            Op::Var(v) => match self.scalars.get(&v) {
                Some(w) => w.clone(),
                None if self.dead.contains(&v) => match terms.var_sort(v) {
                    Sort::Bool => vec![Lit::FALSE],
                    Sort::Bv(w) => words::constant(0, w),
                    _ => return Err(BlastError::Int),
                },
                None => return Err(BlastError::UnknownVar(terms.var_name(v).to_string())),
            },
            Op::BoolConst(b) => vec![if b { Lit::TRUE } else { Lit::FALSE }],
            Op::BvConst(v, w) => words::constant(v, w),
            Op::IntConst(_)
            | Op::IntNeg
            | Op::IntAdd
            | Op::IntSub
            | Op::IntMul
            | Op::IntDiv
            | Op::IntMod
            | Op::IntLt
            | Op::IntLe => return Err(BlastError::Int),
            Op::Forall | Op::Exists => return Err(BlastError::Quantifier),
            Op::ConstArray(_) | Op::Store => {
                unreachable!("array terms are read through select")
            }
            Op::Not => vec![!a(self, 0)[0]],
            Op::And => {
                let n = terms.num_args(t);
                let lits: Vec<Lit> = (0..n).map(|i| self.arg(t, i)[0]).collect();
                vec![g.and_all(lits)]
            }
            Op::Or => {
                let n = terms.num_args(t);
                let lits: Vec<Lit> = (0..n).map(|i| self.arg(t, i)[0]).collect();
                vec![g.or_tree(&lits)]
            }
            Op::Xor => {
                let n = terms.num_args(t);
                let mut acc = Lit::FALSE;
                for i in 0..n {
                    let l = self.arg(t, i)[0];
                    acc = g.xor(acc, l);
                }
                vec![acc]
            }
            Op::Implies => {
                let (x, y) = (a(self, 0)[0], a(self, 1)[0]);
                vec![g.or(!x, y)]
            }
            Op::Ite => {
                let c = a(self, 0)[0];
                words::mux(g, c, &a(self, 1), &a(self, 2))
            }
            Op::Eq => {
                let x = terms.arg(t, 0);
                if let Sort::Array(..) = terms.sort(x) {
                    let y = terms.arg(t, 1);
                    let len = self
                        .array_len(x)
                        .or_else(|| self.array_len(y))
                        .ok_or(BlastError::ArrayLength)?;
                    let mut eqs = Vec::with_capacity(len);
                    for k in 0..len {
                        let ex = self.select_const(g, x, k)?;
                        let ey = self.select_const(g, y, k)?;
                        eqs.push(words::eq(g, &ex, &ey));
                    }
                    vec![g.and_all(eqs)]
                } else {
                    vec![words::eq(g, &a(self, 0), &a(self, 1))]
                }
            }
            Op::BvMul | Op::BvUdiv | Op::BvUrem | Op::BvSdiv | Op::BvSrem => {
                unreachable!("built above")
            }
            Op::BvNeg => words::neg(g, &a(self, 0)),
            Op::BvNot => words::not(&a(self, 0)),
            Op::BvAdd => words::add(g, &a(self, 0), &a(self, 1)),
            Op::BvSub => words::sub(g, &a(self, 0), &a(self, 1)),
            Op::BvShl => words::shift(g, &a(self, 0), &a(self, 1), Shift::Left),
            Op::BvLshr => words::shift(g, &a(self, 0), &a(self, 1), Shift::LogicalRight),
            Op::BvAshr => words::shift(g, &a(self, 0), &a(self, 1), Shift::ArithmeticRight),
            Op::BvAnd => words::bitwise(g, &a(self, 0), &a(self, 1), Aig::and),
            Op::BvOr => words::bitwise(g, &a(self, 0), &a(self, 1), Aig::or),
            Op::BvXor => words::bitwise(g, &a(self, 0), &a(self, 1), Aig::xor),
            Op::Concat => {
                // The first argument is the high part.
                let mut w = a(self, 1);
                w.extend(a(self, 0));
                w
            }
            Op::Extract(hi, lo) => a(self, 0)[lo as usize..=hi as usize].to_vec(),
            Op::ZeroExt(by) => {
                let mut w = a(self, 0);
                w.extend(std::iter::repeat_n(Lit::FALSE, by as usize));
                w
            }
            Op::SignExt(by) => {
                let mut w = a(self, 0);
                let s = *w.last().expect("non-empty word");
                w.extend(std::iter::repeat_n(s, by as usize));
                w
            }
            Op::BvUlt => vec![words::ult(g, &a(self, 0), &a(self, 1))],
            Op::BvUle => vec![words::ule(g, &a(self, 0), &a(self, 1))],
            Op::BvSlt => vec![words::slt(g, &a(self, 0), &a(self, 1))],
            Op::BvSle => vec![words::sle(g, &a(self, 0), &a(self, 1))],
            Op::Select => {
                let arr = terms.arg(t, 0);
                let idx = terms.arg(t, 1);
                let iw = self.word(g, idx)?;
                self.select(g, arr, idx, &iw)?
            }
        })
    }

    /// The number of elements of an array term: that of the array variable it is built
    /// from (`None` if it is built from constants only).
    pub fn array_len(&self, t: Term) -> Option<usize> {
        let mut stack = vec![t];
        while let Some(x) = stack.pop() {
            match self.terms.op(x) {
                Op::Var(v) => return self.arrays.get(&v).map(|e| e.len()),
                Op::Store => stack.push(self.terms.arg(x, 0)),
                Op::Ite => {
                    stack.push(self.terms.arg(x, 1));
                    stack.push(self.terms.arg(x, 2));
                }
                _ => {}
            }
        }
        None
    }

    /// Element `k` of an array term.
    pub fn select_const(&mut self, g: &mut Aig, arr: Term, k: usize) -> Result<Word, BlastError> {
        let Sort::Array(index, _) = self.terms.sort(arr) else {
            unreachable!("select on a non-array");
        };
        let Some(w) = index.to_sort().bv_width() else {
            return Err(BlastError::Int);
        };
        let idx = self.terms.bv_const(k as u128, w);
        let iw = words::constant(k as u128, w);
        self.select(g, arr, idx, &iw)
    }

    /// `select(arr, idx)` where `iw` are the bits of `idx`.
    fn select(&mut self, g: &mut Aig, arr: Term, idx: Term, iw: &Word) -> Result<Word, BlastError> {
        if let Some(w) = self.select_memo.get(&(arr, idx)) {
            return Ok(w.clone());
        }
        let terms = self.terms.clone();
        let w = match terms.op(arr) {
            Op::Var(v) => {
                let width = match terms.sort(arr) {
                    Sort::Array(_, e) => match e.to_sort() {
                        Sort::Bool => 1,
                        Sort::Bv(w) => w,
                        _ => return Err(BlastError::Int),
                    },
                    _ => unreachable!("array variable"),
                };
                let Some(elems) = self.arrays.get(&v) else {
                    if self.dead.contains(&v) {
                        return Ok(words::constant(0, width));
                    }
                    return Err(BlastError::UnknownVar(terms.var_name(v).to_string()));
                };
                let elems = elems.clone();
                match terms.as_bv_const(idx) {
                    Some((k, _)) => elems
                        .get(k as usize)
                        .cloned()
                        .unwrap_or_else(|| words::constant(0, width)),
                    None => {
                        let mut out = words::constant(0, width);
                        for (k, e) in elems.iter().enumerate() {
                            let kw = words::constant(k as u128, iw.len() as u32);
                            let hit = words::eq(g, iw, &kw);
                            out = words::mux(g, hit, e, &out);
                        }
                        out
                    }
                }
            }
            Op::ConstArray(_) => self.word(g, terms.arg(arr, 0))?,
            Op::Store => {
                let (inner, j, v) = (terms.arg(arr, 0), terms.arg(arr, 1), terms.arg(arr, 2));
                let jw = self.word(g, j)?;
                let vw = self.word(g, v)?;
                let hit = words::eq(g, iw, &jw);
                if hit == Lit::TRUE {
                    vw
                } else {
                    let rest = self.select(g, inner, idx, iw)?;
                    words::mux(g, hit, &vw, &rest)
                }
            }
            Op::Ite => {
                let c = self.bool(g, terms.arg(arr, 0))?;
                let x = self.select(g, terms.arg(arr, 1), idx, iw)?;
                let y = self.select(g, terms.arg(arr, 2), idx, iw)?;
                words::mux(g, c, &x, &y)
            }
            other => unreachable!("array term {other:?}"),
        };
        self.select_memo.insert((arr, idx), w.clone());
        Ok(w)
    }
}
