(** * Small-step semantics of warps, blocks and grids (Figs. 1 and 3) *)

From Coq Require Import List Arith ZArith Bool.
From Simt Require Import Ptx.
Import ListNotations.

Section Semantics.

Variable kc : kconf.

(** ** Warps (Fig. 1). [wstep i w m w' m']: instruction [i] takes warp [w]
    and memory [m] to [w'] and [m'].

    - [W_Local] covers the rules nop, bop, top, mov, ld, st and setp: every
      thread of the uniform warp applies [exec_thread] (in lock step, all
      reading the memory as it was before the instruction) and the memory
      receives the threads' writes in thread order. The lemma in
      [Transparency.v] shows that order does not matter under the stated
      side condition.
    - [W_Atom]: the threads of the warp perform their atomic
      read-modify-writes one after the other, in thread order (PTX leaves
      the order of the atomics of one warp instruction unspecified; which
      orders give the same result is the subject of [Transparency.v]). Not
      on the read-only [Const] space.
    - [W_Bra], [W_PBra], [W_Sync] are the control rules; a predicated branch
      splits the threads on their predicate register.
    - [W_Div]: in a divergent warp, any instruction except [Sync] runs on
      the left-most sub-warp. [Sync] applies the [sync] function of Fig. 2. *)
Inductive wstep : instr -> warp -> mem -> warp -> mem -> Prop :=
| W_Local i pc ts m :
    is_local i = true ->
    wstep i (Uni pc ts) m
          (Uni (S pc) (map (exec_thread kc m i) ts))
          (write_all m (flat_map (thread_writes kc i) ts))
| W_Atom ss o d a b c pc ts m ts' m' :
    sspace_eqb ss Const = false ->
    run_in_order (atom_step kc (Atom ss o d a b c)) ts m = (ts', m') ->
    wstep (Atom ss o d a b c) (Uni pc ts) m (Uni (S pc) ts') m'
| W_Bra tgt pc ts m :
    wstep (Bra tgt) (Uni pc ts) m (Uni tgt ts) m
| W_PBra p tgt pc ts m :
    wstep (PBra p tgt) (Uni pc ts) m
          (branch_split pc tgt (filter (fun t => th_preds t p) ts)
                               (filter (fun t => negb (th_preds t p)) ts))
          m
| W_Sync w m :
    wstep Sync w m (sync w) m
| W_Div i w1 w1' w2 m m' :
    i <> Sync ->
    wstep i w1 m w1' m' ->
    wstep i (Div w1 w2) m (Div w1' w2) m'.

(** [replace_at l x x' l']: [l'] is [l] with one occurrence of [x] replaced
    by [x'] (the substitution [β[ω'/ω]] of Fig. 3). *)
Inductive replace_at {A : Type} : list A -> A -> A -> list A -> Prop :=
| RA_here x x' t : replace_at (x :: t) x x' (x' :: t)
| RA_there y t x x' t' : replace_at t x x' t' -> replace_at (y :: t) x x' (y :: t').

Variable pi : prg.

Definition warp_complete (w : warp) : bool :=
  match nth_error pi (get_pc w) with
  | Some Exit => true
  | _ => false
  end.

Definition at_barrier (w : warp) : Prop := nth_error pi (get_pc w) = Some Bar.

Definition block_complete (b : block) : bool := forallb warp_complete (blk_warps b).

Definition terminated (g : grid) : Prop := forallb block_complete g = true.

(** ** Blocks (Fig. 3). [B_Exec]: some warp whose next instruction is neither
    [Bar] nor [Exit] takes a step (the scheduler's choice is free).
    [B_Bar]: when every warp is at [Bar], all move past it and the block's
    shared memory is committed (valid bits set).

    The block and grid rules are stated over an arbitrary warp-step relation
    [W]; the semantics proper uses [W := wstep] ([bstep], [gstep]), and
    [Transparency.v] reuses the same rules over the arbitrary-order warp
    step. *)
Section Sched.
Variable W : instr -> warp -> mem -> warp -> mem -> Prop.

Inductive bstep_with : block -> mem -> block -> mem -> Prop :=
| B_Exec b ws ws' w w' i m m' :
    replace_at ws w w' ws' ->
    nth_error pi (get_pc w) = Some i ->
    i <> Bar -> i <> Exit ->
    W i w m w' m' ->
    bstep_with (mkBlock b ws) m (mkBlock b ws') m'
| B_Bar b ws m :
    Forall at_barrier ws ->
    bstep_with (mkBlock b ws) m (mkBlock b (map incr_pc ws)) (commit b m).

(** ** Grids (Fig. 3): some incomplete block takes a step. *)
Inductive gstep_with : grid * mem -> grid * mem -> Prop :=
| G_Exec g g' b b' m m' :
    replace_at g b b' g' ->
    block_complete b = false ->
    bstep_with b m b' m' ->
    gstep_with (g, m) (g', m').
End Sched.

Definition bstep : block -> mem -> block -> mem -> Prop := bstep_with wstep.
Definition gstep : grid * mem -> grid * mem -> Prop := gstep_with wstep.

End Semantics.

(** Refining the warp step refines block and grid steps. *)
Lemma gstep_with_mono pi (W1 W2 : instr -> warp -> mem -> warp -> mem -> Prop) s s' :
  (forall i w m w' m', W1 i w m w' m' -> W2 i w m w' m') ->
  gstep_with pi W1 s s' -> gstep_with pi W2 s s'.
Proof.
  intros HW H; destruct H as [g g' b b' m m' Hr Hc Hb].
  econstructor; [exact Hr | exact Hc |].
  destruct Hb; [eapply B_Exec; eauto | apply B_Bar; assumption].
Qed.

(** ** [n_apply n f a a']: [a'] is reached from [a] by exactly [n] [f]-steps
    (Listing 4). *)
Inductive n_apply {A : Type} : nat -> (A -> A -> Prop) -> A -> A -> Prop :=
| AppZero (f : A -> A -> Prop) (a : A) : n_apply 0 f a a
| AppNext (n : nat) (a a1 a' : A) (f : A -> A -> Prop)
    (Hf : f a a1) (Happ : n_apply n f a1 a') : n_apply (S n) f a a'.

(** A terminated grid cannot step: every block is complete, and only
    incomplete blocks are scheduled. *)
Lemma terminated_stuck kc pi g m s :
  terminated pi g -> ~ gstep kc pi (g, m) s.
Proof.
  unfold terminated, gstep; intros Ht Hs; inversion Hs as [g0 g' b b' m0 m' Hr Hc Hb]; subst.
  rewrite forallb_forall in Ht.
  assert (In b g) as Hin.
  { clear - Hr. induction Hr; simpl; auto. }
  specialize (Ht b Hin). congruence.
Qed.

(** In a grid of one block holding one warp, a step is either an ordinary
    warp step or a barrier commit: the scheduler has no choice to make. *)
Lemma gstep_single kc pi b w m s :
  gstep kc pi ([mkBlock b [w]], m) s ->
  (exists i w' m',
      nth_error pi (get_pc w) = Some i /\ i <> Bar /\ i <> Exit /\
      wstep kc i w m w' m' /\ s = ([mkBlock b [w']], m'))
  \/ (nth_error pi (get_pc w) = Some Bar /\ s = ([mkBlock b [incr_pc w]], commit b m)).
Proof.
  unfold gstep; intro H; inversion H as [g g' b0 b' m0 m' Hr Hc Hb]; subst.
  inversion Hr; subst; [|match goal with H : replace_at [] _ _ _ |- _ => inversion H end].
  inversion Hb as [b1 ws ws' w0 w' i m1 m'' Hr' Hn Hbar Hex Hw | b1 ws m1 Hf]; subst.
  - left. inversion Hr'; subst;
      [|match goal with H : replace_at [] _ _ _ |- _ => inversion H end].
    exists i, w', m'. auto 7.
  - right. inversion Hf; subst. auto.
Qed.
