//! CEGAR on the generated families, end to end through the command line: safe variants
//! are TRUE with a valid certificate, unsafe variants FALSE (which `verify` prints only
//! after the counterexample replayed with gcc); the LBE ART of test-locks does not grow
//! with N, while the single-block ART with Cartesian abstraction does (FMCAD'09).

use std::path::{Path, PathBuf};
use std::process::Command;

fn boulder(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(args)
        .output()
        .expect("boulder runs")
}

fn generate(dir: &Path, family: &str, n: u32, unsafe_variant: bool) -> PathBuf {
    let mut args = vec!["gen", family];
    let n_text = n.to_string();
    args.push(&n_text);
    if unsafe_variant {
        args.push("--unsafe");
    }
    let o = boulder(&args);
    assert!(o.status.success());
    let path = dir.join(format!(
        "{family}_{n}{}.c",
        if unsafe_variant { "_unsafe" } else { "" }
    ));
    std::fs::write(&path, &o.stdout).unwrap();
    path
}

fn verify(path: &Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "verify",
        path.to_str().unwrap(),
        "--engine",
        "cegar",
        "--json",
        "--timelimit",
        "120",
    ];
    args.extend_from_slice(extra);
    let o = boulder(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn every_family_gets_its_verdict_for_small_n() {
    let dir = tempfile::tempdir().unwrap();
    for family in ["test-locks", "exp-art", "sequential", "reactive", "seq-rct"] {
        for n in 1..=3 {
            let safe = verify(&generate(dir.path(), family, n, false), &[]);
            assert_eq!(safe["verdict"], "TRUE", "{family} {n}: {safe}");
            assert_eq!(safe["stats"]["certificate"], "valid", "{family} {n}");
            let bug = verify(&generate(dir.path(), family, n, true), &[]);
            assert_eq!(bug["verdict"], "FALSE", "{family} {n} --unsafe: {bug}");
            let replay = bug["stats"]["replay"].as_str().unwrap_or_default();
            assert!(
                replay.starts_with("reproduced"),
                "{family} {n} --unsafe: {replay}"
            );
        }
    }
}

#[test]
fn the_lbe_art_of_test_locks_does_not_grow_with_n() {
    let dir = tempfile::tempdir().unwrap();
    let mut sizes = Vec::new();
    for n in [2, 8, 32] {
        let v = verify(&generate(dir.path(), "test-locks", n, false), &[]);
        assert_eq!(v["verdict"], "TRUE");
        sizes.push(v["stats"]["cegar.art_nodes"].as_u64().unwrap());
    }
    assert!(sizes.windows(2).all(|w| w[0] == w[1]), "{sizes:?}");
}

#[test]
fn the_single_block_cartesian_art_of_test_locks_grows_with_n() {
    let dir = tempfile::tempdir().unwrap();
    let mut sizes = Vec::new();
    for n in [1, 2, 3] {
        let v = verify(
            &generate(dir.path(), "test-locks", n, false),
            &["--block", "sbe", "--abstraction", "cartesian"],
        );
        assert_eq!(v["verdict"], "TRUE", "{v}");
        sizes.push(v["stats"]["cegar.art_nodes"].as_u64().unwrap());
    }
    // More than doubling with each lock (the LBE ART above stays constant).
    assert!(sizes.windows(2).all(|w| w[1] > 2 * w[0]), "{sizes:?}");
}
