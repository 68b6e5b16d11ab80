//! `relprove gpu`: litmus tests on a real GPU (or, with `--dry-run`, under
//! sequential consistency), compared with the model. Presentation only:
//! the work is `relprove_litmus::gpu`.

use super::exit::Exit;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::output::{stdout, stdoutln};
use clap::{Args, Subcommand, ValueEnum};
use relprove_engine::diag::SourceMap;
use relprove_litmus::gpu::{self, GpuError};

#[derive(Args)]
pub struct GpuArgs {
    #[command(subcommand)]
    command: GpuCommand,
}

#[derive(Subcommand)]
enum GpuCommand {
    /// Write a CUDA harness (litmus.cu, build.sh, run.sh, manifest.json) for the tests.
    Emit(EmitArgs),
    /// Build and run the tests on the GPU (or simulate them: --dry-run) and compare with the model.
    ///
    /// Exit codes: 0 no model violation, 1 a MODEL VIOLATION (the hardware
    /// showed a final state the model forbids), 2 input error, missing
    /// nvcc or GPU, failed build or run.
    Run(RunArgs),
    /// Report on a harness directory after `run.sh` ran (on a machine with a GPU).
    Report(ReportArgs),
    /// Check the SASS of a built harness (sass.txt): refuse tests the compiler changed.
    CheckSass(CheckSassArgs),
    /// Compare a table of hardware observations (TSV) with the model's verdicts.
    Observations(ObservationsArgs),
}

#[derive(Args)]
struct EmitArgs {
    /// Output directory.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// GPU architecture for nvcc (`-arch`): sm_NN or compute_NN.
    #[arg(long, default_value = "sm_90", value_parser = gpu::emit::check_arch)]
    arch: String,
    /// PTX litmus test files.
    #[arg(required = true)]
    tests: Vec<PathBuf>,
    /// Replace harness files in DIR that differ from the ones emitted
    /// (without it they are kept and nothing is written).
    #[arg(long)]
    force: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Args)]
struct RunArgs {
    /// Harness and report directory.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// GPU architecture for nvcc (`-arch`): sm_NN or compute_NN.
    #[arg(long, default_value = "sm_90", value_parser = gpu::emit::check_arch)]
    arch: String,
    /// Seconds each test runs on the GPU (a positive number).
    #[arg(long, value_name = "S", default_value = "3", allow_negative_numbers = true,
          value_parser = crate::cli::args::seconds)]
    time_per_test: Duration,
    /// Incantations: a comma-separated subset of mem,bank,sync,rand, or `none`.
    #[arg(long, value_name = "LIST", default_value = "mem,bank,sync,rand",
          value_parser = gpu::device::parse_stress)]
    stress: gpu::device::Stress,
    /// The memory model to compare with.
    #[arg(long, value_name = "FILE.als", default_value = "models/ptx.als")]
    model: PathBuf,
    /// Simulate each test under sequential consistency instead of running it.
    #[arg(long)]
    dry_run: bool,
    /// Replace DIR/results.txt and harness files that differ from the ones
    /// emitted (without it a DIR holding results is refused).
    #[arg(long)]
    force: bool,
    /// Dry run: instances (random interleavings) per test.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    instances: u64,
    /// Dry run: seed of the interleavings.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Parallel jobs for the model's verdicts.
    #[arg(long, value_name = "N", value_parser = crate::cli::args::positive::<usize>)]
    jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Reference observations (TSV, as ../shared/hardware/h200/observations.tsv)
    /// to set each test's class beside.
    #[arg(long, value_name = "FILE.tsv")]
    observations: Option<PathBuf>,
    /// PTX litmus test files.
    #[arg(required = true)]
    tests: Vec<PathBuf>,
}

#[derive(Args)]
struct ReportArgs {
    /// A harness directory holding results.txt (and sass.txt).
    dir: PathBuf,
    /// The memory model the observations are compared with.
    #[arg(long, value_name = "FILE.als", default_value = "models/ptx.als")]
    model: PathBuf,
    /// Parallel jobs for the model's verdicts (default: one per core).
    #[arg(long, value_name = "N", value_parser = crate::cli::args::positive::<usize>)]
    jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Reference observations (TSV) to set each test's class beside.
    #[arg(long, value_name = "FILE.tsv")]
    observations: Option<PathBuf>,
}

#[derive(Args)]
struct CheckSassArgs {
    /// A harness directory holding sass.txt (`cuobjdump -sass litmus_runner`).
    dir: PathBuf,
}

#[derive(Args)]
struct ObservationsArgs {
    /// observations.tsv: test, recorded verdicts, instances, weak outcomes, per million.
    file: PathBuf,
    /// Directory of the litmus files (`<test>.litmus`).
    #[arg(long, value_name = "DIR")]
    tests: PathBuf,
    /// The memory model the observations are compared with.
    #[arg(long, value_name = "FILE.als", default_value = "models/ptx.als")]
    model: PathBuf,
    /// Parallel jobs for the model's verdicts (default: one per core).
    #[arg(long, value_name = "N", value_parser = crate::cli::args::positive::<usize>)]
    jobs: Option<usize>,
    /// `text` prints a Markdown table.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: GpuArgs) -> Exit {
    let mut sources = SourceMap::new();
    let r = match args.command {
        GpuCommand::Emit(a) => emit(&a, &mut sources),
        GpuCommand::Run(a) => run_tests(&a, &mut sources),
        GpuCommand::Report(a) => report(&a, &mut sources),
        GpuCommand::CheckSass(a) => check_sass(&a, &mut sources),
        GpuCommand::Observations(a) => observations(&a, &mut sources),
    };
    match r {
        Ok(code) => code,
        Err(e) => super::report::error(&sources, e, std::io::stderr().is_terminal()),
    }
}

fn emit(a: &EmitArgs, sources: &mut SourceMap) -> Result<Exit, GpuError> {
    let tests = gpu::load_tests(&a.tests, sources)?;
    for p in gpu::emit_harness(&a.out, &tests, &a.arch, a.force)? {
        stdoutln!("{}", p.display());
    }
    Ok(Exit::Ok)
}

/// Write report.json and report.txt into `dir`, print one of them; exit
/// code 1 on a model violation.
fn finish(dir: &Path, rep: &gpu::report::Report, format: Format) -> Result<Exit, GpuError> {
    let (json, text) = gpu::write_report(dir, rep)?;
    match format {
        Format::Json => stdout!("{json}"),
        Format::Text => stdout!("{text}"),
    }
    Ok(if rep.summary.model_violations > 0 {
        Exit::Mismatch
    } else {
        Exit::Ok
    })
}

fn run_tests(a: &RunArgs, sources: &mut SourceMap) -> Result<Exit, GpuError> {
    let seconds = a.time_per_test.as_secs_f64();
    let stress = &a.stress.0;
    let tests = gpu::load_tests(&a.tests, sources)?;
    let refs = gpu::observations::read_optional(a.observations.as_deref())?;
    gpu::check_results_kept(&a.out, a.force)?;
    // Find the tools before writing anything.
    let tools = if a.dry_run {
        None
    } else {
        Some(gpu::device::find_tools()?)
    };
    gpu::emit_harness(&a.out, &tests, &a.arch, a.force)?;
    let sass_text;
    let sass = match &tools {
        None => {
            let res = gpu::dry_run(&tests, a.instances, a.seed);
            gpu::write_results(&a.out, &res)?;
            Err(gpu::DRY_RUN_SASS)
        }
        Some(tools) => {
            // Build (minutes at most) plus every test's time, with slack.
            // Saturated: `seconds` is at most 10^9 (cli::args::MAX_SECS).
            let limit = Duration::from_secs_f64(
                (600.0 + tests.len() as f64 * (seconds * 1.5 + 10.0)).min(1e12),
            );
            gpu::device::run_harness(&a.out, tools, &a.arch, seconds, stress, limit)?;
            let p = a.out.join(gpu::emit::SASS_FILE);
            sass_text = relprove_engine::diag::read_source(&p).map_err(|e| GpuError::Io {
                path: p,
                error: e.into(),
            })?;
            Ok(sass_text.as_str())
        }
    };
    let results = gpu::read_results(&a.out)?;
    let models = gpu::model_states(&tests, &a.model, super::args::jobs(a.jobs))?;
    let rep = gpu::build_report(
        &tests,
        &results,
        sass,
        models,
        &a.model.display().to_string(),
        a.dry_run,
        &refs,
    );
    finish(&a.out, &rep, a.format)
}

fn report(a: &ReportArgs, sources: &mut SourceMap) -> Result<Exit, GpuError> {
    let tests = gpu::load_manifest_tests(&a.dir, sources)?;
    let refs = gpu::observations::read_optional(a.observations.as_deref())?;
    let results = gpu::read_results(&a.dir)?;
    let sp = a.dir.join(gpu::emit::SASS_FILE);
    let sass_text = std::fs::read_to_string(&sp).ok();
    let dry = results.device.starts_with(gpu::DRY_RUN_DEVICE);
    let sass = match &sass_text {
        _ if dry => Err(gpu::DRY_RUN_SASS),
        Some(s) => Ok(s.as_str()),
        None => Err("no sass.txt in the harness directory"),
    };
    let models = gpu::model_states(&tests, &a.model, super::args::jobs(a.jobs))?;
    let rep = gpu::build_report(
        &tests,
        &results,
        sass,
        models,
        &a.model.display().to_string(),
        dry,
        &refs,
    );
    finish(&a.dir, &rep, a.format)
}

fn check_sass(a: &CheckSassArgs, sources: &mut SourceMap) -> Result<Exit, GpuError> {
    let tests = gpu::load_manifest_tests(&a.dir, sources)?;
    let sp = a.dir.join(gpu::emit::SASS_FILE);
    if !sp.exists() {
        // Written by run.sh's build step on a machine with nvcc; a
        // `--dry-run` has none.
        return Err(GpuError::Tool {
            tool: "relprove gpu check-sass".into(),
            message: format!(
                "{} has no {}: the harness has not been built on a GPU machine (run {}/run.sh there; a --dry-run writes no SASS)",
                a.dir.display(),
                gpu::emit::SASS_FILE,
                a.dir.display()
            ),
        });
    }
    let text = relprove_engine::diag::read_source(&sp).map_err(|e| GpuError::Io {
        path: sp,
        error: e.into(),
    })?;
    let listing = gpu::sass::parse_listing(&text);
    let mut failed = 0;
    for t in &tests {
        match gpu::sass::check_test(&listing, &t.gpu) {
            gpu::sass::SassStatus::Checked => stdoutln!("{}: ok", t.gpu.name),
            gpu::sass::SassStatus::Failed { problems } => {
                failed += 1;
                stdoutln!("{}: FAILED: {}", t.gpu.name, problems.join("; "));
            }
            gpu::sass::SassStatus::NotChecked { reason } => {
                stdoutln!("{}: not checked: {reason}", t.gpu.name)
            }
        }
    }
    stdoutln!("SASS check: {} tests, {failed} failed", tests.len());
    Ok(if failed > 0 { Exit::Mismatch } else { Exit::Ok })
}

fn observations(a: &ObservationsArgs, sources: &mut SourceMap) -> Result<Exit, GpuError> {
    use gpu::report::Comparison as C;
    let rows = gpu::observations::compare(
        &a.file,
        &a.tests,
        &a.model,
        super::args::jobs(a.jobs),
        sources,
    )?;
    let count = |c: C| rows.iter().filter(|r| r.comparison == Some(c)).count();
    let violations = count(C::ModelViolation);
    let disagree = rows
        .iter()
        .filter(|r| r.recorded_agrees == Some(false))
        .count();
    let errors = rows.iter().filter(|r| r.error.is_some()).count();
    match a.format {
        Format::Json => stdoutln!(
            "{}",
            serde_json::to_string_pretty(&rows).unwrap_or_default()
        ),
        Format::Text => {
            stdout!("{}", gpu::observations::markdown(&rows));
            stdoutln!(
                "\n{} tests: {} allowed, observed; {} allowed, not observed; {} forbidden, not observed; {} MODEL VIOLATION; {} recorded verdicts differ from relprove's; {} errors",
                rows.len(),
                count(C::AllowedObserved),
                count(C::AllowedNotObserved),
                count(C::ForbiddenNotObserved),
                violations,
                disagree,
                errors
            );
        }
    }
    Ok(if violations > 0 {
        Exit::Mismatch
    } else if errors > 0 {
        Exit::Input
    } else {
        Exit::Ok
    })
}
