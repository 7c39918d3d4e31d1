//! `boulder bench --executor slurm` on a real, local Slurm (`scripts/slurm-local.sh`:
//! munged, slurmctld and slurmd started directly, one node): the same verdicts and summary
//! as the local executor; an element cancelled mid-run and then `--resume`d, and an element
//! requeued mid-run, each end with exactly one result per task.
//!
//! Where Slurm is not installed or the tests do not run as root, `build.rs` leaves out
//! `cfg(slurm_installed)` and these tests are ignored with that reason. Where it is
//! installed and still does not start, they fail: `./setup.sh` is meant to make it work.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How many tests use the cluster now: the first starts it, the last stops it (its
/// ports are the machine's, so there is one).
static USERS: Mutex<usize> = Mutex::new(0);

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn users() -> MutexGuard<'static, usize> {
    USERS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The local cluster, started for the tests and stopped after the last.
struct Cluster {
    conf: PathBuf,
}

impl Cluster {
    fn start() -> Cluster {
        let mut users = users();
        if *users == 0 {
            let out = Command::new(repo().join("scripts/slurm-local.sh"))
                .arg("start")
                .output()
                .expect("scripts/slurm-local.sh runs");
            assert!(
                out.status.success(),
                "the local Slurm did not start:\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        *users += 1;
        let dir =
            std::env::var("BOULDER_SLURM_DIR").unwrap_or_else(|_| "/tmp/boulder-slurm".into());
        Cluster {
            conf: Path::new(&dir).join("slurm.conf"),
        }
    }

    fn command(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("SLURM_CONF", &self.conf);
        c
    }

    fn boulder(&self, args: &[&str]) -> Command {
        let mut c = self.command(env!("CARGO_BIN_EXE_boulder"));
        c.args(args);
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = self.boulder(args).output().expect("boulder runs");
        assert!(
            out.status.success(),
            "boulder {args:?} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    fn scontrol(&self, args: &[&str]) {
        let out = self
            .command("scontrol")
            .args(args)
            .output()
            .expect("scontrol runs");
        assert!(
            out.status.success(),
            "scontrol {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let mut users = users();
        *users -= 1;
        if *users == 0 {
            let _ = Command::new(repo().join("scripts/slurm-local.sh"))
                .arg("stop")
                .output();
        }
    }
}

fn records(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("records.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The summary without its CPU-time column (the only column two runs may differ in).
fn summary_without_times(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("summary.txt"))
        .unwrap()
        .lines()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let timed = words.len() == 9 && words[8].parse::<f64>().is_ok();
            if timed {
                words[..8].join(" ")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first 20 tasks of the vendored corpus, as a manifest with absolute paths.
fn twenty_tasks(dir: &Path) -> PathBuf {
    let corpus = repo().join("tests/corpus");
    let text = std::fs::read_to_string(corpus.join("manifest.csv")).unwrap();
    let mut lines = text.lines();
    let mut out = format!("{}\n", lines.next().unwrap());
    for l in lines.take(20) {
        out.push_str(&format!(
            "{}/{l}\n",
            corpus.canonicalize().unwrap().display()
        ));
    }
    let path = dir.join("twenty.csv");
    std::fs::write(&path, out).unwrap();
    path
}

/// A stand-in for `boulder` that takes `seconds` per task and answers TRUE: slow enough
/// to be cancelled, requeued or killed in the middle of an element.
fn slow_tool(dir: &Path, tasks: usize, seconds: f64) -> (PathBuf, PathBuf) {
    let tool = dir.join("slow-tool.sh");
    std::fs::write(
        &tool,
        format!("#!/bin/sh\nsleep {seconds}\necho '{{\"verdict\":\"TRUE\",\"reason\":null,\"stats\":{{}}}}'\n"),
    )
    .unwrap();
    std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut manifest = String::from("task,property,expected,data_model,category,source\n");
    for i in 0..tasks {
        let file = dir.join(format!("t{i}.c"));
        std::fs::write(&file, "int main(void) { return 0; }\n").unwrap();
        manifest.push_str(&format!(
            "{},unreach-call,true,ILP32,slow,own\n",
            file.display()
        ));
    }
    let path = dir.join("slow.csv");
    std::fs::write(&path, manifest).unwrap();
    (tool, path)
}

/// Starts a Slurm run of the slow tool in the background.
fn start_slow_run(
    cluster: &Cluster,
    manifest: &Path,
    tool: &Path,
    run: &Path,
    per_job: &str,
) -> Child {
    cluster
        .boulder(&[
            "bench",
            manifest.to_str().unwrap(),
            "--tool",
            tool.to_str().unwrap(),
            "--no-validate",
            "--executor",
            "slurm",
            "--tasks-per-job",
            per_job,
            "--max-parallel",
            "2",
            "--cpus-per-task",
            "1",
            "--poll",
            "0.3s",
            "--out",
            run.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boulder runs")
}

fn results(run: &Path) -> usize {
    std::fs::read_dir(run.join("results")).map_or(0, |d| {
        d.filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".json"))
        })
        .count()
    })
}

fn wait_for_results(run: &Path, n: usize) {
    let start = Instant::now();
    while results(run) < n {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no {n} results in 60 s"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The array job of submission `k` of a run.
fn job_of(run: &Path, k: usize) -> String {
    let start = Instant::now();
    loop {
        let path = run.join(format!("slurm/submission-{k}.json"));
        if let Some(job) = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| v["job"].as_str().map(str::to_string))
        {
            return job;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "submission {k} has no job"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Every task has exactly one record, with a verdict of its own, and one result file.
fn one_result_each(run: &Path, tasks: usize) {
    let rs = records(run);
    assert_eq!(rs.len(), tasks);
    let mut names: Vec<&str> = rs.iter().map(|r| r["task"].as_str().unwrap()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), tasks, "a task recorded twice");
    for r in &rs {
        assert_eq!(r["verdict"], "TRUE", "{r}");
        assert!(r.get("failure").is_none(), "{r}");
    }
    assert_eq!(results(run), tasks);
}

/// How many times the element logs of a run say a task finished.
fn finished_lines(run: &Path, index: usize) -> usize {
    let needle = format!("task {index} ");
    std::fs::read_dir(run.join("slurm"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".out"))
        .map(|e| {
            std::fs::read_to_string(e.path())
                .unwrap()
                .lines()
                .filter(|l| l.starts_with(&needle) && l.ends_with(" s"))
                .count()
        })
        .sum()
}

#[test]
#[cfg_attr(
    not(slurm_installed),
    ignore = "needs a local Slurm: slurmctld, slurmd, slurm-client and munge installed (./setup.sh), and root"
)]
fn slurm_gives_the_local_verdicts_and_summary() {
    let cluster = Cluster::start();
    let dir = tempfile::tempdir().unwrap();
    let manifest = twenty_tasks(dir.path());
    let (local, slurm) = (dir.path().join("local"), dir.path().join("slurm"));
    cluster.run(&[
        "bench",
        manifest.to_str().unwrap(),
        "--jobs",
        "2",
        "--out",
        local.to_str().unwrap(),
    ]);
    let out = cluster.run(&[
        "bench",
        manifest.to_str().unwrap(),
        "--executor",
        "slurm",
        "--tasks-per-job",
        "4",
        "--max-parallel",
        "2",
        "--cpus-per-task",
        "1",
        "--poll",
        "0.5s",
        "--out",
        slurm.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("20 tasks in 5 elements of at most 4, 2 at a time"),
        "{stderr}"
    );
    let verdicts = |dir: &Path| -> Vec<(String, String, String, bool, bool)> {
        records(dir)
            .iter()
            .map(|r| {
                (
                    r["task"].as_str().unwrap().to_string(),
                    r["verdict"].as_str().unwrap().to_string(),
                    r["status"].as_str().unwrap().to_string(),
                    r["replay"]
                        .as_str()
                        .is_some_and(|s| s.starts_with("reproduced")),
                    r["witness"]
                        .as_str()
                        .is_some_and(|s| s.contains("confirmed") && !s.contains("not confirmed")),
                )
            })
            .collect()
    };
    assert_eq!(verdicts(&slurm), verdicts(&local));
    assert_eq!(summary_without_times(&slurm), summary_without_times(&local));
    // Not a vacuous comparison: the tasks were decided, and both kinds of verdict occur.
    let summary = std::fs::read_to_string(slurm.join("summary.txt")).unwrap();
    assert!(summary.contains("wrong verdicts: 0"), "{summary}");
    let rs = records(&slurm);
    assert!(
        rs.iter().any(|r| r["verdict"] == "TRUE") && rs.iter().any(|r| r["verdict"] == "FALSE")
    );
    // Five elements ran, each with its own log.
    let logs = std::fs::read_dir(slurm.join("slurm"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".out"))
        .count();
    assert_eq!(logs, 5);
}

#[test]
#[cfg_attr(
    not(slurm_installed),
    ignore = "needs a local Slurm: slurmctld, slurmd, slurm-client and munge installed (./setup.sh), and root"
)]
fn a_cancelled_run_resumes_to_one_result_per_task() {
    let cluster = Cluster::start();
    let dir = tempfile::tempdir().unwrap();
    let (tool, manifest) = slow_tool(dir.path(), 8, 1.5);
    let run = dir.path().join("run");
    let child = start_slow_run(&cluster, &manifest, &tool, &run, "4");
    let job = job_of(&run, 0);
    wait_for_results(&run, 1);
    let out = cluster.command("scancel").arg(&job).output().unwrap();
    assert!(out.status.success());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The summary names what was lost and how, apart from the tool's own answers.
    assert!(
        stdout.contains("no result, lost by the executor"),
        "{stdout}"
    );
    assert!(stdout.contains("cancelled ("), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "boulder bench --resume {} --executor slurm",
            run.display()
        )),
        "{stdout}"
    );
    let lost = records(&run)
        .iter()
        .filter(|r| r["failure"] == "cancelled")
        .count();
    assert!((1..8).contains(&lost), "{lost} of 8 cancelled");
    assert_eq!(results(&run), 8 - lost);

    let out = cluster.run(&[
        "bench",
        "--resume",
        run.to_str().unwrap(),
        "--executor",
        "slurm",
        "--tasks-per-job",
        "4",
        "--cpus-per-task",
        "1",
        "--poll",
        "0.3s",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "submitted array job {}: {lost} tasks",
            job_of(&run, 1)
        )),
        "{stderr}"
    );
    one_result_each(&run, 8);
    for i in 0..8 {
        assert_eq!(
            finished_lines(&run, i),
            1,
            "task {i} finished more than once"
        );
    }
}

#[test]
#[cfg_attr(
    not(slurm_installed),
    ignore = "needs a local Slurm: slurmctld, slurmd, slurm-client and munge installed (./setup.sh), and root"
)]
fn a_requeued_element_records_no_task_twice() {
    let cluster = Cluster::start();
    let dir = tempfile::tempdir().unwrap();
    let (tool, manifest) = slow_tool(dir.path(), 5, 1.5);
    let run = dir.path().join("run");
    let child = start_slow_run(&cluster, &manifest, &tool, &run, "5");
    let job = job_of(&run, 0);
    wait_for_results(&run, 2);
    cluster.scontrol(&["requeue", &format!("{job}_0")]);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    one_result_each(&run, 5);
    // The element ran twice: the second time it skipped what the first had recorded.
    let log = std::fs::read_to_string(run.join(format!("slurm/{job}_0.out"))).unwrap();
    assert!(log.contains("(restart 1)"), "{log}");
    assert!(log.contains(": has a result, skipped"), "{log}");
    for i in 0..5 {
        assert_eq!(
            finished_lines(&run, i),
            1,
            "task {i} finished more than once:\n{log}"
        );
    }
}

#[test]
#[cfg_attr(
    not(slurm_installed),
    ignore = "needs a local Slurm: slurmctld, slurmd, slurm-client and munge installed (./setup.sh), and root"
)]
fn an_element_killed_at_slurms_time_limit_is_a_failure_not_an_unknown() {
    let cluster = Cluster::start();
    let dir = tempfile::tempdir().unwrap();
    let (tool, manifest) = slow_tool(dir.path(), 2, 100.0);
    let run = dir.path().join("run");
    // Boulder's own limit (150 s) is beyond the element's five seconds, set by a site
    // option that overrides Boulder's `--time`: Slurm's time limit acts first (its
    // controller checks limits every 30 s or so).
    let out = cluster.run(&[
        "bench",
        manifest.to_str().unwrap(),
        "--tool",
        tool.to_str().unwrap(),
        "--no-validate",
        "--timelimit",
        "150",
        "--executor",
        "slurm",
        "--cpus-per-task",
        "1",
        "--poll",
        "0.5s",
        "--sbatch-arg=--time=0:05",
        "--out",
        run.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("killed at the scheduler's time limit (2)"),
        "{stdout}"
    );
    assert!(!stdout.contains("UNKNOWN by reason"), "{stdout}");
    let rs = records(&run);
    assert!(
        rs.iter()
            .all(|r| r["failure"] == "time-limit" && r["verdict"] == "ERROR"),
        "{rs:?}"
    );
    assert_eq!(results(&run), 0);
}
