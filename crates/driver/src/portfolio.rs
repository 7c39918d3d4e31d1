//! The portfolio (the default engine): engines run side by side as child processes of
//! one `verify`, each with its own solvers and its own checks (every FALSE is replayed,
//! every TRUE certified inside the child), and the first decided verdict wins; the others
//! are killed.
//!
//! How the time is shared on two cores: symbolic execution (`symex`: at most a quarter
//! of the time limit or 15 s) decides shallow bugs and bounded programs at once, as
//! CBMC and ESBMC would, while CEGAR and IC3 run for the whole budget. Symex starts
//! first, in a forked copy of this process on the program loaded here (`fork.rs`), and
//! runs alone for [`HEAD_START`]: on the corpus's FALSE tasks most of a run's wall time
//! was the start of three `boulder` processes, each parsing the program again, not any
//! engine's work. When symex is done, random simulation of the bit-level system (`sim`)
//! takes its place: it simulates for 2 s and has at most an eighth of the time limit or
//! 8 s to turn a trace into a checked counterexample. It finds the counterexamples that
//! are long but need no search (`jain_5_false-no-overflow`: 32,770 steps, 1.8 s), which
//! no unrolling reaches; the traces it finds, it finds in well under 2 s, and every
//! second more is taken from CEGAR and IC3 on the same two cores. Then bit-level BMC
//! (`ts-bmc`) runs for at most a third of the time limit or 20 s: on SAT it unrolls
//! loops that SMT-based BMC cannot unroll in time (atexit `reach2-broken` and `gcd_1`,
//! which the portfolio decides only since; `portfolio-60-s27-vs-s28.txt` in
//! `docs/measurements/` at commit `625c9b8`). After that, CEGAR and IC3 have a
//! core each. An engine that gives up early (CEGAR: refinement made no progress) hands
//! its core to BMC for the time that is left. Symex unwinds recursion on demand, and
//! every other engine inlines it deeper whenever it meets a call beyond the depth
//! (`verify.rs`); neither proves a program whose recursion depth depends on its input.
//! A recursive program therefore gets the `chc` engine (procedure summaries by Horn
//! clauses, docs/engines/chc.md) right after symex, for the whole time, beside CEGAR; IC3
//! starts when symex is done. On programs without recursion `chc` runs last and learns
//! invariants only (`--chc-learn-only`, at most a quarter of the time or 15 s: sampled
//! states, polynomial equations and bounds, Houdini; docs/engines/invariants.md; a sampled
//! run that reaches the error is its FALSE); Spacer
//! there was measured against IC3 and CEGAR in docs/engines/chc.md and has no slot. An engine that meets the heap bound
//! (`--heap-bound`) hands its core to bit-level BMC with four times the objects per
//! allocation site. The processes and the race are `race.rs`.

use crate::config::{AccelerateArg, Config, Engine};
use crate::race::{self, Slot};
use crate::unknown::Unknown;
use anyhow::Result;
use cfa::SpecialKind;
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// How long symex runs alone before CEGAR and IC3 start. Most bugs it finds, it finds in
/// less (the corpus's FALSE tasks: 10 ms after the fork at the median), and alone it is
/// not slowed by the start of two more processes (each loads libz3 and runs `gcc -E`);
/// a task it cannot decide in that time gives the others no more than this. Measured on
/// the corpus's 79 FALSE tasks at 60 s (`boulder bench`, `--jobs 1`): median wall time of
/// the FALSE verdicts 37 ms without a head start, 26 ms with 50 ms, 27 ms with 250 ms
/// (`docs/measurements/README.md`).
const HEAD_START: Duration = Duration::from_millis(50);

/// Children running at once: the first slot alone for its head start, then three (on two
/// cores, sim and the bounded runs are short).
const PARALLEL: usize = 3;

pub fn run(args: &Config) -> Result<()> {
    let started = Instant::now();
    let deadline = crate::verify::deadline_of(args, started);
    crate::report::set_engine("portfolio");
    let Some(program) = race::load_supported(args, "portfolio", deadline)? else {
        return Ok(());
    };
    let parse_time = started.elapsed();
    let recursive = program
        .procedural
        .as_ref()
        .is_some_and(cfa::Program::has_recursion);
    let accelerable = accelerable(&program);
    let mut plan = Plan::new(args, recursive, accelerable);
    let queue = plan.take_queue();
    let mut on_unknown = |run: &Slot, reason: &Unknown| {
        let early = deadline.is_none_or(|d| Instant::now() + Duration::from_secs(1) < d);
        plan.on_unknown(run, reason, early)
    };
    // Symex, the first slot, runs in a forked copy of this process on the program loaded
    // above, with the bounds it was loaded with (those of its slot).
    let first_config = queue[0].config.clone();
    let loaded = RefCell::new(Some(program));
    let symex = |limit: Option<f64>| -> Result<()> {
        let program = loaded
            .borrow_mut()
            .take()
            .expect("the first slot runs once");
        let child = Config {
            timelimit: limit,
            ..first_config.clone()
        };
        let started = Instant::now();
        if let Some(d) = crate::verify::deadline_of(&child, started) {
            crate::verify::watchdog(d, true, child.file.display().to_string());
        }
        crate::verify::run_loaded(&child, program, started, parse_time)
    };
    let first = race::First {
        engine: Engine::Symex,
        forked: &symex,
        head_start: HEAD_START,
    };
    let outcome = race::race(
        "portfolio",
        deadline,
        queue,
        PARALLEL,
        &mut on_unknown,
        Some(first),
    )?;
    race::report(args, "portfolio", started, deadline, outcome)
}

/// The portfolio's policy for one run, apart from the processes: the slots in the order
/// they start, and what takes the place of an engine that gives up.
pub struct Plan {
    queue: Vec<Slot>,
    /// Taken when an engine other than BMC gives up well before the deadline.
    fallback: Option<Slot>,
    /// One raised run, for whichever bound an engine met first.
    raised_once: bool,
}

impl Plan {
    /// The slots for `args` (its time limit shares the time, DESIGN of the module doc);
    /// a `recursive` program gets the `chc` engine after symex, for the whole time; an
    /// `accelerable` one (a loop `cfa::accelerate` summarises) its bit-level BMC on the
    /// accelerated CFA.
    pub fn new(args: &Config, recursive: bool, accelerable: bool) -> Plan {
        let total = args.timelimit.unwrap_or(f64::INFINITY);
        let first = (total / 4.0).min(15.0);
        let bit_level = (total / 3.0).min(20.0);
        let simulation = (total / 8.0).min(8.0);
        let mut sim = Slot::new(args, Engine::Sim, Some(simulation));
        sim.config.sim_seconds = Some(2.0);
        let mut ts_bmc = Slot::new(args, Engine::TsBmc, Some(bit_level));
        let mut queue = vec![
            Slot::new(args, Engine::Symex, Some(first)),
            Slot::new(args, Engine::Cegar, None),
            Slot::new(args, Engine::Ic3, None),
            sim,
        ];
        if args.accelerate == AccelerateArg::Auto {
            // Acceleration pays on long counting loops (a bug after 2^31 iterations) and
            // costs elsewhere: the iteration count is a free variable that every query
            // after the loop carries (docs/engines/acceleration.md). Only the bit-level
            // BMC of a program with an accelerated loop runs on the accelerated CFA. Not
            // a slot of its own (stop 54): since copies and accumulators (stop 55) 25 of
            // the corpus's tasks have such a loop, and the extra 15 s pushed the learning
            // slot past the limit on `gauss_sum` (TRUE at 45 s, then UNKNOWN); the plain
            // bit-level BMC decided none of the 25.
            ts_bmc.config.accelerate = AccelerateArg::Off;
            if accelerable {
                ts_bmc.config.accelerate = AccelerateArg::On;
                ts_bmc.name = "ts-bmc (accelerated)".into();
            }
        }
        queue.push(ts_bmc);
        if recursive {
            queue.insert(1, Slot::new(args, Engine::Chc, None));
        } else {
            // Invariants learned from executions (polynomial equations, bounds), checked
            // by Houdini: what CEGAR's and IC3's linear and bit-level lemmas do not find.
            // Last, so that it takes no core from the bounded engines before them.
            let mut learn = Slot::new(args, Engine::Chc, Some((total / 4.0).min(15.0)));
            learn.config.chc_learn_only = true;
            queue.push(learn);
        }
        Plan {
            queue,
            fallback: Some(Slot::new(args, Engine::Bmc, None)),
            raised_once: false,
        }
    }

    /// The slots in the order they start (once).
    pub fn take_queue(&mut self) -> Vec<Slot> {
        std::mem::take(&mut self.queue)
    }

    /// What starts in the place of `run`, which gave up with `reason`; `early`: at least
    /// a second is left before the deadline (nothing starts later).
    pub fn on_unknown(&mut self, run: &Slot, reason: &Unknown, early: bool) -> Option<Slot> {
        if !early {
            return None;
        }
        if !self.raised_once {
            if let Some(r) = raised(run, reason) {
                self.raised_once = true;
                return Some(r);
            }
        }
        // Random simulation gives up only where IC3 does too (the bit-level encoding
        // refuses the program), and IC3's turn to take the fallback is the one that counts;
        // symex, the first slot, gives up at its bound or its size limit, where BMC would
        // not get further.
        let first_slot = matches!(run.engine(), Engine::Bmc | Engine::Sim | Engine::Symex);
        if !reason.is_timeout() && !first_slot {
            self.fallback.take()
        } else {
            None
        }
    }
}

/// Whether a loop of the program is accelerated (`cfa::accelerate`, on a copy).
fn accelerable(program: &crate::load::Program) -> bool {
    let mut cfa = match &program.procedural {
        Some(p) => p.cfa.clone(),
        None => program.cfa.clone(),
    };
    !cfa::accelerate(&mut cfa).is_empty()
}

/// A run with four times the heap bound of `run`, if `reason` (its UNKNOWN) is that bound
/// and it can be raised: bit-level BMC for the heap (the bound is met by an allocation in
/// a loop, which BMC unrolls to its end where the loop is bounded; measured on
/// `examples/c/heap/list_long_safe.c`: 2.6 s, IC3 and BMC over 60 s).
fn raised(run: &Slot, reason: &Unknown) -> Option<Slot> {
    use cfront::FrontOptions as F;
    let heap_bound = matches!(reason, Unknown::Special { special, .. } if special.kind == SpecialKind::HeapBound);
    if !heap_bound {
        return None;
    }
    let heap = run.config.program.heap_bound;
    let more = heap.saturating_mul(4).min(F::MAX_HEAP_BOUND);
    (more > heap).then(|| {
        let mut slot = Slot::new(&run.config, Engine::TsBmc, None);
        slot.name = format!("ts-bmc (heap bound {more})");
        slot.config.program.heap_bound = more;
        slot.config.sim_seconds = None;
        slot
    })
}

#[cfg(test)]
mod tests;
