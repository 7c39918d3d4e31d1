//! Differential semantics test: random C programs (`cgen`: calls, statics, pointers,
//! arrays, structs, unions, every kind of control flow, casts, enums, typedefs, sizeof,
//! assume, abort, exit, atexit, scanf, atomics) compiled with gcc in both data models and
//! run on random inputs must end the way their CFAs end on the same inputs — error
//! reached or not, blocked or aborted, exit status, and a checksum of the globals at exit
//! — by concrete execution of the CFA (`cfa::exec`, the reference semantics); and the
//! path formula of the executed path, decided by Z3, must determine the same final
//! values.
//!
//! `BOULDER_DIFF_PROGRAMS=N` sets the number of programs (default 2000), each run in
//! both data models; `BOULDER_DIFF_SEED` the first seed. The test prints how often each
//! construct occurred.

mod cgen;

use cfa::exec::{run_cfa, Oracle, RunEnd, State};
use cfa::{Encoder, LocationKind, Rec, SsaMap, Stmt, StmtStore, VarKind};
use cfront::{DataModel, Property, Source};
use logic::random::Rng;
use logic::{SatResult, Solver, Sort, TermStore, Value, VarId, Z3};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};
use std::rc::Rc;

/// Values the nondet functions return, cyclically.
const POOL: usize = 24;
/// Values standard input holds for scanf.
const STDIN: usize = 4;
const VECTORS: usize = 3;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Error,
    /// Aborted, or an assumption failed.
    Stopped,
    /// Normal end: the status, the checksum of the globals, and (not compared, shown
    /// when the checksums differ) each global's value.
    Exit {
        status: u8,
        checksum: u64,
        values: Values,
    },
}

/// Values of the observables (equal whenever the checksums are).
#[derive(Clone, Debug)]
struct Values(Vec<u64>);

impl PartialEq for Values {
    fn eq(&self, _: &Values) -> bool {
        true
    }
}

impl Eq for Values {}

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
        _ => 64,
    }
}

fn signed(ty: &str) -> bool {
    !ty.starts_with("unsigned")
}

fn harness(vectors: &[Vec<u64>]) -> String {
    let mut h = String::from("#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n");
    h.push_str(&format!(
        "static unsigned long long vals[{}][{POOL}] = {{\n",
        vectors.len()
    ));
    for v in vectors {
        let row: Vec<String> = v.iter().map(|x| format!("{x}ULL")).collect();
        h.push_str(&format!("  {{{}}},\n", row.join(", ")));
    }
    h.push_str("};\nstatic int vec, pos;\n");
    h.push_str(
        "__attribute__((constructor)) static void pick(void) {\n  const char *s = getenv(\"BOULDER_VEC\");\n  vec = s ? atoi(s) : 0;\n}\n",
    );
    h.push_str(&format!(
        "static unsigned long long next(void) {{ return vals[vec][pos++ % {POOL}]; }}\n"
    ));
    for (ty, suffix) in cgen::TYPES {
        h.push_str(&format!(
            "{ty} __VERIFIER_nondet_{suffix}(void) {{ return ({ty}) next(); }}\n"
        ));
    }
    h.push_str("_Bool __VERIFIER_nondet_bool(void) { return next() != 0; }\n");
    h.push_str(
        "void __VERIFIER_assume(int c) { if (!c) { printf(\"BLOCKED\\n\"); fflush(stdout); _exit(0); } }\n",
    );
    h.push_str("void reach_error(void) { printf(\"ERROR\\n\"); fflush(stdout); _exit(0); }\n");
    h.push_str("void __boulder_checksum(void);\n");
    h.push_str(
        "__attribute__((destructor)) static void fin(void) { __boulder_checksum(); fflush(stdout); }\n",
    );
    h
}

fn gcc_outcomes(
    p: &cgen::Program,
    vectors: &[Vec<u64>],
    stdins: &[Vec<u64>],
    model: DataModel,
    used_clang: &mut bool,
) -> Vec<Outcome> {
    let dir = tempfile::tempdir().unwrap();
    let prog = dir.path().join("p.c");
    let harn = dir.path().join("h.c");
    let exe = dir.path().join("a.out");
    std::fs::write(&prog, &p.text).unwrap();
    std::fs::write(&harn, harness(vectors)).unwrap();
    let compile = |compiler: &str| {
        Command::new(compiler)
            .args([model.gcc_flag(), "-O0", "-w", "-fwrapv"])
            .arg(&prog)
            .arg(&harn)
            .arg("-o")
            .arg(&exe)
            .output()
            .unwrap()
    };
    let mut out = compile("gcc");
    // GCC 12 crashes on some valid programs (e.g. `(_Bool) (-3, 2)`: "internal compiler
    // error in gimplify_expr"); clang is the reference for those, and they are counted.
    if !out.status.success()
        && String::from_utf8_lossy(&out.stderr).contains("internal compiler error")
    {
        *used_clang = true;
        out = compile("clang");
    }
    assert!(
        out.status.success(),
        "compiler: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        p.text
    );
    let mut outcomes = Vec::new();
    for (v, stdin) in stdins.iter().enumerate() {
        let mut child = Command::new(&exe)
            .env("BOULDER_VEC", v.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let text: Vec<String> = stdin.iter().map(|x| x.to_string()).collect();
        let _ = child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("{}\n", text.join(" ")).as_bytes());
        let o = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        use std::os::unix::process::ExitStatusExt;
        let outcome = if stdout.contains("ERROR") {
            Outcome::Error
        } else if stdout.contains("BLOCKED") || o.status.signal() == Some(libc_sigabrt()) {
            Outcome::Stopped
        } else if let Some(h) = stdout
            .lines()
            .find_map(|l| l.strip_prefix("EXIT "))
            .and_then(|h| h.trim().parse().ok())
        {
            let values = stdout
                .lines()
                .filter_map(|l| l.strip_prefix("V "))
                .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok())
                .collect();
            Outcome::Exit {
                status: o.status.code().unwrap_or(-1) as u8,
                checksum: h,
                values: Values(values),
            }
        } else {
            panic!(
                "the compiled program ended oddly ({:?}, {stdout:?})\n{}",
                o.status, p.text
            );
        };
        outcomes.push(outcome);
    }
    outcomes
}

fn libc_sigabrt() -> i32 {
    6
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
    let t = cfront::translate(
        &source,
        Property::UnreachCall,
        model,
        terms.clone(),
        Rc::new(StmtStore::new()),
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
        let v = c
            .terms
            .lookup_var(&o.var)
            .unwrap_or_else(|| panic!("no CFA variable {}\n{}", o.var, p.text));
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
        let tw = width(o.ty, model);
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
    let mut solver = z3.solver();
    // The concrete run starts from all-zero values.
    for d in cfa.vars() {
        let zero = Value::zero(terms.var_sort(d.var));
        solver.assert(terms.eq(terms.ssa_var(d.var, 0), terms.value_term(&zero)));
    }
    for e in path {
        let (f, recs) = enc.encode(cfa.edge(*e).stmt, &mut ssa);
        solver.assert(f);
        let mut leaves = Vec::new();
        collect(&recs, &mut leaves);
        for (stmt, w) in leaves {
            if let Stmt::Havoc(x) = cfa.stmts.get(stmt) {
                let v = terms.as_var(x).unwrap();
                let val = oracle.havoc(v, terms.var_sort(v));
                solver.assert(terms.eq(w, terms.value_term(&val)));
            }
        }
    }
    assert_eq!(solver.check(), SatResult::Sat, "path infeasible\n{text}");
    let mut differs = Vec::new();
    for d in cfa.vars() {
        if !matches!(terms.var_sort(d.var), Sort::Bv(_)) || ssa.index(d.var) == 0 {
            continue;
        }
        let inst = enc.instance(d.var, &ssa);
        differs.push(terms.neq(inst, terms.value_term(&finals[&d.var])));
    }
    solver.assert(terms.or(&differs));
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

fn check_program(seed: u64, totals: &mut BTreeMap<&'static str, usize>, ends: &mut [usize; 3]) {
    let p = cgen::program(seed);
    for (k, v) in &p.constructs {
        *totals.entry(k).or_default() += v;
    }
    let mut rng = Rng::new(seed ^ 0xd1ff);
    let pools: Vec<Vec<u64>> = (0..VECTORS)
        .map(|_| (0..POOL).map(|_| rng.bv_value(64) as u64).collect())
        .collect();
    let stdins: Vec<Vec<u64>> = (0..VECTORS)
        .map(|_| (0..STDIN).map(|_| rng.below(100)).collect())
        .collect();
    for model in [DataModel::Ilp32, DataModel::Lp64] {
        let mut used_clang = false;
        let want = gcc_outcomes(&p, &pools, &stdins, model, &mut used_clang);
        if used_clang {
            *totals.entry("(gcc crashed: clang compiled)").or_default() += 1;
        }
        let c = translate(&p, model);
        for v in 0..VECTORS {
            let (got, path, finals, oracle) = cfa_outcome(&p, &c, &pools[v], &stdins[v], model);
            if let (Outcome::Exit { values: a, .. }, Outcome::Exit { values: b, .. }) =
                (&got, &want[v])
            {
                for (i, (x, y)) in a.0.iter().zip(&b.0).enumerate() {
                    if x != y {
                        eprintln!("{} differs: CFA {x}, gcc {y}", p.observables[i].var);
                    }
                }
            }
            assert_eq!(
                got, want[v],
                "seed {seed} (BOULDER_DIFF_SEED={seed} BOULDER_DIFF_PROGRAMS=1), {model:?}, \
                 vector {v} ({:?}, stdin {:?})\n{}",
                pools[v], stdins[v], p.text
            );
            ends[match got {
                Outcome::Error => 0,
                Outcome::Stopped => 1,
                Outcome::Exit { .. } => 2,
            }] += 1;
            if v == 0 {
                check_path_formula(&c, &path, oracle, &finals, &p.text);
            }
        }
    }
}

#[test]
fn random_programs_end_as_gcc_runs_end_in_both_data_models() {
    let n: u64 = std::env::var("BOULDER_DIFF_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let base: u64 = std::env::var("BOULDER_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed);
    // Programs are independent: spread them over the cores (gcc dominates the time).
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(8) as u64;
    let results: Vec<(BTreeMap<&'static str, usize>, [usize; 3])> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut totals = BTreeMap::new();
                    let mut ends = [0usize; 3];
                    let mut i = t;
                    while i < n {
                        let seed = base.wrapping_add(i.wrapping_mul(0x9E37_79B9));
                        check_program(seed, &mut totals, &mut ends);
                        i += threads;
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
    println!("{n} programs, each in ILP32 and LP64 on {VECTORS} inputs: 0 discrepancies");
    println!(
        "runs ending in reach_error {}, stopped (abort, assume) {}, exit {}",
        ends[0], ends[1], ends[2]
    );
    println!("{:<32} {:>9}", "construct", "occurrences");
    for (k, v) in &totals {
        println!("{k:<32} {v:>9}");
    }
    // Every construct the generator knows was generated (in a run of any size).
    if n >= 200 {
        assert!(totals.len() >= 55, "{totals:?}");
        assert!(ends.iter().all(|e| *e > 0), "{ends:?}");
    }
}
