//! Floating point end to end (`examples/c/float`): IEEE 754 binary32/binary64 as x86-64
//! computes them, through the portfolio and every single engine; FALSE verdicts replay with
//! gcc inside `verify`, violation witnesses carry float inputs as exact constants (NaN
//! payloads included) and `boulder validate` confirms them.

mod support;

use support::{boulder, first_line, verify_line};

const DIR: &str = "examples/c/float";

fn verdict(file: &str, extra: &[&str]) -> String {
    verify_line(&format!("{DIR}/{file}"), extra, "60")
}

/// Examples every engine decides within the limit (the Newton iteration's divisions are
/// left to the portfolio and symbolic execution, see below).
const EXPECTED: [(&str, &str); 3] = [
    ("interval_safe.c", "TRUE"),
    ("nan_unsafe.c", "FALSE(unreach-call)"),
    ("accumulate_unsafe.c", "FALSE(unreach-call)"),
];

#[test]
fn the_portfolio_decides_the_float_examples() {
    for (file, want) in EXPECTED.iter().chain(&[("newton_safe.c", "TRUE")]) {
        assert_eq!(
            verdict(file, &[]),
            format!("Verification result: {want}"),
            "{file}"
        );
    }
}

#[test]
fn single_engines_decide_the_float_examples() {
    for engine in ["symex", "bmc", "ic3", "cegar"] {
        for (file, want) in EXPECTED {
            assert_eq!(
                verdict(file, &["--engine", engine]),
                format!("Verification result: {want}"),
                "{engine} on {file}"
            );
        }
    }
    assert_eq!(
        verdict("newton_safe.c", &["--engine", "symex"]),
        "Verification result: TRUE"
    );
}

#[test]
fn an_out_of_range_conversion_violates_no_overflow() {
    assert_eq!(
        verdict("to_int_overflow.c", &["--prop", "no-overflow"]),
        "Verification result: FALSE(no-overflow)"
    );
}

#[test]
fn a_nan_input_round_trips_through_the_witness() {
    let dir = tempfile::tempdir().unwrap();
    let program = format!("{DIR}/nan_unsafe.c");
    for name in ["w.graphml", "w.yml"] {
        let w = dir.path().join(name);
        let w = w.to_str().unwrap();
        let o = boulder(&["verify", &program, "--witness", w]);
        assert_eq!(first_line(&o), "Verification result: FALSE(unreach-call)");
        let text = std::fs::read_to_string(w).unwrap();
        assert!(text.contains("__builtin_nanf("), "a NaN input: {text}");
        let o = boulder(&["validate", "--witness", w, &program]);
        assert_eq!(
            first_line(&o),
            "Verification result: FALSE(unreach-call)",
            "{name}"
        );
    }
}
