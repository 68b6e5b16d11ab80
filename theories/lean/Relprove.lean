import Relprove.Rel
import Relprove.Laws

-- Relprove: everything the Lean files `relprove export --lean` generates
-- need (Lean 4 core only).
