//! The typed errors of the GPU litmus runner.

use std::path::PathBuf;

use relprove_engine::diag::{Diagnostic, Phase, Span};

/// A failure of a GPU litmus command (`relprove gpu`); a test the model
/// cannot decide is a `ModelError` instead.
#[derive(Debug)]
pub enum GpuError {
    /// The litmus front end rejected a test (syntax, unsupported feature).
    Litmus(Diagnostic),
    /// A test uses something the hardware harness cannot run.
    Unsupported {
        /// Where in the test.
        span: Span,
        /// What the harness cannot run.
        what: String,
    },
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        error: std::io::Error,
    },
    /// A results, manifest or observations file is malformed.
    Format {
        /// The malformed file.
        path: PathBuf,
        /// The line of the problem (1-based).
        line: usize,
        /// The column of the problem (1-based).
        col: usize,
        /// What is wrong.
        message: String,
    },
    /// A tool the run needs (nvcc, a GPU, cuobjdump) is missing or failed.
    Tool {
        /// The tool (`nvcc`, `GPU`, `nvidia-smi`, ...).
        tool: String,
        /// What went wrong.
        message: String,
    },
}

impl GpuError {
    /// The error as a diagnostic for `diag::render` (spans where the error
    /// is about a test's text; `file:line:col` in the message otherwise).
    pub fn diagnostic(&self) -> Diagnostic {
        match self {
            GpuError::Litmus(d) => d.clone(),
            GpuError::Unsupported { span, what } => Diagnostic::new(
                Phase::Litmus,
                *span,
                format!("unsupported on the GPU harness: {what}"),
            ),
            GpuError::Io { path, error } => Diagnostic::without_span(
                Phase::Io,
                format!("cannot access {}: {error}", path.display()),
            ),
            GpuError::Format {
                path,
                line,
                col,
                message,
            } => Diagnostic::without_span(
                Phase::Io,
                format!("{}:{line}:{col}: {message}", path.display()),
            ),
            GpuError::Tool { tool, message } => {
                Diagnostic::without_span(Phase::Io, format!("{tool}: {message}"))
            }
        }
    }

    pub(crate) fn io(path: &std::path::Path, error: std::io::Error) -> GpuError {
        GpuError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

impl From<Diagnostic> for GpuError {
    fn from(d: Diagnostic) -> Self {
        GpuError::Litmus(d)
    }
}

/// Why the model could not decide one test: the checker's message and,
/// where it points into a file, that place (`file:line:col`, rendered
/// while the test's sources are at hand). A per-test value, not a failure
/// of the run: the report shows it in the test's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError {
    /// `file:line:col` of the offending text, empty when there is none.
    pub location: String,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.location.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.location, self.message)
        }
    }
}
