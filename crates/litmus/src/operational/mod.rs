//! Operational memory models, explored natively.
//!
//! A model is a transition system over its own states ([`Model`]): an
//! initial state built from a litmus test, the enabled transitions of a
//! state, and the final outcome of a state (the values of the test's
//! observed registers and locations) once it has one. [`explore`] walks the
//! interleavings (depth-first, with a visited set of state fingerprints and
//! a partial-order reduction that keeps every reachable final outcome) and
//! returns the reachable outcomes, each with a witness trace; [`run_test`]
//! turns that into the herd-style verdict the axiomatic litmus runner gives.
//!
//! Models (one file each): [`lost_pop`] (seed 002, §4-5 and App. A: the
//! compound x86-TSO/PTX LOST-POP model) and [`sorensen`] (seed 001, Ch. 4:
//! the weak GPU model of §4.2 and the strong one of §4.3).

pub mod compare;
pub mod explore;
pub mod lost_pop;
pub mod program;
pub mod sorensen;
pub mod vecmap;

use std::collections::BTreeSet;
use std::fmt;
use std::hash::Hash;

use serde::Serialize;

use crate::ast::{Term, Test};
use crate::run::{holds_in, verdict, TestResult, Verdict};
use relprove_engine::diag::{Diagnostic, Phase, Span};

/// A transition system explored by [`explore::explore`].
pub trait Model {
    /// A state of the model.
    type State: Clone + Eq + Hash;
    /// A transition of the model.
    type Trans: Clone + Eq + fmt::Debug;
    /// The state before any transition.
    fn initial(&self) -> Result<Self::State, OpError>;
    /// The transitions enabled in `s`, in a deterministic order.
    fn enabled(&self, s: &Self::State) -> Result<Vec<Self::Trans>, OpError>;
    /// Whether `t` is enabled in `s` (by default: whether `enabled` lists it).
    fn is_enabled(&self, s: &Self::State, t: &Self::Trans) -> Result<bool, OpError> {
        Ok(self.enabled(s)?.contains(t))
    }
    /// The state after taking an enabled transition.
    fn apply(&self, s: &Self::State, t: &Self::Trans) -> Result<Self::State, OpError>;
    /// `Some(values of the observed variables)` when `s` is final.
    fn outcome(&self, s: &Self::State) -> Result<Option<Vec<i64>>, OpError>;
    /// A transition in words, for witness traces.
    fn describe(&self, t: &Self::Trans) -> String;
    /// A cheap pre-filter for the debug builds' diamond checks: `false`
    /// when `t` and `u` certainly do not commute at `s`, so the explorer
    /// does not apply both orders. Answering `true` is always sound.
    fn may_commute(&self, _s: &Self::State, _t: &Self::Trans, _u: &Self::Trans) -> bool {
        true
    }
    /// The sleep sets' independence relation: pushes to `out` each of
    /// `candidates` (transitions enabled at `s`) that is independent of
    /// the enabled transition `t` at `s`: each stays enabled after the
    /// other and both orders reach the same state. Conservative: leaving a
    /// candidate out is always sound (it only explores more). The default
    /// names none, so sleep sets change nothing. Debug builds check every
    /// claim by applying both orders.
    fn independent(
        &self,
        _s: &Self::State,
        _t: &Self::Trans,
        _candidates: &[Self::Trans],
        _out: &mut Vec<Self::Trans>,
    ) {
    }
    /// A persistent set of `s` with one element, as an index into
    /// `enabled` (the transitions enabled at `s`): a transition `t` that no
    /// other transition disables and that commutes with every transition of
    /// every path from `s` that does not take it, so that exploring `t`
    /// alone from `s` keeps every reachable final state (partial-order
    /// reduction; docs/operational.md gives the argument). `None`, the
    /// default, explores every enabled transition. The choice must depend
    /// on `s` alone (the visited set relies on it).
    fn persistent(&self, _s: &Self::State, _enabled: &[Self::Trans]) -> Option<usize> {
        None
    }
    /// Failing a [`Model::persistent`] transition, a persistent set of `s`
    /// with more than one element and fewer than `enabled`: indices into
    /// `enabled`, sorted (LOST-POP: the enabled members of a stubborn set).
    /// Same contract as [`Model::persistent`]: a function of `s` alone,
    /// and every reachable final state is kept.
    fn persistent_set(&self, _s: &Self::State, _enabled: &[Self::Trans]) -> Option<Vec<usize>> {
        None
    }
    /// The observed variables whose final value `s` already fixes (same
    /// order as the outcome; `None` or a shorter vector: not known yet).
    /// Whatever is reported known must hold in every final state reachable
    /// from `s`: the explorer cuts branches on it (`--witnesses`).
    fn known(&self, _s: &Self::State) -> Vec<Option<i64>> {
        Vec::new()
    }
    /// The state the visited set fingerprints in place of `s` (sleep sets
    /// off): a representative of the states that behave as `s` does up to
    /// a renaming that no rule of the model can observe, so that the
    /// explorer merges them (LOST-POP: request positions of a looping
    /// thread, relative to its oldest live one). The default is `s`
    /// itself. Every state with the same representative must have the
    /// same reachable outcomes, and each explored state's successors must
    /// stand, up to that renaming, for those of the states it stands for.
    fn canonical<'a>(&self, s: &'a Self::State) -> std::borrow::Cow<'a, Self::State> {
        std::borrow::Cow::Borrowed(s)
    }
    /// Whether [`Model::canonical`] may rename a state of this test (then
    /// the explorer uses no sleep sets: they name transitions by raw ids).
    fn renames(&self) -> bool {
        false
    }
    /// [`Model::known`] with value sets: per observed variable, the values
    /// it can still have in a final state reachable from `s` (`None` or a
    /// shorter vector: any value). Every final state reachable from `s`
    /// must give each variable a value of its set. The default: the
    /// known values as one-element sets.
    fn possible(&self, s: &Self::State) -> Vec<Option<Vec<i64>>> {
        self.known(s)
            .into_iter()
            .map(|v| v.map(|x| vec![x]))
            .collect()
    }
}

/// Errors of the operational phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpError {
    /// `op:NAME` names no model.
    UnknownModel(String),
    /// The test uses something the model does not define.
    Unsupported {
        /// Where in the test (the construct, or the test's name).
        span: Span,
        /// What is unsupported, in words.
        what: String,
    },
    /// More states than the limit.
    StateLimit(usize),
    /// A thread ran more local steps than the loop bound.
    LoopBound {
        /// The jump or branch that went past the bound.
        span: Span,
        /// The bound on local steps.
        bound: u32,
    },
    /// More requests in one thread than the state encoding holds.
    TooLarge {
        /// The test's name.
        span: Span,
        /// What is too large, in words.
        what: String,
    },
    /// The exploration ran out of time or memory (`--timeout`,
    /// `--max-memory`); [`run_test`] names the test ([`OpError::GaveUp`]).
    Budget(relprove_engine::budget::Exhausted),
    /// A test's exploration ran out of time or memory: the message says
    /// which limit (exit code 3, as for axiomatic models).
    GaveUp {
        /// The test's name.
        span: Span,
        /// The message (which test, and which limit).
        what: String,
    },
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpError::UnknownModel(m) => write!(
                f,
                "unknown operational model `op:{m}` (known: {})",
                MODELS.join(", ")
            ),
            OpError::Unsupported { what, .. } => write!(f, "unsupported: {what}"),
            OpError::StateLimit(n) => write!(f, "gave up: more than {n} states (--max-states)"),
            OpError::LoopBound { bound, .. } => {
                write!(
                    f,
                    "unsupported: a thread ran past the loop bound ({bound} steps)"
                )
            }
            OpError::TooLarge { what, .. } => write!(f, "unsupported: {what}"),
            OpError::Budget(why) => write!(f, "gave up: {why}"),
            OpError::GaveUp { what, .. } => write!(f, "{what}"),
        }
    }
}

impl OpError {
    /// The error as a diagnostic, at its span where it has one (limits in
    /// the `Limit` phase).
    pub fn to_diagnostic(&self) -> Diagnostic {
        match self {
            OpError::Unsupported { span, .. }
            | OpError::LoopBound { span, .. }
            | OpError::TooLarge { span, .. } => {
                Diagnostic::new(Phase::Litmus, *span, self.to_string())
            }
            OpError::UnknownModel(_) => Diagnostic::without_span(Phase::Litmus, self.to_string()),
            OpError::StateLimit(_) => Diagnostic::without_span(Phase::Limit, self.to_string()),
            OpError::GaveUp { span, .. } => Diagnostic::new(Phase::Limit, *span, self.to_string()),
            OpError::Budget(_) => Diagnostic::without_span(Phase::Limit, self.to_string()),
        }
    }
}

/// The operational models, by the name after `op:`.
pub const MODELS: [&str; 3] = ["op:lost-pop", "op:sorensen", "op:sorensen-alt"];

/// Which operational model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelName {
    /// Seed 002's compound x86-TSO/PTX LOST-POP model.
    LostPop,
    /// Seed 001 §4.2 (the weak model).
    Sorensen,
    /// Seed 001 §4.3 (the alternative, strong model).
    SorensenAlt,
}

impl ModelName {
    /// `op:lost-pop` etc.; `None` if `spec` does not start with `op:`.
    pub fn parse(spec: &str) -> Option<Result<ModelName, OpError>> {
        let name = spec.strip_prefix("op:")?;
        Some(match name {
            "lost-pop" => Ok(ModelName::LostPop),
            "sorensen" => Ok(ModelName::Sorensen),
            "sorensen-alt" => Ok(ModelName::SorensenAlt),
            _ => Err(OpError::UnknownModel(name.to_string())),
        })
    }
    /// The name after which `--model` selects the model (`op:lost-pop` etc.).
    pub fn spec(self) -> &'static str {
        match self {
            ModelName::LostPop => "op:lost-pop",
            ModelName::Sorensen => "op:sorensen",
            ModelName::SorensenAlt => "op:sorensen-alt",
        }
    }
}

/// One test decided by an operational model (its JSON: the exploration's
/// fields of `litmus --model op:NAME --format json`).
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct OpResult {
    /// The operational model (`op:lost-pop`).
    pub model: &'static str,
    /// Reachable final states (values of the observed variables).
    #[serde(skip)]
    pub herd: TestResult,
    /// For each reachable final state (same order as `herd.states`), the
    /// transition sequence that reaches it.
    pub traces: Vec<Vec<String>>,
    /// The trace of one state satisfying the condition, if any.
    pub witness: Option<Vec<String>>,
    /// Distinct states visited.
    pub states_explored: usize,
    /// Transitions taken (edges of the explored graph).
    pub transitions: usize,
    /// Terminal states that are not final (should be 0).
    pub stuck: usize,
    /// States cut: by `--witnesses`, their side of the condition was
    /// already witnessed; enumerating, every outcome possible below them
    /// was already found.
    #[serde(skip_serializing_if = "is_zero", default)]
    pub pruned: usize,
    /// Exploration time, in microseconds.
    pub explore_us: u128,
}

/// Decide `test` with the operational model `name`.
/// `text` is the test's source text.
pub fn run_test(
    name: ModelName,
    test: &Test,
    text: &str,
    limits: explore::Limits,
) -> Result<OpResult, OpError> {
    let prog = program::Program::compile(test, text)?;
    match name {
        ModelName::LostPop => finish(name, test, &lost_pop::LostPop::new(prog)?, limits),
        ModelName::Sorensen => finish(name, test, &sorensen::Sorensen::new(prog, false)?, limits),
        ModelName::SorensenAlt => finish(name, test, &sorensen::Sorensen::new(prog, true)?, limits),
    }
}

fn finish<M: Model>(
    name: ModelName,
    test: &Test,
    model: &M,
    limits: explore::Limits,
) -> Result<OpResult, OpError> {
    let vars = test.cond.prop.vars();
    let prop = &test.cond.prop;
    let classify = |known: &[Option<i64>]| {
        prop.eval_partial(&|t: &Term| {
            let i = vars.iter().position(|v| v == t)?;
            known.get(i).copied().flatten()
        })
    };
    let ex = explore::explore_for(model, limits, Some(&classify)).map_err(|e| match e {
        OpError::Budget(why) => {
            let timeout = limits
                .timeout
                .filter(|_| why == relprove_engine::budget::Exhausted::Time);
            OpError::GaveUp {
                span: test.name_span,
                what: crate::run::gave_up(&test.name, &why, timeout),
            }
        }
        // Running out of states is a limit like time and memory (exit
        // code 3, at the test's name); it was `unsupported`, exit 2.
        OpError::StateLimit(n) => OpError::GaveUp {
            span: test.name_span,
            what: crate::run::gave_up(
                &test.name,
                &format!("more than {n} states (--max-states)"),
                None,
            ),
        },
        e => e,
    })?;
    let states: BTreeSet<Vec<i64>> = ex.outcomes.keys().cloned().collect();
    let holds = |st: &[i64]| holds_in(test, &vars, st);
    let Verdict {
        positive,
        negative,
        validated,
        observation,
    } = verdict(test, &vars, &states);
    let describe = |tr: &Vec<M::Trans>| tr.iter().map(|t| model.describe(t)).collect();
    let traces: Vec<Vec<String>> = ex.outcomes.values().map(describe).collect();
    let witness = ex
        .outcomes
        .iter()
        .find(|(s, _)| holds(s))
        .map(|(_, tr)| describe(tr));
    Ok(OpResult {
        model: name.spec(),
        herd: TestResult {
            name: test.name.clone(),
            file: String::new(),
            quant: test.cond.quant,
            prop: test.cond.prop.clone(),
            vars,
            states,
            enumerated: !limits.witnesses,
            hung_combinations: 0,
            positive,
            negative,
            validated,
            observation,
            combinations: 1,
            solver_calls: 0,
            time_ms: ex.time_us / 1000,
            witness: None,
        },
        traces,
        witness,
        states_explored: ex.states,
        transitions: ex.transitions,
        stuck: ex.stuck,
        pruned: ex.pruned,
        explore_us: ex.time_us,
    })
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}
