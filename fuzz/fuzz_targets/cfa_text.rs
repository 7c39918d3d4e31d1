//! The textual CFA format: parsed or rejected with a position; what parses prints and
//! parses back to the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::rc::Rc;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let terms = Rc::new(logic::TermStore::new());
    if let Ok(cfa) = cfa::parse_cfa(&text, terms.clone(), Rc::new(cfa::StmtStore::new())) {
        let printed = cfa::print_cfa(&cfa);
        let again = cfa::parse_cfa(&printed, Rc::new(logic::TermStore::new()), Rc::new(cfa::StmtStore::new()))
            .expect("printed CFAs parse");
        assert_eq!(cfa::print_cfa(&again), printed);
    }
});
