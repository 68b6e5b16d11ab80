//! The shared explicit-state explorer: depth-first search over a
//! [`Model`]'s transition system, with a visited set of state fingerprints,
//! a partial-order reduction by persistent sets (the model names, at a
//! state, one transition that may be explored alone, [`Model::persistent`],
//! or failing that a larger set, [`Model::persistent_set`];
//! docs/operational.md gives the argument that every reachable final
//! outcome is kept) and sleep sets (Godefroid; on by default).
//!
//! Sleep sets take their independence from the model
//! ([`Model::independent`]: two transitions enabled at `s` that it calls
//! independent there form a diamond at `s`; debug builds check each claim
//! by applying both orders). With state caching, a state met again with a
//! sleep set that is not a superset of the one stored for it is explored
//! again in full under the intersection of the two, so that every state
//! ends up explored under the intersection of all the sleep sets it was
//! met with; docs/operational.md ("Sleep sets") proves that this keeps
//! every reachable final outcome, on cyclic graphs too.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::Instant;

use super::{Model, OpError};

/// Limits of one exploration.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Give up after this many distinct states.
    pub max_states: usize,
    /// Use sleep sets (on, the default), with the model's independence
    /// relation ([`Model::independent`]; a model that names none explores
    /// as without them).
    pub sleep_sets: bool,
    /// Partial-order reduction by persistent sets (on, the default): at a
    /// state where the model names a persistent transition
    /// ([`Model::persistent`]), only that one is explored. Off: the full
    /// search (`--full-search`), every enabled transition.
    pub reduce: bool,
    /// Only look for one final state on each side of the condition (a
    /// [`Goal`]), not for every final state: branches whose side is decided
    /// and already witnessed are cut, and the search stops once both sides
    /// are.
    pub witnesses: bool,
    /// `--timeout`: the time the exploration may take.
    pub timeout: Option<std::time::Duration>,
    /// `--max-memory`: the heap the process may use while exploring.
    pub max_bytes: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 2_000_000,
            sleep_sets: true,
            reduce: true,
            witnesses: false,
            timeout: None,
            max_bytes: None,
        }
    }
}

/// What an exploration found.
#[derive(Clone, Debug)]
pub struct Exploration<T> {
    /// Every reachable final outcome, with the first transition sequence
    /// found that reaches it.
    pub outcomes: BTreeMap<Vec<i64>, Vec<T>>,
    /// Distinct states visited.
    pub states: usize,
    /// Transitions taken (edges of the explored graph).
    pub transitions: usize,
    /// Terminal states that are not final (the model is stuck).
    pub stuck: usize,
    /// States not explored because the side of the condition they lead to
    /// was already witnessed (with a [`Goal`]), or, enumerating, because
    /// every outcome possible below them was already found
    /// ([`Model::possible`]).
    pub pruned: usize,
    /// Exploration time, in microseconds.
    pub time_us: u128,
}

/// The condition, as a classifier of partial outcomes: `Some(b)` when every
/// final state reachable from a state whose observed variables are known as
/// given (`None`: not known yet; a shorter slice: the rest unknown) is on
/// side `b` of the condition.
pub type Goal<'g> = &'g dyn Fn(&[Option<i64>]) -> Option<bool>;

struct Search<'m, M: Model> {
    model: &'m M,
    limits: Limits,
    /// Each visited state (its fingerprint) with the sleep set it was
    /// last explored under (the intersection of every sleep set it was
    /// met with so far).
    visited: HashMap<u128, Seen<M::Trans>, BuildHasherDefault<PassThrough>>,
    found: Exploration<M::Trans>,
    path: Vec<M::Trans>,
    goal: Option<Goal<'m>>,
    /// Scratch space for [`fingerprint`].
    buf: Vec<u8>,
    /// The goal's answer for each partial outcome met so far: a search
    /// meets few distinct ones, and evaluating the condition costs more
    /// than looking it up.
    goal_memo: HashMap<Vec<Option<Vec<i64>>>, Option<bool>>,
    /// Enumeration: whether every outcome in the product of a state's
    /// value sets ([`Model::possible`]) was found, with the number of
    /// outcomes found when that was computed.
    cover_memo: HashMap<u128, (usize, bool), BuildHasherDefault<PassThrough>>,
    /// Enumeration: the states cut because every outcome possible below
    /// them was found (fingerprints; not counted as explored).
    cut: HashSet<u128, BuildHasherDefault<PassThrough>>,
    /// Sides of the condition witnessed so far: `[false, true]`.
    sides: [bool; 2],
    /// The time and memory limits, checked every
    /// [`relprove_engine::budget::TICKS_PER_CHECK`] new states.
    budget: relprove_engine::budget::Budget,
    /// Both sides witnessed: nothing more to find.
    stop: bool,
}

/// What the visited set keeps of a state.
struct Seen<T> {
    /// The sleep set it was last explored under.
    sleep: Vec<T>,
    /// The transitions chosen to explore (enabled, or the persistent
    /// ones), kept while `sleep` is not empty (only then can the state be
    /// explored again), so that exploring it again does not compute them
    /// again; they are a function of the state.
    todo: Vec<T>,
}

/// Explore every interleaving of `model` from its initial state.
pub fn explore<M: Model>(model: &M, limits: Limits) -> Result<Exploration<M::Trans>, OpError> {
    explore_for(model, limits, None)
}

/// [`explore`], or with a goal (and `limits.witnesses`) only until a final
/// state on each side of the goal is found, cutting branches whose side is
/// already witnessed. Sound because the cut is monotone: the observed
/// values a model reports as known never change afterwards, so every final
/// state below a cut state is on the cut side (docs/operational.md: the
/// sleep-set argument carries over).
pub fn explore_for<'m, M: Model>(
    model: &'m M,
    limits: Limits,
    goal: Option<Goal<'m>>,
) -> Result<Exploration<M::Trans>, OpError> {
    let start = Instant::now();
    let mut limits = limits;
    // A sleep set names transitions by the model's raw ids, which the
    // canonical states of the visited set would not match: no sleep sets
    // where the model renames states (docs/operational.md, "Loops").
    limits.sleep_sets &= !model.renames();
    let mut s = Search {
        model,
        limits,
        visited: HashMap::default(),
        found: Exploration {
            outcomes: BTreeMap::new(),
            states: 0,
            transitions: 0,
            stuck: 0,
            pruned: 0,
            time_us: 0,
        },
        path: Vec::new(),
        goal: goal.filter(|_| limits.witnesses),
        buf: Vec::new(),
        goal_memo: HashMap::new(),
        cover_memo: HashMap::default(),
        cut: HashSet::default(),
        sides: [false; 2],
        budget: relprove_engine::budget::Budget::new(limits.timeout, limits.max_bytes),
        stop: false,
    };
    let init = model.initial()?;
    s.visit(init, Vec::new())?;
    s.found.states = s.visited.len();
    s.found.time_us = start.elapsed().as_micros();
    Ok(s.found)
}

impl<M: Model> Search<'_, M> {
    fn visit(&mut self, state: M::State, sleep: Vec<M::Trans>) -> Result<(), OpError> {
        if self.stop {
            return Ok(());
        }
        let state = &state;
        // Up to the model's renaming (never with sleep sets: see
        // `explore_for`).
        let key = fingerprint(&*self.model.canonical(state), &mut self.buf);
        if let Some(goal) = self.goal {
            if self.sides[0] || self.sides[1] {
                let known = self.model.possible(state);
                let side = match self.goal_memo.get(&known) {
                    Some(side) => *side,
                    None => {
                        let side = decide(goal, &known);
                        self.goal_memo.insert(known, side);
                        side
                    }
                };
                if let Some(side) = side {
                    if self.sides[side as usize] {
                        self.found.pruned += 1;
                        return Ok(());
                    }
                }
            }
        } else if self.cut.contains(&key) {
            return Ok(());
        } else if self.limits.reduce
            && !self.found.outcomes.is_empty()
            && !self.visited.contains_key(&key)
        {
            // Enumeration (not with `--full-search`, which stays the
            // reference search): every outcome a final state below can
            // have is found already (with its trace). Memoised per value sets: a
            // `true` stays true, a `false` holds until an outcome is found.
            // Keyed by the sets' fingerprint (the visited set's argument
            // bounds the chance of a collision).
            let possible = self.model.possible(state);
            let pkey = fingerprint(&possible, &mut self.buf);
            let n = self.found.outcomes.len();
            let cut = match self.cover_memo.get(&pkey) {
                Some(&(m, c)) if c || m == n => c,
                _ => {
                    let c = covered(&possible, &self.found.outcomes);
                    self.cover_memo.insert(pkey, (n, c));
                    c
                }
            };
            if cut {
                self.cut.insert(key);
                self.found.pruned += 1;
                return Ok(());
            }
        }
        // The sleep set this state is explored under: on a first visit the
        // one it came with; met again with a sleep set that is not a
        // superset of the stored one, the intersection of the two, and the
        // state is explored again in full under it (every transition of its
        // persistent set outside that sleep set, the children's sleep sets
        // computed afresh), so that at the end of the search every visited
        // state has been explored, as the stateless search would, under
        // the intersection of every sleep set it was met with: the argument
        // of docs/operational.md ("Sleep sets") rests on that. Cut when the
        // stored sleep set is a subset of this one (nothing new to explore).
        // `woken`: on a visit again, the transitions asleep in the stored
        // set and awake now.
        // `todo`: the transitions the previous exploration chose.
        let mut woken: Option<Vec<M::Trans>> = None;
        let mut todo: Option<Vec<M::Trans>> = None;
        let sleep = match self.visited.get_mut(&key) {
            Some(seen) => {
                if seen.sleep.iter().all(|t| sleep.contains(t)) {
                    return Ok(());
                }
                woken = Some(
                    seen.sleep
                        .iter()
                        .filter(|t| !sleep.contains(t))
                        .cloned()
                        .collect(),
                );
                seen.sleep.retain(|t| sleep.contains(t));
                // With an empty sleep set it is never explored again.
                todo = Some(if seen.sleep.is_empty() {
                    std::mem::take(&mut seen.todo)
                } else {
                    seen.todo.clone()
                });
                seen.sleep.clone()
            }
            None => {
                if self.visited.len() >= self.limits.max_states {
                    return Err(OpError::StateLimit(self.limits.max_states));
                }
                let states = self.visited.len();
                self.budget.tick().map_err(|e| {
                    OpError::Budget(match e {
                        relprove_engine::budget::Exhausted::Memory(mut m) => {
                            m.what = format!("the exploration ({states} states)");
                            relprove_engine::budget::Exhausted::Memory(m)
                        }
                        e => e,
                    })
                })?;
                self.visited.insert(
                    key,
                    Seen {
                        sleep: sleep.clone(),
                        todo: Vec::new(),
                    },
                );
                sleep
            }
        };
        let again = woken.is_some();
        if let Some(out) = self.model.outcome(state)? {
            // A final state: nothing after it is observable.
            if let Some(goal) = self.goal {
                let full: Vec<Option<i64>> = out.iter().map(|v| Some(*v)).collect();
                if let Some(side) = goal(&full) {
                    self.sides[side as usize] = true;
                    self.stop = self.sides[0] && self.sides[1];
                }
            }
            self.found
                .outcomes
                .entry(out)
                .or_insert_with(|| self.path.clone());
            return Ok(());
        }
        let enabled = match todo {
            Some(todo) => todo,
            None => {
                let enabled = self.choose(state)?;
                if !sleep.is_empty() {
                    if let Some(seen) = self.visited.get_mut(&key) {
                        seen.todo = enabled.clone();
                    }
                }
                enabled
            }
        };
        if enabled.is_empty() {
            if !again {
                self.found.stuck += 1;
            }
            return Ok(());
        }
        // The transitions explored so far from this state, in order: with
        // the sleep set, what a child's sleep set is drawn from (Godefroid,
        // LNCS 1032, ch. 5: a transition explored earlier, or asleep here,
        // that is independent of the one taken stays asleep after it).
        let mut done: Vec<M::Trans> = Vec::new();
        let mut awake: Vec<M::Trans> = Vec::new();
        let mut child_sleep: Vec<M::Trans> = Vec::new();
        for t in &enabled {
            if sleep.contains(t) {
                continue;
            }
            // Explored again: a transition taken by the previous
            // exploration (under the stored set, in the same order), once
            // every woken transition is among those taken before it here,
            // would give its child a sleep set that contains the one it
            // gave then (the transitions taken before it then are taken
            // before it now), so the child would stop at once: skipped.
            if let Some(w) = &woken {
                if !w.contains(t) && w.iter().all(|u| done.contains(u)) {
                    done.push(t.clone());
                    continue;
                }
            }
            let next = self.model.apply(state, t)?;
            child_sleep.clear();
            if self.limits.sleep_sets && !(sleep.is_empty() && done.is_empty()) {
                awake.clear();
                awake.extend(sleep.iter().chain(done.iter()).cloned());
                self.model.independent(state, t, &awake, &mut child_sleep);
                #[cfg(debug_assertions)]
                self.check_independent(state, &next, t, &child_sleep)?;
            }
            self.found.transitions += 1;
            self.path.push(t.clone());
            self.visit(next, std::mem::take(&mut child_sleep))?;
            self.path.pop();
            if self.stop {
                break;
            }
            done.push(t.clone());
        }
        Ok(())
    }

    /// The transitions to explore from the non-final state `s`: every
    /// enabled one, or with the reduction on, the model's persistent
    /// transition or set (a function of `s`).
    fn choose(&self, state: &M::State) -> Result<Vec<M::Trans>, OpError> {
        let mut enabled = self.model.enabled(state)?;
        if self.limits.reduce {
            if let Some(i) = self.model.persistent(state, &enabled) {
                #[cfg(debug_assertions)]
                self.check_persistent(state, &enabled, i)?;
                enabled = vec![enabled.swap_remove(i)];
            } else if let Some(set) = self.model.persistent_set(state, &enabled) {
                #[cfg(debug_assertions)]
                self.check_persistent_set(state, &enabled, &set)?;
                let mut keep = set.iter().peekable();
                let mut j = 0;
                enabled.retain(|_| {
                    let k = keep.next_if_eq(&&j).is_some();
                    j += 1;
                    k
                });
            }
        }
        Ok(enabled)
    }

    /// Debug builds (the tests): every transition the model calls
    /// independent of `t` at `s` (`s_t` is `s` after `t`) forms a diamond
    /// with it there: each stays enabled after the other and both orders
    /// reach the same state.
    #[cfg(debug_assertions)]
    fn check_independent(
        &self,
        s: &M::State,
        s_t: &M::State,
        t: &M::Trans,
        claimed: &[M::Trans],
    ) -> Result<(), OpError> {
        for u in claimed {
            if !self.independent(s, s_t, u, t)? {
                panic!(
                    "{} and {} are called independent but do not commute",
                    self.model.describe(t),
                    self.model.describe(u)
                );
            }
        }
        Ok(())
    }

    /// Debug builds (the tests): the transition the model calls persistent
    /// commutes with every other transition enabled at `s` (the first step
    /// of the persistence argument, checked on every state explored).
    #[cfg(debug_assertions)]
    fn check_persistent(
        &self,
        s: &M::State,
        enabled: &[M::Trans],
        i: usize,
    ) -> Result<(), OpError> {
        let t = &enabled[i];
        let s_t = self.model.apply(s, t)?;
        for (j, u) in enabled.iter().enumerate() {
            if j != i && !self.independent(s, &s_t, u, t)? {
                panic!(
                    "persistent transition {} does not commute with {}",
                    self.model.describe(t),
                    self.model.describe(u)
                );
            }
        }
        Ok(())
    }

    /// Debug builds: every member of a persistent set the model names
    /// commutes with every enabled transition outside it.
    #[cfg(debug_assertions)]
    fn check_persistent_set(
        &self,
        s: &M::State,
        enabled: &[M::Trans],
        set: &[usize],
    ) -> Result<(), OpError> {
        for &i in set {
            let t = &enabled[i];
            let s_t = self.model.apply(s, t)?;
            for (j, u) in enabled.iter().enumerate() {
                if !set.contains(&j) && !self.independent(s, &s_t, u, t)? {
                    panic!(
                        "persistent-set member {} does not commute with {}",
                        self.model.describe(t),
                        self.model.describe(u)
                    );
                }
            }
        }
        Ok(())
    }

    /// `u` and `t` commute at `s` (`s_t` is `s` after `t`): the diamond,
    /// computed by applying both orders (debug builds check every claimed
    /// independence and persistence with it).
    #[cfg(debug_assertions)]
    fn independent(
        &self,
        s: &M::State,
        s_t: &M::State,
        u: &M::Trans,
        t: &M::Trans,
    ) -> Result<bool, OpError> {
        if !self.model.may_commute(s, t, u) || !self.model.is_enabled(s_t, u)? {
            return Ok(false);
        }
        let s_u = self.model.apply(s, u)?;
        if !self.model.is_enabled(&s_u, t)? {
            return Ok(false);
        }
        // The same state up to the model's renaming (`Model::canonical`):
        // LOST-POP renumbers a looping thread with nothing live from 0, in
        // whichever order that happens.
        let (a, b) = (self.model.apply(&s_u, t)?, self.model.apply(s_t, u)?);
        Ok(self.model.canonical(&a) == self.model.canonical(&b))
    }
}

/// The goal's side when each observed variable takes a value of its set
/// (`None`: any value): `Some(b)` when every choice gives `Some(b)`, so
/// every final state whose values lie in the sets is on side `b`. At most
/// [`MAX_CHOICES`] choices are tried: the widest sets count as unknown
/// beyond that (which only weakens the answer).
fn decide(goal: Goal, sets: &[Option<Vec<i64>>]) -> Option<bool> {
    let mut sets: Vec<Option<&[i64]>> = sets
        .iter()
        .map(|s| s.as_deref().filter(|s| !s.is_empty()))
        .collect();
    let width = |sets: &[Option<&[i64]>]| {
        sets.iter()
            .map(|s| s.map_or(1, <[i64]>::len))
            .fold(1usize, usize::saturating_mul)
    };
    while width(&sets) > MAX_CHOICES {
        let widest = (0..sets.len()).max_by_key(|&i| sets[i].map_or(0, <[i64]>::len))?;
        sets[widest] = None;
    }
    let mut pick = vec![0usize; sets.len()];
    let mut side = None;
    loop {
        let choice: Vec<Option<i64>> = sets
            .iter()
            .zip(&pick)
            .map(|(s, &i)| s.map(|s| s[i]))
            .collect();
        let b = goal(&choice)?;
        if side.is_some_and(|s| s != b) {
            return None;
        }
        side = Some(b);
        // The next choice (odometer order).
        let mut k = 0;
        loop {
            if k == sets.len() {
                return side;
            }
            pick[k] += 1;
            if pick[k] < sets[k].map_or(1, <[i64]>::len) {
                break;
            }
            pick[k] = 0;
            k += 1;
        }
    }
}

/// Whether every outcome whose values lie in the sets (`None`: any value)
/// is among `found`: then no final state below a state with these sets
/// has a new outcome. At most [`MAX_CHOICES`] outcomes are looked up.
fn covered<T>(sets: &[Option<Vec<i64>>], found: &BTreeMap<Vec<i64>, T>) -> bool {
    let Some(arity) = found.keys().next().map(Vec::len) else {
        return false;
    };
    let Some(sets) = sets
        .iter()
        .map(|s| s.as_deref())
        .collect::<Option<Vec<&[i64]>>>()
    else {
        return false;
    };
    if sets.len() != arity {
        return false;
    }
    let width = sets
        .iter()
        .map(|s| s.len())
        .fold(1usize, usize::saturating_mul);
    if width == 0 || width > MAX_CHOICES {
        return false;
    }
    let mut pick = vec![0usize; arity];
    loop {
        let out: Vec<i64> = sets.iter().zip(&pick).map(|(s, &i)| s[i]).collect();
        if !found.contains_key(&out) {
            return false;
        }
        let mut k = 0;
        loop {
            if k == arity {
                return true;
            }
            pick[k] += 1;
            if pick[k] < sets[k].len() {
                break;
            }
            pick[k] = 0;
            k += 1;
        }
    }
}

/// At most this many choices of values in [`decide`] and [`covered`].
const MAX_CHOICES: usize = 256;

/// A state's 128-bit fingerprint: the XXH3-128 digest (fixed seed, so runs
/// are deterministic) of the bytes the state's `Hash` writes, gathered in
/// `buf` first, so the digest runs over one slice instead of many small
/// writes. The visited set keeps only fingerprints (16 bytes a state,
/// instead of the state's vectors and their heap blocks); the full state
/// lives on the DFS stack alone. XXH3-128 is not cryptographic, but
/// disperses like a random function on the SMHasher tests; under that
/// assumption two distinct states share a fingerprint with probability
/// about 2^-128 per pair, so a search of n states merges two of them with
/// probability below n²/2^129 (10^-26 at the default limit of 2,000,000
/// states): hash compaction, as in SPIN's and TLC's fingerprint sets.
fn fingerprint<S: Hash>(state: &S, buf: &mut Vec<u8>) -> u128 {
    buf.clear();
    state.hash(&mut Bytes(buf));
    xxhash_rust::xxh3::xxh3_128(buf)
}

/// Gathers the bytes a `Hash` writes.
struct Bytes<'b>(&'b mut Vec<u8>);

impl Hasher for Bytes<'_> {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
    // Lengths and enum discriminants in 4 bytes instead of 8 (still one
    // fixed width, so the encoding stays injective: no vector of a state
    // comes near 2^32 elements).
    fn write_usize(&mut self, i: usize) {
        self.0.extend_from_slice(&(i as u32).to_le_bytes());
    }
    fn write_isize(&mut self, i: isize) {
        self.0.extend_from_slice(&(i as i32).to_le_bytes());
    }
    fn finish(&self) -> u64 {
        unreachable!("only gathers bytes")
    }
}

/// The hasher of the visited set: its keys are fingerprints, already
/// uniformly distributed, so their low 64 bits are the hash.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only fingerprint keys, which write one u128")
    }
    fn write_u128(&mut self, i: u128) {
        self.0 = i as u64;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}
