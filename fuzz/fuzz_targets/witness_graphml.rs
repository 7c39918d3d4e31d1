//! GraphML 1.0 witnesses (violation and correctness): classified, and read by both
//! readers, or rejected.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "witness_common.rs"]
mod witness_common;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The readers take a document that starts with `<` as GraphML.
    if text.trim_start().starts_with('<') {
        witness_common::read_all(&text);
    }
});
