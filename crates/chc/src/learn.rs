//! Invariants and summaries learned from executions (docs/engines/invariants.md): the
//! program is run on random inputs, and on inputs that reach the locations random runs
//! starve (`Reach`: BMC's models), the values of each relation's formals are recorded
//! wherever a run passes its location (`sample`), `invariants::candidates` proposes
//! equations and bounds (and `invariants::table` the tables of recursive functions,
//! `tabulate`), and `invariants::houdini` keeps those the bit-vector clauses preserve.
//!
//! Every tuple recorded on a run of the program is a state it reaches, so a true
//! invariant is never refuted by such a sample (the calls tables miss start from solver
//! models instead: their tuples serve the tables only); a candidate is kept only when the
//! clauses preserve it, so what is kept is an inductive invariant whatever the samples
//! were. When it already makes the error underivable the program is safe; otherwise it
//! strengthens the clauses Spacer solves.

use crate::encode::Encoding;
use crate::sample::Sampler;
use crate::tabulate;
use cfa::{LocationId, Program, Stmt};
use logic::value::to_signed;
use logic::{Op, SolverFactory, Stop, Term, Value, VarId, Z3SolverKind, Z3};
use std::time::{Duration, Instant};

/// The time one Houdini check may take; with tables, whose checks are few and large (a
/// clause of `ack(m - 1, ack(m, n - 1))` joins two tables of 381 and 637 tuples: 0.1 to
/// 1 s each alone, more beside other work) and decide all or nothing.
const PER_CHECK: Duration = Duration::from_secs(3);
const TABLE_CHECK: Duration = Duration::from_secs(10);

/// What learning found.
pub struct Learned {
    /// Per relation of the encoding: the conjunction of its inductive invariants (`false`
    /// for the query when `safe`).
    pub formulas: Vec<Term>,
    /// Whether they make the error underivable.
    pub safe: bool,
    pub candidates: usize,
    pub kept: usize,
    pub samples: usize,
    /// Calls run because tables missed them (`tabulate::missing_calls`).
    pub missing_calls: usize,
    /// A run of the program that reached an error location (then nothing was learned).
    pub error_run: Option<crate::sample::ErrorRun>,
}

/// The solvers learning checks with: Z3 after equation solving and polynomial
/// normalisation (`Z3SolverKind::Algebraic`), in a context of their own.
pub fn checker(program: &Program, deadline: Option<Instant>) -> Z3 {
    let z3 = Z3::new(program.cfa.terms.clone());
    z3.set_solver_kind(Z3SolverKind::Algebraic);
    z3.set_deadline(deadline);
    z3
}

/// Learns inductive invariants of `enc` from runs of `program` (the program `enc` was
/// encoded from: its locations are the encoding's) — random runs, runs from the inputs
/// `reach` finds for locations they starve, and calls that tables miss (`tabulate`) —
/// checking them with `solvers`.
pub fn learn(
    program: &Program,
    enc: &Encoding,
    solvers: &dyn SolverFactory,
    reach: &dyn Reach,
    deadline: Option<Instant>,
) -> Result<Learned, Stop> {
    let store = &*program.cfa.terms;
    let constants = constants(enc);
    let mut sampler = Sampler::new(program, enc, &constants);
    sample(&mut sampler, reach, deadline);
    if sampler.erred {
        // A run reached an error location: there is no invariant to find, and the time is
        // better spent on the counterexample.
        return Ok(Learned {
            formulas: vec![store.tru(); enc.horn.relations.len()],
            safe: false,
            candidates: 0,
            kept: 0,
            samples: sampler.tuples.iter().map(Vec::len).sum(),
            missing_calls: 0,
            error_run: sampler.error_run.take(),
        });
    }
    let atoms = program_atoms(program);
    let given = given(enc, &atoms);
    let tabled = tabulate::tabled(program, enc);
    let columns = tabulate::columns(program, enc);
    let limits = invariants::Limits::default();
    // The templates of a relation, from the program's runs (`runs`, below): computed once,
    // when first needed.
    let template = |tuples: &[Vec<Value>], r: usize| {
        if tuples.is_empty() {
            // No run got there: nothing to learn (not `false`: runs are few).
            return Vec::new();
        }
        let formals = enc.horn.formals(store, logic::chc::RelId(r as u32));
        invariants::candidates(store, &formals, tuples, &constants, &given[r], &limits)
    };
    let mut templates: Vec<Option<Vec<Term>>> = vec![None; enc.horn.relations.len()];
    let mut missing_calls = 0;
    let learned =
        |found: invariants::Inductive, candidates, sampler: &Sampler, missing_calls| Learned {
            formulas: found.formulas(store, &enc.horn),
            safe: found.safe,
            candidates,
            kept: found.invariants.iter().map(Vec::len).sum(),
            samples: sampler.tuples.iter().map(Vec::len).sum(),
            missing_calls,
            error_run: None,
        };
    // Tables first, alone at their relations: a table Houdini keeps implies every other
    // candidate of its relation (each holds of every sampled tuple), and the templates'
    // checks there are the slow ones (products of `ack(m - 1, ack(m, n - 1))`), as is
    // finding them (null spaces of a caller's wide states). Within half the time left, so
    // that the templates always get their turn; the runs of missing calls start from
    // solver models, not necessarily reachable, and inform the tables only (the templates
    // learn from the program's runs). A caller's table (`Tabling::Beside`) Houdini drops
    // gets its templates beside it in the next round (it may have fallen only with a
    // table it depends on).
    let rounds = if tabled.contains(&tabulate::Tabling::Recursion) {
        TABLE_ROUNDS + 1
    } else {
        0
    };
    // The program's runs' tuples, kept apart from what missing calls add (only when there
    // are tables to complete).
    let runs = (rounds > 0).then(|| sampler.tuples.clone());
    let now = Instant::now();
    let tables_until = deadline.map(|d| now + d.saturating_duration_since(now) / 2);
    let expired = || tables_until.is_some_and(|d| Instant::now() >= d);
    let mut dropped = vec![false; tabled.len()];
    for round in 0..rounds {
        let tables = tables(store, enc, &sampler.tuples, &tabled, &columns);
        // All or nothing: a relation of the recursion with more tuples than a table holds
        // (`mccarthy91`'s 4,000) means a domain tables do not cover.
        let too_large = (0..tables.len()).any(|r| {
            tabled[r] == tabulate::Tabling::Recursion
                && tables[r].is_none()
                && sampler.tuples[r].len() > tabulate::TABLE_ROWS
        });
        if too_large {
            break;
        }
        let cands: Vec<Vec<Term>> = (0..tables.len())
            .map(|r| {
                let runs = runs.as_ref().expect("kept while there are tables");
                let mut templates = || {
                    templates[r]
                        .get_or_insert_with(|| template(&runs[r], r))
                        .clone()
                };
                match tables[r] {
                    Some(t) if !dropped[r] => vec![t],
                    Some(t) => [vec![t], templates()].concat(),
                    None => templates(),
                }
            })
            .collect();
        let candidates = cands.iter().map(Vec::len).sum();
        let Ok(found) =
            invariants::houdini(store, &enc.horn, cands, solvers, TABLE_CHECK, tables_until)
        else {
            break;
        };
        if found.safe {
            return Ok(learned(found, candidates, &sampler, missing_calls));
        }
        if round + 1 == rounds {
            break;
        }
        let mut gave_way = false;
        for r in 0..tables.len() {
            let beside = tabled[r] == tabulate::Tabling::Beside && !dropped[r];
            if let Some(t) = tables[r].filter(|_| beside) {
                if !found.invariants[r].contains(&t) {
                    dropped[r] = true;
                    gave_way = true;
                }
            }
        }
        if gave_way {
            // Calls missing while a caller states nothing would be any calls.
            continue;
        }
        let kept = &found.invariants;
        let (missing, saturated) = tabulate::missing_calls(
            program,
            enc,
            &tables,
            kept,
            solvers,
            PER_CHECK,
            tables_until,
        );
        // As many missing calls as were asked for: the recursion's domain is larger than
        // tables are made for (`mccarthy91(n)` for every `n <= 100`).
        if missing.is_empty() || saturated {
            break;
        }
        missing_calls += missing.len();
        for (f, entry) in missing {
            if expired() {
                break;
            }
            sampler.call(f, &entry);
        }
    }
    // The templates everywhere.
    let runs = runs.as_ref().unwrap_or(&sampler.tuples);
    let cands: Vec<Vec<Term>> = (0..templates.len())
        .map(|r| templates[r].take().unwrap_or_else(|| template(&runs[r], r)))
        .collect();
    let candidates = cands.iter().map(Vec::len).sum();
    let found = invariants::houdini(store, &enc.horn, cands, solvers, PER_CHECK, deadline)?;
    Ok(learned(found, candidates, &sampler, missing_calls))
}

/// How many times calls that tables miss are run and Houdini asked again.
const TABLE_ROUNDS: usize = 3;

/// Per relation that is tabled (`tabled`): its table of `tuples` over what matters
/// (`columns`), if it has at most [`tabulate::TABLE_ROWS`] rows (none: the table is
/// `false`, "no call gets here", for Houdini to check like any other). A caller's
/// (`Tabling::Beside`) only where the samples repeat themselves (at most one row per two
/// samples), a sign that they cover its domain: the init location's arbitrary state has
/// as many rows as samples.
fn tables(
    store: &logic::TermStore,
    enc: &Encoding,
    tuples: &[Vec<Vec<Value>>],
    tabled: &[tabulate::Tabling],
    columns: &[Vec<invariants::Column>],
) -> Vec<Option<Term>> {
    (0..tuples.len())
        .map(|r| {
            let formals = enc.horn.formals(store, logic::chc::RelId(r as u32));
            let rows = match tabled[r] {
                tabulate::Tabling::No => return None,
                tabulate::Tabling::Recursion => tabulate::TABLE_ROWS,
                tabulate::Tabling::Beside => tabulate::TABLE_ROWS.min(tuples[r].len() / 2),
            };
            invariants::table(store, &formals, &tuples[r], &columns[r], rows)
        })
        .collect()
}

/// Random runs, then runs from the inputs `reach` finds for the locations they starve.
fn sample(sampler: &mut Sampler, reach: &dyn Reach, deadline: Option<Instant>) {
    sampler.random_runs(deadline);
    let starved = sampler.starved(STARVED);
    let expired = deadline.is_some_and(|d| Instant::now() >= d);
    if sampler.erred || starved.is_empty() || expired {
        return;
    }
    let until = Instant::now() + REACH_TIME;
    let until = deadline.map_or(until, |d| d.min(until));
    for inputs in reach.reaching(&starved, REACH_RUNS, until) {
        if sampler.erred {
            break;
        }
        sampler.replay(inputs);
    }
}

/// At most this many of the program's comparisons become candidates.
const MAX_ATOMS: usize = 300;

/// The comparisons the program makes — the conditions it branches on and the Boolean
/// values it computes or passes (an asserted `a * a <= n`) — and their negations, over
/// program variables.
fn program_atoms(program: &Program) -> Vec<Term> {
    let cfa = &program.cfa;
    let store = &*cfa.terms;
    let mut roots = Vec::new();
    for e in program.call_edges() {
        if let Some((_, call)) = program.call_of(*e) {
            roots.extend(call.args.iter().map(|(_, a)| *a));
        }
    }
    for e in cfa.edges() {
        for leaf in cfa.stmts.leaves(cfa.edge(e).stmt) {
            match cfa.stmts.get(leaf) {
                Stmt::Assume(c) => roots.push(c),
                Stmt::Assign(_, v) => roots.push(v),
                _ => {}
            }
        }
    }
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    for root in roots {
        for t in store.postorder(root, false) {
            let comparison = matches!(
                store.op(t),
                Op::BvSle | Op::BvSlt | Op::BvUle | Op::BvUlt | Op::Eq
            ) && store
                .args(t)
                .iter()
                .all(|a| store.sort(*a).bv_width().is_some());
            if comparison && !store.is_ground(t) && seen.insert(t) {
                out.extend([t, store.not(t)]);
                if out.len() >= MAX_ATOMS {
                    return out;
                }
            }
        }
    }
    out
}

/// Per relation: the program's comparisons over the variables it ranges over, stated over
/// its formals (a location's current state; a summary's outputs).
fn given(enc: &Encoding, atoms: &[Term]) -> Vec<Vec<Term>> {
    let store = &*enc.program.cfa.terms;
    let mut out = vec![Vec::new(); enc.horn.relations.len()];
    let mut over = |r: logic::chc::RelId, skip: usize, vars: &[VarId]| {
        let formals = enc.horn.formals(store, r);
        let map: rustc_hash::FxHashMap<Term, Term> = vars
            .iter()
            .zip(&formals[skip..])
            .map(|(v, f)| (store.var_term(*v), *f))
            .collect();
        for a in atoms {
            if store
                .free_vars(*a)
                .iter()
                .all(|v| map.contains_key(&store.var_term(*v)))
            {
                out[r.index()].push(store.substitute(*a, &map));
            }
        }
    };
    for (l, r) in &enc.at {
        let vars = &enc.states[l];
        let skip = enc.horn.relations[r.index()].sorts.len() - vars.len();
        over(*r, skip, vars);
    }
    for (f, r) in enc.summaries.iter().enumerate() {
        let frame = &enc.frames.functions[f];
        over(*r, frame.entry().len(), &frame.outputs());
    }
    out
}

/// The program's constants (signed, with their neighbours, and 0): where bounds snap to.
fn constants(enc: &Encoding) -> Vec<i128> {
    let store = &*enc.program.cfa.terms;
    let mut out = vec![0i128];
    for c in &enc.horn.clauses {
        for t in store.postorder(c.constraint, false) {
            if let Some((x, w)) = store.as_bv_const(t) {
                let k = to_signed(x, w);
                out.extend([k - 1, k, k + 1]);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Inputs of runs that reach given locations, from whoever can find them: the driver
/// answers with the models of BMC queries (`bmc::reaching`); this crate knows no other
/// engine. `()` finds none.
pub trait Reach {
    /// Up to `runs` recorded inputs whose runs reach one of `locations` (of the program
    /// being learned about), found before `deadline`.
    fn reaching(&self, locations: &[LocationId], runs: usize, deadline: Instant) -> Vec<Inputs>;
}

impl Reach for () {
    fn reaching(&self, _: &[LocationId], _: usize, _: Instant) -> Vec<Inputs> {
        Vec::new()
    }
}

/// What a run needs to go a recorded way: the initial values of variables and the values
/// of its `havoc`s in order (the rest random, as for any sampling run).
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    pub initial: Vec<(VarId, Value)>,
    pub havocs: Vec<Value>,
}

/// A relation with fewer tuples than this after the random runs asks for runs that reach
/// its location ([`Reach`]); at most [`REACH_RUNS`] of them, found within [`REACH_TIME`].
const STARVED: usize = 16;
const REACH_RUNS: usize = 16;
const REACH_TIME: Duration = Duration::from_millis(1500);
