//! Proof steps: egg's flattened explanation of an equivalence turned into
//! a list of named rewrites, and an independent replay check.
//!
//! A [`Step`] says: the subterm of `before` at `path` was rewritten with the
//! rule `rule` (a lemma of theories/ or a hypothesis), left to right
//! ([`Dir::Forward`]: the subterm matches the lemma's left side) or right to
//! left ([`Dir::Backward`]), giving `after`. Printers ([`super::coq`], the
//! human-readable chain) and the checker ([`replay`]) read only this type.

use std::collections::{BTreeMap, BTreeSet};

use egg::{FlatTerm, Language, Symbol};

use super::error::{MatchError, ProofError, StepFault};
use super::lang::{Rel, Term};
pub use super::rules::Dir;
use super::rules::{instantiate, match_pattern, parse_rewrite_name, Rule, RuleSet};

/// One rewrite step of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The lemma (or hypothesis rule) applied, by name.
    pub rule: String,
    /// Whether it is applied left to right or right to left.
    pub dir: Dir,
    /// Position of the rewritten subterm (child indices from the root).
    pub path: Vec<usize>,
    /// The whole term before the step.
    pub before: Term,
    /// The whole term after the step.
    pub after: Term,
}

/// A proof that `lhs = rhs`: `steps[0].before == lhs`, each step's `after` is
/// the next step's `before`, the last `after == rhs` (no steps when equal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The term the proof starts from.
    pub lhs: Term,
    /// The term the proof ends at.
    pub rhs: Term,
    /// The rewrite steps, in order.
    pub steps: Vec<Step>,
}

fn strip(ft: &FlatTerm<Rel>) -> Term {
    Term::new(ft.node.clone(), ft.children.iter().map(strip).collect())
}

/// The (unique) annotated position of a flat term: path, rule, whether the
/// annotation is a backward one.
fn annotated(ft: &FlatTerm<Rel>, path: &mut Vec<usize>) -> Option<(Symbol, bool)> {
    if let Some(r) = ft.forward_rule {
        return Some((r, false));
    }
    if let Some(r) = ft.backward_rule {
        return Some((r, true));
    }
    for (i, c) in ft.children.iter().enumerate() {
        path.push(i);
        if let Some(x) = annotated(c, path) {
            return Some(x);
        }
        path.pop();
    }
    None
}

/// Turns a flattened explanation into proof steps.
pub fn from_flat(flat: &[FlatTerm<Rel>], rules: &RuleSet) -> Result<Proof, ProofError> {
    let first = flat.first().ok_or(ProofError::EmptyExplanation)?;
    let terms: Vec<Term> = flat.iter().map(strip).collect();
    let mut steps = vec![];
    for i in 1..flat.len() {
        let mut path = vec![];
        let (sym, egg_backward) =
            annotated(&flat[i], &mut path).ok_or(ProofError::NoRuleNamed { step: i })?;
        let (name, reversed) = parse_rewrite_name(sym.as_str());
        let dir = if egg_backward != reversed {
            Dir::Backward
        } else {
            Dir::Forward
        };
        let lemma = rules
            .get(name)
            .ok_or_else(|| ProofError::UnknownRule(name.to_string()))?
            .lemma
            .clone();
        steps.push(Step {
            rule: lemma,
            dir,
            path,
            before: terms[i - 1].clone(),
            after: terms[i].clone(),
        });
    }
    Ok(Proof {
        lhs: strip(first),
        rhs: terms.last().cloned().unwrap_or_else(|| strip(first)),
        steps,
    })
}

/// Checks that every step is an instance of its rule (guards and derived
/// arities included), that the terms outside the rewritten position agree,
/// and that the steps chain from `lhs` to `rhs`. Independent of egg's
/// e-graph: only the rule patterns and the arities of the named relations.
pub fn replay(
    proof: &Proof,
    rules: &RuleSet,
    names: &BTreeMap<Symbol, usize>,
) -> Result<(), ProofError> {
    let mut cur = &proof.lhs;
    for (i, s) in proof.steps.iter().enumerate() {
        let ctx = |fault: StepFault| ProofError::Step {
            step: i + 1,
            rule: s.rule.clone(),
            dir: s.dir,
            fault,
        };
        if &s.before != cur {
            return Err(ctx(StepFault::NotFromPrevious));
        }
        if !same_outside(&s.before, &s.after, &s.path) {
            return Err(ctx(StepFault::ChangesOutside));
        }
        let (from, to) = match s.dir {
            Dir::Forward => (s.before.at(&s.path), s.after.at(&s.path)),
            Dir::Backward => (s.after.at(&s.path), s.before.at(&s.path)),
        };
        let mut why = MatchError::NoRule {
            lemma: s.rule.clone(),
        };
        let ok = rules
            .of_lemma(&s.rule)
            .any(|rule| match instance_of(rule, from, to, names) {
                Ok(()) => true,
                Err(e) => {
                    why = e;
                    false
                }
            });
        if !ok {
            return Err(ctx(StepFault::NotAnInstance(why)));
        }
        if from.arity(names).is_none() || to.arity(names) != from.arity(names) {
            return Err(ctx(StepFault::ArityChanging));
        }
        cur = &s.after;
    }
    if cur != &proof.rhs {
        return Err(ProofError::WrongEnd);
    }
    Ok(())
}

/// `from = to` is an instance of `rule` (left to right), guards included.
pub fn instance_of(
    rule: &Rule,
    from: &Term,
    to: &Term,
    names: &BTreeMap<Symbol, usize>,
) -> Result<(), MatchError> {
    let mut subst = BTreeMap::new();
    if !match_pattern(&rule.lhs.ast, from, &mut subst) {
        return Err(MatchError::NotInstance {
            from: from.to_string(),
            rule: rule.name.to_string(),
        });
    }
    for (v, a) in &rule.guards {
        if subst.get(v).and_then(|t| t.arity(names)) != Some(*a) {
            return Err(MatchError::Guard {
                var: v.to_string(),
                arity: *a,
                rule: rule.name.to_string(),
            });
        }
    }
    let expected = instantiate(&rule.rhs.ast, &subst).ok_or(MatchError::UnboundRight)?;
    if &expected != to {
        return Err(MatchError::RightSide {
            rule: rule.name.to_string(),
            expected: expected.to_string(),
            to: to.to_string(),
        });
    }
    Ok(())
}

fn same_outside(a: &Term, b: &Term, path: &[usize]) -> bool {
    match path.split_first() {
        None => true,
        Some((&i, rest)) => {
            a.node.matches(&b.node)
                && a.children.len() == b.children.len()
                && i < a.children.len()
                && a.children
                    .iter()
                    .zip(&b.children)
                    .enumerate()
                    .all(|(j, (x, y))| {
                        if j == i {
                            same_outside(x, y, rest)
                        } else {
                            x == y
                        }
                    })
        }
    }
}

/// The rule names a proof uses, sorted.
pub fn rules_used(proof: &Proof) -> BTreeSet<String> {
    proof.steps.iter().map(|s| s.rule.clone()).collect()
}
