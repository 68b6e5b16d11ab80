(* Lowering lemmas for the scoped C++ -> PTX mapping (models/compile_src11_ptx.als),
   over the definitions `relprove export --coq` generated into compile_src11_ptx.v and the
   module files it imports (util_module.v, ptx_module.v, src11_module.v).
   "r lowers to r'" (seed 000 §5.2): r in map; r'; map^-1. Every lemma holds
   for every instance satisfying the model's facts and the mapping predicate. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.

Section Lowering.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

(* Short names for the two sides. *)
Let S := m_src11 i.
Let P := m_ptx i.
Let map := src11_map S.

(* A PTX event comes from at most one C++ event (map_events: one map.h). *)
Lemma map_injective : forall a b X, map a X -> map b X -> a = b.
Proof.
  destruct HC as [[_ [[_ Hev] _]] _].
  destruct Hev as [Hone _].
  destruct HF as [_ [Hfields _]].
  intros a b X Ha Hb.
  assert (HX : ptx_Event P X).
  { unfold fields in Hfields.
    do 36 (destruct Hfields as [_ Hfields]).
    destruct Hfields as [Hmap1 [Hmap2 _]].
    pose proof (Hmap1 a X Ha) as HCa; cbn in HCa; destruct HCa as [HCa _].
    apply (Hmap2 a HCa X). cbn. exists a. split; [reflexivity | exact Ha]. }
  destruct (Hone X HX) as [_ [Hl _]].
  cbn in Hl. apply Hl; exists X; split; first [assumption | reflexivity].
Qed.


(* Name every fact and every part of the mapping predicate. *)
Ltac unpack :=
  let Hh := fresh "Hhier" in let Hf := fresh "Hfields" in
  let Hp := fresh "Hptx" in let Hs := fresh "Hsrc" in
  let Hnr := fresh "Hnotracy" in let Hmsc := fresh "Hmap_scopes" in
  let Hmev := fresh "Hmap_events" in let Hrd := fresh "Hmap_reads" in
  let Hwr := fresh "Hmap_writes" in let Hfe := fresh "Hmap_fences" in
  let Hrmw := fresh "Hmap_rmw" in let Hcons := fresh "Hptx_consistent" in
  let Hrev := fresh "Hreverse" in let Hrsc := fresh "Hmap_rmw_sc" in
  pose proof HF as [Hh [Hf [_ [Hp Hs]]]];
  pose proof HC as [[Hnr [[Hmsc Hmev] [[Hrd [Hwr [Hfe Hrmw]]] [Hcons Hrev]]]] Hrsc].

(* sb lowers to po: ~map.sb.map in po. *)
Lemma sb_lowers_to_po : forall a b X Y,
  src11_sb S a b -> map a X -> map b Y -> ptx_po P X Y.
Proof.
  unpack. destruct Hmap_events as (_ & _ & _ & _ & _ & Hsbpo & _).
  intros a b X Y Hab HX HY. apply Hsbpo. cbn.
  exists b; split; [exists a; split; assumption | assumption].
Qed.

(* po lifts to sb or to the same C++ event: map.po.~map in sb + iden. *)
Lemma po_lifts_to_sb : forall a b X Y,
  ptx_po P X Y -> map a X -> map b Y -> src11_sb S a b \/ a = b.
Proof.
  unpack. destruct Hmap_events as (_ & _ & _ & _ & _ & _ & Hposb).
  intros a b X Y HXY HX HY. apply Hposb. cbn.
  exists Y; split; [exists X; split; assumption | assumption].
Qed.

(* An RMW lowers to one atom: crmw = map.rmw.~map. *)
Lemma crmw_lowers_to_rmw : forall r w,
  src11_crmw S r w -> exists R W, map r R /\ map w W /\ ptx_rmw P R W.
Proof.
  unpack. destruct Hmap_rmw as [Hl _].
  intros r w H. destruct (Hl r w H) as (W & (R & HR & Hrmw) & HW).
  exists R, W; auto.
Qed.

Lemma rmw_lifts_to_crmw : forall r w R W,
  ptx_rmw P R W -> map r R -> map w W -> src11_crmw S r w.
Proof.
  unpack. destruct Hmap_rmw as [_ Hr].
  intros r w R W H HR HW. apply Hr. cbn. exists W; split; [exists R; split|]; assumption.
Qed.

(* Reading back: rf in ~map.crf.map, co in ~map.cmo.map, fr in ~map.rb.map;
   map is injective, so the C++ source of each PTX event is the one given. *)
Lemma rf_lifts_to_crf : forall w r W R,
  ptx_rf P W R -> map w W -> map r R -> src11_crf S w r.
Proof.
  intros w r W R H HW HR. unpack.
  destruct Hreverse as (Hrf & _).
  destruct (Hrf W R H) as (r' & (w' & Hw' & Hc) & Hr').
  rewrite (map_injective w w' W HW Hw'), (map_injective r r' R HR Hr'); exact Hc.
Qed.

Lemma co_lifts_to_cmo : forall w w' W W',
  ptx_co P W W' -> map w W -> map w' W' -> src11_cmo S w w'.
Proof.
  intros w w' W W' H HW HW'. unpack.
  destruct Hreverse as (_ & _ & Hco & _).
  destruct (Hco W W' H) as (x' & (x & Hx & Hc) & Hx').
  rewrite (map_injective w x W HW Hx), (map_injective w' x' W' HW' Hx'); exact Hc.
Qed.

Lemma fr_lifts_to_rb : forall r w R W,
  ptx_fr (m_util i) P R W -> map r R -> map w W ->
  src11_rb (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P) r w.
Proof.
  intros r w R W H HR HW. unpack.
  destruct Hreverse as (_ & _ & _ & Hfr).
  destruct (Hfr R W H) as (x' & (x & Hx & Hc) & Hx').
  rewrite (map_injective r x R HR Hx), (map_injective w x' W HW Hx'); exact Hc.
Qed.


(* Select conjunct number n (0-based) of the field declarations. *)
Tactic Notation "field_pair" int(n) ident(H1) ident(H2) :=
  let Hf := fresh "Hf" in
  pose proof HF as [_ [Hf _]]; unfold fields in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 Hf]]; clear Hf.

(* Fields declared `one` are functions. *)
Lemma thread_fun : forall X T1 T2, ptx_thread P X T1 -> ptx_thread P X T2 -> T1 = T2.
Proof. field_pair 2 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma scope_fun : forall X T1 T2, ptx_scope P X T1 -> ptx_scope P X T2 -> T1 = T2.
Proof. field_pair 6 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma addr_fun : forall X T1 T2, ptx_addr P X T1 -> ptx_addr P X T2 -> T1 = T2.
Proof. field_pair 8 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma smap_fun : forall x T1 T2, src11_smap S x T1 -> src11_smap S x T2 -> T1 = T2.
Proof. field_pair 24 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma amap_fun : forall x T1 T2, src11_amap S x T1 -> src11_amap S x T2 -> T1 = T2.
Proof. field_pair 26 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma cthread_fun : forall x t1 t2, src11_cthread S x t1 -> src11_cthread S x t2 -> t1 = t2.
Proof. field_pair 28 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma cscope_fun : forall x t1 t2, src11_cscope S x t1 -> src11_cscope S x t2 -> t1 = t2.
Proof. field_pair 32 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma caddr_fun : forall x t1 t2, src11_caddr S x t1 -> src11_caddr S x t2 -> t1 = t2.
Proof. field_pair 38 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma cthread_range : forall x t, src11_cthread S x t -> src11_CThread S t.
Proof. field_pair 28 H1 H2. exact (field_range _ _ _ _ H1 H2). Qed.

(* Each C++ event lowers into its own thread (map.thread = cthread.smap)
   and with its own scope (map.scope = cscope.smap). *)
Lemma map_thread : forall e X T, map e X -> ptx_thread P X T ->
  exists t, src11_cthread S e t /\ src11_smap S t T.
Proof.
  unpack. destruct Hmap_events as (_ & [Hl _] & _).
  intros e X T HX HT. destruct (Hl e T) as (t & Ht & Hs); [cbn; exists X; auto | exists t; auto].
Qed.

(* Every PTX event has a thread and a scope; every image of a C++ event is a PTX event. *)
Lemma map_event : forall e X, map e X -> ptx_Event P X.
Proof.
  field_pair 36 H1 H2. intros e X H.
  assert (He : src11_CEvent S e) by (pose proof (H1 e X H) as H'; cbn in H'; tauto).
  apply (H2 e He X). apply join_single_l; exact H.
Qed.

Lemma event_thread : forall X, ptx_Event P X -> exists T, ptx_thread P X T.
Proof.
  field_pair 2 H1 H2. intros X HX. destruct (H2 X HX) as [_ [[T HT] _]].
  exists T; apply join_single_l; exact HT.
Qed.

Lemma event_scope : forall X, ptx_Event P X -> exists T, ptx_scope P X T.
Proof.
  field_pair 6 H1 H2. intros X HX. destruct (H2 X HX) as [_ [[T HT] _]].
  exists T; apply join_single_l; exact HT.
Qed.

(* Two images of events of one C++ thread are in one PTX thread. *)
Lemma map_same_thread : forall a b X Y t,
  map a X -> map b Y -> src11_cthread S a t -> src11_cthread S b t ->
  ptx_same_thread (m_util i) P X Y.
Proof.
  intros a b X Y t HX HY Ha Hb.
  destruct (event_thread X (map_event a X HX)) as [TX HTX].
  destruct (event_thread Y (map_event b Y HY)) as [TY HTY].
  destruct (map_thread a X TX HX HTX) as (ta & Hta & Hsa).
  destruct (map_thread b Y TY HY HTY) as (tb & Htb & Hsb).
  rewrite (cthread_fun a ta t Hta Ha) in Hsa.
  rewrite (cthread_fun b tb t Htb Hb) in Hsb.
  rewrite (smap_fun t TX TY Hsa Hsb) in HTX.
  cbn. exists TY; split; assumption.
Qed.


Lemma map_scope : forall e X T, map e X -> ptx_scope P X T ->
  exists s, src11_cscope S e s /\ src11_smap S s T.
Proof.
  unpack. destruct Hmap_events as (_ & _ & [Hl _] & _).
  intros e X T HX HT. destruct (Hl e T) as (t & Ht & Hs); [cbn; exists X; auto | exists t; auto].
Qed.

(* smap is injective (smap.~smap in iden). *)
Lemma smap_inj : forall s t T, src11_smap S s T -> src11_smap S t T -> s = t.
Proof.
  unpack. destruct Hmap_scopes as (Hinj & _).
  intros s t T Hs Ht. apply Hinj. cbn. exists T; split; assumption.
Qed.

(* The scope tree lowers: csub = smap.sub.~smap, so *csub lowers to *sub. *)
Lemma csub_star_lowers : forall s t S1 T1, rclosure (src11_csub S) s t ->
  src11_smap S s S1 -> src11_smap S t T1 -> rclosure (ptx_sub P) S1 T1.
Proof.
  intros s t S1 T1 Hst HS HT.
  assert (Hstep : forall x y X, src11_csub S x y -> src11_smap S x X ->
                   exists Y, src11_smap S y Y /\ ptx_sub P X Y).
  { unpack. destruct Hmap_scopes as (_ & _ & _ & [Hl _] & _).
    intros x y X Hxy HX. destruct (Hl x y Hxy) as (Y & (X' & HX' & Hsub) & HY).
    rewrite (smap_fun x X X' HX HX'). exists Y; split; assumption. }
  destruct (rclosure_lower _ _ _ Hstep s t Hst S1 HS) as (T' & HT' & Hc).
  rewrite (smap_fun t T1 T' HT HT'); exact Hc.
Qed.

(* c_covers (cscope.*csub.~cthread) lowers to scope_covers (scope.*sub.~thread). *)
Lemma covers_lowers : forall a b X Y,
  src11_c_covers (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b ->
  map a X -> map b Y -> ptx_scope_covers (m_util i) P X Y.
Proof.
  intros a b X Y Hab HX HY.
  destruct Hab as (t & (s & Hs & Hst) & Ht).
  destruct (event_scope X (map_event a X HX)) as [SX HSX].
  destruct (event_thread Y (map_event b Y HY)) as [TY HTY].
  destruct (map_scope a X SX HX HSX) as (s' & Hs' & HsS).
  destruct (map_thread b Y TY HY HTY) as (t' & Ht' & HtT).
  rewrite (cscope_fun a s' s Hs' Hs) in HsS.
  rewrite (cthread_fun b t' t Ht' Ht) in HtT.
  cbn. exists TY; split; [exists SX; split; [exact HSX | exact (csub_star_lowers s t SX TY Hst HsS HtT)] | exact HTY].
Qed.


Let NA := src11_NA (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let Atomic := src11_Atomic (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let c_covers := src11_c_covers (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

(* A non-atomic event's scope is its thread, a leaf: it covers only its own
   thread. *)
Lemma na_covers_same_thread : forall a b, NA a -> c_covers a b ->
  exists t, src11_cthread S a t /\ src11_cthread S b t.
Proof.
  intros a b Hna Hab.
  destruct Hab as (t & (s & Hs & Hst) & Ht).
  unpack. destruct Hsrc as (Hcst & _ & Hcsc & _).
  destruct Hcsc as (_ & Hnas & _).
  destruct (Hnas a Hna) as [Hsc _].
  assert (Hsa : src11_cthread S a s) by (apply join_single_l, Hsc, join_single_l; exact Hs).
  assert (Hleaf : s = t).
  { apply (rclosure_no_succ _ s t Hst). intros z Hz.
    destruct Hcst as (_ & _ & _ & Hno & _). apply Hno. cbn.
    exists z, s; split; [exact (cthread_range a s Hsa) | exact Hz]. }
  subst t. exists s; split; assumption.
Qed.

(* An atomic event lowers to strong PTX events: its scope is not a thread,
   and smap is injective, so its images' scope is not their thread. *)
Lemma atomic_lowers_strong : forall a X, Atomic a -> map a X -> ptx_Strong (m_util i) P X.
Proof.
  intros a X Hat HX. split; [exact (map_event a X HX) | intro Hweak].
  destruct (event_scope X (map_event a X HX)) as [SX HSX].
  destruct (event_thread X (map_event a X HX)) as [TX HTX].
  destruct (map_scope a X SX HX HSX) as (s & Hs & HsS).
  destruct (map_thread a X TX HX HTX) as (t & Ht & HtT).
  unpack. destruct Hptx as (_ & _ & (_ & Hw & _) & _).
  destruct (Hw X Hweak) as [Hst _].
  assert (HXT : ptx_thread P X SX) by (apply join_single_l, Hst, join_single_l; exact HSX).
  rewrite (thread_fun X SX TX HXT HTX) in HsS.
  pose proof (smap_inj s t TX HsS HtT) as <-.
  destruct Hsrc as (_ & _ & (_ & _ & Hatom) & _).
  apply (Hatom a Hat). intros s' Hs'. apply join_single_l in Hs'.
  rewrite (cscope_fun a s' s Hs' Hs). exact (cthread_range a s Ht).
Qed.


Let incl_c := src11_incl (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

Lemma map_cevent : forall e X, map e X -> src11_CEvent S e.
Proof.
  field_pair 36 H1 H2. intros e X H. pose proof (H1 e X H) as H'; cbn in H'; tauto.
Qed.

(* Scope inclusion lowers to moral strength: events of mutually inclusive
   scopes lower to morally strong PTX events (at the same address when both
   are memory events). Non-atomic events are inclusive only within their
   thread (S3), which lowers to "same thread"; atomic ones lower to strong
   events whose scopes cover each other's threads. *)
Lemma incl_lowers_to_ms : forall a b X Y, incl_c a b -> map a X -> map b Y ->
  (ptx_MemEvent P X -> ptx_MemEvent P Y -> ptx_loc (m_util i) P X Y) ->
  ptx_ms (m_util i) P X Y.
Proof.
  intros a b X Y [Hab Hba] HX HY Hloc.
  split.
  2:{ intros [[HmX HmY] Hnl]. exact (Hnl (Hloc HmX HmY)). }
  destruct (Classical_Prop.classic (NA a)) as [Hna | Hna].
  { left. destruct (na_covers_same_thread a b Hna Hab) as (t & Ha & Hb).
    exact (map_same_thread a b X Y t HX HY Ha Hb). }
  destruct (Classical_Prop.classic (NA b)) as [Hnb | Hnb].
  { left. destruct (na_covers_same_thread b a Hnb Hba) as (t & Hb & Ha).
    exact (map_same_thread a b X Y t HX HY Ha Hb). }
  right.
  assert (HsX : ptx_Strong (m_util i) P X)
    by (apply (atomic_lowers_strong a X); [split; [exact (map_cevent a X HX) | exact Hna] | exact HX]).
  assert (HsY : ptx_Strong (m_util i) P Y)
    by (apply (atomic_lowers_strong b Y); [split; [exact (map_cevent b Y HY) | exact Hnb] | exact HY]).
  split; [exact HsX |]. split; [| exact HsY]. split.
  - exact (covers_lowers a b X Y Hab HX HY).
  - exact (covers_lowers b a Y X Hba HY HX).
Qed.

End Lowering.
