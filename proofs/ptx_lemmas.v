(* Hand proofs of simple properties of the PTX model (models/ptx.als), stated
   and proved over the definitions relprove exported into ptx.v. Each
   theorem holds for every instance satisfying the model's facts, at every
   size. *)
Require Import Relprove.Relprove.
Require Import util_module ptx.

(* Name the facts of the model. *)
Ltac ptx_facts H :=
  unfold ptx_facts in H;
  destruct H as (Hhier & Hfields & _ & Hscope_tree & Hpo & Hscopes & Hrf & Hco & Hdep
                 & Hatomics & Hsc & Hbarriers).

Section Ptx.
Variable A : Type.
Variable i : Instance A.

(* loc = addr.~addr is symmetric (no fact needed). *)
Theorem loc_symmetric : same 2 (loc i) (transpose (loc i)).
Proof. unfold loc; rel_crush. Qed.

(* same_thread is symmetric. *)
Theorem same_thread_symmetric : same 2 (same_thread i) (transpose (same_thread i)).
Proof. unfold same_thread; rel_crush. Qed.

(* po_loc in po. *)
Theorem po_loc_in_po : incl 2 (po_loc i) (po i).
Proof. unfold po_loc; rel_crush. Qed.

(* po_loc in loc. *)
Theorem po_loc_in_loc : incl 2 (po_loc i) (loc i).
Proof. unfold po_loc; rel_crush. Qed.

(* The facts make po irreflexive and transitive. *)
Theorem po_irreflexive : ptx_facts i -> no 2 (inter 2 iden (po i)).
Proof.
  intro H; ptx_facts H.
  destruct Hpo as (_ & [Hirr _] & _); exact Hirr.
Qed.

Theorem po_transitive : ptx_facts i -> incl 2 (join 1 1 (po i) (po i)) (po i).
Proof.
  intro H; ptx_facts H.
  destruct Hpo as (_ & [_ Htrans] & _); exact Htrans.
Qed.

(* rmw relates events of one thread, in program order, at one location. *)
Theorem rmw_in_po : ptx_facts i -> incl 2 (rmw i) (po i).
Proof.
  intro H; ptx_facts H.
  destruct Hatomics as (Hrmw & _).
  intros x y Hxy; destruct (Hrmw x y Hxy) as [[Hpo_xy _] _]; exact Hpo_xy.
Qed.

Theorem rmw_in_loc : ptx_facts i -> incl 2 (rmw i) (loc i).
Proof.
  intro H; ptx_facts H.
  destruct Hatomics as (Hrmw & _).
  intros x y Hxy; destruct (Hrmw x y Hxy) as [_ Hloc]; exact Hloc.
Qed.

Theorem rmw_in_same_thread : ptx_facts i -> incl 2 (rmw i) (same_thread i).
Proof.
  intro H; pose proof (rmw_in_po H) as Hrmw; ptx_facts H.
  destruct Hpo as (Hpo_st & _).
  intros x y Hxy; apply Hpo_st, Hrmw, Hxy.
Qed.

(* dep in po (fact dependencies) and hence dep is irreflexive. *)
Theorem dep_irreflexive : ptx_facts i -> no 2 (inter 2 iden (dep i)).
Proof.
  intro H; pose proof (po_irreflexive H) as Hirr; ptx_facts H.
  unfold fact_dependencies in Hdep.
  unfold no in *; cbn in *.
  intros (x & y & Heq & Hd); apply Hirr; exists x, y; split; [exact Heq | apply Hdep, Hd].
Qed.

(* A read reads from at most one write. *)
Theorem rf_functional : ptx_facts i -> forall w w' r, rf i w r -> rf i w' r -> w = w'.
Proof.
  intro H; ptx_facts H.
  destruct Hrf as [_ Hfun].
  intros w w' r H1 H2; apply (Hfun w w'); exists r; split; assumption.
Qed.

(* co is irreflexive. *)
Theorem co_irreflexive : ptx_facts i -> no 2 (inter 2 iden (co i)).
Proof.
  intro H; ptx_facts H.
  destruct Hco as (_ & [Hirr _] & _); exact Hirr.
Qed.

(* bsync relates morally strong events of different threads (fact
   barriers). It is not symmetric: `bar.arrive` and barriers with thread
   counts order one way only (models/ptx.als). *)
Theorem bsync_in_ms_other_thread :
  ptx_facts i -> incl 2 (bsync i) (diff 2 (ms i) (same_thread i)).
Proof.
  intro H; ptx_facts H.
  destruct Hbarriers as (_ & Hms); exact Hms.
Qed.

End Ptx.
