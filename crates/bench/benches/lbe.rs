//! LBE speed on `boulder gen test-locks N` (tens of thousands of single-block edges at
//! N = 1000): time must grow linearly with N.

use bench::families::generate;
use cfa::{reduce, LbeLevel, StmtStore};
use cfront::{DataModel, Property, Source};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use logic::TermStore;
use std::rc::Rc;

fn lbe(c: &mut Criterion) {
    let mut g = c.benchmark_group("lbe full on test-locks N");
    g.sample_size(20);
    for n in [100usize, 1000, 10000] {
        let text = generate("test-locks", n, false).unwrap();
        let source = Source::from_text("test_locks.c", &text);
        let t = cfront::translate(
            &source,
            Property::UnreachCall,
            DataModel::Ilp32,
            Rc::new(TermStore::new()),
            Rc::new(StmtStore::new()),
        )
        .unwrap();
        eprintln!(
            "test-locks {n}: {} locations, {} edges",
            t.cfa.num_locations(),
            t.cfa.num_edges()
        );
        g.throughput(Throughput::Elements(t.cfa.num_edges() as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &t.cfa, |b, cfa| {
            b.iter(|| reduce(cfa, LbeLevel::Full).0.num_edges())
        });
    }
    g.finish();
}

criterion_group!(benches, lbe);
criterion_main!(benches);
