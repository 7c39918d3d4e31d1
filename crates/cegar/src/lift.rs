//! Lifting an ALLSAT model to a cube by evaluation: predicates the model's path does not
//! constrain are dropped from the point before it is added and blocked.
//!
//! Boolean abstraction enumerates the points of a block's image over the target
//! predicates, one solver model per point (docs/design.md §6). On the ssh state machines most
//! points differ from one already found only in predicates over variables that the
//! model's path through the block does not constrain — variables the block does not
//! touch, or copies unchanged. On s3_srvr_7 the loop block's largest abstraction has
//! 4,448 points, a factor of 32 of them from six such predicates, and each point costs a
//! SAT call over the whole blasted block.
//!
//! A *group* is the set of predicates whose only variable is `x`. Its *valuations* are
//! the truth values its predicates can take together, each with a value of `x` that
//! gives it (found once per group by a small ALLSAT over the predicates alone). After a
//! solver model, `x` is set to each valuation's value — together with every SSA instance
//! of `x` that holds the same value in the model, which follows the block's frame copies —
//! and the formula is evaluated again where it depends on `x`
//! ([`logic::program::Program`]). If the formula holds for every valuation (and every
//! combination with the groups dropped before) and no predicate outside the group changes,
//! every state that agrees with the point outside the group is the image of a model, so
//! the group's literals are dropped from the cube. The cube's meaning (the states whose
//! predicates it allows) is then exactly covered by models: it only adds valuations no
//! state has. The solver's model is checked against the formula first, so nothing of it is
//! trusted beyond evaluation.

use logic::program::{Evaluation, Program};
use logic::{Solver, Sort, Term, TermStore, Value, VarId};
use rustc_hash::FxHashMap;

/// Evaluations allowed after one solver model (the checks multiply over dropped groups).
const EVALUATIONS_PER_MODEL: usize = 512;
/// A group that could not be dropped from this many models, and from none before, is not
/// tried again in the abstraction (its variable is constrained on every path).
const FAILURES_BEFORE_GIVING_UP: u32 = 8;

/// The predicates (indices into the abstraction's predicates) whose only variable is
/// `post`, the instance after the block, and a value of it for each valuation they can
/// take together.
pub struct Group {
    pub predicates: Vec<usize>,
    pub post: VarId,
    pub witnesses: Vec<Value>,
}

struct GroupState {
    group: Group,
    /// The SSA instances of the group's variable in the formula.
    instances: Vec<VarId>,
    failures: u32,
    successes: u32,
}

/// The formula of one abstraction and its predicates, compiled for re-evaluation.
pub struct Lifter {
    program: Program,
    predicates: usize,
    groups: Vec<GroupState>,
    /// Re-evaluations done; literals dropped; solver models whose evaluation disagreed
    /// with the solver (nothing is dropped from those).
    pub evaluations: u64,
    pub dropped: u64,
    pub mismatches: u64,
}

impl Lifter {
    /// For the formula `phi` the solver holds and the predicates' instances after the
    /// block, in the order of the ALLSAT indicators; `None` when there is no group or the
    /// formula cannot be re-evaluated (quantifiers, arrays).
    pub fn new(
        terms: &TermStore,
        phi: Term,
        predicates: &[Term],
        groups: Vec<Group>,
    ) -> Option<Lifter> {
        if groups.is_empty() {
            return None;
        }
        let mut roots = vec![phi];
        roots.extend_from_slice(predicates);
        let program = terms.program(&roots)?;
        if program
            .vars()
            .any(|v| matches!(terms.var_sort(v), Sort::Array(..)))
        {
            return None;
        }
        let mut instances: FxHashMap<VarId, Vec<VarId>> = FxHashMap::default();
        for v in program.vars() {
            if let Some((base, _)) = terms.ssa_base(v) {
                instances.entry(base).or_default().push(v);
            }
        }
        let mut groups: Vec<GroupState> = groups
            .into_iter()
            .filter(|g| g.witnesses.len() > 1)
            .map(|group| {
                let base = terms.ssa_base(group.post).map_or(group.post, |(b, _)| b);
                let mut inst = instances.get(&base).cloned().unwrap_or_default();
                if !inst.contains(&group.post) {
                    inst.push(group.post);
                }
                inst.sort();
                GroupState {
                    group,
                    instances: inst,
                    failures: 0,
                    successes: 0,
                }
            })
            .collect();
        // Small groups first: each dropped group multiplies the checks of the next.
        groups.sort_by_key(|g| (g.group.witnesses.len(), g.group.post));
        Some(Lifter {
            program,
            predicates: predicates.len(),
            groups,
            evaluations: 0,
            dropped: 0,
            mismatches: 0,
        })
    }

    /// The cube (`None`: the literal is dropped) lifted from the solver's current model,
    /// whose point is `point`.
    pub fn lift(
        &mut self,
        terms: &TermStore,
        solver: &mut dyn Solver,
        point: &[bool],
    ) -> Vec<Option<bool>> {
        let mut cube: Vec<Option<bool>> = point.iter().map(|b| Some(*b)).collect();
        let Some(base) = self.base(terms, solver, point) else {
            self.mismatches += 1;
            return cube;
        };
        let mut budget = EVALUATIONS_PER_MODEL;
        // The assignments that cover every combination of valuations of the groups
        // dropped so far: their changes from the model.
        let mut combinations: Vec<Vec<(VarId, Value)>> = vec![Vec::new()];
        for g in &mut self.groups {
            if g.successes == 0 && g.failures >= FAILURES_BEFORE_GIVING_UP {
                continue;
            }
            let needed = combinations.len() * g.group.witnesses.len();
            if needed > budget {
                continue;
            }
            budget -= needed;
            let value = self.program.var_value(&base, g.group.post);
            let copies: Vec<VarId> = g
                .instances
                .iter()
                .copied()
                .filter(|v| self.program.var_value(&base, *v) == value)
                .collect();
            let mut next = Vec::with_capacity(needed);
            let mut holds = true;
            'all: for changes in &combinations {
                for w in &g.group.witnesses {
                    let mut c = changes.clone();
                    c.extend(copies.iter().map(|v| (*v, w.clone())));
                    self.evaluations += 1;
                    let Ok(roots) = self.program.reevaluate(&base, &c) else {
                        holds = false;
                        break 'all;
                    };
                    // Predicates of this group and of the groups dropped before vary; every
                    // other one must keep the point's value.
                    let others_unchanged = roots[1..].iter().enumerate().all(|(k, r)| {
                        cube[k].is_none()
                            || g.group.predicates.contains(&k)
                            || r.as_bool() == Some(point[k])
                    });
                    if roots[0] != Value::Bool(true) || !others_unchanged {
                        holds = false;
                        break 'all;
                    }
                    next.push(c);
                }
            }
            if holds {
                for k in &g.group.predicates {
                    cube[*k] = None;
                }
                self.dropped += g.group.predicates.len() as u64;
                g.successes += 1;
                combinations = next;
            } else {
                g.failures += 1;
            }
        }
        cube
    }

    /// The evaluation under the solver's model, when it satisfies the formula and gives
    /// `point`; variables the solver has no value for get `Value::zero`.
    fn base(
        &self,
        terms: &TermStore,
        solver: &mut dyn Solver,
        point: &[bool],
    ) -> Option<Evaluation> {
        let mut values: FxHashMap<VarId, Value> = FxHashMap::default();
        for v in self.program.vars() {
            let value = solver
                .value(terms.var_term(v))
                .unwrap_or_else(|| Value::zero(terms.var_sort(v)));
            values.insert(v, value);
        }
        let base = self
            .program
            .evaluate(terms, &|v| values.get(&v).cloned())
            .ok()?;
        let holds = *base.root(&self.program, 0) == Value::Bool(true);
        let same_point = (0..self.predicates)
            .all(|k| base.root(&self.program, k + 1).as_bool() == Some(point[k]));
        (holds && same_point).then_some(base)
    }
}

/// Most valuations a group may have (beyond it, the group is not lifted).
pub const MAX_VALUATIONS: usize = 64;

/// A value of `x` for each valuation that the predicates `preds` (over `x` alone) can take
/// together, by ALLSAT on `solver`; `None` when there are more than [`MAX_VALUATIONS`] or
/// the solver gives up.
pub fn valuations(
    terms: &TermStore,
    solver: &mut dyn Solver,
    x: VarId,
    preds: &[Term],
) -> Option<Vec<Value>> {
    let indicators: Vec<Term> = preds
        .iter()
        .map(|p| {
            let b = terms.fresh_var("cegar.lift", Sort::Bool);
            solver.assert(terms.iff(b, *p));
            b
        })
        .collect();
    let xt = terms.var_term(x);
    let mut witnesses = Vec::new();
    loop {
        match solver.check() {
            logic::SatResult::Unsat => return Some(witnesses),
            logic::SatResult::Unknown(_) => return None,
            logic::SatResult::Sat => {}
        }
        if witnesses.len() == MAX_VALUATIONS {
            return None;
        }
        let w = solver
            .value(xt)
            .unwrap_or_else(|| Value::zero(terms.var_sort(x)));
        // The valuation is read back by evaluation, so the witness is exact even if the
        // solver's value for an indicator were not.
        let valuation: Vec<bool> = preds
            .iter()
            .map(|p| {
                terms
                    .eval(*p, &|u| (u == x).then(|| w.clone()))
                    .ok()?
                    .as_bool()
            })
            .collect::<Option<_>>()?;
        let blocking: Vec<Term> = indicators
            .iter()
            .zip(&valuation)
            .map(|(b, v)| if *v { terms.not(*b) } else { *b })
            .collect();
        solver.assert(terms.or(&blocking));
        witnesses.push(w);
    }
}
