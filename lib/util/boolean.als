module util/boolean

-- relprove's own version of Alloy's boolean module: two atoms standing for
-- truth values, and the connectives over them.

abstract sig Bool {}
one sig True, False extends Bool {}

pred isTrue [b: Bool] { b in True }
pred isFalse [b: Bool] { b in False }

fun Not [b: Bool] : Bool { Bool - b }
fun And [b1, b2: Bool] : Bool { False in b1 + b2 => False else True }
fun Or [b1, b2: Bool] : Bool { True in b1 + b2 => True else False }
fun Xor [b1, b2: Bool] : Bool { b1 = b2 => False else True }
fun Nand [b1, b2: Bool] : Bool { Not[And[b1, b2]] }
fun Nor [b1, b2: Bool] : Bool { Not[Or[b1, b2]] }
