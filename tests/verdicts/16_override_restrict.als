// Override (++), domain (<:) and range (:>) restriction.
sig K {}
sig V {}
sig M { map: K -> lone V }

// The overridden key maps to the new value. Valid.
assert overrideKey { all m: M, k: K, v: V | k.(m.map ++ k -> v) = v }
check overrideKey expect 0

// Other keys are unchanged. Valid.
assert overrideOthers { all m: M, k, k2: K, v: V | k2 != k implies k2.(m.map ++ k -> v) = k2.(m.map) }
check overrideOthers expect 0

assert domRestrict { all m: M, k: K | (k <: m.map).V in k }
check domRestrict expect 0

assert ranRestrict { all m: M, v: V | K.(m.map :> v) in v }
check ranRestrict expect 0

// Counterexample: map = k -> v1, override with k -> v2 drops k -> v1,
// the union keeps it.
assert overrideIsUnion { all m: M, k: K, v: V | m.map ++ k -> v = m.map + k -> v }
check overrideIsUnion expect 1
