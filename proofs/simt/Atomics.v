(** * Atomic read-modify-writes on memory: when they commute

    A thread's atomic ([Ptx.atom_step]) applies an update [Z -> Z] to the
    value at one location. This file is about memory only (no schedules):
    two updates commute when they are at different locations or their
    functions commute ([rmw_swap]); a list of pairwise commuting updates
    gives the same memory in every order ([rmw_all_perm]). The side
    condition of the warp lemma for atomics ([atoms_commute]) and the
    operations that always satisfy it ([aop_commutes]: add, and, or, xor,
    min, max) are here too; [Transparency.v] uses them. *)

From Coq Require Import List Permutation ZArith Bool Lia FunctionalExtensionality.
From Simt Require Import Ptx.
Import ListNotations.

(** An update: a location and the function applied to its value. *)
Definition update : Type := (loc * (Z -> Z))%type.

Definition rmw (m : mem) (u : update) : mem :=
  mem_write m (fst u, snd u (fst (m (fst u)))).

Definition rmw_all (m : mem) (us : list update) : mem := fold_left rmw us m.

(** The updates of one atomic warp instruction, in thread order. *)
Definition atom_updates (kc : kconf) (i : instr) (ts : list thread) : list update :=
  map (fun t => (atom_loc kc i t, atom_update kc i t)) ts.

(** A thread's atomic step is its update, and its new state depends on
    memory only through the value at its location. *)
Lemma atom_step_rmw kc ss o d a b c t m :
  snd (atom_step kc (Atom ss o d a b c) t m) =
  rmw m (atom_loc kc (Atom ss o d a b c) t, atom_update kc (Atom ss o d a b c) t).
Proof. reflexivity. Qed.

Lemma atom_step_thread_local kc i t m1 m2 :
  fst (m1 (atom_loc kc i t)) = fst (m2 (atom_loc kc i t)) ->
  fst (atom_step kc i t m1) = fst (atom_step kc i t m2).
Proof. intro H; destruct i; try reflexivity; simpl in *; destruct d; [rewrite H|]; reflexivity. Qed.

Lemma rmw_other m u l : fst u <> l -> rmw m u l = m l.
Proof.
  intro H; unfold rmw, mem_write; simpl.
  destruct (loc_eqb (fst u) l) eqn:E; [apply loc_eqb_spec in E; contradiction | reflexivity].
Qed.

(** ** Commuting updates. *)
Definition updates_commute (us : list update) : Prop :=
  forall l f g, In (l, f) us -> In (l, g) us -> forall x, f (g x) = g (f x).

Lemma updates_commute_incl us us' :
  incl us' us -> updates_commute us -> updates_commute us'.
Proof. intros Hi H l f g Hf Hg. apply (H l); apply Hi; assumption. Qed.

(** Updates at pairwise distinct locations commute. *)
(** In a list whose first components are distinct, the first component
    determines the pair. *)
Lemma nodup_fst_determines {A B : Type} (xs : list (A * B)) :
  NoDup (map fst xs) -> forall a b b', In (a, b) xs -> In (a, b') xs -> b = b'.
Proof.
  induction xs as [| [a0 b0] xs IH]; intros Hnd a b b' H1 H2; [destruct H1|].
  inversion Hnd as [| y z Hnin Hnd']; subst; simpl in *.
  assert (forall c, In (a0, c) xs -> False) as Hno.
  { intros c Hc. apply Hnin. change a0 with (fst (a0, c)). apply in_map; exact Hc. }
  destruct H1 as [H1 | H1], H2 as [H2 | H2];
    try (inversion H1; inversion H2; subst; reflexivity);
    try (inversion H1; subst; exfalso; eapply Hno; eassumption);
    try (inversion H2; subst; exfalso; eapply Hno; eassumption).
  eapply IH; eassumption.
Qed.

Lemma nodup_updates_commute us : NoDup (map fst us) -> updates_commute us.
Proof.
  intros Hnd l f g H1 H2 x.
  rewrite (nodup_fst_determines us Hnd l f g H1 H2). reflexivity.
Qed.

Lemma rmw_swap m l1 f1 l2 f2 :
  (l1 = l2 -> forall x, f1 (f2 x) = f2 (f1 x)) ->
  rmw (rmw m (l1, f1)) (l2, f2) = rmw (rmw m (l2, f2)) (l1, f1).
Proof.
  intro Hc; extensionality l; unfold rmw, mem_write; simpl.
  destruct (loc_eqb l1 l2) eqn:E12.
  - apply loc_eqb_spec in E12; subst l2. rewrite loc_eqb_refl.
    simpl; destruct (loc_eqb l1 l); [rewrite (Hc eq_refl); reflexivity | reflexivity].
  - assert (loc_eqb l2 l1 = false) as E21.
    { destruct (loc_eqb l2 l1) eqn:E; [|reflexivity].
      apply loc_eqb_spec in E; subst; rewrite loc_eqb_refl in E12; discriminate. }
    rewrite E21.
    destruct (loc_eqb l2 l) eqn:E2, (loc_eqb l1 l) eqn:E1; try reflexivity.
    apply loc_eqb_spec in E1; apply loc_eqb_spec in E2; subst.
    rewrite loc_eqb_refl in E12; discriminate.
Qed.

(** Pairwise commuting updates give the same memory in every order. *)
Lemma rmw_all_perm us us' m :
  updates_commute us -> Permutation us us' -> rmw_all m us = rmw_all m us'.
Proof.
  intros Ha Hp; revert m Ha; induction Hp as [| x l l' Hp IH | y x l | l l' l'' H1 IH1 H2 IH2];
    intros m Ha; simpl.
  - reflexivity.
  - apply IH. eapply updates_commute_incl; [|exact Ha]. intros u Hu; simpl; auto.
  - unfold rmw_all; simpl; f_equal.
    destruct x as [lx fx], y as [ly fy].
    apply rmw_swap. intros -> z. apply (Ha ly); simpl; auto.
  - rewrite (IH1 m Ha). apply IH2.
    eapply updates_commute_incl; [|exact Ha].
    intros u Hu; apply (Permutation_in _ (Permutation_sym H1) Hu).
Qed.

(** ** The side condition for one atomic warp instruction. Without a
    destination ([red]), the updates at each location must commute. With
    one ([atom] returning the old value), the locations must be pairwise
    distinct: two threads at one location read different old values in
    the two orders (even for [AADD], see [Transparency.v]). *)
Definition atoms_commute (kc : kconf) (i : instr) (ts : list thread) : Prop :=
  match i with
  | Atom _ _ None _ _ _ => updates_commute (atom_updates kc i ts)
  | Atom _ _ (Some _) _ _ _ => NoDup (map (atom_loc kc i) ts)
  | _ => True
  end.

Lemma atoms_commute_updates kc i ts :
  atoms_commute kc i ts -> updates_commute (atom_updates kc i ts).
Proof.
  destruct i; simpl; try (intros _ l f g H; apply in_map_iff in H as (t & H & _); inversion H; reflexivity).
  destruct d; [| exact (fun H => H)].
  intro H; apply nodup_updates_commute. unfold atom_updates; rewrite map_map; exact H.
Qed.

(** What the scheduler leaves after picking one thread still satisfies it. *)
Lemma atoms_commute_pick kc i a ts ts' :
  Permutation ts (a :: ts') -> atoms_commute kc i ts -> atoms_commute kc i ts'.
Proof.
  intro Hp; destruct i; simpl; auto. destruct d.
  - intro H. apply (Permutation_map (atom_loc kc (Atom ss o (Some r) a0 b c))) in Hp.
    apply (Permutation_NoDup Hp) in H. inversion H; assumption.
  - apply updates_commute_incl. intros u Hu. unfold atom_updates in *.
    apply (Permutation_in _ (Permutation_sym (Permutation_map _ Hp))); right; exact Hu.
Qed.

(** ** The operations whose updates always commute. *)
Definition aop_commutes (o : aop) : bool :=
  match o with
  | AEXCH | ACAS => false
  | _ => true
  end.

Lemma aop_commute o x b c b' c' :
  aop_commutes o = true ->
  aop_eval o (aop_eval o x b' c') b c = aop_eval o (aop_eval o x b c) b' c'.
Proof.
  destruct o; simpl; intro H; try discriminate.
  - lia.
  - rewrite <- !Z.land_assoc, (Z.land_comm b'); reflexivity.
  - rewrite <- !Z.lor_assoc, (Z.lor_comm b'); reflexivity.
  - rewrite !Z.lxor_assoc, (Z.lxor_comm b'); reflexivity.
  - rewrite <- !Z.min_assoc, (Z.min_comm b'); reflexivity.
  - rewrite <- !Z.max_assoc, (Z.max_comm b'); reflexivity.
Qed.

(** [red.add], [red.and], [red.or], [red.xor], [red.min], [red.max]
    satisfy the side condition for every warp, whatever the addresses. *)
Theorem red_commuting_atoms_commute kc ss o a b c ts :
  aop_commutes o = true -> atoms_commute kc (Atom ss o None a b c) ts.
Proof.
  intros Ho l f g Hf Hg x. unfold atom_updates in *.
  apply in_map_iff in Hf as (t1 & Hf & _); apply in_map_iff in Hg as (t2 & Hg & _).
  inversion Hf; inversion Hg; subst; simpl. apply aop_commute; exact Ho.
Qed.
