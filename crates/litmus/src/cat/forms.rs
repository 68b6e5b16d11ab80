//! A cat model's Alloy forms on disk, where the litmus front ends resolve
//! the test modules that open them: a temporary folder with the files the
//! architecture's execution model opens, the module every execution opens
//! ([`module_name`]`(None)`) and, for a model whose `let rec` is unrolled
//! per execution, one module per execution size, written on first use.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use relprove_engine::diag::{Diagnostic, Phase};

use super::{module_name, CatModel};

/// A temporary folder holding `model`'s architecture files.
fn arch_dir(model: &CatModel) -> Result<tempfile::TempDir, Diagnostic> {
    let io = |p: &Path, e: std::io::Error| {
        Diagnostic::without_span(
            Phase::Io,
            format!(
                "cannot write the Alloy form of {} ({}): {e}",
                model.path.display(),
                p.display()
            ),
        )
    };
    let dir = tempfile::Builder::new()
        .prefix("relprove-cat")
        .tempdir()
        .map_err(|e| io(Path::new("a temporary folder"), e))?;
    for (file, text) in model.arch.files {
        let p = dir.path().join(file);
        std::fs::write(&p, text).map_err(|e| io(&p, e))?;
    }
    Ok(dir)
}

fn write(path: &Path, text: &str) -> Result<(), Diagnostic> {
    std::fs::write(path, text).map_err(|e| {
        Diagnostic::without_span(Phase::Io, format!("cannot write {}: {e}", path.display()))
    })
}

/// The Alloy forms of one cat model (removed when this is dropped).
#[derive(Debug)]
pub struct AlloyForms {
    dir: tempfile::TempDir,
    /// The checked cat model.
    pub model: CatModel,
    /// Alloy text after each form (what a front end's test modules name
    /// besides the model's definitions).
    epilogue: String,
    /// The `let rec` unrollings written so far (by number of events).
    written: Mutex<BTreeSet<usize>>,
}

impl AlloyForms {
    /// Write `model`'s architecture files and its form for every execution
    /// ([`AlloyForms::top`]), each form followed by `epilogue`.
    pub fn new(model: CatModel, epilogue: String) -> Result<AlloyForms, Diagnostic> {
        let dir = arch_dir(&model)?;
        let forms = AlloyForms {
            dir,
            model,
            epilogue,
            written: Mutex::new(BTreeSet::new()),
        };
        write(&forms.top(), &(forms.model.alloy(None) + &forms.epilogue))?;
        Ok(forms)
    }

    /// The form every execution opens (module [`module_name`]`(None)`).
    pub fn top(&self) -> PathBuf {
        self.dir.path().join(format!("{}.als", module_name(None)))
    }

    /// The module an execution of `events` cat events opens: the top one,
    /// or for a model with an unrolled `let rec`, its form for `events`
    /// rounded up to a multiple of 4 (executions of similar size share it),
    /// written on first use. Its name and path.
    pub fn for_events(&self, events: usize) -> Result<(String, PathBuf), Diagnostic> {
        if !self.model.compiled.has_rec() {
            return Ok((module_name(None), self.top()));
        }
        let n = events.div_ceil(4) * 4;
        let name = module_name(Some(n));
        let path = self.dir.path().join(format!("{name}.als"));
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        if !written.contains(&n) {
            write(&path, &(self.model.alloy(Some(n)) + &self.epilogue))?;
            written.insert(n);
        }
        Ok((name, path))
    }
}

/// A cat model's Alloy form as a file of its own, in a temporary folder
/// with the files it opens (removed when this is dropped).
#[derive(Debug)]
pub struct AlloyFile {
    _dir: tempfile::TempDir,
    /// The module, named after the cat file (`ptx-v6.0.cat` → `ptx_v6_0`).
    pub path: PathBuf,
}

impl CatModel {
    /// The Alloy form as a file of its own, for the Alloy side of relprove
    /// (`check`, `export`). Refused for a model whose `let rec` is unrolled
    /// per execution (it has no form independent of the execution's size).
    pub fn alloy_file(&self) -> Result<AlloyFile, Diagnostic> {
        if self.compiled.has_rec() {
            return Err(Diagnostic::without_span(
                Phase::Litmus,
                format!("{}: a `let rec` read by a flag or a negated axiom is unrolled per execution (by its number of events): it has no Alloy form of its own", self.path.display()),
            ));
        }
        let stem = self
            .path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("cat");
        let mut name: String = stem
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            name.insert_str(0, "cat_");
        }
        let dir = arch_dir(self)?;
        let path = dir.path().join(format!("{name}.als"));
        write(&path, &self.alloy_module(&name, None))?;
        Ok(AlloyFile { _dir: dir, path })
    }
}
