//! Recursion by bounded inlining (`--recursion-depth`): every engine on the unfolded
//! program, the bound as an honest UNKNOWN that names it, the portfolio raising it, and
//! the evidence of both verdicts (FALSE replayed inside `verify`, TRUE certified; the
//! violation witness linted).

mod support;

use support::{boulder, lint, verify_line};

const DIR: &str = "examples/c/recursion";

fn verdict(file: &str, extra: &[&str]) -> String {
    verify_line(&format!("{DIR}/{file}"), extra, "60")
}

#[test]
fn the_portfolio_decides_every_recursive_example() {
    for (file, want) in [
        ("fibo_safe.c", "TRUE"),
        ("fibo_unsafe.c", "FALSE(unreach-call)"),
        ("hanoi_safe.c", "TRUE"),
        ("hanoi_unsafe.c", "FALSE(unreach-call)"),
        ("sum_deep_safe.c", "TRUE"),
    ] {
        assert_eq!(
            verdict(file, &[]),
            format!("Verification result: {want}"),
            "{file}"
        );
    }
}

#[test]
fn every_engine_proves_the_unfolded_recursion() {
    for engine in ["bmc", "cegar", "kind", "ic3", "ts-bmc"] {
        for file in ["fibo_safe.c", "hanoi_safe.c"] {
            assert_eq!(
                verdict(file, &["--engine", engine]),
                "Verification result: TRUE",
                "{engine} on {file}"
            );
        }
    }
}

#[test]
fn a_bug_within_the_depth_is_false_with_a_replayed_counterexample() {
    for engine in ["cegar", "ic3", "ts-bmc"] {
        assert_eq!(
            verdict("fibo_unsafe.c", &["--engine", engine]),
            "Verification result: FALSE(unreach-call)",
            "{engine}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.graphml");
    let w = w.to_str().unwrap();
    assert_eq!(
        verdict("hanoi_unsafe.c", &["--engine", "ic3", "--witness", w]),
        "Verification result: FALSE(unreach-call)"
    );
    lint(&format!("{DIR}/hanoi_unsafe.c"), std::path::Path::new(w));
}

#[test]
fn the_depth_bound_is_an_unknown_that_names_it_until_raised() {
    let below = verdict("sum_deep_safe.c", &["--engine", "cegar"]);
    assert!(
        below.starts_with("Verification result: UNKNOWN")
            && below.contains("recursion deeper than 8 active calls of `sum`")
            && below.contains("--recursion-depth"),
        "{below}"
    );
    assert_eq!(
        verdict(
            "sum_deep_safe.c",
            &["--engine", "cegar", "--recursion-depth", "20"]
        ),
        "Verification result: TRUE"
    );
    // The portfolio raises the depth itself, and says which run decided.
    let o = boulder(&[
        "verify",
        &format!("{DIR}/sum_deep_safe.c"),
        "--timelimit",
        "60",
        "--stats",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("Verification result: TRUE"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.contains("portfolio.decided_by") && l.contains("recursion depth 32")),
        "{out}"
    );
}

#[test]
fn binary_recursion_stops_at_the_instance_budget() {
    // fibo unfolds into 2^depth instances: at depth 40 the budget stops it first, and the
    // CFA stays the size of about 4096 instances.
    let o = boulder(&[
        "cfa",
        &format!("{DIR}/fibo_safe.c"),
        "--recursion-depth",
        "40",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("recursion of `fibo` unfolding into more than 4096 instances"),
        "{out}"
    );
    let edges: usize = out
        .split_whitespace()
        .skip_while(|w| *w != "edges")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("an edge count");
    assert!(edges < 4096 * 20, "{edges} edges");
}
