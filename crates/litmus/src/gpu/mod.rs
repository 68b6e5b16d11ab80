//! Litmus tests on a real GPU, compared with the model.
//!
//! `prepare` (litmus AST → harness form) → `emit` (CUDA harness, scripts,
//! manifest) → a run: `device` (nvcc, cuobjdump, the runner on the GPU)
//! or `sc` (the dry run: sequential consistency in Rust), both writing
//! `results` → `sass` (did the test survive compilation?) → `report`
//! (histograms against the model's verdicts from the crate root).
//! `observations` compares a reference table of hardware observations with
//! the model.

pub mod device;
pub mod emit;
pub mod error;
pub mod observations;
pub mod prepare;
pub mod report;
pub mod results;
pub mod sass;
pub mod sc;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub use error::{GpuError, ModelError};
use prepare::GpuTest;

use relprove_engine::diag::SourceMap;

/// A test file, parsed and prepared for the harness.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The test file, as given.
    pub path: PathBuf,
    /// The parsed test.
    pub test: crate::ast::Test,
    /// The test in the harness's form.
    pub gpu: GpuTest,
}

/// Parse and prepare test files (into `sources`, for diagnostics). Stops
/// at the first test that cannot be read, parsed or run on the harness.
pub fn load_tests(files: &[PathBuf], sources: &mut SourceMap) -> Result<Vec<Loaded>, GpuError> {
    let mut out = Vec::new();
    for (k, path) in files.iter().enumerate() {
        let text =
            relprove_engine::diag::read_source(path).map_err(|e| GpuError::io(path, e.into()))?;
        let id = sources.add(path.display().to_string(), path, text.clone());
        let test = crate::parse::parse(id, &text)?;
        let gpu = prepare::prepare(&test, &text, &path.display().to_string(), k)?;
        out.push(Loaded {
            path: path.clone(),
            test,
            gpu,
        });
    }
    // Test names key the results: they must be unique within a harness.
    for (i, a) in out.iter().enumerate() {
        if let Some(b) = out[..i].iter().find(|b| b.gpu.name == a.gpu.name) {
            return Err(GpuError::Unsupported {
                span: a.test.name_span,
                what: format!(
                    "test name {} is also the name of {} (names key the results)",
                    a.gpu.name,
                    b.path.display()
                ),
            });
        }
        if a.gpu.name.chars().any(char::is_whitespace) {
            return Err(GpuError::Unsupported {
                span: a.test.name_span,
                what: "a test name with white space".into(),
            });
        }
    }
    Ok(out)
}

/// Write the harness for `tests` into `dir`: `litmus.cu`, `build.sh`,
/// `run.sh`, `manifest.json`. Returns the files written. A file already
/// there with other contents (a hand-edited `run.sh`) is replaced only
/// with `force`; without it nothing is written (issue 34).
pub fn emit_harness(
    dir: &Path,
    tests: &[Loaded],
    arch: &str,
    force: bool,
) -> Result<Vec<PathBuf>, GpuError> {
    std::fs::create_dir_all(dir).map_err(|e| GpuError::io(dir, e))?;
    let gpu: Vec<GpuTest> = tests.iter().map(|t| t.gpu.clone()).collect();
    let manifest = emit::Manifest::new(arch, &gpu);
    let manifest_json = serde_json::to_string_pretty(&manifest).unwrap_or_default() + "\n";
    let files = [
        (emit::CU_FILE, emit::cuda_source(&gpu), false),
        (emit::BUILD_FILE, emit::build_script(arch), true),
        (emit::RUN_FILE, emit::run_script(arch), true),
        (emit::MANIFEST_FILE, manifest_json, false),
    ];
    if !force {
        for (name, text, _) in &files {
            let p = dir.join(name);
            if p.exists() && std::fs::read_to_string(&p).ok().as_deref() != Some(text.as_str()) {
                return Err(kept(&p));
            }
        }
    }
    let mut written = Vec::new();
    for (name, text, exec) in files {
        let p = dir.join(name);
        std::fs::write(&p, text).map_err(|e| GpuError::io(&p, e))?;
        if exec {
            make_executable(&p)?;
        }
        written.push(p);
    }
    Ok(written)
}

#[cfg(unix)]
fn make_executable(p: &Path) -> Result<(), GpuError> {
    use std::os::unix::fs::PermissionsExt;
    let mut perm = std::fs::metadata(p)
        .map_err(|e| GpuError::io(p, e))?
        .permissions();
    perm.set_mode(0o755);
    std::fs::set_permissions(p, perm).map_err(|e| GpuError::io(p, e))
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> Result<(), GpuError> {
    Ok(())
}

/// Read the test files named by a harness's manifest.
pub fn read_manifest(dir: &Path) -> Result<emit::Manifest, GpuError> {
    let p = dir.join(emit::MANIFEST_FILE);
    let text = relprove_engine::diag::read_source(&p).map_err(|e| GpuError::io(&p, e.into()))?;
    serde_json::from_str(&text).map_err(|e| GpuError::Format {
        path: p,
        line: e.line(),
        col: e.column(),
        message: e.to_string(),
    })
}

/// The tests of a harness directory, read back from the files its
/// manifest names (relative paths: to the current directory), checked to
/// be the ones the harness was generated from.
pub fn load_manifest_tests(dir: &Path, sources: &mut SourceMap) -> Result<Vec<Loaded>, GpuError> {
    let m = read_manifest(dir)?;
    let files: Vec<PathBuf> = m.tests.iter().map(|t| PathBuf::from(&t.file)).collect();
    let tests = load_tests(&files, sources)?;
    // The harness was generated from these files: the identifiers must agree.
    for (t, mt) in tests.iter().zip(&m.tests) {
        if t.gpu.ident != mt.ident || t.gpu.var_names() != mt.vars {
            return Err(GpuError::Tool {
                tool: "relprove gpu".into(),
                message: format!(
                    "{} changed since the harness in {} was generated: emit and run it again",
                    mt.file,
                    dir.display()
                ),
            });
        }
    }
    Ok(tests)
}

/// The device line of a dry run's results.
pub const DRY_RUN_DEVICE: &str = "dry run (sequential consistency, no GPU)";
/// Why a dry run's tests have no SASS check.
pub const DRY_RUN_SASS: &str = "dry run (nothing compiled)";

/// The dry run: every test simulated under sequential consistency,
/// `instances` random interleavings each (seeded), as a results file.
pub fn dry_run(tests: &[Loaded], instances: u64, seed: u64) -> results::Results {
    let mut rng = sc::SplitMix64::new(seed);
    let records = tests
        .iter()
        .map(|t| {
            let histogram = sc::run_random(&t.gpu, instances, &mut rng);
            results::Record {
                name: t.gpu.name.clone(),
                vars: t.gpu.var_names(),
                launches: 1,
                instances,
                // The dry run is deterministic: no wall-clock time in it.
                seconds: 0.0,
                config: format!("dry-run sc interleavings seed={seed}"),
                histogram,
            }
        })
        .collect();
    results::Results {
        device: DRY_RUN_DEVICE.into(),
        records,
    }
}

/// One test's allowed final states under the model (values of the
/// condition's variables), or why the model could not decide it.
pub type ModelStates = Result<BTreeSet<Vec<i64>>, ModelError>;

/// The model's allowed final states of every test (values of the
/// condition's variables), decided by the litmus machinery on `jobs`
/// threads; per test the states or the error text.
pub fn model_states(
    tests: &[Loaded],
    model: &Path,
    jobs: usize,
) -> Result<Vec<ModelStates>, GpuError> {
    let model = crate::run::ModelRef::load(model)?;
    let backend = crate::checker::Checker::default();
    let files: Vec<PathBuf> = tests.iter().map(|t| t.path.clone()).collect();
    let sources = Mutex::new(SourceMap::new());
    let res = crate::run::run_batch(
        &files,
        &model,
        &backend,
        crate::run::Options::default(),
        jobs,
        &sources,
    );
    let sources = sources.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(res
        .into_iter()
        .map(|r| {
            r.map(|r| r.states).map_err(|d| ModelError {
                location: d.span.map(|s| sources.location(s)).unwrap_or_default(),
                message: d.message,
            })
        })
        .collect())
}

/// Build the report: each test's record (by name), SASS status (`sass`:
/// the `cuobjdump -sass` listing, or `None` with the reason it was not
/// checked) and model states.
pub fn build_report(
    tests: &[Loaded],
    results: &results::Results,
    sass: Result<&str, &str>,
    models: Vec<ModelStates>,
    model_name: &str,
    dry_run: bool,
    reference: &[observations::Observation],
) -> report::Report {
    let listing = sass.ok().map(sass::parse_listing);
    let reports = tests
        .iter()
        .zip(models)
        .map(|(t, m)| {
            let status = match (&listing, sass) {
                (Some(l), _) => sass::check_test(l, &t.gpu),
                (None, Err(why)) | (None, Ok(why)) => sass::SassStatus::NotChecked {
                    reason: why.to_string(),
                },
            };
            let mut r = match results.records.iter().find(|r| r.name == t.gpu.name) {
                Some(rec) => report::test_report(&t.gpu, rec, status, m),
                None => {
                    let empty = results::Record {
                        name: t.gpu.name.clone(),
                        vars: t.gpu.var_names(),
                        ..Default::default()
                    };
                    let mut r = report::test_report(&t.gpu, &empty, status, m);
                    r.histogram.clear();
                    r.model = None;
                    r.comparison = None;
                    r.condition_count = None;
                    r.not_reported = Some("no results (the run did not reach this test)".into());
                    r
                }
            };
            if let Some(o) = reference.iter().find(|o| o.test == t.gpu.name) {
                report::attach_reference(&mut r, o.instances, o.observed);
            }
            r
        })
        .collect();
    report::Report::new(
        results.device.clone(),
        dry_run,
        model_name.to_string(),
        reports,
    )
}

/// Write `report.json` and `report.txt` into `dir`; returns both texts.
pub fn write_report(dir: &Path, rep: &report::Report) -> Result<(String, String), GpuError> {
    let json = serde_json::to_string_pretty(rep).unwrap_or_default() + "\n";
    let text = rep.text();
    for (name, body) in [("report.json", &json), ("report.txt", &text)] {
        let p = dir.join(name);
        std::fs::write(&p, body).map_err(|e| GpuError::io(&p, e))?;
    }
    Ok((json, text))
}

/// Read `results.txt` of a harness directory.
pub fn read_results(dir: &Path) -> Result<results::Results, GpuError> {
    let p = dir.join(emit::RESULTS_FILE);
    let text = relprove_engine::diag::read_source(&p).map_err(|e| GpuError::io(&p, e.into()))?;
    results::Results::parse(&p, &text)
}

/// The error for a file that a command would replace: it is kept.
fn kept(p: &Path) -> GpuError {
    GpuError::io(
        p,
        std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "it exists and differs from what relprove would write; it is kept \
             (--force replaces it, or choose another --out)",
        ),
    )
}

/// Refuse to run where `results.txt` already is (results brought back
/// from a GPU machine, or an earlier run), unless `force`: `gpu run`
/// replaces it (issue 34: `--dry-run --out DIR` overwrote real results).
pub fn check_results_kept(dir: &Path, force: bool) -> Result<(), GpuError> {
    let p = dir.join(emit::RESULTS_FILE);
    if !force && p.exists() {
        return Err(kept(&p));
    }
    Ok(())
}

/// Write `results.txt` into a harness directory (the dry run's results).
pub fn write_results(dir: &Path, res: &results::Results) -> Result<(), GpuError> {
    let p = dir.join(emit::RESULTS_FILE);
    std::fs::write(&p, res.render()).map_err(|e| GpuError::io(&p, e))
}
