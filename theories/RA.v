(** * Relprove.RA — bridge to the RelationAlgebra library.

    Binary relations [rel A 2] are RelationAlgebra's [hrel A A] by
    definition, so its [ka]/[ra] tactics and lemmas apply to them once
    goals are stated with its operators. This file relates Relprove's
    operators to RelationAlgebra's ([hrel_dot], [hrel_cnv], [hrel_itr],
    [hrel_str], and the lattice order [leq]). *)

From RelationAlgebra Require Import lattice monoid rel kat_tac.
Require Import Relprove.Rel Relprove.Tactics Relprove.Laws.

Section RA.
Variable A : Type.

Lemma rel2_hrel : rel A 2 = hrel A A.
Proof. reflexivity. Qed.

Lemma incl_leq (r s : rel A 2) : incl 2 r s <-> leq (r : hrel A A) s.
Proof. cbn; split; intros H x y; apply H. Qed.

Lemma same_weq (r s : rel A 2) : same 2 r s <-> weq (r : hrel A A) s.
Proof.
  unfold same; cbn; split.
  - intros [H1 H2] x y; split; [apply H1 | apply H2].
  - intros H; split; intros x y; apply H.
Qed.

Lemma join_hrel_dot (r s : rel A 2) : same 2 (join 1 1 r s) (hrel_dot A A A r s).
Proof. unfold same; cbn; firstorder. Qed.

Lemma transpose_hrel_cnv (r : rel A 2) : same 2 (transpose r) (hrel_cnv A A r).
Proof. unfold same; cbn; firstorder. Qed.

Lemma union_hrel_cup (r s : rel A 2) : same 2 (union 2 r s) (cup (r : hrel A A) s).
Proof. unfold same; cbn; firstorder. Qed.

Lemma inter_hrel_cap (r s : rel A 2) : same 2 (inter 2 r s) (cap (r : hrel A A) s).
Proof. unfold same; cbn; firstorder. Qed.

Lemma iden_hrel_eq : same 2 (@iden A) (@eq A).
Proof. unfold same, iden; cbn; firstorder. Qed.

Lemma rclosure_hrel_str (r : rel A 2) : same 2 (rclosure r) (hrel_str A r).
Proof.
  unfold hrel_str; split.
  - apply rclosure_ind.
    + unfold iden; cbn; intros x y ->; exists O; reflexivity.
    + cbn; intros x y [z [H [u Hu]]]; exists (S u); cbn; exists z; auto.
  - cbn; intros x y [u Hu]; revert x Hu; induction u; cbn; intros x Hu.
    + right; unfold iden; exact Hu.
    + destruct Hu as [z H1 H2]; apply IHu in H2.
      apply rclosure_trans; exists z; split; [apply rclosure_incl; exact H1 | exact H2].
Qed.

Lemma closure_hrel_itr (r : rel A 2) : same 2 (closure r) (hrel_itr A r).
Proof.
  unfold hrel_itr; rewrite closure_rclosure.
  pose proof (rclosure_hrel_str r) as [H1 H2]; split; cbn in *.
  - intros x y [z [Hr Hs]]; exists z; [exact Hr | apply H1; exact Hs].
  - intros x y [z Hr Hs]; exists z; split; [exact Hr | apply H2; exact Hs].
Qed.

(** The Kleene-algebra operators of Relprove as RelationAlgebra's, as an
    equation under [weq] that [rewrite] can use inside RelationAlgebra's
    operators (which are [Proper] for [weq]). *)
Lemma ra_join (r s : rel A 2) : weq (join 1 1 r s : hrel A A) ((r : hrel A A) ⋅ (s : hrel A A)).
Proof. apply same_weq, join_hrel_dot. Qed.

Lemma ra_union (r s : rel A 2) : weq (union 2 r s : hrel A A) ((r : hrel A A) ⊔ (s : hrel A A)).
Proof. apply same_weq, union_hrel_cup. Qed.

Lemma ra_rclosure (r : rel A 2) : weq (rclosure r : hrel A A) ((r : hrel A A)^*).
Proof. apply same_weq, rclosure_hrel_str. Qed.

Lemma ra_closure (r : rel A 2) : weq (closure r : hrel A A) ((r : hrel A A)^+).
Proof. apply same_weq, closure_hrel_itr. Qed.

Lemma ra_iden : weq (@iden A : hrel A A) 1.
Proof. apply same_weq, iden_hrel_eq. Qed.

Lemma ra_none : weq (none 2 : hrel A A) 0.
Proof. apply same_weq; unfold same; cbn; firstorder. Qed.

End RA.

(** [rel_ka] closes an [incl 2]/[same 2] goal between binary relations built
    from [join 1 1], [union 2], [closure], [rclosure], [iden] and [none 2] —
    a pure Kleene-algebra goal — by RelationAlgebra's decision procedure
    [ka]. The goal is restated with [leq]/[weq] and every operator is
    rewritten to RelationAlgebra's, outermost first (Relprove's operators
    are not [Proper] for [weq], RelationAlgebra's are, so the first
    rewrite that applies is always at an already translated position).
    Fails, leaving the goal unchanged, if the goal is not pure KA. *)
Ltac rel_ka :=
  lazymatch goal with
  | |- same 2 _ _ => apply same_weq
  | |- incl 2 _ _ => apply incl_leq
  end;
  repeat first
    [ rewrite ra_join | rewrite ra_union | rewrite ra_rclosure
    | rewrite ra_closure | rewrite ra_iden | rewrite ra_none ];
  ka.

Section KA.
Variable A : Type.

(** Uses of [rel_ka] (another: [RelExtra.star_slide_incl]). *)
Lemma rclosure_join_rclosure (r : rel A 2) :
  same 2 (join 1 1 (rclosure r) (rclosure r)) (rclosure r).
Proof. rel_ka. Qed.

Example rel_ka_unfold (r : rel A 2) :
  same 2 (rclosure r) (union 2 iden (join 1 1 r (rclosure r))).
Proof. rel_ka. Qed.

(** ... and it does not prove false inclusions: [*r] is not within [r]. *)
Goal forall r : rel A 2, incl 2 (rclosure r) r.
Proof. intro r. Fail rel_ka. Abort.
End KA.

