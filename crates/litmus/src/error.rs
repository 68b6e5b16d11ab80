//! Typed errors of the litmus back ends: what can go wrong between a lowered
//! test and its final states. Errors in the test itself (syntax,
//! unsupported instructions, limits) are [`relprove_engine::diag::Diagnostic`]s with
//! the test's spans; these are failures on the generated module or on the
//! instance read back, which `run` wraps into a diagnostic at the test's name.

use std::fmt;

use relprove_engine::diag::Cause;
use relprove_engine::instance::graph::GraphError;

/// A back end ([`super::run::Backend`], [`super::run::LitmusSession`])
/// could not decide a generated module.
#[derive(Debug)]
pub enum LitmusError {
    /// The generated module does not load or check: its diagnostics, with
    /// the generated text their spans point into (not the user's input).
    Generated(Cause),
    /// The generated module has no `run` command of the expected name.
    NoRunCommand(&'static str),
    /// The memory model has no consistency predicate of this name.
    NoConsistency(String),
    /// The generated `run` command is not an inline block.
    NotInline,
    /// The generated command does not call the consistency predicate.
    NotAsked(String),
    /// A predicate a session was asked for is missing.
    NoPredicate(String),
    /// A predicate a session was asked for has parameters.
    PredicateHasParameters(String),
    /// The checker hit a limit (time, memory, scope) and gave no answer.
    GaveUp(String),
    /// A bug in relprove's checker.
    Internal(String),
    /// The lowered test does not fit the model's declarations (a binding
    /// that names what the model lacks).
    Lowering(IrError),
    /// The relations `--graph` draws could not be computed.
    Graph(GraphError),
    /// The final state could not be read off an instance.
    State(StateError),
}

impl fmt::Display for LitmusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LitmusError::Generated(c) => match c.diagnostics.first() {
                Some(d) => write!(f, "the generated module: {}", d.message),
                None => f.write_str("the generated module does not check"),
            },
            LitmusError::NoRunCommand(name) => {
                write!(f, "the generated module has no `{name}` command")
            }
            LitmusError::NoConsistency(p) => write!(f, "the model has no predicate `{p}`"),
            LitmusError::NotInline => f.write_str("the generated command is not an inline block"),
            LitmusError::NotAsked(p) => {
                write!(f, "the generated command does not ask for `{p}`")
            }
            LitmusError::NoPredicate(p) => {
                write!(f, "the generated module has no predicate `{p}`")
            }
            LitmusError::PredicateHasParameters(p) => {
                write!(f, "the generated predicate `{p}` has parameters")
            }
            LitmusError::GaveUp(why) => write!(f, "the checker gave up: {why}"),
            LitmusError::Internal(m) => write!(f, "internal error: {m}"),
            LitmusError::Lowering(e) => write!(f, "lowering the test over the model: {e}"),
            LitmusError::Graph(e) => write!(f, "{e}"),
            LitmusError::State(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LitmusError {}

/// Why an execution cannot be lowered over a model: a name the binding
/// uses that the model lacks, or ill-formed relational terms (both bugs of
/// a binding, reported instead of a panic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IrError {
    /// The model declares no sig, field, function or predicate of this name.
    UnknownName(String),
    /// The name has several declarations of the needed kind.
    Ambiguous(String),
    /// The name is declared, but not as what the position needs.
    WrongKind {
        /// The name.
        name: String,
        /// What the position needs (`sig`, `field`, …).
        wanted: &'static str,
    },
    /// An operator applied to relations of arities it does not take.
    Arity {
        /// The operator.
        op: &'static str,
        /// Its operands' arities.
        arities: Vec<usize>,
    },
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IrError::UnknownName(n) => write!(f, "the model declares no `{n}`"),
            IrError::Ambiguous(n) => write!(f, "the model declares `{n}` more than once"),
            IrError::WrongKind { name, wanted } => {
                write!(f, "the model's `{name}` is not a {wanted}")
            }
            IrError::Arity { op, arities } => {
                write!(f, "`{op}` on relations of arities {arities:?}")
            }
        }
    }
}

impl LitmusError {
    /// The phase a diagnostic of this error is labelled with: a limit
    /// (`--timeout`, `--max-memory`) is not bad input, and an instance
    /// relprove cannot read back is its own bug.
    pub fn phase(&self) -> relprove_engine::diag::Phase {
        use relprove_engine::diag::Phase;
        match self {
            LitmusError::GaveUp(_) => Phase::Limit,
            LitmusError::Internal(_) | LitmusError::State(_) => Phase::Internal,
            _ => Phase::Litmus,
        }
    }

    /// The generated module's diagnostics, in their own sources.
    pub fn generated(
        sources: &std::sync::Arc<relprove_engine::diag::SourceMap>,
        diagnostics: Vec<relprove_engine::diag::Diagnostic>,
    ) -> LitmusError {
        LitmusError::Generated(Cause {
            sources: sources.clone(),
            diagnostics,
        })
    }

    /// The error as a diagnostic about the model at `path` (no test
    /// involved); a generated module's diagnostics are kept as its cause.
    pub fn at_model(self, path: &std::path::Path) -> relprove_engine::diag::Diagnostic {
        use relprove_engine::diag::{Diagnostic, Phase};
        let what = format!("the model {} does not load", path.display());
        match self {
            LitmusError::Generated(c) => {
                Diagnostic::without_span(Phase::Litmus, format!("{what}: ")).caused_by(c)
            }
            e => Diagnostic::without_span(e.phase(), format!("{what}: {e}")),
        }
    }

    /// The error as a diagnostic at `span` (the test's name): `what`
    /// failed; a generated module's own diagnostics are kept as its cause.
    pub fn at(
        self,
        span: relprove_engine::diag::Span,
        what: &str,
    ) -> relprove_engine::diag::Diagnostic {
        use relprove_engine::diag::{Diagnostic, Phase};
        match self {
            LitmusError::Generated(c) => {
                Diagnostic::new(Phase::Litmus, span, format!("{what}: ")).caused_by(c)
            }
            e => Diagnostic::new(e.phase(), span, format!("{what}: {e}")),
        }
    }
}

impl From<StateError> for LitmusError {
    fn from(e: StateError) -> Self {
        LitmusError::State(e)
    }
}

/// Why the observed values could not be read off a solution
/// ([`super::run::extract_state`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The solution has no such generated sig.
    NoSig(String),
    /// A one sig of the lowering without exactly one atom.
    NotOneAtom {
        /// The sig.
        sig: String,
        /// Its atoms in the solution.
        atoms: usize,
    },
    /// The solution has no such generated field.
    NoField(&'static str),
    /// An atom that should be a value atom is not.
    NotAValue(String),
    /// A read or location with two values.
    TwoValues(String),
    /// A read (an event) without a value.
    ReadWithoutValue(String),
    /// A location without a final write.
    NoFinalWrite(String),
    /// A location's final write without a value.
    FinalWriteWithoutValue(String),
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::NoSig(s) => write!(f, "no sig {s} in the instance"),
            StateError::NotOneAtom { sig, atoms } => write!(f, "one sig {sig} has {atoms} atoms"),
            StateError::NoField(n) => write!(f, "no field {n} in the instance"),
            StateError::NotAValue(a) => write!(f, "{a} is not a value atom"),
            StateError::TwoValues(e) => write!(f, "event {e} has two values"),
            StateError::ReadWithoutValue(r) => write!(f, "read {r} has no value"),
            StateError::NoFinalWrite(l) => write!(f, "no final write chosen for {l}"),
            StateError::FinalWriteWithoutValue(w) => write!(f, "final write {w} has no value"),
        }
    }
}

impl std::error::Error for StateError {}
