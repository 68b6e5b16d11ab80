//! Deciding a [`Test`]: its module ([`super::module`]) is resolved as if
//! it lived beside the model (so that `open spirv` finds it), and each
//! result line's `run` is decided by [`check_command`], its instance
//! re-evaluated by the independent evaluator.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{module, run_name, Attr, Expect, Level, Test};
use relprove_engine::check::{check_command, CheckError, CheckOptions, Outcome};
use relprove_engine::diag::{Cause, Diagnostic, Phase, SourceMap, Span};
use relprove_engine::ir::{CommandId, Model};
use relprove_engine::resolve::{load_source, LoadOptions};

/// The fields of `Exec` a test's module states, besides the attributes.
const PROGRAM_FIELDS: [&str; 8] = [
    "EV",
    "ssw",
    "pgmsref",
    "pgmsloc",
    "rf",
    "RFINIT",
    "scbarinst",
    "chains",
];

/// A Vulkan memory model in Alloy with `spirv.als`'s vocabulary: `sig E`,
/// `sig Exec` with the fields Khronos's tests fix.
#[derive(Clone, Debug)]
pub struct VulkanModel {
    /// The model file (canonical; for a cat model, its Alloy form).
    pub path: PathBuf,
    /// Its module name, `open`ed by every test's module (the file's stem).
    pub open_name: String,
    /// A cat model of Vulkan (Dat3M's `vulkan.cat`): the tests' modules
    /// are [`super::cat_module`]'s, over its Alloy form.
    pub cat: Option<Arc<crate::cat::AlloyForms>>,
}

/// What a cat model's Alloy form adds for the tests' result lines: the
/// consistency predicate they name, and whether a flag is raised.
fn cat_epilogue(model: &crate::cat::CatModel) -> String {
    let flags: Vec<&str> = model
        .compiled
        .axioms
        .iter()
        .filter(|a| a.flag)
        .map(|a| a.pred.as_str())
        .collect();
    format!(
        "\n-- For the tests' result lines.\npred consistent[X: Exec] {{ cat_consistent }}\npred cat_flagged[X: Exec] {{ {} }}\n",
        if flags.is_empty() {
            "some none".to_string()
        } else {
            flags.join(" or ")
        }
    )
}

impl VulkanModel {
    /// Check that the model at `path` loads and declares what the tests
    /// use; the error says what is missing.
    pub fn load(path: &Path, opts: &LoadOptions) -> Result<VulkanModel, Diagnostic> {
        let path = path.canonicalize().map_err(|e| {
            Diagnostic::without_span(
                Phase::Io,
                format!("cannot read model {}: {e}", path.display()),
            )
        })?;
        let open_name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let ident = open_name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && open_name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return Err(Diagnostic::without_span(
                Phase::Litmus,
                format!(
                    "the model's file name {} is not an Alloy module name: each test's module opens the model by it",
                    path.display()
                ),
            )
            .hint("rename the file (letters, digits and `_`, a letter first), e.g. spirv.als"));
        }
        let m = VulkanModel {
            path,
            open_name,
            cat: None,
        };
        let text = format!("module lt_base\nopen {}\n", m.open_name);
        let (model, _) = m.resolve("lt_base", &text, opts).map_err(|c| {
            Diagnostic::without_span(
                Phase::Litmus,
                format!("the model {} does not load: ", m.path.display()),
            )
            .caused_by(c)
        })?;
        let missing = missing_names(&model);
        if !missing.is_empty() {
            return Err(Diagnostic::without_span(
                Phase::Litmus,
                format!(
                    "{} is not a Vulkan model for Khronos's tests: it declares no {}",
                    m.path.display(),
                    missing.join(", ")
                ),
            )
            .hint("Khronos's tests need spirv.als's `sig E` and `sig Exec` with its fields (Vulkan-MemoryModel, alloy/spirv.als); see docs/vulkan.md"));
        }
        Ok(m)
    }

    /// The cat model at `path`, which must be a model of Vulkan (its name
    /// line `VULKAN`, or its names Vulkan's); its text is added to
    /// `sources`, where its diagnostics point.
    pub fn load_cat(sources: &mut SourceMap, path: &Path) -> Result<VulkanModel, Diagnostic> {
        let model = crate::cat::load(sources, path)?;
        if model.arch.binding.is_some() {
            return Err(Diagnostic::without_span(
                Phase::Litmus,
                format!(
                    "{} is a cat model of {}: Dat3M's Vulkan tests need a cat model of Vulkan (`VULKAN` on its first line)",
                    path.display(),
                    model.arch.name
                ),
            ));
        }
        let epilogue = cat_epilogue(&model);
        let forms = crate::cat::AlloyForms::new(model, epilogue)?;
        Ok(VulkanModel {
            path: forms.top(),
            open_name: crate::cat::module_name(None),
            cat: Some(Arc::new(forms)),
        })
    }

    /// The formula of a result line that holds when the execution has a
    /// data race: spirv.als's `dr`, or a cat model's flags.
    pub fn races(&self) -> &'static str {
        match self.cat {
            None => "some X.dr",
            Some(_) => "cat_flagged[X]",
        }
    }

    /// Whether the model has flags to report (a cat model without `flag`
    /// cannot answer `--check races`).
    pub fn has_races(&self) -> bool {
        match &self.cat {
            None => true,
            Some(c) => c.model.compiled.axioms.iter().any(|a| a.flag),
        }
    }

    /// The module a test's module opens for an execution of `events` cat
    /// events: the model's, or for a cat model with a `let rec`, its form
    /// unrolled for that many events (rounded up to a multiple of 4),
    /// written on first use.
    fn open_for(&self, events: usize) -> Result<String, Diagnostic> {
        match &self.cat {
            None => Ok(self.open_name.clone()),
            Some(forms) => forms.for_events(events).map(|(name, _)| name),
        }
    }

    /// Resolve `text` as the module `name` beside the model.
    fn resolve(
        &self,
        name: &str,
        text: &str,
        opts: &LoadOptions,
    ) -> Result<(Model, Arc<SourceMap>), Cause> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let file = dir.join(format!("{name}.als")).display().to_string();
        let mut sources = SourceMap::new();
        match load_source(&file, text, &mut sources, opts) {
            Ok(model) => Ok((model, Arc::new(sources))),
            Err(diagnostics) => Err(Cause {
                sources: Arc::new(sources),
                diagnostics,
            }),
        }
    }
}

/// The sigs and `Exec` fields a test's module names that `model` lacks.
fn missing_names(model: &Model) -> Vec<String> {
    let sig = |n: &str| model.sigs.iter().position(|s| s.name == n);
    let mut missing = Vec::new();
    if sig("E").is_none() {
        missing.push("`sig E`".to_string());
    }
    let Some(exec) = sig("Exec") else {
        missing.push("`sig Exec`".to_string());
        return missing;
    };
    let fields = Attr::ALL
        .iter()
        .map(|a| a.field())
        .chain(PROGRAM_FIELDS)
        .chain(Level::ALL.iter().map(|l| l.field()));
    for f in fields {
        let declared = model
            .fields
            .iter()
            .any(|x| x.name == f && x.sig.index() == exec);
        if !declared && !missing.contains(&format!("`Exec.{f}`")) {
            missing.push(format!("`Exec.{f}`"));
        }
    }
    missing
}

/// What relprove found for a result line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Got {
    /// An execution satisfying the line's formula exists.
    Sat,
    /// No execution satisfies the line's formula.
    NoSolution,
    /// A limit stopped it: why.
    Unknown(String),
}

impl Got {
    /// `SATISFIABLE`, `NOSOLUTION` or `UNKNOWN`.
    pub fn word(&self) -> &'static str {
        match self {
            Got::Sat => "SATISFIABLE",
            Got::NoSolution => "NOSOLUTION",
            Got::Unknown(_) => "UNKNOWN",
        }
    }
}

/// One result line decided.
#[derive(Clone, Debug)]
pub struct LineResult {
    /// Index into [`Test::results`].
    pub index: usize,
    /// What the checker found.
    pub got: Got,
    /// Wall-clock time of deciding the line (the checker's run of its
    /// `run` command).
    pub time: Duration,
    /// Counts of the line's formula (their text, `#dr`) that the scope lets
    /// exceed the largest Int: they wrap around, as in the Alloy Analyzer.
    pub overflows: Vec<(String, relprove_engine::translate::IntOverflow)>,
    /// The execution found ([`Got::Sat`]), when asked for (`keep`).
    pub witness: Option<Arc<super::draw::Witness>>,
}

impl LineResult {
    /// Whether the line's expectation holds (an unknown outcome neither
    /// agrees nor disagrees).
    pub fn agrees(&self, expect: Expect) -> Option<bool> {
        match (&self.got, expect) {
            (Got::Unknown(_), _) => None,
            (Got::Sat, e) => Some(e == Expect::Satisfiable),
            (Got::NoSolution, e) => Some(e == Expect::NoSolution),
        }
    }
}

/// Every result line of a test decided.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// One per result line, in the order of [`Test::results`].
    pub lines: Vec<LineResult>,
    /// Building and resolving the module.
    pub load_time: Duration,
}

/// Decide every result line of `test` over `model`. `opts.timeout` is the
/// time of the whole test; a line that runs out of it is [`Got::Unknown`]
/// (and so are the lines after it). Errors: the module does not resolve
/// (a result line's formula names what the model lacks) or the checker
/// failed; a diagnostic at the test (or at the line). `keep`: keep the
/// execution of each satisfiable line ([`LineResult::witness`]).
pub fn decide(
    test: &Test,
    model: &VulkanModel,
    opts: &CheckOptions,
    load: &LoadOptions,
    keep: bool,
) -> Result<TestResult, Diagnostic> {
    let start = Instant::now();
    let deadline = opts.timeout.map(|t| start + t);
    let name = super::module::module_name(test);
    let text = match &model.cat {
        None => {
            let extra = test.events.iter().find_map(|e| {
                Attr::CAT_ONLY
                    .iter()
                    .find(|a| e.has(**a))
                    .map(|a| (e.span, a.field()))
            });
            if let Some((span, tag)) = extra {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!("unsupported: storage class tag {tag} (spirv.als has two storage classes, sc0 and sc1)"),
                )
                .hint("Dat3M's vulkan.cat has four: relprove litmus --model vulkan.cat (docs/cat.md)"));
            }
            module(test, &model.open_name)
        }
        Some(_) => {
            super::cat_module::module(test, &model.open_for(super::cat_module::events(test))?)
        }
    };
    let whole = Span::new(test.file, 0, 0);
    let (ir, sources) = model.resolve(&name, &text, load).map_err(|c| {
        let at = c
            .diagnostics
            .first()
            .and_then(|d| d.span)
            .and_then(|s| line_of(test, &c.sources, s))
            .map(|k| test.results[k].formula_span)
            .unwrap_or(whole);
        Diagnostic::new(
            Phase::Litmus,
            at,
            "the test's module does not resolve against the model: ",
        )
        .caused_by(c)
    })?;
    let load_time = start.elapsed();
    let ir = Arc::new(ir);
    let mut lines = Vec::new();
    for k in 0..test.results.len() {
        let t0 = Instant::now();
        let run = run_name(test, k);
        let Some(id) = ir.commands.iter().position(|c| c.name == run) else {
            return Err(Diagnostic::new(
                Phase::Litmus,
                test.results[k].span,
                format!(
                    "internal error: the generated module has no command {run} (a bug in relprove)"
                ),
            ));
        };
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let mut overflows = Vec::new();
        let mut witness = None;
        let got = if left == Some(Duration::ZERO) {
            Got::Unknown("time limit".into())
        } else {
            let o = CheckOptions {
                timeout: left,
                ..opts.clone()
            };
            match check_command(&ir, CommandId(id as u32), &o) {
                Ok(r) => {
                    overflows = r
                        .overflows
                        .iter()
                        .map(|o| (sources.snippet(o.span).to_string(), o.clone()))
                        .collect();
                    match r.outcome {
                        Outcome::Sat(instance) => {
                            if keep {
                                witness = Some(Arc::new(super::draw::Witness {
                                    model: ir.clone(),
                                    instance,
                                }));
                            }
                            Got::Sat
                        }
                        Outcome::Unsat => Got::NoSolution,
                        Outcome::Unknown(why) => Got::Unknown(why.to_string()),
                    }
                }
                Err(CheckError::Input(d)) => {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        test.results[k].formula_span,
                        "the result line does not check: ",
                    )
                    .caused_by(Cause {
                        sources: sources.clone(),
                        diagnostics: vec![d],
                    }))
                }
                Err(CheckError::Internal(m)) => {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        test.results[k].span,
                        format!("internal error (a bug in relprove): {m}"),
                    ))
                }
            }
        };
        lines.push(LineResult {
            index: k,
            got,
            time: t0.elapsed(),
            overflows,
            witness,
        });
    }
    Ok(TestResult { lines, load_time })
}

/// The result line whose predicate holds `span` of the generated module.
fn line_of(test: &Test, sources: &SourceMap, span: Span) -> Option<usize> {
    let text = &sources.get(span.file).text;
    let before = text.get(..span.start as usize)?;
    let pred = before.rfind("\npred lt_line")?;
    let num: String = before[pred + "\npred lt_line".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let line: usize = num.parse().ok()?;
    test.results.iter().position(|r| r.line == line)
}

/// [`decide`] for every test, on up to `jobs` worker threads; results in
/// the order of `tests`. A panic inside the checker becomes an error of
/// its test, so that one test cannot take a batch down.
pub fn decide_all(
    tests: &[&Test],
    model: &VulkanModel,
    opts: &CheckOptions,
    load: &LoadOptions,
    jobs: usize,
    keep: bool,
) -> Vec<Result<TestResult, Diagnostic>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let guarded = |t: &Test| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            decide(t, model, opts, load, keep)
        }))
        .unwrap_or_else(|p| {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Diagnostic::new(
                Phase::Litmus,
                Span::new(t.file, 0, 0),
                format!(
                    "internal error while checking {} (a bug in relprove): {msg}",
                    t.name
                ),
            ))
        })
    };
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<TestResult, Diagnostic>>>> =
        Mutex::new(vec![None; tests.len()]);
    std::thread::scope(|s| {
        for _ in 0..relprove_engine::budget::workers(jobs, tests.len()) {
            // The checker's phases recurse over formulas: room for them.
            let worker = std::thread::Builder::new().stack_size(256 << 20);
            let spawned = worker.spawn_scoped(s, || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= tests.len() {
                    break;
                }
                let r = guarded(tests[i]);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
            if spawned.is_err() {
                break;
            }
        }
    });
    // (tests no worker could take run here)
    let mut results: Vec<Result<TestResult, Diagnostic>> = results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .zip(tests)
        .map(|(r, t)| r.unwrap_or_else(|| guarded(t)))
        .collect();
    let memory = |r: &Result<TestResult, Diagnostic>| {
        r.as_ref().is_ok_and(|t| {
            t.lines
                .iter()
                .any(|l| matches!(&l.got, Got::Unknown(why) if why.starts_with("memory limit")))
        })
    };
    redo_alone(&mut results, jobs, memory, |i| guarded(tests[i]));
    results
}

/// The memory limit counts the whole process's heap: a test that hit it
/// while others ran beside it (`jobs` > 1) is decided again, alone, on a
/// worker with room for the checker's recursion.
pub(crate) fn redo_alone<R: Send>(
    results: &mut [R],
    jobs: usize,
    hit_memory: impl Fn(&R) -> bool,
    redo: impl Fn(usize) -> R + Sync,
) {
    if relprove_engine::budget::workers(jobs, results.len()) < 2 {
        return;
    }
    let again: Vec<usize> = (0..results.len())
        .filter(|&i| hit_memory(&results[i]))
        .collect();
    if again.is_empty() {
        return;
    }
    let redone = std::thread::scope(|s| {
        let worker = std::thread::Builder::new().stack_size(256 << 20);
        worker
            .spawn_scoped(s, || {
                again.iter().map(|&i| (i, redo(i))).collect::<Vec<_>>()
            })
            .ok()
            .and_then(|h| h.join().ok())
    });
    for (i, r) in redone.unwrap_or_default() {
        results[i] = r;
    }
}

#[cfg(test)]
mod tests {
    use super::redo_alone;

    #[test]
    fn only_memory_failures_are_redone_and_only_after_a_parallel_run() {
        let mut results = vec![1, -1, 2, -1];
        redo_alone(&mut results, 2, |r| *r < 0, |i| 10 * i as i32);
        assert_eq!(results, vec![1, 10, 2, 30]);
        // One worker: nothing ran beside the test, nothing to redo.
        let mut alone = vec![-1, 1];
        redo_alone(&mut alone, 1, |r| *r < 0, |_| 0);
        assert_eq!(alone, vec![-1, 1]);
    }
}
