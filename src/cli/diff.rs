//! `relprove diff --model A --model B`: the smallest litmus tests on which
//! two memory models disagree, found by search (docs/diff.md), each one
//! re-checked on both models and optionally written out (`-o DIR`).

use std::path::{Path, PathBuf};

use clap::Args;
use relprove_engine::diag::SourceMap;
use relprove_litmus::diff::{self, Ending, Found, Models, Report};
use relprove_litmus::run::ModelRef;
use schemars::JsonSchema;
use serde::Serialize;

use super::exit::Exit;
use super::output::stdoutln;
use super::TextOrJson;

/// The arguments of `relprove diff`.
#[derive(Args)]
pub struct DiffArgs {
    /// A model: models/ptx.als, models/ptx75.als (generic-proxy programs),
    /// NVIDIA's ASPLOS'19 ptx.als, or a variant of one of them (an axiom
    /// deleted). Give it twice: A, then B.
    #[arg(long = "model", value_name = "MODEL", required = true)]
    pub models: Vec<PathBuf>,
    /// The most events a test may have (every size up to it is searched,
    /// smallest first).
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=12))]
    pub events: u32,
    /// The most threads.
    #[arg(long, value_name = "T", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub threads: u32,
    /// The most locations.
    #[arg(long, value_name = "L", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub locations: u32,
    /// An Alloy formula over the shared vocabulary (`lt_R`, `lt_W`,
    /// `lt_Fsc`, `lt_po`, `lt_rf`, `lt_loc`…; docs/diff.md) that every
    /// execution searched must satisfy; repeatable. E.g. `no lt_Fsc`.
    #[arg(long = "constraint", value_name = "FORMULA")]
    pub constraints: Vec<String>,
    /// Every difference up to the bound (at most --max-tests per
    /// direction), not only the smallest.
    #[arg(long)]
    pub all: bool,
    /// Give up on a direction after this many candidates that the re-check
    /// rules out (the forbidding model reaches their final state through
    /// another execution).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_candidates: u32,
    /// With --all: the most differences reported per direction.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tests: u32,
    /// Only search for tests that A allows and B forbids (not the reverse).
    #[arg(long)]
    pub one_way: bool,
    /// Write each test found to DIR/NAME.litmus, with a drawing of an
    /// execution of it that A allows (DIR/NAME.dot, and .svg when
    /// Graphviz's `dot` is installed).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Time limit of the search in each direction, in seconds.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = crate::cli::args::seconds)]
    pub timeout: Option<std::time::Duration>,
    /// Memory limit of each solver call (e.g. `4G`).
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub max_memory: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
}

/// The document of `relprove diff --format json` (schema:
/// docs/json/diff.schema.json).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Doc {
    /// Model A and model B, as given.
    a: String,
    b: String,
    /// The bounds searched.
    events: u32,
    threads: u32,
    locations: u32,
    /// One search per direction: `a_not_b` (A allows, B forbids), then
    /// `b_not_a` unless --one-way.
    directions: Vec<Direction>,
}

/// The search in one direction.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct Direction {
    /// `a_not_b` or `b_not_a`.
    direction: &'static str,
    /// The tests found, smallest first.
    found: Vec<FoundJson>,
    /// `exhausted` (no other difference up to `up_to` events), `stopped`
    /// (the first difference, or --max-tests), `limit`, or
    /// `too_many_candidates`.
    ending: &'static str,
    /// The number of events searched to the end: no test of this many
    /// events or fewer tells the models apart in this direction, other
    /// than those found.
    complete_up_to: usize,
    /// For `limit`: the limit.
    limit: Option<String>,
    /// Candidates the re-check found the forbidding model allows after all.
    rejected: usize,
    /// Candidates whose test the allowing model's litmus lowering forbids.
    lowering_disagrees: usize,
    /// Solver queries.
    queries: usize,
    /// Whether the models were made to share one copy of the vocabulary
    /// they both declare (docs/diff.md).
    one_vocabulary: bool,
    /// Witnesses of the forbidding model learnt from ruled-out candidates.
    learnt: usize,
    /// Milliseconds.
    time_ms: u128,
}

/// One test found.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FoundJson {
    /// The test's name.
    name: String,
    /// Its events, threads and locations.
    events: usize,
    threads: usize,
    locations: usize,
    /// The test (Dat3M's PTX format).
    test: String,
    /// The conjuncts of the forbidding model's consistency predicate the
    /// found execution violates.
    violated: Vec<String>,
    /// Where it was written (`-o DIR`).
    file: Option<String>,
    /// The drawing of the allowing model's execution (`-o DIR`): the SVG
    /// when Graphviz rendered it, else the DOT file.
    graph: Option<String>,
}

fn complete_up_to(r: &Report) -> usize {
    match &r.ending {
        Ending::Exhausted { events } => *events,
        Ending::Stopped => r.found.last().map_or(0, |f| f.events.saturating_sub(1)),
        Ending::Limit { events, .. } | Ending::TooManyCandidates { events } => {
            events.saturating_sub(1)
        }
    }
}

/// Write the test and the drawing of the allowing model's execution.
fn write_test(dir: &Path, f: &Found, allowed_by: &str) -> Result<(String, Option<String>), String> {
    use relprove_engine::instance::graph::{self, Named};
    let p = dir.join(format!("{}.litmus", f.name));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&p, &f.test))
        .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    let Some(w) = &f.witness else {
        return Ok((p.display().to_string(), None));
    };
    let named = match &w.solution.drawn {
        None => Named {
            sigs: w.solution.sigs.clone(),
            fields: w.solution.fields.clone(),
        },
        Some(d) => d
            .named()
            .map_err(|e| format!("cannot draw {}: {e}", f.name))?,
    };
    let title = format!("{}: an execution {allowed_by} allows", f.name);
    let Some(g) = graph::execution(&named, &title, &[]) else {
        return Ok((p.display().to_string(), None));
    };
    let written = super::graph::write_graph(dir, &super::graph::file_stem(&f.name), &g)?;
    let drawn = written.svg.unwrap_or(written.dot);
    Ok((p.display().to_string(), Some(drawn.display().to_string())))
}

/// `relprove diff`.
pub fn command(a: DiffArgs) -> Exit {
    let Some(max_memory) = crate::cli::args::max_memory(&a.max_memory) else {
        return Exit::Input;
    };
    let [pa, pb] = a.models.as_slice() else {
        eprintln!("relprove diff: give exactly two --model options (A, then B)");
        return Exit::Input;
    };
    let mut sources = SourceMap::new();
    let mut load = |p: &Path| ModelRef::load_in(&mut sources, p);
    let (ma, mb) = match (load(pa), load(pb)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(d), _) | (_, Err(d)) => return super::report::error(&sources, d, false),
    };
    if ma.path == mb.path {
        eprintln!(
            "relprove diff: A and B are the same file ({}): no test tells a model from itself",
            ma.path.display()
        );
        return Exit::Input;
    }
    let opts = diff::Options {
        max_events: a.events as usize,
        max_threads: a.threads as usize,
        max_locations: a.locations as usize,
        constraints: a.constraints.clone(),
        all: a.all,
        max_found: a.max_tests as usize,
        max_rejected: a.max_candidates as usize,
        timeout: a.timeout,
        max_memory: Some(max_memory),
        ..diff::Options::default()
    };
    let (na, nb) = (diff::short_name(pa), diff::short_name(pb));
    let (na, nb) = if na == nb {
        (format!("{na}_a"), format!("{nb}_b"))
    } else {
        (na, nb)
    };
    let mut directions = Vec::new();
    let mut exit = Exit::Ok;
    let sides = if a.one_way { 1 } else { 2 };
    for side in 0..sides {
        let models = if side == 0 {
            Models {
                a: &ma,
                b: &mb,
                a_name: na.clone(),
                b_name: nb.clone(),
            }
        } else {
            Models {
                a: &mb,
                b: &ma,
                a_name: nb.clone(),
                b_name: na.clone(),
            }
        };
        let mut opts = opts.clone();
        // Each direction has the whole time limit.
        opts.timeout = a.timeout;
        let report = match diff::search(&models, &opts, &mut |_| {}) {
            Ok(r) => r,
            Err(d) => return super::report::error(&sources, d, false),
        };
        let mut found = Vec::new();
        let allowed_by = if side == 0 { "A" } else { "B" };
        for f in &report.found {
            let (file, graph) = match &a.output {
                None => (None, None),
                Some(dir) => match write_test(dir, f, allowed_by) {
                    Ok((p, g)) => (Some(p), g),
                    Err(e) => {
                        eprintln!("relprove diff: {e}");
                        return Exit::Input;
                    }
                },
            };
            found.push(FoundJson {
                name: f.name.clone(),
                events: f.events,
                threads: f.threads,
                locations: f.locations,
                test: f.test.clone(),
                violated: f.violated.clone(),
                file,
                graph,
            });
        }
        let (ending, limit) = match &report.ending {
            Ending::Exhausted { .. } => ("exhausted", None),
            Ending::Stopped => ("stopped", None),
            Ending::Limit { why, .. } => ("limit", Some(why.clone())),
            Ending::TooManyCandidates { .. } => ("too_many_candidates", None),
        };
        if limit.is_some() || ending == "too_many_candidates" {
            exit.raise(Exit::Limit);
        }
        directions.push(Direction {
            direction: if side == 0 { "a_not_b" } else { "b_not_a" },
            found,
            ending,
            complete_up_to: complete_up_to(&report),
            limit,
            rejected: report.rejected,
            lowering_disagrees: report.a_disagrees,
            queries: report.queries,
            one_vocabulary: report.one_vocabulary,
            learnt: report.learnt,
            time_ms: report.time_ms,
        });
    }
    let doc = Doc {
        a: pa.display().to_string(),
        b: pb.display().to_string(),
        events: a.events,
        threads: a.threads,
        locations: a.locations,
        directions,
    };
    if a.format == TextOrJson::Json {
        stdoutln!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
    } else {
        print_text(&doc);
    }
    exit
}

/// `n` and `what`, plural unless `n` is 1 ("1 event", "3 events").
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn print_text(doc: &Doc) {
    stdoutln!(
        "Diff A = {}, B = {} (up to {}, {}, {})",
        doc.a,
        doc.b,
        count(doc.events as usize, "event"),
        count(doc.threads as usize, "thread"),
        count(doc.locations as usize, "location")
    );
    let mut total = 0;
    for d in &doc.directions {
        let (yes, no) = if d.direction == "a_not_b" {
            ("A", "B")
        } else {
            ("B", "A")
        };
        stdoutln!("\n{yes} allows, {no} forbids:");
        for f in &d.found {
            total += 1;
            stdoutln!(
                "  {} ({}, {}, {}): re-checked, {yes} allows it and {no} forbids it",
                f.name,
                count(f.events, "event"),
                count(f.threads, "thread"),
                count(f.locations, "location")
            );
            if !f.violated.is_empty() {
                stdoutln!(
                    "  {no} rejects the execution found by: {}",
                    f.violated.join(", ")
                );
            }
            for l in f.test.lines() {
                stdoutln!("    {l}");
            }
            if let Some(p) = &f.file {
                stdoutln!("  written to {p}");
            }
            if let Some(p) = &f.graph {
                stdoutln!("  drawn in {p}");
            }
        }
        let rest = if d.found.is_empty() {
            "no difference"
        } else {
            "no other difference"
        };
        match d.ending {
            "exhausted" => stdoutln!("  {rest} up to {}", count(d.complete_up_to, "event")),
            "stopped" => stdoutln!(
                "  smallest: none up to {} (--all for every difference)",
                count(d.complete_up_to, "event")
            ),
            "limit" => stdoutln!(
                "  stopped by {} at {}: complete up to {}",
                d.limit.as_deref().unwrap_or("a limit"),
                count(d.complete_up_to + 1, "event"),
                count(d.complete_up_to, "event")
            ),
            _ => stdoutln!(
                "  gave up after {} the re-check ruled out: complete up to {}",
                count(d.rejected + d.lowering_disagrees, "candidate"),
                count(d.complete_up_to, "event")
            ),
        }
        stdoutln!(
            "  {}, {} ruled out by the re-check{}, {:.2}s",
            if d.queries == 1 {
                "1 query".to_string()
            } else {
                format!("{} queries", d.queries)
            },
            count(d.rejected, "candidate"),
            if d.lowering_disagrees > 0 {
                format!(
                    ", {} where the litmus lowering of {yes} disagrees",
                    d.lowering_disagrees
                )
            } else {
                String::new()
            },
            d.time_ms as f64 / 1000.0
        );
    }
    stdoutln!(
        "\nSummary: {total} difference{}",
        if total == 1 { "" } else { "s" }
    );
}
