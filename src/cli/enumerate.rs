//! `check --all` / `--max-instances N`: the instances of one command,
//! written as they are found — indented text, or one JSON object per line
//! (each instance, then a summary line per command; docs/enumerate.md).

use std::io::Write;
use std::sync::Arc;

use relprove_engine::budget::Progress;
use relprove_engine::check::enumerate::{enumerate, End};
use relprove_engine::check::CheckOptions;
use relprove_engine::diag::SourceMap;
use relprove_engine::instance::{render, Instance};
use relprove_engine::ir::{CommandId, CommandKind, Model};
use schemars::JsonSchema;
use serde::Serialize;

use super::exit::Exit;
use super::present::{kind_word, Display, Format, StatusLine};

/// How one command's enumeration counts in the summary.
pub enum Class {
    Failed,
    Unknown,
    Unexpected,
    Expected,
    NoExpect,
}

/// One command's enumeration as `check` tallies it.
pub struct Counted {
    pub code: Exit,
    pub class: Class,
}

/// One line of `check --all --format json` (JSON lines; schema:
/// docs/json/check-all.schema.json): an instance as it is found, or the
/// summary that ends a command's enumeration. Only the schema uses this
/// type; the lines are printed from its variants.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum JsonLine<'a> {
    Instance(JsonInstance<'a>),
    Summary(JsonSummary<'a>),
}

/// An instance, as soon as it is found (re-evaluated).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonInstance<'a> {
    /// The command's name.
    command: &'a str,
    /// The instance's number, from 1, in the order found.
    index: usize,
    #[schemars(with = "relprove_engine::instance::render::InstanceJson")]
    instance: serde_json::Value,
    /// With `--graph DIR`: the DOT file written for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    graph: Option<String>,
}

/// The last line of a command's enumeration.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonSummary<'a> {
    command: &'a str,
    /// `run` or `check`.
    #[schemars(extend("enum" = ["run", "check"]))]
    kind: &'static str,
    scope: String,
    /// Instances found.
    instances: usize,
    /// `complete` (every instance), `max` (--max-instances reached) or
    /// `limit` (time or memory limit).
    #[schemars(extend("enum" = ["complete", "max", "limit"]))]
    end: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    expect: Option<u8>,
    matches: bool,
    symmetry: usize,
    time_ms: u64,
    solve_ms: u64,
    variables: u32,
    primary_variables: u32,
    clauses: usize,
}

/// Enumerate command `id`, writing each instance to `out` as it is found.
#[allow(clippy::too_many_arguments)]
pub fn command(
    model: &Model,
    sources: &SourceMap,
    id: CommandId,
    opts: &CheckOptions,
    display: &Display,
    max: Option<usize>,
    title: &str,
    out: &mut dyn Write,
    progress: &Arc<Progress>,
) -> Counted {
    let cmd = &model.commands[id.index()];
    let json = display.format == Format::Json;
    let what = match cmd.kind {
        CommandKind::Check => "Counterexample",
        CommandKind::Run => "Instance",
    };
    let mut code = Exit::Ok;
    let mut each = |k: usize, inst: &Instance| {
        let graph = display.graph.as_ref().and_then(|g| {
            let title = format!("{title}: {} {k}", what.to_lowercase());
            let stem = format!("{}_{k}", super::graph::file_stem(&cmd.name));
            match super::graph::write_instance(g, model, inst, &title, &stem) {
                Ok(p) => Some(p),
                Err(m) => {
                    eprintln!("relprove: {}: {m}", cmd.name);
                    code.raise(Exit::Input);
                    None
                }
            }
        });
        if json {
            let line = JsonInstance {
                command: &cmd.name,
                index: k,
                instance: render::render_json(model, inst),
                graph: graph.map(|p| p.display().to_string()),
            };
            if let Ok(text) = serde_json::to_string(&line) {
                let _ = writeln!(out, "{text}");
            }
        } else {
            let _ = writeln!(out, "   {what} {k}:");
            for line in render::render_text(model, inst).lines() {
                let _ = writeln!(out, "      {line}");
            }
            if let Some(p) = &graph {
                let _ = writeln!(out, "      graph: {}", p.display());
            }
        }
        let _ = out.flush();
    };
    let res = {
        let _status = display
            .progress
            .then(|| StatusLine::start(cmd.name.clone(), progress.clone()));
        enumerate(model, id, opts, max, &mut each)
    };
    let e = match res {
        Ok(e) => e,
        Err(e) => {
            return Counted {
                code: super::report::error(sources, e, display.color),
                class: Class::Failed,
            };
        }
    };
    // `expect 1`: some instance exists; `expect 0`: none. A limit makes the
    // enumeration, and so the answer the user asked for, unknown.
    let matches = cmd.expect.is_none_or(|x| (e.count > 0) == (x == 1));
    let class = match (&e.end, cmd.expect) {
        (End::Limit(_), _) => {
            code.raise(Exit::Limit);
            Class::Unknown
        }
        _ if !matches => {
            code.raise(Exit::Mismatch);
            Class::Unexpected
        }
        (_, Some(_)) => Class::Expected,
        (_, None) => Class::NoExpect,
    };
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let noun = what.to_lowercase();
    let scope = relprove_engine::check::scope_text(
        model,
        &relprove_engine::check::effective_scope(cmd, opts),
    );
    if json {
        let line = JsonSummary {
            command: &cmd.name,
            kind: kind_word(cmd.kind),
            scope,
            instances: e.count,
            end: match e.end {
                End::Complete => "complete",
                End::Max => "max",
                End::Limit(_) => "limit",
            },
            reason: match &e.end {
                End::Limit(why) => Some(why.to_string()),
                _ => None,
            },
            expect: cmd.expect,
            matches,
            symmetry: opts.symmetry,
            time_ms: e.stats.time_ms as u64,
            solve_ms: e.stats.solve_ms as u64,
            variables: e.stats.variables,
            primary_variables: e.stats.primary_variables,
            clauses: e.stats.clauses,
        };
        if let Ok(text) = serde_json::to_string(&line) {
            let _ = writeln!(out, "{text}");
        }
    } else {
        let s = &e.stats;
        let _ = writeln!(
            out,
            "   {} vars. {} primary vars. {} clauses. {}ms.",
            s.variables, s.primary_variables, s.clauses, s.translate_ms
        );
        let end = match &e.end {
            End::Complete if opts.symmetry == 0 => "all of them".to_string(),
            End::Complete => format!(
                "all of them up to symmetry (symmetry breaking {}; --symmetry 0 for every labelled {noun})",
                opts.symmetry
            ),
            End::Max => "stopped at --max-instances; there may be more".into(),
            End::Limit(why) => format!("stopped: {why}"),
        };
        let _ = writeln!(
            out,
            "   {}: {end}. {}ms.{}\n",
            plural(e.count, &noun),
            s.time_ms,
            match cmd.expect {
                Some(x) if !matches => format!(" (expect {x}: unexpected)"),
                _ => String::new(),
            }
        );
    }
    let _ = out.flush();
    Counted { code, class }
}
