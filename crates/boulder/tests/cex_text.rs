//! Golden tests of the counterexample text (`verify --cex`): the trace in C terms — line,
//! C text, which way each condition went, values under their C names — for corpus
//! programs. `BOULDER_BLESS=1` rewrites the golden files after a reviewed change.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check(name: &str, program: &str) {
    let o = Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(["verify", program, "--engine", "bmc", "--cex"])
        .current_dir(root())
        .output()
        .expect("boulder runs");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let golden =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/cex/{name}.txt"));
    if std::env::var_os("BOULDER_BLESS").is_some() {
        std::fs::write(&golden, &text).unwrap();
    }
    let want = std::fs::read_to_string(&golden).unwrap_or_default();
    assert_eq!(
        text,
        want,
        "{program}: the --cex text differs from {}",
        golden.display()
    );
}

#[test]
fn locks_trace_reads_as_c() {
    check("locks_unsafe", "examples/c/locks_unsafe.c");
}

#[test]
fn loop_with_calls_trace_reads_as_c() {
    check(
        "for_bounded_loop1",
        "../shared/benchmarks/sv-benchmarks/c/loops/for_bounded_loop1_false-unreach-call_true-termination.i",
    );
}
