//! `--graph DIR` (check and litmus): writes the graphs the library builds
//! (`relprove_engine::instance::graph`) as DOT files, renders them to SVG with
//! Graphviz's `dot` when it is installed, and writes the `index.html` of a
//! litmus batch.

use super::exit::Exit;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use super::litmus::Batch;
use relprove_engine::instance::graph::{self, Graph, Named};
use relprove_litmus::run::{Input, TestResult};

/// Where graphs go and which extra relations they show.
#[derive(Clone, Debug)]
pub struct GraphDir {
    pub dir: PathBuf,
    /// `--show REL,...`
    pub show: Vec<String>,
    /// The file stems written so far ([`write_instance`] keeps them
    /// distinct).
    pub used: std::sync::Arc<std::sync::Mutex<std::collections::HashSet<String>>>,
}

/// The files written for one graph.
pub struct Written {
    pub dot: PathBuf,
    pub svg: Option<PathBuf>,
}

/// Whether Graphviz's `dot` can be run (asked once).
fn dot_available() -> bool {
    static DOT: OnceLock<bool> = OnceLock::new();
    *DOT.get_or_init(|| {
        Command::new("dot")
            .arg("-V")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// A file name from a command or test name: letters, digits, `-`, `_`,
/// `.` kept, anything else `_`.
pub fn file_stem(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        format!("g{s}")
    } else {
        s
    }
}

/// A stem not yet in `used` (`name`, `name_2`, ...), recorded there.
fn fresh_stem(used: &mut BTreeSet<String>, name: &str) -> String {
    let base = file_stem(name);
    let mut s = base.clone();
    let mut k = 1;
    while !used.insert(s.clone()) {
        k += 1;
        s = format!("{base}_{k}");
    }
    s
}

/// `dot -Tsvg` of `text` into `target`; the first line of dot's complaint
/// when it fails (its other lines are noise: `%0 1`, …).
fn render_svg(text: &str, target: &Path) -> Result<(), String> {
    use std::io::Write as _;
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .arg("-o")
        .arg(target)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run dot: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(text.as_bytes());
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("cannot run dot: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    Err(err
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("dot failed")
        .trim()
        .to_string())
}

/// Create `--graph DIR` (a file of that name is not a directory).
pub fn create_dir(dir: &Path) -> Result<(), String> {
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "--graph: {} is a file, not a directory",
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--graph: cannot create directory {}: {e}", dir.display()))?;
    // Found before any solving: a directory that cannot be written to.
    let probe = dir.join(".relprove-write-test");
    std::fs::write(&probe, b"")
        .and_then(|_| std::fs::remove_file(&probe))
        .map_err(|e| format!("--graph: cannot write into {}: {e}", dir.display()))
}

/// Write `DIR/STEM.dot` and, with Graphviz, `DIR/STEM.svg`. A failing
/// `dot` is reported as a warning (the DOT file is still there).
/// Draw one instance of `model` into `g.dir` as `stem.dot` (and `.svg`);
/// the file to show the user.
pub fn write_instance(
    g: &GraphDir,
    model: &relprove_engine::ir::Model,
    inst: &relprove_engine::instance::Instance,
    title: &str,
    stem: &str,
) -> Result<PathBuf, String> {
    let stem = {
        // An anonymous `run` and a `run run_1` both drew `run_1`, and the
        // first graph was lost (issue 34).
        let mut used = g.used.lock().unwrap_or_else(|e| e.into_inner());
        unique_stem(stem, |u| used.insert(u.to_string()))
    };
    graph::instance_graph(model, inst, title, &g.show)
        .map_err(|e| e.to_string())
        .and_then(|drawn| write_graph(&g.dir, &stem, &drawn))
        .map(|w| w.svg.unwrap_or(w.dot))
}

/// `stem`, or if `fresh` says it was written before, `stem-2`, `stem-3`, …
/// (Alloy names and test names have no `-`): the first one `fresh` accepts.
pub fn unique_stem(stem: &str, mut fresh: impl FnMut(&str) -> bool) -> String {
    let mut unique = stem.to_string();
    let mut k = 1;
    while !fresh(&unique) {
        k += 1;
        unique = format!("{stem}-{k}");
    }
    unique
}

/// Draw `w`, an execution of the Vulkan test `test`, into `dir` as `stem`
/// (made unique among `used`): the SVG's path when Graphviz is installed,
/// else the DOT's.
pub fn write_vulkan(
    dir: &Path,
    used: &mut BTreeSet<String>,
    stem: &str,
    test: &relprove_litmus::khronos::Test,
    w: &relprove_litmus::khronos::draw::Witness,
    title: &str,
) -> Result<String, String> {
    let stem = unique_stem(&file_stem(stem), |u| used.insert(u.to_string()));
    let g = relprove_litmus::khronos::draw::execution_graph(test, w, title)
        .map_err(|e| e.to_string())?;
    let written = write_graph(dir, &stem, &g)?;
    Ok(written.svg.unwrap_or(written.dot).display().to_string())
}

pub fn write_graph(dir: &Path, stem: &str, g: &Graph) -> Result<Written, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--graph: cannot create directory {}: {e}", dir.display()))?;
    let dot = dir.join(format!("{stem}.dot"));
    let text = g.to_dot();
    std::fs::write(&dot, &text)
        .map_err(|e| format!("--graph: cannot write {}: {e}", dot.display()))?;
    let mut svg = None;
    if dot_available() {
        let target = dir.join(format!("{stem}.svg"));
        // dot's ranking fails on some clustered graphs with edges that do
        // not constrain the layout ("trouble in init_rank": 26 CADP tests
        // of the Dat3M folder); laid out with every edge constraining, the
        // events still sit in their thread's box.
        let first = render_svg(&text, &target);
        let result = first
            .clone()
            .or_else(|_| render_svg(&text.replace(", constraint=false", ""), &target));
        match (result, first) {
            (Ok(()), _) => svg = Some(target),
            (Err(_), Err(why)) => eprintln!(
                "relprove: warning: dot could not lay out {} ({why}); the DOT file is there",
                dot.display()
            ),
            (Err(why), Ok(())) => eprintln!("relprove: warning: dot: {why}"),
        }
    }
    Ok(written_note(Written { dot, svg }))
}

/// Say once per run that SVG needs Graphviz.
fn written_note(w: Written) -> Written {
    static SAID: OnceLock<()> = OnceLock::new();
    if w.svg.is_none() && !dot_available() {
        SAID.get_or_init(|| {
            eprintln!("relprove: note: Graphviz `dot` is not installed: --graph writes DOT files only (apt-get install graphviz for SVG)")
        });
    }
    w
}

/// `litmus --graph --show REL,...`: every name must be a binary relation
/// of the model (checked before any test runs). `Err`: the exit code.
pub fn check_litmus_show(model: &Path, show: &[String]) -> Result<(), Exit> {
    if show.is_empty() {
        return Ok(());
    }
    let mut sources = relprove_engine::diag::SourceMap::new();
    let m = relprove_engine::resolve::load_model(
        model,
        &mut sources,
        &relprove_engine::resolve::LoadOptions::default(),
    )
    .map_err(|ds| super::report::error(&sources, ds, false))?;
    graph::check_show(&m, show).map_err(|e| {
        eprintln!("relprove: {e}");
        Exit::Input
    })
}

/// The title of a litmus witness graph.
fn witness_title(r: &TestResult) -> String {
    let side = match &r.witness {
        Some(w) if w.condition_holds => "an execution in which the condition holds",
        Some(_) => "the condition never holds; an allowed execution",
        None => "no execution",
    };
    format!(
        "{}: {} ({}) — {side}",
        r.name,
        r.observation.word(),
        if r.validated { "Ok" } else { "No" }
    )
}

fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// A relative link to a file in the graph directory.
fn link(p: &Path) -> String {
    let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
    html_escape(&name.unwrap_or_default())
}

/// One row of `index.html`.
struct Row {
    name: String,
    verdict: String,
    expected: String,
    /// `Some(false)`: the verdict contradicts the expectation.
    matches: Option<bool>,
    time_ms: u128,
    graph: Option<Written>,
    note: String,
}

/// `litmus --graph DIR`: one graph per decided test (its witness
/// execution) and `DIR/index.html`. Returns the exit code (2 when a file
/// cannot be written).
pub fn write_litmus(g: &GraphDir, batch: &Batch) -> Exit {
    if let Err(m) = create_dir(&g.dir) {
        eprintln!("relprove: {m}");
        return Exit::Input;
    }
    let mut used = BTreeSet::from(["index".to_string()]);
    let mut rows = Vec::new();
    let mut code = Exit::Ok;
    for (input, r) in batch.inputs.iter().zip(batch.results) {
        let label = match input {
            Input::File(p) => p.display().to_string(),
            Input::Generated { label, .. } => label.clone(),
        };
        let r = match r {
            Ok(r) => r,
            Err(d) => {
                rows.push(Row {
                    name: label,
                    verdict: "error".into(),
                    expected: String::new(),
                    matches: None,
                    time_ms: 0,
                    graph: None,
                    note: d.message.clone(),
                });
                continue;
            }
        };
        let e = batch.expectations.get(&r.name).copied();
        let mut row = Row {
            name: r.name.clone(),
            verdict: format!(
                "{} ({})",
                if r.validated { "Ok" } else { "No" },
                r.observation.word()
            ),
            expected: e.map(|e| e.word().to_string()).unwrap_or_default(),
            matches: e.map(|e| e.matches(r)),
            time_ms: r.time_ms,
            graph: None,
            note: String::new(),
        };
        match &r.witness {
            None if r.hung_combinations > 0 => {
                row.note = "no execution: a barrier cannot complete (the test hangs)".into()
            }
            None => row.note = "no execution to draw".into(),
            Some(w) => {
                // Derived relations are computed here, for this one execution.
                let n = match &w.solution.drawn {
                    None => Named {
                        sigs: w.solution.sigs.clone(),
                        fields: w.solution.fields.clone(),
                    },
                    Some(d) => match d.named() {
                        Ok(n) => n,
                        Err(e) => {
                            eprintln!("relprove: --graph: {}: {e}", r.name);
                            row.note = format!("cannot draw: {e}");
                            code = Exit::Input;
                            rows.push(row);
                            continue;
                        }
                    },
                };
                let title = witness_title(r);
                match graph::execution(&n, &title, &g.show) {
                    None => row.note = "the model's instances are not executions".into(),
                    Some(graph) => {
                        let stem = fresh_stem(&mut used, &r.name);
                        match write_graph(&g.dir, &stem, &graph) {
                            Ok(w) => row.graph = Some(w),
                            Err(m) => {
                                eprintln!("relprove: {m}");
                                code = Exit::Input;
                            }
                        }
                        if !w.condition_holds {
                            row.note = "condition never holds: an allowed execution".into();
                        }
                    }
                }
            }
        }
        rows.push(row);
    }
    let index = g.dir.join("index.html");
    if let Err(e) = std::fs::write(&index, index_html(&rows)) {
        eprintln!("relprove: --graph: cannot write {}: {e}", index.display());
        return Exit::Input;
    }
    eprintln!("relprove: graphs: {}", index.display());
    code
}

fn index_html(rows: &[Row]) -> String {
    let mut s = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>relprove litmus graphs</title>\n<style>\n\
body { font-family: sans-serif; margin: 2em; }\n\
table { border-collapse: collapse; }\n\
th, td { border: 1px solid #bbb; padding: 0.3em 0.8em; text-align: left; }\n\
th { background: #eee; }\n\
td.num { text-align: right; }\n\
tr.mismatch td { background: #fdd; }\n\
tr.error td { background: #fec; }\n\
</style>\n</head>\n<body>\n<h1>relprove litmus graphs</h1>\n",
    );
    let mismatches = rows.iter().filter(|r| r.matches == Some(false)).count();
    let _ = writeln!(
        s,
        "<p>{} test{}, {} not as expected.</p>",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        mismatches
    );
    s.push_str("<table>\n<tr><th>Test</th><th>Verdict</th><th>Expected</th><th>Time (s)</th><th>Graph</th><th>Note</th></tr>\n");
    for r in rows {
        let class = if r.verdict == "error" {
            " class=\"error\""
        } else if r.matches == Some(false) {
            " class=\"mismatch\""
        } else {
            ""
        };
        let graph = match &r.graph {
            Some(w) => {
                let mut l = String::new();
                if let Some(svg) = &w.svg {
                    let _ = write!(l, "<a href=\"{}\">svg</a> ", link(svg));
                }
                let _ = write!(l, "<a href=\"{}\">dot</a>", link(&w.dot));
                l
            }
            None => String::new(),
        };
        let name = match r.graph.as_ref().map(|w| w.svg.as_ref().unwrap_or(&w.dot)) {
            Some(p) => format!("<a href=\"{}\">{}</a>", link(p), html_escape(&r.name)),
            None => html_escape(&r.name),
        };
        let _ = writeln!(
            s,
            "<tr{class}><td>{name}</td><td>{}</td><td>{}</td><td class=\"num\">{:.3}</td><td>{graph}</td><td>{}</td></tr>",
            html_escape(&r.verdict),
            html_escape(&r.expected),
            r.time_ms as f64 / 1000.0,
            html_escape(&r.note)
        );
    }
    s.push_str("</table>\n</body>\n</html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_are_safe_and_fresh() {
        assert_eq!(file_stem("MP+fence.sc/gpu"), "MP_fence.sc_gpu");
        assert_eq!(file_stem(".."), "g..");
        let mut used = BTreeSet::new();
        assert_eq!(fresh_stem(&mut used, "a b"), "a_b");
        assert_eq!(fresh_stem(&mut used, "a?b"), "a_b_2");
    }
}

/// `--graph DIR [--show REL,...]` (check and litmus; docs/graphs.md).
#[derive(clap::Args)]
pub struct GraphArgs {
    /// Write one Graphviz DOT file per instance (litmus: per test, its
    /// witness execution, and DIR/index.html) into DIR, and SVG when
    /// Graphviz's `dot` is installed.
    #[arg(long, value_name = "DIR")]
    pub graph: Option<PathBuf>,
    /// With --graph: further relations to draw in executions (binary
    /// fields or parameterless functions of the model, e.g. `cause,ms`).
    #[arg(
        long,
        value_name = "REL,...",
        value_delimiter = ',',
        requires = "graph"
    )]
    pub show: Vec<String>,
}

impl GraphArgs {
    pub fn dir(self) -> Option<GraphDir> {
        self.graph.map(|dir| GraphDir {
            dir,
            show: self.show,
            used: Default::default(),
        })
    }
}
