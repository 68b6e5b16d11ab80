(** * Relprove.Rel — Alloy's relational operators over an abstract atom type.

    A relation of arity [n] over atoms [A] is a curried predicate
    [rel A n] (a [Fixpoint] on [n]): [rel A 1] is [A -> Prop] (a set),
    [rel A 2] is [A -> A -> Prop] (RelationAlgebra's [hrel A A],
    definitionally), [rel A 3] is [A -> A -> A -> Prop], and so on.
    The pointwise operators (union, intersection, difference, inclusion,
    [none], [univ]) are defined once for every arity; [join] and [product]
    are defined for every pair of arities; converse, closure and [iden] are
    binary, as in Alloy.

    Equality of relations is [same] (mutual inclusion), never Leibniz
    equality: no extensionality axiom is needed anywhere in this library. *)


Set Asymmetric Patterns.
Require Import Coq.Lists.List.

Section Rel.
Variable A : Type.

(** Relations of arity [n]. *)
Fixpoint rel (n : nat) : Type :=
  match n with
  | O => Prop
  | S k => A -> rel k
  end.

(** ** Pointwise operators, every arity *)

(** [r in s]. *)
Fixpoint incl (n : nat) : rel n -> rel n -> Prop :=
  match n return rel n -> rel n -> Prop with
  | O => fun p q => p -> q
  | S k => fun r s => forall a, incl k (r a) (s a)
  end.

(** [r = s]: mutual inclusion. *)
Definition same (n : nat) (r s : rel n) : Prop := incl n r s /\ incl n s r.

(** [r + s]. *)
Fixpoint union (n : nat) : rel n -> rel n -> rel n :=
  match n return rel n -> rel n -> rel n with
  | O => fun p q => p \/ q
  | S k => fun r s a => union k (r a) (s a)
  end.

(** [r & s]. *)
Fixpoint inter (n : nat) : rel n -> rel n -> rel n :=
  match n return rel n -> rel n -> rel n with
  | O => fun p q => p /\ q
  | S k => fun r s a => inter k (r a) (s a)
  end.

(** [r - s]. *)
Fixpoint diff (n : nat) : rel n -> rel n -> rel n :=
  match n return rel n -> rel n -> rel n with
  | O => fun p q => p /\ ~ q
  | S k => fun r s a => diff k (r a) (s a)
  end.

(** [none] (of arity [n]: [none -> none ...]). *)
Fixpoint none (n : nat) : rel n :=
  match n return rel n with
  | O => False
  | S k => fun _ => none k
  end.

(** [univ] (of arity [n]: [univ -> univ ...]). Every atom of [A]. *)
Fixpoint univ (n : nat) : rel n :=
  match n return rel n with
  | O => True
  | S k => fun _ => univ k
  end.

(** The relation has at least one tuple. *)
Fixpoint nonempty (n : nat) : rel n -> Prop :=
  match n return rel n -> Prop with
  | O => fun p => p
  | S k => fun r => exists a, nonempty k (r a)
  end.

(** [pand n p r]: every tuple of [r], provided [p] holds. *)
Fixpoint pand (n : nat) (p : Prop) : rel n -> rel n :=
  match n return rel n -> rel n with
  | O => fun q => p /\ q
  | S k => fun r a => pand k p (r a)
  end.

(** [rex n P]: the union of the family [P x] over all atoms [x]. *)
Fixpoint rex (n : nat) : (A -> rel n) -> rel n :=
  match n return (A -> rel n) -> rel n with
  | O => fun P => exists x, P x
  | S k => fun P b => rex k (fun x => P x b)
  end.

(** ** Join and product, every pair of arities *)

(** [join m n r s] is Alloy's [r.s] for [r] of arity [m+1] and [s] of
    arity [n+1]: [join 0 1] is set.relation, [join 1 1] relation.relation,
    [join 1 0] relation.set, [join 1 2] relation.ternary, ... *)
Fixpoint join (m n : nat) : rel (S m) -> rel (S n) -> rel (m + n) :=
  match m return rel (S m) -> rel (S n) -> rel (m + n) with
  | O => fun r s => rex n (fun x => pand n (r x) (s x))
  | S m' => fun r s a => join m' n (r a) s
  end.

(** [product m n r s] is Alloy's [r -> s] for [r] of arity [m], [s] of
    arity [n]. *)
Fixpoint product (m n : nat) : rel m -> rel n -> rel (m + n) :=
  match m return rel m -> rel n -> rel (m + n) with
  | O => fun p s => pand n p s
  | S m' => fun r s a => product m' n (r a) s
  end.

(** ** Restriction and override *)

(** [s <: r]. *)
Definition domr (n : nat) (s : rel 1) (r : rel (S n)) : rel (S n) :=
  fun a => pand n (s a) (r a).

(** [r :> s]. *)
Fixpoint ranr (n : nat) : rel (S n) -> rel 1 -> rel (S n) :=
  match n return rel (S n) -> rel 1 -> rel (S n) with
  | O => fun r s a => r a /\ s a
  | S k => fun r s a => ranr k (r a) s
  end.

(** The first column of a relation ([r.univ...] as a set). *)
Definition dom (n : nat) (r : rel (S n)) : rel 1 := fun a => nonempty n (r a).

(** [r ++ s]: the tuples of [s], and those of [r] whose first atom is not
    in the domain of [s]. *)
Definition override (n : nat) (r s : rel (S n)) : rel (S n) :=
  fun a => union n (s a) (pand n (~ nonempty n (s a)) (r a)).

(** ** Binary-only operators *)

(** [iden]. *)
Definition iden : rel 2 := fun x y => x = y.

(** [~r]. *)
Definition transpose (r : rel 2) : rel 2 := fun x y => r y x.

(** [^r]: the least transitive relation containing [r]. *)
Inductive closure (r : rel 2) : A -> A -> Prop :=
| closure_step : forall x y, r x y -> closure r x y
| closure_cons : forall x y z, r x y -> closure r y z -> closure r x z.

(** [*r] = [^r + iden]. *)
Definition rclosure (r : rel 2) : rel 2 := union 2 (closure r) iden.

(** An atom used as a relation: the singleton set [{a}]. *)
Definition single (a : A) : rel 1 := fun x => x = a.

(** [c => r else s] for relations. *)
Definition ite (n : nat) (c : Prop) (r s : rel n) : rel n :=
  union n (pand n c r) (pand n (~ c) s).

(** ** Multiplicity formulas *)

(** [no r]. *)
Definition no (n : nat) (r : rel n) : Prop := ~ nonempty n r.
(** [some r]. *)
Definition some (n : nat) (r : rel n) : Prop := nonempty n r.
(** [lone r]: at most one tuple. *)
Fixpoint lone (n : nat) : rel n -> Prop :=
  match n return rel n -> Prop with
  | O => fun _ => True
  | S k => fun r =>
      (forall a b, nonempty k (r a) -> nonempty k (r b) -> a = b)
      /\ (forall a, lone k (r a))
  end.
(** [one r]: exactly one tuple. *)
Definition one (n : nat) (r : rel n) : Prop := some n r /\ lone n r.

(** ** Cardinality, without integers *)

(** Tuples of arity [n] (nested pairs) and membership of a tuple. *)
Fixpoint tuple (n : nat) : Type :=
  match n with
  | O => unit
  | S k => (A * tuple k)%type
  end.

Fixpoint holds (n : nat) : rel n -> tuple n -> Prop :=
  match n return rel n -> tuple n -> Prop with
  | O => fun p _ => p
  | S k => fun r t => holds k (r (fst t)) (snd t)
  end.

(** [atleast n k r]: [r] has at least [k] distinct tuples, i.e. [#r >= k]
    with exact (unbounded) cardinality. *)
Definition atleast (n k : nat) (r : rel n) : Prop :=
  exists l : list (tuple n), NoDup l /\ length l = k /\ Forall (holds n r) l.

(** [card_le n m r s]: [#r =< #s]. Every count [r] reaches, [s] reaches;
    on a finite [A] (Alloy's universes) this is the comparison of the exact
    cardinalities (take [k = #r]). *)
Definition card_le (n m : nat) (r : rel n) (s : rel m) : Prop :=
  forall k, atleast n k r -> atleast m k s.

(** [card_lt n m r s]: [#r < #s], exactly on a finite [A]. *)
Definition card_lt (n m : nat) (r : rel n) (s : rel m) : Prop :=
  forall k, atleast n k r -> atleast m (S k) s.

End Rel.

Arguments incl {A} n _ _.
Arguments same {A} n _ _.
Arguments union {A} n _ _.
Arguments inter {A} n _ _.
Arguments diff {A} n _ _.
Arguments none {A} n.
Arguments univ {A} n.
Arguments nonempty {A} n _.
Arguments pand {A} n _ _.
Arguments rex {A} n _.
Arguments join {A} m n _ _.
Arguments product {A} m n _ _.
Arguments domr {A} n _ _ _.
Arguments ranr {A} n _ _.
Arguments dom {A} n _ _.
Arguments override {A} n _ _ _.
Arguments iden {A} _ _.
Arguments transpose {A} _ _ _.
Arguments closure {A} _ _ _.
Arguments closure_step {A r x y} _.
Arguments closure_cons {A r x y z} _ _.
Arguments rclosure {A} _ _ _.
Arguments single {A} _ _.
Arguments ite {A} n _ _ _.
Arguments holds {A} n _ _.
Arguments atleast {A} n k _.
Arguments card_le {A} n m _ _.
Arguments card_lt {A} n m _ _.
Arguments no {A} n _.
Arguments some {A} n _.
Arguments lone {A} n _.
Arguments one {A} n _.
