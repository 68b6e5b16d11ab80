//! Export of a resolved model to proof assistants.
//!
//! A proof assistant is an uninhabited type (`coq::Coq`, `lean::Lean`)
//! implementing the two traits of syntax.rs: `Syntax` (tokens, reserved
//! words and identifiers, `univ`/`none`/`iden`, equality, projections of
//! an instance record, comments, definition layout) and `ProofAssistant`
//! (its files: imports, the record declaration, header, proofs skeleton,
//! project files, and the printing of the rewriter's prover-neutral proofs,
//! [`crate::rewrite::prove_checks`], in `coq::proofs` and `lean::proofs`).
//! Everything else is done once, by the generic printer
//! `printer::Printer<P>`: it owns one model's naming (term.rs) and the
//! printing state, lays out every definitions file, prints the
//! declarations and theorems (printer.rs) and walks the IR (walk.rs).
//! `render_files` puts a model's files together into a list of
//! [`GeneratedFile`]s (pure, so it can be snapshot tested): the root's
//! file, and one file per opened module, named from the module alone so
//! that every model that opens it shares it; `Session::write` writes those
//! files to disk, safely, for every back end:
//! * definition files are replaced atomically (temporary file + rename), and
//!   only if they still carry relprove's header with a matching content hash
//!   (a file someone edited is refused unless `force`); a shared file whose
//!   contents are the same is left alone, and within one [`Session`] (the
//!   CLI exports all its models in one) a shared file that another model
//!   needed with other contents is refused, never overwritten;
//! * the proofs skeleton is created once and never overwritten;
//! * Coq: `_CoqProject` is created (or the new files appended to it) and a
//!   `Makefile` is created if missing, so `make -C DIR` builds the export;
//! * Lean 4 ([`lean`]): `lakefile.lean` is created (or the new modules added
//!   to its `roots`) and `lean-toolchain` is created if missing, so
//!   `lake build` in DIR builds the library (theories/lean) and the export.
//!
//! Adding a back end: a new module with a type implementing `Syntax` and
//! `ProofAssistant`, a `pub mod`, and a `write_*` method of [`Session`]
//! calling `Session::write` with it.

pub mod coq;
mod error;
pub mod lean;
mod printer;
mod syntax;
mod term;
mod walk;

pub use coq::COQ_LIBRARY_DIR;
pub use error::ExportError;
pub use lean::{find_lean_theories, LEAN_LIBRARY_DIR, LEAN_TOOLCHAIN};

use printer::Printer;
use syntax::ProofAssistant;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use relprove_engine::diag::{Diagnostic, Diagnostics, Phase, SourceMap};
use relprove_engine::ir::{Model, ModuleId};

/// One generated file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedFile {
    /// File name (no directory), e.g. `ptx.v`.
    pub name: String,
    /// The file's text.
    pub contents: String,
    /// Definitions (regenerated) or proofs (created once).
    pub kind: FileKind,
    /// For the proofs file: each theorem's name and skeleton, so that
    /// skeletons for new checks can be written beside an edited proofs file.
    pub theorems: Vec<(String, String)>,
}

/// How a generated file is treated when it already exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// Regenerated on every export (carries a header with a content hash).
    Definitions,
    /// Created once, never overwritten.
    Proofs,
}

/// Proofs found by relprove's rewriter (see
/// [`coq::proofs::export_proofs`], [`lean::proofs::export_proofs`]), for the proofs file.
#[derive(Clone, Debug, Default)]
pub struct RewriteProofs {
    /// Prover text put before the theorems: the rewriter's lemmas (a Coq
    /// section, or Lean theorems).
    pub preamble: String,
    /// Per index of a `check` command: the lemmas of the preamble that prove
    /// its conjuncts (each quantified over the relations it mentions and
    /// taking the facts and premises it uses as hypotheses).
    pub lemmas: BTreeMap<usize, Vec<String>>,
}

/// FNV-1a, 64 bits: detects hand edits of generated files (not a security
/// measure).
pub fn content_hash(s: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Options of an export.
#[derive(Clone, Debug, Default)]
pub struct ExportOptions {
    /// The directory the files are written to.
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
    /// Written: created, or (a definitions file) replaced.
    Written,
    /// Nothing written: the file (or library folder) was already as needed.
    Unchanged,
    /// An existing proofs file (or project file) was left alone; the string says why.
    Kept(String),
    /// New lines were appended (`_CoqProject`).
    Updated,
}

/// What an export did, file by file.
#[derive(Clone, Debug, Default)]
pub struct ExportReport {
    /// Each path written, kept or checked, with what happened to it, in
    /// order.
    pub files: Vec<(PathBuf, Action)>,
}

fn io_err(path: &Path, e: std::io::Error) -> Diagnostics {
    Diagnostic::without_span(Phase::Io, format!("{}: {e}", path.display())).into()
}

/// Write `contents` to `path` atomically: a temporary file in the same
/// directory, then a rename. The file gets the mode a plain create gives
/// (0666 less the umask), or the mode of the file it replaces; errors name
/// `path`, never the temporary file.
fn write_atomic(path: &Path, contents: &str) -> Result<(), Diagnostics> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.relprove-{}.tmp", std::process::id()));
    let written = (|| {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        f.write_all(contents.as_bytes())?;
        if let Ok(old) = fs::metadata(path) {
            f.set_permissions(old.permissions())?;
        }
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io_err(path, e)
    })
}

/// Where the theories/ library is: `explicit`, else `$RELPROVE_THEORIES`,
/// else a `theories/` (or `share/relprove/theories/`) directory next to the
/// running binary or in one of its ancestors (covers `target/debug/relprove`
/// inside the repository and `PREFIX/bin/relprove`), else the theories/ of
/// the clone the binary was built from, if it is still there.
pub fn find_theories(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os("RELPROVE_THEORIES") {
        return Some(PathBuf::from(p));
    }
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1).take(5) {
            for cand in [
                dir.join("../../theories"),
                dir.join("share/relprove/theories"),
            ] {
                if cand.join("Rel.v").is_file() {
                    return Some(cand);
                }
            }
        }
    }
    // The clone the binary was built from (a target directory elsewhere).
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../theories");
    built.join("Rel.v").is_file().then_some(built)
}

// ---------------------------------------------------------------------------
// assembling a model's files (shared by the back ends)

/// A model's files: one per opened module (dependencies first; instances
/// of one module share it, so they must render identically), the root's,
/// and the proofs skeleton.
fn render_files<P: ProofAssistant>(r: &mut Printer<'_, P>) -> Vec<GeneratedFile> {
    let mut out: Vec<GeneratedFile> = Vec::new();
    if r.m.modules.is_empty() {
        r.errors.push(Diagnostic::without_span(
            Phase::Export,
            "the model has no modules",
        ));
        return out;
    }
    let problems = r.problems();
    if !problems.is_empty() {
        r.errors.extend(problems);
        return out;
    }
    let definitions = |name: String, contents: String| GeneratedFile {
        name,
        contents,
        kind: FileKind::Definitions,
        theorems: vec![],
    };
    let mut first: BTreeMap<String, ModuleId> = BTreeMap::new();
    for k in term::module_order(r.m)
        .into_iter()
        .filter(|&k| k != 0)
        .map(|k| ModuleId(k as u32))
    {
        let contents = r.module_file(k);
        let name = format!("{}.{}", r.file_stem(k), P::EXT);
        match out.iter().find(|f| f.name == name) {
            None => {
                first.insert(name.clone(), k);
                out.push(definitions(name, contents));
            }
            Some(f) if f.contents == contents => {}
            Some(_) => {
                let e = term::instances_differ(r.m, first[&name], k, &name);
                r.errors.push(e);
            }
        }
    }
    let root = ModuleId(0);
    let contents = r.module_file(root);
    let stem = r.file_stem(root).to_string();
    out.push(definitions(format!("{stem}.{}", P::EXT), contents));
    let theorems = r.theorems();
    let contents = r.proofs_file(&theorems);
    out.push(GeneratedFile {
        name: format!("{stem}_proofs.{}", P::EXT),
        contents,
        kind: FileKind::Proofs,
        theorems,
    });
    out
}

/// A model's files from the generator `g` ([`render_files`]), or every
/// problem found while rendering them.
fn generate<P: ProofAssistant>(g: &mut Printer<'_, P>) -> Result<Vec<GeneratedFile>, Diagnostics> {
    let files = render_files(g);
    let errors = std::mem::take(&mut g.errors);
    if errors.is_empty() {
        Ok(files)
    } else {
        Err(Diagnostics(errors))
    }
}

// ---------------------------------------------------------------------------
// writing (shared by the back ends)

/// Export a model as Coq into `opts.out_dir` (see [`Session::write_coq`]).
pub fn write_coq(
    model: &Model,
    sources: &SourceMap,
    opts: &ExportOptions,
) -> Result<ExportReport, Diagnostics> {
    Session::default().write_coq(model, sources, opts)
}

/// Export a model as Lean 4 into `opts.out_dir` (see [`Session::write_lean`]).
pub fn write_lean(
    model: &Model,
    sources: &SourceMap,
    opts: &ExportOptions,
) -> Result<ExportReport, Diagnostics> {
    Session::default().write_lean(model, sources, opts)
}

/// Several models exported one after the other (into one directory, say):
/// the files of opened modules are shared, and a session refuses to write
/// a shared file with contents other than another model of the session
/// needed (instead of silently replacing it).
#[derive(Debug, Default)]
pub struct Session {
    /// Every definitions file written (or found current) in this session:
    /// its contents and the model that needed it.
    written: BTreeMap<PathBuf, (String, String)>,
}

impl Session {
    /// Export a model as Coq into `opts.out_dir`: the files of
    /// [`coq::generate`] (skeleton templates from `RELPROVE_TEMPLATES` if
    /// set), plus `_CoqProject` (created, or the new files appended),
    /// `Makefile` (created if missing) and the copy of the library.
    pub fn write_coq(
        &mut self,
        model: &Model,
        sources: &SourceMap,
        opts: &ExportOptions,
    ) -> Result<ExportReport, Diagnostics> {
        self.write::<coq::Coq>(model, sources, opts)
    }

    /// Export a model as Lean 4 into `opts.out_dir`: the files of
    /// [`lean::generate`] (same safety rules as Coq), plus `lakefile.lean`
    /// (created, or the new files added to its `roots`) and `lean-toolchain`
    /// (created if missing), so that `lake build` in the directory builds the
    /// library and the model.
    pub fn write_lean(
        &mut self,
        model: &Model,
        sources: &SourceMap,
        opts: &ExportOptions,
    ) -> Result<ExportReport, Diagnostics> {
        self.write::<lean::Lean>(model, sources, opts)
    }

    /// Export a model into `opts.out_dir` with proof assistant `P`.
    fn write<P: ProofAssistant>(
        &mut self,
        model: &Model,
        sources: &SourceMap,
        opts: &ExportOptions,
    ) -> Result<ExportReport, Diagnostics> {
        let rewritten = match opts.prove {
            Some(limits) => P::rewrite_proofs(model, limits),
            None => RewriteProofs::default(),
        };
        let mut g = Printer::<P>::for_export(model, sources, rewritten);
        let mut files = generate(&mut g)?;
        // Skeletons for checks the (edited, hence kept) proofs file lacks go
        // to `<stem>_proofs_new.<ext>`.
        if let Some(proofs) = files.iter().find(|f| f.kind == FileKind::Proofs) {
            if let Ok(old) = fs::read_to_string(opts.out_dir.join(&proofs.name)) {
                let missing: Vec<(String, String)> = proofs
                    .theorems
                    .iter()
                    .filter(|(name, _)| !settled::<P>(&old, name))
                    .cloned()
                    .collect();
                if old != proofs.contents && !missing.is_empty() {
                    let stem = proofs
                        .name
                        .strip_suffix(&format!("_proofs.{}", P::EXT))
                        .unwrap_or(&proofs.name);
                    files.push(GeneratedFile {
                        name: format!("{stem}_proofs_new.{}", P::EXT),
                        contents: g.proofs_file(&missing),
                        kind: FileKind::Proofs,
                        theorems: missing,
                    });
                }
            }
        }
        let root = model
            .modules
            .first()
            .map(|m| m.path.display().to_string())
            .unwrap_or_default();
        self.refuse_conflicts(&files, &root, opts)?;
        refuse_edited(&files, opts)?;
        let mut report = write_generated(&files, opts)?;
        P::project_files(&files, opts, &mut report)?;
        for f in files.iter().filter(|f| f.kind == FileKind::Definitions) {
            self.written.insert(
                opts.out_dir.join(&f.name),
                (f.contents.clone(), root.clone()),
            );
        }
        Ok(report)
    }

    /// Refuse (before writing anything) a definitions file that another
    /// model of this session wrote with other contents.
    fn refuse_conflicts(
        &self,
        files: &[GeneratedFile],
        root: &str,
        opts: &ExportOptions,
    ) -> Result<(), Diagnostics> {
        let mut problems = Vec::new();
        for f in files.iter().filter(|f| f.kind == FileKind::Definitions) {
            let path = opts.out_dir.join(&f.name);
            if let Some((contents, other)) = self.written.get(&path) {
                if *contents != f.contents {
                    problems.push(
                        Diagnostic::without_span(
                            Phase::Export,
                            format!("{}: {root} and {other} need different contents in this file; not overwriting it", path.display()),
                        )
                        .hint("they open different modules of the same name: export them into different directories"),
                    );
                }
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Diagnostics(problems))
        }
    }
}

/// Whether an edited proofs file settles the check whose skeleton is
/// `name`: it states that theorem, or the opposite verdict (`X_fails` for
/// `X_holds`: a check with `expect 0` whose assertion is false beyond its
/// bound, refuted in the file; `X_holds` for `X_fails`). Either way the
/// check needs no new skeleton.
fn settled<P: ProofAssistant>(proofs_file: &str, name: &str) -> bool {
    let opposite = name
        .strip_suffix("_holds")
        .map(|s| format!("{s}_fails"))
        .or_else(|| name.strip_suffix("_fails").map(|s| format!("{s}_holds")));
    P::states_theorem(proofs_file, name)
        || opposite.is_some_and(|o| P::states_theorem(proofs_file, &o))
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
        let Ok(old) = fs::read_to_string(&path) else {
            continue;
        };
        if opts.force {
            continue;
        }
        match coq::header_intact(&old).or_else(|| lean::header_intact(&old)) {
            Some(true) => {}
            Some(false) => problems.push(
                Diagnostic::without_span(
                    Phase::Export,
                    format!(
                        "{} was edited since relprove generated it; refusing to overwrite it",
                        path.display()
                    ),
                )
                .hint("move your changes to the proofs file, or pass --force to overwrite"),
            ),
            None => problems.push(
                Diagnostic::without_span(
                    Phase::Export,
                    format!(
                        "{} exists and was not generated by relprove; refusing to overwrite it",
                        path.display()
                    ),
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
fn write_generated(
    files: &[GeneratedFile],
    opts: &ExportOptions,
) -> Result<ExportReport, Diagnostics> {
    let dir = &opts.out_dir;
    let mut report = ExportReport::default();
    for f in files {
        let path = dir.join(&f.name);
        let old = fs::read_to_string(&path).ok();
        let action = match (f.kind, old) {
            (_, Some(old)) if old == f.contents => Action::Unchanged,
            (FileKind::Proofs, Some(_)) => Action::Kept(
                "it differs from the generated skeleton; relprove never overwrites proofs files"
                    .into(),
            ),
            _ => {
                write_atomic(&path, &f.contents)?;
                Action::Written
            }
        };
        report.files.push((path, action));
    }
    Ok(report)
}

/// The record, in a copied library folder, of the hash of each file as
/// relprove wrote it: a file whose contents no longer match was edited by
/// hand.
const LIBRARY_RECORD: &str = ".relprove-library";

/// Copy `files` (relative to `from`) into `to`, writing only those that
/// differ; reports `to` once: written (new), updated or unchanged. A file
/// of `to` that would change and was edited since relprove wrote it (its
/// hash is not the recorded one, or there is no record) is refused, before
/// anything is written, unless `force` (issue 34: a second export
/// overwrote hand edits of the library).
fn copy_library(
    from: &Path,
    files: &[String],
    to: &Path,
    force: bool,
    report: &mut ExportReport,
) -> Result<(), Diagnostics> {
    let existed = to.is_dir();
    let record_path = to.join(LIBRARY_RECORD);
    let record: BTreeMap<String, String> = fs::read_to_string(&record_path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once("  "))
        .map(|(h, n)| (n.to_string(), h.to_string()))
        .collect();
    let mut writes = Vec::new();
    let mut edited = Vec::new();
    for name in files {
        let src = from.join(name);
        let text = fs::read_to_string(&src).map_err(|e| io_err(&src, e))?;
        let dest = to.join(name);
        match fs::read_to_string(&dest) {
            Ok(old) if old == text => continue,
            Ok(old) if record.get(name) != Some(&content_hash(&old)) && !force => {
                edited.push(dest.clone())
            }
            _ => {}
        }
        writes.push((dest, text));
    }
    if !edited.is_empty() {
        let problems = edited
            .iter()
            .map(|p| {
                Diagnostic::without_span(
                    Phase::Export,
                    format!(
                        "{} differs from relprove's library and was not written by this export folder's relprove (edited by hand?); refusing to overwrite it",
                        p.display()
                    ),
                )
                .hint("the folder is relprove's copy of its library: keep your changes elsewhere, or pass --force to overwrite")
            })
            .collect();
        return Err(Diagnostics(problems));
    }
    let changed = !writes.is_empty();
    for (dest, text) in &writes {
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent).map_err(|e| io_err(parent, e))?;
        }
        write_atomic(dest, text)?;
    }
    // The record of what is there now, for the next export.
    let mut lines = Vec::new();
    for name in files {
        if let Ok(text) = fs::read_to_string(to.join(name)) {
            lines.push(format!("{}  {name}\n", content_hash(&text)));
        }
    }
    let record_text = lines.concat();
    if fs::read_to_string(&record_path).ok().as_deref() != Some(record_text.as_str()) {
        fs::create_dir_all(to).map_err(|e| io_err(to, e))?;
        write_atomic(&record_path, &record_text)?;
    }
    let action = match (existed, changed) {
        (false, _) => Action::Written,
        (true, true) => Action::Updated,
        (true, false) => Action::Unchanged,
    };
    report.files.push((to.to_path_buf(), action));
    Ok(())
}
