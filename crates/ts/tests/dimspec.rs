//! DimSpec: hand-written files from the format's description solve as they should, every
//! system Boulder writes reads back identically (same sections, same counts, same
//! verdicts), and malformed files are rejected with a line number.

use cfa::{parse_cfa, reduce, LbeLevel, StmtStore};
use logic::TermStore;
use std::path::PathBuf;
use std::rc::Rc;
use ts::bmc::{sat_bmc, SatBmcOptions, SatBmcOutcome};
use ts::ic3::{certify, ic3, Ic3Options, Ic3Outcome, Model};
use ts::{build, dimspec, BuildOptions, Transys};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(name: &str) -> Transys {
    let text = std::fs::read_to_string(root().join("examples/dimspec").join(name)).unwrap();
    dimspec::read(&text).unwrap()
}

#[test]
fn hand_written_files_solve() {
    let reach = read("counter_reaches_3.dimspec");
    assert_eq!((reach.n, reach.trans.len()), (2, 6));
    assert_eq!(reach.latches, vec![1, 2]);
    let opts = SatBmcOptions {
        bound: 10,
        deadline: None,
        alive: None,
    };
    match sat_bmc(&reach, &opts).0 {
        SatBmcOutcome::Unsafe(t) => assert_eq!(t.steps.len(), 4, "shortest path: 3 steps"),
        o => panic!("{o:?}"),
    }
    let m = Model::from_transys(&reach);
    match ic3(&m, &Ic3Options::default()).0 {
        Ic3Outcome::Unsafe(t) => assert_eq!(t.states.len(), 4),
        o => panic!("{o:?}"),
    }
    let safe = read("counter_saturates.dimspec");
    assert!(matches!(sat_bmc(&safe, &opts).0, SatBmcOutcome::Unknown(_)));
    let m = Model::from_transys(&safe);
    match ic3(&m, &Ic3Options::default()).0 {
        Ic3Outcome::Safe(inv) => certify(&m, &inv, None).unwrap(),
        o => panic!("{o:?}"),
    }
}

#[test]
fn a_general_initial_condition_is_carried_by_a_first_step_variable() {
    // I is not a cube (x0 ∨ x1): the IC3 model adds a state variable for it.
    let text = "i cnf 2 1\n1 2 0\nu cnf 2 0\ng cnf 2 2\n-1 0\n-2 0\nt cnf 4 2\n-1 3 0\n-2 4 0\n";
    let ts = dimspec::read(text).unwrap();
    let m = Model::from_transys(&ts);
    assert_eq!(m.latches.len(), 3);
    match ic3(&m, &Ic3Options::default()).0 {
        Ic3Outcome::Safe(inv) => certify(&m, &inv, None).unwrap(),
        o => panic!("{o:?}"),
    }
    // The goal 00 is excluded by I and kept out by T (x ⇒ x'): safe; with T free, not.
    let text = "i cnf 2 1\n1 2 0\nu cnf 2 0\ng cnf 2 2\n-1 0\n-2 0\nt cnf 4 0\n";
    let ts = dimspec::read(text).unwrap();
    let m = Model::from_transys(&ts);
    assert!(matches!(
        ic3(&m, &Ic3Options::default()).0,
        Ic3Outcome::Unsafe(_)
    ));
}

#[test]
fn written_systems_read_back_identically() {
    let dir = root().join("examples/cfa");
    let list = std::fs::read_to_string(dir.join("verdicts.txt")).unwrap();
    let mut round_trips = 0;
    for line in list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let file = line.split_whitespace().next().unwrap();
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let terms = Rc::new(TermStore::new());
        let sbe = parse_cfa(&text, terms, Rc::new(StmtStore::new())).unwrap();
        for level in [LbeLevel::None, LbeLevel::Full] {
            let (cfa, _) = reduce(&sbe, level);
            let Ok(sys) = build(&cfa, &BuildOptions::default()) else {
                continue;
            };
            let (ts, _) = Transys::from_bits(&sys);
            let written = dimspec::write(&ts, &[file.to_string()]);
            let back = dimspec::read(&written).unwrap();
            assert_eq!(back, ts, "{file}");
            let opts = SatBmcOptions {
                bound: 12,
                deadline: None,
                alive: None,
            };
            let a = matches!(sat_bmc(&ts, &opts).0, SatBmcOutcome::Unsafe(_));
            let b = matches!(sat_bmc(&back, &opts).0, SatBmcOutcome::Unsafe(_));
            assert_eq!(a, b, "{file}");
            round_trips += 1;
        }
    }
    assert!(round_trips >= 36);
}

#[test]
fn malformed_files_are_rejected_with_their_line() {
    for (text, line) in [
        ("i cnf 2 1\n1 3 0\n", 2),
        ("i cnf 2 2\n1 0\nu cnf 2 0\n", 3),
        ("1 2 0\n", 1),
        ("i cnf 2 0\nu cnf 2 0\ng cnf 2 0\nt cnf 3 0\n", 4),
        ("i cnf 2 1\n1 x 0\n", 2),
    ] {
        let e = dimspec::read(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
    }
    assert!(dimspec::read("i cnf 2 0\nu cnf 2 0\ng cnf 2 0\n").is_err());
}
