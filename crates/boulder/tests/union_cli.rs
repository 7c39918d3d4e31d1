//! Unions read through another member and struct pointers converted to their first
//! member's type (`examples/c/union`): float classification by its bits through a union,
//! and shapes that "inherit" a base struct. Every engine decides each example (FALSE
//! replayed with gcc inside `verify`, TRUE certified as the engine certifies it).

mod support;

use support::assert_verdicts;

const DIR: &str = "examples/c/union";

const EXPECTED: [(&str, &str); 4] = [
    ("float_classify_safe.c", "TRUE"),
    ("float_classify_unsafe.c", "FALSE(unreach-call)"),
    ("shapes_safe.c", "TRUE"),
    ("shapes_unsafe.c", "FALSE(unreach-call)"),
];

#[test]
fn the_portfolio_decides_the_union_and_struct_cast_examples() {
    assert_verdicts(DIR, &EXPECTED, &[]);
}

#[test]
fn every_engine_decides_the_union_and_struct_cast_examples() {
    for engine in ["symex", "bmc", "kind", "ic3", "cegar"] {
        assert_verdicts(DIR, &EXPECTED, &["--engine", engine]);
    }
}
