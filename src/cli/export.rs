//! `relprove export --coq|--lean`: write the models' proof-assistant files
//! and report, per file, what happened to it.

use super::exit::Exit;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::output::{outln, OnClose, Stdout};
use relprove_proof::export::Action;

use clap::Args;

/// What happened to one file, as one line.
fn report_line(path: &Path, action: &Action) -> String {
    match action {
        Action::Written => format!("wrote {}", path.display()),
        Action::Unchanged => format!("unchanged {}", path.display()),
        Action::Updated => format!("updated {}", path.display()),
        Action::Kept(why) => format!("kept {} ({why})", path.display()),
    }
}

/// `export --coq` / `export --lean`: every given model (or every `models/*.als`) into `--out`.
/// Exit 2 if any model cannot be loaded or exported (the others still are).
pub fn run(args: ExportArgs) -> Exit {
    if !args.coq && !args.lean {
        eprintln!("relprove export: say which prover: --coq or --lean");
        return Exit::Input;
    }
    let files = match args.file {
        Some(f) => vec![f],
        None => {
            let mut v: Vec<PathBuf> = match std::fs::read_dir("models") {
                Ok(rd) => rd
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "als"))
                    .collect(),
                Err(e) => {
                    eprintln!("relprove export: no FILE given and cannot read models/: {e}");
                    return Exit::Input;
                }
            };
            v.sort();
            v
        }
    };
    if args.out.exists() && !args.out.is_dir() {
        eprintln!(
            "relprove export: {} is not a directory: -o names the directory the files are written to",
            args.out.display()
        );
        return Exit::Input;
    }
    let prove = (!args.no_prove).then(|| relprove_proof::rewrite::Limits {
        node_limit: args.node_limit,
        time_limit: args.time_limit,
        ..relprove_proof::rewrite::export_limits()
    });
    let opts = relprove_proof::export::ExportOptions {
        out_dir: args.out,
        force: args.force,
        theories: args.theories,
        prove,
    };
    let color = std::io::stderr().is_terminal();
    let mut failed = false;
    // One session: the models share the files of the modules they open.
    let mut session = relprove_proof::export::Session::default();
    // A closed stdout must not stop the export half-way.
    let out = &mut Stdout::new(OnClose::Continue);
    for file in &files {
        let mut sources = relprove_engine::diag::SourceMap::new();
        // A cat model is exported through its Alloy form (kept alive
        // until the export is written).
        let cat = match cat_alloy(file, &mut sources) {
            Ok(c) => c,
            Err(d) => {
                super::report::error(&sources, d, color);
                failed = true;
                continue;
            }
        };
        let file = cat.as_ref().map_or(file, |c| &c.path);
        let model = match relprove_engine::resolve::load_model(
            file,
            &mut sources,
            &relprove_engine::resolve::LoadOptions::default(),
        ) {
            Ok(m) => m,
            Err(diags) => {
                super::report::error(&sources, diags, color);
                failed = true;
                continue;
            }
        };
        let written = if args.lean {
            session.write_lean(&model, &sources, &opts)
        } else {
            session.write_coq(&model, &sources, &opts)
        };
        match written {
            Ok(report) => report
                .files
                .iter()
                .for_each(|(path, action)| outln!(out, "{}", report_line(path, action))),
            Err(diags) => {
                super::report::error(&sources, diags, color);
                eprintln!("relprove export: {} not exported", file.display());
                failed = true;
            }
        }
    }
    out.exit_code(if failed { Exit::Input } else { Exit::Ok })
}

/// For a `.cat` file: its Alloy form, written to a temporary folder (kept
/// while it is exported).
fn cat_alloy(
    file: &Path,
    sources: &mut relprove_engine::diag::SourceMap,
) -> Result<Option<relprove_litmus::cat::AlloyFile>, relprove_engine::diag::Diagnostic> {
    if file.extension().is_none_or(|e| e != "cat") {
        return Ok(None);
    }
    relprove_litmus::cat::load(sources, file)?
        .alloy_file()
        .map(Some)
}

/// The arguments of `relprove export`.
#[derive(Args)]
pub struct ExportArgs {
    /// The Alloy file, or a cat model (`.cat`, exported through its Alloy
    /// form; docs/cat.md) (default: every model under `models/`).
    pub file: Option<PathBuf>,
    /// Emit Coq.
    #[arg(long, conflicts_with = "lean")]
    pub coq: bool,
    /// Emit Lean 4.
    #[arg(long)]
    pub lean: bool,
    /// Output directory.
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    pub out: PathBuf,
    /// Location of relprove's theories/ library.
    #[arg(long, value_name = "PATH")]
    pub theories: Option<PathBuf>,
    /// Overwrite generated definition files even if they were edited by hand
    /// (proofs files are never overwritten).
    #[arg(long)]
    pub force: bool,
    /// Do not try the rewriter: skeletons for every check.
    #[arg(long)]
    pub no_prove: bool,
    /// E-graph node limit per goal of the rewriter.
    #[arg(long, value_name = "N", default_value = "5000", allow_negative_numbers = true, value_parser = crate::cli::args::positive::<usize>)]
    pub node_limit: usize,
    /// Time limit per goal of the rewriter, in seconds (positive, values
    /// above 1e9 count as 1e9).
    #[arg(long, value_name = "SECS", default_value = "0.5", allow_negative_numbers = true, value_parser = crate::cli::args::seconds)]
    pub time_limit: Duration,
}
