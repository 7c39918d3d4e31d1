//! Golden tests of the counterexample text (`verify --cex`): the trace in C terms — line,
//! C text, which way each condition went, values under their C names — for corpus
//! programs. `BOULDER_BLESS=1` rewrites the golden files after a reviewed change.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check(name: &str, program: &str) {
    check_with(name, program, &[]);
}

fn check_with(name: &str, program: &str, extra: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(["verify", program, "--engine", "bmc", "--cex"])
        .args(extra)
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

const PROGRAMS: &str = "crates/boulder/tests/golden/cex/programs";

/// An overflow's trace ends with the operation and its operands, as the replay's
/// sanitizer names them.
#[test]
fn an_overflow_trace_names_the_operation_and_its_operands() {
    check_with(
        "overflow_sum",
        &format!("{PROGRAMS}/overflow_sum.c"),
        &["--prop", "no-overflow"],
    );
}

/// A failing `assert` under `--prop assert`: the condition as written, without the
/// preprocessor's line markers of glibc's macro.
#[test]
fn an_assert_trace_shows_the_condition_as_written() {
    check_with(
        "assert_header",
        &format!("{PROGRAMS}/assert_header.c"),
        &["--prop", "assert"],
    );
}

/// `argc` is an input, named at main's declarator.
#[test]
fn an_argc_trace_names_argc_at_main() {
    check_with("argc", &format!("{PROGRAMS}/argc.c"), &[]);
}

/// A declaration with a pointer, `unsigned` and `int` values, a struct initializer and a
/// recursive call: each read as C (see the program's header).
#[test]
fn a_trace_reads_like_the_program() {
    check_with("reads_like_c", &format!("{PROGRAMS}/reads_like_c.c"), &[]);
}
