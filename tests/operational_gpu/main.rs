//! Integration tests of operational models (crates/litmus/src/operational/) and `relprove
//! gpu` (crates/litmus/src/gpu/).
//!
//! One test binary per area: each binary links relprove and CaDiCaL, so a
//! handful of binaries build and link much faster than one per file (see
//! docs/architecture.md, "Tests"). Each module below was a test file of its
//! own before; a module is selected with `cargo test --test CRATE MODULE::`.

mod gpu;
mod operational;
