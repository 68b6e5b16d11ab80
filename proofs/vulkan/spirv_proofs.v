(* The asserts of Khronos's Vulkan/SPIR-V memory model (spirv.als), proved
   for every size: every atom type A and every instance of the model's
   facts, with any number of events and of executions. Khronos checks them
   with the Alloy Analyzer up to 8 events (`for 8 but 1 Exec`).

   The definitions (spirv.v, relation_module.v) are generated at build time
   by `relprove export --coq` from ../shared/peers/vulkan-memorymodel/alloy/
   spirv.als (see Makefile and README.md); this file holds the proofs only,
   and the export never overwrites it.

   Each statement is `forall A (i : Instance A), spirv_facts i -> forall X,
   Exec i X -> ...`. A proof instantiates the Exec signature fact at X,
   names X's relations (X.po is `po_`, X.W is `W_`, ...) and argues about
   points. None uses the fact `#(rf + stor[RFINIT]) = #R`, so how a count
   is read (exactly, as the export states it, or wrapped to a bitwidth as
   Alloy computes it) does not matter to them. *)
Require Import Relprove.Relprove.
Require Import Coq.Logic.Classical_Prop.
Require Import relation_module.
Require Import spirv.

(** ** Generic facts about points of relations *)

Section Points.
Variable A : Type.

Lemma star_step (r : rel A 2) x y z : rclosure r x y -> r y z -> closure r x z.
Proof.
  intros [H | H] Hyz; [eapply closure_snoc; eauto | cbv [iden] in H; subst; now apply closure_step].
Qed.

Lemma star_mono (r s : rel A 2) : incl 2 r s -> forall x y, rclosure r x y -> rclosure s x y.
Proof.
  intros H x y [Hc | Hc]; [left; exact (closure_mono A r s H x y Hc) | right; exact Hc].
Qed.

(** A point on a cycle of [r] contradicts [acyclic[r, E]]. *)
Lemma acyclic_pt (m : relation_Inst A) (r : rel A 2) (E : rel A 1) x :
  relation_acyclic m r E -> E x -> closure r x x -> False.
Proof.
  intros H Ex C; apply (H x Ex); exists x; split; [reflexivity | exists x; split; [reflexivity | exact C]].
Qed.
Lemma closure_in_trans (r : rel A 2) : incl 2 (join 1 1 r r) r -> forall x y, closure r x y -> r x y.
Proof. intros H; apply (closure_ind_incl A r r (incl_refl A 2 r) H). Qed.
End Points.

Arguments star_step {A r x y z} _ _.
Arguments star_mono {A r s} _ _ _ _.
Arguments closure_in_trans {A r} _ _ _ _.

(** ** Tactics *)

(* Unfold the model's helper functions and the relational operators in one
   hypothesis (rel_unfold does it everywhere, which is slow here: the Exec
   fact alone is a thousand lines). *)
Ltac ru H :=
  unfold stor, rai, rc, imm, twoplus in H;
  unfold one, same, rclosure, override, domr, ite, no, some, dom, iden, transpose, single in H;
  cbn [incl union inter diff none univ nonempty pand rex join product ranr lone Nat.add] in H.

(* Split a hypothesis into its conjuncts and existentials, substituting
   equalities of atoms. *)
Ltac split_hyp H :=
  repeat match type of H with
  | _ /\ _ => let H1 := fresh "H" in destruct H as [H1 H]; try split_hyp H1
  | exists _, _ => let x := fresh "x" in destruct H as [x H]
  end.

(* The facts at one execution X: the Exec fact and the field declarations
   instantiated at X, split into conjuncts. *)
Ltac exec_facts i X HX Hf :=
  let Hh := fresh "Hh" in let Hfl := fresh "Hfl" in
  let Hr := fresh "Hr" in let He := fresh "He" in
  destruct Hf as (Hh & Hfl & Hr & He);
  unfold fields in Hfl; unfold Exec_fact in He; specialize (He X HX);
  unfold consistent, racefree, locordcomplete, is_acyclic in *;
  repeat match goal with H : _ /\ _ |- _ => destruct H end;
  repeat match goal with H : forall t : _, Exec i t -> _ |- _ => specialize (H X HX) end.

(* Name X's relations, so that unfolding leaves them alone. *)
Tactic Notation "name1" constr(X) constr(f) ident(v) :=
  set (v := join 0 1 (single X) f) in *; clearbody v.
Tactic Notation "name2" constr(X) constr(f) ident(v) :=
  set (v := join 0 2 (single X) f) in *; clearbody v.
Ltac names i X :=
  name1 X (R i) R_; name1 X (W i) W_; name1 X (F i) F_; name1 X (Exec_A i) A_;
  name1 X (ACQ i) ACQ_; name1 X (REL i) REL_; name1 X (CBAR i) CBAR_;
  name1 X (PRIV i) PRIV_; name1 X (NONPRIV i) NONPRIV_;
  name2 X (po i) po_; name2 X (sloc i) sloc_; name2 X (sref i) sref_;
  name2 X (rf i) rf_; name2 X (fr i) fr_; name2 X (asmo i) asmo_;
  name2 X (rs i) rs_; name2 X (hypors i) hypors_; name2 X (sw i) sw_;
  name2 X (hb i) hb_; name2 X (locord i) locord_; name2 X (dr i) dr_;
  name2 X (visto i) visto_; name2 X (mutordatom i) mutordatom_;
  name2 X (posctosem i) posctosem_; name2 X (posemtosc i) posemtosc_;
  name2 X (scbarinst i) scbarinst_; name2 X (inscope i) inscope_.

(* The hypothesis that defines a relation [r] (`r = ...` in the Exec fact). *)
Tactic Notation "def" constr(r) ident(H) :=
  match goal with D : same _ r _ |- _ => pose proof D as H end.

(** ** locord only relates operations at the same location *)

Theorem AssertLocordSameLoc_holds : AssertLocordSameLoc_statement.
Proof.
  intros A i Hf X HX; exec_facts i X HX Hf; names i X.
  def locord_ Hlo; destruct Hlo as [Hlo _].
  intros a b Hab; exact (proj1 (Hlo a b Hab)).
Qed.

(** ** locord is acyclic in a consistent execution: it is part of the
    relation that consistency requires acyclic. *)

Theorem AssertLocordAcyclic_holds : AssertLocordAcyclic_statement.
Proof.
  intros A i Hf X HX.
  destruct (classic (consistent i (single X))) as [Hc | Hc]; [right | left; tauto].
  destruct Hc as [Hc _]; unfold is_acyclic in *.
  intros x Ex [y [Hy [z [Hz C]]]]; apply (Hc x Ex).
  exists y; split; [exact Hy | exists z; split; [exact Hz | ]].
  revert C; apply closure_mono; intros a b H; left; left; left; exact H.
Qed.

(** ** In a consistent race-free execution, locord and mutordatom relate
    every two accesses to one location but two reads. *)

Theorem AssertLocordComplete1_holds : AssertLocordComplete1_statement.
Proof.
  intros A i Hf X HX.
  destruct (classic (racefree i (single X) /\ consistent i (single X))) as [[Hrf Hc] | Hn];
    [right | left; exact Hn].
  exec_facts i X HX Hf; names i X.
  def locord_ Hlo; destruct Hlo as [Hlo _].
  def mutordatom_ Hmo; destruct Hmo as [Hmo _].
  def dr_ Hdr; destruct Hdr as [_ Hdr].
  match goal with H : is_equivalence i sloc_ _ |- _ =>
    destruct H as [[[_ _] Hsym] Hslrw] end.
  match goal with H : relation_acyclic _ _ (E i) |- _ => rename H into Hacyc end.
  match goal with H : incl 2 locord_ (product 1 1 (E i) (E i)) |- _ => rename H into HloE end.
  (* locord is irreflexive *)
  assert (Hirr : forall a, locord_ a a -> False).
  { intros a Hq; apply (acyclic_pt _ _ _ _ a Hacyc (proj1 (HloE a a Hq))).
    apply closure_step; left; left; left; exact Hq. }
  split.
  - intros a b [Hab HnRR]; split; [ | exact HnRR].
    destruct Hab as [[Hq | Hq] | Hq].
    + split; [exact (proj1 (Hlo a b Hq)) | intro E; cbv [iden] in E; subst; exact (Hirr b Hq)].
    + split; [apply Hsym; exact (proj1 (Hlo b a Hq)) | intro E; cbv [iden] in E; subst; exact (Hirr b Hq)].
    + destruct (Hmo a b Hq) as [[[[Hs _] _] _] Hn]; split; assumption.
  - intros a b [[Hs Hne] HnRR]; split; [ | exact HnRR].
    destruct (classic (rai i locord_ a b \/ mutordatom_ a b)) as [[Hq | Hq] | Hq];
      [left; exact Hq | right; exact Hq | exfalso].
    apply Hrf; exists a, b; apply Hdr.
    pose proof (Hslrw a b Hs) as Hrw; cbn in Hrw.
    cbv [rai iden transpose] in Hq, Hne |- *; cbn in Hrw, HnRR, Hq, Hne |- *.
    destruct (classic (W_ a)); destruct (classic (W_ b)); tauto.
Qed.

(** ** locordcomplete makes an execution race-free (consistent or not). *)

Theorem AssertLocordComplete2_holds : AssertLocordComplete2_statement.
Proof.
  intros A i Hf X HX.
  destruct (classic (locordcomplete i (single X) /\ consistent i (single X))) as [Hlc | Hn];
    [right | left; exact Hn].
  exec_facts i X HX Hf; names i X.
  def dr_ Hdr; destruct Hdr as [Hdr _].
  match goal with H : same 2 (diff 2 (union 2 (rai i locord_) _) _) _ |- _ =>
    destruct H as [_ Hlc] end.
  intros [a [b Hd]]; apply Hdr in Hd; cbn in Hd.
  destruct Hd as [Hs [[[Hk Hnmo] Hni] Hnlo]].
  destruct (Hlc a b) as [[Hl | Hm] _]; [ | tauto | tauto].
  cbn; split; [split; assumption | tauto].
Qed.

(** ** Nothing synchronizes with itself in a consistent execution. Two
    cases of sw are ruled out by the signature (a fence is not an atomic);
    the release-acquire cases close a cycle of locord, rf and asmo (for
    fence to fence, the acquire read is po-before, hence location-ordered
    before, the release write); the control barrier case would put one
    barrier instance in po with itself. *)

Theorem AssertNoSwSelf_holds : AssertNoSwSelf_statement.
Proof.
  intros A i Hf X HX.
  destruct (classic (consistent i (single X))) as [Hc | Hc]; [right | left; tauto].
  exec_facts i X HX Hf; names i X.
  match goal with H : relation_acyclic _ _ (E i) |- _ => rename H into Hacyc end.
  set (U := union 2 (union 2 (union 2 locord_ rf_) fr_) asmo_) in Hacyc.
  def sw_ Hsw; destruct Hsw as [Hsw _].
  def rs_ Hrs; destruct Hrs as [Hrs _].
  def hypors_ Hhy; destruct Hhy as [Hhy _].
  def hb_ Hhb; destruct Hhb as [_ Hhb].
  def locord_ Hlo; destruct Hlo as [_ Hlo].
  def posemtosc_ Hpe; destruct Hpe as [Hpe _].
  def posctosem_ Hpc; destruct Hpc as [Hpc _].
  def PRIV_ Hpriv; destruct Hpriv as [Hpriv _].
  def mutordatom_ Hmo; destruct Hmo as [Hmo _].
  match goal with H : same 2 (rai i asmo_) _ |- _ => destruct H as [Hasmo _] end.
  match goal with H : strict_partial_order i po_ |- _ => destruct H as [_ Hpot] end.
  match goal with H : strict_partial_order i asmo_ |- _ => destruct H as [_ Hasmot] end.
  match goal with H : is_equivalence i sloc_ _ |- _ =>
    destruct H as [[[_ Hst] Hsym] _] end.
  match goal with H : incl 2 sw_ (product 1 1 (E i) (E i)) |- _ => rename H into HswE end.
  match goal with H : incl 2 rf_ (product 1 1 (E i) (E i)) |- _ => rename H into HrfE end.
  match goal with H : incl 1 A_ NONPRIV_ |- _ => rename H into HAnp end.
  match goal with H : incl 1 A_ (union 1 R_ W_) |- _ => rename H into HArw end.
  match goal with H : no 1 (inter 1 (union 1 R_ W_) (union 1 F_ CBAR_)) |- _ =>
    rename H into Hdisj end.
  match goal with H : no 2 (inter 2 scbarinst_ (rai i po_)) |- _ => rename H into Hcb end.
  (* the steps of a release sequence are asmo steps, so steps of U *)
  assert (Hseq : forall x y, rclosure (join 1 1 (imm i asmo_) (stor i (inter 1 R_ W_))) x y ->
                             rclosure U x y).
  { apply star_mono; intros a b [m [[Hq _] [_ E]]]; cbv [iden] in E; subst m; right; exact Hq. }
  (* ... and stay at one location *)
  assert (Hmosl : forall x y, mutordatom_ x y -> sloc_ x y).
  { intros x y Hq; exact (proj1 (proj1 (proj1 (proj1 (Hmo x y Hq))))). }
  assert (Hseqsl : forall x y, closure (join 1 1 (imm i asmo_) (stor i (inter 1 R_ W_))) x y ->
                               sloc_ x y).
  { intros x y Hq; apply Hmosl; refine (proj2 (Hasmo x y (or_introl _))).
    apply (closure_in_trans Hasmot).
    revert Hq; apply closure_mono; intros a b [m [[Hq _] [_ E]]]; cbv [iden] in E; subst m; exact Hq. }
  assert (Hfa : forall a, F_ a -> A_ a -> False).
  { intros a Hq1 Hq2; apply Hdisj; exists a; split; [exact (HArw a Hq2) | left; exact Hq1]. }
  assert (Hnp : forall e, A_ e -> PRIV_ e -> False).
  { intros e He Hp; destruct (Hpriv e Hp) as [_ Hn]; exact (Hn (HAnp e He)). }
  intros [a [b [Hab E]]]; cbv [iden] in E; subst b.
  pose proof (HswE a a Hab) as [Ea _].
  apply Hsw in Hab; destruct Hab as [_ Hab].
  destruct Hab as [[[[Hq | Hq] | Hq] | Hq] | Hq].
  - (* atomic -> atomic: a rs q, q rf a: a cycle of asmo and rf *)
    destruct Hq as [p [[q [[r [[[Hrel Ha] E1] Hrsq]] [Hrfq Hmoq]]] [[Hacq Ha'] E2]]].
    cbv [iden] in E1, E2; subst r p.
    destruct (Hrs a q Hrsq) as [m [[_ E3] Hstar]]; cbv [iden] in E3; subst m.
    apply (acyclic_pt _ _ _ _ a Hacyc Ea).
    apply (star_step (Hseq _ _ Hstar)); left; left; right; exact Hrfq.
  - (* fence -> atomic *)
    ru Hq; split_hyp Hq; subst.
    match goal with H1 : F_ ?x, H2 : A_ ?x |- _ => exact (Hfa x H1 H2) end.
  - (* atomic -> fence *)
    ru Hq; split_hyp Hq; subst.
    match goal with H1 : F_ ?x, H2 : A_ ?x |- _ => exact (Hfa x H1 H2) end.
  - (* fence -> fence: c po a po b, so c locord b; b asmo* x; x rf c *)
    ru Hq; split_hyp Hq; subst.
    lazymatch goal with
    | H1 : posemtosc_ ?a ?b, H2 : posctosem_ ?c ?a, H3 : hypors_ ?b ?x, H4 : rf_ ?x ?c,
      H5 : mutordatom_ ?x ?c, H6 : A_ ?c, H7 : R_ ?c, H8 : A_ ?b |- _ =>
      assert (Hcb' : po_ c b)
        by (apply Hpot; exists a; split; [exact (proj1 (Hpc c a H2)) | exact (proj1 (Hpe a b H1))]);
      destruct (Hhy b x H3) as [m [[[HWb _] E3] Hstar]]; cbv [iden] in E3; subst m;
      assert (Hsl : sloc_ c b)
        by (apply Hsym; destruct Hstar as [Hstar | E4];
            [apply Hst; exists x; split; [exact (Hseqsl b x Hstar) | exact (Hmosl x c H5)]
            | cbv [iden] in E4; subst x; exact (Hmosl b c H5)]);
      assert (Hlcb : locord_ c b)
        by (apply Hlo; split; [exact Hsl | ];
            do 11 left; right;
            exists b; split;
            [ exists c; split; [split; [split; [exact H7 | exact (Hnp c H6)] | reflexivity] | ];
              apply Hhb; right; exact Hcb'
            | split; [split; [right; exact HWb | exact (Hnp b H8)] | reflexivity]]);
      apply (acyclic_pt _ _ _ _ c Hacyc (proj2 (HrfE x c H4)));
      apply (@closure_cons _ U c b c); [left; left; left; exact Hlcb | ];
      apply (star_step (Hseq _ _ Hstar)); left; left; right; exact H4
    end.
  - (* fence -> control barrier -> control barrier -> fence *)
    ru Hq; split_hyp Hq; subst.
    lazymatch goal with
    | H1 : po_ ?a ?b \/ _, H2 : scbarinst_ ?b ?c, H3 : ~ ?b = ?c, H4 : po_ ?c ?a \/ _ |- _ =>
      assert (Hbc : b = c \/ po_ c b)
        by (destruct H1 as [H1 | [_ E1]]; destruct H4 as [H4 | [_ E4]];
            [ right; apply Hpot; exists a; split; assumption
            | right; rewrite E4; exact H1
            | right; rewrite <- E1; exact H4
            | left; congruence ]);
      destruct Hbc as [Hbc | Hbc];
      [ exact (H3 Hbc) | apply Hcb; exists b, c; split; [exact H2 | right; exact Hbc] ]
    end.
Qed.

(** ** visto is immediate: no write is location-ordered between a write
    and a read it is visible to. *)

Theorem AssertVisTo_holds : AssertVisTo_statement.
Proof.
  intros A i Hf X HX; exec_facts i X HX Hf; names i X.
  def visto_ Hv; destruct Hv as [Hv _].
  intros [a [b [Hv1 Hv2]]]; apply Hv in Hv1; ru Hv1; ru Hv2.
  destruct Hv1 as [m [[Ham Hn] [Hm E]]]; subst m.
  destruct Hv2 as [p [[q [[s [[t [[Hwa E1] Hat]] [Hws E2]]] Hsp]] [Hrb E3]]]; subst t q p.
  apply Hn; exists s; split.
  - exists a; split; [split; [exact Hwa | reflexivity] | exact Hat].
  - apply closure_step; exists s; split; [split; [exact Hws | reflexivity] | exact Hsp].
Qed.
