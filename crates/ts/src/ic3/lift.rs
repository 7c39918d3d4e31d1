//! Ternary-simulation lifting of predecessor states (Eén, Mishchenko, Brayton, "Efficient
//! implementation of property directed reachability", FMCAD 2011, §IV): a full state `s`
//! with inputs `i` leads into a cube `t`; setting a state bit to X and simulating with
//! three values shows whether `t`'s bits still follow. What stays is a cube of states that
//! all lead into `t` under `i`, so one obligation stands for many states.

use crate::aig::{lit_value, ternary_and, Aig, Lit, Node, Ternary};
use crate::system::BitSystem;

pub struct Lifter {
    aig: Aig,
    /// Next-state literal of each latch.
    next: Vec<Lit>,
    bad: Lit,
    /// Fanout (node → nodes that read it), for incremental re-simulation.
    fanout: Vec<Vec<u32>>,
}

/// What a lifted state must keep leading to.
pub enum Target<'a> {
    /// Next-state values: (latch index, value).
    Next(&'a [(u32, bool)]),
    /// The bad literal, true.
    Bad,
}

impl Lifter {
    pub fn new(sys: &BitSystem) -> Lifter {
        let aig = sys.aig.clone();
        let n = aig.num_nodes();
        let mut fanout = vec![Vec::new(); n];
        for i in 0..n {
            if let Node::And(a, b) = aig.node(i as u32) {
                fanout[a.node() as usize].push(i as u32);
                if b.node() != a.node() {
                    fanout[b.node() as usize].push(i as u32);
                }
            }
        }
        Lifter {
            next: sys.latches.iter().map(|l| l.next).collect(),
            bad: sys.bad,
            aig,
            fanout,
        }
    }

    fn eval(&self, v: &[Ternary], n: u32) -> Ternary {
        match self.aig.node(n) {
            Node::False => Some(false),
            Node::And(a, b) => ternary_and(
                v[a.node() as usize].map(|x| x ^ a.is_negated()),
                v[b.node() as usize].map(|x| x ^ b.is_negated()),
            ),
            _ => v[n as usize],
        }
    }

    /// The latch indices of `state` that must keep their values so that, under
    /// `inputs`, the target still holds; `candidates` are tried in order.
    pub fn lift(
        &self,
        state: &[bool],
        inputs: &[bool],
        target: Target,
        candidates: &[u32],
    ) -> Vec<u32> {
        let full = self.aig.simulate(inputs, state);
        let mut v: Vec<Ternary> = full.iter().map(|b| Some(*b)).collect();
        let roots: Vec<(Lit, bool)> = match target {
            Target::Next(t) => t
                .iter()
                .map(|(k, val)| (self.next[*k as usize], *val))
                .collect(),
            Target::Bad => vec![(self.bad, true)],
        };
        debug_assert!(roots.iter().all(|(l, val)| lit_value(&full, *l) == *val));
        let mut kept = Vec::new();
        for k in candidates {
            let node = self.aig.latches()[*k as usize];
            // Set to X and propagate through the fanout, remembering old values.
            let mut undo: Vec<(u32, Ternary)> = vec![(node, v[node as usize])];
            v[node as usize] = None;
            let mut frontier = vec![node];
            while let Some(x) = frontier.pop() {
                for f in &self.fanout[x as usize] {
                    let nv = self.eval(&v, *f);
                    if nv != v[*f as usize] {
                        undo.push((*f, v[*f as usize]));
                        v[*f as usize] = nv;
                        frontier.push(*f);
                    }
                }
            }
            let ok = roots
                .iter()
                .all(|(l, val)| v[l.node() as usize].map(|x| x ^ l.is_negated()) == Some(*val));
            if !ok {
                for (x, old) in undo.into_iter().rev() {
                    v[x as usize] = old;
                }
                kept.push(*k);
            }
        }
        kept
    }
}
