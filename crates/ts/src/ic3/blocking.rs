//! Blocking proof obligations (a priority queue by frame, lowest first) and propagating
//! lemmas forward until two frames are equal: the two phases of the IC3 loop in `mod.rs`.

use super::{negate, Ic3, Obligation, RelInd};
use crate::sat::SatSolver;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

impl Ic3<'_> {
    fn enqueue(&mut self, queue: &mut BinaryHeap<Reverse<(usize, usize, usize)>>, ob: usize) {
        let o = &self.obligations[ob];
        queue.push(Reverse((o.level, o.depth, ob)));
    }

    /// Blocks the obligation and everything it leads to; `Err` with the obligation that
    /// reached level 0 (a counterexample), or `Ok(false)` on timeout.
    pub(super) fn block(&mut self, root: usize) -> Result<bool, usize> {
        let mut queue = BinaryHeap::new();
        self.enqueue(&mut queue, root);
        let top = self.lemmas.len() - 1;
        while let Some(Reverse((level, _, ob))) = queue.pop() {
            if self.timed_out() {
                return Ok(false);
            }
            if level == 0 {
                return Err(ob);
            }
            let cube = self.obligations[ob].cube.clone();
            if self.blocked_at(&cube, level) {
                if level < top {
                    self.obligations[ob].level += 1;
                    self.enqueue(&mut queue, ob);
                }
                continue;
            }
            match self.relative_induction(&cube, level - 1, true) {
                RelInd::Timeout => return Ok(false),
                RelInd::Blocked(core) => {
                    let Some(g) = self.generalize(core, level, self.opts.ctg_depth) else {
                        return Ok(false);
                    };
                    let Some(at) = self.push_up(&g, level) else {
                        return Ok(false);
                    };
                    self.add_lemma(g, at);
                    if at < top {
                        self.obligations[ob].level = at + 1;
                        self.enqueue(&mut queue, ob);
                    }
                }
                RelInd::Predecessor { state, inputs } => {
                    let pred = self.lifted(&state, &inputs, Some(&cube));
                    self.stats.obligations += 1;
                    let depth = self.obligations[ob].depth + 1;
                    self.obligations.push(Obligation {
                        cube: pred,
                        level: level - 1,
                        depth,
                        next: Some(ob),
                        state,
                        inputs,
                    });
                    let p = self.obligations.len() - 1;
                    self.enqueue(&mut queue, p);
                    self.enqueue(&mut queue, ob);
                }
            }
        }
        Ok(true)
    }

    /// Pushes lemmas forward; `Some(i)` when level `i` empties (a fixpoint).
    pub(super) fn propagate(&mut self) -> Result<Option<usize>, ()> {
        let started = Instant::now();
        let top = self.lemmas.len() - 1;
        for i in 1..top {
            let cubes = std::mem::take(&mut self.lemmas[i]);
            let mut stay = Vec::new();
            for c in cubes {
                match self.relative_induction(&c, i, false) {
                    RelInd::Blocked(_) => {
                        self.solvers[i + 1].sat.add_clause(&negate(&c));
                        self.lemmas[i + 1].push(c);
                    }
                    RelInd::Predecessor { .. } => stay.push(c),
                    RelInd::Timeout => {
                        self.lemmas[i].extend(stay);
                        return Err(());
                    }
                }
            }
            self.lemmas[i] = stay;
            if self.lemmas[i].is_empty() {
                self.stats.time_propagate += started.elapsed();
                return Ok(Some(i));
            }
        }
        self.stats.time_propagate += started.elapsed();
        Ok(None)
    }
}
