//! Integration tests of loading and resolution (crates/engine/src/resolve/): constructs,
//! errors, calls, fuzzing of the whole pipeline, the peer and shipped
//! models, `check --parse-only`.
//!
//! One test binary per area: each binary links relprove and CaDiCaL, so a
//! handful of binaries build and link much faster than one per file (see
//! docs/architecture.md, "Tests"). Each module below was a test file of its
//! own before; a module is selected with `cargo test --test CRATE MODULE::`.

mod cli;
mod constructs;
mod errors;
mod fun_extra_args;
mod fuzz;
mod peers;
