//! Terms compiled for repeated evaluation: a DAG laid out in post-order, evaluated once
//! under a base assignment and then again under assignments that differ from it in a few
//! variables, recomputing only the nodes above a changed variable.
//!
//! CEGAR's ALLSAT uses it to find further models next to a solver's model without a
//! solver call (`cegar::abstraction`); the semantics are `value::apply`'s, the same as
//! [`TermStore::eval`]'s.

use crate::sort::Sort;
use crate::term::{Op, Term, TermStore, VarId};
use crate::value::{apply, EvalError, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

struct Node {
    op: Op,
    sort: Sort,
    args: SmallVec<[u32; 4]>,
}

/// Some terms (the roots) over a shared post-order of their nodes.
pub struct Program {
    nodes: Vec<Node>,
    roots: Vec<u32>,
    /// The node of each free variable.
    vars: FxHashMap<VarId, u32>,
}

/// The values of every node of a [`Program`] under one assignment.
pub struct Evaluation {
    values: Vec<Value>,
}

impl TermStore {
    /// `roots` compiled; `None` when they contain a quantifier (evaluated by enumeration,
    /// which re-evaluation does not support).
    pub fn program(&self, roots: &[Term]) -> Option<Program> {
        let mut index: FxHashMap<Term, u32> = FxHashMap::default();
        let mut nodes: Vec<Node> = Vec::new();
        let mut vars = FxHashMap::default();
        for root in roots {
            if index.contains_key(root) {
                continue;
            }
            for t in self.postorder(*root, false) {
                if index.contains_key(&t) {
                    continue;
                }
                let (op, sort, args) = self.node(t);
                if op.is_quantifier() {
                    return None;
                }
                let at = nodes.len() as u32;
                if let Op::Var(v) = op {
                    vars.insert(v, at);
                }
                let args = args.iter().map(|a| index[a]).collect();
                nodes.push(Node { op, sort, args });
                index.insert(t, at);
            }
        }
        let roots = roots.iter().map(|r| index[r]).collect();
        Some(Program { nodes, roots, vars })
    }
}

impl Program {
    /// The free variables of the roots.
    pub fn vars(&self) -> impl Iterator<Item = VarId> + '_ {
        self.vars.keys().copied()
    }

    fn compute(&self, i: usize, values: &dyn Fn(u32) -> Value) -> Result<Value, EvalError> {
        let n = &self.nodes[i];
        match n.op {
            Op::BoolConst(b) => Ok(Value::Bool(b)),
            Op::BvConst(x, w) => Ok(Value::Bv(x, w)),
            Op::IntConst(x) => Ok(Value::Int(x)),
            Op::Var(_) => unreachable!("variables are assigned, not computed"),
            op => {
                let args: SmallVec<[Value; 4]> = n.args.iter().map(|a| values(*a)).collect();
                apply(op, n.sort, &args)
            }
        }
    }

    /// The value of variable `v` in `evaluation` (`None` when the roots do not mention it).
    pub fn var_value<'e>(&self, evaluation: &'e Evaluation, v: VarId) -> Option<&'e Value> {
        self.vars.get(&v).map(|i| &evaluation.values[*i as usize])
    }

    /// Every node's value when each variable `v` has value `assignment(v)`.
    pub fn evaluate(
        &self,
        terms: &TermStore,
        assignment: &dyn Fn(VarId) -> Option<Value>,
    ) -> Result<Evaluation, EvalError> {
        let mut values: Vec<Value> = Vec::with_capacity(self.nodes.len());
        for i in 0..self.nodes.len() {
            let v = match self.nodes[i].op {
                Op::Var(v) => {
                    assignment(v).ok_or_else(|| EvalError::Unassigned(terms.var_name(v).into()))?
                }
                _ => self.compute(i, &|a| values[a as usize].clone())?,
            };
            values.push(v);
        }
        Ok(Evaluation { values })
    }

    /// The roots' values when the variables in `changes` have the given values and every
    /// other variable has its value in `base`: only the nodes above a changed variable are
    /// computed again.
    pub fn reevaluate(
        &self,
        base: &Evaluation,
        changes: &[(VarId, Value)],
    ) -> Result<Vec<Value>, EvalError> {
        let mut changed: FxHashMap<u32, Value> = FxHashMap::default();
        let mut dirty = vec![false; self.nodes.len()];
        let mut first = self.nodes.len();
        for (v, value) in changes {
            if let Some(&i) = self.vars.get(v) {
                changed.insert(i, value.clone());
                dirty[i as usize] = true;
                first = first.min(i as usize);
            }
        }
        for i in first..self.nodes.len() {
            if matches!(self.nodes[i].op, Op::Var(_))
                || !self.nodes[i].args.iter().any(|a| dirty[*a as usize])
            {
                continue;
            }
            let value = self.compute(i, &|a| {
                changed
                    .get(&a)
                    .unwrap_or_else(|| &base.values[a as usize])
                    .clone()
            })?;
            if value != base.values[i] {
                changed.insert(i as u32, value);
                dirty[i] = true;
            }
        }
        Ok(self
            .roots
            .iter()
            .map(|r| {
                changed
                    .get(r)
                    .unwrap_or_else(|| &base.values[*r as usize])
                    .clone()
            })
            .collect())
    }
}

impl Evaluation {
    /// The value of `program`'s root number `k`.
    pub fn root(&self, program: &Program, k: usize) -> &Value {
        &self.values[program.roots[k] as usize]
    }
}
