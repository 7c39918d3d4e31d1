//! Ternary-simulation lifting of predecessor states (Eén, Mishchenko, Brayton, "Efficient
//! implementation of property directed reachability", FMCAD 2011, §IV): a full state `s`
//! with inputs `i` leads into a cube `t`; setting a state bit to X and simulating with
//! three values shows whether `t`'s bits still follow. What stays is a cube of states that
//! all lead into `t` under `i`, so one obligation stands for many states.

use crate::aig::{ternary_and, Aig, Lit, Node, Ternary};
use crate::system::BitSystem;

pub struct Lifter {
    aig: Aig,
    /// Next-state literal of each latch.
    next: Vec<Lit>,
    bad: Lit,
    /// Fanout (node → nodes that read it), for incremental re-simulation.
    fanout: Vec<Vec<u32>>,
    /// Scratch: ternary values, valid for nodes in the current cone.
    values: Vec<Ternary>,
    /// Scratch: `mark[n] == epoch` iff node n is in the current cone.
    mark: Vec<u32>,
    epoch: u32,
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
            values: vec![None; n],
            mark: vec![0; n],
            epoch: 0,
        }
    }

    fn eval(&self, n: u32) -> Ternary {
        let v = &self.values;
        match self.aig.node(n) {
            Node::False => Some(false),
            Node::And(a, b) => ternary_and(
                v[a.node() as usize].map(|x| x ^ a.is_negated()),
                v[b.node() as usize].map(|x| x ^ b.is_negated()),
            ),
            _ => v[n as usize],
        }
    }

    /// Marks the cone of `roots` with a new epoch; returns its nodes in topological order.
    fn mark_cone(&mut self, roots: &[Lit]) -> Vec<u32> {
        self.epoch += 1;
        let epoch = self.epoch;
        let mut order = Vec::new();
        let mut stack: Vec<(u32, bool)> = roots.iter().map(|l| (l.node(), false)).collect();
        while let Some((n, expanded)) = stack.pop() {
            if expanded {
                order.push(n);
                continue;
            }
            if self.mark[n as usize] == epoch {
                continue;
            }
            self.mark[n as usize] = epoch;
            stack.push((n, true));
            if let Node::And(a, b) = self.aig.node(n) {
                for c in [b, a] {
                    if self.mark[c.node() as usize] != epoch {
                        stack.push((c.node(), false));
                    }
                }
            }
        }
        order
    }

    /// The latch indices of `state` that must keep their values so that, under
    /// `inputs`, the target still holds. Latches outside the target's cone go at once;
    /// the others are tried in increasing `priority` (the least useful first).
    pub fn lift(
        &mut self,
        state: &[bool],
        inputs: &[bool],
        target: Target,
        priority: &dyn Fn(u32) -> f64,
    ) -> Vec<u32> {
        let roots: Vec<(Lit, bool)> = match target {
            Target::Next(t) => t
                .iter()
                .map(|(k, val)| (self.next[*k as usize], *val))
                .collect(),
            Target::Bad => vec![(self.bad, true)],
        };
        let root_lits: Vec<Lit> = roots.iter().map(|(l, _)| *l).collect();
        let cone = self.mark_cone(&root_lits);
        let mut latches = Vec::new();
        for n in &cone {
            let v = match self.aig.node(*n) {
                Node::False => Some(false),
                Node::Input(k) => Some(inputs[k as usize]),
                Node::Latch(k) => {
                    latches.push(k);
                    Some(state[k as usize])
                }
                Node::And(..) => self.eval(*n),
            };
            self.values[*n as usize] = v;
        }
        debug_assert!(roots.iter().all(|(l, val)| {
            self.values[l.node() as usize].map(|x| x ^ l.is_negated()) == Some(*val)
        }));
        latches.sort_by(|a, b| {
            priority(*a)
                .partial_cmp(&priority(*b))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let epoch = self.epoch;
        let mut kept = Vec::new();
        let mut undo: Vec<(u32, Ternary)> = Vec::new();
        let mut frontier: Vec<u32> = Vec::new();
        for k in latches {
            let node = self.aig.latches()[k as usize];
            // Set to X and propagate through the fanout inside the cone.
            undo.clear();
            undo.push((node, self.values[node as usize]));
            self.values[node as usize] = None;
            frontier.clear();
            frontier.push(node);
            while let Some(x) = frontier.pop() {
                for i in 0..self.fanout[x as usize].len() {
                    let f = self.fanout[x as usize][i];
                    if self.mark[f as usize] != epoch {
                        continue;
                    }
                    let nv = self.eval(f);
                    if nv != self.values[f as usize] {
                        undo.push((f, self.values[f as usize]));
                        self.values[f as usize] = nv;
                        frontier.push(f);
                    }
                }
            }
            let ok = roots.iter().all(|(l, val)| {
                self.values[l.node() as usize].map(|x| x ^ l.is_negated()) == Some(*val)
            });
            if !ok {
                for (x, old) in undo.drain(..).rev() {
                    self.values[x as usize] = old;
                }
                kept.push(k);
            }
        }
        kept
    }
}
