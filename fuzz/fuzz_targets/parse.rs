//! `cargo +nightly fuzz run parse`: the parser (and the rendering of its
//! diagnostics) must not panic on any input.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relprove_engine::diag::{render, SourceMap};

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data).into_owned();
    let mut sources = SourceMap::new();
    let id = sources.add("fuzz.als", "fuzz.als", src.clone());
    if let Err(diags) = relprove_engine::syntax::parse_file(&src, id) {
        assert!(!diags.is_empty());
        let _ = render(&sources, &diags, false);
    }
});
