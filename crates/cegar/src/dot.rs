//! The final ART as a Graphviz digraph (`--dot-art`): one node per live abstract state
//! with its location and region, tree edges labelled with the CFA edge's block (shortened),
//! dashed edges from covered states to the states that cover them.

use crate::art::Art;
use crate::precision::PredicateTable;
use crate::region;
use cfa::dot::{compact_label, escape};
use cfa::{Cfa, LocationKind};
use std::fmt::Write;

const MAX_LABEL: usize = 80;

fn shorten(s: String) -> String {
    if s.chars().count() <= MAX_LABEL {
        s
    } else {
        let cut: String = s.chars().take(MAX_LABEL - 1).collect();
        format!("{cut}…")
    }
}

pub fn art_to_dot(art: &Art, cfa: &Cfa, table: &PredicateTable) -> String {
    let terms = &*cfa.terms;
    let mut out = String::from("digraph art {\n");
    out.push_str("  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n");
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for n in art.live() {
        let node = art.node(n);
        let loc = cfa.location(node.loc);
        let label = format!(
            "{n} @ {}\n{}",
            loc.name,
            shorten(region::render(terms, table, &node.region))
        );
        let mut attrs = vec![format!("label=\"{}\"", escape(&label))];
        if node.covered_by.is_some() {
            attrs.push("style=dashed".into());
        }
        if loc.kind == LocationKind::Error {
            attrs.push("color=red".into());
        }
        let _ = writeln!(out, "  a{n} [{}];", attrs.join(", "));
    }
    for n in art.live() {
        let node = art.node(n);
        if let (Some(p), Some(e)) = (node.parent, node.edge) {
            let label = shorten(compact_label(terms, &cfa.stmts, cfa.edge(e).stmt));
            let _ = writeln!(out, "  a{p} -> a{n} [label=\"{}\"];", escape(&label));
        }
        if let Some(m) = node.covered_by {
            let _ = writeln!(
                out,
                "  a{n} -> a{m} [style=dashed, color=grey, constraint=false, label=\"covered\"];"
            );
        }
    }
    out.push_str("}\n");
    out
}
