//! Violation witnesses: every FALSE of a set of corpus tasks (several engines) writes a
//! GraphML 1.0 and a YAML 2.0 witness; the GraphML ones pass sv-witnesses' linter
//! (`witnesslint`, installed by `setup.sh`); `boulder validate` confirms them from the
//! witness's own values, and refutes witnesses with a changed value or a dropped waypoint.

mod support;

use std::path::{Path, PathBuf};
use support::{boulder, first_line, lint, root};

fn write_witnesses(program: &str, extra: &[&str], dir: &Path) -> (PathBuf, PathBuf) {
    let g = dir.join("w.graphml");
    let y = dir.join("w.yml");
    let mut args = vec![
        "verify",
        program,
        "--witness",
        g.to_str().unwrap(),
        "--witness",
        y.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = boulder(&args);
    assert!(
        first_line(&o).starts_with("Verification result: FALSE"),
        "{program} {extra:?}: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    (g, y)
}

fn validate(program: &str, witness: &Path, extra: &[&str]) -> String {
    let mut args = vec!["validate", program, "--witness", witness.to_str().unwrap()];
    args.extend_from_slice(extra);
    first_line(&boulder(&args))
}

#[test]
fn witnesses_of_corpus_bugs_lint_and_validate() {
    let tasks: &[(&str, &[&str])] = &[
        ("examples/c/magic_unsafe.c", &["--engine", "bmc"]),
        ("examples/c/locks_unsafe.c", &["--engine", "cegar"]),
        (
            "../shared/benchmarks/sv-benchmarks/c/bitvector-regression/implicitunsignedconversion_false-unreach-call_true-termination.c",
            &["--engine", "ic3"],
        ),
        (
            "../shared/benchmarks/sv-benchmarks/c/bitvector/jain_1_false-no-overflow.c",
            &["--engine", "ts-bmc", "--prop", "no-overflow"],
        ),
        (
            "../shared/benchmarks/cpachecker/test/programs/simple/scanf/fscanf_gen_int_read_d.i",
            &["--engine", "bmc"],
        ),
        (
            "../shared/benchmarks/cpachecker/test/programs/simple/block_analysis/count_unsafe.c",
            &["--engine", "bmc"],
        ),
    ];
    for (program, extra) in tasks {
        let dir = tempfile::tempdir().unwrap();
        let (g, y) = write_witnesses(program, extra, dir.path());
        lint(program, &g);
        let prop: Vec<&str> = extra
            .windows(2)
            .find(|w| w[0] == "--prop")
            .map(|w| w.to_vec())
            .unwrap_or_default();
        let v = validate(program, &g, &prop);
        assert!(
            v.starts_with("Verification result: FALSE"),
            "{program}: GraphML {v}"
        );
        // Values that scanf or an uninitialised declaration store are YAML assumption
        // waypoints; the YAML witness must validate as well.
        let yaml = std::fs::read_to_string(&y).unwrap();
        assert!(yaml.contains("entry_type: violation_sequence"), "{yaml}");
        assert!(yaml.contains("type: target"), "{yaml}");
        {
            let v = validate(program, &y, &prop);
            assert!(
                v.starts_with("Verification result: FALSE"),
                "{program}: YAML {v}\n{yaml}"
            );
        }
    }
}

#[test]
fn tampered_witnesses_are_refuted() {
    let program = "examples/c/magic_unsafe.c";
    let dir = tempfile::tempdir().unwrap();
    let (g, y) = write_witnesses(program, &["--engine", "bmc"], dir.path());
    let graphml = std::fs::read_to_string(&g).unwrap();
    let yaml = std::fs::read_to_string(&y).unwrap();
    assert!(graphml.contains("\\result == 42;"), "{graphml}");
    assert!(yaml.contains("\\result == -7"), "{yaml}");
    for (name, text) in [
        (
            "changed.graphml",
            graphml.replace("\\result == 42;", "\\result == 43;"),
        ),
        (
            "changed.yml",
            yaml.replace("\\result == -7", "\\result == 7"),
        ),
    ] {
        let f = dir.path().join(name);
        std::fs::write(&f, text).unwrap();
        let v = validate(program, &f, &[]);
        assert!(
            v.starts_with("Verification result: UNKNOWN (witness not confirmed"),
            "{name}: {v}"
        );
    }
    // Dropping the first waypoint: the remaining value is given to the first call.
    let segments: Vec<&str> = yaml.split("  - segment:").collect();
    assert_eq!(segments.len(), 4, "{yaml}");
    let dropped = format!(
        "{}  - segment:{}  - segment:{}",
        segments[0], segments[2], segments[3]
    );
    let f = dir.path().join("dropped.yml");
    std::fs::write(&f, dropped).unwrap();
    let v = validate(program, &f, &[]);
    assert!(
        v.starts_with("Verification result: UNKNOWN (witness not confirmed"),
        "dropped: {v}"
    );
    // A witness for another program is not confirmed either.
    let other = std::fs::read_to_string(root().join(program)).unwrap() + "\n";
    let p2 = dir.path().join("other.c");
    std::fs::write(&p2, other).unwrap();
    let v = validate(p2.to_str().unwrap(), &g, &[]);
    assert!(v.contains("program hash"), "other program: {v}");
}
