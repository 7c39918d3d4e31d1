//! One task's result: what the tool said, how the bench judged it, what it cost.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// The task as the manifest names it (or `family/name` for generated tasks).
    pub task: String,
    pub file: String,
    pub property: String,
    pub expected: Option<bool>,
    pub data_model: String,
    pub category: String,
    /// The size parameter of a family task.
    pub size: Option<usize>,
    /// TRUE, FALSE, UNKNOWN, or ERROR (the tool failed without a verdict).
    pub verdict: String,
    /// correct, wrong, unknown, or unscored (no expected verdict).
    pub status: String,
    pub reason: Option<String>,
    /// For UNKNOWN and ERROR: Boulder's typed class (`unknown.class`: timeout,
    /// interrupted, unsupported, undefined-behaviour, heap-bound, recursion-bound,
    /// no-replay, crash, witness), else from the reason's words: memout, bound, other;
    /// cluster for a task the executor lost.
    pub reason_class: Option<String>,
    pub cpu_time: f64,
    pub wall_time: f64,
    pub memory_kb: u64,
    /// For FALSE: the bench's replay of the counterexample.
    pub replay: Option<String>,
    /// `boulder validate` on the witnesses (GraphML and YAML): for FALSE the violation
    /// witnesses, for TRUE the correctness witnesses that claim invariants.
    #[serde(default)]
    pub witness: Option<String>,
    /// For TRUE from an engine with certificates: its check.
    pub certificate: Option<String>,
    /// The tool's statistics (`--json`).
    pub stats: serde_json::Value,
    /// Why the task has no result of its own: the executor lost it (a Slurm element
    /// cancelled, killed at its time or memory limit, on a failed node, or crashed). Such
    /// a record is made by the submitting side when it assembles the run, never stored as
    /// a result, so `bench --resume` runs the task again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// The tool was stopped from outside (SIGTERM or SIGINT, which bench never sends: Slurm
    /// stopping an element, a user): its answer says nothing about the task, and an
    /// executor that knows it is being stopped does not store it. Never stored itself.
    #[serde(skip)]
    pub stopped: bool,
}

/// How an executor lost a task: it ran, or was to run, and left no result. Distinct from
/// the tool's own answers (a Boulder timeout is an UNKNOWN with a reason; a Slurm time
/// limit is a failure), and never stored as a result.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Failure {
    /// The element was cancelled (`scancel`, or an administrator).
    Cancelled,
    /// The scheduler killed the element at its time limit.
    TimeLimit,
    /// The scheduler killed the element at its memory limit.
    MemoryLimit,
    /// The node the element ran on failed.
    NodeFailed,
    /// A job of higher priority took the element's resources.
    Preempted,
    /// The element itself ended with an error (its log says why).
    ElementCrashed,
    /// The element ended, and what ended it is not known.
    Lost,
}

impl Failure {
    /// How the summary names it.
    pub fn describe(self) -> &'static str {
        match self {
            Failure::Cancelled => "cancelled",
            Failure::TimeLimit => "killed at the scheduler's time limit",
            Failure::MemoryLimit => "killed at the scheduler's memory limit",
            Failure::NodeFailed => "node failure",
            Failure::Preempted => "preempted",
            Failure::ElementCrashed => "the array element crashed",
            Failure::Lost => "ended without a result",
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

impl Record {
    /// The record of `task` before it runs: an ERROR until the tool answers.
    pub fn for_task(task: &crate::BenchTask) -> Record {
        Record {
            task: task.name.clone(),
            file: task.file.display().to_string(),
            property: task.property.name().into(),
            expected: task.expected,
            data_model: task.model.name().into(),
            category: task.category.clone(),
            size: task.size,
            verdict: "ERROR".into(),
            status: "unknown".into(),
            reason: None,
            reason_class: None,
            cpu_time: 0.0,
            wall_time: 0.0,
            memory_kb: 0,
            replay: None,
            witness: None,
            certificate: None,
            stats: serde_json::Value::Null,
            failure: None,
            stopped: false,
        }
    }

    /// The record of a task its executor lost.
    pub fn failed(task: &crate::BenchTask, failure: Failure) -> Record {
        Record {
            reason: Some(format!("no result: {failure}")),
            reason_class: Some("cluster".into()),
            failure: Some(failure),
            ..Record::for_task(task)
        }
    }
}

/// SV-COMP's scoring: +2 correct TRUE, +1 correct FALSE, −32 wrong TRUE, −16 wrong FALSE.
pub fn score(r: &Record) -> i64 {
    match (r.status.as_str(), r.verdict.as_str()) {
        ("correct", "TRUE") => 2,
        ("correct", "FALSE") => 1,
        ("wrong", "TRUE") => -32,
        ("wrong", "FALSE") => -16,
        _ => 0,
    }
}

/// The class of an UNKNOWN reason given only in words, for the summary: the output of a
/// tool other than Boulder (`bench --tool`), which has no typed `unknown` object.
pub fn classify_words(reason: &str) -> &'static str {
    let r = reason.to_ascii_lowercase();
    if r.contains("timeout") {
        "timeout"
    } else if r.contains("memout") || r.contains("memory") {
        "memout"
    } else if r.starts_with("undefined behaviour") {
        "undefined-behaviour"
    } else if r.starts_with("unsupported") {
        "unsupported"
    } else if r.starts_with("bound ") && r.ends_with("reached") {
        "bound"
    } else if r.contains("does not replay") {
        "no-replay"
    } else if r.starts_with("crash") || r.starts_with("error") {
        "crash"
    } else {
        "other"
    }
}

/// Correct, wrong or unknown, from the verdict and the expectation.
pub fn judge(verdict: &str, expected: Option<bool>) -> &'static str {
    match (verdict, expected) {
        (_, None) => "unscored",
        ("TRUE", Some(true)) | ("FALSE", Some(false)) => "correct",
        ("TRUE", Some(false)) | ("FALSE", Some(true)) => "wrong",
        _ => "unknown",
    }
}
