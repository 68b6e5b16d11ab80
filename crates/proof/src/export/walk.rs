//! The walk of the IR, construct by construct, the same for every proof
//! assistant: variables, expressions, formulas, arrow multiplicities,
//! cardinalities compared with literals or with each other, quantifiers.
//! A second `impl` of [`Printer`] (printer.rs), which owns the state; the
//! prover's tokens come from its [`Syntax`](super::syntax::Syntax).

use relprove_engine::diag::{Diagnostic, Span};
use relprove_engine::ir::*;

use super::printer::Printer;
use super::syntax::ProofAssistant;
use super::term::{
    app, appk, binder_block, binder_doc, connective, disj_atoms, err, flip, let_doc, t,
    unsupported_int, VarRepr, D,
};

impl<P: ProofAssistant> Printer<'_, P> {
    // -- variables ----------------------------------------------------------

    pub(super) fn bind(&mut self, v: VarId, atom: bool) -> String {
        let base = P::sanitize(&self.m.var(v).name);
        let mut cand = base.clone();
        let mut n = 0;
        while self.in_use(&cand) {
            cand = format!("{base}{n}");
            n += 1;
        }
        self.scope.push(cand.clone());
        self.env.insert(
            v,
            if atom {
                VarRepr::Atom(cand.clone())
            } else {
                VarRepr::Rel(cand.clone())
            },
        );
        cand
    }

    pub(super) fn unbind(&mut self, n: usize) {
        for _ in 0..n {
            self.scope.pop();
        }
    }

    // -- expressions --------------------------------------------------------

    pub(super) fn expr(&mut self, e: &Expr) -> Result<D, Diagnostic> {
        use ExprKind as K;
        Ok(match &e.kind {
            K::Sig(s) => self.sig_ref(*s, e.span)?,
            K::Field(f) => self.field_ref(*f, e.span)?,
            K::Var(v) => match self.env.get(v) {
                Some(VarRepr::Atom(x)) => app(format!("{}single", P::REL), vec![t(x.clone())]),
                Some(VarRepr::Rel(x)) => t(x.clone()),
                None => {
                    return Err(err(
                        e.span,
                        format!("internal: unbound variable `{}`", self.m.var(*v).name),
                    ))
                }
            },
            K::Univ => P::univ(e.arity),
            K::Iden => P::iden(),
            K::None => P::none(e.arity),
            K::IntAtoms | K::SeqIdx => {
                return Err(err(
                    e.span,
                    format!(
                        "the {} export does not support `Int` or `seq/Int` (integer atoms)",
                        P::PROVER
                    ),
                )
                .label("integer atoms")
                .hint(format!(
                    "the {} export only translates cardinalities compared with integer literals",
                    P::PROVER
                )))
            }
            K::Union(a, b) => self.op2(&format!("{}union", P::REL), e.arity, a, b)?,
            K::Intersection(a, b) => self.op2(&format!("{}inter", P::REL), e.arity, a, b)?,
            K::Difference(a, b) => self.op2(&format!("{}diff", P::REL), e.arity, a, b)?,
            K::Join(a, b) => {
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                appk(
                    format!("{}join", P::REL),
                    &[a.arity - 1, b.arity - 1],
                    vec![da, db],
                )
            }
            K::Product {
                lhs,
                lmult,
                rmult,
                rhs,
            } => {
                if *lmult != Mult::Set || *rmult != Mult::Set {
                    return Err(err(e.span, "arrow multiplicities are only supported on the right of `in` and in declarations")
                        .label("multiplicity constraint here"));
                }
                let (da, db) = (self.expr(lhs)?, self.expr(rhs)?);
                appk(
                    format!("{}product", P::REL),
                    &[lhs.arity, rhs.arity],
                    vec![da, db],
                )
            }
            K::Override(a, b) => {
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                appk(format!("{}override", P::REL), &[e.arity - 1], vec![da, db])
            }
            K::DomainRestrict(s, r) => {
                let (ds, dr) = (self.expr(s)?, self.expr(r)?);
                appk(format!("{}domr", P::REL), &[r.arity - 1], vec![ds, dr])
            }
            K::RangeRestrict(r, s) => {
                let (dr, ds) = (self.expr(r)?, self.expr(s)?);
                appk(format!("{}ranr", P::REL), &[r.arity - 1], vec![dr, ds])
            }
            K::Transpose(r) => app(format!("{}transpose", P::REL), vec![self.expr(r)?]),
            K::Closure(r) => app(format!("{}closure", P::REL), vec![self.expr(r)?]),
            K::ReflexiveClosure(r) => app(format!("{}rclosure", P::REL), vec![self.expr(r)?]),
            K::Comprehension { decls, body } => {
                let mut names = Vec::new();
                let mut guards = Vec::new();
                let mut bound = 0;
                for d in decls {
                    if d.bound.arity != 1 || d.mult != Mult::One {
                        self.unbind(bound);
                        return Err(err(
                            d.bound.span,
                            "set comprehension over a non-scalar declaration is not supported",
                        ));
                    }
                    let mut these = Vec::new();
                    for v in &d.vars {
                        let x = self.bind(*v, true);
                        bound += 1;
                        guards.push(self.member(&d.bound, &x)?);
                        these.push(x.clone());
                        names.push(x);
                    }
                    if d.disj {
                        guards.extend(disj_atoms(P::NEQ, &these));
                    }
                }
                let body = self.formula(body);
                self.unbind(bound);
                guards.push(body?);
                binder_block(
                    "fun",
                    P::lambda_binders(&names),
                    " =>",
                    connective(P::AND, guards, "True"),
                )
            }
            K::Call(f, args) => {
                let module = self.m.fun(*f).module;
                let mut all = self.ctx_args(module, e.span)?;
                for a in args {
                    all.push(self.expr(a)?);
                }
                app(self.ids.fun[f.index()].clone(), all)
            }
            K::IfThenElse(c, a, b) => {
                let dc = self.formula(c)?;
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                appk(format!("{}ite", P::REL), &[e.arity], vec![dc, da, db])
            }
            K::Let(v, val, body) => {
                let dv = self.expr(val)?;
                let x = self.bind(*v, false);
                let db = self.expr(body);
                self.unbind(1);
                let_doc(P::LET_SEP, &x, dv, db?)
            }
            K::IntToAtom(i) => {
                return Err(err(
                    i.span,
                    format!(
                        "the {} export does not support integers used as atoms",
                        P::PROVER
                    ),
                )
                .hint(format!(
                    "the {} export only translates cardinalities compared with integer literals",
                    P::PROVER
                )))
            }
        })
    }

    pub(super) fn op2(&mut self, op: &str, n: usize, a: &Expr, b: &Expr) -> Result<D, Diagnostic> {
        let (da, db) = (self.expr(a)?, self.expr(b)?);
        Ok(appk(op, &[n], vec![da, db]))
    }

    // -- formulas -----------------------------------------------------------

    pub(super) fn formula(&mut self, f: &Formula) -> Result<D, Diagnostic> {
        use FormulaKind as F;
        Ok(match &f.kind {
            F::True => t("True"),
            F::False => t("False"),
            F::In(a, b) => self.in_formula(a, b)?,
            F::Eq(a, b) => {
                let (da, db) = (self.expr(a)?, self.expr(b)?);
                P::same(a.arity, da, db)
            }
            F::Mult(m, e) => {
                let de = self.expr(e)?;
                appk(P::mult_pred(*m, f.span)?, &[e.arity], vec![de])
            }
            F::IntCmp(op, a, b) => self.int_cmp(*op, a, b, f.span)?,
            F::Not(g) => match &g.kind {
                // `no e` is `not (some e)` in the IR
                F::Mult(Mult::Some, e) => {
                    appk(format!("{}no", P::REL), &[e.arity], vec![self.expr(e)?])
                }
                _ => t(P::NOT).append(self.formula(g)?),
            },
            F::And(gs) => {
                let ds = gs
                    .iter()
                    .map(|g| self.formula(g))
                    .collect::<Result<Vec<_>, _>>()?;
                connective(P::AND, ds, "True")
            }
            F::Or(gs) => {
                let ds = gs
                    .iter()
                    .map(|g| self.formula(g))
                    .collect::<Result<Vec<_>, _>>()?;
                connective(P::OR, ds, "False")
            }
            F::Implies(a, b) => {
                connective(P::IMPLIES, vec![self.formula(a)?, self.formula(b)?], "True")
            }
            F::Iff(a, b) => connective(P::IFF, vec![self.formula(a)?, self.formula(b)?], "True"),
            F::IfThenElse(c, a, b) => {
                let dc = self.formula(c)?;
                let (da, db) = (self.formula(a)?, self.formula(b)?);
                connective(
                    P::AND,
                    vec![
                        connective(P::IMPLIES, vec![dc.clone(), da], ""),
                        connective(P::IMPLIES, vec![t(P::NOT).append(dc), db], ""),
                    ],
                    "True",
                )
            }
            F::Quant(q, decls, body) => self.quant(*q, decls, body, f.span)?,
            F::Call(p, args) => {
                let module = self.m.pred(*p).module;
                let mut all = self.ctx_args(module, f.span)?;
                for a in args {
                    all.push(self.expr(a)?);
                }
                app(self.ids.pred[p.index()].clone(), all)
            }
            F::Let(v, val, body) => {
                let dv = self.expr(val)?;
                let x = self.bind(*v, false);
                let db = self.formula(body);
                self.unbind(1);
                let_doc(P::LET_SEP, &x, dv, db?)
            }
        })
    }

    /// `a in b`; `b` may be an arrow product with multiplicities.
    pub(super) fn in_formula(&mut self, a: &Expr, b: &Expr) -> Result<D, Diagnostic> {
        let da = self.expr(a)?;
        let ExprKind::Product {
            lhs,
            lmult,
            rmult,
            rhs,
        } = &b.kind
        else {
            let db = self.expr(b)?;
            return Ok(appk(format!("{}incl", P::REL), &[a.arity], vec![da, db]));
        };
        let plain = Expr::new(
            ExprKind::Product {
                lhs: lhs.clone(),
                lmult: Mult::Set,
                rmult: Mult::Set,
                rhs: rhs.clone(),
            },
            b.arity,
            b.span,
        );
        let mut parts = vec![appk(
            format!("{}incl", P::REL),
            &[a.arity],
            vec![da.clone(), self.expr(&plain)?],
        )];
        // each tuple of lhs: rmult (t.a)
        if *rmult != Mult::Set {
            parts.push(self.tuple_mult(lhs, &da, a.arity, *rmult, true, b.span)?);
        }
        if *lmult != Mult::Set {
            parts.push(self.tuple_mult(rhs, &da, a.arity, *lmult, false, b.span)?);
        }
        Ok(connective(P::AND, parts, "True"))
    }

    /// `forall x1..xk, side x1..xk -> mult (x1.(...).r)` (left side), or
    /// `forall y1..yk, side y1..yk -> mult (r.yk.(...))` (right side).
    pub(super) fn tuple_mult(
        &mut self,
        side: &Expr,
        r: &D,
        arity: usize,
        mult: Mult,
        left: bool,
        span: Span,
    ) -> Result<D, Diagnostic> {
        if side.has_arrow_mults() {
            return Err(err(
                span,
                format!(
                    "nested arrow multiplicities are not supported by the {} export",
                    P::PROVER
                ),
            ));
        }
        let k = side.arity;
        let mut xs = Vec::new();
        for j in 0..k {
            let base = if left { "x" } else { "y" };
            let mut cand = format!("{base}{j}");
            let mut n = 0;
            while self.in_use(&cand) {
                cand = format!("{base}{j}_{n}");
                n += 1;
            }
            xs.push(cand);
        }
        let mut cur = r.clone();
        let mut ar = arity;
        if left {
            for x in &xs {
                cur = appk(
                    format!("{}join", P::REL),
                    &[0, ar - 1],
                    vec![app(format!("{}single", P::REL), vec![t(x.clone())]), cur],
                );
                ar -= 1;
            }
        } else {
            for x in xs.iter().rev() {
                cur = appk(
                    format!("{}join", P::REL),
                    &[ar - 1, 0],
                    vec![cur, app(format!("{}single", P::REL), vec![t(x.clone())])],
                );
                ar -= 1;
            }
        }
        let guard = self.member(side, &xs.join(" "))?;
        let body = connective(
            P::IMPLIES,
            vec![guard, appk(P::mult_pred(mult, span)?, &[ar], vec![cur])],
            "True",
        );
        Ok(binder_block(
            P::FORALL,
            t(format!("{} : A", xs.join(" "))),
            ",",
            body,
        ))
    }

    pub(super) fn int_cmp(
        &mut self,
        op: IntCmp,
        a: &IntExpr,
        b: &IntExpr,
        span: Span,
    ) -> Result<D, Diagnostic> {
        use IntExprKind as I;
        let (e, op, k) = match (&a.kind, &b.kind) {
            (I::Card(e), I::Lit(k)) => (e, op, *k),
            (I::Lit(k), I::Card(e)) => (e, flip(op), *k),
            (I::Card(l), I::Card(r)) => return self.card_cmp(op, l, r),
            _ => return Err(unsupported_int(P::PROVER, span)),
        };
        let bw = self.ids.bitwidth;
        let (lo, hi) = (-(1i64 << (bw - 1)), (1i64 << (bw - 1)) - 1);
        if k < lo || k > hi {
            return Err(err(span, format!("the integer {k} does not fit in bitwidth {bw}, so Alloy would wrap it"))
                .hint(format!("the {} export reads `#e` as the exact cardinality; use a literal within the bitwidth", P::PROVER)));
        }
        // The set of cardinalities c >= 0 with `c op k`.
        let sat = |c: i64| match op {
            IntCmp::Eq => c == k,
            IntCmp::Ne => c != k,
            IntCmp::Lt => c < k,
            IntCmp::Le => c <= k,
            IntCmp::Gt => c > k,
            IntCmp::Ge => c >= k,
        };
        let de = self.expr(e)?;
        let n = e.arity;
        // Readable forms when the truth set is decided by {0, 1, >= 2}.
        let (s0, s1, s2) = (sat(0), sat(1), sat(2));
        if (2..=k.max(2) + 2).all(|c| sat(c) == s2) {
            let d = match (s0, s1, s2) {
                (true, true, true) => Some(t("True")),
                (false, false, false) => Some(t("False")),
                (true, false, false) => Some(appk(format!("{}no", P::REL), &[n], vec![de.clone()])),
                (false, true, true) => {
                    Some(appk(format!("{}some", P::REL), &[n], vec![de.clone()]))
                }
                (true, true, false) => {
                    Some(appk(format!("{}lone", P::REL), &[n], vec![de.clone()]))
                }
                (false, true, false) => {
                    Some(appk(format!("{}one", P::REL), &[n], vec![de.clone()]))
                }
                _ => None,
            };
            if let Some(d) = d {
                return Ok(d);
            }
        }
        // Otherwise with `atleast n j e` (#e >= j).
        let atleast = |j: i64| {
            if j <= 0 {
                t("True")
            } else {
                app(format!("{}atleast {n} {j}", P::REL), vec![de.clone()])
            }
        };
        let not = |d: D| t(P::NOT).append(d);
        let exactly = |k: i64| {
            if k < 0 {
                t("False")
            } else {
                connective(P::AND, vec![atleast(k), not(atleast(k + 1))], "True")
            }
        };
        Ok(match op {
            IntCmp::Ge => atleast(k),
            IntCmp::Gt => atleast(k + 1),
            IntCmp::Le => not(atleast(k + 1)),
            IntCmp::Lt => not(atleast(k)),
            IntCmp::Eq => exactly(k),
            IntCmp::Ne => not(exactly(k)),
        })
    }

    /// `#l op #r`, exactly: with `card_le` (`#l =< #r`: every count `l`
    /// reaches, `r` reaches too) and `card_lt` (`#l < #r`: `r` reaches one
    /// more), which on a finite universe are the comparisons of the exact
    /// cardinalities. Like `#e op k`, the counts are exact: Alloy's meaning
    /// whenever both fit the bitwidth (a count past it wraps in Alloy).
    pub(super) fn card_cmp(&mut self, op: IntCmp, l: &Expr, r: &Expr) -> Result<D, Diagnostic> {
        let (dl, dr) = (self.expr(l)?, self.expr(r)?);
        let (nl, nr) = (l.arity, r.arity);
        let le = format!("{}card_le", P::REL);
        let lt = format!("{}card_lt", P::REL);
        let cmp = |name: &str, a: &D, na: usize, b: &D, nb: usize| {
            appk(name, &[na, nb], vec![a.clone(), b.clone()])
        };
        let eq = || {
            connective(
                P::AND,
                vec![cmp(&le, &dl, nl, &dr, nr), cmp(&le, &dr, nr, &dl, nl)],
                "True",
            )
        };
        Ok(match op {
            IntCmp::Le => cmp(&le, &dl, nl, &dr, nr),
            IntCmp::Lt => cmp(&lt, &dl, nl, &dr, nr),
            IntCmp::Ge => cmp(&le, &dr, nr, &dl, nl),
            IntCmp::Gt => cmp(&lt, &dr, nr, &dl, nl),
            IntCmp::Eq => eq(),
            IntCmp::Ne => t(P::NOT).append(eq()),
        })
    }

    /// A quantified formula: every variable bound once (a scalar `x: one S`
    /// as an atom, any other as a relation), guarded by its bound, its
    /// multiplicity and `disj`; `one`/`lone` (over scalars only) add a
    /// second copy of the binders for uniqueness.
    pub(super) fn quant(
        &mut self,
        q: Quant,
        decls: &[QuantDecl],
        body: &Formula,
        span: Span,
    ) -> Result<D, Diagnostic> {
        let mut bound = 0;
        let res = self.quant_bound(q, decls, body, span, &mut bound);
        self.unbind(bound);
        res
    }

    /// [`Self::quant`], counting the binders it pushes in `bound`.
    fn quant_bound(
        &mut self,
        q: Quant,
        decls: &[QuantDecl],
        body: &Formula,
        span: Span,
        bound: &mut usize,
    ) -> Result<D, Diagnostic> {
        let mut binders: Vec<(String, bool, usize)> = Vec::new();
        let mut guards = Vec::new();
        for d in decls {
            self.quant_decl(d, bound, &mut binders, &mut guards)?;
        }
        let dbody = self.formula(body)?;
        let bdoc = binder_doc(P::REL_TYPE, &binders);
        let and = |mut g: Vec<D>, last: D| {
            g.push(last);
            connective(P::AND, g, "True")
        };
        Ok(match q {
            Quant::All => binder_block(
                P::FORALL,
                bdoc,
                ",",
                connective(
                    P::IMPLIES,
                    vec![connective(P::AND, guards, "True"), dbody],
                    "True",
                ),
            ),
            Quant::Some => binder_block(P::EXISTS, bdoc, ",", and(guards, dbody)),
            Quant::No => t(P::NOT).append(binder_block(P::EXISTS, bdoc, ",", and(guards, dbody))),
            Quant::One | Quant::Lone => {
                if binders.iter().any(|(_, scalar, _)| !scalar) {
                    return Err(err(span, format!("`one`/`lone` quantifiers over non-scalar variables are not supported by the {} export", P::PROVER)));
                }
                let first: Vec<String> = binders.iter().map(|b| b.0.clone()).collect();
                let unique = self.uniqueness(decls, body, &first)?;
                let (kw, op) = if q == Quant::One {
                    (P::EXISTS, P::AND)
                } else {
                    (P::FORALL, P::IMPLIES)
                };
                let holds = and(guards, dbody);
                binder_block(kw, bdoc, ",", connective(op, vec![holds, unique], "True"))
            }
        })
    }

    /// Binds the variables of one quantifier declaration (counted in
    /// `bound`), adding them to `binders` and their guards to `guards`.
    fn quant_decl(
        &mut self,
        d: &QuantDecl,
        bound: &mut usize,
        binders: &mut Vec<(String, bool, usize)>,
        guards: &mut Vec<D>,
    ) -> Result<(), Diagnostic> {
        let scalar = d.bound.arity == 1 && d.mult == Mult::One;
        let mut these = Vec::new();
        for v in &d.vars {
            let x = self.bind(*v, scalar);
            *bound += 1;
            if scalar {
                guards.push(self.member(&d.bound, &x)?);
            } else {
                let var = Expr::new(ExprKind::Var(*v), d.bound.arity, d.bound.span);
                guards.push(self.in_formula(&var, &d.bound)?);
                if d.mult != Mult::Set {
                    guards.push(appk(
                        P::mult_pred(d.mult, d.bound.span)?,
                        &[d.bound.arity],
                        vec![t(x.clone())],
                    ));
                }
            }
            binders.push((x.clone(), scalar, d.bound.arity));
            these.push(x);
        }
        if !d.disj {
            return Ok(());
        }
        if scalar {
            guards.extend(disj_atoms(P::NEQ, &these));
            return Ok(());
        }
        for (p, a) in these.iter().enumerate() {
            for b2 in &these[p + 1..] {
                guards.push(appk(
                    format!("{}no", P::REL),
                    &[d.bound.arity],
                    vec![appk(
                        format!("{}inter", P::REL),
                        &[d.bound.arity],
                        vec![t(a.clone()), t(b2.clone())],
                    )],
                ));
            }
        }
        Ok(())
    }

    /// `forall y.., guards /\ body -> y = x ..`: the witnesses `first` of
    /// a `one`/`lone` quantifier are the only ones (a second copy of the
    /// scalar binders; the first ones' representations are restored after).
    fn uniqueness(
        &mut self,
        decls: &[QuantDecl],
        body: &Formula,
        first: &[String],
    ) -> Result<D, Diagnostic> {
        let saved: Vec<(VarId, VarRepr)> = decls
            .iter()
            .flat_map(|d| d.vars.iter())
            .map(|v| (*v, self.env[v].clone()))
            .collect();
        let mut second = Vec::new();
        let mut g2 = Vec::new();
        let mut bound2 = 0;
        for d in decls {
            let mut these = Vec::new();
            for v in &d.vars {
                let y = self.bind(*v, true);
                bound2 += 1;
                g2.push(self.member(&d.bound, &y)?);
                these.push(y.clone());
                second.push(y);
            }
            if d.disj {
                g2.extend(disj_atoms(P::NEQ, &these));
            }
        }
        let body2 = self.formula(body);
        self.unbind(bound2);
        for (v, r) in saved {
            self.env.insert(v, r);
        }
        g2.push(body2?);
        let eqs: Vec<D> = first
            .iter()
            .zip(&second)
            .map(|(x, y)| t(format!("{y} = {x}")))
            .collect();
        let b2 = binder_doc(
            P::REL_TYPE,
            &second
                .iter()
                .map(|y| (y.clone(), true, 1))
                .collect::<Vec<_>>(),
        );
        Ok(binder_block(
            P::FORALL,
            b2,
            ",",
            connective(
                P::IMPLIES,
                vec![
                    connective(P::AND, g2, "True"),
                    connective(P::AND, eqs, "True"),
                ],
                "True",
            ),
        ))
    }
}
