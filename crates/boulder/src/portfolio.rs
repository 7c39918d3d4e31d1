//! The portfolio (the default engine): engines run side by side as child processes of
//! one `verify`, each with its own solvers and its own checks (every FALSE is replayed,
//! every TRUE certified inside the child), and the first decided verdict wins; the others
//! are killed.
//!
//! How the time is shared on two cores: symbolic execution (`symex`: at most a quarter of
//! the time limit or 15 s) decides shallow bugs and bounded programs at once, as CBMC and
//! ESBMC would, while CEGAR and IC3 run for the whole budget. When symex is done, random
//! simulation of the bit-level system
//! (`sim`) takes its place: it simulates for 2 s and has at most an eighth of the time
//! limit or 8 s to turn a trace into a checked counterexample. It finds the
//! counterexamples that are long but need no search (`jain_5_false-no-overflow`: 32,770
//! steps, 1.8 s), which no unrolling reaches; the traces it finds, it finds in well under
//! 2 s, and every second more is taken from CEGAR and IC3 on the same two cores. Then
//! bit-level BMC (`ts-bmc`) runs for
//! at most a third of the time limit or 20 s: on SAT it unrolls loops that SMT-based BMC
//! cannot unroll in time (atexit `reach2-broken` and `gcd_1`, which the portfolio decides
//! only since; `docs/measurements/portfolio-60-s27-vs-s28.txt`). After that, CEGAR and IC3
//! have a core each. An engine
//! that gives up early (CEGAR: refinement made no progress) hands its core to BMC for the
//! time that is left. Recursion needs no slot of its own: symex unwinds it on demand, and
//! every other engine inlines it deeper whenever it meets a call beyond the depth
//! (`verify.rs`). An engine that meets the heap bound (`--heap-bound`) hands its core to
//! bit-level BMC with four times the objects per allocation site. The processes and the
//! race are `race.rs`.

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
    let first = (total / 4.0).min(15.0);
    let bit_level = (total / 3.0).min(20.0);
    let simulation = (total / 8.0).min(8.0);
    let bounds = Bounds {
        depth: args.program.recursion_depth,
        heap: args.program.heap_bound,
    };
    let slot = |engine: &'static str, extra: &[&str], budget: Option<f64>| {
        slot_with_bounds(engine.to_string(), engine, extra, budget, bounds)
    };
    let queue = vec![
        slot("symex", &[], Some(first)),
        slot("cegar", &[], None),
        slot("ic3", &[], None),
        slot("sim", &["--sim-seconds", "2"], Some(simulation)),
        slot("ts-bmc", &[], Some(bit_level)),
    ];
    // Taken when an engine other than BMC gives up well before the deadline.
    let mut fallback = Some(slot("bmc", &[], None));
    // One raised run, for whichever bound an engine met first.
    let mut raised_once = false;
    let mut on_unknown = |run: &Slot, reason: &str| {
        let early = deadline.is_none_or(|d| Instant::now() + Duration::from_secs(1) < d);
        if early && !raised_once {
            if let Some(r) = raised(bounds, reason) {
                raised_once = true;
                return Some(r);
            }
        }
        // Random simulation gives up only where IC3 does too (the bit-level encoding
        // refuses the program), and IC3's turn to take the fallback is the one that counts;
        // symex, the first slot, gives up at its bound or its size limit, where BMC would
        // not get further.
        let first_slot = ["bmc", "sim", "symex"].contains(&run.engine);
        if early && reason != "timeout" && !first_slot {
            fallback.take()
        } else {
            None
        }
    };
    let base = race::inherited_args(&["--recursion-depth", "--heap-bound"]);
    let outcome = race::race("portfolio", &base, deadline, queue, 3, &mut on_unknown)?;
    race::report(args, "portfolio", started, deadline, outcome)
}

/// The front end's bounds a run translates with.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    depth: u32,
    heap: u32,
}

/// A run with four times the bound that `reason` (an UNKNOWN) names, if it can be raised:
/// bit-level BMC for the heap (the bound is met by an allocation in a loop, which BMC
/// unrolls to its end where the loop is bounded; measured on
/// `examples/c/heap/list_long_safe.c`: 2.6 s, IC3 and BMC over 60 s).
fn raised(b: Bounds, reason: &str) -> Option<Slot> {
    use cfront::FrontOptions as F;
    if reason.contains(cfront::HEAP_BOUND) {
        let more = b.heap.saturating_mul(4).min(F::MAX_HEAP_BOUND);
        return (more > b.heap).then(|| {
            let name = format!("ts-bmc (heap bound {more})");
            slot_with_bounds(name, "ts-bmc", &[], None, Bounds { heap: more, ..b })
        });
    }
    None
}

/// A run of `engine` with `extra` options on the program translated with `bounds` (every
/// child gets them explicitly, since the raised run changes them).
fn slot_with_bounds(
    name: String,
    engine: &'static str,
    extra: &[&str],
    budget: Option<f64>,
    bounds: Bounds,
) -> Slot {
    Slot {
        name,
        engine,
        extra: extra
            .iter()
            .map(|s| s.to_string())
            .chain([
                "--recursion-depth".to_string(),
                bounds.depth.to_string(),
                "--heap-bound".to_string(),
                bounds.heap.to_string(),
            ])
            .collect(),
        budget,
        background: false,
    }
}
