//! Expressions and formulas: AST → IR with arities, choosing among the
//! meanings of overloaded names by type relevance.
//!
//! Resolution is bottom-up over *alternatives*: each sub-expression yields
//! every reading that is well-formed (arity-correct), each with its column
//! [`Type`]. Operators combine the readings of their operands and keep the
//! ones whose type is non-empty when there are any. Where a single reading is
//! required (a formula, a declaration bound, a fun body) exactly one must
//! remain, otherwise the name is reported as ambiguous.

use super::env::{BuiltinArg, Cand, Ctx};
use super::error::ResolveError;
use super::types::Type;
use super::Resolver;
use crate::diag::Span;
use crate::ir::{
    self, Expr, ExprKind, Formula, FormulaKind, IntCmp, IntExpr, IntExprKind, Mult, Quant, Shift,
};
use crate::syntax::ast::{self, BinOp, CmpOp, MultKw, QuantKw, UnOp};

type R<T> = Result<T, ResolveError>;

/// Which syntactic class a reading belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Term {
    Rel(Expr),
    Int(IntExpr),
    Form(Formula),
}

/// One reading of an expression.
#[derive(Clone, Debug)]
pub(super) struct Alt {
    pub term: Term,
    /// Column types (arity 0 for formulas: non-empty when relevant).
    pub ty: Type,
    /// The choices made for overloaded names: (span, name, meaning).
    pub picks: Vec<(Span, String, String)>,
    /// For a union (`+`, `++`, nested unions flattened): the type of each
    /// operand and whether it chose a meaning of an overloaded name; empty
    /// otherwise. A join uses them to drop readings that chose a meaning
    /// which cannot meet the other side of the join (see
    /// [`irrelevant_part`]).
    pub parts: Vec<(Type, bool)>,
}

const MAX_ALTS: usize = 16;

/// Arguments chosen so far for a call: (args, all relevant, picks).
type Combo = (Vec<Expr>, bool, Vec<(Span, String, String)>);

impl Alt {
    fn new(term: Term, ty: Type) -> Alt {
        Alt {
            term,
            ty,
            picks: Vec::new(),
            parts: Vec::new(),
        }
    }
    pub(super) fn rel(e: Expr, ty: Type) -> Alt {
        Alt::new(Term::Rel(e), ty)
    }
    fn int(i: IntExpr) -> Alt {
        Alt::new(Term::Int(i), Type::int())
    }
    pub(super) fn form(f: Formula, relevant: bool) -> Alt {
        Alt::new(Term::Form(f), Type::formula(relevant))
    }
    fn with_picks(mut self, a: &[(Span, String, String)], b: &[(Span, String, String)]) -> Alt {
        let mut p = a.to_vec();
        p.extend_from_slice(b);
        p.extend(std::mem::take(&mut self.picks));
        self.picks = p;
        self
    }
}

/// `e` read as a call written one piece at a time: `p` is `(p, [])`,
/// `e[a]` adds `a` to `e`'s arguments, and `x.p` or `x.p[a]` puts `x` first.
fn call_shape(e: &ast::Expr) -> Option<(ast::Name, Vec<ast::Expr>)> {
    match &e.kind {
        ast::ExprKind::Name(n) => Some((n.clone(), Vec::new())),
        ast::ExprKind::BoxJoin(h, args) => {
            let (n, mut given) = call_shape(h)?;
            given.extend(args.iter().cloned());
            Some((n, given))
        }
        ast::ExprKind::Binary(BinOp::Join, recv, f) => {
            let (n, rest) = match &f.kind {
                ast::ExprKind::Name(n) => (n.clone(), Vec::new()),
                ast::ExprKind::BoxJoin(h, args) => match &h.kind {
                    ast::ExprKind::Name(n) => (n.clone(), args.clone()),
                    _ => return None,
                },
                _ => return None,
            };
            let mut given = vec![(**recv).clone()];
            given.extend(rest);
            Some((n, given))
        }
        _ => None,
    }
}

/// How many arrows lie above the `seq` of a declaration bound: 0 for
/// `seq e`, 1 for `A -> (seq e)`; `None` without a `seq` at the right end.
pub(super) fn seq_rows(e: &ast::Expr) -> Option<usize> {
    match &e.kind {
        ast::ExprKind::Unary(UnOp::Seq, _) => Some(0),
        ast::ExprKind::Arrow { rhs, .. } => seq_rows(rhs).map(|d| d + 1),
        _ => None,
    }
}

fn mult_of(m: MultKw) -> Mult {
    match m {
        MultKw::Set => Mult::Set,
        MultKw::One => Mult::One,
        MultKw::Lone => Mult::Lone,
        MultKw::Some => Mult::Some,
    }
}

pub(super) fn b<T>(x: T) -> Box<T> {
    Box::new(x)
}

/// Keep the relevant readings if there are any; drop duplicates.
fn prune(alts: Vec<Alt>) -> Vec<Alt> {
    let any_relevant = alts.iter().any(|a| !a.ty.is_empty());
    let mut out: Vec<Alt> = Vec::new();
    for a in alts {
        if any_relevant && a.ty.is_empty() {
            continue;
        }
        if out.iter().any(|o| o.term == a.term) {
            continue;
        }
        out.push(a);
    }
    // Several readings, each a relation of one arity whose type is empty:
    // each is the empty set, so the expression is `none` (the Analyzer's
    // rule for a choice whose every candidate is empty) and not ambiguous.
    if out.len() > 1 {
        if let Term::Rel(e0) = &out[0].term {
            let (arity, span) = (e0.arity, e0.span);
            let all_empty = out
                .iter()
                .all(|a| a.ty.is_empty() && matches!(&a.term, Term::Rel(e) if e.arity == arity));
            if all_empty {
                let ty = out[0].ty.clone();
                return vec![Alt::rel(Expr::new(ExprKind::None, arity, span), ty)];
            }
        }
    }
    out.truncate(MAX_ALTS);
    out
}

/// The readings in `alts` whose type overlaps that of some reading in
/// `others`; all of them when none does (Alloy then only warns).
fn overlapping(alts: Vec<Alt>, others: &[Alt]) -> Vec<Alt> {
    if alts.len() < 2 {
        return alts;
    }
    let keep: Vec<bool> = alts
        .iter()
        .map(|a| others.iter().any(|o| a.ty.overlaps(&o.ty)))
        .collect();
    if !keep.contains(&true) {
        return alts;
    }
    alts.into_iter()
        .zip(keep)
        .filter_map(|(a, k)| k.then_some(a))
        .collect()
}

/// The operands of a union reading (`x.parts`), or the reading itself.
fn parts_of(x: &Alt) -> Vec<(Type, bool)> {
    if x.parts.is_empty() {
        vec![(x.ty.clone(), !x.picks.is_empty())]
    } else {
        x.parts.clone()
    }
}

/// Whether the join `x.y` has a union operand (in `x` or `y`) that chose
/// a meaning of an overloaded name and whose type cannot take part in the
/// join. The Analyzer resolves each operand of `+`
/// against the type the join leaves for that side (its `ExprBinary.resolve`
/// for JOIN and PLUS): in `this.(prev + next)` the right side must start
/// with `this`'s sig, so a `prev` of `Int -> Int` is not a candidate there.
fn irrelevant_part(x: &Alt, y: &Alt) -> bool {
    let side_irrelevant = |parts: &[(Type, bool)], usable: Type| {
        !usable.is_empty()
            && parts
                .iter()
                .any(|(p, chose)| *chose && !p.overlaps(&usable))
    };
    // The products of y's type that join with x's, and those of x's that join with y's.
    let one = |ty: &Type, t: &Vec<super::types::Prim>| Type::from_tuples(ty.arity, [t.clone()]);
    let right_usable =
        y.ty.tuples
            .iter()
            .filter(|t| !x.ty.join(&one(&y.ty, t)).is_empty())
            .fold(Type::from_tuples(y.ty.arity, []), |acc, t| {
                acc.union(&one(&y.ty, t))
            });
    let left_usable =
        x.ty.tuples
            .iter()
            .filter(|t| !one(&x.ty, t).join(&y.ty).is_empty())
            .fold(Type::from_tuples(x.ty.arity, []), |acc, t| {
                acc.union(&one(&x.ty, t))
            });
    side_irrelevant(&y.parts, right_usable) || side_irrelevant(&x.parts, left_usable)
}

/// Drop the join readings flagged by [`irrelevant_part`] when some reading
/// is not flagged (the Analyzer then never chose the flagged operands).
fn drop_irrelevant_parts(results: Vec<(R<Alt>, bool)>) -> Vec<R<Alt>> {
    let any_clean = results.iter().any(|(r, flag)| r.is_ok() && !flag);
    results
        .into_iter()
        .filter(|(r, flag)| !(any_clean && *flag && r.is_ok()))
        .map(|(r, _)| r)
        .collect()
}

/// Collect the successful results; if there are none, the first error.
fn collect(results: Vec<R<Alt>>) -> R<Vec<Alt>> {
    let mut ok = Vec::new();
    let mut first_err = None;
    for r in results {
        match r {
            Ok(a) => ok.push(a),
            Err(e) => {
                if first_err.is_none() {
                    first_err = Some(e);
                }
            }
        }
    }
    if ok.is_empty() {
        Err(first_err.unwrap_or(ResolveError::Reported))
    } else {
        Ok(prune(ok))
    }
}

fn map_alts(alts: Vec<Alt>, mut f: impl FnMut(&Alt) -> R<Alt>) -> R<Vec<Alt>> {
    collect(
        alts.iter()
            .map(|a| f(a).map(|r| r.with_picks(&a.picks, &[])))
            .collect(),
    )
}

fn cross(a: &[Alt], bs: &[Alt], mut f: impl FnMut(&Alt, &Alt) -> R<Alt>) -> R<Vec<Alt>> {
    let mut results = Vec::new();
    for x in a {
        for y in bs {
            results.push(f(x, y).map(|r| r.with_picks(&x.picks, &y.picks)));
        }
    }
    collect(results)
}

fn kind_name(t: &Term) -> &'static str {
    match t {
        Term::Rel(_) => "a relational expression",
        Term::Int(_) => "an integer expression",
        Term::Form(_) => "a formula",
    }
}

/// A reading as a relational expression (integers become atoms).
pub(super) fn to_rel(a: &Alt, span: Span) -> R<(Expr, Type)> {
    match &a.term {
        Term::Rel(e) => Ok((e.clone(), a.ty.clone())),
        Term::Int(i) => Ok((
            Expr::new(ExprKind::IntToAtom(b(i.clone())), 1, i.span),
            Type::int(),
        )),
        Term::Form(_) => Err(ResolveError::ExpectedExpression {
            found: "a formula",
            span,
        }),
    }
}

/// A reading as an integer (a set of integer atoms is summed).
fn to_int(a: &Alt, span: Span) -> R<IntExpr> {
    match &a.term {
        Term::Int(i) => Ok(i.clone()),
        Term::Rel(e) if e.arity == 1 && (a.ty.is_empty() || a.ty.overlaps(&Type::int())) => {
            Ok(IntExpr {
                kind: IntExprKind::Sum(b(e.clone())),
                span: e.span,
            })
        }
        Term::Rel(e) if e.arity == 1 => Err(ResolveError::ExpectedInteger {
            found: "a set of non-integer atoms".into(),
            span,
        }),
        Term::Rel(e) => Err(ResolveError::ExpectedInteger {
            found: format!("a relation of arity {}", e.arity),
            span,
        }),
        Term::Form(_) => Err(ResolveError::ExpectedInteger {
            found: "a formula".into(),
            span,
        }),
    }
}

fn to_form(a: &Alt, span: Span) -> R<Formula> {
    match &a.term {
        Term::Form(f) => Ok(f.clone()),
        t => Err(ResolveError::ExpectedFormula {
            found: kind_name(t),
            span,
        }),
    }
}

pub(super) fn not(f: Formula, span: Span) -> Formula {
    Formula::new(FormulaKind::Not(b(f)), span)
}

pub(super) fn and_all(fs: Vec<Formula>, span: Span) -> Formula {
    match fs.len() {
        0 => Formula::new(FormulaKind::True, span),
        1 => fs
            .into_iter()
            .next()
            .unwrap_or(Formula::new(FormulaKind::True, span)),
        _ => {
            let mut flat = Vec::new();
            for f in fs {
                match f.kind {
                    FormulaKind::And(inner) => flat.extend(inner),
                    _ => flat.push(f),
                }
            }
            Formula::new(FormulaKind::And(flat), span)
        }
    }
}

/// Integer functions Alloy provides without any `open`.
fn builtin_int(name: &str) -> Option<usize> {
    match name {
        "plus" | "minus" | "mul" | "div" | "rem" => Some(2),
        _ => None,
    }
}

impl Resolver<'_> {
    /// Exactly one reading must remain.
    pub(super) fn single(&self, alts: Vec<Alt>, span: Span) -> R<Alt> {
        let mut alts = prune(alts);
        if alts.len() == 1 {
            return Ok(alts.remove(0));
        }
        let Some(first) = alts.first() else {
            return Err(ResolveError::Reported);
        };
        // Report the first overloaded name whose choice differs.
        for (i, (pspan, name, _)) in first.picks.iter().enumerate() {
            let mut meanings: Vec<String> = Vec::new();
            for a in &alts {
                if let Some((s, _, m)) = a.picks.get(i) {
                    if s == pspan && !meanings.contains(m) {
                        meanings.push(m.clone());
                    }
                }
            }
            if meanings.len() > 1 {
                return Err(ResolveError::Ambiguous {
                    name: name.clone(),
                    span: *pspan,
                    candidates: meanings,
                });
            }
        }
        // No single name explains it (e.g. a receiver call and a join): show
        // the readings themselves.
        let printer = crate::ir::display::Printer::new(&self.model);
        let readings: Vec<String> = alts
            .iter()
            .map(|a| match &a.term {
                Term::Rel(e) => format!("`{}`", printer.expr(e)),
                Term::Int(i) => format!("`{}`", printer.int(i)),
                Term::Form(f) => format!("`{}`", printer.formula(f)),
            })
            .collect();
        Err(ResolveError::AmbiguousReading { span, readings })
    }

    pub(super) fn formula(&mut self, cx: &mut Ctx, e: &ast::Expr) -> R<Formula> {
        let alts = self.expr(cx, e)?;
        let forms = collect(
            alts.iter()
                .map(|a| {
                    to_form(a, e.span).map(|f| Alt {
                        term: Term::Form(f),
                        ty: a.ty.clone(),
                        picks: a.picks.clone(),
                        parts: Vec::new(),
                    })
                })
                .collect(),
        )?;
        match self.single(forms, e.span)?.term {
            Term::Form(f) => Ok(f),
            t => Err(ResolveError::ExpectedFormula {
                found: kind_name(&t),
                span: e.span,
            }),
        }
    }

    /// A block `{ F G }`: every item is resolved and its errors recorded.
    pub(super) fn block(&mut self, cx: &mut Ctx, blk: &ast::Block) -> R<Formula> {
        let mut fs = Vec::new();
        let mut failed = false;
        for item in &blk.items {
            match self.formula(cx, item) {
                Ok(f) => fs.push(f),
                Err(e) => {
                    self.error(e);
                    failed = true;
                }
            }
        }
        if failed {
            return Err(ResolveError::Reported);
        }
        Ok(and_all(fs, blk.span))
    }

    pub(super) fn rel_alts(&mut self, cx: &mut Ctx, e: &ast::Expr) -> R<Vec<Alt>> {
        let alts = self.expr(cx, e)?;
        map_alts(alts, |a| {
            to_rel(a, e.span).map(|(x, t)| {
                let mut r = Alt::rel(x, t);
                r.parts = a.parts.clone();
                r
            })
        })
        .map_err(|err| match (&err, &e.kind) {
            (ResolveError::ExpectedExpression { .. }, ast::ExprKind::Name(n)) => {
                ResolveError::PredAsExpression {
                    name: n.text(),
                    span: e.span,
                }
            }
            _ => err,
        })
    }

    fn int_alts(&mut self, cx: &mut Ctx, e: &ast::Expr) -> R<Vec<Alt>> {
        let alts = self.expr(cx, e)?;
        map_alts(alts, |a| to_int(a, e.span).map(Alt::int))
    }

    /// One relational reading.
    pub(super) fn rel(&mut self, cx: &mut Ctx, e: &ast::Expr) -> R<(Expr, Type)> {
        let alts = self.rel_alts(cx, e)?;
        let a = self.single(alts, e.span)?;
        to_rel(&a, e.span)
    }

    /// A declaration bound `[mult] e`, with Alloy's default multiplicity:
    /// `one` for a set, `set` for a relation.
    pub(super) fn decl_bound(&mut self, cx: &mut Ctx, d: &ast::DeclBound) -> R<(ir::Decl, Type)> {
        if let ast::ExprKind::Unary(UnOp::Seq, inner) = &d.expr.kind {
            return self.seq_bound(cx, d, inner);
        }
        if let ast::ExprKind::Arrow {
            lhs,
            lmult,
            rmult,
            rhs,
        } = &d.expr.kind
        {
            if seq_rows(rhs).is_some() {
                return self.seq_rows_bound(cx, d, (lhs, *lmult, *rmult, rhs));
            }
        }
        let (mult, expr) = match (&d.mult, &d.expr.kind) {
            (None, ast::ExprKind::Unary(UnOp::Mult(m), inner)) => (Some(*m), &**inner),
            (m, _) => (*m, &d.expr),
        };
        let (bound, ty) = self.rel(cx, expr)?;
        let mult = mult.map(mult_of).unwrap_or(if bound.arity == 1 {
            Mult::One
        } else {
            Mult::Set
        });
        Ok((ir::Decl { mult, bound }, ty))
    }

    /// `seq e`: the bound `seq/Int -> lone e` (the rest of Alloy's
    /// `isSeq`, contiguous indices, is [`Self::seq_contiguous`]).
    fn seq_bound(
        &mut self,
        cx: &mut Ctx,
        d: &ast::DeclBound,
        inner: &ast::Expr,
    ) -> R<(ir::Decl, Type)> {
        if d.mult.is_some() {
            return Err(ResolveError::Unsupported {
                what: "a multiplicity before `seq`",
                span: d.expr.span,
                hint: "write `x: seq A` (a sequence is a relation `seq/Int -> lone A`)",
            });
        }
        let (elem, ty) = self.rel(cx, inner)?;
        let idx = Expr::new(ExprKind::SeqIdx, 1, d.expr.span);
        let bound = Expr::product(idx, Mult::Set, Mult::Lone, elem, d.expr.span);
        Ok((
            ir::Decl {
                mult: Mult::Set,
                bound,
            },
            Type::int().product(&ty),
        ))
    }

    /// `A -> (seq e)` (an arrow whose right end is a sequence, as in
    /// `st: Rod -> (seq Disk)`): `A -> (seq/Int -> lone e)`, each row a
    /// sequence ([`Self::seq_rows_contiguous`] adds the contiguity).
    fn seq_rows_bound(
        &mut self,
        cx: &mut Ctx,
        d: &ast::DeclBound,
        (lhs, lmult, rmult, rhs): (&ast::Expr, Option<MultKw>, Option<MultKw>, &ast::Expr),
    ) -> R<(ir::Decl, Type)> {
        if d.mult.is_some() {
            return Err(ResolveError::Unsupported {
                what: "a multiplicity before a relation to sequences",
                span: d.expr.span,
                hint: "write `f: A -> (seq B)` (each row a sequence)",
            });
        }
        let (l, lt) = self.rel(cx, lhs)?;
        if l.arity != 1 {
            return Err(ResolveError::Unsupported {
                what: "a relation to sequences whose rows are not atoms",
                span: lhs.span,
                hint: "the left of `-> (seq B)` must be a set",
            });
        }
        let inner = ast::DeclBound {
            mult: None,
            expr: rhs.clone(),
        };
        let (r, rt) = self.decl_bound(cx, &inner)?;
        let (lm, rm) = (
            lmult.map(mult_of).unwrap_or(Mult::Set),
            rmult.map(mult_of).unwrap_or(Mult::Set),
        );
        let bound = Expr::product(l, lm, rm, r.bound, d.expr.span);
        Ok((
            ir::Decl {
                mult: Mult::Set,
                bound,
            },
            lt.product(&rt),
        ))
    }

    /// The contiguity of every sequence in `s`, declared with `bound`
    /// whose syntax `seq_rows` found `depth` arrows above its `seq`: for
    /// depth 0 `s` is a sequence; else every row `a.s` (`a` in the arrow's
    /// left set) is a relation to sequences of depth one less.
    pub(super) fn seq_rows_contiguous(
        &mut self,
        s: Expr,
        bound: &Expr,
        depth: usize,
        span: Span,
    ) -> Formula {
        let ExprKind::Product { lhs, rhs, .. } = &bound.kind else {
            return self.seq_contiguous(s, span);
        };
        if depth == 0 {
            return self.seq_contiguous(s, span);
        }
        let a = self.new_var("a", 1, span);
        let arity = s.arity - 1;
        let row = Expr::new(
            ExprKind::Join(b(Expr::new(ExprKind::Var(a), 1, span)), b(s)),
            arity,
            span,
        );
        let body = self.seq_rows_contiguous(row, rhs, depth - 1, span);
        Formula::new(
            FormulaKind::Quant(
                Quant::All,
                vec![ir::QuantDecl {
                    vars: vec![a],
                    disj: false,
                    mult: Mult::One,
                    bound: (**lhs).clone(),
                }],
                b(body),
            ),
            span,
        )
    }

    /// Alloy's `isSeq` beyond the bound `seq/Int -> lone e`: the indices of
    /// sequence `s` are `0 .. n-1` (every index but 0 has its predecessor).
    pub(super) fn seq_contiguous(&mut self, s: Expr, span: Span) -> Formula {
        let mut inds = s;
        while inds.arity > 1 {
            let univ = Expr::new(ExprKind::Univ, 1, span);
            let arity = inds.arity - 1;
            inds = Expr::new(ExprKind::Join(b(inds), b(univ)), arity, span);
        }
        let i = self.new_var("i", 1, span);
        let value = || IntExpr {
            kind: IntExprKind::Sum(b(Expr::new(ExprKind::Var(i), 1, span))),
            span,
        };
        let lit = |n| IntExpr {
            kind: IntExprKind::Lit(n),
            span,
        };
        let is_zero = Formula::new(FormulaKind::IntCmp(IntCmp::Eq, b(value()), b(lit(0))), span);
        let pred = IntExpr {
            kind: IntExprKind::Sub(b(value()), b(lit(1))),
            span,
        };
        let has_pred = Formula::new(
            FormulaKind::In(
                b(Expr::new(ExprKind::IntToAtom(b(pred)), 1, span)),
                b(inds.clone()),
            ),
            span,
        );
        Formula::new(
            FormulaKind::Quant(
                Quant::All,
                vec![ir::QuantDecl {
                    vars: vec![i],
                    disj: false,
                    mult: Mult::One,
                    bound: inds,
                }],
                b(Formula::new(FormulaKind::Or(vec![is_zero, has_pred]), span)),
            ),
            span,
        )
    }

    /// Declarations of a quantifier or comprehension; pushes the variables.
    fn quant_decls(
        &mut self,
        cx: &mut Ctx,
        decls: &[ast::ParamDecl],
        unary_only: bool,
    ) -> R<(Vec<ir::QuantDecl>, Type, Vec<Formula>)> {
        let mut out = Vec::new();
        let mut seq_conds = Vec::new();
        let mut prod: Option<Type> = None;
        for d in decls {
            let (decl, ty) = self.decl_bound(cx, &d.bound)?;
            if unary_only && decl.bound.arity != 1 {
                return Err(ResolveError::NeedsUnary {
                    op: "a comprehension variable's bound",
                    arity: decl.bound.arity,
                    span: d.bound.expr.span,
                });
            }
            let mut vars = Vec::new();
            for n in &d.names {
                let v = self.new_var(&n.name, decl.bound.arity, n.span);
                vars.push(v);
                prod = Some(match prod {
                    None => ty.clone(),
                    Some(p) => p.product(&ty),
                });
            }
            for (n, v) in d.names.iter().zip(&vars) {
                cx.vars.push((n.name.clone(), *v, ty.clone()));
            }
            if let Some(depth) = seq_rows(&d.bound.expr) {
                for v in &vars {
                    let span = d.bound.expr.span;
                    let x = Expr::new(ExprKind::Var(*v), decl.bound.arity, span);
                    seq_conds.push(self.seq_rows_contiguous(x, &decl.bound, depth, span));
                }
            }
            out.push(ir::QuantDecl {
                vars,
                disj: d.disj,
                mult: decl.mult,
                bound: decl.bound,
            });
        }
        Ok((out, prod.unwrap_or_else(|| Type::univ(1)), seq_conds))
    }

    /// Every reading of an expression.
    pub(super) fn expr(&mut self, cx: &mut Ctx, e: &ast::Expr) -> R<Vec<Alt>> {
        let span = e.span;
        use ast::ExprKind as K;
        match &e.kind {
            K::Name(n) => {
                if let Some(r) = self.try_macro(cx, n, &[], span) {
                    return r;
                }
                self.name_alts(cx, n)
            }
            K::AtName(n) => {
                let cands = self.lookup_global(cx.module, n)?;
                let fields: Vec<Alt> = cands
                    .iter()
                    .filter_map(|c| match c {
                        Cand::Field(f) => self.field_alt(*f, span).ok(),
                        _ => None,
                    })
                    .collect();
                if fields.is_empty() {
                    if cands.is_empty() {
                        return Err(ResolveError::AtNotField {
                            name: n.text(),
                            span,
                        });
                    }
                    // `@prevs`: `@` only stops a field's `this.` expansion;
                    // on a fun, pred or sig it is the plain name (Alloy).
                    return self.name_alts(cx, n);
                }
                Ok(prune(fields))
            }
            K::This => match &cx.this_var {
                Some((v, ty)) => Ok(vec![Alt::rel(
                    Expr::new(ExprKind::Var(*v), ty.arity, span),
                    ty.clone(),
                )]),
                None => Err(ResolveError::ThisOutsideSig { span }),
            },
            K::Univ => Ok(vec![Alt::rel(
                Expr::new(ExprKind::Univ, 1, span),
                Type::univ(1),
            )]),
            K::Iden => Ok(vec![Alt::rel(
                Expr::new(ExprKind::Iden, 2, span),
                Type::univ(2),
            )]),
            K::None => Ok(vec![Alt::rel(
                Expr::new(ExprKind::None, 1, span),
                Type::univ(1),
            )]),
            K::IntSet => Ok(vec![Alt::rel(
                Expr::new(ExprKind::IntAtoms, 1, span),
                Type::int(),
            )]),
            K::IntLit(n) => Ok(vec![Alt::int(IntExpr {
                kind: IntExprKind::Lit(*n),
                span,
            })]),
            K::IntCast(x) => {
                let alts = self.expr(cx, x)?;
                map_alts(alts, |a| match &a.term {
                    Term::Int(i) => Ok(Alt::rel(
                        Expr::new(ExprKind::IntToAtom(b(i.clone())), 1, span),
                        Type::int(),
                    )),
                    _ => to_int(a, x.span).map(|i| Alt::int(IntExpr { kind: i.kind, span })),
                })
            }
            K::Unary(op, x) => self.unary(cx, *op, x, span),
            K::Binary(op, l, r) => self.binary(cx, *op, l, r, span),
            K::Arrow {
                lhs,
                lmult,
                rmult,
                rhs,
            } => {
                let l = self.rel_alts(cx, lhs)?;
                let r = self.rel_alts(cx, rhs)?;
                let (lm, rm) = (
                    lmult.map(mult_of).unwrap_or(Mult::Set),
                    rmult.map(mult_of).unwrap_or(Mult::Set),
                );
                cross(&l, &r, |x, y| {
                    let (ex, tx) = to_rel(x, lhs.span)?;
                    let (ey, ty) = to_rel(y, rhs.span)?;
                    Ok(Alt::rel(
                        Expr::product(ex, lm, rm, ey, span),
                        tx.product(&ty),
                    ))
                })
            }
            K::Compare {
                op,
                negated,
                lhs,
                rhs,
            } => self.compare(cx, *op, *negated, lhs, rhs, span),
            K::BoxJoin(head, args) => self.box_join(cx, head, args, span),
            K::Quant { q, decls, body } => {
                let quant = match q {
                    QuantKw::All => Quant::All,
                    QuantKw::Some => Quant::Some,
                    QuantKw::No => Quant::No,
                    QuantKw::Lone => Quant::Lone,
                    QuantKw::One => Quant::One,
                    QuantKw::Sum => {
                        let depth = cx.vars.len();
                        let res = self.quant_decls(cx, decls, false).and_then(|(ds, _, _)| {
                            if let Some(d) = ds.iter().find(|d| d.mult != Mult::One) {
                                return Err(ResolveError::Unsupported {
                                    what: "a `sum` over a higher-order declaration",
                                    span: d.bound.span,
                                    hint: "`sum` binds single atoms: `sum x: S | e`",
                                });
                            }
                            let alts = self.int_alts(cx, body)?;
                            let one = self.single(alts, body.span)?;
                            let v = to_int(&one, body.span)?;
                            Ok(IntExpr {
                                kind: IntExprKind::SumOver(ds, b(v)),
                                span,
                            })
                        });
                        cx.vars.truncate(depth);
                        return Ok(vec![Alt::int(res?)]);
                    }
                };
                if matches!(quant, Quant::All | Quant::Some) {
                    if let Some(alt) = self.meta_quant(cx, Some(quant), decls, body, span)? {
                        return Ok(vec![alt]);
                    }
                }
                let depth = cx.vars.len();
                let res = self
                    .quant_decls(cx, decls, false)
                    .and_then(|(ds, _, conds)| {
                        let mut f = self.formula(cx, body)?;
                        if !conds.is_empty() {
                            // `seq` variables range over sequences only
                            let c = and_all(conds, span);
                            f = match quant {
                                Quant::All => Formula::new(FormulaKind::Implies(b(c), b(f)), span),
                                _ => and_all(vec![c, f], span),
                            };
                        }
                        Ok(Formula::new(FormulaKind::Quant(quant, ds, b(f)), span))
                    });
                cx.vars.truncate(depth);
                Ok(vec![Alt::form(res?, true)])
            }
            K::Comprehension { decls, body } => {
                if let Some(alt) = self.meta_quant(cx, None, decls, body, span)? {
                    return Ok(vec![alt]);
                }
                let depth = cx.vars.len();
                let res = self.quant_decls(cx, decls, true).and_then(|(ds, ty, _)| {
                    let f = self.formula(cx, body)?;
                    let arity = ds.iter().map(|d| d.vars.len()).sum();
                    Ok(Alt::rel(
                        Expr::new(
                            ExprKind::Comprehension {
                                decls: ds,
                                body: b(f),
                            },
                            arity,
                            span,
                        ),
                        ty,
                    ))
                });
                cx.vars.truncate(depth);
                Ok(vec![res?])
            }
            K::Let { bindings, body } => self.let_alts(cx, bindings, body, span),
            K::IfThenElse(c, t, f) => {
                let c = self.formula(cx, c)?;
                let ts = self.expr(cx, t)?;
                let fs = self.expr(cx, f)?;
                cross(&ts, &fs, |x, y| match (&x.term, &y.term) {
                    (Term::Form(a), Term::Form(bb)) => Ok(Alt::form(
                        Formula::new(
                            FormulaKind::IfThenElse(b(c.clone()), b(a.clone()), b(bb.clone())),
                            span,
                        ),
                        true,
                    )),
                    (Term::Form(_), _) | (_, Term::Form(_)) => {
                        Err(ResolveError::IfBranches { span })
                    }
                    (Term::Int(_), _) | (_, Term::Int(_)) => {
                        let a = to_int(x, t.span)?;
                        let bb = to_int(y, f.span)?;
                        Ok(Alt::int(IntExpr {
                            kind: IntExprKind::IfThenElse(b(c.clone()), b(a), b(bb)),
                            span,
                        }))
                    }
                    (Term::Rel(a), Term::Rel(bb)) => {
                        if a.arity != bb.arity {
                            return Err(ResolveError::ArityMismatch {
                                op: "else",
                                left: a.arity,
                                right: bb.arity,
                                span,
                            });
                        }
                        Ok(Alt::rel(
                            Expr::new(
                                ExprKind::IfThenElse(b(c.clone()), b(a.clone()), b(bb.clone())),
                                a.arity,
                                span,
                            ),
                            x.ty.union(&y.ty),
                        ))
                    }
                })
            }
            // `{ e }` with one item is `e` itself, of any kind (Alloy's
            // grammar: a block of one expression is that expression), so
            // `let d = e { d > 0 => d else 0 }` is an integer.
            K::Block(blk) if blk.items.len() == 1 => self.expr(cx, &blk.items[0]),
            K::Block(blk) => {
                let mut fs = Vec::new();
                for item in &blk.items {
                    fs.push(self.formula(cx, item)?);
                }
                Ok(vec![Alt::form(and_all(fs, span), true)])
            }
        }
    }

    fn field_alt(&self, f: ir::FieldId, span: Span) -> R<Alt> {
        match &self.field_info[f.index()].ty {
            Some(ty) => Ok(Alt::rel(
                Expr::new(ExprKind::Field(f), self.model.fields[f.index()].arity, span),
                ty.clone(),
            )),
            None => Err(ResolveError::Unsupported {
                what: "a field declaration that uses a field declared after it",
                span,
                hint: "declare the field that is used first",
            }),
        }
    }

    /// The readings of one meaning of a name used without arguments.
    fn cand_alt(&self, c: &Cand, name: &ast::Name) -> R<Alt> {
        let span = name.span;
        match c {
            Cand::Var(v, ty) => Ok(Alt::rel(
                Expr::new(ExprKind::Var(*v), self.model.vars[v.index()].arity, span),
                ty.clone(),
            )),
            Cand::ThisField(v, f) => {
                let field = self.field_alt(*f, span)?;
                let sig = self.model.fields[f.index()].sig;
                let this = Expr::new(ExprKind::Var(*v), 1, span);
                let (fe, fty) = to_rel(&field, span)?;
                let arity = fe.arity - 1;
                Ok(Alt::rel(
                    Expr::new(ExprKind::Join(b(this), b(fe)), arity, span),
                    self.sig_type(sig).join(&fty),
                ))
            }
            Cand::Sig(s) => Ok(Alt::rel(
                Expr::new(ExprKind::Sig(*s), 1, span),
                self.sig_type(*s),
            )),
            Cand::Field(f) => self.field_alt(*f, span),
            Cand::Fun(f) => {
                let info = &self.fun_info[f.index()];
                match (&info.params, &info.result) {
                    (Some(ps), Some(res)) if ps.is_empty() => {
                        let arity = self.model.funs[f.index()].result.bound.arity;
                        Ok(Alt::rel(
                            Expr::new(ExprKind::Call(*f, Vec::new()), arity, span),
                            res.clone(),
                        ))
                    }
                    (Some(ps), _) if !ps.is_empty() => Err(ResolveError::MissingArgs {
                        name: name.text(),
                        expected: ps.len(),
                        span,
                    }),
                    _ => Err(self.not_ready(span)),
                }
            }
            Cand::Pred(p) => match &self.pred_info[p.index()].params {
                Some(ps) if ps.is_empty() => Ok(Alt::form(
                    Formula::new(FormulaKind::Call(*p, Vec::new()), span),
                    true,
                )),
                Some(ps) => Err(ResolveError::MissingArgs {
                    name: name.text(),
                    expected: ps.len(),
                    span,
                }),
                None => Err(self.not_ready(span)),
            },
        }
    }

    fn not_ready(&self, span: Span) -> ResolveError {
        ResolveError::Unsupported {
            what: "calling a fun or pred inside a declaration that comes before its own",
            span,
            hint: "move the called fun/pred before this declaration",
        }
    }

    fn name_alts(&mut self, cx: &mut Ctx, n: &ast::Name) -> R<Vec<Alt>> {
        if n.parts.len() == 2 && n.parts[0] == "seq" && n.parts[1] == "Int" {
            return Ok(vec![Alt::rel(
                Expr::new(ExprKind::SeqIdx, 1, n.span),
                Type::int(),
            )]);
        }
        // A parameter of this module bound to `Int` or `univ` (`open m[Int]`),
        // unless a variable shadows it.
        if let Some(arg) = self.builtin_param(cx.module, n) {
            if !cx.vars.iter().any(|(x, _, _)| x == n.last()) {
                return Ok(vec![match arg {
                    BuiltinArg::Int => {
                        Alt::rel(Expr::new(ExprKind::IntAtoms, 1, n.span), Type::int())
                    }
                    BuiltinArg::Univ => {
                        Alt::rel(Expr::new(ExprKind::Univ, 1, n.span), Type::univ(1))
                    }
                }]);
            }
        }
        if let Some(alt) = self.fun_constant(n) {
            return Ok(vec![alt]);
        }
        // (util/integer does not open itself: there `next` is its own fun)
        let implicit = if self.is_integer_library(cx.module) {
            None
        } else {
            self.implicit_integer_relation(n)
        };
        let cands = match (self.lookup(cx, n), &implicit) {
            (Ok(c), _) => c,
            (Err(_), Some(a)) => return Ok(vec![a.clone()]),
            (Err(e), None) => return Err(e),
        };
        // A variable or (in a sig) a field of `this` shadows the library;
        // a util/integer copy's own `next` fun is that relation itself.
        let shadowed = cands.iter().any(|c| match c {
            Cand::Var(..) | Cand::ThisField(..) => true,
            Cand::Fun(f) => self.is_integer_library(self.fun_info[f.index()].module),
            _ => false,
        });
        let implicit = implicit.filter(|_| !shadowed);
        let many = cands.len() > 1 || implicit.is_some();
        let mut results: Vec<R<Alt>> = cands
            .iter()
            .map(|c| {
                let a = self.cand_alt(c, n)?;
                Ok(if many {
                    a.with_picks(&[(n.span, n.text(), self.describe(c))], &[])
                } else {
                    a
                })
            })
            .collect();
        if let Some(a) = implicit {
            let what = format!("util/integer's `{}` (Int -> Int)", n.text());
            results.push(Ok(a.with_picks(&[(n.span, n.text(), what)], &[])));
        }
        collect(results)
    }

    /// util/integer's `next` and `prev` (`Int -> Int`, the successor
    /// relation without wrap-around, and its converse): the Analyzer opens
    /// util/integer in every module, so these names are always candidates
    /// and compete with fields and funs of the same name by type (a field
    /// `next: Node -> Node` wins where only it is relevant; where both are,
    /// the name is ambiguous, as in the Analyzer).
    pub(super) fn implicit_integer_relation(&mut self, n: &ast::Name) -> Option<Alt> {
        if n.is_qualified() || !matches!(n.last(), "next" | "prev") {
            return None;
        }
        let span = n.span;
        let a = self.new_var("a", 1, span);
        let bv = self.new_var("b", 1, span);
        let value = |v| IntExpr {
            kind: IntExprKind::Sum(b(Expr::new(ExprKind::Var(v), 1, span))),
            span,
        };
        let one = IntExpr {
            kind: IntExprKind::Lit(1),
            span,
        };
        let succ = IntExpr {
            kind: IntExprKind::Add(b(value(a)), b(one)),
            span,
        };
        let body = Formula::new(
            FormulaKind::And(vec![
                Formula::new(
                    FormulaKind::IntCmp(IntCmp::Lt, b(value(a)), b(value(bv))),
                    span,
                ),
                Formula::new(FormulaKind::IntCmp(IntCmp::Eq, b(value(bv)), b(succ)), span),
            ]),
            span,
        );
        let decl = |v| ir::QuantDecl {
            vars: vec![v],
            disj: false,
            mult: Mult::One,
            bound: Expr::new(ExprKind::IntAtoms, 1, span),
        };
        let next = Expr::new(
            ExprKind::Comprehension {
                decls: vec![decl(a), decl(bv)],
                body: b(body),
            },
            2,
            span,
        );
        let e = if n.last() == "prev" {
            Expr::new(ExprKind::Transpose(b(next)), 2, span)
        } else {
            next
        };
        let int = super::types::Prim::Int;
        Some(Alt::rel(e, Type::from_tuples(2, [vec![int, int]])))
    }

    fn unary(&mut self, cx: &mut Ctx, op: UnOp, x: &ast::Expr, span: Span) -> R<Vec<Alt>> {
        match op {
            UnOp::Not => {
                let f = self.formula(cx, x)?;
                Ok(vec![Alt::form(not(f, span), true)])
            }
            UnOp::Mult(MultKw::Set) => Err(ResolveError::SetOutsideDecl { span }),
            UnOp::Seq => Err(ResolveError::SeqOutsideDecl { span }),
            UnOp::No | UnOp::Mult(_) => {
                let alts = self.rel_alts(cx, x)?;
                map_alts(alts, |a| {
                    let (e, ty) = to_rel(a, x.span)?;
                    let f = match op {
                        UnOp::Mult(m) => Formula::new(FormulaKind::Mult(mult_of(m), b(e)), span),
                        _ => not(
                            Formula::new(FormulaKind::Mult(Mult::Some, b(e)), span),
                            span,
                        ),
                    };
                    Ok(Alt::form(f, !ty.is_empty()))
                })
            }
            UnOp::Card => {
                let alts = self.rel_alts(cx, x)?;
                map_alts(alts, |a| {
                    let (e, _) = to_rel(a, x.span)?;
                    Ok(Alt::int(IntExpr {
                        kind: IntExprKind::Card(b(e)),
                        span,
                    }))
                })
            }
            UnOp::Neg => {
                let alts = self.int_alts(cx, x)?;
                map_alts(alts, |a| {
                    Ok(Alt::int(IntExpr {
                        kind: IntExprKind::Neg(b(to_int(a, x.span)?)),
                        span,
                    }))
                })
            }
            UnOp::Transpose | UnOp::Closure | UnOp::ReflexiveClosure => {
                let alts = self.rel_alts(cx, x)?;
                let sym = match op {
                    UnOp::Transpose => "~",
                    UnOp::Closure => "^",
                    _ => "*",
                };
                map_alts(alts, |a| {
                    let (e, ty) = to_rel(a, x.span)?;
                    if e.arity != 2 {
                        return Err(ResolveError::NeedsBinary {
                            op: sym,
                            arity: e.arity,
                            span: x.span,
                        });
                    }
                    let (kind, ty) = match op {
                        UnOp::Transpose => (ExprKind::Transpose(b(e)), ty.transpose()),
                        UnOp::Closure => (ExprKind::Closure(b(e)), ty.closure()),
                        _ => (ExprKind::ReflexiveClosure(b(e)), ty.reflexive_closure()),
                    };
                    let mut alt = Alt::rel(Expr::new(kind, 2, span), ty);
                    // (a union's operands, seen through `~`, `^`, `*`, for
                    // the join around it: `h.^(prev + next)`)
                    alt.parts = a
                        .parts
                        .iter()
                        .map(|(t, chose)| match op {
                            UnOp::Transpose => (t.transpose(), *chose),
                            _ => (t.clone(), *chose),
                        })
                        .collect();
                    Ok(alt)
                })
            }
        }
    }

    fn binary(
        &mut self,
        cx: &mut Ctx,
        op: BinOp,
        l: &ast::Expr,
        r: &ast::Expr,
        span: Span,
    ) -> R<Vec<Alt>> {
        match op {
            BinOp::Or | BinOp::And | BinOp::Implies | BinOp::Iff => {
                let a = self.formula(cx, l)?;
                let c = self.formula(cx, r)?;
                let kind = match op {
                    BinOp::Or => match (a.kind, c.kind) {
                        (FormulaKind::Or(mut xs), FormulaKind::Or(ys)) => {
                            xs.extend(ys);
                            FormulaKind::Or(xs)
                        }
                        (FormulaKind::Or(mut xs), k) => {
                            xs.push(Formula::new(k, c.span));
                            FormulaKind::Or(xs)
                        }
                        (k1, k2) => FormulaKind::Or(vec![
                            Formula::new(k1, a.span),
                            Formula::new(k2, c.span),
                        ]),
                    },
                    BinOp::And => return Ok(vec![Alt::form(and_all(vec![a, c], span), true)]),
                    BinOp::Implies => FormulaKind::Implies(b(a), b(c)),
                    _ => FormulaKind::Iff(b(a), b(c)),
                };
                Ok(vec![Alt::form(Formula::new(kind, span), true)])
            }
            BinOp::Join => self.join(cx, l, r, span),
            BinOp::Shl | BinOp::Sha | BinOp::Shr => {
                let op = match op {
                    BinOp::Shl => Shift::Left,
                    BinOp::Sha => Shift::RightArithmetic,
                    _ => Shift::RightLogical,
                };
                let mut vals = Vec::new();
                for e in [l, r] {
                    let alts = self.int_alts(cx, e)?;
                    let one = self.single(alts, e.span)?;
                    vals.push(to_int(&one, e.span)?);
                }
                let y = vals.pop().expect("two operands");
                let x = vals.pop().expect("two operands");
                let kind = IntExprKind::Shift(op, b(x), b(y));
                Ok(vec![Alt::int(IntExpr { kind, span })])
            }
            _ => {
                let la = self.rel_alts(cx, l)?;
                let ra = self.rel_alts(cx, r)?;
                // Alloy types the right operand of `-` (and both of `&`)
                // within the other's type: `Time - last` with two
                // orderings means the `last` of Time.
                let (la, ra) = match op {
                    BinOp::Diff => {
                        let ra = overlapping(ra, &la);
                        (la, ra)
                    }
                    BinOp::Intersection => {
                        let ra = overlapping(ra, &la);
                        (overlapping(la, &ra), ra)
                    }
                    _ => (la, ra),
                };
                cross(&la, &ra, |x, y| {
                    let (ex, tx) = to_rel(x, l.span)?;
                    let (ey, ty) = to_rel(y, r.span)?;
                    let sym = match op {
                        BinOp::Union => "+",
                        BinOp::Diff => "-",
                        BinOp::Intersection => "&",
                        BinOp::Override => "++",
                        BinOp::DomainRestrict => "<:",
                        _ => ":>",
                    };
                    match op {
                        BinOp::DomainRestrict => {
                            if ex.arity != 1 {
                                return Err(ResolveError::NeedsUnary {
                                    op: "the left operand of `<:`",
                                    arity: ex.arity,
                                    span: l.span,
                                });
                            }
                            let t = Type::domain_restrict(&tx, &ty);
                            let arity = ey.arity;
                            Ok(Alt::rel(
                                Expr::new(ExprKind::DomainRestrict(b(ex), b(ey)), arity, span),
                                t,
                            ))
                        }
                        BinOp::RangeRestrict => {
                            if ey.arity != 1 {
                                return Err(ResolveError::NeedsUnary {
                                    op: "the right operand of `:>`",
                                    arity: ey.arity,
                                    span: r.span,
                                });
                            }
                            let t = Type::range_restrict(&tx, &ty);
                            let arity = ex.arity;
                            Ok(Alt::rel(
                                Expr::new(ExprKind::RangeRestrict(b(ex), b(ey)), arity, span),
                                t,
                            ))
                        }
                        _ => {
                            if ex.arity != ey.arity {
                                return Err(ResolveError::ArityMismatch {
                                    op: sym,
                                    left: ex.arity,
                                    right: ey.arity,
                                    span,
                                });
                            }
                            let arity = ex.arity;
                            let (kind, t) = match op {
                                BinOp::Union => (ExprKind::Union(b(ex), b(ey)), tx.union(&ty)),
                                BinOp::Diff => (ExprKind::Difference(b(ex), b(ey)), tx),
                                BinOp::Intersection => {
                                    (ExprKind::Intersection(b(ex), b(ey)), tx.intersect(&ty))
                                }
                                _ => (ExprKind::Override(b(ex), b(ey)), tx.union(&ty)),
                            };
                            let mut alt = Alt::rel(Expr::new(kind, arity, span), t);
                            if matches!(op, BinOp::Union | BinOp::Override) {
                                alt.parts = parts_of(x);
                                alt.parts.extend(parts_of(y));
                            }
                            Ok(alt)
                        }
                    }
                })
            }
        }
    }

    /// `a.b`, including `x.f` / `x.f[y]` calls with `x` as first argument.
    fn join(&mut self, cx: &mut Ctx, l: &ast::Expr, r: &ast::Expr, span: Span) -> R<Vec<Alt>> {
        if let Some(plain) = self.plain_at(cx, r)? {
            return self.join(cx, l, &plain, span);
        }
        if let Some(r) = self.receiver_macro(cx, l, r, span) {
            return r;
        }
        // `i.Int` with `i` an integer (or a set of Int atoms, which a join
        // with `Int` could not take) is `i`, as the Analyzer reads it.
        if matches!(r.kind, ast::ExprKind::IntSet) {
            let alts = self.expr(cx, l)?;
            let integer = |a: &Alt| matches!(a.term, Term::Int(_)) || a.ty == Type::int();
            if !alts.is_empty() && alts.iter().all(integer) {
                return Ok(alts);
            }
        }
        let la = self.rel_alts(cx, l)?;
        let mut results: Vec<R<Alt>> = Vec::new();
        // Receiver calls.
        let callee = match &r.kind {
            ast::ExprKind::Name(n) => Some((n, &[][..])),
            ast::ExprKind::BoxJoin(h, args) => match &h.kind {
                ast::ExprKind::Name(n) => Some((n, &args[..])),
                _ => None,
            },
            _ => None,
        };
        let mut receiver_tried = false;
        if let Some((n, args)) = callee {
            let shadowed = !n.is_qualified() && cx.vars.iter().any(|(x, _, _)| x == n.last());
            if !shadowed {
                // In a sig fact, `x.p[a]` may also be `p[this, x, a]` (the
                // Analyzer's receiver `this`, penalised: only when no
                // fun/pred takes `x` as its first argument).
                let with_this = self.this_first_callables(cx, n, args.len() + 2);
                let (callables, leading) = match (&cx.this_var, with_this.is_empty()) {
                    (Some((v, ty)), false)
                        if !self
                            .receiver_callables(cx, n, args.len() + 1)
                            .iter()
                            .any(|c| self.takes(c, args.len() + 1)) =>
                    {
                        let this = Alt::rel(Expr::new(ExprKind::Var(*v), 1, n.span), ty.clone());
                        (with_this, vec![vec![this], la.clone()])
                    }
                    _ => (
                        self.receiver_callables(cx, n, args.len() + 1),
                        vec![la.clone()],
                    ),
                };
                if !callables.is_empty() {
                    receiver_tried = true;
                    match self.call_alts(cx, n, &callables, leading, args, false, span) {
                        Ok(alts) => results.extend(alts.into_iter().map(Ok)),
                        Err(e) => results.push(Err(e)),
                    }
                }
            }
        }
        match self.rel_alts(cx, r) {
            Ok(ra) => {
                let mut pairs = Vec::new();
                for x in &la {
                    for y in &ra {
                        pairs.push((
                            self.join_pair(x, y, l.span, r.span, span)
                                .map(|a| a.with_picks(&x.picks, &y.picks)),
                            irrelevant_part(x, y),
                        ));
                    }
                }
                results.extend(drop_irrelevant_parts(pairs));
            }
            Err(e) => {
                if receiver_tried {
                    // A receiver call is the only reading; keep its result or error first.
                    results.push(Err(e));
                } else {
                    return Err(e);
                }
            }
        }
        collect(results)
    }

    /// The funs/preds `n` may call with a receiver and `count` arguments in
    /// all. When none fits but `n` has no other reading (no relation, no
    /// fun without parameters), all of them, so that the call reports the
    /// argument count.
    fn receiver_callables(&self, cx: &Ctx, n: &ast::Name, count: usize) -> Vec<Cand> {
        let cands = self.lookup_global(cx.module, n).unwrap_or_default();
        let fitting: Vec<Cand> = cands
            .iter()
            .filter(|c| self.takes(c, count))
            .cloned()
            .collect();
        if !fitting.is_empty() {
            return fitting;
        }
        let has_value = cands.iter().any(|c| match c {
            Cand::Fun(_) | Cand::Pred(_) => self.takes(c, 0),
            _ => true,
        });
        if has_value {
            Vec::new()
        } else {
            cands
                .into_iter()
                .filter(|c| matches!(c, Cand::Fun(_) | Cand::Pred(_)))
                .collect()
        }
    }

    /// In a sig fact: the funs/preds `n` names that take `count` arguments,
    /// the first of which may be `this`.
    fn this_first_callables(&self, cx: &Ctx, n: &ast::Name, count: usize) -> Vec<Cand> {
        let Some((_, this_ty)) = cx.this_var.as_ref().filter(|_| cx.in_sig_fact) else {
            return Vec::new();
        };
        let cands = self.lookup_global(cx.module, n).unwrap_or_default();
        cands
            .into_iter()
            .filter(|c| self.takes(c, count))
            .filter(|c| {
                let params = match c {
                    Cand::Fun(f) => self.fun_info[f.index()].params.as_ref(),
                    Cand::Pred(p) => self.pred_info[p.index()].params.as_ref(),
                    _ => None,
                };
                params
                    .and_then(|ps| ps.first())
                    .is_some_and(|(arity, ty)| *arity == 1 && ty.overlaps(this_ty))
            })
            .collect()
    }

    /// Whether `c` is a fun/pred with `n` parameters.
    fn takes(&self, c: &Cand, n: usize) -> bool {
        match c {
            Cand::Fun(f) => self.fun_info[f.index()]
                .params
                .as_ref()
                .is_some_and(|p| p.len() == n),
            Cand::Pred(p) => self.pred_info[p.index()]
                .params
                .as_ref()
                .is_some_and(|ps| ps.len() == n),
            _ => false,
        }
    }

    fn join_pair(&self, x: &Alt, y: &Alt, lspan: Span, rspan: Span, span: Span) -> R<Alt> {
        let (ex, tx) = to_rel(x, lspan)?;
        let (ey, ty) = to_rel(y, rspan)?;
        if ex.arity + ey.arity < 3 {
            return Err(ResolveError::JoinArity {
                left: ex.arity,
                right: ey.arity,
                span,
            });
        }
        let arity = ex.arity + ey.arity - 2;
        Ok(Alt::rel(
            Expr::new(ExprKind::Join(b(ex), b(ey)), arity, span),
            tx.join(&ty),
        ))
    }

    /// `e[a, b]`: a call when `e` names funs/preds, else `b.(a.e)`.
    /// `x.m[a, b]` with `m` a `let` macro of three parameters: `m[x, a, b]`
    /// (a receiver call, as for funs and preds).
    fn receiver_macro(
        &mut self,
        cx: &mut Ctx,
        l: &ast::Expr,
        r: &ast::Expr,
        span: Span,
    ) -> Option<R<Vec<Alt>>> {
        let (n, args) = match &r.kind {
            ast::ExprKind::Name(n) => (n, &[][..]),
            ast::ExprKind::BoxJoin(h, args) => match &h.kind {
                ast::ExprKind::Name(n) => (n, &args[..]),
                _ => return None,
            },
            _ => return None,
        };
        if !self.macro_names.contains(n.last()) {
            return None;
        }
        let d = self.find_macro(cx.module, n)?;
        if d.params.len() != args.len() + 1 {
            return None;
        }
        let mut all = vec![l.clone()];
        all.extend(args.iter().cloned());
        self.try_macro(cx, n, &all, span)
    }

    /// `head[args]` where `head` is a partial application (`p[a]`, `x.p`,
    /// `x.p[a]`: fewer arguments than the pred, fun or macro `p` takes and
    /// at least one): `p` and all the arguments, receiver first. This is
    /// how the Analyzer completes a call one bracket at a time
    /// (`incr.then[decr]` passed to a macro that applies it to `[t, t']`).
    fn partial_call(
        &self,
        cx: &Ctx,
        head: &ast::Expr,
        args: &[ast::Expr],
    ) -> Option<(ast::Name, Vec<ast::Expr>)> {
        let (n, mut given) = call_shape(head)?;
        if given.is_empty() || args.is_empty() {
            return None;
        }
        if !n.is_qualified() && cx.vars.iter().any(|(x, _, _)| x == n.last()) {
            return None;
        }
        let macro_params = self
            .find_macro(cx.module, &n)
            .filter(|_| self.macro_names.contains(n.last()))
            .map(|d| d.params.len());
        let counts: Vec<usize> = match macro_params {
            Some(k) => vec![k],
            _ => {
                let cands = self.lookup_global(cx.module, &n).ok()?;
                if cands.is_empty()
                    || !cands
                        .iter()
                        .all(|c| matches!(c, Cand::Fun(_) | Cand::Pred(_)))
                {
                    return None;
                }
                cands
                    .iter()
                    .filter_map(|c| match c {
                        Cand::Fun(f) => self.fun_info[f.index()].params.as_ref().map(|p| p.len()),
                        Cand::Pred(p) => self.pred_info[p.index()].params.as_ref().map(|p| p.len()),
                        _ => None,
                    })
                    .collect()
            }
        };
        // Partial only when no meaning takes the arguments given so far,
        // and completed by these: a pred or fun taking exactly all of them,
        // or a macro (whose extra arguments join its value). A bracket that
        // still leaves the call short is read as before (in a sig fact
        // `x.p[a]` may be `p[this, x, a]`).
        if counts.contains(&given.len()) || !counts.iter().any(|&c| c > given.len()) {
            return None;
        }
        let total = given.len() + args.len();
        let completes = match macro_params {
            Some(k) => total >= k,
            None => counts.contains(&total),
        };
        if !completes {
            return None;
        }
        given.extend(args.iter().cloned());
        Some((n, given))
    }

    /// `@f` where `f` names no field but a fun, pred or sig: the plain
    /// name `f` (`@` only stops a field's `this.` expansion, as in Alloy).
    fn plain_at(&self, cx: &Ctx, e: &ast::Expr) -> R<Option<ast::Expr>> {
        let ast::ExprKind::AtName(n) = &e.kind else {
            return Ok(None);
        };
        let cands = self.lookup_global(cx.module, n)?;
        if cands.is_empty() || cands.iter().any(|c| matches!(c, Cand::Field(_))) {
            return Ok(None);
        }
        Ok(Some(ast::Expr {
            kind: ast::ExprKind::Name(n.clone()),
            span: e.span,
        }))
    }

    pub(super) fn box_join(
        &mut self,
        cx: &mut Ctx,
        head: &ast::Expr,
        args: &[ast::Expr],
        span: Span,
    ) -> R<Vec<Alt>> {
        // A partial application given its remaining arguments.
        if let Some((n, all)) = self.partial_call(cx, head, args) {
            let callee = ast::Expr {
                kind: ast::ExprKind::Name(n.clone()),
                span: n.span,
            };
            return self.box_join(cx, &callee, &all, span);
        }
        // `(x.m)[a]` with `m` a `let` macro of 1 + #args parameters: `m[x, a]`.
        if let ast::ExprKind::Binary(BinOp::Join, recv, m) = &head.kind {
            if let ast::ExprKind::Name(_) = &m.kind {
                let call = ast::Expr {
                    kind: ast::ExprKind::BoxJoin(Box::new((**m).clone()), args.to_vec()),
                    span: m.span.to(span),
                };
                if let Some(r) = self.receiver_macro(cx, recv, &call, span) {
                    return r;
                }
            }
        }
        // `@f[a]` with `f` not a field: the call `f[a]` (see `@` in `expr`).
        if let Some(plain) = self.plain_at(cx, head)? {
            return self.box_join(cx, &plain, args, span);
        }
        // `(x.f)[a]` with `f` a fun/pred of 1 + #args parameters is `f[x, a]`.
        if let ast::ExprKind::Binary(BinOp::Join, recv, f) = &head.kind {
            if let ast::ExprKind::Name(n) = &f.kind {
                let shadowed = !n.is_qualified() && cx.vars.iter().any(|(x, _, _)| x == n.last());
                let callables = if shadowed {
                    Vec::new()
                } else {
                    self.receiver_callables(cx, n, args.len() + 1)
                };
                if !callables.is_empty() {
                    let ra = self.rel_alts(cx, recv)?;
                    let mut results: Vec<R<Alt>> =
                        match self.call_alts(cx, n, &callables, vec![ra], args, false, span) {
                            Ok(a) => a.into_iter().map(Ok).collect(),
                            Err(e) => vec![Err(e)],
                        };
                    // The plain box-join reading, if it is well-formed.
                    if let Ok(heads) = self.rel_alts(cx, head) {
                        if let Ok(alts) = self.box_fold(cx, heads, args, span) {
                            results.extend(alts.into_iter().map(Ok));
                        }
                    }
                    return collect(results);
                }
                if !shadowed
                    && !n.is_qualified()
                    && builtin_int(n.last()) == Some(args.len() + 1)
                    && self
                        .lookup_global(cx.module, n)
                        .map_or(true, |c| c.is_empty())
                {
                    // `x.plus[1]`: a receiver call of a built-in integer function.
                    let mut all = vec![(**recv).clone()];
                    all.extend(args.iter().cloned());
                    return self.builtin_call(cx, n.last(), args.len() + 1, &all, span);
                }
            }
        }
        if let ast::ExprKind::Name(n) = &head.kind {
            if let Some(r) = self.try_macro(cx, n, args, span) {
                return r;
            }
            let shadowed = !n.is_qualified() && cx.vars.iter().any(|(x, _, _)| x == n.last());
            // `fun/add`-style and bare builtin integer functions.
            // (Alloy's library spells the integer operators `fun/add`,
            // `fun/sub`, `fun/mul`, `fun/div`, `fun/rem`; the parser turns
            // their infix uses into these calls)
            let builtin = if n.parts.len() == 2 && n.parts[0] == "fun" {
                match n.parts[1].as_str() {
                    "add" => Some("plus"),
                    "sub" => Some("minus"),
                    s @ ("mul" | "div" | "rem") => Some(s),
                    _ => None,
                }
            } else if !n.is_qualified() {
                Some(n.last())
            } else {
                None
            };
            let cands = if shadowed {
                None
            } else {
                self.lookup_global(cx.module, n).ok()
            };
            let cands = cands.unwrap_or_default();
            let callables: Vec<Cand> = cands
                .iter()
                .filter(|c| matches!(c, Cand::Fun(_) | Cand::Pred(_)))
                .cloned()
                .collect();
            if !shadowed && callables.is_empty() {
                if n.parts.len() == 1 && n.last() == "disj" {
                    return self.builtin_disj(cx, args, span);
                }
                if n.parts.len() == 2 && n.parts[0] == "pred" && n.parts[1] == "totalOrder" {
                    return self.builtin_total_order(cx, args, span);
                }
                if let Some(arity) = builtin.and_then(builtin_int) {
                    return self.builtin_call(cx, builtin.unwrap_or(""), arity, args, span);
                }
            }
            if !callables.is_empty() {
                // Extra arguments join onto a fun's result (`next[i]` with
                // util/integer's `next`) beside the box join of a sig or
                // field of that name and of util/integer's implicit `next`
                // (`next[e.i]` beside util/ordering's `next`): the types
                // pick, as in the Analyzer.
                let calls = self.call_alts(cx, n, &callables, Vec::new(), args, true, span);
                let mut heads: Vec<Alt> = cands
                    .iter()
                    .filter(|c| matches!(c, Cand::Sig(_) | Cand::Field(_)))
                    .filter_map(|c| self.cand_alt(c, n).ok())
                    .collect();
                let integer_fun = cands.iter().any(|c| {
                    matches!(c, Cand::Fun(f)
                        if self.is_integer_library(self.fun_info[f.index()].module))
                });
                if !shadowed && !integer_fun && !self.is_integer_library(cx.module) {
                    heads.extend(self.implicit_integer_relation(n));
                }
                if heads.is_empty() {
                    return calls;
                }
                let mut results: Vec<R<Alt>> = match calls {
                    Ok(a) => a.into_iter().map(Ok).collect(),
                    Err(e) => vec![Err(e)],
                };
                match self.box_fold(cx, heads, args, span) {
                    Ok(a) => results.extend(a.into_iter().map(Ok)),
                    Err(e) => results.push(Err(e)),
                }
                return collect(results);
            }
        }
        let heads = self.rel_alts(cx, head)?;
        self.box_fold(cx, heads, args, span)
    }

    pub(super) fn box_fold(
        &mut self,
        cx: &mut Ctx,
        heads: Vec<Alt>,
        args: &[ast::Expr],
        span: Span,
    ) -> R<Vec<Alt>> {
        let mut cur = heads;
        for a in args {
            let aa = self.rel_alts(cx, a)?;
            let mut results = Vec::new();
            for x in &aa {
                for y in &cur {
                    results.push((
                        self.join_pair(x, y, a.span, span, span)
                            .map(|r| r.with_picks(&x.picks, &y.picks)),
                        irrelevant_part(x, y),
                    ));
                }
            }
            cur = collect(drop_irrelevant_parts(results))?;
        }
        Ok(cur)
    }

    /// Alloy's built-in predicate `disj[a, b, ...]`: the arguments (of
    /// one arity) are pairwise disjoint.
    fn builtin_disj(&mut self, cx: &mut Ctx, args: &[ast::Expr], span: Span) -> R<Vec<Alt>> {
        if args.len() < 2 {
            return Err(ResolveError::ArgCount {
                name: "disj".to_string(),
                expected: vec![2],
                found: args.len(),
                span,
                decl: None,
            });
        }
        let mut es: Vec<Expr> = Vec::new();
        for a in args {
            let alts = self.rel_alts(cx, a)?;
            let one = self.single(alts, a.span)?;
            let (e, _) = to_rel(&one, a.span)?;
            if let Some(first) = es.first() {
                if first.arity != e.arity {
                    return Err(ResolveError::ArgArity {
                        name: "disj".to_string(),
                        index: es.len() + 1,
                        expected: first.arity,
                        found: e.arity,
                        span: a.span,
                    });
                }
            }
            es.push(e);
        }
        let mut parts = Vec::new();
        for (i, x) in es.iter().enumerate() {
            for y in &es[i + 1..] {
                let both = Expr::new(
                    ExprKind::Intersection(b(x.clone()), b(y.clone())),
                    x.arity,
                    span,
                );
                let some = Formula::new(FormulaKind::Mult(Mult::Some, b(both)), span);
                parts.push(not(some, span));
            }
        }
        Ok(vec![Alt::form(and_all(parts, span), true)])
    }

    fn builtin_call(
        &mut self,
        cx: &mut Ctx,
        name: &str,
        arity: usize,
        args: &[ast::Expr],
        span: Span,
    ) -> R<Vec<Alt>> {
        if args.len() != arity {
            return Err(ResolveError::ArgCount {
                name: name.to_string(),
                expected: vec![arity],
                found: args.len(),
                span,
                decl: None,
            });
        }
        let mut vals = Vec::new();
        for a in args {
            let alts = self.int_alts(cx, a)?;
            let one = self.single(alts, a.span)?;
            vals.push(to_int(&one, a.span)?);
        }
        let mut it = vals.into_iter();
        let (x, y) = (it.next(), it.next());
        let kind = match (name, x, y) {
            ("plus", Some(x), Some(y)) => IntExprKind::Add(b(x), b(y)),
            ("minus", Some(x), Some(y)) => IntExprKind::Sub(b(x), b(y)),
            ("mul", Some(x), Some(y)) => IntExprKind::Mul(b(x), b(y)),
            ("div", Some(x), Some(y)) => IntExprKind::Div(b(x), b(y)),
            (_, Some(x), Some(y)) => IntExprKind::Rem(b(x), b(y)),
            _ => {
                return Err(ResolveError::ArgCount {
                    name: name.to_string(),
                    expected: vec![arity],
                    found: args.len(),
                    span,
                    decl: None,
                })
            }
        };
        Ok(vec![Alt::int(IntExpr { kind, span })])
    }

    /// Calls of the given funs/preds; `recv` is the receiver of `x.f[...]`;
    /// `extra`: a fun with fewer parameters than arguments may box-join the
    /// rest onto its result.
    #[allow(clippy::too_many_arguments)]
    fn call_alts(
        &mut self,
        cx: &mut Ctx,
        n: &ast::Name,
        cands: &[Cand],
        leading: Vec<Vec<Alt>>,
        args: &[ast::Expr],
        extra: bool,
        span: Span,
    ) -> R<Vec<Alt>> {
        let mut arg_alts: Vec<(Vec<Alt>, Span)> = Vec::new();
        for r in leading {
            let s = r.first().map_or(span, |a| match &a.term {
                Term::Rel(e) => e.span,
                _ => span,
            });
            arg_alts.push((r, s));
        }
        for a in args {
            let alts = self.expr(cx, a)?;
            let alts = map_alts(alts, |x| to_rel(x, a.span).map(|(e, t)| Alt::rel(e, t)))?;
            arg_alts.push((alts, a.span));
        }
        let found = arg_alts.len();
        let many = cands.len() > 1;
        let receiver = found > args.len();
        // Alloy: a fun of k < found parameters takes the first k arguments,
        // and the rest are box-joined onto its result (`f[a, b]` with one
        // parameter is `b.(f[a])`) — only when no candidate takes them all,
        // and not for receiver calls `x.f[...]` (there the plain join
        // `x.(f[...])` is the other reading) nor when the caller says so.
        let exact = cands.iter().any(|c| self.takes(c, found));
        let extra_ok = extra && !receiver;
        let mut results: Vec<R<Alt>> = Vec::new();
        let mut counts = Vec::new();
        for c in cands {
            let (params, decl_span) = match c {
                Cand::Fun(f) => (
                    self.fun_info[f.index()].params.clone(),
                    self.fun_info[f.index()].span,
                ),
                Cand::Pred(p) => (
                    self.pred_info[p.index()].params.clone(),
                    self.pred_info[p.index()].span,
                ),
                _ => continue,
            };
            let Some(params) = params else {
                results.push(Err(self.not_ready(span)));
                continue;
            };
            counts.push((params.len(), decl_span));
            let extra = extra_ok && params.len() < found && !exact && matches!(c, Cand::Fun(_));
            if params.len() != found && !extra {
                continue;
            }
            // Cartesian product over the argument readings.
            let mut combos: Vec<Combo> = vec![(Vec::new(), true, Vec::new())];
            let mut err = None;
            for (i, ((alts, aspan), (parity, pty))) in arg_alts.iter().zip(&params).enumerate() {
                let mut next = Vec::new();
                for (es, rel, picks) in &combos {
                    for a in alts {
                        let Ok((e, t)) = to_rel(a, *aspan) else {
                            continue;
                        };
                        if e.arity != *parity {
                            err.get_or_insert(ResolveError::ArgArity {
                                name: n.text(),
                                index: i + 1,
                                expected: *parity,
                                found: e.arity,
                                span: *aspan,
                            });
                            continue;
                        }
                        let mut es2 = es.clone();
                        es2.push(e);
                        let mut p2 = picks.clone();
                        p2.extend(a.picks.iter().cloned());
                        next.push((es2, *rel && t.overlaps(pty), p2));
                        if next.len() > MAX_ALTS * 4 {
                            break;
                        }
                    }
                }
                combos = next;
            }
            if combos.is_empty() {
                results.push(Err(err.unwrap_or(ResolveError::Reported)));
                continue;
            }
            for (es, relevant, picks) in combos {
                let mut alt = match c {
                    Cand::Fun(f) => {
                        let arity = self.model.funs[f.index()].result.bound.arity;
                        let ty = self.fun_info[f.index()]
                            .result
                            .clone()
                            .unwrap_or_else(|| Type::univ(arity));
                        let ty = if relevant {
                            ty
                        } else {
                            Type {
                                arity,
                                tuples: Default::default(),
                            }
                        };
                        Alt::rel(Expr::new(ExprKind::Call(*f, es), arity, span), ty)
                    }
                    Cand::Pred(p) => {
                        Alt::form(Formula::new(FormulaKind::Call(*p, es), span), relevant)
                    }
                    _ => continue,
                };
                alt.picks = picks;
                if many {
                    alt.picks.push((n.span, n.text(), self.describe(c)));
                }
                // Box-join the remaining arguments; each join needs a result
                // of arity >= 2, else this reading is dropped (and, with no
                // other, the call reports its argument count).
                let mut cur = vec![alt];
                for (alts, aspan) in &arg_alts[params.len()..] {
                    let mut next = Vec::new();
                    for y in &cur {
                        let Term::Rel(ey) = &y.term else { continue };
                        if ey.arity < 2 {
                            continue;
                        }
                        for x in alts {
                            if let Ok(a) = self.join_pair(x, y, *aspan, span, span) {
                                next.push(a.with_picks(&x.picks, &y.picks));
                            }
                        }
                    }
                    cur = next;
                }
                results.extend(cur.into_iter().map(Ok));
            }
        }
        if results.is_empty() {
            let mut expected: Vec<usize> = counts
                .iter()
                .map(|(c, _)| c.saturating_sub(usize::from(found > args.len())))
                .collect();
            expected.sort();
            expected.dedup();
            return Err(ResolveError::ArgCount {
                name: n.text(),
                expected,
                found: args.len(),
                span,
                decl: if counts.len() == 1 {
                    Some(counts[0].1)
                } else {
                    None
                },
            });
        }
        collect(results)
    }

    fn compare(
        &mut self,
        cx: &mut Ctx,
        op: CmpOp,
        negated: bool,
        l: &ast::Expr,
        r: &ast::Expr,
        span: Span,
    ) -> R<Vec<Alt>> {
        let la = self.expr(cx, l)?;
        let ra = self.expr(cx, r)?;
        cross(&la, &ra, |x, y| {
            let wrap = |f: Formula, relevant: bool| {
                Alt::form(if negated { not(f, span) } else { f }, relevant)
            };
            let int_cmp = |c: IntCmp| -> R<Alt> {
                let a = to_int(x, l.span)?;
                let bb = to_int(y, r.span)?;
                Ok(wrap(
                    Formula::new(FormulaKind::IntCmp(c, b(a), b(bb)), span),
                    true,
                ))
            };
            match op {
                CmpOp::Lt => int_cmp(IntCmp::Lt),
                CmpOp::Le => int_cmp(IntCmp::Le),
                CmpOp::Gt => int_cmp(IntCmp::Gt),
                CmpOp::Ge => int_cmp(IntCmp::Ge),
                // Two integers compare as integers; an integer against a
                // set (`#A = #B + 1`, where `+` is union) compares as sets of
                // Int atoms, as in Alloy.
                CmpOp::Eq if matches!(x.term, Term::Int(_)) && matches!(y.term, Term::Int(_)) => {
                    let a = to_int(x, l.span)?;
                    let bb = to_int(y, r.span)?;
                    let c = if negated { IntCmp::Ne } else { IntCmp::Eq };
                    Ok(Alt::form(
                        Formula::new(FormulaKind::IntCmp(c, b(a), b(bb)), span),
                        true,
                    ))
                }
                CmpOp::Eq | CmpOp::In => {
                    let (ex, tx) = to_rel(x, l.span)?;
                    let (ey, ty) = to_rel(y, r.span)?;
                    if ex.arity != ey.arity {
                        let sym = if op == CmpOp::In { "in" } else { "=" };
                        return Err(ResolveError::ArityMismatch {
                            op: sym,
                            left: ex.arity,
                            right: ey.arity,
                            span,
                        });
                    }
                    let relevant = tx.overlaps(&ty) || tx.is_empty() && ty.is_empty();
                    let kind = if op == CmpOp::In {
                        FormulaKind::In(b(ex), b(ey))
                    } else {
                        FormulaKind::Eq(b(ex), b(ey))
                    };
                    Ok(wrap(Formula::new(kind, span), relevant))
                }
            }
        })
    }

    /// `all x: M | F`, `some x: M | F` and `{x: M | F}` (`quant` `None`)
    /// where `M` has only meta atoms, read as the Analyzer reads them: `F`
    /// once per meta sig `S$` that `M` may contain, with `x` bound to `S$`
    /// (so `x.value` has `S$`'s type), joined by `and`/`or`/`+`. `None`
    /// when the declaration is not of that form.
    fn meta_quant(
        &mut self,
        cx: &mut Ctx,
        quant: Option<Quant>,
        decls: &[ast::ParamDecl],
        body: &ast::Expr,
        span: Span,
    ) -> R<Option<Alt>> {
        let [d] = decls else { return Ok(None) };
        let [name] = &d.names[..] else {
            return Ok(None);
        };
        if !self.meta {
            return Ok(None);
        }
        let (decl, ty) = self.decl_bound(cx, &d.bound)?;
        let meta_ty = [super::meta::META_SIG, super::meta::META_FIELD]
            .iter()
            .filter_map(|n| self.meta_root_sig(n))
            .fold(Type::unary([]), |t, s| t.union(&self.sig_type(s)));
        let metas = self.meta_children();
        if decl.mult != Mult::One || ty.is_empty() || ty.intersect(&meta_ty) != ty {
            return Ok(None);
        }
        let mut forms = Vec::new();
        let mut sets: Option<(Expr, Type)> = None;
        for child in metas {
            let child_ty = self.sig_type(child);
            if !child_ty.overlaps(&ty) {
                continue;
            }
            let atom = Expr::new(ExprKind::Sig(child), 1, name.span);
            let v = self.new_var(&name.name, 1, name.span);
            cx.vars.push((name.name.clone(), v, child_ty.clone()));
            let f = self.formula(cx, body);
            cx.vars.pop();
            let inside = Formula::new(
                FormulaKind::In(b(atom.clone()), b(decl.bound.clone())),
                span,
            );
            let f = Formula::new(FormulaKind::Let(v, b(atom.clone()), b(f?)), span);
            match quant {
                Some(Quant::All) => {
                    forms.push(Formula::new(FormulaKind::Implies(b(inside), b(f)), span))
                }
                Some(_) => forms.push(and_all(vec![inside, f], span)),
                None => {
                    let none = Expr::new(ExprKind::None, 1, span);
                    let cond = and_all(vec![inside, f], span);
                    let e = Expr::new(ExprKind::IfThenElse(b(cond), b(atom), b(none)), 1, span);
                    sets = Some(match sets {
                        None => (e, child_ty),
                        Some((u, t)) => (
                            Expr::new(ExprKind::Union(b(u), b(e)), 1, span),
                            t.union(&child_ty),
                        ),
                    });
                }
            }
        }
        Ok(Some(match quant {
            Some(Quant::All) => Alt::form(and_all(forms, span), true),
            Some(_) if forms.is_empty() => Alt::form(Formula::new(FormulaKind::False, span), true),
            Some(_) => Alt::form(Formula::new(FormulaKind::Or(forms), span), true),
            None => match sets {
                Some((e, t)) => Alt::rel(e, t),
                None => Alt::rel(Expr::new(ExprKind::None, 1, span), ty),
            },
        }))
    }

    fn let_alts(
        &mut self,
        cx: &mut Ctx,
        bindings: &[(ast::Ident, ast::Expr)],
        body: &ast::Expr,
        span: Span,
    ) -> R<Vec<Alt>> {
        let depth = cx.vars.len();
        let res = self.let_inner(cx, bindings, body, span);
        cx.vars.truncate(depth);
        res
    }

    fn let_inner(
        &mut self,
        cx: &mut Ctx,
        bindings: &[(ast::Ident, ast::Expr)],
        body: &ast::Expr,
        span: Span,
    ) -> R<Vec<Alt>> {
        let Some(((name, value), rest)) = bindings.split_first() else {
            return self.expr(cx, body);
        };
        let alts = self.expr(cx, value)?;
        let one = self.single(alts, value.span)?;
        if let Term::Form(_) = one.term {
            return Err(ResolveError::Unsupported {
                what: "binding a formula with `let`",
                span: value.span,
                hint: "use a `pred` for a named formula",
            });
        }
        let (e, ty) = to_rel(&one, value.span)?;
        let v = self.new_var(&name.name, e.arity, name.span);
        cx.vars.push((name.name.clone(), v, ty));
        let inner = self.let_inner(cx, rest, body, span)?;
        map_alts(inner, |a| {
            Ok(match &a.term {
                Term::Form(f) => Alt::form(
                    Formula::new(FormulaKind::Let(v, b(e.clone()), b(f.clone())), span),
                    !a.ty.is_empty(),
                ),
                Term::Int(i) => Alt::int(IntExpr {
                    kind: IntExprKind::Let(v, b(e.clone()), b(i.clone())),
                    span,
                }),
                Term::Rel(x) => Alt::rel(
                    Expr::new(ExprKind::Let(v, b(e.clone()), b(x.clone())), x.arity, span),
                    a.ty.clone(),
                ),
            })
        })
    }
}
