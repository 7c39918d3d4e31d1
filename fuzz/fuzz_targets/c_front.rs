//! The C front end on any text (as preprocessed C): a CFA, an UNKNOWN naming a
//! construct, or an error with a position — never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::rc::Rc;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let source = cfront::Source::from_text("fuzz.i", &text);
    for (property, model) in [
        (cfront::Property::UnreachCall, cfront::DataModel::Ilp32),
        (cfront::Property::NoOverflow, cfront::DataModel::Lp64),
    ] {
        let _ = cfront::translate(
            &source,
            property,
            model,
            Rc::new(logic::TermStore::new()),
            Rc::new(cfa::StmtStore::new()),
        );
    }
});
