//! Two models that declare one vocabulary (a model and a copy with an axiom
//! deleted, models/ptx.als and models/ptx75.als, a cat model over
//! models/ptx75.als and models/ptx75.als itself) are made to share one
//! copy of it: every sig and field of one side is renamed to the other
//! side's sig or field of the same name ([`relprove_engine::ir::remap`]).
//! The axioms the two models have in common then translate to the same
//! circuit, and a query whose answer is "no difference" is easy for the
//! solver; two copies tied only by equalities are not (a miter).

use relprove_engine::ir::display::Printer;
use relprove_engine::ir::remap::Remap;
use relprove_engine::ir::{Model, ModuleId, SigKind};

/// The side (`'a'`, `'b'`) a module of the difference query belongs to.
pub(super) fn side(model: &Model, m: ModuleId) -> Option<char> {
    let prefix = &model.modules[m.index()].label_prefix;
    match prefix.split('/').next() {
        Some("a") => Some('a'),
        Some("b") => Some('b'),
        _ => None,
    }
}

/// Rename `from`'s vocabulary to `to`'s when every sig and field of `from`
/// has a counterpart in `to` with the same name, parent, multiplicity and
/// declaration.
fn map_onto(model: &Model, from: char, to: char) -> Option<Remap> {
    let mut r = Remap::default();
    let sigs_of = |c: char| {
        model
            .sig_ids()
            .filter(move |&s| side(model, model.sig(s).module) == Some(c))
    };
    for s in sigs_of(from) {
        let mut same = sigs_of(to).filter(|&t| model.sig(t).name == model.sig(s).name);
        let t = same.next()?;
        if same.next().is_some() {
            return None;
        }
        r.sigs.insert(s, t);
    }
    for (&s, &t) in &r.sigs {
        let (x, y) = (model.sig(s), model.sig(t));
        let kind_ok = match (&x.kind, &y.kind) {
            (SigKind::TopLevel, SigKind::TopLevel) => true,
            (SigKind::Extends(p), SigKind::Extends(q)) => r.sigs.get(p) == Some(q),
            (SigKind::Subset(ps), SigKind::Subset(qs)) => {
                ps.len() == qs.len() && ps.iter().zip(qs).all(|(p, q)| r.sigs.get(p) == Some(q))
            }
            _ => false,
        };
        if !kind_ok || x.is_abstract != y.is_abstract || x.mult != y.mult {
            return None;
        }
    }
    for f in model.field_ids() {
        let fd = model.field(f);
        if side(model, model.sig(fd.sig).module) != Some(from) {
            continue;
        }
        let target = *r.sigs.get(&fd.sig)?;
        let g = model
            .field_ids()
            .find(|&g| model.field(g).sig == target && model.field(g).name == fd.name)?;
        r.fields.insert(f, g);
    }
    let printer = Printer::new(model);
    for (&f, &g) in &r.fields {
        let (x, y) = (model.field(f), model.field(g));
        let mut bound = x.decl.bound.clone();
        r.expr(&mut bound);
        if x.arity != y.arity
            || x.decl.mult != y.decl.mult
            || printer.expr(&bound) != printer.expr(&y.decl.bound)
        {
            return None;
        }
    }
    Some(r)
}

/// The side whose vocabulary both models are made to use, and the
/// renaming of the other side onto it; `None` when neither side's
/// vocabulary is contained in the other's.
pub fn share(model: &Model) -> Option<(char, Remap)> {
    for (from, to) in [('b', 'a'), ('a', 'b')] {
        if let Some(r) = map_onto(model, from, to) {
            return Some((to, r));
        }
    }
    None
}
