//! `relprove check`: runs the selected commands through
//! [`relprove_engine::check::check_command`] and presents the results — one block
//! per command whose verdict line says whether it matches the command's
//! `expect`, instances only where they tell the user something (unexpected,
//! no `expect`, or `--show-instances`), and one summary line at the end;
//! or a JSON document / DOT graphs, always complete. A live status line
//! (or periodic plain lines when stderr is not a terminal) shows what a
//! long command is doing.

pub mod command;

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use relprove_engine::budget::Progress;
use relprove_engine::check::cores::{unsat_core, CoreItem, CoreKind, CoreOutcome};
use relprove_engine::check::{check_command, memory_diagnostic, CheckOptions, Outcome};
use relprove_engine::diag::SourceMap;
use relprove_engine::instance::render;
use relprove_engine::ir::{CommandId, CommandKind, Model};
use schemars::JsonSchema;
use serde::Serialize;

use super::exit::Exit;
use super::present::{kind_word, StatusLine};
pub use super::present::{Display, Format};

/// One command's result in `check --format json` (docs/json.md).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonCommand {
    /// The command's name (`run$1` style for anonymous ones).
    name: String,
    /// `run` or `check`.
    #[schemars(extend("enum" = ["run", "check"]))]
    kind: &'static str,
    /// The scope as Alloy prints it (`for 4 but 5 sw/Event`).
    scope: String,
    /// `instance`, `no-instance` (run), `counterexample`,
    /// `no-counterexample` (check) or `unknown` (a limit).
    #[schemars(extend("enum" = ["instance", "no-instance", "counterexample", "no-counterexample", "unknown"]))]
    outcome: &'static str,
    /// The command's `expect` (0 or 1), null without one.
    expect: Option<u8>,
    /// Whether the outcome matches `expect` (true without one).
    matches: bool,
    /// For `unknown`: the limit, and in which phase.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// Wall time of the command, all phases.
    time_ms: u64,
    translate_ms: u64,
    solve_ms: u64,
    /// CNF variables and clauses; primary variables: those of relations.
    variables: u32,
    primary_variables: u32,
    clauses: usize,
    /// The instance or counterexample (`sigs`, `fields`, `skolems`, each
    /// a map from name to a list of tuples of atom names).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<relprove_engine::instance::render::InstanceJson>")]
    instance: Option<serde_json::Value>,
    /// With `--core`, for an unsatisfiable command.
    #[serde(skip_serializing_if = "Option::is_none")]
    core: Option<Vec<JsonCoreItem>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    core_minimal: Option<bool>,
    /// Solver calls spent on the core (first solve, minimisation, the
    /// verifying re-translation), and the time they took.
    #[serde(skip_serializing_if = "Option::is_none")]
    core_solver_calls: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    core_ms: Option<u64>,
    /// Constraints always in force, not tracked by the core.
    #[serde(skip_serializing_if = "Option::is_none")]
    core_untracked: Option<Vec<JsonCoreItem>>,
    /// Why no core was computed (a limit), with `--core`.
    #[serde(skip_serializing_if = "Option::is_none")]
    core_unknown: Option<String>,
}

/// One formula of an unsat core, by its source position (lines and
/// columns from 1).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct JsonCoreItem {
    file: String,
    line: usize,
    col: usize,
    end_line: usize,
    end_col: usize,
    kind: CoreKind,
    /// The fact, predicate or assertion it belongs to, when named.
    #[serde(skip_serializing_if = "Option::is_none")]
    owner: Option<String>,
    /// The formula's source text.
    text: String,
}

fn json_core_item(sources: &SourceMap, it: &CoreItem) -> JsonCoreItem {
    let (line, col) = sources.line_col(it.span.file, it.span.start);
    let (end_line, end_col) = sources.line_col(it.span.file, it.span.end);
    JsonCoreItem {
        file: sources.get(it.span.file).name.clone(),
        line,
        col,
        end_line,
        end_col,
        kind: it.kind,
        owner: it.owner.clone(),
        text: sources.snippet(it.span).to_string(),
    }
}

fn kind_text(k: CoreKind) -> &'static str {
    match k {
        CoreKind::Fact => "fact",
        CoreKind::SigFact => "sig fact",
        CoreKind::Predicate => "predicate",
        CoreKind::Assertion => "negated assertion",
        CoreKind::Multiplicity => "multiplicity",
    }
}

/// A count that can wrap around, as a note at its `#`.
pub fn overflow_note(
    o: &relprove_engine::translate::IntOverflow,
) -> (relprove_engine::diag::Span, String) {
    (
        o.span,
        format!(
            "warning: this count can reach {} in this scope, above {}, the largest Int of bitwidth {}: it wraps around, as in the Alloy Analyzer; `but {} Int` keeps it exact",
            o.tuples,
            o.max_int(),
            o.bitwidth,
            o.safe_bitwidth()
        ),
    )
}

/// The core as text: a summary line, then each formula as a highlighted
/// source excerpt through the diagnostic renderer.
fn core_text(sources: &SourceMap, outcome: &CoreOutcome, color: bool) -> String {
    let core = match outcome {
        CoreOutcome::Core(c) => c,
        CoreOutcome::Satisfiable => return "   No core: the command is satisfiable.\n".into(),
        CoreOutcome::Unknown(why) => return format!("   No core: {why}.\n"),
    };
    let mut s =
        format!(
        "   Unsat core: {} formula{}, verified (unsatisfiable on {} own), {}; {} solver calls.\n",
        core.items.len(),
        if core.items.len() == 1 { "" } else { "s" },
        if core.items.len() == 1 { "its" } else { "their" },
        if core.minimal {
            "minimal (each formula is needed)"
        } else {
            "not shown minimal (a limit stopped minimisation)"
        },
        core.solver_calls
    );
    if core.items.is_empty() {
        s.push_str(if core.untracked.is_empty() {
            "   The declarations and the scope alone rule out every instance.\n"
        } else {
            "   The untracked formulas below, the declarations and the scope alone rule out every instance.\n"
        });
    }
    let notes: Vec<_> = core
        .items
        .iter()
        .map(|it| {
            let owner = it
                .owner
                .as_deref()
                .map(|o| format!(" of `{o}`"))
                .unwrap_or_default();
            (
                it.span,
                format!("in the core: {}{owner}", kind_text(it.kind)),
            )
        })
        .collect();
    s.push_str(&super::report::notes(sources, &notes, color));
    if !core.untracked.is_empty() {
        s.push_str(&format!(
            "   Also in force, not tracked: {} (and the sig/field declarations).\n",
            core.untracked
                .iter()
                .map(|it| {
                    let owner = it
                        .owner
                        .as_deref()
                        .map(|o| format!(" `{o}`"))
                        .unwrap_or_default();
                    format!(
                        "{}{owner} at {}",
                        kind_text(it.kind),
                        sources.location(it.span)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    s
}

/// The document of `relprove check --format json` (schema:
/// docs/json/check.schema.json).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonDoc {
    /// One entry per command run, in the model's order.
    commands: Vec<JsonCommand>,
    /// The commands that could not be run (an input error found while
    /// translating them, or a bug), with the error as the text output
    /// renders it; absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    failed: Vec<JsonFailure>,
}

/// A command that could not be run.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonFailure {
    name: String,
    #[schemars(extend("enum" = ["run", "check"]))]
    kind: &'static str,
    /// The rendered error (location, message, source excerpt).
    error: String,
}

/// Tallies for the summary line.
#[derive(Default)]
struct Tally {
    commands: usize,
    expected: usize,
    unexpected: usize,
    unknown: usize,
    /// Decided, but the command has no `expect`.
    no_expect: usize,
    failed: usize,
}

impl Tally {
    fn count(&mut self, r: &super::enumerate::Counted) {
        use super::enumerate::Class;
        match r.class {
            Class::Failed => self.failed += 1,
            Class::Unknown => self.unknown += 1,
            Class::Unexpected => self.unexpected += 1,
            Class::Expected => self.expected += 1,
            Class::NoExpect => self.no_expect += 1,
        }
    }

    fn line(&self, elapsed: Duration) -> String {
        let mut s = format!(
            "{} command{}: {} as expected, {} unexpected, {} unknown",
            self.commands,
            if self.commands == 1 { "" } else { "s" },
            self.expected,
            self.unexpected,
            self.unknown
        );
        if self.no_expect > 0 {
            s.push_str(&format!(", {} without expect", self.no_expect));
        }
        if self.failed > 0 {
            s.push_str(&format!(", {} failed", self.failed));
        }
        s.push_str(&format!(" — {:.1} s", elapsed.as_secs_f64()));
        s
    }
}

/// Run the selected commands (all when `names` is empty) and print the
/// results on `out`; returns the exit code.
pub fn run(
    model: &Model,
    sources: &SourceMap,
    names: &[String],
    opts: &CheckOptions,
    display: &Display,
    out: &mut dyn Write,
) -> Exit {
    // `--graph DIR` is created (and tried) before any command is solved.
    if let Some(g) = &display.graph {
        if let Err(m) = super::graph::create_dir(&g.dir) {
            eprintln!("relprove: {m}");
            return Exit::Input;
        }
    }
    for n in names {
        if !model.commands.iter().any(|c| &c.name == n) {
            let avail: Vec<&str> = model.commands.iter().map(|c| c.name.as_str()).collect();
            eprintln!(
                "relprove: no command named `{n}` (commands: {})",
                avail.join(", ")
            );
            return Exit::Input;
        }
    }
    if let Err(m) = relprove_engine::sat::solver_from_spec(&opts.solver) {
        eprintln!("relprove: {m}");
        return Exit::Input;
    }
    let ids: Vec<CommandId> = (0..model.commands.len() as u32)
        .map(CommandId)
        .filter(|&id| names.is_empty() || names.contains(&model.commands[id.index()].name))
        .collect();
    if display.format == Format::Coq && ids.len() != 1 {
        eprintln!(
            "relprove: --format coq writes one instance: select one command with -c (this selection has {})",
            ids.len()
        );
        return Exit::Input;
    }
    if let Some(g) = &display.graph {
        if let Err(e) = relprove_engine::instance::graph::check_show(model, &g.show) {
            eprintln!("relprove: {e}");
            return Exit::Input;
        }
    }
    let t0 = Instant::now();
    let mut code = Exit::Ok;
    let mut tally = Tally::default();
    let mut json = Vec::new();
    let mut failed = Vec::new();
    let progress = Arc::new(Progress::default());
    let opts = CheckOptions {
        progress: Some(progress.clone()),
        ..opts.clone()
    };
    for id in ids {
        let cmd = &model.commands[id.index()];
        tally.commands += 1;
        let scope = relprove_engine::check::scope_text(
            model,
            &relprove_engine::check::effective_scope(cmd, &opts),
        );
        let expect = cmd
            .expect
            .map(|e| format!(" expect {e}"))
            .unwrap_or_default();
        let title = format!(
            "{} {} {}{}",
            if cmd.kind == CommandKind::Check {
                "Check"
            } else {
                "Run"
            },
            cmd.name,
            scope,
            expect
        );
        if display.format == Format::Text {
            let _ = writeln!(out, "Executing \"{title}\"");
            let _ = out.flush();
        }
        if let Some(max) = display.enumerate {
            let r = super::enumerate::command(
                model, sources, id, &opts, display, max, &title, out, &progress,
            );
            tally.count(&r);
            code.raise(r.code);
            continue;
        }
        let res = {
            let _status = display
                .progress
                .then(|| StatusLine::start(cmd.name.clone(), progress.clone()));
            check_command(model, id, &opts)
        };
        let r = match res {
            Ok(r) => r,
            Err(e) => {
                let e = relprove::Error::from(e);
                if display.format == Format::Json {
                    failed.push(JsonFailure {
                        name: cmd.name.clone(),
                        kind: kind_word(cmd.kind),
                        error: super::report::render(sources, &e, false)
                            .trim_end()
                            .to_string(),
                    });
                }
                code.raise(super::report::error(sources, e, display.color));
                tally.failed += 1;
                continue;
            }
        };
        let core_start = std::time::Instant::now();
        let core = if display.core && matches!(r.outcome, Outcome::Unsat) {
            // A core takes many solver calls: the status line goes on.
            let _status = display
                .progress
                .then(|| StatusLine::start(format!("{} (unsat core)", cmd.name), progress.clone()));
            match unsat_core(model, id, &opts) {
                Ok(c) => Some(c),
                Err(e) => {
                    code.raise(super::report::error(sources, e, display.color));
                    None
                }
            }
        } else {
            None
        };
        let core_ms = core_start.elapsed().as_millis() as u64;
        if let Some(d) = memory_diagnostic(model, &r, id) {
            super::report::error(sources, d, display.color);
        }
        if !r.overflows.is_empty() {
            let notes: Vec<_> = r.overflows.iter().map(overflow_note).collect();
            eprint!("{}", super::report::notes(sources, &notes, display.color));
        }
        // `--core` asked for a core and a limit stopped it: as for any
        // unknown answer, exit code 3 (the verdict itself still counts).
        if let Some(CoreOutcome::Unknown(_)) = &core {
            code.raise(Exit::Limit);
        }
        let unknown = matches!(r.outcome, Outcome::Unknown(_));
        if unknown {
            code.raise(Exit::Limit);
            tally.unknown += 1;
        } else if !r.matches_expect {
            code.raise(Exit::Mismatch);
            tally.unexpected += 1;
        } else if r.expect.is_some() {
            tally.expected += 1;
        } else {
            tally.no_expect += 1;
        }
        let graph_file = match (&display.graph, &r.outcome) {
            (Some(g), Outcome::Sat(inst)) => {
                let title = format!("{title}: {}", r.outcome_word());
                let stem = super::graph::file_stem(&cmd.name);
                match super::graph::write_instance(g, model, inst, &title, &stem) {
                    Ok(p) => Some(p),
                    Err(m) => {
                        eprintln!("relprove: {}: {m}", cmd.name);
                        code.raise(Exit::Input);
                        None
                    }
                }
            }
            _ => None,
        };
        match display.format {
            Format::Text => {
                let s = &r.stats;
                let _ = writeln!(
                    out,
                    "   {} vars. {} primary vars. {} clauses. {}ms.",
                    s.variables, s.primary_variables, s.clauses, s.translate_ms
                );
                let _ = writeln!(out, "   {}", verdict_line(&r));
                if let Some(c) = &core {
                    let _ = write!(out, "{}", core_text(sources, c, false));
                }
                if let Outcome::Sat(inst) = &r.outcome {
                    // An instance the user expected adds nothing but length.
                    let expected = r.expect.is_some() && r.matches_expect;
                    if !expected || display.show_instances {
                        for line in render::render_text(model, inst).lines() {
                            let _ = writeln!(out, "   {line}");
                        }
                    } else {
                        let _ = writeln!(out, "   (instance not shown: --show-instances)");
                    }
                }
                if let Some(p) = &graph_file {
                    let _ = writeln!(out, "   graph: {}", p.display());
                }
                let _ = writeln!(out);
            }
            Format::Dot => {
                let _ = writeln!(out, "// {title}: {}", r.outcome_word());
                if let Outcome::Sat(inst) = &r.outcome {
                    let _ = write!(out, "{}", render::render_dot(model, inst));
                }
            }
            Format::Coq => match &r.outcome {
                Outcome::Sat(inst) => {
                    match relprove_proof::export::coq::instance_file(model, sources, id, inst) {
                        Ok(text) => {
                            let _ = write!(out, "{text}");
                        }
                        Err(d) => {
                            code.raise(super::report::error(sources, d, false));
                        }
                    }
                }
                _ => {
                    let _ = writeln!(
                        out,
                        "(* {title}: {}; no instance to export *)",
                        r.outcome_word()
                    );
                    eprintln!(
                        "relprove: {}: {}, nothing to export",
                        cmd.name,
                        r.outcome_word()
                    );
                }
            },
            Format::Json => json.push(JsonCommand {
                name: r.name.clone(),
                kind: kind_word(r.kind),
                scope: r.scope.clone(),
                outcome: r.outcome_word(),
                expect: r.expect,
                matches: r.matches_expect,
                reason: match &r.outcome {
                    Outcome::Unknown(w) => Some(w.to_string()),
                    _ => None,
                },
                time_ms: r.stats.time_ms as u64,
                translate_ms: r.stats.translate_ms as u64,
                solve_ms: r.stats.solve_ms as u64,
                variables: r.stats.variables,
                primary_variables: r.stats.primary_variables,
                clauses: r.stats.clauses,
                instance: match &r.outcome {
                    Outcome::Sat(inst) => Some(render::render_json(model, inst)),
                    _ => None,
                },
                core: match &core {
                    Some(CoreOutcome::Core(c)) => Some(
                        c.items
                            .iter()
                            .map(|it| json_core_item(sources, it))
                            .collect(),
                    ),
                    _ => None,
                },
                core_minimal: match &core {
                    Some(CoreOutcome::Core(c)) => Some(c.minimal),
                    _ => None,
                },
                core_solver_calls: match &core {
                    Some(CoreOutcome::Core(c)) => Some(c.solver_calls),
                    _ => None,
                },
                core_ms: core.as_ref().map(|_| core_ms),
                core_untracked: match &core {
                    Some(CoreOutcome::Core(c)) => Some(
                        c.untracked
                            .iter()
                            .map(|it| json_core_item(sources, it))
                            .collect(),
                    ),
                    _ => None,
                },
                core_unknown: match &core {
                    Some(CoreOutcome::Unknown(w)) => Some(w.to_string()),
                    _ => None,
                },
            }),
        }
    }
    match display.format {
        // JSON lines, written as the instances were found.
        Format::Json if display.enumerate.is_some() => {}
        Format::Json => {
            let doc = JsonDoc {
                commands: json,
                failed,
            };
            match serde_json::to_string_pretty(&doc) {
                Ok(text) => {
                    let _ = writeln!(out, "{text}");
                }
                Err(e) => {
                    eprintln!("relprove: internal error: cannot print JSON: {e}");
                    code.raise(Exit::Internal);
                }
            }
        }
        Format::Text => {
            let _ = writeln!(out, "{}", tally.line(t0.elapsed()));
        }
        Format::Dot | Format::Coq => {}
    }
    let _ = out.flush();
    code
}

/// The verdict, with its time, and how it compares with `expect`.
fn verdict_line(r: &relprove_engine::check::CommandResult) -> String {
    let ms = r.stats.solve_ms;
    let found = |kind: CommandKind| match kind {
        CommandKind::Check => ("Counterexample found", "Assertion is invalid"),
        CommandKind::Run => ("Instance found", "Predicate is consistent"),
    };
    let none = |kind: CommandKind| match kind {
        CommandKind::Check => ("No counterexample found", "Assertion may be valid"),
        CommandKind::Run => ("No instance found", "Predicate may be inconsistent"),
    };
    let wanted = |e: u8| if e == 1 { "one" } else { "none" };
    // An unknown outcome may come before any solving: the time is the
    // command's (it printed "0ms" for a limit hit while translating).
    let all_ms = r.stats.time_ms;
    match (&r.outcome, r.expect) {
        (Outcome::Unknown(why), None) => format!("Unknown: {why}, after {all_ms}ms."),
        (Outcome::Unknown(why), Some(e)) => format!(
            "Unknown: {why}, after {all_ms}ms. Undecided (expected {}).",
            wanted(e)
        ),
        (o, e) => {
            let (what, reading) = match o {
                Outcome::Sat(_) => found(r.kind),
                _ => none(r.kind),
            };
            match e {
                None => format!("{what}. {reading}. {ms}ms."),
                Some(_) if r.matches_expect => format!("{what}, as expected. {ms}ms."),
                Some(e) => format!(
                    "{what}. {reading}. {ms}ms. UNEXPECTED (expected {}).",
                    wanted(e)
                ),
            }
        }
    }
}
