//! `relprove compare --model A --model B TESTS…`: both models' verdicts on
//! every test, and where (and in which direction) they differ.

use super::exit::Exit;
use super::TextOrJson;
use clap::Args;
use std::path::PathBuf;
use std::sync::Mutex;

use relprove_engine::diag::SourceMap;
use relprove_litmus::operational::compare::{
    parse_expect_diff, row, unexpected, Relation, Row, Side, Skipped,
};
use schemars::JsonSchema;
use serde::Serialize;

use super::op_litmus::decide_all;
use super::output::stdoutln;

pub struct Request {
    pub models: Vec<String>,
    pub tests: Vec<PathBuf>,
    pub json: bool,
    pub expect_diff: Option<PathBuf>,
    pub jobs: usize,
    /// Per test and model (Dat3M's Vulkan tests).
    pub timeout: Option<std::time::Duration>,
    pub max_memory: Option<u64>,
}

/// The document of `relprove compare --format json` (schema:
/// docs/json/compare.schema.json).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Doc<'a> {
    /// Model A and model B, as given (`models/ptx.als`, `op:lost-pop`).
    a: &'a str,
    b: &'a str,
    rows: &'a [Row],
    skipped: &'a [Skipped],
    summary: Counts,
    /// `(test, expected, got)` for every difference not in --expect-diff.
    unexpected: Vec<(String, Relation, Relation)>,
}

#[derive(Clone, Copy, Default, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct Counts {
    compared: usize,
    same: usize,
    a_stronger: usize,
    b_stronger: usize,
    incomparable: usize,
    skipped: usize,
    time_ms: u128,
}

/// Exit code: 0 the differences are exactly the expected ones, 1 they are
/// not, 2 an input error (a test that cannot be parsed, a bad model).
pub fn run(req: &Request) -> Exit {
    let sources = Mutex::new(SourceMap::new());
    let fail = |d: relprove_engine::diag::Diagnostic, sm: &SourceMap| {
        super::report::error(sm, d, false);
        Exit::Input
    };
    let [a_spec, b_spec] = req.models.as_slice() else {
        eprintln!("relprove compare: give exactly two --model options");
        return Exit::Input;
    };
    match super::vulkan::dat3m_files(&req.tests) {
        Ok(Some(files)) => return super::compare_vulkan::run(req, &files),
        Ok(None) => {}
        Err(d) => return fail(d, &sources.lock().unwrap()),
    }
    let mut sides = Vec::new();
    for spec in [a_spec, b_spec] {
        match Side::parse(spec) {
            Ok(s) => sides.push(s),
            Err(d) => return fail(d, &sources.lock().unwrap()),
        }
    }
    // An Alloy model is resolved once here: an error in it is one error,
    // not one per test.
    for side in &sides {
        if let Side::Axiomatic(m) = side {
            use relprove_litmus::run::Backend as _;
            if let Err(e) = relprove_litmus::checker::Checker::default().prepare(m) {
                return fail(e.at_model(&m.path), &sources.lock().unwrap());
            }
        }
    }
    let files = match super::report::test_files(&req.tests, &["litmus"]) {
        Ok(f) => f,
        Err(d) => return fail(d, &sources.lock().unwrap()),
    };
    let expect = match &req.expect_diff {
        None => Default::default(),
        Some(p) => match super::args::side_file(&mut sources.lock().unwrap(), p, parse_expect_diff)
        {
            Ok(e) => e,
            Err(exit) => return exit,
        },
    };
    let start = std::time::Instant::now();
    let ra = decide_all(&sides[0], Default::default(), &files, req.jobs, &sources);
    let rb = decide_all(&sides[1], Default::default(), &files, req.jobs, &sources);
    let sources = sources.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    let mut input_errors = 0;
    for ((file, a), b) in files.iter().zip(&ra).zip(&rb) {
        match (a, b) {
            (Ok(a), Ok(b)) => rows.push(row(file, a.herd(), b.herd())),
            _ => {
                for (side, r) in [("A", a), ("B", b)] {
                    if let Err(d) = r {
                        // A test outside a model's fragment is skipped and
                        // listed; anything else is an input error.
                        if !d.message.starts_with("unsupported") {
                            input_errors += 1;
                            super::report::error(&sources, d.clone(), false);
                        }
                        skipped.push(Skipped {
                            file: file.display().to_string(),
                            side,
                            reason: d.message.clone(),
                        });
                    }
                }
            }
        }
    }
    finish(
        req,
        &rows,
        &skipped,
        &expect,
        files.len(),
        start,
        input_errors,
    )
}

/// The arguments of `relprove compare`.
#[derive(Args)]
pub struct CompareArgs {
    /// A model: an Alloy file with a litmus binding, a cat model (`.cat`;
    /// docs/cat.md), or an operational model `op:lost-pop`, `op:sorensen`,
    /// `op:sorensen-alt`; for Dat3M's Vulkan tests, spirv.als or a cat model
    /// of Vulkan (give it twice: A, then B).
    #[arg(long = "model", value_name = "MODEL", required = true)]
    pub models: Vec<String>,
    /// Litmus test files (a directory stands for its .litmus files).
    #[arg(required = true)]
    pub tests: Vec<PathBuf>,
    /// Expected differences: lines `TEST-NAME A-stronger|B-stronger|incomparable`.
    #[arg(long, value_name = "FILE")]
    pub expect_diff: Option<PathBuf>,
    /// Parallel jobs (default: one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::cli::args::positive::<usize>)]
    pub jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
    /// Dat3M's Vulkan tests: time limit per test and model, in seconds (a
    /// test that runs out is listed as skipped).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = crate::cli::args::seconds)]
    pub timeout: Option<std::time::Duration>,
    /// Dat3M's Vulkan tests: memory limit per test (e.g. `4G`), as
    /// `litmus --max-memory`.
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub max_memory: String,
}

/// `relprove compare`: the request its arguments make.
pub fn command(a: CompareArgs) -> Exit {
    let Some(max_memory) = crate::cli::args::max_memory(&a.max_memory) else {
        return Exit::Input;
    };
    run(&Request {
        timeout: a.timeout,
        max_memory: Some(max_memory),
        models: a.models,
        tests: a.tests,
        json: a.format == super::TextOrJson::Json,
        expect_diff: a.expect_diff,
        jobs: super::args::jobs(a.jobs),
    })
}

/// Report the comparison ([`report`]) and choose the exit code: 2 after an
/// input error, else 1 when the differences are not the expected ones.
pub(crate) fn finish(
    req: &Request,
    rows: &[Row],
    skipped: &[Skipped],
    expect: &std::collections::BTreeMap<String, Relation>,
    tests: usize,
    start: std::time::Instant,
    input_errors: usize,
) -> Exit {
    let bad = unexpected(rows, expect);
    report(req, rows, skipped, &bad, tests, start.elapsed().as_millis());
    if input_errors > 0 {
        Exit::Input
    } else if bad.is_empty() {
        Exit::Ok
    } else {
        Exit::Mismatch
    }
}

/// Print the comparison (text or JSON): the rows, the skipped tests, the
/// unexpected differences and the summary over `tests` files.
fn report(
    req: &Request,
    rows: &[Row],
    skipped: &[Skipped],
    bad: &[(String, Relation, Relation)],
    tests: usize,
    time_ms: u128,
) {
    let [a_spec, b_spec] = req.models.as_slice() else {
        return;
    };
    let mut c = Counts {
        compared: rows.len(),
        skipped: tests - rows.len(),
        time_ms,
        ..Default::default()
    };
    for r in rows {
        match r.relation {
            Relation::Same => c.same += 1,
            Relation::AStronger => c.a_stronger += 1,
            Relation::BStronger => c.b_stronger += 1,
            Relation::Incomparable => c.incomparable += 1,
        }
    }
    if req.json {
        let doc = Doc {
            a: a_spec,
            b: b_spec,
            rows,
            skipped,
            summary: c,
            unexpected: bad.to_vec(),
        };
        stdoutln!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
    } else {
        stdoutln!("Compare A = {a_spec}, B = {b_spec}");
        let w = rows.iter().map(|r| r.test.len()).max().unwrap_or(4).max(4);
        stdoutln!("{:<w$}  {:<9}  {:<9}  relation", "test", "A", "B");
        for r in rows {
            stdoutln!(
                "{:<w$}  {:<9}  {:<9}  {}",
                r.test,
                r.a,
                r.b,
                r.relation.word()
            );
        }
        let diffs: Vec<&Row> = rows
            .iter()
            .filter(|r| r.relation != Relation::Same)
            .collect();
        if !diffs.is_empty() {
            stdoutln!("Differences:");
            for r in diffs {
                stdoutln!("  {} {}", r.test, r.relation.word());
                for s in &r.only_a {
                    stdoutln!("    only A: {s}");
                }
                for s in &r.only_b {
                    stdoutln!("    only B: {s}");
                }
            }
        }
        for s in skipped {
            stdoutln!("Skipped {} ({}): {}", s.file, s.side, s.reason);
        }
        for (t, want, got) in bad {
            stdoutln!(
                "Unexpected {t}: expected {}, got {}",
                want.word(),
                got.word()
            );
        }
        stdoutln!(
            "Summary: {} compared, {} same, {} A stronger, {} B stronger, {} incomparable, {} skipped; {} unexpected, {:.2}s",
            c.compared,
            c.same,
            c.a_stronger,
            c.b_stronger,
            c.incomparable,
            c.skipped,
            bad.len(),
            c.time_ms as f64 / 1000.0
        );
    }
}
