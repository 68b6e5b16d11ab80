//! `relprove litmus` with an axiomatic model: the library decides the tests
//! ([`relprove_litmus`]); this file reads the expectation and `.test`
//! files, prints verdicts (herd text or JSON), diagnostics and the summary,
//! and chooses the exit code.

pub mod command;

use super::exit::Exit;
use std::io::Write;

use relprove_engine::diag::Diagnostic;
use relprove_litmus as litmus;
use relprove_litmus::output::{JsonDoc, JsonEntry, JsonExplain};

/// What `relprove litmus` was asked to do.
pub struct Request {
    pub model: std::path::PathBuf,
    pub tests: Vec<std::path::PathBuf>,
    pub jobs: usize,
    pub json: bool,
    pub expect: Option<std::path::PathBuf>,
    pub emit_alloy: Option<std::path::PathBuf>,
    pub unroll: u32,
    /// Decide only the condition and its negation (no state enumeration).
    pub witnesses: bool,
    /// `--explain`: the axioms that forbid a never-reached outcome, or a
    /// witness execution of a reached one.
    pub explain: bool,
    /// `--timeout`: the time each test may take.
    pub timeout: Option<std::time::Duration>,
}

/// The `relprove litmus` command: returns the exit code (0 all tests ran and
/// match their expectations, 1 an expectation mismatch, 2 an input error,
/// 3 only time or memory limits stopped tests: `--timeout`, `--max-memory`).
/// The verdicts go to `out`, whose own write errors are its business (the
/// CLI's writer ends the process on them), hence dropped here.
pub fn command(
    req: &Request,
    backend: Option<&dyn litmus::run::Backend>,
    out: &mut dyn Write,
) -> Exit {
    command_with(req, backend, out, &mut |_| Exit::Ok)
}

/// A decided batch, as [`command_with`] hands it on.
pub struct Batch<'a> {
    pub inputs: &'a [litmus::run::Input],
    /// One per input, in order.
    pub results: &'a [Result<litmus::run::TestResult, Diagnostic>],
    pub expectations: &'a std::collections::BTreeMap<String, litmus::output::Expectation>,
}

/// [`command`], then `after` on the decided batch (the CLI writes
/// `--graph` files there); a non-zero code from `after` is the exit code
/// unless the batch already has one.
pub fn command_with(
    req: &Request,
    backend: Option<&dyn litmus::run::Backend>,
    out: &mut dyn Write,
    after: &mut dyn FnMut(&Batch) -> Exit,
) -> Exit {
    use std::sync::Mutex;
    let mut sources = relprove_engine::diag::SourceMap::new();
    let report = |sm: &relprove_engine::diag::SourceMap, d: &Diagnostic| {
        super::report::error(sm, d.clone(), false);
    };
    let model = match litmus::run::ModelRef::load_in(&mut sources, &req.model) {
        Ok(m) => m,
        Err(d) => {
            report(&sources, &d);
            return Exit::Input;
        }
    };
    let mut expectations = match &req.expect {
        None => Default::default(),
        Some(p) => {
            match crate::cli::args::side_file(&mut sources, p, litmus::output::parse_expectations) {
                Ok(e) => e,
                Err(exit) => return exit,
            }
        }
    };
    let limits = litmus::lower::Limits {
        unroll: req.unroll,
        ..Default::default()
    };
    // NVIDIA `.test` files expand into one test per template row; each
    // claims that its test validates.
    let mut inputs = Vec::new();
    let mut expand_failed = false;
    let tests = match super::report::test_files(&req.tests, &["litmus", "test"]) {
        Ok(t) => t,
        Err(d) => {
            report(&sources, &d);
            return Exit::Input;
        }
    };
    for t in &tests {
        if t.extension().and_then(|e| e.to_str()) != Some("test") {
            inputs.push(litmus::run::Input::File(t.clone()));
            continue;
        }
        let text = match relprove_engine::diag::read_source(t) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("error[io]: cannot read {}: {e}", t.display());
                expand_failed = true;
                continue;
            }
        };
        let id = sources.add(t.display().to_string(), t, text.clone());
        let stem = t.file_stem().and_then(|s| s.to_str()).unwrap_or("test");
        match litmus::mixedproxy::expand(id, stem, &text) {
            Ok(gen) => {
                for g in gen {
                    expectations
                        .entry(g.name.clone())
                        .or_insert(litmus::output::Expectation::Validated(true));
                    inputs.push(litmus::run::Input::Generated {
                        label: format!("{}#{}", t.display(), g.name),
                        text: g.text,
                    });
                }
            }
            Err(d) => {
                report(&sources, &d);
                expand_failed = true;
            }
        }
    }
    if let Some(dir) = &req.emit_alloy {
        // Write the generated modules instead of deciding them (and a cat
        // model's Alloy form, which they open).
        let mut code = Exit::Ok;
        match model.emit_model_files(dir) {
            Ok(files) => files
                .iter()
                .for_each(|p| drop(writeln!(out, "{}", p.display()))),
            Err(d) => {
                report(&sources, &d);
                return Exit::Input;
            }
        }
        for input in &inputs {
            let r = litmus::parse_input(&mut sources, input).and_then(|test| {
                Ok((
                    litmus::alloy_modules(&test, model.binding, &model.open_name, limits)?,
                    test,
                ))
            });
            match r {
                Ok((mods, test)) => {
                    for (k, m) in mods.iter().enumerate() {
                        let p = dir.join(format!(
                            "lt_{}_{k}.als",
                            test.name.replace(|c: char| !c.is_ascii_alphanumeric(), "_")
                        ));
                        if let Err(e) =
                            std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&p, m))
                        {
                            eprintln!("error[io]: cannot write {}: {e}", p.display());
                            return Exit::Input;
                        }
                        let _ = writeln!(out, "{}", p.display());
                    }
                }
                Err(d) => {
                    report(&sources, &d);
                    code = Exit::Input;
                }
            }
        }
        return code.max(if expand_failed { Exit::Input } else { Exit::Ok });
    }
    let Some(backend) = backend else {
        eprintln!("relprove: no checker back end in this build; use --emit-alloy DIR to write the Alloy modules");
        return Exit::Input;
    };
    // The model is resolved once here: an error in it is one error for the
    // run, not one per test.
    if let Err(e) = backend.prepare(&model) {
        let d = e.at_model(&model.path);
        report(&sources, &d);
        return Exit::Input;
    }
    let start = std::time::Instant::now();
    let shared = Mutex::new(sources);
    let opts = litmus::run::Options {
        limits,
        enumerate: !req.witnesses,
        timeout: req.timeout,
        ..Default::default()
    };
    // Tests a time or memory limit stopped, and relprove's own failures
    // (among `sum.errors`).
    let mut limited = 0usize;
    let mut internal = 0usize;
    let mut sum = litmus::output::Summary {
        tests: inputs.len(),
        ..Default::default()
    };
    let mut json_tests = Vec::new();
    // Each verdict is printed as soon as it and those before it are
    // decided (a closed pipe ends the run at the first failed write).
    let mut each = |i: usize, r: &Result<litmus::run::TestResult, Diagnostic>| {
        let input = &inputs[i];
        let file = input.label();
        let mut sources = shared.lock().unwrap_or_else(|e| e.into_inner());
        let sources = &mut *sources;
        match r {
            Ok(r) => {
                let e = tally(&mut sum, &expectations, r);
                let why = req
                    .explain
                    .then(|| explain_test(sources, input, r, &model, limits));
                if req.json {
                    let mut o = litmus::output::json_result(r, e.as_ref());
                    o.explain = why.as_ref().map(explain_json);
                    json_tests.push(JsonEntry::Test(Box::new(o)));
                } else {
                    let _ = writeln!(out, "{}", litmus::output::text(r));
                    if let Some(w) = &why {
                        let _ = write!(out, "{}", explain_text(w));
                    }
                }
                if let Some(Explain::Failed(d)) = &why {
                    report(sources, d);
                    sum.errors += 1;
                    if d.phase == relprove_engine::diag::Phase::Internal {
                        internal += 1;
                    }
                }
            }
            Err(d) => {
                sum.errors += 1;
                if d.phase == relprove_engine::diag::Phase::Limit {
                    limited += 1;
                }
                if d.phase == relprove_engine::diag::Phase::Internal {
                    internal += 1;
                }
                let loc = d
                    .span
                    .map(|s| sources.location(s))
                    .unwrap_or_else(|| file.clone());
                if req.json {
                    json_tests.push(JsonEntry::Error(litmus::output::json_error(
                        &file,
                        &d.full_message(),
                        &loc,
                    )));
                } else {
                    report(sources, d);
                }
            }
        }
        let _ = out.flush();
    };
    let results =
        litmus::run::run_inputs_each(&inputs, &model, backend, opts, req.jobs, &shared, &mut each);
    sum.time_ms = start.elapsed().as_millis();
    if req.json {
        let doc = JsonDoc {
            summary: sum,
            tests: json_tests,
        };
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    } else if results.len() > 1 || sum.expected > 0 {
        let _ = writeln!(out, "{}", sum.line());
    }
    let after_code = after(&Batch {
        inputs: &inputs,
        results: &results,
        expectations: &expectations,
    });
    if internal > 0 {
        // A bug of relprove outranks every other outcome, as for `check`.
        Exit::Internal
    } else if sum.mismatches > 0 {
        Exit::Mismatch
    } else if after_code != Exit::Ok {
        after_code
    } else if expand_failed {
        Exit::Input
    } else {
        // 3 when only limits stopped tests: unknown verdicts, as `check`
        // says.
        Exit::of_summary(&sum, limited, internal)
    }
}

/// What `--explain` found for one decided test.
enum Explain {
    /// Never (or Always): the axioms that forbid the outcome.
    Forbidden(litmus::explain::Explanation),
    /// Sometimes: an execution that reaches the outcome.
    Witness(litmus::run::Solution),
    /// Sometimes, without a witness execution at hand.
    Reached,
    Unknown(relprove_engine::check::Unknown),
    Failed(Diagnostic),
}

fn explain_test(
    sources: &mut relprove_engine::diag::SourceMap,
    input: &litmus::run::Input,
    r: &litmus::run::TestResult,
    model: &litmus::run::ModelRef,
    limits: litmus::lower::Limits,
) -> Explain {
    use litmus::explain::{explain, Explained};
    use litmus::run::Observation;
    let holds = match r.observation {
        Observation::Never => true,
        Observation::Always => false,
        Observation::Sometimes => {
            return match &r.witness {
                Some(w) if w.condition_holds => Explain::Witness(w.solution.clone()),
                _ => Explain::Reached,
            }
        }
    };
    let test = match litmus::parse_input(sources, input) {
        Ok(t) => t,
        Err(d) => return Explain::Failed(d),
    };
    let opts = relprove_engine::check::CheckOptions::default();
    match explain(&test, model, &opts, limits, holds) {
        Ok(Explained::Forbidden(e)) => Explain::Forbidden(e),
        Ok(Explained::Reachable) => Explain::Failed(Diagnostic::without_span(
            relprove_engine::diag::Phase::Internal,
            format!(
                "{}: the outcome is reachable once the consistency predicate is split into its axioms (a bug in relprove)",
                r.name
            ),
        )),
        Ok(Explained::Unknown(why)) => Explain::Unknown(why),
        Err(d) => Explain::Failed(d),
    }
}

/// The relations of a witness execution worth printing, in this order.
const WITNESS_RELATIONS: [&str; 6] = ["rf", "co", "fr", "sc", "sw", "rmw"];

fn explain_text(w: &Explain) -> String {
    let mut s = String::new();
    match w {
        Explain::Forbidden(e) => {
            s.push_str(&format!(
                "Explain: forbidden by {} ({}; verified by re-solving with only {})\n",
                e.axioms
                    .iter()
                    .map(|a| a.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                if e.minimal {
                    "a minimal set: without any one of them the outcome is reached"
                } else if e.combinations > 1 {
                    "the union of a minimal set per path combination"
                } else {
                    "not shown minimal: a limit stopped minimisation"
                },
                if e.axioms.len() == 1 { "it" } else { "them" }
            ));
            // (locations relative to the working directory, as given)
            let cwd = std::env::current_dir()
                .map(|d| format!("{}/", d.display()))
                .unwrap_or_default();
            for a in &e.axioms {
                let at = a.location.strip_prefix(&cwd).unwrap_or(&a.location);
                s.push_str(&format!("  {}  {at}  {}\n", a.name, a.text));
            }
        }
        Explain::Witness(sol) => {
            s.push_str("Explain: reached; a witness execution (draw it with --graph DIR):\n");
            for rel in WITNESS_RELATIONS {
                if let Some(ts) = sol.fields.get(rel) {
                    let pairs: Vec<String> = ts.iter().map(|t| t.join("->")).collect();
                    s.push_str(&format!("  {rel}: {{{}}}\n", pairs.join(", ")));
                }
            }
        }
        Explain::Reached => s.push_str("Explain: reached (no witness execution kept)\n"),
        Explain::Unknown(why) => s.push_str(&format!("Explain: unknown ({why})\n")),
        Explain::Failed(_) => {}
    }
    s
}

fn explain_json(w: &Explain) -> JsonExplain {
    match w {
        Explain::Forbidden(e) => JsonExplain::ForbiddenBy(e.clone()),
        Explain::Witness(sol) => JsonExplain::Witness(
            WITNESS_RELATIONS
                .iter()
                .filter_map(|r| sol.fields.get(*r).map(|ts| (r.to_string(), ts.clone())))
                .collect(),
        ),
        Explain::Reached => JsonExplain::Reached(true),
        Explain::Unknown(why) => JsonExplain::Unknown(why.to_string()),
        Explain::Failed(d) => JsonExplain::Error(d.full_message()),
    }
}

/// Count a decided test in `sum` and compare it with its expectation (a
/// mismatch is said on stderr); the expectation, for the JSON output.
pub(crate) fn tally(
    sum: &mut litmus::output::Summary,
    expectations: &std::collections::BTreeMap<String, litmus::output::Expectation>,
    r: &litmus::run::TestResult,
) -> Option<litmus::output::Expectation> {
    if r.validated {
        sum.ok += 1;
    } else {
        sum.no += 1;
    }
    let e = expectations.get(&r.name).copied()?;
    sum.expected += 1;
    if !e.matches(r) {
        sum.mismatches += 1;
        eprintln!(
            "relprove: test {} expected {}, got {} ({})",
            r.name,
            e.word(),
            if r.validated { "Ok" } else { "No" },
            r.observation.word()
        );
    }
    Some(e)
}
