(** * PTX machine state (seed 003, §III and Table I)

    Data types, registers, special registers, operands, state spaces,
    memory with valid bits, the instruction set of Fig. 1, threads, warps
    (uniform or divergent trees), blocks and grids, the [sync] function of
    Fig. 2 and the launch configuration. The step relations are in
    [Step.v]. *)

From Coq Require Import List Arith ZArith Bool Lia.
Import ListNotations.
Open Scope Z_scope.

(** ** Data types (§III-1): unsigned, signed, untyped bytes; each with a width. *)
Inductive dty : Type :=
| UI (w : nat)
| SI (w : nat)
| BD (w : nat).

Definition dty_eqb (a b : dty) : bool :=
  match a, b with
  | UI x, UI y | SI x, SI y | BD x, BD y => Nat.eqb x y
  | _, _ => false
  end.

Lemma dty_eqb_spec a b : dty_eqb a b = true <-> a = b.
Proof.
  destruct a, b; simpl; rewrite ?Nat.eqb_eq; split; intro H;
    try congruence; try discriminate; inversion H; reflexivity.
Qed.

(** Values are kept as mathematical integers and normalised to the width of
    the destination register when written ([wrap]). *)
Definition wrap (t : dty) (v : Z) : Z :=
  match t with
  | UI w | BD w => v mod 2 ^ Z.of_nat w
  | SI w =>
      let m := v mod 2 ^ Z.of_nat w in
      if (w =? 0)%nat then 0
      else if m >=? 2 ^ (Z.of_nat w - 1) then m - 2 ^ Z.of_nat w else m
  end.

(** ** Registers (§III-3): identified by data type and index, e.g. [(UI 32, 1)]
    is [%r1] and [(UI 64, 1)] is [%rd1]. A register file maps registers to
    integers; predicate registers are a separate map to booleans. *)
Definition reg : Type := (dty * nat)%type.

Definition reg_eqb (a b : reg) : bool :=
  dty_eqb (fst a) (fst b) && Nat.eqb (snd a) (snd b).

Lemma reg_eqb_spec a b : reg_eqb a b = true <-> a = b.
Proof.
  destruct a as [ta na], b as [tb nb]; unfold reg_eqb; simpl.
  rewrite andb_true_iff, dty_eqb_spec, Nat.eqb_eq.
  split; [intros [-> ->]; reflexivity | intro H; inversion H; auto].
Qed.

Definition regfile : Type := reg -> Z.
Definition predfile : Type := nat -> bool.
Definition pred : Type := nat.

(** ** Special registers (§III-4): thread index [T], block index [B],
    block size [NT] and grid size [NB], each a 3-vector. *)
Inductive dim : Type := Dx | Dy | Dz.
Inductive sreg_kind : Type := T | B | NT | NB.
Definition sreg : Type := (sreg_kind * dim)%type.

Definition dim3 : Type := (nat * nat * nat)%type.
Definition dget (d : dim) (v : dim3) : nat :=
  match d, v with
  | Dx, (x, _, _) => x
  | Dy, (_, y, _) => y
  | Dz, (_, _, z) => z
  end.
Definition dsize (v : dim3) : nat := (dget Dx v * dget Dy v * dget Dz v)%nat.

(** A launch configuration: grid size (blocks) and block size (threads). *)
Definition kconf : Type := (dim3 * dim3)%type.
Definition grid_dim (kc : kconf) : dim3 := fst kc.
Definition block_dim (kc : kconf) : dim3 := snd kc.

(** Threads are numbered linearly, block by block; [block_of] and
    [local_of] recover the block and the index inside the block. *)
Definition block_of (kc : kconf) (id : nat) : nat := (id / dsize (block_dim kc))%nat.
Definition local_of (kc : kconf) (id : nat) : nat := (id mod dsize (block_dim kc))%nat.

(** The coordinates of linear index [k] in a box of size [v]. *)
Definition coord (v : dim3) (d : dim) (k : nat) : nat :=
  match d with
  | Dx => k mod dget Dx v
  | Dy => (k / dget Dx v) mod dget Dy v
  | Dz => k / (dget Dx v * dget Dy v)
  end%nat.

(** The auxiliary function [sreg_aux] of Table I. *)
Definition get_sreg (kc : kconf) (id : nat) (s : sreg) : Z :=
  Z.of_nat
    match s with
    | (T, d) => coord (block_dim kc) d (local_of kc id)
    | (B, d) => coord (grid_dim kc) d (block_of kc id)
    | (NT, d) => dget d (block_dim kc)
    | (NB, d) => dget d (grid_dim kc)
    end.

(** ** Operands (§III-5): register, special register, immediate, and
    register plus immediate offset (address operands [[%r+imm]]). *)
Inductive op : Type :=
| Reg (r : reg)
| SReg (s : sreg)
| Imm (z : Z)
| RegImm (r : reg) (z : Z).

(** ** State spaces and memory (§III-2). A location is a state space, the
    block that owns it (meaningful for [Shared] only, 0 otherwise) and an
    address. Each cell holds a value and a valid bit. *)
Inductive sspace : Type := Global | Const | Shared.

Definition sspace_eqb (a b : sspace) : bool :=
  match a, b with
  | Global, Global | Const, Const | Shared, Shared => true
  | _, _ => false
  end.

Definition loc : Type := (sspace * nat * Z)%type.

Definition loc_eqb (a b : loc) : bool :=
  match a, b with
  | (s1, b1, a1), (s2, b2, a2) => sspace_eqb s1 s2 && Nat.eqb b1 b2 && Z.eqb a1 a2
  end.

Lemma loc_eqb_spec a b : loc_eqb a b = true <-> a = b.
Proof.
  destruct a as [[s1 b1] a1], b as [[s2 b2] a2]; simpl.
  rewrite !andb_true_iff, Nat.eqb_eq, Z.eqb_eq.
  split.
  - intros [[H1 H2] H3]; subst.
    destruct s1, s2; simpl in H1; try discriminate; reflexivity.
  - intro H; inversion H; subst.
    destruct s2; simpl; auto.
Qed.

Lemma loc_eqb_refl a : loc_eqb a a = true.
Proof. apply loc_eqb_spec; reflexivity. Qed.

Definition mem : Type := loc -> (Z * bool).

(** A store writes the value and clears the valid bit: the value may still be
    in flight until a barrier commits it. *)
Definition mem_write (m : mem) (w : loc * Z) : mem :=
  fun l => if loc_eqb (fst w) l then (snd w, false) else m l.

Definition write_all (m : mem) (ws : list (loc * Z)) : mem := fold_left mem_write ws m.

(** Barrier commit: every [Shared] cell of block [b] becomes valid. *)
Definition commit (b : nat) (m : mem) : mem :=
  fun l =>
    match l with
    | (Shared, b', _) => if Nat.eqb b b' then (fst (m l), true) else m l
    | _ => m l
    end.

(** ** Instructions (Fig. 1). *)
Inductive bop : Type := ADD | SUB | MUL | MULWD | DIV | REM | AND | OR | XOR | SHL | SHR | MIN | MAX.
Inductive top : Type := MADLO | MADWD.
Inductive cmp : Type := EQ | NE | LT | LE | GT | GE.

Definition bop_eval (o : bop) (x y : Z) : Z :=
  match o with
  | ADD => x + y
  | SUB => x - y
  | MUL | MULWD => x * y
  | DIV => Z.quot x y
  | REM => Z.rem x y
  | AND => Z.land x y
  | OR => Z.lor x y
  | XOR => Z.lxor x y
  | SHL => Z.shiftl x y
  | SHR => Z.shiftr x y
  | MIN => Z.min x y
  | MAX => Z.max x y
  end.

Definition top_eval (o : top) (x y z : Z) : Z :=
  match o with
  | MADLO | MADWD => x * y + z
  end.

Definition cmp_eval (c : cmp) (x y : Z) : bool :=
  match c with
  | EQ => x =? y
  | NE => negb (x =? y)
  | LT => x <? y
  | LE => x <=? y
  | GT => x >? y
  | GE => x >=? y
  end.

(** Atomic read-modify-write operations ([atom.op] / [red.op]): the new
    value from the old one [x] and the operands [b] (and [c] for CAS). *)
Inductive aop : Type := AADD | AAND | AOR | AXOR | AMIN | AMAX | AEXCH | ACAS.

Definition aop_eval (o : aop) (x b c : Z) : Z :=
  match o with
  | AADD => x + b
  | AAND => Z.land x b
  | AOR => Z.lor x b
  | AXOR => Z.lxor x b
  | AMIN => Z.min x b
  | AMAX => Z.max x b
  | AEXCH => b
  | ACAS => if x =? b then c else x
  end.

Inductive instr : Type :=
| Nop
| Bop (o : bop) (d : reg) (a b : op)
| Top (o : top) (d : reg) (a b c : op)
| Mov (d : reg) (a : op)
| Ld (ss : sspace) (d : reg) (a : op)       (** [ld.ss d, [a]] *)
| St (ss : sspace) (a : op) (r : reg)       (** [st.ss [a], r] *)
| Bra (tgt : nat)
| Setp (c : cmp) (p : pred) (a b : op)
| Atom (ss : sspace) (o : aop) (d : option reg) (a b c : op)
    (** [atom.ss.o d, [a], b(, c)]; with [d = None] it is [red.ss.o [a], b] *)
| PBra (p : pred) (tgt : nat)               (** [@p bra tgt] *)
| Sync
| Bar
| Exit.

(** A program; [nth_error] plays the role of [π(pc)]. *)
Definition prg : Type := list instr.

(** ** Threads (§III-7): an identifier, a register file, a predicate state. *)
Record thread : Type := mkThread {
  th_id : nat;
  th_regs : regfile;
  th_preds : predfile
}.

Definition set_reg (t : thread) (r : reg) (v : Z) : thread :=
  mkThread (th_id t)
    (fun r' => if reg_eqb r r' then wrap (fst r) v else th_regs t r')
    (th_preds t).

Definition set_pred (t : thread) (p : pred) (b : bool) : thread :=
  mkThread (th_id t) (th_regs t)
    (fun p' => if Nat.eqb p p' then b else th_preds t p').

Definition eval_op (kc : kconf) (t : thread) (o : op) : Z :=
  match o with
  | Reg r => th_regs t r
  | SReg s => get_sreg kc (th_id t) s
  | Imm z => z
  | RegImm r z => th_regs t r + z
  end.

(** The location an address operand denotes for a given thread. *)
Definition resolve (kc : kconf) (t : thread) (ss : sspace) (a : op) : loc :=
  (ss, match ss with Shared => block_of kc (th_id t) | _ => 0%nat end, eval_op kc t a).

(** ** Per-thread effect of the instructions that act thread by thread
    (the rules nop, bop, top, mov, ld, st and setp of Fig. 1).
    [exec_thread] gives the new thread state (reading memory [m] for loads),
    [thread_writes] the memory writes the thread performs. *)
Definition exec_thread (kc : kconf) (m : mem) (i : instr) (t : thread) : thread :=
  match i with
  | Bop o d a b => set_reg t d (bop_eval o (eval_op kc t a) (eval_op kc t b))
  | Top o d a b c => set_reg t d (top_eval o (eval_op kc t a) (eval_op kc t b) (eval_op kc t c))
  | Mov d a => set_reg t d (eval_op kc t a)
  | Ld ss d a => set_reg t d (fst (m (resolve kc t ss a)))
  | Setp c p a b => set_pred t p (cmp_eval c (eval_op kc t a) (eval_op kc t b))
  | _ => t
  end.

Definition thread_writes (kc : kconf) (i : instr) (t : thread) : list (loc * Z) :=
  match i with
  | St ss a r => [(resolve kc t ss a, th_regs t r)]
  | _ => []
  end.

(** The instructions handled thread by thread. Stores to [Const] are not
    allowed (the constant space is read-only), so they have no rule. *)
Definition is_local (i : instr) : bool :=
  match i with
  | Nop | Bop _ _ _ _ | Top _ _ _ _ _ | Mov _ _ | Ld _ _ _ | Setp _ _ _ _ => true
  | St ss _ _ => negb (sspace_eqb ss Const)
  | _ => false
  end.

(** ** Atomic read-modify-writes. One thread performs its RMW in one step:
    it reads the old value of its location, writes the new one (a write,
    like a store, clears the valid bit) and, for [atom] with a destination,
    puts the old value in it. Values are mathematical, like those of
    [Bop]. *)
Definition atom_loc (kc : kconf) (i : instr) (t : thread) : loc :=
  match i with
  | Atom ss _ _ a _ _ => resolve kc t ss a
  | _ => (Global, 0%nat, 0)
  end.

(** The update a thread applies to the value at [atom_loc]. *)
Definition atom_update (kc : kconf) (i : instr) (t : thread) : Z -> Z :=
  match i with
  | Atom _ o _ _ b c => fun x => aop_eval o x (eval_op kc t b) (eval_op kc t c)
  | _ => fun x => x
  end.

Definition atom_step (kc : kconf) (i : instr) (t : thread) (m : mem) : thread * mem :=
  match i with
  | Atom _ _ d _ _ _ =>
      let l := atom_loc kc i t in
      let x := fst (m l) in
      (match d with Some r => set_reg t r x | None => t end,
       mem_write m (l, atom_update kc i t x))
  | _ => (t, m)
  end.

(** Threads run one after the other in list order, each against the state
    the previous ones left. *)
Fixpoint run_in_order {A S : Type} (f : A -> S -> A * S) (l : list A) (s : S)
  : list A * S :=
  match l with
  | [] => ([], s)
  | a :: t =>
      let (a', s1) := f a s in
      let (t', s') := run_in_order f t s1 in
      (a' :: t', s')
  end.

(** The atomic instructions, handled by their own rule: [Atom] outside the
    read-only [Const] space. *)
Definition is_atomic (i : instr) : bool :=
  match i with
  | Atom ss _ _ _ _ _ => negb (sspace_eqb ss Const)
  | _ => false
  end.

(** ** Warps (§III-8): uniform [Uni pc ts] or divergent [Div w1 w2]; the
    left-most uniform warp is the one that executes. *)
Inductive warp : Type :=
| Uni (pc : nat) (ts : list thread)
| Div (w1 w2 : warp).

Fixpoint get_pc (w : warp) : nat :=
  match w with
  | Uni pc _ => pc
  | Div w1 _ => get_pc w1
  end.

Fixpoint incr_pc (w : warp) : warp :=
  match w with
  | Uni pc ts => Uni (S pc) ts
  | Div w1 w2 => Div (incr_pc w1) w2
  end.

Fixpoint warp_threads (w : warp) : list thread :=
  match w with
  | Uni _ ts => ts
  | Div w1 w2 => warp_threads w1 ++ warp_threads w2
  end.

(** The [sync] function of Fig. 2, case by case and in the figure's order. *)
Fixpoint sync (w : warp) : warp :=
  match w with
  | Uni pc ts => Uni (S pc) ts
  | Div w1 w2 =>
      match w1, w2 with
      | Uni _ [], _ => sync w2
      | _, Uni _ [] => sync w1
      | Uni pc1 ts1, Uni pc2 ts2 =>
          if Nat.eqb pc1 pc2 then Uni (S pc1) (ts1 ++ ts2) else Div w2 w1
      | Uni _ _, Div _ _ => Div w2 w1
      | Div _ _, _ => Div (sync w1) w2
      end
  end.

(** The warp left by a predicated branch: fall-through threads first (they
    execute first), taken threads second. Fig. 1 writes this as
    [sync((pc+1, t2), (tgt, t1))]; read literally, [sync] of a warp with one
    empty side would also increment the surviving side's pc (and so skip
    the instruction after the branch or the branch target), so we drop an
    empty side without touching the pc. *)
Definition branch_split (pc tgt : nat) (taken fall : list thread) : warp :=
  match taken, fall with
  | [], _ => Uni (S pc) fall
  | _, [] => Uni tgt taken
  | _, _ => Div (Uni (S pc) fall) (Uni tgt taken)
  end.

(** ** Blocks and grids (§III-9, §III-10). *)
Record block : Type := mkBlock {
  blk_id : nat;
  blk_warps : list warp
}.
Definition grid : Type := list block.

Definition warp_size : nat := 32.

Definition init_thread (id : nat) : thread :=
  mkThread id (fun _ => 0) (fun _ => false).

(** [generate_grid kc]: one block per block index, each split into warps of
    (at most) [warp_size] consecutive threads, all at pc 0. *)
Definition generate_block (kc : kconf) (b : nat) : block :=
  let bs := dsize (block_dim kc) in
  let nw := ((bs + warp_size - 1) / warp_size)%nat in
  mkBlock b
    (map (fun j =>
            Uni 0 (map init_thread
                       (seq (b * bs + j * warp_size) (Nat.min warp_size (bs - j * warp_size)))))
         (seq 0 nw)).

Definition generate_grid (kc : kconf) : grid :=
  map (generate_block kc) (seq 0 (dsize (grid_dim kc))).
