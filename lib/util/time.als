module util/time

-- relprove's own version of Alloy's util/time: an ordered sig Time and the
-- macros that make a relation time-dependent. Written for relprove from the
-- documented meaning of the module (its `while` macros are not provided).

open util/ordering[Time] as timeord

sig Time {}

-- x at every time: exactly one value per time, or a set per time
let dynamic[x] = x one -> Time
let dynamicSet[x] = x -> Time

-- a then b: a from t to some x, b from x to t"
let then[a, b, t, t"] { some x: Time | a[t, x] and b[x, t"] }
