//! The call graph of funs and preds: recursion is rejected, because every
//! later stage inlines calls.

use super::error::ResolveError;
use super::Resolver;
use crate::ir::{Decl, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, QuantDecl};

/// A fun or pred, as a node of the call graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Callable {
    Fun(u32),
    Pred(u32),
}

#[derive(Default)]
struct Calls(Vec<Callable>);

impl Calls {
    fn add(&mut self, c: Callable) {
        if !self.0.contains(&c) {
            self.0.push(c);
        }
    }
    fn decls(&mut self, ds: &[QuantDecl]) {
        for d in ds {
            self.expr(&d.bound);
        }
    }
    fn decl(&mut self, d: &Decl) {
        self.expr(&d.bound);
    }
    fn expr(&mut self, e: &Expr) {
        use ExprKind::*;
        match &e.kind {
            Sig(_) | Field(_) | Var(_) | Univ | Iden | None | IntAtoms => {}
            Union(a, b)
            | Intersection(a, b)
            | Difference(a, b)
            | Join(a, b)
            | Override(a, b)
            | DomainRestrict(a, b)
            | RangeRestrict(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Product { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            Transpose(a) | Closure(a) | ReflexiveClosure(a) => self.expr(a),
            Comprehension { decls, body } => {
                self.decls(decls);
                self.formula(body);
            }
            Call(f, args) => {
                self.add(Callable::Fun(f.0));
                args.iter().for_each(|a| self.expr(a));
            }
            IfThenElse(c, a, b) => {
                self.formula(c);
                self.expr(a);
                self.expr(b);
            }
            Let(_, v, b) => {
                self.expr(v);
                self.expr(b);
            }
            IntToAtom(i) => self.int(i),
        }
    }
    fn int(&mut self, i: &IntExpr) {
        use IntExprKind::*;
        match &i.kind {
            Lit(_) => {}
            Card(e) | Sum(e) => self.expr(e),
            Add(a, b) | Sub(a, b) | Mul(a, b) | Div(a, b) | Rem(a, b) => {
                self.int(a);
                self.int(b);
            }
            Neg(a) => self.int(a),
            IfThenElse(c, a, b) => {
                self.formula(c);
                self.int(a);
                self.int(b);
            }
            Let(_, v, b) => {
                self.expr(v);
                self.int(b);
            }
            SumOver(ds, b) => {
                self.decls(ds);
                self.int(b);
            }
        }
    }
    fn formula(&mut self, f: &Formula) {
        use FormulaKind::*;
        match &f.kind {
            True | False => {}
            In(a, b) | Eq(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Mult(_, e) => self.expr(e),
            IntCmp(_, a, b) => {
                self.int(a);
                self.int(b);
            }
            Not(g) => self.formula(g),
            And(gs) | Or(gs) => gs.iter().for_each(|g| self.formula(g)),
            Implies(a, b) | Iff(a, b) => {
                self.formula(a);
                self.formula(b);
            }
            IfThenElse(c, a, b) => {
                self.formula(c);
                self.formula(a);
                self.formula(b);
            }
            Quant(_, ds, body) => {
                self.decls(ds);
                self.formula(body);
            }
            Call(p, args) => {
                self.add(Callable::Pred(p.0));
                args.iter().for_each(|a| self.expr(a));
            }
            Let(_, v, b) => {
                self.expr(v);
                self.formula(b);
            }
        }
    }
}

impl Resolver<'_> {
    fn callees(&self, c: Callable) -> Vec<Callable> {
        let mut calls = Calls::default();
        match c {
            Callable::Fun(i) => {
                let f = &self.model.funs[i as usize];
                f.params.iter().for_each(|p| calls.decl(&p.decl));
                calls.decl(&f.result);
                calls.expr(&f.body);
            }
            Callable::Pred(i) => {
                let p = &self.model.preds[i as usize];
                p.params.iter().for_each(|p| calls.decl(&p.decl));
                calls.formula(&p.body);
            }
        }
        calls.0
    }

    fn callable_name(&self, c: Callable) -> String {
        match c {
            Callable::Fun(i) => self.model.funs[i as usize].name.clone(),
            Callable::Pred(i) => self.model.preds[i as usize].name.clone(),
        }
    }

    /// Report every fun/pred that can reach itself through calls.
    pub(super) fn check_recursion(&mut self) {
        let nodes: Vec<Callable> = (0..self.model.funs.len() as u32)
            .map(Callable::Fun)
            .chain((0..self.model.preds.len() as u32).map(Callable::Pred))
            .collect();
        let edges: Vec<Vec<Callable>> = nodes.iter().map(|&n| self.callees(n)).collect();
        let index = |c: Callable| nodes.iter().position(|&n| n == c).unwrap_or(0);
        let mut reported: Vec<Callable> = Vec::new();
        for (i, &start) in nodes.iter().enumerate() {
            // Depth-first search for a path back to `start`.
            let mut stack: Vec<(Callable, Vec<Callable>)> =
                edges[i].iter().map(|&c| (c, vec![start, c])).collect();
            let mut seen: Vec<Callable> = Vec::new();
            while let Some((cur, path)) = stack.pop() {
                if cur == start {
                    if !path.iter().any(|c| reported.contains(c)) {
                        reported.extend(path.iter().copied());
                        let chain: Vec<String> = path
                            .iter()
                            .map(|&c| format!("`{}`", self.callable_name(c)))
                            .collect();
                        let span = match start {
                            Callable::Fun(f) => self.model.funs[f as usize].span,
                            Callable::Pred(p) => self.model.preds[p as usize].span,
                        };
                        self.error(ResolveError::Recursive {
                            name: self.callable_name(start),
                            chain: chain.join(" calls "),
                            span,
                        });
                    }
                    break;
                }
                if seen.contains(&cur) {
                    continue;
                }
                seen.push(cur);
                for &next in &edges[index(cur)] {
                    let mut p = path.clone();
                    p.push(next);
                    stack.push((next, p));
                }
            }
        }
    }
}
