//! `--engine chc`: constrained Horn clauses over the procedural CFA, solved by Spacer
//! (the `chc` crate; docs/engines/chc.md).

use crate::config::Config;
use crate::engines::{secs, EngineRun, Outcome};
use crate::load::Program;
use anyhow::Result;
use chc::{chc, ChcOptions, ChcOutcome};
use logic::Z3;
use serde_json::json;
use std::rc::Rc;
use std::time::Instant;
use ts::blast_solver::BlastSolverFactory;

/// Runs the `chc` engine; a derivation into a special location makes the outcome UNKNOWN
/// for its reason (never settled: its path is not checked).
pub fn run_chc(
    args: &Config,
    program: &Program,
    z3: &Z3,
    deadline: Option<Instant>,
) -> Result<EngineRun> {
    let mut special = std::borrow::Cow::Borrowed(&program.special);
    let procedural = match &program.procedural {
        // Inlined on request (`--chc-inline`), never when that would cut a recursion.
        Some(p) if args.chc_inline && !p.has_recursion() => {
            let flat = cfa::inline(p, &cfa::InlineOptions::default())
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            special = std::borrow::Cow::Owned(flat.special(&program.special));
            cfa::Program::flat(flat.cfa).map_err(anyhow::Error::msg)?
        }
        Some(p) => p.clone(),
        None => cfa::Program::flat(program.cfa.clone()).map_err(anyhow::Error::msg)?,
    };
    let opts = ChcOptions {
        large_blocks: args.lbe != crate::values::LbeArg::None,
        theory: match args.chc_theory {
            crate::values::ChcTheoryArg::Int => chc::Theory::Int,
            crate::values::ChcTheoryArg::IntOverflow => chc::Theory::IntOverflow,
            crate::values::ChcTheoryArg::Bv => chc::Theory::Bv,
            crate::values::ChcTheoryArg::Auto => chc::Theory::Auto,
        },
        learn: !args.chc_no_learn,
        spacer: !args.chc_learn_only,
        deadline,
    };
    // Spacer gets a context of its own: its fixedpoint object and lemmas do not mix with
    // the checks, which run in fresh solvers of the run's context.
    let spacer = Z3::new(program.terms.clone());
    spacer.set_deadline(deadline);
    // The solution is checked on CaDiCaL: its clauses are bit-vector arithmetic over the
    // program's words and the wider words of the translated invariants, where Z3's
    // SMT kernel took over 30 s on examples/c/recursion/sum_deep_safe.c.
    let checker = BlastSolverFactory::new(program.terms.clone(), Rc::new(z3.clone()));
    checker.set_deadline(deadline);
    let reach = BmcReach::new(&procedural);
    let (outcome, s) = chc(&procedural, &special, &opts, &spacer, &checker, &reach);
    let mut stats = vec![
        ("chc.relations".to_string(), json!(s.relations)),
        ("chc.clauses".into(), json!(s.clauses)),
        ("time.chc_encode".into(), json!(secs(s.time_encode))),
        ("time.chc_learn".into(), json!(secs(s.time_learn))),
        ("time.chc_solve".into(), json!(secs(s.time_solve))),
        ("time.chc_check".into(), json!(secs(s.time_check))),
        ("time.chc_cex".into(), json!(secs(s.time_cex))),
    ];
    if let Some(t) = s.theory {
        let name = match t {
            chc::Theory::Int => "int",
            chc::Theory::IntOverflow => "int-overflow",
            _ => "bv",
        };
        stats.push(("chc.theory".into(), json!(name)));
    }
    if let Some((candidates, kept, samples, missing)) = s.learned {
        stats.push(("chc.learn_candidates".into(), json!(candidates)));
        stats.push(("chc.learn_kept".into(), json!(kept)));
        stats.push(("chc.learn_samples".into(), json!(samples)));
        stats.push(("chc.learn_missing_calls".into(), json!(missing)));
    }
    if s.abstracted > 0 {
        stats.push(("chc.abstracted".into(), json!(s.abstracted)));
    }
    if let Some(why) = &s.not_int {
        stats.push(("chc.not_int".into(), json!(why)));
    }
    if let Some(l) = &s.lbe {
        crate::engines::lbe_stats(&mut stats, "cut points", l);
    }
    let mut invariant = None;
    let mut contracts = Vec::new();
    let (outcome, cfa) = match outcome {
        ChcOutcome::Unsafe { cfa, cex } => (Outcome::Unsafe(*cex), *cfa),
        ChcOutcome::Safe(solution) => {
            // Every clause passed its check (`chc::certify`): a valid certificate, as the
            // key's contract says; how it was checked, under a key of its own.
            stats.push((crate::report::stat::CERTIFICATE.into(), json!("valid")));
            let how = solution.certificate.label();
            stats.push(("chc.certificate".into(), json!(how)));
            let on = &solution.encoding.program.cfa;
            for c in solution.contracts(&on.terms) {
                if let Some((requires, ensures)) = witness::contract::to_c_contract(on, &c) {
                    contracts.push((c.function, requires, ensures));
                }
            }
            match witness_invariants(&procedural, &solution) {
                Some((flat, formulas)) => {
                    invariant = Some(formulas);
                    (Outcome::Safe, flat)
                }
                None => (Outcome::Safe, program.cfa.clone()),
            }
        }
        ChcOutcome::Special(special) => (
            Outcome::Special {
                special,
                settled: false,
            },
            program.cfa.clone(),
        ),
        ChcOutcome::Unknown(why) => (Outcome::Unknown(why), program.cfa.clone()),
    };
    Ok(EngineRun {
        outcome,
        cfa,
        stats,
        invariant,
        contracts,
    })
}

/// A certified solution as invariants of the flat CFA, for the correctness witness: the
/// first inlined instance of a function keeps its locations and variables
/// (`cfa::inline`), so a location's invariant over the current state — which holds in
/// every activation — holds there. Later instances get none, and the witness writer
/// states nothing at a C location that some instance lacks. `None` for a recursive
/// program (its flat CFA would cut the recursion) or when inlining fails.
fn witness_invariants(
    procedural: &cfa::Program,
    solution: &chc::Solution,
) -> Option<(cfa::Cfa, Vec<Option<logic::Term>>)> {
    if procedural.has_recursion() {
        return None;
    }
    let flat = cfa::inline(procedural, &cfa::InlineOptions::default())
        .ok()?
        .cfa;
    let mut formulas = vec![None; flat.location_capacity()];
    for (l, f) in solution.location_invariants(&procedural.cfa.terms) {
        if l.index() < formulas.len() && flat.is_alive(l) {
            formulas[l.index()] = Some(f);
        }
    }
    Some((flat, formulas))
}

/// Inputs for learning from the models of BMC queries (`bmc::reaching`) on the inlined
/// program: the first inlined instance of a function keeps its locations and variables
/// (`cfa::inline`), so the locations learning asks about are there, and a trace's
/// initial values and `havoc`s, given to a run of the procedural program in order, lead
/// it the same way (inlining keeps the order of statements). Where they do not (a
/// recursion the inlining cut), the run is still a run of the program: its tuples are
/// reachable states all the same.
pub(crate) struct BmcReach<'a> {
    program: &'a cfa::Program,
    /// Inlined when first asked (most runs never ask: their random runs starve nothing).
    flat: std::cell::OnceCell<Option<cfa::Cfa>>,
}

impl<'a> BmcReach<'a> {
    /// The bound of the BMC queries, in edges of the inlined CFA.
    const BOUND: u32 = 200;

    pub(crate) fn new(program: &'a cfa::Program) -> BmcReach<'a> {
        BmcReach {
            program,
            flat: std::cell::OnceCell::new(),
        }
    }

    fn flat(&self) -> Option<&cfa::Cfa> {
        self.flat
            .get_or_init(|| {
                if self.program.functions().is_empty() {
                    Some(self.program.cfa.clone())
                } else {
                    cfa::inline(self.program, &cfa::InlineOptions::default())
                        .ok()
                        .map(|f| f.cfa)
                }
            })
            .as_ref()
    }
}

impl chc::learn::Reach for BmcReach<'_> {
    fn reaching(
        &self,
        locations: &[cfa::LocationId],
        runs: usize,
        deadline: Instant,
    ) -> Vec<chc::learn::Inputs> {
        let Some(flat) = self.flat() else {
            return Vec::new();
        };
        let targets: Vec<cfa::LocationId> = locations
            .iter()
            .copied()
            .filter(|l| l.index() < flat.location_capacity() && flat.is_alive(*l))
            .collect();
        // A context of its own: its deadline is this search's, not the run's.
        let z3 = Z3::new(flat.terms.clone());
        z3.set_deadline(Some(deadline));
        let traces = bmc::reaching(flat, &z3, &targets, Self::BOUND, runs, Some(deadline));
        traces
            .into_iter()
            .map(|t| chc::learn::Inputs {
                havocs: t.havocs(flat),
                initial: t.initial,
            })
            .collect()
    }
}
