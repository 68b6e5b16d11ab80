//! `relprove check`: its arguments, and the run they ask for (parse only,
//! cube-and-conquer, enumeration, or deciding the commands).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use relprove_engine::diag::SourceMap;
use relprove_engine::ir::Model;
use relprove_engine::resolve::LoadOptions;

use super::Format;
use crate::cli::exit::Exit;
use crate::cli::graph::GraphArgs;
use crate::cli::output::{outln, OnClose, Stdout};

/// `relprove check FILE`: decide its commands, or what the flags ask.
pub fn run(args: CheckArgs) -> Exit {
    if args.parse_only {
        parse_only(&args)
    } else {
        check(args)
    }
}

/// The arguments of `relprove check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The Alloy file to check.
    pub file: PathBuf,
    /// Only parse, load opened modules, resolve names and infer types.
    #[arg(long, conflicts_with_all = ["commands", "all", "max_instances", "cubes", "core", "show_instances", "graph"])]
    pub parse_only: bool,
    /// Run only the named commands (repeatable).
    #[arg(short = 'c', long = "command", value_name = "NAME")]
    pub commands: Vec<String>,
    /// Override every command's overall scope (keeps per-sig `but` scopes); at least 1.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::cli::args::positive::<u32>)]
    pub scope: Option<u32>,
    /// Time limit per command, in seconds (outcome `unknown`, exit code 3);
    /// positive, values above 1e9 count as 1e9.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = crate::cli::args::seconds)]
    pub timeout: Option<Duration>,
    /// Memory limit per command (e.g. `4G`, `512M`): a command whose bounds,
    /// circuit or CNF would not fit is refused before it is built (outcome
    /// `unknown`, exit code 3).
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub max_memory: String,
    /// Print every instance in full, also those a command expected
    /// (`expect 1`); JSON and DOT output always include them.
    #[arg(long)]
    pub show_instances: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// SAT back end: `cadical` (built in) or `dimacs:CMD` (run CMD on a DIMACS file).
    #[arg(long, default_value = "cadical")]
    pub solver: String,
    /// Length limit of each symmetry-breaking predicate (0 disables symmetry breaking).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 60,
        allow_negative_numbers = true
    )]
    pub symmetry: usize,
    /// Translate with the declared bounds only: no relation analysis
    /// (fewer variables from the facts' simple constraints, docs/relation-analysis.md).
    #[arg(long)]
    pub no_relation_analysis: bool,
    /// For a command with no instance (or counterexample): print a verified
    /// unsat core, the model's formulas that already rule every instance
    /// out (docs/cores.md).
    #[arg(long)]
    pub core: bool,
    /// Cube-and-conquer (one command): split it into 2^⌈log2 N⌉ cubes on its
    /// most constrained primary variables and solve them on --jobs workers,
    /// or write them with --emit (docs/cubes.md).
    #[arg(long, value_name = "N", value_parser = crate::cli::args::positive::<usize>)]
    pub cubes: Option<usize>,
    /// With --cubes: write the cubes as DIMACS jobs and a manifest to DIR
    /// (combine their answers with `relprove merge DIR`).
    #[arg(long, value_name = "DIR", requires = "cubes")]
    pub emit: Option<PathBuf>,
    /// With --cubes: local workers (default: one per core); the first
    /// satisfiable cube stops them all.
    #[arg(long, value_name = "N", requires = "cubes", conflicts_with = "emit", value_parser = crate::cli::args::positive::<usize>)]
    pub jobs: Option<usize>,
    /// Enumerate every instance (every counterexample of a `check`), each
    /// re-evaluated: with symmetry breaking (the default) at least one per
    /// isomorphism class, `--symmetry 0` every labelled instance once
    /// (docs/enumerate.md). JSON output becomes JSON lines.
    #[arg(long, conflicts_with_all = ["core", "cubes"])]
    pub all: bool,
    /// Like --all, but stop after N instances.
    #[arg(long, value_name = "N", conflicts_with_all = ["core", "cubes", "all"], value_parser = crate::cli::args::positive::<usize>)]
    pub max_instances: Option<usize>,
    #[command(flatten)]
    pub graph: GraphArgs,
}

/// Load, resolve and type the model at `file` into `sources` (notes on
/// files read as Latin-1 on stderr); errors are reported, and end the run
/// with their exit code.
fn load(file: &Path, sources: &mut SourceMap) -> Result<Model, Exit> {
    let loaded = relprove_engine::resolve::load_model(file, sources, &LoadOptions::default());
    for note in sources.latin1_notes() {
        eprintln!("{note}");
    }
    loaded.map_err(|ds| crate::cli::report::error(sources, ds, std::io::stderr().is_terminal()))
}

/// `check --parse-only`: load, resolve and type the model, print a one-line
/// summary; on errors print the diagnostics and exit 2.
fn parse_only(args: &CheckArgs) -> Exit {
    let m = match load(&args.file, &mut SourceMap::new()) {
        Ok(m) => m,
        Err(exit) => return exit,
    };
    let out = &mut Stdout::new(OnClose::Exit);
    outln!(
        out,
        "{}: ok ({} modules, {} sigs, {} fields, {} facts, {} preds, {} funs, {} asserts, {} commands)",
        args.file.display(),
        m.modules.len(),
        m.sigs.len(),
        m.fields.len(),
        m.facts.len(),
        m.preds.len(),
        m.funs.len(),
        m.asserts.len(),
        m.commands.len()
    );
    out.exit_code(Exit::Ok)
}

fn check(args: CheckArgs) -> Exit {
    use crate::cli::check as show;

    use relprove_engine::check::CheckOptions;
    let color = std::io::stderr().is_terminal();
    let mut sources = SourceMap::new();
    let model = match load(&args.file, &mut sources) {
        Ok(m) => m,
        Err(exit) => return exit,
    };
    if model.commands.is_empty() {
        eprintln!(
            "relprove: {}: the model has no commands (add `run {{}}` or `check AssertionName`)",
            args.file.display()
        );
    }
    let Some(max_memory) = crate::cli::args::max_memory(&args.max_memory) else {
        return Exit::Input;
    };
    let opts = CheckOptions {
        scope: args.scope,
        timeout: args.timeout,
        max_memory: Some(max_memory),
        solver: args.solver,
        symmetry: args.symmetry,
        relation_analysis: !args.no_relation_analysis,
        ..Default::default()
    };
    if let Some(n) = args.cubes {
        if !matches!(args.format, Format::Text | Format::Json) {
            eprintln!("relprove: --cubes prints text or JSON (--format text|json)");
            return Exit::Input;
        }
        let req = crate::cli::cubes::CubeRequest {
            cubes: n,
            emit: args.emit.clone(),
            jobs: crate::cli::args::jobs(args.jobs),
            json: matches!(args.format, Format::Json),
        };
        let out = &mut Stdout::new(OnClose::Exit);
        let code = crate::cli::cubes::check(&model, &args.file, &args.commands, &opts, &req, out);
        return out.exit_code(code);
    }
    let enumerate = (args.all || args.max_instances.is_some()).then_some(args.max_instances);
    if enumerate.is_some() && !matches!(args.format, Format::Text | Format::Json) {
        eprintln!(
            "relprove: --all and --max-instances print text or JSON lines (--format text|json)"
        );
        return Exit::Input;
    }
    let display = show::Display {
        enumerate,
        format: args.format,
        show_instances: args.show_instances,
        core: args.core,
        progress: true,
        color,
        graph: args.graph.dir(),
    };
    let out = &mut Stdout::new(OnClose::Exit);
    let code = show::run(&model, &sources, &args.commands, &opts, &display, out);
    out.exit_code(code)
}
