//! What a user of CBMC or ESBMC expects at the terminal (issue 38): the exit status by
//! verdict on request, time limits with units, `--32` over a task's LP64.

mod support;

use std::path::Path;
use support::{boulder, first_line};

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

const UNSAFE: &str = "examples/c/locks_unsafe.c";
const SAFE: &str = "examples/c/straight_safe.c";

#[test]
fn verdict_exit_code_is_cbmcs_on_request_and_zero_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let unknown = write(
        dir.path(),
        "ld.c",
        "extern void reach_error(void);\n\
         int main(void) { long double x = 1.0L; if (x > 2.0L) reach_error(); return 0; }\n",
    );
    for (file, word, code) in [
        (UNSAFE, "FALSE", 10),
        (SAFE, "TRUE", 0),
        (&unknown[..], "UNKNOWN", 5),
    ] {
        let o = boulder(&["verify", file, "--timelimit", "60", "--verdict-exit-code"]);
        assert!(first_line(&o).contains(word), "{file}: {}", first_line(&o));
        assert_eq!(o.status.code(), Some(code), "{file}");
        // Without the flag every verdict exits 0: a verdict is not an error.
        let o = boulder(&["verify", file, "--timelimit", "60"]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{file} without --verdict-exit-code"
        );
    }
}

#[test]
fn a_timeout_exits_with_unknowns_status() {
    // The watchdog ends the run at the deadline: its UNKNOWN also says so by the status.
    let o = boulder(&[
        "verify",
        "examples/c/long_cex_unsafe.c",
        "--engine",
        "cegar",
        "--timelimit",
        "1ms",
        "--verdict-exit-code",
    ]);
    let line = first_line(&o);
    assert!(line.contains("UNKNOWN"), "{line}");
    assert_eq!(o.status.code(), Some(5), "{line}");
}

#[test]
fn time_limits_take_units_and_reject_other_words() {
    let o = boulder(&["verify", SAFE, "--timelimit", "2min"]);
    assert!(o.status.success());
    assert_eq!(first_line(&o), "Verification result: TRUE");
    let o = boulder(&["verify", SAFE, "--timelimit", "2 fortnights"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("is not a unit of time"), "{err}");
}

#[test]
fn dash_32_overrides_a_tasks_lp64_and_conflicts_with_dash_64() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "m.c",
        "extern void reach_error(void);\n\
         int main(void) { if (sizeof(long) == 8) reach_error(); return 0; }\n",
    );
    let task = write(
        dir.path(),
        "m.yml",
        "format_version: '2.0'\ninput_files: 'm.c'\nproperties:\n  - property_file: \
         ../properties/unreach-call.prp\n    expected_verdict: false\noptions:\n  \
         language: C\n  data_model: LP64\n",
    );
    let verdict = |extra: &[&str]| {
        let mut args = vec![
            "verify",
            &task[..],
            "--prop",
            "unreach-call",
            "--timelimit",
            "60",
        ];
        args.extend_from_slice(extra);
        first_line(&boulder(&args))
    };
    assert_eq!(verdict(&[]), "Verification result: FALSE(unreach-call)");
    assert_eq!(verdict(&["--32"]), "Verification result: TRUE");
    let o = boulder(&["verify", &task, "--32", "--64"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn top_level_help_shows_c_examples() {
    let o = boulder(&["--help"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("boulder verify examples/c/"), "{out}");
    assert!(out.contains("--verdict-exit-code"), "{out}");
}

#[test]
fn sigterm_and_sigint_end_the_run_with_an_unknown_verdict() {
    // A task that takes longer than the test waits (the portfolio on a driver task).
    let task = "../shared/benchmarks/sv-benchmarks/c/ssh-simplified/\
                s3_srvr_6_true-unreach-call_false-termination.cil.c";
    // (signal, --json, --verdict-exit-code, the exit status: the shell's 128 + signal
    // unless the status is to say the verdict).
    for (signal, json, by_verdict, status) in [
        ("-TERM", false, true, 5),
        ("-INT", true, true, 5),
        ("-TERM", false, false, 128 + 15),
    ] {
        let mut args = vec!["verify", task, "--timelimit", "60"];
        if json {
            args.push("--json");
        }
        if by_verdict {
            args.push("--verdict-exit-code");
        }
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_boulder"))
            .args(&args)
            .current_dir(support::root())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let started = std::time::Instant::now();
        let killed = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let o = child.wait_with_output().unwrap();
        assert!(started.elapsed().as_secs() < 5, "{signal}: the run went on");
        let out = String::from_utf8_lossy(&o.stdout);
        // One reason, with how far the engines got (each said so as it stopped).
        if json {
            let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
            assert_eq!(v["verdict"], "UNKNOWN", "{out}");
            assert!(
                v["reason"].as_str().unwrap().starts_with("interrupted"),
                "{out}"
            );
            assert_eq!(v["unknown"]["class"], "interrupted", "{out}");
        } else {
            assert_eq!(out.lines().count(), 1, "{out}");
            assert!(
                out.starts_with("Verification result: UNKNOWN (interrupted"),
                "{out}"
            );
        }
        assert_eq!(o.status.code(), Some(status), "{signal}");
    }
}

#[test]
fn verbose_shows_the_engines_as_they_start_and_answer() {
    let o = boulder(&[
        "verify",
        "examples/c/locks_safe.c",
        "-v",
        "--timelimit",
        "60",
    ]);
    assert_eq!(first_line(&o), "Verification result: TRUE");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("] portfolio: symex starts ("), "{err}");
    assert!(
        err.lines()
            .any(|l| l.contains("portfolio: ") && l.contains(" answers TRUE after ")),
        "{err}"
    );
    let o = boulder(&["verify", UNSAFE, "-v", "--engine", "ts-bmc"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("] ts-bmc: starts on "), "{err}");
    assert!(err.contains("] ts-bmc: answers FALSE after "), "{err}");
    // Without -v, nothing but the verdict.
    let o = boulder(&["verify", UNSAFE, "--engine", "ts-bmc"]);
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Point 1: a program gcc rejects is an error, not a verdict — one `file:line:col: error:`
/// line on stderr, nothing on stdout, exit status 1 — wherever the violation stands on
/// the paths Boulder translates; what gcc accepts with a warning stays a program.
#[test]
fn a_program_gcc_rejects_is_one_located_error() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "undeclared.c",
            "int main(void) { undeclared_var = 3; return 0; }\n",
            ":1:18: error: use of undeclared identifier `undeclared_var`",
        ),
        (
            "exit_args.c",
            "#include <stdlib.h>\nint main(void) { exit(); return 0; }\n",
            ":2:18: error: too few arguments to function `exit` (expected 1, have 0)",
        ),
        (
            "too_many.c",
            "int f(int a) { return a; }\nint main(void) { return f(1, 2); }\n",
            ":2:25: error: too many arguments to function `f` (expected 1, have 2)",
        ),
        (
            "member.c",
            "struct s { int x; };\nint main(void) { struct s v = {0}; return v.y; }\n",
            ":2:43: error: no member named `y`",
        ),
        (
            "not_struct.c",
            "int main(void) { int a = 1; return a.x; }\n",
            ":1:36: error: member reference base type is not a structure or union",
        ),
        (
            "struct_cond.c",
            "struct s { int x; };\nint main(void) { struct s v = {0}; if (v) return 1; return 0; }\n",
            ":2:40: error: a struct or union used where a scalar is required",
        ),
        (
            "fnptr_args.c",
            "int g(int a, int b) { return a + b; }\n\
             int main(void) { int (*p)(int, int) = g; return p(1); }\n",
            ":2:49: error: too few arguments to a call through a function pointer (expected 2, have 1)",
        ),
        // Unreachable: gcc rejects it all the same.
        (
            "dead.c",
            "int main(void) { if (0) { int v = nope; } return 0; }\n",
            ":1:35: error: use of undeclared identifier `nope`",
        ),
    ];
    for (name, text, expected) in cases {
        let file = write(dir.path(), name, text);
        let gcc = std::process::Command::new("gcc")
            .args(["-fsyntax-only", &file])
            .output()
            .unwrap();
        assert!(
            !gcc.status.success(),
            "gcc accepts {name}: the case is wrong"
        );
        let o = boulder(&["verify", &file, "--timelimit", "30"]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            o.stdout.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert_eq!(stderr.trim_end(), format!("{file}{expected}"), "{name}");
    }
    // gcc warns and compiles: an implicit declaration (old SV-COMP files), a call of a
    // function declared without a prototype with any number of arguments.
    let accepted = [
        (
            "implicit.c",
            "extern void reach_error();\nint main(void) { int x = 1; if (x == 2) foo(x); return 0; }\n",
        ),
        (
            "unprototyped.c",
            "extern void reach_error();\nint f();\nint main(void) { if (0) f(1, 2); return 0; }\nint f(int a) { return a; }\n",
        ),
    ];
    for (name, text) in accepted {
        let file = write(dir.path(), name, text);
        let o = boulder(&["verify", &file, "--timelimit", "30"]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            first_line(&o).starts_with("Verification result: "),
            "{name}"
        );
    }
}

/// Point 3: `assert()` is not silently ignored. Under unreach-call a failing assert only
/// aborts (SV-COMP), and stderr says so; `--prop assert` makes it, `__VERIFIER_assert` and
/// `reach_error` the violation, with replay, trace and witnesses like the other properties.
#[test]
fn asserts_are_noted_under_unreach_call_and_checked_under_prop_assert() {
    let dir = tempfile::tempdir().unwrap();
    let header = write(
        dir.path(),
        "header.c",
        "#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x > 10) { assert(x < 100); }\n  return 0;\n}\n",
    );
    let holds = write(
        dir.path(),
        "holds.c",
        "#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x > 10 && x < 50) { assert(x < 100); }\n  return 0;\n}\n",
    );
    let bare = write(
        dir.path(),
        "bare.c",
        "extern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  assert(x != 7);\n  return 0;\n}\n",
    );
    let verifier = write(
        dir.path(),
        "verifier.c",
        "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  __VERIFIER_assert(x != 3);\n  return 0;\n}\n",
    );
    let note = "under unreach-call a failing assert only aborts";
    // Under unreach-call: TRUE, with the note (and without it where asked for JSON).
    let o = boulder(&["verify", &header, "--timelimit", "30"]);
    assert_eq!(first_line(&o), "Verification result: TRUE");
    assert!(String::from_utf8_lossy(&o.stderr).contains(note));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--prop assert"));
    let o = boulder(&["verify", &header, "--timelimit", "30", "--json"]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains(note));
    let o = boulder(&["verify", &verifier, "--timelimit", "30"]);
    assert!(
        !String::from_utf8_lossy(&o.stderr).contains(note),
        "no assert() called"
    );
    // Under `--prop assert`: each failing assert is a FALSE that replayed (verify prints a
    // FALSE only then), whose witness `validate` confirms; the trace reads like the program.
    for (file, name) in [
        (&header, "header"),
        (&bare, "bare"),
        (&verifier, "verifier"),
    ] {
        let w = dir.path().join(format!("{name}.graphml"));
        let o = boulder(&[
            "verify",
            file,
            "--prop",
            "assert",
            "--timelimit",
            "30",
            "--cex",
            "--witness",
            w.to_str().unwrap(),
        ]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(
            first_line(&o),
            "Verification result: FALSE(assert)",
            "{name}: {out}"
        );
        assert!(
            !out.contains("# 5 \""),
            "{name}: a line marker in the trace: {out}"
        );
        let witness = std::fs::read_to_string(&w).unwrap();
        assert!(
            witness.contains("CHECK( init(main()), LTL(G assert) )"),
            "{name}"
        );
        let o = boulder(&["validate", file, "--witness", w.to_str().unwrap()]);
        assert_eq!(
            first_line(&o),
            "Verification result: FALSE(assert)",
            "{name}"
        );
    }
    let o = boulder(&[
        "verify",
        &header,
        "--prop",
        "assert",
        "--cex",
        "--timelimit",
        "30",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("[x < 100]  "), "{out}");
    let o = boulder(&["verify", &holds, "--prop", "assert", "--timelimit", "30"]);
    assert_eq!(first_line(&o), "Verification result: TRUE");
}

/// Point 8: `main(int argc, char **argv)`: `argc` is an input, nonnegative, and the replay
/// passes as many arguments, so such a counterexample replays; the witnesses say `argc`
/// and `validate` confirms them.
#[test]
fn a_counterexample_through_argc_replays_with_that_many_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "argc.c",
        "extern void reach_error(void);\n\
         int main(int argc, char **argv) {\n  if (argc == 3) reach_error();\n  return 0;\n}\n",
    );
    let (g, y) = (dir.path().join("w.graphml"), dir.path().join("w.yml"));
    let o = boulder(&[
        "verify",
        &file,
        "--timelimit",
        "30",
        "--cex",
        "--witness",
        g.to_str().unwrap(),
        "--witness",
        y.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    // Printed only after the replay reproduced it.
    assert_eq!(
        first_line(&o),
        "Verification result: FALSE(unreach-call)",
        "{out}"
    );
    assert!(
        out.contains("line    2  main(int argc, char **argv)  input: argc = 3"),
        "{out}"
    );
    for w in [&g, &y] {
        let o = boulder(&["validate", &file, "--witness", w.to_str().unwrap()]);
        assert_eq!(
            first_line(&o),
            "Verification result: FALSE(unreach-call)",
            "{w:?}"
        );
    }
    // argc is never negative (C11 5.1.2.2.1:2): no counterexample through `argc < 0`.
    let safe = write(
        dir.path(),
        "nonnegative.c",
        "extern void reach_error(void);\n\
         int main(int argc, char **argv) {\n  if (argc < 0) reach_error();\n  return 0;\n}\n",
    );
    let o = boulder(&["verify", &safe, "--timelimit", "30"]);
    assert_eq!(first_line(&o), "Verification result: TRUE");
}
