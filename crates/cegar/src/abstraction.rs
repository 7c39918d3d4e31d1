//! Predicate abstraction of one block (DESIGN §6).
//!
//! The abstract successor of a state `(l, r)` along an edge `l -e-> l'` is the abstraction
//! of `φ = r@0 ∧ pf(e)` (the region over the instances before the block, conjoined with the
//! block's path formula) with respect to the predicates `π(l')` renamed to the instances
//! after the block.
//!
//! * *Boolean*: the strongest Boolean combination of the predicates implied by `φ`, by
//!   ALLSAT over indicator variables `b_i ⇔ p_i`: each model gives a cube over the `b_i`,
//!   which is added to the result and blocked. The number of models is the cost measure of
//!   Böhm's study. One solver per abstraction: `φ` is translated once, only blocking
//!   clauses are added between models.
//! * *Cartesian*: the conjunction of the predicates and negated predicates that `φ`
//!   implies one by one (two entailment checks per predicate, as assumptions on one
//!   solver). Weaker than Boolean when the block is disjunctive: it is for single-block
//!   encoding and the FMCAD'09 comparison.
//!
//! `φ` unsatisfiable gives the empty region: the successor is infeasible.

use crate::precision::{PredicateId, PredicateTable};
use crate::region::{self, Region};
use cfa::{Cfa, EdgeId, Encoder, SsaMap};
use logic::{SatResult, Solver, SolverFactory, Sort, Term, TermStore, Value};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AbstractionKind {
    Boolean,
    Cartesian,
}

impl AbstractionKind {
    pub fn name(self) -> &'static str {
        match self {
            AbstractionKind::Boolean => "boolean",
            AbstractionKind::Cartesian => "cartesian",
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct AbstractionStats {
    /// Abstractions computed with the solver.
    pub computations: u64,
    /// Abstractions answered from the cache (same region, edge and predicates).
    pub cache_hits: u64,
    /// Abstractions whose result was `false` (infeasible successors).
    pub infeasible: u64,
    /// ALLSAT models (Boolean abstraction): sum and maximum per abstraction.
    pub models_sum: u64,
    pub models_max: u64,
    /// Predicates per abstraction: sum and maximum.
    pub predicates_sum: u64,
    pub predicates_max: u64,
    pub time: Duration,
}

/// The indicator variable of predicate `p` (one name per predicate, reused by every
/// abstraction: each abstraction has its own solver).
fn indicator(terms: &TermStore, p: PredicateId) -> Term {
    let name = format!("cegar.b!{p}");
    match terms.lookup_var(&name) {
        Some(v) => terms.var_term(v),
        None => terms.var(&name, Sort::Bool),
    }
}

/// The abstraction of `phi` over `preds` (predicate ids with their instance terms), and
/// the number of ALLSAT models (Boolean) or entailment checks (Cartesian); an error when
/// ALLSAT finds more than `max_models` models.
pub fn abstract_formula(
    solver: &mut dyn Solver,
    terms: &TermStore,
    table: &PredicateTable,
    kind: AbstractionKind,
    phi: Term,
    preds: &[(PredicateId, Term)],
    max_models: Option<u64>,
) -> Result<(Region, u64), String> {
    solver.assert(phi);
    // (predicate, its indicator): the indicator names are looked up once per abstraction.
    let preds: Vec<(PredicateId, Term)> = preds
        .iter()
        .map(|(id, p)| {
            let b = indicator(terms, *id);
            solver.assert(terms.iff(b, *p));
            (*id, b)
        })
        .collect();
    match kind {
        AbstractionKind::Boolean => allsat(solver, terms, table, &preds, max_models),
        AbstractionKind::Cartesian => cartesian(solver, terms, table, &preds),
    }
}

/// `indicators`: each predicate with its indicator variable.
fn allsat(
    solver: &mut dyn Solver,
    terms: &TermStore,
    table: &PredicateTable,
    indicators: &[(PredicateId, Term)],
    max_models: Option<u64>,
) -> Result<(Region, u64), String> {
    let mut result = region::bottom(table);
    let mut models = 0u64;
    loop {
        match solver.check() {
            SatResult::Unsat => return Ok((result, models)),
            SatResult::Unknown(r) => return Err(r),
            SatResult::Sat => {}
        }
        models += 1;
        if let Some(max) = max_models.filter(|m| models > *m) {
            return Err(format!(
                "ALLSAT explosion: an abstraction over {} predicates has more than {max} models",
                indicators.len()
            ));
        }
        if indicators.is_empty() {
            return Ok((region::top(table), models));
        }
        let values: Vec<bool> = indicators
            .iter()
            .map(|(_, b)| solver.value(*b) == Some(Value::Bool(true)))
            .collect();
        let cube: Vec<(PredicateId, bool)> = indicators
            .iter()
            .zip(&values)
            .map(|((id, _), v)| (*id, *v))
            .collect();
        result = result.or(&region::cube(table, &cube));
        let lits: Vec<Term> = indicators
            .iter()
            .zip(&values)
            .map(|((_, b), v)| if *v { *b } else { terms.not(*b) })
            .collect();
        solver.assert(terms.not(terms.and(&lits)));
    }
}

fn cartesian(
    solver: &mut dyn Solver,
    terms: &TermStore,
    table: &PredicateTable,
    indicators: &[(PredicateId, Term)],
) -> Result<(Region, u64), String> {
    match solver.check() {
        SatResult::Unsat => return Ok((region::bottom(table), 1)),
        SatResult::Unknown(r) => return Err(r),
        SatResult::Sat => {}
    }
    let mut checks = 1;
    let mut lits = Vec::new();
    for (id, b) in indicators {
        let b = *b;
        for (value, assume) in [(true, terms.not(b)), (false, b)] {
            checks += 1;
            match solver.check_assuming(&[assume]) {
                SatResult::Unsat => {
                    lits.push((*id, value));
                    break;
                }
                SatResult::Sat => {}
                SatResult::Unknown(r) => return Err(r),
            }
        }
    }
    Ok((region::cube(table, &lits), checks))
}

type CacheKey = (Term, EdgeId, Vec<PredicateId>);

/// Computes abstract successors along the edges of one CFA, with caches: each edge's path
/// formula is encoded once, and a successor already computed for the same region, edge
/// and predicates is not computed again (lazy re-exploration recomputes many).
pub struct Abstractor<'a> {
    cfa: &'a Cfa,
    solvers: &'a dyn SolverFactory,
    pub kind: AbstractionKind,
    edge_formulas: FxHashMap<EdgeId, (Term, SsaMap)>,
    results: FxHashMap<CacheKey, Region>,
    pub stats: AbstractionStats,
    /// Give up (an error) when one ALLSAT enumeration exceeds this many models.
    max_models: Option<u64>,
}

impl<'a> Abstractor<'a> {
    pub fn new(cfa: &'a Cfa, solvers: &'a dyn SolverFactory, kind: AbstractionKind) -> Self {
        Abstractor {
            cfa,
            solvers,
            kind,
            edge_formulas: FxHashMap::default(),
            results: FxHashMap::default(),
            stats: AbstractionStats::default(),
            max_models: None,
        }
    }

    pub fn with_max_models(self, max_models: Option<u64>) -> Self {
        Abstractor { max_models, ..self }
    }

    /// The path formula of `e` from instance 0 of every variable, and the SSA map after it.
    pub fn edge_formula(&mut self, e: EdgeId) -> (Term, SsaMap) {
        if let Some(f) = self.edge_formulas.get(&e) {
            return f.clone();
        }
        let terms = &*self.cfa.terms;
        let mut enc =
            Encoder::new(terms, &self.cfa.stmts).with_selector_prefix(&format!("abs.e{}", e.0));
        let mut ssa = SsaMap::new();
        let (f, _) = enc.encode(self.cfa.edge(e).stmt, &mut ssa);
        self.edge_formulas.insert(e, (f, ssa.clone()));
        (f, ssa)
    }

    /// The abstract successor of `region` along `e` over the predicates `preds` of the
    /// target location.
    pub fn successor(
        &mut self,
        table: &PredicateTable,
        region: &Region,
        e: EdgeId,
        preds: &[PredicateId],
    ) -> Result<Region, String> {
        let terms = &*self.cfa.terms;
        let r = region::to_term(terms, table, region);
        let key = (r, e, preds.to_vec());
        if let Some(res) = self.results.get(&key) {
            self.stats.cache_hits += 1;
            return Ok(res.clone());
        }
        let start = Instant::now();
        let (f, ssa) = self.edge_formula(e);
        let phi = terms.and2(terms.rename_ssa(r, &mut |_| 0), f);
        let instances: Vec<(PredicateId, Term)> = preds
            .iter()
            .map(|p| (*p, terms.rename_ssa(table.term(*p), &mut |v| ssa.index(v))))
            .collect();
        let mut solver = self.solvers.new_solver();
        let result = abstract_formula(
            &mut *solver,
            terms,
            table,
            self.kind,
            phi,
            &instances,
            self.max_models,
        );
        self.stats.time += start.elapsed();
        let (res, models) = result?;
        let st = &mut self.stats;
        st.computations += 1;
        st.predicates_sum += preds.len() as u64;
        st.predicates_max = st.predicates_max.max(preds.len() as u64);
        if self.kind == AbstractionKind::Boolean {
            st.models_sum += models;
            st.models_max = st.models_max.max(models);
        }
        if res.is_false() {
            st.infeasible += 1;
        }
        self.results.insert(key, res.clone());
        Ok(res)
    }
}
