//! And-inverter graphs with structural hashing and constant folding.
//!
//! A node is the constant, an input, a latch (a state bit) or the conjunction of two
//! literals; a literal is a node with an optional negation. Building the same conjunction
//! twice gives the same node, and `a ∧ 0`, `a ∧ 1`, `a ∧ a`, `a ∧ ¬a` fold (the rules every
//! AIG package applies, e.g. ABC's `Aig_And`), so the graph stays as small as the terms it
//! comes from allow.

use rustc_hash::FxHashMap;

/// A literal: node index times two, plus one when negated.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Lit(u32);

impl Lit {
    pub const FALSE: Lit = Lit(0);
    pub const TRUE: Lit = Lit(1);

    pub fn new(node: u32, negated: bool) -> Lit {
        Lit(node << 1 | negated as u32)
    }

    pub fn node(self) -> u32 {
        self.0 >> 1
    }

    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    pub fn is_const(self) -> bool {
        self.node() == 0
    }

    /// The literal as AIGER numbers it (`2 * node + negated`).
    pub fn code(self) -> u32 {
        self.0
    }

    pub fn from_code(code: u32) -> Lit {
        Lit(code)
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// What a node is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Node {
    False,
    /// The k-th input.
    Input(u32),
    /// The k-th latch.
    Latch(u32),
    And(Lit, Lit),
}

/// An and-inverter graph. Node 0 is the constant false.
#[derive(Clone, Debug)]
pub struct Aig {
    nodes: Vec<Node>,
    table: FxHashMap<(Lit, Lit), u32>,
    inputs: Vec<u32>,
    latches: Vec<u32>,
}

impl Default for Aig {
    fn default() -> Self {
        Self::new()
    }
}

impl Aig {
    pub fn new() -> Aig {
        Aig {
            nodes: vec![Node::False],
            table: FxHashMap::default(),
            inputs: Vec::new(),
            latches: Vec::new(),
        }
    }

    pub fn node(&self, n: u32) -> Node {
        self.nodes[n as usize]
    }

    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    pub fn num_ands(&self) -> usize {
        self.nodes.len() - 1 - self.inputs.len() - self.latches.len()
    }

    pub fn inputs(&self) -> &[u32] {
        &self.inputs
    }

    pub fn latches(&self) -> &[u32] {
        &self.latches
    }

    pub fn new_input(&mut self) -> Lit {
        let n = self.nodes.len() as u32;
        self.nodes.push(Node::Input(self.inputs.len() as u32));
        self.inputs.push(n);
        Lit::new(n, false)
    }

    pub fn new_latch(&mut self) -> Lit {
        let n = self.nodes.len() as u32;
        self.nodes.push(Node::Latch(self.latches.len() as u32));
        self.latches.push(n);
        Lit::new(n, false)
    }

    pub fn and(&mut self, a: Lit, b: Lit) -> Lit {
        if a == Lit::FALSE || b == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        if b == Lit::TRUE {
            return a;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(n) = self.table.get(&key) {
            return Lit::new(*n, false);
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(Node::And(key.0, key.1));
        self.table.insert(key, n);
        Lit::new(n, false)
    }

    pub fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }

    pub fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        if a.is_const() || b.is_const() || a.node() == b.node() {
            // Folds through `and`: x ⊕ 0 = x, x ⊕ 1 = ¬x, x ⊕ x = 0, x ⊕ ¬x = 1.
            let x = self.and(a, !b);
            let y = self.and(!a, b);
            return self.or(x, y);
        }
        let both = self.and(a, b);
        let none = self.and(!a, !b);
        self.and(!both, !none)
    }

    pub fn iff(&mut self, a: Lit, b: Lit) -> Lit {
        !self.xor(a, b)
    }

    /// `c ? a : b`.
    pub fn mux(&mut self, c: Lit, a: Lit, b: Lit) -> Lit {
        if c == Lit::TRUE || a == b {
            return a;
        }
        if c == Lit::FALSE {
            return b;
        }
        let x = self.and(c, a);
        let y = self.and(!c, b);
        self.or(x, y)
    }

    pub fn and_all(&mut self, lits: impl IntoIterator<Item = Lit>) -> Lit {
        let mut acc = Lit::TRUE;
        for l in lits {
            acc = self.and(acc, l);
        }
        acc
    }

    pub fn or_all(&mut self, lits: impl IntoIterator<Item = Lit>) -> Lit {
        let mut acc = Lit::FALSE;
        for l in lits {
            acc = self.or(acc, l);
        }
        acc
    }

    /// A balanced disjunction (depth log n instead of n: shorter paths for SAT and
    /// simulation).
    pub fn or_tree(&mut self, lits: &[Lit]) -> Lit {
        match lits.len() {
            0 => Lit::FALSE,
            1 => lits[0],
            n => {
                let (a, b) = lits.split_at(n / 2);
                let x = self.or_tree(a);
                let y = self.or_tree(b);
                self.or(x, y)
            }
        }
    }

    /// The nodes in the cone of `roots` (inputs and latches included), in topological
    /// order (children first).
    pub fn cone(&self, roots: &[Lit]) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut order = Vec::new();
        let mut stack: Vec<(u32, bool)> = roots.iter().map(|l| (l.node(), false)).collect();
        while let Some((n, expanded)) = stack.pop() {
            if expanded {
                order.push(n);
                continue;
            }
            if seen[n as usize] {
                continue;
            }
            seen[n as usize] = true;
            stack.push((n, true));
            if let Node::And(a, b) = self.nodes[n as usize] {
                for c in [b, a] {
                    if !seen[c.node() as usize] {
                        stack.push((c.node(), false));
                    }
                }
            }
        }
        order
    }

    /// Evaluates every node under values for the inputs and latches.
    pub fn simulate(&self, inputs: &[bool], latches: &[bool]) -> Vec<bool> {
        let mut v = vec![false; self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            v[i] = match *n {
                Node::False => false,
                Node::Input(k) => inputs[k as usize],
                Node::Latch(k) => latches[k as usize],
                Node::And(a, b) => lit_value(&v, a) && lit_value(&v, b),
            };
        }
        v
    }
}

/// The value of a literal given the values of all nodes.
pub fn lit_value(values: &[bool], l: Lit) -> bool {
    values[l.node() as usize] ^ l.is_negated()
}

/// Three-valued logic for ternary simulation: `None` is X (unknown).
pub type Ternary = Option<bool>;

/// Ternary AND: 0 dominates, X otherwise spreads.
pub fn ternary_and(a: Ternary, b: Ternary) -> Ternary {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

#[cfg(any(test, feature = "test-support"))] // for the tests: IC3 lifts through `Aig`
pub fn ternary_lit(values: &[Ternary], l: Lit) -> Ternary {
    values[l.node() as usize].map(|v| v ^ l.is_negated())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structural_hashing_and_folding() {
        let mut g = Aig::new();
        let a = g.new_input();
        let b = g.new_input();
        let x = g.and(a, b);
        assert_eq!(g.and(b, a), x);
        assert_eq!(g.and(a, !a), Lit::FALSE);
        assert_eq!(g.and(a, Lit::TRUE), a);
        assert_eq!(g.and(a, a), a);
        assert_eq!(g.xor(a, Lit::FALSE), a);
        assert_eq!(g.xor(a, Lit::TRUE), !a);
        assert_eq!(g.xor(a, a), Lit::FALSE);
        assert_eq!(g.mux(Lit::TRUE, a, b), a);
        assert_eq!(g.num_ands(), 1);
    }

    #[test]
    fn simulation_follows_the_gates() {
        let mut g = Aig::new();
        let a = g.new_input();
        let b = g.new_latch();
        let x = g.xor(a, b);
        for (va, vb) in [(false, false), (false, true), (true, false), (true, true)] {
            let v = g.simulate(&[va], &[vb]);
            assert_eq!(lit_value(&v, x), va ^ vb);
        }
    }
}
