//! Lowering a litmus test to a candidate-execution skeleton over a model.
//!
//! Two steps:
//!
//! 1. [`paths`]: each thread is executed symbolically. Register values are
//!    terms over the values of the thread's reads ([`Sym`]); a branch on a
//!    read value forks the thread, recording the branch condition; a `cas`
//!    forks into success (a write happens) and failure; loops are unrolled
//!    up to a bound (paths that would exceed it are cut, as herd does).
//!    Every path fixes the thread's events exactly (kinds, locations,
//!    strengths, scopes, program order and dependencies).
//! 2. [`build_execution`]: one path per thread (a *combination*) becomes a
//!    [`LitmusExecution`] (data, printed as Alloy text or built into the
//!    IR: see [`super::execution`]) that opens the memory model, declares every event,
//!    location, scope and value as a `one sig`, pins the model's
//!    relations that the program determines (po, thread placement, scope
//!    tree, addresses, strengths, rmw, dep, barrier synchronisation), and
//!    leaves `rf`, `co`, `sc` (and the model's other derived witnesses)
//!    free. Values are atoms `lt_v<N>` of a finite domain computed here; a
//!    read's value is its rf source's value, or the location's initial value
//!    when it has none; arithmetic is a lookup table over the domain.
//!
//! The names of the model's sigs and fields come from a [`Binding`], one per
//! supported model (documented in docs/litmus.md).

//!
//! Files by concern: `binding` (the models' names), `paths` and `step`
//! (symbolic execution: control flow, one instruction), `barriers`
//! (barrier synchronisation of a combination), `values` (the value
//! domain), `build` (the [`Lowering`](build) of one combination into a
//! [`LitmusExecution`]) and `names` (atoms and formula builders).

mod barriers;
mod binding;
mod build;
mod names;
mod paths;
mod step;
mod values;

pub use super::execution::RUN_NAME;
pub use super::value::{val_atom, ObsEval, Op, Sym};
pub use barriers::{barrier_variants, BarEdge};
pub use binding::*;
pub use build::build_execution;
pub use names::{ev_name, loc_name, vaddr_name};
pub use paths::{paths, resolve_loc, EvKind, Event, Limits, Path, Strength};
pub use values::value_domain;

use super::execution::LitmusExecution;

/// One combination of paths (one per thread), lowered: the data both the
/// Alloy printer and the IR builder read (see [`super::execution`]).
pub type Lowered = LitmusExecution;
