//! The term store: hash-consed terms referred to by small copyable ids.
//!
//! Every term lives in one [`TermStore`]; structurally equal terms get the same [`Term`] id,
//! so equality of ids is structural equality, and a DAG of shared sub-terms is never copied.
//! The store uses interior mutability so that builders compose (`s.and2(s.eq(a, b), c)`);
//! it is single-threaded by design (one verification run, one thread).

use crate::sort::{ScalarSort, Sort};
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

/// A term: an index into its [`TermStore`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Term(pub(crate) u32);

impl Term {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A variable: an index into the store's variable table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct VarId(pub(crate) u32);

impl VarId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The operator of a term node. Parameters that determine the sort (constant widths,
/// extraction bounds) are part of the operator, so `(op, args)` identifies a term.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    Var(VarId),
    BoolConst(bool),
    /// Bit-vector constant: value (reduced modulo 2^width) and width.
    BvConst(u128, u32),
    IntConst(i128),
    /// Constant array with the given index sort; the single argument is the element.
    ConstArray(ScalarSort),

    Not,
    And,
    Or,
    Xor,
    Implies,
    Ite,
    Eq,

    BvNeg,
    BvNot,
    BvAdd,
    BvSub,
    BvMul,
    BvUdiv,
    BvSdiv,
    BvUrem,
    BvSrem,
    BvShl,
    BvLshr,
    BvAshr,
    BvAnd,
    BvOr,
    BvXor,
    Concat,
    /// Bits `hi..=lo`.
    Extract(u32, u32),
    /// Add this many zero bits at the top.
    ZeroExt(u32),
    /// Add this many copies of the sign bit at the top.
    SignExt(u32),
    BvUlt,
    BvUle,
    BvSlt,
    BvSle,

    IntNeg,
    IntAdd,
    IntSub,
    IntMul,
    /// SMT-LIB `div` (Euclidean: the remainder is non-negative).
    IntDiv,
    /// SMT-LIB `mod`.
    IntMod,
    IntLt,
    IntLe,

    Select,
    Store,

    /// `forall v1 .. vn. body`: the arguments are the bound variables, then the body.
    Forall,
    /// `exists v1 .. vn. body`: as [`Op::Forall`].
    Exists,
}

impl Op {
    /// Whether the node is a leaf (variable or constant).
    pub fn is_leaf(self) -> bool {
        matches!(
            self,
            Op::Var(_) | Op::BoolConst(_) | Op::BvConst(..) | Op::IntConst(_)
        )
    }

    pub fn is_const(self) -> bool {
        matches!(self, Op::BoolConst(_) | Op::BvConst(..) | Op::IntConst(_))
    }

    pub fn is_quantifier(self) -> bool {
        matches!(self, Op::Forall | Op::Exists)
    }
}

/// What the store knows of a variable.
#[derive(Clone, Debug)]
pub struct VarInfo {
    pub name: Box<str>,
    pub sort: Sort,
    /// For an SSA instance `x@i`: the program variable `x` and the index `i`.
    pub ssa: Option<(VarId, u32)>,
    /// The variable's term.
    pub term: Term,
}

#[derive(Clone, Copy)]
struct Node {
    op: Op,
    sort: Sort,
    args_start: u32,
    args_len: u32,
    /// Which variables may occur below: bit `v mod 64` for each variable `v` (bound ones
    /// included). A clear bit proves absence, so traversals can skip whole sub-terms.
    vars_sig: u64,
}

pub(crate) struct Inner {
    nodes: Vec<Node>,
    args: Vec<Term>,
    table: HashTable<Term>,
    vars: Vec<VarInfo>,
    var_names: FxHashMap<Box<str>, VarId>,
    ssa: FxHashMap<(VarId, u32), VarId>,
    fresh_counter: u64,
}

/// The bit of variable `v` in a node's variable signature.
pub(crate) fn var_bit(v: VarId) -> u64 {
    1u64 << (v.0 % 64)
}

fn hash_key(op: &Op, args: &[Term]) -> u64 {
    let mut h = FxHasher::default();
    op.hash(&mut h);
    args.hash(&mut h);
    h.finish()
}

impl Inner {
    fn args_of(&self, t: Term) -> &[Term] {
        let n = &self.nodes[t.index()];
        &self.args[n.args_start as usize..(n.args_start + n.args_len) as usize]
    }

    fn intern(&mut self, op: Op, sort: Sort, args: &[Term]) -> Term {
        let hash = hash_key(&op, args);
        let Inner {
            nodes,
            args: arena,
            table,
            ..
        } = self;
        let eq = |t: &Term| {
            let n = &nodes[t.index()];
            n.op == op
                && &arena[n.args_start as usize..(n.args_start + n.args_len) as usize] == args
        };
        if let Some(t) = table.find(hash, eq) {
            return *t;
        }
        let id = Term(u32::try_from(nodes.len()).expect("term store overflow"));
        let start = u32::try_from(arena.len()).expect("term store overflow");
        arena.extend_from_slice(args);
        let vars_sig = match op {
            Op::Var(v) => var_bit(v),
            _ => args
                .iter()
                .fold(0, |acc, a| acc | nodes[a.index()].vars_sig),
        };
        nodes.push(Node {
            op,
            sort,
            args_start: start,
            args_len: args.len() as u32,
            vars_sig,
        });
        table.insert_unique(hash, id, |t| {
            let n = &nodes[t.index()];
            hash_key(
                &n.op,
                &arena[n.args_start as usize..(n.args_start + n.args_len) as usize],
            )
        });
        id
    }
}

/// The store of all terms and variables of one verification run.
pub struct TermStore {
    pub(crate) inner: RefCell<Inner>,
}

impl Default for TermStore {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for TermStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TermStore({} terms)", self.len())
    }
}

impl TermStore {
    pub fn new() -> Self {
        TermStore {
            inner: RefCell::new(Inner {
                nodes: Vec::new(),
                args: Vec::new(),
                table: HashTable::new(),
                vars: Vec::new(),
                var_names: FxHashMap::default(),
                ssa: FxHashMap::default(),
                fresh_counter: 0,
            }),
        }
    }

    /// Number of distinct terms.
    pub fn len(&self) -> usize {
        self.inner.borrow().nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Interns a node without simplification or sort checking. Callers guarantee the sort;
    /// the checked entry point is [`TermStore::mk`].
    pub(crate) fn intern_raw(&self, op: Op, sort: Sort, args: &[Term]) -> Term {
        self.inner.borrow_mut().intern(op, sort, args)
    }

    pub fn op(&self, t: Term) -> Op {
        self.inner.borrow().nodes[t.index()].op
    }

    pub fn sort(&self, t: Term) -> Sort {
        self.inner.borrow().nodes[t.index()].sort
    }

    pub fn args(&self, t: Term) -> SmallVec<[Term; 4]> {
        SmallVec::from_slice(self.inner.borrow().args_of(t))
    }

    /// The variable signature of `t` (see [`TermStore::may_contain`]).
    pub(crate) fn vars_sig(&self, t: Term) -> u64 {
        self.inner.borrow().nodes[t.index()].vars_sig
    }

    /// Whether `t` mentions no variable at all (a constant, or built from constants): a
    /// substitution leaves it as it is.
    pub fn is_ground(&self, t: Term) -> bool {
        self.vars_sig(t) == 0
    }

    /// `false` only if no variable of signature `sig` occurs in `t` (free or bound): a
    /// constant-time test that lets traversals skip sub-terms.
    pub fn may_contain(&self, t: Term, sig: u64) -> bool {
        self.vars_sig(t) & sig != 0
    }

    /// Whether variable `v` occurs free in `t`, visiting only sub-terms that may contain it.
    pub fn occurs_free(&self, v: VarId, t: Term) -> bool {
        let bit = var_bit(v);
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![t];
        while let Some(n) = stack.pop() {
            if !self.may_contain(n, bit) || !seen.insert(n) {
                continue;
            }
            match self.op(n) {
                Op::Var(w) if w == v => return true,
                Op::Forall | Op::Exists => {
                    let args = self.args(n);
                    let (bound, body) = args.split_at(args.len() - 1);
                    if !bound.iter().any(|b| self.as_var(*b) == Some(v)) {
                        stack.push(body[0]);
                    }
                }
                _ => stack.extend(self.args(n)),
            }
        }
        false
    }

    pub fn arg(&self, t: Term, i: usize) -> Term {
        self.inner.borrow().args_of(t)[i]
    }

    pub fn num_args(&self, t: Term) -> usize {
        self.inner.borrow().nodes[t.index()].args_len as usize
    }

    /// Operator, sort and arguments in one borrow.
    pub fn node(&self, t: Term) -> (Op, Sort, SmallVec<[Term; 4]>) {
        let inner = self.inner.borrow();
        let n = inner.nodes[t.index()];
        (n.op, n.sort, SmallVec::from_slice(inner.args_of(t)))
    }

    /// The program variable of name `name`, created with sort `sort` on first use.
    ///
    /// # Panics
    /// If a variable of that name exists with another sort: callers that handle user input
    /// check with [`TermStore::lookup_var`] first.
    pub fn var(&self, name: &str, sort: Sort) -> Term {
        if let Some(v) = self.lookup_var(name) {
            let info = self.var_info(v);
            assert_eq!(
                info.sort, sort,
                "variable {name} redeclared with another sort"
            );
            return info.term;
        }
        self.new_var(name.into(), sort, None)
    }

    fn new_var(&self, name: Box<str>, sort: Sort, ssa: Option<(VarId, u32)>) -> Term {
        let mut inner = self.inner.borrow_mut();
        let id = VarId(inner.vars.len() as u32);
        let term = inner.intern(Op::Var(id), sort, &[]);
        inner.vars.push(VarInfo {
            name: name.clone(),
            sort,
            ssa,
            term,
        });
        inner.var_names.insert(name, id);
        term
    }

    pub fn lookup_var(&self, name: &str) -> Option<VarId> {
        self.inner.borrow().var_names.get(name).copied()
    }

    pub fn var_info(&self, v: VarId) -> VarInfo {
        self.inner.borrow().vars[v.index()].clone()
    }

    pub fn var_name(&self, v: VarId) -> Box<str> {
        self.inner.borrow().vars[v.index()].name.clone()
    }

    pub fn var_sort(&self, v: VarId) -> Sort {
        self.inner.borrow().vars[v.index()].sort
    }

    pub fn var_term(&self, v: VarId) -> Term {
        self.inner.borrow().vars[v.index()].term
    }

    /// The variable of a variable term.
    pub fn as_var(&self, t: Term) -> Option<VarId> {
        match self.op(t) {
            Op::Var(v) => Some(v),
            _ => None,
        }
    }

    /// The SSA instance `x@i` of program variable `x`.
    pub fn ssa_var(&self, base: VarId, index: u32) -> Term {
        if let Some(v) = self.inner.borrow().ssa.get(&(base, index)) {
            return self.var_term(*v);
        }
        let (name, sort) = {
            let inner = self.inner.borrow();
            let info = &inner.vars[base.index()];
            (format!("{}@{}", info.name, index), info.sort)
        };
        let term = match self.lookup_var(&name) {
            Some(existing) => self.var_term(existing),
            None => self.new_var(name.into_boxed_str(), sort, Some((base, index))),
        };
        let v = self.as_var(term).expect("variable");
        self.inner.borrow_mut().ssa.insert((base, index), v);
        term
    }

    /// For an SSA instance: its program variable and index.
    pub fn ssa_base(&self, v: VarId) -> Option<(VarId, u32)> {
        self.inner.borrow().vars[v.index()].ssa
    }

    /// A variable whose name no other variable has, `prefix!n`.
    pub fn fresh_var(&self, prefix: &str, sort: Sort) -> Term {
        loop {
            let n = {
                let mut inner = self.inner.borrow_mut();
                inner.fresh_counter += 1;
                inner.fresh_counter
            };
            let name = format!("{prefix}!{n}");
            if self.lookup_var(&name).is_none() {
                return self.new_var(name.into_boxed_str(), sort, None);
            }
        }
    }

    pub fn num_vars(&self) -> usize {
        self.inner.borrow().vars.len()
    }

    /// Value of a Boolean constant term.
    pub fn as_bool_const(&self, t: Term) -> Option<bool> {
        match self.op(t) {
            Op::BoolConst(b) => Some(b),
            _ => None,
        }
    }

    /// Value and width of a bit-vector constant term.
    pub fn as_bv_const(&self, t: Term) -> Option<(u128, u32)> {
        match self.op(t) {
            Op::BvConst(v, w) => Some((v, w)),
            _ => None,
        }
    }

    pub fn is_true(&self, t: Term) -> bool {
        self.as_bool_const(t) == Some(true)
    }

    pub fn is_false(&self, t: Term) -> bool {
        self.as_bool_const(t) == Some(false)
    }

    /// Number of nodes in the DAG below `t` (each shared node once).
    pub fn dag_size(&self, t: Term) -> usize {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            if seen.insert(t) {
                stack.extend(self.args(t));
            }
        }
        seen.len()
    }
}
