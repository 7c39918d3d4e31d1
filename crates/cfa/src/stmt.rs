//! Guarded-command statements, hash-consed so that a block is never copied: `seq` and
//! `choice` refer to their parts by id, and the same part may sit in many labels (the
//! advanced-sequence rule of LBE relies on this).
//!
//! Nesting is kept as built: `seq(seq(a, b), c)` stays a tree, so that LBE's labels share
//! their common prefixes (flattening at construction would copy them, which is quadratic
//! on long sequences). Consumers read a `seq` or `choice` through the flattening views
//! [`StmtStore::parts`] and [`StmtStore::branches`], for which nesting changes nothing.

use hashbrown::HashTable;
use logic::Term;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::cell::RefCell;
use std::hash::BuildHasher;
use std::rc::Rc;

/// A statement: an index into its [`StmtStore`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct StmtId(u32);

impl StmtId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where a single-block statement came from in the user's source.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Origin {
    pub line: u32,
    pub col: u32,
    /// The C text (a statement or condition), as the user wrote it.
    pub text: Rc<str>,
    /// For the two edges of a condition the user wrote: whether this edge is taken when
    /// the condition (`text`) holds, or when it does not. Traces say which it was.
    pub branch: Option<bool>,
}

/// A guarded command.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Stmt {
    /// Blocks unless the Boolean term holds.
    Assume(Term),
    /// `x := e`: the variable term and the value.
    Assign(Term, Term),
    /// `x := *`: any value of the variable's sort.
    Havoc(Term),
    Skip,
    /// The parts in order.
    Seq(Box<[StmtId]>),
    /// Any one of the branches.
    Choice(Box<[StmtId]>),
    /// A call of a function of a procedural program (`crate::program`): only on the edges
    /// of a [`crate::Program`], never in a flat CFA (the inlining pass replaces every call,
    /// and the engines that read flat CFAs never meet one).
    Call(Rc<Call>),
}

/// Why a reader of flat CFAs meets no call: the message of the panic if one does (a broken
/// invariant of the pipeline, never user input: every loader inlines first).
pub const CALL_IN_FLAT_CFA: &str = "a call in a flat CFA: `cfa::inline` replaces every call";

/// A call: the callee's parameters are assigned the arguments (all evaluated in the
/// caller's state before any is assigned), the callee runs from its entry to its exit,
/// and then the caller's variables receive the callee's results (read in the callee's
/// state at its exit). The edge of the call leads from the call site to where the caller
/// continues.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Call {
    pub callee: Rc<str>,
    /// (parameter variable of the callee, argument value over the caller's variables).
    pub args: Box<[(Term, Term)]>,
    /// (variable of the caller, variable of the callee it receives).
    pub results: Box<[(Term, Term)]>,
}

impl Stmt {
    pub fn is_primitive(&self) -> bool {
        !matches!(self, Stmt::Seq(_) | Stmt::Choice(_))
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Node {
    stmt: Stmt,
    origin: Option<Origin>,
}

#[derive(Default)]
struct Inner {
    nodes: Vec<Node>,
    /// Each node's id under its hash, so that a node is stored once (in `nodes`) and
    /// hashed once.
    table: HashTable<(u64, StmtId)>,
}

/// The store of all statements of a run; shared (`Rc`) by the single-block CFA and every
/// CFA derived from it.
#[derive(Default)]
pub struct StmtStore {
    inner: RefCell<Inner>,
}

impl std::fmt::Debug for StmtStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StmtStore({} statements)", self.len())
    }
}

impl StmtStore {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.inner.borrow().nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn intern(&self, stmt: Stmt, origin: Option<Origin>) -> StmtId {
        let node = Node { stmt, origin };
        let hash = FxBuildHasher.hash_one(&node);
        let mut inner = self.inner.borrow_mut();
        let Inner { nodes, table } = &mut *inner;
        if let Some((_, id)) = table.find(hash, |(h, id)| *h == hash && nodes[id.index()] == node) {
            return *id;
        }
        let id = StmtId(nodes.len() as u32);
        nodes.push(node);
        table.insert_unique(hash, (hash, id), |(h, _)| *h);
        id
    }

    pub fn get(&self, s: StmtId) -> Stmt {
        self.inner.borrow().nodes[s.index()].stmt.clone()
    }

    pub fn origin(&self, s: StmtId) -> Option<Origin> {
        self.inner.borrow().nodes[s.index()].origin.clone()
    }

    /// The parts of a `seq` or the branches of a `choice` (empty for primitives).
    pub fn children(&self, s: StmtId) -> Vec<StmtId> {
        match &self.inner.borrow().nodes[s.index()].stmt {
            Stmt::Seq(xs) | Stmt::Choice(xs) => xs.to_vec(),
            _ => Vec::new(),
        }
    }

    pub fn assume(&self, cond: Term, origin: Option<Origin>) -> StmtId {
        self.intern(Stmt::Assume(cond), origin)
    }

    pub fn assign(&self, var: Term, value: Term, origin: Option<Origin>) -> StmtId {
        self.intern(Stmt::Assign(var, value), origin)
    }

    pub fn havoc(&self, var: Term, origin: Option<Origin>) -> StmtId {
        self.intern(Stmt::Havoc(var), origin)
    }

    pub fn skip(&self, origin: Option<Origin>) -> StmtId {
        self.intern(Stmt::Skip, origin)
    }

    pub fn call(&self, call: Call, origin: Option<Origin>) -> StmtId {
        self.intern(Stmt::Call(Rc::new(call)), origin)
    }

    fn is_silent_skip(&self, s: StmtId) -> bool {
        let inner = self.inner.borrow();
        let n = &inner.nodes[s.index()];
        n.stmt == Stmt::Skip && n.origin.is_none()
    }

    /// Sequential composition. Skips without an origin are dropped (they do nothing);
    /// one part is the part itself. Nested sequences stay nested (see the module docs).
    pub fn seq(&self, parts: &[StmtId]) -> StmtId {
        let kept: Vec<StmtId> = parts
            .iter()
            .copied()
            .filter(|p| !self.is_silent_skip(*p))
            .collect();
        match kept.len() {
            0 => self.skip(None),
            1 => kept[0],
            _ => self.intern(Stmt::Seq(kept.into_boxed_slice()), None),
        }
    }

    /// Nondeterministic choice; identical branches count once, one branch is the branch
    /// itself. Nested choices stay nested.
    pub fn choice(&self, branches: &[StmtId]) -> StmtId {
        let mut seen = rustc_hash::FxHashSet::default();
        let kept: Vec<StmtId> = branches
            .iter()
            .copied()
            .filter(|b| seen.insert(*b))
            .collect();
        assert!(!kept.is_empty(), "choice without branches");
        if kept.len() == 1 {
            kept[0]
        } else {
            self.intern(Stmt::Choice(kept.into_boxed_slice()), None)
        }
    }

    /// The parts of `s` in order with nested sequences flattened (`[s]` for anything
    /// but a sequence).
    pub fn parts(&self, s: StmtId) -> Vec<StmtId> {
        self.flatten(s, true)
    }

    /// The branches of `s` with nested choices flattened (`[s]` for anything but a
    /// choice).
    pub fn branches(&self, s: StmtId) -> Vec<StmtId> {
        self.flatten(s, false)
    }

    fn flatten(&self, s: StmtId, seq: bool) -> Vec<StmtId> {
        let mut out = Vec::new();
        let mut stack = vec![s];
        let inner = self.inner.borrow();
        while let Some(x) = stack.pop() {
            match &inner.nodes[x.index()].stmt {
                Stmt::Seq(xs) if seq => stack.extend(xs.iter().rev()),
                Stmt::Choice(xs) if !seq => stack.extend(xs.iter().rev()),
                _ => out.push(x),
            }
        }
        out
    }

    /// Number of primitive statements below `s`, counting shared parts once per use
    /// (the size the label would have if it were copied).
    pub fn tree_size(&self, s: StmtId) -> u64 {
        let mut memo: FxHashMap<StmtId, u64> = FxHashMap::default();
        let mut stack = vec![(s, false)];
        while let Some((x, expanded)) = stack.pop() {
            if memo.contains_key(&x) {
                continue;
            }
            let kids = self.children(x);
            if kids.is_empty() {
                memo.insert(x, 1);
            } else if expanded {
                let n = kids.iter().map(|k| memo[k]).sum();
                memo.insert(x, n);
            } else {
                stack.push((x, true));
                stack.extend(kids.into_iter().map(|k| (k, false)));
            }
        }
        memo[&s]
    }

    /// Number of distinct statements below `s` (each shared part once).
    pub fn dag_size(&self, s: StmtId) -> usize {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            if seen.insert(x) {
                stack.extend(self.children(x));
            }
        }
        seen.len()
    }

    /// The primitive statements below `s` in order (each use of a shared part again).
    pub fn leaves(&self, s: StmtId) -> Vec<StmtId> {
        let mut out = Vec::new();
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            match self.get(x) {
                Stmt::Seq(xs) | Stmt::Choice(xs) => stack.extend(xs.iter().rev()),
                _ => out.push(x),
            }
        }
        out
    }
}
