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

use crate::config::{Config, Engine, SplitArg};
use crate::race::{self, Slot};
use anyhow::Result;
use std::time::Instant;

/// The order in which the strategies get a core.
pub const ORDER: [SplitArg; 6] = [
    SplitArg::Atomic,
    SplitArg::Ssa,
    SplitArg::Pdg,
    SplitArg::None,
    SplitArg::Cdg,
    SplitArg::Conjuncts,
];

/// ALLSAT models after which a strategy stops so that the next gets its core.
pub const EXPLOSION_MODELS: u64 = 4096;

pub fn run(args: &Config) -> Result<()> {
    let started = Instant::now();
    let deadline = crate::verify::deadline_of(args, started);
    if race::load_supported(args, "cegar (split auto)", deadline)?.is_none() {
        return Ok(());
    }
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let outcome = race::race(
        "split_auto",
        deadline,
        queue(args),
        cores.max(2),
        &mut |_, _| None,
        None,
    )?;
    race::report(args, "cegar (split auto)", started, deadline, outcome)
}

/// A CEGAR run per strategy, in [`ORDER`]: the first at normal priority, each but the
/// last with the explosion guard (unless the user set one).
pub fn queue(args: &Config) -> Vec<Slot> {
    let guarded = args.max_allsat_models.is_none();
    ORDER
        .iter()
        .enumerate()
        .map(|(i, &split)| {
            let mut slot = Slot::new(args, Engine::Cegar, None);
            slot.name = split.to_string();
            slot.config.split = split;
            if guarded && i + 1 < ORDER.len() {
                slot.config.max_allsat_models = Some(EXPLOSION_MODELS);
            }
            slot.background = i > 0;
            slot
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_runs_once_and_only_the_first_in_the_foreground() {
        let args = Config::from_words("p.c", &["--engine", "cegar", "--split", "auto"]).unwrap();
        let q = queue(&args);
        let names: Vec<&str> = q.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["atomic", "ssa", "pdg", "none", "cdg", "conjuncts"]);
        assert!(q
            .iter()
            .all(|s| s.engine() == Engine::Cegar && s.config.json));
        assert_eq!(q.iter().filter(|s| !s.background).count(), 1);
        assert!(!q[0].background);
        let guards: Vec<Option<u64>> = q.iter().map(|s| s.config.max_allsat_models).collect();
        assert_eq!(guards[..5], [Some(EXPLOSION_MODELS); 5]);
        assert_eq!(guards[5], None, "the last strategy runs without the guard");
        let own = Config::from_words("p.c", &["--split", "auto", "--max-allsat-models", "9"]);
        assert!(queue(&own.unwrap())
            .iter()
            .all(|s| s.config.max_allsat_models == Some(9)));
    }
}
