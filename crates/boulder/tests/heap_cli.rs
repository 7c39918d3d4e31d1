//! The heap and pointers with several targets: lists and trees built with `malloc`,
//! `calloc`, `realloc`, `free`, `?:` and `if` choosing between objects, pointers stored in structs
//! and returned by functions, a pointer to a pointer (`struct node **`). Every engine that decides them decides them right (FALSE
//! replayed inside `verify`, TRUE certified); undefined behaviour and the heap bound are
//! UNKNOWNs that name them; the portfolio raises the bound.

mod support;

use support::{boulder, lint, verify_line};

const DIR: &str = "examples/c/heap";

fn verdict(file: &str, extra: &[&str]) -> String {
    verdict_within(file, extra, "60")
}

fn verdict_within(file: &str, extra: &[&str], seconds: &str) -> String {
    verify_line(&format!("{DIR}/{file}"), extra, seconds)
}

const DECIDED: [(&str, &str); 11] = [
    ("list_safe.c", "TRUE"),
    ("list_unsafe.c", "FALSE(unreach-call)"),
    ("list_nondet_unsafe.c", "FALSE(unreach-call)"),
    ("tree_safe.c", "TRUE"),
    ("tree_unsafe.c", "FALSE(unreach-call)"),
    ("choose_safe.c", "TRUE"),
    ("choose_unsafe.c", "FALSE(unreach-call)"),
    ("calloc_safe.c", "TRUE"),
    ("list_long_safe.c", "TRUE"),
    ("append_safe.c", "TRUE"),
    ("append_unsafe.c", "FALSE(unreach-call)"),
];

#[test]
fn the_portfolio_decides_every_heap_example() {
    for (file, want) in DECIDED {
        assert_eq!(
            verdict(file, &[]),
            format!("Verification result: {want}"),
            "{file}"
        );
    }
}

/// `engine` alone decides every heap example (the long list with a heap bound of 12).
fn engine_decides_every_heap_example(engine: &str) {
    for (file, want) in DECIDED {
        let mut extra = vec!["--engine", engine];
        if file == "list_long_safe.c" {
            extra.extend(["--heap-bound", "12"]);
        }
        assert_eq!(
            verdict(file, &extra),
            format!("Verification result: {want}"),
            "{engine} on {file}"
        );
    }
}

#[test]
fn bit_level_bmc_decides_every_heap_example_within_the_bound() {
    engine_decides_every_heap_example("ts-bmc");
}

/// `choose_unsafe.c` guards symex's merge of states: the error location's run was once
/// merged into a special location's and lost (an UNKNOWN for a FALSE program).
#[test]
fn symbolic_execution_decides_every_heap_example() {
    engine_decides_every_heap_example("symex");
}

#[test]
fn the_smt_engines_never_answer_wrong_on_the_heap_examples() {
    // They may give up (CEGAR's refinement on list shapes, time), never contradict.
    for engine in ["bmc", "cegar", "kind"] {
        for (file, want) in DECIDED {
            let got = verdict_within(file, &["--engine", engine], "5");
            assert!(
                got == format!("Verification result: {want}")
                    || got.starts_with("Verification result: UNKNOWN"),
                "{engine} on {file}: {got}"
            );
        }
    }
    for engine in ["bmc", "cegar", "kind"] {
        assert_eq!(
            verdict("choose_unsafe.c", &["--engine", engine]),
            "Verification result: FALSE(unreach-call)",
            "{engine}"
        );
        assert_eq!(
            verdict("choose_safe.c", &["--engine", engine]),
            "Verification result: TRUE",
            "{engine}"
        );
    }
    assert_eq!(
        verdict("list_unsafe.c", &["--engine", "bmc"]),
        "Verification result: FALSE(unreach-call)"
    );
    assert_eq!(
        verdict("calloc_safe.c", &["--engine", "bmc"]),
        "Verification result: TRUE"
    );
}

#[test]
fn use_after_free_is_undefined_behaviour_not_a_verdict() {
    for engine in ["bmc", "cegar", "ts-bmc"] {
        let got = verdict("free_unsafe.c", &["--engine", engine]);
        assert!(
            got.starts_with("Verification result: UNKNOWN")
                && got.contains("access to memory after it is freed at ")
                && got.contains("free_unsafe.c:11:"),
            "{engine}: {got}"
        );
    }
}

#[test]
fn the_heap_bound_is_an_unknown_that_names_it_until_raised() {
    let below = verdict("list_long_safe.c", &["--engine", "ts-bmc"]);
    assert!(
        below.starts_with("Verification result: UNKNOWN")
            && below.contains("more than 8 objects allocated at this call")
            && below.contains("--heap-bound"),
        "{below}"
    );
    let o = boulder(&[
        "verify",
        &format!("{DIR}/list_long_safe.c"),
        "--timelimit",
        "60",
        "--stats",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("ts-bmc (heap bound 32)"), "{out}");
    // No bound covers a list of any length: UNKNOWN, with the bound named.
    let any = verdict("list_nondet_safe.c", &["--engine", "bmc"]);
    assert!(
        any.starts_with("Verification result: UNKNOWN") && any.contains("--heap-bound"),
        "{any}"
    );
}

#[test]
fn realloc_to_a_run_time_size_is_an_unknown_that_names_it() {
    for engine in ["bmc", "cegar", "ts-bmc"] {
        let got = verdict("realloc_grow_safe.c", &["--engine", engine]);
        assert!(
            got.starts_with("Verification result: UNKNOWN")
                && got.contains("`realloc` to a size known only when the program runs at ")
                && got.contains("realloc_grow_safe.c:10:"),
            "{engine}: {got}"
        );
    }
}

#[test]
fn the_violation_witness_of_a_heap_bug_passes_the_linter() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.graphml");
    let w = w.to_str().unwrap();
    assert_eq!(
        verdict("tree_unsafe.c", &["--engine", "ts-bmc", "--witness", w]),
        "Verification result: FALSE(unreach-call)"
    );
    lint(&format!("{DIR}/tree_unsafe.c"), std::path::Path::new(w));
}
