//! Printing terms in the infix syntax. The printer gives each child the same sort hint the
//! elaborator gives it, and writes a numeral bare exactly when that hint is its own sort;
//! that is what makes `parse(print(t)) == t`.

use super::expr::{binary_prec, POSTFIX_PREC, UNARY_PREC};
use crate::sort::Sort;
use crate::term::{Op, Term, TermStore};
use crate::value::mask;
use std::fmt::{self, Write};

const ATOM_PREC: u8 = 14;

/// Terms whose tree (every shared sub-term written out each time it occurs) has more nodes
/// than this are printed as a summary: the infix syntax has no sharing, and a term that
/// reuses its operands several times at every level (a floating-point operation, a
/// chain of them) would otherwise print exponentially long.
pub const MAX_PRINTED_NODES: u64 = 20_000;

/// A term ready for `{}` formatting in the infix syntax.
pub struct Display<'a> {
    store: &'a TermStore,
    term: Term,
    hint: Option<Sort>,
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.store.print_infix(self.term, self.hint))
    }
}

fn binary_symbol(op: Op, int: bool) -> Option<&'static str> {
    use Op::*;
    Some(match op {
        Implies => "=>",
        Or => "||",
        And => "&&",
        Eq => "==",
        BvUlt => "<u",
        BvUle => "<=u",
        BvSlt => "<s",
        BvSle => "<=s",
        IntLt => "<",
        IntLe => "<=",
        BvOr => "|",
        BvXor => "^",
        BvAnd => "&",
        BvShl => "<<",
        BvLshr => ">>u",
        BvAshr => ">>s",
        BvAdd | IntAdd => "+",
        BvSub | IntSub => "-",
        BvMul | IntMul => "*",
        BvUdiv => "/u",
        BvSdiv => "/s",
        BvUrem => "%u",
        BvSrem => "%s",
        IntDiv => "/",
        IntMod => "%",
        _ => {
            let _ = int;
            return None;
        }
    })
}

impl TermStore {
    /// The term in infix syntax; a numeral at the top is written bare.
    pub fn display(&self, t: Term) -> Display<'_> {
        Display {
            store: self,
            term: t,
            hint: Some(self.sort(t)),
        }
    }

    /// The term in infix syntax as the elaborator reads it with sort hint `hint`.
    /// A term whose tree is larger than [`MAX_PRINTED_NODES`] is written as
    /// `«term of N shared nodes»`, which does not parse back.
    pub fn print_infix(&self, t: Term, hint: Option<Sort>) -> String {
        if self.tree_size(t, MAX_PRINTED_NODES) > MAX_PRINTED_NODES {
            return format!("«term of {} shared nodes»", self.dag_size(t));
        }
        let mut s = String::new();
        self.write_infix(&mut s, t, hint, 0);
        s
    }

    /// The number of nodes of `t` written as a tree, or some number above `cap` once it
    /// exceeds it (computed over the DAG, so in time linear in its size).
    pub fn tree_size(&self, t: Term, cap: u64) -> u64 {
        let mut memo: rustc_hash::FxHashMap<Term, u64> = Default::default();
        let mut stack = vec![(t, false)];
        while let Some((x, done)) = stack.pop() {
            if memo.contains_key(&x) {
                continue;
            }
            let args = self.args(x);
            if done {
                let n = args
                    .iter()
                    .fold(1u64, |acc, a| acc.saturating_add(memo[a]))
                    .min(cap + 1);
                memo.insert(x, n);
            } else {
                stack.push((x, true));
                stack.extend(
                    args.iter()
                        .filter(|a| !memo.contains_key(a))
                        .map(|a| (*a, false)),
                );
            }
        }
        memo[&t]
    }

    fn literal(&self, t: Term, hint: Option<Sort>) -> Option<(String, u8)> {
        let bare = hint == Some(self.sort(t));
        Some(match self.op(t) {
            Op::BoolConst(b) => (b.to_string(), ATOM_PREC),
            Op::IntConst(i) => {
                let sfx = if bare { "" } else { "int" };
                if i < 0 {
                    (format!("-{}{sfx}", i.unsigned_abs()), UNARY_PREC)
                } else {
                    (format!("{i}{sfx}"), ATOM_PREC)
                }
            }
            Op::BvConst(v, w) => {
                let sfx = if bare {
                    String::new()
                } else {
                    format!("bv{w}")
                };
                // Negative where that reads better: small magnitudes (`-1`, not 4294967295)
                // and the signed minimum; other values stay unsigned (`200`, not `-56`).
                let half = 1u128 << (w - 1);
                let neg = (mask(w) - v).wrapping_add(1) & mask(w);
                let small = w > 1 && v > half && neg <= 1u128 << (w / 2);
                if small || (w >= 8 && v == half) {
                    (format!("-{neg}{sfx}"), UNARY_PREC)
                } else {
                    (format!("{v}{sfx}"), ATOM_PREC)
                }
            }
            _ => return None,
        })
    }

    fn prec(&self, t: Term) -> u8 {
        let op = self.op(t);
        match op {
            Op::Not if self.op(self.arg(t, 0)) == Op::Eq => 4,
            Op::Not | Op::BvNeg | Op::BvNot | Op::IntNeg => UNARY_PREC,
            Op::Select | Op::Extract(..) => POSTFIX_PREC,
            _ => match binary_symbol(op, false) {
                Some(sym) => binary_prec(sym).expect("binary").0,
                None => ATOM_PREC,
            },
        }
    }

    fn write_infix(&self, out: &mut String, t: Term, hint: Option<Sort>, min_prec: u8) {
        if let Some((text, prec)) = self.literal(t, hint) {
            if prec < min_prec {
                let _ = write!(out, "({text})");
            } else {
                out.push_str(&text);
            }
            return;
        }
        let prec = self.prec(t);
        if prec < min_prec {
            out.push('(');
            self.write_node(out, t, hint);
            out.push(')');
        } else {
            self.write_node(out, t, hint);
        }
    }

    /// Operands that share a sort, hinted as the elaborator hints them.
    fn write_pair(
        &self,
        out: &mut String,
        a: Term,
        b: Term,
        hint: Option<Sort>,
        sep: &str,
        precs: (u8, u8),
    ) {
        let a_const = self.op(a).is_const();
        let b_const = self.op(b).is_const();
        let (ha, hb) = if a_const && !b_const {
            (Some(self.sort(b)), hint)
        } else {
            (hint, Some(self.sort(a)))
        };
        self.write_infix(out, a, ha, precs.0);
        out.push_str(sep);
        self.write_infix(out, b, hb, precs.1);
    }

    fn write_node(&self, out: &mut String, t: Term, hint: Option<Sort>) {
        let (op, sort, args) = self.node(t);
        let int = args.first().is_some_and(|a| self.sort(*a) == Sort::Int);
        if let Some(sym) = binary_symbol(op, int) {
            let (p, right) = binary_prec(sym).expect("binary");
            if matches!(op, Op::And | Op::Or) {
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        let _ = write!(out, " {sym} ");
                    }
                    self.write_infix(out, *a, Some(Sort::Bool), p + 1);
                }
                return;
            }
            // Comparisons are printed as non-associative: `(x == y) == p`, not `x == y == p`.
            let precs = if right {
                (p + 1, p)
            } else if p == 4 || p == 5 {
                (p + 1, p + 1)
            } else {
                (p, p + 1)
            };
            let sep = format!(" {sym} ");
            if op == Op::Implies {
                self.write_infix(out, args[0], Some(Sort::Bool), precs.0);
                out.push_str(&sep);
                self.write_infix(out, args[1], Some(Sort::Bool), precs.1);
                return;
            }
            let compares = p == 4 || p == 5;
            let h = if compares { None } else { hint };
            // `0 <s i` reads better as `i >s 0`: a constant goes to the right (the parser
            // builds the same term from either).
            if p == 5 && self.op(args[0]).is_const() && !self.op(args[1]).is_const() {
                let flipped = match sym {
                    "<u" => ">u",
                    "<=u" => ">=u",
                    "<s" => ">s",
                    "<=s" => ">=s",
                    "<" => ">",
                    _ => ">=",
                };
                self.write_pair(out, args[1], args[0], h, &format!(" {flipped} "), precs);
                return;
            }
            self.write_pair(out, args[0], args[1], h, &sep, precs);
            return;
        }
        match op {
            Op::Var(v) => out.push_str(&self.var_name(v)),
            Op::Not if self.op(args[0]) == Op::Eq => {
                let inner = self.args(args[0]);
                self.write_pair(out, inner[0], inner[1], None, " != ", (4, 5));
            }
            Op::Not | Op::BvNot | Op::BvNeg | Op::IntNeg => {
                out.push(match op {
                    Op::Not => '!',
                    Op::BvNot => '~',
                    _ => '-',
                });
                let h = if op == Op::Not {
                    Some(Sort::Bool)
                } else {
                    hint
                };
                // `- -x` must not be lexed as one token; `-(-5)` keeps a literal apart.
                let child_is_neg = matches!(self.op(args[0]), Op::BvNeg | Op::IntNeg)
                    || self
                        .literal(args[0], h)
                        .is_some_and(|(s, _)| s.starts_with('-'));
                self.write_infix(
                    out,
                    args[0],
                    h,
                    if child_is_neg { ATOM_PREC } else { UNARY_PREC },
                );
            }
            Op::Select => {
                self.write_infix(out, args[0], None, POSTFIX_PREC);
                out.push('[');
                let idx = match self.sort(args[0]) {
                    Sort::Array(i, _) => i.to_sort(),
                    _ => unreachable!("select on array"),
                };
                self.write_infix(out, args[1], Some(idx), 0);
                out.push(']');
            }
            Op::Extract(hi, lo) => {
                self.write_infix(out, args[0], None, POSTFIX_PREC);
                let _ = write!(out, "[{hi}:{lo}]");
            }
            Op::ZeroExt(n) | Op::SignExt(n) => {
                out.push_str(if matches!(op, Op::ZeroExt(_)) {
                    "zext("
                } else {
                    "sext("
                });
                self.write_infix(out, args[0], None, 0);
                let _ = write!(out, ", {n})");
            }
            Op::Concat => {
                out.push_str("concat(");
                self.write_infix(out, args[0], None, 0);
                out.push_str(", ");
                self.write_infix(out, args[1], None, 0);
                out.push(')');
            }
            Op::Xor => {
                out.push_str("xor(");
                self.write_infix(out, args[0], Some(Sort::Bool), 0);
                out.push_str(", ");
                self.write_infix(out, args[1], Some(Sort::Bool), 0);
                out.push(')');
            }
            Op::Ite => {
                out.push_str("ite(");
                self.write_infix(out, args[0], Some(Sort::Bool), 0);
                out.push_str(", ");
                self.write_pair(out, args[1], args[2], hint, ", ", (0, 0));
                out.push(')');
            }
            Op::Store => {
                let Sort::Array(i, e) = sort else {
                    unreachable!("store on array")
                };
                out.push_str("store(");
                self.write_infix(out, args[0], None, 0);
                out.push_str(", ");
                self.write_infix(out, args[1], Some(i.to_sort()), 0);
                out.push_str(", ");
                self.write_infix(out, args[2], Some(e.to_sort()), 0);
                out.push(')');
            }
            Op::ConstArray(_) => {
                let Sort::Array(_, e) = sort else {
                    unreachable!("const array")
                };
                let _ = write!(out, "const({sort}, ");
                self.write_infix(out, args[0], Some(e.to_sort()), 0);
                out.push(')');
            }
            Op::Forall | Op::Exists => {
                out.push_str(if op == Op::Forall {
                    "forall("
                } else {
                    "exists("
                });
                let (bound, body) = args.split_at(args.len() - 1);
                for (i, b) in bound.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let v = self.as_var(*b).expect("bound variable");
                    let _ = write!(out, "{}: {}", self.var_name(v), self.var_sort(v));
                }
                out.push_str("; ");
                self.write_infix(out, body[0], Some(Sort::Bool), 0);
                out.push(')');
            }
            _ => unreachable!("{op:?} printed elsewhere"),
        }
    }
}
