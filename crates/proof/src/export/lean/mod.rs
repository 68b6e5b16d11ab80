//! The Lean 4 back end: a resolved [`Model`] as Lean 4 definitions over the
//! `Relprove` library (theories/lean/, Lean 4 core only). It mirrors the Coq
//! back end ([`super::coq`]) construct by construct.
//!
//! Layout of the output, for a model whose root module is `M`:
//! * `<mod>_module.lean` for every opened module `<mod>`, in namespace
//!   `<mod>_module`: a structure `<mod>_Inst A` of the module's sigs and
//!   fields, and its facts, preds and funs as `def`s. They take
//!   `{A : Type}`, one structure per module they can see (their own is `i`,
//!   others `i_<mod>`) and the module's parameters as `Rel A 1` arguments.
//!   Shared by every instance of the module, as for Coq.
//! * `M.lean` for the root, in namespace `M`: `structure Instance A` (the
//!   root's sigs and fields, plus one `m_<mod>` field per opened module), the
//!   root's facts, preds and funs, the sig hierarchy and field declarations
//!   as `hierarchy` and `fields`, `M_facts i` (everything the model assumes,
//!   a hypothesis bundle) and, for every assertion `a`,
//!   `def a_statement : Prop := ∀ (A : Type) (i : Instance A), M_facts i → ...`.
//! * `M_proofs.lean`: a theorem skeleton per `check` (from
//!   templates/lean/), created once and never overwritten; the only file
//!   that may contain `sorry`.
//!
//! Alloy's `=` on relations is Lean's `=` (the library proves its laws as
//! equations with `funext`/`propext`, so `rw` and `simp only` apply);
//! sigs and fields are projections of the instance (`i.Node`, `i.next`).
//! Integers are treated exactly as in the Coq back end (cardinalities
//! compared with literals or with each other, as `Rel.card_le`/`Rel.card_lt`;
//! everything else refused with a span).

use std::collections::BTreeSet;

use pretty::RcDoc;

use relprove_engine::diag::{Diagnostics, SourceMap};
use relprove_engine::ir::*;

use super::printer::Printer;
use super::syntax::{self, ProofAssistant, Syntax, Templates};
use super::term::{app, identifier, num, root_module_name, t, D};

mod project;
pub mod proofs;
pub use project::{find_lean_theories, LEAN_LIBRARY_DIR, LEAN_TOOLCHAIN};

/// Width the Lean text is laid out at.
pub use super::term::WIDTH;

pub use super::{FileKind, GeneratedFile};

const PROOFS_TEMPLATE: &str = include_str!("../../../../../templates/lean/proofs.lean");
const THEOREM_TEMPLATE: &str = include_str!("../../../../../templates/lean/theorem.lean");
const COUNTEREXAMPLE_TEMPLATE: &str =
    include_str!("../../../../../templates/lean/counterexample.lean");

/// Generate the Lean files for a model. The definition files come first
/// (dependencies before dependents), the proofs skeleton last.
pub fn generate(model: &Model, sources: &SourceMap) -> Result<Vec<GeneratedFile>, Diagnostics> {
    generate_full(model, sources, &super::RewriteProofs::default())
}

/// [`generate`], where the checks in `proofs` (see
/// [`proofs::export_proofs`]) get complete proofs, marked
/// `/- proved by relprove's rewriter -/`, instead of skeletons.
pub fn generate_full(
    model: &Model,
    sources: &SourceMap,
    proofs: &super::RewriteProofs,
) -> Result<Vec<GeneratedFile>, Diagnostics> {
    let mut g = Printer::<Lean>::new(model, sources);
    g.rewritten = proofs.clone();
    super::generate(&mut g)
}

/// The root-relative name of a model's Lean files (`<name>.lean`, `<name>_proofs.lean`).
pub fn model_file_stem(model: &Model) -> String {
    let s = sanitize(root_module_name(model));
    // The stem is also a namespace and a module name: never a keyword or a library name.
    if RESERVED.contains(&s.as_str()) || library_names().any(|n| n == s) {
        format!("{s}_model")
    } else {
        s
    }
}

// ---------------------------------------------------------------------------
// names

const RESERVED: &[&str] = &[
    // Lean 4 keywords and commands
    "abbrev",
    "at",
    "attribute",
    "axiom",
    "break",
    "by",
    "calc",
    "catch",
    "class",
    "continue",
    "decreasing_by",
    "def",
    "deriving",
    "do",
    "else",
    "end",
    "example",
    "exists",
    "export",
    "extends",
    "finally",
    "for",
    "forall",
    "from",
    "fun",
    "have",
    "if",
    "import",
    "in",
    "include",
    "inductive",
    "infix",
    "infixl",
    "infixr",
    "instance",
    "lemma",
    "let",
    "local",
    "macro",
    "match",
    "mut",
    "mutual",
    "namespace",
    "noncomputable",
    "nofun",
    "nomatch",
    "notation",
    "omit",
    "opaque",
    "open",
    "partial",
    "postfix",
    "prefix",
    "private",
    "protected",
    "rec",
    "return",
    "section",
    "set_option",
    "show",
    "sorry",
    "structure",
    "suffices",
    "syntax",
    "termination_by",
    "then",
    "theorem",
    "this",
    "try",
    "universe",
    "unless",
    "unsafe",
    "variable",
    "where",
    "with",
    "using",
    "only",
    "hiding",
    "renaming",
    "generalizing",
    "scoped",
    "public",
    "meta",
    "nonrec",
    "macro_rules",
    "elab",
    "case",
    "next",
    "obtain",
    "exact",
    "intro",
    "simp",
    "rw",
    "omega",
    "decide",
    "assume",
    "without",
    // tactic names (identifier-like tokens are keywords in Lean 4)
    "apply",
    "assumption",
    "cases",
    "constructor",
    "contradiction",
    "exfalso",
    "induction",
    "injection",
    "left",
    "right",
    "refine",
    "rename",
    "revert",
    "specialize",
    "subst",
    "unfold",
    "change",
    "congr",
    "symm",
    "split",
    "repeat",
    "first",
    "all_goals",
    "any_goals",
    "focus",
    "fail",
    "done",
    "skip",
    "admit",
    "stop",
    "rcases",
    "rintro",
    "simpa",
    "simp_all",
    "dsimp",
    "clear",
    "generalize",
    "rwa",
    "erw",
    "conv",
    "arg",
    "enter",
    "lhs",
    "rhs",
    "pattern",
    "ac_rfl",
    "native_decide",
    "and_intros",
    "iterate",
    "infer_instance",
    "set",
    "trace",
    "classical",
    "by_cases",
    "by_contra",
    "use",
    "exists_intro",
    "intros",
    "refine_lift",
    "show_term",
    "calc",
    "checkpoint",
    "save",
    "sleep",
    "guard_hyp",
    "guard_target",
    "nofun",
    "existsi",
    "constructorm",
    "casesm",
    "injections",
    "norm_cast",
    "push_cast",
    "exact_mod_cast",
    "trans",
    "subst_vars",
    "unreachable",
    "with_reducible",
    "delta",
    // core names generated code may meet
    "Type",
    "Prop",
    "Sort",
    "True",
    "False",
    "Not",
    "And",
    "Or",
    "Iff",
    "Eq",
    "Ne",
    "Nat",
    "Int",
    "List",
    "Bool",
    "true",
    "false",
    "Unit",
    "Prod",
    "Sum",
    "Option",
    "String",
    "Fin",
    "id",
    "rfl",
    "funext",
    "propext",
    "trivial",
    "absurd",
    "Exists",
    "Classical",
    "Function",
    "Decidable",
    "Inhabited",
    "Nonempty",
    "Subtype",
    "Array",
    "Char",
    "IO",
    "Lean",
    "Lake",
    "Init",
    "Std",
    "Mathlib",
    // the Relprove library (its lemma names are added from theories/lean)
    "Relprove",
    "Rel",
    "Tuple",
    "Logic",
    // structure-generated names
    "mk",
    "recOn",
    "casesOn",
    "noConfusion",
    "noConfusionType",
    "below",
    "brecOn",
    "ibelow",
    "binductionOn",
    "ext",
    "ext_iff",
    "inj",
    "injEq",
    "sizeOf",
    "sizeOf_spec",
    // names the generator uses
    "A",
    "i",
    "Instance",
    "hierarchy",
    "fields",
    "self",
    "hfacts",
];

/// The library's sources: every `theorem`/`def` name in them is reserved, so
/// generated names never clash with `open Relprove`.
const LIBRARY: &[&str] = &[
    include_str!("../../../../../theories/lean/Relprove/Rel.lean"),
    include_str!("../../../../../theories/lean/Relprove/Laws.lean"),
];

fn library_names() -> impl Iterator<Item = String> {
    LIBRARY.iter().flat_map(|src| {
        src.lines().filter_map(|l| {
            let l = l.trim_start();
            let rest = ["theorem ", "def ", "inductive ", "@[reducible] def "]
                .iter()
                .find_map(|k| l.strip_prefix(k))?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '\'')
                .collect();
            (!name.is_empty()).then_some(name)
        })
    })
}

/// A Lean identifier for an Alloy name (module paths, `$`, quotes replaced).
fn sanitize(name: &str) -> String {
    identifier(name, |c| c.is_ascii_alphabetic())
}

/// Text safe inside a Lean block comment (which nest): no `/-` or `-/`.
fn neutralise_comment(text: &str) -> String {
    text.replace("/-", "/ -").replace("-/", "- /")
}

// ---------------------------------------------------------------------------
// the back end

/// The Lean 4 back end: its syntax and files, for [`Printer`].
pub(super) enum Lean {}

impl Syntax for Lean {
    const PROVER: &'static str = "Lean";
    const REL: &'static str = "Rel.";
    const REL_TYPE: &'static str = "Rel";
    const AND: &'static str = "∧";
    const OR: &'static str = "∨";
    const IMPLIES: &'static str = "→";
    const IFF: &'static str = "↔";
    const NOT: &'static str = "¬ ";
    const FORALL: &'static str = "∀";
    const EXISTS: &'static str = "∃";
    const NEQ: &'static str = "≠";
    const LET_SEP: &'static str = ";";
    const COMMENT_OPEN: &'static str = "/- ";
    const COMMENT_CLOSE: &'static str = " -/";
    const DEFINITION: &'static str = "def";
    const END: &'static str = "";

    fn reserved() -> BTreeSet<String> {
        RESERVED
            .iter()
            .map(|s| s.to_string())
            .chain(library_names())
            .collect()
    }
    fn sanitize(name: &str) -> String {
        sanitize(name)
    }
    fn neutralise(text: &str) -> String {
        neutralise_comment(text)
    }
    fn comment(text: &str) -> String {
        format!("/- {} -/\n", neutralise_comment(text))
    }
    // The atom type is explicit: nothing else may determine it (`no none`).
    fn univ(n: usize) -> D {
        app("@Rel.univ A", vec![num(n)])
    }
    fn none(n: usize) -> D {
        app("@Rel.none A", vec![num(n)])
    }
    fn iden() -> D {
        t("(@Rel.iden A)")
    }
    fn lambda_binders(names: &[String]) -> D {
        let bs: Vec<String> = names.iter().map(|x| format!("({x} : A)")).collect();
        t(bs.join(" "))
    }
    /// `(a = b)`: Alloy's `=` on relations is Lean's equality.
    fn same(_arity: usize, a: D, b: D) -> D {
        t("(")
            .append(a)
            .append(RcDoc::line().append(t("= ")).append(b).nest(1))
            .append(t(")"))
            .group()
    }
    /// `i.Node`: a sig or field is a projection of the structure.
    fn project(record: &str, name: &str) -> D {
        t(format!("{record}.{name}"))
    }
    fn project_member(record: &str, name: &str, x: &str) -> D {
        t(format!("({record}.{name} {x})"))
    }
    fn root_record(field: &str) -> String {
        format!("i.{field}")
    }
}

impl ProofAssistant for Lean {
    const EXT: &'static str = "lean";
    const HEADER_PREFIX: &'static str = HEADER_PREFIX;
    const HEADER_CLOSE: &'static str = "";

    fn model_file_stem(model: &Model) -> String {
        model_file_stem(model)
    }
    fn builtin_templates() -> Templates {
        Templates {
            proofs: PROOFS_TEMPLATE.into(),
            theorem: THEOREM_TEMPLATE.into(),
            counterexample: COUNTEREXAMPLE_TEMPLATE.into(),
        }
    }
    /// The library and the opened modules' files imported and opened, in
    /// a noncomputable section (definitions of propositions and relations
    /// need no code: it spares the compiler) and the file's namespace.
    fn preamble(imports: &[String], file: &str) -> String {
        let mut out = String::from("import Relprove\n");
        for imp in imports {
            out.push_str(&format!("import {imp}\n"));
        }
        out.push_str("\nopen Relprove\n");
        for imp in imports {
            out.push_str(&format!("open {imp}\n"));
        }
        out.push_str(&format!("\nnoncomputable section\n\nnamespace {file}\n\n"));
        out
    }
    /// A `structure`.
    fn record(root: bool, rec: &str, entries: &[(String, String)]) -> String {
        let mut out = String::from(if root {
            "/- An instance: the sigs and fields of the model (and of every opened module). -/\n"
        } else {
            "/- The sigs and fields of this module. -/\n"
        });
        if entries.is_empty() {
            out.push_str(&format!("structure {rec} (A : Type) : Type\n\n"));
        } else {
            let fields: Vec<String> = entries
                .iter()
                .map(|(n, ty)| format!("{n} : {ty}"))
                .collect();
            out.push_str(&format!(
                "structure {rec} (A : Type) : Type where\n  {}\n\n",
                fields.join("\n  ")
            ));
        }
        out
    }
    fn postamble(file: &str) -> String {
        format!("end {file}\n\nend\n")
    }
    fn quote_title(text: &str) -> String {
        neutralise_comment(text)
    }
    /// Split the statement's conjunctions; close each conjunct with one of
    /// the rewriter's theorems (its relations found by unification, the
    /// model's funs unfolded by it).
    fn rewritten_theorem(
        _: &Printer<'_, Lean>,
        cmd: &str,
        name: &str,
        stmt: &str,
        lemmas: &[String],
    ) -> String {
        let close: Vec<String> = lemmas.iter().map(|l| format!("exact {l} ..")).collect();
        format!(
            "/- {cmd} -/\n/- proved by relprove's rewriter -/\ntheorem {name} : {stmt} := by\n  intro A i _hfacts\n  \
             repeat' apply And.intro\n  all_goals first | {}\n",
            close.join(" | ")
        )
    }
    fn states_theorem(proofs_file: &str, name: &str) -> bool {
        proofs_file.contains(&format!("theorem {name} "))
    }
    fn rewrite_proofs(model: &Model, limits: crate::rewrite::Limits) -> super::RewriteProofs {
        proofs::export_proofs(model, limits)
    }
    fn project_files(
        files: &[GeneratedFile],
        opts: &super::ExportOptions,
        report: &mut super::ExportReport,
    ) -> Result<(), Diagnostics> {
        project::lean_project_files(files, opts, report)
    }
}

/// The proofs file around the given theorem skeletons (templates/lean/proofs.lean).
/// `preamble` (the rewriter's theorems, or empty) goes before the theorems.
pub fn proofs_text(
    m: &Model,
    definitions: &str,
    preamble: &str,
    theorems: &[(String, String)],
) -> String {
    let templates = Lean::builtin_templates();
    syntax::proofs_text::<Lean>(&templates, m, definitions, preamble, theorems)
}

// ---------------------------------------------------------------------------
// header and hash

/// How the first line of a generated Lean file (its header) starts.
pub const HEADER_PREFIX: &str = "-- Generated by relprove";

/// For a Lean file: whether it carries relprove's header with its body's
/// hash (`Some(true)`), was edited (`Some(false)`), or is not relprove's
/// (`None`).
pub fn header_intact(contents: &str) -> Option<bool> {
    super::term::header_intact(HEADER_PREFIX, contents)
}
