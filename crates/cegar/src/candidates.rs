//! Invariant candidates at loop heads, guessed from executions ("guess and check").
//!
//! Interpolants from weakest preconditions describe one unrolling at a time: for
//! `i = 0; s = 0; while (i < n) { i++; s += 2; }` they give `s + 2k = 2n` for k = 0, 1, 2, …
//! and the refinement never converges. The invariant it needs, `s = 2i ∧ i ≤ n`, is a
//! linear relation that every reachable state at the loop head satisfies. So when a
//! refined path runs through a loop head more than once, the head gets extra predicates:
//!
//! * *equalities* `Σ aᵥ·v = c` that hold in every sampled state, from the null space of the
//!   sample matrix (exact rational elimination), over the loop's bit-vector variables of
//!   one width;
//! * *orderings* `x ≤ y` (signed and unsigned) between those variables that hold in every
//!   sample and are preserved by every block that leaves the head and returns to it.
//!
//! Samples are states at the head on random executions of the single-block CFA (every
//! `havoc` draws a small random value, every enabled edge may be taken), so each sampled
//! state is reachable and a true invariant is never rejected. Nothing here is trusted: the
//! candidates are only predicates, and predicate abstraction keeps exactly those that the
//! program maintains (it computes the strongest invariant their Boolean combinations can
//! express, which includes everything Houdini would find).

use cfa::exec::{execute, Oracle, State};
use cfa::{Cfa, EdgeId, LocationId, Stmt, StmtId};
use logic::random::Rng;
use logic::{SatResult, SolverFactory, Sort, Term, TermStore, Value, VarId};
use rustc_hash::{FxHashMap, FxHashSet};

/// At most this many variables take part (the sample matrix has one column each).
const MAX_VARS: usize = 10;
/// Random walks, their length in edges, and the states kept per head.
const WALKS: usize = 40;
const WALK_STEPS: usize = 3000;
const MAX_SAMPLES: usize = 200;

/// Candidate predicates for the loop head `head` of the single-block CFA `sbe`; `run` is
/// the CFA the analysis runs on (its self-loops at `head` are the blocks an ordering must
/// survive).
pub fn loop_head_candidates(
    sbe: &Cfa,
    run: &Cfa,
    head: LocationId,
    related: &[Term],
    solvers: &dyn SolverFactory,
    seed: u64,
) -> Vec<Term> {
    let terms = &*sbe.terms;
    let vars = loop_variables(sbe, head, related);
    if vars.is_empty() {
        return Vec::new();
    }
    let samples = sample(sbe, head, seed);
    let mut out = Vec::new();
    let mut by_width: FxHashMap<u32, Vec<VarId>> = FxHashMap::default();
    for v in &vars {
        if let Some(w) = terms.var_sort(*v).bv_width() {
            by_width.entry(w).or_default().push(*v);
        }
    }
    let mut widths: Vec<u32> = by_width.keys().copied().collect();
    widths.sort_unstable();
    for w in widths {
        let group = &by_width[&w];
        let rows: Vec<Vec<i128>> = distinct_rows(&samples, group, w);
        // Fewer samples than unknowns would fit relations that are accidents of the data.
        if rows.len() > group.len() + 2 {
            out.extend(equalities(terms, group, w, &rows));
        }
        if rows.len() >= 3 {
            out.extend(orderings(terms, run, head, group, &samples, solvers));
        }
    }
    out
}

/// The bit-vector variables of the loop at `head` (the locations on a cycle through it):
/// those its statements write or test, then those of `related` (the predicates already
/// tracked at the head: a loop's invariant often ties its variables to ones it only
/// reads after it, as `x + y = n`), at most [`MAX_VARS`], in order of appearance.
fn loop_variables(sbe: &Cfa, head: LocationId, related: &[Term]) -> Vec<VarId> {
    let n = sbe.location_capacity();
    let mut fwd = vec![false; n];
    let mut stack = vec![head];
    while let Some(l) = stack.pop() {
        for e in sbe.out_edges(l) {
            let d = sbe.edge(*e).dst;
            if !fwd[d.index()] {
                fwd[d.index()] = true;
                stack.push(d);
            }
        }
    }
    let mut bwd = vec![false; n];
    let mut stack = vec![head];
    while let Some(l) = stack.pop() {
        for e in sbe.in_edges(l) {
            let s = sbe.edge(*e).src;
            if !bwd[s.index()] {
                bwd[s.index()] = true;
                stack.push(s);
            }
        }
    }
    let terms = &*sbe.terms;
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    for l in sbe.locations() {
        if !(fwd[l.index()] && bwd[l.index()]) {
            continue;
        }
        for e in sbe.out_edges(l) {
            if !bwd[sbe.edge(*e).dst.index()] {
                continue;
            }
            for t in stmt_terms(sbe, sbe.edge(*e).stmt) {
                for v in terms.free_vars(t) {
                    let bv = matches!(terms.var_sort(v), Sort::Bv(w) if w <= 64);
                    if bv && sbe.var_kind(v).is_some() && seen.insert(v) {
                        out.push(v);
                    }
                }
            }
        }
    }
    for t in related {
        for v in terms.free_vars(*t) {
            let bv = matches!(terms.var_sort(v), Sort::Bv(w) if w <= 64);
            if bv && sbe.var_kind(v).is_some() && seen.insert(v) {
                out.push(v);
            }
        }
    }
    out.truncate(MAX_VARS);
    out
}

/// The terms a statement mentions (assumed conditions, assigned variables and values).
fn stmt_terms(cfa: &Cfa, s: StmtId) -> Vec<Term> {
    let mut out = Vec::new();
    for l in cfa.stmts.leaves(s) {
        match cfa.stmts.get(l) {
            Stmt::Assume(c) => out.push(c),
            Stmt::Assign(x, e) => out.extend([x, e]),
            Stmt::Havoc(x) => out.push(x),
            Stmt::Skip | Stmt::Seq(_) | Stmt::Choice(_) => {}
            Stmt::Call(_) => unreachable!("{}", cfa::stmt::CALL_IN_FLAT_CFA),
        }
    }
    out
}

/// Small random values for havocs (inputs near zero exercise loops briefly), random
/// branches.
#[derive(Clone)]
struct RandomOracle {
    rng: Rng,
}

impl Oracle for RandomOracle {
    fn branch(&mut self, _: StmtId, n: usize) -> usize {
        self.rng.below(n as u64) as usize
    }
    fn havoc(&mut self, _: VarId, sort: Sort) -> Value {
        match sort {
            Sort::Bool => Value::Bool(self.rng.chance(50)),
            Sort::Bv(w) => {
                let x = if self.rng.chance(80) {
                    self.rng.below(12) as u128
                } else {
                    self.rng.below(64) as u128
                };
                Value::Bv(x & logic::value::mask(w), w)
            }
            other => Value::zero(other),
        }
    }
}

/// States at `head` on random walks from init: at each location one of the enabled edges
/// (those whose statement executes) is taken at random.
fn sample(sbe: &Cfa, head: LocationId, seed: u64) -> Vec<State> {
    let terms = &*sbe.terms;
    let mut rng = Rng::new(seed);
    let mut out: Vec<State> = Vec::new();
    for _ in 0..WALKS {
        let mut oracle = RandomOracle {
            rng: Rng::new(rng.next_u64()),
        };
        let mut state: State = sbe
            .vars()
            .iter()
            .map(|d| (d.var, oracle.havoc(d.var, terms.var_sort(d.var))))
            .collect();
        let mut at = sbe.init();
        for _ in 0..WALK_STEPS {
            if at == head {
                out.push(state.clone());
                if out.len() >= MAX_SAMPLES {
                    return out;
                }
            }
            let mut enabled: Vec<(EdgeId, State, RandomOracle)> = Vec::new();
            for e in sbe.out_edges(at) {
                let mut s = state.clone();
                let mut o = oracle.clone();
                if let Ok(true) = execute(terms, &sbe.stmts, sbe.edge(*e).stmt, &mut s, &mut o) {
                    enabled.push((*e, s, o));
                }
            }
            if enabled.is_empty() {
                break;
            }
            let (e, s, o) = enabled.swap_remove(rng.below(enabled.len() as u64) as usize);
            state = s;
            oracle = o;
            at = sbe.edge(e).dst;
        }
    }
    out
}

/// The samples' values of `vars` as signed integers, without repetitions.
fn distinct_rows(samples: &[State], vars: &[VarId], w: u32) -> Vec<Vec<i128>> {
    let mut seen = FxHashSet::default();
    let mut rows = Vec::new();
    for s in samples {
        let row: Option<Vec<i128>> = vars
            .iter()
            .map(|v| match s.get(v) {
                Some(Value::Bv(x, _)) => Some(logic::value::to_signed(*x, w)),
                _ => None,
            })
            .collect();
        if let Some(row) = row {
            if seen.insert(row.clone()) {
                rows.push(row);
            }
        }
    }
    rows
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Integer basis of the null space of `[rows | 1]`: each vector `(a, a₀)` is an equation
/// `Σ aᵥ·v + a₀ = 0` that every row satisfies. `None` on arithmetic overflow.
fn null_space(rows: &[Vec<i128>], k: usize) -> Option<Vec<Vec<i128>>> {
    let mut m: Vec<Vec<i128>> = rows
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.push(1);
            r
        })
        .collect();
    let cols = k + 1;
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        let Some(p) = (r..m.len()).find(|i| m[*i][c] != 0) else {
            continue;
        };
        m.swap(r, p);
        for i in 0..m.len() {
            if i == r || m[i][c] == 0 {
                continue;
            }
            let (a, b) = (m[r][c], m[i][c]);
            let mut row = Vec::with_capacity(cols);
            for (x, p) in m[i].iter().zip(&m[r]) {
                row.push(x.checked_mul(a)?.checked_sub(p.checked_mul(b)?)?);
            }
            let g = row.iter().fold(0, |g, x| gcd(g, *x));
            if g > 1 {
                row.iter_mut().for_each(|x| *x /= g);
            }
            m[i] = row;
        }
        pivots.push((r, c));
        r += 1;
        if r == m.len() {
            break;
        }
    }
    let pivot_cols: FxHashSet<usize> = pivots.iter().map(|(_, c)| *c).collect();
    let mut basis = Vec::new();
    for f in (0..cols).filter(|c| !pivot_cols.contains(c)) {
        let lcm = pivots.iter().try_fold(1i128, |l, (r, c)| {
            l.checked_mul(m[*r][*c].abs() / gcd(l, m[*r][*c]))
        })?;
        let mut v = vec![0i128; cols];
        v[f] = lcm;
        for (r, c) in &pivots {
            v[*c] = (-m[*r][f]).checked_mul(lcm / m[*r][*c])?;
        }
        let g = v.iter().fold(0, |g, x| gcd(g, *x));
        if g > 1 {
            v.iter_mut().for_each(|x| *x /= g);
        }
        basis.push(v);
    }
    Some(basis)
}

fn bv_const(terms: &TermStore, x: i128, w: u32) -> Term {
    terms.bv_const((x as u128) & logic::value::mask(w), w)
}

/// `Σ aᵥ·v = -a₀` for each null-space vector that involves some variable.
fn equalities(terms: &TermStore, vars: &[VarId], w: u32, rows: &[Vec<i128>]) -> Vec<Term> {
    let Some(basis) = null_space(rows, vars.len()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in basis {
        let k = vars.len();
        if v[..k].iter().all(|a| *a == 0) {
            continue;
        }
        let mut lhs: Option<Term> = None;
        for (i, a) in v[..k].iter().enumerate() {
            if *a == 0 {
                continue;
            }
            let x = terms.var_term(vars[i]);
            let t = if *a == 1 {
                x
            } else {
                terms.bvmul(bv_const(terms, *a, w), x)
            };
            lhs = Some(match lhs {
                None => t,
                Some(l) => terms.bvadd(l, t),
            });
        }
        let lhs = lhs.expect("a non-zero coefficient");
        out.push(terms.eq(lhs, bv_const(terms, -v[k], w)));
    }
    out
}

/// Orderings between pairs of `vars` that hold in every sample and survive every
/// self-loop block of `head` in `run` (checked together, Houdini-style).
fn orderings(
    terms: &TermStore,
    run: &Cfa,
    head: LocationId,
    vars: &[VarId],
    samples: &[State],
    solvers: &dyn SolverFactory,
) -> Vec<Term> {
    let loops: Vec<EdgeId> = run
        .out_edges(head)
        .iter()
        .copied()
        .filter(|e| run.edge(*e).dst == head)
        .collect();
    if loops.is_empty() {
        return Vec::new();
    }
    let mut cands: Vec<Term> = Vec::new();
    for (i, x) in vars.iter().enumerate() {
        for y in &vars[i + 1..] {
            let (x, y) = (terms.var_term(*x), terms.var_term(*y));
            cands.extend([
                terms.bvule(x, y),
                terms.bvule(y, x),
                terms.bvsle(x, y),
                terms.bvsle(y, x),
            ]);
        }
    }
    cands.retain(|c| {
        samples
            .iter()
            .all(|s| terms.eval_map(*c, s) == Ok(Value::Bool(true)))
    });
    // Each self-loop block is encoded once; every Houdini round asserts the surviving
    // candidates on a fresh solver.
    let blocks: Vec<(Term, cfa::SsaMap)> = loops
        .iter()
        .map(|e| {
            let mut enc = cfa::Encoder::new(terms, &run.stmts).with_selector_prefix("cand");
            let mut ssa = cfa::SsaMap::new();
            let (f, _) = enc.encode(run.edge(*e).stmt, &mut ssa);
            (f, ssa)
        })
        .collect();
    // Houdini over the self-loops: drop what some block can break, until stable.
    let mut changed = true;
    while changed && !cands.is_empty() {
        changed = false;
        for (f, ssa) in &blocks {
            let mut solver = solvers.new_solver();
            solver.assert(*f);
            for c in &cands {
                solver.assert(terms.rename_ssa(*c, &mut |_| 0));
            }
            let mut keep = Vec::new();
            for c in &cands {
                let after = terms.rename_ssa(*c, &mut |v| ssa.index(v));
                match solver.check_assuming(&[terms.not(after)]) {
                    SatResult::Unsat => keep.push(*c),
                    _ => changed = true,
                }
            }
            cands = keep;
        }
    }
    cands
}
