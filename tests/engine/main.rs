//! Integration tests of the SAT engine end to end (bounds, translate, sat,
//! check, cores, cubes, enumeration): unit tests, differential tests, the
//! `check` CLI, the shipped models' verdicts.
//!
//! One test binary per area: each binary links relprove and CaDiCaL, so a
//! handful of binaries build and link much faster than one per file (see
//! docs/architecture.md, "Tests"). Each module below was a test file of its
//! own before; a module is selected with `cargo test --test CRATE MODULE::`.

// Hand-built IR models and instances, shared with the other crate.
#[path = "../eval_support/mod.rs"]
mod eval_support;

mod cli;
mod diff;
mod models;
mod unit;
