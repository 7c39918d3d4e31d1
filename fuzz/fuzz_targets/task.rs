//! SV-COMP task definitions (`.yml`) and property files (`.prp`): read or rejected.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = cfront::read_prp(&text);
    let _ = cfront::parse_task(&text, Path::new("dir/task.yml"), &|_| Some(text.to_string()));
    let _ = cfront::parse_task(&text, Path::new("task.yml"), &|_| None);
});
