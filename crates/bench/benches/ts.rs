//! The bit-level engines' speed: bit-blasting (AIG nodes per second on a chain of 64-bit
//! multiplications and divisions), incremental-SAT BMC (steps per second on a corpus
//! task), and IC3 on a scalable family (`gen test-locks N` as a transition system: time
//! against N; the frames are printed).

use bench::families::generate;
use cfa::{reduce, Cfa, LbeLevel, StmtStore};
use cfront::{DataModel, Property, Source};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use logic::{Sort, TermStore};
use std::path::PathBuf;
use std::rc::Rc;
use ts::aig::Aig;
use ts::blast::Blaster;
use ts::bmc::{sat_bmc, SatBmcOptions, SatBmcOutcome};
use ts::ic3::{ic3, Ic3Options, Ic3Outcome, Model};
use ts::{build, BuildOptions, Transys};

fn blasting(c: &mut Criterion) {
    let store = TermStore::new();
    let vars: Vec<_> = (0..4)
        .map(|i| store.var(&format!("x{i}"), Sort::Bv(64)))
        .collect();
    // x1 = x0 * y, x2 = x1 / (x3 | 1), ... alternating: a chain of 8 of each.
    let mut t = vars[0];
    for k in 0..16 {
        let other = vars[1 + k % 3];
        t = if k % 2 == 0 {
            store.bvmul(t, other)
        } else {
            store.bvudiv(t, store.bvor(other, store.bv_const(1, 64)))
        };
    }
    let nodes = {
        let mut aig = Aig::new();
        let mut b = Blaster::new(&store);
        for v in &vars {
            let w = (0..64).map(|_| aig.new_input()).collect();
            b.scalars.insert(store.as_var(*v).unwrap(), w);
        }
        b.word(&mut aig, t).unwrap();
        aig.num_nodes()
    };
    eprintln!("chain of 16 64-bit mul/div: {nodes} AIG nodes");
    let mut g = c.benchmark_group("bit-blasting");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes as u64));
    g.bench_function("64-bit mul/div chain", |bench| {
        bench.iter(|| {
            let mut aig = Aig::new();
            let mut b = Blaster::new(&store);
            for v in &vars {
                let w = (0..64).map(|_| aig.new_input()).collect();
                b.scalars.insert(store.as_var(*v).unwrap(), w);
            }
            b.word(&mut aig, t).unwrap();
            aig.num_nodes()
        })
    });
    g.finish();
}

fn c_program(text: &str, name: &str) -> Cfa {
    let source = Source::from_text(name, text);
    cfront::translate(
        &source,
        Property::UnreachCall,
        DataModel::Ilp32,
        Rc::new(TermStore::new()),
        Rc::new(StmtStore::new()),
    )
    .unwrap()
    .cfa
}

fn bmc_steps(c: &mut Criterion) {
    // A systemc task whose bug lies deep: BMC runs many steps before it.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(
        "../../tests/corpus/sv-benchmarks/c/systemc/transmitter.02_false-unreach-call_false-termination.cil.c",
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let sbe = c_program(&text, "transmitter.02.c");
    let (cfa, _) = reduce(&sbe, LbeLevel::Full);
    let sys = build(&cfa, &BuildOptions::default()).unwrap();
    let (tsys, _) = Transys::from_bits(&sys);
    let steps = match sat_bmc(
        &tsys,
        &SatBmcOptions {
            bound: 200,
            deadline: None,
            alive: None,
        },
    )
    .0
    {
        SatBmcOutcome::Unsafe(t) => t.steps.len() - 1,
        o => panic!("{o:?}"),
    };
    eprintln!("transmitter.02: counterexample after {steps} steps");
    let mut g = c.benchmark_group("ts-bmc");
    g.sample_size(10);
    g.throughput(Throughput::Elements(steps as u64 + 1));
    g.bench_function("transmitter.02 steps", |b| {
        b.iter(|| {
            sat_bmc(
                &tsys,
                &SatBmcOptions {
                    bound: 200,
                    deadline: None,
                    alive: None,
                },
            )
            .1
            .steps
        })
    });
    g.finish();
}

fn ic3_family(c: &mut Criterion) {
    let mut g = c.benchmark_group("ic3 on test-locks N (LBE transition system)");
    g.sample_size(10);
    for n in [2usize, 4, 8, 16] {
        let text = generate("test-locks", n, false).unwrap();
        let sbe = c_program(&text, "test_locks.c");
        let (cfa, _) = reduce(&sbe, LbeLevel::Full);
        let sys = build(&cfa, &BuildOptions::default()).unwrap();
        let (tsys, map) = Transys::from_bits(&sys);
        let model = Model::from_bits(&sys, &tsys, &map);
        let (o, s) = ic3(&model, &Ic3Options::default());
        assert!(matches!(o, Ic3Outcome::Safe(_)), "{o:?}");
        eprintln!(
            "test-locks {n}: {} state bits, {} frames, {} lemmas, {} SAT calls",
            sys.stats.state_bits, s.frames, s.lemmas, s.sat_calls
        );
        g.bench_with_input(BenchmarkId::from_parameter(n), &model, |b, m| {
            b.iter(|| ic3(m, &Ic3Options::default()).1.frames)
        });
    }
    g.finish();
}

criterion_group!(benches, blasting, bmc_steps, ic3_family);
criterion_main!(benches);
