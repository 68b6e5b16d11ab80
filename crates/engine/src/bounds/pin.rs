//! Fields that the facts pin to a constant get exact bounds.
//!
//! A litmus test fixes its events' program order, threads, addresses and
//! so on with facts such as `po = e0->e1 + e1->e2` over `one sig` atoms.
//! Left as a free relation bounded by `Event -> Event`, every such field
//! becomes a matrix of fresh variables that the whole model's circuit is
//! built over, and only the SAT solver learns that they are constants
//! (issue 21: circuit building was ~70% of a litmus run). A top-level
//! conjunct `f = E` of a fact, where `E` is built from `none`, `+` and `->`
//! over sigs whose bounds are exact (or `no f`), holds in every instance; giving `f`
//! the bounds lower = upper = value of `E` keeps exactly the same
//! instances, and the translator then builds `f` from constants.
//!
//! Symmetry breaking stays sound: it only swaps atoms whose sig bounds and
//! field upper bounds are preserved, and a pinned field's upper bound is
//! its lower bound.

use std::collections::BTreeSet;

use super::{Atom, Bounds};
use crate::ir::{Expr, ExprKind, FieldId, Formula, FormulaKind, Model, Mult};

/// Pin every field that a fact equates with a constant (see the module
/// documentation). A field whose constant is not within its upper bound is
/// left alone (the fact makes the command unsatisfiable, as before).
pub fn pin_constant_fields(model: &Model, b: &mut Bounds) {
    for fact in &model.facts {
        let mut conjuncts = Vec::new();
        top_conjuncts(&fact.body, &mut conjuncts);
        for f in conjuncts {
            // `no field`: pinned to the empty relation.
            if let Some(id) = no_field(f) {
                pin(b, id, BTreeSet::new());
                continue;
            }
            let FormulaKind::Eq(l, r) = &f.kind else {
                continue;
            };
            let (field, value) = match (&l.kind, &r.kind) {
                (ExprKind::Field(id), _) => (*id, r),
                (_, ExprKind::Field(id)) => (*id, l),
                _ => continue,
            };
            if let Some(tuples) = constant(b, value) {
                pin(b, field, tuples);
            }
        }
    }
}

/// Whether `f` has the shape of a pinning conjunct, `no field` or `field =
/// E` with `E` built from `none`, `+` and `->` over sigs (whether it pins depends on
/// the bounds: the sigs must be exact). Unsat cores keep such facts in the
/// model, untracked: a retracted one could not pin its field, and the
/// encoding would grow by the field's free variables.
pub fn is_pinning_shape(f: &Formula) -> bool {
    fn shape(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::None | ExprKind::Sig(_) => true,
            ExprKind::Union(x, y) => shape(x) && shape(y),
            ExprKind::Product { lhs, rhs, .. } => shape(lhs) && shape(rhs),
            _ => false,
        }
    }
    match &f.kind {
        FormulaKind::Not(_) => no_field(f).is_some(),
        FormulaKind::Eq(l, r) => match (&l.kind, &r.kind) {
            (ExprKind::Field(_), _) => shape(r),
            (_, ExprKind::Field(_)) => shape(l),
            _ => false,
        },
        _ => false,
    }
}

/// The field of `no field` (resolved as `not (some field)`).
fn no_field(f: &Formula) -> Option<FieldId> {
    let FormulaKind::Not(g) = &f.kind else {
        return None;
    };
    match &g.kind {
        FormulaKind::Mult(Mult::Some, e) => match e.kind {
            ExprKind::Field(id) => Some(id),
            _ => None,
        },
        _ => None,
    }
}

fn pin(b: &mut Bounds, field: FieldId, tuples: BTreeSet<Vec<Atom>>) {
    let i = field.index();
    // Already pinned by another fact: the first pin stands (a second,
    // different constant makes the command unsatisfiable through the facts).
    if !b.field_lower[i].is_empty() {
        return;
    }
    let upper = &b.field_upper[i];
    if tuples.iter().any(|t| upper.binary_search(t).is_err()) {
        return;
    }
    let exact: Vec<Vec<Atom>> = tuples.into_iter().collect();
    b.field_upper[i] = exact.clone();
    b.field_lower[i] = exact;
}

fn top_conjuncts<'a>(f: &'a Formula, out: &mut Vec<&'a Formula>) {
    match &f.kind {
        FormulaKind::And(fs) => fs.iter().for_each(|g| top_conjuncts(g, out)),
        _ => out.push(f),
    }
}

/// The value of `e` in every instance, when `e` is built from `none`, `+`
/// and `->` over sigs with exact bounds; `None` otherwise.
fn constant(b: &Bounds, e: &Expr) -> Option<BTreeSet<Vec<Atom>>> {
    match &e.kind {
        ExprKind::None => Some(BTreeSet::new()),
        ExprKind::Sig(s) => {
            let (lo, up) = (&b.sig_lower[s.index()], &b.sig_upper[s.index()]);
            (lo == up).then(|| lo.iter().map(|&a| vec![a]).collect())
        }
        ExprKind::Union(x, y) => {
            let mut s = constant(b, x)?;
            s.extend(constant(b, y)?);
            Some(s)
        }
        ExprKind::Product { lhs, rhs, .. } => {
            let (x, y) = (constant(b, lhs)?, constant(b, rhs)?);
            // Constants are litmus-sized; a large product stays a formula.
            if x.len().saturating_mul(y.len()) > 1 << 16 {
                return None;
            }
            Some(
                x.iter()
                    .flat_map(|t| {
                        y.iter().map(move |u| {
                            let mut v = t.clone();
                            v.extend(u);
                            v
                        })
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}
