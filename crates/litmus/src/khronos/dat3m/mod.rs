//! Dat3M's Vulkan litmus tests (`VULKAN name … P0@sg 0, wg 0, qf 0 | …`,
//! the `litmus/VULKAN` folder of Dat3M), decided against Khronos's
//! `spirv.als`.
//!
//! `parse` (text → [`VTest`]: threads with their place in the hierarchy,
//! instructions with their tags as Khronos attributes, the initial state,
//! `ssw` pairs, aliases, the `filter` and the condition) → `paths` (each
//! thread executed with the values its reads may return: a read's value
//! stays symbolic until a branch, a computation or a store needs it, and
//! is then fixed, one path per value; loops are unrolled up to a bound) →
//! [`combinations`] (one path per thread: a Khronos [`Test`] whose single
//! result line is the question, stated over `rf`) → [`decide`].
//!
//! The tags mean what Dat3M's Vulkan front end makes of them (an `av`
//! store is non-private, an atomic is available/visible, `acq_rel` is both
//! `acq` and `rel`); they become the same `Exec` attributes as the tokens
//! of Khronos's own tests (`super::Attr`), so that a test in both formats
//! is one candidate execution. docs/vulkan.md has the table.

mod parse;
mod paths;

pub use parse::{is_dat3m_vulkan, parse};
pub use paths::{combinations, Combination};

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use super::{decide as decide_test, Attr, VulkanModel};
use crate::ast::{ArithOp, Prop, Quant};
use relprove_engine::check::CheckOptions;
use relprove_engine::diag::{Diagnostic, FileId, Span};
use relprove_engine::resolve::LoadOptions;

/// A register or a constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A register (`r` and digits, e.g. `r0`), read from the thread's
    /// registers.
    Reg(String),
    /// An integer constant.
    Const(i64),
}

/// `beq`, `bne`, `blt`, `ble`, `bgt`, `bge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `beq`: equal.
    Eq,
    /// `bne`: not equal.
    Ne,
    /// `blt`: less than.
    Lt,
    /// `ble`: less than or equal.
    Le,
    /// `bgt`: greater than.
    Gt,
    /// `bge`: greater than or equal.
    Ge,
}

impl Cmp {
    /// Whether `a` compares to `b` as the branch asks (`a < b` for `blt`).
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// A control barrier: `cbar.TAGS INSTANCE[, ID[, QUORUM]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cbar {
    /// The dynamic instance.
    pub instance: i64,
    /// A named barrier's resource id: barriers synchronize only with
    /// barriers of the same id (and of the same instance and workgroup).
    pub id: Option<i64>,
    /// A named barrier's quorum: it completes once that many barriers of
    /// its group arrive, and synchronizes only those that take part.
    pub quorum: Option<i64>,
}

/// One instruction of a thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Instr {
    /// A memory operation, barrier or device operation: one event with
    /// these attributes. `ld r, x`: `reg` and `loc`; `st x, v`: `loc` and
    /// `value`; `rmw[.op] r, x, v`: all three (without an operation the
    /// old value is replaced by `v`).
    Event {
        /// The event's `Exec` attributes: Dat3M's tags as Khronos attributes,
        /// the implied ones included.
        attrs: BTreeSet<Attr>,
        /// The register a `ld` or `rmw` puts the value it reads in.
        reg: Option<String>,
        /// The location a `ld`, `st` or `rmw` accesses, as written (possibly an
        /// alias, see [`VTest::location`]).
        loc: Option<String>,
        /// The value a `st` writes, or an `rmw`'s operand (the value it
        /// writes when it has no `op`).
        value: Option<Operand>,
        /// An `rmw`'s operation (`rmw.add` …): it writes the old value
        /// combined with `value` (`old + value` for `add`).
        op: Option<ArithOp>,
        /// A control barrier.
        cbar: Option<Cbar>,
    },
    /// `add r, a, b` (and the other operations).
    Local {
        /// The register that receives the result.
        dst: String,
        /// The operation (`add`, `sub`, `mul`, `and`, `or`, `xor`).
        op: ArithOp,
        /// The left operand.
        a: Operand,
        /// The right operand: `dst = a op b`.
        b: Operand,
    },
    /// A label (`LC00:`), the target of a jump; no event.
    Label(String),
    /// `goto LC00`: an unconditional jump to the label.
    Goto(String),
    /// `beq a, b, LC00` (…): a jump to `target` when `a` and `b` compare as
    /// `cmp` says, else the next instruction.
    Branch {
        /// The comparison (from the opcode: `beq` …).
        cmp: Cmp,
        /// The left operand.
        a: Operand,
        /// The right operand.
        b: Operand,
        /// The label jumped to.
        target: String,
    },
}

/// One thread: `Pn@sg S, wg W, qf Q` and its instructions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VThread {
    /// The thread's number `n` of `Pn`, which is also its column (from 0).
    pub id: u32,
    /// Its subgroup (`sg S`), numbered within its workgroup.
    pub sg: u32,
    /// Its workgroup (`wg W`), numbered within its queue family.
    pub wg: u32,
    /// Its queue family (`qf Q`).
    pub qf: u32,
    /// Its instructions in program order, each with its text in the file.
    pub instrs: Vec<(Instr, Span)>,
}

/// What the test asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// `exists`, `~exists` or `forall` with its proposition (absent: the
    /// test has only a `filter`).
    pub quant: Option<(Quant, Prop)>,
    /// `filter P`: only executions whose final state satisfies P count.
    pub filter: Option<Prop>,
    /// The text of the condition, for the output.
    pub text: String,
}

/// A parsed Dat3M Vulkan test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VTest {
    /// The test's name: the word after `VULKAN`.
    pub name: String,
    /// The file the test was read from.
    pub file: FileId,
    /// Initial values of locations (absent: 0).
    pub init: BTreeMap<String, i64>,
    /// Initial values of registers, per thread id.
    pub init_regs: BTreeMap<(u32, String), i64>,
    /// `y aliases x`: reference `y` is location `x`.
    pub aliases: BTreeMap<String, String>,
    /// `ssw a b`: thread a system-synchronizes-with thread b.
    pub ssw: Vec<(u32, u32, Span)>,
    /// In the order of the test's columns.
    pub threads: Vec<VThread>,
    /// The condition and the `filter`.
    pub question: Question,
    /// The whole file.
    pub span: Span,
}

impl VTest {
    /// The location that reference `name` stands for.
    pub fn location<'a>(&'a self, name: &'a str) -> &'a str {
        let mut at = name;
        for _ in 0..=self.aliases.len() {
            match self.aliases.get(at) {
                Some(t) => at = t,
                None => break,
            }
        }
        at
    }

    /// The initial value of the location `name` stands for.
    pub fn initial(&self, name: &str) -> i64 {
        self.init.get(self.location(name)).copied().unwrap_or(0)
    }
}

/// Which property a run decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The test's condition (herd's Ok / No).
    Condition,
    /// Race freedom: no consistent execution (that passes the `filter`)
    /// has a data race (`Exec.dr`, spirv.als's `racefree`); Dat3M's
    /// `VULKAN-DR` tables.
    Races,
}

/// The answer for one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Condition mode: herd's Ok (`true`) or No.
    Validated(bool),
    /// Races mode: whether every execution is free of data races.
    RaceFree(bool),
    /// A limit stopped the search: why.
    Unknown(String),
}

impl Verdict {
    /// `Ok`/`No`, `race-free`/`racy`, `Unknown`.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Validated(true) => "Ok",
            Verdict::Validated(false) => "No",
            Verdict::RaceFree(true) => "race-free",
            Verdict::RaceFree(false) => "racy",
            Verdict::Unknown(_) => "Unknown",
        }
    }

    /// As a line of Dat3M's expected tables: 1 for PASS (Ok, race-free),
    /// 0 for FAIL.
    pub fn pass(&self) -> Option<bool> {
        match self {
            Verdict::Validated(b) | Verdict::RaceFree(b) => Some(*b),
            Verdict::Unknown(_) => None,
        }
    }
}

/// A decided test.
#[derive(Clone, Debug)]
pub struct Decided {
    /// The answer: Ok/No, race-free/racy, or why it is unknown.
    pub verdict: Verdict,
    /// Candidate programs (one path per thread) that could answer.
    pub combinations: usize,
    /// How many of them were given to the solver before the answer.
    pub solved: usize,
    /// Wall-clock time of the whole test: enumerating the paths and solving.
    pub time: Duration,
    /// The candidate program and the execution that decided the test (an
    /// `exists` found, a `~exists`/`forall` violated, a race), when asked
    /// for ([`Options::witnesses`]).
    pub drawn: Option<(super::Test, std::sync::Arc<super::draw::Witness>)>,
}

/// How a run reads the model and the tests.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Which property to decide: the condition or race freedom.
    pub mode: Mode,
    /// Availability and visibility chains of one element (Khronos's
    /// NOCHAINS lines, Dat3M's `vulkan-nochains.cat`).
    pub nochains: bool,
    /// How many times a thread may pass one label.
    pub unroll: u32,
    /// Keep the execution that decided the test ([`Decided::drawn`]).
    pub witnesses: bool,
}

/// Decide `test` over `model`: the question holds or fails on the first
/// candidate program whose execution the solver finds; `opts.timeout` is
/// the whole test's time.
pub fn decide(
    test: &VTest,
    model: &VulkanModel,
    how: Options,
    opts: &CheckOptions,
    load: &LoadOptions,
) -> Result<Decided, Diagnostic> {
    let start = Instant::now();
    let deadline = opts.timeout.map(|t| start + t);
    if model.cat.is_some() && how.nochains {
        return Err(Diagnostic::new(
            relprove_engine::diag::Phase::Litmus,
            test.span,
            "--no-chains does not apply to a cat model: the model defines its chains (Dat3M's vulkan-nochains.cat has chains of one element)",
        ));
    }
    if model.cat.is_none() {
        let quorum = test.threads.iter().flat_map(|t| &t.instrs).find(|(i, _)| {
            matches!(
                i,
                Instr::Event {
                    cbar: Some(Cbar {
                        quorum: Some(_),
                        ..
                    }),
                    ..
                }
            )
        });
        if let Some((_, span)) = quorum {
            return Err(Diagnostic::new(
                relprove_engine::diag::Phase::Litmus,
                *span,
                "unsupported: named barriers with a quorum (spirv.als's control barriers have an instance only)",
            )
            .hint("Dat3M's vulkan.cat has them: relprove litmus --model vulkan.cat (docs/cat.md)"));
        }
    }
    if how.mode == Mode::Races && !model.has_races() {
        return Err(Diagnostic::new(
            relprove_engine::diag::Phase::Litmus,
            test.span,
            "--check races needs a model that reports data races: the cat model has no `flag`",
        ));
    }
    let Some(combos) = combinations(test, how, model.races(), deadline)? else {
        return Ok(Decided {
            verdict: Verdict::Unknown("time limit (while enumerating the paths)".into()),
            combinations: 0,
            solved: 0,
            time: start.elapsed(),
            drawn: None,
        });
    };
    let n = combos.len();
    let mut solved = 0;
    // Found an execution of the question: for `exists` the answer Ok, for
    // `~exists`/`forall` (asked negated) and races, a counterexample.
    let mut found = false;
    let mut drawn = None;
    let mut unknown = None;
    for c in &combos {
        let left = opts.timeout.map(|t| t.saturating_sub(start.elapsed()));
        if left == Some(Duration::ZERO) {
            unknown = Some("time limit".to_string());
            break;
        }
        let o = CheckOptions {
            timeout: left,
            ..opts.clone()
        };
        solved += 1;
        let r = decide_test(&c.test, model, &o, load, how.witnesses)?;
        match &r.lines[0].got {
            super::Got::Sat => {
                found = true;
                drawn = r.lines[0].witness.clone().map(|w| (c.test.clone(), w));
                break;
            }
            super::Got::NoSolution => {}
            super::Got::Unknown(why) => {
                unknown = Some(why.clone());
                break;
            }
        }
    }
    let verdict = match (found, unknown, how.mode) {
        (false, Some(why), _) => Verdict::Unknown(why),
        (found, _, Mode::Races) => Verdict::RaceFree(!found),
        (found, _, Mode::Condition) => match test.question.quant.as_ref().map(|q| q.0) {
            Some(Quant::Exists) => Verdict::Validated(found),
            _ => Verdict::Validated(!found),
        },
    };
    Ok(Decided {
        verdict,
        combinations: n,
        solved,
        time: start.elapsed(),
        drawn,
    })
}

/// [`decide`] for every test on up to `jobs` worker threads, results in
/// the order of `tests`; a panic becomes an internal error of its test.
pub fn decide_all(
    tests: &[&VTest],
    model: &VulkanModel,
    how: Options,
    opts: &CheckOptions,
    load: &LoadOptions,
    jobs: usize,
) -> Vec<Result<Decided, Diagnostic>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let guarded = |t: &VTest| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            decide(t, model, how, opts, load)
        }))
        .unwrap_or_else(|p| {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Diagnostic::new(
                relprove_engine::diag::Phase::Internal,
                Span::new(t.file, 0, 0),
                format!(
                    "internal error while checking {} (a bug in relprove): {msg}",
                    t.name
                ),
            ))
        })
    };
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Decided, Diagnostic>>>> =
        Mutex::new(vec![None; tests.len()]);
    std::thread::scope(|s| {
        for _ in 0..relprove_engine::budget::workers(jobs, tests.len()) {
            let worker = std::thread::Builder::new().stack_size(256 << 20);
            let spawned = worker.spawn_scoped(s, || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= tests.len() {
                    break;
                }
                let r = guarded(tests[i]);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
            if spawned.is_err() {
                break;
            }
        }
    });
    let mut results: Vec<Result<Decided, Diagnostic>> = results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .zip(tests)
        .map(|(r, t)| r.unwrap_or_else(|| guarded(t)))
        .collect();
    let memory = |r: &Result<Decided, Diagnostic>| matches!(r, Ok(Decided { verdict: Verdict::Unknown(why), .. }) if why.starts_with("memory limit"));
    super::run::redo_alone(&mut results, jobs, memory, |i| guarded(tests[i]));
    results
}
