//! The CI gate (issue "bench", point 7): a quick subset of the public corpus, vendored in
//! `tests/corpus`, run through `boulder bench` with each engine. Any wrong verdict fails —
//! the bench replays every FALSE itself and counts a TRUE with an invalid certificate as
//! wrong — and so does the default engine deciding fewer tasks than it is known to (a gate
//! that everything passes by answering UNKNOWN would be no gate).

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs the bench on the gate corpus; returns the records.
fn gate(config: &str, timelimit: &str) -> Vec<serde_json::Value> {
    let out = tempfile::tempdir().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args([
            "bench",
            "tests/corpus/manifest.csv",
            "--config",
            config,
            "--timelimit",
            timelimit,
            "--jobs",
            "2",
            "--fail-on-wrong",
            "--out",
        ])
        .arg(out.path())
        .current_dir(root())
        .output()
        .expect("boulder runs");
    let summary = String::from_utf8_lossy(&o.stdout);
    println!("{config}:\n{summary}");
    assert!(
        o.status.success(),
        "{config}: {summary}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read_to_string(out.path().join("records.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn correct(records: &[serde_json::Value]) -> usize {
    records.iter().filter(|r| r["status"] == "correct").count()
}

#[test]
fn cegar_decides_the_gate_corpus_without_a_wrong_verdict() {
    let records = gate("--engine cegar", "20");
    assert_eq!(records.len(), 57);
    for r in &records {
        if r["verdict"] == "TRUE" {
            assert_eq!(r["certificate"], "valid", "{r}");
        }
        if r["verdict"] == "FALSE" {
            assert!(
                r["replay"].as_str().unwrap().starts_with("reproduced"),
                "{r}"
            );
        }
    }
    // Every task of the gate was chosen because the default configuration decides it
    // in a release build within 1.5 s; allow a few misses for a slow debug build.
    assert!(correct(&records) >= 54, "{} correct", correct(&records));
}

#[test]
fn bmc_gives_no_wrong_verdict_on_the_gate_corpus() {
    let records = gate("--engine bmc --bound 40", "10");
    assert_eq!(records.len(), 57);
    assert!(correct(&records) >= 45, "{} correct", correct(&records));
}

#[test]
fn ic3_gives_no_wrong_verdict_on_the_gate_corpus() {
    let records = gate("--engine ic3", "10");
    assert_eq!(records.len(), 57);
    for r in &records {
        if r["verdict"] == "TRUE" {
            assert_eq!(r["certificate"], "valid", "{r}");
        }
    }
    assert!(correct(&records) >= 50, "{} correct", correct(&records));
}

#[test]
fn the_default_portfolio_decides_the_gate_corpus() {
    let records = gate("", "20");
    assert_eq!(records.len(), 57);
    for r in &records {
        // A TRUE of CEGAR or IC3 comes with its checked certificate (that of BMC, ts-bmc
        // and symex is the completeness of their unrolling).
        let by = r["stats"]["portfolio.decided_by"].as_str().unwrap_or("");
        if r["verdict"] == "TRUE" && !["bmc", "ts-bmc", "symex"].contains(&by) {
            assert_eq!(r["certificate"], "valid", "{r}");
        }
    }
    assert!(correct(&records) >= 55, "{} correct", correct(&records));
}
