(* {{command}}
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: a finite atom type A and an
   Instance A satisfying {{facts}}). *)
Theorem {{name}} : ~ {{statement}}.
Proof.
  unfold {{statement}}; intro H.
Abort.
