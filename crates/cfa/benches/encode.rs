//! Path formula of a 10,000-edge straight-line block (as LBE produces from long
//! sequences), and of a block of 1,000 nested diamonds.

use cfa::{Encoder, SsaMap, StmtStore};
use criterion::{criterion_group, criterion_main, Criterion};
use logic::{Sort, TermStore};

fn straight_line(terms: &TermStore, stmts: &StmtStore, n: usize) -> cfa::StmtId {
    let vars: Vec<_> = (0..8)
        .map(|i| terms.var(&format!("v{i}"), Sort::Bv(32)))
        .collect();
    let parts: Vec<_> = (0..n)
        .map(|i| {
            let x = vars[i % 8];
            let y = vars[(i + 3) % 8];
            if i % 5 == 4 {
                stmts.assume(
                    terms.bvult(y, terms.bv_const(1_000_000 + i as u128, 32)),
                    None,
                )
            } else {
                stmts.assign(x, terms.bvadd(y, terms.bv_const(i as u128, 32)), None)
            }
        })
        .collect();
    stmts.seq(&parts)
}

fn diamonds(terms: &TermStore, stmts: &StmtStore, n: usize) -> cfa::StmtId {
    let x = terms.var("dx", Sort::Bv(32));
    let c = terms.var("dc", Sort::Bv(32));
    let parts: Vec<_> = (0..n)
        .map(|i| {
            let k = terms.bv_const(i as u128, 32);
            let then = stmts.seq(&[
                stmts.assume(terms.bvult(c, k), None),
                stmts.assign(x, terms.bvadd(x, k), None),
            ]);
            let els = stmts.assume(terms.bvuge(c, k), None);
            stmts.choice(&[then, els])
        })
        .collect();
    stmts.seq(&parts)
}

fn encode(c: &mut Criterion) {
    let mut g = c.benchmark_group("path formula");
    let terms = TermStore::new();
    let stmts = StmtStore::new();
    let block = straight_line(&terms, &stmts, 10_000);
    g.bench_function("10,000-edge straight-line block", |b| {
        b.iter(|| {
            let mut enc = Encoder::new(&terms, &stmts);
            let mut ssa = SsaMap::new();
            enc.encode(block, &mut ssa).0
        })
    });
    let block = diamonds(&terms, &stmts, 1_000);
    g.bench_function("1,000 sequential diamonds", |b| {
        b.iter(|| {
            let mut enc = Encoder::new(&terms, &stmts);
            let mut ssa = SsaMap::new();
            enc.encode(block, &mut ssa).0
        })
    });
    g.finish();
}

criterion_group!(benches, encode);
criterion_main!(benches);
