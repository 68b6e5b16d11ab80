//! The one place where the binary renders errors and diagnostics: every
//! subcommand hands its [`relprove::Error`] (or diagnostics, or source
//! excerpts) here, so that the look of an error, its colours and its exit
//! code are decided once.

use super::exit::Exit;
use relprove::error::Error;
use relprove_engine::check::cubes::CubeError;
use relprove_engine::check::CheckError;
use relprove_engine::diag::{SourceMap, Span};

/// Print `e` on stderr, rendered against `sources` (ANSI colours with
/// `color`), and return its exit code.
pub fn error(sources: &SourceMap, e: impl Into<Error>, color: bool) -> Exit {
    let e = e.into();
    eprint!("{}", render(sources, &e, color));
    Exit::from(e.class())
}

/// The text of `e`: its diagnostics with source excerpts; a broken
/// invariant of relprove as one line asking for a bug report.
pub fn render(sources: &SourceMap, e: &Error, color: bool) -> String {
    match e {
        Error::Check(CheckError::Internal(m))
        | Error::Cube(CubeError::Check(CheckError::Internal(m))) => {
            format!("relprove: internal error (this is a bug in relprove): {m}\n")
        }
        _ => relprove_engine::diag::render(sources, &e.to_diagnostics(), color),
    }
}

/// Source excerpts that are not errors (the formulas of an unsat core).
pub fn notes(sources: &SourceMap, notes: &[(Span, String)], color: bool) -> String {
    relprove_engine::diag::render_notes(sources, notes, color)
}

/// The tests that `paths` stand for (`relprove_litmus::files::expand`),
/// with one note on standard error per link the expansion did not follow.
pub fn test_files(
    paths: &[std::path::PathBuf],
    kinds: &[&str],
) -> Result<Vec<std::path::PathBuf>, relprove_engine::diag::Diagnostic> {
    let expanded = relprove_litmus::files::expand(paths, kinds)?;
    for p in &expanded.skipped {
        eprintln!(
            "note: skipped {}: it leads to tests already visited (each test runs once)",
            p.display()
        );
    }
    Ok(expanded.files)
}
