//! Known invariants made explicit: each edge leaving a location with an invariant first
//! assumes it.
//!
//! Sound exactly when every invariant holds in every reachable state at its location
//! (the caller's obligation: `chc::lemmas` certifies learned ones clause by clause). Then
//! the assumptions remove no reachable behaviour, and an engine on the strengthened CFA
//! decides the program: its FALSE is a path of the original (the assumptions hold on it),
//! its TRUE covers every reachable state. What they add is for the engines that reason
//! from *unreachable* states too: k-induction's step case starts anywhere (Sheeran et al.;
//! strengthening by invariants is the classic remedy), IC3's relative induction and
//! CEGAR's path formulas see the invariant on every transition out of its location.

use crate::graph::{Cfa, LocationId};
use logic::Term;

/// Prepends `assume(inv)` to every edge out of each location of `invariants` (alive, not
/// an error location, invariant not `true`); how many locations got one.
pub fn assume_invariants(cfa: &mut Cfa, invariants: &[(LocationId, Term)]) -> usize {
    let mut strengthened = 0;
    for &(l, inv) in invariants {
        let usable = l.index() < cfa.location_capacity() && cfa.is_alive(l) && !cfa.is_error(l);
        if !usable || cfa.terms.is_true(inv) {
            continue;
        }
        let assume = cfa.stmts.assume(inv, None);
        for e in cfa.out_edges(l).to_vec() {
            let stmt = cfa.stmts.seq(&[assume, cfa.edge(e).stmt]);
            cfa.set_stmt(e, stmt);
        }
        strengthened += 1;
    }
    strengthened
}
