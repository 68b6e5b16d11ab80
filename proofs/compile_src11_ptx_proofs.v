(* Proofs for the Alloy model compile_src11_ptx (compile_src11_ptx.als).
   Created once by `relprove export --coq`; relprove never overwrites this
   file, so edit it freely. Each check of the model has a theorem below:
   replace `Abort.` by a proof ending in `Qed.`. *)
Require Import Relprove.Relprove.
Require Import compile_src11_ptx.

(* check src11_ptx_coherence for 4 expect 0
   Proved for every size: mapping_coherence.src11_ptx_coherence_holds. *)
Theorem src11_ptx_coherence_holds : src11_ptx_coherence_statement.
Proof.
  unfold src11_ptx_coherence_statement; intros A i Hfacts.
  unfold compile_src11_ptx_facts in Hfacts.
Abort.

(* check src11_ptx_atomicity for 4 expect 0
   Proved for every size: mapping_atomicity.src11_ptx_atomicity_holds. *)
Theorem src11_ptx_atomicity_holds : src11_ptx_atomicity_statement.
Proof.
  unfold src11_ptx_atomicity_statement; intros A i Hfacts.
  unfold compile_src11_ptx_facts in Hfacts.
Abort.

(* check src11_ptx_sc for 4 expect 0
   FALSE beyond the check's bound: a race-free 5-access RWC program with one
   cta-scoped SC read is compiled by Fig. 11 to a PTX program whose legal
   execution reads back to a psc cycle (models/litmus/
   compile_src11_ptx_sc_scoped_cex.als, `run rwc_cta_breaks_sc ... expect 1`;
   proofs/README.md). What is proved: SC when every SC event is a fence
   (mapping_sc_order.sc_holds_without_sc_accesses) and when the SC events are
   pairwise scope-inclusive (mapping_sc_edges.sc_holds_when_sc_events_pairwise_incl). *)
Theorem src11_ptx_sc_holds : src11_ptx_sc_statement.
Proof.
  unfold src11_ptx_sc_statement; intros A i Hfacts.
  unfold compile_src11_ptx_facts in Hfacts.
Abort.

(* check compile_src11_ptx_nonta_legal for 4 expect 0
   False beyond the check's bound, for the same counterexample (its SC part). *)
Theorem compile_src11_ptx_nonta_legal_holds : compile_src11_ptx_nonta_legal_statement.
Proof.
  unfold compile_src11_ptx_nonta_legal_statement; intros A i Hfacts.
  unfold compile_src11_ptx_facts in Hfacts.
Abort.

(* check src11_ptx_no_thin_air for 4 expect 1
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: a finite atom type A and an
   Instance A satisfying compile_src11_ptx_facts). *)
Theorem src11_ptx_no_thin_air_fails : ~ src11_ptx_no_thin_air_statement.
Proof.
  unfold src11_ptx_no_thin_air_statement; intro H.
Abort.
