//! Khronos's Vulkan litmus tests (KhronosGroup/Vulkan-MemoryModel,
//! `alloy/tests/*.test`), decided against the Vulkan memory model in Alloy
//! (`spirv.als`).
//!
//! `parse` (text → [`Test`]: events with their attribute sets, the group
//! structure, `SSW`/`SLOC` lines and result lines) → `module` (the Alloy
//! module of a test: one `one sig` per event, the program fixed by a fact,
//! one `pred`/`run` per result line) → `run` (resolve it beside the model,
//! decide each `run`, compare with the line's SATISFIABLE / NOSOLUTION).
//!
//! The meaning of the format is the one its repository's generator
//! (`alloy/litmus.cpp`) gives it; docs/vulkan.md lists it, with the two
//! places where relprove reads a test differently (a missing value never
//! matches, an RMW never reads from itself). The generator quantifies the
//! events (`some disj E0, …, En: E` under `#E = n`); relprove declares them
//! as atoms (`one sig E0, …, En extends E`), which has the same instances
//! up to a renaming of atoms, and states the relations a test fixes as
//! constants (`W = Exec -> (E0 + E3)`), which relation pinning
//! (`bounds::pin`) turns into exact bounds.
//!
//! The result lines are Alloy formulas over the model (`consistent[X] &&
//! #dr=0`), pasted into a predicate of `X: Exec` as the generator does:
//! that is why a test becomes Alloy text that the resolver reads with the
//! model, instead of IR built directly (the PTX path, `super::to_ir`).

pub mod cat_module;
pub mod dat3m;
pub mod draw;
mod module;
mod parse;
mod run;

pub use module::{module, run_name};
pub use parse::{is_khronos, parse, MAX_EVENTS};
pub use run::{decide, decide_all, Got, LineResult, TestResult, VulkanModel};

use std::collections::BTreeSet;

use relprove_engine::diag::{FileId, Span};

/// A relation of `spirv.als`'s `Exec` that an instruction's tokens put
/// it in (the field of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Attr {
    /// A write (`st`; an RMW is also one).
    W,
    /// A read (`ld`; an RMW is also one).
    R,
    /// A memory barrier (`membar`; also implied for a control barrier with
    /// `acq` or `rel`).
    F,
    /// An atomic access (`atom`; every RMW is one).
    A,
    /// Acquire semantics (`acq`).
    Acq,
    /// Release semantics (`rel`).
    Rel,
    /// Storage class 0 (`sc0`) of an access.
    Sc0,
    /// Storage class 1 (`sc1`) of an access.
    Sc1,
    /// Storage class 0 in the memory semantics (`semsc0`): the acquire or
    /// release orders accesses of storage class 0.
    SemSc0,
    /// Storage class 1 in the memory semantics (`semsc1`).
    SemSc1,
    /// Subgroup scope (`scopesg`).
    ScopeSg,
    /// Workgroup scope (`scopewg`).
    ScopeWg,
    /// Queue-family scope (`scopeqf`).
    ScopeQf,
    /// Device scope (`scopedev`).
    ScopeDev,
    /// A control barrier (`cbar`), with its dynamic instance in
    /// [`Event::cbar_instance`].
    Cbar,
    /// An availability operation to the device domain (`avdevice`, an
    /// instruction of its own).
    AvDevice,
    /// A visibility operation from the device domain (`visdevice`, an
    /// instruction of its own).
    VisDevice,
    /// Availability in the memory semantics (`semav`): the release also
    /// performs an availability operation for earlier accesses of its
    /// semantics' storage classes.
    SemAv,
    /// Visibility in the memory semantics (`semvis`): the acquire also
    /// performs a visibility operation for later accesses of its
    /// semantics' storage classes.
    SemVis,
    /// A per-instruction availability operation (`av`; implied for an atomic
    /// write): the write itself is made available.
    Av,
    /// A per-instruction visibility operation (`vis`; implied for an atomic
    /// read): the location is made visible to the read itself.
    Vis,
    /// Non-private (`nonpriv`; implied for atomics and `av`/`vis` accesses):
    /// the access takes part in inter-thread ordering.
    NonPriv,
    /// Dat3M's storage classes 2 and 3 and their semantics: not in
    /// spirv.als (a test using them runs under a cat model only).
    Sc2,
    /// Storage class 3 (Dat3M's `sc3`): cat models only, as [`Attr::Sc2`].
    Sc3,
    /// Storage class 2 in the memory semantics (Dat3M's `semsc2`): cat
    /// models only.
    SemSc2,
    /// Storage class 3 in the memory semantics (Dat3M's `semsc3`): cat
    /// models only.
    SemSc3,
}

impl Attr {
    /// Every attribute, in the order the fact states them.
    pub const ALL: [Attr; 22] = [
        Attr::W,
        Attr::R,
        Attr::F,
        Attr::A,
        Attr::Acq,
        Attr::Rel,
        Attr::Sc0,
        Attr::Sc1,
        Attr::SemSc0,
        Attr::SemSc1,
        Attr::ScopeSg,
        Attr::ScopeWg,
        Attr::ScopeQf,
        Attr::ScopeDev,
        Attr::Cbar,
        Attr::AvDevice,
        Attr::VisDevice,
        Attr::SemAv,
        Attr::SemVis,
        Attr::Av,
        Attr::Vis,
        Attr::NonPriv,
    ];

    /// The attributes spirv.als has no field for.
    pub const CAT_ONLY: [Attr; 4] = [Attr::Sc2, Attr::Sc3, Attr::SemSc2, Attr::SemSc3];

    /// The field of `Exec` in `spirv.als` (for [`Attr::CAT_ONLY`], the
    /// tag of Dat3M's cat models).
    pub fn field(self) -> &'static str {
        match self {
            Attr::W => "W",
            Attr::R => "R",
            Attr::F => "F",
            Attr::A => "A",
            Attr::Acq => "ACQ",
            Attr::Rel => "REL",
            Attr::Sc0 => "SC0",
            Attr::Sc1 => "SC1",
            Attr::SemSc0 => "SEMSC0",
            Attr::SemSc1 => "SEMSC1",
            Attr::ScopeSg => "SCOPESG",
            Attr::ScopeWg => "SCOPEWG",
            Attr::ScopeQf => "SCOPEQF",
            Attr::ScopeDev => "SCOPEDEV",
            Attr::Cbar => "CBAR",
            Attr::AvDevice => "AVDEVICE",
            Attr::VisDevice => "VISDEVICE",
            Attr::SemAv => "SEMAV",
            Attr::SemVis => "SEMVIS",
            Attr::Av => "AV",
            Attr::Vis => "VIS",
            Attr::NonPriv => "NONPRIV",
            Attr::Sc2 => "SC2",
            Attr::Sc3 => "SC3",
            Attr::SemSc2 => "SEMSC2",
            Attr::SemSc3 => "SEMSC3",
        }
    }

    /// The attributes an opcode token stands for (`rmw` is `ld.st.atom`),
    /// `None` for an unknown token.
    pub fn of_token(token: &str) -> Option<&'static [Attr]> {
        Some(match token {
            "st" => &[Attr::W],
            "ld" => &[Attr::R],
            "membar" => &[Attr::F],
            "atom" => &[Attr::A],
            "rmw" => &[Attr::R, Attr::W, Attr::A],
            "acq" => &[Attr::Acq],
            "rel" => &[Attr::Rel],
            "sc0" => &[Attr::Sc0],
            "sc1" => &[Attr::Sc1],
            "semsc0" => &[Attr::SemSc0],
            "semsc1" => &[Attr::SemSc1],
            "scopesg" => &[Attr::ScopeSg],
            "scopewg" => &[Attr::ScopeWg],
            "scopeqf" => &[Attr::ScopeQf],
            "scopedev" => &[Attr::ScopeDev],
            "cbar" => &[Attr::Cbar],
            "avdevice" => &[Attr::AvDevice],
            "visdevice" => &[Attr::VisDevice],
            "semav" => &[Attr::SemAv],
            "semvis" => &[Attr::SemVis],
            "av" => &[Attr::Av],
            "vis" => &[Attr::Vis],
            "nonpriv" => &[Attr::NonPriv],
            _ => return None,
        })
    }

    /// The tokens [`Attr::of_token`] knows, for error messages.
    pub const TOKENS: &'static str = "st, ld, rmw, atom, membar, cbar, acq, rel, sc0, sc1, semsc0, semsc1, scopesg, scopewg, scopeqf, scopedev, avdevice, visdevice, semav, semvis, av, vis, nonpriv";
}

/// The four levels of the execution's hierarchy, outermost first, with the
/// directive that starts a new group and the `Exec` field relating the
/// events of one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Queue family (`NEWQF`, `sqf`).
    QueueFamily,
    /// Workgroup (`NEWWG`, `swg`).
    Workgroup,
    /// Subgroup (`NEWSG`, `ssg`).
    Subgroup,
    /// Thread, an invocation (`NEWTHREAD`, `immpo`).
    Thread,
}

impl Level {
    /// Every level, outermost first (the order of [`Test::breaks`]).
    pub const ALL: [Level; 4] = [
        Level::QueueFamily,
        Level::Workgroup,
        Level::Subgroup,
        Level::Thread,
    ];

    /// The directive that makes the next instruction start a new group at
    /// this level (`NEWQF`, `NEWWG`, `NEWSG`, `NEWTHREAD`).
    pub fn directive(self) -> &'static str {
        match self {
            Level::QueueFamily => "NEWQF",
            Level::Workgroup => "NEWWG",
            Level::Subgroup => "NEWSG",
            Level::Thread => "NEWTHREAD",
        }
    }

    /// The relation of `Exec` that holds between events of one group
    /// (for threads: immediate program order).
    pub fn field(self) -> &'static str {
        match self {
            Level::QueueFamily => "sqf",
            Level::Workgroup => "swg",
            Level::Subgroup => "ssg",
            Level::Thread => "immpo",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One instruction: event `E<index>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its attributes, the implied ones included (an atomic write is an
    /// availability operation, ...).
    pub attrs: BTreeSet<Attr>,
    /// The variable (a reference; one location unless `SLOC` says so).
    pub var: Option<String>,
    /// The value a read reads (`= v`; for an RMW the first value).
    pub read: Option<i64>,
    /// The value a write writes (`= v`; for an RMW the second value).
    pub written: Option<i64>,
    /// A control barrier's dynamic instance.
    pub cbar_instance: Option<i64>,
    /// A named barrier's quorum (Dat3M's `cbar … INSTANCE, ID, QUORUM`):
    /// the barriers of its instance that take part in it; spirv.als has no
    /// such barriers, a cat model of Vulkan has.
    pub quorum: Option<usize>,
    /// The thread number (for `SSW`).
    pub thread: u32,
    /// The instruction's text.
    pub span: Span,
}

impl Event {
    /// Whether the event has attribute `a` (implied attributes included).
    pub fn has(&self, a: Attr) -> bool {
        self.attrs.contains(&a)
    }
}

/// What a result line expects Alloy to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub enum Expect {
    /// `SATISFIABLE`: some execution of the test satisfies the formula.
    #[serde(rename = "SATISFIABLE")]
    Satisfiable,
    /// `NOSOLUTION`: no execution of the test satisfies the formula.
    #[serde(rename = "NOSOLUTION")]
    NoSolution,
}

impl Expect {
    /// The keyword as the test file writes it (`SATISFIABLE`, `NOSOLUTION`).
    pub fn word(self) -> &'static str {
        match self {
            Expect::Satisfiable => "SATISFIABLE",
            Expect::NoSolution => "NOSOLUTION",
        }
    }
}

/// `SATISFIABLE|NOSOLUTION [NOCHAINS] formula`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLine {
    /// Whether an execution satisfying the formula should exist.
    pub expect: Expect,
    /// Availability and visibility chains of one element only
    /// (`X.chains = stor[X.EV]` instead of `X.EV -> X.EV`).
    pub nochains: bool,
    /// Alloy formula text over `X: Exec` (may be empty: no constraint).
    pub formula: String,
    /// The formula's text in the file (the line's end when empty).
    pub formula_span: Span,
    /// The whole line.
    pub span: Span,
    /// 1-based line number.
    pub line: usize,
}

/// A parsed test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// The file's stem.
    pub name: String,
    /// The file the test was read from (the file of its spans).
    pub file: FileId,
    /// The instructions in file order: `events[i]` is event `E<i>`.
    pub events: Vec<Event>,
    /// Per [`Level`], the events that begin a group other than the first
    /// (ascending, each above 0).
    pub breaks: [Vec<usize>; 4],
    /// `SSW a b`: thread `a` system-synchronizes-with thread `b`.
    pub ssw: Vec<(u32, u32, Span)>,
    /// `SLOC a b`: references `a` and `b` are one location.
    pub sloc: Vec<(String, String, Span)>,
    /// The result lines, in file order.
    pub results: Vec<ResultLine>,
    /// What the generator warns about (legal, but usually a mistake: an
    /// atomic without a scope makes every execution inconsistent).
    pub warnings: Vec<(Span, String)>,
}

impl Test {
    /// The events that begin a group at `level` other than the first.
    pub fn breaks(&self, level: Level) -> &[usize] {
        &self.breaks[level.index()]
    }

    /// The group of event `i` at `level` (0 for the first group): how many
    /// groups begin at or before it.
    pub fn group(&self, level: Level, i: usize) -> usize {
        self.breaks(level).iter().filter(|&&b| b <= i).count()
    }
}
