//! Lowering a litmus test to a candidate-execution skeleton over a model.
//!
//! Two steps:
//!
//! 1. [`paths`]: each thread is executed symbolically. Register values are
//!    terms over the values of the thread's reads ([`Sym`]); a branch on a
//!    read value forks the thread, recording the branch condition; a `cas`
//!    forks into success (a write happens) and failure; loops are unrolled
//!    up to a bound (paths that would exceed it are cut, as herd does).
//!    Every path fixes the thread's events exactly (kinds, locations,
//!    strengths, scopes, program order and dependencies).
//! 2. [`alloy_source`]: one path per thread (a *combination*) becomes a
//!    [`LitmusExecution`] (data, printed as Alloy text or built into the
//!    IR: see [`super::execution`]) that opens the memory model, declares every event,
//!    location, scope and value as a `one sig`, pins the model's
//!    relations that the program determines (po, thread placement, scope
//!    tree, addresses, strengths, rmw, dep, barrier synchronisation), and
//!    leaves `rf`, `co`, `sc` (and the model's other derived witnesses)
//!    free. Values are atoms `lt_v<N>` of a finite domain computed here; a
//!    read's value is its rf source's value, or the location's initial value
//!    when it has none; arithmetic is a lookup table over the domain.
//!
//! The names of the model's sigs and fields come from a [`Binding`], one per
//! supported model (documented in docs/litmus.md).

use super::ast::*;
use super::execution::{FactDecl, Fml, FunDecl, LitmusExecution, Rel, RunScope, SigDecl};
use super::value::mk_op;
pub use super::value::{val_atom, ObsEval, Op, Sym};
use relprove_engine::diag::{Diagnostic, Phase, Span};
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------
// Bindings

/// How a memory model names the pieces of a candidate execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    pub name: &'static str,
    /// The predicate that holds exactly for consistent executions.
    pub consistent: &'static str,
    pub mem_event: &'static str,
    /// Field `Scope -> Scope` from a scope to its children.
    pub subscope: &'static str,
    /// Field `MemEvent -> Address`.
    pub addr: &'static str,
    /// Program order is stored transitively (`true`) or as its immediate
    /// successor relation (`false`).
    pub po_transitive: bool,
    pub placement: Placement,
    pub strength: StrengthStyle,
    pub barrier: BarrierStyle,
    /// The model requires `rmw in dep`.
    pub rmw_in_dep: bool,
    /// The model's `Address` sig requires at least two accesses and a write
    /// per address (NVIDIA's scope-reduction fact); such addresses get a
    /// phantom write in an extra thread that no read may read from.
    pub address_needs_accesses: bool,
    /// How the model names proxies and virtual addresses (PTX 7.5).
    pub proxies: ProxyStyle,
    /// The root sig of events.
    pub event_sig: &'static str,
    /// The sigs of acquire reads and release writes.
    pub acquire_sig: &'static str,
    pub release_sig: &'static str,
    /// How the scope tree is declared.
    pub scope_tree: ScopeTree,
    /// The model reads "no rf" as "reads 0" (so initial values must be 0).
    pub init_zero: bool,
    /// `(sig, parent)` for every event sig the lowering uses, up to `Event`.
    /// The run's scope gives each of them an exact count, which also keeps
    /// the one-sig events of different kinds on distinct atoms.
    pub hierarchy: &'static [(&'static str, &'static str)],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProxyStyle {
    /// No proxies: accesses are generic, addresses physical.
    NoProxies,
    /// relprove's models/ptx75.als: `proxy: Event -> lone Proxy` (atoms
    /// GEN, SUR, TEX, CON) on accesses and fences, `vaddr: MemEvent -> one
    /// VAddr`, `paddr: VAddr -> one Address`, sigs `ProxyFence` (with a
    /// proxy) and `AliasFence`.
    Ptx75,
    /// NVIDIA's mixedproxy ptx.als: `Address` atoms are virtual addresses,
    /// `alias` links those of one physical location; `proxy: MemoryOp ->
    /// one Proxy` (GenericProxy, ...); `ProxyFence.proxy_fence_proxy`,
    /// `AliasFence`; both fences are unscoped.
    MixedProxy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeTree {
    /// Scope atoms `one sig ... extends Scope`, the tree in one field.
    SubField,
    /// NVIDIA mixedproxy: `one sig System`, `Device`, `Block`, `Thread`
    /// sigs with fields `devices`, `blocks`, `threads`.
    Levels,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// `thread: Event -> one Thread`.
    ThreadField(&'static str),
    /// `start: Thread -> one Event` (first event of each thread).
    StartField(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrengthStyle {
    /// Subset sigs `Weak in MemEvent`, `Acquire in Read`, `Release in Write`.
    SubsetSigs,
    /// `Acquire extends Read`, `Release extends Write`; weak = scope is the
    /// thread itself.
    ExtendsSigs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierStyle {
    /// One `Barrier` event per bar.sync, symmetric `bsync` between the
    /// bar.syncs of other threads on the same barrier; no bar.arrive.
    Single {
        sig: &'static str,
        rel: &'static str,
    },
    /// bar.sync = `BarrierArrive; po; BarrierWait`, bar.arrive = a lone
    /// `BarrierArrive`; `synchronizes: BarrierArrive -> BarrierWait`.
    ArriveWait {
        arrive: &'static str,
        wait: &'static str,
        rel: &'static str,
    },
    /// The model has no barriers.
    NoBarriers,
}

/// relprove's own models/ptx.als.
pub const PROJECT_PTX: Binding = Binding {
    name: "relprove models/ptx.als",
    consistent: "ptx_consistent",
    mem_event: "MemEvent",
    subscope: "sub",
    addr: "addr",
    po_transitive: true,
    placement: Placement::ThreadField("thread"),
    strength: StrengthStyle::SubsetSigs,
    barrier: BarrierStyle::Single {
        sig: "Barrier",
        rel: "bsync",
    },
    rmw_in_dep: false,
    address_needs_accesses: false,
    proxies: ProxyStyle::NoProxies,
    event_sig: "Event",
    acquire_sig: "Acquire",
    release_sig: "Release",
    scope_tree: ScopeTree::SubField,
    init_zero: false,
    hierarchy: &[
        ("MemEvent", "Event"),
        ("Read", "MemEvent"),
        ("Write", "MemEvent"),
        ("Fence", "Event"),
        ("FenceSC", "Fence"),
        ("FenceAcqRel", "Fence"),
        ("FenceAcq", "Fence"),
        ("FenceRel", "Fence"),
        ("Barrier", "Event"),
    ],
};

/// relprove's models/ptx75.als (PTX 7.5 with proxies).
pub const PROJECT_PTX75: Binding = Binding {
    name: "relprove models/ptx75.als",
    consistent: "ptx75_consistent",
    proxies: ProxyStyle::Ptx75,
    hierarchy: &[
        ("MemEvent", "Event"),
        ("Read", "MemEvent"),
        ("Write", "MemEvent"),
        ("Fence", "Event"),
        ("FenceSC", "Fence"),
        ("FenceAcqRel", "Fence"),
        ("FenceAcq", "Fence"),
        ("FenceRel", "Fence"),
        ("ProxyFence", "Event"),
        ("AliasFence", "Event"),
        ("Barrier", "Event"),
    ],
    ..PROJECT_PTX
};

/// NVIDIA's ASPLOS'19 ptx.als (NVlabs/ptxmemorymodel).
pub const NVIDIA_PTX: Binding = Binding {
    name: "NVIDIA ptxmemorymodel ptx.als",
    consistent: "ptx_mm",
    mem_event: "MemoryEvent",
    subscope: "subscope",
    addr: "address",
    po_transitive: false,
    placement: Placement::StartField("start"),
    strength: StrengthStyle::ExtendsSigs,
    barrier: BarrierStyle::ArriveWait {
        arrive: "BarrierArrive",
        wait: "BarrierWait",
        rel: "synchronizes",
    },
    rmw_in_dep: true,
    address_needs_accesses: true,
    proxies: ProxyStyle::NoProxies,
    event_sig: "Event",
    acquire_sig: "Acquire",
    release_sig: "Release",
    scope_tree: ScopeTree::SubField,
    init_zero: false,
    hierarchy: &[
        ("MemoryEvent", "Event"),
        ("Read", "MemoryEvent"),
        ("Acquire", "Read"),
        ("Write", "MemoryEvent"),
        ("Release", "Write"),
        ("Fence", "Event"),
        ("FenceAcqRel", "Fence"),
        ("FenceSC", "FenceAcqRel"),
        ("FenceAcq", "Fence"),
        ("FenceRel", "Fence"),
        ("Barrier", "Event"),
        ("BarrierArrive", "Barrier"),
        ("BarrierWait", "Barrier"),
    ],
};

/// NVIDIA's PTX 7.5 mixed-proxy ptx.als (NVlabs/mixedproxy).
pub const NVIDIA_MIXEDPROXY: Binding = Binding {
    name: "NVIDIA mixedproxy ptx.als",
    consistent: "ptx_mm",
    mem_event: "MemoryOp",
    subscope: "subscope",
    addr: "address",
    po_transitive: false,
    placement: Placement::StartField("start"),
    strength: StrengthStyle::ExtendsSigs,
    barrier: BarrierStyle::NoBarriers,
    rmw_in_dep: true,
    address_needs_accesses: false,
    proxies: ProxyStyle::MixedProxy,
    event_sig: "Op",
    acquire_sig: "ReadAcquire",
    release_sig: "WriteRelease",
    scope_tree: ScopeTree::Levels,
    init_zero: true,
    hierarchy: &[
        ("ScopedOp", "Op"),
        ("MemoryOp", "ScopedOp"),
        ("Read", "MemoryOp"),
        ("ReadAcquire", "Read"),
        ("Write", "MemoryOp"),
        ("WriteRelease", "Write"),
        ("Fence", "ScopedOp"),
        ("FenceAcqRel", "Fence"),
        ("FenceSC", "Fence"),
        ("ProxyFence", "Op"),
        ("AliasFence", "Op"),
    ],
};

/// Pick the binding for a model from its text: the name of its consistency
/// predicate tells the two supported models apart.
pub fn detect_binding(model_text: &str) -> Option<&'static Binding> {
    let has = |p: &str| model_text.lines().any(|l| l.trim_start().starts_with(p));
    if has("fun proxy_preserved_cause_base") && has("pred ptx_mm") {
        Some(&NVIDIA_MIXEDPROXY)
    } else if has("pred ptx75_consistent") {
        Some(&PROJECT_PTX75)
    } else if has("pred ptx_consistent") {
        Some(&PROJECT_PTX)
    } else if has("pred ptx_mm") {
        Some(&NVIDIA_PTX)
    } else {
        None
    }
}

// ---------------------------------------------------------------------------
// Symbolic execution

/// Strength of a memory event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    Weak,
    Relaxed,
    Acquire,
    Release,
}

/// `loc` is the physical location, `vloc` the virtual address the
/// instruction names (they differ only for aliases).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvKind {
    Read {
        loc: String,
        vloc: String,
    },
    Write {
        loc: String,
        vloc: String,
        val: Sym,
    },
    Fence(FenceKind),
    /// `fence.proxy.P` (`Some`) or `fence.proxy.alias` (`None`).
    ProxyFence(Option<Proxy>),
    /// bar.sync (`arrive_only = false`) or bar.arrive of barrier instance
    /// `inst` (its `use_k`-th use in the thread); `res` is the named
    /// barrier's resource id (a constant, or a term no other id equals),
    /// `quorum` its thread count.
    Barrier {
        arrive_only: bool,
        inst: i64,
        use_k: usize,
        res: Option<Sym>,
        quorum: Option<i64>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub kind: EvKind,
    /// The proxy of an access or fence (`None`: alias fences, barriers).
    pub proxy: Option<Proxy>,
    pub strength: Strength,
    /// `None` for weak accesses (their scope is their thread).
    pub scope: Option<Scope>,
    pub span: Span,
}

/// One control-flow path of one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
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
    pub max_paths: usize,
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

#[derive(Clone)]
struct State {
    pc: usize,
    regs: BTreeMap<String, (Sym, BTreeSet<usize>)>,
    ctrl: BTreeSet<usize>,
    visits: Vec<u32>,
    bars: BTreeMap<i64, usize>,
    path: Path,
    /// States forked off by the last step beyond the one it returns.
    pending: Vec<State>,
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
    let start = State {
        pc: 0,
        regs,
        ctrl: BTreeSet::new(),
        visits: vec![0; th.instrs.len()],
        bars: BTreeMap::new(),
        pending: Vec::new(),
        path: Path {
            events: vec![],
            rmw: vec![],
            deps: BTreeSet::new(),
            conds: vec![],
            regs: BTreeMap::new(),
        },
    };
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
            let next = step(test, &mut st, ins, &labels, limits)?;
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

enum Step {
    Next,
    /// The path exceeded the unrolling bound.
    Cut,
    /// Continue with `st`, and also explore the other state.
    Fork(Box<State>),
}

fn operand(st: &State, o: &Operand) -> (Sym, BTreeSet<usize>) {
    match o {
        Operand::Imm(v) => (Sym::Const(*v), BTreeSet::new()),
        Operand::Reg(r) => st
            .regs
            .get(r)
            .cloned()
            .unwrap_or((Sym::Const(0), BTreeSet::new())),
    }
}

fn push_event(st: &mut State, ev: Event, data: &BTreeSet<usize>) -> usize {
    let i = st.path.events.len();
    st.path.events.push(ev);
    for &r in data.iter().chain(st.ctrl.iter()) {
        st.path.deps.insert((r, i));
    }
    i
}

fn strong_scope(sem: Sem, scope: Option<Scope>, default: Scope) -> Option<Scope> {
    if sem == Sem::Weak {
        None
    } else {
        Some(scope.unwrap_or(default))
    }
}

fn step(
    test: &Test,
    st: &mut State,
    ins: &Instr,
    labels: &BTreeMap<String, usize>,
    limits: Limits,
) -> Result<Step, Diagnostic> {
    let span = ins.span;
    let none = BTreeSet::new();
    match &ins.kind {
        InstrKind::Label(_) => {
            st.visits[st.pc] += 1;
            if st.visits[st.pc] > limits.unroll {
                return Ok(Step::Cut);
            }
        }
        InstrKind::Load {
            proxy,
            sem,
            scope,
            dst,
            loc,
        } => {
            let (loc, vloc) = resolve_loc(test, loc);
            let strength = match sem {
                Sem::Weak => Strength::Weak,
                Sem::Acquire => Strength::Acquire,
                _ => Strength::Relaxed,
            };
            let ev = Event {
                kind: EvKind::Read { loc, vloc },
                proxy: Some(*proxy),
                strength,
                scope: strong_scope(*sem, *scope, Scope::Sys),
                span,
            };
            let i = push_event(st, ev, &none);
            st.regs
                .insert(dst.clone(), (Sym::Read(i), BTreeSet::from([i])));
        }
        InstrKind::Store {
            proxy,
            sem,
            scope,
            loc,
            val,
        } => {
            let (loc, vloc) = resolve_loc(test, loc);
            let (v, taint) = operand(st, val);
            let strength = match sem {
                Sem::Weak => Strength::Weak,
                Sem::Release => Strength::Release,
                _ => Strength::Relaxed,
            };
            let ev = Event {
                kind: EvKind::Write { loc, vloc, val: v },
                proxy: Some(*proxy),
                strength,
                scope: strong_scope(*sem, *scope, Scope::Sys),
                span,
            };
            push_event(st, ev, &taint);
        }
        InstrKind::Rmw {
            proxy,
            sem,
            scope,
            op,
            dst,
            loc,
            args,
        } => {
            let (loc, vloc) = resolve_loc(test, loc);
            let scope = Some(scope.unwrap_or(Scope::Gpu));
            let (rs, ws) = match sem {
                Sem::AcqRel => (Strength::Acquire, Strength::Release),
                Sem::Acquire => (Strength::Acquire, Strength::Relaxed),
                Sem::Release => (Strength::Relaxed, Strength::Release),
                _ => (Strength::Relaxed, Strength::Relaxed),
            };
            let r = push_event(
                st,
                Event {
                    kind: EvKind::Read {
                        loc: loc.clone(),
                        vloc: vloc.clone(),
                    },
                    proxy: Some(*proxy),
                    strength: rs,
                    scope,
                    span,
                },
                &none,
            );
            let old = Sym::Read(r);
            let (a, ta) = operand(st, &args[0]);
            let mut data = ta.clone();
            let mut fork = None;
            let new = match op {
                RmwOp::Exch => a,
                RmwOp::Cas => {
                    let (b, tb) = operand(st, &args[1]);
                    data.extend(tb);
                    // The failing branch: the cas only reads.
                    let mut fail = st.clone();
                    fail.path.conds.push((false, old.clone(), a.clone()));
                    if let Some(d) = dst {
                        fail.regs
                            .insert(d.clone(), (old.clone(), BTreeSet::from([r])));
                    }
                    fail.pc += 1;
                    fork = Some(Box::new(fail));
                    st.path.conds.push((true, old.clone(), a));
                    data.insert(r);
                    b
                }
                _ => {
                    data.insert(r);
                    let o = match op {
                        RmwOp::Add => Op::Add,
                        RmwOp::Sub => Op::Sub,
                        RmwOp::And => Op::And,
                        RmwOp::Or => Op::Or,
                        RmwOp::Xor => Op::Xor,
                        RmwOp::Min => Op::Min,
                        RmwOp::Max => Op::Max,
                        RmwOp::Inc => Op::Inc,
                        _ => Op::Dec,
                    };
                    mk_op(o, old.clone(), a)
                }
            };
            let w = push_event(
                st,
                Event {
                    kind: EvKind::Write {
                        loc,
                        vloc,
                        val: new,
                    },
                    proxy: Some(*proxy),
                    strength: ws,
                    scope,
                    span,
                },
                &data,
            );
            st.path.rmw.push((r, w));
            if let Some(d) = dst {
                st.regs.insert(d.clone(), (old, BTreeSet::from([r])));
            }
            if let Some(f) = fork {
                st.pc += 1;
                return Ok(Step::Fork(f));
            }
        }
        InstrKind::Fence { kind, scope } => {
            let ev = Event {
                kind: EvKind::Fence(*kind),
                proxy: Some(Proxy::Generic),
                strength: Strength::Relaxed,
                scope: Some(scope.unwrap_or(Scope::Sys)),
                span,
            };
            push_event(st, ev, &none);
        }
        InstrKind::ProxyFence(p) => {
            let ev = Event {
                kind: EvKind::ProxyFence(*p),
                proxy: *p,
                strength: Strength::Relaxed,
                scope: None,
                span,
            };
            push_event(st, ev, &none);
        }
        InstrKind::Barrier {
            arrive,
            inst,
            res,
            quorum,
        } => {
            let k = st.bars.entry(*inst).or_insert(0);
            let use_k = *k;
            *k += 1;
            let quorum = match quorum {
                None => None,
                Some(q) => match operand(st, q).0 {
                    Sym::Const(v) => Some(v),
                    _ => {
                        return Err(Diagnostic::new(
                            Phase::Litmus,
                            span,
                            "unsupported: a barrier thread count that depends on a read value",
                        ))
                    }
                },
            };
            let mk = |res: Option<Sym>| Event {
                kind: EvKind::Barrier {
                    arrive_only: *arrive,
                    inst: *inst,
                    use_k,
                    res,
                    quorum,
                },
                proxy: None,
                strength: Strength::Relaxed,
                scope: Some(Scope::Cta),
                span,
            };
            let res = res.as_ref().map(|r| operand(st, r).0);
            if let Some(sym @ (Sym::Read(_) | Sym::Op(..))) = &res {
                // A resource id read from memory: fork on which of the
                // test's constant ids it equals (a branch on the read
                // value), plus one path where it equals none of them.
                let mut ids = BTreeSet::new();
                for th in &test.threads {
                    for ins in &th.instrs {
                        if let InstrKind::Barrier {
                            res: Some(Operand::Imm(v)),
                            ..
                        } = &ins.kind
                        {
                            ids.insert(*v);
                        }
                    }
                }
                let mut other = st.clone();
                for v in &ids {
                    other.path.conds.push((false, sym.clone(), Sym::Const(*v)));
                }
                push_event(&mut other, mk(Some(sym.clone())), &none);
                other.pc += 1;
                let mut forks: Vec<State> = Vec::new();
                for v in &ids {
                    let mut f = st.clone();
                    f.path.conds.push((true, sym.clone(), Sym::Const(*v)));
                    push_event(&mut f, mk(Some(Sym::Const(*v))), &none);
                    f.pc += 1;
                    forks.push(f);
                }
                *st = other;
                st.pending.extend(forks);
                return Ok(Step::Next);
            }
            push_event(st, mk(res), &none);
        }
        InstrKind::Mov { dst, src } => {
            let v = operand(st, src);
            st.regs.insert(dst.clone(), v);
        }
        InstrKind::Arith { op, dst, a, b } => {
            let (a, mut ta) = operand(st, a);
            let (b, tb) = operand(st, b);
            ta.extend(tb);
            let o = match op {
                ArithOp::Add => Op::Add,
                ArithOp::Sub => Op::Sub,
                ArithOp::Mul => Op::Mul,
                ArithOp::And => Op::And,
                ArithOp::Or => Op::Or,
                ArithOp::Xor => Op::Xor,
            };
            st.regs.insert(dst.clone(), (mk_op(o, a, b), ta));
        }
        InstrKind::Goto(l) => {
            st.pc = labels[l];
            return Ok(Step::Next);
        }
        InstrKind::Branch { eq, a, b, target } => {
            let (a, ta) = operand(st, a);
            let (b, tb) = operand(st, b);
            if let (Sym::Const(x), Sym::Const(y)) = (&a, &b) {
                if (x == y) == *eq {
                    st.pc = labels[target];
                    return Ok(Step::Next);
                }
            } else {
                st.ctrl.extend(ta);
                st.ctrl.extend(tb);
                let mut taken = st.clone();
                taken.path.conds.push((*eq, a.clone(), b.clone()));
                taken.pc = labels[target];
                st.path.conds.push((!*eq, a, b));
                st.pc += 1;
                return Ok(Step::Fork(Box::new(taken)));
            }
        }
    }
    st.pc += 1;
    Ok(Step::Next)
}

// ---------------------------------------------------------------------------
// Barriers

/// A barrier synchronisation edge: (thread, event) to (thread, event).
pub type BarEdge = ((usize, usize), (usize, usize));

/// Barrier synchronisation on one combination of paths, read as Dat3M
/// reads PTX barriers (`bar.cta.sync I{, id{, count}}`):
///
/// * the barriers of one CTA with the same instance `I` (and the same use
///   of it in their thread) form a group; a named barrier (with `id`)
///   synchronises only with group members whose id has the same value;
/// * without a count, a barrier completes when every thread of the CTA
///   that has a matching barrier instruction reaches it on its path;
///   otherwise it blocks its thread;
/// * with a count `q`, a barrier completes when at least `q` matching
///   barriers are reached; then a set `S` of at least `q` of them
///   *synchronise* (every choice of `S` is a candidate execution) and
///   each member of `S` is ordered before every other matching barrier;
/// * a `bar.arrive` never waits: it is ordered before the matching
///   `bar.sync`s, nothing is ordered before it.
///
/// Returns `None` when some barrier of the combination cannot complete
/// (the execution hangs: no final state, a liveness violation), else the
/// alternatives for the synchronisation edges.
pub fn barrier_variants(test: &Test, combo: &[&Path]) -> Option<Vec<Vec<BarEdge>>> {
    #[derive(Clone)]
    struct Member {
        ev: (usize, usize),
        arrive: bool,
        res: Option<Sym>,
        quorum: Option<i64>,
    }
    let same_res = |a: &Option<Sym>, b: &Option<Sym>| match (a, b) {
        (None, None) => true,
        (Some(Sym::Const(x)), Some(Sym::Const(y))) => x == y,
        _ => false,
    };
    let mut groups: BTreeMap<(u32, u32, i64, usize), Vec<Member>> = BTreeMap::new();
    for th in &test.threads {
        for (i, e) in combo[th.id].events.iter().enumerate() {
            if let EvKind::Barrier {
                arrive_only,
                inst,
                use_k,
                res,
                quorum,
            } = &e.kind
            {
                groups
                    .entry((th.gpu, th.cta, *inst, *use_k))
                    .or_default()
                    .push(Member {
                        ev: (th.id, i),
                        arrive: *arrive_only,
                        res: res.clone(),
                        quorum: *quorum,
                    });
            }
        }
    }
    let mut fixed: Vec<BarEdge> = Vec::new();
    // Per quorum class: its members and the least number that synchronise.
    let mut quorum_classes: Vec<(Vec<Member>, i64)> = Vec::new();
    for ((gpu, cta, inst, _), members) in &groups {
        for m in members {
            let class: Vec<&Member> = members
                .iter()
                .filter(|o| same_res(&m.res, &o.res) || o.ev == m.ev)
                .collect();
            match m.quorum {
                None => {
                    // Every thread of the CTA with a matching barrier
                    // instruction must reach the group (a member whose id
                    // turns out different does not block).
                    for th in &test.threads {
                        if (th.gpu, th.cta) != (*gpu, *cta)
                            || members.iter().any(|o| o.ev.0 == th.id)
                        {
                            continue;
                        }
                        let matching = th.instrs.iter().any(|ins| match &ins.kind {
                            InstrKind::Barrier { inst: i2, res, .. } if i2 == inst => {
                                match (&m.res, res) {
                                    (None, None) => true,
                                    (Some(Sym::Const(x)), Some(Operand::Imm(y))) => x == y,
                                    (Some(_), Some(_)) => true,
                                    _ => false,
                                }
                            }
                            _ => false,
                        });
                        if matching {
                            return None;
                        }
                    }
                    for o in &class {
                        if o.ev.0 != m.ev.0 && !o.arrive {
                            fixed.push((m.ev, o.ev));
                        }
                    }
                }
                Some(q) => {
                    if (class.len() as i64) < q {
                        return None;
                    }
                    let first = class.iter().map(|o| o.ev).min();
                    if first == Some(m.ev) {
                        quorum_classes.push((class.into_iter().cloned().collect(), q));
                    }
                }
            }
        }
    }
    let mut variants = vec![fixed];
    for (class, q) in quorum_classes {
        let n = class.len();
        let mut next = Vec::new();
        for mask in 0u32..(1u32 << n.min(16)) {
            if (mask.count_ones() as i64) < q {
                continue;
            }
            let mut edges = Vec::new();
            for (a, ma) in class.iter().enumerate() {
                if mask & (1 << a) == 0 {
                    continue;
                }
                for mb in &class {
                    if mb.ev.0 != ma.ev.0 && !mb.arrive {
                        edges.push((ma.ev, mb.ev));
                    }
                }
            }
            for v in &variants {
                let mut v2 = v.clone();
                v2.extend(edges.iter().copied());
                next.push(v2);
            }
        }
        variants = next;
    }
    for v in &mut variants {
        v.sort();
        v.dedup();
    }
    variants.sort();
    variants.dedup();
    Some(variants)
}

// ---------------------------------------------------------------------------
// Value domain

/// The finite set of values any execution can produce: initial values,
/// constants, and the closure of the written values under the program's
/// operations, iterated once per write (a value reaches a read through an
/// rf/data-flow chain that visits each write at most once, given no
/// thin-air cycles).
pub fn value_domain(test: &Test, all: &[Vec<Path>]) -> Result<BTreeSet<i64>, Diagnostic> {
    const MAX: usize = 32;
    let init = |x: &str| {
        test.init_locs
            .iter()
            .find(|(l, _, _)| l == x)
            .map_or(0, |(_, v, _)| *v)
    };
    let mut locs: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let mut writes = 0usize;
    for ps in all {
        for p in ps {
            for e in &p.events {
                if let EvKind::Read { loc, .. } | EvKind::Write { loc, .. } = &e.kind {
                    locs.entry(loc.clone())
                        .or_insert_with(|| BTreeSet::from([init(loc)]));
                }
                if matches!(e.kind, EvKind::Write { .. }) {
                    writes += 1;
                }
            }
        }
    }
    fn vals(
        s: &Sym,
        p: &Path,
        locs: &BTreeMap<String, BTreeSet<i64>>,
        out: &mut BTreeSet<i64>,
    ) -> BTreeSet<i64> {
        let r = match s {
            Sym::Const(c) => BTreeSet::from([*c]),
            Sym::Read(i) => match &p.events[*i].kind {
                EvKind::Read { loc, .. } => locs[loc].clone(),
                _ => BTreeSet::new(),
            },
            Sym::Op(op, a, b) => {
                let (a, b) = (vals(a, p, locs, out), vals(b, p, locs, out));
                a.iter()
                    .flat_map(|x| b.iter().map(move |y| op.apply(*x, *y)))
                    .collect()
            }
        };
        out.extend(r.iter().copied());
        r
    }
    let too_many = || {
        Diagnostic::new(
            Phase::Litmus,
            test.name_span,
            format!("unsupported: the test's values do not fit a domain of {MAX} values"),
        )
    };
    for _ in 0..=writes {
        let mut next = locs.clone();
        let mut scratch = BTreeSet::new();
        for ps in all {
            for p in ps {
                for e in &p.events {
                    if let EvKind::Write { loc, val, .. } = &e.kind {
                        let v = vals(val, p, &locs, &mut scratch);
                        next.get_mut(loc).unwrap().extend(v);
                    }
                }
            }
        }
        if next.values().any(|s| s.len() > MAX) {
            return Err(too_many());
        }
        if next == locs {
            break;
        }
        locs = next;
    }
    let mut dom: BTreeSet<i64> = locs.values().flatten().copied().collect();
    dom.extend(test.init_locs.iter().map(|(_, v, _)| *v));
    dom.extend(test.init_regs.iter().map(|(_, _, v, _)| *v));
    dom.insert(0);
    for ps in all {
        for p in ps {
            let mut out = BTreeSet::new();
            for (_, a, b) in &p.conds {
                vals(a, p, &locs, &mut out);
                vals(b, p, &locs, &mut out);
            }
            for s in p.regs.values() {
                vals(s, p, &locs, &mut out);
            }
            for e in &p.events {
                if let EvKind::Write { val, .. } = &e.kind {
                    vals(val, p, &locs, &mut out);
                }
            }
            dom.extend(out);
        }
    }
    fn consts(p: &Prop, out: &mut BTreeSet<i64>) {
        match p {
            Prop::Eq(a, b) | Prop::Ne(a, b) => {
                for t in [a, b] {
                    if let Term::Const(c) = t {
                        out.insert(*c);
                    }
                }
            }
            Prop::Not(p) => consts(p, out),
            Prop::And(p, q) | Prop::Or(p, q) => {
                consts(p, out);
                consts(q, out);
            }
            Prop::True | Prop::False => {}
        }
    }
    consts(&test.cond.prop, &mut dom);
    if dom.len() > MAX {
        return Err(too_many());
    }
    Ok(dom)
}

// ---------------------------------------------------------------------------
// Alloy generation

/// Alloy name of event `i` of thread `t`.
pub fn ev_name(t: usize, i: usize) -> String {
    format!("lt_e{t}_{i}")
}

/// Alloy name of location `x`.
pub fn vaddr_name(x: &str) -> String {
    format!("lt_va_{}", sanitize(x))
}

fn mixed_proxy_atom(p: Proxy) -> &'static str {
    match p {
        Proxy::Generic => "GenericProxy",
        Proxy::Surface => "SurfaceProxy",
        Proxy::Texture => "TextureProxy",
        Proxy::Constant => "ConstantProxy",
    }
}

fn proxy_atom(p: Proxy) -> &'static str {
    match p {
        Proxy::Generic => "GEN",
        Proxy::Surface => "SUR",
        Proxy::Texture => "TEX",
        Proxy::Constant => "CON",
    }
}

pub fn loc_name(x: &str) -> String {
    format!("lt_loc_{x}")
}

fn thread_name(t: usize) -> String {
    format!("lt_T{t}")
}

pub use super::execution::RUN_NAME;

/// One combination of paths (one per thread), lowered: the data both the
/// Alloy printer and the IR builder read (see [`super::execution`]).
pub type Lowered = LitmusExecution;

/// `lt_V.<field>`, parenthesised (`(lt_V.lt_val)`).
fn lt_v(field: &str) -> Rel {
    Rel::paren(Rel::join(Rel::name("lt_V"), Rel::name(field)))
}

/// The value of event `n`: `n.(lt_V.lt_val)`.
fn val_of(n: &str) -> Rel {
    Rel::join(Rel::name(n), lt_v("lt_val"))
}

fn sym_rel(s: &Sym, t: usize) -> Rel {
    match s {
        Sym::Const(c) => Rel::Name(val_atom(*c)),
        Sym::Read(i) => val_of(&ev_name(t, *i)),
        Sym::Op(op, a, b) => Rel::join(
            Rel::paren(sym_rel(b, t)),
            Rel::paren(Rel::join(
                Rel::paren(sym_rel(a, t)),
                Rel::Name(format!("lt_op_{}", op.name())),
            )),
        ),
    }
}

fn scope_atom(b: &Binding, sc: Option<Scope>, th: &Thread) -> String {
    match sc {
        None => thread_name(th.id),
        Some(Scope::Cta) => format!("lt_cta{}_{}", th.gpu, th.cta),
        Some(Scope::Gpu) => format!("lt_gpu{}", th.gpu),
        Some(Scope::Sys) => sys_atom(b).to_string(),
    }
}

fn sys_atom(b: &Binding) -> &'static str {
    match b.scope_tree {
        ScopeTree::SubField => "lt_sys",
        ScopeTree::Levels => "System",
    }
}

fn pair(a: impl Into<String>, b: impl Into<String>) -> Vec<String> {
    vec![a.into(), b.into()]
}

/// `rel = rows` (a binary relation pinned to its tuples).
fn pinned(rel: &str, rows: Vec<Vec<String>>) -> Fml {
    Fml::Eq(Rel::name(rel), Rel::tuples(rows, 2))
}

/// `sig = atoms`.
fn pinned_set(sig: &str, atoms: &[String]) -> Fml {
    Fml::Eq(Rel::name(sig), Rel::union_of(atoms))
}

/// Lower one combination (`combo[t]` is the path of thread `t`).
pub fn alloy_source(
    test: &Test,
    b: &Binding,
    model_module: &str,
    combo: &[&Path],
    bsync: &[BarEdge],
    dom: &BTreeSet<i64>,
) -> Result<Lowered, Diagnostic> {
    let init = |x: &str| {
        test.init_locs
            .iter()
            .find(|(l, _, _)| l == x)
            .map_or(0, |(_, v, _)| *v)
    };
    let mut sigs: Vec<SigDecl> = Vec::new();
    let one = |names: Vec<String>, parent: &str| SigDecl::One {
        names,
        parent: parent.to_string(),
        always: false,
    };

    // Threads with at least one event on this combination.
    let live: Vec<&Thread> = test
        .threads
        .iter()
        .filter(|t| !combo[t.id].events.is_empty())
        .collect();

    // Proxies, aliases and proxy fences need a model that has them.
    let mut vaddrs: BTreeMap<String, String> = BTreeMap::new();
    for th in &live {
        for e in &combo[th.id].events {
            if let EvKind::Read { loc, vloc } | EvKind::Write { loc, vloc, .. } = &e.kind {
                vaddrs.insert(vloc.clone(), loc.clone());
            }
            let proxied = matches!(e.kind, EvKind::ProxyFence(_))
                || e.proxy.is_some_and(|p| p != Proxy::Generic)
                || matches!(&e.kind, EvKind::Read { loc, vloc } | EvKind::Write { loc, vloc, .. } if loc != vloc);
            if proxied && b.proxies == ProxyStyle::NoProxies {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    e.span,
                    format!("unsupported with {}: proxies and aliases (PTX 7.5)", b.name),
                )
                .hint("run it with --model models/ptx75.als"));
            }
        }
    }

    // Locations accessed, and per location its reads and writes.
    let mut locs: BTreeMap<String, (Vec<String>, Vec<String>)> = BTreeMap::new();
    for th in &live {
        for (i, e) in combo[th.id].events.iter().enumerate() {
            match &e.kind {
                EvKind::Read { loc, .. } => locs
                    .entry(loc.clone())
                    .or_default()
                    .0
                    .push(ev_name(th.id, i)),
                EvKind::Write { loc, .. } => locs
                    .entry(loc.clone())
                    .or_default()
                    .1
                    .push(ev_name(th.id, i)),
                _ => {}
            }
        }
    }
    // Phantom writes (see `Binding::address_needs_accesses`).
    let phantoms: Vec<String> = if b.address_needs_accesses {
        locs.iter()
            .filter(|(_, (r, w))| w.is_empty() || r.len() + w.len() < 2)
            .map(|(x, _)| x.clone())
            .collect()
    } else {
        vec![]
    };

    // Address atoms: physical locations, and in NVIDIA's mixed-proxy model
    // also every virtual address (`Address` is virtual there).
    let mut addr_atoms: BTreeSet<String> = locs.keys().map(|x| loc_name(x)).collect();
    if b.proxies == ProxyStyle::MixedProxy {
        addr_atoms.extend(vaddrs.keys().map(|x| loc_name(x)));
    }
    if b.init_zero {
        for x in locs.keys() {
            if init(x) != 0 {
                let span = test
                    .init_locs
                    .iter()
                    .find(|(l, _, _)| l == x)
                    .map_or(test.name_span, |(_, _, s)| *s);
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    span,
                    format!(
                        "unsupported with {}: initial value {} of `{x}` (the model starts from 0)",
                        b.name,
                        init(x)
                    ),
                ));
            }
        }
    }

    // Signatures.
    sigs.push(one(addr_atoms.iter().cloned().collect(), "Address"));
    if b.proxies == ProxyStyle::Ptx75 {
        sigs.push(one(vaddrs.keys().map(|x| vaddr_name(x)).collect(), "VAddr"));
    }
    let mut gpus = BTreeSet::new();
    let mut ctas = BTreeSet::new();
    for th in &live {
        gpus.insert(th.gpu);
        ctas.insert((th.gpu, th.cta));
    }
    let mut scopes = vec![sys_atom(b).to_string()];
    let gpu_atoms: Vec<String> = gpus.iter().map(|g| format!("lt_gpu{g}")).collect();
    let cta_atoms: Vec<String> = ctas.iter().map(|(g, c)| format!("lt_cta{g}_{c}")).collect();
    scopes.extend(gpu_atoms.iter().cloned());
    scopes.extend(cta_atoms.iter().cloned());
    match b.scope_tree {
        ScopeTree::SubField => sigs.push(one(scopes.clone(), "Scope")),
        ScopeTree::Levels => {
            for (atoms, level) in [(&gpu_atoms, "Device"), (&cta_atoms, "Block")] {
                sigs.push(SigDecl::One {
                    names: atoms.clone(),
                    parent: level.to_string(),
                    always: true,
                });
            }
        }
    }
    let mut threads: Vec<String> = live.iter().map(|t| thread_name(t.id)).collect();
    if !phantoms.is_empty() {
        threads.push("lt_Tphantom".to_string());
    }
    sigs.push(one(threads.clone(), "Thread"));
    let mut all_events = Vec::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for th in &live {
        for (i, e) in combo[th.id].events.iter().enumerate() {
            let name = ev_name(th.id, i);
            let sig: String = match (&e.kind, b.strength) {
                (EvKind::Read { .. }, StrengthStyle::ExtendsSigs)
                    if e.strength == Strength::Acquire =>
                {
                    b.acquire_sig.into()
                }
                (EvKind::Read { .. }, _) => "Read".into(),
                (EvKind::Write { .. }, StrengthStyle::ExtendsSigs)
                    if e.strength == Strength::Release =>
                {
                    b.release_sig.into()
                }
                (EvKind::Write { .. }, _) => "Write".into(),
                (EvKind::Fence(k), _) => match k {
                    FenceKind::Sc => "FenceSC",
                    FenceKind::AcqRel => "FenceAcqRel",
                    FenceKind::Acquire => "FenceAcq",
                    FenceKind::Release => "FenceRel",
                }
                .into(),
                (EvKind::ProxyFence(p), _) => if p.is_some() {
                    "ProxyFence"
                } else {
                    "AliasFence"
                }
                .into(),
                (EvKind::Barrier { .. }, _) => match b.barrier {
                    BarrierStyle::Single { sig, .. } => sig.to_string(),
                    BarrierStyle::ArriveWait { arrive, .. } => arrive.to_string(),
                    BarrierStyle::NoBarriers => {
                        return Err(Diagnostic::new(
                            Phase::Litmus,
                            e.span,
                            format!("unsupported with {}: barriers", b.name),
                        )
                        .hint("this model has no barriers"))
                    }
                },
            };
            if !b.hierarchy.iter().any(|(c, _)| *c == sig) {
                return Err(Diagnostic::new(
                    Phase::Litmus,
                    e.span,
                    format!(
                        "unsupported with {}: the model has no `{sig}` events",
                        b.name
                    ),
                ));
            }
            sigs.push(one(vec![name.clone()], &sig));
            all_events.push(name.clone());
            count_kind(&mut kinds, b, &sig);
            if let (
                EvKind::Barrier {
                    arrive_only: false, ..
                },
                BarrierStyle::ArriveWait { wait, .. },
            ) = (&e.kind, b.barrier)
            {
                sigs.push(one(vec![format!("{name}w")], wait));
                all_events.push(format!("{name}w"));
                count_kind(&mut kinds, b, wait);
            }
        }
    }
    for x in &phantoms {
        let name = format!("lt_phantom_{x}");
        sigs.push(one(vec![name.clone()], "Write"));
        all_events.push(name);
        count_kind(&mut kinds, b, "Write");
    }
    sigs.push(SigDecl::Abstract("lt_Val".into()));
    sigs.push(one(dom.iter().map(|v| val_atom(*v)).collect(), "lt_Val"));
    sigs.push(SigDecl::OneWithFields {
        name: "lt_V".into(),
        fields: vec![
            (
                "lt_val".into(),
                Rel::arrow(Rel::name(b.event_sig), Some("lone"), Rel::name("lt_Val")),
            ),
            (
                "lt_fin".into(),
                Rel::arrow(Rel::name("Address"), Some("lone"), Rel::name(b.event_sig)),
            ),
        ],
    });

    // Arithmetic tables.
    let mut ops = BTreeSet::new();
    for p in combo {
        for e in &p.events {
            if let EvKind::Write { val, .. } = &e.kind {
                val.ops(&mut ops);
            }
        }
        for (_, a, c) in &p.conds {
            a.ops(&mut ops);
            c.ops(&mut ops);
        }
        for s in p.regs.values() {
            s.ops(&mut ops);
        }
    }
    let mut funs = Vec::new();
    for op in &ops {
        let mut rows = Vec::new();
        for x in dom {
            for y in dom {
                let z = op.apply(*x, *y);
                if dom.contains(&z) {
                    rows.push(vec![val_atom(*x), val_atom(*y), val_atom(z)]);
                }
            }
        }
        funs.push(FunDecl {
            name: format!("lt_op_{}", op.name()),
            arity: 3,
            result: vec!["lt_Val".into(); 3],
            body: Rel::tuples(rows, 3),
        });
    }

    // The skeleton.
    let mut skel = Vec::new();
    skel.push(pinned_set(b.event_sig, &all_events));
    skel.push(pinned_set(
        "Address",
        &addr_atoms.iter().cloned().collect::<Vec<_>>(),
    ));
    let mut all_scopes = scopes.clone();
    all_scopes.extend(threads.iter().cloned());
    skel.push(pinned_set("Scope", &all_scopes));
    let sys = sys_atom(b);
    let level1: Vec<Vec<String>> = gpus
        .iter()
        .map(|g| pair(sys, format!("lt_gpu{g}")))
        .collect();
    let level2: Vec<Vec<String>> = ctas
        .iter()
        .map(|(g, c)| pair(format!("lt_gpu{g}"), format!("lt_cta{g}_{c}")))
        .collect();
    let level3: Vec<Vec<String>> = live
        .iter()
        .map(|th| pair(format!("lt_cta{}_{}", th.gpu, th.cta), thread_name(th.id)))
        .collect();
    match b.scope_tree {
        ScopeTree::SubField => {
            let mut sub = [level1, level2, level3].concat();
            if !phantoms.is_empty() {
                sub.push(pair(sys, "lt_Tphantom"));
            }
            skel.push(pinned(b.subscope, sub));
        }
        ScopeTree::Levels => {
            skel.push(pinned("devices", level1));
            skel.push(pinned("blocks", level2));
            skel.push(pinned("threads", level3));
        }
    }

    // Per-thread event sequences (with the barrier wait halves).
    let mut seqs: Vec<(String, Vec<String>)> = Vec::new();
    for th in &live {
        let mut seq = Vec::new();
        for (i, e) in combo[th.id].events.iter().enumerate() {
            seq.push(ev_name(th.id, i));
            if let (
                EvKind::Barrier {
                    arrive_only: false, ..
                },
                BarrierStyle::ArriveWait { .. },
            ) = (&e.kind, b.barrier)
            {
                seq.push(format!("{}w", ev_name(th.id, i)));
            }
        }
        seqs.push((thread_name(th.id), seq));
    }
    if !phantoms.is_empty() {
        seqs.push((
            "lt_Tphantom".to_string(),
            phantoms.iter().map(|x| format!("lt_phantom_{x}")).collect(),
        ));
    }
    let mut po = Vec::new();
    for (_, seq) in &seqs {
        for i in 0..seq.len() {
            for j in i + 1..seq.len() {
                if b.po_transitive || j == i + 1 {
                    po.push(pair(&seq[i], &seq[j]));
                }
            }
        }
    }
    skel.push(pinned("po", po));
    match b.placement {
        Placement::ThreadField(f) => {
            let mut rows = Vec::new();
            for (t, seq) in &seqs {
                rows.extend(seq.iter().map(|e| pair(e, t)));
            }
            skel.push(pinned(f, rows));
        }
        Placement::StartField(f) => {
            let rows = seqs.iter().map(|(t, seq)| pair(t, &seq[0])).collect();
            skel.push(pinned(f, rows));
        }
    }
    // Scopes, addresses, strengths, rmw, deps, barriers.
    let (mut scope_rows, mut addr_rows, mut weak, mut acq, mut rel) =
        (vec![], vec![], vec![], vec![], vec![]);
    let (mut rmw_rows, mut dep_rows, mut bar_rows) = (vec![], vec![], vec![]);
    for th in &live {
        let p = combo[th.id];
        for (i, e) in p.events.iter().enumerate() {
            let n = ev_name(th.id, i);
            let sc = scope_atom(b, e.scope, th);
            // NVIDIA's mixed-proxy proxy and alias fences have no scope.
            let unscoped =
                b.proxies == ProxyStyle::MixedProxy && matches!(e.kind, EvKind::ProxyFence(_));
            if !unscoped {
                scope_rows.push(pair(&n, &sc));
            }
            if let (
                EvKind::Barrier {
                    arrive_only: false, ..
                },
                BarrierStyle::ArriveWait { .. },
            ) = (&e.kind, b.barrier)
            {
                scope_rows.push(pair(format!("{n}w"), &sc));
            }
            if let EvKind::Read { loc, vloc } | EvKind::Write { loc, vloc, .. } = &e.kind {
                let a = if b.proxies == ProxyStyle::MixedProxy {
                    vloc
                } else {
                    loc
                };
                addr_rows.push(pair(&n, loc_name(a)));
                match e.strength {
                    Strength::Weak => weak.push(n.clone()),
                    Strength::Acquire => acq.push(n.clone()),
                    Strength::Release => rel.push(n.clone()),
                    Strength::Relaxed => {}
                }
            }
        }
        for (r, w) in &p.rmw {
            rmw_rows.push(pair(ev_name(th.id, *r), ev_name(th.id, *w)));
        }
        let mut deps = p.deps.clone();
        if b.rmw_in_dep {
            deps.extend(p.rmw.iter().copied());
        }
        for (r, e) in deps {
            dep_rows.push(pair(ev_name(th.id, r), ev_name(th.id, e)));
            if let (
                EvKind::Barrier {
                    arrive_only: false, ..
                },
                BarrierStyle::ArriveWait { .. },
            ) = (&p.events[e].kind, b.barrier)
            {
                dep_rows.push(pair(ev_name(th.id, r), format!("{}w", ev_name(th.id, e))));
            }
        }
        // A lone bar.arrive must synchronise with some wait in NVIDIA's
        // model.
        for (i, e) in p.events.iter().enumerate() {
            if let (
                EvKind::Barrier {
                    arrive_only: true, ..
                },
                BarrierStyle::ArriveWait { .. },
            ) = (&e.kind, b.barrier)
            {
                if !bsync.iter().any(|(x, _)| *x == (th.id, i)) {
                    return Err(Diagnostic::new(
                        Phase::Litmus,
                        e.span,
                        format!(
                            "unsupported with {}: a bar.arrive that no thread of the CTA waits on",
                            b.name
                        ),
                    )
                    .hint(
                        "the model requires every BarrierArrive to synchronise with a BarrierWait",
                    ));
                }
            }
        }
    }
    // Barrier synchronisation (computed by `barrier_variants`).
    for ((t1, i1), (t2, i2)) in bsync {
        match b.barrier {
            BarrierStyle::Single { .. } => {
                bar_rows.push(pair(ev_name(*t1, *i1), ev_name(*t2, *i2)))
            }
            BarrierStyle::ArriveWait { .. } => {
                bar_rows.push(pair(ev_name(*t1, *i1), format!("{}w", ev_name(*t2, *i2))))
            }
            BarrierStyle::NoBarriers => {}
        }
    }
    for x in &phantoms {
        let n = format!("lt_phantom_{x}");
        scope_rows.push(pair(&n, "lt_Tphantom"));
        addr_rows.push(pair(&n, loc_name(x)));
        weak.push(n);
    }
    skel.push(pinned("scope", scope_rows));
    skel.push(pinned(b.addr, addr_rows));
    if b.strength == StrengthStyle::SubsetSigs {
        skel.push(pinned_set("Weak", &weak));
        skel.push(pinned_set("Acquire", &acq));
        skel.push(pinned_set("Release", &rel));
    }
    if b.proxies == ProxyStyle::Ptx75 {
        let mut proxy_rows = Vec::new();
        let mut vaddr_rows = Vec::new();
        for th in &live {
            for (i, e) in combo[th.id].events.iter().enumerate() {
                let n = ev_name(th.id, i);
                if let Some(p) = e.proxy {
                    proxy_rows.push(pair(&n, proxy_atom(p)));
                }
                if let EvKind::Read { vloc, .. } | EvKind::Write { vloc, .. } = &e.kind {
                    vaddr_rows.push(pair(&n, vaddr_name(vloc)));
                }
            }
        }
        skel.push(pinned("proxy", proxy_rows));
        skel.push(pinned("vaddr", vaddr_rows));
        let paddr = vaddrs
            .iter()
            .map(|(v, l)| pair(vaddr_name(v), loc_name(l)))
            .collect();
        skel.push(pinned_set(
            "VAddr",
            &vaddrs.keys().map(|v| vaddr_name(v)).collect::<Vec<_>>(),
        ));
        skel.push(pinned("paddr", paddr));
    }
    skel.push(pinned("rmw", rmw_rows));
    skel.push(pinned("dep", dep_rows));
    if b.proxies == ProxyStyle::MixedProxy {
        let mut proxy_rows = Vec::new();
        let mut pf_rows = Vec::new();
        for th in &live {
            for (i, e) in combo[th.id].events.iter().enumerate() {
                let n = ev_name(th.id, i);
                match (&e.kind, e.proxy) {
                    (EvKind::ProxyFence(Some(p)), _) => {
                        pf_rows.push(pair(&n, mixed_proxy_atom(*p)))
                    }
                    (EvKind::Read { .. } | EvKind::Write { .. }, Some(p)) => {
                        proxy_rows.push(pair(&n, mixed_proxy_atom(p)))
                    }
                    _ => {}
                }
            }
        }
        skel.push(pinned("proxy", proxy_rows));
        skel.push(pinned("proxy_fence_proxy", pf_rows));
        let alias = vaddrs
            .iter()
            .filter(|(v, l)| v != l)
            .map(|(v, l)| pair(loc_name(v), loc_name(l)))
            .collect();
        skel.push(pinned("alias", alias));
    }
    let bar_rel = match b.barrier {
        BarrierStyle::Single { rel, .. } | BarrierStyle::ArriveWait { rel, .. } => Some(rel),
        BarrierStyle::NoBarriers => None,
    };
    if let Some(bar_rel) = bar_rel {
        skel.push(pinned(bar_rel, bar_rows));
    }
    for x in &phantoms {
        skel.push(Fml::No(Rel::join(
            Rel::Name(format!("lt_phantom_{x}")),
            Rel::name("rf"),
        )));
    }

    // Values.
    let mut values = vec![Fml::In(
        Rel::join(Rel::name("lt_V"), Rel::name("lt_val")),
        Rel::arrow(Rel::name(b.mem_event), None, Rel::name("lt_Val")),
    )];
    for th in &live {
        let p = combo[th.id];
        for (i, e) in p.events.iter().enumerate() {
            let n = ev_name(th.id, i);
            match &e.kind {
                EvKind::Write { val, .. } => values.push(Fml::And(vec![
                    Fml::One(val_of(&n)),
                    Fml::Eq(val_of(&n), sym_rel(val, th.id)),
                ])),
                EvKind::Read { loc, .. } => {
                    let rf_n = Rel::join(Rel::name("rf"), Rel::name(&n));
                    values.push(Fml::Or(vec![
                        Fml::Paren(Box::new(Fml::And(vec![
                            Fml::No(rf_n.clone()),
                            Fml::Eq(val_of(&n), Rel::Name(val_atom(init(loc)))),
                        ]))),
                        Fml::Paren(Box::new(Fml::And(vec![
                            Fml::Some(rf_n.clone()),
                            Fml::Eq(val_of(&n), Rel::join(Rel::paren(rf_n), lt_v("lt_val"))),
                        ]))),
                    ]));
                }
                _ => {}
            }
        }
    }
    for x in &phantoms {
        values.push(Fml::Eq(
            val_of(&format!("lt_phantom_{x}")),
            Rel::Name(val_atom(init(x))),
        ));
    }
    // Final memory values: a co-maximal write of each observed location.
    let observed_vars = test.cond.prop.vars();
    let mut fin_locs = Vec::new();
    for v in &observed_vars {
        if let Term::Loc(x) = v {
            let x = &resolve_loc(test, x).0;
            if let Some((_, ws)) = locs.get(x) {
                if !ws.is_empty() {
                    let wx = Rel::paren(Rel::Union {
                        items: ws.iter().map(|w| Rel::name(w.clone())).collect(),
                        arity: 1,
                        balanced: false,
                    });
                    let fin = Rel::join(Rel::Name(loc_name(x)), lt_v("lt_fin"));
                    values.push(Fml::And(vec![
                        Fml::One(fin.clone()),
                        Fml::In(fin, Rel::diff(wx.clone(), Rel::join(Rel::name("co"), wx))),
                    ]));
                    fin_locs.push(loc_name(x));
                }
            }
        }
    }
    values.push(Fml::In(
        Rel::join(lt_v("lt_fin"), Rel::name(b.event_sig)),
        Rel::union_of(&fin_locs),
    ));

    // Path conditions and the observed variables.
    let mut base = vec![Fml::Pred(b.consistent.to_string())];
    for th in &live {
        for (eq, x, y) in &combo[th.id].conds {
            let (x, y) = (sym_rel(x, th.id), sym_rel(y, th.id));
            base.push(if *eq { Fml::Eq(x, y) } else { Fml::Ne(x, y) });
        }
    }
    // A path that is not taken because its thread has no events is still
    // constrained by its conditions only through reads, so an eventless
    // thread has none.
    let mut observed = Vec::new();
    let mut obs_eval = Vec::new();
    for v in observed_vars {
        let (o, e) = match &v {
            Term::Reg(t, r) => match combo[*t].regs.get(r) {
                Some(s) => (ObsEval::Reg(*t, s.clone()), sym_rel(s, *t)),
                None => (ObsEval::Reg(*t, Sym::Const(0)), Rel::Name(val_atom(0))),
            },
            Term::Loc(x) => {
                let x = &resolve_loc(test, x).0;
                match locs.get(x) {
                    Some((_, ws)) if !ws.is_empty() => (
                        ObsEval::Loc(loc_name(x)),
                        Rel::join(
                            Rel::join(Rel::Name(loc_name(x)), lt_v("lt_fin")),
                            lt_v("lt_val"),
                        ),
                    ),
                    _ => (ObsEval::Const(init(x)), Rel::Name(val_atom(init(x)))),
                }
            }
            Term::Const(c) => (ObsEval::Const(*c), Rel::Name(val_atom(*c))),
        };
        obs_eval.push(o);
        observed.push((v, e));
    }
    let n_events = all_events.len();
    let n = n_events
        .max(all_scopes.len())
        .max(vaddrs.len())
        .max(addr_atoms.len())
        .max(dom.len())
        .max(1);
    // The NVIDIA model counts the accesses of each address
    // (`#(address :> this) > 1`): make the integers wide enough for that.
    let per_address = locs
        .values()
        .map(|(r, w)| r.len() + w.len() + 1)
        .max()
        .unwrap_or(0);
    let mut bits = 4;
    while b.address_needs_accesses && (1i64 << (bits - 1)) - 1 < per_address as i64 {
        bits += 1;
    }
    Ok(LitmusExecution {
        module_name: format!("lt_{}", sanitize(&test.name)),
        comment: format!(
            "generated by `relprove litmus` from test {} for {}",
            test.name, b.name
        ),
        open: model_module.to_string(),
        sigs,
        funs,
        facts: vec![
            FactDecl {
                name: "lt_skeleton".into(),
                body: skel,
            },
            FactDecl {
                name: "lt_values".into(),
                body: values,
            },
        ],
        base,
        observed,
        obs_eval,
        scope: RunScope {
            overall: n,
            exact: kinds.into_iter().collect(),
            bitwidth: (bits > 4).then_some(bits),
        },
    })
}

/// Count one event of sig `sig` in it and all its ancestors.
fn count_kind(kinds: &mut BTreeMap<String, usize>, b: &Binding, sig: &str) {
    let mut cur = sig;
    loop {
        *kinds.entry(cur.to_string()).or_default() += 1;
        match b.hierarchy.iter().find(|(c, _)| *c == cur) {
            Some((_, p)) => cur = p,
            None => break,
        }
    }
}

fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
