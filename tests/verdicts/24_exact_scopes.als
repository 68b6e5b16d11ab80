// `exactly` scopes and subsig scopes.
sig A {}
sig B extends A {}

run exactlyTwo { #A = 2 } for exactly 2 A expect 1

run notThree { #A = 3 } for 3 but exactly 2 A expect 0

// B is inside A; A has at most 1 atom and B exactly 1, so A = B.
run bIsA { #B = 1 and #A = 1 } for 3 but exactly 1 B, 1 A expect 1

// exactly 2 A excludes an empty A.
run emptyA { no A } for 3 but exactly 2 A expect 0

assert subsigSmaller { #B =< #A }
check subsigSmaller for 3 expect 0
