//! The local executor: `--jobs` worker threads on this machine, each running one task at a
//! time and recording its result as soon as it ends.

use crate::plan::{self, Plan};
use crate::record::{Failure, Record};
use crate::task::run_task;
use crate::{results, Progress};
use anyhow::{bail, Result};
use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};

/// Runs every task of `plan` without a result in `out_dir`. Nothing is lost here: every
/// task ends with a record (a crash of the tool is the tool's answer), so there are no
/// failures to report.
pub fn run(plan: &Plan, out_dir: &Path, jobs: usize) -> Result<BTreeMap<usize, Failure>> {
    let _lock = plan::RunLock::take(out_dir)?;
    // A run begun on Slurm may have elements still running its tasks.
    let live = crate::slurm::live_jobs(out_dir)?;
    if !live.is_empty() {
        bail!(
            "Slurm array jobs {} of this run may still be running its tasks: wait for them with `boulder bench --resume {} --executor slurm`, or scancel them",
            live.join(", "),
            out_dir.display()
        );
    }
    let have = results(plan, out_dir)?;
    let done: Vec<Record> = have.iter().flatten().cloned().collect();
    let todo: VecDeque<usize> = (0..plan.tasks.len())
        .filter(|&i| have[i].is_none())
        .collect();
    let mut progress = Progress::new(plan.tasks.len(), &done);
    if !done.is_empty() {
        progress.say(&format!(
            "resuming: {} of {} tasks have a result",
            done.len(),
            plan.tasks.len()
        ));
    }
    let queue = Arc::new(Mutex::new(todo));
    let (tx, rx) = mpsc::channel::<Result<Record>>();
    let workers: Vec<_> = (0..jobs.max(1))
        .map(|_| {
            let (queue, tx) = (queue.clone(), tx.clone());
            let (plan, out_dir) = (plan.clone(), out_dir.to_path_buf());
            std::thread::spawn(move || loop {
                let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
                let Some(i) = next else { break };
                let record = run_task(&plan, &out_dir, i);
                let sent = plan::write_result(&out_dir, i, &record).map(|()| record);
                if tx.send(sent).is_err() {
                    break;
                }
            })
        })
        .collect();
    drop(tx);
    let mut first_error = None;
    for r in rx {
        match r {
            Ok(r) => progress.finished(&r),
            // A result that cannot be written ends the run: later ones would fail alike.
            Err(e) => {
                queue.lock().unwrap_or_else(|e| e.into_inner()).clear();
                first_error.get_or_insert(e);
            }
        }
    }
    progress.done();
    for w in workers {
        let _ = w.join();
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(BTreeMap::new()),
    }
}
