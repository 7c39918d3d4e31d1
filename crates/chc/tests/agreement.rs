//! The `chc` engine never contradicts the other engines: on random flat CFAs against
//! SMT-based BMC and IC3, and on random procedural programs (calls, recursion bounded by
//! fuel) against BMC on their inlined CFA — in both theories. Its counterexamples are
//! checked by the engine itself (their path executes on its chain CFA) and its TRUEs
//! certified; the test counts proofs and refutations so that it cannot pass by answering
//! UNKNOWN everywhere.

use bmc::{bmc, BmcOptions, BmcOutcome};
use cfa::random::{random_cfa, random_program};
use cfa::{inline, InlineOptions, Program, StmtStore};
use chc::{chc, ChcOptions, ChcOutcome, Theory};
use logic::{Sort, TermStore, Z3};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};
use ts::ic3::{ic3, Ic3Options, Ic3Outcome, Model};
use ts::{build, BuildOptions, Transys};

#[derive(Default, Debug)]
struct Tally {
    proved: u32,
    refuted: u32,
    /// Answers per theory (in the order of `THEORIES`).
    decided: [u32; 3],
    /// Programs learning alone proved.
    learned: u32,
    /// Programs learning alone refuted (a sampling run reached the error: its path's
    /// counterexample, `chc::cex::run_path`).
    sampled: u32,
}

/// Random programs per test: 30 since stop 55 (40 before; the suite's 30 minutes).
const SEEDS: u64 = 30;

const THEORIES: [Theory; 3] = [Theory::Int, Theory::IntOverflow, Theory::Bv];

/// What an engine says: `Some(true)` unsafe, `Some(false)` safe, `None` no answer.
type Says = Option<bool>;

/// The chc engine in `theory` (`None`: learning only, no Spacer).
fn run_chc(program: &Program, theory: Option<Theory>) -> Says {
    let z3 = Z3::new(program.cfa.terms.clone());
    let opts = ChcOptions {
        theory: theory.unwrap_or(Theory::Bv),
        // Each theory on its own (learning would decide some programs for all of them);
        // learning on its own as a fourth engine.
        learn: theory.is_none(),
        spacer: theory.is_some(),
        deadline: Some(Instant::now() + Duration::from_secs(4)),
        ..ChcOptions::default()
    };
    match chc(program, &FxHashMap::default(), &opts, &z3, &z3, &()).0 {
        ChcOutcome::Safe(_) => Some(false),
        ChcOutcome::Unsafe { .. } => Some(true),
        ChcOutcome::Special(s) => panic!("no special locations, yet {s}"),
        ChcOutcome::Unknown(_) => None,
    }
}

fn run_bmc(flat: &cfa::Cfa) -> Says {
    let z3 = Z3::new(flat.terms.clone());
    let opts = BmcOptions {
        bound: 30,
        ..Default::default()
    };
    match bmc(flat, &z3, &opts).0 {
        BmcOutcome::Unsafe(_) => Some(true),
        BmcOutcome::Safe(_) => Some(false),
        BmcOutcome::Unknown(_) => None,
    }
}

fn run_ic3(flat: &cfa::Cfa) -> Says {
    let sys = build(flat, &BuildOptions::default()).ok()?;
    let (tsys, map) = Transys::from_bits(&sys);
    let model = Model::from_bits(&sys, &tsys, &map);
    let opts = Ic3Options {
        deadline: Some(Instant::now() + Duration::from_secs(4)),
        ..Default::default()
    };
    match ic3(&model, &opts).0 {
        Ic3Outcome::Safe(_) => Some(false),
        Ic3Outcome::Unsafe(_) => Some(true),
        Ic3Outcome::Unknown(_) => None,
    }
}

fn agree(what: &str, program: &Program, others: &[(&str, Says)], tally: &mut Tally) {
    let runs = THEORIES.into_iter().map(Some).chain([None]);
    for (i, theory) in runs.enumerate() {
        let says = run_chc(program, theory);
        if theory.is_none() {
            // Learning proves, or refutes by a run that reached the error; the others
            // must agree either way (below).
            tally.learned += (says == Some(false)) as u32;
            tally.sampled += (says == Some(true)) as u32;
        } else {
            tally.decided[i] += says.is_some() as u32;
        }
        for (name, other) in others {
            if let (Some(a), Some(b)) = (says, other) {
                assert_eq!(
                    a, *b,
                    "{what}: chc ({theory:?}) says unsafe={a}, {name} unsafe={b}"
                );
            }
        }
        match says {
            Some(true) => tally.refuted += 1,
            Some(false) => tally.proved += 1,
            None => {}
        }
    }
}

#[test]
fn chc_agrees_with_bmc_and_ic3_on_random_cfas() {
    let mut tally = Tally::default();
    for seed in 0..SEEDS {
        let terms = Rc::new(TermStore::new());
        let vars = vec![
            terms.var("x", Sort::Bv(4)),
            terms.var("y", Sort::Bv(8)),
            terms.var("b", Sort::Bool),
        ];
        let cfa = random_cfa(
            terms.clone(),
            Rc::new(StmtStore::new()),
            seed,
            3 + (seed % 5) as usize,
            2,
            &vars,
            1,
        );
        let program = Program::flat(cfa.clone()).expect("a flat program");
        let others = [("BMC", run_bmc(&cfa)), ("IC3", run_ic3(&cfa))];
        agree(&format!("cfa seed {seed}"), &program, &others, &mut tally);
    }
    eprintln!(
        "learning alone proved {}, refuted {}; proved {}, refuted {}, decided per theory {:?}",
        tally.learned, tally.sampled, tally.proved, tally.refuted, tally.decided
    );
    assert!(
        tally.proved >= 4
            && tally.refuted >= 20
            && tally.sampled >= 1
            && tally.decided.iter().all(|d| *d >= 20),
        "proved {}, refuted {} ({} by sampling), decided per theory {:?}",
        tally.proved,
        tally.refuted,
        tally.sampled,
        tally.decided
    );
}

#[test]
fn chc_agrees_with_bmc_on_random_procedural_programs() {
    let mut tally = Tally::default();
    for seed in 0..SEEDS {
        let terms = Rc::new(TermStore::new());
        // Fuel 3: no run has more than three calls, so inlining to depth 4 is exact.
        let program = random_program(terms, Rc::new(StmtStore::new()), seed, 3, 4, 3);
        let opts = InlineOptions {
            recursion_depth: 4,
            ..InlineOptions::default()
        };
        let flat = inline(&program, &opts).expect("small").cfa;
        let others = [("BMC on the inlined CFA", run_bmc(&flat))];
        agree(
            &format!("program seed {seed}"),
            &program,
            &others,
            &mut tally,
        );
    }
    eprintln!(
        "learning alone proved {}, refuted {}; proved {}, refuted {}, decided per theory {:?}",
        tally.learned, tally.sampled, tally.proved, tally.refuted, tally.decided
    );
    assert!(
        // int-overflow decides fewer here (16 of 30 at stop 55; 19 of 40 at stop 53): since
        // the check of a solution checks query clauses too, some of its solutions fail it.
        tally.proved >= 10
            && tally.refuted >= 10
            && tally.sampled >= 5
            && tally.decided.iter().all(|d| *d >= 12),
        "proved {}, refuted {} ({} by sampling), decided per theory {:?}",
        tally.proved,
        tally.refuted,
        tally.sampled,
        tally.decided
    );
}
