//! The clauses over mathematical integers (`logic::bv_int`): the same relations and
//! clauses, every bit-vector an integer in its range, every operator with its exact
//! wrap-around. Spacer is built for linear integer arithmetic — its interpolation and
//! projection work there, while over bit-vectors 4.8.12 has no model-based projection and
//! its lemmas come out bit by bit (docs/research/chc-spacer-z3-4.8.12.md) — and since the
//! translation is exact, both of its answers mean what they say about the program.
//! Neither is taken on trust: a solution is translated back to bit-vectors (exactly,
//! `bv_int::to_bv`) and checked clause by clause on the bit-vector clauses; a derivation
//! becomes a path that is solved and run on the program's bit-vector semantics.

use logic::bv_int::{int_sort, to_bv, ToInt, Untranslatable};
use logic::chc::{Atom, Clause, Horn, RelId};
use logic::{Term, TermStore, VarId};
use rustc_hash::FxHashMap;

/// What integer variables are named with (`x@0!Z`) and relations (`P!f!3!Z`).
const SUFFIX: &str = "!Z";

/// The integer clauses of a bit-vector system (same relation and clause indices).
pub fn int_system(store: &TermStore, bv: &Horn) -> Result<Horn, Untranslatable> {
    let relations = bv
        .relations
        .iter()
        .map(|r| logic::chc::Relation {
            name: format!("{}{SUFFIX}", r.name).into(),
            sorts: r.sorts.iter().map(|s| int_sort(*s)).collect(),
        })
        .collect();
    let mut clauses = Vec::with_capacity(bv.clauses.len());
    for c in &bv.clauses {
        // One translation per clause: the definitions of its divisions belong to it.
        let mut to_int = ToInt::new(store, SUFFIX);
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
        let mut parts = vec![to_int.term(c.constraint)?, to_int.side_conditions()];
        parts.extend(vars.into_iter().map(|v| to_int.range(v)));
        clauses.push(Clause {
            body,
            constraint: store.and(&parts),
            head,
        });
    }
    Ok(Horn {
        relations,
        clauses,
        query: bv.query,
    })
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
