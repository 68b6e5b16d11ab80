//! Integration tests of pTX litmus tests (crates/litmus/src/): parser, lowering,
//! golden verdicts, the Dat3M corpus.
//!
//! One test binary per area: each binary links relprove and CaDiCaL, so a
//! handful of binaries build and link much faster than one per file (see
//! docs/architecture.md, "Tests"). Each module below was a test file of its
//! own before; a module is selected with `cargo test --test CRATE MODULE::`.

/// The path of `../shared/REL`, or skip the test (with a note) when it is
/// absent.
macro_rules! need {
    ($rel:expr) => {
        match crate::corpus::shared($rel) {
            Some(d) => d,
            None => {
                eprintln!("note: ../shared/{} absent; test skipped", $rel);
                return;
            }
        }
    };
}

mod cat;
mod corpus;
mod diff;
mod golden;
mod khronos;
mod lower;
mod parse;
mod vulkan_cat;
mod vulkan_dat3m;
