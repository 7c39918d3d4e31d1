//! Boolean abstraction (ALLSAT) of one fixed large block, in models per second: the loop
//! body of `boulder gen test-locks N` after full LBE (one disjunctive block with 2^N paths)
//! abstracted over the N predicates `pi == 0`, whose values the block leaves unchanged, from
//! a region that fixes one of them, so ALLSAT enumerates 2^(N-1) models. Both solver modes
//! of `--abstraction-solver`: `fresh` translates the block into a new solver per
//! abstraction, `per-block` into one solver that each abstraction reuses. One abstractor per
//! mode, as in a CEGAR run (the block is encoded once), its cache of computed successors
//! emptied before each abstraction. Each mode on both backends of `--abstraction-backend`:
//! Z3 (`z3/…`) and bit-blasting to CaDiCaL (`sat/…`).

use bench::families::generate;
use cegar::precision::PredicateTable;
use cegar::{region, AbstractionKind, Abstractor};
use cfa::{reduce, LbeLevel, StmtStore};
use cfront::{DataModel, Property, Source};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use logic::syntax::parse_term;
use logic::{SolverFactory, Sort, TermStore, Z3};
use std::rc::Rc;
use ts::blast_solver::BlastSolverFactory;

fn abstraction(c: &mut Criterion) {
    let mut g = c.benchmark_group("boolean abstraction of the test-locks N loop body");
    g.sample_size(10);
    for n in [6usize, 10] {
        let text = generate("test-locks", n, false).unwrap();
        let source = Source::from_text("test_locks.c", &text);
        let terms = Rc::new(TermStore::new());
        let t = cfront::translate(
            &source,
            Property::UnreachCall,
            DataModel::Ilp32,
            terms.clone(),
            Rc::new(StmtStore::new()),
        )
        .unwrap();
        let (cfa, _) = reduce(&t.cfa, LbeLevel::Full);
        // The loop body: the edge from the loop head back to itself.
        let body = cfa
            .edges()
            .find(|e| cfa.edge(*e).src == cfa.edge(*e).dst)
            .expect("test-locks has a loop body");
        let mut table = PredicateTable::new();
        let preds: Vec<_> = (1..=n)
            .map(|i| {
                let p = parse_term(
                    &terms,
                    &*terms,
                    &format!("main.p{i} == 0"),
                    Some(Sort::Bool),
                )
                .unwrap();
                table.intern(p).unwrap()
            })
            .collect();
        // Regions that differ, each a fact about one condition variable.
        let regions: Vec<_> = (0..n)
            .map(|i| region::cube(&table, &[(preds[i], i % 2 == 0)]))
            .collect();
        let z3 = Z3::new(terms.clone());
        // The models of one abstraction: the region fixes one of the N predicates.
        let mut probe = Abstractor::new(&cfa, &z3, AbstractionKind::Boolean);
        probe.successor(&table, &regions[0], body, &preds).unwrap();
        let models = probe.stats.models_sum;
        assert_eq!(models, 1 << (n - 1));
        g.throughput(Throughput::Elements(models));
        let sat = BlastSolverFactory::new(terms.clone(), Rc::new(z3.clone()));
        let backends: [(&str, &dyn SolverFactory); 2] = [("z3", &z3), ("sat", &sat)];
        for ((backend, solvers), per_block) in
            backends.iter().flat_map(|b| [(*b, false), (*b, true)])
        {
            let mut a = Abstractor::new(&cfa, solvers, AbstractionKind::Boolean)
                .with_per_block_solvers(per_block);
            let id = BenchmarkId::new(format!("{backend}/{}", a.solver_name()), n);
            let mut i = 0;
            g.bench_function(id, |b| {
                b.iter(|| {
                    i += 1;
                    a.forget_successors();
                    a.successor(&table, &regions[i % n], body, &preds).unwrap()
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, abstraction);
criterion_main!(benches);
