//! DimSpec files: read or rejected with a line; what reads writes back identically.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(ts) = ts::dimspec::read(&text) {
        let again = ts::dimspec::read(&ts::dimspec::write(&ts, &[])).expect("written DimSpec reads");
        assert_eq!(again, ts);
    }
});
