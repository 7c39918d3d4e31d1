//! Symbolic execution never contradicts the unrolling BMC: on random flat CFAs and on
//! random procedural programs (against BMC on their inlined CFA), a FALSE of one where the
//! other proves safety fails the test, and so does a bug BMC finds that symex, given the
//! bound of that path, misses. Its counterexamples are checked by symex itself (on the
//! chain of their path); the test counts proofs and refutations of both, so that it
//! cannot pass by answering UNKNOWN everywhere.

use bmc::{bmc, symex, BmcOptions, BmcOutcome, SymexOptions, SymexOutcome};
use cfa::random::{random_cfa, random_program};
use cfa::{inline, InlineOptions, Program, StmtStore};
use logic::{Sort, TermStore, Z3};
use rustc_hash::FxHashMap;
use std::rc::Rc;

#[derive(Default)]
struct Tally {
    proved: u32,
    refuted: u32,
}

/// Compares symex on `program` with BMC on its flat CFA.
fn agree(what: &str, program: &Program, flat: &cfa::Cfa, tally: &mut Tally) {
    let terms = program.cfa.terms.clone();
    let z3 = Z3::new(terms);
    let (truth, _) = bmc(
        flat,
        &z3,
        &BmcOptions {
            bound: 40,
            ..Default::default()
        },
    );
    let none = FxHashMap::default();
    let run = |max_bound: u32| {
        // A path explosion (random CFAs branch everywhere, without structure) ends in
        // UNKNOWN, which compares with anything.
        let deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(2));
        let solvers = Z3::new(program.cfa.terms.clone());
        solvers.set_solver_kind(logic::Z3SolverKind::Combined);
        solvers.set_deadline(deadline);
        let opts = SymexOptions {
            max_bound,
            deadline,
            ..Default::default()
        };
        symex(program, &none, &opts, &solvers, &solvers).0
    };
    let short = run(2);
    match (&truth, &short) {
        (BmcOutcome::Unsafe(_), SymexOutcome::Safe { bound }) => {
            panic!("{what}: symex TRUE at bound {bound}, BMC FALSE")
        }
        (BmcOutcome::Safe(_), SymexOutcome::Unsafe { .. }) => {
            panic!("{what}: symex FALSE, BMC TRUE")
        }
        (_, SymexOutcome::Special { special, .. }) => {
            panic!("{what}: no special locations, yet {special}")
        }
        _ => {}
    }
    match &short {
        SymexOutcome::Unsafe { .. } => tally.refuted += 1,
        SymexOutcome::Safe { .. } => tally.proved += 1,
        _ => {}
    }
    // A path of n edges iterates no loop and recurses no deeper than n times: with that
    // bound, symex finds a bug there too.
    // (Random CFAs branch everywhere, without structure: symbolic execution's paths grow
    // exponentially with the bound there, so only short paths are held against it.)
    if let (BmcOutcome::Unsafe(c), SymexOutcome::Unknown(_)) = (&truth, &short) {
        let n = (c.path.len() as u32).next_power_of_two();
        if n > 8 {
            return;
        }
        match run(n) {
            SymexOutcome::Unsafe { .. } => tally.refuted += 1,
            other => panic!(
                "{what}: BMC FALSE in {} edges, symex to bound {n}: {other:?}",
                c.path.len()
            ),
        }
    }
}

#[test]
fn symex_agrees_with_bmc_on_random_cfas() {
    let mut tally = Tally::default();
    for seed in 0..150u64 {
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
            3 + (seed % 6) as usize,
            2,
            &vars,
            1,
        );
        let program = Program::flat(cfa.clone()).expect("a flat program");
        agree(&format!("cfa seed {seed}"), &program, &cfa, &mut tally);
    }
    // Random CFAs mostly reach their error, and a proof needs every path to end within
    // bound 2: measured 4 proofs and 122 refutations of 150.
    assert!(
        tally.proved >= 3 && tally.refuted > 60,
        "proved {}, refuted {}",
        tally.proved,
        tally.refuted
    );
}

#[test]
fn symex_agrees_with_bmc_on_inlined_random_programs() {
    let mut tally = Tally::default();
    for seed in 0..120u64 {
        let terms = Rc::new(TermStore::new());
        // Fuel 3: no run has more than three calls, so inlining to depth 4 is exact.
        let program = random_program(terms, Rc::new(StmtStore::new()), seed, 3, 4, 3);
        let opts = InlineOptions {
            recursion_depth: 4,
            ..InlineOptions::default()
        };
        let flat = inline(&program, &opts).expect("small").cfa;
        agree(&format!("program seed {seed}"), &program, &flat, &mut tally);
    }
    assert!(
        tally.proved > 10 && tally.refuted > 10,
        "proved {}, refuted {}",
        tally.proved,
        tally.refuted
    );
}

/// `program` with one special location (an unsupported construct, say) shared by every
/// function, as the C front end shares its special locations: entered from two locations
/// owned by functions (or the top level) under a condition on a global, beside their
/// other edges.
fn with_special(program: &Program, seed: u64) -> (Program, cfa::LocationId) {
    let mut cfa = program.cfa.clone();
    let terms = cfa.terms.clone();
    let special = cfa.add_location("unknown0", cfa::LocationKind::Error);
    let sources: Vec<cfa::LocationId> = cfa
        .locations()
        .filter(|l| *l != special && !cfa.out_edges(*l).is_empty())
        .collect();
    let globals: Vec<logic::Term> = cfa
        .vars()
        .iter()
        .filter(|d| matches!(terms.var_sort(d.var), Sort::Bv(_)))
        .map(|d| terms.var_term(d.var))
        .filter(|t| {
            let v = terms.as_var(*t).unwrap();
            program.functions().iter().all(|f| !f.locals.contains(&v))
        })
        .collect();
    for k in 0..2u64 {
        let from = sources[((seed * 7 + k * 13) as usize) % sources.len()];
        let cond = match globals.get(((seed + k) as usize) % globals.len().max(1)) {
            Some(g) => {
                let Sort::Bv(w) = terms.sort(*g) else {
                    unreachable!("bit-vector globals")
                };
                terms.eq(*g, terms.bv_const(u128::from((seed + k) % 3), w))
            }
            None => terms.tru(),
        };
        let s = cfa.stmts.assume(cond, None);
        cfa.add_edge(from, special, s);
    }
    let functions = program.functions().to_vec();
    (
        Program::new(cfa, functions).expect("still a program"),
        special,
    )
}

/// With a special location: a run that symex reports into it is no error, and an error
/// BMC finds (the special location a sink) is one symex finds too, with the bound of its
/// path — never a special location in its place (states of the error location and of a
/// special one must never be merged).
#[test]
fn symex_keeps_errors_apart_from_special_locations() {
    let mut tally = Tally::default();
    let mut specials = 0;
    for seed in 0..120u64 {
        let terms = Rc::new(TermStore::new());
        let base = random_program(terms, Rc::new(StmtStore::new()), seed, 3, 4, 3);
        let (program, special) = with_special(&base, seed);
        let opts = InlineOptions {
            recursion_depth: 4,
            ..InlineOptions::default()
        };
        let mut flat = inline(&program, &opts).expect("small").cfa;
        flat.set_kind(special, cfa::LocationKind::Sink);
        let z3 = Z3::new(program.cfa.terms.clone());
        let (truth, _) = bmc(
            &flat,
            &z3,
            &BmcOptions {
                bound: 40,
                ..Default::default()
            },
        );
        let BmcOutcome::Unsafe(c) = truth else {
            continue;
        };
        let n = (c.path.len() as u32).next_power_of_two();
        if n > 8 {
            continue;
        }
        let mut map = FxHashMap::default();
        map.insert(
            special,
            cfa::Special::new(cfa::SpecialKind::Unsupported, "a construct", None),
        );
        let deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(2));
        let solvers = Z3::new(program.cfa.terms.clone());
        solvers.set_solver_kind(logic::Z3SolverKind::Combined);
        solvers.set_deadline(deadline);
        let sopts = SymexOptions {
            max_bound: n,
            deadline,
            ..Default::default()
        };
        match symex(&program, &map, &sopts, &solvers, &solvers).0 {
            SymexOutcome::Unsafe { .. } => tally.refuted += 1,
            SymexOutcome::Unknown(logic::Stop::Timeout) => {}
            other => panic!(
                "program seed {seed}: BMC FALSE in {} edges, symex to bound {n}: {other:?}",
                c.path.len()
            ),
        }
        specials += 1;
    }
    assert!(
        tally.refuted > 10 && specials > 10,
        "refuted {}",
        tally.refuted
    );
}
