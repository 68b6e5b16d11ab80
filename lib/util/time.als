module util/time

-- relprove's own version of Alloy's util/time: an ordered sig Time and the
-- macros that make a relation time-dependent. Written for relprove from the
-- documented meaning of the module.

open util/ordering[Time] as timeord

sig Time {}

-- x at every time: exactly one value per time, or a set per time
let dynamic[x] = x one -> Time
let dynamicSet[x] = x -> Time

-- a then b: a from t to some x, b from x to t"
let then[a, b, t, t"] { some x: Time | a[t, x] and b[x, t"] }

-- while cond do body, from t to t": each round applies body where cond
-- holds at its start and stays put where it does not; after the last
-- round cond must be false. whileN allows N rounds; while is while3.
let while = while3
let while0[cond, body, t, t"] { not cond[t] and t = t" }
let while1[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while0[cond, body, x, t"] }
let while2[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while1[cond, body, x, t"] }
let while3[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while2[cond, body, x, t"] }
let while4[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while3[cond, body, x, t"] }
let while5[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while4[cond, body, x, t"] }
let while6[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while5[cond, body, x, t"] }
let while7[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while6[cond, body, x, t"] }
let while8[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while7[cond, body, x, t"] }
let while9[cond, body, t, t"] { some x: Time | (cond[t] => body[t, x] else t = x) and while8[cond, body, x, t"] }
