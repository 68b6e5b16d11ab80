//! `relprove diff`: the smallest litmus programs on which two memory models
//! disagree, found by SAT search instead of from a test suite (the idea of
//! Wickerson et al.'s Memalloy, POPL'17).
//!
//! One query ([`module::module_text`]) opens both models side by side and
//! asks for a candidate execution of exactly `n` events, in the shared
//! vocabulary of [`vocab`] (one program, one `rf`, one `co`, one fence-SC
//! order), that model A accepts and model B rejects. A found execution
//! becomes a litmus test ([`program::Execution::litmus`]): its program, and
//! a final state that fixes every read's source and every location's last
//! write. The test is then **re-checked** by the litmus pipeline on each
//! model, as `relprove litmus` would decide it: a model may allow the same
//! final state through another execution (another `co`, another fence-SC
//! order, a witness relation only it has), so only a test that A allows
//! and B forbids is reported; any other candidate is ruled out by a
//! blocking formula and the search goes on.
//!
//! Sizes are searched smallest first: events, then (for the events found)
//! threads, then locations. No instance of any query up to `n` events
//! means no test of up to `n` events tells the models apart, for the
//! executions both models' well-formedness facts admit with one shared
//! `co` and fence-SC order (docs/diff.md says what that leaves out).

pub mod learn;
pub mod module;
pub mod program;
pub mod share;
pub mod vocab;

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use relprove_engine::check::{check_command, CheckOptions, Outcome};
use relprove_engine::diag::{Diagnostic, Phase, SourceMap};
use relprove_engine::instance::eval::{eval_formula, Env};
use relprove_engine::instance::Instance;
use relprove_engine::ir::{FormulaKind, Model};
use relprove_engine::resolve::{load_source, LoadOptions};

use crate::checker::Checker;
use crate::run::{self, Input, ModelRef};
use module::{Query, Size, MODULE_A, MODULE_B, RUN_NAME};
use program::Execution;
use vocab::ModelTerms;

/// How far and how the search goes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The largest number of events.
    pub max_events: usize,
    /// The most threads.
    pub max_threads: usize,
    /// The most locations.
    pub max_locations: usize,
    /// Alloy formulas over the shared vocabulary every execution must
    /// satisfy (`--constraint`).
    pub constraints: Vec<String>,
    /// Keep searching after the first difference, up to `max_found`.
    pub all: bool,
    /// With `all`: stop after this many differences.
    pub max_found: usize,
    /// Give up after this many candidates the re-check rules out.
    pub max_rejected: usize,
    /// The time the whole search may take.
    pub timeout: Option<Duration>,
    /// Memory limit of each solver call.
    pub max_memory: Option<u64>,
    /// How models are loaded (the library folder).
    pub load: LoadOptions,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_events: 4,
            max_threads: 4,
            max_locations: 3,
            constraints: Vec::new(),
            all: false,
            max_found: 100,
            max_rejected: 200,
            timeout: None,
            max_memory: Some(4 << 30),
            load: LoadOptions::default(),
        }
    }
}

/// A test that model A allows and model B forbids, both re-checked.
#[derive(Clone, Debug)]
pub struct Found {
    /// The test's name.
    pub name: String,
    /// Its events, threads and locations.
    pub events: usize,
    /// See `events`.
    pub threads: usize,
    /// See `events`.
    pub locations: usize,
    /// The test, in Dat3M's PTX format.
    pub test: String,
    /// The conjuncts of B's consistency predicate that the found execution
    /// (with its `co` and fence-SC order) violates.
    pub violated: Vec<String>,
    /// The execution found.
    pub execution: Execution,
    /// An execution of the test under A that reaches its final state, as
    /// the litmus re-check found it (`--graph` draws it).
    pub witness: Option<run::Witness>,
}

/// Why a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every size up to `max_events` was searched to the end: no (other)
    /// difference of up to that many events.
    Exhausted {
        /// The largest size searched.
        events: usize,
    },
    /// The first difference was found (without `--all`), or `max_found`.
    Stopped,
    /// A limit (time, memory) stopped a query of this many events; sizes
    /// below it were searched to the end.
    Limit {
        /// The size being searched.
        events: usize,
        /// The limit.
        why: String,
    },
    /// More than `max_rejected` candidates were ruled out by the re-check.
    TooManyCandidates {
        /// The size being searched.
        events: usize,
    },
}

/// The result of a search in one direction.
#[derive(Clone, Debug)]
pub struct Report {
    /// The differences found, smallest first.
    pub found: Vec<Found>,
    /// Why the search ended.
    pub ending: Ending,
    /// Candidates B allows after all (another execution reaches their
    /// final state).
    pub rejected: usize,
    /// Candidates whose test the litmus lowering of A forbids (the module
    /// and the lowering disagree; each is ruled out and counted here).
    pub a_disagrees: usize,
    /// Solver queries made.
    pub queries: usize,
    /// The time the search took.
    pub time_ms: u128,
    /// Whether the two models were made to share one vocabulary (one
    /// copy of the relations they both declare; see [`share`]).
    pub one_vocabulary: bool,
    /// Witnesses of B learnt from ruled-out candidates.
    pub learnt: usize,
}

/// The models of a search, loaded once.
pub struct Models<'m> {
    /// Model A: the test must be allowed here.
    pub a: &'m ModelRef,
    /// Model B: the test must be forbidden here.
    pub b: &'m ModelRef,
    /// Short names for generated test names (`ptx`, `ptx75`).
    pub a_name: String,
    /// See `a_name`.
    pub b_name: String,
}

fn terms(m: &ModelRef, alias: &str) -> Result<ModelTerms, Diagnostic> {
    if m.cat.is_some() {
        return Err(Diagnostic::without_span(
            Phase::Litmus,
            format!("unsupported: `relprove diff` does not yet take cat models ({})", m.path.display()),
        )
        .hint("a cat model's `let rec` is unrolled per execution, and a difference query negates one model; compare a cat model with `relprove compare` on a test folder (docs/diff.md)"));
    }
    vocab::terms(m.binding, alias).ok_or_else(|| {
        Diagnostic::without_span(
            Phase::Litmus,
            format!("unsupported: `relprove diff` cannot yet state executions of {} ({})", m.path.display(), m.binding.name),
        )
        .hint("supported: models/ptx.als, models/ptx75.als (generic-proxy programs), NVIDIA's ASPLOS'19 ptx.als, and models that declare one of their vocabularies (docs/diff.md)")
    })
}

/// One answer of a query.
enum Answer {
    Sat(Box<Model>, Box<Instance>),
    Unsat,
    Unknown(String),
}

struct Searcher<'s> {
    models: &'s Models<'s>,
    a: ModelTerms,
    b: ModelTerms,
    opts: &'s Options,
    start: Instant,
    blocked: Vec<String>,
    queries: usize,
    check_a: Checker,
    check_b: Checker,
    sources: Mutex<SourceMap>,
    /// The side both models' formulas use when they share a vocabulary.
    anchor: Option<char>,
    /// Witnesses of B learnt from candidates it allows after all.
    learnt: Vec<learn::Learnt>,
    /// The differences found so far.
    found: Vec<Found>,
    /// Candidates B allows after all.
    rejected: usize,
    /// Candidates whose test A's lowering forbids.
    a_disagrees: usize,
}

impl Searcher<'_> {
    /// Load a module over the two models, with the shared vocabulary
    /// renamed onto the anchor side when there is one.
    fn load(&self, text: &str, query: Option<usize>) -> Result<Model, Diagnostic> {
        let mut load = self.opts.load.clone();
        load.module_files = vec![
            (MODULE_A.to_string(), self.models.a.path.clone()),
            (MODULE_B.to_string(), self.models.b.path.clone()),
        ];
        let mut sources = SourceMap::new();
        let mut model = load_source("lt_diff.als", text, &mut sources, &load).map_err(|ds| {
            let msg = format!(
                "the difference query does not load:\n{}",
                relprove_engine::diag::render(&sources, &ds, false)
            );
            Diagnostic::without_span(Phase::Litmus, msg)
        })?;
        let Some(events) = query else {
            return Ok(model);
        };
        if let Some(anchor) = self.anchor {
            match share::share(&model) {
                Some((side, remap)) if side == anchor => remap.apply(&mut model),
                _ => {
                    return Err(Diagnostic::without_span(
                        Phase::Internal,
                        "the two models shared a vocabulary in the probe module but not in a query",
                    ))
                }
            }
        }
        // Witnesses learnt at this size only: one learnt at another size
        // names other positions and rarely applies, and every copy costs
        // a translation of B's axioms (dropping one is sound: it only
        // excludes executions B accepts).
        let learnt: Vec<learn::Learnt> = self
            .learnt
            .iter()
            .filter(|l| l.events == events)
            .cloned()
            .collect();
        learn::apply(
            &mut model,
            self.anchor.unwrap_or('b'),
            &learnt,
            &self.b.consistent,
        )
        .map_err(|e| {
            Diagnostic::without_span(Phase::Internal, format!("learning a witness: {e}"))
        })?;
        Ok(model)
    }

    fn remaining(&self) -> Option<Duration> {
        self.opts
            .timeout
            .map(|t| t.saturating_sub(self.start.elapsed()))
    }

    fn text(&self, size: Size) -> String {
        module::module_text(&Query {
            a: &self.a,
            b: &self.b,
            size,
            constraints: &self.opts.constraints,
            blocked: &self.blocked,
            anchor: self.anchor,
            check: None,
        })
    }

    fn solve(&mut self, size: Size) -> Result<Answer, Diagnostic> {
        let text = self.text(size);
        self.solve_text(&text, Some(size.events))
    }

    /// Whether B accepts an execution of the pinned program and outcome:
    /// its witnesses, over the shared events, when it does.
    fn b_witnesses(&mut self, size: Size, pin: &str) -> Result<Option<learn::Learnt>, Diagnostic> {
        let text = module::module_text(&Query {
            a: &self.a,
            b: &self.b,
            size,
            constraints: &[],
            blocked: &[],
            anchor: None,
            check: Some(pin),
        });
        match self.solve_text(&text, None)? {
            Answer::Sat(m, i) => {
                let fields =
                    program::read_witnesses(&m, &i, 'b', learn::WITNESSES).map_err(|e| {
                        Diagnostic::without_span(
                            Phase::Internal,
                            format!("reading B's witnesses: {e}"),
                        )
                    })?;
                Ok(Some(learn::Learnt {
                    events: size.events,
                    fields,
                }))
            }
            _ => Ok(None),
        }
    }

    fn solve_text(&mut self, text: &str, query: Option<usize>) -> Result<Answer, Diagnostic> {
        if self.remaining().is_some_and(|r| r.is_zero()) {
            return Ok(Answer::Unknown("the time limit".into()));
        }
        self.queries += 1;
        let model = self.load(text, query)?;
        let id = model
            .commands
            .iter()
            .position(|c| c.name == RUN_NAME)
            .map(|i| relprove_engine::ir::CommandId(i as u32))
            .ok_or_else(|| {
                Diagnostic::without_span(Phase::Internal, "the difference query has no run command")
            })?;
        let check = CheckOptions {
            timeout: self.remaining(),
            max_memory: self.opts.max_memory,
            ..CheckOptions::default()
        };
        let r = check_command(&model, id, &check).map_err(|e| {
            Diagnostic::without_span(
                Phase::Internal,
                format!("the difference query failed: {e:?}"),
            )
        })?;
        Ok(match r.outcome {
            Outcome::Sat(inst) => Answer::Sat(Box::new(model), Box::new(inst)),
            Outcome::Unsat => Answer::Unsat,
            Outcome::Unknown(u) => Answer::Unknown(u.to_string()),
        })
    }

    /// Whether `model` allows the test (its `exists` is reachable), and
    /// an execution that reaches it.
    fn allows(
        &self,
        model: &ModelRef,
        checker: &Checker,
        label: &str,
        text: &str,
    ) -> Result<(bool, Option<run::Witness>), Diagnostic> {
        let opts = run::Options {
            enumerate: false,
            timeout: self.remaining(),
            ..run::Options::default()
        };
        let input = Input::Generated {
            label: label.to_string(),
            text: text.to_string(),
        };
        let r = run::run_input(&self.sources, &input, model, checker, opts)?;
        Ok((r.validated, r.witness.filter(|w| w.condition_holds)))
    }
}

/// The conjuncts of B's consistency predicate that `inst` violates.
fn violated(model: &Model, inst: &Instance, consistent: &str) -> Vec<String> {
    let Some((_, b)) = model.modules[0]
        .opens
        .iter()
        .find(|(alias, _)| alias == "b")
    else {
        return Vec::new();
    };
    let name = consistent.rsplit('/').next().unwrap_or(consistent);
    let Some(pred) = model
        .preds
        .iter()
        .find(|p| p.module == *b && p.name == name)
    else {
        return Vec::new();
    };
    let parts: Vec<_> = match &pred.body.kind {
        FormulaKind::And(fs) => fs.iter().collect(),
        _ => vec![&pred.body],
    };
    let printer = relprove_engine::ir::display::Printer::new(model);
    parts
        .into_iter()
        .filter(|f| eval_formula(model, inst, &mut Env::new(), f) == Ok(false))
        .map(|f| match &f.kind {
            FormulaKind::Call(p, args) if args.is_empty() => model.preds[p.index()].name.clone(),
            _ => printer.formula(f),
        })
        .collect()
}

/// A candidate: the query's model and instance, and its shared execution.
struct Candidate {
    model: Box<Model>,
    inst: Box<Instance>,
    exec: Execution,
}

/// How a step of the search ends: with its value, or stopped by a limit.
enum Step<T> {
    Done(T),
    Limit(String),
}

fn internal(e: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::without_span(Phase::Internal, format!("reading a difference: {e}"))
}

impl<'s> Searcher<'s> {
    fn new(models: &'s Models<'s>, opts: &'s Options) -> Result<Searcher<'s>, Diagnostic> {
        let checker = |m: &ModelRef, draw: bool| -> Result<Checker, Diagnostic> {
            let c = Checker {
                graph_relations: draw.then(Vec::new),
                check: CheckOptions {
                    preprocessing: false,
                    max_memory: opts.max_memory,
                    ..CheckOptions::default()
                },
                load: opts.load.clone(),
                ..Checker::default()
            };
            use crate::run::Backend as _;
            c.prepare(m).map_err(|e| e.at_model(&m.path))?;
            Ok(c)
        };
        let mut s = Searcher {
            models,
            a: terms(models.a, "a")?,
            b: terms(models.b, "b")?,
            opts,
            start: Instant::now(),
            blocked: Vec::new(),
            queries: 0,
            check_a: checker(models.a, true)?,
            check_b: checker(models.b, false)?,
            sources: Mutex::new(SourceMap::new()),
            anchor: None,
            learnt: Vec::new(),
            found: Vec::new(),
            rejected: 0,
            a_disagrees: 0,
        };
        let probe = s.load(&module::probe_text(), None)?;
        s.anchor = share::share(&probe).map(|(side, _)| side);
        Ok(s)
    }

    fn report(self, ending: Ending) -> Report {
        Report {
            found: self.found,
            ending,
            rejected: self.rejected,
            a_disagrees: self.a_disagrees,
            queries: self.queries,
            time_ms: self.start.elapsed().as_millis(),
            one_vocabulary: self.anchor.is_some(),
            learnt: self.learnt.len(),
        }
    }

    /// The first of `sizes` (tried in order) with a candidate.
    fn first_of(
        &mut self,
        sizes: impl IntoIterator<Item = Size>,
    ) -> Result<Step<Option<Candidate>>, Diagnostic> {
        for size in sizes {
            match self.solve(size)? {
                Answer::Sat(model, inst) => {
                    let exec = Execution::read(&model, &inst, size.events).map_err(internal)?;
                    return Ok(Step::Done(Some(Candidate { model, inst, exec })));
                }
                Answer::Unsat => {}
                Answer::Unknown(why) => return Ok(Step::Limit(why)),
            }
        }
        Ok(Step::Done(None))
    }

    /// A candidate of `c`'s number of events with the fewest threads, then
    /// locations, then strong accesses.
    fn smallest(&mut self, c: Candidate) -> Result<Step<Candidate>, Diagnostic> {
        let n = c.exec.n;
        let shape = |c: &Candidate| c.exec.litmus("probe", "").map_err(internal);
        let first = shape(&c)?;
        let fewer: Vec<Size> = (1..=first.threads)
            .flat_map(|t| (0..=self.opts.max_locations.min(n)).map(move |l| (t, l)))
            .take_while(|&tl| tl < (first.threads, first.locations))
            .map(|(threads, locations)| Size {
                events: n,
                threads,
                locations,
                exact: true,
                max_strong: None,
            })
            .collect();
        let c = match self.first_of(fewer)? {
            Step::Done(smaller) => smaller.unwrap_or(c),
            Step::Limit(why) => return Ok(Step::Limit(why)),
        };
        let shape = shape(&c)?;
        let weaker: Vec<Size> = (0..c.exec.strong_accesses())
            .map(|k| Size {
                events: n,
                threads: shape.threads,
                locations: shape.locations,
                exact: true,
                max_strong: Some(k),
            })
            .collect();
        Ok(match self.first_of(weaker)? {
            Step::Done(smaller) => Step::Done(smaller.unwrap_or(c)),
            Step::Limit(why) => Step::Limit(why),
        })
    }

    /// Emit the candidate's test, rule it out of later queries, and
    /// re-check it on both models: a difference is recorded; a test B
    /// allows teaches B's witnesses for it.
    fn decide(&mut self, c: Candidate) -> Result<(), Diagnostic> {
        let models = self.models;
        let n = c.exec.n;
        let name = format!(
            "{}_not_{}_{}",
            models.a_name,
            models.b_name,
            self.found.len() + self.rejected + self.a_disagrees + 1
        );
        let comment = format!(
            "found by relprove diff: allowed by {}, forbidden by {}",
            models.a_name, models.b_name
        );
        let emitted = c
            .exec
            .litmus(&name, &comment)
            .map_err(|e| Diagnostic::without_span(Phase::Internal, e))?;
        self.blocked.push(format!("not ({})", emitted.pin));
        let label = format!("{name}.litmus");
        let (a_ok, witness) = self.allows(models.a, &self.check_a, &label, &emitted.text)?;
        let (b_ok, _) = self.allows(models.b, &self.check_b, &label, &emitted.text)?;
        if !a_ok {
            self.a_disagrees += 1;
        } else if b_ok {
            self.rejected += 1;
            // B's witnesses for this outcome: every later execution must
            // be rejected under them too.
            let size = Size {
                events: n,
                threads: emitted.threads,
                locations: emitted.locations,
                exact: true,
                max_strong: None,
            };
            if let Some(l) = self.b_witnesses(size, &emitted.pin)? {
                if !self.learnt.contains(&l) {
                    self.learnt.push(l);
                }
            }
        } else {
            let violated = violated(&c.model, &c.inst, &self.b.consistent);
            self.found.push(Found {
                name,
                events: n,
                threads: emitted.threads,
                locations: emitted.locations,
                test: emitted.text,
                violated,
                execution: c.exec,
                witness,
            });
        }
        Ok(())
    }
}

/// Search for tests that `models.a` allows and `models.b` forbids,
/// smallest first. `progress` is told each size as it starts.
pub fn search(
    models: &Models,
    opts: &Options,
    progress: &mut dyn FnMut(usize),
) -> Result<Report, Diagnostic> {
    let mut s = Searcher::new(models, opts)?;
    for n in 1..=opts.max_events {
        progress(n);
        loop {
            let loose = Size {
                events: n,
                threads: opts.max_threads.min(n),
                locations: opts.max_locations.min(n),
                exact: false,
                max_strong: None,
            };
            let candidate = match s.first_of([loose])? {
                Step::Done(None) => break,
                Step::Done(Some(c)) => s.smallest(c)?,
                Step::Limit(why) => Step::Limit(why),
            };
            let c = match candidate {
                Step::Done(c) => c,
                Step::Limit(why) => return Ok(s.report(Ending::Limit { events: n, why })),
            };
            let before = s.found.len();
            s.decide(c)?;
            if s.found.len() > before && (!opts.all || s.found.len() >= opts.max_found) {
                return Ok(s.report(Ending::Stopped));
            }
            if s.rejected + s.a_disagrees > opts.max_rejected {
                return Ok(s.report(Ending::TooManyCandidates { events: n }));
            }
        }
    }
    Ok(s.report(Ending::Exhausted {
        events: opts.max_events,
    }))
}

/// A short name for a model in generated test names: its file stem,
/// made an identifier.
pub fn short_name(path: &Path) -> String {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("model");
    stem.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
