//! The transcriptions of the sources' tables (`reproduce/*.csv`) are complete and exact:
//! every CSV parses, every row of every table of `../shared/sources/` has its line, and
//! each transcribed row, written back in the source's layout, is found in the source's
//! text (so no value was mistyped or shifted).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A transcribed row: the task and its `(column, value)` cells, in file order.
type Row = (String, Vec<(String, String)>);

/// The file's text and its rows, after checking the format.
fn read_csv(table: &str) -> (String, Vec<Row>) {
    let file = root().join("reproduce").join(format!("{table}.csv"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
    assert!(
        text.starts_with("# "),
        "{table}: the header comment names the source"
    );
    let mut rows: Vec<Row> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(3, ',').collect();
        assert_eq!(
            f.len(),
            3,
            "{table}:{}: not task,column,value: {line}",
            i + 1
        );
        assert!(
            !f[2].is_empty(),
            "{table}:{}: an empty value: {line}",
            i + 1
        );
        assert!(
            seen.insert((f[0].to_string(), f[1].to_string())),
            "{table}:{}: a second value for {} {}",
            i + 1,
            f[0],
            f[1]
        );
        match rows.iter_mut().find(|(t, _)| t == f[0]) {
            Some((_, cells)) => cells.push((f[1].to_string(), f[2].to_string())),
            None => rows.push((f[0].to_string(), vec![(f[1].to_string(), f[2].to_string())])),
        }
    }
    (text, rows)
}

fn source(file: &str) -> String {
    let path = root().join("../shared/sources").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{path:?}: {e} (the sources are part of the shared folder beside the repository)")
    })
}

const LLUMC: &str = "004_616bcbf2558eef0e.txt";
const MERTENS: &str = "000_19fc85522b96e187.txt";
const SLIDES: &str = "002_3d0235a6dc93d08f.txt";
const BOEHM: &str = "001_3f9277b1590d744d.txt";

/// The source's text of a row: `first` then the values of `columns`, joined by `sep`, as
/// the source prints them (`≤` is LaTeX's `\leq` in the LLUMC text).
fn row_text(first: &str, cells: &[(String, String)], columns: &[&str], sep: &str) -> String {
    let map: BTreeMap<&str, &str> = cells
        .iter()
        .map(|(c, v)| (c.as_str(), v.as_str()))
        .collect();
    let mut parts = vec![first.to_string()];
    for c in columns {
        let v = map
            .get(c)
            .unwrap_or_else(|| panic!("{first}: no column {c}"));
        parts.push(v.replace('≤', "\\leq"));
    }
    parts.join(sep)
}

/// The lines of a source's table: after the line starting with `header`, up to the next
/// empty line, caption or figure (`skip` lines of column headers first).
fn table_lines<'a>(text: &'a str, header: &str, skip: usize) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(header))
        .unwrap_or_else(|| panic!("no line starting with {header:?}"));
    lines[at + 1 + skip..]
        .iter()
        .take_while(|l| {
            !l.trim().is_empty() && !l.starts_with("Table ") && !l.starts_with("Refer to caption")
        })
        .copied()
        .collect()
}

/// The one long line that holds a flattened table (LLUMC's Tables 2 and 3).
fn flattened<'a>(text: &'a str, caption: &str) -> &'a str {
    let from = text.find(caption).expect("the table's caption");
    text[from..]
        .lines()
        .find(|l| l.starts_with("90 "))
        .expect("the flattened table")
}

fn llumc_tasks() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("../shared/benchmarks/llumc-tasks.csv"))
        .expect("llumc-tasks.csv");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').next().unwrap().to_string())
        .collect()
}

fn label(cells: &[(String, String)]) -> &str {
    &cells
        .iter()
        .find(|(c, _)| c == "label")
        .expect("a label column")
        .1
}

#[test]
fn llumc_tables_have_every_row_as_printed() {
    let text = source(LLUMC);
    let tasks = llumc_tasks();
    assert_eq!(
        tasks.len(),
        24,
        "the paper's 14 incorrect and 10 correct programs"
    );
    let t1 = [
        "incplan.answer",
        "incplan.time",
        "incplan.memory",
        "incplan.iterations",
        "ic3.answer",
        "ic3.time",
        "ic3.memory",
        "ic3.iterations",
    ];
    let t2 = [
        "desired",
        "loc",
        "basic_blocks",
        "variables",
        "bits",
        "clauses",
    ];
    let t3 = [
        "abcdsat.answer",
        "abcdsat.time",
        "abcdsat.memory",
        "abcdsat.iterations",
        "picosat.answer",
        "picosat.time",
        "picosat.memory",
        "picosat.iterations",
    ];
    let t4 = ["ic3.answer", "ic3.time", "ic3.memory", "ic3.phases"];
    let t5: Vec<String> = ["llbmc10", "llbmc100", "llbmc1000", "abcdsat", "ic3"]
        .iter()
        .flat_map(|p| [format!("{p}.answer"), format!("{p}.time")])
        .collect();
    let t5: Vec<&str> = t5.iter().map(String::as_str).collect();
    let lines1 = table_lines(&text, "Benchmark ans T M Its", 0);
    let lines4 = table_lines(&text, "Benchmark Result Time/s Memory/MB Phases", 0);
    let lines5 = table_lines(&text, "Benchmark Bound 10", 0);
    let flat2 = flattened(&text, "Table 2: Selected Benchmarks");
    let flat3 = flattened(&text, "Table 3: Runtime data");
    for (table, columns, lines) in [
        ("llumc-1", &t1[..], Some(&lines1)),
        ("llumc-2", &t2[..], None),
        ("llumc-3", &t3[..], None),
        ("llumc-4", &t4[..], Some(&lines4)),
        ("llumc-5", &t5[..], Some(&lines5)),
    ] {
        let (_, rows) = read_csv(table);
        let names: Vec<&String> = rows.iter().map(|(t, _)| t).collect();
        assert_eq!(
            names,
            tasks.iter().collect::<Vec<_>>(),
            "{table}: the paper's rows, in order"
        );
        for (task, cells) in &rows {
            let printed = row_text(label(cells), cells, columns, " ");
            let found = match lines {
                Some(lines) => lines.contains(&printed.as_str()),
                None if table == "llumc-2" => flat2.contains(&printed),
                None => flat3.contains(&printed),
            };
            assert!(
                found,
                "{table}: {task}: `{printed}` is not in the paper's table"
            );
        }
        if let Some(lines) = lines {
            assert_eq!(
                lines.len(),
                rows.len(),
                "{table}: a row per line of the paper"
            );
        }
    }
    // The flattened tables: one result (two in Table 3) per row.
    let words = |s: &str, w: &[&str]| s.split(' ').filter(|x| w.contains(x)).count();
    assert_eq!(words(flat2, &["sat", "unsat"]), 24);
    assert_eq!(words(flat3, &["sat", "timeout", "SEG"]), 48);
}

#[test]
fn mertens_tables_have_every_row_as_printed() {
    let text = source(MERTENS);
    for (table, header, skip, columns) in [
        (
            "mertens-5.1",
            "Program\tCFA\tCFA _{LBE+}",
            0,
            &["cfa", "cfa_lbe_plus", "cfa_lbe"][..],
        ),
        (
            "mertens-5.2",
            "Program\tLBE\tCEGAR",
            1,
            &["lbe", "cegar_lbe", "cegar_sbe", "sigma_lbe", "saving"][..],
        ),
    ] {
        let lines = table_lines(&text, header, skip);
        let (_, rows) = read_csv(table);
        assert_eq!(
            rows.len(),
            lines.len(),
            "{table}: a line per row of the thesis"
        );
        for ((task, cells), line) in rows.iter().zip(&lines) {
            assert_eq!(
                &row_text(task, cells, columns, "\t"),
                line,
                "{table}: {task}"
            );
        }
    }
}

#[test]
fn slides_tables_have_every_row_as_printed() {
    let text = source(SLIDES);
    let after = |title: &str, first: &str| -> Vec<&str> {
        let from = text.find(title).expect(title);
        let rest = &text[from..];
        let start = rest.find(first).expect(first);
        rest[start..]
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .collect()
    };
    let (_, locks) = read_csv("fmcad09-locks");
    let lines = after("Results - test_locks", "test_locks5.c");
    assert_eq!(
        locks.len(),
        lines.len(),
        "fmcad09-locks: test_locks5..15 and TOTAL"
    );
    let cols = [
        "blast_best",
        "blast_dfs_predh7",
        "cpachecker_sbe",
        "cpachecker_lbe",
    ];
    for ((task, cells), line) in locks.iter().zip(&lines) {
        assert_eq!(&row_text(task, cells, &cols, "\t"), line, "{task}");
    }
    let (_, drivers) = read_csv("fmcad09-drivers");
    for (kind, second) in [("safe", "blast_dfs_predh7"), ("unsafe", "blast_bfs_predh7")] {
        let lines = after(&format!("Results – ntdrivers and SSH – {kind}"), "cdaudio");
        assert_eq!(
            drivers.len(),
            lines.len(),
            "fmcad09-drivers: the {kind} table's rows"
        );
        let cols: Vec<String> = ["blast_best", second, "cpachecker_sbe", "cpachecker_lbe"]
            .iter()
            .map(|c| format!("{kind}.{c}"))
            .collect();
        let cols: Vec<&str> = cols.iter().map(String::as_str).collect();
        for ((task, cells), line) in drivers.iter().zip(&lines) {
            assert_eq!(&row_text(task, cells, &cols, "\t"), line, "{kind}: {task}");
        }
    }
}

#[test]
fn boehm_tables_have_every_row_as_printed() {
    let text = source(BOEHM);
    let lines = table_lines(&text, "Category\tTasks", 1);
    let (_, rows) = read_csv("boehm-5.1");
    assert_eq!(rows.len(), lines.len(), "boehm-5.1: the categories and All");
    let cols = ["tasks", "atomic", "none", "cdg", "pdg", "ssa"];
    for ((task, cells), line) in rows.iter().zip(&lines) {
        assert_eq!(
            &row_text(task, cells, &cols, "\t"),
            line,
            "boehm-5.1: {task}"
        );
    }
    // The "All" row is the sum of the categories.
    for c in &cols {
        let value = |t: &str| -> u64 {
            let cells = &rows.iter().find(|(x, _)| x == t).unwrap().1;
            cells
                .iter()
                .find(|(k, _)| k == c)
                .unwrap()
                .1
                .parse()
                .unwrap()
        };
        let sum: u64 = rows
            .iter()
            .filter(|(t, _)| t != "All")
            .map(|(t, _)| value(t))
            .sum();
        assert_eq!(sum, value("All"), "boehm-5.1: column {c}");
    }
    // §5.4.1 states the SCENARIOS counts in prose: three scenarios, five strategies each,
    // and each count is a number the text gives for that scenario.
    let (_, scenarios) = read_csv("boehm-5.3");
    assert_eq!(scenarios.len(), 3);
    for (scenario, cells) in &scenarios {
        assert_eq!(cells.len(), 5, "{scenario}: ATOMIC, NONE, PDG, CDG, SSA");
        for (strategy, v) in cells {
            let n: u32 = v
                .parse()
                .unwrap_or_else(|_| panic!("{scenario} {strategy}: {v}"));
            assert!(n <= 64, "{scenario} {strategy}: {n} of 64");
            assert!(
                n == 64 || text.contains(&format!(" {n} ")),
                "{scenario} {strategy}: {n} is not in the thesis's text"
            );
        }
    }
}

#[test]
fn every_transcription_parses_and_names_its_source() {
    let mut tables = Vec::new();
    for entry in std::fs::read_dir(root().join("reproduce")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "csv") {
            let name = p.file_stem().unwrap().to_string_lossy().to_string();
            let (text, rows) = read_csv(&name);
            assert!(!rows.is_empty(), "{name}: no rows");
            assert!(
                text.contains("../shared/sources/"),
                "{name}: the header names the source file"
            );
            tables.push(name);
        }
    }
    tables.sort();
    assert_eq!(
        tables,
        [
            "boehm-5.1",
            "boehm-5.3",
            "fmcad09-drivers",
            "fmcad09-locks",
            "llumc-1",
            "llumc-2",
            "llumc-3",
            "llumc-4",
            "llumc-5",
            "mertens-5.1",
            "mertens-5.2"
        ]
    );
}
