//! `boulder bench`: counters and score on a fake manifest whose outcomes are known, crash
//! and memory-out survival, validation of FALSE by replay, and of every TRUE's correctness
//! witness by `validate`.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn boulder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boulder"))
        .args(args)
        .output()
        .expect("boulder runs")
}

fn records(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("records.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

fn by_task(rs: &[serde_json::Value], task: &str) -> serde_json::Value {
    rs.iter().find(|r| r["task"] == task).unwrap().clone()
}

/// A tool that answers what the task file's first line says.
const FAKE: &str = r#"
if [ "$1" = "replay" ]; then
  if grep -q "replays: yes" "$2"; then echo "Replay result: REPRODUCED (fake)"; else echo "Replay result: NOT REPRODUCED (fake)"; fi
  exit 0
fi
file="$2"
cex=""
prev=""
for a in "$@"; do
  if [ "$prev" = "--cex-out" ]; then cex="$a"; fi
  prev="$a"
done
case "$(head -1 "$file")" in
  *"says: TRUE certified"*) echo '{"verdict":"TRUE","reason":null,"stats":{"certificate":"valid"}}' ;;
  *"says: TRUE forged"*) echo '{"verdict":"TRUE","reason":null,"stats":{"certificate":"invalid: not inductive"}}' ;;
  *"says: TRUE"*) echo '{"verdict":"TRUE","reason":null,"stats":{"engine.work":1}}' ;;
  *"says: FALSE"*) echo '{}' > "$cex"; echo '{"verdict":"FALSE","reason":null,"stats":{}}' ;;
  *"says: TIMEOUT"*) echo '{"verdict":"UNKNOWN","reason":"timeout","stats":{}}' ;;
  *"says: UNSUPPORTED"*) echo '{"verdict":"UNKNOWN","reason":"unsupported: floating point at line 3","stats":{}}' ;;
  *"says: BOUND"*) echo '{"verdict":"UNKNOWN","reason":"bound 10 reached","stats":{}}' ;;
  *"says: CRASH"*) kill -SEGV $$ ;;
  *"says: HANG"*) sleep 30 ;;
  *"says: GARBAGE"*) echo "not json"; exit 3 ;;
esac
"#;

#[test]
fn summary_counts_and_score_on_a_fake_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let tasks: [(&str, &str, &str); 13] = [
        ("t1.c", "says: TRUE", "true"),
        ("t2.c", "says: TRUE certified", "true"),
        ("t3.c", "says: TRUE", "false"),
        ("t4.c", "says: TRUE forged", "true"),
        ("f1.c", "says: FALSE replays: yes", "false"),
        ("f2.c", "says: FALSE replays: yes", "true"),
        ("f3.c", "says: FALSE replays: no", "false"),
        ("u1.c", "says: TIMEOUT", "true"),
        ("u2.c", "says: UNSUPPORTED", "false"),
        ("u3.c", "says: BOUND", "true"),
        ("c1.c", "says: CRASH", "true"),
        ("c2.c", "says: HANG", "false"),
        ("c3.c", "says: GARBAGE", "true"),
    ];
    let mut manifest = String::from("task,property,expected,data_model,category,source\n");
    for (file, says, expected) in tasks {
        std::fs::write(
            dir.path().join(file),
            format!("// {says}\nint main(void) {{ return 0; }}\n"),
        )
        .unwrap();
        let cat = if file.starts_with('t') || file.starts_with('f') {
            "decided"
        } else {
            "undecided"
        };
        manifest.push_str(&format!(
            "{file},unreach-call,{expected},ILP32,{cat},test\n"
        ));
    }
    std::fs::write(dir.path().join("m.csv"), manifest).unwrap();
    let tool = script(dir.path(), "fake", FAKE);
    let out = dir.path().join("out");
    let o = boulder(&[
        "bench",
        dir.path().join("m.csv").to_str().unwrap(),
        "--tool",
        tool.to_str().unwrap(),
        "--timelimit",
        "2",
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    // total: 13 tasks; TRUE: 2 correct, 2 wrong (expected false; certificate invalid);
    // FALSE: 1 correct, 2 wrong (expected true; does not replay); 6 unknown.
    let total = text.lines().find(|l| l.starts_with("total")).unwrap();
    let cols: Vec<&str> = total.split_whitespace().collect();
    assert_eq!(
        &cols[1..9],
        &[
            "13",
            "2",
            "1",
            "2",
            "2",
            "6",
            &(2 * 2 + 1 - 2 * 32 - 2 * 16).to_string(),
            cols[8]
        ],
        "{text}"
    );
    assert!(
        text.contains("UNKNOWN by reason: bound 1, crash 2, timeout 2, unsupported 1"),
        "{text}"
    );
    assert!(text.contains("SV-COMP score -91"), "{text}");
    assert!(
        text.contains("validation: 1 of 4 TRUE certified, 2 of 3 FALSE replayed"),
        "{text}"
    );
    let rs = records(&out);
    assert_eq!(rs.len(), 13);
    assert_eq!(by_task(&rs, "t4.c")["status"], "wrong");
    assert_eq!(by_task(&rs, "t2.c")["status"], "correct");
    let by = |f: &str| rs.iter().find(|r| r["task"] == f).unwrap().clone();
    assert_eq!(by("f3.c")["status"], "wrong");
    assert_eq!(by("f3.c")["replay"], "not reproduced (fake)");
    assert_eq!(by("f1.c")["status"], "correct");
    assert_eq!(by("c1.c")["reason_class"], "crash");
    assert_eq!(by("c2.c")["reason_class"], "timeout");
    assert!(by("c2.c")["wall_time"].as_f64().unwrap() < 10.0);
    assert_eq!(by("c3.c")["reason_class"], "crash");
    assert_eq!(by("t1.c")["stats"]["engine.work"], 1);
    // A line per finished task (standard error: this is not a terminal).
    let err = String::from_utf8_lossy(&o.stderr);
    let line = |task: &str| err.lines().find(|l| l.contains(task)).map(str::to_string);
    for (task, words) in [
        ("t2.c", ["correct", "TRUE"]),
        ("f3.c", ["wrong", "FALSE"]),
        ("c2.c", ["unknown", "UNKNOWN (timeout)"]),
    ] {
        let l = line(task).unwrap_or_else(|| panic!("no line for {task}:\n{err}"));
        assert!(words.iter().all(|w| l.contains(w)), "{l}");
    }
    let csv = std::fs::read_to_string(out.join("records.csv")).unwrap();
    assert_eq!(csv.lines().count(), 14);
    assert!(out.join("summary.txt").exists() && out.join("run.json").exists());
}

#[test]
fn the_bench_survives_crashing_configurations_and_memory_exhaustion() {
    let dir = tempfile::tempdir().unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = dir.path().join("m.csv");
    std::fs::write(
        &manifest,
        format!(
            "task,property,expected,data_model,category,source\n{}/examples/c/locks_unsafe.c,unreach-call,false,ILP32,ex,test\n{}/examples/c/overflow.c,no-overflow,false,ILP32,ex,test\n",
            root.display(),
            root.display()
        ),
    )
    .unwrap();
    // An option boulder rejects: every run exits with an error, the bench carries on.
    let out = dir.path().join("bad");
    let o = boulder(&[
        "bench",
        manifest.to_str().unwrap(),
        "--config",
        "--frobnicate",
        "--timelimit",
        "5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let rs = records(&out);
    assert_eq!(rs.len(), 2);
    assert!(
        rs.iter()
            .all(|r| r["reason_class"] == "crash" && r["verdict"] == "UNKNOWN"),
        "{rs:?}"
    );
    // 40 MB of address space is not enough to start Z3: memory out or crash, recorded.
    let out = dir.path().join("mem");
    let o = boulder(&[
        "bench",
        manifest.to_str().unwrap(),
        "--memlimit",
        "40",
        "--timelimit",
        "5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let rs = records(&out);
    assert_eq!(rs.len(), 2);
    assert!(
        rs.iter()
            .all(|r| r["verdict"] != "FALSE" && r["verdict"] != "TRUE"),
        "{rs:?}"
    );
    // And a normal run of the same tasks: both FALSE, replayed, correct.
    let out = dir.path().join("ok");
    let o = boulder(&[
        "bench",
        manifest.to_str().unwrap(),
        "--timelimit",
        "20",
        "--out",
        out.to_str().unwrap(),
        "--fail-on-wrong",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rs = records(&out);
    assert!(
        rs.iter()
            .all(|r| r["status"] == "correct"
                && r["replay"].as_str().unwrap().starts_with("reproduced")),
        "{rs:?}"
    );
}

#[test]
fn a_false_whose_counterexample_does_not_replay_counts_as_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = dir.path().join("m.csv");
    std::fs::write(
        &manifest,
        format!(
            "task,property,expected,data_model,category,source\n{}/examples/c/locks_unsafe.c,unreach-call,false,ILP32,ex,test\n",
            root.display()
        ),
    )
    .unwrap();
    // Runs the real boulder, then tampers with every input value of the counterexample.
    let wrapper = script(
        dir.path(),
        "tamper",
        &format!(
            "\"{}\" \"$@\"\nstatus=$?\nprev=\"\"\nfor a in \"$@\"; do\n  if [ \"$prev\" = \"--cex-out\" ] && [ -f \"$a\" ]; then sed -i 's/\"bits\": \"[0-9]*\"/\"bits\": \"0\"/' \"$a\"; fi\n  prev=\"$a\"\ndone\nexit $status\n",
            env!("CARGO_BIN_EXE_boulder")
        ),
    );
    let out = dir.path().join("out");
    let o = boulder(&[
        "bench",
        manifest.to_str().unwrap(),
        "--tool",
        wrapper.to_str().unwrap(),
        "--timelimit",
        "20",
        "--out",
        out.to_str().unwrap(),
        "--fail-on-wrong",
    ]);
    assert!(!o.status.success(), "--fail-on-wrong must fail");
    let rs = records(&out);
    assert_eq!(rs[0]["verdict"], "FALSE");
    assert_eq!(rs[0]["status"], "wrong", "{:?}", rs[0]);
    assert!(rs[0]["replay"]
        .as_str()
        .unwrap()
        .starts_with("not reproduced"));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("SV-COMP score -16"), "{text}");
}

#[test]
fn compare_writes_plots_for_runs_and_families() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for (out, cfg) in [
        (&a, "--engine bmc --lbe none"),
        (&b, "--engine bmc --lbe full"),
    ] {
        let o = boulder(&[
            "bench",
            "family:exp-art:1..3:unsafe",
            "--config",
            cfg,
            "--timelimit",
            "20",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let plots = dir.path().join("plots");
    let o = boulder(&[
        "bench",
        "compare",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        plots.to_str().unwrap(),
        "--stat",
        "bmc.nodes",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(table.contains("exp_art_3_unsafe"), "{table}");
    assert!(
        table.contains("verdict conflicts between runs: 0"),
        "{table}"
    );
    for f in ["quantile.svg", "scatter.svg", "family-exp-art.svg"] {
        let svg = std::fs::read_to_string(plots.join(f)).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("</svg>"), "{f}");
        assert!(
            svg.contains("<polyline") || svg.contains("<circle"),
            "{f} draws data"
        );
    }
}

#[test]
fn compare_reports_opposite_verdicts_of_two_runs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.c"), "int main(void) { return 0; }\n").unwrap();
    // No expected verdict: a conflict is found without knowing which run is right.
    std::fs::write(
        dir.path().join("m.csv"),
        "task,property,expected,data_model,category,source\np.c,unreach-call,,ILP32,c,test\n",
    )
    .unwrap();
    let says_true = script(
        dir.path(),
        "t",
        r#"echo '{"verdict":"TRUE","reason":null,"stats":{}}'"#,
    );
    let says_false = script(
        dir.path(),
        "f",
        r#"echo '{"verdict":"FALSE","reason":null,"stats":{}}'"#,
    );
    let mut outs = Vec::new();
    for tool in [&says_true, &says_false] {
        let out = dir.path().join(format!(
            "run-{}",
            tool.file_name().unwrap().to_string_lossy()
        ));
        let o = boulder(&[
            "bench",
            dir.path().join("m.csv").to_str().unwrap(),
            "--tool",
            tool.to_str().unwrap(),
            "--no-validate",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        outs.push(out);
    }
    let o = boulder(&[
        "bench",
        "compare",
        outs[0].to_str().unwrap(),
        outs[1].to_str().unwrap(),
        "--out",
        dir.path().join("plots").to_str().unwrap(),
    ]);
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(
        table.contains("verdict conflicts between runs: 1"),
        "{table}"
    );
    assert!(table.contains("conflict: p.c unreach-call"), "{table}");
}

#[test]
fn compare_holds_the_first_run_against_the_union_of_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = |name: &str, files: &[&str]| {
        let mut text = "task,property,expected,data_model,category,source\n".to_string();
        for f in files {
            std::fs::write(dir.path().join(f), "int main(void) { return 0; }\n").unwrap();
            text += &format!("{f},unreach-call,true,ILP32,c,test\n");
        }
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let all = manifest("all.csv", &["a.c", "b.c", "c.c"]);
    let only_c = manifest("c.csv", &["c.c"]);
    // Written with an absolute path: the same task as `a.c` of the other manifests.
    let only_a = dir.path().join("a.csv");
    std::fs::write(
        &only_a,
        format!(
            "task,property,expected,data_model,category,source\n{},unreach-call,true,ILP32,c,test\n",
            dir.path().join("a.c").display()
        ),
    )
    .unwrap();
    // Each tool proves the files its pattern matches and times out on the others.
    let prover = |name: &str, pattern: &str| {
        script(
            dir.path(),
            &format!("tool-{name}"),
            &format!(
                r#"case "$2" in
  {pattern}) echo '{{"verdict":"TRUE","reason":null,"stats":{{}}}}' ;;
  *) echo '{{"verdict":"UNKNOWN","reason":"timeout","stats":{{}}}}' ;;
esac
"#
            ),
        )
    };
    let run = |tool: &Path, m: &Path, out: &str| {
        let out = dir.path().join(out);
        let o = boulder(&[
            "bench",
            m.to_str().unwrap(),
            "--tool",
            tool.to_str().unwrap(),
            "--no-validate",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        out.to_string_lossy().into_owned()
    };
    let default = run(&prover("d", "*a.c|*x.c"), &all, "default");
    let e1 = run(&prover("e1", "*a.c|*b.c"), &all, "e1");
    // e2 ran in two parts; `+` joins them into one run.
    let e2c = run(&prover("e2", "*a.c|*c.c"), &only_c, "e2c");
    let e2a = run(&prover("e2", "*a.c|*c.c"), &only_a, "e2a");
    let o = boulder(&[
        "bench",
        "compare",
        &default,
        &e1,
        &format!("{e2c}+{e2a}"),
        "--union",
        "--out",
        dir.path().join("plots").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(table.contains("union of e1, e2c+e2a: 3 solved"), "{table}");
    assert!(
        table.contains("default: 1 solved, 1 of the union"),
        "{table}"
    );
    assert!(
        table.contains("solved by another run but not by default: 2 (66.7 % of the union)"),
        "{table}"
    );
    assert!(
        table.contains("b.c unreach-call [e1] default: UNKNOWN timeout"),
        "{table}"
    );
    assert!(
        table.contains("c.c unreach-call [e2c+e2a] default: UNKNOWN timeout"),
        "{table}"
    );
    assert!(table.contains("solved by default only: 0"), "{table}");
}

#[test]
fn every_true_correctness_witness_is_validated_with_or_without_invariants() {
    let dir = tempfile::tempdir().unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = dir.path().join("m.csv");
    // count_safe needs a loop invariant; locks_safe's certificate is `true` at its loop.
    std::fs::write(
        &manifest,
        format!(
            "task,property,expected,data_model,category,source\n\
             {0}/examples/c/count_safe.c,unreach-call,true,ILP32,ex,test\n\
             {0}/examples/c/locks_safe.c,unreach-call,true,ILP32,ex,test\n",
            root.display()
        ),
    )
    .unwrap();
    // CEGAR on the manifest with `extra` options: the output and the records.
    let run = |name: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        let mut args = vec![
            "bench",
            manifest.to_str().unwrap(),
            "--config",
            "--engine cegar",
            "--timelimit",
            "30",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let o = boulder(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (o, records(&out))
    };
    let (o, rs) = run("out", &[]);
    let count = by_task(&rs, &format!("{}/examples/c/count_safe.c", root.display()));
    let locks = by_task(&rs, &format!("{}/examples/c/locks_safe.c", root.display()));
    assert_eq!(count["witness"], "yml confirmed", "{count:?}");
    assert_eq!(
        locks["witness"], "yml without invariants: confirmed",
        "{locks:?}"
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("correctness witnesses with invariants: 1 of 2 TRUE; confirmed by `boulder validate`: 1; without invariants, confirmed: 1 of 1"),
        "{text}"
    );
    // `--witness-timelimit` is the validator's time: with none, nothing is confirmed.
    let (_, rs) = run("out-no-time", &["--witness-timelimit", "0"]);
    let count = by_task(&rs, &format!("{}/examples/c/count_safe.c", root.display()));
    let answer = count["witness"].as_str().unwrap_or_default();
    assert!(
        answer.starts_with("yml not confirmed") && answer.contains("timeout"),
        "{count:?}"
    );
}

/// `--resume` on a local run: only the tasks without a result run again, with the run's
/// own tool and options, and the summary covers every task.
#[test]
fn a_local_run_resumes_only_the_tasks_without_a_result() {
    let dir = tempfile::tempdir().unwrap();
    let mut manifest = String::from("task,property,expected,data_model,category,source\n");
    for i in 0..4 {
        std::fs::write(dir.path().join(format!("t{i}.c")), "// says: TRUE\n").unwrap();
        manifest.push_str(&format!("t{i}.c,unreach-call,true,ILP32,c,test\n"));
    }
    std::fs::write(dir.path().join("m.csv"), manifest).unwrap();
    // The fake tool, counting its runs per task file.
    let runs = dir.path().join("runs.log");
    let tool = script(
        dir.path(),
        "counting",
        &format!("echo \"$2\" >> {}\n{FAKE}", runs.display()),
    );
    let out = dir.path().join("out");
    let o = boulder(&[
        "bench",
        dir.path().join("m.csv").to_str().unwrap(),
        "--tool",
        tool.to_str().unwrap(),
        "--no-validate",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_to_string(&runs).unwrap().lines().count(), 4);
    // Two results lost (as after a crash of the machine running the bench).
    for i in [1, 3] {
        std::fs::remove_file(out.join(format!("results/{i}.json"))).unwrap();
    }
    let o = boulder(&["bench", "--resume", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("resuming: 2 of 4 tasks have a result"),
        "{stderr}"
    );
    let ran = std::fs::read_to_string(&runs).unwrap();
    let again: Vec<&str> = ran.lines().skip(4).collect();
    assert_eq!(again.len(), 2, "{ran}");
    assert!(
        again
            .iter()
            .all(|f| f.ends_with("t1.c") || f.ends_with("t3.c")),
        "{ran}"
    );
    let rs = records(&out);
    assert_eq!(rs.len(), 4);
    assert!(rs.iter().all(|r| r["verdict"] == "TRUE"), "{rs:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    let total = text.lines().find(|l| l.starts_with("total")).unwrap();
    assert_eq!(total.split_whitespace().nth(2), Some("4"), "{text}");
    // A resume takes no new tasks, and a directory without a plan is no run.
    let o = boulder(&["bench", "--resume", out.to_str().unwrap(), "m.csv"]);
    assert!(!o.status.success());
    let o = boulder(&["bench", "--resume", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{stderr}");
    assert!(
        stderr.contains("a run directory of `boulder bench`"),
        "{stderr}"
    );
}
