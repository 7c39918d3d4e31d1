//! What ended an array element that left tasks without a result: Slurm's word for it,
//! from `sacct`, `scontrol` or the element's log.

use super::SlurmAnswer;
use crate::record::Failure;
use std::path::Path;
use std::process::Command;

/// What ended element `e` of `job`: `sacct` where the site keeps accounting, else
/// `scontrol` (which remembers finished jobs for `MinJobAge`), else the element's log,
/// where `slurmstepd` writes why it killed the element.
pub(super) fn element_end(job: &str, e: usize, log: &Path) -> Failure {
    let id = format!("{job}_{e}");
    let sacct = Command::new("sacct")
        .args(["-n", "-P", "-X", "-j", &id, "-o", "State"])
        .slurm_answer();
    if let Ok(o) = sacct {
        let text = String::from_utf8_lossy(&o.stdout);
        if let Some(state) = text.lines().map(str::trim).find(|l| !l.is_empty()) {
            if o.status.success() {
                return from_state(state);
            }
        }
    }
    if let Ok(o) = Command::new("scontrol")
        .args(["show", "job", "-o", &id])
        .slurm_answer()
    {
        let text = String::from_utf8_lossy(&o.stdout);
        let state = text
            .split_whitespace()
            .find_map(|w| w.strip_prefix("JobState="));
        if let (true, Some(state)) = (o.status.success(), state) {
            return from_state(state);
        }
    }
    from_log(&std::fs::read_to_string(log).unwrap_or_default())
}

/// A Slurm job state (`sacct`'s State, `scontrol`'s JobState; "CANCELLED by 0").
fn from_state(state: &str) -> Failure {
    let word = state.split_whitespace().next().unwrap_or("");
    match word {
        "CANCELLED" => Failure::Cancelled,
        "TIMEOUT" | "DEADLINE" => Failure::TimeLimit,
        "OUT_OF_MEMORY" => Failure::MemoryLimit,
        "NODE_FAIL" | "BOOT_FAIL" => Failure::NodeFailed,
        "PREEMPTED" => Failure::Preempted,
        "FAILED" => Failure::ElementCrashed,
        _ => Failure::Lost,
    }
}

/// What `slurmstepd` wrote into the element's log when it ended it.
fn from_log(log: &str) -> Failure {
    let step = |needle: &str| {
        log.lines()
            .any(|l| l.contains("slurmstepd") && l.contains(needle))
    };
    if step("DUE TO TIME LIMIT") {
        Failure::TimeLimit
    } else if step("DUE TO NODE FAILURE") {
        Failure::NodeFailed
    } else if step("DUE TO PREEMPTION") {
        Failure::Preempted
    } else if step("oom-kill") || step("Exceeded job memory limit") {
        Failure::MemoryLimit
    } else if step("CANCELLED") {
        Failure::Cancelled
    } else if log.lines().any(|l| l.starts_with("error:")) {
        Failure::ElementCrashed
    } else {
        Failure::Lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_states_name_the_failure() {
        assert_eq!(from_state("CANCELLED by 0"), Failure::Cancelled);
        assert_eq!(from_state("TIMEOUT"), Failure::TimeLimit);
        assert_eq!(from_state("OUT_OF_MEMORY"), Failure::MemoryLimit);
        assert_eq!(from_state("NODE_FAIL"), Failure::NodeFailed);
        assert_eq!(from_state("PREEMPTED"), Failure::Preempted);
        assert_eq!(from_state("FAILED"), Failure::ElementCrashed);
        assert_eq!(from_state("COMPLETED"), Failure::Lost);
    }

    #[test]
    fn slurmstepd_lines_name_the_failure() {
        let line = |why: &str| {
            format!("task 3 x.c: started\nslurmstepd: error: *** JOB 12 ON n1 CANCELLED AT 2026-11-27T10:00:00 {why}***\n")
        };
        assert_eq!(from_log(&line("DUE TO TIME LIMIT ")), Failure::TimeLimit);
        assert_eq!(from_log(&line("DUE TO NODE FAILURE ")), Failure::NodeFailed);
        assert_eq!(from_log(&line("")), Failure::Cancelled);
        assert_eq!(
            from_log("slurmstepd: error: Detected 1 oom-kill event(s) in StepId=12.batch"),
            Failure::MemoryLimit
        );
        assert_eq!(
            from_log("error: cannot write results/3.json"),
            Failure::ElementCrashed
        );
        assert_eq!(from_log("task 3 x.c: started\n"), Failure::Lost);
    }
}
