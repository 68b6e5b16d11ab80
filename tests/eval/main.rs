//! Integration tests of the independent evaluator and the brute-force
//! oracle (crates/engine/src/instance/): unit tests, renderers, verdict corpus,
//! differential tests against the SAT engine.
//!
//! One test binary per area: each binary links relprove and CaDiCaL, so a
//! handful of binaries build and link much faster than one per file (see
//! docs/architecture.md, "Tests"). Each module below was a test file of its
//! own before; a module is selected with `cargo test --test CRATE MODULE::`.

// Hand-built IR models and instances, shared with the other crate.
#[path = "../eval_support/mod.rs"]
mod eval_support;

mod brute;
mod differential;
mod oracle;
mod render;
mod unit;
mod verdicts;
