// `one -> one` arrow multiplicities make a bijection.
sig A {}
sig B {}
one sig Map { m: A one -> one B }

// Map.m pairs every A with exactly one B and every B with exactly one A,
// so the two sets have the same size. Valid.
assert sameSize { #A = #B }
check sameSize for 3 expect 0

// a0 <-> b0, a1 <-> b1.
run twoEach { #A = 2 } for 3 expect 1

// Impossible: a bijection between sets of sizes 2 and 3.
run unequal { #A = 2 and #B = 3 } for 3 expect 0

// The inverse of a bijection is a function from B.
assert inverseFunction { all b: B | one Map.m.b }
check inverseFunction for 3 expect 0
