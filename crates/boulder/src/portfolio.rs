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
//! which the portfolio decides only since;
//! `docs/measurements/portfolio-60-s27-vs-s28.txt`). After that, CEGAR and IC3 have a
//! core each. An engine that gives up early (CEGAR: refinement made no progress) hands
//! its core to BMC for the time that is left. Recursion needs no slot of its own: symex
//! unwinds it on demand, and every other engine inlines it deeper whenever it meets a
//! call beyond the depth (`verify.rs`). An engine that meets the heap bound
//! (`--heap-bound`) hands its core to bit-level BMC with four times the objects per
//! allocation site. The processes and the race are `race.rs`.

use crate::cli::{Engine, VerifyArgs};
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

pub fn run(args: &VerifyArgs) -> Result<()> {
    let started = Instant::now();
    let deadline = crate::verify::deadline_of(args, started);
    crate::report::set_engine("portfolio");
    let Some(program) = race::load_supported(args, "portfolio", deadline)? else {
        return Ok(());
    };
    let parse_time = started.elapsed();
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
    let mut on_unknown = |run: &Slot, reason: &Unknown| {
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
        if early && !reason.is_timeout() && !first_slot {
            fallback.take()
        } else {
            None
        }
    };
    let base = race::inherited_args(&["--recursion-depth", "--heap-bound"]);
    // Symex, the first slot, runs in a forked copy of this process on the program loaded
    // above, with the bounds it was loaded with (those of its slot).
    let loaded = RefCell::new(Some(program));
    let symex = |limit: Option<f64>| -> Result<()> {
        let program = loaded
            .borrow_mut()
            .take()
            .expect("the first slot runs once");
        let child = VerifyArgs {
            engine: Engine::Symex,
            timelimit: limit,
            json: true,
            stats: false,
            cex: false,
            cex_out: None,
            dot_art: None,
            witness: Vec::new(),
            witness_format: None,
            ..args.clone()
        };
        let started = Instant::now();
        if let Some(d) = crate::verify::deadline_of(&child, started) {
            crate::verify::watchdog(d, true, child.file.display().to_string());
        }
        crate::verify::run_loaded(&child, program, started, parse_time)
    };
    let first = race::First {
        engine: "symex",
        forked: &symex,
        head_start: HEAD_START,
    };
    let outcome = race::race(
        "portfolio",
        &base,
        deadline,
        queue,
        3,
        &mut on_unknown,
        Some(first),
    )?;
    race::report(args, "portfolio", started, deadline, outcome)
}

/// The front end's bounds a run translates with.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    depth: u32,
    heap: u32,
}

/// A run with four times the heap bound, if `reason` (an UNKNOWN) is that bound and it can
/// be raised:
/// bit-level BMC for the heap (the bound is met by an allocation in a loop, which BMC
/// unrolls to its end where the loop is bounded; measured on
/// `examples/c/heap/list_long_safe.c`: 2.6 s, IC3 and BMC over 60 s).
fn raised(b: Bounds, reason: &Unknown) -> Option<Slot> {
    use cfront::FrontOptions as F;
    if matches!(reason, Unknown::Special { special, .. } if special.kind == SpecialKind::HeapBound)
    {
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
