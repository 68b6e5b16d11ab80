(* Proofs for the Alloy model compile_src11_ptx (compile_src11_ptx.als).
   Created once by `relprove export --coq`; relprove never overwrites this
   file, so edit it freely. Each check of the model has a theorem below:
   replace `Abort.` by a proof ending in `Qed.`. *)
Require Import Relprove.Relprove.
Require Import compile_src11_ptx.
Require mapping_coherence mapping_atomicity theorem3_refutation no_thin_air_instance.

(* check src11_ptx_coherence for 4 expect 0
   Theorem 1, proved for every size in mapping_coherence.v. *)
Theorem src11_ptx_coherence_holds : src11_ptx_coherence_statement.
Proof. exact mapping_coherence.src11_ptx_coherence_holds. Qed.

(* check src11_ptx_atomicity for 4 expect 0
   Theorem 2, proved for every size in mapping_atomicity.v. *)
Theorem src11_ptx_atomicity_holds : src11_ptx_atomicity_statement.
Proof. exact mapping_atomicity.src11_ptx_atomicity_holds. Qed.

(* check src11_ptx_sc for 4 expect 0
   FALSE beyond the check's bound: a race-free 5-access RWC program with one
   cta-scoped SC read is compiled by Fig. 11 to a PTX program whose legal
   execution reads back to a psc cycle (models/litmus/
   compile_src11_ptx_sc_scoped_cex.als, `run rwc_cta_breaks_sc ... expect 1`;
   proofs/README.md). What is proved: SC when every SC event is a fence
   (mapping_sc_order.sc_holds_without_sc_accesses) and when the SC events are
   pairwise scope-inclusive (mapping_sc_edges.sc_holds_when_sc_events_pairwise_incl).
   The check's own bound has no counterexample (10 PTX events are needed), so
   the skeleton `src11_ptx_sc_holds` is replaced by its negation, proved in
   theorem3_refutation.v from relprove's counterexample (rwc_cta_instance.v). *)
Theorem src11_ptx_sc_fails : ~ src11_ptx_sc_statement.
Proof. exact theorem3_refutation.src11_ptx_sc_false. Qed.

(* check compile_src11_ptx_nonta_legal for 4 expect 0
   False beyond the check's bound, for the same counterexample (its SC part). *)
Theorem compile_src11_ptx_nonta_legal_fails : ~ compile_src11_ptx_nonta_legal_statement.
Proof. exact theorem3_refutation.compile_src11_ptx_nonta_legal_false. Qed.

(* check src11_ptx_no_thin_air for 4 expect 1
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: a finite atom type A and an
   Instance A satisfying compile_src11_ptx_facts).
   The LB counterexample, written by `relprove check models/compile_src11_ptx.als
   -c src11_ptx_no_thin_air --format coq` (no_thin_air_instance.v). *)
Theorem src11_ptx_no_thin_air_fails : ~ src11_ptx_no_thin_air_statement.
Proof. exact no_thin_air_instance.src11_ptx_no_thin_air_fails. Qed.
