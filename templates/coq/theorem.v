(* {{command}} *)
Theorem {{name}} : {{statement}}.
Proof.
  unfold {{statement}}; intros A i Hfacts.
  unfold {{facts}} in Hfacts.
Abort.
