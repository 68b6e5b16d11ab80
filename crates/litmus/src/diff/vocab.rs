//! The shared vocabulary of a model difference: what a candidate execution
//! is, independently of how either model names it, and each model's
//! expression for every part of it (read off the model's litmus
//! [`Binding`], so every model `relprove litmus` runs has one).
//!
//! A part is a set of events (`lt_R`: the reads) or a binary relation on
//! events (`lt_po`: program order). In the generated module each part is a
//! subset sig or a field of the shared event sig `lt_E`, and each model's
//! expression is carried onto `lt_E` through that model's bijection
//! (`lt_a`, `lt_b`): the two models then see one program, one `rf`, one
//! `co` and one fence-SC order.

use crate::lower::{BarrierStyle, Binding, Placement, ProxyStyle, ScopeTree, StrengthStyle};

/// The sets of the shared vocabulary, with what each one holds.
pub const SETS: &[(&str, &str)] = &[
    ("lt_R", "reads (an atom's read part included)"),
    ("lt_W", "writes (an atom's write part included)"),
    ("lt_Fsc", "fence.sc"),
    ("lt_Facqrel", "fence.acq_rel"),
    ("lt_Facq", "fence.acquire"),
    ("lt_Frel", "fence.release"),
    ("lt_Weak", "weak accesses (scoped to their thread)"),
    ("lt_Acq", "acquire reads"),
    ("lt_Rel", "release writes"),
    ("lt_Scta", "events scoped at their CTA (.cta)"),
    ("lt_Sgpu", "events scoped at their GPU (.gpu)"),
    ("lt_Ssys", "events scoped at the system (.sys)"),
];

/// The relations of the shared vocabulary, with what each one holds.
pub const RELATIONS: &[(&str, &str)] = &[
    ("lt_po", "program order (transitive)"),
    ("lt_loc", "same location (memory events)"),
    ("lt_scta", "events of threads in one CTA"),
    ("lt_sgpu", "events of threads on one GPU"),
    (
        "lt_rf",
        "reads-from (a read without a source reads the initial value)",
    ),
    ("lt_co", "coherence order (transitive)"),
    ("lt_sc", "fence-SC order (transitive)"),
    ("lt_rmw", "an atom's read to its write"),
    (
        "lt_dep",
        "control dependencies: a read to every event after a branch on its value",
    ),
];

/// One model's expressions for the shared vocabulary, in its own names
/// qualified by the alias it is opened under.
#[derive(Clone, Debug)]
pub struct ModelTerms {
    /// The model's root event sig (`a/Event`).
    pub event_sig: String,
    /// The model's consistency predicate (`a/ptx_consistent`).
    pub consistent: String,
    /// `(shared name, expression)` for every entry of [`SETS`].
    pub sets: Vec<(&'static str, String)>,
    /// `(shared name, expression)` for every entry of [`RELATIONS`].
    pub relations: Vec<(&'static str, String)>,
    /// Formulas that keep the model's executions inside what a litmus test
    /// can write (a three-level scope tree, no barriers, no dependencies,
    /// one generic proxy).
    pub restrict: Vec<String>,
    /// Top-level sigs and their bound (`a/Scope` for the scope tree,
    /// `a/Address`): filled in by the caller from the search's size.
    pub scope_sigs: Vec<(String, ScopeSig)>,
}

/// What a model's top-level sig counts, for the command's scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeSig {
    /// Scopes (the system, GPUs, CTAs and threads).
    Scope,
    /// Memory locations.
    Location,
}

/// The expressions of `binding` for the shared vocabulary, its names
/// qualified by `alias` (`a`). `None` for a model the difference search
/// cannot yet state (NVIDIA's mixed-proxy model: a scope tree of levels).
pub fn terms(binding: &Binding, alias: &str) -> Option<ModelTerms> {
    if binding.scope_tree != ScopeTree::SubField || binding.proxies == ProxyStyle::MixedProxy {
        return None;
    }
    let q = |name: &str| format!("{alias}/{name}");
    let has = |sig: &str| binding.hierarchy.iter().any(|(s, _)| *s == sig);
    let parent = |sig: &str| {
        binding
            .hierarchy
            .iter()
            .find(|(s, _)| *s == sig)
            .map(|(_, p)| *p)
    };
    let sig_or_none = |sig: &str| if has(sig) { q(sig) } else { "none".to_string() };
    // fence.acq_rel: in NVIDIA's model fence.sc extends it.
    let acqrel = if parent("FenceSC") == Some("FenceAcqRel") {
        format!("({} - {})", q("FenceAcqRel"), q("FenceSC"))
    } else {
        sig_or_none("FenceAcqRel")
    };
    let mem = q(binding.mem_event);
    let po = if binding.po_transitive {
        q("po")
    } else {
        format!("^{}", q("po"))
    };
    // Each event's thread, as a relation Event -> Thread.
    let thread_of = match binding.placement {
        Placement::ThreadField(f) => q(f),
        Placement::StartField(f) => format!("~({}.*{})", q(f), q("po")),
    };
    let sub = q(binding.subscope);
    let system = q("System");
    let gpus = format!("{system}.{sub}");
    let ctas = format!("{system}.{sub}.{sub}");
    let weak = match binding.strength {
        StrengthStyle::SubsetSigs => q("Weak"),
        StrengthStyle::ExtendsSigs => format!("({mem} & {}.{})", q("scope"), q("Thread")),
    };
    let scoped = |level: &str| {
        format!(
            "(({} - {weak}) & {}.({level}))",
            q(binding.event_sig),
            q("scope")
        )
    };
    let addr = q(binding.addr);
    let sets = vec![
        ("lt_R", q("Read")),
        ("lt_W", q("Write")),
        ("lt_Fsc", sig_or_none("FenceSC")),
        ("lt_Facqrel", acqrel),
        ("lt_Facq", sig_or_none("FenceAcq")),
        ("lt_Frel", sig_or_none("FenceRel")),
        ("lt_Weak", weak.clone()),
        ("lt_Acq", q(binding.acquire_sig)),
        ("lt_Rel", q(binding.release_sig)),
        ("lt_Scta", scoped(&ctas)),
        ("lt_Sgpu", scoped(&gpus)),
        ("lt_Ssys", scoped(&system)),
    ];
    let relations = vec![
        ("lt_po", po),
        ("lt_loc", format!("{addr}.~{addr}")),
        ("lt_scta", format!("{thread_of}.~{sub}.{sub}.~{thread_of}")),
        (
            "lt_sgpu",
            format!("{thread_of}.~{sub}.~{sub}.{sub}.{sub}.~{thread_of}"),
        ),
        ("lt_rf", q("rf")),
        ("lt_co", format!("^{}", q("co"))),
        (
            "lt_sc",
            if has("FenceSC") {
                format!("^{}", q("sc"))
            } else {
                "none -> none".to_string()
            },
        ),
        ("lt_rmw", q("rmw")),
        ("lt_dep", format!("{} - {}", q("dep"), q("rmw"))),
    ];
    let thread = q("Thread");
    let scope = q("Scope");
    let mut restrict = vec![
        // The scope tree of a litmus test: system, GPUs, CTAs, threads.
        format!("{thread} = {ctas}.{sub}"),
        format!("{scope} = {system} + {gpus} + {ctas} + {thread}"),
        // An atom's read-to-write pair is a dependency exactly where the
        // model demands it (the lowering's reading).
        if binding.rmw_in_dep {
            format!("{} in {}", q("rmw"), q("dep"))
        } else {
            format!("no {} & {}", q("dep"), q("rmw"))
        },
    ];
    match binding.barrier {
        BarrierStyle::Single { sig, .. } => restrict.push(format!("no {}", q(sig))),
        BarrierStyle::ArriveWait { arrive, wait, .. } => {
            restrict.push(format!("no {} + {}", q(arrive), q(wait)))
        }
        BarrierStyle::NoBarriers => {}
    }
    if binding.proxies == ProxyStyle::Ptx75 {
        // Generic-proxy programs: one virtual address per location, every
        // access and fence through the generic proxy.
        restrict.push(format!("no {} + {}", q("ProxyFence"), q("AliasFence")));
        restrict.push(format!(
            "{} in ({mem} + {}) -> {}",
            q("proxy"),
            q("Fence"),
            q("GEN")
        ));
        restrict.push(format!("{}.~{} = {addr}.~{addr}", q("vaddr"), q("vaddr")));
    }
    let mut scope_sigs = vec![(scope, ScopeSig::Scope), (q("Address"), ScopeSig::Location)];
    if binding.proxies == ProxyStyle::Ptx75 {
        scope_sigs.push((q("VAddr"), ScopeSig::Location));
    }
    Some(ModelTerms {
        event_sig: q(binding.event_sig),
        consistent: q(binding.consistent),
        sets,
        relations,
        restrict,
        scope_sigs,
    })
}
