//! Integration tests of the parser (crates/engine/src/syntax/): lexer, precedence,
//! errors, fixtures, round trips, fuzzing, the peer models.
//!
//! One test binary per area: each binary links relprove and CaDiCaL, so a
//! handful of binaries build and link much faster than one per file (see
//! docs/architecture.md, "Tests"). Each module below was a test file of its
//! own before; a module is selected with `cargo test --test CRATE MODULE::`.

mod errors;
mod fixtures;
mod fuzz;
mod lexer;
mod models;
mod peers;
mod precedence;
mod roundtrip;
