//! Light quantifier elimination: exact rewrites that remove the quantifiers weakest
//! preconditions and strongest postconditions of `havoc` introduce, before (and often
//! instead of) a solver's quantifier elimination.
//!
//! Each quantifier is pushed inward as far as it distributes (`∃` over `∨`, `∀` over `∧`),
//! the parts that do not mention its variables are pulled out of its scope, and the
//! one-point rule removes a variable fixed by an equation: `∃v. v = t ∧ R ≡ R[t/v]` and
//! `∀v. v ≠ t ∨ R ≡ R[t/v]` (with `t` free of `v`; also for equations `v ± c = t`,
//! `¬v = t`, `-v = t`, `v ⊕ c = t`, which bit-vector arithmetic inverts exactly). A
//! Boolean variable is expanded (`∃b. φ ≡ φ[⊤/b] ∨ φ[⊥/b]`). What no rule removes stays
//! quantified, in as small a scope as the rules could give it, for the solver backend.
//!
//! Every rewrite is an equivalence: the result means exactly what the input means.

use crate::term::{Op, Term, TermStore, VarId};
use rustc_hash::{FxHashMap, FxHashSet};

/// Rewrites that copy part of a formula (distribution, Boolean expansion) are allowed
/// this many times per call: without a bound, a quantifier over a sequence of `n` choices
/// would be distributed into `2^n` disjuncts.
const COPY_BUDGET: usize = 256;

/// A case split over a variable's equations is made when the cases times the body's size
/// stay below this (the builder folds most of each case away: the cases substitute
/// constants into comparisons with constants).
const MAX_CASE_SPLIT: usize = 50_000;

/// The state of one [`TermStore::qe_light`] call: the copies still allowed and the
/// problems already solved (every result is equivalent to its problem, so a result may
/// stand for every later occurrence of that problem).
struct QeRun {
    budget: usize,
    solved: FxHashMap<(bool, Vec<VarId>, Term), Term>,
}

impl TermStore {
    /// An equivalent term with quantifiers eliminated where an exact rewrite applies and
    /// pushed inward elsewhere.
    pub fn qe_light(&self, t: Term) -> Term {
        let mut memo = FxHashMap::default();
        let mut run = QeRun {
            budget: COPY_BUDGET,
            solved: FxHashMap::default(),
        };
        self.qe_walk(t, &mut memo, &mut run)
    }

    /// Whether `t` contains a quantifier.
    pub fn has_quantifier(&self, t: Term) -> bool {
        self.postorder(t, false)
            .iter()
            .any(|n| self.op(*n).is_quantifier())
    }

    fn qe_walk(&self, t: Term, memo: &mut FxHashMap<Term, Term>, run: &mut QeRun) -> Term {
        let order = self.postorder(t, false);
        if !order.iter().any(|n| self.op(*n).is_quantifier()) {
            return t;
        }
        for n in order {
            if memo.contains_key(&n) {
                continue;
            }
            let op = self.op(n);
            let new = if op.is_quantifier() {
                let args = self.args(n);
                let (bound, body) = args.split_at(args.len() - 1);
                let body = self.qe_walk(body[0], memo, run);
                let vars: Vec<VarId> = bound.iter().filter_map(|b| self.as_var(*b)).collect();
                self.eliminate(op == Op::Exists, &vars, body, run)
            } else if op.is_leaf() {
                n
            } else {
                let args = self.args(n);
                let new_args: Vec<Term> = args.iter().map(|a| memo[a]).collect();
                if new_args == args.as_slice() {
                    n
                } else {
                    self.mk(op, &new_args)
                }
            };
            memo.insert(n, new);
        }
        memo[&t]
    }

    /// `∃vars. body` (or `∀vars. body` when `!exists`), simplified; each problem solved
    /// once per call of [`TermStore::qe_light`]. The rules below distribute a quantifier
    /// over the parts of its body, and weakest preconditions share those parts: without
    /// the memo the same sub-problem is solved once per path to it in the DAG (s3_srvr_7:
    /// one variable's case split made 88,000 times in one call, 57 s).
    fn eliminate(&self, exists: bool, vars: &[VarId], body: Term, run: &mut QeRun) -> Term {
        let free = self.free_vars(body);
        let mut vars: Vec<VarId> = vars.iter().copied().filter(|v| free.contains(v)).collect();
        if vars.is_empty() {
            return body;
        }
        vars.sort_unstable();
        vars.dedup();
        let key = (exists, vars, body);
        if let Some(r) = run.solved.get(&key) {
            return *r;
        }
        let r = self.eliminate_once(exists, &key.1, body, run);
        run.solved.insert(key, r);
        r
    }

    fn eliminate_once(&self, exists: bool, vars: &[VarId], body: Term, run: &mut QeRun) -> Term {
        let set: FxHashSet<VarId> = vars.iter().copied().collect();
        let mentions = |t: Term| self.free_vars(t).iter().any(|v| set.contains(v));
        // `∃` distributes over `∨`, `∀` over `∧`.
        let (distributes, gathers) = if exists {
            (Op::Or, Op::And)
        } else {
            (Op::And, Op::Or)
        };
        let body = if exists {
            body
        } else {
            self.implies_as_or(body)
        };
        if self.op(body) == distributes {
            let parts: Vec<Term> = self
                .args(body)
                .iter()
                .map(|p| self.eliminate(exists, vars, *p, run))
                .collect();
            return self.mk(distributes, &parts);
        }
        let items: Vec<Term> = if self.op(body) == gathers {
            self.args(body).to_vec()
        } else {
            vec![body]
        };
        let (inside, outside): (Vec<Term>, Vec<Term>) =
            items.iter().copied().partition(|p| mentions(*p));
        let rest = if !outside.is_empty() {
            let inner = self.eliminate(exists, vars, self.mk(gathers, &inside), run);
            return self.mk(gathers, &[self.mk(gathers, &outside), inner]);
        } else {
            inside
        };
        // One-point rule.
        for (i, item) in rest.iter().enumerate() {
            let eq = if exists {
                Some(*item)
            } else if self.op(*item) == Op::Not {
                Some(self.arg(*item, 0))
            } else {
                None
            };
            let Some(eq) = eq else { continue };
            if let Some((v, value)) = self.solved_equation(eq, &set) {
                let mut map = FxHashMap::default();
                map.insert(self.var_term(v), value);
                let others: Vec<Term> = rest
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, p)| self.substitute(*p, &map))
                    .collect();
                let remaining: Vec<VarId> = vars.iter().copied().filter(|w| *w != v).collect();
                return self.eliminate(exists, &remaining, self.mk(gathers, &others), run);
            }
        }
        let body = self.mk(gathers, &rest);
        // One gathered item that is itself a distributing junction: distribute it over the
        // others (`∃v. a ∧ (b ∨ c) ≡ ∃v. (a ∧ b) ∨ (a ∧ c)`), so each part can be
        // simplified on its own.
        let junctions: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|(_, p)| self.op(**p) == distributes)
            .map(|(i, _)| i)
            .collect();
        if rest.len() > 1 && junctions.len() == 1 && run.budget > 0 {
            run.budget -= 1;
            let j = junctions[0];
            let others: Vec<Term> = rest
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != j)
                .map(|(_, p)| *p)
                .collect();
            let parts: Vec<Term> = self
                .args(rest[j])
                .iter()
                .map(|p| {
                    let mut items = others.clone();
                    items.push(*p);
                    self.eliminate(exists, vars, self.mk(gathers, &items), run)
                })
                .collect();
            return self.mk(distributes, &parts);
        }
        // A variable that occurs only in equations: case split over what it equals.
        if let Some(r) = self.expand_equalities(exists, vars, body, run) {
            return r;
        }
        // Boolean variables: expansion.
        if let Some(b) = vars.iter().copied().find(|v| self.var_sort(*v).is_bool()) {
            if run.budget > 0 {
                run.budget -= 1;
                let bt = self.var_term(b);
                let remaining: Vec<VarId> = vars.iter().copied().filter(|w| *w != b).collect();
                let parts: Vec<Term> = [true, false]
                    .iter()
                    .map(|val| {
                        let mut map = FxHashMap::default();
                        map.insert(bt, self.bool_const(*val));
                        self.eliminate(exists, &remaining, self.substitute(body, &map), run)
                    })
                    .collect();
                return self.mk(distributes, &parts);
            }
        }
        let mut args: Vec<Term> = vars.iter().map(|v| self.var_term(*v)).collect();
        args.push(body);
        self.mk(if exists { Op::Exists } else { Op::Forall }, &args)
    }

    /// For a bit-vector variable `v` of `vars` that occurs in `body` only in equations
    /// `v = t_1 … v = t_n` (each `t_j` free of `v`): `∃v. φ ≡ φ[t_1/v] ∨ … ∨ φ[t_n/v] ∨
    /// φ[⊥/(v = t_j)]`, the last disjunct for a `v` unequal to every `t_j`, which exists
    /// because the domain has more than `n` elements; dually with `∧` for `∀`. This is the
    /// shape of a C `switch` on a state variable.
    fn expand_equalities(
        &self,
        exists: bool,
        vars: &[VarId],
        body: Term,
        run: &mut QeRun,
    ) -> Option<Term> {
        if self.has_quantifier(body) {
            return None;
        }
        for v in vars {
            let Some(width) = self.var_sort(*v).bv_width() else {
                continue;
            };
            let vt = self.var_term(*v);
            let Some(equations) = self.equations_of(body, *v) else {
                continue;
            };
            let cases = equations.len() + 1;
            if (width < 64 && cases as u128 >= 1u128 << width)
                || cases * self.dag_size(body) > MAX_CASE_SPLIT
            {
                continue;
            }
            let remaining: Vec<VarId> = vars.iter().copied().filter(|w| w != v).collect();
            let mut parts = Vec::with_capacity(cases);
            for (_, value) in &equations {
                let mut map = FxHashMap::default();
                map.insert(vt, *value);
                parts.push(self.substitute(body, &map));
            }
            let mut none = FxHashMap::default();
            for (eq, _) in &equations {
                none.insert(*eq, self.fls());
            }
            parts.push(self.substitute(body, &none));
            let parts: Vec<Term> = parts
                .into_iter()
                .map(|p| self.eliminate(exists, &remaining, p, run))
                .collect();
            return Some(self.mk(if exists { Op::Or } else { Op::And }, &parts));
        }
        None
    }

    /// If every occurrence of `v` in `body` lies in an equation that can be solved for `v`
    /// (under Boolean connectives only): those equations with `v`'s value in each.
    fn equations_of(&self, body: Term, v: VarId) -> Option<Vec<(Term, Term)>> {
        let vt = self.var_term(v);
        let mut mentions: FxHashMap<Term, bool> = FxHashMap::default();
        for n in self.postorder(body, false) {
            let m = n == vt || self.args(n).iter().any(|a| mentions[a]);
            mentions.insert(n, m);
        }
        let mut equations = Vec::new();
        let mut seen = FxHashSet::default();
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            if !mentions[&n] || !seen.insert(n) {
                continue;
            }
            if self.is_connective(n) {
                stack.extend(self.args(n));
            } else if self.op(n) == Op::Eq {
                equations.push((n, self.solve_for(n, v)?));
            } else {
                return None;
            }
        }
        Some(equations)
    }

    /// `a ⇒ b` as `¬a ∨ b` and `¬(a ∧ b)` as `¬a ∨ ¬b`, at the top only.
    fn implies_as_or(&self, t: Term) -> Term {
        match self.op(t) {
            Op::Implies => {
                let (a, b) = (self.arg(t, 0), self.arg(t, 1));
                self.or2(self.negate_junction(a), b)
            }
            Op::Not if self.op(self.arg(t, 0)) == Op::And => self.negate_junction(self.arg(t, 0)),
            _ => t,
        }
    }

    /// `¬t`, with a conjunction turned into the disjunction of negations.
    fn negate_junction(&self, t: Term) -> Term {
        if self.op(t) == Op::And {
            let parts: Vec<Term> = self.args(t).iter().map(|p| self.not(*p)).collect();
            self.or(&parts)
        } else {
            self.not(t)
        }
    }

    /// For an equation that fixes `v`: its value, a term free of `v` (invertible
    /// operations on `v`'s side, such as `v + c` or `¬v`, are undone on the other side).
    pub fn solve_for(&self, eq: Term, v: VarId) -> Option<Term> {
        let single: FxHashSet<VarId> = std::iter::once(v).collect();
        self.solved_equation(eq, &single).map(|(_, value)| value)
    }

    /// For an equation that fixes one of `vars`: the variable and its value (a term free
    /// of it).
    fn solved_equation(&self, eq: Term, vars: &FxHashSet<VarId>) -> Option<(VarId, Term)> {
        if self.op(eq) != Op::Eq {
            return None;
        }
        let (a, b) = (self.arg(eq, 0), self.arg(eq, 1));
        for (lhs, rhs) in [(a, b), (b, a)] {
            let mut side = lhs;
            let mut value = rhs;
            // Peel invertible operations off the variable's side.
            loop {
                if let Some(v) = self.as_var(side) {
                    if vars.contains(&v) && !self.occurs_free(v, value) {
                        return Some((v, value));
                    }
                    break;
                }
                let args = self.args(side);
                let (next, inverse) = match self.op(side) {
                    Op::BvNot => (args[0], self.bvnot(value)),
                    Op::BvNeg => (args[0], self.bvneg(value)),
                    Op::Not => (args[0], self.not(value)),
                    Op::BvAdd if args.len() == 2 => {
                        if self.op(args[1]).is_const() {
                            (args[0], self.bvsub(value, args[1]))
                        } else if self.op(args[0]).is_const() {
                            (args[1], self.bvsub(value, args[0]))
                        } else {
                            break;
                        }
                    }
                    Op::BvSub if args.len() == 2 && self.op(args[1]).is_const() => {
                        (args[0], self.bvadd(value, args[1]))
                    }
                    Op::BvXor if args.len() == 2 && self.op(args[1]).is_const() => {
                        (args[0], self.bvxor(value, args[1]))
                    }
                    _ => break,
                };
                side = next;
                value = inverse;
            }
        }
        None
    }
}
