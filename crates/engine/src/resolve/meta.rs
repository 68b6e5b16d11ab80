//! Meta sigs, as the Alloy Analyzer 5.1 declares them once some file of the
//! model writes a name with a `$` (its `CompModule.resolveMeta`).
//!
//! The root module gets `abstract sig sig$` and `abstract sig field$`. Every
//! sig `S` of every module gets `one sig S$ extends sig$` in its module, and
//! every field `f` of `S` gets `one sig S$f extends field$`; each carries a
//! field `value` equal to what it stands for (`S$.value = S`,
//! `S$f.value = S <: f`), and `S$` a field `fields` (the metas of `S`'s own
//! fields). They are written here as ordinary declarations, so that names,
//! privacy, scopes and bounds treat them as any other sig; what the Analyzer
//! does beyond declarations (the facts when no sig or no field exists, a
//! quantifier over meta atoms expanded atom by atom) is in
//! [`Resolver::meta_facts`] and `exprs.rs`.
//!
//! Not declared: the Analyzer's `parent` and `subfields` fields of `S$`.

use super::Resolver;
use crate::diag::Span;
use crate::ir::{self, Formula, FormulaKind, ModuleId, SigId, SigKind};
use crate::syntax::ast::{self, BinOp, CmpOp, MultKw};

/// The abstract parent of every sig's meta sig.
pub(super) const META_SIG: &str = "sig$";
/// The abstract parent of every field's meta sig.
pub(super) const META_FIELD: &str = "field$";

fn expr(kind: ast::ExprKind, span: Span) -> ast::Expr {
    ast::Expr { kind, span }
}

/// `this/x` (this module's `x`, whatever opened modules declare).
fn own(x: &str, span: Span) -> ast::Expr {
    expr(
        ast::ExprKind::Name(ast::Name {
            parts: vec!["this".into(), x.into()],
            span,
        }),
        span,
    )
}

fn plain(x: &str, span: Span) -> ast::Expr {
    expr(
        ast::ExprKind::Name(ast::Name {
            parts: vec![x.into()],
            span,
        }),
        span,
    )
}

fn eq(lhs: ast::Expr, rhs: ast::Expr, span: Span) -> ast::Expr {
    expr(
        ast::ExprKind::Compare {
            op: CmpOp::Eq,
            negated: false,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
        span,
    )
}

fn field(name: &str, mult: Option<MultKw>, bound: ast::Expr, span: Span) -> ast::FieldDecl {
    ast::FieldDecl {
        names: vec![ast::Ident {
            name: name.into(),
            span,
        }],
        disj: false,
        disj_bound: false,
        bound: ast::DeclBound { mult, expr: bound },
        private: false,
        span,
    }
}

/// `[private] one sig name extends parent { fields } { facts }`.
fn one_sig(
    name: String,
    parent: &str,
    fields: Vec<ast::FieldDecl>,
    facts: Vec<ast::Expr>,
    private: bool,
    span: Span,
) -> ast::Paragraph {
    ast::Paragraph::Sig(ast::SigDecl {
        names: vec![ast::Ident { name, span }],
        is_abstract: false,
        mult: Some(ast::SigMult::One),
        ext: Some(ast::SigExt::Extends(ast::Name {
            parts: vec![parent.into()],
            span,
        })),
        eq: false,
        fields,
        fact: Some(ast::Block { items: facts, span }),
        private,
        span,
    })
}

/// The meta sigs of the sig `s` with the fields `fields` (name, private).
fn metas_of(s: &ast::Ident, fields: &[(ast::Ident, bool)], private: bool) -> Vec<ast::Paragraph> {
    let span = s.span;
    let mut out = Vec::new();
    let mut all: Option<ast::Expr> = None;
    for (f, f_private) in fields {
        let name = format!("{}${}", s.name, f.name);
        let restricted = || {
            expr(
                ast::ExprKind::Binary(
                    BinOp::DomainRestrict,
                    Box::new(own(&s.name, f.span)),
                    Box::new(plain(&f.name, f.span)),
                ),
                f.span,
            )
        };
        let value = field("value", None, restricted(), f.span);
        let fact = eq(plain("value", f.span), restricted(), f.span);
        let this_meta = own(&name, f.span);
        all = Some(match all {
            None => this_meta,
            Some(a) => expr(
                ast::ExprKind::Binary(BinOp::Union, Box::new(a), Box::new(this_meta)),
                f.span,
            ),
        });
        out.push(one_sig(
            name,
            META_FIELD,
            vec![value],
            vec![fact],
            private || *f_private,
            f.span,
        ));
    }
    let value = field("value", Some(MultKw::Set), own(&s.name, span), span);
    let fields_field = field("fields", Some(MultKw::Set), plain(META_FIELD, span), span);
    let mut facts = vec![eq(plain("value", span), own(&s.name, span), span)];
    facts.push(match all {
        Some(a) => eq(plain("fields", span), a, span),
        None => expr(
            ast::ExprKind::Unary(ast::UnOp::No, Box::new(plain("fields", span))),
            span,
        ),
    });
    out.insert(
        0,
        one_sig(
            format!("{}$", s.name),
            META_SIG,
            vec![value, fields_field],
            facts,
            private,
            span,
        ),
    );
    out
}

/// The meta declarations a module gets: those of its sigs (and enums), and
/// in the root module `sig$` and `field$` themselves.
/// `at` locates `sig$` and `field$` (the root file's start).
pub(super) fn paragraphs(file: &ast::File, root: bool, at: Span) -> Vec<ast::Paragraph> {
    let mut out = Vec::new();
    if root {
        for name in [META_SIG, META_FIELD] {
            out.push(ast::Paragraph::Sig(ast::SigDecl {
                names: vec![ast::Ident {
                    name: name.into(),
                    span: at,
                }],
                is_abstract: true,
                mult: None,
                ext: None,
                eq: false,
                fields: Vec::new(),
                fact: None,
                private: false,
                span: at,
            }));
        }
    }
    for p in &file.paragraphs {
        match p {
            ast::Paragraph::Sig(d) => {
                let fields: Vec<(ast::Ident, bool)> = d
                    .fields
                    .iter()
                    .flat_map(|f| f.names.iter().map(|n| (n.clone(), f.private)))
                    .collect();
                for s in &d.names {
                    out.extend(metas_of(s, &fields, d.private));
                }
            }
            ast::Paragraph::Enum(e) => {
                out.extend(metas_of(&e.name, &[], false));
                for m in &e.members {
                    out.extend(metas_of(m, &[], false));
                }
            }
            _ => {}
        }
    }
    out
}

impl Resolver<'_> {
    /// The root's `sig$` or `field$`, which every module may name.
    pub(super) fn meta_root_sig(&self, name: &str) -> Option<SigId> {
        if !self.meta || (name != META_SIG && name != META_FIELD) {
            return None;
        }
        self.mods[0].ns.sigs.get(name).map(|(s, _)| *s)
    }

    /// The meta sigs (the children of `sig$` and `field$`).
    pub(super) fn meta_children(&self) -> Vec<SigId> {
        let parents: Vec<SigId> = [META_SIG, META_FIELD]
            .iter()
            .filter_map(|n| self.meta_root_sig(n))
            .collect();
        self.model
            .sig_ids()
            .filter(
                |s| matches!(self.model.sig(*s).kind, SigKind::Extends(p) if parents.contains(&p)),
            )
            .collect()
    }

    /// The Analyzer's `sig$fact`: no meta atoms of a kind nothing declares
    /// (`sig$` and `field$` are abstract; without children they would be
    /// free).
    pub(super) fn meta_facts(&mut self) {
        let children = self.meta_children();
        for name in [META_SIG, META_FIELD] {
            let Some(parent) = self.meta_root_sig(name) else {
                continue;
            };
            let has = children
                .iter()
                .any(|c| self.model.sig(*c).kind == SigKind::Extends(parent));
            if has {
                continue;
            }
            let span = self.model.modules[0].span;
            let sig = ir::Expr::new(ir::ExprKind::Sig(parent), 1, span);
            self.model.facts.push(ir::Fact {
                name: None,
                module: ModuleId(0),
                origin: ir::FactOrigin::Paragraph,
                body: super::exprs::not(
                    Formula::new(FormulaKind::Mult(ir::Mult::Some, Box::new(sig)), span),
                    span,
                ),
                span,
            });
        }
    }
}
