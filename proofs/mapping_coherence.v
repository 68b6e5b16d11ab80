(* Theorem 1 of seed 000 §6.2: RC11 Coherence (irreflexive (hb ; eco?))
   holds for every C++ execution read back from a legal PTX execution of its
   compilation. hb lowers to po ∪ cause_base (hb_lowers), which is acyclic in
   PTX (there are no barriers, and a cycle through sync or sc contradicts the
   Coherence or Fence-SC axiom); eco is reduced in C++ to rf ∪ mo ∪ rb ∪
   (mo ∪ rb); rf, and each shape contradicts PTX Causality, Coherence or
   SC-per-Location, using race freedom on the final rf edge. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
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


(* ------------------------------------------------ PTX helpers *)

Lemma hbp_rf_false : forall X Y, hbp i X Y -> ptx_rf P Y X -> False.
Proof.
  intros X Y [Hpo | Hcb] Hrf.
  - pose proof (loc_sym i Y X (rf_loc i HF Y X Hrf)) as Hl.
    destruct (po_ms i HF X Y Hpo Hl) as [_ Hms].
    exact (sc_per_loc_2 i HC Y X Hms (or_introl Hrf) Hpo Hl).
  - cons_. destruct Hcons as (_ & _ & _ & _ & _ & Hcaus).
    apply Hcaus. exists Y, Y. split; [reflexivity |].
    exists X; split; [left; exact Hrf | left; exact Hcb].
Qed.

Lemma co_acyclic2 : forall X Y, ptx_co P X Y -> ptx_co P Y X -> False.
Proof.
  pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & (_ & [Hirr Htr] & _) & _) & _).
  intros X Y H1 H2. apply Hirr. exists X, X. split; [reflexivity |].
  apply Htr. exists Y; split; assumption.
Qed.

Lemma obs_cause : forall M X Y, ptx_obs U P M X -> hbp i X Y -> ptx_loc U P X Y -> ptx_cause U P M Y.
Proof.
  intros M X Y Hobs Hp Hl. right. exists X. split; [exact Hobs |].
  destruct Hp as [Hpo | Hcb]; [right; split; assumption | left; exact Hcb].
Qed.

Lemma msrf_obs : forall X Y, ptx_ms U P X Y -> ptx_rf P X Y -> ptx_obs U P X Y.
Proof. intros X Y Hms Hrf. exists Y. split; [split; assumption | right; reflexivity]. Qed.

(* ------------------------------------------------ C++: the shapes of eco *)

Let crf := src11_crf S.
Let cmo := src11_cmo S.
Let rb := src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

Definition eco_shape (x y : A) : Prop :=
  crf x y \/ cmo x y \/ rb x y \/ (exists m, cmo x m /\ crf m y) \/ (exists m, rb x m /\ crf m y).

Lemma crf_fun : forall w w' r, crf w r -> crf w' r -> w = w'.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & (_ & Hfun) & _)).
  intros w w' r H1 H2. apply Hfun. exists r; split; assumption.
Qed.

Lemma crf_rb_cmo : forall w r w', crf w r -> rb r w' -> cmo w w'.
Proof.
  intros w r w' Hrf [(w0 & H0 & Hmo) | [[_ Hno] _]].
  - rewrite (crf_fun w w0 r Hrf H0). exact Hmo.
  - exfalso. apply Hno. exists w; split; [exact (crf_cwrite i HF w r Hrf) | exact Hrf].
Qed.

Lemma rb_cmo_rb : forall r w w', rb r w -> cmo w w' -> rb r w'.
Proof.
  destruct (cmo_facts i HF) as (Hloc & _ & Htr).
  intros r w w' [(w0 & H0 & Hmo) | [Hr [Hl Hw]]] Hmo'.
  - left. exists w0. split; [exact H0 | exact (Htr w0 w w' Hmo Hmo')].
  - right. split; [exact Hr | split].
    + exact (cloc_trans i HF r w w' Hl (Hloc w w' Hmo')).
    + exact (proj2 (cmo_cwrite i HF w w' Hmo')).
Qed.

Lemma eco_reduce : forall x y,
  src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) x y -> eco_shape x y.
Proof.
  destruct (cmo_facts i HF) as (_ & _ & Htr).
  intros x y H. induction H as [x y [[H | H] | H] | x y z [[H | H] | H] _ IH].
  - left; exact H.
  - right; left; exact H.
  - right; right; left; exact H.
  - (* crf ; _ *)
    pose proof (crf_cread i HF x y H) as Hy.
    destruct IH as [H' | [H' | [H' | [(m & H1 & H2) | (m & H1 & H2)]]]].
    + destruct (cread_not_cwrite i HF y Hy (crf_cwrite i HF y z H')).
    + destruct (cread_not_cwrite i HF y Hy (proj1 (cmo_cwrite i HF y z H'))).
    + right; left; exact (crf_rb_cmo x y z H H').
    + destruct (cread_not_cwrite i HF y Hy (proj1 (cmo_cwrite i HF y m H1))).
    + right; right; right; left. exists m. split; [exact (crf_rb_cmo x y m H H1) | exact H2].
  - (* cmo ; _ *)
    pose proof (proj2 (cmo_cwrite i HF x y H)) as Hy.
    destruct IH as [H' | [H' | [H' | [(m & H1 & H2) | (m & H1 & H2)]]]].
    + right; right; right; left. exists y. split; assumption.
    + right; left; exact (Htr x y z H H').
    + destruct (cread_not_cwrite i HF y (proj1 (rb_cread_cwrite i HF y z H')) Hy).
    + right; right; right; left. exists m. split; [exact (Htr x y m H H1) | exact H2].
    + destruct (cread_not_cwrite i HF y (proj1 (rb_cread_cwrite i HF y m H1)) Hy).
  - (* rb ; _ *)
    pose proof (proj2 (rb_cread_cwrite i HF x y H)) as Hy.
    destruct IH as [H' | [H' | [H' | [(m & H1 & H2) | (m & H1 & H2)]]]].
    + right; right; right; right. exists y. split; assumption.
    + right; right; left; exact (rb_cmo_rb x y z H H').
    + destruct (cread_not_cwrite i HF y (proj1 (rb_cread_cwrite i HF y z H')) Hy).
    + right; right; right; right. exists m. split; [exact (rb_cmo_rb x y m H H1) | exact H2].
    + destruct (cread_not_cwrite i HF y (proj1 (rb_cread_cwrite i HF y m H1)) Hy).
Qed.

Lemma hb_cevent_l : forall a b, hb a b -> src11_CEvent S a.
Proof.
  intros a b H. destruct H as [a b H | a b c H _]; destruct H as [H | [_ [(o & Ho & _) _]]];
    first [exact (sb_cevent_l i HF a _ H) | exact (ord_cevent i HF a o Ho)].
Qed.

(* ------------------------------------------------ Theorem 1 *)

Lemma hb_eco_false : forall a b, hb a b ->
  src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) b a -> False.
Proof.
  intros a b Hhb Heco.
  destruct (cmo_facts i HF) as (Hloc & Hirr & Htr).
  assert (Hmain : forall e, src11_CEvent S e -> exists X, main i e X) by exact (main_exists i HF HC).
  destruct (Hmain a (hb_cevent_l a b Hhb)) as [Am HA].
  (* the C++ read of a crf edge and the write of an mo/rb edge have main images *)
  destruct (eco_reduce b a Heco) as [H | [H | [H | [(m & H1 & H2) | (m & H1 & H2)]]]].
  - (* rf *)
    destruct (Hmain b (cwrite_cevent i HF b (crf_cwrite i HF b a H))) as [Bm HB].
    pose proof (hb_lowers i HF HC a b Am Bm Hhb HA HB) as Hp.
    destruct (main_write i HF HC b Bm (crf_cwrite i HF b a H) HB) as (HBw & _).
    destruct (main_read i HF HC a Am (crf_cread i HF b a H) HA) as (HAr & _).
    exact (hbp_rf_false Am Bm Hp (crf_lowers_to_rf i HF HC b a Bm Am H (proj1 HB) HBw (proj1 HA) HAr)).
  - (* mo *)
    destruct (cmo_cwrite i HF b a H) as [Hb Ha].
    destruct (Hmain b (cwrite_cevent i HF b Hb)) as [Bm HB].
    pose proof (hb_lowers i HF HC a b Am Bm Hhb HA HB) as Hp.
    destruct (main_write i HF HC b Bm Hb HB) as (HBw & _).
    destruct (main_write i HF HC a Am Ha HA) as (HAw & _).
    pose proof (cmo_lowers_co i HF HC b a Bm Am H HB HA) as Hco.
    assert (Hne : Am <> Bm) by (intro Heq; subst Bm; exact (hbp_irrefl Am Hp)).
    exact (co_acyclic2 Am Bm (hbp_write_co i HF HC Am Bm Hp HAw HBw (loc_sym i Bm Am (co_loc i HF Bm Am Hco)) Hne) Hco).
  - (* rb *)
    destruct (rb_cread_cwrite i HF b a H) as [Hb Ha].
    destruct (Hmain b (cread_cevent i HF b Hb)) as [Bm HB].
    pose proof (hb_lowers i HF HC a b Am Bm Hhb HA HB) as Hp.
    exact (hbp_fr_false i HF HC Am Bm Hp (rb_lowers_fr i HF HC b a Bm Am H HB HA)).
  - (* mo ; rf *)
    destruct (cmo_cwrite i HF b m H1) as [Hb Hm].
    pose proof (crf_cread i HF m a H2) as Ha.
    destruct (Hmain b (cwrite_cevent i HF b Hb)) as [Bm HB].
    destruct (Hmain m (cwrite_cevent i HF m Hm)) as [Mm HM].
    destruct (main_write i HF HC b Bm Hb HB) as (HBw & _).
    destruct (main_write i HF HC m Mm Hm HM) as (HMw & _).
    destruct (main_read i HF HC a Am Ha HA) as (HAr & _).
    pose proof (hb_lowers i HF HC a b Am Bm Hhb HA HB) as Hp.
    pose proof (cmo_lowers_co i HF HC b m Bm Mm H1 HB HM) as Hco.
    pose proof (crf_lowers_to_rf i HF HC m a Mm Am H2 (proj1 HM) HMw (proj1 HA) HAr) as Hrf.
    assert (Hne : m <> a) by (intro Heq; subst m; exact (cread_not_cwrite i HF a Ha Hm)).
    destruct (race_free i HC m a (cwrite_cmem i HF m Hm) (cread_cmem i HF a Ha) (crf_cloc i HF m a H2) (or_introl Hm) Hne)
      as [Hma | [Ham | Hi]].
    + pose proof (hb_lowers i HF HC m b Mm Bm (closure_trans_pt _ _ m a b Hma Hhb) HM HB) as Hp'.
      assert (Hne' : Mm <> Bm) by (intro Heq; subst Bm; exact (hbp_irrefl Mm Hp')).
      exact (co_acyclic2 Mm Bm (hbp_write_co i HF HC Mm Bm Hp' HMw HBw (loc_sym i Bm Mm (co_loc i HF Bm Mm Hco)) Hne') Hco).
    + exact (hbp_rf_false Am Mm (hb_lowers i HF HC a m Am Mm Ham HA HM) Hrf).
    + pose proof (incl_lowers_to_ms i HF HC m a Mm Am Hi (proj1 HM) (proj1 HA) (fun _ _ => rf_loc i HF Mm Am Hrf)) as Hms.
      pose proof (loc_trans i HF Bm Mm Am (co_loc i HF Bm Mm Hco) (rf_loc i HF Mm Am Hrf)) as HlBA.
      pose proof (obs_cause Mm Am Bm (msrf_obs Mm Am Hms Hrf) Hp (loc_sym i Bm Am HlBA)) as Hc.
      cons_. destruct Hcons as (Hcoh & _).
      pose proof (Hcoh Mm Bm (conj (conj HMw (conj Hc HBw)) (loc_sym i Bm Mm (co_loc i HF Bm Mm Hco)))) as Hco'.
      exact (co_acyclic2 Mm Bm Hco' Hco).
  - (* rb ; rf *)
    destruct (rb_cread_cwrite i HF b m H1) as [Hb Hm].
    pose proof (crf_cread i HF m a H2) as Ha.
    destruct (Hmain b (cread_cevent i HF b Hb)) as [Bm HB].
    destruct (Hmain m (cwrite_cevent i HF m Hm)) as [Mm HM].
    destruct (main_write i HF HC m Mm Hm HM) as (HMw & _).
    destruct (main_read i HF HC a Am Ha HA) as (HAr & _).
    pose proof (hb_lowers i HF HC a b Am Bm Hhb HA HB) as Hp.
    pose proof (rb_lowers_fr i HF HC b m Bm Mm H1 HB HM) as Hfr.
    pose proof (crf_lowers_to_rf i HF HC m a Mm Am H2 (proj1 HM) HMw (proj1 HA) HAr) as Hrf.
    assert (Hne : m <> a) by (intro Heq; subst m; exact (cread_not_cwrite i HF a Ha Hm)).
    destruct (race_free i HC m a (cwrite_cmem i HF m Hm) (cread_cmem i HF a Ha) (crf_cloc i HF m a H2) (or_introl Hm) Hne)
      as [Hma | [Ham | Hi]].
    + exact (hbp_fr_false i HF HC Mm Bm (hb_lowers i HF HC m b Mm Bm (closure_trans_pt _ _ m a b Hma Hhb) HM HB) Hfr).
    + exact (hbp_rf_false Am Mm (hb_lowers i HF HC a m Am Mm Ham HA HM) Hrf).
    + pose proof (incl_lowers_to_ms i HF HC m a Mm Am Hi (proj1 HM) (proj1 HA) (fun _ _ => rf_loc i HF Mm Am Hrf)) as Hms.
      pose proof (loc_trans i HF Bm Mm Am (fr_loc i HF Bm Mm Hfr) (rf_loc i HF Mm Am Hrf)) as HlBA.
      pose proof (obs_cause Mm Am Bm (msrf_obs Mm Am Hms Hrf) Hp (loc_sym i Bm Am HlBA)) as Hc.
      cons_. destruct Hcons as (_ & _ & _ & _ & _ & Hcaus).
      apply Hcaus. exists Bm, Bm. split; [reflexivity |].
      exists Mm; split; [right; exact Hfr | exact Hc].
Qed.

Theorem coherence_holds :
  src11_rc11_coherence U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Proof.
  intros (a & a' & Heq & (b & Hhb & Hopt)). cbn in Heq; unfold iden in Heq; subst a'.
  destruct Hopt as [Heq | Heco].
  - cbn in Heq; unfold iden in Heq; subst b.
    destruct (main_exists i HF HC a (hb_cevent_l a a Hhb)) as [Am HA].
    exact (hbp_irrefl Am (hb_lowers i HF HC a a Am Am Hhb HA HA)).
  - exact (hb_eco_false a b Hhb Heco).
Qed.

End Coherence.

(* The check `src11_ptx_coherence` of models/compile_src11_ptx.als. *)
Theorem src11_ptx_coherence_holds : src11_ptx_coherence_statement.
Proof.
  unfold src11_ptx_coherence_statement. intros A i HF HC.
  exact (coherence_holds i HF HC).
Qed.
