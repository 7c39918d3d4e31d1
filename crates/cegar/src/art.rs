//! The abstract reachability tree.
//!
//! Nodes are abstract states `(location, region)`; a node's parent and incoming edge give
//! the abstract path from the root. A new node is *covered* when a live, uncovered node at
//! the same location has a weaker region (stop-sep, docs/design.md §6); covered nodes are never
//! expanded. At the end the uncovered nodes of each location, disjoined, form the
//! certificate of a TRUE verdict.
//!
//! Refinement removes a subtree (lazy abstraction): its nodes die, and the nodes they
//! covered are uncovered again and must be looked at anew.

use crate::region::{self, Region};
use cfa::{EdgeId, LocationId};
use rustc_hash::FxHashMap;

pub type NodeId = usize;

pub struct ArtNode {
    pub loc: LocationId,
    pub region: Region,
    pub parent: Option<NodeId>,
    /// The CFA edge from the parent.
    pub edge: Option<EdgeId>,
    pub children: Vec<NodeId>,
    pub covered_by: Option<NodeId>,
    pub removed: bool,
    /// How many predicates the location tracked when the region was computed: precisions
    /// only grow, so a smaller number than now means the node is stale.
    pub precision_size: usize,
}

pub struct Art {
    pub nodes: Vec<ArtNode>,
    /// Live, uncovered nodes per location: the candidates for covering.
    uncovered: Vec<Vec<NodeId>>,
    /// Node → the nodes it covers.
    covers: FxHashMap<NodeId, Vec<NodeId>>,
    /// Coverings ever made.
    pub coverings: u64,
    /// Nodes removed by refinements.
    pub removed: u64,
}

impl Art {
    pub fn new(locations: usize, root_loc: LocationId, root_region: Region) -> Self {
        let mut art = Art {
            nodes: Vec::new(),
            uncovered: vec![Vec::new(); locations],
            covers: FxHashMap::default(),
            coverings: 0,
            removed: 0,
        };
        art.nodes.push(ArtNode {
            loc: root_loc,
            region: root_region,
            parent: None,
            edge: None,
            children: Vec::new(),
            covered_by: None,
            removed: false,
            precision_size: 0,
        });
        art.uncovered[root_loc.index()].push(0);
        art
    }

    pub fn root(&self) -> NodeId {
        0
    }

    pub fn node(&self, n: NodeId) -> &ArtNode {
        &self.nodes[n]
    }

    /// Whether `n` must still be expanded: alive and not covered.
    pub fn is_active(&self, n: NodeId) -> bool {
        let node = &self.nodes[n];
        !node.removed && node.covered_by.is_none()
    }

    /// Adds a child of `parent` along `edge`; it is neither covered nor a covering
    /// candidate until [`Art::cover_or_register`] decides.
    pub fn add_child(
        &mut self,
        parent: NodeId,
        edge: EdgeId,
        loc: LocationId,
        region: Region,
        precision_size: usize,
    ) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(ArtNode {
            loc,
            region,
            parent: Some(parent),
            edge: Some(edge),
            children: Vec::new(),
            covered_by: None,
            removed: false,
            precision_size,
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// Covers `n` by a live uncovered node at its location with a weaker region, if there
    /// is one (then `true`); otherwise `n` becomes a covering candidate itself.
    pub fn cover_or_register(&mut self, n: NodeId) -> bool {
        let loc = self.nodes[n].loc;
        let by = self.uncovered[loc.index()]
            .iter()
            .copied()
            .find(|m| *m != n && region::implies(&self.nodes[n].region, &self.nodes[*m].region));
        match by {
            Some(m) => {
                self.nodes[n].covered_by = Some(m);
                self.covers.entry(m).or_default().push(n);
                self.coverings += 1;
                true
            }
            None => {
                if !self.uncovered[loc.index()].contains(&n) {
                    self.uncovered[loc.index()].push(n);
                }
                false
            }
        }
    }

    /// The nodes from the root to `n`.
    pub fn path_to(&self, n: NodeId) -> Vec<NodeId> {
        let mut path = vec![n];
        let mut cur = n;
        while let Some(p) = self.nodes[cur].parent {
            path.push(p);
            cur = p;
        }
        path.reverse();
        path
    }

    /// Removes `n` and everything below it. Returns the surviving nodes that were covered
    /// by a removed node: they are uncovered now and must be covered anew or expanded.
    pub fn remove_subtree(&mut self, n: NodeId) -> Vec<NodeId> {
        if let Some(p) = self.nodes[n].parent {
            self.nodes[p].children.retain(|c| *c != n);
        }
        let mut stack = vec![n];
        let mut freed = Vec::new();
        while let Some(x) = stack.pop() {
            let node = &mut self.nodes[x];
            node.removed = true;
            self.removed += 1;
            stack.append(&mut node.children);
            let loc = node.loc;
            if let Some(m) = node.covered_by.take() {
                if let Some(list) = self.covers.get_mut(&m) {
                    list.retain(|c| *c != x);
                }
            } else {
                self.uncovered[loc.index()].retain(|c| *c != x);
            }
            if let Some(list) = self.covers.remove(&x) {
                freed.extend(list);
            }
        }
        freed.retain(|c| !self.nodes[*c].removed);
        for c in &freed {
            self.nodes[*c].covered_by = None;
        }
        freed
    }

    /// Live nodes (removed ones are kept in the arena but no longer belong to the tree).
    pub fn live(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len()).filter(|n| !self.nodes[*n].removed)
    }

    pub fn num_live(&self) -> usize {
        self.live().count()
    }

    pub fn num_covered(&self) -> usize {
        self.live()
            .filter(|n| self.nodes[*n].covered_by.is_some())
            .count()
    }

    /// The live uncovered nodes at each location (indexed by location).
    pub fn uncovered_by_location(&self) -> &[Vec<NodeId>] {
        &self.uncovered
    }
}
