//! Böhm's study of predicate granularity, reproduced (`boulder reproduce boehm-5.3` and
//! `boehm-5.1`).
//!
//! * `boehm-5.3` (the SCENARIOS, thesis §5.3, Figure 5.3): SEQUENTIAL, REACTIVE and
//!   SEQ+RCT for N = 1..64 with every split strategy, CEGAR abstracting at loop heads only
//!   (`--block l`, the thesis's block operator L) and without Boulder's guessed loop-head
//!   candidates (`--no-guess-invariants`: the thesis's predicates come from interpolants
//!   alone). Sizes run in chunks of eight; once a strategy has failed on the last two sizes
//!   of a chunk, its larger sizes of that scenario are not run and count as unsolved (the
//!   scenarios only grow harder with N) — the table says where that happened.
//! * `boehm-5.1` (thesis Table 5.1): the corpus with every strategy and `auto`, solved
//!   tasks per category.

use super::published::Published;
use super::{bench_run, run_or_reuse};
use crate as bench;
use crate::args::{BenchCompareArgs, ReproduceArgs};
use anyhow::Result;
use bench::record::Record;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The thesis's five strategies, then Boulder's `conjuncts` and `auto`.
pub const STRATEGIES: [&str; 7] = ["atomic", "none", "pdg", "cdg", "ssa", "conjuncts", "auto"];

const SCENARIOS: [&str; 3] = ["sequential", "reactive", "seq-rct"];

/// The configuration of every strategy's run in the scenario study. ALLSAT enumerates
/// every point (`--no-allsat-lifting`): the study's cost measure is the models of a plain
/// ALLSAT, and lifting would drop exactly the independent predicates whose product makes
/// ATOMIC explode on SEQUENTIAL.
fn scenario_config(strategy: &str) -> String {
    format!("--engine cegar --block l --no-guess-invariants --no-allsat-lifting --split {strategy}")
}

const MAX_N: usize = 64;
const CHUNK: usize = 8;

/// The plots of Figure 5.3: the statistic per family against N, one line per strategy.
const FIGURE_STATS: [(&str, &str); 4] = [
    ("cpu_time", "cpu"),
    ("cegar.allsat_models_avg", "models"),
    ("cegar.predicates_per_abstraction_avg", "predicates"),
    ("cegar.refinements", "refinements"),
];

pub fn scenarios(args: &ReproduceArgs, published: &Published) -> Result<String> {
    let out = &args.out;
    // (strategy, scenario) -> first size not run.
    let mut cut_at: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for strategy in STRATEGIES {
        let mut all: Vec<Record> = Vec::new();
        for scenario in SCENARIOS {
            let mut start = 1;
            let max_n = if args.quick { 2 } else { MAX_N };
            while start <= max_n {
                let end = (start + CHUNK - 1).min(max_n);
                let dir = out
                    .join("chunks")
                    .join(strategy)
                    .join(format!("{scenario}-{start}"));
                bench_run(
                    args,
                    &format!("family:{scenario}:{start}..{end}"),
                    &scenario_config(strategy),
                    &dir,
                )?;
                let mut records = bench::read_records(&dir)?;
                records.sort_by_key(|r| r.size);
                let failed_last_two = records.len() >= 2
                    && records[records.len() - 2..]
                        .iter()
                        .all(|r| r.status != "correct");
                all.extend(records);
                if failed_last_two && end < max_n {
                    cut_at.insert((strategy, scenario), end + 1);
                    break;
                }
                start = end + 1;
            }
        }
        let dir = out.join("runs").join(strategy);
        std::fs::create_dir_all(&dir)?;
        let mut text = String::new();
        for r in &all {
            text.push_str(&serde_json::to_string(r)?);
            text.push('\n');
        }
        std::fs::write(dir.join("records.jsonl"), text)?;
    }
    for (stat, label) in FIGURE_STATS {
        let plots = out.join(format!("figure-5.3-{label}"));
        bench::compare::run(&BenchCompareArgs {
            runs: STRATEGIES
                .iter()
                .map(|s| out.join("runs").join(s))
                .collect(),
            out: Some(plots),
            stat: stat.into(),
            union: false,
        })?;
    }
    let runs: Vec<(&str, Vec<Record>)> = STRATEGIES
        .iter()
        .map(|s| Ok((*s, bench::read_records(&out.join("runs").join(s))?)))
        .collect::<Result<_>>()?;
    Ok(scenario_table(args.timelimit, &runs, &cut_at, published))
}

fn scenario_table(
    timelimit: f64,
    runs: &[(&str, Vec<Record>)],
    cut_at: &BTreeMap<(&str, &str), usize>,
    published: &Published,
) -> String {
    let mut md = String::from("# Böhm §5.3: the SCENARIOS, solved of 64 per strategy\n\n");
    let _ = writeln!(
        md,
        "Setup: the thesis ran CPAchecker 1.8 with MathSAT5 (Craig interpolants), block \
         operator L, 1800 s CPU per task; here Boulder's CEGAR with WP interpolants from \
         unsat cores, `{}`, {timelimit} s per task, on this machine. Boulder's scenario \
         programs are its own renditions of the thesis's descriptions (`boulder gen`), not \
         the thesis's files. Cells: Boulder's count (the thesis's count); \"from N\" marks \
         where a strategy's larger sizes were not run after two failures in a row. Plots: \
         `figure-5.3-*/family-*.svg` (CPU time, average ALLSAT models, average predicates \
         per abstraction, refinements against N; solved tasks only).\n",
        scenario_config("S")
    );
    md.push_str("| scenario |");
    for (s, _) in runs {
        let _ = write!(md, " {s} |");
    }
    md.push_str("\n|---|");
    for _ in runs {
        md.push_str("---:|");
    }
    md.push('\n');
    let mut total = vec![0usize; runs.len()];
    let mut wrong = 0usize;
    // (scenario, strategy, Boulder's count, the thesis's count).
    let mut agree: Vec<(&str, &str, usize, usize)> = Vec::new();
    for scenario in SCENARIOS {
        let _ = write!(md, "| {scenario} |");
        for (i, (strategy, records)) in runs.iter().enumerate() {
            let mine: Vec<&Record> = records.iter().filter(|r| r.category == scenario).collect();
            let solved = mine.iter().filter(|r| r.status == "correct").count();
            wrong += mine.iter().filter(|r| r.status == "wrong").count();
            total[i] += solved;
            let thesis = published
                .get(scenario, strategy)
                .map(|v| format!(" ({v})"))
                .unwrap_or_default();
            if let Some(t) = published
                .get(scenario, strategy)
                .and_then(|v| v.parse::<usize>().ok())
            {
                agree.push((scenario, *strategy, solved, t));
            }
            let cut = cut_at
                .get(&(*strategy, scenario))
                .map(|n| format!(", from {n}"))
                .unwrap_or_default();
            let _ = write!(md, " {solved}{thesis}{cut} |");
        }
        md.push('\n');
    }
    md.push_str("| **all (of 192)** |");
    for t in &total {
        let _ = write!(md, " **{t}** |");
    }
    let _ = writeln!(md, "\n\nWrong verdicts: {wrong}.");
    md.push_str(&scenario_summary(&agree));
    md
}

/// Per scenario, the strategies that solve the most, on each side; and how many cells
/// agree within two sizes.
fn scenario_summary(cells: &[(&str, &str, usize, usize)]) -> String {
    let mut md = String::from("\nSummary (the thesis's five strategies):\n\n");
    for scenario in SCENARIOS {
        let mine: Vec<_> = cells.iter().filter(|c| c.0 == scenario).collect();
        let best = |side: usize| {
            let count = |c: &(&str, &str, usize, usize)| if side == 0 { c.2 } else { c.3 };
            let m = mine.iter().map(|c| count(c)).max().unwrap_or(0);
            let names: Vec<&str> = mine.iter().filter(|c| count(c) == m).map(|c| c.1).collect();
            format!("{} ({m})", names.join(", "))
        };
        let _ = writeln!(
            md,
            "- {scenario}: most solved by Boulder {}; by the thesis {}",
            best(0),
            best(1)
        );
    }
    let close = cells.iter().filter(|c| c.2.abs_diff(c.3) <= 2).count();
    let _ = writeln!(
        md,
        "- {close} of {} counts within ±2 of the thesis's",
        cells.len()
    );
    md
}

/// Table 5.1: the corpus with every strategy; solved (correct) tasks per category.
pub fn corpus(args: &ReproduceArgs) -> Result<String> {
    let manifest = crate::reproduce::corpus_manifest(args, "", "boehm-5.1")?;
    let mut runs: Vec<(&str, Vec<Record>)> = Vec::new();
    // `auto` first: it is the configuration the table is about. A strategy whose run in
    // DIR is complete is not run again, so an interrupted reproduction resumes.
    let mut order: Vec<&str> = vec!["auto"];
    order.extend(STRATEGIES.iter().filter(|s| **s != "auto"));
    for strategy in order {
        let dir = args.out.join("runs").join(strategy);
        let config = format!("--engine cegar --split {strategy}");
        let records = run_or_reuse(args, &manifest.display().to_string(), &config, &dir)?;
        runs.push((strategy, records));
    }
    runs.sort_by_key(|(s, _)| STRATEGIES.iter().position(|x| x == s));
    bench::compare::run(&BenchCompareArgs {
        runs: STRATEGIES
            .iter()
            .map(|s| args.out.join("runs").join(s))
            .collect(),
        out: Some(args.out.clone()),
        stat: "cpu_time".into(),
        union: false,
    })?;
    let published = Published::read("boehm-5.1")?;
    Ok(corpus_table(args.timelimit, &runs, &published))
}

fn corpus_table(timelimit: f64, runs: &[(&str, Vec<Record>)], published: &Published) -> String {
    let mut md = String::from("# Böhm Table 5.1: solved tasks per category and split strategy\n\n");
    let _ = writeln!(
        md,
        "Setup: the thesis ran CPAchecker 1.8 on SV-COMP 2019 (categories without heap and \
         recursion; the 1755 tasks some strategy solved), 900 s; here Boulder's CEGAR \
         (`--engine cegar --split S`, LBE, default options) on Boulder's corpus \
         (`../shared/benchmarks/manifest.csv`), {timelimit} s per task. Cells: correct TRUE + \
         correct FALSE. \"virtual best\": tasks some single strategy solved. The second \
         table groups the corpus by the thesis's SV-COMP categories beside its Table 5.1 \
         (`reproduce/boehm-5.1.csv`). Quantile plot: `quantile.svg`.\n"
    );
    let mut categories: Vec<String> = runs
        .iter()
        .flat_map(|(_, rs)| rs.iter().map(|r| r.category.clone()))
        .collect();
    categories.sort();
    categories.dedup();
    md.push_str("| category | tasks |");
    for (s, _) in runs {
        let _ = write!(md, " {s} |");
    }
    md.push_str(" virtual best |\n|---|---:|");
    for _ in runs {
        md.push_str("---:|");
    }
    md.push_str("---:|\n");
    let singles: Vec<&(&str, Vec<Record>)> = runs.iter().filter(|(s, _)| *s != "auto").collect();
    let row = |cat: Option<&str>| -> String {
        let in_cat = |r: &&Record| cat.is_none_or(|c| r.category == c);
        let tasks = runs
            .first()
            .map_or(0, |(_, rs)| rs.iter().filter(in_cat).count());
        let mut line = format!("| {} | {tasks} |", cat.unwrap_or("**all**"));
        for (_, rs) in runs {
            let solved = rs
                .iter()
                .filter(in_cat)
                .filter(|r| r.status == "correct")
                .count();
            let wrong = rs
                .iter()
                .filter(in_cat)
                .filter(|r| r.status == "wrong")
                .count();
            let w = if wrong > 0 {
                format!(" ({wrong} wrong)")
            } else {
                String::new()
            };
            let _ = write!(line, " {solved}{w} |");
        }
        let mut best: std::collections::BTreeSet<(String, String)> = Default::default();
        for (_, rs) in &singles {
            for r in rs.iter().filter(in_cat).filter(|r| r.status == "correct") {
                best.insert((r.task.clone(), r.property.clone()));
            }
        }
        let _ = write!(line, " {} |", best.len());
        line
    };
    for c in &categories {
        md.push_str(&row(Some(c)));
        md.push('\n');
    }
    md.push_str(&row(None));
    md.push('\n');
    md.push_str(&by_thesis_category(runs, published));
    md
}

/// The thesis's strategies, as its Table 5.1 orders them.
const THESIS_STRATEGIES: [&str; 5] = ["atomic", "none", "cdg", "pdg", "ssa"];

/// The SV-COMP category (of the thesis's Table 5.1) of a corpus folder, by SV-COMP's
/// category definitions (`ReachSafety-*.set`); `None` for Boulder's own tasks.
fn thesis_category(folder: &str) -> Option<&'static str> {
    Some(match folder {
        f if f.starts_with("bitvector") => "BitVectors",
        "ntdrivers-simplified" | "ssh-simplified" | "locks" => "ControlFlow",
        f if f.starts_with("loop") => "Loops",
        "product-lines" => "ProductLines",
        "systemc" => "Sequentialized",
        f if f.starts_with("array") => "Arrays",
        f if f.starts_with("eca") => "ECA",
        _ => return None,
    })
}

/// Solved of tasks per thesis category and strategy, Boulder's beside the thesis's, and
/// the strategies ranked on each side.
fn by_thesis_category(runs: &[(&str, Vec<Record>)], published: &Published) -> String {
    let mut md = String::from("\n| SV-COMP category | Boulder tasks (thesis) |");
    for s in THESIS_STRATEGIES {
        let _ = write!(md, " {s}: Boulder (thesis) |");
    }
    md.push_str("\n|---|---:|");
    md.push_str(&"---:|".repeat(THESIS_STRATEGIES.len()));
    md.push('\n');
    let records = |s: &str| runs.iter().find(|(x, _)| *x == s).map(|(_, r)| r);
    let in_cat = |r: &Record, cat: &str| {
        thesis_category(&r.category).is_some_and(|c| cat == "All" || c == cat)
    };
    let mut ours_all = Vec::new();
    for cat in published.tasks() {
        let tasks = runs
            .first()
            .map_or(0, |(_, rs)| rs.iter().filter(|r| in_cat(r, cat)).count());
        let _ = write!(md, "| {cat} | {tasks} ({}) |", published.cell(cat, "tasks"));
        for s in THESIS_STRATEGIES {
            let ours = records(s).map(|rs| {
                rs.iter()
                    .filter(|r| in_cat(r, cat) && r.status == "correct")
                    .count()
            });
            let cell = match ours {
                Some(n) if tasks > 0 => n.to_string(),
                Some(_) => "no corpus task".into(),
                None => "not run".into(),
            };
            if cat == "All" {
                ours_all.push((s, ours.unwrap_or(0)));
            }
            let _ = write!(md, " {cell} ({}) |", published.cell(cat, s));
        }
        md.push('\n');
    }
    let rank = |xs: &mut Vec<(&str, usize)>| {
        xs.sort_by_key(|x| std::cmp::Reverse(x.1));
        xs.iter()
            .map(|(s, n)| format!("{s} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut thesis_all: Vec<(&str, usize)> = THESIS_STRATEGIES
        .iter()
        .map(|s| {
            (
                *s,
                published
                    .get("All", s)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0),
            )
        })
        .collect();
    let _ = writeln!(
        md,
        "\nSummary: the strategies by solved tasks, Boulder (SV-COMP categories of the corpus): \
         {}; the thesis: {}.",
        rank(&mut ours_all),
        rank(&mut thesis_all)
    );
    md
}

#[cfg(test)]
mod tests {
    use super::thesis_category;

    #[test]
    fn corpus_folders_fall_in_the_thesis_categories() {
        assert_eq!(thesis_category("bitvector-loops"), Some("BitVectors"));
        assert_eq!(thesis_category("ssh-simplified"), Some("ControlFlow"));
        assert_eq!(thesis_category("loop-acceleration"), Some("Loops"));
        assert_eq!(thesis_category("systemc"), Some("Sequentialized"));
        assert_eq!(thesis_category("simple/scanf"), None);
    }
}
