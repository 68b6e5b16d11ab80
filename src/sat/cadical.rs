//! CaDiCaL, linked in process through the `cadical` crate.
//!
//! One measured choice (bench/RESULTS.md): a round of CaDiCaL's up-front
//! preprocessing (bounded variable elimination, probing, subsumption) before
//! search. Most variables of a translated formula are Tseitin gates that
//! elimination removes; doing it before the first conflict instead of at
//! CaDiCaL's first inprocessing point cut the solve time of the PTX mapping
//! checks at bound 4 by about a third (coherence 0.48 → 0.38 s, SC 0.41 →
//! 0.29 s user time) and did not slow bound 5 down.
//! A two-instance portfolio (default and `unsat` configurations racing on
//! two cores) was tried and dropped: neither configuration dominates on
//! these problems, so it only doubled the CPU time.

use super::{Cnf, SatError, SatResult, SatSolver, Undecided};
use crate::budget::{Budget, Progress};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

/// Estimated bytes CaDiCaL needs for a CNF: per clause a header and two
/// watches, per literal its slot, per variable its many per-variable
/// arrays; doubled for learned clauses and inprocessing copies. (Its
/// memory is allocated in C++, out of sight of the counting allocator.)
pub fn estimated_bytes(cnf: &Cnf) -> u64 {
    let clauses = cnf.num_clauses as u64;
    let lits = cnf.num_literals() as u64;
    let vars = cnf.num_vars as u64;
    2 * (56 * clauses + 4 * lits + 160 * vars)
}

/// CaDiCaL's callbacks: stop at the deadline (CaDiCaL asks during
/// preprocessing, inprocessing and search alike), and count conflicts
/// (one learned clause each) for progress displays.
struct Stop {
    deadline: Option<Instant>,
    progress: Arc<Progress>,
    calls: u32,
    timed_out: bool,
}

impl cadical::Callbacks for Stop {
    fn terminate(&mut self) -> bool {
        self.calls = self.calls.wrapping_add(1);
        if self.calls.is_multiple_of(16)
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.progress.cancel.load(Ordering::Relaxed))
        {
            self.timed_out = true;
        }
        self.timed_out
    }
    fn max_length(&self) -> i32 {
        i32::MAX
    }
    fn learn(&mut self, _clause: &[i32]) {
        self.progress.conflicts.fetch_add(1, Ordering::Relaxed);
    }
}

/// CaDiCaL, optionally with one of its named configurations, kept alive
/// across calls (clauses added once, solved under assumptions many times).
pub struct Cadical {
    /// A named configuration (`default`, `plain`, `sat`, `unsat`).
    pub config: Option<String>,
    /// Rounds of preprocessing (0: none), run once, before the search of
    /// the first call.
    pub preprocessing: i32,
    solver: cadical::Solver<Stop>,
    num_vars: u32,
    /// The preprocessing round has been run.
    preprocessed: bool,
}

impl Default for Cadical {
    fn default() -> Self {
        Cadical::make(None, cadical::Solver::new())
    }
}

impl Cadical {
    fn make(config: Option<String>, mut solver: cadical::Solver<Stop>) -> Cadical {
        solver.set_callbacks(Some(Stop {
            deadline: None,
            progress: Arc::default(),
            calls: 0,
            timed_out: false,
        }));
        Cadical {
            config,
            preprocessing: 1,
            solver,
            num_vars: 0,
            preprocessed: false,
        }
    }

    /// CaDiCaL with a named configuration.
    pub fn with_config(config: &str) -> Result<Cadical, SatError> {
        let s = cadical::Solver::with_config(config).map_err(|e| SatError::Spec(e.to_string()))?;
        Ok(Cadical::make(Some(config.to_string()), s))
    }

    /// Without the preprocessing round (for comparisons).
    pub fn without_preprocessing(mut self) -> Cadical {
        self.preprocessing = 0;
        self
    }
}

impl SatSolver for Cadical {
    fn name(&self) -> String {
        match &self.config {
            None => "cadical".into(),
            Some(c) => format!("cadical:{c}"),
        }
    }

    fn add_clause(&mut self, clause: &[i32]) {
        for &l in clause {
            self.num_vars = self.num_vars.max(l.unsigned_abs());
        }
        self.solver.add_clause(clause.iter().copied());
    }

    fn reserve(&mut self, num_vars: u32) {
        self.num_vars = self.num_vars.max(num_vars);
        self.solver.reserve(self.num_vars as i32);
    }

    fn failed(&self, lit: i32) -> bool {
        self.solver.failed(lit)
    }

    fn set_preprocessing(&mut self, on: bool) {
        self.preprocessing = i32::from(on);
    }

    fn solve(&mut self, assumptions: &[i32], budget: &Budget) -> Result<SatResult, SatError> {
        if let Some(stop) = self.solver.get_callbacks() {
            stop.deadline = budget.deadline();
            stop.progress = budget.progress.clone();
            stop.timed_out = false;
        }
        if budget.check() == Err(crate::budget::Exhausted::Time) {
            return Ok(SatResult::Unknown(Undecided::TIME));
        }
        for &a in assumptions {
            self.num_vars = self.num_vars.max(a.unsigned_abs());
        }
        // Limits hold for one call only. The round pays on the first call,
        // which meets the whole translated formula; the later calls of a
        // session (enumeration, cores, a litmus test's outcomes) add a few
        // clauses each.
        if self.preprocessing > 0 && !self.preprocessed {
            self.preprocessed = true;
            self.solver
                .set_limit("preprocessing", self.preprocessing)
                .map_err(|e| SatError::Spec(e.to_string()))?;
        }
        let answer = self.solver.solve_with(assumptions.iter().copied());
        match answer {
            Some(true) => {
                let mut m = vec![false; self.num_vars as usize + 1];
                for v in 1..=self.num_vars as i32 {
                    m[v as usize] = self.solver.value(v) == Some(true);
                }
                Ok(SatResult::Sat(m))
            }
            Some(false) => Ok(SatResult::Unsat),
            None => Ok(SatResult::Unknown(Undecided::TIME)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::solve_cnf;

    /// Preprocessing must not change answers: random 3-CNFs near the
    /// threshold, with and without it, against each other and the models.
    #[test]
    fn preprocessing_keeps_verdicts() {
        let mut state = 777u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as i32
        };
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..200 {
            let n = 40;
            let mut c = Cnf {
                num_vars: n as u32,
                ..Default::default()
            };
            for _ in 0..170 {
                let cl: Vec<i32> = (0..3)
                    .map(|_| (1 + next().rem_euclid(n)) * if next() % 2 == 0 { 1 } else { -1 })
                    .collect();
                c.add(&cl);
            }
            let with = solve_cnf(&mut Cadical::default(), &c, &Budget::unlimited()).unwrap();
            let without = solve_cnf(
                &mut Cadical::default().without_preprocessing(),
                &c,
                &Budget::unlimited(),
            )
            .unwrap();
            match (&with, &without) {
                (SatResult::Sat(m1), SatResult::Sat(m2)) => {
                    assert!(c.satisfied_by(m1) && c.satisfied_by(m2));
                    sat += 1;
                }
                (SatResult::Unsat, SatResult::Unsat) => unsat += 1,
                _ => panic!("{with:?} vs {without:?}"),
            }
        }
        assert!(sat > 10 && unsat > 10, "{sat} sat, {unsat} unsat");
    }
}
