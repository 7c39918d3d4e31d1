//! Term interning throughput: building one million distinct terms, and re-interning them
//! (every lookup a hit); light quantifier elimination on a formula with shared parts.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use logic::{Sort, TermStore};

const N: u32 = 1_000_000;

/// Builds N distinct terms `((x + k) * y) ^ k`-like chains: each iteration makes fresh
/// constants and applications, so every term is new.
fn build(store: &TermStore) -> logic::Term {
    let x = store.var("x", Sort::Bv(32));
    let y = store.var("y", Sort::Bv(32));
    let mut acc = x;
    for k in 0..N / 4 {
        let c = store.bv_const(k as u128 + 2, 32);
        let a = store.bvadd(acc, c);
        let m = store.bvmul(a, y);
        acc = store.bvxor(m, x);
    }
    acc
}

fn interning(c: &mut Criterion) {
    let mut g = c.benchmark_group("intern");
    g.throughput(Throughput::Elements(N as u64));
    g.sample_size(10);
    g.bench_function("1M new terms", |b| {
        b.iter(|| {
            let store = TermStore::new();
            build(&store);
            assert!(store.len() >= N as usize);
        })
    });
    let store = TermStore::new();
    build(&store);
    g.bench_function("1M existing terms (hash-cons hits)", |b| {
        b.iter(|| {
            let before = store.len();
            build(&store);
            assert_eq!(store.len(), before);
        })
    });
    g.finish();
}

/// Light quantifier elimination of `∀v. A_40` where `A_k = (y == k ∨ A_{k-1}) ∧ (z == k ∨
/// A_{k-1})` and `A_0 = (v == 0 ∨ x == 0)`: the shape of a weakest precondition over a
/// sequence of branches, whose sub-formulas are shared (before the elimination remembered
/// what it had solved, this took 2^40 steps).
fn light_qe(c: &mut Criterion) {
    c.bench_function("qe_light ∀ over a shared chain of 40", |b| {
        b.iter(|| {
            let s = TermStore::new();
            let [x, y, z, v] = ["x", "y", "z", "v"].map(|n| s.var(n, Sort::Bv(32)));
            let zero = s.bv_const(0, 32);
            let mut a = s.or2(s.eq(v, zero), s.eq(x, zero));
            for k in 1..=40u128 {
                let k = s.bv_const(k, 32);
                a = s.and2(s.or2(s.eq(y, k), a), s.or2(s.eq(z, k), a));
            }
            let r = s.qe_light(s.forall(&[v], a));
            assert!(!s.has_quantifier(r));
        })
    });
}

criterion_group!(benches, interning, light_qe);
criterion_main!(benches);
