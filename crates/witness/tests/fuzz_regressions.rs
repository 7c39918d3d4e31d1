//! Inputs that once made a witness reader panic (found by `fuzz/run.sh`'s
//! `witness_graphml` and `witness_yaml` targets, or kept from a fix), and waypoints at line
//! 0: reading each is an answer or an error, never a panic. The sample witnesses in
//! `tests/witnesses/` (the fuzz targets' seeds, of `loop.c`, the program the targets read
//! them with) read as written.

use std::path::Path;
use witness::read_violation::{parse, to_cexfile};

fn sample(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/witnesses")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn finding(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_findings")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// What the fuzz targets do with a witness: every reader.
fn read_all(text: &str, program: &str) {
    let _ = witness::kind::classify(text);
    let _ = witness::kind::specification(text);
    if let Ok(w) = parse(text, program) {
        let _ = to_cexfile(&w, "unreach-call", "ILP32");
        let _ = to_cexfile(&w, "no-overflow", "LP64");
    }
    let _ = witness::correctness::read(text);
}

#[test]
fn the_sample_witnesses_read_as_written() {
    let program = sample("loop.c");
    for (name, kind) in [
        ("violation.graphml", witness::kind::WitnessKind::Violation),
        ("violation.yml", witness::kind::WitnessKind::Violation),
        (
            "correctness.graphml",
            witness::kind::WitnessKind::Correctness,
        ),
        ("correctness.yml", witness::kind::WitnessKind::Correctness),
    ] {
        assert_eq!(witness::kind::classify(&sample(name)), Ok(kind), "{name}");
    }
    for name in ["violation.graphml", "violation.yml"] {
        let w = parse(&sample(name), &program).unwrap();
        let values: Vec<(&str, &str)> = w
            .inputs
            .iter()
            .map(|i| (i.function.as_str(), i.value.as_str()))
            .collect();
        assert_eq!(
            values,
            [
                ("__VERIFIER_nondet_int", "7"),
                ("scanf:%u", "3"),
                ("__VERIFIER_nondet_int", "-1")
            ],
            "{name}"
        );
        assert_eq!(w.target_line, Some(14), "{name}");
        to_cexfile(&w, "unreach-call", "ILP32").unwrap();
    }
    let lines = |name| {
        witness::correctness::read(&sample(name))
            .unwrap()
            .invariants
            .iter()
            .map(|i| i.line)
            .collect::<Vec<_>>()
    };
    // GraphML states the loop invariant only.
    assert_eq!(lines("correctness.graphml"), [10]);
    assert_eq!(lines("correctness.yml"), [10, 14]);
}

/// GraphML `startline` 0 names no line: a nondet call's value is still read, an assumption
/// about a variable stores it as an uninitialised variable's value (line 0 has no scanf),
/// and a loop invariant keeps its line.
#[test]
fn graphml_startline_0_is_read() {
    let program = sample("loop.c");
    let text = sample("violation.graphml")
        .replace(
            "<data key=\"startline\">6</data>",
            "<data key=\"startline\">0</data>",
        )
        .replace(
            "<data key=\"startline\">8</data>",
            "<data key=\"startline\">0</data>",
        )
        .replace(
            "<data key=\"startline\">14</data>",
            "<data key=\"startline\">0</data>",
        );
    let w = parse(&text, &program).unwrap();
    let read: Vec<(&str, u32)> = w
        .inputs
        .iter()
        .map(|i| (i.function.as_str(), i.line))
        .collect();
    assert_eq!(
        read,
        [
            ("__VERIFIER_nondet_int", 0),
            ("__boulder_uninit", 0),
            ("__VERIFIER_nondet_int", 12)
        ]
    );
    assert_eq!(w.target_line, Some(0));
    read_all(&text, &program);

    let text = sample("correctness.graphml").replace(
        "<data key=\"startline\">10</data>",
        "<data key=\"startline\">0</data>",
    );
    let c = witness::correctness::read(&text).unwrap();
    assert_eq!(c.invariants.len(), 1);
    assert_eq!(c.invariants[0].line, 0);
    read_all(&text, &program);
}

/// YAML `line: 0`: a `function_return` waypoint there names no call (an error), an
/// assumption and the target are read, and so is an invariant.
#[test]
fn yaml_line_0_is_read_or_rejected() {
    let program = sample("loop.c");
    let violation = sample("violation.yml");
    let at = |from: &str, line: u32, column: u32| {
        violation.replace(from, &format!("line: {line}\n          column: {column}"))
    };
    for column in [0, 1, 40] {
        let text = at("line: 6\n          column: 40", 0, column);
        assert_eq!(
            parse(&text, &program),
            Err(format!("no call ends at line 0 column {column}"))
        );
        read_all(&text, &program);
    }
    let text = at("line: 10\n          column: 3", 0, 0);
    let w = parse(&text, &program).unwrap();
    assert_eq!(w.inputs[1].line, 0);
    assert_eq!(w.inputs[1].function, "scanf:%u");
    read_all(&text, &program);
    let text = at("line: 14\n          column: 26", 0, 0);
    assert_eq!(parse(&text, &program).unwrap().target_line, Some(0));
    read_all(&text, &program);

    let text = sample("correctness.yml").replace("line: 10", "line: 0");
    let lines: Vec<u32> = witness::correctness::read(&text)
        .unwrap()
        .invariants
        .iter()
        .map(|i| i.line)
        .collect();
    assert_eq!(lines, [0, 14]);
    read_all(&text, &program);
}

/// A `function_return` waypoint at a `)` whose `(` is not on its line (here in a comment:
/// `// 1) count up to n`) made the search for the called function walk back across lines;
/// it indexed an empty line (line 4 of `loop.c`) and panicked. Now it walks past empty
/// lines, finds no call, and the witness is rejected.
#[test]
fn a_call_search_across_a_blank_line_is_an_error() {
    let program = sample("loop.c");
    let text = finding("yaml-call-after-blank-line.yml");
    assert_eq!(
        parse(&text, &program),
        Err("no call ends at line 9 column 7".to_string())
    );
    read_all(&text, &program);
    // A call whose arguments span an empty line is still found.
    let program = "int main(void) {\n  int x = f(1,\n\n    2);\n}\n";
    let text = text.replace("line: 9, column: 7", "line: 4, column: 6");
    assert_eq!(parse(&text, program).unwrap().inputs[0].function, "f");
}

/// A hexadecimal floating constant with an exponent near i64::MIN (`\result ==
/// 0x1.8p-9223372036854775808`) overflowed the exponent's adjustment for the fraction's
/// digits (a panic where overflow is checked). It is read as what it is: a value that
/// rounds to zero.
#[test]
fn a_float_exponent_near_i64_min_reads_as_zero() {
    use logic::float::FloatFormat;
    use witness::float_text::parse_c_float;
    let program = sample("loop.c");
    let text = finding("graphml-float-exponent-overflow.graphml");
    let w = parse(&text, &program).unwrap();
    assert_eq!(w.inputs[0].value, "0x1.8p-9223372036854775808");
    let cex = to_cexfile(&w, "unreach-call", "ILP32").unwrap();
    assert_eq!(cex.inputs[0].bits, "0");
    read_all(&text, &program);
    for f in [FloatFormat::Single, FloatFormat::Double] {
        assert_eq!(parse_c_float("0x1.8p-9223372036854775808", f), Some(0));
        assert_eq!(
            parse_c_float("-0x1.8p-9223372036854775808", f),
            Some(1u128 << (f.width() - 1))
        );
        assert_eq!(
            parse_c_float("0x1.8p+9223372036854775807", f),
            Some(f.inf_bits())
        );
    }
}
