import Relprove
import {{definitions}}

open Relprove {{definitions}}

/- Proofs for the Alloy model {{model}} ({{source}}).
   Created once by `relprove export --lean`; relprove never overwrites this
   file, so edit it freely. Each check of the model has a theorem below:
   replace `sorry` by a proof (the laws of `Relprove.Laws` are equations,
   usable with `rw` and `simp only`). -/

{{theorems}}
