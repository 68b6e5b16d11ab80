/-!
# Relprove.Rel — Alloy's relational operators over an atom type

Lean 4 core only (no Mathlib, no Std). This mirrors `theories/Rel.v`.

A relation of arity `n` over atoms `A` is a curried predicate `Rel A n`:
`Rel A 0 = Prop`, `Rel A 1 = A → Prop` (a set), `Rel A 2 = A → A → Prop`,
`Rel A 3 = A → A → A → Prop`, and so on. The pointwise operators (union,
intersection, difference, inclusion, `none`, `univ`) are defined once for
every arity; `join` and `product` for every pair of arities; converse,
closure and `iden` are binary, as in Alloy.

Equality of relations is Lean's `=` (by `funext` and `propext`, both in
core), so the laws of `Relprove.Laws` can be used with `rw` and `simp only`.
`Rel.same` (mutual inclusion, as in the Coq library) is provided too, with
`Relprove.same_eq` relating the two.

Arity arithmetic: `join m n` maps `Rel A (m+1)` and `Rel A (n+1)` to
`Rel A (n+m)`, and `product m n` maps `Rel A m` and `Rel A n` to
`Rel A (n+m)`: Lean's `Nat.add` recurses on its second argument, so `n + 0`
and `n + (m+1)` reduce, and at the concrete arities of generated code
(`Rel.join 0 1`, `Rel.product 1 1`, ...) the arity is a numeral anyway.
-/

noncomputable section

namespace Relprove

/-- Relations of arity `n` over atoms `A`. -/
@[reducible] def Rel (A : Type) : Nat → Type
  | 0 => Prop
  | n + 1 => A → Rel A n

/-- Tuples of arity `n` (nested pairs, ending in `Unit`). -/
@[reducible] def Tuple (A : Type) : Nat → Type
  | 0 => Unit
  | n + 1 => Prod A (Tuple A n)

namespace Rel

variable {A : Type}

/-! ## Pointwise lifting of connectives -/

/-- The relation of arity `n` holding of every tuple iff `p` holds. -/
def lift0 (p : Prop) : (n : Nat) → Rel A n
  | 0 => p
  | n + 1 => fun (_ : A) => lift0 p n

/-- A unary connective, applied tuple by tuple. -/
def lift1 (f : Prop → Prop) : (n : Nat) → Rel A n → Rel A n
  | 0, p => f p
  | n + 1, r => fun (a : A) => lift1 f n (r a)

/-- A binary connective, applied tuple by tuple. -/
def lift2 (f : Prop → Prop → Prop) : (n : Nat) → Rel A n → Rel A n → Rel A n
  | 0, p, q => f p q
  | n + 1, r, s => fun (a : A) => lift2 f n (r a) (s a)

/-! ## Pointwise operators, every arity -/

/-- `r in s`. -/
def incl : (n : Nat) → Rel A n → Rel A n → Prop
  | 0, p, q => p → q
  | n + 1, r, s => ∀ (a : A), incl n (r a) (s a)

/-- Mutual inclusion (the Coq library's equality of relations). -/
def same (n : Nat) (r s : Rel A n) : Prop := incl n r s ∧ incl n s r

/-- `r + s`. -/
def union (n : Nat) : Rel A n → Rel A n → Rel A n := lift2 Or n

/-- `r & s`. -/
def inter (n : Nat) : Rel A n → Rel A n → Rel A n := lift2 And n

/-- `r - s`. -/
def diff (n : Nat) : Rel A n → Rel A n → Rel A n := lift2 (fun (p q : Prop) => p ∧ ¬ q) n

/-- `none` of arity `n`. -/
def none (n : Nat) : Rel A n := lift0 False n

/-- `univ` of arity `n`: every tuple of atoms of `A`. -/
def univ (n : Nat) : Rel A n := lift0 True n

/-- `pand n p r`: the tuples of `r`, provided `p` holds. -/
def pand (n : Nat) (p : Prop) : Rel A n → Rel A n := lift1 (fun (q : Prop) => p ∧ q) n

/-- The relation has at least one tuple. -/
def nonempty : (n : Nat) → Rel A n → Prop
  | 0, p => p
  | n + 1, r => ∃ (a : A), nonempty n (r a)

/-- `rex n P`: the union of the family `P x` over all atoms `x`. -/
def rex : (n : Nat) → (A → Rel A n) → Rel A n
  | 0, P => ∃ (x : A), P x
  | n + 1, P => fun (b : A) => rex n (fun (x : A) => P x b)

/-! ## Join and product, every pair of arities -/

/-- `join m n r s` is Alloy's `r.s` for `r` of arity `m+1` and `s` of arity
`n+1`: `join 0 1` is set.relation, `join 1 1` relation.relation, `join 1 0`
relation.set, `join 0 2` set.ternary, ... -/
def join : (m n : Nat) → Rel A (m + 1) → Rel A (n + 1) → Rel A (n + m)
  | 0, n, r, s => rex n (fun (x : A) => pand n (r x) (s x))
  | m + 1, n, r, s => fun (a : A) => join m n (r a) s

/-- `product m n r s` is Alloy's `r -> s` for `r` of arity `m`, `s` of arity `n`. -/
def product : (m n : Nat) → Rel A m → Rel A n → Rel A (n + m)
  | 0, n, p, s => pand n p s
  | m + 1, n, r, s => fun (a : A) => product m n (r a) s

/-! ## Restriction and override -/

/-- `s <: r`. -/
def domr (n : Nat) (s : Rel A 1) (r : Rel A (n + 1)) : Rel A (n + 1) :=
  fun (a : A) => pand n (s a) (r a)

/-- `r :> s`. -/
def ranr : (n : Nat) → Rel A (n + 1) → Rel A 1 → Rel A (n + 1)
  | 0, r, s => fun (a : A) => r a ∧ s a
  | n + 1, r, s => fun (a : A) => ranr n (r a) s

/-- The first column of a relation, as a set. -/
def dom (n : Nat) (r : Rel A (n + 1)) : Rel A 1 := fun (a : A) => nonempty n (r a)

/-- `r ++ s`: the tuples of `s`, and those of `r` whose first atom is not in
the domain of `s`. -/
def override (n : Nat) (r s : Rel A (n + 1)) : Rel A (n + 1) :=
  fun (a : A) => union n (s a) (pand n (¬ nonempty n (s a)) (r a))

/-! ## Binary-only operators -/

/-- `iden`. -/
def iden : Rel A 2 := fun (x y : A) => x = y

/-- `~r`. -/
def transpose (r : Rel A 2) : Rel A 2 := fun (x y : A) => r y x

/-- The least transitive relation containing `r` (all arguments explicit). -/
inductive Closure (r : A → A → Prop) : A → A → Prop where
  | step (x y : A) : r x y → Closure r x y
  | cons (x y z : A) : r x y → Closure r y z → Closure r x z

/-- `^r`. -/
def closure (r : Rel A 2) : Rel A 2 := fun (x y : A) => Closure r x y

/-- `*r` = `^r + iden`. -/
def rclosure (r : Rel A 2) : Rel A 2 := union 2 (closure r) iden

/-- An atom used as a relation: the singleton set `{a}`. -/
def single (a : A) : Rel A 1 := fun (x : A) => x = a

/-- `c => r else s` for relations. -/
def ite (n : Nat) (c : Prop) (r s : Rel A n) : Rel A n :=
  union n (pand n c r) (pand n (¬ c) s)

/-! ## Multiplicity formulas -/

/-- `no r`. -/
def no (n : Nat) (r : Rel A n) : Prop := ¬ nonempty n r

/-- `some r`. -/
def some (n : Nat) (r : Rel A n) : Prop := nonempty n r

/-- `lone r`: at most one tuple. -/
def lone : (n : Nat) → Rel A n → Prop
  | 0, _ => True
  | n + 1, r =>
      (∀ (a b : A), nonempty n (r a) → nonempty n (r b) → a = b) ∧ (∀ (a : A), lone n (r a))

/-- `one r`: exactly one tuple. -/
def one (n : Nat) (r : Rel A n) : Prop := nonempty n r ∧ lone n r

/-! ## Cardinality, without integers -/

/-- Membership of a tuple. -/
def holds : (n : Nat) → Rel A n → Tuple A n → Prop
  | 0, p, _ => p
  | n + 1, r, t => holds n (r (Prod.fst t)) (Prod.snd t)

/-- `atleast n k r`: `r` has at least `k` distinct tuples (`#r >= k`, with
exact, unbounded cardinality): an injective family of `k` of its tuples. -/
def atleast (n k : Nat) (r : Rel A n) : Prop :=
  ∃ (f : Fin k → Tuple A n), (∀ (i j : Fin k), f i = f j → i = j) ∧ (∀ (i : Fin k), holds n r (f i))

/-- `card_le n m r s`: `#r =< #s`. Every count `r` reaches, `s` reaches; on
a finite `A` (Alloy's universes) this compares the exact cardinalities. -/
def card_le (n m : Nat) (r : Rel A n) (s : Rel A m) : Prop :=
  ∀ k, atleast n k r → atleast m k s

/-- `card_lt n m r s`: `#r < #s`, exactly on a finite `A`. -/
def card_lt (n m : Nat) (r : Rel A n) (s : Rel A m) : Prop :=
  ∀ k, atleast n k r → atleast m (k + 1) s

end Rel

end Relprove

end
