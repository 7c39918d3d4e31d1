//! CFA → bit-level transition system (docs/design.md §8; LLUMC §3, with one step per *edge* of
//! whatever CFA it is given, so one step per loop-free block on the LBE CFA).
//!
//! State: a binary program counter and the bits of every variable live at some location
//! (arrays flattened into their elements). Inputs: the values `havoc` reads, the selectors
//! of overlapping choices, and — only at locations whose outgoing edges' guards may
//! overlap — an edge selector. Step: exactly one edge fires (its source is the current
//! location, it is selected, its guard holds); the program counter moves to its target,
//! the variables it assigns take their new values, the others keep theirs, and every
//! variable dead at the target becomes zero. No edge fires: `blocked`. Bad: an error
//! location (or an array access beyond the kept elements, which means UNKNOWN).

use crate::aig::{Aig, Lit};
use crate::blast::{BlastError, Blaster};
use crate::cnf::Transys;
use crate::liveness::Liveness;
use crate::sat::{Cadical, SatAnswer, SatSolver};
use crate::symex::{EdgeTransition, InputPool, SymExec};
use crate::system::{BitSystem, BuildStats, Latch, PcCode, VarBits};
use crate::words;
use cfa::{Cfa, EdgeId, LocationId, LocationKind};
use logic::{Sort, Term, TermStore, VarId};
use rustc_hash::FxHashMap;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Arrays with more elements are not flattened (UNKNOWN naming the variable).
    pub max_array_elements: u64,
    /// Whether dead variables are dropped from the state (and zeroed where dead).
    pub liveness: bool,
    /// Systems with more state bits are not built (UNKNOWN): beyond this, each SAT
    /// solver of IC3 or BMC holds millions of clauses and the run ends in a memout.
    pub max_state_bits: usize,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            max_array_elements: 4096,
            liveness: true,
            max_state_bits: 1 << 16,
        }
    }
}

/// Why a CFA has no exact bit-level encoding.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("unsupported by the bit-level encoding: {0}")]
    Unsupported(String),
}

impl From<BlastError> for EncodeError {
    fn from(e: BlastError) -> Self {
        EncodeError::Unsupported(e.to_string())
    }
}

/// Input variables created in the term store while encoding.
struct Pool<'a> {
    terms: &'a TermStore,
    lens: FxHashMap<VarId, usize>,
    inputs: FxHashMap<(Sort, usize), Term>,
    selectors: FxHashMap<(u32, usize), Term>,
    /// Every input variable, in creation order, with its array length if it is one.
    created: Vec<(VarId, Option<usize>)>,
    /// Array length per input sort (havocs of arrays of the same sort share inputs only
    /// when their lengths agree).
    array_input_len: FxHashMap<Sort, usize>,
}

impl InputPool for Pool<'_> {
    fn input(&mut self, sort: Sort, k: usize) -> Term {
        if let Some(t) = self.inputs.get(&(sort, k)) {
            return *t;
        }
        let t = self.terms.fresh_var(&format!("ts.in.{sort}.{k}"), sort);
        let v = self.terms.as_var(t).expect("a variable");
        let len = match sort {
            Sort::Array(..) => Some(self.array_input_len.get(&sort).copied().unwrap_or(0)),
            _ => None,
        };
        if let Some(n) = len {
            self.lens.insert(v, n);
        }
        self.created.push((v, len));
        self.inputs.insert((sort, k), t);
        t
    }

    fn selector(&mut self, bits: u32, k: usize) -> Term {
        if let Some(t) = self.selectors.get(&(bits, k)) {
            return *t;
        }
        let t = self
            .terms
            .fresh_var(&format!("ts.sel.{bits}.{k}"), Sort::Bv(bits));
        self.created
            .push((self.terms.as_var(t).expect("a variable"), None));
        self.selectors.insert((bits, k), t);
        t
    }

    fn array_len(&self, v: VarId) -> Option<usize> {
        self.lens.get(&v).copied()
    }
}

fn bits_of(sort: Sort) -> Option<u32> {
    match sort {
        Sort::Bool => Some(1),
        Sort::Bv(w) => Some(w),
        _ => None,
    }
}

/// Encodes a CFA as a bit-level transition system.
pub fn build(cfa: &Cfa, opts: &BuildOptions) -> Result<BitSystem, EncodeError> {
    let terms = &*cfa.terms;
    let live = Liveness::compute(cfa);
    let live_any = live.live_somewhere(cfa);

    // ---------------------------------------------------------------- codes
    let mut codes: Vec<PcCode> = Vec::new();
    let mut code_of: FxHashMap<LocationId, usize> = FxHashMap::default();
    for l in cfa.locations() {
        code_of.insert(l, codes.len());
        codes.push(PcCode::Location(l));
    }
    let blocked = codes.len();
    codes.push(PcCode::Blocked);
    let oob_code = codes.len();
    codes.push(PcCode::OutOfRange);
    let mut pc_bits = 1;
    while (1usize << pc_bits) < codes.len() {
        pc_bits += 1;
    }

    // ---------------------------------------------------------------- state
    let mut aig = Aig::new();
    let pc: Vec<Lit> = (0..pc_bits).map(|_| aig.new_latch()).collect();
    let mut blaster = Blaster::new(terms);
    let mut vars: Vec<(VarId, VarBits)> = Vec::new();
    let mut lens: FxHashMap<VarId, usize> = FxHashMap::default();
    let mut bits_without_liveness = 0usize;
    for d in cfa.vars() {
        let sort = terms.var_sort(d.var);
        let name = terms.var_name(d.var);
        let kept = !opts.liveness
            || live
                .index
                .get(&d.var)
                .is_some_and(|i| live_any.contains(*i));
        if !kept {
            blaster.dead.insert(d.var);
        }
        let bits = match sort {
            Sort::Array(index, elem) => {
                let Some(n) = d.len else {
                    if !kept {
                        continue;
                    }
                    return Err(EncodeError::Unsupported(format!(
                        "array `{name}` without a known number of elements"
                    )));
                };
                if n > opts.max_array_elements {
                    if !kept {
                        continue;
                    }
                    return Err(EncodeError::Unsupported(format!(
                        "array `{name}` of {n} elements (at most {} are flattened)",
                        opts.max_array_elements
                    )));
                }
                if bits_of(index.to_sort()).is_none() {
                    return Err(EncodeError::Unsupported(format!(
                        "array `{name}` indexed by mathematical integers"
                    )));
                }
                let Some(w) = bits_of(elem.to_sort()) else {
                    return Err(EncodeError::Unsupported(format!(
                        "array `{name}` of mathematical integers"
                    )));
                };
                lens.insert(d.var, n as usize);
                bits_without_liveness += (n as usize) * w as usize;
                if !kept {
                    continue;
                }
                let elems: Vec<Vec<Lit>> = (0..n)
                    .map(|_| (0..w).map(|_| aig.new_latch()).collect())
                    .collect();
                blaster.arrays.insert(d.var, elems.clone());
                VarBits::Array(elems)
            }
            _ => {
                let Some(w) = bits_of(sort) else {
                    if !kept {
                        continue;
                    }
                    return Err(EncodeError::Unsupported(format!(
                        "variable `{name}` of sort {sort} (mathematical integers)"
                    )));
                };
                bits_without_liveness += w as usize;
                if !kept {
                    continue;
                }
                let word: Vec<Lit> = (0..w).map(|_| aig.new_latch()).collect();
                blaster.scalars.insert(d.var, word.clone());
                VarBits::Scalar(word)
            }
        };
        vars.push((d.var, bits));
    }
    let state_bits = aig.latches().len();
    if state_bits > opts.max_state_bits {
        return Err(EncodeError::Unsupported(format!(
            "a transition system of {state_bits} state bits (at most {} are built, \
             --ts-max-state-bits)",
            opts.max_state_bits
        )));
    }

    // ---------------------------------------------------------------- edges
    let t0 = Instant::now();
    let mut pool = Pool {
        terms,
        lens: lens.clone(),
        inputs: FxHashMap::default(),
        selectors: FxHashMap::default(),
        created: Vec::new(),
        array_input_len: FxHashMap::default(),
    };
    // Arrays of one sort but different lengths cannot share havoc inputs.
    let mut array_sorts: FxHashMap<Sort, usize> = FxHashMap::default();
    for (v, n) in &lens {
        let s = terms.var_sort(*v);
        let e = array_sorts.entry(s).or_insert(*n);
        *e = (*e).max(*n);
    }
    pool.array_input_len = array_sorts;
    let edges: Vec<EdgeId> = cfa.edges().collect();
    let mut transitions: Vec<EdgeTransition> = Vec::with_capacity(edges.len());
    {
        let mut sx = SymExec::new(terms, &cfa.stmts, &mut pool);
        for e in &edges {
            transitions.push(sx.edge(cfa.edge(*e).stmt));
        }
    }
    let time_symex = t0.elapsed();

    // ---------------------------------------------------------------- inputs
    let t1 = Instant::now();
    let mut input_names = Vec::new();
    for (v, len) in &pool.created {
        let sort = terms.var_sort(*v);
        let name = terms.var_name(*v).to_string();
        match (sort, len) {
            (Sort::Array(_, elem), Some(n)) => {
                let w = bits_of(elem.to_sort()).ok_or_else(|| {
                    EncodeError::Unsupported("a havoc of an array of integers".into())
                })?;
                let elems: Vec<Vec<Lit>> = (0..*n)
                    .map(|k| {
                        (0..w)
                            .map(|i| {
                                input_names.push(format!("{name}[{k}].{i}"));
                                aig.new_input()
                            })
                            .collect()
                    })
                    .collect();
                blaster.arrays.insert(*v, elems);
            }
            _ => {
                let w = bits_of(sort)
                    .ok_or_else(|| EncodeError::Unsupported(format!("an input of sort {sort}")))?;
                let word: Vec<Lit> = (0..w)
                    .map(|i| {
                        input_names.push(format!("{name}.{i}"));
                        aig.new_input()
                    })
                    .collect();
                blaster.scalars.insert(*v, word);
            }
        }
    }

    // ---------------------------------------------------------------- blasting
    struct Blasted {
        guard: Lit,
        updates: Vec<(VarId, VarBits)>,
        oob: Lit,
    }
    let mut blasted: Vec<Blasted> = Vec::with_capacity(edges.len());
    for (i, tr) in transitions.iter().enumerate() {
        let guard = blaster.bool(&mut aig, tr.guard)?;
        let oob = blaster.bool(&mut aig, tr.out_of_range)?;
        let mut updates = Vec::new();
        let dst = cfa.edge(edges[i]).dst;
        for (v, value) in &tr.updates {
            if !blaster.scalars.contains_key(v) && !blaster.arrays.contains_key(v) {
                // Not state: a step-local value (already inlined into the terms).
                continue;
            }
            if opts.liveness && !live.is_live(dst, *v) {
                // Dead after the step: zeroed below, and its value may read variables
                // strong liveness did not keep.
                continue;
            }
            let b = match terms.var_sort(*v) {
                Sort::Array(..) => {
                    let n = lens[v];
                    let mut elems = Vec::with_capacity(n);
                    for k in 0..n {
                        elems.push(blaster.select_const(&mut aig, *value, k)?);
                    }
                    VarBits::Array(elems)
                }
                _ => VarBits::Scalar(blaster.word(&mut aig, *value)?),
            };
            updates.push((*v, b));
        }
        blasted.push(Blasted {
            guard,
            updates,
            oob,
        });
    }

    // ---------------------------------------------------------------- edge selection
    // Edges leaving one location whose guards may hold together need a selector input;
    // where they exclude each other (checked by SAT), the guards choose.
    let mut by_source: FxHashMap<LocationId, Vec<usize>> = FxHashMap::default();
    for (i, e) in edges.iter().enumerate() {
        by_source.entry(cfa.edge(*e).src).or_default().push(i);
    }
    let mut check = GuardCheck::default();
    let mut select: Vec<Lit> = vec![Lit::TRUE; edges.len()];
    let mut max_degree = 0usize;
    let mut nondet: Vec<Vec<usize>> = Vec::new();
    let mut sources: Vec<LocationId> = by_source.keys().copied().collect();
    sources.sort();
    for l in sources {
        let outs = &by_source[&l];
        if outs.len() < 2 {
            continue;
        }
        let guards: Vec<Lit> = outs.iter().map(|i| blasted[*i].guard).collect();
        if !check.pairwise_exclusive(&aig, &guards) {
            max_degree = max_degree.max(outs.len());
            nondet.push(outs.clone());
        }
    }
    if max_degree > 0 {
        let bits = (usize::BITS - (max_degree - 1).leading_zeros()).max(1);
        let esel: Vec<Lit> = (0..bits)
            .map(|i| {
                input_names.push(format!("ts.edge.{i}"));
                aig.new_input()
            })
            .collect();
        for outs in &nondet {
            let d = outs.len();
            for (k, i) in outs.iter().enumerate() {
                let kw = words::constant(k as u128, bits);
                select[*i] = if k + 1 < d {
                    words::eq(&mut aig, &esel, &kw)
                } else {
                    words::ule(&mut aig, &kw, &esel)
                };
            }
        }
    }
    let time_blast = t1.elapsed();

    // ---------------------------------------------------------------- transition
    let mut pc_is: FxHashMap<usize, Lit> = FxHashMap::default();
    let mut pc_eq = |aig: &mut Aig, code: usize| -> Lit {
        *pc_is.entry(code).or_insert_with(|| {
            let kw = words::constant(code as u128, pc_bits as u32);
            words::eq(aig, &pc, &kw)
        })
    };
    let mut fire = Vec::with_capacity(edges.len());
    for (i, e) in edges.iter().enumerate() {
        let at = pc_eq(&mut aig, code_of[&cfa.edge(*e).src]);
        let f = aig.and(at, select[i]);
        fire.push(aig.and(f, blasted[i].guard));
    }
    let any_fire = aig.or_tree(&fire);
    let ok: Vec<Lit> = (0..edges.len())
        .map(|i| aig.and(fire[i], !blasted[i].oob))
        .collect();
    let oob_fire: Vec<Lit> = (0..edges.len())
        .map(|i| aig.and(fire[i], blasted[i].oob))
        .collect();
    let any_oob = aig.or_tree(&oob_fire);
    let mut next_pc = Vec::with_capacity(pc_bits);
    for b in 0..pc_bits {
        let mut ors: Vec<Lit> = (0..edges.len())
            .filter(|i| code_of[&cfa.edge(edges[*i]).dst] >> b & 1 == 1)
            .map(|i| ok[i])
            .collect();
        if oob_code >> b & 1 == 1 {
            ors.push(any_oob);
        }
        if blocked >> b & 1 == 1 {
            ors.push(!any_fire);
        }
        next_pc.push(aig.or_tree(&ors));
    }
    let mut latches: Vec<Latch> = pc
        .iter()
        .enumerate()
        .map(|(b, l)| Latch {
            lit: *l,
            init: Some(code_of[&cfa.init()] >> b & 1 == 1),
            next: next_pc[b],
        })
        .collect();
    // Per variable: the edges that change it (a new value, or zero where it dies).
    let dst_live =
        |i: usize, v: VarId| -> bool { !opts.liveness || live.is_live(cfa.edge(edges[i]).dst, v) };
    let mut updates_of: FxHashMap<VarId, Vec<(usize, usize)>> = FxHashMap::default();
    for (i, b) in blasted.iter().enumerate() {
        for (k, (v, _)) in b.updates.iter().enumerate() {
            updates_of.entry(*v).or_default().push((i, k));
        }
    }
    let init_loc = cfa.init();
    for (v, bits) in &vars {
        let changing: Vec<(usize, Option<usize>)> = {
            let mut c: Vec<(usize, Option<usize>)> = updates_of
                .get(v)
                .map(|u| u.iter().map(|(i, k)| (*i, Some(*k))).collect())
                .unwrap_or_default();
            let updated: rustc_hash::FxHashSet<usize> = c.iter().map(|(i, _)| *i).collect();
            for i in 0..edges.len() {
                if !updated.contains(&i) && !dst_live(i, *v) {
                    c.push((i, None));
                }
            }
            c
        };
        let changing_fire: Vec<Lit> = changing.iter().map(|(i, _)| ok[*i]).collect();
        let any_change = aig.or_tree(&changing_fire);
        // Kept unchanged: some edge fires normally, and it is not one that changes `v`.
        let any_ok = aig.or_tree(&ok);
        let keep = aig.and(any_ok, !any_change);
        let live_at_init = !opts.liveness || live.is_live(init_loc, *v);
        let cur_words: Vec<&Vec<Lit>> = match bits {
            VarBits::Scalar(w) => vec![w],
            VarBits::Array(e) => e.iter().collect(),
        };
        for (wi, word) in cur_words.iter().enumerate() {
            for (bi, cur) in word.iter().enumerate() {
                let mut ors = vec![aig.and(keep, *cur)];
                for (i, k) in &changing {
                    if let Some(k) = k {
                        if !dst_live(*i, *v) {
                            continue;
                        }
                        let newbit = match &blasted[*i].updates[*k].1 {
                            VarBits::Scalar(w) => w[bi],
                            VarBits::Array(e) => e[wi][bi],
                        };
                        ors.push(aig.and(ok[*i], newbit));
                    }
                }
                let next = aig.or_tree(&ors);
                latches.push(Latch {
                    lit: *cur,
                    init: if live_at_init { None } else { Some(false) },
                    next,
                });
            }
        }
    }
    // Latches were created in this order: pc bits, then the variables' bits.
    debug_assert!(latches
        .iter()
        .zip(aig.latches())
        .all(|(l, n)| l.lit.node() == *n));

    // ---------------------------------------------------------------- bad
    let mut bad_codes: Vec<usize> = cfa
        .locations()
        .filter(|l| cfa.kind(*l) == LocationKind::Error)
        .map(|l| code_of[&l])
        .collect();
    bad_codes.push(oob_code);
    let bads: Vec<Lit> = bad_codes.iter().map(|c| pc_eq(&mut aig, *c)).collect();
    let bad = aig.or_tree(&bads);

    let stats = BuildStats {
        locations: cfa.num_locations(),
        edges: edges.len(),
        pc_bits,
        variables: cfa.vars().len(),
        variables_kept: vars.len(),
        state_bits: latches.len(),
        state_bits_without_liveness: bits_without_liveness + pc_bits,
        input_bits: aig.inputs().len(),
        ands: aig.num_ands(),
        nondeterministic_locations: nondet.len(),
        time_symex,
        time_blast,
    };
    Ok(BitSystem {
        aig,
        latches,
        bad,
        pc,
        codes,
        edges: edges.iter().copied().zip(fire).collect(),
        zeroed_at: if opts.liveness {
            live.dead_at(cfa, vars.iter().map(|(v, _)| *v))
        } else {
            FxHashMap::default()
        },
        vars,
        input_names,
        stats,
    })
}

/// Decides whether guards can hold together, on a SAT solver that receives the AIG's
/// gates as they are needed.
#[derive(Default)]
struct GuardCheck {
    solver: Cadical,
    tseitin: crate::cnf::Tseitin,
}

impl GuardCheck {
    fn pairwise_exclusive(&mut self, aig: &Aig, guards: &[Lit]) -> bool {
        // Many edges: assume overlap rather than pay for the quadratic check.
        if guards.len() > 64 {
            return false;
        }
        let lits: Vec<i32> = guards
            .iter()
            .map(|g| self.tseitin.lit(aig, *g, &mut self.solver))
            .collect();
        for i in 0..lits.len() {
            for j in i + 1..lits.len() {
                if guards[i] == Lit::FALSE || guards[j] == Lit::FALSE {
                    continue;
                }
                if self.solver.solve(&[lits[i], lits[j]]) != SatAnswer::Unsat {
                    return false;
                }
            }
        }
        true
    }
}

/// Encodes and converts to CNF in one go.
pub fn build_transys(
    cfa: &Cfa,
    opts: &BuildOptions,
) -> Result<(BitSystem, Transys, crate::cnf::VarMap), EncodeError> {
    let sys = build(cfa, opts)?;
    let (ts, map) = Transys::from_bits(&sys);
    Ok((sys, ts, map))
}
