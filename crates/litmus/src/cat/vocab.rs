//! Each architecture's vocabulary: the base relations and tags a cat model
//! of it may use, as Alloy expressions over the execution model the litmus
//! lowering fills (for PTX, relprove's models/ptx75.als), with Dat3M's
//! meaning (docs/cat.md, one table per architecture).
//!
//! Dat3M's executions have one initial write per location (`IW`); the
//! Alloy execution models read "no `rf`" as "reads the initial value"
//! instead. The vocabulary therefore makes each location's `Address` atom
//! stand for its initial write: in `W`, `M` and `IW`, `rf`-before the reads
//! that read no write, `co`-before every write of its location, at its own
//! location, in no thread.

use super::check::Vocabulary;
use crate::lower::{Binding, PROJECT_PTX75};

/// An architecture: its vocabulary, the Alloy execution model it is
/// written over, and how the litmus lowering fills that model.
#[derive(Debug)]
pub struct Arch {
    /// Its name, for messages.
    pub name: &'static str,
    /// Model name lines that select it (upper case).
    pub names: &'static [&'static str],
    /// The execution model's text: the generated module is this text (its
    /// `module` line replaced) and the model's definitions after it, so the
    /// names the litmus lowering fills are the generated module's own.
    pub model_text: &'static str,
    /// The files it opens (name, text), written beside the generated module.
    pub files: &'static [(&'static str, &'static str)],
    /// Alloy `fun`s defining the vocabulary's names (`v_*`).
    pub prelude: &'static str,
    /// Its base relations and tags.
    pub vocab: &'static (dyn Vocabulary + Sync),
    /// How the litmus lowering fills the execution model (PTX); `None`
    /// for Vulkan, whose tests become Khronos tests
    /// ([`crate::khronos::cat_module`]).
    pub binding: Option<&'static Binding>,
}

impl std::fmt::Debug for dyn Vocabulary + Sync {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Vocabulary")
    }
}

/// The supported architectures, in the order they are tried on a model
/// without a name line.
pub static ARCHS: &[&Arch] = &[&PTX, &VULKAN];

/// The litmus binding of a cat model over models/ptx75.als: the lowering of
/// relprove's PTX 7.5 model, the consistency predicate the cat model's.
pub static CAT_PTX: Binding = Binding {
    name: "cat model over relprove models/ptx75.als",
    consistent: "cat_consistent",
    ..PROJECT_PTX75
};

/// PTX (6.0 and 7.5): Dat3M's names over models/ptx75.als.
pub static PTX: Arch = Arch {
    name: "PTX (over relprove's models/ptx75.als)",
    names: &["PTX"],
    model_text: include_str!("../../../../models/ptx75.als"),
    files: &[("util.als", include_str!("../../../../models/util.als"))],
    prelude: PTX_PRELUDE,
    vocab: &PtxVocabulary,
    binding: Some(&CAT_PTX),
};

const PTX_PRELUDE: &str = "\
-- The cat events: the test's events, and one initial write per location
-- (its Address atom).
fun v_all : set univ { Event + Address }
fun v_addr : univ->univ { addr + (Address <: iden) }
fun v_init_rf : univ->univ { ~((Read - Write.rf) <: addr) }
-- The events with a scope tag: strong accesses, fence.sc, fence.acq_rel.
fun v_scoped : set univ { (MemEvent - Weak) + Fence }
-- Dat3M's sr: both scoped, each one's thread within the other's scope.
fun v_sr : univ->univ { v_scoped <: (scope_covers & ~scope_covers) :> v_scoped }
fun v_cta : set univ { v_scoped & scope.(System.sub.sub) }
fun v_gpu : set univ { v_scoped & scope.(System.sub) }
fun v_sys : set univ { v_scoped & scope.System }
-- Dat3M's sync_fence: one direction of every pair of distinct fence.sc
-- whose scopes cover each other's threads, the restriction of one strict
-- order (models/ptx75.als's sc); its other pairs are unconstrained
-- (free choices of the solver, as in Dat3M's encoding).
one sig v_Choice { v_sync_free : FenceSC -> FenceSC }
fun v_sync_pairs : univ->univ { (FenceSC <: (scope_covers & ~scope_covers) :> FenceSC) - iden }
fun v_sync_fence : univ->univ { (sc & v_sync_pairs) + (v_Choice.v_sync_free - v_sync_pairs) }
";

struct PtxVocabulary;

/// (cat name, Alloy expression, arity).
const PTX_NAMES: &[(&str, &str, u8)] = &[
    // events and their kinds (barriers are fences, as in Dat3M)
    ("M", "(MemEvent + Address)", 1),
    ("W", "(Write + Address)", 1),
    ("R", "Read", 1),
    ("IW", "Address", 1),
    ("F", "(Fence + ProxyFence + AliasFence + Barrier)", 1),
    ("RMW", "(Read.rmw + rmw.Write)", 1),
    // memory orders (fence.sc is SC, not ACQ_REL, as in Dat3M)
    ("WEAK", "Weak", 1),
    ("RLX", "((MemEvent - Weak) - Acquire - Release)", 1),
    ("ACQ", "(Acquire + FenceAcq)", 1),
    ("REL", "(Release + FenceRel)", 1),
    ("ACQ_REL", "FenceAcqRel", 1),
    ("SC", "FenceSC", 1),
    // scopes
    ("CTA", "v_cta", 1),
    ("GPU", "v_gpu", 1),
    ("SYS", "v_sys", 1),
    // proxies
    ("GEN", "proxy.GEN", 1),
    ("SUR", "proxy.SUR", 1),
    ("TEX", "proxy.TEX", 1),
    ("CON", "proxy.CON", 1),
    ("ALIAS", "AliasFence", 1),
    // relations
    ("po", "po", 2),
    ("loc", "(v_addr . ~v_addr)", 2),
    ("vloc", "((vaddr . ~vaddr) + (Address <: iden))", 2),
    ("id", "(v_all <: iden)", 2),
    ("int", "((thread . ~thread) + (Address <: iden))", 2),
    (
        "ext",
        "((v_all -> v_all) - (thread . ~thread) - (Address <: iden))",
        2,
    ),
    ("rf", "(rf + v_init_rf)", 2),
    ("co", "(co + ~(Write <: addr))", 2),
    ("rmw", "rmw", 2),
    ("amo", "rmw", 2),
    ("lxsx", "(none -> none)", 2),
    ("dep", "dep", 2),
    ("sr", "v_sr", 2),
    ("scta", "same_cta", 2),
    ("syncbar", "(bsync + (Barrier <: iden))", 2),
    ("sync_fence", "v_sync_fence", 2),
];

impl Vocabulary for PtxVocabulary {
    fn base(&self, name: &str) -> Option<(&'static str, u8)> {
        PTX_NAMES
            .iter()
            .find(|(n, ..)| *n == name)
            .map(|(_, text, arity)| (*text, *arity))
    }
    fn all(&self) -> &'static str {
        "v_all"
    }
    fn sorts(&self) -> &'static str {
        "Event + Address"
    }
    fn refused(&self, name: &str) -> Option<&'static str> {
        match name {
            "addr" | "data" | "ctrl" => Some("relprove's PTX lowering records data and control dependencies in one relation (the test format has no address dependencies): write `dep`, or their union `addr | data | ctrl`"),
            _ => None,
        }
    }
}

/// Vulkan: Dat3M's names over relprove's candidate executions of Dat3M's
/// Vulkan programs (`vulkan_exec.als`).
pub static VULKAN: Arch = Arch {
    name: "Vulkan (over relprove's candidate executions of Dat3M's Vulkan programs)",
    names: &["VULKAN"],
    model_text: include_str!("vulkan_exec.als"),
    files: &[],
    prelude: VULKAN_PRELUDE,
    vocab: &VulkanVocabulary,
    binding: None,
};

const VULKAN_PRELUDE: &str = "\
-- Same thread: initial writes are each in a thread of their own.
fun v_int : Ev->Ev { Exec.sthd + (IW <: iden) }
";

struct VulkanVocabulary;

/// (cat name, Alloy expression, arity).
const VULKAN_NAMES: &[(&str, &str, u8)] = &[
    // events and their kinds
    ("W", "Exec.W", 1),
    ("R", "Exec.R", 1),
    ("M", "(Exec.R + Exec.W)", 1),
    ("F", "Exec.F", 1),
    ("IW", "IW", 1),
    ("CBAR", "Exec.CBAR", 1),
    ("AVDEVICE", "Exec.AVDEVICE", 1),
    ("VISDEVICE", "Exec.VISDEVICE", 1),
    ("ATOM", "Exec.ATOM", 1),
    ("RMW", "Exec.RMW", 1),
    ("NONPRIV", "Exec.NONPRIV", 1),
    // memory orders and semantics
    ("ACQ", "Exec.ACQ", 1),
    ("REL", "Exec.REL", 1),
    ("AV", "Exec.AV", 1),
    ("VIS", "Exec.VIS", 1),
    ("SEMAV", "Exec.SEMAV", 1),
    ("SEMVIS", "Exec.SEMVIS", 1),
    // storage classes and their semantics
    ("SC0", "Exec.SC0", 1),
    ("SC1", "Exec.SC1", 1),
    ("SC2", "Exec.SC2", 1),
    ("SC3", "Exec.SC3", 1),
    ("SEMSC0", "Exec.SEMSC0", 1),
    ("SEMSC1", "Exec.SEMSC1", 1),
    ("SEMSC2", "Exec.SEMSC2", 1),
    ("SEMSC3", "Exec.SEMSC3", 1),
    // scopes
    ("SG", "Exec.SG", 1),
    ("WG", "Exec.WG", 1),
    ("QF", "Exec.QF", 1),
    ("DV", "Exec.DV", 1),
    // relations
    ("po", "Exec.po", 2),
    ("loc", "Exec.loc", 2),
    ("vloc", "Exec.vloc", 2),
    ("id", "(Ev <: iden)", 2),
    ("int", "v_int", 2),
    ("ext", "((Ev -> Ev) - v_int)", 2),
    ("rf", "v_rf", 2),
    ("co", "Exec.co", 2),
    ("amo", "Exec.amo", 2),
    ("lxsx", "(none -> none)", 2),
    ("ssg", "Exec.ssg", 2),
    ("swg", "Exec.swg", 2),
    ("sqf", "Exec.sqf", 2),
    ("ssw", "Exec.ssw", 2),
    ("syncbar", "v_syncbar", 2),
];

impl Vocabulary for VulkanVocabulary {
    fn base(&self, name: &str) -> Option<(&'static str, u8)> {
        VULKAN_NAMES
            .iter()
            .find(|(n, ..)| *n == name)
            .map(|(_, text, arity)| (*text, *arity))
    }
    fn all(&self) -> &'static str {
        "Ev"
    }
    fn sorts(&self) -> &'static str {
        "Ev"
    }
    fn refused(&self, name: &str) -> Option<&'static str> {
        match name {
            "addr" | "data" | "ctrl" | "dep" => Some("Dat3M's Vulkan tests have no dependencies that relprove records (their branches are unrolled into paths)"),
            _ => None,
        }
    }
}

/// The names of the Vulkan vocabulary, for docs/cat.md and its test.
pub fn vulkan_names() -> impl Iterator<Item = (&'static str, &'static str, u8)> {
    VULKAN_NAMES.iter().copied()
}

/// The names of a vocabulary, for docs/cat.md and its test.
pub fn ptx_names() -> impl Iterator<Item = (&'static str, &'static str, u8)> {
    PTX_NAMES.iter().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dep_is_the_union_of_the_three() {
        assert!(PtxVocabulary.refused("addr").is_some());
        assert_eq!(PtxVocabulary.base("po"), Some(("po", 2)));
    }
}
