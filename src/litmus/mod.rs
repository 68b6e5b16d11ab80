//! PTX litmus tests: parse Dat3M-format tests, lower each to an Alloy
//! module that opens a memory model and pins the test's candidate
//! executions, decide them with the checker, and print herd-style verdicts.
//!
//! `parse` (text → [`ast::Test`]) → `lower` (test → control-flow paths →
//! Alloy source, through a per-model [`lower::Binding`]) → `run` (solve,
//! enumerate final states) → `output` (herd text, JSON, summary).

pub mod ast;
pub mod checker;
pub mod files;
pub mod lower;
pub mod mixedproxy;
pub mod output;
pub mod parse;
pub mod run;

use std::io::Write;
use std::path::Path;

use crate::diag::Diagnostic;

/// The Alloy modules of a test (one per path combination), each with its
/// first `run` command (no final state excluded yet).
pub fn alloy_modules(
    test: &ast::Test,
    binding: &lower::Binding,
    open_name: &str,
    limits: lower::Limits,
) -> Result<Vec<String>, Diagnostic> {
    let paths = lower::paths(test, limits)?;
    let dom = lower::value_domain(test, &paths)?;
    let n: usize = paths
        .iter()
        .map(Vec::len)
        .try_fold(1usize, |a, b| a.checked_mul(b))
        .unwrap_or(usize::MAX);
    if n > 4096 {
        return Err(Diagnostic::new(
            crate::diag::Phase::Litmus,
            test.name_span,
            format!("unsupported: {n} path combinations (limit 4096)"),
        ));
    }
    let mut out = Vec::new();
    let mut idx = vec![0usize; paths.len()];
    loop {
        let combo: Vec<&lower::Path> = idx.iter().zip(&paths).map(|(i, ps)| &ps[*i]).collect();
        // A combination on which a barrier hangs has no execution to emit.
        for edges in lower::barrier_variants(test, &combo).unwrap_or_default() {
            out.push(
                lower::alloy_source(test, binding, open_name, &combo, &edges, &dom)?.with_run(&[]),
            );
        }
        // Next combination (odometer order, first thread slowest).
        let mut k = paths.len();
        loop {
            if k == 0 {
                return Ok(out);
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < paths[k].len() {
                break;
            }
            idx[k] = 0;
        }
    }
}

/// Parse a test file into `sources`.
pub fn parse_file(
    sources: &mut crate::diag::SourceMap,
    path: &Path,
) -> Result<ast::Test, Diagnostic> {
    let text = crate::diag::read_source(path).map_err(|e| {
        Diagnostic::without_span(
            crate::diag::Phase::Io,
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    let id = sources.add(path.display().to_string(), path, text.clone());
    parse::parse(id, &text)
}

/// Parse an input (a file, or a generated test) into `sources`.
fn parse_input(
    sources: &mut crate::diag::SourceMap,
    input: &run::Input,
) -> Result<ast::Test, Diagnostic> {
    match input {
        run::Input::File(p) => parse_file(sources, p),
        run::Input::Generated { label, text } => {
            let id = sources.add(label.clone(), Path::new(label), text.clone());
            parse::parse(id, text)
        }
    }
}

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
}

/// The `relprove litmus` command: returns the exit code (0 all tests ran and
/// match their expectations, 1 an expectation mismatch, 2 an input error).
/// The verdicts go to `out`, whose own write errors are its business (the
/// CLI's writer ends the process on them), hence dropped here.
pub fn command(req: &Request, backend: Option<&dyn run::Backend>, out: &mut dyn Write) -> u8 {
    command_with(req, backend, out, &mut |_| 0)
}

/// A decided batch, as [`command_with`] hands it on.
pub struct Batch<'a> {
    pub inputs: &'a [run::Input],
    /// One per input, in order.
    pub results: &'a [Result<run::TestResult, Diagnostic>],
    pub expectations: &'a std::collections::BTreeMap<String, output::Expectation>,
}

/// [`command`], then `after` on the decided batch (the CLI writes
/// `--graph` files there); a non-zero code from `after` is the exit code
/// unless the batch already has one.
pub fn command_with(
    req: &Request,
    backend: Option<&dyn run::Backend>,
    out: &mut dyn Write,
    after: &mut dyn FnMut(&Batch) -> u8,
) -> u8 {
    use std::sync::Mutex;
    let mut sources = crate::diag::SourceMap::new();
    let report = |sm: &crate::diag::SourceMap, d: &Diagnostic| {
        eprint!(
            "{}",
            crate::diag::render(sm, std::slice::from_ref(d), false)
        );
    };
    let model = match run::ModelRef::load(&req.model) {
        Ok(m) => m,
        Err(d) => {
            report(&sources, &d);
            return 2;
        }
    };
    let mut expectations = match &req.expect {
        None => Default::default(),
        Some(p) => {
            let text = match crate::diag::read_source(p) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error[io]: cannot read {}: {e}", p.display());
                    return 2;
                }
            };
            let id = sources.add(p.display().to_string(), p, text.clone());
            match output::parse_expectations(id, &text) {
                Ok(e) => e,
                Err(d) => {
                    report(&sources, &d);
                    return 2;
                }
            }
        }
    };
    let limits = lower::Limits {
        unroll: req.unroll,
        ..Default::default()
    };
    // NVIDIA `.test` files expand into one test per template row; each
    // claims that its test validates.
    let mut inputs = Vec::new();
    let mut expand_failed = false;
    let tests = match files::expand(&req.tests) {
        Ok(t) => t,
        Err(d) => {
            report(&sources, &d);
            return 2;
        }
    };
    for t in &tests {
        if t.extension().and_then(|e| e.to_str()) != Some("test") {
            inputs.push(run::Input::File(t.clone()));
            continue;
        }
        let text = match std::fs::read_to_string(t) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("error[io]: cannot read {}: {e}", t.display());
                expand_failed = true;
                continue;
            }
        };
        let id = sources.add(t.display().to_string(), t, text.clone());
        let stem = t.file_stem().and_then(|s| s.to_str()).unwrap_or("test");
        match mixedproxy::expand(id, stem, &text) {
            Ok(gen) => {
                for g in gen {
                    expectations
                        .entry(g.name.clone())
                        .or_insert(output::Expectation::Validated(true));
                    inputs.push(run::Input::Generated {
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
        // Write the generated modules instead of deciding them.
        let mut code = 0;
        for input in &inputs {
            let r = parse_input(&mut sources, input).and_then(|test| {
                Ok((
                    alloy_modules(&test, model.binding, &model.open_name, limits)?,
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
                            return 2;
                        }
                        let _ = writeln!(out, "{}", p.display());
                    }
                }
                Err(d) => {
                    report(&sources, &d);
                    code = 2;
                }
            }
        }
        return code.max(if expand_failed { 2 } else { 0 });
    }
    let Some(backend) = backend else {
        eprintln!("relprove: no checker back end in this build; use --emit-alloy DIR to write the Alloy modules");
        return 2;
    };
    let start = std::time::Instant::now();
    let shared = Mutex::new(sources);
    let opts = run::Options {
        limits,
        enumerate: !req.witnesses,
        ..Default::default()
    };
    let results = run::run_inputs(&inputs, &model, backend, opts, req.jobs, &shared);
    let sources = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut sum = output::Summary {
        tests: results.len(),
        ..Default::default()
    };
    let mut json_tests = Vec::new();
    for (input, r) in inputs.iter().zip(&results) {
        let file = input.label();
        match r {
            Ok(r) => {
                if r.validated {
                    sum.ok += 1;
                } else {
                    sum.no += 1;
                }
                let e = expectations.get(&r.name).copied();
                if let Some(e) = e {
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
                }
                if req.json {
                    json_tests.push(output::json_result(r, e.as_ref()));
                } else {
                    let _ = writeln!(out, "{}", output::text(r));
                }
            }
            Err(d) => {
                sum.errors += 1;
                let loc = d
                    .span
                    .map(|s| sources.location(s))
                    .unwrap_or_else(|| file.clone());
                if req.json {
                    json_tests.push(output::json_error(&file, &d.message, &loc));
                } else {
                    report(&sources, d);
                }
            }
        }
    }
    sum.time_ms = start.elapsed().as_millis();
    if req.json {
        let doc = serde_json::json!({ "tests": json_tests, "summary": sum.json() });
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
    if sum.mismatches > 0 {
        1
    } else if after_code != 0 {
        after_code
    } else if sum.errors > 0 || expand_failed {
        2
    } else {
        0
    }
}
