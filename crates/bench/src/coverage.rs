//! `boulder coverage`: how much of a task set the C front end translates.

use crate::args::CoverageArgs;
use anyhow::Result;
use cfa::StmtStore;
use cfront::{FrontError, Source};
use logic::TermStore;
use std::collections::BTreeMap;
use std::rc::Rc;

#[derive(Default)]
struct Row {
    tasks: usize,
    exact: usize,
    partial: usize,
    none: usize,
}

pub fn run(args: &CoverageArgs) -> Result<()> {
    let tasks = crate::manifest::read(&args.manifest)?;
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    let mut constructs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    for t in &tasks {
        // One row per program (properties do not change what the front end supports).
        if !seen.insert((t.name.clone(), t.model)) {
            continue;
        }
        let row = rows.entry(t.category.clone()).or_default();
        row.tasks += 1;
        let result = Source::load(&t.file, t.model).and_then(|s| {
            cfront::translate(
                &s,
                t.property,
                t.model,
                Rc::new(TermStore::new()),
                Rc::new(StmtStore::new()),
            )
        });
        match result {
            Ok(tr) => {
                let unsupported = tr.unsupported_constructs();
                if unsupported.is_empty() {
                    row.exact += 1;
                } else {
                    row.partial += 1;
                    for u in unsupported {
                        constructs
                            .entry(u.what.clone())
                            .or_default()
                            .push(t.name.clone());
                    }
                }
            }
            Err(e) => {
                row.none += 1;
                let what = match e {
                    FrontError::Unsupported(w) => w,
                    other => other.to_string(),
                };
                constructs
                    .entry(strip_line(&what))
                    .or_default()
                    .push(t.name.clone());
            }
        }
    }
    println!(
        "{:<26} {:>6} {:>8} {:>10} {:>8} {:>8}",
        "category", "tasks", "exact", "partial", "no CFA", "CFA %"
    );
    let mut total = Row::default();
    for (cat, r) in &rows {
        print_row(cat, r);
        total.tasks += r.tasks;
        total.exact += r.exact;
        total.partial += r.partial;
        total.none += r.none;
    }
    print_row("total", &total);
    println!(
        "\nexact: a CFA without unsupported parts; partial: a CFA whose unsupported parts give"
    );
    println!("UNKNOWN if a path reaches them; no CFA: UNKNOWN for the whole program.");
    if !constructs.is_empty() {
        println!("\nConstructs met (programs):");
        for (c, ts) in &constructs {
            println!("  {:>3}  {c}", ts.len());
        }
    }
    Ok(())
}

fn print_row(name: &str, r: &Row) {
    let pct = if r.tasks == 0 {
        0.0
    } else {
        100.0 * (r.exact + r.partial) as f64 / r.tasks as f64
    };
    println!(
        "{:<26} {:>6} {:>8} {:>10} {:>8} {:>7.1}%",
        name, r.tasks, r.exact, r.partial, r.none, pct
    );
}

/// The construct of a front-end error, without its place (`… at file:line:col`).
fn strip_line(s: &str) -> String {
    let s = s.strip_prefix("unsupported: ").unwrap_or(s);
    match s.rfind(" at ") {
        Some(i) if s[i..].ends_with(|c: char| c.is_ascii_digit()) => s[..i].to_string(),
        _ => s.to_string(),
    }
}
