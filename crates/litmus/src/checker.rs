//! The [`Backend`] that decides lowered tests with relprove's own
//! pipeline. By default a test's execution is lowered to the IR over the
//! model resolved once ([`super::to_ir`]) and decided by a
//! [`check::Session`](Session); with [`Checker::via_text`], the generated
//! Alloy module is resolved instead (`resolve::load_source`, as if it lived
//! beside the model, so its `open` finds it): the path of old, kept for the
//! differential test and the side-by-side benchmark.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::error::LitmusError;
use super::execution::{Fml, LitmusExecution};
use super::run::{Backend, Drawable, LitmusSession, ModelRef, Solution};
use super::to_ir::{self, BaseModel};
use relprove_engine::budget::Budget;
use relprove_engine::check::{check_command, CheckError, CheckOptions, Opened, Outcome, Session};
use relprove_engine::diag::SourceMap;
use relprove_engine::instance::Instance;
use relprove_engine::ir::{CommandId, Model};
use relprove_engine::resolve::{load_source, LoadOptions};

/// relprove's checker as a litmus back end.
#[derive(Clone, Debug, Default)]
pub struct Checker {
    /// How each execution is checked (limits, solver options).
    pub check: CheckOptions,
    /// How the model is loaded (its library folder).
    pub load: LoadOptions,
    /// `Some(show)`: every solution can compute the model's derived
    /// relations (`fr`, `sw` and `show`) on demand, for `litmus --graph`.
    pub graph_relations: Option<Vec<String>>,
    /// Decide the generated Alloy text (parsed and resolved, model
    /// included, for every path combination) instead of the IR lowering.
    pub via_text: bool,
    /// The model resolved once, shared by every test and worker.
    pub base: BaseCache,
}

/// The memory model resolved once (the first test that needs it loads it;
/// the others wait for it), keyed by its path.
#[derive(Clone, Debug, Default)]
pub struct BaseCache(Arc<Mutex<Option<Cached>>>);

/// A resolved model and the path it was loaded from.
type Cached = (std::path::PathBuf, Arc<BaseModel>);

impl BaseCache {
    /// The resolved model of `model`, loaded on first use.
    pub fn get(&self, model: &ModelRef, opts: &LoadOptions) -> Result<Arc<BaseModel>, LitmusError> {
        let mut slot = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((p, base)) = slot.as_ref() {
            if *p == model.path {
                return Ok(base.clone());
            }
        }
        let base = Arc::new(BaseModel::load(&model.path, &model.open_name, opts)?);
        *slot = Some((model.path.clone(), base.clone()));
        Ok(base)
    }
}

impl Checker {
    /// The check options, without CaDiCaL's preprocessing round: a litmus
    /// test's problems are small and easy (its events are pinned), and the
    /// round took a fifth of the time of the Dat3M PTX folder (19.5 s user
    /// with it, 15.9 s without, bench/RESULTS.md). With a `deadline`, the
    /// time left until it (at most the options' own limit).
    fn options(&self, deadline: Option<Instant>) -> Result<CheckOptions, LitmusError> {
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if left == Some(Duration::ZERO) {
            return Err(LitmusError::GaveUp("time limit".into()));
        }
        let timeout = match (self.check.timeout, left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Ok(CheckOptions {
            preprocessing: false,
            timeout,
            ..self.check.clone()
        })
    }
}

impl Backend for Checker {
    fn prepare(&self, model: &ModelRef) -> Result<(), LitmusError> {
        self.base.get(model, &self.load).map(|_| ())
    }

    fn session_ir(
        &self,
        model: &ModelRef,
        exec: &LitmusExecution,
        queries: &[Fml],
        deadline: Option<Instant>,
    ) -> Result<Option<Box<dyn LitmusSession>>, LitmusError> {
        if self.via_text {
            return Ok(None);
        }
        let options = self.options(deadline)?;
        let base = self.base.get(model, &self.load)?;
        let low = to_ir::build(&base, exec, queries).map_err(LitmusError::Lowering)?;
        let graph = self
            .graph_relations
            .clone()
            .map(|show| (Arc::new(low.model.clone()), show));
        let budget = Budget::new(options.timeout, options.max_memory)
            .with_progress(options.progress.clone().unwrap_or_default());
        let model = std::borrow::Cow::Owned(low.model);
        match Session::open(model, low.command, low.queries, &options, budget) {
            Ok(Opened::Ready(session)) => Ok(Some(Box::new(CheckerSession {
                session: *session,
                sources: base.sources.clone(),
                graph,
            }))),
            // A limit stopped it while opening.
            Ok(Opened::Stopped(why, ..)) => Err(LitmusError::GaveUp(why.to_string())),
            Err(e) => Err(check_error(&base.sources, e)),
        }
    }

    fn session(
        &self,
        path: &Path,
        source: &str,
        preds: &[String],
        deadline: Option<Instant>,
    ) -> Result<Option<Box<dyn LitmusSession>>, LitmusError> {
        self.open_session(path, source, preds, deadline)
    }

    fn solve(
        &self,
        path: &Path,
        source: &str,
        deadline: Option<Instant>,
    ) -> Result<Option<Solution>, LitmusError> {
        let options = self.options(deadline)?;
        let (model, sources) = load(path, source, &self.load)?;
        let idx = model
            .commands
            .iter()
            .rposition(|c| c.name == super::lower::RUN_NAME)
            .ok_or(LitmusError::NoRunCommand(super::lower::RUN_NAME))?;
        let res = check_command(&model, CommandId(idx as u32), &options)
            .map_err(|e| check_error(&sources, e))?;
        match res.outcome {
            Outcome::Unsat => Ok(None),
            Outcome::Unknown(why) => Err(LitmusError::GaveUp(why.to_string())),
            Outcome::Sat(inst) => {
                let model = Arc::new(model);
                let graph = self.graph_relations.clone().map(|s| (model.clone(), s));
                Ok(Some(solution(&model, inst, graph)))
            }
        }
    }
}

/// The atoms of every sig and the tuples of every field of an instance, by
/// name; with `graph` (the model and `--show`), a [`Drawable`] that computes
/// the derived relations `--graph` draws, only if it is drawn.
fn solution(model: &Model, inst: Instance, graph: Option<(Arc<Model>, Vec<String>)>) -> Solution {
    let label = |a: &u32| inst.universe.label(*a).to_string();
    let mut sigs = BTreeMap::new();
    for (id, ts) in &inst.sigs {
        let atoms: BTreeSet<String> = ts.iter().map(|t| label(&t[0])).collect();
        sigs.insert(model.sig(*id).name.clone(), atoms);
    }
    let mut fields = BTreeMap::new();
    for (id, ts) in &inst.fields {
        let tuples: BTreeSet<Vec<String>> =
            ts.iter().map(|t| t.iter().map(label).collect()).collect();
        fields.insert(model.field(*id).name.clone(), tuples);
    }
    let drawn = graph.map(|(model, show)| {
        Drawable(Arc::new(move || {
            relprove_engine::instance::graph::named(&model, &inst, &show)
        }))
    });
    Solution {
        sigs,
        fields,
        drawn,
    }
}

/// Load a generated module; its sources are kept for its diagnostics.
fn load(
    path: &Path,
    source: &str,
    opts: &LoadOptions,
) -> Result<(Model, Arc<SourceMap>), LitmusError> {
    let mut sources = SourceMap::new();
    let name = path.display().to_string();
    match load_source(&name, source, &mut sources, opts) {
        Ok(m) => Ok((m, Arc::new(sources))),
        Err(ds) => Err(LitmusError::generated(&Arc::new(sources), ds)),
    }
}

fn check_error(sources: &Arc<SourceMap>, e: CheckError) -> LitmusError {
    match e {
        CheckError::Input(d) => LitmusError::generated(sources, vec![d]),
        CheckError::Internal(m) => LitmusError::Internal(m.to_string()),
    }
}

/// A [`Session`] over a generated module, with the module's sources for
/// error messages.
struct CheckerSession {
    session: Session<'static>,
    sources: Arc<SourceMap>,
    /// With `--graph`: the model (a copy shared by every solution's
    /// [`Drawable`]) and the `--show` relations.
    graph: Option<(Arc<Model>, Vec<String>)>,
}

impl LitmusSession for CheckerSession {
    fn solve(&mut self, assume: &[usize]) -> Result<Option<Solution>, LitmusError> {
        match self.session.solve_outcome(assume) {
            Ok(Outcome::Unsat) => Ok(None),
            Ok(Outcome::Sat(inst)) => Ok(Some(solution(
                self.session.model(),
                inst,
                self.graph.clone(),
            ))),
            Ok(Outcome::Unknown(why)) => Err(LitmusError::GaveUp(why.to_string())),
            Err(e) => Err(check_error(&self.sources, e)),
        }
    }
    fn block(&mut self, together: &[usize]) {
        self.session.block(together)
    }
}

impl Checker {
    /// The incremental form of [`Backend::solve`] (see [`Backend::session`]).
    pub fn open_session(
        &self,
        path: &Path,
        source: &str,
        preds: &[String],
        deadline: Option<Instant>,
    ) -> Result<Option<Box<dyn LitmusSession>>, LitmusError> {
        let options = self.options(deadline)?;
        let (model, sources) = load(path, source, &self.load)?;
        let idx = model
            .commands
            .iter()
            .rposition(|c| c.name == super::lower::RUN_NAME)
            .ok_or(LitmusError::NoRunCommand(super::lower::RUN_NAME))?;
        let mut extras = Vec::with_capacity(preds.len());
        for p in preds {
            let pred = model
                .preds
                .iter()
                .rfind(|q| &q.name == p || q.name.rsplit('/').next() == Some(p.as_str()))
                .ok_or_else(|| LitmusError::NoPredicate(p.clone()))?;
            if !pred.params.is_empty() {
                return Err(LitmusError::PredicateHasParameters(p.clone()));
            }
            extras.push(pred.body.clone());
        }
        let graph = self
            .graph_relations
            .clone()
            .map(|show| (Arc::new(model.clone()), show));
        match Session::new(model, CommandId(idx as u32), extras, &options) {
            Ok(None) => Ok(None),
            Ok(Some(session)) => Ok(Some(Box::new(CheckerSession {
                session,
                sources,
                graph,
            }))),
            Err(e) => Err(check_error(&sources, e)),
        }
    }
}
