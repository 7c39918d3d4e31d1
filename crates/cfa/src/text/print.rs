use crate::graph::{Cfa, LocationId, LocationKind, VarKind};
use crate::program::Program;
use crate::stmt::{Call, Stmt, StmtId, StmtStore};
use logic::syntax::quote;
use logic::TermStore;
use std::fmt::Write;

/// Labels longer than this are printed over several indented lines.
const LINE_WIDTH: usize = 100;

/// A primitive statement without its origin: `assume c`, `x := e`, `havoc x`, `skip`.
pub fn primitive_text(terms: &TermStore, stmts: &StmtStore, s: StmtId) -> String {
    match stmts.get(s) {
        Stmt::Assume(c) => format!("assume {}", terms.print_infix(c, Some(logic::Sort::Bool))),
        Stmt::Assign(x, e) => format!(
            "{} := {}",
            terms.display(x),
            terms.print_infix(e, Some(terms.sort(x)))
        ),
        Stmt::Havoc(x) => format!("havoc {}", terms.display(x)),
        Stmt::Skip => "skip".to_string(),
        Stmt::Call(c) => call_text(terms, &c, ":="),
        Stmt::Seq(_) | Stmt::Choice(_) => unreachable!("not primitive"),
    }
}

/// `call f(p := e, …) returns (x := r, …)`, with `assign` between the two sides of each
/// pair (`=` in DOT's compact labels).
pub(crate) fn call_text(terms: &TermStore, c: &Call, assign: &str) -> String {
    let pairs = |list: &[(logic::Term, logic::Term)]| {
        list.iter()
            .map(|(x, e)| {
                format!(
                    "{} {assign} {}",
                    terms.display(*x),
                    terms.print_infix(*e, Some(terms.sort(*x)))
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = format!("call {}({})", c.callee, pairs(&c.args));
    if !c.results.is_empty() {
        let _ = write!(out, " returns ({})", pairs(&c.results));
    }
    out
}

fn primitive(terms: &TermStore, stmts: &StmtStore, s: StmtId) -> String {
    let mut out = primitive_text(terms, stmts, s);
    if let Some(o) = stmts.origin(s) {
        let _ = write!(out, " @{}:{} {}", o.line, o.col, quote(&o.text));
    }
    out
}

/// The parts of a statement read as a list: a sequence's parts, or the statement alone.
fn parts(stmts: &StmtStore, s: StmtId) -> Vec<StmtId> {
    stmts.parts(s)
}

fn write_list(
    out: &mut String,
    terms: &TermStore,
    stmts: &StmtStore,
    list: &[StmtId],
    indent: Option<usize>,
) {
    for (i, s) in list.iter().enumerate() {
        match indent {
            Some(n) => {
                if i > 0 {
                    out.push(';');
                }
                out.push('\n');
                out.push_str(&"  ".repeat(n));
            }
            None => {
                if i > 0 {
                    out.push_str("; ");
                }
            }
        }
        write_stmt(out, terms, stmts, *s, indent);
    }
}

fn write_block(
    out: &mut String,
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    indent: Option<usize>,
) {
    let list = parts(stmts, s);
    match indent {
        Some(n) => {
            out.push('{');
            write_list(out, terms, stmts, &list, Some(n + 1));
            out.push('\n');
            out.push_str(&"  ".repeat(n));
            out.push('}');
        }
        None => {
            out.push_str("{ ");
            write_list(out, terms, stmts, &list, None);
            out.push_str(" }");
        }
    }
}

fn write_stmt(
    out: &mut String,
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    indent: Option<usize>,
) {
    match stmts.get(s) {
        Stmt::Choice(_) => {
            out.push_str("choice ");
            for (i, b) in stmts.branches(s).into_iter().enumerate() {
                if i > 0 {
                    out.push_str(" or ");
                }
                write_block(out, terms, stmts, b, indent);
            }
        }
        Stmt::Seq(_) => write_block(out, terms, stmts, s, indent),
        _ => out.push_str(&primitive(terms, stmts, s)),
    }
}

/// A statement as an edge label `{ … }`, on one line when short, indented otherwise.
pub fn print_stmt(terms: &TermStore, stmts: &StmtStore, s: StmtId) -> String {
    let mut one = String::new();
    write_block(&mut one, terms, stmts, s, None);
    if one.len() <= LINE_WIDTH && !one.contains('\n') {
        return one;
    }
    let mut multi = String::new();
    write_block(&mut multi, terms, stmts, s, Some(0));
    multi
}

/// A procedural program in the textual format: the CFA with its `function` lines.
pub fn print_program(program: &Program) -> String {
    let cfa = &program.cfa;
    let mut out = String::new();
    print_vars(&mut out, cfa);
    print_locations(&mut out, cfa);
    for f in program.functions() {
        let locals: Vec<String> = f
            .locals
            .iter()
            .map(|v| cfa.terms.var_name(*v).to_string())
            .collect();
        let _ = write!(
            out,
            "function {} entry {} exit {}",
            f.name,
            label(cfa, f.entry),
            label(cfa, f.exit)
        );
        if !locals.is_empty() {
            let _ = write!(out, " locals ({})", locals.join(", "));
        }
        out.push('\n');
    }
    print_edges(&mut out, cfa);
    out
}

/// The CFA in the textual format.
pub fn print_cfa(cfa: &Cfa) -> String {
    let mut out = String::new();
    print_vars(&mut out, cfa);
    print_locations(&mut out, cfa);
    print_edges(&mut out, cfa);
    out
}

/// A location's name as the text names it: the front end's `error` and `exit` are
/// keywords there, so such a name gets the location's number (`error.1`).
fn label(cfa: &Cfa, l: LocationId) -> String {
    let name = &cfa.location(l).name;
    if super::LOC_ATTRS.contains(&name.as_str())
        || ["var", "loc", "function"].contains(&name.as_str())
    {
        format!("{name}.{}", l.0)
    } else {
        name.clone()
    }
}

fn print_vars(out: &mut String, cfa: &Cfa) {
    let terms = &cfa.terms;
    for d in cfa.vars() {
        let _ = write!(
            out,
            "var {}: {}",
            terms.var_name(d.var),
            terms.var_sort(d.var)
        );
        if let Some(n) = d.len {
            let _ = write!(out, " len {n}");
        }
        if let VarKind::Input { function } = &d.kind {
            let _ = write!(out, " input({function})");
        }
        out.push('\n');
    }
}

fn print_locations(out: &mut String, cfa: &Cfa) {
    for l in cfa.locations() {
        let loc = cfa.location(l);
        let _ = write!(out, "loc {}", label(cfa, l));
        match loc.kind {
            LocationKind::Plain => {}
            LocationKind::Init => out.push_str(" init"),
            LocationKind::Error => out.push_str(" error"),
            LocationKind::Exit => out.push_str(" exit"),
            LocationKind::Sink => out.push_str(" sink"),
        }
        for (flag, word) in [
            (loc.loop_head, " loophead"),
            (loc.function_entry, " fentry"),
            (loc.function_exit, " fexit"),
        ] {
            if flag {
                out.push_str(word);
            }
        }
        out.push('\n');
    }
}

fn print_edges(out: &mut String, cfa: &Cfa) {
    let terms = &cfa.terms;
    for e in cfa.edges() {
        let edge = cfa.edge(e);
        let _ = writeln!(
            out,
            "{} -> {} {}",
            label(cfa, edge.src),
            label(cfa, edge.dst),
            print_stmt(terms, &cfa.stmts, edge.stmt)
        );
    }
}
