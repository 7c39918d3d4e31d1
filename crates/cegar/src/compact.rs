//! Interpolants made small without changing their meaning: the Boolean structure of a
//! formula over its atoms, as a BDD, written back by Shannon expansion when that is
//! smaller.
//!
//! Weakest preconditions over a block's branches, after quantifier elimination, repeat the
//! same few atoms in many redundant clauses, and the next precondition substitutes into all
//! of them once per branch (systemc's `toy`: a 4,800-node precondition is 275 nodes as its
//! BDD reads back). The BDD
//! is canonical for the Boolean function over the atoms, so the formula read back from it
//! is equivalent (atoms are kept as they are; that two atoms exclude each other, as
//! `s == 1` and `s == 2` do, is not used, so the result is not minimal, only smaller).
//! Atoms the function does not depend on disappear.
//!
//! Each top-level conjunct is compacted on its own, so that splitting an interpolant into
//! its conjuncts (`--split conjuncts` and the strategies built on the formula tree) sees
//! the same conjuncts.

use biodivine_lib_bdd::{op_function, Bdd, BddVariable, BddVariableSet};
use logic::{Op, Term, TermStore};
use rustc_hash::FxHashMap;

/// Formulas at most this large are left as they are: they are cheap already, and the
/// shape of small interpolants is what the split strategies were measured on.
const MIN_SIZE: usize = 1_000;

/// A conjunct with more atoms than this, or whose BDD grows past `MAX_BDD_NODES` at any
/// step, is left as it is.
const MAX_ATOMS: usize = 1_000;
const MAX_BDD_NODES: usize = 100_000;

/// `t`, or an equivalent formula with a smaller DAG.
pub fn compact(terms: &TermStore, t: Term) -> Term {
    let size = terms.dag_size(t);
    if size <= MIN_SIZE {
        return t;
    }
    let conjuncts = terms.conjuncts(t);
    let parts: Vec<Term> = conjuncts
        .iter()
        .map(|c| compact_one(terms, *c).unwrap_or(*c))
        .collect();
    let r = terms.and(&parts);
    if terms.dag_size(r) < size {
        r
    } else {
        t
    }
}

fn compact_one(terms: &TermStore, t: Term) -> Option<Term> {
    let atoms = terms.atoms(t);
    if atoms.is_empty() || atoms.len() > MAX_ATOMS {
        return None;
    }
    let vars = BddVariableSet::new_anonymous(atoms.len() as u16);
    let index: FxHashMap<Term, usize> = atoms.iter().enumerate().map(|(i, a)| (*a, i)).collect();
    let mut bdd: FxHashMap<Term, Bdd> = FxHashMap::default();
    let op = |l: &Bdd, r: &Bdd, f: fn(Option<bool>, Option<bool>) -> Option<bool>| {
        Bdd::binary_op_with_limit(MAX_BDD_NODES, l, r, f)
    };
    // Atoms are the maximal non-connective sub-terms: the walk stops at them.
    for n in connective_postorder(terms, t) {
        let b = if let Some(i) = index.get(&n) {
            vars.mk_var(BddVariable::from_index(*i))
        } else if let Some(v) = terms.as_bool_const(n) {
            if v {
                vars.mk_true()
            } else {
                vars.mk_false()
            }
        } else {
            let args: Vec<&Bdd> = terms.args(n).iter().map(|a| &bdd[a]).collect();
            let fold = |f: fn(Option<bool>, Option<bool>) -> Option<bool>| {
                args[1..]
                    .iter()
                    .try_fold(args[0].clone(), |acc, b| op(&acc, b, f))
            };
            match terms.op(n) {
                Op::Not => args[0].not(),
                Op::And => fold(op_function::and)?,
                Op::Or => fold(op_function::or)?,
                Op::Xor => fold(op_function::xor)?,
                Op::Implies => op(args[0], args[1], op_function::imp)?,
                Op::Eq => op(args[0], args[1], op_function::iff)?,
                Op::Ite => {
                    let then = op(args[0], args[1], op_function::and)?;
                    let other = op(args[2], args[0], op_function::and_not)?;
                    op(&then, &other, op_function::or)?
                }
                _ => unreachable!("a connective"),
            }
        };
        bdd.insert(n, b);
    }
    let root = &bdd[&t];
    Some(crate::region::shannon(terms, root, &|v| {
        atoms[v.to_index()]
    }))
}

/// The connective nodes of `t` and its atoms, children before parents.
fn connective_postorder(terms: &TermStore, t: Term) -> Vec<Term> {
    let mut order = Vec::new();
    let mut done = rustc_hash::FxHashSet::default();
    let mut stack = vec![(t, false)];
    while let Some((n, expanded)) = stack.pop() {
        if expanded {
            order.push(n);
            continue;
        }
        if !done.insert(n) {
            continue;
        }
        stack.push((n, true));
        if terms.is_connective(n) {
            for a in terms.args(n).into_iter().rev() {
                stack.push((a, false));
            }
        }
    }
    order
}
