//! Recursion by bounded inlining (`--recursion-depth`, deepened on demand): every engine
//! on the unfolded program, the instance budget as an honest UNKNOWN that names it, and the
//! evidence of both verdicts (FALSE replayed inside `verify`, TRUE certified; the violation
//! witness linted).

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

/// The `recursion_depth` statistic of a run.
fn depth_of(out: &str) -> Option<u32> {
    out.lines()
        .find(|l| l.trim_start().starts_with("recursion_depth"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
}

#[test]
fn engines_on_the_flat_cfa_inline_deeper_until_they_decide() {
    // 20 active calls: from depth 2, doubled at each call beyond it, to 32.
    for engine in ["cegar", "ic3"] {
        let o = boulder(&[
            "verify",
            &format!("{DIR}/sum_deep_safe.c"),
            "--engine",
            engine,
            "--timelimit",
            "60",
            "--stats",
        ]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            out.starts_with("Verification result: TRUE"),
            "{engine}: {out}"
        );
        assert_eq!(depth_of(&out), Some(32), "{engine}: {out}");
    }
    // A depth the user gives is where it starts.
    let o = boulder(&[
        "verify",
        &format!("{DIR}/sum_deep_safe.c"),
        "--engine",
        "cegar",
        "--recursion-depth",
        "20",
        "--timelimit",
        "60",
        "--stats",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("Verification result: TRUE"), "{out}");
    assert_eq!(depth_of(&out), Some(20), "{out}");
    // symex unwinds the recursion itself; so does the portfolio, whose first slot it is.
    assert_eq!(
        verdict("sum_deep_safe.c", &["--engine", "symex"]),
        "Verification result: TRUE"
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
