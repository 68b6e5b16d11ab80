//! How a run ends: one [`Exit`] per kind of ending, ordered by precedence,
//! so that the status of several outcomes is their maximum.
//!
//! | exit | code | when |
//! |---|---|---|
//! | [`Exit::Ok`] | 0 | every outcome as expected |
//! | [`Exit::Mismatch`] | 1 | some outcome differs from its expectation |
//! | [`Exit::Limit`] | 3 | a time or memory limit left some outcome unknown |
//! | [`Exit::Input`] | 2 | bad input (a file, a flag, a model), or output that could not be written |
//! | [`Exit::Internal`] | 4 | a broken invariant of relprove: a bug |

use std::process::ExitCode;

use relprove::error::Class;
use relprove_litmus::output::Summary;

/// How a run ends, ordered by precedence: when two outcomes meet, the
/// greater one (`max`) is the run's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Every outcome as expected (exit code 0).
    Ok,
    /// Some outcome differs from its expectation (1).
    Mismatch,
    /// A time or memory limit left some outcome unknown (3).
    Limit,
    /// Bad input, or output that could not be written (2).
    Input,
    /// A broken invariant of relprove: a bug (4).
    Internal,
}

impl Exit {
    /// The process's exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::Mismatch => 1,
            Exit::Input => 2,
            Exit::Limit => 3,
            Exit::Internal => 4,
        }
    }

    /// Keep the greater of `self` and `other`.
    pub fn raise(&mut self, other: Exit) {
        *self = (*self).max(other);
    }

    /// The ending of a batch of tests (litmus, compare, operational): of
    /// its `errors`, `limited` were stopped by a limit and `internal` are
    /// bugs of relprove.
    pub fn of_summary(sum: &Summary, limited: usize, internal: usize) -> Exit {
        if internal > 0 {
            Exit::Internal
        } else if sum.mismatches > 0 {
            Exit::Mismatch
        } else if sum.errors > limited {
            Exit::Input
        } else if limited > 0 {
            Exit::Limit
        } else {
            Exit::Ok
        }
    }
}

impl From<Class> for Exit {
    fn from(c: Class) -> Exit {
        match c {
            Class::Input => Exit::Input,
            Class::Limit => Exit::Limit,
            Class::Internal => Exit::Internal,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

#[cfg(test)]
mod tests {
    use super::Exit;
    use relprove_litmus::output::Summary;

    /// A batch with an internal failure ends with 4 (relprove's bug), the
    /// same batch without it with 2 (bad input), as for `check` (issue 35).
    #[test]
    fn internal_failures_of_a_batch_outrank_bad_input() {
        let sum = Summary {
            tests: 1,
            errors: 1,
            ..Default::default()
        };
        assert_eq!(Exit::of_summary(&sum, 0, 1), Exit::Internal);
        assert_eq!(Exit::of_summary(&sum, 0, 0), Exit::Input);
        assert_eq!(Exit::of_summary(&sum, 1, 0), Exit::Limit);
    }

    #[test]
    fn precedence_is_the_order_and_codes_are_documented() {
        let all = [
            Exit::Ok,
            Exit::Mismatch,
            Exit::Limit,
            Exit::Input,
            Exit::Internal,
        ];
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        let codes: Vec<u8> = all.iter().map(|e| e.code()).collect();
        assert_eq!(codes, [0, 1, 3, 2, 4]);
        let mut e = Exit::Limit;
        e.raise(Exit::Mismatch);
        assert_eq!(e, Exit::Limit);
        e.raise(Exit::Internal);
        assert_eq!(e, Exit::Internal);
    }
}
