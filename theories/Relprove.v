(** * Relprove — everything generated Coq files need. *)
Require Export Relprove.Rel Relprove.Tactics Relprove.Laws.
