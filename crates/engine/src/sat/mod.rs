//! SAT back ends behind one interface: CaDiCaL (linked through the `cadical`
//! crate) and `dimacs:CMD`, which writes the problem to a DIMACS file, runs
//! an external solver on it and reads back its model.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::budget::{Budget, Exhausted};

mod cadical;
pub use self::cadical::Cadical;

/// Why a solver gave no answer at all (a limit hit while solving is an
/// answer: [`SatResult::Unknown`]).
#[derive(Debug)]
pub enum SatError {
    /// `--solver` names no back end, or a bad configuration.
    Spec(String),
    /// The external solver could not be run, or its answer not read.
    External(String),
    /// The budget refused the problem before it was handed to the solver
    /// (its estimated memory does not fit).
    Limit(Exhausted),
}

impl std::fmt::Display for SatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SatError::Spec(m) | SatError::External(m) => write!(f, "{m}"),
            SatError::Limit(e) => write!(f, "{e}"),
        }
    }
}

impl From<Exhausted> for SatError {
    fn from(e: Exhausted) -> Self {
        SatError::Limit(e)
    }
}

fn external(e: impl std::fmt::Display) -> SatError {
    SatError::External(e.to_string())
}

// The CNF is the translation's output and the solvers' input; it lives
// below both (crate::cnf) and is named here too.
pub use crate::cnf::Cnf;

/// The answer of a solver. A model is indexed by variable (`model[0]` is unused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    /// Satisfiable, with a model.
    Sat(Vec<bool>),
    /// Unsatisfiable (under the assumptions).
    Unsat,
    /// Time limit hit, or the solver gave up.
    Unknown(Undecided),
}

/// Why a solver returned without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// A limit (the deadline; or the memory ceiling while writing a
    /// DIMACS file) stopped the solver in `step`.
    Limit {
        /// The limit.
        limit: Exhausted,
        /// What the solver was doing.
        step: SolverStep,
    },
    /// An external solver's `s` line said neither SATISFIABLE nor
    /// UNSATISFIABLE (`UNKNOWN`, …); what it said.
    Said(String),
}

/// Where in a solver call a limit hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverStep {
    /// The search (or the check of the deadline before it).
    Search,
    /// Loading the CNF into the solver.
    Loading,
    /// Writing the DIMACS file for an external solver.
    WritingDimacs,
}

impl Undecided {
    /// The deadline, hit during the search.
    pub const TIME: Undecided = Undecided::Limit {
        limit: Exhausted::Time,
        step: SolverStep::Search,
    };
}

impl std::fmt::Display for Undecided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Undecided::Limit {
                limit,
                step: SolverStep::Search,
            } => write!(f, "{limit}"),
            Undecided::Limit {
                limit,
                step: SolverStep::Loading,
            } => write!(f, "{limit} (loading the solver)"),
            Undecided::Limit {
                limit,
                step: SolverStep::WritingDimacs,
            } => write!(f, "{limit} (writing the DIMACS file)"),
            Undecided::Said(s) => write!(f, "solver said `{s}`"),
        }
    }
}

/// An incremental SAT solver, in the style of Kodkod's `SATSolver`: clauses
/// are added over the lifetime of the solver, and each [`solve`](Self::solve)
/// decides the clauses added so far under a set of assumption literals,
/// within a [`Budget`] (its deadline bounds the call: loading, preprocessing,
/// search). After an unsatisfiable answer, [`failed`](Self::failed) names
/// the assumptions the refutation used (an unsat core over the assumptions).
pub trait SatSolver {
    /// The solver's name, for statistics (`cadical`, `dimacs:CMD`).
    fn name(&self) -> String;
    /// Add one clause (literals are non-zero DIMACS literals).
    fn add_clause(&mut self, clause: &[i32]);
    /// Make variables `1..=num_vars` known (models cover them even when
    /// no clause mentions one).
    fn reserve(&mut self, num_vars: u32);
    /// Decide the clauses added so far, with every literal of `assumptions`
    /// true for this call only. A model is indexed by variable over the
    /// variables seen so far (`model[0]` unused).
    fn solve(&mut self, assumptions: &[i32], budget: &Budget) -> Result<SatResult, SatError>;
    /// After [`SatResult::Unsat`] under assumptions: whether assumption
    /// `lit` is among those the refutation needs. The set of failed
    /// assumptions is unsatisfiable with the clauses; it need not be minimal.
    fn failed(&self, lit: i32) -> bool;
    /// Whether to run a preprocessing round before the first search (a
    /// measured choice per use: it pays on hard problems, and slows down
    /// many small easy ones). Back ends without one ignore it.
    fn set_preprocessing(&mut self, _on: bool) {}

    /// Add every clause of `cnf` within `budget`: its estimated solver
    /// memory is reserved first, and the deadline is checked while loading.
    fn load(&mut self, cnf: &Cnf, budget: &Budget) -> Result<(), SatError> {
        budget.reserve(cadical::estimated_bytes(cnf), || {
            format!(
                "the SAT solver ({} variables, {} clauses)",
                cnf.num_vars, cnf.num_clauses
            )
        })?;
        self.reserve(cnf.num_vars);
        for cl in cnf.clause_iter() {
            budget.tick()?;
            self.add_clause(cl);
        }
        Ok(())
    }
}

/// Decide `cnf` alone with a fresh `solver` (one-shot use of the incremental
/// interface). A limit hit while loading is an [`SatResult::Unknown`] answer.
pub fn solve_cnf(
    solver: &mut dyn SatSolver,
    cnf: &Cnf,
    budget: &Budget,
) -> Result<SatResult, SatError> {
    match solver.load(cnf, budget) {
        Ok(()) => solver.solve(&[], budget),
        Err(SatError::Limit(Exhausted::Time)) => Ok(SatResult::Unknown(Undecided::Limit {
            limit: Exhausted::Time,
            step: SolverStep::Loading,
        })),
        Err(e) => Err(e),
    }
}

/// Parse `--solver` values: `cadical`, `cadical:CONFIG` (`sat`, `unsat`,
/// `plain`, `default`) or `dimacs:CMD`.
pub fn solver_from_spec(spec: &str) -> Result<Box<dyn SatSolver>, SatError> {
    if spec == "cadical" {
        Ok(Box::new(Cadical::default()))
    } else if let Some(cfg) = spec.strip_prefix("cadical:") {
        if !matches!(cfg, "default" | "plain" | "sat" | "unsat") {
            return Err(SatError::Spec(format!(
                "unknown CaDiCaL configuration `{cfg}` (default, plain, sat, unsat)"
            )));
        }
        Ok(Box::new(Cadical::with_config(cfg)?))
    } else if let Some(cmd) = spec.strip_prefix("dimacs:") {
        if cmd.trim().is_empty() {
            return Err(SatError::Spec(
                "`dimacs:` needs a command, e.g. `dimacs:kissat`".into(),
            ));
        }
        Ok(Box::new(Dimacs::new(cmd)))
    } else {
        Err(SatError::Spec(format!(
            "unknown solver `{spec}` (expected `cadical` or `dimacs:CMD`)"
        )))
    }
}

/// An external solver: `CMD FILE`, reading `s ...` / `v ...` lines.
///
/// The solver runs in a process group of its own, and the whole group is
/// killed when the deadline passes or the solver exits: a wrapper script's
/// children (the real solver, a `sleep`) must not outlive the call.
///
/// It is incremental by re-solving: the clauses are kept, and each call
/// writes them with the assumptions as unit clauses. An external solver
/// reports no failed assumptions, so after an unsatisfiable answer every
/// assumption counts as failed (a valid, unminimised core).
pub struct Dimacs {
    /// The command line the DIMACS file is given to.
    pub command: String,
    cnf: Cnf,
    last_assumptions: Vec<i32>,
}

impl Dimacs {
    /// A solver that runs `command FILE.cnf`.
    pub fn new(command: &str) -> Dimacs {
        Dimacs {
            command: command.to_string(),
            cnf: Cnf::default(),
            last_assumptions: Vec::new(),
        }
    }
}

/// Kills a process group when dropped (also on early returns).
struct GroupGuard(Option<u32>);

impl Drop for GroupGuard {
    fn drop(&mut self) {
        if let Some(pgid) = self.0 {
            // SAFETY: `kill` has no memory-safety preconditions; a negative
            // pid addresses the group whose id is the solver's pid, which
            // was created for the solver alone.
            unsafe {
                libc::kill(-(pgid as libc::pid_t), libc::SIGKILL);
            }
        }
    }
}

impl SatSolver for Dimacs {
    fn name(&self) -> String {
        format!("dimacs:{}", self.command)
    }
    fn add_clause(&mut self, clause: &[i32]) {
        for &l in clause {
            self.cnf.num_vars = self.cnf.num_vars.max(l.unsigned_abs());
        }
        self.cnf.add(clause);
    }

    fn reserve(&mut self, num_vars: u32) {
        self.cnf.num_vars = self.cnf.num_vars.max(num_vars);
    }

    fn failed(&self, lit: i32) -> bool {
        self.last_assumptions.contains(&lit)
    }

    fn solve(&mut self, assumptions: &[i32], budget: &Budget) -> Result<SatResult, SatError> {
        use std::os::unix::process::CommandExt;
        self.last_assumptions = assumptions.to_vec();
        let mut with_units;
        let cnf = if assumptions.is_empty() {
            &self.cnf
        } else {
            with_units = self.cnf.clone();
            for &a in assumptions {
                with_units.num_vars = with_units.num_vars.max(a.unsigned_abs());
                with_units.add(&[a]);
            }
            &with_units
        };
        let mut file = tempfile::Builder::new()
            .prefix("relprove-")
            .suffix(".cnf")
            .tempfile()
            .map_err(|e| external(format!("cannot create DIMACS file: {e}")))?;
        {
            let mut w = std::io::BufWriter::new(file.as_file_mut());
            match cnf
                .write_dimacs_within(&mut w, budget)
                .and_then(|()| w.flush())
            {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {
                    // Interrupted by the budget: the limit it reports
                    // (the deadline if it reports none any more).
                    return Ok(SatResult::Unknown(Undecided::Limit {
                        limit: budget.check().err().unwrap_or(Exhausted::Time),
                        step: SolverStep::WritingDimacs,
                    }));
                }
                Err(e) => return Err(external(format!("cannot write DIMACS file: {e}"))),
            }
        }
        let mut words = self.command.split_whitespace();
        let prog = words
            .next()
            .ok_or_else(|| SatError::Spec("empty solver command".into()))?;
        let out_file = tempfile::tempfile().map_err(external)?;
        let mut child = Command::new(prog)
            .args(words)
            .arg(file.path())
            .stdin(Stdio::null())
            .stdout(out_file.try_clone().map_err(external)?)
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| external(format!("cannot run solver `{prog}`: {e}")))?;
        let group = GroupGuard(Some(child.id()));
        loop {
            match child.try_wait().map_err(external)? {
                Some(_) => break,
                None => {
                    if budget.check() == Err(Exhausted::Time) {
                        drop(group);
                        let _ = child.wait();
                        return Ok(SatResult::Unknown(Undecided::TIME));
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
        // The solver is done; anything it left running goes with its group.
        drop(group);
        let mut out_file = out_file;
        use std::io::{Read, Seek};
        out_file
            .seek(std::io::SeekFrom::Start(0))
            .map_err(external)?;
        let mut text = String::new();
        out_file.read_to_string(&mut text).map_err(external)?;
        parse_solver_output(&text, cnf.num_vars)
    }
}

/// Parse the SAT-competition output format.
pub fn parse_solver_output(text: &str, num_vars: u32) -> Result<SatResult, SatError> {
    let mut status = None;
    let mut model = vec![false; num_vars as usize + 1];
    for line in text.lines() {
        let line = line.trim();
        if let Some(s) = line.strip_prefix("s ") {
            let s = s.trim().to_string();
            if let Some(old) = status.as_ref().filter(|old| **old != s) {
                return Err(external(format!(
                    "two different `s` lines in solver output (`s {old}`, `s {s}`)"
                )));
            }
            status = Some(s);
        } else if let Some(v) = line.strip_prefix("v ") {
            for w in v.split_whitespace() {
                let l: i64 = w
                    .parse()
                    .map_err(|_| external(format!("bad literal `{w}` in solver output")))?;
                let idx = l.unsigned_abs() as usize;
                if idx != 0 && idx <= num_vars as usize {
                    model[idx] = l > 0;
                }
            }
        }
    }
    match status.as_deref() {
        Some("SATISFIABLE") => Ok(SatResult::Sat(model)),
        Some("UNSATISFIABLE") => Ok(SatResult::Unsat),
        Some(s) => Ok(SatResult::Unknown(Undecided::Said(s.to_string()))),
        None => Err(external("the external solver printed no `s` line")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pigeons(n: i32) -> Cnf {
        // n+1 pigeons into n holes: unsat. var(p,h) = p*n+h+1
        let mut c = Cnf {
            num_vars: ((n + 1) * n) as u32,
            ..Cnf::default()
        };
        for p in 0..=n {
            let cl: Vec<i32> = (0..n).map(|h| p * n + h + 1).collect();
            c.add(&cl);
        }
        for h in 0..n {
            for p in 0..=n {
                for q in p + 1..=n {
                    c.add(&[-(p * n + h + 1), -(q * n + h + 1)]);
                }
            }
        }
        c
    }

    #[test]
    fn cadical_sat_and_unsat() {
        let mut c = Cnf {
            num_vars: 3,
            ..Cnf::default()
        };
        c.add(&[1, 2]);
        c.add(&[-1, 3]);
        c.add(&[-3, -2]);
        match solve_cnf(&mut Cadical::default(), &c, &Budget::unlimited()).unwrap() {
            SatResult::Sat(m) => assert!(c.satisfied_by(&m)),
            r => panic!("{r:?}"),
        }
        assert_eq!(
            solve_cnf(
                &mut Cadical::with_config("unsat").unwrap(),
                &pigeons(4),
                &Budget::unlimited()
            )
            .unwrap(),
            SatResult::Unsat
        );
    }

    #[test]
    fn random_cnfs_models_satisfy_every_clause_and_verdicts_match_brute_force() {
        let mut state = 12345u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as i32
        };
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..300 {
            let n = 12;
            let m = 40 + next().rem_euclid(25);
            let mut c = Cnf {
                num_vars: n as u32,
                ..Default::default()
            };
            for _ in 0..m {
                let cl: Vec<i32> = (0..3)
                    .map(|_| {
                        let v = 1 + next().rem_euclid(n);
                        if next() % 2 == 0 {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect();
                c.add(&cl);
            }
            let brute = (0u32..1 << n).any(|bits| {
                let model: Vec<bool> = (0..=n)
                    .map(|v| v > 0 && (bits >> (v - 1)) & 1 == 1)
                    .collect();
                c.satisfied_by(&model)
            });
            match solve_cnf(&mut Cadical::default(), &c, &Budget::unlimited()).unwrap() {
                SatResult::Sat(model) => {
                    assert!(c.satisfied_by(&model));
                    assert!(brute);
                    sat += 1;
                }
                SatResult::Unsat => {
                    assert!(!brute);
                    unsat += 1;
                }
                r => panic!("{r:?}"),
            }
        }
        assert!(
            sat > 20 && unsat > 20,
            "both verdicts exercised: {sat} sat, {unsat} unsat"
        );
    }

    #[test]
    fn parse_output() {
        let r = parse_solver_output("c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", 3).unwrap();
        assert_eq!(r, SatResult::Sat(vec![false, true, false, true]));
        assert_eq!(
            parse_solver_output("s UNSATISFIABLE\n", 3).unwrap(),
            SatResult::Unsat
        );
        assert!(parse_solver_output("nothing", 3).is_err());
    }

    #[test]
    fn dimacs_backend_with_shell_solver() {
        // A fake external solver: prints a fixed answer; checks the plumbing
        // (file argument, output parsing).
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("fake.sh");
        std::fs::write(
            &script,
            "#!/bin/sh\ngrep -q '^p cnf 2 1' \"$1\" && echo 's SATISFIABLE' && echo 'v -1 2 0'\n",
        )
        .unwrap();
        let mut s = solver_from_spec(&format!("dimacs:sh {}", script.display())).unwrap();
        let mut c = Cnf {
            num_vars: 2,
            ..Cnf::default()
        };
        c.add(&[-1, 2]);
        assert_eq!(
            solve_cnf(s.as_mut(), &c, &Budget::unlimited()).unwrap(),
            SatResult::Sat(vec![false, false, true])
        );
    }

    /// Incremental use: clauses added between calls, assumptions for one
    /// call only, failed assumptions forming a core.
    #[test]
    fn assumptions_failed_literals_and_added_clauses() {
        let mut s = Cadical::default();
        let b = Budget::unlimited();
        // x1 -> x2, x2 -> x3
        s.add_clause(&[-1, 2]);
        s.add_clause(&[-2, 3]);
        s.reserve(4);
        match s.solve(&[1], &b).unwrap() {
            SatResult::Sat(m) => assert!(m[1] && m[2] && m[3] && m.len() == 5),
            r => panic!("{r:?}"),
        }
        // x1 and not x3 is refuted; x4 plays no part.
        assert_eq!(s.solve(&[1, 4, -3], &b).unwrap(), SatResult::Unsat);
        assert!(s.failed(1) && s.failed(-3) && !s.failed(4));
        // Assumptions hold for one call only.
        assert!(matches!(s.solve(&[-1], &b).unwrap(), SatResult::Sat(_)));
        // A clause added later is kept.
        s.add_clause(&[-3]);
        assert_eq!(s.solve(&[1], &b).unwrap(), SatResult::Unsat);
        assert!(matches!(s.solve(&[], &b).unwrap(), SatResult::Sat(m) if !m[1]));
        s.add_clause(&[]);
        assert_eq!(s.solve(&[], &b).unwrap(), SatResult::Unsat);
    }

    #[test]
    fn dimacs_backend_passes_assumptions_as_unit_clauses() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("fake.sh");
        // Answers UNSAT exactly when the file holds the unit clause `-2`.
        std::fs::write(
            &script,
            "#!/bin/sh\nif grep -q '^-2 0$' \"$1\"; then echo 's UNSATISFIABLE'; else echo 's SATISFIABLE'; echo 'v 1 2 0'; fi\n",
        )
        .unwrap();
        let mut s = solver_from_spec(&format!("dimacs:sh {}", script.display())).unwrap();
        s.add_clause(&[-1, 2]);
        let b = Budget::unlimited();
        assert!(matches!(s.solve(&[1], &b).unwrap(), SatResult::Sat(_)));
        assert_eq!(s.solve(&[1, -2], &b).unwrap(), SatResult::Unsat);
        assert!(s.failed(1) && s.failed(-2) && !s.failed(2));
        // The units were for that call only.
        assert!(matches!(s.solve(&[], &b).unwrap(), SatResult::Sat(_)));
    }
}
