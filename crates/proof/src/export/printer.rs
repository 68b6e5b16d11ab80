//! The one printer of a model's files, [`Printer`], generic over the proof
//! assistant ([`ProofAssistant`], syntax.rs): it owns one model's naming
//! and the printing state (the module whose binders are in scope, the
//! variables bound, the errors found), lays out each definitions file
//! around the prover's preamble and record, prints the declarations (preds,
//! funs, facts, the sig hierarchy, field declarations, statements) and the
//! theorems of the proofs file. The walk of expressions and formulas is
//! walk.rs, a second `impl` of the same struct.

use std::collections::{BTreeSet, HashMap};
use std::marker::PhantomData;

use pretty::RcDoc;

use relprove_engine::diag::{Diagnostic, SourceMap, Span};
use relprove_engine::ir::*;

use super::syntax::{proofs_text, ProofAssistant, Templates};
use super::term::{
    app, appk, binder_block, connective, dedup, err, intersperse, ordered_items, paragraph_span,
    render, source_comment, t, with_header, Item, Names, Naming, VarRepr, D,
};
use super::RewriteProofs;

/// The root module's id.
pub(super) const ROOT: ModuleId = ModuleId(0);

/// The printer of one model's files for the proof assistant `P`.
pub(super) struct Printer<'a, P> {
    pub(super) m: &'a Model,
    pub(super) src: &'a SourceMap,
    pub(super) errors: Vec<Diagnostic>,
    /// The identifiers of the model's files and declarations.
    pub(super) ids: Naming,
    pub(super) templates: Templates,
    /// The rewriter's proofs.
    pub(super) rewritten: RewriteProofs,
    /// Current module whose binders are in scope.
    pub(super) cur: ModuleId,
    /// The representation of the variables in scope.
    pub(super) env: HashMap<VarId, VarRepr>,
    /// The binder names in scope, innermost last.
    pub(super) scope: Vec<String>,
    prover: PhantomData<P>,
}

impl<'a, P: ProofAssistant> Printer<'a, P> {
    /// A printer with the built-in templates and no proofs from the rewriter.
    pub(super) fn new(m: &'a Model, src: &'a SourceMap) -> Printer<'a, P> {
        let ids = Naming::new(
            m,
            Names::new(P::reserved(), P::sanitize),
            P::model_file_stem(m),
        );
        Printer {
            m,
            src,
            errors: Vec::new(),
            ids,
            templates: P::builtin_templates(),
            rewritten: RewriteProofs::default(),
            cur: ROOT,
            env: HashMap::new(),
            scope: Vec::new(),
            prover: PhantomData,
        }
    }

    /// The printer `relprove export` uses for `model`, whose proofs file
    /// closes the checks in `proofs` with the rewriter's lemmas.
    pub(super) fn for_export(
        model: &'a Model,
        sources: &'a SourceMap,
        proofs: RewriteProofs,
    ) -> Printer<'a, P> {
        let mut g = Printer::new(model, sources);
        g.templates = P::export_templates();
        g.rewritten = proofs;
        g
    }

    /// Naming problems found before rendering (clashing module files).
    pub(super) fn problems(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.ids.problems)
    }

    /// The file stem of module `k` (of the root for `ROOT`).
    pub(super) fn file_stem(&self, k: ModuleId) -> &str {
        &self.ids.file[k.index()]
    }

    // -- files ---------------------------------------------------------------

    /// The definitions file of module `k`: the prover's preamble, a heading
    /// naming the module, the record of its sigs and fields, its
    /// definitions ([`Self::module_definitions`]), under relprove's header.
    pub(super) fn module_file(&mut self, k: ModuleId) -> String {
        self.cur = k;
        let md = self.m.module(k);
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
        let file = self.ids.file[k.index()].clone();
        let mut out = P::preamble(&dedup(imports), &file);
        let path = md
            .path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        out.push_str(&P::comment(&self.heading(k, &path)));
        out.push('\n');
        out.push_str(&P::record(
            k == ROOT,
            &self.ids.record[k.index()],
            &self.record_entries(k),
        ));
        self.module_definitions(k, &mut out);
        out.push_str(&P::postamble(&file));
        let body = out.trim_end().to_string() + "\n";
        with_header(P::HEADER_PREFIX, P::HEADER_CLOSE, &body, &path)
    }

    /// The heading of module `k`'s file (`path`: its source file). An opened
    /// module's parameters are arguments of its definitions: its file does
    /// not depend on what a model instantiates them with.
    fn heading(&self, k: ModuleId, path: &str) -> String {
        let md = self.m.module(k);
        let params: Vec<&str> = md.params.iter().map(|(p, _)| p.as_str()).collect();
        let mut text = if k == ROOT {
            format!("module {} ({path})", md.name)
        } else if params.is_empty() {
            format!(
                "module {} ({path}): one file shared by every model that opens it",
                md.name
            )
        } else {
            format!(
                "module {}[{}] ({path}): one file shared by every model that opens it",
                md.name,
                params.join(", ")
            )
        };
        if k == ROOT && !md.params.is_empty() {
            let ps: Vec<String> = md
                .params
                .iter()
                .map(|(p, s)| format!("{p} := {}", self.m.sig(*s).label))
                .collect();
            text.push_str(&format!(", instantiated with {}", ps.join(", ")));
        }
        text
    }

    /// The entries (name, type) of module `k`'s record: for the root one
    /// record per opened module, then the module's sigs, each followed by
    /// its fields.
    fn record_entries(&self, k: ModuleId) -> Vec<(String, String)> {
        let mut entries = Vec::new();
        if k == ROOT {
            for j in 1..self.m.modules.len() {
                entries.push((
                    self.ids.root_field[j].clone(),
                    format!("{} A", self.ids.record[j]),
                ));
            }
        }
        for s in self.m.sig_ids().filter(|s| self.m.sig(*s).module == k) {
            entries.push((
                self.ids.sig[s.index()].clone(),
                format!("{} A 1", P::REL_TYPE),
            ));
            for f in self.m.fields_of(s) {
                entries.push((
                    self.ids.field[f.index()].clone(),
                    format!("{} A {}", P::REL_TYPE, self.m.field(f).arity),
                ));
            }
        }
        entries
    }

    /// A theorem per `check` command (name, text): a proof from the
    /// rewriter's lemmas where it found one, else the template's skeleton.
    pub(super) fn theorems(&self) -> Vec<(String, String)> {
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
            let mut name = format!("{}_{suffix}", P::sanitize(&c.name));
            while self.ids.names.taken.contains(&name) || !used.insert(name.clone()) {
                name.push('\'');
            }
            let cmd = P::neutralise(self.src.snippet(c.span));
            if let Some(lemmas) = self.rewritten.lemmas.get(&k).filter(|_| !fails) {
                let text = P::rewritten_theorem(self, cmd.trim(), &name, &stmt, lemmas);
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

    /// The proofs file around the given theorems.
    pub(super) fn proofs_file(&self, theorems: &[(String, String)]) -> String {
        proofs_text::<P>(
            &self.templates,
            self.m,
            &self.ids.root_name,
            &self.rewritten.preamble,
            theorems,
        )
    }

    // -- references to the model ----------------------------------------------

    /// Make module `k`'s binders the ones in scope.
    pub(super) fn enter(&mut self, k: ModuleId) {
        self.cur = k;
    }

    /// Make the root module's binders the ones in scope.
    pub(super) fn enter_root(&mut self) {
        self.enter(ROOT);
    }

    /// Whether a binder may not be named `name` (a global name or one in scope).
    pub(super) fn in_use(&self, name: &str) -> bool {
        self.ids.taken_in(self.cur, name) || self.scope.iter().any(|s| s == name)
    }

    /// A comment quoting the source text at `span`.
    pub(super) fn source_comment(&self, span: Span) -> String {
        let close = format!("{}\n", P::COMMENT_CLOSE);
        source_comment(self.src, span, P::COMMENT_OPEN, &close, P::neutralise)
    }

    /// The instance record of module `owner` as seen from the current module.
    pub(super) fn inst(&self, owner: ModuleId, span: Span) -> Result<String, Diagnostic> {
        if self.cur == ROOT {
            return Ok(if owner == ROOT {
                "i".into()
            } else {
                P::root_record(&self.ids.root_field[owner.index()])
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

    /// The binder of sig `id` when it is a parameter of the current module.
    fn param(&self, id: SigId) -> Option<&str> {
        if self.cur == ROOT {
            return None;
        }
        let k = self
            .m
            .module(self.cur)
            .params
            .iter()
            .position(|(_, s)| *s == id)?;
        Some(&self.ids.param_name[self.cur.index()][k])
    }

    pub(super) fn sig_ref(&self, id: SigId, span: Span) -> Result<D, Diagnostic> {
        if let Some(p) = self.param(id) {
            return Ok(t(p.to_string()));
        }
        let owner = self.m.sig(id).module;
        Ok(P::project(
            &self.inst(owner, span)?,
            &self.ids.sig[id.index()],
        ))
    }

    pub(super) fn field_ref(&self, id: FieldId, span: Span) -> Result<D, Diagnostic> {
        let owner = self.m.sig(self.m.field(id).sig).module;
        Ok(P::project(
            &self.inst(owner, span)?,
            &self.ids.field[id.index()],
        ))
    }

    /// `sig x`: atom `x` belongs to sig `id`.
    pub(super) fn sig_member(&self, id: SigId, x: &str, span: Span) -> Result<D, Diagnostic> {
        if let Some(p) = self.param(id) {
            return Ok(t(format!("({p} {x})")));
        }
        let owner = self.m.sig(id).module;
        Ok(P::project_member(
            &self.inst(owner, span)?,
            &self.ids.sig[id.index()],
            x,
        ))
    }

    // -- declarations ----------------------------------------------------------

    /// Append `d` (or record its error) after a comment quoting `span`;
    /// clears the variables in scope.
    pub(super) fn emit(&mut self, out: &mut String, span: Span, d: Result<D, Diagnostic>) {
        match d {
            Ok(d) => {
                out.push_str(&self.source_comment(span));
                out.push_str(&render(&d));
                out.push_str("\n\n");
            }
            Err(e) => self.errors.push(e),
        }
        self.env.clear();
        self.scope.clear();
    }
    /// A pred, fun or fact of module `k` as a definition over the module's
    /// context and the given parameters.
    pub(super) fn callable(
        &mut self,
        k: ModuleId,
        name: &str,
        params: &[Param],
        result_arity: Option<usize>,
        body: impl FnOnce(&mut Self) -> Result<D, Diagnostic>,
    ) -> Result<D, Diagnostic> {
        self.enter(k);
        let mut bs = vec![self.ctx_binders(k)];
        for p in params {
            let x = self.bind(p.var, false);
            bs.push(t(format!(
                "({x} : {} A {})",
                P::REL_TYPE,
                p.decl.bound.arity
            )));
        }
        let ty = match result_arity {
            Some(n) => format!("{} A {n}", P::REL_TYPE),
            None => "Prop".into(),
        };
        let b = body(self)?;
        Ok(P::definition_doc(
            name,
            intersperse(bs, RcDoc::line()).group(),
            &ty,
            b,
        ))
    }

    /// The statement name of an inline `check { ... }`.
    pub(super) fn inline_statement_name(&self, c: &Command) -> String {
        let k = self
            .m
            .commands
            .iter()
            .position(|x| std::ptr::eq(x, c))
            .expect("a command of this model");
        self.ids.inline_stmt[k].clone().unwrap_or_default()
    }

    /// Everything of module `k` after its record, the same for every back
    /// end: preds and funs (callees first), facts, the module's fact bundle;
    /// for the root also the sig hierarchy, field declarations, the bundle
    /// of everything the model assumes, and one statement per assertion and
    /// inline check.
    pub(super) fn module_definitions(&mut self, k: ModuleId, out: &mut String) {
        let m = self.m;
        let mut errors = Vec::new();
        let items = ordered_items(m, k, P::PROVER, &mut errors);
        self.errors.extend(errors);
        for item in items {
            match item {
                Item::Pred(p) => {
                    let pred = m.pred(p);
                    let name = self.ids.pred[p.index()].clone();
                    let d = self.callable(k, &name, &pred.params, None, |g| g.formula(&pred.body));
                    self.emit(out, paragraph_span(self.src, pred.span, pred.body.span), d);
                }
                Item::Fun(f) => {
                    let fun = m.fun(f);
                    let name = self.ids.fun[f.index()].clone();
                    let d =
                        self.callable(k, &name, &fun.params, Some(fun.result.bound.arity), |g| {
                            g.expr(&fun.body)
                        });
                    self.emit(out, paragraph_span(self.src, fun.span, fun.body.span), d);
                }
            }
        }
        let facts: Vec<FactId> = (0..m.facts.len() as u32)
            .map(FactId)
            .filter(|f| m.facts[f.index()].module == k)
            .collect();
        for &f in &facts {
            let fact = &m.facts[f.index()];
            let name = self.ids.fact[f.index()].clone();
            let d = self.callable(k, &name, &[], None, |g| g.formula(&fact.body));
            self.emit(out, fact.span, d);
        }
        let call = |g: &Self, name: &str| {
            app(
                name.to_string(),
                g.ctx_args(k, Span::DUMMY).unwrap_or_default(),
            )
        };
        let root = ModuleId(0);
        if k == root {
            let h = self.hierarchy();
            out.push_str(&P::comment("The sig hierarchy: top-level sigs and siblings are disjoint, subsigs are\n   included in their parents, abstract sigs are covered by their children,\n   and sig multiplicities hold."));
            let d =
                h.map(|body| P::definition_doc("hierarchy", self.ctx_binders(root), "Prop", body));
            self.emit(out, Span::DUMMY, d);
            let fl = self.field_decls();
            out.push_str(&P::comment("Field declarations: each field relates atoms of its sig to its bound,\n   with the declared multiplicities."));
            let d =
                fl.map(|body| P::definition_doc("fields", self.ctx_binders(root), "Prop", body));
            self.emit(out, Span::DUMMY, d);
            let mut parts = vec![t("(hierarchy i)"), t("(fields i)")];
            for j in 1..m.modules.len() {
                self.enter_root();
                if let Ok(args) = self.ctx_args(ModuleId(j as u32), Span::DUMMY) {
                    parts.push(app(self.ids.module_facts[j].clone(), args));
                }
            }
            for &f in &facts {
                parts.push(call(self, &self.ids.fact[f.index()]));
            }
            let facts_name = self.ids.module_facts[0].clone();
            out.push_str(&P::comment("Everything the model assumes: sig hierarchy, field declarations, and the\n   facts of every module."));
            out.push_str(&render(&P::definition_doc(
                &facts_name,
                self.ctx_binders(root),
                "Prop",
                connective(P::AND, parts, "True"),
            )));
            out.push_str("\n\n");
            for (a, asrt) in m.asserts.iter().enumerate() {
                let name = self.ids.statement[a].clone();
                let d = self
                    .formula(&asrt.body)
                    .map(|body| P::statement_doc(&name, &facts_name, body));
                self.emit(out, paragraph_span(self.src, asrt.span, asrt.body.span), d);
            }
            for c in &m.commands {
                if let (CommandKind::Check, CommandTarget::Inline(f)) = (c.kind, &c.target) {
                    let name = self.inline_statement_name(c);
                    let d = self
                        .formula(f)
                        .map(|body| P::statement_doc(&name, &facts_name, body));
                    self.emit(out, c.span, d);
                }
            }
        } else {
            let parts: Vec<D> = facts
                .iter()
                .map(|&f| call(self, &self.ids.fact[f.index()]))
                .collect();
            let name = self.ids.module_facts[k.index()].clone();
            out.push_str(&P::comment(&format!(
                "The facts of module {}.",
                m.module(k).name
            )));
            out.push_str(&render(&P::definition_doc(
                &name,
                self.ctx_binders(k),
                "Prop",
                connective(P::AND, parts, "True"),
            )));
            out.push_str("\n\n");
        }
    }

    /// Binders `{A : Type} (i : ...) ...` of definitions in module `k`.
    pub(super) fn ctx_binders(&self, k: ModuleId) -> D {
        let mut bs = vec![t("{A : Type}")];
        if k == ModuleId(0) {
            bs.push(t("(i : Instance A)"));
        } else {
            for &d in &self.ids.deps[k.index()] {
                let name = if d == k {
                    "i".to_string()
                } else {
                    self.ids.inst_binder[k.index()][&d].clone()
                };
                bs.push(t(format!("({name} : {} A)", self.ids.record[d.index()])));
            }
            for p in &self.ids.param_name[k.index()] {
                bs.push(t(format!("({p} : {} A 1)", P::REL_TYPE)));
            }
        }
        intersperse(bs, RcDoc::line()).group()
    }

    /// Arguments that instantiate the binders of module `k` from the current module.
    pub(super) fn ctx_args(&self, k: ModuleId, span: Span) -> Result<Vec<D>, Diagnostic> {
        if k == ModuleId(0) {
            return Ok(vec![t("i")]);
        }
        let mut args = Vec::new();
        for &d in &self.ids.deps[k.index()] {
            args.push(t(self.inst(d, span)?));
        }
        for (_, s) in &self.m.module(k).params {
            args.push(self.sig_ref(*s, span)?);
        }
        Ok(args)
    }

    /// `bound x`: atom `x` belongs to the unary expression `bound`.
    pub(super) fn member(&mut self, bound: &Expr, x: &str) -> Result<D, Diagnostic> {
        match &bound.kind {
            ExprKind::Sig(id) => self.sig_member(*id, x, bound.span),
            ExprKind::Var(v) => match self.env.get(v) {
                Some(VarRepr::Rel(r)) => Ok(t(format!("({r} {x})"))),
                _ => Ok(t("(")
                    .append(self.expr(bound)?)
                    .append(t(format!(" {x})")))
                    .group()),
            },
            _ => Ok(t("(")
                .append(self.expr(bound)?)
                .append(t(format!(" {x})")))
                .group()),
        }
    }

    // -- declarations -------------------------------------------------------

    /// The sig hierarchy: top-level sigs and siblings disjoint, subsigs
    /// included in their parents, abstract sigs covered by their children,
    /// sig multiplicities.
    pub(super) fn hierarchy(&mut self) -> Result<D, Diagnostic> {
        self.enter_root();
        let m = self.m;
        let mut parts = Vec::new();
        let sref = |g: &Self, s: SigId| g.sig_ref(s, Span::DUMMY);
        let union_of = |g: &Self, ss: &[SigId]| -> Result<D, Diagnostic> {
            let mut it = ss.iter();
            let mut d = sref(g, *it.next().expect("non-empty"))?;
            for s in it {
                d = appk(format!("{}union", P::REL), &[1], vec![d, sref(g, *s)?]);
            }
            Ok(d)
        };
        let disjoint = |g: &Self, ss: &[SigId], parts: &mut Vec<D>| -> Result<(), Diagnostic> {
            for (p, a) in ss.iter().enumerate() {
                for b in &ss[p + 1..] {
                    parts.push(appk(
                        format!("{}no", P::REL),
                        &[1],
                        vec![appk(
                            format!("{}inter", P::REL),
                            &[1],
                            vec![sref(g, *a)?, sref(g, *b)?],
                        )],
                    ));
                }
            }
            Ok(())
        };
        let tops: Vec<SigId> = m.top_level_sigs().collect();
        disjoint(self, &tops, &mut parts)?;
        for s in m.sig_ids() {
            let sig = m.sig(s);
            if sig.in_int {
                return Err(err(
                    sig.span,
                    format!(
                        "the {} export does not support a subset sig of `Int` (integer atoms)",
                        P::PROVER
                    ),
                ));
            }
            match &sig.kind {
                SigKind::TopLevel => {}
                SigKind::Extends(p) => parts.push(appk(
                    format!("{}incl", P::REL),
                    &[1],
                    vec![sref(self, s)?, sref(self, *p)?],
                )),
                SigKind::Subset(ps) if !ps.is_empty() => parts.push(appk(
                    format!("{}incl", P::REL),
                    &[1],
                    vec![sref(self, s)?, union_of(self, ps)?],
                )),
                SigKind::Subset(_) => {}
            }
            let children: Vec<SigId> = m.children(s).collect();
            disjoint(self, &children, &mut parts)?;
            if sig.is_abstract && !children.is_empty() {
                parts.push(appk(
                    format!("{}incl", P::REL),
                    &[1],
                    vec![sref(self, s)?, union_of(self, &children)?],
                ));
            }
            if let Some(mult) = sig.mult {
                if mult != Mult::Set {
                    parts.push(appk(
                        P::mult_pred(mult, sig.span)?,
                        &[1],
                        vec![sref(self, s)?],
                    ));
                }
            }
        }
        Ok(connective(P::AND, parts, "True"))
    }

    /// Field declarations: each field relates atoms of its sig to its
    /// bound, with the declared multiplicities; `disj` fields are disjoint.
    /// `forall this : A, this in sig -> (body conjoined)`: a constraint
    /// on every atom of `sig` (field multiplicities, `disj` fields).
    fn for_each_atom(
        &mut self,
        sig: SigId,
        span: Span,
        this: &str,
        body: Vec<D>,
    ) -> Result<D, Diagnostic> {
        let sig_expr = Expr::new(ExprKind::Sig(sig), 1, span);
        let guard = self.member(&sig_expr, this)?;
        Ok(binder_block(
            P::FORALL,
            t(format!("{this} : A")),
            ",",
            connective(
                P::IMPLIES,
                vec![guard, connective(P::AND, body, "True")],
                "True",
            ),
        ))
    }

    pub(super) fn field_decls(&mut self) -> Result<D, Diagnostic> {
        self.enter_root();
        let m = self.m;
        let mut parts = Vec::new();
        for fid in m.field_ids() {
            let f = m.field(fid);
            if f.disj_values {
                // Refused rather than dropped: the export would state a
                // weaker model than the one checked.
                return Err(err(
                    f.span,
                    format!(
                        "`{}: disj ...` is not supported by the {} export",
                        f.name,
                        P::PROVER
                    ),
                )
                .hint("state the disjointness as a fact: `all disj a, b: S | no a.f & b.f`"));
            }
            let fr = self.field_ref(fid, f.span)?;
            let s = self.sig_ref(f.sig, f.span)?;
            parts.push(appk(
                format!("{}incl", P::REL),
                &[f.arity],
                vec![
                    fr.clone(),
                    appk(
                        format!("{}product", P::REL),
                        &[1, f.arity - 1],
                        vec![s.clone(), P::univ(f.arity - 1)],
                    ),
                ],
            ));
            let this = self.bind(f.this_var, true);
            let joined = Expr::new(
                ExprKind::Join(
                    Box::new(Expr::new(ExprKind::Var(f.this_var), 1, f.span)),
                    Box::new(Expr::new(ExprKind::Field(fid), f.arity, f.span)),
                ),
                f.arity - 1,
                f.span,
            );
            let mut inner = vec![self.in_formula(&joined, &f.decl.bound)?];
            if f.decl.mult != Mult::Set {
                let dj = self.expr(&joined)?;
                inner.push(appk(
                    P::mult_pred(f.decl.mult, f.span)?,
                    &[f.arity - 1],
                    vec![dj],
                ));
            }
            self.unbind(1);
            parts.push(self.for_each_atom(f.sig, f.span, &this, inner)?);
        }
        // `disj f, g: e`: for each atom of the sig, the fields' values are
        // disjoint. Fields of one declaration share their `decl_group`.
        let mut groups: Vec<Vec<FieldId>> = Vec::new();
        for fid in m.field_ids() {
            let f = m.field(fid);
            if !f.disj {
                continue;
            }
            let same_decl = groups
                .last()
                .and_then(|g| g.last())
                .is_some_and(|&prev| m.field(prev).decl_group == f.decl_group);
            if same_decl {
                groups.last_mut().expect("non-empty").push(fid);
            } else {
                groups.push(vec![fid]);
            }
        }
        for g in groups.iter().filter(|g| g.len() > 1) {
            let f0 = m.field(g[0]);
            let this = self.bind(f0.this_var, true);
            let mut disj = Vec::new();
            for (p, &a) in g.iter().enumerate() {
                for &b in &g[p + 1..] {
                    let n = m.field(a).arity - 1;
                    // `this.fid`: the field's value at the atom.
                    let at_this = |fid: FieldId| -> Result<D, Diagnostic> {
                        Ok(appk(
                            format!("{}join", P::REL),
                            &[0, n],
                            vec![
                                app(format!("{}single", P::REL), vec![t(this.clone())]),
                                self.field_ref(fid, f0.span)?,
                            ],
                        ))
                    };
                    let (ja, jb) = (at_this(a)?, at_this(b)?);
                    disj.push(appk(
                        format!("{}no", P::REL),
                        &[n],
                        vec![appk(format!("{}inter", P::REL), &[n], vec![ja, jb])],
                    ));
                }
            }
            self.unbind(1);
            parts.push(self.for_each_atom(f0.sig, f0.span, &this, disj)?);
        }
        self.env.clear();
        Ok(connective(P::AND, parts, "True"))
    }
}
