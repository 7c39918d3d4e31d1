//! The command line.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

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
    after_help = "Examples:\n  boulder verify examples/cfa/count_up_unsafe.cfa --engine bmc --cex\n  \
boulder cfa examples/cfa/slides_loop.cfa --dot slides.dot"
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
    Bench(BenchArgs),
    /// Replay a counterexample: compile the program with gcc and a harness that feeds it
    /// the counterexample's inputs, run it, and report whether the violation happens.
    Replay(ReplayArgs),
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
}

#[derive(Args, Debug)]
pub struct BenchRunArgs {
    /// Manifest CSV files (task,property,expected,data_model,category,source) and family
    /// specs (family:test-locks:1..100, family:exp-art:2,4,8:unsafe).
    pub inputs: Vec<String>,

    /// Options passed to `boulder verify` for every task, e.g. "--engine bmc --bound 50".
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub config: String,

    /// Wall and CPU time limit per task (seconds).
    #[arg(long, default_value_t = 60.0)]
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

    /// Exit with an error if any verdict is wrong.
    #[arg(long)]
    pub fail_on_wrong: bool,
}

#[derive(Args, Debug)]
pub struct BenchCompareArgs {
    /// Run directories written by `boulder bench`.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,

    /// Where to write the plots (default: the first run's directory).
    #[arg(long)]
    pub out: Option<PathBuf>,

    /// The statistic plotted against N for families: cpu_time, wall_time, memory_kb, or
    /// any key of the tool's statistics (e.g. bmc.nodes).
    #[arg(long, default_value = "cpu_time")]
    pub stat: String,
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

    /// Stop the program after this many seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub timelimit: f64,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Bounded model checking: unroll the CFA up to --bound edges, one incremental SMT
    /// query per bound. Finds shortest counterexamples; proves TRUE only when every path
    /// ends within the bound.
    Bmc,
}

/// Large-block encoding level.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LbeArg {
    /// Single-block encoding: one edge per C statement or condition.
    None,
    /// Sequences of edges become one edge (Theta's LBE_SEQ).
    Seq,
    /// Sequences and parallel edges (choice) become one edge: every loop-free part between
    /// loop heads and merge points is one block (FMCAD'09 LBE).
    Full,
    /// Also locations with several incoming edges are eliminated (Mertens' LBE+).
    Advanced,
}

impl LbeArg {
    pub fn level(self) -> cfa::LbeLevel {
        match self {
            LbeArg::None => cfa::LbeLevel::None,
            LbeArg::Seq => cfa::LbeLevel::Seq,
            LbeArg::Full => cfa::LbeLevel::Full,
            LbeArg::Advanced => cfa::LbeLevel::Advanced,
        }
    }
}

/// The property to check, as SV-COMP names it.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropertyArg {
    /// No call of reach_error() / __VERIFIER_error() is reachable.
    UnreachCall,
    /// No signed integer overflow (+, -, *, /, %, unary -, <<) happens.
    NoOverflow,
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
    #[arg(long = "64")]
    pub lp64: bool,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The program: a C file (.c, .i), an SV-COMP task definition (.yml), or a CFA in
    /// Boulder's textual format (.cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramArgs,

    /// Verification engine.
    #[arg(long, value_enum, default_value_t = Engine::Bmc)]
    pub engine: Engine,

    /// Large-block encoding of the CFA before the engine runs.
    #[arg(long, value_enum, default_value_t = LbeArg::Full)]
    pub lbe: LbeArg,

    /// BMC: the largest number of CFA edges a path may have.
    #[arg(long, default_value_t = 100, value_name = "K")]
    pub bound: u32,

    /// BMC: do not try to prove TRUE by showing that no feasible path is longer than the
    /// current bound (saves one query per bound).
    #[arg(long)]
    pub no_completion_check: bool,

    /// Stop after this many seconds (wall clock) with UNKNOWN (timeout).
    #[arg(long, value_name = "SECONDS")]
    pub timelimit: Option<f64>,

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
            }),
            spec: self.spec.clone(),
            lp64: self.lp64,
        }
    }
}
