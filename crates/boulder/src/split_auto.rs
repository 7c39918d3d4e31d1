//! `--engine cegar --split auto`: Böhm's "virtual best" of the split strategies as one
//! configuration.
//!
//! The thesis ran every strategy on its own and took, per task, the best — no tool could
//! run that. Here the strategies race as child processes (`race.rs`), at most one per
//! core, so on a 2-core machine two run at a time instead of five time-sharing two cores:
//! a strategy that gives up — refinement made no progress, the refinement limit, or an
//! ALLSAT explosion (more than [`EXPLOSION_MODELS`] models in one abstraction, the cost the
//! thesis measured) — hands its core to the next. The order puts first the strategies that
//! complement each other most: `atomic` (small predicates, explodes on many independent
//! correlations) and `ssa` (keeps whole what the next block does not change), then `pdg`,
//! `none`, `cdg`, `conjuncts`. The last one runs without the explosion guard.
//!
//! Only the first strategy runs at normal CPU priority; the others run in the background
//! (nice 19), and a strategy started in the place of one that gave up takes over its
//! priority. On an idle machine that changes nothing: each child has a core. On a machine
//! that is busy otherwise (a benchmark running two tasks at a time on two cores), the
//! first strategy keeps the share of a core it would have alone and the others get what
//! is left, so `auto` is hardly slower than its first strategy where that one succeeds. Without
//! the priorities, `auto` lost two ssh tasks to `atomic` alone at stop 31 (each strategy had
//! half a core; `docs/measurements/boehm/`).

use crate::cli::VerifyArgs;
use crate::race::{self, Slot};
use anyhow::Result;
use std::time::Instant;

/// The order in which the strategies get a core.
pub const ORDER: [&str; 6] = ["atomic", "ssa", "pdg", "none", "cdg", "conjuncts"];

/// ALLSAT models after which a strategy stops so that the next gets its core.
pub const EXPLOSION_MODELS: u64 = 4096;

pub fn run(args: &VerifyArgs) -> Result<()> {
    let started = Instant::now();
    let deadline = crate::verify::deadline_of(args, started);
    if race::load_supported(args, "cegar (split auto)", deadline)?.is_none() {
        return Ok(());
    }
    let guarded = args.max_allsat_models.is_none();
    let queue: Vec<Slot> = ORDER
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut extra = vec!["--split".to_string(), s.to_string()];
            if guarded && i + 1 < ORDER.len() {
                extra.push("--max-allsat-models".into());
                extra.push(EXPLOSION_MODELS.to_string());
            }
            Slot {
                name: s.to_string(),
                engine: "cegar",
                extra,
                budget: None,
                background: i > 0,
            }
        })
        .collect();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let base = race::inherited_args(&["--split"]);
    let outcome = race::race(
        "split_auto",
        &base,
        deadline,
        queue,
        cores.max(2),
        &mut |_, _| None,
        None,
    )?;
    race::report(args, "cegar (split auto)", started, deadline, outcome)
}
