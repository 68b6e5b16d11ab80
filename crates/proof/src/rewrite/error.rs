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
        /// The fun's name.
        fun: String,
        /// The call.
        span: Span,
    },
    /// Funs inlined more than 64 levels deep.
    NestedCalls {
        /// The fun called at the depth limit.
        fun: String,
        /// The call.
        span: Span,
    },
    /// A variable bound by a quantifier (the rewriter proves closed goals).
    BoundVariable {
        /// The variable's name.
        name: String,
        /// The variable's occurrence.
        span: Span,
    },
    /// Integers as relations: `Int`, `seq/Int` or an integer used as a set
    /// (`Int[e]`).
    Integers(Span),
    /// A set comprehension.
    Comprehension(Span),
    /// An `if-then-else` expression.
    IfThenElse(Span),
    /// A `let` expression.
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
    NotInstance {
        /// The subterm matched against the left side (the step's `before`
        /// at its path, or `after` for a step used right to left), in Alloy
        /// syntax.
        from: String,
        /// The egg rule's name.
        rule: String,
    },
    /// A variable of the rule has the wrong arity.
    Guard {
        /// The pattern variable.
        var: String,
        /// The arity the rule requires of it.
        arity: usize,
        /// The egg rule's name.
        rule: String,
    },
    /// The rule's right side has a variable its left side does not bind.
    UnboundRight,
    /// The rule's right side, instantiated, is not the step's result.
    RightSide {
        /// The egg rule's name.
        rule: String,
        /// The rule's right side instantiated by the match, in Alloy
        /// syntax.
        expected: String,
        /// The other side of the step at its path (`after`, or `before`
        /// for a step used right to left), in Alloy syntax.
        to: String,
    },
    /// No rule of the lemma the step names.
    NoRule {
        /// The lemma (or hypothesis rule) the step names.
        lemma: String,
    },
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
    /// The step's `before` is not the previous step's `after` (or, for the
    /// first step, the proof's left-hand side).
    NotFromPrevious,
    /// `before` and `after` differ outside the subterm at the step's path.
    ChangesOutside,
    /// No rule of the step's lemma fits the step; carries why the last one
    /// tried did not (`MatchError::NoRule` when the lemma has no rule).
    NotAnInstance(MatchError),
    /// The rewritten subterm is ill-formed, or its arity differs from the
    /// result's.
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
    /// egg's flattened explanation has no terms.
    EmptyExplanation,
    /// Step `step` of the explanation names no rule.
    NoRuleNamed {
        /// Index of the explanation's term without a rule annotation
        /// (from 1).
        step: usize,
    },
    /// The explanation names an egg rule that is not in the rule set
    /// (carries its name, without the `<-` suffix).
    UnknownRule(String),
    /// Step `step` (from 1) of the proof, using `rule` in direction `dir`.
    Step {
        /// The step's number (from 1).
        step: usize,
        /// The lemma (or hypothesis rule) the step names.
        rule: String,
        /// The direction the step uses it in.
        dir: Dir,
        /// What is wrong with the step.
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
