//! The large-block-encoding sources reproduced: Mertens' thesis (Tables 5.1 and 5.2) and
//! the FMCAD'09 slides (test_locks_N, and the ntdrivers/ssh tasks).
//!
//! * `mertens-5.1`: CFA sizes without LBE, with LBE+ (LBE and Mertens' advanced-sequence
//!   rule) and with LBE, for test_locks_5..15 and the other generated families (no
//!   analysis runs).
//! * `mertens-5.2`: for test_locks_5..15, the time of LBE itself, of CEGAR on the LBE CFA
//!   (Σ of both) and of CEGAR on the single-block CFA, and the saving.
//! * `fmcad09-locks`: test_locks_5..20 with LBE + Boolean abstraction against SBE +
//!   Cartesian abstraction: time, ART size, refinements.
//! * `fmcad09-drivers`: the corpus's ntdrivers-simplified and ssh-simplified tasks with
//!   the same two configurations, per task.

use crate::bench;
use crate::cli::ReproduceArgs;
use crate::reproduce::{bench_run, corpus_manifest};
use anyhow::{anyhow, Result};
use bench::record::Record;
use boulder::families::FamilySpec;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Published values: (task, column) → value.
type Published = BTreeMap<(String, String), String>;

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

/// Mertens' CEGAR with and without LBE (Boolean abstraction both times, as his
/// implementation).
const CEGAR_LBE: (&str, &str) = ("cegar-lbe", "--engine cegar --lbe full");
const CEGAR_SBE: (&str, &str) = ("cegar-sbe", "--engine cegar --lbe none");

const SETUP: &str =
    "Setup: the sources ran their own tools (Mertens: an OCaml implementation, 2014; \
FMCAD'09: BLAST and CPAchecker with MathSAT, 2009 hardware, 1800 s limit); here Boulder on this \
machine under `boulder bench` limits (every FALSE replayed, every TRUE certified). Published \
values are those `reproduce/<table>.csv` transcribes; \"—\" means not transcribed.";

const STOPS: &str = "On test_locks_N a configuration stops at its first timeout: N grows \
the program, so the larger N are not run (\"not run\").";

fn family_sizes(args: &ReproduceArgs, first: usize, last: usize) -> (usize, usize) {
    if args.quick {
        (2, 3)
    } else {
        (first, last)
    }
}

fn published_cell(p: &Published, task: &str, column: &str) -> String {
    p.get(&(task.to_string(), column.to_string()))
        .cloned()
        .unwrap_or_else(|| "—".into())
}

/// `mertens-5.1`: sizes only, computed in this process.
pub fn sizes(args: &ReproduceArgs, published: &Published) -> Result<String> {
    let span = |(a, b): (usize, usize)| format!("{a}..{b}");
    let mut inputs = vec![format!(
        "family:test-locks:{}",
        span(family_sizes(args, 5, 15))
    )];
    for f in boulder::families::FAMILIES
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
         | program | CFA | CFA LBE+ | CFA LBE | LBE ms | published (CFA / LBE+ / LBE) |\n\
         |---|---:|---:|---:|---:|---|\n",
    );
    for input in inputs {
        let spec = FamilySpec::parse(&input).map_err(|e| anyhow!(e))?;
        for (name, text, _) in spec.programs() {
            let row = crate::lbe_table::sizes_of(&name, &text)?;
            writeln!(
                md,
                "| {name} | {} | {} | {} | {:.2} | {} |",
                row.sbe,
                row.plus,
                row.lbe,
                row.lbe_ms,
                published_cell(published, &name, "sizes")
            )?;
        }
    }
    Ok(md)
}

/// The records of one configuration's run, by task size (families) or task name.
fn run(
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
fn run_family(
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
fn not_run(stopped: Option<usize>) -> String {
    match stopped {
        Some(k) => format!("not run (N = {k} timed out)"),
        None => "—".into(),
    }
}

/// The records of the bench run of `config` on `input` in `dir`. A complete run (its
/// summary is written last) is reused: the table can be rendered again without the runs
/// (delete DIR/runs to run them again).
fn run_or_reuse(
    args: &ReproduceArgs,
    input: &str,
    config: &str,
    dir: &std::path::Path,
) -> Result<Vec<Record>> {
    if dir.join("summary.txt").exists() {
        eprintln!("reproduce: reusing the complete run in {}", dir.display());
    } else {
        bench_run(args, input, config, dir)?;
    }
    bench::read_records(dir)
}

/// `test_locks_7` for a family task, the file name for a corpus task.
fn short_name(r: &Record) -> String {
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
fn natural(name: &str) -> (String, u64) {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    (stem.to_string(), name[stem.len()..].parse().unwrap_or(0))
}

fn stat(r: &Record, key: &str) -> Option<f64> {
    r.stats.get(key).and_then(|v| v.as_f64())
}

/// A verdict that counts: correct (the others are shown by their reason).
fn solved(r: &Record) -> bool {
    r.status == "correct"
}

fn failure(r: &Record) -> String {
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
        "\n\nLBE: the reduction's own time (`time.lbe`); CEGAR: the analysis \
         (`time.analysis`, Boolean abstraction, without parsing and the certificate check); \
         Σ = LBE + CEGAR with LBE; saving = 1 − Σ / CEGAR with SBE. Time limit here: {} s. \
         {STOPS}\n\n\
         | program | LBE s | CEGAR LBE s | Σ s | CEGAR SBE s | saving | published LBE | published CEGAR SBE |\n\
         |---|---:|---:|---:|---:|---:|---|---|\n",
        args.timelimit
    )?;
    let mut names: Vec<&String> = lbe.keys().collect();
    names.sort_by_key(|n| natural(n));
    for name in names {
        let (l, s) = (&lbe[name], sbe.get(name));
        let lbe_time = stat(l, "time.lbe").unwrap_or(0.0);
        let (cegar_lbe, sigma) = match stat(l, "time.analysis") {
            Some(t) if solved(l) => (format!("{t:.2}"), Some(lbe_time + t)),
            _ => (failure(l), None),
        };
        let (cegar_sbe, sbe_time) = match s.map(|s| (s, stat(s, "time.analysis"))) {
            Some((s, Some(t))) if solved(s) => (format!("{t:.2}"), Some(t)),
            Some((s, _)) => (failure(s), None),
            None => (not_run(sbe_stopped), None),
        };
        let saving = match (sigma, sbe_time) {
            (Some(a), Some(b)) if b > 0.0 => format!("{:.0} %", 100.0 * (1.0 - a / b)),
            _ => "—".into(),
        };
        writeln!(
            md,
            "| {name} | {} | {cegar_lbe} | {} | {cegar_sbe} | {saving} | {} | {} |",
            // `time.lbe` is kept in milliseconds.
            if lbe_time > 0.0 {
                format!("{lbe_time:.3}")
            } else {
                "< 0.001".into()
            },
            sigma.map_or("—".into(), |x| format!("{x:.2}")),
            published_cell(published, name, "lbe"),
            published_cell(published, name, "cegar_sbe"),
        )?;
    }
    Ok(md)
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

/// The two FMCAD'09 configurations side by side.
fn two_configs(
    args: &ReproduceArgs,
    title: &str,
    (lbe, lbe_stopped): ConfigRun,
    (sbe, sbe_stopped): ConfigRun,
    published: &Published,
) -> Result<String> {
    let mut md = format!("# {title}\n\n{SETUP}");
    write!(
        md,
        "\n\nLBE + Boolean: `{}`; SBE + Cartesian: `{}`. Time is the whole run's CPU time; ART \
         nodes and refinements as CEGAR counts them. Time limit here: {} s.{}\n\n\
         | program | expected | LBE+Boolean | ART | ref. | SBE+Cartesian | ART | ref. | published |\n\
         |---|---|---|---:|---:|---|---:|---:|---|\n",
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
    for name in &names {
        let (l, s) = (lbe.get(*name), sbe.get(*name));
        solved_lbe += usize::from(l.is_some_and(solved));
        solved_sbe += usize::from(s.is_some_and(solved));
        let expected = match l.or(s).and_then(|r| r.expected) {
            Some(true) => "TRUE",
            Some(false) => "FALSE",
            None => "?",
        };
        let [lt, la, lr] = config_cells(l, lbe_stopped);
        let [st, sa, sr] = config_cells(s, sbe_stopped);
        writeln!(
            md,
            "| {name} | {expected} | {lt} | {la} | {lr} | {st} | {sa} | {sr} | {} |",
            published_cell(published, name, "time")
        )?;
    }
    writeln!(
        md,
        "| **solved** | {} | **{solved_lbe}** | | | **{solved_sbe}** | | | {} |",
        names.len(),
        published_cell(published, "all", "solved")
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
    )
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
    )
}
