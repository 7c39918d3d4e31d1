//! The waitlist: which (node, edge) successor to compute next.
//!
//! Entries are single edges, so that after a refinement a parent can be asked again for
//! exactly the successor that was removed. Orders (docs/design.md §6): breadth-first, depth-first,
//! and reverse post-order of the CFA (CPAchecker's default): the entry whose source
//! location comes first in reverse post-order is taken first, so that every branch
//! reaching a merge point is explored before the merge point itself, and a loop is
//! finished before the code after it; ties go first-in first-out.

use crate::art::NodeId;
use cfa::{Cfa, EdgeId};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchOrder {
    Bfs,
    Dfs,
    Rpo,
}

impl SearchOrder {
    pub fn name(self) -> &'static str {
        match self {
            SearchOrder::Bfs => "bfs",
            SearchOrder::Dfs => "dfs",
            SearchOrder::Rpo => "rpo",
        }
    }
}

pub type Entry = (NodeId, EdgeId);

pub struct Waitlist {
    order: SearchOrder,
    queue: VecDeque<Entry>,
    heap: BinaryHeap<Reverse<(u32, u64, NodeId, EdgeId)>>,
    rpo: Vec<u32>,
    seq: u64,
    pub max_size: usize,
}

impl Waitlist {
    pub fn new(order: SearchOrder, cfa: &Cfa) -> Self {
        let mut rpo = vec![u32::MAX; cfa.location_capacity()];
        if order == SearchOrder::Rpo {
            for (i, l) in cfa.reverse_postorder().into_iter().enumerate() {
                rpo[l.index()] = i as u32;
            }
        }
        Waitlist {
            order,
            queue: VecDeque::new(),
            heap: BinaryHeap::new(),
            rpo,
            seq: 0,
            max_size: 0,
        }
    }

    pub fn order(&self) -> SearchOrder {
        self.order
    }

    pub fn push(&mut self, cfa: &Cfa, entry: Entry) {
        match self.order {
            SearchOrder::Bfs | SearchOrder::Dfs => self.queue.push_back(entry),
            SearchOrder::Rpo => {
                self.seq += 1;
                let src = cfa.edge(entry.1).src;
                self.heap
                    .push(Reverse((self.rpo[src.index()], self.seq, entry.0, entry.1)));
            }
        }
        self.max_size = self.max_size.max(self.len());
    }

    pub fn pop(&mut self) -> Option<Entry> {
        match self.order {
            SearchOrder::Bfs => self.queue.pop_front(),
            SearchOrder::Dfs => self.queue.pop_back(),
            SearchOrder::Rpo => self.heap.pop().map(|Reverse((_, _, n, e))| (n, e)),
        }
    }

    pub fn len(&self) -> usize {
        self.queue.len() + self.heap.len()
    }

    #[cfg_attr(not(feature = "test-support"), allow(dead_code))] // beside `len`
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
