//! `boulder`, the binary: command line, configuration, and reporting. It wires the
//! pipeline crates together (parse → CFA → engine → verdict + evidence) and owns nothing
//! of their logic.

mod cli;
mod fatal;

use clap::Parser;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The stack of the thread that runs the command. Formulas of long paths are deep, and
/// both our traversals and Z3's rewriters recurse over them; a stack overflow inside Z3
/// is a SIGSEGV, not a Rust panic. The space is reserved, not committed: only what is
/// touched costs memory.
const STACK_BYTES: usize = 1 << 30;

fn main() {
    let mut cli = cli::Cli::parse();
    if let cli::Command::EngineChild = cli.command {
        // A race's child is a `verify` whose configuration comes from its parent.
        match driver::race::read_child_config() {
            Ok(config) => cli.command = cli::Command::Verify(config),
            Err(e) => {
                eprintln!("boulder: error: {e:#}");
                std::process::exit(1);
            }
        }
    }
    if let cli::Command::Verify(a) = &cli.command {
        if a.verdict_exit_code {
            driver::report::exit_by_verdict();
        }
        driver::report::start(a.stats);
        if a.verbose {
            driver::report::set_verbose();
        }
        driver::interrupt::install(a.json, a.file.display().to_string());
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
    std::process::exit(driver::report::exit_status());
}

fn run(cli: &cli::Cli) -> anyhow::Result<()> {
    match &cli.command {
        cli::Command::Verify(a) => driver::verify::run(a),
        cli::Command::Cfa(a) => driver::cfa_cmd::run(a),
        cli::Command::Chc(a) => driver::chc_cmd::run(a),
        cli::Command::Replay(a) => driver::replay_cmd::run(a),
        cli::Command::Coverage(a) => bench::coverage::run(a),
        cli::Command::Gen(a) => bench::gen_cmd::run(a),
        cli::Command::Bench(a) => match &a.compare {
            Some(bench::args::BenchCommand::Compare(c)) => bench::compare::run(c),
            Some(bench::args::BenchCommand::Element(e)) => bench::element(e),
            None => bench::run(&a.run),
        },
        cli::Command::LbeTable(a) => bench::lbe_table::run(a),
        cli::Command::Ts(a) => driver::ts_cmd::run(a),
        cli::Command::Reproduce(a) => bench::reproduce::run(a),
        cli::Command::Validate(a) => driver::validate_cmd::run(a),
        cli::Command::EngineChild => unreachable!("replaced by its configuration in main"),
    }
}
