//! Correctness witnesses: a TRUE of CEGAR writes its certified loop invariants as C
//! expressions (YAML 2.0 `invariant_set`, GraphML 1.0 `correctness_witness`); the GraphML
//! ones pass sv-witnesses' linter; `boulder validate` confirms them, refutes a wrong
//! invariant and does not confirm a weakened one.

mod support;

use std::path::{Path, PathBuf};
use support::{boulder, first_line, lint};

/// Programs whose safety needs a loop invariant CEGAR finds. In pc_sfifo_1 the event
/// loop's invariant is a disjunction that also names a local of the inlined caller, which C
/// cannot name at the loop: it is weakened to the rest (it used to be dropped whole, and
/// the witness did not validate). In abstraction_safe the loop's condition is a call
/// (`while (__VERIFIER_nondet_int())`): its branch comes one edge after the loop head. In
/// n.c40 the invariant reads an array element (`x[i] == 0`, behind `i >= 100 ||`), and the
/// loop's condition checks the index before its branch.
/// The programs whose CEGAR witnesses are validated, and whether the GraphML witness is
/// validated too (the invariants are the YAML one's). pc_sfifo_1's proof is k = 6, found
/// in 1 s or 27 s depending on Z3's variable order (stop 35), 36 s in a debug build, and
/// once past 120 s beside another test binary (stop 55): its YAML witness is validated once.
const PROGRAMS: [(&str, bool); 6] = [
    ("examples/c/count_safe.c", true),
    ("../shared/benchmarks/sv-benchmarks/c/loop-lit/css2003_true-unreach-call_true-termination.c", true),
    ("../shared/benchmarks/sv-benchmarks/c/loop-lit/gj2007b_true-unreach-call_true-termination.c", true),
    ("../shared/benchmarks/sv-benchmarks/c/systemc/pc_sfifo_1_true-unreach-call_false-termination.cil.c", false),
    ("../shared/benchmarks/cpachecker/test/programs/simple/block_analysis/abstraction_safe.c", true),
    ("../shared/benchmarks/sv-benchmarks/c/loops/n.c40_true-unreach-call_true-termination.i", true),
];

fn write_witnesses(program: &str, dir: &Path) -> (PathBuf, PathBuf) {
    let g = dir.join("w.graphml");
    let y = dir.join("w.yml");
    let o = boulder(&[
        "verify",
        program,
        "--engine",
        "cegar",
        "--witness",
        g.to_str().unwrap(),
        "--witness",
        y.to_str().unwrap(),
    ]);
    assert_eq!(
        first_line(&o),
        "Verification result: TRUE",
        "{program}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    (g, y)
}

/// CEGAR's witnesses of `program` in a fresh folder: the folder (kept alive by the
/// caller), the GraphML and YAML files, and the YAML text.
fn cegar_witnesses(program: &str) -> (tempfile::TempDir, PathBuf, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let (g, y) = write_witnesses(program, dir.path());
    let yaml = std::fs::read_to_string(&y).unwrap();
    (dir, g, y, yaml)
}

fn validate(program: &str, witness: &Path) -> String {
    first_line(&boulder(&[
        "validate",
        program,
        "--witness",
        witness.to_str().unwrap(),
    ]))
}

/// As [`validate`], with `seconds` for the k-induction proof.
fn validate_within(program: &str, witness: &Path, seconds: &str) -> String {
    first_line(&boulder(&[
        "validate",
        program,
        "--witness",
        witness.to_str().unwrap(),
        "--timelimit",
        seconds,
    ]))
}

#[test]
fn cegar_invariants_are_c_expressions_that_validate() {
    for (program, graphml) in PROGRAMS {
        let (_dir, g, y, yaml) = cegar_witnesses(program);
        assert!(yaml.contains("entry_type: invariant_set"), "{yaml}");
        assert!(yaml.contains("type: loop_invariant"), "{yaml}");
        assert!(yaml.contains("format: c_expression"), "{yaml}");
        // Program variables by their C names, no SSA instances or bit-vector syntax.
        for internal in ["main.", "@", "bvadd", "#x", "nondet.", "return"] {
            assert!(
                !yaml.contains(internal),
                "{program}: `{internal}` in\n{yaml}"
            );
        }
        lint(program, &g);
        let formats: &[&std::path::PathBuf] = if graphml { &[&y, &g] } else { &[&y] };
        for w in formats {
            assert_eq!(
                validate_within(program, w, "120"),
                "Verification result: TRUE",
                "{program}: {w:?}"
            );
        }
    }
}

/// Replaces the value of the (single) loop invariant of a YAML witness.
fn with_invariant(yaml: &str, value: &str) -> String {
    yaml.lines()
        .map(|l| match l.split_once("value: ") {
            Some((indent, _)) if indent.trim().is_empty() => format!("{indent}value: '{value}'"),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn wrong_invariants_are_refuted_and_weak_ones_completed_by_learning() {
    let program = "examples/c/count_safe.c";
    let (dir, _, _, yaml) = cegar_witnesses(program);
    // `s == 3 * i` fails at the second arrival at the loop head: refuted, with the
    // invariant and its place named, and never as a FALSE about the (safe) program.
    let wrong = dir.path().join("wrong.yml");
    std::fs::write(&wrong, with_invariant(&yaml, "s == 3 * i")).unwrap();
    let answer = validate(program, &wrong);
    assert!(
        answer.starts_with(
            "Verification result: UNKNOWN (witness refuted: invariant `s == 3 * i` does not hold at "
        ) && answer.ends_with("count_safe.c:9:3)"),
        "{answer}"
    );
    // `i <= n` holds but does not imply `s == 2 * n` after the loop: k-induction with it
    // assumed does not prove the program, the validator's own learned invariants
    // (`s == 2 * i`) do. Confirmed: the witness's invariant holds and the program is
    // safe, which is what a correctness witness claims (SV-COMP's validators, too, may
    // prove what the witness leaves out).
    let weak = dir.path().join("weak.yml");
    std::fs::write(&weak, with_invariant(&yaml, "i <= n")).unwrap();
    let out = boulder(&[
        "validate",
        program,
        "--witness",
        weak.to_str().unwrap(),
        "--timelimit",
        "60",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Verification result: TRUE"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["validate.decided_by", "chc"])),
        "{text}"
    );
    // A witness for another program is refused by its hash.
    let other = dir.path().join("other.yml");
    std::fs::write(&other, yaml.replace("6a05b6e1", "00000000")).unwrap();
    let answer = validate(program, &other);
    assert!(answer.contains("program hash"), "{answer}");
}

#[test]
fn a_wrong_array_invariant_is_refuted() {
    let program =
        "../shared/benchmarks/sv-benchmarks/c/loops/n.c40_true-unreach-call_true-termination.i";
    let (dir, _, _, yaml) = cegar_witnesses(program);
    assert!(yaml.contains("x[(unsigned int)i]"), "{yaml}");
    // The global array is all zeros: `x[0] == 1` fails at the first arrival.
    let wrong = dir.path().join("wrong.yml");
    std::fs::write(&wrong, with_invariant(&yaml, "x[0] == 1")).unwrap();
    let answer = validate(program, &wrong);
    assert!(
        answer.contains("(witness refuted: invariant `x[0] == 1` does not hold at "),
        "{answer}"
    );
}

#[test]
fn no_overflow_witnesses_are_validated_and_wrong_invariants_refuted() {
    let program = "../shared/benchmarks/sv-benchmarks/c/bitvector/gcd_4_true-unreach-call_true-no-overflow_true-termination.i";
    let dir = tempfile::tempdir().unwrap();
    let y = dir.path().join("w.yml");
    let o = boulder(&[
        "verify",
        program,
        "--prop",
        "no-overflow",
        "--engine",
        "cegar",
        "--witness",
        y.to_str().unwrap(),
    ]);
    assert_eq!(first_line(&o), "Verification result: TRUE");
    let check = |w: &Path| {
        first_line(&boulder(&[
            "validate",
            program,
            "--prop",
            "no-overflow",
            "--witness",
            w.to_str().unwrap(),
        ]))
    };
    assert_eq!(check(&y), "Verification result: TRUE");
    // `a < 0` fails at the loop's first arrival: the failing check is itself an overflow.
    let yaml = std::fs::read_to_string(&y).unwrap();
    let wrong = dir.path().join("wrong.yml");
    std::fs::write(&wrong, with_invariant(&yaml, "a < 0")).unwrap();
    let answer = check(&wrong);
    assert!(
        answer.contains("(witness refuted: invariant `a < 0` does not hold at "),
        "{answer}"
    );
}

#[test]
fn ic3_invariants_become_c_expressions_that_validate() {
    // cggmp2005b: `k` is dead inside the inner loops, where the transition system holds it
    // at zero; IC3's clauses about it there must not reach the witness (they did, and
    // `validate` rightly refuted it).
    for program in [
        "examples/c/count_safe.c",
        "../shared/benchmarks/sv-benchmarks/c/loop-lit/cggmp2005b_true-unreach-call_true-termination.c",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let y = dir.path().join("w.yml");
        let o = boulder(&[
            "verify",
            program,
            "--engine",
            "ic3",
            "--witness",
            y.to_str().unwrap(),
        ]);
        assert_eq!(first_line(&o), "Verification result: TRUE", "{program}");
        let yaml = std::fs::read_to_string(&y).unwrap();
        assert!(yaml.contains("type: loop_invariant"), "{yaml}");
        assert_eq!(
            validate(program, &y),
            "Verification result: TRUE",
            "{program}: {yaml}"
        );
    }
}

/// The invariants (`value:` lines) of the TRUE witness `engine` writes for the loop
/// `declare; while (i < n) { body; i++; } check`, where `x` is a float.
fn float_loop_invariants(engine: &str, declare: &str, body: &str, check: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("float_loop.c");
    std::fs::write(
        &program,
        format!(
            "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
             int main(void) {{\n  {declare};\n  int i = 0;\n  int n = __VERIFIER_nondet_int();\n\
             \x20 while (i < n) {{\n    {body};\n    i++;\n  }}\n\
             \x20 if ({check}) reach_error();\n  return 0;\n}}\n"
        ),
    )
    .unwrap();
    let y = dir.path().join("w.yml");
    let o = boulder(&[
        "verify",
        program.to_str().unwrap(),
        "--engine",
        engine,
        "--witness",
        y.to_str().unwrap(),
    ]);
    assert_eq!(first_line(&o), "Verification result: TRUE", "{engine}");
    let yaml = std::fs::read_to_string(&y).unwrap();
    let values: Vec<String> = yaml
        .lines()
        .filter(|l| l.contains("value:"))
        .map(str::to_string)
        .collect();
    assert!(!values.is_empty(), "{engine}: {yaml}");
    values
}

#[test]
fn a_float_is_never_named_as_an_integer() {
    // IC3's clauses about the bits of `x` would read in C as its value converted
    // (`(unsigned int)x` of 1.0f is 1, not 0x3f800000): such atoms are left out, the
    // integer `i`'s kept.
    for engine in ["ic3", "cegar"] {
        let check = "x != 0.0f && x != 1.0f";
        for v in float_loop_invariants(engine, "float x = 0.0f", "x = 1.0f", check) {
            assert!(v.contains(")i") && !v.contains(")x"), "{engine}: {v}");
        }
    }
    // The same of a float array's elements: CEGAR's predicate about the bits of `x[0]`
    // (`((unsigned int)x[0U] & 2147483647U) <= 2139095040U`, not NaN) is left out.
    let declare = "float x[2] = {0.0f, 0.0f}";
    let check = "x[0] != 0.0f && x[0] != 1.0f";
    for v in float_loop_invariants("cegar", declare, "x[0] = 1.0f", check) {
        assert!(v.contains(")i") && !v.contains("x["), "{v}");
    }
}

#[test]
fn a_true_without_an_invariant_writes_a_witness_that_claims_none() {
    // Loop-free: BMC proves it by exhausting every path, with no invariant to show.
    let o = boulder(&["gen", "exp-art", "3"]);
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("exp_art_3.c");
    std::fs::write(&program, &o.stdout).unwrap();
    let y = dir.path().join("w.yml");
    let o = boulder(&[
        "verify",
        program.to_str().unwrap(),
        "--engine",
        "bmc",
        "--witness",
        y.to_str().unwrap(),
    ]);
    assert_eq!(first_line(&o), "Verification result: TRUE");
    let yaml = std::fs::read_to_string(&y).unwrap();
    assert!(yaml.contains("entry_type: invariant_set") && yaml.contains("content: []"));
}

/// A loop condition written over two lines (as in apache-escape-absolute) is instrumented
/// as a whole: the checks before it, its closing parenthesis where it ends.
/// A loop in a function inlined twice has a head per call, each with its own formula. The
/// witness must have one entry for the loop, true at both calls (their disjunction): two
/// entries at one loop are both checked at every call, and the validator refuted them.
#[test]
fn a_loop_inlined_twice_gets_one_invariant_true_at_both_calls() {
    let program = "examples/c/loop_called_twice_safe.c";
    let (_dir, g, y, yaml) = cegar_witnesses(program);
    assert_eq!(yaml.matches("type: loop_invariant").count(), 1, "{yaml}");
    assert!(yaml.contains("line: 12"), "{yaml}");
    assert!(yaml.contains(") || ("), "{yaml}");
    lint(program, &g);
    for w in [&y, &g] {
        assert_eq!(validate(program, w), "Verification result: TRUE", "{w:?}");
    }
}

/// Where large blocks meet outside a loop (a label both loops jump to), the certificate
/// has a formula of its own: it becomes a `location_invariant` before the statement there,
/// which `validate` checks before that statement (and refutes when it is wrong). A place
/// that is no statement of a block (the body of an `if` without braces) is refused.
#[test]
fn location_invariants_are_written_checked_and_refuted() {
    let program = "examples/c/goto_join_safe.c";
    let (dir, _, y, yaml) = cegar_witnesses(program);
    let entries: Vec<&str> = yaml.split("- invariant:").skip(1).collect();
    let location: Vec<&&str> = entries
        .iter()
        .filter(|e| e.contains("type: location_invariant"))
        .collect();
    assert_eq!(location.len(), 1, "{yaml}");
    assert!(
        location[0].contains("line: 24") && location[0].contains("column: 3"),
        "{yaml}"
    );
    assert_eq!(validate(program, &y), "Verification result: TRUE");

    // The location invariant alone, wrong (`j < n` fails when both loops run out).
    let head = yaml.split("  content:").next().unwrap();
    let one = |line: u32, column: u32, value: &str| {
        format!(
            "{head}  content:\n  - invariant:\n      type: location_invariant\n      location:\n        file_name: {program}\n        line: {line}\n        column: {column}\n        function: main\n      value: '{value}'\n      format: c_expression\n"
        )
    };
    let wrong = dir.path().join("wrong.yml");
    std::fs::write(&wrong, one(24, 3, "j < n")).unwrap();
    let answer = validate(program, &wrong);
    assert!(
        answer.contains("(witness refuted: invariant `j < n` does not hold at ")
            && answer.ends_with(":24:3)"),
        "{answer}"
    );
    // `goto END;` is the body of an `if` without braces: no place for a check.
    let body = dir.path().join("body.yml");
    std::fs::write(&body, one(15, 7, "1")).unwrap();
    let answer = validate(program, &body);
    assert!(
        answer.contains("no statement of a block starts at 15:7"),
        "{answer}"
    );
}

#[test]
fn a_condition_over_several_lines_is_instrumented() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("two_lines.c");
    std::fs::write(
        &program,
        "extern unsigned int __VERIFIER_nondet_uint(void);\nextern void reach_error(void);\n\
         int main(void) {\n  unsigned int n = __VERIFIER_nondet_uint();\n  unsigned int i = 0, s = 0;\n\
         \x20 if (n > 1000) return 0;\n  while (i < n\n         && s < 5000) {\n    i++;\n    s += 2;\n  }\n\
         \x20 if (s != 2 * i) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let program = program.to_str().unwrap();
    let (_, y) = write_witnesses(program, dir.path());
    let inst = dir.path().join("inst.c");
    let o = boulder(&[
        "validate",
        program,
        "--witness",
        y.to_str().unwrap(),
        "--instrumented-out",
        inst.to_str().unwrap(),
    ]);
    assert_eq!(first_line(&o), "Verification result: TRUE");
    let text = std::fs::read_to_string(&inst).unwrap();
    assert!(
        text.contains("&& (i < n\n         && s < 5000)) {"),
        "{text}"
    );
    let yaml = std::fs::read_to_string(&y).unwrap();
    let wrong = dir.path().join("wrong.yml");
    std::fs::write(&wrong, with_invariant(&yaml, "s == 3 * i")).unwrap();
    let answer = validate(program, &wrong);
    assert!(
        answer.contains("(witness refuted: invariant `s == 3 * i` does not hold at "),
        "{answer}"
    );
}

#[test]
fn validate_reads_the_property_from_the_witness_and_refuses_other_files() {
    let dir = tempfile::tempdir().unwrap();
    // An overflow witness validates without `--prop`: the witness states its property.
    let program = "examples/c/overflow.c";
    let w = dir.path().join("o.yml");
    let o = boulder(&[
        "verify",
        program,
        "--prop",
        "no-overflow",
        "--timelimit",
        "60",
        "--witness",
        w.to_str().unwrap(),
    ]);
    assert_eq!(first_line(&o), "Verification result: FALSE(no-overflow)");
    let o = boulder(&["validate", program, "--witness", w.to_str().unwrap()]);
    assert_eq!(first_line(&o), "Verification result: FALSE(no-overflow)");
    // A file that is not a witness: one line on stderr and a non-zero exit.
    let o = boulder(&["validate", program, "--witness", program]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("overflow.c: not a witness"), "{err}");
}
