(* Toward Theorem 3 (§6.2): the PTX Fence-SC order on the images of SC
   fences. PTX's Fence-SC order `sc` is total on morally strong fence.sc
   pairs and, by the FenceSC axiom (irreflexive(sc; cause)) and the
   acyclicity of po ∪ cause_base (mapping_coherence.cb_irrefl), it can never
   point against po ∪ cause_base. Hence po ∪ cause_base between two morally
   strong fence.sc is included in sc, and so the C++ [F^SC]; hb; [F^SC]
   between scope-inclusive SC fences (the first disjunct of psc_F) lowers to
   sc between their fence.sc images. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import compile_src11_ptx_util compile_src11_ptx_ptx compile_src11_ptx_src11 compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf mapping_hb mapping_ptx mapping_coherence.

Section ScOrder.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let U := m_util i.
Let map := src11_map S.
Let cb := ptx_cause_base U P.
Let SCev := src11_SCev U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let hb := src11_hb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let incl_c := src11_incl U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

Ltac cons_ := let H := fresh "Hcons" in
  pose proof HC as [[_ [_ [_ [H _]]]] _]; unfold ptx_ptx_consistent in H.

(* The Fence-SC order relates every morally strong pair of distinct
   fence.sc operations, one way or the other (fact fence_sc_order). *)
Lemma sc_total : forall F G, ptx_FenceSC P F -> ptx_FenceSC P G -> F <> G ->
  ptx_ms U P F G -> ptx_sc P F G \/ ptx_sc P G F.
Proof.
  pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & _ & _ & _ & (_ & Htot) & _) & _).
  intros F G H1 H2 Hne Hms.
  destruct (Htot F G (conj H1 (conj H2 Hne))) as [H | H].
  - intros x y [Hx Hy]. cbn in Hx, Hy. unfold single in Hx, Hy. subst x y. exact Hms.
  - left; apply H; cbn; unfold single; auto.
  - right; apply H; cbn; unfold single; auto.
Qed.

(* An sc edge is one step of cause_base (sc ⊆ sw). *)
Lemma sc_cb : forall X Y, ptx_sc P X Y -> cb X Y.
Proof.
  intros X Y H. apply closure_step.
  exists Y; split; [exists X; split; [left; reflexivity | right; exact H] | left; reflexivity].
Qed.

(* sc never points against po ∪ cause_base: against cause_base by the
   FenceSC axiom, against po because sc; po would be a cause_base cycle. *)
Lemma sc_hbp_false : forall X Y, ptx_sc P Y X -> hbp i X Y -> False.
Proof.
  intros X Y Hsc [Hpo | Hcb].
  - exact (cb_irrefl i HF HC Y (cb_po_r i HF Y X Y (sc_cb Y X Hsc) Hpo)).
  - cons_. destruct Hcons as (_ & Hfsc & _).
    apply Hfsc. exists Y, Y. split; [reflexivity |]. exists X. split; [exact Hsc | left; exact Hcb].
Qed.

(* po ∪ cause_base between morally strong fence.sc operations is in sc. *)
Theorem hbp_fences_sc : forall X Y, ptx_FenceSC P X -> ptx_FenceSC P Y ->
  ptx_ms U P X Y -> hbp i X Y -> ptx_sc P X Y.
Proof.
  intros X Y HX HY Hms Hh.
  assert (Hne : X <> Y) by (intros <-; exact (hbp_irrefl i HF HC X Hh)).
  destruct (sc_total X Y HX HY Hne Hms) as [H | H]; [exact H |].
  exfalso. exact (sc_hbp_false X Y H Hh).
Qed.

(* An SC fence of C++ lowers to a single fence.sc (Fig. 11), its main image. *)
Lemma sc_fence_image : forall f F, src11_CFence S f -> SCev f -> main i f F -> ptx_FenceSC P F.
Proof.
  intros f F Hf Hsc HM.
  pose proof HC as [[_ [_ [[_ [_ [Hfe _]]] _]]] _].
  destruct Hfe as (_ & _ & _ & Hscf).
  destruct (lone_op_elim i f _ (Hscf f (conj Hf Hsc))) as (G & HmG & HG & Hu).
  rewrite (Hu F (proj1 HM)). exact HG.
Qed.

(* psc_F, first disjunct: [F^SC]; hb; [F^SC] between scope-inclusive SC
   fences lowers to the Fence-SC order between their fence.sc images. *)
Theorem fence_hb_lowers_sc : forall f g F G,
  src11_CFence S f -> SCev f -> src11_CFence S g -> SCev g ->
  incl_c f g -> hb f g -> main i f F -> main i g G -> ptx_sc P F G.
Proof.
  intros f g F G Hf Hscf Hg Hscg Hi Hhb HMF HMG.
  pose proof (sc_fence_image f F Hf Hscf HMF) as HF'.
  pose proof (sc_fence_image g G Hg Hscg HMG) as HG'.
  apply hbp_fences_sc; [exact HF' | exact HG' | | exact (hb_lowers i HF HC f g F G Hhb HMF HMG)].
  apply (incl_lowers_to_ms i HF HC f g F G Hi (proj1 HMF) (proj1 HMG)).
  intros Hm _. exfalso. exact (mem_not_fence i HF F Hm (fencesc_fence i HF F HF')).
Qed.

(* The base step of the whole-cycle argument (as in the SB shape, seed 000
   §6.2 / Lahav et al. PLDI'17 for leading fences): an access X po-before a
   fence.sc F that is sc-before a fence.sc G po-before an access Y is
   cause_base-before Y, ... *)
Lemma fenced_sc_hbp : forall X F G Y, (X = F \/ ptx_po P X F) -> ptx_sc P F G ->
  (G = Y \/ ptx_po P G Y) -> hbp i X Y.
Proof.
  intros X F G Y HXF Hsc HGY. right.
  assert (H1 : cb F Y).
  { destruct HGY as [<- | Hpo]; [exact (sc_cb F G Hsc) | exact (cb_po_r i HF F G Y (sc_cb F G Hsc) Hpo)]. }
  destruct HXF as [-> | Hpo]; [exact H1 | exact (cb_po_l i HF X F Y Hpo H1)].
Qed.

(* ... so Y cannot read from X's past: neither Y rf X nor Y fr X
   (Causality, or SC-per-Location when the chain is only po). *)
Lemma fenced_sc_rf_fr_false : forall X F G Y, (X = F \/ ptx_po P X F) -> ptx_sc P F G ->
  (G = Y \/ ptx_po P G Y) -> ptx_rf P Y X \/ ptx_fr U P Y X -> False.
Proof.
  intros X F G Y HXF Hsc HGY [Hrf | Hfr].
  - exact (hbp_rf_false i HF HC X Y (fenced_sc_hbp X F G Y HXF Hsc HGY) Hrf).
  - exact (hbp_fr_false i HF HC X Y (fenced_sc_hbp X F G Y HXF Hsc HGY) Hfr).
Qed.

End ScOrder.
