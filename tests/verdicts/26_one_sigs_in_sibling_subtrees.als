// `one` sigs under different children of an abstract sig must get distinct
// atoms (regression: both once took the first atom of Event's pool, making
// every command on this model unsatisfiable).
abstract sig Event {}
sig Read, Write extends Event {}
one sig A extends Write {}
one sig B extends Read {}

// A and B are disjoint singletons: needs 2 of the 3 Event atoms.
run fits {} for 3 expect 1
// With 2 Events, A and B use both, so Write has no other atom.
run no_room { some Write - A } for 2 expect 0
// With 3 Events, the third can be another Write.
run room { some Write - A } for 3 expect 1
// A and B are never the same atom.
check distinct { no A & B } for 3 expect 0
// Read and Write partition Event (abstract), so #Event = #Read + #Write.
check partitioned { #Event = plus[#Read, #Write] } for 3 expect 0
