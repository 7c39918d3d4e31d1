//! The values of the command line's choice options: engines, block operators, split
//! strategies, … (each a `clap::ValueEnum` whose doc comments are the `--help` text).

use clap::ValueEnum;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Engine {
    /// Bounded model checking by symbolic execution (as CBMC and ESBMC): runs the
    /// program's functions with their calls, loops and recursion unwound up to a bound
    /// (1, 2, 4, … up to --max-unwind), constants computed, paths merged, one query per
    /// property per bound. Proves TRUE when every run ends within the bound.
    Symex,
    /// Bounded model checking: unroll the CFA up to --bound edges, one incremental SMT
    /// query per bound. Finds shortest counterexamples; proves TRUE only when every path
    /// ends within the bound.
    Bmc,
    /// k-induction on the (large-block) CFA: base case by the BMC unrolling from init,
    /// step case by the same unrolling from every location; k up to --bound. Every TRUE
    /// is re-checked in fresh solvers.
    Kind,
    /// Predicate abstraction with CEGAR: an abstract reachability tree over the
    /// (large-block) CFA, refined by interpolants from infeasible counterexamples until the
    /// program is proved safe (with a checked certificate) or a real bug is found.
    Cegar,
    /// The default: symex (briefly), CEGAR and IC3 side by side as separate processes
    /// (and chc for a recursive program), the first decided verdict wins (each checked
    /// as its engine checks it: FALSE replayed, TRUE certified); an engine that gives up
    /// early hands over to BMC.
    Portfolio,
    /// Bounded model checking of the bit-level transition system (LLUMC): one
    /// incremental CaDiCaL solver, one step per CFA edge (per block on the LBE CFA), up to
    /// --bound steps. Also reads DimSpec files.
    TsBmc,
    /// IC3/PDR on the bit-level transition system: proves TRUE (with a certified
    /// inductive invariant) and FALSE without a loop bound. Also reads DimSpec files.
    Ic3,
    /// Constrained Horn clauses over the procedural CFA, solved by Z3's Spacer: an
    /// invariant per location and a summary per function, so recursion whose depth
    /// depends on inputs is proved, not bounded. Every TRUE is re-checked clause by clause
    /// on the exact bit-vector semantics; every FALSE is a path of the program, solved
    /// and replayed.
    Chc,
    /// Random simulation of the bit-level transition system (as ABC's `sim`): 64 runs
    /// at once from random inputs, in rounds of doubling length. Finds long
    /// counterexamples that need no search (thousands of loop iterations); proves nothing.
    Sim,
    /// For comparison, not one of Boulder's engines: ABC's `pdr` (berkeley-abc) on
    /// Boulder's AIGER export of the same transition system IC3 checks. Its FALSE is
    /// replayed like any other; its TRUE rests on ABC's own invariant check.
    AbcPdr,
}

/// The theory the `chc` engine's clauses are solved in.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChcTheoryArg {
    /// A third of the time each: integers without wrap-around (overflow queries),
    /// integers with exact wrap-around, bit-vectors.
    Auto,
    /// Mathematical integers with the bit-vectors' exact wrap-around (what linear
    /// arithmetic cannot say, such as `a % b`, over-approximated): Spacer's strength.
    Int,
    /// Mathematical integers without wrap-around, and a query per operation that may
    /// wrap: proves bounds that show nothing wraps (never a verdict on a wrap-around).
    IntOverflow,
    /// The program's bit-vectors as they are.
    Bv,
}

/// The back end of symex's queries.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SymexBackendArg {
    /// Bit-blasting into CaDiCaL (the `ts` crate's blaster), Z3 for what it does not take.
    Sat,
    /// Z3's tactic solver (simplify, bit-blast, SAT) on a fresh solver per query.
    Z3,
}

/// The Z3 solver to use.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Z3SolverArg {
    /// Z3's SMT kernel for every query (fast on large disjunctive blocks).
    Smt,
    /// Z3's default: a bit-blasting tactic solver for a first query without assumptions.
    Combined,
}

/// CEGAR: where abstractions are computed.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockArg {
    /// At every location of the large-block CFA (the level is --lbe): one abstraction per
    /// loop-free block (FMCAD'09).
    Lbe,
    /// After every single-block edge (one C statement or condition).
    Sbe,
    /// Only at loop heads: path formulas accumulate between them.
    L,
    /// At loop heads and at function entries and exits.
    Lf,
}

/// CEGAR: the order in which abstract states are expanded.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchArg {
    /// Breadth-first.
    Bfs,
    /// Depth-first.
    Dfs,
    /// Reverse post-order of the CFA: all branches before their merge point, a loop
    /// before the code after it.
    Rpo,
}

/// CEGAR: how a block is abstracted over the predicates.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbstractionArg {
    /// The strongest Boolean combination of the predicates (ALLSAT; exact for
    /// disjunctive blocks, needed for LBE).
    Boolean,
    /// The conjunction of the predicates and negations implied one by one (cheaper,
    /// loses disjunctions).
    Cartesian,
}

/// CEGAR: which solver an abstraction runs on.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbstractionSolverArg {
    /// A new solver per abstraction: the block formula is translated each time.
    Fresh,
    /// One solver per block (the 64 most recently used blocks, each rebuilt after 256
    /// abstractions): the block formula is translated once.
    PerBlock,
}

/// CEGAR: which decision procedure answers the abstractions' checks.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbstractionBackendArg {
    /// Bit-blasting to CaDiCaL: the block formula is blasted once per solver and each
    /// further ALLSAT model costs one incremental SAT call. Formulas over mathematical
    /// integers or arrays go to Z3.
    Sat,
    /// Z3's SMT kernel for every check.
    Z3,
}

impl AbstractionBackendArg {
    pub fn name(self) -> &'static str {
        match self {
            AbstractionBackendArg::Sat => "sat",
            AbstractionBackendArg::Z3 => "z3",
        }
    }
}

/// CEGAR: how interpolants are computed from an infeasible path.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RefineArg {
    /// Weakest preconditions backwards from the error (shrunk by an unsat core).
    Wp,
    /// Strongest postconditions forwards from the start (shrunk by an unsat core).
    Sp,
}

/// CEGAR: how an interpolant is split into predicates.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SplitArg {
    /// Every atom is a predicate (Böhm's ATOMIC).
    Atomic,
    /// The whole interpolant is one predicate (NONE).
    None,
    /// Its top-level conjuncts are the predicates.
    Conjuncts,
    /// Parts whose variables all lie in the error's backward slice over the program
    /// dependence graph (data and control dependences) stay whole; the rest is split into
    /// atoms.
    Pdg,
    /// As pdg, over control dependences only.
    Cdg,
    /// Parts that mention a variable the next block assigns (its SSA index changes) are
    /// split into atoms; the rest stays whole.
    Ssa,
    /// The strategies side by side as separate processes, two at a time, the first verdict
    /// wins (Böhm's "virtual best" as one configuration; see docs/engines/cegar.md).
    Auto,
}

impl SplitArg {
    /// The engine's strategy; `None` for `auto`, which is several runs.
    pub fn kind(self) -> Option<cegar::SplitKind> {
        Some(match self {
            SplitArg::Atomic => cegar::SplitKind::Atomic,
            SplitArg::None => cegar::SplitKind::None,
            SplitArg::Conjuncts => cegar::SplitKind::Conjuncts,
            SplitArg::Pdg => cegar::SplitKind::Pdg,
            SplitArg::Cdg => cegar::SplitKind::Cdg,
            SplitArg::Ssa => cegar::SplitKind::Ssa,
            SplitArg::Auto => return None,
        })
    }
}

/// CEGAR: where new predicates apply.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrecisionArg {
    /// At the locations of the path where they were found.
    Location,
    /// At every location.
    Global,
}

/// Which CFA a transition system is built from.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TsCfaArg {
    /// The large-block CFA (level --lbe): one step runs a whole loop-free block.
    Lbe,
    /// The single-block CFA: one step per C statement or condition (LLUMC's encoding).
    Sbe,
}

/// Whether loops are accelerated (`cfa::accelerate`, docs/engines/acceleration.md).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AccelerateArg {
    /// For the engines that search for bugs along paths (symex, bmc, ts-bmc).
    Auto,
    /// For every engine.
    On,
    /// For none.
    Off,
}

impl AccelerateArg {
    /// Whether `engine` runs on the accelerated CFA.
    pub fn applies_to(self, engine: Engine) -> bool {
        match self {
            AccelerateArg::On => true,
            AccelerateArg::Off => false,
            AccelerateArg::Auto => engine == Engine::TsBmc,
        }
    }
}

/// Large-block encoding level.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LbeArg {
    /// Single-block encoding: one edge per C statement or condition.
    None,
    /// Sequences of edges become one edge (Theta's LBE_SEQ).
    Seq,
    /// Sequences and parallel edges (choice) become one edge: every loop-free part between
    /// loop heads and merge points is one block (FMCAD'09 LBE).
    Full,
    /// Also locations with several incoming edges are eliminated (Mertens' LBE+).
    Advanced,
}

impl LbeArg {
    pub fn level(self) -> cfa::LbeLevel {
        match self {
            LbeArg::None => cfa::LbeLevel::None,
            LbeArg::Seq => cfa::LbeLevel::Seq,
            LbeArg::Full => cfa::LbeLevel::Full,
            LbeArg::Advanced => cfa::LbeLevel::Advanced,
        }
    }
}

/// The property to check, as SV-COMP names it.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PropertyArg {
    /// No call of reach_error() / __VERIFIER_error() is reachable.
    UnreachCall,
    /// No signed integer overflow (+, -, *, /, %, unary -, <<) happens.
    NoOverflow,
    /// No assert() of <assert.h> or __VERIFIER_assert fails and no reach_error() is
    /// reachable (Boulder's own property: what CBMC and ESBMC check).
    Assert,
}

impl PropertyArg {
    pub fn property(self) -> cfront::Property {
        match self {
            PropertyArg::UnreachCall => cfront::Property::UnreachCall,
            PropertyArg::NoOverflow => cfront::Property::NoOverflow,
            PropertyArg::Assert => cfront::Property::Assert,
        }
    }
}

impl From<cfront::Property> for PropertyArg {
    fn from(p: cfront::Property) -> PropertyArg {
        match p {
            cfront::Property::UnreachCall => PropertyArg::UnreachCall,
            cfront::Property::NoOverflow => PropertyArg::NoOverflow,
            cfront::Property::Assert => PropertyArg::Assert,
        }
    }
}

/// A duration in seconds from the command line: a number of seconds (`60`, `2.5`) or a
/// number with a unit (`500ms`, `90s`, `2min`, `2m`, `1h`), as `timeout(1)` and
/// BenchExec write them.
pub fn seconds(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let n: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a time (e.g. 60, 90s, 2min, 1h)"))?;
    let factor = match unit.trim() {
        "" | "s" | "sec" => 1.0,
        "ms" => 0.001,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        other => return Err(format!("`{other}` is not a unit of time (ms, s, min, h)")),
    };
    let secs = n * factor;
    // A limit beyond a year is a typo, and beyond what `Instant` arithmetic holds.
    if !secs.is_finite() || secs > 366.0 * 86400.0 {
        return Err(format!("`{s}` is longer than a year"));
    }
    Ok(secs)
}

/// The command line's word for a choice, as `--help` lists it: each choice's name is
/// written once, in its `ValueEnum` derive.
fn word<T: ValueEnum>(v: &T) -> String {
    v.to_possible_value()
        .expect("no choice is skipped")
        .get_name()
        .to_string()
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&word(self))
    }
}

impl fmt::Display for SplitArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&word(self))
    }
}

impl Engine {
    /// The engine's name as the command line writes it (`ts-bmc`).
    pub fn name(self) -> String {
        word(&self)
    }

    /// Whether the engine reads the procedural CFA (calls as calls) rather than the
    /// flat one inlining makes.
    pub fn is_procedural(self) -> bool {
        matches!(self, Engine::Symex | Engine::Chc)
    }
}

#[cfg(test)]
mod tests {
    use super::seconds;

    #[test]
    fn times_are_read_with_and_without_units() {
        assert_eq!(seconds("60"), Ok(60.0));
        assert_eq!(seconds("2.5"), Ok(2.5));
        assert_eq!(seconds("90s"), Ok(90.0));
        assert_eq!(seconds("2min"), Ok(120.0));
        assert_eq!(seconds("2m"), Ok(120.0));
        assert_eq!(seconds("1h"), Ok(3600.0));
        assert_eq!(seconds("500ms"), Ok(0.5));
        assert!(seconds("2 fortnights").is_err());
        assert!(seconds("s").is_err());
        assert!(seconds("-5").is_err());
        assert!(seconds("100000000000000000000").is_err());
        assert!(seconds("400d").is_err());
    }
}
