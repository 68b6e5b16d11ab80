//! The scope of every sig of a command, by the Alloy Analyzer's rules
//! (docs/scopes.md states them one by one, with the test of each).
//!
//! Only `extends` sigs (top-level sigs and their descendants) have scopes;
//! subset sigs are bounded by their parents. The result is, per sig, the
//! number of atoms it may have, whether that number is exact, and how many
//! atoms of its own it gets in the universe (an exact sig, or a top-level
//! sig, gets atoms for the part of its scope its children do not cover).

use std::collections::BTreeSet;

use crate::diag::{Diagnostic, Phase, Span};
use crate::ir::{Model, Mult, Scope, SigId, SigKind};

/// Per-sig scopes, indexed by `SigId` (entries of subset sigs are unused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigScopes {
    /// The most atoms the sig may have (after the derivation rules and after
    /// raising a sig to what its children need).
    pub scope: Vec<u32>,
    /// The sig has exactly `scope` atoms.
    pub exact: Vec<bool>,
    /// Atoms created for the sig itself (beyond those of its children).
    pub fresh: Vec<u32>,
}

fn err(span: Span, msg: String) -> Diagnostic {
    if span.is_dummy() {
        Diagnostic::without_span(Phase::Bounds, msg)
    } else {
        Diagnostic::new(Phase::Bounds, span, msg)
    }
}

fn is_prim(model: &Model, s: SigId) -> bool {
    !matches!(model.sig(s).kind, SigKind::Subset(_))
}

/// Compute every `extends` sig's scope for the command scope `scope`.
pub fn compute(model: &Model, scope: &Scope, cmd_span: Span) -> Result<SigScopes, Diagnostic> {
    let n = model.sigs.len();
    let mut sc: Vec<Option<u32>> = vec![None; n];
    let mut exact = vec![false; n];
    let children: Vec<Vec<SigId>> = model
        .sig_ids()
        .map(|s| model.children(s).collect())
        .collect();

    // Rule 1: the scopes the command names, checked against the sigs'
    // multiplicities.
    for ss in &scope.sigs {
        let sig = model.sig(ss.sig);
        let bad = match sig.mult {
            Some(Mult::One) if ss.count != 1 => Some("one` sig must be 1"),
            Some(Mult::Lone) if ss.count > 1 => Some("lone` sig must be 0 or 1"),
            Some(Mult::Some) if ss.count < 1 => Some("some` sig must be 1 or more"),
            _ => None,
        };
        if let Some(why) = bad {
            return Err(err(
                ss.span,
                format!(
                    "`{}` cannot have scope {}: the scope of a `{why}",
                    sig.name, ss.count
                ),
            ));
        }
        sc[ss.sig.index()] = Some(ss.count);
        exact[ss.sig.index()] |= ss.exact;
    }
    // Rule 2: `one sig` has exactly 1 atom; `lone sig` at most 1 unless the
    // command gave it 0.
    for s in model.sig_ids().filter(|&s| is_prim(model, s)) {
        match model.sig(s).mult {
            Some(Mult::One) => {
                sc[s.index()] = Some(1);
                exact[s.index()] = true;
            }
            Some(Mult::Lone) if sc[s.index()] != Some(0) => sc[s.index()] = Some(1),
            _ => {}
        }
    }
    // Rules 3-5, repeated until nothing changes, each rule run to its own
    // fixpoint and the loop restarted at rule 3 after any change.
    let overall = match scope.overall {
        Some(o) => Some(o),
        None if scope.sigs.is_empty() => Some(3),
        None => None,
    };
    loop {
        if derive_abstract(model, &children, &mut sc) {
            while derive_abstract(model, &children, &mut sc) {}
            continue;
        }
        let mut changed = false;
        for t in model.top_level_sigs() {
            if sc[t.index()].is_none() {
                let Some(o) = overall else {
                    return Err(err(
                        cmd_span,
                        format!(
                            "the command must give a scope for sig `{}` (it has no overall scope `for N`)",
                            model.sig(t).name
                        ),
                    ));
                };
                sc[t.index()] = Some(o);
                changed = true;
            }
        }
        if changed {
            continue;
        }
        // (to its own fixpoint, as the Analyzer's `do {} while (...)`: a
        // child visited before its parent got a scope takes it in the
        // next pass, before rule 3 runs again)
        loop {
            let mut pass = false;
            for s in model.sig_ids() {
                if let (SigKind::Extends(p), None) = (&model.sig(s).kind, sc[s.index()]) {
                    if let Some(ps) = sc[p.index()] {
                        sc[s.index()] = Some(ps);
                        pass = true;
                    }
                }
            }
            if !pass {
                break;
            }
            changed = true;
        }
        if !changed {
            break;
        }
    }
    let mut out = SigScopes {
        scope: sc.iter().map(|x| x.unwrap_or(0)).collect(),
        exact,
        fresh: vec![0; n],
    };
    // Rule 6: sigs passed for `exactly` module parameters (`util/ordering`)
    // become exact, with the scope they have after rule 7's raise.
    let exact_params: BTreeSet<SigId> = model
        .modules
        .iter()
        .flat_map(|m| m.exact_params.iter().copied())
        .collect();
    for t in model.top_level_sigs() {
        lower_bound(model, t, &children, &exact_params, &mut out);
    }
    Ok(out)
}

/// Rule 3: an abstract sig without a scope whose children all have one gets
/// their sum; an abstract sig with a scope and exactly one child without one
/// gives that child what is left (never below 0).
fn derive_abstract(model: &Model, children: &[Vec<SigId>], sc: &mut [Option<u32>]) -> bool {
    let mut changed = false;
    for s in model.sig_ids() {
        let kids = &children[s.index()];
        if !model.sig(s).is_abstract || !is_prim(model, s) || kids.is_empty() {
            continue;
        }
        let missing: Vec<SigId> = kids
            .iter()
            .copied()
            .filter(|c| sc[c.index()].is_none())
            .collect();
        if missing.len() > 1 {
            continue;
        }
        let sum: u32 = kids
            .iter()
            .filter_map(|c| sc[c.index()])
            .fold(0u32, |a, b| a.saturating_add(b));
        match (sc[s.index()], missing.first()) {
            (None, None) => {
                sc[s.index()] = Some(sum);
                changed = true;
            }
            (Some(own), Some(m)) => {
                sc[m.index()] = Some(own.saturating_sub(sum));
                changed = true;
            }
            _ => {}
        }
    }
    changed
}

/// Rule 7 (bottom-up): a sig's scope is raised to the atoms its children
/// must have; an exact or top-level sig gets fresh atoms for the rest of its
/// scope. Returns the number of atoms the sig must have.
fn lower_bound(
    model: &Model,
    s: SigId,
    children: &[Vec<SigId>],
    exact_params: &BTreeSet<SigId>,
    out: &mut SigScopes,
) -> u32 {
    let mut lower: u32 = 0;
    for &c in &children[s.index()] {
        lower = lower.saturating_add(lower_bound(model, c, children, exact_params, out));
    }
    let i = s.index();
    if out.scope[i] < lower {
        out.scope[i] = lower;
    }
    if exact_params.contains(&s) {
        out.exact[i] = true;
    }
    let top = matches!(model.sig(s).kind, SigKind::TopLevel);
    if out.scope[i] > lower && (out.exact[i] || top) {
        out.fresh[i] = out.scope[i] - lower;
        if out.exact[i] {
            lower = out.scope[i];
        }
    }
    lower
}
