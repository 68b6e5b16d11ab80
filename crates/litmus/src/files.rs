//! Test files named on the command line: a directory stands for the
//! `.litmus` files below it. One expansion for `litmus`, operational models
//! and `compare`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use relprove_engine::diag::{Diagnostic, Phase};

/// The tests that the command line's paths stand for.
#[derive(Debug, Default)]
pub struct Expanded {
    /// In order: each argument's tests (a directory's sorted).
    pub files: Vec<PathBuf>,
    /// Links below a directory that were not followed: they lead to a
    /// folder or file already visited (a loop, or a second way to the
    /// same tests), so each test runs once.
    pub skipped: Vec<PathBuf>,
}

/// A directory argument stands for its files with the first extension of
/// `kinds` that it has any of (recursively, sorted; `litmus` reads
/// `["litmus", "test"]`: a folder of NVIDIA `.test` files stands for
/// those); other arguments stand for themselves. Every file and folder
/// is visited once, by its canonical path: a symbolic-link loop under a
/// folder made `litmus DIR` walk 2^40 paths (issue 34). A directory with
/// none of those files is an error.
pub fn expand(paths: &[PathBuf], kinds: &[&str]) -> Result<Expanded, Diagnostic> {
    let mut out = Expanded::default();
    let mut seen_dirs = HashSet::new();
    let mut seen_files = HashSet::new();
    for p in paths {
        if !p.is_dir() {
            out.files.push(p.clone());
            continue;
        }
        let mut found: Vec<(PathBuf, usize)> = Vec::new();
        walk(
            p,
            kinds,
            &mut seen_dirs,
            &mut seen_files,
            &mut found,
            &mut out.skipped,
        )?;
        let Some(kind) = (0..kinds.len()).find(|k| found.iter().any(|f| f.1 == *k)) else {
            let names: Vec<String> = kinds.iter().map(|k| format!("`.{k}`")).collect();
            return Err(Diagnostic::without_span(
                Phase::Io,
                format!(
                    "no test found in {}: no {} file below it",
                    p.display(),
                    names.join(" or ")
                ),
            ));
        };
        let mut files: Vec<PathBuf> = found
            .into_iter()
            .filter(|f| f.1 == kind)
            .map(|f| f.0)
            .collect();
        files.sort();
        out.files.extend(files);
    }
    Ok(out)
}

fn walk(
    dir: &Path,
    kinds: &[&str],
    seen_dirs: &mut HashSet<PathBuf>,
    seen_files: &mut HashSet<PathBuf>,
    out: &mut Vec<(PathBuf, usize)>,
    skipped: &mut Vec<PathBuf>,
) -> Result<(), Diagnostic> {
    let io = |e: std::io::Error| {
        Diagnostic::without_span(Phase::Io, format!("cannot read {}: {e}", dir.display()))
    };
    if !seen_dirs.insert(dir.canonicalize().map_err(io)?) {
        skipped.push(dir.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, kinds, seen_dirs, seen_files, out, skipped)?;
            continue;
        }
        let Some(k) = kinds
            .iter()
            .position(|k| p.extension().is_some_and(|x| x == *k))
        else {
            continue;
        };
        // (a dangling link has no canonical path: kept, so that reading
        // it reports the error at its name)
        let key = p.canonicalize().unwrap_or_else(|_| p.clone());
        if seen_files.insert(key) {
            out.push((p, k));
        } else {
            skipped.push(p);
        }
    }
    Ok(())
}
