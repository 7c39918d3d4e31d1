//! Loop acceleration (docs/design.md §11): a cycle through a loop head whose statements
//! only add constants to bit-vector variables and test conditions gets one more edge at
//! the head, which runs `n ≥ 1` iterations of the cycle in one step (`x := x + n·c`).
//!
//! **Why every engine may use the result, for TRUE as for FALSE.** The new edge is a
//! sub-relation of the transitive closure of the cycle it summarises — each of its steps
//! is `n` real iterations whose conditions all hold — and every old edge stays, so the
//! reachable states and locations are exactly those of the original CFA. A counterexample
//! through the edge replays unchanged: its one `havoc` (the iteration count) writes a
//! variable of the translation, not an input.
//!
//! **Why the conditions need only be checked at the first and the last iteration.** At
//! iteration `i` a term that is a sum of constant multiples of the counters has the value
//! `t₀ + i·s` modulo 2^w (bit-vector arithmetic is a ring: the wrap-around of the updates
//! is exact whatever `n` is). A comparison reads its sides as integers (unsigned or
//! signed, C11 6.5.8); while no side leaves its range over the `n` iterations, each side
//! is an affine function of `i` over the integers, so each accepted atom (`≤`, `<`, `=`)
//! holds on an interval of iterations, and a conjunction of them on an intersection of
//! intervals: holding at `i = 0` and `i = n − 1` means holding at every `i` between. The
//! edge asks exactly that — both ends, and that no side of a comparison whose slope is not
//! zero wraps, stated as `n − 1 ≤ room / |slope|` in one more bit than the side's width
//! (no product can overflow). Conditions whose value does not change between iterations
//! (no counter in them, or slopes that cancel in an (in)equality) are checked once. A
//! cycle with anything else (a havoc, a call, a choice, another assignment, a cast of a
//! counter, `≠` of different slopes, a disjunction over counters) is left alone.
//!
//! **Accumulators** (`s := s + e`, issue 36's `x = x + y; y += c`): a variable that the
//! cycle only adds terms to, that no condition and no added term reads, and whose added
//! terms are affine in the counters, gains `A + j·B` at iteration `j` (`A` the terms at
//! iteration 0, `B` their slopes), so `n·A + B·n(n−1)/2` over `n` iterations — a polynomial
//! identity over the integers, hence exact modulo 2^w. Nothing is asked of it: it is read
//! by no condition, and its value wraps as the program's does.
//!
//! The final update `x + n·c` may wrap (only the conditions are read as integers): LLUMC's
//! `overflow_false-unreach-call1` runs `x += 2` from 10 until `x` wraps to 0 — 2^31 − 5
//! iterations in one step, then one ordinary iteration.

use crate::graph::{CName, Cfa, EdgeId, LocationId, VarKind};
use crate::stmt::{Origin, Stmt, StmtId};
use logic::{Op, Sort, Term, TermStore, VarId};
use rustc_hash::{FxHashMap, FxHashSet};

/// An edge the pass added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acceleration {
    pub head: LocationId,
    pub edge: EdgeId,
    /// How many edges the summarised cycle has.
    pub cycle_edges: usize,
    /// The variable holding the iteration count `n` of each use of the edge.
    pub iterations: VarId,
}

/// Longest cycle summarised (edges of a single-block CFA: a loop of a few C statements).
const MAX_CYCLE_EDGES: usize = 32;
/// Cycles summarised per loop head (the paths through a loop body with branches).
const MAX_CYCLES_PER_HEAD: usize = 4;
/// Edges the search of one head may visit.
const SEARCH_BUDGET: usize = 1024;
/// Counters wider than this are not accelerated (the iteration count is one bit wider,
/// and values are at most 128 bits wide).
const MAX_COUNTER_WIDTH: u32 = 64;

/// Adds an accelerated edge for every cycle through a marked loop head that passes no
/// other loop head and that the module docs' shape allows (in a procedural program, per
/// function: a call is not summarised). Returns what it added.
pub fn accelerate(cfa: &mut Cfa) -> Vec<Acceleration> {
    let heads: Vec<LocationId> = cfa
        .locations()
        .filter(|l| cfa.location(*l).loop_head)
        .collect();
    let mut out = Vec::new();
    for head in heads {
        for cycle in cycles(cfa, head) {
            let Some(step) = summarise(cfa, &cycle) else {
                continue;
            };
            let (stmt, n) = accelerated_stmt(cfa, &step);
            let edge = cfa.add_edge(head, head, stmt);
            out.push(Acceleration {
                head,
                edge,
                cycle_edges: cycle.len(),
                iterations: n,
            });
        }
    }
    out
}

/// The cycles from `head` back to it through locations that are not loop heads, over
/// edges whose statements may be summarised at all (no havoc, call or choice).
fn cycles(cfa: &Cfa, head: LocationId) -> Vec<Vec<EdgeId>> {
    struct Search<'a> {
        cfa: &'a Cfa,
        head: LocationId,
        path: Vec<EdgeId>,
        on_path: FxHashSet<LocationId>,
        found: Vec<Vec<EdgeId>>,
        budget: usize,
    }
    impl Search<'_> {
        fn from(&mut self, at: LocationId) {
            for &e in self.cfa.out_edges(at) {
                if self.found.len() >= MAX_CYCLES_PER_HEAD || self.budget == 0 {
                    return;
                }
                self.budget -= 1;
                let edge = self.cfa.edge(e);
                if !summarisable(self.cfa, edge.stmt) {
                    continue;
                }
                self.path.push(e);
                if edge.dst == self.head {
                    self.found.push(self.path.clone());
                } else if !self.cfa.location(edge.dst).loop_head
                    && self.path.len() < MAX_CYCLE_EDGES
                    && self.on_path.insert(edge.dst)
                {
                    self.from(edge.dst);
                    self.on_path.remove(&edge.dst);
                }
                self.path.pop();
            }
        }
    }
    let mut s = Search {
        cfa,
        head,
        path: Vec::new(),
        on_path: FxHashSet::default(),
        found: Vec::new(),
        budget: SEARCH_BUDGET,
    };
    s.from(head);
    s.found
}

fn summarisable(cfa: &Cfa, s: StmtId) -> bool {
    cfa.stmts.parts(s).into_iter().all(|p| {
        matches!(
            cfa.stmts.get(p),
            Stmt::Assume(_) | Stmt::Assign(..) | Stmt::Skip
        )
    })
}

/// The terms an accumulator adds in one iteration, in order, each with the counters'
/// offsets where it is added.
type Additions = Vec<(Term, FxHashMap<VarId, u128>)>;

/// Assignments of a term to a variable, each with the counters' offsets where it happens.
type Assigned = Vec<(VarId, Term, FxHashMap<VarId, u128>)>;

/// The counters' values at an iteration (a term) with offsets: a substitution.
type At<'a> = &'a dyn Fn(Term, &FxHashMap<VarId, u128>) -> FxHashMap<Term, Term>;

/// One iteration of a cycle: what it adds to each counter, and its conditions, each with
/// what had been added to the counters before it was tested.
struct Step {
    /// Per variable the cycle writes: the constant one iteration adds (modulo 2^w; a
    /// variable whose additions cancel has 0).
    total: FxHashMap<VarId, u128>,
    guards: Vec<(Term, FxHashMap<VarId, u128>)>,
    /// Per guard: its sides that move and must not wrap ([`convex`]).
    moving: Vec<Vec<Moving>>,
    /// Per accumulator (a variable the cycle only adds terms to, read nowhere else in it):
    /// what it adds, in order, each with the counters' offsets where it is added.
    accumulators: Vec<(VarId, Additions)>,
    /// Per copy ([`copies`]): its term and the counters' offsets where it is assigned.
    copies: Assigned,
    /// Where the loop's condition is in the C text (for the trace), if known.
    origin: Option<Origin>,
}

fn summarise(cfa: &Cfa, cycle: &[EdgeId]) -> Option<Step> {
    let terms = &*cfa.terms;
    let mut offset: FxHashMap<VarId, u128> = FxHashMap::default();
    let mut guards = Vec::new();
    let mut origin = None;
    // Additions of terms (`s := s + e`), each with the offsets where it happens; whether
    // `s` is an accumulator is decided once the whole cycle is read.
    let mut added: Assigned = Vec::new();
    // Other assignments (`tmp := i` of `i++`): copies, if `copies` accepts them.
    let mut copied: Assigned = Vec::new();
    for e in cycle {
        for s in cfa.stmts.parts(cfa.edge(*e).stmt) {
            match cfa.stmts.get(s) {
                Stmt::Assume(c) => {
                    if origin.is_none() {
                        origin = cfa.stmts.origin(s);
                    }
                    guards.push((c, offset.clone()));
                }
                Stmt::Assign(x, v) => {
                    let x = terms.as_var(x)?;
                    let w = counter_width(terms, x)?;
                    match (increment(terms, x, v), addend(terms, x, v)) {
                        (Some(k), _) => {
                            let d = offset.entry(x).or_insert(0);
                            *d = d.wrapping_add(k) & mask(w);
                        }
                        (None, Some(e)) => added.push((x, e, offset.clone())),
                        (None, None) => copied.push((x, v, offset.clone())),
                    }
                }
                Stmt::Skip => {}
                _ => return None,
            }
        }
    }
    let accumulators = accumulators(terms, &mut offset, &guards, added)?;
    let copies = copies(terms, &offset, &guards, &accumulators, copied)?;
    if offset.values().all(|c| *c == 0) && accumulators.is_empty() {
        return None;
    }
    let moving = guards
        .iter()
        .map(|(c, _)| convex(terms, &offset, *c, false))
        .collect::<Option<Vec<_>>>()?;
    Some(Step {
        total: offset,
        guards,
        moving,
        accumulators,
        copies,
        origin,
    })
}

/// Accepts the cycle's other assignments as **copies** (`tmp := i` of the statement `i++`):
/// a variable assigned once, a term affine in the counters that reads no accumulator and
/// no copy, and read by nothing in the cycle (no condition, no added or copied term, not
/// itself). After `n` iterations it holds its term at the last iteration, `n − 1`, at its
/// place in the cycle; nothing in the cycle depends on it. `None`: another shape.
fn copies(
    terms: &TermStore,
    offset: &FxHashMap<VarId, u128>,
    guards: &[(Term, FxHashMap<VarId, u128>)],
    accumulators: &[(VarId, Additions)],
    copied: Assigned,
) -> Option<Assigned> {
    let is_copy = |v: &VarId| copied.iter().any(|(c, _, _)| c == v);
    let is_acc = |v: &VarId| accumulators.iter().any(|(a, _)| a == v);
    let reads_copy = |t: Term| terms.free_vars(t).iter().any(is_copy);
    for (i, (x, e, _)) in copied.iter().enumerate() {
        let once = copied.iter().skip(i + 1).all(|(y, _, _)| y != x);
        let fresh = !offset.contains_key(x) && !is_acc(x);
        let reads = terms.free_vars(*e);
        if !once || !fresh || reads.iter().any(|v| is_acc(v) || is_copy(v)) {
            return None;
        }
        slope(terms, offset, *e)?;
    }
    if guards.iter().any(|(c, _)| reads_copy(*c))
        || accumulators
            .iter()
            .any(|(_, list)| list.iter().any(|(e, _)| reads_copy(*e)))
    {
        return None;
    }
    Some(copied)
}

/// The term `v` adds to `x` (`x + e`, `e + x`; `x - e` as `x + (-e)`), `e` not mentioning
/// `x`.
fn addend(terms: &TermStore, x: VarId, v: Term) -> Option<Term> {
    let is_x = |t: Term| terms.as_var(t) == Some(x);
    let args = terms.args(v);
    let e = match (terms.op(v), args.as_slice()) {
        (Op::BvAdd, [a, b]) if is_x(*a) => *b,
        (Op::BvAdd, [a, b]) if is_x(*b) => *a,
        (Op::BvSub, [a, b]) if is_x(*a) => terms.bvneg(*b),
        _ => return None,
    };
    (!terms.free_vars(e).contains(&x)).then_some(e)
}

/// Sorts the cycle's additions of terms into accumulators (issue 36: `x = x + y; y += c`).
/// A variable some statement adds a term to is an accumulator when no condition and no
/// added term reads it and every term added is affine in the counters (`slope`): at
/// iteration `j` such a term is its value at iteration 0 plus `j` times its slope, so the
/// accumulator gains `A + j·B` per iteration and `n·A + B·n(n−1)/2` over `n` — exactly,
/// modulo 2^w. Its constant additions (in `offset`) move into its list. `None`: another
/// shape.
fn accumulators(
    terms: &TermStore,
    offset: &mut FxHashMap<VarId, u128>,
    guards: &[(Term, FxHashMap<VarId, u128>)],
    added: Assigned,
) -> Option<Vec<(VarId, Additions)>> {
    let mut out: Vec<(VarId, Additions)> = Vec::new();
    for (x, e, at) in added {
        match out.iter_mut().find(|(v, _)| *v == x) {
            Some((_, list)) => list.push((e, at)),
            None => out.push((x, vec![(e, at)])),
        }
    }
    if out.is_empty() {
        return Some(out);
    }
    for (x, list) in &mut out {
        // Its constant additions are added terms too (their slope is 0).
        if let Some(k) = offset.remove(x) {
            let w = counter_width(terms, *x)?;
            list.push((terms.bv_const(k, w), FxHashMap::default()));
        }
    }
    let is_acc = |v: &VarId| out.iter().any(|(a, _)| a == v);
    let reads_acc = |t: Term| terms.free_vars(t).iter().any(is_acc);
    if guards.iter().any(|(c, _)| reads_acc(*c)) {
        return None;
    }
    for (_, list) in &out {
        for (e, _) in list {
            if reads_acc(*e) || slope(terms, offset, *e).is_none() {
                return None;
            }
        }
    }
    Some(out)
}

fn counter_width(terms: &TermStore, x: VarId) -> Option<u32> {
    match terms.var_sort(x) {
        Sort::Bv(w) if w <= MAX_COUNTER_WIDTH => Some(w),
        _ => None,
    }
}

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// The constant `v` adds to `x` (`x`, `x + k`, `k + x`, `x - k`), modulo 2^w.
fn increment(terms: &TermStore, x: VarId, v: Term) -> Option<u128> {
    let is_x = |t: Term| terms.as_var(t) == Some(x);
    if is_x(v) {
        return Some(0);
    }
    let args = terms.args(v);
    match (terms.op(v), args.as_slice()) {
        (Op::BvAdd, [a, b]) if is_x(*a) => terms.as_bv_const(*b).map(|(k, _)| k),
        (Op::BvAdd, [a, b]) if is_x(*b) => terms.as_bv_const(*a).map(|(k, _)| k),
        (Op::BvSub, [a, b]) if is_x(*a) => {
            let (k, w) = terms.as_bv_const(*b)?;
            Some(k.wrapping_neg() & mask(w))
        }
        _ => None,
    }
}

/// A side of a comparison that moves between iterations: it must not leave its range.
struct Moving {
    side: Term,
    signed: bool,
    /// What one iteration adds to it, modulo 2^w.
    slope: u128,
}

/// What makes `c` hold at every iteration once it holds at the first and the last:
/// the moving sides whose range must not be left; `None` when `c` has another shape.
fn convex(
    terms: &TermStore,
    total: &FxHashMap<VarId, u128>,
    c: Term,
    neg: bool,
) -> Option<Vec<Moving>> {
    if !mentions_counter(terms, total, c) {
        return Some(Vec::new());
    }
    let args = terms.args(c);
    match (terms.op(c), args.as_slice()) {
        (Op::Not, [a]) => convex(terms, total, *a, !neg),
        (Op::And, _) if !neg => conjunction(terms, total, &args, neg),
        (Op::Or, _) if neg => conjunction(terms, total, &args, neg),
        (Op::BvUle | Op::BvUlt, [a, b]) => ordered(terms, total, *a, *b, false),
        (Op::BvSle | Op::BvSlt, [a, b]) => ordered(terms, total, *a, *b, true),
        (Op::Eq, [a, b]) if terms.sort(*a).bv_width().is_some() => {
            let (sa, sb) = (slope(terms, total, *a)?, slope(terms, total, *b)?);
            if sa == sb {
                // `a - b` is the same at every iteration: so is the (in)equality.
                Some(Vec::new())
            } else if neg {
                None
            } else {
                ordered(terms, total, *a, *b, false)
            }
        }
        _ => None,
    }
}

fn conjunction(
    terms: &TermStore,
    total: &FxHashMap<VarId, u128>,
    args: &[Term],
    neg: bool,
) -> Option<Vec<Moving>> {
    let mut out = Vec::new();
    for a in args {
        out.extend(convex(terms, total, *a, neg)?);
    }
    Some(out)
}

fn ordered(
    terms: &TermStore,
    total: &FxHashMap<VarId, u128>,
    a: Term,
    b: Term,
    signed: bool,
) -> Option<Vec<Moving>> {
    let mut out = Vec::new();
    for side in [a, b] {
        let s = slope(terms, total, side)?;
        if s != 0 {
            out.push(Moving {
                side,
                signed,
                slope: s,
            });
        }
    }
    Some(out)
}

fn mentions_counter(terms: &TermStore, total: &FxHashMap<VarId, u128>, t: Term) -> bool {
    terms
        .free_vars(t)
        .iter()
        .any(|v| total.get(v).is_some_and(|c| *c != 0))
}

/// What one iteration adds to the bit-vector term `t` (modulo 2^w), when `t` is built from
/// counters, other variables and constants by `+`, `-`, negation and multiplication by a
/// constant; `None` otherwise.
fn slope(terms: &TermStore, total: &FxHashMap<VarId, u128>, t: Term) -> Option<u128> {
    let w = terms.sort(t).bv_width()?;
    if !mentions_counter(terms, total, t) {
        return Some(0);
    }
    let m = mask(w);
    let args = terms.args(t);
    let s = match (terms.op(t), args.as_slice()) {
        (Op::Var(v), _) => *total.get(&v).unwrap_or(&0),
        (Op::BvAdd, _) => {
            let mut sum = 0u128;
            for a in &args {
                sum = sum.wrapping_add(slope(terms, total, *a)?);
            }
            sum
        }
        (Op::BvSub, [a, b]) => slope(terms, total, *a)?.wrapping_sub(slope(terms, total, *b)?),
        (Op::BvNeg, [a]) => slope(terms, total, *a)?.wrapping_neg(),
        (Op::BvMul, [a, b]) => match (terms.as_bv_const(*a), terms.as_bv_const(*b)) {
            (Some((k, _)), None) => k.wrapping_mul(slope(terms, total, *b)?),
            (None, Some((k, _))) => k.wrapping_mul(slope(terms, total, *a)?),
            _ => return None,
        },
        _ => return None,
    };
    Some(s & m)
}

/// The statement of the accelerated edge: `havoc n; assume n ≥ 1 ∧ (conditions at the
/// first and the last iteration) ∧ (no moving side wraps); x := x + n·c` for each counter.
fn accelerated_stmt(cfa: &mut Cfa, step: &Step) -> (StmtId, VarId) {
    let terms = cfa.terms.clone();
    let terms = &*terms;
    let width = step
        .total
        .keys()
        .chain(step.accumulators.iter().map(|(v, _)| v))
        .filter_map(|v| counter_width(terms, *v))
        .max()
        .expect("a step changes a counter");
    let nw = width + 1;
    let n = terms.fresh_var("accel.n", Sort::Bv(nw));
    let n_var = terms.as_var(n).expect("variable");
    let last = terms.bvsub(n, terms.bv_const(1, nw));
    // Per counter: its value at iteration `i` before the cycle's statements, `x + i·c`.
    let at = |i: Term, offsets: &FxHashMap<VarId, u128>| -> FxHashMap<Term, Term> {
        let mut map = FxHashMap::default();
        for (v, c) in &step.total {
            let w = counter_width(terms, *v).expect("counters are bit-vectors");
            let x = terms.var_term(*v);
            let iw = terms.extract(i, w - 1, 0);
            let d = offsets.get(v).copied().unwrap_or(0);
            let value = terms.bvadd(
                terms.bvadd(x, terms.bvmul(iw, terms.bv_const(*c, w))),
                terms.bv_const(d, w),
            );
            map.insert(x, value);
        }
        map
    };
    let zero = terms.bv_const(0, nw);
    let mut conds = vec![terms.not(terms.eq(n, zero))];
    for ((c, offsets), moving) in step.guards.iter().zip(&step.moving) {
        let first = at(zero, offsets);
        conds.push(terms.substitute(*c, &first));
        conds.push(terms.substitute(*c, &at(last, offsets)));
        for m in moving {
            conds.push(stays_in_range(
                terms,
                m,
                terms.substitute(m.side, &first),
                last,
            ));
        }
    }
    let stmts = cfa.stmts.clone();
    let origin = step.origin.clone().map(|o| Origin {
        text: format!("{} (loop accelerated)", o.text).into(),
        branch: None,
        ..o
    });
    let mut parts = vec![
        stmts.havoc(n, origin),
        stmts.assume(terms.and(&conds), None),
    ];
    // The accumulators first: what they add is read from the counters before the step.
    for (v, list) in &step.accumulators {
        parts.push(stmts.assign(
            terms.var_term(*v),
            accumulated(terms, *v, list, &step.total, n, &at),
            None,
        ));
    }
    for (v, e, offsets) in &step.copies {
        let value = terms.substitute(*e, &at(last, offsets));
        parts.push(stmts.assign(terms.var_term(*v), value, None));
    }
    for (v, c) in &step.total {
        if *c == 0 {
            continue;
        }
        let w = counter_width(terms, *v).expect("counters are bit-vectors");
        let x = terms.var_term(*v);
        let add = terms.bvmul(terms.extract(n, w - 1, 0), terms.bv_const(*c, w));
        parts.push(stmts.assign(x, terms.bvadd(x, add), None));
    }
    cfa.declare_var(n, VarKind::Program);
    cfa.set_var_signed(n_var, false);
    cfa.set_c_name(
        n_var,
        CName {
            lvalue: "iterations".into(),
            scope: None,
            // Not a C variable: a trace shows it, a witness never writes it.
            renamed: true,
        },
    );
    (stmts.seq(&parts), n_var)
}

/// The accumulator `x` after `n` iterations: `x + n·A + B·(n(n−1)/2)`, where `A` is the sum
/// of its added terms at iteration 0 (the counters at their offsets) and `B` the sum of
/// their slopes ([`accumulators`]). `n(n−1)` is even, so its half modulo 2^w is the product
/// modulo 2^(w+1) shifted right by one: no wider words than `n` itself.
fn accumulated(
    terms: &TermStore,
    x: VarId,
    list: &Additions,
    total: &FxHashMap<VarId, u128>,
    n: Term,
    at: At,
) -> Term {
    let w = counter_width(terms, x).expect("accumulators are bit-vectors");
    let nw = terms.sort(n).bv_width().expect("a bit-vector count");
    let zero = terms.bv_const(0, nw);
    let mut a = terms.bv_const(0, w);
    let mut b = 0u128;
    for (e, offsets) in list {
        a = terms.bvadd(a, terms.substitute(*e, &at(zero, offsets)));
        b = b.wrapping_add(slope(terms, total, *e).expect("checked by `accumulators`"));
    }
    let b = b & mask(w);
    let nx = terms.extract(n, w - 1, 0);
    let mut value = terms.bvadd(terms.var_term(x), terms.bvmul(nx, a));
    if b != 0 {
        let n1 = terms.extract(n, w, 0);
        let pairs = terms.bvmul(n1, terms.bvsub(n1, terms.bv_const(1, w + 1)));
        let half = terms.extract(pairs, w, 1);
        value = terms.bvadd(value, terms.bvmul(half, terms.bv_const(b, w)));
    }
    value
}

/// `last · |slope| ≤ room`: the side, `first` at iteration 0, stays in its range (as an
/// unsigned or signed integer) up to iteration `last`; `room` is computed one bit wider
/// than the side, the product wide enough not to wrap.
fn stays_in_range(terms: &TermStore, m: &Moving, first: Term, last: Term) -> Term {
    let w = terms.sort(first).bv_width().expect("a bit-vector side");
    let w1 = w + 1;
    let value = if m.signed {
        terms.sext(first, 1)
    } else {
        terms.zext(first, 1)
    };
    let (lo, hi): (i128, i128) = if m.signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    };
    // The slope as the integer of least magnitude: `x -= 1` moves down by 1.
    let s = m.slope as i128;
    let s = if s >= 1i128 << (w - 1) {
        s - (1i128 << w)
    } else {
        s
    };
    let room = if s > 0 {
        terms.bvsub(terms.bv_signed(hi, w1), value)
    } else {
        terms.bvsub(value, terms.bv_signed(lo, w1))
    };
    let nw = terms.sort(last).bv_width().expect("a bit-vector count");
    let step = s.unsigned_abs();
    if step == 1 {
        // `last ≤ room`, both as unsigned integers.
        return ule_widened(terms, last, room);
    }
    if w1 + nw <= logic::sort::MAX_BV_WIDTH {
        // `last · step ≤ room` without a product that wraps: a multiplication by a
        // constant, which bit-blasts into shifts and additions (a divider would not).
        let wide = w1 + nw;
        let product = terms.bvmul(terms.zext(last, wide - nw), terms.bv_const(step, wide));
        return terms.bvule(product, terms.zext(room, wide - w1));
    }
    let limit = terms.bvudiv(room, terms.bv_const(step, w1));
    ule_widened(terms, last, limit)
}

/// `a ≤ b` as unsigned integers of different widths.
fn ule_widened(terms: &TermStore, a: Term, b: Term) -> Term {
    let (wa, wb) = (
        terms.sort(a).bv_width().expect("a bit-vector"),
        terms.sort(b).bv_width().expect("a bit-vector"),
    );
    match wa.cmp(&wb) {
        std::cmp::Ordering::Less => terms.bvule(terms.zext(a, wb - wa), b),
        std::cmp::Ordering::Greater => terms.bvule(a, terms.zext(b, wa - wb)),
        std::cmp::Ordering::Equal => terms.bvule(a, b),
    }
}
