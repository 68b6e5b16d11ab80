//! How each supported memory model names the pieces of a candidate
//! execution ([`Binding`], one per model), and picking one from a model's
//! text.

/// How a memory model names the pieces of a candidate execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// A human-readable name of the model, used in messages.
    pub name: &'static str,
    /// The predicate that holds exactly for consistent executions.
    pub consistent: &'static str,
    /// The sig of memory events (reads and writes).
    pub mem_event: &'static str,
    /// Field `Scope -> Scope` from a scope to its children.
    pub subscope: &'static str,
    /// Field `MemEvent -> Address`.
    pub addr: &'static str,
    /// Program order is stored transitively (`true`) or as its immediate
    /// successor relation (`false`).
    pub po_transitive: bool,
    /// How events are placed on threads.
    pub placement: Placement,
    /// How weak, acquire and release strengths are declared.
    pub strength: StrengthStyle,
    /// How barriers are represented.
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
    /// The sig of acquire reads.
    pub acquire_sig: &'static str,
    /// The sig of release writes.
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

/// How a model names proxies and virtual addresses (PTX 7.5).
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

/// How a model declares the scope tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeTree {
    /// Scope atoms `one sig ... extends Scope`, the tree in one field.
    SubField,
    /// NVIDIA mixedproxy: `one sig System`, `Device`, `Block`, `Thread`
    /// sigs with fields `devices`, `blocks`, `threads`.
    Levels,
}

/// How a model places events on threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// `thread: Event -> one Thread`.
    ThreadField(&'static str),
    /// `start: Thread -> one Event` (first event of each thread).
    StartField(&'static str),
}

/// How a model declares the strengths of memory events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrengthStyle {
    /// Subset sigs `Weak in MemEvent`, `Acquire in Read`, `Release in Write`.
    SubsetSigs,
    /// `Acquire extends Read`, `Release extends Write`; weak = scope is the
    /// thread itself.
    ExtendsSigs,
}

/// How a model represents barriers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierStyle {
    /// One `Barrier` event per bar.sync, symmetric `bsync` between the
    /// bar.syncs of other threads on the same barrier; no bar.arrive.
    Single {
        /// The barrier event sig.
        sig: &'static str,
        /// The symmetric synchronisation relation between barrier events.
        rel: &'static str,
    },
    /// bar.sync = `BarrierArrive; po; BarrierWait`, bar.arrive = a lone
    /// `BarrierArrive`; `synchronizes: BarrierArrive -> BarrierWait`.
    ArriveWait {
        /// The sig of arrive events.
        arrive: &'static str,
        /// The sig of wait events.
        wait: &'static str,
        /// The relation from arrive events to the wait events they
        /// synchronise with.
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
