//! The clauses over mathematical integers (`logic::bv_int`): the same relations and
//! clauses, every bit-vector an integer in its range. Spacer is built for linear integer
//! arithmetic — its interpolation and projection work there, while over bit-vectors
//! 4.8.12 has no model-based projection and its lemmas come out bit by bit
//! (docs/research/chc-spacer-z3-4.8.12.md). Two readings of wrap-around (`Wrap`): exact,
//! or none with overflow queries. What linear arithmetic cannot say (`a % b`, `x * y`,
//! `1 << n`) is over-approximated (`ToInt::abstracting`), so the integer clauses may
//! admit more than the program does.
//!
//! Neither answer is taken on trust, and that is what makes all of this sound: a solution
//! is translated back to bit-vectors (exactly, `bv_int::to_bv`) and checked clause by
//! clause on the bit-vector clauses; a derivation becomes a path that is solved and run on
//! the program's bit-vector semantics.

use logic::bv_int::{int_sort, to_bv, ToInt, Untranslatable};
use logic::chc::{Atom, Clause, Horn, RelId};
use logic::{Term, TermStore, VarId};
use rustc_hash::FxHashMap;

/// What integer variables are named with (`x@0!Z`) and relations (`P!f!3!Z`).
const SUFFIX: &str = "!Z";

/// How the integer clauses treat wrap-around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    /// Exactly, an `ite` per operation: the clauses mean what the bit-vector ones mean.
    Exact,
    /// Not at all: operations are their exact integers where nothing wraps
    /// (`ToInt::without_wrap`), and an **overflow clause** per clause whose operations
    /// may wrap derives the query when one does (`ToInt::guarded`). Appended after the
    /// clauses of the bit-vector system, so a derivation of the query through one of them
    /// is a possible wrap-around, not an error; a solution proves, with the error
    /// unreachable, that nothing wraps — and is checked on the bit-vectors all the same.
    Overflow,
}

/// The integer clauses of a bit-vector system (same relation and clause indices; with
/// `Wrap::Overflow`, the overflow clauses after them).
///
/// `facts` (a formula per relation over its bit-vector formals, inductive: learned
/// invariants) strengthen each clause at its body atoms, translated exactly whatever
/// `wrap` is: they are no operations of the program, and an equation that holds modulo
/// 2^32 must not raise an overflow query. One that does not translate is left out.
pub fn int_system(
    store: &TermStore,
    bv: &Horn,
    wrap: Wrap,
    facts: Option<&[Term]>,
) -> Result<IntSystem, Untranslatable> {
    let relations = bv
        .relations
        .iter()
        .map(|r| logic::chc::Relation {
            name: format!("{}{SUFFIX}", r.name).into(),
            sorts: r.sorts.iter().map(|s| int_sort(*s)).collect(),
        })
        .collect();
    let mut clauses = Vec::with_capacity(bv.clauses.len());
    let mut overflow_clauses = Vec::new();
    let mut abstracted = 0;
    for c in &bv.clauses {
        // One translation per clause: the definitions of its divisions belong to it.
        let mut to_int = match wrap {
            Wrap::Exact => ToInt::new(store, SUFFIX),
            Wrap::Overflow => ToInt::without_wrap(store, SUFFIX),
        }
        .abstracting();
        let atom = |a: &Atom, to_int: &mut ToInt<'_>| -> Result<Atom, Untranslatable> {
            Ok(Atom {
                rel: a.rel,
                args: a
                    .args
                    .iter()
                    .map(|t| to_int.term(*t))
                    .collect::<Result<_, _>>()?,
            })
        };
        let head = atom(&c.head, &mut to_int)?;
        // The clauses are strict (`Horn::strict`): atoms have variables as arguments, so
        // every operation, and every overflow obligation, is in the constraint.
        debug_assert!(c
            .body
            .iter()
            .chain([&c.head])
            .flat_map(|a| &a.args)
            .all(|t| store.as_var(*t).is_some()));
        let body = c
            .body
            .iter()
            .map(|b| atom(b, &mut to_int))
            .collect::<Result<Vec<_>, _>>()?;
        // Every variable of the clause in its range: what makes the integers exact.
        let mut vars: Vec<VarId> = store.free_vars(c.constraint).into_iter().collect();
        for a in c.body.iter().chain([&c.head]) {
            for t in &a.args {
                vars.extend(store.free_vars(*t));
            }
        }
        vars.sort();
        vars.dedup();
        let ranges: Vec<Term> = vars.into_iter().map(|v| to_int.range(v)).collect();
        let (constraint, alarm) = match wrap {
            Wrap::Exact => (to_int.term(c.constraint)?, None),
            Wrap::Overflow => {
                let (assume, alarm) = to_int.guarded(c.constraint)?;
                (assume, alarm)
            }
        };
        let side = to_int.side_conditions();
        let known = facts.map_or(store.tru(), |facts| {
            let at_body: Vec<Term> = c
                .body
                .iter()
                .map(|b| bv.instantiate(store, facts, b))
                .collect();
            let mut exact = ToInt::new(store, SUFFIX).abstracting();
            match exact.term(store.and(&at_body)) {
                Ok(f) => store.and2(f, exact.side_conditions()),
                Err(_) => store.tru(),
            }
        });
        let with = |f: Term| {
            let mut parts = vec![f, side, known];
            parts.extend(ranges.iter().copied());
            store.and(&parts)
        };
        if let Some(alarm) = alarm {
            overflow_clauses.push(Clause {
                body: body.clone(),
                constraint: with(alarm),
                head: Atom {
                    rel: bv.query,
                    args: vec![],
                },
            });
        }
        clauses.push(Clause {
            body,
            constraint: with(constraint),
            head,
        });
        abstracted += to_int.abstracted();
    }
    clauses.extend(overflow_clauses);
    let horn = Horn {
        relations,
        clauses,
        query: bv.query,
    };
    Ok(IntSystem { horn, abstracted })
}

/// The integer clauses of a program, and how many operations in them are
/// over-approximated (`ToInt::abstracting`: then a derivation may be spurious, and the
/// system is no more than a source of candidate solutions — which the bit-vector check
/// and the path check decide on in any case).
pub struct IntSystem {
    pub horn: Horn,
    pub abstracted: usize,
}

/// The bit-vector formulas of an integer system's solution: each relation's formula over
/// its bit-vector formals, meaning exactly what the integer formula says of the formals'
/// integers.
pub fn solution_to_bv(
    store: &TermStore,
    bv: &Horn,
    int: &Horn,
    formulas: &[Term],
) -> Result<Vec<Term>, Untranslatable> {
    (0..bv.relations.len())
        .map(|i| {
            let r = RelId(i as u32);
            let vars: FxHashMap<VarId, Term> = int
                .formals(store, r)
                .into_iter()
                .zip(bv.formals(store, r))
                .map(|(x, b)| (store.as_var(x).expect("a formal is a variable"), b))
                .collect();
            to_bv(store, formulas[i], &vars)
        })
        .collect()
}
