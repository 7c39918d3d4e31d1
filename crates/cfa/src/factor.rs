//! Choice with common prefixes factored out: `choice(a; b, a; c) = a; choice(b, c)`.
//!
//! The LBE choice rule joins the edges between two locations. When those edges are the
//! paths through a chain of branches (`if (c1) error; … if (c2) error; …`), every branch
//! starts with the same block, and a plain `choice` would make the path formula encode
//! that block once per branch: quadratic in the chain's length. Statements are
//! hash-consed, so equal prefixes are equal ids and can be pulled out in front.
//!
//! Each branch is read as a sequence through a cursor that expands `seq` nodes on
//! demand. While the branches' next elements differ, the one with the deepest left spine
//! (the longest run of nested `seq` heads) is expanded: a prefix `P` and an extension
//! `seq(P, x)` then meet at `P` without expanding `P` itself, so a shared block is matched
//! in one comparison.

use crate::stmt::{Stmt, StmtId, StmtStore};
use rustc_hash::FxHashMap;

/// `choice(branches)` with common leading parts factored out, recursively.
pub fn factored_choice(stmts: &StmtStore, branches: &[StmtId]) -> StmtId {
    let mut flat: Vec<StmtId> = Vec::new();
    for b in branches {
        for x in stmts.branches(*b) {
            if !flat.contains(&x) {
                flat.push(x);
            }
        }
    }
    if flat.len() < 2 {
        return stmts.choice(&flat);
    }
    let mut spine = FxHashMap::default();
    let cursors: Vec<Vec<StmtId>> = flat.into_iter().map(|b| vec![b]).collect();
    factor(stmts, cursors, &mut spine)
}

/// Length of the chain of `seq` nodes along first children.
fn left_spine(stmts: &StmtStore, s: StmtId, memo: &mut FxHashMap<StmtId, u32>) -> u32 {
    let mut chain = Vec::new();
    let mut cur = s;
    let base = loop {
        if let Some(d) = memo.get(&cur) {
            break *d;
        }
        match stmts.get(cur) {
            Stmt::Seq(xs) => {
                chain.push(cur);
                cur = xs[0];
            }
            _ => break 0,
        }
    };
    let mut d = base;
    for x in chain.into_iter().rev() {
        d += 1;
        memo.insert(x, d);
    }
    d
}

/// A cursor that is only a `choice` stands for its branches: `choice(P; choice(a, b), P; c)`
/// must become `P; choice(a, b, c)` so that a prefix shared by `b` and `c` is found too
/// (the LBE choice rule meets such nested choices when a chain of checks is joined one
/// branch at a time). Only a trailing choice is split, so nothing is copied.
fn split_trailing_choices(stmts: &StmtStore, cursors: &mut Vec<Vec<StmtId>>) {
    let is_choice = |c: &Vec<StmtId>| c.len() == 1 && matches!(stmts.get(c[0]), Stmt::Choice(_));
    if !cursors.iter().any(is_choice) {
        return;
    }
    let mut out: Vec<Vec<StmtId>> = Vec::with_capacity(cursors.len() + 1);
    for c in cursors.drain(..) {
        let parts = if is_choice(&c) {
            stmts.children(c[0]).into_iter().map(|b| vec![b]).collect()
        } else {
            vec![c]
        };
        for p in parts {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    *cursors = out;
}

/// Replaces the cursor's next element, a `seq`, by its parts.
fn expand(stmts: &StmtStore, cursor: &mut Vec<StmtId>) {
    let top = cursor.pop().expect("a next element");
    cursor.extend(stmts.children(top).into_iter().rev());
}

fn factor(
    stmts: &StmtStore,
    mut cursors: Vec<Vec<StmtId>>,
    spine: &mut FxHashMap<StmtId, u32>,
) -> StmtId {
    let mut common: Vec<StmtId> = Vec::new();
    loop {
        split_trailing_choices(stmts, &mut cursors);
        let tops: Vec<Option<StmtId>> = cursors.iter().map(|c| c.last().copied()).collect();
        if tops[0].is_some() && tops.iter().all(|t| *t == tops[0]) {
            common.push(tops[0].expect("checked"));
            for c in &mut cursors {
                c.pop();
            }
            continue;
        }
        // Expand the deepest `seq` head, if any.
        let deepest = tops
            .iter()
            .enumerate()
            .filter_map(|(i, t)| t.map(|t| (i, left_spine(stmts, t, spine))))
            .filter(|(_, d)| *d > 0)
            .max_by_key(|(_, d)| *d);
        match deepest {
            Some((i, _)) => expand(stmts, &mut cursors[i]),
            None => break,
        }
    }
    // The branches now differ in their next element: group them by it.
    let mut groups: Vec<(Option<StmtId>, Vec<Vec<StmtId>>)> = Vec::new();
    for c in cursors {
        let top = c.last().copied();
        match groups.iter_mut().find(|(t, _)| *t == top) {
            Some((_, cs)) => cs.push(c),
            None => groups.push((top, vec![c])),
        }
    }
    // Cursors that all ended are the same sequence spelled with different nesting
    // (`a; (b; c)` and `(a; b); c` are different ids): one of them stands for all, and
    // recursing on them would make no progress.
    let parts: Vec<StmtId> = groups
        .into_iter()
        .map(|(top, cs)| {
            if cs.len() == 1 || top.is_none() {
                rest(stmts, &cs[0])
            } else {
                factor(stmts, cs, spine)
            }
        })
        .collect();
    common.push(stmts.choice(&parts));
    stmts.seq(&common)
}

/// What remains of a cursor, as one statement.
fn rest(stmts: &StmtStore, cursor: &[StmtId]) -> StmtId {
    let parts: Vec<StmtId> = cursor.iter().rev().copied().collect();
    stmts.seq(&parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use logic::{Sort, TermStore};

    /// Found by `lbe_props` (a stack overflow): two branches that are one sequence nested
    /// two ways end together, and factoring them must stop there.
    #[test]
    fn one_sequence_nested_two_ways_is_one_branch() {
        let terms = TermStore::new();
        let stmts = StmtStore::new();
        let x = terms.var("x", Sort::Bool);
        let y = terms.var("y", Sort::Bool);
        let a = stmts.assume(x, None);
        let b = stmts.assume(y, None);
        let c = stmts.havoc(x, None);
        let d = stmts.havoc(y, None);
        let right = stmts.seq(&[a, stmts.seq(&[b, c])]);
        let left = stmts.seq(&[stmts.seq(&[a, b]), c]);
        assert_ne!(right, left);
        let f = factored_choice(&stmts, &[right, left]);
        assert_eq!(stmts.parts(f), vec![a, b, c]);
        // With a third, different branch the shared part still comes out in front.
        let other = stmts.seq(&[a, d]);
        let g = factored_choice(&stmts, &[right, left, other]);
        let parts = stmts.parts(g);
        assert_eq!(parts[0], a);
        let tail = stmts.branches(*parts.last().expect("a choice"));
        assert_eq!(tail.len(), 2, "{tail:?}");
    }
}
