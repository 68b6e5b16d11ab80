//! Why a command has no answer: the typed reason of
//! [`Outcome::Unknown`](super::Outcome::Unknown). Its `Display` is the
//! message the CLI prints after `Unknown:` (and in JSON's `reason`).

use crate::budget::{Exhausted, Stage};
use crate::sat::Undecided;

/// Why a command (or a core, an enumeration, a cube run) ended without an
/// answer.
#[warn(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// A limit stopped the command in `stage`, before the solver ran:
    /// `time limit (during translation)`.
    Stopped {
        /// The limit.
        limit: Exhausted,
        /// The stage it stopped.
        stage: Stage,
    },
    /// The solver returned without an answer: `time limit`,
    /// ``solver said `UNKNOWN` ``.
    Solver(Undecided),
    /// `reason`, met in `step`: `time limit (during solving)`.
    In {
        /// What stopped it.
        reason: Box<Unknown>,
        /// Where.
        step: Step,
    },
    /// The deadline passed during the minimisation of an unsat core, before
    /// the translation that verifies the core.
    BeforeCoreCheck,
    /// Cube-and-conquer: the time limit left `undecided` of `cubes` cubes
    /// without an answer (and none satisfiable).
    CubesUndecided {
        /// Cubes without an answer.
        undecided: usize,
        /// All cubes.
        cubes: usize,
    },
    /// `relprove merge`: `undecided` of `cubes` cubes have no answer file,
    /// or one without an answer.
    CubesUnanswered {
        /// Cubes without an answer.
        undecided: usize,
        /// All cubes.
        cubes: usize,
    },
}

/// The step of a driver in which a reason was met (a suffix of the
/// message).
#[warn(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The solver call of a command or an enumeration.
    Solving,
    /// The fresh translation and solve that verify an unsat core.
    VerifyingCore,
}

impl Unknown {
    /// `self`, met in `step`.
    pub fn during(self, step: Step) -> Unknown {
        Unknown::In {
            reason: Box::new(self),
            step,
        }
    }

    /// The limit behind the reason, if one was hit: the budget's (time,
    /// memory) or the deadline of a cube run. `None` for a solver that
    /// said `UNKNOWN` and for cubes without answer files.
    pub fn limit(&self) -> Option<Exhausted> {
        match self {
            Unknown::Stopped { limit, .. } | Unknown::Solver(Undecided::Limit { limit, .. }) => {
                Some(limit.clone())
            }
            Unknown::In { reason, .. } => reason.limit(),
            Unknown::BeforeCoreCheck | Unknown::CubesUndecided { .. } => Some(Exhausted::Time),
            Unknown::Solver(Undecided::Said(_)) | Unknown::CubesUnanswered { .. } => None,
        }
    }
}

impl std::fmt::Display for Unknown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unknown::Stopped { limit, stage } => {
                write!(f, "{limit} (during {})", stage.phase_name())
            }
            Unknown::Solver(u) => write!(f, "{u}"),
            Unknown::In {
                reason,
                step: Step::Solving,
            } => write!(f, "{reason} (during solving)"),
            Unknown::In {
                reason,
                step: Step::VerifyingCore,
            } => write!(f, "{reason} (verifying the core)"),
            Unknown::BeforeCoreCheck => {
                f.write_str("time limit (before the verifying translation)")
            }
            Unknown::CubesUndecided { undecided, cubes } => {
                write!(f, "time limit: {undecided} of {cubes} cubes undecided")
            }
            Unknown::CubesUnanswered { undecided, cubes } => {
                write!(f, "{undecided} of {cubes} cubes without an answer")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::MemoryNeed;
    use crate::sat::SolverStep;

    /// Every message is the text relprove printed when the reason was a
    /// string: the CLI's output does not change.
    #[test]
    fn messages_are_unchanged() {
        let time = || Unknown::Solver(Undecided::TIME);
        let cases = [
            (
                Unknown::Stopped {
                    limit: Exhausted::Time,
                    stage: Stage::Translate,
                },
                "time limit (during translation)",
            ),
            (time(), "time limit"),
            (time().during(Step::Solving), "time limit (during solving)"),
            (
                Unknown::Solver(Undecided::Limit {
                    limit: Exhausted::Time,
                    step: SolverStep::Loading,
                })
                .during(Step::Solving),
                "time limit (loading the solver) (during solving)",
            ),
            (
                Unknown::Solver(Undecided::Limit {
                    limit: Exhausted::Time,
                    step: SolverStep::WritingDimacs,
                }),
                "time limit (writing the DIMACS file)",
            ),
            (
                Unknown::Solver(Undecided::Said("UNKNOWN".into())).during(Step::Solving),
                "solver said `UNKNOWN` (during solving)",
            ),
            (
                Unknown::Stopped {
                    limit: Exhausted::Time,
                    stage: Stage::Cnf,
                }
                .during(Step::VerifyingCore),
                "time limit (during CNF conversion) (verifying the core)",
            ),
            (
                Unknown::BeforeCoreCheck,
                "time limit (before the verifying translation)",
            ),
            (
                Unknown::CubesUndecided {
                    undecided: 3,
                    cubes: 8,
                },
                "time limit: 3 of 8 cubes undecided",
            ),
            (
                Unknown::CubesUnanswered {
                    undecided: 1,
                    cubes: 4,
                },
                "1 of 4 cubes without an answer",
            ),
        ];
        for (u, text) in cases {
            assert_eq!(u.to_string(), text);
        }
        let memory = Exhausted::Memory(MemoryNeed {
            what: "the CNF".into(),
            bytes: 2 << 30,
            limit: 1 << 30,
        });
        let u = Unknown::Stopped {
            limit: memory.clone(),
            stage: Stage::Cnf,
        };
        assert_eq!(u.to_string(), format!("{memory} (during CNF conversion)"));
        assert_eq!(u.limit(), Some(memory));
        assert_eq!(
            Unknown::Solver(Undecided::Said("UNKNOWN".into())).limit(),
            None
        );
    }
}
