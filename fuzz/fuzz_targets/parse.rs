//! The parser must turn any byte string into an AST or diagnostics, never a
//! panic or a hang.
#![no_main]
use libfuzzer_sys::fuzz_target;
use relprove::diag::SourceMap;
use relprove::syntax::parse_file;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut sources = SourceMap::default();
    let file = sources.add("fuzz.als", "fuzz.als", text.to_string());
    let _ = parse_file(&text, file);
});
