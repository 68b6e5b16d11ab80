//! What differs between the proof assistants, and nothing else: [`Syntax`]
//! (tokens, reserved words, identifiers, `univ`/`none`/`iden`, equality,
//! references into an instance record, comments, definition layout) and
//! [`ProofAssistant`] (the files: imports, the record of a module's sigs
//! and fields, headers, proofs skeletons, project files). The Coq and Lean
//! back ends are each an uninhabited type implementing both
//! (`coq::Coq`, `lean::Lean`); [`super::printer::Printer`] does everything
//! else once, for either.

use std::collections::BTreeSet;

use pretty::RcDoc;

use relprove_engine::diag::{Diagnostic, Diagnostics, Span};
use relprove_engine::ir::{Model, Mult};

use super::printer::Printer;
use super::term::{err, t, D};
use super::{ExportOptions, ExportReport, GeneratedFile, RewriteProofs};
use crate::rewrite::Limits;

/// A prover's skeleton templates of the proofs file, of a theorem and of a
/// refutation (for a check expected to fail); Coq's may be replaced by the
/// user ([`Templates::from_env`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Templates {
    /// The proofs file (`{{model}}`, `{{source}}`, `{{definitions}}`,
    /// `{{theorems}}` filled in).
    pub proofs: String,
    /// A theorem for a check expected to hold.
    pub theorem: String,
    /// A refutation, for a check with `expect 1`.
    pub counterexample: String,
}

/// A prover's surface syntax for terms, formulas and definitions.
pub(super) trait Syntax {
    /// The prover's name in error messages (`Coq`, `Lean`).
    const PROVER: &'static str;
    /// Prefix of the library's relational operators (`""`, `"Rel."`).
    const REL: &'static str;
    /// The library's relation type (`rel`, `Rel`).
    const REL_TYPE: &'static str;
    const AND: &'static str;
    const OR: &'static str;
    const IMPLIES: &'static str;
    const IFF: &'static str;
    /// Negation, with its trailing space.
    const NOT: &'static str;
    const FORALL: &'static str;
    const EXISTS: &'static str;
    /// Disequality of atoms.
    const NEQ: &'static str;
    /// What separates a `let` value from its body (`" in"`, `";"`).
    const LET_SEP: &'static str;

    /// The words no generated identifier may be: keywords, library names,
    /// names the printer uses.
    fn reserved() -> BTreeSet<String>;
    /// An identifier for an Alloy name.
    fn sanitize(name: &str) -> String;
    /// Text made safe inside one of the prover's comments (so that the
    /// comment always closes).
    fn neutralise(text: &str) -> String;
    /// What opens and closes a comment.
    const COMMENT_OPEN: &'static str;
    const COMMENT_CLOSE: &'static str;
    /// `text` as a comment (ends with a newline).
    fn comment(text: &str) -> String;
    /// `univ` and `none` of arity `n`, and `iden`.
    fn univ(n: usize) -> D;
    fn none(n: usize) -> D;
    fn iden() -> D;
    /// The binders of a set comprehension `fun xs => ...` (atoms).
    fn lambda_binders(names: &[String]) -> D;
    /// Alloy's `a = b` on relations of the given arity.
    fn same(arity: usize, a: D, b: D) -> D;
    /// The relation `name` of the instance record `record` (a sig or field).
    fn project(record: &str, name: &str) -> D;
    /// `record.name x`: atom `x` belongs to the sig `name` of `record`.
    fn project_member(record: &str, name: &str, x: &str) -> D;
    /// The root instance's record of an opened module, its field `field`.
    fn root_record(field: &str) -> String;
    /// The keyword of a definition (`Definition`, `def`), and what ends one.
    const DEFINITION: &'static str;
    const END: &'static str;

    /// `name binders : ty := body` as a top-level definition.
    fn definition_doc(name: &str, binders: D, ty: &str, body: D) -> D {
        let d = t(format!("{} {name} ", Self::DEFINITION))
            .append(binders.nest(4))
            .append(t(format!(" : {ty} :=")))
            .append(RcDoc::line().append(body).nest(2));
        Self::end(d)
    }
    /// The statement of an assertion: for every instance satisfying `facts`, `body`.
    fn statement_doc(name: &str, facts: &str, body: D) -> D {
        let d = t(format!("{} {name} : Prop :=", Self::DEFINITION)).append(
            RcDoc::line()
                .append(t(format!(
                    "{} (A : Type) (i : Instance A), {facts} i {}",
                    Self::FORALL,
                    Self::IMPLIES
                )))
                .append(RcDoc::line().append(body).nest(2))
                .nest(2),
        );
        Self::end(d)
    }
    /// A definition `d` ended, as one group.
    fn end(d: D) -> D {
        if Self::END.is_empty() {
            d.group()
        } else {
            d.append(t(Self::END)).group()
        }
    }

    /// The library predicate of a formula multiplicity (`one`, `lone`, `some`).
    fn mult_pred(m: Mult, span: Span) -> Result<String, Diagnostic> {
        Ok(match m {
            Mult::One => format!("{}one", Self::REL),
            Mult::Lone => format!("{}lone", Self::REL),
            Mult::Some => format!("{}some", Self::REL),
            Mult::Set => return Err(err(span, "internal: `set` used as a formula multiplicity")),
        })
    }
}

/// A prover's files: the layout of a definitions file around the printed
/// definitions, its header, the proofs file and the project files.
pub(super) trait ProofAssistant: Syntax + Sized {
    /// File name extension (`v`, `lean`).
    const EXT: &'static str;
    /// The start of relprove's header line, and what closes it.
    const HEADER_PREFIX: &'static str;
    const HEADER_CLOSE: &'static str;

    /// The root-relative name of a model's files.
    fn model_file_stem(model: &Model) -> String;
    /// The skeleton templates built in, and those `relprove export` uses.
    fn builtin_templates() -> Templates;
    fn export_templates() -> Templates {
        Self::builtin_templates()
    }
    /// The start of a definitions file: the library and `imports` (the files
    /// of opened modules) imported, up to the module's heading; `file` is
    /// the file's own stem.
    fn preamble(imports: &[String], file: &str) -> String;
    /// The declaration of `record`, the module's sigs and fields (`entries`:
    /// name and type; for the root also a record per opened module).
    fn record(root: bool, record: &str, entries: &[(String, String)]) -> String;
    /// What closes a definitions file whose stem is `file`.
    fn postamble(file: &str) -> String;
    /// The model's name or source file made safe where the proofs template
    /// puts them.
    fn quote_title(text: &str) -> String;
    /// A theorem proving `stmt` from the rewriter's lemmas.
    fn rewritten_theorem(
        p: &Printer<'_, Self>,
        cmd: &str,
        name: &str,
        stmt: &str,
        lemmas: &[String],
    ) -> String;
    /// Whether the text of an existing proofs file states the theorem `name`.
    fn states_theorem(proofs_file: &str, name: &str) -> bool;
    /// The rewriter's proofs of the model's checks (prover-neutral, from
    /// [`crate::rewrite::prove_checks`]) printed for this prover.
    fn rewrite_proofs(model: &Model, limits: Limits) -> RewriteProofs;
    /// The project files (`_CoqProject`, `lakefile.lean`, ...) that build
    /// the generated `files` in `opts.out_dir`.
    fn project_files(
        files: &[GeneratedFile],
        opts: &ExportOptions,
        report: &mut ExportReport,
    ) -> Result<(), Diagnostics>;
}

/// The proofs file: `templates.proofs` with the model's name, its source
/// file, the definitions file and the theorems (after `preamble`, the
/// rewriter's lemmas, if any) filled in.
pub(super) fn proofs_text<P: ProofAssistant>(
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
        .replace("{{model}}", &P::quote_title(&m.modules[0].name))
        .replace("{{source}}", &P::quote_title(&source))
        .replace("{{definitions}}", definitions)
        .replace("{{theorems}}", body.join("\n").trim_end())
}
