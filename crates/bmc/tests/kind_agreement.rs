//! k-induction never contradicts BMC on random CFAs (SBE and LBE): a TRUE of k-induction
//! where BMC finds a bug, or a FALSE where BMC proves safety, fails the test; its
//! counterexamples execute on the CFA; and on some CFAs it proves what BMC cannot (the
//! test counts them, so that it cannot pass by answering UNKNOWN everywhere).

use bmc::{bmc, kind, BmcOptions, BmcOutcome, KindOptions};
use cfa::random::random_cfa;
use cfa::{reduce, LbeLevel, StmtStore};
use logic::{Sort, TermStore, Z3};
use std::rc::Rc;

#[test]
fn kind_agrees_with_bmc_on_random_cfas() {
    let mut proved = 0;
    let mut refuted = 0;
    for seed in 0..150u64 {
        let terms = Rc::new(TermStore::new());
        let vars = vec![
            terms.var("x", Sort::Bv(4)),
            terms.var("y", Sort::Bv(8)),
            terms.var("b", Sort::Bool),
        ];
        let sbe = random_cfa(
            terms.clone(),
            Rc::new(StmtStore::new()),
            seed,
            3 + (seed % 6) as usize,
            2,
            &vars,
            1,
        );
        let z3 = Z3::new(terms.clone());
        let (truth, _) = bmc(
            &sbe,
            &z3,
            &BmcOptions {
                bound: 40,
                ..Default::default()
            },
        );
        for level in [LbeLevel::None, LbeLevel::Full] {
            let (cfa, _) = reduce(&sbe, level);
            let (k, _) = kind(
                &cfa,
                &z3,
                &z3,
                &KindOptions {
                    max_k: 8,
                    deadline: None,
                },
            );
            match (&truth, &k) {
                (BmcOutcome::Unsafe(_), BmcOutcome::Safe(why)) => {
                    panic!("seed {seed} {level:?}: k-induction TRUE ({why}), BMC FALSE")
                }
                (BmcOutcome::Safe(_), BmcOutcome::Unsafe(_)) => {
                    panic!("seed {seed} {level:?}: k-induction FALSE, BMC TRUE")
                }
                _ => {}
            }
            match &k {
                BmcOutcome::Unsafe(c) => {
                    c.check(&cfa).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                    refuted += 1;
                }
                BmcOutcome::Safe(_) => proved += 1,
                BmcOutcome::Unknown(_) => {}
            }
        }
    }
    assert!(
        proved > 10 && refuted > 10,
        "proved {proved}, refuted {refuted}"
    );
}
