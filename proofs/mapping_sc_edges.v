(* Toward Theorem 3 (§6.2): the per-edge lowering of [incl] ∩ psc, and the
   whole-cycle argument for cycles over pairwise scope-inclusive events.

   For an SC event a write F_a for its leading fence.sc (sc_leading_fence:
   its own, its RMW read part's, or itself for a fence) and M_a for its main
   image; `lead a F_a M_a` packs these facts. Every edge a → b of
   [incl] ∩ psc is one of (psc_edge_classify):

   - Fwd: a and b are SC fences and F_a sc F_b (psc_F, and psc_base between
     fences: psc_fences_lowers_sc);
   - P:   M_a (po ∪ cause_base) F_b (sb, sb|≠loc; hb; sb|≠loc, hb|loc into
     a fence, and the [F^SC]; hb?-started forms of these);
   - EP:  a is an access, a mo/rb d for some access d, and
     M_d (po ∪ cause_base) F_b (mo, rb followed by hb? into an SC fence);
   - E:   `eedge a b`: b is an access, and a is an access at b's location
     with a hb b (hb|loc, including the sb edge of an RMW^SC) or a mo/rb b,
     or a is an SC fence with a hb b or a hb c, c mo/rb b.

   P and EP put F_a sc-before F_b (p_edge_forward, ep_edge_forward; so
   psc_edge_lowers: F_a = F_b or F_a sc F_b, or an E-edge). E-edges lower
   to po ∪ cause_base / co / fr between main images and are never closed by
   po ∪ cause_base from M_b back to M_a (eedge_lowers).

   The cycle argument (psc_acyclic_pairwise_incl): a chain of E-steps at one
   location never shrinks the "past" of an access (the C++ writes mo-before
   or equal to it, or to the write it reads from) and mo/rb steps grow it
   strictly (echain_past), so E-chains are acyclic and cannot be closed by
   po ∪ cause_base (echain_hbp_false). A run of E-edges followed by a non-E
   edge puts the leading fence of the run's start sc-before the target's
   (segment_sc), provided these two events are scope-inclusive; so when this
   holds for every run of a cycle (runs_incl, e.g. when the cycle's events
   are pairwise scope-inclusive), a cycle with a non-E edge is an sc cycle,
   and one with E-edges only is an E-chain cycle (psc_acyclic_runs_incl). *)
Require Import Relprove.Relprove Relprove.RelExtra.
Require Import util_module ptx_module src11_module compile_src11_ptx.
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

(* Every event is scope-inclusive with itself: its thread is under its
   scope (fact c_scopes). *)
Lemma incl_refl : forall e, src11_CEvent S e -> incl_c e e.
Proof.
  intros e He.
  pose proof HF as [_ [Hf _]]; unfold fields in Hf.
  do 28 (destruct Hf as [_ Hf]). destruct Hf as [_ [Hth _]].
  destruct (Hth e He) as [_ [[t Ht] _]]. apply join_single_l in Ht.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & (Hsc & _) & _)).
  assert (Hin : join 0 1 (single e) (src11_cthread S) t) by (apply join_single_l; exact Ht).
  destruct (Hsc e He t Hin) as (m & Hm & Hstar). apply join_single_l in Hm.
  assert (Hcov : src11_c_covers U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) e e)
    by (exists t; split; [exists m; split; assumption | exact Ht]).
  split; exact Hcov.
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

(* ---------------------------------------------------------------- the classification *)

Lemma hbp_hbq : forall X Y Z, hbp i X Y -> (Y = Z \/ hbp i Y Z) -> hbp i X Z.
Proof. intros X Y Z H1 [<- | H2]; [exact H1 | exact (hbp_trans i HF X Y Z H1 H2)]. Qed.

Lemma scb_cevent_l : forall c d, src11_scb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) c d ->
  src11_CEvent S c.
Proof.
  intros c d H. destruct (scb_hb_or_eco i c d H) as [Hh | He];
    [exact (hb_cevent_l i HF c d Hh) | exact (eco_cevent_l i HF c d He)].
Qed.


Lemma not_fence_mem : forall a, SCev a -> ~ src11_CFence S a -> src11_CRead S a \/ src11_CWrite S a.
Proof.
  intros a Ha Hnf. destruct (cevent_cases a (sc_cevent i HF a Ha)) as [H | H]; [contradiction | exact H].
Qed.

Lemma moorb_mem_l : forall a b, moorb a b -> src11_CRead S a \/ src11_CWrite S a.
Proof. intros a b H. exact (cloc_mem_l a b (moorb_cloc a b H)). Qed.

Lemma moorb_mem_r : forall a b, moorb a b -> src11_CRead S b \/ src11_CWrite S b.
Proof. intros a b H. exact (cloc_mem_r a b (moorb_cloc a b H)). Qed.

(* The scb step c → d followed by po/cause_base into the leading fence of
   an SC access b (d sb b or d = b): the P-edge shapes. *)
Lemma sb_nloc_into_lead : forall d b Fb Mb Md, lead b Fb Mb -> src11_sb S d b -> ~ cloc d b ->
  map d Md -> ptx_po P Md Fb.
Proof.
  intros d b Fb Mb Md Hl Hdb Hnl Hd.
  destruct (sb_into_lead d b Fb Mb Md Hl Hdb Hd) as [H | [Hrmw _]]; [exact H |].
  exfalso. exact (Hnl (crmw_cloc i HF d b Hrmw)).
Qed.

Lemma sb_nloc_elim : forall x y,
  src11_sb_nloc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) x y -> src11_sb S x y /\ ~ cloc x y.
Proof. intros x y [Hsb Hn]. split; [exact Hsb | intros Hl; apply Hn; split; assumption]. Qed.

(* Every [incl] ∩ psc edge a → b is a fence-fence edge lowered to sc (Fwd),
   a P-edge (F_a = F_b or M_a po ∪ cause_base-before F_b), an EP-edge
   (an access a with M_a co/fr Y, Y po ∪ cause_base-before F_b) or an
   E-edge (eedge). *)
Theorem psc_edge_classify : forall a b Fa Ma Fb Mb,
  lead a Fa Ma -> lead b Fb Mb -> incl_c a b -> psc a b ->
  (src11_CFence S a /\ src11_CFence S b /\ ptx_sc P Fa Fb)
  \/ hbp i Ma Fb
  \/ (~ src11_CFence S a /\ exists d Md, moorb a d /\ main i d Md /\ hbp i Md Fb)
  \/ eedge a b.
Proof.
  intros a b Fa Ma Fb Mb Hla Hlb Hi Hp.
  destruct (psc_ends_sc i a b Hp) as [Hsa Hsb].
  pose proof (proj1 Hla) as HMa. pose proof (proj1 Hlb) as HMb.
  (* both fences: Fwd *)
  destruct (Classical_Prop.classic (src11_CFence S a)) as [Hfa | Hnfa];
  destruct (Classical_Prop.classic (src11_CFence S b)) as [Hfb | Hnfb].
  { left. split; [exact Hfa | split; [exact Hfb |]].
    destruct (lead_fence a Fa Ma Hfa Hla) as [_ HFa]. destruct (lead_fence b Fb Mb Hfb Hlb) as [_ HFb].
    exact (psc_fences_lowers_sc i HF HC a b Fa Fb Hfa Hfb Hi Hp HFa HFb). }
  all: destruct Hp as [(d & (c & Hl & Hs) & Hr) | [[Hf _] [_ [Hg _]]]]; [| exfalso; tauto].
  all: assert (Hac : a = c \/ (src11_CFence S a /\ hb a c))
    by (destruct Hl as [[Heq _] | (m & [Heq [Hf _]] & [Heq' | Hhb])]; cbn in Heq; unfold iden in Heq; subst;
        [left; reflexivity | cbn in Heq'; unfold iden in Heq'; subst; left; reflexivity | right; split; [exact (proj1 Hf) | exact Hhb]]).
  all: assert (Hdb : d = b \/ (src11_CFence S b /\ hb d b))
    by (destruct Hr as [[Heq _] | (m & [Heq' | Hhb] & [Heq [_ Hf]])]; cbn in Heq; unfold iden in Heq; subst;
        [left; reflexivity | cbn in Heq'; unfold iden in Heq'; subst; left; reflexivity | right; split; [exact (proj1 Hf) | exact Hhb]]).
  all: clear Hl Hr.
  - (* a fence, b access *)
    assert (Hdb' : d = b) by (destruct Hdb as [H | [H _]]; [exact H | contradiction]). subst d. clear Hdb.
    assert (Hac' : a = c \/ hb a c) by (destruct Hac as [H | [_ H]]; [left | right]; exact H). clear Hac.
    destruct (main_exists i HF HC c (scb_cevent_l c b Hs)) as [Mc HMc].
    pose proof (hbq_lowers a c Ma Mc Hac' HMa HMc) as Hq.
    destruct Hs as [[[[Hsb' | (m & (n & Hsb1 & Hhb) & Hsb2)] | [Hhb Hloc]] | Hmo] | Hrb].
    + destruct (sb_into_lead c b Fb Mb Mc Hlb Hsb' (proj1 HMc)) as [Hpo | [Hrmw _]].
      * right; left. exact (hbq_hbp Ma Mc Fb Hq (or_introl Hpo)).
      * right; right; right. split; [right; exact (crmw_cwrite i HF c b Hrmw) |].
        left. split; [exact Hfa | left].
        destruct Hac' as [<- | Hac'].
        -- exfalso. exact (cfence_mem_false i HF HC a Hfa (or_introl (crmw_cread i HF a b Hrmw))).
        -- exact (hb_sb a c b Hac' Hsb').
    + destruct (sb_nloc_elim c n Hsb1) as [Hcn _]. destruct (sb_nloc_elim m b Hsb2) as [Hmb Hnl].
      destruct (main_exists i HF HC n (sb_cevent i HF c n Hcn)) as [Mn HMn].
      destruct (main_exists i HF HC m (sb_cevent_l i HF m b Hmb)) as [Mm HMm].
      right; left. apply (hbq_hbp Ma Mc Fb Hq).
      apply (hbp_trans i HF Mc Mn Fb); [left; exact (sb_lowers_to_po i HF HC c n Mc Mn Hcn (proj1 HMc) (proj1 HMn)) |].
      apply (hbp_trans i HF Mn Mm Fb); [exact (hb_lowers i HF HC n m Mn Mm Hhb HMn HMm) |].
      left. exact (sb_nloc_into_lead m b Fb Mb Mm Hlb Hmb Hnl (proj1 HMm)).
    + right; right; right. split; [exact (cloc_mem_r c b Hloc) |].
      left. split; [exact Hfa | left; exact (hbq_hb a c b Hac' Hhb)].
    + right; right; right. split; [exact (moorb_mem_r c b (or_introl Hmo)) |].
      left. split; [exact Hfa | right].
      destruct Hac' as [<- | Hac']; [exfalso; exact (cfence_mem_false i HF HC a Hfa (moorb_mem_l a b (or_introl Hmo))) |].
      exists c. split; [exact Hac' | left; exact Hmo].
    + right; right; right. split; [exact (moorb_mem_r c b (or_intror Hrb)) |].
      left. split; [exact Hfa | right].
      destruct Hac' as [<- | Hac']; [exfalso; exact (cfence_mem_false i HF HC a Hfa (moorb_mem_l a b (or_intror Hrb))) |].
      exists c. split; [exact Hac' | right; exact Hrb].
  - (* a access, b fence *)
    assert (Hac' : a = c) by (destruct Hac as [H | [H _]]; [exact H | contradiction]). subst c. clear Hac.
    assert (Hdb' : d = b \/ hb d b) by (destruct Hdb as [H | [_ H]]; [left | right]; exact H). clear Hdb.
    destruct (lead_fence b Fb Mb Hfb Hlb) as [<- HFb].
    assert (Hd : src11_CEvent S d)
      by (destruct Hdb' as [-> | H]; [exact (cfence_cevent i HF b Hfb) | exact (hb_cevent_l i HF d b H)]).
    destruct (main_exists i HF HC d Hd) as [Md HMd].
    pose proof (hbq_lowers d b Md Fb Hdb' HMd HFb) as Hq.
    destruct Hs as [[[[Hsb' | (m & (n & Hsb1 & Hhb) & Hsb2)] | [Hhb Hloc]] | Hmo] | Hrb].
    + right; left. apply (hbp_hbq Ma Md Fb); [left; exact (sb_lowers_to_po i HF HC a d Ma Md Hsb' (proj1 HMa) (proj1 HMd)) | exact Hq].
    + destruct (sb_nloc_elim a n Hsb1) as [Han _]. destruct (sb_nloc_elim m d Hsb2) as [Hmd _].
      destruct (main_exists i HF HC n (sb_cevent i HF a n Han)) as [Mn HMn].
      destruct (main_exists i HF HC m (sb_cevent_l i HF m d Hmd)) as [Mm HMm].
      right; left.
      apply (hbp_trans i HF Ma Mn Fb); [left; exact (sb_lowers_to_po i HF HC a n Ma Mn Han (proj1 HMa) (proj1 HMn)) |].
      apply (hbp_trans i HF Mn Mm Fb); [exact (hb_lowers i HF HC n m Mn Mm Hhb HMn HMm) |].
      apply (hbp_hbq Mm Md Fb); [left; exact (sb_lowers_to_po i HF HC m d Mm Md Hmd (proj1 HMm) (proj1 HMd)) | exact Hq].
    + right; left. exact (hbp_hbq Ma Md Fb (hb_lowers i HF HC a d Ma Md Hhb HMa HMd) Hq).
    + right; right; left. split; [exact Hnfa |]. exists d, Md.
      split; [exact (or_introl Hmo) | split; [exact HMd |]].
      destruct Hdb' as [-> | Hdb']; [exfalso; exact (cfence_mem_false i HF HC b Hfb (moorb_mem_r a b (or_introl Hmo))) |].
      exact (hb_lowers i HF HC d b Md Fb Hdb' HMd HFb).
    + right; right; left. split; [exact Hnfa |]. exists d, Md.
      split; [exact (or_intror Hrb) | split; [exact HMd |]].
      destruct Hdb' as [-> | Hdb']; [exfalso; exact (cfence_mem_false i HF HC b Hfb (moorb_mem_r a b (or_intror Hrb))) |].
      exact (hb_lowers i HF HC d b Md Fb Hdb' HMd HFb).
  - (* both accesses *)
    assert (Hac' : a = c) by (destruct Hac as [H | [H _]]; [exact H | contradiction]). subst c. clear Hac.
    assert (Hdb' : d = b) by (destruct Hdb as [H | [H _]]; [exact H | contradiction]). subst d. clear Hdb.
    destruct Hs as [[[[Hsb' | (m & (n & Hsb1 & Hhb) & Hsb2)] | [Hhb Hloc]] | Hmo] | Hrb].
    + destruct (sb_into_lead a b Fb Mb Ma Hlb Hsb' (proj1 HMa)) as [Hpo | [Hrmw HaFb]].
      * right; left; left; exact Hpo.
      * right; right; right. split; [right; exact (crmw_cwrite i HF a b Hrmw) |].
        right. split; [left; exact (crmw_cread i HF a b Hrmw) |].
        split; [exact (crmw_cloc i HF a b Hrmw) | left; apply closure_step; left; exact Hsb'].
    + destruct (sb_nloc_elim a n Hsb1) as [Han _]. destruct (sb_nloc_elim m b Hsb2) as [Hmb Hnl].
      destruct (main_exists i HF HC n (sb_cevent i HF a n Han)) as [Mn HMn].
      destruct (main_exists i HF HC m (sb_cevent_l i HF m b Hmb)) as [Mm HMm].
      right; left.
      apply (hbp_trans i HF Ma Mn Fb); [left; exact (sb_lowers_to_po i HF HC a n Ma Mn Han (proj1 HMa) (proj1 HMn)) |].
      apply (hbp_trans i HF Mn Mm Fb); [exact (hb_lowers i HF HC n m Mn Mm Hhb HMn HMm) |].
      left. exact (sb_nloc_into_lead m b Fb Mb Mm Hlb Hmb Hnl (proj1 HMm)).
    + right; right; right. split; [exact (cloc_mem_r a b Hloc) |].
      right. split; [exact (cloc_mem_l a b Hloc) | split; [exact Hloc | left; exact Hhb]].
    + right; right; right. split; [exact (moorb_mem_r a b (or_introl Hmo)) |].
      right. split; [exact (moorb_mem_l a b (or_introl Hmo)) |].
      split; [exact (moorb_cloc a b (or_introl Hmo)) | right; left; exact Hmo].
    + right; right; right. split; [exact (moorb_mem_r a b (or_intror Hrb)) |].
      right. split; [exact (moorb_mem_l a b (or_intror Hrb)) |].
      split; [exact (moorb_cloc a b (or_intror Hrb)) | right; right; exact Hrb].
Qed.


(* P-edges order the leading fences forward (po ∪ cause_base between
   morally strong fence.sc is in sc). *)
Lemma p_edge_forward : forall a b Fa Ma Fb Mb, lead a Fa Ma -> lead b Fb Mb -> incl_c a b ->
  hbp i Ma Fb -> ptx_sc P Fa Fb.
Proof.
  intros a b Fa Ma Fb Mb Hla Hlb Hi Hh.
  apply (hbp_fences_sc i HF HC Fa Fb (proj1 (proj2 Hla)) (proj1 (proj2 Hlb)) (lead_ms a b Fa Ma Fb Mb Hi Hla Hlb)).
  destruct Hla as (_ & _ & _ & [-> | Hpo]); [exact Hh | exact (hbp_trans i HF Fa Ma Fb (or_introl Hpo) Hh)].
Qed.

(* EP-edges too (else F_b sc F_a closes po ∪ cause_base from M_d back to
   M_a against the co/fr step: fence_eco1_fence_sc). *)
Lemma ep_edge_forward : forall a b Fa Ma Fb Mb, lead a Fa Ma -> lead b Fb Mb -> incl_c a b ->
  ~ src11_CFence S a -> (exists d Md, moorb a d /\ main i d Md /\ hbp i Md Fb) -> ptx_sc P Fa Fb.
Proof.
  intros a b Fa Ma Fb Mb Hla Hlb Hi Hnf (d & Md & Hm & HMd & Hh).
  destruct (lead_access a Fa Ma Hnf Hla) as [Hpo _].
  apply (fence_eco1_fence_sc i HF HC Fa Ma Md Fb (proj1 (proj2 Hla)) (proj1 (proj2 Hlb))
           (lead_ms a b Fa Ma Fb Mb Hi Hla Hlb) (or_introl Hpo)); [| exact Hh].
  right. exact (moorb_lowers a d Ma Md Hm (proj1 Hla) HMd).
Qed.

(* The per-edge lowering of [incl] ∩ psc: the leading fences are equal or
   sc-ordered forward, or the edge is an E-edge between accesses of one
   location (or from an SC fence through hb), whose lowering cannot be
   closed by po ∪ cause_base from M_b back to M_a. *)
Theorem psc_edge_lowers : forall a b Fa Ma Fb Mb,
  lead a Fa Ma -> lead b Fb Mb -> incl_c a b -> psc a b ->
  (Fa = Fb \/ ptx_sc P Fa Fb) \/ (eedge a b /\ eedge_ptx Ma Mb).
Proof.
  intros a b Fa Ma Fb Mb Hla Hlb Hi Hp.
  destruct (psc_edge_classify a b Fa Ma Fb Mb Hla Hlb Hi Hp) as [(_ & _ & H) | [H | [[Hnf H] | H]]].
  - left; right; exact H.
  - left; right; exact (p_edge_forward a b Fa Ma Fb Mb Hla Hlb Hi H).
  - left; right; exact (ep_edge_forward a b Fa Ma Fb Mb Hla Hlb Hi Hnf H).
  - right; split; [exact H | exact (eedge_lowers a b Ma Mb (proj1 Hla) (proj1 Hlb) H)].
Qed.

(* ---------------------------------------------------------------- E-chains at one location *)

(* Coherence position of an access, as the set of C++ writes mo-before or
   equal to it (a write) or to the write it reads from (a read). Every E-step
   (po ∪ cause_base between main images, mo, rb) between accesses of one
   location can only grow it, mo and rb strictly. *)
Definition past (x w : A) : Prop :=
  (src11_CWrite S x /\ (w = x \/ src11_cmo S w x)) \/
  (src11_CRead S x /\ exists w0, src11_crf S w0 x /\ (w = w0 \/ src11_cmo S w w0)).

Lemma cmo_trans : forall x y z, src11_cmo S x y -> src11_cmo S y z -> src11_cmo S x z.
Proof. exact (proj2 (proj2 (cmo_facts i HF))). Qed.

Lemma cmo_irrefl : forall x, ~ src11_cmo S x x.
Proof. exact (proj1 (proj2 (cmo_facts i HF))). Qed.

Lemma cmo_total : forall w1 w2, src11_CWrite S w1 -> src11_CWrite S w2 -> w1 <> w2 -> cloc w1 w2 ->
  src11_cmo S w1 w2 \/ src11_cmo S w2 w1.
Proof.
  pose proof HF as (_ & _ & _ & _ & (_ & _ & _ & _ & _ & (_ & _ & Htot) & _)).
  intros w1 w2 H1 H2 Hne (c & Hc1 & Hc2).
  assert (Hsame : same 1 (join 0 1 (single w1) (src11_caddr S)) (join 0 1 (single w2) (src11_caddr S))).
  { split; intros c' Hc'; apply join_single_l in Hc'; apply join_single_l.
    - rewrite (caddr_fun i HF w1 c' c Hc' Hc1). exact Hc2.
    - rewrite (caddr_fun i HF w2 c' c Hc' Hc2). exact Hc1. }
  destruct (Htot w1 w2 (conj H1 (conj H2 Hne)) Hsame) as [H | H].
  - left; apply H; cbn; unfold single; auto.
  - right; apply H; cbn; unfold single; auto.
Qed.

Lemma past_write : forall x w, past x w -> src11_CWrite S w /\ (w = x \/ cloc w x).
Proof.
  intros x w [[Hx [-> | Hmo]] | [Hx (w0 & Hrf & [-> | Hmo])]].
  - split; [exact Hx | left; reflexivity].
  - split; [exact (proj1 (cmo_cwrite i HF w x Hmo)) | right; exact (proj1 (cmo_facts i HF) w x Hmo)].
  - split; [exact (crf_cwrite i HF w0 x Hrf) | right; exact (crf_cloc' i HF w0 x Hrf)].
  - split; [exact (proj1 (cmo_cwrite i HF w w0 Hmo)) | right].
    exact (cloc_trans i HF w w0 x (proj1 (cmo_facts i HF) w w0 Hmo) (crf_cloc' i HF w0 x Hrf)).
Qed.

(* A y mo- or rb-before a write in the past of x is eco-before x. *)
Lemma past_eco : forall x w y, past x w ->
  src11_cmo S y w \/ src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) y w -> eco y x.
Proof.
  intros x w y Hp Hy.
  assert (Hstep : forall v, (v = w \/ src11_cmo S w v) ->
            src11_cmo S y v \/ src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) y v).
  { intros v [<- | Hwv]; [exact Hy |].
    destruct Hy as [Hm | Hr]; [left; exact (cmo_trans y w v Hm Hwv) | right; exact (rb_cmo_rb i HF y w v Hr Hwv)]. }
  destruct Hp as [[_ Hwx] | [_ (w0 & Hrf & Hww0)]].
  - destruct (Hstep x (match Hwx with or_introl e => or_introl (eq_sym e) | or_intror h => or_intror h end)) as [H | H].
    + exact (mo_eco y x H).
    + exact (rb_eco y x H).
  - assert (H0 : src11_cmo S y w0 \/ src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) y w0)
      by (apply Hstep; destruct Hww0 as [-> | H]; [left; reflexivity | right; exact H]).
    apply (closure_trans_pt _ _ y w0 x); [destruct H0 as [H | H]; [exact (mo_eco y w0 H) | exact (rb_eco y w0 H)] |].
    apply closure_step. left; left; exact Hrf.
Qed.

(* po ∪ cause_base between the main images of two accesses of one location
   does not shrink the past (else the target is eco-before the source,
   against hbp_eco_false). *)
Lemma past_hbp : forall x y Mx My, (src11_CRead S y \/ src11_CWrite S y) -> cloc x y ->
  main i x Mx -> main i y My -> hbp i Mx My -> forall w, past x w -> past y w.
Proof.
  intros x y Mx My Hy Hxy HMx HMy Hh w Hw.
  destruct (past_write x w Hw) as [Hww Hwx].
  assert (Hwy : cloc w y) by (destruct Hwx as [-> | Hwx]; [exact Hxy | exact (cloc_trans i HF w x y Hwx Hxy)]).
  assert (Hno : forall v, src11_cmo S y v \/ src11_rb U S (ptx_Event P) (ptx_Address P) (ptx_Scope P) y v ->
            past x v -> False).
  { intros v Hv Hpv. exact (hbp_eco_false i HF HC x y Mx My (past_eco x v y Hpv Hv) HMx HMy Hh). }
  destruct Hy as [Hr | Hwr].
  - right. split; [exact Hr |].
    destruct (Classical_Prop.classic (exists w0, src11_crf S w0 y)) as [(w0 & Hrf) | Hnorf].
    + exists w0. split; [exact Hrf |].
      destruct (Classical_Prop.classic (w = w0)) as [-> | Hne]; [left; reflexivity | right].
      assert (Hl : cloc w w0) by exact (cloc_trans i HF w y w0 Hwy (cloc_sym i w0 y (crf_cloc' i HF w0 y Hrf))).
      destruct (cmo_total w w0 Hww (crf_cwrite i HF w0 y Hrf) Hne Hl) as [H | H]; [exact H |].
      exfalso. apply (Hno w); [right; left; exists w0; split; [exact Hrf | exact H] | exact Hw].
    + exfalso. apply (Hno w); [| exact Hw]. right; right.
      split; [split; [exact Hr | intros (w' & Hw' & Hrf'); apply Hnorf; exists w'; exact Hrf'] |].
      split; [exact (cloc_sym i w y Hwy) | exact Hww].
  - left. split; [exact Hwr |].
    destruct (Classical_Prop.classic (w = y)) as [-> | Hne]; [left; reflexivity | right].
    destruct (cmo_total w y Hww Hwr Hne Hwy) as [H | H]; [exact H |].
    exfalso. exact (Hno w (or_introl H) Hw).
Qed.

Lemma past_moorb : forall x y w, moorb x y -> past x w -> past y w.
Proof.
  intros x y w [Hmo | Hrb] Hw.
  - left. split; [exact (proj2 (cmo_cwrite i HF x y Hmo)) | right].
    destruct Hw as [[_ [-> | H]] | [Hr _]]; [exact Hmo | exact (cmo_trans w x y H Hmo) |].
    exfalso. exact (cread_not_cwrite i HF x Hr (proj1 (cmo_cwrite i HF x y Hmo))).
  - left. split; [exact (proj2 (rb_cread_cwrite i HF x y Hrb)) | right].
    destruct Hw as [[Hx _] | [_ (w0 & Hrf & Hww0)]].
    + exfalso. exact (cread_not_cwrite i HF x (proj1 (rb_cread_cwrite i HF x y Hrb)) Hx).
    + pose proof (crf_rb_cmo i HF w0 x y Hrf Hrb) as H.
      destruct Hww0 as [-> | H']; [exact H | exact (cmo_trans w w0 y H' H)].
Qed.

Lemma past_moorb_strict : forall x y, moorb x y -> past y y /\ ~ past x y.
Proof.
  intros x y Hxy.
  assert (Hy : src11_CWrite S y)
    by (destruct Hxy as [H | H]; [exact (proj2 (cmo_cwrite i HF x y H)) | exact (proj2 (rb_cread_cwrite i HF x y H))]).
  split; [left; split; [exact Hy | left; reflexivity] |].
  intros Hp. destruct Hxy as [Hmo | Hrb].
  - destruct Hp as [[_ [-> | H]] | [Hr _]].
    + exact (cmo_irrefl x Hmo).
    + exact (cmo_irrefl x (cmo_trans x y x Hmo H)).
    + exact (cread_not_cwrite i HF x Hr (proj1 (cmo_cwrite i HF x y Hmo))).
  - destruct Hp as [[Hx _] | [_ (w0 & Hrf & Hyw0)]].
    + exact (cread_not_cwrite i HF x (proj1 (rb_cread_cwrite i HF x y Hrb)) Hx).
    + pose proof (crf_rb_cmo i HF w0 x y Hrf Hrb) as H.
      destruct Hyw0 as [Heq | H']; [subst w0; exact (cmo_irrefl y H) | exact (cmo_irrefl y (cmo_trans y w0 y H' H))].
Qed.

(* po ∪ cause_base between main images. *)
Definition hmain (x y : A) : Prop := exists Mx My, main i x Mx /\ main i y My /\ hbp i Mx My.

Lemma hmain_trans : forall x y z, hmain x y -> hmain y z -> hmain x z.
Proof.
  intros x y z (Mx & My & HMx & HMy & H1) (My' & Mz & HMy' & HMz & H2).
  rewrite (main_unique i HF HC y My' My HMy' HMy) in H2.
  exists Mx, Mz. split; [exact HMx | split; [exact HMz | exact (hbp_trans i HF Mx My Mz H1 H2)]].
Qed.

Lemma hmain_irrefl : forall x, ~ hmain x x.
Proof.
  intros x (Mx & Mx' & HMx & HMx' & H).
  rewrite (main_unique i HF HC x Mx' Mx HMx' HMx) in H. exact (hbp_irrefl i HF HC Mx H).
Qed.

(* One E-step between accesses of one location. *)
Definition estep (x y : A) : Prop :=
  (src11_CRead S y \/ src11_CWrite S y) /\ cloc x y /\ (hmain x y \/ moorb x y).

Lemma estep_past : forall x y, estep x y ->
  (forall w, past x w -> past y w) /\ (hmain x y \/ exists w, past y w /\ ~ past x w).
Proof.
  intros x y (Hy & Hl & [(Mx & My & HMx & HMy & Hh) | Hm]).
  - split; [exact (past_hbp x y Mx My Hy Hl HMx HMy Hh) | left; exists Mx, My; auto].
  - split; [intros w; exact (past_moorb x y w Hm) |].
    right. exists y. exact (past_moorb_strict x y Hm).
Qed.

(* A chain of E-steps grows the past, and is po ∪ cause_base between main
   images or strictly grows the past. *)
Lemma echain_past : forall x y, closure estep x y ->
  (forall w, past x w -> past y w) /\ (hmain x y \/ exists w, past y w /\ ~ past x w).
Proof.
  intros x y H. induction H as [x y H | x y z H _ [IH1 IH2]]; [exact (estep_past x y H) |].
  destruct (estep_past x y H) as [H1 H2].
  split; [intros w Hw; exact (IH1 w (H1 w Hw)) |].
  destruct H2 as [Hxy | (w & Hwy & Hnx)].
  - destruct IH2 as [Hyz | (w & Hwz & Hny)]; [left; exact (hmain_trans x y z Hxy Hyz) |].
    right. exists w. split; [exact Hwz | intros Hx; exact (Hny (H1 w Hx))].
  - right. exists w. split; [exact (IH1 w Hwy) | exact Hnx].
Qed.

(* No E-chain at one location is closed by po ∪ cause_base back to its
   start, and none is a cycle. *)
Theorem echain_hbp_false : forall x y, closure estep x y -> cloc y x -> hmain y x -> False.
Proof.
  intros x y H Hl (My & Mx & HMy & HMx & Hh).
  destruct (echain_past x y H) as [H1 [H2 | (w & Hwy & Hnx)]].
  - apply (hmain_irrefl x). apply (hmain_trans x y x H2). exists My, Mx. auto.
  - assert (Hx : src11_CRead S x \/ src11_CWrite S x) by exact (cloc_mem_r y x Hl).
    exact (Hnx (past_hbp y x My Mx Hx Hl HMy HMx Hh w Hwy)).
Qed.

Theorem echain_acyclic : forall x, ~ closure estep x x.
Proof.
  intros x H. destruct (echain_past x x H) as [_ [H2 | (w & Hw & Hn)]];
    [exact (hmain_irrefl x H2) | exact (Hn Hw)].
Qed.

(* ---------------------------------------------------------------- segments *)

Lemma estep_cloc : forall x y, closure estep x y -> cloc x y.
Proof.
  intros x y H. induction H as [x y (_ & Hl & _) | x y z (_ & Hl & _) _ IH]; [exact Hl | exact (cloc_trans i HF x y z Hl IH)].
Qed.

(* A run of E-edges from s to b: empty, or from s (or, for an SC fence s,
   from an access c with M_s po ∪ cause_base M_c) an E-chain at one location
   to the access b. *)
Definition erun (s b : A) : Prop :=
  s = b \/ exists c, (s = c \/ (src11_CFence S s /\ hmain s c)) /\ (c = b \/ closure estep c b) /\
    (src11_CRead S b \/ src11_CWrite S b).

Lemma hb_hmain : forall a b, hb a b -> hmain a b.
Proof.
  intros a b H.
  destruct (main_exists i HF HC a (hb_cevent_l i HF a b H)) as [Ma HMa].
  assert (Hb : src11_CEvent S b).
  { destruct (closure_last _ a b H) as [z Hz]. destruct Hz as [Hsb | [_ Hsw]];
      [exact (sb_cevent i HF z b Hsb) | destruct Hsw as [_ [_ (o & Ho & _)]]; exact (ord_cevent i HF b o Ho)]. }
  destruct (main_exists i HF HC b Hb) as [Mb HMb].
  exists Ma, Mb. split; [exact HMa | split; [exact HMb | exact (hb_lowers i HF HC a b Ma Mb H HMa HMb)]].
Qed.

(* Extending a run by an E-edge. *)
Lemma erun_snoc : forall s b c, erun s b -> eedge b c -> erun s c.
Proof.
  intros s b c Hr (Hc & Hk). right.
  destruct Hr as [<- | (c0 & Hs & Hc0 & Hb)].
  - destruct Hk as [(Hf & [Hh | (c1 & Hh & Hm)]) | (Hs & Hl & Hh)].
    + exists c. split; [right; split; [exact Hf | exact (hb_hmain s c Hh)] | split; [left; reflexivity | exact Hc]].
    + exists c1. split; [right; split; [exact Hf | exact (hb_hmain s c1 Hh)] |].
      split; [right; apply closure_step; split; [exact Hc | split; [exact (moorb_cloc c1 c Hm) | right; exact Hm]] | exact Hc].
    + exists s. split; [left; reflexivity |].
      split; [right; apply closure_step; split; [exact Hc | split; [exact Hl |]] | exact Hc].
      destruct Hh as [Hh | Hm]; [left; exact (hb_hmain s c Hh) | right; exact Hm].
  - destruct Hk as [(Hf & _) | (_ & Hl & Hh)]; [exfalso; exact (cfence_mem_false i HF HC b Hf Hb) |].
    exists c0. split; [exact Hs | split; [right | exact Hc]].
    assert (Hbc : estep b c).
    { split; [exact Hc | split; [exact Hl |]]. destruct Hh as [Hh | Hm]; [left; exact (hb_hmain b c Hh) | right; exact Hm]. }
    destruct Hc0 as [<- | Hc0]; [exact (closure_step Hbc) | exact (closure_snoc _ _ _ _ _ Hc0 Hbc)].
Qed.

(* The segment step of the cycle argument: a run of E-edges from s to e,
   then a non-E edge e → n, puts the leading fence of s sc-before the one of
   n when s and n are scope-inclusive. Otherwise F_n sc? F_s, and the
   lowering of e → n (po ∪ cause_base into F_n, possibly after a co/fr step)
   closes the E-chain back to its start (echain_hbp_false). *)
Theorem segment_sc : forall s e n Fs Ms Fe Me Fn Mn,
  lead s Fs Ms -> lead e Fe Me -> lead n Fn Mn -> incl_c s n -> erun s e ->
  incl_c e n -> psc e n -> ~ eedge e n -> ptx_sc P Fs Fn.
Proof.
  intros s e n Fs Ms Fe Me Fn Mn Hls Hle Hln Hsn Hr Hen Hp Hne.
  destruct (Classical_Prop.classic (ptx_sc P Fs Fn)) as [Hok | Hnot]; [exact Hok | exfalso].
  assert (Hback : Fn = Ms \/ hbp i Fn Ms).
  { assert (Hq : Fn = Fs \/ hbp i Fn Fs).
    { destruct (Classical_Prop.classic (Fs = Fn)) as [-> | Hneq]; [left; reflexivity | right].
      destruct (sc_total i HF Fs Fn (proj1 (proj2 Hls)) (proj1 (proj2 Hln)) Hneq (lead_ms s n Fs Ms Fn Mn Hsn Hls Hln))
        as [H | H]; [contradiction | right; exact (sc_cb i Fn Fs H)]. }
    destruct Hls as (_ & _ & _ & HFM).
    destruct Hq as [-> | Hq]; destruct HFM as [-> | Hpo].
    - left; reflexivity.
    - right; left; exact Hpo.
    - right; exact Hq.
    - right; exact (hbp_trans i HF Fn Fs Ms Hq (or_introl Hpo)). }
  (* closing: X po ∪ cause_base F_n gives X po ∪ cause_base M_s *)
  assert (Hclose : forall X, hbp i X Fn -> hbp i X Ms)
    by (intros X HX; exact (hbp_hbq X Fn Ms HX Hback)).
  (* from the run: closing back to its first access *)
  assert (Hrun : forall y My, main i y My -> hbp i My Ms ->
            (y = e \/ estep e y) -> False).
  { intros y My HMy Hh Hy.
    destruct Hr as [Hse | (c & Hsc & Hce & Hem)].
    - subst e. destruct Hy as [Hys | Hey].
      + subst y. rewrite (main_unique i HF HC s My Ms HMy (proj1 Hls)) in Hh. exact (hbp_irrefl i HF HC Ms Hh).
      + apply (echain_hbp_false s y (closure_step Hey) (cloc_sym i s y (proj1 (proj2 Hey)))).
        exists My, Ms. split; [exact HMy | split; [exact (proj1 Hls) | exact Hh]].
    - assert (Hyc : hmain y c).
      { destruct Hsc as [<- | (_ & (Ms' & Mc & HMs' & HMc & Hsc))].
        + exists My, Ms. split; [exact HMy | split; [exact (proj1 Hls) | exact Hh]].
        + rewrite (main_unique i HF HC s Ms' Ms HMs' (proj1 Hls)) in Hsc.
          exists My, Mc. split; [exact HMy | split; [exact HMc | exact (hbp_trans i HF My Ms Mc Hh Hsc)]]. }
      assert (Hcy : c = y \/ closure estep c y).
      { destruct Hy as [-> | Hey]; [exact Hce |].
        right. destruct Hce as [<- | Hce]; [exact (closure_step Hey) | exact (closure_snoc _ _ _ _ _ Hce Hey)]. }
      destruct Hcy as [<- | Hcy]; [exact (hmain_irrefl c Hyc) |].
      exact (echain_hbp_false c y Hcy (cloc_sym i c y (estep_cloc c y Hcy)) Hyc). }
  destruct (psc_edge_classify e n Fe Me Fn Mn Hle Hln Hen Hp) as [(Hfe & _ & Hsc) | [Hh | [[Hnf (d & Md & Hm & HMd & Hh)] | He]]].
  - (* Fwd: e is a fence, so the run is empty *)
    assert (Hse : s = e).
    { destruct Hr as [-> | (c & _ & _ & Hem)]; [reflexivity | exfalso; exact (cfence_mem_false i HF HC e Hfe Hem)]. }
    subst e. destruct (lead_fence s Fs Ms Hfe Hls) as [-> HMs]. destruct (lead_fence s Fe Me Hfe Hle) as [-> HMe].
    rewrite (main_unique i HF HC s Me Ms HMe HMs) in Hsc. exact (Hnot Hsc).
  - exact (Hrun e Me (proj1 Hle) (Hclose Me Hh) (or_introl eq_refl)).
  - apply (Hrun d Md HMd (Hclose Md Hh)). right.
    split; [exact (moorb_mem_r e d Hm) | split; [exact (moorb_cloc e d Hm) | right; exact Hm]].
  - exact (Hne He).
Qed.

(* ---------------------------------------------------------------- the cycle argument *)

(* [incl] ∩ psc edges between events of a set Q. *)
Definition pscq (Q : A -> Prop) (u v : A) : Prop := incl_c u v /\ psc u v /\ Q u /\ Q v.

(* A run of E-edges of the cycle (edges of pscq Q) from s to e. *)
Definition qrun (Q : A -> Prop) (s e : A) : Prop :=
  s = e \/ closure (fun u v => pscq Q u v /\ eedge u v) s e.

(* The exact scope condition the cycle argument needs: the start of every
   run of E-edges is scope-inclusive with the target of the non-E edge that
   ends the run (for an empty run, this is that edge's own incl). *)
Definition runs_incl (Q : A -> Prop) : Prop :=
  forall s e n, Q s -> qrun Q s e -> pscq Q e n -> ~ eedge e n -> incl_c s n.

(* The invariant along a path from s0 (leading fence F0): the last segment
   boundary s has its leading fence equal to F0 or sc-after it, and a run
   of E-edges leads from s to the current event. *)
Definition path_inv (Q : A -> Prop) (F0 b : A) : Prop :=
  exists s Fs Ms, Q s /\ SCev s /\ lead s Fs Ms /\ (Fs = F0 \/ ptx_sc P F0 Fs) /\ erun s b /\ qrun Q s b.

Lemma incl_of_pairwise : forall (Q : A -> Prop), (forall u v, Q u -> Q v -> u <> v -> incl_c u v) ->
  forall u v, Q u -> Q v -> SCev u -> SCev v -> incl_c u v.
Proof.
  intros Q Hall u v Hu Hv Hsu _.
  destruct (Classical_Prop.classic (u = v)) as [<- | Hne]; [exact (incl_refl u (sc_cevent i HF u Hsu)) | exact (Hall u v Hu Hv Hne)].
Qed.

(* Pairwise scope inclusion of the cycle's events is one way to get runs_incl. *)
Lemma pairwise_runs_incl : forall (Q : A -> Prop), (forall u v, Q u -> Q v -> u <> v -> incl_c u v) ->
  runs_incl Q.
Proof.
  intros Q Hall s e n HQs Hq (Hi & Hp & HQe & HQn) _.
  apply (incl_of_pairwise Q Hall s n HQs HQn); [| exact (proj2 (psc_ends_sc i e n Hp))].
  destruct Hq as [<- | Hq]; [exact (proj1 (psc_ends_sc i s n Hp)) |].
  destruct (closure_first _ s e Hq) as [z [(_ & Hp' & _) _]]. exact (proj1 (psc_ends_sc i s z Hp')).
Qed.

Lemma path_inv_step : forall (Q : A -> Prop) F0 b c, runs_incl Q ->
  path_inv Q F0 b -> pscq Q b c -> path_inv Q F0 c.
Proof.
  intros Q F0 b c Hall (s & Fs & Ms & HQs & Hss & Hls & HF0 & Hr & Hq) Hbc.
  pose proof Hbc as (Hi & Hp & HQb & HQc).
  destruct (psc_ends_sc i b c Hp) as [Hsb Hsc].
  destruct (Classical_Prop.classic (eedge b c)) as [He | Hne].
  - exists s, Fs, Ms. split; [exact HQs | split; [exact Hss | split; [exact Hls | split; [exact HF0 |]]]].
    split; [exact (erun_snoc s b c Hr He) | right].
    destruct Hq as [<- | Hq]; [exact (closure_step (conj Hbc He)) | exact (closure_snoc _ _ _ _ _ Hq (conj Hbc He))].
  - destruct (lead_exists b Hsb) as (Fb & Mb & Hlb). destruct (lead_exists c Hsc) as (Fc & Mc & Hlc).
    pose proof (segment_sc s b c Fs Ms Fb Mb Fc Mc Hls Hlb Hlc (Hall s b c HQs Hq Hbc Hne) Hr Hi Hp Hne) as H.
    exists c, Fc, Mc. split; [exact HQc | split; [exact Hsc | split; [exact Hlc | split; [right | split; left; reflexivity]]]].
    destruct HF0 as [-> | H0]; [exact H | exact (sc_trans i HF F0 Fs Fc H0 H)].
Qed.

Lemma path_inv_closure : forall (Q : A -> Prop) F0 x y, runs_incl Q ->
  closure (pscq Q) x y -> path_inv Q F0 x -> path_inv Q F0 y.
Proof.
  intros Q F0 x y Hall H. induction H as [x y H | x y z H _ IH]; intros Hx.
  - exact (path_inv_step Q F0 x y Hall Hx H).
  - exact (IH (path_inv_step Q F0 x y Hall Hx H)).
Qed.

(* A cycle is made of E-edges only, or has a non-E edge u → v. *)
Lemma split_path : forall (Q : A -> Prop) x y, closure (pscq Q) x y ->
  closure (fun u v => pscq Q u v /\ eedge u v) x y \/
  exists u v, (x = u \/ closure (pscq Q) x u) /\ pscq Q u v /\ ~ eedge u v /\ (v = y \/ closure (pscq Q) v y).
Proof.
  intros Q x y H. induction H as [x y H | x y z H Hyz IH].
  - destruct (Classical_Prop.classic (eedge x y)) as [He | Hne].
    + left. apply closure_step. split; assumption.
    + right. exists x, y. split; [left; reflexivity | split; [exact H | split; [exact Hne | left; reflexivity]]].
  - destruct (Classical_Prop.classic (eedge x y)) as [He | Hne].
    + destruct IH as [IH | (u & v & Hyu & Huv & Hne & Hvz)].
      * left. apply (closure_cons (y := y)); [split; assumption | exact IH].
      * right. exists u, v. split; [right | split; [exact Huv | split; [exact Hne | exact Hvz]]].
        destruct Hyu as [<- | Hyu]; [exact (closure_step H) | exact (closure_cons H Hyu)].
    + right. exists x, y. split; [left; reflexivity | split; [exact H | split; [exact Hne | right; exact Hyz]]].
Qed.

Lemma eedge_estep : forall x y, eedge x y -> (src11_CRead S x \/ src11_CWrite S x) -> estep x y.
Proof.
  intros x y (Hy & [(Hf & _) | (_ & Hl & Hh)]) Hx; [exfalso; exact (cfence_mem_false i HF HC x Hf Hx) |].
  split; [exact Hy | split; [exact Hl |]].
  destruct Hh as [Hh | Hm]; [left; exact (hb_hmain x y Hh) | right; exact Hm].
Qed.

Lemma pure_e_chain : forall (Q : A -> Prop) x y, closure (fun u v => pscq Q u v /\ eedge u v) x y ->
  (src11_CRead S x \/ src11_CWrite S x) -> closure estep x y.
Proof.
  intros Q x y H. induction H as [x y [_ He] | x y z [_ He] _ IH]; intros Hx.
  - exact (closure_step (eedge_estep x y He Hx)).
  - exact (closure_cons (eedge_estep x y He Hx) (IH (proj1 He))).
Qed.

(* The cycle argument: [incl] ∩ psc has no cycle (through events of Q)
   in which the start of every run of E-edges is scope-inclusive with the
   target of the non-E edge ending the run. Split the cycle into segments, a
   run of E-edges followed by a non-E edge; each segment orders leading
   fences forward in sc (segment_sc), so a cycle with a non-E edge is an sc
   cycle; a cycle of E-edges only is an E-chain cycle at one location
   (echain_acyclic). *)
Theorem psc_acyclic_runs_incl : forall (Q : A -> Prop), runs_incl Q ->
  forall x, ~ closure (pscq Q) x x.
Proof.
  intros Q Hall x H.
  destruct (split_path Q x x H) as [He | (u & v & Hxu & Huv & Hne & Hvx)].
  - destruct (closure_last _ x x He) as [z [_ [Hx _]]].
    exact (echain_acyclic x (pure_e_chain Q x x He Hx)).
  - pose proof Huv as (Hi & Hp & HQu & HQv).
    destruct (psc_ends_sc i u v Hp) as [Hsu Hsv].
    destruct (lead_exists v Hsv) as (Fv & Mv & Hlv).
    assert (Hbase : path_inv Q Fv v).
    { exists v, Fv, Mv. split; [exact HQv | split; [exact Hsv | split; [exact Hlv |]]].
      split; [left; reflexivity | split; left; reflexivity]. }
    assert (Hinv : path_inv Q Fv u).
    { destruct Hvx as [Hvx | Hvx]; destruct Hxu as [Hxu | Hxu]; subst.
      - exact Hbase.
      - eapply (path_inv_closure Q Fv); [exact Hall | eassumption | exact Hbase].
      - eapply (path_inv_closure Q Fv); [exact Hall | eassumption | exact Hbase].
      - eapply (path_inv_closure Q Fv); [exact Hall | eapply closure_trans_pt; eassumption | exact Hbase]. }
    destruct Hinv as (s & Fs & Ms & HQs & Hss & Hls & HF0 & Hr & Hq).
    destruct (lead_exists u Hsu) as (Fu & Mu & Hlu).
    pose proof (segment_sc s u v Fs Ms Fu Mu Fv Mv Hls Hlu Hlv (Hall s u v HQs Hq Huv Hne) Hr Hi Hp Hne) as H1.
    destruct HF0 as [-> | H0]; [exact (sc_irrefl i HF Fv H1) | exact (sc_irrefl i HF Fv (sc_trans i HF Fv Fs Fv H0 H1))].
Qed.

(* The unscoped core of Theorem 3: no [incl] ∩ psc cycle whose events are
   pairwise scope-inclusive (then all their leading fences are pairwise
   morally strong, hence sc-comparable). *)
Theorem psc_acyclic_pairwise_incl : forall (Q : A -> Prop), (forall u v, Q u -> Q v -> u <> v -> incl_c u v) ->
  forall x, ~ closure (pscq Q) x x.
Proof. intros Q Hall. exact (psc_acyclic_runs_incl Q (pairwise_runs_incl Q Hall)). Qed.

(* In particular Theorem 3 holds when all SC events are pairwise
   scope-inclusive (e.g. every SC event of the program is at system scope). *)
Theorem sc_holds_when_sc_events_pairwise_incl :
  (forall u v, SCev u -> SCev v -> u <> v -> incl_c u v) ->
  src11_rc11_sc U S (ptx_Event P) (ptx_Address P) (ptx_Scope P).
Proof.
  intros Hall (x & y & Heq & H). cbn in Heq; unfold iden in Heq; subst y.
  apply (psc_acyclic_pairwise_incl SCev Hall x).
  assert (Hm : forall u v, closure (inter 2 incl_c psc) u v -> closure (pscq SCev) u v).
  2: exact (Hm x x H).
  clear Hall H x. intros x y H.
  induction H as [u v [Hi Hp] | u v w [Hi Hp] _ IH].
  - apply closure_step. destruct (psc_ends_sc i u v Hp) as [Hu Hv]. split; [exact Hi | split; [exact Hp | split; assumption]].
  - apply (closure_cons (y := v)); [| exact IH].
    destruct (psc_ends_sc i u v Hp) as [Hu Hv]. split; [exact Hi | split; [exact Hp | split; assumption]].
Qed.

End ScEdges.
