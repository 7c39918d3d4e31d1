//! The symbolic-execution BMC (`--engine symex`) and the procedural CFA from the command
//! line: every program of `examples/c/symex` (recursion on constants, a tree built by
//! recursion with malloc, non-linear loops, many functions) gets the verdict its name
//! says from symex and from the default portfolio, with every FALSE replayed; a program
//! whose inlining would explode ends within its time limit with every engine; the
//! procedural CFA prints and reads back.

mod support;

use std::time::{Duration, Instant};
use support::{boulder, first_line, verify_line};

const DIR: &str = "examples/c/symex";

/// The programs of `DIR` with the verdict line their names promise.
fn programs() -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = std::fs::read_dir(support::root().join(DIR))
        .expect("examples/c/symex")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c"))
        .map(|n| {
            let want = if n.ends_with("_unsafe.c") {
                "Verification result: FALSE(unreach-call)"
            } else {
                "Verification result: TRUE"
            };
            (n, want)
        })
        .collect();
    out.sort();
    assert!(out.len() >= 20, "{out:?}");
    out
}

#[test]
fn symex_decides_every_example() {
    for (file, want) in programs() {
        let path = format!("{DIR}/{file}");
        assert_eq!(
            verify_line(&path, &["--engine", "symex"], "60"),
            want,
            "{file}"
        );
    }
}

#[test]
fn the_portfolio_decides_every_example() {
    for (file, want) in programs() {
        let path = format!("{DIR}/{file}");
        assert_eq!(verify_line(&path, &[], "60"), want, "{file}");
    }
}

#[test]
fn both_back_ends_of_symex_agree() {
    for (file, want) in programs() {
        let path = format!("{DIR}/{file}");
        let line = verify_line(&path, &["--engine", "symex", "--symex-backend", "z3"], "60");
        assert_eq!(line, want, "{file}");
    }
}

#[test]
fn a_run_whose_inlining_would_explode_ends_within_its_time_limit() {
    // 2^24 instances if inlined: the engines on the flat CFA meet the inliner's size limit
    // or the time limit; symex (and so the portfolio) computes the calls on constants.
    let path = format!("{DIR}/inline_explosion_unsafe.c");
    for engine in ["cegar", "ic3", "kind", "portfolio"] {
        let started = Instant::now();
        let o = boulder(&["verify", &path, "--engine", engine, "--timelimit", "4"]);
        let took = started.elapsed();
        assert!(
            took < Duration::from_secs(5),
            "{engine}: {took:?}, {}",
            first_line(&o)
        );
        let line = first_line(&o);
        assert!(
            line == "Verification result: FALSE(unreach-call)"
                || line.starts_with("Verification result: UNKNOWN"),
            "{engine}: {line}"
        );
    }
}

#[test]
fn statistics_name_the_bound_and_the_summaries() {
    let o = boulder(&[
        "verify",
        &format!("{DIR}/fibo_25_unsafe.c"),
        "--engine",
        "symex",
        "--stats",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("Verification result: FALSE(unreach-call)"),
        "{out}"
    );
    // fibo(25) is 242,785 calls; each distinct one is executed once.
    let stat = |name: &str| -> u64 {
        out.lines()
            .find(|l| l.trim_start().starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {out}"))
    };
    assert!(stat("symex.activations") < 100, "{out}");
    assert!(stat("symex.summaries") > 0, "{out}");
    assert!(out.contains("reproduced"), "{out}");
}

/// The portfolio's first slot is symex in a forked copy of the parent: its verdict comes
/// with symex's statistics and the parent's load time, it is replayed and witnessed like
/// any child's, and the engines raced after its head start (50 ms) are not started when
/// it decides well within it (a few milliseconds here, unless the machine is loaded).
#[test]
fn the_portfolio_forks_symex_first_and_keeps_its_report() {
    let dir = tempfile::tempdir().unwrap();
    let witness = dir.path().join("w.graphml");
    let o = boulder(&[
        "verify",
        &format!("{DIR}/fibo_10_unsafe.c"),
        "--json",
        "--witness",
        witness.to_str().unwrap(),
        "--timelimit",
        "60",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&o.stdout));
    });
    assert_eq!(v["verdict"], "FALSE", "{v}");
    let stats = &v["stats"];
    assert_eq!(stats["portfolio.decided_by"], "symex", "{v}");
    assert!(stats["symex.bound"].as_u64().is_some(), "{v}");
    assert!(stats["time.parse"].as_f64().is_some(), "{v}");
    assert!(
        stats["replay"]
            .as_str()
            .unwrap_or("")
            .starts_with("reproduced"),
        "{v}"
    );
    let took: f64 = stats["portfolio.symex"]
        .as_str()
        .and_then(|s| s.strip_prefix("FALSE after "))
        .and_then(|s| s.strip_suffix(" s"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("symex's line: {v}"));
    if took < 0.03 {
        assert_eq!(stats["portfolio.cegar"], "not started", "{v}");
        assert_eq!(stats["portfolio.ic3"], "not started", "{v}");
    }
    support::lint(&format!("{DIR}/fibo_10_unsafe.c"), &witness);
}

/// The intervals symex learns from `__VERIFIER_assume(x >= 0 && x < 10)` decide every
/// `x > 1000 + i` of the 500 calls: no branch is taken both ways, so nothing is merged.
#[test]
fn assumed_bounds_decide_the_branches_of_every_call() {
    let o = boulder(&[
        "verify",
        &format!("{DIR}/many_functions_unsafe.c"),
        "--engine",
        "symex",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["verdict"], "FALSE", "{v}");
    assert_eq!(v["stats"]["symex.activations"], 501, "{v}");
    assert_eq!(v["stats"]["symex.merges"], 0, "{v}");
}

#[test]
fn the_procedural_cfa_prints_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let o = boulder(&[
        "cfa",
        &format!("{DIR}/mutual_unsafe.c"),
        "--procedural",
        "--print",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(text.contains("function is_even entry"), "{text}");
    assert!(text.contains("call is_odd("), "{text}");
    let file = dir.path().join("mutual.cfa");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();
    // The text is a program for every engine: symex on it, CEGAR on its inlining.
    for engine in ["symex", "cegar"] {
        assert_eq!(
            verify_line(path, &["--engine", engine], "60"),
            "Verification result: FALSE(unreach-call)",
            "{engine}"
        );
    }
    // Read back and printed again, the program is the same text (the summary, a comment,
    // names the file).
    let o = boulder(&["cfa", path, "--procedural", "--print"]);
    let body = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    assert_eq!(body(&String::from_utf8_lossy(&o.stdout)), body(&text));
    // And the size of both: the procedural CFA has each body once.
    let o = boulder(&["cfa", &format!("{DIR}/many_functions_safe.c"), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["procedural"]["functions"], 51);
    assert_eq!(v["procedural"]["calls"], 501);
    let flat = v["locations"].as_u64().unwrap();
    let procedural = v["procedural"]["locations"].as_u64().unwrap();
    assert!(flat > 3 * procedural, "{v}");
}
