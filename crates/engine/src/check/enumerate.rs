//! Every instance of a command (`check --all`, `--max-instances N`): one
//! [`Session`], solved again after each instance under a clause that
//! blocks it (its values of the primary variables that sig and field
//! values depend on), as Kodkod enumerates solutions.
//!
//! Each instance is re-evaluated by the independent evaluator before it is
//! handed out (the session does it). With symmetry breaking on (the
//! default) the instances are those the lex-leader predicates keep: at
//! least one of every isomorphism class, usually one; with symmetry 0
//! every labelled instance, each once (tests/engine/diff.rs compares both
//! with a brute-force enumeration).

use std::borrow::Cow;
use std::time::Instant;

use crate::budget::Budget;
use crate::check::{CheckError, CheckOptions, Opened, Outcome, Session, Stats, Step, Unknown};
use crate::instance::Instance;
use crate::ir::{CommandId, Model};

/// How an enumeration ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Every instance was found.
    Complete,
    /// The `max` given was reached (more may exist).
    Max,
    /// A time or memory limit stopped it; the reason.
    Limit(Unknown),
}

/// The result of [`enumerate`].
#[derive(Clone, Debug)]
pub struct Enumeration {
    /// How many instances were handed out.
    pub count: usize,
    /// Why the enumeration ended.
    pub end: End,
    /// Sizes of the session; `solve_ms` is the time of all solver calls
    /// together, `time_ms` of the whole enumeration.
    pub stats: Stats,
}

/// Hand every instance of command `id` (every counterexample of a
/// `check`) to `each`, numbered from 1, until there is none left or `max`
/// were found. The command's time and memory limits (`opts`) bound the
/// whole enumeration.
pub fn enumerate(
    model: &Model,
    id: CommandId,
    opts: &CheckOptions,
    max: Option<usize>,
    each: &mut dyn FnMut(usize, &Instance),
) -> Result<Enumeration, CheckError> {
    let start = Instant::now();
    let progress = opts.progress.clone().unwrap_or_default();
    progress.reset();
    let budget = Budget::new(opts.timeout, opts.max_memory).with_progress(progress);
    let done = |count, end, stats: Stats| Enumeration {
        count,
        end,
        stats: Stats {
            time_ms: start.elapsed().as_millis(),
            ..stats
        },
    };
    let mut session = match Session::open(Cow::Borrowed(model), id, Vec::new(), opts, budget)? {
        Opened::Ready(s) => s,
        Opened::Stopped(e, stage, stats) => {
            let why = Unknown::Stopped { limit: e, stage };
            return Ok(done(0, End::Limit(why), stats));
        }
    };
    let mut count = 0;
    let mut solve_ms = 0;
    let end = loop {
        if max.is_some_and(|m| count >= m) {
            break End::Max;
        }
        let t = Instant::now();
        let outcome = session.solve_outcome(&[])?;
        solve_ms += t.elapsed().as_millis();
        match outcome {
            Outcome::Sat(inst) => {
                count += 1;
                each(count, &inst);
                if !session.block_instance()? {
                    break End::Complete;
                }
            }
            Outcome::Unsat => break End::Complete,
            Outcome::Unknown(why) => break End::Limit(why.during(Step::Solving)),
        }
    };
    let stats = Stats {
        solve_ms,
        ..session.stats.clone()
    };
    Ok(done(count, end, stats))
}
