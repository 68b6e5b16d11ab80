(* Addresses and reads-from lower: same C++ location lowers to same PTX
   address, and crf lowers to rf between the main images (§5.2: "we lift the
   return values of PTX loads [...] up to their scoped C++ equivalents"). *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
Require Import mapping_lowering mapping_images.

Section Rf.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let map := src11_map S.

Tactic Notation "field_pair" int(n) ident(H1) ident(H2) :=
  let Hf := fresh "Hf" in
  pose proof HF as [_ [Hf _]]; unfold fields in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H1 [H2 Hf]]; clear Hf.

Lemma mem_event : forall X, ptx_MemEvent P X -> ptx_Event P X.
Proof.
  pose proof HF as [Hf _]; unfold hierarchy in Hf.
  do 26 (destruct Hf as [_ Hf]). destruct Hf as [H _]. exact H.
Qed.

Lemma mem_addr : forall X, ptx_MemEvent P X -> exists Ad, ptx_addr P X Ad.
Proof.
  field_pair 8 H1 H2. intros X HX. destruct (H2 X HX) as [_ [[Ad H] _]].
  exists Ad; apply join_single_l; exact H.
Qed.

Lemma caddr_cmem : forall e c, src11_caddr S e c -> src11_CMemEvent S e.
Proof. field_pair 38 H1 H2. intros e c H. pose proof (H1 e c H) as H'; cbn in H'; tauto. Qed.

(* (CMemEvent <: map).addr = caddr.amap *)
Lemma map_addr : forall e X Ad, src11_CMemEvent S e -> map e X -> ptx_addr P X Ad ->
  exists c, src11_caddr S e c /\ src11_amap S c Ad.
Proof.
  pose proof HC as [[_ [[_ Hev] _]] _].
  destruct Hev as (_ & _ & _ & [Hl _] & _).
  intros e X Ad He HX HAd. destruct (Hl e Ad) as (c & Hc & Ha); [cbn; exists X; auto | exists c; auto].
Qed.

(* cloc lowers to loc on memory images. *)
Lemma cloc_lowers : forall a b X Y,
  src11_cloc (m_util i) S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b ->
  map a X -> map b Y -> ptx_MemEvent P X -> ptx_MemEvent P Y -> ptx_loc (m_util i) P X Y.
Proof.
  intros a b X Y (c & Ha & Hb) HX HY HmX HmY.
  destruct (mem_addr X HmX) as [AX HAX]. destruct (mem_addr Y HmY) as [AY HAY].
  destruct (map_addr a X AX (caddr_cmem a c Ha) HX HAX) as (c1 & Hc1 & Hm1).
  destruct (map_addr b Y AY (caddr_cmem b c Hb) HY HAY) as (c2 & Hc2 & Hm2).
  rewrite (caddr_fun i HF a c1 c Hc1 Ha) in Hm1.
  rewrite (caddr_fun i HF b c2 c Hc2 Hb) in Hm2.
  rewrite (amap_fun i HF c AX AY Hm1 Hm2) in HAX.
  cbn. exists AY; split; assumption.
Qed.

Lemma rf_write : forall W R, ptx_rf P W R -> ptx_Write P W.
Proof. field_pair 14 H1 H2. intros W R H. pose proof (H1 W R H) as H'; cbn in H'; tauto. Qed.

Lemma crf_cwrite : forall w r, src11_crf S w r -> src11_CWrite S w.
Proof. field_pair 42 H1 H2. intros w r H. pose proof (H1 w r H) as H'; cbn in H'; tauto. Qed.

(* Every PTX event comes from some C++ event. *)
Lemma event_preimage : forall X, ptx_Event P X -> exists e, map e X.
Proof.
  pose proof HC as [[_ [[_ Hev] _]] _]. destruct Hev as (Hone & _).
  intros X HX. destruct (Hone X HX) as [[e He] _]. cbn in He.
  destruct He as (x & Hx & ->). exists e; exact Hx.
Qed.

(* The write image of a C++ write is unique. *)
Lemma write_image_unique : forall w W W', src11_CWrite S w -> map w W -> map w W' ->
  ptx_Write P W -> ptx_Write P W' -> W = W'.
Proof.
  intros w W W' Hw HW HW' HwW HwW'.
  destruct (write_main i HF HC w Hw) as (M & HM & HMw & Hu & _).
  destruct (Hu W HW) as [-> | [Hsc _]]; [| destruct (write_not_fencesc i HF W HwW Hsc)].
  destruct (Hu W' HW') as [-> | [Hsc _]]; [reflexivity | destruct (write_not_fencesc i HF W' HwW' Hsc)].
Qed.

Lemma read_image_unique : forall r R R', src11_CRead S r -> map r R -> map r R' ->
  ptx_Read P R -> ptx_Read P R' -> R = R'.
Proof.
  intros r R R' Hr HR HR' HrR HrR'.
  destruct (read_main i HF HC r Hr) as (M & HM & HMr & Hu & _).
  destruct (Hu R HR) as [-> | [Hsc _]]; [| destruct (read_not_fencesc i HF R HrR Hsc)].
  destruct (Hu R' HR') as [-> | [Hsc _]]; [reflexivity | destruct (read_not_fencesc i HF R' HrR' Hsc)].
Qed.

(* crf lowers to rf between the write image and the read image: the PTX read
   reads from some write (else it would read back as a read of the initial
   value), and that write reads back as the C++ read's unique source. *)
Lemma crf_lowers_to_rf : forall w r W R, src11_crf S w r ->
  map w W -> ptx_Write P W -> map r R -> ptx_Read P R -> ptx_rf P W R.
Proof.
  intros w r W R Hwr HW HwW HR HrR.
  destruct (Classical_Prop.classic (exists W0, ptx_rf P W0 R)) as [[W0 H0] | Hno].
  - assert (HW0 : ptx_Write P W0) by exact (rf_write W0 R H0).
    destruct (event_preimage W0 (mem_event W0 (write_mem i HF W0 HW0))) as [w0 Hw0].
    pose proof (rf_lifts_to_crf i HF HC w0 r W0 R H0 Hw0 HR) as Hc0.
    assert (w0 = w).
    { pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & (_ & Hfun) & _)).
      apply Hfun. exists r; split; assumption. }
    subst w0.
    rewrite (write_image_unique w W W0 (crf_cwrite w r Hwr) HW Hw0 HwW HW0). exact H0.
  - exfalso.
    pose proof HC as [[_ [_ [_ [_ Hrev]]]] _]. destruct Hrev as (_ & [Hinit _] & _).
    destruct (Hinit R) as [(r' & [Hr' Hnr'] & HmR) _].
    { split; [exact HrR | intros (W0 & HW0 & H0); exact (Hno (ex_intro _ W0 H0))]. }
    rewrite (map_injective i HF HC r' r R HmR HR) in Hnr'.
    apply Hnr'. exists w; split; [exact (crf_cwrite w r Hwr) | exact Hwr].
Qed.

End Rf.
