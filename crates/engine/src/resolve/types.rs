//! Column types used to disambiguate overloaded names.
//!
//! Alloy gives every relational expression a type: a union of products of
//! sigs that are not subset sigs (a subset sig has its parents' types). Two
//! such sigs meet when one extends the other (the meet is the smaller one);
//! siblings do not, so `(x & req).details` picks `req`'s field `details`
//! and not `val`'s. relprove keeps the same information — each column is
//! such a sig, `Int`, or `univ` — to decide which of several same-named
//! fields, funs or preds an occurrence means (Alloy's "relevance" rule).
//! Types never cause errors by themselves: arity errors are reported from
//! arities, and an empty type only makes an alternative less preferred.

use std::collections::BTreeSet;

/// One column of a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Prim {
    /// Matches every column.
    Univ,
    /// The built-in `Int`.
    Int,
    /// A sig that is not a subset sig, as its interval in a depth-first
    /// numbering of the `extends` forest: `pre` is its own number, and its
    /// descendants are numbered `pre + 1 .. end` (so ancestry is interval
    /// containment, and a `Prim` stays `Copy`).
    Sig {
        /// The sig's own number in the depth-first numbering.
        pre: u32,
        /// One past the largest number of the sig and its descendants.
        end: u32,
    },
}

impl Prim {
    /// Whether `self` is `other` or one of its `extends` ancestors.
    fn contains(self, other: Prim) -> bool {
        match (self, other) {
            (Prim::Sig { pre, end }, Prim::Sig { pre: p, .. }) => pre <= p && p < end,
            (x, y) => x == y,
        }
    }
}

/// A union of products of [`Prim`]s, all of length `arity`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Type {
    /// The number of columns.
    pub arity: usize,
    /// The products in the union, each a list of `arity` columns.
    pub tuples: BTreeSet<Vec<Prim>>,
}

/// Beyond this many products a type is widened to all-`univ`.
const MAX_TUPLES: usize = 128;

fn meet(a: Prim, b: Prim) -> Option<Prim> {
    match (a, b) {
        (Prim::Univ, x) | (x, Prim::Univ) => Some(x),
        (x, y) if x.contains(y) => Some(y),
        (x, y) if y.contains(x) => Some(x),
        _ => None,
    }
}

impl Type {
    /// The type of arity `arity` that meets everything.
    pub fn univ(arity: usize) -> Type {
        Type::from_tuples(arity, [vec![Prim::Univ; arity]])
    }
    /// The type of `Int`.
    pub fn int() -> Type {
        Type::from_tuples(1, [vec![Prim::Int]])
    }
    /// The arity-0 "type" of a formula: relevant or not.
    pub fn formula(relevant: bool) -> Type {
        if relevant {
            Type::from_tuples(0, [vec![]])
        } else {
            Type {
                arity: 0,
                tuples: BTreeSet::new(),
            }
        }
    }
    /// The unary type that is the union of `prims`.
    pub fn unary(prims: impl IntoIterator<Item = Prim>) -> Type {
        Type::from_tuples(1, prims.into_iter().map(|p| vec![p]))
    }
    /// The union of `tuples`, of arity `arity` (widened to all-`univ`
    /// beyond `MAX_TUPLES` products).
    pub fn from_tuples(arity: usize, tuples: impl IntoIterator<Item = Vec<Prim>>) -> Type {
        Type {
            arity,
            tuples: tuples.into_iter().collect(),
        }
        .widened()
    }
    fn widened(self) -> Type {
        if self.tuples.len() > MAX_TUPLES {
            Type::univ(self.arity)
        } else {
            self
        }
    }
    /// Whether the type has no products (it meets nothing).
    pub fn is_empty(&self) -> bool {
        self.tuples.is_empty()
    }
    /// `a + b`: the products of both.
    pub fn union(&self, other: &Type) -> Type {
        Type::from_tuples(
            self.arity,
            self.tuples.iter().chain(other.tuples.iter()).cloned(),
        )
    }
    /// `a & b`: the column-wise meets of the products of equal length.
    pub fn intersect(&self, other: &Type) -> Type {
        let mut out = BTreeSet::new();
        for a in &self.tuples {
            for b in &other.tuples {
                if a.len() != b.len() {
                    continue;
                }
                let m: Option<Vec<Prim>> = a.iter().zip(b).map(|(&x, &y)| meet(x, y)).collect();
                if let Some(m) = m {
                    out.insert(m);
                }
            }
        }
        Type::from_tuples(self.arity, out)
    }
    /// Whether the two types share a tuple (same arity assumed).
    pub fn overlaps(&self, other: &Type) -> bool {
        !self.intersect(other).is_empty()
    }
    /// `a.b`: joins each product whose last column meets the other's first.
    pub fn join(&self, other: &Type) -> Type {
        let arity = (self.arity + other.arity).saturating_sub(2);
        let mut out = BTreeSet::new();
        for a in &self.tuples {
            for b in &other.tuples {
                let (Some(&x), Some(&y)) = (a.last(), b.first()) else {
                    continue;
                };
                if meet(x, y).is_some() {
                    let mut t = a[..a.len() - 1].to_vec();
                    t.extend_from_slice(&b[1..]);
                    out.insert(t);
                }
            }
        }
        Type::from_tuples(arity, out)
    }
    /// `a -> b`: every product of `self` followed by every product of `other`.
    pub fn product(&self, other: &Type) -> Type {
        let mut out = BTreeSet::new();
        for a in &self.tuples {
            for b in &other.tuples {
                let mut t = a.clone();
                t.extend_from_slice(b);
                out.insert(t);
            }
        }
        Type::from_tuples(self.arity + other.arity, out)
    }
    /// `~r`: every product reversed.
    pub fn transpose(&self) -> Type {
        Type::from_tuples(
            self.arity,
            self.tuples
                .iter()
                .map(|t| t.iter().rev().copied().collect()),
        )
    }
    /// `s <: r`: the tuples of `r` whose first column meets `s`.
    pub fn domain_restrict(set: &Type, rel: &Type) -> Type {
        let mut out = BTreeSet::new();
        for s in &set.tuples {
            for r in &rel.tuples {
                if let (Some(&x), Some(&y)) = (s.first(), r.first()) {
                    if let Some(m) = meet(x, y) {
                        let mut t = r.clone();
                        t[0] = m;
                        out.insert(t);
                    }
                }
            }
        }
        Type::from_tuples(rel.arity, out)
    }
    /// `r :> s`.
    pub fn range_restrict(rel: &Type, set: &Type) -> Type {
        Type::domain_restrict(set, &rel.transpose()).transpose()
    }
    /// `^r`: the fixpoint of `r + r.r`.
    pub fn closure(&self) -> Type {
        let mut cur = self.clone();
        for _ in 0..8 {
            let next = cur.union(&cur.join(self));
            if next == cur {
                break;
            }
            cur = next;
        }
        cur
    }
    /// The type of `*r`: `^r` plus the identity on the sigs `r` relates
    /// (Alloy's relevance for `*r`, its `resolveClosure`: the identity part
    /// relates nothing outside `r`'s own columns).
    pub fn reflexive_closure(&self) -> Type {
        let diag = self
            .tuples
            .iter()
            .flatten()
            .map(|&p| vec![p, p])
            .collect::<Vec<_>>();
        self.closure().union(&Type::from_tuples(2, diag))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(i: u32) -> Prim {
        Prim::Sig {
            pre: i * 10,
            end: i * 10 + 1,
        }
    }

    #[test]
    fn join_keeps_only_matching_columns() {
        let r = Type::from_tuples(2, [vec![s(0), s(1)]]);
        let q = Type::from_tuples(2, [vec![s(1), s(2)]]);
        assert_eq!(r.join(&q), Type::from_tuples(2, [vec![s(0), s(2)]]));
        assert!(q.join(&r).is_empty());
        assert!(!Type::univ(2).join(&q).is_empty());
    }

    #[test]
    fn restrictions_and_closure() {
        let r = Type::from_tuples(2, [vec![s(0), s(1)], vec![s(1), s(0)]]);
        assert_eq!(
            Type::domain_restrict(&Type::unary([s(0)]), &r),
            Type::from_tuples(2, [vec![s(0), s(1)]])
        );
        assert_eq!(
            Type::range_restrict(&r, &Type::unary([s(0)])),
            Type::from_tuples(2, [vec![s(1), s(0)]])
        );
        assert_eq!(r.closure().tuples.len(), 4);
        assert!(Type::int().overlaps(&Type::univ(1)));
        assert!(!Type::int().overlaps(&Type::unary([s(3)])));
    }

    #[test]
    fn subsigs_meet_their_ancestors_not_their_siblings() {
        let parent = Prim::Sig { pre: 0, end: 3 };
        let (a, b) = (Prim::Sig { pre: 1, end: 2 }, Prim::Sig { pre: 2, end: 3 });
        let field_of_a = Type::from_tuples(2, [vec![a, s(9)]]);
        assert_eq!(Type::unary([parent]).join(&field_of_a), Type::unary([s(9)]));
        assert!(Type::unary([b]).join(&field_of_a).is_empty());
        assert_eq!(
            Type::unary([parent]).intersect(&Type::unary([b])),
            Type::unary([b])
        );
        assert!(!Type::unary([a]).overlaps(&Type::unary([b])));
    }
}
