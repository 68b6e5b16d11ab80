//! `cargo +nightly fuzz run pipeline`: any input, as an Alloy model and as
//! a litmus test, through the whole pipeline (tests/fuzz_support/pipeline.rs,
//! the same driver `cargo test` runs a bounded session of in
//! tests/resolve/fuzz.rs): nothing may panic, and every instance must pass
//! the independent evaluator. Crashes found here belong in the
//! `regressions` test of tests/resolve/fuzz.rs.

#![no_main]

#[path = "../../tests/fuzz_support/pipeline.rs"]
mod pipeline;

use std::path::Path;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let lib = root.join("lib");
    // Source files are read as relprove reads them (BOM dropped, bad
    // UTF-8 refused); the rest goes through the pipeline.
    let Ok(text) = relprove_engine::diag::decode_source(data.to_vec()) else {
        return;
    };
    let name = root.join("models/fuzz.als").display().to_string();
    if let Err(bug) = pipeline::alloy(&name, &text, &lib) {
        panic!("{bug}");
    }
    pipeline::litmus(&text, &root.join("models"), &lib);
});
