//! Differential semantics test: random C programs compiled with gcc (ILP32 and LP64) and
//! run on random inputs must compute what their CFAs compute on the same inputs — by
//! concrete execution of the CFA, and by the path formula of the executed path, decided
//! by Z3.
//!
//! `BOULDER_DIFF_PROGRAMS=N` sets the number of programs (default 1500).

mod cgen;

use cfa::exec::{run_cfa, Oracle, RunEnd, State};
use cfa::{Encoder, Rec, SsaMap, Stmt, StmtStore, VarKind};
use cfront::{DataModel, Property, Source};
use logic::random::Rng;
use logic::{SatResult, Solver, Sort, TermStore, Value, VarId, Z3};
use std::process::Command;
use std::rc::Rc;

#[derive(Clone)]
struct Inputs {
    values: Vec<u128>,
    next: usize,
    input_vars: rustc_hash::FxHashSet<VarId>,
}

impl Oracle for Inputs {
    fn branch(&mut self, _: cfa::StmtId, _: usize) -> usize {
        0
    }
    fn havoc(&mut self, v: VarId, sort: Sort) -> Value {
        let w = sort.bv_width().unwrap_or(1);
        if self.input_vars.contains(&v) {
            let x = self.values.get(self.next).copied().unwrap_or(0);
            self.next += 1;
            Value::Bv(x & logic::value::mask(w), w)
        } else {
            Value::Bv(0, w)
        }
    }
}

fn c_type_width(ty: &str, model: DataModel) -> u32 {
    match ty {
        "char" | "signed char" | "unsigned char" => 8,
        "short" | "unsigned short" => 16,
        "int" | "unsigned int" => 32,
        "long" | "unsigned long" => model.pointer_width(),
        _ => 64,
    }
}

fn harness(p: &cgen::Program, vectors: &[Vec<u128>]) -> String {
    let mut h = String::from("#include <stdio.h>\n");
    for k in 0..p.outputs {
        h.push_str(&format!("extern unsigned long long out{k};\n"));
    }
    h.push_str("int __boulder_program_main(void);\n");
    h.push_str(&format!(
        "static unsigned long long vals[{}][{}] = {{\n",
        vectors.len(),
        p.inputs.len().max(1)
    ));
    for v in vectors {
        let row: Vec<String> = v.iter().map(|x| format!("{x}ULL")).collect();
        h.push_str(&format!(
            "  {{{}}},\n",
            if row.is_empty() {
                "0".into()
            } else {
                row.join(", ")
            }
        ));
    }
    h.push_str("};\nstatic int vec, pos;\n");
    for (ty, suffix) in cgen::TYPES {
        h.push_str(&format!(
            "{ty} __VERIFIER_nondet_{suffix}(void) {{ return ({ty}) vals[vec][pos++]; }}\n"
        ));
    }
    h.push_str(&format!(
        "int main(void) {{\n  for (vec = 0; vec < {}; vec++) {{\n    pos = 0;\n    __boulder_program_main();\n",
        vectors.len()
    ));
    let fmt = vec!["%llu"; p.outputs].join(" ");
    let args: Vec<String> = (0..p.outputs).map(|k| format!("out{k}")).collect();
    h.push_str(&format!(
        "    printf(\"{fmt}\\n\", {});\n  }}\n  return 0;\n}}\n",
        args.join(", ")
    ));
    h
}

fn gcc_outputs(p: &cgen::Program, vectors: &[Vec<u128>], model: DataModel) -> Vec<Vec<u128>> {
    let dir = tempfile::tempdir().unwrap();
    let prog = dir.path().join("p.c");
    let harn = dir.path().join("h.c");
    let exe = dir.path().join("a.out");
    std::fs::write(&prog, &p.text).unwrap();
    std::fs::write(&harn, harness(p, vectors)).unwrap();
    let obj = dir.path().join("p.o");
    let out = Command::new("gcc")
        .args([
            model.gcc_flag(),
            "-O0",
            "-w",
            "-fwrapv",
            "-Dmain=__boulder_program_main",
            "-c",
        ])
        .arg(&prog)
        .arg("-o")
        .arg(&obj)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "gcc: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        p.text
    );
    let out = Command::new("gcc")
        .args([model.gcc_flag(), "-O0", "-w"])
        .arg(&obj)
        .arg(&harn)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "gcc: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        p.text
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(
        run.status.success(),
        "the compiled program failed: {:?}\n{}",
        run.status,
        p.text
    );
    String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect()
}

fn check_program(seed: u64, model: DataModel) {
    let p = cgen::program(seed);
    let mut rng = Rng::new(seed ^ 0xd1ff);
    let vectors: Vec<Vec<u128>> = (0..4)
        .map(|_| {
            p.inputs
                .iter()
                .map(|s| {
                    let ty = cgen::TYPES.iter().find(|(_, x)| x == s).unwrap().0;
                    rng.bv_value(c_type_width(ty, model))
                })
                .collect()
        })
        .collect();
    let expected = gcc_outputs(&p, &vectors, model);
    assert_eq!(expected.len(), vectors.len(), "{}", p.text);

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
    let cfa = &t.cfa;
    let input_vars: rustc_hash::FxHashSet<VarId> = cfa
        .vars()
        .iter()
        .filter(|d| matches!(d.kind, VarKind::Input { .. }))
        .map(|d| d.var)
        .collect();
    let out_vars: Vec<VarId> = (0..p.outputs)
        .map(|k| {
            terms
                .lookup_var(&format!("out{k}"))
                .expect("output variable")
        })
        .collect();
    for (vi, (vec, want)) in vectors.iter().zip(&expected).enumerate() {
        let mut state: State = cfa
            .vars()
            .iter()
            .map(|d| (d.var, Value::zero(terms.var_sort(d.var))))
            .collect();
        let mut oracle = Inputs {
            values: vec.clone(),
            next: 0,
            input_vars: input_vars.clone(),
        };
        let (path, end) = run_cfa(cfa, &mut state, &mut oracle, 100_000).unwrap();
        assert!(
            matches!(end, RunEnd::Stopped(l) if cfa.location(l).kind == cfa::LocationKind::Exit),
            "run ended {end:?}\n{}",
            p.text
        );
        let got: Vec<u128> = out_vars
            .iter()
            .map(|v| state[v].as_bv().unwrap().0)
            .collect();
        assert_eq!(&got, want, "{model:?} inputs {vec:?}\n{}", p.text);
        if vi == 0 {
            check_path_formula(cfa, &path, vec, &input_vars, &out_vars, want, &p.text);
        }
    }
}

/// The path formula of the executed path, with the inputs pinned, has exactly gcc's
/// outputs.
fn check_path_formula(
    cfa: &cfa::Cfa,
    path: &[cfa::EdgeId],
    inputs: &[u128],
    input_vars: &rustc_hash::FxHashSet<VarId>,
    outs: &[VarId],
    want: &[u128],
    text: &str,
) {
    let terms = &cfa.terms;
    let mut enc = Encoder::new(terms, &cfa.stmts);
    enc.record = true;
    let mut ssa = SsaMap::new();
    let z3 = Z3::new(terms.clone());
    let mut solver = z3.solver();
    let mut next = 0;
    for e in path {
        let (f, recs) = enc.encode(cfa.edge(*e).stmt, &mut ssa);
        solver.assert(f);
        for r in recs {
            if let Rec::Leaf {
                stmt,
                written: Some(w),
            } = r
            {
                if let Stmt::Havoc(x) = cfa.stmts.get(stmt) {
                    if input_vars.contains(&terms.as_var(x).unwrap()) {
                        let width = terms.sort(w).bv_width().unwrap();
                        solver.assert(terms.eq(w, terms.bv_const(inputs[next], width)));
                        next += 1;
                    }
                }
            }
        }
    }
    // Globals start at zero (C), the rest is initialised by the program.
    let finals: Vec<_> = outs.iter().map(|v| enc.instance(*v, &ssa)).collect();
    let differs: Vec<_> = finals
        .iter()
        .zip(want)
        .map(|(f, w)| terms.neq(*f, terms.bv_const(*w, 64)))
        .collect();
    assert_eq!(solver.check(), SatResult::Sat, "path infeasible\n{text}");
    solver.assert(terms.or(&differs));
    assert_eq!(
        solver.check(),
        SatResult::Unsat,
        "path formula disagrees with gcc\n{text}"
    );
}

#[test]
fn random_programs_agree_with_gcc_in_both_data_models() {
    let n: u64 = std::env::var("BOULDER_DIFF_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let base: u64 = std::env::var("BOULDER_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed);
    for i in 0..n {
        let seed = base.wrapping_add(i.wrapping_mul(0x9E37_79B9));
        let model = if i % 2 == 0 {
            DataModel::Ilp32
        } else {
            DataModel::Lp64
        };
        check_program(seed, model);
    }
}
