//! `boulder reproduce`: every table that `--list` calls ready is produced on its smallest
//! instances (`--quick`, 10 s limit), so that the layer cannot rot: a Markdown table with
//! a row per program and the published column, no wrong verdict.

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
        "mertens-5.1",
        "mertens-5.2",
        "fmcad09-locks",
        "fmcad09-drivers",
        "llumc-4",
        "boehm-5.3",
    ] {
        assert!(tables.iter().any(|x| x == t), "{t} not ready: {tables:?}");
    }
    for table in &tables {
        let dir = tempfile::tempdir().unwrap();
        let o = boulder(&[
            "reproduce",
            table,
            "--quick",
            "--timelimit",
            "10",
            "--jobs",
            "2",
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
        assert!(
            // The published values: a column, or (Böhm §5.3) beside each count.
            md.contains("published") || md.contains("the thesis's count"),
            "{table}: no published values\n{md}"
        );
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
}
