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
    /// For UNKNOWN and ERROR: timeout, memout, unsupported, undefined-behaviour,
    /// bound, no-replay, crash, other.
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

/// The class of an UNKNOWN reason, for the summary.
pub fn classify(reason: &str) -> &'static str {
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
