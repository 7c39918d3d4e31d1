//! DOT export of any CFA, single-block or large-block, and the compact label notation of
//! the FMCAD'09 LBE slides: `([i >s 0]); (([x == 1]; z = 0) || (![x == 1]; z = 1)); (i = i - 1)`.

use crate::graph::{Cfa, LocationKind};
use crate::program::Program;
use crate::stmt::{Stmt, StmtId, StmtStore};
use logic::{Op, Sort, TermStore};
use std::fmt::Write;

fn compact_primitive(terms: &TermStore, stmts: &StmtStore, s: StmtId) -> String {
    match stmts.get(s) {
        Stmt::Assume(c) if terms.op(c) == Op::Not => {
            format!(
                "![{}]",
                terms.print_infix(terms.arg(c, 0), Some(Sort::Bool))
            )
        }
        Stmt::Assume(c) => format!("[{}]", terms.print_infix(c, Some(Sort::Bool))),
        Stmt::Assign(x, e) => format!(
            "{} = {}",
            terms.display(x),
            terms.print_infix(e, Some(terms.sort(x)))
        ),
        Stmt::Havoc(x) => format!("{} = *", terms.display(x)),
        Stmt::Skip => "skip".into(),
        Stmt::Call(c) => crate::text::call_text(terms, &c, "="),
        _ => unreachable!("primitive"),
    }
}

fn compact_inner(terms: &TermStore, stmts: &StmtStore, s: StmtId) -> String {
    match stmts.get(s) {
        Stmt::Seq(_) => stmts
            .parts(s)
            .into_iter()
            .map(|x| {
                let inner = compact_inner(terms, stmts, x);
                if matches!(stmts.get(x), Stmt::Choice(_)) {
                    format!("({inner})")
                } else {
                    inner
                }
            })
            .collect::<Vec<_>>()
            .join("; "),
        Stmt::Choice(_) => stmts
            .branches(s)
            .into_iter()
            .map(|x| format!("({})", compact_inner(terms, stmts, x)))
            .collect::<Vec<_>>()
            .join(" || "),
        _ => compact_primitive(terms, stmts, s),
    }
}

/// The label in the slides' notation: the parts of a top-level sequence in parentheses,
/// branches of a choice in parentheses joined by `||`, `[c]` for `assume c`.
pub fn compact_label(terms: &TermStore, stmts: &StmtStore, s: StmtId) -> String {
    match stmts.get(s) {
        Stmt::Seq(_) => stmts
            .parts(s)
            .into_iter()
            .map(|x| format!("({})", compact_inner(terms, stmts, x)))
            .collect::<Vec<_>>()
            .join("; "),
        _ => compact_inner(terms, stmts, s),
    }
}

/// Escapes a string for a double-quoted DOT attribute.
pub fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The CFA as a Graphviz digraph: init bold with an entry arrow, error locations red,
/// exit locations double circles, sinks boxes, loop heads shaded.
pub fn to_dot(cfa: &Cfa, name: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "digraph \"{}\" {{", escape(name));
    out.push_str("  node [shape=circle, fontname=\"Helvetica\", fontsize=11];\n");
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for l in cfa.locations() {
        write_location(&mut out, cfa, l, "  ");
    }
    write_edges(&mut out, cfa);
    out
}

/// A procedural program as a Graphviz digraph: each function a cluster named after it
/// (its entry marked by an arrow from its name), call edges dashed, the top level and the
/// shared error and sink locations outside every cluster.
pub fn program_to_dot(program: &Program, name: &str) -> String {
    let cfa = &program.cfa;
    let mut out = String::new();
    let _ = writeln!(out, "digraph \"{}\" {{", escape(name));
    out.push_str("  node [shape=circle, fontname=\"Helvetica\", fontsize=11];\n");
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for l in cfa.locations().filter(|l| program.owner(*l).is_none()) {
        write_location(&mut out, cfa, l, "  ");
    }
    for (i, f) in program.functions().iter().enumerate() {
        let _ = writeln!(out, "  subgraph cluster_f{i} {{");
        let _ = writeln!(out, "    label=\"{}\";", escape(&f.name));
        let _ = writeln!(
            out,
            "    f{i} [shape=plaintext, label=\"{}\"];",
            escape(&f.name)
        );
        for l in cfa
            .locations()
            .filter(|l| program.owner(*l) == Some(crate::FnId(i as u32)))
        {
            write_location(&mut out, cfa, l, "    ");
        }
        out.push_str("  }\n");
        let _ = writeln!(out, "  f{i} -> n{};", f.entry.0);
    }
    write_edges(&mut out, cfa);
    out
}

fn write_location(out: &mut String, cfa: &Cfa, l: crate::LocationId, indent: &str) {
    let loc = cfa.location(l);
    let mut attrs = vec![format!("label=\"{}\"", escape(&loc.name))];
    match loc.kind {
        LocationKind::Init => attrs.push("style=bold".into()),
        LocationKind::Error => {
            attrs.push("shape=doublecircle".into());
            attrs.push("color=red".into());
            attrs.push("fontcolor=red".into());
        }
        LocationKind::Exit => attrs.push("shape=doublecircle".into()),
        LocationKind::Sink => attrs.push("shape=box".into()),
        LocationKind::Plain => {}
    }
    if loc.loop_head {
        attrs.push("style=filled".into());
        attrs.push("fillcolor=lightgrey".into());
    }
    let _ = writeln!(out, "{indent}n{} [{}];", l.0, attrs.join(", "));
}

fn write_edges(out: &mut String, cfa: &Cfa) {
    if cfa.has_init() {
        out.push_str("  start [shape=point];\n");
        let _ = writeln!(out, "  start -> n{};", cfa.init().0);
    }
    for e in cfa.edges() {
        let edge = cfa.edge(e);
        let label = compact_label(&cfa.terms, &cfa.stmts, edge.stmt);
        let style = match cfa.stmts.get(edge.stmt) {
            Stmt::Call(_) => ", style=dashed",
            _ => "",
        };
        let _ = writeln!(
            out,
            "  n{} -> n{} [label=\"{}\"{style}];",
            edge.src.0,
            edge.dst.0,
            escape(&label)
        );
    }
    out.push_str("}\n");
}
