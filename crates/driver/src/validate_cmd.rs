//! `boulder validate`: checks a witness without trusting whoever wrote it. A correctness
//! witness is `validate_correctness.rs`. For a violation witness, the witness's own values (GraphML `\result == v` assumptions, YAML `function_return`
//! waypoints) become a test harness; the program is compiled with gcc and run; the
//! violation must happen. Answers as SV-COMP's validators do.

use crate::config::ProgramOptions;
use crate::load::load;
use crate::report::{print_once, Report, Verdict};
use crate::unknown::Unknown;
use anyhow::{anyhow, Context, Result};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;
use witness::read_violation::{parse, to_cexfile};
use witness::violation::sha256_hex;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// The program the witness is about (.c, .i or .yml task).
    pub file: PathBuf,

    #[command(flatten)]
    pub program: ProgramOptions,

    /// The witness (violation or correctness; GraphML 1.0 or YAML 2.0), from Boulder or
    /// any verifier.
    #[arg(long, value_name = "FILE")]
    pub witness: PathBuf,

    /// Time for the check: the compiled program's run (violation witness) or the
    /// k-induction proof with the witness's invariants (correctness witness).
    #[arg(long, default_value = "30", value_name = "TIME", value_parser = crate::values::seconds)]
    pub timelimit: f64,

    /// Correctness witness: also write the program with the invariants checked and
    /// assumed at their loops (what k-induction proves) to FILE.
    #[arg(long, value_name = "FILE")]
    pub instrumented_out: Option<PathBuf>,
}

pub fn run(args: &ValidateArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.witness)
        .with_context(|| format!("cannot read {}", args.witness.display()))?;
    let kind = witness::kind::classify(&text)
        .map_err(|why| anyhow!("{}: not a witness: {why}", args.witness.display()))?;
    // The property: the user's, else the task's (a `.yml` task), else the one the witness
    // states. A witness about another property, or one Boulder does not check, is not
    // confirmed.
    let stated = witness::kind::specification(&text);
    let claimed = match &stated {
        // As a property file writes it, or only its LTL formula.
        Some(s) => match cfront::read_prp(s)
            .or_else(|_| cfront::read_prp(&format!("CHECK( init(main()), LTL({s}) )")))
        {
            Ok(p) => Some(p),
            Err(_) => {
                return not_confirmed(
                    args,
                    &format!("its property `{s}` is not one Boulder checks"),
                )
            }
        },
        None => None,
    };
    let mut choices = args.program.choices();
    let is_task = args
        .file
        .extension()
        .is_some_and(|e| e == "yml" || e == "yaml");
    if choices.property.is_none() && choices.spec.is_none() && !is_task {
        choices.property = claimed;
    }
    let program = load(&args.file, &choices)?;
    if let Some(p) = claimed.filter(|p| *p != program.property) {
        return not_confirmed(
            args,
            &format!(
                "the witness is about {}, the check about {}",
                p.name(),
                program.property.name()
            ),
        );
    }
    let c_file = program
        .c_file
        .as_ref()
        .ok_or_else(|| anyhow!("{}: validation needs a C program", args.file.display()))?;
    let original = std::fs::read_to_string(c_file)
        .with_context(|| format!("cannot read {}", c_file.display()))?;
    let mut stats = vec![];
    let verdict = if kind == witness::kind::WitnessKind::Correctness {
        crate::validate_correctness::check(args, &program, &original, &text, &mut stats)
    } else {
        violation(args, &program, &original, &text, &mut stats)
    };
    let report = Report {
        verdict,
        engine: "validate".into(),
        file: args.file.display().to_string(),
        stats,
        cex_text: None,
        cex_json: None,
        invariants: None,
    };
    print_once(&report.verdict, &report.to_text(true, false));
    Ok(())
}

/// Prints `UNKNOWN (witness not confirmed: why)`.
fn not_confirmed(args: &ValidateArgs, why: &str) -> Result<()> {
    let why = Unknown::Witness {
        why: why.to_string(),
        refuted: false,
    };
    crate::report::print_unknown(why, args.file.display().to_string(), false);
    Ok(())
}

/// A violation witness: FALSE when its values make the program fail.
fn violation(
    args: &ValidateArgs,
    program: &crate::load::Program,
    original: &str,
    text: &str,
    stats: &mut Vec<(String, serde_json::Value)>,
) -> Verdict {
    match check(args, program, original, text, stats) {
        Ok(()) => Verdict::False {
            property: program.property.name().to_string(),
        },
        Err(why) => Verdict::Unknown(Unknown::Witness {
            why,
            refuted: false,
        }),
    }
}

fn check(
    args: &ValidateArgs,
    program: &crate::load::Program,
    original: &str,
    text: &str,
    stats: &mut Vec<(String, serde_json::Value)>,
) -> Result<(), String> {
    let w = parse(text, original)?;
    stats.push(("witness.format".into(), json!(w.format)));
    stats.push(("witness.inputs".into(), json!(w.inputs.len())));
    if let Some(h) = &w.program_hash {
        if !h.eq_ignore_ascii_case(&sha256_hex(original)) {
            return Err("the witness's program hash is not this program's SHA-256".into());
        }
    }
    let cex = to_cexfile(&w, program.property.name(), program.model.name())?;
    let replay_text = program
        .replay_text
        .as_deref()
        .ok_or("no C text to compile")?;
    match witness::replay(replay_text, &cex, Duration::from_secs_f64(args.timelimit))? {
        witness::Replay::Reproduced(how) => {
            stats.push(("witness.replay".into(), json!(how)));
            Ok(())
        }
        witness::Replay::NotReproduced(why) => Err(why),
    }
}
