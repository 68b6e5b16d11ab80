(* Proofs for the Alloy model compile_src11_ptx_sc_cover (compile_src11_ptx_sc_cover.als).
   Created once by `relprove export --coq`; relprove never overwrites this
   file, so edit it freely. Each check of the model has a theorem below:
   replace `Abort.` by a proof ending in `Qed.`. *)
Require Import Relprove.Relprove.
Require Import compile_src11_ptx_sc_cover.
Require mapping_sc_cover sc_cover_no_thin_air_instance.

(* check src11_ptx_coherence for 4 expect 0
   Theorems 1-3 and their conjunction hold for every size: mapping_sc_cover.v
   (fence-only programs are Fig. 11 instances; otherwise the C++ scope of
   each SC event is widened to the scope it is lowered at, which turns the
   instance into one of Fig. 11 whose SC events are pairwise
   scope-inclusive, and each axiom transfers back). *)
Theorem src11_ptx_coherence_holds : src11_ptx_coherence_statement.
Proof. exact mapping_sc_cover.cover_coherence_holds. Qed.

(* check src11_ptx_atomicity for 4 expect 0 *)
Theorem src11_ptx_atomicity_holds : src11_ptx_atomicity_statement.
Proof. exact mapping_sc_cover.cover_atomicity_holds. Qed.

(* check src11_ptx_sc for 4 expect 0 *)
Theorem src11_ptx_sc_holds : src11_ptx_sc_statement.
Proof. exact mapping_sc_cover.cover_sc_holds. Qed.

(* check compile_src11_ptx_nonta_legal for 4 expect 0 *)
Theorem compile_src11_ptx_nonta_legal_holds : compile_src11_ptx_nonta_legal_statement.
Proof. exact mapping_sc_cover.cover_nonta_legal_holds. Qed.

(* check src11_ptx_no_thin_air for 4 expect 1
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: a finite atom type A and an
   Instance A satisfying compile_src11_ptx_sc_cover_facts).
   The LB counterexample (no SC event), written by `relprove check
   models/compile_src11_ptx_sc_cover.als -c src11_ptx_no_thin_air --format coq`
   (sc_cover_no_thin_air_instance.v). *)
Theorem src11_ptx_no_thin_air_fails : ~ src11_ptx_no_thin_air_statement.
Proof. exact sc_cover_no_thin_air_instance.src11_ptx_no_thin_air_fails. Qed.
