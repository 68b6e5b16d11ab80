//! relprove's proof side: relational laws proved by equality saturation
//! ([`rewrite`], with proofs that Coq re-checks) and the export of a
//! resolved model, its instances and its commands to Coq and Lean 4
//! ([`export`]).
//!
//! It reads the engine's typed model (`relprove_engine::ir`) and instances;
//! the engine knows nothing of it.

#![warn(missing_docs)]

pub mod export;
pub mod rewrite;
