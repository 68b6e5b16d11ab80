(** * Relprove.RA — bridge to the RelationAlgebra library.

    Binary relations [rel A 2] are RelationAlgebra's [hrel A A] by
    definition, so its [ka]/[ra] tactics and lemmas apply to them once
    goals are stated with its operators. This file relates Relprove's
    operators to RelationAlgebra's ([hrel_dot], [hrel_cnv], [hrel_itr],
    [hrel_str], and the lattice order [leq]). *)

From RelationAlgebra Require Import lattice monoid kleene rel kat_tac.
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

Lemma no_leq (r : rel A 2) : no 2 r <-> leq (r : hrel A A) 0.
Proof.
  unfold no; cbn; split.
  - intros H x y Hr; apply H; exists x, y; exact Hr.
  - intros H [x [y Hr]]; exact (H x y Hr).
Qed.

Lemma leq_cup_weq (p q : hrel A A) : leq p q -> weq q (q ⊔ p).
Proof. intro H. apply antisym; [lattice | ]. apply cup_spec; split; [reflexivity | exact H]. Qed.

(** A hypothesis [p in q] as the equation [q = q + p], which [rewrite]
    substitutes for the letter [q] (hypothesis elimination in relprove's
    Kleene-algebra certificates, crates/proof/src/rewrite/ka.rs). *)
Lemma incl_union_same (p q : rel A 2) : incl 2 p q -> same 2 q (union 2 q p).
Proof. intro H. apply same_weq, leq_cup_weq, incl_leq, H. Qed.

(** Proving a goal from the goal between rewritten sides. *)
Lemma incl_same_both (l l' r r' : rel A 2) :
  same 2 l l' -> same 2 r r' -> incl 2 l' r' -> incl 2 l r.
Proof.
  intros [H1 _] [_ H2] H.
  eapply incl_trans; [exact H1 |]. eapply incl_trans; [exact H | exact H2].
Qed.

Lemma same_same_both (l l' r r' : rel A 2) :
  same 2 l l' -> same 2 r r' -> same 2 l' r' -> same 2 l r.
Proof. intros H1 H2 H. rewrite H1, H2. exact H. Qed.

Lemma no_same_both (l l' : rel A 2) : same 2 l l' -> no 2 l' -> no 2 l.
Proof. intros H1 H. rewrite H1. exact H. Qed.

(** A transitive relation is its closure: [x.x in x] lets [rewrite]
    substitute [^x] for the letter [x]. *)
Lemma incl_trans_closure (x : rel A 2) : incl 2 (join 1 1 x x) x -> same 2 x (closure x).
Proof.
  intro H; split.
  - intros a b Hx; exact (closure_step Hx).
  - intros a b Hc; induction Hc as [a b Hx | a b c Hx _ IH]; [exact Hx |].
    apply H; cbn; exists b; split; assumption.
Qed.

(** [a.x in x] makes [x] equal to [*a.x] (star induction), and
    [x.a in x] to [x.*a]: [rewrite] substitutes them for the letter [x]. *)
Lemma incl_star_l (a x : rel A 2) : incl 2 (join 1 1 a x) x -> same 2 x (join 1 1 (rclosure a) x).
Proof.
  intro H. pose proof (proj1 (incl_leq _ _) H) as H1. rewrite ra_join in H1.
  apply same_weq. rewrite ra_join, ra_rclosure.
  apply antisym; [ka | apply str_ind_l; exact H1].
Qed.

Lemma incl_star_r (a x : rel A 2) : incl 2 (join 1 1 x a) x -> same 2 x (join 1 1 x (rclosure a)).
Proof.
  intro H. pose proof (proj1 (incl_leq _ _) H) as H1. rewrite ra_join in H1.
  apply same_weq. rewrite ra_join, ra_rclosure.
  apply antisym; [ka | apply str_ind_r; exact H1].
Qed.

(** Kleene-algebra terms over binary relations, read two ways: with
    Relprove's operators ([rinterp]) and with RelationAlgebra's
    ([hinterp]), which agree ([rinterp_hinterp]). [rel_ka] reifies a goal
    into this syntax (so a closure nested in a closure is no harder than a
    name) and hands RelationAlgebra's version to [ka]. *)
Inductive kexp : Type :=
| kvar (r : rel A 2)
| kzero | kone
| kplus (a b : kexp) | kdot (a b : kexp) | kstar (a : kexp) | kitr (a : kexp).

Fixpoint rinterp (e : kexp) : rel A 2 :=
  match e with
  | kvar r => r
  | kzero => none 2
  | kone => iden
  | kplus a b => union 2 (rinterp a) (rinterp b)
  | kdot a b => join 1 1 (rinterp a) (rinterp b)
  | kstar a => rclosure (rinterp a)
  | kitr a => closure (rinterp a)
  end.

Fixpoint hinterp (e : kexp) : hrel A A :=
  match e with
  | kvar r => r
  | kzero => 0
  | kone => 1
  | kplus a b => hinterp a ⊔ hinterp b
  | kdot a b => hinterp a ⋅ hinterp b
  | kstar a => (hinterp a)^*
  | kitr a => (hinterp a)^+
  end.

Lemma rinterp_hinterp e : same 2 (rinterp e) (hinterp e).
Proof.
  induction e; cbn [rinterp hinterp].
  - reflexivity.
  - apply same_weq. apply ra_none.
  - apply iden_hrel_eq.
  - rewrite IHe1, IHe2. apply union_hrel_cup.
  - rewrite IHe1, IHe2. apply join_hrel_dot.
  - rewrite IHe. apply rclosure_hrel_str.
  - rewrite IHe. apply closure_hrel_itr.
Qed.

(** The goal forms, and the Hoare hypotheses [hkat] eliminates. *)
Lemma ka_incl e f : leq (hinterp e) (hinterp f) -> incl 2 (rinterp e) (rinterp f).
Proof. intro H. rewrite (rinterp_hinterp e), (rinterp_hinterp f). apply incl_leq, H. Qed.
Lemma ka_same e f : weq (hinterp e) (hinterp f) -> same 2 (rinterp e) (rinterp f).
Proof. intro H. rewrite (rinterp_hinterp e), (rinterp_hinterp f). apply same_weq, H. Qed.
Lemma ka_no e : leq (hinterp e) 0 -> no 2 (rinterp e).
Proof. intro H. rewrite (rinterp_hinterp e). apply no_leq, H. Qed.
Lemma ka_no_hyp e : no 2 (rinterp e) -> leq (hinterp e) 0.
Proof. rewrite (rinterp_hinterp e). apply no_leq. Qed.
Lemma ka_incl_none_hyp e : incl 2 (rinterp e) (none 2) -> leq (hinterp e) 0.
Proof.
  intro H. apply ka_no_hyp. intros [x [y Hxy]]. exact (H x y Hxy).
Qed.
End RA.

(** [rel_ka] closes an [incl 2]/[same 2]/[no 2] goal between binary
    relations built from [join 1 1], [union 2], [closure], [rclosure],
    [iden] and [none 2] — a Kleene-algebra goal, any other subterm being a
    letter — by RelationAlgebra's decision procedure [ka], after reifying
    it into [kexp]. [ka_hyp H] restates [H : no 2 p] or
    [H : incl 2 p (none 2)] as [p ≦ 0] (a Hoare hypothesis), and [rel_hkat]
    closes the goal by [hkat], which eliminates such hypotheses (Cohen;
    Hardin and Kozen) before deciding. Both fail, leaving the goal
    unchanged, on what is not a theorem. *)
Ltac ka_reify t :=
  lazymatch t with
  | union 2 ?a ?b => let x := ka_reify a in let y := ka_reify b in constr:(kplus _ x y)
  | join 1 1 ?a ?b => let x := ka_reify a in let y := ka_reify b in constr:(kdot _ x y)
  | closure ?a => let x := ka_reify a in constr:(kitr _ x)
  | rclosure ?a => let x := ka_reify a in constr:(kstar _ x)
  | @iden ?A => constr:(kone A)
  | @none ?A 2 => constr:(kzero A)
  | ?r => constr:(kvar _ r)
  end.

Ltac ka_goal :=
  lazymatch goal with
  | |- incl 2 ?l ?r => let x := ka_reify l in let y := ka_reify r in apply (ka_incl _ x y)
  | |- same 2 ?l ?r => let x := ka_reify l in let y := ka_reify r in apply (ka_same _ x y)
  | |- no 2 ?l => let x := ka_reify l in apply (ka_no _ x)
  end; cbn [hinterp].

Ltac ka_hyp H :=
  lazymatch type of H with
  | no 2 ?p => let x := ka_reify p in apply (ka_no_hyp _ x) in H
  | incl 2 ?p (none 2) => let x := ka_reify p in apply (ka_incl_none_hyp _ x) in H
  end; cbn [hinterp] in H.

Ltac rel_ka := ka_goal; ka.
Ltac rel_hkat := ka_goal; hkat.

Section KA.
Variable A : Type.

(** Uses of [rel_ka] (another: [RelExtra.star_slide_incl]). *)
Lemma rclosure_join_rclosure (r : rel A 2) :
  same 2 (join 1 1 (rclosure r) (rclosure r)) (rclosure r).
Proof. rel_ka. Qed.

Example rel_ka_unfold (r : rel A 2) :
  same 2 (rclosure r) (union 2 iden (join 1 1 r (rclosure r))).
Proof. rel_ka. Qed.

(** Hypotheses: a letter substituted ([p in q] gives [q = q + p]), and a
    Hoare hypothesis eliminated by [hkat]. *)
Example rel_ka_monotone (p q : rel A 2) : incl 2 p q -> incl 2 (closure p) (closure q).
Proof. intro H. rewrite (incl_union_same _ _ _ H). rel_ka. Qed.

Example rel_hkat_commute (p q : rel A 2) :
  no 2 (join 1 1 q p) -> same 2 (rclosure (union 2 p q)) (join 1 1 (rclosure p) (rclosure q)).
Proof. intro H. ka_hyp H. rel_hkat. Qed.

Example rel_ka_transitive (c : rel A 2) : incl 2 (join 1 1 c c) c -> incl 2 (closure c) c.
Proof. intro H. rewrite (incl_trans_closure _ _ H). rel_ka. Qed.

(** ... and it does not prove false inclusions: [*r] is not within [r]. *)
Goal forall r : rel A 2, incl 2 (rclosure r) r.
Proof. intro r. Fail rel_ka. Abort.
End KA.

