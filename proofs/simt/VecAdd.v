(** * Vector addition (seed 003, Listings 1-3)

    The PTX kernel of Listing 1 in our syntax, launched on one block of
    four threads over vectors of length three: thread 3 fails the bounds
    check, so the warp diverges at the predicated branch and re-converges
    at [Sync]. For ALL input vectors [a], [b] (and initial output contents
    [c]) we prove, by symbolic execution with [unroll_apply]:
    - every 19-step run ends with all threads at [Exit] ([vadd_terminates]);
    - such a run exists ([vadd_runs]), and a terminated grid cannot step
      ([Step.terminated_stuck]), so the kernel stops after exactly 19 steps;
    - every 19-step run leaves [C[k] = A[k] + B[k]] (mod 2^32) for [k < 3]
      and [C[3]] untouched ([vadd_correct]). *)

From Coq Require Import List Arith ZArith Bool Lia.
From Simt Require Import Ptx Step.
Import ListNotations.
Open Scope Z_scope.

(** ** Registers (Listing 2). *)
Definition r1 : reg := (UI 32, 1%nat).
Definition r2 : reg := (UI 32, 2%nat).
Definition r3 : reg := (UI 32, 3%nat).
Definition r4 : reg := (UI 32, 4%nat).
Definition r5 : reg := (UI 32, 5%nat).
Definition r6 : reg := (UI 32, 6%nat).
Definition r7 : reg := (UI 32, 7%nat).
Definition r8 : reg := (UI 32, 8%nat).
Definition rd1 : reg := (UI 64, 1%nat).
Definition rd2 : reg := (UI 64, 2%nat).
Definition rd3 : reg := (UI 64, 3%nat).
Definition rd5 : reg := (UI 64, 5%nat).
Definition rd6 : reg := (UI 64, 6%nat).
Definition rd8 : reg := (UI 64, 8%nat).
Definition rd10 : reg := (UI 64, 10%nat).
Definition p1 : pred := 1%nat.

Definition ntid_x : op := SReg (NT, Dx).
Definition ctaid_x : op := SReg (B, Dx).
Definition tid_x : op := SReg (T, Dx).

(** Kernel parameters: base addresses of A, B, C and the length. *)
Definition arr_A : Z := 256.
Definition arr_B : Z := 512.
Definition arr_C : Z := 768.
Definition size : Z := 3.

(** ** The program (Listing 1 lines 9-35). [ld.param] becomes [Mov] of the
    parameter, [cvta.to.global] is implicit in [Ld Global]/[St Global], and
    [ret] is [Exit]. *)
Definition vadd : prg := [
  (*  0 *) Mov rd1 (Imm arr_A);
  (*  1 *) Mov rd2 (Imm arr_B);
  (*  2 *) Mov rd3 (Imm arr_C);
  (*  3 *) Mov r2 (Imm size);
  (*  4 *) Mov r3 ntid_x;
  (*  5 *) Mov r4 ctaid_x;
  (*  6 *) Mov r5 tid_x;
  (*  7 *) Top MADLO r1 (Reg r4) (Reg r3) (Reg r5);
  (*  8 *) Setp GE p1 (Reg r1) (Reg r2);
  (*  9 *) PBra p1 18;
  (* 10 *) Bop MULWD rd5 (Reg r1) (Imm 4);
  (* 11 *) Bop ADD rd6 (Reg rd1) (Reg rd5);
  (* 12 *) Bop ADD rd8 (Reg rd2) (Reg rd5);
  (* 13 *) Ld Global r6 (Reg rd6);
  (* 14 *) Ld Global r7 (Reg rd8);
  (* 15 *) Bop ADD r8 (Reg r6) (Reg r7);
  (* 16 *) Bop ADD rd10 (Reg rd3) (Reg rd5);
  (* 17 *) St Global (Reg rd10) r8;
  (* 18 *) Sync;
  (* 19 *) Exit].

(** ** The launch: one block of four threads (one warp). *)
Definition kc : kconf := ((1, 1, 1), (4, 1, 1))%nat.
Definition g0 : grid := generate_grid kc.

(** Initial memory: [a], [b], [c] laid out as 32-bit words from [arr_A],
    [arr_B], [arr_C]; everything valid (launch-time data). *)
Definition in_array (base x : Z) : bool := (base <=? x) && (x <? base + 16).
Definition index (base x : Z) : nat := Z.to_nat ((x - base) / 4).

Definition mu0 (a b c : nat -> Z) : mem :=
  fun l =>
    match l with
    | (Global, _, x) =>
        if in_array arr_A x then (a (index arr_A x), true)
        else if in_array arr_B x then (b (index arr_B x), true)
        else if in_array arr_C x then (c (index arr_C x), true)
        else (0, true)
    | _ => (0, true)
    end.

(** ** Symbolic execution (Listing 4). [step_grid] turns one grid step of
    the single-block, single-warp grid into the warp step it must be,
    fetches the instruction and inverts the warp semantics;
    [unroll_apply] peels one step off an [n_apply] hypothesis. *)
Ltac step_warp :=
  repeat match goal with
  | H : wstep _ _ _ _ _ _ |- _ =>
      simpl in H; inversion H; subst; clear H;
      try discriminate;
      try match goal with Hn : ?x <> ?x |- _ => exfalso; exact (Hn eq_refl) end
  end.

Ltac step_grid H :=
  let i := fresh "i" in let w' := fresh "w" in let m' := fresh "m" in
  let Hi := fresh "Hi" in let Hb := fresh "Hb" in let He := fresh "He" in
  let Hw := fresh "Hw" in let Hs := fresh "Hs" in
  apply gstep_single in H;
  destruct H as [(i & w' & m' & Hi & Hb & He & Hw & Hs) | (Hi & Hs)];
  simpl in Hi; inversion Hi; subst; clear Hi; try discriminate;
  try clear Hb He;
  step_warp;
  repeat match goal with
  | Hl : is_local _ = true |- _ => clear Hl
  | Hs' : (_, _) = (_, _) |- _ => injection Hs' as -> ->
  end.

Ltac unroll_apply H :=
  match type of H with
  | n_apply O _ _ _ => inversion H; subst; clear H
  | n_apply (S _) _ (_, _) _ =>
      let Hgrid := fresh "Hgrid" in let Happ := fresh "Happ" in
      let s := fresh "s" in
      inversion H as [| ? ? s ? ? Hgrid Happ]; subst; clear H;
      destruct s; step_grid Hgrid; simpl in Happ; run_all Happ
  end
with run_all H := unroll_apply H.

(** Forward direction: build the run the scheduler actually has. *)
Ltac wstep_fwd :=
  first [ apply W_Local; reflexivity
        | apply W_Bra
        | apply W_PBra
        | apply W_Sync
        | apply W_Div; [discriminate | wstep_fwd] ].

Ltac step_fwd :=
  eapply AppNext;
  [ eapply G_Exec;
    [ apply RA_here | reflexivity
    | eapply B_Exec; [apply RA_here | reflexivity | discriminate | discriminate | wstep_fwd] ]
  | simpl ].

Section Run.
Variables a b c : nat -> Z.

Definition P32 : Z := 2 ^ 32.

(** One symbolic execution of every 19-step run, shared by the theorems below. *)
Lemma vadd_run_inv g' m' :
  n_apply 19 (gstep kc vadd) (g0, mu0 a b c) (g', m') ->
  terminated vadd g' /\
  fst (m' (Global, 0%nat, arr_C)) = (a 0%nat + b 0%nat) mod P32 /\
  fst (m' (Global, 0%nat, arr_C + 4)) = (a 1%nat + b 1%nat) mod P32 /\
  fst (m' (Global, 0%nat, arr_C + 8)) = (a 2%nat + b 2%nat) mod P32 /\
  m' (Global, 0%nat, arr_C + 12) = (c 3%nat, true).
Proof.
  intro H. unfold g0 in H. simpl in H.
  run_all H.
  unfold P32.
  rewrite (Zplus_mod (a 0%nat)), (Zplus_mod (a 1%nat)), (Zplus_mod (a 2%nat)).
  repeat split; reflexivity.
Qed.

(** Listing 3: after 19 steps every thread is at [Exit]. *)
Theorem vadd_terminates : forall g' m',
  n_apply 19 (gstep kc vadd) (g0, mu0 a b c) (g', m') -> terminated vadd g'.
Proof. intros g' m' H. apply (vadd_run_inv g' m' H). Qed.

(** A 19-step run exists (the kernel is not stuck before [Exit]). *)
Theorem vadd_runs : exists g' m', n_apply 19 (gstep kc vadd) (g0, mu0 a b c) (g', m').
Proof.
  do 2 eexists. unfold g0; simpl.
  repeat step_fwd. apply AppZero.
Qed.

(** ... and after it no step is possible: the kernel stops after exactly 19. *)
Theorem vadd_stops : forall g' m' s,
  n_apply 19 (gstep kc vadd) (g0, mu0 a b c) (g', m') -> ~ gstep kc vadd (g', m') s.
Proof. intros g' m' s H. apply terminated_stuck, (vadd_terminates g' m' H). Qed.

(** Partial correctness: the output is [A + B] (as 32-bit words) on the first
    [size] elements, and the element past [size] is untouched. *)
Theorem vadd_correct : forall g' m',
  n_apply 19 (gstep kc vadd) (g0, mu0 a b c) (g', m') ->
  (forall k, (k < 3)%nat ->
     fst (m' (Global, 0%nat, arr_C + 4 * Z.of_nat k)) = (a k + b k) mod 2 ^ 32) /\
  m' (Global, 0%nat, arr_C + 12) = (c 3%nat, true).
Proof.
  intros g' m' H.
  destruct (vadd_run_inv g' m' H) as (_ & H0 & H1 & H2 & H3).
  split; [|exact H3].
  intros k Hk; destruct k as [|[|[|k]]]; [exact H0 | exact H1 | exact H2 | lia].
Qed.

(** Total correctness in one statement. *)
Theorem vadd_total_correct :
  (exists g' m', n_apply 19 (gstep kc vadd) (g0, mu0 a b c) (g', m')) /\
  forall g' m', n_apply 19 (gstep kc vadd) (g0, mu0 a b c) (g', m') ->
    terminated vadd g' /\
    (forall s, ~ gstep kc vadd (g', m') s) /\
    forall k, (k < 3)%nat ->
      fst (m' (Global, 0%nat, arr_C + 4 * Z.of_nat k)) = (a k + b k) mod 2 ^ 32.
Proof.
  split; [exact vadd_runs|].
  intros g' m' H; split; [|split].
  - exact (vadd_terminates g' m' H).
  - intro s; exact (vadd_stops g' m' s H).
  - exact (proj1 (vadd_correct g' m' H)).
Qed.
End Run.
