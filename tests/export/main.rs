//! Integration tests of coq and Lean export (crates/proof/src/export/) and the egg
//! rewriter with its proofs (crates/proof/src/rewrite/).
//!
//! One test binary per area: each binary links relprove and CaDiCaL, so a
//! handful of binaries build and link much faster than one per file (see
//! docs/architecture.md, "Tests"). Each module below was a test file of its
//! own before; a module is selected with `cargo test --test CRATE MODULE::`.

mod coq;
mod lean;
mod rewrite;
