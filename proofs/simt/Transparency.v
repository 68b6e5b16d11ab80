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
    does depend on the schedule ([schedule_matters_without_side_condition]).

    Atomic read-modify-writes ([Atom], rule [W_Atom]) get the same treatment
    with their own side condition ([Atomics.atoms_commute]): transparent
    when the updates at one location commute (add, and, or, xor, min, max
    without returned value), not for exchange, CAS or returned values
    (counterexamples at the end of the file). Both are lifted to grid runs. *)

From Coq Require Import List Permutation ZArith Bool FunctionalExtensionality.
From Simt Require Import Ptx Step NdMap Atomics.
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
Proof. exact (nodup_fst_determines ws). Qed.

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

(** ** Atomic read-modify-writes ([W_Atom]).

    The threads of an atomic warp instruction perform their RMWs one at a
    time; [W_Atom] takes thread order, a schedule takes any order
    ([nd_exec (atom_step kc i)]). The two agree under [atoms_commute]
    (Atomics.v): without a destination ([red]), the updates at each
    location commute, which [red.add/and/or/xor/min/max] always satisfy
    ([red_commuting_atoms_commute]); with a destination, the locations
    are pairwise distinct. *)

Lemma run_in_order_is_a_schedule {A S : Type} (f : A -> S -> A * S) l s :
  nd_exec f l s (fst (run_in_order f l s)) (snd (run_in_order f l s)).
Proof.
  revert s; induction l as [| a t IH]; intro s; simpl; [constructor|].
  destruct (f a s) as [a' s1] eqn:E; specialize (IH s1).
  destruct (run_in_order f t s1) as [t' s'] eqn:E2; simpl in *.
  eapply NDE_cons with (n := 0%nat); [constructor | exact E | exact IH | constructor].
Qed.

(** Every schedule applies the threads' updates in some order (with or
    without destination, whatever the operation). *)
Lemma nd_exec_atom_mem kc ss o d a b c l m l' m' :
  nd_exec (atom_step kc (Atom ss o d a b c)) l m l' m' ->
  exists us, Permutation (atom_updates kc (Atom ss o d a b c) l) us /\ m' = rmw_all m us.
Proof.
  induction 1 as [s | n l t a0 a' s s1 l2 l' s' Hl Hfa Hex IH Hl'].
  - exists []; split; [constructor | reflexivity].
  - destruct IH as (us & Hp & ->).
    exists ((atom_loc kc (Atom ss o d a b c) a0, atom_update kc (Atom ss o d a b c) a0) :: us).
    split.
    + unfold atom_updates; rewrite (Permutation_map _ (nth_ri_perm _ _ _ _ Hl)); simpl.
      apply perm_skip; exact Hp.
    + apply (f_equal snd) in Hfa; rewrite atom_step_rmw in Hfa; simpl in Hfa.
      subst s1; reflexivity.
Qed.

(** Under the side condition every thread ends as if it had run first. *)
Lemma nd_exec_atom_threads kc ss o d a b c l m l' m' :
  atoms_commute kc (Atom ss o d a b c) l ->
  nd_exec (atom_step kc (Atom ss o d a b c)) l m l' m' ->
  l' = map (fun t => fst (atom_step kc (Atom ss o d a b c) t m)) l.
Proof.
  set (i := Atom ss o d a b c).
  intros Hc H; revert Hc; induction H as [s | n l t a0 a' s s1 l2 l' s' Hl Hfa Hex IH Hl'];
    intro Hc; [reflexivity|].
  pose proof (nth_ri_perm _ _ _ _ Hl) as Hp.
  rewrite (IH (atoms_commute_pick kc i a0 l t Hp Hc)) in Hl'.
  assert (a' = fst (atom_step kc i a0 s)) as Ha' by (rewrite Hfa; reflexivity).
  assert (s1 = rmw s (atom_loc kc i a0, atom_update kc i a0)) as Hs1
    by (apply (f_equal snd) in Hfa; unfold i in Hfa; rewrite atom_step_rmw in Hfa;
        symmetry; exact Hfa).
  subst a'. eapply nth_ri_map; [exact Hl|].
  erewrite map_ext_in; [exact Hl'|]. intros t0 Ht0.
  unfold i in *; destruct d as [r |]; [| reflexivity].
  apply atom_step_thread_local. subst s1. f_equal. symmetry; apply rmw_other; simpl.
  apply (Permutation_map (atom_loc kc (Atom ss o (Some r) a b c))) in Hp.
  apply (Permutation_NoDup Hp) in Hc. inversion Hc as [| x y Hnin Hnd]; subst.
  intro E; apply Hnin; rewrite E.
  exact (in_map (atom_loc kc (Atom ss o (Some r) a b c)) _ _ Ht0).
Qed.

(** Two schedules satisfying the side condition end in the same state. *)
Lemma nd_exec_atom_unique kc ss o d a b c l m l1 m1 l2 m2 :
  atoms_commute kc (Atom ss o d a b c) l ->
  nd_exec (atom_step kc (Atom ss o d a b c)) l m l1 m1 ->
  nd_exec (atom_step kc (Atom ss o d a b c)) l m l2 m2 ->
  l1 = l2 /\ m1 = m2.
Proof.
  intros Hc H1 H2.
  rewrite (nd_exec_atom_threads _ _ _ _ _ _ _ _ _ _ _ Hc H1),
          (nd_exec_atom_threads _ _ _ _ _ _ _ _ _ _ _ Hc H2).
  split; [reflexivity|].
  destruct (nd_exec_atom_mem _ _ _ _ _ _ _ _ _ _ _ H1) as (us1 & Hp1 & ->).
  destruct (nd_exec_atom_mem _ _ _ _ _ _ _ _ _ _ _ H2) as (us2 & Hp2 & ->).
  pose proof (atoms_commute_updates _ _ _ Hc) as Hu.
  rewrite <- (rmw_all_perm _ _ m Hu Hp1), <- (rmw_all_perm _ _ m Hu Hp2); reflexivity.
Qed.

(** The warp lemma for atomics: under [atoms_commute], every schedule of an
    atomic warp instruction gives the warp and memory of [W_Atom] (thread
    order), and conversely. *)
Theorem atom_step_schedule_transparent kc i pc ts m ts' m' :
  is_atomic i = true ->
  atoms_commute kc i ts ->
  nd_exec (atom_step kc i) ts m ts' m' ->
  wstep kc i (Uni pc ts) m (Uni (S pc) ts') m'.
Proof.
  intros Hat Hc H; destruct i; try discriminate; simpl in Hat.
  apply W_Atom; [destruct (sspace_eqb ss Const); [discriminate | reflexivity]|].
  pose proof (run_in_order_is_a_schedule (atom_step kc (Atom ss o d a b c)) ts m) as Hs.
  destruct (nd_exec_atom_unique _ _ _ _ _ _ _ _ _ _ _ _ _ Hc Hs H) as [<- <-].
  destruct (run_in_order _ ts m); reflexivity.
Qed.

Theorem warp_atom_schedule_transparency kc i pc ts m ts' m' :
  is_atomic i = true ->
  atoms_commute kc i ts ->
  (nd_exec (atom_step kc i) ts m ts' m' <-> wstep kc i (Uni pc ts) m (Uni (S pc) ts') m').
Proof.
  intros Hat Hc; split; [apply atom_step_schedule_transparent; assumption|].
  destruct i; try discriminate.
  intro H; inversion H; subst; [discriminate |].
  match goal with Hrun : run_in_order _ _ _ = _ |- _ =>
    pose proof (run_in_order_is_a_schedule (atom_step kc (Atom ss o d a b c)) ts m) as Hs;
    rewrite Hrun in Hs; exact Hs end.
Qed.

(** [atom.add/and/or/xor/min/max] WITH a destination, at one location:
    the memory is still that of thread order, and each thread differs from
    its thread-order state at most in the value returned to the
    destination (which value, depends on the schedule: see
    [atom_return_schedule_matters]). *)
Lemma nth_ri_Forall2 {A B : Type} (P : A -> B -> Prop) n l a t l' b t' :
  nth_ri n l a t -> nth_ri n l' b t' -> P a b -> Forall2 P t t' -> Forall2 P l l'.
Proof.
  intro H; revert l' t'; induction H as [a t | n t t0 x a H IH]; intros l' t' H' Hab Ht;
    inversion H'; subst.
  - constructor; assumption.
  - inversion Ht; subst. constructor; [assumption | eapply IH; eassumption].
Qed.

Theorem atom_commuting_memory_transparent kc ss o d a b c ts m ts' m' :
  aop_commutes o = true ->
  nd_exec (atom_step kc (Atom ss o d a b c)) ts m ts' m' ->
  m' = snd (run_in_order (atom_step kc (Atom ss o d a b c)) ts m) /\
  Forall2 (fun t t' => exists v, t' = fst (atom_step kc (Atom ss o d a b c) t (fun _ => (v, false))))
          ts ts'.
Proof.
  intros Ho H; split.
  - pose proof (run_in_order_is_a_schedule (atom_step kc (Atom ss o d a b c)) ts m) as Hs.
    destruct (nd_exec_atom_mem _ _ _ _ _ _ _ _ _ _ _ H) as (us1 & Hp1 & ->).
    destruct (nd_exec_atom_mem _ _ _ _ _ _ _ _ _ _ _ Hs) as (us2 & Hp2 & ->).
    pose proof (red_commuting_atoms_commute kc ss o a b c ts Ho) as Hu.
    change (updates_commute (atom_updates kc (Atom ss o d a b c) ts)) in Hu.
    rewrite <- (rmw_all_perm _ _ m Hu Hp1), <- (rmw_all_perm _ _ m Hu Hp2); reflexivity.
  - clear Ho; induction H as [s | n l t a0 a' s s1 l2 l' s' Hl Hfa Hex IH Hl']; [constructor|].
    eapply nth_ri_Forall2; [exact Hl | exact Hl' | | exact IH].
    exists (fst (s (atom_loc kc (Atom ss o d a b c) a0))).
    replace a' with (fst (atom_step kc (Atom ss o d a b c) a0 s)) by (rewrite Hfa; reflexivity).
    apply atom_step_thread_local; reflexivity.
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
| NW_Atom i pc ts ts' m m' :
    is_atomic i = true ->
    nd_exec (atom_step kc i) ts m ts' m' ->
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

(** The side condition for one warp step, on its active threads: the
    writes of a store agree, and the atomics of an atomic instruction
    commute ([atoms_commute]; each part is trivial for the other kind). *)
Definition step_side_condition (kc : kconf) (i : instr) (w : warp) : Prop :=
  writes_agree (flat_map (thread_writes kc i) (active_threads w)) /\
  atoms_commute kc i (active_threads w).

Theorem nd_wstep_deterministic kc i w m w' m' :
  step_side_condition kc i w -> nd_wstep kc i w m w' m' -> wstep kc i w m w' m'.
Proof.
  unfold step_side_condition; intros Ha H;
    induction H as [i pc ts ts' m m' Hloc Hnd | i pc ts ts' m m' Hat Hnd | | | |
                    i w1 w1' w2 m m' Hne H IH].
  - apply warp_step_schedule_transparent; [| apply Ha |]; assumption.
  - apply atom_step_schedule_transparent; [| apply Ha |]; assumption.
  - apply W_Bra.
  - apply W_PBra.
  - apply W_Sync.
  - apply W_Div; [exact Hne | apply IH; exact Ha].
Qed.

Lemma wstep_nd kc i w m w' m' : wstep kc i w m w' m' -> nd_wstep kc i w m w' m'.
Proof.
  induction 1.
  - apply NW_Local; [assumption | apply lockstep_is_a_schedule; assumption].
  - apply NW_Atom; [simpl; rewrite H; reflexivity|].
    pose proof (run_in_order_is_a_schedule (atom_step kc (Atom ss o d a b c)) ts m) as Hs.
    rewrite H0 in Hs; exact Hs.
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
  gstep_with pi (fun i w m w' m' => step_side_condition kc i w /\ nd_wstep kc i w m w' m').

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

(** ** Atomics: transparency for the commuting ones, and counterexamples.

    [atom_transparent kc i ts]: every schedule of [i] on the warp [ts]
    gives the [W_Atom] (thread-order) result. *)
Definition atom_transparent (kc : kconf) (i : instr) (ts : list thread) : Prop :=
  forall pc m ts' m',
    nd_exec (atom_step kc i) ts m ts' m' -> wstep kc i (Uni pc ts) m (Uni (S pc) ts') m'.

(** [red.add/and/or/xor/min/max] (no destination) are transparent for
    every warp, whatever the addresses (one location or several). *)
Theorem red_commuting_transparent kc ss o a b c ts :
  ss <> Const -> aop_commutes o = true -> atom_transparent kc (Atom ss o None a b c) ts.
Proof.
  intros Hss Ho pc m ts' m'. apply atom_step_schedule_transparent.
  - simpl; destruct ss; simpl; congruence.
  - apply red_commuting_atoms_commute; exact Ho.
Qed.

(** The schedule that runs the second of two threads first. *)
Lemma reversed_schedule {A S : Type} (f : A -> S -> A * S) x y s :
  nd_exec f [x; y] s [fst (f x (snd (f y s))); fst (f y s)] (snd (f x (snd (f y s)))).
Proof.
  eapply NDE_cons with (n := 1%nat) (a' := fst (f y s)) (s1 := snd (f y s));
    [repeat constructor | destruct (f y s); reflexivity | | repeat constructor].
  eapply NDE_cons with (n := 0%nat) (a' := fst (f x (snd (f y s))))
                       (s1 := snd (f x (snd (f y s))));
    [constructor | destruct (f x _); reflexivity | constructor | constructor].
Qed.

(** In the counterexamples two threads of [racy_kc] (holding 1 and 2 in
    [r_val]) act on global address 0, which holds 0 ([racy_mem]); the
    schedule "thread 1 first" is compared with [W_Atom]'s thread order. *)
Ltac refute_by_reversed_schedule observe :=
  let H := fresh "H" in
  intro H; specialize (H 0%nat racy_mem _ _ (reversed_schedule _ _ _ _));
  inversion H; subst; try discriminate;
  match goal with Hrun : run_in_order _ _ _ = _ |- _ =>
    apply (f_equal observe) in Hrun; vm_compute in Hrun; discriminate Hrun end.

Definition global0 : loc := (Global, 0%nat, 0%Z).

(** [red.exch [0], r]: thread order leaves 2, the reversed schedule 1. *)
Definition exch_instr : instr := Atom Global AEXCH None (Imm 0) (Reg r_val) (Imm 0).

Theorem exch_schedule_matters : ~ atom_transparent racy_kc exch_instr [racy_t0; racy_t1].
Proof. refute_by_reversed_schedule (fun p : list thread * mem => fst (snd p global0)). Qed.

(** [atom.cas [0], 0, r] (without using the returned value): the first
    thread to run swaps 0 for its value, the second fails; thread order
    leaves 1, the reversed schedule 2. *)
Definition cas_instr : instr := Atom Global ACAS None (Imm 0) (Imm 0) (Reg r_val).

Theorem cas_schedule_matters : ~ atom_transparent racy_kc cas_instr [racy_t0; racy_t1].
Proof. refute_by_reversed_schedule (fun p : list thread * mem => fst (snd p global0)). Qed.

(** [atom.add r_ret, [0], r]: the memory ends at 3 in both orders
    ([atom_commuting_memory_transparent]), but the old value returned to
    thread 0 is 0 in thread order and 2 in the reversed schedule: a
    commuting operation is not enough once values are returned. *)
Definition r_ret : reg := (UI 32, 1%nat).
Definition add_ret_instr : instr := Atom Global AADD (Some r_ret) (Imm 0) (Reg r_val) (Imm 0).

Theorem atom_return_schedule_matters :
  ~ atom_transparent racy_kc add_ret_instr [racy_t0; racy_t1].
Proof.
  refute_by_reversed_schedule
    (fun p : list thread * mem => match fst p with t :: _ => th_regs t r_ret | [] => 0%Z end).
Qed.
