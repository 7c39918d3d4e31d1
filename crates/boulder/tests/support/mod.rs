//! What the command-line tests share: running the built `boulder` from the repository
//! root, its verdict line, and sv-witnesses' linter. (Each test file uses a part.)
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn boulder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("boulder runs")
}

/// The first line of standard output; without one, what happened instead (exit status
/// and the end of standard error), so that a failing assertion says why.
pub fn first_line(o: &Output) -> String {
    match String::from_utf8_lossy(&o.stdout).lines().next() {
        Some(l) => l.to_string(),
        None => {
            let err = String::from_utf8_lossy(&o.stderr);
            let tail: Vec<&str> = err.lines().rev().take(8).collect();
            format!(
                "(no output; {}; stderr ends: {})",
                o.status,
                tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
            )
        }
    }
}

/// The verdict line of `boulder verify PATH --timelimit SECONDS EXTRA…`, which must exit
/// successfully.
pub fn verify_line(path: &str, extra: &[&str], seconds: &str) -> String {
    let mut args = vec!["verify", path, "--timelimit", seconds];
    args.extend_from_slice(extra);
    let o = boulder(&args);
    assert!(
        o.status.success(),
        "{path} {extra:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    first_line(&o)
}

/// Asserts that sv-witnesses' `witnesslint` (installed by `setup.sh`) accepts `witness`.
pub fn lint(program: &str, witness: &Path) {
    let python = root().join(".venv/witnesslint/bin/python");
    assert!(
        python.exists(),
        "witnesslint's environment is missing: run ./setup.sh"
    );
    let o = Command::new(python)
        .arg(root().join("../shared/tools/witnesslint/witnesslinter.py"))
        .arg("--witness")
        .arg(witness)
        .arg(program)
        .current_dir(root())
        .output()
        .expect("witnesslint runs");
    assert!(
        o.status.success(),
        "witnesslint rejects the witness of {program}:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        std::fs::read_to_string(witness).unwrap_or_default()
    );
}

/// Every example `(file, verdict)` of `dir` gets its verdict line from `verify` with
/// `extra`, within 60 s.
#[allow(dead_code)]
pub fn assert_verdicts(dir: &str, expected: &[(&str, &str)], extra: &[&str]) {
    for (file, want) in expected {
        assert_eq!(
            verify_line(&format!("{dir}/{file}"), extra, "60"),
            format!("Verification result: {want}"),
            "{file} with {extra:?}"
        );
    }
}
