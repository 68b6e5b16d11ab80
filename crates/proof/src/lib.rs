//! relprove's proof side: relational laws proved by equality saturation
//! ([`rewrite`], with proofs that Coq re-checks) and the export of a
//! resolved model, its instances and its commands to Coq and Lean 4
//! ([`export`]).
//!
//! It reads the engine's typed model (`relprove_engine::ir`) and instances;
//! the engine knows nothing of it.

#![warn(missing_docs)]

#[allow(missing_docs)] // item docs still to write (issue 35)
pub mod export;
#[allow(missing_docs)] // item docs still to write (issue 35)
pub mod rewrite;
