//! Snapshot tests of the Alloy text generated for litmus tests.

use std::path::Path;

use relprove::diag::SourceMap;
use relprove::litmus::lower::{Limits, NVIDIA_PTX, PROJECT_PTX};
use relprove::litmus::{alloy_modules, parse_file};

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/litmus").join(name)
}

fn modules(name: &str, project: bool) -> String {
    let mut sm = SourceMap::new();
    let t = parse_file(&mut sm, &fixture(name)).unwrap();
    let b = if project { &PROJECT_PTX } else { &NVIDIA_PTX };
    alloy_modules(&t, b, "ptx", Limits::default()).unwrap().join("\n-- next combination\n\n")
}

#[test]
fn mp_project() {
    insta::assert_snapshot!(modules("MP.litmus", true));
}

#[test]
fn mp_nvidia() {
    insta::assert_snapshot!(modules("MP.litmus", false));
}
