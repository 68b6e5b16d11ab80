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

use crate::budget::{Budget, Exhausted};
use crate::diag::{Diagnostic, Phase};
use crate::instance::{int_range, AtomInfo, Universe};
use crate::ir::*;

/// Why bounds could not be computed.
#[derive(Debug)]
pub enum BoundsError {
    /// A scope the model cannot have (with a span).
    Input(Diagnostic),
    /// The time or memory limit of the [`Budget`].
    Exhausted(Exhausted),
}

impl From<Exhausted> for BoundsError {
    fn from(e: Exhausted) -> Self {
        BoundsError::Exhausted(e)
    }
}

impl From<Diagnostic> for BoundsError {
    fn from(d: Diagnostic) -> Self {
        BoundsError::Input(d)
    }
}

/// Heap bytes of one atom: its `AtomInfo` and label, and its place in the
/// per-sig bound vectors (an estimate, for refusing before allocating).
const BYTES_PER_ATOM: u64 = 96;

/// Heap bytes of one tuple of arity `k` in a [`TS`] (vector header and
/// allocation, B-tree slot) and in the final `Vec<Vec<Atom>>`.
fn bytes_per_tuple(k: usize) -> u64 {
    2 * (56 + 4 * k as u64)
}

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

/// Compute the bounds of a command's scope, with no limits.
pub fn compute(model: &Model, scope: &Scope) -> Result<Bounds, Diagnostic> {
    compute_within(model, scope, &Budget::unlimited()).map_err(|e| match e {
        BoundsError::Input(d) => d,
        BoundsError::Exhausted(e) => Diagnostic::without_span(Phase::Bounds, e.to_string()),
    })
}

/// Compute the bounds of a command's scope within `budget`: the universe
/// and every field bound are sized before they are built.
pub fn compute_within(
    model: &Model,
    scope: &Scope,
    budget: &Budget,
) -> Result<Bounds, BoundsError> {
    let overall = scope.overall.unwrap_or(3);
    let bitwidth = scope.bitwidth.unwrap_or(4);
    if bitwidth == 0 || bitwidth > 16 {
        return Err(Diagnostic::without_span(
            Phase::Bounds,
            format!("bitwidth {bitwidth} is not supported (1..16)"),
        )
        .into());
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
                    )
                    .into());
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
            .fold(0, u32::saturating_add);
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
            let mut sum: u32 = 0;
            for &c in &children[s.index()] {
                sum = u32::saturating_add(sum, derived(c, explicit, children, model)?);
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
    // The universe, sized before any atom is made: a typo'd scope
    // (`for 2147483647`) must be refused, not allocated.
    let mut total: u64 = 0;
    for t in model.top_level_sigs() {
        let sig = model.sig(t);
        let mut n = derived(t, &explicit, &children, model).unwrap_or(overall);
        if sig.mult == Some(Mult::Lone) {
            n = n.min(1);
        }
        total += n.max(needed(t, &explicit, &children, model)) as u64;
    }
    budget.reserve(total.saturating_mul(BYTES_PER_ATOM), || {
        format!("a universe of {total} atoms")
    })?;
    if total > u32::MAX as u64 / 2 {
        return Err(Exhausted::Memory(crate::budget::MemoryNeed {
            what: format!("a universe of {total} atoms"),
            bytes: total.saturating_mul(BYTES_PER_ATOM),
            limit: budget.max_bytes().unwrap_or(u64::MAX),
        })
        .into());
    }
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
            budget.tick()?;
            atoms.push(AtomInfo {
                label: format!("{}${}", sig.label, i),
                int: None,
            });
        }
        let pool: Vec<Atom> = (base..base + n).collect();
        sig_upper[t.index()] = pool.clone();
        if exact {
            add_atoms(&mut sig_lower[t.index()], &pool, budget)?;
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
            budget,
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
                    add_atoms(&mut up, &sig_upper[p.index()], budget)?;
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
        )
        .into());
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
        let this = ticked(
            b.sig_upper[field.sig.index()].iter().map(|&a| vec![a]),
            budget,
        )?;
        env.insert(field.this_var, ticked(this.iter().cloned(), budget)?);
        let rhs = ub_within(model, &b, &field.decl.bound, &env, budget)?;
        let what = || format!("the bounds of field `{}`", field.name);
        let prod = product(&this, &rhs, budget, what)?;
        let mut tuples = Vec::with_capacity(prod.len());
        for t in prod {
            budget.tick()?;
            tuples.push(t);
        }
        b.field_upper.push(tuples);
    }
    Ok(b)
}

/// `set ∪= atoms`, one budget tick per atom.
fn add_atoms(set: &mut BTreeSet<Atom>, atoms: &[Atom], budget: &Budget) -> Result<(), Exhausted> {
    for &a in atoms {
        budget.tick()?;
        set.insert(a);
    }
    Ok(())
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
    budget: &Budget,
) -> Result<(), BoundsError> {
    budget.check()?;
    let kids = &children[s.index()];
    // Exact children first get dedicated atoms, from the front of the pool.
    // An atom already claimed by an exact sig elsewhere in the hierarchy
    // (a sibling here, or an exact descendant of a sibling of an ancestor:
    // `one sig A extends Write` and `one sig B extends Read` under `Event`)
    // is skipped, since both sigs are in the lower bound and must be
    // disjoint; only atoms claimed by an ancestor of `c` may be reused.
    let mut taken: BTreeSet<Atom> = BTreeSet::new();
    for &c in kids {
        budget.check()?;
        if let Some(e) = explicit.get(&c).filter(|e| e.exact) {
            let free = |a: &Atom| claims.get(a).is_none_or(|x| ancestors.contains(x));
            let mine: Vec<Atom> = pool
                .iter()
                .copied()
                .filter(free)
                .take(e.count as usize)
                .collect();
            if mine.len() < e.count as usize {
                return Err(BoundsError::Input(Diagnostic::new(
                    Phase::Bounds,
                    e_span(scope, c),
                    format!(
                        "the scope of `{}` ({}) exceeds what its parent `{}` can hold",
                        model.sig(c).name,
                        e.count,
                        model.sig(s).name
                    ),
                )));
            }
            for &a in &mine {
                claims.insert(a, c);
            }
            add_atoms(&mut taken, &mine, budget)?;
            upper[c.index()] = mine.clone();
            for &a in ancestors.iter().chain(std::iter::once(&c)) {
                add_atoms(&mut lower[a.index()], &mine, budget)?;
            }
        }
    }
    let rest: Vec<Atom> = pool
        .iter()
        .copied()
        .filter(|a| !taken.contains(a))
        .collect();
    for &c in kids {
        budget.check()?;
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
            model, c, &p, children, explicit, lower, upper, cards, ancestors, claims, scope, budget,
        )?;
        ancestors.pop();
    }
    Ok(())
}

type TS = BTreeSet<Vec<Atom>>;

/// `a × b`, sized first.
fn product(
    a: &TS,
    b: &TS,
    budget: &Budget,
    what: impl FnOnce() -> String,
) -> Result<TS, Exhausted> {
    let k = a.first().map_or(0, Vec::len) + b.first().map_or(0, Vec::len);
    let n = (a.len() as u64).saturating_mul(b.len() as u64);
    budget.reserve(n.saturating_mul(bytes_per_tuple(k)), || {
        format!("{} ({n} tuples of arity {k})", what())
    })?;
    let mut out = TS::new();
    for x in a {
        for y in b {
            budget.tick()?;
            let mut t = x.clone();
            t.extend_from_slice(y);
            out.insert(t);
        }
    }
    Ok(out)
}

/// A tuple set from `tuples`, one budget tick per tuple (large scopes make
/// even copying a bound take seconds).
fn ticked(tuples: impl Iterator<Item = Vec<Atom>>, budget: &Budget) -> Result<TS, Exhausted> {
    let mut out = TS::new();
    for t in tuples {
        budget.tick()?;
        out.insert(t);
    }
    Ok(out)
}

fn all_tuples(n: usize, arity: usize, budget: &Budget) -> Result<TS, Exhausted> {
    let one: TS = ticked((0..n as Atom).map(|a| vec![a]), budget)?;
    let mut out = one.clone();
    for _ in 1..arity {
        out = product(&out, &one, budget, || "all tuples of the universe".into())?;
    }
    Ok(out)
}

/// A static over-approximation of the tuples an expression may denote.
pub fn ub(model: &Model, b: &Bounds, e: &Expr, env: &BTreeMap<VarId, TS>) -> TS {
    ub_within(model, b, e, env, &Budget::unlimited()).unwrap_or_default()
}

/// [`ub`] within a budget.
pub fn ub_within(
    model: &Model,
    b: &Bounds,
    e: &Expr,
    env: &BTreeMap<VarId, TS>,
    budget: &Budget,
) -> Result<TS, Exhausted> {
    budget.tick()?;
    let n = b.universe.len();
    let unary = |v: &[Atom]| ticked(v.iter().map(|&a| vec![a]), budget);
    let ub = |e: &Expr, env: &BTreeMap<VarId, TS>| ub_within(model, b, e, env, budget);
    Ok(match &e.kind {
        ExprKind::Sig(s) => unary(&b.sig_upper[s.index()])?,
        ExprKind::Field(f) => match b.field_upper.get(f.index()) {
            Some(t) => ticked(t.iter().cloned(), budget)?,
            None => all_tuples(n, e.arity, budget)?,
        },
        ExprKind::Var(v) => match env.get(v) {
            Some(t) => ticked(t.iter().cloned(), budget)?,
            None => all_tuples(n, e.arity, budget)?,
        },
        ExprKind::Univ => all_tuples(n, 1, budget)?,
        ExprKind::Iden => ticked((0..n as Atom).map(|a| vec![a, a]), budget)?,
        ExprKind::None => TS::new(),
        ExprKind::IntAtoms | ExprKind::IntToAtom(_) => {
            b.int_atoms().map(|a| vec![a as Atom]).collect()
        }
        ExprKind::Union(x, y) | ExprKind::Override(x, y) | ExprKind::IfThenElse(_, x, y) => {
            let mut s = ub(x, env)?;
            s.extend(ub(y, env)?);
            s
        }
        ExprKind::Intersection(x, y) => {
            let s = ub(x, env)?;
            let t = ub(y, env)?;
            s.intersection(&t).cloned().collect()
        }
        ExprKind::Difference(x, _) => ub(x, env)?,
        ExprKind::Join(x, y) => {
            let s = ub(x, env)?;
            let t = ub(y, env)?;
            join(&s, &t, budget)?
        }
        ExprKind::Product { lhs, rhs, .. } => {
            // Sized from the operands' static sizes before either is
            // built: `A -> A -> A` at scope 2000 is refused at once.
            let what = || "the bound of a product".to_string();
            let est = size_bound(b, e, env);
            budget.reserve(est.saturating_mul(bytes_per_tuple(e.arity)), || {
                format!("{} (up to {est} tuples of arity {})", what(), e.arity)
            })?;
            product(&ub(lhs, env)?, &ub(rhs, env)?, budget, what)?
        }
        ExprKind::DomainRestrict(x, y) => {
            let s = ub(x, env)?;
            let t = ub(y, env)?;
            t.into_iter().filter(|tu| s.contains(&tu[..1])).collect()
        }
        ExprKind::RangeRestrict(x, y) => {
            let s = ub(x, env)?;
            let t = ub(y, env)?;
            s.into_iter()
                .filter(|tu| t.contains(&tu[tu.len() - 1..]))
                .collect()
        }
        ExprKind::Transpose(x) => ub(x, env)?.into_iter().map(|t| vec![t[1], t[0]]).collect(),
        ExprKind::Closure(x) => closure(&ub(x, env)?, budget)?,
        ExprKind::ReflexiveClosure(x) => {
            let mut s = closure(&ub(x, env)?, budget)?;
            s.extend((0..n as Atom).map(|a| vec![a, a]));
            s
        }
        ExprKind::Let(v, x, body) => {
            let mut env2 = env.clone();
            env2.insert(*v, ub(x, env)?);
            ub(body, &env2)?
        }
        ExprKind::Call(f, args) => {
            // Funs are not recursive (the resolver rejects call cycles).
            let fun = model.fun(*f);
            let mut env2 = env.clone();
            for (p, a) in fun.params.iter().zip(args) {
                env2.insert(p.var, ub(a, env)?);
            }
            ub(&fun.body, &env2)?
        }
        ExprKind::Comprehension { .. } => all_tuples(n, e.arity, budget)?,
    })
}

/// An upper bound on the number of tuples [`ub`] gives for `e`, computed
/// without building any tuple.
fn size_bound(b: &Bounds, e: &Expr, env: &BTreeMap<VarId, TS>) -> u64 {
    let n = b.universe.len() as u64;
    let all = n.saturating_pow(e.arity as u32);
    let sz = |x: &Expr| size_bound(b, x, env);
    let est = match &e.kind {
        ExprKind::Sig(s) => b.sig_upper[s.index()].len() as u64,
        ExprKind::Field(f) => b.field_upper.get(f.index()).map_or(all, |t| t.len() as u64),
        ExprKind::Var(v) => env.get(v).map_or(all, |t| t.len() as u64),
        ExprKind::Iden | ExprKind::Univ => n,
        ExprKind::None => 0,
        ExprKind::IntAtoms | ExprKind::IntToAtom(_) => b.int_atoms().len() as u64,
        ExprKind::Union(x, y) | ExprKind::Override(x, y) | ExprKind::IfThenElse(_, x, y) => {
            sz(x).saturating_add(sz(y))
        }
        ExprKind::Intersection(x, y) => sz(x).min(sz(y)),
        ExprKind::Difference(x, _) | ExprKind::Transpose(x) => sz(x),
        ExprKind::DomainRestrict(_, y) => sz(y),
        ExprKind::RangeRestrict(x, _) => sz(x),
        ExprKind::Join(x, y) => sz(x).saturating_mul(sz(y)),
        ExprKind::Product { lhs, rhs, .. } => sz(lhs).saturating_mul(sz(rhs)),
        ExprKind::Let(_, _, body) => sz(body),
        _ => all,
    };
    est.min(all)
}

fn join(s: &TS, t: &TS, budget: &Budget) -> Result<TS, Exhausted> {
    let mut by_first: BTreeMap<Atom, Vec<&Vec<Atom>>> = BTreeMap::new();
    for y in t {
        by_first.entry(y[0]).or_default().push(y);
    }
    let mut out = TS::new();
    for x in s {
        if let Some(ys) = by_first.get(x.last().unwrap_or(&Atom::MAX)) {
            for y in ys {
                budget.tick()?;
                let mut r = x[..x.len() - 1].to_vec();
                r.extend_from_slice(&y[1..]);
                if !r.is_empty() {
                    out.insert(r);
                }
            }
        }
    }
    Ok(out)
}

fn closure(s: &TS, budget: &Budget) -> Result<TS, Exhausted> {
    let mut cur = s.clone();
    loop {
        let step = join(&cur, &cur, budget)?;
        let before = cur.len();
        cur.extend(step);
        if cur.len() == before {
            return Ok(cur);
        }
    }
}
