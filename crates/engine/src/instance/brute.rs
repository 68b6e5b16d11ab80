//! A brute-force oracle for tiny models: enumerate every instance within a
//! command's scope and evaluate the command on each with [`super::eval`].
//!
//! Independent of the SAT translation on purpose; differential tests compare
//! its verdicts with the engine's. Scope semantics (Alloy's):
//! * every `extends` sig has at most (exactly, when exact) the scope that
//!   Alloy's rules give it ([`crate::bounds::scopes`], docs/scopes.md: the
//!   scope rules are the definition, shared with the engine; how atoms are
//!   laid out is not);
//! * `one sig` = exactly 1, `lone sig` at most 1, `some sig` at least 1;
//! * subset sigs are any subset of their parents' union;
//! * a field `f: bound` of `S` ranges over subsets of `S × ub(bound)`, where
//!   `ub` over-approximates the bound's value (the field constraints then
//!   filter, through [`super::eval::facts_hold`]).
//!
//! Atoms within one top-level sig are interchangeable, so a sig always takes
//! the first atoms of its pool and atoms are assigned to subsigs in
//! non-decreasing order; this removes only isomorphic copies.

use std::collections::{BTreeMap, BTreeSet};

use crate::ir::{CommandId, Expr, ExprKind, FieldId, Model, Mult, Scope, SigId, SigKind, VarId};

use super::eval::command_satisfied;
use super::{int_range, Atom, AtomInfo, Instance, Tuple, TupleSet, Universe};
use crate::bounds::scopes;
use crate::diag::Span;

/// Count of the scope of one sig: at least `min`, at most `max` atoms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// Fewest atoms.
    pub min: u32,
    /// Most atoms.
    pub max: u32,
}

/// Per-sig cardinality bounds of a scope: for `extends` sigs their scope by
/// Alloy's rules ([`crate::bounds::scopes`]), exact or not, and their
/// multiplicity; subset sigs only their multiplicity. Empty when the
/// command's scope is invalid.
pub fn sig_cards(model: &Model, scope: &Scope) -> BTreeMap<SigId, Card> {
    let Ok(sc) = scopes::compute(model, scope, Span::DUMMY) else {
        return BTreeMap::new();
    };
    let mut out = BTreeMap::new();
    for s in model.sig_ids() {
        let sig = model.sig(s);
        let i = s.index();
        let (mut min, mut max) = match sig.kind {
            SigKind::Subset(_) => (0, u32::MAX),
            _ if sc.exact[i] => (sc.scope[i], sc.scope[i]),
            _ => (0, sc.scope[i]),
        };
        match sig.mult {
            Some(Mult::One) => {
                min = min.max(1);
                max = max.min(1);
            }
            Some(Mult::Lone) => max = max.min(1),
            Some(Mult::Some) => min = min.max(1),
            _ => {}
        }
        out.insert(s, Card { min, max });
    }
    out
}

/// Decide command `cmd` by enumerating instances. `limit` bounds the number
/// of candidate instances evaluated. Returns `None` when the limit is hit
/// before a witness is found (or the model is out of the oracle's reach),
/// `Some(Some(inst))` with the first witness found (an instance of a `run`,
/// a counterexample of a `check`), `Some(None)` when there is none.
pub fn brute_force(model: &Model, cmd: CommandId, limit: u64) -> Option<Option<Instance>> {
    let command = model.commands.get(cmd.index())?;
    let scope = &command.scope;
    let cards = sig_cards(model, scope);
    if cards.len() != model.sigs.len() {
        return None;
    }
    let bitwidth = scope.bitwidth.unwrap_or(4);
    if bitwidth > 8 {
        return None;
    }
    // Universe: one pool per top-level sig, then the integers.
    let mut atoms = Vec::new();
    let mut pools: BTreeMap<SigId, Vec<Atom>> = BTreeMap::new();
    for t in model.top_level_sigs() {
        let n = cards[&t].max;
        if n > 16 {
            return None;
        }
        let base = atoms.len() as Atom;
        for i in 0..n {
            atoms.push(AtomInfo {
                label: format!("{}${}", model.sig(t).label, i),
                int: None,
            });
        }
        pools.insert(t, (base..base + n).collect());
    }
    let (lo, hi) = int_range(bitwidth);
    for v in lo..=hi {
        atoms.push(AtomInfo {
            label: v.to_string(),
            int: Some(v),
        });
    }
    let universe = Universe {
        atoms,
        bitwidth,
        maxseq: scope.maxseq(),
    };
    let mut search = Search {
        model,
        cmd,
        cards,
        budget: limit,
        found: None,
    };
    // Sig configurations, then fields.
    let tops: Vec<SigId> = model.top_level_sigs().collect();
    let base = Instance {
        universe,
        ..Default::default()
    };
    match search.tops(&tops, 0, &pools, base) {
        Ok(()) => Some(None),
        Err(Stop::Found) => Some(search.found),
        Err(Stop::Limit) => None,
    }
}

enum Stop {
    Found,
    Limit,
}

struct Search<'a> {
    model: &'a Model,
    cmd: CommandId,
    cards: BTreeMap<SigId, Card>,
    budget: u64,
    found: Option<Instance>,
}

impl<'a> Search<'a> {
    /// Choose the size of top-level sig `tops[i]`, and how its atoms are
    /// spread over its `extends` descendants.
    fn tops(
        &mut self,
        tops: &[SigId],
        i: usize,
        pools: &BTreeMap<SigId, Vec<Atom>>,
        inst: Instance,
    ) -> Result<(), Stop> {
        if i == tops.len() {
            return self.subset_sigs(inst);
        }
        let t = tops[i];
        let card = self.cards[&t];
        // Nodes of t's extends tree an atom may stop at (not an abstract
        // sig with children), in a fixed order; for each, the path from t.
        let mut leaves: Vec<Vec<SigId>> = Vec::new();
        fn walk(model: &Model, s: SigId, path: &mut Vec<SigId>, out: &mut Vec<Vec<SigId>>) {
            path.push(s);
            let kids: Vec<SigId> = model.children(s).collect();
            if !model.sig(s).is_abstract || kids.is_empty() {
                out.push(path.clone());
            }
            for c in kids {
                walk(model, c, path, out);
            }
            path.pop();
        }
        walk(self.model, t, &mut Vec::new(), &mut leaves);
        let pool = &pools[&t];
        for k in card.min..=card.max.min(pool.len() as u32) {
            let atoms = &pool[..k as usize];
            // Non-decreasing assignment of atoms to leaves.
            let mut choice = vec![0usize; k as usize];
            loop {
                if !leaves.is_empty() {
                    let mut next = inst.clone();
                    let mut ok = true;
                    let mut tree_sigs: BTreeSet<SigId> = BTreeSet::new();
                    for l in &leaves {
                        tree_sigs.extend(l.iter().copied());
                    }
                    for &s in &tree_sigs {
                        next.sigs.insert(s, TupleSet::new());
                    }
                    for (j, &a) in atoms.iter().enumerate() {
                        for &s in &leaves[choice[j]] {
                            next.sigs.get_mut(&s).unwrap().insert(vec![a]);
                        }
                    }
                    for &s in &tree_sigs {
                        let c = self.cards[&s];
                        let n = next.sigs[&s].len() as u32;
                        if n < c.min || n > c.max {
                            ok = false;
                        }
                    }
                    if ok {
                        self.tops(tops, i + 1, pools, next)?;
                    }
                }
                // Advance the non-decreasing sequence.
                let Some(j) = (0..choice.len())
                    .rev()
                    .find(|&j| choice[j] + 1 < leaves.len())
                else {
                    break;
                };
                choice[j] += 1;
                let v = choice[j];
                for c in choice.iter_mut().skip(j + 1) {
                    *c = v;
                }
            }
        }
        Ok(())
    }

    fn subset_sigs(&mut self, inst: Instance) -> Result<(), Stop> {
        let subs: Vec<SigId> = self
            .model
            .sig_ids()
            .filter(|&s| matches!(self.model.sig(s).kind, SigKind::Subset(_)))
            .collect();
        self.subset(&subs, inst)
    }

    /// Assign subset sigs in dependency order (a subset sig whose parents are
    /// all assigned).
    fn subset(&mut self, todo: &[SigId], inst: Instance) -> Result<(), Stop> {
        let Some(pos) = todo.iter().position(|s| match &self.model.sig(*s).kind {
            SigKind::Subset(ps) => ps.iter().all(|p| inst.sigs.contains_key(p)),
            _ => true,
        }) else {
            if todo.is_empty() {
                return self.fields(inst);
            }
            return Err(Stop::Limit); // cyclic subset sigs: out of reach
        };
        let s = todo[pos];
        let rest: Vec<SigId> = todo.iter().copied().filter(|&x| x != s).collect();
        let SigKind::Subset(ps) = &self.model.sig(s).kind else {
            unreachable!()
        };
        let mut up = TupleSet::new();
        for p in ps {
            up.extend(inst.sigs[p].iter().cloned());
        }
        if self.model.sig(s).in_int {
            let ints = inst.universe.atoms.iter().enumerate();
            up.extend(
                ints.filter(|(_, a)| a.int.is_some())
                    .map(|(i, _)| vec![i as Atom]),
            );
        }
        let c = self.cards[&s];
        let v: Vec<Tuple> = up.into_iter().collect();
        if v.len() > 20 {
            return Err(Stop::Limit);
        }
        for mask in 0u64..(1 << v.len()) {
            let n = mask.count_ones();
            if n < c.min || n > c.max {
                continue;
            }
            let mut next = inst.clone();
            next.sigs.insert(
                s,
                v.iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, t)| t.clone())
                    .collect(),
            );
            self.subset(&rest, next)?;
        }
        Ok(())
    }

    /// Enumerate field values. Each (field, owner atom) pair is a slot whose
    /// candidates are the images `this.f` allowed by the declaration's
    /// leading multiplicity (`one` = a single tuple, `lone` = at most one,
    /// `some` = non-empty, `set` = any subset of the image's upper bound);
    /// arrow multiplicities and everything else are left to the evaluator.
    fn fields(&mut self, inst: Instance) -> Result<(), Stop> {
        let mut slots: Vec<(FieldId, Atom, Vec<TupleSet>)> = Vec::new();
        let mut total: u128 = 1;
        for f in self.model.field_ids() {
            let field = self.model.field(f);
            let ub = field_ub(self.model, &inst, f, &mut Vec::new());
            let owners: Vec<Atom> = inst
                .sigs
                .get(&field.sig)
                .map(|ts| ts.iter().map(|t| t[0]).collect())
                .unwrap_or_default();
            for a in owners {
                let image: Vec<Tuple> = ub
                    .iter()
                    .filter(|t| t[0] == a)
                    .map(|t| t[1..].to_vec())
                    .collect();
                let cands = image_candidates(field.decl.mult, &image).ok_or(Stop::Limit)?;
                total = total.saturating_mul(cands.len() as u128);
                slots.push((f, a, cands));
            }
        }
        if total > u128::from(self.budget) {
            // This configuration alone exceeds what is left of the budget:
            // give up before trying any of it, so the answer never depends
            // on how early a witness happens to come.
            return Err(Stop::Limit);
        }
        if total == 0 {
            return Ok(());
        }
        let mut digits = vec![0usize; slots.len()];
        loop {
            self.budget -= 1;
            let mut cand = inst.clone();
            for f in self.model.field_ids() {
                cand.fields.insert(f, TupleSet::new());
            }
            for ((f, a, cands), &d) in slots.iter().zip(&digits) {
                let rel = cand.fields.get_mut(f).expect("inserted above");
                for t in &cands[d] {
                    let mut full = vec![*a];
                    full.extend_from_slice(t);
                    rel.insert(full);
                }
            }
            match command_satisfied(self.model, self.cmd, &cand) {
                Ok(true) => {
                    self.found = Some(cand);
                    return Err(Stop::Found);
                }
                Ok(false) => {}
                Err(_) => return Err(Stop::Limit),
            }
            // Next digit vector (mixed radix).
            let mut i = 0;
            loop {
                if i == digits.len() {
                    return Ok(());
                }
                digits[i] += 1;
                if digits[i] < slots[i].2.len() {
                    break;
                }
                digits[i] = 0;
                i += 1;
            }
        }
    }
}

/// The images a declaration with leading multiplicity `mult` allows, drawn
/// from `image` (the upper bound of one atom's image); `None` when there are
/// too many to enumerate.
fn image_candidates(mult: Mult, image: &[Tuple]) -> Option<Vec<TupleSet>> {
    let single = |t: &Tuple| -> TupleSet { std::iter::once(t.clone()).collect() };
    Some(match mult {
        Mult::One => image.iter().map(single).collect(),
        Mult::Lone => std::iter::once(TupleSet::new())
            .chain(image.iter().map(single))
            .collect(),
        Mult::Some | Mult::Set => {
            if image.len() > 20 {
                return None;
            }
            let skip_empty = u64::from(mult == Mult::Some);
            (skip_empty..(1u64 << image.len()))
                .map(|mask| {
                    image
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| mask >> i & 1 == 1)
                        .map(|(_, t)| t.clone())
                        .collect()
                })
                .collect()
        }
    })
}

fn product(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let mut out = TupleSet::new();
    for x in a {
        for y in b {
            let mut t = x.clone();
            t.extend_from_slice(y);
            out.insert(t);
        }
    }
    out
}

fn univ_of(inst: &Instance, model: &Model) -> TupleSet {
    super::eval::univ_atoms(model, inst)
        .unwrap_or_default()
        .into_iter()
        .map(|a| vec![a])
        .collect()
}

fn power(u: &TupleSet, arity: usize) -> TupleSet {
    let mut out: TupleSet = std::iter::once(Vec::new()).collect();
    for _ in 0..arity {
        out = product(&out, u);
    }
    out
}

/// Upper bound of field `f`: its sig's atoms × ub(declared bound).
fn field_ub(model: &Model, inst: &Instance, f: FieldId, stack: &mut Vec<FieldId>) -> TupleSet {
    let field = model.field(f);
    let owner = inst.sigs.get(&field.sig).cloned().unwrap_or_default();
    if stack.contains(&f) {
        return power(&univ_of(inst, model), field.arity);
    }
    stack.push(f);
    let mut env = BTreeMap::new();
    env.insert(field.this_var, owner.clone());
    let r = ub(model, inst, &field.decl.bound, &env, stack);
    stack.pop();
    product(&owner, &r)
}

/// A static over-approximation of an expression's value given the sigs.
fn ub(
    model: &Model,
    inst: &Instance,
    e: &Expr,
    env: &BTreeMap<VarId, TupleSet>,
    stack: &mut Vec<FieldId>,
) -> TupleSet {
    let all = || power(&univ_of(inst, model), e.arity);
    let mut go = |x: &Expr| ub(model, inst, x, env, stack);
    match &e.kind {
        ExprKind::Sig(s) => inst.sigs.get(s).cloned().unwrap_or_default(),
        ExprKind::Field(f) => field_ub(model, inst, *f, stack),
        ExprKind::Var(v) => env.get(v).cloned().unwrap_or_else(all),
        ExprKind::Univ => univ_of(inst, model),
        ExprKind::Iden => univ_of(inst, model)
            .into_iter()
            .map(|t| vec![t[0], t[0]])
            .collect(),
        ExprKind::None => TupleSet::new(),
        ExprKind::IntAtoms => inst
            .universe
            .atoms
            .iter()
            .enumerate()
            .filter(|(_, a)| a.int.is_some())
            .map(|(i, _)| vec![i as Atom])
            .collect(),
        ExprKind::SeqIdx => inst.universe.seq_idx_atoms().map(|a| vec![a]).collect(),
        ExprKind::Union(a, b) | ExprKind::Override(a, b) => {
            let mut x = go(a);
            x.extend(go(b));
            x
        }
        ExprKind::Intersection(a, b) => {
            let x = go(a);
            let y = go(b);
            x.intersection(&y).cloned().collect()
        }
        ExprKind::Difference(a, _) => go(a),
        ExprKind::Join(a, b) => {
            let x = go(a);
            let y = go(b);
            let mut out = TupleSet::new();
            for s in &x {
                for t in &y {
                    if s.last() == t.first() {
                        let mut r = s[..s.len() - 1].to_vec();
                        r.extend_from_slice(&t[1..]);
                        out.insert(r);
                    }
                }
            }
            out
        }
        ExprKind::Product { lhs, rhs, .. } => {
            let x = go(lhs);
            let y = go(rhs);
            product(&x, &y)
        }
        ExprKind::DomainRestrict(s, r) => {
            let s: BTreeSet<Atom> = go(s).into_iter().map(|t| t[0]).collect();
            go(r).into_iter().filter(|t| s.contains(&t[0])).collect()
        }
        ExprKind::RangeRestrict(r, s) => {
            let s: BTreeSet<Atom> = go(s).into_iter().map(|t| t[0]).collect();
            go(r)
                .into_iter()
                .filter(|t| s.contains(t.last().unwrap()))
                .collect()
        }
        ExprKind::Transpose(r) => go(r)
            .into_iter()
            .map(|t| t.into_iter().rev().collect())
            .collect(),
        ExprKind::Closure(r) | ExprKind::ReflexiveClosure(r) => {
            // Any pair over the atoms r mentions (plus iden for `*`).
            let x = go(r);
            let mut atoms: TupleSet = x.iter().flat_map(|t| t.iter().map(|&a| vec![a])).collect();
            if matches!(e.kind, ExprKind::ReflexiveClosure(_)) {
                atoms = univ_of(inst, model);
            }
            power(&atoms, 2)
        }
        ExprKind::IntToAtom(_) => ub(
            model,
            inst,
            &Expr::new(ExprKind::IntAtoms, 1, e.span),
            env,
            stack,
        ),
        ExprKind::Comprehension { .. }
        | ExprKind::Call(..)
        | ExprKind::IfThenElse(..)
        | ExprKind::Let(..) => all(),
    }
}
