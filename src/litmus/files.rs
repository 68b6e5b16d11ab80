//! Test files named on the command line: a directory stands for the
//! `.litmus` files below it. One expansion for `litmus`, operational models
//! and `compare`.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Phase};

/// A directory argument stands for its `.litmus` files (recursively, sorted).
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Diagnostic> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Diagnostic> {
    let rd = std::fs::read_dir(dir).map_err(|e| {
        Diagnostic::without_span(Phase::Io, format!("cannot read {}: {e}", dir.display()))
    })?;
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "litmus") {
            out.push(p);
        }
    }
    Ok(())
}
