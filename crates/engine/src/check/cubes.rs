//! Cube-and-conquer for hard commands (issue 24): a command's CNF is split
//! on its most constrained primary variables into 2^k cubes (one unit
//! clause per split variable and polarity), which are independent SAT
//! problems whose disjunction is the command. They are either solved here
//! on local worker threads ([`solve`], stopping every worker at the first
//! satisfiable cube), or written as DIMACS jobs with a manifest ([`emit`])
//! for any engine (GNU parallel, Slurm; docs/cubes.md), whose answers
//! [`merge`] combines: a satisfiable cube gives the instance, decoded from
//! the re-translated command and re-checked by the independent evaluator;
//! every cube unsatisfiable gives `unsat`; anything else `unknown`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::bounds::{self, BoundsError};
use crate::budget::{Budget, Exhausted, Progress, Stage};
use crate::check::{
    self, CheckError, CheckOptions, CommandResult, Internal, Outcome, Stats, Unknown,
};
use crate::instance::Instance;
use crate::ir::{CommandId, Model};
use crate::sat::{self, Cnf, SatError, SatResult};
use crate::translate::{self, circuit::Lit, TranslateError, Translation};

/// The manifest's file name in an emitted directory.
pub const MANIFEST: &str = "manifest.json";
/// The manifest format written by this version.
pub const MANIFEST_VERSION: u32 = 2;
/// At most 2^MAX_SPLIT cubes.
pub const MAX_SPLIT: usize = 16;

/// Why a cube workflow failed (as opposed to answering `unknown`).
#[derive(Debug)]
pub enum CubeError {
    /// The command itself is bad input, or an internal error.
    Check(CheckError),
    /// Reading or writing a file of the cube directory.
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The manifest cannot be read, or does not fit the model.
    Manifest {
        /// The manifest file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// The model no longer translates to the CNF the cubes were cut from.
    Stale(String),
    /// The built-in solver could not be set up.
    Solver(SatError),
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CubeError::Check(CheckError::Input(d)) => write!(f, "{}", d.message),
            CubeError::Check(CheckError::Internal(m)) => write!(f, "internal error: {m}"),
            CubeError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            CubeError::Manifest { path, message } => write!(f, "{}: {message}", path.display()),
            CubeError::Stale(m) => write!(f, "{m}"),
            CubeError::Solver(e) => write!(f, "{e}"),
        }
    }
}

impl From<CheckError> for CubeError {
    fn from(e: CheckError) -> Self {
        CubeError::Check(e)
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> CubeError + '_ {
    move |source| CubeError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A command translated to CNF, with what decoding a model needs.
pub struct Encoded {
    bounds: bounds::Bounds,
    tr: Translation,
    var_of: Vec<i32>,
    /// The command's CNF.
    pub cnf: Cnf,
    /// Time spent on bounds, translation and CNF conversion, in milliseconds.
    pub translate_ms: u128,
}

impl Encoded {
    /// The CNF variables of the primary variables (circuit inputs) that
    /// occur in the CNF.
    pub fn primary_vars(&self) -> Vec<i32> {
        (1..self.var_of.len())
            .filter(|&n| self.tr.circuit.is_input(Lit((n as u32) << 1)) && self.var_of[n] > 0)
            .map(|n| self.var_of[n])
            .collect()
    }

    /// A 64-bit FNV-1a hash of the CNF: `merge` re-translates the model
    /// and refuses answers to a CNF that is no longer the same.
    pub fn fingerprint(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &l in &self.cnf.clauses {
            for b in l.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!("{h:016x}")
    }
}

/// The result of [`encode`]: the CNF, or the command stopped by a limit.
pub enum Encoding {
    /// The command's CNF.
    Done(Box<Encoded>),
    /// A limit stopped the command before its CNF was built.
    Stopped(Box<CommandResult>),
}

fn result_of(
    model: &Model,
    id: CommandId,
    opts: &CheckOptions,
    outcome: Outcome,
    stats: Stats,
) -> CommandResult {
    let cmd = &model.commands[id.index()];
    let scope = check::effective_scope(cmd, opts);
    CommandResult::of(model, cmd, &scope, outcome, None, stats)
}

/// Bounds, translation and CNF of command `id`, as `check` builds them.
pub fn encode(model: &Model, id: CommandId, opts: &CheckOptions) -> Result<Encoding, CheckError> {
    let start = Instant::now();
    let cmd = model
        .commands
        .get(id.index())
        .ok_or(CheckError::Internal(Internal::NoSuchCommand(id)))?;
    let scope = check::effective_scope(cmd, opts);
    let progress = opts.progress.clone().unwrap_or_default();
    let budget = Budget::new(opts.timeout, opts.max_memory).with_progress(progress);
    let stopped = |e: crate::budget::Exhausted, stage: Stage| {
        let mut r = result_of(
            model,
            id,
            opts,
            Outcome::Unknown(Unknown::Stopped {
                limit: e.clone(),
                stage,
            }),
            Stats {
                time_ms: start.elapsed().as_millis(),
                ..Stats::default()
            },
        );
        r.matches_expect = cmd.expect.is_none();
        r.limit = Some((e, stage));
        Ok(Encoding::Stopped(Box::new(r)))
    };
    let mut b = match bounds::compute_within(model, &scope, cmd.span, &budget) {
        Ok(b) => b,
        Err(BoundsError::Input(d)) => return Err(CheckError::Input(d)),
        Err(BoundsError::Exhausted(e)) => return stopped(e, Stage::Bounds),
    };
    if let Err(e) = check::refine_bounds(model, cmd, &mut b, opts, &budget) {
        return stopped(e, Stage::Bounds);
    }
    let topts = translate::Options {
        symmetry: opts.symmetry,
        budget: budget.clone(),
    };
    let tr = match translate::translate_command(model, &b, cmd, &topts) {
        Ok(tr) => tr,
        Err(TranslateError::Input(d)) => return Err(CheckError::Input(d)),
        Err(TranslateError::Deadline) => return stopped(Exhausted::Time, Stage::Translate),
        Err(TranslateError::Memory(m)) => return stopped(Exhausted::Memory(m), Stage::Translate),
    };
    let (cnf, var_of) = match tr.circuit.to_cnf(&tr.roots) {
        Ok(x) => x,
        Err(e) => return stopped(e, Stage::Cnf),
    };
    Ok(Encoding::Done(Box::new(Encoded {
        bounds: b,
        tr,
        var_of,
        cnf,
        translate_ms: start.elapsed().as_millis(),
    })))
}

/// The number of split variables for `n` cubes: ⌈log2 n⌉, at most
/// [`MAX_SPLIT`].
pub fn split_bits(n: usize) -> usize {
    let mut k = 0;
    while (1usize << k) < n && k < MAX_SPLIT {
        k += 1;
    }
    k
}

/// The `k` most constrained primary variables: those in the most clauses
/// (ties: the lower variable), so that each cube's unit clauses propagate
/// as far as possible.
pub fn split_variables(enc: &Encoded, k: usize) -> Vec<i32> {
    let mut occ = vec![0u32; enc.cnf.num_vars as usize + 1];
    for cl in enc.cnf.clause_iter() {
        for &l in cl {
            occ[l.unsigned_abs() as usize] += 1;
        }
    }
    let mut prim = enc.primary_vars();
    prim.sort_by_key(|&v| (std::cmp::Reverse(occ[v as usize]), v));
    prim.truncate(k);
    prim.sort_unstable();
    prim
}

/// Every sign combination of `split`: cube `i` gives variable `split[j]`
/// the sign of bit `j` of `i` (1 = true).
pub fn cubes_of(split: &[i32]) -> Vec<Vec<i32>> {
    (0..1usize << split.len())
        .map(|i| {
            split
                .iter()
                .enumerate()
                .map(|(j, &v)| if i >> j & 1 == 1 { v } else { -v })
                .collect()
        })
        .collect()
}

fn with_cube(cnf: &Cnf, cube: &[i32]) -> Cnf {
    let mut c = cnf.clone();
    for &l in cube {
        c.add(&[l]);
    }
    c
}

/// One emitted cube.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CubeEntry {
    /// The DIMACS file, relative to the directory.
    pub cnf: String,
    /// Where the job writes the solver's output (SAT-competition format).
    pub result: String,
    /// The cube's unit literals.
    pub literals: Vec<i32>,
}

/// `manifest.json` of an emitted directory (also what `check --cubes N
/// --emit DIR --format json` prints; schema: docs/json/cubes-emit.schema.json).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Manifest {
    /// The manifest format (`MANIFEST_VERSION`).
    pub version: u32,
    /// The model file (absolute path when emitted).
    pub model: PathBuf,
    /// The command's name.
    pub command: String,
    /// `--scope` of the emitting run.
    pub scope: Option<u32>,
    /// Length limit of each symmetry-breaking predicate of the emitting run
    /// (0 = off).
    pub symmetry: usize,
    /// Whether the bounds were shrunk by the relation analysis
    /// (`--no-relation-analysis` turns it off; `merge` must do the same).
    pub relation_analysis: bool,
    /// Number of CNF variables.
    pub variables: u32,
    /// Number of CNF clauses.
    pub clauses: usize,
    /// Number of primary variables (circuit inputs).
    pub primary_variables: u32,
    /// `Encoded::fingerprint` of the CNF.
    pub fingerprint: String,
    /// The split variables (CNF numbering).
    pub split: Vec<i32>,
    /// The emitted cubes, in order.
    pub cubes: Vec<CubeEntry>,
}

/// Writes the 2^⌈log2 n⌉ cubes of `enc` as DIMACS files `cube_NNNN.cnf`
/// and `manifest.json` into `dir` (created if missing).
pub fn emit(
    enc: &Encoded,
    model_path: &Path,
    command: &str,
    opts: &CheckOptions,
    n: usize,
    dir: &Path,
) -> Result<Manifest, CubeError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let split = split_variables(enc, split_bits(n));
    let cubes = cubes_of(&split);
    let mut entries = Vec::new();
    for (i, cube) in cubes.iter().enumerate() {
        let name = format!("cube_{i:04}");
        let path = dir.join(format!("{name}.cnf"));
        let file = std::fs::File::create(&path).map_err(io(&path))?;
        let mut w = std::io::BufWriter::new(file);
        use std::io::Write;
        writeln!(
            w,
            "c relprove cube {i} of {} for `{command}`: {cube:?}",
            cubes.len()
        )
        .map_err(io(&path))?;
        with_cube(&enc.cnf, cube)
            .write_dimacs(&mut w)
            .and_then(|()| w.flush())
            .map_err(io(&path))?;
        entries.push(CubeEntry {
            cnf: format!("{name}.cnf"),
            result: format!("{name}.out"),
            literals: cube.clone(),
        });
    }
    let manifest = Manifest {
        version: MANIFEST_VERSION,
        model: std::fs::canonicalize(model_path).unwrap_or_else(|_| model_path.to_path_buf()),
        command: command.to_string(),
        scope: opts.scope,
        symmetry: opts.symmetry,
        relation_analysis: opts.relation_analysis,
        variables: enc.cnf.num_vars,
        clauses: enc.cnf.num_clauses,
        primary_variables: enc.tr.circuit.num_inputs(),
        fingerprint: enc.fingerprint(),
        split,
        cubes: entries,
    };
    let path = dir.join(MANIFEST);
    let text = serde_json::to_string_pretty(&manifest).map_err(|e| CubeError::Manifest {
        path: path.clone(),
        message: e.to_string(),
    })?;
    std::fs::write(&path, text + "\n").map_err(io(&path))?;
    Ok(manifest)
}

/// Reads `dir/manifest.json`.
pub fn read_manifest(dir: &Path) -> Result<Manifest, CubeError> {
    let path = dir.join(MANIFEST);
    let text = crate::diag::read_source(&path)
        .map_err(std::io::Error::from)
        .map_err(io(&path))?;
    let m: Manifest = serde_json::from_str(&text).map_err(|e| CubeError::Manifest {
        path: path.clone(),
        message: format!("not a relprove cube manifest: {e}"),
    })?;
    if m.version != MANIFEST_VERSION {
        return Err(CubeError::Manifest {
            path,
            message: format!(
                "manifest version {} (this relprove reads {MANIFEST_VERSION})",
                m.version
            ),
        });
    }
    Ok(m)
}

/// How the cubes of a command were decided.
#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CubeTally {
    /// Number of cubes.
    pub cubes: usize,
    /// The split variables (CNF numbering).
    pub split: Vec<i32>,
    /// Index of the satisfiable cube that gave the instance.
    pub sat_cube: Option<usize>,
    /// Number of cubes found unsatisfiable.
    pub unsat: usize,
    /// Cubes that gave no answer (limit, missing or unfinished result).
    pub undecided: Vec<usize>,
    /// Cubes whose result file holds no usable answer (not text, two
    /// different `s` lines, a bad literal, a model that violates the CNF or
    /// the cube): the solver's fault, counted as undecided, each named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bad: Vec<BadAnswer>,
}

/// A result file that holds no usable answer.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadAnswer {
    /// The cube's index in the manifest.
    pub cube: usize,
    /// The result file.
    pub file: PathBuf,
    /// What is wrong with it.
    pub message: String,
}

/// Decodes the model `m` of `enc` and has the independent evaluator
/// re-check it (as `check` does).
fn instance_of(
    model: &Model,
    id: CommandId,
    enc: &Encoded,
    m: &[bool],
    verify: bool,
) -> Result<Instance, CheckError> {
    if !enc.cnf.satisfied_by(m) {
        return Err(CheckError::Internal(Internal::CubeViolatesCnf));
    }
    let inst = check::decode(model, &enc.bounds, &enc.tr, &enc.var_of, m);
    if verify {
        match crate::instance::eval::command_satisfied(model, id, &inst) {
            Ok(true) => {}
            Ok(false) => {
                return Err(CheckError::Internal(Internal::EvaluatorRejects {
                    command: model.commands[id.index()].name.clone(),
                    violations: Vec::new(),
                    instance: String::new(),
                }))
            }
            Err(e) => {
                return Err(CheckError::Internal(Internal::EvaluatorFailed {
                    command: model.commands[id.index()].name.clone(),
                    error: e,
                }))
            }
        }
    }
    Ok(inst)
}

/// Decides command `id` by splitting it into 2^⌈log2 n⌉ cubes solved by
/// the built-in CaDiCaL on `jobs` worker threads; the first satisfiable
/// cube stops every worker. `opts.timeout` bounds the whole command.
pub fn solve(
    model: &Model,
    id: CommandId,
    opts: &CheckOptions,
    n: usize,
    jobs: usize,
) -> Result<(CommandResult, CubeTally), CubeError> {
    let start = Instant::now();
    let enc = match encode(model, id, opts)? {
        Encoding::Done(e) => e,
        Encoding::Stopped(r) => return Ok((*r, CubeTally::default())),
    };
    let split = split_variables(&enc, split_bits(n));
    let cubes = cubes_of(&split);
    let deadline = opts.timeout.map(|t| start + t);
    let progress = Arc::new(Progress::default());
    progress.set_stage(Stage::Solve);
    let next = AtomicUsize::new(0);
    let found: Mutex<Option<(usize, Vec<bool>)>> = Mutex::new(None);
    let answers: Mutex<Vec<Option<bool>>> = Mutex::new(vec![None; cubes.len()]);
    let setup: Mutex<Option<SatError>> = Mutex::new(None);
    let t1 = Instant::now();
    // The workers share the CNF only (the translation is not `Sync`).
    let cnf = &enc.cnf;
    std::thread::scope(|s| {
        for _ in 0..crate::budget::workers(jobs, cubes.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= cubes.len() || progress.cancel.load(Ordering::SeqCst) {
                    return;
                }
                let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                if left == Some(Duration::ZERO) {
                    return;
                }
                let budget = Budget::new(left, None).with_progress(progress.clone());
                let mut solver = match sat::solver_from_spec("cadical") {
                    Ok(s) => s,
                    Err(e) => {
                        *setup.lock().unwrap() = Some(e);
                        progress.cancel.store(true, Ordering::SeqCst);
                        return;
                    }
                };
                // The cube's literals are assumptions over the loaded CNF.
                let answer = solver
                    .load(cnf, &budget)
                    .and_then(|()| solver.solve(&cubes[i], &budget));
                match answer {
                    Ok(SatResult::Sat(m)) => {
                        answers.lock().unwrap()[i] = Some(true);
                        let mut f = found.lock().unwrap();
                        if f.is_none() {
                            *f = Some((i, m));
                        }
                        progress.cancel.store(true, Ordering::SeqCst);
                    }
                    Ok(SatResult::Unsat) => answers.lock().unwrap()[i] = Some(false),
                    Ok(SatResult::Unknown(_)) | Err(_) => {}
                }
            });
        }
    });
    if let Some(e) = setup.into_inner().unwrap() {
        return Err(CubeError::Solver(e));
    }
    let solve_ms = t1.elapsed().as_millis();
    let answers = answers.into_inner().unwrap();
    let mut tally = CubeTally {
        cubes: cubes.len(),
        split,
        unsat: answers.iter().filter(|a| **a == Some(false)).count(),
        undecided: (0..cubes.len()).filter(|&i| answers[i].is_none()).collect(),
        ..CubeTally::default()
    };
    let outcome = match found.into_inner().unwrap() {
        Some((i, m)) => {
            tally.sat_cube = Some(i);
            tally.undecided.clear();
            Outcome::Sat(instance_of(model, id, &enc, &m, opts.verify)?)
        }
        None if tally.undecided.is_empty() => Outcome::Unsat,
        None => Outcome::Unknown(Unknown::CubesUndecided {
            undecided: tally.undecided.len(),
            cubes: cubes.len(),
        }),
    };
    let stats = Stats {
        variables: enc.cnf.num_vars,
        clauses: enc.cnf.num_clauses,
        primary_variables: enc.tr.circuit.num_inputs(),
        translate_ms: enc.translate_ms,
        solve_ms,
        time_ms: start.elapsed().as_millis(),
    };
    let mut r = result_of(model, id, opts, outcome, stats);
    if matches!(r.outcome, Outcome::Unknown(_)) {
        r.matches_expect = r.expect.is_none();
        r.limit = Some((crate::budget::Exhausted::Time, Stage::Solve));
    }
    Ok((r, tally))
}

/// Combines the answers in `dir` (one `cube_NNNN.out` per cube, in the
/// SAT-competition output format) for command `id` of `model`, which
/// must be the emitting run's model: it is re-translated with the
/// manifest's scope and symmetry, and must give the same CNF.
pub fn merge(
    model: &Model,
    id: CommandId,
    manifest: &Manifest,
    dir: &Path,
    opts: &CheckOptions,
) -> Result<(CommandResult, CubeTally), CubeError> {
    let start = Instant::now();
    check_cover(manifest, dir)?;
    // The model is re-translated before any answer is read: an UNSAT
    // answer of every cube means nothing for a model changed since.
    let enc = match encode(model, id, opts)? {
        Encoding::Done(e) => e,
        Encoding::Stopped(r) => return Ok((*r, CubeTally::default())),
    };
    if enc.fingerprint() != manifest.fingerprint || enc.cnf.num_vars != manifest.variables {
        return Err(CubeError::Stale(format!(
            "{} no longer translates to the CNF the cubes were cut from (model or relprove changed since the cubes were emitted)",
            manifest.model.display()
        )));
    }
    let mut tally = CubeTally {
        cubes: manifest.cubes.len(),
        split: manifest.split.clone(),
        ..CubeTally::default()
    };
    let mut sat: Option<(usize, Vec<bool>)> = None;
    for (i, c) in manifest.cubes.iter().enumerate() {
        let path = dir.join(&c.result);
        let mut bad = |message: String| {
            tally.bad.push(BadAnswer {
                cube: i,
                file: path.clone(),
                message,
            })
        };
        let text = match crate::diag::read_source(&path) {
            Ok(t) => t,
            Err(crate::diag::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                tally.undecided.push(i);
                continue;
            }
            Err(crate::diag::ReadError::Io(e)) => return Err(io(&path)(e)),
            Err(e) => {
                bad(e.to_string());
                continue;
            }
        };
        // No `s` line yet: a job still running or killed.
        if !text.lines().any(|l| l.trim_start().starts_with("s ")) {
            tally.undecided.push(i);
            continue;
        }
        match sat::parse_solver_output(&text, manifest.variables) {
            Ok(SatResult::Sat(m)) => {
                if !c
                    .literals
                    .iter()
                    .all(|&l| m[l.unsigned_abs() as usize] == (l > 0))
                {
                    bad("its model does not satisfy the cube's literals".into());
                } else if !enc.cnf.satisfied_by(&m) {
                    bad("its model does not satisfy the CNF (a wrong answer of the solver)".into());
                } else if sat.is_none() {
                    sat = Some((i, m));
                }
            }
            Ok(SatResult::Unsat) => tally.unsat += 1,
            // The solver gave up.
            Ok(SatResult::Unknown(_)) => tally.undecided.push(i),
            Err(e) => bad(e.to_string()),
        }
    }
    let stats = Stats {
        variables: manifest.variables,
        clauses: manifest.clauses,
        primary_variables: manifest.primary_variables,
        translate_ms: enc.translate_ms,
        solve_ms: 0,
        time_ms: start.elapsed().as_millis(),
    };
    let Some((i, m)) = sat else {
        let outcome = if tally.undecided.is_empty() && tally.bad.is_empty() {
            Outcome::Unsat
        } else {
            Outcome::Unknown(Unknown::CubesUnanswered {
                undecided: tally.undecided.len() + tally.bad.len(),
                cubes: tally.cubes,
            })
        };
        let mut r = result_of(model, id, opts, outcome, stats);
        if matches!(r.outcome, Outcome::Unknown(_)) {
            r.matches_expect = r.expect.is_none();
        }
        return Ok((r, tally));
    };
    tally.sat_cube = Some(i);
    let inst = instance_of(model, id, &enc, &m, opts.verify)?;
    Ok((result_of(model, id, opts, Outcome::Sat(inst), stats), tally))
}

/// The manifest's cubes must be every sign combination of its split
/// variables, each once: only then do UNSAT answers of all of them mean
/// that the CNF is UNSAT (a damaged or hand-edited manifest may list fewer).
fn check_cover(manifest: &Manifest, dir: &Path) -> Result<(), CubeError> {
    let bad = |message: String| CubeError::Manifest {
        path: dir.join(MANIFEST),
        message,
    };
    if manifest.split.len() > MAX_SPLIT {
        return Err(bad(format!(
            "{} split variables (at most {MAX_SPLIT})",
            manifest.split.len()
        )));
    }
    let sorted = |c: &[i32]| {
        let mut c = c.to_vec();
        c.sort_unstable();
        c
    };
    let mut want: Vec<Vec<i32>> = cubes_of(&manifest.split)
        .iter()
        .map(|c| sorted(c))
        .collect();
    let mut have: Vec<Vec<i32>> = manifest.cubes.iter().map(|c| sorted(&c.literals)).collect();
    want.sort();
    have.sort();
    if have != want {
        return Err(bad(format!(
            "its {} cubes are not the {} sign combinations of its split variables {:?}, each once: \
             a merge would not cover every case (emit the cubes again)",
            manifest.cubes.len(),
            want.len(),
            manifest.split
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_bits_rounds_up() {
        assert_eq!(split_bits(1), 0);
        assert_eq!(split_bits(2), 1);
        assert_eq!(split_bits(3), 2);
        assert_eq!(split_bits(8), 3);
        assert_eq!(split_bits(1 << 30), MAX_SPLIT);
    }

    #[test]
    fn cubes_cover_every_sign_combination() {
        let c = cubes_of(&[3, 7]);
        assert_eq!(c, vec![vec![-3, -7], vec![3, -7], vec![-3, 7], vec![3, 7]]);
        assert_eq!(cubes_of(&[]), vec![Vec::<i32>::new()]);
    }
}
