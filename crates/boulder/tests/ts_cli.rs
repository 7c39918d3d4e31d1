//! The bit-level engines from the command line: `boulder ts` (sizes, DimSpec, AIGER),
//! `verify --engine ts-bmc|ic3|sim` on C programs (FALSE replayed with gcc, TRUE certified),
//! DimSpec files as input, ABC on Boulder's AIGER, and each option reaching what it
//! names (the statistics report what ran).

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn boulder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("boulder runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let o = boulder(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

fn verify(file: &str, engine: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["verify", file, "--engine", engine, "--json"];
    args.extend_from_slice(extra);
    json(&args)
}

#[test]
fn c_programs_are_decided_with_evidence() {
    for engine in ["ts-bmc", "ic3"] {
        let v = verify("examples/c/locks_unsafe.c", engine, &[]);
        assert_eq!(v["verdict"], "FALSE", "{engine}: {v}");
        assert!(
            v["stats"]["replay"]
                .as_str()
                .unwrap()
                .starts_with("reproduced"),
            "{engine}: {v}"
        );
    }
    let v = verify("examples/c/locks_safe.c", "ic3", &[]);
    assert_eq!(v["verdict"], "TRUE", "{v}");
    assert_eq!(v["stats"]["certificate"], "valid");
    // ts-bmc proves what has no path longer than the bound.
    let v = verify(
        "examples/cfa/count_up_safe.cfa",
        "ts-bmc",
        &["--bound", "30"],
    );
    assert_eq!(v["verdict"], "TRUE", "{v}");
    let v = verify("examples/c/locks_safe.c", "ts-bmc", &["--bound", "10"]);
    assert_eq!(v["reason"], "bound 10 reached", "{v}");
    // no-overflow: the overflow is reached and replays under the sanitizer.
    let v = verify("examples/c/overflow.c", "ic3", &["--prop", "no-overflow"]);
    assert_eq!(v["verdict"], "FALSE", "{v}");
    assert_eq!(v["violated_property"], "no-overflow");
}

#[test]
fn random_simulation_finds_long_counterexamples_that_replay() {
    // 10,000 iterations without inputs; 2,000 with one input each, all of which the
    // counterexample has to carry to gcc.
    for (file, at_least) in [
        ("examples/c/long_cex_unsafe.c", 10_000),
        ("examples/c/long_cex_inputs_unsafe.c", 2_000),
    ] {
        let v = verify(file, "sim", &["--timelimit", "60"]);
        assert_eq!(v["verdict"], "FALSE", "{file}: {v}");
        assert!(
            v["stats"]["replay"]
                .as_str()
                .unwrap()
                .starts_with("reproduced"),
            "{file}: {v}"
        );
        assert!(
            v["stats"]["sim.trace_steps"].as_u64().unwrap() > at_least,
            "{file}: {v}"
        );
        // What simulation finds at once, bounded unrolling does not reach.
        let v = verify(file, "ts-bmc", &["--bound", "200"]);
        assert_eq!(v["reason"], "bound 200 reached", "{file}: {v}");
    }
    // It proves nothing: a safe program is UNKNOWN after its rounds.
    let v = verify("examples/c/locks_safe.c", "sim", &[]);
    assert_eq!(v["verdict"], "UNKNOWN", "{v}");
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .starts_with("random simulation"),
        "{v}"
    );
    assert_eq!(v["stats"]["sim.rounds"], 12, "{v}");
    // --sim-seconds ends the search before the time limit (the portfolio's 2 s).
    let v = verify(
        "examples/c/locks_safe.c",
        "sim",
        &["--sim-seconds", "0.5", "--timelimit", "60"],
    );
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .ends_with("within --sim-seconds"),
        "{v}"
    );
}

#[test]
fn the_system_is_built_from_the_cfa_the_options_name() {
    let size = |extra: &[&str]| {
        let mut args = vec!["ts", "examples/c/locks_unsafe.c", "--json"];
        args.extend_from_slice(extra);
        json(&args)
    };
    let lbe = size(&[]);
    let sbe = size(&["--ts-cfa", "sbe"]);
    assert_eq!(lbe["lbe"], "full");
    assert_eq!(sbe["lbe"], "none");
    assert!(lbe["edges"].as_u64() < sbe["edges"].as_u64(), "{lbe} {sbe}");
    let all = size(&["--no-liveness"]);
    assert!(all["state_bits"].as_u64() >= lbe["state_bits"].as_u64());
    assert_eq!(
        lbe["state_bits_without_liveness"], all["state_bits"],
        "liveness off keeps exactly every variable"
    );
    for (k, v) in [("i", &lbe["clauses"]["i"]), ("t", &lbe["clauses"]["t"])] {
        assert!(v.as_u64().unwrap() > 0, "{k} clauses");
    }
    // verify reports the same sizes for the CFA it runs on.
    let v = verify("examples/c/locks_unsafe.c", "ts-bmc", &["--ts-cfa", "sbe"]);
    assert_eq!(v["stats"]["ts.edges"], sbe["edges"]);
    assert_eq!(v["stats"]["lbe.level"], "none");
}

#[test]
fn dimspec_written_by_boulder_is_solved_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for (file, verdict) in [
        ("examples/c/locks_unsafe.c", "FALSE"),
        ("examples/c/locks_safe.c", "TRUE"),
    ] {
        let out = dir.path().join("p.dimspec");
        let o = boulder(&["ts", file, "--dimspec", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.lines().any(|l| l.starts_with("t cnf ")));
        let v = verify(out.to_str().unwrap(), "ic3", &[]);
        assert_eq!(v["verdict"], verdict, "{file}: {v}");
        if verdict == "FALSE" {
            let v = verify(out.to_str().unwrap(), "ts-bmc", &[]);
            assert_eq!(v["verdict"], "FALSE", "{file}: {v}");
        }
    }
    // Other engines do not read DimSpec: a clear error.
    let o = boulder(&[
        "verify",
        "examples/dimspec/counter_reaches_3.dimspec",
        "--engine",
        "cegar",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("DimSpec"));
}

#[test]
fn ic3_options_reach_the_engine() {
    let file = "examples/cfa/count_up_safe.cfa";
    let base = verify(file, "ic3", &[]);
    let stat = |v: &serde_json::Value, k: &str| v["stats"][k].as_u64().unwrap();
    let no_ctg = verify(file, "ic3", &["--ic3-ctg", "0"]);
    let no_gen = verify(file, "ic3", &["--ic3-no-generalize"]);
    let no_lift = verify(file, "ic3", &["--ic3-no-lift"]);
    for v in [&base, &no_ctg, &no_gen, &no_lift] {
        assert_eq!(v["verdict"], "TRUE", "{v}");
        assert_eq!(v["stats"]["certificate"], "valid");
    }
    assert!(stat(&base, "ic3.ctgs") > 0, "{base}");
    assert_eq!(stat(&no_ctg, "ic3.ctgs"), 0);
    assert!(stat(&base, "ic3.generalize_removed_literals") > 0);
    assert_eq!(stat(&no_gen, "ic3.generalize_removed_literals"), 0);
    assert!(stat(&base, "ic3.lift_removed_literals") > 0);
    assert_eq!(stat(&no_lift, "ic3.lift_removed_literals"), 0);
    let dir = tempfile::tempdir().unwrap();
    let inv = dir.path().join("inv.txt");
    let v = verify(file, "ic3", &["--invariant-out", inv.to_str().unwrap()]);
    assert_eq!(v["verdict"], "TRUE");
    let text = std::fs::read_to_string(&inv).unwrap();
    assert!(text.contains("Per location"), "{text}");
    assert!(text.contains("x"), "{text}");
}

/// ABC's `pdr` (a second, independent IC3) on Boulder's AIGER export agrees with the
/// expected verdicts.
#[test]
fn abc_reads_the_aiger_export_and_agrees() {
    if Command::new("berkeley-abc").arg("-h").output().is_err() {
        panic!("berkeley-abc is not installed: run ./setup.sh");
    }
    let dir = tempfile::tempdir().unwrap();
    for (file, safe) in [
        ("examples/c/locks_unsafe.c", false),
        ("examples/c/locks_safe.c", true),
        ("examples/cfa/count_up_unsafe.cfa", false),
        ("examples/cfa/array_safe.cfa", true),
    ] {
        let aig = dir.path().join("m.aig");
        let o = boulder(&["ts", file, "--aiger", aig.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let o = Command::new("berkeley-abc")
            .arg("-c")
            .arg(format!("read_aiger {}; pdr", aig.display()))
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        if safe {
            assert!(out.contains("Property proved"), "{file}: {out}");
        } else {
            assert!(out.contains("was asserted in frame"), "{file}: {out}");
        }
        // The comparison configuration: ABC's counterexample, read back, replays.
        let v = verify(file, "abc-pdr", &[]);
        assert_eq!(
            v["verdict"],
            if safe { "TRUE" } else { "FALSE" },
            "{file}: {v}"
        );
        if !safe && file.ends_with(".c") {
            assert!(v["stats"]["replay"]
                .as_str()
                .unwrap()
                .starts_with("reproduced"));
        }
    }
}
