//! `--split`: every value reaches its strategy, `auto` races them, and the explosion
//! guard stops a strategy whose abstractions blow up.

use serde_json::Value as Json;
use std::path::PathBuf;
use std::process::Command;

fn boulder(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(args)
        .output()
        .expect("boulder runs")
}

/// `boulder gen FAMILY N` written to a file of its own, in a folder removed when the
/// returned guard is dropped.
fn generated(family: &str, n: usize) -> (tempfile::TempDir, PathBuf) {
    let o = boulder(&["gen", family, &n.to_string()]);
    assert!(o.status.success());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{family}{n}.c"));
    std::fs::write(&path, &o.stdout).unwrap();
    (dir, path)
}

fn verify_json(file: &std::path::Path, extra: &[&str]) -> Json {
    let mut args = vec![
        "verify",
        file.to_str().unwrap(),
        "--json",
        "--timelimit",
        "60",
    ];
    args.extend_from_slice(extra);
    let o = boulder(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn every_split_value_runs_its_strategy() {
    // SEQ+RCT needs refinements, so each strategy is asked to split interpolants.
    let (_dir, file) = generated("seq-rct", 4);
    for split in ["atomic", "none", "conjuncts", "pdg", "cdg", "ssa"] {
        let v = verify_json(
            &file,
            &["--engine", "cegar", "--block", "l", "--split", split],
        );
        assert_eq!(v["verdict"], "TRUE", "{split}: {v}");
        let stats = &v["stats"];
        assert_eq!(stats["cegar.split"], split);
        assert!(stats["cegar.refinements"].as_u64().unwrap() > 0, "{split}");
        let has_deps = stats.get("time.dependences").is_some();
        assert_eq!(has_deps, matches!(split, "pdg" | "cdg"), "{split}");
        assert!(stats["time.analysis"].as_f64().is_some());
    }
}

#[test]
fn the_dependence_strategies_keep_correlations_whole() {
    // SEQUENTIAL with 10 choices: split into atoms, the abstraction at the loop head
    // enumerates 2^10 models; the dependence-based strategies keep each `a_i`/`l_i`
    // correlation whole and need one.
    let (_dir, file) = generated("sequential", 10);
    let models = |split: &str| {
        let v = verify_json(
            &file,
            &["--engine", "cegar", "--block", "l", "--split", split],
        );
        assert_eq!(v["verdict"], "TRUE", "{split}: {v}");
        v["stats"]["cegar.allsat_models_max"].as_u64().unwrap()
    };
    assert!(models("atomic") >= 1024);
    for split in ["none", "pdg", "cdg", "ssa"] {
        assert_eq!(models(split), 1, "{split}");
    }
}

#[test]
fn the_explosion_guard_gives_up_and_auto_moves_on() {
    let (_dir, file) = generated("sequential", 12);
    let v = verify_json(
        &file,
        &[
            "--engine",
            "cegar",
            "--block",
            "l",
            "--split",
            "atomic",
            "--max-allsat-models",
            "100",
        ],
    );
    assert_eq!(v["verdict"], "UNKNOWN");
    assert!(
        v["reason"].as_str().unwrap().contains("ALLSAT explosion"),
        "{v}"
    );
    let v = verify_json(
        &file,
        &["--engine", "cegar", "--block", "l", "--split", "auto"],
    );
    assert_eq!(v["verdict"], "TRUE", "{v}");
    let stats = &v["stats"];
    assert!(stats["split_auto.decided_by"].is_string(), "{stats}");
    // The winner's own statistics come along, under its strategy's name.
    assert_eq!(stats["cegar.split"], stats["split_auto.decided_by"]);
    // Only the first strategy (and whoever takes its place) runs at this process's CPU
    // priority; the others run at nice 19 and say so.
    let own = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    let nice = stats
        .get("process.nice")
        .and_then(Json::as_i64)
        .unwrap_or(0);
    match stats["split_auto.decided_by"].as_str().unwrap() {
        "atomic" => assert_eq!(nice, i64::from(own), "{stats}"),
        "ssa" => assert_eq!(nice, 19, "{stats}"),
        // A later strategy takes the priority of the one it replaces.
        _ => assert!(nice == i64::from(own) || nice == 19, "{stats}"),
    }
}

#[test]
fn auto_reports_a_bug_with_a_counterexample() {
    let o = boulder(&["gen", "sequential", "5", "--unsafe"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sequential5_unsafe.c");
    std::fs::write(&file, &o.stdout).unwrap();
    let v = verify_json(&file, &["--engine", "cegar", "--split", "auto"]);
    assert_eq!(v["verdict"], "FALSE", "{v}");
    assert!(v["counterexample"].is_object());
}
