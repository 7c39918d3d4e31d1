//! YAML 2.0 witnesses (`violation_sequence`, `invariant_set`, 1.x invariant entries):
//! classified, and read by both readers, or rejected.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "witness_common.rs"]
mod witness_common;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // Whatever does not start with `<` the readers take as YAML.
    if !text.trim_start().starts_with('<') {
        witness_common::read_all(&text);
    }
});
