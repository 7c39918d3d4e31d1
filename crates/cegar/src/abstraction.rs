//! Predicate abstraction of one block (docs/design.md §6).
//!
//! The abstract successor of a state `(l, r)` along an edge `l -e-> l'` is the abstraction
//! of `φ = r@0 ∧ pf(e)` (the region over the instances before the block, conjoined with the
//! block's path formula) with respect to the predicates `π(l')` renamed to the instances
//! after the block.
//!
//! * *Boolean*: the strongest Boolean combination of the predicates implied by `φ`, by
//!   ALLSAT over indicator variables `b_i ⇔ p_i`: each model gives a cube over the `b_i`,
//!   which is added to the result and blocked. The number of models is the cost measure of
//!   Böhm's study. One solver per abstraction by default: `φ` is translated once, only
//!   blocking clauses are added between models. With one solver per block, `pf(e)` stays
//!   in the solver and `r@0` and the blocking clauses hold under an activation literal.
//! * *Cartesian*: the conjunction of the predicates and negated predicates that `φ`
//!   implies one by one (two entailment checks per predicate, as assumptions on one
//!   solver). Weaker than Boolean when the block is disjunctive: it is for single-block
//!   encoding and the FMCAD'09 comparison.
//!
//! `φ` unsatisfiable gives the empty region: the successor is infeasible.

use crate::lift::{self, Group, Lifter};
use crate::precision::{PredicateId, PredicateTable};
use crate::region::{self, Region};
use cfa::{Cfa, EdgeId, Encoder, SsaMap};
use logic::{SatResult, Solver, SolverFactory, Sort, Term, TermStore, Value, VarId};
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
    /// Literals that lifting dropped from ALLSAT models ([`crate::lift`]), and the
    /// evaluations it did.
    pub lifted_literals: u64,
    pub lift_evaluations: u64,
    /// Solver models that evaluation did not confirm (not lifted; a sign of a solver or
    /// evaluator disagreement, expected to stay 0).
    pub lift_mismatches: u64,
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
/// ALLSAT finds more than `max_models` models. A one-shot use of `solver` (with
/// `--abstraction-solver per-block`, the [`Abstractor`] reuses one solver per block instead).
#[cfg(any(test, feature = "test-support"))] // for the tests: the engine does without
pub fn abstract_formula(
    solver: &mut dyn Solver,
    terms: &TermStore,
    table: &PredicateTable,
    kind: AbstractionKind,
    phi: Term,
    preds: &[(PredicateId, Term)],
    max_models: Option<u64>,
) -> Result<(Region, u64), logic::Stop> {
    let preds = assert_with_indicators(solver, terms, phi, preds);
    let options = AllsatOptions {
        max_models,
        lifting: None,
    };
    enumerate(solver, terms, table, kind, None, &preds, options).map(|(r, m, _)| (r, m))
}

/// Asserts `phi` and the definitions `b_i ⇔ p_i` of the predicates' indicators; each
/// predicate with its indicator (the names are looked up once per abstraction).
fn assert_with_indicators(
    solver: &mut dyn Solver,
    terms: &TermStore,
    phi: Term,
    preds: &[(PredicateId, Term)],
) -> Vec<(PredicateId, Term)> {
    solver.assert(phi);
    preds
        .iter()
        .map(|(id, p)| {
            let b = indicator(terms, *id);
            solver.assert(terms.iff(b, *p));
            (*id, b)
        })
        .collect()
}

/// What ALLSAT needs to lift its models to cubes (`crate::lift`): the formula the solver
/// holds, the predicates' instances in the indicators' order, and their groups.
pub struct Lifting {
    pub phi: Term,
    pub predicates: Vec<Term>,
    pub groups: Vec<Group>,
}

/// ALLSAT's limit on models and what it needs to lift them.
struct AllsatOptions {
    max_models: Option<u64>,
    lifting: Option<Lifting>,
}

/// Solver models an abstraction has before it lifts them: the abstractions with few
/// models do not pay for compiling the formula.
const MODELS_BEFORE_LIFTING: u64 = 8;

/// Literals dropped by lifting and the evaluations done, in one ALLSAT run.
#[derive(Default)]
struct LiftCounts {
    dropped: u64,
    evaluations: u64,
    mismatches: u64,
}

/// The abstraction proper, on a solver that already holds `φ` — under the activation
/// literal `guard` when one is given (then every check assumes it and every blocking clause
/// is conditional on it, so the solver stays usable for the next abstraction) — and the
/// definitions `b_i ⇔ p_i` of the `indicators`.
fn enumerate(
    solver: &mut dyn Solver,
    terms: &TermStore,
    table: &PredicateTable,
    kind: AbstractionKind,
    guard: Option<Term>,
    indicators: &[(PredicateId, Term)],
    options: AllsatOptions,
) -> Result<(Region, u64, LiftCounts), logic::Stop> {
    match kind {
        AbstractionKind::Boolean => allsat(solver, terms, table, guard, indicators, options),
        AbstractionKind::Cartesian => cartesian(solver, terms, table, guard, indicators)
            .map(|(r, m)| (r, m, LiftCounts::default())),
    }
}

/// `indicators`: each predicate with its indicator variable. With `lifting`, each solver
/// model after the first few is lifted to a cube (`crate::lift`) before it is added to the
/// result and blocked.
fn allsat(
    solver: &mut dyn Solver,
    terms: &TermStore,
    table: &PredicateTable,
    guard: Option<Term>,
    indicators: &[(PredicateId, Term)],
    AllsatOptions {
        max_models,
        mut lifting,
    }: AllsatOptions,
) -> Result<(Region, u64, LiftCounts), logic::Stop> {
    let assumptions: Vec<Term> = guard.into_iter().collect();
    let mut result = region::bottom(table);
    let mut models = 0u64;
    let mut counts = LiftCounts::default();
    let mut lifter: Option<Lifter> = None;
    loop {
        match solver.check_assuming(&assumptions) {
            SatResult::Unsat => break,
            SatResult::Unknown(r) => return Err(r),
            SatResult::Sat => {}
        }
        models += 1;
        if let Some(max) = max_models.filter(|m| models > *m) {
            // The limit the caller set (`--max-allsat-models`): a bound of this run.
            return Err(logic::Stop::Bound(format!(
                "ALLSAT explosion: an abstraction over {} predicates has more than {max} models",
                indicators.len()
            )));
        }
        if indicators.is_empty() {
            return Ok((region::top(table), models, counts));
        }
        let point: Vec<bool> = indicators
            .iter()
            .map(|(_, b)| solver.value(*b) == Some(Value::Bool(true)))
            .collect();
        if lifter.is_none() && models >= MODELS_BEFORE_LIFTING {
            if let Some(l) = lifting.take() {
                lifter = Lifter::new(terms, l.phi, &l.predicates, l.groups);
            }
        }
        let cube: Vec<Option<bool>> = match lifter.as_mut() {
            Some(l) => l.lift(terms, solver, &point),
            None => point.iter().map(|v| Some(*v)).collect(),
        };
        let literals: Vec<(PredicateId, bool)> = indicators
            .iter()
            .zip(&cube)
            .filter_map(|((id, _), v)| v.map(|v| (*id, v)))
            .collect();
        result = result.or(&region::cube(table, &literals));
        let mut blocking: Vec<Term> = indicators
            .iter()
            .zip(&cube)
            .filter_map(|((_, b), v)| v.map(|v| if v { terms.not(*b) } else { *b }))
            .collect();
        blocking.extend(guard.map(|g| terms.not(g)));
        solver.assert(terms.or(&blocking));
    }
    if let Some(l) = lifter {
        counts.dropped = l.dropped;
        counts.evaluations = l.evaluations;
        counts.mismatches = l.mismatches;
    }
    Ok((result, models, counts))
}

fn cartesian(
    solver: &mut dyn Solver,
    terms: &TermStore,
    table: &PredicateTable,
    guard: Option<Term>,
    indicators: &[(PredicateId, Term)],
) -> Result<(Region, u64), logic::Stop> {
    let mut assumptions: Vec<Term> = guard.into_iter().collect();
    match solver.check_assuming(&assumptions) {
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
            assumptions.push(assume);
            let r = solver.check_assuming(&assumptions);
            assumptions.pop();
            match r {
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

/// How many blocks keep a solver at once (the least recently used one is dropped first),
/// and how many abstractions one solver serves before it is rebuilt: each abstraction
/// leaves its guarded region and blocking clauses behind, disabled but not deleted.
const MAX_BLOCK_SOLVERS: usize = 64;
const MAX_ABSTRACTIONS_PER_SOLVER: u32 = 256;

/// The solver of one block: its path formula asserted once, the indicator definitions of
/// the predicates seen so far, and what each abstraction adds under an activation literal.
/// It saves re-translating a block for every abstraction (#15 asked for it; CPAchecker keeps
/// its solver environment per block too); measured in `docs/engines/cegar.md`, it pays where
/// abstractions repeat on few blocks and loses on the ssh tasks, so it is not the default.
struct BlockSolver {
    solver: Box<dyn Solver>,
    defined: FxHashMap<PredicateId, Term>,
    abstractions: u32,
    last_use: u64,
}

/// Computes abstract successors along the edges of one CFA, with caches: each edge's path
/// formula is encoded once, and a successor already computed for the same region, edge
/// and predicates is not computed again (lazy re-exploration recomputes many).
pub struct Abstractor<'a> {
    cfa: &'a Cfa,
    solvers: &'a dyn SolverFactory,
    pub kind: AbstractionKind,
    edge_formulas: FxHashMap<EdgeId, (Term, SsaMap)>,
    results: FxHashMap<CacheKey, Region>,
    block_solvers: FxHashMap<EdgeId, BlockSolver>,
    /// Abstractions started, for activation-literal names and least-recently-used order.
    clock: u64,
    pub stats: AbstractionStats,
    /// Give up (an error) when one ALLSAT enumeration exceeds this many models.
    max_models: Option<u64>,
    /// Abstract on one persistent solver per block ([`BlockSolver`]) instead of a fresh
    /// solver per abstraction.
    per_block_solvers: bool,
    /// Lift ALLSAT models to cubes by evaluation (`crate::lift`).
    lifting: bool,
    /// For each group of predicates over one variable: a value for each valuation they
    /// can take together (`None`: too many, not lifted).
    valuations: FxHashMap<Vec<PredicateId>, Option<Vec<Value>>>,
}

impl<'a> Abstractor<'a> {
    pub fn new(cfa: &'a Cfa, solvers: &'a dyn SolverFactory, kind: AbstractionKind) -> Self {
        Abstractor {
            cfa,
            solvers,
            kind,
            edge_formulas: FxHashMap::default(),
            results: FxHashMap::default(),
            block_solvers: FxHashMap::default(),
            clock: 0,
            stats: AbstractionStats::default(),
            max_models: None,
            per_block_solvers: false,
            lifting: true,
            valuations: FxHashMap::default(),
        }
    }

    /// Forgets the successors computed so far (not the block solvers): benchmarks measure
    /// the solver work, not the cache.
    pub fn forget_successors(&mut self) {
        self.results.clear();
    }

    pub fn solver_name(&self) -> &'static str {
        if self.per_block_solvers {
            "per-block"
        } else {
            "fresh"
        }
    }

    pub fn with_per_block_solvers(self, per_block_solvers: bool) -> Self {
        Abstractor {
            per_block_solvers,
            ..self
        }
    }

    pub fn with_lifting(self, lifting: bool) -> Self {
        Abstractor { lifting, ..self }
    }

    /// What lifting needs for the predicates `preds` and their `instances` after the
    /// block (`None` when lifting is off or the abstraction is Cartesian).
    fn lifting(
        &mut self,
        table: &PredicateTable,
        phi: Term,
        preds: &[PredicateId],
        instances: &[Term],
    ) -> Option<Lifting> {
        if !self.lifting || self.kind != AbstractionKind::Boolean {
            return None;
        }
        let terms = &*self.cfa.terms;
        let mut by_var: FxHashMap<VarId, Vec<usize>> = FxHashMap::default();
        for (k, p) in instances.iter().enumerate() {
            let vars = terms.free_vars(*p);
            if vars.len() == 1 {
                by_var
                    .entry(*vars.first().expect("one"))
                    .or_default()
                    .push(k);
            }
        }
        let mut groups = Vec::new();
        for (post, members) in by_var {
            let ids: Vec<PredicateId> = members.iter().map(|k| preds[*k]).collect();
            let solvers = self.solvers;
            let witnesses = self
                .valuations
                .entry(ids.clone())
                .or_insert_with(|| {
                    let base = terms.ssa_base(post).map_or(post, |(b, _)| b);
                    let over_base: Vec<Term> = ids.iter().map(|p| table.term(*p)).collect();
                    let mut solver = solvers.new_solver();
                    lift::valuations(terms, &mut *solver, base, &over_base)
                })
                .clone();
            if let Some(witnesses) = witnesses {
                groups.push(Group {
                    predicates: members,
                    post,
                    witnesses,
                });
            }
        }
        Some(Lifting {
            phi,
            predicates: instances.to_vec(),
            groups,
        })
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
    ) -> Result<Region, logic::Stop> {
        let terms = &*self.cfa.terms;
        let r = region::to_term(terms, table, region);
        let key = (r, e, preds.to_vec());
        if let Some(res) = self.results.get(&key) {
            self.stats.cache_hits += 1;
            return Ok(res.clone());
        }
        let start = Instant::now();
        let result = if self.per_block_solvers {
            self.abstract_on_block_solver(table, r, e, preds)
        } else {
            self.abstract_on_fresh_solver(table, r, e, preds)
        };
        self.stats.time += start.elapsed();
        let (res, models, counts) = result?;
        let st = &mut self.stats;
        st.computations += 1;
        st.predicates_sum += preds.len() as u64;
        st.predicates_max = st.predicates_max.max(preds.len() as u64);
        if self.kind == AbstractionKind::Boolean {
            st.models_sum += models;
            st.lifted_literals += counts.dropped;
            st.lift_evaluations += counts.evaluations;
            st.lift_mismatches += counts.mismatches;
            st.models_max = st.models_max.max(models);
        }
        if res.is_false() {
            st.infeasible += 1;
        }
        self.results.insert(key, res.clone());
        Ok(res)
    }

    /// The abstraction of `r@0 ∧ pf(e)` over `preds`, on a solver of its own.
    fn abstract_on_fresh_solver(
        &mut self,
        table: &PredicateTable,
        r: Term,
        e: EdgeId,
        preds: &[PredicateId],
    ) -> Result<(Region, u64, LiftCounts), logic::Stop> {
        let terms = &*self.cfa.terms;
        let (f, ssa) = self.edge_formula(e);
        let phi = terms.and2(terms.rename_ssa(r, &mut |_| 0), f);
        let instances: Vec<(PredicateId, Term)> = preds
            .iter()
            .map(|p| (*p, terms.rename_ssa(table.term(*p), &mut |v| ssa.index(v))))
            .collect();
        let instance_terms: Vec<Term> = instances.iter().map(|(_, t)| *t).collect();
        let lifting = self.lifting(table, phi, preds, &instance_terms);
        let mut solver = self.solvers.new_solver();
        let indicators = assert_with_indicators(&mut *solver, terms, phi, &instances);
        enumerate(
            &mut *solver,
            terms,
            table,
            self.kind,
            None,
            &indicators,
            AllsatOptions {
                max_models: self.max_models,
                lifting,
            },
        )
    }

    /// The abstraction of `r@0 ∧ pf(e)` over `preds`, on `e`'s block solver: `r@0` is
    /// asserted under a fresh activation literal that is assumed by each check and
    /// disabled for good afterwards.
    fn abstract_on_block_solver(
        &mut self,
        table: &PredicateTable,
        r: Term,
        e: EdgeId,
        preds: &[PredicateId],
    ) -> Result<(Region, u64, LiftCounts), logic::Stop> {
        let terms = &*self.cfa.terms;
        let (f, ssa) = self.edge_formula(e);
        self.clock += 1;
        let now = self.clock;
        if self
            .block_solvers
            .get(&e)
            .is_some_and(|b| b.abstractions >= MAX_ABSTRACTIONS_PER_SOLVER)
        {
            self.block_solvers.remove(&e);
        }
        if !self.block_solvers.contains_key(&e) && self.block_solvers.len() >= MAX_BLOCK_SOLVERS {
            let oldest = self
                .block_solvers
                .iter()
                .min_by_key(|(_, b)| b.last_use)
                .map(|(e, _)| *e)
                .expect("a full map has an entry");
            self.block_solvers.remove(&oldest);
        }
        let r0 = terms.rename_ssa(r, &mut |_| 0);
        let instances: Vec<Term> = preds
            .iter()
            .map(|p| terms.rename_ssa(table.term(*p), &mut |v| ssa.index(v)))
            .collect();
        let lifting = self.lifting(table, terms.and2(r0, f), preds, &instances);
        let solvers = self.solvers;
        let block = self.block_solvers.entry(e).or_insert_with(|| {
            let mut solver = solvers.new_solver();
            solver.assert(f);
            BlockSolver {
                solver,
                defined: FxHashMap::default(),
                abstractions: 0,
                last_use: now,
            }
        });
        block.abstractions += 1;
        block.last_use = now;
        let mut indicators = Vec::with_capacity(preds.len());
        for (p, instance) in preds.iter().zip(&instances) {
            let b = match block.defined.get(p) {
                Some(b) => *b,
                None => {
                    let b = indicator(terms, *p);
                    block.solver.assert(terms.iff(b, *instance));
                    block.defined.insert(*p, b);
                    b
                }
            };
            indicators.push((*p, b));
        }
        let guard = terms.var(&format!("cegar.act!{now}"), Sort::Bool);
        block.solver.assert(terms.or(&[terms.not(guard), r0]));
        let result = enumerate(
            &mut *block.solver,
            terms,
            table,
            self.kind,
            Some(guard),
            &indicators,
            AllsatOptions {
                max_models: self.max_models,
                lifting,
            },
        );
        block.solver.assert(terms.not(guard));
        result
    }
}
