(* An instance of `check src11_ptx_no_thin_air` of compile_src11_ptx_sc_cover.als, found by relprove.
   Every lemma is proved by computation over the finite type of atoms. *)
Require Import Relprove.Relprove Relprove.Decide.
Require Import util_module ptx_module src11_module compile_src11_ptx_sc_cover.
Require Import Coq.Lists.List.
Import ListNotations.

Inductive atom : Type :=
  | Scope0 (* ptx/Scope$0 *)
  | Thread0 (* ptx/Thread$0 *)
  | Thread1 (* ptx/Thread$1 *)
  | Thread2 (* ptx/Thread$2 *)
  | Write0 (* ptx/Write$0 *)
  | Read0 (* ptx/Read$0 *)
  | Write1 (* ptx/Write$1 *)
  | Read1 (* ptx/Read$1 *)
  | Address0 (* ptx/Address$0 *)
  | Address1 (* ptx/Address$1 *)
  | Address2 (* ptx/Address$2 *)
  | Address3 (* ptx/Address$3 *)
  | CScope0 (* src11/CScope$0 *)
  | CThread0 (* src11/CThread$0 *)
  | CThread1 (* src11/CThread$1 *)
  | CThread2 (* src11/CThread$2 *)
  | CAddress0 (* src11/CAddress$0 *)
  | CAddress1 (* src11/CAddress$1 *)
  | CAddress2 (* src11/CAddress$2 *)
  | CAddress3 (* src11/CAddress$3 *)
  | ONA0 (* src11/ONA$0 *)
  | ORLX0 (* src11/ORLX$0 *)
  | OACQ0 (* src11/OACQ$0 *)
  | OREL0 (* src11/OREL$0 *)
  | OACQREL0 (* src11/OACQREL$0 *)
  | OSC0 (* src11/OSC$0 *)
  | CWrite0 (* src11/CWrite$0 *)
  | CRead0 (* src11/CRead$0 *)
  | CWrite1 (* src11/CWrite$1 *)
  | CRead1 (* src11/CRead$1 *).
Scheme Equality for atom.

#[global] Program Instance atom_finite : Finite atom := {|
  fin_enum := [Scope0; Thread0; Thread1; Thread2; Write0; Read0; Write1; Read1; Address0; Address1;
               Address2; Address3; CScope0; CThread0; CThread1; CThread2; CAddress0; CAddress1;
               CAddress2; CAddress3; ONA0; ORLX0; OACQ0; OREL0; OACQREL0; OSC0; CWrite0; CRead0;
               CWrite1; CRead1];
  fin_eqb := atom_beq |}.
Next Obligation. split; [apply internal_atom_dec_bl | apply internal_atom_dec_lb]. Qed.
Next Obligation. destruct a; simpl; repeat first [left; reflexivity | right]. Qed.

Definition inst_util_module : util_Inst atom :=
  @mk_util_Inst atom.

Definition inst_ptx_module : ptx_Inst atom :=
  @mk_ptx_Inst atom
    (mem1 [Scope0; Thread0; Thread1; Thread2])
    (mem2 [(Scope0, Thread0); (Scope0, Thread1); (Scope0, Thread2)])
    (mem1 [Thread0; Thread1; Thread2])
    (mem1 [Write0; Read0; Write1; Read1])
    (mem2 [(Write0, Thread2); (Read0, Thread2); (Write1, Thread1); (Read1, Thread1)])
    (mem2 [(Read0, Write0); (Read1, Write1)])
    (mem2 [(Write0, Scope0); (Read0, Scope0); (Write1, Scope0); (Read1, Scope0)])
    (mem1 [Address0; Address1; Address2; Address3])
    (mem1 [Write0; Read0; Write1; Read1])
    (mem2 [(Write0, Address0); (Read0, Address1); (Write1, Address1); (Read1, Address0)])
    (mem1 [Read0; Read1])
    (mem2 [])
    (mem2 [])
    (mem1 [Write0; Write1])
    (mem2 [(Write0, Read1); (Write1, Read0)])
    (mem2 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem2 [])
    (mem1 [])
    (mem2 []).

Definition inst_src11_module : src11_Inst atom :=
  @mk_src11_Inst atom
    (mem1 [CScope0; CThread0; CThread1; CThread2])
    (mem2 [(CScope0, CThread0); (CScope0, CThread1); (CScope0, CThread2)])
    (mem2 [(CScope0, Scope0); (CThread0, Thread0); (CThread1, Thread1); (CThread2, Thread2)])
    (mem1 [CThread0; CThread1; CThread2])
    (mem1 [CAddress0; CAddress1; CAddress2; CAddress3])
    (mem2 [(CAddress0, Address0); (CAddress1, Address1); (CAddress2, Address2);
           (CAddress3, Address3)])
    (mem1 [ONA0; ORLX0; OACQ0; OREL0; OACQREL0; OSC0])
    (mem1 [ONA0])
    (mem1 [ORLX0])
    (mem1 [OACQ0])
    (mem1 [OREL0])
    (mem1 [OACQREL0])
    (mem1 [OSC0])
    (mem1 [CWrite0; CRead0; CWrite1; CRead1])
    (mem2 [(CWrite0, CThread2); (CRead0, CThread2); (CWrite1, CThread1); (CRead1, CThread1)])
    (mem2 [(CRead0, CWrite0); (CRead1, CWrite1)])
    (mem2 [(CWrite0, CScope0); (CRead0, CScope0); (CWrite1, CScope0); (CRead1, CScope0)])
    (mem2 [(CWrite0, ORLX0); (CRead0, ORLX0); (CWrite1, ORLX0); (CRead1, ORLX0)])
    (mem2 [(CWrite0, Write0); (CRead0, Read0); (CWrite1, Write1); (CRead1, Read1)])
    (mem1 [CWrite0; CRead0; CWrite1; CRead1])
    (mem2 [(CWrite0, CAddress0); (CRead0, CAddress1); (CWrite1, CAddress1); (CRead1, CAddress0)])
    (mem1 [CRead0; CRead1])
    (mem2 [])
    (mem1 [CWrite0; CWrite1])
    (mem2 [(CWrite0, CRead1); (CWrite1, CRead0)])
    (mem2 [])
    (mem1 []).

Definition inst : Instance atom :=
  @mkInstance atom
    inst_util_module
    inst_ptx_module
    inst_src11_module.

(* The instance satisfies everything the model assumes. *)
Lemma inst_facts : compile_src11_ptx_sc_cover_facts inst.
Proof. rp_decide. Qed.

(* check src11_ptx_no_thin_air for 4 expect 1 *)
(* The instance is a counterexample: the assertion's statement is false. *)
Theorem src11_ptx_no_thin_air_fails : ~ src11_ptx_no_thin_air_statement.
Proof.
  unfold src11_ptx_no_thin_air_statement. intro H. specialize (H atom inst inst_facts).
  revert H. rp_decide.
Qed.
