//! The BenchExec tool-info module (`contrib/benchexec/boulder.py`), checked with
//! BenchExec's own `test_tool_info` from PyPI (installed by `setup.sh` into
//! `.venv/benchexec`): it finds the executable, builds command lines, and parses Boulder's
//! TRUE, FALSE and UNKNOWN outputs.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn benchexec_accepts_the_tool_info_module_and_parses_every_verdict() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap();
    let python = root.join(".venv/benchexec/bin/python");
    assert!(
        python.exists(),
        "BenchExec is missing: run ./setup.sh (it installs it into .venv/benchexec)"
    );
    let dir = tempfile::tempdir().unwrap();
    let boulder = env!("CARGO_BIN_EXE_boulder");
    let outputs = [
        (
            "true.txt",
            vec!["verify", "examples/cfa/straight_safe.cfa", "--stats"],
            "“true”",
        ),
        (
            "false.txt",
            vec!["verify", "examples/c/locks_unsafe.c", "--stats"],
            "“false(unreach-call)”",
        ),
        (
            "overflow.txt",
            vec![
                "verify",
                "examples/c/overflow.c",
                "--prop",
                "no-overflow",
                "--stats",
            ],
            "“false(no-overflow)”",
        ),
        (
            "unknown.txt",
            vec![
                "verify",
                "examples/c/count_safe.c",
                "--engine",
                "bmc",
                "--bound",
                "3",
                "--stats",
            ],
            "“unknown”",
        ),
    ];
    let mut files = Vec::new();
    for (name, args, _) in &outputs {
        let o = Command::new(boulder)
            .args(args)
            .current_dir(&root)
            .output()
            .unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, &o.stdout).unwrap();
        files.push(path);
    }
    // The tool-info module looks for target/release/boulder below the tool directory.
    let tool_dir = dir.path().join("tool");
    std::fs::create_dir_all(tool_dir.join("target/release")).unwrap();
    std::os::unix::fs::symlink(boulder, tool_dir.join("target/release/boulder")).unwrap();
    let task = dir.path().join("task.yml");
    std::fs::write(
        &task,
        format!(
            "format_version: '2.0'\ninput_files: '{}'\nproperties:\n  - property_file: {}\n    expected_verdict: false\noptions:\n  language: C\n  data_model: LP64\n",
            root.join("examples/c/locks_unsafe.c").display(),
            root.join("contrib/benchexec/properties/unreach-call.prp").display()
        ),
    )
    .unwrap();
    let o = Command::new(&python)
        .args([
            "-m",
            "benchexec.test_tool_info",
            "contrib.benchexec.boulder",
            "--no-container",
            "--tool-directory",
        ])
        .arg(&tool_dir)
        .arg("--task-definition")
        .arg(&task)
        .arg("--tool-output")
        .args(&files)
        .env("PYTHONPATH", &root)
        .current_dir(&root)
        .output()
        .unwrap();
    // test_tool_info reports on stderr.
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.status.success(), "{out}");
    assert!(out.contains("Name of tool: “Boulder”"), "{out}");
    assert!(
        out.contains(&format!("Version: “{}”", env!("CARGO_PKG_VERSION"))),
        "{out}"
    );
    assert!(out.contains("'--spec'") && out.contains("'--64'"), "{out}");
    // Witnesses in both formats, where SV-COMP collects them.
    assert!(
        out.contains("'--witness', 'witness.graphml', '--witness', 'witness.yml'"),
        "{out}"
    );
    for ((name, _, expected), file) in outputs.iter().zip(&files) {
        let header = format!("Result of analyzing tool output in “{}”:", file.display());
        let after = out
            .split(&header)
            .nth(1)
            .unwrap_or_else(|| panic!("{name} not analysed: {out}"));
        let result = after.lines().nth(1).unwrap_or("").trim();
        assert_eq!(result, *expected, "{name}");
    }
}
