//! relprove's litmus side: litmus tests decided against an axiomatic model
//! of the engine, explored under operational models ([`operational`]), and
//! run on a GPU against the model's verdicts ([`gpu`]).
//!
//! PTX litmus tests: parse Dat3M-format tests, lower each path
//! combination to a [`execution::LitmusExecution`] over a memory model
//! (the test's candidate executions), decide them with the checker, and
//! return herd-style verdicts (printed by the binary's `cli::litmus`).
//!
//! `parse` (text → [`ast::Test`]) → `lower` (test → control-flow paths →
//! `LitmusExecution`, through a per-model [`lower::Binding`]) → `to_ir`
//! (the execution added to the model resolved once; `execution` prints the
//! same value as Alloy for `--emit-alloy`) → `run` (solve, enumerate final
//! states) → `output` (herd text, JSON, summary). Khronos's Vulkan tests
//! and Dat3M's Vulkan litmus files are read by [`khronos`].

#![warn(missing_docs)]

pub mod ast;
pub mod cat;
pub mod checker;
pub mod diff;
pub mod error;
pub mod execution;
pub mod explain;
pub mod files;
pub mod gpu;
pub mod khronos;
pub mod lower;
pub mod mixedproxy;
pub mod operational;
pub mod output;
pub mod parse;
pub mod run;
pub mod to_ir;
pub mod value;

use std::path::Path;

use relprove_engine::diag::Diagnostic;

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
            relprove_engine::diag::Phase::Litmus,
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
                lower::build_execution(test, binding, open_name, &combo, &edges, &dom)?
                    .with_run(&[]),
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
    sources: &mut relprove_engine::diag::SourceMap,
    path: &Path,
) -> Result<ast::Test, Diagnostic> {
    let text = relprove_engine::diag::read_source(path).map_err(|e| {
        Diagnostic::without_span(
            relprove_engine::diag::Phase::Io,
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    let id = sources.add(path.display().to_string(), path, text.clone());
    parse::parse(id, &text)
}

/// Parse an input (a file, or a generated test) into `sources`.
pub fn parse_input(
    sources: &mut relprove_engine::diag::SourceMap,
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
