//! Random simulation of a [`BitSystem`], in the manner of ABC's `sim`: 64 runs at once, one
//! per bit of a machine word, from random initial values (where the system leaves them
//! open) under random inputs, until a run reaches a bad state.
//!
//! Why a simulator next to BMC and IC3: some counterexamples are long and need no search.
//! In `jain_5_false-no-overflow` the first violation is some 32,000 loop iterations deep
//! along the only path there is; BMC and IC3 need a frame per iteration, the simulator a
//! few microseconds per step. A round ends when every run is `blocked` (its execution
//! ended) or after its step budget; budgets double from round to round, up to what the
//! recorded inputs may occupy in memory. It proves nothing: without a violation the answer
//! is UNKNOWN. A violation it finds is a concrete trace, which the caller turns into a CFA
//! path and replays like any other.

use crate::aig::{Lit, Node};
use crate::system::{BitSystem, PcCode, Step};
use std::time::Instant;

/// The longest round: a counterexample longer than this is beyond the simulator (and the
/// memory of its trace beyond what a counterexample should take).
pub const MAX_ROUND_STEPS: usize = 1 << 22;

#[derive(Clone, Debug)]
pub struct SimOptions {
    pub deadline: Option<Instant>,
    /// Rounds to run when there is no deadline.
    pub max_rounds: usize,
    /// Steps of the first round (each later round has twice as many).
    pub first_round_steps: usize,
    /// Memory for the inputs of one round (bytes); caps a round's steps.
    pub input_memory: usize,
    pub seed: u64,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            deadline: None,
            max_rounds: 12,
            first_round_steps: 1 << 10,
            input_memory: 256 << 20,
            seed: 0x9e37_79b9_7f4a_7c15,
        }
    }
}

#[derive(Clone, Debug)]
pub enum SimOutcome {
    /// A trace whose last state is bad.
    Unsafe(Vec<Step>),
    /// No bad state within the rounds (without a deadline) or before the deadline.
    NotFound,
}

#[derive(Clone, Debug, Default)]
pub struct SimStats {
    pub rounds: usize,
    /// Steps simulated (each of 64 runs at once).
    pub steps: u64,
    /// The longest round.
    pub longest_round: usize,
}

impl SimStats {
    /// What a search that found nothing did, for an UNKNOWN's reason.
    pub fn no_bad_state(&self) -> String {
        format!(
            "random simulation reached no bad state in {} rounds of 64 runs (up to {} steps)",
            self.rounds, self.longest_round
        )
    }
}

/// xorshift64*: fast, and reproducible from the seed.
struct Rng(u64);

impl Rng {
    fn word(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn value(words: &[u64], l: Lit) -> u64 {
    let w = words[l.node() as usize];
    if l.is_negated() {
        !w
    } else {
        w
    }
}

pub fn simulate(sys: &BitSystem, opts: &SimOptions) -> (SimOutcome, SimStats) {
    let mut stats = SimStats::default();
    let mut rng = Rng(opts.seed | 1);
    let n_inputs = sys.aig.inputs().len();
    let cap = (opts.input_memory / 8 / n_inputs.max(1)).clamp(1, MAX_ROUND_STEPS);
    let blocked = sys.codes.iter().position(|c| *c == PcCode::Blocked);
    let mut words = vec![0u64; sys.aig.num_nodes()];
    let mut latches: Vec<u64> = vec![0; sys.latches.len()];
    let mut round = 0;
    loop {
        if opts.deadline.is_none() && round >= opts.max_rounds {
            return (SimOutcome::NotFound, stats);
        }
        let budget = opts
            .first_round_steps
            .max(1)
            .saturating_mul(1usize.checked_shl(round as u32).unwrap_or(usize::MAX))
            .min(cap);
        round += 1;
        stats.rounds = round;
        if round > 1 {
            logic::progress::reached(logic::progress::Milestone::Rounds(round as u64 - 1));
        }
        for (w, l) in latches.iter_mut().zip(&sys.latches) {
            *w = match l.init {
                Some(true) => !0,
                Some(false) => 0,
                None => rng.word(),
            };
        }
        let init = latches.clone();
        let mut inputs: Vec<u64> = Vec::new();
        for step in 0..budget {
            if step % 256 == 0 && opts.deadline.is_some_and(|d| Instant::now() >= d) {
                return (SimOutcome::NotFound, stats);
            }
            let start = inputs.len();
            inputs.extend((0..n_inputs).map(|_| rng.word()));
            evaluate(sys, &mut words, &inputs[start..], &latches);
            stats.steps += 1;
            stats.longest_round = stats.longest_round.max(step + 1);
            let bad = value(&words, sys.bad);
            if bad != 0 {
                let lane = bad.trailing_zeros();
                return (
                    SimOutcome::Unsafe(trace(sys, &init, &inputs, step + 1, lane)),
                    stats,
                );
            }
            if let Some(code) = blocked {
                let at_blocked = sys.pc.iter().enumerate().fold(!0u64, |acc, (i, l)| {
                    let w = value(&words, *l);
                    acc & if code >> i & 1 == 1 { w } else { !w }
                });
                if at_blocked == !0 {
                    break;
                }
            }
            for (w, l) in latches.iter_mut().zip(&sys.latches) {
                *w = value(&words, l.next);
            }
        }
    }
}

fn evaluate(sys: &BitSystem, words: &mut [u64], inputs: &[u64], latches: &[u64]) {
    for i in 0..words.len() {
        words[i] = match sys.aig.node(i as u32) {
            Node::False => 0,
            Node::Input(k) => inputs[k as usize],
            Node::Latch(k) => latches[k as usize],
            Node::And(a, b) => value(words, a) & value(words, b),
        };
    }
}

/// The steps of one run (`lane`), re-simulated on single bits so that the trace is what
/// [`BitSystem::run`] computes.
fn trace(sys: &BitSystem, init: &[u64], inputs: &[u64], steps: usize, lane: u32) -> Vec<Step> {
    let bit = |w: u64| w >> lane & 1 == 1;
    let n = sys.aig.inputs().len();
    let per_step: Vec<Vec<bool>> = (0..steps)
        .map(|k| inputs[k * n..(k + 1) * n].iter().map(|w| bit(*w)).collect())
        .collect();
    let start: Vec<bool> = init.iter().map(|w| bit(*w)).collect();
    // The last step's inputs are those under which its state is bad; the states are
    // those before each step's inputs apply.
    let states = sys.run(&start, &per_step[..per_step.len() - 1]);
    states
        .into_iter()
        .zip(per_step)
        .map(|(latches, inputs)| Step { latches, inputs })
        .collect()
}
