//! The CEGAR loop (docs/design.md §6): build the ART with abstract successors, analyse each
//! abstract path that reaches an error location, and either report the real bug or refine
//! the precision and re-explore lazily.

use crate::abstraction::{AbstractionKind, AbstractionStats, Abstractor};
use crate::art::{Art, NodeId};
use crate::blocks::BlockOperator;
use crate::certificate::{self, Certificate, CertificateStats, PointFormula};
use crate::dependence::{DependenceStats, Dependences};
use crate::dot::art_to_dot;
use crate::precision::{canonical_predicate, Precision, PrecisionScope, PredicateTable};
use crate::refine::{self, RefineKind};
use crate::region::{self, Region};
use crate::split::{SplitContext, SplitKind, SplitStrategy};
use crate::waitlist::{SearchOrder, Waitlist};
use cfa::{Cfa, EdgeId, LbeLevel, LbeStats, LocationId};
use logic::{SatResult, SolverFactory, Term};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};
use witness::{concretize, Counterexample};

/// Time for the whole check that a refinement's interpolants form a valid sequence.
const VALID_SEQUENCE_BUDGET: Duration = Duration::from_secs(5);

#[derive(Clone, Debug)]
pub struct CegarOptions {
    pub block: BlockOperator,
    pub search: SearchOrder,
    pub abstraction: AbstractionKind,
    pub refine: RefineKind,
    pub split: SplitKind,
    pub precision: PrecisionScope,
    /// Give up (UNKNOWN) after this many refinements.
    pub max_refinements: u32,
    /// Check the certificate of a TRUE verdict on the single-block CFA.
    pub certify: bool,
    /// Give up (UNKNOWN) at this instant.
    pub deadline: Option<Instant>,
    /// Draw the final ART (`CegarRun::art_dot`).
    pub dot_art: bool,
    /// Report each refinement (path length, method, new predicates) on standard error.
    pub verbose: bool,
    /// Add invariant candidates guessed from executions at loop heads that a refined
    /// path unrolls (`candidates.rs`).
    pub guess_invariants: bool,
    /// Give up (UNKNOWN, "ALLSAT explosion") when one Boolean abstraction has more models:
    /// the signal on which `--split auto` moves on to the next strategy.
    pub max_allsat_models: Option<u64>,
    /// Abstract on one persistent solver per block (the block formula translated once,
    /// each abstraction under an activation literal) instead of a fresh solver each time.
    pub per_block_solvers: bool,
    /// Boolean abstraction: lift each ALLSAT model to a cube by evaluation (`lift.rs`),
    /// dropping the predicates its path does not constrain; fewer solver calls, a region
    /// of the same meaning.
    pub allsat_lifting: bool,
}

impl Default for CegarOptions {
    fn default() -> Self {
        CegarOptions {
            block: BlockOperator::Lbe(LbeLevel::Full),
            search: SearchOrder::Rpo,
            abstraction: AbstractionKind::Boolean,
            refine: RefineKind::Wp,
            split: SplitKind::Atomic,
            precision: PrecisionScope::Location,
            max_refinements: 1000,
            certify: true,
            deadline: None,
            dot_art: false,
            verbose: false,
            guess_invariants: true,
            max_allsat_models: None,
            per_block_solvers: false,
            allsat_lifting: true,
        }
    }
}

#[derive(Clone, Debug)]
pub enum CegarOutcome {
    /// No error location is reachable (certified when the options ask for it).
    Safe,
    /// A checked counterexample on [`CegarRun::cfa`].
    Unsafe(Counterexample),
    Unknown(logic::Stop),
}

/// The statistics of docs/design.md §6, and the names of the implementations that ran.
#[derive(Clone, Debug, Default)]
pub struct CegarStats {
    pub block: &'static str,
    pub search: &'static str,
    pub abstraction_kind: &'static str,
    /// `fresh` or `per-block` (the solver each abstraction runs on).
    pub abstraction_solver: &'static str,
    pub refine_kind: &'static str,
    pub split: &'static str,
    pub precision_scope: &'static str,
    /// The CFA the analysis ran on (abstraction points = its locations).
    pub blocks: LbeStats,
    /// The dependence graph of the split strategy, when it needs one.
    pub dependences: Option<DependenceStats>,
    /// ART nodes ever created, alive at the end, covered at the end.
    pub art_nodes: u64,
    pub art_live: u64,
    pub art_covered: u64,
    pub art_removed: u64,
    pub max_waitlist: u64,
    pub abstraction: AbstractionStats,
    pub refinements: u64,
    /// Predicates guessed at loop heads, and the loop heads sampled.
    pub guessed_predicates: u64,
    pub sampled_loop_heads: u64,
    /// Refinements whose progress followed from the interpolants (no abstraction needed).
    pub progress_by_interpolants: u64,
    /// Refinement methods used, e.g. "wp" or "sp-approx" (per refinement, in order,
    /// consecutive repeats merged as `wp×12`).
    pub refine_methods: Vec<(&'static str, u64)>,
    pub predicates: u64,
    pub max_predicates_per_location: u64,
    pub qe_calls: u64,
    pub qe_failures: u64,
    /// Primitive statement occurrences on refined paths, and those kept by unsat cores.
    pub path_occurrences: u64,
    pub core_occurrences: u64,
    pub refinement_time: Duration,
    pub certificate: Option<Certificate>,
    pub certificate_stats: CertificateStats,
    pub time: Duration,
}

pub struct CegarRun {
    pub outcome: CegarOutcome,
    pub stats: CegarStats,
    /// The CFA the analysis ran on; a counterexample's path is over its edges.
    pub cfa: Cfa,
    pub art_dot: Option<String>,
    /// For a certified TRUE: the certificate's formula at every abstraction point
    /// (indexed by location of the single-block CFA; over program variables) — the
    /// raw material of correctness witnesses.
    pub invariant: Option<Vec<Option<Term>>>,
    /// The certificate as it was checked (per location of the single-block CFA, the
    /// point's disjuncts with the ART's successor hints), whatever the check found: what
    /// the certificate benchmark checks again on a fixed ART.
    pub certificate_points: Option<Vec<Option<PointFormula>>>,
}

/// Runs predicate abstraction with CEGAR on the single-block CFA `sbe`.
pub fn cegar(sbe: &Cfa, solvers: &dyn SolverFactory, opts: &CegarOptions) -> CegarRun {
    cegar_with(sbe, solvers, solvers, opts)
}

/// [`cegar`] with the abstractions' and the certificate's checks on solvers of their own
/// kind (`abstraction_solvers`, e.g. bit-blasting to SAT; the certificate gets fresh ones);
/// refinement and counterexamples use `solvers`.
pub fn cegar_with(
    sbe: &Cfa,
    solvers: &dyn SolverFactory,
    abstraction_solvers: &dyn SolverFactory,
    opts: &CegarOptions,
) -> CegarRun {
    let start = Instant::now();
    let (cfa, blocks) = opts.block.apply(sbe);
    // Computed once, before the analysis, on the single-block CFA (whose locations the
    // analysis CFA keeps), and timed on its own.
    let deps = opts
        .split
        .needs_dependences()
        .then(|| Rc::new(Dependences::new(sbe)));
    let split = opts.split.strategy(deps.clone());
    let mut stats = CegarStats {
        block: opts.block.name(),
        refine_kind: opts.refine.name(),
        blocks,
        dependences: deps.as_ref().map(|d| d.stats.clone()),
        ..Default::default()
    };
    let table = PredicateTable::new();
    let root_region = region::top(&table);
    let mut run = Run {
        sbe,
        sampled: Vec::new(),
        cfa: &cfa,
        solvers,
        opts,
        split: &*split,
        table,
        precision: Precision::new(opts.precision, cfa.location_capacity()),
        abstractor: Abstractor::new(&cfa, abstraction_solvers, opts.abstraction)
            .with_max_models(opts.max_allsat_models)
            .with_per_block_solvers(opts.per_block_solvers)
            .with_lifting(opts.allsat_lifting),
        art: Art::new(cfa.location_capacity(), cfa.init(), root_region),
        waitlist: Waitlist::new(opts.search, &cfa),
        stats: &mut stats,
        certificate_points: None,
    };
    let outcome = run.explore();
    let outcome = match outcome {
        CegarOutcome::Safe if opts.certify => run.certify(sbe, abstraction_solvers),
        o => o,
    };
    let art_dot = opts.dot_art.then(|| art_to_dot(&run.art, &cfa, &run.table));
    let certificate_points = run.certificate_points.take();
    // The checked certificate's formulas, when the check let TRUE stand.
    let invariant = match (&outcome, &certificate_points) {
        (CegarOutcome::Safe, Some(points)) => Some(
            points
                .iter()
                .map(|p| p.as_ref().map(|p| p.formula(&cfa.terms)))
                .collect(),
        ),
        _ => None,
    };
    run.finish_stats();
    stats.time = start.elapsed();
    CegarRun {
        outcome,
        stats,
        cfa,
        art_dot,
        invariant,
        certificate_points,
    }
}

struct Run<'a> {
    /// The single-block CFA (for sampling executions).
    sbe: &'a Cfa,
    /// Loop heads whose candidates have been added.
    sampled: Vec<cfa::LocationId>,
    cfa: &'a Cfa,
    solvers: &'a dyn SolverFactory,
    opts: &'a CegarOptions,
    split: &'a dyn SplitStrategy,
    table: PredicateTable,
    precision: Precision,
    abstractor: Abstractor<'a>,
    art: Art,
    waitlist: Waitlist,
    stats: &'a mut CegarStats,
    /// What `certify` checked.
    certificate_points: Option<Vec<Option<PointFormula>>>,
}

enum Analysis {
    Refined,
    Stop(CegarOutcome),
}

impl Run<'_> {
    fn push_successors(&mut self, n: NodeId) {
        let loc = self.art.node(n).loc;
        for e in self.cfa.out_edges(loc) {
            self.waitlist.push(self.cfa, (n, *e));
        }
    }

    fn explore(&mut self) -> CegarOutcome {
        let root = self.art.root();
        self.push_successors(root);
        self.stats.art_nodes = 1;
        loop {
            if self.opts.deadline.is_some_and(|d| Instant::now() >= d) {
                return CegarOutcome::Unknown(logic::Stop::Timeout);
            }
            let Some((n, e)) = self.waitlist.pop() else {
                return CegarOutcome::Safe;
            };
            if !self.art.is_active(n) {
                continue;
            }
            let dst = self.cfa.edge(e).dst;
            let preds = self.precision.at(dst).to_vec();
            let parent_region = self.art.node(n).region.clone();
            let r = match self
                .abstractor
                .successor(&self.table, &parent_region, e, &preds)
            {
                Ok(r) => r,
                Err(why) => return CegarOutcome::Unknown(why),
            };
            if r.is_false() {
                continue;
            }
            let child = self.art.add_child(n, e, dst, r, preds.len());
            self.stats.art_nodes += 1;
            if self.cfa.is_error(dst) {
                match self.analyse(child) {
                    Analysis::Refined => continue,
                    Analysis::Stop(o) => return o,
                }
            }
            if !self.art.cover_or_register(child) {
                self.push_successors(child);
            }
        }
    }

    /// Counterexample analysis of the abstract path to `error_node`.
    fn analyse(&mut self, error_node: NodeId) -> Analysis {
        let nodes = self.art.path_to(error_node);
        let edges: Vec<EdgeId> = nodes[1..]
            .iter()
            .map(|n| self.art.node(*n).edge.expect("a non-root node has an edge"))
            .collect();
        match witness::checked(self.cfa, concretize(self.cfa, &edges, self.solvers)) {
            Err(why) => return Analysis::Stop(CegarOutcome::Unknown(why)),
            Ok(Some(cex)) => return Analysis::Stop(CegarOutcome::Unsafe(cex)),
            Ok(None) => {}
        }
        let start = Instant::now();
        let result = self.refine(&nodes, &edges);
        self.stats.refinement_time += start.elapsed();
        match result {
            Ok(()) => Analysis::Refined,
            Err(why) => Analysis::Stop(CegarOutcome::Unknown(why)),
        }
    }

    fn refine(&mut self, nodes: &[NodeId], edges: &[EdgeId]) -> Result<(), logic::Stop> {
        self.stats.refinements += 1;
        logic::progress::reached(logic::progress::Milestone::Refinements(
            self.stats.refinements,
        ));
        if self.stats.refinements > self.opts.max_refinements as u64 {
            return Err(logic::Stop::Bound(format!(
                "refinement limit ({}) reached",
                self.opts.max_refinements
            )));
        }
        let itp = refine::interpolants(
            self.cfa,
            self.solvers,
            edges,
            self.opts.refine,
        )?;
        self.record_method(itp.method);
        self.stats.qe_calls += itp.qe_calls;
        self.stats.qe_failures += itp.qe_failures;
        self.stats.path_occurrences += itp.occurrences as u64;
        self.stats.core_occurrences += itp.core_size as u64;
        let terms = &*self.cfa.terms;
        let mut added: Vec<(cfa::LocationId, Term)> = Vec::new();
        // Inner positions only: I_0 is valid at the root, I_k = false at the error.
        for (i, node) in nodes.iter().enumerate().take(nodes.len() - 1).skip(1) {
            let loc = self.art.node(*node).loc;
            let f = itp.formulas[i];
            let mut preds: Vec<Term> = Vec::new();
            if terms.as_bool_const(f).is_none() {
                let ctx = SplitContext {
                    cfa: self.cfa,
                    path: edges,
                    position: i,
                };
                preds.extend(self.split.split(terms, f, &ctx));
            }
            preds.extend(itp.extra.iter().copied());
            for p in preds {
                if let Some(p) = self.track(loc, p)? {
                    added.push((loc, p));
                }
            }
        }
        if self.opts.guess_invariants {
            self.guess_at_unrolled_loop_heads(nodes, &mut added)?;
        }
        if self.opts.verbose {
            eprintln!(
                "cegar: refinement {}: path of {} blocks, {} ({} of {} statements in the core), {} new predicates",
                self.stats.refinements,
                edges.len(),
                itp.method,
                itp.core_size,
                itp.occurrences,
                added.len()
            );
            for (loc, p) in &added {
                eprintln!(
                    "  at {}: {}",
                    self.cfa.location(*loc).name,
                    terms.display(*p)
                );
            }
        }
        if !self.progress(nodes, edges, &itp.formulas)? {
            return Err("refinement made no progress".into());
        }
        // Lazy re-exploration from the first node whose precision changed.
        let pivot = nodes[1..]
            .iter()
            .copied()
            .find(|n| {
                let node = self.art.node(*n);
                node.precision_size < self.precision.at(node.loc).len()
            })
            .ok_or("refinement made no progress")?;
        let parent = self
            .art
            .node(pivot)
            .parent
            .expect("the pivot is not the root");
        let edge = self.art.node(pivot).edge.expect("the pivot has an edge");
        let freed = self.art.remove_subtree(pivot);
        self.waitlist.push(self.cfa, (parent, edge));
        for f in freed {
            if !self.art.cover_or_register(f) {
                self.push_successors(f);
            }
        }
        Ok(())
    }

    /// Adds predicate `p` (canonicalised) to the precision at `loc`; returns it if it was
    /// not tracked there yet. Constants are never predicates.
    fn track(&mut self, loc: cfa::LocationId, p: Term) -> Result<Option<Term>, logic::Stop> {
        let p = canonical_predicate(&self.cfa.terms, p);
        if self.cfa.terms.as_bool_const(p).is_some() {
            return Ok(None);
        }
        let id = self
            .table
            .intern(p)
            .ok_or("too many predicates for the BDD variable set")?;
        Ok(self.precision.add(loc, id).then_some(p))
    }

    /// Adds invariant candidates at every loop head that the path visits twice or more
    /// (an unrolled loop: the refinement alone would go on unrolling it), once per head.
    fn guess_at_unrolled_loop_heads(
        &mut self,
        nodes: &[NodeId],
        added: &mut Vec<(cfa::LocationId, Term)>,
    ) -> Result<(), logic::Stop> {
        let mut visits: rustc_hash::FxHashMap<cfa::LocationId, usize> = Default::default();
        for n in nodes {
            *visits.entry(self.art.node(*n).loc).or_default() += 1;
        }
        let mut heads: Vec<cfa::LocationId> = visits
            .into_iter()
            .filter(|(l, k)| *k >= 2 && !self.sampled.contains(l))
            .map(|(l, _)| l)
            .collect();
        heads.sort();
        for h in heads {
            self.sampled.push(h);
            self.stats.sampled_loop_heads += 1;
            let seed = 0x5eed_u64 ^ h.index() as u64;
            let related: Vec<Term> = self
                .precision
                .at(h)
                .iter()
                .map(|p| self.table.term(*p))
                .collect();
            let cands = crate::candidates::loop_head_candidates(
                self.sbe,
                self.cfa,
                h,
                &related,
                self.solvers,
                seed,
            );
            for p in cands {
                if let Some(p) = self.track(h, p)? {
                    self.stats.guessed_predicates += 1;
                    added.push((h, p));
                }
            }
        }
        Ok(())
    }

    /// Whether the abstract path `edges` is infeasible under the current precision (DESIGN
    /// §6: a refinement must exclude the path it was made for).
    ///
    /// With Boolean abstraction this follows, without computing a single abstraction, when
    /// the interpolants form a valid sequence for the path and each is a Boolean
    /// combination of the predicates tracked where it holds: Boolean abstraction is the
    /// strongest over-approximation such combinations can express, so by induction the
    /// abstract state after `e_i` implies `I_i`, and `I_k` is false. The sequence is
    /// checked, not trusted (approximated quantifier elimination can break it). Otherwise
    /// the abstract path is recomputed, which for many predicates means many ALLSAT models.
    fn progress(
        &mut self,
        nodes: &[NodeId],
        edges: &[EdgeId],
        itps: &[Term],
    ) -> Result<bool, logic::Stop> {
        if self.abstractor.kind == AbstractionKind::Boolean
            && self.expressible(nodes, itps)
            && self.valid_sequence(edges, itps)
        {
            self.stats.progress_by_interpolants += 1;
            return Ok(true);
        }
        let mut r: Region = region::top(&self.table);
        for e in edges {
            let dst = self.cfa.edge(*e).dst;
            let preds = self.precision.at(dst).to_vec();
            r = self.abstractor.successor(&self.table, &r, *e, &preds)?;
            if r.is_false() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether every inner interpolant is a Boolean combination of the predicates of its
    /// node's location (as a whole, or atom by atom).
    fn expressible(&self, nodes: &[NodeId], itps: &[Term]) -> bool {
        let terms = &*self.cfa.terms;
        let tracked = |loc, p: Term| {
            let p = canonical_predicate(terms, p);
            terms.as_bool_const(p).is_some()
                || self
                    .table
                    .lookup(p)
                    .is_some_and(|id| self.precision.at(loc).binary_search(&id).is_ok())
        };
        (1..nodes.len() - 1).all(|i| {
            let loc = self.art.node(nodes[i]).loc;
            tracked(loc, itps[i]) || terms.atoms(itps[i]).into_iter().all(|a| tracked(loc, a))
        })
    }

    /// `I_0` valid, `I_{i-1} ∧ pf(e_i) ⇒ I_i` for every edge, `I_k` unsatisfiable.
    ///
    /// The checks share `VALID_SEQUENCE_BUDGET`; one that does not end within it counts
    /// as not shown, and the abstract path is recomputed instead (on systemc's `toy` one
    /// implication over a large block ran for over a minute).
    fn valid_sequence(&mut self, edges: &[EdgeId], itps: &[Term]) -> bool {
        let terms = &*self.cfa.terms;
        let mut solver = self.solvers.new_solver();
        let until = Instant::now() + VALID_SEQUENCE_BUDGET;
        let holds = |solver: &mut dyn logic::Solver, f: Term| {
            solver.set_timeout(Some(until.saturating_duration_since(Instant::now())));
            solver.check_assuming(&[terms.not(f)]) == SatResult::Unsat
        };
        if !holds(&mut *solver, terms.rename_ssa(itps[0], &mut |_| 0)) {
            return false;
        }
        for (i, e) in edges.iter().enumerate() {
            let (f, ssa) = self.abstractor.edge_formula(*e);
            let before = terms.rename_ssa(itps[i], &mut |_| 0);
            let after = terms.rename_ssa(itps[i + 1], &mut |v| ssa.index(v));
            if !holds(&mut *solver, terms.implies(terms.and2(before, f), after)) {
                return false;
            }
        }
        true
    }

    fn record_method(&mut self, m: &'static str) {
        match self.stats.refine_methods.last_mut() {
            Some((last, n)) if *last == m => *n += 1,
            _ => self.stats.refine_methods.push((m, 1)),
        }
    }

    /// Checks the final ART's certificate; a failure turns TRUE into UNKNOWN.
    fn certify(&mut self, sbe: &Cfa, cert_solvers: &dyn SolverFactory) -> CegarOutcome {
        let points = self.certificate_points();
        let (cert, cstats) = certificate::check_points(sbe, &points, cert_solvers);
        self.certificate_points = Some(points);
        self.stats.certificate_stats = cstats;
        self.stats.certificate = Some(cert.clone());
        match cert {
            Certificate::Valid => CegarOutcome::Safe,
            Certificate::Invalid(why) => CegarOutcome::Unknown(
                format!("internal error: the certificate of TRUE does not hold ({why})").into(),
            ),
            Certificate::Unknown(why) => CegarOutcome::Unknown(
                format!("the certificate could not be checked ({why})").into(),
            ),
        }
    }

    /// Per abstraction point, the regions of its live uncovered nodes; per node, where
    /// its children went (the child, or the node that covers it).
    fn certificate_points(&self) -> Vec<Option<PointFormula>> {
        let terms = &*self.cfa.terms;
        let uncovered = self.art.uncovered_by_location();
        let mut index: FxHashMap<NodeId, usize> = FxHashMap::default();
        for nodes in uncovered {
            for (i, n) in nodes.iter().enumerate() {
                index.insert(*n, i);
            }
        }
        let mut points: Vec<Option<PointFormula>> = vec![None; self.sbe.location_capacity()];
        for l in self.cfa.locations() {
            let nodes = &uncovered[l.index()];
            let disjuncts = nodes
                .iter()
                .map(|n| region::to_term(terms, &self.table, &self.art.node(*n).region))
                .collect();
            let successors = nodes
                .iter()
                .map(|n| {
                    let mut succ: FxHashMap<LocationId, Vec<usize>> = FxHashMap::default();
                    for child in &self.art.node(*n).children {
                        let c = self.art.node(*child);
                        let target = c.covered_by.unwrap_or(*child);
                        // A child whose place is not known leaves the node without hints.
                        let j = *index.get(&target)?;
                        succ.entry(c.loc).or_default().push(j);
                    }
                    Some(succ)
                })
                .collect();
            points[l.index()] = Some(PointFormula {
                disjuncts,
                successors,
            });
        }
        points
    }

    fn finish_stats(&mut self) {
        let s = &mut *self.stats;
        // The names of the implementations that actually ran.
        s.search = self.waitlist.order().name();
        s.abstraction_kind = self.abstractor.kind.name();
        s.abstraction_solver = self.abstractor.solver_name();
        s.split = self.split.name();
        s.precision_scope = self.precision.scope().name();
        s.art_live = self.art.num_live() as u64;
        s.art_covered = self.art.num_covered() as u64;
        s.art_removed = self.art.removed;
        s.max_waitlist = self.waitlist.max_size as u64;
        s.abstraction = self.abstractor.stats.clone();
        s.predicates = self.table.len() as u64;
        s.max_predicates_per_location = self
            .cfa
            .locations()
            .map(|l| self.precision.at(l).len() as u64)
            .max()
            .unwrap_or(0);
    }
}
