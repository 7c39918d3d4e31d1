//! `boulder validate` for correctness witnesses, without trusting whoever wrote them.
//!
//! The witness's invariants are C expressions; the C front end, not a parser of our
//! own, gives them their meaning: each loop invariant is placed into the program text at
//! the head of its loop, as `while (__boulder_invariant(INV) && (COND))`, each location
//! invariant as `__boulder_invariant(INV);` before its statement, where the checker
//! reaches the error if `INV` does not hold (for `no-overflow`: overflows) and otherwise
//! assumes it. The instrumented program is safe exactly when the program is safe *and*
//! every invariant holds whenever its place is reached (an invariant is checked before it is assumed, so assuming it
//! afterwards only cuts executions that already failed). That program is then verified by
//! two provers racing in child processes (`race_instrumented`): k-induction (`--engine
//! kind`), where the assumed invariants are what make the induction step go through, so
//! an inductive set of invariants is confirmed with small k, and one that is only
//! k-inductive relative to the others with larger k; and the `chc` engine's invariants
//! learned from executions of the inlined program (`--chc-learn-only --chc-inline`), whose
//! clauses check polynomial equations by algebra — the witness's `x == q*y + r`, which
//! k-induction bit-blasts, and which the checker's argument states, is shown there. A
//! function contract wraps its function in one that checks and assumes `requires` on
//! entry and `ensures` at return (`validate_contracts`); a recursive program's
//! instrumented text goes to the `chc` engine with Spacer (inlining cannot take it).
//! Every claim must be an expression that only reads (`expression_only`).
//!
//! TRUE: confirmed (the winner's proof re-checked in fresh solvers: the k-inductive
//! argument, or the learned invariants clause by clause). UNKNOWN
//! (witness refuted: …): an invariant or a contract's clause fails (named, with its
//! place) or the property does,
//! shown by a counterexample that replays with gcc — never FALSE, which would be a
//! verdict about the program. UNKNOWN (witness not confirmed: …): not inductive within the
//! bound, or not placeable, with why.

use crate::config::{Config, Engine};
use crate::load::Program;
use crate::report::Verdict;
use crate::report::{JsonReport, VerdictWord};
use crate::unknown::Unknown;
use crate::validate_cmd::ValidateArgs;
use serde_json::{json, Value as Json};
use witness::contract::SourceContract;
use witness::correctness::{loop_condition, read, InvariantKind};
use witness::violation::sha256_hex;

/// The largest k the validator's k-induction tries: as far as `--engine kind` goes by
/// default, so that a witness without invariants is confirmed wherever k-induction alone
/// proves the program (`diamond_true-unreach-call1` is 51-inductive; with 12 its witness
/// stayed unconfirmed). The time limit bounds the search.
const MAX_K: u32 = 100;

/// The checkers: `__boulder_invariant` for every claim (invariant, contract clause), or
/// `__boulder_invariant_K` for the K-th (`claims` of them). A checker reaches the error if its argument is 0 (for `no-overflow`:
/// overflows, so that one run of k-induction for that property checks the invariants and
/// the property together; a `reach_error` of the program's own is no violation of it) and
/// otherwise assumes it.
fn prelude(property: cfront::Property, checkers: Checkers, claims: usize) -> String {
    let fail = match property {
        cfront::Property::NoOverflow => {
            "{ int __boulder_max = 2147483647; __boulder_max = __boulder_max + 1; }"
        }
        _ => "reach_error();",
    };
    let names: Vec<String> = match checkers {
        Checkers::One => vec![CHECKER.to_string()],
        Checkers::Each => (0..claims).map(|k| format!("{CHECKER}_{k}")).collect(),
    };
    let mut out = String::from("void reach_error(void); void __VERIFIER_assume(int);");
    for name in names {
        out.push_str(&format!(
            " static int {name}(int holds) {{ if (!holds) {fail} \
             __VERIFIER_assume(holds); return 1; }}"
        ));
    }
    out.push('\n');
    out
}

/// The name of the checker (of the K-th invariant: with `_K` appended).
const CHECKER: &str = "__boulder_invariant";

pub fn check(
    args: &ValidateArgs,
    program: &Program,
    original: &str,
    text: &str,
    stats: &mut Vec<(String, Json)>,
) -> Verdict {
    match confirm(args, program, original, text, stats) {
        Ok(v) => v,
        Err(why) => Verdict::Unknown(Unknown::Witness {
            why,
            refuted: false,
        }),
    }
}

fn confirm(
    args: &ValidateArgs,
    program: &Program,
    original: &str,
    text: &str,
    stats: &mut Vec<(String, Json)>,
) -> Result<Verdict, String> {
    let started = std::time::Instant::now();
    let claim = read(text)?;
    stats.push(("witness.kind".into(), json!("correctness")));
    stats.push(("witness.invariants".into(), json!(claim.invariants.len())));
    stats.push(("witness.contracts".into(), json!(claim.contracts.len())));
    if let Some(h) = &claim.program_hash {
        if !h.eq_ignore_ascii_case(&sha256_hex(original)) {
            return Err("the witness's program hash is not this program's SHA-256".into());
        }
    }
    let c_file = program.c_file.as_ref().ok_or("no C program")?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let ext = c_file.extension().and_then(|e| e.to_str()).unwrap_or("c");
    let file = dir.path().join(format!("instrumented.{ext}"));
    let instrumented = instrument(program, original, &claim, &file, Checkers::One)?;
    if let Some(out) = &args.instrumented_out {
        std::fs::write(out, &instrumented)
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    let v = race_instrumented(program, &file, &instrumented, args.timelimit, stats)?;
    if let Some(k) = v.kind_k() {
        stats.push(("witness.k".into(), json!(k)));
    }
    let steps = |r: &JsonReport| r.counterexample.as_ref().map(|c| c["steps"].clone());
    match v.verdict {
        VerdictWord::True => Ok(Verdict::True),
        VerdictWord::False => {
            // The counterexample replays (k-induction's FALSE is checked as every FALSE is).
            // Which invariant failed: BMC on the program with a checker per invariant
            // (one shared checker keeps the proof's state small: with four, pc_sfifo_1's
            // k-induction took over twice as long) finds a shortest failing run, which ends
            // in the failing invariant's checker or in the program's own violation.
            let each = dir.path().join(format!("instrumented-each.{ext}"));
            let text = instrument(program, original, &claim, &each, Checkers::Each)?;
            // A bound no shorter than k-induction's counterexample (its steps are
            // statements, never fewer than edges), and the time that is left.
            let length = steps(&v).and_then(|s| s.as_array().map(Vec::len));
            let bound = (length.unwrap_or(0) + 10).max(100) as u32;
            let left = (args.timelimit - started.elapsed().as_secs_f64()).max(1.0);
            let bmc = run_instrumented(program, &each, &text, Engine::Bmc, bound, left);
            let why = match bmc {
                Ok(b) if b.verdict == VerdictWord::False => {
                    let failed = failed_invariant(&steps(&b).unwrap_or_default());
                    match failed.and_then(|k| failed_claim(&claim, k, c_file)) {
                        Some(why) => why,
                        None => format!(
                            "the program violates {} (its counterexample replays)",
                            program.property.name()
                        ),
                    }
                }
                // Which one BMC did not find in time: k-induction's counterexample still
                // shows that something fails.
                _ => "an invariant or the property fails (k-induction's counterexample replays)"
                    .to_string(),
            };
            stats.push(("witness.refuted".into(), json!(why)));
            Ok(Verdict::Unknown(Unknown::Witness { why, refuted: true }))
        }
        _ => Err(v.reason.unwrap_or_else(|| "unknown".into())),
    }
}

/// Races the two provers of the instrumented program (written to `file`) for `seconds`:
/// k-induction up to [`MAX_K`] (the invariants assumed make the step go through) and the
/// `chc` engine's learned invariants over the inlined program, whose clauses check the
/// witness's polynomial equations by algebra (`invariants::preserve`) where k-induction
/// bit-blasts their multipliers (`x == q*y + r` of Cohen's division: k-induction times
/// out at 60 s, the chc slot confirms it in 6.4 s) — for a recursive program, which
/// neither inlining nor k-induction takes, the `chc` engine with Spacer. The first verdict
/// wins; each is checked in its child as every verdict is (a FALSE replayed, a TRUE
/// certified). Without one, the report says why each gave up.
fn race_instrumented(
    program: &Program,
    file: &std::path::Path,
    text: &str,
    seconds: f64,
    stats: &mut Vec<(String, Json)>,
) -> Result<JsonReport, String> {
    std::fs::write(file, text).map_err(|e| e.to_string())?;
    let (kind, env) = instrumented_config(program, file, Engine::Kind, MAX_K)?;
    let (mut chc, _) = instrumented_config(program, file, Engine::Chc, MAX_K)?;
    // A recursive program cannot be inlined, nor proved by k-induction, which inlines it:
    // there the `chc` engine solves the clauses with Spacer too, and its summaries
    // are checked clause by clause like its learned invariants.
    let recursive = program
        .procedural
        .as_ref()
        .is_some_and(|p| p.has_recursion());
    chc.chc_learn_only = !recursive;
    chc.chc_inline = true;
    let slot = |name: &str, config: Config| crate::race::Slot {
        name: name.into(),
        config,
        budget: None,
        background: false,
        env: env.clone(),
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(seconds);
    let outcome = crate::race::race(
        "validate",
        Some(deadline),
        vec![slot("kind", kind), slot("chc", chc)],
        2,
        &mut |_, _| None,
        None,
    )
    .map_err(|e| format!("the instrumented program does not verify: {e}"))?;
    stats.extend(outcome.stats);
    if let Some(winner) = outcome.winner {
        return Ok(winner);
    }
    let why: Vec<String> = outcome
        .reasons
        .iter()
        .map(|(name, why)| {
            let what = match name.rsplit('.').next() {
                Some("kind") => format!("k-induction up to {MAX_K}"),
                _ if recursive => "the chc engine".to_string(),
                _ => "learned invariants (chc)".to_string(),
            };
            format!("{what}: {why}")
        })
        .collect();
    Err(if why.is_empty() {
        "no prover of the instrumented program decided in time (timeout)".into()
    } else {
        format!("with the invariants assumed, {}", why.join("; "))
    })
}

/// Runs `engine` (up to `bound`) on the instrumented program (written to `file`) in a new
/// `boulder`, for `seconds`; its report.
fn run_instrumented(
    program: &Program,
    file: &std::path::Path,
    text: &str,
    engine: Engine,
    bound: u32,
    seconds: f64,
) -> Result<JsonReport, String> {
    std::fs::write(file, text).map_err(|e| e.to_string())?;
    let (mut config, env) = instrumented_config(program, file, engine, bound)?;
    config.timelimit = Some(seconds);
    crate::race::run_child(&config, &env)
        .map_err(|why| format!("the instrumented program does not verify: {why}"))
}

/// The configuration that runs `engine` (up to `bound`) on the instrumented program in
/// `file`, and the environment its child needs.
fn instrumented_config(
    program: &Program,
    file: &std::path::Path,
    engine: Engine,
    bound: u32,
) -> Result<(Config, Vec<(String, std::ffi::OsString)>), String> {
    let c_file = program.c_file.as_ref().ok_or("no C program")?;
    // The program's own `#include "…"` files are found beside it.
    let mut cpath = std::ffi::OsString::from(
        c_file
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(std::path::Path::new(".")),
    );
    if let Some(old) = std::env::var_os("CPATH") {
        cpath.push(":");
        cpath.push(old);
    }
    let mut config = Config::from_words(&file.to_string_lossy(), &[]).map_err(|e| e.to_string())?;
    config.engine = engine;
    config.bound = bound;
    config.json = true;
    config.program.prop = Some(program.property.into());
    config.program.lp64 = program.model == cfront::DataModel::Lp64;
    Ok((config, vec![("CPATH".to_string(), cpath)]))
}

/// One checker for every invariant, or one per invariant (which names the one that fails).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Checkers {
    One,
    Each,
}

/// Every edit of the program text as (start, end, text before, text after), in
/// characters; applied last to first so that none moves another.
type Edits = Vec<(usize, usize, String, &'static str)>;

/// The program text with every invariant checked and assumed at its place, every
/// function contract at its function's entry and returns (`validate_contracts`). The
/// claims are numbered: the invariants in order, then two per contract (`requires`,
/// `ensures`).
fn instrument(
    program: &Program,
    original: &str,
    claim: &witness::correctness::CorrectnessClaim,
    file: &std::path::Path,
    checkers: Checkers,
) -> Result<String, String> {
    let source = ctext::Text::new(original);
    let check_one = |k: usize, v: &str| match checkers {
        Checkers::Each => format!("{CHECKER}_{k}({v})"),
        Checkers::One => format!("{CHECKER}({v})"),
    };
    let mut edits = invariant_edits(program, &source, &claim.invariants, &check_one)?;
    // Per function, its contracts with the number of each one's first claim.
    let mut by_function: std::collections::BTreeMap<&str, Vec<(usize, &SourceContract)>> =
        Default::default();
    for (k, c) in claim.contracts.iter().enumerate() {
        let first = claim.invariants.len() + 2 * k;
        by_function.entry(&c.function).or_default().push((first, c));
    }
    for (f, contracts) in by_function {
        let insertions =
            crate::validate_contracts::instrument_function(&source, f, &contracts, &check_one)?;
        edits.extend(insertions.into_iter().map(|(at, text)| (at, at, text, "")));
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut chars = source.chars().to_vec();
    for (start, end, before, after) in edits {
        chars.splice(end..end, after.chars());
        chars.splice(start..start, before.chars());
    }
    // The prelude on a line of its own, then a line marker: the program keeps its lines.
    let name = file.display().to_string();
    let claims = claim.invariants.len() + 2 * claim.contracts.len();
    let mut out = format!(
        "{}# 1 \"{}\"\n",
        prelude(program.property, checkers, claims),
        name.replace('"', "")
    );
    out.extend(chars);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// The edits that check the invariants: at the loop condition a loop invariant names,
/// before the statement a location invariant names (`check(k, v)`: the check of `v` as
/// the `k`-th claim).
fn invariant_edits(
    program: &Program,
    source: &ctext::Text,
    invariants: &[witness::correctness::SourceInvariant],
    check: &dyn Fn(usize, &str) -> String,
) -> Result<Edits, String> {
    let cfa = &program.cfa;
    let conditions: Vec<(u32, u32, String)> = cfa
        .locations()
        .filter(|l| cfa.location(*l).loop_head)
        .filter_map(|l| loop_condition(cfa, l))
        .collect();
    // Per loop condition (line, column): the invariants to check there.
    let mut at_loops: std::collections::BTreeMap<(u32, u32), Vec<(usize, &str)>> =
        Default::default();
    // Per statement (its first character): the invariants to check before it.
    let mut at_statements: std::collections::BTreeMap<usize, Vec<(usize, &str)>> =
        Default::default();
    for (k, inv) in invariants.iter().enumerate() {
        crate::validate_contracts::expression_only(&inv.value)?;
        if inv.kind == InvariantKind::Location {
            let pos = source
                .statement_start(inv.line, inv.column)
                .ok_or_else(|| {
                    format!(
                        "no statement of a block starts at {}:{} for the location invariant `{}`",
                        inv.line, inv.column, inv.value
                    )
                })?;
            at_statements.entry(pos).or_default().push((k, &inv.value));
            continue;
        }
        let mut here: Vec<&(u32, u32, String)> =
            conditions.iter().filter(|c| c.0 == inv.line).collect();
        // Several loops on one line: the first whose condition follows the keyword.
        here.sort_by_key(|c| c.1);
        let Some((line, col, _)) = here.into_iter().find(|c| c.1 > inv.column) else {
            return Err(format!(
                "no loop with a condition at line {} for the invariant `{}`",
                inv.line, inv.value
            ));
        };
        at_loops
            .entry((*line, *col))
            .or_default()
            .push((k, &inv.value));
    }
    let all = |values: &[(usize, &str)]| -> String {
        values
            .iter()
            .map(|(k, v)| check(*k, v))
            .collect::<Vec<_>>()
            .join(" && ")
    };
    // Conditions and statements of blocks do not overlap.
    let mut edits: Edits = Vec::new();
    for ((line, col), values) in at_loops {
        let start = source
            .position(line, col)
            .ok_or_else(|| format!("no loop condition at {line}:{col} in the program"))?;
        // The program's own text of the condition (the front end saw it macro-expanded).
        let end = source
            .condition_end(start)
            .ok_or_else(|| format!("the loop condition at {line}:{col} has no end"))?;
        edits.push((start, end, format!("{} && (", all(&values)), ")"));
    }
    for (pos, values) in at_statements {
        edits.push((pos, pos, format!("{}; ", all(&values)), ""));
    }
    Ok(edits)
}

/// What the `k`-th claim of a witness says and where (its invariants, then two claims per
/// contract: `requires`, `ensures`), as a refutation names it.
fn failed_claim(
    claim: &witness::correctness::CorrectnessClaim,
    k: usize,
    file: &std::path::Path,
) -> Option<String> {
    let file = file.display();
    if let Some(inv) = claim.invariants.get(k) {
        return Some(format!(
            "invariant `{}` does not hold at {file}:{}:{}",
            inv.value, inv.line, inv.column
        ));
    }
    let k = k - claim.invariants.len();
    let c = claim.contracts.get(k / 2)?;
    let (clause, value) = match k % 2 {
        0 => ("requires", &c.requires),
        _ => ("ensures", &c.ensures),
    };
    Some(format!(
        "the contract of `{}` ({file}:{}:{}) fails: {clause} `{value}`",
        c.function, c.line, c.column
    ))
}

/// The index of the invariant whose checker failed on the counterexample: the checker's
/// argument is assigned 0 on its last step (`__boulder_invariant_K.holds`, or
/// `__boulder_invariant_K.I.holds` in the `I`-th inlined instance of the checker).
fn failed_invariant(steps: &Json) -> Option<usize> {
    steps.as_array()?.iter().rev().find_map(|s| {
        let var = s["variable"].as_str()?;
        let k = var
            .strip_prefix(CHECKER)?
            .strip_prefix('_')?
            .strip_suffix(".holds")?
            .split('.')
            .next()?;
        (s["value"].as_str() == Some("0")).then(|| k.parse().ok())?
    })
}
