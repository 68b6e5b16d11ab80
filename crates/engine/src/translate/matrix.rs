//! Sparse boolean matrices: a relation of arity k over a universe of n atoms
//! as a sorted list of (tuple index, literal) pairs, where the tuple
//! `(a1..ak)` has index `a1*n^(k-1) + ... + ak`. Absent entries are `false`,
//! so a matrix only holds tuples that may be in the relation.

use super::circuit::{Circuit, Lit};
use crate::budget::{Exhausted, MemoryNeed};

/// A matrix operation's result: it stops when the circuit's budget is
/// exhausted (checked once per entry produced).
pub type MResult = Result<Matrix, Exhausted>;

/// Bytes of one matrix entry.
const ENTRY_BYTES: u64 = std::mem::size_of::<(u64, Lit)>() as u64;

/// A relation of some arity as a sparse boolean matrix (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Matrix {
    /// Number of columns of the relation.
    pub arity: usize,
    /// Sorted by index, no `Lit::FALSE` entries.
    pub entries: Vec<(u64, Lit)>,
}

impl Matrix {
    /// The empty relation of this arity.
    pub fn empty(arity: usize) -> Matrix {
        Matrix {
            arity,
            entries: Vec::new(),
        }
    }
    /// From unsorted entries; `FALSE`s dropped; duplicate indices OR-ed.
    pub fn from_entries(c: &mut Circuit, arity: usize, mut es: Vec<(u64, Lit)>) -> Matrix {
        es.sort_unstable_by_key(|e| e.0);
        let mut out: Vec<(u64, Lit)> = Vec::with_capacity(es.len());
        let mut i = 0;
        let mut group: Vec<Lit> = Vec::new();
        while i < es.len() {
            let idx = es[i].0;
            let mut j = i;
            group.clear();
            while j < es.len() && es[j].0 == idx {
                group.push(es[j].1);
                j += 1;
            }
            let l = if group.len() == 1 {
                group[0]
            } else {
                c.or(&group)
            };
            if l != Lit::FALSE {
                out.push((idx, l));
            }
            i = j;
        }
        Matrix {
            arity,
            entries: out,
        }
    }
    /// The literal of the tuple with index `idx` (`FALSE` when absent).
    pub fn get(&self, idx: u64) -> Lit {
        match self.entries.binary_search_by_key(&idx, |e| e.0) {
            Ok(i) => self.entries[i].1,
            Err(_) => Lit::FALSE,
        }
    }
    /// Whether no tuple may be in the relation.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// The literals of all entries, in index order.
    pub fn lits(&self) -> Vec<Lit> {
        self.entries.iter().map(|e| e.1).collect()
    }
}

/// Tuple index arithmetic for a universe of `n` atoms.
#[derive(Clone, Copy, Debug)]
pub struct Dims {
    /// Number of atoms in the universe.
    pub n: u64,
}

/// A matrix's entries grouped by first atom (contiguous, as entries are
/// sorted), for joins: indexed by the atom in a vector when the universe is
/// small (a hash map here was a tenth of the Dat3M litmus folder's
/// translation time), hashed when it is large and the matrix sparse.
enum FirstAtomRanges {
    Dense(Vec<(usize, usize)>),
    Sparse(rustc_hash::FxHashMap<u64, (usize, usize)>),
}

impl FirstAtomRanges {
    fn new(n: u64, m: &Matrix, suffix: u64) -> FirstAtomRanges {
        let dense = n <= 4096 || n <= 4 * m.entries.len() as u64;
        let mut out = if dense {
            FirstAtomRanges::Dense(vec![(0, 0); n as usize])
        } else {
            FirstAtomRanges::Sparse(Default::default())
        };
        let mut i = 0;
        while i < m.entries.len() {
            let first = m.entries[i].0 / suffix;
            let mut j = i;
            while j < m.entries.len() && m.entries[j].0 / suffix == first {
                j += 1;
            }
            match &mut out {
                FirstAtomRanges::Dense(v) => v[first as usize] = (i, j),
                FirstAtomRanges::Sparse(h) => {
                    h.insert(first, (i, j));
                }
            }
            i = j;
        }
        out
    }

    fn get<'m>(&self, entries: &'m [(u64, Lit)], atom: u64) -> &'m [(u64, Lit)] {
        let (s, e) = match self {
            FirstAtomRanges::Dense(v) => v[atom as usize],
            FirstAtomRanges::Sparse(h) => h.get(&atom).copied().unwrap_or((0, 0)),
        };
        &entries[s..e]
    }
}

impl Dims {
    /// `n^k`, saturating (a relation whose tuple indices overflow is
    /// refused by [`Dims::fits`] before it is built).
    pub fn pow(&self, k: usize) -> u64 {
        self.n.saturating_pow(k as u32)
    }

    /// Whether tuples of arity `k` have indices that fit in a `u64`.
    pub fn fits(&self, k: usize) -> Result<(), Exhausted> {
        match self.n.checked_pow(k as u32) {
            Some(_) => Ok(()),
            None => Err(Exhausted::Memory(MemoryNeed {
                what: format!("a relation of arity {k} over {} atoms", self.n),
                bytes: u64::MAX,
                limit: u64::MAX,
            })),
        }
    }
    /// The index of tuple `t`.
    pub fn index(&self, t: &[u32]) -> u64 {
        t.iter().fold(0u64, |acc, &a| acc * self.n + a as u64)
    }
    /// The tuple of `arity` atoms with index `idx` (the inverse of `index`).
    pub fn tuple(&self, mut idx: u64, arity: usize) -> Vec<u32> {
        let mut t = vec![0u32; arity];
        for i in (0..arity).rev() {
            t[i] = (idx % self.n) as u32;
            idx /= self.n;
        }
        t
    }

    /// `a + b`: entries present in either are OR-ed.
    pub fn union(&self, c: &mut Circuit, a: &Matrix, b: &Matrix) -> MResult {
        let mut out = Vec::with_capacity(a.entries.len() + b.entries.len());
        let (mut i, mut j) = (0, 0);
        while i < a.entries.len() || j < b.entries.len() {
            c.check()?;
            if j >= b.entries.len() || (i < a.entries.len() && a.entries[i].0 < b.entries[j].0) {
                out.push(a.entries[i]);
                i += 1;
            } else if i >= a.entries.len() || b.entries[j].0 < a.entries[i].0 {
                out.push(b.entries[j]);
                j += 1;
            } else {
                let l = c.or2(a.entries[i].1, b.entries[j].1);
                out.push((a.entries[i].0, l));
                i += 1;
                j += 1;
            }
        }
        Ok(Matrix {
            arity: a.arity,
            entries: out,
        })
    }

    /// `a & b`: entries present in both are AND-ed.
    pub fn intersection(&self, c: &mut Circuit, a: &Matrix, b: &Matrix) -> MResult {
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < a.entries.len() && j < b.entries.len() {
            c.check()?;
            let (x, y) = (a.entries[i], b.entries[j]);
            if x.0 < y.0 {
                i += 1;
            } else if y.0 < x.0 {
                j += 1;
            } else {
                let l = c.and2(x.1, y.1);
                if l != Lit::FALSE {
                    out.push((x.0, l));
                }
                i += 1;
                j += 1;
            }
        }
        Ok(Matrix {
            arity: a.arity,
            entries: out,
        })
    }

    /// `a - b`: each entry of `a` AND-ed with the negation of `b`'s.
    pub fn difference(&self, c: &mut Circuit, a: &Matrix, b: &Matrix) -> MResult {
        let mut out = Vec::with_capacity(a.entries.len());
        let mut j = 0;
        for &(idx, l) in &a.entries {
            c.check()?;
            while j < b.entries.len() && b.entries[j].0 < idx {
                j += 1;
            }
            let r = if j < b.entries.len() && b.entries[j].0 == idx {
                c.and2(l, !b.entries[j].1)
            } else {
                l
            };
            if r != Lit::FALSE {
                out.push((idx, r));
            }
        }
        Ok(Matrix {
            arity: a.arity,
            entries: out,
        })
    }

    /// `a.b`: the last column of `a` meets the first column of `b`.
    pub fn join(&self, c: &mut Circuit, a: &Matrix, b: &Matrix) -> MResult {
        let arity = a.arity + b.arity - 2;
        self.fits(arity)?;
        if a.entries.is_empty() || b.entries.is_empty() {
            return Ok(Matrix {
                arity,
                entries: Vec::new(),
            });
        }
        let bsuf = self.pow(b.arity - 1);
        let ranges = FirstAtomRanges::new(self.n, b, bsuf);
        let mut acc: Vec<(u64, Lit)> = Vec::new();
        for &(ia, la) in &a.entries {
            let last = ia % self.n;
            let prefix = ia / self.n;
            for &(ib, lb) in ranges.get(&b.entries, last) {
                c.check()?;
                let l = c.and2(la, lb);
                if l != Lit::FALSE {
                    acc.push((prefix * bsuf + ib % bsuf, l));
                }
            }
        }
        Ok(Matrix::from_entries(c, arity, acc))
    }

    /// `a -> b`: the Cartesian product (sized against the budget before it is built).
    pub fn product(&self, c: &mut Circuit, a: &Matrix, b: &Matrix) -> MResult {
        self.fits(a.arity + b.arity)?;
        let sh = self.pow(b.arity);
        // Sized before it is allocated: `univ -> univ -> univ` over a
        // large universe must be refused, not attempted.
        let n = (a.entries.len() as u64).saturating_mul(b.entries.len() as u64);
        c.budget().reserve(n.saturating_mul(ENTRY_BYTES), || {
            format!("a product of arity {} ({n} tuples)", a.arity + b.arity)
        })?;
        let mut out = Vec::with_capacity(n as usize);
        for &(ia, la) in &a.entries {
            for &(ib, lb) in &b.entries {
                c.check()?;
                let l = c.and2(la, lb);
                if l != Lit::FALSE {
                    out.push((ia * sh + ib, l));
                }
            }
        }
        // a sorted, b sorted => out sorted
        Ok(Matrix {
            arity: a.arity + b.arity,
            entries: out,
        })
    }

    /// `~a` (binary only).
    pub fn transpose(&self, a: &Matrix) -> Matrix {
        let mut out: Vec<(u64, Lit)> = a
            .entries
            .iter()
            .map(|&(i, l)| ((i % self.n) * self.n + i / self.n, l))
            .collect();
        out.sort_unstable_by_key(|e| e.0);
        Matrix {
            arity: 2,
            entries: out,
        }
    }

    /// `a ++ b`: tuples of `b`, plus tuples of `a` whose first atom is not
    /// a first atom of `b`.
    pub fn override_(&self, c: &mut Circuit, a: &Matrix, b: &Matrix) -> MResult {
        let suf = self.pow(a.arity - 1);
        let dom_b = self.domain(c, b)?;
        let mut kept = Vec::new();
        for &(i, l) in &a.entries {
            c.check()?;
            let in_b = dom_b.get(i / suf);
            let r = c.and2(l, !in_b);
            if r != Lit::FALSE {
                kept.push((i, r));
            }
        }
        let kept = Matrix {
            arity: a.arity,
            entries: kept,
        };
        self.union(c, &kept, b)
    }

    /// The set of first atoms (unary).
    pub fn domain(&self, c: &mut Circuit, a: &Matrix) -> MResult {
        let suf = self.pow(a.arity - 1);
        Ok(Matrix::from_entries(
            c,
            1,
            a.entries.iter().map(|&(i, l)| (i / suf, l)).collect(),
        ))
    }

    /// The set of last atoms (unary).
    pub fn range(&self, c: &mut Circuit, a: &Matrix) -> MResult {
        Ok(Matrix::from_entries(
            c,
            1,
            a.entries.iter().map(|&(i, l)| (i % self.n, l)).collect(),
        ))
    }

    /// `s <: r`.
    pub fn domain_restrict(&self, c: &mut Circuit, s: &Matrix, r: &Matrix) -> MResult {
        let suf = self.pow(r.arity - 1);
        let mut out = Vec::new();
        for &(i, l) in &r.entries {
            c.check()?;
            let g = c.and2(l, s.get(i / suf));
            if g != Lit::FALSE {
                out.push((i, g));
            }
        }
        Ok(Matrix {
            arity: r.arity,
            entries: out,
        })
    }

    /// `r :> s`.
    pub fn range_restrict(&self, c: &mut Circuit, r: &Matrix, s: &Matrix) -> MResult {
        let mut out = Vec::new();
        for &(i, l) in &r.entries {
            c.check()?;
            let g = c.and2(l, s.get(i % self.n));
            if g != Lit::FALSE {
                out.push((i, g));
            }
        }
        Ok(Matrix {
            arity: r.arity,
            entries: out,
        })
    }

    /// `^a` by iterative squaring: `r := r + r.r` until stable or until
    /// paths as long as the number of atoms involved are covered.
    pub fn closure(&self, c: &mut Circuit, a: &Matrix) -> MResult {
        let mut atoms: Vec<u64> = a
            .entries
            .iter()
            .flat_map(|&(i, _)| [i / self.n, i % self.n])
            .collect();
        atoms.sort_unstable();
        atoms.dedup();
        let mut cur = a.clone();
        let mut len = 1usize;
        while len < atoms.len() {
            let sq = self.join(c, &cur, &cur)?;
            let next = self.union(c, &cur, &sq)?;
            if next == cur {
                break;
            }
            cur = next;
            len *= 2;
        }
        Ok(cur)
    }

    /// Slice of `a` for the tuples whose first `k` atoms are the tuple with
    /// index `prefix` (arity `a.arity - k`).
    pub fn slice_prefix(&self, a: &Matrix, k: usize, prefix: u64) -> Matrix {
        let suf = self.pow(a.arity - k);
        let lo = prefix * suf;
        let hi = lo + suf;
        let s = a.entries.partition_point(|e| e.0 < lo);
        let e = a.entries.partition_point(|e| e.0 < hi);
        Matrix {
            arity: a.arity - k,
            entries: a.entries[s..e].iter().map(|&(i, l)| (i - lo, l)).collect(),
        }
    }

    /// Slice of `a` for the tuples whose last `k` atoms are the tuple
    /// `suffix` (arity `a.arity - k`).
    pub fn slice_suffix(&self, a: &Matrix, k: usize, suffix: u64) -> Matrix {
        let m = self.pow(k);
        Matrix {
            arity: a.arity - k,
            entries: a
                .entries
                .iter()
                .filter(|e| e.0 % m == suffix)
                .map(|&(i, l)| (i / m, l))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    type Rel = BTreeSet<Vec<u32>>;

    fn constant(d: &Dims, r: &Rel, arity: usize) -> Matrix {
        let mut es: Vec<(u64, Lit)> = r.iter().map(|t| (d.index(t), Lit::TRUE)).collect();
        es.sort();
        Matrix { arity, entries: es }
    }
    fn back(d: &Dims, m: &Matrix) -> Rel {
        m.entries
            .iter()
            .map(|&(i, l)| {
                assert_eq!(l, Lit::TRUE);
                d.tuple(i, m.arity)
            })
            .collect()
    }
    fn rel_join(a: &Rel, b: &Rel) -> Rel {
        let mut out = Rel::new();
        for x in a {
            for y in b {
                if x.last() == y.first() {
                    let mut t = x[..x.len() - 1].to_vec();
                    t.extend_from_slice(&y[1..]);
                    out.insert(t);
                }
            }
        }
        out
    }

    fn rels(seed: u64, n: u32, arity: usize) -> Rel {
        // tiny deterministic PRNG
        let mut s = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut out = Rel::new();
        let total = (n as u64).pow(arity as u32);
        for i in 0..total {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (s >> 33).is_multiple_of(3) {
                out.insert(Dims { n: n as u64 }.tuple(i, arity));
            }
        }
        out
    }

    #[test]
    fn constant_matrix_ops_match_set_semantics() {
        let n = 4u32;
        let d = Dims { n: n as u64 };
        let mut c = Circuit::new();
        for seed in 0..40u64 {
            let a = rels(seed, n, 2);
            let b = rels(seed + 1000, n, 2);
            let u = rels(seed + 7, n, 1);
            let t3 = rels(seed + 99, n, 3);
            let (ma, mb, mu, m3) = (
                constant(&d, &a, 2),
                constant(&d, &b, 2),
                constant(&d, &u, 1),
                constant(&d, &t3, 3),
            );
            assert_eq!(
                back(&d, &d.union(&mut c, &ma, &mb).unwrap()),
                a.union(&b).cloned().collect()
            );
            assert_eq!(
                back(&d, &d.intersection(&mut c, &ma, &mb).unwrap()),
                a.intersection(&b).cloned().collect()
            );
            assert_eq!(
                back(&d, &d.difference(&mut c, &ma, &mb).unwrap()),
                a.difference(&b).cloned().collect()
            );
            assert_eq!(
                back(&d, &d.join(&mut c, &ma, &mb).unwrap()),
                rel_join(&a, &b)
            );
            assert_eq!(
                back(&d, &d.join(&mut c, &mu, &ma).unwrap()),
                rel_join(&u, &a)
            );
            assert_eq!(
                back(&d, &d.join(&mut c, &m3, &ma).unwrap()),
                rel_join(&t3, &a)
            );
            assert_eq!(
                back(&d, &d.join(&mut c, &ma, &m3).unwrap()),
                rel_join(&a, &t3)
            );
            let prod: Rel = u
                .iter()
                .flat_map(|x| a.iter().map(move |y| [x.clone(), y.clone()].concat()))
                .collect();
            assert_eq!(back(&d, &d.product(&mut c, &mu, &ma).unwrap()), prod);
            let tr: Rel = a.iter().map(|t| vec![t[1], t[0]]).collect();
            assert_eq!(back(&d, &d.transpose(&ma)), tr);
            let dom_b: BTreeSet<u32> = b.iter().map(|t| t[0]).collect();
            let ov: Rel = a
                .iter()
                .filter(|t| !dom_b.contains(&t[0]))
                .cloned()
                .chain(b.iter().cloned())
                .collect();
            assert_eq!(back(&d, &d.override_(&mut c, &ma, &mb).unwrap()), ov);
            let dr: Rel = a
                .iter()
                .filter(|t| u.contains(&vec![t[0]]))
                .cloned()
                .collect();
            assert_eq!(back(&d, &d.domain_restrict(&mut c, &mu, &ma).unwrap()), dr);
            let rr: Rel = a
                .iter()
                .filter(|t| u.contains(&vec![t[1]]))
                .cloned()
                .collect();
            assert_eq!(back(&d, &d.range_restrict(&mut c, &ma, &mu).unwrap()), rr);
            // closure: fixpoint of joins
            let mut cl = a.clone();
            loop {
                let step = rel_join(&cl, &cl);
                let before = cl.len();
                cl.extend(step);
                if cl.len() == before {
                    break;
                }
            }
            assert_eq!(back(&d, &d.closure(&mut c, &ma).unwrap()), cl);
            // slices
            for x in 0..n {
                let sl: Rel = a.iter().filter(|t| t[0] == x).map(|t| vec![t[1]]).collect();
                assert_eq!(back(&d, &d.slice_prefix(&ma, 1, x as u64)), sl);
                let ss: Rel = a.iter().filter(|t| t[1] == x).map(|t| vec![t[0]]).collect();
                assert_eq!(back(&d, &d.slice_suffix(&ma, 1, x as u64)), ss);
            }
        }
    }

    #[test]
    fn closure_of_a_long_chain_with_variables() {
        // A chain 0->1->...->7 whose edges are variables: the closure entry
        // (0,7) must be the conjunction of all edges.
        let n = 8u64;
        let d = Dims { n };
        let mut c = Circuit::new();
        let edges: Vec<Lit> = (0..7).map(|_| c.input()).collect();
        let m = Matrix {
            arity: 2,
            entries: (0..7).map(|i| (i * n + i + 1, edges[i as usize])).collect(),
        };
        let cl = d.closure(&mut c, &m).unwrap();
        let l = cl.get(7);
        for mask in 0u32..128 {
            let v = move |node: u32| (mask >> (node - 1)) & 1 == 1;
            assert_eq!(c.eval(l, &v), mask == 127);
        }
        assert_eq!(cl.get(7 * n), Lit::FALSE);
    }
}
