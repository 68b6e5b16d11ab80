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

(** Using RelationAlgebra's decision procedure for Kleene algebra ([ka]) on
    Relprove relations: state the goal with [weq], rewrite the operators to
    RelationAlgebra's, and call [ka]. *)
Lemma rclosure_join_rclosure (r : rel A 2) :
  same 2 (join 1 1 (rclosure r) (rclosure r)) (rclosure r).
Proof.
  apply same_weq.
  assert (E : weq (rclosure r : hrel A A) (hrel_str A r))
    by (apply same_weq, rclosure_hrel_str).
  assert (J : forall x y : rel A 2,
             weq (join 1 1 x y : hrel A A) ((x : hrel A A) ⋅ (y : hrel A A)))
    by (intros; apply same_weq, join_hrel_dot).
  rewrite J, E; change (hrel_str A r) with ((r : hrel A A)^*); ka.
Qed.

End RA.
