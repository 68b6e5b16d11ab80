(* Theorems 1-3 of seed 000 §6.2 for the cheaper corrected mapping
   (models/compile_src11_ptx_sc_cover.als, exported to
   compile_src11_ptx_sc_cover.v): Fig. 11, except that, unless every SC
   event is a fence, each SC event is lowered at a scope w(e) containing its
   own C++ scope and a scope s0 that contains every thread executing an SC
   event. The cheapest w(e) is the wider of the event's scope and s0.

   Two cases.
   - Every SC event a fence: the instance is one of Fig. 11 (its scope row
     is Fig. 11's), and Theorem 3 is mapping_sc_order.sc_holds_without_sc_accesses.
   - Otherwise: mapping_fixed.v's widening argument with a scope per event
     instead of one scope for all. Let j' be j with the C++ scope of each SC
     event e replaced by w(e). Widening only adds [incl] and hb edges, since
     w(e) contains e's own scope (`covers_widen`); the images of e are at
     w(e)'s image, so j' is compiled by Fig. 11 with Fig. 11's own scope row
     (`compiles'`); and any two SC events u, v of j' are scope-inclusive,
     since w(u) contains s0, which contains the thread of v (`pairwise'`).
     The Fig. 11 theorems then hold for j' and transfer back to j.

   The section Widen is stated over any choice of w with the properties
   named HW... (`Wd` below is the one the scope row gives); the fixed
   mapping is the case w(e) = s* for every e, proved on its own in
   mapping_fixed.v. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module.
Require compile_src11_ptx compile_src11_ptx_sc_cover.
Require mapping_lowering mapping_images mapping_hb mapping_sc_fences mapping_sc_order mapping_coherence
  mapping_atomicity mapping_sc_edges mapping_fixed.

Module O := compile_src11_ptx.
Module X := compile_src11_ptx_sc_cover.

Definition with_cscope {A : Type} := @mapping_fixed.with_cscope A.
Definition sub2 {A : Type} := @mapping_fixed.sub2 A.
Definition sub1 {A : Type} := @mapping_fixed.sub1 A.

(* An instance of this model read as an instance of the original model. *)
Definition as_orig {A : Type} (j : X.Instance A) : O.Instance A :=
  O.mkInstance A (X.m_util j) (X.m_ptx j) (X.m_src11 j).

Ltac mono_step :=
  first [ apply mapping_fixed.join11_mono | apply mapping_fixed.union2_mono | apply mapping_fixed.inter2_mono
        | apply mapping_fixed.domr1_mono | apply mapping_fixed.ranr1_mono | apply mapping_fixed.optional_mono
        | apply mapping_fixed.rclosure_mono | apply mapping_fixed.closure_mono ].

Lemma rtrans {A : Type} (r : rel A 2) x y z : rclosure r x y -> rclosure r y z -> rclosure r x z.
Proof. intros H1 H2. apply (rclosure_trans _ r x z). exists y. split; assumption. Qed.

Section Widen.
Context {A : Type} (j : X.Instance A).
Context (HF : X.compile_src11_ptx_sc_cover_facts j) (HC : X.compile_src11_ptx j).

Let U := X.m_util j.
Let P := X.m_ptx j.
Let S := X.m_src11 j.
Let E := ptx_Event P.
Let Ad := ptx_Address P.
Let Sc := ptx_Scope P.
Let SCev := src11_SCev U S E Ad Sc.
Let i0 := as_orig j.

Lemma HF0 : O.compile_src11_ptx_facts i0.
Proof. exact HF. Qed.

(* W e s: s is the widened scope w(e) of the SC event e. *)
Context (W : A -> A -> Prop)
  (HWex : forall e, SCev e -> exists s, W e s)
  (HWfun : forall e s t, W e s -> W e t -> s = t)
  (HWrange : forall e s, W e s -> src11_CScope S s /\ ~ src11_CThread S s)
  (HWown : forall e s c, SCev e -> W e s -> src11_cscope S e c -> rclosure (src11_csub S) s c)
  (HWcov : forall u v s t, SCev u -> SCev v -> W u s -> src11_cthread S v t -> rclosure (src11_csub S) s t)
  (HWimg : forall e s h z, SCev e -> W e s -> src11_map S e h -> ptx_scope P h z -> src11_smap S s z)
  (HWrmw : forall r x s, src11_crmw S r x -> SCev r -> W r s -> W x s).

Definition cs' : rel A 2 := fun e s => (SCev e /\ W e s) \/ (~ SCev e /\ src11_cscope S e s).
Let S' := with_cscope S cs'.
Let i' := O.mkInstance A U P S'.

Let U' := U.
Let cov := src11_c_covers U S E Ad Sc.
Let cov' := src11_c_covers U S' E Ad Sc.
Let incl0 := src11_incl U S E Ad Sc.
Let incl' := src11_incl U S' E Ad Sc.
Let hb0 := src11_hb U S E Ad Sc.
Let hb' := src11_hb U S' E Ad Sc.

Lemma covers_widen : sub2 cov cov'.
Proof.
  intros x y (t & (w & Hw & Hwt) & Hy).
  destruct (Classical_Prop.classic (SCev x)) as [Hx | Hx].
  - destruct (HWex x Hx) as [s Hs].
    exists t. split; [| exact Hy]. exists s. split; [left; split; [exact Hx | exact Hs] |].
    exact (rtrans _ s w t (HWown x s w Hx Hs Hw) Hwt).
  - exists t. split; [exists w; split; [right; split; assumption | exact Hwt] | exact Hy].
Qed.

Lemma incl_widen : sub2 incl0 incl'.
Proof. intros x y [H1 H2]. split; [exact (covers_widen x y H1) | exact (covers_widen y x H2)]. Qed.

Ltac leaf := first [ exact (fun x y (h : _) => h) | exact (fun x (h : _) => h) ].

Lemma rs_widen : sub2 (src11_rs U S E Ad Sc) (src11_rs U S' E Ad Sc).
Proof. unfold src11_rs. repeat first [ exact incl_widen | mono_step | leaf ]. Qed.

Lemma csw_widen : sub2 (src11_csw U S E Ad Sc) (src11_csw U S' E Ad Sc).
Proof. unfold src11_csw. repeat first [ exact rs_widen | exact incl_widen | mono_step | leaf ]. Qed.

Lemma hb_widen : sub2 hb0 hb'.
Proof. unfold hb0, hb', src11_hb. repeat first [ exact csw_widen | exact incl_widen | mono_step | leaf ]. Qed.


Lemma psc_widen : sub2 (src11_psc U S E Ad Sc) (src11_psc U S' E Ad Sc).
Proof.
  assert (Hscb : sub2 (src11_scb U S E Ad Sc) (src11_scb U S' E Ad Sc)) by (unfold src11_scb; repeat first [ exact hb_widen | mono_step | leaf ]).
  unfold src11_psc, src11_psc_base, src11_psc_f.
  repeat first [ exact Hscb | exact hb_widen | mono_step | leaf ].
Qed.

(* ---------------------------------------------------------------- j' satisfies the facts *)

Ltac spine := match goal with |- _ /\ _ => split; [| spine] | _ => idtac end.
Ltac split_hyp H :=
  repeat match type of H with _ /\ _ => let H' := fresh "Hc" in destruct H as [H' H] end.

Lemma sc_cev : forall e, SCev e -> src11_CEvent S e.
Proof. exact (mapping_sc_fences.sc_cevent i0 HF0). Qed.


Lemma old_cscope_range : forall e s, src11_cscope S e s -> src11_CScope S s.
Proof.
  pose proof HF0 as (_ & Hf & _). unfold O.fields in Hf.
  do 32 (destruct Hf as [_ Hf]). destruct Hf as [H1 [H2 _]].
  exact (field_range _ _ _ _ H1 H2).
Qed.

Lemma old_cscope_dom : forall e s, src11_cscope S e s -> src11_CEvent S e.
Proof.
  pose proof HF0 as (_ & Hf & _). unfold O.fields in Hf.
  do 32 (destruct Hf as [_ Hf]). destruct Hf as [H1 _].
  intros e s H. exact (proj1 (H1 e s H)).
Qed.

Lemma old_cscope_exists : forall e, src11_CEvent S e -> exists s, src11_cscope S e s.
Proof.
  pose proof HF0 as (_ & Hf & _). unfold O.fields in Hf.
  do 32 (destruct Hf as [_ Hf]). destruct Hf as [_ [H2 _]].
  intros e He. destruct (H2 e He) as [_ [[s Hs] _]]. exists s. apply join_single_l in Hs. exact Hs.
Qed.

Lemma old_cscope_fun : forall e s t, src11_cscope S e s -> src11_cscope S e t -> s = t.
Proof. exact (mapping_lowering.cscope_fun i0 HF0). Qed.

Lemma cs'_fun : forall e s t, cs' e s -> cs' e t -> s = t.
Proof.
  intros e s t [[Hs Hws] | [Hn Hs]] [[Ht Hwt] | [Hn' Ht]];
    [exact (HWfun e s t Hws Hwt) | exact (False_ind _ (Hn' Hs)) | exact (False_ind _ (Hn Ht))
    | exact (old_cscope_fun e s t Hs Ht)].
Qed.

Lemma cs'_exists : forall e, src11_CEvent S e -> exists s, cs' e s.
Proof.
  intros e He. destruct (Classical_Prop.classic (SCev e)) as [Hs | Hs].
  - destruct (HWex e Hs) as [s Hws]. exists s. left. split; [exact Hs | exact Hws].
  - destruct (old_cscope_exists e He) as [s Hes]. exists s. right. split; assumption.
Qed.

Lemma cs'_range : forall e s, cs' e s -> src11_CScope S s.
Proof. intros e s [[_ H] | [_ H]]; [exact (proj1 (HWrange e s H)) | exact (old_cscope_range e s H)]. Qed.

Lemma fields' : O.fields i'.
Proof.
  pose proof HF as (_ & Hf & _). unfold X.fields in Hf. unfold O.fields.
  split_hyp Hf. spine.
  all: try assumption.
  - intros e s Hes. split; [| exact I].
    destruct Hes as [[Hsc _] | [_ H]]; [exact (sc_cev e Hsc) | exact (old_cscope_dom e s H)].
  - intros e He. split.
    + intros s Hs. apply join_single_l in Hs. exact (cs'_range e s Hs).
    + destruct (cs'_exists e He) as [s Hs]. split; [exists s; apply join_single_l; exact Hs |].
      split; [| intros; exact I].
      intros a b Ha Hb. apply join_single_l in Ha, Hb. exact (cs'_fun e a b Ha Hb).
Qed.

Ltac disj0 :=
  let Hh := fresh "Hh" in
  pose proof HF0 as [Hh _]; unfold O.hierarchy in Hh;
  repeat match type of Hh with _ /\ _ => let H := fresh "Hd" in destruct Hh as [H Hh] end;
  exfalso;
  match goal with H : no 1 (inter 1 _ _), Ha : _ ?x, Hb : _ ?x |- _ =>
    apply H; exists x; split; [exact Ha | exact Hb] end.

Lemma na_not_sc : forall e, src11_NA U S E Ad Sc e -> ~ SCev e.
Proof.
  intros e (o & Ho & Hna) (o' & Ho' & Hsc).
  rewrite (mapping_images.ord_fun i0 HF0 e o' o Ho' Ho) in Hsc. disj0.
Qed.

(* The converse of mapping_sc_fences.rmw_sc_read: S4 pairs OSC only with OSC. *)
Lemma rmw_sc_write : forall r w, src11_crmw S r w -> SCev r -> SCev w.
Proof.
  intros r w Hrmw (o & Ho & Hsc).
  pose proof (mapping_hb.crmw_cwrite i0 HF0 r w Hrmw) as Hw.
  destruct (mapping_images.ord_exists i0 HF0 w (mapping_images.cwrite_cevent i0 HF0 w Hw)) as [o' Ho'].
  pose proof HF0 as (_ & _ & _ & _ & (_ & _ & _ & (_ & _ & _ & Hpairs) & _)).
  assert (Hdom : join 1 0 (src11_crmw S) (src11_CWrite S) r) by (exists w; split; assumption).
  assert (Hin : product 1 1 (join 0 1 (single r) (src11_ord S))
                  (join 0 1 (join 0 1 (single r) (src11_crmw S)) (src11_ord S)) o o').
  { split; [apply join_single_l; exact Ho |]. exists w. split; [apply join_single_l; exact Hrmw | exact Ho']. }
  pose proof (Hpairs r Hdom o o') as Hpair.
  destruct (Hpair Hin) as [[[[[H1 H2] | [H1 H2]] | [H1 H2]] | [H1 H2]] | [H1 H2]];
    [disj0 | disj0 | disj0 | disj0 | exists o'; split; assumption].
Qed.

Lemma c_scopes' : src11_fact_c_scopes U S' E Ad Sc.
Proof.
  pose proof HF0 as (_ & _ & _ & _ & (_ & _ & (Hs1 & Hs2 & Hs3) & _)).
  split; [| split].
  - intros e He t Ht. apply join_single_l in Ht.
    destruct (Classical_Prop.classic (SCev e)) as [Hsc | Hn].
    + destruct (HWex e Hsc) as [s Hws].
      exists s. split; [apply join_single_l; left; split; [exact Hsc | exact Hws] |].
      exact (HWcov e e s t Hsc Hsc Hws Ht).
    + destruct (Hs1 e He t (proj2 (join_single_l e _ t) Ht)) as (s & Hs & Hst).
      apply join_single_l in Hs. exists s. split; [apply join_single_l; right; split; assumption | exact Hst].
  - intros e Hna. pose proof (na_not_sc e Hna) as Hn. destruct (Hs2 e Hna) as [H1 H2].
    split.
    + intros s Hs. apply join_single_l in Hs. destruct Hs as [[Hsc _] | [_ Hs]]; [contradiction |].
      apply H1. apply join_single_l. exact Hs.
    + intros t Ht. pose proof (H2 t Ht) as H. apply join_single_l in H.
      apply join_single_l. right. split; assumption.
  - intros e Hat Hinc. destruct (Classical_Prop.classic (SCev e)) as [Hsc | Hn].
    + destruct (HWex e Hsc) as [s Hws]. apply (proj2 (HWrange e s Hws)).
      apply Hinc. apply join_single_l. left. split; [exact Hsc | exact Hws].
    + apply (Hs3 e Hat). intros s Hs. apply join_single_l in Hs. apply Hinc. apply join_single_l.
      right. split; assumption.
Qed.

Lemma c_atomics' : src11_fact_c_atomics U S' E Ad Sc.
Proof.
  pose proof HF0 as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & _ & (Ha1 & Ha2))).
  split; [exact Ha1 |].
  intros r Hr. destruct (Ha2 r Hr) as [H1 H2].
  assert (Hiff : forall w, src11_crmw S r w -> (SCev r <-> SCev w))
    by (intros w Hrw; split; [exact (rmw_sc_write r w Hrw) | exact (mapping_sc_fences.rmw_sc_read i0 HF0 r w Hrw)]).
  split.
  - intros s Hs. apply join_single_l in Hs.
    destruct Hs as [[Hsc Hws] | [Hn Hs]].
    + destruct Hr as (w & Hrw & _). exists w. split; [apply join_single_l; exact Hrw |].
      left. split; [exact (proj1 (Hiff w Hrw) Hsc) | exact (HWrmw r w s Hrw Hsc Hws)].
    + destruct (H1 s (proj2 (join_single_l r _ s) Hs)) as (w & Hw & Hs').
      apply join_single_l in Hw. exists w. split; [apply join_single_l; exact Hw |].
      right. split; [intro Hw'; exact (Hn (proj2 (Hiff w Hw) Hw')) | exact Hs'].
  - intros s (w & Hw & Hs). apply join_single_l in Hw. apply join_single_l.
    destruct Hs as [[Hsc Hws] | [Hn Hs]].
    + pose proof (proj2 (Hiff w Hw) Hsc) as Hr'. destruct (HWex r Hr') as [s' Hs'].
      rewrite (HWfun w s s' Hws (HWrmw r w s' Hw Hr' Hs')).
      left. split; [exact Hr' | exact Hs'].
    + right. split; [intro Hr'; exact (Hn (proj1 (Hiff w Hw) Hr')) |].
      assert (Hj : join 0 1 (join 0 1 (single r) (src11_crmw S)) (src11_cscope S) s)
        by (exists w; split; [apply join_single_l; exact Hw | exact Hs]).
      apply join_single_l. exact (H2 s Hj).
Qed.

Lemma facts' : O.compile_src11_ptx_facts i'.
Proof.
  pose proof HF0 as (Hh & _ & Hu & Hp & Hs).
  split; [exact Hh |]. split; [exact fields' |]. split; [exact Hu |]. split; [exact Hp |].
  destruct Hs as (H1 & H2 & _ & H4 & H5 & H6 & _).
  split; [exact H1 |]. split; [exact H2 |]. split; [exact c_scopes' |].
  split; [exact H4 |]. split; [exact H5 |]. split; [exact H6 | exact c_atomics'].
Qed.

(* ---------------------------------------------------------------- j' is compiled by Fig. 11 *)

(* Every SC event has an image (Fig. 11 rows). *)
Lemma sc_image : forall e, SCev e -> exists h, src11_map S e h.
Proof.
  intros e Hsc.
  pose proof HC as [[_ [_ [[Hrd [Hwr [Hfe _]]] _]]] Hrsw].
  destruct Hrd as (_ & _ & _ & Hscr). destruct Hwr as (_ & _ & _ & Hscw). destruct Hfe as (_ & _ & _ & Hscf).
  destruct (mapping_sc_edges.cevent_cases i0 HF0 e (sc_cev e Hsc)) as [Hf | [Hr | Hw]].
  - destruct (mapping_images.lone_op_elim i0 e _ (Hscf e (conj Hf Hsc))) as (h & Hh & _). exists h. exact Hh.
  - destruct (mapping_images.fenced_op_elim i0 e _ (Hscr e (conj Hr Hsc))) as (F & _ & _ & _ & HmF & _).
    exists F. exact HmF.
  - destruct (Classical_Prop.classic (join 0 1 (src11_CRead S) (src11_crmw S) e)) as [Hrm | Hnrm].
    + destruct (mapping_images.lone_op_elim i0 e _ (Hrsw e (conj Hrm Hsc))) as (h & Hh & _). exists h. exact Hh.
    + destruct (mapping_images.fenced_op_elim i0 e _ (Hscw e (conj (conj Hw Hnrm) Hsc))) as (F & _ & _ & _ & HmF & _).
      exists F. exact HmF.
Qed.

Lemma not_racy' : ~ src11_racy U S' E Ad Sc.
Proof.
  pose proof HC as [[Hnr _] _]. intros (x & y & ((Hc & Hnh) & Hnh') & Hni).
  apply Hnr. exists x, y. split; [split; [split |] |]; [exact Hc | | |].
  - intro H. exact (Hnh (hb_widen x y H)).
  - intro H. exact (Hnh' (hb_widen y x H)).
  - intro H. exact (Hni (incl_widen x y H)).
Qed.

Lemma scope_row' : same 2 (join 1 1 (src11_map S) (ptx_scope P)) (join 1 1 cs' (src11_smap S)).
Proof.
  pose proof HC as [[_ [[_ (_ & _ & [Hr1 Hr2] & _)] _]] _].
  split.
  - intros e z (h & Hm & Hz). destruct (Classical_Prop.classic (SCev e)) as [Hsc | Hn].
    + destruct (HWex e Hsc) as [s Hws].
      exists s. split; [left; split; [exact Hsc | exact Hws] | exact (HWimg e s h z Hsc Hws Hm Hz)].
    + assert (Hd : join 1 1 (domr 1 (diff 1 (src11_CEvent S) SCev) (src11_map S)) (ptx_scope P) e z)
        by (exists h; split; [split; [split; [exact (mapping_lowering.map_cevent i0 HF0 e h Hm) | exact Hn] | exact Hm] | exact Hz]).
      destruct (Hr1 e z Hd) as (w & [_ Hw] & Hwz). exists w. split; [right; split; [exact Hn | exact Hw] | exact Hwz].
  - intros e z (w & Hw & Hwz). destruct Hw as [[Hsc Hws] | [Hn Hw]].
    + destruct (sc_image e Hsc) as [h Hh].
      destruct (mapping_lowering.event_scope i0 HF0 h (mapping_lowering.map_event i0 HF0 e h Hh)) as [z' Hz'].
      rewrite (mapping_lowering.smap_fun i0 HF0 w z z' Hwz (HWimg e w h z' Hsc Hws Hh Hz')).
      exists h. split; [exact Hh | exact Hz'].
    + assert (Hd : join 1 1 (domr 1 (diff 1 (src11_CEvent S) SCev) (src11_cscope S)) (src11_smap S) e z)
        by (exists w; split; [split; [split; [exact (old_cscope_dom e w Hw) | exact Hn] | exact Hw] | exact Hwz]).
      destruct (Hr2 e z Hd) as (h & [_ Hh] & Hhz). exists h. split; [exact Hh | exact Hhz].
Qed.

Lemma compiles' : O.compile_src11_ptx_1 i'.
Proof.
  pose proof HC as [[_ [[Hsc (He1 & He2 & _ & _ & He5 & He6 & He7 & He8)] (Hins & Hcons & Hrev)]] Hrsw].
  split; [| exact Hrsw].
  split; [exact not_racy' |].
  split; [split; [exact Hsc |] |].
  - split; [exact He1 |]. split; [exact He2 |]. split; [exact scope_row' |].
    split; [exact He5 |]. split; [exact He6 |]. split; [exact He7 | exact He8].
  - split; [exact Hins |]. split; [exact Hcons | exact Hrev].
Qed.

(* ---------------------------------------------------------------- the three axioms, back on j *)

Lemma old_cthread_exists : forall e, src11_CEvent S e -> exists t, src11_cthread S e t.
Proof.
  pose proof HF0 as (_ & Hf & _). unfold O.fields in Hf.
  do 28 (destruct Hf as [_ Hf]). destruct Hf as [_ [H2 _]].
  intros e He. destruct (H2 e He) as [_ [[t Ht] _]]. exists t. apply join_single_l in Ht. exact Ht.
Qed.

(* In j' the SC events are pairwise scope-inclusive: w(u) contains s0,
   which contains the thread of v. *)
Lemma pairwise' : forall u v, src11_SCev U S' E Ad Sc u -> src11_SCev U S' E Ad Sc v -> u <> v ->
  src11_incl U S' E Ad Sc u v.
Proof.
  assert (Hc : forall u v, SCev u -> SCev v -> src11_c_covers U S' E Ad Sc u v).
  { intros u v Hu Hv. destruct (old_cthread_exists v (sc_cev v Hv)) as [t Ht].
    destruct (HWex u Hu) as [s Hws].
    exists t. split; [| exact Ht]. exists s. split; [left; split; [exact Hu | exact Hws] |].
    exact (HWcov u v s t Hu Hv Hws Ht). }
  intros u v Hu Hv _. split; [exact (Hc u v Hu Hv) | exact (Hc v u Hv Hu)].
Qed.

Lemma coherence_j : src11_rc11_coherence U S E Ad Sc.
Proof.
  pose proof (mapping_coherence.src11_ptx_coherence_holds A i' facts' compiles') as H.
  intros (x & y & Heq & (z & Hh & He)). apply H. exists x, y. split; [exact Heq |].
  exists z. split; [exact (hb_widen x z Hh) | exact He].
Qed.

Lemma atomicity_j : src11_rc11_atomicity U S E Ad Sc.
Proof. exact (mapping_atomicity.src11_ptx_atomicity_holds A i' facts' compiles'). Qed.

Lemma sc_j : src11_rc11_sc U S E Ad Sc.
Proof.
  pose proof (mapping_sc_edges.sc_holds_when_sc_events_pairwise_incl i' facts' compiles' pairwise') as H.
  intros (x & y & Heq & Hc). apply H. exists x, y. split; [exact Heq |].
  revert Hc. apply mapping_fixed.closure_mono. apply mapping_fixed.inter2_mono; [exact incl_widen | exact psc_widen].
Qed.

End Widen.
(* ---------------------------------------------------------------- the two cases of the scope row *)

Section Cases.
Context {A : Type} (j : X.Instance A).
Context (HF : X.compile_src11_ptx_sc_cover_facts j) (HC : X.compile_src11_ptx j).

Let U := X.m_util j.
Let P := X.m_ptx j.
Let S := X.m_src11 j.
Let SCev := src11_SCev U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let i0 := as_orig j.
Let HF0 := HF0 j HF.

Lemma smap_inj_j : forall s t z, src11_smap S s z -> src11_smap S t z -> s = t.
Proof.
  pose proof HC as [[_ [[Hmsc _] _]] _]. destruct Hmsc as (Hinj & _).
  intros s t z Hs Ht. apply Hinj. cbn. exists z; split; assumption.
Qed.

(* Fence-only programs: the scope row is Fig. 11's, so j is an instance of
   the original mapping. *)
Lemma compiles0 :
  same 2 (join 1 1 (domr 1 SCev (src11_map S)) (ptx_scope P))
    (join 1 1 (domr 1 SCev (src11_cscope S)) (src11_smap S)) ->
  O.compile_src11_ptx_1 i0.
Proof.
  intros Hrow.
  pose proof HC as [[Hnr [[Hsc (He1 & He2 & Hnon & _ & He5 & He6 & He7 & He8)] (Hins & Hcons & Hrev)]] Hrsw].
  assert (Hfull : same 2 (join 1 1 (src11_map S) (ptx_scope P)) (join 1 1 (src11_cscope S) (src11_smap S))).
  { split.
    - intros e z (h & Hm & Hz). destruct (Classical_Prop.classic (SCev e)) as [Hs | Hn].
      + destruct (proj1 Hrow e z (ex_intro _ h (conj (conj Hs Hm) Hz))) as (s & [_ Hes] & Hsz).
        exists s. split; assumption.
      + pose proof (mapping_lowering.map_cevent i0 HF0 e h Hm) as Hce.
        destruct (proj1 Hnon e z (ex_intro _ h (conj (conj (conj Hce Hn) Hm) Hz))) as (s & [_ Hes] & Hsz).
        exists s. split; assumption.
    - intros e z (s & Hes & Hsz). destruct (Classical_Prop.classic (SCev e)) as [Hs | Hn].
      + destruct (proj2 Hrow e z (ex_intro _ s (conj (conj Hs Hes) Hsz))) as (h & [_ Hm] & Hz).
        exists h. split; assumption.
      + pose proof (old_cscope_dom j HF e s Hes) as Hce.
        destruct (proj2 Hnon e z (ex_intro _ s (conj (conj (conj Hce Hn) Hes) Hsz))) as (h & [_ Hm] & Hz).
        exists h. split; assumption. }
  split; [| exact Hrsw].
  split; [exact Hnr |].
  split; [split; [exact Hsc |] |].
  - split; [exact He1 |]. split; [exact He2 |]. split; [exact Hfull |].
    split; [exact He5 |]. split; [exact He6 |]. split; [exact He7 | exact He8].
  - split; [exact Hins |]. split; [exact Hcons | exact Hrev].
Qed.

(* Otherwise: the widened scope of e is any w of the scope row. *)
Section Widened.
Context (s0 : A)
  (Hcov0 : incl 1 (join 0 1 SCev (src11_cthread S)) (join 0 1 (single s0) (rclosure (src11_csub S))))
  (Hrule : forall e, SCev e -> exists w,
      diff 1 (src11_CScope S) (src11_CThread S) w
      /\ incl 1 (join 0 1 (join 0 1 (single e) (src11_map S)) (ptx_scope P)) (join 0 1 (single w) (src11_smap S))
      /\ incl 1 (union 1 (join 0 1 (single e) (src11_cscope S)) (single s0))
           (join 0 1 (single w) (rclosure (src11_csub S)))).

Definition Wd (e w : A) : Prop :=
  SCev e
  /\ diff 1 (src11_CScope S) (src11_CThread S) w
  /\ incl 1 (join 0 1 (join 0 1 (single e) (src11_map S)) (ptx_scope P)) (join 0 1 (single w) (src11_smap S))
  /\ incl 1 (union 1 (join 0 1 (single e) (src11_cscope S)) (single s0))
       (join 0 1 (single w) (rclosure (src11_csub S))).

Lemma Wd_img : forall e s h z, Wd e s -> src11_map S e h -> ptx_scope P h z -> src11_smap S s z.
Proof.
  intros e s h z (_ & _ & Hi & _) Hh Hz. apply join_single_l. apply Hi.
  exists h. split; [apply join_single_l; exact Hh | exact Hz].
Qed.

Lemma Wd_below : forall e s c, Wd e s -> (src11_cscope S e c \/ c = s0) -> rclosure (src11_csub S) s c.
Proof.
  intros e s c (_ & _ & _ & Hb) Hc. apply join_single_l. apply Hb.
  destruct Hc as [Hc | ->]; [left; apply join_single_l; exact Hc | right; reflexivity].
Qed.

Lemma HWex' : forall e, SCev e -> exists s, Wd e s.
Proof.
  intros e Hsc. destruct (Hrule e Hsc) as (w & H1 & H2 & H3). exists w. split; [exact Hsc |]. auto.
Qed.

Lemma HWfun' : forall e s t, Wd e s -> Wd e t -> s = t.
Proof.
  intros e s t Hs Ht. destruct (sc_image j HF HC e (proj1 Hs)) as [h Hh].
  destruct (mapping_lowering.event_scope i0 HF0 h (mapping_lowering.map_event i0 HF0 e h Hh)) as [z Hz].
  exact (smap_inj_j s t z (Wd_img e s h z Hs Hh Hz) (Wd_img e t h z Ht Hh Hz)).
Qed.

Lemma HWrange' : forall e s, Wd e s -> src11_CScope S s /\ ~ src11_CThread S s.
Proof. intros e s (_ & H & _). exact H. Qed.

Lemma HWown' : forall e s c, SCev e -> Wd e s -> src11_cscope S e c -> rclosure (src11_csub S) s c.
Proof. intros e s c _ Hs Hc. exact (Wd_below e s c Hs (or_introl Hc)). Qed.

Lemma HWcov' : forall u v s t, SCev u -> SCev v -> Wd u s -> src11_cthread S v t ->
  rclosure (src11_csub S) s t.
Proof.
  intros u v s t _ Hv Hs Ht. apply (rtrans _ s s0 t (Wd_below u s s0 Hs (or_intror eq_refl))).
  apply (proj1 (join_single_l s0 _ t)). apply Hcov0. exists v. split; assumption.
Qed.

Lemma HWimg' : forall e s h z, SCev e -> Wd e s -> src11_map S e h -> ptx_scope P h z -> src11_smap S s z.
Proof. intros e s h z _ Hs. exact (Wd_img e s h z Hs). Qed.

(* The two parts of an SC RMW get the same widened scope: their images are
   the two parts of one atom, which PTX puts at one scope. *)
Lemma HWrmw' : forall r x s, src11_crmw S r x -> SCev r -> Wd r s -> Wd x s.
Proof.
  intros r x s Hrmw Hsc Hs.
  pose proof (rmw_sc_write j HF r x Hrmw Hsc) as Hx.
  pose proof HC as [[_ [_ [[_ [_ [_ [Hl _]]]] _]]] Hrsw].
  destruct (Hl r x Hrmw) as (Wt & (R & HR & HRW) & HW).
  assert (Hxr : join 0 1 (src11_CRead S) (src11_crmw S) x)
    by (exists r; split; [exact (mapping_hb.crmw_cread i0 HF0 r x Hrmw) | exact Hrmw]).
  destruct (mapping_images.lone_op_elim i0 x _ (Hrsw x (conj Hxr Hx))) as (Xh & _ & _ & Huniq).
  split; [exact Hx |]. split; [exact (proj1 (proj2 Hs)) |]. split.
  - intros z (h & Hh & Hz). apply join_single_l in Hh.
    assert (Hh' : h = Wt) by (rewrite (Huniq h Hh); symmetry; exact (Huniq Wt HW)).
    subst h.
    pose proof HF0 as (_ & _ & _ & Hp & _). destruct Hp as (_ & _ & _ & _ & _ & _ & (_ & Hps & _) & _).
    assert (HRw : join 1 0 (ptx_rmw P) (ptx_Write P) R)
      by (exists Wt; split; [exact HRW | exact (mapping_hb.rmw_write i0 HF0 R Wt HRW)]).
    assert (HzR : join 0 1 (single R) (ptx_scope P) z).
    { apply (proj2 (Hps R HRw)). exists Wt. split; [apply join_single_l; exact HRW | exact Hz]. }
    apply join_single_l in HzR. apply join_single_l. exact (Wd_img r s R z Hs HR HzR).
  - intros c [Hc | Hc].
    + apply join_single_l in Hc. apply join_single_l. apply (Wd_below r s c Hs). left.
      pose proof HF0 as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & _ & (_ & Ha2))).
      assert (Hr : join 1 0 (src11_crmw S) (src11_CWrite S) r)
        by (exists x; split; [exact Hrmw | exact (mapping_hb.crmw_cwrite i0 HF0 r x Hrmw)]).
      destruct (Ha2 r Hr) as [_ H2]. apply (proj1 (join_single_l r _ c)). apply H2.
      exists x. split; [apply join_single_l; exact Hrmw | exact Hc].
    + apply join_single_l. apply (Wd_below r s c Hs). right. exact Hc.
Qed.

End Widened.
End Cases.

(* Solve the hypotheses of section Widen for the widening Wd of a rule. *)
Ltac widened j HF HC s0 Hcov0 Hrule :=
  first [ exact HF | exact HC
        | eapply HWex'; exact Hrule | eapply HWfun'; [exact HF | exact HC]
        | eapply HWrange' | eapply HWown' | eapply HWcov'; exact Hcov0
        | eapply HWimg' | eapply HWrmw'; [exact HF | exact HC] ].

(* Theorems 1-3 and their conjunction for this mapping, every size. *)
Theorem cover_coherence_holds : X.src11_ptx_coherence_statement.
Proof.
  intros A j HF HC. pose proof HC as [[_ [[_ (_ & _ & _ & Hrow & _)] _]] _].
  destruct Hrow as [[_ Hrow] | (s0 & _ & Hcov0 & Hrule)].
  - exact (mapping_coherence.src11_ptx_coherence_holds A (as_orig j) HF (compiles0 j HF HC Hrow)).
  - eapply (coherence_j j) with (W := Wd j s0); widened j HF HC s0 Hcov0 Hrule.
Qed.

Theorem cover_atomicity_holds : X.src11_ptx_atomicity_statement.
Proof.
  intros A j HF HC. pose proof HC as [[_ [[_ (_ & _ & _ & Hrow & _)] _]] _].
  destruct Hrow as [[_ Hrow] | (s0 & _ & Hcov0 & Hrule)].
  - exact (mapping_atomicity.src11_ptx_atomicity_holds A (as_orig j) HF (compiles0 j HF HC Hrow)).
  - eapply (atomicity_j j) with (W := Wd j s0); widened j HF HC s0 Hcov0 Hrule.
Qed.

Theorem cover_sc_holds : X.src11_ptx_sc_statement.
Proof.
  intros A j HF HC. pose proof HC as [[_ [[_ (_ & _ & _ & Hrow & _)] _]] _].
  destruct Hrow as [[Hfo Hrow] | (s0 & _ & Hcov0 & Hrule)].
  - exact (mapping_sc_order.sc_holds_without_sc_accesses (as_orig j) HF (compiles0 j HF HC Hrow) Hfo).
  - eapply (sc_j j) with (W := Wd j s0); widened j HF HC s0 Hcov0 Hrule.
Qed.

Theorem cover_nonta_legal_holds : X.compile_src11_ptx_nonta_legal_statement.
Proof.
  intros A j HF HC. split; [exact (cover_coherence_holds A j HF HC) |].
  split; [exact (cover_atomicity_holds A j HF HC) | exact (cover_sc_holds A j HF HC)].
Qed.
