//! Transition systems in CNF, the shape DimSpec gives them (and rIC3's `Transys`): `n`
//! variables per step; `I`, `U` and `G` are CNFs over them, `T` a CNF over `2n`
//! variables where `v + n` is variable `v` in the next step. The state variables are those
//! whose next copy occurs in `T`; every other variable (inputs, Tseitin auxiliaries) is
//! free in each step. BMC unrolls this directly; IC3 reads its frames' cubes over the
//! state variables.
//!
//! A [`BitSystem`] becomes one by Tseitin's encoding of its AIG: latches, then inputs,
//! then the AND gates in the cones of the next-state functions and the bad literal.

use crate::aig::{Aig, Lit, Node};
use crate::sat::SatSolver;
use crate::system::BitSystem;

pub type Clause = Vec<i32>;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transys {
    pub n: u32,
    pub init: Vec<Clause>,
    pub universal: Vec<Clause>,
    pub goal: Vec<Clause>,
    pub trans: Vec<Clause>,
    /// State variables (1-based), in order.
    pub latches: Vec<u32>,
}

/// Where the parts of a [`BitSystem`] went in its [`Transys`].
#[derive(Clone, Debug)]
pub struct VarMap {
    /// CNF variable of each AIG node (0: none).
    pub node_var: Vec<u32>,
    /// CNF variable of each latch, by latch index.
    pub latch_var: Vec<u32>,
    /// CNF variable of each input, by input index.
    pub input_var: Vec<u32>,
}

impl VarMap {
    /// The DIMACS literal of an AIG literal; `None` for the constants.
    pub fn lit(&self, l: Lit) -> Option<i32> {
        if l.is_const() {
            return None;
        }
        let v = self.node_var[l.node() as usize] as i32;
        debug_assert!(v != 0, "literal outside the encoded cones");
        Some(if l.is_negated() { -v } else { v })
    }
}

impl Transys {
    /// The state variables' set, as a lookup table indexed by variable.
    pub fn is_latch(&self) -> Vec<bool> {
        let mut v = vec![false; self.n as usize + 1];
        for l in &self.latches {
            v[*l as usize] = true;
        }
        v
    }

    /// The state variables of a `T` over `2n` variables: those whose next copy occurs.
    pub fn latches_of(n: u32, trans: &[Clause]) -> Vec<u32> {
        let mut seen = vec![false; n as usize + 1];
        for c in trans {
            for l in c {
                let v = l.unsigned_abs();
                if v > n && v <= 2 * n {
                    seen[(v - n) as usize] = true;
                }
            }
        }
        (1..=n).filter(|v| seen[*v as usize]).collect()
    }

    pub fn num_clauses(&self) -> usize {
        self.init.len() + self.universal.len() + self.goal.len() + self.trans.len()
    }

    pub fn from_bits(sys: &BitSystem) -> (Transys, VarMap) {
        let aig = &sys.aig;
        let mut node_var = vec![0u32; aig.num_nodes()];
        let mut next = 1u32;
        let mut latch_var = Vec::with_capacity(aig.latches().len());
        for n in aig.latches() {
            node_var[*n as usize] = next;
            latch_var.push(next);
            next += 1;
        }
        let mut input_var = Vec::with_capacity(aig.inputs().len());
        for n in aig.inputs() {
            node_var[*n as usize] = next;
            input_var.push(next);
            next += 1;
        }
        let mut roots: Vec<Lit> = sys.latches.iter().map(|l| l.next).collect();
        roots.push(sys.bad);
        let cone = aig.cone(&roots);
        for n in &cone {
            if let Node::And(..) = aig.node(*n) {
                node_var[*n as usize] = next;
                next += 1;
            }
        }
        let n = next - 1;
        let map = VarMap {
            node_var,
            latch_var,
            input_var,
        };
        let gates = |nodes: &[u32], out: &mut Vec<Clause>| {
            for g in nodes {
                if let Node::And(a, b) = aig.node(*g) {
                    let x = map.node_var[*g as usize] as i32;
                    let (la, lb) = (
                        map.lit(a).expect("gate inputs are not constant"),
                        map.lit(b).expect("gate inputs are not constant"),
                    );
                    out.push(vec![-x, la]);
                    out.push(vec![-x, lb]);
                    out.push(vec![x, -la, -lb]);
                }
            }
        };
        let mut trans = Vec::new();
        let next_roots: Vec<Lit> = sys.latches.iter().map(|l| l.next).collect();
        gates(&aig.cone(&next_roots), &mut trans);
        for (k, l) in sys.latches.iter().enumerate() {
            let primed = (map.latch_var[k] + n) as i32;
            match map.lit(l.next) {
                None => trans.push(vec![if l.next == Lit::TRUE { primed } else { -primed }]),
                Some(x) => {
                    trans.push(vec![-primed, x]);
                    trans.push(vec![primed, -x]);
                }
            }
        }
        let mut init = Vec::new();
        for (k, l) in sys.latches.iter().enumerate() {
            if let Some(b) = l.init {
                let v = map.latch_var[k] as i32;
                init.push(vec![if b { v } else { -v }]);
            }
        }
        let mut goal = Vec::new();
        match map.lit(sys.bad) {
            None if sys.bad == Lit::TRUE => {}
            None => goal.push(vec![]),
            Some(b) => {
                gates(&aig.cone(&[sys.bad]), &mut goal);
                goal.push(vec![b]);
            }
        }
        // U: the program counter holds one of the codes (the LLUMC encoding's range
        // constraint; binary codes beyond the last are unreachable anyway).
        let mut universal = Vec::new();
        let codes = sys.codes.len();
        if codes < 1 << sys.pc.len() {
            let pc: Vec<i32> = sys
                .pc
                .iter()
                .map(|l| map.lit(*l).expect("pc bits are latches"))
                .collect();
            for c in codes..(1 << sys.pc.len()) {
                // ¬(pc = c)
                universal.push(
                    pc.iter()
                        .enumerate()
                        .map(|(i, v)| if c >> i & 1 == 1 { -v } else { *v })
                        .collect(),
                );
            }
        }
        let ts = Transys {
            n,
            init,
            universal,
            goal,
            trans,
            latches: map.latch_var.clone(),
        };
        (ts, map)
    }
}

/// Tseitin's encoding of an AIG into an incremental SAT solver, gate by gate as literals
/// are asked for: a literal's cone is encoded on first use, down to the nodes encoded
/// before, so a growing AIG costs only its new gates. (`Transys::from_bits` encodes whole
/// cones at once instead, into clause lists.)
#[derive(Default)]
pub struct Tseitin {
    /// SAT variable of each AIG node (0: not encoded yet).
    var: Vec<u32>,
    /// Variables used so far (nodes' and [`Tseitin::fresh_var`]'s).
    vars: u32,
    /// AND gates encoded.
    pub gates: u64,
}

impl Tseitin {
    /// A SAT variable of no node (an activation literal).
    pub fn fresh_var(&mut self) -> i32 {
        self.vars += 1;
        self.vars as i32
    }

    /// The DIMACS literal of `l`, encoding its cone into `solver` first. The constant node
    /// gets a variable fixed to false.
    pub fn lit(&mut self, aig: &Aig, l: Lit, solver: &mut impl SatSolver) -> i32 {
        if self.var.len() < aig.num_nodes() {
            self.var.resize(aig.num_nodes(), 0);
        }
        // Post-order without recursion: blasted blocks give deep cones.
        let mut stack = vec![(l.node(), false)];
        while let Some((n, ready)) = stack.pop() {
            if self.var[n as usize] != 0 {
                continue;
            }
            match aig.node(n) {
                Node::And(a, b) if !ready => {
                    stack.push((n, true));
                    for c in [a, b] {
                        if self.var[c.node() as usize] == 0 {
                            stack.push((c.node(), false));
                        }
                    }
                }
                node => {
                    let v = self.fresh_var();
                    self.var[n as usize] = v as u32;
                    match node {
                        Node::False => solver.add_clause(&[-v]),
                        Node::And(a, b) => {
                            let (la, lb) = (self.dimacs(a), self.dimacs(b));
                            solver.add_clause(&[-v, la]);
                            solver.add_clause(&[-v, lb]);
                            solver.add_clause(&[v, -la, -lb]);
                            self.gates += 1;
                        }
                        Node::Input(_) | Node::Latch(_) => {}
                    }
                }
            }
        }
        self.dimacs(l)
    }

    /// The DIMACS literal of `l` if its node is encoded.
    pub fn encoded(&self, l: Lit) -> Option<i32> {
        match self.var.get(l.node() as usize) {
            Some(&v) if v != 0 => Some(self.dimacs(l)),
            _ => None,
        }
    }

    fn dimacs(&self, l: Lit) -> i32 {
        let v = self.var[l.node() as usize] as i32;
        if l.is_negated() {
            -v
        } else {
            v
        }
    }
}
