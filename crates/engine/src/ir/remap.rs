//! Renaming relations throughout a model: every reference to a sig or
//! field of one set is made a reference to another sig or field. `relprove
//! diff` uses it to let two models that declare the same vocabulary share
//! one copy of it, so that the parts of their axioms that agree become the
//! same circuit (and the solver need not prove two copies equal). It also
//! replaces fields by expressions and redirects calls, to instantiate a
//! copy of a predicate at given values of some fields.

use std::collections::HashMap;

use super::{
    Expr, ExprKind, FieldId, Formula, FormulaKind, FunId, IntExpr, IntExprKind, Model, PredId,
    QuantDecl, SigId,
};

/// Which sigs and fields stand for which.
#[derive(Clone, Debug, Default)]
pub struct Remap {
    /// Sig `k` is read as sig `v`.
    pub sigs: HashMap<SigId, SigId>,
    /// Field `k` is read as field `v`.
    pub fields: HashMap<FieldId, FieldId>,
    /// Field `k` is replaced by the expression `v` (of the field's arity).
    pub field_exprs: HashMap<FieldId, Expr>,
    /// Calls of function `k` call `v` instead.
    pub funs: HashMap<FunId, FunId>,
    /// Calls of predicate `k` call `v` instead.
    pub preds: HashMap<PredId, PredId>,
}

impl Remap {
    /// Rewrite every formula and expression of `model` (facts, predicates,
    /// functions and their parameter and result declarations, assertions,
    /// inline command bodies). Field and sig declarations are left alone:
    /// the renamed relations keep their own bounds, now unused.
    pub fn apply(&self, model: &mut Model) {
        for f in &mut model.facts {
            self.formula(&mut f.body);
        }
        for p in &mut model.preds {
            for prm in &mut p.params {
                self.expr(&mut prm.decl.bound);
            }
            self.formula(&mut p.body);
        }
        for f in &mut model.funs {
            for prm in &mut f.params {
                self.expr(&mut prm.decl.bound);
            }
            self.expr(&mut f.result.bound);
            self.expr(&mut f.body);
        }
        for a in &mut model.asserts {
            self.formula(&mut a.body);
        }
        for c in &mut model.commands {
            if let super::CommandTarget::Inline(f) = &mut c.target {
                self.formula(f);
            }
        }
    }

    fn decls(&self, ds: &mut [QuantDecl]) {
        for d in ds {
            self.expr(&mut d.bound);
        }
    }

    /// Rewrite one expression.
    pub fn expr(&self, e: &mut Expr) {
        use ExprKind as K;
        match &mut e.kind {
            K::Sig(s) => {
                if let Some(t) = self.sigs.get(s) {
                    *s = *t;
                }
            }
            K::Field(f) => {
                if let Some(x) = self.field_exprs.get(f) {
                    let span = e.span;
                    *e = x.clone();
                    e.span = span;
                } else if let Some(t) = self.fields.get(f) {
                    *f = *t;
                }
            }
            K::Var(_) | K::Univ | K::Iden | K::None | K::IntAtoms | K::SeqIdx => {}
            K::Union(a, b)
            | K::Intersection(a, b)
            | K::Difference(a, b)
            | K::Join(a, b)
            | K::Override(a, b)
            | K::DomainRestrict(a, b)
            | K::RangeRestrict(a, b)
            | K::Let(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            K::Product { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            K::Transpose(a) | K::Closure(a) | K::ReflexiveClosure(a) => self.expr(a),
            K::Comprehension { decls, body } => {
                self.decls(decls);
                self.formula(body);
            }
            K::Call(fun, args) => {
                if let Some(t) = self.funs.get(fun) {
                    *fun = *t;
                }
                args.iter_mut().for_each(|a| self.expr(a))
            }
            K::IfThenElse(c, a, b) => {
                self.formula(c);
                self.expr(a);
                self.expr(b);
            }
            K::IntToAtom(i) => self.int(i),
        }
    }

    /// Rewrite one integer expression.
    pub fn int(&self, i: &mut IntExpr) {
        use IntExprKind as K;
        match &mut i.kind {
            K::Lit(_) => {}
            K::Card(e) | K::Sum(e) => self.expr(e),
            K::Add(a, b)
            | K::Sub(a, b)
            | K::Mul(a, b)
            | K::Div(a, b)
            | K::Rem(a, b)
            | K::Shift(_, a, b) => {
                self.int(a);
                self.int(b);
            }
            K::Neg(a) => self.int(a),
            K::IfThenElse(c, a, b) => {
                self.formula(c);
                self.int(a);
                self.int(b);
            }
            K::Let(_, e, b) => {
                self.expr(e);
                self.int(b);
            }
            K::SumOver(ds, b) => {
                self.decls(ds);
                self.int(b);
            }
        }
    }

    /// Rewrite one formula.
    pub fn formula(&self, f: &mut Formula) {
        use FormulaKind as K;
        match &mut f.kind {
            K::True | K::False => {}
            K::In(a, b) | K::Eq(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            K::Mult(_, e) => self.expr(e),
            K::IntCmp(_, a, b) => {
                self.int(a);
                self.int(b);
            }
            K::Not(a) => self.formula(a),
            K::And(fs) | K::Or(fs) => fs.iter_mut().for_each(|g| self.formula(g)),
            K::Implies(a, b) | K::Iff(a, b) => {
                self.formula(a);
                self.formula(b);
            }
            K::IfThenElse(c, a, b) => {
                self.formula(c);
                self.formula(a);
                self.formula(b);
            }
            K::Quant(_, ds, body) => {
                self.decls(ds);
                self.formula(body);
            }
            K::Call(pred, args) => {
                if let Some(t) = self.preds.get(pred) {
                    *pred = *t;
                }
                args.iter_mut().for_each(|a| self.expr(a))
            }
            K::Let(_, e, body) => {
                self.expr(e);
                self.formula(body);
            }
        }
    }
}
