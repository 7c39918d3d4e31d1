//! Term interning throughput: building one million distinct terms, and re-interning them
//! (every lookup a hit).

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

criterion_group!(benches, interning);
criterion_main!(benches);
