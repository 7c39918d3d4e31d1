//! An IC3 invariant for people: its clauses over named state bits, and, per CFA location,
//! what it says there as C-like expressions over the program's variables — a variable
//! whose bits are all fixed is `x == value`, any other bit is `(x >> i & 1) == b`.

use crate::cnf::VarMap;
use crate::ic3::Invariant;
use crate::system::{BitSystem, PcCode, VarBits};
use cfa::Cfa;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;

/// What a state variable of the CNF is.
#[derive(Clone, Debug)]
enum Bit {
    Pc(usize),
    /// Variable name, element (for arrays), bit.
    Var(String, Option<usize>, usize),
}

fn bits(sys: &BitSystem, map: &VarMap, cfa: &Cfa) -> FxHashMap<u32, Bit> {
    let node_var = |l: crate::aig::Lit| map.node_var[l.node() as usize];
    let mut out = FxHashMap::default();
    for (i, l) in sys.pc.iter().enumerate() {
        out.insert(node_var(*l), Bit::Pc(i));
    }
    for (v, b) in &sys.vars {
        let name = cfa.terms.var_name(*v).to_string();
        match b {
            VarBits::Scalar(w) => {
                for (i, l) in w.iter().enumerate() {
                    out.insert(node_var(*l), Bit::Var(name.clone(), None, i));
                }
            }
            VarBits::Array(e) => {
                for (k, w) in e.iter().enumerate() {
                    for (i, l) in w.iter().enumerate() {
                        out.insert(node_var(*l), Bit::Var(name.clone(), Some(k), i));
                    }
                }
            }
        }
    }
    out
}

fn bit_name(b: &Bit) -> String {
    match b {
        Bit::Pc(i) => format!("pc.{i}"),
        Bit::Var(n, None, i) => format!("{n}.{i}"),
        Bit::Var(n, Some(k), i) => format!("{n}[{k}].{i}"),
    }
}

/// The invariant as text: clauses over bits, then per location.
pub fn describe(sys: &BitSystem, map: &VarMap, inv: &Invariant, cfa: &Cfa) -> String {
    let names = bits(sys, map, cfa);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# An inductive invariant of the bit-level transition system ({} clauses), checked.",
        inv.clauses.len()
    );
    let _ = writeln!(
        out,
        "# Clauses over state bits (x.i is bit i of x, 0 = least significant):"
    );
    for c in &inv.clauses {
        let lits: Vec<String> = c
            .iter()
            .map(|l| {
                let n = names
                    .get(&l.unsigned_abs())
                    .map(bit_name)
                    .unwrap_or_else(|| format!("v{}", l.unsigned_abs()));
                if *l < 0 {
                    format!("!{n}")
                } else {
                    n
                }
            })
            .collect();
        let _ = writeln!(out, "{}", lits.join(" | "));
    }
    let _ = writeln!(
        out,
        "\n# Per location (as C expressions over program variables):"
    );
    for (code, what) in sys.codes.iter().enumerate() {
        let PcCode::Location(l) = what else { continue };
        let applying = clauses_at(inv, &names, sys, cfa, code);
        let applies_nowhere = applying.iter().any(|c| c.is_empty());
        let conj: Vec<Vec<(Bit, bool)>> = applying
            .into_iter()
            .map(|c| c.into_iter().filter_map(|(b, p)| Some((b?, p))).collect())
            .collect();
        let loc = cfa.location(*l);
        if applies_nowhere {
            let _ = writeln!(out, "{}: false (unreachable)", loc.name);
            continue;
        }
        if conj.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{}: {}", loc.name, as_c(&conj, sys, cfa));
    }
    out
}

/// The clauses that apply at pc code `code` (their pc literals are all false there), each
/// as its other literals: the bit (`None` if unnamed) and its polarity. An empty clause
/// means the location is unreachable. The bits of variables the system zeroes at the
/// location (dead there) are false in every state at it, so they are evaluated, not
/// kept: a clause about them would otherwise claim a value the program's variable does
/// not have (IC3 learns such clauses freely, they cost it nothing).
fn clauses_at(
    inv: &Invariant,
    names: &FxHashMap<u32, Bit>,
    sys: &BitSystem,
    cfa: &Cfa,
    code: usize,
) -> Vec<Vec<(Option<Bit>, bool)>> {
    let zeroed: FxHashSet<String> = match &sys.codes[code] {
        PcCode::Location(l) => sys.zeroed_at.get(l).map_or_else(FxHashSet::default, |vs| {
            vs.iter()
                .map(|v| cfa.terms.var_name(*v).to_string())
                .collect()
        }),
        _ => FxHashSet::default(),
    };
    let mut out = Vec::new();
    'clauses: for c in &inv.clauses {
        let mut rest = Vec::new();
        for lit in c {
            match names.get(&lit.unsigned_abs()) {
                Some(Bit::Pc(i)) => {
                    if (code >> i & 1 == 1) == (*lit > 0) {
                        continue 'clauses;
                    }
                }
                Some(Bit::Var(n, _, _)) if zeroed.contains(n) => {
                    if *lit < 0 {
                        continue 'clauses;
                    }
                }
                b => rest.push((b.cloned(), *lit > 0)),
            }
        }
        out.push(rest);
    }
    out
}

/// Unit clauses that fix every bit of a variable become `x == value`; the rest are
/// disjunctions of bit tests.
fn as_c(conj: &[Vec<(Bit, bool)>], sys: &BitSystem, cfa: &Cfa) -> String {
    let mut fixed: FxHashMap<(String, Option<usize>), FxHashMap<usize, bool>> =
        FxHashMap::default();
    for c in conj {
        if let [(Bit::Var(n, k, i), b)] = c.as_slice() {
            fixed.entry((n.clone(), *k)).or_default().insert(*i, *b);
        }
    }
    let width_of = |n: &str| -> usize {
        sys.vars
            .iter()
            .find(|(v, _)| &*cfa.terms.var_name(*v) == n)
            .map(|(_, b)| match b {
                VarBits::Scalar(w) => w.len(),
                VarBits::Array(e) => e.first().map_or(0, |w| w.len()),
            })
            .unwrap_or(0)
    };
    let mut whole: Vec<(String, Option<usize>)> = Vec::new();
    let mut parts = Vec::new();
    let mut keys: Vec<_> = fixed.keys().cloned().collect();
    keys.sort();
    for key in keys {
        let bits = &fixed[&key];
        let w = width_of(&key.0);
        if w > 0 && bits.len() == w {
            let value: u128 = bits.iter().map(|(i, b)| (*b as u128) << i).sum();
            let name = match key.1 {
                None => key.0.clone(),
                Some(k) => format!("{}[{k}]", key.0),
            };
            parts.push(format!("{name} == {value}"));
            whole.push(key);
        }
    }
    for c in conj {
        if let [(Bit::Var(n, k, _), _)] = c.as_slice() {
            if whole.contains(&(n.clone(), *k)) {
                continue;
            }
        }
        let lits: Vec<String> = c
            .iter()
            .map(|(b, pos)| match b {
                Bit::Var(n, k, i) => {
                    let name = match k {
                        None => n.clone(),
                        Some(k) => format!("{n}[{k}]"),
                    };
                    format!("({name} >> {i} & 1) == {}", *pos as u8)
                }
                Bit::Pc(i) => format!("pc.{i} == {}", *pos as u8),
            })
            .collect();
        parts.push(if lits.len() == 1 {
            lits[0].clone()
        } else {
            format!("({})", lits.join(" || "))
        });
    }
    parts.join(" && ")
}

/// The invariant per location of `cfa`, as formulas over the program's variables (for
/// correctness witnesses): at a location, the clauses whose program-counter literals are
/// all false there, each a disjunction of bit tests `(x & 2^i) != 0`; a variable whose
/// every bit a unit clause fixes becomes `x == value`. Clauses about array elements are
/// left out, which only weakens the formula (it stays invariant). Indexed by location;
/// `None` where the system has no code for a location.
pub fn location_formulas(
    sys: &BitSystem,
    map: &VarMap,
    inv: &Invariant,
    cfa: &Cfa,
) -> Vec<Option<logic::Term>> {
    let terms = &*cfa.terms;
    let names = bits(sys, map, cfa);
    let widths: FxHashMap<String, usize> = sys
        .vars
        .iter()
        .filter_map(|(v, b)| match b {
            VarBits::Scalar(w) => Some((terms.var_name(*v).to_string(), w.len())),
            VarBits::Array(_) => None,
        })
        .collect();
    let var_term = |n: &str| terms.lookup_var(n).map(|v| terms.var_term(v));
    let is_bool = |n: &str| {
        terms
            .lookup_var(n)
            .is_some_and(|v| terms.var_sort(v) == logic::Sort::Bool)
    };
    // "Bit `i` of `n` is `pos`": a Boolean variable is its one bit.
    let bit_is = |n: &str, i: usize, pos: bool| -> Option<logic::Term> {
        let x = var_term(n)?;
        let one = if is_bool(n) {
            x
        } else {
            let w = *widths.get(n)? as u32;
            let bit = terms.bvand(x, terms.bv_const(1u128 << i, w));
            terms.not(terms.eq(bit, terms.bv_const(0, w)))
        };
        Some(if pos { one } else { terms.not(one) })
    };
    let mut out = vec![None; cfa.location_capacity()];
    for (code, what) in sys.codes.iter().enumerate() {
        let PcCode::Location(l) = what else { continue };
        let applying = clauses_at(inv, &names, sys, cfa, code);
        if applying.iter().any(|c| c.is_empty()) {
            out[l.index()] = Some(terms.fls());
            continue;
        }
        // Only clauses entirely about scalar variables (an array element's bit, or an
        // unnamed one, leaves its clause out).
        let clauses: Vec<Vec<(String, usize, bool)>> = applying
            .into_iter()
            .filter_map(|c| {
                c.into_iter()
                    .map(|(b, pos)| match b {
                        Some(Bit::Var(n, None, i)) => Some((n, i, pos)),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let mut fixed: FxHashMap<String, FxHashMap<usize, bool>> = FxHashMap::default();
        for c in &clauses {
            if let [(n, i, b)] = c.as_slice() {
                fixed.entry(n.clone()).or_default().insert(*i, *b);
            }
        }
        let mut parts = Vec::new();
        for (n, bits) in &fixed {
            let (Some(w), Some(x)) = (widths.get(n), var_term(n)) else {
                continue;
            };
            if bits.len() == *w && !is_bool(n) {
                let value: u128 = bits.iter().map(|(i, b)| u128::from(*b) << i).sum();
                parts.push(terms.eq(x, terms.bv_const(value, *w as u32)));
            }
        }
        for c in &clauses {
            if let [(n, _, _)] = c.as_slice() {
                if fixed[n].len() == widths.get(n).copied().unwrap_or(0) && !is_bool(n) {
                    continue;
                }
            }
            let lits: Option<Vec<logic::Term>> =
                c.iter().map(|(n, i, pos)| bit_is(n, *i, *pos)).collect();
            if let Some(lits) = lits {
                parts.push(terms.or(&lits));
            }
        }
        out[l.index()] = Some(terms.and(&parts));
    }
    out
}
