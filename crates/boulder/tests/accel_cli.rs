//! Loop acceleration from the command line (`examples/c/accel`, docs/engines/acceleration.md):
//! counterexamples 10^5 to 10^9 iterations long (counters, an accumulated sum), which no unrolling reaches, are found on
//! the accelerated CFA and replayed with gcc inside `verify`; the portfolio finds them by
//! its accelerated bit-level BMC run; and a proof on the accelerated CFA is a proof of
//! the program (the reachable states are the same).

mod support;

use support::verify_line;

const DIR: &str = "examples/c/accel";
/// Counters alone; counters with an accumulator and the copy of `i++` (`triangle`).
const UNSAFE: [&str; 3] = [
    "count_up_unsafe.c",
    "countdown_wrap_unsafe.c",
    "triangle_unsafe.c",
];
const FALSE: &str = "Verification result: FALSE(unreach-call)";

fn verdict(file: &str, extra: &[&str]) -> String {
    verify_line(&format!("{DIR}/{file}"), extra, "60")
}

#[test]
fn the_portfolio_finds_a_long_counterexample() {
    // After symex's slot (15 s at this limit): the accelerated ts-bmc run.
    assert_eq!(verdict(UNSAFE[1], &[]), FALSE);
}

#[test]
fn bounded_engines_find_them_on_the_accelerated_cfa_only() {
    for file in UNSAFE {
        // ts-bmc accelerates by default; without acceleration it stops at its bound.
        assert_eq!(verdict(file, &["--engine", "ts-bmc"]), FALSE, "{file}");
        assert_eq!(
            verdict(
                file,
                &["--engine", "ts-bmc", "--accelerate", "off", "--bound", "30"]
            ),
            "Verification result: UNKNOWN (bound 30 reached)",
            "{file}"
        );
    }
    for engine in ["bmc", "symex"] {
        assert_eq!(
            verdict(
                "count_up_unsafe.c",
                &["--engine", engine, "--accelerate", "on"]
            ),
            FALSE,
            "{engine}"
        );
    }
}

#[test]
fn a_proof_on_the_accelerated_cfa_proves_the_program() {
    for accelerate in ["on", "off"] {
        assert_eq!(
            verdict(
                "count_up_safe.c",
                &["--engine", "kind", "--accelerate", accelerate]
            ),
            "Verification result: TRUE",
            "kind, --accelerate {accelerate}"
        );
    }
}
