(** * Valid bits: stores invalidate, barriers commit (§III-2, Fig. 3 lift-bar) *)

From Coq Require Import List Arith ZArith Bool.
From Simt Require Import Ptx Step.
Import ListNotations.

(** A store leaves its cell holding the stored value, marked not yet valid. *)
Lemma write_invalidates m l v : mem_write m (l, v) l = (v, false).
Proof. unfold mem_write; simpl; rewrite loc_eqb_refl; reflexivity. Qed.

Lemma write_other m l v l' : l <> l' -> mem_write m (l, v) l' = m l'.
Proof.
  intro H; unfold mem_write; simpl.
  destruct (loc_eqb l l') eqn:E; [apply loc_eqb_spec in E; contradiction | reflexivity].
Qed.

(** Barrier commit validates exactly the shared memory of the block, and
    changes no value. *)
Lemma commit_shared_valid b m a : commit b m (Shared, b, a) = (fst (m (Shared, b, a)), true).
Proof. simpl; rewrite Nat.eqb_refl; reflexivity. Qed.

Lemma commit_values b m l : fst (commit b m l) = fst (m l).
Proof.
  destruct l as [[[] b'] a]; simpl; try reflexivity.
  destruct (Nat.eqb b b'); reflexivity.
Qed.

Lemma commit_other b m l : (forall a, l <> (Shared, b, a)) -> commit b m l = m l.
Proof.
  intro H; destruct l as [[[] b'] a]; simpl; try reflexivity.
  destruct (Nat.eqb b b') eqn:E; [|reflexivity].
  apply Nat.eqb_eq in E; subst; exfalso; eapply H; reflexivity.
Qed.

(** The lift-bar rule: when every warp of block [b] waits at [Bar], the
    block steps to the next instruction in every warp and its shared memory
    becomes valid, and no other location changes. *)
Theorem barrier_commits kc pi b ws m :
  Forall (at_barrier pi) ws ->
  exists ws' m',
    bstep kc pi (mkBlock b ws) m (mkBlock b ws') m' /\
    ws' = map incr_pc ws /\
    (forall a, m' (Shared, b, a) = (fst (m (Shared, b, a)), true)) /\
    (forall l, (forall a, l <> (Shared, b, a)) -> m' l = m l).
Proof.
  intros Hbar. exists (map incr_pc ws), (commit b m).
  split; [apply B_Bar; exact Hbar|].
  split; [reflexivity|].
  split; [intro a; apply commit_shared_valid | intros l Hl; apply commit_other; exact Hl].
Qed.

(** Conversely, a block can only pass a barrier all together: if some warp
    is at [Bar], any step of the block either runs another warp (whose next
    instruction is not [Bar]) or is the commit step with every warp at [Bar]. *)
Theorem barrier_waits_for_all kc pi b ws m b' m' w :
  In w ws -> at_barrier pi w ->
  bstep kc pi (mkBlock b ws) m b' m' ->
  (exists w0 i, In w0 ws /\ nth_error pi (get_pc w0) = Some i /\ i <> Bar /\ w0 <> w)
  \/ (Forall (at_barrier pi) ws /\ b' = mkBlock b (map incr_pc ws) /\ m' = commit b m).
Proof.
  intros Hin Hw H; unfold bstep in H.
  inversion H as [b0 ws0 ws' w0 w' i m0 m'' Hr Hn Hb He Hst | b0 ws0 m0 Hf]; subst.
  - left. exists w0, i. repeat split; auto.
    + clear - Hr. induction Hr; simpl; auto.
    + intro E; subst w0. unfold at_barrier in Hw. congruence.
  - right. auto.
Qed.
