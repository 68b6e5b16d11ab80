// one / lone / no quantifiers (Alloy counts satisfying bindings).
sig A { r: set A }

run exactlyOneLoop { #A = 3 and (one a: A | a in a.r) } expect 1

assert noImpliesLone { (no a: A | a in a.r) implies (lone a: A | a in a.r) }
check noImpliesLone expect 0

assert oneImpliesSome { (one a: A | a in a.r) implies (some a: A | a in a.r) }
check oneImpliesSome expect 0

// With no loops at all, `lone` holds and `one` does not.
assert loneImpliesOne { (lone a: A | a in a.r) implies (one a: A | a in a.r) }
check loneImpliesOne expect 1

// `one x, y: A | F` means exactly one pair (x, y) satisfies F; pairs with
// y in x.r are exactly the tuples of r. Valid.
assert onePairIsOneTuple { (one x, y: A | y in x.r) iff #r = 1 }
check onePairIsOneTuple expect 0

// `all` over an empty set is true: no A at all is a model.
run emptyAll { no A and (all a: A | a in a.r) } expect 1
