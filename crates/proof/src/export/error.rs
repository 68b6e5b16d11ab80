//! Why a proof of the rewriter cannot be printed for a proof assistant.
//!
//! The rewriter's proofs are replayed before they are printed, so these
//! errors mean a proof outside what a printer covers (a congruence lemma
//! the library lacks) or a broken invariant of relprove, never bad input:
//! errors about the model itself are `Diagnostic`s with spans, returned by
//! the definition printers.

use std::fmt;

use relprove_engine::diag::{Diagnostic, Phase};

/// A proof (or a term of one) that a printer cannot print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// A term whose arity cannot be computed.
    IllFormedTerm(String),
    /// A relation the printer has no name for.
    NoName {
        /// The prover's name (`Syntax::PROVER`, e.g. `Coq`).
        prover: &'static str,
        /// The relation's name.
        name: String,
    },
    /// A rewrite under an operator the library has no `Proper` instance for.
    NoCongruence(&'static str),
    /// A step that is not an instance of any rule of its lemma.
    NotAnInstance(String),
    /// A step that does not match the left side of its lemma's rule.
    NoMatch(String),
    /// A lemma variable that is not an egg variable.
    BadVariable,
    /// A lemma variable the step does not bind.
    UnboundVariable,
    /// A goal counted as proved without a proof.
    MissingProof,
    /// A relation without an arity.
    UnknownRelation,
}

impl ExportError {
    /// A diagnostic (without a span: no input is involved) for the renderer
    /// of `relprove_engine::diag`; `what` says what was being printed.
    pub fn to_diagnostic(&self, what: &str) -> Diagnostic {
        Diagnostic::without_span(Phase::Export, format!("cannot print {what}: {self}"))
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::IllFormedTerm(t) => write!(f, "ill-formed term `{t}`"),
            ExportError::NoName { prover, name } => write!(f, "no {prover} name for `{name}`"),
            ExportError::NoCongruence(op) => write!(
                f,
                "theories/ has no congruence lemma (`_same_proper`) for `{op}`, needed to rewrite under it"
            ),
            ExportError::NotAnInstance(rule) => write!(f, "step is not an instance of {rule}"),
            ExportError::NoMatch(lemma) => write!(f, "step does not match {lemma}"),
            ExportError::BadVariable => f.write_str("bad variable"),
            ExportError::UnboundVariable => f.write_str("unbound lemma variable"),
            ExportError::MissingProof => f.write_str("missing proof"),
            ExportError::UnknownRelation => f.write_str("unknown relation"),
        }
    }
}

impl std::error::Error for ExportError {}
