//! `relprove litmus`: its arguments, and which back end decides the tests.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::cli::exit::Exit;
use crate::cli::graph::GraphArgs;
use crate::cli::output::{OnClose, Stdout};
use crate::cli::TextOrJson;

/// The arguments of `relprove litmus`.
#[derive(Args)]
pub struct LitmusArgs {
    /// The memory model to decide the tests with: an Alloy file, a model
    /// in herd's cat language (`.cat`, e.g. Dat3M's ptx-v7.5.cat or
    /// vulkan.cat; docs/cat.md), or an operational model `op:lost-pop`,
    /// `op:sorensen`, `op:sorensen-alt` (docs/operational.md). Khronos's
    /// Vulkan tests take Khronos's spirv.als (docs/vulkan.md).
    #[arg(long, value_name = "FILE.als|FILE.cat|op:NAME")]
    pub model: PathBuf,
    /// Test files: Dat3M `.litmus`, NVIDIA mixed-proxy `.test`, or
    /// Khronos Vulkan `.test` (told apart by content); a directory stands
    /// for its `.litmus` files, else its `.test` files.
    #[arg(required = true)]
    pub tests: Vec<PathBuf>,
    /// Parallel jobs (default: one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::cli::args::positive::<usize>)]
    pub jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
    /// Expected results: lines `TEST-NAME Ok|No|Never|Sometimes|Always`;
    /// a mismatch exits with code 1.
    #[arg(long, value_name = "FILE")]
    pub expect: Option<PathBuf>,
    /// Write the generated Alloy modules to DIR instead of deciding them.
    #[arg(long, value_name = "DIR")]
    pub emit_alloy: Option<PathBuf>,
    /// Decide the generated Alloy text (parsed and resolved with the model
    /// for every path combination) instead of lowering to the IR over the
    /// model resolved once: for differential tests and benchmarks.
    #[arg(long, hide = true)]
    pub via_alloy_text: bool,
    /// How many times a loop label may be passed on one path.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 2,
        allow_negative_numbers = true
    )]
    pub unroll: u32,
    /// Dat3M Vulkan tests: what to decide, the test's condition (herd's
    /// Ok/No) or `races`: whether every consistent execution (that passes
    /// the test's `filter`) is free of data races (docs/vulkan.md).
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = VulkanCheck::Condition)]
    pub check: VulkanCheck,
    /// Dat3M Vulkan tests: availability and visibility chains of one
    /// element (Khronos's NOCHAINS result lines, Dat3M's vulkan-nochains.cat).
    #[arg(long)]
    pub no_chains: bool,
    /// Do not enumerate the reachable final states: only decide whether the
    /// condition and its negation are reachable (at most two solver calls
    /// per path combination; operational models stop exploring a branch
    /// once its side of the condition is decided and witnessed) and print
    /// one witness state of each.
    #[arg(long)]
    pub witnesses: bool,
    /// Axiomatic models: for a test whose outcome is never reached, the
    /// model's axioms (conjuncts of its consistency predicate) that forbid
    /// it, as a verified, minimised unsat core; for a reached outcome, a
    /// witness execution (docs/cores.md).
    #[arg(long)]
    pub explain: bool,
    /// Operational models: sleep sets (partial-order reduction, on by
    /// default) also with --full-search.
    #[arg(long, conflicts_with = "no_sleep_sets")]
    pub sleep_sets: bool,
    /// Operational models: no sleep sets (on by default, with the model's
    /// independence relation; they keep every reachable final state:
    /// docs/operational.md).
    #[arg(long)]
    pub no_sleep_sets: bool,
    /// Operational models: no partial-order reduction (neither persistent
    /// nor sleep sets, unless --sleep-sets): every enabled transition.
    #[arg(long)]
    pub full_search: bool,
    /// Operational models: give up on a test after this many states (at
    /// least 1).
    #[arg(long, value_name = "N", default_value_t = 2_000_000, value_parser = crate::cli::args::positive::<usize>)]
    pub max_states: usize,
    /// Time limit per test, in seconds: all its solver calls together, or
    /// an operational model's exploration (a test that runs out is
    /// reported with `error[limit]`, exit code 3; the others are decided
    /// as usual).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = crate::cli::args::seconds)]
    pub timeout: Option<Duration>,
    /// Memory limit per test (e.g. `4G`, `512M`), as `check --max-memory`
    /// (operational models: the heap while exploring).
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub max_memory: String,
    #[command(flatten)]
    pub graph: GraphArgs,
}

/// `relprove litmus`: the tests' format (Dat3M's Vulkan, Khronos's, or
/// PTX and mixed-proxy) and the model (Alloy or `op:NAME`) choose the back
/// end; each one refuses the flags that do not apply to it.
pub fn run(a: LitmusArgs) -> Exit {
    let jobs = crate::cli::args::jobs(a.jobs);
    let Some(max_memory) = crate::cli::args::max_memory(&a.max_memory) else {
        return Exit::Input;
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
                return Exit::Input;
            }
        };
        if a.explain {
            eprintln!("relprove: --explain names the axioms of axiomatic (Alloy) models; operational models print witness traces");
            return Exit::Input;
        }
        if a.emit_alloy.is_some() || a.via_alloy_text {
            eprintln!("relprove: --emit-alloy and --via-alloy-text write or read Alloy modules of axiomatic (Alloy) models; an operational model has none");
            return Exit::Input;
        }
        if a.graph.graph.is_some() {
            eprintln!("relprove: --graph draws executions of axiomatic (Alloy) models; operational models print witness traces");
            return Exit::Input;
        }
        let req = crate::cli::op_litmus::Request {
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
        return crate::cli::op_litmus::run(&req);
    }
    if a.sleep_sets || a.no_sleep_sets || a.full_search {
        eprintln!("relprove: --sleep-sets, --no-sleep-sets and --full-search choose how an operational model (op:NAME) explores; an Alloy model has no exploration");
        return Exit::Input;
    }
    // Dat3M's Vulkan tests (`.litmus` files that begin with VULKAN).
    match crate::cli::vulkan::dat3m_files(&a.tests) {
        Err(d) => {
            let code =
                crate::cli::report::error(&relprove_engine::diag::SourceMap::new(), d, false);
            return code;
        }
        Ok(Some(files)) => return dat3m_vulkan(a, files, jobs, max_memory),
        Ok(None) => {}
    }
    if a.check != VulkanCheck::Condition || a.no_chains {
        eprintln!("relprove: --check and --no-chains apply to Dat3M's Vulkan tests (.litmus files that begin with VULKAN)");
        return Exit::Input;
    }
    // Khronos's Vulkan tests (`.test` files with NEWTHREAD, SATISFIABLE …).
    match crate::cli::khronos::khronos_files(&a.tests) {
        Err(d) => {
            let code =
                crate::cli::report::error(&relprove_engine::diag::SourceMap::new(), d, false);
            return code;
        }
        Ok(Some(files)) => return khronos(a, files, jobs, max_memory),
        Ok(None) => {}
    }
    let req = crate::cli::litmus::Request {
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
        None => crate::cli::litmus::command(&req, Some(&backend), out),
        Some(g) => {
            if let Err(code) = crate::cli::graph::check_litmus_show(&req.model, &g.show) {
                return code;
            }
            // Created (and tried) before any test is decided.
            if let Err(m) = crate::cli::graph::create_dir(&g.dir) {
                eprintln!("relprove: {m}");
                return Exit::Input;
            }
            crate::cli::litmus::command_with(&req, Some(&backend), out, &mut |b| {
                crate::cli::graph::write_litmus(g, b)
            })
        }
    };
    out.exit_code(code)
}

/// What `litmus --check` decides on Dat3M's Vulkan tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VulkanCheck {
    /// The test's condition (exists, ~exists, forall).
    Condition,
    /// Race freedom (spirv.als's `dr`; Dat3M's VULKAN-DR tables).
    Races,
}

/// `litmus` on Dat3M's Vulkan tests: the flags that apply to them.
fn dat3m_vulkan(a: LitmusArgs, files: Vec<PathBuf>, jobs: usize, max_memory: u64) -> Exit {
    let unsupported = [
        (a.explain, "--explain"),
        (a.witnesses, "--witnesses"),
        (a.via_alloy_text, "--via-alloy-text"),
        (a.emit_alloy.is_some(), "--emit-alloy"),
        (!a.graph.show.is_empty(), "--show"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|u| u.0) {
        eprintln!("relprove: {flag} does not apply to Dat3M Vulkan tests yet");
        return Exit::Input;
    }
    use relprove_litmus::khronos::dat3m::{Mode, Options};
    let req = crate::cli::vulkan::Request {
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
            witnesses: a.graph.graph.is_some(),
        },
        timeout: a.timeout,
        max_memory: Some(max_memory),
        graph: a.graph.graph,
    };
    let out = &mut Stdout::new(OnClose::Exit);
    let code = crate::cli::vulkan::command(&req, out);
    out.exit_code(code)
}

/// `litmus` on Khronos's Vulkan tests: the flags that apply to them.
fn khronos(a: LitmusArgs, files: Vec<PathBuf>, jobs: usize, max_memory: u64) -> Exit {
    let unsupported = [
        (
            a.expect.is_some(),
            "--expect (each test file states its expected results)",
        ),
        (a.explain, "--explain"),
        (a.witnesses, "--witnesses"),
        (a.via_alloy_text, "--via-alloy-text"),
        (!a.graph.show.is_empty(), "--show"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|u| u.0) {
        eprintln!("relprove: {flag} does not apply to Khronos Vulkan tests");
        return Exit::Input;
    }
    let req = crate::cli::khronos::Request {
        model: a.model,
        files,
        jobs,
        json: a.format == TextOrJson::Json,
        emit_alloy: a.emit_alloy,
        timeout: a.timeout,
        max_memory: Some(max_memory),
        graph: a.graph.graph,
    };
    let out = &mut Stdout::new(OnClose::Exit);
    let code = crate::cli::khronos::command(&req, out);
    out.exit_code(code)
}
