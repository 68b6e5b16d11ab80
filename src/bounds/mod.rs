//! Scopes → a universe of atoms and lower/upper bounds for every sig and
//! field, as Alloy computes them.
//!
//! * Every `extends` sig gets a scope by the Analyzer's rules ([`scopes`],
//!   docs/scopes.md). A top-level sig gets as many atoms as its scope,
//!   labelled `Label$i` after the top-level sig.
//! * An exact sig (`one sig`, `exactly K S`, an `exactly` module argument)
//!   gets dedicated atoms (lower = upper); the other subsigs may use the
//!   atoms of their parent that no sibling must have. Cardinalities that
//!   the bounds do not imply become [`SigCard`] constraints.
//! * Subset sigs (`in A + B`) are bounded by the union of their parents.
//! * Integer atoms (`-2^(bw-1)` ... `2^(bw-1)-1`) come after all sig atoms.
//! * A field `f` of `S` is bounded by `upper(S) × ub(bound)`, where `ub` is
//!   a static over-approximation of the declaration's right-hand side.

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::{Diagnostic, Phase};
use crate::instance::{int_range, AtomInfo, Universe};
use crate::ir::*;

pub mod scopes;

pub type Atom = u32;

/// Cardinality constraints on a sig the bounds do not already enforce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigCard {
    pub sig: SigId,
    pub min: u32,
    pub max: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct Bounds {
    pub universe: Universe,
    /// Atoms `0..num_sig_atoms` belong to sigs, the rest are integers.
    pub num_sig_atoms: usize,
    /// Per sig (indexed by SigId): sorted atoms that must / may be in it.
    pub sig_lower: Vec<Vec<Atom>>,
    pub sig_upper: Vec<Vec<Atom>>,
    /// Per field: sorted tuples that may be in it.
    pub field_upper: Vec<Vec<Vec<Atom>>>,
    pub cards: Vec<SigCard>,
    /// The scope each top-level sig got, for reporting.
    pub top_scopes: BTreeMap<SigId, u32>,
}

impl Bounds {
    pub fn first_int_atom(&self) -> usize {
        self.num_sig_atoms
    }
    pub fn int_atoms(&self) -> std::ops::Range<usize> {
        self.num_sig_atoms..self.universe.len()
    }
}

/// Compute the bounds of a command's scope (errors without a position).
pub fn compute(model: &Model, scope: &Scope) -> Result<Bounds, Diagnostic> {
    compute_at(model, scope, crate::diag::Span::DUMMY)
}

/// Compute the bounds of a command's scope; `cmd_span` positions the errors
/// that concern the command as a whole.
pub fn compute_at(
    model: &Model,
    scope: &Scope,
    cmd_span: crate::diag::Span,
) -> Result<Bounds, Diagnostic> {
    let bitwidth = scope.bitwidth.unwrap_or(4);
    if bitwidth == 0 || bitwidth > 16 {
        return Err(Diagnostic::without_span(
            Phase::Bounds,
            format!("bitwidth {bitwidth} is not supported (1..16)"),
        ));
    }
    let nsigs = model.sigs.len();
    let sc = scopes::compute(model, scope, cmd_span)?;
    let children: Vec<Vec<SigId>> = model
        .sig_ids()
        .map(|s| model.children(s).collect())
        .collect();

    // Lower bounds bottom-up: a sig must contain what its children must,
    // plus its fresh atoms when it is exact; its upper bound starts as its
    // lower bound plus its fresh atoms (Alloy's BoundsComputer).
    let mut atoms: Vec<AtomInfo> = Vec::new();
    let mut sig_lower: Vec<BTreeSet<Atom>> = vec![BTreeSet::new(); nsigs];
    let mut upper: Vec<BTreeSet<Atom>> = vec![BTreeSet::new(); nsigs];
    let mut top_scopes = BTreeMap::new();
    #[allow(clippy::too_many_arguments)]
    fn lower_bound(
        s: SigId,
        label: &str,
        children: &[Vec<SigId>],
        sc: &scopes::SigScopes,
        atoms: &mut Vec<AtomInfo>,
        next_index: &mut u32,
        lower: &mut [BTreeSet<Atom>],
        upper: &mut [BTreeSet<Atom>],
    ) -> BTreeSet<Atom> {
        let mut lo = BTreeSet::new();
        for &c in &children[s.index()] {
            lo.extend(lower_bound(
                c, label, children, sc, atoms, next_index, lower, upper,
            ));
        }
        let mut up = lo.clone();
        for _ in 0..sc.fresh[s.index()] {
            let a = atoms.len() as Atom;
            atoms.push(AtomInfo {
                label: format!("{label}${next_index}"),
                int: None,
            });
            *next_index += 1;
            if sc.exact[s.index()] {
                lo.insert(a);
            }
            up.insert(a);
        }
        lower[s.index()] = lo.clone();
        upper[s.index()] = up;
        lo
    }
    // Upper bounds top-down: atoms of a sig that no child must have may go
    // to every child whose scope is larger than what it must have.
    fn upper_bound(
        s: SigId,
        children: &[Vec<SigId>],
        sc: &scopes::SigScopes,
        lower: &[BTreeSet<Atom>],
        upper: &mut [BTreeSet<Atom>],
    ) {
        let mut x = upper[s.index()].clone();
        for &c in &children[s.index()] {
            for a in &lower[c.index()] {
                x.remove(a);
            }
        }
        for &c in &children[s.index()] {
            if sc.scope[c.index()] as usize > lower[c.index()].len() {
                upper[c.index()].extend(x.iter().copied());
            }
            upper_bound(c, children, sc, lower, upper);
        }
    }
    for t in model.top_level_sigs() {
        let mut next_index = 0;
        let label = model.sig(t).label.clone();
        lower_bound(
            t,
            &label,
            &children,
            &sc,
            &mut atoms,
            &mut next_index,
            &mut sig_lower,
            &mut upper,
        );
        upper_bound(t, &children, &sc, &sig_lower, &mut upper);
        top_scopes.insert(t, sc.scope[t.index()]);
    }
    let mut sig_upper: Vec<Vec<Atom>> =
        upper.into_iter().map(|u| u.into_iter().collect()).collect();
    // Size constraints the bounds do not already imply.
    let mut cards = Vec::new();
    for s in model.sig_ids() {
        if matches!(model.sig(s).kind, SigKind::Subset(_)) {
            continue;
        }
        let (lo, up) = (
            sig_lower[s.index()].len() as u32,
            sig_upper[s.index()].len() as u32,
        );
        let n = sc.scope[s.index()];
        let (mut min, mut max) = (0, None::<u32>);
        let mut tighten = |mn: u32, mx: Option<u32>| {
            min = min.max(mn);
            if let Some(m) = mx {
                max = Some(max.map_or(m, |x| x.min(m)));
            }
        };
        match model.sig(s).mult {
            Some(Mult::One) if lo != 1 || up != 1 => tighten(1, Some(1)),
            Some(Mult::Some) if lo < 1 => tighten(1, None),
            Some(Mult::Lone) if up > 1 => tighten(0, Some(1)),
            _ => {}
        }
        if sc.exact[s.index()] {
            if lo != n || up != n {
                tighten(n, Some(n));
            }
        } else if up > n {
            tighten(0, Some(n));
        }
        if min > 0 || max.is_some() {
            cards.push(SigCard { sig: s, min, max });
        }
    }
    let num_sig_atoms = atoms.len();
    let (lo, hi) = int_range(bitwidth);
    for v in lo..=hi {
        atoms.push(AtomInfo {
            label: v.to_string(),
            int: Some(v),
        });
    }
    // Subset sigs, in dependency order (their parents may be subset sigs too).
    let mut done: Vec<bool> = model
        .sigs
        .iter()
        .map(|s| !matches!(s.kind, SigKind::Subset(_)))
        .collect();
    loop {
        let mut progress = false;
        for s in model.sig_ids() {
            if done[s.index()] {
                continue;
            }
            let SigKind::Subset(parents) = &model.sig(s).kind else {
                continue;
            };
            if parents.iter().all(|p| done[p.index()]) {
                let mut up: BTreeSet<Atom> = BTreeSet::new();
                for p in parents {
                    up.extend(sig_upper[p.index()].iter().copied());
                }
                sig_upper[s.index()] = up.into_iter().collect();
                let sig = model.sig(s);
                // (Commands cannot scope subset sigs: only their
                // multiplicity constrains their size.)
                let (mut min, mut max) = (0, None);
                match sig.mult {
                    Some(Mult::One) => {
                        min = 1;
                        max = Some(1)
                    }
                    Some(Mult::Lone) => max = Some(max.map_or(1, |m: u32| m.min(1))),
                    Some(Mult::Some) => min = min.max(1),
                    _ => {}
                }
                if min > 0 || max.is_some() {
                    cards.push(SigCard { sig: s, min, max });
                }
                done[s.index()] = true;
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    if let Some(s) = model.sig_ids().find(|s| !done[s.index()]) {
        return Err(Diagnostic::new(
            Phase::Bounds,
            model.sig(s).span,
            format!("subset sig `{}` depends on itself", model.sig(s).name),
        ));
    }
    let universe = Universe { atoms, bitwidth };
    let mut b = Bounds {
        universe,
        num_sig_atoms,
        sig_lower: sig_lower
            .into_iter()
            .map(|s| s.into_iter().collect())
            .collect(),
        sig_upper,
        field_upper: Vec::new(),
        cards,
        top_scopes,
    };
    for f in model.field_ids() {
        let field = model.field(f);
        let mut env = BTreeMap::new();
        let this: BTreeSet<Vec<Atom>> = b.sig_upper[field.sig.index()]
            .iter()
            .map(|&a| vec![a])
            .collect();
        env.insert(field.this_var, this.clone());
        let rhs = ub(model, &b, &field.decl.bound, &env);
        let prod = product(&this, &rhs);
        b.field_upper.push(prod.into_iter().collect());
    }
    Ok(b)
}

type TS = BTreeSet<Vec<Atom>>;

fn product(a: &TS, b: &TS) -> TS {
    let mut out = TS::new();
    for x in a {
        for y in b {
            let mut t = x.clone();
            t.extend_from_slice(y);
            out.insert(t);
        }
    }
    out
}

fn all_tuples(n: usize, arity: usize) -> TS {
    let mut out: TS = (0..n as Atom).map(|a| vec![a]).collect();
    for _ in 1..arity {
        let one: TS = (0..n as Atom).map(|a| vec![a]).collect();
        out = product(&out, &one);
    }
    out
}

/// A static over-approximation of the tuples an expression may denote.
pub fn ub(model: &Model, b: &Bounds, e: &Expr, env: &BTreeMap<VarId, TS>) -> TS {
    let n = b.universe.len();
    let unary = |v: &[Atom]| -> TS { v.iter().map(|&a| vec![a]).collect() };
    match &e.kind {
        ExprKind::Sig(s) => unary(&b.sig_upper[s.index()]),
        ExprKind::Field(f) => match b.field_upper.get(f.index()) {
            Some(t) => t.iter().cloned().collect(),
            None => all_tuples(n, e.arity),
        },
        ExprKind::Var(v) => env
            .get(v)
            .cloned()
            .unwrap_or_else(|| all_tuples(n, e.arity)),
        ExprKind::Univ => all_tuples(n, 1),
        ExprKind::Iden => (0..n as Atom).map(|a| vec![a, a]).collect(),
        ExprKind::None => TS::new(),
        ExprKind::IntAtoms | ExprKind::IntToAtom(_) => {
            b.int_atoms().map(|a| vec![a as Atom]).collect()
        }
        ExprKind::Union(x, y) | ExprKind::Override(x, y) => {
            let mut s = ub(model, b, x, env);
            s.extend(ub(model, b, y, env));
            s
        }
        ExprKind::IfThenElse(_, x, y) => {
            let mut s = ub(model, b, x, env);
            s.extend(ub(model, b, y, env));
            s
        }
        ExprKind::Intersection(x, y) => {
            let s = ub(model, b, x, env);
            let t = ub(model, b, y, env);
            s.intersection(&t).cloned().collect()
        }
        ExprKind::Difference(x, _) => ub(model, b, x, env),
        ExprKind::Join(x, y) => {
            let s = ub(model, b, x, env);
            let t = ub(model, b, y, env);
            join(&s, &t)
        }
        ExprKind::Product { lhs, rhs, .. } => {
            product(&ub(model, b, lhs, env), &ub(model, b, rhs, env))
        }
        ExprKind::DomainRestrict(x, y) => {
            let s = ub(model, b, x, env);
            let t = ub(model, b, y, env);
            t.into_iter().filter(|tu| s.contains(&tu[..1])).collect()
        }
        ExprKind::RangeRestrict(x, y) => {
            let s = ub(model, b, x, env);
            let t = ub(model, b, y, env);
            s.into_iter()
                .filter(|tu| t.contains(&tu[tu.len() - 1..]))
                .collect()
        }
        ExprKind::Transpose(x) => ub(model, b, x, env)
            .into_iter()
            .map(|t| vec![t[1], t[0]])
            .collect(),
        ExprKind::Closure(x) => closure(&ub(model, b, x, env)),
        ExprKind::ReflexiveClosure(x) => {
            let mut s = closure(&ub(model, b, x, env));
            s.extend((0..n as Atom).map(|a| vec![a, a]));
            s
        }
        ExprKind::Let(v, x, body) => {
            let mut env2 = env.clone();
            env2.insert(*v, ub(model, b, x, env));
            ub(model, b, body, &env2)
        }
        ExprKind::Call(f, args) => {
            // Funs are not recursive (the resolver rejects call cycles).
            let fun = model.fun(*f);
            let mut env2 = env.clone();
            for (p, a) in fun.params.iter().zip(args) {
                env2.insert(p.var, ub(model, b, a, env));
            }
            ub(model, b, &fun.body, &env2)
        }
        ExprKind::Comprehension { .. } => all_tuples(n, e.arity),
    }
}

fn join(s: &TS, t: &TS) -> TS {
    let mut by_first: BTreeMap<Atom, Vec<&Vec<Atom>>> = BTreeMap::new();
    for y in t {
        by_first.entry(y[0]).or_default().push(y);
    }
    let mut out = TS::new();
    for x in s {
        if let Some(ys) = by_first.get(x.last().unwrap()) {
            for y in ys {
                let mut r = x[..x.len() - 1].to_vec();
                r.extend_from_slice(&y[1..]);
                if !r.is_empty() {
                    out.insert(r);
                }
            }
        }
    }
    out
}

fn closure(s: &TS) -> TS {
    let mut cur = s.clone();
    loop {
        let step = join(&cur, &cur);
        let before = cur.len();
        cur.extend(step);
        if cur.len() == before {
            return cur;
        }
    }
}
