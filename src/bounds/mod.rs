//! Scopes → a universe of atoms and lower/upper bounds for every sig and
//! field, as Alloy computes them.
//!
//! * Every top-level sig gets as many atoms as its scope (`for N`, `but M S`,
//!   `exactly K S`, default 3; an abstract sig whose children all have
//!   scopes gets the sum of theirs; a sig never gets fewer atoms than its
//!   exact descendants need). Atoms are labelled `Label$i`.
//! * A subsig draws its atoms from its parent's: an exactly-scoped subsig
//!   (`one sig`, `exactly K S`) gets dedicated atoms (lower = upper), the
//!   others may use whatever the parent has left. Cardinalities that the
//!   bounds cannot express become [`SigCard`] constraints.
//! * Subset sigs (`in A + B`) are bounded by the union of their parents.
//! * Integer atoms (`-2^(bw-1)` ... `2^(bw-1)-1`) come after all sig atoms.
//! * A field `f` of `S` is bounded by `upper(S) × ub(bound)`, where `ub` is
//!   a static over-approximation of the declaration's right-hand side.

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::{Diagnostic, Phase};
use crate::instance::{int_range, AtomInfo, Universe};
use crate::ir::*;

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

struct ScopeInfo {
    count: u32,
    exact: bool,
}

/// Compute the bounds of a command's scope.
pub fn compute(model: &Model, scope: &Scope) -> Result<Bounds, Diagnostic> {
    let overall = scope.overall.unwrap_or(3);
    let bitwidth = scope.bitwidth.unwrap_or(4);
    // The resolver already refused other bitwidths, with their position;
    // this guards models built by hand.
    if bitwidth == 0 || bitwidth > crate::ir::MAX_BITWIDTH {
        return Err(Diagnostic::without_span(
            Phase::Bounds,
            format!(
                "bitwidth {bitwidth} is not supported (the bitwidth must be 1 to {})",
                crate::ir::MAX_BITWIDTH
            ),
        ));
    }
    let nsigs = model.sigs.len();
    let mut explicit: BTreeMap<SigId, ScopeInfo> = BTreeMap::new();
    for ss in &scope.sigs {
        explicit.insert(
            ss.sig,
            ScopeInfo {
                count: ss.count,
                exact: ss.exact,
            },
        );
    }
    for s in model.sig_ids() {
        let sig = model.sig(s);
        if sig.mult == Some(Mult::One) {
            if let Some(e) = explicit.get(&s) {
                if e.count != 1 && !matches!(sig.kind, SigKind::Subset(_)) {
                    return Err(Diagnostic::new(
                        Phase::Bounds,
                        e_span(scope, s),
                        format!("`one sig {}` cannot have scope {}", sig.name, e.count),
                    ));
                }
            }
            explicit.insert(
                s,
                ScopeInfo {
                    count: 1,
                    exact: true,
                },
            );
        }
    }
    let children: Vec<Vec<SigId>> = model
        .sig_ids()
        .map(|s| model.children(s).collect())
        .collect();
    // Sigs passed for `exactly` module parameters (`util/ordering[exactly
    // elem]`) get exact scopes: the explicit count, or for a top-level sig
    // the overall scope.
    for m in &model.modules {
        for &s in &m.exact_params {
            match explicit.get_mut(&s) {
                Some(e) => e.exact = true,
                None if matches!(model.sig(s).kind, SigKind::TopLevel) => {
                    explicit.insert(
                        s,
                        ScopeInfo {
                            count: overall,
                            exact: true,
                        },
                    );
                }
                None => {}
            }
        }
    }

    // Atoms an exact descendant needs.
    fn needed(
        s: SigId,
        explicit: &BTreeMap<SigId, ScopeInfo>,
        children: &[Vec<SigId>],
        model: &Model,
    ) -> u32 {
        if let Some(e) = explicit.get(&s) {
            if e.exact {
                return e.count;
            }
        }
        let sum: u32 = children[s.index()]
            .iter()
            .map(|&c| needed(c, explicit, children, model))
            .sum();
        let own = if model.sig(s).mult == Some(Mult::Some) {
            1
        } else {
            0
        };
        sum.max(own)
    }
    fn derived(
        s: SigId,
        explicit: &BTreeMap<SigId, ScopeInfo>,
        children: &[Vec<SigId>],
        model: &Model,
    ) -> Option<u32> {
        if let Some(e) = explicit.get(&s) {
            return Some(e.count);
        }
        let sig = model.sig(s);
        if sig.is_abstract && !children[s.index()].is_empty() {
            let mut sum = 0;
            for &c in &children[s.index()] {
                sum += derived(c, explicit, children, model)?;
            }
            return Some(sum);
        }
        None
    }

    let mut atoms: Vec<AtomInfo> = Vec::new();
    let mut sig_lower: Vec<BTreeSet<Atom>> = vec![BTreeSet::new(); nsigs];
    let mut sig_upper: Vec<Vec<Atom>> = vec![Vec::new(); nsigs];
    let mut cards = Vec::new();
    let mut top_scopes = BTreeMap::new();
    for t in model.top_level_sigs() {
        let sig = model.sig(t);
        let mut n = derived(t, &explicit, &children, model).unwrap_or(overall);
        if sig.mult == Some(Mult::Lone) {
            n = n.min(1);
        }
        n = n.max(needed(t, &explicit, &children, model));
        let exact = explicit.get(&t).map(|e| e.exact).unwrap_or(false);
        top_scopes.insert(t, n);
        let base = atoms.len() as u32;
        for i in 0..n {
            atoms.push(AtomInfo {
                label: format!("{}${}", sig.label, i),
                int: None,
            });
        }
        let pool: Vec<Atom> = (base..base + n).collect();
        sig_upper[t.index()] = pool.clone();
        if exact {
            sig_lower[t.index()].extend(pool.iter().copied());
        }
        let min = if sig.mult == Some(Mult::Some) { 1 } else { 0 };
        if min > 0 && !exact {
            cards.push(SigCard {
                sig: t,
                min,
                max: None,
            });
        }
        let mut ancestors = vec![t];
        let mut claims = BTreeMap::new();
        allocate(
            model,
            t,
            &pool,
            &children,
            &explicit,
            &mut sig_lower,
            &mut sig_upper,
            &mut cards,
            &mut ancestors,
            &mut claims,
            scope,
        )?;
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
                let (mut min, mut max) = (0, None);
                if let Some(e) = explicit.get(&s) {
                    max = Some(e.count);
                    if e.exact {
                        min = e.count;
                    }
                }
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

fn e_span(scope: &Scope, s: SigId) -> crate::diag::Span {
    scope
        .sigs
        .iter()
        .find(|x| x.sig == s)
        .map(|x| x.span)
        .unwrap_or(crate::diag::Span::DUMMY)
}

#[allow(clippy::too_many_arguments)]
fn allocate(
    model: &Model,
    s: SigId,
    pool: &[Atom],
    children: &[Vec<SigId>],
    explicit: &BTreeMap<SigId, ScopeInfo>,
    lower: &mut [BTreeSet<Atom>],
    upper: &mut [Vec<Atom>],
    cards: &mut Vec<SigCard>,
    ancestors: &mut Vec<SigId>,
    claims: &mut BTreeMap<Atom, SigId>,
    scope: &Scope,
) -> Result<(), Diagnostic> {
    let kids = &children[s.index()];
    // Exact children first get dedicated atoms, from the front of the pool.
    // An atom already claimed by an exact sig elsewhere in the hierarchy
    // (a sibling here, or an exact descendant of a sibling of an ancestor:
    // `one sig A extends Write` and `one sig B extends Read` under `Event`)
    // is skipped, since both sigs are in the lower bound and must be
    // disjoint; only atoms claimed by an ancestor of `c` may be reused.
    let mut taken: BTreeSet<Atom> = BTreeSet::new();
    for &c in kids {
        if let Some(e) = explicit.get(&c).filter(|e| e.exact) {
            let free = |a: &Atom| claims.get(a).is_none_or(|x| ancestors.contains(x));
            let mine: Vec<Atom> = pool
                .iter()
                .copied()
                .filter(free)
                .take(e.count as usize)
                .collect();
            if mine.len() < e.count as usize {
                return Err(Diagnostic::new(
                    Phase::Bounds,
                    e_span(scope, c),
                    format!(
                        "the scope of `{}` ({}) exceeds what its parent `{}` can hold",
                        model.sig(c).name,
                        e.count,
                        model.sig(s).name
                    ),
                ));
            }
            for &a in &mine {
                claims.insert(a, c);
            }
            taken.extend(mine.iter().copied());
            upper[c.index()] = mine.clone();
            for &a in ancestors.iter().chain(std::iter::once(&c)) {
                lower[a.index()].extend(mine.iter().copied());
            }
        }
    }
    let rest: Vec<Atom> = pool
        .iter()
        .copied()
        .filter(|a| !taken.contains(a))
        .collect();
    for &c in kids {
        let sig = model.sig(c);
        let exact = explicit.get(&c).map(|e| e.exact).unwrap_or(false);
        if !exact {
            upper[c.index()] = rest.clone();
            let mut max = explicit.get(&c).map(|e| e.count);
            if sig.mult == Some(Mult::Lone) {
                max = Some(max.map_or(1, |m| m.min(1)));
            }
            let max = max.filter(|&m| (m as usize) < rest.len());
            let min = if sig.mult == Some(Mult::Some) { 1 } else { 0 };
            if min > 0 || max.is_some() {
                cards.push(SigCard { sig: c, min, max });
            }
        }
        ancestors.push(c);
        let p = upper[c.index()].clone();
        allocate(
            model, c, &p, children, explicit, lower, upper, cards, ancestors, claims, scope,
        )?;
        ancestors.pop();
    }
    Ok(())
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
