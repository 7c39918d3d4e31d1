//! `boulder`, the binary: command line, configuration, and reporting. It wires the
//! pipeline crates together (parse → CFA → engine → verdict + evidence) and owns nothing
//! of their logic.

mod bench;
mod cfa_cmd;
mod cli;
mod cli_values;
mod coverage;
mod engines;
mod fatal;
mod fork;
mod gen_cmd;
mod interrupt;
mod lbe_table;
mod load;
mod portfolio;
mod race;
mod replay_cmd;
mod report;
mod reproduce;
mod split_auto;
mod symex_engine;
mod ts_cmd;
mod ts_engines;
mod unknown;
mod validate_cmd;
mod validate_correctness;
mod verify;
mod witness_out;

use clap::Parser;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The stack of the thread that runs the command. Formulas of long paths are deep, and
/// both our traversals and Z3's rewriters recurse over them; a stack overflow inside Z3
/// is a SIGSEGV, not a Rust panic. The space is reserved, not committed: only what is
/// touched costs memory.
const STACK_BYTES: usize = 1 << 30;

fn main() {
    let cli = cli::Cli::parse();
    if let cli::Command::Verify(a) = &cli.command {
        if a.verdict_exit_code {
            report::exit_by_verdict();
        }
        report::start(a.stats);
        if a.verbose {
            report::set_verbose();
        }
        interrupt::install(a.json, a.file.display().to_string());
    }
    fatal::install();
    let worker = std::thread::Builder::new()
        .name("boulder".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            fatal::alternate_stack_for_this_thread();
            run(&cli)
        })
        .expect("a thread for the command");
    let result = worker
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    if let Err(e) = result {
        // An error in the user's program is located as a compiler locates it
        // (`file:line:col: error: …`), with nothing before it; others name the tool.
        match e.downcast_ref::<cfront::FrontError>() {
            Some(
                located @ (cfront::FrontError::Invalid { .. } | cfront::FrontError::Syntax { .. }),
            ) => {
                eprintln!("{located}")
            }
            _ => eprintln!("boulder: error: {e:#}"),
        }
        std::process::exit(1);
    }
    std::process::exit(report::exit_status());
}

fn run(cli: &cli::Cli) -> anyhow::Result<()> {
    match &cli.command {
        cli::Command::Verify(a) => verify::run(a),
        cli::Command::Cfa(a) => cfa_cmd::run(a),
        cli::Command::Replay(a) => replay_cmd::run(a),
        cli::Command::Coverage(a) => coverage::run(a),
        cli::Command::Gen(a) => gen_cmd::run(a),
        cli::Command::Bench(a) => match &a.compare {
            Some(cli::BenchCommand::Compare(c)) => bench::compare::run(c),
            Some(cli::BenchCommand::Element(e)) => bench::element(e),
            None => bench::run(&a.run),
        },
        cli::Command::LbeTable(a) => lbe_table::run(a),
        cli::Command::Ts(a) => ts_cmd::run(a),
        cli::Command::Reproduce(a) => reproduce::run(a),
        cli::Command::Validate(a) => validate_cmd::run(a),
    }
}
