//! BMC gives the same answers with and without LBE on random CFAs over domains too large
//! to enumerate: never TRUE on one and FALSE on the other, and a FALSE within the bound on
//! the single-block CFA is found on the large-block CFA too (its paths are shorter).

use bmc::{bmc, BmcOptions, BmcOutcome};
use cfa::random::random_cfa;
use cfa::{reduce, LbeLevel, StmtStore};
use logic::{Sort, TermStore, Z3};
use proptest::prelude::*;
use std::rc::Rc;

/// BMC on a random CFA and on its LBE reductions never disagree.
fn agree(seed: u64, n: usize) -> Result<(), TestCaseError> {
    let terms = Rc::new(TermStore::new());
    let vars = vec![
        terms.var("x", Sort::Bv(8)),
        terms.var("y", Sort::Bv(32)),
        terms.var("b", Sort::Bool),
    ];
    let cfa = random_cfa(
        terms.clone(),
        Rc::new(StmtStore::new()),
        seed,
        n,
        2,
        &vars,
        1,
    );
    let z3 = Z3::new(terms.clone());
    let opts = BmcOptions {
        bound: 12,
        ..Default::default()
    };
    let (sbe, _) = bmc(&cfa, &z3, &opts);
    for level in [LbeLevel::Full, LbeLevel::Advanced] {
        let (r, _) = reduce(&cfa, level);
        let (lbe, _) = bmc(&r, &z3, &opts);
        match (&sbe, &lbe) {
            (BmcOutcome::Safe(_), BmcOutcome::Unsafe(_))
            | (BmcOutcome::Unsafe(_), BmcOutcome::Safe(_)) => {
                prop_assert!(false, "{:?}: {:?} vs {:?}", level, sbe, lbe)
            }
            (BmcOutcome::Unsafe(_), BmcOutcome::Unknown(r)) => {
                prop_assert!(false, "{:?}: SBE FALSE, LBE {}", level, r)
            }
            _ => {}
        }
        if let BmcOutcome::Unsafe(c) = &lbe {
            c.check(&r).map_err(TestCaseError::fail)?;
        }
    }
    Ok(())
}

// Two properties of 20 cases each rather than one of 40: `cargo test` runs the tests of a
// binary on all cores, and these cases take seconds each in a debug build.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn bmc_agrees_with_and_without_lbe(seed in any::<u64>(), n in 4usize..10) {
        agree(seed, n)?;
    }

    #[test]
    fn bmc_agrees_with_and_without_lbe_more(seed in any::<u64>(), n in 4usize..10) {
        agree(seed, n)?;
    }
}
