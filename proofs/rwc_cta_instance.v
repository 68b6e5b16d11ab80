(* Definitions part of `relprove check models/litmus/compile_src11_ptx_sc_scoped_cex.als -c rwc_cta_breaks_sc --format coq` (its lemmas cut off by sed; see docs/theorem3.md). *)
(* An instance of `run rwc_cta_breaks_sc` of compile_src11_ptx_sc_scoped_cex.als, found by relprove.
   Every lemma is proved by computation over the finite type of atoms. *)
Require Import Relprove.Relprove Relprove.Decide.
Require Import compile_src11_ptx_module util_module ptx_module src11_module compile_src11_ptx_sc_scoped_cex.
Require Import Coq.Lists.List.
Import ListNotations.

Inductive atom : Type :=
  | Scope0 (* compile_src11_ptx/ptx/Scope$0 *)
  | Scope1 (* compile_src11_ptx/ptx/Scope$1 *)
  | Scope2 (* compile_src11_ptx/ptx/Scope$2 *)
  | Thread0 (* compile_src11_ptx/ptx/Thread$0 *)
  | Thread1 (* compile_src11_ptx/ptx/Thread$1 *)
  | Thread2 (* compile_src11_ptx/ptx/Thread$2 *)
  | Read0 (* compile_src11_ptx/ptx/Read$0 *)
  | Read1 (* compile_src11_ptx/ptx/Read$1 *)
  | FenceSC0 (* compile_src11_ptx/ptx/FenceSC$0 *)
  | FenceSC1 (* compile_src11_ptx/ptx/FenceSC$1 *)
  | Read2 (* compile_src11_ptx/ptx/Read$2 *)
  | FenceSC2 (* compile_src11_ptx/ptx/FenceSC$2 *)
  | Write0 (* compile_src11_ptx/ptx/Write$0 *)
  | FenceSC3 (* compile_src11_ptx/ptx/FenceSC$3 *)
  | Write1 (* compile_src11_ptx/ptx/Write$1 *)
  | FenceSC4 (* compile_src11_ptx/ptx/FenceSC$4 *)
  | Address0 (* compile_src11_ptx/ptx/Address$0 *)
  | Address1 (* compile_src11_ptx/ptx/Address$1 *)
  | CScope0 (* compile_src11_ptx/src11/CScope$0 *)
  | CScope1 (* compile_src11_ptx/src11/CScope$1 *)
  | CScope2 (* compile_src11_ptx/src11/CScope$2 *)
  | CThread0 (* compile_src11_ptx/src11/CThread$0 *)
  | CThread1 (* compile_src11_ptx/src11/CThread$1 *)
  | CThread2 (* compile_src11_ptx/src11/CThread$2 *)
  | CAddress0 (* compile_src11_ptx/src11/CAddress$0 *)
  | CAddress1 (* compile_src11_ptx/src11/CAddress$1 *)
  | ONA0 (* compile_src11_ptx/src11/ONA$0 *)
  | ORLX0 (* compile_src11_ptx/src11/ORLX$0 *)
  | OACQ0 (* compile_src11_ptx/src11/OACQ$0 *)
  | OREL0 (* compile_src11_ptx/src11/OREL$0 *)
  | OACQREL0 (* compile_src11_ptx/src11/OACQREL$0 *)
  | OSC0 (* compile_src11_ptx/src11/OSC$0 *)
  | CRead0 (* compile_src11_ptx/src11/CRead$0 *)
  | CRead1 (* compile_src11_ptx/src11/CRead$1 *)
  | CWrite0 (* compile_src11_ptx/src11/CWrite$0 *)
  | CRead2 (* compile_src11_ptx/src11/CRead$2 *)
  | CWrite1 (* compile_src11_ptx/src11/CWrite$1 *).
Scheme Equality for atom.

#[global] Program Instance atom_finite : Finite atom := {|
  fin_enum := [Scope0; Scope1; Scope2; Thread0; Thread1; Thread2; Read0; Read1; FenceSC0; FenceSC1;
               Read2; FenceSC2; Write0; FenceSC3; Write1; FenceSC4; Address0; Address1; CScope0;
               CScope1; CScope2; CThread0; CThread1; CThread2; CAddress0; CAddress1; ONA0; ORLX0;
               OACQ0; OREL0; OACQREL0; OSC0; CRead0; CRead1; CWrite0; CRead2; CWrite1];
  fin_eqb := atom_beq |}.
Next Obligation. split; [apply internal_atom_dec_bl | apply internal_atom_dec_lb]. Qed.
Next Obligation. destruct a; simpl; repeat first [left; reflexivity | right]. Qed.

Definition inst_compile_src11_ptx_module : compile_src11_ptx_Inst atom :=
  @mk_compile_src11_ptx_Inst atom.

Definition inst_util_module : util_Inst atom :=
  @mk_util_Inst atom.

Definition inst_ptx_module : ptx_Inst atom :=
  @mk_ptx_Inst atom
    (mem1 [Scope0; Scope1; Scope2; Thread0; Thread1; Thread2])
    (mem2 [(Scope0, Thread2); (Scope1, Thread0); (Scope1, Thread1); (Scope2, Scope0);
           (Scope2, Scope1)])
    (mem1 [Thread0; Thread1; Thread2])
    (mem1 [Read0; Read1; FenceSC0; FenceSC1; Read2; FenceSC2; Write0; FenceSC3; Write1; FenceSC4])
    (mem2 [(Read0, Thread2); (Read1, Thread2); (FenceSC0, Thread2); (FenceSC1, Thread2);
           (Read2, Thread1); (FenceSC2, Thread1); (Write0, Thread1); (FenceSC3, Thread1);
           (Write1, Thread0); (FenceSC4, Thread0)])
    (mem2 [(Read1, Read0); (Read1, FenceSC1); (FenceSC0, Read0); (FenceSC0, Read1);
           (FenceSC0, FenceSC1); (FenceSC1, Read0); (FenceSC2, Read2); (Write0, Read2);
           (Write0, FenceSC2); (FenceSC3, Read2); (FenceSC3, FenceSC2); (FenceSC3, Write0);
           (FenceSC4, Write1)])
    (mem2 [(Read0, Scope2); (Read1, Scope2); (FenceSC0, Scope2); (FenceSC1, Scope2);
           (Read2, Scope1); (FenceSC2, Scope1); (Write0, Scope2); (FenceSC3, Scope2);
           (Write1, Scope2); (FenceSC4, Scope2)])
    (mem1 [Address0; Address1])
    (mem1 [Read0; Read1; Read2; Write0; Write1])
    (mem2 [(Read0, Address1); (Read1, Address0); (Read2, Address0); (Write0, Address1);
           (Write1, Address0)])
    (mem1 [Read0; Read1; Read2])
    (mem2 [])
    (mem2 [])
    (mem1 [Write0; Write1])
    (mem2 [(Write1, Read1)])
    (mem2 [])
    (mem1 [])
    (mem1 [Read0; Read1; Read2])
    (mem1 [Write0; Write1])
    (mem1 [FenceSC0; FenceSC1; FenceSC2; FenceSC3; FenceSC4])
    (mem1 [])
    (mem1 [])
    (mem1 [])
    (mem1 [FenceSC0; FenceSC1; FenceSC2; FenceSC3; FenceSC4])
    (mem2 [(FenceSC0, FenceSC1); (FenceSC3, FenceSC0); (FenceSC3, FenceSC1); (FenceSC3, FenceSC2);
           (FenceSC4, FenceSC0); (FenceSC4, FenceSC1); (FenceSC4, FenceSC2); (FenceSC4, FenceSC3)])
    (mem1 [])
    (mem2 []).

Definition inst_src11_module : src11_Inst atom :=
  @mk_src11_Inst atom
    (mem1 [CScope0; CScope1; CScope2; CThread0; CThread1; CThread2])
    (mem2 [(CScope0, CThread2); (CScope1, CThread0); (CScope1, CThread1); (CScope2, CScope0);
           (CScope2, CScope1)])
    (mem2 [(CScope0, Scope0); (CScope1, Scope1); (CScope2, Scope2); (CThread0, Thread1);
           (CThread1, Thread0); (CThread2, Thread2)])
    (mem1 [CThread0; CThread1; CThread2])
    (mem1 [CAddress0; CAddress1])
    (mem2 [(CAddress0, Address1); (CAddress1, Address0)])
    (mem1 [ONA0; ORLX0; OACQ0; OREL0; OACQREL0; OSC0])
    (mem1 [ONA0])
    (mem1 [ORLX0])
    (mem1 [OACQ0])
    (mem1 [OREL0])
    (mem1 [OACQREL0])
    (mem1 [OSC0])
    (mem1 [CRead0; CRead1; CWrite0; CRead2; CWrite1])
    (mem2 [(CRead0, CThread2); (CRead1, CThread2); (CWrite0, CThread1); (CRead2, CThread0);
           (CWrite1, CThread0)])
    (mem2 [(CRead1, CRead0); (CWrite1, CRead2)])
    (mem2 [(CRead0, CScope2); (CRead1, CScope2); (CWrite0, CScope2); (CRead2, CScope1);
           (CWrite1, CScope2)])
    (mem2 [(CRead0, OSC0); (CRead1, OSC0); (CWrite0, OSC0); (CRead2, OSC0); (CWrite1, OSC0)])
    (mem2 [(CRead0, Read0); (CRead0, FenceSC1); (CRead1, Read1); (CRead1, FenceSC0);
           (CWrite0, Write1); (CWrite0, FenceSC4); (CRead2, Read2); (CRead2, FenceSC2);
           (CWrite1, Write0); (CWrite1, FenceSC3)])
    (mem1 [CRead0; CRead1; CWrite0; CRead2; CWrite1])
    (mem2 [(CRead0, CAddress0); (CRead1, CAddress1); (CWrite0, CAddress1); (CRead2, CAddress1);
           (CWrite1, CAddress0)])
    (mem1 [CRead0; CRead1; CRead2])
    (mem2 [])
    (mem1 [CWrite0; CWrite1])
    (mem2 [(CWrite0, CRead1)])
    (mem2 [])
    (mem1 []).

Definition inst : Instance atom :=
  @mkInstance atom
    inst_compile_src11_ptx_module
    inst_util_module
    inst_ptx_module
    inst_src11_module.

