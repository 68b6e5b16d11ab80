//! `litmus --explain`: which of the model's axioms forbid a test's outcome.
//!
//! The consistency predicate a model binding names (`ptx_consistent`,
//! `ptx75_consistent`, NVIDIA's `ptx_mm`) is a conjunction of axioms.
//! For each path combination of the test, its lowered execution, built
//! into the IR over the model resolved once for the test
//! ([`super::to_ir`]), asks for
//! the outcome with that predicate taken out of the command and each of
//! its conjuncts given back as a retractable formula instead; an unsat
//! core over those formulas ([`relprove_engine::check::cores::minimal_core`]: failed
//! assumptions, deletion-based minimisation, a fresh translation that
//! re-checks the core) is a set of axioms that already rule the outcome
//! out. Everything else of the module (the model's facts, the test's
//! program, path conditions and outcome) stays in force.
//!
//! The answer is the union over the path combinations; it is minimal
//! when the test has one combination and minimisation finished (with
//! several, each combination's core is minimal, their union need not be).

use super::ast::Test;
use super::error::LitmusError;
use super::lower::{self, Limits};
use super::run::{combinations, units as units_of, ModelRef};
use super::to_ir::{self, BaseModel};
use relprove_engine::budget::Budget;
use relprove_engine::check::cores::{minimal_core, Minimised};
use relprove_engine::check::{CheckError, CheckOptions};
use relprove_engine::diag::{Diagnostic, SourceMap, Span};
use relprove_engine::ir::{CommandId, CommandTarget, Formula, FormulaKind, Model, PredId};
use relprove_engine::resolve::LoadOptions;

/// One axiom of a forbidding set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Axiom {
    /// Where it is defined (`file:line:col`).
    pub location: String,
    /// The predicate's name (`ptx_causality`), or the conjunct's text
    /// when it is not a call of a predicate.
    pub name: String,
    /// Its first source line.
    pub text: String,
}

/// Why an outcome is never reached.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Explanation {
    /// The axioms, in the order the consistency predicate lists them.
    pub axioms: Vec<Axiom>,
    /// Path combinations explained (those on which a barrier hangs have
    /// no final state and need no axiom).
    pub combinations: usize,
    /// Without any one of them the outcome becomes reachable (in the one
    /// path combination of the test).
    pub minimal: bool,
    /// The solver calls the minimisation made.
    pub solver_calls: usize,
    /// Every core was re-solved on its own by a fresh translation.
    pub verified: bool,
}

/// The answer of [`explain`].
#[derive(Clone, Debug)]
pub enum Explained {
    /// The outcome is forbidden, by the axioms given.
    Forbidden(Explanation),
    /// The outcome is reached: nothing forbids it.
    Reachable,
    /// A time or memory limit stopped the search; why.
    Unknown(relprove_engine::check::Unknown),
}

fn failed(test: &Test, e: LitmusError) -> Diagnostic {
    e.at(test.name_span, "explaining the outcome failed")
}

/// The axioms of `model` (one per conjunct of the consistency predicate
/// `consistent`) that forbid the outcome where the test's condition holds
/// (`holds`, herd's `Never`) or fails (`!holds`, `Always`).
pub fn explain(
    test: &Test,
    model: &ModelRef,
    check: &CheckOptions,
    limits: Limits,
    holds: bool,
) -> Result<Explained, Diagnostic> {
    let paths = lower::paths(test, limits)?;
    let dom = lower::value_domain(test, &paths)?;
    // The model, resolved once for the test; each combination is built into
    // a copy of it (`to_ir`), its command asking for the outcome.
    let base = BaseModel::load(&model.path, &model.open_name, &LoadOptions::default())
        .map_err(|e| failed(test, e))?;
    let sources = base.sources.clone();
    let budget = Budget::new(check.timeout, check.max_memory);
    let mut axioms: Vec<(usize, Axiom)> = Vec::new();
    let mut minimal = true;
    let mut units = 0;
    let mut calls = 0;
    let combos = combinations(&paths);
    // (a combination on which a barrier hangs has no final state to forbid)
    for (_, _, combo, edges) in units_of(test, &combos).0 {
        units += 1;
        let mut low =
            lower::build_execution(test, model.binding, &model.open_name, combo, &edges, &dom)?;
        let outcome = low.condition(&test.cond.prop, holds);
        low.base.push(outcome);
        let m = to_ir::build(&base, &low, &[])
            .map_err(|e| failed(test, LitmusError::Lowering(e)))?
            .model;
        let (stripped, id, parts) =
            split(&m, model.binding.consistent).map_err(|w| failed(test, w))?;
        let formulas: Vec<Formula> = parts.iter().map(|p| p.0.clone()).collect();
        let res = minimal_core(&stripped, id, formulas, check, &budget).map_err(|e| {
            failed(
                test,
                match e {
                    CheckError::Input(d) => LitmusError::generated(&sources, vec![d]),
                    CheckError::Internal(w) => LitmusError::Internal(w.to_string()),
                },
            )
        })?;
        match res {
            Minimised::Satisfiable => return Ok(Explained::Reachable),
            Minimised::Unknown(why) => return Ok(Explained::Unknown(why)),
            Minimised::Core {
                indices,
                minimal: min,
                solver_calls,
            } => {
                calls += solver_calls;
                minimal &= min;
                for i in indices {
                    let axiom = describe(&m, &sources, &parts[i]);
                    if !axioms.iter().any(|(_, a)| a.name == axiom.name) {
                        axioms.push((i, axiom));
                    }
                }
            }
        }
    }
    axioms.sort_by_key(|(i, _)| *i);
    Ok(Explained::Forbidden(Explanation {
        axioms: axioms.into_iter().map(|(_, a)| a).collect(),
        minimal: minimal && units == 1,
        verified: true,
        combinations: units,
        solver_calls: calls,
    }))
}

/// A conjunct of the consistency predicate, with the predicate it calls.
type Part = (Formula, Option<PredId>);

/// The module `m` with the consistency predicate `consistent` taken out
/// of its litmus command, the command's id, and the predicate's conjuncts.
fn split(m: &Model, consistent: &str) -> Result<(Model, CommandId, Vec<Part>), LitmusError> {
    let short = |n: &str| n.rsplit('/').next().unwrap_or(n).to_string();
    let pid = (0..m.preds.len())
        .rev()
        .find(|&i| short(&m.preds[i].name) == consistent)
        .map(|i| PredId(i as u32))
        .ok_or_else(|| LitmusError::NoConsistency(consistent.to_string()))?;
    let idx = m
        .commands
        .iter()
        .rposition(|c| c.name == lower::RUN_NAME)
        .ok_or(LitmusError::NoRunCommand(lower::RUN_NAME))?;
    let mut stripped = m.clone();
    let cmd = &mut stripped.commands[idx];
    let CommandTarget::Inline(body) = &cmd.target else {
        return Err(LitmusError::NotInline);
    };
    let mut removed = 0;
    let body = without_call(body, pid, &mut removed);
    if removed == 0 {
        return Err(LitmusError::NotAsked(consistent.to_string()));
    }
    cmd.target = CommandTarget::Inline(body);
    let mut parts = Vec::new();
    conjuncts(&m.pred(pid).body, &mut parts);
    let parts = parts
        .into_iter()
        .map(|f| {
            let called = match &f.kind {
                FormulaKind::Call(p, args) if args.is_empty() => Some(*p),
                _ => None,
            };
            (f, called)
        })
        .collect();
    Ok((stripped, CommandId(idx as u32), parts))
}

/// `f` with every call of `pid` among its top-level conjuncts replaced by
/// `true`.
fn without_call(f: &Formula, pid: PredId, removed: &mut usize) -> Formula {
    match &f.kind {
        FormulaKind::Call(p, args) if *p == pid && args.is_empty() => {
            *removed += 1;
            Formula {
                kind: FormulaKind::True,
                span: f.span,
            }
        }
        FormulaKind::And(gs) => Formula {
            kind: FormulaKind::And(gs.iter().map(|g| without_call(g, pid, removed)).collect()),
            span: f.span,
        },
        _ => f.clone(),
    }
}

fn conjuncts(f: &Formula, out: &mut Vec<Formula>) {
    match &f.kind {
        FormulaKind::And(gs) => gs.iter().for_each(|g| conjuncts(g, out)),
        FormulaKind::True => {}
        _ => out.push(f.clone()),
    }
}

fn describe(m: &Model, sources: &SourceMap, part: &Part) -> Axiom {
    // (a predicate by its name where it is defined, and its body's text)
    let (name, span, body): (String, Span, Span) = match part.1 {
        Some(p) => {
            let pred = m.pred(p);
            let n = &pred.name;
            let short = n.rsplit('/').next().unwrap_or(n).to_string();
            (short, pred.span, pred.body.span)
        }
        None => (
            sources.snippet(part.0.span).trim().to_string(),
            part.0.span,
            part.0.span,
        ),
    };
    let text = if body.is_dummy() {
        String::new()
    } else {
        sources
            .snippet(body)
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("")
            .to_string()
    };
    Axiom {
        name,
        location: sources.location(span),
        text,
    }
}
