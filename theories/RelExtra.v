(** * Relprove.RelExtra — relational lemmas for proofs about exported models.

    Field declarations ([f: one S]) as functions, and transport of a
    transitive closure along a relation between two universes of events
    (the "lowering" of a relation through a mapping). *)

(* RelationAlgebra first, so Relprove's names ([one], ...) shadow its own;
   its [rel] and [kat_tac] make [rel_ka] (Relprove.RA) work here. *)
From RelationAlgebra Require Import lattice monoid rel kat_tac.
Require Import Relprove.Rel Relprove.Tactics Relprove.Laws Relprove.RA.

Section RelExtra.
Variable A : Type.

(** A field declared [f: one R] on the sig [D] is functional. *)
Lemma one_field_functional (D R : rel A 1) (f : rel A 2) :
  incl 2 f (product 1 1 D (univ 1)) ->
  (forall this, D this -> incl 1 (join 0 1 (single this) f) R /\ one 1 (join 0 1 (single this) f)) ->
  forall x y z, f x y -> f x z -> y = z.
Proof.
  intros Hsub Hone x y z Hy Hz.
  assert (Dx : D x) by (pose proof (Hsub x y Hy) as H; cbn in H; tauto).
  destruct (Hone x Dx) as [_ [_ [Hl _]]].
  cbn in Hl; apply Hl; exists x; split; unfold single; auto.
Qed.

(** ... and its values lie in [R]. *)
Lemma field_range (D R : rel A 1) (f : rel A 2) (P : A -> Prop) :
  incl 2 f (product 1 1 D (univ 1)) ->
  (forall this, D this -> incl 1 (join 0 1 (single this) f) R /\ P this) ->
  forall x y, f x y -> R y.
Proof.
  intros Hsub Hr x y Hy.
  assert (Dx : D x) by (pose proof (Hsub x y Hy) as H; cbn in H; tauto).
  destruct (Hr x Dx) as [Hi _]; apply Hi; cbn; exists x; split; unfold single; auto.
Qed.

(** [a.f] as a set, pointwise. *)
Lemma join_single_l (a : A) (f : rel A 2) b : join 0 1 (single a) f b <-> f a b.
Proof. cbn; unfold single; split; [intros [x [-> H]]; exact H | intro H; exists a; auto]. Qed.

(** Lowering a closure: if every [r]-step from [x] lowers, for every image
    [X] of [x], to an [s]-step to some image of the target, then so does
    every [^r]-path. *)
Lemma closure_lower (r s F : rel A 2) :
  (forall x y X, r x y -> F x X -> exists Y, F y Y /\ s X Y) ->
  forall x y, closure r x y -> forall X, F x X -> exists Y, F y Y /\ closure s X Y.
Proof.
  intros Hstep x y H; induction H as [x y H | x y z H _ IH]; intros X HX.
  - destruct (Hstep x y X H HX) as (Y & HY & Hs); eauto using closure_step.
  - destruct (Hstep x y X H HX) as (Y & HY & Hs).
    destruct (IH Y HY) as (Z & HZ & Hc); eauto using closure_cons.
Qed.

(** The same for the reflexive-transitive closure [*r]. *)
Lemma rclosure_lower (r s F : rel A 2) :
  (forall x y X, r x y -> F x X -> exists Y, F y Y /\ s X Y) ->
  forall x y, rclosure r x y -> forall X, F x X -> exists Y, F y Y /\ rclosure s X Y.
Proof.
  intros Hstep x y [H | H] X HX.
  - destruct (closure_lower r s F Hstep x y H X HX) as (Y & HY & Hc).
    exists Y; split; [exact HY | left; exact Hc].
  - cbn in H; unfold iden in H; subst y; exists X; split; [exact HX | right; reflexivity].
Qed.

(** A path of [^r] out of an element with no [r]-successor is impossible. *)
Lemma closure_first (r : rel A 2) x y : closure r x y -> exists z, r x z.
Proof. destruct 1; eauto. Qed.

(** Every path of [^r] ends with an [r]-step. *)
Lemma closure_last (r : rel A 2) x y : closure r x y -> exists z, r z y.
Proof. induction 1 as [x y H | x y z _ _ IH]; [exists x; exact H | exact IH]. Qed.

(** [*r] from an element without successors is the identity. *)
Lemma rclosure_no_succ (r : rel A 2) x y :
  rclosure r x y -> (forall z, ~ r x z) -> x = y.
Proof.
  intros [H | H] Hn.
  - destruct (closure_first r x y H) as [z Hz]; exfalso; exact (Hn z Hz).
  - exact H.
Qed.


(** Sliding: [( r ; s )* ; r] is included in [r ; ( s ; r )*]. A pure
    Kleene-algebra inclusion, so RelationAlgebra's [ka] decides it. *)
Lemma star_slide_incl (r s : rel A 2) :
  incl 2 (join 1 1 (rclosure (join 1 1 r s)) r) (join 1 1 r (rclosure (join 1 1 s r))).
Proof. rel_ka. Qed.

(** The same, pointwise, as the mapping proofs use it. *)
Lemma star_slide (r s : rel A 2) x y z :
  rclosure (join 1 1 r s) x y -> r y z -> join 1 1 r (rclosure (join 1 1 s r)) x z.
Proof. intros H Hr; apply star_slide_incl; exists y; split; assumption. Qed.

End RelExtra.

Arguments one_field_functional {A} D R f _ _ _ _ _ _ _.
Arguments field_range {A} D R f P _ _ _ _ _.
Arguments closure_lower {A} r s F _ _ _ _ _ _.
Arguments rclosure_lower {A} r s F _ _ _ _ _ _.
Arguments closure_first {A} r x y _.
Arguments closure_last {A} r x y _.
Arguments star_slide_incl {A} r s _ _ _.
Arguments star_slide {A} r s x y z _ _.
Arguments rclosure_no_succ {A} r x y _ _.
Arguments join_single_l {A} a f b.
