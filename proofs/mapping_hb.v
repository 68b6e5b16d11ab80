(* Lowering of synchronisation: rs lowers to obs, sw to PTX release/acquire
   synchronisation (sync_acqrel), hb to po ∪ cause_base (seed 000 §6.2:
   "hb lowers either to po or cause_base"). Stated on main images. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf.

(* The main image of a C++ event: its PTX memory event, or for a fence its
   fence (the leading fence.sc of an SC access is not its main image). *)
Definition main {A : Type} (i : Instance A) (e X : A) : Prop :=
  src11_map (m_src11 i) e X /\ (ptx_MemEvent (m_ptx i) X \/ src11_CFence (m_src11 i) e).

Section Hb.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let U := m_util i.
Let map := src11_map S.

Tactic Notation "field_pair" int(n) ident(H1) ident(H2) :=
  let Hf := fresh "Hf" in
  pose proof HF as [_ [Hf _]]; unfold fields in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 Hf]]; clear Hf.

Tactic Notation "hier" int(n) ident(H) :=
  let Hf := fresh "Hh" in
  pose proof HF as [Hf _]; unfold hierarchy in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H Hf]; clear Hf.

(* Fences lower to no memory event (no CFence.map & MemEvent). *)
Lemma cfence_not_mem : forall e X, src11_CFence S e -> map e X -> ptx_MemEvent P X -> False.
Proof.
  pose proof HC as [[_ [[_ Hev] _]] _]. destruct Hev as (_ & _ & _ & _ & Hno & _).
  intros e X He HX HM. apply Hno. exists X. split; [exists e; split; assumption | exact HM].
Qed.

Lemma main_read : forall r R, src11_CRead S r -> main i r R ->
  ptx_Read P R /\ (forall X, map r X -> X = R \/ (ptx_FenceSC P X /\ ptx_po P X R)) /\
  (src11_AtLeastAcq U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) r -> ptx_Acquire P R).
Proof.
  intros r R Hr [HR Hk].
  destruct (read_main i HF HC r Hr) as (M & HM & HMr & Hu & Hacq).
  destruct (Hu R HR) as [-> | [Hsc _]]; [auto |].
  exfalso. destruct Hk as [Hk | Hk].
  - exact (mem_not_fence i HF R Hk (fencesc_fence i HF R Hsc)).
  - hier 76 H. apply H. exists r. split; [hier 81 H1; exact (H1 r Hr) | exact Hk].
Qed.

Lemma main_write : forall w W, src11_CWrite S w -> main i w W ->
  ptx_Write P W /\ (forall X, map w X -> X = W \/ (ptx_FenceSC P X /\ ptx_po P X W)) /\
  (src11_AtLeastRel U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) w -> ptx_Release P W).
Proof.
  intros w W Hw [HW Hk].
  destruct (write_main i HF HC w Hw) as (M & HM & HMw & Hu & Hrel).
  destruct (Hu W HW) as [-> | [Hsc _]]; [auto |].
  exfalso. destruct Hk as [Hk | Hk].
  - exact (mem_not_fence i HF W Hk (fencesc_fence i HF W Hsc)).
  - hier 76 H. apply H. exists w. split; [hier 82 H1; exact (H1 w Hw) | exact Hk].
Qed.

Lemma main_fence : forall f F, src11_CFence S f -> main i f F ->
  ptx_Fence P F /\ (forall X, map f X -> X = F) /\
  (src11_AtLeastRel U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) f -> ptx_FRel U P F) /\
  (src11_AtLeastAcq U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) f -> ptx_FAcq U P F).
Proof.
  intros f F Hf [HF' _].
  destruct (fence_main i HF HC f Hf) as (M & HM & HMf & Hu & Hr & Ha).
  rewrite (Hu F HF'). auto.
Qed.

(* Every C++ event has a main image. *)
Lemma main_exists : forall e, src11_CEvent S e -> exists X, main i e X.
Proof.
  intros e He. hier 77 H. destruct (H e He) as [Hm | Hf].
  - hier 80 H2. destruct (H2 e Hm) as [Hr | Hw].
    + destruct (read_main i HF HC e Hr) as (R & HR & HRr & _).
      exists R; split; [exact HR | left; exact (read_mem i HF R HRr)].
    + destruct (write_main i HF HC e Hw) as (W & HW & HWw & _).
      exists W; split; [exact HW | left; exact (write_mem i HF W HWw)].
  - destruct (fence_main i HF HC e Hf) as (F & HF' & _).
    exists F; split; [exact HF' | right; exact Hf].
Qed.

(* Every image of an event is its main image or po-before it. *)
Lemma image_po_main : forall e X M, map e X -> main i e M -> X = M \/ ptx_po P X M.
Proof.
  intros e X M HX HM. pose proof HM as [HmM _].
  hier 77 H. destruct (H e (map_cevent i HF e M HmM)) as [Hm | Hf].
  - hier 80 H2. destruct (H2 e Hm) as [Hr | Hw].
    + destruct (main_read e M Hr HM) as (_ & Hu & _). destruct (Hu X HX) as [-> | [_ Hpo]]; auto.
    + destruct (main_write e M Hw HM) as (_ & Hu & _). destruct (Hu X HX) as [-> | [_ Hpo]]; auto.
  - destruct (main_fence e M Hf HM) as (_ & Hu & _). left; exact (Hu X HX).
Qed.

Lemma main_unique : forall e X Y, main i e X -> main i e Y -> X = Y.
Proof.
  intros e X Y HX HY. pose proof HX as [HmX HkX]. pose proof HY as [HmY HkY].
  hier 77 H. destruct (H e (map_cevent i HF e X HmX)) as [Hm | Hf].
  - hier 80 H2. destruct (H2 e Hm) as [Hr | Hw].
    + destruct (main_read e X Hr HX) as (_ & Hu & _). destruct (Hu Y HmY) as [-> | [Hsc _]]; [reflexivity |].
      destruct (main_read e Y Hr HY) as (HRY & _). destruct (read_not_fencesc i HF Y HRY Hsc).
    + destruct (main_write e X Hw HX) as (_ & Hu & _). destruct (Hu Y HmY) as [-> | [Hsc _]]; [reflexivity |].
      destruct (main_write e Y Hw HY) as (HWY & _). destruct (write_not_fencesc i HF Y HWY Hsc).
  - destruct (main_fence e X Hf HX) as (_ & Hu & _). symmetry; exact (Hu Y HmY).
Qed.


Lemma crf_cloc : forall w r, src11_crf S w r ->
  src11_cloc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) w r.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & (Hl & _) & _)). exact Hl.
Qed.

Lemma crf_cread : forall w r, src11_crf S w r -> src11_CRead S r.
Proof. field_pair 42 H1 H2. intros w r H. exact (H2 w (crf_cwrite i HF w r H) r (proj2 (join_single_l w _ r) H)). Qed.

Lemma crmw_cread : forall r w, src11_crmw S r w -> src11_CRead S r.
Proof. field_pair 40 H1 H2. intros r w H. pose proof (H1 r w H) as H'; cbn in H'; tauto. Qed.

Lemma crmw_cwrite : forall r w, src11_crmw S r w -> src11_CWrite S w.
Proof. field_pair 40 H1 H2. intros r w H. exact (proj1 (H2 r (crmw_cread r w H)) w (proj2 (join_single_l r _ w) H)). Qed.

Lemma rmw_read : forall R W, ptx_rmw P R W -> ptx_Read P R.
Proof. field_pair 10 H1 H2. intros R W H. pose proof (H1 R W H) as H'; cbn in H'; tauto. Qed.

Lemma rmw_write : forall R W, ptx_rmw P R W -> ptx_Write P W.
Proof. field_pair 10 H1 H2. intros R W H. exact (proj1 (H2 R (rmw_read R W H)) W (proj2 (join_single_l R _ W) H)). Qed.

(* [incl] ∩ crf lowers to ms ∩ rf. *)
Lemma incl_crf_lowers : forall w r W R,
  src11_incl U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) w r -> src11_crf S w r ->
  main i w W -> main i r R -> ptx_ms U P W R /\ ptx_rf P W R.
Proof.
  intros w r W R Hi Hc HW HR.
  destruct (main_write w W (crf_cwrite i HF w r Hc) HW) as (HWw & _).
  destruct (main_read r R (crf_cread w r Hc) HR) as (HRr & _).
  split.
  - apply (incl_lowers_to_ms i HF HC w r W R Hi (proj1 HW) (proj1 HR)).
    intros HmW HmR. exact (cloc_lowers i HF HC w r W R (crf_cloc w r Hc) (proj1 HW) (proj1 HR) HmW HmR).
  - exact (crf_lowers_to_rf i HF HC w r W R Hc (proj1 HW) HWw (proj1 HR) HRr).
Qed.

(* crmw lowers to rmw between main images. *)
Lemma crmw_lowers_main : forall r w R W, src11_crmw S r w -> main i r R -> main i w W -> ptx_rmw P R W.
Proof.
  intros r w R W Hc HR HW.
  destruct (crmw_lowers_to_rmw i HF HC r w Hc) as (R' & W' & HR' & HW' & Hrmw).
  destruct (main_read r R (crmw_cread r w Hc) HR) as (HRr & _).
  destruct (main_write w W (crmw_cwrite r w Hc) HW) as (HWw & _).
  rewrite (read_image_unique i HF HC r R R' (crmw_cread r w Hc) (proj1 HR) HR' HRr (rmw_read R' W' Hrmw)).
  rewrite (write_image_unique i HF HC w W W' (crmw_cwrite r w Hc) (proj1 HW) HW' HWw (rmw_write R' W' Hrmw)).
  exact Hrmw.
Qed.

(* The release-sequence chain ((incl ∩ rf); rmw)* lowers to ((ms ∩ rf); rmw)*. *)
Lemma chain_lowers : forall w1 w W1,
  rclosure (join 1 1 (inter 2 (src11_incl U S (ptx_Event P) (ptx_Address P) (ptx_Scope P)) (src11_crf S)) (src11_crmw S)) w1 w ->
  main i w1 W1 -> exists W, main i w W /\ rclosure (join 1 1 (inter 2 (ptx_ms U P) (ptx_rf P)) (ptx_rmw P)) W1 W.
Proof.
  intros w1 w W1 Hch HW1.
  refine (rclosure_lower _ _ (main i) _ w1 w Hch W1 HW1).
  intros x y X (r & [Hi Hc] & Hm) HX.
  destruct (main_exists r (cread_cevent i HF r (crf_cread x r Hc))) as [R HR].
  destruct (main_exists y (cwrite_cevent i HF y (crmw_cwrite r y Hm))) as [Y HY].
  exists Y; split; [exact HY |].
  exists R; split; [exact (incl_crf_lowers x r X R Hi Hc HX HR) | exact (crmw_lowers_main r y R Y Hm HR HY)].
Qed.


(* Order and location facts of both models, pointwise. *)
Lemma sb_trans : forall x y z, src11_sb S x y -> src11_sb S y z -> src11_sb S x z.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & (_ & [_ Ht] & _) & _)).
  intros x y z H1 H2. apply Ht. exists y; split; assumption.
Qed.

Lemma po_trans : forall x y z, ptx_po P x y -> ptx_po P y z -> ptx_po P x z.
Proof.
  pose proof HF as (_ & _ & _ & (_ & (_ & [_ Ht] & _) & _) & _).
  intros x y z H1 H2. apply Ht. exists y; split; assumption.
Qed.

Lemma loc_trans : forall X Y Z, ptx_loc U P X Y -> ptx_loc U P Y Z -> ptx_loc U P X Z.
Proof.
  intros X Y Z (a1 & H1 & H2) (a2 & H3 & H4). cbn in *.
  rewrite (addr_fun i HF Y a2 a1 H3 H2) in H4. exists a1; split; assumption.
Qed.

Lemma loc_refl : forall X, ptx_MemEvent P X -> ptx_loc U P X X.
Proof. intros X HX. destruct (mem_addr i HF X HX) as [a Ha]. exists a; split; assumption. Qed.

Lemma rf_loc : forall X Y, ptx_rf P X Y -> ptx_loc U P X Y.
Proof. pose proof HF as (_ & _ & _ & (_ & _ & _ & (Hl & _) & _) & _). exact Hl. Qed.

Lemma rmw_loc : forall X Y, ptx_rmw P X Y -> ptx_loc U P X Y.
Proof.
  pose proof HF as (_ & _ & _ & (_ & _ & _ & _ & _ & _ & (Hl & _) & _) & _).
  intros X Y H. exact (proj2 (Hl X Y H)).
Qed.

Lemma chain_loc : forall X Y, rclosure (join 1 1 (inter 2 (ptx_ms U P) (ptx_rf P)) (ptx_rmw P)) X Y ->
  ptx_MemEvent P X -> ptx_loc U P X Y.
Proof.
  intros X Y [H | H] HX.
  - induction H as [x y (m & [_ H1] & H2) | x y z (m & [_ H1] & H2) _ IH].
    + exact (loc_trans _ _ _ (rf_loc _ _ H1) (rmw_loc _ _ H2)).
    + apply (loc_trans x y z); [exact (loc_trans _ _ _ (rf_loc _ _ H1) (rmw_loc _ _ H2)) |].
      apply IH. exact (write_mem i HF y (rmw_write m y H2)).
  - cbn in H; unfold iden in H; subst Y. exact (loc_refl X HX).
Qed.

(* Synchronises-with lowers to PTX release/acquire synchronisation (Fig. 4:
   ms ∩ (pattern_rel; obs; pattern_acq)) between main images:
   - the release side, a release/SC write (a st.release or atom.release) or
     a release fence followed in sb by a write, lowers to pattern_rel;
   - the release sequence and the final [incl] ∩ rf lower to obs;
   - the acquire side, an acquire/SC read or a read followed in sb by an
     acquire fence, lowers to pattern_acq;
   - [incl] between the two ends lowers to ms. *)
Lemma sw_lowers : forall a b X Y,
  src11_incl U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b ->
  src11_csw U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b ->
  main i a X -> main i b Y -> ptx_sync_acqrel U P X Y.
Proof.
  intros a b X Y Hi Hsw HX HY.
  destruct Hsw as [Hrel [Hj Hacq]].
  destruct Hj as (r' & (r & (w & (a1 & HO1 & Hrs) & [Hiw Hcw]) & HID) & HO2).
  destruct HID as [Heq [[Hr Hra] _]]. cbn in Heq; unfold iden in Heq; subst r'.
  destruct Hrs as (w1 & [Ha1 [Hsbl [Hw1 Hw1a]]] & Hch).
  destruct (main_exists w1 (cwrite_cevent i HF w1 Hw1)) as [W1 HW1].
  destruct (chain_lowers w1 w W1 Hch HW1) as (W & HW & HchP).
  destruct (main_exists r (cread_cevent i HF r Hr)) as [R HR].
  destruct (main_read r R Hr HR) as (HRr & _ & HRacq).
  destruct (main_write w1 W1 Hw1 HW1) as (HW1w & _).
  destruct (incl_crf_lowers w r W R Hiw Hcw HW HR) as [HmsWR HrfWR].
  assert (Hobs : ptx_obs U P W1 R) by exact (star_slide _ _ _ _ _ HchP (conj HmsWR HrfWR)).
  (* the release side *)
  assert (Hprel : ptx_pattern_rel U P X W1 /\
                  (ptx_MemEvent P X -> ptx_loc U P X W1)).
  { destruct HO1 as [Heq | [Haf Hsb]].
    - cbn in Heq; unfold iden in Heq; subst a1.
      destruct (main_write a X Ha1 HX) as (HXw & _ & HXrel).
      destruct Hsbl as [Heq | [Hsb Hcl]].
      + cbn in Heq; unfold iden in Heq; subst w1.
        rewrite (main_unique a W1 X HW1 HX) in *.
        split; [left; split; [exact (HXrel Hrel) | split; [left; reflexivity | exact HXw]] |].
        intro HmX; exact (loc_refl X HmX).
      + assert (Hl : ptx_loc U P X W1)
          by exact (cloc_lowers i HF HC a w1 X W1 Hcl (proj1 HX) (proj1 HW1)
                      (write_mem i HF X HXw) (write_mem i HF W1 HW1w)).
        split; [left; split; [exact (HXrel Hrel) | split; [right; split; [exact (sb_lowers_to_po i HF HC a w1 X W1 Hsb (proj1 HX) (proj1 HW1)) | exact Hl] | exact HW1w]] |].
        intros _; exact Hl.
    - destruct (main_fence a X Haf HX) as (HXf & _ & HXrel & _).
      assert (Hsb' : src11_sb S a w1).
      { destruct Hsbl as [Heq | [Hsb' _]].
        - cbn in Heq; unfold iden in Heq; subst w1; exact Hsb.
        - exact (sb_trans a a1 w1 Hsb Hsb'). }
      split; [right; split; [exact (HXrel Hrel) | split; [exact (sb_lowers_to_po i HF HC a w1 X W1 Hsb' (proj1 HX) (proj1 HW1)) | exact HW1w]] |].
      intro HmX; destruct (cfence_not_mem a X Haf (proj1 HX) HmX). }
  (* the acquire side *)
  assert (Hpacq : ptx_pattern_acq U P R Y /\ (ptx_MemEvent P Y -> Y = R)).
  { destruct HO2 as [Heq | [Hsb Hbf]].
    - cbn in Heq; unfold iden in Heq; subst b.
      rewrite (main_unique r Y R HY HR) in *.
      split; [left; split; [exact HRr | split; [left; reflexivity | exact (HRacq Hacq)]] | reflexivity].
    - destruct (main_fence b Y Hbf HY) as (HYf & _ & _ & HYacq).
      split; [right; split; [exact HRr | split; [exact (sb_lowers_to_po i HF HC r b R Y Hsb (proj1 HR) (proj1 HY)) | exact (HYacq Hacq)]] |].
      intro HmY; destruct (cfence_not_mem b Y Hbf (proj1 HY) HmY). }
  split.
  - apply (incl_lowers_to_ms i HF HC a b X Y Hi (proj1 HX) (proj1 HY)).
    intros HmX HmY. rewrite ((proj2 Hpacq) HmY).
    apply (loc_trans X W1 R); [exact ((proj2 Hprel) HmX) |].
    apply (loc_trans W1 W R); [exact (chain_loc W1 W HchP (write_mem i HF W1 HW1w)) | exact (rf_loc W R HrfWR)].
  - exists R; split; [exists W1; split; [exact (proj1 Hprel) | exact Hobs] | exact (proj1 Hpacq)].
Qed.


Let cb := ptx_cause_base U P.

(* po ∪ cause_base: the PTX relation hb lowers to. *)
Definition hbp (X Y : A) : Prop := ptx_po P X Y \/ cb X Y.

Lemma cb_po_l : forall X Y Z, ptx_po P X Y -> cb Y Z -> cb X Z.
Proof.
  intros X Y Z Hpo H. revert X Hpo. unfold cb, ptx_cause_base in *.
  induction H as [y z (m & (n & Hn & Hsw) & Hm) | y z w (m & (n & Hn & Hsw) & Hm) Htl IH]; intros x Hpo.
  - apply closure_step. exists m; split; [| exact Hm]. exists n; split; [| exact Hsw].
    right. destruct Hn as [Heq | Hn]; [cbn in Heq; unfold iden in Heq; subst n; exact Hpo | exact (po_trans x y n Hpo Hn)].
  - apply (closure_cons (y := z)); [| exact Htl].
    exists m; split; [| exact Hm]. exists n; split; [| exact Hsw].
    right. destruct Hn as [Heq | Hn]; [cbn in Heq; unfold iden in Heq; subst n; exact Hpo | exact (po_trans x y n Hpo Hn)].
Qed.

Lemma cb_po_r : forall X Y Z, cb X Y -> ptx_po P Y Z -> cb X Z.
Proof.
  intros X Y Z H Hpo. unfold cb, ptx_cause_base in *.
  induction H as [x y (m & (n & Hn & Hsw) & Hm) | x y w Hs _ IH].
  - apply closure_step. exists m; split; [exists n; split; assumption |].
    right. destruct Hm as [Heq | Hm]; [cbn in Heq; unfold iden in Heq; subst y; exact Hpo | exact (po_trans m y Z Hm Hpo)].
  - exact (closure_cons Hs (IH Hpo)).
Qed.

Lemma hbp_trans : forall X Y Z, hbp X Y -> hbp Y Z -> hbp X Z.
Proof.
  intros X Y Z [H1 | H1] [H2 | H2].
  - left; exact (po_trans X Y Z H1 H2).
  - right; exact (cb_po_l X Y Z H1 H2).
  - right; exact (cb_po_r X Y Z H1 H2).
  - right; exact (closure_trans_pt _ _ X Y Z H1 H2).
Qed.

Lemma sync_cb : forall X Y, ptx_sync_acqrel U P X Y -> cb X Y.
Proof.
  intros X Y H. apply closure_step. exists Y; split; [exists X; split; [left; reflexivity | left; left; exact H] | left; reflexivity].
Qed.

Lemma sb_cevent : forall x y, src11_sb S x y -> src11_CEvent S y.
Proof.
  field_pair 30 H1 H2. intros x y H.
  assert (Hx : src11_CEvent S x) by (pose proof (H1 x y H) as H'; cbn in H'; tauto).
  exact (H2 x Hx y (proj2 (join_single_l x _ y) H)).
Qed.

Lemma ord_cevent : forall x o, src11_ord S x o -> src11_CEvent S x.
Proof. field_pair 34 H1 H2. intros x o H. pose proof (H1 x o H) as H'; cbn in H'; tauto. Qed.

(* hb lowers to po ∪ cause_base between main images (seed 000 §6.2, proof of
   Theorem 1: "hb lowers either to po or cause_base"). *)
Lemma hb_lowers : forall a b X Y,
  src11_hb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b ->
  main i a X -> main i b Y -> hbp X Y.
Proof.
  intros a b X Y Hab HX HY.
  assert (Hstep : forall x y X, union 2 (src11_sb S)
             (inter 2 (src11_incl U S (ptx_Event P) (ptx_Address P) (ptx_Scope P))
                      (src11_csw U S (ptx_Event P) (ptx_Address P) (ptx_Scope P))) x y ->
             main i x X -> exists Y, main i y Y /\ hbp X Y).
  { intros x y X' Hxy HX'.
    destruct Hxy as [Hsb | [Hi Hsw]].
    - destruct (main_exists y (sb_cevent x y Hsb)) as [Y' HY'].
      exists Y'; split; [exact HY' | left; exact (sb_lowers_to_po i HF HC x y X' Y' Hsb (proj1 HX') (proj1 HY'))].
    - assert (Hy : src11_CEvent S y).
      { destruct Hsw as [_ [_ (o & Ho & _)]]. exact (ord_cevent y o Ho). }
      destruct (main_exists y Hy) as [Y' HY'].
      exists Y'; split; [exact HY' | right; exact (sync_cb X' Y' (sw_lowers x y X' Y' Hi Hsw HX' HY'))]. }
  destruct (closure_lower _ _ (main i) Hstep a b Hab X HX) as (Y' & HY' & Hc).
  rewrite (main_unique b Y Y' HY HY').
  clear HX HY' Hab HY Hstep.
  induction Hc as [x y H | x y z H _ IH]; [exact H | exact (hbp_trans x y z H IH)].
Qed.

End Hb.
