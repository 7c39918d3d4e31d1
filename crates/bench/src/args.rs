//! The command-line arguments of the evaluation commands (`bench`, `reproduce`,
//! `coverage`, `lbe-table`, `gen`): clap structs the `boulder` binary embeds.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// The table (see --list).
    pub table: Option<String>,

    /// List the tables and whether they can be reproduced yet.
    #[arg(long)]
    pub list: bool,

    /// Wall and CPU time limit per task and configuration: seconds, or with a unit
    /// (`90s`, `2min`, `1h`).
    #[arg(long, default_value = "60", value_name = "TIME", value_parser = driver::values::seconds)]
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
    #[arg(long, default_value = "10s", value_name = "TIME", value_parser = driver::values::seconds)]
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
    #[arg(long, default_value = "60", value_name = "TIME", value_parser = driver::values::seconds)]
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
