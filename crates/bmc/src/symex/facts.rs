//! What a path condition implies about the values of terms: intervals, from the
//! comparisons with constants a path has assumed (`x >= 0`, `x < 10`). Symbolic
//! execution decides a later comparison that the intervals decide (`x > 1000` is false on
//! that path) before it becomes part of the path condition, so that a branch no input can
//! take is neither executed nor merged nor encoded — the interval analysis ESBMC runs
//! before its symex (`--interval-analysis`), here along the paths themselves.
//!
//! Sound by construction: every interval of a state is implied by its guard (learned from
//! a conjunct of it, or the hull of the intervals of the states a merge joins, which the
//! disjunction of their guards implies), and a comparison is replaced only by the
//! constant it has under every value in the intervals, so `guard ∧ c ≡ guard ∧ decided`.
//! Terms are values, not variables: an assignment never invalidates a fact.

use logic::{Op, Sort, Term, TermStore, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The values a bit-vector term of width `w` may have: a signed and an unsigned closed
/// interval (each a sound bound on its own; both hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub s: (i128, i128),
    pub u: (u128, u128),
}

impl Bounds {
    fn full(w: u32) -> Bounds {
        Bounds {
            s: (smin(w), smax(w)),
            u: (0, umax(w)),
        }
    }

    fn exact(v: u128, w: u32) -> Bounds {
        Bounds {
            s: (signed(v, w), signed(v, w)),
            u: (v, v),
        }
    }

    fn is_empty(&self) -> bool {
        self.s.0 > self.s.1 || self.u.0 > self.u.1
    }

    /// Each interval narrowed by what the other says (a signed interval on one side of
    /// zero is an unsigned one, and back).
    fn tighten(mut self, w: u32) -> Bounds {
        let m = 1i128 << w;
        for _ in 0..2 {
            let (lo, hi) = self.s;
            if lo >= 0 {
                self.u = meet_u(self.u, (lo as u128, hi as u128));
            } else if hi < 0 {
                self.u = meet_u(self.u, ((lo + m) as u128, (hi + m) as u128));
            }
            let (lo, hi) = self.u;
            if hi as i128 <= smax(w) {
                self.s = meet_s(self.s, (lo as i128, hi as i128));
            } else if lo as i128 > smax(w) {
                self.s = meet_s(self.s, (lo as i128 - m, hi as i128 - m));
            }
        }
        self
    }

    fn meet(self, o: Bounds, w: u32) -> Bounds {
        Bounds {
            s: meet_s(self.s, o.s),
            u: meet_u(self.u, o.u),
        }
        .tighten(w)
    }

    fn hull(self, o: Bounds) -> Bounds {
        Bounds {
            s: (self.s.0.min(o.s.0), self.s.1.max(o.s.1)),
            u: (self.u.0.min(o.u.0), self.u.1.max(o.u.1)),
        }
    }
}

fn meet_s(a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    (a.0.max(b.0), a.1.min(b.1))
}

fn meet_u(a: (u128, u128), b: (u128, u128)) -> (u128, u128) {
    (a.0.max(b.0), a.1.min(b.1))
}

fn smin(w: u32) -> i128 {
    -(1i128 << (w - 1))
}

fn smax(w: u32) -> i128 {
    (1i128 << (w - 1)) - 1
}

fn umax(w: u32) -> u128 {
    if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn signed(v: u128, w: u32) -> i128 {
    if w < 128 && v >> (w - 1) & 1 == 1 {
        v as i128 - (1i128 << w)
    } else {
        v as i128
    }
}

/// The intervals a path condition implies, per term (shared between the states that
/// branch from one another until one learns something).
#[derive(Clone, Debug, Default)]
pub(crate) struct Facts(Rc<FxHashMap<Term, Bounds>>);

/// A comparison of bit-vectors: `a < b` (strict) or `a <= b`, signed or unsigned.
#[derive(Clone, Copy)]
struct Cmp {
    signed: bool,
    strict: bool,
}

fn comparison(op: Op) -> Option<Cmp> {
    match op {
        Op::BvUlt => Some(Cmp {
            signed: false,
            strict: true,
        }),
        Op::BvUle => Some(Cmp {
            signed: false,
            strict: false,
        }),
        Op::BvSlt => Some(Cmp {
            signed: true,
            strict: true,
        }),
        Op::BvSle => Some(Cmp {
            signed: true,
            strict: false,
        }),
        _ => None,
    }
}

/// Widths above this are left alone (the interval arithmetic is on `i128`).
const MAX_WIDTH: u32 = 64;

/// How many sums deep [`Facts::bounds`] derives an interval.
const MAX_DEPTH: u32 = 4;

impl Facts {
    /// The values `t` (a bit-vector term) may have on the paths of these facts.
    pub fn bounds(&self, terms: &TermStore, t: Term) -> Option<Bounds> {
        self.bounds_within(terms, t, MAX_DEPTH)
    }

    /// [`Facts::bounds`], looking at most `depth` sums deep (an accumulator of a long loop
    /// is a chain of thousands; each comparison would walk it again).
    fn bounds_within(&self, terms: &TermStore, t: Term, depth: u32) -> Option<Bounds> {
        let Sort::Bv(w) = terms.sort(t) else {
            return None;
        };
        if w > MAX_WIDTH {
            return None;
        }
        if let Some(Value::Bv(v, _)) = terms.const_value(t) {
            return Some(Bounds::exact(v, w));
        }
        let known = self.0.get(&t).copied();
        // A sum of bounded terms that cannot wrap is bounded by the sum of the bounds.
        let (op, _, args) = terms.node(t);
        // (An operand without bounds leaves the sum's own interval, if it has one.)
        let derived = match op {
            Op::BvAdd if args.len() == 2 && depth > 0 => (|| {
                let (a, b) = (
                    self.bounds_within(terms, args[0], depth - 1)?,
                    self.bounds_within(terms, args[1], depth - 1)?,
                );
                let mut r = Bounds::full(w);
                let s = (a.s.0 + b.s.0, a.s.1 + b.s.1);
                if s.0 >= smin(w) && s.1 <= smax(w) {
                    r.s = s;
                }
                let u = (a.u.0 + b.u.0, a.u.1 + b.u.1);
                if u.1 <= umax(w) {
                    r.u = u;
                }
                Some(r.tighten(w))
            })(),
            _ => None,
        };
        match (known, derived) {
            (Some(k), Some(d)) => Some(k.meet(d, w)),
            (k, d) => k.or(d),
        }
    }

    /// `c` with every comparison that the facts decide replaced by its value.
    pub fn decide(&self, terms: &TermStore, c: Term) -> Term {
        if self.0.is_empty() {
            return c;
        }
        let (op, _, args) = terms.node(c);
        match op {
            Op::And | Op::Or | Op::Not => {
                let new: Vec<Term> = args.iter().map(|a| self.decide(terms, *a)).collect();
                if new[..] == args[..] {
                    c
                } else {
                    terms.mk(op, &new)
                }
            }
            _ => match self.truth(terms, op, &args) {
                Some(b) => terms.bool_const(b),
                None => c,
            },
        }
    }

    /// The value of comparison `op(args)` on every value the facts allow, if it is one.
    fn truth(&self, terms: &TermStore, op: Op, args: &[Term]) -> Option<bool> {
        if op == Op::Eq && args.len() == 2 {
            let (a, b) = (self.bounds(terms, args[0])?, self.bounds(terms, args[1])?);
            let disjoint = a.u.1 < b.u.0 || b.u.1 < a.u.0 || a.s.1 < b.s.0 || b.s.1 < a.s.0;
            return disjoint.then_some(false);
        }
        let cmp = comparison(op)?;
        let (a, b) = (self.bounds(terms, args[0])?, self.bounds(terms, args[1])?);
        let (always, never) = if cmp.signed {
            lt(a.s, b.s, cmp.strict)
        } else {
            let f = |x: (u128, u128)| (x.0 as i128, x.1 as i128);
            lt(f(a.u), f(b.u), cmp.strict)
        };
        if always {
            Some(true)
        } else if never {
            Some(false)
        } else {
            None
        }
    }

    /// The facts after the path assumed `c`; `false` when they contradict (no value of
    /// some term satisfies them: the path is infeasible).
    pub fn learn(&mut self, terms: &TermStore, c: Term) -> bool {
        let (op, _, args) = terms.node(c);
        match op {
            Op::And => args.iter().all(|a| self.learn(terms, *a)),
            Op::Not => {
                let (inner, _, a) = terms.node(args[0]);
                match comparison(inner) {
                    // ¬(a < b) is b <= a; ¬(a <= b) is b < a.
                    Some(k) => self.narrow(terms, a[1], a[0], k.signed, !k.strict),
                    None => true,
                }
            }
            _ => match comparison(op) {
                Some(k) => self.narrow(terms, args[0], args[1], k.signed, k.strict),
                None if op == Op::Eq && args.len() == 2 => {
                    let (a, b) = (args[0], args[1]);
                    let Some(w) = width(terms, a) else {
                        return true;
                    };
                    match (self.bounds(terms, a), self.bounds(terms, b)) {
                        (Some(x), Some(y)) => {
                            let m = x.meet(y, w);
                            self.set(terms, a, m) && self.set(terms, b, m)
                        }
                        _ => true,
                    }
                }
                None => true,
            },
        }
    }

    /// Learns `a < b` (`strict`) or `a <= b`.
    fn narrow(&mut self, terms: &TermStore, a: Term, b: Term, signed: bool, strict: bool) -> bool {
        let Some(w) = width(terms, a) else {
            return true;
        };
        let full = Bounds::full(w);
        let (x, y) = (
            self.bounds(terms, a).unwrap_or(full),
            self.bounds(terms, b).unwrap_or(full),
        );
        let d = i128::from(strict);
        let (mut nx, mut ny) = (full, full);
        if signed {
            nx.s = (smin(w), y.s.1 - d);
            ny.s = (x.s.0 + d, smax(w));
        } else {
            let (yhi, xlo) = (y.u.1 as i128, x.u.0 as i128);
            if yhi - d < 0 || xlo + d > umax(w) as i128 {
                return false;
            }
            nx.u = (0, (yhi - d) as u128);
            ny.u = ((xlo + d) as u128, umax(w));
        }
        if nx.s.0 > nx.s.1 || ny.s.0 > ny.s.1 {
            return false;
        }
        self.set(terms, a, x.meet(nx.tighten(w), w)) && self.set(terms, b, y.meet(ny.tighten(w), w))
    }

    /// Records `bounds` for `t` (constants need none); `false` if they are empty.
    fn set(&mut self, terms: &TermStore, t: Term, bounds: Bounds) -> bool {
        if bounds.is_empty() {
            return false;
        }
        if terms.const_value(t).is_some() {
            return true;
        }
        if self.0.get(&t) != Some(&bounds) {
            Rc::make_mut(&mut self.0).insert(t, bounds);
        }
        true
    }

    /// What all of `facts` imply: per term known to each, the hull of its intervals.
    pub fn join<'f>(mut all: impl Iterator<Item = &'f Facts>) -> Facts {
        let Some(first) = all.next() else {
            return Facts::default();
        };
        let mut out = first.clone();
        for f in all {
            if Rc::ptr_eq(&out.0, &f.0) {
                continue;
            }
            let joined: FxHashMap<Term, Bounds> = out
                .0
                .iter()
                .filter_map(|(t, b)| f.0.get(t).map(|c| (*t, b.hull(*c))))
                .collect();
            out = Facts(Rc::new(joined));
        }
        out
    }
}

fn width(terms: &TermStore, t: Term) -> Option<u32> {
    match terms.sort(t) {
        Sort::Bv(w) if w <= MAX_WIDTH => Some(w),
        _ => None,
    }
}

/// Whether `a < b` (or `<=`) holds for all values of the intervals, and whether for none.
fn lt(a: (i128, i128), b: (i128, i128), strict: bool) -> (bool, bool) {
    if strict {
        (a.1 < b.0, a.0 >= b.1)
    } else {
        (a.1 <= b.0, a.0 > b.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (TermStore, Term) {
        let t = TermStore::new();
        let x = t.var("x", Sort::Bv(32));
        (t, x)
    }

    #[test]
    fn assumed_bounds_decide_later_comparisons() {
        let (t, x) = setup();
        let mut f = Facts::default();
        let c = |v: i128| t.bv_const(v as u128 & 0xffff_ffff, 32);
        // x >= 0 && x < 10
        let assumed = t.and2(t.not(t.bvslt(x, c(0))), t.bvslt(x, c(10)));
        assert!(f.learn(&t, assumed));
        assert_eq!(f.bounds(&t, x).unwrap().s, (0, 9));
        assert_eq!(f.bounds(&t, x).unwrap().u, (0, 9));
        // x > 1000 is false, x <= 9 true, x < 5 open.
        assert!(t.is_false(f.decide(&t, t.bvslt(c(1000), x))));
        assert!(t.is_true(f.decide(&t, t.bvsle(x, c(9)))));
        let open = t.bvslt(x, c(5));
        assert_eq!(f.decide(&t, open), open);
        // x + 7 cannot wrap: it is below 17, and unsigned-below 17 too.
        let sum = t.bvadd(x, c(7));
        assert!(t.is_true(f.decide(&t, t.bvult(sum, c(17)))));
        assert!(t.is_false(f.decide(&t, t.eq(sum, c(100)))));
        // -1 as unsigned is the largest value: x <u -1 holds.
        assert!(t.is_true(f.decide(&t, t.bvult(x, c(-1)))));
    }

    #[test]
    fn contradicting_assumptions_are_infeasible() {
        let (t, x) = setup();
        let mut f = Facts::default();
        let c = |v: u128| t.bv_const(v, 32);
        assert!(f.learn(&t, t.bvult(x, c(3))));
        assert!(!f.learn(&t, t.bvult(c(5), x)));
        let mut g = Facts::default();
        assert!(g.learn(&t, t.bvslt(x, c(3))));
        assert!(!g.learn(&t, t.eq(x, c(7))));
    }

    #[test]
    fn a_join_keeps_the_hull_of_what_both_know() {
        let (t, x) = setup();
        let y = t.var("y", Sort::Bv(32));
        let c = |v: u128| t.bv_const(v, 32);
        let mut a = Facts::default();
        assert!(a.learn(&t, t.and2(t.bvult(x, c(3)), t.bvult(y, c(3)))));
        let mut b = Facts::default();
        assert!(b.learn(&t, t.and2(t.bvult(c(9), x), t.bvult(x, c(20)))));
        let j = Facts::join([&a, &b].into_iter());
        assert_eq!(j.bounds(&t, x).unwrap().u, (0, 19));
        assert!(j.bounds(&t, y).is_none());
    }

    /// A comparison of `x`, `y`, `x + y` or a constant with another, 8 bits wide.
    fn comparison_of(t: &TermStore, x: Term, y: Term, pick: (u8, u8, u8, u8, u8)) -> Term {
        let operand = |k: u8, c: u8| match k % 4 {
            0 => x,
            1 => y,
            2 => t.bvadd(x, y),
            // Few constants, the boundaries among them, so that bounds meet often.
            _ => t.bv_const([0, 1, 2, 5, 6, 127, 128, 255][usize::from(c % 8)], 8),
        };
        let (a, b) = (operand(pick.0, pick.3), operand(pick.1, pick.4));
        let c = match pick.2 % 6 {
            0 => t.bvult(a, b),
            1 => t.bvule(a, b),
            2 => t.bvslt(a, b),
            3 => t.bvsle(a, b),
            4 => t.eq(a, b),
            _ => t.not(t.bvslt(a, b)),
        };
        if pick.2 % 12 >= 6 {
            t.not(c)
        } else {
            c
        }
    }

    proptest::proptest! {
        /// On every pair of 8-bit values that satisfies the assumptions, a comparison has
        /// the value the facts decided for it; and facts found contradictory have no
        /// such pair (the reference semantics of `logic`, all 65,536 pairs).
        #[test]
        fn decisions_agree_with_every_value_the_assumptions_allow(
            assumed in proptest::collection::vec(proptest::prelude::any::<(u8, u8, u8, u8, u8)>(), 1..4),
            asked in proptest::prelude::any::<(u8, u8, u8, u8, u8)>(),
        ) {
            let t = TermStore::new();
            let (x, y) = (t.var("x", Sort::Bv(8)), t.var("y", Sort::Bv(8)));
            let mut f = Facts::default();
            let mut consistent = true;
            let mut all = Vec::new();
            for p in assumed {
                let c = f.decide(&t, comparison_of(&t, x, y, p));
                all.push(c);
                consistent &= f.learn(&t, c);
            }
            let q = comparison_of(&t, x, y, asked);
            let decided = f.decide(&t, q);
            let (vx, vy) = (t.as_var(x).unwrap(), t.as_var(y).unwrap());
            for a in 0..=255u128 {
                for b in 0..=255u128 {
                    let mut m = FxHashMap::default();
                    m.insert(vx, Value::Bv(a, 8));
                    m.insert(vy, Value::Bv(b, 8));
                    let holds = |c: Term| t.eval_map(c, &m).unwrap() == Value::Bool(true);
                    if all.iter().all(|c| holds(*c)) {
                        proptest::prop_assert!(consistent, "contradiction claimed at x={a}, y={b}");
                        proptest::prop_assert_eq!(holds(q), holds(decided), "x={}, y={}", a, b);
                    }
                }
            }
        }
    }
}
