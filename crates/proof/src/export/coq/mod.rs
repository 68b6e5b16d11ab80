//! The Coq back end: a resolved [`Model`] as Coq definitions over the
//! `Relprove` library (theories/).
//!
//! Layout of the output, for a model whose root module is `M`:
//! * `<mod>_module.v` for every opened module `<mod>`: a record
//!   `<mod>_Inst A` of the module's sigs and fields, and its facts, preds
//!   and funs as `Definition`s. They take `{A : Type}`, one record per module
//!   they can see (their own is `i`, others `i_<mod>`) and the module's
//!   parameters as `rel A 1` arguments (Alloy's `module m[p]`). The file and
//!   every name in it depend only on the module and the modules it opens, so
//!   every instance of the module, in this model or any other exported into
//!   the same directory, shares it (see `Naming` in term.rs).
//! * `M.v` for the root: `Record Instance A` (the root's sigs and fields,
//!   plus one `m_<mod>` record per opened module), the root's facts, preds
//!   and funs, the sig hierarchy and field declarations as `hierarchy` and
//!   `fields`, `M_facts i` (everything the model assumes) and, for every
//!   assertion `a`, `a_statement := forall A (i : Instance A), M_facts i -> ...`.
//! * `M_proofs.v`: a theorem skeleton per `check` (from templates/coq/).
//!
//! Integers: a cardinality compared with an integer literal (`#e > 1`,
//! `#e = 0`, `2 =< #e`, ...) becomes `no`/`some`/`lone`/`one` when it can, and
//! `atleast n k e` (at least `k` distinct tuples) otherwise; two
//! cardinalities compared (`#a = #b`, `#a < #b`, ...) become `card_le`/
//! `card_lt` (theories/Rel.v). `#e` is read as the exact cardinality,
//! which is Alloy's meaning whenever the count fits the bitwidth (Alloy
//! forbids overflow by default); a literal outside the smallest bitwidth of
//! the model's commands is refused, since Alloy would wrap it. Every other integer construct (`Int`, arithmetic, `sum`, `#a =
//! #b + 1`, integers as atoms) is refused with an error at its span.

use std::collections::BTreeSet;

use relprove_engine::diag::{Diagnostics, SourceMap, Span};
use relprove_engine::ir::*;

use super::printer::Printer;
pub(super) use super::printer::ROOT;
use super::syntax::{self, ProofAssistant, Syntax};
use super::term::{app, appk, identifier, num, root_module_name, t, D};
use super::{GeneratedFile, RewriteProofs};

mod instance;
mod project;
pub mod proofs;
pub use instance::instance_file;
pub use project::COQ_LIBRARY_DIR;

/// Width the Coq text is laid out at.
pub use super::term::WIDTH;

pub use super::syntax::Templates;

/// Coq's skeleton templates (templates/coq/ of the source tree, built in).
/// `{{name}}` placeholders: see the files. A user adapts them by copying
/// templates/coq/ somewhere and setting `RELPROVE_TEMPLATES` to it.
impl Templates {
    /// Coq's built-in templates.
    pub fn builtin() -> Templates {
        Templates {
            proofs: include_str!("../../../../../templates/coq/proofs.v").into(),
            theorem: include_str!("../../../../../templates/coq/theorem.v").into(),
            counterexample: include_str!("../../../../../templates/coq/counterexample.v").into(),
        }
    }
    /// The built-in templates, each replaced by `DIR/<file>` when
    /// `RELPROVE_TEMPLATES=DIR` is set and the file exists.
    pub fn from_env() -> Templates {
        let mut t = Templates::builtin();
        if let Some(dir) = std::env::var_os("RELPROVE_TEMPLATES") {
            let dir = std::path::PathBuf::from(dir);
            for (file, slot) in [
                ("proofs.v", &mut t.proofs),
                ("theorem.v", &mut t.theorem),
                ("counterexample.v", &mut t.counterexample),
            ] {
                if let Ok(text) = std::fs::read_to_string(dir.join(file)) {
                    *slot = text;
                }
            }
        }
        t
    }
}

/// Generate the Coq files for a model. The definition files come first
/// (dependencies before dependents), the proofs skeleton last.
pub fn generate(model: &Model, sources: &SourceMap) -> Result<Vec<GeneratedFile>, Diagnostics> {
    generate_with(model, sources, &Templates::builtin())
}

/// [`generate`] with the given skeleton templates.
pub fn generate_with(
    model: &Model,
    sources: &SourceMap,
    templates: &Templates,
) -> Result<Vec<GeneratedFile>, Diagnostics> {
    generate_full(model, sources, templates, &RewriteProofs::default())
}

/// [`generate_with`], where the checks in `proofs` get complete proofs
/// (marked `(* proved by relprove's rewriter *)`) instead of skeletons.
pub fn generate_full(
    model: &Model,
    sources: &SourceMap,
    templates: &Templates,
    proofs: &RewriteProofs,
) -> Result<Vec<GeneratedFile>, Diagnostics> {
    let mut g = Gen::new(model, sources);
    g.templates = templates.clone();
    g.rewritten = proofs.clone();
    super::generate(&mut g)
}

/// The root-relative name of a model's Coq files (`<name>.v`, `<name>_proofs.v`).
pub fn model_file_stem(model: &Model) -> String {
    sanitize(root_module_name(model))
}

// ---------------------------------------------------------------------------
// names

/// Coq keywords, `Relprove` library names and names the printers use: no
/// relation, definition or section variable may be called so (the
/// definitions and the rewriter's proofs share this one list).
pub(super) const RESERVED: &[&str] = &[
    // Coq keywords and core names
    "as",
    "at",
    "cofix",
    "else",
    "end",
    "exists",
    "exists2",
    "fix",
    "for",
    "forall",
    "fun",
    "if",
    "IF",
    "in",
    "let",
    "match",
    "mod",
    "Prop",
    "return",
    "Set",
    "SProp",
    "then",
    "Type",
    "using",
    "where",
    "with",
    "True",
    "False",
    "not",
    "and",
    "or",
    "iff",
    "eq",
    "nat",
    "S",
    "O",
    "list",
    "bool",
    "true",
    "false",
    "unit",
    "tt",
    "Theorem",
    "Lemma",
    "Definition",
    "Proof",
    "Qed",
    "is",
    "of",
    // the Relprove library
    "rel",
    "incl",
    "same",
    "union",
    "inter",
    "diff",
    "none",
    "univ",
    "nonempty",
    "pand",
    "rex",
    "join",
    "product",
    "domr",
    "ranr",
    "dom",
    "override",
    "iden",
    "transpose",
    "closure",
    "closure_step",
    "closure_cons",
    "rclosure",
    "single",
    "no",
    "some",
    "lone",
    "one",
    "ite",
    // names the generator uses
    "tuple",
    "holds",
    "atleast",
    "card_le",
    "card_lt",
    "A",
    "i",
    "Instance",
    "mkInstance",
    "hierarchy",
    "fields",
    // tactics the rewriter's proofs call
    "hkat",
];

/// A Coq identifier for an Alloy name (module paths, `$`, quotes replaced).
fn sanitize(name: &str) -> String {
    identifier(name, |c| c.is_ascii_alphabetic() || c == '_')
}

/// The Alloy text of a span as a Coq comment (comment delimiters and
/// string quotes neutralised so the comment always closes).
fn source_comment(sources: &SourceMap, span: Span) -> String {
    super::term::source_comment(sources, span, "(* ", " *)\n", neutralise)
}

/// Text safe inside a Coq comment: no comment delimiters, no string quotes.
fn neutralise(text: &str) -> String {
    text.replace("(*", "( *")
        .replace("*)", "* )")
        .replace('"', "'")
}

// ---------------------------------------------------------------------------
// the back end

/// The Coq back end: its syntax and files, for [`Printer`].
pub(super) enum Coq {}

/// The printer of one model's Coq files.
pub(super) type Gen<'a> = Printer<'a, Coq>;

impl Syntax for Coq {
    const PROVER: &'static str = "Coq";
    const REL: &'static str = "";
    const REL_TYPE: &'static str = "rel";
    const AND: &'static str = "/\\";
    const OR: &'static str = "\\/";
    const IMPLIES: &'static str = "->";
    const IFF: &'static str = "<->";
    const NOT: &'static str = "~ ";
    const FORALL: &'static str = "forall";
    const EXISTS: &'static str = "exists";
    const NEQ: &'static str = "<>";
    const LET_SEP: &'static str = " in";
    const COMMENT_OPEN: &'static str = "(* ";
    const COMMENT_CLOSE: &'static str = " *)";
    const DEFINITION: &'static str = "Definition";
    const END: &'static str = ".";

    fn reserved() -> BTreeSet<String> {
        RESERVED.iter().map(|s| s.to_string()).collect()
    }
    fn sanitize(name: &str) -> String {
        sanitize(name)
    }
    fn neutralise(text: &str) -> String {
        neutralise(text)
    }
    fn comment(text: &str) -> String {
        format!("(* {text} *)\n")
    }
    fn univ(n: usize) -> D {
        app("univ", vec![num(n)])
    }
    fn none(n: usize) -> D {
        app("none", vec![num(n)])
    }
    fn iden() -> D {
        t("iden")
    }
    fn lambda_binders(names: &[String]) -> D {
        t(names.join(" "))
    }
    fn same(arity: usize, a: D, b: D) -> D {
        appk("same", &[arity], vec![a, b])
    }
    /// `(Node i)`: a sig or field is a projection applied to the record.
    fn project(record: &str, name: &str) -> D {
        app(name.to_string(), vec![t(record.to_string())])
    }
    fn project_member(record: &str, name: &str, x: &str) -> D {
        app(
            name.to_string(),
            vec![t(record.to_string()), t(x.to_string())],
        )
    }
    fn root_record(field: &str) -> String {
        format!("({field} i)")
    }
}

impl ProofAssistant for Coq {
    const EXT: &'static str = "v";
    const HEADER_PREFIX: &'static str = HEADER_PREFIX;
    const HEADER_CLOSE: &'static str = " *)";

    fn model_file_stem(model: &Model) -> String {
        model_file_stem(model)
    }
    fn builtin_templates() -> Templates {
        Templates::builtin()
    }
    fn export_templates() -> Templates {
        Templates::from_env()
    }
    fn preamble(imports: &[String], _file: &str) -> String {
        let mut out = String::from("Require Import Relprove.Relprove.\n");
        if !imports.is_empty() {
            out.push_str(&format!("Require Import {}.\n", imports.join(" ")));
        }
        out.push('\n');
        out
    }
    /// `Record`, with implicit `A` for every projection.
    fn record(root: bool, rec: &str, entries: &[(String, String)]) -> String {
        let mk = if root {
            "mkInstance".to_string()
        } else {
            format!("mk_{rec}")
        };
        if entries.is_empty() {
            return format!("Record {rec} (A : Type) : Type := {mk} {{ }}.\n\n");
        }
        let fields: Vec<String> = entries
            .iter()
            .map(|(n, ty)| format!("{n} : {ty}"))
            .collect();
        let mut out = format!(
            "Record {rec} (A : Type) : Type := {mk} {{\n  {}\n}}.\n",
            fields.join(";\n  ")
        );
        for (p, _) in entries {
            out.push_str(&format!("Arguments {p} {{A}} _.\n"));
        }
        out.push('\n');
        out
    }
    fn postamble(_file: &str) -> String {
        String::new()
    }
    fn quote_title(text: &str) -> String {
        text.to_string()
    }
    fn rewritten_theorem(
        g: &Gen<'_>,
        cmd: &str,
        name: &str,
        stmt: &str,
        lemmas: &[String],
    ) -> String {
        rewritten_theorem(g, cmd, name, stmt, lemmas)
    }
    fn states_theorem(proofs_file: &str, name: &str) -> bool {
        proofs_file.contains(&format!("Theorem {name} "))
            || proofs_file.contains(&format!("Lemma {name} "))
    }
    fn rewrite_proofs(model: &Model, limits: crate::rewrite::Limits) -> RewriteProofs {
        proofs::export_proofs(model, limits)
    }
    fn project_files(
        files: &[GeneratedFile],
        opts: &super::ExportOptions,
        report: &mut super::ExportReport,
    ) -> Result<(), Diagnostics> {
        project::project_files(files, opts, report)
    }
}

/// A complete proof of `stmt` from the rewriter's lemmas: unfold the
/// facts bundle, the facts, preds and funs; split the facts (and the
/// antecedents of implications) into their conjuncts and the goal into
/// its conjuncts; close each goal with one of the lemmas, whose
/// hypotheses (facts and premises) are conjuncts in the context.
fn rewritten_theorem(g: &Gen<'_>, cmd: &str, name: &str, stmt: &str, lemmas: &[String]) -> String {
    // Names of opened modules' files are qualified: the proofs file
    // imports only the root file (which loads, not re-exports, them).
    let q = |k: ModuleId, name: &str| {
        if k == ROOT {
            name.to_string()
        } else {
            format!("{}.{name}", g.ids.file[k.index()])
        }
    };
    let mut unfold: Vec<String> = vec![];
    unfold.extend(
        g.ids
            .module_facts
            .iter()
            .enumerate()
            .map(|(k, n)| q(ModuleId(k as u32), n)),
    );
    unfold.extend(
        g.ids
            .fact
            .iter()
            .zip(&g.m.facts)
            .map(|(n, f)| q(f.module, n)),
    );
    unfold.extend(
        g.ids
            .pred
            .iter()
            .zip(&g.m.preds)
            .map(|(n, p)| q(p.module, n)),
    );
    unfold.extend(g.ids.fun.iter().zip(&g.m.funs).map(|(n, f)| q(f.module, n)));
    let close: Vec<String> = lemmas
        .iter()
        .map(|l| format!("solve [ eapply {l}; eassumption ]"))
        .collect();
    let mut out = format!(
        "(* {cmd} *)\n(* proved by relprove's rewriter *)\nTheorem {name} : {stmt}.\nProof.\n"
    );
    out.push_str(&format!("  unfold {stmt}; intros A i Hfacts.\n"));
    out.push_str(&format!("  cbv beta delta [{}] in *.\n", unfold.join(" ")));
    out.push_str(
        "  repeat match goal with\n  | H : _ /\\ _ |- _ => destruct H\n  | |- _ /\\ _ => split\n  | |- _ -> _ => intro\n  end.\n",
    );
    out.push_str(&format!("  all: first [ {} ].\nQed.\n", close.join(" | ")));
    out
}

/// The proofs file around the given theorem skeletons (templates/coq/proofs.v).
/// `preamble` (the rewriter's lemmas, or empty) goes before the theorems.
pub fn proofs_text(
    templates: &Templates,
    m: &Model,
    definitions: &str,
    preamble: &str,
    theorems: &[(String, String)],
) -> String {
    syntax::proofs_text::<Coq>(templates, m, definitions, preamble, theorems)
}

// ---------------------------------------------------------------------------
// header and hash

/// How the first line of a generated Coq file (its header) starts.
pub const HEADER_PREFIX: &str = "(* Generated by relprove";

/// For a Coq file: whether it carries relprove's header with its body's
/// hash (`Some(true)`), was edited (`Some(false)`), or is not relprove's
/// (`None`).
pub fn header_intact(contents: &str) -> Option<bool> {
    super::term::header_intact(HEADER_PREFIX, contents)
}
