//! Correctness witnesses: invariants as C expressions, in YAML 2.0 (`invariant_set`
//! with `loop_invariant` entries at the loop's keyword and `location_invariant` entries at
//! a statement's first character; 2.1 adds the function contracts of `crate::contract`)
//! and GraphML 1.0
//! (`correctness_witness`: from the entry node, an edge per loop with its `startline` and
//! `enterLoopHead` into a node carrying the `invariant`), written from an engine's checked
//! invariant and read back for `boulder validate`.
//!
//! Only true invariants are written: a formula of the certificate is printed whole, or,
//! where C cannot say all of it, weakened to what it can (in negation normal form, each
//! atom C cannot say at the loop becomes `true`; the result is implied by the formula, so
//! still invariant). Where that leaves nothing, the loop has no entry — the witness is
//! then weaker, never wrong.

mod file;

pub use file::{graphml, read, yaml, CorrectnessClaim};

use crate::c_expr::{guard_array_reads, to_c, weaken_to};
use crate::names;
use cfa::{Cfa, LocationId};
use ctext::Text;
use logic::{Term, VarId};
use serde::{Deserialize, Serialize};

/// Where a witness's invariant is claimed to hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InvariantKind {
    /// At a loop's head, before its condition is evaluated (`loop_invariant`, at the
    /// column of the loop's keyword).
    #[default]
    Loop,
    /// Before the statement that starts at the line and column (`location_invariant`).
    Location,
}

/// An invariant of a witness, as C: it holds whenever control reaches its place in the
/// program text. (Serialised as the JSON report carries it.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceInvariant {
    #[serde(default)]
    pub kind: InvariantKind,
    pub line: u32,
    /// Column (1-based): of the loop's keyword (`while`, `for`), or where the statement
    /// starts.
    pub column: u32,
    pub function: Option<String>,
    /// A C expression over the program's variables in scope there.
    pub value: String,
}

/// Where a loop head's condition is written: its origin (line, column, text). Only loops
/// whose head evaluates a written condition (while, for with a condition) have one. The
/// branch may come a few edges after the head when evaluating the condition takes steps
/// of its own (`while (__VERIFIER_nondet_int())`: a havoc, then the branch); those steps
/// must all come from the condition's own text, so a branch inside the loop's body is
/// never taken for the loop's condition.
pub fn loop_condition(sbe: &Cfa, head: LocationId) -> Option<(u32, u32, String)> {
    let (steps, branch) = condition_walk(sbe, head)?;
    let o = branch_origin(sbe, branch)?;
    let own = steps.iter().all(|e| {
        origin(sbe, *e).is_some_and(|s| (s.line, s.col, &s.text) == (o.line, o.col, &o.text))
    });
    own.then(|| (o.line, o.col, o.text.to_string()))
}

/// Where an edge's statement was written (its first primitive statement's origin).
fn origin(sbe: &Cfa, e: cfa::EdgeId) -> Option<cfa::Origin> {
    let leaf = *sbe.stmts.leaves(sbe.edge(e).stmt).first()?;
    sbe.stmts.origin(leaf)
}

/// The origin of a branch the user wrote among the edges leaving `at`.
fn branch_origin(sbe: &Cfa, at: LocationId) -> Option<cfa::Origin> {
    sbe.out_edges(at)
        .iter()
        .filter_map(|e| origin(sbe, *e))
        .find(|o| o.branch.is_some())
}

/// The edges from a loop head up to the location of its first written branch, and that
/// location: the steps evaluating the condition takes before it branches.
fn condition_walk(sbe: &Cfa, head: LocationId) -> Option<(Vec<cfa::EdgeId>, LocationId)> {
    let mut at = head;
    let mut steps = Vec::new();
    for _ in 0..16 {
        if branch_origin(sbe, at).is_some() {
            return Some((steps, at));
        }
        // A check the condition makes on its way (an index within its array) leaves to
        // an error location; the evaluation goes on along the other edge.
        let on: Vec<&cfa::EdgeId> = sbe
            .out_edges(at)
            .iter()
            .filter(|e| !sbe.is_error(sbe.edge(**e).dst))
            .collect();
        let [e] = on[..] else { return None };
        steps.push(*e);
        at = sbe.edge(*e).dst;
        if at == head {
            return None;
        }
    }
    None
}

/// The scope (`f`, or `f.2` for a later inlined instance) of the locals `formula` mentions:
/// `Some(None)` when it mentions globals only, `None` when it mentions locals of two scopes
/// or a variable of the front end's own that C could not name.
fn scope_of(sbe: &Cfa, formula: Term) -> Option<Option<String>> {
    let terms = &*sbe.terms;
    let mut scope: Option<String> = None;
    for v in terms.free_vars(formula) {
        let c = names::c_name(sbe, v)?;
        c.witness_lvalue()?;
        if let Some(s) = &c.scope {
            match &scope {
                Some(t) if t != s => return None,
                _ => scope = Some(s.clone()),
            }
        }
    }
    Some(scope)
}

/// The scopes (`f`, `f.2`, …) of `function`'s locals that the statements of `edges` mention.
fn local_scopes(
    sbe: &Cfa,
    edges: impl Iterator<Item = cfa::EdgeId>,
    function: &str,
) -> std::collections::BTreeSet<String> {
    let terms = &*sbe.terms;
    let mut scopes = std::collections::BTreeSet::new();
    for e in edges {
        for leaf in sbe.stmts.leaves(sbe.edge(e).stmt) {
            let vars = match sbe.stmts.get(leaf) {
                cfa::Stmt::Assume(t) | cfa::Stmt::Havoc(t) => terms.free_vars(t),
                cfa::Stmt::Assign(x, v) => {
                    let mut vs = terms.free_vars(v);
                    vs.extend(terms.free_vars(x));
                    vs
                }
                _ => Default::default(),
            };
            for v in vars {
                let Some(c) = names::c_name(sbe, v) else {
                    continue;
                };
                if let (Some(s), Some(_)) = (&c.scope, c.witness_lvalue()) {
                    if s.split('.').next() == Some(function) {
                        scopes.insert(s.clone());
                    }
                }
            }
        }
    }
    scopes
}

/// Which inlined instance of `function` (`f`, or `f.2`, …) the loop head `head` belongs to:
/// the instance whose locals the loop's condition mentions, else the only one its body
/// mentions; `None` when neither says. A head's formula may also speak of another
/// instance's locals (still live in the inlined program), which C names alike at the loop:
/// those parts must not be printed.
fn head_instance(sbe: &Cfa, head: LocationId, function: &str) -> Option<String> {
    if let Some((steps, branch)) = condition_walk(sbe, head) {
        let condition = steps
            .into_iter()
            .chain(sbe.out_edges(branch).iter().copied());
        if let Some(s) = only(local_scopes(sbe, condition, function)) {
            return Some(s);
        }
    }
    // The body: locations reachable from the head that reach it again.
    let reach = |next: &dyn Fn(LocationId) -> Vec<LocationId>| {
        let mut seen = vec![false; sbe.location_capacity()];
        let mut stack = next(head);
        while let Some(l) = stack.pop() {
            if l != head && !std::mem::replace(&mut seen[l.index()], true) {
                stack.extend(next(l));
            }
        }
        seen
    };
    let fwd = reach(&|l| sbe.out_edges(l).iter().map(|e| sbe.edge(*e).dst).collect());
    let bwd = reach(&|l| sbe.in_edges(l).iter().map(|e| sbe.edge(*e).src).collect());
    let inside = |l: LocationId| l == head || (fwd[l.index()] && bwd[l.index()]);
    let body = sbe
        .locations()
        .filter(|l| inside(*l))
        .flat_map(|l| sbe.out_edges(l).iter().copied())
        .filter(|e| inside(sbe.edge(*e).dst));
    only(local_scopes(sbe, body, function))
}

/// The one scope of a set, if it has exactly one.
fn only(scopes: std::collections::BTreeSet<String>) -> Option<String> {
    (scopes.len() == 1)
        .then(|| scopes.into_iter().next())
        .flatten()
}

/// The loop invariants of a checked invariant (`formulas`, per location of the
/// single-block CFA `sbe`), for the loops of the program `text`.
fn loop_invariants(
    sbe: &Cfa,
    formulas: &[Option<Term>],
    text: &Text,
    declared: &Declared,
) -> Vec<SourceInvariant> {
    // Per loop of the text: what each of its heads claims (`None`: nothing). A function
    // inlined twice has a head per instance, each with its own formula; the loop's entry
    // must hold at every instance, so it is their disjunction, and an instance that claims
    // nothing leaves the loop without an entry.
    let mut claims: Claims = Default::default();
    for head in sbe.locations().filter(|l| sbe.location(*l).loop_head) {
        let Some((line, col, _)) = loop_condition(sbe, head) else {
            continue;
        };
        let Some(column) = text.loop_keyword_column(line, col) else {
            continue;
        };
        let enclosing = text.enclosing_function(line).map(str::to_string);
        let claim = claim(sbe, formulas, declared, head, || {
            enclosing
                .as_deref()
                .and_then(|f| head_instance(sbe, head, f))
        });
        let entry = claims
            .entry((line, column))
            .or_insert((enclosing, Vec::new()));
        entry.1.push(claim);
    }
    merge(claims, InvariantKind::Loop)
}

/// One entry per place of the text from what each CFA location there claims (`None`:
/// nothing): their disjunction, or no entry if one of them claims nothing.
type Claims = std::collections::BTreeMap<(u32, u32), (Option<String>, Vec<Option<String>>)>;

fn merge(claims: Claims, kind: InvariantKind) -> Vec<SourceInvariant> {
    let mut out = Vec::new();
    for ((line, column), (function, per_location)) in claims {
        let Some(values) = per_location.into_iter().collect::<Option<Vec<String>>>() else {
            continue;
        };
        let mut values: Vec<String> = values.into_iter().filter(|v| v != "0").collect();
        values.sort();
        values.dedup();
        let value = match &values[..] {
            [] => "0".to_string(),
            [one] => one.clone(),
            many => many
                .iter()
                .map(|v| format!("({v})"))
                .collect::<Vec<_>>()
                .join(" || "),
        };
        out.push(SourceInvariant {
            kind,
            line,
            column,
            function,
            value,
        });
    }
    out
}

/// The invariants of a checked invariant (`formulas`, per location of the single-block CFA
/// `sbe`; `None` where it says nothing) for the program `text`: at its loops, and
/// before the statements its other locations stand before.
pub fn invariants(sbe: &Cfa, formulas: &[Option<Term>], text: &str) -> Vec<SourceInvariant> {
    let text = Text::new(text);
    let declared = Declared::new(sbe);
    let mut out = loop_invariants(sbe, formulas, &text, &declared);
    out.extend(location_invariants(sbe, formulas, &text, &declared));
    out.sort_by_key(|i| (i.line, i.column));
    out
}

/// Location invariants: a formula at a location that is not a loop head, before the
/// statement of a block whose first edge leaves that location. Every location where that
/// statement starts (one per inlined instance) must have a formula; the entry is their
/// disjunction. LBE keeps few such locations (where blocks meet without a loop: after a
/// loop, at a function's return), but their formulas are part of the certificate.
fn location_invariants(
    sbe: &Cfa,
    formulas: &[Option<Term>],
    source: &Text,
    declared: &Declared,
) -> Vec<SourceInvariant> {
    // Only where large blocks meet: an engine on single blocks (IC3 on SBE-TS) has a
    // formula at every statement, and what it says between those places follows.
    let (lbe, _) = cfa::lbe::reduce(sbe, cfa::LbeLevel::Full);
    let mut claims: Claims = Default::default();
    for l in lbe.locations() {
        let loc = sbe.location(l);
        if loc.loop_head || loc.kind != cfa::LocationKind::Plain {
            continue;
        }
        let Some(o) = sbe.out_edges(l).first().and_then(|e| origin(sbe, *e)) else {
            continue;
        };
        // The statement's first location: not one it passes through.
        let same =
            |e: &cfa::EdgeId| origin(sbe, *e).is_some_and(|p| (p.line, p.col) == (o.line, o.col));
        if sbe.in_edges(l).iter().any(same) || !sbe.out_edges(l).iter().all(same) {
            continue;
        }
        // An `if` statement's first edge is its condition's.
        let col = match o.branch {
            Some(_) => match source.if_column(o.line, o.col) {
                Some(c) => c,
                None => continue,
            },
            None => o.col,
        };
        let Some(pos) = source.statement_start(o.line, col) else {
            continue;
        };
        if source.position(o.line, col) != Some(pos) {
            continue;
        }
        let enclosing = source.enclosing_function(o.line).map(str::to_string);
        let claim = claim(sbe, formulas, declared, l, || {
            enclosing
                .as_deref()
                .and_then(|func| only(local_scopes(sbe, sbe.out_edges(l).iter().copied(), func)))
        });
        let entry = claims
            .entry((o.line, col))
            .or_insert((enclosing, Vec::new()));
        entry.1.push(claim);
    }
    merge(claims, InvariantKind::Location)
}

/// What location `l`'s formula claims, as C (`None`: nothing): `0` where it is false
/// (the place is never reached), nothing where it is true or absent, else what
/// `located_claim` makes of it in the inlined instance `instance` (asked only then).
fn claim(
    sbe: &Cfa,
    formulas: &[Option<Term>],
    declared: &Declared,
    l: LocationId,
    instance: impl FnOnce() -> Option<String>,
) -> Option<String> {
    let f = formulas.get(l.index()).copied().flatten()?;
    match sbe.terms.as_bool_const(f) {
        Some(false) => Some("0".to_string()),
        Some(true) => None,
        None => located_claim(sbe, declared, f, instance().as_deref()),
    }
}

/// The C variables each inlined instance declares (`f`, `f.2`, …), by the name of the
/// whole variable (`s` for a member leaf `s.f`): built once per program.
struct Declared(std::collections::BTreeSet<(String, String)>);

impl Declared {
    fn new(sbe: &Cfa) -> Declared {
        Declared(
            sbe.vars()
                .iter()
                .filter_map(|d| d.c_name.as_ref())
                .filter_map(|c| Some((c.scope.clone()?, root(&c.lvalue).to_string())))
                .collect(),
        )
    }

    /// Whether a local of `instance` hides the global `lvalue` there.
    fn shadows(&self, instance: &str, lvalue: &str) -> bool {
        self.0
            .contains(&(instance.to_string(), root(lvalue).to_string()))
    }
}

/// The variable an lvalue starts from: `s` of `s.f`.
fn root(lvalue: &str) -> &str {
    lvalue.split('.').next().unwrap_or(lvalue)
}

/// What a location's formula `f` says in C, at a place of the inlined instance `instance`
/// (`f`, `f.2`, …; `None` if not known: then only what it says about globals): the formula
/// whole, or, where C cannot say all of it, the part it can (implied by `f`); `None` when
/// that is nothing.
fn located_claim(
    sbe: &Cfa,
    declared: &Declared,
    f: Term,
    instance: Option<&str>,
) -> Option<String> {
    let terms = &*sbe.terms;
    let f = guard_array_reads(terms, f, &|v| sbe.var_decl(v).and_then(|d| d.len));
    let dims = |v: VarId| sbe.var_decl(v).map(|d| d.dims.clone());

    // A formula C can name at the loop, printed; else `None`.
    let print = |c: Term| -> Option<String> {
        match scope_of(sbe, c)? {
            Some(s) if Some(s.as_str()) != instance => return None,
            _ => {}
        }
        let name = |v: VarId| -> Option<String> {
            // A variable or an array whose elements hold no C integer (a float is its bit
            // pattern, a pointer two words) would be read by C as a value: not named.
            sbe.var_decl(v)?.signed?;
            let c = names::c_name(sbe, v)?;
            let lvalue = c.witness_lvalue()?;
            if c.scope.is_some() {
                return Some(lvalue.to_string());
            }
            // A global shadowed by a local of the instance cannot be named there.
            let shadowed = instance.is_some_and(|s| declared.shadows(s, lvalue));
            (!shadowed).then(|| lvalue.to_string())
        };
        to_c(terms, c, &name, &dims)
    };
    // Whole if C can say it; else what it says about what C can name at the loop
    // (each part implied by the formula): the weakened formula, or its conjuncts.
    let parts: Vec<String> = match print(f) {
        Some(e) => vec![e],
        None => {
            let w = weaken_to(terms, f, &|atom| print(atom).is_some());
            match print(w) {
                Some(e) if terms.as_bool_const(w).is_none() => vec![e],
                Some(_) => Vec::new(),
                None => terms.conjuncts(w).into_iter().filter_map(print).collect(),
            }
        }
    };
    (!parts.is_empty()).then(|| parts.join(" && "))
}
