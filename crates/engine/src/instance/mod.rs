//! Concrete instances: a universe of atoms and a tuple set for every sig and
//! field. The SAT back end produces them; the evaluator ([`eval`]) checks any
//! formula of the IR against them independently of the translation; the
//! renderers print them (text, JSON, Graphviz).

pub mod brute;
pub mod eval;
pub mod graph;
pub mod render;

use std::collections::BTreeMap;

use crate::ir::{FieldId, SigId};

// The atom vocabulary is the bounds' (a universe exists before any
// instance does); instances and their users keep naming it from here.
pub use crate::bounds::universe::{int_range, wrap_int, Atom, AtomInfo, Tuple, TupleSet, Universe};

/// One instance of a model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Instance {
    /// The atoms of the instance.
    pub universe: Universe,
    /// Every sig of the model (including `one` sigs and subset sigs), as unary
    /// tuple sets.
    pub sigs: BTreeMap<SigId, TupleSet>,
    /// Every field of the model.
    pub fields: BTreeMap<FieldId, TupleSet>,
    /// Skolem witnesses of the command's top-level existentials, by the
    /// name Alloy would print (`$MP_e`), in order of appearance.
    pub skolems: Vec<(String, TupleSet)>,
}
