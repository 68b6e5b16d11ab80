// `util/ordering` over an abstract sig of four `one` children (issue 25):
// rule 3a sizes A from its children (4), then rule 6 makes it exact.
open util/ordering[A] as ord

abstract sig A {}
one sig A1, A2, A3, A4 extends A {}

run ordered { #A = 4 and ord/first in A and #ord/next = 3 } for 3 expect 1
check total { all x: A | x = ord/first or x in ord/first.^(ord/next) } for 3 expect 0
