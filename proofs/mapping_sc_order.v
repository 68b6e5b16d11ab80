(* Toward Theorem 3 (§6.2): the PTX Fence-SC order on the images of SC
   fences. PTX's Fence-SC order `sc` is total on morally strong fence.sc
   pairs and, by the FenceSC axiom (irreflexive(sc; cause)) and the
   acyclicity of po ∪ cause_base (mapping_coherence.cb_irrefl), it can never
   point against po ∪ cause_base. Hence po ∪ cause_base between two morally
   strong fence.sc is included in sc, and so the C++ [F^SC]; hb; [F^SC]
   between scope-inclusive SC fences (the first disjunct of psc_F) lowers to
   sc between their fence.sc images. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf mapping_hb mapping_ptx mapping_atomicity mapping_coherence mapping_sc_fences.

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

(* ---------------------------------------------------------------- scopes of leading fences *)

(* The read part of an RMW has its write part's scope (fact c_atomics) and
   thread (crmw ⊆ sb), so it is scope-inclusive with whatever the write
   part is inclusive with. *)
Lemma crmw_incl : forall x a b, src11_crmw S x a -> incl_c a b -> incl_c x b.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & _ & (_ & Hsc))).
  intros x a b Hrmw [Hab Hba].
  destruct (sb_same_thread i HF x a (proj1 (crmw_imm i HF x a Hrmw))) as (t & Htx & Hta).
  assert (Hscope : forall m, src11_cscope S a m -> src11_cscope S x m).
  { intros m Hm.
    assert (Hdom : join 1 0 (src11_crmw S) (src11_CWrite S) x)
      by (exists a; split; [exact Hrmw | exact (crmw_cwrite i HF x a Hrmw)]).
    destruct (Hsc x Hdom) as [_ Hr].
    apply join_single_l. apply Hr. exists a. split; [apply join_single_l; exact Hrmw | exact Hm]. }
  split.
  - destruct Hab as (s & (m & Hm & Hs) & Hb). exists s. split; [exists m; split; [exact (Hscope m Hm) | exact Hs] | exact Hb].
  - destruct Hba as (s & (m & Hm & Hs) & Ha). exists s. split; [exists m; split; [exact Hm | exact Hs] |].
    cbn in Ha |- *. rewrite (cthread_fun i HF a s t Ha Hta). exact Htx.
Qed.

Lemma incl_sym : forall a b, incl_c a b -> incl_c b a.
Proof. intros a b [H1 H2]. split; assumption. Qed.

(* The fence.sc of two scope-inclusive SC events (sc_leading_fence: their
   own leading fences, their RMW read parts', or themselves) are morally
   strong, so sc orders them when they differ. *)
Theorem leading_fences_ms : forall a b x y Fa Fb,
  incl_c a b -> ptx_FenceSC P Fa -> ptx_FenceSC P Fb ->
  map x Fa -> (x = a \/ src11_crmw S x a) -> map y Fb -> (y = b \/ src11_crmw S y b) ->
  ptx_ms U P Fa Fb.
Proof.
  intros a b x y Fa Fb Hab HFa HFb Hx Hxa Hy Hyb.
  assert (Hxb : incl_c x b) by (destruct Hxa as [<- | H]; [exact Hab | exact (crmw_incl x a b H Hab)]).
  assert (Hxy : incl_c x y).
  { apply incl_sym. destruct Hyb as [<- | H]; [exact (incl_sym x y Hxb) | exact (crmw_incl y b x H (incl_sym x b Hxb))]. }
  apply (incl_lowers_to_ms i HF HC x y Fa Fb Hxy Hx Hy).
  intros Hm _. exfalso. exact (mem_not_fence i HF Fa Hm (fencesc_fence i HF Fa HFa)).
Qed.

(* The fence.sc image of an SC read is unique (Fig. 11: fence.sc; ld.acquire). *)
Lemma sc_read_fence_unique : forall r F G, src11_CRead S r -> SCev r ->
  map r F -> map r G -> ptx_FenceSC P F -> ptx_FenceSC P G -> F = G.
Proof.
  intros r F G Hr Hsc HmF HmG HFs HGs.
  pose proof HC as [[_ [_ [[Hrd _] _]]] _]. destruct Hrd as (_ & _ & _ & Hscr).
  destruct (fenced_op_elim i r _ (Hscr r (conj Hr Hsc))) as (F0 & X & _ & HX & _ & _ & _ & Hu).
  assert (Hne : forall Z, ptx_FenceSC P Z -> Z <> X)
    by (intros Z HZ ->; exact (read_not_fencesc i HF X (acquire_read i HF X HX) HZ)).
  destruct (Hu F HmF) as [-> | ->]; [| exfalso; exact (Hne X HFs eq_refl)].
  destruct (Hu G HmG) as [-> | ->]; [reflexivity | exfalso; exact (Hne X HGs eq_refl)].
Qed.

(* P-edges, the sb case: for a sb b between scope-inclusive SC events, the
   leading fence of a is the one of b (an RMW^SC's two parts) or sc-before
   it. sb lowers to po between all images (map_events), and po between
   morally strong fence.sc is in sc (hbp_fences_sc). *)
Theorem sb_fences_forward : forall a b x y Fa Fb,
  SCev a -> SCev b -> incl_c a b -> src11_sb S a b ->
  ptx_FenceSC P Fa -> ptx_FenceSC P Fb ->
  map x Fa -> (x = a \/ src11_crmw S x a) -> map y Fb -> (y = b \/ src11_crmw S y b) ->
  Fa = Fb \/ ptx_sc P Fa Fb.
Proof.
  intros a b x y Fa Fb Ha Hb Hab Hsb HFa HFb Hx Hxa Hy Hyb.
  assert (Hxa' : x = a \/ src11_sb S x a)
    by (destruct Hxa as [<- | H]; [left; reflexivity | right; exact (proj1 (crmw_imm i HF x a H))]).
  assert (Hxb : src11_sb S x b)
    by (destruct Hxa' as [<- | H]; [exact Hsb | exact (sb_trans i HF x a b H Hsb)]).
  assert (Hpo : Fa = Fb \/ ptx_po P Fa Fb).
  { destruct Hyb as [<- | Hrmw].
    - right. exact (sb_lowers_to_po i HF HC x y Fa Fb Hxb Hx Hy).
    - destruct (crmw_imm i HF y b Hrmw) as [Hyb' Himm].
      destruct (Classical_Prop.classic (x = y)) as [<- | Hne].
      + left. apply (sc_read_fence_unique x Fa Fb (crmw_cread i HF x b Hrmw)
                       (rmw_sc_read i HF x b Hrmw Hb) Hx Hy HFa HFb).
      + right. apply (sb_lowers_to_po i HF HC x y Fa Fb); [| exact Hx | exact Hy].
        destruct (sb_same_thread i HF x b Hxb) as (t & Htx & Htb).
        destruct (sb_same_thread i HF y b Hyb') as (t' & Hty & Htb').
        rewrite (cthread_fun i HF b t' t Htb' Htb) in Hty.
        destruct (sb_total i HF x y t (sb_cevent_l i HF x b Hxb) (sb_cevent_l i HF y b Hyb') Hne Htx Hty)
          as [H | H]; [exact H |].
        exfalso. apply Himm. exists a. split; [| exact Hsb].
        destruct Hxa' as [<- | H']; [exact H | exact (sb_trans i HF y x a H H')]. }
  destruct Hpo as [Heq | Hpo]; [left; exact Heq | right].
  apply hbp_fences_sc; [exact HFa | exact HFb | | left; exact Hpo].
  exact (leading_fences_ms a b x y Fa Fb Hab HFa HFb Hx Hxa Hy Hyb).
Qed.

(* The read part of an RMW is at its write part's location (crmw ⊆ cloc). *)
Lemma crmw_cloc : forall r w, src11_crmw S r w ->
  src11_cloc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) r w.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & _ & (Hl & _))).
  intros r w H. exact (proj2 (Hl r w H)).
Qed.

(* P-edges, the sb|≠loc; hb; sb|≠loc case of scb: the leading fence of a is
   po-before the main image of c, which is po ∪ cause_base-before the main
   image of d, which is po-before the leading fence of b (d is not the read
   part of b's RMW: that one is at b's location). So the fences are sc-ordered
   forward. *)
Theorem sb_hb_sb_fences_forward : forall a b c d x y Fa Fb,
  incl_c a b -> src11_sb S a c -> hb c d -> src11_sb S d b ->
  ~ src11_cloc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) d b ->
  ptx_FenceSC P Fa -> ptx_FenceSC P Fb ->
  map x Fa -> (x = a \/ src11_crmw S x a) -> map y Fb -> (y = b \/ src11_crmw S y b) ->
  ptx_sc P Fa Fb.
Proof.
  intros a b c d x y Fa Fb Hab Hac Hcd Hdb Hnl HFa HFb Hx Hxa Hy Hyb.
  assert (Hxc : src11_sb S x c)
    by (destruct Hxa as [<- | H]; [exact Hac | exact (sb_trans i HF x a c (proj1 (crmw_imm i HF x a H)) Hac)]).
  destruct (main_exists i HF HC c (sb_cevent i HF a c Hac)) as [Mc HMc].
  destruct (main_exists i HF HC d (sb_cevent_l i HF d b Hdb)) as [Md HMd].
  assert (Hdy : src11_sb S d y).
  { destruct Hyb as [<- | Hrmw]; [exact Hdb |].
    destruct (crmw_imm i HF y b Hrmw) as [Hyb' Himm].
    destruct (Classical_Prop.classic (d = y)) as [-> | Hne]; [exfalso; exact (Hnl (crmw_cloc y b Hrmw)) |].
    destruct (sb_same_thread i HF d b Hdb) as (t & Htd & Htb).
    destruct (sb_same_thread i HF y b Hyb') as (t' & Hty & Htb').
    rewrite (cthread_fun i HF b t' t Htb' Htb) in Hty.
    destruct (sb_total i HF d y t (sb_cevent_l i HF d b Hdb) (sb_cevent_l i HF y b Hyb') Hne Htd Hty)
      as [H | H]; [exact H |].
    exfalso. apply Himm. exists d. split; [exact H | exact Hdb]. }
  assert (Hh : hbp i Fa Fb).
  { apply (hbp_trans i HF Fa Mc Fb); [left; exact (sb_lowers_to_po i HF HC x c Fa Mc Hxc Hx (proj1 HMc)) |].
    apply (hbp_trans i HF Mc Md Fb); [exact (hb_lowers i HF HC c d Mc Md Hcd HMc HMd) |].
    left; exact (sb_lowers_to_po i HF HC d y Md Fb Hdy (proj1 HMd) Hy). }
  apply hbp_fences_sc; [exact HFa | exact HFb | | exact Hh].
  exact (leading_fences_ms a b x y Fa Fb Hab HFa HFb Hx Hxa Hy Hyb).
Qed.

(* ---------------------------------------------------------------- psc_F with one eco step *)

Lemma co_write_l : forall X Y, ptx_co P X Y -> ptx_Write P X.
Proof.
  pose proof HF as [_ [Hf _]]; unfold fields in Hf.
  do 16 (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 _]].
  intros X Y H. pose proof (H1 X Y H) as H'; cbn in H'; tauto.
Qed.

Lemma co_write_r : forall X Y, ptx_co P X Y -> ptx_Write P Y.
Proof.
  pose proof HF as [_ [Hf _]]; unfold fields in Hf.
  do 16 (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 _]].
  intros X Y H. exact (H2 X (co_write_l X Y H) Y (proj2 (join_single_l X _ Y) H)).
Qed.

(* One rf, co or fr step cannot run against po ∪ cause_base (Causality,
   Coherence, SC-per-Location). *)
Lemma hbp_eco1_false : forall Xa Xb, hbp i Xb Xa ->
  ptx_rf P Xa Xb \/ ptx_co P Xa Xb \/ ptx_fr U P Xa Xb -> False.
Proof.
  intros Xa Xb Hh [Hrf | [Hco | Hfr]].
  - exact (hbp_rf_false i HF HC Xb Xa Hh Hrf).
  - assert (Hne : Xb <> Xa) by (intros ->; exact (co_acyclic2 i HF Xa Xa Hco Hco)).
    pose proof (hbp_write_co i HF HC Xb Xa Hh (co_write_r Xa Xb Hco) (co_write_l Xa Xb Hco)
                  (loc_sym i Xa Xb (co_loc i HF Xa Xb Hco)) Hne) as Hco'.
    exact (co_acyclic2 i HF Xa Xb Hco Hco').
  - exact (hbp_fr_false i HF HC Xb Xa Hh Hfr).
Qed.

(* psc_F's second disjunct, for a single eco step lowered to rf, co or fr:
   F1 (po ∪ cause_base) Xa, Xa eco-step Xb, Xb (po ∪ cause_base) F2 between
   morally strong fence.sc puts F1 sc-before F2 (else F2 sc F1 closes a
   po ∪ cause_base path from Xb back to Xa). *)
Theorem fence_eco1_fence_sc : forall F1 Xa Xb F2, ptx_FenceSC P F1 -> ptx_FenceSC P F2 ->
  ptx_ms U P F1 F2 -> hbp i F1 Xa ->
  (ptx_rf P Xa Xb \/ ptx_co P Xa Xb \/ ptx_fr U P Xa Xb) -> hbp i Xb F2 -> ptx_sc P F1 F2.
Proof.
  intros F1 Xa Xb F2 H1 H2 Hms HA Hab HB.
  assert (Hne : F1 <> F2).
  { intros <-. exact (hbp_eco1_false Xa Xb (hbp_trans i HF Xb F1 Xa HB HA) Hab). }
  destruct (sc_total F1 F2 H1 H2 Hne Hms) as [H | H]; [exact H | exfalso].
  apply (hbp_eco1_false Xa Xb); [| exact Hab].
  apply (hbp_trans i HF Xb F2 Xa HB). apply (hbp_trans i HF F2 F1 Xa); [right; exact (sc_cb F2 F1 H) | exact HA].
Qed.

(* ---------------------------------------------------------------- psc_F *)

(* The argument of mapping_coherence.hb_eco_false, with po ∪ cause_base
   between the main images in place of hb: eco never runs against
   po ∪ cause_base. *)
Lemma hbp_eco_false : forall a b Am Bm,
  src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) b a ->
  main i a Am -> main i b Bm -> hbp i Am Bm -> False.
Proof.
  intros a b Am Bm Heco HA HB Hp.
  assert (Hmain : forall e, src11_CEvent S e -> exists X, main i e X) by exact (main_exists i HF HC).
  destruct (eco_reduce i HF b a Heco) as [H | [H | [H | [(m & H1 & H2) | (m & H1 & H2)]]]].
  - destruct (main_write i HF HC b Bm (crf_cwrite i HF b a H) HB) as (HBw & _).
    destruct (main_read i HF HC a Am (crf_cread i HF b a H) HA) as (HAr & _).
    exact (hbp_rf_false i HF HC Am Bm Hp (crf_lowers_to_rf i HF HC b a Bm Am H (proj1 HB) HBw (proj1 HA) HAr)).
  - destruct (cmo_cwrite i HF b a H) as [Hb Ha].
    destruct (main_write i HF HC b Bm Hb HB) as (HBw & _).
    destruct (main_write i HF HC a Am Ha HA) as (HAw & _).
    pose proof (cmo_lowers_co i HF HC b a Bm Am H HB HA) as Hco.
    assert (Hne : Am <> Bm) by (intro Heq; subst Bm; exact (hbp_irrefl i HF HC Am Hp)).
    exact (co_acyclic2 i HF Am Bm (hbp_write_co i HF HC Am Bm Hp HAw HBw (loc_sym i Bm Am (co_loc i HF Bm Am Hco)) Hne) Hco).
  - exact (hbp_fr_false i HF HC Am Bm Hp (rb_lowers_fr i HF HC b a Bm Am H HB HA)).
  - destruct (cmo_cwrite i HF b m H1) as [Hb Hm].
    pose proof (crf_cread i HF m a H2) as Ha.
    destruct (Hmain m (cwrite_cevent i HF m Hm)) as [Mm HM].
    destruct (main_write i HF HC b Bm Hb HB) as (HBw & _).
    destruct (main_write i HF HC m Mm Hm HM) as (HMw & _).
    destruct (main_read i HF HC a Am Ha HA) as (HAr & _).
    pose proof (cmo_lowers_co i HF HC b m Bm Mm H1 HB HM) as Hco.
    pose proof (crf_lowers_to_rf i HF HC m a Mm Am H2 (proj1 HM) HMw (proj1 HA) HAr) as Hrf.
    assert (Hne : m <> a) by (intro Heq; subst m; exact (cread_not_cwrite i HF a Ha Hm)).
    destruct (race_free i HC m a (cwrite_cmem i HF m Hm) (cread_cmem i HF a Ha) (crf_cloc i HF m a H2) (or_introl Hm) Hne)
      as [Hma | [Ham | Hi]].
    + pose proof (hbp_trans i HF Mm Am Bm (hb_lowers i HF HC m a Mm Am Hma HM HA) Hp) as Hp'.
      assert (Hne' : Mm <> Bm) by (intro Heq; subst Bm; exact (hbp_irrefl i HF HC Mm Hp')).
      exact (co_acyclic2 i HF Mm Bm (hbp_write_co i HF HC Mm Bm Hp' HMw HBw (loc_sym i Bm Mm (co_loc i HF Bm Mm Hco)) Hne') Hco).
    + exact (hbp_rf_false i HF HC Am Mm (hb_lowers i HF HC a m Am Mm Ham HA HM) Hrf).
    + pose proof (incl_lowers_to_ms i HF HC m a Mm Am Hi (proj1 HM) (proj1 HA) (fun _ _ => rf_loc i HF Mm Am Hrf)) as Hms.
      pose proof (loc_trans i HF Bm Mm Am (co_loc i HF Bm Mm Hco) (rf_loc i HF Mm Am Hrf)) as HlBA.
      pose proof (obs_cause i Mm Am Bm (msrf_obs i Mm Am Hms Hrf) Hp (loc_sym i Bm Am HlBA)) as Hc.
      cons_. destruct Hcons as (Hcoh & _).
      pose proof (Hcoh Mm Bm (conj (conj HMw (conj Hc HBw)) (loc_sym i Bm Mm (co_loc i HF Bm Mm Hco)))) as Hco'.
      exact (co_acyclic2 i HF Mm Bm Hco' Hco).
  - destruct (rb_cread_cwrite i HF b m H1) as [Hb Hm].
    pose proof (crf_cread i HF m a H2) as Ha.
    destruct (Hmain m (cwrite_cevent i HF m Hm)) as [Mm HM].
    destruct (main_write i HF HC m Mm Hm HM) as (HMw & _).
    destruct (main_read i HF HC a Am Ha HA) as (HAr & _).
    pose proof (rb_lowers_fr i HF HC b m Bm Mm H1 HB HM) as Hfr.
    pose proof (crf_lowers_to_rf i HF HC m a Mm Am H2 (proj1 HM) HMw (proj1 HA) HAr) as Hrf.
    assert (Hne : m <> a) by (intro Heq; subst m; exact (cread_not_cwrite i HF a Ha Hm)).
    destruct (race_free i HC m a (cwrite_cmem i HF m Hm) (cread_cmem i HF a Ha) (crf_cloc i HF m a H2) (or_introl Hm) Hne)
      as [Hma | [Ham | Hi]].
    + exact (hbp_fr_false i HF HC Mm Bm (hbp_trans i HF Mm Am Bm (hb_lowers i HF HC m a Mm Am Hma HM HA) Hp) Hfr).
    + exact (hbp_rf_false i HF HC Am Mm (hb_lowers i HF HC a m Am Mm Ham HA HM) Hrf).
    + pose proof (incl_lowers_to_ms i HF HC m a Mm Am Hi (proj1 HM) (proj1 HA) (fun _ _ => rf_loc i HF Mm Am Hrf)) as Hms.
      pose proof (loc_trans i HF Bm Mm Am (fr_loc i HF Bm Mm Hfr) (rf_loc i HF Mm Am Hrf)) as HlBA.
      pose proof (obs_cause i Mm Am Bm (msrf_obs i Mm Am Hms Hrf) Hp (loc_sym i Bm Am HlBA)) as Hc.
      cons_. destruct Hcons as (_ & _ & _ & _ & _ & Hcaus).
      apply Hcaus. exists Bm, Bm. split; [reflexivity |].
      exists Mm; split; [right; exact Hfr | exact Hc].
Qed.

Lemma eco_cevent_l : forall x y,
  src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) x y -> src11_CEvent S x.
Proof.
  intros x y H. destruct H as [x y H | x y z H _]; destruct H as [[H | H] | H];
    first [exact (cwrite_cevent i HF x (crf_cwrite i HF x _ H))
          | exact (cwrite_cevent i HF x (proj1 (cmo_cwrite i HF x _ H)))
          | exact (cread_cevent i HF x (proj1 (rb_cread_cwrite i HF x _ H)))].
Qed.

(* psc_F's second disjunct: [F^SC]; hb; eco; hb; [F^SC] between
   scope-inclusive SC fences lowers to sc between their fence.sc images
   (else F2 sc F1 closes po ∪ cause_base from b's image back to a's, against
   eco: hbp_eco_false). *)
Theorem fence_eco_fence_sc : forall f g a b F G,
  src11_CFence S f -> SCev f -> src11_CFence S g -> SCev g -> incl_c f g ->
  hb f a -> src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b -> hb b g ->
  main i f F -> main i g G -> ptx_sc P F G.
Proof.
  intros f g a b F G Hf Hscf Hg Hscg Hi Hfa Hab Hbg HMF HMG.
  pose proof (sc_fence_image f F Hf Hscf HMF) as HF'.
  pose proof (sc_fence_image g G Hg Hscg HMG) as HG'.
  destruct (main_exists i HF HC a (eco_cevent_l a b Hab)) as [Am HA].
  destruct (main_exists i HF HC b (hb_cevent_l i HF b g Hbg)) as [Bm HB].
  pose proof (hb_lowers i HF HC f a F Am Hfa HMF HA) as H1.
  pose proof (hb_lowers i HF HC b g Bm G Hbg HB HMG) as H2.
  assert (Hms : ptx_ms U P F G).
  { apply (incl_lowers_to_ms i HF HC f g F G Hi (proj1 HMF) (proj1 HMG)).
    intros Hm _. exfalso. exact (mem_not_fence i HF F Hm (fencesc_fence i HF F HF')). }
  assert (Hne : F <> G).
  { intros <-. exact (hbp_eco_false b a Bm Am Hab HB HA (hbp_trans i HF Bm F Am H2 H1)). }
  destruct (sc_total F G HF' HG' Hne Hms) as [H | H]; [exact H | exfalso].
  apply (hbp_eco_false b a Bm Am Hab HB HA).
  apply (hbp_trans i HF Bm G Am H2). apply (hbp_trans i HF G F Am); [right; exact (sc_cb G F H) | exact H1].
Qed.

(* psc_F = [F^SC]; (hb ∪ hb; eco; hb); [F^SC], restricted to [incl], lowers
   to the PTX Fence-SC order between the fences' images. *)
Theorem psc_f_lowers_sc : forall f g F G, incl_c f g ->
  src11_psc_f U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) f g ->
  main i f F -> main i g G -> ptx_sc P F G.
Proof.
  intros f g F G Hi Hp HMF HMG.
  destruct Hp as [[Hf Hscf] [Hr [Hg Hscg]]].
  destruct Hr as [Hhb | (b & (a & Hfa & Hab) & Hbg)].
  - exact (fence_hb_lowers_sc f g F G Hf Hscf Hg Hscg Hi Hhb HMF HMG).
  - exact (fence_eco_fence_sc f g a b F G Hf Hscf Hg Hscg Hi Hfa Hab Hbg HMF HMG).
Qed.

Lemma sc_trans : forall X Y Z, ptx_sc P X Y -> ptx_sc P Y Z -> ptx_sc P X Z.
Proof.
  pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & _ & _ & _ & ([_ Htr] & _) & _) & _).
  intros X Y Z H1 H2. apply Htr. exists Y; split; assumption.
Qed.

(* Cycles made of psc_F edges alone are impossible: they lower to sc
   cycles, and sc is a strict partial order. *)
Theorem psc_f_acyclic : forall x,
  ~ closure (inter 2 incl_c (src11_psc_f U S (ptx_Event P) (ptx_Address P) (ptx_Scope P))) x x.
Proof.
  intros x H.
  assert (Hstep : forall a b X,
    inter 2 incl_c (src11_psc_f U S (ptx_Event P) (ptx_Address P) (ptx_Scope P)) a b ->
    main i a X -> exists Y, main i b Y /\ ptx_sc P X Y).
  { intros a b X [Hi Hp] HX.
    assert (Hb : src11_CEvent S b) by (destruct Hp as [_ [_ [Hg _]]]; exact (cfence_cevent i HF b Hg)).
    destruct (main_exists i HF HC b Hb) as [Y HY].
    exists Y; split; [exact HY | exact (psc_f_lowers_sc a b X Y Hi Hp HX HY)]. }
  assert (Hx : forall u v, closure (inter 2 incl_c
      (src11_psc_f U S (ptx_Event P) (ptx_Address P) (ptx_Scope P))) u v -> src11_CEvent S u).
  { intros u v Huv. destruct Huv as [u v [_ Hp] | u v w [_ Hp] _];
      destruct Hp as [[Hf _] _]; exact (cfence_cevent i HF u Hf). }
  pose proof (Hx x x H) as Hx'. clear Hx. rename Hx' into Hx.
  destruct (main_exists i HF HC x Hx) as [X HX].
  destruct (closure_lower _ _ (main i) Hstep x x H X HX) as (Y & HY & Hc).
  rewrite (main_unique i HF HC x Y X HY HX) in Hc.
  assert (Hcl : forall u v, closure (ptx_sc P) u v -> ptx_sc P u v).
  { intros u v Huv. induction Huv as [u v Huv | u v w Huv _ IH]; [exact Huv | exact (sc_trans u v w Huv IH)]. }
  exact (sc_irrefl i HF X (Hcl X X Hc)).
Qed.

(* ---------------------------------------------------------------- psc_base between SC fences *)

Lemma eco_ends_mem : forall a b,
  src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b ->
  (src11_CRead S a \/ src11_CWrite S a) /\ (src11_CRead S b \/ src11_CWrite S b).
Proof.
  intros a b H.
  destruct (eco_reduce i HF a b H) as [H1 | [H1 | [H1 | [(m & H1 & H2) | (m & H1 & H2)]]]].
  - split; [right; exact (crf_cwrite i HF a b H1) | left; exact (crf_cread i HF a b H1)].
  - destruct (cmo_cwrite i HF a b H1) as [Ha Hb]. split; right; assumption.
  - destruct (rb_cread_cwrite i HF a b H1) as [Ha Hb]. split; [left | right]; assumption.
  - split; [right; exact (proj1 (cmo_cwrite i HF a m H1)) | left; exact (crf_cread i HF m b H2)].
  - split; [left; exact (proj1 (rb_cread_cwrite i HF a m H1)) | left; exact (crf_cread i HF m b H2)].
Qed.

Lemma cfence_mem_false : forall x, src11_CFence S x -> (src11_CRead S x \/ src11_CWrite S x) -> False.
Proof.
  intros x Hf Hm.
  destruct (main_exists i HF HC x (cfence_cevent i HF x Hf)) as [X HX].
  assert (HmX : ptx_MemEvent P X).
  { destruct Hm as [Hr | Hw];
      [exact (read_mem i HF X (proj1 (main_read i HF HC x X Hr HX)))
      | exact (write_mem i HF X (proj1 (main_write i HF HC x X Hw HX)))]. }
  exact (cfence_not_mem i HC x X Hf (proj1 HX) HmX).
Qed.

(* scb without its eco part (mo, rb) is in hb. *)
Lemma scb_hb_or_eco : forall a b,
  src11_scb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b ->
  hb a b \/ src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b.
Proof.
  intros a b [[[[Hsb | (m & (n & [Hsb1 _] & Hhb) & [Hsb2 _])] | [Hhb _]] | Hmo] | Hrb].
  - left. apply closure_step. left. exact Hsb.
  - left. apply (closure_cons (y := n)); [left; exact Hsb1 |].
    apply (closure_trans_pt _ _ n m b Hhb). apply closure_step. left. exact Hsb2.
  - left. exact Hhb.
  - right. apply closure_step. left; right; exact Hmo.
  - right. apply closure_step. right; exact Hrb.
Qed.

(* psc_base between two scope-inclusive SC fences lowers to sc: such an
   edge is [F^SC]; hb?; scb; hb?; [F^SC], and scb is hb or eco. *)
Theorem psc_base_fences_lowers_sc : forall f g F G,
  src11_CFence S f -> SCev f -> src11_CFence S g -> SCev g -> incl_c f g ->
  src11_psc_base U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) f g ->
  main i f F -> main i g G -> ptx_sc P F G.
Proof.
  intros f g F G Hf Hscf Hg Hscg Hi Hp HMF HMG.
  destruct Hp as (b & (a & Hl & Hs) & Hr).
  assert (Hfa : f = a \/ hb f a).
  { destruct Hl as [[Heq _] | (m & [Heq _] & [Heq' | Hhb])]; cbn in Heq; unfold iden in Heq; subst;
      [left; reflexivity | cbn in Heq'; unfold iden in Heq'; subst; left; reflexivity | right; exact Hhb]. }
  assert (Hbg : b = g \/ hb b g).
  { destruct Hr as [[Heq _] | (m & [Heq' | Hhb] & [Heq _])]; cbn in Heq; unfold iden in Heq; subst;
      [left; reflexivity | cbn in Heq'; unfold iden in Heq'; subst; left; reflexivity | right; exact Hhb]. }
  destruct (scb_hb_or_eco a b Hs) as [Hab | Heco].
  - apply (fence_hb_lowers_sc f g F G Hf Hscf Hg Hscg Hi); [| exact HMF | exact HMG].
    assert (Hfb : hb f b) by (destruct Hfa as [<- | Hfa]; [exact Hab | exact (closure_trans_pt _ _ f a b Hfa Hab)]).
    destruct Hbg as [<- | Hbg]; [exact Hfb | exact (closure_trans_pt _ _ f b g Hfb Hbg)].
  - destruct (eco_ends_mem a b Heco) as [Ha Hb].
    destruct Hfa as [<- | Hfa]; [exfalso; exact (cfence_mem_false f Hf Ha) |].
    destruct Hbg as [-> | Hbg]; [exfalso; exact (cfence_mem_false g Hg Hb) |].
    exact (fence_eco_fence_sc f g a b F G Hf Hscf Hg Hscg Hi Hfa Heco Hbg HMF HMG).
Qed.

(* Both ends of a psc edge are SC events. *)
Lemma psc_ends_sc : forall f g,
  src11_psc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) f g -> SCev f /\ SCev g.
Proof.
  intros f g [(b & (a & Hl & _) & Hr) | [[_ Hscf] [_ [_ Hscg]]]]; [| split; assumption].
  split.
  - destruct Hl as [[_ [Hs _]] | (m & [_ [[_ Hs] _]] & _)]; exact Hs.
  - destruct Hr as [[_ [_ Hs]] | (m & _ & [_ [_ [_ Hs]]])]; exact Hs.
Qed.

(* Every [incl] ∩ psc edge between SC fences lowers to sc. *)
Theorem psc_fences_lowers_sc : forall f g F G, src11_CFence S f -> src11_CFence S g ->
  incl_c f g -> src11_psc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) f g ->
  main i f F -> main i g G -> ptx_sc P F G.
Proof.
  intros f g F G Hf Hg Hi Hp HMF HMG.
  destruct (psc_ends_sc f g Hp) as [Hscf Hscg].
  destruct Hp as [Hb | Hpf].
  - exact (psc_base_fences_lowers_sc f g F G Hf Hscf Hg Hscg Hi Hb HMF HMG).
  - exact (psc_f_lowers_sc f g F G Hi Hpf HMF HMG).
Qed.

(* Theorem 3 for programs whose SC events are all fences (no SC loads,
   stores or RMWs): every [incl] ∩ psc cycle is then an sc cycle. *)
Theorem sc_holds_without_sc_accesses :
  (forall e, SCev e -> src11_CFence S e) ->
  src11_rc11_sc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Proof.
  intros Hall (x & y & Heq & H). cbn in Heq; unfold iden in Heq; subst y.
  assert (Hstep : forall a b X,
    inter 2 incl_c (src11_psc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P)) a b ->
    main i a X -> exists Y, main i b Y /\ ptx_sc P X Y).
  { intros a b X [Hi Hp] HX.
    destruct (psc_ends_sc a b Hp) as [Ha Hb].
    destruct (main_exists i HF HC b (cfence_cevent i HF b (Hall b Hb))) as [Y HY].
    exists Y; split; [exact HY | exact (psc_fences_lowers_sc a b X Y (Hall a Ha) (Hall b Hb) Hi Hp HX HY)]. }
  assert (Hx : forall u v, closure (inter 2 incl_c
      (src11_psc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P))) u v -> SCev u).
  { intros u v Huv. destruct Huv as [u v [_ Hp] | u v w [_ Hp] _]; exact (proj1 (psc_ends_sc u _ Hp)). }
  destruct (main_exists i HF HC x (cfence_cevent i HF x (Hall x (Hx x x H)))) as [X HX].
  destruct (closure_lower _ _ (main i) Hstep x x H X HX) as (Y & HY & Hc).
  rewrite (main_unique i HF HC x Y X HY HX) in Hc.
  assert (Hcl : forall u v, closure (ptx_sc P) u v -> ptx_sc P u v).
  { intros u v Huv. induction Huv as [u v Huv | u v w Huv _ IH]; [exact Huv | exact (sc_trans u v w Huv IH)]. }
  exact (sc_irrefl i HF X (Hcl X X Hc)).
Qed.

End ScOrder.
