//! The `check` driver: for one command, bounds → translation → CNF → SAT →
//! instance, then an independent re-evaluation of every instance before it
//! is reported. Every phase runs within the command's [`Budget`] (time and
//! memory); a phase that exhausts it ends the command with
//! [`Outcome::Unknown`] and the limit that stopped it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::bounds::{self, BoundsError};
use crate::budget::{Budget, Exhausted, Progress, Stage};
use crate::diag::{Diagnostic, Phase};
use crate::instance::{Instance, TupleSet};
use crate::ir::*;
use crate::sat::{self, SatError, SatResult};
use crate::translate::{self, circuit::Lit, matrix::Matrix, TranslateError, Translation};

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
            progress: None,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Outcome {
    /// An instance (run) or counterexample (check).
    Sat(Instance),
    Unsat,
    /// Limit hit; the reason.
    Unknown(String),
}

#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub variables: u32,
    pub clauses: usize,
    pub primary_variables: u32,
    pub translate_ms: u128,
    pub solve_ms: u128,
    pub time_ms: u128,
}

#[derive(Clone, Debug)]
pub struct CommandResult {
    pub name: String,
    pub kind: CommandKind,
    /// The scope as Alloy prints it (`for 4 but 5 sw/Event`).
    pub scope: String,
    pub outcome: Outcome,
    pub expect: Option<u8>,
    pub matches_expect: bool,
    /// For [`Outcome::Unknown`]: the limit that stopped the command, and
    /// in which phase.
    pub limit: Option<(Exhausted, Stage)>,
    pub stats: Stats,
}

impl CommandResult {
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
    /// The evaluator disagrees with the SAT answer: a bug (exit code 4).
    Internal(String),
}

/// The scope a command runs with, after `--scope`.
pub fn effective_scope(cmd: &Command, opts: &CheckOptions) -> Scope {
    let mut s = cmd.scope.clone();
    if let Some(n) = opts.scope {
        s.overall = Some(n);
    }
    s
}

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
    CheckError::Input(Diagnostic::without_span(Phase::Translate, e.to_string()))
}

pub fn check_command(
    model: &Model,
    id: CommandId,
    opts: &CheckOptions,
) -> Result<CommandResult, CheckError> {
    let start = Instant::now();
    let cmd = model
        .commands
        .get(id.index())
        .ok_or_else(|| CheckError::Internal(format!("no command #{}", id.0)))?;
    let scope = effective_scope(cmd, opts);
    let progress = opts.progress.clone().unwrap_or_default();
    progress.reset();
    let budget = Budget::new(opts.timeout, opts.max_memory).with_progress(progress.clone());
    // The result of a command stopped by its budget in `stage`.
    let stopped = |e: Exhausted, stage: Stage, stats: Stats| CommandResult {
        name: cmd.name.clone(),
        kind: cmd.kind,
        scope: scope_text(model, &scope),
        outcome: Outcome::Unknown(format!("{e} (during {})", stage.phase_name())),
        expect: cmd.expect,
        matches_expect: cmd.expect.is_none(),
        limit: Some((e, stage)),
        stats: Stats {
            time_ms: start.elapsed().as_millis(),
            ..stats
        },
    };
    let elapsed = || Stats {
        translate_ms: start.elapsed().as_millis(),
        ..Stats::default()
    };
    progress.set_stage(Stage::Bounds);
    let b = match bounds::compute_within(model, &scope, cmd.span, &budget) {
        Ok(b) => b,
        Err(BoundsError::Input(d)) => return Err(CheckError::Input(d)),
        Err(BoundsError::Exhausted(e)) => return Ok(stopped(e, Stage::Bounds, elapsed())),
    };
    progress.set_stage(Stage::Translate);
    let topts = translate::Options {
        symmetry: opts.symmetry,
        budget: budget.clone(),
    };
    let tr = match translate::translate_command(model, &b, cmd, &topts) {
        Ok(tr) => tr,
        Err(TranslateError::Input(d)) => return Err(CheckError::Input(d)),
        Err(TranslateError::Limit(e)) => {
            return Ok(stopped(e, Stage::Translate, elapsed()));
        }
    };
    progress.set_stage(Stage::Cnf);
    let (cnf, var_of) = match tr.circuit.to_cnf(&tr.roots) {
        Ok(x) => x,
        Err(e) => return Ok(stopped(e, Stage::Cnf, elapsed())),
    };
    let translate_ms = start.elapsed().as_millis();
    let mut solver = sat::solver_from_spec(&opts.solver).map_err(solver_error)?;
    progress.set_stage(Stage::Solve);
    let t1 = Instant::now();
    let stats = |solve_ms| Stats {
        variables: cnf.num_vars,
        clauses: cnf.num_clauses,
        primary_variables: tr.circuit.num_inputs(),
        translate_ms,
        solve_ms,
        time_ms: start.elapsed().as_millis(),
    };
    let res = match solver.solve(&cnf, &budget) {
        Ok(r) => r,
        Err(SatError::Limit(e)) => {
            return Ok(stopped(e, Stage::Solve, stats(t1.elapsed().as_millis())))
        }
        Err(e) => return Err(solver_error(e)),
    };
    let solve_ms = t1.elapsed().as_millis();
    let mut limit = None;
    let outcome = match res {
        SatResult::Unsat => Outcome::Unsat,
        SatResult::Unknown(why) => {
            limit = Some((Exhausted::Time, Stage::Solve));
            Outcome::Unknown(format!("{why} (during solving)"))
        }
        SatResult::Sat(m) => {
            progress.set_stage(Stage::Evaluate);
            if !cnf.satisfied_by(&m) {
                return Err(CheckError::Internal(format!(
                    "solver `{}` returned a model that violates the CNF",
                    solver.name()
                )));
            }
            let inst = decode(model, &b, &tr, &var_of, &m);
            if opts.verify {
                match crate::instance::eval::command_satisfied(model, id, &inst) {
                    Ok(true) => {}
                    Ok(false) => {
                        let why = crate::instance::eval::violations(model, &inst)
                            .map(|v| v.join("; "))
                            .unwrap_or_default();
                        return Err(CheckError::Internal(format!(
                            "the independent evaluator rejects the instance found for `{}`{}{}\n{}",
                            cmd.name,
                            if why.is_empty() { "" } else { ": " },
                            why,
                            crate::instance::render::render_text(model, &inst)
                        )));
                    }
                    Err(e) => {
                        return Err(CheckError::Internal(format!(
                            "the evaluator failed on the instance for `{}`: {e}",
                            cmd.name
                        )))
                    }
                }
            }
            Outcome::Sat(inst)
        }
    };
    let matches_expect = matches!(
        (cmd.expect, &outcome),
        (None, _) | (Some(1), Outcome::Sat(_)) | (Some(0), Outcome::Unsat)
    );
    Ok(CommandResult {
        name: cmd.name.clone(),
        kind: cmd.kind,
        scope: scope_text(model, &scope),
        outcome,
        expect: cmd.expect,
        matches_expect,
        limit,
        stats: stats(solve_ms),
    })
}

fn decode(
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
// Incremental solving of one command under extra formulas

/// One command of a model, translated and loaded into CaDiCaL once, then
/// solved any number of times under extra formulas (`extras`, e.g. the
/// predicates of a litmus test's condition and of its final-state
/// equalities): [`Session::solve`] assumes some of them, and
/// [`Session::block`] permanently forbids that some hold together.
/// Each extra formula `f_i` is tied to a fresh selector `s_i` by the root
/// `s_i <=> f_i`, so every call answers exactly what a fresh translation
/// of `command and f_a and ... and not (f_b and ...)` would (symmetry
/// breaking depends on the bounds only, which the calls share).
pub struct Session {
    model: Model,
    id: CommandId,
    extras: Vec<Formula>,
    bounds: bounds::Bounds,
    tr: Translation,
    var_of: Vec<i32>,
    cnf: sat::Cnf,
    selectors: Vec<i32>,
    solver: cadical::Solver,
    verify: bool,
}

impl Session {
    /// `None` when the options ask for something only a one-shot call
    /// supports (an external solver, a time limit).
    pub fn new(
        model: Model,
        id: CommandId,
        extras: Vec<Formula>,
        opts: &CheckOptions,
    ) -> Result<Option<Session>, CheckError> {
        if opts.timeout.is_some()
            || !(opts.solver == "cadical" || opts.solver.starts_with("cadical:"))
        {
            return Ok(None);
        }
        let mut solver = match opts.solver.strip_prefix("cadical:") {
            None => cadical::Solver::new(),
            Some(c) => cadical::Solver::with_config(c).map_err(|e| {
                CheckError::Input(Diagnostic::without_span(Phase::Translate, e.to_string()))
            })?,
        };
        let cmd = model
            .commands
            .get(id.index())
            .ok_or_else(|| CheckError::Internal(format!("no command #{}", id.0)))?;
        let scope = effective_scope(cmd, opts);
        let mut b = bounds::compute_at(&model, &scope, cmd.span).map_err(CheckError::Input)?;
        bounds::pin::pin_constant_fields(&model, &mut b);
        let topts = translate::Options {
            symmetry: opts.symmetry,
            budget: Budget::unlimited(),
        };
        let refs: Vec<&Formula> = extras.iter().collect();
        let (tr, sels) = translate::translate_command_with(&model, &b, cmd, &topts, &refs)
            .map_err(|e| match e {
                TranslateError::Input(d) => CheckError::Input(d),
                TranslateError::Limit(e) => {
                    CheckError::Internal(format!("translation stopped without limits: {e}"))
                }
            })?;
        let (cnf, var_of) = tr.circuit.to_cnf(&tr.roots).map_err(|e| {
            CheckError::Internal(format!("CNF conversion stopped without limits: {e}"))
        })?;
        let selectors = sels
            .iter()
            .map(|l| match var_of[l.node() as usize] {
                0 => Err(CheckError::Internal(
                    "a selector has no CNF variable".into(),
                )),
                v => Ok(v),
            })
            .collect::<Result<Vec<i32>, CheckError>>()?;
        solver.reserve(cnf.num_vars as i32);
        for cl in cnf.clause_iter() {
            solver.add_clause(cl.iter().copied());
        }
        Ok(Some(Session {
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
        }))
    }

    pub fn model(&self) -> &Model {
        &self.model
    }

    /// An instance of the command in which every extra formula of `assume`
    /// holds (and no blocked combination), or `None`.
    pub fn solve(&mut self, assume: &[usize]) -> Result<Option<Instance>, CheckError> {
        let lits: Vec<i32> = assume.iter().map(|&i| self.selectors[i]).collect();
        match self.solver.solve_with(lits.iter().copied()) {
            None => Err(CheckError::Internal(
                "CaDiCaL gave up without a time limit".into(),
            )),
            Some(false) => Ok(None),
            Some(true) => {
                let n = self.cnf.num_vars as usize;
                let mut m = vec![false; n + 1];
                for v in 1..=n as i32 {
                    m[v as usize] = self.solver.value(v) == Some(true);
                }
                if !self.cnf.satisfied_by(&m) || lits.iter().any(|&l| !m[l as usize]) {
                    return Err(CheckError::Internal(
                        "CaDiCaL returned a model that violates the CNF or the assumptions".into(),
                    ));
                }
                let inst = decode(&self.model, &self.bounds, &self.tr, &self.var_of, &m);
                if self.verify {
                    let name = &self.model.commands[self.id.index()].name;
                    match crate::instance::eval::command_satisfied(&self.model, self.id, &inst) {
                        Ok(true) => {}
                        Ok(false) => {
                            return Err(CheckError::Internal(format!(
                                "the independent evaluator rejects the instance found for `{name}`"
                            )))
                        }
                        Err(e) => {
                            return Err(CheckError::Internal(format!(
                                "the evaluator failed on the instance for `{name}`: {e}"
                            )))
                        }
                    }
                    for &i in assume {
                        let mut env = crate::instance::eval::Env::new();
                        match crate::instance::eval::eval_formula(&self.model, &inst, &mut env, &self.extras[i]) {
                            Ok(true) => {}
                            Ok(false) => {
                                return Err(CheckError::Internal(format!(
                                    "the independent evaluator rejects assumed formula #{i} in the instance found for `{name}`"
                                )))
                            }
                            Err(e) => return Err(CheckError::Internal(format!("the evaluator failed on formula #{i}: {e}"))),
                        }
                    }
                }
                Ok(Some(inst))
            }
        }
    }

    /// From now on, the extra formulas of `together` do not all hold.
    /// (With `together` empty, the command has no instance any more.)
    pub fn block(&mut self, together: &[usize]) {
        let cl: Vec<i32> = together.iter().map(|&i| -self.selectors[i]).collect();
        self.cnf.add(&cl);
        self.solver.add_clause(cl.iter().copied());
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
