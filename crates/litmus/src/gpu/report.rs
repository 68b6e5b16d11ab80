//! Comparing what ran (a histogram of final states) with what the model
//! allows, per test, and the report's JSON and herd-style text forms.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use super::prepare::GpuTest;
use super::results::Record;
use super::sass::SassStatus;

/// The four outcomes of comparing the hardware with the model on the
/// test's condition (herd's `exists` outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Comparison {
    /// The model allows the condition's outcome and the hardware showed it.
    #[serde(rename = "allowed, observed")]
    AllowedObserved,
    /// The model allows the condition's outcome; the hardware did not show
    /// it.
    #[serde(rename = "allowed, not observed")]
    AllowedNotObserved,
    /// The model forbids the condition's outcome and the hardware did not
    /// show it.
    #[serde(rename = "forbidden, not observed")]
    ForbiddenNotObserved,
    /// The hardware showed a final state the model forbids.
    #[serde(rename = "MODEL VIOLATION")]
    ModelViolation,
}

impl Comparison {
    /// The class as the report writes it (also its JSON form).
    pub fn word(self) -> &'static str {
        match self {
            Comparison::AllowedObserved => "allowed, observed",
            Comparison::AllowedNotObserved => "allowed, not observed",
            Comparison::ForbiddenNotObserved => "forbidden, not observed",
            Comparison::ModelViolation => "MODEL VIOLATION",
        }
    }
}

/// Classify: `allowed` whether the model allows a state satisfying the
/// condition, `observed` how many instances ended in one, `forbidden_seen`
/// whether any observed state (satisfying the condition or not) is outside
/// the model's states.
pub fn classify(allowed: bool, observed: u64, forbidden_seen: bool) -> Comparison {
    if forbidden_seen || (!allowed && observed > 0) {
        Comparison::ModelViolation
    } else if allowed && observed > 0 {
        Comparison::AllowedObserved
    } else if allowed {
        Comparison::AllowedNotObserved
    } else {
        Comparison::ForbiddenNotObserved
    }
}

/// One line of a histogram.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HistLine {
    /// Values of the report's `vars`, in order.
    pub state: Vec<i64>,
    /// Instances that ended in this state.
    pub count: u64,
    /// The condition's proposition holds in this state.
    pub condition: bool,
    /// The model allows this final state.
    pub model_allows: bool,
}

/// What the model says about a test.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ModelVerdict {
    /// Some allowed final state satisfies the condition's proposition.
    pub condition_allowed: bool,
    /// Every final state the model allows (values of `vars`).
    pub states: Vec<Vec<i64>>,
}

/// One test's part of the report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TestReport {
    /// The test's name.
    pub name: String,
    /// The test file, as given.
    pub file: String,
    /// `exists` / `~exists` / `forall`.
    pub quant: String,
    /// The condition's proposition, as text.
    pub condition: String,
    /// The observed variables (`1:r0`, `x`): the columns of each state.
    pub vars: Vec<String>,
    /// Instances run.
    pub instances: u64,
    /// Kernel launches.
    pub launches: u64,
    /// Wall time of the test's run, in seconds.
    pub seconds: f64,
    /// The runner's configuration, as its results record gives it.
    pub config: String,
    /// The outcome of the SASS check.
    pub sass: SassStatus,
    /// Empty when the SASS check failed (nothing is reported).
    pub histogram: Vec<HistLine>,
    /// Instances whose final state satisfies the condition.
    pub condition_count: Option<u64>,
    /// What the model says about the test (`None` when not reported).
    pub model: Option<ModelVerdict>,
    /// The hardware's outcome against the model (`None` when not
    /// reported).
    pub comparison: Option<Comparison>,
    /// Why the test has no comparison (SASS check failed, model error).
    pub not_reported: Option<String>,
    /// The class of a reference observation of the same test (`gpu run
    /// --observations`), read through the same model.
    pub reference: Option<Reference>,
}

/// A reference observation (another run, another chip) of a test.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Reference {
    /// Instances of the reference run.
    pub instances: u64,
    /// Of them, those that showed the condition's outcome.
    pub observed: u64,
    /// The reference's class under this model's verdict.
    pub comparison: Comparison,
    /// This run's comparison is the same class.
    pub same_class: Option<bool>,
}

/// Counts over the tests of a report.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Summary {
    /// Tests in the report.
    pub tests: usize,
    /// Tests classified "allowed, observed".
    pub allowed_observed: usize,
    /// Tests classified "allowed, not observed".
    pub allowed_not_observed: usize,
    /// Tests classified "forbidden, not observed".
    pub forbidden_not_observed: usize,
    /// Tests classified "MODEL VIOLATION".
    pub model_violations: usize,
    /// Tests without a comparison (see `TestReport::not_reported`).
    pub not_reported: usize,
    /// Tests whose class differs from their reference observation's.
    pub reference_differences: usize,
}

/// The report of a GPU run (`report.json`; `report.txt` is its `text`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The device line of the results (the dry run's: `DRY_RUN_DEVICE`).
    pub device: String,
    /// Whether the results come from the dry run (no GPU).
    pub dry_run: bool,
    /// The model file the verdicts come from, as given.
    pub model: String,
    /// One report per test, in the order of the tests.
    pub tests: Vec<TestReport>,
    /// The counts over `tests`.
    pub summary: Summary,
}

impl Report {
    /// The report of `tests`, with its summary counted.
    pub fn new(device: String, dry_run: bool, model: String, tests: Vec<TestReport>) -> Report {
        let mut s = Summary {
            tests: tests.len(),
            ..Default::default()
        };
        for t in &tests {
            match t.comparison {
                Some(Comparison::AllowedObserved) => s.allowed_observed += 1,
                Some(Comparison::AllowedNotObserved) => s.allowed_not_observed += 1,
                Some(Comparison::ForbiddenNotObserved) => s.forbidden_not_observed += 1,
                Some(Comparison::ModelViolation) => s.model_violations += 1,
                None => s.not_reported += 1,
            }
            if t.reference.as_ref().and_then(|r| r.same_class) == Some(false) {
                s.reference_differences += 1;
            }
        }
        Report {
            device,
            dry_run,
            model,
            tests,
            summary: s,
        }
    }

    /// herd-style text: per test the histogram, the validation and the
    /// comparison with the model; a summary line at the end.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for t in &self.tests {
            let kind = match t.quant.as_str() {
                "exists" => "Allowed",
                "~exists" => "Forbidden",
                _ => "Required",
            };
            let _ = writeln!(s, "Test {} {kind}", t.name);
            if let Some(why) = &t.not_reported {
                let _ = writeln!(s, "Not reported: {why}");
                let _ = writeln!(s, "Instances {}", t.instances);
                s.push('\n');
                continue;
            }
            let _ = writeln!(s, "Histogram ({} states)", t.histogram.len());
            for h in &t.histogram {
                let vals: Vec<String> = t
                    .vars
                    .iter()
                    .zip(&h.state)
                    .map(|(v, x)| format!("{v}={x};"))
                    .collect();
                let mark = if !h.model_allows {
                    "!>"
                } else if h.condition {
                    "*>"
                } else {
                    ":>"
                };
                let _ = writeln!(s, "{:<10}{mark}{}", h.count, vals.join(" "));
            }
            let pos = t.condition_count.unwrap_or(0);
            let neg = t.instances.saturating_sub(pos);
            let validated = match t.quant.as_str() {
                "exists" => pos > 0,
                "~exists" => pos == 0,
                _ => neg == 0,
            };
            let _ = writeln!(s, "{}", if validated { "Ok" } else { "No" });
            let _ = writeln!(s, "Witnesses\nPositive: {pos}, Negative: {neg}");
            let _ = writeln!(
                s,
                "Condition {} ({}) is {}validated",
                t.quant,
                t.condition,
                if validated { "" } else { "NOT " }
            );
            let obs = if pos == 0 {
                "Never"
            } else if neg == 0 {
                "Always"
            } else {
                "Sometimes"
            };
            let _ = writeln!(s, "Observation {} {obs} {pos} {neg}", t.name);
            if let Some(m) = &t.model {
                let _ = writeln!(
                    s,
                    "Model {} ({} states)",
                    if m.condition_allowed {
                        "allows the condition"
                    } else {
                        "forbids the condition"
                    },
                    m.states.len()
                );
            }
            if let Some(c) = t.comparison {
                let _ = writeln!(s, "Comparison {}", c.word());
            }
            if let Some(r) = &t.reference {
                let _ = writeln!(
                    s,
                    "Reference {} ({} of {} instances){}",
                    r.comparison.word(),
                    r.observed,
                    r.instances,
                    match r.same_class {
                        Some(false) => ": DIFFERENT CLASS",
                        _ => "",
                    }
                );
            }
            let _ = writeln!(s, "Time {} {:.2}", t.name, t.seconds);
            s.push('\n');
        }
        let m = &self.summary;
        let _ = writeln!(
            s,
            "Summary: {} tests on {}: {} allowed, observed; {} allowed, not observed; {} forbidden, not observed; {} MODEL VIOLATION; {} not reported{}",
            m.tests,
            self.device,
            m.allowed_observed,
            m.allowed_not_observed,
            m.forbidden_not_observed,
            m.model_violations,
            m.not_reported,
            if self.tests.iter().any(|t| t.reference.is_some()) {
                format!("; {} differ from the reference", m.reference_differences)
            } else {
                String::new()
            }
        );
        s
    }
}

/// Compare one test's record with the model's verdict (`model`: the set of
/// allowed final states, or the reason the model could not decide).
pub fn test_report(
    test: &GpuTest,
    rec: &Record,
    sass: SassStatus,
    model: super::ModelStates,
) -> TestReport {
    let mut r = TestReport {
        name: test.name.clone(),
        file: test.file.clone(),
        quant: test.quant.keyword().to_string(),
        condition: test.prop.to_string(),
        vars: test.var_names(),
        instances: rec.instances,
        launches: rec.launches,
        seconds: rec.seconds,
        config: rec.config.clone(),
        sass: sass.clone(),
        histogram: Vec::new(),
        condition_count: None,
        model: None,
        comparison: None,
        not_reported: None,
        reference: None,
    };
    if rec.vars != r.vars {
        r.not_reported = Some(format!(
            "the results record observes [{}], the test [{}] (stale results?)",
            rec.vars.join(" "),
            r.vars.join(" ")
        ));
        return r;
    }
    if let SassStatus::Failed { problems } = &sass {
        r.not_reported = Some(format!(
            "SASS check failed (the compiler changed the test): {}",
            problems.join("; ")
        ));
        return r;
    }
    let states = match model {
        Ok(s) => s,
        Err(e) => {
            r.not_reported = Some(format!("the model could not decide the test: {e}"));
            return r;
        }
    };
    let hist: &BTreeMap<Vec<i64>, u64> = &rec.histogram;
    let mut count = 0;
    let mut forbidden_seen = false;
    for (st, &n) in hist {
        let cond = test.holds(st);
        let allows = states.contains(st);
        if cond {
            count += n;
        }
        forbidden_seen |= !allows && n > 0;
        r.histogram.push(HistLine {
            state: st.clone(),
            count: n,
            condition: cond,
            model_allows: allows,
        });
    }
    let allowed = states.iter().any(|s| test.holds(s));
    r.condition_count = Some(count);
    r.comparison = Some(classify(allowed, count, forbidden_seen));
    r.model = Some(ModelVerdict {
        condition_allowed: allowed,
        states: states.into_iter().collect(),
    });
    r
}

/// Attach a reference observation (instances, how many showed the
/// condition's outcome) to a test's report, classified with the same model
/// verdict.
pub fn attach_reference(r: &mut TestReport, instances: u64, observed: u64) {
    let Some(m) = &r.model else { return };
    let comparison = classify(m.condition_allowed, observed, false);
    r.reference = Some(Reference {
        instances,
        observed,
        comparison,
        same_class: r.comparison.map(|c| c == comparison),
    });
}
