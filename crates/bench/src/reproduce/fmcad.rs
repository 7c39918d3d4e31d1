//! The FMCAD'09 slides reproduced (Beyer, Cimatti, Griggio, Keremoglu, Sebastiani,
//! `../shared/sources/002_*`): LBE with Boolean abstraction against SBE with Cartesian
//! abstraction, on test_locks_N (`fmcad09-locks`) and on the ntdrivers and SSH programs
//! (`fmcad09-drivers`), each row beside the slides' BLAST, CPAchecker-SBE and
//! CPAchecker-LBE times.

use super::corpus_manifest;
use super::lbe::{
    failure, family_sizes, natural, not_run, outcome, published_row, run, run_family, solved,
    SETUP, STOPS,
};
use super::published::{self, Comparison, Published};
use crate::args::ReproduceArgs;
use crate::record::Record;
use anyhow::Result;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The two configurations the FMCAD'09 paper compares (its CPAchecker-LBE and the SBE
/// setting of BLAST/CPAchecker-SBE).
const LBE_BOOLEAN: (&str, &str) = (
    "lbe-boolean",
    "--engine cegar --lbe full --abstraction boolean",
);
const SBE_CARTESIAN: (&str, &str) = (
    "sbe-cartesian",
    "--engine cegar --lbe none --abstraction cartesian",
);

/// The slides' columns, in their order, with the names the table prints.
const COLUMNS: [(&str, &str); 5] = [
    ("blast_best", "BLAST best"),
    ("blast_dfs_predh7", "BLAST -dfs -predH 7"),
    ("blast_bfs_predh7", "BLAST -bfs -predH 7"),
    ("cpachecker_sbe", "CPAchecker-SBE"),
    ("cpachecker_lbe", "CPAchecker-LBE"),
];

/// Where a Boulder program's row is in the slides: the task and the column prefix
/// (`safe.`/`unsafe.` for the drivers).
type RowOf<'a> = &'a dyn Fn(&str, Option<bool>) -> Option<(String, &'static str)>;

/// The slides' cells of one row, `name value` joined; their solved/time for a column.
fn slide_cells(p: &Published, task: &str, prefix: &str) -> String {
    COLUMNS
        .iter()
        .filter_map(|(c, name)| {
            p.get(task, &format!("{prefix}{c}"))
                .map(|v| format!("{name} {v}"))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The slides' TOTAL rows (solved / total time), `safe:`/`unsafe:` where there are two.
fn totals(p: &Published) -> String {
    ["", "safe.", "unsafe."]
        .iter()
        .map(|prefix| {
            (
                prefix.trim_end_matches('.'),
                slide_cells(p, "TOTAL", prefix),
            )
        })
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(kind, cells)| {
            if kind.is_empty() {
                cells
            } else {
                format!("{kind}: {cells}")
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A slide's time: solved when it is a number (`>1800.00` and `MO` are not).
fn slide_result(p: &Published, task: &str, column: &str) -> Option<(bool, Option<f64>)> {
    p.get(task, column)
        .map(|v| published::time(v).map_or((false, None), |t| (true, Some(t))))
}

/// Per configuration: verdict cell, ART nodes, refinements.
fn config_cells(r: Option<&Record>, stopped: Option<usize>) -> [String; 3] {
    match r {
        None => [not_run(stopped), "—".into(), "—".into()],
        Some(r) => {
            let time = if solved(r) {
                format!("{} {:.2} s", r.verdict, r.cpu_time)
            } else {
                failure(r)
            };
            let int = |k: &str| {
                r.stats
                    .get(k)
                    .and_then(|v| v.as_u64())
                    .map_or("—".into(), |x| x.to_string())
            };
            [time, int("cegar.art_nodes"), int("cegar.refinements")]
        }
    }
}

/// The records of one configuration and, for a family, the size it stopped at.
type ConfigRun = (BTreeMap<String, Record>, Option<usize>);

/// The two FMCAD'09 configurations side by side, and the slides' row beside each program.
fn two_configs(
    args: &ReproduceArgs,
    title: &str,
    (lbe, lbe_stopped): ConfigRun,
    (sbe, sbe_stopped): ConfigRun,
    published: &Published,
    row_of: RowOf,
) -> Result<String> {
    let mut md = format!("# {title}\n\n{SETUP}");
    write!(
        md,
        "\n\nLBE + Boolean: `{}`; SBE + Cartesian: `{}`. Time is the whole run's CPU time; ART \
         nodes and refinements as CEGAR counts them. Time limit here: {} s (the slides: 1800 s). \
         The published cell is the slides' row (times in s, `MO` out of memory); the last two \
         columns compare LBE + Boolean with CPAchecker-LBE and SBE + Cartesian with \
         CPAchecker-SBE.{}\n\n\
         | program | expected | LBE+Boolean | ART | ref. | SBE+Cartesian | ART | ref. | published | LBE vs CPAchecker-LBE | SBE vs CPAchecker-SBE |\n\
         |---|---|---|---:|---:|---|---:|---:|---|---|---|\n",
        LBE_BOOLEAN.1,
        SBE_CARTESIAN.1,
        args.timelimit,
        if lbe_stopped.is_some() || sbe_stopped.is_some() {
            format!(" {STOPS}")
        } else {
            String::new()
        }
    )?;
    let mut names: Vec<&String> = lbe.keys().chain(sbe.keys()).collect();
    names.sort_by_key(|n| natural(n));
    names.dedup();
    let (mut solved_lbe, mut solved_sbe) = (0, 0);
    let (mut vs_lbe, mut vs_sbe) = (Comparison::default(), Comparison::default());
    let mut matched: Vec<(String, &str)> = Vec::new();
    for name in &names {
        let (l, s) = (lbe.get(*name), sbe.get(*name));
        solved_lbe += usize::from(l.is_some_and(solved));
        solved_sbe += usize::from(s.is_some_and(solved));
        let exp = l.or(s).and_then(|r| r.expected);
        let expected = match exp {
            Some(true) => "TRUE",
            Some(false) => "FALSE",
            None => "?",
        };
        let [lt, la, lr] = config_cells(l, lbe_stopped);
        let [st, sa, sr] = config_cells(s, sbe_stopped);
        let (slides, cl, cs) = match row_of(name, exp) {
            Some((task, prefix)) => {
                let c = (
                    slide_cells(published, &task, prefix),
                    vs_lbe.row(
                        outcome(l, lbe_stopped, |r| r.cpu_time),
                        slide_result(published, &task, &format!("{prefix}cpachecker_lbe")),
                    ),
                    vs_sbe.row(
                        outcome(s, sbe_stopped, |r| r.cpu_time),
                        slide_result(published, &task, &format!("{prefix}cpachecker_sbe")),
                    ),
                );
                matched.push((task, prefix));
                c
            }
            None => ("not in the slides".into(), "—".into(), "—".into()),
        };
        writeln!(
            md,
            "| {name} | {expected} | {lt} | {la} | {lr} | {st} | {sa} | {sr} | {slides} | {cl} | {cs} |",
        )?;
    }
    writeln!(
        md,
        "| **solved** | {} | **{solved_lbe}** | | | **{solved_sbe}** | | | {} | | |",
        names.len(),
        totals(published)
    )?;
    // The slides' rows no program here matches (not in the corpus, or not run).
    for task in published.tasks().iter().filter(|t| *t != "TOTAL") {
        for prefix in ["", "safe.", "unsafe."] {
            let has = COLUMNS
                .iter()
                .any(|(c, _)| published.get(task, &format!("{prefix}{c}")).is_some());
            if has && !matched.iter().any(|(t, p)| t == task && *p == prefix) {
                writeln!(
                    md,
                    "| {task} {} | | | | | | | | {} | not run here | |",
                    prefix.trim_end_matches('.'),
                    slide_cells(published, task, prefix)
                )?;
            }
        }
    }
    writeln!(
        md,
        "\nSummary:\n\n- {}\n- {}\n- the slides' totals (solved / s): {}",
        vs_lbe.summary("LBE + Boolean", "CPAchecker-LBE"),
        vs_sbe.summary("SBE + Cartesian", "CPAchecker-SBE"),
        totals(published)
    )?;
    Ok(md)
}

/// `fmcad09-locks`.
pub fn locks(args: &ReproduceArgs, published: &Published) -> Result<String> {
    let sizes = family_sizes(args, 5, 20);
    two_configs(
        args,
        "FMCAD'09 slides: test_locks_N, LBE + Boolean vs SBE + Cartesian",
        run_family(args, sizes, LBE_BOOLEAN)?,
        run_family(args, sizes, SBE_CARTESIAN)?,
        published,
        &|name, _| published_row(published, name).map(|t| (t.to_string(), "")),
    )
}

/// The slides' program of a corpus task (`cdaudio_simpl1_…` is cdaudio, `s3_srvr_6_…` is
/// s3_srvr.06; sv-benchmarks' `simplN` are simplified versions of the BLAST programs the
/// slides ran) and its table (safe or unsafe, by the expected verdict).
fn driver_row(name: &str, expected: Option<bool>) -> Option<(String, &'static str)> {
    let prefix = match expected? {
        true => "safe.",
        false => "unsafe.",
    };
    if let Some((program, _)) = name.split_once("_simpl") {
        return Some((program.to_string(), prefix));
    }
    let rest = name.strip_prefix("s3_")?;
    let (side, rest) = rest.split_once('_')?;
    let (n, _) = rest.split_once('_')?;
    let n: u32 = n.parse().ok()?;
    Some((format!("s3_{side}.{n:02}"), prefix))
}

/// `fmcad09-drivers`.
pub fn drivers(args: &ReproduceArgs, published: &Published) -> Result<String> {
    let manifest = corpus_manifest(
        args,
        "/(ntdrivers-simplified|ssh-simplified)/",
        "fmcad09-drivers",
    )?;
    let input = manifest.display().to_string();
    two_configs(
        args,
        "FMCAD'09 slides: ntdrivers-simplified and ssh-simplified, LBE + Boolean vs SBE + Cartesian",
        (run(args, &input, LBE_BOOLEAN)?, None),
        (run(args, &input, SBE_CARTESIAN)?, None),
        published,
        &|name, expected| {
            driver_row(name, expected).filter(|(t, p)| {
                published.get(t, &format!("{p}cpachecker_lbe")).is_some()
            })
        },
    )
}

#[cfg(test)]
mod tests {
    use super::driver_row;

    #[test]
    fn corpus_tasks_map_to_the_slides_rows() {
        let r = |n, e| driver_row(n, Some(e));
        assert_eq!(
            r(
                "cdaudio_simpl1_false-unreach-call_true-valid-memsafety_true-termination.cil",
                false
            ),
            Some(("cdaudio".into(), "unsafe."))
        );
        assert_eq!(
            r("s3_srvr_6_true-unreach-call_false-termination.cil", true),
            Some(("s3_srvr.06".into(), "safe."))
        );
        assert_eq!(
            r("s3_clnt_1_false-unreach-call_true-termination.cil", false),
            Some(("s3_clnt.01".into(), "unsafe."))
        );
        assert_eq!(
            r("s3_srvr_1a_true-unreach-call_false-termination.cil", true),
            None
        );
    }
}
