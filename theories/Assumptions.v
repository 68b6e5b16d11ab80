(** The axioms the library depends on: run by `make` (its output is in the
    build log). Only [Laws.union_diff_inter], [Laws.union_diff_cancel],
    [Laws.not_no_some] and [Laws.incl_diff_none] may show
    [Classical_Prop.classic]; every other lemma must be closed. *)
Require Import Relprove.Relprove Relprove.RA.
Print Assumptions join_assoc.
Print Assumptions closure_idem.
Print Assumptions transpose_closure.
Print Assumptions rclosure_idem.
Print Assumptions closure_hrel_itr.
Print Assumptions rclosure_join_rclosure.
Print Assumptions union_diff_inter.
