//! `boulder verify --engine cegar`: every option value reaches the implementation it
//! names. The statistics report which implementation actually ran (the engine fills them
//! in from the objects it used, not from the options), so each test can tell a wrongly
//! wired option from a right one.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn boulder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("boulder runs")
}

/// Runs `verify FILE --engine cegar --json EXTRA…` and returns the JSON object.
fn cegar_json(file: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["verify", file, "--engine", "cegar", "--json"];
    args.extend_from_slice(extra);
    let o = boulder(&args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not one JSON object ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

const SAFE_LOOP: &str = "examples/cfa/count_up_safe.cfa";
const UNSAFE_LOOP: &str = "examples/cfa/count_up_unsafe.cfa";

#[test]
fn block_operators_choose_the_abstraction_points() {
    // count_up has 5 single-block locations, one loop head; LBE keeps 4 (the location
    // between the loop exit test and the error check is summarised away), and so does
    // `l`, for another reason: `after` is not a loop head.
    let points = |block: &str| {
        let v = cegar_json(SAFE_LOOP, &["--block", block]);
        assert_eq!(v["verdict"], "TRUE", "--block {block}");
        assert_eq!(v["stats"]["cegar.block"], block);
        v["stats"]["cegar.abstraction_points"].as_u64().unwrap()
    };
    let sbe = points("sbe");
    let lbe = points("lbe");
    let l = points("l");
    let lf = points("lf");
    assert_eq!(sbe, 5);
    assert!(lbe < sbe, "lbe {lbe} < sbe {sbe}");
    // `l` keeps init, the loop head, and the error and exit locations only.
    assert_eq!(l, 4);
    assert!(lf >= l);
    // --lbe picks the level of the lbe block operator.
    let v = cegar_json(SAFE_LOOP, &["--block", "lbe", "--lbe", "none"]);
    assert_eq!(
        v["stats"]["cegar.abstraction_points"].as_u64().unwrap(),
        sbe
    );
}

#[test]
fn search_orders_reach_the_waitlist() {
    for order in ["bfs", "dfs", "rpo"] {
        let v = cegar_json(SAFE_LOOP, &["--search", order]);
        assert_eq!(v["verdict"], "TRUE", "--search {order}");
        assert_eq!(v["stats"]["cegar.search"], order);
    }
}

#[test]
fn abstraction_kinds_reach_the_abstractor() {
    for kind in ["boolean", "cartesian"] {
        let v = cegar_json(SAFE_LOOP, &["--abstraction", kind]);
        assert_eq!(v["verdict"], "TRUE", "--abstraction {kind}");
        assert_eq!(v["stats"]["cegar.abstraction"], kind);
    }
    // ALLSAT models are counted only by Boolean abstraction.
    let v = cegar_json(SAFE_LOOP, &["--abstraction", "cartesian"]);
    assert_eq!(v["stats"]["cegar.allsat_models"], 0);
    let v = cegar_json(SAFE_LOOP, &["--abstraction", "boolean"]);
    assert!(v["stats"]["cegar.allsat_models"].as_u64().unwrap() > 0);
}

#[test]
fn abstraction_solvers_reach_the_abstractor() {
    for (solver, kind) in [
        ("fresh", "boolean"),
        ("per-block", "boolean"),
        ("per-block", "cartesian"),
    ] {
        let v = cegar_json(
            SAFE_LOOP,
            &["--abstraction-solver", solver, "--abstraction", kind],
        );
        assert_eq!(
            v["verdict"], "TRUE",
            "--abstraction-solver {solver} ({kind})"
        );
        assert_eq!(v["stats"]["cegar.abstraction_solver"], solver);
    }
}

/// Each backend answers the abstractions' checks (its own statistics show it) and picks its
/// default solver lifetime.
#[test]
fn abstraction_backends_reach_the_abstractor() {
    for (backend, default_solver) in [("sat", "per-block"), ("z3", "fresh")] {
        let v = cegar_json(SAFE_LOOP, &["--abstraction-backend", backend]);
        assert_eq!(v["verdict"], "TRUE", "--abstraction-backend {backend}");
        assert_eq!(v["stats"]["cegar.abstraction_backend"], backend);
        assert_eq!(v["stats"]["cegar.abstraction_solver"], default_solver);
        let sat_checks = v["stats"]["cegar.sat.checks"].as_u64().unwrap_or(0);
        assert_eq!(
            sat_checks > 0,
            backend == "sat",
            "SAT checks with {backend}"
        );
    }
}

#[test]
fn refinement_kinds_reach_the_refiner() {
    for kind in ["wp", "sp"] {
        let v = cegar_json(SAFE_LOOP, &["--refine", kind]);
        assert_eq!(v["verdict"], "TRUE", "--refine {kind}");
        assert_eq!(v["stats"]["cegar.refine"], kind);
        // The methods that ran, per refinement: this loop needs no quantifier elimination,
        // so every refinement used the chosen kind.
        let methods = v["stats"]["cegar.refine_methods"].as_str().unwrap();
        assert!(methods.starts_with(kind), "--refine {kind}: {methods}");
    }
}

#[test]
fn split_strategies_reach_the_refiner() {
    for split in ["atomic", "none"] {
        let v = cegar_json(SAFE_LOOP, &["--split", split]);
        assert_eq!(v["verdict"], "TRUE", "--split {split}");
        assert_eq!(v["stats"]["cegar.split"], split);
    }
}

#[test]
fn precision_scopes_reach_the_precision() {
    let preds = |scope: &str| {
        let v = cegar_json(SAFE_LOOP, &["--precision", scope, "--block", "sbe"]);
        assert_eq!(v["verdict"], "TRUE", "--precision {scope}");
        assert_eq!(v["stats"]["cegar.precision"], scope);
        v["stats"]["cegar.max_predicates_per_location"]
            .as_u64()
            .unwrap()
    };
    let local = preds("location");
    let global = preds("global");
    // A global precision tracks every predicate everywhere.
    assert!(global >= local, "global {global} >= location {local}");
}

#[test]
fn certificate_is_checked_unless_switched_off() {
    let v = cegar_json(SAFE_LOOP, &[]);
    assert_eq!(v["stats"]["certificate"], "valid");
    let v = cegar_json(SAFE_LOOP, &["--certify"]);
    assert_eq!(v["stats"]["certificate"], "valid");
    let v = cegar_json(SAFE_LOOP, &["--no-certify"]);
    assert_eq!(v["verdict"], "TRUE");
    assert!(v["stats"].get("certificate").is_none());
}

#[test]
fn refinement_limit_ends_the_run_with_its_reason() {
    // count_up needs one refinement per loop iteration.
    let v = cegar_json(SAFE_LOOP, &["--max-refinements", "2"]);
    assert_eq!(v["verdict"], "UNKNOWN");
    assert_eq!(v["reason"], "refinement limit (2) reached");
}

#[test]
fn counterexamples_are_found_written_and_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let cex = dir.path().join("cex.json");
    let art = dir.path().join("art.dot");
    let o = boulder(&[
        "verify",
        UNSAFE_LOOP,
        "--engine",
        "cegar",
        "--cex",
        "--cex-out",
        cex.to_str().unwrap(),
        "--dot-art",
        art.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("Verification result: FALSE(unreach-call)\n"),
        "{out}"
    );
    assert!(cex.exists());
    let dot = std::fs::read_to_string(&art).unwrap();
    assert!(dot.starts_with("digraph art {"), "{dot}");
    assert!(dot.contains("color=red"), "the error state is drawn: {dot}");
}

#[test]
fn z3_solver_kinds_are_selectable() {
    for kind in ["smt", "combined"] {
        let v = cegar_json(SAFE_LOOP, &["--z3-solver", kind]);
        assert_eq!(v["verdict"], "TRUE", "--z3-solver {kind}");
        assert_eq!(v["stats"]["solver.kind"], kind);
    }
}

#[test]
fn the_portfolio_hands_over_to_bmc_when_cegar_gives_up() {
    // Cartesian abstraction cannot express the disjunctive invariant: CEGAR stops without
    // progress; the portfolio's other engines decide (every child reports how it ended).
    let mut args = vec![
        "verify",
        "examples/cfa/disjunctive_safe.cfa",
        "--engine",
        "portfolio",
        "--json",
    ];
    args.extend(["--block", "sbe", "--abstraction", "cartesian"]);
    let o = boulder(&args);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "TRUE", "{v}");
    let decided_by = v["stats"]["portfolio.decided_by"].as_str().unwrap();
    assert!(["bmc", "ic3", "symex"].contains(&decided_by), "{v}");
    // What the portfolio makes up for: CEGAR alone gives up there.
    let alone: Vec<&str> = args
        .iter()
        .map(|a| if *a == "portfolio" { "cegar" } else { *a })
        .collect();
    let o = boulder(&alone);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "UNKNOWN", "{v}");
    assert_eq!(v["reason"], "refinement made no progress", "{v}");
    // The default engine is the portfolio, and a FALSE from it is replayed like any.
    let o = boulder(&["verify", "examples/c/locks_unsafe.c", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "FALSE", "{v}");
    assert!(v["engine"].as_str().unwrap().starts_with("portfolio"));
    assert!(v["stats"]["replay"]
        .as_str()
        .unwrap()
        .starts_with("reproduced"));
    assert!(v["counterexample"]["inputs"].is_array(), "{v}");
}
