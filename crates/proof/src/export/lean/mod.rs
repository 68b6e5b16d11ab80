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

use std::collections::{BTreeSet, HashMap};

use pretty::RcDoc;

use relprove_engine::diag::{Diagnostic, Diagnostics, SourceMap, Span};
use relprove_engine::ir::*;

use super::term::{app, err, num, t, Names, Naming, ProofAssistant, VarRepr, D};

/// Width the Lean text is laid out at.
mod project;
pub mod proofs;
pub use project::{find_lean_theories, LEAN_LIBRARY_DIR, LEAN_TOOLCHAIN};

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
    let mut g = Gen::new(model, sources);
    g.rewritten = proofs.clone();
    super::generate(&mut g)
}

/// The root-relative name of a model's Lean files (`<name>.lean`, `<name>_proofs.lean`).
pub fn model_file_stem(model: &Model) -> String {
    let s = sanitize(
        &model
            .modules
            .first()
            .map(|m| m.name.clone())
            .unwrap_or_else(|| "model".into()),
    );
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
    let name = name.rsplit('/').next().unwrap_or(name);
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '\'' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || !s.as_bytes()[0].is_ascii_alphabetic() {
        s.insert(0, 'x');
    }
    s
}

fn reserved() -> BTreeSet<String> {
    RESERVED
        .iter()
        .map(|s| s.to_string())
        .chain(library_names())
        .collect()
}

/// The Alloy text of a span as a Lean block comment (Lean's comment
/// delimiters neutralised so the comment always closes).
fn source_comment(sources: &SourceMap, span: Span) -> String {
    super::term::source_comment(sources, span, "/- ", " -/\n", neutralise_comment)
}

/// Text safe inside a Lean block comment (which nest): no `/-` or `-/`.
fn neutralise_comment(text: &str) -> String {
    text.replace("/-", "/ -").replace("-/", "- /")
}

// ---------------------------------------------------------------------------
// the generator

/// The generator of one model's files, and the prover's syntax.
pub(super) struct Gen<'a> {
    m: &'a Model,
    src: &'a SourceMap,
    errors: Vec<Diagnostic>,
    /// The identifiers of the model's files and declarations.
    ids: Naming,
    /// The rewriter's proofs.
    rewritten: super::RewriteProofs,
    /// Current module whose binders are in scope.
    cur: ModuleId,
    env: HashMap<VarId, VarRepr>,
    scope: Vec<String>,
}

const ROOT: ModuleId = ModuleId(0);

impl<'a> Gen<'a> {
    fn new(m: &'a Model, src: &'a SourceMap) -> Gen<'a> {
        let ids = Naming::new(m, Names::new(reserved(), sanitize), model_file_stem(m));
        Gen {
            ids,
            rewritten: super::RewriteProofs::default(),
            m,
            src,
            errors: Vec::new(),
            cur: ROOT,
            env: HashMap::new(),
            scope: Vec::new(),
        }
    }

    // -- files --------------------------------------------------------------

    fn module_file(&mut self, k: ModuleId) -> String {
        self.cur = k;
        let md = self.m.module(k);
        let mut out = String::new();
        out.push_str("import Relprove\n");
        let imports: Vec<String> = if k == ROOT {
            (1..self.m.modules.len())
                .map(|j| self.ids.file[j].clone())
                .collect()
        } else {
            self.ids.deps[k.index()]
                .iter()
                .filter(|&&d| d != k)
                .map(|d| self.ids.file[d.index()].clone())
                .collect()
        };
        let imports = super::term::dedup(imports);
        for imp in &imports {
            out.push_str(&format!("import {imp}\n"));
        }
        out.push('\n');
        out.push_str("open Relprove\n");
        for imp in &imports {
            out.push_str(&format!("open {imp}\n"));
        }
        out.push('\n');
        let ns = self.ids.file[k.index()].clone();
        // Definitions of propositions and relations need no code: a
        // noncomputable section spares the compiler.
        out.push_str(&format!("noncomputable section\n\nnamespace {ns}\n\n"));
        let path = md
            .path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        // An opened module's parameters are arguments of its definitions:
        // its file does not depend on what a model instantiates them with.
        let params: Vec<&str> = md.params.iter().map(|(p, _)| p.as_str()).collect();
        if k == ROOT {
            out.push_str(&format!(
                "/- module {} ({path})",
                neutralise_comment(&md.name)
            ));
        } else if params.is_empty() {
            out.push_str(&format!(
                "/- module {} ({path}): one file shared by every model that opens it",
                neutralise_comment(&md.name)
            ));
        } else {
            let head = format!("{}[{}]", md.name, params.join(", "));
            out.push_str(&format!(
                "/- module {} ({path}): one file shared by every model that opens it",
                neutralise_comment(&head)
            ));
        }
        if k == ROOT && !md.params.is_empty() {
            let ps: Vec<String> = md
                .params
                .iter()
                .map(|(p, s)| format!("{p} := {}", self.m.sig(*s).label))
                .collect();
            out.push_str(&format!(
                ", instantiated with {}",
                neutralise_comment(&ps.join(", "))
            ));
        }
        out.push_str(" -/\n\n");

        // The structure of this module's sigs and fields.
        let mut entries = Vec::new();
        if k == ROOT {
            for j in 1..self.m.modules.len() {
                entries.push(format!(
                    "{} : {} A",
                    self.ids.root_field[j], self.ids.record[j]
                ));
            }
        }
        for s in self.m.sig_ids().filter(|s| self.m.sig(*s).module == k) {
            entries.push(format!("{} : Rel A 1", self.ids.sig[s.index()]));
            for f in self.m.fields_of(s) {
                entries.push(format!(
                    "{} : Rel A {}",
                    self.ids.field[f.index()],
                    self.m.field(f).arity
                ));
            }
        }
        let rec = &self.ids.record[k.index()];
        out.push_str(if k == ROOT {
            "/- An instance: the sigs and fields of the model (and of every opened module). -/\n"
        } else {
            "/- The sigs and fields of this module. -/\n"
        });
        if entries.is_empty() {
            out.push_str(&format!("structure {rec} (A : Type) : Type\n\n"));
        } else {
            out.push_str(&format!(
                "structure {rec} (A : Type) : Type where\n  {}\n\n",
                entries.join("\n  ")
            ));
        }

        self.module_definitions(k, &mut out);
        out.push_str(&format!("end {ns}\n\nend\n"));
        let body = out.trim_end().to_string() + "\n";
        with_header(&body, &path)
    }

    /// A theorem skeleton per `check` command: (name, text).
    fn theorems(&self) -> Vec<(String, String)> {
        let mut theorems = Vec::new();
        let mut used = BTreeSet::new();
        for (k, c) in self.m.commands.iter().enumerate() {
            if c.kind != CommandKind::Check {
                continue;
            }
            let stmt = match &c.target {
                CommandTarget::Assert(a) => self.ids.statement[a.index()].clone(),
                CommandTarget::Inline(_) => self.inline_statement_name(c),
                CommandTarget::Pred(_) => continue,
            };
            // `expect 1`: a counterexample is expected, so the skeleton is the negation.
            let fails = c.expect == Some(1);
            let (suffix, template) = if fails {
                ("fails", COUNTEREXAMPLE_TEMPLATE)
            } else {
                ("holds", THEOREM_TEMPLATE)
            };
            let mut name = format!("{}_{suffix}", sanitize(&c.name));
            while self.ids.names.taken.contains(&name) || !used.insert(name.clone()) {
                name.push('\'');
            }
            let cmd = neutralise_comment(self.src.snippet(c.span));
            if let Some(lemmas) = self.rewritten.lemmas.get(&k).filter(|_| !fails) {
                // Split the statement's conjunctions; close each conjunct
                // with one of the rewriter's theorems (its relations found
                // by unification, the model's funs unfolded by it).
                let close: Vec<String> = lemmas.iter().map(|l| format!("exact {l} ..")).collect();
                let text = format!(
                    "/- {} -/\n/- proved by relprove's rewriter -/\ntheorem {name} : {stmt} := by\n  intro A i _hfacts\n  \
                     repeat' apply And.intro\n  all_goals first | {}\n",
                    cmd.trim(),
                    close.join(" | ")
                );
                theorems.push((name, text));
                continue;
            }
            let text = template
                .replace("{{command}}", cmd.trim())
                .replace("{{name}}", &name)
                .replace("{{statement}}", &stmt)
                .replace("{{facts}}", &self.ids.module_facts[0]);
            theorems.push((name, text));
        }
        theorems
    }

    fn proofs_file(&self, theorems: &[(String, String)]) -> String {
        proofs_text(
            self.m,
            &self.ids.root_name,
            &self.rewritten.preamble,
            theorems,
        )
    }
}

impl<'a> ProofAssistant<'a> for Gen<'a> {
    const EXT: &'static str = "lean";
    fn for_export(model: &'a Model, sources: &'a SourceMap, proofs: super::RewriteProofs) -> Self {
        let mut g = Gen::new(model, sources);
        g.rewritten = proofs;
        g
    }
    fn rewrite_proofs(model: &Model, limits: crate::rewrite::Limits) -> super::RewriteProofs {
        proofs::export_proofs(model, limits)
    }
    fn states_theorem(proofs_file: &str, name: &str) -> bool {
        proofs_file.contains(&format!("theorem {name} "))
    }
    fn project_files(
        files: &[GeneratedFile],
        opts: &super::ExportOptions,
        report: &mut super::ExportReport,
    ) -> Result<(), Diagnostics> {
        project::lean_project_files(files, opts, report)
    }
    fn problems(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.ids.problems)
    }
    fn module_file(&mut self, k: ModuleId) -> String {
        Gen::module_file(self, k)
    }
    fn theorems(&self) -> Vec<(String, String)> {
        Gen::theorems(self)
    }
    fn proofs_file(&self, theorems: &[(String, String)]) -> String {
        Gen::proofs_file(self, theorems)
    }
    fn comment(text: &str) -> String {
        format!("/- {} -/\n", neutralise_comment(text))
    }
    fn definition_doc(name: &str, binders: D, ty: &str, body: D) -> D {
        definition(name, binders, ty, body)
    }
    fn statement_doc(name: &str, facts: &str, body: D) -> D {
        statement(name, facts, body)
    }
    fn errors_mut(&mut self) -> &mut Vec<Diagnostic> {
        &mut self.errors
    }
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

    fn sanitize(name: &str) -> String {
        sanitize(name)
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

    fn model(&self) -> &'a Model {
        self.m
    }
    fn ids(&self) -> &Naming {
        &self.ids
    }
    fn env(&mut self) -> &mut HashMap<VarId, VarRepr> {
        &mut self.env
    }
    fn scope(&mut self) -> &mut Vec<String> {
        &mut self.scope
    }
    fn in_use(&self, name: &str) -> bool {
        self.ids.taken_in(self.cur, name) || self.scope.iter().any(|s| s == name)
    }
    fn sources(&self) -> &'a SourceMap {
        self.src
    }
    fn enter(&mut self, k: ModuleId) {
        self.cur = k;
    }
    fn source_comment(&self, span: Span) -> String {
        source_comment(self.src, span)
    }

    /// The instance record of module `owner` as seen from the current module.
    fn inst(&self, owner: ModuleId, span: Span) -> Result<String, Diagnostic> {
        if self.cur == ROOT {
            return Ok(if owner == ROOT {
                "i".into()
            } else {
                format!("i.{}", self.ids.root_field[owner.index()])
            });
        }
        if owner == self.cur {
            return Ok("i".into());
        }
        if let Some(b) = self.ids.inst_binder[self.cur.index()].get(&owner) {
            return Ok(b.clone());
        }
        Err(err(
            span,
            format!(
                "module `{}` refers to module `{}`, which it does not open",
                self.m.module(self.cur).name,
                self.m.module(owner).name
            ),
        ))
    }

    fn sig_ref(&self, id: SigId, span: Span) -> Result<D, Diagnostic> {
        if self.cur != ROOT {
            if let Some(k) = self
                .m
                .module(self.cur)
                .params
                .iter()
                .position(|(_, s)| *s == id)
            {
                return Ok(t(self.ids.param_name[self.cur.index()][k].clone()));
            }
        }
        let owner = self.m.sig(id).module;
        Ok(t(format!(
            "{}.{}",
            self.inst(owner, span)?,
            self.ids.sig[id.index()]
        )))
    }

    fn field_ref(&self, id: FieldId, span: Span) -> Result<D, Diagnostic> {
        let owner = self.m.sig(self.m.field(id).sig).module;
        Ok(t(format!(
            "{}.{}",
            self.inst(owner, span)?,
            self.ids.field[id.index()]
        )))
    }

    fn sig_member(&self, id: SigId, x: &str, span: Span) -> Result<D, Diagnostic> {
        if self.cur != ROOT {
            if let Some(k) = self
                .m
                .module(self.cur)
                .params
                .iter()
                .position(|(_, s)| *s == id)
            {
                return Ok(t(format!(
                    "({} {x})",
                    self.ids.param_name[self.cur.index()][k]
                )));
            }
        }
        let owner = self.m.sig(id).module;
        Ok(t(format!(
            "({}.{} {x})",
            self.inst(owner, span)?,
            self.ids.sig[id.index()]
        )))
    }
}

fn definition(name: &str, binders: D, ty: &str, body: D) -> D {
    t(format!("def {name} "))
        .append(binders.nest(4))
        .append(t(format!(" : {ty} :=")))
        .append(RcDoc::line().append(body).nest(2))
        .group()
}

fn statement(name: &str, facts: &str, body: D) -> D {
    t(format!("def {name} : Prop :="))
        .append(
            RcDoc::line()
                .append(t(format!("∀ (A : Type) (i : Instance A), {facts} i →")))
                .append(RcDoc::line().append(body).nest(2))
                .nest(2),
        )
        .group()
}

/// The proofs file around the given theorem skeletons (templates/lean/proofs.lean).
/// `preamble` (the rewriter's theorems, or empty) goes before the theorems.
pub fn proofs_text(
    m: &Model,
    definitions: &str,
    preamble: &str,
    theorems: &[(String, String)],
) -> String {
    let source = m.modules[0]
        .path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut body: Vec<&str> = vec![];
    if !preamble.is_empty() {
        body.push(preamble);
    }
    body.extend(theorems.iter().map(|(_, t)| t.as_str()));
    PROOFS_TEMPLATE
        .replace("{{model}}", &neutralise_comment(&m.modules[0].name))
        .replace("{{source}}", &neutralise_comment(&source))
        .replace("{{definitions}}", definitions)
        .replace("{{theorems}}", body.join("\n").trim_end())
}

// ---------------------------------------------------------------------------
// header and hash

pub const HEADER_PREFIX: &str = "-- Generated by relprove";

fn with_header(body: &str, source: &str) -> String {
    super::term::with_header(HEADER_PREFIX, "", body, source)
}

/// For a file carrying our header: `Some(true)` if its body still matches
/// the recorded hash, `Some(false)` if someone edited it, `None` if it was
/// not generated by relprove.
pub fn header_intact(contents: &str) -> Option<bool> {
    super::term::header_intact(HEADER_PREFIX, contents)
}
