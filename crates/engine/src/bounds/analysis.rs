//! Relation analysis before encoding: smaller upper bounds for fields, from
//! the constraints every instance satisfies (Dartagnan's may-sets, CAV'19).
//!
//! Every tuple removed from a field's upper bound is one no instance of
//! the command can have, so the command keeps exactly its instances (the
//! last step, [`order_acyclic_fields`], is symmetry breaking: it keeps at
//! least one instance of every isomorphism class). Fewer upper-bound tuples mean fewer
//! primary variables, and every relation built from the field (joins,
//! closures) is sparser.
//!
//! The constraints used are the top-level conjuncts of the facts and of
//! the command's formula (negated for a `check`: `A => B` contributes the
//! conjuncts of `A`), with predicate calls inlined, of these shapes:
//!
//! * `f in E` (or `f = E`, or `f + g in E`): `f ⊆ ub(E)`, the static
//!   over-approximation of `E` over the current bounds ([`super::ub`]); run
//!   to a fixpoint, so `rmw in po & dep` profits from what `po` lost;
//! * `no iden & f` (irreflexive), `no iden & ^f` (acyclic), and `f = ^f`
//!   (transitive; with irreflexive: acyclic): no `(a, a)` in `f`;
//! * the declaration `f: B` of a field of `S` where `S` and `B` are
//!   disjoint sigs (`rf: Write -> Read`): no `(a, a)` either.
//!
//! Then, with symmetry breaking on, for each top-level sig whose atoms are
//! interchangeable (no bound tells them apart), the first acyclic binary
//! field over its atoms (in declaration order: `po`, `sb`, `subscope` in
//! the PTX models) gets its backward tuples `(a_j, a_i)`, `i < j`, fixed to
//! false ([`Bounds::field_false`]): every instance has a topological order
//! of that field, and the permutation of the sig's atoms that lists them in
//! this order maps the instance to one with the field forward (the formula
//! names no atoms, so the image is an instance). For `po` over `n` events
//! that leaves `n(n-1)/2` of `n²` variables; the inclusions then fix what
//! they rule out given that (`dep in ^po`: `dep` forward too).
//!
//! Two stronger forms replace the plain order where the constraints allow
//! (docs/relation-analysis.md, "chains and diagonals"): a lone, acyclic,
//! injective field (`po`: injective through the threads' reach) as chains
//! of consecutive atoms, only `(a_i, a_i+1)` left free; and an injective
//! function `f: S -> one T` into another top-level sig (`map`, `scopemap`)
//! along the diagonal, `(s_i, t_i)` only, with `S`'s permutation spent on
//! it.
//!
//! The tuples stay in the upper bound, so the translation still finds the
//! sig's transpositions symmetric and adds its lex-leader predicates; they
//! compare the ordered fields' entries first, backward tuples first
//! ([`Bounds::ordered`]). That keeps the two kinds of symmetry breaking
//! compatible: the lex-smallest instance of an orbit has every backward
//! tuple false (some instance of the orbit has, and those entries come
//! first), and satisfies every lex-leader predicate. Ordering alone, with
//! the lex-leader predicates of the sig dropped, was measured 20x slower on
//! the PTX coherence check at bound 5 (docs/relation-analysis.md).

use std::collections::{BTreeSet, HashMap};

use super::{ordering, ub_within, Atom, Bounds};
use crate::budget::{Budget, Exhausted};
use crate::ir::*;

/// What the analysis did (for statistics and tests).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Upper-bound tuples removed or fixed to false, over all fields.
    pub removed: usize,
    /// Fields restricted to one order of their sig's atoms.
    pub ordered: Vec<FieldId>,
}

/// Shrink `b`'s field upper bounds for command `cmd` of `model` (see the
/// module documentation); `break_symmetry` allows the ordering step.
pub fn shrink(
    model: &Model,
    cmd: &Command,
    b: &mut Bounds,
    break_symmetry: bool,
    budget: &Budget,
) -> Result<Analysis, Exhausted> {
    let facts = Facts::collect(model, cmd);
    let before: usize = b.field_upper.iter().map(Vec::len).sum();
    disjoint_declarations(model, b);
    for &f in &facts.irreflexive {
        drop_diagonal(b, f);
    }
    propagate(model, b, &facts.subsets, budget)?;
    let mut ordered = Vec::new();
    if break_symmetry {
        ordered = order_acyclic_fields(model, b, &facts, budget)?;
        if !ordered.is_empty() {
            propagate_false(model, b, &facts.subsets, budget)?;
        }
    }
    let after: usize = b.field_upper.iter().map(Vec::len).sum::<usize>()
        - b.field_false.iter().map(Vec::len).sum::<usize>();
    Ok(Analysis {
        removed: before - after,
        ordered,
    })
}

/// The constraints of the shapes the analysis uses.
#[derive(Default)]
struct Facts {
    /// `f ⊆ E`, `E` closed (parameters of inlined calls substituted).
    subsets: Vec<(FieldId, Expr)>,
    irreflexive: BTreeSet<FieldId>,
    /// Acyclic fields, in field order.
    acyclic: BTreeSet<FieldId>,
    /// Binary fields no two atoms share a value of (`f.~f in iden`, or
    /// `all x: T | one f.x`), in field order.
    injective: BTreeSet<FieldId>,
    /// Binary fields every atom of the sig they map into is a value of, for
    /// exactly one atom (`all x: T | one f.x`).
    onto: BTreeSet<FieldId>,
    /// `all x: S | one y: T | y->x in g.*f` (`(g, f)`): with `g` a
    /// function and `f` a lone, acyclic field over `S`, `f` is injective
    /// ([`Facts::collect`]).
    reach: Vec<(FieldId, FieldId)>,
}

impl Facts {
    fn collect(model: &Model, cmd: &Command) -> Facts {
        let mut c = Collector {
            model,
            subst: HashMap::new(),
            facts: Facts::default(),
            transitive: BTreeSet::new(),
            depth: 0,
        };
        for fact in &model.facts {
            c.walk(&fact.body, false);
        }
        match &cmd.target {
            CommandTarget::Assert(a) => c.walk(&model.assert(*a).body, true),
            CommandTarget::Inline(f) => c.walk(f, cmd.kind == CommandKind::Check),
            // (the predicate's parameters are free: conjuncts naming them
            // bound nothing, and `ub` of an unbound variable is everything)
            CommandTarget::Pred(p) => c.walk(&model.pred(*p).body, cmd.kind == CommandKind::Check),
        }
        let mut facts = c.facts;
        // irreflexive and transitive: acyclic; acyclic: irreflexive
        for &f in &c.transitive {
            if facts.irreflexive.contains(&f) {
                facts.acyclic.insert(f);
            }
        }
        facts.irreflexive.extend(facts.acyclic.iter().copied());
        // Every atom of S reached from exactly one `y` through a function
        // `g` then a lone acyclic `f`: if `x1.f = x2.f` with `x1 != x2`,
        // that atom is reached from the `y`s of both, so they are one `y`;
        // from its single start `y.g`, `f` (lone) gives a single path, on
        // which `x1` and `x2` come at different steps and then meet: a
        // cycle. So `f` is injective.
        for &(g, f) in &facts.reach {
            if model.field(g).decl.mult == Mult::One
                && model.field(f).decl.mult == Mult::Lone
                && facts.acyclic.contains(&f)
            {
                facts.injective.insert(f);
            }
        }
        facts
    }
}

/// Inlined calls nest at most this deep (the resolver rejects recursion;
/// this only bounds the work on generated models).
const MAX_DEPTH: usize = 32;

struct Collector<'a> {
    model: &'a Model,
    /// Parameters of the inlined calls, bound to their (closed) arguments.
    subst: HashMap<VarId, Expr>,
    facts: Facts,
    transitive: BTreeSet<FieldId>,
    depth: usize,
}

impl Collector<'_> {
    /// Record the conjuncts that hold whenever `f` does (`neg`: whenever
    /// `f` does not).
    fn walk(&mut self, f: &Formula, neg: bool) {
        match (&f.kind, neg) {
            (FormulaKind::Not(g), _) => self.walk(g, !neg),
            (FormulaKind::And(fs), false) | (FormulaKind::Or(fs), true) => {
                for g in fs {
                    self.walk(g, neg);
                }
            }
            (FormulaKind::Implies(a, b), true) => {
                self.walk(a, false);
                self.walk(b, true);
            }
            (FormulaKind::Call(p, args), _) if self.depth < MAX_DEPTH => {
                let pred = self.model.pred(*p);
                let Some(args) = args
                    .iter()
                    .map(|a| subst(a, &self.subst))
                    .collect::<Option<Vec<Expr>>>()
                else {
                    return;
                };
                let olds: Vec<(VarId, Option<Expr>)> = pred
                    .params
                    .iter()
                    .zip(args)
                    .map(|(p, a)| (p.var, self.subst.insert(p.var, a)))
                    .collect();
                self.depth += 1;
                self.walk(&pred.body, neg);
                self.depth -= 1;
                for (v, old) in olds.into_iter().rev() {
                    match old {
                        Some(e) => self.subst.insert(v, e),
                        None => self.subst.remove(&v),
                    };
                }
            }
            // (`no x` is `not some x`)
            (FormulaKind::Mult(Mult::Some, x), true) => self.empty(x),
            (_, false) => self.atomic(f),
            _ => {}
        }
    }

    /// `no x`: `no iden & f` (irreflexive), `no iden & ^f` (acyclic).
    fn empty(&mut self, x: &Expr) {
        let Some(x) = subst(x, &self.subst) else {
            return;
        };
        let ExprKind::Intersection(l, r) = &x.kind else {
            return;
        };
        let other = match (&l.kind, &r.kind) {
            (ExprKind::Iden, _) => r,
            (_, ExprKind::Iden) => l,
            _ => return,
        };
        match &other.kind {
            ExprKind::Field(g) => {
                self.facts.irreflexive.insert(*g);
            }
            ExprKind::Closure(y) => {
                if let ExprKind::Field(g) = y.kind {
                    self.facts.acyclic.insert(g);
                }
            }
            _ => {}
        }
    }

    fn atomic(&mut self, f: &Formula) {
        match &f.kind {
            FormulaKind::Quant(Quant::All, decls, body) => self.quantified(decls, body),
            FormulaKind::In(l, r) => {
                let (Some(l), Some(r)) = (subst(l, &self.subst), subst(r, &self.subst)) else {
                    return;
                };
                if is_iden(&r) {
                    if let Some(g) = self_join_transpose(&l) {
                        self.facts.injective.insert(g);
                    }
                }
                let mut fs = Vec::new();
                union_fields(&l, &mut fs);
                for g in fs {
                    self.facts.subsets.push((g, r.clone()));
                }
            }
            FormulaKind::Eq(l, r) => {
                let (Some(l), Some(r)) = (subst(l, &self.subst), subst(r, &self.subst)) else {
                    return;
                };
                for (x, y) in [(&l, &r), (&r, &l)] {
                    if let ExprKind::Field(g) = x.kind {
                        if matches!(&y.kind, ExprKind::Closure(z) if z.kind == ExprKind::Field(g)) {
                            self.transitive.insert(g);
                        } else {
                            self.facts.subsets.push((g, y.clone()));
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// `f.~f` for a field `f`: `f`.
fn self_join_transpose(e: &Expr) -> Option<FieldId> {
    let ExprKind::Join(x, y) = &e.kind else {
        return None;
    };
    match (&x.kind, &y.kind) {
        (ExprKind::Field(f), ExprKind::Transpose(z)) if z.kind == ExprKind::Field(*f) => Some(*f),
        _ => None,
    }
}

fn is_iden(e: &Expr) -> bool {
    e.kind == ExprKind::Iden
}

/// The one variable of `all x: S` (a plain, single declaration).
fn single_decl(decls: &[QuantDecl]) -> Option<(VarId, &Expr)> {
    match decls {
        [d] if d.vars.len() == 1 && d.mult == Mult::One => Some((d.vars[0], &d.bound)),
        _ => None,
    }
}

impl Collector<'_> {
    /// `all x: S | one x.~f` (or `one f.x`) with `S` the sig `f` maps
    /// into: `f` is injective. `all x: S | one y: T | y->x in g.*f` with
    /// `S` the sig of `f`: recorded as `(g, f)` for [`Facts::collect`].
    fn quantified(&mut self, decls: &[QuantDecl], body: &Formula) {
        let Some((x, dom)) = single_decl(decls) else {
            return;
        };
        let ExprKind::Sig(s) = dom.kind else {
            return;
        };
        let is_x = |e: &Expr| e.kind == ExprKind::Var(x);
        match &body.kind {
            FormulaKind::Mult(Mult::One, e) => {
                let f = match &e.kind {
                    ExprKind::Join(a, b) if is_x(a) => match &b.kind {
                        ExprKind::Transpose(t) => match t.kind {
                            ExprKind::Field(f) => Some(f),
                            _ => None,
                        },
                        _ => None,
                    },
                    ExprKind::Join(a, b) if is_x(b) => match a.kind {
                        ExprKind::Field(f) => Some(f),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some(f) = f {
                    let field = self.model.field(f);
                    if field.arity == 2 && field.decl.bound.kind == ExprKind::Sig(s) {
                        self.facts.injective.insert(f);
                        self.facts.onto.insert(f);
                    }
                }
            }
            FormulaKind::Quant(Quant::One, inner, g) => {
                let Some((y, _)) = single_decl(inner) else {
                    return;
                };
                let FormulaKind::In(l, r) = &g.kind else {
                    return;
                };
                let ExprKind::Product {
                    lhs,
                    lmult: Mult::Set,
                    rmult: Mult::Set,
                    rhs,
                } = &l.kind
                else {
                    return;
                };
                if lhs.kind != ExprKind::Var(y) || !is_x(rhs) {
                    return;
                }
                let ExprKind::Join(a, b) = &r.kind else {
                    return;
                };
                let (ExprKind::Field(gf), ExprKind::ReflexiveClosure(c)) = (&a.kind, &b.kind)
                else {
                    return;
                };
                let ExprKind::Field(f) = c.kind else {
                    return;
                };
                if self.model.field(f).sig == s && self.model.field(f).arity == 2 {
                    self.facts.reach.push((*gf, f));
                }
            }
            _ => {}
        }
    }
}

/// The fields `e` is a union of (`f`, `f + g`, ...); nothing for another
/// shape.
fn union_fields(e: &Expr, out: &mut Vec<FieldId>) {
    match &e.kind {
        ExprKind::Field(f) => out.push(*f),
        // (each field member of a union is within it, whatever the
        // other members are)
        ExprKind::Union(x, y) => {
            union_fields(x, out);
            union_fields(y, out);
        }
        _ => {}
    }
}

/// `e` with the parameters of `s` replaced by their arguments; `None` for
/// shapes holding formulas or integer expressions (comprehensions,
/// conditionals, integer casts), which the analysis does not look into.
fn subst(e: &Expr, s: &HashMap<VarId, Expr>) -> Option<Expr> {
    let b = |x: &Expr| subst(x, s).map(Box::new);
    let kind = match &e.kind {
        ExprKind::Var(v) => return Some(s.get(v).cloned().unwrap_or_else(|| e.clone())),
        ExprKind::Sig(_)
        | ExprKind::Field(_)
        | ExprKind::Univ
        | ExprKind::Iden
        | ExprKind::None
        | ExprKind::IntAtoms
        | ExprKind::SeqIdx => return Some(e.clone()),
        ExprKind::Union(x, y) => ExprKind::Union(b(x)?, b(y)?),
        ExprKind::Intersection(x, y) => ExprKind::Intersection(b(x)?, b(y)?),
        ExprKind::Difference(x, y) => ExprKind::Difference(b(x)?, b(y)?),
        ExprKind::Join(x, y) => ExprKind::Join(b(x)?, b(y)?),
        ExprKind::Product {
            lhs,
            lmult,
            rmult,
            rhs,
        } => ExprKind::Product {
            lhs: b(lhs)?,
            lmult: *lmult,
            rmult: *rmult,
            rhs: b(rhs)?,
        },
        ExprKind::Override(x, y) => ExprKind::Override(b(x)?, b(y)?),
        ExprKind::DomainRestrict(x, y) => ExprKind::DomainRestrict(b(x)?, b(y)?),
        ExprKind::RangeRestrict(x, y) => ExprKind::RangeRestrict(b(x)?, b(y)?),
        ExprKind::Transpose(x) => ExprKind::Transpose(b(x)?),
        ExprKind::Closure(x) => ExprKind::Closure(b(x)?),
        ExprKind::ReflexiveClosure(x) => ExprKind::ReflexiveClosure(b(x)?),
        ExprKind::Call(f, args) => ExprKind::Call(
            *f,
            args.iter()
                .map(|a| subst(a, s))
                .collect::<Option<Vec<_>>>()?,
        ),
        ExprKind::Let(v, x, body) => {
            if s.contains_key(v) {
                return None;
            }
            ExprKind::Let(*v, b(x)?, b(body)?)
        }
        ExprKind::Comprehension { .. } | ExprKind::IfThenElse(..) | ExprKind::IntToAtom(_) => {
            return None
        }
    };
    Some(Expr::new(kind, e.arity, e.span))
}

/// `f ⊆ ub(E)` for every recorded inclusion, until no bound changes.
fn propagate(
    model: &Model,
    b: &mut Bounds,
    subsets: &[(FieldId, Expr)],
    budget: &Budget,
) -> Result<(), Exhausted> {
    // (each round only removes tuples: it ends; the cap bounds the work on
    // long chains of inclusions)
    for _ in 0..8 {
        let mut changed = false;
        for (f, e) in subsets {
            let i = f.index();
            if e.arity != model.field(*f).arity || b.field_upper[i].is_empty() {
                continue;
            }
            let may = ub_within(model, b, e, &Default::default(), budget)?;
            let lower = &b.field_lower[i];
            let kept: Vec<Vec<Atom>> = b.field_upper[i]
                .iter()
                // (a tuple of the lower bound stays: if `E` cannot hold it,
                // the constraint makes the command unsatisfiable, as before)
                .filter(|t| may.contains(*t) || lower.binary_search(t).is_ok())
                .cloned()
                .collect();
            if kept.len() < b.field_upper[i].len() {
                b.field_upper[i] = kept;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(())
}

/// Remove `(a, a)` from binary field `f` (kept when the lower bound has
/// it: the command is then unsatisfiable through the constraint).
fn drop_diagonal(b: &mut Bounds, f: FieldId) {
    let i = f.index();
    let lower = &b.field_lower[i];
    let kept: Vec<Vec<Atom>> = b.field_upper[i]
        .iter()
        .filter(|t| t.len() != 2 || t[0] != t[1] || lower.binary_search(t).is_ok())
        .cloned()
        .collect();
    b.field_upper[i] = kept;
}

/// No `(a, a)` in a binary field `f: B` of `S` when the sigs `S` and `B`
/// are disjoint: neither extends the other (both are `extends` sigs).
fn disjoint_declarations(model: &Model, b: &mut Bounds) {
    for f in model.field_ids() {
        let field = model.field(f);
        if field.arity != 2 {
            continue;
        }
        let ExprKind::Sig(t) = field.decl.bound.kind else {
            continue;
        };
        if disjoint_sigs(model, field.sig, t) {
            drop_diagonal(b, f);
        }
    }
}

/// Whether no atom can be in both `s` and `t`: both are `extends` sigs of
/// one hierarchy and neither is an ancestor of the other (two top-level
/// sigs have disjoint atoms anyway).
fn disjoint_sigs(model: &Model, s: SigId, t: SigId) -> bool {
    let ancestors = |mut x: SigId| {
        let mut v = vec![x];
        while let Some(p) = model.sig(x).parent() {
            v.push(p);
            x = p;
        }
        v
    };
    let not_subset = |x: SigId| !matches!(model.sig(x).kind, SigKind::Subset(_));
    if !not_subset(s) || !not_subset(t) {
        return false;
    }
    let (sa, ta) = (ancestors(s), ancestors(t));
    !sa.contains(&t) && !ta.contains(&s)
}

/// For each top-level sig with interchangeable atoms, one canonical form
/// (see the module documentation): an injective function into another
/// top-level sig along the diagonal; else its first acyclic binary field
/// within its atoms, as a chain of consecutive atoms when the field is a
/// lone injective one (disjoint paths), forward otherwise. The tuples the
/// form rules out are fixed to false; the fields so fixed, in order.
fn order_acyclic_fields(
    model: &Model,
    b: &mut Bounds,
    facts: &Facts,
    budget: &Budget,
) -> Result<Vec<FieldId>, Exhausted> {
    let tops: Vec<SigId> = model.top_level_sigs().collect();
    // `f: S -> one T`, injective, S and T distinct top-level sigs
    let diagonal = |s: SigId| {
        facts.injective.iter().copied().find(|&f| {
            let field = model.field(f);
            field.sig == s
                && field.arity == 2
                && field.decl.mult == Mult::One
                && matches!(field.decl.bound.kind, ExprKind::Sig(t)
                    if t != s && tops.contains(&t))
        })
    };
    let target = |f: FieldId| match model.field(f).decl.bound.kind {
        ExprKind::Sig(t) => t,
        _ => unreachable!("diagonal fields map into a sig"),
    };
    // (a sig maps along the diagonal only into a sig that does not itself)
    let diag: Vec<(SigId, FieldId)> = tops
        .iter()
        .filter_map(|&s| diagonal(s).map(|f| (s, f)))
        .filter(|&(_, f)| diagonal(target(f)).is_none())
        .collect();
    let mut out = Vec::new();
    let mut canonical: Vec<SigId> = Vec::new();
    for &s in &tops {
        if diag.iter().any(|&(d, _)| d == s) {
            continue;
        }
        let atoms = b.sig_upper[s.index()].clone();
        if atoms.len() < 2 {
            continue;
        }
        let within = |t: &Vec<Atom>| t.iter().all(|a| atoms.binary_search(a).is_ok());
        let usable = |f: FieldId| {
            model.field(f).arity == 2
                && b.field_lower[f.index()].is_empty()
                && !b.field_upper[f.index()].is_empty()
                && b.field_upper[f.index()].iter().all(within)
        };
        let path =
            |f: FieldId| facts.injective.contains(&f) && model.field(f).decl.mult == Mult::Lone;
        let Some(f) = facts
            .acyclic
            .iter()
            .copied()
            .filter(|&f| usable(f))
            .find(|&f| path(f))
            .or_else(|| facts.acyclic.iter().copied().find(|&f| usable(f)))
        else {
            continue;
        };
        // interchangeable: every bound (sigs and fields, upper and lower)
        // is the same after swapping any two of the atoms
        if !ordering::interchangeable(b, &atoms, budget)? {
            continue;
        }
        let pos = |a: Atom| atoms.binary_search(&a).unwrap_or(usize::MAX);
        // (atoms are sorted: an atom's position is its order)
        let ruled_out = |t: &Vec<Atom>| {
            if path(f) {
                pos(t[1]) != pos(t[0]) + 1
            } else {
                t[0] > t[1]
            }
        };
        b.field_false[f.index()] = b.field_upper[f.index()]
            .iter()
            .filter(|t| ruled_out(t))
            .cloned()
            .collect();
        b.ordered.push(f);
        out.push(f);
        canonical.push(s);
    }
    for (s, f) in diag {
        let t = target(f);
        let (xs, ys) = (b.sig_upper[s.index()].clone(), &b.sig_upper[t.index()]);
        // the images of the atoms of S must find a place among S's atoms:
        // at most as many T atoms as S atoms, or `f` onto T (as many T
        // atoms used as S atoms) and T's used atoms first (T's own
        // canonical form can list them first)
        if xs.len() < 2 || !b.field_lower[f.index()].is_empty() {
            continue;
        }
        if ys.len() > xs.len() && !(facts.onto.contains(&f) && canonical.contains(&t)) {
            continue;
        }
        if !ordering::interchangeable(b, &xs, budget)? {
            continue;
        }
        let off = |t: &Vec<Atom>| xs.binary_search(&t[0]).ok() != ys.binary_search(&t[1]).ok();
        b.field_false[f.index()] = b.field_upper[f.index()]
            .iter()
            .filter(|t| off(t))
            .cloned()
            .collect();
        b.ordered.push(f);
        out.push(f);
    }
    Ok(out)
}

/// The inclusions again, with the tuples fixed to false left out: what
/// they rule out then is false too, given the ordering (and stays in the
/// upper bounds, which must remain symmetric for lex-leader predicates).
fn propagate_false(
    model: &Model,
    b: &mut Bounds,
    subsets: &[(FieldId, Expr)],
    budget: &Budget,
) -> Result<(), Exhausted> {
    let mut view = b.clone();
    for (up, no) in view.field_upper.iter_mut().zip(&b.field_false) {
        up.retain(|t| no.binary_search(t).is_err());
    }
    propagate(model, &mut view, subsets, budget)?;
    for ((no, up), kept) in b
        .field_false
        .iter_mut()
        .zip(&b.field_upper)
        .zip(&view.field_upper)
    {
        *no = up
            .iter()
            .filter(|t| kept.binary_search(t).is_err())
            .cloned()
            .collect();
    }
    Ok(())
}
