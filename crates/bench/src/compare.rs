//! `boulder bench compare`: a per-task table of several runs and SVG plots — the quantile
//! plot (CPU time of the n-th fastest correct result, one line per run, as the Böhm thesis
//! and SV-COMP draw it), a scatter plot of two runs, and for families a statistic against N.

use crate::args::BenchCompareArgs;
use crate::record::Record;
use crate::summary::summarize;
use anyhow::{anyhow, bail, Result};
use plotters::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const COLORS: [RGBColor; 7] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(127, 127, 127),
];

pub fn run(args: &BenchCompareArgs) -> Result<()> {
    if args.runs.is_empty() {
        bail!("give at least one run directory");
    }
    let mut runs: Vec<(String, Vec<Record>)> = Vec::new();
    for arg in &args.runs {
        let mut name = Vec::new();
        let mut records = Vec::new();
        for part in arg.to_string_lossy().split('+') {
            let dir = Path::new(part);
            name.push(
                dir.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| part.to_string()),
            );
            records.extend(crate::read_records(dir)?);
        }
        runs.push((name.join("+"), records));
    }
    unify_task_names(&mut runs);
    print_table(&runs);
    if args.union {
        print_union(&runs);
    }
    let out = args.out.clone().unwrap_or_else(|| {
        let first = args.runs[0].to_string_lossy();
        PathBuf::from(first.split('+').next().unwrap_or_default())
    });
    std::fs::create_dir_all(&out)?;
    let mut written = Vec::new();
    let q = out.join("quantile.svg");
    quantile_plot(&q, &runs).map_err(|e| anyhow!("quantile plot: {e}"))?;
    written.push(q);
    if runs.len() == 2 {
        let s = out.join("scatter.svg");
        scatter_plot(&s, &runs[0], &runs[1]).map_err(|e| anyhow!("scatter plot: {e}"))?;
        written.push(s);
    }
    let families: BTreeSet<String> = runs
        .iter()
        .flat_map(|(_, rs)| {
            rs.iter()
                .filter(|r| r.size.is_some())
                .map(|r| r.category.clone())
        })
        .collect();
    for fam in families {
        let f = out.join(format!("family-{fam}.svg"));
        family_plot(&f, &fam, &runs, &args.stat).map_err(|e| anyhow!("family plot: {e}"))?;
        written.push(f);
    }
    for w in written {
        println!("wrote {}", w.display());
    }
    Ok(())
}

/// Runs made from different manifests may name one task differently (a manifest written
/// with absolute paths, another relative to the benchmark directory): each task name
/// becomes the shortest name of any run that it ends with at a `/`.
fn unify_task_names(runs: &mut [(String, Vec<Record>)]) {
    let names: BTreeSet<String> = runs
        .iter()
        .flat_map(|(_, rs)| rs.iter().map(|r| r.task.clone()))
        .collect();
    let mut shortest_first: Vec<&String> = names.iter().collect();
    shortest_first.sort_by_key(|n| n.len());
    let canonical: BTreeMap<&String, String> = names
        .iter()
        .map(|n| {
            let short = shortest_first
                .iter()
                .find(|m| {
                    n.len() > m.len() + 1
                        && n.ends_with(m.as_str())
                        && n.as_bytes()[n.len() - m.len() - 1] == b'/'
                })
                .map_or_else(|| n.clone(), |m| (*m).clone());
            (n, short)
        })
        .collect();
    for (_, rs) in runs.iter_mut() {
        for r in rs.iter_mut() {
            r.task = canonical[&r.task].clone();
        }
    }
}

fn key(r: &Record) -> (String, String) {
    (r.task.clone(), r.property.clone())
}

fn mark(r: &Record) -> String {
    let m = match r.status.as_str() {
        "correct" => "✓",
        "wrong" => "✗",
        _ => "?",
    };
    format!("{m} {:<7} {:>7.2}s", r.verdict, r.cpu_time)
}

fn print_table(runs: &[(String, Vec<Record>)]) {
    let mut keys: BTreeSet<(String, String)> = BTreeSet::new();
    let maps: Vec<BTreeMap<(String, String), &Record>> = runs
        .iter()
        .map(|(_, rs)| rs.iter().map(|r| (key(r), r)).collect())
        .collect();
    for m in &maps {
        keys.extend(m.keys().cloned());
    }
    print!("{:<58}", "task");
    for (name, _) in runs {
        print!(" {:>20}", truncate(name, 20));
    }
    println!();
    for k in &keys {
        print!("{:<58}", truncate(&format!("{} {}", short(&k.0), k.1), 58));
        for m in &maps {
            match m.get(k) {
                Some(r) => print!(" {:>20}", mark(r)),
                None => print!(" {:>20}", "-"),
            }
        }
        println!();
    }
    println!();
    // Opposite definite verdicts on one task: whatever the expected verdict, one run is
    // wrong (this is how LBE levels and engines are checked against each other).
    let conflicts: Vec<&(String, String)> = keys
        .iter()
        .filter(|k| {
            let verdicts: BTreeSet<&str> = maps
                .iter()
                .filter_map(|m| m.get(*k))
                .map(|r| r.verdict.as_str())
                .filter(|v| *v == "TRUE" || *v == "FALSE")
                .collect();
            verdicts.len() > 1
        })
        .collect();
    println!("verdict conflicts between runs: {}", conflicts.len());
    for k in &conflicts {
        println!("  conflict: {} {}", k.0, k.1);
    }
    for (name, rs) in runs {
        let (_, t) = summarize(rs);
        println!(
            "{name}: score {}, correct {} ({} TRUE, {} FALSE), wrong {}, unknown {}, CPU time of correct results {:.1}s",
            t.score,
            t.correct_true + t.correct_false,
            t.correct_true,
            t.correct_false,
            t.wrong(),
            t.unknown,
            t.cpu_correct
        );
        for verdict in ["TRUE", "FALSE"] {
            if let Some(w) = wall_times(rs, verdict) {
                println!(
                    "{name}: wall time of the correct {verdict} verdicts: median {:.3}s, mean {:.3}s",
                    w.median, w.mean
                );
            }
        }
    }
}

/// Median and mean of a set of times.
struct Spread {
    median: f64,
    mean: f64,
}

/// The wall times of the correct verdicts `verdict` of a run (what a user waits for an
/// answer; the CPU times of the table leave out the portfolio's waiting and starting).
fn wall_times(rs: &[Record], verdict: &str) -> Option<Spread> {
    let mut w: Vec<f64> = rs
        .iter()
        .filter(|r| r.status == "correct" && r.verdict == verdict)
        .map(|r| r.wall_time)
        .collect();
    if w.is_empty() {
        return None;
    }
    w.sort_by(f64::total_cmp);
    let n = w.len();
    let median = if n % 2 == 1 {
        w[n / 2]
    } else {
        (w[n / 2 - 1] + w[n / 2]) / 2.0
    };
    Some(Spread {
        median,
        mean: w.iter().sum::<f64>() / n as f64,
    })
}

/// The first run against the union of the others (issue #12's acceptance: the default
/// configuration solves what any single engine solves, but for at most 2 %).
fn print_union(runs: &[(String, Vec<Record>)]) {
    let Some(((first, candidate), others)) = runs.split_first() else {
        return;
    };
    let solved = |rs: &[Record]| -> BTreeSet<(String, String)> {
        rs.iter()
            .filter(|r| r.status == "correct")
            .map(key)
            .collect()
    };
    let by_candidate = solved(candidate);
    let mut union: BTreeMap<(String, String), Vec<&str>> = BTreeMap::new();
    for (name, rs) in others {
        for k in solved(rs) {
            union.entry(k).or_default().push(name);
        }
    }
    let missed: Vec<_> = union
        .iter()
        .filter(|(k, _)| !by_candidate.contains(*k))
        .collect();
    let only: Vec<_> = by_candidate
        .iter()
        .filter(|k| !union.contains_key(*k))
        .collect();
    let names: Vec<&str> = others.iter().map(|(n, _)| n.as_str()).collect();
    println!();
    println!("union of {}: {} solved", names.join(", "), union.len());
    println!(
        "{first}: {} solved, {} of the union",
        by_candidate.len(),
        union.len() - missed.len()
    );
    let share = if union.is_empty() {
        0.0
    } else {
        100.0 * missed.len() as f64 / union.len() as f64
    };
    println!(
        "solved by another run but not by {first}: {} ({share:.1} % of the union)",
        missed.len()
    );
    let candidate_by_key: BTreeMap<_, _> = candidate.iter().map(|r| (key(r), r)).collect();
    for (k, who) in &missed {
        let said = candidate_by_key
            .get(*k)
            .map(|r| format!("{} {}", r.verdict, r.reason.as_deref().unwrap_or("")))
            .unwrap_or_else(|| "not run".to_string());
        println!(
            "   {} {} [{}] {first}: {}",
            short(&k.0),
            k.1,
            who.join(", "),
            said.trim_end()
        );
    }
    println!("solved by {first} only: {}", only.len());
    for k in only {
        println!("   {} {}", short(&k.0), k.1);
    }
}

fn short(task: &str) -> &str {
    task.rsplit('/').next().unwrap_or(task)
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let t: String = s.chars().take(n - 1).collect();
        format!("{t}…")
    }
}

type PlotResult = std::result::Result<(), Box<dyn std::error::Error>>;

fn time_range(max: f64) -> std::ops::Range<f64> {
    0.01..(max * 1.5).max(1.0)
}

fn quantile_plot(path: &Path, runs: &[(String, Vec<Record>)]) -> PlotResult {
    let series: Vec<(String, Vec<f64>)> = runs
        .iter()
        .map(|(name, rs)| {
            let mut t: Vec<f64> = rs
                .iter()
                .filter(|r| r.status == "correct")
                .map(|r| r.cpu_time.max(0.01))
                .collect();
            t.sort_by(|a, b| a.total_cmp(b));
            (name.clone(), t)
        })
        .collect();
    let n = series
        .iter()
        .map(|(_, t)| t.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let max_t = series
        .iter()
        .flat_map(|(_, t)| t.iter().copied())
        .fold(1.0, f64::max);
    let root = SVGBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Quantile plot: CPU time of the n-th fastest correct result",
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d(0usize..n + 1, time_range(max_t).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("n-th fastest correct result")
        .y_desc("CPU time (s)")
        .draw()?;
    for (i, (name, t)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        chart
            .draw_series(LineSeries::new(
                t.iter().enumerate().map(|(k, v)| (k + 1, *v)),
                color.stroke_width(2),
            ))?
            .label(format!("{name} ({} correct)", t.len()))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart.draw_series(
            t.iter()
                .enumerate()
                .map(|(k, v)| Circle::new((k + 1, *v), 2, color.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

fn scatter_plot(path: &Path, a: &(String, Vec<Record>), b: &(String, Vec<Record>)) -> PlotResult {
    let bm: BTreeMap<(String, String), &Record> = b.1.iter().map(|r| (key(r), r)).collect();
    let pairs: Vec<(&Record, &Record)> =
        a.1.iter()
            .filter_map(|r| bm.get(&key(r)).map(|s| (r, *s)))
            .collect();
    let max_t = pairs
        .iter()
        .flat_map(|(x, y)| [x.cpu_time, y.cpu_time])
        .fold(1.0, f64::max);
    let root = SVGBackend::new(path, (700, 700)).into_drawing_area();
    root.fill(&WHITE)?;
    let range = time_range(max_t);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("CPU time per task: {} vs {}", a.0, b.0),
            ("sans-serif", 18),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d(range.clone().log_scale(), range.clone().log_scale())?;
    chart
        .configure_mesh()
        .x_desc(format!("{} CPU time (s)", a.0))
        .y_desc(format!("{} CPU time (s)", b.0))
        .draw()?;
    chart.draw_series(LineSeries::new(
        vec![(range.start, range.start), (range.end, range.end)],
        BLACK.mix(0.3),
    ))?;
    let both: Vec<(f64, f64)> = pairs
        .iter()
        .filter(|(x, y)| x.status == "correct" && y.status == "correct")
        .map(|(x, y)| (x.cpu_time.max(0.01), y.cpu_time.max(0.01)))
        .collect();
    let other: Vec<(f64, f64)> = pairs
        .iter()
        .filter(|(x, y)| !(x.status == "correct" && y.status == "correct"))
        .map(|(x, y)| (x.cpu_time.max(0.01), y.cpu_time.max(0.01)))
        .collect();
    chart
        .draw_series(both.iter().map(|p| Circle::new(*p, 3, COLORS[0].filled())))?
        .label("correct in both")
        .legend(|(x, y)| Circle::new((x + 10, y), 3, COLORS[0].filled()));
    chart
        .draw_series(
            other
                .iter()
                .map(|p| TriangleMarker::new(*p, 4, COLORS[1].filled())),
        )?
        .label("unknown or wrong in one")
        .legend(|(x, y)| TriangleMarker::new((x + 10, y), 4, COLORS[1].filled()));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// A statistic of the records: `cpu_time`, `wall_time`, `memory_kb`, or a key of the
/// tool's statistics (e.g. `bmc.nodes`, `lbe.edges`).
fn stat(r: &Record, name: &str) -> Option<f64> {
    match name {
        "cpu_time" | "time" => Some(r.cpu_time),
        "wall_time" => Some(r.wall_time),
        "memory_kb" => Some(r.memory_kb as f64),
        k => r.stats.get(k).and_then(|v| v.as_f64()),
    }
}

fn family_plot(
    path: &PathBuf,
    family: &str,
    runs: &[(String, Vec<Record>)],
    stat_name: &str,
) -> PlotResult {
    let series: Vec<(String, Vec<(f64, f64)>)> = runs
        .iter()
        .map(|(name, rs)| {
            let mut pts: Vec<(f64, f64)> = rs
                .iter()
                .filter(|r| r.category == family && r.status == "correct")
                .filter_map(|r| Some((r.size? as f64, stat(r, stat_name)?.max(1e-3))))
                .collect();
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
            (name.clone(), pts)
        })
        .collect();
    let max_n = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|x| x.0))
        .fold(1.0, f64::max);
    let max_v = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|x| x.1))
        .fold(1.0, f64::max);
    let root = SVGBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{family}: {stat_name} against N (solved tasks)"),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(75)
        .build_cartesian_2d(0f64..max_n * 1.05, (1e-3..max_v * 2.0).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("N")
        .y_desc(stat_name)
        .draw()?;
    for (i, (name, pts)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart.draw_series(pts.iter().map(|p| Circle::new(*p, 3, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
