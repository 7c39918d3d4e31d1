//! The memory state of one translation pass: the pointer targets it numbered (1, 2, …;
//! 0 is the null pointer, a constant of [`BASE_BITS`] bits), the objects it created, and
//! what it tells the next pass ([`MemoryHints`]). Why passes repeat, and how a
//! dereference becomes a case split over targets, is in `target.rs`.

use super::ObjId;
use crate::types::CType;
use logic::Term;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// Width of a pointer's target number: at most 2^16 − 1 targets.
pub(crate) const BASE_BITS: u32 = 16;

/// How often the translation is repeated before the program is given up on.
pub(crate) const MAX_PASSES: usize = 8;

/// A C object as the passes of a translation know it: the name it was created with and
/// how many objects of that name were created before it (both follow the program text).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ObjKey {
    pub name: String,
    pub ordinal: u32,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct TargetKey {
    pub obj: ObjKey,
    pub path: Vec<String>,
    /// For a pointer to an array element: the number of elements the offset ranges over
    /// (the flattened dimensions consumed). `None`: a pointer to a whole object, whose
    /// offset must be 0 to dereference.
    pub count: Option<u64>,
    /// Whether pointer arithmetic stays exact: the last step to the target was an array
    /// index (not a struct field inside an array of structs).
    pub arith: bool,
    /// A byte view of an integer leaf (`view.rs`): the offset counts its bytes.
    pub bytes: bool,
}

/// How a later pass creates a target's object before the program text does.
#[derive(Clone, Debug)]
pub(crate) enum Creator {
    /// A local (or a string, a parameter), created where the program declares it or, by
    /// a pass that knows it from the one before, where a pointer first reaches it (a local
    /// of a function that is not recursive has one copy: `call.rs`).
    Local { name: String, ty: CType },
    /// A local of a recursive function: created only where the program declares it.
    Frame,
    /// A global, materialised by name.
    Global(String),
    /// The `k`-th object of an allocation site, of type `ty` (with a length variable where
    /// `sized`).
    Heap {
        name: String,
        ty: CType,
        sized: bool,
    },
    /// The function of that name (`f`, `&f`): a target with no object behind it, which
    /// only a call can use (`fnptr.rs`).
    Function(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Target {
    pub key: TargetKey,
    pub pointee: CType,
    pub creator: Creator,
    /// Whether this pass produced the target (took the address, allocated), rather than
    /// only knowing it from the pass before.
    pub produced: bool,
}

/// What one pass tells the next.
#[derive(Clone, Debug, Default)]
pub(crate) struct MemoryHints {
    /// Every target, numbered in this order from 1.
    pub targets: Vec<Target>,
    /// Pointer variables (by creation index) whose target is a CFA variable.
    pub dynamic_ptrs: FxHashSet<usize>,
    /// Objects per allocation site (sites not on a cycle of the CFA need one).
    pub site_capacity: FxHashMap<String, u32>,
}

/// The memory state of one pass.
#[derive(Default)]
pub(crate) struct Memory {
    pub hints: Rc<MemoryHints>,
    pub targets: Vec<Target>,
    pub ids: FxHashMap<TargetKey, u32>,
    pub objects_by_key: FxHashMap<ObjKey, ObjId>,
    ordinals: FxHashMap<String, u32>,
    /// Pointer variables found to need a target variable.
    pub new_dynamic: FxHashSet<usize>,
    /// Whether a case split over targets was made.
    pub enumerated: bool,
    /// The conditions the stores and checks being translated are under (a case of a
    /// split).
    pub guard: Vec<Term>,
    /// The allocation sites: key, capacity, and the edges that allocate.
    pub sites: Vec<super::heap::HeapSite>,
    /// While the cases of a split are translated: their checks (reason, offset,
    /// condition), emitted afterwards as one check per reason.
    pub batch: Option<Vec<(String, usize, Term, cfa::SpecialKind)>>,
}

impl Memory {
    pub fn new(hints: Rc<MemoryHints>) -> Memory {
        let mut m = Memory {
            targets: hints.targets.to_vec(),
            hints,
            ..Memory::default()
        };
        for (i, t) in m.targets.iter_mut().enumerate() {
            t.produced = false;
            m.ids.insert(t.key.clone(), i as u32 + 1);
        }
        m
    }

    /// The target numbered `id` (from 1; 0 is the null pointer, which has none).
    pub fn target(&self, id: impl TryInto<usize>) -> &Target {
        &self.targets[Self::index(id)]
    }

    /// The target numbered `id`, to update.
    pub fn target_mut(&mut self, id: impl TryInto<usize>) -> &mut Target {
        &mut self.targets[Self::index(id)]
    }

    fn index(id: impl TryInto<usize>) -> usize {
        let id: usize = id.try_into().ok().expect("a target number fits an index");
        id.checked_sub(1).expect("the null pointer has no target")
    }

    pub fn object_key(&mut self, name: &str) -> ObjKey {
        let n = self.ordinals.entry(name.to_string()).or_insert(0);
        let key = ObjKey {
            name: name.to_string(),
            ordinal: *n,
        };
        *n += 1;
        key
    }

    pub fn make_dynamic(&mut self, ptr: usize) {
        if !self.hints.dynamic_ptrs.contains(&ptr) {
            self.new_dynamic.insert(ptr);
        }
    }

    /// Whether the pass must be repeated, and with what: repeated while a pointer
    /// variable needed a target variable it did not have, while a case split was made
    /// over targets other than those the pass produced (ones it had not seen yet, or
    /// ones only an earlier pass produced), and while the allocation sites' capacities
    /// were guesses.
    pub fn next_hints(&self, capacities: FxHashMap<String, u32>) -> Option<MemoryHints> {
        if capacities != self.hints.site_capacity {
            // What the guessed capacities made dynamic may be constant now: start over.
            return Some(MemoryHints {
                site_capacity: capacities,
                ..MemoryHints::default()
            });
        }
        let produced: Vec<Target> = self
            .targets
            .iter()
            .filter(|t| t.produced)
            .cloned()
            .collect();
        let targets_differ = produced.len() != self.hints.targets.len()
            || produced
                .iter()
                .zip(&self.hints.targets)
                .any(|(a, b)| a.key != b.key);
        if self.new_dynamic.is_empty() && !(targets_differ && self.enumerated) {
            return None;
        }
        let mut dynamic_ptrs = self.hints.dynamic_ptrs.clone();
        dynamic_ptrs.extend(self.new_dynamic.iter().copied());
        let targets = produced
            .into_iter()
            .map(|t| Target {
                produced: false,
                ..t
            })
            .collect();
        Some(MemoryHints {
            targets,
            dynamic_ptrs,
            site_capacity: capacities,
        })
    }
}
