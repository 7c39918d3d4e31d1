//! The textual CFA format: exact round trip, located errors, robustness.

use cfa::{parse_cfa, print_cfa, StmtStore};
use logic::TermStore;
use proptest::prelude::*;
use std::path::PathBuf;
use std::rc::Rc;

fn examples() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/cfa");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("examples/cfa") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "cfa") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path, text));
        }
    }
    out.sort();
    assert!(out.len() >= 15, "at least 15 example CFAs");
    out
}

fn parse(text: &str) -> Result<cfa::Cfa, logic::syntax::SyntaxError> {
    parse_cfa(text, Rc::new(TermStore::new()), Rc::new(StmtStore::new()))
}

#[test]
fn every_example_prints_back_exactly() {
    for (path, text) in examples() {
        let cfa = parse(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
        assert_eq!(print_cfa(&cfa), text, "{}", path.display());
    }
}

#[test]
fn long_labels_print_indented_and_parse_back() {
    let text = "var x: bv32\nvar y: bv32\nloc a init\nloc b\n\
        a -> b { choice { assume x == 1; y := 100000 + x; x := y * 3 } or { assume x != 1; y := 200000 - x; x := y + 7 } or { skip } }\n";
    let cfa = parse(text).unwrap();
    let printed = print_cfa(&cfa);
    assert!(
        printed.contains("{\n  choice {\n    assume x == 1;"),
        "{printed}"
    );
    let again = parse(&printed).unwrap();
    assert_eq!(print_cfa(&again), printed);
}

#[test]
fn malformed_inputs_give_located_errors() {
    for (text, at, msg) in [
        ("", (1, 1), "no init location"),
        ("loc a init\nloc a", (2, 5), "declared twice"),
        (
            "loc a init\na -> b { skip }",
            (2, 6),
            "undeclared location `b`",
        ),
        (
            "var x: bv32\nloc a init\na -> a { x := true }",
            (3, 15),
            "expected a term of sort bv32",
        ),
        (
            "var x: bv32\nloc a init\na -> a { y := 1 }",
            (3, 10),
            "undeclared variable `y`",
        ),
        (
            "var x: bv32\nloc a init\na -> a { assume x }",
            (3, 17),
            "expected a term of sort bool",
        ),
        ("loc a init\nloc b init", (2, 7), "a second init location"),
        ("var x: bv77777777777\n", (1, 8), "unknown sort"),
        ("var a: [bv8]bv8\n", (1, 8), "too narrow"),
        (
            "loc a init\na -> a { assume 1 == }",
            (2, 22),
            "expected an expression",
        ),
        ("loc a init\na => a", (2, 3), "expected `->`"),
        (
            "loc a init\n  42",
            (2, 3),
            "expected `var`, `loc`, `function` or an edge",
        ),
        (
            "loc a init\na -> a { frob }",
            (2, 10),
            "expected a statement",
        ),
        ("loc init", (1, 5), "keyword"),
        (
            "loc a init\na -> a { skip @3:4 \"unterminated }",
            (2, 20),
            "unterminated string",
        ),
    ] {
        let e = parse(text)
            .err()
            .unwrap_or_else(|| panic!("{text:?} parsed"));
        assert_eq!((e.line, e.col), at, "{text:?}: {e}");
        assert!(e.message.contains(msg), "{text:?}: {e}");
    }
}

fn mutate(text: &str, seed: u64) -> String {
    let mut rng = logic::random::Rng::new(seed);
    let mut chars: Vec<char> = text.chars().collect();
    let junk = [
        "{",
        "}",
        ";",
        ":=",
        "->",
        "@",
        "\"",
        "(",
        ")",
        "[",
        "]",
        "x",
        "loc",
        "var",
        "choice",
        "or",
        "0",
        "99999999999999999999999999999999999999999",
        "bv0",
        "#",
        "\n",
        " ",
        "é",
        "&&",
        "int",
        "forall(k: bv8; ",
        "-",
    ];
    for _ in 0..1 + rng.below(4) {
        if chars.is_empty() {
            break;
        }
        let at = rng.below(chars.len() as u64) as usize;
        match rng.below(3) {
            0 => {
                let len = (1 + rng.below(8) as usize).min(chars.len() - at);
                chars.drain(at..at + len);
            }
            1 => {
                let j = rng.pick(&junk);
                for (k, c) in j.chars().enumerate() {
                    chars.insert(at + k, c);
                }
            }
            _ => {
                let other = rng.below(chars.len() as u64) as usize;
                chars.swap(at, other);
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Mutated CFA texts never make the parser panic; errors point into the text; what
    /// still parses prints and parses back to the same text.
    #[test]
    fn mutated_texts_never_panic(seed in any::<u64>(), which in 0usize..19) {
        let ex = examples();
        let (_, text) = &ex[which % ex.len()];
        let bad = mutate(text, seed);
        match parse(&bad) {
            Err(e) => {
                let lines = bad.lines().count().max(1);
                prop_assert!(e.line >= 1 && e.line <= lines + 1, "line {} of {}", e.line, lines);
                prop_assert!(e.col >= 1);
            }
            Ok(cfa) => {
                let printed = print_cfa(&cfa);
                let again = parse(&printed).expect("printed text parses");
                prop_assert_eq!(print_cfa(&again), printed);
            }
        }
    }
}

#[test]
fn dot_draws_every_location_and_edge() {
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/cfa/count_up_unsafe.cfa"),
    )
    .unwrap();
    let cfa = parse(&text).unwrap();
    let dot = cfa::dot::to_dot(&cfa, "count_up");
    assert!(dot.starts_with("digraph \"count_up\" {"));
    assert_eq!(dot.matches(" -> n").count(), cfa.num_edges() + 1);
    assert!(dot.contains("label=\"[x <u 10]\""), "{dot}");
    assert!(
        dot.contains("label=\"![x == 7]; x = x + 1\"")
            || dot.contains("label=\"(![x == 7]); (x = x + 1)\""),
        "{dot}"
    );
    assert!(dot.contains("color=red"));
    assert!(dot.contains("fillcolor=lightgrey"));
}
