//! Guarded-command statements, hash-consed so that a block is never copied: `seq` and
//! `choice` refer to their parts by id, and the same part may sit in many labels (the
//! advanced-sequence rule of LBE relies on this).

use logic::Term;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
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
    table: FxHashMap<Node, StmtId>,
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
        let mut inner = self.inner.borrow_mut();
        if let Some(id) = inner.table.get(&node) {
            return *id;
        }
        let id = StmtId(inner.nodes.len() as u32);
        inner.nodes.push(node.clone());
        inner.table.insert(node, id);
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

    /// Sequential composition. Nested sequences are flattened and skips without an origin
    /// dropped (neither changes what the statement does); one part is the part itself.
    pub fn seq(&self, parts: &[StmtId]) -> StmtId {
        let mut flat = Vec::with_capacity(parts.len());
        for p in parts {
            let node = self.inner.borrow().nodes[p.index()].clone();
            match node.stmt {
                Stmt::Seq(xs) => flat.extend(xs.iter().copied()),
                Stmt::Skip if node.origin.is_none() => {}
                _ => flat.push(*p),
            }
        }
        match flat.len() {
            0 => self.skip(None),
            1 => flat[0],
            _ => self.intern(Stmt::Seq(flat.into_boxed_slice()), None),
        }
    }

    /// Nondeterministic choice. Nested choices are flattened and identical branches kept
    /// once; one branch is the branch itself.
    pub fn choice(&self, branches: &[StmtId]) -> StmtId {
        let mut flat: Vec<StmtId> = Vec::with_capacity(branches.len());
        for b in branches {
            let inner = match &self.inner.borrow().nodes[b.index()].stmt {
                Stmt::Choice(xs) => xs.to_vec(),
                _ => vec![*b],
            };
            for x in inner {
                if !flat.contains(&x) {
                    flat.push(x);
                }
            }
        }
        assert!(!flat.is_empty(), "choice without branches");
        if flat.len() == 1 {
            flat[0]
        } else {
            self.intern(Stmt::Choice(flat.into_boxed_slice()), None)
        }
    }

    /// Number of primitive statements below `s`, counting shared parts once per use
    /// (the size the label would have if it were copied).
    pub fn tree_size(&self, s: StmtId) -> u64 {
        let mut memo: FxHashMap<StmtId, u64> = FxHashMap::default();
        self.tree_size_memo(s, &mut memo)
    }

    fn tree_size_memo(&self, s: StmtId, memo: &mut FxHashMap<StmtId, u64>) -> u64 {
        if let Some(n) = memo.get(&s) {
            return *n;
        }
        let n = match self.get(s) {
            Stmt::Seq(xs) | Stmt::Choice(xs) => {
                xs.iter().map(|x| self.tree_size_memo(*x, memo)).sum()
            }
            _ => 1,
        };
        memo.insert(s, n);
        n
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
