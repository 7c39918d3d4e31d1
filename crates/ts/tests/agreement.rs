//! The bit-level engines against the SMT engines on random CFAs: incremental-SAT BMC and
//! IC3, on transition systems built from the single-block and the large-block CFA, never
//! contradict SMT BMC; their counterexamples are paths that Z3 finds feasible (and that
//! execute on the CFA), and IC3's proofs pass the certificate check and hold, read per
//! location over the program's variables, in every state a run reaches there. Random
//! simulation reaches only violations SMT BMC does not refute, and its traces concretize
//! window by window (one edge at a time) into counterexamples that execute.

use bmc::{bmc as smt_bmc, BmcOptions as SmtOptions, BmcOutcome as SmtOutcome};
use cfa::random::random_cfa;
use cfa::{reduce, LbeLevel, LocationKind, StmtStore};
use logic::{Sort, TermStore, Z3};
use proptest::prelude::*;
use std::rc::Rc;
use std::time::{Duration, Instant};
use ts::bmc::{sat_bmc, SatBmcOptions, SatBmcOutcome};
use ts::ic3::{certify, ic3, Ic3Options, Ic3Outcome, Model};
use ts::sim::{simulate, SimOptions, SimOutcome};
use ts::system::Step;
use ts::{build, BuildOptions, Transys};

/// A random CFA over a 4-bit, an 8-bit and a Boolean variable, and what SMT BMC says of
/// it within 25 edges.
fn random_program(seed: u64, n: usize) -> (Rc<TermStore>, cfa::Cfa, Z3, SmtOutcome) {
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
        n,
        2,
        &vars,
        1,
    );
    let z3 = Z3::new(terms.clone());
    let (truth, _) = smt_bmc(
        &sbe,
        &z3,
        &SmtOptions {
            bound: 25,
            ..Default::default()
        },
    );
    (terms, sbe, z3, truth)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn bit_level_engines_agree_with_smt_bmc(seed in any::<u64>(), n in 3usize..8) {
        let (terms, sbe, z3, truth) = random_program(seed, n);
        for level in [LbeLevel::None, LbeLevel::Full] {
            let (cfa, _) = reduce(&sbe, level);
            let sys = build(&cfa, &BuildOptions::default()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let (tsys, map) = Transys::from_bits(&sys);
            let (o, _) = sat_bmc(&tsys, &SatBmcOptions { bound: 25, deadline: None, alive: sys.alive_clause(&map) });
            let ts_unsafe = match &o {
                SatBmcOutcome::Unsafe(trace) => {
                    let path = sys.edge_path(&sys.steps(&map, trace)).expect("an edge per step");
                    let cex = witness::concretize(&cfa, &path, &z3).unwrap();
                    let cex = cex.expect("the bit-level path is feasible");
                    cex.check(&cfa).map_err(TestCaseError::fail)?;
                    Some(true)
                }
                SatBmcOutcome::Safe(_) => Some(false),
                SatBmcOutcome::Unknown(_) => None,
            };
            match (&truth, ts_unsafe) {
                (SmtOutcome::Unsafe(_), Some(false)) => prop_assert!(false, "ts-bmc TRUE, SMT BMC FALSE ({})", level.name()),
                (SmtOutcome::Safe(_), Some(true)) => prop_assert!(false, "ts-bmc FALSE, SMT BMC TRUE ({})", level.name()),
                _ => {}
            }
            let model = Model::from_bits(&sys, &tsys, &map);
            let opts = Ic3Options { deadline: Some(Instant::now() + Duration::from_secs(5)), ..Default::default() };
            let (o, _) = ic3(&model, &opts);
            match o {
                Ic3Outcome::Safe(inv) => {
                    certify(&model, &inv, None).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    // What the invariant says per location (a correctness witness's
                    // content) holds in every state the CFA reaches there: an edge to the
                    // error location under its negation keeps SMT BMC from a violation.
                    let formulas = ts::invariant::location_formulas(&sys, &map, &inv, &cfa);
                    if let Some(err) = cfa.error_locations().next() {
                        let mut claims = cfa.clone();
                        for l in cfa.locations().filter(|l| cfa.kind(*l) != LocationKind::Error) {
                            if let Some(Some(f)) = formulas.get(l.index()) {
                                let s = claims.stmts.assume(terms.not(*f), None);
                                claims.add_edge(l, err, s);
                            }
                        }
                        let (o, _) = smt_bmc(&claims, &z3, &SmtOptions { bound: 25, ..Default::default() });
                        prop_assert!(!matches!(o, SmtOutcome::Unsafe(_)),
                            "IC3's invariant claims at a location what a run there falsifies ({})", level.name());
                    }
                    prop_assert!(!matches!(truth, SmtOutcome::Unsafe(_)), "IC3 TRUE, SMT BMC FALSE ({})", level.name());
                    prop_assert!(ts_unsafe != Some(true), "IC3 TRUE, ts-bmc FALSE");
                }
                Ic3Outcome::Unsafe(trace) => {
                    prop_assert!(!matches!(truth, SmtOutcome::Safe(_)), "IC3 FALSE, SMT BMC TRUE ({})", level.name());
                    let inputs = &trace.inputs[..trace.inputs.len() - 1];
                    let states = sys.run(&trace.states[0], inputs);
                    let steps: Vec<Step> = states.into_iter().zip(&trace.inputs)
                        .map(|(latches, i)| Step { latches, inputs: i.clone() }).collect();
                    let path = sys.edge_path(&steps).expect("an edge per step");
                    let cex = witness::concretize(&cfa, &path, &z3).unwrap();
                    let cex = cex.expect("IC3's path is feasible");
                    cex.check(&cfa).map_err(TestCaseError::fail)?;
                }
                Ic3Outcome::Unknown(_) => {}
            }
        }
    }

    #[test]
    fn random_simulation_finds_only_violations_that_concretize(seed in any::<u64>(), n in 3usize..8) {
        let (terms, sbe, z3, truth) = random_program(seed, n);
        for level in [LbeLevel::None, LbeLevel::Full] {
            let (cfa, _) = reduce(&sbe, level);
            let sys = build(&cfa, &BuildOptions::default()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let opts = SimOptions { max_rounds: 3, first_round_steps: 32, seed, ..Default::default() };
            let (o, stats) = simulate(&sys, &opts);
            prop_assert!(stats.steps > 0);
            if let SimOutcome::Unsafe(steps) = o {
                prop_assert!(!matches!(truth, SmtOutcome::Safe(_)), "sim FALSE, SMT BMC TRUE ({})", level.name());
                let last = steps.last().expect("a step");
                prop_assert!(sys.is_bad(&last.latches, &last.inputs));
                let path = sys.edge_path(&steps).expect("an edge per step");
                let waypoint = |j: usize| sys.known_values(&terms, &steps[j].latches);
                let cex = witness::concretize_in_windows(&cfa, &path, &z3, 1, &waypoint)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?
                    .expect("the simulated path is feasible");
                cex.check(&cfa).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cex.path, path);
            }
        }
    }
}
