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
    let root = bdd_of(terms, t, &atoms, &vars)?;
    Some(crate::region::shannon(terms, &root, &|v| {
        atoms[v.to_index()]
    }))
}

/// The BDD of `t`'s Boolean structure, `atoms[i]` being BDD variable `i`; `None` when a
/// step grows past `MAX_BDD_NODES`.
fn bdd_of(terms: &TermStore, t: Term, atoms: &[Term], vars: &BddVariableSet) -> Option<Bdd> {
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
    bdd.remove(&t)
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

/// `∀x. φ` without the bound variables that occur in `φ` only in atoms `x = k` with
/// constants `k` (or, for a Boolean `x`, as an atom of its own): the quantifier over `x`
/// becomes one over those atoms' BDD variables, restricted to the assignments a value of
/// `x` can give them (at most one of the `x = k_i` holds; all of them fail only when
/// some value is not among the `k_i`). That is exact, and cheap on the BDD however the
/// atoms are spread over the formula.
///
/// Weakest preconditions by symbolic execution quantify every `havoc` of a block at the
/// top (`cfa::symbolic`); a nondeterministic `if (__VERIFIER_nondet_int())` leaves only
/// `h = 0` behind, and branch selectors are Boolean. A variable left that occurs only in
/// equations with other terms is eliminated by its cases (`forall_by_equations`); the
/// rest stay quantified for the solver backend's elimination. Formulas that are not `∀` at
/// the top, or whose BDD grows too large, are returned as they are.
pub fn forall_by_bdd(terms: &TermStore, t: Term) -> Term {
    if terms.op(t) != Op::Forall {
        return t;
    }
    let args = terms.args(t);
    let (bound, body) = (&args[..args.len() - 1], args[args.len() - 1]);
    let atoms = terms.atoms(body);
    if atoms.is_empty() || atoms.len() > MAX_ATOMS {
        return t;
    }
    // For each bound variable: the indices of its atoms, or `None` if it occurs otherwise.
    let mut by_var: FxHashMap<logic::VarId, Option<Vec<usize>>> = bound
        .iter()
        .map(|b| {
            (
                terms.as_var(*b).expect("a bound variable"),
                Some(Vec::new()),
            )
        })
        .collect();
    let mut constants: FxHashMap<logic::VarId, Vec<logic::value::Value>> = FxHashMap::default();
    for (i, a) in atoms.iter().enumerate() {
        let free = terms.free_vars(*a);
        for v in free.iter() {
            let Some(entry) = by_var.get_mut(v) else {
                continue;
            };
            let constant = terms.solve_for(*a, *v).and_then(|k| terms.const_value(k));
            let own = match constant {
                Some(k) if free.len() == 1 => {
                    let seen = constants.entry(*v).or_default();
                    // Two atoms with one constant would not exclude each other.
                    (!seen.contains(&k)).then(|| seen.push(k))
                }
                _ if free.len() == 1 && *a == terms.var_term(*v) => Some(()),
                _ => None,
            };
            match (own, entry.as_mut()) {
                (Some(()), Some(list)) => list.push(i),
                _ => *entry = None,
            }
        }
    }
    let eliminable: Vec<(logic::VarId, Vec<usize>)> = bound
        .iter()
        .filter_map(|b| {
            let v = terms.as_var(*b).expect("a bound variable");
            by_var[&v].clone().map(|list| (v, list))
        })
        .collect();
    let body = if eliminable.is_empty() {
        body
    } else {
        let Some(f) = forall_on_atoms(terms, body, &atoms, &eliminable) else {
            return t;
        };
        f
    };
    let mut body = body;
    let mut left: Vec<Term> = Vec::new();
    for b in bound {
        let v = terms.as_var(*b).expect("a bound variable");
        if eliminable.iter().any(|(e, _)| *e == v) {
            continue;
        }
        match forall_by_equations(terms, v, body) {
            Some(r) => body = r,
            None => left.push(*b),
        }
    }
    terms.forall(&left, body)
}

/// `∀` over the variables in `eliminable` (each with the indices of its atoms in `atoms`)
/// on the BDD of `body`; `None` when the BDD grows too large.
fn forall_on_atoms(
    terms: &TermStore,
    body: Term,
    atoms: &[Term],
    eliminable: &[(logic::VarId, Vec<usize>)],
) -> Option<Term> {
    let vars = BddVariableSet::new_anonymous(atoms.len() as u16);
    let mut f = bdd_of(terms, body, atoms, &vars)?;
    for (v, list) in eliminable {
        let bvars: Vec<BddVariable> = list.iter().map(|i| BddVariable::from_index(*i)).collect();
        if terms.sort(terms.var_term(*v)).is_bool() {
            f = f.for_all(&bvars);
            continue;
        }
        let mut possible = vars.mk_true();
        for (i, x) in bvars.iter().enumerate() {
            for y in &bvars[i + 1..] {
                possible = possible.and(&vars.mk_var(*x).and(&vars.mk_var(*y)).not());
            }
        }
        if covers_every_value(terms.sort(terms.var_term(*v)), bvars.len()) {
            let some = bvars
                .iter()
                .fold(vars.mk_false(), |acc, x| acc.or(&vars.mk_var(*x)));
            possible = possible.and(&some);
        }
        f = possible.imp(&f).for_all(&bvars);
        if f.size() > MAX_BDD_NODES {
            return None;
        }
    }
    Some(crate::region::shannon(terms, &f, &|x| atoms[x.to_index()]))
}

/// `∀v. φ` where `v` occurs only in equations that fix it, `v = e_i` (`e_i` free of `v`,
/// `TermStore::solve_for`): every value of `v` is some `e_i` or none of them, so `∀v. φ ≡ ∧_i φ[v := e_i] ∧ φ[v = e_j := ⊥]`
/// (the last case exists when there are more values than equations). Done on the BDD:
/// `φ[v := e_i]` replaces the variable of `v = e_j` by that of the atom `e_i = e_j`.
/// `None` when `v` occurs otherwise or a BDD grows too large.
fn forall_by_equations(terms: &TermStore, v: logic::VarId, body: Term) -> Option<Term> {
    let x = terms.var_term(v);
    let mut atoms = terms.atoms(body);
    let mut equations: Vec<(usize, Term)> = Vec::new();
    for (i, a) in atoms.iter().enumerate() {
        if !terms.occurs_free(v, *a) {
            continue;
        }
        equations.push((i, terms.solve_for(*a, v)?));
    }
    if equations.is_empty() {
        return Some(body);
    }
    let more_values = match terms.sort(x) {
        logic::Sort::Bv(w) => w >= 32 || (equations.len() as u64) < 1u64 << w,
        logic::Sort::Int => true,
        _ => false,
    };
    if !more_values {
        return None;
    }
    // The atoms `e_i = e_j`, as BDD variables after the body's atoms.
    let m = equations.len();
    let mut cross = vec![vec![terms.tru(); m]; m];
    for i in 0..m {
        for j in 0..m {
            let c = terms.eq(equations[i].1, equations[j].1);
            if terms.is_connective(c) {
                return None;
            }
            if terms.as_bool_const(c).is_none() && !atoms.contains(&c) {
                atoms.push(c);
            }
            cross[i][j] = c;
        }
    }
    if atoms.len() > MAX_ATOMS {
        return None;
    }
    let vars = BddVariableSet::new_anonymous(atoms.len() as u16);
    let f = bdd_of(terms, body, &atoms, &vars)?;
    let literal = |c: Term| match terms.as_bool_const(c) {
        Some(true) => vars.mk_true(),
        Some(false) => vars.mk_false(),
        None => vars.mk_var(BddVariable::from_index(
            atoms.iter().position(|a| *a == c).expect("added above"),
        )),
    };
    let mut result = f.restrict(
        &equations
            .iter()
            .map(|(i, _)| (BddVariable::from_index(*i), false))
            .collect::<Vec<_>>(),
    );
    for row in &cross {
        let mut g = f.clone();
        for (j, (i, _)) in equations.iter().enumerate() {
            g = g.substitute(BddVariable::from_index(*i), &literal(row[j]));
        }
        result = Bdd::binary_op_with_limit(MAX_BDD_NODES, &result, &g, op_function::and)?;
    }
    Some(crate::region::shannon(terms, &result, &|b| {
        atoms[b.to_index()]
    }))
}

/// Whether `n` distinct constants are every value of the sort.
fn covers_every_value(sort: logic::Sort, n: usize) -> bool {
    match sort {
        logic::Sort::Bv(w) if w < 32 => n as u64 >= 1u64 << w,
        _ => false,
    }
}
