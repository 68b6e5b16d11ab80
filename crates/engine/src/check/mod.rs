//! The `check` driver: for one command, bounds → translation → CNF → SAT →
//! instance, then an independent re-evaluation of every instance before it
//! is reported. Every phase runs within the command's [`Budget`] (time and
//! memory); a phase that exhausts it ends the command with
//! [`Outcome::Unknown`] and the limit that stopped it.
//!
//! The drivers that run many solver calls on one command's translation
//! live here too: [`cores`] (unsat cores), [`enumerate`] (every instance)
//! and [`cubes`] (cube-and-conquer, local or as DIMACS jobs).

use std::borrow::Cow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::bounds::{self, BoundsError};
use crate::budget::{Budget, Exhausted, Progress, Stage};
use crate::diag::{Diagnostic, Phase};
use crate::instance::eval::EvalError;
use crate::instance::{Instance, TupleSet};
use crate::ir::*;
use crate::sat::{self, SatError, SatResult, SatSolver};
use crate::translate::{self, circuit::Lit, matrix::Matrix, TranslateError, Translation};

pub mod cores;
pub mod cubes;
pub mod enumerate;
mod unknown;
pub use self::unknown::{Step, Unknown};

/// How [`check_command`] (and a [`Session`]) decides a command.
#[warn(missing_docs)]
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// `--scope N`: replaces every command's overall scope.
    pub scope: Option<u32>,
    /// Time limit of each command, all phases together.
    pub timeout: Option<Duration>,
    /// Memory limit of each command, in bytes (`None`: none).
    pub max_memory: Option<u64>,
    /// `cadical` or `dimacs:CMD`.
    pub solver: String,
    /// Length limit of each symmetry-breaking predicate (0 = off).
    pub symmetry: usize,
    /// Re-evaluate instances with the independent evaluator.
    pub verify: bool,
    /// A preprocessing round before the first search (CaDiCaL): on by
    /// default; off for the many small problems of litmus tests.
    pub preprocessing: bool,
    /// Shrink field bounds with the facts' simple constraints before
    /// translating ([`bounds::analysis`]); on by default.
    pub relation_analysis: bool,
    /// Where the running command publishes its phase and sizes (for a
    /// progress display); `None`: nowhere.
    pub progress: Option<Arc<Progress>>,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            scope: None,
            timeout: None,
            max_memory: None,
            solver: "cadical".into(),
            symmetry: 60,
            verify: true,
            preprocessing: true,
            relation_analysis: true,
            progress: None,
        }
    }
}

/// The answer to a command.
#[warn(missing_docs)]
#[derive(Clone, Debug)]
pub enum Outcome {
    /// An instance (run) or counterexample (check), re-evaluated by the
    /// independent evaluator.
    Sat(Instance),
    /// No instance (run) or no counterexample (check) within the scope.
    Unsat,
    /// Limit hit, or the solver gave up; the reason.
    Unknown(Unknown),
}

/// Sizes and times of one command.
#[warn(missing_docs)]
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// CNF variables.
    pub variables: u32,
    /// CNF clauses.
    pub clauses: usize,
    /// Variables of relations (the circuit's inputs).
    pub primary_variables: u32,
    /// Bounds, translation, CNF and solver loading.
    pub translate_ms: u128,
    /// Solving (and re-evaluating the instance).
    pub solve_ms: u128,
    /// The whole command.
    pub time_ms: u128,
}

/// The result of one command: its outcome, whether it matches the
/// command's `expect`, and what it cost.
#[warn(missing_docs)]
#[derive(Clone, Debug)]
pub struct CommandResult {
    /// The command's name.
    pub name: String,
    /// `run` or `check`.
    pub kind: CommandKind,
    /// The scope as Alloy prints it (`for 4 but 5 sw/Event`).
    pub scope: String,
    /// The answer.
    pub outcome: Outcome,
    /// The command's `expect` (0 or 1), if any.
    pub expect: Option<u8>,
    /// Whether `outcome` matches `expect` (true without one).
    pub matches_expect: bool,
    /// For [`Outcome::Unknown`]: the limit that stopped the command, and
    /// in which phase.
    pub limit: Option<(Exhausted, Stage)>,
    /// Sizes and times.
    pub stats: Stats,
    /// Counts the bounds let exceed the largest Int (they wrap around).
    pub overflows: Vec<translate::IntOverflow>,
}

impl CommandResult {
    /// The result of `cmd` at `scope` with `outcome`; whether it matches the
    /// command's `expect` is derived here, for every caller.
    pub fn of(
        model: &Model,
        cmd: &Command,
        scope: &Scope,
        outcome: Outcome,
        limit: Option<(Exhausted, Stage)>,
        stats: Stats,
    ) -> CommandResult {
        let matches_expect = matches!(
            (cmd.expect, &outcome),
            (None, _) | (Some(1), Outcome::Sat(_)) | (Some(0), Outcome::Unsat)
        );
        CommandResult {
            name: cmd.name.clone(),
            kind: cmd.kind,
            scope: scope_text(model, scope),
            outcome,
            expect: cmd.expect,
            matches_expect,
            limit,
            stats,
            overflows: Vec::new(),
        }
    }

    /// The JSON outcome word.
    pub fn outcome_word(&self) -> &'static str {
        match (&self.outcome, self.kind) {
            (Outcome::Sat(_), CommandKind::Run) => "instance",
            (Outcome::Sat(_), CommandKind::Check) => "counterexample",
            (Outcome::Unsat, CommandKind::Run) => "no-instance",
            (Outcome::Unsat, CommandKind::Check) => "no-counterexample",
            (Outcome::Unknown(_), _) => "unknown",
        }
    }
}

/// Why a command could not be decided.
#[derive(Debug)]
pub enum CheckError {
    /// Bad input (scope, unsupported construct): exit code 2.
    Input(Diagnostic),
    /// A broken invariant of relprove itself: a bug (exit code 4).
    Internal(Internal),
}

/// Which invariant of relprove broke: each names the check that caught
/// it, so a bug report says what failed without a free-form string.
#[derive(Debug)]
pub enum Internal {
    /// The caller named a command the model does not have.
    NoSuchCommand(CommandId),
    /// An assumption's selector literal was folded away by translation.
    SelectorWithoutVariable,
    /// The solver's model violates the CNF or the assumptions it was given.
    ModelViolatesCnf {
        /// The solver's name.
        solver: String,
    },
    /// A cube's model violates the command's CNF.
    CubeViolatesCnf,
    /// The independent evaluator rejects the decoded instance.
    EvaluatorRejects {
        /// The command's name.
        command: String,
        /// What the evaluator found violated (may be empty).
        violations: Vec<String>,
        /// The instance as text (may be empty).
        instance: String,
    },
    /// The independent evaluator could not evaluate the decoded instance.
    EvaluatorFailed {
        /// The command's name.
        command: String,
        /// What the evaluator reported.
        error: EvalError,
    },
    /// An assumed extra formula is false in the decoded instance.
    AssumptionRejected {
        /// The command's name.
        command: String,
        /// The extra formula's position.
        index: usize,
    },
    /// An assumed extra formula could not be evaluated.
    AssumptionEvalFailed {
        /// The extra formula's position.
        index: usize,
        /// What the evaluator reported.
        error: EvalError,
    },
    /// The solver gave no answer where one was required.
    NoAnswer(Unknown),
    /// An unsat core is satisfiable when solved on its own.
    CoreSatisfiable,
    /// An instance was to be blocked before any was found.
    BlockWithoutInstance,
}

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Internal::NoSuchCommand(id) => write!(f, "no command #{}", id.0),
            Internal::SelectorWithoutVariable => write!(f, "a selector has no CNF variable"),
            Internal::ModelViolatesCnf { solver } => write!(
                f,
                "solver `{solver}` returned a model that violates the CNF or the assumptions"
            ),
            Internal::CubeViolatesCnf => write!(f, "a cube's model violates the command's CNF"),
            Internal::EvaluatorRejects {
                command,
                violations,
                instance,
            } => {
                write!(
                    f,
                    "the independent evaluator rejects the instance found for `{command}`"
                )?;
                if !violations.is_empty() {
                    write!(f, ": {}", violations.join("; "))?;
                }
                // A cube's check carries no rendering; `check` always does.
                if !instance.is_empty() {
                    write!(f, "\n{instance}")?;
                }
                Ok(())
            }
            Internal::EvaluatorFailed { command, error } => write!(
                f,
                "the evaluator failed on the instance for `{command}`: {error}"
            ),
            Internal::AssumptionRejected { command, index } => write!(
                f,
                "the independent evaluator rejects assumed formula #{index} in the instance found for `{command}`"
            ),
            Internal::AssumptionEvalFailed { index, error } => {
                write!(f, "the evaluator failed on formula #{index}: {error}")
            }
            Internal::NoAnswer(why) => write!(f, "the solver gave no answer: {why}"),
            Internal::CoreSatisfiable => write!(
                f,
                "the unsat core is satisfiable when solved on its own"
            ),
            Internal::BlockWithoutInstance => {
                write!(f, "an instance was to be blocked before any was found")
            }
        }
    }
}

/// The scope a command runs with, after `--scope`.
pub fn effective_scope(cmd: &Command, opts: &CheckOptions) -> Scope {
    let mut s = cmd.scope.clone();
    if let Some(n) = opts.scope {
        s.overall = Some(n);
    }
    s
}

/// A scope as Alloy writes it (`for 3 but exactly 2 A, 4 int`), sigs by label.
pub fn scope_text(model: &Model, s: &Scope) -> String {
    // `for 2 A, 3 B` (no overall scope) reads as written; otherwise the
    // overall scope (default 3) comes first.
    let bare = s.overall.is_none() && !s.sigs.is_empty();
    let mut out = if bare {
        "for".to_string()
    } else {
        format!("for {}", s.overall.unwrap_or(3))
    };
    let mut parts: Vec<String> = s
        .sigs
        .iter()
        .map(|ss| {
            format!(
                "{}{} {}",
                if ss.exact { "exactly " } else { "" },
                ss.count,
                model.sig(ss.sig).label
            )
        })
        .collect();
    if let Some(bw) = s.bitwidth {
        parts.push(format!("{bw} int"));
    }
    if bare {
        out.push(' ');
        out.push_str(&parts.join(", "));
    } else if !parts.is_empty() {
        out.push_str(" but ");
        out.push_str(&parts.join(", "));
    }
    out
}

fn solver_error(e: SatError) -> CheckError {
    CheckError::Input(Diagnostic::without_span(Phase::Solver, e.to_string()))
}

/// Decide one command: a [`Session`] with no extra formulas, solved once.
/// A time or memory limit is an [`Outcome::Unknown`] answer, not an error;
/// errors are bad input ([`CheckError::Input`], with a span) or a broken
/// invariant of relprove ([`CheckError::Internal`]).
#[warn(missing_docs)]
pub fn check_command(
    model: &Model,
    id: CommandId,
    opts: &CheckOptions,
) -> Result<CommandResult, CheckError> {
    let start = Instant::now();
    let cmd = model
        .commands
        .get(id.index())
        .ok_or(CheckError::Internal(Internal::NoSuchCommand(id)))?;
    let scope = effective_scope(cmd, opts);
    let progress = opts.progress.clone().unwrap_or_default();
    progress.reset();
    let budget = Budget::new(opts.timeout, opts.max_memory).with_progress(progress.clone());
    let result = |outcome: Outcome, limit: Option<(Exhausted, Stage)>, stats: Stats| {
        let stats = Stats {
            time_ms: start.elapsed().as_millis(),
            ..stats
        };
        CommandResult::of(model, cmd, &scope, outcome, limit, stats)
    };
    // The result of a command stopped by its budget in `stage`.
    let stopped = |e: Exhausted, stage: Stage, stats: Stats| {
        let why = Unknown::Stopped {
            limit: e.clone(),
            stage,
        };
        result(Outcome::Unknown(why), Some((e, stage)), stats)
    };
    let mut session = match Session::open(
        std::borrow::Cow::Borrowed(model),
        id,
        Vec::new(),
        opts,
        budget,
    )? {
        Opened::Ready(s) => s,
        Opened::Stopped(e, stage, stats) => return Ok(stopped(e, stage, stats)),
    };
    let t1 = Instant::now();
    let outcome = session.solve_outcome(&[])?;
    let stats = Stats {
        solve_ms: t1.elapsed().as_millis(),
        ..session.stats.clone()
    };
    let limit = matches!(outcome, Outcome::Unknown(_)).then_some((Exhausted::Time, Stage::Solve));
    let outcome = match outcome {
        Outcome::Unknown(why) => Outcome::Unknown(why.during(Step::Solving)),
        o => o,
    };
    Ok(CommandResult {
        overflows: session.tr.overflows.clone(),
        ..result(outcome, limit, stats)
    })
}

pub(crate) fn decode(
    model: &Model,
    b: &bounds::Bounds,
    tr: &Translation,
    var_of: &[i32],
    m: &[bool],
) -> Instance {
    let c = &tr.circuit;
    let val = |node: u32| {
        let v = var_of[node as usize];
        v > 0 && m[v as usize]
    };
    let read = |mx: &Matrix| -> TupleSet {
        mx.entries
            .iter()
            .filter(|&&(_, l)| l == Lit::TRUE || (l != Lit::FALSE && c.eval(l, &val)))
            .map(|&(i, _)| tr.dims.tuple(i, mx.arity))
            .collect()
    };
    let mut inst = Instance {
        universe: b.universe.clone(),
        ..Default::default()
    };
    for s in model.sig_ids() {
        inst.sigs.insert(s, read(&tr.sigs[s.index()]));
    }
    for f in model.field_ids() {
        inst.fields.insert(f, read(&tr.fields[f.index()]));
    }
    for (name, mx) in &tr.skolems {
        inst.skolems.push((name.clone(), read(mx)));
    }
    relabel(model, &mut inst);
    inst
}

/// Name every sig atom after the most specific (non-subset) sig holding it,
/// numbered per sig in atom order, as Alloy does (`Read$0`, `Write$1`).
fn relabel(model: &Model, inst: &mut Instance) {
    let depth = |mut s: SigId| {
        let mut d = 0;
        while let Some(p) = model.sig(s).parent() {
            d += 1;
            s = p;
        }
        d
    };
    let mut best: std::collections::BTreeMap<u32, (usize, SigId)> = Default::default();
    for s in model.sig_ids() {
        if matches!(model.sig(s).kind, SigKind::Subset(_)) {
            continue;
        }
        let d = depth(s);
        for t in &inst.sigs[&s] {
            let e = best.entry(t[0]).or_insert((d, s));
            if d > e.0 {
                *e = (d, s);
            }
        }
    }
    let mut counters: std::collections::BTreeMap<SigId, usize> = Default::default();
    for (a, (_, s)) in best {
        let k = counters.entry(s).or_insert(0);
        inst.universe.atoms[a as usize].label = format!("{}${}", model.sig(s).label, k);
        *k += 1;
    }
    // Atoms in no sig are not part of the instance; keep their names apart.
    let mut unused = 0;
    for a in 0..inst.universe.atoms.len() {
        if inst.universe.atoms[a].int.is_none()
            && !inst.sigs.values().any(|ts| ts.contains(&vec![a as u32]))
        {
            inst.universe.atoms[a].label = format!("unused${unused}");
            unused += 1;
        }
    }
}

// ---------------------------------------------------------------------
// The session: the one driver of the solver

/// One command of a model, translated and loaded into a SAT solver once,
/// then solved any number of times under extra formulas (`extras`, e.g. the
/// predicates of a litmus test's condition and of its final-state
/// equalities): [`Session::solve`] assumes some of them, and
/// [`Session::block`] permanently forbids that some hold together. A plain
/// `check` is a session with no extras, solved once ([`check_command`]).
/// Each extra formula `f_i` is tied to a fresh selector `s_i` by the root
/// `s_i <=> f_i`, so every call answers exactly what a fresh translation
/// of `command and f_a and ... and not (f_b and ...)` would (symmetry
/// breaking depends on the bounds only, which the calls share).
/// Every phase, and every solver call, runs within the session's budget.
pub struct Session<'m> {
    model: Cow<'m, Model>,
    id: CommandId,
    extras: Vec<Formula>,
    bounds: bounds::Bounds,
    tr: Translation,
    var_of: Vec<i32>,
    cnf: sat::Cnf,
    selectors: Vec<i32>,
    solver: Box<dyn SatSolver>,
    verify: bool,
    budget: Budget,
    /// The assignment of the last satisfiable call (for [`Session::block_instance`]).
    last: Option<Vec<bool>>,
    /// The CNF variables of the primary variables that sig and field
    /// values depend on, made on the first [`Session::block_instance`].
    instance_vars: Option<Vec<i32>>,
    /// Sizes and translation time (`solve_ms` is left to the caller).
    pub stats: Stats,
}

/// A session ready to solve, or the limit that stopped it while opening.
pub enum Opened<'m> {
    /// The session, ready to solve.
    Ready(Box<Session<'m>>),
    /// The limit hit, the stage it stopped, and the sizes so far.
    Stopped(Exhausted, Stage, Stats),
}

/// The bounds a command is translated with, after the scopes: constant
/// fields pinned, then (unless `--no-relation-analysis`) shrunk by the
/// relation analysis. Sessions and cubes both use it, so the cubes split
/// the CNF `check` solves.
pub(crate) fn refine_bounds(
    model: &Model,
    cmd: &Command,
    b: &mut bounds::Bounds,
    opts: &CheckOptions,
    budget: &Budget,
) -> Result<(), Exhausted> {
    bounds::pin::pin_constant_fields(model, b);
    if opts.relation_analysis {
        bounds::analysis::shrink(model, cmd, b, opts.symmetry > 0, budget)?;
    }
    Ok(())
}

impl<'m> Session<'m> {
    /// Bounds, translation, CNF and solver loading of command `id` (with
    /// its `extras`), all within `budget`.
    pub fn open(
        model: Cow<'m, Model>,
        id: CommandId,
        extras: Vec<Formula>,
        opts: &CheckOptions,
        budget: Budget,
    ) -> Result<Opened<'m>, CheckError> {
        let start = Instant::now();
        let progress = budget.progress.clone();
        let elapsed = || Stats {
            translate_ms: start.elapsed().as_millis(),
            ..Stats::default()
        };
        let mut solver = sat::solver_from_spec(&opts.solver).map_err(solver_error)?;
        solver.set_preprocessing(opts.preprocessing);
        let cmd = model
            .commands
            .get(id.index())
            .ok_or(CheckError::Internal(Internal::NoSuchCommand(id)))?;
        let scope = effective_scope(cmd, opts);
        progress.set_stage(Stage::Bounds);
        let mut b = match bounds::compute_within(&model, &scope, cmd.span, &budget) {
            Ok(b) => b,
            Err(BoundsError::Input(d)) => return Err(CheckError::Input(d)),
            Err(BoundsError::Exhausted(e)) => {
                return Ok(Opened::Stopped(e, Stage::Bounds, elapsed()))
            }
        };
        if let Err(e) = refine_bounds(&model, cmd, &mut b, opts, &budget) {
            return Ok(Opened::Stopped(e, Stage::Bounds, elapsed()));
        }
        progress.set_stage(Stage::Translate);
        let topts = translate::Options {
            symmetry: opts.symmetry,
            budget: budget.clone(),
        };
        let refs: Vec<&Formula> = extras.iter().collect();
        let (tr, sels) = match translate::translate_command_with(&model, &b, cmd, &topts, &refs) {
            Ok(x) => x,
            Err(TranslateError::Input(d)) => return Err(CheckError::Input(d)),
            Err(TranslateError::Deadline) => {
                return Ok(Opened::Stopped(
                    Exhausted::Time,
                    Stage::Translate,
                    elapsed(),
                ))
            }
            Err(TranslateError::Memory(m)) => {
                return Ok(Opened::Stopped(
                    Exhausted::Memory(m),
                    Stage::Translate,
                    elapsed(),
                ))
            }
        };
        progress.set_stage(Stage::Cnf);
        let (cnf, var_of) = match tr.circuit.to_cnf(&tr.roots) {
            Ok(x) => x,
            Err(e) => return Ok(Opened::Stopped(e, Stage::Cnf, elapsed())),
        };
        let selectors = sels
            .iter()
            .map(|l| match var_of[l.node() as usize] {
                0 => Err(CheckError::Internal(Internal::SelectorWithoutVariable)),
                v => Ok(v),
            })
            .collect::<Result<Vec<i32>, CheckError>>()?;
        let stats = Stats {
            variables: cnf.num_vars,
            clauses: cnf.num_clauses,
            primary_variables: tr.circuit.num_inputs(),
            translate_ms: start.elapsed().as_millis(),
            ..Stats::default()
        };
        progress.set_stage(Stage::Solve);
        match solver.load(&cnf, &budget) {
            Ok(()) => {}
            Err(SatError::Limit(e)) => return Ok(Opened::Stopped(e, Stage::Solve, stats)),
            Err(e) => return Err(solver_error(e)),
        }
        Ok(Opened::Ready(Box::new(Session {
            model,
            id,
            extras,
            bounds: b,
            tr,
            var_of,
            cnf,
            selectors,
            solver,
            verify: opts.verify,
            budget,
            last: None,
            instance_vars: None,
            stats,
        })))
    }

    /// A session owning its model, for many solver calls; the options'
    /// time limit bounds the whole session (opening and every call).
    /// `None` when a limit stopped it while opening.
    pub fn new(
        model: Model,
        id: CommandId,
        extras: Vec<Formula>,
        opts: &CheckOptions,
    ) -> Result<Option<Session<'static>>, CheckError> {
        let budget = Budget::new(opts.timeout, opts.max_memory)
            .with_progress(opts.progress.clone().unwrap_or_default());
        Ok(
            match Session::open(Cow::Owned(model), id, extras, opts, budget)? {
                Opened::Ready(s) => Some(*s),
                Opened::Stopped(..) => None,
            },
        )
    }

    /// The model the session solves.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// [`solve_outcome`](Self::solve_outcome) with at most `limit` of the
    /// session's time (a `time limit` answer when it runs out).
    pub fn solve_outcome_within(
        &mut self,
        assume: &[usize],
        limit: Duration,
    ) -> Result<Outcome, CheckError> {
        let narrowed = self.budget.until(limit);
        let full = std::mem::replace(&mut self.budget, narrowed);
        let r = self.solve_outcome(assume);
        self.budget = full;
        r
    }

    /// Decide the command with every extra formula of `assume` holding
    /// (and no blocked combination); an instance is checked against the
    /// CNF and, with `verify`, re-evaluated independently before it is
    /// returned. A limit hit while solving is [`Outcome::Unknown`].
    pub fn solve_outcome(&mut self, assume: &[usize]) -> Result<Outcome, CheckError> {
        let lits: Vec<i32> = assume.iter().map(|&i| self.selectors[i]).collect();
        self.budget.progress.set_stage(Stage::Solve);
        let res = self
            .solver
            .solve(&lits, &self.budget)
            .map_err(solver_error)?;
        match res {
            SatResult::Unsat => Ok(Outcome::Unsat),
            SatResult::Unknown(why) => Ok(Outcome::Unknown(Unknown::Solver(why))),
            SatResult::Sat(mut m) => {
                self.budget.progress.set_stage(Stage::Evaluate);
                m.resize(self.cnf.num_vars as usize + 1, false);
                if !self.cnf.satisfied_by(&m) || lits.iter().any(|&l| !m[l as usize]) {
                    return Err(CheckError::Internal(Internal::ModelViolatesCnf {
                        solver: self.solver.name().to_string(),
                    }));
                }
                let inst = decode(&self.model, &self.bounds, &self.tr, &self.var_of, &m);
                if self.verify {
                    self.verify_instance(&inst, assume)?;
                }
                self.last = Some(m);
                Ok(Outcome::Sat(inst))
            }
        }
    }

    /// The independent evaluator's check of an instance: the command's
    /// formula and every assumed extra formula hold in it.
    fn verify_instance(&self, inst: &Instance, assume: &[usize]) -> Result<(), CheckError> {
        use crate::instance::eval;
        let model: &Model = &self.model;
        let name = &model.commands[self.id.index()].name;
        match eval::command_satisfied(model, self.id, inst) {
            Ok(true) => {}
            Ok(false) => {
                return Err(CheckError::Internal(Internal::EvaluatorRejects {
                    command: name.clone(),
                    violations: eval::violations(model, inst).unwrap_or_default(),
                    instance: crate::instance::render::render_text(model, inst),
                }));
            }
            Err(e) => {
                return Err(CheckError::Internal(Internal::EvaluatorFailed {
                    command: name.clone(),
                    error: e,
                }))
            }
        }
        for &i in assume {
            let mut env = eval::Env::new();
            match eval::eval_formula(model, inst, &mut env, &self.extras[i]) {
                Ok(true) => {}
                Ok(false) => {
                    return Err(CheckError::Internal(Internal::AssumptionRejected {
                        command: name.clone(),
                        index: i,
                    }))
                }
                Err(e) => {
                    return Err(CheckError::Internal(Internal::AssumptionEvalFailed {
                        index: i,
                        error: e,
                    }))
                }
            }
        }
        Ok(())
    }

    /// An instance of the command in which every extra formula of `assume`
    /// holds (and no blocked combination), or `None`. A limit hit while
    /// solving is an error here (litmus sessions run without limits).
    pub fn solve(&mut self, assume: &[usize]) -> Result<Option<Instance>, CheckError> {
        match self.solve_outcome(assume)? {
            Outcome::Sat(inst) => Ok(Some(inst)),
            Outcome::Unsat => Ok(None),
            Outcome::Unknown(why) => Err(CheckError::Internal(Internal::NoAnswer(why))),
        }
    }

    /// After an unsatisfiable [`solve_outcome`](Self::solve_outcome): whether
    /// the refutation used assumed extra formula `i` (the solver's failed
    /// assumptions; together they are unsatisfiable, not always minimal).
    pub fn failed(&self, i: usize) -> bool {
        self.solver.failed(self.selectors[i])
    }

    /// How many extra formulas the session has.
    pub fn num_extras(&self) -> usize {
        self.extras.len()
    }

    /// From now on, the instance of the last satisfiable call is excluded:
    /// every later instance differs from it in some sig or field (skolem
    /// values alone do not make an instance new). `false` when no other
    /// instance can exist (no sig or field value is left open), in which
    /// case nothing is added.
    pub fn block_instance(&mut self) -> Result<bool, CheckError> {
        let Some(m) = &self.last else {
            return Err(CheckError::Internal(Internal::BlockWithoutInstance));
        };
        if self.instance_vars.is_none() {
            let lits: Vec<Lit> = self
                .tr
                .sigs
                .iter()
                .chain(&self.tr.fields)
                .flat_map(|mx| mx.entries.iter().map(|&(_, l)| l))
                .filter(|l| !l.is_const())
                .collect();
            let mut vars = Vec::new();
            for n in self.tr.circuit.support(&lits) {
                // An input no formula mentions has no CNF variable (it is
                // read as false); enumeration gives it one so that both of
                // its values are found.
                if self.var_of[n as usize] == 0 {
                    self.cnf.num_vars += 1;
                    self.var_of[n as usize] = self.cnf.num_vars as i32;
                }
                vars.push(self.var_of[n as usize]);
            }
            self.solver.reserve(self.cnf.num_vars);
            self.instance_vars = Some(vars);
        }
        let vars = self.instance_vars.as_deref().unwrap_or_default();
        if vars.is_empty() {
            return Ok(false);
        }
        let clause: Vec<i32> = vars
            .iter()
            .map(|&v| {
                if m.get(v as usize).copied().unwrap_or(false) {
                    -v
                } else {
                    v
                }
            })
            .collect();
        self.cnf.add(&clause);
        self.solver.add_clause(&clause);
        Ok(true)
    }

    /// From now on, the extra formulas of `together` do not all hold.
    /// (With `together` empty, the command has no instance any more.)
    pub fn block(&mut self, together: &[usize]) {
        let cl: Vec<i32> = together.iter().map(|&i| -self.selectors[i]).collect();
        self.cnf.add(&cl);
        self.solver.add_clause(&cl);
    }
}

/// The diagnostic for a command stopped by its memory limit: positioned at
/// the command (whose scope is what made it too large). `None` for other
/// outcomes (a time limit is an `unknown` verdict, not an error).
pub fn memory_diagnostic(model: &Model, r: &CommandResult, id: CommandId) -> Option<Diagnostic> {
    let (Exhausted::Memory(m), stage) = r.limit.as_ref()? else {
        return None;
    };
    let cmd = model.commands.get(id.index())?;
    let msg = if m.limit == u64::MAX {
        format!(
            "command `{}` {} cannot be represented: {} is too large",
            cmd.name, r.scope, m.what
        )
    } else {
        format!(
            "command `{}` {} does not fit in memory: {} would need about {} (limit {}, during {})",
            cmd.name,
            r.scope,
            m.what,
            crate::budget::human_bytes(m.bytes),
            crate::budget::human_bytes(m.limit),
            stage.phase_name()
        )
    };
    Some(
        Diagnostic::new(Phase::Bounds, cmd.span, msg)
            .label("this command's scope")
            .hint("lower the scope, or raise the limit with `--max-memory SIZE` (e.g. 8G)"),
    )
}
