//! Proofs printed for Lean 4, over the `Relprove` Lean library
//! (theories/lean), mirroring [`super::coq`].
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
//! Only proofs by the library's lemmas alone are printed: goals whose
//! proofs use the model's facts or an implication's premises are left to
//! the user (the skeleton stays).
//!
//! No Lean toolchain exists on relprove's build machines: this output is
//! checked statically only (see tests/export_lean.rs).

use std::collections::{BTreeMap, BTreeSet};

use egg::Symbol;

use super::lang::{Rel, Term};
use super::proof::{Dir, Proof, Step};
use super::rules::Justification;
use super::{AssertResult, Kind};

/// Prints terms as Lean over relation variables `r_<name>`.
pub struct Printer<'a> {
    pub arities: &'a BTreeMap<Symbol, usize>,
}

/// The Lean variable of a named relation.
pub fn var(s: Symbol) -> String {
    format!("r_{}", s.as_str())
}

impl Printer<'_> {
    fn ar(&self, t: &Term) -> Result<usize, String> {
        t.arity(self.arities).ok_or_else(|| format!("ill-formed term `{t}`"))
    }

    pub fn term(&self, t: &Term) -> Result<String, String> {
        self.term_hole(t, None)
    }

    /// `t`, with the subterm at `hole` (if any) printed as `x`.
    fn term_hole(&self, t: &Term, hole: Option<&[usize]>) -> Result<String, String> {
        if hole.is_some_and(|p| p.is_empty()) {
            return Ok("x".into());
        }
        let c = |i: usize| {
            // A path through another child leaves this one whole.
            let sub = match hole {
                Some(p) if p[0] == i => Some(&p[1..]),
                _ => None,
            };
            self.term_hole(&t.children[i], sub)
        };
        let a = |i: usize| self.ar(&t.children[i]);
        Ok(match &t.node {
            Rel::Union(_) => format!("(Rel.union {} {} {})", a(0)?, c(0)?, c(1)?),
            Rel::Inter(_) => format!("(Rel.inter {} {} {})", a(0)?, c(0)?, c(1)?),
            Rel::Diff(_) => format!("(Rel.diff {} {} {})", a(0)?, c(0)?, c(1)?),
            Rel::Join(_) => format!("(Rel.join {} {} {} {})", a(0)? - 1, a(1)? - 1, c(0)?, c(1)?),
            Rel::Product(_) => format!("(Rel.product {} {} {} {})", a(0)?, a(1)?, c(0)?, c(1)?),
            Rel::Override(_) => format!("(Rel.override {} {} {})", a(0)? - 1, c(0)?, c(1)?),
            Rel::DomR(_) => format!("(Rel.domr {} {} {})", a(1)? - 1, c(0)?, c(1)?),
            Rel::RanR(_) => format!("(Rel.ranr {} {} {})", a(0)? - 1, c(0)?, c(1)?),
            Rel::Transpose(_) => format!("(Rel.transpose {})", c(0)?),
            Rel::Closure(_) => format!("(Rel.closure {})", c(0)?),
            Rel::RClosure(_) => format!("(Rel.rclosure {})", c(0)?),
            Rel::None(_) => format!("(@Rel.none A {})", self.ar(t)?),
            Rel::Univ(_) => format!("(@Rel.univ A {})", self.ar(t)?),
            Rel::Iden => "(@Rel.iden A)".into(),
            Rel::Num(n) => n.to_string(),
            Rel::Name(s) => var(*s),
        })
    }

    /// Tactic lines proving the equation `proof.lhs = proof.rhs`.
    pub fn chain(&self, proof: &Proof) -> Result<Vec<String>, String> {
        let mut lines = vec![];
        for s in &proof.steps {
            lines.push(format!("/- {} -/", step_comment(s)));
            lines.push(format!("refine Eq.trans {} ?_", self.step(s)?));
        }
        lines.push("rfl".into());
        Ok(lines)
    }

    /// A term proving `s.before = s.after`.
    fn step(&self, s: &Step) -> Result<String, String> {
        let from = s.before.at(&s.path);
        let to = s.after.at(&s.path);
        let eq = format!("{} = {}", self.term(from)?, self.term(to)?);
        let lemma = match s.dir {
            Dir::Forward => format!("{} ..", s.rule),
            Dir::Backward => format!("({} ..).symm", s.rule),
        };
        let ctx = self.term_hole(&s.before, Some(&s.path))?;
        Ok(format!("(congrArg (fun (x : Rel A {}) => {ctx}) (show {eq} from {lemma}))", self.ar(from)?))
    }
}

fn step_comment(s: &Step) -> String {
    let arrow = if s.dir == Dir::Backward { " (right to left)" } else { "" };
    format!("{}{}: {}", s.rule, arrow, s.after).replace("/-", "/ -").replace("-/", "- /")
}

fn names_of(t: &Term, out: &mut BTreeSet<Symbol>) {
    if let Rel::Name(s) = t.node {
        out.insert(s);
    }
    t.children.iter().for_each(|c| names_of(c, out));
}

/// The Lean lemma name for an assertion's goal.
pub fn lemma_name(name: &str) -> String {
    super::coq::lemma_name(name)
}

/// The Lean theorems proving the goals of `r` (one per goal), with their
/// names; `Err` when the proof is outside what is printed for Lean (see the
/// module documentation).
pub fn assertion(p: &Printer<'_>, r: &AssertResult) -> Result<(Vec<String>, Vec<String>), String> {
    if r.implication {
        return Err("an implication (its premises would be hypotheses)".into());
    }
    let mut out = vec![];
    let mut names = vec![];
    let base = lemma_name(&r.name);
    for (k, g) in r.goals.iter().enumerate() {
        let proof = g.proof.as_ref().ok_or("missing proof")?;
        let hyp = proof.steps.iter().any(|s| {
            g.rules.of_lemma(&s.rule).any(|rule| !matches!(rule.justification, Justification::Lemma(_)))
        });
        if hyp {
            return Err("the proof uses the model's facts".into());
        }
        // The relations the statement mentions are the arguments; a proof
        // mentioning others could not be applied by unification.
        let mut stmt_names = BTreeSet::new();
        names_of(&g.goal.lhs, &mut stmt_names);
        names_of(&g.goal.rhs, &mut stmt_names);
        let mut all = stmt_names.clone();
        for s in &proof.steps {
            names_of(&s.before, &mut all);
            names_of(&s.after, &mut all);
        }
        if all != stmt_names {
            return Err("the proof mentions relations the goal does not".into());
        }
        let name = if r.goals.len() == 1 { base.clone() } else { format!("{base}_{}", k + 1) };
        let mut binders = String::from("{A : Type}");
        for s in &stmt_names {
            binders.push_str(&format!(" ({} : Rel A {})", var(*s), p.arities.get(s).ok_or("unknown relation")?));
        }
        let (l, rr, n) = (p.term(&g.goal.lhs)?, p.term(&g.goal.rhs)?, g.goal.arity);
        out.push(format!("/- {}: {} -/", r.name.replace("-/", "- /"), g.goal.to_string().replace("-/", "- /")));
        match g.goal.kind {
            Kind::Eq => {
                out.push(format!("theorem {name} {binders} :\n    {l} = {rr} := by"));
                out.extend(p.chain(proof)?.into_iter().map(|s| format!("  {s}")));
            }
            Kind::In => {
                let u = format!("(Rel.union {n} {l} {rr})");
                out.push(format!("theorem {name} {binders} :\n    Rel.incl {n} {l} {rr} := by"));
                out.push(format!("  have h : {u} = {rr} := by"));
                out.extend(p.chain(proof)?.into_iter().map(|s| format!("    {s}")));
                out.push(format!(
                    "  exact incl_trans {n} {l} {u} {rr} (incl_union_l {n} {l} {rr})\n    \
                     ((congrArg (fun (x : Rel A {n}) => Rel.incl {n} x {rr}) h).mpr (incl_refl {n} {rr}))"
                ));
            }
            Kind::No => {
                out.push(format!("theorem {name} {binders} :\n    Rel.no {n} {l} := by"));
                out.push(format!("  have h : {l} = {rr} := by"));
                out.extend(p.chain(proof)?.into_iter().map(|s| format!("    {s}")));
                out.push(format!("  exact (congrArg (Rel.no {n}) h).mpr (no_none {n})"));
            }
        }
        out.push(String::new());
        names.push(name);
    }
    Ok((out, names))
}

/// The rewriter's proofs for `relprove export --lean` (as
/// [`super::coq::export_proofs`] for Coq): the preamble holds a theorem per
/// goal; each proved `check` maps to the theorems proving its conjuncts.
pub fn export_proofs(model: &crate::ir::Model, limits: super::Limits) -> crate::export::coq::RewriteProofs {
    use crate::ir::{CommandKind, CommandTarget};
    let prover = super::Prover::new(model, limits);
    let p = Printer { arities: &prover.arities };
    let mut done: BTreeMap<String, Option<Vec<String>>> = BTreeMap::new();
    let mut preamble = vec![];
    let mut lemmas = BTreeMap::new();
    for (k, c) in model.commands.iter().enumerate() {
        if c.kind != CommandKind::Check || c.expect == Some(1) {
            continue;
        }
        let (name, body) = match &c.target {
            CommandTarget::Assert(a) => (model.asserts[a.index()].name.clone(), &model.asserts[a.index()].body),
            CommandTarget::Inline(f) => (c.name.clone(), f),
            CommandTarget::Pred(_) => continue,
        };
        let entry = done.entry(name.clone()).or_insert_with(|| {
            let r = prover.prove_assert(&name, body);
            if !r.proved {
                return None;
            }
            let (lines, names) = assertion(&p, &r).ok()?;
            preamble.extend(lines);
            Some(names)
        });
        if let Some(names) = entry {
            lemmas.insert(k, names.clone());
        }
    }
    let preamble = if preamble.is_empty() {
        String::new()
    } else {
        format!("/- Lemmas proved by relprove's rewriter. -/\n\n{}\n", preamble.join("\n").trim_end())
    };
    crate::export::coq::RewriteProofs { preamble, lemmas }
}
