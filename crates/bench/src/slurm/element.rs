//! `boulder bench element`: one array element, on a compute node.

use super::Submission;
use crate::args::BenchElementArgs;
use crate::plan::{self, Plan};
use crate::task::run_task;
use anyhow::{anyhow, Result};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when Slurm asks the element to stop (SIGTERM: `scancel`, the time limit, a requeue).
static STOPPING: AtomicBool = AtomicBool::new(false);

extern "C" fn on_term(_: libc::c_int) {
    STOPPING.store(true, Ordering::SeqCst);
}

/// `boulder bench element RUN --submission K`: runs this array element's tasks, skipping
/// those with a result (a requeued element starts again from the top). The task running
/// when Slurm stops the element is not recorded: the tool was interrupted, and its
/// answer says nothing about the task; `--resume` runs it again.
pub fn element(args: &BenchElementArgs) -> Result<()> {
    let plan = Plan::read(&args.run)?;
    let sub = Submission::read(&args.run, args.submission)?;
    let e = match args.element {
        Some(e) => e,
        None => std::env::var("SLURM_ARRAY_TASK_ID")
            .ok()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| {
                anyhow!("not in a Slurm array job (SLURM_ARRAY_TASK_ID is not set): give --element")
            })?,
    };
    let tasks = sub.elements.get(e).ok_or_else(|| {
        anyhow!(
            "submission {} has {} elements, not {}",
            args.submission,
            sub.elements.len(),
            e + 1
        )
    })?;
    // SAFETY: a plain sigaction; the handler only stores to an atomic, which is
    // async-signal-safe. SA_RESTART: the pipes of the running task are read on.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_term as *const () as usize;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGTERM, &action, std::ptr::null_mut());
    }
    println!(
        "element {e} of submission {} on {}: {} tasks (restart {})",
        args.submission,
        std::env::var("SLURMD_NODENAME").unwrap_or_else(|_| "this node".into()),
        tasks.len(),
        std::env::var("SLURM_RESTART_COUNT").unwrap_or_else(|_| "0".into())
    );
    // The submission is a file on a shared filesystem: an index it holds is checked.
    if let Some(&bad) = tasks.iter().find(|&&i| i >= plan.tasks.len()) {
        return Err(anyhow!(
            "submission {} names task {bad}, but the plan has {} tasks",
            args.submission,
            plan.tasks.len()
        ));
    }
    for &i in tasks {
        let name = &plan.tasks[i].name;
        if plan::read_result(&args.run, i)?.is_some() {
            println!("task {i} {name}: has a result, skipped");
            continue;
        }
        if STOPPING.load(Ordering::SeqCst) {
            break;
        }
        println!("task {i} {name}: started");
        let record = run_task(&plan, &args.run, i);
        // Slurm signals the tool and the element alike, and the tool's end may be seen
        // before this element's handler has run: a tool stopped from outside counts too.
        if STOPPING.load(Ordering::SeqCst) || record.stopped {
            println!("task {i} {name}: stopped by Slurm, not recorded");
            break;
        }
        plan::write_result(&args.run, i, &record)?;
        println!(
            "task {i} {name}: {} {:.2} s",
            record.verdict, record.cpu_time
        );
    }
    if STOPPING.load(Ordering::SeqCst) {
        // 128 + SIGTERM, as a shell reports a process ended by it.
        std::process::exit(143);
    }
    Ok(())
}
