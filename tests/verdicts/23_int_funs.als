// Integer parameters, results and if-then-else on integers.
sig N { v: one Int }
fact small { all n: N | n.v > -5 and n.v < 5 }
fun abs[x: Int]: Int { x < 0 => minus[0, x] else x }

// |v| for v in -4 .. 4 is within 0 .. 4 (no overflow). Valid.
assert absNonNegative { all n: N | abs[n.v] >= 0 }
check absNonNegative expect 0

// v = -4 gives 4.
run absFour { some n: N | abs[n.v] = 4 } expect 1

// |v| =< 4 < 5.
run absFive { some n: N | abs[n.v] = 5 } expect 0
