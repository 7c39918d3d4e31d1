//! Integer formulas back as bit-vector formulas, exactly (see the parent module).

use super::{unsigned, Untranslatable};
use crate::sort::Sort;
use crate::term::{Op, Term, TermStore, VarId};
use rustc_hash::FxHashMap;

/// The bit-vector formula that means what the integer formula `f` means, where each
/// variable `x` of `f` stands for `vars[x]`: an integer variable for a bit-vector (whose
/// integer it is, as [`ToInt`] reads it), a Boolean one for a Boolean. Every integer
/// sub-term is computed in two's complement of a width that holds its largest magnitude.
/// `Err` when a sub-term has no such width (numbers beyond 2^500), for a variable not in
/// `vars`, integer arrays, division by anything but a non-zero constant, quantifiers.
pub fn to_bv(
    store: &TermStore,
    f: Term,
    vars: &FxHashMap<VarId, Term>,
) -> Result<Term, Untranslatable> {
    const MAX_BITS: u32 = 500;
    let s = store;
    // Bits of each integer sub-term's magnitude bound (log2, rounded up), bottom-up.
    let mut bits: FxHashMap<Term, u32> = FxHashMap::default();
    let order = s.postorder(f, true);
    for n in &order {
        let (op, sort, args) = s.node(*n);
        if sort != Sort::Int {
            continue;
        }
        let b = |x: &Term| bits.get(x).copied().unwrap_or(0);
        let m = match op {
            Op::IntConst(c) => 128 - c.unsigned_abs().leading_zeros(),
            Op::Var(v) => match vars.get(&v).and_then(|bv| s.sort(*bv).bv_width()) {
                Some(w) => w,
                None => return Err(Untranslatable("a variable without bit-vector".into())),
            },
            Op::IntAdd | Op::IntSub => args.iter().map(b).max().unwrap_or(0) + 1,
            Op::IntDiv | Op::IntMod => match s.op(args[1]) {
                Op::IntConst(c) if c != 0 && op == Op::IntDiv => b(&args[0]) + 1,
                Op::IntConst(c) if c != 0 => b(&args[1]),
                _ => return Err(Untranslatable("division by a non-constant".into())),
            },
            Op::IntNeg => b(&args[0]) + 1,
            Op::IntMul => args.iter().map(b).sum(),
            Op::Ite => b(&args[1]).max(b(&args[2])),
            Op::Select => return Err(Untranslatable("an integer array in an invariant".into())),
            _ => return Err(Untranslatable(format!("{op:?} in an invariant"))),
        };
        if m > MAX_BITS {
            return Err(Untranslatable(
                "an invariant's numbers are too large".into(),
            ));
        }
        bits.insert(*n, m);
    }
    // One width for the whole formula (comparisons need equal widths): the largest
    // magnitude plus a sign bit.
    let width = bits.values().copied().max().unwrap_or(1) + 2;
    let mut memo: FxHashMap<Term, Term> = FxHashMap::default();
    for n in order {
        let (op, sort, args) = s.node(n);
        let a: Vec<Term> = args.iter().map(|x| memo[x]).collect();
        let k = |v: i128| s.bv_signed(v, width);
        let x = match op {
            Op::IntConst(c) => k(c),
            Op::Var(v) => {
                let x = *vars
                    .get(&v)
                    .ok_or_else(|| Untranslatable("a variable without bit-vector".into()))?;
                match s.sort(x).bv_width() {
                    Some(w) if sort == Sort::Int => {
                        if unsigned(w) {
                            s.zext(x, width - w)
                        } else {
                            s.sext(x, width - w)
                        }
                    }
                    _ if s.sort(x) == sort => x,
                    _ => return Err(Untranslatable("a variable of another sort".into())),
                }
            }
            Op::IntAdd => s.bvadd(a[0], a[1]),
            Op::IntSub => s.bvsub(a[0], a[1]),
            Op::IntNeg => s.bvneg(a[0]),
            Op::IntMul => s.bvmul(a[0], a[1]),
            Op::IntDiv | Op::IntMod => {
                // Euclidean division (SMT-LIB): the remainder is in [0, |d|).
                let (x, d) = (a[0], a[1]);
                let r0 = s.bvsrem(x, d);
                let neg_r = s.bvslt(r0, k(0));
                let abs_d = s.ite(s.bvslt(d, k(0)), s.bvneg(d), d);
                let r = s.ite(neg_r, s.bvadd(r0, abs_d), r0);
                if op == Op::IntMod {
                    r
                } else {
                    // q = (x - r) / d, exact.
                    s.bvsdiv(s.bvsub(x, r), d)
                }
            }
            Op::IntLt => s.bvslt(a[0], a[1]),
            Op::IntLe => s.bvsle(a[0], a[1]),
            _ if op.is_leaf() => n,
            _ => s
                .try_mk(op, &a)
                .map_err(|e| Untranslatable(format!("{op:?}: {e}")))?,
        };
        memo.insert(n, x);
    }
    Ok(memo[&f])
}
