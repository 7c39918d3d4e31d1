//! DimSpec: four DIMACS CNFs in one file — `i cnf n k` (initial states), `u cnf n k`
//! (universal: every step), `g cnf n k` (goal) and `t cnf 2n k` (transition, variable
//! `v + n` is `v` in the next step) — the format of IncPlan (Gocht, Balyo) that the LLUMC
//! paper writes programs in. Comments (`c …`) are allowed before any section.

use crate::cnf::{Clause, Transys};
use std::fmt::Write;

/// A syntax error with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}: {message}")]
pub struct DimspecError {
    pub line: usize,
    pub message: String,
}

pub fn write(ts: &Transys, comments: &[String]) -> String {
    let mut out = String::new();
    for c in comments {
        for line in c.lines() {
            let _ = writeln!(out, "c {line}");
        }
    }
    let section = |out: &mut String, tag: char, n: u32, clauses: &[Clause]| {
        let _ = writeln!(out, "{tag} cnf {n} {}", clauses.len());
        for c in clauses {
            for l in c {
                let _ = write!(out, "{l} ");
            }
            out.push_str("0\n");
        }
    };
    section(&mut out, 'i', ts.n, &ts.init);
    section(&mut out, 'u', ts.n, &ts.universal);
    section(&mut out, 'g', ts.n, &ts.goal);
    section(&mut out, 't', 2 * ts.n, &ts.trans);
    out
}

pub fn read(text: &str) -> Result<Transys, DimspecError> {
    let mut n: Option<u32> = None;
    let mut sections: [Option<Vec<Clause>>; 4] = [None, None, None, None];
    let mut current: Option<(usize, u32, usize)> = None; // (section, vars, declared clauses)
    let mut clause: Clause = Vec::new();
    let err = |line: usize, message: String| DimspecError { line, message };
    let finish = |sections: &mut [Option<Vec<Clause>>; 4],
                  cur: Option<(usize, u32, usize)>,
                  clause: &Clause,
                  line: usize|
     -> Result<(), DimspecError> {
        if let Some((s, _, declared)) = cur {
            if !clause.is_empty() {
                return Err(err(line, "a clause is not terminated by 0".into()));
            }
            let got = sections[s].as_ref().map_or(0, |c| c.len());
            if got != declared {
                return Err(err(
                    line,
                    format!(
                        "section `{}` declares {declared} clauses but has {got}",
                        ['i', 'u', 'g', 't'][s]
                    ),
                ));
            }
        }
        Ok(())
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('c') && !l.starts_with("cnf") {
            continue;
        }
        let mut words = l.split_whitespace();
        let first = words.next().expect("non-empty line");
        if let Some(s) = ["i", "u", "g", "t"].iter().position(|t| *t == first) {
            finish(&mut sections, current, &clause, line)?;
            if words.next() != Some("cnf") {
                return Err(err(
                    line,
                    format!("expected `{first} cnf <vars> <clauses>`"),
                ));
            }
            let vars: u32 = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| err(line, "expected the number of variables".into()))?;
            let count: usize = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| err(line, "expected the number of clauses".into()))?;
            let per_step = if s == 3 {
                if !vars.is_multiple_of(2) {
                    return Err(err(
                        line,
                        "`t cnf` needs an even number of variables (2n)".into(),
                    ));
                }
                vars / 2
            } else {
                vars
            };
            match n {
                None => n = Some(per_step),
                Some(m) if m != per_step => {
                    return Err(err(
                        line,
                        format!(
                            "section `{first}` has {per_step} variables per step, the others {m}"
                        ),
                    ))
                }
                _ => {}
            }
            if sections[s].is_some() {
                return Err(err(line, format!("section `{first}` appears twice")));
            }
            sections[s] = Some(Vec::with_capacity(count.min(1 << 20)));
            current = Some((s, vars, count));
            continue;
        }
        let Some((s, vars, _)) = current else {
            return Err(err(line, "a clause before the first section header".into()));
        };
        for w in l.split_whitespace() {
            let x: i64 = w
                .parse()
                .map_err(|_| err(line, format!("`{w}` is not a literal")))?;
            if x == 0 {
                sections[s]
                    .as_mut()
                    .expect("current section")
                    .push(std::mem::take(&mut clause));
            } else {
                if x.unsigned_abs() > vars as u64 {
                    return Err(err(
                        line,
                        format!("literal {x} beyond the {vars} variables"),
                    ));
                }
                clause.push(x as i32);
            }
        }
    }
    finish(&mut sections, current, &clause, text.lines().count())?;
    let [init, universal, goal, trans] = sections;
    let missing = |s: char| err(0, format!("section `{s} cnf` is missing"));
    let n = n.ok_or_else(|| missing('i'))?;
    let trans = trans.ok_or_else(|| missing('t'))?;
    let latches = Transys::latches_of(n, &trans);
    Ok(Transys {
        n,
        init: init.ok_or_else(|| missing('i'))?,
        universal: universal.ok_or_else(|| missing('u'))?,
        goal: goal.ok_or_else(|| missing('g'))?,
        trans,
        latches,
    })
}
