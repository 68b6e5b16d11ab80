//! Proofs printed for Lean 4, over the `Relprove` Lean library
//! (theories/lean), mirroring [`crate::export::coq::proofs`].
//!
//! The Lean library states its laws as equations (`=`, by `funext` and
//! `propext`), so a step needs no `Proper` instance: a proof of
//! `lhs = rhs` is a chain of `Eq.trans`, each step
//! `congrArg (fun x => C[x]) (show FROM = TO from lemma ..)` (the lemma's
//! explicit arguments left to unification with `..`; `(lemma ..).symm`
//! for a step taken right to left), where `C` is the step's term with the
//! rewritten position replaced by `x`. An inclusion goal `a in b` is proved
//! from `a + b = b` with `incl_union_l` and `incl_trans`; a goal `no a`
//! from `a = none` with `no_none`.
//!
//! A hypothesis step (a fact or an implication's premise `h`) is closed by
//! `h` itself (`a = b`), or by `incl_antisym` with `union_incl`/`incl_inter`
//! (`a in b`, used as `a + b = b` / `a & b = a`), or `no_same_none` (`no a`).
//! The theorems take the hypotheses they use as arguments. Only checks
//! proved without hypotheses get a complete proof in the proofs file (the
//! theorem applied by unification); for the others the theorems are
//! printed and the skeleton stays.
//!
//! No Lean toolchain exists on relprove's build machines: this output is
//! checked statically only (see tests/export/lean.rs).

use std::collections::{BTreeMap, BTreeSet};

use egg::Symbol;

use crate::export::syntax::Syntax;
use crate::export::term::{rewrite_arity, rewrite_step, rewrite_term};
use crate::export::ExportError;

/// The Lean back end's syntax.
use super::Lean;

use crate::rewrite::lang::{Rel, Term};
use crate::rewrite::proof::{Dir, Proof, Step};
use crate::rewrite::rules::{Justification, RuleSet};
use crate::rewrite::{AssertResult, Hypothesis, Kind};

/// Prints terms as Lean over relation variables `r_<name>`.
pub struct Printer<'a> {
    /// The arity of every named relation.
    pub arities: &'a BTreeMap<Symbol, usize>,
}

/// The Lean variable of a named relation.
pub fn var(s: Symbol) -> String {
    format!("r_{}", s.as_str())
}

impl Printer<'_> {
    fn ar(&self, t: &Term) -> Result<usize, ExportError> {
        rewrite_arity(t, self.arities)
    }

    /// `t` as Lean text over the library's operators.
    pub fn term(&self, t: &Term) -> Result<String, ExportError> {
        self.term_hole(t, None)
    }

    /// `t`, with the subterm at `hole` (if any) printed as `x`.
    fn term_hole(&self, t: &Term, hole: Option<&[usize]>) -> Result<String, ExportError> {
        rewrite_term(t, self.arities, Lean::REL, &|s| Ok(var(s)), hole)
    }

    /// Tactic lines proving the equation `proof.lhs = proof.rhs`.
    pub fn chain(&self, proof: &Proof, rules: &RuleSet) -> Result<Vec<String>, ExportError> {
        let mut lines = vec![];
        for s in &proof.steps {
            lines.push(format!("/- {} -/", step_comment(s)));
            lines.push(format!("refine Eq.trans {} ?_", self.step(s, rules)?));
        }
        lines.push("rfl".into());
        Ok(lines)
    }

    /// A term proving `s.before = s.after`.
    fn step(&self, s: &Step, rules: &RuleSet) -> Result<String, ExportError> {
        let from = s.before.at(&s.path);
        let to = s.after.at(&s.path);
        let eq = format!("{} = {}", self.term(from)?, self.term(to)?);
        // The rule's equation, left to right.
        let forward = match rules.of_lemma(&s.rule).next().map(|r| &r.justification) {
            Some(Justification::InclUnion { hyp }) => {
                format!("(incl_antisym _ _ _ (union_incl _ _ _ _ {hyp} (incl_refl _ _)) (incl_union_r _ _ _))")
            }
            Some(Justification::InclInter { hyp }) => {
                format!("(incl_antisym _ _ _ (inter_incl_l _ _ _) (incl_inter _ _ _ _ (incl_refl _ _) {hyp}))")
            }
            Some(Justification::Same { hyp }) => hyp.clone(),
            Some(Justification::No { hyp }) => format!("((no_same_none _ _).mp {hyp})"),
            Some(Justification::Lemma(_)) | None => format!("({} ..)", s.rule),
        };
        let lemma = match s.dir {
            Dir::Forward => forward,
            Dir::Backward => format!("{forward}.symm"),
        };
        let ctx = self.term_hole(&s.before, Some(&s.path))?;
        Ok(format!(
            "(congrArg (fun (x : Rel A {}) => {ctx}) (show {eq} from {lemma}))",
            self.ar(from)?
        ))
    }
}

fn step_comment(s: &Step) -> String {
    rewrite_step(s).replace("/-", "/ -").replace("-/", "- /")
}

fn names_of(t: &Term, out: &mut BTreeSet<Symbol>) {
    if let Rel::Name(s) = t.node {
        out.insert(s);
    }
    t.children.iter().for_each(|c| names_of(c, out));
}

/// The Lean lemma name for an assertion's goal.
pub fn lemma_name(name: &str) -> String {
    crate::export::term::rewriting_lemma_name(name)
}

/// The Lean theorems proving the goals of `r` (one per goal), with their
/// names; `Err` when the proof is outside what is printed for Lean (see the
/// module documentation).
/// `facts`: the model's hypotheses ([`crate::rewrite::Prover::hypotheses`]). The
/// flag is whether every goal is proved without hypotheses.
pub fn assertion(
    p: &Printer<'_>,
    r: &AssertResult,
    facts: &[Hypothesis],
) -> Result<(Vec<String>, Vec<String>, bool), ExportError> {
    let mut out = vec![];
    let mut names = vec![];
    let mut complete = !r.implication;
    let base = lemma_name(&r.name);
    for (k, g) in r.goals.iter().enumerate() {
        let proof = match (&g.proof, &g.ka) {
            (Some(p), _) => p,
            (None, Some(ka)) => {
                // Not `_by_rewriting`: that names complete proofs.
                let name = if r.goals.len() == 1 {
                    base.replace("_by_rewriting", "_by_ka")
                } else {
                    format!("{}_{}", base.replace("_by_rewriting", "_by_ka"), k + 1)
                };
                out.extend(ka_skeleton(p, &r.name, &name, g, ka)?);
                names.push(name);
                complete = false;
                continue;
            }
            (None, None) => return Err(ExportError::MissingProof),
        };
        // The hypotheses (facts, premises) the proof uses.
        let used: Vec<&Hypothesis> = facts
            .iter()
            .chain(&g.local)
            .filter(|h| {
                proof.steps.iter().any(|s| {
                    g.rules
                        .of_lemma(&s.rule)
                        .any(|rule| match &rule.justification {
                            Justification::InclUnion { hyp }
                            | Justification::InclInter { hyp }
                            | Justification::Same { hyp }
                            | Justification::No { hyp } => *hyp == h.name,
                            Justification::Lemma(_) => false,
                        })
                })
            })
            .collect();
        // The relations the statement mentions are the arguments; a proof
        // mentioning others (or using hypotheses) cannot be applied by
        // unification alone.
        let mut stmt_names = BTreeSet::new();
        names_of(&g.goal.lhs, &mut stmt_names);
        names_of(&g.goal.rhs, &mut stmt_names);
        let mut all = stmt_names.clone();
        for s in &proof.steps {
            names_of(&s.before, &mut all);
            names_of(&s.after, &mut all);
        }
        for h in &used {
            names_of(&h.lhs, &mut all);
            names_of(&h.rhs, &mut all);
        }
        complete &= all == stmt_names && used.is_empty();
        let name = if r.goals.len() == 1 {
            base.clone()
        } else {
            format!("{base}_{}", k + 1)
        };
        let mut binders = String::from("{A : Type}");
        for s in &all {
            binders.push_str(&format!(
                " ({} : Rel A {})",
                var(*s),
                p.arities.get(s).ok_or(ExportError::UnknownRelation)?
            ));
        }
        for h in &used {
            binders.push_str(&format!(" ({} : {})", h.name, p.premise(h)?));
        }
        let (l, rr, n) = (p.term(&g.goal.lhs)?, p.term(&g.goal.rhs)?, g.goal.arity);
        out.push(format!(
            "/- {}: {} -/",
            r.name.replace("-/", "- /"),
            g.goal.to_string().replace("-/", "- /")
        ));
        match g.goal.kind {
            Kind::Eq => {
                out.push(format!("theorem {name} {binders} :\n    {l} = {rr} := by"));
                out.extend(
                    p.chain(proof, &g.rules)?
                        .into_iter()
                        .map(|s| format!("  {s}")),
                );
            }
            Kind::In => {
                let u = format!("(Rel.union {n} {l} {rr})");
                out.push(format!(
                    "theorem {name} {binders} :\n    Rel.incl {n} {l} {rr} := by"
                ));
                out.push(format!("  have h : {u} = {rr} := by"));
                out.extend(
                    p.chain(proof, &g.rules)?
                        .into_iter()
                        .map(|s| format!("    {s}")),
                );
                out.push(format!(
                    "  exact incl_trans {n} {l} {u} {rr} (incl_union_l {n} {l} {rr})\n    \
                     ((congrArg (fun (x : Rel A {n}) => Rel.incl {n} x {rr}) h).mpr (incl_refl {n} {rr}))"
                ));
            }
            Kind::No => {
                out.push(format!(
                    "theorem {name} {binders} :\n    Rel.no {n} {l} := by"
                ));
                out.push(format!("  have h : {l} = {rr} := by"));
                out.extend(
                    p.chain(proof, &g.rules)?
                        .into_iter()
                        .map(|s| format!("    {s}")),
                );
                out.push(format!(
                    "  exact (congrArg (Rel.no {n}) h).mpr (no_none {n})"
                ));
            }
        }
        out.push(String::new());
        names.push(name);
    }
    Ok((out, names, complete))
}

/// A goal proved by Kleene algebra: Lean has no decision procedure for
/// it, so the theorem is a skeleton — egg's rewriting of each side as
/// `have`s (proved as for rewriting proofs), then `sorry` with the
/// Kleene-algebra certificate (the (in)equation over letters and the
/// hypotheses eliminated) that coqc checks by `ka`/`hkat` on the Coq side.
fn ka_skeleton(
    p: &Printer<'_>,
    assertion: &str,
    name: &str,
    g: &crate::rewrite::GoalResult,
    ka: &crate::rewrite::KaProof,
) -> Result<Vec<String>, ExportError> {
    let mut all = BTreeSet::new();
    names_of(&g.goal.lhs, &mut all);
    names_of(&g.goal.rhs, &mut all);
    for (h, _) in &ka.hyps {
        names_of(&h.lhs, &mut all);
        names_of(&h.rhs, &mut all);
    }
    for pr in [&ka.lhs_proof, &ka.rhs_proof] {
        for s in &pr.steps {
            names_of(&s.after, &mut all);
        }
    }
    let mut binders = String::from("{A : Type}");
    for s in &all {
        binders.push_str(&format!(
            " ({} : Rel A {})",
            var(*s),
            p.arities.get(s).ok_or(ExportError::UnknownRelation)?
        ));
    }
    for (h, _) in &ka.hyps {
        binders.push_str(&format!(" ({} : {})", h.name, p.premise(h)?));
    }
    let (l, r) = (p.term(&g.goal.lhs)?, p.term(&g.goal.rhs)?);
    let stmt = match g.goal.kind {
        Kind::Eq => format!("{l} = {r}"),
        Kind::In => format!("Rel.incl 2 {l} {r}"),
        Kind::No => format!("Rel.no 2 {l}"),
    };
    let cert = ka
        .certificate(g.goal.kind, p.arities)
        .replace("-/", "- /")
        .replace("/-", "/ -");
    let mut out = vec![
        format!(
            "/- {}: {} (proved in Coq by Kleene algebra; a skeleton in Lean) -/",
            assertion.replace("-/", "- /"),
            g.goal.to_string().replace("-/", "- /")
        ),
        format!("theorem {name} {binders} :\n    {stmt} := by"),
    ];
    for (h, pr) in [("h_lhs", &ka.lhs_proof), ("h_rhs", &ka.rhs_proof)] {
        if pr.steps.is_empty() {
            continue;
        }
        out.push(format!(
            "  have {h} : {} = {} := by",
            p.term(&pr.lhs)?,
            p.term(&pr.rhs)?
        ));
        out.extend(
            p.chain(pr, &g.rules)?
                .into_iter()
                .map(|s| format!("    {s}")),
        );
    }
    out.push(format!("  /- {cert} -/"));
    out.push("  sorry".into());
    out.push(String::new());
    Ok(out)
}

impl Printer<'_> {
    /// The Lean proposition of a hypothesis.
    pub fn premise(&self, h: &Hypothesis) -> Result<String, ExportError> {
        let n = self.ar(&h.lhs)?;
        let (l, r) = (self.term(&h.lhs)?, self.term(&h.rhs)?);
        Ok(match h.kind {
            Kind::Eq => format!("{l} = {r}"),
            Kind::In => format!("Rel.incl {n} {l} {r}"),
            Kind::No => format!("Rel.no {n} {l}"),
        })
    }
}

/// The rewriter's proofs for `relprove export --lean` (as
/// [`crate::export::coq::proofs::export_proofs`] for Coq): the preamble holds a theorem per
/// goal; each proved `check` maps to the theorems proving its conjuncts.
pub fn export_proofs(
    model: &relprove_engine::ir::Model,
    limits: crate::rewrite::Limits,
) -> crate::export::RewriteProofs {
    let checks = crate::rewrite::prove_checks(model, limits);
    let p = Printer {
        arities: &checks.prover.arities,
    };
    let mut preamble = vec![];
    // Per result: the theorems proving its conjuncts, when complete.
    let mut printed: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for r in checks.results.iter().filter(|r| r.proved) {
        let Ok((lines, names, complete)) = assertion(&p, r, &checks.prover.hypotheses) else {
            continue;
        };
        if r.uses_ka() {
            preamble.push(format!(
                "/- {}: proved in Coq by Kleene algebra (`ka`/`hkat`); Lean has no such decision procedure, \
                 so the theorems below are skeletons with the certificate, and so is the check's theorem. -/",
                r.name.replace("-/", "- /")
            ));
        } else if !complete {
            preamble.push(format!(
                "/- {}: proved from the model's facts or the assertion's premises (the theorems' hypotheses); \
                 the check's theorem below is left to the user. -/",
                r.name.replace("-/", "- /")
            ));
        }
        preamble.extend(lines);
        if complete {
            printed.insert(&r.name, names);
        }
    }
    let lemmas = checks
        .of_command
        .iter()
        .filter_map(|(k, name)| printed.get(name.as_str()).map(|l| (*k, l.clone())))
        .collect();
    let preamble = if preamble.is_empty() {
        String::new()
    } else {
        format!(
            "/- Lemmas proved by relprove's rewriter. -/\n\n{}\n",
            preamble.join("\n").trim_end()
        )
    };
    crate::export::RewriteProofs { preamble, lemmas }
}
