(* Theorems 1-3 of seed 000 §6.2 for the corrected mapping
   (models/compile_src11_ptx_fixed.als, exported to compile_src11_ptx_fixed.v):
   Fig. 11 with every SC event lowered at one scope s0 that contains every
   thread, whatever its C++ scope; every other event as in Fig. 11.

   The proof reuses the Fig. 11 development (mapping_*.v) unchanged, by a
   change of scopes on the C++ side. Given a fixed-mapping instance j, let
   j' be j with the C++ scope of every SC event replaced by s0. Then

   - j' satisfies the facts of compile_src11_ptx.als, and Fig. 11 with its
     own scope row (the images of an SC event are at s0's image), so it is
     an instance of the original mapping predicate (`widened_compiles`);
     j' is race free because j is: widening scopes only adds [incl] and hb
     edges (`covers_widen`, `hb_widen`), so removes races;
   - in j' all SC events are pairwise scope-inclusive (s0 covers every
     thread), so Theorem 3 holds for j'
     (mapping_sc_edges.sc_holds_when_sc_events_pairwise_incl), and so do
     Theorems 1 and 2 (mapping_coherence, mapping_atomicity);
   - each RC11 axiom transfers back from j' to j: the axioms mention the
     scopes only through [incl] and hb, positively in psc and in
     hb; eco?, and [incl] ∩ psc of j is included in that of j'
     (`psc_widen`); atomicity does not mention scopes at all.

   So the fix is exactly what the proof of mapping_sc_edges needs: the
   leading fences of any two SC events are morally strong. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module.
Require compile_src11_ptx compile_src11_ptx_fixed.
Require mapping_lowering mapping_images mapping_hb mapping_sc_fences mapping_coherence mapping_atomicity
  mapping_sc_edges.

Module O := compile_src11_ptx.
Module X := compile_src11_ptx_fixed.

(* The same C++ execution with another scope field. *)
Definition with_cscope {A : Type} (S : src11_Inst A) (c : rel A 2) : src11_Inst A := {|
  src11_CScope := src11_CScope S; src11_csub := src11_csub S; src11_smap := src11_smap S;
  src11_CThread := src11_CThread S; src11_CAddress := src11_CAddress S; src11_amap := src11_amap S;
  src11_Order := src11_Order S; src11_ONA := src11_ONA S; src11_ORLX := src11_ORLX S;
  src11_OACQ := src11_OACQ S; src11_OREL := src11_OREL S; src11_OACQREL := src11_OACQREL S;
  src11_OSC := src11_OSC S; src11_CEvent := src11_CEvent S; src11_cthread := src11_cthread S;
  src11_sb := src11_sb S; src11_cscope := c; src11_ord := src11_ord S; src11_map := src11_map S;
  src11_CMemEvent := src11_CMemEvent S; src11_caddr := src11_caddr S; src11_CRead := src11_CRead S;
  src11_crmw := src11_crmw S; src11_CWrite := src11_CWrite S; src11_crf := src11_crf S;
  src11_cmo := src11_cmo S; src11_CFence := src11_CFence S |}.

(* A fixed-mapping instance read as an instance of the original model. *)
Definition as_orig {A : Type} (j : X.Instance A) : O.Instance A :=
  O.mkInstance A (X.m_util j) (X.m_ptx j) (X.m_src11 j).


(* Monotonicity of the relational operators, for the change of scopes. *)
Definition sub2 {A : Type} (r s : rel A 2) : Prop := forall x y, r x y -> s x y.
Definition sub1 {A : Type} (r s : rel A 1) : Prop := forall x, r x -> s x.

Lemma closure_mono {A : Type} (r s : rel A 2) : sub2 r s -> sub2 (closure r) (closure s).
Proof.
  intros H x y Hc. induction Hc as [x y Hr | x y z Hr _ IH];
    [exact (closure_step (H x y Hr)) | exact (closure_cons (H x y Hr) IH)].
Qed.

Lemma rclosure_mono {A : Type} (r s : rel A 2) : sub2 r s -> sub2 (rclosure r) (rclosure s).
Proof. intros H x y [Hc | Hc]; [left; exact (closure_mono r s H x y Hc) | right; exact Hc]. Qed.

Lemma join11_mono {A : Type} (r r' s s' : rel A 2) : sub2 r r' -> sub2 s s' ->
  sub2 (join 1 1 r s) (join 1 1 r' s').
Proof. intros H1 H2 x y (z & Ha & Hb). exists z. split; [exact (H1 _ _ Ha) | exact (H2 _ _ Hb)]. Qed.

Lemma union2_mono {A : Type} (r r' s s' : rel A 2) : sub2 r r' -> sub2 s s' ->
  sub2 (union 2 r s) (union 2 r' s').
Proof. intros H1 H2 x y [H | H]; [left; exact (H1 _ _ H) | right; exact (H2 _ _ H)]. Qed.

Lemma inter2_mono {A : Type} (r r' s s' : rel A 2) : sub2 r r' -> sub2 s s' ->
  sub2 (inter 2 r s) (inter 2 r' s').
Proof. intros H1 H2 x y [Ha Hb]. split; [exact (H1 _ _ Ha) | exact (H2 _ _ Hb)]. Qed.

Lemma domr1_mono {A : Type} (d d' : rel A 1) (r r' : rel A 2) : sub1 d d' -> sub2 r r' ->
  sub2 (domr 1 d r) (domr 1 d' r').
Proof. intros H1 H2 x y [Ha Hb]. split; [exact (H1 _ Ha) | exact (H2 _ _ Hb)]. Qed.

Lemma ranr1_mono {A : Type} (d d' : rel A 1) (r r' : rel A 2) : sub1 d d' -> sub2 r r' ->
  sub2 (ranr 1 r d) (ranr 1 r' d').
Proof. intros H1 H2 x y [Ha Hb]. split; [exact (H2 _ _ Ha) | exact (H1 _ Hb)]. Qed.

Lemma optional_mono {A : Type} (u : util_Inst A) (r s : rel A 2) : sub2 r s ->
  sub2 (util_optional u r) (util_optional u s).
Proof. intros H x y [Hc | Hc]; [left; exact Hc | right; exact (H _ _ Hc)]. Qed.

Ltac mono_step :=
  first [ apply join11_mono | apply union2_mono | apply inter2_mono | apply domr1_mono
        | apply ranr1_mono | apply optional_mono | apply rclosure_mono | apply closure_mono ].

Section Widen.
Context {A : Type} (j : X.Instance A).
Context (HF : X.compile_src11_ptx_fixed_facts j) (HC : X.compile_src11_ptx j).

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

(* s0: the scope of the fix *)
Context (s0 : A) (Hs0 : src11_CScope S s0) (Hs0t : ~ src11_CThread S s0)
  (Hcov : forall t, src11_CThread S t -> rclosure (src11_csub S) s0 t)
  (Himg : forall e h z, SCev e -> src11_map S e h -> ptx_scope P h z -> src11_smap S s0 z).

Definition cs' : rel A 2 := fun e s => (SCev e /\ s = s0) \/ (~ SCev e /\ src11_cscope S e s).
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
  - exists t. split; [| exact Hy]. exists s0. split; [left; split; [exact Hx | reflexivity] |].
    apply Hcov. exact (mapping_lowering.cthread_range i0 HF0 y t Hy).
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

Lemma cs'_dec : forall e s, cs' e s -> (SCev e /\ s = s0) \/ (~ SCev e /\ src11_cscope S e s).
Proof. intros e s H. exact H. Qed.

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
  intros e s t [[Hs ->] | [Hn Hs]] [[Ht ->] | [Hn' Ht]];
    [reflexivity | exact (False_ind _ (Hn' Hs)) | exact (False_ind _ (Hn Ht)) | exact (old_cscope_fun e s t Hs Ht)].
Qed.

Lemma cs'_exists : forall e, src11_CEvent S e -> exists s, cs' e s.
Proof.
  intros e He. destruct (Classical_Prop.classic (SCev e)) as [Hs | Hs].
  - exists s0. left. split; [exact Hs | reflexivity].
  - destruct (old_cscope_exists e He) as [s Hes]. exists s. right. split; assumption.
Qed.

Lemma cs'_range : forall e s, cs' e s -> src11_CScope S s.
Proof. intros e s [[_ ->] | [_ H]]; [exact Hs0 | exact (old_cscope_range e s H)]. Qed.

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
    + exists s0. split; [apply join_single_l; left; split; [exact Hsc | reflexivity] |].
      apply Hcov. exact (mapping_lowering.cthread_range i0 HF0 e t Ht).
    + destruct (Hs1 e He t (proj2 (join_single_l e _ t) Ht)) as (s & Hs & Hst).
      apply join_single_l in Hs. exists s. split; [apply join_single_l; right; split; assumption | exact Hst].
  - intros e Hna. pose proof (na_not_sc e Hna) as Hn. destruct (Hs2 e Hna) as [H1 H2].
    split.
    + intros s Hs. apply join_single_l in Hs. destruct Hs as [[Hsc _] | [_ Hs]]; [contradiction |].
      apply H1. apply join_single_l. exact Hs.
    + intros t Ht. pose proof (H2 t Ht) as H. apply join_single_l in H.
      apply join_single_l. right. split; assumption.
  - intros e Hat Hinc. destruct (Classical_Prop.classic (SCev e)) as [Hsc | Hn].
    + apply Hs0t. apply Hinc. apply join_single_l. left. split; [exact Hsc | reflexivity].
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
    destruct Hs as [[Hsc ->] | [Hn Hs]].
    + destruct Hr as (w & Hrw & _). exists w. split; [apply join_single_l; exact Hrw |].
      left. split; [exact (proj1 (Hiff w Hrw) Hsc) | reflexivity].
    + destruct (H1 s (proj2 (join_single_l r _ s) Hs)) as (w & Hw & Hs').
      apply join_single_l in Hw. exists w. split; [apply join_single_l; exact Hw |].
      right. split; [intro Hw'; exact (Hn (proj2 (Hiff w Hw) Hw')) | exact Hs'].
  - intros s (w & Hw & Hs). apply join_single_l in Hw. apply join_single_l.
    destruct Hs as [[Hsc ->] | [Hn Hs]].
    + left. split; [exact (proj2 (Hiff w Hw) Hsc) | reflexivity].
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
    + exists s0. split; [left; split; [exact Hsc | reflexivity] | exact (Himg e h z Hsc Hm Hz)].
    + assert (Hd : join 1 1 (domr 1 (diff 1 (src11_CEvent S) SCev) (src11_map S)) (ptx_scope P) e z)
        by (exists h; split; [split; [split; [exact (mapping_lowering.map_cevent i0 HF0 e h Hm) | exact Hn] | exact Hm] | exact Hz]).
      destruct (Hr1 e z Hd) as (w & [_ Hw] & Hwz). exists w. split; [right; split; [exact Hn | exact Hw] | exact Hwz].
  - intros e z (w & Hw & Hwz). destruct Hw as [[Hsc ->] | [Hn Hw]].
    + destruct (sc_image e Hsc) as [h Hh].
      destruct (mapping_lowering.event_scope i0 HF0 h (mapping_lowering.map_event i0 HF0 e h Hh)) as [z' Hz'].
      rewrite (mapping_lowering.smap_fun i0 HF0 s0 z z' Hwz (Himg e h z' Hsc Hh Hz')).
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

(* In j' the SC events are pairwise scope-inclusive: all are at s0. *)
Lemma pairwise' : forall u v, src11_SCev U S' E Ad Sc u -> src11_SCev U S' E Ad Sc v -> u <> v ->
  src11_incl U S' E Ad Sc u v.
Proof.
  assert (Hc : forall u v, SCev u -> SCev v -> src11_c_covers U S' E Ad Sc u v).
  { intros u v Hu Hv. destruct (old_cthread_exists v (sc_cev v Hv)) as [t Ht].
    exists t. split; [| exact Ht]. exists s0. split; [left; split; [exact Hu | reflexivity] |].
    apply Hcov. exact (mapping_lowering.cthread_range i0 HF0 v t Ht). }
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
  revert Hc. apply closure_mono. apply inter2_mono; [exact incl_widen | exact psc_widen].
Qed.

End Widen.

(* The scope row of the fix, as the hypotheses of section Widen. *)
Lemma fixed_scope : forall A (j : X.Instance A), X.compile_src11_ptx j ->
  exists s0, src11_CScope (X.m_src11 j) s0 /\ ~ src11_CThread (X.m_src11 j) s0 /\
    (forall t, src11_CThread (X.m_src11 j) t -> rclosure (src11_csub (X.m_src11 j)) s0 t) /\
    (forall e h z, src11_SCev (X.m_util j) (X.m_src11 j) (ptx_Event (X.m_ptx j)) (ptx_Address (X.m_ptx j))
                     (ptx_Scope (X.m_ptx j)) e ->
       src11_map (X.m_src11 j) e h -> ptx_scope (X.m_ptx j) h z -> src11_smap (X.m_src11 j) s0 z).
Proof.
  intros A j HC.
  pose proof HC as [[_ [[_ (_ & _ & _ & Hex & _)] _]] _].
  destruct Hex as (s0 & [Hs0 Hs0t] & Hcov & Himg).
  exists s0. split; [exact Hs0 |]. split; [exact Hs0t |]. split.
  - intros t Ht. pose proof (Hcov t Ht) as H. apply join_single_l in H. exact H.
  - intros e h z He Hh Hz.
    assert (Hj : join 0 1 (join 0 1 (src11_SCev (X.m_util j) (X.m_src11 j) (ptx_Event (X.m_ptx j))
                   (ptx_Address (X.m_ptx j)) (ptx_Scope (X.m_ptx j))) (src11_map (X.m_src11 j)))
                   (ptx_scope (X.m_ptx j)) z)
      by (exists h; split; [exists e; split; assumption | exact Hz]).
    pose proof (Himg z Hj) as H. apply join_single_l in H. exact H.
Qed.

(* Theorems 1-3 and their conjunction for the corrected mapping, every size. *)
Theorem fixed_coherence_holds : X.src11_ptx_coherence_statement.
Proof.
  intros A j HF HC. destruct (fixed_scope A j HC) as (s0 & H1 & H2 & H3 & H4).
  exact (coherence_j j HF HC s0 H1 H2 H3 H4).
Qed.

Theorem fixed_atomicity_holds : X.src11_ptx_atomicity_statement.
Proof.
  intros A j HF HC. destruct (fixed_scope A j HC) as (s0 & H1 & H2 & H3 & H4).
  exact (atomicity_j j HF HC s0 H1 H2 H3 H4).
Qed.

Theorem fixed_sc_holds : X.src11_ptx_sc_statement.
Proof.
  intros A j HF HC. destruct (fixed_scope A j HC) as (s0 & H1 & H2 & H3 & H4).
  exact (sc_j j HF HC s0 H1 H2 H3 H4).
Qed.

Theorem fixed_nonta_legal_holds : X.compile_src11_ptx_nonta_legal_statement.
Proof.
  intros A j HF HC. split; [exact (fixed_coherence_holds A j HF HC) |].
  split; [exact (fixed_atomicity_holds A j HF HC) | exact (fixed_sc_holds A j HF HC)].
Qed.
