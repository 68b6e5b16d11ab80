(** * Relprove.Tactics — from relational goals to first-order ones.

    [rel_unfold] unfolds every operator of [Relprove.Rel] applied at a
    concrete arity (as in generated code), in the goal and all hypotheses,
    leaving quantifiers, connectives and the atoms' equalities.
    [rel_crush] does that and then tries [firstorder], with closure
    constructors and [subst] as helpers. *)

Require Import Relprove.Rel.

Ltac rel_unfold :=
  unfold one, same, rclosure, override, domr, ite in *;
  unfold no, some, dom, iden, transpose, single in *;
  cbn [incl union inter diff none univ nonempty pand rex join product
       ranr lone Nat.add] in *.

(** Destruct conjunctions, existentials and singleton equalities in the
    hypotheses. *)
Ltac rel_destruct :=
  repeat match goal with
  | H : _ /\ _ |- _ => destruct H
  | H : exists _, _ |- _ => destruct H
  | H : True |- _ => clear H
  | H : ?x = ?y |- _ => first [subst x | subst y]
  end.

Create HintDb relprove.
#[export] Hint Constructors closure : relprove.

Ltac rel_crush :=
  rel_unfold; intros; rel_destruct;
  firstorder (subst; eauto with relprove).
