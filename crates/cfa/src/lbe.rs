//! Large-block encoding (docs/design.md §5): loop-free parts of the CFA become single edges whose
//! labels compose the original statements with `seq` and `choice`.
//!
//! Rules, to a fixpoint:
//! 1. *error sink* (once, first): error locations lose their outgoing edges (Theta note,
//!    step 1; reachability of an error location does not depend on them);
//! 2. *sequence*: a location other than init or error with exactly one incoming edge
//!    `(p, a, l)`, `p ≠ l`, at least one outgoing edge and no self-loop is removed; each
//!    outgoing `(l, b, q)` becomes `(p, seq(a, b), q)` (FMCAD'09 rule 1; Theta's "middle
//!    location");
//! 3. *choice*: the edges between one pair `(p, q)` become `(p, choice(…), q)` (FMCAD'09
//!    rule 2), with the branches' common prefixes factored out (`a; choice(b, c)` for
//!    `choice(a; b, a; c)`, see `factor.rs`), so that a chain of checks that all lead to
//!    the error location does not repeat its common block once per check;
//! 4. *advanced sequence* (LBE+, Mertens §4.2): a location other than init or error with
//!    several incoming edges, at least one outgoing edge and no self-loop is removed; every
//!    incoming `(p, a, l)` and outgoing `(l, b, q)` give `(p, seq(a, b), q)`. It is tried
//!    only when rules 2 and 3 are at their fixpoint, then they run again.
//!
//! The worklist holds the locations whose neighbourhood changed (Theta's scheme), so no
//! step rescans the graph. Labels share their parts (statements are hash-consed): the
//! |in|×|out| edges of rule 4 reuse the same `a` and `b`. Location ids are kept, so every
//! large-block location is the single-block location it was.

use crate::graph::{Cfa, EdgeId, LocationId, LocationKind};
use std::collections::{BinaryHeap, VecDeque};
use std::time::{Duration, Instant};

/// How much of LBE to apply (each level includes the ones before).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LbeLevel {
    /// Single-block encoding: the CFA as it is.
    None,
    /// Error sink and sequence (Theta's LBE_SEQ).
    Seq,
    /// Error sink, sequence and choice (the FMCAD'09 LBE).
    Full,
    /// All four rules (Mertens' LBE+).
    Advanced,
}

impl LbeLevel {
    pub fn name(self) -> &'static str {
        match self {
            LbeLevel::None => "none",
            LbeLevel::Seq => "seq",
            LbeLevel::Full => "full",
            LbeLevel::Advanced => "advanced",
        }
    }
}

/// Sizes before and after, time, and how often each rule fired.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LbeStats {
    pub locations_before: usize,
    pub edges_before: usize,
    pub locations_after: usize,
    pub edges_after: usize,
    /// Edges removed from error locations.
    pub error_sink: usize,
    pub sequence: usize,
    pub choice: usize,
    pub advanced: usize,
    /// Advanced-sequence applications skipped because the CFA reached the edge cap.
    pub advanced_skipped: usize,
    /// Edges the rules created (a measure of the work done).
    pub edges_created: usize,
    pub time: Duration,
}

/// The advanced rule multiplies edges; it stops once the CFA has this many times the
/// edges it started with (and at least this many), so LBE+ cannot blow up memory.
const ADVANCED_EDGE_FACTOR: usize = 8;
const ADVANCED_EDGE_FLOOR: usize = 100_000;

/// A large-block encoding of `cfa` at `level` (a new CFA sharing the stores).
pub fn reduce(cfa: &Cfa, level: LbeLevel) -> (Cfa, LbeStats) {
    reduce_with(cfa, level, None)
}

/// Summarises `cfa` down to the locations in `keep` (plus init and error locations): every
/// other location is removed by the LBE rules, the advanced-sequence rule included, so the
/// edges between kept locations carry the path formulas of all paths between them. This is
/// how the block operators `l` and `lf` (abstraction only at loop heads, and at function
/// entries and exits) get their blocks.
pub fn summarize(cfa: &Cfa, keep: &dyn Fn(LocationId) -> bool) -> (Cfa, LbeStats) {
    let mask: Vec<bool> = (0..cfa.location_capacity() as u32)
        .map(|i| keep(LocationId(i)))
        .collect();
    reduce_with(cfa, LbeLevel::Advanced, Some(mask))
}

fn reduce_with(cfa: &Cfa, level: LbeLevel, keep: Option<Vec<bool>>) -> (Cfa, LbeStats) {
    let start = Instant::now();
    let mut out = cfa.clone();
    let mut stats = LbeStats {
        locations_before: cfa.num_locations(),
        edges_before: cfa.num_edges(),
        ..Default::default()
    };
    if level != LbeLevel::None {
        Reducer {
            cfa: &mut out,
            level,
            keep,
            stats: &mut stats,
            queued: Vec::new(),
            worklist: VecDeque::new(),
            deferred: BinaryHeap::new(),
            rpo_index: Vec::new(),
            advanced_queue: VecDeque::new(),
            in_advanced_queue: Vec::new(),
        }
        .run();
    }
    stats.locations_after = out.num_locations();
    stats.edges_after = out.num_edges();
    stats.edges_created = out.edge_capacity() - cfa.edge_capacity();
    stats.time = start.elapsed();
    (out, stats)
}

struct Reducer<'a> {
    cfa: &'a mut Cfa,
    level: LbeLevel,
    /// Locations that must stay (for `summarize`).
    keep: Option<Vec<bool>>,
    stats: &'a mut LbeStats,
    queued: Vec<bool>,
    worklist: VecDeque<LocationId>,
    /// Sequence-rule candidates with several outgoing edges, applied only when the
    /// worklist is empty: collapsing what lies below them first keeps a branch's common
    /// prefix in front of the choice (`a; (b || c)`, as the FMCAD'09 slides draw it)
    /// instead of copying it into every branch. The deepest candidate (latest in reverse
    /// post-order) goes first, so a chain of checks is joined from its end: each step
    /// puts one check in front of the already nested rest, and the choice rule never has
    /// to search a long branch for the prefix it shares (linear, not quadratic, in the
    /// chain's length).
    deferred: BinaryHeap<(u32, LocationId)>,
    /// Position of each location in the reverse post-order of the input CFA.
    rpo_index: Vec<u32>,
    advanced_queue: VecDeque<LocationId>,
    in_advanced_queue: Vec<bool>,
}

impl Reducer<'_> {
    fn run(&mut self) {
        let n = self.cfa.location_capacity();
        self.queued = vec![false; n];
        self.in_advanced_queue = vec![false; n];
        self.rpo_index = vec![0; n];
        for (i, l) in self.cfa.reverse_postorder().into_iter().enumerate() {
            self.rpo_index[l.index()] = i as u32 + 1;
        }
        // Rule 1, once, first.
        let errors: Vec<LocationId> = self.cfa.error_locations().collect();
        for l in errors {
            for e in self.cfa.out_edges(l).to_vec() {
                let dst = self.cfa.edge(e).dst;
                self.cfa.remove_edge(e);
                self.stats.error_sink += 1;
                self.touch(dst);
            }
        }
        let all: Vec<LocationId> = self.cfa.locations().collect();
        for l in all {
            self.touch(l);
        }
        let cap = (self.stats.edges_before * ADVANCED_EDGE_FACTOR).max(ADVANCED_EDGE_FLOOR);
        loop {
            loop {
                while let Some(l) = self.worklist.pop_front() {
                    self.queued[l.index()] = false;
                    if !self.cfa.is_alive(l) {
                        continue;
                    }
                    if self.level >= LbeLevel::Full {
                        self.choice(l);
                    }
                    self.sequence(l, false);
                }
                let mut progress = false;
                while let Some((_, l)) = self.deferred.pop() {
                    if self.cfa.is_alive(l) && self.sequence(l, true) {
                        progress = true;
                        break;
                    }
                }
                if !progress {
                    break;
                }
            }
            if self.level != LbeLevel::Advanced {
                break;
            }
            // Rules 2 and 3 are at their fixpoint: one advanced step, then them again.
            let mut applied = false;
            while let Some(l) = self.advanced_queue.pop_front() {
                self.in_advanced_queue[l.index()] = false;
                if !self.cfa.is_alive(l) || !self.advanced_candidate(l) {
                    continue;
                }
                let grow = self.cfa.in_edges(l).len() * self.cfa.out_edges(l).len();
                if self.cfa.num_edges() + grow > cap {
                    self.stats.advanced_skipped += 1;
                    continue;
                }
                self.advanced(l);
                applied = true;
                break;
            }
            if !applied {
                break;
            }
        }
    }

    /// `l`'s neighbourhood changed: check it again.
    fn touch(&mut self, l: LocationId) {
        if !self.queued[l.index()] {
            self.queued[l.index()] = true;
            self.worklist.push_back(l);
        }
        if self.level == LbeLevel::Advanced && !self.in_advanced_queue[l.index()] {
            self.in_advanced_queue[l.index()] = true;
            self.advanced_queue.push_back(l);
        }
    }

    fn removable(&self, l: LocationId) -> bool {
        !matches!(self.cfa.kind(l), LocationKind::Init | LocationKind::Error)
            && !self.keep.as_ref().is_some_and(|k| k[l.index()])
            && !self.cfa.out_edges(l).is_empty()
            && !self
                .cfa
                .out_edges(l)
                .iter()
                .any(|e| self.cfa.edge(*e).dst == l)
    }

    /// Rule 3 on the edges leaving `l`.
    fn choice(&mut self, l: LocationId) {
        let outs = self.cfa.out_edges(l).to_vec();
        if outs.len() < 2 {
            return;
        }
        let mut by_target: Vec<(LocationId, Vec<EdgeId>)> = Vec::new();
        for e in outs {
            let dst = self.cfa.edge(e).dst;
            match by_target.iter_mut().find(|(d, _)| *d == dst) {
                Some((_, es)) => es.push(e),
                None => by_target.push((dst, vec![e])),
            }
        }
        for (dst, es) in by_target {
            if es.len() < 2 {
                continue;
            }
            let branches: Vec<_> = es.iter().map(|e| self.cfa.edge(*e).stmt).collect();
            for e in &es {
                self.cfa.remove_edge(*e);
            }
            let s = crate::factor::factored_choice(&self.cfa.stmts, &branches);
            self.cfa.add_edge(l, dst, s);
            self.stats.choice += 1;
            // `dst` now has one incoming edge fewer: it may have become removable.
            self.touch(dst);
        }
    }

    /// Rule 2 at `l`; a location with several outgoing edges waits in `deferred` unless
    /// `now`. Returns whether `l` was removed.
    fn sequence(&mut self, l: LocationId, now: bool) -> bool {
        let ins = self.cfa.in_edges(l);
        if ins.len() != 1 || !self.removable(l) {
            return false;
        }
        let a = ins[0];
        let p = self.cfa.edge(a).src;
        if p == l {
            return false;
        }
        if !now && self.cfa.out_edges(l).len() > 1 {
            self.deferred.push((self.rpo_index[l.index()], l));
            return false;
        }
        self.bypass(l, &[a]);
        self.stats.sequence += 1;
        true
    }

    fn advanced_candidate(&self, l: LocationId) -> bool {
        self.cfa.in_edges(l).len() > 1
            && self.removable(l)
            && !self
                .cfa
                .in_edges(l)
                .iter()
                .any(|e| self.cfa.edge(*e).src == l)
    }

    /// Rule 4 at `l`.
    fn advanced(&mut self, l: LocationId) {
        let ins = self.cfa.in_edges(l).to_vec();
        self.bypass(l, &ins);
        self.stats.advanced += 1;
    }

    /// Removes `l`, connecting every source of `ins` with every target of `l`'s outgoing
    /// edges through `seq(a, b)`.
    fn bypass(&mut self, l: LocationId, ins: &[EdgeId]) {
        let outs = self.cfa.out_edges(l).to_vec();
        let incoming: Vec<(LocationId, crate::StmtId)> = ins
            .iter()
            .map(|e| (self.cfa.edge(*e).src, self.cfa.edge(*e).stmt))
            .collect();
        let outgoing: Vec<(LocationId, crate::StmtId)> = outs
            .iter()
            .map(|e| (self.cfa.edge(*e).dst, self.cfa.edge(*e).stmt))
            .collect();
        for e in ins.iter().chain(outs.iter()) {
            self.cfa.remove_edge(*e);
        }
        self.cfa.remove_location(l);
        for (p, a) in &incoming {
            for (q, b) in &outgoing {
                let s = self.cfa.stmts.seq(&[*a, *b]);
                self.cfa.add_edge(*p, *q, s);
            }
        }
        for (p, _) in &incoming {
            self.touch(*p);
        }
        for (q, _) in &outgoing {
            self.touch(*q);
        }
    }
}
