//! Printing results: herd-style text, one JSON document, the batch summary,
//! and expectation files.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::ast::{Prop, Quant, Term};
use super::run::{Observation, TestResult};
use relprove_engine::diag::{Diagnostic, FileId, Phase, Span};

/// herd's word for the condition's kind.
pub fn kind_word(q: Quant) -> &'static str {
    match q {
        Quant::Exists => "Allowed",
        Quant::NotExists => "Forbidden",
        Quant::Forall => "Required",
    }
}

/// A variable as herd prints it (`1:r0`, `x`).
fn var(t: &Term) -> String {
    match t {
        Term::Reg(th, r) => format!("{th}:{r}"),
        Term::Loc(x) => x.clone(),
        Term::Const(c) => c.to_string(),
    }
}

fn prop(p: &Prop) -> String {
    match p {
        Prop::True => "true".into(),
        Prop::False => "false".into(),
        Prop::Eq(a, b) => format!("{}={}", var(a), var(b)),
        Prop::Ne(a, b) => format!("not ({}={})", var(a), var(b)),
        Prop::Not(q) => format!("not ({})", prop(q)),
        Prop::And(a, b) => format!("{} /\\ {}", paren(a, true), paren(b, true)),
        Prop::Or(a, b) => format!("{} \\/ {}", paren(a, false), paren(b, false)),
    }
}

/// A conjunct (`in_and`) or disjunct: chains of the same connective stay
/// flat, as herd prints them.
fn paren(p: &Prop, in_and: bool) -> String {
    match p {
        Prop::And(..) if in_and => prop(p),
        Prop::Or(..) if !in_and => prop(p),
        Prop::And(..) | Prop::Or(..) => format!("({})", prop(p)),
        _ => prop(p),
    }
}

/// `exists (1:r0=1 /\ 1:r1=0)`.
pub fn condition(r: &TestResult) -> String {
    format!("{} ({})", r.quant.keyword(), prop(&r.prop))
}

/// One state as herd prints it: `1:r0=1; 1:r1=0;`.
pub fn state_line(vars: &[Term], st: &[i64]) -> String {
    vars.iter()
        .zip(st)
        .map(|(v, x)| format!("{}={x};", var(v)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// herd-style text for one test.
pub fn text(r: &TestResult) -> String {
    let mut s = String::new();
    s.push_str(&format!("Test {} {}\n", r.name, kind_word(r.quant)));
    if r.enumerated {
        s.push_str(&format!("States {}\n", r.states.len()));
    } else {
        s.push_str(&format!(
            "States {} (witnesses only, not enumerated)\n",
            r.states.len()
        ));
    }
    for st in &r.states {
        s.push_str(&state_line(&r.vars, st));
        s.push('\n');
    }
    s.push_str(if r.validated { "Ok\n" } else { "No\n" });
    s.push_str("Witnesses\n");
    s.push_str(&format!(
        "Positive: {} Negative: {}\n",
        r.positive, r.negative
    ));
    s.push_str(&format!("Condition {}\n", condition(r)));
    if r.hung_combinations > 0 {
        s.push_str(&format!(
            "Liveness {} a barrier cannot complete on {} of {} path combinations\n",
            r.name, r.hung_combinations, r.combinations
        ));
    }
    s.push_str(&format!(
        "Observation {} {} {} {}\n",
        r.name,
        r.observation.word(),
        r.positive,
        r.negative
    ));
    s.push_str(&format!(
        "Time {} {:.3}\n",
        r.name,
        r.time_ms as f64 / 1000.0
    ));
    s
}

/// The JSON document of `relprove litmus --format json` (schema:
/// docs/json/litmus.schema.json; fields in alphabetical order, as the
/// output has always had them).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JsonDoc {
    /// Counts over the batch.
    pub summary: Summary,
    /// One entry per test file, in the order given.
    pub tests: Vec<JsonEntry>,
}

/// A decided test, or one that could not be run.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum JsonEntry {
    /// A decided test.
    Test(Box<JsonTest>),
    /// A test that could not be run.
    Error(JsonError),
}

/// The JSON object of one decided test.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JsonTest {
    /// Path combinations (branches of the test's threads) decided.
    pub combinations: usize,
    /// The condition's quantifier: `exists`, `~exists` or `forall`.
    #[schemars(extend("enum" = ["exists", "~exists", "forall"]))]
    pub condition: &'static str,
    /// The condition as written in herd's syntax.
    pub condition_text: String,
    /// With `--expect`: the expected result (`Ok`, `No`, `Never`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<&'static str>,
    /// With `--explain`: why the outcome is (not) reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<JsonExplain>,
    /// The test file (or the label of a generated test).
    pub file: String,
    /// Path combinations on which a barrier hangs (no final state).
    pub hung_combinations: usize,
    /// herd's kind of the condition: `Allowed`, `Forbidden`, `Required`.
    #[schemars(extend("enum" = ["Allowed", "Forbidden", "Required"]))]
    pub kind: &'static str,
    /// With `--expect`: whether the result matches the expectation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches_expectation: Option<bool>,
    /// The test's name, from its header.
    pub name: String,
    /// Final states where the condition does not hold.
    pub negative: usize,
    /// `Never`, `Sometimes` or `Always`.
    #[schemars(extend("enum" = ["Never", "Sometimes", "Always"]))]
    pub observation: &'static str,
    /// Final states where the condition holds.
    pub positive: usize,
    /// Solver calls made, over all path combinations.
    pub solver_calls: usize,
    /// The reachable final states, each a map from observed location or
    /// register (`1:r0`, `x`) to its value.
    pub states: Vec<BTreeMap<String, i64>>,
    /// Whether `states` lists every reachable final state (false with
    /// `--witnesses`).
    pub states_enumerated: bool,
    /// Time the test took, in milliseconds.
    pub time_ms: u64,
    /// herd's `Ok` (true) or `No` (false).
    pub validated: bool,
}

/// Why the outcome of a test is (not) reached (`--explain`); exactly one
/// key.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JsonExplain {
    /// The model's axioms that forbid the outcome.
    ForbiddenBy(super::explain::Explanation),
    /// A reached outcome: the relations of a witness execution, each a
    /// list of tuples of event names.
    Witness(BTreeMap<String, std::collections::BTreeSet<Vec<String>>>),
    /// A reached outcome without a witness kept (always `true`).
    Reached(bool),
    /// A limit stopped the explanation; why.
    Unknown(String),
    /// The explanation failed; the message.
    Error(String),
}

/// The JSON object of a test that could not be run.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JsonError {
    /// The error message.
    pub error: String,
    /// The test file.
    pub file: String,
    /// `file:line:col` of the error, or the file when it has no position.
    pub location: String,
}

/// The JSON object of one test.
pub fn json_result(r: &TestResult, expect: Option<&Expectation>) -> JsonTest {
    let states = r
        .states
        .iter()
        .map(|st| r.vars.iter().zip(st).map(|(v, x)| (var(v), *x)).collect())
        .collect();
    JsonTest {
        name: r.name.clone(),
        file: r.file.clone(),
        kind: kind_word(r.quant),
        condition: r.quant.keyword(),
        condition_text: condition(r),
        validated: r.validated,
        observation: r.observation.word(),
        positive: r.positive,
        negative: r.negative,
        states,
        states_enumerated: r.enumerated,
        combinations: r.combinations,
        hung_combinations: r.hung_combinations,
        solver_calls: r.solver_calls,
        time_ms: r.time_ms as u64,
        expected: expect.map(|e| e.word()),
        matches_expectation: expect.map(|e| e.matches(r)),
        explain: None,
    }
}

/// The JSON object of a test that could not be run.
pub fn json_error(file: &str, message: &str, location: &str) -> JsonError {
    JsonError {
        error: message.to_string(),
        file: file.to_string(),
        location: location.to_string(),
    }
}

/// What a test is expected to give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// herd's `Ok` / `No`.
    Validated(bool),
    /// herd's `Never` / `Sometimes` / `Always`.
    Observation(Observation),
}

impl Expectation {
    /// The expectation as written (`Ok`, `No`, `Never`, ...).
    pub fn word(self) -> &'static str {
        match self {
            Expectation::Validated(true) => "Ok",
            Expectation::Validated(false) => "No",
            Expectation::Observation(o) => o.word(),
        }
    }
    /// Whether the result `r` meets the expectation.
    pub fn matches(self, r: &TestResult) -> bool {
        match self {
            Expectation::Validated(v) => r.validated == v,
            Expectation::Observation(o) => r.observation == o,
        }
    }
}

/// Parse an expectation file: lines `NAME Ok|No|Never|Sometimes|Always`,
/// `#` comments and blank lines ignored.
pub fn parse_expectations(
    file: FileId,
    text: &str,
) -> Result<BTreeMap<String, Expectation>, Diagnostic> {
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
        let e = match ws.as_slice() {
            [_, "Ok"] => Expectation::Validated(true),
            [_, "No"] => Expectation::Validated(false),
            [_, "Never"] => Expectation::Observation(Observation::Never),
            [_, "Sometimes"] => Expectation::Observation(Observation::Sometimes),
            [_, "Always"] => Expectation::Observation(Observation::Always),
            _ => {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    "expected `TEST-NAME Ok|No|Never|Sometimes|Always`",
                ))
            }
        };
        if out.insert(ws[0].to_string(), e).is_some() {
            return Err(Diagnostic::new(
                Phase::Litmus,
                span,
                format!("second expectation for test `{}`", ws[0]),
            ));
        }
    }
    Ok(out)
}

/// Counts over a batch (JSON: the `summary` object; fields in
/// alphabetical order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// Tests that could not be run.
    pub errors: usize,
    /// Tests with an expectation (`--expect`).
    pub expected: usize,
    /// Tests whose result differs from its expectation.
    pub mismatches: usize,
    /// Tests whose result is herd's `No`.
    pub no: usize,
    /// Tests whose result is herd's `Ok`.
    pub ok: usize,
    /// Tests in the batch.
    pub tests: usize,
    /// Wall time of the batch.
    #[serde(serialize_with = "as_u64")]
    #[schemars(with = "u64")]
    pub time_ms: u128,
}

fn as_u64<S: serde::Serializer>(ms: &u128, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(*ms as u64)
}

impl Summary {
    /// The summary line of the text output.
    pub fn line(&self) -> String {
        let mut s = format!(
            "Summary: {} tests, {} Ok, {} No, {} not run (errors), {:.2}s",
            self.tests,
            self.ok,
            self.no,
            self.errors,
            self.time_ms as f64 / 1000.0
        );
        if self.expected > 0 {
            s.push_str(&format!(
                "; expectations: {} checked, {} mismatched",
                self.expected, self.mismatches
            ));
        }
        s
    }
}
