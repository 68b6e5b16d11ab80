//! relprove: bounded checking of Alloy relational models, and export to Coq
//! and Lean 4.
//!
//! The workspace's crates are the pipeline's stages:
//! [`relprove_engine`] (text → AST → typed IR → bounds → circuit → CNF →
//! SAT → instance, re-checked by an independent evaluator),
//! [`relprove_proof`] (rewriting with an e-graph; export to Coq and Lean 4)
//! and [`relprove_litmus`] (litmus tests against a model, operational
//! models, GPU runs). This crate is their facade, the sum of their errors
//! ([`Error`]) and the `relprove` binary.
//!
//! # The API
//!
//! The supported surface is what this page re-exports: load a model
//! ([`load_model`], [`load_source`]), decide a command ([`check_command`],
//! or a [`Session`] for many solver calls on one translation, an
//! [`unsat_core`]), and handle any failure as one [`Error`] whose
//! [`Error::to_diagnostics`] render with [`render`] against the
//! [`SourceMap`] the model was loaded into. The stage crates are
//! re-exported as [`engine`], [`proof`] and [`litmus`] for what the facade
//! does not cover.
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

pub mod error;

pub use relprove_engine as engine;
pub use relprove_litmus as litmus;
pub use relprove_proof as proof;

pub use error::Error;
pub use relprove_engine::check::cores::{unsat_core, CoreOutcome};
pub use relprove_engine::check::{
    check_command, CheckOptions, CommandResult, Opened, Outcome, Session, Stats, Unknown,
};
pub use relprove_engine::diag::{render, Diagnostic, SourceMap, Span};
pub use relprove_engine::instance::Instance;
pub use relprove_engine::ir::{CommandId, Model};
pub use relprove_engine::resolve::{load_model, load_source, LoadOptions};
