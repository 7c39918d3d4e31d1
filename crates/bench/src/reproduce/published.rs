//! The sources' published values (`reproduce/TABLE.csv`, transcribed from
//! `../shared/sources/`) and how a row of Boulder's is compared with them: solved or not
//! on both sides, and the time ratio where both solved.

use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The transcriptions (`reproduce/*.csv` in the repository), built into the binary so that
/// an installed `boulder` has them too.
const FILES: [(&str, &str); 11] = [
    ("llumc-1", include_str!("../../../../reproduce/llumc-1.csv")),
    ("llumc-2", include_str!("../../../../reproduce/llumc-2.csv")),
    ("llumc-3", include_str!("../../../../reproduce/llumc-3.csv")),
    ("llumc-4", include_str!("../../../../reproduce/llumc-4.csv")),
    ("llumc-5", include_str!("../../../../reproduce/llumc-5.csv")),
    (
        "mertens-5.1",
        include_str!("../../../../reproduce/mertens-5.1.csv"),
    ),
    (
        "mertens-5.2",
        include_str!("../../../../reproduce/mertens-5.2.csv"),
    ),
    (
        "fmcad09-locks",
        include_str!("../../../../reproduce/fmcad09-locks.csv"),
    ),
    (
        "fmcad09-drivers",
        include_str!("../../../../reproduce/fmcad09-drivers.csv"),
    ),
    (
        "boehm-5.3",
        include_str!("../../../../reproduce/boehm-5.3.csv"),
    ),
    (
        "boehm-5.1",
        include_str!("../../../../reproduce/boehm-5.1.csv"),
    ),
];

/// The published values of one table: (task, column) → value, and the tasks in the
/// source's order.
#[derive(Default)]
pub(crate) struct Published {
    cells: BTreeMap<(String, String), String>,
    tasks: Vec<String>,
}

impl Published {
    /// `reproduce/TABLE.csv` (`task,column,value`, `#` comments; values hold no comma).
    pub fn read(table: &str) -> Result<Self> {
        let (_, text) = FILES
            .iter()
            .find(|(name, _)| *name == table)
            .with_context(|| format!("no published values for `{table}`"))?;
        Self::parse(text).with_context(|| format!("in reproduce/{table}.csv"))
    }

    pub fn parse(text: &str) -> Result<Self> {
        let mut p = Published::default();
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.splitn(3, ',').map(str::trim).collect();
            let [task, column, value] = f[..] else {
                bail!("line {}: not `task,column,value`: {line}", i + 1);
            };
            if !p.tasks.iter().any(|t| t == task) {
                p.tasks.push(task.to_string());
            }
            let key = (task.to_string(), column.to_string());
            if p.cells.insert(key, value.to_string()).is_some() {
                bail!("line {}: a second value of {task}, {column}", i + 1);
            }
        }
        Ok(p)
    }

    pub fn get(&self, task: &str, column: &str) -> Option<&str> {
        self.cells
            .get(&(task.to_string(), column.to_string()))
            .map(String::as_str)
    }

    /// The value, or "—" where the source has none.
    pub fn cell(&self, task: &str, column: &str) -> String {
        self.get(task, column).unwrap_or("—").to_string()
    }

    /// The tasks (rows) in the source's order.
    pub fn tasks(&self) -> &[String] {
        &self.tasks
    }
}

/// A published time in seconds, when it is one: `≤0.01` is 0.01; a timeout (`>1800.00`,
/// `TO`), `MO`, `/` and empty cells are not times.
pub(crate) fn time(v: &str) -> Option<f64> {
    v.trim_start_matches('≤').parse().ok()
}

/// Whether a published answer solves a task whose expected verdict is `expected` (true: the
/// property holds): `sat` for a bug, `unsat` or LLBMC's `no error` (the bound sufficed) for
/// a proof. `None` where the answer is not one of the sources' words.
pub(crate) fn answer_solves(answer: &str, expected: Option<bool>) -> Option<bool> {
    let found_bug = match answer {
        "sat" => true,
        "unsat" | "no error" => false,
        "TO" | "timeout" | "SEG" | "i.b." | "MO" => return Some(false),
        _ => return None,
    };
    expected.map(|holds| holds != found_bug)
}

/// The comparison of one Boulder configuration with one published column over a table's
/// rows.
#[derive(Default)]
pub(crate) struct Comparison {
    pub both: usize,
    pub ours_only: usize,
    pub theirs_only: usize,
    pub neither: usize,
    /// Rows that cannot be compared (not public, not run).
    pub incomparable: usize,
    /// Boulder's time / the published time, where both solved and both times are known.
    pub ratios: Vec<f64>,
}

impl Comparison {
    /// Adds a row and returns its cell: `both 0.3×`, `Boulder only`, `paper only`, `neither`.
    pub fn row(
        &mut self,
        ours: Option<(bool, f64)>,
        theirs: Option<(bool, Option<f64>)>,
    ) -> String {
        match (ours, theirs) {
            (Some((true, t)), Some((true, p))) => {
                self.both += 1;
                match p.filter(|p| *p > 0.0) {
                    Some(p) => {
                        self.ratios.push(t / p);
                        format!("both, {}", ratio(t / p))
                    }
                    None => "both".into(),
                }
            }
            (Some((true, _)), Some((false, _))) => {
                self.ours_only += 1;
                "Boulder only".into()
            }
            (Some((false, _)), Some((true, _))) => {
                self.theirs_only += 1;
                "source only".into()
            }
            (Some((false, _)), Some((false, _))) => {
                self.neither += 1;
                "neither".into()
            }
            _ => {
                self.incomparable += 1;
                "—".into()
            }
        }
    }

    /// One line: the counts and the median time ratio.
    pub fn summary(&self, ours: &str, theirs: &str) -> String {
        let mut s = format!(
            "{ours} vs {theirs}: both solved {}, Boulder only {}, {theirs} only {}, neither {}",
            self.both, self.ours_only, self.theirs_only, self.neither
        );
        if self.incomparable > 0 {
            let _ = write!(s, ", not comparable {}", self.incomparable);
        }
        if let Some(m) = median(&self.ratios) {
            let _ = write!(
                s,
                "; median time ratio (Boulder / {theirs}) {} over {} rows",
                ratio(m),
                self.ratios.len()
            );
        }
        s
    }
}

/// `0.31×`, `12×`: two significant digits.
pub(crate) fn ratio(x: f64) -> String {
    if x >= 10.0 {
        format!("{x:.0}×")
    } else if x >= 1.0 {
        format!("{x:.1}×")
    } else {
        format!("{x:.2}×")
    }
}

fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_transcription_parses() {
        for (name, _) in FILES {
            let p = Published::read(name).unwrap();
            assert!(!p.tasks().is_empty(), "{name}");
        }
    }

    #[test]
    fn parse_keeps_order_and_rejects_duplicates() {
        let p = Published::parse("# c\nb,x,1\na,x,2\nb,y,≤0.01\n").unwrap();
        assert_eq!(p.tasks(), ["b", "a"]);
        assert_eq!(p.get("b", "y"), Some("≤0.01"));
        assert_eq!(time(p.get("b", "y").unwrap()), Some(0.01));
        assert!(Published::parse("a,x,1\na,x,2\n").is_err());
        assert!(Published::parse("a,x\n").is_err());
    }

    #[test]
    fn answers_solve_by_the_expected_verdict() {
        assert_eq!(answer_solves("sat", Some(false)), Some(true));
        assert_eq!(answer_solves("sat", Some(true)), Some(false));
        assert_eq!(answer_solves("unsat", Some(true)), Some(true));
        assert_eq!(answer_solves("no error", Some(true)), Some(true));
        assert_eq!(answer_solves("i.b.", Some(true)), Some(false));
        assert_eq!(answer_solves("timeout", Some(false)), Some(false));
        assert_eq!(answer_solves("banana", Some(false)), None);
    }

    #[test]
    fn comparison_counts_rows_and_ratios() {
        let mut c = Comparison::default();
        assert_eq!(
            c.row(Some((true, 1.0)), Some((true, Some(4.0)))),
            "both, 0.25×"
        );
        assert_eq!(
            c.row(Some((true, 1.0)), Some((false, None))),
            "Boulder only"
        );
        assert_eq!(
            c.row(Some((false, 1.0)), Some((true, Some(1.0)))),
            "source only"
        );
        assert_eq!(c.row(None, Some((true, Some(1.0)))), "—");
        let s = c.summary("ic3", "MinireachIC3");
        assert!(
            s.contains("both solved 1, Boulder only 1, MinireachIC3 only 1"),
            "{s}"
        );
        assert!(s.contains("not comparable 1") && s.contains("0.25×"), "{s}");
    }
}
