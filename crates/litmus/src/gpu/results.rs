//! The runner's results file (`results.txt`), written by the CUDA host
//! program and by the dry run, read back by `relprove gpu report`:
//!
//! ```text
//! relprove-gpu-results 1
//! device NVIDIA H200 sm_90 sms=132
//! test MP+weak+diffcta
//! vars 1:r0 1:r1
//! launches 1200
//! instances 40550400
//! seconds 3.001
//! config groups=132 warps=8 ...
//! state 0 0 : 1234
//! state 1 0 : 56
//! end
//! ```

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

use super::error::GpuError;

/// The first line of a results file: the format and its version.
pub const MAGIC: &str = "relprove-gpu-results 1";

/// One test's run: its histogram of final states (values of `vars`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// The test's name.
    pub name: String,
    /// The observed variables as herd writes them: the columns of each
    /// state.
    pub vars: Vec<String>,
    /// Kernel launches.
    pub launches: u64,
    /// Test instances run (the histogram's total).
    pub instances: u64,
    /// Wall time of the test's run, in seconds (0 in the dry run).
    pub seconds: f64,
    /// The runner's configuration, as free text (`groups=132 warps=8 ...`).
    pub config: String,
    /// Each final state seen (values of `vars`) and how many instances
    /// ended in it.
    pub histogram: BTreeMap<Vec<i64>, u64>,
}

/// A results file: the device and one record per test.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    /// The device line (the GPU, or the dry run's `DRY_RUN_DEVICE`).
    pub device: String,
    /// One record per test, in file order.
    pub records: Vec<Record>,
}

impl Results {
    /// The file's text, in the format above.
    pub fn render(&self) -> String {
        let mut s = format!("{MAGIC}\ndevice {}\n", self.device);
        for r in &self.records {
            let _ = writeln!(s, "test {}", r.name);
            let _ = writeln!(s, "vars {}", r.vars.join(" "));
            let _ = writeln!(s, "launches {}", r.launches);
            let _ = writeln!(s, "instances {}", r.instances);
            let _ = writeln!(s, "seconds {:.3}", r.seconds);
            let _ = writeln!(s, "config {}", r.config);
            for (st, n) in &r.histogram {
                let vals: Vec<String> = st.iter().map(|v| v.to_string()).collect();
                let _ = writeln!(s, "state {} : {n}", vals.join(" "));
            }
            s.push_str("end\n");
        }
        s
    }

    /// Parse a results file (`path` for error positions); each record's
    /// histogram must count its `instances`.
    pub fn parse(path: &Path, text: &str) -> Result<Results, GpuError> {
        let err = |line: usize, col: usize, message: String| GpuError::Format {
            path: path.to_path_buf(),
            line,
            col,
            message,
        };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        match lines.next() {
            Some((_, l)) if l.trim_end() == MAGIC => {}
            _ => return Err(err(1, 1, format!("expected `{MAGIC}`"))),
        }
        let mut out = Results::default();
        let mut cur: Option<Record> = None;
        for (n, line) in lines {
            let line = line.trim_end();
            if line.is_empty() {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let num = |what: &str| -> Result<u64, GpuError> {
                rest.trim()
                    .parse::<u64>()
                    .map_err(|_| err(n, key.len() + 2, format!("{what}: expected a count")))
            };
            match (key, cur.as_mut()) {
                ("device", None) => out.device = rest.to_string(),
                ("test", None) => {
                    cur = Some(Record {
                        name: rest.to_string(),
                        ..Default::default()
                    })
                }
                ("vars", Some(r)) => r.vars = rest.split_whitespace().map(str::to_string).collect(),
                ("launches", Some(_)) => {
                    let v = num("launches")?;
                    if let Some(r) = cur.as_mut() {
                        r.launches = v;
                    }
                }
                ("instances", Some(_)) => {
                    let v = num("instances")?;
                    if let Some(r) = cur.as_mut() {
                        r.instances = v;
                    }
                }
                ("seconds", Some(r)) => {
                    r.seconds = rest
                        .trim()
                        .parse::<f64>()
                        .map_err(|_| err(n, 9, "seconds: expected a number".into()))?
                }
                ("config", Some(r)) => r.config = rest.to_string(),
                ("state", Some(r)) => {
                    let Some((vals, count)) = rest.rsplit_once(':') else {
                        return Err(err(n, 7, "expected `state V... : COUNT`".into()));
                    };
                    let mut st = Vec::new();
                    for v in vals.split_whitespace() {
                        st.push(
                            v.parse::<i64>()
                                .map_err(|_| err(n, 7, format!("`{v}` is not an integer value")))?,
                        );
                    }
                    if st.len() != r.vars.len() {
                        return Err(err(
                            n,
                            7,
                            format!("{} values for {} variables", st.len(), r.vars.len()),
                        ));
                    }
                    let c = count.trim().parse::<u64>().map_err(|_| {
                        err(n, line.len() - count.len() + 1, "expected a count".into())
                    })?;
                    *r.histogram.entry(st).or_insert(0) += c;
                }
                ("end", Some(_)) => {
                    if let Some(r) = cur.take() {
                        let total: u64 = r.histogram.values().sum();
                        if total != r.instances {
                            return Err(err(
                                n,
                                1,
                                format!(
                                    "test {}: the histogram counts {total} instances, the record says {}",
                                    r.name, r.instances
                                ),
                            ));
                        }
                        out.records.push(r);
                    }
                }
                (k, _) => {
                    return Err(err(n, 1, format!("unexpected `{k}` here")));
                }
            }
        }
        if let Some(r) = cur {
            return Err(err(
                text.lines().count(),
                1,
                format!("test {}: record not ended (the run was cut short?)", r.name),
            ));
        }
        Ok(out)
    }
}
