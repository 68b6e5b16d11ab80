//! PTX litmus tests: parse Dat3M-format tests, lower each to an Alloy
//! module that opens a memory model and pins the test's candidate
//! executions, decide them with the checker, and print herd-style verdicts.
//!
//! `parse` (text → [`ast::Test`]) → `lower` (test → control-flow paths →
//! Alloy source, through a per-model [`lower::Binding`]) → `run` (solve,
//! enumerate final states) → `output` (herd text, JSON, summary).

pub mod ast;
pub mod parse;
