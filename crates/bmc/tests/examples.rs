//! BMC on the example CFAs: right verdicts, and every FALSE trace executes on the CFA.

use bmc::{bmc, BmcOptions, BmcOutcome};
use cfa::{parse_cfa, StmtStore};
use logic::{TermStore, Z3};
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

#[test]
fn bmc_verdicts_on_example_cfas() {
    let cases = examples();
    assert!(cases.len() >= 15);
    let mut proved = 0;
    for (file, text, safe) in cases {
        let terms = Rc::new(TermStore::new());
        let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
        let z3 = Z3::new(terms.clone());
        let opts = BmcOptions {
            bound: 60,
            ..Default::default()
        };
        let (outcome, stats) = bmc(&cfa, &z3, &opts);
        match (&outcome, safe) {
            (BmcOutcome::Unsafe(cex), false) => {
                cex.check(&cfa).unwrap_or_else(|e| panic!("{file}: {e}"));
                assert!(cfa.is_error(cfa.edge(*cex.path.last().unwrap()).dst));
            }
            (BmcOutcome::Safe(_), true) => proved += 1,
            (BmcOutcome::Unknown(r), true) => {
                assert!(
                    cfa.reachable_part_has_cycle(),
                    "{file}: UNKNOWN ({r}) on an acyclic CFA"
                );
                assert_eq!(*r, logic::Stop::Bound("bound 60 reached".into()), "{file}");
            }
            _ => panic!("{file}: wrong verdict {outcome:?} ({stats:?})"),
        }
    }
    // Acyclic safe CFAs, and loops with constant bounds, are proved.
    assert!(proved >= 6, "only {proved} proved");
}

#[test]
fn shortest_counterexample_and_its_inputs() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/cfa");
    let text = std::fs::read_to_string(dir.join("count_up_unsafe.cfa")).unwrap();
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let z3 = Z3::new(terms);
    let (outcome, stats) = bmc(&cfa, &z3, &BmcOptions::default());
    let BmcOutcome::Unsafe(cex) = outcome else {
        panic!("{outcome:?}")
    };
    // init, then 7 rounds of (head -> body -> head), then head -> body -> err.
    assert_eq!(cex.path.len(), 1 + 7 * 2 + 2);
    assert_eq!(stats.bound as usize, cex.path.len());

    let text = std::fs::read_to_string(dir.join("havoc_unsafe.cfa")).unwrap();
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let z3 = Z3::new(terms);
    let (outcome, _) = bmc(&cfa, &z3, &BmcOptions::default());
    let BmcOutcome::Unsafe(cex) = outcome else {
        panic!("{outcome:?}")
    };
    let inputs = cex.inputs(&cfa);
    assert_eq!(inputs.len(), 1);
    assert_eq!(inputs[0].function, "__VERIFIER_nondet_int");
    assert_eq!(inputs[0].value, logic::Value::Bv(u32::MAX as u128, 32));
}

#[test]
fn without_completion_check_bounded_loops_stay_unknown() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/cfa");
    let text = std::fs::read_to_string(dir.join("count_up_safe.cfa")).unwrap();
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let z3 = Z3::new(terms);
    let opts = BmcOptions {
        bound: 30,
        check_completion: false,
        ..Default::default()
    };
    let (outcome, _) = bmc(&cfa, &z3, &opts);
    assert!(
        matches!(outcome, BmcOutcome::Unknown(ref r) if *r == logic::Stop::Bound("bound 30 reached".into())),
        "{outcome:?}"
    );
    let opts = BmcOptions {
        bound: 30,
        ..Default::default()
    };
    let (outcome, _) = bmc(&cfa, &z3, &opts);
    assert!(matches!(outcome, BmcOutcome::Safe(_)), "{outcome:?}");
}

#[test]
fn traces_reaching_a_location_end_there_and_agree_with_bmc() {
    // `bmc::reaching` (samples for invariant learning) on every example CFA: a trace to a
    // loop head ends there, one per (location, length) at most, shortest first; with the
    // error locations as targets it finds a trace exactly when BMC finds a counterexample
    // within the bound, and that trace executes as a counterexample does.
    let mut to_heads = 0;
    for (file, text, _) in examples() {
        let terms = Rc::new(TermStore::new());
        let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
        let z3 = Z3::new(terms.clone());
        let heads: Vec<_> = cfa
            .locations()
            .filter(|l| cfa.location(*l).loop_head)
            .collect();
        let traces = bmc::reaching(&cfa, &z3, &heads, 30, 8, None);
        let mut seen = std::collections::HashSet::new();
        let mut last = 0;
        for t in &traces {
            let end = cfa.edge(*t.path.last().unwrap()).dst;
            assert!(heads.contains(&end), "{file}: a trace ends off target");
            assert!(seen.insert((end, t.path.len())), "{file}: a repeated trace");
            assert!(t.path.len() >= last, "{file}: not shortest first");
            last = t.path.len();
        }
        assert!(traces.len() <= 8, "{file}");
        to_heads += traces.len();
        let errors: Vec<_> = cfa.error_locations().collect();
        let to_error = bmc::reaching(&cfa, &z3, &errors, 30, 1, None);
        let opts = BmcOptions {
            bound: 30,
            ..Default::default()
        };
        let unsafe_within = matches!(bmc(&cfa, &z3, &opts).0, BmcOutcome::Unsafe(_));
        assert_eq!(to_error.len(), unsafe_within as usize, "{file}");
        for t in &to_error {
            t.check(&cfa).unwrap_or_else(|e| panic!("{file}: {e}"));
        }
    }
    assert!(to_heads > 20, "only {to_heads} traces to loop heads");
}
