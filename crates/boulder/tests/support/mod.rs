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

pub fn first_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
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
