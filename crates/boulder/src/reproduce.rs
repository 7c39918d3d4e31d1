//! `boulder reproduce`: the sources' published tables regenerated on today's Boulder, each
//! by one command. A table is a set of `boulder bench` runs (same isolation, limits and
//! validation: every FALSE replayed, every TRUE certified by its engine) over the
//! source's tasks, rendered as Markdown beside the published values (`reproduce/*.csv`,
//! transcribed from the sources) with a line saying how the setup differs, plus the
//! bench's SVG plots.

use crate::bench;
use crate::cli::{BenchCompareArgs, BenchRunArgs, ReproduceArgs};
use anyhow::{anyhow, bail, Context, Result};
use bench::record::Record;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One reproducible table.
struct Table {
    name: &'static str,
    source: &'static str,
    what: &'static str,
    /// `None`: ready; `Some(why)`: not reproducible yet.
    pending: Option<&'static str>,
}

const TABLES: &[Table] = &[
    Table {
        name: "llumc-2",
        source: "Kleine Büning, Balyo, Sinz: LLUMC, Table 2",
        what: "transition-system sizes (state and input bits, AND gates, CNF variables and clauses of T), SBE-TS and LBE-TS",
        pending: None,
    },
    Table {
        name: "llumc-3",
        source: "LLUMC, Table 3",
        what: "incremental-SAT BMC on the transition system (ts-bmc): answer, time, memory, steps; SBE-TS and LBE-TS",
        pending: None,
    },
    Table {
        name: "llumc-4",
        source: "LLUMC, Table 4",
        what: "IC3 on the transition system: answer, time, memory, frames; SBE-TS and LBE-TS; and the default portfolio",
        pending: None,
    },
    Table {
        name: "llumc-5",
        source: "LLUMC, Table 5",
        what: "IC3 against a bounded checker (Boulder's SMT BMC with bounds 10, 100, 1000 where the paper used LLBMC)",
        pending: None,
    },
    Table {
        name: "mertens-5.1",
        source: "Mertens, thesis, Table 5.1",
        what: "CFA sizes without LBE, with LBE+ and with LBE (test_locks_5..15 and the generated families)",
        pending: None,
    },
    Table {
        name: "mertens-5.2",
        source: "Mertens, thesis, Table 5.2",
        what: "time of LBE, CEGAR with LBE (and Σ) and with SBE, and the saving, for test_locks_5..15",
        pending: None,
    },
    Table {
        name: "fmcad09-locks",
        source: "Beyer et al., FMCAD'09 slides: test_locks_N",
        what: "LBE+Boolean vs SBE+Cartesian on test_locks_5..20: time, ART size, refinements",
        pending: None,
    },
    Table {
        name: "fmcad09-drivers",
        source: "FMCAD'09 slides: ntdrivers-simplified and ssh-simplified",
        what: "per-task times, ART sizes and refinements of both configurations on the corpus's tasks of these categories",
        pending: None,
    },
    Table {
        name: "boehm-5.3",
        source: "Böhm, thesis, §5.3 (SCENARIOS)",
        what: "split strategies on SEQUENTIAL, REACTIVE, SEQ+RCT (N = 1..64): solved, and Figure 5.3's plots",
        pending: None,
    },
    Table {
        name: "boehm-5.1",
        source: "Böhm, thesis, §5.1 (SV-COMP)",
        what: "solved per category and split strategy (and auto) on the corpus",
        pending: None,
    },
];

pub fn run(args: &ReproduceArgs) -> Result<()> {
    if args.list || args.table.is_none() {
        println!("{:<16} {:<10} source: what", "table", "status");
        for t in TABLES {
            let status = if t.pending.is_none() {
                "ready"
            } else {
                "pending"
            };
            println!("{:<16} {:<10} {}: {}", t.name, status, t.source, t.what);
            if let Some(why) = t.pending {
                println!("{:<16} {:<10} ({why})", "", "");
            }
        }
        return Ok(());
    }
    let name = args.table.as_deref().unwrap_or_default();
    let table = TABLES
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| anyhow!("no table `{name}` (boulder reproduce --list)"))?;
    if let Some(why) = table.pending {
        bail!("table `{name}` cannot be reproduced yet: {why}");
    }
    let out = args.out.clone();
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    if name.starts_with("mertens") || name.starts_with("fmcad09") {
        let published = read_published(&args.benchmarks, name)?;
        let md = match name {
            "mertens-5.1" => crate::reproduce_lbe::sizes(args, &published)?,
            "mertens-5.2" => crate::reproduce_lbe::times(args, &published)?,
            "fmcad09-locks" => crate::reproduce_lbe::locks(args, &published)?,
            _ => crate::reproduce_lbe::drivers(args, &published)?,
        };
        return write_table(&out, name, &md);
    }
    if name.starts_with("boehm") {
        let md = match name {
            "boehm-5.3" => {
                crate::reproduce_boehm::scenarios(args, &read_published(&args.benchmarks, name)?)?
            }
            _ => crate::reproduce_boehm::corpus(args)?,
        };
        return write_table(&out, name, &md);
    }
    let tasks = llumc_manifest(&args.benchmarks, &out, args.quick)?;
    let runs: Vec<(&str, String)> = match name {
        "llumc-2" => vec![],
        "llumc-3" => vec![
            (
                "ts-bmc-sbe",
                "--engine ts-bmc --ts-cfa sbe --bound 1000000".into(),
            ),
            (
                "ts-bmc-lbe",
                "--engine ts-bmc --ts-cfa lbe --bound 1000000".into(),
            ),
        ],
        "llumc-4" => vec![
            ("ic3-sbe", "--engine ic3 --ts-cfa sbe".into()),
            ("ic3-lbe", "--engine ic3 --ts-cfa lbe".into()),
            ("portfolio", String::new()),
        ],
        "llumc-5" => vec![
            ("ic3-lbe", "--engine ic3 --ts-cfa lbe".into()),
            ("bmc-10", "--engine bmc --bound 10".into()),
            ("bmc-100", "--engine bmc --bound 100".into()),
            ("bmc-1000", "--engine bmc --bound 1000".into()),
        ],
        _ => unreachable!("a ready table without runs"),
    };
    let mut results: Vec<(&str, BTreeMap<String, Record>)> = Vec::new();
    for (label, config) in &runs {
        let dir = out.join("runs").join(label);
        bench_run(args, &tasks.manifest.display().to_string(), config, &dir)?;
        let records = bench::read_records(&dir)?;
        results.push((
            label,
            records.into_iter().map(|r| (r.task.clone(), r)).collect(),
        ));
    }
    if results.len() >= 2 {
        bench::compare::run(&BenchCompareArgs {
            runs: results
                .iter()
                .map(|(l, _)| out.join("runs").join(l))
                .collect(),
            out: Some(out.clone()),
            stat: "cpu_time".into(),
            union: false,
        })?;
    }
    let published = read_published(&args.benchmarks, name)?;
    let md = match name {
        "llumc-2" => llumc_sizes(&tasks, &published)?,
        _ => llumc_runs(table, &tasks, &results, &published, args.timelimit),
    };
    write_table(&out, name, &md)
}

/// A manifest (absolute paths, in the output folder) of the corpus tasks whose name
/// matches `pattern`; with `--quick` the first two only.
pub(crate) fn corpus_manifest(args: &ReproduceArgs, pattern: &str, name: &str) -> Result<PathBuf> {
    let re = regex::Regex::new(pattern)?;
    let all = boulder::manifest::read(&args.benchmarks.join("manifest.csv"))?;
    let mut text = String::from("task,property,expected,data_model,category,source\n");
    let chosen = all
        .iter()
        .filter(|t| re.is_match(&t.name))
        .take(if args.quick { 2 } else { usize::MAX });
    for t in chosen {
        let expected = match t.expected {
            Some(true) => "true",
            Some(false) => "false",
            None => "",
        };
        writeln!(
            text,
            "{},{},{expected},{},{},{name}",
            std::fs::canonicalize(&t.file)?.display(),
            t.property.name(),
            t.model.name(),
            t.category
        )?;
    }
    let file = std::fs::canonicalize(&args.out)?.join(format!("{name}-manifest.csv"));
    std::fs::write(&file, text)?;
    Ok(file)
}

/// One `boulder bench` run of a table: every task of `input` with `config`, under the
/// reproduction's limits, validated, records in `dir`.
pub(crate) fn bench_run(args: &ReproduceArgs, input: &str, config: &str, dir: &Path) -> Result<()> {
    bench::run(&BenchRunArgs {
        inputs: vec![input.to_string()],
        config: config.to_string(),
        timelimit: args.timelimit,
        memlimit: args.memlimit,
        jobs: args.jobs,
        out: Some(dir.to_path_buf()),
        filter: None,
        tool: None,
        no_validate: false,
        // The tables compare verdicts and times with the sources; a correctness witness gets
        // less time here than in a corpus run, so that the tables stay within their budget
        // (the driver tasks' witnesses need minutes, see `bench --witness-timelimit`).
        witness_timelimit: 50,
        fail_on_wrong: false,
    })
}

fn write_table(out: &Path, name: &str, md: &str) -> Result<()> {
    let file = out.join(format!("{name}.md"));
    std::fs::write(&file, md)?;
    println!("{md}");
    eprintln!("written: {}", file.display());
    Ok(())
}

/// One task of the paper.
struct LlumcRow {
    paper: String,
    /// The task name in the bench records (its absolute path).
    task: String,
    expected: Option<bool>,
    /// `None`: not in the corpus.
    path: Option<PathBuf>,
    property: String,
}

/// The paper's tasks, as a manifest the bench reads (absolute paths).
struct LlumcTasks {
    manifest: PathBuf,
    rows: Vec<LlumcRow>,
    /// Data model per task path.
    models: BTreeMap<PathBuf, cfront::DataModel>,
}

/// With `quick`, the paper's first two tasks that are in the corpus only.
fn llumc_manifest(benchmarks: &Path, out: &Path, quick: bool) -> Result<LlumcTasks> {
    let list = benchmarks.join("llumc-tasks.csv");
    let text = std::fs::read_to_string(&list)
        .with_context(|| format!("cannot read {} (--benchmarks)", list.display()))?;
    let all = boulder::manifest::read(&benchmarks.join("manifest.csv"))?;
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
                });
            }
            _ => rows.push(LlumcRow {
                paper: paper.to_string(),
                task: task.to_string(),
                expected: exp,
                path: None,
                property: prop.to_string(),
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

/// Published values: `reproduce/TABLE.csv` in the repository (paper name, column, value).
pub(crate) fn read_published(
    _benchmarks: &Path,
    table: &str,
) -> Result<BTreeMap<(String, String), String>> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../reproduce")
        .join(format!("{table}.csv"));
    let mut out = BTreeMap::new();
    if !file.exists() {
        return Ok(out);
    }
    let text = std::fs::read_to_string(&file)?;
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(3, ',').map(str::trim).collect();
        if let [task, column, value] = f[..] {
            out.insert((task.to_string(), column.to_string()), value.to_string());
        }
    }
    Ok(out)
}

const SETUP_NOTE: &str = "Setup: the paper ran LLUMC (LLVM front end, DimSpec, Glucose-based incremental SAT and MinireachIC3) with a 600 s limit on 2018 hardware; here Boulder (own C front end, CaDiCaL) on this machine under `boulder bench` limits. Per-task published values are shown where `reproduce/<table>.csv` has them; \"—\" means not transcribed.";

fn llumc_sizes(
    tasks: &LlumcTasks,
    published: &BTreeMap<(String, String), String>,
) -> Result<String> {
    let mut md = String::from("# LLUMC Table 2: transition-system sizes\n\n");
    md.push_str(SETUP_NOTE);
    md.push_str("\n\n| task | encoding | state bits | input bits | AND gates | CNF vars | clauses T | published (vars/clauses) |\n|---|---|---:|---:|---:|---:|---:|---|\n");
    for LlumcRow {
        paper,
        path,
        property: prop,
        ..
    } in &tasks.rows
    {
        let Some(path) = path else {
            writeln!(md, "| {paper} | — | not in the corpus | | | | | |")?;
            continue;
        };
        for (enc, level) in [
            ("SBE-TS", cfa::LbeLevel::None),
            ("LBE-TS", cfa::LbeLevel::Full),
        ] {
            let pubv = published
                .get(&(paper.clone(), enc.to_string()))
                .cloned()
                .unwrap_or_else(|| "—".into());
            match ts_sizes(path, prop, tasks.models[path], level) {
                Ok(s) => writeln!(
                    md,
                    "| {paper} | {enc} | {} | {} | {} | {} | {} | {pubv} |",
                    s[0], s[1], s[2], s[3], s[4]
                )?,
                Err(e) => writeln!(md, "| {paper} | {enc} | {e} | | | | | {pubv} |")?,
            }
        }
    }
    Ok(md)
}

fn ts_sizes(
    path: &Path,
    prop: &str,
    model: cfront::DataModel,
    level: cfa::LbeLevel,
) -> Result<[usize; 5]> {
    let property = cfront::Property::from_name(prop).ok_or_else(|| anyhow!("property {prop}"))?;
    let program = crate::load::load_c(path, property, model, &Default::default())?;
    let cfa = cfa::reduce(&program.cfa, level).0;
    let sys = ts::build(&cfa, &ts::BuildOptions::default()).map_err(|e| anyhow!("{e}"))?;
    let (t, _) = ts::Transys::from_bits(&sys);
    let st = &sys.stats;
    Ok([
        st.state_bits,
        st.input_bits,
        st.ands,
        t.n as usize,
        t.trans.len(),
    ])
}

fn llumc_runs(
    table: &Table,
    tasks: &LlumcTasks,
    results: &[(&str, BTreeMap<String, Record>)],
    published: &BTreeMap<(String, String), String>,
    timelimit: f64,
) -> String {
    let mut md = format!(
        "# {}: {}\n\n{SETUP_NOTE} Time limit here: {timelimit} s.\n\n",
        table.source, table.what
    );
    md.push_str("| task | expected |");
    for (label, _) in results {
        write!(md, " {label} |").unwrap();
    }
    md.push_str(" published |\n|---|---|");
    for _ in results {
        md.push_str("---|");
    }
    md.push_str("---|\n");
    let mut solved = vec![0usize; results.len()];
    let mut wrong = vec![0usize; results.len()];
    for LlumcRow {
        paper,
        task,
        expected: exp,
        path,
        ..
    } in &tasks.rows
    {
        let exp_s = match exp {
            Some(true) => "TRUE",
            Some(false) => "FALSE",
            None => "?",
        };
        write!(md, "| {paper} | {exp_s} |").unwrap();
        for (i, (label, recs)) in results.iter().enumerate() {
            let cell = match (path, recs.get(task)) {
                (None, _) => "not in the corpus".to_string(),
                (_, None) => "—".to_string(),
                (_, Some(r)) => {
                    if r.status == "correct" {
                        solved[i] += 1;
                    }
                    if r.status == "wrong" {
                        wrong[i] += 1;
                    }
                    cell(label, r)
                }
            };
            write!(md, " {cell} |").unwrap();
        }
        let pubv = published
            .get(&(paper.clone(), "answer".to_string()))
            .cloned()
            .unwrap_or_else(|| "—".into());
        writeln!(md, " {pubv} |").unwrap();
    }
    write!(md, "| **solved (wrong)** | {} |", tasks.rows.len()).unwrap();
    for i in 0..results.len() {
        write!(md, " **{}** ({}) |", solved[i], wrong[i]).unwrap();
    }
    let total = published
        .get(&("all".to_string(), "solved".to_string()))
        .cloned()
        .unwrap_or_else(|| "—".into());
    writeln!(md, " {total} |").unwrap();
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
