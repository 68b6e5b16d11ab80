//! The `relprove` command line: parses the arguments and dispatches to the
//! subcommand's module in `cli/`, which owns its arguments and returns how
//! the run ends ([`cli::exit::Exit`]).

mod cli;

/// Counts the bytes on the heap, so that `--max-memory` is measured (see
/// `relprove_engine::budget`).
#[global_allocator]
static ALLOC: relprove_engine::budget::CountingAlloc = relprove_engine::budget::CountingAlloc;

use std::process::ExitCode;

use cli::exit::Exit;

use clap::{Parser, Subcommand};

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
    Check(cli::check::command::CheckArgs),
    /// Write Coq or Lean 4 definitions of a model, with proof skeletons.
    ///
    /// With no FILE, exports every model under `models/`.
    Export(cli::export::ExportArgs),
    /// Decide litmus tests (Dat3M PTX, NVIDIA mixed-proxy, Khronos Vulkan)
    /// against a memory model.
    Litmus(cli::litmus::command::LitmusArgs),
    /// Prove simple relational assertions by equality saturation (egg).
    ///
    /// Each `assert` of FILE (or each one named with -a) is turned into
    /// relation-algebra goals and rewritten with egg; the verdict is
    /// `proved by rewriting` (with the rewrite chain) or `not proved`.
    /// `--emit coq` prints a Coq section whose proofs coqc re-checks.
    /// Exit codes: 0 whatever the verdicts, 2 input error.
    Prove(cli::prove::ProveArgs),
    /// Compare two memory models (axiomatic FILE.als or operational op:NAME)
    /// on litmus tests.
    ///
    /// Exit codes: 0 the differences are exactly those of --expect-diff (none
    /// without it), 1 they are not, 2 input error.
    Compare(cli::compare::CompareArgs),
    /// The smallest litmus tests on which two memory models disagree,
    /// found by SAT search and re-checked on both (docs/diff.md).
    ///
    /// Exit codes: 0 the search ended (differences found or none up to the
    /// bound), 2 input error, 3 a limit stopped a direction early (the
    /// output says up to which size it is complete), 4 internal error.
    Diff(cli::diff::DiffArgs),
    /// Run PTX litmus tests on a GPU (or simulate them) and compare with the model.
    Gpu(cli::gpu::GpuArgs),
    /// Combine the answers of cubes written by `check --cubes N --emit DIR`.
    ///
    /// A satisfiable cube gives the instance (decoded from the re-translated
    /// model and re-checked); every cube unsatisfiable gives `unsat`;
    /// otherwise `unknown`. Exit codes as for `check` (docs/cubes.md).
    Merge(cli::cubes::MergeArgs),
    /// Print the JSON Schema of a subcommand's `--format json` output
    /// (docs/json.md; committed as docs/json/NAME.schema.json).
    Schema(cli::schema::SchemaArgs),
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
    ExitCode::from(match cli.command {
        Command::Check(a) => cli::check::command::run(a),
        Command::Export(a) => cli::export::run(a),
        Command::Litmus(a) => cli::litmus::command::run(a),
        Command::Prove(a) => cli::prove::run(&a),
        Command::Compare(a) => cli::compare::command(a),
        Command::Diff(a) => cli::diff::command(a),
        Command::Gpu(a) => cli::gpu::run(a),
        Command::Schema(a) => cli::schema::command(a),
        Command::Merge(a) => cli::cubes::merge_command(a),
    })
}
