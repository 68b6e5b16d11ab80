//! Lean's project files: `lakefile.lean` (created, or the new modules
//! added to its `roots`), `lean-toolchain` (created if missing) and the
//! export's copy of relprove's Lean library, so that `lake build` in the
//! directory builds the library and the export.

use std::fs;
use std::path::{Path, PathBuf};

use crate::export::{
    copy_library, find_theories, io_err, write_atomic, Action, ExportOptions, ExportReport,
    GeneratedFile,
};
use relprove_engine::diag::{Diagnostic, Diagnostics, Phase};

/// The Lean library (theories/lean, holding `Relprove.lean`): `explicit`
/// (either theories/ or theories/lean itself), else next to
/// [`find_theories`]'s answer.
pub fn find_lean_theories(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        let sub = p.join("lean");
        return Some(if sub.join("Relprove.lean").is_file() {
            sub
        } else {
            p.to_path_buf()
        });
    }
    let t = find_theories(None)?;
    let sub = t.join("lean");
    sub.join("Relprove.lean").is_file().then_some(sub)
}

/// The export's copy of relprove's Lean library (theories/lean), which its
/// `lakefile.lean` requires by this relative path.
pub const LEAN_LIBRARY_DIR: &str = "relprove-lean";

/// The files of the Lean library under `lib`: its lakefile, toolchain and
/// every `.lean` file, relative to `lib`, sorted.
fn lean_library_files(lib: &Path) -> Result<Vec<String>, Diagnostics> {
    let mut out = Vec::new();
    let mut todo = vec![PathBuf::new()];
    while let Some(rel) = todo.pop() {
        let here = lib.join(&rel);
        for entry in fs::read_dir(&here).map_err(|e| io_err(&here, e))? {
            let entry = entry.map_err(|e| io_err(&here, e))?;
            let name = rel.join(entry.file_name());
            let path = entry.path();
            if path.is_dir() {
                if !entry.file_name().to_string_lossy().starts_with('.') {
                    todo.push(name);
                }
            } else if path.extension().is_some_and(|x| x == "lean")
                || name == Path::new("lean-toolchain")
            {
                out.push(name.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
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
pub(super) fn lean_project_files(
    files: &[GeneratedFile],
    opts: &ExportOptions,
    report: &mut ExportReport,
) -> Result<(), Diagnostics> {
    let dir = &opts.out_dir;
    let modules: Vec<String> = files
        .iter()
        .filter_map(|f| f.name.strip_suffix(".lean"))
        .map(str::to_string)
        .collect();
    let lakefile = dir.join("lakefile.lean");
    let lib = find_lean_theories(opts.theories.as_deref());
    match fs::read_to_string(&lakefile) {
        Ok(old) => {
            let Some((k, line)) = old
                .lines()
                .enumerate()
                .find(|(_, l)| l.starts_with(LAKE_ROOTS) && l.trim_end().ends_with(']'))
            else {
                report.files.push((
                    lakefile,
                    Action::Kept(
                        "it has no `roots := #[...]` line; add the new modules yourself".into(),
                    ),
                ));
                return toolchain(dir, lib.as_deref(), report);
            };
            if old.contains(&format!("require relprove from \"{LEAN_LIBRARY_DIR}\"")) {
                if let Some(lib) = &lib {
                    copy_library(
                        lib,
                        &lean_library_files(lib)?,
                        &dir.join(LEAN_LIBRARY_DIR),
                        opts.force,
                        report,
                    )?;
                }
            }
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
            copy_library(
                &lib,
                &lean_library_files(&lib)?,
                &dir.join(LEAN_LIBRARY_DIR),
                opts.force,
                report,
            )?;
            let text = format!(
                "-- Created by relprove export --lean: `lake build` here builds the Relprove\n\
                 -- library and the exported files. relprove adds new files to `roots`\n\
                 -- (keep that line on one line); edit the rest freely.\n\
                 import Lake\n\
                 open Lake DSL\n\n\
                 package relprove_export\n\n\
                 require relprove from \"{LEAN_LIBRARY_DIR}\"\n\n\
                 @[default_target]\n\
                 lean_lib RelproveExport where\n\
                 {}\n",
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
