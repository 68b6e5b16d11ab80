// Arrows associate to the right (issue 25): `A -> B one -> B` is
// `A -> (B one -> B)`: for each a, R.r[a] is a relation in which every b
// has exactly one predecessor. Read the wrong way, `(A -> B) one -> B`,
// every b would have exactly one (a, b') pair in front of it overall.
sig A {}
sig B {}
one sig R { r: A -> B one -> B }

check perA { all a: A, b: B | one R.r.b[a] } for 3 expect 0
// With two A's, some b has two (a, b') pairs in front of it: impossible
// under the wrong reading.
run twoPairs { #A = 2 and some b: B | #R.r.b = 2 } for 3 expect 1

// A right multiplicity on the first arrow constrains the nested relation
// as a whole: `A -> one (B -> B)` says each a maps to exactly one pair.
one sig S { s: A -> one (B -> B) }
check onePair { all a: A | one a.(S.s) } for 3 expect 0
