//! Golden tests of large-block encoding: the FMCAD'09 slides' loop and one small CFA per
//! rule (sequence, choice, advanced sequence, error sink), at every level. Set
//! `BOULDER_BLESS=1` to rewrite the expected outputs after an intended change.

use cfa::{parse_cfa, print_cfa, reduce, LbeLevel, StmtStore};
use logic::TermStore;
use std::path::PathBuf;
use std::rc::Rc;

fn render(text: &str) -> String {
    let mut out = String::new();
    for level in [LbeLevel::Seq, LbeLevel::Full, LbeLevel::Advanced] {
        let terms = Rc::new(TermStore::new());
        let c = parse_cfa(text, terms, Rc::new(StmtStore::new())).unwrap();
        let (r, stats) = reduce(&c, level);
        out.push_str(&format!(
            "== {} (error sink {}, sequence {}, choice {}, advanced {})\n",
            level.name(),
            stats.error_sink,
            stats.sequence,
            stats.choice,
            stats.advanced
        ));
        out.push_str(&print_cfa(&r));
        for e in r.edges() {
            let edge = r.edge(e);
            out.push_str(&format!(
                "  {} -> {}: {}\n",
                r.location(edge.src).name,
                r.location(edge.dst).name,
                cfa::dot::compact_label(&r.terms, &r.stmts, edge.stmt)
            ));
        }
    }
    out
}

#[test]
fn lbe_outputs_match_the_golden_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var("BOULDER_BLESS").is_ok();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cfa"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 5);
    for input in inputs {
        let got = render(&std::fs::read_to_string(&input).unwrap());
        let expected_path = input.with_extension("lbe");
        if bless {
            std::fs::write(&expected_path, &got).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_else(|_| {
            panic!(
                "missing {} (run with BOULDER_BLESS=1)",
                expected_path.display()
            )
        });
        assert_eq!(got, expected, "{}", input.display());
    }
}

/// The FMCAD'09 slides: the loop body becomes one self-loop whose label is the slide's
/// block `([i>0]); (([x==1]; z=0) || (![x==1]; z=1)); (i=i-1)`.
#[test]
fn the_slides_loop_is_one_self_loop_with_the_slides_block() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let text = std::fs::read_to_string(dir.join("slides_loop.cfa")).unwrap();
    let c = parse_cfa(&text, Rc::new(TermStore::new()), Rc::new(StmtStore::new())).unwrap();
    let (r, _) = reduce(&c, LbeLevel::Full);
    let head = r.find_location("l1").unwrap();
    let loops: Vec<_> = r
        .out_edges(head)
        .iter()
        .filter(|e| r.edge(**e).dst == head)
        .collect();
    assert_eq!(loops.len(), 1);
    assert_eq!(
        cfa::dot::compact_label(&r.terms, &r.stmts, r.edge(*loops[0]).stmt),
        "([i >s 0]); (([x == 1]; z = 0) || (![x == 1]; z = 1)); (i = i - 1)"
    );
    assert_eq!(r.num_locations(), 3);
}
