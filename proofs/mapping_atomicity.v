(* Theorem 2 of seed 000 §6.2: RC11 Atomicity holds for every C++ execution
   read back from a legal PTX execution of its compilation (Fig. 11).
   Let r, w be the read and write part of an RMW, w' a write with r rb w'
   and w' mo w. Race freedom relates w' with r and w by hb or by scope
   inclusion. hb cases contradict PTX Causality / Coherence through the
   lowering of hb (hb_lowers); when w' is scope-inclusive with the RMW, rb
   and mo lower to ms ∩ fr and ms ∩ co, and PTX Atomicity is violated. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf mapping_hb mapping_ptx.

Section Atomicity.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let U := m_util i.
Let map := src11_map S.
Let hb := src11_hb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let incl_c := src11_incl U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let cloc := src11_cloc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

Tactic Notation "field_pair" int(n) ident(H1) ident(H2) :=
  let Hf := fresh "Hf" in
  pose proof HF as [_ [Hf _]]; unfold fields in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 Hf]]; clear Hf.

Tactic Notation "hier" int(n) ident(H) :=
  let Hf := fresh "Hh" in
  pose proof HF as [Hf _]; unfold hierarchy in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H Hf]; clear Hf.

(* ---------------------------------------------------------------- C++ side *)

Lemma cloc_sym : forall x y, cloc x y -> cloc y x.
Proof. intros x y (c & H1 & H2). exists c; split; assumption. Qed.

Lemma cloc_trans : forall x y z, cloc x y -> cloc y z -> cloc x z.
Proof.
  intros x y z (c1 & H1 & H2) (c2 & H3 & H4). cbn in *.
  rewrite (caddr_fun i HF y c2 c1 H3 H2) in H4. exists c1; split; assumption.
Qed.

Lemma cmo_facts :
  (forall x y, src11_cmo S x y -> cloc x y) /\
  (forall x, ~ src11_cmo S x x) /\
  (forall x y z, src11_cmo S x y -> src11_cmo S y z -> src11_cmo S x z).
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & (Hl & [Hirr Htr] & _) & _)).
  split; [exact Hl | split].
  - intros x H. apply Hirr. exists x, x. split; [reflexivity | exact H].
  - intros x y z H1 H2. apply Htr. exists y; split; assumption.
Qed.

Lemma cmo_cwrite : forall x y, src11_cmo S x y -> src11_CWrite S x /\ src11_CWrite S y.
Proof.
  pose proof HF as [_ [Hf _]]; unfold fields in Hf.
  do 44 (destruct Hf as [_ Hf]). destruct Hf as [H1 H2]. intros x y H.
  assert (Hx : src11_CWrite S x) by (pose proof (H1 x y H) as H'; cbn in H'; tauto).
  split; [exact Hx | exact (H2 x Hx y (proj2 (join_single_l x _ y) H))].
Qed.

Lemma cwrite_cmem : forall x, src11_CWrite S x -> src11_CMemEvent S x.
Proof. hier 82 H. exact H. Qed.

Lemma cread_cmem : forall x, src11_CRead S x -> src11_CMemEvent S x.
Proof. hier 81 H. exact H. Qed.

Lemma cread_not_cwrite : forall x, src11_CRead S x -> src11_CWrite S x -> False.
Proof. hier 79 H. intros x H1 H2. apply H. exists x; split; assumption. Qed.

(* Race freedom (S5): conflicting accesses are hb-ordered or scope-inclusive. *)
Lemma race_free : forall x y, src11_CMemEvent S x -> src11_CMemEvent S y -> cloc x y ->
  (src11_CWrite S x \/ src11_CWrite S y) -> x <> y -> hb x y \/ hb y x \/ incl_c x y.
Proof.
  intros x y Hx Hy Hl Hw Hne.
  pose proof HC as [[Hnr _] _].
  destruct (Classical_Prop.classic (hb x y)) as [H1 | H1]; [left; exact H1 |].
  destruct (Classical_Prop.classic (hb y x)) as [H2 | H2]; [right; left; exact H2 |].
  destruct (Classical_Prop.classic (incl_c x y)) as [H3 | H3]; [right; right; exact H3 |].
  exfalso. apply Hnr. exists x, y. split; [split; [split |] |]; [| exact H1 | exact H2 | exact H3].
  split; [split; [exact Hl |] | exact Hne].
  destruct Hw as [Hw | Hw]; [left; split; [exact Hw | exact Hy] | right; split; [exact Hx | exact Hw]].
Qed.

Lemma crf_cloc' : forall w r, src11_crf S w r -> cloc w r.
Proof. exact (crf_cloc i HF). Qed.

(* ---------------------------------------------------------------- mo and rb lower *)

(* mo lowers to co between main images: race freedom orders the two writes
   by hb (which lowers into co by PTX Coherence / SC-per-Location), or makes
   them scope-inclusive (so morally strong, so co-ordered, and co reads back
   into mo, which is a strict order). *)
Lemma cmo_lowers_co : forall w w' W W', src11_cmo S w w' -> main i w W -> main i w' W' ->
  ptx_co P W W'.
Proof.
  intros w w' W W' Hmo HW HW'.
  destruct cmo_facts as (Hloc & Hirr & Htr).
  destruct (cmo_cwrite w w' Hmo) as [Hw Hw'].
  destruct (main_write i HF HC w W Hw HW) as (HWw & _).
  destruct (main_write i HF HC w' W' Hw' HW') as (HWw' & _).
  assert (Hne : W <> W').
  { intro Heq. subst W'. rewrite (map_injective i HF HC w w' W (proj1 HW) (proj1 HW')) in Hmo.
    exact (Hirr w' Hmo). }
  assert (Hl : ptx_loc U P W W')
    by exact (cloc_lowers i HF HC w w' W W' (Hloc w w' Hmo) (proj1 HW) (proj1 HW')
                (write_mem i HF W HWw) (write_mem i HF W' HWw')).
  assert (Hnotback : ~ ptx_co P W' W).
  { intro H. pose proof (co_lifts_to_cmo i HF HC w' w W' W H (proj1 HW') (proj1 HW)) as H'.
    exact (Hirr w (Htr w w' w Hmo H')). }
  assert (Hnew : w <> w') by (intro Heq; subst w'; exact (Hirr w Hmo)).
  destruct (race_free w w' (cwrite_cmem w Hw) (cwrite_cmem w' Hw') (Hloc w w' Hmo) (or_introl Hw) Hnew)
    as [Hhb | [Hhb | Hi]].
  - exact (hbp_write_co i HF HC W W' (hb_lowers i HF HC w w' W W' Hhb HW HW') HWw HWw' Hl Hne).
  - exfalso. apply Hnotback.
    exact (hbp_write_co i HF HC W' W (hb_lowers i HF HC w' w W' W Hhb HW' HW) HWw' HWw (loc_sym i W W' Hl) (fun e => Hne (eq_sym e))).
  - pose proof (incl_lowers_to_ms i HF HC w w' W W' Hi (proj1 HW) (proj1 HW') (fun _ _ => Hl)) as Hms.
    destruct (co_total_ms i HF W W' HWw HWw' Hne Hms) as [H | H]; [exact H | destruct (Hnotback H)].
Qed.

(* rb lowers to fr between main images. *)
Lemma rb_lowers_fr : forall r w R W,
  src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) r w -> main i r R -> main i w W ->
  ptx_fr U P R W.
Proof.
  intros r w R W Hrb HR HW.
  destruct Hrb as [(w0 & Hrf & Hmo) | [[Hr Hnorf] [Hl Hw]]].
  - left. destruct (cmo_cwrite w0 w Hmo) as [Hw0 Hw].
    destruct (main_exists i HF HC w0 (cwrite_cevent i HF w0 Hw0)) as [W0 HW0].
    destruct (main_write i HF HC w0 W0 Hw0 HW0) as (HW0w & _).
    destruct (main_read i HF HC r R (crf_cread i HF w0 r Hrf) HR) as (HRr & _).
    exists W0; split.
    + exact (crf_lowers_to_rf i HF HC w0 r W0 R Hrf (proj1 HW0) HW0w (proj1 HR) HRr).
    + exact (cmo_lowers_co w0 w W0 W Hmo HW0 HW).
  - right. destruct (main_read i HF HC r R Hr HR) as (HRr & _).
    destruct (main_write i HF HC w W Hw HW) as (HWw & _).
    split; [split; [exact HRr |] | split; [| exact HWw]].
    + intros (W0 & HW0 & Hrf).
      destruct (event_preimage i HC W0 (mem_event i HF W0 (write_mem i HF W0 HW0))) as [w0 Hw0].
      apply Hnorf. exists w0.
      pose proof (rf_lifts_to_crf i HF HC w0 r W0 R Hrf Hw0 (proj1 HR)) as Hc.
      split; [exact (crf_cwrite i HF w0 r Hc) | exact Hc].
    + exact (cloc_lowers i HF HC r w R W Hl (proj1 HR) (proj1 HW) (read_mem i HF R HRr) (write_mem i HF W HWw)).
Qed.

Lemma rb_cloc : forall r w,
  src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) r w -> cloc r w.
Proof.
  intros r w [(w0 & Hrf & Hmo) | [_ [Hl _]]]; [| exact Hl].
  destruct cmo_facts as (Hloc & _).
  exact (cloc_trans r w0 w (cloc_sym w0 r (crf_cloc' w0 r Hrf)) (Hloc w0 w Hmo)).
Qed.

Lemma rb_cread_cwrite : forall r w,
  src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) r w -> src11_CRead S r /\ src11_CWrite S w.
Proof.
  intros r w [(w0 & Hrf & Hmo) | [[Hr _] [_ Hw]]]; [| split; assumption].
  split; [exact (crf_cread i HF w0 r Hrf) | exact (proj2 (cmo_cwrite w0 w Hmo))].
Qed.


(* ---------------------------------------------------------------- hb into an RMW *)

Lemma sb_same_thread : forall x y, src11_sb S x y ->
  exists t, src11_cthread S x t /\ src11_cthread S y t.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & (Hl & _) & _)).
  intros x y H. destruct (Hl x y H) as (t & H1 & H2). exists t; split; assumption.
Qed.

Lemma sb_total : forall x y t, src11_CEvent S x -> src11_CEvent S y -> x <> y ->
  src11_cthread S x t -> src11_cthread S y t -> src11_sb S x y \/ src11_sb S y x.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & (_ & _ & Htot) & _)).
  intros x y t Hx Hy Hne Htx Hty.
  destruct (Htot x y (conj Hx (conj Hy Hne))) as [H | H].
  - split; intros u Hu; apply join_single_l; apply join_single_l in Hu.
    + rewrite (cthread_fun i HF x u t Hu Htx); exact Hty.
    + rewrite (cthread_fun i HF y u t Hu Hty); exact Htx.
  - left; apply H; cbn; unfold single; auto.
  - right; apply H; cbn; unfold single; auto.
Qed.

Lemma sb_cevent_l : forall x y, src11_sb S x y -> src11_CEvent S x.
Proof. field_pair 30 H1 H2. intros x y H. pose proof (H1 x y H) as H'; cbn in H'; tauto. Qed.

Lemma crmw_imm : forall r w, src11_crmw S r w ->
  src11_sb S r w /\ ~ (exists m, src11_sb S r m /\ src11_sb S m w).
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & _ & (Hl & _))).
  intros r w H. destruct (Hl r w H) as [[Hsb Hn] _]. split; [exact Hsb | exact Hn].
Qed.

Lemma sb_irrefl : forall x, ~ src11_sb S x x.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & (_ & [Hirr _] & _) & _)).
  intros x H. apply Hirr. exists x, x. split; [reflexivity | exact H].
Qed.

(* sw ends at a read or a fence, so hb into a write ends with sb; sb into the
   write part of an RMW goes through its read part (crmw in imm[sb]). *)
Lemma hb_into_rmw_write : forall x r w, hb x w -> src11_crmw S r w -> hb x r \/ x = r.
Proof.
  intros x r w Hhb Hrmw.
  destruct (crmw_imm r w Hrmw) as [Hrw Himm].
  pose proof (crmw_cwrite i HF r w Hrmw) as Hw.
  (* the last step into w is sb *)
  assert (Hlast : exists m, (hb x m \/ x = m) /\ src11_sb S m w).
  { destruct (proj1 (closure_unfold_r _ _) x w Hhb) as [Hs | (m & Hxm & Hs)];
      [exists x; split; [right; reflexivity |] | exists m; split; [left; exact Hxm |]];
      (destruct Hs as [Hs | [_ Hsw]]; [exact Hs | exfalso]);
      destruct Hsw as [_ [(r' & (r'' & _ & [Heq [[Hr'' _] _]]) & HO2) _]];
      cbn in Heq; unfold iden in Heq; subst r'';
      (destruct HO2 as [Heq | [_ Hf]];
        [cbn in Heq; unfold iden in Heq; subst r'; exact (cread_not_cwrite w Hr'' Hw)
        | hier 76 H; apply H; exists w; split; [exact (cwrite_cmem w Hw) | exact Hf]]). }
  destruct Hlast as (m & Hxm & Hmw).
  destruct (sb_same_thread m w Hmw) as (t & Hmt & Hwt).
  destruct (sb_same_thread r w Hrw) as (t' & Hrt & Hwt').
  rewrite (cthread_fun i HF w t' t Hwt' Hwt) in Hrt.
  assert (Hmr : m = r \/ src11_sb S m r).
  { destruct (Classical_Prop.classic (m = r)) as [-> | Hne]; [left; reflexivity |].
    destruct (sb_total m r t (sb_cevent_l m w Hmw) (sb_cevent_l r w Hrw) Hne Hmt Hrt) as [H | H].
    - right; exact H.
    - exfalso; apply Himm; exists m; split; assumption. }
  destruct Hxm as [Hxm | <-]; destruct Hmr as [<- | Hmr].
  - left; exact Hxm.
  - left; exact (closure_snoc _ _ x m r Hxm (or_introl Hmr)).
  - right; reflexivity.
  - left; exact (closure_step (or_introl Hmr)).
Qed.

(* The two parts of an RMW have one thread and one scope, so whatever is
   scope-inclusive with the write part is scope-inclusive with the read part. *)
Lemma incl_rmw_read : forall x r w, incl_c x w -> src11_crmw S r w -> incl_c x r.
Proof.
  intros x r w [Hxw Hwx] Hrmw.
  destruct (crmw_imm r w Hrmw) as [Hrw _].
  destruct (sb_same_thread r w Hrw) as (t & Hrt & Hwt).
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & _ & (_ & Hsc))).
  split.
  - destruct Hxw as (t' & Hs & Ht'). exists t'. split; [exact Hs |].
    cbn in Ht' |- *. rewrite (cthread_fun i HF w t' t Ht' Hwt). exact Hrt.
  - destruct Hwx as (t' & (s & Hws & Hst) & Ht'). exists t'. split; [| exact Ht'].
    exists s. split; [| exact Hst].
    destruct (Hsc r (ex_intro _ w (conj Hrmw (crmw_cwrite i HF r w Hrmw)))) as [_ Hr].
    apply join_single_l, Hr. exists w. split; [exists r; split; [reflexivity | exact Hrmw] | exact Hws].
Qed.

Lemma incl_sym : forall x y, incl_c x y -> incl_c y x.
Proof. intros x y [H1 H2]. split; assumption. Qed.

(* ---------------------------------------------------------------- Theorem 2 *)

Theorem atomicity_holds :
  src11_rc11_atomicity U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Proof.
  intros (r & w & Hrmw & (w' & Hrb & Hmo)).
  destruct cmo_facts as (Hloc & Hirr & Htr).
  destruct (rb_cread_cwrite r w' Hrb) as [Hr Hw'].
  pose proof (crmw_cwrite i HF r w Hrmw) as Hw.
  destruct (main_exists i HF HC r (cread_cevent i HF r Hr)) as [R HR].
  destruct (main_exists i HF HC w (cwrite_cevent i HF w Hw)) as [W HW].
  destruct (main_exists i HF HC w' (cwrite_cevent i HF w' Hw')) as [W' HW'].
  destruct (main_read i HF HC r R Hr HR) as (HRr & _).
  destruct (main_write i HF HC w W Hw HW) as (HWw & _).
  destruct (main_write i HF HC w' W' Hw' HW') as (HW'w & _).
  pose proof (rb_lowers_fr r w' R W' Hrb HR HW') as Hfr.
  pose proof (cmo_lowers_co w' w W' W Hmo HW' HW) as Hco.
  pose proof (crmw_lowers_main i HF HC r w R W Hrmw HR HW) as HrmwP.
  (* hb from w' to r contradicts fr *)
  assert (Hnot1 : ~ hb w' r).
  { intro H. exact (hbp_fr_false i HF HC W' R (hb_lowers i HF HC w' r W' R H HW' HR) Hfr). }
  (* hb from w to w' contradicts co *)
  assert (Hnot2 : ~ hb w w').
  { intro H. assert (Hne : W <> W').
    { intro Heq; subst W'. rewrite (map_injective i HF HC w w' W (proj1 HW) (proj1 HW')) in Hmo.
      exact (Hirr w' Hmo). }
    pose proof (hbp_write_co i HF HC W W' (hb_lowers i HF HC w w' W W' H HW HW') HWw HW'w
                  (cloc_lowers i HF HC w w' W W' (cloc_sym w' w (Hloc w' w Hmo)) (proj1 HW) (proj1 HW')
                     (write_mem i HF W HWw) (write_mem i HF W' HW'w)) Hne) as Hco'.
    pose proof (co_lifts_to_cmo i HF HC w w' W W' Hco' (proj1 HW) (proj1 HW')) as Hmo'.
    exact (Hirr w (Htr w w' w Hmo' Hmo)). }
  (* hb from w' to w goes through r *)
  assert (Hnot3 : ~ hb w' w).
  { intro H. destruct (hb_into_rmw_write w' r w H Hrmw) as [H' | Heq].
    - exact (Hnot1 H').
    - subst w'. exact (cread_not_cwrite r Hr Hw'). }
  assert (Hne : w' <> w) by (intro Heq; subst w'; exact (Hirr w Hmo)).
  destruct (race_free w' w (cwrite_cmem w' Hw') (cwrite_cmem w Hw) (Hloc w' w Hmo) (or_introl Hw') Hne)
    as [H | [H | Hi]]; [exact (Hnot3 H) | exact (Hnot2 H) |].
  (* w' is scope-inclusive with the RMW: PTX Atomicity *)
  pose proof (incl_sym w' r (incl_rmw_read w' r w Hi Hrmw)) as Hi'.
  pose proof (fr_loc i HF R W' Hfr) as HlRW'.
  pose proof (incl_lowers_to_ms i HF HC r w' R W' Hi' (proj1 HR) (proj1 HW') (fun _ _ => HlRW')) as Hms1.
  pose proof (incl_lowers_to_ms i HF HC w' w W' W Hi (proj1 HW') (proj1 HW) (fun _ _ => co_loc i HF W' W Hco)) as Hms2.
  pose proof HC as [[_ [_ [_ [Hcons _]]]] _].
  destruct Hcons as (_ & _ & Hat & _).
  apply Hat. exists R, W. split; [exists W'; split; split; assumption | exact HrmwP].
Qed.

End Atomicity.

(* The check `src11_ptx_atomicity` of models/compile_src11_ptx.als. *)
Theorem src11_ptx_atomicity_holds : src11_ptx_atomicity_statement.
Proof.
  unfold src11_ptx_atomicity_statement. intros A i HF HC.
  exact (atomicity_holds i HF HC).
Qed.
