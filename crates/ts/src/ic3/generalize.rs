//! Generalisation of a blocked cube (MIC by literal dropping with counterexamples to
//! generalisation, Hassan/Bradley/Somenzi FMCAD'13): one job of the IC3 loop in `mod.rs`.

use super::{Cube, Ic3, RelInd};
use std::time::Instant;

impl Ic3<'_> {
    /// MIC: drop literals while the cube stays inductive relative to `F_{level-1}`.
    pub(super) fn generalize(&mut self, cube: Cube, level: usize, depth: usize) -> Option<Cube> {
        if !self.opts.generalize {
            return Some(cube);
        }
        let started = Instant::now();
        let mut cube = cube;
        let before = cube.len();
        let mut order = cube.clone();
        order.sort_by(|a, b| {
            self.activity[a.unsigned_abs() as usize]
                .partial_cmp(&self.activity[b.unsigned_abs() as usize])
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        for l in order {
            if !cube.contains(&l) || cube.len() == 1 {
                continue;
            }
            let cand: Cube = cube.iter().copied().filter(|x| *x != l).collect();
            match self.down(cand, level, depth) {
                Down::Smaller(c) => cube = c,
                Down::Failed => {}
                Down::Timeout => return None,
            }
        }
        self.stats.time_generalize += started.elapsed();
        self.stats.generalize_removed += (before - cube.len()) as u64;
        Some(cube)
    }

    /// `down` of Hassan, Bradley, Somenzi: shrink `cube` to a sub-cube that is inductive
    /// relative to `F_{level-1}`, blocking counterexamples to generalisation on the way.
    fn down(&mut self, mut cube: Cube, level: usize, depth: usize) -> Down {
        let mut ctgs = 0;
        loop {
            if cube.is_empty() || self.intersects_init(&cube) {
                return Down::Failed;
            }
            match self.relative_induction(&cube, level - 1, true) {
                RelInd::Blocked(core) => return Down::Smaller(core),
                RelInd::Timeout => return Down::Timeout,
                RelInd::Predecessor { state, inputs } => {
                    let try_ctg = depth > 0 && ctgs < self.opts.ctg_max && level > 1;
                    let s = if try_ctg {
                        self.lifted(&state, &inputs, Some(&cube))
                    } else {
                        Cube::new()
                    };
                    if try_ctg && !self.intersects_init(&s) {
                        match self.relative_induction(&s, level - 2, true) {
                            RelInd::Blocked(core) => {
                                self.stats.ctgs += 1;
                                ctgs += 1;
                                let Some(g) = self.generalize(core, level - 1, depth - 1) else {
                                    return Down::Timeout;
                                };
                                let Some(at) = self.push_up(&g, level - 1) else {
                                    return Down::Timeout;
                                };
                                self.add_lemma(g, at);
                                continue;
                            }
                            RelInd::Timeout => return Down::Timeout,
                            RelInd::Predecessor { .. } => {}
                        }
                    }
                    ctgs = 0;
                    // Join: keep the literals the counterexample agrees with.
                    let full = self.full_cube(&state);
                    let before = cube.len();
                    cube.retain(|l| full.contains(l));
                    if cube.len() == before {
                        return Down::Failed;
                    }
                }
            }
        }
    }
}

enum Down {
    Smaller(Cube),
    Failed,
    Timeout,
}
