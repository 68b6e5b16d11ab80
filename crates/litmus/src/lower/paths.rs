//! Symbolic execution of each thread: its control-flow paths, each fixing
//! the thread's events exactly (see [`super::step`] for one instruction).

use super::step::{State, Step};
use crate::ast::*;
use crate::value::Sym;
use relprove_engine::diag::{Diagnostic, Phase, Span};
use std::collections::{BTreeMap, BTreeSet};

/// Strength of a memory event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// A weak access.
    Weak,
    /// A relaxed access (also every fence and barrier event).
    Relaxed,
    /// An acquire read.
    Acquire,
    /// A release write.
    Release,
}

/// `loc` is the physical location, `vloc` the virtual address the
/// instruction names (they differ only for aliases).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvKind {
    /// A read (a load, or the read of a read-modify-write).
    Read {
        /// The physical location read.
        loc: String,
        /// The virtual address the instruction names.
        vloc: String,
    },
    /// A write (a store, or the write of a read-modify-write).
    Write {
        /// The physical location written.
        loc: String,
        /// The virtual address the instruction names.
        vloc: String,
        /// The value written, over the thread's read values.
        val: Sym,
    },
    /// A `fence` (or `membar`) of the given strength.
    Fence(FenceKind),
    /// `fence.proxy.P` (`Some`) or `fence.proxy.alias` (`None`).
    ProxyFence(Option<Proxy>),
    /// bar.sync (`arrive_only = false`) or bar.arrive of barrier instance
    /// `inst` (its `use_k`-th use in the thread); `res` is the named
    /// barrier's resource id (a constant, or a term no other id equals),
    /// `quorum` its thread count.
    Barrier {
        /// `true` for bar.arrive, `false` for bar.sync.
        arrive_only: bool,
        /// The barrier instance.
        inst: i64,
        /// Which use of `inst` in the thread this is (from 0).
        use_k: usize,
        /// The named barrier's resource id, if any.
        res: Option<Sym>,
        /// The thread count, if any.
        quorum: Option<i64>,
    },
}

/// One event of a path: what it is, its proxy, strength and scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// What the event is.
    pub kind: EvKind,
    /// The proxy of an access or fence (`None`: alias fences, barriers).
    pub proxy: Option<Proxy>,
    /// The event's strength.
    pub strength: Strength,
    /// `None` for weak accesses (their scope is their thread).
    pub scope: Option<Scope>,
    /// The instruction the event comes from.
    pub span: Span,
}

/// One control-flow path of one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The thread's events, in program order.
    pub events: Vec<Event>,
    /// (read, write) pairs of the same atom.
    pub rmw: Vec<(usize, usize)>,
    /// (read, later event) dependencies: address, data and control.
    pub deps: BTreeSet<(usize, usize)>,
    /// Branch conditions taken: (equal?, lhs, rhs).
    pub conds: Vec<(bool, Sym, Sym)>,
    /// Final register values.
    pub regs: BTreeMap<String, Sym>,
}

/// Limits of the symbolic execution.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// How many times a label may be passed on one path.
    pub unroll: u32,
    /// Most control-flow paths per thread.
    pub max_paths: usize,
    /// Most events on one path.
    pub max_events: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            unroll: 2,
            max_paths: 256,
            max_events: 40,
        }
    }
}

/// The physical location and the virtual address named by `name` (see
/// [`Alias`]).
pub fn resolve_loc(test: &Test, name: &str) -> (String, String) {
    let mut phys = name;
    let mut virt = name;
    if let Some(a) = test.aliases.iter().find(|a| a.name == name) {
        if a.proxy != Proxy::Generic {
            virt = &a.target;
        }
    }
    // Follow alias targets down to a declared location (declarations only
    // refer to earlier ones, so this ends).
    for _ in 0..=test.aliases.len() {
        match test.aliases.iter().find(|a| a.name == phys) {
            Some(a) => phys = &a.target,
            None => break,
        }
    }
    (phys.to_string(), virt.to_string())
}

/// The control-flow paths of every thread.
pub fn paths(test: &Test, limits: Limits) -> Result<Vec<Vec<Path>>, Diagnostic> {
    // x86 threads (compound tests) have no PTX axiomatic lowering.
    if let Some(t) = test.threads.iter().find(|t| t.x86) {
        return Err(Diagnostic::new(
            Phase::Litmus,
            t.span,
            "x86 threads are decided only by operational models",
        )
        .hint("use --model op:lost-pop (see docs/operational.md)"));
    }
    test.threads
        .iter()
        .map(|t| thread_paths(test, t, limits))
        .collect()
}

fn thread_paths(test: &Test, th: &Thread, limits: Limits) -> Result<Vec<Path>, Diagnostic> {
    let mut labels = BTreeMap::new();
    for (i, ins) in th.instrs.iter().enumerate() {
        if let InstrKind::Label(l) = &ins.kind {
            if labels.insert(l.clone(), i).is_some() {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    ins.span,
                    format!("label `{l}` defined twice in P{}", th.id),
                ));
            }
        }
    }
    for ins in &th.instrs {
        if let InstrKind::Goto(l) | InstrKind::Branch { target: l, .. } = &ins.kind {
            if !labels.contains_key(l) {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    ins.span,
                    format!("undefined label `{l}` in P{}", th.id),
                ));
            }
        }
    }
    let mut regs = BTreeMap::new();
    for (t, r, v, _) in &test.init_regs {
        if *t == th.id {
            regs.insert(r.clone(), (Sym::Const(*v), BTreeSet::new()));
        }
    }
    let start = State::start(th.instrs.len(), regs);
    let mut done = Vec::new();
    let mut work = vec![start];
    while let Some(mut st) = work.pop() {
        loop {
            if st.pc >= th.instrs.len() {
                st.path.regs = st
                    .regs
                    .iter()
                    .map(|(r, (s, _))| (r.clone(), s.clone()))
                    .collect();
                done.push(st.path);
                if done.len() > limits.max_paths {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        th.span,
                        format!(
                            "unsupported: P{} has more than {} control-flow paths",
                            th.id, limits.max_paths
                        ),
                    ));
                }
                break;
            }
            let ins = &th.instrs[st.pc];
            if st.path.events.len() > limits.max_events {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    ins.span,
                    format!(
                        "unsupported: a path of P{} has more than {} events",
                        th.id, limits.max_events
                    ),
                ));
            }
            let next = st.step(test, ins, &labels, limits)?;
            work.append(&mut st.pending);
            match next {
                Step::Next => {}
                Step::Cut => break,
                Step::Fork(other) => work.push(*other),
            }
        }
    }
    done.reverse();
    Ok(done)
}
