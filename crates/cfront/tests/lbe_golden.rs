//! The example of the Theta LBE note (Somorjai, Telbisz 2021): its procedural CFA from the
//! C front end, the flat CFA inlining makes of it, and its large-block encodings, against
//! golden files
//! (`BOULDER_BLESS=1` rewrites them).

use cfa::{print_cfa, reduce, LbeLevel, StmtStore};
use cfront::{DataModel, Property, Source};
use logic::TermStore;
use std::path::PathBuf;
use std::rc::Rc;

#[test]
fn theta_rand_program_reduces_as_recorded() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let source = Source::load(&dir.join("theta_rand.c"), DataModel::Ilp32).unwrap();
    let p = cfront::translate_program(
        &source,
        Property::UnreachCall,
        DataModel::Ilp32,
        Rc::new(TermStore::new()),
        Rc::new(StmtStore::new()),
        &cfront::FrontOptions::default(),
    )
    .unwrap();
    let t = p.flatten(&cfa::InlineOptions::default()).unwrap();
    let mut got = String::from("== procedural\n");
    got.push_str(&cfa::print_program(&p.program));
    got.push_str("== none\n");
    got.push_str(&print_cfa(&t.cfa));
    for level in [LbeLevel::Seq, LbeLevel::Full, LbeLevel::Advanced] {
        let (r, s) = reduce(&t.cfa, level);
        got.push_str(&format!(
            "== {} ({} -> {} locations, {} -> {} edges)\n",
            level.name(),
            s.locations_before,
            s.locations_after,
            s.edges_before,
            s.edges_after
        ));
        got.push_str(&print_cfa(&r));
    }
    let expected = dir.join("theta_rand.lbe");
    if std::env::var("BOULDER_BLESS").is_ok() {
        std::fs::write(&expected, &got).unwrap();
    }
    assert_eq!(
        got,
        std::fs::read_to_string(&expected).expect("golden file (BOULDER_BLESS=1)")
    );
    // Full LBE leaves init, the error location and the program's end; every path is one edge.
    let (r, _) = reduce(&t.cfa, LbeLevel::Full);
    let err = r.error_locations().next().unwrap();
    assert_eq!(r.in_edges(err).len(), 1);
    assert_eq!(r.edge(r.in_edges(err)[0]).src, r.init());
}
