//! Namespaces of module instances and name lookup.
//!
//! Alloy's rules, as relprove applies them: local variables shadow
//! everything; inside sig facts and field declarations the fields of the sig
//! (and its ancestors) mean `this.field`; otherwise an unqualified name may
//! denote sigs, fields, funs and preds of this module or of any module it
//! reaches through `open`s (sigs of this module hide same-named sigs of
//! opened modules). A qualified name `alias/x` looks only in the opened
//! module `alias` (`this/x` in the current one).

use std::collections::BTreeMap;
use std::path::Path;

use super::error::{suggest, ResolveError};
use super::types::Type;
use super::Resolver;
use crate::diag::Span;
use crate::ir::{AssertId, FieldId, FunId, ModuleId, PredId, SigId, SigKind, VarId};
use crate::syntax::ast;

type R<T> = Result<T, ResolveError>;

/// The names one module instance declares.
#[derive(Default)]
pub(super) struct Namespace {
    /// Declared sigs and module parameters (bound to the argument sigs).
    pub sigs: BTreeMap<String, (SigId, Span)>,
    pub fields: BTreeMap<String, Vec<FieldId>>,
    pub funs: BTreeMap<String, Vec<FunId>>,
    pub preds: BTreeMap<String, Vec<PredId>>,
    pub asserts: BTreeMap<String, (AssertId, Span)>,
    pub aliases: BTreeMap<String, (ModuleId, Span)>,
    /// Module parameters bound to a built-in sig (`open m[Int]`): no
    /// declared sig stands for them, so they are looked up here first.
    pub builtin_params: BTreeMap<String, (BuiltinArg, Span)>,
}

/// A built-in sig the Analyzer accepts as a module argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum BuiltinArg {
    Int,
    Univ,
}

impl BuiltinArg {
    /// The built-in sig a name written as a module argument denotes.
    pub(super) fn named(name: &str) -> Option<BuiltinArg> {
        match name {
            "Int" => Some(BuiltinArg::Int),
            "univ" => Some(BuiltinArg::Univ),
            _ => None,
        }
    }
}

/// One argument of an `open`: a declared sig or a built-in one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum ModArg {
    Sig(SigId),
    Builtin(BuiltinArg),
}

/// One meaning of a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Cand {
    Var(VarId, Type),
    /// A field of the enclosing sig, meaning `this.field`.
    ThisField(VarId, FieldId),
    Sig(SigId),
    Field(FieldId),
    Fun(FunId),
    Pred(PredId),
}

/// The variables in scope while resolving one paragraph.
pub(super) struct Ctx {
    pub module: ModuleId,
    /// Innermost last.
    pub vars: Vec<(String, VarId, Type)>,
    /// Sig facts and field declarations: fields of this sig mean `this.f`.
    pub this_sig: Option<(SigId, VarId)>,
    /// What `this` denotes, if anything.
    pub this_var: Option<(VarId, Type)>,
    /// A sig fact: `x.p` may call `p[this, x]`.
    pub in_sig_fact: bool,
}

impl Ctx {
    pub fn new(module: ModuleId) -> Ctx {
        Ctx {
            module,
            vars: Vec::new(),
            this_sig: None,
            this_var: None,
            in_sig_fact: false,
        }
    }
}

impl Resolver<'_> {
    /// Modules reachable from `m` through opens, `m` first.
    pub(super) fn reachable(&self, m: ModuleId) -> Vec<ModuleId> {
        let mut seen = vec![m];
        let mut i = 0;
        while i < seen.len() {
            let cur = seen[i];
            for (_, o) in &self.model.modules[cur.index()].opens {
                // (`private open` makes names visible in the opener only)
                let hidden = cur != m && self.mods[cur.index()].private_opens.contains(o);
                if !hidden && !seen.contains(o) {
                    seen.push(*o);
                }
            }
            i += 1;
        }
        seen
    }

    pub(super) fn compute_visible(&mut self) {
        for m in 0..self.mods.len() {
            self.mods[m].visible = self.reachable(ModuleId(m as u32));
        }
    }

    pub(super) fn visible(&self, m: ModuleId) -> Vec<ModuleId> {
        if self.mods[m.index()].visible.is_empty() {
            self.reachable(m)
        } else {
            self.mods[m.index()].visible.clone()
        }
    }

    /// The module a qualified name's prefix designates.
    pub(super) fn qualifier(&self, m: ModuleId, name: &ast::Name) -> R<ModuleId> {
        let mut cur = m;
        for part in &name.parts[..name.parts.len() - 1] {
            if part == "this" {
                continue;
            }
            match self.mods[cur.index()].ns.aliases.get(part) {
                Some((id, _)) => cur = *id,
                None => {
                    return Err(ResolveError::UnknownAlias {
                        alias: part.clone(),
                        name: name.text(),
                        span: name.span,
                        known: self.mods[cur.index()].ns.aliases.keys().cloned().collect(),
                    })
                }
            }
        }
        Ok(cur)
    }

    /// Every global meaning of `name` seen from module `m` (no variables).
    pub(super) fn lookup_global(&self, m: ModuleId, name: &ast::Name) -> R<Vec<Cand>> {
        let last = name.last();
        if let Some(s) = self.meta_root_sig(&name.text()) {
            // (the root's, from every module, as in the Analyzer)
            return Ok(vec![Cand::Sig(s)]);
        }
        let mut out = Vec::new();
        let (sig_mods, other_mods) = if name.is_qualified() {
            let q = self.qualifier(m, name)?;
            let ns = &self.mods[q.index()].ns;
            let own = ns.sigs.contains_key(last)
                || ns.fields.contains_key(last)
                || ns.funs.contains_key(last)
                || ns.preds.contains_key(last);
            if own {
                (vec![q], vec![q])
            } else {
                // As in Alloy: nothing declared there, so search what that
                // module can name (`hw/acyclic` for a util opened by hw).
                let vis = self.visible(q);
                (vis.clone(), vis)
            }
        } else {
            let vis = self.visible(m);
            let own_sig = self.mods[m.index()].ns.sigs.contains_key(last);
            (if own_sig { vec![m] } else { vis.clone() }, vis)
        };
        let mut sigs: Vec<SigId> = Vec::new();
        for md in &sig_mods {
            if let Some((s, _)) = self.mods[md.index()].ns.sigs.get(last) {
                if !sigs.contains(s) {
                    sigs.push(*s);
                }
            }
        }
        out.extend(sigs.into_iter().map(Cand::Sig));
        for md in &other_mods {
            let ns = &self.mods[md.index()].ns;
            for f in ns.fields.get(last).into_iter().flatten() {
                out.push(Cand::Field(*f));
            }
            for f in ns.funs.get(last).into_iter().flatten() {
                out.push(Cand::Fun(*f));
            }
            for p in ns.preds.get(last).into_iter().flatten() {
                out.push(Cand::Pred(*p));
            }
        }
        // `private` declarations are visible only in their own module.
        out.retain(|c| !self.private_elsewhere(m, c));
        if name.is_qualified() {
            return Ok(out);
        }
        // util/integer, which the Analyzer opens in every module: its funs
        // and preds compete with the others by type (`add[i, 1]` against
        // util/sequniv's `add[s, e]`).
        let implicit = self.integer_module.filter(|i| !other_mods.contains(i));
        if let Some(int) = implicit {
            let ns = &self.mods[int.index()].ns;
            out.extend(
                ns.funs
                    .get(last)
                    .into_iter()
                    .flatten()
                    .map(|f| Cand::Fun(*f)),
            );
            out.extend(
                ns.preds
                    .get(last)
                    .into_iter()
                    .flatten()
                    .map(|p| Cand::Pred(*p)),
            );
        }
        if out.is_empty() {
            self.unknown_seen.set(true);
        }
        Ok(out)
    }

    /// Module `m` is a util/integer (the library's or a copy beside the
    /// model): the Analyzer opens util/integer in every module but this one.
    pub(super) fn is_integer_library(&self, m: ModuleId) -> bool {
        self.model.modules[m.index()]
            .path
            .ends_with(Path::new("util").join("integer.als"))
    }

    /// `c` is declared `private` in a module other than `m`.
    fn private_elsewhere(&self, m: ModuleId, c: &Cand) -> bool {
        let (module, private) = match c {
            Cand::Sig(s) => {
                let info = &self.sig_info[s.index()];
                let private = info.decl.is_some_and(|(pi, _)| {
                    matches!(&self.mods[info.module.index()].ast.paragraphs.get(pi),
                        Some(ast::Paragraph::Sig(d)) if d.private)
                });
                (info.module, private)
            }
            Cand::Fun(f) => {
                let info = &self.fun_info[f.index()];
                let private = matches!(
                    &self.mods[info.module.index()].ast.paragraphs.get(info.paragraph),
                    Some(ast::Paragraph::Fun(d)) if d.private
                );
                (info.module, private)
            }
            Cand::Field(f) => {
                let (pi, fi, _) = self.field_info[f.index()].decl;
                let module = self.sig_info[self.model.fields[f.index()].sig.index()].module;
                let private = matches!(
                    &self.mods[module.index()].ast.paragraphs.get(pi),
                    Some(ast::Paragraph::Sig(d)) if d.fields.get(fi).is_some_and(|x| x.private)
                );
                (module, private)
            }
            Cand::Pred(p) => {
                let info = &self.pred_info[p.index()];
                let private = matches!(
                    &self.mods[info.module.index()].ast.paragraphs.get(info.paragraph),
                    Some(ast::Paragraph::Pred(d)) if d.private
                );
                (info.module, private)
            }
            _ => return false,
        };
        private && module != m
    }

    /// The meanings of a name in an expression.
    pub(super) fn lookup(&self, cx: &Ctx, name: &ast::Name) -> R<Vec<Cand>> {
        if !name.is_qualified() {
            let n = name.last();
            if let Some((_, v, ty)) = cx.vars.iter().rev().find(|(x, _, _)| x == n) {
                return Ok(vec![Cand::Var(*v, ty.clone())]);
            }
            if let Some((sig, this)) = cx.this_sig {
                let fields: Vec<Cand> = self
                    .ancestors(sig)
                    .into_iter()
                    .flat_map(|s| self.sig_info[s.index()].fields.clone())
                    .filter(|f| self.model.fields[f.index()].name == n)
                    // While field declarations are resolved, only the
                    // fields before this one are in scope (as in Alloy):
                    // `sig A { A: set A }` names the sig in its bound.
                    .filter(|f| self.field_info[f.index()].ty.is_some())
                    .map(|f| Cand::ThisField(this, f))
                    .collect();
                if !fields.is_empty() {
                    return Ok(fields);
                }
            }
        }
        let cands = self.lookup_global(cx.module, name)?;
        if cands.is_empty() {
            let vars: Vec<String> = cx.vars.iter().map(|(x, _, _)| x.clone()).collect();
            return Err(self.unknown(cx.module, name, &vars));
        }
        Ok(cands)
    }

    pub(super) fn unknown(&self, m: ModuleId, name: &ast::Name, extra: &[String]) -> ResolveError {
        let mut names: Vec<String> = extra.to_vec();
        for md in self.visible(m) {
            let ns = &self.mods[md.index()].ns;
            names.extend(ns.sigs.keys().cloned());
            names.extend(ns.fields.keys().cloned());
            names.extend(ns.funs.keys().cloned());
            names.extend(ns.preds.keys().cloned());
        }
        let suggestion = suggest(name.last(), names.iter().map(String::as_str));
        let suggestion = match (suggestion, name.is_qualified()) {
            (Some(s), true) => Some(format!(
                "{}/{}",
                name.parts[..name.parts.len() - 1].join("/"),
                s
            )),
            (s, _) => s,
        };
        ResolveError::UnknownName {
            name: name.text(),
            span: name.span,
            suggestion,
        }
    }

    /// A module parameter of `m` bound to a built-in sig, named by `name`.
    pub(super) fn builtin_param(&self, m: ModuleId, name: &ast::Name) -> Option<BuiltinArg> {
        if name.is_qualified() {
            return None;
        }
        self.mods[m.index()]
            .ns
            .builtin_params
            .get(name.last())
            .map(|(b, _)| *b)
    }

    /// An argument of an `open` in `m`: a sig, `Int`, `univ`, or a
    /// parameter of `m` bound to one of those.
    pub(super) fn lookup_module_arg(&self, m: ModuleId, name: &ast::Name) -> R<ModArg> {
        if let Some(b) = self.builtin_param(m, name) {
            return Ok(ModArg::Builtin(b));
        }
        match self.lookup_sig(m, name) {
            Ok(s) => Ok(ModArg::Sig(s)),
            Err(e @ ResolveError::UnknownName { .. }) => match BuiltinArg::named(&name.text()) {
                Some(b) => Ok(ModArg::Builtin(b)),
                None => Err(e),
            },
            Err(e) => Err(e),
        }
    }

    /// Resolve a name that must denote a sig (extends, module arguments,
    /// scopes, receivers).
    pub(super) fn lookup_sig(&self, m: ModuleId, name: &ast::Name) -> R<SigId> {
        let cands = self.lookup_global(m, name)?;
        let sigs: Vec<SigId> = cands
            .iter()
            .filter_map(|c| if let Cand::Sig(s) = c { Some(*s) } else { None })
            .collect();
        match sigs.len() {
            1 => Ok(sigs[0]),
            0 => match cands.first() {
                Some(c) => Err(ResolveError::NotASig {
                    name: name.text(),
                    found: self.kind_word(c),
                    span: name.span,
                }),
                None => {
                    let sig_names: Vec<String> = self
                        .visible(m)
                        .iter()
                        .flat_map(|md| self.mods[md.index()].ns.sigs.keys().cloned())
                        .collect();
                    let suggestion = suggest(name.last(), sig_names.iter().map(String::as_str));
                    Err(ResolveError::UnknownName {
                        name: name.text(),
                        span: name.span,
                        suggestion,
                    })
                }
            },
            _ => Err(ResolveError::Ambiguous {
                name: name.text(),
                span: name.span,
                candidates: sigs.iter().map(|s| self.describe(&Cand::Sig(*s))).collect(),
            }),
        }
    }

    /// `e`, an error from [`Self::lookup_sig`] for `name`, reworded when
    /// `name` is a built-in sig (`Int`, `univ`, …), which is not a declared
    /// sig and so is not found, into what Alloy says about it in `role`.
    pub(super) fn builtin_sig_error(
        &self,
        e: ResolveError,
        name: &ast::Name,
        role: super::error::BuiltinRole,
    ) -> ResolveError {
        let text = name.text();
        match e {
            ResolveError::UnknownName { .. }
                if super::error::BUILTIN_SIGS.contains(&text.as_str()) =>
            {
                ResolveError::BuiltinSig {
                    name: text,
                    role,
                    span: name.span,
                }
            }
            e => e,
        }
    }

    pub(super) fn kind_word(&self, c: &Cand) -> &'static str {
        match c {
            Cand::Var(..) => "variable",
            Cand::ThisField(..) | Cand::Field(_) => "field",
            Cand::Sig(_) => "sig",
            Cand::Fun(_) => "function",
            Cand::Pred(_) => "predicate",
        }
    }

    /// `sig hw/Event`, `field hw/Write.rf`, `fun sw/strong`, ...
    pub(super) fn describe(&self, c: &Cand) -> String {
        let prefix = |m: ModuleId| {
            let p = &self.model.modules[m.index()].label_prefix;
            if p.is_empty() {
                String::new()
            } else {
                format!("{p}/")
            }
        };
        match c {
            Cand::Var(v, _) => format!("variable `{}`", self.model.vars[v.index()].name),
            Cand::Sig(s) => format!("sig `{}`", self.model.sigs[s.index()].label),
            Cand::ThisField(_, f) | Cand::Field(f) => {
                let fd = &self.model.fields[f.index()];
                format!(
                    "field `{}.{}`",
                    self.model.sigs[fd.sig.index()].label,
                    fd.name
                )
            }
            Cand::Fun(f) => {
                let fd = &self.model.funs[f.index()];
                format!("fun `{}{}`", prefix(fd.module), fd.name)
            }
            Cand::Pred(p) => {
                let pd = &self.model.preds[p.index()];
                format!("pred `{}{}`", prefix(pd.module), pd.name)
            }
        }
    }

    /// The sig and its `extends` ancestors, nearest first.
    pub(super) fn ancestors(&self, s: SigId) -> Vec<SigId> {
        let mut out = vec![s];
        let mut cur = s;
        while let SigKind::Extends(p) = self.model.sigs[cur.index()].kind {
            if out.contains(&p) {
                break;
            }
            out.push(p);
            cur = p;
        }
        out
    }
}
