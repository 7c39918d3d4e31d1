//! The command line.

use bench::args::{BenchArgs, CoverageArgs, GenArgs, LbeTableArgs, ReproduceArgs};
use clap::{Parser, Subcommand};
use driver::cfa_cmd::CfaArgs;
use driver::chc_cmd::ChcArgs;
use driver::config::Config;
use driver::replay_cmd::ReplayArgs;
use driver::ts_cmd::TsArgs;
use driver::validate_cmd::ValidateArgs;

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
    Verify(Config),
    /// Build a program's CFA and report its size; optionally print it or draw it.
    Cfa(CfaArgs),
    /// Write a program's Horn clauses (what `--engine chc` solves) as SMT-LIB 2 in the
    /// CHC-COMP dialect, for other CHC solvers: a relation per cut point and a summary per
    /// function; the query is derivable iff an error location is reachable.
    #[command(after_help = "Examples:
  boulder chc examples/c/recursion/mccarthy91_safe.c --out mc91.smt2
  z3 mc91.smt2                                     # unsat: safe")]
    Chc(ChcArgs),
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
    /// One engine run of a portfolio or `--split auto` race, its configuration as JSON on
    /// standard input (what the race starts; not for users).
    #[command(name = driver::race::CHILD_COMMAND, hide = true)]
    EngineChild,
}
