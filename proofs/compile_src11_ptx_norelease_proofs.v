(* Proofs for the Alloy model compile_src11_ptx_norelease (compile_src11_ptx_norelease.als).
   Created once by `relprove export --coq`; relprove never overwrites this
   file, so edit it freely. Each check of the model has a theorem below:
   replace `Abort.` by a proof ending in `Qed.`. *)
Require Import Relprove.Relprove.
Require Import compile_src11_ptx_norelease.
Require norelease_coherence_instance.

(* check norelease_coherence for 5 but 4 CEvent expect 1
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: a finite atom type A and an
   Instance A satisfying compile_src11_ptx_norelease_facts).
   4 C++ and 5 PTX events, written by `relprove check
   models/compile_src11_ptx_norelease.als -c norelease_coherence --format coq`
   (norelease_coherence_instance.v). *)
Theorem norelease_coherence_fails : ~ norelease_coherence_statement.
Proof. exact norelease_coherence_instance.norelease_coherence_fails. Qed.

(* no_cex_at_4: check norelease_coherence for 4 expect 0
   A claim about the bound only (no counterexample with 4 PTX events); the
   assertion is the one refuted above, so the skeleton `no_cex_at_4_holds`
   is false and is replaced by the refutation. *)
Theorem no_cex_at_4_fails : ~ norelease_coherence_statement.
Proof. exact norelease_coherence_fails. Qed.
