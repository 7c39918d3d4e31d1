//! Symbolic execution on random C programs (`cgen`: calls, recursion, statics, pointers,
//! loops, `if (…) reach_error();` at random places) never contradicts BMC on the same
//! program's inlined CFA: symex runs on the procedural CFA, BMC on the flat one, and a
//! FALSE of one where the other proves TRUE fails the test. Runs that reach a special
//! location (an unsupported construct, undefined behaviour) or give up compare with
//! anything; the test counts the decided agreements, so it cannot pass by answering
//! UNKNOWN everywhere.

// The generator is shared with the differential test, which reads what it records.
#[allow(dead_code)]
mod cgen;
mod par;

use bmc::{bmc, symex, BmcOptions, BmcOutcome, SymexOptions, SymexOutcome};
use cfa::StmtStore;
use cfront::{DataModel, Property, Source};
use logic::{TermStore, Z3};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Seeds compared (each program translated once, ILP32).
const PROGRAMS: u64 = 30;

#[test]
fn symex_agrees_with_bmc_on_random_c_programs() {
    // Each seed's outcome: 1 if both proved it, 2 if both refuted it, 0 otherwise.
    let alike = par::map(PROGRAMS as usize, |seed| {
        let seed = seed as u64;
        let p = cgen::program(seed);
        let terms = Rc::new(TermStore::new());
        let source = Source::from_text("random.c", &p.text);
        let options = cfront::FrontOptions {
            recursion_depth: cgen::RECURSION_DEPTH,
            ..Default::default()
        };
        let procedural = cfront::translate_program(
            &source,
            Property::UnreachCall,
            DataModel::Ilp32,
            terms.clone(),
            Rc::new(StmtStore::new()),
            &options,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let flat = procedural
            .flatten(&options.inline_options())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let z3 = Z3::new(terms.clone());
        let deadline = Some(Instant::now() + Duration::from_millis(3000));
        z3.set_deadline(deadline);
        let (truth, _) = bmc(
            &flat.cfa,
            &z3,
            &BmcOptions {
                bound: 200,
                deadline,
                ..Default::default()
            },
        );
        // A path into a special location is no bug (the verdict would be UNKNOWN).
        let truth = match truth {
            BmcOutcome::Unsafe(c)
                if flat
                    .special
                    .contains_key(&flat.cfa.edge(*c.path.last().expect("a path")).dst) =>
            {
                BmcOutcome::Unknown("special".into())
            }
            t => t,
        };
        let solvers = Z3::new(terms.clone());
        solvers.set_solver_kind(logic::Z3SolverKind::Combined);
        let deadline = Some(Instant::now() + Duration::from_millis(3000));
        solvers.set_deadline(deadline);
        let opts = SymexOptions {
            deadline,
            ..Default::default()
        };
        let (got, _) = symex(
            &procedural.program,
            &procedural.special,
            &opts,
            &solvers,
            &solvers,
        );
        match (&truth, &got) {
            (BmcOutcome::Unsafe(_), SymexOutcome::Safe { bound }) => {
                panic!(
                    "seed {seed}: symex TRUE at bound {bound}, BMC FALSE\n{}",
                    p.text
                )
            }
            (BmcOutcome::Safe(_), SymexOutcome::Unsafe { .. }) => {
                panic!("seed {seed}: symex FALSE, BMC TRUE\n{}", p.text)
            }
            (BmcOutcome::Safe(_), SymexOutcome::Safe { .. }) => 1,
            (BmcOutcome::Unsafe(_), SymexOutcome::Unsafe { .. }) => 2,
            _ => 0,
        }
    });
    let proved = alike.iter().filter(|&&a| a == 1).count();
    let refuted = alike.iter().filter(|&&a| a == 2).count();
    // Measured (stop 35, 60 programs, 2 s each): BMC decided 22, symex 41, alike 16 —
    // BMC's unrolling gives up first on these programs' loops and recursion. Deadlines are
    // 3 s (stop 38): at 1.5 s a machine loaded by other work decided only 3 alike.
    eprintln!("decided alike: {proved} TRUE, {refuted} FALSE of {PROGRAMS}");
    assert!(
        proved + refuted >= 5,
        "decided alike: {proved} TRUE, {refuted} FALSE of {PROGRAMS}"
    );
}
