//! relprove: bounded checking of Alloy relational models, and export to Coq
//! and Lean 4.
//!
//! The pipeline, one module per phase:
//! `syntax` (text → AST) → `resolve` (AST → typed [`ir`]) → `bounds`
//! (scopes → universe and per-relation tuple bounds) → `translate` (IR →
//! boolean circuit → CNF) → `sat` (solver back ends) → `instance`
//! (models back to atoms, independent evaluator, rendering).
//! Beside it: `export` (Coq, Lean), `rewrite` (egg), `litmus`, `operational`
//! (operational memory models explored natively, on the litmus tests of
//! `litmus`), and `gpu` (litmus tests on a GPU against `litmus`'s verdicts).

pub mod bounds;
pub mod budget;
pub mod check;
pub mod cores;
pub mod cubes;
pub mod diag;
pub mod enumerate;
pub mod error;
pub mod export;
pub mod gpu;
pub mod instance;
pub mod ir;
pub mod litmus;
pub mod operational;
pub mod resolve;
pub mod rewrite;
pub mod sat;
pub mod syntax;
pub mod translate;

pub use error::Error;
