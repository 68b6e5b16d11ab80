//! `relprove check --cubes N [--emit DIR | --jobs J]` and `relprove merge
//! DIR`: cube-and-conquer ([`relprove_engine::check::cubes`], docs/cubes.md). One
//! command at a time; the verdict is presented as `check` presents it
//! (exit codes included), with the cube tally.

use std::io::Write;
use std::path::{Path, PathBuf};

use relprove_engine::check::cubes::{self, CubeError, CubeTally, Encoding};
use relprove_engine::check::{CheckError, CheckOptions, CommandResult, Outcome};
use relprove_engine::diag::SourceMap;
use relprove_engine::instance::render;
use relprove_engine::ir::{CommandId, CommandKind, Model};
use schemars::JsonSchema;
use serde::Serialize;

use super::exit::Exit;
use super::output::{OnClose, Stdout};
use super::TextOrJson;
use clap::Args;

/// What `check --cubes` was asked to do.
pub struct CubeRequest {
    /// `--cubes N`: 2^⌈log2 N⌉ cubes.
    pub cubes: usize,
    /// `--emit DIR`: write the jobs instead of solving.
    pub emit: Option<PathBuf>,
    /// `--jobs J`: local workers.
    pub jobs: usize,
    pub json: bool,
}

/// The document of `check --cubes N --format json` and `merge --format
/// json` (schema: docs/json/cubes.schema.json): `check`'s fields for the
/// one command, and how its cubes were decided.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonResult<'a> {
    name: &'a str,
    #[schemars(extend("enum" = ["run", "check"]))]
    kind: &'static str,
    scope: &'a str,
    #[schemars(extend("enum" = ["instance", "no-instance", "counterexample", "no-counterexample", "unknown"]))]
    outcome: &'static str,
    expect: Option<u8>,
    matches: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    time_ms: u64,
    variables: u32,
    primary_variables: u32,
    clauses: usize,
    cubes: &'a CubeTally,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<relprove_engine::instance::render::InstanceJson>")]
    instance: Option<serde_json::Value>,
}

fn fail(e: &CubeError) -> Exit {
    eprintln!("relprove: {e}");
    match e {
        CubeError::Check(CheckError::Internal(_)) => Exit::Internal,
        _ => Exit::Input,
    }
}

/// The one command a cube run works on.
fn one_command(model: &Model, names: &[String]) -> Result<CommandId, String> {
    let ids: Vec<usize> = (0..model.commands.len())
        .filter(|&i| names.is_empty() || names.contains(&model.commands[i].name))
        .collect();
    match ids.as_slice() {
        [i] => Ok(CommandId(*i as u32)),
        [] if !names.is_empty() => Err(format!("no command named `{}`", names.join("`, `"))),
        _ => Err(format!(
            "--cubes works on one command: select it with -c (this selection has {})",
            ids.len()
        )),
    }
}

fn present(
    model: &Model,
    r: &CommandResult,
    t: &CubeTally,
    json: bool,
    out: &mut dyn Write,
) -> Exit {
    let code = match r.outcome {
        Outcome::Unknown(_) => Exit::Limit,
        _ if r.matches_expect => Exit::Ok,
        _ => Exit::Mismatch,
    };
    if json {
        let doc = JsonResult {
            name: &r.name,
            kind: if r.kind == CommandKind::Check {
                "check"
            } else {
                "run"
            },
            scope: &r.scope,
            outcome: r.outcome_word(),
            expect: r.expect,
            matches: r.matches_expect,
            reason: match &r.outcome {
                Outcome::Unknown(why) => Some(why.to_string()),
                _ => None,
            },
            time_ms: r.stats.time_ms as u64,
            variables: r.stats.variables,
            primary_variables: r.stats.primary_variables,
            clauses: r.stats.clauses,
            cubes: t,
            instance: match &r.outcome {
                Outcome::Sat(inst) => Some(render::render_json(model, inst)),
                _ => None,
            },
        };
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => {
                let _ = writeln!(out, "{s}");
            }
            Err(e) => {
                eprintln!("relprove: internal error: cannot print JSON: {e}");
                return Exit::Internal;
            }
        }
        return code;
    }
    let kind = if r.kind == CommandKind::Check {
        "Check"
    } else {
        "Run"
    };
    let _ = writeln!(out, "{kind} {} {}", r.name, r.scope);
    let _ = writeln!(
        out,
        "   {} vars. {} primary vars. {} clauses. {} cubes (split on {:?}).",
        r.stats.variables, r.stats.primary_variables, r.stats.clauses, t.cubes, t.split
    );
    let word = match (&r.outcome, r.kind) {
        (Outcome::Sat(_), CommandKind::Check) => "Counterexample found".to_string(),
        (Outcome::Sat(_), CommandKind::Run) => "Instance found".to_string(),
        (Outcome::Unsat, CommandKind::Check) => "No counterexample found".to_string(),
        (Outcome::Unsat, CommandKind::Run) => "No instance found".to_string(),
        (Outcome::Unknown(why), _) => format!("Unknown: {why}"),
    };
    let cube = match t.sat_cube {
        Some(i) => format!("in cube {i}"),
        None => format!("{} of {} cubes unsatisfiable", t.unsat, t.cubes),
    };
    let expect = match (&r.outcome, r.expect) {
        (Outcome::Unknown(_), _) | (_, None) => String::new(),
        (_, Some(_)) if r.matches_expect => ", as expected".into(),
        (_, Some(e)) => format!(", UNEXPECTED (expected {e})"),
    };
    let _ = writeln!(out, "   {word} ({cube}){expect}. {}ms.", r.stats.time_ms);
    if let Outcome::Sat(inst) = &r.outcome {
        let _ = write!(out, "{}", render::render_text(model, inst));
    }
    let _ = out.flush();
    code
}

/// `check --cubes`: emit the cubes of the selected command, or solve them.
pub fn check(
    model: &Model,
    file: &Path,
    names: &[String],
    opts: &CheckOptions,
    req: &CubeRequest,
    out: &mut dyn Write,
) -> Exit {
    let id = match one_command(model, names) {
        Ok(id) => id,
        Err(m) => {
            eprintln!("relprove: {m}");
            return Exit::Input;
        }
    };
    let Some(dir) = &req.emit else {
        return match cubes::solve(model, id, opts, req.cubes, req.jobs) {
            Ok((r, t)) => present(model, &r, &t, req.json, out),
            Err(e) => fail(&e),
        };
    };
    let enc = match cubes::encode(model, id, opts) {
        Ok(Encoding::Done(e)) => e,
        Ok(Encoding::Stopped(r)) => {
            return present(model, &r, &CubeTally::default(), req.json, out)
        }
        Err(e) => return fail(&CubeError::Check(e)),
    };
    let name = &model.commands[id.index()].name;
    match cubes::emit(&enc, file, name, opts, req.cubes, dir) {
        Ok(m) => {
            if req.json {
                match serde_json::to_string_pretty(&m) {
                    Ok(s) => {
                        let _ = writeln!(out, "{s}");
                    }
                    Err(e) => {
                        eprintln!("relprove: internal error: cannot print JSON: {e}");
                        return Exit::Internal;
                    }
                }
            } else {
                let _ = writeln!(
                    out,
                    "{}: {} cubes of {} vars, {} clauses (split on {:?}) written to {}; solve each \
                     cube_NNNN.cnf into cube_NNNN.out, then `relprove merge {}` (docs/cubes.md)",
                    name,
                    m.cubes.len(),
                    m.variables,
                    m.clauses,
                    m.split,
                    dir.display(),
                    dir.display()
                );
            }
            Exit::Ok
        }
        Err(e) => fail(&e),
    }
}

/// `relprove merge DIR`: combine the answers of emitted cubes.
pub fn merge(dir: &Path, json: bool, color: bool, out: &mut dyn Write) -> Exit {
    let manifest = match cubes::read_manifest(dir) {
        Ok(m) => m,
        Err(e) => return fail(&e),
    };
    let mut sources = SourceMap::new();
    let model = match relprove_engine::resolve::load_model(
        &manifest.model,
        &mut sources,
        &relprove_engine::resolve::LoadOptions::default(),
    ) {
        Ok(m) => m,
        Err(ds) => return super::report::error(&sources, ds, color),
    };
    let Some(i) = model
        .commands
        .iter()
        .position(|c| c.name == manifest.command)
    else {
        eprintln!(
            "relprove: {}: no command `{}` (named in {})",
            manifest.model.display(),
            manifest.command,
            dir.join(cubes::MANIFEST).display()
        );
        return Exit::Input;
    };
    let opts = CheckOptions {
        scope: manifest.scope,
        symmetry: manifest.symmetry,
        relation_analysis: manifest.relation_analysis,
        ..CheckOptions::default()
    };
    match cubes::merge(&model, CommandId(i as u32), &manifest, dir, &opts) {
        Ok((r, t)) => {
            for b in &t.bad {
                eprintln!(
                    "relprove: cube {}: {}: {} (counted as undecided)",
                    b.cube,
                    b.file.display(),
                    b.message
                );
            }
            present(&model, &r, &t, json, out)
        }
        Err(e) => fail(&e),
    }
}

/// The arguments of `relprove merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The directory written by `check --cubes N --emit DIR`.
    pub dir: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
}

/// `relprove merge DIR` from its arguments.
pub fn merge_command(a: MergeArgs) -> Exit {
    use std::io::IsTerminal;
    let out = &mut Stdout::new(OnClose::Exit);
    let code = merge(
        &a.dir,
        a.format == super::TextOrJson::Json,
        std::io::stderr().is_terminal(),
        out,
    );
    out.exit_code(code)
}
