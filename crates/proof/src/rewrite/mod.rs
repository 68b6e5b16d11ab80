//! Certified rewriting: relational equalities and inclusions proved by
//! equality saturation (the `egg` crate), with a proof that Coq re-checks.
//!
//! * [`lang`]: the egg language of relational expressions and the arity
//!   analysis.
//! * [`rules`]: the rewrite rules; every rule is a lemma of `theories/` with
//!   the same name, arity-guarded where the lemma is.
//! * [`proof`]: the one proof-step type, built from egg's flattened
//!   explanations, and an independent replay check.
//! * [`ka`]: a decision procedure for Kleene algebra (with hypotheses of
//!   the eliminable forms), and [`kleene`], which reads binary goals as
//!   regular expressions, after egg has normalised what Kleene algebra
//!   does not cover. Goals egg alone does not prove go there; their Coq
//!   proofs end with RelationAlgebra's `ka`/`hkat` (theories/RA.v).
//!
//! The proofs are prover-neutral ([`AssertResult`], [`prove_checks`]):
//! this module imports nothing from `export`. The Coq and Lean printers of
//! these proofs live beside the definition printers, in
//! `export::coq::proofs` and `export::lean::proofs`.
//!
//! The goals are an assertion's conjuncts of the form `e1 = e2` and
//! `e1 in e2` (proved as `e1 + e2 = e2`) between closed relational
//! expressions (sigs, fields, parameterless funs, which are unfolded). The
//! model's facts of the same form are hypotheses (rules `a + b => b` and
//! `a & b => a` for `a in b`; `a => b` for `a = b`).

pub mod error;
pub mod ka;
pub mod kleene;
pub mod lang;
pub mod proof;
pub mod rules;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use egg::{Extractor, Id, RecExpr, Runner, StopReason, Symbol};

use relprove_engine::ir::{Expr, ExprKind, FactOrigin, Formula, FormulaKind, Model, Mult, VarId};

/// Terms for the variables of inlined funs and preds.
type Env = BTreeMap<VarId, Term>;
pub use error::{ProofError, RewriteError};
pub use kleene::{Engine, KaProof};
use lang::{Rel, RelAnalysis, Term};
use proof::Proof;
pub use rules::Hypothesis;
use rules::RuleSet;

/// Search limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most e-nodes egg's e-graph may grow to.
    pub node_limit: usize,
    /// The longest one search may run (also the Kleene-algebra procedure's
    /// deadline).
    pub time_limit: Duration,
    /// The most rewrite iterations of one search.
    pub iter_limit: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            node_limit: 10_000,
            time_limit: Duration::from_secs(2),
            iter_limit: 60,
        }
    }
}

/// Search limits for `relprove export --prove`: small, so that exporting
/// stays fast.
pub fn export_limits() -> Limits {
    Limits {
        node_limit: 5_000,
        time_limit: Duration::from_millis(500),
        iter_limit: 30,
    }
}

/// The rewriter's attempt at a model's `check` commands, independent of any
/// proof assistant (the printers in export/ turn it into Coq or Lean).
pub struct CheckProofs<'m> {
    /// The prover the results came from (its arities and hypotheses are
    /// needed to print them).
    pub prover: Prover<'m>,
    /// One result per checked assertion (or inline check), in the order of
    /// the first command checking it.
    pub results: Vec<AssertResult>,
    /// Per index of a `check` command: the name of its result.
    pub of_command: BTreeMap<usize, String>,
}

/// Try to prove every `check` of `model` that expects no counterexample
/// (its assertion or inline formula), each assertion once.
pub fn prove_checks(model: &Model, limits: Limits) -> CheckProofs<'_> {
    use relprove_engine::ir::{CommandKind, CommandTarget};
    let prover = Prover::new(model, limits);
    let mut results: Vec<AssertResult> = vec![];
    let mut of_command = BTreeMap::new();
    for (k, c) in model.commands.iter().enumerate() {
        if c.kind != CommandKind::Check || c.expect == Some(1) {
            continue;
        }
        let (name, body) = match &c.target {
            CommandTarget::Assert(a) => (
                model.asserts[a.index()].name.clone(),
                &model.asserts[a.index()].body,
            ),
            CommandTarget::Inline(f) => (c.name.clone(), f),
            CommandTarget::Pred(_) => continue,
        };
        if !results.iter().any(|r| r.name == name) {
            results.push(prover.prove_assert(&name, body));
        }
        of_command.insert(k, name);
    }
    CheckProofs {
        prover,
        results,
        of_command,
    }
}

/// The form of a goal or hypothesis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `lhs = rhs`.
    Eq,
    /// `lhs in rhs` (proved as `lhs + rhs = rhs`).
    In,
    /// `no lhs` (`rhs` is `none`; proved as `lhs = none`).
    No,
}

/// A goal between two relations of arity `arity`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The left-hand side.
    pub lhs: Term,
    /// The right-hand side (`none` of the arity for [`Kind::No`]).
    pub rhs: Term,
    /// Equality, inclusion or emptiness.
    pub kind: Kind,
    /// The arity of both sides.
    pub arity: usize,
}

impl Goal {
    /// The equation the rewriter proves.
    pub fn equation(&self) -> (Term, Term) {
        if self.kind == Kind::In {
            let u = Term::new(
                Rel::Union([Id::from(0usize); 2]),
                vec![self.lhs.clone(), self.rhs.clone()],
            );
            (u, self.rhs.clone())
        } else {
            (self.lhs.clone(), self.rhs.clone())
        }
    }
}

impl std::fmt::Display for Goal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            Kind::Eq => write!(f, "{} = {}", self.lhs, self.rhs),
            Kind::In => write!(f, "{} in {}", self.lhs, self.rhs),
            Kind::No => write!(f, "no {}", self.lhs),
        }
    }
}

/// The result for one goal.
#[derive(Clone, Debug)]
pub struct GoalResult {
    /// The goal tried.
    pub goal: Goal,
    /// A replayed proof of [`Goal::equation`], or `None`.
    pub proof: Option<Proof>,
    /// Why the search stopped (`proved`, `saturated`, `node limit 10000`, ...).
    pub stop: String,
    /// The e-nodes egg's e-graph had when the search stopped (0 when the
    /// two sides are the same term).
    pub nodes: usize,
    /// Hypotheses of this goal only (from the antecedent of an implication).
    pub local: Vec<Hypothesis>,
    /// The rules the goal was proved with (the lemmas, the model's and the
    /// local hypotheses).
    pub rules: RuleSet,
    /// A proof by Kleene algebra, when egg alone found none.
    pub ka: Option<KaProof>,
}

impl GoalResult {
    /// Whether the goal was proved, by egg or by Kleene algebra.
    pub fn proved(&self) -> bool {
        self.proof.is_some() || self.ka.is_some()
    }

    /// The engine that proved the goal.
    pub fn engine(&self) -> Option<Engine> {
        match (&self.proof, &self.ka) {
            (Some(_), _) => Some(Engine::Egg),
            (None, Some(k)) => Some(k.engine),
            (None, None) => None,
        }
    }
}

/// The result for one assertion.
#[derive(Clone, Debug)]
pub struct AssertResult {
    /// The assertion's name (or the check's, for an inline check).
    pub name: String,
    /// Every conjunct proved.
    pub proved: bool,
    /// One result per conjunct (empty when `unsupported` is set).
    pub goals: Vec<GoalResult>,
    /// Set when the assertion is outside the rewriter's fragment: the first
    /// construct it does not cover.
    pub unsupported: Option<RewriteError>,
    /// Some conjunct is an implication (its goals have local hypotheses).
    pub implication: bool,
    /// Time spent on the assertion, in milliseconds.
    pub time_ms: u128,
}

impl AssertResult {
    /// Rewrite steps of all the goals' proofs (egg's, and the
    /// normalisation steps of Kleene-algebra proofs).
    pub fn steps(&self) -> usize {
        self.goals
            .iter()
            .map(|g| {
                g.proof.as_ref().map_or(0, |p| p.steps.len())
                    + g.ka.as_ref().map_or(0, |k| k.steps())
            })
            .sum()
    }

    /// The engine that proved the assertion (`None` when not proved).
    pub fn engine(&self) -> Option<Engine> {
        if !self.proved {
            return None;
        }
        self.goals
            .iter()
            .filter_map(|g| g.engine())
            .reduce(Engine::combine)
    }

    /// Whether some goal needs Kleene algebra (its Lean proof is a skeleton).
    pub fn uses_ka(&self) -> bool {
        self.goals
            .iter()
            .any(|g| g.proof.is_none() && g.ka.is_some())
    }
}

/// A model prepared for rewriting: names and arities of the relations,
/// hypotheses from the facts, the rule set.
pub struct Prover<'m> {
    /// The model the goals come from.
    pub model: &'m Model,
    /// Symbol of every sig and field.
    pub sig_names: Vec<Symbol>,
    /// Symbol of every field (qualified by its sig when two relations would
    /// share a name).
    pub field_names: Vec<Symbol>,
    /// Arity of every named relation.
    pub arities: BTreeMap<Symbol, usize>,
    /// The hypotheses from the model's `fact` paragraphs (the conjuncts in
    /// the rewriter's fragment).
    pub hypotheses: Vec<Hypothesis>,
    /// The lemmas plus the rules of `hypotheses`.
    pub rules: RuleSet,
    /// The search limits of every goal.
    pub limits: Limits,
}

fn ident(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '\'' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !out.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        out.insert_str(0, "x_");
    }
    out
}

impl<'m> Prover<'m> {
    /// Prepares `model`: names and arities of its sigs and fields, and a
    /// hypothesis per conjunct of its `fact` paragraphs that is in the
    /// fragment.
    pub fn new(model: &'m Model, limits: Limits) -> Prover<'m> {
        // Names: the sig's label / the field's name, qualified by its sig
        // when two relations would share a name.
        let mut count: BTreeMap<String, usize> = BTreeMap::new();
        let sig_base: Vec<String> = model.sigs.iter().map(|s| ident(&s.label)).collect();
        let field_base: Vec<String> = model.fields.iter().map(|f| ident(&f.name)).collect();
        for n in sig_base.iter().chain(&field_base) {
            *count.entry(n.clone()).or_default() += 1;
        }
        let sig_names: Vec<Symbol> = sig_base.iter().map(|n| Symbol::from(n.as_str())).collect();
        let field_names: Vec<Symbol> = model
            .fields
            .iter()
            .zip(&field_base)
            .map(|(f, n)| {
                if count[n] > 1 {
                    Symbol::from(format!("{}_{}", sig_base[f.sig.index()], n))
                } else {
                    Symbol::from(n.as_str())
                }
            })
            .collect();
        let mut arities = BTreeMap::new();
        for s in &sig_names {
            arities.insert(*s, 1);
        }
        for (f, s) in model.fields.iter().zip(&field_names) {
            arities.insert(*s, f.arity);
        }
        let mut p = Prover {
            model,
            sig_names,
            field_names,
            arities,
            hypotheses: vec![],
            rules: RuleSet::new(&[]),
            limits,
        };
        let mut hyps = vec![];
        let mut used = std::collections::BTreeSet::new();
        for (i, fact) in model.facts.iter().enumerate() {
            if fact.origin != FactOrigin::Paragraph {
                continue;
            }
            let mut base = match &fact.name {
                Some(n) => format!("H_{}", ident(n)),
                None => format!("H_fact{i}"),
            };
            // Facts of different modules may share a name.
            if !used.insert(base.clone()) {
                base = format!("{base}_{i}");
                used.insert(base.clone());
            }
            let mut conj = vec![];
            p.conjuncts(&fact.body, &Env::new(), 0, &mut conj);
            let mut k = 0;
            for (f, env) in conj {
                if let Ok(g) = p.goal_in(f, &env) {
                    k += 1;
                    hyps.push(Hypothesis {
                        name: format!("{base}_{k}"),
                        lhs: g.lhs,
                        rhs: g.rhs,
                        kind: g.kind,
                    });
                }
            }
        }
        p.rules = RuleSet::new(&hyps);
        p.hypotheses = hyps;
        p
    }

    /// A closed relational expression as a term.
    pub fn term(&self, e: &Expr) -> Result<Term, RewriteError> {
        self.term_in(e, &Env::new(), 0)
    }

    /// An expression as a term, the variables in `env` standing for their
    /// terms (the parameters of an inlined fun or pred).
    fn term_in(&self, e: &Expr, env: &Env, depth: usize) -> Result<Term, RewriteError> {
        let z = Id::from(0usize);
        let span = e.span;
        let bin = |node: Rel, a: &Expr, b: &Expr| -> Result<Term, RewriteError> {
            Ok(Term::new(
                node,
                vec![self.term_in(a, env, depth)?, self.term_in(b, env, depth)?],
            ))
        };
        let un = |node: Rel, a: &Expr| -> Result<Term, RewriteError> {
            Ok(Term::new(node, vec![self.term_in(a, env, depth)?]))
        };
        let num = |n: usize| Term::leaf(Rel::Num(n as u32));
        Ok(match &e.kind {
            ExprKind::Sig(s) => Term::leaf(Rel::Name(self.sig_names[s.index()])),
            ExprKind::Field(f) => Term::leaf(Rel::Name(self.field_names[f.index()])),
            ExprKind::Univ => Term::new(Rel::Univ(z), vec![num(1)]),
            ExprKind::Iden => Term::leaf(Rel::Iden),
            ExprKind::None => Term::new(Rel::None(z), vec![num(e.arity)]),
            ExprKind::Union(a, b) => bin(Rel::Union([z; 2]), a, b)?,
            ExprKind::Intersection(a, b) => bin(Rel::Inter([z; 2]), a, b)?,
            ExprKind::Difference(a, b) => bin(Rel::Diff([z; 2]), a, b)?,
            ExprKind::Join(a, b) => bin(Rel::Join([z; 2]), a, b)?,
            ExprKind::Product {
                lhs,
                lmult: Mult::Set,
                rmult: Mult::Set,
                rhs,
            } => bin(Rel::Product([z; 2]), lhs, rhs)?,
            ExprKind::Product { .. } => return Err(RewriteError::ArrowMultiplicity(span)),
            ExprKind::Override(a, b) => bin(Rel::Override([z; 2]), a, b)?,
            ExprKind::DomainRestrict(a, b) => bin(Rel::DomR([z; 2]), a, b)?,
            ExprKind::RangeRestrict(a, b) => bin(Rel::RanR([z; 2]), a, b)?,
            ExprKind::Transpose(a) => un(Rel::Transpose(z), a)?,
            ExprKind::Closure(a) => un(Rel::Closure(z), a)?,
            ExprKind::ReflexiveClosure(a) => un(Rel::RClosure(z), a)?,
            ExprKind::Call(f, args) if depth < 64 => {
                let fun = self.model.fun(*f);
                if fun.params.len() != args.len() {
                    return Err(RewriteError::CallArity {
                        fun: fun.name.clone(),
                        span,
                    });
                }
                let mut inner = Env::new();
                for (p, a) in fun.params.iter().zip(args) {
                    inner.insert(p.var, self.term_in(a, env, depth)?);
                }
                self.term_in(&fun.body, &inner, depth + 1)?
            }
            ExprKind::Call(f, _) => {
                return Err(RewriteError::NestedCalls {
                    fun: self.model.fun(*f).name.clone(),
                    span,
                })
            }
            ExprKind::Var(v) => match env.get(v) {
                Some(t) => t.clone(),
                None => {
                    return Err(RewriteError::BoundVariable {
                        name: self.model.var(*v).name.clone(),
                        span,
                    })
                }
            },
            ExprKind::IntAtoms | ExprKind::SeqIdx | ExprKind::IntToAtom(_) => {
                return Err(RewriteError::Integers(span))
            }
            ExprKind::Comprehension { .. } => return Err(RewriteError::Comprehension(span)),
            ExprKind::IfThenElse(..) => return Err(RewriteError::IfThenElse(span)),
            ExprKind::Let(..) => return Err(RewriteError::Let(span)),
        })
    }

    /// A formula `e1 = e2`, `e1 in e2` or `no e` as a goal.
    pub fn goal(&self, f: &Formula) -> Result<Goal, RewriteError> {
        self.goal_in(f, &Env::new())
    }

    fn goal_in(&self, f: &Formula, env: &Env) -> Result<Goal, RewriteError> {
        let term = |e: &Expr| self.term_in(e, env, 0);
        let (lhs, rhs, kind) = match &f.kind {
            FormulaKind::Eq(a, b) => (term(a)?, term(b)?, Kind::Eq),
            FormulaKind::In(a, b) => (term(a)?, term(b)?, Kind::In),
            // `no e` is `not (some e)` in the IR.
            FormulaKind::Not(g) => match &g.kind {
                FormulaKind::Mult(Mult::Some, a) => {
                    let n = Term::leaf(Rel::Num(a.arity as u32));
                    (
                        term(a)?,
                        Term::new(Rel::None(Id::from(0usize)), vec![n]),
                        Kind::No,
                    )
                }
                _ => return Err(RewriteError::Negation(f.span)),
            },
            _ => return Err(RewriteError::Formula(f.span)),
        };
        let arity = lhs
            .arity(&self.arities)
            .ok_or(RewriteError::IllFormed(f.span))?;
        if rhs.arity(&self.arities) != Some(arity) {
            return Err(RewriteError::ArityMismatch(f.span));
        }
        Ok(Goal {
            lhs,
            rhs,
            kind,
            arity,
        })
    }

    /// The conjuncts of a formula, with pred calls inlined (each with the
    /// variables of the pred's parameters bound).
    fn conjuncts<'a>(
        &'a self,
        f: &'a Formula,
        env: &Env,
        depth: usize,
        out: &mut Vec<(&'a Formula, Env)>,
    ) {
        match &f.kind {
            FormulaKind::And(fs) => fs.iter().for_each(|g| self.conjuncts(g, env, depth, out)),
            FormulaKind::Call(p, args) if depth < 64 => {
                let pred = self.model.pred(*p);
                let mut inner = Env::new();
                for (param, a) in pred.params.iter().zip(args) {
                    match self.term_in(a, env, 0) {
                        Ok(t) => {
                            inner.insert(param.var, t);
                        }
                        Err(_) => return out.push((f, env.clone())),
                    }
                }
                self.conjuncts(&pred.body, &inner, depth + 1, out)
            }
            _ => out.push((f, env.clone())),
        }
    }

    /// Tries every conjunct of an assertion. A conjunct `A => G` proves the
    /// conjuncts of `G` with those of `A` that are equations, inclusions or
    /// `no` formulas as extra hypotheses (the others are not used).
    pub fn prove_assert(&self, name: &str, body: &Formula) -> AssertResult {
        let start = Instant::now();
        let mut conj = vec![];
        self.conjuncts(body, &Env::new(), 0, &mut conj);
        let mut goals = vec![];
        let mut implication = false;
        let mut nhyp = 0;
        let unsupported = |why: RewriteError| AssertResult {
            name: name.into(),
            proved: false,
            goals: vec![],
            unsupported: Some(why),
            implication: false,
            time_ms: start.elapsed().as_millis(),
        };
        for (f, env) in conj {
            let (local, targets) = match &f.kind {
                FormulaKind::Implies(a, g) => {
                    implication = true;
                    let mut ante = vec![];
                    self.conjuncts(a, &env, 0, &mut ante);
                    let mut local = vec![];
                    for (h, henv) in ante {
                        if let Ok(hg) = self.goal_in(h, &henv) {
                            nhyp += 1;
                            local.push(Hypothesis {
                                name: format!("HA_{nhyp}"),
                                lhs: hg.lhs,
                                rhs: hg.rhs,
                                kind: hg.kind,
                            });
                        }
                    }
                    let mut targets = vec![];
                    self.conjuncts(g, &env, 0, &mut targets);
                    (local, targets)
                }
                _ => (vec![], vec![(f, env)]),
            };
            for (g, genv) in targets {
                match self.goal_in(g, &genv) {
                    Ok(goal) => goals.push((goal, local.clone())),
                    Err(why) => return unsupported(why),
                }
            }
        }
        let results: Vec<GoalResult> = goals
            .into_iter()
            .map(|(g, local)| self.prove_goal_with(g, local))
            .collect();
        AssertResult {
            name: name.into(),
            proved: !results.is_empty() && results.iter().all(|r| r.proved()),
            goals: results,
            unsupported: None,
            implication,
            time_ms: start.elapsed().as_millis(),
        }
    }

    /// Saturates from both sides of the goal's equation; on success, the
    /// explanation becomes a replayed [`Proof`].
    pub fn prove_goal(&self, goal: Goal) -> GoalResult {
        self.prove_goal_with(goal, vec![])
    }

    /// [`Prover::prove_goal`] with extra hypotheses `local`.
    pub fn prove_goal_with(&self, goal: Goal, local: Vec<Hypothesis>) -> GoalResult {
        let (l, r) = goal.equation();
        let (le, re) = (l.to_rec_expr(), r.to_rec_expr());
        let all: Vec<Hypothesis> = self
            .hypotheses
            .iter()
            .cloned()
            .chain(local.iter().cloned())
            .collect();
        let rules = RuleSet::new(&all);
        if l == r {
            let proof = Some(Proof {
                lhs: l.clone(),
                rhs: r,
                steps: vec![],
            });
            return GoalResult {
                goal,
                proof,
                stop: "proved".into(),
                nodes: 0,
                local,
                rules,
                ka: None,
            };
        }
        // Closures are where equality saturation is weak (their laws need
        // induction) and Kleene algebra strong: egg gets a short search
        // (enough for the one-step proofs it finds, which Lean can replay
        // too), then the Kleene-algebra procedure decides.
        let closures = has_closure(&goal.lhs) || has_closure(&goal.rhs);
        let limits = if closures {
            Limits {
                node_limit: self.limits.node_limit.min(2_000),
                time_limit: self.limits.time_limit.min(Duration::from_millis(150)),
                iter_limit: self.limits.iter_limit.min(20),
            }
        } else {
            self.limits
        };
        let rewrites = rules.rewrites();
        let mut runner = Runner::new(RelAnalysis {
            names: self.arities.clone(),
        })
        .with_explanations_enabled()
        .with_node_limit(limits.node_limit)
        .with_time_limit(limits.time_limit)
        .with_iter_limit(limits.iter_limit)
        .with_expr(&le)
        .with_expr(&re)
        .with_hook(|runner| {
            if runner.egraph.find(runner.roots[0]) == runner.egraph.find(runner.roots[1]) {
                Err("proved".into())
            } else {
                Ok(())
            }
        })
        .run(&rewrites);
        let nodes = runner.egraph.total_number_of_nodes();
        let equal = runner.egraph.find(runner.roots[0]) == runner.egraph.find(runner.roots[1]);
        let stop = match &runner.stop_reason {
            _ if equal => "proved".to_string(),
            Some(StopReason::Saturated) => "saturated without a proof".into(),
            // (the configured limit: egg reports the size it reached)
            Some(StopReason::NodeLimit(_)) if closures => format!(
                "node limit {} hit (a goal with closures gets a short search before the Kleene-algebra procedure)",
                limits.node_limit
            ),
            Some(StopReason::NodeLimit(_)) => format!("node limit {} hit", limits.node_limit),
            Some(StopReason::TimeLimit(s)) => format!("time limit {s}s hit"),
            Some(StopReason::IterationLimit(n)) => format!("iteration limit {n} hit"),
            Some(StopReason::Other(s)) => s.clone(),
            None => "stopped".into(),
        };
        let (proof, stop) = if equal {
            match explain(&mut runner, &le, &re, &rules)
                .and_then(|p| proof::replay(&p, &rules, &self.arities).map(|()| p))
            {
                Ok(p) => (Some(p), stop),
                Err(e) => (None, format!("proof rejected by replay: {e}")),
            }
        } else {
            (None, stop)
        };
        drop(runner);
        let ka = match proof {
            Some(_) => None,
            None => self.prove_ka(&goal, &all, &rules),
        };
        let stop = if ka.is_some() {
            "proved".to_string()
        } else {
            stop
        };
        GoalResult {
            goal,
            proof,
            stop,
            nodes,
            local,
            rules,
            ka,
        }
    }

    /// Kleene algebra on a binary goal: first as stated, then after egg's
    /// normalisation of each side ([`kleene`]).
    fn prove_ka(&self, goal: &Goal, hyps: &[Hypothesis], rules: &RuleSet) -> Option<KaProof> {
        if goal.arity != 2 {
            return None;
        }
        if let Some(k) = self.ka_direct(goal, hyps) {
            return Some(k);
        }
        let (lp, rp) = self.normalize(goal, rules)?;
        if lp.steps.is_empty() && rp.steps.is_empty() {
            return None;
        }
        self.ka_certificate(Engine::EggKa, goal.kind, lp, rp, hyps)
    }

    /// Kleene algebra on the goal as stated.
    fn ka_direct(&self, goal: &Goal, hyps: &[Hypothesis]) -> Option<KaProof> {
        if goal.arity != 2 {
            return None;
        }
        let refl = |t: &Term| Proof {
            lhs: t.clone(),
            rhs: t.clone(),
            steps: vec![],
        };
        self.ka_certificate(
            Engine::Ka,
            goal.kind,
            refl(&goal.lhs),
            refl(&goal.rhs),
            hyps,
        )
    }

    /// Decides `lp.rhs R rp.rhs` by Kleene algebra.
    fn ka_certificate(
        &self,
        engine: Engine,
        kind: Kind,
        lp: Proof,
        rp: Proof,
        hyps: &[Hypothesis],
    ) -> Option<KaProof> {
        let deadline = Instant::now() + self.limits.time_limit;
        let (used, letters) =
            kleene::decide(&self.arities, kind, &lp.rhs, &rp.rhs, hyps, deadline)?;
        Some(KaProof {
            engine,
            lhs: lp.rhs.clone(),
            rhs: rp.rhs.clone(),
            lhs_proof: lp,
            rhs_proof: rp,
            letters,
            hyps: used.iter().map(|&(i, u)| (hyps[i].clone(), u)).collect(),
        })
    }

    /// Rewrites each side of a goal to the form [`kleene::KaCost`] prefers
    /// (converse pushed down to the names), with replayed proofs.
    fn normalize(&self, goal: &Goal, rules: &RuleSet) -> Option<(Proof, Proof)> {
        let (le, re) = (goal.lhs.to_rec_expr(), goal.rhs.to_rec_expr());
        let mut runner = Runner::new(RelAnalysis {
            names: self.arities.clone(),
        })
        .with_explanations_enabled()
        .with_node_limit(self.limits.node_limit.min(3_000))
        .with_time_limit(self.limits.time_limit.min(Duration::from_millis(300)))
        .with_iter_limit(self.limits.iter_limit.min(12))
        .with_expr(&le)
        .with_expr(&re)
        .run(&rules.rewrites());
        let (lbest, rbest) = {
            let ex = Extractor::new(&runner.egraph, kleene::KaCost);
            (
                ex.find_best(runner.roots[0]).1,
                ex.find_best(runner.roots[1]).1,
            )
        };
        let mut side = |from: &RecExpr<Rel>, to: &RecExpr<Rel>| -> Option<Proof> {
            let t = Term::from_rec_expr(from);
            if Term::from_rec_expr(to) == t {
                return Some(Proof {
                    lhs: t.clone(),
                    rhs: t,
                    steps: vec![],
                });
            }
            let p = explain(&mut runner, from, to, rules).ok()?;
            proof::replay(&p, rules, &self.arities).ok()?;
            Some(p)
        };
        let lp = side(&le, &lbest)?;
        let rp = side(&re, &rbest)?;
        Some((lp, rp))
    }
}

/// Whether a term mentions `^` or `*`.
fn has_closure(t: &Term) -> bool {
    matches!(t.node, Rel::Closure(_) | Rel::RClosure(_)) || t.children.iter().any(has_closure)
}

fn explain(
    runner: &mut Runner<Rel, RelAnalysis>,
    l: &RecExpr<Rel>,
    r: &RecExpr<Rel>,
    rules: &RuleSet,
) -> Result<Proof, ProofError> {
    let mut ex = runner.explain_equivalence(l, r);
    let flat = ex.make_flat_explanation().clone();
    proof::from_flat(&flat, rules)
}

/// A human-readable chain: the start term, then each step's result with the
/// rule (`<-` marks a lemma used right to left).
pub fn chain(p: &Proof) -> Vec<String> {
    let mut out = vec![format!("  {}", p.lhs)];
    for s in &p.steps {
        let arrow = if s.dir == proof::Dir::Backward {
            " <-"
        } else {
            ""
        };
        out.push(format!("= {}    [{}{}]", s.after, s.rule, arrow));
    }
    out
}
