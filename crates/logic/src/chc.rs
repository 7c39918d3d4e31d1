//! Constrained Horn clauses over Boulder terms: the system a CHC solver decides (docs/design.md
//! §12, the `chc` engine), its SMT-LIB `HORN` text, the check of a solution clause by clause,
//! and which clause each step of a solver's derivation used.
//!
//! A system is a set of uninterpreted relations and clauses `body ∧ constraint → head`
//! (every free variable universally quantified), with one nullary *query* relation: the
//! system is *safe* when no derivation reaches the query. A solution assigns each relation
//! a formula over its formal parameters ([`Horn::formals`]) such that every clause is
//! valid; it proves the query underivable exactly when the query's formula is `false`.
//! A solver is never trusted for it: [`Horn::check_solution`] re-checks every clause in a
//! fresh solver (the design's rule that every TRUE is certified).

use crate::smtlib::symbol;
use crate::solver::{SatResult, SolverFactory};
use crate::sort::Sort;
use crate::term::{Term, TermStore, VarId};
use crate::value::Value;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::fmt::Write;

/// A relation of a [`Horn`] system: its index.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct RelId(pub u32);

impl RelId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An uninterpreted relation: its name (unique among the system's relations and distinct
/// from every variable of the term store) and the sorts of its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub name: Box<str>,
    pub sorts: Vec<Sort>,
}

/// `rel(args)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    pub rel: RelId,
    pub args: Vec<Term>,
}

/// `body₁ ∧ … ∧ bodyₙ ∧ constraint → head`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub body: Vec<Atom>,
    pub constraint: Term,
    pub head: Atom,
}

/// A system of Horn clauses and the nullary relation whose derivability is asked.
#[derive(Clone, Debug)]
pub struct Horn {
    pub relations: Vec<Relation>,
    pub clauses: Vec<Clause>,
    pub query: RelId,
}

/// A derivation of a ground atom: the clause's head with these argument values, derived
/// from the premises (one per body atom, in the body's order once [`Horn::explain`] has
/// matched them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    pub rel: RelId,
    pub args: Vec<Value>,
    pub premises: Vec<Derivation>,
    /// The clause used (set by [`Horn::explain`]; a solver's raw answer leaves it `None`).
    pub clause: Option<usize>,
}

/// Why a solution is not one: the clause that does not hold, and the check's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotASolution {
    pub clause: usize,
    pub answer: SatResult,
}

impl Horn {
    /// A system with only its query relation, named `query`.
    pub fn new(query: &str) -> Horn {
        Horn {
            relations: vec![Relation {
                name: query.into(),
                sorts: Vec::new(),
            }],
            clauses: Vec::new(),
            query: RelId(0),
        }
    }

    pub fn add_relation(&mut self, name: &str, sorts: Vec<Sort>) -> RelId {
        self.relations.push(Relation {
            name: name.into(),
            sorts,
        });
        RelId(self.relations.len() as u32 - 1)
    }

    /// Adds a clause; its index.
    pub fn add(&mut self, clause: Clause) -> usize {
        self.clauses.push(clause);
        self.clauses.len() - 1
    }

    pub fn relation(&self, r: RelId) -> &Relation {
        &self.relations[r.index()]
    }

    /// The formal parameters of `r`: the variables a solution's formula for `r` is over
    /// (named `<relation>!<position>`).
    pub fn formals(&self, store: &TermStore, r: RelId) -> Vec<Term> {
        let rel = self.relation(r);
        rel.sorts
            .iter()
            .enumerate()
            .map(|(i, s)| store.var(&format!("{}!{i}", rel.name), *s))
            .collect()
    }

    /// The formula of `atom` under `solution` (one formula per relation over its formals).
    pub fn instantiate(&self, store: &TermStore, solution: &[Term], atom: &Atom) -> Term {
        let map: FxHashMap<Term, Term> = self
            .formals(store, atom.rel)
            .into_iter()
            .zip(atom.args.iter().copied())
            .collect();
        store.substitute(solution[atom.rel.index()], &map)
    }

    /// The system with every clause's constraint strengthened by `facts` (a formula per
    /// relation over its formals) at its body atoms. For facts that are inductive — every
    /// clause preserves them — the new system derives exactly what the old one does.
    pub fn strengthened(&self, store: &TermStore, facts: &[Term]) -> Horn {
        let clauses = self
            .clauses
            .iter()
            .map(|c| {
                let mut parts = vec![c.constraint];
                parts.extend(c.body.iter().map(|b| self.instantiate(store, facts, b)));
                Clause {
                    body: c.body.clone(),
                    constraint: store.and(&parts),
                    head: c.head.clone(),
                }
            })
            .collect();
        Horn {
            relations: self.relations.clone(),
            clauses,
            query: self.query,
        }
    }

    /// Checks that `solution` makes every clause valid and the query `false`, each clause
    /// in a fresh solver: `body ∧ constraint ∧ ¬head` must be unsatisfiable.
    pub fn check_solution(
        &self,
        store: &TermStore,
        solution: &[Term],
        solvers: &dyn SolverFactory,
    ) -> Result<(), NotASolution> {
        (0..self.clauses.len()).try_for_each(|i| {
            match self.check_clause(store, solution, i, solvers, None) {
                SatResult::Unsat => Ok(()),
                answer => Err(NotASolution { clause: i, answer }),
            }
        })
    }

    /// Whether `solution` makes clause `i` valid (`Unsat`: it does), checked in a fresh
    /// solver within `limit`.
    pub fn check_clause(
        &self,
        store: &TermStore,
        solution: &[Term],
        i: usize,
        solvers: &dyn SolverFactory,
        limit: Option<std::time::Duration>,
    ) -> SatResult {
        let c = &self.clauses[i];
        let mut s = solvers.new_solver();
        s.set_timeout(limit);
        s.assert(c.constraint);
        for b in &c.body {
            s.assert(self.instantiate(store, solution, b));
        }
        // A query clause holds when its body cannot be satisfied: its head is `false`.
        let head = if c.head.rel == self.query {
            store.fls()
        } else {
            self.instantiate(store, solution, &c.head)
        };
        s.assert(store.not(head));
        s.check()
    }

    /// Names the clause of every step of `d` (and orders each step's premises as the
    /// clause's body): the clause whose head and body relations match and whose constraint
    /// holds for the step's values. `Err` when no clause does, or a check gave no answer.
    pub fn explain(
        &self,
        store: &TermStore,
        d: &Derivation,
        solvers: &dyn SolverFactory,
    ) -> Result<Derivation, String> {
        let mut by_head: Vec<Vec<usize>> = vec![Vec::new(); self.relations.len()];
        for (i, c) in self.clauses.iter().enumerate() {
            by_head[c.head.rel.index()].push(i);
        }
        self.explain_step(store, d, solvers, &by_head)
    }

    /// [`Horn::explain`] of one step, the clauses indexed by their head's relation.
    fn explain_step(
        &self,
        store: &TermStore,
        d: &Derivation,
        solvers: &dyn SolverFactory,
        by_head: &[Vec<usize>],
    ) -> Result<Derivation, String> {
        let premises: Vec<Derivation> = d
            .premises
            .iter()
            .map(|p| self.explain_step(store, p, solvers, by_head))
            .collect::<Result<_, _>>()?;
        for &i in &by_head[d.rel.index()] {
            let c = &self.clauses[i];
            if c.body.len() != premises.len() {
                continue;
            }
            let Some(order) = match_body(&c.body, &premises) else {
                continue;
            };
            let mut parts = vec![c.constraint];
            let mut bind = |atom: &Atom, values: &[Value]| {
                for (a, v) in atom.args.iter().zip(values) {
                    parts.push(store.eq(*a, store.value_term(v)));
                }
            };
            bind(&c.head, &d.args);
            for (b, p) in c.body.iter().zip(&order) {
                bind(b, &premises[*p].args);
            }
            let mut s = solvers.new_solver();
            s.assert(store.and(&parts));
            match s.check() {
                SatResult::Sat => {
                    let premises = order.iter().map(|p| premises[*p].clone()).collect();
                    return Ok(Derivation {
                        rel: d.rel,
                        args: d.args.clone(),
                        premises,
                        clause: Some(i),
                    });
                }
                SatResult::Unsat => {}
                SatResult::Unknown(why) => return Err(format!("a derivation step: {why}")),
            }
        }
        Err(format!(
            "no clause derives the step into `{}`",
            self.relation(d.rel).name
        ))
    }

    /// The system in the CHC-COMP dialect of SMT-LIB 2 (`set-logic HORN`), one query; in
    /// the strict form of CHC-COMP when the system is [`Horn::strict`].
    pub fn to_smtlib(&self, store: &TermStore) -> String {
        let mut out = String::from("(set-logic HORN)\n");
        for r in &self.relations {
            let sorts: Vec<String> = r.sorts.iter().map(|s| s.smtlib()).collect();
            let _ = writeln!(
                out,
                "(declare-fun {} ({}) Bool)",
                symbol(&r.name),
                sorts.join(" ")
            );
        }
        for (i, c) in self.clauses.iter().enumerate() {
            let _ = writeln!(out, "; clause {i}");
            out.push_str(&self.clause_text(store, c));
        }
        let _ = writeln!(
            out,
            "(assert (forall ((q!0 Bool)) (=> {} false)))",
            symbol(&self.relation(self.query).name)
        );
        out.push_str("(check-sat)\n(exit)\n");
        out
    }

    /// The same system with every atom's arguments distinct variables (a term, or a
    /// variable met before in the clause's atoms, becomes a fresh variable `<rel>!a<k>!<i>`
    /// with an equation in the constraint): the form of CHC-COMP, and the one Spacer is
    /// fast on — on the same clauses with terms in atoms, Z3 4.8.12 took over 60 s where
    /// this form took 2.4 s (`examples/c/recursion/fibo_safe.c`, `z3` on both texts).
    pub fn strict(&self, store: &TermStore) -> Horn {
        let clauses = self
            .clauses
            .iter()
            .map(|c| {
                let mut used: FxHashSet<Term> = FxHashSet::default();
                let mut extra = vec![c.constraint];
                // Atom `k` of the clause (0: the head), argument `i`: `<rel>!a<k>!<i>`,
                // whose sort is the relation's at `i` in every clause.
                let mut strict = |k: usize, atom: &Atom, extra: &mut Vec<Term>| {
                    let rel = self.relation(atom.rel);
                    let args = atom
                        .args
                        .iter()
                        .zip(&rel.sorts)
                        .enumerate()
                        .map(|(i, (a, s))| {
                            if store.as_var(*a).is_some() && used.insert(*a) {
                                return *a;
                            }
                            let v = store.var(&format!("{}!a{k}!{i}", rel.name), *s);
                            extra.push(store.eq(v, *a));
                            v
                        })
                        .collect();
                    Atom {
                        rel: atom.rel,
                        args,
                    }
                };
                let head = strict(0, &c.head, &mut extra);
                let body = c
                    .body
                    .iter()
                    .enumerate()
                    .map(|(k, b)| strict(k + 1, b, &mut extra))
                    .collect();
                Clause {
                    body,
                    constraint: store.and(&extra),
                    head,
                }
            })
            .collect();
        Horn {
            relations: self.relations.clone(),
            clauses,
            query: self.query,
        }
    }

    fn clause_text(&self, store: &TermStore, c: &Clause) -> String {
        let atom_text = |atom: &Atom| {
            let rel = self.relation(atom.rel);
            if atom.args.is_empty() {
                return symbol(&rel.name);
            }
            let args: Vec<String> = atom.args.iter().map(|a| store.to_smtlib(*a)).collect();
            format!("({} {})", symbol(&rel.name), args.join(" "))
        };
        let head = atom_text(&c.head);
        let mut vars: BTreeSet<VarId> = store.free_vars(c.constraint);
        for a in c.body.iter().chain([&c.head]) {
            for t in &a.args {
                vars.extend(store.free_vars(*t));
            }
        }
        let mut tail: Vec<String> = c.body.iter().map(atom_text).collect();
        tail.push(store.to_smtlib(c.constraint));
        let implication = format!("(=> (and {}) {head})", tail.join(" "));
        if vars.is_empty() {
            return format!("(assert {implication})\n");
        }
        let bound: Vec<String> = vars
            .iter()
            .map(|v| {
                format!(
                    "({} {})",
                    symbol(&store.var_name(*v)),
                    store.var_sort(*v).smtlib()
                )
            })
            .collect();
        format!("(assert (forall ({}) {implication}))\n", bound.join(" "))
    }
}

/// For each body atom, the index of a distinct premise of the same relation.
fn match_body(body: &[Atom], premises: &[Derivation]) -> Option<Vec<usize>> {
    let mut taken = vec![false; premises.len()];
    let mut order = Vec::with_capacity(body.len());
    for b in body {
        let p = (0..premises.len()).find(|p| !taken[*p] && premises[*p].rel == b.rel)?;
        taken[p] = true;
        order.push(p);
    }
    Some(order)
}
