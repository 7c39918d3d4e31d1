//! `boulder chc`: the Horn clauses the `chc` engine solves, written as SMT-LIB 2 in the
//! CHC-COMP dialect, so that any CHC solver (Z3, Eldarica, Golem) can be run on exactly
//! the same problem.

use crate::config::{ChcTheoryArg, LbeArg, ProgramOptions};
use crate::load::{load, Choices};
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ChcArgs {
    /// The program (.c, .i, .yml or .cfa).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramOptions,

    /// Clauses over large blocks (relations at function entries and exits, call sites
    /// and loop heads: `full`, the default) or one clause per edge (`none`).
    #[arg(long, value_enum, default_value_t = LbeArg::Full)]
    pub lbe: LbeArg,

    /// The clauses over the program's bit-vectors (`bv`, the default; `auto` is `bv`
    /// here), over integers with exact wrap-around (`int`), or over integers without
    /// wrap-around with overflow clauses after the program's (`int-overflow`, what
    /// `--engine chc` solves first). On integers, operations linear arithmetic cannot say
    /// are over-approximated (the first line of the text says how many).
    #[arg(long, value_enum, default_value_t = ChcTheoryArg::Bv)]
    pub theory: ChcTheoryArg,

    /// Write the clauses here (`-`: standard output).
    #[arg(long, value_name = "FILE", default_value = "-")]
    pub out: PathBuf,
}

pub fn run(args: &ChcArgs) -> Result<()> {
    let choices = Choices {
        flatten: false,
        ..args.program.choices()
    };
    let program = load(&args.file, &choices)?;
    if let Some(why) = &program.unsupported {
        anyhow::bail!("{}: {why}", args.file.display());
    }
    let procedural = match &program.procedural {
        Some(p) => p.clone(),
        None => cfa::Program::flat(program.cfa.clone()).map_err(anyhow::Error::msg)?,
    };
    let enc = chc::encode(&procedural, args.lbe != LbeArg::None)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    let wrap = match args.theory {
        ChcTheoryArg::Bv | ChcTheoryArg::Auto => None,
        ChcTheoryArg::Int => Some(chc::int::Wrap::Exact),
        ChcTheoryArg::IntOverflow => Some(chc::int::Wrap::Overflow),
    };
    let mut abstracted = 0;
    let horn = match wrap {
        None => enc.horn,
        Some(wrap) => {
            let sys = chc::int::int_system(&program.terms, &enc.horn, wrap, None).map_err(|e| {
                anyhow::anyhow!("{}: no integer clauses: {}", args.file.display(), e.0)
            })?;
            abstracted = sys.abstracted;
            sys.horn
        }
    };
    let reachable = "an error location is reachable";
    let mut meaning = match wrap {
        Some(chc::int::Wrap::Overflow) => format!(
            "derivable iff {reachable} without a wrap-around before it or an operation may \
             wrap around (the clauses after the program's)"
        ),
        _ => format!("derivable iff {reachable}"),
    };
    if abstracted > 0 {
        meaning = format!(
            "{meaning}; {abstracted} operation(s) linear arithmetic cannot say are \
             over-approximated, so it may also be derivable where the program is safe"
        );
    }
    let mut text = format!(
        "; Horn clauses of {} (boulder chc): {} relations, {} clauses; the query `{}` is \
         {meaning}\n",
        args.file.display(),
        horn.relations.len(),
        horn.clauses.len(),
        horn.relation(horn.query).name
    );
    text.push_str(&horn.to_smtlib(&program.terms));
    if args.out.as_os_str() == "-" {
        print!("{text}");
    } else {
        std::fs::write(&args.out, text)
            .with_context(|| format!("cannot write {}", args.out.display()))?;
    }
    Ok(())
}
