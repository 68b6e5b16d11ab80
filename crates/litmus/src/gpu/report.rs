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
    #[serde(rename = "allowed, observed")]
    AllowedObserved,
    #[serde(rename = "allowed, not observed")]
    AllowedNotObserved,
    #[serde(rename = "forbidden, not observed")]
    ForbiddenNotObserved,
    /// The hardware showed a final state the model forbids.
    #[serde(rename = "MODEL VIOLATION")]
    ModelViolation,
}

impl Comparison {
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

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TestReport {
    pub name: String,
    pub file: String,
    /// `exists` / `~exists` / `forall`.
    pub quant: String,
    pub condition: String,
    pub vars: Vec<String>,
    pub instances: u64,
    pub launches: u64,
    pub seconds: f64,
    pub config: String,
    pub sass: SassStatus,
    /// Empty when the SASS check failed (nothing is reported).
    pub histogram: Vec<HistLine>,
    /// Instances whose final state satisfies the condition.
    pub condition_count: Option<u64>,
    pub model: Option<ModelVerdict>,
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
    pub instances: u64,
    pub observed: u64,
    pub comparison: Comparison,
    /// This run's comparison is the same class.
    pub same_class: Option<bool>,
}

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Summary {
    pub tests: usize,
    pub allowed_observed: usize,
    pub allowed_not_observed: usize,
    pub forbidden_not_observed: usize,
    pub model_violations: usize,
    pub not_reported: usize,
    /// Tests whose class differs from their reference observation's.
    pub reference_differences: usize,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub device: String,
    pub dry_run: bool,
    pub model: String,
    pub tests: Vec<TestReport>,
    pub summary: Summary,
}

impl Report {
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
