//! Rendering of instances: Alloy-like text, JSON and Graphviz dot.
//!
//! Every renderer walks sigs and fields in model order and tuple sets in
//! their (sorted) order, so output is deterministic.
//!
//! Names: a sig of the root module is shown as Alloy shows it, `this/Event`;
//! a sig of an opened module by its label (`ptx/Event`). A field is shown
//! qualified by its sig, `this/Event<:po`. Atoms are shown by their labels
//! in the universe (`Event$0`, integers by value).

use std::fmt::Write as _;

use serde::Serialize;

use crate::ir::{FieldId, Model, SigId};

use super::{Instance, Tuple, TupleSet};

/// The name Alloy prints for a sig: `this/Event` in the root module,
/// otherwise its label (`ptx/Event`).
pub fn sig_name(model: &Model, s: SigId) -> String {
    let sig = model.sig(s);
    if sig.module.index() == 0 && !sig.label.contains('/') {
        format!("this/{}", sig.label)
    } else {
        sig.label.clone()
    }
}

/// The name Alloy prints for a field: `this/Event<:po`.
pub fn field_name(model: &Model, f: FieldId) -> String {
    let field = model.field(f);
    format!("{}<:{}", sig_name(model, field.sig), field.name)
}

fn tuple_text(inst: &Instance, t: &Tuple) -> String {
    t.iter()
        .map(|&a| inst.universe.label(a))
        .collect::<Vec<_>>()
        .join("->")
}

/// `{A$0->B$1, A$1->B$0}`.
pub fn tuple_set_text(inst: &Instance, ts: &TupleSet) -> String {
    let items: Vec<String> = ts.iter().map(|t| tuple_text(inst, t)).collect();
    format!("{{{}}}", items.join(", "))
}

/// Alloy-like text: one line per sig (each followed by its fields), then
/// one line per skolem witness.
///
/// ```text
/// this/Event={Event$0, Event$1}
/// this/Event<:po={Event$0->Event$1}
/// skolem $MP_e={Event$0}
/// ```
///
/// Sigs or fields missing from the instance are printed as `{}`.
pub fn render_text(model: &Model, inst: &Instance) -> String {
    let empty = TupleSet::new();
    let mut out = String::new();
    for s in model.sig_ids() {
        let v = inst.sigs.get(&s).unwrap_or(&empty);
        let _ = writeln!(out, "{}={}", sig_name(model, s), tuple_set_text(inst, v));
        for f in model.fields_of(s) {
            let v = inst.fields.get(&f).unwrap_or(&empty);
            let _ = writeln!(out, "{}={}", field_name(model, f), tuple_set_text(inst, v));
        }
    }
    for (name, v) in &inst.skolems {
        let _ = writeln!(out, "skolem {}={}", name, tuple_set_text(inst, v));
    }
    out
}

/// JSON form of an instance.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InstanceJson {
    /// One relation per sig, in model order.
    pub sigs: Vec<RelationJson>,
    /// One relation per field, in model order.
    pub fields: Vec<RelationJson>,
    /// The skolem witnesses, in instance order.
    pub skolems: Vec<RelationJson>,
}

/// One relation: its printed name and its tuples, each an array of atom
/// labels (unary relations too: `[["Event$0"], ["Event$1"]]`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelationJson {
    /// The name Alloy prints (`this/Event`, `this/Event<:po`, `$MP_e`).
    pub name: String,
    /// The tuples, each as atom labels.
    pub tuples: Vec<Vec<String>>,
}

fn rel_json(inst: &Instance, name: String, ts: &TupleSet) -> RelationJson {
    RelationJson {
        name,
        tuples: ts
            .iter()
            .map(|t| {
                t.iter()
                    .map(|&a| inst.universe.label(a).to_string())
                    .collect()
            })
            .collect(),
    }
}

/// The JSON document of an instance (sigs and fields in model order,
/// skolems in instance order, tuples sorted).
pub fn instance_json(model: &Model, inst: &Instance) -> InstanceJson {
    let empty = TupleSet::new();
    InstanceJson {
        sigs: model
            .sig_ids()
            .map(|s| {
                rel_json(
                    inst,
                    sig_name(model, s),
                    inst.sigs.get(&s).unwrap_or(&empty),
                )
            })
            .collect(),
        fields: model
            .field_ids()
            .map(|f| {
                rel_json(
                    inst,
                    field_name(model, f),
                    inst.fields.get(&f).unwrap_or(&empty),
                )
            })
            .collect(),
        skolems: inst
            .skolems
            .iter()
            .map(|(n, ts)| rel_json(inst, n.clone(), ts))
            .collect(),
    }
}

/// [`instance_json`] as a `serde_json::Value`.
pub fn render_json(model: &Model, inst: &Instance) -> serde_json::Value {
    serde_json::to_value(instance_json(model, inst)).expect("instance JSON is always serialisable")
}

fn dot_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// Graphviz: every atom of a sig (integers excepted) is a node labelled with
/// its name, the other sigs it belongs to, unary skolems naming it, and the
/// values of non-binary fields (and binary fields into integers) as
/// attributes `f: X->Y`; binary fields (and binary skolems, dashed) between
/// non-integer atoms are labelled edges.
pub fn render_dot(model: &Model, inst: &Instance) -> String {
    let u = &inst.universe;
    let is_int = |a: u32| u.int_value(a).is_some();
    // Nodes: atoms of any sig, in atom order.
    let mut nodes: Vec<u32> = inst
        .sigs
        .values()
        .flat_map(|ts| ts.iter().map(|t| t[0]))
        .filter(|&a| !is_int(a))
        .collect();
    nodes.sort_unstable();
    nodes.dedup();
    let mut attrs: std::collections::BTreeMap<u32, Vec<String>> =
        nodes.iter().map(|&a| (a, Vec::new())).collect();
    // Membership in sigs other than the most general one that named the atom.
    for s in model.sig_ids() {
        let sig = model.sig(s);
        if matches!(sig.kind, crate::ir::SigKind::TopLevel) {
            continue;
        }
        if let Some(ts) = inst.sigs.get(&s) {
            for t in ts {
                if let Some(v) = attrs.get_mut(&t[0]) {
                    v.push(format!("({})", sig.label));
                }
            }
        }
    }
    for (name, ts) in &inst.skolems {
        if ts.iter().all(|t| t.len() == 1) {
            for t in ts {
                if let Some(v) = attrs.get_mut(&t[0]) {
                    v.push(name.clone());
                }
            }
        }
    }
    let mut edges: Vec<String> = Vec::new();
    for f in model.field_ids() {
        let name = &model.field(f).name;
        let Some(ts) = inst.fields.get(&f) else {
            continue;
        };
        for t in ts {
            if t.len() == 2 && !is_int(t[0]) && !is_int(t[1]) {
                edges.push(format!(
                    "  \"{}\" -> \"{}\" [label=\"{}\"];",
                    dot_escape(u.label(t[0])),
                    dot_escape(u.label(t[1])),
                    dot_escape(name)
                ));
            } else if let Some(v) = attrs.get_mut(&t[0]) {
                v.push(format!("{}: {}", name, tuple_text(inst, &t[1..].to_vec())));
            }
        }
    }
    for (name, ts) in &inst.skolems {
        for t in ts {
            if t.len() == 2 && attrs.contains_key(&t[0]) && attrs.contains_key(&t[1]) {
                edges.push(format!(
                    "  \"{}\" -> \"{}\" [label=\"{}\", style=dashed];",
                    dot_escape(u.label(t[0])),
                    dot_escape(u.label(t[1])),
                    dot_escape(name)
                ));
            }
        }
    }
    let mut out = String::from("digraph instance {\n  node [shape=box];\n");
    for (a, extra) in &attrs {
        let mut label = u.label(*a).to_string();
        for x in extra {
            label.push('\n');
            label.push_str(x);
        }
        let _ = writeln!(
            out,
            "  \"{}\" [label=\"{}\"];",
            dot_escape(u.label(*a)),
            dot_escape(&label)
        );
    }
    for e in edges {
        out.push_str(&e);
        out.push('\n');
    }
    out.push_str("}\n");
    out
}
