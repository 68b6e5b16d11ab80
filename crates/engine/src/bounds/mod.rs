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
//! * `util/ordering`'s `First`/`Next` get one fixed order when the ordered
//!   atoms are interchangeable ([`ordering`]), as Kodkod gives them.

use std::collections::{BTreeMap, BTreeSet};

use crate::budget::{Budget, Exhausted};
use crate::diag::{Diagnostic, Phase};
pub mod universe;
use crate::ir::*;
use universe::{int_range, AtomInfo, Universe};

pub mod analysis;
mod ordering;
pub mod pin;
pub mod scopes;

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

/// An atom of the universe: its index in [`Universe::atoms`].
pub type Atom = u32;

/// Cardinality constraints on a sig the bounds do not already enforce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigCard {
    /// The sig.
    pub sig: SigId,
    /// At least this many atoms.
    pub min: u32,
    /// At most this many atoms (`None`: no bound beyond the upper bound).
    pub max: Option<u32>,
}

/// The bounds of one command: the universe, and for every sig and field
/// the tuples it must contain (lower bound) and may contain (upper bound),
/// as Kodkod's `Bounds`; the translation makes a variable of every tuple
/// in the upper bound and not in the lower one.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// The atoms: sig atoms first, then the integers.
    pub universe: Universe,
    /// Atoms `0..num_sig_atoms` belong to sigs, the rest are integers.
    pub num_sig_atoms: usize,
    /// Per sig (indexed by SigId): sorted atoms that must / may be in it.
    pub sig_lower: Vec<Vec<Atom>>,
    /// Per sig: the sorted atoms it may contain.
    pub sig_upper: Vec<Vec<Atom>>,
    /// Per field: sorted tuples that may be in it.
    pub field_upper: Vec<Vec<Vec<Atom>>>,
    /// Per field: sorted tuples that must be in it (a subset of the upper
    /// bound; empty except for `util/ordering`'s fixed order, see
    /// [`ordering`], and fields a fact pins to a constant, see [`pin`]).
    pub field_lower: Vec<Vec<Vec<Atom>>>,
    /// Per field: sorted tuples of the upper bound that symmetry breaking
    /// fixes to false ([`analysis`]): the translation makes them the
    /// constant false, while its lex-leader predicates still see the
    /// (symmetric) upper bound.
    pub field_false: Vec<Vec<Vec<Atom>>>,
    /// Fields whose canonical form `field_false` holds for symmetry
    /// breaking (backward tuples, tuples off a chain or off the diagonal):
    /// the lex-leader predicates must compare those fixed entries before
    /// any other ([`analysis`]).
    pub ordered: Vec<FieldId>,
    /// Cardinality constraints the bounds leave to the translation.
    pub cards: Vec<SigCard>,
    /// The scope each top-level sig got, for reporting.
    pub top_scopes: BTreeMap<SigId, u32>,
}

impl Bounds {
    /// The first integer atom (the integers follow the sig atoms).
    pub fn first_int_atom(&self) -> usize {
        self.num_sig_atoms
    }
    /// The integer atoms.
    pub fn int_atoms(&self) -> std::ops::Range<usize> {
        self.num_sig_atoms..self.universe.len()
    }
}

/// Compute the bounds of a command's scope, with no limits (errors
/// without a position).
pub fn compute(model: &Model, scope: &Scope) -> Result<Bounds, Diagnostic> {
    compute_at(model, scope, crate::diag::Span::DUMMY)
}

/// Compute the bounds of a command's scope, with no limits; `cmd_span`
/// positions the errors that concern the command as a whole.
pub fn compute_at(
    model: &Model,
    scope: &Scope,
    cmd_span: crate::diag::Span,
) -> Result<Bounds, Diagnostic> {
    compute_within(model, scope, cmd_span, &Budget::unlimited()).map_err(|e| match e {
        BoundsError::Input(d) => d,
        BoundsError::Exhausted(e) => Diagnostic::without_span(Phase::Bounds, e.to_string()),
    })
}

/// Compute the bounds of a command's scope within `budget`: the universe
/// and every field bound are sized before they are built.
pub fn compute_within(
    model: &Model,
    scope: &Scope,
    cmd_span: crate::diag::Span,
    budget: &Budget,
) -> Result<Bounds, BoundsError> {
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
        )
        .into());
    }
    let nsigs = model.sigs.len();
    let sc = scopes::compute(model, scope, cmd_span)?;
    // The universe, sized before any atom is made: a typo'd scope
    // (`for 2147483647`) must be refused, not allocated.
    let total: u64 = sc.fresh.iter().map(|&n| n as u64).sum();
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
        budget: &Budget,
    ) -> Result<BTreeSet<Atom>, Exhausted> {
        let mut lo = BTreeSet::new();
        for &c in &children[s.index()] {
            lo.extend(lower_bound(
                c, label, children, sc, atoms, next_index, lower, upper, budget,
            )?);
        }
        let mut up = lo.clone();
        for _ in 0..sc.fresh[s.index()] {
            budget.tick()?;
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
        Ok(lo)
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
            budget,
        )?;
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
                    add_atoms(&mut up, &sig_upper[p.index()], budget)?;
                }
                if model.sig(s).in_int {
                    let ints: Vec<Atom> = (num_sig_atoms..atoms.len()).map(|a| a as Atom).collect();
                    add_atoms(&mut up, &ints, budget)?;
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
        )
        .into());
    }
    let universe = Universe {
        atoms,
        bitwidth,
        maxseq: scope.maxseq(),
    };
    let mut b = Bounds {
        universe,
        num_sig_atoms,
        sig_lower: sig_lower
            .into_iter()
            .map(|s| s.into_iter().collect())
            .collect(),
        sig_upper,
        field_upper: Vec::new(),
        field_lower: vec![Vec::new(); model.fields.len()],
        field_false: vec![Vec::new(); model.fields.len()],
        ordered: Vec::new(),
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
    ordering::fix_orderings(model, &mut b, budget)?;
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
        ExprKind::SeqIdx => b.universe.seq_idx_atoms().map(|a| vec![a]).collect(),
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
        ExprKind::SeqIdx => b.universe.seq_idx_atoms().count() as u64,
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
