/- {{command}}
   Alloy expects a counterexample: the assertion fails in some instance, so
   its negation is provable (give the instance: an atom type A and an
   Instance A satisfying {{facts}}). -/
theorem {{name}} : ¬ {{statement}} := by
  intro h
  sorry
