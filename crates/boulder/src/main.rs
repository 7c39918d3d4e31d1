//! `boulder`, the binary: command line, configuration, and reporting. It wires the
//! pipeline crates together (parse → CFA → engine → verdict + evidence) and owns nothing
//! of their logic.

mod bench;
mod cfa_cmd;
mod cli;
mod coverage;
mod gen_cmd;
mod lbe_table;
mod load;
mod replay_cmd;
mod report;
mod verify;

use clap::Parser;

fn main() {
    let cli = cli::Cli::parse();
    let result = match &cli.command {
        cli::Command::Verify(a) => verify::run(a),
        cli::Command::Cfa(a) => cfa_cmd::run(a),
        cli::Command::Replay(a) => replay_cmd::run(a),
        cli::Command::Coverage(a) => coverage::run(a),
        cli::Command::Gen(a) => gen_cmd::run(a),
        cli::Command::Bench(a) => match &a.compare {
            Some(cli::BenchCommand::Compare(c)) => bench::compare::run(c),
            None => bench::run(&a.run),
        },
        cli::Command::LbeTable(a) => lbe_table::run(a),
    };
    if let Err(e) = result {
        eprintln!("boulder: error: {e:#}");
        std::process::exit(1);
    }
}
