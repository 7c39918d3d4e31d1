//! Issue 38, points 2 and 5: one UNKNOWN reason, once, in a C programmer's words, with its
//! place as a compiler gives it; the per-engine detail in `--stats`/`--json`; how far the
//! engines got when time runs out or a signal ends the run; `-v` lines from inside every
//! engine.

mod support;

use std::path::Path;
use support::{boulder, first_line};

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// A pointer stored into an integer: a construct the front end leaves out, on the only
/// path to the error.
const POINTER_AS_INTEGER: &str = "extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int *p = &a;
  long q = (long)p;
  int *r = (int *)q;
  if (*r == 5) reach_error();
  return 0;
}
";

/// A call of a function without a definition after a loop that BMC cannot unroll.
const UNDEFINED_CALL: &str = "extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern int mystery(int);
int main(void) {
  int a = __VERIFIER_nondet_int();
  while (a < 1000000) { a = a + 1; }
  if (mystery(a) == 5) reach_error();
  return 0;
}
";

/// A loop no engine decides quickly: every engine passes its milestones and works on.
const COUNTING: &str = "extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint(), x = 0, y = 1, z = 0;
  while (x < n) { x++; y = y * 3 + x; z += y % 7; }
  if (z == 123456789 && y == 77) reach_error();
  return 0;
}
";

#[test]
fn an_unsupported_construct_is_one_reason_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, what, at) in [
        (
            "p.c",
            POINTER_AS_INTEGER,
            "a pointer used as an integer",
            "p.c:6:12",
        ),
        (
            "m.c",
            UNDEFINED_CALL,
            "a call of `mystery`, a function declared but not defined",
            "m.c:7:7",
        ),
    ] {
        let file = write(dir.path(), name, text);
        let o = boulder(&["verify", &file, "--timelimit", "60", "--stats"]);
        let out = String::from_utf8_lossy(&o.stdout);
        let line = first_line(&o);
        assert!(
            line.starts_with("Verification result: UNKNOWN (unsupported: ")
                && line.contains(what)
                && line.ends_with(&format!("{at})")),
            "{line}"
        );
        // No engine's name and no list on the verdict line; the detail in the statistics,
        // and the race stopped at the engine that settled it (the others never ran or
        // were stopped, not left to time out).
        assert!(!line.contains(';') && !line.contains("cegar:"), "{line}");
        assert!(out.contains("portfolio.decided_by"), "{out}");
        assert!(!out.contains("(timeout"), "{out}");
        let o = boulder(&["verify", &file, "--timelimit", "60", "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["unknown"]["class"], "unsupported", "{v}");
        assert_eq!(v["unknown"]["what"], what, "{v}");
        assert!(v["unknown"]["at"].as_str().unwrap().ends_with(at), "{v}");
        assert_eq!(v["unknown"]["settled"], true, "{v}");
    }
}

#[test]
fn a_construct_on_a_path_that_never_reaches_it_does_not_stand_in_the_way() {
    // The bug is on the other branch: FALSE, whatever the construct.
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "other.c",
        "extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a > 0) { int *p = &a; long q = (long)p; return (int)q; }
  if (a == -3) reach_error();
  return 0;
}
",
    );
    let o = boulder(&["verify", &file, "--timelimit", "60"]);
    assert_eq!(first_line(&o), "Verification result: FALSE(unreach-call)");
}

#[test]
fn an_interrupted_run_of_one_engine_says_how_far_it_got() {
    // BMC passes its first bounds and then works for long.
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "count.c", COUNTING);
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args([
            "verify", &file, "--engine", "bmc", "--bound", "1000000", "--stats", "-v",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("Verification result: UNKNOWN (interrupted; reached bound "),
        "{out}"
    );
    // The statistics so far.
    assert!(out.contains("Statistics:\n"), "{out}");
    assert!(out.contains("  reached "), "{out}");
    assert!(out.contains("  time.total "), "{out}");
    assert_eq!(o.status.code(), Some(128 + 15));
    // `-v`: BMC's bounds as it passes them, at most one line a second.
    let err = String::from_utf8_lossy(&o.stderr);
    let bounds: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("] bmc: reached bound "))
        .collect();
    assert!(!bounds.is_empty() && bounds.len() <= 4, "{err}");
}

#[test]
fn verbose_shows_every_engines_milestones() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "count.c", COUNTING);
    for (engine, milestone) in [
        ("ic3", "] ic3: reached frame "),
        ("cegar", "] cegar: reached 1 refinement"),
        ("ts-bmc", "] ts-bmc: reached bound "),
        ("symex", "] symex: reached bound "),
        ("kind", "] kind: reached bound "),
    ] {
        let o = boulder(&[
            "verify",
            &file,
            "--engine",
            engine,
            "--timelimit",
            "2",
            "-v",
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(milestone), "{engine}: {err}");
        let line = first_line(&o);
        assert!(
            line.starts_with("Verification result: UNKNOWN (timeout; reached "),
            "{engine}: {line}"
        );
    }
}

#[test]
fn threads_are_named_as_a_c_programmer_names_them() {
    let o = boulder(&[
        "verify",
        "../shared/benchmarks/cpachecker/test/programs/simple/atomic/atomic.c",
        "--timelimit",
        "60",
    ]);
    let line = first_line(&o);
    assert!(
        line.starts_with(
            "Verification result: UNKNOWN (unsupported: threads (`pthread_create`) at "
        ) && line.contains("atomic.c:"),
        "{line}"
    );
}
