//! Export of a resolved model to proof assistants.
//!
//! Each back end is one file that turns an [`ir::Model`](crate::ir::Model)
//! into a list of [`coq::GeneratedFile`]s (pure, so it can be snapshot
//! tested); this module writes them to disk safely:
//! * definition files are replaced atomically (temporary file + rename), and
//!   only if they still carry relprove's header with a matching content hash
//!   (a file someone edited is refused unless `force`);
//! * the proofs skeleton is created once and never overwritten;
//! * Coq: `_CoqProject` is created (or the new files appended to it) and a
//!   `Makefile` is created if missing, so `make -C DIR` builds the export;
//! * Lean 4 ([`lean`]): `lakefile.lean` is created (or the new modules added
//!   to its `roots`) and `lean-toolchain` is created if missing, so
//!   `lake build` in DIR builds the library (theories/lean) and the export.
//!
//! Adding a back end: a new file producing the same kind of file list, a
//! `pub mod`, and a `write_*` function here.

pub mod coq;
pub mod lean;
mod term;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Diagnostics, Phase, SourceMap};
use crate::ir::Model;

pub use coq::{FileKind, GeneratedFile};

#[derive(Clone, Debug, Default)]
pub struct ExportOptions {
    pub out_dir: PathBuf,
    /// Overwrite generated files even if they were edited by hand.
    pub force: bool,
    /// The theories/ library (for a new `_CoqProject`); see [`find_theories`].
    pub theories: Option<PathBuf>,
    /// Prove checks with the rewriter (within these limits) and put the
    /// proofs into the proofs file; `None`: skeletons only.
    pub prove: Option<crate::rewrite::Limits>,
}

/// What happened to one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Written,
    Unchanged,
    /// An existing proofs file (or project file) was left alone; the string says why.
    Kept(String),
    /// New lines were appended (`_CoqProject`).
    Updated,
}

#[derive(Clone, Debug, Default)]
pub struct ExportReport {
    pub files: Vec<(PathBuf, Action)>,
}

impl ExportReport {
    /// One line per file, for the command line.
    pub fn lines(&self) -> Vec<String> {
        self.files
            .iter()
            .map(|(p, a)| match a {
                Action::Written => format!("wrote {}", p.display()),
                Action::Unchanged => format!("unchanged {}", p.display()),
                Action::Updated => format!("updated {}", p.display()),
                Action::Kept(why) => format!("kept {} ({why})", p.display()),
            })
            .collect()
    }
}

fn io_err(path: &Path, e: std::io::Error) -> Diagnostics {
    Diagnostic::without_span(Phase::Io, format!("{}: {e}", path.display())).into()
}

/// Write `contents` to `path` atomically: a temporary file in the same
/// directory, then a rename.
fn write_atomic(path: &Path, contents: &str) -> Result<(), Diagnostics> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| io_err(dir, e))?;
    tmp.write_all(contents.as_bytes()).map_err(|e| io_err(path, e))?;
    tmp.persist(path).map_err(|e| io_err(path, e.error))?;
    Ok(())
}

/// Where the theories/ library is: `explicit`, else `$RELPROVE_THEORIES`,
/// else a `theories/` (or `share/relprove/theories/`) directory next to the
/// running binary or in one of its ancestors (covers `target/debug/relprove`
/// inside the repository and `PREFIX/bin/relprove`).
pub fn find_theories(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os("RELPROVE_THEORIES") {
        return Some(PathBuf::from(p));
    }
    let exe = std::env::current_exe().ok()?;
    for dir in exe.ancestors().skip(1).take(5) {
        for cand in [dir.join("theories"), dir.join("share/relprove/theories")] {
            if cand.join("Rel.v").is_file() {
                return Some(cand);
            }
        }
    }
    None
}

/// Export a model as Coq into `opts.out_dir`.
pub fn write_coq(model: &Model, sources: &SourceMap, opts: &ExportOptions) -> Result<ExportReport, Diagnostics> {
    let templates = coq::Templates::from_env();
    let rewritten = match opts.prove {
        Some(limits) => crate::rewrite::coq::export_proofs(model, limits),
        None => coq::RewriteProofs::default(),
    };
    let mut files = coq::generate_full(model, sources, &templates, &rewritten)?;
    // Skeletons for checks the (edited, hence kept) proofs file lacks go to
    // `<model>_proofs_new.v`.
    let stem = coq::model_file_stem(model);
    if let Some(proofs) = files.iter().find(|f| f.kind == FileKind::Proofs) {
        if let Ok(old) = fs::read_to_string(opts.out_dir.join(&proofs.name)) {
            let missing: Vec<(String, String)> = proofs
                .theorems
                .iter()
                .filter(|(name, _)| {
                    !old.contains(&format!("Theorem {name} ")) && !old.contains(&format!("Lemma {name} "))
                })
                .cloned()
                .collect();
            if old != proofs.contents && !missing.is_empty() {
                let contents = coq::proofs_text(&templates, model, &stem, &rewritten.preamble, &missing);
                files.push(GeneratedFile {
                    name: format!("{stem}_proofs_new.v"),
                    contents,
                    kind: FileKind::Proofs,
                    theorems: missing,
                });
            }
        }
    }
    write_files(&files, opts)
}

/// Write generated files (see the module documentation for the rules).
pub fn write_files(files: &[GeneratedFile], opts: &ExportOptions) -> Result<ExportReport, Diagnostics> {
    refuse_edited(files, opts)?;
    let mut report = write_generated(files, opts)?;
    project_files(files, opts, &mut report)?;
    Ok(report)
}

/// Create the output directory; refuse (before writing anything) if a
/// definition file there was edited by hand or not generated by relprove.
fn refuse_edited(files: &[GeneratedFile], opts: &ExportOptions) -> Result<(), Diagnostics> {
    let dir = &opts.out_dir;
    fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
    // Refuse before writing anything.
    let mut problems = Vec::new();
    for f in files.iter().filter(|f| f.kind == FileKind::Definitions) {
        let path = dir.join(&f.name);
        let Ok(old) = fs::read_to_string(&path) else { continue };
        if opts.force {
            continue;
        }
        match coq::header_intact(&old).or_else(|| lean::header_intact(&old)) {
            Some(true) => {}
            Some(false) => problems.push(
                Diagnostic::without_span(
                    Phase::Export,
                    format!("{} was edited since relprove generated it; refusing to overwrite it", path.display()),
                )
                .hint("move your changes to the proofs file, or pass --force to overwrite"),
            ),
            None => problems.push(
                Diagnostic::without_span(
                    Phase::Export,
                    format!("{} exists and was not generated by relprove; refusing to overwrite it", path.display()),
                )
                .hint("choose another output directory, or pass --force to overwrite"),
            ),
        }
    }
    if !problems.is_empty() {
        return Err(Diagnostics(problems));
    }
    Ok(())
}

/// Write the generated files themselves (after [`refuse_edited`]).
fn write_generated(files: &[GeneratedFile], opts: &ExportOptions) -> Result<ExportReport, Diagnostics> {
    let dir = &opts.out_dir;
    let mut report = ExportReport::default();
    for f in files {
        let path = dir.join(&f.name);
        let old = fs::read_to_string(&path).ok();
        let action = match (f.kind, old) {
            (_, Some(old)) if old == f.contents => Action::Unchanged,
            (FileKind::Proofs, Some(_)) => {
                Action::Kept("it differs from the generated skeleton; relprove never overwrites proofs files".into())
            }
            _ => {
                write_atomic(&path, &f.contents)?;
                Action::Written
            }
        };
        report.files.push((path, action));
    }
    Ok(report)
}

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

/// `_CoqProject` (created, or the new files appended) and `Makefile`
/// (created if missing).
fn project_files(files: &[GeneratedFile], opts: &ExportOptions, report: &mut ExportReport) -> Result<(), Diagnostics> {
    let dir = &opts.out_dir;
    let project = dir.join("_CoqProject");
    match fs::read_to_string(&project) {
        Ok(old) => {
            let listed: Vec<&str> = old.lines().map(str::trim).collect();
            let missing: Vec<&str> =
                files.iter().map(|f| f.name.as_str()).filter(|n| !listed.contains(n)).collect();
            if missing.is_empty() {
                report.files.push((project, Action::Unchanged));
            } else {
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
            }
        }
        Err(_) => {
            let Some(theories) = find_theories(opts.theories.as_deref()) else {
                return Err(Diagnostic::without_span(
                    Phase::Export,
                    "cannot find relprove's theories/ library to write _CoqProject",
                )
                .hint("pass --theories PATH or set RELPROVE_THEORIES")
                .into());
            };
            let theories = theories.canonicalize().unwrap_or(theories);
            let mut text = format!("-R {} Relprove\n-R . Proofs\n\n", theories.display());
            for f in files {
                text.push_str(&f.name);
                text.push('\n');
            }
            write_atomic(&project, &text)?;
            report.files.push((project, Action::Written));
        }
    }
    let makefile = dir.join("Makefile");
    if makefile.exists() {
        report.files.push((makefile, Action::Unchanged));
    } else {
        write_atomic(&makefile, MAKEFILE)?;
        report.files.push((makefile, Action::Written));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Lean 4

/// The Lean library (theories/lean, holding `Relprove.lean`): `explicit`
/// (either theories/ or theories/lean itself), else next to
/// [`find_theories`]'s answer.
pub fn find_lean_theories(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        let sub = p.join("lean");
        return Some(if sub.join("Relprove.lean").is_file() { sub } else { p.to_path_buf() });
    }
    let t = find_theories(None)?;
    let sub = t.join("lean");
    sub.join("Relprove.lean").is_file().then_some(sub)
}

/// Export a model as Lean 4 into `opts.out_dir`: the files of
/// [`lean::generate`] (same safety rules as Coq), plus `lakefile.lean`
/// (created, or the new files added to its `roots`) and `lean-toolchain`
/// (created if missing), so that `lake build` in the directory builds the
/// library and the model.
pub fn write_lean(model: &Model, sources: &SourceMap, opts: &ExportOptions) -> Result<ExportReport, Diagnostics> {
    let rewritten = match opts.prove {
        Some(limits) => crate::rewrite::lean::export_proofs(model, limits),
        None => coq::RewriteProofs::default(),
    };
    let mut files = lean::generate_full(model, sources, &rewritten)?;
    let stem = lean::model_file_stem(model);
    if let Some(proofs) = files.iter().find(|f| f.kind == FileKind::Proofs) {
        if let Ok(old) = fs::read_to_string(opts.out_dir.join(&proofs.name)) {
            let missing: Vec<(String, String)> = proofs
                .theorems
                .iter()
                .filter(|(name, _)| !old.contains(&format!("theorem {name} ")))
                .cloned()
                .collect();
            if old != proofs.contents && !missing.is_empty() {
                let contents = lean::proofs_text(model, &stem, &rewritten.preamble, &missing);
                files.push(GeneratedFile {
                    name: format!("{stem}_proofs_new.lean"),
                    contents,
                    kind: FileKind::Proofs,
                    theorems: missing,
                });
            }
        }
    }
    refuse_edited(&files, opts)?;
    let mut report = write_generated(&files, opts)?;
    lean_project_files(&files, opts, &mut report)?;
    Ok(report)
}

/// The `lean-toolchain` written when the library has none.
pub const LEAN_TOOLCHAIN: &str = "leanprover/lean4:v4.14.0\n";

const LAKE_ROOTS: &str = "  roots := #[";

/// The `roots := #[...]` line of a lakefile relprove wrote.
fn lake_roots(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}")).collect();
    format!("{LAKE_ROOTS}{}]", quoted.join(", "))
}

/// `lakefile.lean` (created, or missing modules added to its roots line)
/// and `lean-toolchain` (created if missing).
fn lean_project_files(files: &[GeneratedFile], opts: &ExportOptions, report: &mut ExportReport) -> Result<(), Diagnostics> {
    let dir = &opts.out_dir;
    let modules: Vec<String> =
        files.iter().filter_map(|f| f.name.strip_suffix(".lean")).map(str::to_string).collect();
    let lakefile = dir.join("lakefile.lean");
    let lib = find_lean_theories(opts.theories.as_deref());
    match fs::read_to_string(&lakefile) {
        Ok(old) => {
            let Some((k, line)) = old.lines().enumerate().find(|(_, l)| l.starts_with(LAKE_ROOTS) && l.trim_end().ends_with(']')) else {
                report.files.push((lakefile, Action::Kept("it has no `roots := #[...]` line; add the new modules yourself".into())));
                return toolchain(dir, lib.as_deref(), report);
            };
            let listed: Vec<String> = line[LAKE_ROOTS.len()..]
                .trim_end()
                .trim_end_matches(']')
                .split(',')
                .map(|s| s.trim().trim_start_matches('`').to_string())
                .filter(|s| !s.is_empty())
                .collect();
            let mut all = listed.clone();
            all.extend(modules.iter().filter(|m| !listed.contains(m)).cloned());
            if all == listed {
                report.files.push((lakefile, Action::Unchanged));
            } else {
                let mut lines: Vec<String> = old.lines().map(str::to_string).collect();
                lines[k] = lake_roots(&all);
                write_atomic(&lakefile, &(lines.join("\n") + "\n"))?;
                report.files.push((lakefile, Action::Updated));
            }
        }
        Err(_) => {
            let Some(lib) = lib.clone() else {
                return Err(Diagnostic::without_span(
                    Phase::Export,
                    "cannot find relprove's Lean library (theories/lean) to write lakefile.lean",
                )
                .hint("pass --theories PATH or set RELPROVE_THEORIES")
                .into());
            };
            let lib = lib.canonicalize().unwrap_or(lib);
            let text = format!(
                "-- Created by relprove export --lean: `lake build` here builds the Relprove\n\
                 -- library and the exported files. relprove adds new files to `roots`\n\
                 -- (keep that line on one line); edit the rest freely.\n\
                 import Lake\n\
                 open Lake DSL\n\n\
                 package relprove_export\n\n\
                 require relprove from \"{}\"\n\n\
                 @[default_target]\n\
                 lean_lib RelproveExport where\n\
                 {}\n",
                lib.display().to_string().replace('\\', "/").replace('"', "\\\""),
                lake_roots(&modules)
            );
            write_atomic(&lakefile, &text)?;
            report.files.push((lakefile, Action::Written));
        }
    }
    toolchain(dir, lib.as_deref(), report)
}

fn toolchain(dir: &Path, lib: Option<&Path>, report: &mut ExportReport) -> Result<(), Diagnostics> {
    let path = dir.join("lean-toolchain");
    if path.exists() {
        report.files.push((path, Action::Unchanged));
        return Ok(());
    }
    let text = lib
        .and_then(|l| fs::read_to_string(l.join("lean-toolchain")).ok())
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| LEAN_TOOLCHAIN.to_string());
    write_atomic(&path, &text)?;
    report.files.push((path, Action::Written));
    Ok(())
}
