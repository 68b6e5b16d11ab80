//! relprove's engine: an Alloy model from text to a decided, independently
//! re-checked command.
//!
//! The pipeline, one module per stage, each importing only from the stages
//! before it:
//! [`syntax`] (text → AST) → [`resolve`] (AST → typed [`ir`]) → [`bounds`]
//! (scopes → universe and per-relation tuple bounds) → [`translate`] (IR →
//! boolean circuit → [`cnf`]) → [`sat`] (solver back ends) → [`instance`]
//! (models back to atoms, the independent evaluator, rendering), driven per
//! command by [`check`] (with its drivers for unsat cores, enumeration and
//! cube-and-conquer). Beside them: [`diag`] (sources, spans, diagnostics,
//! the one renderer) and [`budget`] (time and memory limits every stage
//! polls).
//!
//! The proof side (`relprove-proof`) and the litmus side
//! (`relprove-litmus`) build on this crate; it knows nothing of them.

#![warn(missing_docs)]

pub mod bounds;
pub mod budget;
pub mod check;
pub mod cnf;
pub mod diag;
pub mod instance;
pub mod ir;
pub mod resolve;
pub mod sat;
pub mod syntax;
pub mod translate;
