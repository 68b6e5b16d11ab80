//! `relprove litmus --model spirv.als TEST.test…` on Khronos's Vulkan
//! tests: the library parses and decides them
//! ([`relprove_litmus::khronos`]); this file prints one line per result
//! line (expected, got), the summary or one JSON document, and chooses the
//! exit code: 1 when a line disagrees, else 2 when a test could not be
//! read or decided, else 3 when a limit left a line unknown, else 0.

use super::exit::Exit;
use std::io::Write;
use std::path::{Path, PathBuf};

use relprove_engine::diag::{Diagnostic, SourceMap};
use relprove_litmus::khronos::{self, Got, Test};
use schemars::JsonSchema;
use serde::Serialize;

/// What `relprove litmus` was asked to do with Khronos tests.
pub struct Request {
    pub model: PathBuf,
    pub files: Vec<PathBuf>,
    pub jobs: usize,
    pub json: bool,
    pub emit_alloy: Option<PathBuf>,
    /// The time each test may take, all its result lines together.
    pub timeout: Option<std::time::Duration>,
    pub max_memory: Option<u64>,
    /// `--graph DIR`: draw the instance of each satisfiable result line.
    pub graph: Option<PathBuf>,
}

/// The Khronos tests that the command line's `paths` stand for, or
/// `None` when they are not Khronos tests (or do not expand: the PTX path
/// reports that).
pub fn khronos_files(paths: &[PathBuf]) -> Result<Option<Vec<PathBuf>>, Diagnostic> {
    let Ok(expanded) = relprove_litmus::files::expand(paths, &["litmus", "test"]) else {
        return Ok(None);
    };
    if !is_khronos_run(&expanded.files)? {
        return Ok(None);
    }
    super::report::test_files(paths, &["litmus", "test"]).map(Some)
}

/// Which of `files` (already expanded) are Khronos tests: `Ok(true)` when
/// every `.test` file is one and there is one, `Ok(false)` when none is;
/// an error names a file that mixes the formats in one run or is neither
/// format.
pub fn is_khronos_run(files: &[PathBuf]) -> Result<bool, Diagnostic> {
    let mut khronos: Option<&Path> = None;
    let mut other: Option<&Path> = None;
    for f in files {
        let is_test = f.extension().is_some_and(|e| e == "test");
        let kind = if is_test {
            let Ok(text) = relprove_engine::diag::read_source(f) else {
                // (reading it again later reports the error)
                other.get_or_insert(f);
                continue;
            };
            match khronos::is_khronos(&text) {
                Some(k) => k,
                None => {
                    return Err(Diagnostic::without_span(
                        relprove_engine::diag::Phase::Litmus,
                        format!(
                            "{}: neither a Khronos Vulkan test (NEWTHREAD, SATISFIABLE …) nor an NVIDIA mixed-proxy test (.global …, permit/assert)",
                            f.display()
                        ),
                    ))
                }
            }
        } else {
            false
        };
        if kind {
            khronos.get_or_insert(f);
        } else {
            other.get_or_insert(f);
        }
    }
    match (khronos, other) {
        (Some(k), Some(o)) => Err(Diagnostic::without_span(
            relprove_engine::diag::Phase::Litmus,
            format!(
                "{} is a Khronos Vulkan test and {} is not: run them separately (they need different models)",
                k.display(),
                o.display()
            ),
        )),
        (k, _) => Ok(k.is_some()),
    }
}

/// The JSON document of a run.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    pub summary: Summary,
    pub tests: Vec<JsonTest>,
}

/// Counts over result lines.
#[derive(Clone, Copy, Default, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// Test files.
    pub files: usize,
    /// Result lines of the files that were decided.
    pub lines: usize,
    pub agree: usize,
    pub disagree: usize,
    /// Lines a time or memory limit left undecided.
    pub unknown: usize,
    /// Files that could not be read or decided.
    pub errors: usize,
    pub time_ms: u64,
}

/// One test file.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JsonTest {
    pub file: String,
    /// Events (instructions); absent when the file did not parse.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<usize>,
    pub lines: Vec<JsonLine>,
    /// Why the file could not be decided (with its location).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One result line.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JsonLine {
    /// 1-based line number in the file.
    pub line: usize,
    pub expected: khronos::Expect,
    pub nochains: bool,
    pub formula: String,
    /// `SATISFIABLE`, `NOSOLUTION` or `UNKNOWN`.
    pub got: String,
    /// Absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agrees: Option<bool>,
    /// Why it is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `--graph`: the drawing of the line's instance (satisfiable lines),
    /// SVG when Graphviz is installed, else DOT.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    pub time_ms: u64,
}

/// Run the request; the exit code.
pub fn command(req: &Request, out: &mut dyn Write) -> Exit {
    let mut sources = SourceMap::new();
    let load = relprove_engine::resolve::LoadOptions::default();
    if req.model.extension().is_some_and(|e| e == "cat") {
        let d = Diagnostic::without_span(
            relprove_engine::diag::Phase::Litmus,
            format!(
                "{}: Khronos's tests (.test) state their results as Alloy formulas over spirv.als's fields, which a cat model does not have",
                req.model.display()
            ),
        )
        .hint("decide them with spirv.als; a cat model of Vulkan decides Dat3M's Vulkan tests (`VULKAN name` .litmus files; docs/cat.md)");
        return super::report::error(&sources, d, false);
    }
    let model = match khronos::VulkanModel::load(&req.model, &load) {
        Ok(m) => m,
        Err(d) => return super::report::error(&sources, d, false),
    };
    let start = std::time::Instant::now();
    let mut parsed: Vec<Result<Test, Diagnostic>> = Vec::new();
    for f in &req.files {
        parsed.push(parse(&mut sources, f));
    }
    for t in parsed.iter().flatten() {
        if !t.warnings.is_empty() {
            eprint!("{}", super::report::notes(&sources, &t.warnings, false));
        }
    }
    if let Some(dir) = &req.emit_alloy {
        return emit(&sources, &parsed, &model, dir, out);
    }
    let tests: Vec<&Test> = parsed.iter().flatten().collect();
    let opts = relprove_engine::check::CheckOptions {
        timeout: req.timeout,
        max_memory: req.max_memory,
        ..Default::default()
    };
    if let Some(dir) = &req.graph {
        if let Err(m) = super::graph::create_dir(dir) {
            eprintln!("relprove: {m}");
            return Exit::Input;
        }
    }
    let mut decided =
        khronos::decide_all(&tests, &model, &opts, &load, req.jobs, req.graph.is_some())
            .into_iter();
    let mut used_stems = std::collections::BTreeSet::new();
    let mut sum = Summary {
        files: req.files.len(),
        ..Default::default()
    };
    let mut docs = Vec::new();
    let mut overflowing = Vec::new();
    let mut lines_over = 0;
    for (f, p) in req.files.iter().zip(&parsed) {
        let label = f.display().to_string();
        let r = match p {
            Ok(t) => decided.next().map(|r| r.map(|r| (t, r))),
            Err(d) => Some(Err(d.clone())),
        };
        let Some(r) = r else { continue };
        match r {
            Ok((t, r)) => {
                let mut lines = Vec::new();
                for l in &r.lines {
                    let line = &t.results[l.index];
                    let agrees = l.agrees(line.expect);
                    match agrees {
                        Some(true) => sum.agree += 1,
                        Some(false) => sum.disagree += 1,
                        None => sum.unknown += 1,
                    }
                    sum.lines += 1;
                    if !l.overflows.is_empty() {
                        lines_over += 1;
                        overflowing.extend(l.overflows.iter().cloned());
                    }
                    let reason = match &l.got {
                        Got::Unknown(why) => Some(why.clone()),
                        _ => None,
                    };
                    let graph = match (&req.graph, &l.witness) {
                        (Some(dir), Some(w)) => {
                            let stem = format!(
                                "{}-line{}",
                                f.file_stem().and_then(|s| s.to_str()).unwrap_or(&t.name),
                                line.line
                            );
                            let title = format!("{} line {}: {}", t.name, line.line, line.formula);
                            super::graph::write_vulkan(dir, &mut used_stems, &stem, t, w, &title)
                                .map_err(|m| {
                                    eprintln!("relprove: --graph: {}: {m}", f.display());
                                    sum.errors += 1;
                                })
                                .ok()
                        }
                        _ => None,
                    };
                    if !req.json {
                        let drawn = graph
                            .as_ref()
                            .map_or(String::new(), |g| format!("  graph: {g}"));
                        let _ = writeln!(out, "{}{drawn}", line_text(&label, t, l));
                    }
                    lines.push(JsonLine {
                        line: line.line,
                        expected: line.expect,
                        nochains: line.nochains,
                        formula: line.formula.clone(),
                        got: l.got.word().to_string(),
                        agrees,
                        reason,
                        graph,
                        time_ms: l.time.as_millis() as u64,
                    });
                }
                docs.push(JsonTest {
                    file: label,
                    events: Some(t.events.len()),
                    lines,
                    error: None,
                });
            }
            Err(d) => {
                sum.errors += 1;
                if req.json {
                    let loc = d
                        .span
                        .map(|s| sources.location(s))
                        .unwrap_or_else(|| label.clone());
                    docs.push(JsonTest {
                        file: label,
                        events: None,
                        lines: Vec::new(),
                        error: Some(format!("{loc}: {}", d.full_message())),
                    });
                } else {
                    super::report::error(&sources, d, false);
                }
            }
        }
    }
    sum.time_ms = start.elapsed().as_millis() as u64;
    if let Some(note) = overflow_note(&overflowing, lines_over, sum.lines) {
        eprintln!("{note}");
    }
    if req.json {
        let doc = Doc {
            summary: sum,
            tests: docs,
        };
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    } else {
        let _ = writeln!(out, "{}", summary_line(&sum));
    }
    if sum.disagree > 0 {
        Exit::Mismatch
    } else if sum.errors > 0 {
        Exit::Input
    } else if sum.unknown > 0 {
        Exit::Limit
    } else {
        Exit::Ok
    }
}

fn parse(sources: &mut SourceMap, f: &Path) -> Result<Test, Diagnostic> {
    let text = relprove_engine::diag::read_source(f).map_err(|e| {
        Diagnostic::without_span(
            relprove_engine::diag::Phase::Io,
            format!("cannot read {}: {e}", f.display()),
        )
    })?;
    let id = sources.add(f.display().to_string(), f, text.clone());
    let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or("test");
    khronos::parse(id, stem, &text)
}

/// `PATH:LINE: EXPECTED [NOCHAINS] FORMULA: agrees (0.21 s)`.
fn line_text(label: &str, t: &Test, l: &khronos::LineResult) -> String {
    let line = &t.results[l.index];
    let what = format!(
        "{}{}{}{}",
        line.expect.word(),
        if line.nochains { " NOCHAINS" } else { "" },
        if line.formula.is_empty() { "" } else { " " },
        line.formula
    );
    let verdict = match (&l.got, l.agrees(line.expect)) {
        (Got::Unknown(why), _) => format!("UNKNOWN ({why})"),
        (_, Some(true)) => "agrees".to_string(),
        (got, _) => format!("DISAGREES: got {}", got.word()),
    };
    format!(
        "{label}:{}: {what}: {verdict} ({:.2} s)",
        line.line,
        l.time.as_secs_f64()
    )
}

fn summary_line(s: &Summary) -> String {
    format!(
        "Khronos tests: {}, {}: {} agree, {} disagree, {} unknown, {} ({:.1} s)",
        plural(s.files, "file", "files"),
        plural(s.lines, "result line", "result lines"),
        s.agree,
        s.disagree,
        s.unknown,
        plural(s.errors, "file with errors", "files with errors"),
        s.time_ms as f64 / 1000.0
    )
}

/// One note for the run: how many result lines have a count that can
/// wrap around (`#dr` over 10 events can reach 100; 4-bit Ints stop at 7).
fn overflow_note(
    overflowing: &[(String, relprove_engine::translate::IntOverflow)],
    over: usize,
    lines: usize,
) -> Option<String> {
    let widest = overflowing.iter().max_by_key(|(_, o)| o.tuples)?;
    let mut texts: Vec<&str> = overflowing.iter().map(|(t, _)| t.as_str()).collect();
    texts.sort_unstable();
    texts.dedup();
    Some(format!(
        "note: warning: on {over} of {lines} result lines a count ({}) can exceed {}, the largest Int of bitwidth {}: it wraps around, as in the Alloy Analyzer (Khronos's expected results come from it); the largest, {} in {}, needs bitwidth {} (docs/vulkan.md)",
        texts.join(", "),
        widest.1.max_int(),
        widest.1.bitwidth,
        widest.1.tuples,
        widest.0,
        widest.1.safe_bitwidth()
    ))
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `--emit-alloy DIR`: each test's module as `DIR/lt_NAME.als`.
fn emit(
    sources: &SourceMap,
    parsed: &[Result<Test, Diagnostic>],
    model: &khronos::VulkanModel,
    dir: &Path,
    out: &mut dyn Write,
) -> Exit {
    let mut code = Exit::Ok;
    for p in parsed {
        match p {
            Ok(t) => {
                let name = t
                    .name
                    .replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_");
                let path = dir.join(format!("lt_{name}.als"));
                let text = khronos::module(t, &model.open_name);
                if let Err(e) =
                    std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, text))
                {
                    eprintln!("error[io]: cannot write {}: {e}", path.display());
                    return Exit::Input;
                }
                let _ = writeln!(out, "{}", path.display());
            }
            Err(d) => code = code.max(super::report::error(sources, d.clone(), false)),
        }
    }
    if code == Exit::Ok {
        eprintln!(
            "note: each module opens `{}`: check it where that module is found (beside {})",
            model.open_name,
            model.path.display()
        );
    }
    code
}
