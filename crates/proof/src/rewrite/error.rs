//! The rewriter's errors: why an assertion is outside its fragment
//! ([`RewriteError`], at the offending expression or formula) and why a
//! proof read from egg's explanation was rejected ([`ProofError`]: a bug of
//! the rewriter, caught by the independent replay, never bad input).

use std::fmt;

use relprove_engine::diag::{Diagnostic, Phase, Span};

use super::rules::Dir;

/// A construct the rewriter does not cover, at its span in the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RewriteError {
    /// `a m -> n b` with multiplicities other than `set`.
    ArrowMultiplicity(Span),
    /// A fun called with the wrong number of arguments.
    CallArity {
        fun: String,
        span: Span,
    },
    /// Funs inlined more than 64 levels deep.
    NestedCalls {
        fun: String,
        span: Span,
    },
    /// A variable bound by a quantifier (the rewriter proves closed goals).
    BoundVariable {
        name: String,
        span: Span,
    },
    Integers(Span),
    Comprehension(Span),
    IfThenElse(Span),
    Let(Span),
    /// A negation other than `no e`.
    Negation(Span),
    /// A formula other than `=`, `in` or `no` on relations.
    Formula(Span),
    /// An expression whose arity the rewriter cannot compute.
    IllFormed(Span),
    /// `a = b` / `a in b` with sides of different arities.
    ArityMismatch(Span),
}

impl RewriteError {
    /// Where the construct is in the model.
    pub fn span(&self) -> Span {
        match self {
            RewriteError::ArrowMultiplicity(s)
            | RewriteError::Integers(s)
            | RewriteError::Comprehension(s)
            | RewriteError::IfThenElse(s)
            | RewriteError::Let(s)
            | RewriteError::Negation(s)
            | RewriteError::Formula(s)
            | RewriteError::IllFormed(s)
            | RewriteError::ArityMismatch(s) => *s,
            RewriteError::CallArity { span, .. }
            | RewriteError::NestedCalls { span, .. }
            | RewriteError::BoundVariable { span, .. } => *span,
        }
    }

    /// A diagnostic at the construct, for the renderer of `relprove_engine::diag`.
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::new(
            Phase::Export,
            self.span(),
            format!("outside the rewriter's fragment: {self}"),
        )
    }
}

impl fmt::Display for RewriteError {
    /// What the construct is (`prove` prints it after "outside the
    /// rewriter's fragment: ").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RewriteError::ArrowMultiplicity(_) => f.write_str("an arrow with multiplicities"),
            RewriteError::CallArity { fun, .. } => {
                write!(f, "a call of `{fun}` with the wrong number of arguments")
            }
            RewriteError::NestedCalls { fun, .. } => write!(f, "calls nested too deeply (`{fun}`)"),
            RewriteError::BoundVariable { name, .. } => write!(f, "the bound variable `{name}`"),
            RewriteError::Integers(_) => f.write_str("integers"),
            RewriteError::Comprehension(_) => f.write_str("a set comprehension"),
            RewriteError::IfThenElse(_) => f.write_str("an if-then-else expression"),
            RewriteError::Let(_) => f.write_str("a let expression"),
            RewriteError::Negation(_) => f.write_str("a negation"),
            RewriteError::Formula(_) => {
                f.write_str("a formula other than `=`, `in` or `no` on relations")
            }
            RewriteError::IllFormed(_) => f.write_str("an ill-formed expression"),
            RewriteError::ArityMismatch(_) => f.write_str("sides of different arities"),
        }
    }
}

impl std::error::Error for RewriteError {}

/// Why a step is not an instance of a rule ([`super::proof::instance_of`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The rewritten term does not match the rule's left side.
    NotInstance { from: String, rule: String },
    /// A variable of the rule has the wrong arity.
    Guard {
        var: String,
        arity: usize,
        rule: String,
    },
    /// The rule's right side has a variable its left side does not bind.
    UnboundRight,
    /// The rule's right side, instantiated, is not the step's result.
    RightSide {
        rule: String,
        expected: String,
        to: String,
    },
    /// No rule of the lemma the step names.
    NoRule { lemma: String },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::NotInstance { from, rule } => {
                write!(f, "`{from}` is not an instance of the left side of {rule}")
            }
            MatchError::Guard { var, arity, rule } => {
                write!(f, "guard: {var} must have arity {arity} ({rule})")
            }
            MatchError::UnboundRight => f.write_str("unbound variable on the right"),
            MatchError::RightSide { rule, expected, to } => write!(
                f,
                "right side of {rule} gives `{expected}`, the step has `{to}`"
            ),
            MatchError::NoRule { lemma } => write!(f, "no rule of lemma `{lemma}`"),
        }
    }
}

impl std::error::Error for MatchError {}

/// What is wrong with one step of a replayed proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepFault {
    NotFromPrevious,
    ChangesOutside,
    NotAnInstance(MatchError),
    ArityChanging,
}

impl fmt::Display for StepFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepFault::NotFromPrevious => f.write_str("does not start from the previous term"),
            StepFault::ChangesOutside => {
                f.write_str("changes the term outside the rewritten position")
            }
            StepFault::NotAnInstance(e) => e.fmt(f),
            StepFault::ArityChanging => f.write_str("ill-formed or arity-changing step"),
        }
    }
}

/// A proof read from egg's explanation ([`super::proof::from_flat`]) or
/// rejected by the replay check ([`super::proof::replay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    EmptyExplanation,
    /// Step `step` of the explanation names no rule.
    NoRuleNamed {
        step: usize,
    },
    UnknownRule(String),
    /// Step `step` (from 1) of the proof, using `rule` in direction `dir`.
    Step {
        step: usize,
        rule: String,
        dir: Dir,
        fault: StepFault,
    },
    /// The last step does not end at the proof's right-hand side.
    WrongEnd,
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::EmptyExplanation => f.write_str("empty explanation"),
            ProofError::NoRuleNamed { step } => {
                write!(f, "explanation step {step} names no rule")
            }
            ProofError::UnknownRule(name) => {
                write!(f, "explanation names an unknown rule {name}")
            }
            ProofError::Step {
                step,
                rule,
                dir,
                fault,
            } => write!(f, "step {step} ({rule} {dir:?}): {fault}"),
            ProofError::WrongEnd => f.write_str("the steps do not end at the right-hand side"),
        }
    }
}

impl std::error::Error for ProofError {}
