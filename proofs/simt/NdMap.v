(** * Non-deterministic map (Listings 5 and 6)

    [nd_map f l l'] processes the elements of [l] in an arbitrary order: it
    picks the element at some position [n], maps it, processes the rest
    (again in any order) and puts the image back at position [n]. Every
    thread schedule of a lock-step warp instruction is such an order.
    [nd_map_eq] says that all of them give [map f l]. *)

From Coq Require Import List Permutation.
Import ListNotations.

(** [nth_ri n l a t]: removing the element [a] at position [n] of [l]
    leaves [t]. *)
Inductive nth_ri {A : Type} : nat -> list A -> A -> list A -> Prop :=
| RI_O a t : nth_ri 0 (a :: t) a t
| RI_S n t t' x a : nth_ri n t a t' -> nth_ri (S n) (x :: t) a (x :: t').

Inductive nd_map {A B : Type} (f : A -> B) : list A -> list B -> Prop :=
| NDNil : nd_map f [] []
| NDCons (l1 t1 : list A) (l2 l' : list B) (a : A) (n : nat)
    (Hl : nth_ri n l1 a t1) (Hmap : nd_map f t1 l2) (Hl' : nth_ri n l' (f a) l2) :
    nd_map f l1 l'.

Lemma nth_ri_perm {A} n (l : list A) a t : nth_ri n l a t -> Permutation l (a :: t).
Proof.
  induction 1.
  - reflexivity.
  - eapply perm_trans; [apply perm_skip; eassumption | apply perm_swap].
Qed.

Lemma nth_ri_In {A} n (l : list A) a t : nth_ri n l a t -> In a l.
Proof. induction 1; simpl; auto. Qed.

Lemma nth_ri_incl {A} n (l : list A) a t x : nth_ri n l a t -> In x t -> In x l.
Proof. induction 1; simpl; intuition. Qed.

(** Putting [f a] back at the position [a] was taken from rebuilds [map f]. *)
Lemma nth_ri_map {A B} (f : A -> B) n l1 a t1 l' :
  nth_ri n l1 a t1 -> nth_ri n l' (f a) (map f t1) -> l' = map f l1.
Proof.
  intro H; revert l'; induction H as [a t | n t t' x a H IH]; intros l' H'.
  - inversion H'; subst; reflexivity.
  - inversion H' as [| n0 t0 t0' x0 a0 H0]; subst; simpl.
    rewrite (IH _ H0); reflexivity.
Qed.

(** Scheduler transparency for one lock-step warp instruction (Listing 6). *)
Theorem nd_map_eq : forall (A B : Type) (f : A -> B) (l : list A) (l' : list B),
  nd_map f l l' <-> l' = map f l.
Proof.
  intros A B f l l'; split.
  - induction 1 as [| l1 t1 l2 l' a n Hl Hmap IH Hl'].
    + reflexivity.
    + subst l2. eapply nth_ri_map; eassumption.
  - intros ->. induction l as [| x l IH].
    + constructor.
    + eapply NDCons with (n := 0); [constructor | exact IH | constructor].
Qed.
