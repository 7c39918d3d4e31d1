//! Whether a Horn clause preserves polynomial equations, by algebra instead of
//! bit-blasting (issue 36: the preservation check of `x == q*y + r` by a SAT solver does
//! not finish in 30 s; its algebra is a few polynomial products).
//!
//! The clause's constraint is split into its paths (the cubes of its disjunctive normal
//! form: a path through a large block's branches). On a path, every equation `v = t`
//! between a variable and a term defines `v`, and the definitions are substituted into
//! everything: the head's equations become polynomials in the body's variables (over
//! Z/2^W, [`crate::algebra`]). The path's other equations, the body's invariant equations
//! and the division identities of the words (`a = (a / b)·b + a % b` for `bvsdiv`/`bvsrem`
//! and `bvudiv`/`bvurem`, every `b` including 0 in SMT-LIB's semantics;
//! `a = (a >> k)·2^k + (a & (2^k − 1))` for shifts right), and the remainders the path's
//! linear facts fix to a constant (an SMT check without products) are the hypotheses. A
//! head equation `T = 0` is preserved on the path when `T = Σ cⱼ·Hⱼ` for polynomials
//! `cⱼ`: then `T` vanishes wherever the hypotheses do, modulo 2^W. Everything else on the
//! path (bounds, guards that are not equations) is dropped — weaker hypotheses, so a
//! proof stays a proof.
//!
//! Sound, not complete: a head equation that is not shown here goes to the SMT check.

use crate::algebra::{cofactors, Poly, Reader};
use logic::chc::Horn;
use logic::{Op, SatResult, SolverFactory, Term, TermStore};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

/// The most paths a clause is split into, and the degree of the cofactors tried.
const MAX_CUBES: usize = 64;
const COFACTOR_DEGREE: u32 = 2;
/// Remainders decided per path, and the time each check may take.
const MAX_REMAINDERS: usize = 8;
const REMAINDER_CHECK: Duration = Duration::from_secs(1);

/// For each of `heads` (formulas over the clause's variables: its head's candidates
/// instantiated), whether the clause with `constraint` preserves it, assuming the `bodies`
/// (its body atoms' formulas, instantiated): `true` only when it is shown on every path.
pub fn preserved(
    store: &TermStore,
    constraint: Term,
    bodies: &[Term],
    heads: &[Term],
    solvers: Option<&dyn SolverFactory>,
) -> Vec<bool> {
    let mut out = vec![false; heads.len()];
    let wanted: Vec<usize> = (0..heads.len())
        .filter(|i| equation(store, heads[*i]).is_some())
        .collect();
    if wanted.is_empty() {
        return out;
    }
    let Some(cubes) = dnf(store, constraint, true, MAX_CUBES) else {
        return out;
    };
    let facts: Vec<Term> = bodies.iter().flat_map(|b| conjuncts(store, *b)).collect();
    for i in &wanted {
        out[*i] = true;
    }
    for cube in &cubes {
        let mut path = Path::new(store, cube, &facts);
        path.solvers = solvers;
        let open: Vec<Term> = wanted
            .iter()
            .filter(|i| out[**i])
            .map(|i| heads[*i])
            .collect();
        if open.is_empty() {
            break;
        }
        let shown = path.implies(&open);
        let mut k = shown.iter();
        for i in &wanted {
            if out[*i] {
                out[*i] = *k.next().expect("one per open head");
            }
        }
    }
    out
}

/// The conjuncts of `t` (nested conjunctions flattened).
pub fn conjuncts(store: &TermStore, t: Term) -> Vec<Term> {
    if store.op(t) == Op::And {
        store
            .args(t)
            .into_iter()
            .flat_map(|a| conjuncts(store, a))
            .collect()
    } else if store.is_true(t) {
        Vec::new()
    } else {
        vec![t]
    }
}

/// `(l, r)` when `t` is an equation between bit-vectors.
fn equation(store: &TermStore, t: Term) -> Option<(Term, Term)> {
    if store.op(t) != Op::Eq {
        return None;
    }
    let a = store.args(t);
    store.sort(a[0]).bv_width()?;
    Some((a[0], a[1]))
}

/// The cubes of the disjunctive normal form of `t` (`positive`) or of `¬t` (literals:
/// atoms and negated atoms), without those that contain a literal and its negation;
/// `None` past `limit` cubes. One function for both polarities (De Morgan: a negated
/// conjunction is a disjunction of negations).
fn dnf(store: &TermStore, t: Term, positive: bool, limit: usize) -> Option<Vec<Vec<Term>>> {
    let args = store.args(t);
    // The cubes of every argument (of this polarity), conjoined or disjoined.
    let all = |args: &[Term]| -> Option<Vec<Vec<Term>>> {
        let mut acc = vec![Vec::new()];
        for a in args {
            acc = product(store, &acc, &dnf(store, *a, positive, limit)?, limit)?;
        }
        Some(acc)
    };
    let any = |parts: &[(Term, bool)]| -> Option<Vec<Vec<Term>>> {
        let mut acc = Vec::new();
        for (a, polarity) in parts {
            acc.extend(dnf(store, *a, *polarity, limit)?);
            if acc.len() > limit {
                return None;
            }
        }
        Some(acc)
    };
    match (store.op(t), positive) {
        (Op::BoolConst(b), _) => Some(if b == positive {
            vec![Vec::new()]
        } else {
            Vec::new()
        }),
        (Op::Not, _) => dnf(store, args[0], !positive, limit),
        (Op::And, true) | (Op::Or, false) => all(&args),
        (Op::Or, true) | (Op::And, false) => {
            any(&args.iter().map(|a| (*a, positive)).collect::<Vec<_>>())
        }
        // a → b is ¬a ∨ b; its negation a ∧ ¬b.
        (Op::Implies, true) => any(&[(args[0], false), (args[1], true)]),
        (Op::Implies, false) => product(
            store,
            &dnf(store, args[0], true, limit)?,
            &dnf(store, args[1], false, limit)?,
            limit,
        ),
        (Op::Ite, true) if store.sort(t) == logic::Sort::Bool => {
            let mut acc = product(
                store,
                &dnf(store, args[0], true, limit)?,
                &dnf(store, args[1], true, limit)?,
                limit,
            )?;
            acc.extend(product(
                store,
                &dnf(store, args[0], false, limit)?,
                &dnf(store, args[2], true, limit)?,
                limit,
            )?);
            (acc.len() <= limit).then_some(acc)
        }
        _ => Some(vec![vec![if positive { t } else { store.not(t) }]]),
    }
}

/// Every union of a cube of `a` and one of `b`, without contradictory ones.
fn product(
    store: &TermStore,
    a: &[Vec<Term>],
    b: &[Vec<Term>],
    limit: usize,
) -> Option<Vec<Vec<Term>>> {
    let mut out = Vec::new();
    for x in a {
        'next: for y in b {
            let mut cube = x.clone();
            for l in y {
                let negation = store.not(*l); // `not` of a negation is its atom
                if cube.contains(&negation) {
                    continue 'next;
                }
                if !cube.contains(l) {
                    cube.push(*l);
                }
            }
            out.push(cube);
            if out.len() > limit {
                return None;
            }
        }
    }
    Some(out)
}

/// One path of a clause: its definitions and the equations it assumes.
struct Path<'a> {
    store: &'a TermStore,
    /// Variable ↦ term, resolved (no defined variable occurs in a term).
    defs: FxHashMap<Term, Term>,
    /// Equations `l = r` assumed (before substitution).
    assumed: Vec<(Term, Term)>,
    /// The path's literals and the body's facts without products: what remainders are
    /// decided under.
    known: Vec<Term>,
    solvers: Option<&'a dyn SolverFactory>,
}

impl<'a> Path<'a> {
    fn new(store: &'a TermStore, cube: &[Term], facts: &[Term]) -> Self {
        let mut defs: FxHashMap<Term, Term> = FxHashMap::default();
        let mut assumed = Vec::new();
        for l in cube {
            let Some((a, b)) = equation(store, *l) else {
                continue;
            };
            let (a, b) = (store.substitute(a, &defs), store.substitute(b, &defs));
            let def = match (store.as_var(a), store.as_var(b)) {
                (Some(v), _) if !store.occurs_free(v, b) => Some((a, b)),
                (_, Some(v)) if !store.occurs_free(v, a) => Some((b, a)),
                _ => None,
            };
            match def {
                Some((v, t)) => {
                    let one: FxHashMap<Term, Term> = [(v, t)].into_iter().collect();
                    for x in defs.values_mut() {
                        *x = store.substitute(*x, &one);
                    }
                    defs.insert(v, t);
                }
                None => assumed.push((a, b)),
            }
        }
        assumed.extend(facts.iter().filter_map(|f| equation(store, *f)));
        let known = cube
            .iter()
            .chain(facts)
            .copied()
            .filter(|t| !non_linear(store, *t))
            .collect();
        Path {
            store,
            defs,
            assumed,
            known,
            solvers: None,
        }
    }

    /// Whether the path's hypotheses imply each equation of `goals` (by cofactors), the
    /// goals of one width read together so that hypotheses, identities and remainders are
    /// found once. An `ite` in a goal whose condition is a conjunction of equations the
    /// hypotheses imply is its then-branch (the program's `__VERIFIER_assert(a == p*x +
    /// r*y)` passes its condition as `ite(…, 1, 0)`).
    fn implies(&self, goals: &[Term]) -> Vec<bool> {
        let store = self.store;
        let mut out = vec![false; goals.len()];
        let mut widths: Vec<u32> = goals
            .iter()
            .filter_map(|g| equation(store, *g).and_then(|(l, _)| store.sort(l).bv_width()))
            .collect();
        widths.sort_unstable();
        widths.dedup();
        let sub = |t: Term| store.substitute(t, &self.defs);
        for w in widths {
            let mut reader = Reader::new(store, w);
            let mut hyps: Vec<Poly> = Vec::new();
            for (a, b) in &self.assumed {
                if store.sort(*a).bv_width() != Some(w) {
                    continue;
                }
                if let (Some(pa), Some(pb)) = (reader.read(sub(*a)), reader.read(sub(*b))) {
                    let h = pa.sub(&pb);
                    if !h.is_zero() {
                        hyps.push(h);
                    }
                }
            }
            // Per goal of this width: its polynomial `l − r`, if it reads as one.
            let mut targets: Vec<(usize, Poly)> = Vec::new();
            for (i, g) in goals.iter().enumerate() {
                let Some((l, r)) = equation(store, *g) else {
                    continue;
                };
                if store.sort(l).bv_width() != Some(w) {
                    continue;
                }
                let goal = self.decide_ites(store.eq(sub(l), sub(r)), &mut reader, &hyps);
                let Some((l, r)) = equation(store, goal) else {
                    // Decided by the builder: `true`, or something else.
                    out[i] = store.is_true(goal);
                    continue;
                };
                if let (Some(pl), Some(pr)) = (reader.read(l), reader.read(r)) {
                    targets.push((i, pl.sub(&pr)));
                }
            }
            hyps.extend(identities(store, &mut reader));
            let mut pending = Vec::new();
            for (i, t) in targets {
                if t.is_zero() || cofactors(&t, &hyps, COFACTOR_DEGREE).is_some() {
                    out[i] = true;
                } else {
                    pending.push((i, t));
                }
            }
            if pending.is_empty() {
                continue;
            }
            let fixed = self.fixed_remainders(&mut reader);
            if fixed.is_empty() {
                continue;
            }
            hyps.extend(fixed);
            for (i, t) in pending {
                out[i] = cofactors(&t, &hyps, COFACTOR_DEGREE).is_some();
            }
        }
        out
    }

    /// `t` with each `ite` (of a bit-vector sort) whose condition `hyps` imply replaced by
    /// its then-branch.
    fn decide_ites(&self, t: Term, reader: &mut Reader, hyps: &[Poly]) -> Term {
        let store = self.store;
        let mut map: FxHashMap<Term, Term> = FxHashMap::default();
        for x in store.postorder(t, false) {
            if store.op(x) != Op::Ite || store.sort(x).bv_width().is_none() {
                continue;
            }
            let a = store.args(x);
            // Each conjunct of the condition an equation that reads as a polynomial, …
            let mut diffs = Vec::new();
            let equations = conjuncts(store, a[0]).into_iter().all(|e| {
                let Some((l, r)) = equation(store, e) else {
                    return false;
                };
                let (Some(pl), Some(pr)) = (reader.read(l), reader.read(r)) else {
                    return false;
                };
                diffs.push(pl.sub(&pr));
                true
            });
            if !equations {
                continue;
            }
            // … and each implied (the identities of every atom read so far, once).
            let mut all = hyps.to_vec();
            all.extend(identities(store, reader));
            let shown = diffs
                .iter()
                .all(|d| cofactors(d, &all, COFACTOR_DEGREE).is_some());
            if shown {
                map.insert(x, a[1]);
            }
        }
        store.substitute(t, &map)
    }

    /// `r − v` for each remainder among the atoms read (`bvsrem`, `bvurem`, `bvand` by a
    /// constant) that the path's linear literals and facts fix to one value `v`: the SMT
    /// solver finds `v` in a model and shows `r ≠ v` unsatisfiable (`b % 2 == 0` where
    /// the path tests `b % 2 != 1` and the body knows `b >= 0`). Those formulas have no
    /// products: the checks are quick.
    fn fixed_remainders(&self, reader: &mut Reader) -> Vec<Poly> {
        let store = self.store;
        let Some(solvers) = self.solvers else {
            return Vec::new();
        };
        let remainders: Vec<Term> = reader
            .atoms
            .terms
            .iter()
            .copied()
            .filter(|t| {
                matches!(store.op(*t), Op::BvSrem | Op::BvUrem | Op::BvAnd)
                    && store
                        .args(*t)
                        .iter()
                        .skip(1)
                        .all(|a| store.as_bv_const(*a).is_some())
            })
            .take(MAX_REMAINDERS)
            .collect();
        if remainders.is_empty() {
            return Vec::new();
        }
        let mut s = solvers.new_solver();
        s.set_timeout(Some(REMAINDER_CHECK));
        for k in &self.known {
            s.assert(*k);
        }
        let mut out = Vec::new();
        for r in remainders {
            // A model gives the candidate value; an infeasible path gives none.
            if s.check() != SatResult::Sat {
                return out;
            }
            let Some(logic::Value::Bv(v, w)) = s.value(r) else {
                continue;
            };
            let value = store.bv_const(v, w);
            let differs = store.fresh_var("preserve!differs", logic::Sort::Bool);
            s.assert(store.implies(differs, store.not(store.eq(r, value))));
            if s.check_assuming(&[differs]) == SatResult::Unsat {
                if let (Some(pr), Some(pv)) = (reader.read(r), reader.read(value)) {
                    out.push(pr.sub(&pv));
                }
            }
        }
        out
    }
}

/// The division identities of the atoms read so far (module doc), as polynomials that
/// vanish for every value of their operands.
fn identities(store: &TermStore, reader: &mut Reader) -> Vec<Poly> {
    let w = reader.width;
    let atoms = reader.atoms.terms.clone();
    let mut out = Vec::new();
    for t in atoms {
        let a = store.args(t);
        let (dividend, quotient, remainder) = match store.op(t) {
            Op::BvSdiv | Op::BvSrem => (a[0], store.bvsdiv(a[0], a[1]), store.bvsrem(a[0], a[1])),
            Op::BvUdiv | Op::BvUrem => (a[0], store.bvudiv(a[0], a[1]), store.bvurem(a[0], a[1])),
            Op::BvAshr | Op::BvLshr => {
                let Some((k, _)) = store.as_bv_const(a[1]) else {
                    continue;
                };
                if k == 0 || k >= w as u128 {
                    continue;
                }
                let low = store.bvand(a[0], store.bv_const((1u128 << k) - 1, w));
                let (Some(x), Some(q), Some(r)) =
                    (reader.read(a[0]), reader.read(t), reader.read(low))
                else {
                    continue;
                };
                out.push(x.sub(&q.scale(1u128 << k)).sub(&r));
                continue;
            }
            _ => continue,
        };
        let (Some(x), Some(q), Some(d), Some(r)) = (
            reader.read(dividend),
            reader.read(quotient),
            reader.read(a[1]),
            reader.read(remainder),
        ) else {
            continue;
        };
        out.push(x.sub(&q.mul(&d)).sub(&r));
    }
    out
}

/// `constraint` with each of its non-linear equations (anywhere in it: a branch, the
/// condition of an `ite`) that the algebra shows replaced by `true`: shown from the
/// constraint's top-level conjuncts (every model of the clause satisfies them) and the
/// `bodies`' facts, as [`preserved`] shows a head's equations on one path. Not an
/// equivalent constraint, but one that every state of the clause satisfies: in each model
/// of the constraint and the facts the replaced equations hold, so the two agree there.
/// A check `simplified ∧ facts' ∧ ¬head` with `facts'` among the facts (the linear ones,
/// say) that is unsatisfiable therefore shows the clause. What it buys: `__boulder_invariant(x == q*y + r && 0 <= r && …)`, the
/// validator's check of a witness, passes `ite(E ∧ bounds, 1, 0)`; with `E` shown the
/// rest has no products, and no SAT solver bit-blasts a multiplier to decide it.
pub fn simplify(
    store: &TermStore,
    constraint: Term,
    bodies: &[Term],
    solvers: Option<&dyn SolverFactory>,
) -> Term {
    if !non_linear(store, constraint) {
        return constraint;
    }
    // Not the top-level conjuncts themselves: they are the hypotheses (definitions among
    // them), and `true` in their place would only weaken the clause.
    let top = conjuncts(store, constraint);
    let hypotheses: rustc_hash::FxHashSet<Term> = top.iter().copied().collect();
    let atoms: Vec<Term> = store
        .postorder(constraint, false)
        .into_iter()
        .filter(|t| {
            equation(store, *t).is_some() && !hypotheses.contains(t) && non_linear(store, *t)
        })
        .collect();
    if atoms.is_empty() {
        return constraint;
    }
    let facts: Vec<Term> = bodies.iter().flat_map(|b| conjuncts(store, *b)).collect();
    let mut path = Path::new(store, &top, &facts);
    path.solvers = solvers;
    let shown = path.implies(&atoms);
    let map: FxHashMap<Term, Term> = atoms
        .into_iter()
        .zip(shown)
        .filter(|(_, s)| *s)
        .map(|(a, _)| (a, store.tru()))
        .collect();
    if map.is_empty() {
        constraint
    } else {
        store.substitute(constraint, &map)
    }
}

/// Whether `solution` makes clause `i` of `horn` valid (`Unsat`: it does), as
/// [`Horn::check_clause`] but with the head's equations first tried by algebra
/// ([`preserved`]): the SMT check gets only the head's other conjuncts, and it is asked
/// first without the body's non-linear conjuncts (weaker hypotheses: `Unsat` still
/// proves), where bit-blasting products takes the time. Within `limit` in all.
pub fn check_clause(
    store: &TermStore,
    horn: &Horn,
    solution: &[Term],
    i: usize,
    solvers: &dyn SolverFactory,
    limit: Option<Duration>,
) -> SatResult {
    let c = &horn.clauses[i];
    let started = Instant::now();
    let bodies: Vec<Term> = c
        .body
        .iter()
        .map(|b| horn.instantiate(store, solution, b))
        .collect();
    let rest: Vec<Term> = if c.head.rel == horn.query {
        vec![store.fls()]
    } else {
        let heads = conjuncts(store, horn.instantiate(store, solution, &c.head));
        let shown = preserved(store, c.constraint, &bodies, &heads, Some(solvers));
        heads
            .into_iter()
            .zip(shown)
            .filter(|(_, s)| !s)
            .map(|(h, _)| h)
            .collect()
    };
    if rest.is_empty() {
        return SatResult::Unsat;
    }
    // The SMT check gets the constraint without the products the algebra decides.
    let constraint = simplify(store, c.constraint, &bodies, Some(solvers));
    let facts: Vec<Term> = bodies.iter().flat_map(|b| conjuncts(store, *b)).collect();
    let linear: Vec<Term> = facts
        .iter()
        .copied()
        .filter(|f| !non_linear(store, *f))
        .collect();
    let check = |facts: &[Term], limit: Option<Duration>| {
        let mut s = solvers.new_solver();
        s.set_timeout(limit);
        s.assert(constraint);
        for f in facts {
            s.assert(*f);
        }
        s.assert(store.not(store.and(&rest)));
        s.check()
    };
    if linear.len() < facts.len() && check(&linear, limit.map(|l| l / 2)) == SatResult::Unsat {
        return SatResult::Unsat;
    }
    check(&facts, limit.map(|l| l.saturating_sub(started.elapsed())))
}

/// Whether `t` multiplies two non-constant terms.
pub fn non_linear(store: &TermStore, t: Term) -> bool {
    store.postorder(t, false).into_iter().any(|x| {
        matches!(store.op(x), Op::BvMul)
            && store
                .args(x)
                .iter()
                .filter(|a| store.as_bv_const(**a).is_none())
                .count()
                > 1
    })
}
