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
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Bounded model checking: unroll the CFA up to --bound edges, one incremental SMT
    /// query per bound. Finds shortest counterexamples; proves TRUE only when every path
    /// ends within the bound.
    Bmc,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The program: a CFA in Boulder's textual format (.cfa).
    pub file: PathBuf,

    /// Verification engine.
    #[arg(long, value_enum, default_value_t = Engine::Bmc)]
    pub engine: Engine,

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
}

#[derive(Args, Debug)]
pub struct CfaArgs {
    /// The program (.cfa).
    pub file: PathBuf,

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
