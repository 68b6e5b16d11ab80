//! Deciding litmus tests: every path combination is lowered to a
//! [`LitmusExecution`](super::execution::LitmusExecution) and handed to a
//! [`Backend`] (as IR over the model resolved once, [`Backend::session_ir`];
//! or as printed Alloy text); the reachable final states are enumerated by
//! blocking each state found, and the verdict is computed from the states
//! (as herd does).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::ast::{Prop, Quant, Term, Test};
use super::error::{LitmusError, StateError};
use super::execution::Fml;
use super::lower::{self, Binding, Limits, Lowered, ObsEval};
use relprove_engine::diag::{Diagnostic, Phase, SourceMap};
use relprove_engine::instance::graph::{GraphError, Named};

/// A satisfying instance, by names: every sig's atoms and every field's
/// tuples, as atom labels. Only the generated `lt_*` sigs and the `lt_val`
/// / `lt_fin` fields are read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solution {
    /// Each sig's atoms, by sig name.
    pub sigs: BTreeMap<String, BTreeSet<String>>,
    /// Each field's tuples, by field name.
    pub fields: BTreeMap<String, BTreeSet<Vec<String>>>,
    /// With `--graph`: the instance with its derived relations, computed
    /// only for the one execution that is drawn (not for every solution).
    pub drawn: Option<Drawable>,
}

/// Computes a solution's instance by names, derived relations (`fr`, `sw`,
/// `--show`) included, when called.
type DrawFn = dyn Fn() -> Result<Named, GraphError> + Send + Sync;

/// A solution's graph input, computed on demand (see [`Solution::drawn`]).
#[derive(Clone)]
pub struct Drawable(pub Arc<DrawFn>);

impl Drawable {
    /// The instance by names with its derived relations.
    pub fn named(&self) -> Result<Named, GraphError> {
        (self.0)()
    }
}

impl std::fmt::Debug for Drawable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Drawable(..)")
    }
}

/// Two solutions are equal by their atoms and tuples; the deferred graph
/// input is the same computation whenever those are.
impl PartialEq for Drawable {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Drawable {}

/// Something that decides a lowered path combination: its IR over the
/// model ([`Backend::session_ir`], tried first), or the single `run`
/// command of its printed Alloy module ([`Backend::session`],
/// [`Backend::solve`]).
pub trait Backend: Sync {
    /// Load what every test of a run needs from `model` (its resolution),
    /// once, before the tests: an error in the model is then reported once
    /// for the run instead of once per test.
    fn prepare(&self, _model: &ModelRef) -> Result<(), LitmusError> {
        Ok(())
    }

    /// `path` is where the module notionally lives (beside the model, so
    /// that `open` finds it); `source` is its text. `Ok(None)`: no instance.
    /// `deadline`: when the test's time is up (the back end stops there
    /// with [`LitmusError::GaveUp`]).
    fn solve(
        &self,
        path: &Path,
        source: &str,
        deadline: Option<Instant>,
    ) -> Result<Option<Solution>, LitmusError>;

    /// Incremental solving: `source` is a module whose `run` command is the
    /// base query and which declares the parameterless predicates `preds`;
    /// the session answers that command under any choice of those
    /// predicates (assumed true) and blocked combinations, without
    /// reloading or re-translating the module. `Ok(None)`: not supported
    /// (the caller falls back to [`Backend::solve`]).
    fn session(
        &self,
        _path: &Path,
        _source: &str,
        _preds: &[String],
        _deadline: Option<Instant>,
    ) -> Result<Option<Box<dyn LitmusSession>>, LitmusError> {
        Ok(None)
    }

    /// The incremental form over the IR: `exec` (one lowered combination)
    /// is added to `model` resolved once, and `queries` are the formulas a
    /// session's assumptions name by index. `Ok(None)`: not supported (the
    /// caller falls back to [`Backend::session`] on the printed module).
    fn session_ir(
        &self,
        _model: &ModelRef,
        _exec: &Lowered,
        _queries: &[Fml],
        _deadline: Option<Instant>,
    ) -> Result<Option<Box<dyn LitmusSession>>, LitmusError> {
        Ok(None)
    }
}

/// See [`Backend::session`]; predicates are named by their index in `preds`.
pub trait LitmusSession {
    /// An instance of the base command in which the predicates `assume`
    /// hold (and no blocked combination does), or `None`.
    fn solve(&mut self, assume: &[usize]) -> Result<Option<Solution>, LitmusError>;
    /// From now on, the predicates `together` do not all hold.
    fn block(&mut self, together: &[usize]);
}

/// The memory model the tests run against.
#[derive(Clone, Debug)]
pub struct ModelRef {
    /// The model's Alloy file (canonical path; for a cat model, its
    /// generated Alloy form).
    pub path: PathBuf,
    /// The module name to `open` (the model file's stem).
    pub open_name: String,
    /// How the model names the pieces of an execution.
    pub binding: &'static Binding,
    /// A cat model: its Alloy forms, in a temporary folder beside the
    /// execution model they open (removed when the last [`ModelRef`] goes).
    pub cat: Option<Arc<crate::cat::AlloyForms>>,
}

impl ModelRef {
    /// The model at `path`: an Alloy model with a litmus binding, or a cat
    /// model (`.cat`). A cat model's diagnostics point into its text, which
    /// is not kept: their position is written into the message (use
    /// [`ModelRef::load_in`] to keep it).
    pub fn load(path: &Path) -> Result<ModelRef, Diagnostic> {
        let mut sources = SourceMap::new();
        ModelRef::load_in(&mut sources, path).map_err(|d| match d.span {
            None => d,
            Some(span) => {
                let mut flat = Diagnostic::without_span(
                    d.phase,
                    format!("{}: {}", sources.location(span), d.message),
                );
                flat.hint = d.hint.clone();
                flat
            }
        })
    }

    /// [`ModelRef::load`], a cat model's text added to `sources`.
    pub fn load_in(sources: &mut SourceMap, path: &Path) -> Result<ModelRef, Diagnostic> {
        if path.extension().is_some_and(|e| e == "cat") {
            return ModelRef::load_cat(sources, path);
        }
        let text = relprove_engine::diag::read_source(path).map_err(|e| {
            Diagnostic::without_span(
                Phase::Io,
                format!("cannot read model {}: {e}", path.display()),
            )
        })?;
        let binding = lower::detect_binding(&text).ok_or_else(|| {
            Diagnostic::without_span(Phase::Litmus, format!("no litmus binding for model {}", path.display()))
                .hint("supported: relprove's models/ptx.als and models/ptx75.als, NVIDIA's ASPLOS'19 ptx.als and its PTX 7.5 mixed-proxy ptx.als (docs/litmus.md, \"Binding tables\"), cat models of PTX (docs/cat.md); Khronos's Vulkan tests (.test) take Khronos's spirv.als (docs/vulkan.md)")
        })?;
        let open_name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("ptx")
            .to_string();
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        Ok(ModelRef {
            path,
            open_name,
            binding,
            cat: None,
        })
    }

    fn load_cat(sources: &mut SourceMap, path: &Path) -> Result<ModelRef, Diagnostic> {
        let model = crate::cat::load(sources, path)?;
        let arch = model.arch;
        let Some(binding) = arch.binding else {
            return Err(Diagnostic::without_span(
                Phase::Litmus,
                format!(
                    "{} is a cat model of {}: it decides Dat3M's Vulkan tests (`VULKAN name` files), not PTX tests",
                    path.display(),
                    arch.name
                ),
            ));
        };
        let forms = crate::cat::AlloyForms::new(model, String::new())?;
        Ok(ModelRef {
            path: forms.top(),
            open_name: crate::cat::module_name(None),
            binding,
            cat: Some(Arc::new(forms)),
        })
    }

    /// For `--emit-alloy DIR`: a cat model's Alloy form (and the files it
    /// opens) copied into `dir`, so that the emitted test modules, which
    /// open it, load there. Nothing to do for an Alloy model (the modules
    /// open it by name, beside it).
    pub fn emit_model_files(&self, dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
        let Some(cat) = &self.cat else {
            return Ok(Vec::new());
        };
        if cat.model.compiled.has_rec() {
            return Err(Diagnostic::without_span(
                Phase::Litmus,
                format!("{}: a `let rec` read by a flag or a negated axiom is unrolled per execution (by its number of events): --emit-alloy cannot write one module for every test", cat.model.path.display()),
            ));
        }
        let mut out = Vec::new();
        let mut files: Vec<(String, String)> =
            vec![(format!("{}.als", self.open_name), cat.model.alloy(None))];
        files.extend(
            cat.model
                .arch
                .files
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string())),
        );
        for (name, text) in files {
            let p = dir.join(name);
            std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(&p, text))
                .map_err(|e| {
                    Diagnostic::without_span(
                        Phase::Io,
                        format!("cannot write {}: {e}", p.display()),
                    )
                })?;
            out.push(p);
        }
        Ok(out)
    }

    /// The model to decide `low` against: itself, or for a cat model with a
    /// `let rec`, its Alloy form unrolled for `low`'s events (rounded up to
    /// a multiple of 4, so that executions of similar size share it), with
    /// `low` made to open it.
    pub fn for_execution(
        &self,
        low: &mut super::execution::LitmusExecution,
    ) -> Result<ModelRef, LitmusError> {
        let Some(cat) = self.cat.as_ref().filter(|c| c.model.compiled.has_rec()) else {
            return Ok(self.clone());
        };
        let count = |sig: &str| {
            low.scope
                .exact
                .iter()
                .find(|(s, _)| s == sig)
                .map_or(low.scope.overall, |(_, n)| *n)
        };
        // The cat events: the execution's events and an initial write per
        // location.
        let events = count(self.binding.event_sig) + count("Address");
        let (name, path) = cat
            .for_events(events)
            .map_err(|d| LitmusError::Internal(d.message))?;
        low.open = name.clone();
        Ok(ModelRef {
            path,
            open_name: name,
            ..self.clone()
        })
    }
}

/// How tests are decided: limits, enumeration or witnesses, time.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Limits of the symbolic execution of the threads.
    pub limits: Limits,
    /// Give up on a test after this many distinct final states.
    pub max_states: usize,
    /// Enumerate every reachable final state (herd's `States`); when false,
    /// only ask whether the condition and its negation are reachable (at
    /// most two solver calls per path combination) and report one witness
    /// state of each.
    pub enumerate: bool,
    /// `--timeout`: the time each test may take, all its path
    /// combinations and solver calls together.
    pub timeout: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            max_states: 256,
            enumerate: true,
            timeout: None,
        }
    }
}

/// herd's `Observation`: how many of the final states satisfy the
/// condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Observation {
    /// None of them.
    Never,
    /// Some, but not all.
    Sometimes,
    /// All of them (at least one).
    Always,
}

impl Observation {
    /// herd's word for it.
    pub fn word(self) -> &'static str {
        match self {
            Observation::Never => "Never",
            Observation::Sometimes => "Sometimes",
            Observation::Always => "Always",
        }
    }
}

/// The outcome of one test.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The test's name.
    pub name: String,
    /// The test file, or a generated test's label (set by `run_input`).
    pub file: String,
    /// The condition's quantifier.
    pub quant: Quant,
    /// The condition's proposition.
    pub prop: Prop,
    /// The observed variables, in order.
    pub vars: Vec<Term>,
    /// Reachable final states (values of `vars`), sorted: all of them, or
    /// (when not `enumerated`) one witness per side of the condition.
    pub states: BTreeSet<Vec<i64>>,
    /// Whether `states` lists every reachable final state
    /// (`Options::enumerate`).
    pub enumerated: bool,
    /// States in `states` in which the condition holds.
    pub positive: usize,
    /// States in `states` in which it does not.
    pub negative: usize,
    /// herd's `Ok`.
    pub validated: bool,
    /// herd's `Observation` over `states`.
    pub observation: Observation,
    /// Path combinations decided (each one a set of solver calls).
    pub combinations: usize,
    /// Path combinations on which a barrier cannot complete (a thread
    /// blocks forever): Dat3M's liveness violations of barrier tests.
    pub hung_combinations: usize,
    /// Solver calls made.
    pub solver_calls: usize,
    /// Time the test took, in milliseconds.
    pub time_ms: u128,
    /// One execution of the test: one in which the condition holds if
    /// there is one (`--graph` draws it).
    pub witness: Option<Witness>,
}

/// An execution found while deciding a test.
#[derive(Clone, Debug)]
pub struct Witness {
    /// The execution, as the solver found it.
    pub solution: Solution,
    /// Whether the test's condition holds in its final state.
    pub condition_holds: bool,
}

/// One test to run: a litmus file, or a test generated from another
/// format (NVIDIA's `.test` templates) with the label it is reported under.
#[derive(Clone, Debug)]
pub enum Input {
    /// A litmus file.
    File(PathBuf),
    /// A test generated in memory.
    Generated {
        /// What it is reported under, in place of a file name.
        label: String,
        /// Its litmus text.
        text: String,
    },
}

impl Input {
    /// What the input is reported under: the file's path, or the label.
    pub fn label(&self) -> String {
        match self {
            Input::File(p) => p.display().to_string(),
            Input::Generated { label, .. } => label.clone(),
        }
    }
}

/// Parse, lower and decide one test file.
pub fn run_file(
    sources: &Mutex<SourceMap>,
    file: &Path,
    model: &ModelRef,
    backend: &dyn Backend,
    opts: Options,
) -> Result<TestResult, Diagnostic> {
    run_input(
        sources,
        &Input::File(file.to_path_buf()),
        model,
        backend,
        opts,
    )
}

/// Parse, lower and decide one input.
pub fn run_input(
    sources: &Mutex<SourceMap>,
    input: &Input,
    model: &ModelRef,
    backend: &dyn Backend,
    opts: Options,
) -> Result<TestResult, Diagnostic> {
    let start = Instant::now();
    let label = input.label();
    let text = match input {
        Input::File(file) => relprove_engine::diag::read_source(file).map_err(|e| {
            Diagnostic::without_span(Phase::Io, format!("cannot read {}: {e}", file.display()))
        })?,
        Input::Generated { text, .. } => text.clone(),
    };
    let id = sources.lock().unwrap_or_else(|e| e.into_inner()).add(
        label.clone(),
        Path::new(&label),
        text.clone(),
    );
    let test = super::parse::parse(id, &text)?;
    let mut r = run_test(&test, model, backend, opts)?;
    r.file = label;
    r.time_ms = start.elapsed().as_millis();
    Ok(r)
}

/// The message of a test a limit stopped: `why` (the limit), and the
/// `--timeout` that was given when the limit was time (also the
/// operational models' message).
pub fn gave_up(
    name: &str,
    why: &dyn std::fmt::Display,
    timeout: Option<std::time::Duration>,
) -> String {
    let limit = match timeout {
        Some(t) => format!(" (--timeout {} s)", t.as_secs_f64()),
        None => String::new(),
    };
    format!("gave up on test `{name}`: {why}{limit}")
}

/// A back end's failure on `test` as a diagnostic: a limit (exit code 3)
/// when it gave up, else the module it was given could not be decided.
fn failure(test: &Test, opts: Options, e: LitmusError) -> Diagnostic {
    match e {
        LitmusError::GaveUp(why) => Diagnostic::new(
            Phase::Limit,
            test.name_span,
            gave_up(&test.name, &why, opts.timeout),
        ),
        e => e.at(test.name_span, "checking the lowered test failed"),
    }
}

/// Decide a parsed test.
pub fn run_test(
    test: &Test,
    model: &ModelRef,
    backend: &dyn Backend,
    opts: Options,
) -> Result<TestResult, Diagnostic> {
    let start = Instant::now();
    let deadline = opts
        .timeout
        .map(|t| relprove_engine::budget::deadline_after(start, t));
    let paths = lower::paths(test, opts.limits)?;
    let dom = lower::value_domain(test, &paths)?;
    let dir = model.path.parent().unwrap_or(Path::new("."));
    let n: usize = paths
        .iter()
        .map(Vec::len)
        .try_fold(1usize, |a, b| a.checked_mul(b))
        .unwrap_or(usize::MAX);
    if n > 4096 {
        return Err(Diagnostic::new(
            Phase::Litmus,
            test.name_span,
            format!("unsupported: {n} path combinations (limit 4096)"),
        ));
    }
    let combos = combinations(&paths);
    let (units, hung) = units(test, &combos);
    let mut dec = Decision {
        test,
        opts,
        dom: &dom,
        vars: test.cond.prop.vars(),
        states: BTreeSet::new(),
        witness: None,
        calls: 0,
    };
    for (k, v, combo, edges) in &units {
        if dec.vars.is_empty() && !dec.states.is_empty() {
            // Nothing is observed: the one possible final state is known.
            break;
        }
        let mut low =
            lower::build_execution(test, model.binding, &model.open_name, combo, edges, &dom)?;
        let model = &model
            .for_execution(&mut low)
            .map_err(|e| failure(test, opts, e))?;
        let path = dir.join(format!("lt_{}_{k}_{v}.als", sanitize(&test.name)));
        let failed = |e: LitmusError| failure(test, opts, e);
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(failure(
                test,
                opts,
                LitmusError::GaveUp("time limit".into()),
            ));
        }
        // The incremental form: one module per combination, loaded and
        // translated once, queried under predicates.
        let queries = queries(&low, &test.cond.prop, &dom, opts.enumerate);
        let formulas: Vec<Fml> = queries.iter().map(|(_, f)| f.clone()).collect();
        let sess = match backend
            .session_ir(model, &low, &formulas, deadline)
            .map_err(failed)?
        {
            Some(s) => Some(s),
            None => {
                let (src, preds) = session_source(&low, &queries);
                backend
                    .session(&path, &src, &preds, deadline)
                    .map_err(failed)?
            }
        };
        let all_seen = match (sess, opts.enumerate) {
            (Some(mut sess), false) => dec.witnesses(&low, |holds| {
                sess.solve(&[if holds { 0 } else { 1 }]).map_err(failed)
            })?,
            (None, false) => dec.witnesses(&low, |holds| {
                let src = low.with_condition(&test.cond.prop, holds);
                backend.solve(&path, &src, deadline).map_err(failed)
            })?,
            (Some(mut sess), true) => {
                dec.enumerate_in_session(&low, sess.as_mut(), &failed)?;
                false
            }
            (None, true) => {
                dec.enumerate_one_shot(&low, |blocked| {
                    let src = low.with_run(blocked);
                    backend.solve(&path, &src, deadline).map_err(failed)
                })?;
                false
            }
        };
        if all_seen {
            break;
        }
    }
    let Verdict {
        positive,
        negative,
        validated,
        observation,
    } = verdict(test, &dec.vars, &dec.states);
    Ok(TestResult {
        name: test.name.clone(),
        file: String::new(),
        quant: test.cond.quant,
        prop: test.cond.prop.clone(),
        vars: dec.vars,
        states: dec.states,
        enumerated: opts.enumerate,
        positive,
        negative,
        validated,
        observation,
        combinations: combos.len(),
        hung_combinations: hung,
        solver_calls: dec.calls,
        time_ms: start.elapsed().as_millis(),
        witness: dec.witness,
    })
}

/// A test's verdict from its reachable final states, as herd computes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// States in which the condition holds.
    pub positive: usize,
    /// States in which it does not.
    pub negative: usize,
    /// herd's `Ok`.
    pub validated: bool,
    /// herd's `Observation` over the states.
    pub observation: Observation,
}

/// The verdict of `test` whose observed variables `vars` take the final
/// states `states` (the axiomatic runs' and the operational models').
pub fn verdict(test: &Test, vars: &[Term], states: &BTreeSet<Vec<i64>>) -> Verdict {
    let positive = states.iter().filter(|s| holds_in(test, vars, s)).count();
    let negative = states.len() - positive;
    let validated = match test.cond.quant {
        Quant::Exists => positive > 0,
        Quant::NotExists => positive == 0,
        Quant::Forall => negative == 0,
    };
    let observation = if positive == 0 {
        Observation::Never
    } else if negative == 0 {
        Observation::Always
    } else {
        Observation::Sometimes
    };
    Verdict {
        positive,
        negative,
        validated,
        observation,
    }
}

/// What deciding a test has found so far, over its path combinations: the
/// final states, the execution to draw, the solver calls; one method per
/// strategy of deciding one combination.
struct Decision<'t> {
    test: &'t Test,
    opts: Options,
    dom: &'t BTreeSet<i64>,
    vars: Vec<Term>,
    states: BTreeSet<Vec<i64>>,
    witness: Option<Witness>,
    calls: usize,
}

impl Decision<'_> {
    fn error(&self, msg: String) -> Diagnostic {
        Diagnostic::new(Phase::Litmus, self.test.name_span, msg)
    }

    /// The final state of `sol`, kept as the witness when it is the first
    /// or the first where the condition holds.
    fn read_state(&mut self, sol: &Solution, low: &Lowered) -> Result<Vec<i64>, Diagnostic> {
        let st = extract_state(sol, low).map_err(|e| {
            self.error(format!("cannot read the final state off the instance: {e}"))
        })?;
        keep_witness(&mut self.witness, sol, holds_in(self.test, &self.vars, &st));
        Ok(st)
    }

    /// Witness mode: one query per side of the condition not yet seen
    /// (`solve(holds)` finds an execution whose final state has the
    /// condition `holds`). Whether both sides are now seen (or the one
    /// state of a test that observes nothing): the test is decided.
    fn witnesses(
        &mut self,
        low: &Lowered,
        mut solve: impl FnMut(bool) -> Result<Option<Solution>, Diagnostic>,
    ) -> Result<bool, Diagnostic> {
        let test = self.test;
        for holds in [true, false] {
            let seen = self
                .states
                .iter()
                .any(|st| holds_in(test, &self.vars, st) == holds);
            // A condition without variables has one possible side.
            if seen || (self.vars.is_empty() && holds_in(test, &self.vars, &[]) != holds) {
                continue;
            }
            self.calls += 1;
            if let Some(sol) = solve(holds)? {
                let st = self.read_state(&sol, low)?;
                if holds_in(test, &self.vars, &st) != holds {
                    return Err(self.error(format!(
                        "the checker's final state {st:?} does not match the query"
                    )));
                }
                self.states.insert(st);
            }
        }
        Ok((self.vars.is_empty() && !self.states.is_empty())
            || [true, false].iter().all(|h| {
                self.states
                    .iter()
                    .any(|st| holds_in(test, &self.vars, st) == *h)
            }))
    }

    /// A new final state found by enumeration (an error when it was
    /// excluded, or when there are too many).
    fn insert_new(&mut self, st: Vec<i64>) -> Result<(), Diagnostic> {
        if !self.states.insert(st.clone()) {
            return Err(self.error(format!(
                "the checker returned the excluded final state {st:?}"
            )));
        }
        if self.states.len() > self.opts.max_states {
            return Err(self.error(format!(
                "unsupported: more than {} final states",
                self.opts.max_states
            )));
        }
        Ok(())
    }

    /// The session predicate saying that observed variable `i` is `v`.
    fn obs_pred(&self, i: usize, v: i64) -> Result<usize, Diagnostic> {
        let dom = self.dom;
        dom.iter()
            .position(|&d| d == v)
            .map(|j| 2 + i * dom.len() + j)
            .ok_or_else(|| self.error(format!("final value {v} is outside the value domain")))
    }

    /// Exclude final state `st` from `sess`; false when that excludes
    /// every instance (nothing is observed).
    fn block(&self, sess: &mut dyn LitmusSession, st: &[i64]) -> Result<bool, Diagnostic> {
        let together = st
            .iter()
            .enumerate()
            .map(|(i, &v)| self.obs_pred(i, v))
            .collect::<Result<Vec<usize>, _>>()?;
        // Nothing observed: one state blocks every instance.
        if together.is_empty() {
            return Ok(false);
        }
        sess.block(&together);
        Ok(true)
    }

    /// Enumeration in an incremental session: block every state already
    /// known (from earlier combinations too), then find new ones one by
    /// one.
    fn enumerate_in_session(
        &mut self,
        low: &Lowered,
        sess: &mut dyn LitmusSession,
        failed: &dyn Fn(LitmusError) -> Diagnostic,
    ) -> Result<(), Diagnostic> {
        let mut open = true;
        for st in &self.states {
            open &= self.block(sess, st)?;
        }
        loop {
            self.calls += 1;
            if !open {
                break;
            }
            let Some(sol) = sess.solve(&[]).map_err(failed)? else {
                break;
            };
            let st = self.read_state(&sol, low)?;
            self.insert_new(st.clone())?;
            open = self.block(sess, &st)?;
        }
        Ok(())
    }

    /// Enumeration by one-shot solving: `solve(blocked)` decides the
    /// module with the states `blocked` excluded, until none is left.
    fn enumerate_one_shot(
        &mut self,
        low: &Lowered,
        mut solve: impl FnMut(&[Vec<i64>]) -> Result<Option<Solution>, Diagnostic>,
    ) -> Result<(), Diagnostic> {
        loop {
            let blocked: Vec<Vec<i64>> = self.states.iter().cloned().collect();
            self.calls += 1;
            let Some(sol) = solve(&blocked)? else {
                break;
            };
            let st = self.read_state(&sol, low)?;
            self.insert_new(st)?;
        }
        Ok(())
    }
}

/// Keep the first execution found, replaced by the first in which the
/// condition holds (the one herd draws).
fn keep_witness(w: &mut Option<Witness>, sol: &Solution, holds: bool) {
    if w.as_ref().is_none_or(|w| !w.condition_holds && holds) {
        *w = Some(Witness {
            solution: sol.clone(),
            condition_holds: holds,
        });
    }
}

/// Whether the test's condition holds in a final state.
pub(crate) fn holds_in(test: &Test, vars: &[Term], st: &[i64]) -> bool {
    test.cond
        .prop
        .eval(&|t: &Term| vars.iter().position(|v| v == t).map_or(0, |i| st[i]))
}

/// One generated module to decide: combination `k` of `combos`, its
/// barrier synchronisation alternative `v` and that alternative's edges.
pub(crate) type Unit<'c, 'p> = (usize, usize, &'c Vec<&'p lower::Path>, Vec<lower::BarEdge>);

/// Each combination with its barrier synchronisation alternatives, and how
/// many combinations hang (a barrier cannot complete: no final state).
pub(crate) fn units<'c, 'p>(
    test: &Test,
    combos: &'c [Vec<&'p lower::Path>],
) -> (Vec<Unit<'c, 'p>>, usize) {
    let mut hung = 0;
    let mut out = Vec::new();
    for (k, combo) in combos.iter().enumerate() {
        match lower::barrier_variants(test, combo) {
            None => hung += 1,
            Some(vs) => {
                for (v, edges) in vs.into_iter().enumerate() {
                    out.push((k, v, combo, edges));
                }
            }
        }
    }
    (out, hung)
}

/// Every choice of one path per thread, in order.
pub(crate) fn combinations(paths: &[Vec<lower::Path>]) -> Vec<Vec<&lower::Path>> {
    let mut out: Vec<Vec<&lower::Path>> = vec![vec![]];
    for ps in paths {
        let mut next = Vec::new();
        for c in &out {
            for p in ps {
                let mut c2 = c.clone();
                c2.push(p);
                next.push(c2);
            }
        }
        out = next;
    }
    out
}

fn lookup<'a, T>(map: &'a BTreeMap<String, T>, name: &str) -> Option<&'a T> {
    map.get(name).or_else(|| {
        map.iter()
            .find(|(k, _)| k.rsplit('/').next() == Some(name))
            .map(|(_, v)| v)
    })
}

/// The values of the observed variables in a solution.
pub fn extract_state(sol: &Solution, low: &Lowered) -> Result<Vec<i64>, StateError> {
    let atom = |sig: &str| -> Result<String, StateError> {
        let set = lookup(&sol.sigs, sig).ok_or_else(|| StateError::NoSig(sig.to_string()))?;
        match set.iter().next() {
            Some(a) if set.len() == 1 => Ok(a.clone()),
            _ => Err(StateError::NotOneAtom {
                sig: sig.to_string(),
                atoms: set.len(),
            }),
        }
    };
    // Value atoms to integers.
    let mut ints: BTreeMap<String, i64> = BTreeMap::new();
    for (name, set) in &sol.sigs {
        let base = name.rsplit('/').next().unwrap_or(name);
        let v = if let Some(n) = base.strip_prefix("lt_vm") {
            // (the magnitude as u64: -2^63 has no positive i64)
            n.parse::<u64>()
                .ok()
                .and_then(|n| 0i64.checked_sub_unsigned(n))
        } else {
            base.strip_prefix("lt_v")
                .and_then(|n| n.parse::<i64>().ok())
        };
        if let (Some(v), Some(a)) = (v, set.iter().next()) {
            ints.insert(a.clone(), v);
        }
    }
    let val_field = lookup(&sol.fields, "lt_val").ok_or(StateError::NoField("lt_val"))?;
    let mut val: BTreeMap<&str, i64> = BTreeMap::new();
    for t in val_field {
        let (e, v) = (&t[t.len() - 2], &t[t.len() - 1]);
        let n = *ints
            .get(v)
            .ok_or_else(|| StateError::NotAValue(v.clone()))?;
        if val.insert(e.as_str(), n).is_some() {
            return Err(StateError::TwoValues(e.clone()));
        }
    }
    let fin_field = lookup(&sol.fields, "lt_fin").ok_or(StateError::NoField("lt_fin"))?;
    let mut out = Vec::new();
    for (o, _) in low.obs_eval.iter().zip(&low.observed) {
        let v = match o {
            ObsEval::Const(c) => *c,
            ObsEval::Reg(t, s) => {
                let mut reads = BTreeSet::new();
                s.reads(&mut reads);
                let mut vals = BTreeMap::new();
                for i in reads {
                    let a = atom(&lower::ev_name(*t, i))?;
                    let v = *val
                        .get(a.as_str())
                        .ok_or_else(|| StateError::ReadWithoutValue(lower::ev_name(*t, i)))?;
                    vals.insert(i, v);
                }
                s.eval(&|i| vals[&i])
            }
            ObsEval::Loc(l) => {
                let la = atom(l)?;
                let w = fin_field
                    .iter()
                    .find(|t| t[t.len() - 2] == la)
                    .map(|t| t[t.len() - 1].clone())
                    .ok_or_else(|| StateError::NoFinalWrite(l.clone()))?;
                *val.get(w.as_str())
                    .ok_or_else(|| StateError::FinalWriteWithoutValue(w.clone()))?
            }
        };
        out.push(v);
    }
    Ok(out)
}

/// The queries of a session on one combination, by predicate name:
/// `lt_q0` (the condition) and `lt_q1` (its negation), with enumeration
/// `lt_o<i>_<j>` (observed variable `i` has the `j`-th value of the
/// domain; index `2 + i * |dom| + j`).
fn queries(low: &Lowered, prop: &Prop, dom: &BTreeSet<i64>, enumerate: bool) -> Vec<(String, Fml)> {
    let mut out = vec![
        ("lt_q0".to_string(), low.condition(prop, true)),
        ("lt_q1".to_string(), low.condition(prop, false)),
    ];
    if enumerate {
        for (i, (_, e)) in low.observed.iter().enumerate() {
            for (j, v) in dom.iter().enumerate() {
                out.push((format!("lt_o{i}_{j}"), low.observed_is(e, *v)));
            }
        }
    }
    out
}

/// The module of a [`Backend::session`] for one combination: the lowered
/// module, one predicate per query, and `run lt_run { base }`.
fn session_source(low: &Lowered, queries: &[(String, Fml)]) -> (String, Vec<String>) {
    use std::fmt::Write;
    let mut s = low.module();
    for (name, f) in queries {
        let _ = writeln!(s, "pred {name} {{ {f} }}");
    }
    let _ = writeln!(s, "run {} {{", lower::RUN_NAME);
    let _ = writeln!(s, "  {}", low.base_formula());
    let _ = writeln!(s, "}} {}", low.scope);
    (s, queries.iter().map(|(n, _)| n.clone()).collect())
}

pub(crate) fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Stack size of the batch worker threads.
const WORKER_STACK: usize = 256 << 20;

/// Run many test files on `jobs` threads; results in input order.
pub fn run_batch(
    files: &[PathBuf],
    model: &ModelRef,
    backend: &dyn Backend,
    opts: Options,
    jobs: usize,
    sources: &Mutex<SourceMap>,
) -> Vec<Result<TestResult, Diagnostic>> {
    let inputs: Vec<Input> = files.iter().cloned().map(Input::File).collect();
    run_inputs(&inputs, model, backend, opts, jobs, sources)
}

/// Run many inputs on `jobs` threads; results in input order.
pub fn run_inputs(
    files: &[Input],
    model: &ModelRef,
    backend: &dyn Backend,
    opts: Options,
    jobs: usize,
    sources: &Mutex<SourceMap>,
) -> Vec<Result<TestResult, Diagnostic>> {
    run_inputs_each(files, model, backend, opts, jobs, sources, &mut |_, _| {})
}

/// [`run_inputs`], handing each result to `each` on the calling thread,
/// in input order, as soon as it and those before it are decided: a
/// caller printing them shows the first verdicts while the others are
/// still being decided (and `litmus … | head -1` ends at the first failed
/// write instead of after the whole folder).
pub fn run_inputs_each(
    files: &[Input],
    model: &ModelRef,
    backend: &dyn Backend,
    opts: Options,
    jobs: usize,
    sources: &Mutex<SourceMap>,
    each: &mut dyn FnMut(usize, &Result<TestResult, Diagnostic>),
) -> Vec<Result<TestResult, Diagnostic>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<TestResult, Diagnostic>>>> =
        Mutex::new(vec![None; files.len()]);
    let decided = std::sync::Condvar::new();
    let mut handed = 0;
    std::thread::scope(|s| {
        let mut started = 0;
        for _ in 0..relprove_engine::budget::workers(jobs, files.len()) {
            // The checker's phases recurse over formulas; give them room
            // (the main thread gets 8 MiB, spawned threads only 2 MiB).
            let worker = std::thread::Builder::new().stack_size(WORKER_STACK);
            let spawned = worker.spawn_scoped(s, || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= files.len() {
                    break;
                }
                let r = run_guarded(sources, &files[i], model, backend, opts);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                decided.notify_all();
            });
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
        if started == 0 {
            return;
        }
        while handed < files.len() {
            let mut slots = results.lock().unwrap_or_else(|e| e.into_inner());
            while slots[handed].is_none() {
                slots = decided.wait(slots).unwrap_or_else(|e| e.into_inner());
            }
            let r = slots[handed].clone();
            drop(slots);
            if let Some(r) = r {
                each(handed, &r);
            }
            handed += 1;
        }
    });
    // If no worker could be started, run on this thread.
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results
        .into_iter()
        .zip(files)
        .enumerate()
        .map(|(i, (r, f))| {
            r.unwrap_or_else(|| {
                let r = run_guarded(sources, f, model, backend, opts);
                if i >= handed {
                    each(i, &r);
                }
                r
            })
        })
        .collect()
}

/// [`run_file`], turning a panic inside the checker into an error for this
/// test, so that one test cannot take a batch down.
fn run_guarded(
    sources: &Mutex<SourceMap>,
    file: &Input,
    model: &ModelRef,
    backend: &dyn Backend,
    opts: Options,
) -> Result<TestResult, Diagnostic> {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_input(sources, file, model, backend, opts)
    }));
    r.unwrap_or_else(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".to_string());
        Err(Diagnostic::without_span(
            Phase::Internal,
            format!("internal error while checking {}: {msg}", file.label()),
        ))
    })
}
