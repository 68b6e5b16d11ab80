//! Reference hardware observations (`observations.tsv`: test, recorded
//! model verdicts, instances, weak-outcome count, rate per million) set
//! against the model's verdicts as relprove decides them now.

use std::path::Path;

use serde::Serialize;

use super::error::GpuError;
use super::report::{classify, Comparison};

/// One line of a reference observations file (`observations.tsv`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Observation {
    /// The test's name (its file: `<test>.litmus` in the tests directory).
    pub test: String,
    /// The verdict column as recorded (`allowed/allowed`).
    pub recorded_verdict: String,
    /// Instances run.
    pub instances: u64,
    /// Instances that showed the weak outcome (the condition's).
    pub observed: u64,
    /// `observed` per million instances, as recorded.
    pub per_million: f64,
}

/// Parse an observations file: five tab-separated fields per line (test,
/// recorded verdict, instances, observed, per million); blank lines and
/// `#` lines skipped. `path` is for error positions.
pub fn parse(path: &Path, text: &str) -> Result<Vec<Observation>, GpuError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let err = |col: usize, message: String| GpuError::Format {
            path: path.to_path_buf(),
            line: n,
            col,
            message,
        };
        if f.len() < 5 {
            return Err(err(
                1,
                format!("expected 5 tab-separated fields, found {}", f.len()),
            ));
        }
        let col = |k: usize| f[..k].iter().map(|s| s.len() + 1).sum::<usize>() + 1;
        let int = |k: usize| {
            f[k].trim()
                .parse::<u64>()
                .map_err(|_| err(col(k), format!("`{}` is not a count", f[k])))
        };
        out.push(Observation {
            test: f[0].trim().to_string(),
            recorded_verdict: f[1].trim().to_string(),
            instances: int(2)?,
            observed: int(3)?,
            per_million: f[4]
                .trim()
                .parse::<f64>()
                .map_err(|_| err(col(4), format!("`{}` is not a number", f[4])))?,
        });
    }
    Ok(out)
}

/// One row of the comparison table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The observation (its fields flattened into the row's JSON).
    #[serde(flatten)]
    pub obs: Observation,
    /// The model's verdict on the condition now (`None`: could not decide).
    pub model_allows: Option<bool>,
    /// The recorded verdict of relprove (first part of the column) agrees.
    pub recorded_agrees: Option<bool>,
    /// The observation classified with the model's verdict (`None`: the
    /// model could not decide).
    pub comparison: Option<Comparison>,
    /// Why the model could not decide the test.
    pub error: Option<String>,
}

/// The row of one observation, given the model's verdict on its condition
/// (`Err`: why the model could not decide).
pub fn row(obs: Observation, model_allows: Result<bool, super::ModelError>) -> Row {
    match model_allows {
        Ok(a) => {
            let word = if a { "allowed" } else { "forbidden" };
            let recorded = obs.recorded_verdict.split('/').next().map(str::trim);
            Row {
                recorded_agrees: recorded.map(|r| r == word),
                comparison: Some(classify(a, obs.observed, false)),
                model_allows: Some(a),
                error: None,
                obs,
            }
        }
        Err(e) => Row {
            obs,
            model_allows: None,
            recorded_agrees: None,
            comparison: None,
            error: Some(e.to_string()),
        },
    }
}

/// The rows as a Markdown table (for docs/gpu.md).
pub fn markdown(rows: &[Row]) -> String {
    let mut s = String::from(
        "| test | model (relprove) | instances | weak outcome seen | per million | comparison |\n|---|---|---:|---:|---:|---|\n",
    );
    for r in rows {
        let model = match (r.model_allows, r.recorded_agrees) {
            (Some(a), Some(false)) => format!(
                "{} (recorded: {})",
                if a { "allowed" } else { "forbidden" },
                r.obs.recorded_verdict
            ),
            (Some(a), _) => (if a { "allowed" } else { "forbidden" }).to_string(),
            (None, _) => format!("error: {}", r.error.as_deref().unwrap_or("")),
        };
        s.push_str(&format!(
            "| {} | {model} | {} | {} | {:.3} | {} |\n",
            r.obs.test,
            r.obs.instances,
            r.obs.observed,
            r.obs.per_million,
            r.comparison.map_or("-", |c| c.word())
        ));
    }
    s
}

/// A reference observations file, if one is given.
pub fn read_optional(file: Option<&Path>) -> Result<Vec<Observation>, GpuError> {
    let Some(f) = file else {
        return Ok(Vec::new());
    };
    let text = relprove_engine::diag::read_source(f).map_err(|e| GpuError::io(f, e.into()))?;
    parse(f, &text)
}

/// Read an observations table and decide each of its tests
/// (`tests_dir/<test>.litmus`, parsed into `sources`) with `model`: one
/// row per observation.
pub fn compare(
    file: &Path,
    tests_dir: &Path,
    model: &Path,
    jobs: usize,
    sources: &mut relprove_engine::diag::SourceMap,
) -> Result<Vec<Row>, GpuError> {
    let text =
        relprove_engine::diag::read_source(file).map_err(|e| GpuError::io(file, e.into()))?;
    let obs = parse(file, &text)?;
    let files: Vec<std::path::PathBuf> = obs
        .iter()
        .map(|o| tests_dir.join(format!("{}.litmus", o.test)))
        .collect();
    let loaded = super::load_tests(&files, sources)?;
    let models = super::model_states(&loaded, model, jobs)?;
    Ok(obs
        .into_iter()
        .zip(models.into_iter().zip(&loaded))
        .map(|(o, (m, l))| {
            let allows = m.map(|states| states.iter().any(|s| l.gpu.holds(s)));
            row(o, allows)
        })
        .collect())
}
