import Lake
open Lake DSL

-- The Relprove support library for `relprove export --lean` (Lean 4 core only).
package relprove

@[default_target]
lean_lib Relprove
