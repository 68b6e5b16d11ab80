//! The shared explicit-state explorer: depth-first search over a
//! [`Model`]'s transition system, with a visited set (state hashing) and
//! sleep sets (Godefroid's partial-order reduction).
//!
//! Independence is decided semantically, in the state where it is needed:
//! two enabled transitions `a`, `b` of state `s` are independent at `s` when
//! each stays enabled after the other and both orders reach the same state
//! (the diamond). This is exactly the property the sleep-set argument uses,
//! so no model has to state an independence relation by hand, and a model
//! whose transitions rarely commute still explores correctly (only with
//! less reduction). With state caching, a state met again with a sleep set
//! that is not a superset of the one it was explored with is re-explored for
//! the transitions that were asleep the first time (the standard fix that
//! keeps sleep sets + hashing complete for terminal states).

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::time::Instant;

use rustc_hash::FxBuildHasher;

use super::{Model, OpError};

/// Limits of one exploration.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Give up after this many distinct states.
    pub max_states: usize,
    /// Use sleep sets (off, the default: plain DFS with hashing, which is
    /// faster on LOST-POP, where they cut transitions but not states).
    pub sleep_sets: bool,
    /// Only look for one final state on each side of the condition (a
    /// [`Goal`]), not for every final state: branches whose side is decided
    /// and already witnessed are cut, and the search stops once both sides
    /// are.
    pub witnesses: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 2_000_000,
            sleep_sets: false,
            witnesses: false,
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
    /// was already witnessed (only with a [`Goal`]).
    pub pruned: usize,
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
    /// Each visited state with the sleep set it was explored under.
    visited: HashMap<Hashed<M::State>, Vec<M::Trans>, BuildHasherDefault<PassThrough>>,
    found: Exploration<M::Trans>,
    path: Vec<M::Trans>,
    goal: Option<Goal<'m>>,
    /// Sides of the condition witnessed so far: `[false, true]`.
    sides: [bool; 2],
    /// Both sides witnessed: nothing more to find.
    stop: bool,
}

/// Explore every interleaving of `model` from its initial state.
pub fn explore<M: Model>(model: &M, limits: Limits) -> Result<Exploration<M::Trans>, OpError> {
    explore_for(model, limits, None)
}

/// [`explore`], or with a goal (and `limits.witnesses`) only until a final
/// state on each side of the goal is found, cutting branches whose side is
/// already witnessed. Sound because the cut is monotone: the observed
/// values a model reports as known never change afterwards, so every final
/// state below a cut state is on the cut side (and, with sleep sets, every
/// state a sleeping transition stands for lies below an explored or cut
/// sibling).
pub fn explore_for<'m, M: Model>(
    model: &'m M,
    limits: Limits,
    goal: Option<Goal<'m>>,
) -> Result<Exploration<M::Trans>, OpError> {
    let start = Instant::now();
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
        sides: [false; 2],
        stop: false,
    };
    let init = model.initial()?;
    s.visit(Hashed::new(init), Vec::new())?;
    s.found.states = s.visited.len();
    s.found.time_us = start.elapsed().as_micros();
    Ok(s.found)
}

impl<M: Model> Search<'_, M> {
    fn visit(&mut self, key: Hashed<M::State>, sleep: Vec<M::Trans>) -> Result<(), OpError> {
        if self.stop {
            return Ok(());
        }
        let state = &key.state;
        if let Some(goal) = self.goal {
            if self.sides[0] || self.sides[1] {
                if let Some(side) = goal(&self.model.known(state)) {
                    if self.sides[side as usize] {
                        self.found.pruned += 1;
                        return Ok(());
                    }
                }
            }
        }
        // Which transitions still need exploring here, and under which
        // (intersected) sleep set.
        let (sleep, redo): (Vec<M::Trans>, Option<Vec<M::Trans>>) = match self.visited.get_mut(&key)
        {
            Some(old) => {
                if old.iter().all(|t| sleep.contains(t)) {
                    return Ok(());
                }
                // Explore what was asleep before and is awake now.
                let redo: Vec<M::Trans> =
                    old.iter().filter(|t| !sleep.contains(t)).cloned().collect();
                old.retain(|t| sleep.contains(t));
                (old.clone(), Some(redo))
            }
            None => {
                if self.visited.len() >= self.limits.max_states {
                    return Err(OpError::StateLimit(self.limits.max_states));
                }
                self.visited.insert(key.clone(), sleep.clone());
                (sleep, None)
            }
        };
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
        let enabled = self.model.enabled(state)?;
        if enabled.is_empty() {
            if redo.is_none() {
                self.found.stuck += 1;
            }
            return Ok(());
        }
        // Transitions already explored from this state (on an earlier visit,
        // those that were not asleep then), for the children's sleep sets.
        let mut done: Vec<M::Trans> = match &redo {
            Some(r) => enabled
                .iter()
                .filter(|t| !r.contains(t) && !sleep.contains(t))
                .cloned()
                .collect(),
            None => Vec::new(),
        };
        for t in &enabled {
            if sleep.contains(t) || redo.as_ref().is_some_and(|r| !r.contains(t)) {
                continue;
            }
            let next = self.model.apply(state, t)?;
            let child_sleep = if self.limits.sleep_sets {
                let mut cs = Vec::new();
                for u in sleep.iter().chain(done.iter()) {
                    if self.independent(state, &next, u, t)? {
                        cs.push(u.clone());
                    }
                }
                cs
            } else {
                Vec::new()
            };
            self.found.transitions += 1;
            self.path.push(t.clone());
            self.visit(Hashed::new(next), child_sleep)?;
            self.path.pop();
            if self.stop {
                break;
            }
            done.push(t.clone());
        }
        Ok(())
    }

    /// `u` and `t` commute at `s` (`s_t` is `s` after `t`).
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
        Ok(self.model.apply(&s_u, t)? == self.model.apply(s_t, u)?)
    }
}

/// A state with its Fx hash (rustc's; SipHash's DoS resistance buys
/// nothing here), computed once when the state is made: the visited set's
/// lookup and insert reuse it, and unequal states almost always differ in
/// it, so the full (several-vector) comparison runs only on a real match.
#[derive(Clone)]
struct Hashed<S> {
    hash: u64,
    state: S,
}

impl<S: Hash> Hashed<S> {
    fn new(state: S) -> Self {
        Hashed {
            hash: FxBuildHasher.hash_one(&state),
            state,
        }
    }
}

impl<S: PartialEq> PartialEq for Hashed<S> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.state == other.state
    }
}

impl<S: Eq> Eq for Hashed<S> {}

impl<S> Hash for Hashed<S> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.hash);
    }
}

/// The hasher of the visited set: its keys are [`Hashed`], whose hash is
/// already computed, so it is passed through as is.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only Hashed keys, which write one u64")
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}
