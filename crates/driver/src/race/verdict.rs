//! A race's one answer: the winner's report, or one reason for all children.

use super::RaceOutcome;
use crate::config::Config;
use crate::report::{print_once, Report, Verdict, VerdictWord};
use crate::unknown::Unknown;
use anyhow::{Context, Result};
use serde_json::json;
use std::time::Instant;

/// Prints the verdict of a race the way `verify` prints its own (and writes the
/// counterexample and witnesses the user asked for).
pub fn report(
    args: &Config,
    engine: &str,
    started: Instant,
    deadline: Option<Instant>,
    outcome: RaceOutcome,
) -> Result<()> {
    let RaceOutcome {
        winner,
        stats,
        reasons,
        settled,
    } = outcome;
    let mut report = match winner {
        Some(v) => {
            let verdict = match v.verdict {
                VerdictWord::True => Verdict::True,
                _ => Verdict::False {
                    property: v
                        .violated_property
                        .clone()
                        .unwrap_or_else(|| "unreach-call".into()),
                },
            };
            let mut all = stats;
            all.extend(
                v.stats
                    .iter()
                    .filter(|(k, _)| *k != "time.total")
                    .map(|(k, v)| (k.clone(), v.clone())),
            );
            if let (Some(out), Some(c)) = (&args.cex_out, &v.counterexample) {
                std::fs::write(out, serde_json::to_string_pretty(c)?)
                    .with_context(|| format!("cannot write {}", out.display()))?;
            }
            if let Some(c) = &v.counterexample {
                let cex: witness::CexFile =
                    serde_json::from_value(c.clone()).context("the engine's counterexample")?;
                crate::witness_out::write(args, &cex)?;
            }
            if let Some(w) = &v.correctness_witness {
                crate::witness_out::write_correctness(args, w)?;
            }
            Report {
                verdict,
                engine: format!("{engine} ({})", v.engine),
                file: args.file.display().to_string(),
                stats: all,
                cex_text: v.counterexample_text,
                cex_json: v.counterexample,
                invariants: v.correctness_witness,
            }
        }
        None => {
            let timed_out = deadline.is_some_and(|d| Instant::now() >= d);
            let reason = settled.unwrap_or_else(|| {
                one_reason(&reasons, timed_out, crate::interrupt::signal().is_some())
            });
            Report {
                verdict: Verdict::Unknown(reason),
                engine: engine.into(),
                file: args.file.display().to_string(),
                stats,
                cex_text: None,
                cex_json: None,
                invariants: None,
            }
        }
    };
    report.stats.push((
        "time.total".into(),
        json!((started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0),
    ));
    print_once(
        &report.verdict,
        &report.render(args.json, args.stats, args.cex),
    );
    Ok(())
}

/// The one reason of a race that no child decided, from the children's reasons (each
/// child's own stays in the statistics): what stands in the way of every engine first — a
/// construct the front end does not model or undefined behaviour that a run reaches, then
/// a bound of the translation; else, past the time limit, a timeout with how far each
/// engine got; else the first child's own reason, a counterexample that did not replay
/// before the rest.
pub fn one_reason(reasons: &[(String, Unknown)], timed_out: bool, interrupted: bool) -> Unknown {
    let special = |finals: bool| {
        reasons.iter().find_map(|(_, r)| match r {
            Unknown::Special { special, .. } if special.kind.is_final() == finals => {
                Some(r.clone())
            }
            _ => None,
        })
    };
    if let Some(r) = special(true).or_else(|| special(false)) {
        return r;
    }
    // How far each engine got, as each said when it stopped.
    let reached = || {
        let reached: Vec<String> = reasons
            .iter()
            .filter_map(|(name, r)| match r {
                Unknown::Timeout { reached: Some(m) }
                | Unknown::Interrupted { reached: Some(m) } => Some(format!("{name} {m}")),
                _ => None,
            })
            .collect();
        (!reached.is_empty()).then(|| reached.join(", "))
    };
    if interrupted {
        return Unknown::Interrupted { reached: reached() };
    }
    if timed_out || reasons.iter().all(|(_, r)| r.is_timeout()) {
        return Unknown::Timeout { reached: reached() };
    }
    let replay = reasons
        .iter()
        .find(|(_, r)| matches!(r, Unknown::NotReplayed { .. }));
    match replay.or(reasons.iter().find(|(_, r)| !r.is_timeout())) {
        Some((_, r)) => r.clone(),
        None => Unknown::Timeout { reached: None },
    }
}

/// The program as the race's children will see it (procedural: each child inlines for
/// itself, within its own time limit), or `None` after printing UNKNOWN for a program the
/// front end cannot translate: that is one UNKNOWN for the whole race (and an input error
/// is one error, not one per child).
pub fn load_supported(
    args: &Config,
    engine: &str,
    deadline: Option<Instant>,
) -> Result<Option<crate::load::Program>> {
    let choices = crate::load::Choices {
        flatten: false,
        deadline,
        ..args.program.choices()
    };
    let program = crate::load::load(&args.file, &choices)?;
    crate::load::note_unchecked_asserts(&program, args.json);
    let Some(reason) = program.unsupported.clone() else {
        return Ok(Some(program));
    };
    let report = Report {
        verdict: Verdict::Unknown(reason),
        engine: engine.into(),
        file: args.file.display().to_string(),
        stats: vec![],
        cex_text: None,
        cex_json: None,
        invariants: None,
    };
    print_once(
        &report.verdict,
        &report.render(args.json, args.stats, args.cex),
    );
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cfa::{Special, SpecialKind};

    fn special(kind: SpecialKind) -> Unknown {
        Unknown::Special {
            special: Special::new(kind, "x", Some("f.c:3:4".into())),
            settled: false,
        }
    }

    fn timeout(reached: &str) -> Unknown {
        Unknown::Timeout {
            reached: Some(reached.into()),
        }
    }

    fn named(reasons: Vec<(&str, Unknown)>) -> Vec<(String, Unknown)> {
        reasons
            .into_iter()
            .map(|(n, r)| (n.to_string(), r))
            .collect()
    }

    #[test]
    fn a_construct_comes_before_a_bound_before_a_timeout() {
        let r = named(vec![
            ("cegar", timeout("10 refinements")),
            ("bmc", special(SpecialKind::RecursionBound)),
            ("ic3", special(SpecialKind::Unsupported)),
        ]);
        assert_eq!(
            one_reason(&r, true, false),
            special(SpecialKind::Unsupported)
        );
        assert_eq!(
            one_reason(&r[..2], true, false),
            special(SpecialKind::RecursionBound)
        );
    }

    #[test]
    fn a_timeout_says_how_far_each_engine_got() {
        let r = named(vec![
            ("symex", timeout("bound 64")),
            ("ic3", timeout("frame 2")),
            ("cegar", Unknown::Timeout { reached: None }),
        ]);
        assert_eq!(
            one_reason(&r, true, false),
            timeout("symex bound 64, ic3 frame 2")
        );
        assert_eq!(
            one_reason(&r, true, true),
            Unknown::Interrupted {
                reached: Some("symex bound 64, ic3 frame 2".into())
            }
        );
    }

    #[test]
    fn before_the_deadline_a_counterexample_that_did_not_replay_comes_first() {
        let stopped = Unknown::Stopped {
            why: "bound 100 reached".into(),
        };
        let no_replay = Unknown::NotReplayed {
            why: "no violation".into(),
        };
        let r = named(vec![
            ("bmc", stopped.clone()),
            ("ic3", timeout("frame 9")),
            ("cegar", no_replay.clone()),
        ]);
        assert_eq!(one_reason(&r, false, false), no_replay);
        assert_eq!(one_reason(&r[..2], false, false), stopped);
        // Past the deadline, the timeout with what each got to.
        assert_eq!(one_reason(&r[..2], true, false), timeout("ic3 frame 9"));
    }
}
