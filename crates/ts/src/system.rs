//! A bit-level transition system as an AIG — latches with initial values and next-state
//! functions, inputs, one bad-state literal — with what it means for the CFA it came
//! from: the program counter's code of every location, the literal that says which edge
//! fires, the latches of every kept variable.
//!
//! The next-state functions are total: from every state and input there is exactly one
//! successor. A step whose edge cannot run (an assumption fails, no edge is enabled)
//! leads to the absorbing `blocked` code, which is never bad; so reachability of bad
//! states is reachability of the CFA's error locations, and no constraints are needed
//! (functional transition relations are what ternary simulation in IC3 and ABC's engines
//! want).

use crate::aig::{Aig, Lit, Node};
use cfa::{EdgeId, LocationId};
use logic::{Sort, TermStore, Value, VarId};
use rustc_hash::FxHashMap;

/// A state bit.
#[derive(Clone, Debug)]
pub struct Latch {
    pub lit: Lit,
    /// `None`: any initial value.
    pub init: Option<bool>,
    pub next: Lit,
}

/// The bits of a kept program variable.
#[derive(Clone, Debug)]
pub enum VarBits {
    /// Least significant bit first; one bit for a Boolean.
    Scalar(Vec<Lit>),
    /// Each element's bits.
    Array(Vec<Vec<Lit>>),
}

/// What a program-counter code stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PcCode {
    Location(LocationId),
    /// No edge could run: the execution does not exist.
    Blocked,
    /// An array access beyond the kept elements (bad, but not a property violation:
    /// UNKNOWN if reached).
    OutOfRange,
}

/// Sizes and times of an encoding (the columns of LLUMC's Table 2, and more).
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    pub locations: usize,
    pub edges: usize,
    pub pc_bits: usize,
    pub variables: usize,
    pub variables_kept: usize,
    pub state_bits: usize,
    /// State bits if every declared variable were kept (what liveness saves).
    pub state_bits_without_liveness: usize,
    pub input_bits: usize,
    pub ands: usize,
    /// Locations whose outgoing edges need an edge-selection input (their guards may
    /// overlap).
    pub nondeterministic_locations: usize,
    pub time_symex: std::time::Duration,
    pub time_blast: std::time::Duration,
}

#[derive(Clone, Debug)]
pub struct BitSystem {
    pub aig: Aig,
    /// In the order of `aig.latches()`.
    pub latches: Vec<Latch>,
    pub bad: Lit,
    /// Program counter bits (least significant first).
    pub pc: Vec<Lit>,
    /// `codes[c]` is what code `c` stands for.
    pub codes: Vec<PcCode>,
    /// Each edge with the literal that is true in a step where it fires.
    pub edges: Vec<(EdgeId, Lit)>,
    pub vars: Vec<(VarId, VarBits)>,
    /// The state variables the system holds at zero at a location because they are dead
    /// there (liveness, [`crate::liveness`]): their bits in a state at that location say
    /// nothing about the program. Empty without liveness.
    pub zeroed_at: FxHashMap<LocationId, Vec<VarId>>,
    /// Names for the inputs, by input index (havoc values, selectors).
    pub input_names: Vec<String>,
    pub stats: BuildStats,
}

/// One step of a concrete trace: the values of the latches and inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub latches: Vec<bool>,
    pub inputs: Vec<bool>,
}

impl BitSystem {
    /// The steps of a CNF-level trace of this system's [`crate::Transys`].
    pub fn steps(&self, map: &crate::cnf::VarMap, trace: &crate::trace::Trace) -> Vec<Step> {
        (0..trace.steps.len())
            .map(|s| Step {
                latches: map.latch_var.iter().map(|v| trace.value(s, *v)).collect(),
                inputs: map.input_var.iter().map(|v| trace.value(s, *v)).collect(),
            })
            .collect()
    }

    /// A clause over the CNF's step variables that holds while the program can still
    /// move: the program counter is not `blocked`.
    pub fn alive_clause(&self, map: &crate::cnf::VarMap) -> Option<Vec<i32>> {
        let blocked = self.codes.iter().position(|c| *c == PcCode::Blocked)?;
        self.pc
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let v = map.lit(*l)?;
                Some(if blocked >> i & 1 == 1 { -v } else { v })
            })
            .collect()
    }

    /// The code of the program counter in a state.
    pub fn pc_value(&self, latches: &[bool]) -> usize {
        let values = self
            .aig
            .simulate(&vec![false; self.aig.inputs().len()], latches);
        self.pc
            .iter()
            .enumerate()
            .map(|(i, l)| (crate::aig::lit_value(&values, *l) as usize) << i)
            .sum()
    }

    /// The edges that fire in each step of a trace (`steps[i]` to `steps[i + 1]`), as a
    /// CFA path; `None` if some step fires no edge.
    pub fn edge_path(&self, steps: &[Step]) -> Option<Vec<EdgeId>> {
        let mut path = Vec::new();
        for s in steps.iter().take(steps.len().saturating_sub(1)) {
            let values = self.aig.simulate(&s.inputs, &s.latches);
            let fired = self
                .edges
                .iter()
                .find(|(_, l)| crate::aig::lit_value(&values, *l))?;
            path.push(fired.0);
        }
        Some(path)
    }

    /// Simulates from an initial state under the given inputs; returns the states.
    pub fn run(&self, init: &[bool], inputs: &[Vec<bool>]) -> Vec<Vec<bool>> {
        let mut states = vec![init.to_vec()];
        for i in inputs {
            let cur = states.last().expect("a state");
            let values = self.aig.simulate(i, cur);
            let next = self
                .latches
                .iter()
                .map(|l| crate::aig::lit_value(&values, l.next))
                .collect();
            states.push(next);
        }
        states
    }

    /// The values of the program variables a state holds: the scalars kept by the
    /// encoding and not zeroed as dead at the state's location (what a counterexample's
    /// concretization may hold its steps to).
    pub fn known_values(&self, terms: &TermStore, latches: &[bool]) -> Vec<(VarId, Value)> {
        let Some(PcCode::Location(at)) = self.codes.get(self.pc_value(latches)) else {
            return Vec::new();
        };
        let dead = self.zeroed_at.get(at);
        let bit = |l: Lit| match self.aig.node(l.node()) {
            Node::Latch(k) => Some(latches[k as usize] ^ l.is_negated()),
            Node::False => Some(l.is_negated()),
            _ => None,
        };
        self.vars
            .iter()
            .filter(|(v, _)| !dead.is_some_and(|d| d.contains(v)))
            .filter_map(|(v, bits)| {
                let VarBits::Scalar(bits) = bits else {
                    return None;
                };
                let bits = bits
                    .iter()
                    .map(|l| bit(*l))
                    .collect::<Option<Vec<bool>>>()?;
                let value = match terms.var_sort(*v) {
                    Sort::Bool if bits.len() == 1 => Value::Bool(bits[0]),
                    Sort::Bv(w) if bits.len() == w as usize => Value::Bv(
                        bits.iter()
                            .enumerate()
                            .map(|(i, b)| (*b as u128) << i)
                            .sum(),
                        w,
                    ),
                    _ => return None,
                };
                Some((*v, value))
            })
            .collect()
    }

    pub fn is_bad(&self, latches: &[bool], inputs: &[bool]) -> bool {
        let values = self.aig.simulate(inputs, latches);
        crate::aig::lit_value(&values, self.bad)
    }
}
