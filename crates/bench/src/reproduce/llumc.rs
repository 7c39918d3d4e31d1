//! The LLUMC paper reproduced (Kleine Büning, Balyo, Sinz; `../shared/sources/004_*`):
//! Table 1 (IncPlan and MinireachIC3), Table 2 (the tasks and the encoding's sizes),
//! Table 3 (IncPlan with abcdSAT and PicoSat), Table 4 (MinireachIC3) and Table 5 (LLBMC at
//! bounds 10, 100, 1000), each row beside the published one.
//!
//! Boulder's counterparts: `ts-bmc` (incremental SAT on the bit-level transition system)
//! for IncPlan, `ic3` for MinireachIC3, the SMT `bmc` with a bound for LLBMC; each on the
//! transition system of the single-block CFA (`sbe`, LLUMC's encoding of LLVM's basic
//! blocks is closest) and of the LBE CFA (the paper's "future work").

use super::published::{self, answer_solves, Comparison, Published};
use super::{run_or_reuse, Table};
use crate as bench;
use crate::args::{BenchCompareArgs, ReproduceArgs};
use anyhow::{anyhow, bail, Context, Result};
use bench::record::Record;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One Boulder configuration of a table: label and `boulder bench --config`.
type Run = (&'static str, &'static str);

const TS_BMC_SBE: Run = ("ts-bmc-sbe", "--engine ts-bmc --ts-cfa sbe --bound 1000000");
const TS_BMC_LBE: Run = ("ts-bmc-lbe", "--engine ts-bmc --ts-cfa lbe --bound 1000000");
const IC3_SBE: Run = ("ic3-sbe", "--engine ic3 --ts-cfa sbe");
const IC3_LBE: Run = ("ic3-lbe", "--engine ic3 --ts-cfa lbe");

/// A published column group: its prefix in `reproduce/llumc-K.csv` and the tool's name.
type Source = (&'static str, &'static str);

const INCPLAN: Source = ("incplan", "IncPlan (abcdSAT)");
const ABCDSAT: Source = ("abcdsat", "IncPlan (abcdSAT)");
const PICOSAT: Source = ("picosat", "IncPlan (PicoSat)");
const MINIREACH: Source = ("ic3", "MinireachIC3");

/// A table's runs, and which run is compared with which published column group.
fn plan(table: &str) -> (Vec<Run>, Vec<(Run, Source)>) {
    match table {
        "llumc-1" => (
            vec![TS_BMC_LBE, IC3_LBE],
            vec![(TS_BMC_LBE, INCPLAN), (IC3_LBE, MINIREACH)],
        ),
        "llumc-3" => (
            vec![TS_BMC_SBE, TS_BMC_LBE],
            vec![
                (TS_BMC_SBE, ABCDSAT),
                (TS_BMC_LBE, ABCDSAT),
                (TS_BMC_LBE, PICOSAT),
            ],
        ),
        "llumc-4" => (
            vec![IC3_SBE, IC3_LBE, ("portfolio", "")],
            vec![
                (IC3_SBE, MINIREACH),
                (IC3_LBE, MINIREACH),
                (("portfolio", ""), MINIREACH),
            ],
        ),
        "llumc-5" => {
            const B10: Run = ("bmc-10", "--engine bmc --bound 10");
            const B100: Run = ("bmc-100", "--engine bmc --bound 100");
            const B1000: Run = ("bmc-1000", "--engine bmc --bound 1000");
            (
                vec![IC3_LBE, B10, B100, B1000],
                vec![
                    (B10, ("llbmc10", "LLBMC bound 10")),
                    (B100, ("llbmc100", "LLBMC bound 100")),
                    (B1000, ("llbmc1000", "LLBMC bound 1000")),
                    (IC3_LBE, MINIREACH),
                ],
            )
        }
        _ => (vec![], vec![]),
    }
}

/// `boulder reproduce llumc-K`: the runs (reused when complete), then the table.
pub fn run(args: &ReproduceArgs, table: &Table) -> Result<String> {
    let tasks = manifest(&args.benchmarks, &args.out, args.quick)?;
    let published = Published::read(table.name)?;
    if table.name == "llumc-2" {
        return sizes(&tasks, &published);
    }
    let (runs, pairs) = plan(table.name);
    let mut results: Vec<(&str, BTreeMap<String, Record>)> = Vec::new();
    for (label, config) in &runs {
        let dir = args.out.join("runs").join(label);
        let records = run_or_reuse(args, &tasks.manifest.display().to_string(), config, &dir)?;
        results.push((
            label,
            records.into_iter().map(|r| (r.task.clone(), r)).collect(),
        ));
    }
    if results.len() >= 2 {
        bench::compare::run(&BenchCompareArgs {
            runs: results
                .iter()
                .map(|(l, _)| args.out.join("runs").join(l))
                .collect(),
            // Per table: the LLUMC tables may share one output folder (and its runs).
            out: Some(args.out.join(format!("plots-{}", table.name))),
            stat: "cpu_time".into(),
            union: false,
        })?;
    }
    Ok(runs_table(
        table,
        &tasks,
        &results,
        &pairs,
        &published,
        args.timelimit,
    ))
}

const SETUP_NOTE: &str = "Setup: the paper ran LLUMC (LLVM front end, DimSpec, IncPlan and MinireachIC3; LLBMC for Table 5) with 600 s and 8 GB per task on a 2.4 GHz machine (2018); here Boulder (own C front end, CaDiCaL, Z3) on this machine under `boulder bench` limits, every FALSE replayed and every TRUE certified. Published values: `reproduce/<table>.csv`, transcribed from the paper. A row is solved by the paper when its answer is `sat` for a task with a bug or `unsat` (LLBMC: `no error`) for a correct one; time ratios are Boulder's CPU time over the paper's, where both solved.";
/// One task of the paper.
struct LlumcRow {
    paper: String,
    /// The task name in the bench records (its absolute path).
    task: String,
    expected: Option<bool>,
    /// `None`: not in the corpus.
    path: Option<PathBuf>,
    property: String,
    /// Why a task is not in the corpus (`llumc-tasks.csv`'s reason).
    missing: String,
}

/// The paper's tasks, as a manifest the bench reads (absolute paths).
struct LlumcTasks {
    manifest: PathBuf,
    rows: Vec<LlumcRow>,
    /// Data model per task path.
    models: BTreeMap<PathBuf, cfront::DataModel>,
}

/// With `quick`, the paper's first two tasks that are in the corpus only.
fn manifest(benchmarks: &Path, out: &Path, quick: bool) -> Result<LlumcTasks> {
    let list = benchmarks.join("llumc-tasks.csv");
    let text = std::fs::read_to_string(&list)
        .with_context(|| format!("cannot read {} (--benchmarks)", list.display()))?;
    let all = crate::manifest::read(&benchmarks.join("manifest.csv"))?;
    let mut rows = Vec::new();
    let mut models = BTreeMap::new();
    let mut text_out = String::from("task,property,expected,data_model,category,source\n");
    // The first four columns are never quoted; later ones (notes) may hold commas.
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.splitn(5, ',').collect();
        if f.len() < 4 {
            bail!(
                "{}: a row with fewer than four columns: {line}",
                list.display()
            );
        }
        let (paper, task, prop, expected) = (f[0], f[1], f[2], f[3]);
        let exp = match expected {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        if quick && rows.iter().filter(|r: &&LlumcRow| r.path.is_some()).count() == 2 {
            break;
        }
        let found = all
            .iter()
            .find(|t| t.name == task && t.property.name() == prop);
        match found {
            Some(t) if !task.is_empty() => {
                let path = std::fs::canonicalize(&t.file)?;
                models.insert(path.clone(), t.model);
                writeln!(
                    text_out,
                    "{},{},{},{},{},llumc",
                    path.display(),
                    prop,
                    expected,
                    t.model.name(),
                    t.category
                )?;
                rows.push(LlumcRow {
                    paper: paper.to_string(),
                    task: path.display().to_string(),
                    expected: exp,
                    path: Some(path),
                    property: prop.to_string(),
                    missing: String::new(),
                });
            }
            _ => rows.push(LlumcRow {
                paper: paper.to_string(),
                task: task.to_string(),
                expected: exp,
                path: None,
                property: prop.to_string(),
                missing: first_field(f.get(4).copied().unwrap_or_default()),
            }),
        }
    }
    let manifest = std::fs::canonicalize(out)?.join("llumc-manifest.csv");
    std::fs::write(&manifest, text_out)?;
    Ok(LlumcTasks {
        manifest,
        rows,
        models,
    })
}

/// The first CSV field of `s`, unquoted (a quoted field holds no quote).
fn first_field(s: &str) -> String {
    match s.strip_prefix('"') {
        Some(rest) => rest.split('"').next().unwrap_or_default().to_string(),
        None => s.split(',').next().unwrap_or_default().to_string(),
    }
}

/// Table 2: the paper's sizes beside those of Boulder's transition systems (SBE and LBE).
fn sizes(tasks: &LlumcTasks, published: &Published) -> Result<String> {
    let mut md = String::from("# LLUMC Table 2: the tasks and the sizes of their encodings\n\n");
    md.push_str(SETUP_NOTE);
    md.push_str(
        "\n\nPer task three lines: the paper's LLUMC encoding (basic blocks of LLVM, SMT \
         variables, SAT variables \"#Bits\", clauses of the DimSpec CNFs), then Boulder's \
         transition system of the single-block CFA (SBE-TS) and of the LBE CFA (LBE-TS): \
         program locations, variables kept (live), state bits, input bits, AND gates, CNF \
         variables and clauses of the transition relation T. The last column is the \
         clause count over the paper's.\n\n\
         | task | encoding | LoC | blocks / locations | variables | bits (paper) / state bits | input bits | AND gates | CNF vars | clauses | clauses / paper |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let (mut sum_paper, mut sum_sbe, mut sum_lbe) = (0usize, 0usize, 0usize);
    for row in &tasks.rows {
        let p = |c: &str| published.cell(&row.paper, c);
        writeln!(
            md,
            "| {} | LLUMC (paper) | {} | {} | {} | {} | | | | {} | |",
            row.paper,
            p("loc"),
            p("basic_blocks"),
            p("variables"),
            p("bits"),
            p("clauses")
        )?;
        let paper_clauses: Option<usize> = published
            .get(&row.paper, "clauses")
            .and_then(|c| c.parse().ok());
        let Some(path) = &row.path else {
            writeln!(
                md,
                "| {} | Boulder | not public: {} | | | | | | | | |",
                row.paper, row.missing
            )?;
            continue;
        };
        let mut pair = [0usize; 2];
        for (i, (enc, level)) in [
            ("SBE-TS", cfa::LbeLevel::None),
            ("LBE-TS", cfa::LbeLevel::Full),
        ]
        .into_iter()
        .enumerate()
        {
            match ts_sizes(path, &row.property, tasks.models[path], level) {
                Ok(s) => {
                    pair[i] = s.clauses;
                    let ratio = paper_clauses.filter(|c| *c > 0).map_or("—".into(), |c| {
                        published::ratio(s.clauses as f64 / c as f64)
                    });
                    writeln!(
                        md,
                        "| {} | {enc} | | {} | {} | {} | {} | {} | {} | {} | {ratio} |",
                        row.paper,
                        s.locations,
                        s.variables,
                        s.state_bits,
                        s.input_bits,
                        s.ands,
                        s.cnf_vars,
                        s.clauses
                    )?;
                }
                Err(e) => writeln!(md, "| {} | {enc} | {e} | | | | | | | | |", row.paper)?,
            }
        }
        if let (Some(c), [sbe, lbe]) = (paper_clauses, pair) {
            if sbe > 0 && lbe > 0 {
                sum_paper += c;
                sum_sbe += sbe;
                sum_lbe += lbe;
            }
        }
    }
    if sum_paper > 0 {
        writeln!(
            md,
            "\nSummary: over the public tasks, the paper's encodings have {sum_paper} clauses, Boulder's \
             SBE-TS {sum_sbe} ({}), LBE-TS {sum_lbe} ({}; {} of SBE-TS).",
            published::ratio(sum_sbe as f64 / sum_paper as f64),
            published::ratio(sum_lbe as f64 / sum_paper as f64),
            published::ratio(sum_lbe as f64 / sum_sbe.max(1) as f64),
        )?;
    }
    Ok(md)
}

/// The sizes of one task's transition system.
struct TsSizes {
    locations: usize,
    variables: usize,
    state_bits: usize,
    input_bits: usize,
    ands: usize,
    cnf_vars: usize,
    clauses: usize,
}

fn ts_sizes(
    path: &Path,
    prop: &str,
    model: cfront::DataModel,
    level: cfa::LbeLevel,
) -> Result<TsSizes> {
    let property = cfront::Property::from_name(prop).ok_or_else(|| anyhow!("property {prop}"))?;
    let program = driver::load::load_c(path, property, model, &Default::default())?;
    let cfa = cfa::reduce(&program.cfa, level).0;
    let sys = ts::build(&cfa, &ts::BuildOptions::default()).map_err(|e| anyhow!("{e}"))?;
    let (t, _) = ts::Transys::from_bits(&sys);
    let st = &sys.stats;
    Ok(TsSizes {
        locations: st.locations,
        variables: st.variables_kept,
        state_bits: st.state_bits,
        input_bits: st.input_bits,
        ands: st.ands,
        cnf_vars: t.n as usize,
        clauses: t.trans.len(),
    })
}

/// Tables 1, 3, 4 and 5: Boulder's runs, the paper's values and the comparison per row.
fn runs_table(
    table: &Table,
    tasks: &LlumcTasks,
    results: &[(&str, BTreeMap<String, Record>)],
    pairs: &[(Run, Source)],
    published: &Published,
    timelimit: f64,
) -> String {
    let mut md = format!(
        "# {}: {}\n\n{SETUP_NOTE} Time limit here: {timelimit} s.\n\n",
        table.source, table.what
    );
    md.push_str("| task | expected |");
    for (label, _) in results {
        let _ = write!(md, " {label} |");
    }
    md.push_str(" published | Boulder vs paper |\n|---|---|");
    for _ in results {
        md.push_str("---|");
    }
    md.push_str("---|---|\n");
    let mut sources: Vec<Source> = Vec::new();
    for (_, s) in pairs {
        if !sources.iter().any(|x| x.0 == s.0) {
            sources.push(*s);
        }
    }
    let mut comparisons: Vec<Comparison> = pairs.iter().map(|_| Comparison::default()).collect();
    let mut paper_solved = vec![0usize; sources.len()];
    let mut wrong = 0usize;
    for row in &tasks.rows {
        let exp_s = match row.expected {
            Some(true) => "TRUE",
            Some(false) => "FALSE",
            None => "?",
        };
        let _ = write!(md, "| {} | {exp_s} |", row.paper);
        for (label, recs) in results {
            let c = match (&row.path, recs.get(&row.task)) {
                (None, _) => "not public".to_string(),
                (_, None) => "—".to_string(),
                (_, Some(r)) => {
                    wrong += usize::from(r.status == "wrong");
                    cell(label, r)
                }
            };
            let _ = write!(md, " {c} |");
        }
        let mut pubs = Vec::new();
        for (i, (prefix, name)) in sources.iter().enumerate() {
            let get = |c: &str| published.get(&row.paper, &format!("{prefix}.{c}"));
            let Some(answer) = get("answer") else {
                continue;
            };
            if answer_solves(answer, row.expected) == Some(true) {
                paper_solved[i] += 1;
            }
            let mut s = format!("{name}: {answer}");
            if let Some(t) = get("time") {
                let _ = write!(s, " {t} s");
            }
            if let Some(m) = get("memory") {
                let _ = write!(s, ", {m} MB");
            }
            for k in ["iterations", "phases"] {
                if let Some(n) = get(k) {
                    let _ = write!(s, ", {n} {k}");
                }
            }
            pubs.push(s);
        }
        let mut cmp = Vec::new();
        for (k, ((label, _), (prefix, name))) in pairs.iter().enumerate() {
            let ours = results
                .iter()
                .find(|(l, _)| l == label)
                .and_then(|(_, recs)| row.path.as_ref().and(recs.get(&row.task)))
                .map(|r| (r.status == "correct", r.cpu_time));
            let get = |c: &str| published.get(&row.paper, &format!("{prefix}.{c}"));
            let theirs = get("answer")
                .and_then(|a| answer_solves(a, row.expected))
                .map(|solved| (solved, get("time").and_then(published::time)));
            let c = comparisons[k].row(ours, theirs);
            cmp.push(format!("{label} / {name}: {c}"));
        }
        let _ = writeln!(md, " {} | {} |", pubs.join("; "), cmp.join("; "));
    }
    md.push_str("\nSummary:\n\n");
    for (((label, _), (_, name)), c) in pairs.iter().zip(&comparisons) {
        let _ = writeln!(md, "- {}", c.summary(label, name));
    }
    for ((_, name), n) in sources.iter().zip(&paper_solved) {
        let _ = writeln!(
            md,
            "- {name} in the paper: {n} of {} solved",
            tasks.rows.len()
        );
    }
    let _ = writeln!(md, "- Boulder's wrong verdicts: {wrong}");
    let public = tasks.rows.iter().filter(|r| r.path.is_some()).count();
    for (label, recs) in results {
        let solved = recs.values().filter(|r| r.status == "correct").count();
        let _ = writeln!(md, "- {label}: {solved} of {public} public tasks solved");
    }
    md
}

/// A result cell: verdict, CPU time, peak memory, and the engine's own count (steps or
/// frames).
fn cell(label: &str, r: &Record) -> String {
    let v = match (r.verdict.as_str(), r.status.as_str()) {
        (v, "wrong") => format!("**{v} (wrong)**"),
        ("UNKNOWN", _) => format!("UNKNOWN ({})", r.reason_class.as_deref().unwrap_or("?")),
        (v, _) => v.to_string(),
    };
    let key = if label.starts_with("ts-bmc") {
        Some(("ts_bmc.steps", "steps"))
    } else if label.starts_with("ic3") {
        Some(("ic3.frames", "frames"))
    } else {
        None
    };
    let count = key
        .and_then(|(k, n)| {
            r.stats
                .get(k)
                .and_then(|x| x.as_u64())
                .map(|x| format!(", {x} {n}"))
        })
        .unwrap_or_default();
    format!("{v} {:.2} s, {} MB{count}", r.cpu_time, r.memory_kb / 1024)
}
