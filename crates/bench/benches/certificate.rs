//! The certificate check of a TRUE on a fixed ART: CEGAR proves a driver task once (outside
//! the measurement), and the certificate it checked — each abstraction point's disjuncts
//! with the ART's successor hints — is checked again on the single-block CFA, as
//! `cegar::certificate::check_points` does at the end of every run. Both backends of
//! `--abstraction-backend`: fresh Z3 solvers (`z3`), and fresh bit-blasting solvers raced
//! against Z3 (`sat`, the default). A third measurement drops the hints (each point one
//! formula), the check before the certificate was split per ART node.

use cegar::certificate::{check_points, Certificate, PointFormula};
use cegar::{cegar_with, CegarOptions, CegarOutcome};
use cfa::StmtStore;
use cfront::{DataModel, Property, Source};
use criterion::{criterion_group, criterion_main, Criterion};
use logic::{SolverFactory, TermStore, Z3};
use std::path::Path;
use std::rc::Rc;
use ts::blast_solver::BlastSolverFactory;

const TASK: &str = "sv-benchmarks/c/ntdrivers-simplified/floppy_simpl3_true-unreach-call_true-valid-memsafety_true-termination.cil.c";

fn certificate(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(TASK);
    let source = Source::load(&path, DataModel::Ilp32).unwrap();
    let terms = Rc::new(TermStore::new());
    let sbe = cfront::translate(
        &source,
        Property::UnreachCall,
        DataModel::Ilp32,
        terms.clone(),
        Rc::new(StmtStore::new()),
    )
    .unwrap()
    .cfa;
    let z3 = Z3::new(terms.clone());
    let sat = BlastSolverFactory::new(terms.clone(), Rc::new(z3.clone()));
    let run = cegar_with(&sbe, &z3, &sat, &CegarOptions::default());
    assert!(
        matches!(run.outcome, CegarOutcome::Safe),
        "{:?}",
        run.outcome
    );
    let points = run.certificate_points.expect("a certified TRUE");
    let whole: Vec<Option<PointFormula>> = points
        .iter()
        .map(|p| p.as_ref().map(|p| PointFormula::whole(p.formula(&terms))))
        .collect();
    let disjuncts: usize = points.iter().flatten().map(|p| p.disjuncts.len()).sum();
    let mut g = c.benchmark_group(format!(
        "certificate of floppy_simpl3 ({} points, {disjuncts} disjuncts)",
        points.iter().flatten().count()
    ));
    g.sample_size(10);
    let backends: [(&str, &dyn SolverFactory); 2] = [("z3", &z3), ("sat", &sat)];
    for (name, solvers) in backends {
        g.bench_function(format!("{name}/per node"), |b| {
            b.iter(|| assert_eq!(check_points(&sbe, &points, solvers).0, Certificate::Valid))
        });
    }
    g.bench_function("sat/per point, no hints", |b| {
        b.iter(|| assert_eq!(check_points(&sbe, &whole, &sat).0, Certificate::Valid))
    });
    g.finish();
}

criterion_group!(benches, certificate);
criterion_main!(benches);
