//! Random statements and CFAs for property tests (here and in the engines' crates).

use crate::graph::{Cfa, LocationKind, VarKind};
use crate::stmt::{StmtId, StmtStore};
use logic::random::TreeGen;
use logic::{Sort, Term, TermStore};
use std::rc::Rc;

/// Generates random loop-free statements over a fixed set of variables.
pub struct StmtGen<'a> {
    pub trees: TreeGen<'a>,
    pub stmts: &'a StmtStore,
    pub vars: Vec<Term>,
    /// Depth of expressions in assignments and assumptions.
    pub expr_depth: u32,
    /// Percentage of primitive statements that are `assume`s.
    pub assume_percent: u64,
}

impl<'a> StmtGen<'a> {
    pub fn new(terms: &'a TermStore, stmts: &'a StmtStore, seed: u64, vars: &[Term]) -> Self {
        StmtGen {
            trees: TreeGen::with_vars(terms, seed, vars),
            stmts,
            vars: vars.to_vec(),
            expr_depth: 2,
            assume_percent: 20,
        }
    }

    pub fn primitive(&mut self) -> StmtId {
        let store = self.trees.store;
        let r = self.trees.rng.below(100);
        let d = self.expr_depth;
        if r < self.assume_percent {
            let c = self.trees.gen(Sort::Bool, d).build(store);
            self.stmts.assume(c, None)
        } else if r < self.assume_percent + 12 {
            let x = *self.trees.rng.pick(&self.vars);
            self.stmts.havoc(x, None)
        } else if r < self.assume_percent + 15 {
            self.stmts.skip(None)
        } else {
            let x = *self.trees.rng.pick(&self.vars);
            let e = self.trees.gen(store.sort(x), d).build(store);
            self.stmts.assign(x, e, None)
        }
    }

    /// A statement with `seq`/`choice` nesting up to `depth`.
    pub fn stmt(&mut self, depth: u32) -> StmtId {
        if depth == 0 {
            return self.primitive();
        }
        let n = 2 + self.trees.rng.below(2) as usize;
        match self.trees.rng.below(10) {
            0..=3 => {
                let parts: Vec<StmtId> = (0..n).map(|_| self.stmt(depth - 1)).collect();
                self.stmts.seq(&parts)
            }
            4..=6 => {
                let parts: Vec<StmtId> = (0..n).map(|_| self.stmt(depth - 1)).collect();
                self.stmts.choice(&parts)
            }
            _ => self.primitive(),
        }
    }
}

/// A random CFA: `n` locations (the first is init), `errors` of them error locations,
/// loops and branching allowed, every edge a statement over `vars` (with `seq`/`choice`
/// nesting up to `label_depth`).
pub fn random_cfa(
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
    seed: u64,
    n: usize,
    errors: usize,
    vars: &[Term],
    label_depth: u32,
) -> Cfa {
    let mut cfa = Cfa::new(terms.clone(), stmts.clone());
    for v in vars {
        cfa.declare_var(*v, VarKind::Program);
    }
    let mut g = StmtGen::new(&terms, &stmts, seed, vars);
    g.assume_percent = 35;
    let mut locs = vec![cfa.add_location("l0", LocationKind::Init)];
    for i in 1..n {
        let kind = if i + errors >= n {
            LocationKind::Error
        } else {
            LocationKind::Plain
        };
        locs.push(cfa.add_location(format!("l{i}"), kind));
    }
    let plain = n - errors;
    // A spine so that most locations are reachable, then random extra edges (back edges
    // make loops, parallel edges give the choice rule work).
    // Edges into error locations are guarded by a conjunction of three conditions, so
    // that unreachable errors are common too.
    let label = |g: &mut StmtGen, dst: usize| {
        if dst >= plain {
            let conds: Vec<Term> = (0..3)
                .map(|_| g.trees.gen(Sort::Bool, 1).build(&terms))
                .collect();
            stmts.assume(terms.and(&conds), None)
        } else {
            g.stmt(label_depth)
        }
    };
    for i in 1..n {
        let src = locs[g.trees.rng.below(i.min(plain) as u64) as usize];
        let s = label(&mut g, i);
        cfa.add_edge(src, locs[i], s);
    }
    let extra = n + g.trees.rng.below(n as u64 + 1) as usize;
    for _ in 0..extra {
        let src = locs[g.trees.rng.below(plain as u64) as usize];
        let d = g.trees.rng.below(n as u64) as usize;
        let s = label(&mut g, d);
        cfa.add_edge(src, locs[d], s);
    }
    cfa.mark_loop_heads();
    cfa
}
