//! An independent evaluator of the IR over a concrete [`Instance`].
//!
//! This is the reference semantics every verdict is checked against: it
//! computes tuple sets directly (no circuit, no SAT), so an instance reported
//! by the engine can be re-checked formula by formula, and tiny models can be
//! decided by brute force ([`super::brute`]).
//!
//! Semantic choices (Alloy's, as far as they go):
//! * `univ` is the set of atoms of the instance: the atoms of the top-level
//!   sigs plus every integer atom of the bitwidth. Universe atoms that belong
//!   to no sig are not part of `univ` (nor of `iden`).
//! * Integers wrap around the bitwidth (two's complement) after every
//!   operation, `#e` included. `div` truncates towards zero, `rem` takes the
//!   sign of the dividend. Division by zero, whose value Kodkod leaves to its
//!   division circuit (flagging an overflow), is fixed here as relprove's
//!   translator fixes it: `x div 0 = 0`, `x rem 0 = x`.
//! * Calls are inlined: arguments are bound to the parameters without
//!   checking the parameters' declarations (as Alloy does).
//! * Quantified variables range over every value allowed by their
//!   declaration: `one` = singletons of the bound, `lone` = empty or
//!   singleton, `some` / `set` = non-empty / all subsets, filtered by the
//!   bound's arrow multiplicities; `disj` makes the variables of one
//!   declaration pairwise disjoint. `lone` / `one` quantifiers count the
//!   satisfying bindings of all variables together (Alloy reads
//!   `one x: A, y: B | F` as `one {x: A, y: B | F}`).
//! * Skolem witnesses stored in the instance only confirm: a top-level
//!   existential is first tried with the engine's witness, re-checked here
//!   against its declaration and body; without a fitting witness it is
//!   re-decided by enumeration.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use rustc_hash::FxHashMap;

use crate::diag::{Diagnostic, Phase, Span};
use crate::ir::{
    CommandId, CommandKind, CommandTarget, Decl, Expr, ExprKind, FieldId, Formula, FormulaKind,
    FunId, IntCmp, IntExpr, IntExprKind, Model, Mult, PredId, Quant, QuantDecl, SigId, SigKind,
    VarId,
};

use super::{wrap_int, Atom, Instance, Tuple, TupleSet};

/// Largest number of candidate values a higher-order declaration (`set`,
/// `some`, or a multi-tuple bound) may have before the evaluator gives up.
pub const MAX_SUBSET_TUPLES: usize = 20;
/// Maximum nesting of pred/fun calls (guards against recursive definitions).
pub const MAX_CALL_DEPTH: usize = 64;

/// Values of the bound variables in scope.
#[derive(Clone, Debug, Default)]
pub struct Env {
    vals: BTreeMap<VarId, TupleSet>,
    depth: usize,
}

impl Env {
    /// An empty environment.
    pub fn new() -> Env {
        Env::default()
    }
    /// Binds `v` to `val`, returning its previous value.
    pub fn bind(&mut self, v: VarId, val: TupleSet) -> Option<TupleSet> {
        self.vals.insert(v, val)
    }
    /// The value of `v`, if bound.
    pub fn get(&self, v: VarId) -> Option<&TupleSet> {
        self.vals.get(&v)
    }
    fn restore(&mut self, v: VarId, old: Option<TupleSet>) {
        match old {
            Some(o) => {
                self.vals.insert(v, o);
            }
            None => {
                self.vals.remove(&v);
            }
        }
    }
}

/// Why a formula could not be evaluated (never "the formula is false").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// A variable was used outside of its binder.
    UnboundVar {
        /// The variable.
        var: VarId,
        /// Where it is used.
        span: Span,
    },
    /// The instance has no value for a sig or field of the model.
    MissingSig(SigId),
    /// The instance has no value for a field of the model.
    MissingField(FieldId),
    /// A tuple set of the wrong arity was found (in the instance or computed).
    Arity {
        /// The arity expected.
        expected: usize,
        /// The arity found.
        found: usize,
        /// Where it was found.
        span: Span,
    },
    /// Calls nested deeper than [`MAX_CALL_DEPTH`].
    CallDepth {
        /// The call that is too deep.
        span: Span,
    },
    /// A higher-order declaration ranges over too many values.
    TooLarge {
        /// Number of tuples whose subsets the declaration ranges over.
        tuples: usize,
        /// The declaration.
        span: Span,
    },
    /// Bad command id, or a command/instance that does not fit the model.
    BadCommand(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::UnboundVar { var, .. } => write!(f, "evaluator: unbound variable #{}", var.0),
            EvalError::MissingSig(s) => write!(f, "evaluator: instance has no value for sig #{}", s.0),
            EvalError::MissingField(x) => write!(f, "evaluator: instance has no value for field #{}", x.0),
            EvalError::Arity { expected, found, .. } => {
                write!(f, "evaluator: tuple of arity {found} where arity {expected} was expected")
            }
            EvalError::CallDepth { .. } => {
                write!(f, "evaluator: calls nested deeper than {MAX_CALL_DEPTH} (recursive predicate or function?)")
            }
            EvalError::TooLarge { tuples, .. } => write!(
                f,
                "evaluator: a higher-order declaration ranges over subsets of {tuples} tuples (limit {MAX_SUBSET_TUPLES})"
            ),
            EvalError::BadCommand(m) => write!(f, "evaluator: {m}"),
        }
    }
}

impl std::error::Error for EvalError {}

impl EvalError {
    /// Where the error occurred, when known.
    pub fn span(&self) -> Option<Span> {
        match self {
            EvalError::UnboundVar { span, .. }
            | EvalError::Arity { span, .. }
            | EvalError::CallDepth { span }
            | EvalError::TooLarge { span, .. } => Some(*span),
            _ => None,
        }
    }
    /// The error as a diagnostic of the translate phase (with its span, when known).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let msg = self.to_string();
        match self.span() {
            Some(s) => Diagnostic::new(Phase::Translate, s, msg),
            None => Diagnostic::without_span(Phase::Translate, msg),
        }
    }
}

type R<T> = Result<T, EvalError>;

/// The atoms of `univ`: top-level sig atoms and integer atoms.
pub fn univ_atoms(model: &Model, inst: &Instance) -> R<BTreeSet<Atom>> {
    let mut out = BTreeSet::new();
    for s in model.top_level_sigs() {
        for t in sig_value(inst, s)? {
            out.insert(t[0]);
        }
    }
    for (i, a) in inst.universe.atoms.iter().enumerate() {
        if a.int.is_some() {
            out.insert(i as Atom);
        }
    }
    Ok(out)
}

fn sig_value(inst: &Instance, s: SigId) -> R<&TupleSet> {
    inst.sigs.get(&s).ok_or(EvalError::MissingSig(s))
}

fn field_value(inst: &Instance, f: FieldId) -> R<&TupleSet> {
    inst.fields.get(&f).ok_or(EvalError::MissingField(f))
}

/// Evaluation context: the model, the instance, `univ` computed once, and
/// the values of parameterless functions and predicates already evaluated.
/// (A call binds its parameters in a fresh scope, so the body of one
/// without parameters sees only the instance: its value is the same at
/// every call site. A memory model's derived relations — `cause`, `sw`,
/// `ms` — are such functions, each used by several axioms.)
struct Ctx<'a> {
    model: &'a Model,
    inst: &'a Instance,
    univ: BTreeSet<Atom>,
    funs: RefCell<FxHashMap<FunId, TupleSet>>,
    preds: RefCell<FxHashMap<PredId, bool>>,
}

impl<'a> Ctx<'a> {
    fn new(model: &'a Model, inst: &'a Instance) -> R<Ctx<'a>> {
        Ok(Ctx {
            model,
            inst,
            univ: univ_atoms(model, inst)?,
            funs: RefCell::default(),
            preds: RefCell::default(),
        })
    }
    fn bw(&self) -> u32 {
        self.inst.universe.bitwidth
    }
    fn wrap(&self, v: i64) -> i64 {
        wrap_int(v, self.bw())
    }
}

/// Evaluate a relational expression.
pub fn eval_expr(model: &Model, inst: &Instance, env: &mut Env, e: &Expr) -> R<TupleSet> {
    Ctx::new(model, inst)?.expr(env, e)
}

/// Evaluate an integer expression (wrapped into the instance's bitwidth).
pub fn eval_int(model: &Model, inst: &Instance, env: &mut Env, e: &IntExpr) -> R<i64> {
    Ctx::new(model, inst)?.int(env, e)
}

/// Evaluate a formula.
pub fn eval_formula(model: &Model, inst: &Instance, env: &mut Env, f: &Formula) -> R<bool> {
    Ctx::new(model, inst)?.formula(env, f)
}

// ---------------------------------------------------------------- set algebra

fn join(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let mut by_first: BTreeMap<Atom, Vec<&Tuple>> = BTreeMap::new();
    for t in b {
        by_first.entry(t[0]).or_default().push(t);
    }
    let mut out = TupleSet::new();
    for s in a {
        let last = *s.last().expect("tuples are non-empty");
        if let Some(ts) = by_first.get(&last) {
            for t in ts {
                let mut r: Tuple = s[..s.len() - 1].to_vec();
                r.extend_from_slice(&t[1..]);
                out.insert(r);
            }
        }
    }
    out
}

fn product(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let mut out = TupleSet::new();
    for s in a {
        for t in b {
            let mut r = s.clone();
            r.extend_from_slice(t);
            out.insert(r);
        }
    }
    out
}

fn closure(r: &TupleSet) -> TupleSet {
    let mut acc = r.clone();
    loop {
        let step = join(&acc, r);
        let before = acc.len();
        acc.extend(step);
        if acc.len() == before {
            return acc;
        }
    }
}

fn mult_holds(m: Mult, n: usize) -> bool {
    match m {
        Mult::Set => true,
        Mult::One => n == 1,
        Mult::Lone => n <= 1,
        Mult::Some => n >= 1,
    }
}

/// All subsets of `ts` (in a deterministic order: by bitmask).
fn subsets(ts: &TupleSet, span: Span) -> R<Vec<TupleSet>> {
    let v: Vec<&Tuple> = ts.iter().collect();
    if v.len() > MAX_SUBSET_TUPLES {
        return Err(EvalError::TooLarge {
            tuples: v.len(),
            span,
        });
    }
    let mut out = Vec::with_capacity(1 << v.len());
    for mask in 0u64..(1u64 << v.len()) {
        out.push(
            v.iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, t)| (*t).clone())
                .collect(),
        );
    }
    Ok(out)
}

impl<'a> Ctx<'a> {
    fn iden(&self) -> TupleSet {
        self.univ.iter().map(|&a| vec![a, a]).collect()
    }

    fn int_atoms(&self) -> TupleSet {
        self.inst
            .universe
            .atoms
            .iter()
            .enumerate()
            .filter(|(_, a)| a.int.is_some())
            .map(|(i, _)| vec![i as Atom])
            .collect()
    }

    fn expr(&self, env: &mut Env, e: &Expr) -> R<TupleSet> {
        let v = match &e.kind {
            ExprKind::Sig(s) => sig_value(self.inst, *s)?.clone(),
            ExprKind::Field(f) => field_value(self.inst, *f)?.clone(),
            ExprKind::Var(v) => env.get(*v).cloned().ok_or(EvalError::UnboundVar {
                var: *v,
                span: e.span,
            })?,
            ExprKind::Univ => self.univ.iter().map(|&a| vec![a]).collect(),
            ExprKind::Iden => self.iden(),
            ExprKind::None => TupleSet::new(),
            ExprKind::IntAtoms => self.int_atoms(),
            ExprKind::SeqIdx => {
                // seq/Int: the integers 0 .. maxseq-1, found by value
                let u = &self.inst.universe;
                (0..u.maxseq as i64)
                    .filter_map(|v| u.int_atom(v))
                    .map(|a| vec![a])
                    .collect()
            }
            ExprKind::Union(a, b) => {
                let mut x = self.expr(env, a)?;
                x.extend(self.expr(env, b)?);
                x
            }
            ExprKind::Intersection(a, b) => {
                let x = self.expr(env, a)?;
                let y = self.expr(env, b)?;
                x.intersection(&y).cloned().collect()
            }
            ExprKind::Difference(a, b) => {
                let x = self.expr(env, a)?;
                let y = self.expr(env, b)?;
                x.difference(&y).cloned().collect()
            }
            ExprKind::Join(a, b) => join(&self.expr(env, a)?, &self.expr(env, b)?),
            ExprKind::Product { lhs, rhs, .. } => {
                product(&self.expr(env, lhs)?, &self.expr(env, rhs)?)
            }
            ExprKind::Override(a, b) => {
                let x = self.expr(env, a)?;
                let y = self.expr(env, b)?;
                let dom: BTreeSet<Atom> = y.iter().map(|t| t[0]).collect();
                let mut out: TupleSet = x.into_iter().filter(|t| !dom.contains(&t[0])).collect();
                out.extend(y);
                out
            }
            ExprKind::DomainRestrict(s, r) => {
                let s: BTreeSet<Atom> = self.expr(env, s)?.into_iter().map(|t| t[0]).collect();
                self.expr(env, r)?
                    .into_iter()
                    .filter(|t| s.contains(&t[0]))
                    .collect()
            }
            ExprKind::RangeRestrict(r, s) => {
                let s: BTreeSet<Atom> = self.expr(env, s)?.into_iter().map(|t| t[0]).collect();
                self.expr(env, r)?
                    .into_iter()
                    .filter(|t| s.contains(t.last().unwrap()))
                    .collect()
            }
            ExprKind::Transpose(r) => self
                .expr(env, r)?
                .into_iter()
                .map(|t| t.into_iter().rev().collect())
                .collect(),
            ExprKind::Closure(r) => closure(&self.expr(env, r)?),
            ExprKind::ReflexiveClosure(r) => {
                let mut c = closure(&self.expr(env, r)?);
                c.extend(self.iden());
                c
            }
            ExprKind::Comprehension { decls, body } => {
                let mut out = TupleSet::new();
                let vars: Vec<VarId> = decls.iter().flat_map(|d| d.vars.iter().copied()).collect();
                self.bindings(env, decls, 0, 0, &mut |ctx, env| {
                    if ctx.formula(env, body)? {
                        let mut acc: TupleSet = std::iter::once(Vec::new()).collect();
                        for v in &vars {
                            acc = product(&acc, env.get(*v).expect("bound by bindings"));
                        }
                        out.extend(acc);
                    }
                    Ok(true)
                })?;
                out
            }
            ExprKind::Call(fun, args) if args.is_empty() => {
                if let Some(v) = self.funs.borrow().get(fun) {
                    return Ok(v.clone());
                }
                let f = self.model.fun(*fun);
                let v = self.with_call(env, e.span, &[], Vec::new(), |ctx, env| {
                    ctx.expr(env, &f.body)
                })?;
                self.funs.borrow_mut().insert(*fun, v.clone());
                v
            }
            ExprKind::Call(fun, args) => {
                let f = self.model.fun(*fun);
                let vals = args
                    .iter()
                    .map(|a| self.expr(env, a))
                    .collect::<R<Vec<_>>>()?;
                let vars: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
                self.with_call(env, e.span, &vars, vals, |ctx, env| ctx.expr(env, &f.body))?
            }
            ExprKind::IfThenElse(c, a, b) => {
                if self.formula(env, c)? {
                    self.expr(env, a)?
                } else {
                    self.expr(env, b)?
                }
            }
            ExprKind::Let(v, val, body) => {
                let x = self.expr(env, val)?;
                let old = env.bind(*v, x);
                let r = self.expr(env, body);
                env.restore(*v, old);
                r?
            }
            ExprKind::IntToAtom(i) => {
                let n = self.int(env, i)?;
                self.inst
                    .universe
                    .int_atom(n)
                    .map(|a| vec![a])
                    .into_iter()
                    .collect()
            }
        };
        if let Some(t) = v.iter().find(|t| t.len() != e.arity) {
            return Err(EvalError::Arity {
                expected: e.arity,
                found: t.len(),
                span: e.span,
            });
        }
        Ok(v)
    }

    /// Bind call parameters to argument values (in a fresh scope for the
    /// parameters only: bodies see nothing of the caller but globals).
    fn with_call<T>(
        &self,
        env: &mut Env,
        span: Span,
        vars: &[VarId],
        vals: Vec<TupleSet>,
        k: impl FnOnce(&Self, &mut Env) -> R<T>,
    ) -> R<T> {
        if env.depth >= MAX_CALL_DEPTH {
            return Err(EvalError::CallDepth { span });
        }
        let mut inner = Env {
            vals: BTreeMap::new(),
            depth: env.depth + 1,
        };
        for (v, x) in vars.iter().zip(vals) {
            inner.bind(*v, x);
        }
        k(self, &mut inner)
    }

    fn int(&self, env: &mut Env, e: &IntExpr) -> R<i64> {
        let v = match &e.kind {
            IntExprKind::Lit(n) => *n,
            IntExprKind::Card(x) => self.expr(env, x)?.len() as i64,
            IntExprKind::SumOver(decls, body) => {
                let mut acc = 0i64;
                self.bindings(env, decls, 0, 0, &mut |ctx, env| {
                    acc = ctx.wrap(acc + ctx.int(env, body)?);
                    Ok(true)
                })?;
                acc
            }
            IntExprKind::Sum(x) => {
                let s = self.expr(env, x)?;
                let mut acc = 0i64;
                for t in &s {
                    if let Some(n) = self.inst.universe.int_value(t[0]) {
                        acc = self.wrap(acc + n);
                    }
                }
                acc
            }
            IntExprKind::Add(a, b) => self.int(env, a)? + self.int(env, b)?,
            IntExprKind::Sub(a, b) => self.int(env, a)? - self.int(env, b)?,
            IntExprKind::Mul(a, b) => self.int(env, a)?.wrapping_mul(self.int(env, b)?),
            IntExprKind::Div(a, b) => {
                let x = self.int(env, a)?;
                let y = self.int(env, b)?;
                if y == 0 {
                    0
                } else {
                    x / y
                }
            }
            IntExprKind::Rem(a, b) => {
                let x = self.int(env, a)?;
                let y = self.int(env, b)?;
                if y == 0 {
                    x
                } else {
                    x % y
                }
            }
            IntExprKind::Neg(a) => -self.int(env, a)?,
            IntExprKind::Shift(op, a, b) => {
                let (x, y) = (self.int(env, a)?, self.int(env, b)?);
                crate::ir::shift(*op, x, y, self.bw())
            }
            IntExprKind::IfThenElse(c, a, b) => {
                if self.formula(env, c)? {
                    self.int(env, a)?
                } else {
                    self.int(env, b)?
                }
            }
            IntExprKind::Let(v, val, body) => {
                let x = self.expr(env, val)?;
                let old = env.bind(*v, x);
                let r = self.int(env, body);
                env.restore(*v, old);
                r?
            }
        };
        Ok(self.wrap(v))
    }

    fn formula(&self, env: &mut Env, f: &Formula) -> R<bool> {
        Ok(match &f.kind {
            FormulaKind::True => true,
            FormulaKind::False => false,
            FormulaKind::In(a, b) => {
                let x = self.expr(env, a)?;
                self.is_in(env, &x, b)?
            }
            FormulaKind::Eq(a, b) => self.expr(env, a)? == self.expr(env, b)?,
            FormulaKind::Mult(m, e) => {
                let n = self.expr(env, e)?.len();
                match m {
                    // `Set` is never produced for formulas (no constraint).
                    Mult::Set => true,
                    _ => mult_holds(*m, n),
                }
            }
            FormulaKind::IntCmp(op, a, b) => {
                let x = self.int(env, a)?;
                let y = self.int(env, b)?;
                match op {
                    IntCmp::Eq => x == y,
                    IntCmp::Ne => x != y,
                    IntCmp::Lt => x < y,
                    IntCmp::Le => x <= y,
                    IntCmp::Gt => x > y,
                    IntCmp::Ge => x >= y,
                }
            }
            FormulaKind::Not(g) => !self.formula(env, g)?,
            FormulaKind::And(gs) => {
                for g in gs {
                    if !self.formula(env, g)? {
                        return Ok(false);
                    }
                }
                true
            }
            FormulaKind::Or(gs) => {
                for g in gs {
                    if self.formula(env, g)? {
                        return Ok(true);
                    }
                }
                false
            }
            FormulaKind::Implies(a, b) => !self.formula(env, a)? || self.formula(env, b)?,
            FormulaKind::Iff(a, b) => self.formula(env, a)? == self.formula(env, b)?,
            FormulaKind::IfThenElse(c, a, b) => {
                if self.formula(env, c)? {
                    self.formula(env, a)?
                } else {
                    self.formula(env, b)?
                }
            }
            FormulaKind::Quant(q, decls, body) => self.quant(env, *q, decls, body)?,
            FormulaKind::Call(p, args) if args.is_empty() => {
                if let Some(&b) = self.preds.borrow().get(p) {
                    return Ok(b);
                }
                let pred = self.model.pred(*p);
                let b = self.with_call(env, f.span, &[], Vec::new(), |ctx, env| {
                    ctx.formula(env, &pred.body)
                })?;
                self.preds.borrow_mut().insert(*p, b);
                b
            }
            FormulaKind::Call(p, args) => {
                let pred = self.model.pred(*p);
                let vals = args
                    .iter()
                    .map(|a| self.expr(env, a))
                    .collect::<R<Vec<_>>>()?;
                let vars: Vec<VarId> = pred.params.iter().map(|p| p.var).collect();
                self.with_call(env, f.span, &vars, vals, |ctx, env| {
                    ctx.formula(env, &pred.body)
                })?
            }
            FormulaKind::Let(v, val, body) => {
                let x = self.expr(env, val)?;
                let old = env.bind(*v, x);
                let r = self.formula(env, body);
                env.restore(*v, old);
                r?
            }
        })
    }

    fn quant(&self, env: &mut Env, q: Quant, decls: &[QuantDecl], body: &Formula) -> R<bool> {
        let mut count = 0usize;
        let mut result = None;
        self.bindings(env, decls, 0, 0, &mut |ctx, env| {
            let b = ctx.formula(env, body)?;
            match (q, b) {
                (Quant::All, false) => result = Some(false),
                (Quant::Some, true) => result = Some(true),
                (Quant::No, true) => result = Some(false),
                (Quant::Lone, true) | (Quant::One, true) => {
                    count += 1;
                    if count > 1 {
                        result = Some(false);
                    }
                }
                _ => {}
            }
            Ok(result.is_none())
        })?;
        Ok(match result {
            Some(r) => r,
            None => match q {
                Quant::All => true,
                Quant::Some => false,
                Quant::No => true,
                Quant::Lone => true,
                Quant::One => count == 1,
            },
        })
    }

    /// The values a declaration `x: mult bound` allows for one variable.
    fn decl_values(&self, env: &mut Env, mult: Mult, bound: &Expr) -> R<Vec<TupleSet>> {
        let b = self.expr(env, bound)?;
        let arrows = bound.has_arrow_mults();
        let cands: Vec<TupleSet> = match mult {
            Mult::One if !arrows => b
                .iter()
                .map(|t| std::iter::once(t.clone()).collect())
                .collect(),
            Mult::Lone if !arrows => std::iter::once(TupleSet::new())
                .chain(b.iter().map(|t| std::iter::once(t.clone()).collect()))
                .collect(),
            _ => subsets(&b, bound.span)?
                .into_iter()
                .filter(|s| mult_holds(mult, s.len()))
                .collect(),
        };
        if !arrows {
            return Ok(cands);
        }
        let mut out = Vec::new();
        for c in cands {
            if self.is_in(env, &c, bound)? {
                out.push(c);
            }
        }
        Ok(out)
    }

    /// Enumerate every binding of the declarations `decls[i..]` (variable `j`
    /// of `decls[i]` next), calling `k` on each complete binding; `k` returns
    /// whether to continue. Returns whether the enumeration ran to the end.
    fn bindings(
        &self,
        env: &mut Env,
        decls: &[QuantDecl],
        i: usize,
        j: usize,
        k: &mut dyn FnMut(&Self, &mut Env) -> R<bool>,
    ) -> R<bool> {
        if i == decls.len() {
            return k(self, env);
        }
        let d = &decls[i];
        if j == d.vars.len() {
            return self.bindings(env, decls, i + 1, 0, k);
        }
        let v = d.vars[j];
        // The bound may depend on earlier variables: evaluate it here.
        let vals = self.decl_values(env, d.mult, &d.bound)?;
        for val in vals {
            if d.disj
                && d.vars[..j].iter().any(|w| {
                    env.get(*w)
                        .is_some_and(|x| x.intersection(&val).next().is_some())
                })
            {
                continue;
            }
            let old = env.bind(v, val);
            let r = self.bindings(env, decls, i, j + 1, k);
            env.restore(v, old);
            if !r? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `x in e`, where `e` may carry arrow multiplicities (Alloy's meaning:
    /// `r in A m->n B` iff `r in A->B`, every tuple `a` of `A` has `a.r` with
    /// multiplicity `n` and `in B` (recursively), and every tuple `b` of `B`
    /// has `r.b` with multiplicity `m` and `in A` (recursively)).
    fn is_in(&self, env: &mut Env, x: &TupleSet, e: &Expr) -> R<bool> {
        match &e.kind {
            ExprKind::Product {
                lhs,
                lmult,
                rmult,
                rhs,
            } if e.has_arrow_mults() => {
                let a = self.expr(env, lhs)?;
                let b = self.expr(env, rhs)?;
                let (na, nb) = (lhs.arity, rhs.arity);
                if !x
                    .iter()
                    .all(|t| t.len() == na + nb && a.contains(&t[..na]) && b.contains(&t[na..]))
                {
                    return Ok(false);
                }
                for ta in &a {
                    let img: TupleSet = x
                        .iter()
                        .filter(|t| &t[..na] == ta.as_slice())
                        .map(|t| t[na..].to_vec())
                        .collect();
                    if !mult_holds(*rmult, img.len()) || !self.is_in(env, &img, rhs)? {
                        return Ok(false);
                    }
                }
                for tb in &b {
                    let pre: TupleSet = x
                        .iter()
                        .filter(|t| &t[na..] == tb.as_slice())
                        .map(|t| t[..na].to_vec())
                        .collect();
                    if !mult_holds(*lmult, pre.len()) || !self.is_in(env, &pre, lhs)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => {
                let y = self.expr(env, e)?;
                Ok(x.is_subset(&y))
            }
        }
    }

    /// `f` holds (`not f` when `neg`). The skolemized existentials are
    /// tried first with the engine's witnesses ([`Ctx::witnessed`], which
    /// only confirms: a witness is re-checked against its declaration and
    /// the body, and without a fitting one the quantifier is decided
    /// directly). Deciding `some disj x1..x9: Event | …` directly first
    /// enumerates up to 9! bindings of the body: 5 s of an 8 s run of
    /// fig11c_isa2_rel_fence (issue 24). Where direct evaluation is out of
    /// reach ([`EvalError::TooLarge`]) the witnesses are the only route.
    fn holds(&self, f: &Formula, neg: bool, prefix: &str) -> R<bool> {
        // `witnessed` decides every part it cannot confirm by a witness
        // directly, so its `false` is final.
        self.witnessed(&mut Env::new(), f, neg, prefix)
    }

    /// The truth of `f` (of `not f` when `neg`), where the existentials the
    /// engine skolemized at the top level (`some` outside, `all` and `no`
    /// under a negation, through `and`, calls and `let`) are decided by the witness
    /// it recorded (`${prefix}_{var}`), checked against the declaration
    /// here; everything else is evaluated directly. A witness that
    /// satisfies the declaration and the body proves the existential, so
    /// this can only confirm; without a usable witness it evaluates as
    /// usual.
    fn witnessed(&self, env: &mut Env, f: &Formula, neg: bool, prefix: &str) -> R<bool> {
        match (&f.kind, neg) {
            (FormulaKind::Not(g), _) => self.witnessed(env, g, !neg, prefix),
            (FormulaKind::And(gs), false) | (FormulaKind::Or(gs), true) => {
                for g in gs {
                    if !self.witnessed(env, g, neg, prefix)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (FormulaKind::Implies(a, b), true) => {
                Ok(self.witnessed(env, a, false, prefix)?
                    && self.witnessed(env, b, true, prefix)?)
            }
            (FormulaKind::Let(v, x, body), _) => {
                let val = self.expr(env, x)?;
                let old = env.bind(*v, val);
                let r = self.witnessed(env, body, neg, prefix);
                env.restore(*v, old);
                r
            }
            (FormulaKind::Call(p, args), _) => {
                let pred = self.model.pred(*p);
                let vals = args
                    .iter()
                    .map(|a| self.expr(env, a))
                    .collect::<R<Vec<_>>>()?;
                let vars: Vec<VarId> = pred.params.iter().map(|p| p.var).collect();
                self.with_call(env, f.span, &vars, vals, |ctx, env| {
                    ctx.witnessed(env, &pred.body, neg, prefix)
                })
            }
            // As the engine skolemizes: `some`, `not all`, `not no`.
            (FormulaKind::Quant(q @ (Quant::Some | Quant::All | Quant::No), decls, body), _)
                if (*q == Quant::Some) != neg =>
            {
                let body_neg = *q == Quant::All;
                let mut bound: Vec<(VarId, Option<TupleSet>)> = Vec::new();
                let mut ok = true;
                'decls: for d in decls {
                    let mut group: Vec<TupleSet> = Vec::new();
                    for &v in &d.vars {
                        let name = format!("${prefix}_{}", self.model.var(v).name);
                        let mut found = None;
                        for (_, w) in self.inst.skolems.iter().filter(|(n, _)| *n == name) {
                            let fits = mult_holds(d.mult, w.len())
                                && self.is_in(env, w, &d.bound)?
                                && !(d.disj
                                    && group.iter().any(|g| g.intersection(w).next().is_some()));
                            if fits {
                                found = Some(w.clone());
                                break;
                            }
                        }
                        let Some(w) = found else {
                            ok = false;
                            break 'decls;
                        };
                        group.push(w.clone());
                        bound.push((v, env.bind(v, w)));
                    }
                }
                let r = if ok {
                    self.witnessed(env, body, body_neg, prefix)
                } else {
                    Err(EvalError::BadCommand(String::new()))
                };
                for (v, old) in bound.into_iter().rev() {
                    env.restore(v, old);
                }
                match r {
                    Ok(true) => Ok(true),
                    // No usable witness, or it does not satisfy the body:
                    // decide the quantifier itself.
                    _ => self.formula(env, f).map(|v| v != neg),
                }
            }
            _ => self.formula(env, f).map(|v| v != neg),
        }
    }

    /// `v` satisfies the declaration `mult bound` (a field's right-hand
    /// side, a parameter).
    fn decl_holds(&self, env: &mut Env, v: &TupleSet, d: &Decl) -> R<bool> {
        Ok(mult_holds(d.mult, v.len()) && self.is_in(env, v, &d.bound)?)
    }
}

// ------------------------------------------------------------ model-level

/// Why an instance violates the model's implicit or explicit constraints (for
/// messages and tests); [`facts_hold`] is `violations(..).is_empty()`.
pub fn violations(model: &Model, inst: &Instance) -> R<Vec<String>> {
    let ctx = Ctx::new(model, inst)?;
    let mut out = Vec::new();
    let nonint = |t: &Tuple| {
        inst.universe.int_value(t[0]).is_none() && (t[0] as usize) < inst.universe.len()
    };
    // Sig hierarchy.
    let tops: Vec<SigId> = model.top_level_sigs().collect();
    for s in model.sig_ids() {
        let sig = model.sig(s);
        let v = sig_value(inst, s)?;
        if v.iter().any(|t| t.len() != 1) {
            out.push(format!("sig {} is not unary", sig.label));
            continue;
        }
        match &sig.kind {
            SigKind::TopLevel => {
                if !v.iter().all(nonint) {
                    out.push(format!(
                        "sig {} contains an integer or unknown atom",
                        sig.label
                    ));
                }
            }
            SigKind::Extends(p) => {
                if !v.is_subset(sig_value(inst, *p)?) {
                    out.push(format!(
                        "sig {} is not a subset of its parent {}",
                        sig.label,
                        model.sig(*p).label
                    ));
                }
            }
            SigKind::Subset(ps) => {
                let mut u = TupleSet::new();
                for p in ps {
                    u.extend(sig_value(inst, *p)?.iter().cloned());
                }
                if sig.in_int {
                    u.extend(ctx.int_atoms());
                }
                if !v.is_subset(&u) {
                    out.push(format!(
                        "subset sig {} is not within its parents",
                        sig.label
                    ));
                }
            }
        }
        if let Some(m) = sig.mult {
            if !mult_holds(m, v.len()) {
                out.push(format!(
                    "sig {} violates its multiplicity `{}`",
                    sig.label,
                    m.keyword()
                ));
            }
        }
        let children: Vec<SigId> = model.children(s).collect();
        for (i, &c) in children.iter().enumerate() {
            for &d in &children[i + 1..] {
                if sig_value(inst, c)?
                    .intersection(sig_value(inst, d)?)
                    .next()
                    .is_some()
                {
                    out.push(format!(
                        "sibling sigs {} and {} overlap",
                        model.sig(c).label,
                        model.sig(d).label
                    ));
                }
            }
        }
        if sig.is_abstract && !children.is_empty() {
            let mut u = TupleSet::new();
            for &c in &children {
                u.extend(sig_value(inst, c)?.iter().cloned());
            }
            if *v != u {
                out.push(format!(
                    "abstract sig {} is not the union of its children",
                    sig.label
                ));
            }
        }
    }
    for (i, &a) in tops.iter().enumerate() {
        for &b in &tops[i + 1..] {
            if sig_value(inst, a)?
                .intersection(sig_value(inst, b)?)
                .next()
                .is_some()
            {
                out.push(format!(
                    "top-level sigs {} and {} overlap",
                    model.sig(a).label,
                    model.sig(b).label
                ));
            }
        }
    }
    // Field declarations.
    let mut env = Env::new();
    for fid in model.field_ids() {
        let f = model.field(fid);
        let rel = field_value(inst, fid)?;
        if let Some(t) = rel.iter().find(|t| t.len() != f.arity) {
            return Err(EvalError::Arity {
                expected: f.arity,
                found: t.len(),
                span: f.span,
            });
        }
        let owner = sig_value(inst, f.sig)?;
        if !rel.iter().all(|t| owner.contains(&t[..1])) {
            out.push(format!(
                "field {} has a tuple outside its sig {}",
                f.name,
                model.sig(f.sig).label
            ));
        }
        for this in owner {
            let img: TupleSet = rel
                .iter()
                .filter(|t| t[0] == this[0])
                .map(|t| t[1..].to_vec())
                .collect();
            let old = env.bind(f.this_var, std::iter::once(this.clone()).collect());
            let ok = ctx.decl_holds(&mut env, &img, &f.decl);
            env.restore(f.this_var, old);
            if !ok? {
                out.push(format!(
                    "field {} of {} violates its declaration",
                    f.name,
                    inst.universe.label(this[0])
                ));
            }
        }
    }
    // `disj f, g: e`: the fields of one declaration (one `decl_group`) are
    // pairwise disjoint for every atom, i.e. as relations.
    let mut groups: BTreeMap<u32, Vec<FieldId>> = BTreeMap::new();
    for fid in model.field_ids() {
        if model.field(fid).disj {
            groups
                .entry(model.field(fid).decl_group)
                .or_default()
                .push(fid);
        }
    }
    for g in groups.values() {
        for (x, &a) in g.iter().enumerate() {
            for &b in &g[x + 1..] {
                let rb = field_value(inst, b)?;
                if let Some(t) = field_value(inst, a)?.iter().find(|t| rb.contains(*t)) {
                    out.push(format!(
                        "disj fields {} and {} overlap at {}",
                        model.field(a).name,
                        model.field(b).name,
                        inst.universe.label(t[0])
                    ));
                }
            }
        }
    }
    // `f: disj e`: distinct atoms of the sig have disjoint values.
    for fid in model.field_ids() {
        let f = model.field(fid);
        if !f.disj_values {
            continue;
        }
        let mut owner: BTreeMap<&[Atom], Atom> = BTreeMap::new();
        for t in field_value(inst, fid)? {
            match owner.insert(&t[1..], t[0]) {
                Some(o) if o != t[0] => out.push(format!(
                    "field {} (declared `disj`) has a common value for {} and {}",
                    f.name,
                    inst.universe.label(o),
                    inst.universe.label(t[0])
                )),
                _ => {}
            }
        }
    }
    // Facts.
    for fact in &model.facts {
        let prefix = fact.name.as_deref().unwrap_or("fact");
        if !ctx.holds(&fact.body, false, prefix)? {
            out.push(match &fact.name {
                Some(n) => format!("fact {n} does not hold"),
                None => "an anonymous fact does not hold".to_string(),
            });
        }
    }
    Ok(out)
}

/// Every implicit constraint (sig hierarchy, multiplicities, field
/// declarations, `disj`) and every fact holds.
pub fn facts_hold(model: &Model, inst: &Instance) -> R<bool> {
    Ok(violations(model, inst)?.is_empty())
}

/// The command's own formula (without the facts): for `run` the predicate
/// (parameters existentially quantified over their declarations) or the
/// inline block; for `check` the negation of the assertion.
pub fn command_goal(model: &Model, cmd: CommandId, inst: &Instance) -> R<bool> {
    let c = model
        .commands
        .get(cmd.index())
        .ok_or_else(|| EvalError::BadCommand(format!("no command #{}", cmd.0)))?;
    let ctx = Ctx::new(model, inst)?;
    let mut env = Env::new();
    // The goal: a run's formula holds, a check's is false.
    let neg = c.kind == CommandKind::Check;
    let goal = match &c.target {
        CommandTarget::Inline(f) => ctx.holds(f, neg, &c.name)?,
        CommandTarget::Assert(a) => ctx.holds(&model.assert(*a).body, neg, &c.name)?,
        CommandTarget::Pred(p) => {
            let pred = model.pred(*p);
            // some p1: decl1, p2: decl2, ... | body, decided through the
            // parameters' witnesses (`${pred}_{param}`) and the body's own
            // where they fit, directly otherwise. Direct first spent 25 s
            // of a 31 s run on Khronos's fencefence3 (issue 42): its body's
            // `some disj E0,…,E9: E` has 10! bindings.
            let decls = crate::ir::param_decls(&pred.params);
            let named = Formula::new(
                FormulaKind::Quant(Quant::Some, decls, Box::new(pred.body.clone())),
                pred.span,
            );
            ctx.witnessed(&mut env, &named, neg, &pred.name)?
        }
    };
    Ok(goal)
}

/// The instance is a witness for the command: the facts hold and the goal
/// ([`command_goal`]) holds — an instance of a `run`, a counterexample of a
/// `check`.
pub fn command_satisfied(model: &Model, cmd: CommandId, inst: &Instance) -> R<bool> {
    if model.commands.get(cmd.index()).is_none() {
        return Err(EvalError::BadCommand(format!("no command #{}", cmd.0)));
    }
    Ok(facts_hold(model, inst)? && command_goal(model, cmd, inst)?)
}
