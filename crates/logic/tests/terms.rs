//! Builder simplifications, printing and traversals on hand-picked terms.

use logic::syntax::parse_term;
use logic::{Op, Sort, TermStore};

fn store() -> TermStore {
    let s = TermStore::new();
    s.var("x", Sort::Bv(32));
    s.var("y", Sort::Bv(32));
    s.var("c", Sort::Bv(8));
    s.var("p", Sort::Bool);
    s.var("q", Sort::Bool);
    s.var("n", Sort::Int);
    s.var(
        "a",
        Sort::Array(logic::ScalarSort::Bv(32), logic::ScalarSort::Bv(8)),
    );
    s
}

fn p(s: &TermStore, text: &str) -> logic::Term {
    parse_term(s, s, text, Some(Sort::Bool)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn structurally_equal_terms_share_one_id() {
    let s = store();
    let a = p(&s, "x + 1 == y");
    let b = p(&s, "x + 1 == y");
    assert_eq!(a, b);
    let n = s.len();
    let _ = p(&s, "x + 1 == y");
    assert_eq!(s.len(), n, "no new nodes for an existing term");
}

#[test]
fn builder_folds_and_simplifies() {
    let s = store();
    for (input, expected) in [
        ("x + 0 == x", "true"),
        ("p && true && p", "p"),
        ("p && !p", "false"),
        ("p || !p || q", "true"),
        ("!!p", "p"),
        ("ite(p, q, q)", "q"),
        ("ite(!p, x, y) == y", "ite(p, y, x) == y"),
        ("(3bv8 + 5) == 8", "true"),
        ("-1bv8 == 255", "true"),
        ("255bv8 /u 0 == 255", "true"),
        ("7bv8 %u 0 == 7", "true"),
        ("-7bv8 /s 2 == -3", "true"),
        ("-7bv8 %s 2 == -1", "true"),
        ("1bv8 << 9 == 0", "true"),
        ("-128bv8 >>s 9 == -1", "true"),
        ("zext(c, 24)[7:0] == c", "true"),
        ("sext(c, 24)[31:8] == 0", "sext(c, 24)[31:8] == 0"),
        ("store(a, x, c)[x] == c", "true"),
        ("x <u 0", "false"),
        ("0 <=u x", "true"),
        ("n * 1 + 0 == n", "true"),
        ("-7int / 2 == -4 && -7int % 2 == 1", "true"),
        ("p => false", "!p"),
    ] {
        let t = p(&s, input);
        assert_eq!(
            s.print_infix(t, Some(Sort::Bool)),
            expected,
            "simplifying {input}"
        );
    }
}

#[test]
fn infix_printing_is_readable() {
    let s = store();
    for text in [
        "x + 1 <u 10 && (p || q)",
        "a[x + 1] == c",
        "ite(x <s 0, -x, x) == y",
        "x - -1 <=u y",
        "x == y - 1",
        "(x == y) == p",
        "forall(k: bv8; k <=u c || c <u k)",
        "n + 3 < 2 * n",
        "p => q => p",
        "(p => q) => p",
        "x != y",
        "concat(c, c) == x[15:0]",
        "a == const([bv32]bv8, 0)",
        "x >=s -2147483648",
    ] {
        let t = p(&s, text);
        assert_eq!(s.print_infix(t, Some(Sort::Bool)), text);
    }
}

#[test]
fn parse_errors_are_located() {
    let s = store();
    for (text, at, msg) in [
        ("x + ", (1, 5), "expected an expression"),
        ("x + zz == 1", (1, 5), "undeclared variable `zz`"),
        ("1 == 2", (1, 1), "cannot tell the sort of 1"),
        ("x == c", (1, 3), "= expects equal sorts"),
        ("300bv8 == c", (1, 1), "300 does not fit in bv8"),
        ("x +\n  (y", (2, 5), "expected `)`"),
        ("x == ?", (1, 6), "unexpected character"),
    ] {
        let e = parse_term(&s, &s, text, Some(Sort::Bool)).unwrap_err();
        assert_eq!((e.line, e.col), at, "{text}: {e}");
        assert!(e.message.contains(msg), "{text}: {e}");
    }
}

#[test]
fn smtlib_binds_shared_subterms_with_let() {
    let s = store();
    let t = p(&s, "(x + y) * (x + y) == x + y");
    let text = s.to_smtlib(t);
    assert_eq!(text.matches("bvadd").count(), 1, "{text}");
    assert!(text.starts_with("(let ((?s"), "{text}");
    let script = s.smtlib_script(&[t]);
    assert!(script.contains("(set-logic QF_BV)"));
    assert!(script.contains("(declare-fun x () (_ BitVec 32))"));
}

#[test]
fn substitution_renaming_and_atoms() {
    let s = store();
    let t = p(&s, "x + 1 <=u y && (p || x <u 3)");
    let x = s.lookup_var("x").unwrap();
    let renamed = s.rename_ssa(t, &mut |v| if v == x { 2 } else { 0 });
    assert_eq!(
        s.print_infix(renamed, Some(Sort::Bool)),
        "x@2 + 1 <=u y@0 && (p@0 || x@2 <u 3)"
    );
    assert_eq!(s.unrename_ssa(renamed), t);
    let atoms: Vec<String> = s
        .atoms(t)
        .into_iter()
        .map(|a| s.print_infix(a, Some(Sort::Bool)))
        .collect();
    assert_eq!(atoms, ["x + 1 <=u y", "p", "x <u 3"]);
    let fv: Vec<_> = s.free_vars(t).into_iter().map(|v| s.var_name(v)).collect();
    assert_eq!(fv.len(), 3);
    // Bound variables are neither free nor substituted.
    let q = p(&s, "forall(k: bv8; k == c)");
    assert_eq!(s.free_vars(q).len(), 1);
    let k = s.var("k", Sort::Bv(8));
    let mut m = rustc_hash::FxHashMap::default();
    m.insert(k, s.bv_const(0, 8));
    assert_eq!(s.substitute(q, &m), q);
    assert_eq!(s.op(q), Op::Forall);
}

#[test]
fn quantifiers_evaluate_by_enumeration() {
    let s = store();
    let c = s.lookup_var("c").unwrap();
    let t = p(&s, "exists(k: bv8; k + k == c)");
    let even = s
        .eval(t, &|v| (v == c).then_some(logic::Value::Bv(10, 8)))
        .unwrap();
    let odd = s
        .eval(t, &|v| (v == c).then_some(logic::Value::Bv(11, 8)))
        .unwrap();
    assert_eq!(
        (even, odd),
        (logic::Value::Bool(true), logic::Value::Bool(false))
    );
}

#[test]
fn light_quantifier_elimination_removes_what_wp_and_sp_introduce() {
    let s = store();
    let v = s.var("v", Sort::Bv(32));
    let b = s.var("b", Sort::Bool);
    let cases = [
        // wp(havoc v; assume v == y + 1, x != v): one-point rule under ∀.
        (
            s.forall(&[v], s.implies(p(&s, "v == y + 1"), p(&s, "x != v"))),
            "x != y + 1",
        ),
        // sp(x := x + 3, x == 5), as ∃: the equation is inverted.
        (
            s.exists(&[v], s.and2(p(&s, "v == 5"), p(&s, "x == v + 3"))),
            "x == 8",
        ),
        // ∃ distributes over ∨ and pulls out what does not mention v.
        (
            s.exists(&[v], p(&s, "(y == 1 && v + 2 == x) || (y == 2 && v == 7)")),
            "y == 1 || y == 2",
        ),
        // ∀ over an implication whose consequent is a conjunction.
        (
            s.forall(&[v], s.implies(p(&s, "v == x"), p(&s, "v != 0 && y <u v"))),
            "x != 0 && y <u x",
        ),
        // A Boolean variable is expanded.
        (
            s.exists(&[b], p(&s, "(b && x == 1) || (!b && x == 2)")),
            "x == 1 || x == 2",
        ),
        // A variable that does not occur.
        (s.forall(&[v], p(&s, "x == 1")), "x == 1"),
    ];
    for (q, expected) in cases {
        let got = s.qe_light(q);
        assert!(
            !s.has_quantifier(got),
            "{} left {}",
            s.display(q),
            s.display(got)
        );
        assert_eq!(got, p(&s, expected), "{}: {}", s.display(q), s.display(got));
    }
    // What no rule removes keeps its quantifier, in a smaller scope.
    let q = s.exists(&[v], p(&s, "x == 1 && v * v == y"));
    let got = s.qe_light(q);
    assert_eq!(s.op(got), Op::And, "{}", s.display(got));
    assert!(s.has_quantifier(got));
}

#[test]
fn a_variable_compared_only_by_equations_is_split_into_its_cases() {
    let s = store();
    let v = s.var("v", Sort::Bv(32));
    // The shape of a `switch (v)` after `v = nondet()`.
    let q = s.forall(
        &[v],
        p(
            &s,
            "v == 1 || (v != 2 => v != 3 => (v == y && x == 5)) && (v == 2 => x == 7)",
        ),
    );
    let got = s.qe_light(q);
    assert!(!s.has_quantifier(got), "{}", s.display(got));
    // A v unequal to 1, 2, 3 and y falsifies the body: the ∀ is false.
    assert!(s.is_false(got), "{}", s.display(got));
    let q = s.exists(&[v], p(&s, "v != 1 && v != y && x == 2"));
    assert_eq!(s.qe_light(q), p(&s, "x == 2"));
    // ∀v. v == y is false, ∃v. v != y is true.
    assert!(s.is_false(s.qe_light(s.forall(&[v], p(&s, "v == y")))));
    assert!(s.is_true(s.qe_light(s.exists(&[v], p(&s, "v != y")))));
}

/// `A_0 = (v == 0 || x == k)`, `A_k = (y == k || A_{k-1}) && (z == k || A_{k-1})`: a DAG
/// of `O(depth)` nodes whose unfolding as a tree has `2^depth` copies of `A_0`.
fn shared_chain(s: &TermStore, depth: u128, base: logic::Term) -> logic::Term {
    let (y, z) = (s.var("y", Sort::Bv(32)), s.var("z", Sort::Bv(32)));
    let mut a = base;
    for k in 1..=depth {
        let c = s.bv_const(k, 32);
        a = s.and2(s.or2(s.eq(y, c), a), s.or2(s.eq(z, c), a));
    }
    a
}

#[test]
fn light_elimination_solves_each_shared_sub_problem_once() {
    // Distributing `∀v` over the conjunctions reaches `∀v. A_0` along 2^40 paths: only an
    // elimination that remembers what it solved ends. `∀v. v == 0 || x == 0` is `x == 0`
    // (a `v` other than 0 exists), so the result means A_40 with A_0 replaced by `x == 0`.
    let s = store();
    let v = s.var("v", Sort::Bv(32));
    let body = shared_chain(&s, 40, p(&s, "v == 0 || x == 0"));
    let got = s.qe_light(s.forall(&[v], body));
    assert!(!s.has_quantifier(got), "{}", s.display(got));
    let expected = shared_chain(&s, 40, p(&s, "x == 0"));
    let names = ["x", "y", "z"].map(|n| s.as_var(s.var(n, Sort::Bv(32))).unwrap());
    for state in 0..64u128 {
        let values: rustc_hash::FxHashMap<_, _> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (*n, logic::Value::Bv((state >> (2 * i)) & 3, 32)))
            .collect();
        assert_eq!(
            s.eval_map(got, &values).unwrap(),
            s.eval_map(expected, &values).unwrap(),
            "state {state}"
        );
    }
}

#[test]
fn lifting_frees_atoms_of_ite_within_its_budget() {
    let s = TermStore::new();
    let x = s.var("x", Sort::Bv(4));
    let y = s.var("y", Sort::Bv(4));
    let c = s.var("c", Sort::Bool);
    let one = s.bv_const(1, 4);
    // `ite(c, x + 1, y) = x`: two cases, neither with an `ite`.
    let atom = s.eq(s.ite(c, s.bvadd(x, one), y), x);
    let lifted = s.lift_ite(atom, 10).expect("one split");
    assert!(!s
        .postorder(lifted, true)
        .iter()
        .any(|n| s.op(*n) == Op::Ite && !s.sort(*n).is_bool()));
    for cv in [false, true] {
        for xv in 0..16u128 {
            for yv in 0..16u128 {
                let st: rustc_hash::FxHashMap<_, _> = [
                    (s.as_var(c).unwrap(), logic::Value::Bool(cv)),
                    (s.as_var(x).unwrap(), logic::Value::Bv(xv, 4)),
                    (s.as_var(y).unwrap(), logic::Value::Bv(yv, 4)),
                ]
                .into_iter()
                .collect();
                assert_eq!(
                    s.eval_map(atom, &st).unwrap(),
                    s.eval_map(lifted, &st).unwrap()
                );
            }
        }
    }
    assert_eq!(s.lift_ite(atom, 0), None, "no split allowed");
    let plain = s.eq(x, y);
    assert_eq!(s.lift_ite(plain, 0), Some(plain));
}
