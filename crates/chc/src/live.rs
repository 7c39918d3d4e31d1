//! Live variables per location (the classic backward data-flow analysis, Aho et al. §9.2.5):
//! a relation ranges over the variables whose values the rest of the activation may still
//! read, so a dead temporary is no argument of any relation. Dropping a dead variable
//! quantifies it away, which changes no run's future: exact, and much smaller relations
//! for Spacer (the front end's temporaries are mostly dead at the cut points).
//!
//! Out of a function's exit live its frame's globals and results (what its summary
//! passes on); out of an error location or a location where runs end, nothing. A call is
//! read as: its arguments and the callee's globals are read (the summary takes them in),
//! the caller's result variables are written.

use crate::frame::Frames;
use cfa::{Program, Stmt, StmtId, StmtStore};
use logic::{TermStore, VarId};
use rustc_hash::{FxHashMap, FxHashSet};

/// The variables live at each location (absent: none).
pub type Live = FxHashMap<cfa::LocationId, FxHashSet<VarId>>;

/// Blocks larger than this are read as using every variable they mention (their exact
/// transfer would walk every path of the block's DAG).
const MAX_EXACT_BLOCK: u64 = 4096;

/// The live variables of every location of `program`.
pub fn live(program: &Program, frames: &Frames) -> Live {
    let cfa = &program.cfa;
    let terms = &*cfa.terms;
    let mut live: Live = FxHashMap::default();
    for (i, f) in program.functions().iter().enumerate() {
        let frame = &frames.functions[i];
        let out: FxHashSet<VarId> = frame
            .globals
            .iter()
            .chain(&frame.results)
            .copied()
            .collect();
        live.insert(f.exit, out);
    }
    // Round-robin to the fixpoint, every edge in each round (sets only grow). Whether a
    // block is small enough for its exact transfer is decided once per edge.
    let edges: Vec<(cfa::EdgeId, bool)> = cfa
        .edges()
        .map(|e| (e, cfa.stmts.tree_size(cfa.edge(e).stmt) <= MAX_EXACT_BLOCK))
        .collect();
    loop {
        let mut changed = false;
        for (e, exact) in &edges {
            let edge = cfa.edge(*e);
            let after = live.get(&edge.dst).cloned().unwrap_or_default();
            let before = match program.call_of(*e) {
                Some((g, call)) => {
                    let mut b = after;
                    for (x, _) in call.results.iter() {
                        if let Some(x) = terms.as_var(*x) {
                            b.remove(&x);
                        }
                    }
                    for (_, a) in call.args.iter() {
                        b.extend(terms.free_vars(*a));
                    }
                    b.extend(frames.functions[g.index()].globals.iter().copied());
                    b
                }
                None if *exact => live_before(terms, &cfa.stmts, edge.stmt, after),
                None => {
                    let mut b = after;
                    let mut mentioned = std::collections::BTreeSet::new();
                    crate::frame::mentions(terms, &cfa.stmts, edge.stmt, &mut mentioned);
                    b.extend(mentioned);
                    b
                }
            };
            let at = live.entry(edge.src).or_default();
            let n = at.len();
            at.extend(before);
            changed |= at.len() != n;
        }
        if !changed {
            break;
        }
    }
    live
}

/// The variables live before `s` when `after` are live after it (walks every path of
/// `s`: only for blocks of at most [`MAX_EXACT_BLOCK`] statements).
fn live_before(
    terms: &TermStore,
    stmts: &StmtStore,
    s: StmtId,
    after: FxHashSet<VarId>,
) -> FxHashSet<VarId> {
    match stmts.get(s) {
        Stmt::Assume(c) => {
            let mut b = after;
            b.extend(terms.free_vars(c));
            b
        }
        Stmt::Assign(x, v) => {
            let mut b = after;
            if let Some(x) = terms.as_var(x) {
                b.remove(&x);
            }
            b.extend(terms.free_vars(v));
            b
        }
        Stmt::Havoc(x) => {
            let mut b = after;
            if let Some(x) = terms.as_var(x) {
                b.remove(&x);
            }
            b
        }
        Stmt::Skip => after,
        Stmt::Seq(parts) => parts
            .iter()
            .rev()
            .fold(after, |l, p| live_before(terms, stmts, *p, l)),
        Stmt::Choice(branches) => {
            let mut b = FxHashSet::default();
            for br in branches.iter() {
                b.extend(live_before(terms, stmts, *br, after.clone()));
            }
            b
        }
        // Only in dead code (live code's calls stand alone on their edges): a call
        // reads anything.
        Stmt::Call(_) => after,
    }
}
