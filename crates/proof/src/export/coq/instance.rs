//! A found instance (or counterexample) as Coq definitions over the model's
//! Coq export (`relprove check FILE -c NAME --format coq`).
//!
//! The file it writes, beside the export of the same model (`relprove export
//! --coq`), has:
//! * `Inductive atom`: one constructor per atom of the instance's sigs (no
//!   integer atoms: the Coq export has none), decidable equality by
//!   `Scheme Equality`, and a `Finite atom` instance (theories/Decide.v);
//! * one value per module record (`inst_<mod> : <mod>_Inst atom`) and the
//!   root record `inst : Instance atom`, every sig and field given
//!   extensionally (`mem1 [..]`, `mem2 [..]`);
//! * `inst_facts : <M>_facts inst` (the instance satisfies everything the
//!   model assumes), proved by computation (`rp_decide`);
//! * for a `check` with a counterexample, `<name>_fails : ~ <statement>`,
//!   the refutation of the assertion's generated statement; for a `run`
//!   with an instance, `<name>_instance`: the command's formula holds of
//!   `inst` (the formula is not stated when the run's predicate has
//!   parameters, which Alloy quantifies existentially).
//!
//! Every lemma is proved by `rp_decide`, so compiling the file with coqc
//! re-checks the instance independently of relprove.

use std::collections::{BTreeMap, BTreeSet};

use relprove_engine::diag::{Diagnostics, SourceMap};
use relprove_engine::instance::{Atom, Instance, TupleSet};
use relprove_engine::ir::*;

use super::{model_file_stem, sanitize, source_comment, Gen, ROOT};
use crate::export::term::{dedup, err, render, WIDTH};

/// An atom label (`ptx/Event$0`) as the tail of a Coq identifier.
/// `compile_src11_ptx/ptx/Thread$0` becomes `Thread0`.
fn label_ident(label: &str) -> String {
    let last = label.rsplit('/').next().unwrap_or(label);
    let s: String = last
        .chars()
        .filter(|&c| c != '$')
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        s
    } else {
        format!("a{s}")
    }
}

/// `[x; y; ...]`, broken into lines of at most `WIDTH` columns after
/// `indent` spaces.
fn coq_list(items: &[String], indent: usize) -> String {
    let mut out = String::from("[");
    let mut col = indent + 1;
    for (k, it) in items.iter().enumerate() {
        let sep = if k + 1 < items.len() { ";" } else { "" };
        if k > 0 {
            if col + 1 + it.len() + sep.len() > WIDTH {
                out.push('\n');
                out.push_str(&" ".repeat(indent + 1));
                col = indent + 1;
            } else {
                out.push(' ');
                col += 1;
            }
        }
        out.push_str(it);
        out.push_str(sep);
        col += it.len() + sep.len();
    }
    out.push(']');
    out
}

/// The Coq text of `inst`, an instance of command `cmd` of `model`, or
/// diagnostics (a relation of arity above 2, which `rp_decide` cannot
/// evaluate, or a model the Coq export refuses).
pub fn instance_file(
    model: &Model,
    sources: &SourceMap,
    cmd: CommandId,
    inst: &Instance,
) -> Result<String, Diagnostics> {
    let mut g = Gen::new(model, sources);
    let c = &model.commands[cmd.index()];
    check_arities(model)?;
    let mut fresh = Fresh(g.ids.names.taken.clone());
    let atom_ty = fresh.name("atom");
    let inst_name = fresh.name("inst");
    let facts_lemma = fresh.name("inst_facts");

    // The atoms: those of some sig, in universe order.
    let mut used: BTreeSet<Atom> = BTreeSet::new();
    for ts in inst.sigs.values() {
        used.extend(ts.iter().map(|t| t[0]));
    }
    let mut atom_name: BTreeMap<Atom, String> = BTreeMap::new();
    for &a in &used {
        let label = inst.universe.label(a);
        atom_name.insert(a, fresh.name(&label_ident(label)));
    }

    let mut out = String::new();
    let stem = model_file_stem(model);
    let title = format!(
        "{} {}",
        if c.kind == CommandKind::Check {
            "check"
        } else {
            "run"
        },
        c.name
    );
    out.push_str(&format!(
        "(* An instance of `{title}` of {stem}.als, found by relprove.\n   Every lemma is proved by computation over the finite type of atoms. *)\n"
    ));
    out.push_str("Require Import Relprove.Relprove Relprove.Decide.\n");
    let mut files: Vec<String> = (1..model.modules.len())
        .map(|j| g.ids.file[j].clone())
        .collect();
    files.push(stem.clone());
    out.push_str(&format!("Require Import {}.\n", dedup(files).join(" ")));
    out.push_str("Require Import Coq.Lists.List.\nImport ListNotations.\n\n");
    out.push_str(&atoms_text(&atom_ty, &atom_name, inst));
    out.push_str(&records_text(
        &g, inst, &atom_ty, &inst_name, &atom_name, &mut fresh,
    ));

    let facts = g.ids.module_facts[0].clone();
    out.push_str(&format!(
        "(* The instance satisfies everything the model assumes. *)\n\
         Lemma {facts_lemma} : {facts} {inst_name}.\nProof. rp_decide. Qed.\n\n"
    ));

    // the command
    out.push_str(&source_comment(sources, c.span));
    match (&c.kind, &c.target) {
        (CommandKind::Check, target) => {
            let stmt = match target {
                CommandTarget::Assert(a) => g.ids.statement[a.index()].clone(),
                _ => g.inline_statement_name(c),
            };
            let name = fresh.name(&format!("{}_fails", sanitize(&c.name)));
            out.push_str(&format!(
                "(* The instance is a counterexample: the assertion's statement is false. *)\n\
                 Theorem {name} : ~ {stmt}.\n\
                 Proof.\n  unfold {stmt}. intro H. specialize (H {atom_ty} {inst_name} {facts_lemma}).\n  \
                 revert H. rp_decide.\nQed.\n"
            ));
        }
        (CommandKind::Run, target) => {
            let body = match target {
                CommandTarget::Inline(f) => Some(f.clone()),
                CommandTarget::Pred(p) if model.preds[p.index()].params.is_empty() => {
                    Some(Formula {
                        kind: FormulaKind::Call(*p, vec![]),
                        span: c.span,
                    })
                }
                _ => None,
            };
            if let Some(f) = body {
                g.enter(ROOT);
                let d = g.formula(&f).map_err(|e| Diagnostics(vec![e]))?;
                let name = fresh.name(&format!("{}_instance", sanitize(&c.name)));
                let root_rec = &g.ids.record[0];
                out.push_str(&format!(
                    "(* The command's formula holds of the instance. *)\n\
                     Lemma {name} :\n  (fun (i : {root_rec} {atom_ty}) =>\n    {}) {inst_name}.\n\
                     Proof. rp_decide. Qed.\n",
                    render(&d).replace('\n', "\n    ")
                ));
            } else {
                out.push_str(
                    "(* The run's predicate has parameters (existentially quantified by\n   Alloy): only the facts are stated. *)\n",
                );
            }
        }
    }
    if !g.errors.is_empty() {
        return Err(Diagnostics(g.errors));
    }
    Ok(out)
}

/// Refuses a field of arity above 2, which `rp_decide` cannot evaluate.
fn check_arities(model: &Model) -> Result<(), Diagnostics> {
    for f in model.field_ids() {
        let fl = model.field(f);
        if fl.arity > 2 {
            return Err(Diagnostics(vec![err(
                fl.span,
                format!(
                    "field `{}` has arity {}: the Coq instance export handles relations of arity 1 and 2",
                    fl.name, fl.arity
                ),
            )]));
        }
    }
    Ok(())
}

/// Identifiers of the instance file: none of the export's, none twice.
struct Fresh(BTreeSet<String>);

impl Fresh {
    fn name(&mut self, base: &str) -> String {
        let mut n = base.to_string();
        while !self.0.insert(n.clone()) {
            n.push('\'');
        }
        n
    }
}

/// The type of atoms, its decidable equality and its `Finite` instance.
fn atoms_text(atom_ty: &str, atom_name: &BTreeMap<Atom, String>, inst: &Instance) -> String {
    let mut out = String::new();
    let names: Vec<&String> = atom_name.values().collect();
    out.push_str(&format!("Inductive {atom_ty} : Type :="));
    if names.is_empty() {
        out.push_str(".\n");
    } else {
        for (a, n) in atom_name {
            out.push_str(&format!("\n  | {n} (* {} *)", inst.universe.label(*a)));
        }
        out.push_str(".\n");
    }
    let beq = format!("{atom_ty}_beq");
    out.push_str(&format!("Scheme Equality for {atom_ty}.\n\n"));
    let enum_list = coq_list(&names.iter().map(|s| s.to_string()).collect::<Vec<_>>(), 14);
    out.push_str(&format!(
        "#[global] Program Instance {atom_ty}_finite : Finite {atom_ty} := {{|\n  fin_enum := {enum_list};\n  fin_eqb := {beq} |}}.\n\
         Next Obligation. split; [apply internal_{atom_ty}_dec_bl | apply internal_{atom_ty}_dec_lb]. Qed.\n\
         Next Obligation. destruct a; simpl; repeat first [left; reflexivity | right]. Qed.\n\n"
    ));
    out
}

/// One value per module record, every sig and field given extensionally;
/// opened modules first, since the root record holds theirs.
fn records_text(
    g: &Gen<'_>,
    inst: &Instance,
    atom_ty: &str,
    inst_name: &str,
    atom_name: &BTreeMap<Atom, String>,
    fresh: &mut Fresh,
) -> String {
    let model = g.m;
    let mut out = String::new();
    let empty = Default::default();
    let set = |ts: &TupleSet| -> String {
        let items: Vec<String> = ts
            .iter()
            .map(|tu| {
                let ns: Vec<&str> = tu.iter().map(|a| atom_name[a].as_str()).collect();
                if ns.len() == 1 {
                    ns[0].to_string()
                } else {
                    format!("({})", ns.join(", "))
                }
            })
            .collect();
        coq_list(&items, 10)
    };
    let mut record_value = BTreeMap::new();
    for k in (1..model.modules.len()).chain([0]) {
        let mut args = Vec::new();
        if k == 0 {
            for j in 1..model.modules.len() {
                args.push(record_value.get(&j).cloned().unwrap_or_default());
            }
        }
        for s in model
            .sig_ids()
            .filter(|s| model.sig(*s).module.index() == k)
        {
            args.push(format!(
                "(mem1 {})",
                set(inst.sigs.get(&s).unwrap_or(&empty))
            ));
            for f in model.fields_of(s) {
                args.push(format!(
                    "(mem2 {})",
                    set(inst.fields.get(&f).unwrap_or(&empty))
                ));
            }
        }
        let rec = &g.ids.record[k];
        let (name, mk) = if k == 0 {
            (inst_name.to_string(), "mkInstance".to_string())
        } else {
            (
                fresh.name(&format!("inst_{}", g.ids.file[k])),
                format!("mk_{rec}"),
            )
        };
        out.push_str(&format!(
            "Definition {name} : {rec} {atom_ty} :=\n  @{mk} {atom_ty}{}.\n\n",
            args.iter()
                .map(|a| format!("\n    {a}"))
                .collect::<String>()
        ));
        record_value.insert(k, name);
    }
    out
}
