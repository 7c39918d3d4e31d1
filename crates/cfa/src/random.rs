//! Random statements and CFAs for property tests (here and in the engines' crates).

use crate::graph::{Cfa, LocationId, LocationKind, VarKind};
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

/// A random procedural program (`crate::program`) for property tests: functions
/// `f0, f1, …`, each with a parameter `fk.p`, a return slot `fk.r` and a local `fk.t` (8
/// bits), over globals `g0, g1, g2`. The top level sets `fuel`, calls `f0` and ends in an
/// exit location; every function entry takes one unit of `fuel` (and blocks without), so
/// no run has more than `fuel` calls active and an unfolding to a deeper recursion depth
/// is exact. Each body location has one outgoing edge, or two whose guards exclude each
/// other, so a run is determined by its havoc values and choices (the locals are assigned
/// at the entry, so no run reads one a call left undefined); labels are random
/// statements, calls of any function (recursion included), or jumps to the shared error
/// location; back edges make loops.
pub fn random_program(
    terms: Rc<TermStore>,
    stmts: Rc<StmtStore>,
    seed: u64,
    functions: usize,
    body: usize,
    fuel: u8,
) -> crate::Program {
    let bv8 = Sort::Bv(8);
    let mut cfa = Cfa::new(terms.clone(), stmts.clone());
    let globals: Vec<Term> = (0..3).map(|i| terms.var(&format!("g{i}"), bv8)).collect();
    let fuel_var = terms.var("fuel", bv8);
    for g in globals.iter().chain([&fuel_var]) {
        cfa.declare_var(*g, VarKind::Program);
    }
    let start = cfa.add_location("start", LocationKind::Init);
    let called = cfa.add_location("called", LocationKind::Plain);
    let done = cfa.add_location("done", LocationKind::Plain);
    let end = cfa.add_location("end", LocationKind::Exit);
    let err = cfa.add_location("err", LocationKind::Error);
    let slots: Vec<[Term; 3]> = (0..functions)
        .map(|k| ["p", "r", "t"].map(|s| terms.var(&format!("f{k}.{s}"), bv8)))
        .collect();
    for s in slots.iter().flatten() {
        cfa.declare_var(*s, VarKind::Program);
    }
    let call = |from: usize, to: usize, arg: Term| {
        stmts.call(
            crate::Call {
                callee: format!("f{to}").into(),
                args: Box::new([(slots[to][0], arg)]),
                results: Box::new([(slots[from][2], slots[to][1])]),
            },
            None,
        )
    };
    let set_fuel = stmts.assign(fuel_var, terms.bv_const(fuel as u128, 8), None);
    cfa.add_edge(start, called, set_fuel);
    let first = stmts.call(
        crate::Call {
            callee: "f0".into(),
            args: Box::new([(slots[0][0], globals[0])]),
            results: Box::new([(globals[1], slots[0][1])]),
        },
        None,
    );
    cfa.add_edge(called, done, first);
    cfa.add_edge(done, end, stmts.skip(None));
    let mut fns = Vec::new();
    for (k, slot) in slots.iter().enumerate() {
        let vars: Vec<Term> = globals.iter().chain(slot.iter()).copied().collect();
        let mut g = StmtGen::new(
            &terms,
            &stmts,
            seed.wrapping_mul(31).wrapping_add(k as u64),
            &vars,
        );
        g.assume_percent = 0;
        let entry = cfa.add_location(format!("f{k}.entry"), LocationKind::Plain);
        cfa.location_mut(entry).function_entry = true;
        let exit = cfa.add_location(format!("f{k}.exit"), LocationKind::Plain);
        cfa.location_mut(exit).function_exit = true;
        let locs: Vec<_> = (0..body)
            .map(|i| cfa.add_location(format!("f{k}.b{i}"), LocationKind::Plain))
            .collect();
        // The locals are set before any read: what an activation finds in them before is
        // not defined (the copies of inlining start from their own initial values).
        let take = stmts.seq(&[
            stmts.assume(terms.not(terms.eq(fuel_var, terms.bv_const(0, 8))), None),
            stmts.assign(fuel_var, terms.bvsub(fuel_var, terms.bv_const(1, 8)), None),
            stmts.assign(slot[1], terms.bv_const(0, 8), None),
            stmts.assign(slot[2], slot[0], None),
        ]);
        cfa.add_edge(entry, locs[0], take);
        for i in 0..body {
            // Mostly forward; now and then back (a loop), to the exit or to the error.
            let target = |g: &mut StmtGen| match g.trees.rng.below(10) {
                0 => err,
                1 => locs[g.trees.rng.below(i as u64 + 1) as usize],
                _ if i + 1 == body => exit,
                2 => exit,
                _ => locs[i + 1 + g.trees.rng.below((body - i - 1) as u64) as usize],
            };
            // A call continues in its own function: never straight into the error.
            let label = |g: &mut StmtGen, to: LocationId| match g.trees.rng.below(10) {
                0..=2 if to != err => {
                    let to = g.trees.rng.below(functions as u64) as usize;
                    let arg = g.trees.gen(bv8, 2).build(&terms);
                    call(k, to, arg)
                }
                _ => g.stmt(1),
            };
            if g.trees.rng.chance(50) {
                let (a, b) = (target(&mut g), target(&mut g));
                let c = g.trees.gen(Sort::Bool, 2).build(&terms);
                let (la, lb) = (label(&mut g, a), label(&mut g, b));
                // A call stands alone on its edge: the guard gets a location of its own.
                for (cond, l, t) in [(c, la, a), (terms.not(c), lb, b)] {
                    let mid = cfa.add_location(
                        format!("f{k}.m{}", cfa.location_capacity()),
                        LocationKind::Plain,
                    );
                    cfa.add_edge(locs[i], mid, stmts.assume(cond, None));
                    cfa.add_edge(mid, t, l);
                }
            } else {
                let t = target(&mut g);
                let l = label(&mut g, t);
                cfa.add_edge(locs[i], t, l);
            }
        }
        fns.push(crate::Function {
            name: format!("f{k}").into(),
            entry,
            exit,
            locals: slot
                .iter()
                .map(|t| terms.as_var(*t).expect("a variable"))
                .collect(),
        });
    }
    crate::Program::new(cfa, fns).expect("a well-formed random program")
}
