//! SMT-LIB 2 printing of terms and of whole queries, so that any query Boulder asks can be
//! handed to another solver. Shared sub-terms are bound with `let`, so the text stays
//! linear in the size of the DAG.

use crate::sort::Sort;
use crate::term::{Op, Term, TermStore, VarId};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;
use std::fmt::Write;

/// An SMT-LIB symbol for a name: bare when it is a simple symbol, `|quoted|` otherwise.
pub fn symbol(name: &str) -> String {
    let simple = !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
    if simple {
        name.to_string()
    } else {
        format!("|{name}|")
    }
}

fn op_name(op: Op) -> String {
    use Op::*;
    match op {
        Not => "not".into(),
        And => "and".into(),
        Or => "or".into(),
        Xor => "xor".into(),
        Implies => "=>".into(),
        Ite => "ite".into(),
        Eq => "=".into(),
        BvNeg => "bvneg".into(),
        BvNot => "bvnot".into(),
        BvAdd => "bvadd".into(),
        BvSub => "bvsub".into(),
        BvMul => "bvmul".into(),
        BvUdiv => "bvudiv".into(),
        BvSdiv => "bvsdiv".into(),
        BvUrem => "bvurem".into(),
        BvSrem => "bvsrem".into(),
        BvShl => "bvshl".into(),
        BvLshr => "bvlshr".into(),
        BvAshr => "bvashr".into(),
        BvAnd => "bvand".into(),
        BvOr => "bvor".into(),
        BvXor => "bvxor".into(),
        Concat => "concat".into(),
        Extract(h, l) => format!("(_ extract {h} {l})"),
        ZeroExt(n) => format!("(_ zero_extend {n})"),
        SignExt(n) => format!("(_ sign_extend {n})"),
        BvUlt => "bvult".into(),
        BvUle => "bvule".into(),
        BvSlt => "bvslt".into(),
        BvSle => "bvsle".into(),
        IntNeg | IntSub => "-".into(),
        IntAdd => "+".into(),
        IntMul => "*".into(),
        IntDiv => "div".into(),
        IntMod => "mod".into(),
        IntLt => "<".into(),
        IntLe => "<=".into(),
        Select => "select".into(),
        Store => "store".into(),
        ConstArray(_) | Var(_) | BoolConst(_) | BvConst(..) | IntConst(_) | Forall | Exists => {
            unreachable!("printed specially")
        }
    }
}

/// SMT-LIB literal of a bit-vector value.
pub fn bv_literal(v: u128, w: u32) -> String {
    if w.is_multiple_of(4) {
        format!("#x{:0width$x}", v, width = (w / 4) as usize)
    } else {
        format!("#b{:0width$b}", v, width = w as usize)
    }
}

impl TermStore {
    /// The term in SMT-LIB 2 syntax.
    pub fn to_smtlib(&self, t: Term) -> String {
        let mut out = String::new();
        self.write_smtlib(&mut out, t);
        out
    }

    fn write_smtlib(&self, out: &mut String, root: Term) {
        let order = self.postorder(root, false);
        let mut refs: FxHashMap<Term, u32> = FxHashMap::default();
        for n in &order {
            if !self.op(*n).is_quantifier() {
                for a in self.args(*n) {
                    *refs.entry(a).or_default() += 1;
                }
            }
        }
        let mut names: FxHashMap<Term, String> = FxHashMap::default();
        let mut lets = 0;
        for n in &order {
            if *n != root && refs.get(n).copied().unwrap_or(0) > 1 && !self.op(*n).is_leaf() {
                let name = format!("?s{}", n.0);
                let mut body = String::new();
                self.write_smt_node(&mut body, *n, &names);
                let _ = write!(out, "(let (({name} {body})) ");
                names.insert(*n, name);
                lets += 1;
            }
        }
        self.write_smt_node(out, root, &names);
        for _ in 0..lets {
            out.push(')');
        }
    }

    fn write_smt_node(&self, out: &mut String, t: Term, names: &FxHashMap<Term, String>) {
        if let Some(n) = names.get(&t) {
            out.push_str(n);
            return;
        }
        let (op, sort, args) = self.node(t);
        match op {
            Op::Var(v) => out.push_str(&symbol(&self.var_name(v))),
            Op::BoolConst(b) => {
                let _ = write!(out, "{b}");
            }
            Op::BvConst(v, w) => out.push_str(&bv_literal(v, w)),
            Op::IntConst(i) if i < 0 => {
                let _ = write!(out, "(- {})", i.unsigned_abs());
            }
            Op::IntConst(i) => {
                let _ = write!(out, "{i}");
            }
            Op::ConstArray(_) => {
                let _ = write!(out, "((as const {}) ", sort.smtlib());
                self.write_smt_node(out, args[0], names);
                out.push(')');
            }
            Op::Forall | Op::Exists => {
                out.push_str(if op == Op::Forall {
                    "(forall ("
                } else {
                    "(exists ("
                });
                let (bound, body) = args.split_at(args.len() - 1);
                for (i, b) in bound.iter().enumerate() {
                    let v = self.as_var(*b).expect("bound variable");
                    if i > 0 {
                        out.push(' ');
                    }
                    let _ = write!(
                        out,
                        "({} {})",
                        symbol(&self.var_name(v)),
                        self.var_sort(v).smtlib()
                    );
                }
                out.push_str(") ");
                self.write_smtlib(out, body[0]);
                out.push(')');
            }
            _ => {
                let _ = write!(out, "({}", op_name(op));
                for a in args {
                    out.push(' ');
                    self.write_smt_node(out, a, names);
                }
                out.push(')');
            }
        }
    }

    /// A complete SMT-LIB 2 script: declarations of the free variables, the assertions and
    /// `(check-sat)`.
    pub fn smtlib_script(&self, assertions: &[Term]) -> String {
        let mut vars: BTreeSet<VarId> = BTreeSet::new();
        let (mut arrays, mut bv, mut int, mut quant) = (false, false, false, false);
        for a in assertions {
            vars.extend(self.free_vars(*a));
            for n in self.postorder(*a, true) {
                match self.sort(n) {
                    Sort::Array(..) => arrays = true,
                    Sort::Bv(_) => bv = true,
                    Sort::Int => int = true,
                    Sort::Bool => {}
                }
                quant |= self.op(n).is_quantifier();
            }
        }
        let logic = match (bv, int) {
            (true, true) => "ALL".to_string(),
            _ => {
                let theory = if int { "LIA" } else { "BV" };
                format!(
                    "{}{}{}",
                    if quant { "" } else { "QF_" },
                    if arrays { "A" } else { "" },
                    if !int && !bv && !arrays { "UF" } else { theory }
                )
            }
        };
        let mut out = format!("(set-logic {logic})\n");
        for v in vars {
            let _ = writeln!(
                out,
                "(declare-fun {} () {})",
                symbol(&self.var_name(v)),
                self.var_sort(v).smtlib()
            );
        }
        for a in assertions {
            let _ = writeln!(out, "(assert {})", self.to_smtlib(*a));
        }
        out.push_str("(check-sat)\n");
        out
    }
}
