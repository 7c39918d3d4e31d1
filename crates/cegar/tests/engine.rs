//! The CEGAR engine end to end: every configuration on the example CFAs (never a wrong
//! verdict; every FALSE executes; every TRUE certified), and agreement with BMC on random
//! CFAs.

use bmc::{bmc, BmcOptions, BmcOutcome};
use cegar::{
    cegar, AbstractionKind, BlockOperator, CegarOptions, CegarOutcome, Certificate, PrecisionScope,
    RefineKind, SearchOrder, SplitKind,
};
use cfa::random::random_cfa;
use cfa::{parse_cfa, Cfa, LbeLevel, StmtStore};
use logic::{Sort, TermStore, Z3};
use proptest::prelude::*;
use std::path::PathBuf;
use std::rc::Rc;

fn examples() -> Vec<(String, String, bool)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/cfa");
    let list = std::fs::read_to_string(dir.join("verdicts.txt")).unwrap();
    list.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let file = it.next().unwrap().to_string();
            let verdict = it.next().unwrap() == "true";
            let text = std::fs::read_to_string(dir.join(&file)).unwrap();
            (file, text, verdict)
        })
        .collect()
}

/// Checks one run against the truth; returns whether it answered.
fn judge(what: &str, cfa_sbe: &Cfa, opts: &CegarOptions, z3: &Z3, safe: bool) -> bool {
    let run = cegar(cfa_sbe, z3, opts);
    match (&run.outcome, safe) {
        (CegarOutcome::Safe, true) => {
            if opts.certify {
                assert_eq!(run.stats.certificate, Some(Certificate::Valid), "{what}");
            }
            true
        }
        (CegarOutcome::Unsafe(cex), false) => {
            cex.check(&run.cfa)
                .unwrap_or_else(|e| panic!("{what}: counterexample does not execute: {e}"));
            true
        }
        (CegarOutcome::Unknown(_), _) => false,
        (o, _) => panic!("{what}: wrong verdict {o:?}"),
    }
}

#[test]
fn defaults_solve_every_example() {
    for (file, text, safe) in examples() {
        let terms = Rc::new(TermStore::new());
        let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
        let z3 = Z3::new(terms);
        assert!(
            judge(&file, &cfa, &CegarOptions::default(), &z3, safe),
            "{file}: no answer with the defaults"
        );
    }
}

#[test]
fn no_configuration_gives_a_wrong_verdict_on_the_examples() {
    let blocks = [
        BlockOperator::Lbe(LbeLevel::Full),
        BlockOperator::Lbe(LbeLevel::Advanced),
        BlockOperator::Sbe,
        BlockOperator::LoopHeads,
        BlockOperator::LoopHeadsAndFunctions,
    ];
    let mut answered = 0;
    let mut runs = 0;
    for (file, text, safe) in examples() {
        let terms = Rc::new(TermStore::new());
        let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
        let z3 = Z3::new(terms);
        for block in blocks {
            for abstraction in [AbstractionKind::Boolean, AbstractionKind::Cartesian] {
                for (search, refine, split, precision) in [
                    (
                        SearchOrder::Rpo,
                        RefineKind::Wp,
                        SplitKind::Atomic,
                        PrecisionScope::Location,
                    ),
                    (
                        SearchOrder::Bfs,
                        RefineKind::Sp,
                        SplitKind::None,
                        PrecisionScope::Global,
                    ),
                    (
                        SearchOrder::Dfs,
                        RefineKind::Wp,
                        SplitKind::None,
                        PrecisionScope::Location,
                    ),
                ] {
                    let opts = CegarOptions {
                        block,
                        abstraction,
                        search,
                        refine,
                        split,
                        precision,
                        max_refinements: 15,
                        ..Default::default()
                    };
                    runs += 1;
                    if judge(&format!("{file} {opts:?}"), &cfa, &opts, &z3, safe) {
                        answered += 1;
                    }
                }
            }
        }
    }
    // Cartesian abstraction may give up (no progress); most runs must still answer.
    assert!(
        answered * 10 >= runs * 8,
        "{answered} of {runs} runs answered"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// CEGAR never contradicts BMC: a TRUE (certified) of one and a FALSE of the other on
    /// the same random CFA would mean one of them is wrong.
    #[test]
    fn cegar_agrees_with_bmc_on_random_cfas(seed in any::<u64>(), n in 4usize..9) {
        let terms = Rc::new(TermStore::new());
        let vars = vec![terms.var("x", Sort::Bv(8)), terms.var("y", Sort::Bv(32)), terms.var("b", Sort::Bool)];
        let cfa = random_cfa(terms.clone(), Rc::new(StmtStore::new()), seed, n, 2, &vars, 1);
        let z3 = Z3::new(terms.clone());
        let (b, _) = bmc(&cfa, &z3, &BmcOptions { bound: 12, ..Default::default() });
        for block in [BlockOperator::Lbe(LbeLevel::Full), BlockOperator::Sbe] {
            let opts = CegarOptions { block, max_refinements: 40, ..Default::default() };
            let run = cegar(&cfa, &z3, &opts);
            match (&run.outcome, &b) {
                (CegarOutcome::Safe, BmcOutcome::Unsafe(_)) => prop_assert!(false, "CEGAR TRUE, BMC FALSE"),
                (CegarOutcome::Unsafe(_), BmcOutcome::Safe(_)) => prop_assert!(false, "CEGAR FALSE, BMC TRUE"),
                _ => {}
            }
            if let CegarOutcome::Unsafe(c) = &run.outcome {
                c.check(&run.cfa).map_err(TestCaseError::fail)?;
            }
            if matches!(run.outcome, CegarOutcome::Safe) {
                prop_assert_eq!(run.stats.certificate.clone(), Some(Certificate::Valid));
            }
        }
    }
}
