//! The candidate invariants of one relation from the tuples sampled for it: polynomial
//! equations (`poly`), bounds of each variable and of each difference of two. Every
//! candidate holds of every sample; none is trusted (the Houdini check decides).

use crate::nullspace::null_basis;
use crate::poly::{count, equation, eval, monomials};
use logic::value::to_signed;
use logic::{Sort, Term, TermStore, Value};
use num_bigint::BigInt;
use num_traits::Zero;
use rustc_hash::FxHashSet;

/// How far the learning goes.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The highest degree of an equation; the degree actually used is the highest whose
    /// monomials are no more than the distinct samples and [`Limits::max_monomials`].
    pub max_degree: u32,
    pub max_monomials: usize,
    /// Differences `x - y` are bounded for the first this many variables.
    pub max_pair_vars: usize,
    /// The rows eliminated beyond the number of columns (every candidate is then checked
    /// on all rows).
    pub extra_rows: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_degree: 8,
            max_monomials: 60,
            max_pair_vars: 8,
            extra_rows: 40,
        }
    }
}

/// Candidates over `formals` (bit-vectors up to 64 bits and Booleans take part) that every
/// tuple of `samples` satisfies: equations, bounds, and those of `given` (conditions the
/// program states, over the formals: `a * a <= n`, which no template here has) that the
/// samples satisfy. `constants` are the program's (signed), sorted: bounds snap to them.
pub fn candidates(
    store: &TermStore,
    formals: &[Term],
    samples: &[Vec<Value>],
    constants: &[i128],
    given: &[Term],
    limits: &Limits,
) -> Vec<Term> {
    let mut out = satisfied(store, formals, samples, given);
    let mut cols: Vec<usize> = Vec::new();
    for (i, f) in formals.iter().enumerate() {
        match store.sort(*f) {
            Sort::Bv(w) if w <= 64 => cols.push(i),
            Sort::Bool => {
                let mut seen = samples.iter().filter_map(|s| s[i].as_bool());
                if let Some(b) = seen.next() {
                    if seen.all(|c| c == b) {
                        out.push(if b { *f } else { store.not(*f) });
                    }
                }
            }
            _ => {}
        }
    }
    let widths: Vec<u32> = cols
        .iter()
        .map(|i| store.sort(formals[*i]).bv_width().expect("a bit-vector"))
        .collect();
    let vars: Vec<Term> = cols.iter().map(|i| formals[*i]).collect();
    let mut seen: FxHashSet<Vec<i128>> = FxHashSet::default();
    let rows: Vec<Vec<i128>> = samples
        .iter()
        .filter_map(|s| {
            cols.iter()
                .zip(&widths)
                .map(|(i, w)| s[*i].as_bv().map(|(x, _)| to_signed(x, *w)))
                .collect::<Option<Vec<i128>>>()
        })
        .filter(|r| seen.insert(r.clone()))
        .collect();
    if rows.is_empty() || vars.is_empty() {
        return out;
    }
    out.extend(bounds(store, &vars, &widths, &rows, constants));
    out.extend(differences(store, &vars, &widths, &rows, limits));
    out.extend(equations(store, &vars, &widths, &rows, limits));
    let mut unique = FxHashSet::default();
    out.retain(|t| !store.is_true(*t) && unique.insert(*t));
    out
}

/// When a formal's value matters to a relation, as [`table`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Always,
    /// Never: a function's entry value of a global it writes before it reads it.
    Never,
    /// While the formal of this index is not zero: a part of a heap object while its
    /// `alive` bit is set. Fresh memory holds any value, so a table over the whole heap
    /// would need every value of every unallocated field; over the live part it is as
    /// finite as the program's lists are short.
    While(usize),
}

/// "The formals' values are one of the samples' tuples", when the samples have at most
/// `max` distinct tuples over the formals that are bit-vectors or Booleans (the others,
/// arrays, are left free: the candidate is then the table's projection). A relation that
/// ranges over a finite set — the calls a recursion over bounded arguments makes, and
/// their results — has it as an invariant when the samples hold the whole set; where they
/// miss a reachable tuple, the clauses do not preserve it and Houdini drops it.
///
/// `columns[i]` says when formal `i` matters ([`Column`]; missing: always): a row
/// leaves it free where it does not.
pub fn table(
    store: &TermStore,
    formals: &[Term],
    samples: &[Vec<Value>],
    columns: &[Column],
    max: usize,
) -> Option<Term> {
    let cols: Vec<usize> = (0..formals.len())
        .filter(|i| matches!(store.sort(formals[*i]), Sort::Bv(_) | Sort::Bool))
        .collect();
    if cols.is_empty() {
        return None;
    }
    let open = |s: &[Value], i: usize| match columns.get(i) {
        None | Some(Column::Always) => false,
        Some(Column::Never) => true,
        Some(Column::While(j)) => s[*j] == Value::zero(s[*j].sort()),
    };
    let mut seen: FxHashSet<Vec<Option<&Value>>> = FxHashSet::default();
    let mut rows = Vec::new();
    for s in samples {
        let row: Vec<Option<&Value>> = cols
            .iter()
            .map(|i| (!open(s, *i)).then_some(&s[*i]))
            .collect();
        if seen.insert(row.clone()) {
            if rows.len() == max {
                return None;
            }
            rows.push(row);
        }
    }
    let disjuncts: Vec<Term> = rows
        .iter()
        .map(|row| {
            let eqs: Vec<Term> = cols
                .iter()
                .zip(row)
                .filter_map(|(i, v)| v.map(|v| store.eq(formals[*i], store.value_term(v))))
                .collect();
            store.and(&eqs)
        })
        .collect();
    Some(store.or(&disjuncts))
}

/// How many program constants beyond a sampled extreme become bounds.
const SNAPS: usize = 3;

/// Those of `terms` (over `formals`) that every sample satisfies.
pub fn satisfied(
    store: &TermStore,
    formals: &[Term],
    samples: &[Vec<Value>],
    terms: &[Term],
) -> Vec<Term> {
    let vars: Vec<Option<logic::VarId>> = formals.iter().map(|f| store.as_var(*f)).collect();
    let states: Vec<rustc_hash::FxHashMap<logic::VarId, Value>> = samples
        .iter()
        .map(|s| {
            vars.iter()
                .zip(s)
                .filter_map(|(v, x)| v.map(|v| (v, x.clone())))
                .collect()
        })
        .collect();
    terms
        .iter()
        .copied()
        .filter(|t| {
            states
                .iter()
                .all(|s| store.eval_map(*t, s) == Ok(Value::Bool(true)))
        })
        .collect()
}

/// `lo ≤ x ≤ hi` (signed) at the samples' extremes, and at the nearest program constants
/// beyond them (`n ≤ 10000` survives where the largest sample, 9987, does not); `constants`
/// sorted.
fn bounds(
    store: &TermStore,
    vars: &[Term],
    widths: &[u32],
    rows: &[Vec<i128>],
    constants: &[i128],
) -> Vec<Term> {
    let mut out = Vec::new();
    for (j, (x, w)) in vars.iter().zip(widths).enumerate() {
        let (min_w, max_w) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
        let lo = rows.iter().map(|r| r[j]).min().expect("rows");
        let hi = rows.iter().map(|r| r[j]).max().expect("rows");
        // `constants` is sorted: the nearest ones beyond each extreme, a few (a guard
        // `n > 10000` gives 10000 and its neighbours; which one is inductive, Houdini
        // finds out).
        let below = constants
            .iter()
            .rev()
            .copied()
            .filter(|k| *k < lo && *k >= min_w);
        let above = constants.iter().copied().filter(|k| *k > hi && *k <= max_w);
        for k in std::iter::once(lo).chain(below.take(SNAPS)) {
            if k > min_w {
                out.push(store.bvsge(*x, store.bv_signed(k, *w)));
            }
        }
        for k in std::iter::once(hi).chain(above.take(SNAPS)) {
            if k < max_w {
                out.push(store.bvsle(*x, store.bv_signed(k, *w)));
            }
        }
    }
    out
}

/// `x - y ≥ d` and `x - y ≤ d` at the samples' extremes (and at 0 beyond them), computed
/// one bit wider so that the difference cannot wrap: octagonal constraints over pairs of
/// variables of one width.
fn differences(
    store: &TermStore,
    vars: &[Term],
    widths: &[u32],
    rows: &[Vec<i128>],
    limits: &Limits,
) -> Vec<Term> {
    let mut out = Vec::new();
    let k = vars.len().min(limits.max_pair_vars);
    for i in 0..k {
        for j in i + 1..k {
            if widths[i] != widths[j] {
                continue;
            }
            let w = widths[i] + 1;
            let d = store.bvsub(store.sext(vars[i], 1), store.sext(vars[j], 1));
            let lo = rows.iter().map(|r| r[i] - r[j]).min().expect("rows");
            let hi = rows.iter().map(|r| r[i] - r[j]).max().expect("rows");
            if lo == hi {
                // An equation: the null space states it.
                continue;
            }
            let mut lows = vec![lo];
            if lo > 0 {
                lows.push(0);
            }
            let mut highs = vec![hi];
            if hi < 0 {
                highs.push(0);
            }
            for l in lows {
                out.push(store.bvsge(d, store.bv_signed(l, w)));
            }
            for h in highs {
                out.push(store.bvsle(d, store.bv_signed(h, w)));
            }
        }
    }
    out
}

/// Linear equations over all variables, then polynomial ones over the variables that are
/// linearly independent on the samples (a variable that is a linear combination of others
/// would only restate the linear equations at higher degree).
fn equations(
    store: &TermStore,
    vars: &[Term],
    widths: &[u32],
    rows: &[Vec<i128>],
    limits: &Limits,
) -> Vec<Term> {
    let big: Vec<Vec<BigInt>> = rows
        .iter()
        .map(|r| r.iter().map(|x| BigInt::from(*x)).collect())
        .collect();
    let k = vars.len();
    let mut out = Vec::new();
    let linear = monomials(k, 1);
    let found = fitted(store, vars, widths, &linear, &big, limits);
    // A variable that an equation states through the others (its free column) is left
    // out of the higher degrees; the constant (column 0) is never free.
    let free: FxHashSet<usize> = found.iter().map(|(f, _)| *f).collect();
    out.extend(found.into_iter().map(|(_, e)| e));
    let independent: Vec<usize> = (0..k).filter(|i| !free.contains(&(i + 1))).collect();
    let k2 = independent.len();
    if k2 == 0 {
        return out;
    }
    let sub_vars: Vec<Term> = independent.iter().map(|i| vars[*i]).collect();
    let sub_widths: Vec<u32> = independent.iter().map(|i| widths[*i]).collect();
    let sub_rows: Vec<Vec<BigInt>> = big
        .iter()
        .map(|r| independent.iter().map(|i| r[*i].clone()).collect())
        .collect();
    // Degree by degree. An equation found states its free monomial through the others
    // (`x² = 2y - 2c - …`); every multiple of that monomial is then left out of the
    // higher degrees, whose null space would otherwise hold the equation's multiples
    // (`x·e = 0` for every `e = 0`), which say nothing new, instead of what is new
    // (Gröbner bases do the same reduction; here it keeps the matrix small).
    let budget = limits.max_monomials.min(big.len());
    let mut eliminated: Vec<Vec<u32>> = Vec::new();
    let divides = |m: &Vec<u32>, e: &Vec<u32>| m.iter().zip(e).all(|(a, b)| a >= b);
    for degree in 2..=limits.max_degree {
        let monos: Vec<Vec<u32>> = monomials(k2, degree)
            .into_iter()
            .filter(|m| !eliminated.iter().any(|e| divides(m, e)))
            .collect();
        if monos.len() > budget || count(k2, degree) > 4 * limits.max_monomials {
            break;
        }
        for (free, eq) in fitted(store, &sub_vars, &sub_widths, &monos, &sub_rows, limits) {
            eliminated.push(monos[free].clone());
            out.push(eq);
        }
    }
    out
}

/// How many rows to eliminate for `cols` columns.
fn rows_for(cols: usize, rows: usize, limits: &Limits) -> usize {
    (cols + limits.extra_rows).min(rows)
}

/// The monomial values of the first `n` rows, taken evenly spread over all of them.
fn matrix(monos: &[Vec<u32>], rows: &[Vec<BigInt>], n: usize) -> Vec<Vec<BigInt>> {
    let step = (rows.len() / n.max(1)).max(1);
    rows.iter()
        .step_by(step)
        .take(n)
        .map(|r| monos.iter().map(|m| eval(m, r)).collect())
        .collect()
}

/// The equations over `monos` that the null space of a spread of rows gives and every
/// row satisfies, each with its free monomial (an index into `monos`).
fn fitted(
    store: &TermStore,
    vars: &[Term],
    widths: &[u32],
    monos: &[Vec<u32>],
    rows: &[Vec<BigInt>],
    limits: &Limits,
) -> Vec<(usize, Term)> {
    let m = matrix(monos, rows, rows_for(monos.len(), rows.len(), limits));
    null_basis(&m, monos.len())
        .into_iter()
        .filter(|(_, v)| {
            rows.iter().all(|r| {
                let dot: BigInt = monos.iter().zip(v).map(|(m, c)| c * eval(m, r)).sum();
                dot.is_zero()
            })
        })
        .filter_map(|(f, v)| Some((f, equation(store, vars, widths, monos, &v)?)))
        .collect()
}

/// `terms` without the bounds that another bound of the same term implies: of `t ≤ k`
/// (signed, `k` a constant) only the least `k` stays, of `k ≤ t` the greatest. What
/// Houdini keeps is a conjunction; the weaker bounds add nothing to it but work for the
/// solvers that read it and lines in a witness.
pub fn tightest(store: &TermStore, terms: &[Term]) -> Vec<Term> {
    let constant = |t: Term| store.as_bv_const(t).map(|(x, w)| to_signed(x, w));
    // Per bounded term: the tightest upper and lower bound and where they are.
    let mut upper: rustc_hash::FxHashMap<Term, (i128, usize)> = Default::default();
    let mut lower: rustc_hash::FxHashMap<Term, (i128, usize)> = Default::default();
    let mut bound: Vec<bool> = vec![false; terms.len()];
    for (i, t) in terms.iter().enumerate() {
        if store.op(*t) != logic::Op::BvSle {
            continue;
        }
        let (a, b) = (store.arg(*t, 0), store.arg(*t, 1));
        match (constant(a), constant(b)) {
            (None, Some(k)) => {
                bound[i] = true;
                let e = upper.entry(a).or_insert((k, i));
                if k < e.0 {
                    *e = (k, i);
                }
            }
            (Some(k), None) => {
                bound[i] = true;
                let e = lower.entry(b).or_insert((k, i));
                if k > e.0 {
                    *e = (k, i);
                }
            }
            _ => {}
        }
    }
    let kept: FxHashSet<usize> = upper
        .values()
        .chain(lower.values())
        .map(|(_, i)| *i)
        .collect();
    terms
        .iter()
        .enumerate()
        .filter(|(i, _)| !bound[*i] || kept.contains(i))
        .map(|(_, t)| *t)
        .collect()
}
