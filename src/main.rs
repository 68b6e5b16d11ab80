//! The `relprove` command line. Thin: argument parsing and exit codes only.

mod cli;

/// Counts the bytes on the heap, so that `--max-memory` is measured (see
/// `relprove_engine::budget`).
#[global_allocator]
static ALLOC: relprove_engine::budget::CountingAlloc = relprove_engine::budget::CountingAlloc;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use cli::exit::Exit;
use cli::output::{outln, OnClose, Stdout};

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Bounded checking of Alloy relational models, and export to Coq and Lean 4.
#[derive(Parser)]
#[command(name = "relprove", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The largest input file any command reads (e.g. `1G`, `512M`;
    /// default 256M): a larger or endless input (`/dev/zero`) stops with an
    /// error instead of filling memory.
    #[arg(long, global = true, value_name = "SIZE")]
    max_input: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Decide every `check` and `run` command of an Alloy model by bounded search.
    ///
    /// Exit codes: 0 every outcome matches its `expect`, 1 an outcome does not,
    /// 2 input error, 3 a command hit its time limit (`--timeout`) or memory
    /// limit (`--max-memory`; the outcome is `unknown`), 4 internal error (an
    /// instance the independent evaluator rejects: a bug in relprove).
    Check(CheckArgs),
    /// Write Coq or Lean 4 definitions of a model, with proof skeletons.
    ///
    /// With no FILE, exports every model under `models/`.
    Export(ExportArgs),
    /// Decide litmus tests (Dat3M PTX, NVIDIA mixed-proxy, Khronos Vulkan)
    /// against a memory model.
    Litmus(LitmusArgs),
    /// Prove simple relational assertions by equality saturation (egg).
    ///
    /// Each `assert` of FILE (or each one named with -a) is turned into
    /// relation-algebra goals and rewritten with egg; the verdict is
    /// `proved by rewriting` (with the rewrite chain) or `not proved`.
    /// `--emit coq` prints a Coq section whose proofs coqc re-checks.
    /// Exit codes: 0 whatever the verdicts, 2 input error.
    Prove(ProveArgs),
    /// Compare two memory models (axiomatic FILE.als or operational op:NAME)
    /// on litmus tests.
    ///
    /// Exit codes: 0 the differences are exactly those of --expect-diff (none
    /// without it), 1 they are not, 2 input error.
    Compare(CompareArgs),
    /// Run PTX litmus tests on a GPU (or simulate them) and compare with the model.
    Gpu(cli::gpu::GpuArgs),
    /// Combine the answers of cubes written by `check --cubes N --emit DIR`.
    ///
    /// A satisfiable cube gives the instance (decoded from the re-translated
    /// model and re-checked); every cube unsatisfiable gives `unsat`;
    /// otherwise `unknown`. Exit codes as for `check` (docs/cubes.md).
    Merge(MergeArgs),
    /// Print the JSON Schema of a subcommand's `--format json` output
    /// (docs/json.md; committed as docs/json/NAME.schema.json).
    Schema(SchemaArgs),
}

#[derive(Args)]
struct SchemaArgs {
    /// The subcommand: check, check-all (`check --all`, one JSON line),
    /// compare, cubes, cubes-emit, litmus, op-litmus (`litmus --model
    /// op:NAME`) or prove.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(cli::schema::NAMES))]
    name: String,
}

#[derive(Args)]
struct MergeArgs {
    /// The directory written by `check --cubes N --emit DIR`.
    dir: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

#[derive(Args)]
struct CompareArgs {
    /// A model: an Alloy file with a litmus binding, or an operational
    /// model `op:lost-pop`, `op:sorensen`, `op:sorensen-alt` (give it twice:
    /// A, then B).
    #[arg(long = "model", value_name = "MODEL", required = true)]
    models: Vec<String>,
    /// Litmus test files (a directory stands for its .litmus files).
    #[arg(required = true)]
    tests: Vec<PathBuf>,
    /// Expected differences: lines `TEST-NAME A-stronger|B-stronger|incomparable`.
    #[arg(long, value_name = "FILE")]
    expect_diff: Option<PathBuf>,
    /// Parallel jobs (default: one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = cli::args::positive::<usize>)]
    jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

#[derive(Args)]
struct CheckArgs {
    /// The Alloy file to check.
    file: PathBuf,
    /// Only parse, load opened modules, resolve names and infer types.
    #[arg(long, conflicts_with_all = ["commands", "all", "max_instances", "cubes", "core", "show_instances", "graph"])]
    parse_only: bool,
    /// Run only the named commands (repeatable).
    #[arg(short = 'c', long = "command", value_name = "NAME")]
    commands: Vec<String>,
    /// Override every command's overall scope (keeps per-sig `but` scopes); at least 1.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = cli::args::positive::<u32>)]
    scope: Option<u32>,
    /// Time limit per command, in seconds (outcome `unknown`, exit code 3);
    /// positive, values above 1e9 count as 1e9.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = cli::args::seconds)]
    timeout: Option<Duration>,
    /// Memory limit per command (e.g. `4G`, `512M`): a command whose bounds,
    /// circuit or CNF would not fit is refused before it is built (outcome
    /// `unknown`, exit code 3).
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    max_memory: String,
    /// Print every instance in full, also those a command expected
    /// (`expect 1`); JSON and DOT output always include them.
    #[arg(long)]
    show_instances: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// SAT back end: `cadical` (built in) or `dimacs:CMD` (run CMD on a DIMACS file).
    #[arg(long, default_value = "cadical")]
    solver: String,
    /// Length limit of each symmetry-breaking predicate (0 disables symmetry breaking).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 60,
        allow_negative_numbers = true
    )]
    symmetry: usize,
    /// Translate with the declared bounds only: no relation analysis
    /// (fewer variables from the facts' simple constraints, docs/relation-analysis.md).
    #[arg(long)]
    no_relation_analysis: bool,
    /// For a command with no instance (or counterexample): print a verified
    /// unsat core, the model's formulas that already rule every instance
    /// out (docs/cores.md).
    #[arg(long)]
    core: bool,
    /// Cube-and-conquer (one command): split it into 2^⌈log2 N⌉ cubes on its
    /// most constrained primary variables and solve them on --jobs workers,
    /// or write them with --emit (docs/cubes.md).
    #[arg(long, value_name = "N", value_parser = cli::args::positive::<usize>)]
    cubes: Option<usize>,
    /// With --cubes: write the cubes as DIMACS jobs and a manifest to DIR
    /// (combine their answers with `relprove merge DIR`).
    #[arg(long, value_name = "DIR", requires = "cubes")]
    emit: Option<PathBuf>,
    /// With --cubes: local workers (default: one per core); the first
    /// satisfiable cube stops them all.
    #[arg(long, value_name = "N", requires = "cubes", conflicts_with = "emit", value_parser = cli::args::positive::<usize>)]
    jobs: Option<usize>,
    /// Enumerate every instance (every counterexample of a `check`), each
    /// re-evaluated: with symmetry breaking (the default) at least one per
    /// isomorphism class, `--symmetry 0` every labelled instance once
    /// (docs/enumerate.md). JSON output becomes JSON lines.
    #[arg(long, conflicts_with_all = ["core", "cubes"])]
    all: bool,
    /// Like --all, but stop after N instances.
    #[arg(long, value_name = "N", conflicts_with_all = ["core", "cubes", "all"], value_parser = cli::args::positive::<usize>)]
    max_instances: Option<usize>,
    #[command(flatten)]
    graph: GraphArgs,
}

/// `--graph DIR [--show REL,...]` (check and litmus; docs/graphs.md).
#[derive(Args)]
struct GraphArgs {
    /// Write one Graphviz DOT file per instance (litmus: per test, its
    /// witness execution, and DIR/index.html) into DIR, and SVG when
    /// Graphviz's `dot` is installed.
    #[arg(long, value_name = "DIR")]
    graph: Option<PathBuf>,
    /// With --graph: further relations to draw in executions (binary
    /// fields or parameterless functions of the model, e.g. `cause,ms`).
    #[arg(
        long,
        value_name = "REL,...",
        value_delimiter = ',',
        requires = "graph"
    )]
    show: Vec<String>,
}

impl GraphArgs {
    fn dir(self) -> Option<cli::graph::GraphDir> {
        self.graph.map(|dir| cli::graph::GraphDir {
            dir,
            show: self.show,
            used: Default::default(),
        })
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
    Dot,
    /// The instance as Coq definitions (docs/theorem3.md); one command (-c).
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
    #[arg(long, value_name = "N", default_value = "5000", allow_negative_numbers = true, value_parser = cli::args::positive::<usize>)]
    node_limit: usize,
    /// Time limit per goal of the rewriter, in seconds (positive, values
    /// above 1e9 count as 1e9).
    #[arg(long, value_name = "SECS", default_value = "0.5", allow_negative_numbers = true, value_parser = cli::args::seconds)]
    time_limit: Duration,
}

#[derive(Args)]
struct LitmusArgs {
    /// The memory model to decide the tests with: an Alloy file, or an
    /// operational model `op:lost-pop`, `op:sorensen`, `op:sorensen-alt`
    /// (docs/operational.md). Khronos's Vulkan tests take
    /// Khronos's spirv.als (docs/vulkan.md).
    #[arg(long, value_name = "FILE.als|op:NAME")]
    model: PathBuf,
    /// Test files: Dat3M `.litmus`, NVIDIA mixed-proxy `.test`, or
    /// Khronos Vulkan `.test` (told apart by content); a directory stands
    /// for its `.litmus` files, else its `.test` files.
    #[arg(required = true)]
    tests: Vec<PathBuf>,
    /// Parallel jobs (default: one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = cli::args::positive::<usize>)]
    jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
    /// Expected results: lines `TEST-NAME Ok|No|Never|Sometimes|Always`;
    /// a mismatch exits with code 1.
    #[arg(long, value_name = "FILE")]
    expect: Option<PathBuf>,
    /// Write the generated Alloy modules to DIR instead of deciding them.
    #[arg(long, value_name = "DIR")]
    emit_alloy: Option<PathBuf>,
    /// Decide the generated Alloy text (parsed and resolved with the model
    /// for every path combination) instead of lowering to the IR over the
    /// model resolved once: for differential tests and benchmarks.
    #[arg(long, hide = true)]
    via_alloy_text: bool,
    /// How many times a loop label may be passed on one path.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 2,
        allow_negative_numbers = true
    )]
    unroll: u32,
    /// Dat3M Vulkan tests: what to decide, the test's condition (herd's
    /// Ok/No) or `races`: whether every consistent execution (that passes
    /// the test's `filter`) is free of data races (docs/vulkan.md).
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = VulkanCheck::Condition)]
    check: VulkanCheck,
    /// Dat3M Vulkan tests: availability and visibility chains of one
    /// element (Khronos's NOCHAINS result lines, Dat3M's vulkan-nochains.cat).
    #[arg(long)]
    no_chains: bool,
    /// Do not enumerate the reachable final states: only decide whether the
    /// condition and its negation are reachable (at most two solver calls
    /// per path combination; operational models stop exploring a branch
    /// once its side of the condition is decided and witnessed) and print
    /// one witness state of each.
    #[arg(long)]
    witnesses: bool,
    /// Axiomatic models: for a test whose outcome is never reached, the
    /// model's axioms (conjuncts of its consistency predicate) that forbid
    /// it, as a verified, minimised unsat core; for a reached outcome, a
    /// witness execution (docs/cores.md).
    #[arg(long)]
    explain: bool,
    /// Operational models: sleep sets (partial-order reduction, on by
    /// default) also with --full-search.
    #[arg(long, conflicts_with = "no_sleep_sets")]
    sleep_sets: bool,
    /// Operational models: no sleep sets (on by default, with the model's
    /// independence relation; they keep every reachable final state:
    /// docs/operational.md).
    #[arg(long)]
    no_sleep_sets: bool,
    /// Operational models: no partial-order reduction (neither persistent
    /// nor sleep sets, unless --sleep-sets): every enabled transition.
    #[arg(long)]
    full_search: bool,
    /// Operational models: give up on a test after this many states (at
    /// least 1).
    #[arg(long, value_name = "N", default_value_t = 2_000_000, value_parser = cli::args::positive::<usize>)]
    max_states: usize,
    /// Time limit per test, in seconds: all its solver calls together, or
    /// an operational model's exploration (a test that runs out is
    /// reported with `error[limit]`, exit code 3; the others are decided
    /// as usual).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = cli::args::seconds)]
    timeout: Option<Duration>,
    /// Memory limit per test (e.g. `4G`, `512M`), as `check --max-memory`
    /// (operational models: the heap while exploring).
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    max_memory: String,
    #[command(flatten)]
    graph: GraphArgs,
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
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
    /// E-graph node limit per goal.
    #[arg(long, value_name = "N", default_value = "10000", allow_negative_numbers = true, value_parser = cli::args::positive::<usize>)]
    node_limit: usize,
    /// Time limit per goal, in seconds (positive, values above 1e9 count as 1e9).
    #[arg(long, value_name = "SECS", default_value = "2", allow_negative_numbers = true, value_parser = cli::args::seconds)]
    time_limit: Duration,
}

/// The formats of the subcommands that print no graphs.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TextOrJson {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum Emit {
    Coq,
}

fn litmus(a: LitmusArgs) -> ExitCode {
    let jobs = cli::args::jobs(a.jobs);
    let Some(max_memory) = max_memory(&a.max_memory) else {
        return ExitCode::from(Exit::Input);
    };
    // `op:NAME`: an operational model (crates/litmus/src/operational/).
    if let Some(m) = a
        .model
        .to_str()
        .and_then(relprove_litmus::operational::ModelName::parse)
    {
        let model = match m {
            Ok(m) => m,
            Err(e) => {
                eprintln!("error[litmus]: {e}");
                return ExitCode::from(Exit::Input);
            }
        };
        if a.explain {
            eprintln!("relprove: --explain names the axioms of axiomatic (Alloy) models; operational models print witness traces");
            return ExitCode::from(Exit::Input);
        }
        if a.emit_alloy.is_some() || a.via_alloy_text {
            eprintln!("relprove: --emit-alloy and --via-alloy-text write or read Alloy modules of axiomatic (Alloy) models; an operational model has none");
            return ExitCode::from(Exit::Input);
        }
        if a.graph.graph.is_some() {
            eprintln!("relprove: --graph draws executions of axiomatic (Alloy) models; operational models print witness traces");
            return ExitCode::from(Exit::Input);
        }
        let req = cli::op_litmus::Request {
            model,
            tests: a.tests,
            json: a.format == TextOrJson::Json,
            expect: a.expect,
            jobs,
            sleep_sets: a.sleep_sets || !(a.no_sleep_sets || a.full_search),
            full_search: a.full_search,
            max_states: a.max_states,
            witnesses: a.witnesses,
            timeout: a.timeout,
            max_bytes: Some(max_memory),
        };
        return ExitCode::from(cli::op_litmus::run(&req));
    }
    if a.sleep_sets || a.no_sleep_sets || a.full_search {
        eprintln!("relprove: --sleep-sets, --no-sleep-sets and --full-search choose how an operational model (op:NAME) explores; an Alloy model has no exploration");
        return ExitCode::from(Exit::Input);
    }
    // Dat3M's Vulkan tests (`.litmus` files that begin with VULKAN).
    match cli::vulkan::dat3m_files(&a.tests) {
        Err(d) => {
            let code = cli::report::error(&relprove_engine::diag::SourceMap::new(), d, false);
            return ExitCode::from(code);
        }
        Ok(Some(files)) => return dat3m_vulkan(a, files, jobs, max_memory),
        Ok(None) => {}
    }
    if a.check != VulkanCheck::Condition || a.no_chains {
        eprintln!("relprove: --check and --no-chains apply to Dat3M's Vulkan tests (.litmus files that begin with VULKAN)");
        return ExitCode::from(Exit::Input);
    }
    // Khronos's Vulkan tests (`.test` files with NEWTHREAD, SATISFIABLE …).
    match cli::khronos::khronos_files(&a.tests) {
        Err(d) => {
            let code = cli::report::error(&relprove_engine::diag::SourceMap::new(), d, false);
            return ExitCode::from(code);
        }
        Ok(Some(files)) => return khronos(a, files, jobs, max_memory),
        Ok(None) => {}
    }
    let req = cli::litmus::Request {
        model: a.model,
        tests: a.tests,
        jobs,
        json: a.format == TextOrJson::Json,
        expect: a.expect,
        emit_alloy: a.emit_alloy,
        unroll: a.unroll,
        witnesses: a.witnesses,
        explain: a.explain,
        timeout: a.timeout,
    };
    let graph = a.graph.dir();
    let backend = relprove_litmus::checker::Checker {
        graph_relations: graph.as_ref().map(|g| g.show.clone()),
        via_text: a.via_alloy_text,
        check: relprove_engine::check::CheckOptions {
            max_memory: Some(max_memory),
            ..Default::default()
        },
        ..Default::default()
    };
    let out = &mut Stdout::new(OnClose::Exit);
    let code = match &graph {
        None => cli::litmus::command(&req, Some(&backend), out),
        Some(g) => {
            if let Err(code) = cli::graph::check_litmus_show(&req.model, &g.show) {
                return ExitCode::from(code);
            }
            // Created (and tried) before any test is decided.
            if let Err(m) = cli::graph::create_dir(&g.dir) {
                eprintln!("relprove: {m}");
                return ExitCode::from(Exit::Input);
            }
            cli::litmus::command_with(&req, Some(&backend), out, &mut |b| {
                cli::graph::write_litmus(g, b)
            })
        }
    };
    ExitCode::from(out.exit_code(code))
}

/// What `litmus --check` decides on Dat3M's Vulkan tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum VulkanCheck {
    /// The test's condition (exists, ~exists, forall).
    Condition,
    /// Race freedom (spirv.als's `dr`; Dat3M's VULKAN-DR tables).
    Races,
}

/// `litmus` on Dat3M's Vulkan tests: the flags that apply to them.
fn dat3m_vulkan(a: LitmusArgs, files: Vec<PathBuf>, jobs: usize, max_memory: u64) -> ExitCode {
    let unsupported = [
        (a.explain, "--explain"),
        (a.witnesses, "--witnesses"),
        (a.via_alloy_text, "--via-alloy-text"),
        (a.emit_alloy.is_some(), "--emit-alloy"),
        (a.graph.graph.is_some(), "--graph"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|u| u.0) {
        eprintln!("relprove: {flag} does not apply to Dat3M Vulkan tests yet");
        return ExitCode::from(Exit::Input);
    }
    use relprove_litmus::khronos::dat3m::{Mode, Options};
    let req = cli::vulkan::Request {
        model: a.model,
        files,
        jobs,
        json: a.format == TextOrJson::Json,
        expect: a.expect,
        how: Options {
            mode: match a.check {
                VulkanCheck::Condition => Mode::Condition,
                VulkanCheck::Races => Mode::Races,
            },
            nochains: a.no_chains,
            unroll: a.unroll,
        },
        timeout: a.timeout,
        max_memory: Some(max_memory),
    };
    let out = &mut Stdout::new(OnClose::Exit);
    let code = cli::vulkan::command(&req, out);
    ExitCode::from(out.exit_code(code))
}

/// `litmus` on Khronos's Vulkan tests: the flags that apply to them.
fn khronos(a: LitmusArgs, files: Vec<PathBuf>, jobs: usize, max_memory: u64) -> ExitCode {
    let unsupported = [
        (
            a.expect.is_some(),
            "--expect (each test file states its expected results)",
        ),
        (a.explain, "--explain"),
        (a.witnesses, "--witnesses"),
        (a.via_alloy_text, "--via-alloy-text"),
        (a.graph.graph.is_some(), "--graph"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|u| u.0) {
        eprintln!("relprove: {flag} does not apply to Khronos Vulkan tests");
        return ExitCode::from(Exit::Input);
    }
    let req = cli::khronos::Request {
        model: a.model,
        files,
        jobs,
        json: a.format == TextOrJson::Json,
        emit_alloy: a.emit_alloy,
        timeout: a.timeout,
        max_memory: Some(max_memory),
    };
    let out = &mut Stdout::new(OnClose::Exit);
    let code = cli::khronos::command(&req, out);
    ExitCode::from(out.exit_code(code))
}

/// `check --parse-only`: load, resolve and type the model, print a one-line
/// summary; on errors print the diagnostics and exit 2.
fn parse_only(args: &CheckArgs) -> ExitCode {
    use std::io::IsTerminal;
    let mut sources = relprove_engine::diag::SourceMap::new();
    let loaded = relprove_engine::resolve::load_model(
        &args.file,
        &mut sources,
        &relprove_engine::resolve::LoadOptions::default(),
    );
    for note in sources.latin1_notes() {
        eprintln!("{note}");
    }
    match loaded {
        Ok(m) => {
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
            ExitCode::from(out.exit_code(Exit::Ok))
        }
        Err(diags) => {
            cli::report::error(&sources, diags, std::io::stderr().is_terminal());
            ExitCode::from(Exit::Input)
        }
    }
}

/// `check`: decide the model's commands (see `cli::check::run`).
/// `--max-memory SIZE` in bytes; `None` after saying why it is not a size.
fn max_memory(size: &str) -> Option<u64> {
    let bytes = relprove_engine::budget::parse_bytes(size);
    if bytes.is_none() {
        eprintln!(
            "relprove: --max-memory `{size}`: expected a size such as 4G, 512M or 100000 (bytes)"
        );
    }
    bytes
}

fn check(args: CheckArgs) -> ExitCode {
    use cli::check as show;

    use relprove_engine::check::CheckOptions;
    use std::io::IsTerminal;
    let color = std::io::stderr().is_terminal();
    let mut sources = relprove_engine::diag::SourceMap::new();
    let loaded = relprove_engine::resolve::load_model(
        &args.file,
        &mut sources,
        &relprove_engine::resolve::LoadOptions::default(),
    );
    for note in sources.latin1_notes() {
        eprintln!("{note}");
    }
    let model = match loaded {
        Ok(m) => m,
        Err(ds) => return ExitCode::from(cli::report::error(&sources, ds, color)),
    };
    if model.commands.is_empty() {
        eprintln!(
            "relprove: {}: the model has no commands (add `run {{}}` or `check AssertionName`)",
            args.file.display()
        );
    }
    let Some(max_memory) = max_memory(&args.max_memory) else {
        return ExitCode::from(Exit::Input);
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
            return ExitCode::from(Exit::Input);
        }
        let req = cli::cubes::CubeRequest {
            cubes: n,
            emit: args.emit.clone(),
            jobs: cli::args::jobs(args.jobs),
            json: matches!(args.format, Format::Json),
        };
        let out = &mut Stdout::new(OnClose::Exit);
        let code = cli::cubes::check(&model, &args.file, &args.commands, &opts, &req, out);
        return ExitCode::from(out.exit_code(code));
    }
    let enumerate = (args.all || args.max_instances.is_some()).then_some(args.max_instances);
    if enumerate.is_some() && !matches!(args.format, Format::Text | Format::Json) {
        eprintln!(
            "relprove: --all and --max-instances print text or JSON lines (--format text|json)"
        );
        return ExitCode::from(Exit::Input);
    }
    let display = show::Display {
        enumerate,
        format: match args.format {
            Format::Text => show::Format::Text,
            Format::Json => show::Format::Json,
            Format::Dot => show::Format::Dot,
            Format::Coq => show::Format::Coq,
        },
        show_instances: args.show_instances,
        core: args.core,
        progress: true,
        color,
        graph: args.graph.dir(),
    };
    let out = &mut Stdout::new(OnClose::Exit);
    let code = show::run(&model, &sources, &args.commands, &opts, &display, out);
    ExitCode::from(out.exit_code(code))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(size) = &cli.max_input {
        match relprove_engine::budget::parse_bytes(size) {
            Some(b) if b > 0 => relprove_engine::diag::set_max_input(b),
            _ => {
                eprintln!("relprove: --max-input `{size}`: expected a positive size such as 1G, 512M or 100000 (bytes)");
                return ExitCode::from(Exit::Input);
            }
        }
    }
    match cli.command {
        Command::Check(args) if args.parse_only => parse_only(&args),
        Command::Check(args) => check(args),
        Command::Export(args) => cli::export::run(args),
        Command::Litmus(a) => litmus(a),
        Command::Prove(args) => cli::prove::run(&args),
        Command::Compare(a) => {
            let req = cli::compare::Request {
                models: a.models,
                tests: a.tests,
                json: a.format == TextOrJson::Json,
                expect_diff: a.expect_diff,
                jobs: cli::args::jobs(a.jobs),
            };
            ExitCode::from(cli::compare::run(&req))
        }
        Command::Gpu(a) => cli::gpu::run(a),
        Command::Schema(a) => {
            let out = &mut Stdout::new(OnClose::Exit);
            match cli::schema::schema(&a.name).map(|s| serde_json::to_string_pretty(&s)) {
                Some(Ok(text)) => {
                    outln!(out, "{text}");
                    ExitCode::from(out.exit_code(Exit::Ok))
                }
                _ => ExitCode::from(Exit::Internal),
            }
        }
        Command::Merge(a) => {
            use std::io::IsTerminal;
            let out = &mut Stdout::new(OnClose::Exit);
            let code = cli::cubes::merge(
                &a.dir,
                a.format == TextOrJson::Json,
                std::io::stderr().is_terminal(),
                out,
            );
            ExitCode::from(out.exit_code(code))
        }
    }
}
