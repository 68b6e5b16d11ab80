(* The images of C++ events under the mapping of Fig. 11: every C++ memory
   event has one main image (a PTX memory event of its kind, possibly after a
   leading fence.sc), every C++ fence one fence of its strength. *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require Import mapping_lowering.

Section Images.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let map := src11_map S.

Tactic Notation "hier" int(n) ident(H) :=
  let Hf := fresh "Hh" in
  pose proof HF as [Hf _]; unfold hierarchy in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H Hf]; clear Hf.

Ltac use_no H x := exfalso; apply H; exists x; split; assumption.

(* Disjointness of the PTX kinds used below. *)
Lemma mem_not_fence : forall X, ptx_MemEvent P X -> ptx_Fence P X -> False.
Proof. hier 22 H. intros X H1 H2. use_no H X. Qed.

Lemma read_not_write : forall X, ptx_Read P X -> ptx_Write P X -> False.
Proof. hier 27 H. intros X H1 H2. use_no H X. Qed.

Lemma fencesc_fence : forall X, ptx_FenceSC P X -> ptx_Fence P X.
Proof. hier 45 H. exact H. Qed.

Lemma read_mem : forall X, ptx_Read P X -> ptx_MemEvent P X.
Proof. hier 29 H. exact H. Qed.

Lemma write_mem : forall X, ptx_Write P X -> ptx_MemEvent P X.
Proof. hier 30 H. exact H. Qed.

Lemma acquire_read : forall X, ptx_Acquire P X -> ptx_Read P X.
Proof. hier 32 H. exact H. Qed.

Lemma release_write : forall X, ptx_Release P X -> ptx_Write P X.
Proof. hier 33 H. exact H. Qed.

Lemma read_not_fencesc : forall X, ptx_Read P X -> ptx_FenceSC P X -> False.
Proof. intros X H1 H2. exact (mem_not_fence X (read_mem X H1) (fencesc_fence X H2)). Qed.

Lemma write_not_fencesc : forall X, ptx_Write P X -> ptx_FenceSC P X -> False.
Proof. intros X H1 H2. exact (mem_not_fence X (write_mem X H1) (fencesc_fence X H2)). Qed.

(* Fig. 11 rows, read as statements about the images. *)
Lemma lone_op_elim : forall e k, lone_op i (single e) k ->
  exists X, map e X /\ k X /\ forall Y, map e Y -> Y = X.
Proof.
  intros e k [[[X HX] [Hl _]] Hk].
  apply join_single_l in HX.
  exists X; split; [exact HX | split; [apply Hk, join_single_l, HX |]].
  intros Y HY. cbn in Hl. apply Hl; [exists e; split; [reflexivity | exact HY] | exists e; split; [reflexivity | exact HX]].
Qed.

Lemma fenced_op_elim : forall e k, fenced_op i (single e) k ->
  exists F X, ptx_FenceSC P F /\ k X /\ map e F /\ map e X /\ ptx_po P F X /\
    forall Y, map e Y -> Y = F \/ Y = X.
Proof.
  intros e k (F & X & HF' & Hk & [Hl Hr] & Hpo).
  exists F, X. split; [exact HF' | split; [exact Hk |]].
  split; [apply join_single_l, Hr; left; reflexivity |].
  split; [apply join_single_l, Hr; right; reflexivity |].
  split; [apply Hpo; cbn; unfold single; auto |].
  intros Y HY. destruct (Hl Y (proj2 (join_single_l e _ Y) HY)) as [H | H]; [left | right]; exact H.
Qed.


Tactic Notation "field_pair" int(n) ident(H1) ident(H2) :=
  let Hf := fresh "Hf" in
  pose proof HF as [_ [Hf _]]; unfold fields in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 Hf]]; clear Hf.

(* Any two disjoint sigs of the hierarchy. *)
Ltac disj :=
  let Hh := fresh "Hh" in
  pose proof HF as [Hh _]; unfold hierarchy in Hh;
  repeat match type of Hh with _ /\ _ => let H := fresh "Hd" in destruct Hh as [H Hh] end;
  exfalso;
  match goal with H : no 1 (inter 1 _ _) |- _ => apply H; eexists; split; eassumption end.

Lemma ord_exists : forall e, src11_CEvent S e -> exists o, src11_ord S e o.
Proof.
  field_pair 34 H1 H2. intros e He. destruct (H2 e He) as [_ [[o Ho] _]].
  exists o; apply join_single_l; exact Ho.
Qed.

Lemma ord_fun : forall e o1 o2, src11_ord S e o1 -> src11_ord S e o2 -> o1 = o2.
Proof. field_pair 34 H1 H2. exact (one_field_functional _ _ _ H1 H2). Qed.

Lemma cread_cevent : forall e, src11_CRead S e -> src11_CEvent S e.
Proof. hier 81 H1. hier 78 H2. intros e He. exact (H2 e (H1 e He)). Qed.

Lemma cwrite_cevent : forall e, src11_CWrite S e -> src11_CEvent S e.
Proof. hier 82 H1. hier 78 H2. intros e He. exact (H2 e (H1 e He)). Qed.

Lemma cfence_cevent : forall e, src11_CFence S e -> src11_CEvent S e.
Proof.
  pose proof HF as [Hf _]; unfold hierarchy in Hf.
  do 83 (destruct Hf as [_ Hf]). exact Hf.
Qed.

Let AtLeastAcq := src11_AtLeastAcq (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let AtLeastRel := src11_AtLeastRel (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

(* A C++ read lowers to one PTX read, possibly after a leading fence.sc;
   an acquire or SC read to an acquire one. *)
Lemma read_main : forall e, src11_CRead S e ->
  exists R, map e R /\ ptx_Read P R /\
    (forall X, map e X -> X = R \/ (ptx_FenceSC P X /\ ptx_po P X R)) /\
    (AtLeastAcq e -> ptx_Acquire P R).
Proof.
  intros e He.
  destruct (ord_exists e (cread_cevent e He)) as [o Ho].
  pose proof HC as [[_ [_ [[Hrd _] _]]] _].
  destruct Hrd as (Hna & Hrlx & Hacq & Hsc).
  assert (Hord : ((src11_ONA S o \/ src11_ORLX S o) \/ src11_OACQ S o) \/ src11_OSC S o).
  { pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & (Hmo & _) & _)).
    apply Hmo. exists e; split; assumption. }
  assert (Hacq_o : AtLeastAcq e -> (src11_OACQ S o \/ src11_OACQREL S o) \/ src11_OSC S o).
  { intros (x & Hx & Hk). rewrite (ord_fun e o x Ho Hx). exact Hk. }
  destruct Hord as [[[Ho' | Ho'] | Ho'] | Ho'].
  - destruct (lone_op_elim e _ (Hna e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & [HR _] & Hu).
    exists X; repeat split; auto.
    intro Hq; destruct (Hacq_o Hq) as [[? | ?] | ?]; disj.
  - destruct (lone_op_elim e _ (Hrlx e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & [[HR _] _] & Hu).
    exists X; repeat split; auto.
    intro Hq; destruct (Hacq_o Hq) as [[? | ?] | ?]; disj.
  - destruct (lone_op_elim e _ (Hacq e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & HA & Hu).
    exists X; repeat split; auto. exact (acquire_read X HA).
  - destruct (fenced_op_elim e _ (Hsc e (conj He (ex_intro _ o (conj Ho Ho'))))) as (F & X & HFs & HA & HmF & HmX & Hpo & Hu).
    exists X; repeat split; auto. exact (acquire_read X HA).
    intros Y HY. destruct (Hu Y HY) as [-> | ->]; [right; split; assumption | left; reflexivity].
Qed.


(* A C++ write lowers to one PTX write, possibly after a leading fence.sc;
   a release or SC write to a release one. *)
Lemma write_main : forall e, src11_CWrite S e ->
  exists W, map e W /\ ptx_Write P W /\
    (forall X, map e X -> X = W \/ (ptx_FenceSC P X /\ ptx_po P X W)) /\
    (AtLeastRel e -> ptx_Release P W).
Proof.
  intros e He.
  destruct (ord_exists e (cwrite_cevent e He)) as [o Ho].
  pose proof HC as [[_ [_ [[_ [Hwr _]] _]]] Hrmwsc].
  destruct Hwr as (Hna & Hrlx & Hrel & Hsc).
  assert (Hord : ((src11_ONA S o \/ src11_ORLX S o) \/ src11_OREL S o) \/ src11_OSC S o).
  { pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & (_ & Hmo & _) & _)).
    apply Hmo. exists e; split; assumption. }
  assert (Hrel_o : AtLeastRel e -> (src11_OREL S o \/ src11_OACQREL S o) \/ src11_OSC S o).
  { intros (x & Hx & Hk). rewrite (ord_fun e o x Ho Hx). exact Hk. }
  destruct Hord as [[[Ho' | Ho'] | Ho'] | Ho'].
  - destruct (lone_op_elim e _ (Hna e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & [HW _] & Hu).
    exists X; repeat split; auto.
    intro Hq; destruct (Hrel_o Hq) as [[? | ?] | ?]; disj.
  - destruct (lone_op_elim e _ (Hrlx e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & [[HW _] _] & Hu).
    exists X; repeat split; auto.
    intro Hq; destruct (Hrel_o Hq) as [[? | ?] | ?]; disj.
  - destruct (lone_op_elim e _ (Hrel e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & HA & Hu).
    exists X; repeat split; auto. exact (release_write X HA).
  - destruct (Classical_Prop.classic (join 0 1 (src11_CRead S) (src11_crmw S) e)) as [Hr | Hr].
    + destruct (lone_op_elim e _ (Hrmwsc e (conj Hr (ex_intro _ o (conj Ho Ho'))))) as (X & HX & HA & Hu).
      exists X; repeat split; auto. exact (release_write X HA).
    + destruct (fenced_op_elim e _ (Hsc e (conj (conj He Hr) (ex_intro _ o (conj Ho Ho'))))) as (F & X & HFs & HA & HmF & HmX & Hpo & Hu).
      exists X; repeat split; auto. exact (release_write X HA).
      intros Y HY. destruct (Hu Y HY) as [-> | ->]; [right; split; assumption | left; reflexivity].
Qed.

Lemma fence_kinds : forall X,
  (ptx_FenceAcq P X -> ptx_Fence P X) /\ (ptx_FenceRel P X -> ptx_Fence P X) /\
  (ptx_FenceAcqRel P X -> ptx_Fence P X) /\ (ptx_FenceSC P X -> ptx_Fence P X).
Proof.
  hier 42 H1. hier 43 H2. hier 44 H3. hier 45 H4. intro X; repeat split; [apply H1 | apply H2 | apply H3 | apply H4].
Qed.

(* A C++ fence lowers to one PTX fence of its strength. *)
Lemma fence_main : forall e, src11_CFence S e ->
  exists F, map e F /\ ptx_Fence P F /\ (forall X, map e X -> X = F) /\
    (AtLeastRel e -> ptx_FRel (m_util i) P F) /\ (AtLeastAcq e -> ptx_FAcq (m_util i) P F).
Proof.
  intros e He.
  destruct (ord_exists e (cfence_cevent e He)) as [o Ho].
  pose proof HC as [[_ [_ [[_ [_ [Hfe _]]] _]]] _].
  destruct Hfe as (Hacq & Hrel & Har & Hsc).
  assert (Hord : ((src11_OACQ S o \/ src11_OREL S o) \/ src11_OACQREL S o) \/ src11_OSC S o).
  { pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & (_ & _ & Hmo & _) & _)).
    apply Hmo. exists e; split; assumption. }
  assert (Hrel_o : AtLeastRel e -> (src11_OREL S o \/ src11_OACQREL S o) \/ src11_OSC S o).
  { intros (x & Hx & Hk). rewrite (ord_fun e o x Ho Hx). exact Hk. }
  assert (Hacq_o : AtLeastAcq e -> (src11_OACQ S o \/ src11_OACQREL S o) \/ src11_OSC S o).
  { intros (x & Hx & Hk). rewrite (ord_fun e o x Ho Hx). exact Hk. }
  destruct Hord as [[[Ho' | Ho'] | Ho'] | Ho'].
  - destruct (lone_op_elim e _ (Hacq e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & HK & Hu).
    exists X; repeat split; auto. destruct (fence_kinds X) as (K1 & K2 & K3 & K4); auto.
    intro Hq; destruct (Hrel_o Hq) as [[? | ?] | ?]; disj.
    intro Hq; left; left; exact HK.
  - destruct (lone_op_elim e _ (Hrel e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & HK & Hu).
    exists X; repeat split; auto. destruct (fence_kinds X) as (K1 & K2 & K3 & K4); auto.
    intro Hq; left; left; exact HK.
    intro Hq; destruct (Hacq_o Hq) as [[? | ?] | ?]; disj.
  - destruct (lone_op_elim e _ (Har e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & HK & Hu).
    exists X; repeat split; auto. destruct (fence_kinds X) as (K1 & K2 & K3 & K4); auto.
    intro Hq; left; right; exact HK.
    intro Hq; left; right; exact HK.
  - destruct (lone_op_elim e _ (Hsc e (conj He (ex_intro _ o (conj Ho Ho'))))) as (X & HX & HK & Hu).
    exists X; repeat split; auto. destruct (fence_kinds X) as (K1 & K2 & K3 & K4); auto.
    intro Hq; right; exact HK.
    intro Hq; right; exact HK.
Qed.

End Images.
