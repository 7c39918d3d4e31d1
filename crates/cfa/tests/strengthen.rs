//! `cfa::assume_invariants`: each edge out of a location with an invariant first assumes
//! it; error locations, `true` and unknown locations are left alone.

use cfa::{assume_invariants, parse_cfa, print_cfa, StmtStore};
use logic::TermStore;
use std::rc::Rc;

const LOOP: &str = "var x: bv32
loc l0 init
loc head loophead
loc after
loc err error
loc end exit
l0 -> head { x := 0 }
head -> head { assume x <u 10; x := x + 1 }
head -> after { assume x >=u 10 }
after -> err { assume x != 10 }
after -> end { assume x == 10 }
";

#[test]
fn every_edge_out_of_an_invariant_location_assumes_it_first() {
    let terms = Rc::new(TermStore::new());
    let mut cfa = parse_cfa(LOOP, terms.clone(), Rc::new(StmtStore::new())).unwrap();
    let x = terms.var_term(cfa.vars()[0].var);
    let head = cfa.find_location("head").unwrap();
    let err = cfa.find_location("err").unwrap();
    let end = cfa.find_location("end").unwrap();
    let at_most_10 = terms.bvule(x, terms.bv_const(10, 32));
    let placed = assume_invariants(
        &mut cfa,
        &[(head, at_most_10), (err, terms.fls()), (end, terms.tru())],
    );
    assert_eq!(placed, 1, "the error location and `true` get nothing");
    let expected = LOOP
        .replace(
            "head -> head { assume x <u 10;",
            "head -> head { assume x <=u 10; assume x <u 10;",
        )
        .replace(
            "head -> after { assume x >=u 10 }",
            "head -> after { assume x <=u 10; assume x >=u 10 }",
        );
    assert_eq!(print_cfa(&cfa), expected);
}
