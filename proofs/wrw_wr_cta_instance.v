(* An instance of `run wrw_wr_cta_breaks_sc` of compile_src11_cmm_sc_scoped_cex.als, found by relprove.
   Every lemma is proved by computation over the finite type of atoms. *)
Require Import Relprove.Relprove Relprove.Decide.
Require Import compile_src11_cmm_module util_module cmm_module src11_module compile_src11_cmm_sc_scoped_cex.
Require Import Coq.Lists.List.
Import ListNotations.

Inductive atom : Type :=
  | Scope0 (* compile_src11_cmm/cmm/Scope$0 *)
  | Scope1 (* compile_src11_cmm/cmm/Scope$1 *)
  | Thread0 (* compile_src11_cmm/cmm/Thread$0 *)
  | Scope2 (* compile_src11_cmm/cmm/Scope$2 *)
  | Thread1 (* compile_src11_cmm/cmm/Thread$1 *)
  | Thread2 (* compile_src11_cmm/cmm/Thread$2 *)
  | FenceSC0 (* compile_src11_cmm/cmm/FenceSC$0 *)
  | Write0 (* compile_src11_cmm/cmm/Write$0 *)
  | FenceSC1 (* compile_src11_cmm/cmm/FenceSC$1 *)
  | Write1 (* compile_src11_cmm/cmm/Write$1 *)
  | FenceSC2 (* compile_src11_cmm/cmm/FenceSC$2 *)
  | Read0 (* compile_src11_cmm/cmm/Read$0 *)
  | FenceSC3 (* compile_src11_cmm/cmm/FenceSC$3 *)
  | Write2 (* compile_src11_cmm/cmm/Write$2 *)
  | FenceSC4 (* compile_src11_cmm/cmm/FenceSC$4 *)
  | Read1 (* compile_src11_cmm/cmm/Read$1 *)
  | Address0 (* compile_src11_cmm/cmm/Address$0 *)
  | Address1 (* compile_src11_cmm/cmm/Address$1 *)
  | CScope0 (* compile_src11_cmm/src11/CScope$0 *)
  | CScope1 (* compile_src11_cmm/src11/CScope$1 *)
  | CThread0 (* compile_src11_cmm/src11/CThread$0 *)
  | CScope2 (* compile_src11_cmm/src11/CScope$2 *)
  | CThread1 (* compile_src11_cmm/src11/CThread$1 *)
  | CThread2 (* compile_src11_cmm/src11/CThread$2 *)
  | CAddress0 (* compile_src11_cmm/src11/CAddress$0 *)
  | CAddress1 (* compile_src11_cmm/src11/CAddress$1 *)
  | ONA0 (* compile_src11_cmm/src11/ONA$0 *)
  | ORLX0 (* compile_src11_cmm/src11/ORLX$0 *)
  | OACQ0 (* compile_src11_cmm/src11/OACQ$0 *)
  | OREL0 (* compile_src11_cmm/src11/OREL$0 *)
  | OACQREL0 (* compile_src11_cmm/src11/OACQREL$0 *)
  | OSC0 (* compile_src11_cmm/src11/OSC$0 *)
  | CRead0 (* compile_src11_cmm/src11/CRead$0 *)
  | CWrite0 (* compile_src11_cmm/src11/CWrite$0 *)
  | CWrite1 (* compile_src11_cmm/src11/CWrite$1 *)
  | CRead1 (* compile_src11_cmm/src11/CRead$1 *)
  | CWrite2 (* compile_src11_cmm/src11/CWrite$2 *).
Scheme Equality for atom.

#[global] Program Instance atom_finite : Finite atom := {|
  fin_enum := [Scope0; Scope1; Thread0; Scope2; Thread1; Thread2; FenceSC0; Write0; FenceSC1;
               Write1; FenceSC2; Read0; FenceSC3; Write2; FenceSC4; Read1; Address0; Address1;
               CScope0; CScope1; CThread0; CScope2; CThread1; CThread2; CAddress0; CAddress1; ONA0;
               ORLX0; OACQ0; OREL0; OACQREL0; OSC0; CRead0; CWrite0; CWrite1; CRead1; CWrite2];
  fin_eqb := atom_beq |}.
Next Obligation. split; [apply internal_atom_dec_bl | apply internal_atom_dec_lb]. Qed.
Next Obligation. destruct a; simpl; repeat first [left; reflexivity | right]. Qed.

Definition inst_compile_src11_cmm_module : compile_src11_cmm_Inst atom :=
  @mk_compile_src11_cmm_Inst atom.

Definition inst_util_module : util_Inst atom :=
  @mk_util_Inst atom.

Definition inst_cmm_module : cmm_Inst atom :=
  @mk_cmm_Inst atom
    (mem1 [Scope0; Scope1; Thread0; Scope2; Thread1; Thread2])
    (mem2 [(Scope0, Scope1); (Scope0, Scope2); (Scope1, Thread0); (Scope1, Thread2);
           (Scope2, Thread1)])
    (mem1 [Thread0; Thread1; Thread2])
    (mem1 [])
    (mem1 [FenceSC0; Write0; FenceSC1; Write1; FenceSC2; Read0; FenceSC3; Write2; FenceSC4; Read1])
    (mem2 [(FenceSC0, Thread2); (Write0, Thread2); (FenceSC1, Thread1); (Write1, Thread1);
           (FenceSC2, Thread1); (Read0, Thread1); (FenceSC3, Thread0); (Write2, Thread0);
           (FenceSC4, Thread0); (Read1, Thread0)])
    (mem2 [(Write0, FenceSC0); (FenceSC1, FenceSC2); (FenceSC1, Read0); (Write1, FenceSC1);
           (Write1, FenceSC2); (Write1, Read0); (Read0, FenceSC2); (Write2, FenceSC3);
           (FenceSC4, FenceSC3); (FenceSC4, Write2); (Read1, FenceSC3); (Read1, Write2);
           (Read1, FenceSC4)])
    (mem2 [(FenceSC0, Scope0); (Write0, Scope0); (FenceSC1, Scope0); (Write1, Scope0);
           (FenceSC2, Scope0); (Read0, Scope0); (FenceSC3, Scope0); (Write2, Scope0);
           (FenceSC4, Scope1); (Read1, Scope1)])
    (mem2 [(FenceSC0, FenceSC2); (FenceSC0, FenceSC3); (FenceSC1, FenceSC0); (FenceSC1, FenceSC2);
           (FenceSC1, FenceSC3); (FenceSC3, FenceSC2); (FenceSC4, FenceSC0); (FenceSC4, FenceSC2);
           (FenceSC4, FenceSC3)])
    (mem1 [Address0; Address1])
    (mem1 [Write0; Write1; Read0; Write2; Read1])
    (mem2 [(Write0, Address0); (Write1, Address1); (Read0, Address0); (Write2, Address1);
           (Read1, Address0)])
    (mem1 [Read0; Read1])
    (mem2 [])
    (mem2 [])
    (mem1 [Write0; Write1; Write2])
    (mem2 [(Write0, Read1)])
    (mem2 [(Write2, Write1)])
    (mem1 [])
    (mem1 [Read0; Read1])
    (mem1 [Write0; Write1; Write2])
    (mem1 [FenceSC0; FenceSC1; FenceSC2; FenceSC3; FenceSC4])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [FenceSC0; FenceSC1; FenceSC2; FenceSC3; FenceSC4])
    (mem1 []).

Definition inst_src11_module : src11_Inst atom :=
  @mk_src11_Inst atom
    (mem1 [CScope0; CScope1; CThread0; CScope2; CThread1; CThread2])
    (mem2 [(CScope0, CScope1); (CScope0, CScope2); (CScope1, CThread0); (CScope1, CThread2);
           (CScope2, CThread1)])
    (mem2 [(CScope0, Scope0); (CScope1, Scope1); (CThread0, Thread0); (CScope2, Scope2);
           (CThread1, Thread1); (CThread2, Thread2)])
    (mem1 [CThread0; CThread1; CThread2])
    (mem1 [CAddress0; CAddress1])
    (mem2 [(CAddress0, Address0); (CAddress1, Address1)])
    (mem1 [ONA0; ORLX0; OACQ0; OREL0; OACQREL0; OSC0])
    (mem1 [ONA0])
    (mem1 [ORLX0])
    (mem1 [OACQ0])
    (mem1 [OREL0])
    (mem1 [OACQREL0])
    (mem1 [OSC0])
    (mem1 [CRead0; CWrite0; CWrite1; CRead1; CWrite2])
    (mem2 [(CRead0, CThread1); (CWrite0, CThread1); (CWrite1, CThread0); (CRead1, CThread0);
           (CWrite2, CThread2)])
    (mem2 [(CWrite0, CRead0); (CRead1, CWrite1)])
    (mem2 [(CRead0, CScope0); (CWrite0, CScope0); (CWrite1, CScope0); (CRead1, CScope1);
           (CWrite2, CScope0)])
    (mem2 [(CRead0, OSC0); (CWrite0, OSC0); (CWrite1, OSC0); (CRead1, OSC0); (CWrite2, OSC0)])
    (mem2 [(CRead0, FenceSC2); (CRead0, Read0); (CWrite0, FenceSC1); (CWrite0, Write1);
           (CWrite1, FenceSC3); (CWrite1, Write2); (CRead1, FenceSC4); (CRead1, Read1);
           (CWrite2, FenceSC0); (CWrite2, Write0)])
    (mem1 [CRead0; CWrite0; CWrite1; CRead1; CWrite2])
    (mem2 [(CRead0, CAddress0); (CWrite0, CAddress1); (CWrite1, CAddress1); (CRead1, CAddress0);
           (CWrite2, CAddress0)])
    (mem1 [CRead0; CRead1])
    (mem2 [])
    (mem1 [CWrite0; CWrite1; CWrite2])
    (mem2 [(CWrite2, CRead1)])
    (mem2 [(CWrite1, CWrite0)])
    (mem1 []).

Definition inst : Instance atom :=
  @mkInstance atom
    inst_compile_src11_cmm_module
    inst_util_module
    inst_cmm_module
    inst_src11_module.

