(* Proofs for the Alloy model compile_src11_cmm (compile_src11_cmm.als).
   Created once by `relprove export --coq`; relprove never overwrites this
   file, so edit it freely. Each check of the model has a theorem below:
   replace `Abort.` by a proof ending in `Qed.`. *)
Require Import Relprove.Relprove.
Require Import compile_src11_cmm.
Require cmm_atomicity_printed_instance cmm_coherence_printed_instance cmm_sc_refutation.

(* check src11_cmm_coherence for 4 expect 0 *)
Theorem src11_cmm_coherence_holds : src11_cmm_coherence_statement.
Proof.
  unfold src11_cmm_coherence_statement; intros A i Hfacts.
  unfold compile_src11_cmm_facts in Hfacts.
Abort.

(* check src11_cmm_atomicity for 4 expect 0 *)
Theorem src11_cmm_atomicity_holds : src11_cmm_atomicity_statement.
Proof.
  unfold src11_cmm_atomicity_statement; intros A i Hfacts.
  unfold compile_src11_cmm_facts in Hfacts.
Abort.

(* check src11_cmm_sc for 4 expect 0
   FALSE beyond the check's bound: a race-free W+RW+WR program of 5 SC
   accesses on the GPU, one of them at cta scope, is compiled by Fig. 13
   (trailing fence.sc) to a legal execution that reads back to an
   [incl] ∩ psc cycle (models/litmus/compile_src11_cmm_sc_scoped_cex.als,
   10 hardware events). The skeleton `src11_cmm_sc_holds` is replaced by its
   negation, proved in cmm_sc_refutation.v from relprove's counterexample. *)
Theorem src11_cmm_sc_fails : ~ src11_cmm_sc_statement.
Proof. exact cmm_sc_refutation.src11_cmm_sc_false. Qed.

(* check compile_src11_cmm_legal for 4 expect 0
   False for the same counterexample (its SC part). *)
Theorem compile_src11_cmm_legal_fails : ~ compile_src11_cmm_legal_statement.
Proof. exact cmm_sc_refutation.compile_src11_cmm_legal_false. Qed.

(* check src11_cmm_atomicity_printed for 4 expect 1
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: a finite atom type A and an
   Instance A satisfying compile_src11_cmm_facts).
   Written by `relprove check models/compile_src11_cmm.als
   -c src11_cmm_atomicity_printed --format coq` (cmm_atomicity_printed_instance.v). *)
Theorem src11_cmm_atomicity_printed_fails : ~ src11_cmm_atomicity_printed_statement.
Proof. exact cmm_atomicity_printed_instance.src11_cmm_atomicity_printed_fails. Qed.

(* check src11_cmm_coherence_printed for 4 expect 1
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: a finite atom type A and an
   Instance A satisfying compile_src11_cmm_facts).
   Written by `relprove check models/compile_src11_cmm.als
   -c src11_cmm_coherence_printed --format coq` (cmm_coherence_printed_instance.v). *)
Theorem src11_cmm_coherence_printed_fails : ~ src11_cmm_coherence_printed_statement.
Proof. exact cmm_coherence_printed_instance.src11_cmm_coherence_printed_fails. Qed.
