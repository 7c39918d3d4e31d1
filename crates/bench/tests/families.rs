//! The benchmark families: every program compiles with gcc, states its verdict, and BMC
//! confirms it for small N (unsafe: a FALSE that replays; safe: no FALSE within the bound).

use bench::families::{expected_verdict, generate, FamilySpec, FAMILIES};
use bmc::{bmc, BmcOptions, BmcOutcome};
use cfa::{reduce, Encoder, LbeLevel, SsaMap, StmtStore};
use cfront::{DataModel, Property, Source};
use logic::{TermStore, Z3};
use std::process::Command;
use std::rc::Rc;
use std::time::Duration;
use witness::CexFile;

#[test]
fn families_compile_and_bmc_confirms_their_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    for family in FAMILIES {
        for n in 1..=3 {
            for unsafe_variant in [false, true] {
                let text = generate(family, n, unsafe_variant).unwrap();
                assert_eq!(expected_verdict(&text), Some(!unsafe_variant));
                let path = dir.path().join(format!("{family}_{n}.c"));
                std::fs::write(&path, &text).unwrap();
                let gcc = Command::new("gcc")
                    .args(["-fsyntax-only", "-Wall", "-Werror", "-m32"])
                    .arg(&path)
                    .output()
                    .unwrap();
                assert!(
                    gcc.status.success(),
                    "{family} {n}: {}",
                    String::from_utf8_lossy(&gcc.stderr)
                );

                let source = Source::load(&path, DataModel::Ilp32).unwrap();
                let terms = Rc::new(TermStore::new());
                let t = cfront::translate(
                    &source,
                    Property::UnreachCall,
                    DataModel::Ilp32,
                    terms.clone(),
                    Rc::new(StmtStore::new()),
                )
                .unwrap();
                assert!(t.special.is_empty(), "{family} {n}: {:?}", t.special);
                let (cfa, _) = reduce(&t.cfa, LbeLevel::Full);
                let z3 = Z3::new(terms);
                let (outcome, _) = bmc(
                    &cfa,
                    &z3,
                    &BmcOptions {
                        bound: 25,
                        ..Default::default()
                    },
                );
                match (unsafe_variant, outcome) {
                    (true, BmcOutcome::Unsafe(cex)) => {
                        let file = CexFile::new(&cex, &cfa, "unreach-call", "ILP32", None);
                        let prog = cfront::replay_source(&source, &t.uninit_sites);
                        let r = witness::replay(&prog, &file, Duration::from_secs(10)).unwrap();
                        assert!(r.reproduced(), "{family} {n}: {r:?}");
                    }
                    (false, BmcOutcome::Unsafe(_)) => {
                        panic!("{family} {n}: FALSE on the safe variant")
                    }
                    (false, _) => {}
                    (true, other) => panic!("{family} {n} --unsafe: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn family_specs_parse() {
    let s = FamilySpec::parse("family:test-locks:1..3").unwrap();
    assert_eq!(s.sizes, vec![1, 2, 3]);
    assert!(!s.unsafe_variant);
    let s = FamilySpec::parse("family:exp-art:2,8:unsafe").unwrap();
    assert_eq!((s.sizes.clone(), s.unsafe_variant), (vec![2, 8], true));
    assert_eq!(s.programs()[1].0, "exp_art_8_unsafe");
    assert!(FamilySpec::parse("family:nope:1..2").is_err());
    assert!(FamilySpec::parse("family:test-locks:0..2").is_err());
    assert!(FamilySpec::parse("family:test-locks:a").is_err());
}

#[test]
fn the_lbe_cfa_of_test_locks_has_the_same_size_for_every_n() {
    let mut sizes = Vec::new();
    let mut formula_sizes = Vec::new();
    let mut built = Vec::new();
    for n in [1, 5, 15, 60] {
        let text = generate("test-locks", n, false).unwrap();
        let source = Source::from_text("t.c", &text);
        let t = cfront::translate(
            &source,
            Property::UnreachCall,
            DataModel::Ilp32,
            Rc::new(TermStore::new()),
            Rc::new(StmtStore::new()),
        )
        .unwrap();
        let before = t.cfa.stmts.len();
        let (cfa, _) = reduce(&t.cfa, LbeLevel::Full);
        sizes.push((cfa.num_locations(), cfa.num_edges()));
        // LBE's work shows in the statements it creates: linear in N when the chain of
        // checks is joined from its end (deepest sequence candidate first).
        built.push((n, cfa.stmts.len() - before));
        // The blocks' path formulas grow linearly with N: the error edge joins N checks,
        // each behind the unlock steps of the ones before it, and must share them (the
        // choice rule's prefix factoring) rather than encode them once per check.
        let terms = &t.cfa.terms;
        let formula_size: usize = cfa
            .edges()
            .map(|e| {
                let mut enc = Encoder::new(terms, &cfa.stmts);
                let (f, _) = enc.encode(cfa.edge(e).stmt, &mut SsaMap::new());
                terms.dag_size(f)
            })
            .sum();
        formula_sizes.push((n, formula_size));
    }
    assert!(sizes.windows(2).all(|w| w[0] == w[1]), "{sizes:?}");
    assert_eq!(sizes[0].0, 4);
    let (n0, s0) = formula_sizes[1];
    let (n1, s1) = formula_sizes[3];
    assert!(
        s1 * n0 <= 2 * s0 * n1,
        "path formulas grow faster than N: {formula_sizes:?}"
    );
    let (n0, b0) = built[1];
    let (n1, b1) = built[3];
    assert!(
        b1 * n0 <= 2 * b0 * n1,
        "LBE builds more than linearly many statements: {built:?}"
    );
}
