//! The `relprove` command line. Thin: argument parsing and exit codes only.

mod cli;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Bounded checking of Alloy relational models, and export to Coq and Lean 4.
#[derive(Parser)]
#[command(name = "relprove", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decide every `check` and `run` command of an Alloy model by bounded search.
    ///
    /// Exit codes: 0 every outcome matches its `expect`, 1 an outcome does not,
    /// 2 input error, 3 timeout or resource limit, 4 internal error (an instance
    /// the independent evaluator rejects: a bug in relprove).
    Check(CheckArgs),
    /// Write Coq or Lean 4 definitions of a model, with proof skeletons.
    ///
    /// With no FILE, exports every model under `models/`.
    Export(ExportArgs),
    /// Decide PTX litmus tests against a memory model.
    Litmus(LitmusArgs),
    /// Prove simple relational assertions by equality saturation (egg).
    Prove(ProveArgs),
}

#[derive(Args)]
struct CheckArgs {
    /// The Alloy file to check.
    file: PathBuf,
    /// Only parse, load opened modules, resolve names and infer types.
    #[arg(long)]
    parse_only: bool,
    /// Run only the named commands (repeatable).
    #[arg(short = 'c', long = "command", value_name = "NAME")]
    commands: Vec<String>,
    /// Override every command's overall scope (keeps per-sig `but` scopes).
    #[arg(long, value_name = "N")]
    scope: Option<u32>,
    /// Time limit per command, in seconds (outcome `unknown`, exit code 3).
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// SAT back end: `cadical` (built in) or `dimacs:CMD` (run CMD on a DIMACS file).
    #[arg(long, default_value = "cadical")]
    solver: String,
    /// Length limit of each symmetry-breaking predicate (0 disables symmetry breaking).
    #[arg(long, value_name = "N", default_value_t = 60)]
    symmetry: usize,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
    Dot,
    /// `check` only: the instance as Coq definitions (docs/theorem3.md).
    Coq,
}

#[derive(Args)]
struct ExportArgs {
    /// The Alloy file (default: every model under `models/`).
    file: Option<PathBuf>,
    /// Emit Coq.
    #[arg(long, conflicts_with = "lean")]
    coq: bool,
    /// Emit Lean 4.
    #[arg(long)]
    lean: bool,
    /// Output directory.
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    out: PathBuf,
    /// Location of relprove's theories/ library.
    #[arg(long, value_name = "PATH")]
    theories: Option<PathBuf>,
    /// Overwrite generated definition files even if they were edited by hand
    /// (proofs files are never overwritten).
    #[arg(long)]
    force: bool,
    /// Do not try the rewriter: skeletons for every check.
    #[arg(long)]
    no_prove: bool,
    /// E-graph node limit per goal of the rewriter.
    #[arg(long, value_name = "N", default_value_t = 5_000)]
    node_limit: usize,
    /// Time limit per goal of the rewriter, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 0.5)]
    time_limit: f64,
}

#[derive(Args)]
struct LitmusArgs {
    /// The memory model to decide the tests with.
    #[arg(long, value_name = "FILE.als")]
    model: PathBuf,
    /// Litmus test files.
    #[arg(required = true)]
    tests: Vec<PathBuf>,
    /// Parallel jobs.
    #[arg(long)]
    jobs: Option<usize>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Expected results: lines `TEST-NAME Ok|No|Never|Sometimes|Always`;
    /// a mismatch exits with code 1.
    #[arg(long, value_name = "FILE")]
    expect: Option<PathBuf>,
    /// Write the generated Alloy modules to DIR instead of deciding them.
    #[arg(long, value_name = "DIR")]
    emit_alloy: Option<PathBuf>,
    /// How many times a loop label may be passed on one path.
    #[arg(long, value_name = "N", default_value_t = 2)]
    unroll: u32,
    /// Do not enumerate the reachable final states: only decide whether the
    /// condition and its negation are reachable (at most two solver calls
    /// per path combination) and print one witness state of each.
    #[arg(long)]
    witnesses: bool,
}

#[derive(Args)]
struct ProveArgs {
    file: PathBuf,
    /// Only this assertion (repeatable).
    #[arg(short = 'a', long = "assert", value_name = "NAME")]
    asserts: Vec<String>,
    /// Print the proofs for a proof assistant (`coq`: a self-contained Coq section).
    #[arg(long, value_enum)]
    emit: Option<Emit>,
    /// Output format (`text` or `json`).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// E-graph node limit per goal.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    node_limit: usize,
    /// Time limit per goal, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 2.0)]
    time_limit: f64,
}

#[derive(Clone, Copy, ValueEnum)]
enum Emit {
    Coq,
}

/// `prove`: try every assertion (or the selected ones) by rewriting; exit 0
/// whatever the outcome, 2 on input errors.
fn prove(args: &ProveArgs) -> ExitCode {
    use relprove::rewrite::{chain, coq, Limits, Prover};
    use std::io::IsTerminal;
    let mut sources = relprove::diag::SourceMap::new();
    let model = match relprove::resolve::load_model(
        &args.file,
        &mut sources,
        &relprove::resolve::LoadOptions::default(),
    ) {
        Ok(m) => m,
        Err(diags) => {
            eprint!(
                "{}",
                relprove::diag::render(&sources, &diags, std::io::stderr().is_terminal())
            );
            return ExitCode::from(2);
        }
    };
    if matches!(args.format, Format::Dot | Format::Coq) {
        eprintln!("relprove: `prove` prints `text` or `json`");
        return ExitCode::from(2);
    }
    if !(args.time_limit > 0.0 && args.time_limit.is_finite()) || args.node_limit == 0 {
        eprintln!("relprove: --time-limit and --node-limit must be positive");
        return ExitCode::from(2);
    }
    let limits = Limits {
        node_limit: args.node_limit,
        time_limit: std::time::Duration::from_secs_f64(args.time_limit),
        ..Limits::default()
    };
    let prover = Prover::new(&model, limits);
    let root = relprove::ir::ModuleId(0);
    let mut selected = vec![];
    for name in &args.asserts {
        match model
            .asserts
            .iter()
            .find(|a| a.module == root && &a.name == name)
        {
            Some(a) => selected.push(a),
            None => {
                eprintln!(
                    "relprove: {}: no assertion named `{name}`",
                    args.file.display()
                );
                return ExitCode::from(2);
            }
        }
    }
    if args.asserts.is_empty() {
        selected = model.asserts.iter().filter(|a| a.module == root).collect();
    }
    let results: Vec<_> = selected
        .iter()
        .map(|a| prover.prove_assert(&a.name, &a.body))
        .collect();
    if let Some(Emit::Coq) = args.emit {
        let stem = args
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        match coq::section(&stem, &args.file.display().to_string(), &prover, &results) {
            Ok(text) => print!("{text}"),
            Err(e) => {
                eprintln!("relprove: cannot print the Coq proof: {e}");
                return ExitCode::from(2);
            }
        }
        return ExitCode::SUCCESS;
    }
    match args.format {
        Format::Json => {
            let list: Vec<_> = results
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "name": r.name,
                        "proved": r.proved,
                        "steps": r.steps(),
                        "time_ms": r.time_ms as u64,
                    })
                })
                .collect();
            println!("{}", serde_json::json!({ "assertions": list }));
        }
        _ => {
            for r in &results {
                if let Some(why) = &r.unsupported {
                    println!(
                        "{}: not proved (outside the rewriter's fragment: {why})",
                        r.name
                    );
                    continue;
                }
                let verdict = if r.proved {
                    "proved by rewriting"
                } else {
                    "not proved"
                };
                println!(
                    "{}: {verdict} ({} steps, {} ms)",
                    r.name,
                    r.steps(),
                    r.time_ms
                );
                for g in &r.goals {
                    println!("  goal {}", abbreviate(&g.goal.to_string()));
                    match &g.proof {
                        Some(p) => {
                            if g.goal.kind != relprove::rewrite::Kind::Eq {
                                println!("    as {} = {}", p.lhs, p.rhs);
                            }
                            for line in chain(p) {
                                println!("    {line}");
                            }
                        }
                        None => println!("    not proved: {} ({} e-nodes)", g.stop, g.nodes),
                    }
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// Long terms (inlined funs) cut to a readable length.
fn abbreviate(s: &str) -> String {
    const MAX: usize = 160;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        format!("{} …", s.chars().take(MAX).collect::<String>())
    }
}

fn litmus(a: LitmusArgs) -> ExitCode {
    if matches!(a.format, Format::Coq) {
        eprintln!("relprove: `litmus` prints `text` or `json`");
        return ExitCode::from(2);
    }
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let req = relprove::litmus::Request {
        model: a.model,
        tests: a.tests,
        jobs,
        json: matches!(a.format, Format::Json),
        expect: a.expect,
        emit_alloy: a.emit_alloy,
        unroll: a.unroll,
        witnesses: a.witnesses,
    };
    let backend = relprove::litmus::checker::Checker::default();
    ExitCode::from(relprove::litmus::command(&req, Some(&backend)))
}

/// `check --parse-only`: load, resolve and type the model, print a one-line
/// summary; on errors print the diagnostics and exit 2.
fn parse_only(args: &CheckArgs) -> ExitCode {
    use std::io::IsTerminal;
    let mut sources = relprove::diag::SourceMap::new();
    match relprove::resolve::load_model(
        &args.file,
        &mut sources,
        &relprove::resolve::LoadOptions::default(),
    ) {
        Ok(m) => {
            println!(
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
            ExitCode::SUCCESS
        }
        Err(diags) => {
            eprint!(
                "{}",
                relprove::diag::render(&sources, &diags, std::io::stderr().is_terminal())
            );
            ExitCode::from(2)
        }
    }
}

/// `export --coq` / `export --lean`: every given model (or every `models/*.als`) into `--out`.
/// Exit 2 if any model cannot be loaded or exported (the others still are).
fn export(args: ExportArgs) -> ExitCode {
    use std::io::IsTerminal;
    if !args.coq && !args.lean {
        eprintln!("relprove export: say which prover: --coq or --lean");
        return ExitCode::from(2);
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
                    return ExitCode::from(2);
                }
            };
            v.sort();
            v
        }
    };
    if !(args.time_limit.is_finite() && args.time_limit > 0.0) || args.node_limit == 0 {
        eprintln!("relprove: --time-limit and --node-limit must be positive");
        return ExitCode::from(2);
    }
    let prove = (!args.no_prove).then(|| relprove::rewrite::Limits {
        node_limit: args.node_limit,
        time_limit: std::time::Duration::from_secs_f64(args.time_limit),
        ..relprove::rewrite::coq::export_limits()
    });
    let opts = relprove::export::ExportOptions {
        out_dir: args.out,
        force: args.force,
        theories: args.theories,
        prove,
    };
    let color = std::io::stderr().is_terminal();
    let mut failed = false;
    // One session: the models share the files of the modules they open.
    let mut session = relprove::export::Session::default();
    for file in &files {
        let mut sources = relprove::diag::SourceMap::new();
        let model = match relprove::resolve::load_model(
            file,
            &mut sources,
            &relprove::resolve::LoadOptions::default(),
        ) {
            Ok(m) => m,
            Err(diags) => {
                eprint!("{}", relprove::diag::render(&sources, &diags, color));
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
            Ok(report) => report.lines().iter().for_each(|l| println!("{l}")),
            Err(diags) => {
                eprint!("{}", relprove::diag::render(&sources, &diags.0, color));
                eprintln!("relprove export: {} not exported", file.display());
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `check`: decide the model's commands (see `relprove::check::run_cli`).
fn check(args: CheckArgs) -> ExitCode {
    use relprove::check::{self, CheckOptions};
    use std::io::IsTerminal;
    let mut sources = relprove::diag::SourceMap::new();
    let model = match relprove::resolve::load_model(
        &args.file,
        &mut sources,
        &relprove::resolve::LoadOptions::default(),
    ) {
        Ok(m) => m,
        Err(ds) => {
            eprint!(
                "{}",
                relprove::diag::render(&sources, &ds, std::io::stderr().is_terminal())
            );
            return ExitCode::from(check::exit::INPUT);
        }
    };
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t >= 0.0) {
            eprintln!("relprove: --timeout must be a non-negative number of seconds");
            return ExitCode::from(check::exit::INPUT);
        }
    }
    let opts = CheckOptions {
        scope: args.scope,
        timeout: args.timeout.map(std::time::Duration::from_secs_f64),
        solver: args.solver,
        symmetry: args.symmetry,
        ..Default::default()
    };
    let format = match args.format {
        Format::Text => check::Format::Text,
        Format::Json => check::Format::Json,
        Format::Dot => check::Format::Dot,
        Format::Coq => check::Format::Coq,
    };
    let stdout = std::io::stdout();
    let code = check::run_cli(
        &model,
        &sources,
        &args.commands,
        &opts,
        format,
        &mut stdout.lock(),
        true,
    );
    ExitCode::from(code)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) if args.parse_only => parse_only(&args),
        Command::Check(args) => check(args),
        Command::Export(args) => export(args),
        Command::Litmus(a) => litmus(a),
        Command::Prove(args) => prove(&args),
    }
}
