//! `relprove litmus --model op:NAME`: operational models, with the same
//! herd-style text and JSON as the axiomatic runner, plus the witness trace
//! (the transitions that reach an outcome) and the states explored.

use super::exit::Exit;
use std::path::PathBuf;
use std::sync::Mutex;

use super::output::{stdout, stdoutln};
use relprove_engine::diag::SourceMap;
use relprove_litmus::operational::compare::{decide, Decided, Side};
use relprove_litmus::operational::explore::Limits;
use relprove_litmus::operational::{ModelName, OpResult};
use relprove_litmus::output::{self, Summary};
use schemars::JsonSchema;
use serde::Serialize;

pub struct Request {
    pub model: ModelName,
    pub tests: Vec<PathBuf>,
    pub json: bool,
    pub expect: Option<PathBuf>,
    pub jobs: usize,
    /// Sleep sets on.
    pub sleep_sets: bool,
    /// No persistent-set reduction.
    pub full_search: bool,
    pub max_states: usize,
    /// One final state per side of the condition, not all of them.
    pub witnesses: bool,
    /// `--timeout`: per test.
    pub timeout: Option<std::time::Duration>,
    /// `--max-memory`: per test.
    pub max_bytes: Option<u64>,
}

/// One decided test: the fields of `litmus`'s JSON and the exploration's.
#[derive(Serialize, JsonSchema)]
pub(crate) struct JsonTest {
    #[serde(flatten)]
    herd: output::JsonTest,
    #[serde(flatten)]
    op: OpResult,
}

/// A decided test, or one that could not be run.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub(crate) enum JsonEntry {
    Test(Box<JsonTest>),
    Error(output::JsonError),
}

/// The document of `relprove litmus --model op:NAME --format json`
/// (schema: docs/json/op-litmus.schema.json).
#[derive(Serialize, JsonSchema)]
pub(crate) struct Doc {
    /// The operational model (`op:lost-pop`).
    model: &'static str,
    /// One entry per test file, in the order given; each entry's keys in
    /// alphabetical order.
    #[serde(serialize_with = "sorted_keys")]
    tests: Vec<JsonEntry>,
    summary: Summary,
}

/// The entries as JSON values: their keys sorted, as this output has
/// always printed them.
fn sorted_keys<S: serde::Serializer>(tests: &[JsonEntry], s: S) -> Result<S::Ok, S::Error> {
    let values: Result<Vec<serde_json::Value>, _> =
        tests.iter().map(serde_json::to_value).collect();
    values.map_err(serde::ser::Error::custom)?.serialize(s)
}

/// Decide every file on `jobs` threads; results in input order.
pub fn decide_all(
    side: &Side,
    limits: Limits,
    files: &[PathBuf],
    jobs: usize,
    sources: &Mutex<SourceMap>,
) -> Vec<Result<Decided, relprove_engine::diag::Diagnostic>> {
    let backend = relprove_litmus::checker::Checker::default();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Result<Decided, relprove_engine::diag::Diagnostic>>>> =
        Mutex::new((0..files.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..relprove_engine::budget::workers(jobs, files.len()) {
            let worker = std::thread::Builder::new().stack_size(256 << 20);
            let _ = worker.spawn_scoped(s, || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= files.len() {
                    break;
                }
                let r = decide(side, &files[i], limits, sources, &backend);
                slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
        }
    });
    let slots = slots.into_inner().unwrap_or_else(|e| e.into_inner());
    slots
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.unwrap_or_else(|| decide(side, &files[i], limits, sources, &backend)))
        .collect()
}

/// Exit code: 0 all ran and matched, 1 an expectation mismatch, 2 errors,
/// 3 only time or memory limits stopped tests.
pub fn run(req: &Request) -> Exit {
    let sources = Mutex::new(SourceMap::new());
    let files = match super::report::test_files(&req.tests, &["litmus"]) {
        Ok(f) => f,
        Err(d) => {
            super::report::error(&sources.lock().unwrap(), d, false);
            return Exit::Input;
        }
    };
    let expectations = match &req.expect {
        None => Default::default(),
        Some(p) => {
            let mut sm = sources.lock().unwrap();
            match super::args::side_file(&mut sm, p, output::parse_expectations) {
                Ok(e) => e,
                Err(exit) => return exit,
            }
        }
    };
    let start = std::time::Instant::now();
    let limits = Limits {
        sleep_sets: req.sleep_sets,
        reduce: !req.full_search,
        max_states: req.max_states,
        witnesses: req.witnesses,
        timeout: req.timeout,
        max_bytes: req.max_bytes,
    };
    let results = decide_all(
        &Side::Operational(req.model),
        limits,
        &files,
        req.jobs,
        &sources,
    );
    let sources = sources.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut sum = Summary {
        tests: results.len(),
        ..Default::default()
    };
    let mut json = Vec::new();
    // Tests stopped by `--timeout` or `--max-memory` (exit code 3 when
    // they are the only errors, as for axiomatic models).
    let mut limited = 0usize;
    for (file, r) in files.iter().zip(&results) {
        match r {
            Ok(Decided::Operational(r)) => {
                let h = &r.herd;
                let e = super::litmus::tally(&mut sum, &expectations, h);
                if req.json {
                    json.push(JsonEntry::Test(Box::new(JsonTest {
                        herd: output::json_result(h, e.as_ref()),
                        op: (**r).clone(),
                    })));
                } else {
                    stdout!("{}", output::text(h));
                    stdoutln!(
                        "Explored {} {} states, {} transitions, {} stuck, {:.3} ms",
                        h.name,
                        r.states_explored,
                        r.transitions,
                        r.stuck,
                        r.explore_us as f64 / 1000.0
                    );
                    if let Some(w) = &r.witness {
                        stdoutln!("Witness {} ({} steps)", h.name, w.len());
                        for (i, step) in w.iter().enumerate() {
                            stdoutln!("  {:>3}. {step}", i + 1);
                        }
                    }
                    stdoutln!("");
                }
            }
            Ok(Decided::Axiomatic(_)) => unreachable!("an operational side"),
            Err(d) => {
                sum.errors += 1;
                if d.phase == relprove_engine::diag::Phase::Limit {
                    limited += 1;
                }
                if req.json {
                    let loc = d
                        .span
                        .map(|s| sources.location(s))
                        .unwrap_or_else(|| file.display().to_string());
                    let e = output::json_error(&file.display().to_string(), &d.message, &loc);
                    json.push(JsonEntry::Error(e));
                } else {
                    super::report::error(&sources, d.clone(), false);
                }
            }
        }
    }
    sum.time_ms = start.elapsed().as_millis();
    if req.json {
        let doc = Doc {
            model: req.model.spec(),
            tests: json,
            summary: sum,
        };
        stdoutln!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
    } else if results.len() > 1 || sum.expected > 0 {
        stdoutln!("{}", sum.line());
    }
    Exit::of_summary(&sum, limited, 0)
}
