//! CaDiCaL, linked in process through the `cadical` crate.
//!
//! One measured choice (bench/RESULTS.md): a round of CaDiCaL's up-front
//! preprocessing (bounded variable elimination, probing, subsumption) before
//! search. Most variables of a translated formula are Tseitin gates that
//! elimination removes; doing it before the first conflict instead of at
//! CaDiCaL's first inprocessing point cut the solve time of the PTX mapping
//! checks at bound 4 by about a third (coherence 0.48 → 0.38 s, SC 0.41 →
//! 0.29 s user time) and did not slow bound 5 down. Easy problems do not
//! wait for it: on the first call a copy of the clauses searches without
//! it on a second thread, for a few conflicts, and answers when it decides
//! ([`Cadical::race_first_call`]).
//! A two-instance portfolio (default and `unsat` configurations racing on
//! two cores) was tried and dropped: neither configuration dominates on
//! these problems, so it only doubled the CPU time.

use super::{Cnf, SatError, SatResult, SatSolver, Undecided};
use crate::budget::{Budget, Progress};
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// In a race of two solvers on one problem: set by whichever decides
    /// it first, and the other stops ([`Cadical::race_first_call`]).
    rival: Option<Arc<AtomicBool>>,
}

impl Stop {
    fn new(deadline: Option<Instant>, progress: Arc<Progress>) -> Stop {
        Stop {
            deadline,
            progress,
            calls: 0,
            timed_out: false,
            rival: None,
        }
    }
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
            || self
                .rival
                .as_ref()
                .is_some_and(|r| r.load(Ordering::Relaxed))
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
    /// Until the first call: every clause added, for the racing copy
    /// ([`Cadical::race_first_call`]).
    clauses: Cnf,
    /// `clauses` holds every clause added so far (false once a clause was
    /// added while preprocessing was off).
    restartable: bool,
    /// The racing copy decided the first call and replaced the solver.
    rebuilt: bool,
}

impl Default for Cadical {
    fn default() -> Self {
        Cadical::make(None, cadical::Solver::new())
    }
}

impl Cadical {
    fn make(config: Option<String>, mut solver: cadical::Solver<Stop>) -> Cadical {
        solver.set_callbacks(Some(Stop::new(None, Arc::default())));
        Cadical {
            config,
            preprocessing: 1,
            solver,
            num_vars: 0,
            preprocessed: false,
            clauses: Cnf::default(),
            restartable: true,
            rebuilt: false,
        }
    }

    /// A fresh CaDiCaL of the same configuration, without clauses.
    fn fresh_solver(&self) -> Result<cadical::Solver<Stop>, SatError> {
        match &self.config {
            None => Ok(cadical::Solver::new()),
            Some(c) => cadical::Solver::with_config(c).map_err(|e| SatError::Spec(e.to_string())),
        }
    }

    /// The first call with the preprocessing round pending: a race between
    /// this solver, which runs the round and then searches, and a fresh
    /// copy of the clauses that searches at once, for at most
    /// [`quick_conflicts`] conflicts. When the copy decides the problem,
    /// its answer is taken (and this solver stopped; the copy becomes this
    /// solver); otherwise this solver's. So the answer (the model too) does
    /// not depend on which thread was faster: the copy's search is the same
    /// whether or not this solver finished first.
    ///
    /// Why: the round costs about 0.25 s on a 10k-variable PTX formula,
    /// far more than an easy problem (a sanity `run`, a shallow
    /// counterexample) needs, while the hard ones profit from it. Run one
    /// after the other, a short search before the round made the PTX
    /// checks at bound 4 0.1 s slower each (and searching before the round
    /// on the same solver slowed the SC check at bound 5 by a quarter);
    /// side by side, on a second core, the hard problems lose nothing but
    /// the copy's few conflicts of CPU (bench/RESULTS.md, lead30).
    ///
    /// The preprocessed solver runs on its own thread, and when the copy
    /// decides it is not waited for: CaDiCaL looks at the stop flag only
    /// between the round's phases, up to 1.4 s later on a 1.1M-clause
    /// Vulkan formula, where the copy had decided in 0.4 s (issue 42). It
    /// stops at its next look and frees its memory then.
    fn race_first_call(
        &mut self,
        assumptions: &[i32],
        budget: &Budget,
    ) -> Result<Option<bool>, SatError> {
        self.preprocessed = true;
        let clauses = std::mem::take(&mut self.clauses);
        self.solver
            .set_limit("preprocessing", self.preprocessing)
            .map_err(|e| SatError::Spec(e.to_string()))?;
        // No race where the copy's memory would pass the limit.
        if !self.restartable
            || budget
                .reserve(estimated_bytes(&clauses), String::new)
                .is_err()
        {
            return Ok(self.solver.solve_with(assumptions.iter().copied()));
        }
        let mut quick = self.fresh_solver()?;
        let rival = Arc::new(AtomicBool::new(false));
        // The budget's progress: a cancellation stops the copy too.
        let mut stop = Stop::new(budget.deadline(), budget.progress.clone());
        stop.rival = Some(rival.clone());
        quick.set_callbacks(Some(stop));
        quick.reserve(self.num_vars as i32);
        // Every clause, the empty one too (a false formula).
        for clause in clauses.clause_iter() {
            quick.add_clause(clause.iter().copied());
        }
        quick
            .set_limit("conflicts", quick_conflicts(&clauses))
            .map_err(|e| SatError::Spec(e.to_string()))?;
        drop(clauses);
        if let Some(stop) = self.solver.get_callbacks() {
            stop.rival = Some(rival.clone());
        }
        let placeholder = self.fresh_solver()?;
        let mut main = std::mem::replace(&mut self.solver, placeholder);
        let main_assumptions = assumptions.to_vec();
        // (the preprocessed solver never stops the copy: the copy's search,
        // and so the answer taken, must not depend on which finished first)
        let main_thread = std::thread::Builder::new()
            .name("cadical-preprocessed".into())
            .spawn(move || {
                let answer = main.solve_with(main_assumptions);
                (main, answer)
            })
            .map_err(|e| SatError::Spec(format!("cannot start the solver thread: {e}")))?;
        let fast = quick.solve_with(assumptions.iter().copied());
        if let Some(answer) = fast {
            // Stop the preprocessed solver and leave it: it ends by itself.
            rival.store(true, Ordering::Relaxed);
            drop(main_thread);
            if let Some(stop) = quick.get_callbacks() {
                stop.rival = None;
            }
            self.solver = quick;
            self.rebuilt = true;
            return Ok(Some(answer));
        }
        drop(quick);
        let (main, answer) = main_thread
            .join()
            .map_err(|_| SatError::Spec("the preprocessing solver panicked".into()))?;
        self.solver = main;
        if let Some(stop) = self.solver.get_callbacks() {
            stop.rival = None;
        }
        Ok(answer)
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

/// Conflicts of the racing copy's search (see [`Cadical::race_first_call`]).
const QUICK_CONFLICTS: i32 = 1000;

/// The racing copy's conflict limit for `cnf`: [`QUICK_CONFLICTS`], or more
/// on a large formula, in proportion to its clauses, as the preprocessing
/// round's own cost grows with them.
fn quick_conflicts(cnf: &Cnf) -> i32 {
    let scaled = cnf.num_clauses / CLAUSES_PER_QUICK_CONFLICT;
    QUICK_CONFLICTS.max(i32::try_from(scaled).unwrap_or(i32::MAX))
}

/// Clauses per conflict of the racing copy's limit on large formulas.
const CLAUSES_PER_QUICK_CONFLICT: usize = 500;

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
        if self.preprocessing > 0 && !self.preprocessed {
            self.clauses.add(clause);
        } else {
            self.restartable = false;
            self.clauses = Cnf::default();
        }
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
        if !on {
            self.restartable &= self.clauses.is_empty();
            self.clauses = Cnf::default();
        }
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
        let answer = if self.preprocessing > 0 && !self.preprocessed {
            self.race_first_call(assumptions, budget)?
        } else {
            self.solver.solve_with(assumptions.iter().copied())
        };
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

    /// Pigeonhole: `p` pigeons in `h` holes (unsatisfiable for p > h), as
    /// clauses over variables `1 + i * h + j` (pigeon i in hole j).
    fn pigeons(p: i32, h: i32) -> Vec<Vec<i32>> {
        let v = |i: i32, j: i32| 1 + i * h + j;
        let mut cls: Vec<Vec<i32>> = (0..p).map(|i| (0..h).map(|j| v(i, j)).collect()).collect();
        for j in 0..h {
            for a in 0..p {
                for b in a + 1..p {
                    cls.push(vec![-v(a, j), -v(b, j)]);
                }
            }
        }
        cls
    }

    /// A problem the racing copy does not decide (pigeonhole 9 in 8 needs
    /// far more than `QUICK_CONFLICTS` conflicts) is decided by the
    /// preprocessed solver; the session goes on on it (clauses added after
    /// the first call, assumptions, failed assumptions).
    #[test]
    fn hard_first_call_is_decided_by_the_preprocessed_solver() {
        let mut s = Cadical::default();
        let budget = Budget::unlimited();
        // 9 pigeons, 8 holes, and a selector 100 that frees pigeon 0.
        for mut cl in pigeons(9, 8) {
            if cl.len() == 8 && cl[0] == 1 {
                cl.push(100);
            }
            s.add_clause(&cl);
        }
        assert!(matches!(s.solve(&[-100], &budget), Ok(SatResult::Unsat)));
        assert!(!s.rebuilt && s.failed(-100));
        // Pigeon 0 free: satisfiable.
        match s.solve(&[100], &budget) {
            Ok(SatResult::Sat(m)) => {
                for cl in pigeons(9, 8).iter().skip(1) {
                    assert!(cl.iter().any(|&l| m[l.unsigned_abs() as usize] == (l > 0)));
                }
            }
            other => panic!("{other:?}"),
        }
        s.add_clause(&[-100]);
        assert!(matches!(s.solve(&[], &budget), Ok(SatResult::Unsat)));
    }

    /// The copy gets every clause, the empty one too (a false formula).
    #[test]
    fn racing_copy_keeps_the_empty_clause() {
        let mut s = Cadical::default();
        s.add_clause(&[1, 2]);
        s.add_clause(&[]);
        s.add_clause(&[-1]);
        assert!(matches!(
            s.solve(&[], &Budget::unlimited()),
            Ok(SatResult::Unsat)
        ));
    }

    /// An easy problem is decided by the racing copy, whose answer is
    /// taken even when the preprocessed solver was as fast (deterministic
    /// models); the session goes on on the copy.
    #[test]
    fn easy_first_call_is_decided_by_the_racing_copy() {
        let mut s = Cadical::default();
        for cl in pigeons(4, 4) {
            s.add_clause(&cl);
        }
        let first = s.solve(&[], &Budget::unlimited()).unwrap();
        assert!(matches!(first, SatResult::Sat(_)));
        assert!(s.preprocessed && s.rebuilt && s.clauses.is_empty());
        for _ in 0..5 {
            let mut again = Cadical::default();
            for cl in pigeons(4, 4) {
                again.add_clause(&cl);
            }
            assert_eq!(again.solve(&[], &Budget::unlimited()).unwrap(), first);
        }
        s.add_clause(&[-1]);
        assert!(matches!(
            s.solve(&[-6], &Budget::unlimited()),
            Ok(SatResult::Sat(_))
        ));
    }
}
