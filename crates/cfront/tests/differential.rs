//! Differential semantics test: random C programs (`cgen`: calls, statics, pointers,
//! function pointers, arrays, structs, unions (type punning through unions with several
//! members), bit-fields and their layout, struct pointers cast to their first member's
//! type, every kind of control flow, casts, enums, typedefs, sizeof, assume, abort, exit,
//! atexit, scanf, atomics) compiled with gcc in both data models and
//! run on random inputs must end the way their CFAs end on the same inputs — error
//! reached or not, blocked or aborted, exit status, and a checksum of the globals at exit
//! — by concrete execution of the CFA (`cfa::exec`, the reference semantics); and the
//! path formula of the executed path, decided by Z3, must determine the same final
//! values.
//!
//! `BOULDER_DIFF_PROGRAMS=N` sets the number of programs (default 250: the test suite's
//! smoke run; a change to the front end is checked at 20,000, docs/measurements), each run in
//! both data models; `BOULDER_DIFF_SEED` the base seed; `BOULDER_DIFF_FIRST` the number of
//! the first program (to run a long series in parts). The test prints how often each
//! construct occurred and where the time went. gcc's side is in `native` (programs
//! compiled in batches); the path formula is decided by Z3's value propagation, and by
//! its solver only where propagation leaves something open.

mod cgen;
mod native;

use cfa::exec::{run_cfa, Oracle, RunEnd, State};
use cfa::{Encoder, LocationKind, Rec, SsaMap, Stmt, StmtStore, VarKind};
use cfront::{DataModel, Property, Source};
use logic::random::Rng;
use logic::{SatResult, Solver, Sort, TermStore, Value, VarId, Z3};
use native::{Outcome, Values, POOL};
use std::collections::BTreeMap;
use std::rc::Rc;

/// Values standard input holds for scanf.
const STDIN: usize = 4;
const VECTORS: usize = 3;
/// Programs compiled into one executable.
const BATCH: u64 = 16;

/// Runs whose final values differed only in the bits of NaNs (not discrepancies).
static NAN_BITS_ONLY: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Nanoseconds spent per phase, over all threads, printed with the summary.
static PHASES: [std::sync::atomic::AtomicU64; 5] =
    [const { std::sync::atomic::AtomicU64::new(0) }; 5];
const PHASE_NAMES: [&str; 5] = [
    "compile",
    "run binary",
    "translate",
    "execute CFA",
    "path formula",
];

/// The programs (seed and data model) whose runs differed, or whose check failed.
static DISCREPANCIES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

thread_local! {
    /// What kind of discrepancy the failing check found: "NaN bits only" when every
    /// observable that differs is a NaN on both sides (which NaN an operation returns
    /// depends on the operand order gcc picks for commutative operations, see
    /// `cgen/float.rs`), empty otherwise.
    static CATEGORY: std::cell::Cell<&'static str> = const { std::cell::Cell::new("") };
}

/// Whether a checksum value of a floating observable (its bit pattern) is a NaN.
fn is_nan(bits: u64, ty: &str) -> bool {
    match ty {
        "float" => bits as u32 & 0x7fff_ffff > 0x7f80_0000,
        "double" => bits & 0x7fff_ffff_ffff_ffff > 0x7ff0_0000_0000_0000,
        _ => false,
    }
}

fn timed<T>(phase: usize, f: impl FnOnce() -> T) -> T {
    let t = std::time::Instant::now();
    let r = f();
    PHASES[phase].fetch_add(
        t.elapsed().as_nanos() as u64,
        std::sync::atomic::Ordering::Relaxed,
    );
    r
}

#[derive(Clone)]
struct Inputs {
    pool: Vec<u64>,
    next: usize,
    stdin: Vec<u64>,
    read: usize,
    kinds: rustc_hash::FxHashMap<VarId, String>,
    scanf_results: rustc_hash::FxHashSet<VarId>,
}

impl Oracle for Inputs {
    fn branch(&mut self, _: cfa::StmtId, _: usize) -> usize {
        0
    }
    fn havoc(&mut self, v: VarId, sort: Sort) -> Value {
        let Some(w) = sort.bv_width() else {
            // Uninitialised aggregates: the run starts from zeros.
            return Value::zero(sort);
        };
        let m = logic::value::mask(w);
        if self.scanf_results.contains(&v) {
            // One conversion per call: 1 while input lasts, then EOF.
            return if self.read < self.stdin.len() {
                Value::Bv(1, w)
            } else {
                Value::Bv(m, w)
            };
        }
        match self.kinds.get(&v).map(String::as_str) {
            Some(f) if f.starts_with("scanf:") => {
                let x = self.stdin[self.read.min(self.stdin.len() - 1)];
                self.read += 1;
                Value::Bv(x as u128 & m, w)
            }
            Some(_) => {
                let x = self.pool[self.next % self.pool.len()];
                self.next += 1;
                // `_Bool` inputs: any non-zero value is 1.
                let x = if w == 1 {
                    (x != 0) as u128
                } else {
                    x as u128 & m
                };
                Value::Bv(x, w)
            }
            None => Value::zero(sort),
        }
    }
}

fn width(ty: &str, model: DataModel) -> u32 {
    match ty {
        "char" | "signed char" | "unsigned char" => 8,
        "short" | "unsigned short" => 16,
        "int" | "unsigned int" => 32,
        "long" | "unsigned long" => model.pointer_width(),
        "float" => 32,
        _ => 64,
    }
}

/// Whether the checksum reads the type's values sign-extended (floating objects
/// contribute their bit patterns, zero-extended).
fn signed(ty: &str) -> bool {
    !ty.starts_with("unsigned") && ty != "float" && ty != "double"
}

/// Bit patterns of binary64 values an input takes whole: zeros, infinities, quiet and
/// signalling NaNs with and without payloads and signs, subnormals, the smallest normal,
/// the largest finite, powers of two at integer ranges' ends, and ordinary numbers.
const DOUBLE_PATTERNS: [u64; 24] = [
    0,
    0x8000_0000_0000_0000,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0xfff8_0000_0000_0000,
    0x7ff0_0000_0000_0001,
    0x7ff4_0000_0000_0000,
    0x7ff8_0000_0000_0abc,
    0xfff0_0000_00de_ad00,
    1,
    0x000f_ffff_ffff_ffff,
    0x8010_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0x3fb9_9999_9999_999a,
    0x7fef_ffff_ffff_ffff,
    0xbff8_0000_0000_0000,
    0x41e0_0000_0000_0000,
    0x43e0_0000_0000_0000,
    0xc1e0_0000_0000_0000,
    0x4330_0000_0000_0000,
    0x3fe0_0000_0000_0000,
    0x4004_0000_0000_0000,
    0xc3e0_0000_0000_0000,
];

/// The same for binary32 (an input of type `float` takes the low 32 bits of a value).
const FLOAT_PATTERNS: [u32; 24] = [
    0,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0000,
    0x7f80_0001,
    0x7fa0_0000,
    0x7fc0_0abc,
    0xff80_0100,
    1,
    0x007f_ffff,
    0x8080_0000,
    0x3f80_0000,
    0x3dcc_cccd,
    0x7f7f_ffff,
    0xbfc0_0000,
    0x4f00_0000,
    0x5f00_0000,
    0xcf00_0000,
    0x4b00_0000,
    0x3f00_0000,
    0x4020_0000,
    0xdf00_0000,
];

/// A value of the input pool: random (`bv_value`), or special floating-point patterns
/// (a double's whole, or a float's in the low half under a double's high half), or an
/// ordinary number (a multiple of 1/8 below 1000 in magnitude).
fn pool_value(rng: &mut Rng) -> u64 {
    match rng.below(10) {
        0 | 1 => *rng.pick(&DOUBLE_PATTERNS),
        2 | 3 => {
            let high = *rng.pick(&DOUBLE_PATTERNS) >> 32 << 32;
            high | *rng.pick(&FLOAT_PATTERNS) as u64
        }
        4 => {
            let x = (rng.below(16000) as f64 - 8000.0) / 8.0;
            if rng.chance(50) {
                x.to_bits()
            } else {
                x.to_bits() >> 32 << 32 | (x as f32).to_bits() as u64
            }
        }
        _ => rng.bv_value(64) as u64,
    }
}

struct Cfa {
    t: cfront::Translation,
    terms: Rc<TermStore>,
    kinds: rustc_hash::FxHashMap<VarId, String>,
    scanf_results: rustc_hash::FxHashSet<VarId>,
}

fn translate(p: &cgen::Program, model: DataModel) -> Cfa {
    let terms = Rc::new(TermStore::new());
    let source = Source::from_text("diff.c", &p.text);
    let options = cfront::FrontOptions {
        recursion_depth: cgen::RECURSION_DEPTH,
        ..Default::default()
    };
    let t = cfront::translate_with(
        &source,
        Property::UnreachCall,
        model,
        terms.clone(),
        Rc::new(StmtStore::new()),
        &options,
    )
    .unwrap_or_else(|e| panic!("{e}\n{}", p.text));
    let kinds = t
        .cfa
        .vars()
        .iter()
        .filter_map(|d| match &d.kind {
            VarKind::Input { function } => Some((d.var, function.clone())),
            _ => None,
        })
        .collect();
    let scanf_results = t
        .cfa
        .vars()
        .iter()
        .filter(|d| terms.var_name(d.var).starts_with("scanf.result"))
        .map(|d| d.var)
        .collect();
    Cfa {
        t,
        terms,
        kinds,
        scanf_results,
    }
}

fn checksum(p: &cgen::Program, c: &Cfa, state: &State, model: DataModel) -> (u64, Vec<u64>) {
    let mut h: u64 = 0;
    let mut values = Vec::new();
    for o in &p.observables {
        // A union's word is named `u$bytes` (no C lvalue, `lower/object.rs`).
        let name = match o.word {
            Some(_) => format!("{}$bytes", o.var),
            None => o.var.clone(),
        };
        let v = c
            .terms
            .lookup_var(&name)
            .unwrap_or_else(|| panic!("no CFA variable {name}\n{}", p.text));
        let value = &state[&v];
        let value = match o.index {
            None => value.clone(),
            Some(i) => {
                let Sort::Array(idx, _) = c.terms.var_sort(v) else {
                    panic!("{} is not an array", o.var)
                };
                let w = idx.to_sort().bv_width().unwrap();
                value.select(&Value::Bv(i as u128, w))
            }
        };
        let (bits, w) = value.as_bv().unwrap();
        if let Some(k) = o.word {
            // A union's word: its bytes 8k..8k+8, as the compiled program copies them
            // (little-endian; none beyond the union's size).
            assert!(w % 8 == 0 && w <= 128, "{}: a word of {w} bits", o.var);
            let x = if 64 * k < w {
                (bits >> (64 * k)) as u64
            } else {
                0
            };
            h = h.wrapping_mul(1_000_003).wrapping_add(x);
            values.push(x);
            continue;
        }
        let tw = o.bits.unwrap_or_else(|| width(o.ty, model));
        assert_eq!(w, tw, "{}: width {w}, C type {} has {tw}", o.var, o.ty);
        let x = if signed(o.ty) {
            logic::value::to_signed(bits, w) as u64
        } else {
            bits as u64
        };
        h = h.wrapping_mul(1_000_003).wrapping_add(x);
        values.push(x);
    }
    (h, values)
}

fn cfa_outcome(
    p: &cgen::Program,
    c: &Cfa,
    pool: &[u64],
    stdin: &[u64],
    model: DataModel,
) -> (Outcome, Vec<cfa::EdgeId>, State, Inputs) {
    let cfa = &c.t.cfa;
    let mut state: State = cfa
        .vars()
        .iter()
        .map(|d| (d.var, Value::zero(c.terms.var_sort(d.var))))
        .collect();
    let inputs = Inputs {
        pool: pool.to_vec(),
        next: 0,
        stdin: stdin.to_vec(),
        read: 0,
        kinds: c.kinds.clone(),
        scanf_results: c.scanf_results.clone(),
    };
    let mut oracle = inputs.clone();
    let (path, end) = run_cfa(cfa, &mut state, &mut oracle, 200_000).unwrap();
    let RunEnd::Stopped(l) = end else {
        panic!("the CFA run ended {end:?}\n{}", p.text);
    };
    if let Some(why) = c.t.special.get(&l) {
        panic!("the CFA reached `{why}`\n{}", p.text);
    }
    let outcome = match cfa.location(l).kind {
        LocationKind::Error => Outcome::Error,
        LocationKind::Exit => {
            let st = c.terms.lookup_var(cfront::EXIT_STATUS).unwrap();
            let (checksum, values) = checksum(p, c, &state, model);
            Outcome::Exit {
                status: state[&st].as_bv().unwrap().0 as u8,
                checksum,
                values: Values(values),
            }
        }
        _ => Outcome::Stopped,
    };
    (outcome, path, state, inputs)
}

/// The path formula of the executed path, with the inputs pinned, leaves the observed
/// variables exactly the values the concrete run computed.
fn check_path_formula(
    c: &Cfa,
    path: &[cfa::EdgeId],
    mut oracle: Inputs,
    finals: &State,
    text: &str,
) {
    let cfa = &c.t.cfa;
    let terms = &c.terms;
    let mut enc = Encoder::new(terms, &cfa.stmts);
    enc.record = true;
    let mut ssa = SsaMap::new();
    let z3 = Z3::new(terms.clone());
    let mut facts = Vec::new();
    // The concrete run starts from all-zero values.
    for d in cfa.vars() {
        let zero = Value::zero(terms.var_sort(d.var));
        facts.push(terms.eq(terms.ssa_var(d.var, 0), terms.value_term(&zero)));
    }
    for e in path {
        let (f, recs) = enc.encode(cfa.edge(*e).stmt, &mut ssa);
        facts.push(f);
        let mut leaves = Vec::new();
        collect(&recs, &mut leaves);
        for (stmt, w) in leaves {
            if let Stmt::Havoc(x) = cfa.stmts.get(stmt) {
                let v = terms.as_var(x).unwrap();
                let val = oracle.havoc(v, terms.var_sort(v));
                facts.push(terms.eq(w, terms.value_term(&val)));
            }
        }
    }
    // Every input is pinned, so Z3's value propagation alone decides the formula
    // (`true`: satisfiable); the solver is asked only when it does not.
    const PROPAGATE: [&str; 4] = ["simplify", "propagate-values", "solve-eqs", "simplify"];
    let decided = |t| {
        z3.apply_tactics(t, &PROPAGATE, None)
            .ok()
            .filter(|r| terms.is_true(*r) || terms.is_false(*r))
    };
    let mut solver = z3.solver();
    for f in &facts {
        solver.assert(*f);
    }
    match decided(terms.and(&facts)) {
        Some(r) => assert!(terms.is_true(r), "path infeasible\n{text}"),
        None => assert_eq!(solver.check(), SatResult::Sat, "path infeasible\n{text}"),
    }
    let mut differs = Vec::new();
    for d in cfa.vars() {
        if !matches!(terms.var_sort(d.var), Sort::Bv(_)) || ssa.index(d.var) == 0 {
            continue;
        }
        let inst = enc.instance(d.var, &ssa);
        differs.push(terms.neq(inst, terms.value_term(&finals[&d.var])));
    }
    let differ = terms.or(&differs);
    facts.push(differ);
    if decided(terms.and(&facts)).is_some_and(|r| terms.is_false(r)) {
        return;
    }
    solver.assert(differ);
    if solver.check() != SatResult::Unsat {
        let wrong: Vec<String> = cfa
            .vars()
            .iter()
            .filter(|d| matches!(terms.var_sort(d.var), Sort::Bv(_)) && ssa.index(d.var) != 0)
            .filter_map(|d| {
                let inst = enc.instance(d.var, &ssa);
                let got = solver.value(inst)?;
                (got != finals[&d.var]).then(|| {
                    format!(
                        "{} = {got} (run: {})",
                        terms.var_name(d.var),
                        finals[&d.var]
                    )
                })
            })
            .collect();
        panic!("path formula disagrees with the concrete run: {wrong:?}\n{text}");
    }
}

fn collect(recs: &[Rec], out: &mut Vec<(cfa::StmtId, logic::Term)>) {
    for r in recs {
        match r {
            Rec::Leaf {
                stmt,
                written: Some(w),
            } => out.push((*stmt, *w)),
            Rec::Leaf { .. } => {}
            // Single-block edges have no choices.
            Rec::Choice { .. } => panic!("a choice on a single-block edge"),
        }
    }
}

/// The programs of one batch (compiled together), with their inputs.
struct Task {
    seed: u64,
    program: cgen::Program,
    pools: Vec<Vec<u64>>,
    stdins: Vec<Vec<u64>>,
}

fn task(seed: u64) -> Task {
    let program = cgen::program(seed);
    let mut rng = Rng::new(seed ^ 0xd1ff);
    let pools = (0..VECTORS)
        .map(|_| (0..POOL).map(|_| pool_value(&mut rng)).collect())
        .collect();
    let stdins = (0..VECTORS)
        .map(|_| (0..STDIN).map(|_| rng.below(100)).collect())
        .collect();
    Task {
        seed,
        program,
        pools,
        stdins,
    }
}

fn check_batch(seeds: &[u64], totals: &mut BTreeMap<&'static str, usize>, ends: &mut [usize; 3]) {
    let tasks: Vec<Task> = seeds.iter().map(|s| task(*s)).collect();
    let programs: Vec<&cgen::Program> = tasks.iter().map(|t| &t.program).collect();
    for t in &tasks {
        for (k, v) in &t.program.constructs {
            *totals.entry(k).or_default() += v;
        }
    }
    for model in [DataModel::Ilp32, DataModel::Lp64] {
        let exe = timed(0, || native::compile_batch(&programs, model));
        if exe.clang_compiled > 0 {
            *totals.entry("(gcc crashed: clang compiled)").or_default() += exe.clang_compiled;
        }
        for (k, t) in tasks.iter().enumerate() {
            // A discrepancy is reported (the panic's message) and counted; the series
            // goes on, and the test fails at its end.
            let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                check_program(t, &exe, k, model, ends)
            }));
            let category = CATEGORY.take();
            if checked.is_err() {
                DISCREPANCIES
                    .lock()
                    .unwrap()
                    .push(format!("seed {} {model:?} {category}", t.seed));
            }
        }
    }
}

fn check_program(
    t: &Task,
    exe: &native::Executable,
    k: usize,
    model: DataModel,
    ends: &mut [usize; 3],
) {
    let (p, seed) = (&t.program, t.seed);
    let c = timed(2, || translate(p, model));
    for v in 0..VECTORS {
        let want = timed(1, || {
            native::run(exe, k, &t.pools[v], &t.stdins[v], &p.text)
        });
        let (got, path, finals, oracle) =
            timed(3, || cfa_outcome(p, &c, &t.pools[v], &t.stdins[v], model));
        if let (Outcome::Exit { values: a, .. }, Outcome::Exit { values: b, .. }) = (&got, &want) {
            let mut only_nans = got != want;
            for (i, (x, y)) in a.0.iter().zip(&b.0).enumerate() {
                if x != y {
                    let o = &p.observables[i];
                    eprintln!("{} differs: CFA {x:#x}, gcc {y:#x} ({})", o.var, o.ty);
                    only_nans &= is_nan(*x, o.ty) && is_nan(*y, o.ty);
                }
            }
            if only_nans {
                // IEEE 754 §6.3 leaves a NaN result's sign and payload open, and gcc at -O0
                // reorders NaN operands and folds negations; Boulder claims no NaN bits
                // (where a program observes a NaN's sign it observes any sign: `libm.rs`),
                // so results that differ only there agree.
                NAN_BITS_ONLY.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                continue;
            }
        }
        assert_eq!(
            got, want,
            "seed {seed} (BOULDER_DIFF_SEED={seed} BOULDER_DIFF_PROGRAMS=1), {model:?}, \
             vector {v} ({:?}, stdin {:?})\n{}",
            t.pools[v], t.stdins[v], p.text
        );
        ends[match got {
            Outcome::Error => 0,
            Outcome::Stopped => 1,
            Outcome::Exit { .. } => 2,
        }] += 1;
        if v == 0 {
            timed(4, || {
                check_path_formula(&c, &path, oracle, &finals, &p.text)
            });
        }
    }
}

#[test]
fn random_programs_end_as_gcc_runs_end_in_both_data_models() {
    let n: u64 = std::env::var("BOULDER_DIFF_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(250);
    let base: u64 = std::env::var("BOULDER_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed);
    // Program i has the seed `base + i * 0x9E3779B9`; a long run can be done in parts
    // (`BOULDER_DIFF_FIRST=50000 BOULDER_DIFF_PROGRAMS=50000` is the second half of 100,000).
    let first: u64 = std::env::var("BOULDER_DIFF_FIRST")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let batches = n.div_ceil(BATCH);
    let done = std::sync::atomic::AtomicU64::new(0);
    let started = std::time::Instant::now();
    // Batches are independent: spread them over the cores.
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(8) as u64;
    let results: Vec<(BTreeMap<&'static str, usize>, [usize; 3])> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let done = &done;
                s.spawn(move || {
                    let mut totals = BTreeMap::new();
                    let mut ends = [0usize; 3];
                    for b in (t..batches).step_by(threads as usize) {
                        let seeds: Vec<u64> = (b * BATCH..n.min((b + 1) * BATCH))
                            .map(|i| base.wrapping_add((first + i).wrapping_mul(0x9E37_79B9)))
                            .collect();
                        check_batch(&seeds, &mut totals, &mut ends);
                        let d = done
                            .fetch_add(seeds.len() as u64, std::sync::atomic::Ordering::Relaxed);
                        if (d + seeds.len() as u64) / 1000 > d / 1000 {
                            eprintln!(
                                "{} of {n} programs checked ({:.0} s)",
                                d + seeds.len() as u64,
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                    (totals, ends)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut totals: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut ends = [0usize; 3];
    for (t, e) in results {
        for (k, v) in t {
            *totals.entry(k).or_default() += v;
        }
        for i in 0..3 {
            ends[i] += e[i];
        }
    }
    let discrepancies = std::mem::take(&mut *DISCREPANCIES.lock().unwrap());
    let nan_bits = discrepancies
        .iter()
        .filter(|d| d.ends_with("NaN bits only"))
        .count();
    println!(
        "{n} programs (from number {first}, seed {base}), each in ILP32 and LP64 on {VECTORS} \
         inputs: {} discrepancies ({nan_bits} in NaN bits only); {} runs agreed up to NaN \
         bits, which are unspecified",
        discrepancies.len(),
        NAN_BITS_ONLY.load(std::sync::atomic::Ordering::Relaxed)
    );
    for d in &discrepancies {
        println!("  {d}");
    }
    println!(
        "runs ending in reach_error {}, stopped (abort, assume) {}, exit {}",
        ends[0], ends[1], ends[2]
    );
    let phases: Vec<String> = PHASES
        .iter()
        .zip(PHASE_NAMES)
        .map(|(t, name)| {
            format!(
                "{name} {:.1} s",
                t.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1e9
            )
        })
        .collect();
    println!("time per phase, summed over threads: {}", phases.join(", "));
    println!("{:<32} {:>9}", "construct", "occurrences");
    for (k, v) in &totals {
        println!("{k:<32} {v:>9}");
    }
    assert!(
        discrepancies.is_empty(),
        "{} discrepancies (rerun one with BOULDER_DIFF_SEED=<seed> BOULDER_DIFF_PROGRAMS=1): {}",
        discrepancies.len(),
        discrepancies.join(", ")
    );
    // Every construct the generator knows was generated (in a run of any size).
    if n >= 200 {
        assert!(totals.len() >= 55, "{totals:?}");
        assert!(ends.iter().all(|e| *e > 0), "{ends:?}");
    }
}
