// Algebraic laws of join over union and intersection.
sig A { r, s: set A }

assert joinAssoc { all x: A | x.(r.s) = (x.r).s }
check joinAssoc expect 0

assert unionDistributes { (r + s).r = r.r + s.r }
check unionDistributes expect 0

// (r & s).r is always within r.r & s.r, but not conversely:
// r = a->b, b->c, c->c and s = a->c give r.r & s.r = a->c, (r & s).r = none.
assert interDistributes { (r & s).r = r.r & s.r }
check interDistributes expect 1

assert interWithin { (r & s).r in r.r & s.r }
check interWithin expect 0
