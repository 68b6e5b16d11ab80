//! `relprove litmus --model spirv.als TEST.litmus…` on Dat3M's Vulkan
//! tests (`VULKAN name …`): the library parses and decides them
//! ([`relprove_litmus::khronos::dat3m`]); this file prints one line per
//! test (or one JSON document) and the summary, and chooses the exit code:
//! 1 when a verdict differs from `--expect`, else 2 when a test could not
//! be read or decided, else 3 when a limit left one unknown, else 0.

use super::exit::Exit;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use relprove_engine::diag::{Diagnostic, Phase, SourceMap};
use relprove_litmus::khronos::dat3m::{self, Mode, Options, VTest, Verdict};
use relprove_litmus::khronos::VulkanModel;
use relprove_litmus::output::Expectation;
use schemars::JsonSchema;
use serde::Serialize;

/// What `relprove litmus` was asked to do with Dat3M Vulkan tests.
pub struct Request {
    pub model: PathBuf,
    pub files: Vec<PathBuf>,
    pub jobs: usize,
    pub json: bool,
    pub expect: Option<PathBuf>,
    pub how: Options,
    pub timeout: Option<std::time::Duration>,
    pub max_memory: Option<u64>,
    /// `--graph DIR`: draw the execution that decided each test.
    pub graph: Option<PathBuf>,
}

/// The Dat3M Vulkan tests that `paths` stand for, or `None` when the
/// `.litmus` files among them are not Vulkan tests. A run that mixes
/// Vulkan tests with others is refused (they need different models).
pub fn dat3m_files(paths: &[PathBuf]) -> Result<Option<Vec<PathBuf>>, Diagnostic> {
    let Ok(expanded) = relprove_litmus::files::expand(paths, &["litmus"]) else {
        return Ok(None);
    };
    let mut vulkan: Option<&Path> = None;
    let mut other: Option<&Path> = None;
    for f in &expanded.files {
        let Ok(text) = relprove_engine::diag::read_source(f) else {
            // (reading it again reports the error)
            continue;
        };
        if dat3m::is_dat3m_vulkan(&text) {
            vulkan.get_or_insert(f);
        } else {
            other.get_or_insert(f);
        }
    }
    match (vulkan, other) {
        (None, _) => Ok(None),
        (Some(v), Some(o)) => Err(Diagnostic::without_span(
            Phase::Litmus,
            format!(
                "{} is a Vulkan test and {} is not: run them separately (they need different models)",
                v.display(),
                o.display()
            ),
        )),
        (Some(_), None) => super::report::test_files(paths, &["litmus"]).map(Some),
    }
}

/// The JSON document of a run.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `condition` (herd's Ok/No) or `races` (race freedom).
    pub check: String,
    /// Availability and visibility chains of one element (`--no-chains`).
    pub nochains: bool,
    pub summary: Summary,
    pub tests: Vec<JsonTest>,
}

/// Counts over the tests.
#[derive(Clone, Copy, Default, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    pub tests: usize,
    /// Condition: herd's Ok; races: race-free.
    pub pass: usize,
    /// Condition: herd's No; races: a data race found.
    pub fail: usize,
    pub unknown: usize,
    pub errors: usize,
    /// Decided tests with an expectation (`--expect`; an unknown verdict
    /// counts in neither) and those that differ.
    pub expected: usize,
    pub mismatches: usize,
    pub time_ms: u64,
}

/// One test.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JsonTest {
    pub file: String,
    /// The name in the test's first line (absent when it did not parse).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `Ok`, `No`, `race-free`, `racy` or `Unknown`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    /// `Ok` or `No` from `--expect` (for races: Ok = race-free).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// Candidate programs (one path per thread) and how many were solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub programs: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved: Option<usize>,
    /// Why the test could not be decided, or why it is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `--graph`: the drawing of the execution that decided the test (an
    /// `exists` found, a `~exists`/`forall` violated, a race), SVG when
    /// Graphviz is installed, else DOT.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    pub time_ms: u64,
}

fn parse(sources: &mut SourceMap, f: &Path) -> Result<VTest, Diagnostic> {
    let text = relprove_engine::diag::read_source(f).map_err(|e| {
        Diagnostic::without_span(Phase::Io, format!("cannot read {}: {e}", f.display()))
    })?;
    let id = sources.add(f.display().to_string(), f.display().to_string(), text);
    let text = sources.get(id).text.clone();
    dat3m::parse(id, &text)
}

/// Load a Vulkan model: a cat model, or an Alloy model with spirv.als's
/// vocabulary.
pub fn load_model(sources: &mut SourceMap, path: &Path) -> Result<VulkanModel, Diagnostic> {
    if path.extension().is_some_and(|e| e == "cat") {
        VulkanModel::load_cat(sources, path)
    } else {
        VulkanModel::load(path, &Default::default())
    }
}

/// The expectation for a test: by its file's stem (Dat3M's tables name
/// files, and two files may share a test name), else by its name.
fn expectation(table: &BTreeMap<String, Expectation>, t: &VTest, f: &Path) -> Option<bool> {
    let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    match table.get(stem).or_else(|| table.get(&t.name))? {
        Expectation::Validated(b) => Some(*b),
        _ => None,
    }
}

/// Run the request; the exit code.
pub fn command(req: &Request, out: &mut dyn Write) -> Exit {
    let mut sources = SourceMap::new();
    let load = relprove_engine::resolve::LoadOptions::default();
    let model = match load_model(&mut sources, &req.model) {
        Ok(m) => m,
        Err(d) => return super::report::error(&sources, d, false),
    };
    let table = match &req.expect {
        None => BTreeMap::new(),
        Some(p) => {
            match super::args::side_file(
                &mut sources,
                p,
                relprove_litmus::output::parse_expectations,
            ) {
                Ok(t) => t,
                Err(exit) => return exit,
            }
        }
    };
    let start = std::time::Instant::now();
    let parsed: Vec<Result<VTest, Diagnostic>> =
        req.files.iter().map(|f| parse(&mut sources, f)).collect();
    let tests: Vec<&VTest> = parsed.iter().flatten().collect();
    let opts = relprove_engine::check::CheckOptions {
        timeout: req.timeout,
        max_memory: req.max_memory,
        ..Default::default()
    };
    let mut decided =
        dat3m::decide_all(&tests, &model, req.how, &opts, &load, req.jobs).into_iter();
    let mut sum = Summary {
        tests: req.files.len(),
        ..Default::default()
    };
    let mut docs = Vec::new();
    if let Some(dir) = &req.graph {
        if let Err(m) = super::graph::create_dir(dir) {
            eprintln!("relprove: {m}");
            return Exit::Input;
        }
    }
    let mut used_stems = std::collections::BTreeSet::new();
    for (f, p) in req.files.iter().zip(&parsed) {
        let label = f.display().to_string();
        let r = match p {
            Ok(t) => decided.next().map(|r| r.map(|d| (t, d))),
            Err(d) => Some(Err(d.clone())),
        };
        let Some(r) = r else { continue };
        match r {
            Ok((t, d)) => {
                let expected = expectation(&table, t, f);
                let mut why = None;
                match d.verdict.pass() {
                    Some(true) => sum.pass += 1,
                    Some(false) => sum.fail += 1,
                    None => {
                        sum.unknown += 1;
                        if let Verdict::Unknown(w) = &d.verdict {
                            why = Some(w.clone());
                        }
                    }
                }
                let mismatch = match (expected, d.verdict.pass()) {
                    (Some(e), Some(g)) => e != g,
                    _ => false,
                };
                // An unknown verdict neither meets nor misses its expectation.
                if expected.is_some() && d.verdict.pass().is_some() {
                    sum.expected += 1;
                }
                if mismatch {
                    sum.mismatches += 1;
                }
                let word = |b: bool| if b { "Ok" } else { "No" };
                let drawn = match (&req.graph, &d.drawn) {
                    (Some(dir), Some((program, witness))) => {
                        let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or(&t.name);
                        let title =
                            format!("{} ({}): {}", t.name, d.verdict.word(), t.question.text);
                        super::graph::write_vulkan(
                            dir,
                            &mut used_stems,
                            stem,
                            program,
                            witness,
                            &title,
                        )
                        .map_err(|m| {
                            eprintln!("relprove: --graph: {}: {m}", f.display());
                            sum.errors += 1;
                        })
                        .ok()
                    }
                    _ => None,
                };
                if !req.json {
                    let exp = match expected {
                        Some(e) if mismatch => format!("  MISMATCH: expected {}", word(e)),
                        Some(_) if d.verdict.pass().is_some() => "  (as expected)".to_string(),
                        Some(e) => format!("  (expected {})", word(e)),
                        None => String::new(),
                    };
                    let unknown = why.as_ref().map_or(String::new(), |w| format!(" ({w})"));
                    let graph = drawn
                        .as_ref()
                        .map_or(String::new(), |g| format!("  graph: {g}"));
                    let _ = writeln!(
                        out,
                        "{label}: {} {}{unknown} — {} of {} programs solved, {} ms{exp}{graph}",
                        t.name,
                        d.verdict.word(),
                        d.solved,
                        d.combinations,
                        d.time.as_millis()
                    );
                }
                docs.push(JsonTest {
                    file: label,
                    name: Some(t.name.clone()),
                    verdict: Some(d.verdict.word().to_string()),
                    expected: expected.map(|e| word(e).to_string()),
                    programs: Some(d.combinations),
                    solved: Some(d.solved),
                    error: why,
                    graph: drawn,
                    time_ms: d.time.as_millis() as u64,
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
                        name: None,
                        verdict: None,
                        expected: None,
                        programs: None,
                        solved: None,
                        error: Some(format!("{loc}: {}", d.full_message())),
                        graph: None,
                        time_ms: 0,
                    });
                } else {
                    super::report::error(&sources, d, false);
                }
            }
        }
    }
    sum.time_ms = start.elapsed().as_millis() as u64;
    let check = match req.how.mode {
        Mode::Condition => "condition",
        Mode::Races => "races",
    };
    if req.json {
        let doc = Doc {
            check: check.into(),
            nochains: req.how.nochains,
            summary: sum,
            tests: docs,
        };
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    } else {
        let (p, f) = match req.how.mode {
            Mode::Condition => ("Ok", "No"),
            Mode::Races => ("race-free", "racy"),
        };
        let mut line = format!(
            "Summary: {} tests, {} {p}, {} {f}, {} unknown, {} not run (errors)",
            sum.tests, sum.pass, sum.fail, sum.unknown, sum.errors
        );
        if sum.expected > 0 {
            line.push_str(&format!(
                ", {} of {} as expected",
                sum.expected - sum.mismatches,
                sum.expected
            ));
        }
        let _ = writeln!(out, "{line}, {:.2}s", start.elapsed().as_secs_f64());
    }
    if sum.mismatches > 0 {
        Exit::Mismatch
    } else if sum.errors > 0 {
        Exit::Input
    } else if sum.unknown > 0 {
        Exit::Limit
    } else {
        Exit::Ok
    }
}
