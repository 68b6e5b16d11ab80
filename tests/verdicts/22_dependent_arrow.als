// A ternary field with a multiplicity inside the arrow: each a maps every b
// to exactly one c.
sig A { rel: B -> one C }
sig B {}
sig C {}

assert total { all a: A, b: B | one b.(a.rel) }
check total expect 0

// Some A and some B force some C.
run noC { some A and some B and no C } expect 0

// With no B the relation can be empty.
run noBnoC { some A and no B and no C } expect 1

// Two As may choose differently: a0 maps b0 to c0, a1 maps b0 to c1.
run differ { some disj a1, a2: A | a1.rel != a2.rel } expect 1
