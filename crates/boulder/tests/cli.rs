//! The command line as users run it.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn boulder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("boulder runs")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn verify_prints_the_verdict_line_for_every_example() {
    let list = std::fs::read_to_string(root().join("examples/cfa/verdicts.txt")).unwrap();
    for line in list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (file, verdict) = line.split_once(' ').unwrap();
        let path = format!("examples/cfa/{file}");
        let o = boulder(&["verify", &path, "--engine", "bmc", "--bound", "40"]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let first = stdout(&o).lines().next().unwrap_or_default().to_string();
        let ok = match verdict {
            "false" => first == "Verification result: FALSE(unreach-call)",
            _ => {
                first == "Verification result: TRUE"
                    || first == "Verification result: UNKNOWN (bound 40 reached)"
            }
        };
        assert!(ok, "{file}: {first}");
    }
}

#[test]
fn json_output_is_one_object_with_verdict_and_statistics() {
    let o = boulder(&[
        "verify",
        "examples/cfa/origins_unsafe.cfa",
        "--engine",
        "bmc",
        "--json",
        "--lbe",
        "none",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["verdict"], "FALSE");
    assert_eq!(v["violated_property"], "unreach-call");
    assert!(v["stats"]["solver.checks"].as_u64().unwrap() > 0);
    assert_eq!(v["stats"]["bmc.bound"], 3);
    let inputs = v["counterexample"]["inputs"].as_array().unwrap();
    assert_eq!(inputs[0]["function"], "__VERIFIER_nondet_int");
    assert_eq!(inputs[0]["bits"], "3");
    assert_eq!(inputs[0]["type"], "int");
    assert_eq!(inputs[0]["line"], 3);
    // With LBE (the default) the three edges are one block: BMC needs one step.
    let o = boulder(&[
        "verify",
        "examples/cfa/origins_unsafe.cfa",
        "--engine",
        "bmc",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["stats"]["lbe.level"], "full");
    assert_eq!(v["stats"]["bmc.bound"], 1);
    assert_eq!(v["counterexample"]["inputs"][0]["line"], 3);
}

#[test]
fn stats_and_cex_are_printed_on_request() {
    let o = boulder(&[
        "verify",
        "examples/cfa/origins_unsafe.cfa",
        "--engine",
        "bmc",
        "--cex",
        "--stats",
    ]);
    let out = stdout(&o);
    assert!(
        out.contains("line    3  int n = __VERIFIER_nondet_int();  input: n = 3"),
        "{out}"
    );
    assert!(out.contains("Statistics:"));
    assert!(out.contains("bmc.queries"));
    let o = boulder(&["verify", "examples/cfa/origins_unsafe.cfa"]);
    assert_eq!(stdout(&o), "Verification result: FALSE(unreach-call)\n");
}

#[test]
fn timelimit_is_honoured_within_a_second() {
    // Factoring a 64-bit semiprime: far beyond a second for bit-blasting.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("factor.cfa");
    std::fs::write(
        &path,
        "var a: bv64\nvar b: bv64\nloc l0 init\nloc err error\n\
         l0 -> err { havoc a; havoc b; assume 1 <u a && 1 <u b && a <u 4294967296 && b <u 4294967296; \
         assume a * b == 14318494023598146727 }\n",
    )
    .unwrap();
    let start = Instant::now();
    let o = boulder(&["verify", path.to_str().unwrap(), "--timelimit", "1"]);
    let took = start.elapsed();
    assert!(took < Duration::from_secs(2), "took {took:?}");
    assert!(o.status.success());
    // One reason, and how far the engines got that said so.
    let out = stdout(&o);
    assert!(
        out.starts_with("Verification result: UNKNOWN (timeout; reached ")
            && out.contains("ic3 frame"),
        "{out}"
    );
}

#[test]
fn bad_input_is_one_clear_message_and_a_non_zero_exit() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.cfa");
    std::fs::write(&bad, "var x: bv32\nloc a init\na -> a { x := }\n").unwrap();
    let o = boulder(&["verify", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.cfa:3:15: expected an expression"),
        "{err}"
    );

    let o = boulder(&["verify", "no/such/file.cfa"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read no/such/file.cfa"));

    let binary = dir.path().join("bin.cfa");
    std::fs::write(&binary, [0u8, 159, 146, 150, 0, 1]).unwrap();
    let o = boulder(&["verify", binary.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not a text file"));

    let o = boulder(&["verify", "examples/cfa/straight_safe.cfa", "--frobnicate"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--frobnicate"));

    let o = boulder(&[
        "verify",
        "examples/cfa/straight_safe.cfa",
        "--engine",
        "magic",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("invalid value 'magic'"));
}

#[test]
fn cfa_command_reports_sizes_and_writes_dot() {
    let dir = tempfile::tempdir().unwrap();
    let dot = dir.path().join("out.dot");
    let o = boulder(&[
        "cfa",
        "examples/cfa/count_up_unsafe.cfa",
        "--dot",
        dot.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("locations       5   edges       5"),
        "{}",
        stdout(&o)
    );
    let text = std::fs::read_to_string(&dot).unwrap();
    assert!(text.starts_with("digraph \"count_up_unsafe\""));
    let o = boulder(&["cfa", "examples/cfa/count_up_unsafe.cfa", "--print"]);
    let printed = stdout(&o);
    let original =
        std::fs::read_to_string(root().join("examples/cfa/count_up_unsafe.cfa")).unwrap();
    assert!(printed.ends_with(&original));
}

#[test]
fn help_teaches_the_options() {
    let o = boulder(&["verify", "--help"]);
    let out = stdout(&o);
    for word in [
        "--engine",
        "--bound",
        "--timelimit",
        "--json",
        "--stats",
        "--cex",
        "Bounded model checking",
    ] {
        assert!(out.contains(word), "--help lacks {word}");
    }
}

#[test]
fn bad_c_input_is_one_clear_message_and_a_non_zero_exit() {
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<(&str, &[u8], &str)> = vec![
        ("empty.c", b"", "the file is empty"),
        (
            "binary.c",
            &[0x7f, b'E', b'L', b'F', 0, 1, 2, 3],
            "not a text file",
        ),
        (
            "prose.c",
            b"This is a letter,\nnot a C program.\n",
            "prose.c:1:1: syntax error: unknown type name `This`",
        ),
        (
            "nomain.c",
            b"int f(void) { return 0; }\n",
            "no `main` function",
        ),
        (
            "broken.c",
            b"int main(void) {\n  int x = ;\n}\n",
            "broken.c:2:11: syntax error",
        ),
    ];
    for (name, content, msg) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        let o = boulder(&["verify", path.to_str().unwrap()]);
        assert!(!o.status.success(), "{name}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(msg), "{name}: {err}");
    }
    let o = boulder(&["verify", "x.c", "--prop", "termination"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("invalid value 'termination'"));
}

#[test]
fn c_programs_verify_and_their_counterexamples_replay() {
    let dir = tempfile::tempdir().unwrap();
    let prog = dir.path().join("p.c");
    std::fs::write(
        &prog,
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x * 3 == 21) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let cex = dir.path().join("cex.json");
    let o = boulder(&[
        "verify",
        prog.to_str().unwrap(),
        "--cex-out",
        cex.to_str().unwrap(),
        "--stats",
    ]);
    assert_false_replayed(&stdout(&o));
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cex).unwrap()).unwrap();
    assert_eq!(file["inputs"][0]["function"], "__VERIFIER_nondet_int");
    assert_eq!(file["inputs"][0]["type"], "int");
    assert_eq!(file["inputs"][0]["line"], 4);
    let o = boulder(&[
        "replay",
        prog.to_str().unwrap(),
        "--cex",
        cex.to_str().unwrap(),
    ]);
    assert_eq!(
        stdout(&o),
        "Replay result: REPRODUCED (the error function is called)\n"
    );
    // A tampered counterexample does not replay.
    let tampered = std::fs::read_to_string(&cex).unwrap().replace(
        &format!(
            "\"bits\": \"{}\"",
            file["inputs"][0]["bits"].as_str().unwrap()
        ),
        "\"bits\": \"6\"",
    );
    std::fs::write(&cex, tampered).unwrap();
    let o = boulder(&[
        "replay",
        prog.to_str().unwrap(),
        "--cex",
        cex.to_str().unwrap(),
    ]);
    assert!(
        stdout(&o).starts_with("Replay result: NOT REPRODUCED"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn tasks_and_property_files_choose_property_and_data_model() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("t.c"),
        "extern long __VERIFIER_nondet_long(void);\nint main(void) {\n  long x = __VERIFIER_nondet_long();\n  \
         if (x > 0) { long y = x + 1; return (int) y; }\n  return 0;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("t.yml"),
        "format_version: '2.0'\ninput_files: 't.c'\nproperties:\n  - property_file: ../properties/no-overflow.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: LP64\n",
    )
    .unwrap();
    let o = boulder(&[
        "verify",
        dir.path().join("t.yml").to_str().unwrap(),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["verdict"], "FALSE", "{v}");
    assert_eq!(v["violated_property"], "no-overflow");
    assert_eq!(v["stats"]["data_model"], "LP64");
    assert_eq!(
        v["counterexample"]["inputs"][0]["bits"],
        "9223372036854775807"
    );
    std::fs::write(
        dir.path().join("u.prp"),
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .unwrap();
    let o = boulder(&[
        "verify",
        dir.path().join("t.c").to_str().unwrap(),
        "--spec",
        dir.path().join("u.prp").to_str().unwrap(),
    ]);
    assert_eq!(stdout(&o), "Verification result: TRUE\n");
}

#[test]
fn a_fatal_signal_is_reported_and_still_ends_the_process() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("factor.cfa");
    std::fs::write(
        &path,
        "var a: bv64\nvar b: bv64\nloc l0 init\nloc err error\n\
         l0 -> err { havoc a; havoc b; assume 1 <u a && 1 <u b && a <u 4294967296 && b <u 4294967296; \
         assume a * b == 14318494023598146727 }\n",
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(["verify", path.to_str().unwrap(), "--timelimit", "20"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    unsafe { libc::kill(child.id() as i32, libc::SIGSEGV) };
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.signal(), Some(libc::SIGSEGV));
    assert!(
        stderr(&o).starts_with("boulder: fatal signal 11 (segmentation fault)"),
        "{}",
        stderr(&o)
    );
}

/// `boulder gen … | head` ends quietly when the reader stops early, as `cat` does.
#[test]
fn long_output_into_a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // 6 MB: far more than a pipe holds.
    let mut child = Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(["gen", "test-locks", "20000"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boulder runs");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("piped")
        .read_exact(&mut first)
        .expect("some output");
    // The read end is closed here, before the writer is done.
    let out = child.wait_with_output().expect("boulder ends");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{:?} {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

/// A counterexample whose program writes more to standard error than a pipe holds
/// (200 KB before the error) still replays: the replay reads standard error while the
/// program runs (it used to read it after, and the program waited until the time limit).
#[test]
fn a_program_that_floods_standard_error_still_replays() {
    let dir = tempfile::tempdir().unwrap();
    let lines = vec![format!("\"{}\\n\"", "x".repeat(1000)); 200].join(" ");
    let path = dir.path().join("noisy.c");
    std::fs::write(
        &path,
        format!(
            "#include <stdio.h>\nextern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
             int main(void) {{\n  int x = __VERIFIER_nondet_int();\n  \
             if (x == 42) {{ fprintf(stderr, {lines}); reach_error(); }}\n  return 0;\n}}\n"
        ),
    )
    .unwrap();
    let o = boulder(&[
        "verify",
        path.to_str().unwrap(),
        "--engine",
        "bmc",
        "--stats",
    ]);
    assert_false_replayed(&stdout(&o));
}

/// `--stats` output of a FALSE whose counterexample replayed by reaching the error
/// function.
fn assert_false_replayed(out: &str) {
    assert!(
        out.starts_with("Verification result: FALSE(unreach-call)\n"),
        "{out}"
    );
    assert!(
        out.contains("reproduced: the error function is called"),
        "{out}"
    );
}
