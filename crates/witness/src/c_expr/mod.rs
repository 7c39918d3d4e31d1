//! Terms as C expressions, for the invariants of correctness witnesses.
//!
//! The CFA's variables are bit-vectors without a C type, so the printer never relies on
//! one: every bit-vector sub-term is printed as an expression of the *unsigned* C type of
//! its width (`unsigned char`, `unsigned short`, `unsigned int`, `unsigned long long`),
//! computed in at least `unsigned int` so that C's promotions cannot overflow, and cast
//! back to its width. A signed comparison reads both sides through the signed type of the
//! width (gcc converts modulo 2^w). The result means, in C, exactly what the term means —
//! at the price of casts. Anything C cannot say without undefined behaviour (a division by
//! a variable, a shift by a variable, array terms other than an element of a named array,
//! integers, quantifiers, other widths) is not printed (`None`).
//!
//! An element `a[e]` is printed only inside a literal that [`guard_array_reads`] has put
//! behind `e >= n ||` (unless `e` is a constant below the array's `n` elements): C's
//! short-circuit then never reads beyond the array, and the guarded literal is implied by
//! the unguarded one, so an invariant stays an invariant.

use logic::{Op, Term, TermStore, VarId};
use std::fmt::Write as _;

mod wide;

fn unsigned_type(w: u32) -> Option<&'static str> {
    Some(match w {
        8 => "unsigned char",
        16 => "unsigned short",
        32 => "unsigned int",
        64 => "unsigned long long",
        _ => return None,
    })
}

fn signed_type(w: u32) -> Option<&'static str> {
    Some(match w {
        8 => "signed char",
        16 => "short",
        32 => "int",
        64 => "long long",
        _ => return None,
    })
}

/// The type arithmetic of width `w` is done in.
fn work_type(w: u32) -> &'static str {
    if w == 64 {
        "unsigned long long"
    } else {
        "unsigned int"
    }
}

fn unsigned_literal(v: u128, w: u32) -> String {
    if w == 64 {
        format!("{v}ULL")
    } else {
        format!("{v}U")
    }
}

fn signed_literal(v: u128, w: u32) -> String {
    let negative = v >> (w - 1) & 1 == 1;
    if !negative {
        return v.to_string();
    }
    let magnitude = (1u128 << w) - v;
    if magnitude == 1u128 << (w - 1) {
        // The most negative value has no literal.
        let suffix = if w == 64 { "LL" } else { "" };
        return format!("(-{}{suffix} - 1)", magnitude - 1);
    }
    format!("-{magnitude}")
}

/// A consequence of the Boolean term `f` whose atoms all satisfy `keep`: in negation
/// normal form, every atom `keep` rejects becomes `true` (under either polarity), which
/// can only weaken the formula. An invariant so weakened is still an invariant — how a
/// disjunction that names one variable C cannot name at the loop (an inlined caller's
/// local) still gives a witness the rest of what it says.
pub fn weaken_to(terms: &TermStore, f: Term, keep: &dyn Fn(Term) -> bool) -> Term {
    let literal = |atom: Term, positive: bool| match (keep(atom), positive) {
        (false, _) => terms.tru(),
        (true, true) => atom,
        (true, false) => terms.not(atom),
    };
    map_literals(terms, f, true, &literal)
}

/// `f` with every element read `a[e]` of an array of `n` elements (`len`) guarded: in
/// negation normal form each literal `L` that reads elements becomes `e >= n || … || L`
/// (nothing for a constant `e` below `n`), which `L` implies. A literal that reads an
/// element of anything but a named array, or whose index itself reads an element, becomes
/// `true`. The guards come first, so C's `||` never evaluates `a[e]` beyond the array.
pub fn guard_array_reads(terms: &TermStore, f: Term, len: &dyn Fn(VarId) -> Option<u64>) -> Term {
    let literal = |atom: Term, positive: bool| {
        let l = if positive { atom } else { terms.not(atom) };
        let mut guards = Vec::new();
        for (array, index) in element_reads(terms, atom) {
            let n = match (terms.op(array), index) {
                (Op::Var(v), Some(_)) => len(v),
                _ => None,
            };
            let (Some(n), Some(index)) = (n, index) else {
                return terms.tru();
            };
            let Some(w) = terms.sort(index).bv_width() else {
                return terms.tru();
            };
            if terms
                .as_bv_const(index)
                .is_some_and(|(k, _)| k < u128::from(n))
            {
                continue;
            }
            guards.push(terms.bvuge(index, terms.bv_const(u128::from(n), w)));
        }
        guards.push(l);
        terms.or(&guards)
    };
    map_literals(terms, f, true, &literal)
}

/// The element reads `select(a, e)` in `t`: the array and the index, the index `None`
/// when it reads an element itself.
fn element_reads(terms: &TermStore, t: Term) -> Vec<(Term, Option<Term>)> {
    let mut out = Vec::new();
    let mut stack = vec![t];
    let mut seen = std::collections::HashSet::new();
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        let args = terms.args(t);
        if terms.op(t) == Op::Select {
            let nested = !element_reads(terms, args[1]).is_empty();
            out.push((args[0], (!nested).then_some(args[1])));
        } else {
            stack.extend(args.iter().copied());
        }
    }
    out
}

/// `f` (or `¬f` when not `positive`) in negation normal form, each literal replaced by
/// `literal(atom, polarity)`, which must be a consequence of the literal: the result is
/// then a consequence of `f` (or `¬f`).
fn map_literals(
    terms: &TermStore,
    f: Term,
    positive: bool,
    literal: &dyn Fn(Term, bool) -> Term,
) -> Term {
    let args = terms.args(f);
    let w = |t: Term, pol: bool| map_literals(terms, t, pol, literal);
    let junction = |conj: bool, parts: Vec<Term>| {
        if conj {
            terms.and(&parts)
        } else {
            terms.or(&parts)
        }
    };
    match terms.op(f) {
        Op::Not => w(args[0], !positive),
        // ¬(a ∧ b) = ¬a ∨ ¬b, and dually.
        Op::And => junction(positive, args.iter().map(|a| w(*a, positive)).collect()),
        Op::Or => junction(!positive, args.iter().map(|a| w(*a, positive)).collect()),
        // a → b = ¬a ∨ b.
        Op::Implies => junction(!positive, vec![w(args[0], !positive), w(args[1], positive)]),
        // ite(c, a, b) = (c ∧ a) ∨ (¬c ∧ b); its negation is ite(c, ¬a, ¬b).
        Op::Ite if terms.sort(f) == logic::Sort::Bool => terms.or(&[
            terms.and(&[w(args[0], true), w(args[1], positive)]),
            terms.and(&[w(args[0], false), w(args[2], positive)]),
        ]),
        _ => literal(f, positive),
    }
}

/// Prints `t` (Boolean) as a C expression; `name` gives the C name of a variable in the
/// scope the expression is meant for, or `None` if it has none there.
/// `dims` gives the C dimensions of an array variable (outermost first), whose elements
/// the CFA numbers row by row; an array without them is not printed. Element reads must
/// have been guarded ([`guard_array_reads`]).
pub fn to_c(
    terms: &TermStore,
    t: Term,
    name: &dyn Fn(VarId) -> Option<String>,
    dims: &dyn Fn(VarId) -> Option<Vec<u64>>,
) -> Option<String> {
    Printer { terms, name, dims }.boolean(t)
}

struct Printer<'a> {
    terms: &'a TermStore,
    name: &'a dyn Fn(VarId) -> Option<String>,
    dims: &'a dyn Fn(VarId) -> Option<Vec<u64>>,
}

impl Printer<'_> {
    fn boolean(&self, t: Term) -> Option<String> {
        let terms = self.terms;
        let args = terms.args(t);
        let join = |op: &str| -> Option<String> {
            let parts: Option<Vec<String>> = args.iter().map(|a| self.boolean(*a)).collect();
            Some(format!("({})", parts?.join(op)))
        };
        match terms.op(t) {
            Op::BoolConst(b) => Some(if b { "1" } else { "0" }.into()),
            Op::Not => Some(format!("!{}", self.boolean(args[0])?)),
            Op::And => join(" && "),
            Op::Or => join(" || "),
            Op::Implies => Some(format!(
                "(!{} || {})",
                self.boolean(args[0])?,
                self.boolean(args[1])?
            )),
            Op::Xor => Some(format!(
                "({} != {})",
                self.boolean(args[0])?,
                self.boolean(args[1])?
            )),
            Op::Ite => Some(format!(
                "({} ? {} : {})",
                self.boolean(args[0])?,
                self.boolean(args[1])?,
                self.boolean(args[2])?
            )),
            Op::Eq if terms.sort(args[0]).is_bool() => Some(format!(
                "({} == {})",
                self.boolean(args[0])?,
                self.boolean(args[1])?
            )),
            // Between terms of a width C has no type for (the integer engines' formulas
            // brought back to a width where nothing wraps: `logic::bv_int::back`).
            Op::Eq | Op::BvUlt | Op::BvUle | Op::BvSlt | Op::BvSle
                if unsigned_type(self.width(args[0])?).is_none() =>
            {
                self.exact_atom(terms.op(t), args[0], args[1])
            }
            Op::Eq => Some(format!("({} == {})", self.bv(args[0])?, self.bv(args[1])?)),
            Op::BvUlt => Some(format!("({} < {})", self.bv(args[0])?, self.bv(args[1])?)),
            Op::BvUle => Some(format!("({} <= {})", self.bv(args[0])?, self.bv(args[1])?)),
            Op::BvSlt => Some(format!(
                "({} < {})",
                self.signed(args[0])?,
                self.signed(args[1])?
            )),
            Op::BvSle => Some(format!(
                "({} <= {})",
                self.signed(args[0])?,
                self.signed(args[1])?
            )),
            _ => None,
        }
    }

    fn width(&self, t: Term) -> Option<u32> {
        self.terms.sort(t).bv_width()
    }

    /// `t` read as a signed number of its width.
    fn signed(&self, t: Term) -> Option<String> {
        let w = self.width(t)?;
        if let Some((v, w)) = self.terms.as_bv_const(t) {
            signed_type(w)?;
            return Some(signed_literal(v, w));
        }
        Some(format!("({}){}", signed_type(w)?, self.bv(t)?))
    }

    /// `t` as an expression of the unsigned type of its width.
    fn bv(&self, t: Term) -> Option<String> {
        let terms = self.terms;
        let w = self.width(t)?;
        let ut = unsigned_type(w)?;
        let work = work_type(w);
        // A value computed in the work type, brought back to the width.
        let narrow = |e: String| {
            if w == 32 || w == 64 {
                e
            } else {
                format!("({ut}){e}")
            }
        };
        let args = terms.args(t);
        let operand = |a: Term| -> Option<String> {
            let e = self.bv(a)?;
            Some(if w == 32 || w == 64 {
                e
            } else {
                format!("({work}){e}")
            })
        };
        let nary = |op: &str| -> Option<String> {
            let parts: Option<Vec<String>> = args.iter().map(|a| operand(*a)).collect();
            Some(narrow(format!("({})", parts?.join(op))))
        };
        let constant = |a: Term| terms.as_bv_const(a).map(|(v, _)| v);
        match terms.op(t) {
            Op::Var(v) => Some(format!("({ut}){}", (self.name)(v)?)),
            Op::BvConst(v, w) => Some(unsigned_literal(v, w)),
            Op::BvAdd => nary(" + "),
            Op::BvSub => nary(" - "),
            // `-1 * x` (how the terms write a difference) reads, and solves, as `0 - x`.
            Op::BvMul
                if args.len() == 2
                    && args.iter().any(|a| constant(*a) == Some((1u128 << w) - 1)) =>
            {
                let other = if constant(args[0]) == Some((1u128 << w) - 1) {
                    args[1]
                } else {
                    args[0]
                };
                Some(narrow(format!(
                    "({} - {})",
                    unsigned_literal(0, w.max(32)),
                    operand(other)?
                )))
            }
            Op::BvMul => nary(" * "),
            Op::BvAnd => nary(" & "),
            Op::BvOr => nary(" | "),
            Op::BvXor => nary(" ^ "),
            Op::BvNeg => Some(narrow(format!(
                "({} - {})",
                unsigned_literal(0, w.max(32)),
                operand(args[0])?
            ))),
            Op::BvNot => Some(narrow(format!("(~{})", operand(args[0])?))),
            Op::BvUdiv | Op::BvUrem => {
                let d = constant(args[1]).filter(|d| *d != 0)?;
                let op = if terms.op(t) == Op::BvUdiv { "/" } else { "%" };
                Some(narrow(format!(
                    "({} {op} {})",
                    operand(args[0])?,
                    unsigned_literal(d, w.max(32))
                )))
            }
            Op::BvSdiv | Op::BvSrem => {
                // Neither 0 nor -1: no undefined behaviour, and C's truncating division
                // is SMT-LIB's.
                let d = constant(args[1]).filter(|d| *d != 0 && *d != (1u128 << w) - 1)?;
                let op = if terms.op(t) == Op::BvSdiv { "/" } else { "%" };
                Some(format!(
                    "({ut})({} {op} {})",
                    self.signed(args[0])?,
                    signed_literal(d, w)
                ))
            }
            Op::BvShl | Op::BvLshr | Op::BvAshr => {
                let k = constant(args[1]).filter(|k| *k < u128::from(w))?;
                Some(match terms.op(t) {
                    Op::BvShl => narrow(format!("({} << {k})", operand(args[0])?)),
                    Op::BvLshr => narrow(format!("({} >> {k})", operand(args[0])?)),
                    _ => format!("({ut})({} >> {k})", self.signed(args[0])?),
                })
            }
            Op::ZeroExt(_) => Some(format!("({ut}){}", self.bv(args[0])?)),
            Op::SignExt(_) => Some(format!("({ut}){}", self.signed(args[0])?)),
            Op::Extract(hi, lo) if hi - lo + 1 == w => {
                let inner = self.bv(args[0])?;
                let wide = self.width(args[0])?;
                Some(if lo == 0 {
                    format!("({ut}){inner}")
                } else {
                    format!("({ut})({}{inner} >> {lo})", cast_to_work(wide))
                })
            }
            Op::Ite => Some(format!(
                "({} ? {} : {})",
                self.boolean(args[0])?,
                self.bv(args[1])?,
                self.bv(args[2])?
            )),
            Op::Select => Some(format!("({ut}){}", self.element(args[0], args[1])?)),
            _ => None,
        }
    }

    /// `a[i][j]…` for the element `index` (row by row) of the array variable `array`.
    fn element(&self, array: Term, index: Term) -> Option<String> {
        let Op::Var(v) = self.terms.op(array) else {
            return None;
        };
        let dims = (self.dims)(v).filter(|d| !d.is_empty())?;
        let e = self.bv(index)?;
        let w = self.width(index)?;
        let mut out = (self.name)(v)?;
        for (k, d) in dims.iter().enumerate() {
            let stride: u64 = dims[k + 1..].iter().product();
            let lit = |x: u64| unsigned_literal(u128::from(x), w.max(32));
            let sub = match (k, stride) {
                (0, 1) => e.clone(),
                (0, _) => format!("({e} / {})", lit(stride)),
                (_, 1) => format!("({e} % {})", lit(*d)),
                _ => format!("({e} / {} % {})", lit(stride), lit(*d)),
            };
            write!(out, "[{sub}]").ok()?;
        }
        Some(out)
    }
}

fn cast_to_work(w: u32) -> String {
    if w == 32 || w == 64 {
        String::new()
    } else {
        format!("({})", work_type(w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use logic::Sort;

    fn printer_env() -> (TermStore, Term, Term, Term) {
        let s = TermStore::new();
        let x = s.var("main.x", Sort::Bv(32));
        let y = s.var("main.y", Sort::Bv(32));
        let c = s.var("main.c", Sort::Bv(8));
        (s, x, y, c)
    }

    fn name(s: &TermStore) -> impl Fn(VarId) -> Option<String> + '_ {
        move |v| Some(s.var_name(v).trim_start_matches("main.").to_string())
    }

    #[test]
    fn weakening_replaces_only_the_atoms_it_cannot_keep_by_true() {
        let (s, x, y, _) = printer_env();
        let k = |v: u128| s.bv_const(v, 32);
        let no_y = |t: Term| {
            !s.free_vars(t)
                .iter()
                .any(|v| s.var_name(*v).ends_with(".y"))
        };
        // (x = 1 ∧ y = 2) ∨ ¬(x = 3 ∨ y = 4)  ⇝  x = 1 ∨ x ≠ 3
        let f = s.or(&[
            s.and(&[s.eq(x, k(1)), s.eq(y, k(2))]),
            s.not(s.or(&[s.eq(x, k(3)), s.eq(y, k(4))])),
        ]);
        let w = weaken_to(&s, f, &no_y);
        assert_eq!(w, s.or(&[s.eq(x, k(1)), s.not(s.eq(x, k(3)))]));
        // y = 0 → x = 1 is ¬(y = 0) ∨ x = 1, and ¬(y = 0) becomes true.
        let g = s.implies(s.eq(y, k(0)), s.eq(x, k(1)));
        assert_eq!(weaken_to(&s, g, &no_y), s.tru());
        // Nothing dropped: the formula itself.
        let h = s.not(s.and(&[s.eq(x, k(1)), s.bvult(x, k(9))]));
        let all = weaken_to(&s, h, &|_| true);
        assert_eq!(all, s.or(&[s.not(s.eq(x, k(1))), s.not(s.bvult(x, k(9)))]));
    }

    #[test]
    fn comparisons_say_how_they_read_the_bits() {
        let (s, x, y, _) = printer_env();
        let t = s.and2(s.bvslt(x, s.bv_const(5, 32)), s.bvule(y, x));
        assert_eq!(
            to_c(&s, t, &name(&s), &|_| None).unwrap(),
            "(((int)(unsigned int)x < 5) && ((unsigned int)y <= (unsigned int)x))"
        );
        let neg = s.bvsle(s.bv_const((1u128 << 32) - 3, 32), x);
        assert_eq!(
            to_c(&s, neg, &name(&s), &|_| None).unwrap(),
            "(-3 <= (int)(unsigned int)x)"
        );
    }

    #[test]
    fn narrow_arithmetic_is_computed_wide_and_cut_back() {
        let (s, _, _, c) = printer_env();
        let t = s.eq(s.bvmul(c, c), s.bv_const(4, 8));
        assert_eq!(
            to_c(&s, t, &name(&s), &|_| None).unwrap(),
            "((unsigned char)((unsigned int)(unsigned char)c * (unsigned int)(unsigned char)c) == 4U)"
        );
    }

    #[test]
    fn element_reads_are_guarded_and_printed_by_row() {
        let s = TermStore::new();
        let i = s.var("main.i", Sort::Bv(32));
        let m = s.var(
            "main.m",
            Sort::Array(logic::ScalarSort::Bv(32), logic::ScalarSort::Bv(8)),
        );
        let m_id = s.as_var(m).unwrap();
        let len = |v: VarId| (v == m_id).then_some(6);
        let dims = |v: VarId| (v == m_id).then(|| vec![2, 3]);
        let k = |v: u128| s.bv_const(v, 32);
        let zero = s.bv_const(0, 8);
        // ¬(m[i] = 0): guarded by i ≥ 6, and printed as m[i / 3][i % 3].
        let f = s.not(s.eq(s.select(m, i), zero));
        let g = guard_array_reads(&s, f, &len);
        assert_eq!(
            g,
            s.or(&[s.bvuge(i, k(6)), s.not(s.eq(s.select(m, i), zero))])
        );
        assert_eq!(
            to_c(&s, g, &name(&s), &dims).unwrap(),
            "((6U <= (unsigned int)i) || !((unsigned char)m[((unsigned int)i / 3U)][((unsigned int)i % 3U)] == 0U))"
        );
        // A constant index within the array needs no guard; one beyond it says nothing.
        let inside = s.eq(s.select(m, k(4)), zero);
        assert_eq!(guard_array_reads(&s, inside, &len), inside);
        assert_eq!(
            to_c(&s, inside, &name(&s), &dims).unwrap(),
            "((unsigned char)m[(4U / 3U)][(4U % 3U)] == 0U)"
        );
        let beyond = s.eq(s.select(m, k(6)), zero);
        assert_eq!(guard_array_reads(&s, beyond, &len), s.tru());
        // An index that reads an element, or an array of unknown length: true.
        let nested = s.eq(s.select(m, s.zext(s.select(m, k(0)), 24)), zero);
        assert_eq!(guard_array_reads(&s, nested, &len), s.tru());
        assert_eq!(guard_array_reads(&s, inside, &|_| None), s.tru());
        // Without its dimensions the array is not printed.
        assert!(to_c(&s, inside, &name(&s), &|_| None).is_none());
    }

    #[test]
    fn a_product_with_minus_one_is_a_negation() {
        let (s, x, _, c) = printer_env();
        let t = s.eq(
            s.bvmul(s.bv_const((1u128 << 32) - 1, 32), x),
            s.bv_const(7, 32),
        );
        assert_eq!(
            to_c(&s, t, &name(&s), &|_| None).unwrap(),
            "((0U - (unsigned int)x) == 7U)"
        );
        let t = s.eq(s.bvmul(s.bv_const(255, 8), c), s.bv_const(7, 8));
        assert_eq!(
            to_c(&s, t, &name(&s), &|_| None).unwrap(),
            "((unsigned char)(0U - (unsigned int)(unsigned char)c) == 7U)"
        );
    }

    #[test]
    fn what_c_cannot_say_is_not_printed() {
        let (s, x, y, _) = printer_env();
        assert!(to_c(&s, s.eq(s.bvudiv(x, y), x), &name(&s), &|_| None).is_none());
        assert!(to_c(&s, s.eq(s.bvshl(x, y), x), &name(&s), &|_| None).is_none());
        assert!(to_c(&s, s.eq(x, y), &|_| None, &|_| None).is_none());
    }

    #[test]
    fn a_width_c_has_no_type_for_is_printed_in_long_long_where_nothing_wraps() {
        // The integer engines' `y - x <= 10` brought back to 36 bits (`bv_int::back`).
        let (s, x, y, _) = printer_env();
        let diff = s.bvsub(s.sext(y, 4), s.sext(x, 4));
        let t = s.bvsle(diff, s.bv_const(10, 36));
        assert_eq!(
            to_c(&s, t, &name(&s), &|_| None).unwrap(),
            "(((long long)(int)(unsigned int)y - (long long)(int)(unsigned int)x) <= 10LL)"
        );
        // A product of two 32-bit values may wrap at 36 bits: not printed.
        let t = s.bvsle(s.bvmul(s.sext(x, 4), s.sext(y, 4)), s.bv_const(10, 36));
        assert!(to_c(&s, t, &name(&s), &|_| None).is_none());
        // Unsigned order is the signed one only on values that are never negative.
        let t = s.bvult(s.zext(x, 4), s.bv_const(3, 36));
        assert_eq!(
            to_c(&s, t, &name(&s), &|_| None).unwrap(),
            "((long long)(unsigned int)x < 3LL)"
        );
        assert!(to_c(&s, s.bvult(diff, s.bv_const(3, 36)), &name(&s), &|_| None).is_none());
    }
}
