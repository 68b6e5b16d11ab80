//! Instances as graphs (`check --graph`, `litmus --graph`): a small graph
//! value ([`Graph`]) and its Graphviz DOT text ([`Graph::to_dot`]).
//!
//! Two drawings:
//! - memory-model executions ([`execution`]), drawn the herd way: one node
//!   per event labelled `a: W.rel.gpu x=1`, grouped by thread (clusters
//!   `P0`, `P1`, ...) inside their CTA/GPU clusters for scoped models;
//!   edges coloured and labelled by relation (`po` transitively reduced,
//!   `rf`, `co`, `fr`, `sc`, `sw`, then any relation asked for);
//! - any other Alloy instance ([`generic`]): atoms as nodes grouped by
//!   top-level sig, binary fields as edges, other fields as node
//!   attributes.
//!
//! Executions are read off a [`Named`] instance (relations by name), so a
//! check instance and a litmus witness (whose back end reports relations
//! by name) are drawn by the same code. Every list is sorted, so the DOT
//! text of an instance is always the same.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write as _};

use crate::ir::{Model, SigKind};

use super::eval::{eval_expr, Env, EvalError};
use super::Instance;

/// An instance by names: every sig's atoms and every relation's tuples
/// (fields, and the derived relations evaluated by [`named`]), as atom
/// labels. Relations of the same name (two sigs' fields) are merged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Named {
    /// Atom labels of each sig, by sig name.
    pub sigs: BTreeMap<String, BTreeSet<String>>,
    /// Tuples (as atom labels) of each relation, by relation name.
    pub fields: BTreeMap<String, BTreeSet<Vec<String>>>,
}

/// The derived relations an execution graph shows when the model defines
/// them (as parameterless functions): from-read and synchronises-with.
pub const DERIVED: [&str; 2] = ["fr", "sw"];

/// Why a graph could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// `--show NAME`: the model has no binary field or parameterless
    /// function of that name.
    UnknownRelation {
        /// The name asked for.
        name: String,
        /// The binary fields and parameterless binary functions of the model.
        available: Vec<String>,
    },
    /// `--show NAME` names a relation that is not binary.
    NotBinary {
        /// The name asked for.
        name: String,
        /// The relation's arity.
        arity: usize,
    },
    /// The evaluator could not compute a derived relation.
    Eval {
        /// The relation's name.
        name: String,
        /// What the evaluator reported.
        error: EvalError,
    },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::UnknownRelation { name, available } => write!(
                f,
                "--show {name}: the model has no binary field or parameterless function `{name}` (available: {})",
                available.join(", ")
            ),
            GraphError::NotBinary { name, arity } => write!(
                f,
                "--show {name}: `{name}` has arity {arity}; only binary relations are drawn as edges"
            ),
            GraphError::Eval { name, error } => write!(f, "cannot evaluate `{name}`: {error}"),
        }
    }
}

impl std::error::Error for GraphError {}

/// What a relation name denotes in a model.
enum RelDef<'m> {
    Field(usize),
    Fun(&'m crate::ir::Fun),
}

/// The binary field or parameterless function called `name` (a field
/// wins, as in Alloy's name resolution inside a sig).
fn lookup<'m>(model: &'m Model, name: &str) -> Option<RelDef<'m>> {
    let base = |n: &str| n.rsplit('/').next().unwrap_or(n).to_string();
    if let Some(f) = model.fields.iter().find(|f| f.name == name) {
        return Some(RelDef::Field(f.arity));
    }
    model
        .funs
        .iter()
        .find(|f| f.params.is_empty() && (f.name == name || base(&f.name) == name))
        .map(RelDef::Fun)
}

/// Check that every name of `show` is a binary relation of the model.
pub fn check_show(model: &Model, show: &[String]) -> Result<(), GraphError> {
    for name in show {
        match lookup(model, name) {
            None => {
                let mut available: Vec<String> = model
                    .fields
                    .iter()
                    .filter(|f| f.arity == 2)
                    .map(|f| f.name.clone())
                    .chain(
                        model
                            .funs
                            .iter()
                            .filter(|f| f.params.is_empty() && f.body.arity == 2)
                            .map(|f| f.name.rsplit('/').next().unwrap_or(&f.name).to_string()),
                    )
                    .collect();
                available.sort();
                available.dedup();
                return Err(GraphError::UnknownRelation {
                    name: name.clone(),
                    available,
                });
            }
            Some(RelDef::Field(arity)) if arity != 2 => {
                return Err(GraphError::NotBinary {
                    name: name.clone(),
                    arity,
                })
            }
            Some(RelDef::Fun(f)) if f.body.arity != 2 => {
                return Err(GraphError::NotBinary {
                    name: name.clone(),
                    arity: f.body.arity,
                })
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The instance by names, with the derived relations [`DERIVED`] (where
/// the model defines them) and those of `show` evaluated by the
/// independent evaluator.
pub fn named(model: &Model, inst: &Instance, show: &[String]) -> Result<Named, GraphError> {
    check_show(model, show)?;
    let label = |a: &u32| inst.universe.label(*a).to_string();
    let mut out = Named::default();
    for (id, ts) in &inst.sigs {
        out.sigs
            .entry(model.sig(*id).name.clone())
            .or_default()
            .extend(ts.iter().map(|t| label(&t[0])));
    }
    for (id, ts) in &inst.fields {
        out.fields
            .entry(model.field(*id).name.clone())
            .or_default()
            .extend(ts.iter().map(|t| t.iter().map(label).collect()));
    }
    let wanted = DERIVED
        .iter()
        .map(|s| s.to_string())
        .chain(show.iter().cloned());
    for name in wanted {
        if out.fields.contains_key(&name) {
            continue;
        }
        let Some(RelDef::Fun(fun)) = lookup(model, &name) else {
            continue;
        };
        if fun.body.arity != 2 {
            continue;
        }
        let ts = eval_expr(model, inst, &mut Env::new(), &fun.body).map_err(|error| {
            GraphError::Eval {
                name: name.clone(),
                error,
            }
        })?;
        out.fields.insert(
            name,
            ts.iter().map(|t| t.iter().map(label).collect()).collect(),
        );
    }
    Ok(out)
}

/// A node: its DOT id and its label (lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The DOT node id.
    pub id: String,
    /// The label, one entry per line.
    pub label: Vec<String>,
}

/// A group of nodes drawn in a box (a thread, a CTA, a sig).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cluster {
    /// Shown on the box.
    pub label: String,
    /// Nodes directly in this cluster.
    pub nodes: Vec<Node>,
    /// Nested clusters.
    pub clusters: Vec<Cluster>,
}

/// A labelled, coloured edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// DOT id of the source node.
    pub from: String,
    /// DOT id of the target node.
    pub to: String,
    /// The relation's name, shown on the edge.
    pub label: String,
    /// A Graphviz colour name (edge and label).
    pub color: &'static str,
    /// Drawn dashed.
    pub dashed: bool,
    /// Whether the edge takes part in ranking (Graphviz `constraint`): in
    /// executions only `po` does, so threads stand side by side with
    /// their events top to bottom in program order, as herd draws them.
    pub constraint: bool,
}

/// A graph ready to print as DOT.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// Shown above the drawing.
    pub title: String,
    /// Nodes outside any cluster, and the top-level clusters.
    pub top: Cluster,
    /// Every edge of the graph.
    pub edges: Vec<Edge>,
}

/// DOT string literal.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Graph {
    /// The Graphviz DOT document.
    pub fn to_dot(&self) -> String {
        let mut out = String::from("digraph instance {\n");
        let _ = writeln!(out, "  label={};", quote(&self.title));
        out.push_str("  labelloc=t;\n  fontname=\"Helvetica\";\n");
        out.push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
        out.push_str("  edge [fontname=\"Helvetica\", fontsize=11];\n");
        let mut next = 0;
        write_cluster_body(&mut out, &self.top, 1, &mut next);
        for e in &self.edges {
            let _ = writeln!(
                out,
                "  {} -> {} [label={}, color={}, fontcolor={}{}{}];",
                quote(&e.from),
                quote(&e.to),
                quote(&e.label),
                e.color,
                e.color,
                if e.dashed { ", style=dashed" } else { "" },
                if e.constraint {
                    ""
                } else {
                    ", constraint=false"
                }
            );
        }
        out.push_str("}\n");
        out
    }
}

fn write_cluster_body(out: &mut String, c: &Cluster, depth: usize, next: &mut usize) {
    let pad = "  ".repeat(depth);
    for n in &c.nodes {
        let _ = writeln!(
            out,
            "{pad}{} [label={}];",
            quote(&n.id),
            quote(&n.label.join("\n"))
        );
    }
    // Graphviz (2.43) lays out the clusters nested in a cluster right to
    // left in input order; emitting them reversed puts thread P0 left.
    let subs: Vec<&Cluster> = if depth > 1 {
        c.clusters.iter().rev().collect()
    } else {
        c.clusters.iter().collect()
    };
    for sub in subs {
        let _ = writeln!(out, "{pad}subgraph cluster_{} {{", *next);
        *next += 1;
        let _ = writeln!(out, "{pad}  label={};", quote(&sub.label));
        write_cluster_body(out, sub, depth + 1, next);
        let _ = writeln!(out, "{pad}}}");
    }
}

/// Natural order of labels: `T2` before `T10`, `Event$9` before `Event$10`.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (ca, cb) = (chunks(a), chunks(b));
    for (x, y) in ca.iter().zip(&cb) {
        let o = match (x, y) {
            ((true, p), (true, q)) => {
                let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
                p.len().cmp(&q.len()).then_with(|| p.cmp(q))
            }
            ((_, p), (_, q)) => p.cmp(q),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    ca.len().cmp(&cb.len()).then_with(|| a.cmp(b))
}

/// herd's event names: `a` ... `z`, then `aa`, `ab`, ...
fn event_letter(mut i: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// Annotations of an event from the sigs it belongs to (PTX, scoped RC11,
/// GPU RMO and TSO names).
const ANNOTATIONS: [(&str, &str); 13] = [
    ("Weak", "weak"),
    ("Acquire", "acq"),
    ("Release", "rel"),
    ("FenceSC", "sc"),
    ("FenceAcqRel", "acq_rel"),
    ("FenceAcq", "acq"),
    ("FenceRel", "rel"),
    ("MembarCTA", "cta"),
    ("MembarGL", "gl"),
    ("MembarSYS", "sys"),
    ("MFence", "mfence"),
    ("ProxyFence", "proxy"),
    ("AliasFence", "alias"),
];

/// Relations an execution graph always shows (when present), with their
/// colours.
const RELATIONS: [(&str, &str); 7] = [
    ("po", "black"),
    ("rf", "red"),
    ("co", "blue"),
    ("fr", "orange"),
    ("sc", "purple"),
    ("sw", "darkgreen"),
    ("rmw", "gray30"),
];

/// Colours of the relations asked for with `--show`, in turn.
const PALETTE: [&str; 6] = ["magenta", "brown", "cyan4", "gold3", "gray40", "deeppink"];

/// One memory-model reading of a [`Named`] instance.
struct Exec<'n> {
    n: &'n Named,
    empty: BTreeSet<Vec<String>>,
}

impl<'n> Exec<'n> {
    fn field(&self, name: &str) -> &BTreeSet<Vec<String>> {
        self.n.fields.get(name).unwrap_or(&self.empty)
    }
    /// The binary pairs of a relation.
    fn pairs(&self, name: &str) -> Vec<(&'n str, &'n str)> {
        self.n
            .fields
            .get(name)
            .into_iter()
            .flatten()
            .filter(|t| t.len() == 2)
            .map(|t| (t[0].as_str(), t[1].as_str()))
            .collect()
    }
    /// `x.f` for a functional binary field.
    fn image(&self, name: &str, x: &str) -> Option<&'n str> {
        self.pairs(name)
            .into_iter()
            .find(|(a, _)| *a == x)
            .map(|(_, b)| b)
    }
    /// The scope tree: `sub` (relprove's models), `subscope` (NVIDIA's).
    fn sub(&self) -> Vec<(&'n str, &'n str)> {
        let mut v = self.pairs("sub");
        v.extend(self.pairs("subscope"));
        v
    }
    /// An event's location: `addr` (relprove's models), `address`
    /// (NVIDIA's).
    fn addr(&self, ev: &str) -> Option<&'n str> {
        self.image("addr", ev).or_else(|| self.image("address", ev))
    }
    fn in_sig(&self, sig: &str, atom: &str) -> bool {
        self.n.sigs.get(sig).is_some_and(|s| s.contains(atom))
    }
    /// The sigs an atom belongs to.
    fn sigs_of(&self, atom: &str) -> Vec<&'n str> {
        self.n
            .sigs
            .iter()
            .filter(|(_, s)| s.contains(atom))
            .map(|(k, _)| k.as_str())
            .collect()
    }
    /// The enclosing scope of a scope atom: `p` with `p->x` in `sub`, or
    /// `x.cta` / `x.grid` (GPU RMO's thread hierarchy).
    fn parent(&self, x: &str) -> Option<&'n str> {
        self.sub()
            .into_iter()
            .find(|(_, c)| *c == x)
            .map(|(p, _)| p)
            .or_else(|| self.image("cta", x))
            .or_else(|| self.image("grid", x))
    }
    fn ancestors(&self, x: &str) -> Vec<&'n str> {
        let mut out: Vec<&'n str> = Vec::new();
        let mut cur = self.parent(x);
        while let Some(p) = cur {
            if out.contains(&p) || out.len() > 16 {
                break;
            }
            out.push(p);
            cur = self.parent(p);
        }
        out
    }
    /// `sys`, `gpu`, `cta` for a scope atom; `None` for a thread (a
    /// thread-scoped access shows no scope).
    fn level(&self, x: &str) -> Option<String> {
        if self.in_sig("Thread", x) {
            return None;
        }
        if self.in_sig("CTA", x) {
            return Some("cta".into());
        }
        if self.in_sig("Grid", x) {
            return Some("gpu".into());
        }
        // Litmus scopes are named by their sigs (`lt_sys`, `lt_gpu0`,
        // `lt_cta0_1`).
        for (prefix, lvl) in [("lt_sys", "sys"), ("lt_gpu", "gpu"), ("lt_cta", "cta")] {
            if self.sigs_of(x).iter().any(|s| s.starts_with(prefix)) {
                return Some(lvl.into());
            }
        }
        // Otherwise by height above the threads (a thread's parent is its
        // CTA, then the GPU, then the system), or, for a scope with no
        // thread below it, by depth below the root.
        Some(match self.height(x, 0) {
            Some(1) => "cta".into(),
            Some(2) => "gpu".into(),
            Some(3) => "sys".into(),
            Some(h) => format!("s{h}"),
            None => match self.ancestors(x).len() {
                0 => "sys".into(),
                1 => "gpu".into(),
                2 => "cta".into(),
                d => format!("s{d}"),
            },
        })
    }
    /// The shortest distance from a scope down (`sub`) to a thread.
    fn height(&self, x: &str, depth: usize) -> Option<usize> {
        if self.in_sig("Thread", x) {
            return Some(0);
        }
        if depth > 16 {
            return None;
        }
        self.sub()
            .into_iter()
            .filter(|(p, _)| *p == x)
            .filter_map(|(_, c)| self.height(c, depth + 1))
            .min()
            .map(|h| h + 1)
    }
}

/// The name of a location atom: `x` for the litmus sig `lt_loc_x`,
/// otherwise `x`, `y`, `z`, `w`, then `loc5`, ... in order of first
/// access by the events (given in thread and program order), so that the
/// names do not depend on how the solver numbered the atoms.
fn location_names(e: &Exec, events: &[&str]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut k = 0;
    for ev in events {
        let Some(a) = e.addr(ev) else {
            continue;
        };
        if out.contains_key(a) {
            continue;
        }
        let lit = e
            .sigs_of(a)
            .into_iter()
            .find_map(|s| s.strip_prefix("lt_loc_").map(str::to_string));
        let name = lit.unwrap_or_else(|| {
            k += 1;
            match k {
                1 => "x".into(),
                2 => "y".into(),
                3 => "z".into(),
                4 => "w".into(),
                _ => format!("loc{k}"),
            }
        });
        out.insert(a.to_string(), name);
    }
    out
}

/// The value of an event in a litmus witness (`lt_val` into the value
/// sigs `lt_v1`, `lt_vm1`).
fn value_of(e: &Exec, ev: &str) -> Option<i64> {
    let t = e
        .field("lt_val")
        .iter()
        .find(|t| t.len() >= 2 && t[t.len() - 2] == ev)?;
    let v = &t[t.len() - 1];
    e.sigs_of(v).into_iter().find_map(|s| {
        if let Some(n) = s.strip_prefix("lt_vm") {
            n.parse::<i64>().ok().map(|n| -n)
        } else {
            s.strip_prefix("lt_v").and_then(|n| n.parse().ok())
        }
    })
}

/// Whether the instance is a memory-model execution: it has events and a
/// program order (`sig Event { po: ... }`).
pub fn is_execution(n: &Named) -> bool {
    n.sigs.contains_key("Event") && n.fields.contains_key("po")
}

/// The herd-style drawing of an execution ([`is_execution`]); `None` for
/// other instances. `show`: further relations of `n` to draw.
pub fn execution(n: &Named, title: &str, show: &[String]) -> Option<Graph> {
    if !is_execution(n) {
        return None;
    }
    let e = Exec {
        n,
        empty: BTreeSet::new(),
    };
    let mut events: Vec<&str> = n.sigs["Event"].iter().map(String::as_str).collect();
    events.sort_by(|a, b| natural_cmp(a, b));
    let po = e.pairs("po");
    let po_set: BTreeSet<(&str, &str)> = po.iter().copied().collect();
    let closure = transitive_closure(&po_set);
    // An event's thread: `thread` (relprove's models), or the thread whose
    // `start` event it is or follows in program order (NVIDIA's).
    let thread_of = |ev: &str| {
        e.image("thread", ev).or_else(|| {
            e.pairs("start")
                .into_iter()
                .find(|(_, s)| *s == ev || closure.contains(&(*s, ev)))
                .map(|(t, _)| t)
        })
    };
    let mut threads: Vec<&str> = events.iter().filter_map(|ev| thread_of(ev)).collect();
    threads.sort_by(|a, b| natural_cmp(a, b));
    threads.dedup();
    // Events in thread order, then program order.
    let rank = |ev: &str| closure.iter().filter(|(_, b)| *b == ev).count();
    let thread_index = |ev: &str| {
        thread_of(ev)
            .and_then(|t| threads.iter().position(|x| *x == t))
            .unwrap_or(usize::MAX)
    };
    events.sort_by(|a, b| {
        thread_index(a)
            .cmp(&thread_index(b))
            .then_with(|| rank(a).cmp(&rank(b)))
            .then_with(|| natural_cmp(a, b))
    });
    let locs = location_names(&e, &events);
    let has_weak = n.sigs.contains_key("Weak");
    let label = |i: usize, ev: &str| -> String {
        let sigs = e.sigs_of(ev);
        let has = |s: &str| sigs.contains(&s);
        let kind = if has("Read") {
            "R"
        } else if has("Write") {
            "W"
        } else if has("Barrier") {
            "B"
        } else if sigs
            .iter()
            .any(|s| s.contains("Fence") || s.contains("Membar"))
        {
            "F"
        } else {
            "E"
        };
        let mut parts = vec![kind.to_string()];
        for (s, a) in ANNOTATIONS {
            // NVIDIA's FenceSC extends FenceAcqRel: `sc` says it all.
            let implied = s == "FenceAcqRel" && has("FenceSC");
            if has(s) && !implied && !parts.iter().any(|p| p == a) {
                parts.push(a.to_string());
            }
        }
        if has_weak && (kind == "R" || kind == "W") && parts.len() == 1 {
            parts.push("rlx".into());
        }
        if let Some(lvl) = e.image("scope", ev).and_then(|s| e.level(s)) {
            parts.push(lvl);
        }
        let mut text = format!("{}: {}", event_letter(i), parts.join("."));
        if let Some(l) = e.addr(ev).and_then(|a| locs.get(a)) {
            text.push(' ');
            text.push_str(l);
            if let Some(v) = value_of(&e, ev) {
                let _ = write!(text, "={v}");
            }
        }
        text
    };
    // Clusters: thread `P<i>` inside its enclosing scopes (below the root).
    let mut top = Cluster::default();
    let mut scope_titles: BTreeMap<&str, String> = BTreeMap::new();
    let mut level_counts: BTreeMap<String, usize> = BTreeMap::new();
    for (i, ev) in events.iter().enumerate() {
        let node = Node {
            id: event_letter(i),
            label: vec![label(i, ev)],
        };
        let Some(t) = thread_of(ev) else {
            top.nodes.push(node);
            continue;
        };
        let mut path: Vec<String> = Vec::new();
        for s in e.ancestors(t).into_iter().rev().skip(1) {
            // `cta 0`, `cta 1`, ...: numbered per level in thread order
            // (not by atom label, which is the solver's choice).
            let title = scope_titles.entry(s).or_insert_with(|| {
                let lvl = e.level(s).unwrap_or_else(|| "thread".into());
                let k = level_counts.entry(lvl.clone()).or_insert(0);
                *k += 1;
                format!("{lvl} {}", *k - 1)
            });
            path.push(title.clone());
        }
        let ti = threads.iter().position(|x| *x == t).unwrap_or(0);
        path.push(format!("P{ti}"));
        cluster_at(&mut top, &path).nodes.push(node);
    }
    // Edges: the standard relations, then those asked for.
    // Node ids are the event letters, not the atoms' labels, so the text
    // does not depend on how the solver numbered the atoms.
    let index_of = |a: &str| events.iter().position(|x| *x == a);
    let mut edges = Vec::new();
    let mut drawn: Vec<&str> = Vec::new();
    let extra = show
        .iter()
        .map(String::as_str)
        .filter(|s| !RELATIONS.iter().any(|(r, _)| r == s));
    let wanted = RELATIONS
        .iter()
        .copied()
        .chain(extra.zip(PALETTE.iter().copied().cycle()));
    for (rel, color) in wanted {
        if drawn.contains(&rel) {
            continue;
        }
        drawn.push(rel);
        let pairs = if rel == "po" {
            transitive_reduction(&po_set)
        } else {
            e.pairs(rel)
        };
        let mut ends: Vec<(usize, usize)> = pairs
            .into_iter()
            .filter_map(|(a, b)| Some((index_of(a)?, index_of(b)?)))
            .collect();
        ends.sort_unstable();
        for (x, y) in ends {
            {
                edges.push(Edge {
                    from: event_letter(x),
                    to: event_letter(y),
                    label: rel.to_string(),
                    color,
                    dashed: false,
                    constraint: rel == "po",
                });
            }
        }
    }
    Some(Graph {
        title: title.to_string(),
        top,
        edges,
    })
}

/// The cluster at `path` below `top`, created on first use (clusters keep
/// the order in which they are first met: thread order).
fn cluster_at<'c>(top: &'c mut Cluster, path: &[String]) -> &'c mut Cluster {
    let mut cur = top;
    for name in path {
        let i = match cur.clusters.iter().position(|c| &c.label == name) {
            Some(i) => i,
            None => {
                cur.clusters.push(Cluster {
                    label: name.clone(),
                    ..Default::default()
                });
                cur.clusters.len() - 1
            }
        };
        cur = &mut cur.clusters[i];
    }
    cur
}

fn transitive_closure<'a>(r: &BTreeSet<(&'a str, &'a str)>) -> BTreeSet<(&'a str, &'a str)> {
    let mut c = r.clone();
    loop {
        let mut add = Vec::new();
        for &(a, b) in &c {
            for &(b2, d) in c.range((b, "")..) {
                if b2 != b {
                    break;
                }
                if !c.contains(&(a, d)) {
                    add.push((a, d));
                }
            }
        }
        if add.is_empty() {
            return c;
        }
        c.extend(add);
    }
}

/// The pairs of `r` not implied by two others (`r` minus `r+ . r+`): the
/// immediate program order of a transitive `po`.
fn transitive_reduction<'a>(r: &BTreeSet<(&'a str, &'a str)>) -> Vec<(&'a str, &'a str)> {
    let c = transitive_closure(r);
    r.iter()
        .copied()
        .filter(|&(a, b)| {
            !c.iter()
                .any(|&(x, m)| x == a && m != b && m != a && c.contains(&(m, b)))
        })
        .collect()
}

/// Colours of the fields of a generic drawing, in turn.
const FIELD_COLORS: [&str; 8] = [
    "black",
    "red",
    "blue",
    "darkgreen",
    "orange",
    "purple",
    "brown",
    "cyan4",
];

/// The drawing of any Alloy instance: one cluster per top-level sig
/// holding its atoms (integers excepted), each labelled with its name, the
/// subsigs it belongs to (`(Man)`), the unary skolems naming it and its
/// non-binary field values (`f: X->Y`, binary fields into integers too);
/// binary fields between atoms (and binary skolems, dashed) are edges.
pub fn generic(model: &Model, inst: &Instance, title: &str) -> Graph {
    let u = &inst.universe;
    let is_int = |a: u32| u.int_value(a).is_some();
    let mut attrs: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for ts in inst.sigs.values() {
        for t in ts {
            if !is_int(t[0]) {
                attrs
                    .entry(t[0])
                    .or_insert_with(|| vec![u.label(t[0]).to_string()]);
            }
        }
    }
    for s in model.sig_ids() {
        let sig = model.sig(s);
        if matches!(sig.kind, SigKind::TopLevel) {
            continue;
        }
        for t in inst.sigs.get(&s).into_iter().flatten() {
            if let Some(v) = attrs.get_mut(&t[0]) {
                v.push(format!("({})", sig.name));
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
    let text = |t: &[u32]| t.iter().map(|&a| u.label(a)).collect::<Vec<_>>().join("->");
    let mut edges = Vec::new();
    for (k, f) in model.field_ids().enumerate() {
        let name = &model.field(f).name;
        let color = FIELD_COLORS[k % FIELD_COLORS.len()];
        for t in inst.fields.get(&f).into_iter().flatten() {
            if t.len() == 2 && !is_int(t[0]) && !is_int(t[1]) {
                edges.push(Edge {
                    from: u.label(t[0]).to_string(),
                    to: u.label(t[1]).to_string(),
                    label: name.clone(),
                    color,
                    dashed: false,
                    constraint: true,
                });
            } else if let Some(v) = attrs.get_mut(&t[0]) {
                v.push(format!("{name}: {}", text(&t[1..])));
            }
        }
    }
    for (name, ts) in &inst.skolems {
        for t in ts {
            if t.len() == 2 && attrs.contains_key(&t[0]) && attrs.contains_key(&t[1]) {
                edges.push(Edge {
                    from: u.label(t[0]).to_string(),
                    to: u.label(t[1]).to_string(),
                    label: name.clone(),
                    color: "gray40",
                    dashed: true,
                    constraint: true,
                });
            }
        }
    }
    // One cluster per top-level sig, in model order; an atom goes to the
    // first that holds it.
    let mut top = Cluster::default();
    let mut placed = BTreeSet::new();
    for s in model.top_level_sigs() {
        let mut c = Cluster {
            label: model.sig(s).name.clone(),
            ..Default::default()
        };
        for t in inst.sigs.get(&s).into_iter().flatten() {
            if let Some(label) = attrs.get(&t[0]) {
                if placed.insert(t[0]) {
                    c.nodes.push(Node {
                        id: u.label(t[0]).to_string(),
                        label: label.clone(),
                    });
                }
            }
        }
        if !c.nodes.is_empty() {
            top.clusters.push(c);
        }
    }
    for (a, label) in &attrs {
        if !placed.contains(a) {
            top.nodes.push(Node {
                id: u.label(*a).to_string(),
                label: label.clone(),
            });
        }
    }
    Graph {
        title: title.to_string(),
        top,
        edges,
    }
}

/// The drawing of an instance of `model`: an execution when the model is a
/// memory model ([`is_execution`]), otherwise [`generic`].
pub fn instance_graph(
    model: &Model,
    inst: &Instance,
    title: &str,
    show: &[String],
) -> Result<Graph, GraphError> {
    let n = named(model, inst, show)?;
    Ok(execution(&n, title, show).unwrap_or_else(|| generic(model, inst, title)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_and_letters() {
        let mut v = vec!["T10", "T2", "T1", "Event$10", "Event$9"];
        v.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(v, ["Event$9", "Event$10", "T1", "T2", "T10"]);
        assert_eq!(event_letter(0), "a");
        assert_eq!(event_letter(25), "z");
        assert_eq!(event_letter(26), "aa");
        assert_eq!(event_letter(27), "ab");
    }

    #[test]
    fn po_is_reduced() {
        let r: BTreeSet<(&str, &str)> = [("a", "b"), ("b", "c"), ("a", "c")].into();
        assert_eq!(transitive_reduction(&r), vec![("a", "b"), ("b", "c")]);
    }
}
