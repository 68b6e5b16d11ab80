// Field declaration multiplicities lone / one / some.
sig P { f: lone P, g: one P, h: some P }

assert fLone { all p: P | lone p.f }
check fLone expect 0

assert gOne { all p: P | one p.g }
check gOne expect 0

assert hSome { all p: P | some p.h }
check hSome expect 0

// p.g = q.g = p for two distinct p, q.
assert gInjective { all disj p, q: P | p.g != q.g }
check gInjective expect 1

run hEverything { #P = 3 and (some p: P | p.h = P) } expect 1

// g is total: some P forces some g.
run noG { some P and no g } expect 0
