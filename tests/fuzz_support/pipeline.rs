//! The whole pipeline on one input, shared by the bounded fuzz tests in
//! `cargo test` (tests/resolve/fuzz.rs) and the cargo-fuzz target
//! (fuzz/fuzz_targets/pipeline.rs). Nothing may panic; the only other bug
//! these functions report is an answer the independent checks reject (an
//! instance the evaluator does not accept).
//!
//! Alloy text goes through resolve → bounds → translate → solve →
//! evaluate (every instance is re-evaluated by the check itself) → Coq and
//! Lean export → the rewriter, with small scopes and a time cap per
//! command; litmus text through the litmus parser, the lowering to Alloy
//! and the resolution of the generated modules.

#![allow(dead_code)]

use std::path::Path;
use std::time::Duration;

use relprove_engine::check::{check_command, CheckError, CheckOptions};
use relprove_engine::diag::{render, Diagnostic, SourceMap};
use relprove_engine::ir::CommandId;
use relprove_engine::resolve::{load_source, LoadOptions};

/// Every command runs with this overall scope...
pub const SCOPE: u32 = 2;
/// ...and is skipped when its own `but` scopes or bitwidth are larger
/// than these (the fuzz covers the pipeline, not big searches).
pub const MAX_SIG_SCOPE: u32 = 4;
pub const MAX_BITWIDTH: u32 = 5;
/// Time cap per command.
pub const TIME_CAP: Duration = Duration::from_millis(400);
/// Commands decided per model.
pub const MAX_COMMANDS: usize = 3;

/// Render diagnostics (which must not panic either) and drop the text.
fn rendered(sources: &SourceMap, diags: &[Diagnostic]) {
    assert!(!diags.is_empty(), "an error without diagnostics");
    let _ = render(sources, diags, false);
}

/// The Alloy pipeline on `text`, named `name` (opens are looked up next to
/// it, then in `lib`). `Err` describes a wrong answer.
pub fn alloy(name: &str, text: &str, lib: &Path) -> Result<(), String> {
    let mut sources = SourceMap::new();
    let opts = LoadOptions {
        lib_dir: Some(lib.to_path_buf()),
        ..Default::default()
    };
    let model = match load_source(name, text, &mut sources, &opts) {
        Ok(m) => m,
        Err(diags) => {
            rendered(&sources, &diags);
            return Ok(());
        }
    };
    let check = CheckOptions {
        scope: Some(SCOPE),
        timeout: Some(TIME_CAP),
        ..CheckOptions::default()
    };
    let small = |c: &relprove_engine::ir::Command| {
        c.scope.bitwidth.unwrap_or(4) <= MAX_BITWIDTH
            && c.scope.sigs.iter().all(|s| s.count <= MAX_SIG_SCOPE)
    };
    let ids = (0..model.commands.len() as u32)
        .map(CommandId)
        .filter(|id| small(&model.commands[id.index()]))
        .take(MAX_COMMANDS);
    for id in ids {
        match check_command(&model, id, &check) {
            Ok(_) => {}
            Err(CheckError::Input(d)) => rendered(&sources, &[d]),
            Err(CheckError::Internal(m)) => {
                return Err(format!("command #{}: {m}\n--- model ---\n{text}", id.0))
            }
        }
    }
    if let Err(d) = relprove_proof::export::coq::generate(&model, &sources) {
        rendered(&sources, &d.0);
    }
    if let Err(d) = relprove_proof::export::lean::generate(&model, &sources) {
        rendered(&sources, &d.0);
    }
    let limits = relprove_proof::rewrite::Limits {
        node_limit: 300,
        time_limit: Duration::from_millis(50),
        iter_limit: 8,
    };
    let prover = relprove_proof::rewrite::Prover::new(&model, limits);
    for a in model.asserts.iter().take(MAX_COMMANDS) {
        let _ = prover.prove_assert(&a.name, &a.body);
    }
    Ok(())
}

/// The litmus front end on `text`: parse, lower against relprove's PTX
/// model (`models_dir/ptx.als`), and resolve the first generated modules.
pub fn litmus(text: &str, models_dir: &Path, lib: &Path) {
    use relprove_litmus::{alloy_modules, lower};
    let mut sources = SourceMap::new();
    let id = sources.add("fuzz.litmus", "fuzz.litmus", text.to_string());
    let test = match relprove_litmus::parse::parse(id, text) {
        Ok(t) => t,
        Err(d) => return rendered(&sources, &[d]),
    };
    let Ok(model_text) = std::fs::read_to_string(models_dir.join("ptx.als")) else {
        return;
    };
    let Some(binding) = lower::detect_binding(&model_text) else {
        return;
    };
    let limits = lower::Limits {
        max_paths: 16,
        max_events: 40,
        ..lower::Limits::default()
    };
    let modules = match alloy_modules(&test, binding, "ptx", limits) {
        Ok(m) => m,
        Err(d) => return rendered(&sources, &[d]),
    };
    let opts = LoadOptions {
        lib_dir: Some(lib.to_path_buf()),
        ..Default::default()
    };
    let name = models_dir.join("litmus_fuzz.als").display().to_string();
    for m in modules.iter().take(2) {
        let mut s = SourceMap::new();
        if let Err(d) = load_source(&name, m, &mut s, &opts) {
            // The lowering must produce modules that resolve.
            panic!(
                "a lowered module does not resolve:\n{}\n--- module ---\n{m}",
                render(&s, &d, false)
            );
        }
    }
}

/// A Khronos Vulkan test through the reader and the module printer: any
/// text either is refused with a positioned error or gives a module that
/// parses as Alloy (its names are resolved against spirv.als elsewhere).
pub fn khronos(text: &str) {
    use relprove_litmus::khronos;
    let mut sources = SourceMap::new();
    let id = sources.add("fuzz.test", "fuzz.test", text.to_string());
    let test = match khronos::parse(id, "fuzz", text) {
        Ok(t) => t,
        Err(d) => return rendered(&sources, &[d]),
    };
    let module = khronos::module(&test, "spirv");
    let mid = sources.add("lt_fuzz.als", "lt_fuzz.als", module.clone());
    if let Err(ds) = relprove_engine::syntax::parse_file(&module, mid) {
        panic!(
            "the module of a test that parsed does not parse:\n{}\n{module}",
            relprove_engine::diag::render(&sources, &ds, false)
        );
    }
}
