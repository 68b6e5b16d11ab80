(* Proofs for the Alloy model family (tests/fixtures/family.als), over the
   definitions relprove exported into family.v. Created by
   `relprove export --coq` as a skeleton; the proofs are by hand. *)
Require Import Relprove.Relprove.
Require Import family.

(* check no_self_parent for 4
   The fact `acyclic` (no p: Person | p in p.^parent) rules out p.parent = p. *)
Theorem no_self_parent_holds : no_self_parent_statement.
Proof.
  unfold no_self_parent_statement; intros A i Hfacts.
  destruct Hfacts as (_ & _ & Hacyclic).
  unfold fact_acyclic in Hacyclic.
  intros [p [Hp Hsame]]; apply Hacyclic; exists p; split; [exact Hp | ].
  rel_crush.
Qed.

(* check ancestors_trans for 4
   p.^parent.^parent in p.^parent: transitivity of the closure; needs no fact. *)
Theorem ancestors_trans_holds : ancestors_trans_statement.
Proof.
  unfold ancestors_trans_statement; intros A i _ p _.
  unfold ancestors; rel_crush.
  eauto using closure_trans_pt.
Qed.

(* check { all p: Person | lone p.parent && #p.parent =< 1 } for 3
   Both conjuncts are the declaration `parent: lone Person`. *)
Theorem check_3_holds : check_3_statement.
Proof.
  unfold check_3_statement; intros A i Hfacts p Hp.
  destruct Hfacts as (_ & Hfields & _); unfold fields in Hfields.
  destruct Hfields as (_ & Hparent & _).
  specialize (Hparent p Hp) as [_ Hlone]; split; exact Hlone.
Qed.
