//! The Slurm executor: a run's tasks as one array job per submission, each element running
//! its share of the tasks (`boulder bench element`) on whatever node Slurm gives it, and
//! writing each result into the run directory on the shared filesystem (`plan.rs`).
//!
//! The submitting `bench` waits, polling the result files (the truth) and `squeue` (only
//! to learn that the job has left the queue), then asks `sacct` — or, on sites without
//! accounting, `scontrol` and the element's log — what ended the elements that left tasks
//! without a result. `--resume` submits only those, up to `--retries` times each, after
//! any earlier submission of the run has left the queue, so no task runs twice at once.
//! Slurm's `--requeue` restarts an element on a failed node; a restarted element skips
//! every task that already has a result. No scheduling of our own: Slurm's array throttle
//! (`%K`) is the only parallelism control.

mod element;
mod end;

pub use element::element;

use super::{results, Progress};
use crate::args::SlurmArgs;
use crate::plan::{self, Plan};
use crate::record::{Failure, Record};
use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// One array job of a run: which tasks each element runs, and how the job ended.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub(super) struct Submission {
    /// Slurm's id of the array job; `None` until `sbatch` has answered.
    job: Option<String>,
    /// The task indices of each element, in the order the element runs them.
    pub(super) elements: Vec<Vec<usize>>,
    /// What ended the element of each task the job left without a result; filled in when
    /// the job has left the queue.
    #[serde(default)]
    failures: BTreeMap<usize, Failure>,
    /// The job has left the queue and `failures` is final.
    #[serde(default)]
    ended: bool,
}

pub(super) fn slurm_dir(run: &Path) -> PathBuf {
    run.join("slurm")
}

fn submission_path(run: &Path, k: usize) -> PathBuf {
    slurm_dir(run).join(format!("submission-{k}.json"))
}

impl Submission {
    fn write(&self, run: &Path, k: usize) -> Result<()> {
        plan::write_atomic(
            &submission_path(run, k),
            serde_json::to_string_pretty(self)?.as_bytes(),
        )
    }

    pub(super) fn read(run: &Path, k: usize) -> Result<Submission> {
        let path = submission_path(run, k);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| anyhow!("{}: {e}", path.display()))
    }

    /// Every submission of the run, in order.
    fn all(run: &Path) -> Result<Vec<Submission>> {
        let mut out = Vec::new();
        while submission_path(run, out.len()).exists() {
            out.push(Submission::read(run, out.len())?);
        }
        Ok(out)
    }

    fn tasks(&self) -> impl Iterator<Item = usize> + '_ {
        self.elements.iter().flatten().copied()
    }
}

/// Runs the tasks of `plan` without a result on Slurm and waits for them. Returns how each
/// task still without a result was lost.
pub fn run(plan: &Plan, run: &Path, args: &SlurmArgs) -> Result<BTreeMap<usize, Failure>> {
    std::fs::create_dir_all(slurm_dir(run))?;
    let _lock = plan::RunLock::take(run)?;
    let mut subs = Submission::all(run)?;
    let have = results(plan, run)?;
    let done: Vec<Record> = have.iter().flatten().cloned().collect();
    let mut progress = Progress::new(plan.tasks.len(), &done);
    // An earlier submission still queued or running (its submitter was interrupted) is
    // waited for first: a task is never in two live jobs.
    for (k, sub) in subs.iter_mut().enumerate() {
        if !sub.ended {
            if let Some(job) = &sub.job {
                progress.say(&format!(
                    "waiting for array job {job} of an earlier submission"
                ));
            }
            wait(run, sub, k, args, &mut progress)?;
        }
    }
    let todo = to_submit(plan, run, &subs, args.retries)?;
    if !todo.is_empty() {
        let k = subs.len();
        let mut sub = Submission {
            elements: todo
                .chunks(args.tasks_per_job.max(1))
                .map(<[usize]>::to_vec)
                .collect(),
            ..Submission::default()
        };
        sub.write(run, k)?;
        let job = match submit(plan, run, k, &sub, args) {
            Ok(job) => job,
            Err(e) => {
                // Nothing was submitted: the submission does not count as an attempt.
                let _ = std::fs::remove_file(submission_path(run, k));
                return Err(e);
            }
        };
        progress.say(&format!(
            "submitted array job {job}: {} tasks in {} elements of at most {}{}",
            todo.len(),
            sub.elements.len(),
            args.tasks_per_job.max(1),
            args.max_parallel
                .map(|m| format!(", {m} at a time"))
                .unwrap_or_default()
        ));
        sub.job = Some(job);
        sub.write(run, k)?;
        subs.push(sub);
        wait(run, &mut subs[k], k, args, &mut progress)?;
    }
    progress.done();
    // A task still without a result: how its latest submission lost it.
    let have = plan::done(run)?;
    let mut failures = BTreeMap::new();
    for sub in &subs {
        for (&i, &f) in &sub.failures {
            if !have.contains(&i) {
                failures.insert(i, f);
            }
        }
    }
    Ok(failures)
}

/// The array jobs of the run that may still run tasks: submissions not yet waited for whose
/// job is in the queue, or whose state `squeue` cannot tell.
pub fn live_jobs(run: &Path) -> Result<Vec<String>> {
    Ok(Submission::all(run)?
        .into_iter()
        .filter(|s| !s.ended)
        .filter_map(|s| s.job)
        .filter(|job| queue_state(job) != Queue::Gone)
        .collect())
}

/// The tasks to submit: those without a result that have been submitted at most
/// `retries` times before.
fn to_submit(plan: &Plan, run: &Path, subs: &[Submission], retries: u32) -> Result<Vec<usize>> {
    let have = plan::done(run)?;
    let mut attempts = vec![0u32; plan.tasks.len()];
    for i in subs.iter().flat_map(Submission::tasks) {
        if let Some(a) = attempts.get_mut(i) {
            *a += 1;
        }
    }
    Ok((0..plan.tasks.len())
        .filter(|i| !have.contains(i) && attempts[*i] <= retries)
        .collect())
}

/// The batch script of the run's elements: `boulder bench element RUN --submission K`.
fn element_script(run: &Path) -> Result<PathBuf> {
    let exe = std::env::current_exe().context("cannot find the boulder executable")?;
    let path = slurm_dir(run).join("element.sh");
    let text = format!(
        "#!/bin/sh\n\
         # Written by `boulder bench --executor slurm`: one array element of the run in\n\
         # this directory; its tasks are listed in submission-$1.json (docs/cluster.md).\n\
         exec {} bench element {} --submission \"$1\"\n",
        shell_quote(&exe.display().to_string()),
        shell_quote(&run.display().to_string()),
    );
    plan::write_atomic(&path, text.as_bytes())?;
    Ok(path)
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The `sbatch` words of submission `k`: an array of its elements, each with the CPUs and
/// memory of one task and the time of its tasks, with headroom so that Boulder's limits
/// (`--timelimit`, `--memlimit`) act before Slurm's.
fn sbatch_args(
    plan: &Plan,
    run: &Path,
    k: usize,
    sub: &Submission,
    args: &SlurmArgs,
) -> Vec<String> {
    let last = sub.elements.len().saturating_sub(1);
    let array = match args.max_parallel {
        Some(m) => format!("0-{last}%{}", m.max(1)),
        None => format!("0-{last}"),
    };
    let longest = sub.elements.iter().map(Vec::len).max().unwrap_or(1) as f64;
    // 10 % and two minutes for starting processes and writing results.
    let seconds = longest * plan.seconds_per_task() * 1.1 + 120.0;
    let minutes = (seconds / 60.0).ceil() as u64;
    // The portfolio runs up to one engine per CPU, each a process under the task's
    // address-space limit; the element itself needs little.
    let cpus = args.cpus_per_task.max(1);
    let memory = plan.memory_mb() * u64::from(cpus) + 512;
    let mut words: Vec<String> = vec![
        "--parsable".into(),
        format!("--job-name={}", args.job_name),
        format!("--array={array}"),
        "--requeue".into(),
        // A requeued element appends to its log instead of erasing the first attempt's.
        "--open-mode=append".into(),
        format!("--output={}", slurm_dir(run).join("%A_%a.out").display()),
        format!("--cpus-per-task={cpus}"),
        format!("--mem={memory}M"),
        format!("--time={minutes}"),
    ];
    if let Some(p) = &args.partition {
        words.push(format!("--partition={p}"));
    }
    if let Some(a) = &args.account {
        words.push(format!("--account={a}"));
    }
    // Site-specific options last: where they repeat one of ours, sbatch takes theirs.
    words.extend(args.sbatch_arg.iter().cloned());
    words.push(slurm_dir(run).join("element.sh").display().to_string());
    words.push(k.to_string());
    words
}

/// Submits `sub` with `sbatch`; returns the array job's id.
fn submit(plan: &Plan, run: &Path, k: usize, sub: &Submission, args: &SlurmArgs) -> Result<String> {
    element_script(run)?;
    let words = sbatch_args(plan, run, k, sub, args);
    let out = Command::new("sbatch")
        .args(&words)
        .slurm_answer()
        .context("cannot run sbatch (is this a Slurm submit host?)")?;
    if !out.status.success() {
        bail!(
            "sbatch {} failed: {}",
            words.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    // `--parsable`: `JOBID` or `JOBID;CLUSTER`.
    let text = String::from_utf8_lossy(&out.stdout);
    let job = text.trim().split(';').next().unwrap_or("").to_string();
    if job.is_empty() || !job.bytes().all(|b| b.is_ascii_digit()) {
        bail!("sbatch answered `{}`, not a job id", text.trim());
    }
    Ok(job)
}

/// Whether an array job is still in the queue.
#[derive(Debug, PartialEq)]
enum Queue {
    Active,
    Gone,
    /// `squeue` did not answer (not installed here, or the controller is unreachable).
    Unknown(String),
}

fn queue_state(job: &str) -> Queue {
    // Every job of ours in any state, by its array job id (%F), so that a job that Slurm
    // has already forgotten is simply absent, not an error. All states, not squeue's
    // default of pending and running ones: an element being requeued passes through
    // states (REQUEUED, REQUEUE_HOLD) that the default leaves out, and must not look gone.
    match Command::new("squeue")
        .args(["-h", "--me", "--states=all", "-o", "%F %T"])
        .slurm_answer()
    {
        Ok(o) if o.status.success() => from_squeue(&String::from_utf8_lossy(&o.stdout), job),
        Ok(o) => Queue::Unknown(String::from_utf8_lossy(&o.stderr).trim().to_string()),
        Err(e) => Queue::Unknown(format!("cannot run squeue: {e}")),
    }
}

/// The array job `job` is active while any of its elements is in a state other than a
/// final one (`squeue`'s "JOB STATE CODES").
fn from_squeue(text: &str, job: &str) -> Queue {
    const ENDED: [&str; 9] = [
        "COMPLETED",
        "CANCELLED",
        "FAILED",
        "TIMEOUT",
        "NODE_FAIL",
        "PREEMPTED",
        "OUT_OF_MEMORY",
        "BOOT_FAIL",
        "DEADLINE",
    ];
    let active = text.lines().any(|l| {
        let mut words = l.split_whitespace();
        words.next() == Some(job) && words.next().is_some_and(|state| !ENDED.contains(&state))
    });
    if active {
        Queue::Active
    } else {
        Queue::Gone
    }
}

/// How long the controller may stay unreachable before the submitter gives up waiting
/// (the jobs go on; `--resume` waits for them again).
const UNREACHABLE: Duration = Duration::from_secs(600);

/// Waits until submission `k` has left the queue, reporting each new result, then
/// records what ended the elements that left tasks without a result.
fn wait(
    run: &Path,
    sub: &mut Submission,
    k: usize,
    args: &SlurmArgs,
    progress: &mut Progress,
) -> Result<()> {
    let mine: BTreeSet<usize> = sub.tasks().collect();
    let mut seen: BTreeSet<usize> = plan::done(run)?.intersection(&mine).copied().collect();
    let mut unreachable_since: Option<Instant> = None;
    let poll = Duration::from_secs_f64(args.poll.max(0.1));
    loop {
        let gone = match sub.job.as_deref().map(queue_state) {
            // A submission whose sbatch never answered has no job: nothing runs it.
            None | Some(Queue::Gone) => true,
            Some(Queue::Active) => {
                unreachable_since = None;
                false
            }
            Some(Queue::Unknown(why)) => {
                let since = *unreachable_since.get_or_insert_with(Instant::now);
                if since.elapsed() > UNREACHABLE {
                    bail!(
                        "squeue has not answered for {} s ({why}); the jobs go on: `boulder bench --resume {}` waits for them again",
                        UNREACHABLE.as_secs(),
                        run.display()
                    );
                }
                false
            }
        };
        // The result files are the truth: read them after learning the queue's state, so
        // a job seen gone has written all it will.
        let now = plan::done(run)?;
        for &i in now.intersection(&mine) {
            if seen.insert(i) {
                if let Some(r) = plan::read_result(run, i)? {
                    progress.finished(&r);
                }
            }
        }
        if gone || seen.len() == mine.len() {
            break;
        }
        std::thread::sleep(poll);
    }
    if seen.len() < mine.len() {
        if let Some(job) = sub.job.clone() {
            for (e, tasks) in sub.elements.iter().enumerate() {
                let lost: Vec<usize> = tasks
                    .iter()
                    .copied()
                    .filter(|i| !seen.contains(i))
                    .collect();
                if lost.is_empty() {
                    continue;
                }
                let log = slurm_dir(run).join(format!("{job}_{e}.out"));
                let how = end::element_end(&job, e, &log);
                progress.say(&format!(
                    "array element {job}_{e}: {how}; {} of its tasks without a result (log: {})",
                    lost.len(),
                    log.display()
                ));
                for i in lost {
                    sub.failures.insert(i, how);
                }
            }
        }
    }
    sub.ended = true;
    sub.write(run, k)
}

/// How long a Slurm command (`sbatch`, `squeue`, `sacct`, `scontrol`) may take to answer:
/// a controller that does not answer is an error of that command, not a bench that hangs.
const SLURM_ANSWER: std::time::Duration = std::time::Duration::from_secs(120);

/// A Slurm command run by the `subprocess` helper within [`SLURM_ANSWER`].
pub(super) trait SlurmAnswer {
    fn slurm_answer(&mut self) -> std::io::Result<subprocess::Finished>;
}

impl SlurmAnswer for Command {
    fn slurm_answer(&mut self) -> std::io::Result<subprocess::Finished> {
        let f = subprocess::run(
            self,
            subprocess::Options {
                deadline: Some(std::time::Instant::now() + SLURM_ANSWER),
                ..Default::default()
            },
        )?;
        if f.timed_out {
            return Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("no answer within {} s", SLURM_ANSWER.as_secs()),
            ));
        }
        Ok(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(n: usize) -> Plan {
        Plan {
            tool: "/bin/boulder".into(),
            config: vec![],
            timelimit: 60.0,
            memlimit_mb: 4096,
            validate: false,
            witness_timelimit: 300,
            tasks: (0..n)
                .map(|i| crate::BenchTask {
                    name: format!("t{i}"),
                    file: format!("/t{i}.c").into(),
                    property: cfront::Property::UnreachCall,
                    expected: None,
                    model: cfront::DataModel::Ilp32,
                    category: "c".into(),
                    size: None,
                })
                .collect(),
        }
    }

    fn args() -> SlurmArgs {
        SlurmArgs {
            partition: Some("short".into()),
            account: None,
            tasks_per_job: 4,
            max_parallel: Some(2),
            cpus_per_task: 2,
            retries: 2,
            poll: 10.0,
            job_name: "boulder-bench".into(),
            sbatch_arg: vec!["--qos=normal".into()],
        }
    }

    #[test]
    fn a_job_is_active_while_an_element_is_not_in_a_final_state() {
        let text = "12 COMPLETED\n12 REQUEUED\n13 RUNNING\n";
        assert_eq!(from_squeue(text, "12"), Queue::Active);
        assert_eq!(
            from_squeue("12 COMPLETED\n12 CANCELLED\n13 RUNNING\n", "12"),
            Queue::Gone
        );
        assert_eq!(from_squeue("13 PENDING\n", "12"), Queue::Gone);
        assert_eq!(from_squeue("12 PENDING\n", "12"), Queue::Active);
        assert_eq!(from_squeue("", "12"), Queue::Gone);
    }

    #[test]
    fn an_array_gets_the_time_of_its_longest_element_and_memory_per_engine() {
        let sub = Submission {
            elements: vec![vec![0, 1, 2, 3], vec![4]],
            ..Submission::default()
        };
        let words = sbatch_args(&plan(5), Path::new("/runs/r"), 0, &sub, &args());
        // 4 tasks × 63 s × 1.1 + 120 s = 397.2 s: 7 minutes.
        for w in [
            "--array=0-1%2",
            "--time=7",
            "--mem=8704M",
            "--cpus-per-task=2",
            "--partition=short",
            "--requeue",
            "--output=/runs/r/slurm/%A_%a.out",
        ] {
            assert!(words.contains(&w.to_string()), "{w} in {words:?}");
        }
        // Site options after ours; the script and its submission last.
        let n = words.len();
        assert_eq!(words[n - 3], "--qos=normal");
        assert_eq!(words[n - 2], "/runs/r/slurm/element.sh");
        assert_eq!(words[n - 1], "0");
    }

    #[test]
    fn only_tasks_without_a_result_and_under_the_retry_count_are_submitted() {
        let dir = tempfile::tempdir().unwrap();
        let p = plan(4);
        plan::write_result(dir.path(), 0, &Record::for_task(&p.tasks[0])).unwrap();
        let once = Submission {
            elements: vec![vec![0, 1, 2]],
            ..Submission::default()
        };
        let twice = Submission {
            elements: vec![vec![1]],
            ..Submission::default()
        };
        assert_eq!(to_submit(&p, dir.path(), &[], 2).unwrap(), [1, 2, 3]);
        assert_eq!(
            to_submit(&p, dir.path(), std::slice::from_ref(&once), 1).unwrap(),
            [1, 2, 3]
        );
        // Task 1 has been submitted twice: with one retry it is not submitted again.
        assert_eq!(
            to_submit(&p, dir.path(), &[once.clone(), twice.clone()], 1).unwrap(),
            [2, 3]
        );
        assert_eq!(
            to_submit(&p, dir.path(), &[once, twice], 2).unwrap(),
            [1, 2, 3]
        );
    }
}
