//! The universe of a command: its atoms in a fixed order, with their labels
//! and integer values, and the tuple types over them. Bounds are stated over
//! it; instances (crate::instance, which re-exports these names) are sets of
//! its tuples.

use std::collections::BTreeSet;

/// Index of an atom in a [`Universe`].
pub type Atom = u32;
/// A tuple of atoms (length = arity, at least 1).
pub type Tuple = Vec<Atom>;
/// A set of tuples of one arity, ordered (so output is deterministic).
pub type TupleSet = BTreeSet<Tuple>;

/// The atoms of one instance, in a fixed order: sig atoms first (labelled
/// like Alloy's, `Event$0`), then the integer atoms of the bitwidth in
/// increasing order (labelled by their value, `-8` ... `7`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Universe {
    /// Every atom, indexed by [`Atom`].
    pub atoms: Vec<AtomInfo>,
    /// Integer bitwidth (Alloy's default is 4: integers -8..7).
    pub bitwidth: u32,
    /// The longest sequence: `seq/Int` is the integers `0 .. maxseq-1`.
    pub maxseq: u32,
}

/// One atom of a [`Universe`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomInfo {
    /// Its name in instances (`Node$0`, or the integer's value).
    pub label: String,
    /// `Some(v)` for the integer atom of value `v`.
    pub int: Option<i64>,
}

impl Universe {
    /// The number of atoms.
    pub fn len(&self) -> usize {
        self.atoms.len()
    }
    /// No atom at all.
    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty()
    }
    /// The name of atom `a`.
    pub fn label(&self, a: Atom) -> &str {
        &self.atoms[a as usize].label
    }
    /// The atom for integer `v`, if `v` is representable in the bitwidth.
    pub fn int_atom(&self, v: i64) -> Option<Atom> {
        self.atoms
            .iter()
            .position(|a| a.int == Some(v))
            .map(|i| i as Atom)
    }
    /// The atoms of `seq/Int`: the integers `0 .. maxseq-1`, in order.
    pub fn seq_idx_atoms(&self) -> impl Iterator<Item = Atom> + '_ {
        (0..self.maxseq as i64).filter_map(|v| self.int_atom(v))
    }
    /// The value of `a` if it is an integer atom.
    pub fn int_value(&self, a: Atom) -> Option<i64> {
        self.atoms.get(a as usize).and_then(|i| i.int)
    }
    /// Smallest and largest integer of the bitwidth (two's complement).
    pub fn int_range(&self) -> (i64, i64) {
        int_range(self.bitwidth)
    }
}

/// Smallest and largest integer representable in `bitwidth` bits.
pub fn int_range(bitwidth: u32) -> (i64, i64) {
    if bitwidth == 0 {
        return (0, -1);
    }
    let max = (1i64 << (bitwidth - 1)) - 1;
    (-max - 1, max)
}

/// Wrap an integer into the bitwidth (two's-complement overflow, as Alloy's
/// arithmetic does).
pub fn wrap_int(v: i64, bitwidth: u32) -> i64 {
    if bitwidth == 0 || bitwidth >= 64 {
        return v;
    }
    let m = 1i64 << bitwidth;
    let r = v.rem_euclid(m);
    if r >= m / 2 {
        r - m
    } else {
        r
    }
}
