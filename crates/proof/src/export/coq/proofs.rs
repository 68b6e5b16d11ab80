//! Proofs printed for Coq, over the `Relprove` library (theories/).
//!
//! A proof of `same n L R` is a `transitivity` chain through the terms of
//! the proof's steps. Each step is closed by descending to the rewritten
//! position through the operators' `Proper` instances (`union_same_proper`,
//! `join_same_proper`, ...; `reflexivity` on the unchanged sides) and then
//! `apply`ing the step's lemma, after `symmetry` when the lemma was used right
//! to left. An inclusion goal `a in b` is first reduced to
//! `same n (union n a b) b` with `incl_union_l` and `same_incl_l`, a goal
//! `no a` to `same n a (none n)` with `no_same_none`.
//!
//! [`section`] prints a self-contained Coq section: the model's relations as
//! section variables, the hypotheses as section hypotheses, one lemma per
//! proved assertion.

use std::collections::BTreeMap;

use egg::Symbol;

use crate::export::syntax::Syntax;
use crate::export::term::{rewrite_arity, rewrite_step, rewrite_term};
use crate::export::ExportError;

/// The Coq back end's syntax.
use super::Coq;

use crate::rewrite::kleene::{HypUse, KaProof, Letters};
use crate::rewrite::lang::{Rel, Term};
use crate::rewrite::proof::{Dir, Proof, Step};
use crate::rewrite::rules::{Justification, Nat, RuleSet};
use crate::rewrite::{AssertResult, Goal, Hypothesis, Kind};

/// How named relations print.
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Coq text of each named relation.
    pub map: BTreeMap<Symbol, String>,
}

impl Names {
    /// Section-variable names for relations (reserved words get `r_`).
    pub fn section(arities: &BTreeMap<Symbol, usize>) -> Names {
        let map = arities
            .keys()
            .map(|s| {
                let n = s.as_str();
                let taken = super::RESERVED.contains(&n)
                    || n.starts_with("H_")
                    || n.starts_with("HA_")
                    || crate::rewrite::rules::lemmas().iter().any(|l| l.name == n);
                let coq = if taken {
                    format!("r_{n}")
                } else {
                    n.to_string()
                };
                (*s, coq)
            })
            .collect();
        Names { map }
    }
}

/// Prints terms with the arity arguments the library's operators take.
pub struct Printer<'a> {
    /// The Coq text of each named relation.
    pub names: &'a Names,
    /// The arity of every named relation.
    pub arities: &'a BTreeMap<Symbol, usize>,
}

impl Printer<'_> {
    fn ar(&self, t: &Term) -> Result<usize, ExportError> {
        rewrite_arity(t, self.arities)
    }

    /// `t` as Coq text over the library's operators (`NoName` for a
    /// relation `names` lacks).
    pub fn term(&self, t: &Term) -> Result<String, ExportError> {
        let name = |s: Symbol| {
            self.names
                .map
                .get(&s)
                .cloned()
                .ok_or_else(|| ExportError::NoName {
                    prover: Coq::PROVER,
                    name: s.to_string(),
                })
        };
        rewrite_term(t, self.arities, Coq::REL, &name, None)
    }

    /// The goal's statement (`same n l r` or `incl n l r`).
    pub fn statement(&self, g: &Goal) -> Result<String, ExportError> {
        Ok(match g.kind {
            Kind::Eq => format!(
                "same {} {} {}",
                g.arity,
                self.term(&g.lhs)?,
                self.term(&g.rhs)?
            ),
            Kind::In => format!(
                "incl {} {} {}",
                g.arity,
                self.term(&g.lhs)?,
                self.term(&g.rhs)?
            ),
            Kind::No => format!("no {} {}", g.arity, self.term(&g.lhs)?),
        })
    }

    /// The tactic script proving `goal` from a proof of its equation.
    pub fn script(
        &self,
        goal: &Goal,
        proof: &Proof,
        rules: &RuleSet,
    ) -> Result<Vec<String>, ExportError> {
        let mut lines = vec![];
        if goal.kind == Kind::No {
            lines.push("apply no_same_none.".into());
        }
        if goal.kind == Kind::In {
            lines.push(format!(
                "apply (incl_trans _ {} _ {}); [ apply incl_union_l | apply same_incl_l ].",
                goal.arity,
                self.term(&proof.lhs)?
            ));
        }
        for s in &proof.steps {
            lines.push(format!("(* {} *)", step_comment(s)));
            lines.push(format!("transitivity {}.", self.term(&s.after)?));
            lines.push(format!("{{ {}. }}", self.step(s, rules)?));
        }
        lines.push("reflexivity.".into());
        Ok(lines)
    }

    /// Proves `same n before after` for one step.
    fn step(&self, s: &Step, rules: &RuleSet) -> Result<String, ExportError> {
        self.descend(&s.before, &s.path, s, rules)
    }

    fn descend(
        &self,
        t: &Term,
        path: &[usize],
        s: &Step,
        rules: &RuleSet,
    ) -> Result<String, ExportError> {
        let Some((&i, rest)) = path.split_first() else {
            return self.leaf(s, rules);
        };
        let inner = self.descend(&t.children[i], rest, s, rules)?;
        let a = |j: usize| self.ar(&t.children[j]);
        let (proper, arity) = match &t.node {
            Rel::Union(_) => ("union_same_proper", format!(" {}", a(0)?)),
            Rel::Inter(_) => ("inter_same_proper", format!(" {}", a(0)?)),
            Rel::Diff(_) => ("diff_same_proper", format!(" {}", a(0)?)),
            Rel::Join(_) => ("join_same_proper", format!(" {} {}", a(0)? - 1, a(1)? - 1)),
            Rel::Product(_) => ("product_same_proper", format!(" {} {}", a(0)?, a(1)?)),
            Rel::DomR(_) => ("domr_same_proper", format!(" {}", a(1)? - 1)),
            Rel::RanR(_) => ("ranr_same_proper", format!(" {}", a(0)? - 1)),
            Rel::Override(_) => ("override_same_proper", format!(" {}", a(0)? - 1)),
            Rel::Transpose(_) => return Ok(format!("apply transpose_same_proper; {inner}")),
            Rel::Closure(_) => return Ok(format!("apply closure_same_proper; {inner}")),
            Rel::RClosure(_) => return Ok(format!("apply rclosure_same_proper; {inner}")),
            other => return Err(ExportError::NoCongruence(op_name(other))),
        };
        let mut slots = ["reflexivity".to_string(), "reflexivity".to_string()];
        slots[i] = inner;
        Ok(format!(
            "apply ({proper} _{arity}); [ {} | {} ]",
            slots[0], slots[1]
        ))
    }

    fn leaf(&self, s: &Step, rules: &RuleSet) -> Result<String, ExportError> {
        let (from, to) = match s.dir {
            Dir::Forward => (s.before.at(&s.path), s.after.at(&s.path)),
            Dir::Backward => (s.after.at(&s.path), s.before.at(&s.path)),
        };
        let rule = rules
            .of_lemma(&s.rule)
            .find(|r| crate::rewrite::proof::instance_of(r, from, to, self.arities).is_ok())
            .ok_or_else(|| ExportError::NotAnInstance(s.rule.clone()))?;
        let tac = match &rule.justification {
            Justification::Lemma(l) => {
                let mut subst = BTreeMap::new();
                if !crate::rewrite::rules::match_pattern(&rule.lhs.ast, from, &mut subst) {
                    return Err(ExportError::NoMatch(l.name.to_string()));
                }
                let mut args = String::new();
                for n in l.nats {
                    let (v, minus) = match n {
                        Nat::Ar(v) => (v, 0),
                        Nat::ArM1(v) => (v, 1),
                    };
                    let var: egg::Var = v.parse().map_err(|_| ExportError::BadVariable)?;
                    let t = subst.get(&var).ok_or(ExportError::UnboundVariable)?;
                    args.push_str(&format!(" {}", self.ar(t)? - minus));
                }
                if args.is_empty() {
                    format!("apply {}", l.name)
                } else {
                    format!("apply ({} _{args})", l.name)
                }
            }
            Justification::InclUnion { hyp } => format!(
                "apply incl_antisym; [ apply union_incl; [ exact {} | apply incl_refl ] | apply incl_union_r ]",
                hyp
            ),
            Justification::InclInter { hyp } => format!(
                "apply incl_antisym; [ apply inter_incl_l | apply incl_inter; [ apply incl_refl | exact {} ] ]",
                hyp
            ),
            Justification::Same { hyp } => format!("exact {hyp}"),
            Justification::No { hyp } => format!("apply no_same_none; exact {hyp}"),
        };
        Ok(match s.dir {
            Dir::Forward => tac,
            Dir::Backward => format!("symmetry; {tac}"),
        })
    }

    /// `same n a b` / `incl n a b` / `no n a` for a hypothesis.
    pub fn premise(&self, h: &Hypothesis) -> Result<String, ExportError> {
        let n = self.ar(&h.lhs)?;
        let (l, r) = (self.term(&h.lhs)?, self.term(&h.rhs)?);
        Ok(match h.kind {
            Kind::Eq => format!("same {n} {l} {r}"),
            Kind::In => format!("incl {n} {l} {r}"),
            Kind::No => format!("no {n} {l}"),
        })
    }

    /// A section hypothesis `Hypothesis H : same n a b.` (or `incl`, `no`).
    pub fn hypothesis(&self, h: &Hypothesis) -> Result<String, ExportError> {
        let n = self.ar(&h.lhs)?;
        let (l, r) = (self.term(&h.lhs)?, self.term(&h.rhs)?);
        Ok(match h.kind {
            Kind::Eq => format!("Hypothesis {} : same {n} {l} {r}.", h.name),
            Kind::In => format!("Hypothesis {} : incl {n} {l} {r}.", h.name),
            Kind::No => format!("Hypothesis {} : no {n} {l}.", h.name),
        })
    }
}

fn op_name(r: &Rel) -> &'static str {
    match r {
        Rel::Product(_) => "product",
        Rel::Override(_) => "override",
        Rel::DomR(_) => "domr",
        Rel::RanR(_) => "ranr",
        _ => "this operator",
    }
}

fn step_comment(s: &Step) -> String {
    rewrite_step(s).replace("(*", "( *").replace("*)", "* )")
}

/// The Coq lemma proving an assertion (the name both provers use).
pub fn lemma_name(name: &str) -> String {
    crate::export::term::rewriting_lemma_name(name)
}

/// A self-contained Coq section with a lemma for every proved assertion of
/// `results`. Assertions not proved are listed in a comment. Returns an
/// error when a proof cannot be printed.
pub fn section(
    model_name: &str,
    source: &str,
    prover: &crate::rewrite::Prover<'_>,
    results: &[AssertResult],
) -> Result<String, ExportError> {
    let mut out = vec![];
    out.push(format!("(* Proofs by rewriting of the assertions of {source}, generated by `relprove prove --emit coq`. *)"));
    out.push("Require Import Relprove.Relprove.".into());
    let (body, _) = section_body(model_name, prover, results)?;
    out.push(body);
    Ok(out.join("\n"))
}

/// The Coq section of [`section`] without its header (starting with the
/// `Require` of the setoid library), and the lemma names printed for each
/// proved assertion (one per goal, in the order of its goals).
pub fn section_body(
    model_name: &str,
    prover: &crate::rewrite::Prover<'_>,
    results: &[AssertResult],
) -> Result<(String, BTreeMap<String, Vec<String>>), ExportError> {
    let names = Names::section(&prover.arities);
    let p = Printer {
        names: &names,
        arities: &prover.arities,
    };
    let mut printed = BTreeMap::new();
    let mut out = vec![];
    out.push("Require Import Coq.Setoids.Setoid Coq.Classes.Morphisms.".into());
    if results.iter().any(|r| r.proved && r.uses_ka()) {
        // Kleene algebra (RelationAlgebra's `ka`/`hkat`, bridged in RA.v;
        // its structures must be imported, then Relprove's names again on
        // top of RelationAlgebra's).
        out.push("From RelationAlgebra Require Import lattice monoid rel kat_tac.".into());
        out.push("Require Import Relprove.Relprove Relprove.RA.".into());
    }
    out.push(String::new());
    let sec = format!(
        "{}_rewriting",
        model_name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect::<String>()
    );
    out.push(format!("Section {sec}."));
    out.push("Variable A : Type.".into());
    for (s, ar) in &prover.arities {
        out.push(format!("Variable {} : rel A {ar}.", names.map[s]));
    }
    for h in &prover.hypotheses {
        out.push(p.hypothesis(h)?);
    }
    for r in results {
        out.push(String::new());
        if !r.proved {
            out.push(format!("(* {}: not proved by rewriting *)", r.name));
            continue;
        }
        match assertion(&p, r) {
            Ok(lines) => {
                out.extend(lines);
                printed.insert(r.name.clone(), goal_lemma_names(r));
            }
            Err(e) => out.push(format!(
                "(* {}: proved by rewriting, but not printable for Coq: {} *)",
                r.name, e
            )),
        }
    }
    out.push(String::new());
    out.push(format!("End {sec}."));
    Ok((out.join("\n") + "\n", printed))
}

/// The names of the lemmas [`assertion`] prints for the goals of `r`.
fn goal_lemma_names(r: &AssertResult) -> Vec<String> {
    let base = lemma_name(&r.name);
    if r.goals.len() == 1 {
        vec![base]
    } else {
        (1..=r.goals.len()).map(|k| format!("{base}_{k}")).collect()
    }
}

/// The rewriter's proofs for `relprove export --coq`: every `check` whose
/// body (an assertion or an inline formula) the rewriter proves, and whose
/// proof prints, gets the section lemmas proving its conjuncts; the export
/// closes the check's theorem with them (see
/// [`crate::export::RewriteProofs`]).
pub fn export_proofs(
    model: &relprove_engine::ir::Model,
    limits: crate::rewrite::Limits,
) -> crate::export::RewriteProofs {
    let crate::rewrite::CheckProofs {
        prover,
        results,
        of_command,
    } = crate::rewrite::prove_checks(model, limits);
    let stem: String = model
        .modules
        .first()
        .map(|m| m.name.clone())
        .unwrap_or_default();
    let proved: Vec<AssertResult> = results.into_iter().filter(|r| r.proved).collect();
    if proved.is_empty() {
        return Default::default();
    }
    let Ok((preamble, printed)) = section_body(&stem, &prover, &proved) else {
        return Default::default();
    };
    let lemmas = of_command
        .into_iter()
        .filter_map(|(k, name)| printed.get(&name).map(|l| (k, l.clone())))
        .collect();
    crate::export::RewriteProofs { preamble, lemmas }
}

/// The Coq lemmas of one proved assertion (one per conjunct, and their
/// conjunction when there are several).
pub fn assertion(p: &Printer<'_>, r: &AssertResult) -> Result<Vec<String>, ExportError> {
    let mut out = vec![];
    let base = lemma_name(&r.name);
    let mut parts = vec![];
    for (k, g) in r.goals.iter().enumerate() {
        let name = if r.goals.len() == 1 {
            base.clone()
        } else {
            format!("{base}_{}", k + 1)
        };
        out.push(format!(
            "(* {} *)",
            format!("{}: {}", r.name, g.goal)
                .replace("(*", "( *")
                .replace("*)", "* )")
        ));
        // The hypotheses of an implication's antecedent that the proof uses
        // are premises.
        let used: Vec<&Hypothesis> = g
            .local
            .iter()
            .filter(|h| uses_hypothesis(g, &h.name))
            .collect();
        let mut stmt = String::new();
        for h in &used {
            stmt.push_str(&format!("{} -> ", p.premise(h)?));
        }
        stmt.push_str(&p.statement(&g.goal)?);
        let ka_lemma = match (&g.proof, &g.ka) {
            (None, Some(k)) => {
                let kname = format!("{name}_ka");
                out.extend(ka_lemma(p, &kname, &g.goal, k)?);
                Some((kname, k))
            }
            (None, None) => return Err(ExportError::MissingProof),
            _ => None,
        };
        out.push(format!("Lemma {name} : {stmt}."));
        out.push("Proof.".into());
        if !used.is_empty() {
            let names: Vec<&str> = used.iter().map(|h| h.name.as_str()).collect();
            out.push(format!("  intros {}.", names.join(" ")));
        }
        let lines = match (&g.proof, ka_lemma) {
            (Some(proof), _) => p.script(&g.goal, proof, &g.rules)?,
            (None, Some((kname, k))) => ka_script(p, &kname, &g.goal, k, &g.rules)?,
            (None, None) => unreachable!("checked above"),
        };
        for l in lines {
            out.push(format!("  {l}"));
        }
        out.push("Qed.".into());
        parts.push((name, stmt));
    }
    if parts.len() > 1 {
        let stmt = parts
            .iter()
            .map(|(_, s)| format!("({s})"))
            .collect::<Vec<_>>()
            .join(" /\\ ");
        let mut term = parts.last().map(|(n, _)| n.clone()).unwrap_or_default();
        for (n, _) in parts.iter().rev().skip(1) {
            term = format!("(conj {n} {term})");
        }
        out.push(format!("Lemma {base} : {stmt}."));
        out.push(format!("Proof. exact {term}. Qed."));
    }
    Ok(out)
}

/// A file to put beside `relprove export --coq`'s files for the model whose
/// definitions module is `stem`: the section of [`section`], then for every
/// assertion proved without hypotheses a theorem `<a>_rewritten` of the
/// export's `<a>_statement`, by applying the section's lemma to the
/// instance's relations. Assertions that need the model's facts as
/// hypotheses are listed in a comment.
pub fn export_file(
    stem: &str,
    source: &str,
    prover: &crate::rewrite::Prover<'_>,
    results: &[AssertResult],
) -> Result<String, ExportError> {
    let mut out = section(stem, source, prover, results)?;
    out.push_str(&format!("\nRequire Import {stem}.\n"));
    let names = Names::section(&prover.arities);
    let p = Printer {
        names: &names,
        arities: &prover.arities,
    };
    for r in results.iter().filter(|r| r.proved) {
        let printable = assertion(&p, r).is_ok();
        let hyps = r.implication
            || r.goals.iter().any(|g| {
                prover
                    .hypotheses
                    .iter()
                    .any(|h| uses_hypothesis(g, &h.name))
            })
            || r.goals.iter().any(|g| {
                g.proof.iter().flat_map(|pr| &pr.steps).any(|s| {
                    g.rules
                        .of_lemma(&s.rule)
                        .any(|rule| !matches!(rule.justification, Justification::Lemma(_)))
                })
            });
        if !printable {
            continue;
        }
        let stmt = format!("{}_statement", ident(&r.name));
        if hyps {
            out.push_str(&format!(
                "\n(* {}: proved from hypotheses (the model's facts or the assertion's premises); apply {} to them. *)\n",
                r.name,
                lemma_name(&r.name)
            ));
            continue;
        }
        out.push_str(&format!(
            "\nTheorem {}_rewritten : {stmt}.\nProof.\n  unfold {stmt}; intros A i Hfacts.\n  apply {}.\nQed.\n",
            ident(&r.name),
            lemma_name(&r.name)
        ));
    }
    Ok(out)
}

fn ident(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '\'' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The certificate lemma of a goal proved by Kleene algebra: the goal's
/// (normalised) sides over variables `ka_x1 ...` for the letters, the
/// hypotheses used as premises; proved by eliminating the hypotheses
/// (`rewrite` for substitutions, `hkat` for `p <= 0`) and RelationAlgebra's
/// decision procedure (`rel_ka`/`rel_hkat` of theories/RA.v).
fn ka_lemma(
    p: &Printer<'_>,
    name: &str,
    goal: &Goal,
    k: &KaProof,
) -> Result<Vec<String>, ExportError> {
    let vars: Vec<Symbol> = (1..=k.letters.len())
        .map(|i| Symbol::from(format!("ka_x{i}")))
        .collect();
    let mut arities = p.arities.clone();
    let mut names = p.names.clone();
    for v in &vars {
        arities.insert(*v, 2);
        names.map.insert(*v, v.to_string());
    }
    let lp = Printer {
        names: &names,
        arities: &arities,
    };
    let lt = Letters {
        arities: p.arities,
        alpha: Default::default(),
    };
    let abs = |t: &Term| lt.abstracted(t, &k.letters, &vars);
    let mut stmt = String::new();
    for (h, _) in &k.hyps {
        let ah = Hypothesis {
            name: h.name.clone(),
            lhs: abs(&h.lhs),
            rhs: abs(&h.rhs),
            kind: h.kind,
        };
        stmt.push_str(&format!("{} -> ", lp.premise(&ah)?));
    }
    let ag = Goal {
        lhs: abs(&k.lhs),
        rhs: abs(&k.rhs),
        kind: goal.kind,
        arity: 2,
    };
    stmt.push_str(&lp.statement(&ag)?);
    let binders = if vars.is_empty() {
        String::new()
    } else {
        let v: Vec<String> = vars.iter().map(|v| v.to_string()).collect();
        format!(" ({} : rel A 2)", v.join(" "))
    };
    let mut out = vec![
        format!(
            "(* {} *)",
            k.certificate(goal.kind, p.arities)
                .replace("(*", "( *")
                .replace("*)", "* )")
        ),
        format!("Lemma {name}{binders} : {stmt}."),
        "Proof.".into(),
    ];
    let hs: Vec<String> = (1..=k.hyps.len()).map(|i| format!("K{i}")).collect();
    if !hs.is_empty() {
        out.push(format!("  intros {}.", hs.join(" ")));
    }
    let mut zero = false;
    for ((_, u), h) in k.hyps.iter().zip(&hs) {
        out.push(match u {
            HypUse::InLetter => format!("  rewrite (incl_union_same _ _ _ {h})."),
            HypUse::EqLeft => format!("  rewrite {h}."),
            HypUse::EqRight => format!("  rewrite <- {h}."),
            HypUse::Trans => format!("  rewrite (incl_trans_closure _ _ {h})."),
            HypUse::StarL => format!("  rewrite (incl_star_l _ _ _ {h})."),
            HypUse::StarR => format!("  rewrite (incl_star_r _ _ _ {h})."),
            HypUse::Zero => {
                zero = true;
                format!("  ka_hyp {h}.")
            }
        });
    }
    out.push(if zero { "  rel_hkat." } else { "  rel_ka." }.into());
    out.push("Qed.".into());
    Ok(out)
}

/// The proof of a goal from its Kleene-algebra lemma: each side rewritten
/// to the normalised one (a `transitivity` chain as for egg's proofs), then
/// the lemma applied to the letters and hypotheses.
fn ka_script(
    p: &Printer<'_>,
    kname: &str,
    goal: &Goal,
    k: &KaProof,
    rules: &RuleSet,
) -> Result<Vec<String>, ExportError> {
    let mut lines = vec![];
    if k.steps() > 0 {
        let (l, l2) = (p.term(&goal.lhs)?, p.term(&k.lhs)?);
        let (r, r2) = (p.term(&goal.rhs)?, p.term(&k.rhs)?);
        lines.push(match goal.kind {
            Kind::In => format!("apply (incl_same_both _ {l} {l2} {r} {r2})."),
            Kind::Eq => format!("apply (same_same_both _ {l} {l2} {r} {r2})."),
            Kind::No => format!("apply (no_same_both _ {l} {l2})."),
        });
        let mut sides = vec![(&goal.lhs, &k.lhs_proof)];
        if goal.kind != Kind::No {
            sides.push((&goal.rhs, &k.rhs_proof));
        }
        for (t, proof) in sides {
            let g = Goal {
                lhs: t.clone(),
                rhs: proof.rhs.clone(),
                kind: Kind::Eq,
                arity: 2,
            };
            lines.push("{".into());
            for l in p.script(&g, proof, rules)? {
                lines.push(format!("  {l}"));
            }
            lines.push("}".into());
        }
    }
    let mut args = vec![kname.to_string()];
    for t in &k.letters {
        args.push(p.term(t)?);
    }
    for (h, _) in &k.hyps {
        args.push(h.name.clone());
    }
    lines.push(format!("exact ({}).", args.join(" ")));
    Ok(lines)
}

/// Whether a goal's proof uses the hypothesis `hyp`.
fn uses_hypothesis(g: &crate::rewrite::GoalResult, hyp: &str) -> bool {
    if let Some(k) = &g.ka {
        if k.hyps.iter().any(|(h, _)| h.name == hyp) {
            return true;
        }
    }
    let ka_steps =
        g.ka.iter()
            .flat_map(|k| k.lhs_proof.steps.iter().chain(&k.rhs_proof.steps));
    g.proof
        .iter()
        .flat_map(|p| &p.steps)
        .chain(ka_steps)
        .any(|s| {
            g.rules.of_lemma(&s.rule).any(|r| match &r.justification {
                Justification::InclUnion { hyp: h }
                | Justification::InclInter { hyp: h }
                | Justification::Same { hyp: h }
                | Justification::No { hyp: h } => h == hyp,
                Justification::Lemma(_) => false,
            })
        })
}
