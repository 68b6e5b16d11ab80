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

use std::collections::{BTreeSet, HashMap};

use pretty::RcDoc;

use relprove_engine::diag::{Diagnostic, Diagnostics, SourceMap, Span};
use relprove_engine::ir::*;

use super::term::{app, appk, err, num, t, Names, Naming, ProofAssistant, VarRepr, D};
use super::{GeneratedFile, RewriteProofs};

mod instance;
mod project;
pub mod proofs;
pub use instance::instance_file;
pub use project::COQ_LIBRARY_DIR;

/// Width the Coq text is laid out at.
pub use super::term::WIDTH;

/// The skeleton templates (templates/coq/ of the source tree, built in).
/// `{{name}}` placeholders: see the files. A user adapts them by copying
/// templates/coq/ somewhere and setting `RELPROVE_TEMPLATES` to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Templates {
    pub proofs: String,
    pub theorem: String,
    pub counterexample: String,
}

impl Templates {
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
    sanitize(
        &model
            .modules
            .first()
            .map(|m| m.name.clone())
            .unwrap_or_else(|| "model".into()),
    )
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
    if s.is_empty() || !(s.as_bytes()[0].is_ascii_alphabetic() || s.as_bytes()[0] == b'_') {
        s.insert(0, 'x');
    }
    s
}

fn reserved() -> BTreeSet<String> {
    RESERVED.iter().map(|s| s.to_string()).collect()
}

/// The Alloy text of a span as a Coq comment (comment delimiters and
/// string quotes neutralised so the comment always closes).
fn source_comment(sources: &SourceMap, span: Span) -> String {
    super::term::source_comment(sources, span, "(* ", " *)\n", |text| {
        text.replace("(*", "( *")
            .replace("*)", "* )")
            .replace('"', "'")
    })
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
    templates: Templates,
    /// The rewriter's proofs.
    rewritten: RewriteProofs,
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
            templates: Templates::builtin(),
            ids,
            rewritten: RewriteProofs::default(),
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
        out.push_str("Require Import Relprove.Relprove.\n");
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
        if !imports.is_empty() {
            out.push_str(&format!("Require Import {}.\n", imports.join(" ")));
        }
        out.push('\n');
        let path = md
            .path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        // An opened module's parameters are arguments of its definitions:
        // its file does not depend on what a model instantiates them with.
        let params: Vec<&str> = md.params.iter().map(|(p, _)| p.as_str()).collect();
        if k == ROOT {
            out.push_str(&format!("(* module {} ({path})", md.name));
        } else if params.is_empty() {
            out.push_str(&format!(
                "(* module {} ({path}): one file shared by every model that opens it",
                md.name
            ));
        } else {
            out.push_str(&format!(
                "(* module {}[{}] ({path}): one file shared by every model that opens it",
                md.name,
                params.join(", ")
            ));
        }
        if k == ROOT && !md.params.is_empty() {
            let ps: Vec<String> = md
                .params
                .iter()
                .map(|(p, s)| format!("{p} := {}", self.m.sig(*s).label))
                .collect();
            out.push_str(&format!(", instantiated with {}", ps.join(", ")));
        }
        out.push_str(" *)\n\n");

        // The record of this module's sigs and fields.
        let mut entries = Vec::new();
        let mut projs = Vec::new();
        if k == ROOT {
            for j in 1..self.m.modules.len() {
                entries.push(format!(
                    "{} : {} A",
                    self.ids.root_field[j], self.ids.record[j]
                ));
                projs.push(self.ids.root_field[j].clone());
            }
        }
        for s in self.m.sig_ids().filter(|s| self.m.sig(*s).module == k) {
            entries.push(format!("{} : rel A 1", self.ids.sig[s.index()]));
            projs.push(self.ids.sig[s.index()].clone());
            for f in self.m.fields_of(s) {
                entries.push(format!(
                    "{} : rel A {}",
                    self.ids.field[f.index()],
                    self.m.field(f).arity
                ));
                projs.push(self.ids.field[f.index()].clone());
            }
        }
        let rec = &self.ids.record[k.index()];
        let mk = if k == ROOT {
            "mkInstance".to_string()
        } else {
            format!("mk_{rec}")
        };
        if entries.is_empty() {
            out.push_str(&format!(
                "Record {rec} (A : Type) : Type := {mk} {{ }}.\n\n"
            ));
        } else {
            out.push_str(&format!(
                "Record {rec} (A : Type) : Type := {mk} {{\n  {}\n}}.\n",
                entries.join(";\n  ")
            ));
            for p in &projs {
                out.push_str(&format!("Arguments {p} {{A}} _.\n"));
            }
            out.push('\n');
        }

        self.module_definitions(k, &mut out);
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
                ("fails", &self.templates.counterexample)
            } else {
                ("holds", &self.templates.theorem)
            };
            let mut name = format!("{}_{suffix}", sanitize(&c.name));
            while self.ids.names.taken.contains(&name) || !used.insert(name.clone()) {
                name.push('\'');
            }
            let cmd = self
                .src
                .snippet(c.span)
                .replace("(*", "( *")
                .replace("*)", "* )")
                .replace('"', "'");
            if let Some(lemmas) = self.rewritten.lemmas.get(&k).filter(|_| !fails) {
                theorems.push((
                    name.clone(),
                    self.rewritten_theorem(cmd.trim(), &name, &stmt, lemmas),
                ));
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
            &self.templates,
            self.m,
            &self.ids.root_name,
            &self.rewritten.preamble,
            theorems,
        )
    }

    /// A complete proof of `stmt` from the rewriter's lemmas: unfold the
    /// facts bundle, the facts, preds and funs; split the facts (and the
    /// antecedents of implications) into their conjuncts and the goal into
    /// its conjuncts; close each goal with one of the lemmas, whose
    /// hypotheses (facts and premises) are conjuncts in the context.
    fn rewritten_theorem(&self, cmd: &str, name: &str, stmt: &str, lemmas: &[String]) -> String {
        // Names of opened modules' files are qualified: the proofs file
        // imports only the root file (which loads, not re-exports, them).
        let q = |k: ModuleId, name: &str| {
            if k == ROOT {
                name.to_string()
            } else {
                format!("{}.{name}", self.ids.file[k.index()])
            }
        };
        let mut unfold: Vec<String> = vec![];
        unfold.extend(
            self.ids
                .module_facts
                .iter()
                .enumerate()
                .map(|(k, n)| q(ModuleId(k as u32), n)),
        );
        unfold.extend(
            self.ids
                .fact
                .iter()
                .zip(&self.m.facts)
                .map(|(n, f)| q(f.module, n)),
        );
        unfold.extend(
            self.ids
                .pred
                .iter()
                .zip(&self.m.preds)
                .map(|(n, p)| q(p.module, n)),
        );
        unfold.extend(
            self.ids
                .fun
                .iter()
                .zip(&self.m.funs)
                .map(|(n, f)| q(f.module, n)),
        );
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
}

impl<'a> ProofAssistant<'a> for Gen<'a> {
    const EXT: &'static str = "v";
    fn for_export(model: &'a Model, sources: &'a SourceMap, proofs: RewriteProofs) -> Self {
        let mut g = Gen::new(model, sources);
        g.templates = Templates::from_env();
        g.rewritten = proofs;
        g
    }
    fn rewrite_proofs(model: &Model, limits: crate::rewrite::Limits) -> RewriteProofs {
        proofs::export_proofs(model, limits)
    }
    fn states_theorem(proofs_file: &str, name: &str) -> bool {
        proofs_file.contains(&format!("Theorem {name} "))
            || proofs_file.contains(&format!("Lemma {name} "))
    }
    fn project_files(
        files: &[GeneratedFile],
        opts: &super::ExportOptions,
        report: &mut super::ExportReport,
    ) -> Result<(), Diagnostics> {
        project::project_files(files, opts, report)
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
        format!("(* {text} *)\n")
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

    fn sanitize(name: &str) -> String {
        sanitize(name)
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
                format!("({} i)", self.ids.root_field[owner.index()])
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
        Ok(app(
            self.ids.sig[id.index()].clone(),
            vec![t(self.inst(owner, span)?)],
        ))
    }

    fn field_ref(&self, id: FieldId, span: Span) -> Result<D, Diagnostic> {
        let owner = self.m.sig(self.m.field(id).sig).module;
        Ok(app(
            self.ids.field[id.index()].clone(),
            vec![t(self.inst(owner, span)?)],
        ))
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
        Ok(app(
            self.ids.sig[id.index()].clone(),
            vec![t(self.inst(owner, span)?), t(x.to_string())],
        ))
    }
}

fn definition(name: &str, binders: D, ty: &str, body: D) -> D {
    t(format!("Definition {name} "))
        .append(binders.nest(4))
        .append(t(format!(" : {ty} :=")))
        .append(RcDoc::line().append(body).nest(2))
        .append(t("."))
        .group()
}

fn statement(name: &str, facts: &str, body: D) -> D {
    t(format!("Definition {name} : Prop :="))
        .append(
            RcDoc::line()
                .append(t(format!(
                    "forall (A : Type) (i : Instance A), {facts} i ->"
                )))
                .append(RcDoc::line().append(body).nest(2))
                .nest(2),
        )
        .append(t("."))
        .group()
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
    templates
        .proofs
        .replace("{{model}}", &m.modules[0].name)
        .replace("{{source}}", &source)
        .replace("{{definitions}}", definitions)
        .replace("{{theorems}}", body.join("\n").trim_end())
}

// ---------------------------------------------------------------------------
// header and hash

pub const HEADER_PREFIX: &str = "(* Generated by relprove";

fn with_header(body: &str, source: &str) -> String {
    super::term::with_header(HEADER_PREFIX, " *)", body, source)
}

/// For a file carrying our header: `Some(true)` if its body still matches
/// the recorded hash, `Some(false)` if someone edited it, `None` if it was
/// not generated by relprove.
pub fn header_intact(contents: &str) -> Option<bool> {
    super::term::header_intact(HEADER_PREFIX, contents)
}
