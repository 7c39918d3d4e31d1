//! The IEEE 754 encoding (`logic::float`) against the machine: every operation, built once
//! over variables and evaluated on many bit patterns (special values, subnormals, boundary
//! cases and random patterns), must give the bits x86-64 SSE gives — native Rust `f32` and
//! `f64` arithmetic on this machine — and NaN results must follow the x86 rule the
//! encoding documents (first NaN operand quieted, else the default NaN).

use logic::float::{FloatCmp, FloatFormat, IntegralRounding};
use logic::random::Rng;
use logic::{Sort, Term, TermStore, Value, VarId};
use rustc_hash::FxHashMap;
use std::hint::black_box;

const CASES: usize = 4000;

/// Interesting patterns of a format: zeros, infinities, NaNs (quiet and signalling, both
/// signs), the subnormal and normal boundaries, one, and their neighbours.
fn specials(f: FloatFormat) -> Vec<u128> {
    let w = f.width();
    let m = f.frac_bits();
    let sign = 1u128 << (w - 1);
    let inf = ((1u128 << f.exp_bits()) - 1) << m;
    let one = (f.bias() as u128) << m;
    let mut v = vec![
        0,
        1,
        2,
        (1 << m) - 1,
        1 << m,
        (1 << m) + 1,
        one,
        one + 1,
        one - 1,
        inf - 1,
        inf,
        inf + 1,
        inf | (1 << (m - 1)),
        inf | (1 << (m - 1)) | 5,
        ((f.bias() as u128 + m as u128) << m) | 1,
        ((f.bias() as u128 + m as u128 + 1) << m) | 3,
        (f.bias() as u128 - 1) << m,
        ((f.bias() as u128 - 1) << m) | 1,
        ((f.bias() as u128 + 31) << m) | ((1 << m) - 1),
        (f.bias() as u128 + 31) << m,
        (f.bias() as u128 + 63) << m,
        (f.bias() as u128 + 64) << m,
    ];
    let neg: Vec<u128> = v.iter().map(|x| x | sign).collect();
    v.extend(neg);
    v
}

fn pattern(rng: &mut Rng, f: FloatFormat) -> u128 {
    let w = f.width();
    let sp = specials(f);
    match rng.below(4) {
        0 => sp[rng.below(sp.len() as u64) as usize],
        1 => {
            // Near another value: same exponent region, to exercise cancellation.
            let base = sp[rng.below(sp.len() as u64) as usize];
            base ^ (rng.below(1 << 12) as u128)
        }
        2 => {
            // Exponents near one, where sums round and products stay finite.
            let e = f.bias() as u128 - 30 + rng.below(60) as u128;
            let frac = (rng.next_u64() as u128) & ((1 << f.frac_bits()) - 1);
            let s = (rng.below(2) as u128) << (w - 1);
            s | (e << f.frac_bits()) | frac
        }
        _ => (rng.next_u64() as u128) & ((1u128 << w) - 1),
    }
}

struct Harness {
    store: TermStore,
    a: Term,
    b: Term,
    av: VarId,
    bv: VarId,
}

impl Harness {
    fn new(f: FloatFormat) -> Self {
        let store = TermStore::new();
        let a = store.var("a", Sort::Bv(f.width()));
        let b = store.var("b", Sort::Bv(f.width()));
        let (av, bv) = (store.as_var(a).unwrap(), store.as_var(b).unwrap());
        Harness {
            store,
            a,
            b,
            av,
            bv,
        }
    }

    fn eval(&self, t: Term, a: u128, b: u128, f: FloatFormat) -> Value {
        let mut env = FxHashMap::default();
        env.insert(self.av, Value::Bv(a, f.width()));
        env.insert(self.bv, Value::Bv(b, f.width()));
        self.store.eval_map(t, &env).expect("evaluates")
    }
}

fn bits(v: Value) -> u128 {
    match v {
        Value::Bv(x, _) => x,
        Value::Bool(b) => b as u128,
        v => panic!("unexpected value {v:?}"),
    }
}

fn is_nan(x: u128, f: FloatFormat) -> bool {
    let m = f.frac_bits();
    let inf = ((1u128 << f.exp_bits()) - 1) << m;
    x & ((1u128 << (f.width() - 1)) - 1) > inf
}

/// x86's NaN result of an operation over `ops` whose native result is a NaN.
fn expected_nan(ops: &[u128], f: FloatFormat) -> u128 {
    let quiet = 1u128 << (f.frac_bits() - 1);
    match ops.iter().find(|x| is_nan(**x, f)) {
        Some(x) => x | quiet,
        None => f.default_nan(),
    }
}

fn native32(op: &str, a: f32, b: f32) -> f32 {
    let (a, b) = (black_box(a), black_box(b));
    match op {
        "add" => a + b,
        "sub" => a - b,
        "mul" => a * b,
        "div" => a / b,
        "sqrt" => a.sqrt(),
        _ => unreachable!(),
    }
}

fn native64(op: &str, a: f64, b: f64) -> f64 {
    let (a, b) = (black_box(a), black_box(b));
    match op {
        "add" => a + b,
        "sub" => a - b,
        "mul" => a * b,
        "div" => a / b,
        "sqrt" => a.sqrt(),
        _ => unreachable!(),
    }
}

fn native(op: &str, a: u128, b: u128, f: FloatFormat) -> u128 {
    match f {
        FloatFormat::Single => {
            native32(op, f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u128
        }
        FloatFormat::Double => {
            native64(op, f64::from_bits(a as u64), f64::from_bits(b as u64)).to_bits() as u128
        }
    }
}

fn check_arith(f: FloatFormat, seed: u64) {
    let h = Harness::new(f);
    let s = &h.store;
    let ops: Vec<(&str, Term)> = vec![
        ("add", s.fp_add(h.a, h.b, f)),
        ("sub", s.fp_sub(h.a, h.b, f)),
        ("mul", s.fp_mul(h.a, h.b, f)),
        ("div", s.fp_div(h.a, h.b, f)),
        ("sqrt", s.fp_sqrt(h.a, f)),
    ];
    let mut rng = Rng::new(seed);
    for _ in 0..CASES {
        let (a, b) = (pattern(&mut rng, f), pattern(&mut rng, f));
        for (name, t) in &ops {
            let got = bits(h.eval(*t, a, b, f));
            let want = native(name, a, b, f);
            let want = if is_nan(want, f) {
                let operands: &[u128] = if *name == "sqrt" { &[a] } else { &[a, b] };
                expected_nan(operands, f)
            } else {
                want
            };
            assert_eq!(
                got, want,
                "{name} {f:?}: a = {a:#x}, b = {b:#x}: got {got:#x}, want {want:#x}"
            );
        }
    }
}

#[test]
fn arithmetic_single_matches_the_machine() {
    check_arith(FloatFormat::Single, 1);
}

#[test]
fn arithmetic_double_matches_the_machine() {
    check_arith(FloatFormat::Double, 2);
}

#[test]
fn comparisons_match_the_machine() {
    for f in [FloatFormat::Single, FloatFormat::Double] {
        let h = Harness::new(f);
        let s = &h.store;
        let cmps = [
            FloatCmp::Lt,
            FloatCmp::Le,
            FloatCmp::Gt,
            FloatCmp::Ge,
            FloatCmp::Eq,
            FloatCmp::Ne,
        ];
        let terms: Vec<Term> = cmps.iter().map(|c| s.fp_compare(*c, h.a, h.b, f)).collect();
        let mut rng = Rng::new(3);
        for _ in 0..CASES {
            let (a, b) = (pattern(&mut rng, f), pattern(&mut rng, f));
            let (x, y) = (
                f64_of(a, f),
                f64_of(b, f), // widening is exact, so comparisons agree
            );
            let want = [x < y, x <= y, x > y, x >= y, x == y, x != y];
            for (i, t) in terms.iter().enumerate() {
                assert_eq!(
                    bits(h.eval(*t, a, b, f)) == 1,
                    want[i],
                    "{:?} {f:?} {a:#x} {b:#x}",
                    cmps[i]
                );
            }
        }
    }
}

fn f64_of(x: u128, f: FloatFormat) -> f64 {
    match f {
        FloatFormat::Single => f32::from_bits(x as u32) as f64,
        FloatFormat::Double => f64::from_bits(x as u64),
    }
}

#[test]
fn conversions_between_formats_match_the_machine() {
    let h = Harness::new(FloatFormat::Single);
    let widen = h
        .store
        .fp_convert(h.a, FloatFormat::Single, FloatFormat::Double);
    let h2 = Harness::new(FloatFormat::Double);
    let narrow = h2
        .store
        .fp_convert(h2.a, FloatFormat::Double, FloatFormat::Single);
    let mut rng = Rng::new(4);
    for _ in 0..CASES {
        let a = pattern(&mut rng, FloatFormat::Single);
        let got = bits(h.eval(widen, a, 0, FloatFormat::Single));
        let want = (black_box(f32::from_bits(a as u32)) as f64).to_bits() as u128;
        assert_eq!(got, want, "widen {a:#x}");
        let d = pattern(&mut rng, FloatFormat::Double);
        let got = bits(h2.eval(narrow, d, 0, FloatFormat::Double));
        let want = (black_box(f64::from_bits(d as u64)) as f32).to_bits() as u128;
        assert_eq!(got, want, "narrow {d:#x}");
    }
}

#[test]
fn integer_conversions_match_the_machine() {
    for f in [FloatFormat::Single, FloatFormat::Double] {
        let store = TermStore::new();
        let mut rng = Rng::new(5);
        for (n, signed) in [(32, true), (32, false), (64, true), (64, false), (8, true)] {
            let x = store.var(&format!("x{n}{signed}"), Sort::Bv(n));
            let xv = store.as_var(x).unwrap();
            let to_float = store.fp_from_int(x, signed, f);
            let v = store.var(&format!("v{n}{signed}"), Sort::Bv(f.width()));
            let vv = store.as_var(v).unwrap();
            let (to_int, defined) = store.fp_to_int(v, f, n, signed);
            for _ in 0..CASES {
                let raw = rng.next_u64() as u128 >> rng.below(64);
                let raw = raw & ((1u128 << n) - 1);
                let env = FxHashMap::from_iter([(xv, Value::Bv(raw, n))]);
                let got = bits(store.eval_map(to_float, &env).unwrap());
                let want = match (signed, n, f) {
                    (true, _, FloatFormat::Single) => {
                        (black_box(logic::value::to_signed(raw, n)) as i64 as f32).to_bits() as u128
                    }
                    (true, _, FloatFormat::Double) => {
                        (black_box(logic::value::to_signed(raw, n)) as i64 as f64).to_bits() as u128
                    }
                    (false, _, FloatFormat::Single) => {
                        (black_box(raw as u64) as f32).to_bits() as u128
                    }
                    (false, _, FloatFormat::Double) => {
                        (black_box(raw as u64) as f64).to_bits() as u128
                    }
                };
                assert_eq!(
                    got, want,
                    "int {raw:#x} ({n} bits, signed {signed}) to {f:?}"
                );

                let p = pattern(&mut rng, f);
                let env = FxHashMap::from_iter([(vv, Value::Bv(p, f.width()))]);
                let ok = bits(store.eval_map(defined, &env).unwrap()) == 1;
                let x = f64_of(p, f);
                let t = x.trunc();
                let (lo, hi) = if signed {
                    (-(2f64.powi(n as i32 - 1)), 2f64.powi(n as i32 - 1))
                } else {
                    (0.0, 2f64.powi(n as i32))
                };
                let in_range = x.is_finite() && t >= lo && t < hi;
                assert_eq!(ok, in_range, "defined? {p:#x} to {n} bits signed {signed}");
                if in_range {
                    let got = bits(store.eval_map(to_int, &env).unwrap());
                    let want = if signed {
                        (t as i128 as u128) & ((1u128 << n) - 1)
                    } else {
                        t as u128
                    };
                    assert_eq!(got, want, "{p:#x} ({x}) to {n} bits signed {signed}");
                }
            }
        }
    }
}

#[test]
fn rounding_to_integers_matches_the_machine() {
    let modes = [
        IntegralRounding::Floor,
        IntegralRounding::Ceil,
        IntegralRounding::Trunc,
        IntegralRounding::HalfAway,
        IntegralRounding::HalfEven,
    ];
    for f in [FloatFormat::Single, FloatFormat::Double] {
        let h = Harness::new(f);
        let terms: Vec<Term> = modes
            .iter()
            .map(|m| h.store.fp_round_integral(h.a, *m, f))
            .collect();
        let mut rng = Rng::new(6);
        for _ in 0..CASES {
            let a = pattern(&mut rng, f);
            for (i, t) in terms.iter().enumerate() {
                let got = bits(h.eval(*t, a, 0, f));
                let want = match f {
                    FloatFormat::Single => {
                        let x = black_box(f32::from_bits(a as u32));
                        [
                            x.floor(),
                            x.ceil(),
                            x.trunc(),
                            x.round(),
                            x.round_ties_even(),
                        ][i]
                            .to_bits() as u128
                    }
                    FloatFormat::Double => {
                        let x = black_box(f64::from_bits(a as u64));
                        [
                            x.floor(),
                            x.ceil(),
                            x.trunc(),
                            x.round(),
                            x.round_ties_even(),
                        ][i]
                            .to_bits() as u128
                    }
                };
                let want = if is_nan(want, f) {
                    expected_nan(&[a], f)
                } else {
                    want
                };
                assert_eq!(got, want, "{:?} {f:?} {a:#x}", modes[i]);
            }
        }
    }
}

#[test]
fn constants_fold_to_constants() {
    // Built from constants, an operation is a constant: the front end relies on it for
    // literals and constant expressions.
    let s = TermStore::new();
    let f = FloatFormat::Double;
    let x = s.fp_bits(1.5f64.to_bits() as u128, f);
    let y = s.fp_bits(0.1f64.to_bits() as u128, f);
    let r = s.fp_div(x, y, f);
    assert_eq!(
        s.as_bv_const(r),
        Some(((1.5f64 / 0.1f64).to_bits() as u128, 64))
    );
}
