//! The bit-level engines on the example CFAs, on the single-block CFA and on every LBE
//! level: incremental-SAT BMC and IC3 give the verdicts of `examples/cfa/verdicts.txt`,
//! every counterexample is a path of the CFA that ends in an error location, every IC3
//! proof passes the certificate check, and a tampered invariant (no clauses, or one
//! clause dropped) fails it.

use cfa::{parse_cfa, reduce, Cfa, LbeLevel, StmtStore};
use logic::TermStore;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};
use ts::bmc::{sat_bmc, SatBmcOptions, SatBmcOutcome};
use ts::ic3::{certify, ic3, Ic3Options, Ic3Outcome, Model};
use ts::{build, BuildOptions, Transys};

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

/// A path must start at init, be connected and end in an error location.
fn check_path(cfa: &Cfa, path: &[cfa::EdgeId], what: &str) {
    assert!(!path.is_empty(), "{what}: empty path");
    let mut at = cfa.init();
    for e in path {
        assert_eq!(cfa.edge(*e).src, at, "{what}: path is not connected");
        at = cfa.edge(*e).dst;
    }
    assert!(cfa.is_error(at), "{what}: path does not end in an error");
}

#[test]
fn bit_level_engines_agree_with_the_expected_verdicts() {
    let mut decided = (0, 0);
    // Invariants with one clause dropped: (refuted by the certificate check, still proofs).
    let mut one_dropped = (0, 0);
    for (file, text, safe) in examples() {
        let terms = Rc::new(TermStore::new());
        let sbe = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
        for level in [
            LbeLevel::None,
            LbeLevel::Seq,
            LbeLevel::Full,
            LbeLevel::Advanced,
        ] {
            let (cfa, _) = reduce(&sbe, level);
            let what = format!("{file} ({})", level.name());
            let sys = match build(&cfa, &BuildOptions::default()) {
                Ok(s) => s,
                Err(e) => {
                    // Only mathematical integers are outside the bit-level encoding here.
                    assert!(file.starts_with("int_"), "{what}: {e}");
                    continue;
                }
            };
            let (tsys, map) = Transys::from_bits(&sys);
            let (o, _) = sat_bmc(
                &tsys,
                &SatBmcOptions {
                    bound: 40,
                    deadline: None,
                    alive: sys.alive_clause(&map),
                },
            );
            match (o, safe) {
                (SatBmcOutcome::Unsafe(trace), false) => {
                    let path = sys.edge_path(&sys.steps(&map, &trace)).expect("edges fire");
                    check_path(&cfa, &path, &what);
                    decided.0 += 1;
                }
                (SatBmcOutcome::Safe(_), true) => decided.0 += 1,
                (SatBmcOutcome::Unknown(_), true) => {}
                (o, _) => panic!("{what}: ts-bmc says {o:?}"),
            }
            let model = Model::from_bits(&sys, &tsys, &map);
            let opts = Ic3Options {
                deadline: Some(Instant::now() + Duration::from_secs(3)),
                ..Default::default()
            };
            let (o, stats) = ic3(&model, &opts);
            match (o, safe) {
                (Ic3Outcome::Unsafe(trace), false) => {
                    let steps = &trace.inputs[..trace.inputs.len() - 1];
                    let states = sys.run(&trace.states[0], steps);
                    let last = states.last().unwrap();
                    assert!(
                        sys.is_bad(last, &vec![false; sys.aig.inputs().len()]),
                        "{what}: the IC3 trace does not end in a bad state"
                    );
                    decided.1 += 1;
                }
                (Ic3Outcome::Safe(inv), true) => {
                    certify(&model, &inv, None)
                        .unwrap_or_else(|e| panic!("{what}: certificate: {e}"));
                    // Without its clauses nothing is proved (the error is reachable in
                    // the unconstrained state space of every example).
                    let everything = ts::ic3::Invariant { clauses: vec![] };
                    assert!(
                        certify(&model, &everything, None).is_err(),
                        "{what}: the trivial invariant passes"
                    );
                    // One clause dropped: refuted, unless that clause was redundant (the
                    // rest is then a proof of its own).
                    for i in 0..inv.clauses.len() {
                        let mut clauses = inv.clauses.clone();
                        clauses.remove(i);
                        match certify(&model, &ts::ic3::Invariant { clauses }, None) {
                            Err(_) => one_dropped.0 += 1,
                            Ok(()) => one_dropped.1 += 1,
                        }
                    }
                    decided.1 += 1;
                }
                // x <= n over 32-bit words (unbounded_safe) is beyond bit-level IC3 in
                // seconds — ABC's pdr does not find it in a minute either.
                (Ic3Outcome::Unknown(r), true) if file == "unbounded_safe.cfa" => {
                    assert_eq!(r, logic::Stop::Timeout);
                }
                (o, _) => panic!("{what}: IC3 says {o:?} ({stats:?})"),
            }
        }
    }
    assert!(decided.1 >= 70, "IC3 decided only {}", decided.1);
    assert!(
        one_dropped.0 >= 20,
        "invariants with one clause dropped: {} refuted, {} still proofs",
        one_dropped.0,
        one_dropped.1
    );
    assert!(decided.0 >= 60, "ts-bmc decided only {}", decided.0);
}
