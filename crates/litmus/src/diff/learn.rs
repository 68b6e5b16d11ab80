//! What the search learns from a candidate that model B allows after all:
//! the witnesses (`co`, the fence-SC order, NVIDIA's `observation`) of an
//! execution of B that reaches the candidate's final state. Every later
//! query demands that B also reject *those* witnesses, wherever they are
//! well formed for the query's program — the counterexample-guided loop
//! of two-level (∃∀) solving: the query's execution must be rejected by B
//! under every witness found so far, not only under the one it shares
//! with A.
//!
//! The constraint is built in the resolved model: a copy of each predicate
//! and function of B's module with the witness fields replaced by the
//! learnt relations (carried onto B's events by the bijection), and a fact
//! `wf => not consistent'`, `wf` the copies of B's facts and of its
//! witness fields' declarations.

use relprove_engine::ir::remap::Remap;
use relprove_engine::ir::{
    Expr, ExprKind, Fact, FactOrigin, FieldId, Formula, FormulaKind, FunId, Model, ModuleId, Mult,
    PredId,
};

/// One witness field's value: its name and its tuples, over the shared
/// events' indices.
pub type WitnessField = (String, Vec<(usize, usize)>);

/// The witnesses of one execution of B: each witness field's tuples, over
/// the shared events' indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Learnt {
    /// The number of events of the execution it was learnt from.
    pub events: usize,
    /// `(field name, tuples)`.
    pub fields: Vec<WitnessField>,
}

/// The witness fields of the supported models, by name (those a model
/// lacks are skipped).
pub const WITNESSES: &[&str] = &["co", "sc", "observation"];

/// The field named `name` declared on side `c`.
pub(super) fn side_field(model: &Model, c: char, name: &str) -> Option<FieldId> {
    model.field_ids().find(|&f| {
        model.field(f).name == name
            && super::share::side(model, model.sig(model.field(f).sig).module) == Some(c)
    })
}

/// Add to `model` (a difference query, after any renaming onto one
/// vocabulary) one constraint per learnt witness. `fields_side` is the side
/// whose fields B's formulas use; its bijection `lt_<side>` carries the
/// learnt relations onto its events; `consistent` is B's consistency
/// predicate's name.
pub fn apply(
    model: &mut Model,
    fields_side: char,
    learnt: &[Learnt],
    consistent: &str,
) -> Result<(), String> {
    if learnt.is_empty() {
        return Ok(());
    }
    let root = ModuleId(0);
    let b = model.modules[0]
        .opens
        .iter()
        .find(|(alias, _)| alias == "b")
        .map(|(_, m)| *m)
        .ok_or("model B is not opened as `b`")?;
    let bij_name = format!("lt_{fields_side}");
    let bij = model
        .field_ids()
        .find(|&f| model.field(f).name == bij_name && model.sig(model.field(f).sig).module == root)
        .ok_or_else(|| format!("no field {bij_name}"))?;
    let events: Vec<(usize, relprove_engine::ir::SigId)> = model
        .sig_ids()
        .filter(|&s| model.sig(s).module == root)
        .filter_map(|s| {
            let i = model
                .sig(s)
                .name
                .strip_prefix("lt_e")?
                .parse::<usize>()
                .ok()?;
            Some((i, s))
        })
        .collect();
    let event = |i: usize| events.iter().find(|(j, _)| *j == i).map(|(_, s)| *s);
    let span = model.preds.first().map(|p| p.span).unwrap_or_default();
    let consistent_name = consistent.rsplit('/').next().unwrap_or(consistent);
    let consistent_id = model
        .preds
        .iter()
        .position(|p| p.module == b && p.name == consistent_name)
        .ok_or_else(|| format!("no predicate {consistent} in model B"))?;
    let b_funs: Vec<usize> = (0..model.funs.len())
        .filter(|&i| model.funs[i].module == b)
        .collect();
    let b_preds: Vec<usize> = (0..model.preds.len())
        .filter(|&i| model.preds[i].module == b)
        .collect();
    let b_facts: Vec<usize> = (0..model.facts.len())
        .filter(|&i| model.facts[i].module == b)
        .collect();
    for l in learnt {
        let mut r = Remap::default();
        let mut wf = Vec::new();
        for (name, tuples) in &l.fields {
            let Some(f) = side_field(model, fields_side, name) else {
                continue;
            };
            let mut c: Option<Expr> = None;
            for &(i, j) in tuples {
                let (Some(x), Some(y)) = (event(i), event(j)) else {
                    return Err(format!(
                        "a learnt witness names event {i} or {j}, beyond the query's"
                    ));
                };
                let p = Expr::product(
                    Expr::new(ExprKind::Sig(x), 1, span),
                    Mult::Set,
                    Mult::Set,
                    Expr::new(ExprKind::Sig(y), 1, span),
                    span,
                );
                c = Some(match c {
                    None => p,
                    Some(c) => Expr::new(ExprKind::Union(Box::new(c), Box::new(p)), 2, span),
                });
            }
            let none = || Expr::new(ExprKind::None, 1, span);
            let c = c.unwrap_or_else(|| Expr::product(none(), Mult::Set, Mult::Set, none(), span));
            let field = |id| Expr::new(ExprKind::Field(id), 2, span);
            let carried = Expr::new(
                ExprKind::Join(
                    Box::new(Expr::new(
                        ExprKind::Join(
                            Box::new(Expr::new(
                                ExprKind::Transpose(Box::new(field(bij))),
                                2,
                                span,
                            )),
                            Box::new(c),
                        ),
                        2,
                        span,
                    )),
                    Box::new(field(bij)),
                ),
                2,
                span,
            );
            // The declaration `sig S { f: T }`: f in S -> T.
            let fd = model.field(f);
            let decl = Expr::product(
                Expr::new(ExprKind::Sig(fd.sig), 1, span),
                Mult::Set,
                Mult::Set,
                fd.decl.bound.clone(),
                span,
            );
            wf.push(Formula::new(
                FormulaKind::In(Box::new(carried.clone()), Box::new(decl)),
                span,
            ));
            r.field_exprs.insert(f, carried);
        }
        for &i in &b_funs {
            r.funs.insert(
                FunId(i as u32),
                FunId((model.funs.len() + r.funs.len()) as u32),
            );
        }
        let base = model.preds.len();
        for (k, &i) in b_preds.iter().enumerate() {
            r.preds.insert(PredId(i as u32), PredId((base + k) as u32));
        }
        let mut funs: Vec<_> = b_funs.iter().map(|&i| model.funs[i].clone()).collect();
        for f in &mut funs {
            for p in &mut f.params {
                r.expr(&mut p.decl.bound);
            }
            r.expr(&mut f.result.bound);
            r.expr(&mut f.body);
        }
        let mut preds: Vec<_> = b_preds.iter().map(|&i| model.preds[i].clone()).collect();
        for p in &mut preds {
            for prm in &mut p.params {
                r.expr(&mut prm.decl.bound);
            }
            r.formula(&mut p.body);
        }
        for &i in &b_facts {
            let mut body = model.facts[i].body.clone();
            r.formula(&mut body);
            wf.push(body);
        }
        model.funs.extend(funs);
        model.preds.extend(preds);
        let copy = r.preds[&PredId(consistent_id as u32)];
        let rejected = Formula::new(
            FormulaKind::Not(Box::new(Formula::new(
                FormulaKind::Call(copy, Vec::new()),
                span,
            ))),
            span,
        );
        model.facts.push(Fact {
            name: Some("lt_learnt".into()),
            module: root,
            origin: FactOrigin::Paragraph,
            body: Formula::new(
                FormulaKind::Implies(
                    Box::new(Formula::new(FormulaKind::And(wf), span)),
                    Box::new(rejected),
                ),
                span,
            ),
            span,
        });
    }
    Ok(())
}
