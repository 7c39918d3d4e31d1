//! The portfolio (the default engine): engines run side by side as child processes of
//! one `verify`, each with its own solvers and its own checks (every FALSE is replayed,
//! every TRUE certified inside the child), and the first decided verdict wins; the others
//! are killed.
//!
//! How the time is shared on two cores: a short BMC run (bound 40 blocks, at most a tenth
//! of the time limit or 10 s) catches shallow bugs at once, while CEGAR and IC3 run for the
//! whole budget; when the short BMC is done, CEGAR and IC3 have a core each. An engine
//! that gives up early (CEGAR: refinement made no progress) hands its core to BMC for the
//! time that is left. An engine that meets the recursion bound of the C front end
//! (`--recursion-depth`) hands its core to IC3 on the program unfolded four times as deep
//! (IC3 because it decides the unfolded, loop-free program by SAT on the bit-level
//! system, where constant arguments fold away). The processes and the race are `race.rs`.

use crate::cli::VerifyArgs;
use crate::race::{self, Slot};
use anyhow::Result;
use std::time::{Duration, Instant};

pub fn run(args: &VerifyArgs) -> Result<()> {
    let started = Instant::now();
    if race::report_unsupported(args, "portfolio")? {
        return Ok(());
    }
    let deadline = args
        .timelimit
        .map(|s| started + Duration::from_secs_f64(s.max(0.0)));
    let total = args.timelimit.unwrap_or(f64::INFINITY);
    let short = (total / 10.0).min(10.0);
    let depth = args.program.recursion_depth;
    let slot = |engine: &'static str, extra: &[&str], budget: Option<f64>| {
        slot_at_depth(engine.to_string(), engine, extra, budget, depth)
    };
    let queue = vec![
        slot("bmc", &["--bound", "40"], Some(short)),
        slot("cegar", &[], None),
        slot("ic3", &[], None),
    ];
    // Taken when an engine other than BMC gives up well before the deadline.
    let mut fallback = Some(slot("bmc", &[], None));
    let deeper = depth
        .saturating_mul(4)
        .min(cfront::FrontOptions::MAX_RECURSION_DEPTH);
    let mut raised = (deeper > depth).then(|| {
        let name = format!("ic3 (recursion depth {deeper})");
        slot_at_depth(name, "ic3", &[], None, deeper)
    });
    let mut on_unknown = |run: &Slot, reason: &str| {
        let early = deadline.is_none_or(|d| Instant::now() + Duration::from_secs(1) < d);
        if early && reason.contains(cfront::RECURSION_BOUND) {
            if let Some(r) = raised.take() {
                return Some(r);
            }
        }
        if early && reason != "timeout" && run.engine != "bmc" {
            fallback.take()
        } else {
            None
        }
    };
    let base = race::inherited_args(&["--recursion-depth"]);
    let outcome = race::race("portfolio", &base, deadline, queue, 3, &mut on_unknown)?;
    race::report(args, "portfolio", started, deadline, outcome)
}

/// A run of `engine` with `extra` options on the program unfolded to `depth` (every child
/// gets the depth explicitly, since the raised run changes it).
fn slot_at_depth(
    name: String,
    engine: &'static str,
    extra: &[&str],
    budget: Option<f64>,
    depth: u32,
) -> Slot {
    Slot {
        name,
        engine,
        extra: extra
            .iter()
            .map(|s| s.to_string())
            .chain(["--recursion-depth".to_string(), depth.to_string()])
            .collect(),
        budget,
    }
}
