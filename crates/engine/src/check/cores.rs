//! Unsat cores of a command (`check --core`): which of the model's formulas
//! already make the command unsatisfiable within its scope.
//!
//! Every tracked formula (the top-level conjuncts of each fact and sig fact,
//! the command's predicate body conjuncts for a `run`, the negated assertion
//! for a `check`) becomes an extra formula of a [`Session`], solved under
//! the assumption that all of them hold. CaDiCaL's failed assumptions give a
//! first core; deletion-based minimisation then drops one formula at a time
//! and re-solves, keeping only the failed assumptions of each unsatisfiable
//! call (Kodkod's recycling core extraction does the same). A formula stays
//! only when the command is satisfiable without it — an instance that the
//! independent evaluator confirms — so a finished minimisation is a
//! guaranteed minimal core. The core is verified before it is returned: a
//! fresh translation with only the core formulas must be unsatisfiable.
//!
//! Field multiplicities are tracked too: a field declared `f: one A` or
//! `r: A -> lone B` keeps its typing in the model (`this.f in A`) and gives
//! back `all this: S | one this.f and this.f in A` as a tracked formula.
//!
//! Not tracked (always part of the problem): sig declarations (`extends`/
//! `in` typing, sig multiplicities), field typing, the scope, fact
//! conjuncts `field = constant` (they pin the field's bounds), existential
//! conjuncts of a `run`'s goal (the translation skolemizes them), facts with
//! higher-order quantifiers and predicates with parameters (their
//! translation skolemizes, which a retractable formula cannot); they are
//! listed as `untracked` so the reader knows what else the answer assumes.

use std::borrow::Cow;

use crate::budget::Budget;
use crate::check::{CheckError, CheckOptions, Internal, Opened, Outcome, Session, Step, Unknown};
use crate::diag::Span;
use crate::ir::*;

/// What kind of formula a core item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CoreKind {
    /// A conjunct of a `fact` paragraph.
    Fact,
    /// A conjunct of a sig's appended fact block.
    SigFact,
    /// A conjunct of the body of the predicate (or block) a `run` runs.
    Predicate,
    /// The negated assertion of a `check`.
    Assertion,
    /// The multiplicities of a field declaration (`f: one A`,
    /// `r: A -> lone B`): `all this: S | one this.f` and the like.
    Multiplicity,
}

/// One formula of the model, by its source span.
#[derive(Clone, Debug)]
pub struct CoreItem {
    /// What kind of formula it is.
    pub kind: CoreKind,
    /// The formula's source span.
    pub span: Span,
    /// The fact, predicate or assertion it belongs to, when named.
    pub owner: Option<String>,
}

/// A verified unsat core.
#[derive(Clone, Debug)]
pub struct Core {
    /// The formulas of the core.
    pub items: Vec<CoreItem>,
    /// The items' positions in [`Split::tracked`] of [`split`].
    pub indices: Vec<usize>,
    /// Every item was shown necessary (the command has a verified instance
    /// without it). False when a time limit stopped minimisation.
    pub minimal: bool,
    /// Constraints always in force (see the module documentation).
    pub untracked: Vec<CoreItem>,
    /// Solver calls made (first solve, minimisation, verification).
    pub solver_calls: usize,
}

/// The answer of [`unsat_core`].
#[derive(Clone, Debug)]
pub enum CoreOutcome {
    /// The command is unsatisfiable: a verified core.
    Core(Core),
    /// The command is satisfiable: there is no core.
    Satisfiable,
    /// A limit stopped the first solve; why.
    Unknown(Unknown),
}

/// A tracked formula: the formula the session assumes, and its item.
#[derive(Clone, Debug)]
pub struct Tracked {
    /// The formula, as the session assumes it.
    pub formula: Formula,
    /// Where it comes from.
    pub item: CoreItem,
}

/// A command split for core extraction: the model without its tracked
/// formulas (its command asking for nothing more), and those formulas.
#[derive(Clone, Debug)]
pub struct Split {
    /// The model without its tracked formulas.
    pub model: Model,
    /// The tracked formulas, in order.
    pub tracked: Vec<Tracked>,
    /// The constraints not tracked, always in force (see the module documentation).
    pub untracked: Vec<CoreItem>,
}

/// The top-level conjuncts of `f` (`a and b and c`, nested), in order; a
/// universal quantifier over a conjunction is split too (`all x | a and b`
/// is `(all x | a) and (all x | b)`), each part spanning its conjunct.
fn conjuncts(f: &Formula, out: &mut Vec<Formula>) {
    match &f.kind {
        FormulaKind::And(gs) => gs.iter().for_each(|g| conjuncts(g, out)),
        FormulaKind::Quant(Quant::All, ds, body) => {
            let mut parts = Vec::new();
            conjuncts(body, &mut parts);
            if parts.len() > 1 {
                out.extend(parts.into_iter().map(|p| Formula {
                    span: if p.span.is_dummy() { f.span } else { p.span },
                    kind: FormulaKind::Quant(Quant::All, ds.clone(), Box::new(p)),
                }));
            } else {
                out.push(f.clone());
            }
        }
        FormulaKind::True => {}
        _ => out.push(f.clone()),
    }
}

/// Whether `f` has an existential among its top-level conjuncts, also
/// inside the bodies of the parameterless predicates it calls (the
/// translation skolemizes those of a command's goal).
fn has_existential(model: &Model, f: &Formula, depth: usize) -> bool {
    match &f.kind {
        FormulaKind::Quant(Quant::Some, ..) => true,
        FormulaKind::And(gs) => gs.iter().any(|g| has_existential(model, g, depth)),
        // (the depth bound stops a recursive predicate)
        FormulaKind::Call(p, args) if args.is_empty() && depth < 16 => {
            has_existential(model, &model.pred(*p).body, depth + 1)
        }
        _ => false,
    }
}

/// Whether `f` quantifies over sets or relations (such formulas are
/// skolemized by the translation and cannot be retracted).
fn higher_order(f: &Formula) -> bool {
    let ho = |ds: &[QuantDecl]| ds.iter().any(|d| d.mult != Mult::One);
    match &f.kind {
        FormulaKind::Quant(_, ds, body) => ho(ds) || higher_order(body),
        FormulaKind::Not(g) => higher_order(g),
        FormulaKind::And(gs) | FormulaKind::Or(gs) => gs.iter().any(higher_order),
        FormulaKind::Implies(a, b) | FormulaKind::Iff(a, b) => higher_order(a) || higher_order(b),
        FormulaKind::IfThenElse(c, a, b) => higher_order(c) || higher_order(a) || higher_order(b),
        FormulaKind::Let(_, _, body) => higher_order(body),
        _ => false,
    }
}

/// Split `model`'s facts and command `id`'s goal into tracked formulas; the
/// returned model keeps only what is not tracked. Solving its command with
/// every tracked formula assumed is solving the original command.
pub fn split(model: &Model, id: CommandId) -> Split {
    let mut m = model.clone();
    let mut tracked = Vec::new();
    let mut untracked = Vec::new();
    let mut kept = Vec::new();
    for fact in std::mem::take(&mut m.facts) {
        let kind = match fact.origin {
            FactOrigin::SigFact(_) => CoreKind::SigFact,
            _ => CoreKind::Fact,
        };
        let item = |span| CoreItem {
            kind,
            span,
            owner: fact.name.clone(),
        };
        if higher_order(&fact.body) {
            untracked.push(item(fact.span));
            kept.push(fact);
            continue;
        }
        let mut parts = Vec::new();
        conjuncts(&fact.body, &mut parts);
        for p in parts {
            let span = if p.span.is_dummy() { fact.span } else { p.span };
            // `field = constant` stays a fact, so that it still pins the
            // field's bounds (crates/engine/src/bounds/pin.rs); retracted, the field would
            // become free variables (a litmus skeleton: 64k → 2.3M).
            if crate::bounds::pin::is_pinning_shape(&p) {
                untracked.push(item(span));
                let mut pinned = fact.clone();
                pinned.body = p;
                kept.push(pinned);
                continue;
            }
            tracked.push(Tracked {
                item: item(span),
                formula: p,
            });
        }
    }
    m.facts = kept;
    // Field multiplicities: the declaration keeps its typing (`this.f in
    // bound`, without multiplicities) and gives its multiplicities back as
    // `all this: S | mult this.f and this.f in bound`.
    for fid in model.field_ids() {
        let f = model.field(fid);
        if f.decl.mult == Mult::Set && !f.decl.bound.has_arrow_mults() {
            continue;
        }
        tracked.push(Tracked {
            formula: multiplicity_formula(model, fid),
            item: CoreItem {
                kind: CoreKind::Multiplicity,
                span: f.span,
                owner: Some(f.name.clone()),
            },
        });
        let d = &mut m.fields[fid.index()].decl;
        d.mult = Mult::Set;
        d.bound = without_mults(&d.bound);
    }
    let mut existentials: Vec<Formula> = Vec::new();
    let cmd = &mut m.commands[id.index()];
    let goal: Option<(Formula, Option<String>, Span)> = match &cmd.target {
        CommandTarget::Assert(a) => {
            let a = model.assert(*a);
            Some((a.body.clone(), Some(a.name.clone()), a.span))
        }
        CommandTarget::Inline(f) => Some((f.clone(), None, f.span)),
        CommandTarget::Pred(p) => {
            let p = model.pred(*p);
            p.params
                .is_empty()
                .then(|| (p.body.clone(), Some(p.name.clone()), p.span))
        }
    };
    match goal {
        Some((body, owner, span)) if !higher_order(&body) => {
            let span = if body.span.is_dummy() {
                span
            } else {
                body.span
            };
            match cmd.kind {
                CommandKind::Check => tracked.push(Tracked {
                    formula: Formula {
                        kind: FormulaKind::Not(Box::new(body.clone())),
                        span,
                    },
                    item: CoreItem {
                        kind: CoreKind::Assertion,
                        span,
                        owner,
                    },
                }),
                CommandKind::Run => {
                    let mut parts = Vec::new();
                    conjuncts(&body, &mut parts);
                    for p in parts {
                        let s = if p.span.is_dummy() { span } else { p.span };
                        // An existential stays in the command, where the
                        // translation skolemizes it; as a retractable
                        // formula it would be grounded over every
                        // combination of its variables (`some disj a, b,
                        // c, d, e: Event | ...`: millions of clauses).
                        if has_existential(model, &p, 0) {
                            untracked.push(CoreItem {
                                kind: CoreKind::Predicate,
                                span: s,
                                owner: owner.clone(),
                            });
                            existentials.push(p);
                            continue;
                        }
                        tracked.push(Tracked {
                            formula: p,
                            item: CoreItem {
                                kind: CoreKind::Predicate,
                                span: s,
                                owner: owner.clone(),
                            },
                        });
                    }
                }
            }
            // The goal is now among the tracked formulas: the command itself
            // asks for nothing (`run {}`; `check { false }`, whose negation
            // is true).
            let trivial = match cmd.kind {
                CommandKind::Run if !existentials.is_empty() => {
                    FormulaKind::And(std::mem::take(&mut existentials))
                }
                CommandKind::Run => FormulaKind::True,
                CommandKind::Check => FormulaKind::False,
            };
            cmd.target = CommandTarget::Inline(Formula {
                kind: trivial,
                span: cmd.span,
            });
        }
        _ => {
            let (kind, span, owner) = match &cmd.target {
                CommandTarget::Assert(a) => {
                    let a = model.assert(*a);
                    (CoreKind::Assertion, a.span, Some(a.name.clone()))
                }
                CommandTarget::Pred(p) => {
                    let p = model.pred(*p);
                    (CoreKind::Predicate, p.span, Some(p.name.clone()))
                }
                CommandTarget::Inline(f) => (
                    match cmd.kind {
                        CommandKind::Run => CoreKind::Predicate,
                        CommandKind::Check => CoreKind::Assertion,
                    },
                    f.span,
                    None,
                ),
            };
            untracked.push(CoreItem { kind, span, owner });
        }
    }
    Split {
        model: m,
        tracked,
        untracked,
    }
}

/// A declaration bound with every arrow multiplicity set to `set`.
fn without_mults(e: &Expr) -> Expr {
    match &e.kind {
        ExprKind::Product { lhs, rhs, .. } => Expr {
            kind: ExprKind::Product {
                lhs: Box::new(without_mults(lhs)),
                lmult: Mult::Set,
                rmult: Mult::Set,
                rhs: Box::new(without_mults(rhs)),
            },
            ..e.clone()
        },
        _ => e.clone(),
    }
}

/// `all this: S | mult this.f and this.f in bound` for field `f` of `S`
/// (the bound with its arrow multiplicities).
fn multiplicity_formula(model: &Model, fid: FieldId) -> Formula {
    let f = model.field(fid);
    let span = f.span;
    let this = Expr::new(ExprKind::Var(f.this_var), 1, span);
    let rel = Expr::new(ExprKind::Field(fid), f.arity, span);
    let image = Expr::new(
        ExprKind::Join(Box::new(this), Box::new(rel)),
        f.arity - 1,
        span,
    );
    let mut parts = Vec::new();
    if f.decl.mult != Mult::Set {
        parts.push(Formula::new(
            FormulaKind::Mult(f.decl.mult, Box::new(image.clone())),
            span,
        ));
    }
    parts.push(Formula::new(
        FormulaKind::In(Box::new(image), Box::new(f.decl.bound.clone())),
        span,
    ));
    let decl = QuantDecl {
        vars: vec![f.this_var],
        disj: false,
        mult: Mult::One,
        bound: Expr::new(ExprKind::Sig(f.sig), 1, span),
    };
    Formula::new(
        FormulaKind::Quant(
            Quant::All,
            vec![decl],
            Box::new(Formula::new(FormulaKind::And(parts), span)),
        ),
        span,
    )
}

/// Why a session could not be opened within the budget: the limit and
/// the stage it stopped, as [`Minimised::Unknown`] says it.
/// A minimal (where the budget allows), verified unsat core of command
/// `id`, or why there is none.
pub fn unsat_core(
    model: &Model,
    id: CommandId,
    opts: &CheckOptions,
) -> Result<CoreOutcome, CheckError> {
    if model.commands.get(id.index()).is_none() {
        return Err(CheckError::Internal(Internal::NoSuchCommand(id)));
    }
    let budget = Budget::new(opts.timeout, opts.max_memory)
        .with_progress(opts.progress.clone().unwrap_or_default());
    let Split {
        model: stripped,
        tracked,
        untracked,
    } = split(model, id);
    let formulas: Vec<Formula> = tracked.iter().map(|t| t.formula.clone()).collect();
    let (core, minimal, calls) = match minimal_core(&stripped, id, formulas, opts, &budget)? {
        Minimised::Satisfiable => return Ok(CoreOutcome::Satisfiable),
        Minimised::Unknown(why) => return Ok(CoreOutcome::Unknown(why)),
        Minimised::Core {
            indices,
            minimal,
            solver_calls,
        } => (indices, minimal, solver_calls),
    };
    Ok(CoreOutcome::Core(Core {
        items: core.iter().map(|&i| tracked[i].item.clone()).collect(),
        indices: core,
        minimal,
        untracked,
        solver_calls: calls,
    }))
}

/// The answer of [`minimal_core`].
#[derive(Clone, Debug)]
pub enum Minimised {
    /// Some instance satisfies every formula.
    Satisfiable,
    /// A limit stopped the first solve or the verification; why.
    Unknown(Unknown),
    /// The positions of a verified unsatisfiable subset of the formulas.
    Core {
        /// The positions in `formulas`.
        indices: Vec<usize>,
        /// Every formula of the core was shown necessary.
        minimal: bool,
        /// Solver calls made.
        solver_calls: usize,
    },
}

/// A verified unsatisfiable subset of `formulas` for command `id` of
/// `model` (whose command must ask for nothing the formulas do not say):
/// failed assumptions, then deletion-based minimisation, then a fresh
/// translation with only the core, which must be unsatisfiable.
pub fn minimal_core(
    model: &Model,
    id: CommandId,
    formulas: Vec<Formula>,
    opts: &CheckOptions,
    budget: &Budget,
) -> Result<Minimised, CheckError> {
    let count = formulas.len();
    let mut session = match Session::open(
        Cow::Borrowed(model),
        id,
        formulas.clone(),
        opts,
        budget.clone(),
    )? {
        Opened::Ready(s) => s,
        Opened::Stopped(limit, stage, _) => {
            return Ok(Minimised::Unknown(Unknown::Stopped { limit, stage }))
        }
    };
    let mut calls = 1;
    let all: Vec<usize> = (0..count).collect();
    match session.solve_outcome(&all)? {
        Outcome::Sat(_) => return Ok(Minimised::Satisfiable),
        Outcome::Unknown(why) => return Ok(Minimised::Unknown(why)),
        Outcome::Unsat => {}
    }
    let mut core: Vec<usize> = all.into_iter().filter(|&i| session.failed(i)).collect();
    // Deletion-based minimisation: try without each formula in turn. Under
    // a deadline each try gets at most half of the time left, so a hard
    // try cannot leave the verification below without time: the formula
    // it was about stays (not shown necessary) and the core is then not
    // claimed minimal.
    let mut minimal = true;
    let mut k = 0;
    while k < core.len() {
        let without: Vec<usize> = core
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &i)| i)
            .collect();
        calls += 1;
        let answer = match budget.remaining() {
            Some(left) => session.solve_outcome_within(&without, left / 2)?,
            None => session.solve_outcome(&without)?,
        };
        match answer {
            // Needed: the command has a (verified) instance without it.
            Outcome::Sat(_) => k += 1,
            // Not needed; keep only what this refutation used (those
            // before `k` were shown needed and stay).
            Outcome::Unsat => {
                let needed: Vec<usize> = core[..k].to_vec();
                core = without
                    .into_iter()
                    .filter(|i| needed.contains(i) || session.failed(*i))
                    .collect();
            }
            Outcome::Unknown(_) => {
                minimal = false;
                if budget.remaining().is_some_and(|l| l.is_zero()) {
                    break;
                }
                k += 1;
            }
        }
    }
    drop(session);
    // Verification: a fresh translation with only the core formulas.
    let kept: Vec<Formula> = core.iter().map(|&i| formulas[i].clone()).collect();
    let n = kept.len();
    // A deadline that passed during minimisation passed before this
    // translation began: say so, rather than name the first stage that
    // happens to poll the budget (the bounds).
    if budget.remaining().is_some_and(|l| l.is_zero()) {
        return Ok(Minimised::Unknown(Unknown::BeforeCoreCheck));
    }
    let mut check = match Session::open(Cow::Borrowed(model), id, kept, opts, budget.clone())? {
        Opened::Ready(s) => s,
        Opened::Stopped(limit, stage, _) => {
            return Ok(Minimised::Unknown(
                Unknown::Stopped { limit, stage }.during(Step::VerifyingCore),
            ))
        }
    };
    calls += 1;
    match check.solve_outcome(&(0..n).collect::<Vec<_>>())? {
        Outcome::Unsat => {}
        Outcome::Sat(_) => return Err(CheckError::Internal(Internal::CoreSatisfiable)),
        Outcome::Unknown(why) => return Ok(Minimised::Unknown(why.during(Step::VerifyingCore))),
    }
    Ok(Minimised::Core {
        indices: core,
        minimal,
        solver_calls: calls,
    })
}
