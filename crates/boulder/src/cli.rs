//! The command line.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

pub use crate::cli_values::*;

#[derive(Parser, Debug)]
#[command(
    name = "boulder",
    version,
    about = "Boulder: a software model checker for C programs (SV-COMP dialect)",
    long_about = "Boulder checks whether a C program can reach an error (property \
unreach-call: no call of reach_error()/__VERIFIER_error()) or overflow a signed integer \
(property no-overflow). It answers TRUE, FALSE with a counterexample that replays, or \
UNKNOWN with a reason.\n\nPrograms may also be given as control-flow automata in Boulder's \
textual format (.cfa), where the property is: no error location is reachable.",
    after_help = "Examples:\n  \
boulder verify examples/c/locks_unsafe.c --cex        # FALSE, with the trace\n  \
boulder verify task.yml --timelimit 15min --witness w.graphml\n  \
boulder verify examples/c/overflow.c --prop no-overflow --64\n  \
boulder verify prog.c --verdict-exit-code; echo $?    # 0 TRUE, 10 FALSE, 5 UNKNOWN\n  \
boulder validate prog.c --witness w.graphml          # replay a witness\n  \
boulder bench ../shared/benchmarks/manifest.csv --timelimit 60 --jobs 2\n  \
boulder verify examples/cfa/count_up_unsafe.cfa --engine bmc --cex"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Verify a program: prints `Verification result: TRUE|FALSE(...)|UNKNOWN (reason)`.
    Verify(VerifyArgs),
    /// Build a program's CFA and report its size; optionally print it or draw it.
    Cfa(CfaArgs),
    /// Front-end coverage of a benchmark manifest: for every task, whether the C front
    /// end yields an exact CFA, a CFA with unsupported parts (UNKNOWN if they are reached),
    /// or none; a table per category and the constructs met.
    Coverage(CoverageArgs),
    /// CFA sizes without LBE, with LBE+ (advanced) and with LBE (full), as Mertens'
    /// Table 5.1, for manifests and benchmark families.
    LbeTable(LbeTableArgs),
    /// Write a program of a scalable benchmark family (test-locks, exp-art, sequential,
    /// reactive, seq-rct) to stdout; its first line states the expected verdict.
    Gen(GenArgs),
    /// Benchmark: run a task set (manifest CSV or family spec), each task in its own
    /// process under time and memory limits; validate every FALSE by replay; record and
    /// summarise (SV-COMP score). `boulder bench compare DIR…` compares runs.
    #[command(after_help = "Examples:
  boulder bench ../shared/benchmarks/manifest.csv --timelimit 60 --jobs 2 --out runs/a
  boulder bench family:test-locks:1..50 --config \"--engine cegar\" --out runs/locks
  boulder bench --resume runs/a                     # only the tasks without a result
  boulder bench MANIFEST --executor slurm --partition short --out /shared/runs/b
  boulder bench compare runs/a runs/b --out plots")]
    Bench(BenchArgs),
    /// Replay a counterexample: compile the program with gcc and a harness that feeds it
    /// the counterexample's inputs, run it, and report whether the violation happens.
    Replay(ReplayArgs),
    /// Build a program's bit-level transition system (LLUMC): report its sizes, write it
    /// as DimSpec (four CNFs I, U, G, T) or binary AIGER 1.9 for other model checkers.
    Ts(TsArgs),
    /// Regenerate a published table of Boulder's sources (LLUMC Tables 2-5, …) beside the
    /// published values, from `boulder bench` runs: Markdown and SVG in --out.
    /// `boulder reproduce --list` lists the tables and their status.
    Reproduce(ReproduceArgs),
    /// Validate a violation witness without trusting its producer: a test harness is built
    /// from the witness's own values and the program is compiled and run. As SV-COMP's
    /// validators answer: `FALSE(property)` when the violation is confirmed, `UNKNOWN` with
    /// the reason when it is not.
    Validate(ValidateArgs),
}

#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// The table (see --list).
    pub table: Option<String>,

    /// List the tables and whether they can be reproduced yet.
    #[arg(long)]
    pub list: bool,

    /// Wall and CPU time limit per task and configuration: seconds, or with a unit
    /// (`90s`, `2min`, `1h`).
    #[arg(long, default_value = "60", value_name = "TIME", value_parser = crate::cli_values::seconds)]
    pub timelimit: f64,

    /// Memory limit per task (MB).
    #[arg(long, default_value_t = 4096)]
    pub memlimit: u64,

    /// Tasks to run in parallel.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,

    /// Where to write the tables, plots and bench runs.
    #[arg(long, default_value = "reproduce-out")]
    pub out: PathBuf,

    /// The benchmark folder (manifest.csv, llumc-tasks.csv).
    #[arg(long, default_value = "../shared/benchmarks")]
    pub benchmarks: PathBuf,

    /// Each table on its smallest instances only (families at N = 2..3, two tasks of a
    /// task list): shows that the table is produced, not the sources' results.
    #[arg(long)]
    pub quick: bool,
}

#[derive(Args, Debug)]
pub struct TsArgs {
    /// The program (.c, .i, .yml or .cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramArgs,

    /// Build from the large-block CFA (level --lbe) or the single-block CFA.
    #[arg(long, value_enum, default_value_t = TsCfaArg::Lbe)]
    pub ts_cfa: TsCfaArg,

    /// The LBE level for --ts-cfa lbe.
    #[arg(long, value_enum, default_value_t = LbeArg::Full)]
    pub lbe: LbeArg,

    /// Write the system in DimSpec.
    #[arg(long, value_name = "OUT")]
    pub dimspec: Option<PathBuf>,

    /// Write the system as binary AIGER 1.9 (bad-state property in the B section).
    #[arg(long, value_name = "OUT.aig")]
    pub aiger: Option<PathBuf>,

    /// Keep every variable as state (no liveness analysis), to see what liveness saves.
    #[arg(long)]
    pub no_liveness: bool,

    /// Larger systems are not built (an error naming the size).
    #[arg(long, default_value_t = 1 << 16, value_name = "N")]
    pub max_state_bits: usize,

    /// Print sizes and times of each phase.
    #[arg(long)]
    pub stats: bool,

    /// Print sizes as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct CoverageArgs {
    /// A manifest CSV (task,property,expected,data_model,category,source).
    pub manifest: PathBuf,
}

#[derive(Args, Debug)]
pub struct LbeTableArgs {
    /// Manifest CSV files and family specs (family:test-locks:5..15, family:exp-art:1,2,4).
    #[arg(required = true)]
    pub inputs: Vec<String>,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub compare: Option<BenchCommand>,
    #[command(flatten)]
    pub run: BenchRunArgs,
}

#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Compare runs: a per-task table, and SVG plots (quantile plot; scatter plot of two
    /// runs; for families, a statistic against N).
    Compare(BenchCompareArgs),
    /// One Slurm array element of a run (what `--executor slurm` submits; not for users).
    #[command(hide = true)]
    Element(BenchElementArgs),
}

/// Where `bench` runs its tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Executor {
    /// On this machine, `--jobs` tasks at a time.
    Local,
    /// As Slurm array jobs (docs/cluster.md); the run directory must be on a filesystem
    /// the compute nodes share.
    Slurm,
}

impl Executor {
    pub fn name(self) -> &'static str {
        match self {
            Executor::Local => "local",
            Executor::Slurm => "slurm",
        }
    }
}

/// How `--executor slurm` submits (docs/cluster.md).
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Slurm (--executor slurm)")]
pub struct SlurmArgs {
    /// The partition to submit to (default: the site's default partition).
    #[arg(long)]
    pub partition: Option<String>,

    /// The account to charge (sbatch --account).
    #[arg(long)]
    pub account: Option<String>,

    /// Tasks each array element runs one after another.
    #[arg(long, default_value_t = 10, value_name = "M")]
    pub tasks_per_job: usize,

    /// Elements running at once (the array's `%K` throttle; default: as many as Slurm
    /// starts).
    #[arg(long, value_name = "K")]
    pub max_parallel: Option<usize>,

    /// CPUs of each element: the portfolio races two engines, so 2 by default.
    #[arg(long, default_value_t = 2)]
    pub cpus_per_task: u32,

    /// With --resume: how many times a task without a result is submitted again.
    #[arg(long, default_value_t = 2)]
    pub retries: u32,

    /// How often to look for new results and ask squeue whether the job is still queued.
    #[arg(long, default_value = "10s", value_name = "TIME", value_parser = crate::cli_values::seconds)]
    pub poll: f64,

    /// The jobs' name in the queue.
    #[arg(long, default_value = "boulder-bench")]
    pub job_name: String,

    /// Extra sbatch option, repeatable (e.g. `--sbatch-arg=--qos=long`); given after
    /// Boulder's own, so it overrides them.
    #[arg(long, value_name = "OPTION", allow_hyphen_values = true)]
    pub sbatch_arg: Vec<String>,
}

impl Default for SlurmArgs {
    /// The command line's defaults (one place states them: the attributes above).
    fn default() -> SlurmArgs {
        #[derive(Parser)]
        struct Defaults {
            #[command(flatten)]
            slurm: SlurmArgs,
        }
        Defaults::parse_from(["boulder"]).slurm
    }
}

#[derive(Args, Debug)]
pub struct BenchElementArgs {
    /// The run directory.
    pub run: PathBuf,
    /// The submission whose element this is (`slurm/submission-K.json`).
    #[arg(long)]
    pub submission: usize,
    /// The element (default: SLURM_ARRAY_TASK_ID).
    #[arg(long)]
    pub element: Option<usize>,
}

#[derive(Args, Debug)]
pub struct BenchRunArgs {
    /// Manifest CSV files (task,property,expected,data_model,category,source) and family
    /// specs (family:test-locks:1..100, family:exp-art:2,4,8:unsafe).
    pub inputs: Vec<String>,

    /// Options passed to `boulder verify` for every task, e.g. "--engine bmc --bound 50".
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub config: String,

    /// Wall and CPU time limit per task: seconds, or with a unit (`90s`, `15min`).
    #[arg(long, default_value = "60", value_name = "TIME", value_parser = crate::cli_values::seconds)]
    pub timelimit: f64,

    /// Memory limit per task (MB).
    #[arg(long, default_value_t = 4096)]
    pub memlimit: u64,

    /// Tasks to run in parallel.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,

    /// Where to write records, counterexamples and the summary (default:
    /// bench-out/DATE-TIME).
    #[arg(long)]
    pub out: Option<PathBuf>,

    /// Run only the tasks whose name matches this regular expression.
    #[arg(long)]
    pub filter: Option<String>,

    /// The executable to run for each task (default: this boulder).
    #[arg(long)]
    pub tool: Option<PathBuf>,

    /// Do not replay FALSE verdicts (they then count as correct unchecked).
    #[arg(long)]
    pub no_validate: bool,

    /// Time for `boulder validate` on each TRUE's correctness witness: a k-induction proof
    /// with the witness's invariants, which on the large driver tasks takes minutes. A
    /// violation witness is one compile and run and gets 20 s.
    #[arg(long, default_value_t = 300, value_name = "SECONDS")]
    pub witness_timelimit: u32,

    /// Exit with an error if any verdict is wrong.
    #[arg(long)]
    pub fail_on_wrong: bool,

    /// Where the tasks run: on this machine, or as Slurm array jobs.
    #[arg(long, value_enum, default_value = "local")]
    pub executor: Executor,

    /// Continue the run in DIR: run only its tasks without a result, with the run's own
    /// tasks, options and limits (for either executor).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["config", "timelimit", "memlimit", "out", "filter", "tool", "no_validate", "witness_timelimit"])]
    pub resume: Option<PathBuf>,

    #[command(flatten)]
    pub slurm: SlurmArgs,
}

#[derive(Args, Debug)]
pub struct BenchCompareArgs {
    /// Run directories written by `boulder bench`. `DIR1+DIR2` joins the records of runs
    /// made in parts (e.g. the corpus and the families) into one.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,

    /// Where to write the plots (default: the first run's directory).
    #[arg(long)]
    pub out: Option<PathBuf>,

    /// The statistic plotted against N for families: cpu_time, wall_time, memory_kb, or
    /// any key of the tool's statistics (e.g. bmc.nodes).
    #[arg(long, default_value = "cpu_time")]
    pub stat: String,

    /// Hold the first run against the union of the others: the tasks some other run solves
    /// (correctly), how many of them the first solves, and each one it misses with the runs
    /// that solve it — e.g. the default portfolio against each engine alone.
    #[arg(long)]
    pub union: bool,
}

#[derive(Args, Debug)]
pub struct GenArgs {
    /// test-locks (sv-benchmarks' lock programs), exp-art (FMCAD'09: exponential
    /// single-block ART), sequential, reactive, seq-rct (Böhm's scenarios).
    pub family: String,
    /// The size parameter.
    pub n: usize,
    /// The variant with a bug (one comparison differs).
    #[arg(long = "unsafe")]
    pub unsafe_variant: bool,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The C program (.c or .i).
    pub program: PathBuf,

    /// The counterexample file written by `verify --cex-out`.
    #[arg(long, value_name = "FILE")]
    pub cex: PathBuf,

    /// Stop the program after this long: seconds, or with a unit (`500ms`, `1min`).
    #[arg(long, default_value = "10", value_name = "TIME", value_parser = crate::cli_values::seconds)]
    pub timelimit: f64,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessFormat {
    /// GraphML 1.0 witness automaton (sv-witnesses 1.0).
    Graphml,
    /// YAML 2.0 `violation_sequence` (sv-witnesses 2.0).
    Yaml,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// The program the witness is about (.c, .i or .yml task).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramArgs,

    /// The witness (violation or correctness; GraphML 1.0 or YAML 2.0), from Boulder or
    /// any verifier.
    #[arg(long, value_name = "FILE")]
    pub witness: PathBuf,

    /// Time for the check: the compiled program's run (violation witness) or the
    /// k-induction proof with the witness's invariants (correctness witness).
    #[arg(long, default_value = "30", value_name = "TIME", value_parser = crate::cli_values::seconds)]
    pub timelimit: f64,

    /// Correctness witness: also write the program with the invariants checked and
    /// assumed at their loops (what k-induction proves) to FILE.
    #[arg(long, value_name = "FILE")]
    pub instrumented_out: Option<PathBuf>,
}

/// Options that say what a C program means.
#[derive(Args, Debug, Clone, Default)]
pub struct ProgramArgs {
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

#[derive(Args, Debug, Clone)]
pub struct VerifyArgs {
    /// The program: a C file (.c, .i), an SV-COMP task definition (.yml), or a CFA in
    /// Boulder's textual format (.cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramArgs,

    /// Verification engine.
    #[arg(long, value_enum, default_value_t = Engine::Portfolio)]
    pub engine: Engine,

    /// Large-block encoding of the CFA before the engine runs (for CEGAR: with
    /// --block lbe; the other block operators start from the single-block CFA).
    #[arg(long, value_enum, default_value_t = LbeArg::Full)]
    pub lbe: LbeArg,

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
    #[arg(long, value_name = "TIME", value_parser = crate::cli_values::seconds)]
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

#[derive(Args, Debug)]
pub struct CfaArgs {
    /// The program (.c, .i, .yml or .cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramArgs,

    /// Large-block encoding: with a level other than none, sizes before and after are
    /// printed, and --print/--dot show the result.
    #[arg(long, value_enum, default_value_t = LbeArg::None)]
    pub lbe: LbeArg,

    /// Print the time and how often each LBE rule fired.
    #[arg(long)]
    pub stats: bool,

    /// Write the CFA as a Graphviz DOT file.
    #[arg(long, value_name = "OUT")]
    pub dot: Option<PathBuf>,

    /// Print the CFA in the textual format.
    #[arg(long)]
    pub print: bool,

    /// --print and --dot show the procedural CFA (a part per function, call edges)
    /// instead of the flat one the inlining pass makes.
    #[arg(long)]
    pub procedural: bool,

    /// Print sizes as JSON.
    #[arg(long)]
    pub json: bool,
}

impl ProgramArgs {
    pub fn choices(&self) -> crate::load::Choices {
        crate::load::Choices {
            property: self.prop.map(|p| match p {
                PropertyArg::UnreachCall => cfront::Property::UnreachCall,
                PropertyArg::NoOverflow => cfront::Property::NoOverflow,
                PropertyArg::Assert => cfront::Property::Assert,
            }),
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

impl VerifyArgs {
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
            ..Default::default()
        }
    }
}
