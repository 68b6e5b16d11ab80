//! Drawing the execution that decided a Vulkan test (`--graph`): the
//! program's instructions as nodes, one box per thread, program order, and
//! the relations the solver chose — reads-from, the reads of an initial
//! value, and coherence (spirv.als's `asmo`, a cat model's `co`).
//!
//! The drawing is built from the test (what each event is) and the
//! instance (what the solver chose), by field name, so that it is the same
//! under spirv.als and under a cat model of Vulkan (whose RMW writes and
//! initial writes are events of their own: drawn as the RMW's node, and as
//! "reads the initial value").

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use relprove_engine::instance::graph::{self, Cluster, Edge, Graph, GraphError, Node};
use relprove_engine::instance::Instance;
use relprove_engine::ir::Model;

use super::{Attr, Event, Level, Test};

/// The execution the solver found for a result line: the resolved module
/// and the instance (re-evaluated by the independent evaluator).
#[derive(Debug)]
pub struct Witness {
    /// The resolved test module and the memory model it opens: what the
    /// instance's atoms and relations belong to.
    pub model: Arc<Model>,
    /// The execution: the values the solver chose, re-evaluated by the
    /// independent evaluator.
    pub instance: Instance,
}

/// The instruction of an event, in Dat3M's spelling (`st.atom.rel.scopewg
/// x = 1`): its kind, its other attributes, its variable and value.
pub fn instruction(e: &Event) -> String {
    let kind = if e.has(Attr::R) && e.has(Attr::W) {
        "rmw"
    } else if e.has(Attr::W) {
        "st"
    } else if e.has(Attr::R) {
        "ld"
    } else if e.has(Attr::Cbar) {
        "cbar"
    } else if e.has(Attr::AvDevice) {
        "avdevice"
    } else if e.has(Attr::VisDevice) {
        "visdevice"
    } else {
        "membar"
    };
    let structural = [
        Attr::R,
        Attr::W,
        Attr::F,
        Attr::Cbar,
        Attr::AvDevice,
        Attr::VisDevice,
    ];
    let mut text = kind.to_string();
    for a in e.attrs.iter().filter(|a| !structural.contains(a)) {
        text.push('.');
        match a {
            Attr::A => text.push_str("atom"),
            other => text.push_str(&other.field().to_lowercase()),
        }
    }
    if let Some(v) = &e.var {
        text.push(' ');
        text.push_str(v);
    }
    if let Some(w) = e.written {
        text.push_str(&format!(" = {w}"));
    }
    if let Some(c) = e.cbar_instance {
        text.push_str(&format!(" {c}"));
    }
    text
}

/// The instruction an atom stands for: `E3$0` → 3, and the write of RMW
/// E3 (`E3w$0`) too; `None` for anything else (initial writes, `Exec`).
fn event_of(label: &str) -> Option<usize> {
    let name = label.split('$').next()?;
    name.strip_prefix('E')?.trim_end_matches('w').parse().ok()
}

/// `r` without the pairs that a path of two or more of its pairs implies.
fn reduce(r: &BTreeSet<(usize, usize)>) -> Vec<(usize, usize)> {
    r.iter()
        .copied()
        .filter(|&(a, b)| {
            !r.iter()
                .any(|&(x, c)| x == a && c != b && r.contains(&(c, b)))
        })
        .collect()
}

/// The drawing of `w`, an execution of `test`, titled `title`.
pub fn execution_graph(test: &Test, w: &Witness, title: &str) -> Result<Graph, GraphError> {
    let named = graph::named(&w.model, &w.instance, &[])?;
    // The fields of the one `Exec`, without its atom, by instruction.
    let rel = |name: &str| -> BTreeSet<(usize, usize)> {
        named
            .fields
            .get(name)
            .map(|ts| {
                ts.iter()
                    .filter_map(|t| match t.as_slice() {
                        [_, a, b] => Some((event_of(a)?, event_of(b)?)),
                        _ => None,
                    })
                    .filter(|(a, b)| a != b)
                    .collect()
            })
            .unwrap_or_default()
    };
    let init: BTreeSet<usize> = named
        .fields
        .get("RFINIT")
        .map(|ts| {
            ts.iter()
                .filter_map(|t| match t.as_slice() {
                    [_, a] => event_of(a),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    let (co_name, co) = if named.fields.contains_key("asmo") {
        ("asmo", rel("asmo"))
    } else {
        ("co", rel("co"))
    };
    let mut threads: BTreeMap<usize, Cluster> = BTreeMap::new();
    for (i, e) in test.events.iter().enumerate() {
        let mut label = vec![format!("E{i}: {}", instruction(e))];
        if init.contains(&i) {
            label.push("reads the initial value".into());
        }
        threads
            .entry(test.group(Level::Thread, i))
            .or_insert_with(|| Cluster {
                label: format!("thread {}", e.thread),
                ..Default::default()
            })
            .nodes
            .push(Node {
                id: format!("E{i}"),
                label,
            });
    }
    let edge = |(a, b): (usize, usize), label: &str, color, constraint| Edge {
        from: format!("E{a}"),
        to: format!("E{b}"),
        label: label.to_string(),
        color,
        dashed: false,
        constraint,
    };
    let mut edges = Vec::new();
    for c in threads.values() {
        for pair in c.nodes.windows(2) {
            edges.push(Edge {
                from: pair[0].id.clone(),
                to: pair[1].id.clone(),
                label: "po".into(),
                color: "black",
                dashed: false,
                constraint: true,
            });
        }
    }
    edges.extend(rel("rf").into_iter().map(|p| edge(p, "rf", "red", false)));
    edges.extend(
        reduce(&co)
            .into_iter()
            .map(|p| edge(p, co_name, "blue", false)),
    );
    Ok(Graph {
        title: title.to_string(),
        top: Cluster {
            label: String::new(),
            nodes: Vec::new(),
            clusters: threads.into_values().collect(),
        },
        edges,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms_name_instructions_and_orders_are_reduced() {
        assert_eq!(event_of("E3$0"), Some(3));
        assert_eq!(event_of("E12w$0"), Some(12));
        assert_eq!(event_of("I0$0"), None);
        assert_eq!(event_of("Exec$0"), None);
        let r: BTreeSet<(usize, usize)> = [(0, 1), (1, 2), (0, 2)].into();
        assert_eq!(reduce(&r), vec![(0, 1), (1, 2)]);
    }
}
