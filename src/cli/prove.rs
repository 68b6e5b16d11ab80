//! `relprove prove`: prove assertions by rewriting (egg) and Kleene algebra,
//! and print the results (text, JSON) or the Coq proofs.

use super::exit::Exit;
use std::io::IsTerminal;

use relprove_proof::export::coq::proofs as coq;
use relprove_proof::rewrite::{chain, AssertResult, Engine, Kind, Limits, Prover};

use super::output::{outln, OnClose, Stdout};
use super::TextOrJson;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

/// One assertion in `--format json`.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct AssertJson<'a> {
    /// The assertion's name.
    name: &'a str,
    /// Proved for all sizes by rewriting (the proof was replayed).
    proved: bool,
    /// `egg`, `ka` or `egg+ka`; absent when not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<Engine>,
    steps: usize,
    time_ms: u64,
}

/// The document of `relprove prove --format json` (schema:
/// docs/json/prove.schema.json).
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProveJson<'a> {
    /// One entry per assertion tried, in the model's order.
    assertions: Vec<AssertJson<'a>>,
}

/// Try every assertion (or the selected ones); exit 0 whatever the
/// outcome, 2 on input errors.
pub fn run(args: &ProveArgs) -> Exit {
    let mut sources = relprove_engine::diag::SourceMap::new();
    let model = match relprove_engine::resolve::load_model(
        &args.file,
        &mut sources,
        &relprove_engine::resolve::LoadOptions::default(),
    ) {
        Ok(m) => m,
        Err(diags) => {
            super::report::error(&sources, diags, std::io::stderr().is_terminal());
            return Exit::Input;
        }
    };
    let limits = Limits {
        node_limit: args.node_limit,
        time_limit: args.time_limit,
        ..Limits::default()
    };
    if args.emit.is_some() && args.format == TextOrJson::Json {
        eprintln!(
            "relprove: --emit coq prints a Coq section, --format json a JSON document: choose one"
        );
        return Exit::Input;
    }
    let prover = Prover::new(&model, limits);
    let root = relprove_engine::ir::ModuleId(0);
    let mut selected = vec![];
    for name in &args.asserts {
        match model
            .asserts
            .iter()
            .find(|a| a.module == root && &a.name == name)
        {
            Some(a) => selected.push(a),
            None => {
                eprintln!(
                    "relprove: {}: no assertion named `{name}`",
                    args.file.display()
                );
                return Exit::Input;
            }
        }
    }
    if args.asserts.is_empty() {
        selected = model.asserts.iter().filter(|a| a.module == root).collect();
        if selected.is_empty() {
            eprintln!(
                "relprove: {} has no assertion to prove (`assert NAME {{ … }}`)",
                args.file.display()
            );
            // (JSON and Coq output still print their empty document)
            if args.format == TextOrJson::Text && args.emit.is_none() {
                return Exit::Ok;
            }
        }
    }
    let results: Vec<_> = selected
        .iter()
        .map(|a| prover.prove_assert(&a.name, &a.body))
        .collect();
    let out = &mut Stdout::new(OnClose::Exit);
    if let Some(Emit::Coq) = args.emit {
        let stem = args
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        match coq::section(&stem, &args.file.display().to_string(), &prover, &results) {
            Ok(text) => {
                let _ = std::io::Write::write_all(out, text.as_bytes());
            }
            Err(error) => {
                let e = relprove::Error::Export {
                    what: "the Coq proof".into(),
                    error,
                };
                super::report::error(&sources, e, std::io::stderr().is_terminal());
                return Exit::Input;
            }
        }
        return out.exit_code(Exit::Ok);
    }
    match args.format {
        TextOrJson::Json => {
            let json = ProveJson {
                assertions: results
                    .iter()
                    .map(|r| AssertJson {
                        name: &r.name,
                        proved: r.proved,
                        engine: r.engine(),
                        steps: r.steps(),
                        time_ms: r.time_ms as u64,
                    })
                    .collect(),
            };
            match serde_json::to_string(&json) {
                Ok(s) => outln!(out, "{s}"),
                Err(e) => {
                    eprintln!("relprove: cannot print JSON: {e}");
                    return Exit::Internal;
                }
            }
        }
        TextOrJson::Text => results
            .iter()
            .for_each(|r| print_text(out, r, &prover, &sources)),
    }
    out.exit_code(Exit::Ok)
}

fn print_text(
    out: &mut Stdout,
    r: &AssertResult,
    prover: &Prover<'_>,
    sources: &relprove_engine::diag::SourceMap,
) {
    if let Some(why) = &r.unsupported {
        outln!(
            out,
            "{}: not proved (outside the rewriter's fragment: {why}, at {})",
            r.name,
            sources.location(why.span())
        );
        return;
    }
    let verdict = match r.engine() {
        None => "not proved".to_string(),
        Some(Engine::Egg) => "proved by rewriting".to_string(),
        // Lean has no Kleene-algebra decision procedure: its proof is a
        // skeleton with the certificate as a comment.
        Some(e) => format!("proved by {} (Coq), skeleton (Lean)", e.as_str()),
    };
    outln!(
        out,
        "{}: {verdict} ({} steps, {} ms)",
        r.name,
        r.steps(),
        r.time_ms
    );
    for g in &r.goals {
        outln!(out, "  goal {}", abbreviate(&g.goal.to_string()));
        match (&g.proof, &g.ka) {
            (Some(p), _) => {
                if g.goal.kind != Kind::Eq {
                    outln!(out, "    as {} = {}", p.lhs, p.rhs);
                }
                for line in chain(p) {
                    outln!(out, "    {line}");
                }
            }
            (None, Some(k)) => {
                for (side, p) in [("left", &k.lhs_proof), ("right", &k.rhs_proof)] {
                    if p.steps.is_empty() {
                        continue;
                    }
                    outln!(out, "    {side} side rewritten:");
                    for line in chain(p) {
                        outln!(out, "      {line}");
                    }
                }
                outln!(
                    out,
                    "    {}",
                    abbreviate(&k.certificate(g.goal.kind, &prover.arities))
                );
                for (h, _) in &k.hyps {
                    outln!(out, "    using {}", h.name);
                }
            }
            (None, None) => outln!(out, "    not proved: {} ({} e-nodes)", g.stop, g.nodes),
        }
    }
}

/// Long terms (inlined funs) cut to a readable length.
fn abbreviate(s: &str) -> String {
    const MAX: usize = 160;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        format!("{} …", s.chars().take(MAX).collect::<String>())
    }
}

/// The arguments of `relprove prove`.
#[derive(Args)]
pub struct ProveArgs {
    pub file: PathBuf,
    /// Only this assertion (repeatable).
    #[arg(short = 'a', long = "assert", value_name = "NAME")]
    pub asserts: Vec<String>,
    /// Print the proofs for a proof assistant (`coq`: a self-contained Coq section).
    #[arg(long, value_enum)]
    pub emit: Option<Emit>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
    /// E-graph node limit per goal.
    #[arg(long, value_name = "N", default_value = "10000", allow_negative_numbers = true, value_parser = crate::cli::args::positive::<usize>)]
    pub node_limit: usize,
    /// Time limit per goal, in seconds (positive, values above 1e9 count as 1e9).
    #[arg(long, value_name = "SECS", default_value = "2", allow_negative_numbers = true, value_parser = crate::cli::args::seconds)]
    pub time_limit: Duration,
}

/// `prove --emit`: the proof assistant to print the proofs for.
#[derive(Clone, Copy, ValueEnum)]
pub enum Emit {
    Coq,
}
