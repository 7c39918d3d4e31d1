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
        if json {
            let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
            assert_eq!(v["verdict"], "UNKNOWN", "{out}");
            assert_eq!(v["reason"], "interrupted", "{out}");
        } else {
            assert_eq!(out, "Verification result: UNKNOWN (interrupted)\n");
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
