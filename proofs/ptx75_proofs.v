(* Proofs for the Alloy model ptx75 (ptx75.als).
   Created once by `relprove export --coq`; relprove never overwrites this
   file, so edit it freely. Each check of the model has a theorem below:
   replace `Abort.` by a proof ending in `Qed.`. *)
Require Import Relprove.Relprove.
Require Import ptx75.


