(* Toward Theorem 3 (§6.2): the per-edge lowering of [incl] ∩ psc.

   For an SC event a write F_a for its leading fence.sc (sc_leading_fence:
   its own, its RMW read part's, or itself for a fence) and M_a for its main
   image; `lead a F_a M_a` packs these facts. Every edge a → b of
   [incl] ∩ psc is one of (psc_edge_classify):

   - Fwd: a and b are SC fences and F_a sc F_b (psc_F, and psc_base between
     fences);
   - P:   F_a = F_b (the two parts of an RMW^SC) or M_a (po ∪ cause_base) F_b
     (sb, sb|≠loc; hb; sb|≠loc, hb|loc into a fence, and the fence-started
     forms of these);
   - EP:  a is an access and M_a (co ∪ fr) Y (po ∪ cause_base) F_b for some
     Y (mo, rb followed by hb into an SC fence);
   - E:   b is an access, the edge is hb|loc, mo or rb (or one of these
     after [F^SC]; hb), so M_a reaches M_b by po ∪ cause_base possibly
     followed by one co/fr step, and M_b (po ∪ cause_base) M_a is
     impossible.

   In the first three cases F_a = F_b or F_a sc F_b (psc_edge_forward). *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import compile_src11_ptx_util compile_src11_ptx_ptx compile_src11_ptx_src11 compile_src11_ptx.
Require Import mapping_lowering mapping_images mapping_rf mapping_hb mapping_ptx mapping_atomicity
  mapping_coherence mapping_sc_fences mapping_sc_order.

Section ScEdges.
Context {A : Type} (i : Instance A).
Context (HF : compile_src11_ptx_facts i) (HC : compile_src11_ptx_1 i).

Let S := m_src11 i.
Let P := m_ptx i.
Let U := m_util i.
Let map := src11_map S.
Let SCev := src11_SCev U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let hb := src11_hb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let eco := src11_eco U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let incl_c := src11_incl U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let cloc := src11_cloc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Let psc := src11_psc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).

Tactic Notation "hier" int(n) ident(H) :=
  let Hf := fresh "Hh" in
  pose proof HF as [Hf _]; unfold hierarchy in Hf;
  do n (destruct Hf as [_ Hf]); destruct Hf as [H Hf]; clear Hf.

(* The leading fence F and main image M of an SC event a
   (the conclusion of sc_leading_fence, with the main image). *)
Definition lead (a F M : A) : Prop :=
  main i a M /\ ptx_FenceSC P F /\ (exists x, map x F /\ (x = a \/ src11_crmw S x a)) /\
  (F = M \/ ptx_po P F M).

Lemma lead_exists : forall a, SCev a -> exists F M, lead a F M.
Proof.
  intros a Ha.
  destruct (main_exists i HF HC a (sc_cevent i HF a Ha)) as [M HM].
  destruct (sc_leading_fence i HF HC a M Ha HM) as (x & F & HFs & Hx & Hxa & HFM).
  exists F, M. split; [exact HM |]. split; [exact HFs |]. split; [exists x; split; assumption | exact HFM].
Qed.

Lemma cevent_cases : forall a, src11_CEvent S a ->
  src11_CFence S a \/ src11_CRead S a \/ src11_CWrite S a.
Proof.
  intros a Ha. hier 77 Hce. destruct (Hce a Ha) as [Hm | Hf]; [right | left; exact Hf].
  hier 80 Hrw. exact (Hrw a Hm).
Qed.

Lemma cmem_cases : forall a, src11_CMemEvent S a -> src11_CRead S a \/ src11_CWrite S a.
Proof. intros a Hm. hier 80 Hrw. exact (Hrw a Hm). Qed.

Lemma cloc_mem_l : forall a b, cloc a b -> src11_CRead S a \/ src11_CWrite S a.
Proof. intros a b (c & Ha & _). exact (cmem_cases a (caddr_cmem i HF a c Ha)). Qed.

Lemma cloc_mem_r : forall a b, cloc a b -> src11_CRead S b \/ src11_CWrite S b.
Proof. intros a b (c & _ & Hb). exact (cmem_cases b (caddr_cmem i HF b c Hb)). Qed.

(* The leading fence of an SC fence is its main image. *)
Lemma lead_fence : forall a F M, src11_CFence S a -> lead a F M -> F = M /\ main i a F.
Proof.
  intros a F M Hf (HM & HFs & (x & Hx & Hxa) & _).
  destruct Hxa as [<- | Hrmw].
  - assert (HmF : main i x F) by (split; [exact Hx | right; exact Hf]).
    split; [exact (main_unique i HF HC x F M HmF HM) | exact HmF].
  - exfalso. exact (cfence_mem_false i HF HC a Hf (or_intror (crmw_cwrite i HF x a Hrmw))).
Qed.

(* The leading fence of an SC access is po-before its main image, a memory event. *)
Lemma lead_access : forall a F M, ~ src11_CFence S a -> lead a F M ->
  ptx_po P F M /\ ptx_MemEvent P M.
Proof.
  intros a F M Hnf (HM & HFs & _ & HFM).
  assert (Hm : ptx_MemEvent P M) by (destruct HM as [_ [Hm | Hf]]; [exact Hm | contradiction]).
  split; [| exact Hm].
  destruct HFM as [-> | Hpo]; [exfalso; exact (mem_not_fence i HF M Hm (fencesc_fence i HF M HFs)) | exact Hpo].
Qed.

Lemma lead_ms : forall a b Fa Ma Fb Mb, incl_c a b -> lead a Fa Ma -> lead b Fb Mb ->
  ptx_ms U P Fa Fb.
Proof.
  intros a b Fa Ma Fb Mb Hi (_ & HFa & (x & Hx & Hxa) & _) (_ & HFb & (y & Hy & Hyb) & _).
  exact (leading_fences_ms i HF HC a b x y Fa Fb Hi HFa HFb Hx Hxa Hy Hyb).
Qed.

(* sb into an SC event b lowers to po before b's leading fence, unless it
   starts at the read part of b's RMW, whose leading fence is b's. *)
Lemma sb_into_lead : forall c b Fb Mb Mc, lead b Fb Mb -> src11_sb S c b -> map c Mc ->
  ptx_po P Mc Fb \/ (src11_crmw S c b /\ map c Fb).
Proof.
  intros c b Fb Mb Mc (_ & _ & (y & Hy & Hyb) & _) Hcb Hc.
  destruct Hyb as [<- | Hrmw]; [left; exact (sb_lowers_to_po i HF HC c y Mc Fb Hcb Hc Hy) |].
  destruct (Classical_Prop.classic (c = y)) as [-> | Hne]; [right; split; assumption |].
  left. destruct (crmw_imm i HF y b Hrmw) as [Hyb' Himm].
  apply (sb_lowers_to_po i HF HC c y Mc Fb); [| exact Hc | exact Hy].
  destruct (sb_same_thread i HF c b Hcb) as (t & Htc & Htb).
  destruct (sb_same_thread i HF y b Hyb') as (t' & Hty & Htb').
  rewrite (cthread_fun i HF b t' t Htb' Htb) in Hty.
  destruct (sb_total i HF c y t (sb_cevent_l i HF c b Hcb) (sb_cevent_l i HF y b Hyb') Hne Htc Hty)
    as [H | H]; [exact H |].
  exfalso. apply Himm. exists c. split; [exact H | exact Hcb].
Qed.

(* hb? lowers to (po ∪ cause_base)? between main images. *)
Lemma hbq_lowers : forall a c Ma Mc, (a = c \/ hb a c) -> main i a Ma -> main i c Mc ->
  Ma = Mc \/ hbp i Ma Mc.
Proof.
  intros a c Ma Mc [<- | H] HA HC'; [left; exact (main_unique i HF HC a Ma Mc HA HC') |].
  right; exact (hb_lowers i HF HC a c Ma Mc H HA HC').
Qed.

Lemma hbq_hbp : forall X Y Z, (X = Y \/ hbp i X Y) -> hbp i Y Z -> hbp i X Z.
Proof. intros X Y Z [<- | H1] H2; [exact H2 | exact (hbp_trans i HF X Y Z H1 H2)]. Qed.

Lemma hb_sb : forall a c b, hb a c -> src11_sb S c b -> hb a b.
Proof.
  intros a c b H1 H2. apply (closure_trans_pt _ _ a c b H1). apply closure_step. left; exact H2.
Qed.

Lemma hbq_hb : forall a c b, (a = c \/ hb a c) -> hb c b -> hb a b.
Proof. intros a c b [<- | H1] H2; [exact H2 | exact (closure_trans_pt _ _ a c b H1 H2)]. Qed.

Lemma mo_eco : forall a b, src11_cmo S a b -> eco a b.
Proof. intros a b H. apply closure_step. left; right; exact H. Qed.

Lemma rb_eco : forall a b, src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b -> eco a b.
Proof. intros a b H. apply closure_step. right; exact H. Qed.

(* One mo or rb step (the eco part of scb). *)
Definition moorb (a b : A) : Prop :=
  src11_cmo S a b \/ src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) a b.

Lemma moorb_eco : forall a b, moorb a b -> eco a b.
Proof. intros a b [H | H]; [exact (mo_eco a b H) | exact (rb_eco a b H)]. Qed.

Lemma moorb_cloc : forall a b, moorb a b -> cloc a b.
Proof.
  intros a b [H | H]; [exact (proj1 (cmo_facts i HF) a b H) | exact (rb_cloc i HF a b H)].
Qed.

(* mo and rb lower to co and fr between main images. *)
Lemma moorb_lowers : forall a b Ma Mb, moorb a b -> main i a Ma -> main i b Mb ->
  ptx_co P Ma Mb \/ ptx_fr U P Ma Mb.
Proof.
  intros a b Ma Mb [H | H] HA HB;
    [left; exact (cmo_lowers_co i HF HC a b Ma Mb H HA HB) | right; exact (rb_lowers_fr i HF HC a b Ma Mb H HA HB)].
Qed.

(* The C++ shape of an E-edge a → b: b is an access; either a is an SC
   fence hb-before b or hb-before some c that is mo/rb-before b, or a is an
   access at b's location with a hb b or a mo/rb b. *)
Definition eedge (a b : A) : Prop :=
  (src11_CRead S b \/ src11_CWrite S b) /\
  ((src11_CFence S a /\ (hb a b \/ exists c, hb a c /\ moorb c b)) \/
   ((src11_CRead S a \/ src11_CWrite S a) /\ cloc a b /\ (hb a b \/ moorb a b))).

(* The PTX shape of an E-edge between main images, with the fact the cycle
   argument uses: M_b is never po ∪ cause_base-before M_a. *)
Definition eedge_ptx (Ma Mb : A) : Prop :=
  (exists X, (Ma = X \/ hbp i Ma X) /\ (hbp i X Mb \/ ptx_co P X Mb \/ ptx_fr U P X Mb)) /\
  (hbp i Mb Ma -> False).

Lemma eedge_lowers : forall a b Ma Mb, main i a Ma -> main i b Mb -> eedge a b -> eedge_ptx Ma Mb.
Proof.
  intros a b Ma Mb HMa HMb [_ Hk].
  assert (Hhb : hb a b -> eedge_ptx Ma Mb).
  { intros H. pose proof (hb_lowers i HF HC a b Ma Mb H HMa HMb) as Hp.
    split; [exists Ma; split; [left; reflexivity | left; exact Hp] |].
    intros H'. exact (hbp_irrefl i HF HC Ma (hbp_trans i HF Ma Mb Ma Hp H')). }
  assert (Hco : forall c Mc, (a = c \/ hb a c) -> main i c Mc -> moorb c b -> eedge_ptx Ma Mb).
  { intros c Mc Hac HMc Hcb.
    pose proof (hbq_lowers a c Ma Mc Hac HMa HMc) as Hq.
    split.
    - exists Mc. split; [exact Hq | right; exact (moorb_lowers c b Mc Mb Hcb HMc HMb)].
    - intros H. apply (hbp_eco_false i HF HC b c Mb Mc (moorb_eco c b Hcb) HMb HMc).
      destruct Hq as [<- | Hq]; [exact H | exact (hbp_trans i HF Mb Ma Mc H Hq)]. }
  destruct Hk as [[_ [H | (c & Hac & Hcb)]] | (_ & _ & [H | H])].
  - exact (Hhb H).
  - destruct (main_exists i HF HC c (eco_cevent_l i HF c b (moorb_eco c b Hcb))) as [Mc HMc].
    exact (Hco c Mc (or_intror Hac) HMc Hcb).
  - exact (Hhb H).
  - exact (Hco a Ma (or_introl eq_refl) HMa H).
Qed.

End ScEdges.
