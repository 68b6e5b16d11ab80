//! Coq's project files: `_CoqProject` (created, or the new files
//! appended), `Makefile` (created if missing) and the export's copy of
//! relprove's Coq library, so that `make -C DIR` builds the export.

use std::fs;
use std::path::Path;

use crate::export::{
    copy_library, find_theories, io_err, write_atomic, Action, ExportOptions, ExportReport,
    GeneratedFile,
};
use relprove_engine::diag::{Diagnostic, Diagnostics, Phase};

const MAKEFILE: &str = "\
# Created by relprove export: builds the Coq files listed in _CoqProject
# (coq_makefile writes Makefile.coq from it). Edit freely.
all: Makefile.coq
\t$(MAKE) -f Makefile.coq

Makefile.coq: _CoqProject
\tcoq_makefile -f _CoqProject -o Makefile.coq

clean: Makefile.coq
\t$(MAKE) -f Makefile.coq clean

.PHONY: all clean
";

/// The export's copy of relprove's Coq library (theories/), so that
/// `make -C DIR` builds by itself wherever DIR and the clone are. The name
/// is not a Coq identifier, so `-R . Proofs` does not also bind it.
pub const COQ_LIBRARY_DIR: &str = "relprove-theories";

/// The `_CoqProject` lines relprove writes before the list of files.
fn coq_project_header() -> [String; 2] {
    [
        format!("-R {COQ_LIBRARY_DIR} Relprove"),
        "-R . Proofs".to_string(),
    ]
}

/// Whether a `_CoqProject` holds only what relprove writes (its header,
/// blank lines and `.v` files); anything else is a person's edit.
fn project_as_generated(text: &str) -> bool {
    let header = coq_project_header();
    text.lines().map(str::trim).all(|l| {
        l.is_empty()
            || header.iter().any(|h| h == l)
            || (l.ends_with(".v") && !l.contains(char::is_whitespace) && !l.starts_with('-'))
    })
}

/// The files of relprove's Coq library: those its `_CoqProject` lists, or
/// without one, its `.v` files.
fn coq_library_files(theories: &Path) -> Result<Vec<String>, Diagnostics> {
    if let Ok(text) = fs::read_to_string(theories.join("_CoqProject")) {
        return Ok(text
            .lines()
            .map(str::trim)
            .filter(|l| l.ends_with(".v") && !l.starts_with('-'))
            .map(str::to_string)
            .collect());
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(theories).map_err(|e| io_err(theories, e))? {
        let name = entry
            .map_err(|e| io_err(theories, e))?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".v") {
            files.push(name);
        }
    }
    files.sort();
    Ok(files)
}

fn no_theories(what: &str) -> Diagnostics {
    Diagnostic::without_span(
        Phase::Export,
        format!("cannot find relprove's theories/ library to write {what}"),
    )
    .hint("pass --theories PATH or set RELPROVE_THEORIES")
    .into()
}

/// `_CoqProject` (created, or the new files appended), `Makefile`
/// (created if missing) and the copy of the library in
/// [`COQ_LIBRARY_DIR`] (created, and refreshed on each export while
/// `_CoqProject` uses it).
pub(super) fn project_files(
    files: &[GeneratedFile],
    opts: &ExportOptions,
    report: &mut ExportReport,
) -> Result<(), Diagnostics> {
    let dir = &opts.out_dir;
    let project = dir.join("_CoqProject");
    let theories = find_theories(opts.theories.as_deref());
    let library = dir.join(COQ_LIBRARY_DIR);
    match fs::read_to_string(&project) {
        Ok(old) => {
            let [lib_line, _] = coq_project_header();
            if old.lines().any(|l| l.trim() == lib_line) {
                match &theories {
                    Some(t) => {
                        copy_library(t, &coq_library_files(t)?, &library, opts.force, report)?
                    }
                    None => report.files.push((
                        library.clone(),
                        Action::Kept("relprove's theories/ not found to refresh it".into()),
                    )),
                }
            }
            let listed: Vec<&str> = old.lines().map(str::trim).collect();
            let missing: Vec<&str> = files
                .iter()
                .map(|f| f.name.as_str())
                .filter(|n| !listed.contains(n))
                .collect();
            if !missing.is_empty() {
                let mut new = old.clone();
                if !new.ends_with('\n') {
                    new.push('\n');
                }
                for m in missing {
                    new.push_str(m);
                    new.push('\n');
                }
                write_atomic(&project, &new)?;
                report.files.push((project, Action::Updated));
            } else if project_as_generated(&old) {
                report.files.push((project, Action::Unchanged));
            } else {
                report
                    .files
                    .push((project, Action::Kept("edited by hand".into())));
            }
        }
        Err(_) => {
            let Some(theories) = theories else {
                return Err(no_theories("_CoqProject"));
            };
            let lib_files = coq_library_files(&theories)?;
            copy_library(&theories, &lib_files, &library, opts.force, report)?;
            let mut text = coq_project_header().join("\n");
            text.push_str("\n\n");
            for f in &lib_files {
                text.push_str(&format!("{COQ_LIBRARY_DIR}/{f}\n"));
            }
            for f in files {
                text.push_str(&f.name);
                text.push('\n');
            }
            write_atomic(&project, &text)?;
            report.files.push((project, Action::Written));
        }
    }
    let makefile = dir.join("Makefile");
    if let Ok(old) = fs::read_to_string(&makefile) {
        let action = if old == MAKEFILE {
            Action::Unchanged
        } else {
            Action::Kept("edited by hand".into())
        };
        report.files.push((makefile, action));
    } else {
        write_atomic(&makefile, MAKEFILE)?;
        report.files.push((makefile, Action::Written));
    }
    Ok(())
}
