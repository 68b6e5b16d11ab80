/- {{command}} -/
theorem {{name}} : {{statement}} := by
  intro A i hfacts
  sorry
