//! `boulder reproduce`: every table that `--list` calls ready is produced on its smallest
//! instances (`--quick`, 10 s limit), so that the layer cannot rot: a Markdown table with
//! a row per program and the published column, no wrong verdict.

#[path = "../../cfront/tests/par/mod.rs"]
mod par;
mod support;

use support::boulder;

fn ready_tables() -> Vec<String> {
    let o = boulder(&["reproduce", "--list"]);
    assert!(o.status.success());
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let (name, status) = (f.next()?, f.next()?);
            (status == "ready").then(|| name.to_string())
        })
        .collect()
}

#[test]
fn every_ready_table_is_produced_on_a_tiny_instance() {
    let tables = ready_tables();
    for t in [
        "llumc-1",
        "llumc-2",
        "llumc-3",
        "llumc-5",
        "boehm-5.1",
        "mertens-5.1",
        "mertens-5.2",
        "fmcad09-locks",
        "fmcad09-drivers",
        "llumc-4",
        "boehm-5.3",
    ] {
        assert!(tables.iter().any(|x| x == t), "{t} not ready: {tables:?}");
    }
    // Two tables at a time, each with one job: the same work as one table with two jobs,
    // without the idle ends of each table's run (`par::map`, as cfront's tests use it).
    par::map(tables.len(), |i| check_table(&tables[i]));
}

/// `reproduce TABLE --quick` writes the table with its rows, a value the source
/// publishes, a summary and no wrong verdict.
fn check_table(table: &str) {
    let dir = tempfile::tempdir().unwrap();
    let o = boulder(&[
        "reproduce",
        table,
        "--quick",
        "--timelimit",
        "10",
        "--jobs",
        "1",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        o.status.success(),
        "{table}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let md = std::fs::read_to_string(dir.path().join(format!("{table}.md")))
        .unwrap_or_else(|e| panic!("{table}: no table written: {e}"));
    let rows = md.lines().filter(|l| l.starts_with("| ")).count();
    // A header and at least two rows (two programs, or a program and a total).
    assert!(rows >= 3, "{table}: {rows} rows\n{md}");
    // A value the source publishes for a row the quick run shows (or lists as not run).
    let published = match table {
        "llumc-1" => "IncPlan (abcdSAT): sat 3.95 s, 130 MB, 27 iterations",
        "llumc-2" => "| 48 | 37 | 34 | 1036 | | | | 35788 |",
        "llumc-3" => "IncPlan (PicoSat): sat 4.02 s, 69.5 MB, 27 iterations",
        "llumc-4" => "MinireachIC3: timeout 600 s, 241.2 MB, / phases",
        "llumc-5" => "LLBMC bound 1000: sat 1.194 s",
        "mertens-5.1" => "| test_locks_05.bc | | | | | 2489 / 3 / 3 |",
        "mertens-5.2" => "3.10 / 0.27 / 3.27 / 3.37 / -3%",
        "fmcad09-locks" => "CPAchecker-SBE 4.01 · CPAchecker-LBE 0.29",
        "fmcad09-drivers" => "CPAchecker-SBE 74.39 · CPAchecker-LBE 9.85",
        "boehm-5.3" => "(18)",
        "boehm-5.1" => "(1611)",
        other => panic!("{other}: a ready table this test does not know"),
    };
    assert!(
        md.contains(published),
        "{table}: the published `{published}` is not printed\n{md}"
    );
    assert!(md.contains("Summary"), "{table}: no summary\n{md}");
    // A wrong verdict's cell says `TRUE (wrong)`/`FALSE (wrong)`; a count, `(N wrong)`.
    let wrong_cell = md.contains("TRUE (wrong)") || md.contains("FALSE (wrong)");
    let wrong_count = md.split(" wrong)").any(|before| {
        before
            .rsplit('(')
            .next()
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n > 0)
    });
    assert!(
        !wrong_cell && !wrong_count,
        "{table}: a wrong verdict\n{md}"
    );
}
