// Cardinality and integer comparisons (default bitwidth 4: -8 .. 7).
sig S {}

run threeS { #S = 3 } expect 1

// The default scope is 3.
run fourS { #S = 4 } expect 0

run fourSBig { #S = 4 } for 4 expect 1

check cardNonNegative { #S >= 0 } expect 0

// #S =< 3 so #S + 1 =< 4: no overflow at bitwidth 4. Valid.
check plusGrows { plus[#S, 1] > #S } expect 0

// Bitwidth 3 (-4 .. 3): #S of 4 atoms wraps around to -4 (Alloy's
// two's-complement semantics), so a negative cardinality is possible.
run wraps { #S < 0 } for 4 but 3 Int expect 1

// With at most 3 atoms nothing wraps at bitwidth 3.
run noWrapSmall { #S < 0 } for 3 but 3 Int expect 0
