//! Struct bit-fields: a heap list of requests whose nodes carry a flag and small counters
//! in bit-fields (`examples/c/bitfield`). The portfolio and the single engines that handle
//! heap lists decide both versions (FALSE replayed with gcc inside `verify`: the 3-bit
//! priority wraps as the compiled program's does).

mod support;

use support::assert_verdicts;

const DIR: &str = "examples/c/bitfield";

const EXPECTED: [(&str, &str); 2] = [
    ("list_flag_safe.c", "TRUE"),
    ("list_flag_unsafe.c", "FALSE(unreach-call)"),
];

#[test]
fn the_portfolio_decides_the_bit_field_list_examples() {
    assert_verdicts(DIR, &EXPECTED, &[]);
}

#[test]
fn single_engines_decide_the_bit_field_list_examples() {
    // CEGAR leaves heap lists UNKNOWN with or without bit-fields (no progress). IC3 needs
    // 65 s for the safe list (release build; it always did), more than a test waits.
    for engine in ["symex", "bmc", "kind"] {
        assert_verdicts(DIR, &EXPECTED, &["--engine", engine]);
    }
    assert_verdicts(DIR, &EXPECTED[1..], &["--engine", "ic3"]);
}
