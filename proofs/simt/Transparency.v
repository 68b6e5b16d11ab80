(** * Scheduler transparency for a whole warp step

    [nd_map_eq] (NdMap.v) covers per-thread updates that do not touch
    memory. Here the threads of a uniform warp execute a per-thread
    instruction ONE AT A TIME, in ANY order, each thread seeing the memory
    left by the threads scheduled before it ([nd_exec], the memory-threading
    version of [nd_map]). We show that every such schedule yields exactly
    the warp and memory of the deterministic lock-step rule [W_Local],
    provided the side condition [writes_agree] holds:

      any two writes of the instruction to the same location carry the
      same value

    (in particular: stores whose target locations are pairwise distinct,
    [nodup_writes_agree], or stores that all write the same value). Only
    [St] writes memory, so for Nop, Bop, Top, Mov, Ld and Setp the
    condition holds trivially ([no_writes_agree]). Without it the result
    does depend on the schedule ([schedule_matters_without_side_condition]). *)

From Coq Require Import List Permutation ZArith Bool FunctionalExtensionality.
From Simt Require Import Ptx Step NdMap.
Import ListNotations.

(** ** Arbitrary-order sequential execution with a shared state. *)
Inductive nd_exec {A S : Type} (f : A -> S -> A * S) : list A -> S -> list A -> S -> Prop :=
| NDE_nil s : nd_exec f [] s [] s
| NDE_cons n l t a a' s s1 l2 l' s' :
    nth_ri n l a t ->            (* the scheduler picks the thread at position n *)
    f a s = (a', s1) ->          (* it runs against the current state *)
    nd_exec f t s1 l2 s' ->      (* the others run, again in any order *)
    nth_ri n l' a' l2 ->         (* its new state goes back to position n *)
    nd_exec f l s l' s'.

(** One thread executing instruction [i] against memory [m]. *)
Definition tstep (kc : kconf) (i : instr) (t : thread) (m : mem) : thread * mem :=
  (exec_thread kc m i t, write_all m (thread_writes kc i t)).

(** ** The side condition. *)
Definition writes_agree (ws : list (loc * Z)) : Prop :=
  forall l v v', In (l, v) ws -> In (l, v') ws -> v = v'.

Lemma nodup_writes_agree ws : NoDup (map fst ws) -> writes_agree ws.
Proof.
  induction ws as [| [l0 v0] ws IH]; intros Hnd l v v' H1 H2; [destruct H1|].
  inversion Hnd as [| x y Hnin Hnd']; subst; simpl in *.
  assert (forall u, In (l0, u) ws -> False) as Hno.
  { intros u Hu. apply Hnin. change l0 with (fst (l0, u)). apply in_map; exact Hu. }
  destruct H1 as [H1 | H1], H2 as [H2 | H2];
    try (inversion H1; inversion H2; subst; reflexivity);
    try (inversion H1; subst; exfalso; eapply Hno; eassumption);
    try (inversion H2; subst; exfalso; eapply Hno; eassumption).
  eapply IH; eassumption.
Qed.

Lemma same_value_writes_agree ws v0 :
  (forall w, In w ws -> snd w = v0) -> writes_agree ws.
Proof.
  intros H l v v' H1 H2.
  apply H in H1; apply H in H2; simpl in *; congruence.
Qed.

Lemma no_writes_agree kc i ts :
  (forall ss a r, i <> St ss a r) -> writes_agree (flat_map (thread_writes kc i) ts).
Proof.
  intros Hi l v v' H1.
  exfalso. apply in_flat_map in H1 as (t & _ & H1).
  destruct i; simpl in H1; try contradiction. eapply Hi; reflexivity.
Qed.

(** ** Writes that agree commute. *)
Lemma writes_agree_perm ws ws' :
  Permutation ws ws' -> writes_agree ws -> writes_agree ws'.
Proof.
  intros Hp H l v v' H1 H2.
  apply Permutation_sym in Hp.
  apply (H l); eapply Permutation_in; eassumption.
Qed.

Lemma write_all_perm ws ws' m :
  writes_agree ws -> Permutation ws ws' -> write_all m ws = write_all m ws'.
Proof.
  intros Ha Hp; revert m Ha; induction Hp as [| x l l' Hp IH | y x l | l l' l'' H1 IH1 H2 IH2];
    intros m Ha; simpl.
  - reflexivity.
  - apply IH. intros a v v' Hv Hv'. apply (Ha a); simpl; auto.
  - unfold write_all; simpl; f_equal.
    extensionality l0; unfold mem_write.
    destruct (loc_eqb (fst x) l0) eqn:Ex, (loc_eqb (fst y) l0) eqn:Ey; auto.
    apply loc_eqb_spec in Ex; apply loc_eqb_spec in Ey.
    destruct x as [lx vx], y as [ly vy]; simpl in *.
    subst l0 lx.
    rewrite (Ha ly vx vy); simpl; auto.
  - rewrite (IH1 m Ha). apply IH2. eapply writes_agree_perm; eassumption.
Qed.

Lemma write_all_app m ws1 ws2 :
  write_all m (ws1 ++ ws2) = write_all (write_all m ws1) ws2.
Proof. unfold write_all; apply fold_left_app. Qed.

(** ** Generic decomposition of arbitrary-order executions. *)
Section Generic.
Variables (A : Type) (g : mem -> A -> A) (w : A -> list (loc * Z)) (f : A -> mem -> A * mem).
Variable Hf : forall a m, f a m = (g m a, write_all m (w a)).

(** Threads that write nothing: memory is unchanged, and the thread
    updates form an [nd_map]. *)
Lemma nd_exec_no_writes l m l' m' :
  (forall a, w a = []) -> nd_exec f l m l' m' -> m' = m /\ nd_map (g m) l l'.
Proof.
  intros Hw H; induction H as [s | n l t a a' s s1 l2 l' s' Hl Hfa Hex IH Hl'].
  - split; [reflexivity | constructor].
  - rewrite Hf, Hw in Hfa. inversion Hfa; subst. simpl in IH.
    destruct IH as [-> IH]. split; [reflexivity|].
    eapply NDCons; eassumption.
Qed.

(** Threads whose new state does not depend on memory: the thread
    updates form an [nd_map] and memory receives the writes in some
    permutation of the thread order. *)
Lemma nd_exec_mem_indep l m l' m' :
  (forall m1 m2 a, g m1 a = g m2 a) -> nd_exec f l m l' m' ->
  nd_map (g m) l l' /\
  exists ws, Permutation (flat_map w l) ws /\ m' = write_all m ws.
Proof.
  intros Hg H; induction H as [s | n l t a a' s s1 l2 l' s' Hl Hfa Hex IH Hl'].
  - split; [constructor | exists []; split; [constructor | reflexivity]].
  - rewrite Hf in Hfa. inversion Hfa; subst.
    destruct IH as [Hmap (ws & Hp & ->)]. split.
    + apply nd_map_eq in Hmap. subst l2.
      eapply NDCons; [eassumption | apply nd_map_eq; reflexivity |].
      rewrite (map_ext _ _ (fun x => Hg (write_all s (w a)) s x)) in Hl'. exact Hl'.
    + exists (w a ++ ws). split.
      * rewrite (Permutation_flat_map w (nth_ri_perm _ _ _ _ Hl)); simpl.
        apply Permutation_app_head; exact Hp.
      * rewrite write_all_app; reflexivity.
Qed.
End Generic.

(** Every per-thread instruction either writes nothing or updates the thread
    independently of memory. *)
Lemma local_split kc i :
  is_local i = true ->
  (forall t, thread_writes kc i t = []) \/
  (forall m1 m2 t, exec_thread kc m1 i t = exec_thread kc m2 i t).
Proof. destruct i; simpl; intro H; try discriminate; auto. Qed.

(** ** The lifted warp lemma. For every per-thread instruction [i] (Nop,
    Bop, Top, Mov, Ld, Setp, St to Global or Shared) and uniform warp, if
    the writes of [i] agree ([writes_agree]), then running the threads one at
    a time in ANY order gives the same warp and memory as the deterministic
    lock-step rule, and conversely the lock-step result is reached by some
    order (the thread order). *)
Theorem warp_step_schedule_transparent kc i pc ts m ts' m' :
  is_local i = true ->
  writes_agree (flat_map (thread_writes kc i) ts) ->
  nd_exec (tstep kc i) ts m ts' m' ->
  wstep kc i (Uni pc ts) m (Uni (S pc) ts') m'.
Proof.
  intros Hloc Hagree H.
  destruct (local_split kc i Hloc) as [Hw | Hg].
  - destruct (nd_exec_no_writes thread (fun m t => exec_thread kc m i t) (thread_writes kc i)
                (tstep kc i) (fun a m => eq_refl) ts m ts' m' Hw H) as [-> Hmap].
    apply nd_map_eq in Hmap; subst ts'.
    replace m with (write_all m (flat_map (thread_writes kc i) ts)) at 2.
    + constructor; exact Hloc.
    + rewrite flat_map_concat_map, (map_ext _ (fun _ => []) Hw).
      clear. induction ts; auto.
  - destruct (nd_exec_mem_indep thread (fun m t => exec_thread kc m i t) (thread_writes kc i)
                (tstep kc i) (fun a m => eq_refl) ts m ts' m' Hg H) as [Hmap (ws & Hp & ->)].
    apply nd_map_eq in Hmap; subst ts'.
    rewrite <- (write_all_perm _ _ m Hagree Hp).
    constructor; exact Hloc.
Qed.

Lemma lockstep_is_a_schedule kc i ts m :
  is_local i = true ->
  nd_exec (tstep kc i) ts m (map (exec_thread kc m i) ts)
          (write_all m (flat_map (thread_writes kc i) ts)).
Proof.
  intro Hloc; revert m; induction ts as [| a t IH]; intro m; simpl.
  - constructor.
  - rewrite write_all_app.
    eapply NDE_cons with (n := 0%nat); [constructor | reflexivity | apply IH |].
    replace (map (exec_thread kc (write_all m (thread_writes kc i a)) i) t)
      with (map (exec_thread kc m i) t); [constructor|].
    destruct (local_split kc i Hloc) as [Hw | Hg].
    + rewrite Hw; reflexivity.
    + apply map_ext; intro; apply Hg.
Qed.

Theorem warp_schedule_transparency kc i pc ts m ts' m' :
  is_local i = true ->
  writes_agree (flat_map (thread_writes kc i) ts) ->
  (nd_exec (tstep kc i) ts m ts' m' <-> wstep kc i (Uni pc ts) m (Uni (S pc) ts') m').
Proof.
  intros Hloc Hagree; split.
  - apply warp_step_schedule_transparent; assumption.
  - intro H. inversion H; subst; simpl in Hloc; try discriminate.
    apply lockstep_is_a_schedule; assumption.
Qed.

(** ** Lifting to divergent warps, blocks and grids.

    [nd_wstep] is [wstep] with the lock-step rule replaced by an
    arbitrary-order execution of the active (left-most) sub-warp; the
    control rules have no per-thread effect and are unchanged. Blocks and
    grids use the rules of Fig. 3 ([gstep_with]) over it. *)
Fixpoint active_threads (w : warp) : list thread :=
  match w with
  | Uni _ ts => ts
  | Div w1 _ => active_threads w1
  end.

Inductive nd_wstep (kc : kconf) : instr -> warp -> mem -> warp -> mem -> Prop :=
| NW_Local i pc ts ts' m m' :
    is_local i = true ->
    nd_exec (tstep kc i) ts m ts' m' ->
    nd_wstep kc i (Uni pc ts) m (Uni (S pc) ts') m'
| NW_Bra tgt pc ts m :
    nd_wstep kc (Bra tgt) (Uni pc ts) m (Uni tgt ts) m
| NW_PBra p tgt pc ts m :
    nd_wstep kc (PBra p tgt) (Uni pc ts) m
             (branch_split pc tgt (filter (fun t => th_preds t p) ts)
                                  (filter (fun t => negb (th_preds t p)) ts))
             m
| NW_Sync w m :
    nd_wstep kc Sync w m (sync w) m
| NW_Div i w1 w1' w2 m m' :
    i <> Sync ->
    nd_wstep kc i w1 m w1' m' ->
    nd_wstep kc i (Div w1 w2) m (Div w1' w2) m'.

(** The side condition for one warp step: the writes of the active threads agree. *)
Definition step_writes_agree (kc : kconf) (i : instr) (w : warp) : Prop :=
  writes_agree (flat_map (thread_writes kc i) (active_threads w)).

Theorem nd_wstep_deterministic kc i w m w' m' :
  step_writes_agree kc i w -> nd_wstep kc i w m w' m' -> wstep kc i w m w' m'.
Proof.
  unfold step_writes_agree; intros Ha H;
    induction H as [i pc ts ts' m m' Hloc Hnd | | | | i w1 w1' w2 m m' Hne H IH].
  - apply warp_step_schedule_transparent; assumption.
  - apply W_Bra.
  - apply W_PBra.
  - apply W_Sync.
  - apply W_Div; [exact Hne | apply IH; exact Ha].
Qed.

Lemma wstep_nd kc i w m w' m' : wstep kc i w m w' m' -> nd_wstep kc i w m w' m'.
Proof.
  induction 1.
  - apply NW_Local; [assumption | apply lockstep_is_a_schedule; assumption].
  - apply NW_Bra.
  - apply NW_PBra.
  - apply NW_Sync.
  - apply NW_Div; assumption.
Qed.

(** Grid steps where warps run their threads in any order ... *)
Definition nd_gstep (kc : kconf) (pi : prg) : grid * mem -> grid * mem -> Prop :=
  gstep_with pi (nd_wstep kc).

(** ... restricted to warp steps satisfying the side condition. *)
Definition nd_gstep_agree (kc : kconf) (pi : prg) : grid * mem -> grid * mem -> Prop :=
  gstep_with pi (fun i w m w' m' => step_writes_agree kc i w /\ nd_wstep kc i w m w' m').

Lemma n_apply_mono {A : Type} (R1 R2 : A -> A -> Prop) n a a' :
  (forall x y, R1 x y -> R2 x y) -> n_apply n R1 a a' -> n_apply n R2 a a'.
Proof.
  intros HR H; induction H as [f a | n a a1 a' f Hf Happ IH].
  - apply AppZero.
  - eapply AppNext; [apply HR; exact Hf | apply IH; exact HR].
Qed.

(** Scheduler transparency for whole runs: every n-step run in which warps
    execute their threads in arbitrary orders, and every executed warp
    instruction satisfies the side condition, is an n-step run of the
    deterministic semantics; conversely every deterministic run is one of
    the arbitrary-order runs. *)
Theorem grid_schedule_transparent kc pi n s s' :
  n_apply n (nd_gstep_agree kc pi) s s' -> n_apply n (gstep kc pi) s s'.
Proof.
  apply n_apply_mono; intros x y H.
  eapply gstep_with_mono; [| exact H].
  intros i w m w' m' [Ha Hnd]. apply nd_wstep_deterministic; assumption.
Qed.

Theorem grid_lockstep_is_a_schedule kc pi n s s' :
  n_apply n (gstep kc pi) s s' -> n_apply n (nd_gstep kc pi) s s'.
Proof.
  apply n_apply_mono; intros x y H.
  eapply gstep_with_mono; [| exact H].
  intros i w m w' m' Hw. apply wstep_nd; exact Hw.
Qed.

(** ** The side condition is needed: two threads storing different values to
    the same global address leave different memories under the two
    schedules. *)
Definition r_val : reg := (UI 32, 0%nat).
Definition racy_kc : kconf := ((1, 1, 1), (2, 1, 1))%nat.
Definition racy_st : instr := St Global (Imm 0) r_val.
Definition racy_t0 : thread := set_reg (init_thread 0) r_val 1.
Definition racy_t1 : thread := set_reg (init_thread 1) r_val 2.
Definition racy_mem : mem := fun _ => (0%Z, true).

Theorem schedule_matters_without_side_condition :
  exists m1 m2,
    nd_exec (tstep racy_kc racy_st) [racy_t0; racy_t1] racy_mem [racy_t0; racy_t1] m1 /\
    nd_exec (tstep racy_kc racy_st) [racy_t0; racy_t1] racy_mem [racy_t0; racy_t1] m2 /\
    ~ writes_agree (flat_map (thread_writes racy_kc racy_st) [racy_t0; racy_t1]) /\
    m1 <> m2.
Proof.
  eexists; eexists; split; [|split; [|split]].
  - (* thread 0, then thread 1 *)
    eapply NDE_cons with (n := 0%nat); [constructor | reflexivity | |constructor].
    eapply NDE_cons with (n := 0%nat); [constructor | reflexivity | constructor | constructor].
  - (* thread 1, then thread 0 *)
    eapply NDE_cons with (n := 1%nat); [repeat constructor | reflexivity | |repeat constructor].
    eapply NDE_cons with (n := 0%nat); [constructor | reflexivity | constructor | constructor].
  - intro H. specialize (H (Global, 0%nat, 0%Z) 1%Z 2%Z). simpl in H.
    discriminate H; auto.
  - intro H. apply (f_equal (fun m => fst (m (Global, 0%nat, 0%Z)))) in H.
    vm_compute in H. discriminate H.
Qed.
