//! Comparing two memory models (axiomatic `.als` through the litmus
//! runner, or operational `op:NAME`) on the same litmus tests: per test the
//! two sets of reachable final states, and the relation between them.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

use serde::Serialize;

use super::{explore, run_test, ModelName, OpResult};
use crate::run::{self, Backend, ModelRef, TestResult};
use relprove_engine::diag::{Diagnostic, FileId, Phase, SourceMap, Span};

/// One side of a comparison.
pub enum Side {
    /// An Alloy model, decided through the litmus runner.
    Axiomatic(ModelRef),
    /// An operational model (`op:NAME`).
    Operational(ModelName),
}

impl Side {
    /// `op:NAME` or the path of an Alloy model with a litmus binding.
    pub fn parse(spec: &str) -> Result<Side, Diagnostic> {
        match ModelName::parse(spec) {
            Some(Ok(m)) => Ok(Side::Operational(m)),
            Some(Err(e)) => Err(e.to_diagnostic()),
            None => Ok(Side::Axiomatic(ModelRef::load(Path::new(spec))?)),
        }
    }
}

/// What one model said about one test.
pub enum Decided {
    /// The litmus runner's result.
    Axiomatic(Box<TestResult>),
    /// The operational model's result.
    Operational(Box<OpResult>),
}

impl Decided {
    /// The herd-style result (final states and verdict) either way.
    pub fn herd(&self) -> &TestResult {
        match self {
            Decided::Axiomatic(r) => r,
            Decided::Operational(r) => &r.herd,
        }
    }
}

/// Decide one test file with one side.
pub fn decide(
    side: &Side,
    file: &Path,
    limits: explore::Limits,
    sources: &Mutex<SourceMap>,
    backend: &dyn Backend,
) -> Result<Decided, Diagnostic> {
    match side {
        Side::Axiomatic(m) => {
            let opts = run::Options::default();
            run::run_file(sources, file, m, backend, opts).map(|r| Decided::Axiomatic(Box::new(r)))
        }
        Side::Operational(name) => {
            let text = relprove_engine::diag::read_source(file).map_err(|e| {
                Diagnostic::without_span(Phase::Io, format!("cannot read {}: {e}", file.display()))
            })?;
            let id = sources.lock().unwrap_or_else(|e| e.into_inner()).add(
                file.display().to_string(),
                file,
                text.clone(),
            );
            let test = crate::parse::parse(id, &text)?;
            let mut r = run_test(*name, &test, &text, limits).map_err(|e| e.to_diagnostic())?;
            r.herd.file = file.display().to_string();
            Ok(Decided::Operational(Box::new(r)))
        }
    }
}

/// How model A's final states relate to model B's on one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, schemars::JsonSchema)]
pub enum Relation {
    /// The same final states.
    Same,
    /// A allows strictly fewer final states.
    AStronger,
    /// B allows strictly fewer final states.
    BStronger,
    /// Each allows a state the other forbids.
    Incomparable,
}

impl Relation {
    /// The relation as written in expected-differences files and reports
    /// (`A-stronger`, ...).
    pub fn word(self) -> &'static str {
        match self {
            Relation::Same => "same",
            Relation::AStronger => "A-stronger",
            Relation::BStronger => "B-stronger",
            Relation::Incomparable => "incomparable",
        }
    }
}

/// The relation between two results of the same test.
pub fn relation(a: &TestResult, b: &TestResult) -> Relation {
    let a_in_b = a.states.is_subset(&b.states);
    let b_in_a = b.states.is_subset(&a.states);
    match (a_in_b, b_in_a) {
        (true, true) => Relation::Same,
        (true, false) => Relation::AStronger,
        (false, true) => Relation::BStronger,
        (false, false) => Relation::Incomparable,
    }
}

/// One row of a comparison.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The test's name.
    pub test: String,
    /// The test file.
    pub file: String,
    /// Model A's verdict, in words.
    pub a: String,
    /// Model B's verdict, in words.
    pub b: String,
    /// How A's final states relate to B's.
    pub relation: Relation,
    /// Final states only A allows / only B allows (herd's `x=1; y=0;`).
    pub only_a: Vec<String>,
    /// Final states only B allows.
    pub only_b: Vec<String>,
}

/// A test one side could not decide.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Skipped {
    /// The test file.
    pub file: String,
    /// Which side could not decide it (`A`, `B`, or `A and B`).
    pub side: &'static str,
    /// Why, in words (the error message).
    pub reason: String,
}

/// The comparison row of one test from A's and B's results.
pub fn row(file: &Path, a: &TestResult, b: &TestResult) -> Row {
    let show = |st: &Vec<i64>| crate::output::state_line(&a.vars, st);
    Row {
        test: a.name.clone(),
        file: file.display().to_string(),
        a: a.observation.word().to_string(),
        b: b.observation.word().to_string(),
        relation: relation(a, b),
        only_a: a.states.difference(&b.states).map(show).collect(),
        only_b: b.states.difference(&a.states).map(show).collect(),
    }
}

/// An expected-differences file: lines `TEST-NAME A-stronger|B-stronger|
/// incomparable`, `#` comments. Tests not listed are expected the same.
pub fn parse_expect_diff(
    file: FileId,
    text: &str,
) -> Result<BTreeMap<String, Relation>, Diagnostic> {
    let mut out = BTreeMap::new();
    let mut off = 0;
    for line in text.split_inclusive('\n') {
        let start = off;
        off += line.len();
        let body = line.split('#').next().unwrap_or("").trim_end();
        if body.trim().is_empty() {
            continue;
        }
        let lead = body.len() - body.trim_start().len();
        let span = Span::new(file, start + lead, start + body.len());
        let ws: Vec<&str> = body.split_whitespace().collect();
        let rel = match ws.as_slice() {
            [_, "A-stronger"] => Relation::AStronger,
            [_, "B-stronger"] => Relation::BStronger,
            [_, "incomparable"] => Relation::Incomparable,
            _ => {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    "expected `TEST-NAME A-stronger|B-stronger|incomparable`",
                ))
            }
        };
        if out.insert(ws[0].to_string(), rel).is_some() {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                format!("second expected difference for test `{}`", ws[0]),
            ));
        }
    }
    Ok(out)
}

/// The differences that were not expected, and the expected ones that did
/// not show (`(test, expected, got)`), over the compared rows.
pub fn unexpected(
    rows: &[Row],
    expect: &BTreeMap<String, Relation>,
) -> Vec<(String, Relation, Relation)> {
    let mut out = Vec::new();
    for r in rows {
        let want = expect.get(&r.test).copied().unwrap_or(Relation::Same);
        if want != r.relation {
            out.push((r.test.clone(), want, r.relation));
        }
    }
    out
}
