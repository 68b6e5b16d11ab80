//! Kleene algebra on relational goals: the bridge between terms and the
//! decision procedure of [`super::ka`].
//!
//! A binary goal is read as a regular expression: `+`, `.` between binary
//! relations, `*`, `^`, `iden` and `none` are the Kleene-algebra operators;
//! every other maximal subterm (a name, `~r`, `r & s`, `X <: r`, ...) is a
//! letter. Valid Kleene-algebra (in)equations hold for every interpretation
//! of the letters, so this is sound whatever the letters stand for.
//!
//! Before the procedure runs, egg may rewrite each side to a form where
//! more is visible to Kleene algebra (converse pushed down to the names,
//! `~(r.s)` to `~s.~r`): [`KaCost`] extracts it from the e-graph, and the
//! rewrite proofs of `side = normalised side` become part of the
//! certificate ([`KaProof`]).
//!
//! The hypotheses (model facts, premises) of the eliminable forms
//! ([`super::ka::Hyp`]) are offered to the procedure; the ones it needs
//! are kept, in the order Coq eliminates them.

use std::collections::BTreeSet;

use egg::{CostFunction, Id, Language};

use super::ka::{self, Alphabet, Hyp, Re};
use super::lang::{Rel, Term};
use super::proof::Proof;
use super::{Hypothesis, Kind};

/// Which engine proved a goal or an assertion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub enum Engine {
    /// Equality saturation alone.
    #[serde(rename = "egg")]
    Egg,
    /// The Kleene-algebra procedure on the goal as stated.
    #[serde(rename = "ka")]
    Ka,
    /// Egg's rewriting, then the Kleene-algebra procedure.
    #[serde(rename = "egg+ka")]
    EggKa,
}

impl Engine {
    /// The engine's name: `egg`, `ka` or `egg+ka` (as serialised).
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Egg => "egg",
            Engine::Ka => "ka",
            Engine::EggKa => "egg+ka",
        }
    }

    /// The engine of several goals together.
    pub fn combine(a: Engine, b: Engine) -> Engine {
        if a == b {
            a
        } else {
            Engine::EggKa
        }
    }
}

/// How a hypothesis is eliminated (and how Coq uses it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HypUse {
    /// `p in x`, `x` a letter: `x` is rewritten to `x + p`.
    InLetter,
    /// `x.x in x`, `x` a letter: `x` is rewritten to `^x`.
    Trans,
    /// `a.x in x`: `x` is rewritten to `*a.x`.
    StarL,
    /// `x.a in x`: `x` is rewritten to `x.*a`.
    StarR,
    /// `x = p`, `x` a letter: `x` is rewritten to `p`.
    EqLeft,
    /// `p = x`, `x` a letter: `x` is rewritten to `p`.
    EqRight,
    /// `no p` or `p in none`: eliminated by `hkat`.
    Zero,
}

/// A proof of a goal by Kleene algebra (after rewriting each side).
#[derive(Clone, Debug)]
pub struct KaProof {
    /// [`Engine::Ka`] (the goal as stated) or [`Engine::EggKa`] (after
    /// egg's normalisation).
    pub engine: Engine,
    /// The goal's sides rewritten (equal to the goal's when `engine` is
    /// [`Engine::Ka`]).
    pub lhs: Term,
    /// The right side rewritten.
    pub rhs: Term,
    /// `goal.lhs = lhs` and `goal.rhs = rhs`, replayed rewrite proofs.
    pub lhs_proof: Proof,
    /// The replayed rewrite proof of `goal.rhs = rhs`.
    pub rhs_proof: Proof,
    /// The letters the certificate is stated over, in order.
    pub letters: Vec<Term>,
    /// The hypotheses used, in elimination order.
    pub hyps: Vec<(Hypothesis, HypUse)>,
}

impl KaProof {
    /// The Kleene-algebra (in)equation that was decided, over letters
    /// `x1 ...` (for comments and messages).
    pub fn certificate(
        &self,
        kind: Kind,
        arities: &std::collections::BTreeMap<egg::Symbol, usize>,
    ) -> String {
        let mut lt = Letters {
            arities,
            alpha: Alphabet::default(),
        };
        for t in &self.letters {
            lt.alpha.letter(t);
        }
        let l = lt.re(&self.lhs);
        let r = lt.re(&self.rhs);
        let rel = match kind {
            Kind::Eq => format!("{l} = {r}"),
            Kind::In => format!("{l} <= {r}"),
            Kind::No => format!("{l} <= 0"),
        };
        let mut hyps = vec![];
        for (h, _) in &self.hyps {
            let hl = lt.re(&h.lhs);
            let hr = lt.re(&h.rhs);
            hyps.push(match h.kind {
                Kind::Eq => format!("{hl} = {hr}"),
                Kind::In => format!("{hl} <= {hr}"),
                Kind::No => format!("{hl} <= 0"),
            });
        }
        let letters: Vec<String> = self
            .letters
            .iter()
            .enumerate()
            .map(|(i, t)| format!("x{} := {}", i + 1, t))
            .collect();
        let mut out = format!("KA: {rel}");
        if !hyps.is_empty() {
            out.push_str(&format!(" assuming {}", hyps.join(", ")));
        }
        if !letters.is_empty() {
            out.push_str(&format!(" where {}", letters.join(", ")));
        }
        out
    }

    /// Total rewrite steps of the normalisation.
    pub fn steps(&self) -> usize {
        self.lhs_proof.steps.len() + self.rhs_proof.steps.len()
    }
}

/// Reads binary terms as regular expressions with the arities of the
/// model's names (a join is a Kleene-algebra product only between binary
/// relations).
pub struct Letters<'a> {
    /// The arity of every named relation.
    pub arities: &'a std::collections::BTreeMap<egg::Symbol, usize>,
    /// The letters seen so far: the terms they stand for.
    pub alpha: Alphabet<Term>,
}

impl Letters<'_> {
    /// Whether the root of `t` is a Kleene-algebra operator (else `t` is a
    /// letter).
    fn is_op(&self, t: &Term) -> bool {
        match &t.node {
            Rel::Union(_) | Rel::Closure(_) | Rel::RClosure(_) | Rel::Iden => true,
            Rel::Join(_) => t.children.iter().all(|c| c.arity(self.arities) == Some(2)),
            Rel::None(_) => t.children[0].node == Rel::Num(2),
            _ => false,
        }
    }

    /// `t` with every letter `letters[i]` replaced by the name `vars[i]`.
    pub fn abstracted(&self, t: &Term, letters: &[Term], vars: &[egg::Symbol]) -> Term {
        if self.is_op(t) {
            let children = t
                .children
                .iter()
                .map(|c| {
                    if matches!(c.node, Rel::Num(_)) {
                        c.clone()
                    } else {
                        self.abstracted(c, letters, vars)
                    }
                })
                .collect();
            return Term::new(t.node.clone(), children);
        }
        match letters.iter().position(|l| l == t) {
            Some(i) => Term::leaf(Rel::Name(vars[i])),
            None => t.clone(),
        }
    }

    /// `t` as a regular expression, every maximal non-Kleene-algebra
    /// subterm a letter (numbered on first sight).
    pub fn re(&mut self, t: &Term) -> Re {
        match &t.node {
            Rel::Union(_) => {
                let (a, b) = (self.re(&t.children[0]), self.re(&t.children[1]));
                Re::plus(a, b)
            }
            Rel::Join(_) if t.children.iter().all(|c| c.arity(self.arities) == Some(2)) => {
                let (a, b) = (self.re(&t.children[0]), self.re(&t.children[1]));
                Re::dot(a, b)
            }
            Rel::Closure(_) => Re::iter(self.re(&t.children[0])),
            Rel::RClosure(_) => Re::star(self.re(&t.children[0])),
            Rel::Iden => Re::One,
            Rel::None(_) if t.children[0].node == Rel::Num(2) => Re::Zero,
            _ => Re::Atom(self.alpha.letter(t)),
        }
    }

    /// The eliminable form of a binary hypothesis, if it has one.
    pub fn hyp(&mut self, h: &Hypothesis) -> Option<(Hyp, HypUse)> {
        if h.lhs.arity(self.arities) != Some(2) {
            return None;
        }
        let l = self.re(&h.lhs);
        let r = self.re(&h.rhs);
        match h.kind {
            Kind::No => Some((Hyp::Zero(l), HypUse::Zero)),
            Kind::In if r == Re::Zero => Some((Hyp::Zero(l), HypUse::Zero)),
            Kind::In => match r {
                Re::Atom(x) if l == Re::dot(Re::Atom(x), Re::Atom(x)) => {
                    Some((Hyp::Trans(x), HypUse::Trans))
                }
                Re::Atom(x) => match &l {
                    Re::Dot(a, b) if **b == Re::Atom(x) => Some((
                        Hyp::StarL {
                            a: (**a).clone(),
                            x,
                        },
                        HypUse::StarL,
                    )),
                    Re::Dot(b, a) if **b == Re::Atom(x) => Some((
                        Hyp::StarR {
                            x,
                            a: (**a).clone(),
                        },
                        HypUse::StarR,
                    )),
                    _ => Some((Hyp::LeqLetter { p: l, x }, HypUse::InLetter)),
                },
                _ => None,
            },
            Kind::Eq => match (&l, &r) {
                (Re::Atom(x), _) => Some((Hyp::EqLetter { x: *x, p: r }, HypUse::EqLeft)),
                (_, Re::Atom(x)) => Some((Hyp::EqLetter { x: *x, p: l }, HypUse::EqRight)),
                _ => None,
            },
        }
    }
}

/// The hypotheses that can matter for a goal over `goal_letters`: those
/// substituting a letter that occurs (in the goal or in an earlier
/// substitution), then the `Zero` ones over occurring letters.
pub fn relevant(goal_letters: &BTreeSet<u32>, cands: &[(Hyp, usize)]) -> Vec<usize> {
    let mut live = goal_letters.clone();
    let mut out = vec![];
    let mut changed = true;
    let mut taken = vec![false; cands.len()];
    while changed {
        changed = false;
        for (i, (h, _)) in cands.iter().enumerate() {
            if taken[i] {
                continue;
            }
            let (x, p) = match h {
                Hyp::LeqLetter { p, x }
                | Hyp::EqLetter { x, p }
                | Hyp::StarL { a: p, x }
                | Hyp::StarR { x, a: p } => (*x, Some(p)),
                Hyp::Trans(x) => (*x, None),
                Hyp::Zero(_) => continue,
            };
            if live.contains(&x) {
                taken[i] = true;
                changed = true;
                if let Some(p) = p {
                    p.letters(&mut live);
                }
                out.push(i);
            }
        }
    }
    for (i, (h, _)) in cands.iter().enumerate() {
        if let Hyp::Zero(p) = h {
            let mut ls = BTreeSet::new();
            p.letters(&mut ls);
            if ls.is_subset(&live) {
                out.push(i);
            }
        }
    }
    out
}

/// The hypotheses used (index, form), in elimination order, and the
/// letters.
pub type Decision = (Vec<(usize, HypUse)>, Vec<Term>);

/// Decides a binary goal `lhs R rhs` by Kleene algebra under the
/// hypotheses `hyps`; on success, the hypotheses used (indices into `hyps`,
/// in elimination order), and the letters.
pub fn decide(
    arities: &std::collections::BTreeMap<egg::Symbol, usize>,
    kind: Kind,
    lhs: &Term,
    rhs: &Term,
    hyps: &[Hypothesis],
    deadline: std::time::Instant,
) -> Option<Decision> {
    let mut lt = Letters {
        arities,
        alpha: Alphabet::default(),
    };
    let l = lt.re(lhs);
    let r = match kind {
        Kind::No => Re::Zero,
        _ => lt.re(rhs),
    };
    let rel = match kind {
        Kind::Eq => ka::Rel::Eq,
        _ => ka::Rel::Leq,
    };
    let mut goal_letters = BTreeSet::new();
    l.letters(&mut goal_letters);
    r.letters(&mut goal_letters);
    let mut cands = vec![];
    for (i, h) in hyps.iter().enumerate() {
        if let Some((kh, u)) = lt.hyp(h) {
            cands.push(((kh, i), u));
        }
    }
    // Transitivity first: `x.x in x` then `p in x` is `x := ^(x + p)`,
    // the other way round `^x + p`, which is not transitive.
    // Likewise the other star-induction forms.
    cands.sort_by_key(|((h, _), _)| {
        !matches!(h, Hyp::Trans(_) | Hyp::StarL { .. } | Hyp::StarR { .. })
    });
    let flat: Vec<(Hyp, usize)> = cands.iter().map(|(c, _)| c.clone()).collect();
    let order = relevant(&goal_letters, &flat);
    let offered: Vec<Hyp> = order.iter().map(|&k| flat[k].0.clone()).collect();
    let keep = ka::needed(rel, &l, &r, &offered, Some(deadline))?;
    let used: Vec<(usize, HypUse)> = keep
        .iter()
        .map(|&j| (flat[order[j]].1, cands[order[j]].1))
        .collect();
    // The letters of the goal and of the hypotheses used, in order.
    let mut letters = BTreeSet::new();
    l.letters(&mut letters);
    r.letters(&mut letters);
    for &j in &keep {
        match &offered[j] {
            Hyp::LeqLetter { p, x }
            | Hyp::EqLetter { x, p }
            | Hyp::StarL { a: p, x }
            | Hyp::StarR { x, a: p } => {
                letters.insert(*x);
                p.letters(&mut letters);
            }
            Hyp::Trans(x) => {
                letters.insert(*x);
            }
            Hyp::Zero(p) => p.letters(&mut letters),
        }
    }
    let terms = letters
        .iter()
        .map(|&i| lt.alpha.keys[i as usize].clone())
        .collect();
    Some((used, terms))
}

/// Extraction cost that favours Kleene-algebra structure: converse costs
/// four times its argument, so `~s.~r` beats `~(r.s)` and `^~r` beats
/// `~^r` (converse moves down to the names).
pub struct KaCost;

impl CostFunction<Rel> for KaCost {
    type Cost = usize;
    fn cost<C>(&mut self, enode: &Rel, mut costs: C) -> usize
    where
        C: FnMut(Id) -> usize,
    {
        match enode {
            Rel::Transpose(c) => costs(*c).saturating_mul(4).saturating_add(1),
            _ => enode
                .children()
                .iter()
                .fold(1usize, |acc, &c| acc.saturating_add(costs(c))),
        }
    }
}
