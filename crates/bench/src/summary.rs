//! The summary of a run: counts, score and CPU time, per category and in total.

use crate::record::{score, Failure, Record};
use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Default, Clone, Debug, PartialEq)]
pub struct Counts {
    pub tasks: usize,
    pub correct_true: usize,
    pub correct_false: usize,
    pub wrong_true: usize,
    pub wrong_false: usize,
    pub unknown: usize,
    pub unscored: usize,
    pub score: i64,
    /// CPU seconds of correct results.
    pub cpu_correct: f64,
    /// UNKNOWN (and ERROR) by reason class; not the tasks the executor lost.
    pub unknown_by_reason: BTreeMap<String, usize>,
    /// The tasks the executor lost, by how.
    pub failures: BTreeMap<Failure, Vec<String>>,
    /// TRUE verdicts, and those whose certificate was checked valid.
    pub trues: usize,
    pub trues_certified: usize,
    /// FALSE verdicts, and those whose counterexample replayed.
    pub falses: usize,
    pub falses_replayed: usize,
    /// FALSE verdicts whose GraphML (YAML) violation witness `validate` confirmed.
    pub graphml_confirmed: usize,
    pub yaml_confirmed: usize,
    /// TRUE verdicts whose correctness witness claims invariants, and those whose YAML
    /// witness `validate` confirmed (the GraphML one states the same invariants).
    pub trues_with_invariants: usize,
    pub correctness_confirmed: usize,
    /// TRUE verdicts whose witness claims no invariant and `validate` confirmed anyway
    /// (it proved the program itself).
    pub plain_confirmed: usize,
}

impl Counts {
    pub fn add(&mut self, r: &Record) {
        self.tasks += 1;
        match (r.status.as_str(), r.verdict.as_str()) {
            ("correct", "TRUE") => self.correct_true += 1,
            ("correct", "FALSE") => self.correct_false += 1,
            ("wrong", "TRUE") => self.wrong_true += 1,
            ("wrong", "FALSE") => self.wrong_false += 1,
            ("unscored", _) => self.unscored += 1,
            _ => {
                self.unknown += 1;
                match r.failure {
                    Some(how) => self.failures.entry(how).or_default().push(r.task.clone()),
                    None => {
                        let class = r.reason_class.clone().unwrap_or_else(|| "other".into());
                        *self.unknown_by_reason.entry(class).or_default() += 1;
                    }
                }
            }
        }
        if r.status == "correct" {
            self.cpu_correct += r.cpu_time;
        }
        match r.verdict.as_str() {
            "TRUE" => {
                self.trues += 1;
                self.trues_certified += usize::from(r.certificate.as_deref() == Some("valid"));
                let w = r.witness.as_deref().unwrap_or("");
                self.trues_with_invariants +=
                    usize::from(!w.is_empty() && !w.contains("without invariants"));
                self.correctness_confirmed += usize::from(w.contains("yml confirmed"));
                self.plain_confirmed += usize::from(w.contains("without invariants: confirmed"));
            }
            "FALSE" => {
                self.falses += 1;
                self.falses_replayed += usize::from(
                    r.replay
                        .as_deref()
                        .is_some_and(|x| x.starts_with("reproduced")),
                );
                let w = r.witness.as_deref().unwrap_or("");
                self.graphml_confirmed += usize::from(w.contains("graphml confirmed"));
                self.yaml_confirmed += usize::from(w.contains("yml confirmed"));
            }
            _ => {}
        }
        self.score += score(r);
    }

    pub fn wrong(&self) -> usize {
        self.wrong_true + self.wrong_false
    }
}

/// Counts per category and the total.
pub fn summarize(records: &[Record]) -> (BTreeMap<String, Counts>, Counts) {
    let mut by_cat: BTreeMap<String, Counts> = BTreeMap::new();
    let mut total = Counts::default();
    for r in records {
        by_cat.entry(r.category.clone()).or_default().add(r);
        total.add(r);
    }
    (by_cat, total)
}

/// The summary table.
pub fn render(records: &[Record]) -> String {
    let (by_cat, total) = summarize(records);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<26} {:>5} {:>7} {:>8} {:>7} {:>8} {:>7} {:>6} {:>10}",
        "category",
        "tasks",
        "true ✓",
        "false ✓",
        "true ✗",
        "false ✗",
        "unknown",
        "score",
        "cpu ✓ (s)"
    );
    let row = |out: &mut String, name: &str, c: &Counts| {
        let _ = writeln!(
            out,
            "{:<26} {:>5} {:>7} {:>8} {:>7} {:>8} {:>7} {:>6} {:>10.1}",
            name,
            c.tasks,
            c.correct_true,
            c.correct_false,
            c.wrong_true,
            c.wrong_false,
            c.unknown,
            c.score,
            c.cpu_correct
        );
    };
    for (cat, c) in &by_cat {
        row(&mut out, cat, c);
    }
    row(&mut out, "total", &total);
    if !total.unknown_by_reason.is_empty() {
        let reasons: Vec<String> = total
            .unknown_by_reason
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(out, "\nUNKNOWN by reason: {}", reasons.join(", "));
    }
    if !total.failures.is_empty() {
        let lost: usize = total.failures.values().map(Vec::len).sum();
        let _ = writeln!(out, "\nno result, lost by the executor: {lost}");
        for (how, tasks) in &total.failures {
            let _ = writeln!(out, "  {how} ({}): {}", tasks.len(), tasks.join(", "));
        }
    }
    if total.unscored > 0 {
        let _ = writeln!(
            out,
            "{} tasks without an expected verdict (not scored)",
            total.unscored
        );
    }
    let _ = writeln!(
        out,
        "\nvalidation: {} of {} TRUE certified, {} of {} FALSE replayed; violation witnesses confirmed by `boulder validate`: GraphML {} of {}, YAML {} of {}",
        total.trues_certified,
        total.trues,
        total.falses_replayed,
        total.falses,
        total.graphml_confirmed,
        total.falses,
        total.yaml_confirmed,
        total.falses
    );
    let _ = writeln!(
        out,
        "correctness witnesses with invariants: {} of {} TRUE; confirmed by `boulder validate`: {}; without invariants, confirmed: {} of {}",
        total.trues_with_invariants,
        total.trues,
        total.correctness_confirmed,
        total.plain_confirmed,
        total.trues - total.trues_with_invariants
    );
    let _ = writeln!(
        out,
        "SV-COMP score {} (+2 correct TRUE, +1 correct FALSE, -32 wrong TRUE, -16 wrong FALSE); wrong verdicts: {}",
        total.score,
        total.wrong()
    );
    out
}
