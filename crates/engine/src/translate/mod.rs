//! IR → boolean circuit. Every relational expression becomes a sparse
//! boolean [`Matrix`] over the universe of the [`Bounds`], every formula a
//! circuit literal, every integer expression a two's-complement bit-vector
//! of the bitwidth (wrapping like Alloy's). Quantifiers are grounded over
//! the upper bounds of their declarations, predicate and function calls are
//! inlined, top-level existentials of the command are skolemized, and
//! lex-leader symmetry-breaking predicates are added for interchangeable
//! atoms.
//!
//! The entry point [`translate_command`] reads as the pipeline: relations →
//! implicit constraints (sig hierarchy, field declarations, facts) →
//! command formula (skolemized) → symmetry breaking.

pub mod circuit;
pub mod int;
pub mod matrix;

use std::collections::{BTreeMap, HashSet};
use std::rc::Rc;

use crate::bounds::Bounds;
use crate::budget::{Budget, Exhausted, MemoryNeed};
use crate::diag::{Diagnostic, Phase, Span};
use crate::ir::*;
use circuit::{Circuit, Lit};
use matrix::{Dims, Matrix};

/// Variables' previous bindings, to restore when their scope ends.
type Bindings = Vec<(VarId, Option<Rc<Matrix>>)>;

/// A translated command: the circuit, its root constraints, and the
/// matrices needed to read an instance back from a model.
pub struct Translation {
    /// The circuit holding every constraint.
    pub circuit: Circuit,
    /// The root constraints: the command holds when all of them are true.
    pub roots: Vec<Lit>,
    /// Tuple index arithmetic of the universe.
    pub dims: Dims,
    /// One matrix per sig, indexed by `SigId`.
    pub sigs: Vec<Matrix>,
    /// One matrix per field, indexed by `FieldId`.
    pub fields: Vec<Matrix>,
    /// The skolemized variables: their label (`$prefix_var`) and matrix.
    pub skolems: Vec<(String, Matrix)>,
    /// Counts (`#e`) that the bounds let exceed the largest Int.
    pub overflows: Vec<IntOverflow>,
}

/// A cardinality `#e` whose expression can hold more tuples, under the
/// command's bounds, than the largest integer of its bitwidth: its value
/// then wraps around, as in the Alloy Analyzer (which does not prevent
/// overflows by default), and `#e = 0` can hold of a non-empty `e`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntOverflow {
    /// The `#e` expression.
    pub span: Span,
    /// The most tuples `e` can hold (the largest over the quantifier
    /// instances it was translated in).
    pub tuples: usize,
    /// The command's bitwidth.
    pub bitwidth: usize,
}

impl IntOverflow {
    /// The largest integer of the bitwidth, `2^(bitwidth-1) - 1`.
    pub fn max_int(&self) -> u64 {
        (1u64 << (self.bitwidth.clamp(1, 63) - 1)) - 1
    }

    /// The smallest bitwidth whose largest integer is at least
    /// [`IntOverflow::tuples`].
    pub fn safe_bitwidth(&self) -> usize {
        (1..=63)
            .find(|&b| (1u64 << (b - 1)) > self.tuples as u64)
            .unwrap_or(64)
    }
}

/// Translation settings.
pub struct Options {
    /// Maximum length of each lex-leader predicate (0 disables symmetry
    /// breaking).
    pub symmetry: usize,
    /// The command's time and memory limits: every loop of the translation
    /// (matrix operations, quantifier grounding, gate construction) ticks
    /// it, and stops with [`TranslateError::Deadline`] or
    /// [`TranslateError::Memory`].
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            symmetry: 60,
            budget: Budget::unlimited(),
        }
    }
}

/// Why a command could not be translated.
#[derive(Debug)]
pub enum TranslateError {
    /// The model asks for something the translation cannot do (with a span).
    Input(Diagnostic),
    /// The deadline of [`Options::budget`] passed during translation.
    Deadline,
    /// The memory limit of [`Options::budget`]: what would not fit.
    Memory(MemoryNeed),
}

impl TranslateError {
    /// The limit that stopped the translation; `None` for bad input.
    pub fn exhausted(&self) -> Option<Exhausted> {
        match self {
            TranslateError::Input(_) => None,
            TranslateError::Deadline => Some(Exhausted::Time),
            TranslateError::Memory(m) => Some(Exhausted::Memory(m.clone())),
        }
    }
}

impl From<Exhausted> for TranslateError {
    fn from(e: Exhausted) -> Self {
        match e {
            Exhausted::Time => TranslateError::Deadline,
            Exhausted::Memory(m) => TranslateError::Memory(m),
        }
    }
}

type R<T> = Result<T, TranslateError>;

/// Translates IR nodes of one model to circuit literals under fixed bounds.
pub struct Translator<'a> {
    /// The model being translated.
    pub model: &'a Model,
    /// The bounds that give every relation its tuples.
    pub bounds: &'a Bounds,
    /// The circuit built so far.
    pub c: Circuit,
    /// Tuple index arithmetic of the bounds' universe.
    pub d: Dims,
    /// The command's bitwidth (bits of every integer bit-vector).
    pub bw: usize,
    sigs: Vec<Rc<Matrix>>,
    fields: Vec<Rc<Matrix>>,
    env: Vec<Option<Rc<Matrix>>>,
    univ: Rc<Matrix>,
    iden: Rc<Matrix>,
    ints: Rc<Matrix>,
    skolems: Vec<(String, Matrix)>,
    depth: usize,
    /// `^m` by operand: literals are hash-consed, so an operand with the
    /// same entries always has the same closure (funs like `hb` are
    /// inlined at every use, and squaring dominated translation time).
    closures: rustc_hash::FxHashMap<Matrix, Rc<Matrix>>,
    /// The value of each parameterless fun translated so far: its body
    /// sees only sigs, fields and other funs, which are fixed for the
    /// whole translation, so it is translated once (a fun used by many
    /// others, like a model's `cause`, or a chain of funs each using the
    /// previous one twice, would otherwise be translated once per use).
    constants: rustc_hash::FxHashMap<FunId, Rc<Matrix>>,
    overflows: Vec<IntOverflow>,
}

fn err(span: Span, msg: impl Into<String>) -> TranslateError {
    TranslateError::Input(Diagnostic::new(Phase::Translate, span, msg))
}

/// Translate the command `cmd` of `model` under `bounds`.
pub fn translate_command(
    model: &Model,
    bounds: &Bounds,
    cmd: &Command,
    opts: &Options,
) -> Result<Translation, TranslateError> {
    translate_command_with(model, bounds, cmd, opts, &[]).map(|(tr, _)| tr)
}

/// [`translate_command`], plus one fresh selector input per extra formula,
/// constrained by the root `selector <=> formula`; the selectors are
/// returned in order. Assuming a selector (or adding clauses over them)
/// adds its formula (or their combination) to the command without
/// translating the command again.
pub fn translate_command_with(
    model: &Model,
    bounds: &Bounds,
    cmd: &Command,
    opts: &Options,
    extras: &[&Formula],
) -> Result<(Translation, Vec<Lit>), TranslateError> {
    let mut t = Translator::new(model, bounds, opts.budget.clone())?;
    let r = t.translate_all(cmd, opts, extras);
    // A gate constructor that hit the limit returned a placeholder: the
    // result is only meaningful if the circuit was never stopped.
    t.c.check()?;
    r
}

/// `f` quantifies over a set or relation somewhere (a `set`/`some`/`lone`
/// declaration, or a bound of arity above 1), outside of calls.
fn has_higher_order(f: &Formula) -> bool {
    let ho = |ds: &[QuantDecl]| ds.iter().any(|d| d.mult != Mult::One);
    match &f.kind {
        FormulaKind::Quant(_, ds, body) => ho(ds) || has_higher_order(body),
        FormulaKind::Not(g) => has_higher_order(g),
        FormulaKind::And(gs) | FormulaKind::Or(gs) => gs.iter().any(has_higher_order),
        FormulaKind::Implies(a, b) | FormulaKind::Iff(a, b) => {
            has_higher_order(a) || has_higher_order(b)
        }
        FormulaKind::IfThenElse(c, a, b) => {
            has_higher_order(c) || has_higher_order(a) || has_higher_order(b)
        }
        FormulaKind::Let(_, _, body) => has_higher_order(body),
        _ => false,
    }
}

impl<'a> Translator<'a> {
    fn translate_all(
        &mut self,
        cmd: &Command,
        opts: &Options,
        extras: &[&Formula],
    ) -> R<(Translation, Vec<Lit>)> {
        let t = self;
        let mut roots = Vec::new();
        roots.extend(t.sig_constraints()?);
        roots.extend(t.field_constraints()?);
        for f in &t.model.facts {
            // A fact with a higher-order quantifier has its top-level
            // existentials skolemized, as a command's are (Alloy does the
            // same); other facts are translated as they are.
            let l = if has_higher_order(&f.body) {
                let name = f.name.clone().unwrap_or_else(|| "fact".to_string());
                t.top(&f.body, false, &name)?
            } else {
                t.formula(&f.body)?
            };
            roots.push(l);
        }
        let goal = t.command_formula(cmd)?;
        roots.push(goal);
        let mut selectors = Vec::with_capacity(extras.len());
        for f in extras {
            let l = t.formula(f)?;
            let sel = t.c.input();
            let both = t.c.iff(sel, l);
            roots.push(both);
            selectors.push(sel);
        }
        if opts.symmetry > 0 {
            roots.extend(t.symmetry_breaking(opts.symmetry)?);
        }
        let sigs = t.sigs.iter().map(|m| (**m).clone()).collect();
        let fields = t.fields.iter().map(|m| (**m).clone()).collect();
        let circuit = std::mem::take(&mut t.c);
        let skolems = std::mem::take(&mut t.skolems);
        let overflows = std::mem::take(&mut t.overflows);
        Ok((
            Translation {
                circuit,
                roots,
                dims: t.d,
                sigs,
                fields,
                skolems,
                overflows,
            },
            selectors,
        ))
    }
}

impl<'a> Translator<'a> {
    /// A translator for `model` under `bounds`, with every sig and field
    /// matrix built; construction ticks `budget`.
    pub fn new(model: &'a Model, bounds: &'a Bounds, budget: Budget) -> R<Translator<'a>> {
        let mut c = Circuit::with_budget(budget);
        let n = bounds.universe.len() as u64;
        let d = Dims { n };
        for f in &model.fields {
            d.fits(f.arity)?;
        }
        // Sig matrices, children before parents: an abstract sig with
        // children is the union of its children.
        let nsigs = model.sigs.len();
        let mut sigs: Vec<Option<Matrix>> = vec![None; nsigs];
        fn build(
            s: SigId,
            model: &Model,
            bounds: &Bounds,
            c: &mut Circuit,
            sigs: &mut Vec<Option<Matrix>>,
        ) {
            if sigs[s.index()].is_some() {
                return;
            }
            let kids: Vec<SigId> = model.children(s).collect();
            for &k in &kids {
                build(k, model, bounds, c, sigs);
            }
            let lower: HashSet<u32> = bounds.sig_lower[s.index()].iter().copied().collect();
            let sig = model.sig(s);
            let m = if sig.is_abstract && !kids.is_empty() {
                let mut es = Vec::new();
                for &k in &kids {
                    es.extend(sigs[k.index()].as_ref().unwrap().entries.iter().copied());
                }
                for &a in &lower {
                    es.push((a as u64, Lit::TRUE));
                }
                Matrix::from_entries(c, 1, es)
            } else {
                let es = bounds.sig_upper[s.index()]
                    .iter()
                    .map(|&a| {
                        (
                            a as u64,
                            if lower.contains(&a) {
                                Lit::TRUE
                            } else {
                                c.input()
                            },
                        )
                    })
                    .collect();
                Matrix {
                    arity: 1,
                    entries: es,
                }
            };
            sigs[s.index()] = Some(m);
        }
        for s in model.sig_ids() {
            if !matches!(model.sig(s).kind, SigKind::Subset(_)) {
                build(s, model, bounds, &mut c, &mut sigs);
            }
        }
        for s in model.sig_ids() {
            if sigs[s.index()].is_none() {
                let lower: HashSet<u32> = bounds.sig_lower[s.index()].iter().copied().collect();
                let es = bounds.sig_upper[s.index()]
                    .iter()
                    .map(|&a| {
                        (
                            a as u64,
                            if lower.contains(&a) {
                                Lit::TRUE
                            } else {
                                c.input()
                            },
                        )
                    })
                    .collect();
                sigs[s.index()] = Some(Matrix {
                    arity: 1,
                    entries: es,
                });
            }
        }
        let sigs: Vec<Matrix> = sigs.into_iter().map(|m| m.unwrap()).collect();
        // (a tuple of the lower bound is in the field: `util/ordering`)
        // (tuples symmetry breaking fixes to false are left out)
        let fields: Vec<Matrix> = bounds
            .field_upper
            .iter()
            .zip(&bounds.field_lower)
            .zip(&bounds.field_false)
            .zip(&model.fields)
            .map(|(((up, lo), no), f)| Matrix {
                arity: f.arity,
                entries: up
                    .iter()
                    .filter(|t| no.binary_search(t).is_err())
                    .map(|t| {
                        let l = if lo.binary_search(t).is_ok() {
                            Lit::TRUE
                        } else {
                            c.input()
                        };
                        (d.index(t), l)
                    })
                    .collect(),
            })
            .collect();
        let ints = Matrix {
            arity: 1,
            entries: bounds.int_atoms().map(|a| (a as u64, Lit::TRUE)).collect(),
        };
        let mut univ = ints.clone();
        for s in model.top_level_sigs() {
            univ = d.union(&mut c, &univ, &sigs[s.index()])?;
        }
        let iden = Matrix {
            arity: 2,
            entries: univ.entries.iter().map(|&(a, l)| (a * n + a, l)).collect(),
        };
        let bw = bounds.universe.bitwidth as usize;
        Ok(Translator {
            model,
            bounds,
            c,
            d,
            bw,
            sigs: sigs.into_iter().map(Rc::new).collect(),
            fields: fields.into_iter().map(Rc::new).collect(),
            env: vec![None; model.vars.len()],
            univ: Rc::new(univ),
            iden: Rc::new(iden),
            ints: Rc::new(ints),
            skolems: Vec::new(),
            depth: 0,
            closures: Default::default(),
            constants: Default::default(),
            overflows: Vec::new(),
        })
    }

    /// The matrix of sig `s`.
    pub fn sig_matrix(&self, s: SigId) -> &Matrix {
        &self.sigs[s.index()]
    }
    /// The matrix of field `f`.
    pub fn field_matrix(&self, f: FieldId) -> &Matrix {
        &self.fields[f.index()]
    }

    fn subset(&mut self, a: &Matrix, b: &Matrix) -> R<Lit> {
        let mut conj = Vec::with_capacity(a.entries.len());
        for &(i, l) in &a.entries {
            self.c.check()?;
            let r = self.c.implies(l, b.get(i));
            if r == Lit::FALSE {
                return Ok(Lit::FALSE);
            }
            conj.push(r);
        }
        Ok(self.c.and(&conj))
    }

    fn some(&mut self, a: &Matrix) -> Lit {
        self.c.or(&a.lits())
    }

    fn mult(&mut self, m: Mult, a: &Matrix) -> Lit {
        let lits = a.lits();
        match m {
            Mult::Set => Lit::TRUE,
            Mult::Some => self.c.or(&lits),
            Mult::Lone => self.c.at_most_one(&lits),
            Mult::One => self.c.exactly_one(&lits),
        }
    }

    /// Hierarchy constraints: subsig ⊆ parent (for non-abstract parents; an
    /// abstract parent is the union of its children by construction),
    /// siblings disjoint, subset sigs ⊆ the union of theirs, cardinalities.
    fn sig_constraints(&mut self) -> R<Vec<Lit>> {
        let model = self.model;
        let mut out = Vec::new();
        for s in model.sig_ids() {
            let kids: Vec<SigId> = model.children(s).collect();
            let sig = model.sig(s);
            if !sig.is_abstract || kids.is_empty() {
                for &k in &kids {
                    let (a, b) = (self.sigs[k.index()].clone(), self.sigs[s.index()].clone());
                    let l = self.subset(&a, &b)?;
                    out.push(l);
                }
            } else {
                // An abstract sig is the union of its children; its matrix
                // already is, except for atoms its lower bound forces in
                // (`exactly K S`): those must be in some child.
                let mut u = Matrix::empty(1);
                for &k in &kids {
                    u = self
                        .d
                        .union(&mut self.c, &u, &self.sigs[k.index()].clone())?;
                }
                let me = self.sigs[s.index()].clone();
                let l = self.subset(&me, &u)?;
                out.push(l);
            }
            // siblings disjoint: per atom at most one child
            if kids.len() > 1 {
                let mut per_atom: BTreeMap<u64, Vec<Lit>> = BTreeMap::new();
                for &k in &kids {
                    for &(a, l) in &self.sigs[k.index()].entries {
                        per_atom.entry(a).or_default().push(l);
                    }
                }
                for (_, ls) in per_atom {
                    self.c.check()?;
                    let l = self.c.at_most_one(&ls);
                    out.push(l);
                }
            }
            if let SigKind::Subset(parents) = &sig.kind {
                let mut u = Matrix::empty(1);
                for p in parents {
                    u = self
                        .d
                        .union(&mut self.c, &u, &self.sigs[p.index()].clone())?;
                }
                if sig.in_int {
                    u = self.d.union(&mut self.c, &u, &self.ints.clone())?;
                }
                let me = self.sigs[s.index()].clone();
                let l = self.subset(&me, &u)?;
                out.push(l);
            }
        }
        for card in &self.bounds.cards {
            let lits = self.sigs[card.sig.index()].lits();
            if card.min > 0 {
                let l = self.c.at_least(&lits, card.min as usize);
                out.push(l);
            }
            if let Some(max) = card.max {
                let l = self.c.at_most(&lits, max as usize);
                out.push(l);
            }
        }
        Ok(out)
    }

    /// Field declarations: `f in S -> ...`, and for every `this` in `S`,
    /// `this.f` has the declared multiplicity and lies in the declared
    /// bound (with its arrow multiplicities); `disj` fields are disjoint.
    fn field_constraints(&mut self) -> R<Vec<Lit>> {
        let model = self.model;
        let mut out = Vec::new();
        let n = self.d.n;
        for fid in model.field_ids() {
            let f = model.field(fid);
            let fm = self.fields[fid.index()].clone();
            let sm = self.sigs[f.sig.index()].clone();
            let suf = self.d.pow(f.arity - 1);
            // first column in S
            for &(i, l) in &fm.entries {
                self.c.check()?;
                let r = self.c.implies(l, sm.get(i / suf));
                out.push(r);
            }
            for &(a, inside) in &sm.entries {
                self.c.check()?;
                let slice = self.d.slice_prefix(&fm, 1, a);
                let this = Rc::new(Matrix {
                    arity: 1,
                    entries: vec![(a, Lit::TRUE)],
                });
                let old = self.bind(f.this_var, this);
                let m = self.mult(f.decl.mult, &slice);
                let within = self.in_with_mults(&slice, &f.decl.bound)?;
                self.restore(f.this_var, old);
                let both = self.c.and2(m, within);
                let r = self.c.implies(inside, both);
                out.push(r);
            }
            let _ = n;
        }
        // `disj f, g: e`: the fields of one declaration are disjoint.
        let mut groups: BTreeMap<u32, Vec<FieldId>> = BTreeMap::new();
        for fid in model.field_ids() {
            let f = model.field(fid);
            if f.disj {
                groups.entry(f.decl_group).or_default().push(fid);
            }
        }
        for g in groups.values() {
            for (x, &a) in g.iter().enumerate() {
                for &b in &g[x + 1..] {
                    let (ma, mb) = (
                        self.fields[a.index()].clone(),
                        self.fields[b.index()].clone(),
                    );
                    let both = self.d.intersection(&mut self.c, &ma, &mb)?;
                    let s = self.some(&both);
                    out.push(!s);
                }
            }
        }
        // `f: disj e`: distinct atoms of the sig have disjoint values. Field
        // tuples start with their atom, so two tuples that differ only in
        // the first column must not both be present.
        for fid in model.field_ids() {
            let f = model.field(fid);
            if !f.disj_values || model.sig(f.sig).mult == Some(Mult::One) {
                continue;
            }
            let suf = self.d.pow(f.arity - 1);
            let mut by_rest: BTreeMap<u64, Vec<Lit>> = BTreeMap::new();
            for &(i, l) in &self.fields[fid.index()].entries {
                by_rest.entry(i % suf).or_default().push(l);
            }
            for ls in by_rest.into_values() {
                let l = self.c.at_most_one(&ls);
                out.push(l);
            }
        }
        Ok(out)
    }

    /// Binds variable `v` to `m`, returning its previous binding (for `restore`).
    pub fn bind(&mut self, v: VarId, m: Rc<Matrix>) -> Option<Rc<Matrix>> {
        self.env[v.index()].replace(m)
    }
    /// Restores a binding returned by `bind`.
    pub fn restore(&mut self, v: VarId, old: Option<Rc<Matrix>>) {
        self.env[v.index()] = old;
    }

    /// `a in b` where `b` may carry arrow multiplicities.
    pub fn in_with_mults(&mut self, a: &Matrix, b: &Expr) -> R<Lit> {
        let bm = self.expr(b)?;
        let sub = self.subset(a, &bm)?;
        let m = self.arrow_mults(a, b)?;
        Ok(self.c.and2(sub, m))
    }

    fn has_mults(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Product {
                lhs,
                lmult,
                rmult,
                rhs,
            } => {
                *lmult != Mult::Set
                    || *rmult != Mult::Set
                    || Self::has_mults(lhs)
                    || Self::has_mults(rhs)
            }
            _ => false,
        }
    }

    fn arrow_mults(&mut self, a: &Matrix, b: &Expr) -> R<Lit> {
        if !Self::has_mults(b) {
            return Ok(Lit::TRUE);
        }
        let ExprKind::Product {
            lhs,
            lmult,
            rmult,
            rhs,
        } = &b.kind
        else {
            unreachable!()
        };
        let lm = self.expr(lhs)?;
        let rm = self.expr(rhs)?;
        let mut conj = Vec::new();
        if *rmult != Mult::Set || Self::has_mults(rhs) {
            for &(t, g) in &lm.entries {
                self.c.check()?;
                let s = self.d.slice_prefix(a, lhs.arity, t);
                let m = self.mult(*rmult, &s);
                let inner = self.arrow_mults(&s, rhs)?;
                let both = self.c.and2(m, inner);
                conj.push(self.c.implies(g, both));
            }
        }
        if *lmult != Mult::Set || Self::has_mults(lhs) {
            for &(u, g) in &rm.entries {
                self.c.check()?;
                let s = self.d.slice_suffix(a, rhs.arity, u);
                let m = self.mult(*lmult, &s);
                let inner = self.arrow_mults(&s, lhs)?;
                let both = self.c.and2(m, inner);
                conj.push(self.c.implies(g, both));
            }
        }
        Ok(self.c.and(&conj))
    }

    // ---------------------------------------------------------------
    // Expressions

    /// The matrix of a relational expression under the current bindings.
    pub fn expr(&mut self, e: &Expr) -> R<Rc<Matrix>> {
        let d = self.d;
        Ok(Rc::new(match &e.kind {
            ExprKind::Sig(s) => return Ok(self.sigs[s.index()].clone()),
            ExprKind::Field(f) => return Ok(self.fields[f.index()].clone()),
            ExprKind::Var(v) => match &self.env[v.index()] {
                Some(m) => return Ok(m.clone()),
                None => {
                    return Err(err(
                        e.span,
                        format!("internal: unbound variable `{}`", self.model.var(*v).name),
                    ))
                }
            },
            ExprKind::Univ => return Ok(self.univ.clone()),
            ExprKind::Iden => return Ok(self.iden.clone()),
            ExprKind::None => Matrix::empty(e.arity),
            ExprKind::IntAtoms => return Ok(self.ints.clone()),
            ExprKind::SeqIdx => Matrix {
                arity: 1,
                entries: self
                    .bounds
                    .universe
                    .seq_idx_atoms()
                    .map(|a| (a as u64, Lit::TRUE))
                    .collect(),
            },
            ExprKind::Union(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                d.union(&mut self.c, &a, &b)?
            }
            ExprKind::Intersection(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                d.intersection(&mut self.c, &a, &b)?
            }
            ExprKind::Difference(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                d.difference(&mut self.c, &a, &b)?
            }
            ExprKind::Join(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                if a.arity + b.arity < 3 {
                    return Err(err(e.span, "join of two unary expressions"));
                }
                d.join(&mut self.c, &a, &b)?
            }
            ExprKind::Product { lhs, rhs, .. } => {
                let (a, b) = (self.expr(lhs)?, self.expr(rhs)?);
                d.product(&mut self.c, &a, &b)?
            }
            ExprKind::Override(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                d.override_(&mut self.c, &a, &b)?
            }
            ExprKind::DomainRestrict(s, r) => {
                let (s, r) = (self.expr(s)?, self.expr(r)?);
                d.domain_restrict(&mut self.c, &s, &r)?
            }
            ExprKind::RangeRestrict(r, s) => {
                let (r, s) = (self.expr(r)?, self.expr(s)?);
                d.range_restrict(&mut self.c, &r, &s)?
            }
            ExprKind::Transpose(a) => {
                let a = self.expr(a)?;
                d.transpose(&a)
            }
            ExprKind::Closure(a) => {
                let a = self.expr(a)?;
                return self.closure(&a);
            }
            ExprKind::ReflexiveClosure(a) => {
                let a = self.expr(a)?;
                let cl = self.closure(&a)?;
                let id = self.iden.clone();
                d.union(&mut self.c, &cl, &id)?
            }
            ExprKind::Comprehension { decls, body } => {
                let vars = self.flatten_decls(decls, e.span)?;
                let mut acc: Vec<(u64, Lit)> = Vec::new();
                let mut tuple_parts: Vec<(u64, usize)> = Vec::new();
                self.ground(
                    &vars,
                    0,
                    Lit::TRUE,
                    &mut tuple_parts,
                    &mut |t, guard, parts| {
                        let b = t.formula(body)?;
                        let l = t.c.and2(guard, b);
                        if l != Lit::FALSE {
                            let mut idx = 0u64;
                            for &(ti, ar) in parts.iter() {
                                idx = idx * t.d.pow(ar) + ti;
                            }
                            acc.push((idx, l));
                        }
                        Ok(())
                    },
                )?;
                Matrix::from_entries(&mut self.c, e.arity, acc)
            }
            ExprKind::Call(fid, args) if args.is_empty() && self.constants.contains_key(fid) => {
                return Ok(self.constants[fid].clone());
            }
            ExprKind::Call(fid, args) => {
                let fun = self.model.fun(*fid);
                let argm: Vec<Rc<Matrix>> = args.iter().map(|a| self.expr(a)).collect::<R<_>>()?;
                self.enter(e.span)?;
                let olds: Vec<(VarId, Option<Rc<Matrix>>)> = fun
                    .params
                    .iter()
                    .zip(argm)
                    .map(|(p, m)| (p.var, self.bind(p.var, m)))
                    .collect();
                let r = self.expr(&fun.body);
                for (v, o) in olds.into_iter().rev() {
                    self.restore(v, o);
                }
                self.depth -= 1;
                if let (Ok(m), true) = (&r, args.is_empty()) {
                    self.constants.insert(*fid, m.clone());
                }
                return r;
            }
            ExprKind::IfThenElse(c, a, b) => {
                let c = self.formula(c)?;
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let ga = Matrix {
                    arity: a.arity,
                    entries: a
                        .entries
                        .iter()
                        .map(|&(i, l)| (i, self.c.and2(c, l)))
                        .collect(),
                };
                let gb = Matrix {
                    arity: b.arity,
                    entries: b
                        .entries
                        .iter()
                        .map(|&(i, l)| (i, self.c.and2(!c, l)))
                        .collect(),
                };
                let ga = Matrix::from_entries(&mut self.c, a.arity, ga.entries);
                let gb = Matrix::from_entries(&mut self.c, b.arity, gb.entries);
                d.union(&mut self.c, &ga, &gb)?
            }
            ExprKind::Let(v, x, body) => {
                let m = self.expr(x)?;
                let old = self.bind(*v, m);
                let r = self.expr(body);
                self.restore(*v, old);
                return r;
            }
            ExprKind::IntToAtom(i) => {
                let bits = self.int_expr(i)?;
                let mut es = Vec::new();
                for a in self.bounds.int_atoms() {
                    let v = self.bounds.universe.atoms[a].int.unwrap();
                    let k = int::constant(v, self.bw);
                    let l = int::equal(&mut self.c, &bits, &k);
                    if l != Lit::FALSE {
                        es.push((a as u64, l));
                    }
                }
                Matrix {
                    arity: 1,
                    entries: es,
                }
            }
        }))
    }

    fn closure(&mut self, a: &Matrix) -> R<Rc<Matrix>> {
        if let Some(m) = self.closures.get(a) {
            return Ok(m.clone());
        }
        let m = Rc::new(self.d.closure(&mut self.c, a)?);
        self.closures.insert(a.clone(), m.clone());
        Ok(m)
    }

    fn enter(&mut self, span: Span) -> R<()> {
        self.depth += 1;
        if self.depth > 200 {
            self.depth -= 1;
            return Err(err(
                span,
                "calls nested more than 200 deep (recursive predicate or function?)",
            ));
        }
        Ok(())
    }

    /// Flatten quantifier declarations to (var, bound, disj-group) triples.
    fn flatten_decls<'e>(
        &self,
        decls: &'e [QuantDecl],
        span: Span,
    ) -> R<Vec<(VarId, &'e Expr, usize)>> {
        let mut out = Vec::new();
        for (gi, d) in decls.iter().enumerate() {
            if d.mult != Mult::One {
                return Err(err(span, format!(
                    "higher-order quantification (`{}` declaration) cannot be grounded; only top-level existentials can be skolemized",
                    d.mult.keyword()
                )));
            }
            for &v in &d.vars {
                out.push((v, &d.bound, if d.disj { gi + 1 } else { 0 }));
            }
        }
        Ok(out)
    }

    /// Enumerate the bindings of `vars[i..]` (each a tuple of its bound,
    /// distinct within a disj group), calling `f` with the conjunction of
    /// the membership guards and the chosen tuples.
    #[allow(clippy::type_complexity)]
    fn ground(
        &mut self,
        vars: &[(VarId, &Expr, usize)],
        i: usize,
        guard: Lit,
        parts: &mut Vec<(u64, usize)>,
        f: &mut dyn FnMut(&mut Translator<'a>, Lit, &[(u64, usize)]) -> R<()>,
    ) -> R<()> {
        if i == vars.len() {
            self.c.check()?;
            return f(self, guard, parts);
        }
        let (v, bound, group) = vars[i];
        let bm = self.expr(bound)?;
        for &(t, l) in &bm.entries {
            self.c.check()?;
            if group != 0 && (0..i).any(|j| vars[j].2 == group && parts[j].0 == t) {
                continue;
            }
            let g = self.c.and2(guard, l);
            if g == Lit::FALSE {
                continue;
            }
            let old = self.bind(
                v,
                Rc::new(Matrix {
                    arity: bm.arity,
                    entries: vec![(t, Lit::TRUE)],
                }),
            );
            parts.push((t, bm.arity));
            let r = self.ground(vars, i + 1, g, parts, f);
            parts.pop();
            self.restore(v, old);
            r?;
        }
        Ok(())
    }

    // ---------------------------------------------------------------
    // Formulas

    /// The literal of a formula under the current bindings.
    pub fn formula(&mut self, f: &Formula) -> R<Lit> {
        Ok(match &f.kind {
            FormulaKind::True => Lit::TRUE,
            FormulaKind::False => Lit::FALSE,
            FormulaKind::In(a, b) => {
                let am = self.expr(a)?;
                self.in_with_mults(&am, b)?
            }
            FormulaKind::Eq(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let mut conj = Vec::new();
                let (mut i, mut j) = (0, 0);
                while i < a.entries.len() || j < b.entries.len() {
                    self.c.check()?;
                    if j >= b.entries.len()
                        || (i < a.entries.len() && a.entries[i].0 < b.entries[j].0)
                    {
                        conj.push(!a.entries[i].1);
                        i += 1;
                    } else if i >= a.entries.len() || b.entries[j].0 < a.entries[i].0 {
                        conj.push(!b.entries[j].1);
                        j += 1;
                    } else {
                        let l = self.c.iff(a.entries[i].1, b.entries[j].1);
                        conj.push(l);
                        i += 1;
                        j += 1;
                    }
                    if conj.last() == Some(&Lit::FALSE) {
                        return Ok(Lit::FALSE);
                    }
                }
                self.c.and(&conj)
            }
            FormulaKind::Mult(m, e) => {
                let em = self.expr(e)?;
                let lits = em.lits();
                match m {
                    Mult::Set => Lit::TRUE,
                    Mult::Some => self.c.or(&lits),
                    Mult::Lone => self.c.at_most_one(&lits),
                    Mult::One => self.c.exactly_one(&lits),
                }
            }
            FormulaKind::IntCmp(op, a, b) => {
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                let c = &mut self.c;
                match op {
                    IntCmp::Eq => int::equal(c, &a, &b),
                    IntCmp::Ne => !int::equal(c, &a, &b),
                    IntCmp::Lt => int::less(c, &a, &b),
                    IntCmp::Gt => int::less(c, &b, &a),
                    IntCmp::Le => !int::less(c, &b, &a),
                    IntCmp::Ge => !int::less(c, &a, &b),
                }
            }
            FormulaKind::Not(g) => !self.formula(g)?,
            FormulaKind::And(fs) => {
                let mut ls = Vec::with_capacity(fs.len());
                for g in fs {
                    let l = self.formula(g)?;
                    if l == Lit::FALSE {
                        return Ok(Lit::FALSE);
                    }
                    ls.push(l);
                }
                self.c.and(&ls)
            }
            FormulaKind::Or(fs) => {
                let mut ls = Vec::with_capacity(fs.len());
                for g in fs {
                    let l = self.formula(g)?;
                    if l == Lit::TRUE {
                        return Ok(Lit::TRUE);
                    }
                    ls.push(l);
                }
                self.c.or(&ls)
            }
            FormulaKind::Implies(a, b) => {
                let a = self.formula(a)?;
                if a == Lit::FALSE {
                    return Ok(Lit::TRUE);
                }
                let b = self.formula(b)?;
                self.c.implies(a, b)
            }
            FormulaKind::Iff(a, b) => {
                let (a, b) = (self.formula(a)?, self.formula(b)?);
                self.c.iff(a, b)
            }
            FormulaKind::IfThenElse(c, a, b) => {
                let c = self.formula(c)?;
                let (a, b) = (self.formula(a)?, self.formula(b)?);
                self.c.ite(c, a, b)
            }
            FormulaKind::Quant(q, decls, body) => {
                let vars = self.flatten_decls(decls, f.span)?;
                let mut cases: Vec<(Lit, Lit)> = Vec::new();
                let q = *q;
                let mut parts = Vec::new();
                self.ground(&vars, 0, Lit::TRUE, &mut parts, &mut |t, guard, _| {
                    let b = t.formula(body)?;
                    cases.push((guard, b));
                    Ok(())
                })?;
                match q {
                    Quant::All => {
                        let mut conj = Vec::with_capacity(cases.len());
                        for (g, b) in cases {
                            self.c.check()?;
                            conj.push(self.c.implies(g, b));
                        }
                        self.c.and(&conj)
                    }
                    Quant::Some | Quant::No | Quant::Lone | Quant::One => {
                        let mut ls = Vec::with_capacity(cases.len());
                        for (g, b) in cases {
                            ls.push(self.c.and2(g, b));
                        }
                        match q {
                            Quant::Some => self.c.or(&ls),
                            Quant::No => !self.c.or(&ls),
                            Quant::Lone => self.c.at_most_one(&ls),
                            _ => self.c.exactly_one(&ls),
                        }
                    }
                }
            }
            FormulaKind::Call(pid, args) => {
                let pred = self.model.pred(*pid);
                let argm: Vec<Rc<Matrix>> = args.iter().map(|a| self.expr(a)).collect::<R<_>>()?;
                self.enter(f.span)?;
                let olds: Vec<(VarId, Option<Rc<Matrix>>)> = pred
                    .params
                    .iter()
                    .zip(argm)
                    .map(|(p, m)| (p.var, self.bind(p.var, m)))
                    .collect();
                let r = self.formula(&pred.body);
                for (v, o) in olds.into_iter().rev() {
                    self.restore(v, o);
                }
                self.depth -= 1;
                r?
            }
            FormulaKind::Let(v, x, body) => {
                let m = self.expr(x)?;
                let old = self.bind(*v, m);
                let r = self.formula(body);
                self.restore(*v, old);
                r?
            }
        })
    }

    // ---------------------------------------------------------------
    // Integers

    /// Record a count over `tuples` possible tuples at `span` if it can
    /// exceed the largest Int (once per span, with the most tuples).
    fn note_count(&mut self, span: Span, tuples: usize) {
        let o = IntOverflow {
            span,
            tuples,
            bitwidth: self.bw,
        };
        if tuples as u64 <= o.max_int() {
            return;
        }
        match self.overflows.iter_mut().find(|x| x.span == span) {
            Some(x) => x.tuples = x.tuples.max(tuples),
            None => self.overflows.push(o),
        }
    }

    /// The bit-vector of an integer expression under the current bindings
    /// (least significant bit first, `bw` bits).
    pub fn int_expr(&mut self, e: &IntExpr) -> R<Vec<Lit>> {
        let bw = self.bw;
        Ok(match &e.kind {
            IntExprKind::Lit(v) => int::constant(*v, bw),
            IntExprKind::Card(x) => {
                let m = self.expr(x)?;
                let tuples = m.entries.iter().filter(|(_, l)| *l != Lit::FALSE).count();
                self.note_count(e.span, tuples);
                int::count(&mut self.c, &m.lits(), bw)
            }
            IntExprKind::Sum(x) => {
                let m = self.expr(x)?;
                let mut terms = Vec::new();
                for &(a, l) in &m.entries {
                    if let Some(v) = self
                        .bounds
                        .universe
                        .atoms
                        .get(a as usize)
                        .and_then(|i| i.int)
                    {
                        let k = int::constant(v, bw);
                        terms.push(k.iter().map(|&b| self.c.and2(b, l)).collect::<Vec<Lit>>());
                    }
                }
                int::sum(&mut self.c, terms, bw)
            }
            IntExprKind::Add(a, b) => {
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                int::add(&mut self.c, &a, &b)
            }
            IntExprKind::Sub(a, b) => {
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                int::sub(&mut self.c, &a, &b)
            }
            IntExprKind::Mul(a, b) => {
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                int::mul(&mut self.c, &a, &b)
            }
            IntExprKind::Div(a, b) => {
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                int::divrem(&mut self.c, &a, &b).0
            }
            IntExprKind::Rem(a, b) => {
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                int::divrem(&mut self.c, &a, &b).1
            }
            IntExprKind::Neg(a) => {
                let a = self.int_expr(a)?;
                int::neg(&mut self.c, &a)
            }
            IntExprKind::Shift(op, a, b) => {
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                int::shift(&mut self.c, *op, &a, &b)
            }
            IntExprKind::IfThenElse(c, a, b) => {
                let c = self.formula(c)?;
                let (a, b) = (self.int_expr(a)?, self.int_expr(b)?);
                a.iter()
                    .zip(&b)
                    .map(|(&x, &y)| self.c.ite(c, x, y))
                    .collect()
            }
            IntExprKind::Let(v, x, body) => {
                let m = self.expr(x)?;
                let old = self.bind(*v, m);
                let r = self.int_expr(body);
                self.restore(*v, old);
                r?
            }
            IntExprKind::SumOver(decls, body) => {
                // Σ over the bindings of (binding present ? body : 0).
                let vars = self.flatten_decls(decls, e.span)?;
                let mut terms: Vec<Vec<Lit>> = Vec::new();
                self.ground(&vars, 0, Lit::TRUE, &mut Vec::new(), &mut |t, g, _| {
                    let v = t.int_expr(body)?;
                    let term = v.iter().map(|&x| t.c.and2(g, x)).collect();
                    terms.push(term);
                    Ok(())
                })?;
                int::sum(&mut self.c, terms, bw)
            }
        })
    }

    // ---------------------------------------------------------------
    // The command, with top-level skolemization

    fn command_formula(&mut self, cmd: &Command) -> R<Lit> {
        match &cmd.target {
            CommandTarget::Assert(a) => {
                let body = &self.model.assert(*a).body;
                self.top(body, true, &cmd.name)
            }
            CommandTarget::Inline(f) => match cmd.kind {
                CommandKind::Check => self.top(f, true, &cmd.name),
                CommandKind::Run => self.top(f, false, &cmd.name),
            },
            CommandTarget::Pred(p) => {
                let pred = self.model.pred(*p);
                // run P: some params | body, params skolemized (their
                // `disj` groups kept: `pred ex[disj a, b: Int] { a = b }`
                // has no instance). The bindings last for the command.
                let decls = param_decls(&pred.params);
                let (mut conj, _bindings) = self.skolemize(&decls, &pred.name)?;
                let body = self.top(&pred.body, cmd.kind == CommandKind::Check, &cmd.name)?;
                conj.push(body);
                Ok(self.c.and(&conj))
            }
        }
    }

    /// Skolemize `decls` in order, binding each variable as it goes (a
    /// later bound may name an earlier variable): a fresh relation
    /// `${prefix}_{var}` within its bound and multiplicities, pairwise
    /// disjoint within a `disj` declaration. Returns the constraints and
    /// the previous bindings, for the caller to restore.
    fn skolemize(&mut self, decls: &[QuantDecl], prefix: &str) -> R<(Vec<Lit>, Bindings)> {
        let mut conj = Vec::new();
        let mut bound_vars = Vec::new();
        for d in decls {
            let mut group: Vec<Matrix> = Vec::new();
            for &v in &d.vars {
                let bm = self.expr(&d.bound)?;
                let (sk, l) = self.skolem(&bm, d.mult, &d.bound)?;
                conj.push(l);
                if d.disj {
                    for other in &group {
                        let both = self.d.intersection(&mut self.c, other, &sk)?;
                        let s = self.some(&both);
                        conj.push(!s);
                    }
                    group.push(sk.clone());
                }
                self.skolems.push((
                    format!("${}_{}", prefix, self.model.var(v).name),
                    sk.clone(),
                ));
                let old = self.bind(v, Rc::new(sk));
                bound_vars.push((v, old));
            }
        }
        Ok((conj, bound_vars))
    }

    /// A fresh relation within the tuples of `bound`, with multiplicity
    /// `mult` and `bound`'s arrow multiplicities.
    fn skolem(&mut self, bound: &Matrix, mult: Mult, bexpr: &Expr) -> R<(Matrix, Lit)> {
        let es: Vec<(u64, Lit)> = bound
            .entries
            .iter()
            .map(|&(i, _)| (i, self.c.input()))
            .collect();
        let sk = Matrix {
            arity: bound.arity,
            entries: es,
        };
        let sub = self.subset(&sk, bound)?;
        let m = self.mult(mult, &sk);
        let am = self.arrow_mults(&sk, bexpr)?;
        Ok((sk, self.c.and(&[sub, m, am])))
    }

    /// Translate `f` (negated when `neg`) skolemizing the existentials at
    /// its top level.
    fn top(&mut self, f: &Formula, neg: bool, cmd: &str) -> R<Lit> {
        match (&f.kind, neg) {
            (FormulaKind::Not(g), _) => self.top(g, !neg, cmd),
            (FormulaKind::And(fs), false) | (FormulaKind::Or(fs), true) => {
                let mut ls = Vec::new();
                for g in fs {
                    let l = self.top(g, neg, cmd)?;
                    if l == Lit::FALSE {
                        return Ok(Lit::FALSE);
                    }
                    ls.push(l);
                }
                Ok(self.c.and(&ls))
            }
            (FormulaKind::Implies(a, b), true) => {
                let a = self.top(a, false, cmd)?;
                let b = self.top(b, true, cmd)?;
                Ok(self.c.and2(a, b))
            }
            // `some x | F`, `not all x | F` (= `some x | not F`) and
            // `not no x | F` (= `some x | F`, a check of `no x | F`).
            (FormulaKind::Quant(q @ (Quant::Some | Quant::All | Quant::No), decls, body), _)
                if (*q == Quant::Some) != neg =>
            {
                let body_neg = *q == Quant::All;
                let (mut conj, bound_vars) = self.skolemize(decls, cmd)?;
                let b = self.top(body, body_neg, cmd);
                for (v, old) in bound_vars.into_iter().rev() {
                    self.restore(v, old);
                }
                conj.push(b?);
                Ok(self.c.and(&conj))
            }
            (FormulaKind::Let(v, x, body), _) => {
                let m = self.expr(x)?;
                let old = self.bind(*v, m);
                let r = self.top(body, neg, cmd);
                self.restore(*v, old);
                r
            }
            (FormulaKind::Call(pid, args), _) => {
                let pred = self.model.pred(*pid);
                let argm: Vec<Rc<Matrix>> = args.iter().map(|a| self.expr(a)).collect::<R<_>>()?;
                self.enter(f.span)?;
                let olds: Vec<(VarId, Option<Rc<Matrix>>)> = pred
                    .params
                    .iter()
                    .zip(argm)
                    .map(|(p, m)| (p.var, self.bind(p.var, m)))
                    .collect();
                let r = self.top(&pred.body, neg, cmd);
                for (v, o) in olds.into_iter().rev() {
                    self.restore(v, o);
                }
                self.depth -= 1;
                r
            }
            _ => {
                let l = self.formula(f)?;
                Ok(if neg { !l } else { l })
            }
        }
    }

    // ---------------------------------------------------------------
    // Symmetry breaking

    /// Lex-leader predicates for transpositions of adjacent atoms of a
    /// top-level sig that no bound distinguishes. Since the formula has no
    /// atom constants, such a transposition maps solutions to solutions, so
    /// requiring the solution to be lexicographically no larger than its
    /// image (over one fixed order of relation entries) keeps at least one
    /// solution of every orbit: the verdict never changes.
    fn symmetry_breaking(&mut self, limit: usize) -> R<Vec<Lit>> {
        let mut out = Vec::new();
        let b = self.bounds;
        let d = self.d;
        // Field bounds as entry indices (the matrices drop entries fixed
        // to false; a transposition must map the bounds themselves).
        let upper_sets: Vec<HashSet<u64>> = b
            .field_upper
            .iter()
            .map(|ts| ts.iter().map(|t| d.index(t)).collect())
            .collect();
        let lower_sets: Vec<HashSet<u64>> = b
            .field_lower
            .iter()
            .map(|ts| ts.iter().map(|t| d.index(t)).collect())
            .collect();
        // The fixed order of entries: the fields that the relation
        // analysis ordered first, the tuples their canonical forms fix to
        // false before all others, so that the lex-smallest instance of
        // every orbit is one in those forms (bounds::analysis);
        // then binary fields (measured: 2.6x faster than sigs first on the
        // PTX coherence check at scope 5), then sigs, then the other fields.
        let field_entries = |f: usize| -> Vec<u64> {
            let mut es: Vec<u64> = b.field_upper[f].iter().map(|t| d.index(t)).collect();
            if b.ordered.iter().any(|o| o.index() == f) {
                let back: HashSet<u64> = b.field_false[f].iter().map(|t| d.index(t)).collect();
                es.sort_by_key(|i| (!back.contains(i), *i));
            }
            es
        };
        let nf = self.fields.len();
        let ns = self.sigs.len();
        let is_ordered = |f: usize| b.ordered.iter().any(|o| o.index() == f);
        // Relations are numbered fields, then sigs, then skolems.
        let mut order: Vec<(usize, Vec<u64>)> = Vec::new();
        // (every ordered field's entries fixed to false before any other
        // entry: some instance of every orbit has all of them false at
        // once, and the fields may share atoms, e.g. along a diagonal)
        let mut rest = Vec::new();
        for o in &b.ordered {
            let es = field_entries(o.index());
            let k = b.field_false[o.index()].len().min(es.len());
            order.push((o.index(), es[..k].to_vec()));
            rest.push((o.index(), es[k..].to_vec()));
        }
        // Then the unary skolems, as in Kodkod (its relations sort by
        // arity and name, and skolem names start with `$`): the
        // lex-leader of an orbit then names the witnesses of
        // `some disj E0, …, E9: E` by the first atoms, which fixes them
        // and, through the body, much of the instance. Without them
        // Khronos's mp3transitive4 (scope 10) took 33 s in CaDiCaL for an
        // unsatisfiable command the Analyzer's CNF of the same size needs
        // 3.3 s for (issue 42). (Not before the entries above: the
        // relation analysis's canonical forms need those first.)
        for (k, (_, m)) in self.skolems.iter().enumerate() {
            if m.arity == 1 {
                order.push((nf + ns + k, m.entries.iter().map(|e| e.0).collect()));
            }
        }
        order.extend(rest);
        for f in (0..nf).filter(|&f| self.fields[f].arity == 2 && !is_ordered(f)) {
            order.push((f, field_entries(f)));
        }
        for s in 0..ns {
            order.push((nf + s, self.sigs[s].entries.iter().map(|e| e.0).collect()));
        }
        for f in (0..nf).filter(|&f| self.fields[f].arity != 2 && !is_ordered(f)) {
            order.push((f, field_entries(f)));
        }
        for (k, (_, m)) in self.skolems.iter().enumerate() {
            if m.arity != 1 {
                order.push((nf + ns + k, m.entries.iter().map(|e| e.0).collect()));
            }
        }
        // A skolem's variables may only be compared where the
        // transposition maps its entries onto its entries (its bound is
        // an expression over symmetric relations, so it does, unless a
        // simplification dropped an entry on one side only).
        let skolem_sets: Vec<HashSet<u64>> = self
            .skolems
            .iter()
            .map(|(_, m)| m.entries.iter().map(|e| e.0).collect())
            .collect();
        for t in self.model.top_level_sigs() {
            let atoms = b.sig_upper[t.index()].clone();
            for w in atoms.windows(2) {
                let (x, y) = (w[0], w[1]);
                // The entry index of `tu`'s image under the transposition;
                // `None` for a tuple it leaves alone.
                let image = |tu: &[u32]| -> Option<u64> {
                    tu.iter().any(|&a| a == x || a == y).then(|| {
                        let st: Vec<u32> = tu
                            .iter()
                            .map(|&a| {
                                if a == x {
                                    y
                                } else if a == y {
                                    x
                                } else {
                                    a
                                }
                            })
                            .collect();
                        d.index(&st)
                    })
                };
                // (bounds are sorted: binary search keeps this linear in
                // the number of sigs for large scopes)
                let has = |v: &[u32], a: u32| v.binary_search(&a).is_ok();
                let ok_sigs = b
                    .sig_upper
                    .iter()
                    .zip(&b.sig_lower)
                    .all(|(up, lo)| has(up, x) == has(up, y) && has(lo, x) == has(lo, y));
                if !ok_sigs {
                    continue;
                }
                let mut ok_fields = true;
                'fields: for ((ts, up), lo) in
                    b.field_upper.iter().zip(&upper_sets).zip(&lower_sets)
                {
                    for tu in ts {
                        self.c.check()?;
                        let Some(j) = image(tu) else {
                            continue;
                        };
                        let i = d.index(tu);
                        if !up.contains(&j) || lo.contains(&i) != lo.contains(&j) {
                            ok_fields = false;
                            break 'fields;
                        }
                    }
                }
                if !ok_fields {
                    continue;
                }
                let skolems_map = self.skolems.iter().zip(&skolem_sets).all(|((_, m), set)| {
                    m.entries
                        .iter()
                        .all(|&(i, _)| image(&d.tuple(i, m.arity)).is_none_or(|j| set.contains(&j)))
                });
                // pairs (entry, image entry) in the fixed order
                let mut pairs: Vec<(Lit, Lit)> = Vec::new();
                'outer: for (m, entries) in &order {
                    let (arity, m) = if *m < nf {
                        (self.fields[*m].arity, &*self.fields[*m])
                    } else if *m < nf + ns {
                        (1, &*self.sigs[*m - nf])
                    } else if skolems_map {
                        let sk = &self.skolems[*m - nf - ns].1;
                        (sk.arity, sk)
                    } else {
                        continue;
                    };
                    for &i in entries {
                        self.c.check()?;
                        let Some(j) = image(&d.tuple(i, arity)) else {
                            continue;
                        };
                        let (l, l2) = (m.get(i), m.get(j));
                        if l != l2 {
                            pairs.push((l, l2));
                            if pairs.len() >= limit {
                                break 'outer;
                            }
                        }
                    }
                }
                // V <=lex sigma(V): chain of "equal so far" literals.
                let mut eq = Lit::TRUE;
                for (a, bb) in pairs {
                    let le = self.c.implies(a, bb);
                    let r = self.c.implies(eq, le);
                    out.push(r);
                    let same = self.c.iff(a, bb);
                    eq = self.c.and2(eq, same);
                    if eq == Lit::FALSE {
                        break;
                    }
                }
            }
        }
        Ok(out)
    }
}
