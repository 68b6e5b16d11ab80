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
//!
//! # The API
//!
//! The supported surface is what this page re-exports: load a model
//! ([`load_model`], [`load_source`]), decide a command ([`check_command`],
//! or a [`Session`] for many solver calls on one translation, an
//! [`unsat_core`]), and handle any failure as one [`Error`] whose
//! [`Error::to_diagnostics`] render with [`render`] against the
//! [`SourceMap`] the model was loaded into. The modules themselves stay
//! public for relprove's own binary and tests, and are hidden from these
//! docs: their items may change without notice.
//!
//! # Quick start
//!
//! Parse, resolve and check one command:
//!
//! ```
//! use relprove::{check_command, load_source, CheckOptions, CommandId, LoadOptions, Outcome, SourceMap};
//!
//! let mut sources = SourceMap::new();
//! let text = "sig Node { next: lone Node }\n\
//!             fact acyclic { no n: Node | n in n.^next }\n\
//!             run chain { some n: Node | some n.next } for 3 expect 1\n\
//!             check noSelf { no n: Node | n.next = n } for 3 expect 0\n";
//! let model = load_source("list.als", text, &mut sources, &LoadOptions::default())?;
//! for (i, cmd) in model.commands.iter().enumerate() {
//!     let r = check_command(&model, CommandId(i as u32), &CheckOptions::default())?;
//!     assert!(r.matches_expect, "{}", cmd.name);
//!     if let Outcome::Sat(instance) = &r.outcome {
//!         // every instance was re-checked by the independent evaluator
//!         assert!(!instance.sigs.is_empty());
//!     }
//! }
//! // Bad input is an `Error` with spans, rendered with file, line and column.
//! let bad = load_source("bad.als", "sig A { f: B }\n", &mut sources, &LoadOptions::default());
//! let err = relprove::Error::from(bad.unwrap_err());
//! let text = relprove::render(&sources, &err.to_diagnostics(), false);
//! assert!(text.contains("bad.als:1:"), "{text}");
//! # Ok::<(), relprove::Error>(())
//! ```

#![warn(missing_docs)]

#[doc(hidden)]
#[allow(missing_docs)]
pub mod bounds;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod budget;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod check;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod cnf;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod cores;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod cubes;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod diag;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod enumerate;
pub mod error;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod export;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod gpu;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod instance;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod ir;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod litmus;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod operational;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod resolve;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod rewrite;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod sat;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod syntax;
#[doc(hidden)]
#[allow(missing_docs)]
pub mod translate;

pub use check::{
    check_command, CheckOptions, CommandResult, Opened, Outcome, Session, Stats, Unknown,
};
pub use cores::{unsat_core, CoreOutcome};
pub use diag::{render, Diagnostic, SourceMap, Span};
pub use error::Error;
pub use instance::Instance;
pub use ir::{CommandId, Model};
pub use resolve::{load_model, load_source, LoadOptions};
