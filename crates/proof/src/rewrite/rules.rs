//! The rewrite rules. Every rule is a lemma of the Coq library `theories/`
//! (see `theories/LEMMAS.md`) and carries that lemma's name, so a proof step
//! prints as the lemma. A lemma `same n L R` is a rule `L => R`; rules that
//! only grow terms are used right-to-left only, rules whose two sides have
//! the same variables in both directions.
//!
//! Lemmas stated for fixed arities in Coq (`join_assoc` is about binary
//! relations only) are guarded by the arity analysis: the rule fires only
//! when the matched relations have the lemma's arities. Lemmas stated for
//! every arity list the arity arguments the Coq lemma takes ([`Nat`]).
//!
//! Hypotheses (a model fact `a in b` or `a = b` between closed relational
//! expressions) become extra ground rules, justified by the hypothesis.

use std::collections::BTreeMap;

use egg::{Applier, EGraph, Id, Pattern, PatternAst, Rewrite, Subst, Symbol, Var};

use super::lang::{Rel, RelAnalysis, Term};

/// Which way a rule is applied: left to right (`Forward`: the subterm
/// matches the rule's left side) or right to left (`Backward`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Left to right: the rewritten subterm matches the rule's left side.
    Forward,
    /// Right to left: the rewritten subterm matches the rule's right side.
    Backward,
}

/// An arity argument of a Coq lemma, computed from the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nat {
    /// The arity of the relation bound to the variable.
    Ar(&'static str),
    /// That arity minus one (`join m n` takes `arity - 1`).
    ArM1(&'static str),
}

/// Which way a lemma is used as a rewrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// `L => R` only.
    Forward,
    /// `R => L` only (the lemma grows terms left to right).
    Backward,
    /// Both.
    Both,
}

/// A lemma of `theories/Laws.v` as a rewrite rule.
#[derive(Clone, Debug)]
pub struct Lemma {
    /// The Coq lemma's name (also the rule's).
    pub name: &'static str,
    /// The left side, as an egg pattern (`?` marks a variable).
    pub lhs: &'static str,
    /// The right side, as an egg pattern.
    pub rhs: &'static str,
    /// Variables that must have the given arity.
    pub guards: &'static [(&'static str, usize)],
    /// The explicit arity arguments of the Coq lemma, in order.
    pub nats: &'static [Nat],
    /// `(v, k)`: the variable `?n`, which occurs in `rhs` only, stands for
    /// the arity of `v` plus `k` (`diff_self : r - r = none n` with `n` the
    /// arity of `r`). Such a lemma becomes one egg rule per arity up to
    /// [`MAX_ARITY`], named `<lemma>@<arity>`.
    pub derive: Option<(&'static str, usize)>,
    /// Which way the lemma is used as a rewrite.
    pub used: Use,
}

macro_rules! lemma {
    ($name:ident, $lhs:expr => $rhs:expr, $used:ident $(, guards [$(($gv:expr, $ga:expr)),*])? $(, nats [$($nat:expr),*])? $(, derive $d:expr)?) => {
        Lemma {
            name: stringify!($name),
            lhs: $lhs,
            rhs: $rhs,
            guards: &[$($(($gv, $ga)),*)?],
            nats: &[$($($nat),*)?],
            derive: None $(.or(Some($d)))?,
            used: Use::$used,
        }
    };
}

use Nat::{Ar, ArM1};

/// The largest arity derived-arity lemmas are instantiated at.
pub const MAX_ARITY: usize = 4;

/// The lemmas used as rules, in a fixed order.
pub fn lemmas() -> Vec<Lemma> {
    vec![
        // union, intersection, difference: every arity
        lemma!(union_assoc, "(+ (+ ?r ?s) ?t)" => "(+ ?r (+ ?s ?t))", Both, nats [Ar("?r")]),
        lemma!(union_comm, "(+ ?r ?s)" => "(+ ?s ?r)", Forward, nats [Ar("?r")]),
        lemma!(union_idem, "(+ ?r ?r)" => "?r", Forward, nats [Ar("?r")]),
        lemma!(union_none_l, "(+ (none ?n) ?r)" => "?r", Forward, nats [Ar("?r")]),
        lemma!(union_none_r, "(+ ?r (none ?n))" => "?r", Forward, nats [Ar("?r")]),
        lemma!(union_univ_r, "(+ ?r (univ ?n))" => "(univ ?n)", Forward, nats [Ar("?r")]),
        lemma!(inter_assoc, "(& (& ?r ?s) ?t)" => "(& ?r (& ?s ?t))", Both, nats [Ar("?r")]),
        lemma!(inter_comm, "(& ?r ?s)" => "(& ?s ?r)", Forward, nats [Ar("?r")]),
        lemma!(inter_idem, "(& ?r ?r)" => "?r", Forward, nats [Ar("?r")]),
        lemma!(inter_univ_l, "(& (univ ?n) ?r)" => "?r", Forward, nats [Ar("?r")]),
        lemma!(inter_univ_r, "(& ?r (univ ?n))" => "?r", Forward, nats [Ar("?r")]),
        lemma!(inter_none_l, "(& (none ?n) ?r)" => "(none ?n)", Forward, nats [Ar("?r")]),
        lemma!(inter_none_r, "(& ?r (none ?n))" => "(none ?n)", Forward, nats [Ar("?r")]),
        lemma!(inter_union_distr_l, "(& ?r (+ ?s ?t))" => "(+ (& ?r ?s) (& ?r ?t))", Both, nats [Ar("?r")]),
        lemma!(inter_union_distr_r, "(& (+ ?r ?s) ?t)" => "(+ (& ?r ?t) (& ?s ?t))", Both, nats [Ar("?r")]),
        lemma!(union_inter_distr_l, "(+ ?r (& ?s ?t))" => "(& (+ ?r ?s) (+ ?r ?t))", Both, nats [Ar("?r")]),
        lemma!(union_inter_absorb, "(+ ?r (& ?r ?s))" => "?r", Forward, nats [Ar("?r")]),
        lemma!(inter_union_absorb, "(& ?r (+ ?r ?s))" => "?r", Forward, nats [Ar("?r")]),
        lemma!(diff_self, "(- ?r ?r)" => "(none ?n)", Forward, nats [Ar("?r")], derive ("?r", 0)),
        lemma!(diff_none_r, "(- ?r (none ?n))" => "?r", Forward, nats [Ar("?r")]),
        lemma!(diff_none_l, "(- (none ?n) ?r)" => "(none ?n)", Forward, nats [Ar("?r")]),
        lemma!(diff_univ_r, "(- ?r (univ ?n))" => "(none ?n)", Forward, nats [Ar("?r")]),
        lemma!(diff_union_l, "(- (+ ?r ?s) ?t)" => "(+ (- ?r ?t) (- ?s ?t))", Both, nats [Ar("?r")]),
        lemma!(diff_union_r, "(- ?r (+ ?s ?t))" => "(- (- ?r ?s) ?t)", Both, nats [Ar("?r")]),
        lemma!(diff_inter_disjoint, "(& (- ?r ?s) ?s)" => "(none ?n)", Forward, nats [Ar("?r")], derive ("?r", 0)),
        lemma!(union_diff_inter, "(+ (- ?r ?s) (& ?r ?s))" => "?r", Forward, nats [Ar("?r")]),
        lemma!(union_diff_cancel, "(+ (- ?r ?s) ?s)" => "(+ ?r ?s)", Forward, nats [Ar("?r")]),
        lemma!(diff_union_absorb, "(+ (- ?r ?s) ?r)" => "?r", Forward, nats [Ar("?r")]),
        // join
        lemma!(join_assoc, "(. (. ?r ?s) ?t)" => "(. ?r (. ?s ?t))", Both, guards [("?r", 2), ("?s", 2), ("?t", 2)]),
        lemma!(join_assoc_set, "(. (. ?x ?r) ?s)" => "(. ?x (. ?r ?s))", Both, guards [("?x", 1), ("?r", 2), ("?s", 2)]),
        lemma!(join_assoc_set_r, "(. (. ?r ?s) ?x)" => "(. ?r (. ?s ?x))", Both, guards [("?r", 2), ("?s", 2), ("?x", 1)]),
        lemma!(join_union_distr_l, "(. ?r (+ ?s ?t))" => "(+ (. ?r ?s) (. ?r ?t))", Both, nats [ArM1("?r"), ArM1("?s")]),
        lemma!(join_union_distr_r, "(. (+ ?r ?s) ?t)" => "(+ (. ?r ?t) (. ?s ?t))", Both, guards [("?r", 2), ("?t", 2)]),
        lemma!(join_none_l, "(. (none 2) ?r)" => "(none 2)", Forward, guards [("?r", 2)]),
        lemma!(join_none_r, "(. ?r (none 2))" => "(none 2)", Forward, guards [("?r", 2)]),
        lemma!(join_iden_l, "(. iden ?r)" => "?r", Forward, guards [("?r", 2)]),
        lemma!(join_iden_r, "(. ?r iden)" => "?r", Forward, guards [("?r", 2)]),
        lemma!(join_iden_set, "(. ?x iden)" => "?x", Forward, guards [("?x", 1)]),
        // product
        lemma!(product_none_l, "(-> (none 1) ?s)" => "(none ?n)", Forward, nats [Ar("?s")], derive ("?s", 1)),
        lemma!(product_union_distr_l, "(-> (+ ?x ?y) ?z)" => "(+ (-> ?x ?z) (-> ?y ?z))", Both, guards [("?x", 1), ("?z", 1)]),
        lemma!(product_union_distr_r, "(-> ?x (+ ?y ?z))" => "(+ (-> ?x ?y) (-> ?x ?z))", Both, guards [("?x", 1), ("?y", 1)]),
        // converse
        lemma!(transpose_product, "(~ (-> ?x ?y))" => "(-> ?y ?x)", Both, guards [("?x", 1), ("?y", 1)]),
        lemma!(transpose_transpose, "(~ (~ ?r))" => "?r", Forward),
        lemma!(transpose_join, "(~ (. ?r ?s))" => "(. (~ ?s) (~ ?r))", Both, guards [("?r", 2), ("?s", 2)]),
        lemma!(transpose_union, "(~ (+ ?r ?s))" => "(+ (~ ?r) (~ ?s))", Both),
        lemma!(transpose_inter, "(~ (& ?r ?s))" => "(& (~ ?r) (~ ?s))", Both),
        lemma!(transpose_diff, "(~ (- ?r ?s))" => "(- (~ ?r) (~ ?s))", Both),
        lemma!(transpose_iden, "(~ iden)" => "iden", Forward),
        lemma!(transpose_none, "(~ (none 2))" => "(none 2)", Forward),
        // closures
        lemma!(closure_unfold_l, "(^ ?r)" => "(+ ?r (. ?r (^ ?r)))", Backward),
        lemma!(closure_unfold_r, "(^ ?r)" => "(+ ?r (. (^ ?r) ?r))", Backward),
        lemma!(closure_idem, "(^ (^ ?r))" => "(^ ?r)", Forward),
        lemma!(transpose_closure, "(~ (^ ?r))" => "(^ (~ ?r))", Both),
        lemma!(closure_none, "(^ (none 2))" => "(none 2)", Forward),
        lemma!(closure_iden, "(^ iden)" => "iden", Forward),
        lemma!(rclosure_unfold, "(* ?r)" => "(+ (^ ?r) iden)", Both),
        lemma!(closure_rclosure, "(^ ?r)" => "(. ?r (* ?r))", Backward),
        lemma!(rclosure_idem, "(* (* ?r))" => "(* ?r)", Forward),
        // restrictions and override
        lemma!(domr_inter, "(<: ?s ?r)" => "(& (-> ?s (univ 1)) ?r)", Both, guards [("?r", 2)]),
        lemma!(ranr_inter, "(:> ?r ?s)" => "(& ?r (-> (univ 1) ?s))", Both, guards [("?r", 2)]),
        lemma!(domr_univ, "(<: (univ 1) ?r)" => "?r", Forward, nats [ArM1("?r")]),
        lemma!(ranr_univ, "(:> ?r (univ 1))" => "?r", Forward, guards [("?r", 2)]),
        lemma!(domr_domr, "(<: ?s (<: ?t ?r))" => "(<: (& ?s ?t) ?r)", Both, guards [("?r", 2)]),
        lemma!(ranr_ranr, "(:> (:> ?r ?s) ?t)" => "(:> ?r (& ?s ?t))", Both, guards [("?r", 2)]),
        lemma!(transpose_domr, "(~ (<: ?s ?r))" => "(:> (~ ?r) ?s)", Both),
        lemma!(domr_union_r, "(<: ?s (+ ?r ?t))" => "(+ (<: ?s ?r) (<: ?s ?t))", Both, guards [("?r", 2)]),
        lemma!(override_none_r, "(++ ?r (none 2))" => "?r", Forward, guards [("?r", 2)]),
        lemma!(override_none_l, "(++ (none 2) ?r)" => "?r", Forward, guards [("?r", 2)]),
    ]
}

/// How a rule is justified in Coq.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Justification {
    /// A lemma of theories/ (with its explicit arity arguments).
    Lemma(Lemma),
    /// A hypothesis `H : incl n a b` used as `a + b = b`.
    InclUnion {
        /// The hypothesis' Coq name.
        hyp: String,
    },
    /// A hypothesis `H : incl n a b` used as `a & b = a`.
    InclInter {
        /// The hypothesis' Coq name.
        hyp: String,
    },
    /// A hypothesis `H : same n a b` used as `a = b`.
    Same {
        /// The hypothesis' Coq name.
        hyp: String,
    },
    /// A hypothesis `H : no n a` used as `a = none`.
    No {
        /// The hypothesis' Coq name.
        hyp: String,
    },
}

impl PartialEq for Lemma {
    fn eq(&self, other: &Lemma) -> bool {
        self.name == other.name
    }
}
impl Eq for Lemma {}

/// A rule in the forward orientation of its justification: `lhs = rhs`.
#[derive(Clone, Debug)]
pub struct Rule {
    /// The egg rule's name (unique): the lemma's name, or `<lemma>@<arity>`.
    pub name: String,
    /// The lemma's (or hypothesis rule's) name, as proof steps show it.
    pub lemma: String,
    /// The left side (a ground pattern for a hypothesis rule).
    pub lhs: Pattern<Rel>,
    /// The right side (with the arity filled in, for a derived-arity
    /// lemma).
    pub rhs: Pattern<Rel>,
    /// Variables that must have the given arity for the rule to fire.
    pub guards: Vec<(Var, usize)>,
    /// How the rule is justified in Coq.
    pub justification: Justification,
    /// Which way egg uses the rule.
    pub used: Use,
}

/// A hypothesis between closed relational expressions, from a model fact.
#[derive(Clone, Debug)]
pub struct Hypothesis {
    /// The Coq name of the hypothesis.
    pub name: String,
    /// The left-hand side.
    pub lhs: Term,
    /// The right-hand side (`none` for a `no` hypothesis).
    pub rhs: Term,
    /// `lhs in rhs`, `lhs = rhs` or `no lhs` (`rhs` is then `none`).
    pub kind: super::Kind,
}

/// The rule set: every lemma, plus the rules of the hypotheses.
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// The rules: the lemmas' (in [`lemmas`] order) first, then the
    /// hypotheses'.
    pub rules: Vec<Rule>,
}

fn pat(s: &str) -> Pattern<Rel> {
    s.parse()
        .unwrap_or_else(|e| panic!("rule pattern {s:?}: {e}"))
}

fn ground(t: &Term) -> Pattern<Rel> {
    let e = t.to_rec_expr();
    let ast: PatternAst<Rel> = e
        .as_ref()
        .iter()
        .cloned()
        .map(egg::ENodeOrVar::ENode)
        .collect::<Vec<_>>()
        .into();
    Pattern::new(ast)
}

impl RuleSet {
    /// Every lemma's rules (one per arity for a derived-arity lemma), then
    /// per hypothesis: `a + b => b` and `a & b => a` for `a in b`, `a => b`
    /// for `a = b` and `no a`.
    pub fn new(hyps: &[Hypothesis]) -> RuleSet {
        let mut rules = vec![];
        for l in lemmas() {
            let guards: Vec<(Var, usize)> = l
                .guards
                .iter()
                .map(|(v, a)| (v.parse().unwrap(), *a))
                .collect();
            match l.derive {
                None => rules.push(Rule {
                    name: l.name.to_string(),
                    lemma: l.name.to_string(),
                    lhs: pat(l.lhs),
                    rhs: pat(l.rhs),
                    guards,
                    used: l.used,
                    justification: Justification::Lemma(l),
                }),
                Some((v, k)) => {
                    for n in 1..=MAX_ARITY {
                        let mut guards = guards.clone();
                        guards.push((v.parse().unwrap(), n));
                        rules.push(Rule {
                            name: format!("{}@{n}", l.name),
                            lemma: l.name.to_string(),
                            lhs: pat(l.lhs),
                            rhs: pat(&l.rhs.replace("?n", &(n + k).to_string())),
                            guards,
                            used: l.used,
                            justification: Justification::Lemma(l.clone()),
                        });
                    }
                }
            }
        }
        for h in hyps {
            let (a, b) = (&h.lhs, &h.rhs);
            if h.kind == super::Kind::In {
                let union = Term::new(
                    Rel::Union([Id::from(0usize); 2]),
                    vec![a.clone(), b.clone()],
                );
                let inter = Term::new(
                    Rel::Inter([Id::from(0usize); 2]),
                    vec![a.clone(), b.clone()],
                );
                rules.push(Rule {
                    name: format!("{}_union", h.name),
                    lemma: format!("{}_union", h.name),
                    lhs: ground(&union),
                    rhs: ground(b),
                    guards: vec![],
                    // Right to left too: `b` becomes `a + b`, which lets
                    // distributivity expose `a` inside `b` (monotonicity).
                    used: Use::Both,
                    justification: Justification::InclUnion {
                        hyp: h.name.clone(),
                    },
                });
                rules.push(Rule {
                    name: format!("{}_inter", h.name),
                    lemma: format!("{}_inter", h.name),
                    lhs: ground(&inter),
                    rhs: ground(a),
                    guards: vec![],
                    used: Use::Forward,
                    justification: Justification::InclInter {
                        hyp: h.name.clone(),
                    },
                });
            } else {
                rules.push(Rule {
                    name: h.name.clone(),
                    lemma: h.name.clone(),
                    lhs: ground(a),
                    rhs: ground(b),
                    guards: vec![],
                    // Right to left too: `b` becomes `a + b`, which lets
                    // distributivity expose `a` inside `b` (monotonicity).
                    used: Use::Both,
                    justification: if h.kind == super::Kind::No {
                        Justification::No {
                            hyp: h.name.clone(),
                        }
                    } else {
                        Justification::Same {
                            hyp: h.name.clone(),
                        }
                    },
                });
            }
        }
        RuleSet { rules }
    }

    /// The egg rule called `name`.
    pub fn get(&self, name: &str) -> Option<&Rule> {
        self.rules.iter().find(|r| r.name == name)
    }

    /// The rules of a lemma (several for a derived-arity lemma).
    pub fn of_lemma<'a>(&'a self, lemma: &'a str) -> impl Iterator<Item = &'a Rule> + 'a {
        self.rules.iter().filter(move |r| r.lemma == lemma)
    }

    /// The egg rewrites. A rule used right-to-left is named `<name><-`.
    pub fn rewrites(&self) -> Vec<Rewrite<Rel, RelAnalysis>> {
        let mut out = vec![];
        for r in &self.rules {
            if matches!(r.used, Use::Forward | Use::Both) {
                let app = GuardedApplier {
                    rhs: r.rhs.clone(),
                    guards: r.guards.clone(),
                };
                out.push(
                    Rewrite::new(r.name.as_str(), r.lhs.clone(), app).expect("well-formed rule"),
                );
            }
            if matches!(r.used, Use::Backward | Use::Both) {
                let app = GuardedApplier {
                    rhs: r.lhs.clone(),
                    guards: r.guards.clone(),
                };
                out.push(
                    Rewrite::new(format!("{}<-", r.name), r.rhs.clone(), app)
                        .expect("well-formed rule"),
                );
            }
        }
        out
    }
}

/// Splits an egg rule name into the rule name and whether it was used
/// right-to-left.
pub fn parse_rewrite_name(name: &str) -> (&str, bool) {
    match name.strip_suffix("<-") {
        Some(n) => (n, true),
        None => (name, false),
    }
}

/// Applies `rhs` when the guards hold.
#[derive(Clone, Debug)]
struct GuardedApplier {
    rhs: Pattern<Rel>,
    guards: Vec<(Var, usize)>,
}

impl Applier<Rel, RelAnalysis> for GuardedApplier {
    fn apply_one(
        &self,
        egraph: &mut EGraph<Rel, RelAnalysis>,
        eclass: Id,
        subst: &Subst,
        searcher_ast: Option<&PatternAst<Rel>>,
        rule_name: Symbol,
    ) -> Vec<Id> {
        for (v, a) in &self.guards {
            if egraph[subst[*v]].data.arity != Some(*a) {
                return vec![];
            }
        }
        self.rhs
            .apply_one(egraph, eclass, subst, searcher_ast, rule_name)
    }

    fn get_pattern_ast(&self) -> Option<&PatternAst<Rel>> {
        Some(&self.rhs.ast)
    }

    fn vars(&self) -> Vec<Var> {
        self.rhs.vars()
    }
}

/// Matches a pattern against a term (syntactically), extending `subst`.
pub fn match_pattern(p: &PatternAst<Rel>, t: &Term, subst: &mut BTreeMap<Var, Term>) -> bool {
    fn go(p: &PatternAst<Rel>, id: Id, t: &Term, subst: &mut BTreeMap<Var, Term>) -> bool {
        match &p[id] {
            egg::ENodeOrVar::Var(v) => match subst.get(v) {
                Some(bound) => bound == t,
                None => {
                    subst.insert(*v, t.clone());
                    true
                }
            },
            egg::ENodeOrVar::ENode(n) => {
                use egg::Language;
                n.matches(&t.node)
                    && n.children().len() == t.children.len()
                    && n.children()
                        .iter()
                        .zip(&t.children)
                        .all(|(&c, tc)| go(p, c, tc, subst))
            }
        }
    }
    go(p, Id::from(p.as_ref().len() - 1), t, subst)
}

/// Instantiates a pattern (every variable must be bound).
pub fn instantiate(p: &PatternAst<Rel>, subst: &BTreeMap<Var, Term>) -> Option<Term> {
    fn go(p: &PatternAst<Rel>, id: Id, subst: &BTreeMap<Var, Term>) -> Option<Term> {
        match &p[id] {
            egg::ENodeOrVar::Var(v) => subst.get(v).cloned(),
            egg::ENodeOrVar::ENode(n) => {
                use egg::Language;
                let children = n
                    .children()
                    .iter()
                    .map(|&c| go(p, c, subst))
                    .collect::<Option<Vec<_>>>()?;
                Some(Term::new(n.clone(), children))
            }
        }
    }
    go(p, Id::from(p.as_ref().len() - 1), subst)
}
