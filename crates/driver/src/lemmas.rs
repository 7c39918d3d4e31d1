//! `--learn-invariants`: invariants learned from executions and certified inductive
//! (`chc::lemmas`), assumed at their locations of the flat CFA before an engine runs
//! (`cfa::assume_invariants`), and stated in the correctness witness of a TRUE.
//!
//! The lemmas are relations of the procedural program's Horn clauses; the flat CFA's first
//! inlined instance of each function keeps the procedural locations and variables
//! (`cfa::inline`), so a location invariant over the current state, true in every
//! activation, holds there. Later instances get none: weaker, never wrong. Recursive
//! programs are left alone (their flat CFA cuts the recursion at a depth; the summaries
//! are the `chc` engine's business).

use crate::engines::secs;
use crate::load::Program;
use logic::Term;
use serde_json::json;
use std::time::{Duration, Instant};

/// Learning takes at most this part of the time left, and at most this long.
const SHARE: u32 = 4;
const AT_MOST: Duration = Duration::from_secs(15);

/// What the engine may assume: per location of the flat CFA, its certified invariant.
pub struct Assumed {
    pub at: Vec<(cfa::LocationId, Term)>,
    /// The flat CFA as it was: the witness writer reads the C places of its edges, which
    /// the assumptions' edges (sequences without an origin of their own) no longer show.
    pub original: cfa::Cfa,
}

impl Assumed {
    /// The engine's invariants of a TRUE (per location of the flat CFA, if it has any)
    /// conjoined with the assumed ones: both hold wherever their location is reached.
    pub fn merge(
        &self,
        store: &logic::TermStore,
        engine: Option<Vec<Option<Term>>>,
        locations: usize,
    ) -> Vec<Option<Term>> {
        let mut out = engine.unwrap_or_else(|| vec![None; locations]);
        for &(l, inv) in &self.at {
            if l.index() >= out.len() {
                out.resize(l.index() + 1, None);
            }
            out[l.index()] = Some(match out[l.index()] {
                Some(own) => store.and2(own, inv),
                None => inv,
            });
        }
        out
    }
}

/// Learns and certifies lemmas of `program` and assumes them in its flat CFA; `None` when
/// the program is recursive, nothing was learned, or learning ran out of time or failed
/// its re-check (said in `stats`).
pub fn learn_and_assume(
    program: &mut Program,
    deadline: Option<Instant>,
    stats: &mut Vec<(String, serde_json::Value)>,
) -> Option<Assumed> {
    let started = Instant::now();
    let procedural = match &program.procedural {
        Some(p) if p.has_recursion() => {
            stats.push(("lemmas".into(), json!("none: the program is recursive")));
            return None;
        }
        Some(p) => p.clone(),
        None => cfa::Program::flat(program.cfa.clone()).ok()?,
    };
    let left = deadline.map_or(AT_MOST, |d| d.saturating_duration_since(started) / SHARE);
    let until = started + left.min(AT_MOST);
    crate::report::progress(format_args!(
        "learning invariants from executions (at most {:.0} s)",
        left.min(AT_MOST).as_secs_f64()
    ));
    let checker = chc::learn::checker(&procedural, Some(until));
    let reach = crate::chc_engine::BmcReach::new(&procedural);
    let found = chc::lemmas(&procedural, &checker, &reach, Some(until));
    stats.push(("time.lemmas".into(), json!(secs(started.elapsed()))));
    let lemmas = match found {
        Ok(Some(l)) => l,
        Ok(None) => {
            stats.push(("lemmas".into(), json!("none learned")));
            return None;
        }
        Err(why) => {
            stats.push(("lemmas".into(), json!(format!("none: {why}"))));
            return None;
        }
    };
    let store = program.terms.clone();
    let at: Vec<(cfa::LocationId, Term)> = lemmas
        .solution
        .location_invariants(&store)
        .into_iter()
        .filter(|(l, f)| {
            !store.is_true(*f)
                && l.index() < program.cfa.location_capacity()
                && program.cfa.is_alive(*l)
        })
        .collect();
    let original = program.cfa.clone();
    let placed = cfa::assume_invariants(&mut program.cfa, &at);
    stats.push((
        "lemmas".into(),
        json!("certified inductive (every clause checked again in a fresh solver)"),
    ));
    stats.push(("lemmas.candidates".into(), json!(lemmas.candidates)));
    stats.push(("lemmas.kept".into(), json!(lemmas.kept)));
    stats.push(("lemmas.samples".into(), json!(lemmas.samples)));
    stats.push(("lemmas.locations".into(), json!(placed)));
    stats.push(("lemmas.prove".into(), json!(lemmas.proves)));
    Some(Assumed { at, original })
}
