(** * Relprove.Laws — algebraic laws of Alloy's operators.

    Lemma names are the names of the rewrite rules of relprove's egg
    rewriter (see LEMMAS.md). Equalities are stated with [same] (mutual
    inclusion); [same n] is an equivalence and the operators are
    morphisms for it, so [rewrite] works under them (setoid rewriting).

    Everything here is constructive except the lemmas in section
    [Classical] at the end, which use [Classical_Prop.classic]. *)

Require Import Coq.Program.Basics Coq.Classes.Morphisms Coq.Classes.RelationClasses.
Require Import Coq.Setoids.Setoid.
Require Import Coq.Logic.Classical_Prop Coq.Lists.List.
Require Import Relprove.Rel Relprove.Tactics.

Section Laws.
Variable A : Type.

(** ** Inclusion and equality *)

Lemma incl_refl n (r : rel A n) : incl n r r.
Proof. induction n; cbn; auto. Qed.

Lemma incl_trans n (r s t : rel A n) : incl n r s -> incl n s t -> incl n r t.
Proof. induction n; cbn; eauto. Qed.

Lemma same_refl n (r : rel A n) : same n r r.
Proof. split; apply incl_refl. Qed.

Lemma same_sym n (r s : rel A n) : same n r s -> same n s r.
Proof. intros [H1 H2]; split; assumption. Qed.

Lemma same_trans n (r s t : rel A n) : same n r s -> same n s t -> same n r t.
Proof. intros [H1 H2] [H3 H4]; split; eapply incl_trans; eauto. Qed.

Lemma incl_antisym n (r s : rel A n) : incl n r s -> incl n s r -> same n r s.
Proof. split; assumption. Qed.

Global Instance incl_preorder n : PreOrder (@incl A n).
Proof. split; [intro; apply incl_refl | intros ? ? ?; apply incl_trans]. Qed.

Global Instance same_equivalence n : Equivalence (@same A n).
Proof. split; [intro; apply same_refl | intros ? ?; apply same_sym | intros ? ? ?; apply same_trans]. Qed.

Lemma same_incl_l n (r s : rel A n) : same n r s -> incl n r s.
Proof. intros []; assumption. Qed.

Lemma same_incl_r n (r s : rel A n) : same n r s -> incl n s r.
Proof. intros []; assumption. Qed.

(** ** Union, intersection, difference: every arity *)

Lemma union_incl n (r s t : rel A n) : incl n r t -> incl n s t -> incl n (union n r s) t.
Proof. induction n; cbn; firstorder. Qed.

Lemma incl_union_l n (r s : rel A n) : incl n r (union n r s).
Proof. induction n; cbn; auto. Qed.

Lemma incl_union_r n (r s : rel A n) : incl n s (union n r s).
Proof. induction n; cbn; auto. Qed.

Lemma incl_inter n (r s t : rel A n) : incl n t r -> incl n t s -> incl n t (inter n r s).
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_incl_l n (r s : rel A n) : incl n (inter n r s) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_incl_r n (r s : rel A n) : incl n (inter n r s) s.
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_incl n (r s : rel A n) : incl n (diff n r s) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma union_assoc n (r s t : rel A n) : same n (union n (union n r s) t) (union n r (union n s t)).
Proof. induction n; cbn; firstorder. Qed.

Lemma union_comm n (r s : rel A n) : same n (union n r s) (union n s r).
Proof. induction n; cbn; firstorder. Qed.

Lemma union_idem n (r : rel A n) : same n (union n r r) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma union_none_l n (r : rel A n) : same n (union n (none n) r) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma union_none_r n (r : rel A n) : same n (union n r (none n)) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma union_univ_r n (r : rel A n) : same n (union n r (univ n)) (univ n).
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_assoc n (r s t : rel A n) : same n (inter n (inter n r s) t) (inter n r (inter n s t)).
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_comm n (r s : rel A n) : same n (inter n r s) (inter n s r).
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_idem n (r : rel A n) : same n (inter n r r) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_univ_l n (r : rel A n) : same n (inter n (univ n) r) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_univ_r n (r : rel A n) : same n (inter n r (univ n)) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_none_l n (r : rel A n) : same n (inter n (none n) r) (none n).
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_none_r n (r : rel A n) : same n (inter n r (none n)) (none n).
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_union_distr_l n (r s t : rel A n) :
  same n (inter n r (union n s t)) (union n (inter n r s) (inter n r t)).
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_union_distr_r n (r s t : rel A n) :
  same n (inter n (union n r s) t) (union n (inter n r t) (inter n s t)).
Proof. induction n; cbn; firstorder. Qed.

Lemma union_inter_distr_l n (r s t : rel A n) :
  same n (union n r (inter n s t)) (inter n (union n r s) (union n r t)).
Proof. induction n; cbn; firstorder. Qed.

Lemma union_inter_absorb n (r s : rel A n) : same n (union n r (inter n r s)) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma inter_union_absorb n (r s : rel A n) : same n (inter n r (union n r s)) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_self n (r : rel A n) : same n (diff n r r) (none n).
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_none_r n (r : rel A n) : same n (diff n r (none n)) r.
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_none_l n (r : rel A n) : same n (diff n (none n) r) (none n).
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_univ_r n (r : rel A n) : same n (diff n r (univ n)) (none n).
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_union_l n (r s t : rel A n) :
  same n (diff n (union n r s) t) (union n (diff n r t) (diff n s t)).
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_union_r n (r s t : rel A n) :
  same n (diff n r (union n s t)) (diff n (diff n r s) t).
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_inter_disjoint n (r s : rel A n) : same n (inter n (diff n r s) s) (none n).
Proof. induction n; cbn; firstorder. Qed.

Lemma diff_union_absorb n (r s : rel A n) : same n (union n (diff n r s) r) r.
Proof. induction n; cbn; firstorder. Qed.


(** ** Morphisms: rewriting under operators *)

Global Instance union_incl_proper n : Proper (incl n ==> incl n ==> incl n) (@union A n).
Proof. intros r r' Hr s s' Hs; induction n; cbn in *; firstorder. Qed.
Global Instance union_same_proper n : Proper (same n ==> same n ==> same n) (@union A n).
Proof. intros r r' [] s s' []; split; apply union_incl_proper; assumption. Qed.
Global Instance inter_incl_proper n : Proper (incl n ==> incl n ==> incl n) (@inter A n).
Proof. intros r r' Hr s s' Hs; induction n; cbn in *; firstorder. Qed.
Global Instance inter_same_proper n : Proper (same n ==> same n ==> same n) (@inter A n).
Proof. intros r r' [] s s' []; split; apply inter_incl_proper; assumption. Qed.
Global Instance diff_incl_proper n : Proper (incl n ==> flip (incl n) ==> incl n) (@diff A n).
Proof. intros r r' Hr s s' Hs; unfold flip in *; induction n; cbn in *; firstorder. Qed.
Global Instance diff_same_proper n : Proper (same n ==> same n ==> same n) (@diff A n).
Proof. intros r r' [] s s' []; split; apply diff_incl_proper; assumption. Qed.
Global Instance incl_same_proper n : Proper (same n ==> same n ==> iff) (@incl A n).
Proof. intros r r' [] s s' []; split; intro; repeat (eapply incl_trans; eauto). Qed.

Lemma nonempty_incl n (r s : rel A n) : incl n r s -> nonempty n r -> nonempty n s.
Proof. induction n; cbn; firstorder. Qed.

Global Instance nonempty_same_proper n : Proper (same n ==> iff) (@nonempty A n).
Proof. intros r s []; split; apply nonempty_incl; assumption. Qed.
Global Instance no_same_proper n : Proper (same n ==> iff) (@no A n).
Proof. intros r s H; unfold no; rewrite H; reflexivity. Qed.
Global Instance some_same_proper n : Proper (same n ==> iff) (@some A n).
Proof. intros r s H; unfold some; rewrite H; reflexivity. Qed.

Lemma lone_incl n (r s : rel A n) : incl n r s -> lone n s -> lone n r.
Proof.
  induction n; cbn; auto.
  intros Hrs [H1 H2]; split.
  - intros a b Ha Hb; apply H1; eapply nonempty_incl; eauto.
  - intro a; eapply IHn; eauto.
Qed.

Global Instance lone_same_proper n : Proper (same n ==> iff) (@lone A n).
Proof. intros r s []; split; apply lone_incl; assumption. Qed.
Global Instance one_same_proper n : Proper (same n ==> iff) (@one A n).
Proof. intros r s H; unfold one; rewrite H; reflexivity. Qed.

(** ** Multiplicities *)

Lemma no_none n : no n (@none A n).
Proof. unfold no; induction n; cbn; firstorder. Qed.

Lemma no_incl_none n (r : rel A n) : no n r <-> incl n r (none n).
Proof.
  unfold no; induction n; cbn; [tauto | ].
  split.
  - intros H a; apply IHn; intro; apply H; eauto.
  - intros H [a Ha]; apply (IHn (r a)); auto.
Qed.

Lemma no_same_none n (r : rel A n) : no n r <-> same n r (none n).
Proof.
  rewrite no_incl_none; split; [intro H; split; [assumption | ] | intros []; assumption].
  clear H; revert r; induction n; cbn; [tauto | intros r a; apply IHn].
Qed.

Lemma one_some n (r : rel A n) : one n r -> some n r.
Proof. intros []; assumption. Qed.

Lemma one_lone n (r : rel A n) : one n r -> lone n r.
Proof. intros []; assumption. Qed.

Lemma no_not_some n (r : rel A n) : no n r <-> ~ some n r.
Proof. reflexivity. Qed.

Lemma one_single (a : A) : one 1 (single a).
Proof. rel_crush. Qed.

Lemma lone_unary (s : rel A 1) : lone 1 s <-> forall x y, s x -> s y -> x = y.
Proof. cbn; firstorder. Qed.

Lemma one_unary (s : rel A 1) : one 1 s <-> exists x, same 1 s (single x).
Proof.
  unfold one, some, same, single; cbn; split.
  - intros [[x Hx] [H _]]; exists x; split; intros y Hy; [apply H | subst]; auto.
  - intros [x [H1 H2]]; split; [exists x; apply H2; reflexivity | split; auto].
    intros a b Ha Hb; rewrite (H1 a Ha), (H1 b Hb); reflexivity.
Qed.

(** ** Join *)

Lemma join_assoc (r s t : rel A 2) :
  same 2 (join 1 1 (join 1 1 r s) t) (join 1 1 r (join 1 1 s t)).
Proof. rel_crush. Qed.

Lemma join_assoc_set (x : rel A 1) (r s : rel A 2) :
  same 1 (join 0 1 (join 0 1 x r) s) (join 0 1 x (join 1 1 r s)).
Proof. rel_crush. Qed.

Lemma join_assoc_set_r (r s : rel A 2) (x : rel A 1) :
  same 1 (join 1 0 (join 1 1 r s) x) (join 1 0 r (join 1 0 s x)).
Proof. rel_crush. Qed.

Lemma join_union_distr_l m n (r : rel A (S m)) (s t : rel A (S n)) :
  same (m + n) (join m n r (union (S n) s t)) (union (m + n) (join m n r s) (join m n r t)).
Proof.
  revert r; induction m; intros r; cbn.
  - induction n; cbn; [firstorder | ].
    split; intro a; specialize (IHn (fun x => s x a) (fun x => t x a)); cbn in IHn; firstorder.
  - split; intro a; apply IHm.
Qed.

Lemma join_union_distr_r (r s t : rel A 2) :
  same 2 (join 1 1 (union 2 r s) t) (union 2 (join 1 1 r t) (join 1 1 s t)).
Proof. rel_crush. Qed.

Lemma join_none_l (r : rel A 2) : same 2 (join 1 1 (none 2) r) (none 2).
Proof. rel_crush. Qed.

Lemma join_none_r (r : rel A 2) : same 2 (join 1 1 r (none 2)) (none 2).
Proof. rel_crush. Qed.

Lemma join_iden_l (r : rel A 2) : same 2 (join 1 1 iden r) r.
Proof. rel_crush. Qed.

Lemma join_iden_r (r : rel A 2) : same 2 (join 1 1 r iden) r.
Proof. rel_crush. Qed.

Lemma join_iden_set (x : rel A 1) : same 1 (join 0 1 x iden) x.
Proof. rel_crush. Qed.

Lemma join_single (a : A) (r : rel A 2) b : join 0 1 (single a) r b <-> r a b.
Proof. rel_crush. Qed.

Lemma join_mono m n (r r' : rel A (S m)) (s s' : rel A (S n)) :
  incl (S m) r r' -> incl (S n) s s' -> incl (m + n) (join m n r s) (join m n r' s').
Proof.
  revert r r'; induction m; intros r r' Hr Hs; cbn in *.
  - induction n; cbn in *; [firstorder | ].
    intro a; apply (IHn (fun x => s x a) (fun x => s' x a)); intros; auto.
  - intro a; apply IHm; auto.
Qed.

Global Instance join_incl_proper m n : Proper (incl (S m) ==> incl (S n) ==> incl (m + n)) (@join A m n).
Proof. intros r r' Hr s s' Hs; apply join_mono; assumption. Qed.
Global Instance join_same_proper m n : Proper (same (S m) ==> same (S n) ==> same (m + n)) (@join A m n).
Proof. intros r r' [] s s' []; split; apply join_mono; assumption. Qed.

(** ** Congruence of product, restrictions and override *)

Lemma pand_mono n (p q : Prop) (r r' : rel A n) :
  (p -> q) -> incl n r r' -> incl n (pand n p r) (pand n q r').
Proof. induction n; cbn; firstorder. Qed.

Lemma product_mono m n (r r' : rel A m) (s s' : rel A n) :
  incl m r r' -> incl n s s' -> incl (m + n) (product m n r s) (product m n r' s').
Proof.
  revert r r'; induction m; intros r r' Hr Hs; cbn in *.
  - apply pand_mono; assumption.
  - intro a; apply IHm; auto.
Qed.

Global Instance product_same_proper m n : Proper (same m ==> same n ==> same (m + n)) (@product A m n).
Proof. intros r r' [] s s' []; split; apply product_mono; assumption. Qed.

Lemma domr_mono n (s s' : rel A 1) (r r' : rel A (S n)) :
  incl 1 s s' -> incl (S n) r r' -> incl (S n) (domr n s r) (domr n s' r').
Proof. unfold domr; cbn; intros Hs Hr a; apply pand_mono; auto. Qed.

Global Instance domr_same_proper n : Proper (same 1 ==> same (S n) ==> same (S n)) (@domr A n).
Proof. intros s s' [] r r' []; split; apply domr_mono; assumption. Qed.

Lemma ranr_mono n (r r' : rel A (S n)) (s s' : rel A 1) :
  incl (S n) r r' -> incl 1 s s' -> incl (S n) (ranr n r s) (ranr n r' s').
Proof. revert r r'; induction n; intros r r' Hr Hs; cbn in *; [firstorder | intro a; apply IHn; auto]. Qed.

Global Instance ranr_same_proper n : Proper (same (S n) ==> same 1 ==> same (S n)) (@ranr A n).
Proof. intros r r' [] s s' []; split; apply ranr_mono; assumption. Qed.

Lemma override_mono n (r r' s s' : rel A (S n)) :
  incl (S n) r r' -> same (S n) s s' -> incl (S n) (override n r s) (override n r' s').
Proof.
  intros Hr [Hs Hs'] a; unfold override; cbn in *.
  apply union_incl_proper; [ apply Hs | apply pand_mono; [ | apply Hr ] ].
  intros Hn Hne; apply Hn; eapply nonempty_incl; [ apply Hs' | exact Hne ].
Qed.

Global Instance override_same_proper n : Proper (same (S n) ==> same (S n) ==> same (S n)) (@override A n).
Proof. intros r r' [] s s' Hs; split; apply override_mono; auto; destruct Hs; split; assumption. Qed.

(** ** Product *)

Lemma product_none_l n (s : rel A n) : same (1 + n) (product 1 n (none 1) s) (none (1 + n)).
Proof. induction n; cbn in *; firstorder. Qed.

Lemma product_union_distr_l (x y z : rel A 1) :
  same 2 (product 1 1 (union 1 x y) z) (union 2 (product 1 1 x z) (product 1 1 y z)).
Proof. rel_crush. Qed.

Lemma product_union_distr_r (x y z : rel A 1) :
  same 2 (product 1 1 x (union 1 y z)) (union 2 (product 1 1 x y) (product 1 1 x z)).
Proof. rel_crush. Qed.

Lemma transpose_product (x y : rel A 1) : same 2 (transpose (product 1 1 x y)) (product 1 1 y x).
Proof. rel_crush. Qed.

Lemma join_product (x y z : rel A 1) : some 1 y -> same 1 (join 0 1 x (product 1 1 y z)) (pand 1 (some 1 (inter 1 x y)) z).
Proof. rel_crush. Qed.

(** ** Converse *)

Lemma transpose_transpose (r : rel A 2) : same 2 (transpose (transpose r)) r.
Proof. rel_crush. Qed.

Lemma transpose_join (r s : rel A 2) :
  same 2 (transpose (join 1 1 r s)) (join 1 1 (transpose s) (transpose r)).
Proof. rel_crush. Qed.

Lemma transpose_union (r s : rel A 2) :
  same 2 (transpose (union 2 r s)) (union 2 (transpose r) (transpose s)).
Proof. rel_crush. Qed.

Lemma transpose_inter (r s : rel A 2) :
  same 2 (transpose (inter 2 r s)) (inter 2 (transpose r) (transpose s)).
Proof. rel_crush. Qed.

Lemma transpose_diff (r s : rel A 2) :
  same 2 (transpose (diff 2 r s)) (diff 2 (transpose r) (transpose s)).
Proof. rel_crush. Qed.

Lemma transpose_iden : same 2 (transpose (@iden A)) iden.
Proof. rel_crush. Qed.

Lemma transpose_none : same 2 (transpose (@none A 2)) (none 2).
Proof. rel_crush. Qed.

Lemma transpose_incl (r s : rel A 2) : incl 2 r s -> incl 2 (transpose r) (transpose s).
Proof. rel_crush. Qed.

Global Instance transpose_incl_proper : Proper (incl 2 ==> incl 2) (@transpose A).
Proof. intros r s; apply transpose_incl. Qed.
Global Instance transpose_same_proper : Proper (same 2 ==> same 2) (@transpose A).
Proof. intros r s []; split; apply transpose_incl; assumption. Qed.

(** ** Transitive closure *)

Lemma closure_incl (r : rel A 2) : incl 2 r (closure r).
Proof. rel_crush. Qed.

Lemma closure_trans_pt (r : rel A 2) x y z : closure r x y -> closure r y z -> closure r x z.
Proof. induction 1; eauto using closure_cons. Qed.

Lemma closure_snoc (r : rel A 2) x y z : closure r x y -> r y z -> closure r x z.
Proof. intros H1 H2; eapply closure_trans_pt; eauto using closure_step. Qed.

Lemma closure_trans (r : rel A 2) : incl 2 (join 1 1 (closure r) (closure r)) (closure r).
Proof. cbn; intros x y [z [H1 H2]]; eapply closure_trans_pt; eauto. Qed.

(** Induction: [^r] is the least transitive relation containing [r]. *)
Lemma closure_ind_incl (r s : rel A 2) :
  incl 2 r s -> incl 2 (join 1 1 s s) s -> incl 2 (closure r) s.
Proof.
  cbn; intros H1 H2 x y H; induction H; eauto.
Qed.

(** Induction, left-linear form: [s] closed under [r.] contains [^r]. *)
Lemma closure_ind_l (r s : rel A 2) :
  incl 2 r s -> incl 2 (join 1 1 r s) s -> incl 2 (closure r) s.
Proof. cbn; intros H1 H2 x y H; induction H; eauto. Qed.

Lemma closure_unfold_l (r : rel A 2) : same 2 (closure r) (union 2 r (join 1 1 r (closure r))).
Proof.
  cbn; split; intros x y.
  - destruct 1; eauto.
  - intros [H | [z [H1 H2]]]; eauto using closure_step, closure_cons.
Qed.

Lemma closure_unfold_r (r : rel A 2) : same 2 (closure r) (union 2 r (join 1 1 (closure r) r)).
Proof.
  cbn; split; intros x y.
  - induction 1 as [x y H | x y z H H' [IH | [w [IH1 IH2]]]]; eauto using closure_step, closure_cons.
  - intros [H | [z [H1 H2]]]; eauto using closure_step, closure_snoc.
Qed.

Lemma closure_mono (r s : rel A 2) : incl 2 r s -> incl 2 (closure r) (closure s).
Proof. cbn; intros H x y Hxy; induction Hxy; eauto using closure_step, closure_cons. Qed.

Global Instance closure_incl_proper : Proper (incl 2 ==> incl 2) (@closure A).
Proof. intros r s; apply closure_mono. Qed.
Global Instance closure_same_proper : Proper (same 2 ==> same 2) (@closure A).
Proof. intros r s []; split; apply closure_mono; assumption. Qed.

Lemma closure_idem (r : rel A 2) : same 2 (closure (closure r)) (closure r).
Proof.
  split; [ | apply closure_incl].
  apply closure_ind_incl; [reflexivity | apply closure_trans].
Qed.

Lemma closure_transitive_same (r : rel A 2) :
  incl 2 (join 1 1 r r) r -> same 2 (closure r) r.
Proof. intro H; split; [apply closure_ind_incl; [reflexivity | assumption] | apply closure_incl]. Qed.

Lemma transpose_closure (r : rel A 2) : same 2 (transpose (closure r)) (closure (transpose r)).
Proof.
  cbn; split; intros x y H; induction H.
  - apply closure_step; exact H.
  - eapply closure_snoc; [eassumption | exact H].
  - apply closure_step; exact H.
  - eapply closure_snoc; [eassumption | exact H].
Qed.

Lemma closure_none : same 2 (closure (@none A 2)) (none 2).
Proof. split; [apply closure_ind_incl; rel_crush | rel_crush]. Qed.

(** ** Reflexive-transitive closure *)

Lemma rclosure_unfold (r : rel A 2) : same 2 (rclosure r) (union 2 (closure r) iden).
Proof. reflexivity. Qed.

Lemma closure_rclosure (r : rel A 2) : same 2 (closure r) (join 1 1 r (rclosure r)).
Proof.
  unfold rclosure, iden; cbn; split; intros x y.
  - destruct 1 as [x y H | x y z H H'].
    + exists y; split; [exact H | right; reflexivity].
    + exists y; split; [exact H | left; exact H'].
  - intros [z [H1 [H2 | H2]]]; subst; eauto using closure_step, closure_cons.
Qed.

Lemma rclosure_incl_iden (r : rel A 2) : incl 2 iden (rclosure r).
Proof. rel_crush. Qed.

Lemma rclosure_incl (r : rel A 2) : incl 2 r (rclosure r).
Proof. unfold rclosure; rel_crush. Qed.

Lemma rclosure_trans (r : rel A 2) : incl 2 (join 1 1 (rclosure r) (rclosure r)) (rclosure r).
Proof.
  unfold rclosure, iden; cbn; intros x y [z [[H1 | H1] [H2 | H2]]]; subst; auto.
  left; eapply closure_trans_pt; eauto.
Qed.

Lemma rclosure_idem (r : rel A 2) : same 2 (rclosure (rclosure r)) (rclosure r).
Proof.
  split; [ | apply rclosure_incl].
  unfold rclosure at 1; apply union_incl; [ | apply rclosure_incl_iden].
  apply closure_ind_incl; [reflexivity | apply rclosure_trans].
Qed.

Lemma rclosure_ind (r s : rel A 2) :
  incl 2 iden s -> incl 2 (join 1 1 r s) s -> incl 2 (rclosure r) s.
Proof.
  unfold rclosure, iden; cbn; intros H1 H2 x y [H | H]; [ | subst; auto].
  induction H as [x y H | x y z H H' IH].
  - apply H2; exists y; split; [exact H | apply H1; reflexivity].
  - apply H2; exists y; split; assumption.
Qed.

Global Instance rclosure_same_proper : Proper (same 2 ==> same 2) (@rclosure A).
Proof. intros r s H; unfold rclosure; rewrite H; reflexivity. Qed.

(** ** Restriction and override *)

Lemma domr_inter (s : rel A 1) (r : rel A 2) :
  same 2 (domr 1 s r) (inter 2 (product 1 1 s (univ 1)) r).
Proof. unfold domr; rel_crush. Qed.

Lemma ranr_inter (r : rel A 2) (s : rel A 1) :
  same 2 (ranr 1 r s) (inter 2 r (product 1 1 (univ 1) s)).
Proof. rel_crush. Qed.

Lemma domr_join (s : rel A 1) (r : rel A 2) :
  same 2 (domr 1 s r) (join 1 1 (inter 2 iden (product 1 1 s s)) r).
Proof. unfold domr; rel_crush. Qed.

Lemma domr_univ n (r : rel A (S n)) : same (S n) (domr n (univ 1) r) r.
Proof.
  assert (P : forall k (t : rel A k), same k (pand k True t) t)
    by (induction k; cbn; firstorder).
  unfold domr; split; intro a; apply P.
Qed.

Lemma ranr_univ (r : rel A 2) : same 2 (ranr 1 r (univ 1)) r.
Proof. rel_crush. Qed.

Lemma domr_domr (s t : rel A 1) (r : rel A 2) :
  same 2 (domr 1 s (domr 1 t r)) (domr 1 (inter 1 s t) r).
Proof. unfold domr; rel_crush. Qed.

Lemma ranr_ranr (r : rel A 2) (s t : rel A 1) :
  same 2 (ranr 1 (ranr 1 r s) t) (ranr 1 r (inter 1 s t)).
Proof. rel_crush. Qed.

Lemma domr_incl (s : rel A 1) (r : rel A 2) : incl 2 (domr 1 s r) r.
Proof. unfold domr; rel_crush. Qed.

Lemma ranr_incl (r : rel A 2) (s : rel A 1) : incl 2 (ranr 1 r s) r.
Proof. rel_crush. Qed.

Lemma transpose_domr (s : rel A 1) (r : rel A 2) :
  same 2 (transpose (domr 1 s r)) (ranr 1 (transpose r) s).
Proof. unfold domr; rel_crush. Qed.

Lemma domr_union_r (s : rel A 1) (r t : rel A 2) :
  same 2 (domr 1 s (union 2 r t)) (union 2 (domr 1 s r) (domr 1 s t)).
Proof. unfold domr; rel_crush. Qed.

Lemma override_none_r (r : rel A 2) : same 2 (override 1 r (none 2)) r.
Proof. unfold override; rel_crush. Qed.

Lemma override_none_l (r : rel A 2) : same 2 (override 1 (none 2) r) r.
Proof. unfold override; rel_crush. Qed.

Lemma override_incl (r s : rel A 2) : incl 2 (override 1 r s) (union 2 r s).
Proof. unfold override; rel_crush. Qed.

Lemma incl_override_r (r s : rel A 2) : incl 2 s (override 1 r s).
Proof. unfold override; rel_crush. Qed.

(** ** Identity *)

Lemma iden_transitive : incl 2 (join 1 1 (@iden A) iden) iden.
Proof. rel_crush. Qed.

Lemma closure_iden : same 2 (closure (@iden A)) iden.
Proof. apply closure_transitive_same, iden_transitive. Qed.

(** ** Cardinality *)

Lemma atleast_0 n (r : rel A n) : atleast n 0 r.
Proof. exists nil; repeat constructor. Qed.

Lemma nonempty_holds n (r : rel A n) : nonempty n r <-> exists t, holds n r t.
Proof.
  revert r; induction n; cbn; intros r.
  - split; [intro H; exists tt; exact H | intros [_ H]; exact H].
  - split.
    + intros [a Ha]; apply IHn in Ha as [t Ht]; exists (a, t); exact Ht.
    + intros [[a t] Ht]; exists a; apply IHn; exists t; exact Ht.
Qed.

Lemma atleast_1_some n (r : rel A n) : atleast n 1 r <-> some n r.
Proof.
  unfold some; rewrite nonempty_holds; split.
  - intros [[ | t [ | ]] [_ [Hlen Hall]]]; try discriminate.
    exists t; inversion Hall; assumption.
  - intros [t Ht]; exists (t :: nil); repeat constructor; auto.
Qed.

End Laws.

(** ** Laws that need excluded middle ([Classical_Prop.classic]) *)
Section Classical.
Variable A : Type.

Lemma union_diff_inter n (r s : rel A n) : same n (union n (diff n r s) (inter n r s)) r.
Proof.
  revert r s; induction n; unfold same in *; cbn; intros r s; [ | split; intro a; apply IHn].
  split; [tauto | intro H; destruct (classic s); tauto].
Qed.

Lemma union_diff_cancel n (r s : rel A n) : same n (union n (diff n r s) s) (union n r s).
Proof.
  revert r s; induction n; unfold same in *; cbn; intros r s; [ | split; intro a; apply IHn].
  split; [tauto | intros [H | H]; [destruct (classic s) | ]; tauto].
Qed.

Lemma not_no_some n (r : rel A n) : ~ no n r -> some n r.
Proof. unfold no, some; intro H; destruct (classic (nonempty n r)); tauto. Qed.

Lemma incl_diff_none n (r s : rel A n) : incl n r s <-> no n (diff n r s).
Proof.
  rewrite no_incl_none; revert r s; induction n; unfold same in *; cbn; intros r s;
    [ | split; intros H a; [apply (proj1 (IHn _ _)) | apply (proj2 (IHn _ _))]; apply H].
  split; [tauto | intros H Hr; destruct (classic s); tauto].
Qed.

End Classical.
