//! Top-level `let` macros (`let twice[x] = x.r.r`): a use of the macro is
//! replaced by its body with the arguments put in for the parameters, and
//! the result is resolved where it is used, as Alloy expands macros.

use super::env::Ctx;
use super::error::ResolveError;
use super::exprs::Alt;
use super::Resolver;
use crate::diag::Span;
use crate::ir::ModuleId;
use crate::syntax::ast;

type R<T> = Result<T, ResolveError>;

/// Expansions nested deeper than this are taken for a recursive macro.
const MAX_MACRO_DEPTH: usize = 32;

impl Resolver<'_> {
    /// The macro `n` names from module `m`: its own module first, then the
    /// modules it can see; `alias/name` looks in the aliased module.
    pub(super) fn find_macro(&self, m: ModuleId, n: &ast::Name) -> Option<ast::MacroDecl> {
        let mods = if n.is_qualified() {
            vec![self.qualifier(m, n).ok()?]
        } else {
            self.visible(m)
        };
        for md in mods {
            for p in &self.mods[md.index()].ast.paragraphs {
                if let ast::Paragraph::Macro(d) = p {
                    if d.name.name == n.last() && (!d.private || md == m) {
                        return Some(d.clone());
                    }
                }
            }
        }
        None
    }

    /// If `n` names a macro and nothing else (no variable, field or other
    /// global meaning), its expansion with `args`, resolved in `cx`.
    pub(super) fn try_macro(
        &mut self,
        cx: &mut Ctx,
        n: &ast::Name,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<R<Vec<Alt>>> {
        if !self.macro_names.contains(n.last()) {
            return None;
        }
        if !n.is_qualified() && cx.vars.iter().any(|(x, _, _)| x == n.last()) {
            return None;
        }
        if self.lookup(cx, n).is_ok_and(|c| !c.is_empty()) {
            return None;
        }
        let d = self.find_macro(cx.module, n)?;
        // Extra arguments join the expansion's value, as for funs:
        // `m[a, b]` with a parameterless `let m = r` is `b.(a.r)` in Alloy.
        if d.params.len() > args.len() {
            return Some(Err(ResolveError::ArgCount {
                name: n.text(),
                expected: vec![d.params.len()],
                found: args.len(),
                span,
                decl: Some(d.name.span),
            }));
        }
        if self.macro_depth >= MAX_MACRO_DEPTH {
            return Some(Err(ResolveError::Unsupported {
                what: "a recursive `let` macro",
                span,
                hint: "a macro cannot use itself",
            }));
        }
        let map: Vec<(String, ast::Expr)> = d
            .params
            .iter()
            .map(|p| p.name.clone())
            .zip(args.iter().cloned())
            .collect();
        let extra = &args[d.params.len()..];
        let body = d.body.substitute(&map);
        self.macro_depth += 1;
        // Extra arguments go to the expansion as a box join would: onto its
        // value, or, when it names a pred, fun or macro (`let while =
        // while3`), into the call.
        let r = if extra.is_empty() {
            self.expr(cx, &body)
        } else {
            self.box_join(cx, &body, extra, span)
        };
        self.macro_depth -= 1;
        Some(r)
    }
}
