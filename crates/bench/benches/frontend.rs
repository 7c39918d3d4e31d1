//! C front-end throughput (MB of C per second): parsing with lang-c and lowering to the
//! single-block CFA, on `boulder gen test-locks N` (one large `main`, about 320 bytes of C
//! per lock). Preprocessing (`gcc -E`) is not included; the allocator is the binary's.

use bench::families::generate;
use cfa::StmtStore;
use cfront::{DataModel, Property, Source};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use logic::TermStore;
use std::rc::Rc;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn frontend(c: &mut Criterion) {
    let mut g = c.benchmark_group("front end on test-locks N");
    g.sample_size(10);
    for n in [1000usize, 10000] {
        let text = generate("test-locks", n, false).unwrap();
        let source = Source::from_text("test_locks.i", &text);
        g.throughput(Throughput::Bytes(source.text.len() as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &source, |b, source| {
            b.iter(|| {
                cfront::translate(
                    source,
                    Property::UnreachCall,
                    DataModel::Ilp32,
                    Rc::new(TermStore::new()),
                    Rc::new(StmtStore::new()),
                )
                .unwrap()
                .cfa
                .num_edges()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, frontend);
criterion_main!(benches);
