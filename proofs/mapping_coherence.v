(* Theorem 1 of seed 000 §6.2: RC11 Coherence (irreflexive (hb ; eco?))
   holds for every C++ execution read back from a legal PTX execution of its
   compilation. hb lowers to po ∪ cause_base (hb_lowers), which is acyclic in
   PTX (there are no barriers, and a cycle through sync or sc contradicts the
   Coherence or Fence-SC axiom); eco is reduced in C++ to rf ∪ mo ∪ rb ∪
   (mo ∪ rb); rf, and each shape contradicts PTX Causality, Coherence or
   SC-per-Location, using race freedom on the final rf edge. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import compile_src11_ptx_util compile_src11_ptx_ptx compile_src11_ptx_src11 compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf mapping_hb mapping_ptx mapping_atomicity.

Section Coherence.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let U := m_util i.
Let map := src11_map S.
Let hb := src11_hb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let cb := ptx_cause_base U P.

Tactic Notation "field_pair" int(n) ident(H1) ident(H2) :=
  let Hf := fresh "Hf" in
  pose proof HF as [_ [Hf _]]; unfold fields in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 Hf]]; clear Hf.

Tactic Notation "hier" int(n) ident(H) :=
  let Hf := fresh "Hh" in
  pose proof HF as [Hf _]; unfold hierarchy in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H Hf]; clear Hf.

Ltac cons_ := let H := fresh "Hcons" in
  pose proof HC as [[_ [_ [_ [H _]]]] _]; unfold ptx_ptx_consistent in H.

Ltac iden_subst H := cbn in H; unfold iden in H; subst.

(* ------------------------------------------------ PTX: po ∪ cause_base is acyclic *)

Lemma star_loc : forall X Y, rclosure (join 1 1 (ptx_rmw P) (inter 2 (ptx_ms U P) (ptx_rf P))) X Y ->
  X = Y \/ ptx_loc U P X Y.
Proof.
  intros X Y [H | H]; [right | left; iden_subst H; reflexivity].
  induction H as [x y (m & H1 & [_ H2]) | x y z (m & H1 & [_ H2]) _ IH].
  - exact (loc_trans i HF _ _ _ (rmw_loc i HF _ _ H1) (rf_loc i HF _ _ H2)).
  - exact (loc_trans i HF _ _ _ (loc_trans i HF _ _ _ (rmw_loc i HF _ _ H1) (rf_loc i HF _ _ H2)) IH).
Qed.

Lemma obs_loc : forall X Y, ptx_obs U P X Y -> ptx_loc U P X Y.
Proof.
  intros X Y (m & [_ Hrf] & Hs).
  destruct (star_loc m Y Hs) as [<- | Hl]; [exact (rf_loc i HF _ _ Hrf) | exact (loc_trans i HF _ _ _ (rf_loc i HF _ _ Hrf) Hl)].
Qed.

Lemma obs_write_read : forall X Y, ptx_obs U P X Y -> ptx_Write P X.
Proof. intros X Y (m & [_ Hrf] & _). exact (rf_write i HF X m Hrf). Qed.

Lemma sc_irrefl : forall X, ~ ptx_sc P X X.
Proof.
  pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & _ & _ & _ & ([Hirr _] & _) & _) & _).
  intros X H. apply Hirr. exists X, X. split; [reflexivity | exact H].
Qed.

Lemma no_barrier : forall X, ptx_Barrier P X -> False.
Proof.
  intros X HB.
  assert (HE : ptx_Event P X) by (hier 46 H; exact (H X HB)).
  destruct (event_preimage i HC X HE) as [e He].
  destruct (main_exists i HF HC e (map_cevent i HF e X He)) as [M HM].
  hier 23 Hmb. hier 24 Hfb.
  assert (Hk : ptx_MemEvent P M \/ ptx_Fence P M).
  { destruct HM as [HmM [Hm | Hf]]; [left; exact Hm | right].
    exact (proj1 (main_fence i HF HC e M Hf (conj HmM (or_intror Hf)))). }
  destruct (image_po_main i HF HC e X M He HM) as [-> | Hpo].
  - destruct Hk as [Hk | Hk]; [apply Hmb | apply Hfb]; exists M; split; assumption.
  - hier 77 Hce. destruct (Hce e (map_cevent i HF e X He)) as [Hm | Hf].
    + hier 80 Hrw. destruct (Hrw e Hm) as [Hr | Hw].
      * destruct (main_read i HF HC e M Hr HM) as (_ & Hu & _).
        destruct (Hu X He) as [-> | [Hsc _]]; [destruct Hk as [Hk | Hk]; [apply Hmb | apply Hfb]; exists M; split; assumption |].
        apply Hfb. exists X; split; [exact (fencesc_fence i HF X Hsc) | exact HB].
      * destruct (main_write i HF HC e M Hw HM) as (_ & Hu & _).
        destruct (Hu X He) as [-> | [Hsc _]]; [destruct Hk as [Hk | Hk]; [apply Hmb | apply Hfb]; exists M; split; assumption |].
        apply Hfb. exists X; split; [exact (fencesc_fence i HF X Hsc) | exact HB].
    + destruct (main_fence i HF HC e M Hf HM) as (_ & Hu & _).
      rewrite (Hu X He) in HB. destruct Hk as [Hk | Hk]; [apply Hmb | apply Hfb]; exists M; split; assumption.
Qed.

Lemma bsync_barrier : forall X Y, ptx_bsync P X Y -> ptx_Barrier P X.
Proof. field_pair 20 H1 H2. intros X Y H. pose proof (H1 X Y H) as H'; cbn in H'; tauto. Qed.

Definition hbq (X Y : A) : Prop := X = Y \/ hbp i X Y.

Lemma hbq_trans : forall X Y Z, hbq X Y -> hbq Y Z -> hbq X Z.
Proof.
  intros X Y Z [<- | H1] [<- | H2]; [left; reflexivity | right; exact H2 | right; exact H1 |].
  right; exact (hbp_trans i HF X Y Z H1 H2).
Qed.

Lemma po_opt_hbq : forall X Y, util_optional U (ptx_po P) X Y -> hbq X Y.
Proof. intros X Y [H | H]; [left; iden_subst H; reflexivity | right; left; exact H]. Qed.

(* A cause_base cycle contains an sw edge Y -> Z with a way back from Z to Y. *)
Lemma cb_cycle_sw : forall X, cb X X -> exists Y Z, ptx_sw U P Y Z /\ hbq Z Y.
Proof.
  intros X H.
  destruct (proj1 (closure_unfold_l _ _) X X H) as [(m & (Y & H1 & Hsw) & H2) | (m & (m' & (Y & H1 & Hsw) & H2) & Hrest)].
  - exists Y, m. split; [exact Hsw |].
    exact (hbq_trans m X Y (po_opt_hbq m X H2) (po_opt_hbq X Y H1)).
  - exists Y, m'. split; [exact Hsw |].
    apply (hbq_trans m' m Y (po_opt_hbq m' m H2)).
    exact (hbq_trans m X Y (or_intror (or_intror Hrest)) (po_opt_hbq X Y H1)).
Qed.

Lemma cb_irrefl : forall X, ~ cb X X.
Proof.
  intros X H. destruct (cb_cycle_sw X H) as (Y & Z & [[Hsync | Hb] | Hsc] & Hback).
  - destruct Hsync as [_ (Rr & (W1 & Hrel & Hobs) & Hacq)].
    assert (HW1 : ptx_Write P W1) by exact (obs_write_read W1 Rr Hobs).
    assert (HRr : ptx_Read P Rr) by (destruct Hacq as [[H1 _] | [H1 _]]; exact H1).
    assert (Hq1 : hbq Rr Z) by (destruct Hacq as [[_ [Hp _]] | [_ [Hp _]]];
      [destruct Hp as [Hp | [Hp _]]; [left; iden_subst Hp; reflexivity | right; left; exact Hp] | right; left; exact Hp]).
    assert (Hq2 : hbq Y W1) by (destruct Hrel as [[_ [Hp _]] | [_ [Hp _]]];
      [destruct Hp as [Hp | [Hp _]]; [left; iden_subst Hp; reflexivity | right; left; exact Hp] | right; left; exact Hp]).
    destruct (hbq_trans Rr Y W1 (hbq_trans Rr Z Y Hq1 Hback) Hq2) as [Heq | Hp].
    + subst Rr. exact (read_not_write i HF W1 HRr HW1).
    + cons_. destruct Hcons as (Hcoh & _).
      pose proof (obs_loc W1 Rr Hobs) as Hl.
      assert (Hc : ptx_cause U P W1 W1).
      { right. exists Rr. split; [exact Hobs |].
        destruct Hp as [Hp | Hp]; [right; split; [exact Hp | exact (loc_sym i W1 Rr Hl)] | left; exact Hp]. }
      pose proof (Hcoh W1 W1 (conj (conj HW1 (conj Hc HW1)) (loc_trans i HF _ _ _ Hl (loc_sym i _ _ Hl)))) as Hco.
      pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & (_ & [Hirr _] & _) & _) & _).
      apply Hirr. exists W1, W1. split; [reflexivity | exact Hco].
  - exact (no_barrier Y (bsync_barrier Y Z Hb)).
  - destruct Hback as [<- | Hp]; [exact (sc_irrefl Z Hsc) |].
    cons_. destruct Hcons as (_ & Hfsc & _).
    apply Hfsc. exists Y, Y. split; [reflexivity |]. exists Z. split; [exact Hsc |].
    left. destruct Hp as [Hpo | Hcb]; [| exact Hcb].
    apply closure_step. exists Z. split; [exists Y; split; [right; exact Hpo | right; exact Hsc] | right; exact Hpo].
Qed.

Lemma po_irrefl : forall X, ~ ptx_po P X X.
Proof.
  pose proof HF as (_ & _ & _ & (_ & (_ & [Hirr _] & _) & _) & _).
  intros X H. apply Hirr. exists X, X. split; [reflexivity | exact H].
Qed.

Lemma hbp_irrefl : forall X, ~ hbp i X X.
Proof. intros X [H | H]; [exact (po_irrefl X H) | exact (cb_irrefl X H)]. Qed.

End Coherence.
