(* An instance of `check src11_cmm_atomicity_printed` of compile_src11_cmm.als, found by relprove.
   Every lemma is proved by computation over the finite type of atoms. *)
Require Import Relprove.Relprove Relprove.Decide.
Require Import util_module cmm_module src11_module compile_src11_cmm.
Require Import Coq.Lists.List.
Import ListNotations.

Inductive atom : Type :=
  | Scope0 (* cmm/Scope$0 *)
  | Thread0 (* cmm/Thread$0 *)
  | Scope1 (* cmm/Scope$1 *)
  | Thread1 (* cmm/Thread$1 *)
  | Write0 (* cmm/Write$0 *)
  | Read0 (* cmm/Read$0 *)
  | Write1 (* cmm/Write$1 *)
  | Read1 (* cmm/Read$1 *)
  | Address0 (* cmm/Address$0 *)
  | Address1 (* cmm/Address$1 *)
  | CScope0 (* src11/CScope$0 *)
  | CThread0 (* src11/CThread$0 *)
  | CScope1 (* src11/CScope$1 *)
  | CThread1 (* src11/CThread$1 *)
  | CAddress0 (* src11/CAddress$0 *)
  | CAddress1 (* src11/CAddress$1 *)
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
  fin_enum := [Scope0; Thread0; Scope1; Thread1; Write0; Read0; Write1; Read1; Address0; Address1;
               CScope0; CThread0; CScope1; CThread1; CAddress0; CAddress1; ONA0; ORLX0; OACQ0;
               OREL0; OACQREL0; OSC0; CWrite0; CRead0; CWrite1; CRead1];
  fin_eqb := atom_beq |}.
Next Obligation. split; [apply internal_atom_dec_bl | apply internal_atom_dec_lb]. Qed.
Next Obligation. destruct a; simpl; repeat first [left; reflexivity | right]. Qed.

Definition inst_util_module : util_Inst atom :=
  @mk_util_Inst atom.

Definition inst_cmm_module : cmm_Inst atom :=
  @mk_cmm_Inst atom
    (mem1 [Scope0; Thread0; Scope1; Thread1])
    (mem2 [(Scope0, Thread0); (Scope0, Scope1); (Scope1, Thread1)])
    (mem1 [Thread0; Thread1])
    (mem1 [])
    (mem1 [Write0; Read0; Write1; Read1])
    (mem2 [(Write0, Thread1); (Read0, Thread1); (Write1, Thread0); (Read1, Thread0)])
    (mem2 [(Read0, Write0); (Read1, Write1)])
    (mem2 [(Write0, Scope1); (Read0, Scope0); (Write1, Scope0); (Read1, Scope0)])
    (mem2 [])
    (mem1 [Address0; Address1])
    (mem1 [Write0; Read0; Write1; Read1])
    (mem2 [(Write0, Address0); (Read0, Address0); (Write1, Address0); (Read1, Address0)])
    (mem1 [Read0; Read1])
    (mem2 [(Read1, Write1)])
    (mem2 [])
    (mem1 [Write0; Write1])
    (mem2 [(Write1, Read0)])
    (mem2 [])
    (mem1 [])
    (mem1 [Read0])
    (mem1 [Write1])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 []).

Definition inst_src11_module : src11_Inst atom :=
  @mk_src11_Inst atom
    (mem1 [CScope0; CThread0; CScope1; CThread1])
    (mem2 [(CScope0, CThread0); (CScope0, CScope1); (CScope1, CThread1)])
    (mem2 [(CScope0, Scope0); (CThread0, Thread0); (CScope1, Scope1); (CThread1, Thread1)])
    (mem1 [CThread0; CThread1])
    (mem1 [CAddress0; CAddress1])
    (mem2 [(CAddress0, Address0); (CAddress1, Address1)])
    (mem1 [ONA0; ORLX0; OACQ0; OREL0; OACQREL0; OSC0])
    (mem1 [ONA0])
    (mem1 [ORLX0])
    (mem1 [OACQ0])
    (mem1 [OREL0])
    (mem1 [OACQREL0])
    (mem1 [OSC0])
    (mem1 [CWrite0; CRead0; CWrite1; CRead1])
    (mem2 [(CWrite0, CThread1); (CRead0, CThread1); (CWrite1, CThread0); (CRead1, CThread0)])
    (mem2 [(CRead0, CWrite0); (CRead1, CWrite1)])
    (mem2 [(CWrite0, CScope1); (CRead0, CScope0); (CWrite1, CScope0); (CRead1, CScope0)])
    (mem2 [(CWrite0, ORLX0); (CRead0, OACQ0); (CWrite1, OREL0); (CRead1, ORLX0)])
    (mem2 [(CWrite0, Write0); (CRead0, Read0); (CWrite1, Write1); (CRead1, Read1)])
    (mem1 [CWrite0; CRead0; CWrite1; CRead1])
    (mem2 [(CWrite0, CAddress0); (CRead0, CAddress0); (CWrite1, CAddress0); (CRead1, CAddress0)])
    (mem1 [CRead0; CRead1])
    (mem2 [(CRead1, CWrite1)])
    (mem1 [CWrite0; CWrite1])
    (mem2 [(CWrite1, CRead0)])
    (mem2 [(CWrite0, CWrite1)])
    (mem1 []).

Definition inst : Instance atom :=
  @mkInstance atom
    inst_util_module
    inst_cmm_module
    inst_src11_module.

(* The instance satisfies everything the model assumes. *)
Lemma inst_facts : compile_src11_cmm_facts inst.
Proof. rp_decide. Qed.

(* check src11_cmm_atomicity_printed for 4 expect 1 *)
(* The instance is a counterexample: the assertion's statement is false. *)
Theorem src11_cmm_atomicity_printed_fails : ~ src11_cmm_atomicity_printed_statement.
Proof.
  unfold src11_cmm_atomicity_printed_statement. intro H. specialize (H atom inst inst_facts).
  revert H. rp_decide.
Qed.
