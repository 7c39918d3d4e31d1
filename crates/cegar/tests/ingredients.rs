//! Each ingredient of the CEGAR engine on its own: abstraction (Boolean vs Cartesian on the
//! FMCAD'09 slides' example, model counting), coverage and subtree removal in the ART,
//! interpolants (checked to be an inductive sequence), certificates (valid and forged),
//! and the progress check.

use cegar::abstraction::abstract_formula;
use cegar::art::Art;
use cegar::certificate::{check, check_points, Certificate, PointFormula};
use cegar::precision::PredicateTable;
use cegar::refine::{interpolants, RefineKind};
use cegar::region;
use cegar::{cegar, AbstractionKind, BlockOperator, CegarOptions, CegarOutcome, SplitKind};
use cfa::{parse_cfa, Cfa, EdgeId, Encoder, LocationId, SsaMap, StmtStore};
use logic::syntax::parse_term;
use logic::{SatResult, Solver, SolverFactory, Sort, Term, TermStore, Z3};
use std::rc::Rc;

fn store() -> Rc<TermStore> {
    let s = Rc::new(TermStore::new());
    s.var("x", Sort::Bv(32));
    s.var("y", Sort::Bv(32));
    s
}

fn t(s: &TermStore, text: &str) -> Term {
    parse_term(s, s, text, Some(Sort::Bool)).unwrap()
}

fn example(name: &str) -> (Rc<TermStore>, Cfa) {
    let path = format!("{}/../../examples/cfa/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(&text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    (terms, cfa)
}

/// The slides' example: φ = (y > 0 ∧ x = 1) ∨ (¬(y > 0) ∧ x = 0), P = {x = 0, y = 0}.
#[test]
fn boolean_and_cartesian_abstraction_of_the_slides_example() {
    let s = store();
    let z3 = Z3::new(s.clone());
    let phi = t(&s, "(y >s 0 && x == 1) || (!(y >s 0) && x == 0)");
    let mut table = PredicateTable::new();
    let px = table.intern(t(&s, "x == 0")).unwrap();
    let py = table.intern(t(&s, "y == 0")).unwrap();
    let preds = [(px, table.term(px)), (py, table.term(py))];
    let x0 = region::var(&table, px);
    let y0 = region::var(&table, py);

    let (cart, _) = abstract_formula(
        &mut *z3.new_solver(),
        &s,
        &table,
        AbstractionKind::Cartesian,
        phi,
        &preds,
        None,
    )
    .unwrap();
    assert!(
        cart.is_true(),
        "Cartesian: {}",
        region::render(&s, &table, &cart)
    );

    let (boolean, models) = abstract_formula(
        &mut *z3.new_solver(),
        &s,
        &table,
        AbstractionKind::Boolean,
        phi,
        &preds,
        None,
    )
    .unwrap();
    assert_eq!(
        boolean,
        y0.imp(&x0),
        "{}",
        region::render(&s, &table, &boolean)
    );
    // (¬x0 ∧ ¬y0) for y > 0, (x0 ∧ y0) for y = 0, (x0 ∧ ¬y0) for y < 0.
    assert_eq!(models, 3);
}

#[test]
fn allsat_counts_one_model_per_cube() {
    let s = store();
    let z3 = Z3::new(s.clone());
    let mut table = PredicateTable::new();
    let ids: Vec<_> = ["x == 0", "x == 1", "x == 2", "y <u 4"]
        .iter()
        .map(|p| table.intern(t(&s, p)).unwrap())
        .collect();
    let preds: Vec<_> = ids.iter().map(|i| (*i, table.term(*i))).collect();
    let run = |phi: &str| {
        abstract_formula(
            &mut *z3.new_solver(),
            &s,
            &table,
            AbstractionKind::Boolean,
            t(&s, phi),
            &preds,
            None,
        )
        .unwrap()
    };
    // x is 0, 1, 2 or something else (4 cubes over the x-predicates), y free (2 each).
    let (r, models) = run("true");
    assert_eq!(models, 8);
    let v = |i: usize| region::var(&table, ids[i]);
    let at_most_one = v(0)
        .and(&v(1))
        .or(&v(0).and(&v(2)))
        .or(&v(1).and(&v(2)))
        .not();
    assert_eq!(r, at_most_one, "{}", region::render(&s, &table, &r));
    // Unsatisfiable: no model, the empty region.
    let (r, models) = run("x == 0 && x == 1");
    assert_eq!(models, 0);
    assert!(r.is_false());
    // No predicates: one satisfiability check, ⊤.
    let (r, models) = abstract_formula(
        &mut *z3.new_solver(),
        &s,
        &table,
        AbstractionKind::Boolean,
        t(&s, "x == 3"),
        &[],
        None,
    )
    .unwrap();
    assert_eq!(models, 1);
    assert!(r.is_true());
}

#[test]
fn coverage_is_region_implication_and_removal_uncovers() {
    let s = store();
    let mut table = PredicateTable::new();
    let p = table.intern(t(&s, "x == 0")).unwrap();
    let q = table.intern(t(&s, "y == 0")).unwrap();
    let l = LocationId(1);
    let e = EdgeId(0);
    let mut art = Art::new(4, LocationId(0), region::top(&table));
    let weak = art.add_child(0, e, l, region::cube(&table, &[(p, true)]), 0);
    assert!(!art.cover_or_register(weak));
    let strong = art.add_child(0, e, l, region::cube(&table, &[(p, true), (q, false)]), 0);
    assert!(art.cover_or_register(strong), "p ∧ ¬q ⇒ p");
    let other = art.add_child(0, e, l, region::cube(&table, &[(p, false)]), 0);
    assert!(!art.cover_or_register(other), "¬p does not imply p");
    // A node at another location is never covered by these.
    let elsewhere = art.add_child(0, e, LocationId(2), region::cube(&table, &[(p, true)]), 0);
    assert!(!art.cover_or_register(elsewhere));
    // Removing the coverer frees the covered node.
    let freed = art.remove_subtree(weak);
    assert_eq!(freed, vec![strong]);
    assert!(art.is_active(strong) && !art.is_active(weak));
    assert!(!art.cover_or_register(strong));
}

/// `I_{i-1}@before ∧ pf(e_i) ⇒ I_i@after` for every edge, and the last formula is false.
fn assert_inductive_sequence(cfa: &Cfa, z3: &Z3, path: &[EdgeId], itps: &[Term]) {
    let terms = &*cfa.terms;
    assert_eq!(itps.len(), path.len() + 1);
    assert!(
        terms.is_false(*itps.last().unwrap()) || {
            let mut s = z3.new_solver();
            s.assert(*itps.last().unwrap());
            s.check() == SatResult::Unsat
        }
    );
    for (i, e) in path.iter().enumerate() {
        let mut enc = Encoder::new(terms, &cfa.stmts);
        let mut ssa = SsaMap::new();
        let (f, _) = enc.encode(cfa.edge(*e).stmt, &mut ssa);
        let before = terms.rename_ssa(itps[i], &mut |_| 0);
        let after = terms.rename_ssa(itps[i + 1], &mut |v| ssa.index(v));
        let mut s = z3.new_solver();
        s.assert(terms.and(&[before, f, terms.not(after)]));
        assert_eq!(s.check(), SatResult::Unsat, "step {i}");
    }
}

#[test]
fn interpolants_by_wp_and_sp_form_an_inductive_sequence() {
    let text = "var x: bv32\nvar y: bv32\nvar z: bv32\n\
        loc l0 init\nloc l1\nloc l2\nloc l3\nloc err error\n\
        l0 -> l1 { x := 0; z := 7 }\n\
        l1 -> l2 { y := x + 1; z := z * 3 }\n\
        l2 -> l3 { havoc x; assume x == y }\n\
        l3 -> err { assume x == 0 }\n";
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let z3 = Z3::new(terms.clone());
    let path: Vec<EdgeId> = cfa.edges().collect();
    for kind in [RefineKind::Wp, RefineKind::Sp] {
        let itp = interpolants(&cfa, &z3, &path, kind).unwrap();
        assert_eq!(itp.method, kind.name());
        assert_inductive_sequence(&cfa, &z3, &path, &itp.formulas);
        // The core drops everything about z: no interpolant mentions it.
        let z = terms.lookup_var("z").unwrap();
        for f in &itp.formulas {
            assert!(!terms.free_vars(*f).contains(&z), "{}", terms.display(*f));
        }
        assert!(itp.core_size < itp.occurrences);
    }
    // WP needed quantifier elimination for the havoc: ∀x'. x' = y ⇒ x' ≠ 0.
    let itp = interpolants(&cfa, &z3, &path, RefineKind::Wp).unwrap();
    assert!(itp.qe_calls >= 1 && itp.qe_failures == 0);
}

#[test]
fn certificates_accept_invariants_and_reject_forgeries() {
    let (terms, cfa) = example("count_up_safe.cfa");
    let z3 = Z3::new(terms.clone());
    let at = |name: &str| cfa.find_location(name).unwrap().index();
    let mut formulas: Vec<Option<Term>> = vec![None; cfa.location_capacity()];
    formulas[at("l0")] = Some(terms.tru());
    formulas[at("head")] = Some(t(&terms, "x <=u 10"));
    formulas[at("after")] = Some(t(&terms, "x == 10"));
    formulas[at("end")] = Some(terms.tru());
    formulas[at("err")] = Some(terms.fls());
    assert_eq!(check(&cfa, &formulas, &z3).0, Certificate::Valid);
    // Not inductive: the loop leaves x == 0.
    let mut forged = formulas.clone();
    forged[at("head")] = Some(t(&terms, "x == 0"));
    assert!(matches!(
        check(&cfa, &forged, &z3).0,
        Certificate::Invalid(_)
    ));
    // Does not exclude the error.
    let mut weak = formulas.clone();
    weak[at("after")] = Some(t(&terms, "x >=u 10"));
    assert!(matches!(check(&cfa, &weak, &z3).0, Certificate::Invalid(_)));
    // Init not covered.
    let mut init = formulas.clone();
    init[at("l0")] = Some(t(&terms, "x == 0"));
    assert!(matches!(check(&cfa, &init, &z3).0, Certificate::Invalid(_)));
    // Without a formula at the loop head the points do not cut the loop.
    let mut uncut = formulas;
    uncut[at("head")] = None;
    match check(&cfa, &uncut, &z3).0 {
        Certificate::Invalid(why) => assert!(why.contains("cycle"), "{why}"),
        c => panic!("{c:?}"),
    }
}

#[test]
fn certificates_are_checked_per_disjunct_and_hints_are_not_trusted() {
    let (terms, cfa) = example("count_up_safe.cfa");
    let z3 = Z3::new(terms.clone());
    let at = |name: &str| cfa.find_location(name).unwrap();
    let point = |ds: Vec<Term>, hints: Vec<Vec<(&str, Vec<usize>)>>| PointFormula {
        disjuncts: ds,
        successors: hints
            .into_iter()
            .map(|h| Some(h.into_iter().map(|(l, js)| (at(l), js)).collect()))
            .collect(),
    };
    let mut points: Vec<Option<PointFormula>> = vec![None; cfa.location_capacity()];
    points[at("l0").index()] = Some(point(vec![terms.tru()], vec![vec![("head", vec![0])]]));
    // The loop head as two disjuncts; x ≤ 4 steps into either, x ≥ 5 into the second.
    points[at("head").index()] = Some(point(
        vec![t(&terms, "x <=u 4"), t(&terms, "x >=u 5 && x <=u 10")],
        vec![
            vec![("head", vec![0, 1])],
            vec![("head", vec![1]), ("after", vec![0])],
        ],
    ));
    points[at("after").index()] = Some(point(
        vec![t(&terms, "x == 10")],
        vec![vec![("end", vec![0])]],
    ));
    points[at("end").index()] = Some(point(vec![terms.tru()], vec![vec![]]));
    let (cert, stats) = check_points(&cfa, &points, &z3);
    assert_eq!(cert, Certificate::Valid);
    assert_eq!(stats.hint_misses, 0);
    // A wrong hint (x ≤ 4 steps into the first disjunct only: not so for x = 4) costs a
    // query of the whole formula, not the verdict.
    let mut wrong = points.clone();
    wrong[at("head").index()].as_mut().unwrap().successors[0] =
        Some([(at("head"), vec![0])].into_iter().collect());
    let (cert, stats) = check_points(&cfa, &wrong, &z3);
    assert_eq!(cert, Certificate::Valid);
    assert!(stats.hint_misses >= 1);
    // A disjunct that is not invariant is caught whatever the hints say.
    let mut forged = points.clone();
    forged[at("head").index()].as_mut().unwrap().disjuncts[1] = t(&terms, "x >=u 5");
    assert!(matches!(
        check_points(&cfa, &forged, &z3).0,
        Certificate::Invalid(_)
    ));
    // An index beyond the target's disjuncts is no hint at all.
    let mut beyond = points;
    beyond[at("l0").index()].as_mut().unwrap().successors[0] =
        Some([(at("head"), vec![7])].into_iter().collect());
    assert_eq!(check_points(&cfa, &beyond, &z3).0, Certificate::Valid);
}

fn run(cfa: &Cfa, z3: &Z3, opts: CegarOptions) -> CegarOutcome {
    cegar(cfa, z3, &opts).outcome
}

#[test]
fn progress_check_stops_a_refinement_that_cannot_help() {
    // With Cartesian abstraction and atomic predicates the disjunctive invariant at l1 is
    // not expressible: the same abstract path comes back, and the engine must say so.
    let (terms, cfa) = example("disjunctive_safe.cfa");
    let z3 = Z3::new(terms);
    let sbe = CegarOptions {
        block: BlockOperator::Sbe,
        ..Default::default()
    };
    match run(
        &cfa,
        &z3,
        CegarOptions {
            abstraction: AbstractionKind::Cartesian,
            ..sbe.clone()
        },
    ) {
        CegarOutcome::Unknown(r) => assert_eq!(r.to_string(), "refinement made no progress"),
        o => panic!("{o:?}"),
    }
    // Boolean abstraction expresses it; so does Cartesian with the whole interpolant as
    // one predicate.
    assert!(matches!(run(&cfa, &z3, sbe.clone()), CegarOutcome::Safe));
    let whole = CegarOptions {
        abstraction: AbstractionKind::Cartesian,
        split: SplitKind::None,
        ..sbe
    };
    assert!(matches!(run(&cfa, &z3, whole), CegarOutcome::Safe));
}

#[test]
fn loop_heads_get_the_linear_invariants_of_sampled_executions() {
    // i = 0; s = 0; while (i < n) { i++; s += 2; }: s = 2i and i ≤ n hold at the head.
    let text = "var n: bv32 input(__VERIFIER_nondet_uint)\nvar i: bv32\nvar s: bv32\n\
        loc l0 init\nloc head loophead\nloc body\nloc end exit\n\
        l0 -> head { havoc n; i := 0; s := 0 }\n\
        head -> body { assume i <u n }\n\
        body -> head { i := i + 1; s := s + 2 }\n\
        head -> end { assume n <=u i }\n";
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let z3 = Z3::new(terms.clone());
    let head = cfa.find_location("head").unwrap();
    // Orderings must survive the loop's block: the LBE CFA has it as a self-loop.
    let (lbe, _) = cfa::reduce(&cfa, cfa::LbeLevel::Full);
    let cands = cegar::candidates::loop_head_candidates(&cfa, &lbe, head, &[], &z3, 7);
    let holds = |c: Term, n: u128, i: u128, s: u128| {
        let mut st = rustc_hash::FxHashMap::default();
        for (name, v) in [("n", n), ("i", i), ("s", s)] {
            st.insert(terms.lookup_var(name).unwrap(), logic::Value::Bv(v, 32));
        }
        terms.eval_map(c, &st) == Ok(logic::Value::Bool(true))
    };
    // Every candidate holds in reachable states.
    for c in &cands {
        assert!(
            holds(*c, 5, 3, 6) && holds(*c, 5, 5, 10),
            "{}",
            terms.display(*c)
        );
    }
    // Together they exclude the states that break the invariants.
    let excludes = |n, i, s| cands.iter().any(|c| !holds(*c, n, i, s));
    assert!(excludes(5, 3, 7), "s = 2i is among the candidates");
    assert!(excludes(5, 6, 12), "i <= n is among the candidates");
}

/// A block solver serves many abstractions (each region under its own activation literal,
/// later predicates defined as they come): every answer must be the one a fresh solver
/// gives, whatever came before on the same block. The same for the bit-blasting SAT
/// solvers (`--abstraction-backend sat`), fresh and per block, against fresh Z3 solvers.
#[test]
fn per_block_solvers_abstract_exactly_as_fresh_solvers() {
    let text = "var x: bv32\nvar y: bv32\n\
        loc l0 init\nloc l1\nloc err error\n\
        l0 -> l1 { havoc y; assume y <s 10; x := x + y }\n\
        l1 -> l0 { assume x != 5; y := y + 1 }\n\
        l1 -> err { assume x == 5 }\n";
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let z3 = Z3::new(terms.clone());
    let mut table = PredicateTable::new();
    let preds: Vec<_> = ["x == 5", "x <s 0", "y == 3", "x == y", "y <s 10"]
        .iter()
        .map(|p| table.intern(t(&terms, p)).unwrap())
        .collect();
    // Regions over the first two predicates: ⊤ and every cube.
    let mut regions = vec![region::top(&table)];
    for a in [true, false] {
        for b in [true, false] {
            regions.push(region::cube(&table, &[(preds[0], a), (preds[1], b)]));
        }
    }
    // Growing and shrinking predicate sets, so that a block solver meets predicates it
    // has not defined yet and others it no longer needs.
    let targets: Vec<Vec<_>> = vec![
        vec![preds[0]],
        preds.clone(),
        vec![preds[2], preds[3]],
        vec![],
        vec![preds[4], preds[0], preds[3]],
    ];
    let sat = ts::blast_solver::BlastSolverFactory::new(terms.clone(), Rc::new(z3.clone()));
    for kind in [AbstractionKind::Boolean, AbstractionKind::Cartesian] {
        let mut fresh = cegar::Abstractor::new(&cfa, &z3, kind);
        let mut others = [
            (
                "per block",
                cegar::Abstractor::new(&cfa, &z3, kind).with_per_block_solvers(true),
            ),
            ("sat fresh", cegar::Abstractor::new(&cfa, &sat, kind)),
            (
                "sat per block",
                cegar::Abstractor::new(&cfa, &sat, kind).with_per_block_solvers(true),
            ),
        ];
        let mut compared = 0;
        for e in cfa.edges() {
            for r in &regions {
                for ps in &targets {
                    let a = fresh.successor(&table, r, e, ps).unwrap();
                    for (name, other) in &mut others {
                        let b = other.successor(&table, r, e, ps).unwrap();
                        assert_eq!(
                            a,
                            b,
                            "{kind:?}, edge {e:?}, region {}, fresh {} vs {name} {}",
                            region::render(&terms, &table, r),
                            region::render(&terms, &table, &a),
                            region::render(&terms, &table, &b)
                        );
                    }
                    compared += 1;
                }
            }
        }
        // Every question was distinct: each one reached a block solver (no cache hit).
        for (_, other) in &others {
            assert_eq!(other.stats.computations, compared);
        }
        assert_eq!(compared, 3 * (regions.len() * targets.len()) as u64);
        assert_eq!(others[0].1.solver_name(), "per-block");
    }
    assert!(sat.stats().checks > 100, "the SAT solvers answered");
    assert_eq!(sat.fallbacks(), 0);
}

/// Lifting ALLSAT models to cubes (`cegar::lift`) must not change what an abstraction
/// means: on a state machine whose branches each read a few variables, the lifted and the
/// unlifted successors are equivalent (Z3), lifting drops literals, and the solver finds
/// fewer models. The branches read `u` and `v` on some paths only, copy `f` on others, and
/// `u == v` ties two groups, so that a literal dropped where its variable is read, or a
/// group dropped while a predicate outside it changes (`u` on the last branch, where
/// `v == 1`), makes the regions differ.
#[test]
fn lifted_abstractions_mean_what_unlifted_ones_mean() {
    let text = "var s: bv32\nvar f: bv32\nvar u: bv32\nvar v: bv32\nvar w: bv32\n\
        loc l0 init\nloc l1\nloc err error\n\
        l0 -> l1 { choice { assume s == 1; s := 2 } \
                   or { assume s == 2; assume u == 1; s := 3; f := 1 } \
                   or { assume s == 3; f := 0; havoc w } \
                   or { assume s == 4; assume v <s 5; s := 1 } \
                   or { assume s == 5; assume u == v; s := 4; u := u + 1 } \
                   or { assume s == 6; assume v == 1; s := 5 } }\n\
        l1 -> l0 { skip }\n\
        l1 -> err { assume f == 7 }\n";
    let terms = Rc::new(TermStore::new());
    let cfa = parse_cfa(text, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let z3 = Z3::new(terms.clone());
    let mut table = PredicateTable::new();
    let preds: Vec<_> = [
        "s == 1", "s == 2", "s == 3", "s == 4", "s == 5", "f == 0", "f == 1", "u == 1", "u == 2",
        "v == 0", "v <s 5", "w == 3", "u == v",
    ]
    .iter()
    .map(|p| table.intern(t(&terms, p)).unwrap())
    .collect();
    let regions = vec![
        region::top(&table),
        region::cube(&table, &[(preds[7], true)]),
        region::cube(&table, &[(preds[1], false), (preds[9], true)]),
        region::cube(&table, &[(preds[12], true), (preds[5], false)]),
    ];
    let e = cfa
        .edges()
        .find(|e| cfa.location(cfa.edge(*e).dst).name == "l1")
        .unwrap();
    let sat = ts::blast_solver::BlastSolverFactory::new(terms.clone(), Rc::new(z3.clone()));
    for (name, factory, per_block) in [
        ("z3", &z3 as &dyn SolverFactory, false),
        ("sat per block", &sat, true),
    ] {
        let kind = AbstractionKind::Boolean;
        let mut lifted =
            cegar::Abstractor::new(&cfa, factory, kind).with_per_block_solvers(per_block);
        let mut plain = cegar::Abstractor::new(&cfa, factory, kind)
            .with_per_block_solvers(per_block)
            .with_lifting(false);
        for r in &regions {
            let a = lifted.successor(&table, r, e, &preds).unwrap();
            let b = plain.successor(&table, r, e, &preds).unwrap();
            let mut solver = z3.solver();
            solver.assert(terms.not(terms.iff(
                region::to_term(&terms, &table, &a),
                region::to_term(&terms, &table, &b),
            )));
            // Equivalent as formulas over the program's variables: a lifted cube may allow
            // valuations no state has (s == 1 and s == 2), which mean `false`.
            assert_eq!(
                solver.check(),
                SatResult::Unsat,
                "{name}, region {}: lifted {} vs {}",
                region::render(&terms, &table, r),
                region::render(&terms, &table, &a),
                region::render(&terms, &table, &b)
            );
        }
        assert!(
            lifted.stats.lifted_literals > 0,
            "{name}: lifting dropped literals"
        );
        assert!(lifted.stats.lift_evaluations > 0);
        assert_eq!(plain.stats.lifted_literals, 0);
        assert!(
            lifted.stats.models_sum < plain.stats.models_sum,
            "{name}: {} models lifted, {} not",
            lifted.stats.models_sum,
            plain.stats.models_sum
        );
    }
}
