//! Counterexamples as people read them, in the manner of CPAchecker's and ESBMC's
//! traces: one line per executed C statement or condition — its line, its C text, for a
//! branch the condition as written and whether it held (`[lk1 != 1]`, "condition
//! false"), for an assignment or input the value written under the variable's C name. Internal
//! temporaries and the CFA's SSA-free statement syntax stay out; `--cex --json` keeps the
//! statement-level form.

use crate::cex::{render_value, Counterexample};
use cfa::{Cfa, LocationKind, Stmt};
use std::fmt::Write as _;

struct Line {
    line: Option<u32>,
    col: Option<u32>,
    text: String,
    notes: Vec<String>,
}

pub fn render(cex: &Counterexample, cfa: &Cfa, replayed: Option<&str>) -> String {
    let terms = &*cfa.terms;
    let mut lines: Vec<Line> = Vec::new();
    // A trace of a C program: the statements without a place in it are the translation's
    // own (a heap object's liveness, a callee's result temporary), and the values worth
    // reading are those of C integers and inputs (not a pointer's base and offset).
    let is_c = cex
        .blocks
        .iter()
        .flat_map(|b| &b.steps)
        .any(|s| cfa.stmts.origin(s.stmt).is_some());
    for block in &cex.blocks {
        for step in &block.steps {
            let stmt = cfa.stmts.get(step.stmt);
            let origin = cfa.stmts.origin(step.stmt);
            if is_c && origin.is_none() {
                continue;
            }
            let (text, note) = match (&stmt, &origin) {
                (Stmt::Assume(_), Some(o)) => match o.branch {
                    Some(true) => (format!("[{}]", o.text), Some("condition true".to_string())),
                    // The condition as written and which way it went: `[!(i == 5)]
                    // condition false` would say it twice (a double negation).
                    Some(false) => (format!("[{}]", o.text), Some("condition false".to_string())),
                    None => (o.text.to_string(), None),
                },
                (Stmt::Assign(x, _) | Stmt::Havoc(x), o) => {
                    let var = terms.as_var(*x);
                    let decl = var.and_then(|v| cfa.var_decl(v));
                    // (An array's is its elements': a trace shows scalars only.)
                    let scalar = var.is_some_and(|v| terms.var_sort(v).bv_width().is_some());
                    let signed = decl.and_then(|d| d.signed).filter(|_| scalar);
                    // An input is a value the program reads; other havocs (a pointer
                    // parameter of `main`, an indeterminate result) are only values.
                    let input = decl.is_some_and(|d| matches!(d.kind, cfa::VarKind::Input { .. }));
                    let shown = !is_c || input || signed.is_some();
                    let name = var
                        .filter(|_| shown)
                        .and_then(|v| crate::names::trace_name(cfa, v));
                    let value = step.value.as_ref().map(|v| value_text(v, signed));
                    let note = match (&name, value, &stmt) {
                        (Some(n), Some(v), Stmt::Havoc(_)) if input => {
                            Some(format!("input: {n} = {v}"))
                        }
                        (None, Some(v), Stmt::Havoc(_)) if input => Some(format!("input: {v}")),
                        (Some(n), Some(v), _) => Some(format!("{n} = {v}")),
                        _ => None,
                    };
                    let text = match o {
                        Some(o) => o.text.to_string(),
                        None => cfa::text::primitive_text(terms, &cfa.stmts, step.stmt),
                    };
                    (text, note)
                }
                (_, Some(o)) => (o.text.to_string(), None),
                (_, None) => {
                    // Structural edges (joins, back edges) carry nothing to read.
                    if matches!(stmt, Stmt::Skip) {
                        continue;
                    }
                    (
                        cfa::text::primitive_text(terms, &cfa.stmts, step.stmt),
                        None,
                    )
                }
            };
            let (line, col) = (
                origin.as_ref().map(|o| o.line),
                origin.as_ref().map(|o| o.col),
            );
            match lines.last_mut() {
                // The statements of one C statement (or one condition) share a line.
                Some(l) if l.line == line && l.col == col && l.text == text && line.is_some() => {
                    l.notes.extend(note);
                }
                _ => lines.push(Line {
                    line,
                    col,
                    text,
                    notes: note.into_iter().collect(),
                }),
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Counterexample: {} C steps ({} statements; --cex-out or --json for all of them)",
        lines.len(),
        cex.len()
    );
    let width = lines
        .iter()
        .map(|l| l.text.chars().count())
        .max()
        .unwrap_or(0)
        .min(48);
    for l in &mut lines {
        merge_inputs(&mut l.notes);
        last_value_only(&mut l.notes);
    }
    for l in &lines {
        let at = match l.line {
            Some(n) => format!("line {n:>4}"),
            None => "         ".to_string(),
        };
        let notes = l.notes.join(", ");
        let _ = writeln!(out, "  {at}  {:<width$}  {notes}", l.text);
    }
    if let Some(e) = cex.path.last() {
        let end = cfa.edge(*e).dst;
        let what = match cfa.location(end).kind {
            LocationKind::Error => "the error location is reached",
            _ => "the trace ends here",
        };
        match replayed {
            Some(how) => {
                let _ = writeln!(out, "  {what}; the replay: {how}");
            }
            None => {
                let _ = writeln!(out, "  {what}");
            }
        }
    }
    out
}

/// A value as the variable's C type reads it (`-7` for an `int`, `4294967289` for an
/// `unsigned`); both where the type is not known.
fn value_text(v: &logic::Value, signed: Option<bool>) -> String {
    match (v, signed) {
        (logic::Value::Bv(x, w), Some(true)) => logic::value::to_signed(*x, *w).to_string(),
        (logic::Value::Bv(x, _), Some(false)) => x.to_string(),
        _ => render_value(v),
    }
}

/// One C statement may write a variable more than once (`struct pt a = {0, 0}` clears the
/// struct, then sets its members): each variable once, with its last value, where it
/// first appeared.
fn last_value_only(notes: &mut Vec<String>) {
    let key = |n: &str| n.split(" = ").next().unwrap_or(n).to_string();
    let mut out: Vec<String> = Vec::with_capacity(notes.len());
    for n in notes.drain(..) {
        match out
            .iter_mut()
            .find(|o| n.contains(" = ") && key(o) == key(&n))
        {
            Some(o) => *o = n,
            None => out.push(n),
        }
    }
    *notes = out;
}

/// `input: 1` followed by `p1 = 1` (a nondet call's value stored in a variable) reads
/// better as `input: p1 = 1`.
fn merge_inputs(notes: &mut Vec<String>) {
    let mut out: Vec<String> = Vec::with_capacity(notes.len());
    for n in notes.drain(..) {
        if let Some(prev) = out.last() {
            if let Some(v) = prev.strip_prefix("input: ") {
                if !v.contains(" = ") && n.ends_with(&format!(" = {v}")) {
                    let merged = format!("input: {n}");
                    out.pop();
                    out.push(merged);
                    continue;
                }
            }
        }
        out.push(n);
    }
    *notes = out;
}
