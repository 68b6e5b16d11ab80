//! Alloy's built-in names that its own library is written with:
//! `pred/totalOrder[elem, first, next]` and the constants `fun/min`,
//! `fun/max`, `fun/next` (the infix `fun/add` etc. are calls of the
//! built-in integer functions, see `box_join`).

use super::env::Ctx;
use super::error::ResolveError;
use super::exprs::{and_all, b, not, to_rel, Alt, Term};
use super::types::Type;
use super::Resolver;
use crate::diag::Span;
use crate::ir::{self, Expr, ExprKind, Formula, FormulaKind, Mult, Quant};
use crate::syntax::ast;

type R<T> = Result<T, ResolveError>;

impl Resolver<'_> {
    /// Alloy's library constants `fun/next` (`Int -> Int`, the successor
    /// relation), `fun/min` and `fun/max` (the least and the largest
    /// integer of the bitwidth, as sets of one integer atom).
    pub(super) fn fun_constant(&mut self, n: &ast::Name) -> Option<Alt> {
        if n.parts.len() != 2 || n.parts[0] != "fun" {
            return None;
        }
        let which = n.parts[1].clone();
        if !matches!(which.as_str(), "next" | "min" | "max") {
            return None;
        }
        let next_name = ast::Name {
            parts: vec!["next".into()],
            span: n.span,
        };
        let next = self.implicit_integer_relation(&next_name)?;
        let Term::Rel(next) = next.term else {
            return None;
        };
        let span = n.span;
        let ints = Expr::new(ExprKind::IntAtoms, 1, span);
        // min: no predecessor (`Int - Int.next`); max: no successor (`Int - next.Int`)
        let (l, r) = match which.as_str() {
            "next" => {
                return Some(Alt::rel(
                    next,
                    Type::from_tuples(2, [vec![super::types::Prim::Int; 2]]),
                ))
            }
            "min" => (ints.clone(), next),
            _ => (next, ints.clone()),
        };
        let has = Expr::new(ExprKind::Join(b(l), b(r)), 1, span);
        let e = Expr::new(ExprKind::Difference(b(ints), b(has)), 1, span);
        Some(Alt::rel(e, Type::int()))
    }

    /// Alloy's built-in `pred/totalOrder[elem, first, next]` (its library's
    /// util/ordering states its fact with it): `next` orders `elem` totally
    /// from `first`. The Analyzer (TranslateAlloyToKodkod, `ExprList`
    /// TOTALORDER) has two meanings. When all three arguments are relations
    /// (a sig, fields, or fields of a `one sig` in its own fact, as in
    /// util/ordering), Kodkod's TOTAL_ORDERING: `one first`, `elem =
    /// first.*next`, `no next.first`, and one last element (`elem -
    /// next.elem`) with no successor while every other element has one;
    /// `elem` is never empty. Otherwise: `elem in first.*next`, `no
    /// next.first`, and for every `e` in `elem`: `e` is `first` or has one
    /// predecessor, `e` is the last or has one successor, and `e` is not in
    /// `e.^next` (an empty `elem` is ordered).
    pub(super) fn builtin_total_order(
        &mut self,
        cx: &mut Ctx,
        args: &[ast::Expr],
        span: Span,
    ) -> R<Vec<Alt>> {
        let name = "pred/totalOrder";
        if args.len() != 3 {
            return Err(ResolveError::ArgCount {
                name: name.to_string(),
                expected: vec![3],
                found: args.len(),
                span,
                decl: None,
            });
        }
        let mut es: Vec<Expr> = Vec::new();
        // As the Analyzer: `first` and `next` are typed within `elem`'s type
        // (and its square), which picks among overloaded meanings.
        let mut elem_ty: Option<Type> = None;
        for (i, (a, arity)) in args.iter().zip([1, 1, 2]).enumerate() {
            let mut alts = self.rel_alts(cx, a)?;
            if let Some(t) = &elem_ty {
                let want = if arity == 2 { t.product(t) } else { t.clone() };
                if alts.iter().any(|x| x.ty.overlaps(&want)) {
                    alts.retain(|x| x.ty.overlaps(&want));
                }
            }
            let one = self.single(alts, a.span)?;
            if elem_ty.is_none() {
                elem_ty = Some(one.ty.clone());
            }
            let (e, _) = to_rel(&one, a.span)?;
            if e.arity != arity {
                return Err(ResolveError::ArgArity {
                    name: name.to_string(),
                    index: i + 1,
                    expected: arity,
                    found: e.arity,
                    span: a.span,
                });
            }
            es.push(e);
        }
        let relation = |e: &Expr| match &e.kind {
            ExprKind::Sig(_) | ExprKind::Field(_) => true,
            ExprKind::Join(v, f) => match (&v.kind, &f.kind, &cx.this_var) {
                (ExprKind::Var(v), ExprKind::Field(f), Some((this, _))) => {
                    let sig = self.model.fields[f.index()].sig;
                    v == this && self.model.sigs[sig.index()].mult == Some(Mult::One)
                }
                _ => false,
            },
            _ => false,
        };
        let kodkod = es.iter().all(relation);
        let (elem, first, next) = (es[0].clone(), es[1].clone(), es[2].clone());
        let ex = |k: ExprKind, arity: usize| Expr::new(k, arity, span);
        let join = |l: &Expr, r: &Expr| {
            ex(
                ExprKind::Join(b(l.clone()), b(r.clone())),
                l.arity + r.arity - 2,
            )
        };
        let f = |k: FormulaKind| Formula::new(k, span);
        let reach = ex(ExprKind::ReflexiveClosure(b(next.clone())), 2);
        let f1 = f(FormulaKind::In(b(elem.clone()), b(join(&first, &reach))));
        let f2 = not(
            f(FormulaKind::Mult(Mult::Some, b(join(&next, &first)))),
            span,
        );
        let v = self.new_var("e", 1, span);
        let e = ex(ExprKind::Var(v), 1);
        // `all e: bound | body`, over the one variable `e`.
        let for_each = |bound: Expr, body: Formula| {
            f(FormulaKind::Quant(
                Quant::All,
                vec![ir::QuantDecl {
                    vars: vec![v],
                    disj: false,
                    mult: Mult::One,
                    bound,
                }],
                b(body),
            ))
        };
        let last = ex(
            ExprKind::Difference(b(elem.clone()), b(join(&next, &elem))),
            1,
        );
        if kodkod {
            let one = |x: &Expr| f(FormulaKind::Mult(Mult::One, b(x.clone())));
            let others = ex(ExprKind::Difference(b(elem.clone()), b(last.clone())), 1);
            let each = for_each(others, one(&join(&e, &next)));
            let parts = vec![
                one(&first),
                one(&last),
                f(FormulaKind::Eq(b(elem.clone()), b(join(&first, &reach)))),
                f2,
                not(
                    f(FormulaKind::Mult(Mult::Some, b(join(&last, &next)))),
                    span,
                ),
                each,
            ];
            return Ok(vec![Alt::form(and_all(parts, span), true)]);
        }
        let either = |x: Formula, y: Formula| f(FormulaKind::Or(vec![x, y]));
        let f3 = either(
            f(FormulaKind::Eq(b(e.clone()), b(first.clone()))),
            f(FormulaKind::Mult(Mult::One, b(join(&next, &e)))),
        );
        let f4 = either(
            f(FormulaKind::Eq(b(e.clone()), b(last))),
            f(FormulaKind::Mult(Mult::One, b(join(&e, &next)))),
        );
        let after = ex(ExprKind::Closure(b(next.clone())), 2);
        let f5 = not(f(FormulaKind::In(b(e.clone()), b(join(&e, &after)))), span);
        let each = for_each(elem, and_all(vec![f3, f4, f5], span));
        Ok(vec![Alt::form(and_all(vec![each, f1, f2], span), true)])
    }
}
