//! Mertens' thesis reproduced (Tables 5.1 and 5.2), and what it shares with the FMCAD'09
//! slides (`fmcad.rs`): the runs on test_locks_N and on corpus tasks.
//!
//! * `mertens-5.1`: CFA sizes without LBE, with LBE+ (LBE and Mertens' advanced-sequence
//!   rule) and with LBE, for test_locks_5..15 and the other generated families (no
//!   analysis runs).
//! * `mertens-5.2`: for test_locks_5..15, the time of LBE itself, of CEGAR on the LBE CFA
//!   (Σ of both) and of CEGAR on the single-block CFA, and the saving.

use super::published::{self, Comparison, Published};
use super::run_or_reuse;
use crate::args::ReproduceArgs;
use crate::families::FamilySpec;
use crate::record::Record;
use anyhow::{anyhow, Result};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Mertens' CEGAR with and without LBE (Boolean abstraction both times, as his
/// implementation).
const CEGAR_LBE: (&str, &str) = ("cegar-lbe", "--engine cegar --lbe full");
const CEGAR_SBE: (&str, &str) = ("cegar-sbe", "--engine cegar --lbe none");

pub(super) const SETUP: &str =
    "Setup: the sources ran their own tools (Mertens: an OCaml implementation, 2014; \
FMCAD'09: BLAST and CPAchecker with MathSAT, 2009 hardware, 1800 s limit); here Boulder on this \
machine under `boulder bench` limits (every FALSE replayed, every TRUE certified). Published \
values: `reproduce/<table>.csv`, transcribed from the sources (`../shared/sources/`).";

pub(super) const STOPS: &str =
    "On test_locks_N a configuration stops at its first timeout: N grows \
the program, so the larger N are not run (\"not run\").";

pub(super) fn family_sizes(args: &ReproduceArgs, first: usize, last: usize) -> (usize, usize) {
    if args.quick {
        (2, 3)
    } else {
        (first, last)
    }
}

/// The published row of Boulder's program `name`: the sources write test_locks_5 as
/// `test_locks_05.bc` (Mertens 5.1), `test_locks_5.c` (5.2) and `test_locks5.c` (the
/// slides).
pub(super) fn published_row<'a>(p: &'a Published, name: &str) -> Option<&'a str> {
    let key = |s: &str| {
        let s = s
            .trim_end_matches(".bc")
            .trim_end_matches(".c")
            .replace('_', "");
        let stem = s.trim_end_matches(|c: char| c.is_ascii_digit());
        let n = s[stem.len()..].trim_start_matches('0').to_string();
        format!("{stem}{n}")
    };
    let want = key(name);
    p.tasks()
        .iter()
        .find(|t| key(t) == want)
        .map(String::as_str)
}

/// `3` or `3–4`: the range of some counts.
fn range_of(xs: &[usize]) -> String {
    match (xs.iter().min(), xs.iter().max()) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}–{b}"),
        _ => "—".into(),
    }
}

/// Why a published row has no Boulder row beside it.
fn why_not_shown(task: &str) -> &'static str {
    if task.starts_with("test_locks") {
        "not run here (a smaller size range)"
    } else {
        "not public: the thesis's own test program"
    }
}

/// The published rows that no Boulder program of `shown` matches.
fn other_rows<'a>(p: &'a Published, shown: &[String]) -> Vec<&'a str> {
    p.tasks()
        .iter()
        .map(String::as_str)
        .filter(|t| !shown.iter().any(|s| published_row(p, s) == Some(*t)))
        .collect()
}

/// `mertens-5.1`: sizes only, computed in this process.
pub fn sizes(args: &ReproduceArgs, published: &Published) -> Result<String> {
    let span = |(a, b): (usize, usize)| format!("{a}..{b}");
    let mut inputs = vec![format!(
        "family:test-locks:{}",
        span(family_sizes(args, 5, 15))
    )];
    for f in crate::families::FAMILIES
        .iter()
        .filter(|f| **f != "test-locks")
    {
        inputs.push(format!("family:{f}:{}", span(family_sizes(args, 2, 8))));
    }
    let mut md = String::from(
        "# Mertens, thesis, Table 5.1: CFA sizes without LBE, with LBE+ and with LBE\n\n",
    );
    md.push_str(SETUP);
    md.push_str(
        "\n\nLocations/edges of the CFA Boulder's front end builds (single-block), after LBE+ \
         (all four rules: error sink, sequence, choice and Mertens' advanced sequence) and \
         after LBE (error sink, sequence and choice, as FMCAD'09); the time of the reduction \
         to LBE.\n\n\
         | program | CFA | CFA LBE+ | CFA LBE | LBE ms | published (CFA / LBE+ / LBE) | CFA / thesis |\n\
         |---|---:|---:|---:|---:|---|---:|\n",
    );
    let mut shown = Vec::new();
    let mut ratios = Vec::new();
    // LBE's locations on the rows both have: the thesis's and Boulder's.
    let (mut thesis_lbe, mut ours_lbe) = (Vec::new(), Vec::new());
    for input in inputs {
        let spec = FamilySpec::parse(&input).map_err(|e| anyhow!(e))?;
        for (name, text, _) in spec.programs() {
            let row = crate::lbe_table::sizes_of(&name, &text)?;
            let (thesis, ratio) = match published_row(published, &name) {
                Some(t) => {
                    let cfa = published.cell(t, "cfa");
                    // Boulder's cells are `locations/edges`; the thesis gives one number.
                    let ours: Option<f64> = row.sbe.split('/').next().and_then(|x| x.parse().ok());
                    let r = match (ours, cfa.parse::<f64>()) {
                        (Some(a), Ok(b)) if b > 0.0 => {
                            ratios.push(a / b);
                            published::ratio(a / b)
                        }
                        _ => "—".into(),
                    };
                    let p = |c| published.cell(t, c);
                    thesis_lbe.extend(p("cfa_lbe").parse::<usize>());
                    ours_lbe.extend(
                        row.lbe
                            .split('/')
                            .next()
                            .and_then(|x| x.parse::<usize>().ok()),
                    );
                    (
                        format!("{cfa} / {} / {}", p("cfa_lbe_plus"), p("cfa_lbe")),
                        r,
                    )
                }
                None => ("not in the thesis".into(), "—".into()),
            };
            writeln!(
                md,
                "| {name} | {} | {} | {} | {:.2} | {thesis} | {ratio} |",
                row.sbe, row.plus, row.lbe, row.lbe_ms,
            )?;
            shown.push(name);
        }
    }
    for t in other_rows(published, &shown) {
        let p = |c| published.cell(t, c);
        writeln!(
            md,
            "| {t} | | | | | {} / {} / {} | {} |",
            p("cfa"),
            p("cfa_lbe_plus"),
            p("cfa_lbe"),
            why_not_shown(t)
        )?;
    }
    match (
        ratios.iter().copied().reduce(f64::min),
        ratios.iter().copied().reduce(f64::max),
    ) {
        (Some(lo), Some(hi)) => writeln!(
            md,
            "\nSummary: {} test_locks_N in both. The thesis's single-block CFA is of LLVM \
             bitcode, Boulder's of C: Boulder's has {}–{} of its locations. After LBE: \
             the thesis {} locations, Boulder {}.",
            ratios.len(),
            published::ratio(lo),
            published::ratio(hi),
            range_of(&thesis_lbe),
            range_of(&ours_lbe),
        )?,
        _ => writeln!(md, "\nSummary: no program here is one of the thesis's.")?,
    }
    Ok(md)
}

/// The records of one configuration's run, by task size (families) or task name.
pub(super) fn run(
    args: &ReproduceArgs,
    input: &str,
    (label, config): (&str, &str),
) -> Result<BTreeMap<String, Record>> {
    let dir = args.out.join("runs").join(label);
    Ok(run_or_reuse(args, input, config, &dir)?
        .into_iter()
        .map(|r| (short_name(&r), r))
        .collect())
}

/// One configuration on test_locks_N for N in `sizes`, in rounds of `--jobs` sizes,
/// smallest first. The first round with a timeout or memout ends it: the family grows with
/// N, so the larger sizes would only spend the limit again (the sources stop the same way:
/// BLAST "> 1800 s from N = 14"). Returns the records and, if it stopped early, the size
/// that timed out first; each round is a bench run of its own, reused when complete.
pub(super) fn run_family(
    args: &ReproduceArgs,
    (first, last): (usize, usize),
    (label, config): (&str, &str),
) -> Result<(BTreeMap<String, Record>, Option<usize>)> {
    let mut records = BTreeMap::new();
    let step = args.jobs.max(1);
    let mut n = first;
    while n <= last {
        let upto = (n + step - 1).min(last);
        let dir = args
            .out
            .join("runs")
            .join(label)
            .join(format!("{n}-{upto}"));
        let round = run_or_reuse(
            args,
            &format!("family:test-locks:{n}..{upto}"),
            config,
            &dir,
        )?;
        let gave_up = round
            .iter()
            .filter(|r| !solved(r) && r.status != "wrong")
            .filter(|r| matches!(r.reason_class.as_deref(), Some("timeout" | "memout")))
            .filter_map(|r| r.size)
            .min();
        records.extend(round.into_iter().map(|r| (short_name(&r), r)));
        if gave_up.is_some() && upto < last {
            return Ok((records, gave_up));
        }
        n = upto + 1;
    }
    Ok((records, None))
}

/// The cell of a size a configuration did not run because a smaller one timed out.
pub(super) fn not_run(stopped: Option<usize>) -> String {
    match stopped {
        Some(k) => format!("not run (N = {k} timed out)"),
        None => "—".into(),
    }
}

/// `test_locks_7` for a family task, the file name for a corpus task.
pub(super) fn short_name(r: &Record) -> String {
    match r.size {
        Some(n) => format!("{}_{n}", r.category.replace('-', "_")),
        None => r
            .task
            .rsplit('/')
            .next()
            .unwrap_or(&r.task)
            .trim_end_matches(".c")
            .to_string(),
    }
}

/// Sorts test_locks_9 before test_locks_10: the name without its trailing number, then
/// the number.
pub(super) fn natural(name: &str) -> (String, u64) {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    (stem.to_string(), name[stem.len()..].parse().unwrap_or(0))
}

pub(super) fn stat(r: &Record, key: &str) -> Option<f64> {
    r.stats.get(key).and_then(|v| v.as_f64())
}

/// A configuration's result on one row for a [`published::Comparison`]: solved and the
/// time `time` measures; a size not run because a smaller one timed out (`stopped`) counts
/// as unsolved.
pub(super) fn outcome(
    r: Option<&Record>,
    stopped: Option<usize>,
    time: impl Fn(&Record) -> f64,
) -> Option<(bool, f64)> {
    r.map(|r| (solved(r), time(r)))
        .or(stopped.map(|_| (false, 0.0)))
}

/// A verdict that counts: correct (the others are shown by their reason).
pub(super) fn solved(r: &Record) -> bool {
    r.status == "correct"
}

pub(super) fn failure(r: &Record) -> String {
    match r.status.as_str() {
        "wrong" => format!("**{} (wrong)**", r.verdict),
        _ => r.reason_class.clone().unwrap_or_else(|| r.verdict.clone()),
    }
}

/// `mertens-5.2`: the time of LBE, of CEGAR after it, and of CEGAR without it.
pub fn times(args: &ReproduceArgs, published: &Published) -> Result<String> {
    let sizes = family_sizes(args, 5, 15);
    let (lbe, _) = run_family(args, sizes, CEGAR_LBE)?;
    let (sbe, sbe_stopped) = run_family(args, sizes, CEGAR_SBE)?;
    let mut md = String::from(
        "# Mertens, thesis, Table 5.2: time of LBE, CEGAR with LBE and with SBE (test_locks_N)\n\n",
    );
    md.push_str(SETUP);
    write!(
        md,
        "\n\nLBE: the reduction's own time (`time.lbe`, in ms); CEGAR: the analysis \
         (`time.analysis`, Boolean abstraction, without parsing and the certificate check); \
         Σ = LBE + CEGAR with LBE; saving = 1 − Σ / CEGAR with SBE. The published cell is \
         the thesis's row: LBE / CEGAR LBE / CEGAR SBE / Σ / saving, in s. Time limit here: \
         {} s. {STOPS}\n\n\
         | program | LBE ms | CEGAR LBE s | Σ s | CEGAR SBE s | saving | published | CEGAR LBE vs thesis | CEGAR SBE vs thesis |\n\
         |---|---:|---:|---:|---:|---:|---|---|---|\n",
        args.timelimit
    )?;
    let mut names: Vec<&String> = lbe.keys().collect();
    names.sort_by_key(|n| natural(n));
    let (mut with_lbe, mut without) = (Comparison::default(), Comparison::default());
    let (mut ours_savings, mut thesis_savings) = (Vec::new(), Vec::new());
    let mut shown = Vec::new();
    for name in names {
        let (l, s) = (&lbe[name], sbe.get(name));
        let lbe_ms = stat(l, "time.lbe").unwrap_or(0.0);
        let (cegar_lbe, sigma) = match stat(l, "time.analysis") {
            Some(t) if solved(l) => (format!("{t:.2}"), Some(lbe_ms / 1000.0 + t)),
            _ => (failure(l), None),
        };
        let (cegar_sbe, sbe_time) = match s.map(|s| (s, stat(s, "time.analysis"))) {
            Some((s, Some(t))) if solved(s) => (format!("{t:.2}"), Some(t)),
            Some((s, _)) => (failure(s), None),
            None => (not_run(sbe_stopped), None),
        };
        let saving = match (sigma, sbe_time) {
            (Some(a), Some(b)) if b > 0.0 => {
                ours_savings.push(1.0 - a / b);
                format!("{:.0} %", 100.0 * (1.0 - a / b))
            }
            _ => "—".into(),
        };
        let row = published_row(published, name);
        let thesis = |c: &str| row.and_then(|t| published.get(t, c));
        // The thesis's times are solved ones unless `TO`.
        let theirs = |c: &str| {
            row.map(|_| {
                thesis(c)
                    .and_then(published::time)
                    .map_or((false, None), |t| (true, Some(t)))
            })
        };
        // A run without `time.analysis` (a timeout or memout) is one that did not solve.
        let vs_lbe = with_lbe.row(
            Some((solved(l), stat(l, "time.analysis").unwrap_or(0.0))),
            theirs("cegar_lbe"),
        );
        let vs_sbe = without.row(
            outcome(s, sbe_stopped, |s| stat(s, "time.analysis").unwrap_or(0.0)),
            theirs("cegar_sbe"),
        );
        if let Some(p) = thesis("saving").and_then(|p| p.trim_end_matches('%').parse::<f64>().ok())
        {
            thesis_savings.push(p / 100.0);
        }
        let published_cell = match row {
            Some(t) => ["lbe", "cegar_lbe", "cegar_sbe", "sigma_lbe", "saving"]
                .map(|c| published.cell(t, c))
                .join(" / "),
            None => "not in the thesis".into(),
        };
        writeln!(
            md,
            "| {name} | {} | {cegar_lbe} | {} | {cegar_sbe} | {saving} | {published_cell} | {vs_lbe} | {vs_sbe} |",
            if lbe_ms > 0.0 {
                format!("{lbe_ms:.3}")
            } else {
                "< 0.001".into()
            },
            sigma.map_or("—".into(), |x| format!("{x:.2}")),
        )?;
        shown.push(name.clone());
    }
    for t in other_rows(published, &shown) {
        let cells =
            ["lbe", "cegar_lbe", "cegar_sbe", "sigma_lbe", "saving"].map(|c| published.cell(t, c));
        writeln!(
            md,
            "| {t} | | | | | | {} | {} | |",
            cells.join(" / "),
            why_not_shown(t)
        )?;
    }
    let mean =
        |xs: &[f64]| (!xs.is_empty()).then(|| 100.0 * xs.iter().sum::<f64>() / xs.len() as f64);
    writeln!(
        md,
        "\nSummary:\n\n- {}\n- {}\n- mean saving of LBE on test_locks_N: Boulder {}, the thesis {} \
         (its text: 20 % on average)",
        with_lbe.summary("CEGAR with LBE", "the thesis"),
        without.summary("CEGAR with SBE", "the thesis"),
        mean(&ours_savings).map_or("—".into(), |m| format!("{m:.0} % over {} rows", ours_savings.len())),
        mean(&thesis_savings).map_or("—".into(), |m| format!("{m:.0} % over {} rows", thesis_savings.len())),
    )?;
    Ok(md)
}
