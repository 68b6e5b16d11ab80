//! The `check` driver: for one command, bounds → translation → CNF → SAT →
//! instance, then an independent re-evaluation of every instance before it
//! is reported.

use std::time::{Duration, Instant};

use crate::bounds;
use crate::diag::{Diagnostic, Phase};
use crate::instance::{Instance, TupleSet};
use crate::ir::*;
use crate::sat::{self, SatResult};
use crate::translate::{self, circuit::Lit, matrix::Matrix, TranslateError, Translation};

#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// `--scope N`: replaces every command's overall scope.
    pub scope: Option<u32>,
    pub timeout: Option<Duration>,
    /// `cadical` or `dimacs:CMD`.
    pub solver: String,
    /// Length limit of each symmetry-breaking predicate (0 = off).
    pub symmetry: usize,
    /// Re-evaluate instances with the independent evaluator.
    pub verify: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            scope: None,
            timeout: None,
            solver: "cadical".into(),
            symmetry: 60,
            verify: true,
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
    let mut out = format!("for {}", s.overall.unwrap_or(3));
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
    if !parts.is_empty() {
        out.push_str(" but ");
        out.push_str(&parts.join(", "));
    }
    out
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
    let b = bounds::compute(model, &scope).map_err(CheckError::Input)?;
    let topts = translate::Options {
        symmetry: opts.symmetry,
        deadline: opts.timeout.map(|t| start + t),
    };
    let tr = match translate::translate_command(model, &b, cmd, &topts) {
        Ok(tr) => tr,
        Err(TranslateError::Input(d)) => return Err(CheckError::Input(d)),
        Err(TranslateError::TimeLimit) => {
            let elapsed = start.elapsed().as_millis();
            return Ok(CommandResult {
                name: cmd.name.clone(),
                kind: cmd.kind,
                scope: scope_text(model, &scope),
                outcome: Outcome::Unknown("time limit (during translation)".into()),
                expect: cmd.expect,
                matches_expect: cmd.expect.is_none(),
                stats: Stats {
                    translate_ms: elapsed,
                    time_ms: elapsed,
                    ..Stats::default()
                },
            });
        }
    };
    let (cnf, var_of) = tr.circuit.to_cnf(&tr.roots);
    let translate_ms = start.elapsed().as_millis();
    let mut solver = sat::solver_from_spec(&opts.solver)
        .map_err(|m| CheckError::Input(Diagnostic::without_span(Phase::Translate, m)))?;
    let remaining = opts.timeout.map(|t| t.saturating_sub(start.elapsed()));
    let t1 = Instant::now();
    let res = solver
        .solve(&cnf, remaining)
        .map_err(|m| CheckError::Input(Diagnostic::without_span(Phase::Translate, m)))?;
    let solve_ms = t1.elapsed().as_millis();
    let outcome = match res {
        SatResult::Unsat => Outcome::Unsat,
        SatResult::Unknown(why) => Outcome::Unknown(why),
        SatResult::Sat(m) => {
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
        stats: Stats {
            variables: cnf.num_vars,
            clauses: cnf.num_clauses,
            primary_variables: tr.circuit.num_inputs(),
            translate_ms,
            solve_ms,
            time_ms: start.elapsed().as_millis(),
        },
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
// Command-line reporting

/// Output formats of `relprove check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Dot,
    /// The instance as Coq definitions over the model's Coq export
    /// ([`crate::export::coq::instance_file`]); one command at a time.
    Coq,
}

/// Exit codes of `relprove check`.
pub mod exit {
    pub const OK: u8 = 0;
    pub const MISMATCH: u8 = 1;
    pub const INPUT: u8 = 2;
    pub const LIMIT: u8 = 3;
    pub const INTERNAL: u8 = 4;
}

fn kind_word(k: CommandKind) -> &'static str {
    match k {
        CommandKind::Check => "check",
        CommandKind::Run => "run",
    }
}

/// Prints `relprove: NAME Ns` on stderr every second while alive.
struct Progress {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    fn start(name: String, enabled: bool) -> Progress {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let s2 = stop.clone();
        let handle = enabled.then(|| {
            std::thread::spawn(move || {
                use std::io::IsTerminal;
                let tty = std::io::stderr().is_terminal();
                let t0 = Instant::now();
                let mut printed = false;
                let mut next = 1u64;
                while !s2.load(std::sync::atomic::Ordering::Relaxed) {
                    // Woken early by `drop`.
                    std::thread::park_timeout(
                        Duration::from_secs(next).saturating_sub(t0.elapsed()),
                    );
                    if s2.load(std::sync::atomic::Ordering::Relaxed) {
                        break;
                    }
                    if t0.elapsed().as_secs() >= next {
                        if tty {
                            eprint!("\rrelprove: solving {name}: {next}s");
                            printed = true;
                            next += 1;
                        } else {
                            eprintln!("relprove: checking {name}: {next}s");
                            next *= 10;
                        }
                    }
                }
                if printed {
                    eprintln!();
                }
            })
        });
        Progress { stop, handle }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            h.thread().unpark();
            let _ = h.join();
        }
    }
}

/// Run the selected commands (all when `names` is empty) and print the
/// results; returns the exit code.
pub fn run_cli(
    model: &Model,
    sources: &crate::diag::SourceMap,
    names: &[String],
    opts: &CheckOptions,
    format: Format,
    out: &mut dyn std::io::Write,
    progress: bool,
) -> u8 {
    for n in names {
        if !model.commands.iter().any(|c| &c.name == n) {
            let avail: Vec<&str> = model.commands.iter().map(|c| c.name.as_str()).collect();
            eprintln!(
                "relprove: no command named `{n}` (commands: {})",
                avail.join(", ")
            );
            return exit::INPUT;
        }
    }
    if let Err(m) = sat::solver_from_spec(&opts.solver) {
        eprintln!("relprove: {m}");
        return exit::INPUT;
    }
    let ids: Vec<CommandId> = (0..model.commands.len() as u32)
        .map(CommandId)
        .filter(|&id| names.is_empty() || names.contains(&model.commands[id.index()].name))
        .collect();
    if format == Format::Coq && ids.len() != 1 {
        eprintln!(
            "relprove: --format coq writes one instance: select one command with -c (this selection has {})",
            ids.len()
        );
        return exit::INPUT;
    }
    let mut code = exit::OK;
    let raise = |code: &mut u8, c: u8| {
        let rank = |c: u8| match c {
            exit::INTERNAL => 4,
            exit::INPUT => 3,
            exit::LIMIT => 2,
            exit::MISMATCH => 1,
            _ => 0,
        };
        if rank(c) > rank(*code) {
            *code = c;
        }
    };
    let mut json_cmds = Vec::new();
    for id in ids {
        let cmd = &model.commands[id.index()];
        let scope = scope_text(model, &effective_scope(cmd, opts));
        let expect = cmd
            .expect
            .map(|e| format!(" expect {e}"))
            .unwrap_or_default();
        let title = format!(
            "{} {} {}{}",
            if cmd.kind == CommandKind::Check {
                "Check"
            } else {
                "Run"
            },
            cmd.name,
            scope,
            expect
        );
        if format == Format::Text {
            let _ = writeln!(out, "Executing \"{title}\"");
            let _ = out.flush();
        }
        let res = {
            let _p = Progress::start(cmd.name.clone(), progress);
            check_command(model, id, opts)
        };
        let r = match res {
            Ok(r) => r,
            Err(CheckError::Input(d)) => {
                eprint!("{}", crate::diag::render(sources, &[d], false));
                raise(&mut code, exit::INPUT);
                continue;
            }
            Err(CheckError::Internal(m)) => {
                eprintln!("relprove: internal error (this is a bug in relprove): {m}");
                raise(&mut code, exit::INTERNAL);
                continue;
            }
        };
        if matches!(r.outcome, Outcome::Unknown(_)) {
            raise(&mut code, exit::LIMIT);
        } else if !r.matches_expect {
            raise(&mut code, exit::MISMATCH);
        }
        match format {
            Format::Text => {
                let s = &r.stats;
                let _ = writeln!(
                    out,
                    "   {} vars. {} primary vars. {} clauses. {}ms.",
                    s.variables, s.primary_variables, s.clauses, s.translate_ms
                );
                let verdict = match (&r.outcome, r.kind) {
                    (Outcome::Sat(_), CommandKind::Check) => {
                        "Counterexample found. Assertion is invalid.".to_string()
                    }
                    (Outcome::Sat(_), CommandKind::Run) => {
                        "Instance found. Predicate is consistent.".to_string()
                    }
                    (Outcome::Unsat, CommandKind::Check) => {
                        "No counterexample found. Assertion may be valid.".to_string()
                    }
                    (Outcome::Unsat, CommandKind::Run) => {
                        "No instance found. Predicate may be inconsistent.".to_string()
                    }
                    (Outcome::Unknown(w), _) => format!("Unknown ({w})."),
                };
                let _ = writeln!(out, "   {} {}ms.", verdict, s.solve_ms);
                if !r.matches_expect {
                    if let (Some(e), Outcome::Unknown(_)) = (r.expect, &r.outcome) {
                        let _ = writeln!(
                            out,
                            "   Undecided: expected {} ({}).",
                            e,
                            if e == 1 { "an instance" } else { "none" }
                        );
                    } else if let Some(e) = r.expect {
                        let _ = writeln!(
                            out,
                            "   MISMATCH: expected {} ({}).",
                            e,
                            if e == 1 { "an instance" } else { "none" }
                        );
                    }
                }
                if let Outcome::Sat(inst) = &r.outcome {
                    for line in crate::instance::render::render_text(model, inst).lines() {
                        let _ = writeln!(out, "   {line}");
                    }
                }
                let _ = writeln!(out);
            }
            Format::Dot => {
                if let Outcome::Sat(inst) = &r.outcome {
                    let _ = writeln!(out, "// {title}: {}", r.outcome_word());
                    let _ = write!(out, "{}", crate::instance::render::render_dot(model, inst));
                } else {
                    let _ = writeln!(out, "// {title}: {}", r.outcome_word());
                }
            }
            Format::Coq => match &r.outcome {
                Outcome::Sat(inst) => {
                    match crate::export::coq::instance_file(model, sources, id, inst) {
                        Ok(text) => {
                            let _ = write!(out, "{text}");
                        }
                        Err(d) => {
                            eprint!("{}", crate::diag::render(sources, &d.0, false));
                            raise(&mut code, exit::INPUT);
                        }
                    }
                }
                _ => {
                    let _ = writeln!(
                        out,
                        "(* {title}: {}; no instance to export *)",
                        r.outcome_word()
                    );
                    eprintln!(
                        "relprove: {}: {}, nothing to export",
                        cmd.name,
                        r.outcome_word()
                    );
                }
            },
            Format::Json => {
                let mut o = serde_json::json!({
                    "name": r.name,
                    "kind": kind_word(r.kind),
                    "scope": r.scope,
                    "outcome": r.outcome_word(),
                    "expect": r.expect,
                    "matches": r.matches_expect,
                    "time_ms": r.stats.time_ms as u64,
                    "translate_ms": r.stats.translate_ms as u64,
                    "solve_ms": r.stats.solve_ms as u64,
                    "variables": r.stats.variables,
                    "primary_variables": r.stats.primary_variables,
                    "clauses": r.stats.clauses,
                });
                if let Outcome::Sat(inst) = &r.outcome {
                    o["instance"] = crate::instance::render::render_json(model, inst);
                }
                json_cmds.push(o);
            }
        }
    }
    if format == Format::Json {
        let doc = serde_json::json!({ "commands": json_cmds });
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    }
    code
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
        let b = bounds::compute(&model, &scope).map_err(CheckError::Input)?;
        let topts = translate::Options {
            symmetry: opts.symmetry,
            deadline: None,
        };
        let refs: Vec<&Formula> = extras.iter().collect();
        let (tr, sels) = translate::translate_command_with(&model, &b, cmd, &topts, &refs)
            .map_err(|e| match e {
                TranslateError::Input(d) => CheckError::Input(d),
                TranslateError::TimeLimit => {
                    CheckError::Internal("translation stopped without a deadline".into())
                }
            })?;
        let (cnf, var_of) = tr.circuit.to_cnf(&tr.roots);
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
