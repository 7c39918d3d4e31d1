//! The configuration of one `verify` run: a plain typed struct, filled by the command
//! line (its clap attributes and doc comments are `boulder verify --help`) and passed to a
//! race's children serialized (`race.rs`), never as re-filtered command-line words.

use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

pub use crate::values::*;

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WitnessFormat {
    /// GraphML 1.0 witness automaton (sv-witnesses 1.0).
    Graphml,
    /// YAML 2.0 `violation_sequence` (sv-witnesses 2.0).
    Yaml,
}

/// Options that say what a C program means.
#[derive(Args, Debug, Clone, Default, Serialize, Deserialize)]
pub struct ProgramOptions {
    /// The property (default: unreach-call, or the task's only property).
    #[arg(long, value_enum)]
    pub prop: Option<PropertyArg>,

    /// An SV-COMP property file, e.g. unreach-call.prp.
    #[arg(long, value_name = "FILE.prp")]
    pub spec: Option<PathBuf>,

    /// LP64 data model (64-bit long and pointers) instead of ILP32 (or the task's).
    #[arg(long = "64", conflicts_with = "ilp32")]
    pub lp64: bool,

    /// ILP32 data model (32-bit long and pointers), also for a task that says LP64
    /// (the default for a `.c` file).
    #[arg(long = "32")]
    pub ilp32: bool,

    /// How many calls of one function may be active at once in the flat CFA the engines
    /// other than symex check: recursion is inlined to this depth first, and twice as
    /// deep whenever an engine reaches a deeper call, up to 256 (a bug within the depth is
    /// FALSE at once). Binary recursions unfold into about 2^N copies of the function.
    #[arg(long, value_name = "N", default_value_t = cfront::FrontOptions::DEFAULT_RECURSION_DEPTH,
          value_parser = clap::value_parser!(u32)
              .range(1..=cfront::FrontOptions::MAX_RECURSION_DEPTH as i64))]
    pub recursion_depth: u32,

    /// How many objects an allocation site in a loop has (`malloc`, `calloc`, `alloca`):
    /// one more allocation there makes the verdict UNKNOWN if a run can reach it (a bug
    /// within the bound is still FALSE). A site outside loops needs one object.
    #[arg(long, value_name = "N", default_value_t = cfront::FrontOptions::DEFAULT_HEAP_BOUND,
          value_parser = clap::value_parser!(u32)
              .range(1..=cfront::FrontOptions::MAX_HEAP_BOUND as i64))]
    pub heap_bound: u32,
}

#[derive(Args, Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    /// The program: a C file (.c, .i), an SV-COMP task definition (.yml), or a CFA in
    /// Boulder's textual format (.cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramOptions,

    /// Verification engine.
    #[arg(long, value_enum, default_value_t = Engine::Portfolio)]
    pub engine: Engine,

    /// Large-block encoding of the CFA before the engine runs (for CEGAR: with
    /// --block lbe; the other block operators start from the single-block CFA).
    #[arg(long, value_enum, default_value_t = LbeArg::Full)]
    pub lbe: LbeArg,

    /// Loop acceleration: a loop whose body only adds constants to counters and tests
    /// conditions gets an extra transition that runs n iterations at once (the
    /// reachable states stay the same; a FALSE through it replays as usual). `auto`: for
    /// symex, bmc and ts-bmc, which look for bugs along paths.
    #[arg(long, value_enum, default_value_t = AccelerateArg::Auto)]
    pub accelerate: AccelerateArg,

    /// Learn invariants from executions first (polynomial equations, bounds and the
    /// program's own comparisons that hold of sampled states, kept when every transition
    /// preserves them, then checked again clause by clause) and assume each at its
    /// location: k-induction's step case, IC3 and CEGAR start from states they admit, and
    /// a TRUE's correctness witness states them. For engines on the flat CFA, programs
    /// without recursion; learning takes a quarter of the time left, at most 15 s
    /// (docs/engines/invariants.md).
    #[arg(long)]
    pub learn_invariants: bool,

    /// BMC: the largest number of CFA edges a path may have.
    #[arg(long, default_value_t = 100, value_name = "K", help_heading = "BMC")]
    pub bound: u32,

    /// symex: the largest unwinding (iterations of each loop, active calls of each
    /// recursive function); the unwinding is deepened 1, 2, 4, … up to it.
    #[arg(long, default_value_t = 1 << 20, value_name = "N", help_heading = "symex",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_unwind: u32,

    /// symex: the back end of its queries: `sat` bit-blasts each query into CaDiCaL (with
    /// Z3 for what the blaster does not take), `z3` asks Z3's bit-vector tactics on a
    /// fresh solver.
    #[arg(long, value_enum, default_value_t = SymexBackendArg::Sat, help_heading = "symex")]
    pub symex_backend: SymexBackendArg,

    /// chc: the theory Spacer solves the Horn clauses in. Either way every TRUE is
    /// checked on the bit-vectors and every FALSE replayed.
    #[arg(long, value_enum, default_value_t = ChcTheoryArg::Auto, help_heading = "chc")]
    pub chc_theory: ChcTheoryArg,

    /// chc: do not learn invariants from executions first (polynomial equations and
    /// bounds that hold of sampled states, kept when every clause preserves them; they
    /// prove the program alone or strengthen the clauses; docs/engines/invariants.md).
    #[arg(long, help_heading = "chc")]
    pub chc_no_learn: bool,

    /// chc: learn invariants and stop: TRUE if they prove the program, FALSE if a sampling
    /// run reached the error (its path the counterexample), UNKNOWN otherwise (no Spacer;
    /// the portfolio's slot for programs without recursion).
    #[arg(long, help_heading = "chc", conflicts_with = "chc_no_learn")]
    pub chc_learn_only: bool,

    /// chc: inline every call first and encode the one flat CFA (relations only at its
    /// loop heads) instead of the procedural program's summaries; ignored when the
    /// program is recursive. What `boulder validate` runs on a witness's instrumented
    /// program, where each invariant's checker is a call.
    #[arg(long, help_heading = "chc")]
    pub chc_inline: bool,

    /// BMC: do not try to prove TRUE by showing that no feasible path is longer than the
    /// current bound (saves one query per bound).
    #[arg(long, help_heading = "BMC")]
    pub no_completion_check: bool,

    /// Transition systems (ts-bmc, ic3): build the system from the LBE CFA (level
    /// --lbe; one step per loop-free block) or from the single-block CFA.
    #[arg(long, value_enum, default_value_t = TsCfaArg::Lbe, help_heading = "Transition systems")]
    pub ts_cfa: TsCfaArg,

    /// Transition systems: larger systems are not built (UNKNOWN naming the size), since
    /// every SAT solver of the engine would hold them.
    #[arg(long, default_value_t = 1 << 16, value_name = "N", help_heading = "Transition systems")]
    pub ts_max_state_bits: usize,

    /// sim: stop simulating after this many seconds (default: at the time limit, or after
    /// 12 rounds without one). The portfolio gives sim 2 s to search and the rest of its
    /// slot to turn a trace into a checked counterexample.
    #[arg(long, value_name = "SECONDS", help_heading = "Transition systems")]
    pub sim_seconds: Option<f64>,

    /// IC3: keep blocked cubes as the unsat core gives them (no MIC generalisation).
    #[arg(long, help_heading = "IC3")]
    pub ic3_no_generalize: bool,

    /// IC3: counterexamples to generalisation blocked per dropped literal (0: none).
    #[arg(long, default_value_t = 3, value_name = "N", help_heading = "IC3")]
    pub ic3_ctg: usize,

    /// IC3: recursion depth of blocking counterexamples to generalisation.
    #[arg(long, default_value_t = 1, value_name = "N", help_heading = "IC3")]
    pub ic3_ctg_depth: usize,

    /// IC3: use full predecessor states (no ternary-simulation lifting).
    #[arg(long, help_heading = "IC3")]
    pub ic3_no_lift: bool,

    /// IC3: write the certified inductive invariant of a TRUE (clauses over the state
    /// bits, and per location as C-like expressions over the program's variables).
    #[arg(long, value_name = "FILE", help_heading = "IC3")]
    pub invariant_out: Option<PathBuf>,

    /// CEGAR: where abstractions are computed (block operator).
    #[arg(long, value_enum, default_value_t = BlockArg::Lbe, help_heading = "CEGAR")]
    pub block: BlockArg,

    /// CEGAR: the waitlist order.
    #[arg(long, value_enum, default_value_t = SearchArg::Rpo, help_heading = "CEGAR")]
    pub search: SearchArg,

    /// CEGAR: Boolean or Cartesian predicate abstraction.
    #[arg(long, value_enum, default_value_t = AbstractionArg::Boolean, help_heading = "CEGAR")]
    pub abstraction: AbstractionArg,

    /// CEGAR: interpolants by weakest preconditions or strongest postconditions.
    #[arg(long, value_enum, default_value_t = RefineArg::Wp, help_heading = "CEGAR")]
    pub refine: RefineArg,

    /// CEGAR: predicate split strategy for new interpolants.
    #[arg(long, value_enum, default_value_t = SplitArg::Atomic, help_heading = "CEGAR")]
    pub split: SplitArg,

    /// CEGAR: predicates per location or for all locations.
    #[arg(long, value_enum, default_value_t = PrecisionArg::Location, help_heading = "CEGAR")]
    pub precision: PrecisionArg,

    /// CEGAR: give up (UNKNOWN) after this many refinements.
    #[arg(long, default_value_t = 1000, value_name = "N", help_heading = "CEGAR")]
    pub max_refinements: u32,

    /// CEGAR: check the certificate of TRUE (the final ART's invariants are inductive on
    /// the single-block CFA and exclude the error) before printing it (the default).
    #[arg(long, overrides_with = "no_certify", help_heading = "CEGAR")]
    pub certify: bool,

    /// CEGAR: print TRUE without checking its certificate.
    #[arg(long, overrides_with = "certify", help_heading = "CEGAR")]
    pub no_certify: bool,

    /// CEGAR: do not add invariant candidates at loop heads that a refined path unrolls
    /// (equalities and orderings between the loop's variables that hold in sampled
    /// executions; only the abstraction decides whether they are invariants).
    #[arg(long, help_heading = "CEGAR")]
    pub no_guess_invariants: bool,

    /// CEGAR: find every point of a Boolean abstraction with the solver. By default each
    /// solver model is lifted to a cube: the predicates over one variable that the model's
    /// path does not read are dropped, after evaluating the block formula under every
    /// value they can take (same meaning, fewer SAT calls: s3_srvr_3 2,354 → 989 models,
    /// 43 s → 20 s; docs/engines/cegar.md).
    #[arg(long, help_heading = "CEGAR")]
    pub no_allsat_lifting: bool,

    /// CEGAR: give up (UNKNOWN, "ALLSAT explosion") when one Boolean abstraction has more
    /// than N models; `--split auto` uses it to move on from a strategy that explodes.
    #[arg(long, value_name = "N", help_heading = "CEGAR")]
    pub max_allsat_models: Option<u64>,

    /// CEGAR: where Boolean/Cartesian abstraction asks its questions — a fresh solver per
    /// abstraction, or one solver per block that keeps the block's formula and each
    /// abstraction's region under an activation literal. Default: `per-block` with the
    /// `sat` backend (the blasted block and the SAT solver's learnt clauses are kept:
    /// 4× faster on s3_srvr_2), `fresh` with `z3` (there the solvers share Z3's context
    /// with refinement, whose different history made later refinements worse on the ssh
    /// tasks; docs/engines/cegar.md).
    #[arg(long, value_enum, help_heading = "CEGAR")]
    pub abstraction_solver: Option<AbstractionSolverArg>,

    /// CEGAR: what decides the abstractions' and the certificate's checks — bit-blasting
    /// to the SAT solver CaDiCaL (the block formula is blasted once, each further ALLSAT
    /// model is one incremental SAT call), or Z3 (an SMT check per model). Refinement
    /// always uses Z3. What `sat` does not blast (mathematical integers, arrays, wide
    /// non-linear products) goes to Z3, and a check that needs over 500 conflicts is raced
    /// against Z3 in turns of growing length (docs/engines/cegar.md).
    #[arg(long, value_enum, default_value_t = AbstractionBackendArg::Sat, help_heading = "CEGAR")]
    pub abstraction_backend: AbstractionBackendArg,

    /// Progress on standard error while the run goes on: the portfolio's engines as they
    /// start and end (with their answers), and CEGAR's refinements (path length, method,
    /// the new predicates and where they apply).
    #[arg(short, long)]
    pub verbose: bool,

    /// CEGAR: write the final abstract reachability tree as a Graphviz DOT file.
    #[arg(long, value_name = "OUT", help_heading = "CEGAR")]
    pub dot_art: Option<PathBuf>,

    /// Which Z3 solver answers the engines' queries.
    #[arg(long, value_enum, default_value_t = Z3SolverArg::Smt)]
    pub z3_solver: Z3SolverArg,

    /// Stop after this long (wall clock) with UNKNOWN (timeout): seconds, or with a unit
    /// (`90s`, `2min`, `1h`).
    #[arg(long, value_name = "TIME", value_parser = crate::values::seconds)]
    pub timelimit: Option<f64>,

    /// Exit with a status that says the verdict, as CBMC does: 0 TRUE, 10 FALSE, 5
    /// UNKNOWN (errors stay 1, usage errors 2). Without it the status is 0 for every
    /// verdict and non-zero only for an error.
    #[arg(long)]
    pub verdict_exit_code: bool,

    /// Print one JSON object (verdict, reason, statistics, counterexample) instead of text.
    #[arg(long)]
    pub json: bool,

    /// Print statistics after the verdict.
    #[arg(long)]
    pub stats: bool,

    /// Print the counterexample trace (statements, values, source lines) after a FALSE.
    #[arg(long)]
    pub cex: bool,

    /// Write the counterexample (inputs in call order with types and source lines, and the
    /// trace) as JSON, for `boulder replay`.
    #[arg(long, value_name = "FILE")]
    pub cex_out: Option<PathBuf>,

    /// Write a violation witness for a FALSE (SV-COMP format; `boulder validate` checks
    /// it). May be given twice, e.g. `--witness w.graphml --witness w.yml`.
    #[arg(long, value_name = "FILE")]
    pub witness: Vec<PathBuf>,

    /// The witness format (default: from each file name — .yml/.yaml is YAML 2.0 — else
    /// GraphML 1.0).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub witness_format: Option<WitnessFormat>,

    /// Replay every FALSE with gcc before printing it (the default for C programs); a
    /// counterexample that does not replay gives UNKNOWN.
    #[arg(long, overrides_with = "no_replay")]
    pub replay: bool,

    /// Print FALSE without replaying the counterexample.
    #[arg(long, overrides_with = "replay")]
    pub no_replay: bool,
}

impl ProgramOptions {
    pub fn choices(&self) -> crate::load::Choices {
        crate::load::Choices {
            property: self.prop.map(PropertyArg::property),
            spec: self.spec.clone(),
            model: if self.lp64 {
                Some(cfront::DataModel::Lp64)
            } else if self.ilp32 {
                Some(cfront::DataModel::Ilp32)
            } else {
                None
            },
            front: cfront::FrontOptions {
                recursion_depth: self.recursion_depth,
                heap_bound: self.heap_bound,
            },
            ..Default::default()
        }
    }
}

impl Config {
    /// The IC3 configuration these arguments select.
    pub fn ic3_options(&self, deadline: Option<std::time::Instant>) -> ts::ic3::Ic3Options {
        ts::ic3::Ic3Options {
            generalize: !self.ic3_no_generalize,
            ctg_max: self.ic3_ctg,
            ctg_depth: self.ic3_ctg_depth,
            lift: !self.ic3_no_lift,
            deadline,
            ..Default::default()
        }
    }

    /// The CEGAR configuration these arguments select.
    pub fn cegar_options(&self, deadline: Option<std::time::Instant>) -> cegar::CegarOptions {
        use cegar::{
            AbstractionKind, BlockOperator, PrecisionScope, RefineKind, SearchOrder, SplitKind,
        };
        cegar::CegarOptions {
            block: match self.block {
                BlockArg::Lbe => BlockOperator::Lbe(self.lbe.level()),
                BlockArg::Sbe => BlockOperator::Sbe,
                BlockArg::L => BlockOperator::LoopHeads,
                BlockArg::Lf => BlockOperator::LoopHeadsAndFunctions,
            },
            search: match self.search {
                SearchArg::Bfs => SearchOrder::Bfs,
                SearchArg::Dfs => SearchOrder::Dfs,
                SearchArg::Rpo => SearchOrder::Rpo,
            },
            abstraction: match self.abstraction {
                AbstractionArg::Boolean => AbstractionKind::Boolean,
                AbstractionArg::Cartesian => AbstractionKind::Cartesian,
            },
            refine: match self.refine {
                RefineArg::Wp => RefineKind::Wp,
                RefineArg::Sp => RefineKind::Sp,
            },
            // `auto` never reaches one engine run (verify races the strategies).
            split: self.split.kind().unwrap_or(SplitKind::Atomic),
            precision: match self.precision {
                PrecisionArg::Location => PrecisionScope::Location,
                PrecisionArg::Global => PrecisionScope::Global,
            },
            max_refinements: self.max_refinements,
            certify: !self.no_certify,
            deadline,
            dot_art: self.dot_art.is_some(),
            verbose: self.verbose,
            guess_invariants: !self.no_guess_invariants,
            max_allsat_models: self.max_allsat_models,
            allsat_lifting: !self.no_allsat_lifting,
            per_block_solvers: self
                .abstraction_solver
                .unwrap_or(match self.abstraction_backend {
                    AbstractionBackendArg::Sat => AbstractionSolverArg::PerBlock,
                    AbstractionBackendArg::Z3 => AbstractionSolverArg::Fresh,
                })
                == AbstractionSolverArg::PerBlock,
        }
    }
}

impl Config {
    /// The configuration `boulder verify FILE WORDS…` would run with (for tests, and for
    /// runs this crate starts on a program it writes).
    pub fn from_words(file: &str, words: &[&str]) -> Result<Config, clap::Error> {
        #[derive(clap::Parser)]
        struct Verify {
            #[command(flatten)]
            config: Config,
        }
        use clap::Parser;
        let argv = ["verify", file].into_iter().chain(words.iter().copied());
        Verify::try_parse_from(argv).map(|v| v.config)
    }
}
