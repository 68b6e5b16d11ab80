//! `util/ordering` as exact bounds, as Kodkod does for Alloy.
//!
//! relprove's `lib/util/ordering.als` states with a fact that `Ord.First`
//! and `Ord.Next` form a total order over `elem`, whose scope is exact.
//! When the atoms of `elem` are fixed (lower = upper bound) and no bound
//! tells them apart, every total order over them is the image of the
//! order `elem$0, elem$1, …` under a permutation of those atoms that maps
//! every bound to itself; the formula names no atoms, so such a permutation
//! maps instances to instances and the verdict does not change if `First`
//! and `Next` are fixed to that one order. The fact then holds by
//! construction and costs no variables (Alloy: Kodkod's
//! `SymmetryBreaker.breakTotalOrder` on the `TOTAL_ORDERING` predicate).
//!
//! The ordering of an `enum`'s members is fixed so too, to the order in
//! which they are written, whatever the bounds: the Analyzer's meaning of
//! `enum` (its atoms are made in that order, and the Analyzer fixes the
//! order of every exact ordered sig to its atoms' order).
//!
//! Only the library's own module is trusted (a copy next to the model may
//! say something else), and atoms fixed by one ordering are no longer
//! interchangeable for the next one (two orderings over one sig).

use super::{Atom, Bounds};
use crate::budget::{Budget, Exhausted};
use crate::ir::{FieldId, Model, Module, ModuleId, SigId};

/// The relations of one `util/ordering` instance that can be fixed.
struct Ordering {
    elem: SigId,
    ord: SigId,
    first: FieldId,
    next: FieldId,
}

/// Fix `First`/`Next` of every `util/ordering` instance whose ordered
/// atoms are exact and interchangeable (see the module comment).
pub(super) fn fix_orderings(
    model: &Model,
    b: &mut Bounds,
    budget: &Budget,
) -> Result<(), Exhausted> {
    for (i, m) in model.modules.iter().enumerate() {
        let Some(o) = library_ordering(model, ModuleId(i as u32), m) else {
            continue;
        };
        let elem: Vec<Atom> = b.sig_upper[o.elem.index()].clone();
        let ord = &b.sig_upper[o.ord.index()];
        if b.sig_lower[o.elem.index()] != elem
            || ord.len() != 1
            || b.sig_lower[o.ord.index()] != *ord
        {
            continue;
        }
        let ord = ord[0];
        // An enum's members are ordered as written (its atoms are made in
        // that order): that is the Analyzer's meaning, not a symmetry.
        if !model.sig(o.elem).is_enum && !interchangeable(b, &elem, budget)? {
            continue;
        }
        let first: Vec<Vec<Atom>> = elem.first().map(|&a| vec![ord, a]).into_iter().collect();
        let next: Vec<Vec<Atom>> = elem.windows(2).map(|w| vec![ord, w[0], w[1]]).collect();
        for (f, ts) in [(o.first, first), (o.next, next)] {
            b.field_lower[f.index()] = ts.clone();
            b.field_upper[f.index()] = ts;
        }
    }
    Ok(())
}

/// The sigs and fields of a `util/ordering` instance loaded from relprove's
/// library, found by their names there.
fn library_ordering(model: &Model, id: ModuleId, m: &Module) -> Option<Ordering> {
    if !model.library_modules.contains(&id) || m.name != "util/ordering" || m.params.len() != 1 {
        return None;
    }
    let ord = model
        .sig_ids()
        .find(|&s| model.sig(s).module == id && model.sig(s).name == "Ord")?;
    let field = |name: &str, arity: usize| {
        model
            .fields_of(ord)
            .find(|&f| model.field(f).name == name && model.field(f).arity == arity)
    };
    Some(Ordering {
        elem: m.params[0].1,
        ord,
        first: field("First", 2)?,
        next: field("Next", 3)?,
    })
}

/// Whether every transposition of two adjacent atoms of `atoms` maps every
/// sig bound and field bound to itself (the adjacent transpositions
/// generate all permutations of `atoms`).
pub(super) fn interchangeable(
    b: &Bounds,
    atoms: &[Atom],
    budget: &Budget,
) -> Result<bool, Exhausted> {
    let has = |v: &[Atom], a: Atom| v.binary_search(&a).is_ok();
    for w in atoms.windows(2) {
        let (x, y) = (w[0], w[1]);
        let swap = |a: Atom| {
            if a == x {
                y
            } else if a == y {
                x
            } else {
                a
            }
        };
        let sigs_same = b
            .sig_upper
            .iter()
            .chain(&b.sig_lower)
            .all(|v| has(v, x) == has(v, y));
        if !sigs_same {
            return Ok(false);
        }
        for ts in b.field_upper.iter().chain(&b.field_lower) {
            // (field bounds are sorted)
            for t in ts {
                budget.tick()?;
                if t.iter().any(|&a| a == x || a == y) {
                    let img: Vec<Atom> = t.iter().map(|&a| swap(a)).collect();
                    if ts.binary_search(&img).is_err() {
                        return Ok(false);
                    }
                }
            }
        }
    }
    Ok(true)
}
