//! The one error type of the library's surface: every phase keeps its own
//! enum (with spans where input is involved), and [`Error`] is the sum of
//! them, so that a caller handles one type and renders it in one place.
//! [`Error::to_diagnostics`] turns any of them into [`Diagnostic`]s for
//! [`relprove_engine::diag::render`]; [`Error::class`] says whether the input was
//! bad, a limit stopped the work, or relprove itself is wrong (the CLI's
//! exit codes 2, 3 and 4).

use std::fmt;

use relprove_engine::bounds::BoundsError;
use relprove_engine::budget::Exhausted;
use relprove_engine::check::cubes::CubeError;
use relprove_engine::check::CheckError;
use relprove_engine::diag::{Diagnostic, Phase};
use relprove_engine::sat::SatError;
use relprove_engine::translate::TranslateError;
use relprove_litmus::error::LitmusError;
use relprove_litmus::gpu::GpuError;
use relprove_litmus::operational::OpError;
use relprove_proof::export::ExportError;
use relprove_proof::rewrite::{ProofError, RewriteError};

/// Any error of the pipeline, by the phase that raised it.
#[derive(Debug)]
pub enum Error {
    /// Bad input found while parsing, loading or resolving a model (every
    /// error of the phase at once, each with its span).
    Input(Vec<Diagnostic>),
    /// Computing the bounds of a command (a bad scope, or a limit).
    Bounds(BoundsError),
    /// Translating a command to CNF (bad input, a deadline, memory).
    Translate(TranslateError),
    /// A solver back end that could not run.
    Sat(SatError),
    /// Deciding a command (bad input, or a bug of relprove).
    Check(CheckError),
    /// Cube-and-conquer: files of a cube directory, stale cubes.
    Cube(CubeError),
    /// A rewriter proof a printer cannot print; `what` was being printed
    /// (`the Coq proof`).
    Export {
        /// What was being printed (`the Coq proof`).
        what: String,
        /// Why it could not be.
        error: ExportError,
    },
    /// A construct outside the rewriter's fragment (with its span).
    Rewrite(RewriteError),
    /// A rewriter proof the replay rejects (a bug of relprove).
    Proof(ProofError),
    /// Deciding a litmus test's generated module.
    Litmus(LitmusError),
    /// An operational model's exploration.
    Operational(OpError),
    /// Running litmus tests on a GPU.
    Gpu(GpuError),
}

/// What an [`Error`] says about the run: the CLI's exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The input is bad (exit code 2).
    Input,
    /// A time or memory limit stopped the work (exit code 3).
    Limit,
    /// A broken invariant of relprove: a bug (exit code 4).
    Internal,
}

impl Error {
    /// The diagnostics to show for this error, with spans where the input
    /// is involved.
    pub fn to_diagnostics(&self) -> Vec<Diagnostic> {
        let plain = |phase: Phase, m: String| vec![Diagnostic::without_span(phase, m)];
        match self {
            Error::Input(ds) => ds.clone(),
            Error::Bounds(BoundsError::Input(d)) => vec![d.clone()],
            Error::Bounds(BoundsError::Exhausted(e)) => {
                plain(Phase::Bounds, format!("{e} (during bounds computation)"))
            }
            Error::Translate(TranslateError::Input(d)) => vec![d.clone()],
            Error::Translate(TranslateError::Deadline) => {
                plain(Phase::Translate, "time limit (during translation)".into())
            }
            Error::Translate(TranslateError::Memory(m)) => plain(
                Phase::Translate,
                format!("{} (during translation)", Exhausted::Memory(m.clone())),
            ),
            Error::Sat(e) => plain(Phase::Solver, e.to_string()),
            Error::Check(CheckError::Input(d)) => vec![d.clone()],
            Error::Check(CheckError::Internal(m)) => {
                plain(Phase::Internal, format!("internal error: {m}"))
            }
            Error::Cube(CubeError::Check(e)) => match e {
                CheckError::Input(d) => vec![d.clone()],
                CheckError::Internal(m) => plain(Phase::Internal, format!("internal error: {m}")),
            },
            Error::Cube(CubeError::Solver(e)) => plain(Phase::Solver, e.to_string()),
            // The cube directory's files: unreadable, malformed, or cut
            // from another model.
            Error::Cube(e) => plain(Phase::Io, e.to_string()),
            Error::Export { what, error } => vec![error.to_diagnostic(what)],
            Error::Rewrite(e) => vec![e.to_diagnostic()],
            Error::Proof(e) => plain(Phase::Export, e.to_string()),
            Error::Litmus(LitmusError::Generated(c)) => {
                vec![Diagnostic::without_span(Phase::Litmus, "").caused_by(c.clone())]
            }
            Error::Litmus(e) => plain(e.phase(), e.to_string()),
            Error::Operational(e) => vec![e.to_diagnostic()],
            Error::Gpu(e) => vec![e.diagnostic()],
        }
    }

    /// Whether the input was bad, a limit stopped the work, or relprove
    /// broke an invariant of its own.
    pub fn class(&self) -> Class {
        match self {
            Error::Bounds(BoundsError::Exhausted(_))
            | Error::Translate(TranslateError::Deadline | TranslateError::Memory(_))
            | Error::Sat(SatError::Limit(_))
            | Error::Litmus(LitmusError::GaveUp(_))
            | Error::Operational(
                OpError::StateLimit(_) | OpError::Budget(_) | OpError::GaveUp { .. },
            ) => Class::Limit,
            Error::Check(CheckError::Internal(_))
            | Error::Cube(CubeError::Check(CheckError::Internal(_)))
            | Error::Proof(_)
            | Error::Litmus(LitmusError::Internal(_) | LitmusError::State(_)) => Class::Internal,
            _ => Class::Input,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ds = self.to_diagnostics();
        for (i, d) in ds.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

macro_rules! from_phase {
    ($($t:ty => $v:ident),* $(,)?) => {
        $(impl From<$t> for Error {
            fn from(e: $t) -> Error {
                Error::$v(e)
            }
        })*
    };
}

from_phase! {
    Vec<Diagnostic> => Input,
    BoundsError => Bounds,
    TranslateError => Translate,
    SatError => Sat,
    CheckError => Check,
    CubeError => Cube,
    RewriteError => Rewrite,
    ProofError => Proof,
    LitmusError => Litmus,
    OpError => Operational,
    GpuError => Gpu,
}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Error {
        Error::Input(vec![d])
    }
}

impl From<relprove_engine::diag::Diagnostics> for Error {
    fn from(ds: relprove_engine::diag::Diagnostics) -> Error {
        Error::Input(ds.0)
    }
}
